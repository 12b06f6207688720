"""Rules every run needs: each value's type and constant, read by the other rule sets."""
from __future__ import annotations

from eqsat.egraph import terms as T
from eqsat.egraph.analyses import cval, type_of
from eqsat.egraph.egg import set_

from eqsat.rules.dsl import RuleSet, infer, ints, strs, terms, tys

n, x, y, z, tok = terms("n x y z tok")
t, = tys("t")
a, r, b, i = ints("a r b i")
nm, e = strs("nm e")

CORE = RuleSet("core", doc="types and constants of every value")
CORE.add(
    infer("type-const", n == T.Const(t, e, b), then=[set_(type_of(n)).to(t), set_(cval(n)).to(b)]),
    infer("type-dense", n == T.ConstDense(t, b), then=[set_(type_of(n)).to(t)]),
    infer("type-param", n == T.Param(i, t), then=[set_(type_of(n)).to(t)]),
    infer("type-arg", n == T.Arg(r, i, t), then=[set_(type_of(n)).to(t)]),
    infer("type-op0", n == T.Op0(nm, a, t), then=[set_(type_of(n)).to(t)]),
    infer("type-op1", n == T.Op1(nm, a, t, x), then=[set_(type_of(n)).to(t)]),
    infer("type-op2", n == T.Op2(nm, a, t, x, y), then=[set_(type_of(n)).to(t)]),
    infer("type-op3", n == T.Op3(nm, a, t, x, y, z), then=[set_(type_of(n)).to(t)]),
    infer("type-proj", n == T.Proj(x, i, t), then=[set_(type_of(n)).to(t)]),
)
