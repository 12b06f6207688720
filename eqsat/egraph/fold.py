"""Answers constant-folding requests with the interpreter's per-op semantics.

Rules record `WantK(op, attrs, result type, operand type, bits...)` rows; after each
saturation step the driver calls `FoldService.answer`, which evaluates the op on
0-d arrays with `eqsat.interp.semantics.evaluate_pure` (so folding means exactly
what running means) and inserts `foldK(...) = bits`. Results that the IR leaves
unspecified are refused, which leaves the op in place.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from eqsat.ir import minifloat
from eqsat.ir.core import Operation, Value
from eqsat.ir.types import INT_WIDTHS, TileType, is_float, numpy_dtype
from eqsat.egraph import egg
from eqsat.egraph import terms as T
from eqsat.egraph.builder import run_sets
from eqsat.egraph.encode import Encoding, const_bits
from eqsat.ir.numbers import value_of_bits
from eqsat.interp.semantics import ROUND_TO_INT, evaluate_pure

# ops with a fully specified result on in-range operands
FOLDABLE = frozenset({
    "addi", "subi", "muli", "andi", "ori", "xori", "maxi", "mini", "shli", "shri", "divi",
    "remi", "mulhii", "negi", "absi", "addf", "subf", "mulf", "divf", "maxf", "minf", "negf",
    "absf", "fma", "cmpi", "cmpf", "exti", "trunci", "itof", "ftoi", "ftof", "bitcast",
    "select",
})


class FoldService:
    def __init__(self, enc: Encoding):
        self.enc = enc
        self.seen: set[tuple] = set()
        self.answered = 0
        self.refused = 0
        self._read: dict[str, int] = {}     # request table -> its rows when last read

    def answer(self, sizes: dict[str, int] | None = None) -> int:
        """Read new requests, insert answers; returns how many answers were added.
        `sizes`: the rows per table now (`egg.function_sizes`), if the caller has them.

        A request table is read again only when it has grown: its rows are only ever
        added (their one e-class argument, a type, is never merged with another), and
        reading a table costs far more than the rows per table."""
        eg = self.enc.egraph
        facts: list[tuple[Any, tuple[Any, ...], int]] = []
        if sizes is None:
            sizes = egg.function_sizes(eg)   # one call; most kernels ask nothing
        for rel, fn in ((T.Want1, T.fold1), (T.Want2, T.fold2), (T.Want3, T.fold3)):
            table = egg.egg_name(eg, rel)
            size = sizes.get(table, 0)
            if size == self._read.get(table, 0):
                continue
            self._read[table] = size
            for row in egg.function_rows(eg, rel):
                name, attrs, t_out, t_in = row[0], row[1], _ty_text(row[2]), _ty_text(row[3])
                bits = list(row[4:])
                key = (name, attrs, t_out, t_in, *bits)
                if key in self.seen:
                    continue
                self.seen.add(key)
                r = self.evaluate(name, attrs, t_out, t_in, bits)
                if r is None:
                    self.refused += 1
                    continue
                facts.append((fn, (name, attrs, t_out, t_in, *bits), r))
        if facts:
            run_sets(eg, facts)
            self.answered += len(facts)
        return len(facts)

    def evaluate(self, name: str, attrs_id: int, t_out: str, t_in: str,
                 bits: list[int]) -> int | None:
        if name not in FOLDABLE:
            return None
        to, ti = self.enc.types.get(t_out), self.enc.types.get(t_in)
        if not isinstance(to, TileType) or not isinstance(ti, TileType):
            return None
        if (not isinstance(to.elem, str) or not isinstance(ti.elem, str)
                or "tf32" in (to.elem, ti.elem)):
            return None
        attrs, _ = T.ATTRS.lookup(attrs_id)
        return fold_scalar(name, attrs, ti, to, bits)


# -- where an op's result is not defined (the IR leaves it unspecified): never folded ------------
def _shift_out_of_range(vals: list, attrs: dict, elem_in: str, elem_out: str) -> bool:
    w = INT_WIDTHS[elem_in]
    sh = vals[1] & ((1 << w) - 1) if vals[1] < 0 else vals[1]
    return not 0 <= sh < w


def _division_undefined(vals: list, attrs: dict, elem_in: str, elem_out: str) -> bool:
    if vals[1] == 0:
        return True
    if attrs.get("signedness") != "unsigned":
        w = INT_WIDTHS[elem_in]
        return vals[0] == -(1 << (w - 1)) and vals[1] == -1     # overflow
    return False


def _conversion_out_of_range(vals: list, attrs: dict, elem_in: str, elem_out: str) -> bool:
    """ftoi of NaN, of an infinity, or of a value whose rounding (by the op's mode) lies
    outside the result's range: undefined in Tile IR. With `saturating` the value
    clamps to the range (what tileiras compiles it to); NaN still is not folded. To i1
    tileiras compiles a test against zero (any nonzero float is true, whatever the
    flags), so a nonzero float whose Tile IR value is false is not folded either."""
    x = float(vals[0])
    if math.isnan(x):
        return True
    to_int = ROUND_TO_INT.get(attrs.get("rounding") or "zero")     # as the interpreter does
    if elem_out == "i1" and x != 0:
        if to_int is None:
            return True
        r = math.copysign(2, x) if math.isinf(x) else int(to_int(x))
        if not (r <= -1 if attrs.get("signedness") != "unsigned" else r >= 1):
            return True              # Tile IR's value is false (or clamped to it)
    if attrs.get("saturating"):
        return False
    if math.isinf(x):
        return True
    if to_int is None:
        return True
    w = INT_WIDTHS[elem_out]
    lo, hi = (0, (1 << w) - 1) if attrs.get("signedness") == "unsigned" else \
        (-(1 << (w - 1)), (1 << (w - 1)) - 1)
    return not lo <= int(to_int(x)) <= hi


def _narrow_float_overflow(vals: list, attrs: dict, elem_in: str, elem_out: str) -> bool:
    """A conversion to a float narrower than f16 of a value beyond its range: tileiras
    saturates it (`F2FP.SATFINITE`), the Tile IR spec has `itof` give Inf or NaN, so
    neither answer is certain (docs/measurements/fp8_conversions.md)."""
    if elem_out not in minifloat.FORMATS:
        return False
    x = vals[0]
    if elem_in in INT_WIDTHS:
        x = int(x)
        if attrs.get("signedness") == "unsigned" and x < 0:
            x += 1 << INT_WIDTHS[elem_in]
        if abs(x) >= 1 << 64:
            return True                      # far beyond every narrow format
    mode = attrs.get("rounding") or "nearest_even"
    try:
        return bool(minifloat.saturates(elem_out, float(x), mode))
    except ValueError:
        return True                          # a mode the format has no rule for


def _bitcast_of_i1(vals: list, attrs: dict, elem_in: str, elem_out: str) -> bool:
    return "i1" in (elem_in, elem_out)


def _operands_of_two_types(vals: list, attrs: dict, elem_in: str, elem_out: str) -> bool:
    """A request carries one operand type; a select's condition has another (the
    select-of-a-constant rewrites fold it)."""
    return True


_UNDEFINED: dict[str, Callable[[list, dict, str, str], bool]] = {
    "shli": _shift_out_of_range, "shri": _shift_out_of_range,
    "divi": _division_undefined, "remi": _division_undefined,
    "ftoi": _conversion_out_of_range, "bitcast": _bitcast_of_i1,
    "itof": _narrow_float_overflow, "ftof": _narrow_float_overflow,
    "select": _operands_of_two_types,
}


def fold_scalar(name: str, attrs: dict, t_in: TileType, t_out: TileType,
                bits: list[int]) -> int | None:
    """The bits of `name(operands)` on splat operands, or None when not well defined."""
    if attrs.get("rounding") in ("approx", "full"):
        return None
    n = len(bits)
    # operand types: comparisons read t_in for both; fma all same; converts t_in
    elem_in, elem_out = t_in.elem, t_out.elem
    if not isinstance(elem_in, str) or not isinstance(elem_out, str):
        return None                # tiles of pointers do not fold
    vals = [value_of_bits(elem_in, b) for b in bits]
    undefined = _UNDEFINED.get(name)
    if undefined is not None and undefined(vals, attrs, elem_in, elem_out):
        return None
    scalar_in = TileType((), elem_in)
    scalar_out = TileType((), t_out.elem)
    operands = [Value(scalar_in) for _ in range(n)]
    op = Operation(name, operands, [scalar_out], attrs)
    args = [np.asarray(v, dtype=numpy_dtype(elem_in)) for v in vals]
    try:
        with np.errstate(all="ignore"):
            res = evaluate_pure(op, args)[0]
    except Exception:
        return None
    r = np.asarray(res).reshape(-1)
    if r.size != 1:
        return None
    v = r[0].item()
    if is_float(t_out.elem) and v != v:
        return None                 # NaN payloads differ between devices: keep the op
    return const_bits(t_out.elem, v)


def _ty_text(arg: object) -> str:
    """A type argument (its text) as `egg.function_rows` reads it."""
    if isinstance(arg, str):
        return arg
    raise ValueError(f"a fold request's type is not a type's text: {arg!r}")


__all__ = ["FoldService", "fold_scalar", "FOLDABLE"]
