"""What each pure Tile IR op computes, on numpy arrays with the dtype's exact rules.

Integers wrap at their width; `signed`/`unsigned` reinterpret the bits; floats are
IEEE in their own precision (bf16 computed in float32 and rounded to nearest even);
`flush_to_zero` flushes subnormal inputs and results. Values are numpy arrays with
the op's result shape (0-d for scalars); pointers are int64 byte addresses.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Callable
from typing import Any

import numpy as np

from eqsat.errors import InterpError
from eqsat.ir.core import Operation
from eqsat.ir.types import (FLOAT_WIDTHS, INT_WIDTHS, PartitionViewType, PointerType, TileType,
                            byte_size, is_float, numpy_dtype)
from eqsat.ir import minifloat
from eqsat.interp.memory import round_to
from eqsat.interp.memory import narrow, from_storage, to_storage
from eqsat.ir.attrs import Bounded, DivBy, SameElements


@dataclass(frozen=True)
class TensorView:
    base: int
    elem: str
    shape: tuple[int, ...]
    strides: tuple[int, ...]


@dataclass(frozen=True)
class PartitionView:
    """A tiled view; tile i along a dimension starts at i * step (step = tile size for a
    partition view, the traversal stride for a strided view)."""
    view: TensorView
    tile: tuple[int, ...]
    padding: str | None
    dim_map: tuple[int, ...]
    steps: tuple[int, ...] | None = None

    def step(self, i: int) -> int:
        return self.tile[i] if self.steps is None else self.steps[i]

    def grid_shape(self) -> tuple[int, ...]:
        """Number of tiles along each tile dimension."""
        out = []
        for i, (t, d) in enumerate(zip(self.tile, self.dim_map)):
            n, st = self.view.shape[d], self.step(i)
            out.append(-(-n // t) if self.steps is None else max(0, -(-(n - t) // st) + 1))
        return tuple(out)


class _Token:
    """Runtime stand-in for a token value (ordering lives in the scheduler)."""
    __slots__ = ()

    def __repr__(self):
        return "token"


TOKEN_VALUE = _Token()

Semantics = Callable[[Operation, list], list]

# What each op computes: op name -> (op, operand values) -> result values. Ops that touch
# memory, the grid or a region are the executor's (eqsat.interp.machine.EFFECTS).
SEMANTICS: dict[str, Semantics] = {}


def semantics(*names: str) -> Callable[[Semantics], Semantics]:
    """Decorator: `fn(op, args) -> results` is the meaning of the ops `names`."""
    def add(fn: Semantics) -> Semantics:
        for n in names:
            register_semantics(n, fn)
        return fn
    return add


def register_semantics(name: str, fn: Semantics) -> None:
    """Give the pure op `name` (in the op catalogue) its meaning, once."""
    if name in SEMANTICS:
        raise ValueError(f"op '{name}' already has semantics")
    SEMANTICS[name] = fn


def unregister_semantics(name: str) -> None:
    """Forget the semantics of `name` (an op a test or an extension added)."""
    if SEMANTICS.pop(name, None) is None:
        raise KeyError(f"op '{name}' has no semantics")


def elem_of(op_type) -> str | PointerType:
    return op_type.elem


def _unsigned(dt: str) -> np.dtype:
    return np.dtype({8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64, 1: np.bool_}[
        INT_WIDTHS[dt]])


def _as(x: np.ndarray, elem: str, signedness: str | None) -> np.ndarray:
    """Integer bits viewed with the requested signedness. i1 is a 1-bit two's complement
    integer: signed, true is -1 (as `exti signed` extends it); unsigned, true is 1."""
    x = np.asarray(x)
    if elem == "i1":
        b = x.astype(np.bool_)
        return np.where(b, -1, 0).astype(np.int8) if signedness != "unsigned" else \
            b.astype(np.uint8)
    if signedness != "unsigned":
        return x
    return x.view(_unsigned(elem)) if x.ndim else np.asarray(x).reshape(1).view(
        _unsigned(elem)).reshape(())


def _back(x, elem: str) -> np.ndarray:
    """Wrap an integer result back to the signed storage dtype of `elem`."""
    x = np.asarray(x)
    dt = numpy_dtype(elem)
    if x.dtype == dt:
        return x
    if elem == "i1":                   # the low bit: -1 and 1 are both true
        return (x.astype(np.int64) & 1).astype(np.bool_)
    if np.issubdtype(x.dtype, np.integer) and x.dtype.itemsize == dt.itemsize:
        return x.reshape(x.shape or (1,)).view(dt).reshape(x.shape)
    return x.astype(dt)


# -- float helpers ------------------------------------------------------------------------
_TINY = {"f16": np.finfo(np.float16).tiny, "f32": np.finfo(np.float32).tiny,
         "bf16": np.finfo(np.float32).tiny, "tf32": np.finfo(np.float32).tiny,
         "f64": np.finfo(np.float64).tiny}


def _ftz(x: np.ndarray, elem: str) -> np.ndarray:
    x = np.asarray(x)
    sub = (x != 0) & (np.abs(x) < _TINY.get(elem, 0.0))
    if sub.any():
        x = np.where(sub, np.copysign(np.zeros_like(x), x), x)
    return x


def _directed(exact64: np.ndarray, elem: str, mode: str | None) -> np.ndarray:
    """Round float64 results to `elem` with a directed rounding mode."""
    if minifloat.is_minifloat(elem):
        return narrow(elem, exact64, mode or "nearest_even")
    r = round_to(elem, exact64)
    if mode in ("nearest_even", "approx", "full", None) or elem == "f64":
        return r
    r64 = r.astype(np.float64)
    dt = r.dtype
    if mode == "zero":
        fix = np.abs(r64) > np.abs(exact64)
        toward = np.zeros_like(r)
    elif mode == "negative_inf":
        fix = r64 > exact64
        toward = np.full_like(r, -np.inf)
    elif mode == "positive_inf":
        fix = r64 < exact64
        toward = np.full_like(r, np.inf)
    else:
        raise InterpError(f"unknown rounding mode '{mode}'")
    fix &= np.isfinite(exact64)
    if fix.any():
        r = np.where(fix, np.nextafter(r, toward).astype(dt), r)
    return r


# (significand bits with the hidden one, smallest normal exponent, largest exponent)
_FORMAT = {"f16": (11, -14, 15), "bf16": (8, -126, 127), "f32": (24, -126, 127),
           "f64": (53, -1022, 1023), "tf32": (11, -126, 127)}
# IEEE 754 operations computed exactly on rationals (squareRoot has its own routine)
_EXACT: dict[str, Callable[..., Any]] = {
    "addition": lambda a, b: a + b, "subtraction": lambda a, b: a - b,
    "multiplication": lambda a, b: a * b, "division": lambda a, b: a / b,
    "fusedMultiplyAdd": lambda a, b, c: a * b + c}


def round_exact(q: Fraction, elem: str, mode: str, negative_zero: bool = False) -> float:
    """The exact rational `q` rounded once to float type `elem` by `mode` (IEEE 754:
    nearest_even, zero, negative_inf, positive_inf), overflow included. An exact zero
    is -0.0 when `negative_zero`."""
    return _round_format(q, _FORMAT[elem], mode, negative_zero)


def _round_format(q: Fraction, fmt: tuple[int, int, int], mode: str,
                  negative_zero: bool = False) -> float:
    """`round_exact` for a format given as (significand bits, smallest normal exponent,
    largest exponent)."""
    if q == 0:
        return -0.0 if negative_zero else 0.0
    p, emin, emax = fmt
    neg = q < 0
    m = -q if neg else q
    e = m.numerator.bit_length() - m.denominator.bit_length()
    if Fraction(2) ** e > m:
        e -= 1                              # now 2^e <= m < 2^(e+1)
    e = max(e, emin)
    quantum = Fraction(2) ** (e - p + 1)
    n = m / quantum
    k = n.numerator // n.denominator
    frac = n - k
    if mode == "nearest_even":
        if frac > Fraction(1, 2) or (frac == Fraction(1, 2) and k % 2):
            k += 1
    elif mode == "zero":
        pass
    elif mode in ("positive_inf", "negative_inf"):
        if frac and (mode == "positive_inf") != neg:
            k += 1
    else:
        raise InterpError(f"unknown rounding mode '{mode}'")
    largest = (2 - Fraction(2) ** (1 - p)) * Fraction(2) ** emax
    mag = k * quantum
    if mag > largest:
        to_inf = mode == "nearest_even" or (mode == "positive_inf") != neg
        if mode == "zero":
            to_inf = False
        out = math.inf if to_inf else float(largest)
    else:
        out = float(mag)
    return -out if neg else out


def _mode(op: Operation) -> str:
    """The op's IEEE rounding mode; absent, `approx` and `full` round to nearest even."""
    mode = op.attrs.get("rounding")
    if mode in (None, "nearest_even", "approx", "full"):
        return "nearest_even"
    if mode in ("zero", "negative_inf", "positive_inf"):
        return str(mode)
    raise InterpError(f"'{op.name}': rounding mode '{mode}' does not apply")


def _to_float(values: list, elem: str, mode: str) -> np.ndarray:
    """Exact numbers (Python ints, or floats that are exact values of the source type,
    infinities and NaN included) rounded once to float type `elem` by `mode`. A
    minifloat rounds on its own grid and then saturates, as tileiras' code does
    (eqsat.ir.minifloat; the Tile IR spec differs there, so those values never fold)."""
    out = []
    mini = minifloat.is_minifloat(elem)
    for v in values:
        if isinstance(v, float) and not math.isfinite(v):
            out.append(v)
            continue
        q = Fraction(v)
        neg_zero = isinstance(v, float) and v == 0 and math.copysign(1.0, v) < 0
        if mini:
            f = minifloat.FORMATS[elem]
            # the format's grid, with room above its range: saturation is the encoder's
            fmt = (f.man_bits + 1, 1 - f.bias if f.subnormals else -f.bias, 4096)
            out.append(_round_format(q, fmt, mode, neg_zero))
        else:
            out.append(_round_format(q, _FORMAT[elem], mode, neg_zero))
    arr = np.array(out, np.float64)
    if mini:
        return narrow(elem, arr, mode)
    return round_to(elem, arr)          # exact: every value is already in `elem`


def _int_to_float(op: Operation, x) -> np.ndarray:
    """itof: the integer's value (two's complement or unsigned, by `signedness`) rounded
    once by the op's rounding mode."""
    se, de = op.operands[0].scalar_elem, op.results[0].scalar_elem
    sign = op.attrs.get("signedness", "signed")
    v = _as(x, se, sign)
    mode = _mode(op)
    if mode == "nearest_even" and de in ("f16", "bf16", "f32", "f64") and \
            bool(np.all(np.abs(v.astype(np.float64)) <= 2.0 ** 53)):
        with np.errstate(over="ignore"):     # beyond f16 is Inf (IEEE, as tileiras' I2F)
            return round_to(de, v.astype(np.float64))  # exact in f64, then rounded once
    ints = [int(i) for i in np.ravel(v).tolist()]
    return _to_float(ints, de, mode).reshape(np.shape(x))


def _float_to_float(op: Operation, x) -> np.ndarray:
    """ftof: the source value rounded once to the result type by the op's mode."""
    de = op.results[0].scalar_elem
    mode = _mode(op)
    xs = np.asarray(x)
    if mode == "nearest_even" and de in ("f16", "bf16", "f32", "f64"):
        with np.errstate(all="ignore"):      # a double rounded once to these
            return np.asarray(round_to(de, xs.astype(np.float64)))
    with np.errstate(invalid="ignore"):      # a signalling NaN widens quietly
        vals = [float(v) for v in np.ravel(xs.astype(np.float64)).tolist()]
    if minifloat.is_minifloat(de):
        return narrow(de, np.array(vals, np.float64), mode).reshape(xs.shape)
    return _to_float(vals, de, mode).reshape(xs.shape)


# ftoi's rounding to an integral value, per mode (the folder rounds the same way)
ROUND_TO_INT = {"nearest_even": np.rint, "zero": np.trunc, "nearest_int_to_zero": np.trunc,
           "negative_inf": np.floor, "positive_inf": np.ceil}


def _float_to_int(op: Operation, x) -> np.ndarray:
    """ftoi: rounded to an integer by the op's mode (absent: toward zero), then saturated
    to the result's range; NaN gives 0. That is what the `saturating` flag defines
    (tileiras clamps, and selects 0 for NaN). Without the flag Tile IR leaves NaN,
    infinities and values rounding outside the range undefined (tileiras then converts
    f32 to i8 through i16 and keeps the low byte): the same saturated value stands for
    them here, and the folder never folds them. To i1 tileiras tests the float against
    zero whatever the flags (sm_90: `LOP3.LUT P0, RZ, R0, 0x7fffffff` then `SEL`), so a
    nonzero value or NaN is true, as here; Tile IR's own value (0.5 is false) differs, so
    the folder leaves those and the solver proves rules under both."""
    de = op.results[0].scalar_elem
    sign = op.attrs.get("signedness", "signed")
    mode = op.attrs.get("rounding") or "zero"
    to_int = ROUND_TO_INT.get(mode)
    if to_int is None:
        raise InterpError(f"ftoi: rounding mode '{mode}' does not apply")
    if de == "i1":
        xs = np.asarray(x, np.float64)
        return (xs != 0) | np.isnan(xs)
    v = to_int(np.asarray(x, np.float64))
    width = INT_WIDTHS[de]
    if sign == "unsigned":
        lo, hi = 0, (1 << width) - 1
    else:
        lo, hi = -(1 << (width - 1)), (1 << (width - 1)) - 1
    # saturate as integers: the i64 bound 2^63 - 1 has no f64, and clipping in floats
    # gave 2^63, which wrapped to the most negative value
    clipped = [0 if t != t else min(max(int(t), lo), hi) if np.isfinite(t)
               else (hi if t > 0 else lo) for t in np.ravel(v).tolist()]
    if sign == "unsigned":
        clipped = [c - (1 << width) if c >= 1 << (width - 1) else c for c in clipped]
    return np.array(clipped, dtype=numpy_dtype(de)).reshape(np.shape(x))


def _min_max(op: Operation, args, largest: bool) -> np.ndarray:
    """maxf/minf as Tile IR defines them: -0.0 < +0.0; with `propagate_nan` a NaN
    operand gives NaN (IEEE maximum/minimum), without it the other operand
    (maximumNumber/minimumNumber); `flush_to_zero` flushes subnormal inputs."""
    elem = op.results[0].scalar_elem
    a, b = (np.asarray(v) for v in args)
    if op.attrs.get("flush_to_zero"):
        a, b = _ftz(a, elem), _ftz(b, elem)
    with np.errstate(invalid="ignore"):
        if largest:
            pick_a = (a > b) | ((a == b) & ~np.signbit(a))
        else:
            pick_a = (a < b) | ((a == b) & np.signbit(a))
    r = np.where(pick_a, a, b)
    na, nb = np.isnan(a), np.isnan(b)
    if op.attrs.get("propagate_nan"):
        r = np.where(na | nb, np.asarray(np.nan, r.dtype), r)
    else:
        r = np.where(na, b, np.where(nb, a, r))
    return np.asarray(r.astype(a.dtype))


def _exact_float_op(ieee: str, elem: str, mode: str, args: list) -> np.ndarray:
    """An IEEE op rounded once by `mode`, computed exactly (rationals) where its inputs
    are finite; infinities, NaN and division by zero give numpy's (exact) answer."""
    with np.errstate(invalid="ignore"):            # a signalling NaN widens quietly
        arrs = np.broadcast_arrays(*[np.asarray(a, np.float64) for a in args])
    out = np.empty(arrs[0].shape, np.float64)
    flat = [a.reshape(-1) for a in arrs]
    res = out.reshape(-1)
    for i in range(res.size):
        xs = [float(a[i]) for a in flat]
        special = not all(math.isfinite(v) for v in xs) or (ieee == "division" and xs[1] == 0) \
            or (ieee == "squareRoot" and xs[0] < 0)
        if special or (ieee == "squareRoot" and xs[0] == 0):
            with np.errstate(all="ignore"):
                if ieee == "squareRoot":
                    res[i] = np.sqrt(xs[0])
                elif ieee == "fusedMultiplyAdd" and math.isfinite(xs[0]) and math.isfinite(xs[1]):
                    res[i] = xs[2]               # an exact product is finite: c decides
                elif ieee == "fusedMultiplyAdd":              # an infinity or NaN decides alone
                    res[i] = np.float64(xs[0]) * np.float64(xs[1]) + np.float64(xs[2])
                else:
                    res[i] = _EXACT[ieee](*[np.float64(v) for v in xs])
            continue
        if ieee == "squareRoot":
            res[i] = _round_sqrt(Fraction(xs[0]), elem, mode)
            continue
        q = _EXACT[ieee](*[Fraction(v) for v in xs])
        if q == 0:
            if ieee in ("multiplication", "division"):
                nz = (math.copysign(1, xs[0]) < 0) != (math.copysign(1, xs[1]) < 0)
            else:
                if ieee == "fusedMultiplyAdd":
                    prod_neg = (math.copysign(1, xs[0]) < 0) != (math.copysign(1, xs[1]) < 0)
                    terms = [(xs[0] * xs[1] == 0, prod_neg),
                             (xs[2] == 0, math.copysign(1, xs[2]) < 0)]
                else:
                    second = -xs[1] if ieee == "subtraction" else xs[1]
                    terms = [(xs[0] == 0, math.copysign(1, xs[0]) < 0),
                             (second == 0, math.copysign(1, second) < 0)]
                if all(z for z, _ in terms):            # a sum of two zeros
                    nz = all(s for _, s in terms) or (mode == "negative_inf"
                                                      and any(s for _, s in terms))
                else:                                    # exact cancellation
                    nz = mode == "negative_inf"
            res[i] = -0.0 if nz else 0.0
            continue
        res[i] = round_exact(q, elem, mode)
    return round_to(elem, out)


def _round_sqrt(x: Fraction, elem: str, mode: str) -> float:
    """sqrt of a positive rational rounded once: the integer square root of a scaled
    value decides the last bit exactly."""
    p = _FORMAT[elem][0]
    shift = 2 * (p + 4) - (x.numerator.bit_length() - x.denominator.bit_length())
    shift += shift % 2
    scaled = x * Fraction(2) ** shift
    n = scaled.numerator // scaled.denominator
    r = math.isqrt(n)
    exact = r * r == n and scaled.denominator == 1
    root = Fraction(r) / Fraction(2) ** (shift // 2)
    if not exact:                           # r < sqrt < r + 1: nudge inside the interval
        root += Fraction(1, 2) / Fraction(2) ** (shift // 2)
    return round_exact(root, elem, mode)


def _float_op(op: Operation, fn: Callable, args, ieee: str | None = None) -> np.ndarray:
    """`fn` in the result's precision; `ieee` (an `_EXACT` key or "squareRoot") names the
    exactly computable IEEE operation `fn` is, for directed rounding."""
    elem = op.results[0].scalar_elem
    ftz = op.attrs.get("flush_to_zero", False)
    if ftz:
        args = [_ftz(a, elem) for a in args]
    mode = op.attrs.get("rounding")
    directed = mode in ("zero", "negative_inf", "positive_inf")
    if ieee and elem in _FORMAT and (directed or (ieee == "fusedMultiplyAdd" and elem == "f64")):
        res = _exact_float_op(ieee, elem, str(mode) if directed else "nearest_even", args)
        return np.asarray(_ftz(res, elem) if ftz else res)
    with np.errstate(all="ignore"):
        if mode in (None, "nearest_even", "approx", "full") and elem != "tf32":
            wide = np.float32 if elem == "bf16" else numpy_dtype(elem)
            res = fn(*[np.asarray(a, wide) for a in args])
            res = round_to(elem, res)
        else:
            res = _directed(fn(*[np.asarray(a, np.float64) for a in args]), elem, mode)
    if ftz:
        res = _ftz(res, elem)
    return np.asarray(res)


def _pow(op: Operation, base, ex) -> np.ndarray:
    """x ** y correctly rounded to the result type: computed in float64 (exact for a square
    of f32 or narrower, within libm's pow accuracy otherwise) and rounded once."""
    elem = op.results[0].scalar_elem
    if not is_float(op.operands[1].tile.elem):
        ex = np.asarray(ex).astype(np.float64)
    with np.errstate(all="ignore"):
        res = np.power(np.asarray(base, np.float64), np.asarray(ex, np.float64))
    return np.asarray(round_to(elem, res))


def _fma(a, b, c):
    """a * b + c of f16/bf16/f32 inputs in float64, rounded to odd: the product is exact
    there, the sum's rounding error is recovered exactly (two-sum), and an inexact sum
    takes the odd one of its two neighbours, so rounding that once more to the result
    type rounds once. Rounding the sum to nearest first could leave a tie of the result
    type that the exact value is not on."""
    a, b, c = (np.asarray(v, np.float64) for v in (a, b, c))
    with np.errstate(all="ignore"):
        p = a * b
        s = p + c
        back = s - p
        err = (p - (s - back)) + (c - back)
        inexact = np.isfinite(s) & np.isfinite(err) & (err != 0)
        even = (np.ascontiguousarray(s).reshape(-1).view(np.int64) & 1).reshape(s.shape) == 0
        toward = np.where(err > 0, np.inf, -np.inf)
        return np.where(inexact & even, np.nextafter(s, toward), s)


_FLOAT_BINARY: dict[str, Callable[..., np.ndarray]] = {
    "addf": np.add, "subf": np.subtract, "mulf": np.multiply, "divf": np.divide,
    "remf": np.fmod, "pow": np.power, "atan2": np.arctan2,
}
_FLOAT_UNARY: dict[str, Callable[..., np.ndarray]] = {
    "exp": np.exp, "exp2": np.exp2, "log": np.log, "log2": np.log2,
    "rsqrt": lambda x: 1 / np.sqrt(x), "sin": np.sin, "cos": np.cos, "tan": np.tan,
    "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh, "floor": np.floor, "ceil": np.ceil,
    "absf": np.abs, "negf": np.negative,
}


_WRAPPING: dict[str, Callable[..., np.ndarray]] = {
    "addi": np.add, "subi": np.subtract, "muli": np.multiply, "andi": np.bitwise_and,
    "ori": np.bitwise_or, "xori": np.bitwise_xor,
}


def _wrapping(fn: Callable[..., np.ndarray]) -> Semantics:
    """An integer op that wraps at the width (two's complement, any signedness)."""
    def run(op: Operation, args: list) -> list:
        elem = op.results[0].scalar_elem
        a, b = args
        with np.errstate(all="ignore"):
            if elem == "i1":
                a, b = np.asarray(a, np.uint8), np.asarray(b, np.uint8)
            r = fn(np.asarray(a), np.asarray(b))
            return [(r & 1).astype(np.bool_) if elem == "i1" else _back(r, elem)]
    return run


for _name, _fn in _WRAPPING.items():
    register_semantics(_name, _wrapping(_fn))


@semantics("shli")
def _shli(op: Operation, args: list) -> list:
    elem = op.results[0].scalar_elem
    a, b = args
    bits = INT_WIDTHS[elem]
    with np.errstate(all="ignore"):
        sh = _as(b, elem, "unsigned").astype(np.uint64)
        r = np.where(sh >= bits, 0, np.left_shift(_as(a, elem, "unsigned"),
                                                   np.minimum(sh, bits - 1).astype(
                                                       _unsigned(elem))))
        return [_back(np.asarray(r).astype(_unsigned(elem)), elem)]


@semantics("shri")
def _shri(op: Operation, args: list) -> list:
    elem = op.results[0].scalar_elem
    a, b = args
    sign = op.attrs.get("signedness")
    bits = INT_WIDTHS[elem]
    with np.errstate(all="ignore"):
        sh = _as(b, elem, "unsigned").astype(np.uint64)
        x = _as(a, elem, sign or "signed")
        big = sh >= bits
        shc = np.minimum(sh, bits - 1).astype(x.dtype)
        r = np.right_shift(x, shc)
        if sign == "unsigned":
            r = np.where(big, 0, r)
        else:
            r = np.where(big, np.where(x < 0, -1, 0), r)
        return [_back(np.asarray(r).astype(x.dtype), elem)]


def _signed_pair(fn: Callable[..., np.ndarray]) -> Semantics:
    """An integer op on both operands read with the op's signedness."""
    def run(op: Operation, args: list) -> list:
        elem = op.results[0].scalar_elem
        sign = op.attrs.get("signedness")
        with np.errstate(all="ignore"):
            return [fn(op, _as(args[0], elem, sign), _as(args[1], elem, sign), elem, sign)]
    return run


register_semantics("maxi", _signed_pair(lambda op, x, y, elem, sign: _back(np.maximum(x, y),
                                                                             elem)))
register_semantics("mini", _signed_pair(lambda op, x, y, elem, sign: _back(np.minimum(x, y),
                                                                             elem)))


def _mulhi(op, x, y, elem, sign):
    bits = INT_WIDTHS[elem]
    hi = [(int(p) * int(q)) >> bits for p, q in zip(np.ravel(x), np.ravel(y))]
    wrapped = [((h + (1 << (bits - 1))) % (1 << bits)) - (1 << (bits - 1)) for h in hi]
    return np.array(wrapped, dtype=numpy_dtype(elem)).reshape(np.shape(x))


register_semantics("mulhii", _signed_pair(_mulhi))
register_semantics("divi", _signed_pair(
    lambda op, x, y, elem, sign: _divrem(op, x, y, elem, sign, remainder=False)))
register_semantics("remi", _signed_pair(
    lambda op, x, y, elem, sign: _divrem(op, x, y, elem, sign, remainder=True)))


def _divrem(op, x, y, elem, sign, remainder: bool):
    """Integer division (or its remainder); a zero divisor gives all-ones bits (a fixed
    choice, not UB)."""
    xo = x.astype(object)
    yo = y.astype(object)
    mode = op.attrs.get("rounding", "zero")
    flat_x, flat_y = np.ravel(xo), np.ravel(yo)
    out = []
    for p, q in zip(flat_x, flat_y):
        p, q = int(p), int(q)
        if q == 0:
            out.append(-1)
            continue
        fl = p // q
        if remainder:
            t = abs(p) // abs(q) * (1 if (p >= 0) == (q >= 0) else -1)
            out.append(p - q * t)
            continue
        exact = fl * q == p
        if mode == "zero":
            r = abs(p) // abs(q) * (1 if (p >= 0) == (q >= 0) else -1)
        elif mode in ("negative_inf", "floor"):
            r = fl
        elif mode in ("positive_inf", "ceil"):
            r = fl if exact else fl + 1
        else:
            raise InterpError(f"divi: unknown rounding '{mode}'")
        out.append(r)
    bits = INT_WIDTHS[elem]
    wrapped = [((v + (1 << (bits - 1))) % (1 << bits)) - (1 << (bits - 1)) for v in out]
    return np.array(wrapped, dtype=numpy_dtype(elem)).reshape(np.shape(x))


_CMP = {
    "equal": np.equal, "not_equal": np.not_equal, "less_than": np.less,
    "less_than_or_equal": np.less_equal, "greater_than": np.greater,
    "greater_than_or_equal": np.greater_equal,
}


def _cmpi(op, a, b):
    elem = op.operands[0].type.elem
    f = _CMP.get(op.attrs["predicate"])
    if f is None:
        raise InterpError(f"cmpi: unknown predicate '{op.attrs['predicate']}'")
    if isinstance(elem, PointerType):
        return f(np.asarray(a).view(np.uint64) if np.ndim(a) else np.uint64(a),
                 np.asarray(b).view(np.uint64) if np.ndim(b) else np.uint64(b))
    s = op.attrs["signedness"]
    return np.asarray(f(_as(a, elem, s), _as(b, elem, s)))


def _cmpf(op, a, b):
    f = _CMP.get(op.attrs["predicate"])
    if f is None:
        raise InterpError(f"cmpf: unknown predicate '{op.attrs['predicate']}'")
    with np.errstate(invalid="ignore"):
        r = f(a, b)
    unordered = np.isnan(a) | np.isnan(b)
    if op.attrs["ordering"] == "ordered":
        return np.asarray(r & ~unordered)
    return np.asarray(r | unordered)


def _result_tile(op: Operation) -> TileType:
    t = op.results[0].type
    assert isinstance(t, TileType)                      # verified
    return t


def _reshape(op: Operation, x):
    return np.asarray(x).reshape(_result_tile(op).shape)


def _broadcast(op: Operation, x):
    shape = _result_tile(op).shape
    xs = np.asarray(x)
    if xs.ndim != len(shape):
        xs = xs.reshape((1,) * (len(shape) - xs.ndim) + xs.shape)
    return np.array(np.broadcast_to(xs, shape))


def _pointer_cast(op: Operation, x):
    return np.asarray(x).astype(numpy_dtype(_result_tile(op).elem))


# the number conversions (the verifier refuses pointers there)
def _exti(op: Operation, x):
    se, de = op.operands[0].scalar_elem, op.results[0].scalar_elem
    sign = op.attrs.get("signedness", "signed")
    return _as(x, se, sign).astype(numpy_dtype(de)) if se != "i1" or sign == "unsigned" \
        else np.where(np.asarray(x), -1, 0).astype(numpy_dtype(de))


def _trunci(op: Operation, x):
    de = op.results[0].scalar_elem
    if de == "i1":
        return (np.asarray(x) & 1).astype(np.bool_)
    return np.asarray(x).astype(numpy_dtype(de))


def _bitcast(op: Operation, x):
    se, de = op.operands[0].scalar_elem, op.results[0].scalar_elem
    stored = ("bf16", "i1") + tuple(minifloat.FORMATS)
    raw = to_storage(se, np.asarray(x)) if se in stored else np.asarray(x)
    target = np.uint16 if de == "bf16" else np.uint8 if de in minifloat.FORMATS \
        else numpy_dtype(de)
    bits = np.ascontiguousarray(raw).reshape(-1).view(target).reshape(np.shape(x))
    return from_storage(de, bits) if de in ("bf16",) + tuple(minifloat.FORMATS) else bits


@semantics("pack")
def _pack(op: Operation, args: list) -> list:
    """The elements' storage bits, little-endian, as i8 bytes."""
    src = op.operands[0].scalar_elem
    raw = np.ascontiguousarray(to_storage(src, np.asarray(args[0])))
    return [raw.astype(raw.dtype.newbyteorder("<")).view(np.int8).reshape(-1)]


@semantics("unpack")
def _unpack(op: Operation, args: list) -> list:
    """i8 bytes, little-endian, back to the elements whose storage bits they are."""
    dst = op.results[0].scalar_elem
    raw = np.ascontiguousarray(np.asarray(args[0], np.int8)).view(np.uint8)
    sd = to_storage(dst, np.zeros(1, numpy_dtype(dst))).dtype.newbyteorder("<")
    return [from_storage(dst, raw.view(sd).astype(sd.newbyteorder("="))).reshape(-1)]


def _iota(op):
    t = op.results[0].type
    return np.arange(t.shape[0], dtype=np.int64).astype(numpy_dtype(t.elem))


def _constant(op):
    t = op.results[0].type
    arr = op.attrs["value"].array
    return np.array(np.broadcast_to(arr, t.shape))


def _offset(op, p, o):
    """p + o elements; o is signed (an i1 true is -1: tileiras negates the bit)."""
    pointee = op.operands[0].type.elem.pointee
    o = _as(o, op.operands[1].scalar_elem, "signed")
    with np.errstate(over="ignore"):
        r = np.asarray(p, np.int64) + np.asarray(o).astype(np.int64) * byte_size(pointee)
    return np.array(np.broadcast_to(r, op.results[0].type.shape))


def _select(c, a, b):
    return np.where(np.asarray(c, np.bool_), a, b)


def _mma(op, a, b, acc):
    """Matrix multiply-accumulate, accumulated exactly (float64 / int64) then rounded once.
    einsum without BLAS: a multi-threaded BLAS is 100x slower on a loaded machine."""
    elem = op.results[0].scalar_elem
    spec = "...ik,...kj->...ij"
    if is_float(elem):
        r = np.einsum(spec, np.asarray(a, np.float64), np.asarray(b, np.float64), optimize=False)
        return round_to(elem, r + np.asarray(acc, np.float64))
    # each input read with its own signedness (`signed`/`unsigned` for both, or a pair)
    s = op.attrs.get("signedness")
    lhs, rhs = (s, s) if isinstance(s, str) or s is None else tuple(s)
    ea, eb = op.operands[0].scalar_elem, op.operands[1].scalar_elem
    a = _as(a, ea, op.attrs.get("signedness_lhs", lhs))
    b = _as(b, eb, op.attrs.get("signedness_rhs", rhs))
    r = np.einsum(spec, np.asarray(a, np.int64), np.asarray(b, np.int64), optimize=False)
    return (r + np.asarray(acc, np.int64)).astype(numpy_dtype(elem))


def unsigned_value(x) -> int:
    """An integer operand read as unsigned, as Tile IR reads view shapes, strides and
    indices: an i32 -1 is 2^32 - 1."""
    a = np.asarray(x)
    return int(a) if a.dtype == np.bool_ else int(a) & ((1 << (8 * a.dtype.itemsize)) - 1)


def _wrapped(n: int, elem: str) -> np.ndarray:
    """The integer n in type `elem`: its low bits (a size past the signed range reads back
    as the unsigned value it is)."""
    bits = INT_WIDTHS[elem]
    n &= (1 << bits) - 1
    return np.asarray(n - (1 << bits) if n >> (bits - 1) else n, numpy_dtype(elem))


def make_tensor_view(op, args) -> TensorView:
    """Dynamic sizes and strides are unsigned; a stride enters 64-bit address arithmetic,
    which wraps (an i64 -1 steps back, an i32 -1 is 2^32 - 1 elements on)."""
    t = op.results[0].type
    base = int(np.asarray(args[0]))
    dyn_shape = iter(args[1:1 + len(op.group("shape"))])
    dyn_strides = iter(args[1 + len(op.group("shape")):])
    shape = tuple(unsigned_value(next(dyn_shape)) if s is None else s
                  for s in op.attrs["static_shape"])
    strides = tuple(int(_wrapped(unsigned_value(next(dyn_strides)), "i64")) if s is None else s
                    for s in op.attrs["static_strides"])
    return TensorView(base, t.elem, shape, strides)


def make_partition_view(op, tv: TensorView) -> PartitionView:
    t = op.results[0].type
    if isinstance(t, PartitionViewType):
        return PartitionView(tv, t.tile, t.padding, t.mapping())
    return PartitionView(tv, t.tile, None, t.mapping(), tuple(t.traversal_strides))


def index_space_shape(op, pv: PartitionView):
    it = op.results[0].type.elem
    return [_wrapped(n, it) for n in pv.grid_shape()]


# -- the meaning of each pure op -----------------------------------------------------------
def _float_with(fn: Callable[..., np.ndarray], ieee: str | None = None) -> Semantics:
    return lambda op, args: [_float_op(op, fn, args, ieee)]


# the float ops that are exactly one IEEE operation: rounded exactly when directed
_IEEE_OP = {"addf": "addition", "subf": "subtraction", "mulf": "multiplication",
            "divf": "division"}
for _name, _fn in _FLOAT_BINARY.items():
    register_semantics(_name, _float_with(_fn, _IEEE_OP.get(_name)))
for _name, _fn in _FLOAT_UNARY.items():
    register_semantics(_name, _float_with(_fn))
register_semantics("sqrt", _float_with(np.sqrt, "squareRoot"))
register_semantics("fma", _float_with(_fma, "fusedMultiplyAdd"))


@semantics("fpowf", "fpowi")
def _powers(op: Operation, args: list) -> list:
    return [_pow(op, *args)]


@semantics("maxf")
def _maxf(op: Operation, args: list) -> list:
    return [_min_max(op, args, largest=True)]


@semantics("minf")
def _minf(op: Operation, args: list) -> list:
    return [_min_max(op, args, largest=False)]


def _int_unary(fn: Callable[..., np.ndarray]) -> Callable[[Operation, list], np.ndarray]:
    def run(op: Operation, args: list) -> np.ndarray:
        elem = op.results[0].scalar_elem
        with np.errstate(all="ignore"):
            return _back(fn(_as(args[0], elem, "signed")), elem)
    return run


_ABSI, _NEGI = _int_unary(np.abs), _int_unary(np.negative)
register_semantics("absi", lambda op, args: [_ABSI(op, args)])
register_semantics("negi", lambda op, args: [_NEGI(op, args)])


def _either(fn: Callable[..., np.ndarray], on_ints: Callable[[Operation, list], np.ndarray]
            ) -> Semantics:
    """abs/neg: the float op on floats, the integer one on integers."""
    def run(op: Operation, args: list) -> list:
        if is_float(op.results[0].scalar_elem):
            return [_float_op(op, fn, args)]
        return [on_ints(op, args)]
    return run


register_semantics("abs", _either(np.abs, _ABSI))
register_semantics("neg", _either(np.negative, _NEGI))
register_semantics("cmpi", lambda op, args: [_cmpi(op, *args)])
register_semantics("cmpf", lambda op, args: [_cmpf(op, *args)])


def _unary(fn: Callable[[Operation, Any], Any]) -> Semantics:
    return lambda op, args: [np.asarray(fn(op, args[0]))]


for _names, _conv in ((("reshape",), _reshape), (("broadcast",), _broadcast),
                      (("int_to_ptr", "ptr_to_int", "ptr_to_ptr"), _pointer_cast),
                      (("exti",), _exti), (("trunci",), _trunci), (("itof",), _int_to_float),
                      (("ftoi",), _float_to_int), (("ftof",), _float_to_float),
                      (("bitcast",), _bitcast)):
    semantics(*_names)(_unary(_conv))
register_semantics("select", lambda op, args: [_select(*args)])
register_semantics("offset", lambda op, args: [_offset(op, *args)])
register_semantics("iota", lambda op, args: [_iota(op)])
register_semantics("constant", lambda op, args: [_constant(op)])
register_semantics("assume", lambda op, args: [args[0]])
semantics("mmaf", "mmai")(lambda op, args: [_mma(op, *args)])


@semantics("mmaf_scaled")
def _mma_scaled(op: Operation, args: list) -> list:
    a, b, acc, sa, sb = (np.asarray(x, np.float64) for x in args)
    block = a.shape[-1] // sa.shape[-1]
    a = a * np.repeat(sa, block, axis=-1)
    b = b * np.repeat(sb, block, axis=-2)
    r = np.einsum("...ik,...kj->...ij", a, b, optimize=False)
    return [round_to(op.results[0].scalar_elem, r + acc)]


register_semantics("permute",
                   lambda op, args: [np.transpose(args[0], op.attrs["permutation"]).copy()])
register_semantics("cat",
                   lambda op, args: [np.concatenate([args[0], args[1]], axis=op.attrs["dim"])])


def _slices(op: Operation, indices: list, part: tuple[int, ...], whole: tuple[int, ...]):
    """The slices of slice number `indices` (unsigned) of shape `part` in `whole`; a slice
    that does not exist is an error (undefined behaviour in Tile IR)."""
    out = []
    for d, (i, s, n) in enumerate(zip(indices, part, whole)):
        k = unsigned_value(i)
        if (k + 1) * s > n:
            raise InterpError(f"'{op.name}': slice {k} of size {s} along dimension {d} is "
                              f"past the end ({n} elements): undefined behaviour")
        out.append(slice(k * s, k * s + s))
    return tuple(out)


@semantics("extract")
def _extract(op: Operation, args: list) -> list:
    x = np.asarray(args[0])
    return [x[_slices(op, args[1:], op.results[0].tile.shape, x.shape)].copy()]


@semantics("insert")
def _insert(op: Operation, args: list) -> list:
    out = np.array(args[1], copy=True)
    out[_slices(op, args[2:], op.operands[0].tile.shape, out.shape)] = args[0]
    return [out]


# one grid alone: no grid to wait for or launch; the fence orders through its tokens,
# which the schedulers follow
semantics("make_token", "join_tokens", "memory_fence_alias_tko", "gdc_launch_dependents_tko",
          "gdc_wait_tko")(lambda op, args: [TOKEN_VALUE])
register_semantics("make_tensor_view", lambda op, args: [make_tensor_view(op, args)])
semantics("make_partition_view", "make_strided_view")(
    lambda op, args: [make_partition_view(op, args[0])])
register_semantics("get_index_space_shape", lambda op, args: index_space_shape(op, args[0]))
register_semantics("get_tensor_shape", lambda op, args: [
    _wrapped(s, r.scalar_elem) for s, r in zip(args[0].shape, op.results)])


def evaluate_pure(op: Operation, args: list) -> list:
    """Results of a pure op (no memory, no regions) given its operand values."""
    fn = SEMANTICS.get(op.name)
    if fn is None:
        raise InterpError(f"the interpreter has no semantics for '{op.name}'")
    return fn(op, args)


# -- assume checking ----------------------------------------------------------------------
def assume_holds(op: Operation, value) -> str | None:
    """None if the assume's predicate holds for `value`, else a description of why not."""
    p = op.attrs["predicate"]
    v = value
    if isinstance(v, TensorView):
        v = np.asarray(v.base)
    arr = np.asarray(v)
    if isinstance(p, DivBy):
        if arr.dtype == np.bool_:
            return None
        x = arr.astype(np.int64)
        if p.every is None:
            bad = x % p.divisor != 0
        else:
            along = p.along
            if along is None:
                raise InterpError(f"'{p}' names no dimension to step along")
            idx = np.arange(x.shape[along]) % p.every
            shape = [1] * x.ndim
            shape[along] = -1
            lead = (idx == 0).reshape(shape)
            step = byte_size(op.operands[0].type.elem.pointee) if isinstance(
                op.operands[0].type, TileType) and isinstance(
                op.operands[0].type.elem, PointerType) else 1
            first = np.take(x, np.arange(x.shape[along]) // p.every * p.every, axis=along)
            bad = np.where(lead, x % p.divisor != 0,
                           x != first + (idx.reshape(shape) * step))
        if bad.any():
            return f"value {int(x[bad].reshape(-1)[0])} is not divisible by {p.divisor}"
        return None
    if isinstance(p, Bounded):
        x = arr.astype(np.int64)
        if p.lo is not None and (x < p.lo).any():
            return f"value {int(x[x < p.lo].reshape(-1)[0])} is below {p.lo}"
        if p.hi is not None and (x > p.hi).any():
            return f"value {int(x[x > p.hi].reshape(-1)[0])} is above {p.hi}"
        return None
    if isinstance(p, SameElements):
        for d, c in enumerate(p.counts):
            if c <= 1 or d >= arr.ndim:
                continue
            groups = np.take(arr, np.arange(arr.shape[d]) // c * c, axis=d)
            if not np.array_equal(arr, groups, equal_nan=True):
                return f"elements along dimension {d} differ within groups of {c}"
        return None
    return None


__all__ = ["TensorView", "PartitionView", "TOKEN_VALUE", "evaluate_pure", "assume_holds",
           "FLOAT_WIDTHS", "SEMANTICS", "Semantics", "semantics", "register_semantics",
           "unregister_semantics"]
