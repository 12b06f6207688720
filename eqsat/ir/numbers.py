"""Exact text for Tile IR numbers: MLIR's `%.6e` when it round-trips, else the hex bits."""
from __future__ import annotations

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


def round_float(elem: str, value: float) -> float:
    """Round a Python float to the nearest value of float type `elem` (ties to even)."""
    if elem == "f16":
        return float(np.float16(value))
    if elem == "f64":
        return float(value)
    if elem in minifloat.FORMATS:
        return float(minifloat.round_values(elem, value))
    f = np.array(value, np.float32)
    if elem in ("bf16", "tf32"):
        keep = 16 if elem == "bf16" else 13
        b = int(f.view(np.uint32))
        if (b & 0x7F800000) != 0x7F800000:           # finite: round to nearest even
            lsb = (b >> keep) & 1
            b = (b + (1 << (keep - 1)) - 1 + lsb) & ~((1 << keep) - 1) & 0xFFFFFFFF
        elif b & 0x007FFFFF:          # NaN stays NaN, with no bits the format lacks
            b = (b | 1 << 22) & ~((1 << keep) - 1)
        return float(np.array(b, np.uint32).view(np.float32))
    return float(f)


def format_float(elem: str, value: Any) -> str:
    """`%.6e` when that text reads back as the same value, else the exact hex bits
    (NaN payloads, infinities of every format, -0.0 and values `%.6e` cannot hold)."""
    if np.isfinite(value):
        text = f"{float(value):.6e}"
        if round_float(elem, float(text)) == value and (value != 0 or not np.signbit(value)):
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
