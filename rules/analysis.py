"""Propagation of the divisibility and bounds analyses, and the rewrites they enable.

Every fact derived here is true of every value in the class: divisibility goes
through multiplication (product), addition (minimum), shifts and sign extension;
bounds go through addition, subtraction and multiplication only when the result
provably stays inside the type's range (no wrap). All i64 arithmetic in these rules
is guarded so it cannot overflow (egglog aborts the run on an i64 overflow).
"""
from __future__ import annotations

from egglog import Vec, i64, set_, var

from eqsat.egraph import terms as T
from eqsat.egraph.analyses import DIV_CAP, div2, hi, lo, ty_max, ty_min, type_of

from .dsl import (RuleSet, addi, andi, attrs_of, broadcast, cmpi, divi, exti, iconst, infer,
                  ints, muli, offset, remi, reshape, rewrite, select, shli, strs, subi, terms,
                  tys)

n, x, y, z, c, s = terms("n x y z c s")
t, ti, tp = tys("t ti tp")
a, d1, d2, l1, l2, h1, h2, k, pb, mn, mx, r = ints("a d1 d2 l1 l2 h1 h2 k pb mn mx r")
e, = strs("e")
inits, body = var("inits", Vec[T.Term]), var("body", Vec[T.Term])

BIG = 1 << 40          # bounds beyond this are not combined (keeps i64 arithmetic safe)
SIGNED = attrs_of(signedness="signed")
UNSIGNED = attrs_of(signedness="unsigned")
_INT = ("i1", "i8", "i16", "i32", "i64")

ANALYSIS = RuleSet("analysis", doc="divisibility and bounds, and what they prove")


def _int_elem(e_var):
    return [e_var != "f16", e_var != "bf16", e_var != "f32", e_var != "f64", e_var != "tf32"]


# -- divisibility ----------------------------------------------------------------------------
ANALYSIS.add(
    infer("div-const", n == T.Const(t, e, k), k != 0, k > -BIG, k < BIG, *_int_elem(e),
          then=[set_(div2(n)).to(abs(k & (i64(0) - k)).min(DIV_CAP))]),
    infer("div-zero", n == T.Const(t, e, k), k == i64(0), *_int_elem(e),
          then=[set_(div2(n)).to(DIV_CAP)]),
    infer("div-muli", n == muli(x, y), div2(x) == d1, div2(y) == d2,
          then=[set_(div2(n)).to((d1 * d2).min(DIV_CAP))]),
    infer("div-muli-factor", n == muli(x, y), div2(y) == d2, then=[set_(div2(n)).to(d2)]),
    infer("div-addi", n == addi(x, y), div2(x) == d1, div2(y) == d2,
          then=[set_(div2(n)).to(d1.min(d2))]),
    infer("div-subi", n == subi(x, y), div2(x) == d1, div2(y) == d2,
          then=[set_(div2(n)).to(d1.min(d2))]),
    infer("div-shli", n == shli(x, T.Const(t, e, k)), div2(x) == d1, k >= 0, k < 31,
          then=[set_(div2(n)).to((d1 << k).min(DIV_CAP))]),
    infer("div-exti", n == exti(x), div2(x) == d1, then=[set_(div2(n)).to(d1)]),
    infer("div-reshape", n == reshape(x), div2(x) == d1, then=[set_(div2(n)).to(d1)]),
    infer("div-broadcast", n == broadcast(x), div2(x) == d1, then=[set_(div2(n)).to(d1)]),
    infer("div-assume", n == T.Op1("assume", a, t, x), div2(x) == d1,
          then=[set_(div2(n)).to(d1)]),
    infer("div-select", n == select(c, x, y), div2(x) == d1, div2(y) == d2,
          then=[set_(div2(n)).to(d1.min(d2))]),
    infer("div-offset", n == offset(x, y), div2(x) == d1, div2(y) == d2,
          type_of(x) == tp, T.ty_pointee_bytes(tp) == pb,
          then=[set_(div2(n)).to(d1.min((d2 * pb).min(DIV_CAP)))]),
    infer("div-iv", T.For(r, x, y, z, inits, body, t) == c, n == T.Arg(r, 0, ti),
          div2(x) == d1, div2(z) == d2, then=[set_(div2(n)).to(d1.min(d2))]),
)

# -- bounds (signed value ranges) ----------------------------------------------------------------
_SAFE = lambda *vs: [cond for v in vs for cond in (v > -BIG, v < BIG)]  # noqa: E731

ANALYSIS.add(
    infer("bounds-const", n == T.Const(t, e, k), e != "i1", *_int_elem(e),
          then=[set_(lo(n)).to(k), set_(hi(n)).to(k)]),
    infer("bounds-block-id", n == T.Proj(T.Op0("get_tile_block_id", a, tp), r, t),
          then=[set_(lo(n)).to(0)]),
    infer("bounds-num-blocks", n == T.Proj(T.Op0("get_num_tile_blocks", a, tp), r, t),
          then=[set_(lo(n)).to(1)]),
    infer("bounds-assume-lo", n == T.Op1("assume", a, t, x), lo(x) == l1,
          then=[set_(lo(n)).to(l1)]),
    infer("bounds-assume-hi", n == T.Op1("assume", a, t, x), hi(x) == h1,
          then=[set_(hi(n)).to(h1)]),
    infer("bounds-shape-lo", n == reshape(x), lo(x) == l1, then=[set_(lo(n)).to(l1)]),
    infer("bounds-shape-hi", n == reshape(x), hi(x) == h1, then=[set_(hi(n)).to(h1)]),
    infer("bounds-bcast-lo", n == broadcast(x), lo(x) == l1, then=[set_(lo(n)).to(l1)]),
    infer("bounds-bcast-hi", n == broadcast(x), hi(x) == h1, then=[set_(hi(n)).to(h1)]),
    infer("bounds-exti-lo", n == exti(x, attrs=SIGNED), lo(x) == l1, then=[set_(lo(n)).to(l1)]),
    infer("bounds-exti-hi", n == exti(x, attrs=SIGNED), hi(x) == h1, then=[set_(hi(n)).to(h1)]),
    infer("bounds-extu", n == exti(x, attrs=UNSIGNED), lo(x) == l1, hi(x) == h1, l1 >= 0,
          then=[set_(lo(n)).to(l1), set_(hi(n)).to(h1)]),
    infer("bounds-addi", n == addi(x, y, ty=t), lo(x) == l1, hi(x) == h1, lo(y) == l2,
          hi(y) == h2, ty_min(t) == mn, ty_max(t) == mx, *_SAFE(l1, h1, l2, h2),
          l1 + l2 >= mn, h1 + h2 <= mx,
          then=[set_(lo(n)).to(l1 + l2), set_(hi(n)).to(h1 + h2)]),
    infer("bounds-subi", n == subi(x, y, ty=t), lo(x) == l1, hi(x) == h1, lo(y) == l2,
          hi(y) == h2, ty_min(t) == mn, ty_max(t) == mx, *_SAFE(l1, h1, l2, h2),
          l1 - h2 >= mn, h1 - l2 <= mx,
          then=[set_(lo(n)).to(l1 - h2), set_(hi(n)).to(h1 - l2)]),
    infer("bounds-muli", n == muli(x, y, ty=t), lo(x) == l1, hi(x) == h1, lo(y) == l2,
          hi(y) == h2, ty_max(t) == mx, l1 >= 0, l2 >= 0, h1 < (1 << 31), h2 < (1 << 31),
          h1 * h2 <= mx,
          then=[set_(lo(n)).to(l1 * l2), set_(hi(n)).to(h1 * h2)]),
    infer("bounds-andi", n == andi(x, y), lo(y) == l2, hi(y) == h2, l2 >= 0,
          then=[set_(lo(n)).to(0), set_(hi(n)).to(h2)]),
    infer("bounds-iv", T.For(r, x, y, z, inits, body, t) == c, n == T.Arg(r, 0, ti),
          lo(x) == l1, lo(z) == l2, l2 > 0, then=[set_(lo(n)).to(l1)]),
    infer("bounds-iv-hi", T.For(r, x, y, z, inits, body, t) == c, n == T.Arg(r, 0, ti),
          hi(y) == h1, lo(z) == l2, l2 > 0, h1 > -BIG, then=[set_(hi(n)).to(h1 - 1)]),
)

# -- rewrites the analyses prove ------------------------------------------------------------------
_CMP = {  # predicate -> (holds when hi(x) < lo(y), holds when lo(x) >= hi(y))
    "less_than": (1, 0), "less_than_or_equal": (1, 0), "greater_than": (0, 1),
    "greater_than_or_equal": (0, 1), "not_equal": (1, 1), "equal": (0, 0),
}
for _pred, (_below, _above) in _CMP.items():
    for _sign in ("signed", "unsigned"):
        cond_sign = [] if _sign == "signed" else [l1 >= 0, l2 >= 0]
        attrs = attrs_of(predicate=_pred, signedness=_sign)
        # x entirely below y
        ANALYSIS.add(rewrite(
            f"cmpi-{_pred}-{_sign}-below", cmpi(x, y, ty=t, attrs=attrs), T.Const(t, "i1", _below),
            lo(x) == l1, hi(x) == h1, lo(y) == l2, hi(y) == h2, h1 < l2, *cond_sign))
        # x entirely above y (strictly for lt/gt/eq/ne, so use hi(y) < lo(x))
        ANALYSIS.add(rewrite(
            f"cmpi-{_pred}-{_sign}-above", cmpi(x, y, ty=t, attrs=attrs), T.Const(t, "i1", _above),
            lo(x) == l1, hi(x) == h1, lo(y) == l2, hi(y) == h2, h2 < l1, *cond_sign))

ANALYSIS.add(
    rewrite("remi-divisible", remi(x, T.Const(ti, e, k), ty=t), T.Const(t, e, 0),
            div2(x) == d1, k > 0, k < DIV_CAP, d1 % k == i64(0)),
    rewrite("remi-in-range", remi(x, T.Const(ti, e, k)), x,
            lo(x) == l1, hi(x) == h1, l1 >= 0, k > 0, h1 < k),
    rewrite("divi-in-range", divi(x, T.Const(ti, e, k), ty=t, attrs=SIGNED), T.Const(t, e, 0),
            lo(x) == l1, hi(x) == h1, l1 >= 0, k > 0, h1 < k),
    rewrite("divi-in-range-u", divi(x, T.Const(ti, e, k), ty=t, attrs=UNSIGNED),
            T.Const(t, e, 0), lo(x) == l1, hi(x) == h1, l1 >= 0, k > 0, h1 < k),
)
