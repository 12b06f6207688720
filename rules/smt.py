"""Tile IR ops as SMT terms (z3): the solver's half of a rule proof.

`refines(lhs, rhs)` takes the two small kernels the soundness checker builds for one
instantiation of a rule (inputs loaded from `p_<name>` arrays, one op tree, its value
stored to `p_out`) and asks z3 whether some input makes them differ. Every input is a
bit-vector of its element type's width (a float input is every bit pattern of its
format, so NaN, -0.0, infinities and subnormals are all in scope); a constant whose bits
are a pattern variable of the rule is a bit-vector too.

What each op means is `eqsat.interp.semantics`, the executable definition, written
again for the solver (tests/test_smt_crosscheck.py and benchmarks/bench_smt_crosscheck.py
evaluate random ops both ways and compare them bit for bit), one registration per op
as in the interpreter (`smt_semantics`, `register_smt_semantics`: the op's function and
every attribute value it reads):

- integers wrap at their width; i1 is a 1-bit two's complement integer (signed true is
  -1); `signedness` absent reads as signed;
- shifts by the width or more give 0 (`shli`, `shri unsigned`) or the sign (`shri signed`);
- `divi`/`remi` by zero give all-ones bits (the interpreter's fixed choice); `divi`
  rounds toward zero, or to -inf / +inf under `rounding`; signed INT_MIN / -1 wraps;
- floats are IEEE 754 in their own format (f16, bf16, f32, f64), rounded once by the
  op's `rounding` (absent: nearest even); `flush_to_zero` flushes subnormal inputs and
  results to a zero of their sign; outputs compare bit for bit, every NaN equal to
  every NaN (payloads are not specified across devices).

- conversions: `itof` and `ftof` round once by `rounding` (absent, `approx`, `full`:
  nearest even), IEEE overflow rules for f16/bf16/f32/f64; a conversion to f8E4M3FN or
  f8E5M2 rounds on that format's grid; beyond its range (an infinity included) it
  either saturates to the largest finite value of its sign, as tileiras' code and the
  interpreter do, or gives Inf (NaN for f8E4M3FN), as the Tile IR spec says of `itof`:
  a free choice (`MINI_OVERFLOW_SATURATES`) both sides share, so a proof holds for
  either (docs/measurements/fp8_conversions.md); `ftoi` rounds by `rounding` (absent:
  toward zero), saturates to the result's range and gives 0 for NaN; to i1 a shared
  free choice (`FTOI_I1_TESTS_ZERO`) between that (i1: -1..0 signed, 0..1 unsigned) and
  tileiras' code, which tests the float against zero (any nonzero value or NaN is
  true); `bitcast` keeps the bits, except that a NaN computed by an op has no defined
  payload (a fresh unknown);
- `maxf`/`minf`: -0.0 < +0.0; with `propagate_nan` a NaN operand gives NaN, without
  it the other operand; `flush_to_zero` flushes subnormal inputs;
- pointers are 64-bit byte addresses: `offset` adds the offset (sign-extended, an i1
  too: true is -1) times the pointee's size, wrapping; `ptr_to_int`/`int_to_ptr`/
  `ptr_to_ptr` keep the bits; comparisons of addresses are unsigned;
- an `assume` is its operand (its predicate is a promise of the program, checked apart);
- f8E4M3FN and f8E5M2 values are exact float64 terms (decoded from their 8 bits by a
  table), so `ftof` and `ftoi` from them are exact.

Undefined behaviour: `ftoi` of NaN, of an infinity or of a value rounding outside the
result's range is undefined in Tile IR unless the op is `saturating`, and an `overflow`
annotation is an assumption the program makes. The proof is a refinement: where the
left-hand side is undefined any right-hand side is right, and the right-hand side must
be defined wherever the left is. The ops this module does not know (transcendentals,
memory, f8E8M0FNU, f4E2M1FN and tf32) raise
`Unsupported`: the checker then samples instead and says so.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from eqsat.ir.attrs import Bounded
from eqsat.ir.core import Kernel, Operation, Value
from eqsat.ir.numbers import bits_of
from eqsat.ir.ops import SPECS
from eqsat.ir.types import INT_WIDTHS, FLOAT_WIDTHS, PointerType, TileType, byte_size


class Unsupported(Exception):
    """The kernel uses something this module cannot express; the message says what."""


def available() -> bool:
    """Whether z3 (the `z3-solver` package) can be imported."""
    try:
        importlib.import_module("z3")
    except ImportError:
        return False
    return True


def _z3() -> Any:
    return importlib.import_module("z3")


# (exponent bits, significand bits including the hidden one)
_FP = {"f16": (5, 11), "bf16": (8, 8), "f32": (8, 24), "f64": (11, 53)}
_MODES = {None: "RNE", "nearest_even": "RNE", "zero": "RTZ", "negative_inf": "RTN",
          "positive_inf": "RTP"}
# 8-bit floats the solver models: (significand bits with the hidden one, smallest
# exponent of the grid's finest step); their values are float64 terms
_MINI = {"f8E4M3FN": (4, -6), "f8E5M2": (3, -14)}



def elem_width(elem: Any) -> int:
    if isinstance(elem, PointerType):
        return 64
    return INT_WIDTHS[elem] if elem in INT_WIDTHS else FLOAT_WIDTHS[elem]


def is_modelled(elem: Any) -> bool:
    """Element types the solver models (numbers of the IR's integer and IEEE types, the
    8-bit floats f8E4M3FN and f8E5M2, and pointers: 64-bit byte addresses)."""
    if isinstance(elem, PointerType):
        return True
    return isinstance(elem, str) and (elem in INT_WIDTHS or elem in _FP or elem in _MINI)


def is_float_elem(elem: str) -> bool:
    return elem in _FP or elem in _MINI


def fp_sort(elem: str) -> Any:
    """The z3 sort holding values of float type `elem` (float64 for an 8-bit float)."""
    e, s = _FP["f64" if elem in _MINI else elem]
    return _z3().FPSort(e, s)


def rounding(mode: str | None) -> Any:
    z3 = _z3()
    name = _MODES.get(mode)
    if name is None:
        raise Unsupported(f"rounding mode '{mode}'")
    return {"RNE": z3.RNE(), "RTZ": z3.RTZ(), "RTN": z3.RTN(), "RTP": z3.RTP()}[name]


_PREDICATES = ("equal", "not_equal", "less_than", "less_than_or_equal", "greater_than",
               "greater_than_or_equal")
_SIGNS = ("signed", "unsigned")
_FLOAT_MODS = {"rounding": (None, "zero", "negative_inf", "positive_inf"),
               "flush_to_zero": (False, True)}


@dataclass
class Context:
    """What an op's SMT semantics sees beside the op and its operands' terms."""
    elem: Any                        # the result's element type (modelled)
    raw: list[Any]                   # each operand's bits where known (inputs, constants)
    # log2 of the pointee's size in bytes as a free word (Inputs.pointee_log), or None
    pointee_log: Any = None
    # set by the semantics: the result's bits where it knows them (a bitcast of an integer)
    bits: Any = None


# (op, operand terms, context) -> (value, undefined? or None for never)
SmtSemantics = Callable[[Operation, list[Any], Context], tuple[Any, Any]]

# What each op means to the solver, by op name: one registration per op (or family).
SMT_SEMANTICS: dict[str, SmtSemantics] = {}
# the attribute keys each op's semantics read, and every value they can take (None and
# False: absent); an attribute variable of a pattern matches every combination
ATTRIBUTE_SPACE: dict[str, dict[str, tuple]] = {}
_POINTER_RESULTS: set[str] = set()       # ops whose semantics accept a pointer result
_revision = 0                            # bumped by each change to the table


def revision() -> int:
    """Counts changes to the SMT semantics: a proof (or the reason there is none)
    cached under an older count may be stale."""
    return _revision


def register_smt_semantics(name: str, fn: SmtSemantics, *,
                           attributes: dict[str, tuple] | None = None,
                           pointers: bool = False) -> None:
    """Give the pure op `name` its meaning for the solver, once. `fn(op, args, ctx)`
    returns (value, undefined?) as z3 terms (undefined? None: defined everywhere) or
    raises Unsupported. `attributes`: the attribute keys `fn` reads and every value
    each can take (None/False: absent), over which a rule whose attributes are a pattern
    variable is proved. `pointers`: `fn` also takes ops producing pointers."""
    global _revision
    if name in SMT_SEMANTICS:
        raise ValueError(f"op '{name}' already has SMT semantics")
    _revision += 1
    SMT_SEMANTICS[name] = fn
    if attributes:
        ATTRIBUTE_SPACE[name] = dict(attributes)
    if pointers:
        _POINTER_RESULTS.add(name)


def unregister_smt_semantics(name: str) -> None:
    """Forget the SMT semantics of `name` (an op a test or an extension added)."""
    global _revision
    if SMT_SEMANTICS.pop(name, None) is None:
        raise KeyError(f"op '{name}' has no SMT semantics")
    _revision += 1
    ATTRIBUTE_SPACE.pop(name, None)
    _POINTER_RESULTS.discard(name)


def smt_semantics(*names: str, attributes: dict[str, tuple] | None = None,
                  pointers: bool = False) -> Callable[[SmtSemantics], SmtSemantics]:
    """Decorator: `fn(op, args, ctx)` is the solver's meaning of the ops `names`."""
    def add(fn: SmtSemantics) -> SmtSemantics:
        for n in names:
            register_smt_semantics(n, fn, attributes=attributes, pointers=pointers)
        return fn
    return add


def supported() -> frozenset[str]:
    """The op names a proof can contain: those with SMT semantics, and constants."""
    return frozenset(SMT_SEMANTICS) | {n for n, s in SPECS.items() if s.has("constant")}


@dataclass
class Inputs:
    """The free bit-vectors shared by both sides: inputs by name, constants by name."""
    vars: dict[str, Any] = field(default_factory=dict)
    elems: dict[str, Any] = field(default_factory=dict)
    # log2 of the pointee's size in bytes as a free 64-bit word (the caller bounds it):
    # one problem then covers every pointee size, whatever the kernel's pointee type
    pointee_log: Any = None

    def get(self, name: str, elem: Any) -> Any:
        z3 = _z3()
        if name not in self.vars:
            self.vars[name] = z3.BitVec(name, elem_width(elem))
            self.elems[name] = elem
        return self.vars[name]


def _mini_values(elem: str) -> list[float]:
    import numpy as np
    from eqsat.ir import minifloat
    return [float(v) for v in minifloat.decode(elem, np.arange(256)).tolist()]


def _fp64(v: float) -> Any:
    z3 = _z3()
    s = fp_sort("f64")
    return z3.fpNaN(s) if v != v else z3.FPVal(v, s)


def from_bits(elem: str, bv: Any) -> Any:
    """The value of element type `elem` whose bits are the bit-vector `bv`."""
    z3 = _z3()
    if elem in _MINI:                    # the format's table, as a chain of cases
        vals = _mini_values(elem)
        term = _fp64(vals[255])
        for code in range(254, -1, -1):
            term = z3.If(bv == code, _fp64(vals[code]), term)
        return term
    if elem in _FP:
        return z3.fpBVToFP(bv, fp_sort(elem))
    return bv


def to_bits(elem: str, x: Any) -> Any:
    """The bits of float value `x` of type `elem`; a NaN's are a fresh unknown (its
    payload is not defined)."""
    z3 = _z3()
    w = elem_width(elem)
    unknown = z3.FreshConst(z3.BitVecSort(w), "nan_bits")
    if elem in _MINI:
        term = unknown
        for code, v in enumerate(_mini_values(elem)):
            if v == v:
                term = z3.If(x == _fp64(v), z3.BitVecVal(code, w), term)
        return term
    return z3.If(z3.fpIsNaN(x), unknown, z3.fpToIEEEBV(x))


def const_term(elem: str, bits: int) -> Any:
    z3 = _z3()
    w = elem_width(elem)
    bv = z3.BitVecVal(bits & ((1 << w) - 1), w)
    return z3.simplify(from_bits(elem, bv)) if is_float_elem(elem) else bv


def _ftz(x: Any) -> Any:
    z3 = _z3()
    zero = z3.If(z3.fpIsNegative(x), z3.fpMinusZero(x.sort()), z3.fpPlusZero(x.sort()))
    return z3.If(z3.fpIsSubnormal(x), zero, x)


def _cmp(pred: str, lt: Any, eq: Any) -> Any:
    """A predicate from `less than` and `equal` of its operands."""
    z3 = _z3()
    return {"equal": eq, "not_equal": z3.Not(eq), "less_than": lt,
            "less_than_or_equal": z3.Or(lt, eq), "greater_than": z3.Not(z3.Or(lt, eq)),
            "greater_than_or_equal": z3.Not(lt)}[pred]


def _bool_bv(b: Any) -> Any:
    z3 = _z3()
    return z3.If(b, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1))


def op_term(op: Operation, args: list[Any], raw: list[Any] | None = None) -> tuple[Any, Any]:
    """(value, undefined?) of a pure op on SMT operands (see the module doc). `raw`: the
    bits of each float operand where they are known (inputs and constants), which a
    `bitcast` keeps, NaN payloads included."""
    return _apply(op, args, raw or [None] * len(args), None)[:2]


def _apply(op: Operation, args: list[Any], raw: list[Any],
           pointee_log: Any) -> tuple[Any, Any, Any]:
    """(value, undefined?, known bits of the value or None) by the op's registration."""
    n = op.name
    rt = op.results[0].type
    if not isinstance(rt, TileType) or not is_modelled(rt.elem):
        raise Unsupported(f"'{n}' producing {rt}")
    if isinstance(rt.elem, PointerType) and n not in _POINTER_RESULTS:
        raise Unsupported(f"'{n}' producing {rt}")
    fn = SMT_SEMANTICS.get(n)
    if fn is None:
        raise Unsupported(f"op '{n}'")
    ctx = Context(rt.elem, raw, pointee_log)
    value, undef = fn(op, args, ctx)
    return value, _z3().BoolVal(False) if undef is None else undef, ctx.bits


@smt_semantics("offset", pointers=True)
def _offset(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
    """A byte address plus elements of its pointee (of 2^pointee_log bytes if given)."""
    base, off = args
    if ctx.pointee_log is not None:
        return base + (_widen(off) << ctx.pointee_log), None
    assert isinstance(ctx.elem, PointerType)
    return base + _widen(off) * _z3().BitVecVal(byte_size(ctx.elem.pointee), 64), None


@smt_semantics("ptr_to_int", "int_to_ptr", "ptr_to_ptr", pointers=True)
def _same_bits(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
    return args[0], None


# one lane (the checker builds scalars); an assume's value is its operand whatever its
# predicate says (a promise the program makes, checked apart): the semantics never read
# the predicate, so one that promises nothing stands for all of them
smt_semantics("reshape", "broadcast", pointers=True)(_same_bits)
smt_semantics("assume", pointers=True,
              attributes={"predicate": (Bounded(None, None),)})(_same_bits)


@smt_semantics("select", pointers=True)
def _select(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
    z3 = _z3()
    return z3.If(args[0] == z3.BitVecVal(1, 1), args[1], args[2]), None


def _signed(op: Operation) -> bool:
    return op.attrs.get("signedness", "signed") != "unsigned"


def _int_binary(fn: Callable[[Any, Any], Any]) -> SmtSemantics:
    return lambda op, args, ctx: (fn(args[0], args[1]), None)


smt_semantics("addi")(_int_binary(lambda a, b: a + b))
smt_semantics("subi")(_int_binary(lambda a, b: a - b))
smt_semantics("muli")(_int_binary(lambda a, b: a * b))
smt_semantics("andi")(_int_binary(lambda a, b: a & b))
smt_semantics("ori")(_int_binary(lambda a, b: a | b))
smt_semantics("xori")(_int_binary(lambda a, b: a ^ b))
smt_semantics("shli")(_int_binary(lambda a, b: a << b))
smt_semantics("negi")(lambda op, args, ctx: (-args[0], None))
smt_semantics("absi")(lambda op, args, ctx: (_z3().If(args[0] < 0, -args[0], args[0]), None))
smt_semantics("trunci")(lambda op, args, ctx: (
    _z3().Extract(elem_width(ctx.elem) - 1, 0, args[0]), None))


@smt_semantics("shri", attributes={"signedness": _SIGNS})
def _shri(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
    return (args[0] >> args[1]) if _signed(op) else _z3().LShR(args[0], args[1]), None


def _max_min_int(larger: bool) -> SmtSemantics:
    def fn(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
        z3 = _z3()
        a, b = args
        gt = (a > b) if _signed(op) else z3.UGT(a, b)
        return (z3.If(gt, a, b) if larger else z3.If(gt, b, a)), None
    return fn


smt_semantics("maxi", attributes={"signedness": _SIGNS})(_max_min_int(True))
smt_semantics("mini", attributes={"signedness": _SIGNS})(_max_min_int(False))


@smt_semantics("mulhii", attributes={"signedness": _SIGNS})
def _mulhii(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
    """The high half of the double-width product."""
    z3 = _z3()
    w = elem_width(ctx.elem)
    ext = z3.SignExt if _signed(op) else z3.ZeroExt
    return z3.Extract(2 * w - 1, w, ext(w, args[0]) * ext(w, args[1])), None


@smt_semantics("remi", attributes={"signedness": _SIGNS})
def _remi(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
    """The remainder of division toward zero; by zero all-ones bits."""
    z3 = _z3()
    a, b = args
    r = z3.SRem(a, b) if _signed(op) else z3.URem(a, b)
    return z3.If(b == z3.BitVecVal(0, a.size()), z3.BitVecVal((1 << a.size()) - 1, a.size()),
                 r), None


@smt_semantics("divi", attributes={"signedness": _SIGNS,
                                   "rounding": (None, "negative_inf", "positive_inf")})
def _divi(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
    return _divrem(op, args[0], args[1], _signed(op)), None


@smt_semantics("exti", attributes={"signedness": _SIGNS})
def _exti(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
    z3 = _z3()
    extra = elem_width(ctx.elem) - elem_width(op.operands[0].scalar_elem)
    return (z3.SignExt(extra, args[0]) if _signed(op) else z3.ZeroExt(extra, args[0])), None


@smt_semantics("cmpi", attributes={"predicate": _PREDICATES, "signedness": _SIGNS})
def _cmpi(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
    z3 = _z3()
    a, b = args
    unsigned = op.attrs.get("signedness") == "unsigned" or \
        isinstance(op.operands[0].tile.elem, PointerType)     # addresses: unsigned
    lt = z3.ULT(a, b) if unsigned else (a < b)
    return _bool_bv(_cmp(op.attrs["predicate"], lt, a == b)), None


@smt_semantics("cmpf", attributes={"predicate": _PREDICATES,
                                   "ordering": ("ordered", "unordered")})
def _cmpf(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
    z3 = _z3()
    a, b = args
    unordered = z3.Or(z3.fpIsNaN(a), z3.fpIsNaN(b))
    r = _cmp(op.attrs["predicate"], z3.fpLT(a, b), z3.fpEQ(a, b))
    r = z3.And(r, z3.Not(unordered)) if op.attrs["ordering"] == "ordered" else \
        z3.Or(r, unordered)
    return _bool_bv(r), None


def _ieee(fn: Callable[[Operation, list[Any]], Any]) -> SmtSemantics:
    """An op on the IEEE formats only (not the 8-bit floats)."""
    def on(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
        if ctx.elem not in _FP:
            raise Unsupported(f"'{op.name}' on {ctx.elem}")
        return fn(op, args), None
    return on


def _float_op(fn: Callable[..., Any], rounds: bool = True) -> SmtSemantics:
    """A float op rounded once by `rounding` (when `rounds`: `fn(rm, *args)`), its inputs
    and result flushed to zero under `flush_to_zero`."""
    def value(op: Operation, args: list[Any]) -> Any:
        ftz = bool(op.attrs.get("flush_to_zero"))
        if ftz:
            args = [_ftz(a) for a in args]
        rm = rounding(op.attrs.get("rounding"))
        r = fn(rm, *args) if rounds else fn(*args)
        return _ftz(r) if ftz else r
    return _ieee(value)


smt_semantics("addf", attributes=_FLOAT_MODS)(_float_op(lambda rm, a, b: _z3().fpAdd(rm, a, b)))
smt_semantics("subf", attributes=_FLOAT_MODS)(_float_op(lambda rm, a, b: _z3().fpSub(rm, a, b)))
smt_semantics("mulf", attributes=_FLOAT_MODS)(_float_op(lambda rm, a, b: _z3().fpMul(rm, a, b)))
smt_semantics("divf", attributes=_FLOAT_MODS)(_float_op(lambda rm, a, b: _z3().fpDiv(rm, a, b)))
smt_semantics("fma", attributes=_FLOAT_MODS)(
    _float_op(lambda rm, a, b, c: _z3().fpFMA(rm, a, b, c)))
smt_semantics("sqrt", attributes=_FLOAT_MODS)(_float_op(lambda rm, a: _z3().fpSqrt(rm, a)))
smt_semantics("negf", attributes={"flush_to_zero": (False, True)})(
    _float_op(lambda a: _z3().fpNeg(a), rounds=False))
smt_semantics("absf", attributes={"flush_to_zero": (False, True)})(
    _float_op(lambda a: _z3().fpAbs(a), rounds=False))
_MIN_MAX_ATTRS = {"propagate_nan": (False, True), "flush_to_zero": (False, True)}
smt_semantics("maxf", attributes=_MIN_MAX_ATTRS)(_ieee(lambda op, args: _min_max(op, args, True)))
smt_semantics("minf", attributes=_MIN_MAX_ATTRS)(
    _ieee(lambda op, args: _min_max(op, args, False)))


def _widen(o: Any) -> Any:
    """An offset as a 64-bit word: sign-extended, an i1 too (true is -1 element: tileiras
    negates the bit, as the interpreter reads it)."""
    z3 = _z3()
    if o.size() == 64:
        return o
    return z3.SignExt(64 - o.size(), o)


def _min_max(op: Operation, args: list[Any], largest: bool) -> Any:
    z3 = _z3()
    a, b = args
    if op.attrs.get("flush_to_zero"):
        a, b = _ftz(a), _ftz(b)
    eq = z3.fpEQ(a, b)
    if largest:
        pick_a = z3.Or(z3.fpGT(a, b), z3.And(eq, z3.Not(z3.fpIsNegative(a))))
    else:
        pick_a = z3.Or(z3.fpLT(a, b), z3.And(eq, z3.fpIsNegative(a)))
    r = z3.If(pick_a, a, b)
    na, nb = z3.fpIsNaN(a), z3.fpIsNaN(b)
    if op.attrs.get("propagate_nan"):
        return z3.If(z3.Or(na, nb), z3.fpNaN(a.sort()), r)
    return z3.If(na, b, z3.If(nb, a, r))


def _ieee_mode(op: Operation) -> Any:
    mode = op.attrs.get("rounding")
    return rounding(None if mode in ("approx", "full") else mode)


# Whether a conversion to f8E4M3FN / f8E5M2 beyond its range saturates (what tileiras
# compiles it to) or gives Inf, NaN for f8E4M3FN (what the Tile IR spec says of `itof`):
# one free choice shared by both sides of a proof, so a rule holds under either
MINI_OVERFLOW_SATURATES = "mini_overflow_saturates"


def mini_overflow_saturates() -> Any:
    return _z3().Bool(MINI_OVERFLOW_SATURATES)


# `ftoi` to i1: the Tile IR spec rounds and saturates (0.5 is false), tileiras compiles a
# test against zero (any nonzero float or NaN is true, whatever the flags; the
# interpreter does the same): one free choice shared by both sides of a proof
FTOI_I1_TESTS_ZERO = "ftoi_i1_tests_zero"


def ftoi_i1_tests_zero() -> Any:
    return _z3().Bool(FTOI_I1_TESTS_ZERO)


def _saturate_mini(x: Any, elem: str) -> Any:
    """A float64 term already on `elem`'s grid, brought into its range: beyond it (an
    infinity included), the largest finite value of its sign, or Inf / NaN, by the
    shared choice above."""
    from eqsat.ir import minifloat
    z3 = _z3()
    big = float(minifloat.largest_finite(elem))
    hi, lo = _fp64(big), _fp64(-big)
    f64 = fp_sort("f64")
    if elem == "f8E5M2":
        pos, neg = z3.fpPlusInfinity(f64), z3.fpMinusInfinity(f64)
    else:
        pos = neg = z3.fpNaN(f64)
    sat = mini_overflow_saturates()
    over = z3.Or(z3.fpGT(x, hi), z3.And(z3.fpIsInf(x), z3.Not(z3.fpIsNegative(x))))
    under = z3.Or(z3.fpLT(x, lo), z3.And(z3.fpIsInf(x), z3.fpIsNegative(x)))
    return z3.If(over, z3.If(sat, hi, pos), z3.If(under, z3.If(sat, lo, neg), x))


def _round_mini(x: Any, elem: str, rm: Any) -> Any:
    """A float term rounded once onto 8-bit float `elem`'s grid, then saturated: normal
    magnitudes by a float of the format's precision and float64's range, subnormal ones
    as whole multiples of the format's finest step."""
    z3 = _z3()
    f64 = fp_sort("f64")
    p, emin = _MINI[elem]
    x64 = z3.fpToFP(z3.RNE(), x, f64)                 # exact
    normal = z3.fpToFP(z3.RNE(), z3.fpToFP(rm, x64, z3.FPSort(11, p)), f64)
    step = 2.0 ** (emin - p + 1)
    sub = z3.fpMul(z3.RNE(), z3.fpRoundToIntegral(rm, z3.fpMul(z3.RNE(), x64, _fp64(1 / step))),
                   _fp64(step))
    small = z3.fpLT(z3.fpAbs(x64), _fp64(2.0 ** emin))
    return _saturate_mini(z3.If(small, sub, normal), elem)


_TO_INT = {None: "RTZ", "zero": "RTZ", "nearest_int_to_zero": "RTZ", "nearest_even": "RNE",
           "negative_inf": "RTN", "positive_inf": "RTP"}


def _source(op: Operation) -> str:
    """A conversion's operand element type, if the solver models it."""
    src = op.operands[0].scalar_elem
    if not isinstance(src, str) or not is_modelled(src):
        raise Unsupported(f"'{op.name}' from {src}")
    return src


@smt_semantics("bitcast")
def _bitcast(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
    """The same bits (a float operand's as known, NaN payloads included)."""
    src = _source(op)
    x, raw = args[0], ctx.raw[0]
    if src in INT_WIDTHS:
        ctx.bits = x
    bits = x if src in INT_WIDTHS else raw if raw is not None else to_bits(src, x)
    return from_bits(ctx.elem, bits), None


@smt_semantics("itof", attributes={"signedness": _SIGNS, "rounding": _FLOAT_MODS["rounding"]})
def _itof(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
    z3 = _z3()
    _source(op)
    x, elem, signed = args[0], ctx.elem, _signed(op)
    rm = _ieee_mode(op)
    if elem in _MINI:
        wide = z3.FPSort(11, _MINI[elem][0])      # integers are never subnormal there
        r = z3.fpSignedToFP(rm, x, wide) if signed else z3.fpUnsignedToFP(rm, x, wide)
        return _saturate_mini(z3.fpToFP(z3.RNE(), r, fp_sort("f64")), elem), None
    to = fp_sort(elem)
    return (z3.fpSignedToFP(rm, x, to) if signed else z3.fpUnsignedToFP(rm, x, to)), None


@smt_semantics("ftof", attributes={"rounding": _FLOAT_MODS["rounding"]})
def _ftof(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
    _source(op)
    rm = _ieee_mode(op)
    if ctx.elem in _MINI:
        return _round_mini(args[0], ctx.elem, rm), None
    return _z3().fpToFP(rm, args[0], fp_sort(ctx.elem)), None


@smt_semantics("ftoi", attributes={"signedness": _SIGNS,
                                   "rounding": (None, "nearest_even", "negative_inf",
                                                "positive_inf"),
                                   "saturating": (None, True)})
def _ftoi(op: Operation, args: list[Any], ctx: Context) -> tuple[Any, Any]:
    """Round to an integral value, then saturate (compared in float64: exact); NaN is 0.
    Without `saturating`, NaN, infinities and values rounding outside the range are
    undefined (Tile IR), so a proof may not lean on the saturated value there."""
    z3 = _z3()
    _source(op)
    x = args[0]
    mode = op.attrs.get("rounding")
    if mode not in _TO_INT:
        raise Unsupported(f"ftoi rounding '{mode}'")
    rm = {"RTZ": z3.RTZ(), "RNE": z3.RNE(), "RTN": z3.RTN(), "RTP": z3.RTP()}[_TO_INT[mode]]
    f64 = fp_sort("f64")
    r = z3.fpRoundToIntegral(rm, z3.fpToFP(z3.RNE(), x, f64))
    w = elem_width(ctx.elem)
    if _signed(op):
        hi, lo = (1 << (w - 1)) - 1, -(1 << (w - 1))
        top, bottom = _fp64(2.0 ** (w - 1)), _fp64(-(2.0 ** (w - 1)))
        inside = z3.fpToSBV(z3.RTZ(), r, z3.BitVecSort(w))
        val = z3.If(z3.fpGEQ(r, top), z3.BitVecVal(hi, w),
                    z3.If(z3.fpLT(r, bottom), z3.BitVecVal(lo, w), inside))
        outside = z3.Or(z3.fpGEQ(r, top), z3.fpLT(r, bottom))
    else:
        top = _fp64(2.0 ** w)
        inside = z3.fpToUBV(z3.RTZ(), r, z3.BitVecSort(w))
        val = z3.If(z3.fpGEQ(r, top), z3.BitVecVal((1 << w) - 1, w),
                    z3.If(z3.fpLT(r, _fp64(0.0)), z3.BitVecVal(0, w), inside))
        outside = z3.Or(z3.fpGEQ(r, top), z3.fpLT(r, _fp64(0.0)))
    val = z3.If(z3.fpIsNaN(r), z3.BitVecVal(0, w), val)
    undefined = None if op.attrs.get("saturating") else \
        z3.Or(z3.fpIsNaN(x), z3.fpIsInf(x), outside)
    if w == 1:                      # Tile IR's value, or tileiras' test against zero
        tests = ftoi_i1_tests_zero()
        val = z3.If(tests, z3.If(z3.fpIsZero(x), z3.BitVecVal(0, 1), z3.BitVecVal(1, 1)), val)
        undefined = None if undefined is None else z3.And(z3.Not(tests), undefined)
    return val, undefined


def _divrem(op: Operation, a: Any, b: Any, signed: bool) -> Any:
    """A quotient rounded by `rounding` (absent: toward zero); by zero all-ones bits."""
    z3 = _z3()
    w = a.size()
    ones = z3.BitVecVal((1 << w) - 1, w)
    zero = z3.BitVecVal(0, w)
    one = z3.BitVecVal(1, w)
    mode = op.attrs.get("rounding", "zero")
    if signed:
        q, r = a / b, z3.SRem(a, b)          # toward zero
        if mode in ("negative_inf", "floor"):
            q = z3.If(z3.And(r != zero, (r < 0) != (b < 0)), q - one, q)
        elif mode in ("positive_inf", "ceil"):
            q = z3.If(z3.And(r != zero, (r < 0) == (b < 0)), q + one, q)
        elif mode != "zero":
            raise Unsupported(f"divi rounding '{mode}'")
    else:
        q, r = z3.UDiv(a, b), z3.URem(a, b)
        if mode in ("positive_inf", "ceil"):
            q = z3.If(r != zero, q + one, q)
        elif mode not in ("zero", "negative_inf", "floor"):
            raise Unsupported(f"divi rounding '{mode}'")
    return z3.If(b == zero, ones, q)


def _input_name(v: Value) -> str:
    name = v.name or ""
    return name[2:] if name.startswith("p_") else name


def translate(kernel: Kernel, inputs: Inputs, symbolic: dict[int, str]) -> tuple[Any, Any, str]:
    """(value stored, undefined?, its element type) of a checker kernel. `symbolic`: ids
    of constant ops whose bits are the named free bit-vector."""
    z3 = _z3()
    env: dict[int, Any] = {}
    raw: dict[int, Any] = {}              # known bits of float values, for bitcast
    undef = z3.BoolVal(False)
    out = None
    for op in kernel.body.ops:
        spec = op.spec
        if spec is not None and spec.is_load and spec.is_pointer_access:
            ptr = op.operands[0]
            elem = ptr.type.elem.pointee if isinstance(ptr.type, TileType) and isinstance(
                ptr.type.elem, PointerType) else None
            if elem is None or not is_modelled(elem):
                raise Unsupported(f"inputs of type {elem}")
            bv = inputs.get(_input_name(ptr), elem)
            env[id(op.results[0])] = from_bits(str(elem), bv)
            raw[id(op.results[0])] = bv
            continue
        if spec is not None and spec.is_store and spec.is_pointer_access:
            v = op.operands[1]
            out = (env[id(v)], v.tile.elem)
            continue
        if spec is not None and spec.has("return"):
            continue
        if spec is not None and spec.has("constant"):
            t = op.results[0].tile
            if not is_modelled(t.elem):
                raise Unsupported(f"constants of type {t.elem}")
            assert isinstance(t.elem, str)
            if id(op) in symbolic:
                bv = inputs.get(symbolic[id(op)], t.elem)
                term = from_bits(t.elem, bv)
            else:
                arr = op.attrs["value"].array.reshape(-1)[0]
                bits = bits_of(t.elem, arr) if is_float_elem(t.elem) else int(arr)
                term = const_term(t.elem, bits)
                w = elem_width(t.elem)
                bv = z3.BitVecVal(bits & ((1 << w) - 1), w)
            env[id(op.results[0])] = term
            raw[id(op.results[0])] = bv
            continue
        if op.name not in SMT_SEMANTICS:
            raise Unsupported(f"op '{op.name}'")
        if op.regions or len(op.results) != 1:
            raise Unsupported(f"op '{op.name}' with regions or several results")
        for v in op.operands:
            if not isinstance(v.type, TileType) or not is_modelled(v.type.elem):
                raise Unsupported(f"'{op.name}' on {v.type}")
        term, u, bits = _apply(op, [env[id(v)] for v in op.operands],
                               [raw.get(id(v)) for v in op.operands], inputs.pointee_log)
        env[id(op.results[0])] = term
        if bits is not None:
            raw[id(op.results[0])] = bits
        undef = z3.Or(undef, u)
    if out is None:
        raise Unsupported("a kernel that stores nothing")
    return out[0], undef, str(out[1])


def same_value(elem: str, a: Any, b: Any) -> Any:
    """Bit-for-bit equality, every NaN equal to every NaN."""
    z3 = _z3()
    if is_float_elem(elem):
        return z3.Or(z3.And(z3.fpIsNaN(a), z3.fpIsNaN(b)), a == b)
    return a == b


@dataclass
class Outcome:
    """What the solver said: `proved`, or a model (bits of every free variable)."""
    proved: bool
    model: dict[str, int] = field(default_factory=dict)
    elems: dict[str, str] = field(default_factory=dict)


def refines(lhs: Kernel, rhs: Kernel, *, symbolic_lhs: dict[int, str] | None = None,
            symbolic_rhs: dict[int, str] | None = None, timeout_ms: int = 60_000) -> Outcome:
    """Is `rhs` defined and equal to `lhs` for every input where `lhs` is defined?
    Raises Unsupported (an op it cannot express, or the solver gave up)."""
    z3 = _z3()
    inputs = Inputs()
    a, ua, ea = translate(lhs, inputs, symbolic_lhs or {})
    b, ub, eb = translate(rhs, inputs, symbolic_rhs or {})
    if ea != eb:
        raise ValueError(f"the two sides have different element types ({ea}, {eb})")
    s = z3.SolverFor("QF_FPBV") if any(is_float_elem(e) for e in inputs.elems.values()) \
        or is_float_elem(ea) else z3.SolverFor("QF_BV")
    s.set("timeout", timeout_ms)
    s.add(z3.Not(ua), z3.Or(ub, z3.Not(same_value(ea, a, b))))
    got = s.check()
    if got == z3.unsat:
        return Outcome(True)
    if got != z3.sat:
        raise Unsupported(f"the solver gave up ({s.reason_unknown()})")
    m = s.model()
    model = {name: m.eval(bv, model_completion=True).as_long()
             for name, bv in inputs.vars.items()}
    return Outcome(False, model, dict(inputs.elems))




# -- the solver's semantics against the interpreter's ---------------------------------------------
_INTS = ("i1", "i8", "i16", "i32", "i64")
_FLOATS = (*_FP, *_MINI)


@dataclass
class Instance:
    """One op on concrete operands: `bits` of each operand, by element type."""
    op: str
    attrs: dict[str, Any]
    operand_elems: list[str]
    result_elem: str
    bits: list[int]

    def __str__(self) -> str:
        shown = ", ".join(f"{e}:0x{b:X}" for e, b in zip(self.operand_elems, self.bits))
        return f"{self.op} {self.attrs or ''} ({shown}) -> {self.result_elem}"


def _edge_bits(elem: str) -> list[int]:
    w = elem_width(elem)
    if elem in _MINI:
        # zero, smallest subnormal, largest subnormal, smallest normal, one, largest
        # finite, the next code (NaN or infinity), a NaN, and their negatives
        edges = [0, 1, 0x07, 0x08, 0x38, 0x7E, 0x7F, 0x7C] if elem == "f8E4M3FN" else \
            [0, 1, 0x03, 0x04, 0x3C, 0x7B, 0x7C, 0x7D, 0x7E]
        return edges + [b | 0x80 for b in edges]
    if elem in _FP:
        e, sig = _FP[elem]
        man = sig - 1
        sign = 1 << (w - 1)
        inf = ((1 << e) - 1) << man
        edges = [0, 1, (1 << man) - 1, 1 << man, inf - 1, inf, inf | 1, inf | (1 << (man - 1)),
                 (((1 << (e - 1)) - 1) << man)]                        # 1.0
        return edges + [b | sign for b in edges]
    return [0, 1, (1 << w) - 1, 1 << (w - 1), (1 << (w - 1)) - 1, 2, w, w - 1] \
        if w > 1 else [0, 1]


def _near_one(elem: str, rng: Any) -> int:
    """Bits of a value whose conversion rounds: an integer just above a power of two,
    or a float in the middle of the target's range."""
    w = elem_width(elem)
    if elem in INT_WIDTHS:
        k = rng.randrange(max(1, w - 1))
        return ((1 << k) + rng.getrandbits(max(1, k // 2 + 1))) & ((1 << w) - 1)
    return rng.getrandbits(w)


_SAME_WIDTH = {8: ("i8", "f8E4M3FN", "f8E5M2"), 16: ("i16", "f16", "bf16"), 32: ("i32", "f32"),
               64: ("i64", "f64")}

# (operand element types, result element type) of one instance, drawn from an rng
Signature = Callable[[Any], tuple[list[str], str]]
# The cross-checked ops: name -> (its signature's draw, whether its operands are also
# drawn near rounding points, as a conversion's are)
CROSS_CHECKED: dict[str, tuple[Signature, bool]] = {}


def register_cross_check(name: str, draw: Signature, *, conversion: bool = False) -> None:
    """Let `random_instance` draw op `name` (it needs SMT and interpreter semantics):
    `draw(rng)` gives its operand and result element types."""
    if name in CROSS_CHECKED:
        raise ValueError(f"op '{name}' is already cross-checked")
    CROSS_CHECKED[name] = (draw, conversion)


def unregister_cross_check(name: str) -> None:
    if CROSS_CHECKED.pop(name, None) is None:
        raise KeyError(f"op '{name}' is not cross-checked")


def _uniform(elems: tuple[str, ...], arity: int = 2, result: str | None = None) -> Signature:
    """Operands of one type drawn from `elems`; the result of that type or `result`."""
    def draw(rng: Any) -> tuple[list[str], str]:
        elem = rng.choice(elems)
        return [elem] * arity, result or elem
    return draw


def _select_signature(rng: Any) -> tuple[list[str], str]:
    elem = rng.choice(_INTS)
    return ["i1", elem, elem], elem


def _widening(rng: Any) -> tuple[list[str], str]:
    a, b = sorted(rng.sample(_INTS, 2), key=_INTS.index)
    return [a], b


def _narrowing(rng: Any) -> tuple[list[str], str]:
    a, b = sorted(rng.sample(_INTS, 2), key=_INTS.index)
    return [b], a


def _float_pair(rng: Any) -> tuple[list[str], str]:
    a, b = rng.sample(_FLOATS, 2)
    return [a], b


def _same_width(rng: Any) -> tuple[list[str], str]:
    a, b = rng.sample(_SAME_WIDTH[rng.choice((8, 16, 32, 64))], 2)
    return [a], b


for _name, _draw in (
        *((n, _uniform(_INTS)) for n in ("addi", "subi", "muli", "andi", "ori", "xori",
                                         "shli", "shri", "maxi", "mini", "divi", "remi")),
        ("negi", _uniform(_INTS, 1)), ("absi", _uniform(_INTS, 1)),
        ("cmpi", _uniform(_INTS, result="i1")), ("exti", _widening), ("trunci", _narrowing),
        ("select", _select_signature), ("mulhii", _uniform(_INTS)),
        *((n, _uniform(tuple(_FP))) for n in ("addf", "subf", "mulf", "divf")),
        ("fma", _uniform(tuple(_FP), 3)), ("negf", _uniform(tuple(_FP), 1)),
        ("absf", _uniform(tuple(_FP), 1)), ("sqrt", _uniform(tuple(_FP), 1)),
        ("cmpf", _uniform(tuple(_FP), result="i1")), ("maxf", _uniform(tuple(_FP))),
        ("minf", _uniform(tuple(_FP)))):
    register_cross_check(_name, _draw)
register_cross_check("itof", lambda rng: ([rng.choice(_INTS)], rng.choice(_FLOATS)),
                     conversion=True)
register_cross_check("ftoi", lambda rng: ([rng.choice(_FLOATS)], rng.choice(_INTS)),
                     conversion=True)
register_cross_check("ftof", _float_pair, conversion=True)
register_cross_check("bitcast", _same_width, conversion=True)


def random_instance(rng: Any) -> Instance:
    """A random op of the cross-checked ones, its attributes and operands (a third of
    the operands from each type's edges: zeros, ones, extremes, infinities, NaNs,
    subnormals), drawn from `rng` (a `random.Random`)."""
    name = rng.choice(tuple(CROSS_CHECKED))
    space = ATTRIBUTE_SPACE.get(name, {})
    attrs = {k: rng.choice(v) for k, v in sorted(space.items())}
    attrs = {k: v for k, v in attrs.items() if v is not None and v is not False}
    draw, conversion = CROSS_CHECKED[name]
    operands, result = draw(rng)
    bits = []
    for e in operands:
        w = elem_width(e)
        r = rng.random()
        if r < 0.35:
            bits.append(rng.choice(_edge_bits(e)))
        elif r < 0.55 and conversion:
            bits.append(_near_one(e, rng))
        else:
            bits.append(rng.getrandbits(w))
    return Instance(name, attrs, operands, result, bits)


def _solver_value(inst: Instance) -> tuple[int, bool] | None:
    """(bits, is NaN) of the op's result by the SMT semantics; None where the op is
    undefined (then any answer is right)."""
    z3 = _z3()
    op = Operation(inst.op, [Value(TileType((), e)) for e in inst.operand_elems],
                   [TileType((), inst.result_elem)], dict(inst.attrs))
    args = [const_term(e, b) for e, b in zip(inst.operand_elems, inst.bits)]
    raw = [z3.BitVecVal(b, elem_width(e)) for e, b in zip(inst.operand_elems, inst.bits)]
    term, undef = op_term(op, args, raw)
    # the interpreter's choices, tileiras': a narrow float's overflow saturates, a float
    # to i1 is a test against zero
    fix = [(mini_overflow_saturates(), z3.BoolVal(True)),
           (ftoi_i1_tests_zero(), z3.BoolVal(True))]
    term, undef = z3.substitute(term, *fix), z3.substitute(undef, *fix)
    if z3.is_true(z3.simplify(undef)):
        return None
    e = inst.result_elem
    if is_float_elem(e):
        if z3.is_true(z3.simplify(z3.fpIsNaN(term))):
            return 0, True
        if e in _MINI:
            import numpy as np
            from eqsat.ir import minifloat
            b64 = z3.simplify(z3.fpToIEEEBV(term)).as_long()
            value = np.array(b64, np.uint64).view(np.float64)
            return int(minifloat.exact_bits(e, value.astype(np.float32))), False
        return z3.simplify(z3.fpToIEEEBV(term)).as_long(), False
    return z3.simplify(term).as_long(), False


def _interp_value(inst: Instance) -> tuple[int, bool]:
    import numpy as np
    from eqsat.interp.semantics import evaluate_pure
    from eqsat.ir.numbers import from_bits as value_from_bits
    from eqsat.ir.types import numpy_dtype
    op = Operation(inst.op, [Value(TileType((), e)) for e in inst.operand_elems],
                   [TileType((), inst.result_elem)], dict(inst.attrs))
    args = []
    for e, b in zip(inst.operand_elems, inst.bits):
        if is_float_elem(e):
            args.append(np.asarray(value_from_bits(e, b)))
        else:
            w = elem_width(e)
            v = b - (1 << w) if b >= 1 << (w - 1) else b
            args.append(np.asarray(bool(b & 1) if e == "i1" else v, numpy_dtype(e)))
    r = np.asarray(evaluate_pure(op, args)[0])
    e = inst.result_elem
    if is_float_elem(e):
        if bool(np.isnan(r)):
            return 0, True
        return bits_of(e, r), False
    return int(r.astype(np.int64)) & ((1 << elem_width(e)) - 1), False


def disagreement(inst: Instance) -> str | None:
    """None when the interpreter and the solver give the same bits (every NaN equal),
    or the op is undefined on these operands; else both answers."""
    b = _solver_value(inst)
    if b is None:
        return None
    a = _interp_value(inst)
    if a == b:
        return None
    show = {True: "NaN"}
    return (f"{inst}: interpreter {show.get(a[1], hex(a[0]))}, solver "
            f"{show.get(b[1], hex(b[0]))}")


__all__ = ["Unsupported", "available", "refines", "translate", "op_term", "Inputs",
           "MINI_OVERFLOW_SATURATES", "mini_overflow_saturates",
           "FTOI_I1_TESTS_ZERO", "ftoi_i1_tests_zero",
           "Outcome", "supported", "ATTRIBUTE_SPACE", "SMT_SEMANTICS", "Context",
           "smt_semantics", "register_smt_semantics", "unregister_smt_semantics", "CROSS_CHECKED",
           "register_cross_check", "unregister_cross_check", "is_modelled", "same_value",
           "const_term", "from_bits", "Instance", "random_instance", "disagreement"]
