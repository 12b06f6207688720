"""Conversions to f8E4M3FN and f8E5M2 at the edge of their range, to f16 / bf16 / f32
beyond theirs, and ftoi outside its range: the interpreter, the constant folder and the
solver against the facts in docs/measurements/fp8_conversions.md. tileiras saturates a
narrow float's overflow (`F2FP.SATFINITE`), the Tile IR spec has `itof` give Inf / NaN:
the interpreter saturates, the folder folds neither answer, the solver proves rules
under both. Into f16, bf16 and f32 all three give IEEE's Inf, and so does eqsat."""
from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import numpy as np
import pytest

from eqsat.egraph.fold import fold_scalar
from eqsat.interp.semantics import evaluate_pure
from eqsat.ir import minifloat
from eqsat.ir.core import Operation, Value
from eqsat.ir.numbers import bits_of, to_bits
from eqsat.ir.types import TileType, numpy_dtype
from eqsat.rules import smt
from eqsat.rules.smt import Instance, disagreement
from eqsat.text import parse
from eqsat.toolchain import missing_reason

E4, E5 = "f8E4M3FN", "f8E5M2"
INF = math.inf
# (target, value, what the interpreter gives, whether it lies beyond the range)
# 448 / 57344 are the largest finite values; the grid's next step would be 480 / 65536.
# The ties between them, 464 / 61440, go to the even one: 448 (mantissa 110) stays in
# range, 65536 (a new binade) is beyond it
BOUNDARY = [
    (E4, 448.0, 448.0, False), (E4, 460.0, 448.0, False), (E4, 464.0, 448.0, False),
    (E4, 465.0, 448.0, True), (E4, 470.0, 448.0, True), (E4, 1.0e6, 448.0, True),
    (E4, -448.0, -448.0, False), (E4, -464.0, -448.0, False), (E4, -465.0, -448.0, True),
    (E4, -1.0e6, -448.0, True),
    (E4, INF, 448.0, True), (E4, -INF, -448.0, True), (E4, 2.0 ** -9, 2.0 ** -9, False),
    (E5, 57344.0, 57344.0, False), (E5, 61439.0, 57344.0, False),
    (E5, 61440.0, 57344.0, True), (E5, 65504.0, 57344.0, True), (E5, 1.0e9, 57344.0, True),
    (E5, -57344.0, -57344.0, False), (E5, -61440.0, -57344.0, True),
    (E5, INF, 57344.0, True), (E5, -INF, -57344.0, True), (E5, 2.0 ** -16, 2.0 ** -16, False),
]


def _op(name: str, src: str, dst: str, attrs: dict) -> Operation:
    return Operation(name, [Value(TileType((), src))], [TileType((), dst)], attrs)


def _interp(name: str, src: str, dst: str, attrs: dict, value) -> float:
    arg = np.asarray(value, numpy_dtype(src))
    return float(np.asarray(evaluate_pure(_op(name, src, dst, attrs), [arg])[0]))


def _sources(value: float) -> list[tuple[str, str, dict]]:
    """(op, source type, attributes) that can carry `value` exactly."""
    out: list[tuple[str, str, dict]] = []
    with np.errstate(over="ignore"):
        out += [("ftof", src, {}) for src in ("f16", "f32", "f64")
                if float(np.asarray(value, numpy_dtype(src))) == value]
    if math.isfinite(value) and value == int(value):
        out.append(("itof", "i32", {"signedness": "signed"}))
        out.append(("itof", "i64", {"signedness": "signed"}))
        if value >= 0:
            out.append(("itof", "i32", {"signedness": "unsigned"}))
    return out


def _source_bits(src: str, value: float) -> int:
    return int(value) if src.startswith("i") else to_bits(src, value)


@pytest.mark.parametrize("elem,value,want,beyond", BOUNDARY)
def test_the_interpreter_saturates_as_tileiras_does(elem, value, want, beyond):
    for name, src, attrs in _sources(value):
        got = _interp(name, src, elem, attrs, value)
        assert got == want, (name, src, value, got)
    assert bool(minifloat.saturates(elem, value)) == beyond


@pytest.mark.parametrize("elem", [E4, E5])
def test_nan_converts_to_nan_and_is_never_beyond_the_range(elem):
    for src in ("f16", "f32", "f64"):
        assert math.isnan(_interp("ftof", src, elem, {}, math.nan))
    assert not minifloat.saturates(elem, math.nan)


@pytest.mark.parametrize("elem,value,want,beyond", BOUNDARY)
def test_the_folder_agrees_with_the_interpreter_or_refuses(elem, value, want, beyond):
    """Inside the range the folder answers the interpreter's bits; beyond it tileiras
    (saturation) and the spec (Inf / NaN) disagree, so it answers nothing."""
    for name, src, attrs in _sources(value):
        got = fold_scalar(name, attrs, TileType((), src), TileType((), elem),
                          [_source_bits(src, value)])
        if beyond:
            assert got is None, (name, src, value)
        else:
            assert got == bits_of(elem, np.asarray(want, np.float32)), (name, src, value)
    nan = fold_scalar("ftof", {}, TileType((), "f32"), TileType((), elem),
                      [to_bits("f32", math.nan)])
    assert nan is None


def test_the_folder_reads_an_unsigned_source_as_unsigned():
    """i8 0xFF is 255 unsigned (in range of f8E4M3FN, folded to 256) and -1 signed."""
    def fold(sign):
        return fold_scalar("itof", {"signedness": sign}, TileType((), "i8"),
                           TileType((), E4), [-1])
    assert fold("unsigned") == bits_of(E4, np.asarray(256.0, np.float32))
    assert fold("signed") == bits_of(E4, np.asarray(-1.0, np.float32))


def _solver(inst: Instance, saturates: bool):
    """The solver's value of `inst` with the overflow choice fixed."""
    z3 = smt._z3()
    op = Operation(inst.op, [Value(TileType((), e)) for e in inst.operand_elems],
                   [TileType((), inst.result_elem)], dict(inst.attrs))
    args = [smt.const_term(e, b) for e, b in zip(inst.operand_elems, inst.bits)]
    term, _ = smt.op_term(op, args)
    term = z3.substitute(term, (smt.mini_overflow_saturates(), z3.BoolVal(saturates)))
    return z3.simplify(term)


@pytest.mark.parametrize("elem,value,want,beyond", BOUNDARY)
def test_the_solver_gives_either_answer_beyond_the_range(elem, value, want, beyond):
    """Saturating, it is the interpreter bit for bit; under the spec's reading an
    overflow is Inf (f8E5M2) or NaN (f8E4M3FN) and every other value is unchanged."""
    z3 = smt._z3()
    for name, src, attrs in _sources(value):
        inst = Instance(name, attrs, [src], elem, [_source_bits(src, value)])
        assert disagreement(inst) is None, disagreement(inst)
        spec = _solver(inst, saturates=False)
        if not beyond:
            assert z3.is_true(z3.simplify(spec == _solver(inst, saturates=True))), inst
        elif elem == E5:
            assert z3.is_true(z3.simplify(z3.fpIsInf(spec))), inst
            assert z3.is_true(z3.simplify(z3.fpIsNegative(spec))) == (value < 0), inst
        else:
            assert z3.is_true(z3.simplify(z3.fpIsNaN(spec))), inst


def _checker_kernel(body: str, src: str, dst: str):
    return parse(f"""entry @k(%p_x: tile<ptr<{src}>>, %p_out: tile<ptr<{dst}>>) {{
  %x, %t = load_ptr_tko weak %p_x : tile<ptr<{src}>> -> tile<{src}>, token
{body}
  %s = store_ptr_tko weak %p_out, %y : tile<ptr<{dst}>>, tile<{dst}> -> token
  return
}}""")


def test_a_rule_that_leans_on_saturation_is_not_proved():
    """Clamping before the conversion changes nothing if the conversion saturates, but
    turns the spec's NaN into 448: the solver finds the infinity that tells them apart."""
    lhs = _checker_kernel("  %y = ftof %x : tile<f32> -> tile<f8E4M3FN>", "f32", E4)
    rhs = _checker_kernel("""  %c = constant <f32: 448.0> : tile<f32>
  %m = minf %x, %c propagate_nan : tile<f32>
  %y = ftof %m : tile<f32> -> tile<f8E4M3FN>""", "f32", E4)
    out = smt.refines(lhs, rhs)
    assert not out.proved
    x = np.asarray(out.model["x"], np.uint32).view(np.float32)
    assert x > 448.0


def test_a_rule_true_under_both_readings_is_proved():
    """Widening f16 to f32 first keeps every value, overflow included, either way."""
    lhs = _checker_kernel("  %y = ftof %x : tile<f16> -> tile<f8E5M2>", "f16", E5)
    rhs = _checker_kernel("""  %w = ftof %x : tile<f16> -> tile<f32>
  %y = ftof %w : tile<f32> -> tile<f8E5M2>""", "f16", E5)
    assert smt.refines(lhs, rhs).proved


# -- f16, bf16, f32: the spec, tileiras and eqsat all give Inf ---------------------------------
def _f32_bits(bits: int) -> float:
    return float(np.array(bits, np.uint32).view(np.float32))


F16_MAX = 65504.0                          # the tie to the next step, 65520, rounds to Inf
BF16_MAX = _f32_bits(0x7F7F0000)
BF16_TIE = _f32_bits(0x7F7F8000)           # halfway from BF16_MAX to 2^128: even is Inf
F32_MAX = float(np.finfo(np.float32).max)
F32_TIE = F32_MAX + 2.0 ** 103             # halfway from F32_MAX to 2^128
I64_MAX, U64_MAX = 2 ** 63 - 1, 2 ** 64 - 1
# (op, source, signedness, source value, result, what IEEE rounding to nearest even gives);
# `F2FP.F16.F32`, `F2F.F16.F64`, `I2F.F16`... carry no SATFINITE (benchmarks/conversion_sass.py)
IEEE_OVERFLOW = [
    ("ftof", "f32", None, F16_MAX, "f16", F16_MAX),
    ("ftof", "f32", None, 65519.99609375, "f16", F16_MAX),      # just below the tie
    ("ftof", "f32", None, 65520.0, "f16", INF),
    ("ftof", "f32", None, -65520.0, "f16", -INF),
    ("ftof", "f32", None, 70000.0, "f16", INF),
    ("ftof", "f32", None, 3.0e38, "f16", INF),
    ("ftof", "f32", None, -INF, "f16", -INF),
    ("ftof", "f32", None, BF16_MAX, "bf16", BF16_MAX),
    ("ftof", "f32", None, _f32_bits(0x7F7F7FFF), "bf16", BF16_MAX),
    ("ftof", "f32", None, BF16_TIE, "bf16", INF),
    ("ftof", "f32", None, -F32_MAX, "bf16", -INF),
    ("ftof", "bf16", None, 65280.0, "f16", 65280.0),
    ("ftof", "bf16", None, 65536.0, "f16", INF),
    ("ftof", "f64", None, F32_MAX, "f32", F32_MAX),
    ("ftof", "f64", None, math.nextafter(F32_TIE, 0.0), "f32", F32_MAX),
    ("ftof", "f64", None, F32_TIE, "f32", INF),
    ("ftof", "f64", None, -1.0e300, "f32", -INF),
    # one rounding, not two through f32: there 65520 - 2^-30 becomes the tie, then Inf
    ("ftof", "f64", None, 65520.0 - 2.0 ** -30, "f16", F16_MAX),
    ("ftof", "f64", None, 65520.0, "f16", INF),
    ("ftof", "f64", None, math.nextafter(BF16_TIE, 0.0), "bf16", BF16_MAX),
    ("ftof", "f64", None, BF16_TIE, "bf16", INF),
    ("ftof", "f64", None, 1.0e300, "bf16", INF),
    ("itof", "i32", "signed", 65519, "f16", F16_MAX),
    ("itof", "i32", "signed", 65520, "f16", INF),
    ("itof", "i32", "signed", -65520, "f16", -INF),
    ("itof", "i32", "signed", 2 ** 31 - 1, "f16", INF),
    ("itof", "i32", "unsigned", 2 ** 32 - 1, "f16", INF),
    ("itof", "i16", "unsigned", 65504, "f16", F16_MAX),
    ("itof", "i16", "unsigned", 65535, "f16", INF),
    ("itof", "i64", "signed", I64_MAX, "f16", INF),
    ("itof", "i64", "signed", -(2 ** 63), "f16", -INF),
    ("itof", "i64", "unsigned", U64_MAX, "f16", INF),
    # bf16 and f32 hold every 64-bit integer: the largest round up to a power of two
    ("itof", "i32", "signed", 2 ** 31 - 1, "bf16", 2.0 ** 31),
    ("itof", "i64", "signed", I64_MAX, "bf16", 2.0 ** 63),
    ("itof", "i64", "signed", 2 ** 60 + 2 ** 52 + 1, "bf16", 2.0 ** 60 + 2.0 ** 53),
    ("itof", "i64", "unsigned", U64_MAX, "f32", 2.0 ** 64),
]


def _ieee_case(op, src, sign, value):
    """(attributes, the operand as the folder reads it (two's complement), as the solver
    reads it (its bits))."""
    if op == "ftof":
        bits = to_bits(src, value)
        return {}, bits, bits
    w = int(src[1:])
    signed = value - (1 << w) if value >= 1 << (w - 1) else value
    return {"signedness": sign}, signed, value & ((1 << w) - 1)


def _numpy_value(src, sign, value, dst):
    """numpy's conversion, where it has the types and rounds once: f16 and f32 results
    from floats and from integers numpy holds exactly; bf16 from f32 by rounding its
    bits to nearest even."""
    if dst == "bf16":
        if src != "f32":
            return None
        b = np.array(value, np.float32).view(np.uint32).astype(np.uint64)
        r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16 << 16).astype(np.uint32)
        return float(r.view(np.float32))
    if src in ("f32", "f64"):
        x = np.asarray(value, numpy_dtype(src))
    elif src == "bf16":
        x = np.asarray(value, np.float32)          # bf16 widens to f32 exactly
    elif abs(value) <= 2 ** 53 or dst == "f16":    # exact in f64, or beyond f16 either way
        x = np.asarray(float(value), np.float64)
    else:
        return None
    with np.errstate(over="ignore"):
        return float(x.astype(numpy_dtype(dst)))


@pytest.mark.parametrize("op,src,sign,value,dst,want", IEEE_OVERFLOW)
def test_overflow_to_an_ieee_format_is_inf_everywhere(op, src, sign, value, dst, want):
    """Beyond f16, bf16 or f32 the spec (itof: Inf), tileiras (no SATFINITE) and IEEE
    agree, so the interpreter, the folder and the solver give Inf, and numpy agrees."""
    attrs, operand, bits = _ieee_case(op, src, sign, value)
    ref = _numpy_value(src, sign, value, dst)
    assert ref is None or ref == want, (ref, want)
    got = _interp(op, src, dst, attrs, operand if op == "itof" else value)
    assert got == want and math.copysign(1.0, got) == math.copysign(1.0, want), got
    want_bits = to_bits(dst, want)
    assert fold_scalar(op, attrs, TileType((), src), TileType((), dst), [operand]) == want_bits
    inst = Instance(op, attrs, [src], dst, [bits])
    assert disagreement(inst) is None, disagreement(inst)
    z3 = smt._z3()
    for saturates in (False, True):          # the fp8 choice plays no part here
        assert z3.simplify(z3.fpToIEEEBV(_solver(inst, saturates))).as_long() == want_bits


# -- ftoi: undefined outside the range unless `saturating` -------------------------------------
FTOI = [  # (attributes, f32 value, result, the value when saturating)
    ({"signedness": "signed"}, 300.0, "i8", 127),
    ({"signedness": "signed"}, -300.0, "i8", -128),
    ({"signedness": "unsigned"}, -1.0, "i8", 0),
    ({"signedness": "signed"}, 3.0e9, "i32", 2**31 - 1),
    ({"signedness": "signed", "rounding": "nearest_even"}, 127.6, "i8", 127),
    ({"signedness": "signed", "rounding": "positive_inf"}, 127.2, "i8", 127),
    ({"signedness": "signed"}, INF, "i32", 2**31 - 1),
    ({"signedness": "signed"}, -INF, "i16", -(2**15)),
]


@pytest.mark.parametrize("attrs,value,elem,saturated", FTOI)
def test_ftoi_outside_the_range_folds_only_when_saturating(attrs, value, elem, saturated):
    t_in, t_out = TileType((), "f32"), TileType((), elem)
    bits = [to_bits("f32", value)]
    assert fold_scalar("ftoi", attrs, t_in, t_out, bits) is None
    got = fold_scalar("ftoi", {**attrs, "saturating": True}, t_in, t_out, bits)
    assert got == saturated
    # the interpreter's value is the saturated one, flag or not
    assert int(_interp("ftoi", "f32", elem, attrs, value)) == saturated


def test_ftoi_inside_the_range_folds_by_its_rounding_mode():
    t_in, t_out = TileType((), "f32"), TileType((), "i8")
    bits = [to_bits("f32", 127.6)]
    assert fold_scalar("ftoi", {"signedness": "signed"}, t_in, t_out, bits) == 127
    assert fold_scalar("ftoi", {"signedness": "signed", "rounding": "negative_inf"},
                       t_in, t_out, bits) == 127
    nan = [to_bits("f32", math.nan)]
    assert fold_scalar("ftoi", {"signedness": "signed", "saturating": True}, t_in, t_out,
                       nan) is None


# -- what tileiras emits (needs the toolchain, no GPU) --------------------------------------
_WHY = missing_reason(need_cuda_tile=True)


def _conversion_sass():
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "conversion_sass.py"
    spec = importlib.util.spec_from_file_location("conversion_sass", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
@pytest.mark.parametrize("name", ["itof_i32_e4m3", "itof_i32_e5m2", "ftof_f32_e4m3",
                                  "ftof_f16_e5m2"])
def test_tileiras_saturates_every_conversion_to_fp8(name):
    """The fact the interpreter follows: if a tileiras stops saturating, this fails and
    the semantics (and docs/measurements/fp8_conversions.md) must follow it."""
    ins = _conversion_sass().conversion_sass(name, "sm_90")
    last = [i for i in ins if i.startswith("F2FP")]
    assert last and all(".SATFINITE." in i for i in last), ins


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
def test_tileiras_does_not_saturate_conversions_to_ieee_formats():
    """The fact the IEEE answer (Inf) rests on: the conversions to f16, bf16 and f32
    are single instructions with no SATFINITE and no clamp around them."""
    mod = _conversion_sass()
    assert len(mod.IEEE_CASES) >= 10
    for name in mod.IEEE_CASES:
        ins = mod.conversion_sass(name, "sm_90")
        conv = [i for i in ins if i.split(".")[0] in ("F2F", "F2FP", "I2F", "I2FP")]
        assert conv, (name, ins)
        assert not any(".SAT" in i or i.startswith("FMNMX") for i in ins), (name, ins)


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
def test_tileiras_clamps_ftoi_only_when_saturating():
    mod = _conversion_sass()
    plain, sat = (mod.conversion_sass(n, "sm_90") for n in ("ftoi_f32_i8", "ftoi_f32_i8_sat"))
    assert not any(i.startswith("FMNMX") for i in plain), plain
    assert sum(i.startswith("FMNMX") for i in sat) == 2, sat


# -- the flag in the text, the builder and the bytecode ------------------------------------
def _ftoi_kernel(mods: str, op: str = "ftoi", src: str = "f32", dst: str = "i8") -> str:
    return f"""entry @k(%p: tile<ptr<{src}>>, %q: tile<ptr<{dst}>>) {{
  %x, %t = load_ptr_tko weak %p : tile<ptr<{src}>> -> tile<{src}>, token
  %y = {op} %x {mods} : tile<{src}> -> tile<{dst}>
  %s = store_ptr_tko weak %q, %y token=%t : tile<ptr<{dst}>>, tile<{dst}> -> token
  return
}}
"""


def test_saturating_round_trips_and_only_ftoi_takes_it():
    from eqsat.ir.printer import print_kernel
    from eqsat.ir.verify import verify
    text = _ftoi_kernel("signed saturating")
    k = parse(text)
    verify(k)
    assert print_kernel(k) == text
    assert [op.attrs for op in k.walk() if op.name == "ftoi"] == \
        [{"signedness": "signed", "saturating": True}]
    with pytest.raises(Exception, match="'saturating' is ftoi's flag, not itof's"):
        verify(parse(_ftoi_kernel("signed saturating", "itof", "i32", "f32")))


def test_the_builder_takes_saturating():
    from eqsat.ir.builder import KernelBuilder
    from eqsat.ir.types import TileType
    b = KernelBuilder("k")
    x = b.param(TileType((8,), "f32"), "x")
    b.ftoi(x, "i8", saturating=True)
    b.ftoi(x, "i8", saturating=False)
    b.return_()
    ops = [op.attrs for op in b.finish().walk() if op.name == "ftoi"]
    assert ops == [{"signedness": "signed", "saturating": True}, {"signedness": "signed"}]


def test_optimize_keeps_the_flag_and_folds_only_with_it():
    from eqsat.ir.printer import print_kernel
    from eqsat.pipeline.optimize import optimize
    out = print_kernel(optimize(parse(_ftoi_kernel("signed saturating"))).kernel)
    assert "ftoi %x signed saturating" in out
    const = _ftoi_kernel("signed saturating").replace(
        "  %y = ftoi %x", "  %c = constant <f32: 300.0> : tile<f32>\n  %y = ftoi %c")
    assert "constant <i8: 127>" in print_kernel(optimize(parse(const)).kernel)
    plain = print_kernel(optimize(parse(const.replace(" saturating", ""))).kernel)
    assert "ftoi %c signed" in plain


def test_bytecode_before_13_4_has_no_saturating():
    from eqsat.lowering.bytecode import BytecodeError, kernel_to_bytecode
    k = parse(_ftoi_kernel("signed saturating"))
    with pytest.raises(BytecodeError, match="saturating needs bytecode 13.4"):
        kernel_to_bytecode(k, version="13.3")


def test_formats_without_zero_or_sign_refuse_what_they_clamp():
    """f8E8M0FNU has no zero and no sign: zero, negatives and values below 2^-127 clamp
    up to 2^-127 in the interpreter, which no source backs, so they are not folded."""
    e8 = "f8E8M0FNU"
    assert minifloat.saturates(e8, [0.0, -1.0, 2.0 ** -130, 2.0 ** 128]).all()
    assert not minifloat.saturates(e8, [1.0, 2.0 ** -127, 2.0 ** 127]).any()
    for v in (0.0, -1.0):
        assert fold_scalar("ftof", {"rounding": "positive_inf"}, TileType((), "f32"),
                           TileType((), e8), [to_bits("f32", v)]) is None
    assert fold_scalar("ftof", {"rounding": "positive_inf"}, TileType((), "f32"),
                       TileType((), e8), [to_bits("f32", 4.0)]) is not None
