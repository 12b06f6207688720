"""Constant folding with the dtype's exact semantics.

Rules find ops whose operands are splat constants and ask for their value
(`Want1/2/3` rows); the engine computes it in Python with the interpreter's own
per-op semantics (`eqsat.egraph.fold`: integers wrap at their width, floats round
in their own precision) and answers in `fold1/2/3`; a second rule turns the answer
into a constant. Ops whose result is not fully specified (division by zero,
out-of-range shifts and conversions, approximate math, NaN results) are not folded.

Shape ops on splats and `select` on a constant condition need no arithmetic and
are plain rewrites. A `for` whose constant bounds give it no iteration is its inits:
its results are its inits and its body is empty (`eqsat.passes.cleanup` then drops
the loop). Left whole, it kept the token chain of ops that never run (later memory ops
waited for them) and decoding could move loop-invariant values out of it, where they
cost something every time. Both rules are proved in the ordering model
(rules/smt_tokens.py, which states what such a loop means).
"""
from __future__ import annotations

from eqsat.egraph import terms as T
from eqsat.egraph.egg import Vec, i64, union, var

from eqsat.rules.dsl import (RuleSet, infer, ints, rewrite, select, reshape, broadcast, iconst,
                             strs, terms, tys)

n, x, y, f, p = terms("n x y f p")
t, t1, t2, t3, tt = tys("t t1 t2 t3 tt")
a, b, c, r, at, k = ints("a b c r at k")
inits, body = (var(v, Vec[T.Term]) for v in ("inits", "body"))
nm, e1, e2, e3 = strs("nm e1 e2 e3")

FOLD = RuleSet("fold", doc="constant folding, constant shape changes, loops that never run")
FOLD.add(
    infer("fold-ask-1", n == T.Op1(nm, at, t, T.Const(t1, e1, a)),
          then=[T.Want1(nm, at, t, t1, a)]),
    infer("fold-ask-2", n == T.Op2(nm, at, t, T.Const(t1, e1, a), T.Const(t2, e2, b)),
          then=[T.Want2(nm, at, t, t1, a, b)]),
    infer("fold-ask-3", n == T.Op3(nm, at, t, T.Const(t1, e1, a), T.Const(t2, e2, b),
                                   T.Const(t3, e3, c)),
          then=[T.Want3(nm, at, t, t1, a, b, c)]),
    infer("fold-1", n == T.Op1(nm, at, t, T.Const(t1, e1, a)),
          T.fold1(nm, at, t, t1, a) == r, T.ty_elem(t) == e2,
          then=[union(n).with_(T.Const(t, e2, r))]),
    infer("fold-2", n == T.Op2(nm, at, t, T.Const(t1, e1, a), T.Const(t2, e2, b)),
          T.fold2(nm, at, t, t1, a, b) == r, T.ty_elem(t) == e3,
          then=[union(n).with_(T.Const(t, e3, r))]),
    infer("fold-3", n == T.Op3(nm, at, t, T.Const(t1, e1, a), T.Const(t2, e2, b),
                               T.Const(t3, e3, c)),
          T.fold3(nm, at, t, t1, a, b, c) == r,
          then=[union(n).with_(T.Const(t, e3, r))]),
    rewrite("reshape-splat", reshape(T.Const(t1, e1, a), ty=t), T.Const(t, e1, a)),
    rewrite("broadcast-splat", broadcast(T.Const(t1, e1, a), ty=t), T.Const(t, e1, a)),
    rewrite("select-true", select(iconst(1), x, y), x),
    rewrite("select-false", select(iconst(0), x, y), y),
)


def _idle_for(lb: i64, ub: i64, step: i64) -> T.Term:
    """A `for` whose constant bounds give it no iteration: lb >= ub with a positive step
    (bounds are integers, read as signed: the encoder takes no `unsigned` loop)."""
    return T.For(r, T.Const(t1, e1, lb), T.Const(t2, e2, ub), T.Const(t3, e3, step), inits,
                 body, tt)


FOLD.add(
    infer("for-idle-results", p == T.Proj(f, k, t), f == _idle_for(a, b, c), c > i64(0),
          a >= b, k < inits.length(), then=[union(p).with_(inits[k])],
          doc="a for whose constant bounds give it no iteration: result k is init k"),
    infer("for-idle-body", f == _idle_for(a, b, c), c > i64(0), a >= b,
          then=[union(f).with_(T.For(r, T.Const(t1, e1, a), T.Const(t2, e2, b),
                                     T.Const(t3, e3, c), inits, inits, tt))],
          doc="a for whose constant bounds give it no iteration does nothing: it is the "
              "same loop with an empty body, passing its inits on"),
)
