"""Algebraic identities that hold bit for bit (unless marked `exact=False`).

Integers wrap at their width, so `x * 1`, `x + 0`, `x - x`, `x * 0`, shifts by 0
are identities for every width. Floats follow IEEE: `x * 1.0 -> x` holds
(including -0.0, inf and NaN) but `x + 0.0 -> x` does not (-0.0 + 0.0 is +0.0), so
only `x + (-0.0)` and `x - 0.0` fold. Float identities are restricted to ops with
no rounding/flush attributes: `flush_to_zero` would flush a subnormal `x` to 0.
"""
from __future__ import annotations

from eqsat.egraph import terms as T
from eqsat.egraph.analyses import type_of

from eqsat.rules.dsl import (FLOAT_TYPES, RuleSet, addf, addi, andi, attrs_of, broadcast, cmpi,
                             divf, divi, exti, fconst, fma, fpowf, iconst, maxi, mini, mulf, muli,
                             negf, offset, op, ori, pow_, remi, reshape, rewrite, select, shli,
                             shri, strs, subf, subi, terms, trunci, tys, ints, xori)

x, y, z, c = terms("x y z c")
t, t1, t2 = tys("t t1 t2")
e, = strs("e")
a, a1, a2 = ints("a a1 a2")


def _zero(ty):
    """The integer 0 of type `ty` (its element type read from the type facts)."""
    return T.Const(ty, e, 0)


ALGEBRA = RuleSet("algebra", doc="integer and float identities, shape folds")

# -- integers -------------------------------------------------------------------------------
ALGEBRA.add(
    rewrite("addi-comm", addi(x, y, ty=t, attrs=a), addi(y, x, ty=t, attrs=a)),
    rewrite("muli-comm", muli(x, y, ty=t, attrs=a), muli(y, x, ty=t, attrs=a)),
    rewrite("andi-comm", andi(x, y, ty=t, attrs=a), andi(y, x, ty=t, attrs=a)),
    rewrite("ori-comm", ori(x, y, ty=t, attrs=a), ori(y, x, ty=t, attrs=a)),
    rewrite("xori-comm", xori(x, y, ty=t, attrs=a), xori(y, x, ty=t, attrs=a)),
    rewrite("maxi-comm", maxi(x, y, ty=t, attrs=a), maxi(y, x, ty=t, attrs=a)),
    rewrite("mini-comm", mini(x, y, ty=t, attrs=a), mini(y, x, ty=t, attrs=a)),
    rewrite("muli-one", muli(x, iconst(1)), x),
    rewrite("muli-zero", muli(x, iconst(0, ty=t, elem=e)), T.Const(t, e, 0)),
    rewrite("addi-zero", addi(x, iconst(0)), x),
    rewrite("subi-zero", subi(x, iconst(0)), x),
    rewrite("subi-self", subi(x, x, ty=t), _zero(t), T.ty_elem(t) == e),
    rewrite("shli-zero", shli(x, iconst(0)), x),
    rewrite("shri-zero", shri(x, iconst(0)), x),
    rewrite("ori-zero", ori(x, iconst(0)), x),
    rewrite("xori-zero", xori(x, iconst(0)), x),
    rewrite("andi-zero", andi(x, iconst(0, ty=t, elem=e)), T.Const(t, e, 0)),
    rewrite("andi-self", andi(x, x), x),
    rewrite("ori-self", ori(x, x), x),
    rewrite("xori-self", xori(x, x, ty=t), _zero(t), T.ty_elem(t) == e),
    rewrite("andi-ones", andi(x, iconst(-1)), x),
    rewrite("andi-true", andi(x, iconst(1, elem="i1")), x),
    rewrite("maxi-self", maxi(x, x), x),
    rewrite("mini-self", mini(x, x), x),
    rewrite("divi-one", divi(x, iconst(1)), x),
    rewrite("remi-one", remi(x, iconst(1), ty=t), _zero(t), T.ty_elem(t) == e),
    rewrite("select-same", select(c, x, x), x),
    rewrite("offset-zero", offset(x, iconst(0), ty=t), x, type_of(x) == t),
)

# comparisons of a value with itself (integers: no NaN)
for _pred, _val in (("equal", 1), ("less_than_or_equal", 1), ("greater_than_or_equal", 1),
                    ("not_equal", 0), ("less_than", 0), ("greater_than", 0)):
    for _sign in ("signed", "unsigned"):
        ALGEBRA.add(rewrite(f"cmpi-self-{_pred}-{_sign}",
                            cmpi(x, x, ty=t, attrs=attrs_of(predicate=_pred, signedness=_sign)),
                            T.Const(t, "i1", _val)))

# -- shapes and conversions -------------------------------------------------------------------
ALGEBRA.add(
    rewrite("reshape-same", reshape(x, ty=t), x, type_of(x) == t),
    rewrite("broadcast-same", broadcast(x, ty=t), x, type_of(x) == t),
    rewrite("reshape-reshape", reshape(reshape(x), ty=t), reshape(x, ty=t, attrs=T.NO_ATTRS)),
    rewrite("broadcast-broadcast", broadcast(broadcast(x), ty=t),
            broadcast(x, ty=t, attrs=T.NO_ATTRS)),
    rewrite("trunci-exti", trunci(exti(x), ty=t), x, type_of(x) == t),
)

# -- floats (no rounding / flush attributes: the identities below are exact) ------------------
for _dt in FLOAT_TYPES:
    ALGEBRA.add(
        rewrite(f"mulf-one-{_dt}", mulf(x, fconst(1.0, _dt), attrs=T.NO_ATTRS), x),
        rewrite(f"mulf-one-left-{_dt}", mulf(fconst(1.0, _dt), x, attrs=T.NO_ATTRS), x),
        rewrite(f"divf-one-{_dt}", divf(x, fconst(1.0, _dt), attrs=T.NO_ATTRS), x),
        rewrite(f"addf-negzero-{_dt}", addf(x, fconst(-0.0, _dt), attrs=T.NO_ATTRS), x),
        rewrite(f"subf-zero-{_dt}", subf(x, fconst(0.0, _dt), attrs=T.NO_ATTRS), x),
        # Tile IR's pow is x**y rounded once; x*x is the square rounded once: the same
        # value for every x (signed zeros, infinities, NaN and overflow included)
        rewrite(f"fpowf-two-{_dt}", fpowf(x, fconst(2.0, _dt), ty=t, attrs=T.NO_ATTRS),
                mulf(x, x, ty=t, attrs=T.NO_ATTRS)),
        rewrite(f"pow-two-{_dt}", pow_(x, fconst(2.0, _dt), ty=t, attrs=T.NO_ATTRS),
                mulf(x, x, ty=t, attrs=T.NO_ATTRS), exact=False,
                doc="x**2 is x*x up to pow's own accuracy"),
    )
ALGEBRA.add(
    rewrite("fpowi-two", op("fpowi", x, iconst(2, ty=t2), ty=t, attrs=T.NO_ATTRS),
            mulf(x, x, ty=t, attrs=T.NO_ATTRS)),
    # without flags: flush_to_zero would flush a subnormal x to zero
    rewrite("negf-negf", negf(negf(x, attrs=T.NO_ATTRS), attrs=T.NO_ATTRS), x),
)

# -- floating-point contraction (opt-in) -------------------------------------------------------
# Tile IR's addf and mulf each round their own result (to their rounding mode); nothing in
# the IR allows a compiler to fuse them, and fusing changes results (an a*b that overflows
# is inf before and finite after). So contraction is its own set, selected by name
# (`--contract`, rules="default,contract"), never part of `default` or `all`.
CONTRACT = RuleSet("contract", doc="fuse a*b+c into fma (one rounding instead of two; changes "
                                   "results: opt-in)")
CONTRACT.add(
    # same rounding mode and flush-to-zero on both ops
    rewrite("fma-fuse", addf(mulf(x, y, attrs=a), z, ty=t, attrs=a), fma(x, y, z, ty=t, attrs=a),
            exact=False, doc="one rounding instead of two (floating-point contraction)"),
    rewrite("fma-fuse-left", addf(z, mulf(x, y, attrs=a), ty=t, attrs=a),
            fma(x, y, z, ty=t, attrs=a), exact=False,
            doc="one rounding instead of two (floating-point contraction)"),
)
