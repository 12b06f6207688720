"""Exact text for Tile IR numbers: MLIR's `%.6e` when it round-trips, else the hex bits."""
from __future__ import annotations

import math
import struct
from fractions import Fraction
from typing import Any

import numpy as np

from eqsat.ir import minifloat
from eqsat.ir.types import FLOAT_WIDTHS, ElementType, is_float

# bits of a float's hex literal: MLIR writes a tf32 as its own 19 bits (1 sign, 8 exponent,
# 10 fraction), though eqsat keeps it, and memory holds it, as a float32 with 13 low zeros
HEX_WIDTHS = {**FLOAT_WIDTHS, "tf32": 19}
_TF32_LOW = 13
_HEX_DIGITS = {e: -(-w // 4) for e, w in HEX_WIDTHS.items()}


def to_bits(elem: str, value: Any) -> int:
    """Bit pattern of `value` in float type `elem` (value must already be exact in it)."""
    if elem in minifloat.FORMATS:
        return int(minifloat.exact_bits(elem, value))
    if isinstance(value, np.generic):          # keep a NaN's payload: no trip through float
        return bits_of(elem, np.asarray(value))
    if elem == "f16":
        return int(np.array(value, np.float16).view(np.uint16))
    if elem == "f64":
        return int(np.array(value, np.float64).view(np.uint64))
    bits = int(np.array(value, np.float32).view(np.uint32))
    return bits >> 16 if elem == "bf16" else bits


def bits_of(elem: str, value: np.ndarray) -> int:
    """Bit pattern of a 0-d array holding a value of float type `elem` in its compute
    dtype (numbers of `eqsat.ir.types.numpy_dtype`): read from its bits, so a NaN's
    payload and a signalling NaN survive (a trip through a Python float quiets it)."""
    a = np.asarray(value)
    if elem in minifloat.FORMATS:
        return int(minifloat.exact_bits(elem, a))
    if elem == "f16":
        return int(a.astype(np.float16).view(np.uint16))
    if elem == "f64":
        return int(a.astype(np.float64).view(np.uint64))
    bits = int(a.astype(np.float32).view(np.uint32))
    return bits >> 16 if elem == "bf16" else bits


def from_bits(elem: str, bits: int) -> Any:
    """The value of bit pattern `bits` as a numpy scalar of `elem`'s compute dtype (a
    Python float would lose a signalling NaN's payload)."""
    if elem in minifloat.FORMATS:
        return minifloat.decode(elem, bits)[()]
    if elem == "f16":
        return np.array(bits & 0xFFFF, np.uint16).view(np.float16)[()]
    if elem == "f64":
        return np.array(bits & ((1 << 64) - 1), np.uint64).view(np.float64)[()]
    if elem == "bf16":
        bits <<= 16
    return np.array(bits & 0xFFFFFFFF, np.uint32).view(np.float32)[()]


def hex_bits(elem: str, value: Any) -> int:
    """The bits a hex literal of float type `elem` spells (`to_bits`, but tf32's 19)."""
    bits = to_bits(elem, value)
    return bits >> _TF32_LOW if elem == "tf32" else bits


def from_hex_bits(elem: str, bits: int) -> Any:
    """The value a hex literal of float type `elem` spells; `bits` must fit `HEX_WIDTHS`."""
    return from_bits(elem, bits << _TF32_LOW if elem == "tf32" else bits)


def values_of_hex_bits(elem: str, bits: np.ndarray) -> np.ndarray:
    """`from_hex_bits` of an array of patterns, as an array of `elem`'s compute dtype."""
    b = np.asarray(bits, np.uint64)
    if elem in minifloat.FORMATS:
        return minifloat.decode(elem, b.astype(np.int64))
    if elem == "f16":
        return b.astype(np.uint16).view(np.float16)
    if elem == "f64":
        return b.view(np.float64)
    shift = {"bf16": 16, "tf32": _TF32_LOW}.get(elem, 0)
    return (b << np.uint64(shift)).astype(np.uint32).view(np.float32)


def odd_f32(x: np.ndarray) -> np.ndarray:
    """float64 -> float32 rounded to odd (toward zero, the last bit set when inexact):
    rounding that again to a format two or more bits narrower (bf16, tf32) rounds once,
    where rounding to nearest twice can land one unit off."""
    x = np.asarray(x, np.float64)
    with np.errstate(all="ignore"):
        r = x.astype(np.float32)
        finite = np.isfinite(x)
        away = finite & (np.abs(r.astype(np.float64)) > np.abs(x))
        r = np.where(away, np.nextafter(r, np.float32(0)), r).astype(np.float32)
        inexact = finite & (r.astype(np.float64) != x)
    bits = np.ascontiguousarray(r).view(np.uint32) | inexact.astype(np.uint32)
    return bits.view(np.float32).reshape(np.shape(x))


_PACK = {"f16": "<e", "f32": "<f"}
# significant bits of each float narrower than f64, the leading one included
_PRECISION = {"f16": 11, "bf16": 8, "tf32": 11, "f32": 24,
              **{n: f.man_bits + 1 for n, f in minifloat.FORMATS.items()}}
# the largest exponent of the IEEE formats narrower than f64
_EMAX = {"f16": 15, "bf16": 127, "tf32": 127, "f32": 127}
# the floats with float32's exponent range and fewer bits, which eqsat keeps in a float32
_F32_RANGE = ("bf16", "tf32")


def round_float(elem: str, value: float) -> float:
    """Round a Python float to the nearest value of float type `elem` (ties to even),
    in one rounding (bf16 and tf32 not through a float32 rounded to nearest)."""
    if elem == "f64":
        return float(value)
    if elem in minifloat.FORMATS:
        return float(minifloat.round_values(elem, value))
    if elem in _F32_RANGE:
        if math.isfinite(value) and value != 0:
            _, e = math.frexp(value)
            q = max(e, -125) - _PRECISION[elem]        # exponent of a unit in the last place
            r = math.ldexp(round(math.ldexp(value, -q)), q)      # exact; ties to even
            return math.copysign(math.inf if abs(r) >= 2.0 ** 128 else r, value)
        if not math.isnan(value):
            return float(value)
        keep = 24 - _PRECISION[elem]        # a NaN keeps no bits the format lacks
        b = int(np.array(value, np.float32).view(np.uint32))
        return float(np.array((b | 1 << 22) & ~((1 << keep) - 1), np.uint32).view(np.float32))
    if math.isnan(value):
        return float(np.float16(value) if elem == "f16" else np.float32(value))
    try:                              # struct rounds to nearest even, as numpy does
        return struct.unpack(_PACK[elem], struct.pack(_PACK[elem], value))[0]
    except OverflowError:
        return math.copysign(math.inf, value)


def round_decimal(elem: str, text: str) -> float:
    """A decimal literal rounded once, from its exact value, to the nearest value of float
    type `elem` (ties to even), as MLIR reads it. Reading it as a float64 first rounds
    twice, which lands one unit off where that float64 is a tie of `elem`."""
    d = float(text)
    if elem in minifloat.FORMATS:
        past = _past_range(elem, text, d)
        if past is not None:
            return past
    r = round_float(elem, d)
    if elem == "f64" or not math.isfinite(d) or r == d:
        return r
    if math.isinf(r):                 # past the top: a tie only at the overflow threshold
        p, emax = _PRECISION[elem], _EMAX[elem]
        threshold = 2.0 ** (emax + 1) - 2.0 ** (emax - p)
        if abs(d) != threshold or abs(Fraction(text)) >= threshold:
            return r
        return math.copysign(2.0 ** (emax + 1) - 2.0 ** (emax + 1 - p), d)
    if not math.ldexp(math.frexp(d)[0], _PRECISION[elem] + 1).is_integer():
        return r                      # more bits than a tie of `elem` has
    other = 2 * d - r                 # d is a tie when the value past it is of `elem` too
    if round_float(elem, other) != other:
        return r
    exact = Fraction(text)
    if exact == Fraction(d):
        return r
    return round_float(elem, math.nextafter(d, math.inf if exact > d else -math.inf))


def _past_range(elem: str, text: str, d: float) -> float | None:
    """MLIR's value for a literal an fp8 format rounds past its largest finite value: the
    format's infinity, else its NaN (APFloat's overflow; not the saturation eqsat's
    conversions model). None where the literal is in range, or the format has neither."""
    f = minifloat.FORMATS[elem]
    top = minifloat.largest_finite(elem)
    if not abs(d) >= top or not (f.has_inf or f.nan != "none"):
        return None
    _, e = math.frexp(top)
    half = Fraction(2) ** (e - 1 - f.man_bits - 1)            # half a unit of `top`'s last place
    odd = int(Fraction(top) / (2 * half)) % 2 == 1
    x = abs(Fraction(text)) if math.isfinite(d) else None      # None: an infinity
    if x is not None and (x < top + half or (x == top + half and not odd)):
        return None
    if f.has_inf:
        return math.copysign(math.inf, d)
    nan = np.float32(math.copysign(math.nan, d))      # the format's NaN, as decode gives it
    return float(minifloat.decode(elem, minifloat.exact_bits(elem, nan))[()])


def format_float(elem: str, value: Any) -> str:
    """`%.6e` when that text reads back as the same value, else the exact hex bits
    (NaN payloads, infinities of every format, -0.0 and values `%.6e` cannot hold)."""
    if np.isfinite(value):
        text = f"{float(value):.6e}"
        if round_decimal(elem, text) == value and (value != 0 or not np.signbit(value)):
            return text
    return "0x" + format(hex_bits(elem, value), f"0{_HEX_DIGITS[elem]}X")


def format_scalar(elem: ElementType, value) -> str:
    if is_float(elem):
        return format_float(str(elem), value if isinstance(value, np.generic) else float(value))
    if elem == "i1":
        return "true" if value else "false"
    return str(int(value))


def value_of_bits(elem: str, bits: int) -> Any:
    """The Python value of a constant stored as its bit pattern (the e-graph's form)."""
    if is_float(elem):
        return from_bits(elem, bits & ((1 << 64) - 1))
    if elem == "i1":
        return bool(bits & 1)
    return int(bits)
