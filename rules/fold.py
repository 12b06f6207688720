"""Constant folding with the dtype's exact semantics.

Rules find ops whose operands are splat constants and ask for their value
(`Want1/2/3` rows); the engine computes it in Python with the interpreter's own
per-op semantics (`eqsat.egraph.fold`: integers wrap at their width, floats round
in their own precision) and answers in `fold1/2/3`; a second rule turns the answer
into a constant. Ops whose result is not fully specified (division by zero,
out-of-range shifts and conversions, approximate math, NaN results) are not folded.

Shape ops on splats and `select` on a constant condition need no arithmetic and
are plain rewrites.
"""
from __future__ import annotations

from eqsat.egraph import terms as T
from eqsat.egraph.egg import union

from eqsat.rules.dsl import (RuleSet, infer, ints, rewrite, select, reshape, broadcast, iconst,
                             strs, terms, tys)

n, x, y = terms("n x y")
t, t1, t2, t3 = tys("t t1 t2 t3")
a, b, c, r, at = ints("a b c r at")
nm, e1, e2, e3 = strs("nm e1 e2 e3")

FOLD = RuleSet("fold", doc="constant folding and constant shape changes")
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
