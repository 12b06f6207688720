"""Tile IR ops as SMT terms (z3): the solver's half of a rule proof.

`refines(lhs, rhs)` takes the two small kernels the soundness checker builds for one
instantiation of a rule (inputs loaded from `p_<name>` arrays, one op tree, its value
stored to `p_out`) and asks z3 whether some input makes them differ. Every input is a
bit-vector of its element type's width (a float input is every bit pattern of its
format, so NaN, -0.0, infinities and subnormals are all in scope); a constant whose bits
are a pattern variable of the rule is a bit-vector too.

What each op means is `eqsat.interp.semantics`, the executable definition, written
again for the solver (tests/test_smt_crosscheck.py and benchmarks/bench_smt_crosscheck.py
evaluate random ops both ways and compare them bit for bit):

- integers wrap at their width; i1 is a 1-bit two's complement integer (signed true is
  -1); `signedness` absent reads as signed;
- shifts by the width or more give 0 (`shli`, `shri unsigned`) or the sign (`shri signed`);
- `divi`/`remi` by zero give all-ones bits (the interpreter's fixed choice); `divi`
  rounds toward zero, or to -inf / +inf under `rounding`; signed INT_MIN / -1 wraps;
- floats are IEEE 754 in their own format (f16, bf16, f32, f64), rounded once by the
  op's `rounding` (absent: nearest even); `flush_to_zero` flushes subnormal inputs and
  results to a zero of their sign; outputs compare bit for bit, every NaN equal to
  every NaN (payloads are not specified across devices).

Undefined behaviour: `ftoi` of an infinity is undefined in Tile IR, and an `overflow`
annotation is an assumption the program makes. The proof is a refinement: where the
left-hand side is undefined any right-hand side is right, and the right-hand side must
be defined wherever the left is. The ops this module does not know (transcendentals,
memory, pointers, conversions to and from floats, min/max of floats) raise
`Unsupported`: the checker then samples instead and says so.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from eqsat.ir.core import Kernel, Operation, Value
from eqsat.ir.numbers import bits_of
from eqsat.ir.types import INT_WIDTHS, FLOAT_WIDTHS, PointerType, TileType


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
_INT_OPS = ("addi", "subi", "muli", "andi", "ori", "xori", "shli", "shri", "maxi", "mini",
            "divi", "remi", "negi", "absi", "cmpi", "exti", "trunci")
_FLOAT_OPS = ("addf", "subf", "mulf", "divf", "fma", "negf", "absf", "cmpf", "sqrt")
SUPPORTED = frozenset((*_INT_OPS, *_FLOAT_OPS, "select", "constant", "reshape", "broadcast"))


def elem_width(elem: str) -> int:
    return INT_WIDTHS[elem] if elem in INT_WIDTHS else FLOAT_WIDTHS[elem]


def is_modelled(elem: Any) -> bool:
    """Element types the solver models (numbers of the IR's integer and IEEE types)."""
    return isinstance(elem, str) and (elem in INT_WIDTHS or elem in _FP)


def fp_sort(elem: str) -> Any:
    e, s = _FP[elem]
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
# the attribute keys each op's semantics read, and every value they can take (None and
# False: absent); an attribute variable of a pattern matches every combination
ATTRIBUTE_SPACE: dict[str, dict[str, tuple]] = {
    "cmpi": {"predicate": _PREDICATES, "signedness": _SIGNS},
    "cmpf": {"predicate": _PREDICATES, "ordering": ("ordered", "unordered")},
    "divi": {"signedness": _SIGNS, "rounding": (None, "negative_inf", "positive_inf")},
    **{n: {"signedness": _SIGNS} for n in ("remi", "maxi", "mini", "shri", "exti", "itof",
                                           "ftoi")},
    **{n: dict(_FLOAT_MODS) for n in ("addf", "subf", "mulf", "divf", "fma", "sqrt")},
    **{n: {"flush_to_zero": (False, True)} for n in ("negf", "absf")},
    **{n: {"propagate_nan": (False, True), "flush_to_zero": (False, True)}
       for n in ("maxf", "minf")},
}


@dataclass
class Inputs:
    """The free bit-vectors shared by both sides: inputs by name, constants by name."""
    vars: dict[str, Any] = field(default_factory=dict)
    elems: dict[str, str] = field(default_factory=dict)

    def get(self, name: str, elem: str) -> Any:
        z3 = _z3()
        if name not in self.vars:
            self.vars[name] = z3.BitVec(name, elem_width(elem))
            self.elems[name] = elem
        return self.vars[name]


def from_bits(elem: str, bv: Any) -> Any:
    """The value of element type `elem` whose bits are the bit-vector `bv`."""
    z3 = _z3()
    if elem in _FP:
        return z3.fpBVToFP(bv, fp_sort(elem))
    return bv


def const_term(elem: str, bits: int) -> Any:
    z3 = _z3()
    w = elem_width(elem)
    bv = z3.BitVecVal(bits & ((1 << w) - 1), w)
    return z3.simplify(from_bits(elem, bv)) if elem in _FP else bv


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


def op_term(op: Operation, args: list[Any]) -> tuple[Any, Any]:
    """(value, undefined?) of a pure op on SMT operands (see the module doc)."""
    z3 = _z3()
    n = op.name
    undef = z3.BoolVal(False)
    rt = op.results[0].type
    if not isinstance(rt, TileType) or not is_modelled(rt.elem):
        raise Unsupported(f"'{n}' producing {rt}")
    elem = rt.elem
    assert isinstance(elem, str)
    if n in ("reshape", "broadcast"):
        return args[0], undef              # one lane: the checker builds scalars
    if n == "select":
        return z3.If(args[0] == z3.BitVecVal(1, 1), args[1], args[2]), undef
    signed = op.attrs.get("signedness", "signed") != "unsigned"
    if n in ("addi", "subi", "muli", "andi", "ori", "xori"):
        a, b = args
        return {"addi": lambda: a + b, "subi": lambda: a - b, "muli": lambda: a * b,
                "andi": lambda: a & b, "ori": lambda: a | b, "xori": lambda: a ^ b}[n](), undef
    if n == "shli":
        return args[0] << args[1], undef
    if n == "shri":
        return (args[0] >> args[1]) if signed else z3.LShR(args[0], args[1]), undef
    if n in ("maxi", "mini"):
        a, b = args
        gt = (a > b) if signed else z3.UGT(a, b)
        return (z3.If(gt, a, b) if n == "maxi" else z3.If(gt, b, a)), undef
    if n == "negi":
        return -args[0], undef
    if n == "absi":
        return z3.If(args[0] < 0, -args[0], args[0]), undef
    if n in ("divi", "remi"):
        return _divrem(op, args[0], args[1], signed), undef
    if n == "exti":
        src = op.operands[0].scalar_elem
        extra = elem_width(elem) - elem_width(src)
        return (z3.SignExt(extra, args[0]) if signed else z3.ZeroExt(extra, args[0])), undef
    if n == "trunci":
        return z3.Extract(elem_width(elem) - 1, 0, args[0]), undef
    if n == "cmpi":
        a, b = args
        pred = op.attrs["predicate"]
        lt = (a < b) if op.attrs["signedness"] != "unsigned" else z3.ULT(a, b)
        return _bool_bv(_cmp(pred, lt, a == b)), undef
    if n == "cmpf":
        a, b = args
        unordered = z3.Or(z3.fpIsNaN(a), z3.fpIsNaN(b))
        pred = op.attrs["predicate"]
        r = _cmp(pred, z3.fpLT(a, b), z3.fpEQ(a, b))
        r = z3.And(r, z3.Not(unordered)) if op.attrs["ordering"] == "ordered" else \
            z3.Or(r, unordered)
        return _bool_bv(r), undef
    if n in _FLOAT_OPS:
        if elem not in _FP:
            raise Unsupported(f"'{n}' on {elem}")
        ftz = bool(op.attrs.get("flush_to_zero"))
        if ftz:
            args = [_ftz(a) for a in args]
        rm = rounding(op.attrs.get("rounding"))
        if n == "addf":
            r = z3.fpAdd(rm, *args)
        elif n == "subf":
            r = z3.fpSub(rm, *args)
        elif n == "mulf":
            r = z3.fpMul(rm, *args)
        elif n == "divf":
            r = z3.fpDiv(rm, *args)
        elif n == "fma":
            r = z3.fpFMA(rm, *args)
        elif n == "sqrt":
            r = z3.fpSqrt(rm, args[0])
        elif n == "negf":
            r = z3.fpNeg(args[0])
        else:
            r = z3.fpAbs(args[0])
        return (_ftz(r) if ftz else r), undef
    raise Unsupported(f"op '{n}'")


def _divrem(op: Operation, a: Any, b: Any, signed: bool) -> Any:
    z3 = _z3()
    w = a.size()
    ones = z3.BitVecVal((1 << w) - 1, w)
    zero = z3.BitVecVal(0, w)
    one = z3.BitVecVal(1, w)
    if op.name == "remi":
        r = z3.SRem(a, b) if signed else z3.URem(a, b)
        return z3.If(b == zero, ones, r)
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
    undef = z3.BoolVal(False)
    out = None
    for op in kernel.body.ops:
        if op.name == "load_ptr_tko":
            ptr = op.operands[0]
            elem = ptr.type.elem.pointee if isinstance(ptr.type, TileType) and isinstance(
                ptr.type.elem, PointerType) else None
            if not is_modelled(elem):
                raise Unsupported(f"inputs of type {elem}")
            assert isinstance(elem, str)
            env[id(op.results[0])] = from_bits(elem, inputs.get(_input_name(ptr), elem))
            continue
        if op.name == "store_ptr_tko":
            v = op.operands[1]
            out = (env[id(v)], v.tile.elem)
            continue
        if op.name == "return":
            continue
        if op.name == "constant":
            t = op.results[0].tile
            if not is_modelled(t.elem):
                raise Unsupported(f"constants of type {t.elem}")
            assert isinstance(t.elem, str)
            if id(op) in symbolic:
                term = from_bits(t.elem, inputs.get(symbolic[id(op)], t.elem))
            else:
                arr = op.attrs["value"].array.reshape(-1)[0]
                bits = bits_of(t.elem, arr) if t.elem in _FP else int(arr)
                term = const_term(t.elem, bits)
            env[id(op.results[0])] = term
            continue
        if op.name not in SUPPORTED:
            raise Unsupported(f"op '{op.name}'")
        if op.regions or len(op.results) != 1:
            raise Unsupported(f"op '{op.name}' with regions or several results")
        for v in op.operands:
            if not isinstance(v.type, TileType) or not is_modelled(v.type.elem):
                raise Unsupported(f"'{op.name}' on {v.type}")
        term, u = op_term(op, [env[id(v)] for v in op.operands])
        env[id(op.results[0])] = term
        undef = z3.Or(undef, u)
    if out is None:
        raise Unsupported("a kernel that stores nothing")
    return out[0], undef, str(out[1])


def same_value(elem: str, a: Any, b: Any) -> Any:
    """Bit-for-bit equality, every NaN equal to every NaN."""
    z3 = _z3()
    if elem in _FP:
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
    s = z3.SolverFor("QF_FPBV") if any(e in _FP for e in inputs.elems.values()) or ea in _FP \
        else z3.SolverFor("QF_BV")
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
_CROSS_INT = ("addi", "subi", "muli", "andi", "ori", "xori", "shli", "shri", "maxi", "mini",
              "divi", "remi", "negi", "absi", "cmpi", "exti", "trunci", "select")
_CROSS_FLOAT = ("addf", "subf", "mulf", "divf", "fma", "negf", "absf", "sqrt", "cmpf")
_ARITY = {"negi": 1, "absi": 1, "exti": 1, "trunci": 1, "negf": 1, "absf": 1, "sqrt": 1,
          "fma": 3, "select": 3}


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


def random_instance(rng: Any) -> Instance:
    """A random op of the cross-checked ones, its attributes and operands (a third of
    the operands from each type's edges: zeros, ones, extremes, infinities, NaNs,
    subnormals), drawn from `rng` (a `random.Random`)."""
    name = rng.choice(_CROSS_INT + _CROSS_FLOAT)
    space = ATTRIBUTE_SPACE.get(name, {})
    attrs = {k: rng.choice(v) for k, v in sorted(space.items())}
    attrs = {k: v for k, v in attrs.items() if v is not None and v is not False}
    ints = ("i1", "i8", "i16", "i32", "i64")
    if name in _CROSS_FLOAT:
        elem = rng.choice(tuple(_FP))
        operands = [elem] * _ARITY.get(name, 2)
        result = "i1" if name == "cmpf" else elem
    elif name == "exti":
        a, b = sorted(rng.sample(ints, 2), key=ints.index)
        operands, result = [a], b
    elif name == "trunci":
        a, b = sorted(rng.sample(ints, 2), key=ints.index)
        operands, result = [b], a
    else:
        elem = rng.choice(ints)
        operands = ["i1", elem, elem] if name == "select" else [elem] * _ARITY.get(name, 2)
        result = "i1" if name == "cmpi" else elem
    bits = []
    for e in operands:
        w = elem_width(e)
        bits.append(rng.choice(_edge_bits(e)) if rng.random() < 0.35 else rng.getrandbits(w))
    return Instance(name, attrs, operands, result, bits)


def _solver_value(inst: Instance) -> tuple[int, bool]:
    """(bits, is NaN) of the op's result by the SMT semantics."""
    z3 = _z3()
    op = Operation(inst.op, [Value(TileType((), e)) for e in inst.operand_elems],
                   [TileType((), inst.result_elem)], dict(inst.attrs))
    args = [const_term(e, b) for e, b in zip(inst.operand_elems, inst.bits)]
    term, _ = op_term(op, args)
    if inst.result_elem in _FP:
        if z3.is_true(z3.simplify(z3.fpIsNaN(term))):
            return 0, True
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
        if e in _FP:
            args.append(np.asarray(value_from_bits(e, b)))
        else:
            w = elem_width(e)
            v = b - (1 << w) if b >= 1 << (w - 1) else b
            args.append(np.asarray(bool(b & 1) if e == "i1" else v, numpy_dtype(e)))
    r = np.asarray(evaluate_pure(op, args)[0])
    e = inst.result_elem
    if e in _FP:
        if bool(np.isnan(r)):
            return 0, True
        return bits_of(e, r), False
    return int(r.astype(np.int64)) & ((1 << elem_width(e)) - 1), False


def disagreement(inst: Instance) -> str | None:
    """None when the interpreter and the solver give the same bits (every NaN equal);
    else both answers."""
    a, b = _interp_value(inst), _solver_value(inst)
    if a == b:
        return None
    show = {True: "NaN"}
    return (f"{inst}: interpreter {show.get(a[1], hex(a[0]))}, solver "
            f"{show.get(b[1], hex(b[0]))}")


__all__ = ["Unsupported", "available", "refines", "translate", "op_term", "Inputs",
           "Outcome", "SUPPORTED", "ATTRIBUTE_SPACE", "is_modelled", "same_value",
           "const_term", "from_bits", "Instance", "random_instance", "disagreement"]
