"""Floats narrower than f16 (fp8, fp4): their encodings and exact conversions in numpy.

Values of these types are computed in float32 (every one of them is exact there) and kept
in memory as their raw bits. A conversion to one of them rounds on the value grid of the
format, computed from the bit layout, so it needs no third-party float8 package:

- round to nearest, ties to even (or toward zero / +inf / -inf for the directed modes);
- saturating to the largest finite value: a finite value beyond the range, and an
  infinity, become the largest finite value of its sign, f8E5M2 included. This is what
  tileiras 13.5 compiles every conversion to f8E4M3FN and f8E5M2 into (`F2FP.SATFINITE`
  on sm_90 and sm_100, docs/measurements/fp8_conversions.md); the Tile IR spec says
  instead that `itof` gives Inf (NaN for a format without one). `saturates` tells the
  values on which the two differ, which eqsat therefore never folds;
- NaN stays NaN (the format's NaN pattern). f8E8M0FNU has no sign and no zero: values
  below its smallest power of two, zero and negatives included, clamp to 2^-127.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np


@dataclass(frozen=True)
class MiniFloat:
    name: str
    exp_bits: int
    man_bits: int
    bias: int
    signed: bool = True
    has_inf: bool = False      # IEEE-style infinities at the all-ones exponent
    nan: str = "ones"          # "ieee" (all-ones exponent, mantissa != 0), "ones" (all bits
    #                            but the sign set), "none"
    has_zero: bool = True
    subnormals: bool = True

    @property
    def bits(self) -> int:
        return int(self.signed) + self.exp_bits + self.man_bits

    @property
    def sign_bit(self) -> int:
        return 1 << (self.exp_bits + self.man_bits) if self.signed else 0


FORMATS: dict[str, MiniFloat] = {
    "f8E4M3FN": MiniFloat("f8E4M3FN", 4, 3, 7),
    "f8E5M2": MiniFloat("f8E5M2", 5, 2, 15, has_inf=True, nan="ieee"),
    "f8E8M0FNU": MiniFloat("f8E8M0FNU", 8, 0, 127, signed=False, has_zero=False,
                           subnormals=False),
    "f4E2M1FN": MiniFloat("f4E2M1FN", 2, 1, 1, nan="none"),
}

# element types the bytecode and the text know, whose value semantics eqsat does not claim
# (no public definition of the format to check an emulation against)
OPAQUE = ("fnv8E5M3FNU",)


def _decode_one(f: MiniFloat, code: int) -> float:
    mag = code & ~f.sign_bit
    neg = bool(code & f.sign_bit)
    e, m = mag >> f.man_bits, mag & ((1 << f.man_bits) - 1)
    top = (1 << f.exp_bits) - 1
    if f.nan == "ieee" and e == top:
        v = float("inf") if m == 0 else float("nan")
    elif f.nan == "ones" and mag == (1 << (f.exp_bits + f.man_bits)) - 1:
        v = float("nan")
    elif e == 0 and f.subnormals:
        v = m * 2.0 ** (1 - f.bias - f.man_bits)
    else:
        v = (1 + m / (1 << f.man_bits)) * 2.0 ** (e - f.bias)
    return -v if neg else v


@cache
def _table(name: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, float]:
    """(value of every code, finite non-negative magnitudes ascending, their codes,
    largest finite, smallest positive)."""
    f = FORMATS[name]
    vals = np.array([_decode_one(f, c) for c in range(1 << f.bits)], np.float64)
    pos = [(v, c) for c, v in enumerate(vals) if np.isfinite(v) and v >= 0
           and not (c & f.sign_bit)]
    pos.sort()
    mags = np.array([v for v, _ in pos], np.float64)
    codes = np.array([c for _, c in pos], np.int64)
    smallest = float(mags[mags > 0][0])
    return vals, mags, codes, float(mags[-1]), smallest


def is_minifloat(elem) -> bool:
    return isinstance(elem, str) and (elem in FORMATS or elem in OPAQUE)


def _fmt(elem: str) -> MiniFloat:
    if elem in OPAQUE:
        raise ValueError(f"{elem} values have no emulation in eqsat (bit layout not public)")
    return FORMATS[elem]


_NAN32 = 0x7FC00000          # a quiet float32 NaN; a NaN code rides in its low byte


def decode(elem: str, bits) -> np.ndarray:
    """Raw codes -> float32 values. A NaN code becomes a float32 NaN of its sign carrying
    the code in its low byte, so `exact_bits` gives the same code back."""
    f = _fmt(elem)
    vals = _table(elem)[0]
    b = np.asarray(bits).astype(np.int64) & ((1 << f.bits) - 1)
    out = vals[b].astype(np.float32)
    nan = np.isnan(out)
    if nan.any():
        sign = np.where(b & f.sign_bit, 1 << 31, 0) if f.signed else np.zeros_like(b)
        payload = (sign | _NAN32 | b).astype(np.uint32)
        out = np.where(nan, payload.view(np.float32), out).astype(np.float32)
    return out


def exact_bits(elem: str, x) -> np.ndarray:
    """Values already in `elem` -> their codes (uint8), with no saturation: an infinity
    keeps its code where the format has one, and a NaN keeps the code `decode` put in
    its payload (other NaNs: the format's NaN of the value's sign). Finite values go
    through `encode`. Storing and printing a value use this; conversions use `encode`."""
    f = _fmt(elem)
    vals = _table(elem)[0]
    x32 = np.asarray(x, np.float32)
    out = encode(elem, np.where(np.isnan(x32) | np.isinf(x32), 0.0, x32)).astype(np.int64)
    raw = np.ascontiguousarray(x32).view(np.uint32).astype(np.int64)
    if f.has_inf:
        inf_code = int(np.flatnonzero(np.isposinf(vals))[0])
        out = np.where(np.isinf(x32), np.where(x32 < 0, inf_code | f.sign_bit, inf_code), out)
    elif np.isinf(x32).any():
        out = np.where(np.isinf(x32), encode(elem, x32).astype(np.int64), out)
    nan = np.isnan(x32)
    if nan.any():
        if f.nan == "none":
            raise ValueError(f"{elem} has no NaN")
        code = raw & 0xFF
        ok = (code < len(vals)) & np.isnan(vals[np.minimum(code, len(vals) - 1)])
        neg = ((raw >> 31) & 1).astype(bool) & f.signed
        default = np.flatnonzero(np.isnan(vals))
        pos_nan = int(default[0])
        neg_nan = int(next((c for c in default if c & f.sign_bit), pos_nan))
        out = np.where(nan, np.where(ok, code, np.where(neg, neg_nan, pos_nan)), out)
    return out.astype(np.uint8).reshape(np.shape(x32))


def _round_mag(f: MiniFloat, a: np.ndarray, mode: str, neg: np.ndarray) -> np.ndarray:
    """Non-negative finite magnitudes rounded onto the format's grid (before saturation)."""
    emin = 1 - f.bias if f.subnormals else -f.bias     # f8E8M0FNU's code 0 is 2^-127
    with np.errstate(divide="ignore"):
        _, e2 = np.frexp(a)
    e = np.maximum(e2.astype(np.int64) - 1, emin)      # exponent of the binade holding a
    quantum = np.ldexp(1.0, (e - f.man_bits).astype(np.int32))
    q = a / quantum                                      # exact: quantum is a power of two
    if mode == "nearest_even":
        r = np.rint(q)
    elif mode == "zero":
        r = np.floor(q)
    elif mode in ("positive_inf", "negative_inf"):
        up = (mode == "positive_inf") != neg            # magnitude grows toward the target
        r = np.where(up, np.ceil(q), np.floor(q))
    else:
        raise ValueError(f"rounding mode '{mode}' does not apply to {f.name}")
    return r * quantum


def encode(elem: str, x, mode: str = "nearest_even") -> np.ndarray:
    """Values -> raw codes (uint8), rounded by `mode` and saturated as the module says."""
    f = _fmt(elem)
    vals, mags, codes, largest, smallest = _table(elem)
    x = np.asarray(x, np.float64)
    nan = np.isnan(x)
    if nan.any() and f.nan == "none":
        raise ValueError(f"{elem} has no NaN: cannot convert NaN to it")
    neg = np.signbit(x) & ~nan
    a = np.where(nan, 0.0, np.abs(x))
    a = np.where(np.isinf(a), largest, a)
    r = _round_mag(f, np.minimum(a, largest * 4), mode, neg)
    r = np.minimum(r, largest)
    if not f.has_zero:
        r = np.maximum(r, smallest)
    idx = np.searchsorted(mags, r)
    idx = np.minimum(idx, len(mags) - 1)
    out = codes[idx]
    if f.signed:
        out = np.where(neg, out | f.sign_bit, out)
    else:
        # unsigned: negatives clamp to the bottom of the range (zero or the smallest value)
        out = np.where(neg, codes[0] if f.has_zero else codes[np.searchsorted(mags, smallest)],
                       out)
    if nan.any():
        nan_code = int(np.flatnonzero(np.isnan(vals))[0])
        out = np.where(nan, nan_code, out)
    return out.astype(np.uint8)


def saturates(elem: str, x, mode: str = "nearest_even") -> np.ndarray:
    """Where converting `x` to `elem` by `mode` leaves the format's range: an infinity,
    a value whose rounding lands beyond the largest finite one, and (formats with no
    zero, or no sign) a value that clamps up to the smallest one. `encode` saturates
    these; NaN is not among them."""
    f = _fmt(elem)
    _, _, _, largest, smallest = _table(elem)
    x = np.asarray(x, np.float64)
    nan = np.isnan(x)
    a = np.where(nan, 0.0, np.abs(x))
    inf = np.isinf(a)
    neg = np.signbit(x) & ~nan
    r = _round_mag(f, np.where(inf, 0.0, np.minimum(a, largest * 4)), mode, neg)
    out = inf | (r > largest)
    if not f.signed:
        out |= neg & (a > 0)
    if not f.has_zero:
        out |= r < smallest
    return out & ~nan


def round_values(elem: str, x, mode: str = "nearest_even") -> np.ndarray:
    """Values rounded to `elem` and returned as float32 (its compute dtype)."""
    x = np.asarray(x)
    return decode(elem, encode(elem, x, mode)).reshape(x.shape)


def largest_finite(elem: str) -> float:
    return _table(elem)[3]
