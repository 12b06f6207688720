"""Interpreter semantics: exact dtype rules, memory errors, step limit, assume checking."""
import math

import numpy as np
import pytest

from eqsat import parse
from eqsat.errors import AssumeViolation, OutOfBounds, SpecError, StepLimit
from eqsat.interp.inputs import parse_spec
from eqsat.interp import run


def scalar_result(lines: str, elem: str, mode: str = "auto"):
    """Run `lines` (which define %r : tile<elem>) and return %r's value."""
    src = (f"entry @t(%out: tile<ptr<{elem}>>) {{\n{lines}\n"
           f"  %tk = store_ptr_tko weak %out, %r : tile<ptr<{elem}>>, tile<{elem}> -> token\n"
           f"  return\n}}\n")
    spec = parse_spec({"convention": "raw", "params": [
        {"name": "out", "shape": [1], "dtype": elem, "init": "zeros"}]})
    return run(parse(src), spec, mode=mode).buffers["out"][0]


def c(name, elem, v):
    return f"  %{name} = constant <{elem}: {v}> : tile<{elem}>"


@pytest.mark.parametrize("lines,elem,want", [
    (c("a", "i8", 127) + "\n" + c("b", "i8", 1) + "\n  %r = addi %a, %b : tile<i8>", "i8", -128),
    (c("a", "i32", 2**30) + "\n" + c("b", "i32", 4) + "\n  %r = muli %a, %b : tile<i32>", "i32", 0),
    (c("a", "i32", -8) + "\n" + c("b", "i32", 1) + "\n  %r = shri %a, %b signed : tile<i32>",
     "i32", -4),
    (c("a", "i32", -8) + "\n" + c("b", "i32", 1) + "\n  %r = shri %a, %b unsigned : tile<i32>",
     "i32", 2147483644),
    (c("a", "i32", 1) + "\n" + c("b", "i32", 40) + "\n  %r = shli %a, %b : tile<i32>", "i32", 0),
    (c("a", "i32", -7) + "\n" + c("b", "i32", 2) + "\n  %r = divi %a, %b signed : tile<i32>",
     "i32", -3),
    (c("a", "i32", -7) + "\n" + c("b", "i32", 2)
     + "\n  %r = divi %a, %b signed rounding<negative_inf> : tile<i32>", "i32", -4),
    (c("a", "i32", 7) + "\n" + c("b", "i32", 2)
     + "\n  %r = divi %a, %b signed rounding<positive_inf> : tile<i32>", "i32", 4),
    (c("a", "i32", -7) + "\n" + c("b", "i32", 2) + "\n  %r = remi %a, %b signed : tile<i32>",
     "i32", -1),
    (c("a", "i32", -1) + "\n" + c("b", "i32", 1) + "\n  %r = maxi %a, %b unsigned : tile<i32>",
     "i32", -1),
    (c("a", "i8", -1) + "\n  %r = exti %a unsigned : tile<i8> -> tile<i32>", "i32", 255),
    (c("a", "i8", -1) + "\n  %r = exti %a signed : tile<i8> -> tile<i32>", "i32", -1),
    (c("a", "i32", 511) + "\n  %r = trunci %a : tile<i32> -> tile<i8>", "i8", -1),
    (c("a", "f32", "1.0e10") + "\n  %r = ftoi %a signed : tile<f32> -> tile<i32>", "i32",
     2147483647),
    (c("a", "f32", "0x7FC00000") + "\n  %r = ftoi %a signed : tile<f32> -> tile<i32>", "i32", 0),
    (c("a", "f32", "-2.7") + "\n  %r = ftoi %a signed : tile<f32> -> tile<i32>", "i32", -2),
    # i64 saturates to its own bounds (2^63 - 1 has no f64: clipping in floats wrapped)
    (c("a", "f64", "1.0e19") + "\n  %r = ftoi %a signed : tile<f64> -> tile<i64>", "i64",
     (1 << 63) - 1),
    (c("a", "f64", "-1.0e19") + "\n  %r = ftoi %a signed : tile<f64> -> tile<i64>", "i64",
     -(1 << 63)),
    (c("a", "f64", "1.0e20") + "\n  %r = ftoi %a unsigned : tile<f64> -> tile<i64>", "i64", -1),
])
def test_integer_and_cast_semantics(lines, elem, want):
    assert int(scalar_result(lines, elem)) == want


def test_unsigned_compare():
    lines = (c("a", "i32", -1) + "\n" + c("b", "i32", 1)
             + "\n  %p = cmpi less_than %a, %b, unsigned : tile<i32> -> tile<i1>"
             + "\n  %q = cmpi less_than %a, %b, signed : tile<i32> -> tile<i1>"
             + "\n  %x = exti %p unsigned : tile<i1> -> tile<i32>"
             + "\n  %y = exti %q unsigned : tile<i1> -> tile<i32>"
             + "\n" + c("ten", "i32", 10)
             + "\n  %z = muli %y, %ten : tile<i32>\n  %r = addi %x, %z : tile<i32>")
    assert scalar_result(lines, "i32") == 10      # unsigned: false, signed: true


def test_float_semantics():
    # bf16 rounds to nearest even: 1 + 2^-9 is a tie below the last place -> 1
    one_plus = scalar_result(c("a", "bf16", "1.0") + "\n" + c("b", "bf16", "0x3B00")
                             + "\n  %r = addf %a, %b : tile<bf16>", "bf16")
    assert one_plus == 1.0
    assert math.isinf(scalar_result(c("a", "f16", "6.0e4") + "\n  %r = addf %a, %a : tile<f16>",
                                    "f16"))
    nan = "0x7FC00000"
    assert scalar_result(c("a", "f32", nan) + "\n" + c("b", "f32", "1.0")
                         + "\n  %r = maxf %a, %b : tile<f32>", "f32") == 1.0
    assert math.isnan(scalar_result(c("a", "f32", nan) + "\n" + c("b", "f32", "1.0")
                                    + "\n  %r = maxf %a, %b propagate_nan : tile<f32>", "f32"))
    # directed rounding: 1/3 rounded toward zero is below the nearest value
    near = scalar_result(c("a", "f32", "1.0") + "\n" + c("b", "f32", "3.0")
                         + "\n  %r = divf %a, %b : tile<f32>", "f32")
    down = scalar_result(c("a", "f32", "1.0") + "\n" + c("b", "f32", "3.0")
                         + "\n  %r = divf %a, %b rounding<zero> : tile<f32>", "f32")
    assert down < near and np.nextafter(down, np.float32(1)) == near
    # fma rounds once
    r = scalar_result(c("a", "f32", "1.000000e+00") + "\n" + c("b", "f32", "0x3F800001")
                      + "\n" + c("m", "f32", "-1.000000e+00")
                      + "\n  %r = fma %b, %b, %m : tile<f32>", "f32")
    assert r == np.float32(2.0 ** -22 + 2.0 ** -46)
    # flush_to_zero flushes subnormal results
    tiny = scalar_result(c("a", "f32", "0x00800000") + "\n" + c("h", "f32", "5.000000e-01")
                         + "\n  %r = mulf %a, %h flush_to_zero : tile<f32>", "f32")
    assert tiny == 0.0


def test_reduce_and_scan():
    src = """entry @t(%out: tile<ptr<i32>>) {
  %x = iota : tile<8xi32>
  %s = reduce %x dim=0 identities=[0 : i32] : tile<8xi32> -> tile<i32>
  (%a: tile<i32>, %b: tile<i32>) {
    %m = addi %a, %b : tile<i32>
    yield %m : tile<i32>
  }
  %p = scan %x dim=0 reverse=false identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
  (%a: tile<i32>, %b: tile<i32>) {
    %m = maxi %a, %b signed : tile<i32>
    %n = addi %m, %b : tile<i32>
    yield %n : tile<i32>
  }
  %r1 = reshape %s : tile<i32> -> tile<1xi32>
  %sb = broadcast %r1 : tile<1xi32> -> tile<8xi32>
  %v = addi %p, %sb : tile<8xi32>
  %r2 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
  %pb = broadcast %r2 : tile<1xptr<i32>> -> tile<8xptr<i32>>
  %o = offset %pb, %x : tile<8xptr<i32>>, tile<8xi32> -> tile<8xptr<i32>>
  %tk = store_ptr_tko weak %o, %v : tile<8xptr<i32>>, tile<8xi32> -> token
  return
}"""
    spec = parse_spec({"convention": "raw", "params": [
        {"name": "out", "shape": [8], "dtype": "i32", "init": "zeros"}]})
    got = run(parse(src), spec).buffers["out"]
    acc, want = 0, []
    for i in range(8):
        acc = max(acc, i) + i
        want.append(acc + 28)
    assert got.tolist() == want


KERNEL_OOB = """entry @t(%x: tile<ptr<f32>>, %n: tile<i32>) {
  %i = iota : tile<16xi32>
  %r = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
  %b = broadcast %r : tile<1xptr<f32>> -> tile<16xptr<f32>>
  %p = offset %b, %i : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
  %v, %t = load_ptr_tko weak %p : tile<16xptr<f32>> -> tile<16xf32>, token
  return
}"""


def test_out_of_bounds_is_reported():
    spec = parse_spec({"convention": "raw", "params": [
        {"name": "x", "shape": [10], "dtype": "f32"}, {"name": "n", "dtype": "i32", "value": 10}]})
    with pytest.raises(OutOfBounds) as ei:
        run(parse(KERNEL_OOB), spec)
    msg = str(ei.value)
    assert "past the end of 'x'" in msg and "load_ptr_tko" in msg and "line 6" in msg


def test_runaway_loop_hits_step_limit():
    src = """entry @t() {
  %c = constant <i32: 0> : tile<i32>
  %r = loop iter_values(%a = %c) : tile<i32> -> tile<i32> {
    continue %a : tile<i32>
  }
  return
}"""
    spec = parse_spec({"params": []})
    for mode in ("program", "fuzz"):
        with pytest.raises(StepLimit, match="step limit"):
            run(parse(src), spec, step_limit=10_000, mode=mode)


ASSUME = """entry @t(%x: tile<ptr<f32>>, %n: tile<i32>) {
  %a = assume div_by<DIV>, %n : tile<i32>
  %b = assume bounded<0, ?>, %a : tile<i32>
  %p = assume div_by<16>, %x : tile<ptr<f32>>
  return
}"""


def test_assume_checking_mode():
    spec = parse_spec({"convention": "raw", "params": [
        {"name": "x", "shape": [10], "dtype": "f32"}, {"name": "n", "dtype": "i32", "value": 24}]})
    run(parse(ASSUME.replace("DIV", "8")), spec, check_assumes=True)
    run(parse(ASSUME.replace("DIV", "16")), spec)                  # not checked: fine
    with pytest.raises(AssumeViolation, match="div_by<16>.*line 2.*24 is not divisible"):
        run(parse(ASSUME.replace("DIV", "16")), spec, check_assumes=True)


def test_padding_value_fills_out_of_bounds():
    src = """entry @t(%x: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>, %y: tile<ptr<f32>>, %m: tile<i32>, %t: tile<i32>) {
  %tv = make_tensor_view %x, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pv = make_partition_view %tv : partition_view<tile=(8), padding_value = neg_inf, tensor_view<?xf32, strides=[1]>>
  %c1 = constant <i32: 1> : tile<i32>
  %v, %tk = load_view_tko weak %pv[%c1] : partition_view<tile=(8), padding_value = neg_inf, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
  %tv2 = make_tensor_view %y, shape = [%m], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pv2 = make_partition_view %tv2 : partition_view<tile=(8), tensor_view<?xf32, strides=[1]>>
  %c0 = constant <i32: 0> : tile<i32>
  %st = store_view_tko weak %v, %pv2[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}"""
    spec = parse_spec({"params": [
        {"name": "x", "shape": [11], "dtype": "f32", "init": "arange"},
        {"name": "y", "shape": [8], "dtype": "f32", "init": "zeros"}]})
    y = run(parse(src), spec).buffers["y"]
    assert y[:3].tolist() == [8, 9, 10] and np.all(np.isneginf(y[3:]))


def test_spec_errors_are_clear():
    with pytest.raises(SpecError, match=r"params\[0\]\.dtype: expected a dtype"):
        parse_spec({"params": [{"name": "x", "shape": [3], "dtype": "f13"}]})
    with pytest.raises(SpecError, match="same_as names no earlier array"):
        parse_spec({"params": [{"name": "x", "same_as": "y"}]})
    spec = parse_spec({"convention": "raw", "params": [{"name": "x", "shape": [3], "dtype": "i32"}]})
    with pytest.raises(SpecError, match="is i32 but kernel parameter 0 is tile<ptr<f32>>"):
        run(parse(KERNEL_OOB), spec)


def test_schedules_are_reproducible():
    from corpus_util import CORPUS, SPECS
    from eqsat import parse_file
    from eqsat.interp.inputs import load_spec
    k = parse_file(CORPUS / "relu_accum_mem.cutile.mlir")
    spec = load_spec(SPECS / "relu_accum_mem.json")
    a = run(k, spec, seed=2, schedule=7)
    b = run(k, spec, seed=2, schedule=7)
    assert a.fuzzed and a.stats.steps == b.stats.steps
    assert all(np.array_equal(a.buffers[n], b.buffers[n]) for n in a.buffers)


def _trip_count(elem: str, lb: int, ub: int, step: int, unsigned: bool, mode: str) -> tuple:
    """(iterations, last induction value seen) of a `for` over `elem` run in `mode`."""
    uns = "unsigned " if unsigned else ""
    src = f"""entry @t(%out: tile<ptr<i64>>, %last: tile<ptr<{elem}>>) {{
  %lb = constant <{elem}: {lb}> : tile<{elem}>
  %ub = constant <{elem}: {ub}> : tile<{elem}>
  %st = constant <{elem}: {step}> : tile<{elem}>
  %z = constant <i64: 0> : tile<i64>
  %one = constant <i64: 1> : tile<i64>
  %r:2 = for {uns}%i in (%lb to %ub, step %st) : tile<{elem}> iter_values(%n = %z, %v = %lb) -> (tile<i64>, tile<{elem}>) {{
    %m = addi %n, %one : tile<i64>
    continue %m, %i : tile<i64>, tile<{elem}>
  }}
  %t1 = store_ptr_tko weak %out, %r#0 : tile<ptr<i64>>, tile<i64> -> token
  %t2 = store_ptr_tko weak %last, %r#1 : tile<ptr<{elem}>>, tile<{elem}> -> token
  return
}}
"""
    spec = parse_spec({"convention": "raw", "params": [
        {"name": "out", "shape": [1], "dtype": "i64", "init": "zeros"},
        {"name": "last", "shape": [1], "dtype": elem, "init": "zeros"}]})
    got = run(parse(src), spec, mode=mode).buffers
    return int(got["out"][0]), int(got["last"][0])


# (width, lb, ub, step, unsigned) -> hand-computed trip count; bounds written as the signed
# constants the IR holds (i8 200 is -56)
_TRIPS = [
    ("i8", 0, -56, 1, True, 200), ("i8", 0, -56, 1, False, 0),
    ("i8", -56, -1, 1, True, 55), ("i8", 0, -1, 7, True, 37), ("i8", 0, 127, 1, True, 127),
    ("i16", 0, -536, 1000, True, 65), ("i16", 0, -536, 1000, False, 0),
    ("i16", -100, 100, 10, False, 20),
    ("i32", 2147483000, -2147483000, 100, True, 13), ("i32", -5, 5, 3, False, 4),
    ("i64", 9223372036854775000, -9223372036854775000, 200, True, 9),
    ("i64", -9, 9, 2, False, 9),
]


@pytest.mark.parametrize("mode", ["program", "fuzz"])
@pytest.mark.parametrize("elem,lb,ub,step,unsigned,trips", _TRIPS)
def test_for_trip_counts_signed_and_unsigned(elem, lb, ub, step, unsigned, trips, mode):
    n, last = _trip_count(elem, lb, ub, step, unsigned, mode)
    assert n == trips
    if trips:                          # the last induction value, wrapped to the type
        bits = int(elem[1:])
        first = lb % (1 << bits) if unsigned else lb
        want = first + (trips - 1) * step
        want = ((want + (1 << (bits - 1))) % (1 << bits)) - (1 << (bits - 1))
        assert last == want


# i1 is a 1-bit two's complement integer: signed, true is -1 (less than false); every op
# that reads it signed agrees with `exti signed`
@pytest.mark.parametrize("lines,elem,want", [
    ("%r = exti %t signed : tile<i1> -> tile<i32>", "i32", -1),
    ("%r = exti %t unsigned : tile<i1> -> tile<i32>", "i32", 1),
    ("%r = cmpi less_than %t, %f, signed : tile<i1> -> tile<i1>", "i1", True),
    ("%r = cmpi less_than %t, %f, unsigned : tile<i1> -> tile<i1>", "i1", False),
    ("%r = cmpi greater_than %t, %f, signed : tile<i1> -> tile<i1>", "i1", False),
    ("%r = maxi %t, %f signed : tile<i1>", "i1", False),
    ("%r = mini %t, %f signed : tile<i1>", "i1", True),
    ("%r = maxi %t, %f unsigned : tile<i1>", "i1", True),
    ("%r = mini %t, %f unsigned : tile<i1>", "i1", False),
    ("%r = negi %t : tile<i1>", "i1", True),
    ("%r = negi %f : tile<i1>", "i1", False),
    ("%r = absi %t : tile<i1>", "i1", True),
    ("%r = shri %t, %t signed : tile<i1>", "i1", True),
    ("%r = shri %t, %t unsigned : tile<i1>", "i1", False),
    ("%r = itof %t signed : tile<i1> -> tile<f32>", "f32", -1.0),
])
@pytest.mark.parametrize("mode", ["program", "fuzz"])
def test_i1_is_twos_complement_everywhere(lines, elem, want, mode):
    from eqsat.ir.verify import verify
    body = (c("t", "i1", "true") + "\n" + c("f", "i1", "false") + "\n  " + lines)
    src = (f"entry @t(%out: tile<ptr<{elem}>>) {{\n{body}\n"
           f"  %tk = store_ptr_tko weak %out, %r : tile<ptr<{elem}>>, tile<{elem}> -> token\n"
           f"  return\n}}\n")
    verify(parse(src))                 # valid, and defined: no internal error when run
    got = scalar_result(body, elem, mode)
    assert (bool(got) if elem == "i1" else float(got)) == want


def test_unsigned_loop_keeps_its_trip_count_through_the_optimizer():
    """The e-graph's loop facts (bounds-iv) read bounds as signed; an unsigned loop is
    kept out of the e-graph (not encoded), so no signed fact reaches its induction
    variable, and the optimized kernel runs the same 200 iterations."""
    from eqsat import optimize
    src = """entry @t(%out: tile<ptr<i64>>) {
  %lb = constant <i8: 0> : tile<i8>
  %ub = constant <i8: -56> : tile<i8>
  %st = constant <i8: 1> : tile<i8>
  %z = constant <i64: 0> : tile<i64>
  %one = constant <i64: 1> : tile<i64>
  %r = for unsigned %i in (%lb to %ub, step %st) : tile<i8> iter_values(%n = %z) -> (tile<i64>) {
    %m = addi %n, %one : tile<i64>
    continue %m : tile<i64>
  }
  %t1 = store_ptr_tko weak %out, %r : tile<ptr<i64>>, tile<i64> -> token
  return
}
"""
    spec = parse_spec({"convention": "raw", "params": [
        {"name": "out", "shape": [1], "dtype": "i64", "init": "zeros"}]})
    res = optimize(parse(src))
    for k in (parse(src), res.kernel):
        assert int(run(k, spec).buffers["out"][0]) == 200


def _bits(elem: str, value) -> int:
    from eqsat.ir.numbers import bits_of
    return bits_of(elem, np.asarray(value))


# conversions round once, by their rounding attribute (the reference values are the
# correctly rounded ones: through f64 or f32 first they were one unit off)
@pytest.mark.parametrize("lines,elem,want_bits", [
    # i64 2^62 + 2^38 + 1 -> f32: 2^62 + 2^39 (through f64: 2^62)
    (c("a", "i64", 2**62 + 2**38 + 1) + "\n  %r = itof %a signed : tile<i64> -> tile<f32>",
     "f32", 0x5E800001),
    # i32 2^24 + 2^16 + 2^15 + 1 -> bf16: above the midpoint, up (through f32: a tie, down)
    (c("a", "i32", 0x01018001) + "\n  %r = itof %a signed : tile<i32> -> tile<bf16>",
     "bf16", 0x4B81),
    # f64 1 + 2^-8 + 2^-30 -> bf16: above the midpoint, up (through f32: a tie, down)
    (c("a", "f64", "0x3FF0100000400000") + "\n  %r = ftof %a : tile<f64> -> tile<bf16>",
     "bf16", 0x3F81),
    # itof honours its rounding mode
    (c("a", "i32", 2**24 + 1)
     + "\n  %r = itof %a signed rounding<positive_inf> : tile<i32> -> tile<f32>",
     "f32", 0x4B800001),
    (c("a", "i32", 2**24 + 3)
     + "\n  %r = itof %a signed rounding<zero> : tile<i32> -> tile<f32>", "f32", 0x4B800001),
    (c("a", "i32", -(2**24) - 1)
     + "\n  %r = itof %a signed rounding<negative_inf> : tile<i32> -> tile<f32>",
     "f32", 0xCB800001),
    (c("a", "i64", -1)
     + "\n  %r = itof %a unsigned rounding<zero> : tile<i64> -> tile<f16>", "f16", 0x7BFF),
    # ftof with a directed mode, f64 -> bf16 and f32 -> f16
    (c("a", "f64", "0x3FF0000000000001")
     + "\n  %r = ftof %a rounding<positive_inf> : tile<f64> -> tile<bf16>", "bf16", 0x3F81),
    (c("a", "f32", "-1.0000001")
     + "\n  %r = ftof %a rounding<zero> : tile<f32> -> tile<f16>", "f16", 0xBC00),
])
@pytest.mark.parametrize("mode", ["program", "fuzz"])
def test_conversions_round_once(lines, elem, want_bits, mode):
    assert _bits(elem, scalar_result(lines, elem, mode)) == want_bits


@pytest.mark.parametrize("lines,elem,want", [
    # ftoi rounds by its mode (absent: toward zero); to i1 it tests against zero, as
    # tileiras compiles it whatever the flags (Tile IR's saturated value differs)
    (c("a", "f32", "2.5") + "\n  %r = ftoi %a signed rounding<nearest_even> : "
     "tile<f32> -> tile<i8>", "i8", 2),
    (c("a", "f32", "-0.5") + "\n  %r = ftoi %a signed rounding<negative_inf> : "
     "tile<f32> -> tile<i8>", "i8", -1),
    (c("a", "f32", "0.25") + "\n  %r = ftoi %a unsigned rounding<positive_inf> : "
     "tile<f32> -> tile<i8>", "i8", 1),
    (c("a", "f32", "2.0") + "\n  %r = ftoi %a signed : tile<f32> -> tile<i1>", "i1", 1),
    (c("a", "f32", "-2.0") + "\n  %r = ftoi %a signed : tile<f32> -> tile<i1>", "i1", 1),
    (c("a", "f32", "2.0") + "\n  %r = ftoi %a unsigned : tile<f32> -> tile<i1>", "i1", 1),
    (c("a", "f32", "0.5") + "\n  %r = ftoi %a unsigned saturating : tile<f32> -> tile<i1>",
     "i1", 1),
    (c("a", "f32", "-0.0") + "\n  %r = ftoi %a signed : tile<f32> -> tile<i1>", "i1", 0),
    (c("a", "f32", "0x7FC00000") + "\n  %r = ftoi %a unsigned : tile<f32> -> tile<i1>",
     "i1", 1),
])
def test_ftoi_rounding_and_i1(lines, elem, want):
    assert int(scalar_result(lines, elem)) == want


@pytest.mark.parametrize("op,a,b,flags,want_bits", [
    ("maxf", "-0.0", "0.0", "", 0x00000000),
    ("maxf", "0.0", "-0.0", "", 0x00000000),
    ("minf", "0.0", "-0.0", "", 0x80000000),
    ("minf", "-0.0", "0.0", "", 0x80000000),
    ("maxf", "0x7FC00000", "1.0", "", 0x3F800000),
    ("minf", "1.0", "0x7FC00000", "", 0x3F800000),
])
def test_maxf_minf_order_signed_zeros(op, a, b, flags, want_bits):
    lines = c("a", "f32", a) + "\n" + c("b", "f32", b) + f"\n  %r = {op} %a, %b{flags} : tile<f32>"
    assert _bits("f32", scalar_result(lines, "f32")) == want_bits


def test_maxf_propagate_nan():
    lines = c("a", "f32", "1.0") + "\n" + c("b", "f32", "0x7FC00000") + \
        "\n  %r = maxf %a, %b propagate_nan : tile<f32>"
    assert math.isnan(float(scalar_result(lines, "f32")))


# ftof's directed roundings, against a reference that shares no code with the interpreter:
# every finite value of the result type, listed from its bit patterns, then the neighbour
# below (negative_inf), above (positive_inf) or toward zero of each input, found by search
def _every_value(elem: str) -> np.ndarray:
    with np.errstate(invalid="ignore"):     # the NaN patterns, dropped below
        return _all_patterns(elem)


def _all_patterns(elem: str) -> np.ndarray:
    if elem == "f16":
        vals = np.arange(1 << 16, dtype=np.uint16).view(np.float16).astype(np.float64)
    elif elem == "bf16":
        vals = (np.arange(1 << 16, dtype=np.uint32) << 16).view(np.float32).astype(np.float64)
    else:                                   # tf32: f32 with the low 13 bits of its fraction zero
        vals = (np.arange(1 << 19, dtype=np.uint32) << 13).view(np.float32).astype(np.float64)
    return np.unique(vals[~np.isnan(vals)])          # sorted, +-inf included, one zero


def _directed_reference(x: np.ndarray, elem: str, mode: str) -> np.ndarray:
    table = _every_value(elem)
    i = np.searchsorted(table, x, side="right") - 1      # table[i] <= x < table[i + 1]
    below = table[np.clip(i, 0, len(table) - 1)]
    above = table[np.clip(np.where(below == x, i, i + 1), 0, len(table) - 1)]
    if mode == "zero":
        out = np.where(x >= 0, below, above)
    else:
        out = below if mode == "negative_inf" else above
    out = np.where(np.isnan(x), np.nan, out)
    return np.where(out == 0, np.copysign(0.0, x), out)   # a rounded-away value keeps its sign


def _float_samples(elem: str, n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if elem == "f32":
        raw = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32).view(np.float32)
        edges = [65504.0, 65519.996, 65520.0, 70000.0, 3.0e38, 6.0e-8, 5.9e-8, 1e-45, 1.0000001]
    else:
        raw = np.ldexp(rng.uniform(1, 2, n), rng.integers(-160, 140, n)) * rng.choice([-1, 1], n)
        edges = [3.4028235677973366e38, 3.4028235e38 * (1 + 2**-30), 1e-46, 1.0 + 2**-40]
    edges += [0.0, math.inf, math.nan, 1.0]
    with np.errstate(invalid="ignore"):     # signalling NaN patterns quieten
        xs = np.concatenate([raw.astype(np.float64), edges, np.negative(edges)])
        return xs.astype(np.float32) if elem == "f32" else xs


@pytest.mark.parametrize("src,dst", [("f32", "f16"), ("f32", "bf16"), ("f32", "tf32"),
                                     ("f64", "f16"), ("f64", "bf16"), ("f16", "bf16"),
                                     ("bf16", "f16")])
@pytest.mark.parametrize("mode", ["zero", "negative_inf", "positive_inf"])
def test_ftof_directed_rounding_matches_the_neighbours(src, dst, mode):
    """Each input lands on the result type's neighbour the mode names, overflow included
    (toward zero or the finite side stops at the largest finite value)."""
    from eqsat.interp.memory import round_to
    from eqsat.interp.semantics import evaluate_pure
    from eqsat.ir.core import Operation, Value
    from eqsat.ir.types import TileType
    if src in ("f32", "f64"):
        xs = _float_samples(src, 3000, seed=len(src + dst + mode))
    else:                                   # every value of the 16-bit source
        xs = _every_value(src)
        xs = np.concatenate([xs, [math.nan]]).astype(np.float32)
    x = np.asarray(round_to(src, np.asarray(xs, np.float64)))
    op = Operation("ftof", [Value(TileType((len(x),), src))], [TileType((len(x),), dst)],
                   {"rounding": mode})
    got = np.asarray(evaluate_pure(op, [x])[0], np.float64)
    want = _directed_reference(np.asarray(x, np.float64), dst, mode)
    same = (got == want) & (np.signbit(got) == np.signbit(want)) | np.isnan(got) & np.isnan(want)
    bad = np.flatnonzero(~same)
    assert not bad.size, [(float(x[j]), float(got[j]), float(want[j])) for j in bad[:5]]


@pytest.mark.parametrize("mode", ["zero", "negative_inf", "positive_inf"])
def test_ftof_f64_to_f32_directed_matches_the_neighbours(mode):
    """f64 -> f32 with a directed mode: the reference steps numpy's nearest f32 one unit
    toward the mode where it landed on the wrong side."""
    from eqsat.interp.semantics import evaluate_pure
    from eqsat.ir.core import Operation, Value
    from eqsat.ir.types import TileType
    x = _float_samples("f64", 3000, seed=7)
    with np.errstate(over="ignore"):
        near = x.astype(np.float32)
        down = np.nextafter(near, np.float32(-np.inf)).astype(np.float64)
        up = np.nextafter(near, np.float32(np.inf)).astype(np.float64)
    near = near.astype(np.float64)
    below = np.where(near > x, down, near)
    above = np.where(near < x, up, near)
    want = {"zero": np.where(x >= 0, below, above), "negative_inf": below,
            "positive_inf": above}[mode]
    want = np.where(want == 0, np.copysign(0.0, x), want)
    op = Operation("ftof", [Value(TileType((len(x),), "f64"))], [TileType((len(x),), "f32")],
                   {"rounding": mode})
    got = np.asarray(evaluate_pure(op, [x])[0], np.float64)
    same = (got == want) & (np.signbit(got) == np.signbit(want)) | np.isnan(got) & np.isnan(want)
    bad = np.flatnonzero(~same)
    assert not bad.size, [(float(x[j]), float(got[j]), float(want[j])) for j in bad[:5]]


@pytest.mark.parametrize("signs", [" signed", " unsigned", " signed unsigned",
                                   " unsigned signed", " unsigned unsigned"])
def test_mmai_reads_each_input_with_its_signedness(signs):
    """i8 inputs are read as 0..255 where unsigned (each side its own with a pair), the
    products summed exactly into the i32 accumulator, which wraps."""
    from eqsat.interp.semantics import evaluate_pure
    k = parse("entry @k(%a: tile<ptr<i8>>) {\n"
              "  %x = constant <i8: 1> : tile<4x8xi8>\n  %y = constant <i8: 1> : tile<8x4xi8>\n"
              "  %z = constant <i32: 0> : tile<4x4xi32>\n"
              f"  %r = mmai %x, %y, %z{signs} : tile<4x8xi8>, tile<8x4xi8>, tile<4x4xi32>\n"
              "  return\n}\n")
    op = next(o for o in k.walk() if o.name == "mmai")
    rng = np.random.default_rng(3)
    a = rng.integers(-128, 128, (4, 8)).astype(np.int8)
    b = rng.integers(-128, 128, (8, 4)).astype(np.int8)
    acc = rng.integers(-2**31, 2**31, (4, 4)).astype(np.int32)
    acc[0, 0] = 2**31 - 1                    # wraps when the products are positive
    words = signs.split()
    ls, rs = (words * 2)[:2]
    av = [[int(v) % 256 if ls == "unsigned" else int(v) for v in row] for row in a]
    bv = [[int(v) % 256 if rs == "unsigned" else int(v) for v in row] for row in b]
    want = [[(sum(av[i][t] * bv[t][j] for t in range(8)) + int(acc[i, j]) + 2**31) % 2**32
             - 2**31 for j in range(4)] for i in range(4)]
    got = evaluate_pure(op, [a, b, acc])[0]
    assert np.asarray(got).dtype == np.int32 and np.asarray(got).tolist() == want


def _vector_result(elem: str, fn_line: str, *operands: np.ndarray) -> np.ndarray:
    """Run `%r = <fn_line>` on dense constants %a, %b, %c (given as bit patterns) and
    return %r's elements."""
    from eqsat.ir.numbers import hex_bits
    n = len(operands[0])
    consts = "\n".join(
        f"  %{name} = constant <{elem}: [" + ", ".join(f"0x{hex_bits(elem, v):X}" for v in vals)
        + f"]> : tile<{n}x{elem}>" for name, vals in zip("abc", operands))
    src = (f"entry @t(%out: tile<ptr<{elem}>>) {{\n{consts}\n  %r = {fn_line} : tile<{n}x{elem}>\n"
           f"  %o1 = reshape %out : tile<ptr<{elem}>> -> tile<1xptr<{elem}>>\n"
           f"  %ob = broadcast %o1 : tile<1xptr<{elem}>> -> tile<{n}xptr<{elem}>>\n"
           f"  %i = iota : tile<{n}xi32>\n"
           f"  %op = offset %ob, %i : tile<{n}xptr<{elem}>>, tile<{n}xi32> -> tile<{n}xptr<{elem}>>\n"
           f"  %tk = store_ptr_tko weak %op, %r : tile<{n}xptr<{elem}>>, tile<{n}x{elem}> -> token\n"
           "  return\n}\n")
    spec = parse_spec({"convention": "raw", "params": [
        {"name": "out", "shape": [n], "dtype": elem, "init": "zeros"}]})
    return run(parse(src), spec).buffers["out"]


@pytest.mark.parametrize("elem", ["f32", "bf16", "f16"])
def test_fma_rounds_once(elem):
    """fma's exact a*b + c rounded once to nearest even. A product on a tie of the type
    plus a c too small for a float64 to keep went to the even side (two roundings)."""
    from fractions import Fraction

    from eqsat.interp.semantics import round_exact
    p = {"f32": 24, "bf16": 8, "f16": 11}[elem]
    rng = np.random.default_rng(4)
    a, b, c = [], [], []
    for _ in range(48):                     # products on a tie, nudged by a tiny c
        x = 1 + int(rng.integers(1, 1 << (p // 2 - 1))) * 2.0 ** -(p // 2)
        y = 1 + 2.0 ** -(p - p // 2)
        tiny = 2.0 ** -int(rng.integers(60, 100)) if elem != "f16" else 2.0 ** -24
        a.append(x)
        b.append(y)
        c.append(tiny * (1 if rng.integers(0, 2) else -1))
    rand = rng.normal(size=(3, 16)) * 10.0 ** rng.integers(-3, 3, size=(3, 16))
    from eqsat.ir.numbers import round_float
    vals = [np.array([round_float(elem, float(v)) for v in list(col) + list(r)])
            for col, r in zip((a, b, c), rand)]
    got = _vector_result(elem, "fma %a, %b, %c", *vals)
    want = [round_exact(Fraction(float(x)) * Fraction(float(y)) + Fraction(float(z)), elem,
                        "nearest_even") for x, y, z in zip(*vals)]
    assert [float(g) for g in got] == want


def _red_view(mode: str, data: list[int], vals: list[int], stride: int = 1) -> list[int]:
    """`atomic_red_view_tko` of i32 `vals` into tile 0 of a view of `data` (element i of
    the tile at element i * stride); the array afterwards."""
    n = len(vals)
    pv = f"partition_view<tile=({n}), tensor_view<{n}xi32, strides=[{stride}]>>"
    src = f"""entry @k(%p: tile<ptr<i32>>) {{
  %tv = make_tensor_view %p, shape = [{n}], strides = [{stride}] : tensor_view<{n}xi32, strides=[{stride}]>
  %pv = make_partition_view %tv : {pv}
  %c0 = constant <i32: 0> : tile<i32>
  %v = constant <i32: [{", ".join(map(str, vals))}]> : tile<{n}xi32>
  %t = atomic_red_view_tko relaxed device %pv[%c0], {mode}, %v : tile<{n}xi32>, {pv}, tile<i32> -> token
  return
}}"""
    spec = parse_spec({"convention": "raw", "params": [
        {"name": "p", "shape": [len(data)], "dtype": "i32",
         "init": {"kind": "data", "values": data}}]})
    return run(parse(src), spec).buffers["p"].tolist()


@pytest.mark.parametrize("mode, want", [
    ("umax", [-1, 5, -2, -3]), ("umin", [1, 1, 3, 7]),
    ("max", [1, 5, 3, 7]), ("min", [-1, 1, -2, -3]),
])
def test_view_reduction_compares_unsigned_for_umax_umin(mode, want):
    """umax/umin read the bits as unsigned (-1 is the largest i32); the view reduction
    compared them signed."""
    assert _red_view(mode, [-1, 5, -2, 7], [1, 1, 3, -3]) == want


def test_view_reduction_into_overlapping_elements_applies_each():
    """A view whose tile elements overlap (stride 0) reduces every value into the one
    element, as separate atomics do; it kept only the last."""
    assert _red_view("add", [10, 0], [1, 2, 3, 4], stride=0) == [20, 0]


def _view_load(index_elem: str, index: int, n_value: int, count: int, tile: int) -> list:
    """Load tile `index` (an `index_elem` constant) of a tile-`tile` partition view of an
    i32 array of `count` elements viewed with the dynamic i32 size `n_value`."""
    pv = f"partition_view<tile=({tile}), tensor_view<?xi32, strides=[1]>>"
    src = f"""entry @k(%p: tile<ptr<i32>>, %n: tile<i32>, %out: tile<ptr<i32>>) {{
  %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %pv = make_partition_view %tv : {pv}
  %i = constant <{index_elem}: {index}> : tile<{index_elem}>
  %v, %t = load_view_tko weak %pv[%i] : {pv}, tile<{index_elem}> -> tile<{tile}xi32>, token
  %ov = make_tensor_view %out, shape = [{tile}], strides = [1] : tensor_view<{tile}xi32, strides=[1]>
  %opv = make_partition_view %ov : partition_view<tile=({tile}), tensor_view<{tile}xi32, strides=[1]>>
  %c0 = constant <i32: 0> : tile<i32>
  %s = store_view_tko weak %v, %opv[%c0] : tile<{tile}xi32>, partition_view<tile=({tile}), tensor_view<{tile}xi32, strides=[1]>>, tile<i32> -> token
  return
}}"""
    spec = parse_spec({"convention": "raw", "params": [
        {"name": "p", "shape": [count], "dtype": "i32", "init": {"kind": "arange", "start": 0,
                                                                   "step": 1}},
        {"name": "n", "dtype": "i32", "value": n_value},
        {"name": "out", "shape": [tile], "dtype": "i32", "init": {"kind": "full", "value": -7}}]})
    return run(parse(src), spec).buffers["out"].tolist()


def test_a_view_index_is_unsigned():
    """Tile IR reads view indices as unsigned: an i8 -1 is tile 255 (it was tile -1, out
    of bounds, so the load gave padding)."""
    assert _view_load("i8", -1, 256, 256, 1) == [255]
    assert _view_load("i8", 3, 256, 256, 1) == [3]


def test_a_dynamic_view_size_is_unsigned():
    """An i32 size of -1 is 2^32 - 1 elements: tile 0 is in bounds and reads memory (it
    was a negative size, every element out of bounds)."""
    assert _view_load("i32", 0, -1, 8, 4) == [0, 1, 2, 3]


@pytest.mark.parametrize("index, want", [(1, [4.0, 5.0, 6.0, 7.0]), (3, [12.0, 13.0, 14.0, 15.0]),
                                         (4, None), (-1, None)])
def test_extract_of_a_slice_that_does_not_exist_is_an_error(index, want):
    """Tile IR leaves it undefined; a negative index read a Python slice from the end (an
    empty tile that failed later in numpy)."""
    from eqsat.errors import InterpError
    src = f"""entry @t(%out: tile<ptr<f32>>) {{
  %a = constant <f32: [{", ".join(f"{i}.0" for i in range(16))}]> : tile<16xf32>
  %i = constant <i32: {index}> : tile<i32>
  %r = extract %a[%i] : tile<16xf32> -> tile<4xf32>
  %o1 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
  %ob = broadcast %o1 : tile<1xptr<f32>> -> tile<4xptr<f32>>
  %j = iota : tile<4xi32>
  %op = offset %ob, %j : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
  %tk = store_ptr_tko weak %op, %r : tile<4xptr<f32>>, tile<4xf32> -> token
  return
}}"""
    spec = parse_spec({"convention": "raw", "params": [
        {"name": "out", "shape": [4], "dtype": "f32", "init": "zeros"}]})
    if want is None:
        with pytest.raises(InterpError, match=r"'extract': slice \d+ of size 4 along dimension "
                                              r"0 is past the end \(16 elements\)"):
            run(parse(src), spec)
    else:
        assert run(parse(src), spec).buffers["out"].tolist() == want


@pytest.mark.parametrize("b, want", [("true", [1.0, 0.0]), ("false", [0.0, 1.0])])
def test_an_i1_offset_is_signed(b, want):
    """offset reads its offset as signed: an i1 true is -1 element (tileiras' SASS
    negates the bit: `IADD3 R5, RZ, -UR4, RZ; IMAD.WIDE R2, R5, 0x4, R2`); it was +1."""
    src = f"""entry @t(%x: tile<ptr<f32>>) {{
  %b = constant <i1: {b}> : tile<i1>
  %one = constant <i32: 1> : tile<i32>
  %p = offset %x, %one : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
  %q = offset %p, %b : tile<ptr<f32>>, tile<i1> -> tile<ptr<f32>>
  %v = constant <f32: 1.0> : tile<f32>
  %t = store_ptr_tko weak %q, %v : tile<ptr<f32>>, tile<f32> -> token
  return
}}"""
    spec = parse_spec({"convention": "raw", "params": [
        {"name": "x", "shape": [2], "dtype": "f32", "init": "zeros"}]})
    assert run(parse(src), spec).buffers["x"].tolist() == want
