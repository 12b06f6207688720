"""Conversions to f8E4M3FN and f8E5M2 at the edge of their range, and ftoi outside its
range: the interpreter, the constant folder and the solver against the facts in
docs/measurements/fp8_conversions.md. tileiras saturates a narrow float's overflow
(`F2FP.SATFINITE`), the Tile IR spec has `itof` give Inf / NaN: the interpreter
saturates, the folder folds neither answer, the solver proves rules under both."""
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
