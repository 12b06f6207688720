"""Propagation of the divisibility and bounds analyses, and the rewrites they enable.

Every fact derived here is true of every value in the class: divisibility goes
through multiplication (product), addition (minimum), shifts and sign extension;
bounds go through addition, subtraction and multiplication only when the result
provably stays inside the type's range (no wrap). All i64 arithmetic in these rules
is guarded so it cannot overflow (egglog aborts the run on an i64 overflow).
"""
from __future__ import annotations

from eqsat.egraph import terms as T
from eqsat.egraph.analyses import (DIV_CAP, contig, contig_div, div2, hi, lo, same, ty_last, ty_max,
                                   ty_min, type_of)
from eqsat.egraph.egg import Vec, i64, set_, var

from eqsat.rules.dsl import (RuleSet, addi, andi, attrs_of, broadcast, cmpi, divi, exti, infer,
                             ints, maxi, mini, muli, offset, remi, reshape, rewrite, select, shli,
                             strs, subi, terms, trunci, tys)

n, x, y, z, c, s = terms("n x y z c s")
t, ti, tp = tys("t ti tp")
a, d1, d2, l1, l2, h1, h2, k, pb, mn, mx, r = ints("a d1 d2 l1 l2 h1 h2 k pb mn mx r")
k1, k2, c1, c2, c3, w1, w2 = ints("k1 k2 c1 c2 c3 w1 w2")
tx, = tys("tx")
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
    infer("div-shli-factor", n == shli(x, T.Const(t, e, k)), k >= 0, k < 30,
          then=[set_(div2(n)).to(i64(1) << k)]),
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
    # min/max pick one operand; truncation keeps divisibility by powers of two (a value
    # divisible by more than 2^w truncates to 0, which every power of two divides)
    infer("div-maxi", n == maxi(x, y), div2(x) == d1, div2(y) == d2,
          then=[set_(div2(n)).to(d1.min(d2))]),
    infer("div-mini", n == mini(x, y), div2(x) == d1, div2(y) == d2,
          then=[set_(div2(n)).to(d1.min(d2))]),
    infer("div-trunci", n == trunci(x), div2(x) == d1, then=[set_(div2(n)).to(d1)]),
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
    # loop bounds read as signed: `for unsigned` loops are not encoded (eqsat.egraph.encode),
    # so these never see one. The upper bound is set only where the range is not empty:
    # facts of a body that never runs would hold vacuously, and merged in the e-graph they
    # would reach the code around the loop (an empty range makes every compare decidable)
    infer("bounds-iv", T.For(r, x, y, z, inits, body, t) == c, n == T.Arg(r, 0, ti),
          lo(x) == l1, lo(z) == l2, l2 > 0, then=[set_(lo(n)).to(l1)]),
    infer("bounds-iv-hi", T.For(r, x, y, z, inits, body, t) == c, n == T.Arg(r, 0, ti),
          hi(y) == h1, lo(z) == l2, l2 > 0, h1 > -BIG, lo(x) == l1, l1 <= h1 - 1,
          then=[set_(hi(n)).to(h1 - 1)]),
    # signed max/min: one operand bounds one side, both bound the other
    infer("bounds-maxi-lo", n == maxi(x, y, attrs=SIGNED), lo(x) == l1,
          then=[set_(lo(n)).to(l1)]),
    infer("bounds-maxi-hi", n == maxi(x, y, attrs=SIGNED), hi(x) == h1, hi(y) == h2,
          then=[set_(hi(n)).to(h1.max(h2))]),
    infer("bounds-mini-hi", n == mini(x, y, attrs=SIGNED), hi(x) == h1,
          then=[set_(hi(n)).to(h1)]),
    infer("bounds-mini-lo", n == mini(x, y, attrs=SIGNED), lo(x) == l1, lo(y) == l2,
          then=[set_(lo(n)).to(l1.min(l2))]),
    infer("bounds-trunci", n == trunci(x, ty=t), lo(x) == l1, hi(x) == h1, ty_min(t) == mn,
          ty_max(t) == mx, l1 >= mn, h1 <= mx, then=[set_(lo(n)).to(l1), set_(hi(n)).to(h1)]),
)

def _half(w):
    """2^(w-1) (capped at 2^62 to stay in i64): an aligned run no longer than this
    never crosses the signed wrap-around point, so extending it keeps it a run."""
    return i64(1) << (w - 1).min(i64(62))


# -- runs along the last axis (see eqsat.egraph.analyses: contig, contig_div, same) --------------
# Shape changes that keep the last dimension keep each lane's place along it; a broadcast
# from a last dimension of 1 repeats one value along it. Elementwise ops are constant on
# the groups where all their operands are. Adding a value constant on groups of c to runs
# of k gives runs of min(k, c); when c < k the new groups start inside old runs, at
# multiples of c past a run's start, so their first lanes are only known divisible by c.
# A sign or zero extension keeps a run when its first lane is a multiple of its length
# and the run is at most 2^(w-1) lanes: it then never crosses a wrap-around point (a
# multiple of 2^(w-1)); a longer one (iota of 256 lanes in i8) crosses 127 -> -128.
_ELEMENTWISE2 = ("addi", "subi", "muli", "andi", "ori", "xori", "maxi", "mini", "shli", "shri",
                 "divi", "remi", "cmpi", "offset")
_KEEP_LAST = (("reshape", reshape), ("broadcast", broadcast))

ANALYSIS.add(
    infer("same-const", n == T.Const(t, e, k), ty_last(t) == k1, then=[set_(same(n)).to(k1)]),
    infer("same-bcast-scalar", n == broadcast(x, ty=t), type_of(x) == tx, ty_last(tx) == i64(1),
          ty_last(t) == k1, then=[set_(same(n)).to(k1)]),
    infer("same-assume", n == T.Op1("assume", a, t, x), same(x) == c1,
          then=[set_(same(n)).to(c1)]),
    infer("same-exti", n == exti(x), same(x) == c1, then=[set_(same(n)).to(c1)]),
    infer("same-trunci", n == trunci(x), same(x) == c1, then=[set_(same(n)).to(c1)]),
    infer("same-select", n == select(x, y, z), same(x) == c1, same(y) == c2, same(z) == c3,
          then=[set_(same(n)).to(c1.min(c2).min(c3))]),
    infer("contig-assume", n == T.Op1("assume", a, t, x), contig(x) == k1, contig_div(x) == d1,
          then=[set_(contig(n)).to(k1), set_(contig_div(n)).to(d1)]),
    infer("contig-exti", n == exti(x), contig(x) == k1, contig_div(x) == d1, d1 >= k1,
          type_of(x) == tx, T.ty_bits(tx) == w1, w1 > 1, k1 <= _half(w1),
          then=[set_(contig(n)).to(k1), set_(contig_div(n)).to(d1)]),
    infer("contig-div-every-lane", contig(n) == k1, div2(n) == d1,
          then=[set_(contig_div(n)).to(d1)]),
    # rules read the divisibility of every operand; 1 divides every integer and pointer
    infer("div-floor", type_of(n) == t, T.ty_elem(t) == e, *_int_elem(e), e != "token",
          e != "view", e != "tuple", then=[set_(div2(n)).to(1)]),
)
for _nm in _ELEMENTWISE2:
    ANALYSIS.add(infer(f"same-{_nm}", n == T.Op2(_nm, a, t, x, y), same(x) == c1, same(y) == c2,
                       then=[set_(same(n)).to(c1.min(c2))]))
for _nm, _mk in _KEEP_LAST:
    ANALYSIS.add(
        infer(f"same-{_nm}-last", n == _mk(x, ty=t), type_of(x) == tx, ty_last(tx) == k1,
              ty_last(t) == k1, same(x) == c1, then=[set_(same(n)).to(c1)]),
        infer(f"contig-{_nm}-last", n == _mk(x, ty=t), type_of(x) == tx, ty_last(tx) == k1,
              ty_last(t) == k1, contig(x) == k2, contig_div(x) == d1,
              then=[set_(contig(n)).to(k2), set_(contig_div(n)).to(d1)]),
    )
for _nm, _bin in (("addi", addi), ("subi", subi)):
    ANALYSIS.add(
        infer(f"contig-{_nm}", n == _bin(x, y), contig(x) == k1, contig_div(x) == d1,
              same(y) == c2, div2(y) == d2, k1 <= c2,
              then=[set_(contig(n)).to(k1), set_(contig_div(n)).to(d1.min(d2))]),
        infer(f"contig-{_nm}-split", n == _bin(x, y), contig(x) == k1, contig_div(x) == d1,
              same(y) == c2, div2(y) == d2, c2 < k1,
              then=[set_(contig(n)).to(c2), set_(contig_div(n)).to(d1.min(d2).min(c2))]),
    )
# pointer + offsets: runs advance by the pointee size in bytes. A narrower offset is
# sign-extended first, so its runs must be aligned (see contig-exti) to stay runs.
def _wide_offset(k_, d_, ty):
    return [type_of(y) == ty, T.ty_bits(ty) == i64(64)]


def _aligned_runs(k_, d_, ty):
    return [d_ >= k_, type_of(y) == ty, T.ty_bits(ty) == w2, w2 > 1, k_ <= _half(w2)]


for _sfx, _ok in (("", _wide_offset), ("-aligned", _aligned_runs)):
    ANALYSIS.add(
        infer(f"contig-offset{_sfx}", n == offset(x, y, ty=t), same(x) == c1, div2(x) == d1,
              contig(y) == k2, contig_div(y) == d2, T.ty_pointee_bytes(t) == pb, k2 <= c1,
              *_ok(k2, d2, tx),
              then=[set_(contig(n)).to(k2),
                    set_(contig_div(n)).to(d1.min((d2 * pb).min(DIV_CAP)))]),
        infer(f"contig-offset-split{_sfx}", n == offset(x, y, ty=t), same(x) == c1,
              div2(x) == d1, contig(y) == k2, contig_div(y) == d2, T.ty_pointee_bytes(t) == pb,
              c1 < k2, *_ok(k2, d2, tx),
              then=[set_(contig(n)).to(c1),
                    set_(contig_div(n)).to(d1.min((d2 * pb).min(DIV_CAP)).min(c1 * pb))]),
    )
ANALYSIS.add(
    infer("contig-offset-base", n == offset(x, y, ty=t), contig(x) == k1, contig_div(x) == d1,
          same(y) == c2, div2(y) == d2, T.ty_pointee_bytes(t) == pb, k1 <= c2,
          then=[set_(contig(n)).to(k1), set_(contig_div(n)).to(d1.min((d2 * pb).min(DIV_CAP)))]),
    infer("contig-offset-base-split", n == offset(x, y, ty=t), contig(x) == k1,
          contig_div(x) == d1, same(y) == c2, div2(y) == d2, T.ty_pointee_bytes(t) == pb,
          c2 < k1,
          then=[set_(contig(n)).to(c2),
                set_(contig_div(n)).to(d1.min((d2 * pb).min(DIV_CAP)).min(c2 * pb))]),
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
