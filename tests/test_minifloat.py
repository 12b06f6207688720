"""fp8/fp4 element types: exact conversions at the edges, text round trips of the new
forms (fpowi, fp8 constants, hints on pointer loads and stores), the interpreter's
conversion semantics, and the soundness of the fpow-by-two folds."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eqsat.errors import ParseError, VerifyError
from eqsat.interp.semantics import evaluate_pure
from eqsat.ir import first_difference, minifloat
from eqsat.text import parse, print_kernel
from eqsat.ir.verify import verify

E4, E5, E8 = "f8E4M3FN", "f8E5M2", "f8E8M0FNU"


def rnd(elem, xs, mode="nearest_even"):
    return minifloat.round_values(elem, np.array(xs, np.float64), mode).tolist()


@pytest.mark.parametrize("elem", sorted(minifloat.FORMATS))
def test_every_code_decodes_and_encodes_back(elem):
    f = minifloat.FORMATS[elem]
    codes = np.arange(1 << f.bits)
    vals = minifloat.decode(elem, codes)
    back = minifloat.encode(elem, vals)
    nan, fin = np.isnan(vals), np.isfinite(vals)
    assert (back[fin] == codes[fin]).all()
    # infinities saturate (satfinite), NaNs stay NaN
    assert (minifloat.decode(elem, back[np.isinf(vals)]) == np.sign(vals[np.isinf(vals)]) *
            minifloat.largest_finite(elem)).all()
    assert np.isnan(minifloat.decode(elem, back[nan])).all()
    assert nan.sum() == {E4: 2, E5: 6, E8: 1, "f4E2M1FN": 0}[elem]


def test_e4m3_edges():
    assert minifloat.largest_finite(E4) == 448.0
    # ties to even at the top: 464 lies between 448 and (unrepresentable) 480
    assert rnd(E4, [464.0, 1e6, math.inf, -math.inf]) == [448.0, 448.0, 448.0, -448.0]
    # subnormals: smallest 2^-9; half of it ties to even (0), three quarters rounds up
    tiny = 2.0 ** -9
    assert rnd(E4, [tiny, tiny / 2, tiny * 0.75, tiny * 1.5, -tiny / 4]) == \
        [tiny, 0.0, tiny, 2 * tiny, -0.0]
    assert math.copysign(1, rnd(E4, [-tiny / 4])[0]) == -1
    assert rnd(E4, [1.0625, 1.1875]) == [1.0, 1.25]
    assert math.isnan(rnd(E4, [math.nan])[0])
    assert int(minifloat.encode(E4, math.nan)) & 0x7F == 0x7F


def test_e5m2_and_e8m0_edges():
    assert minifloat.largest_finite(E5) == 57344.0
    assert rnd(E5, [61440.0, math.inf, 2.0 ** -16, 2.0 ** -17]) == \
        [57344.0, 57344.0, 2.0 ** -16, 0.0]
    # e8m0: powers of two only, no zero, no sign
    assert rnd(E8, [3.0, 2.9, 1.5, 1.49]) == [4.0, 2.0, 2.0, 1.0]
    assert rnd(E8, [0.0, -5.0]) == [2.0 ** -127, 2.0 ** -127]
    assert rnd(E8, [3.0], "zero") == [2.0]
    assert int(minifloat.encode(E8, math.nan)) == 0xFF


def test_directed_rounding():
    assert rnd(E4, [1.01, -1.01], "zero") == [1.0, -1.0]
    assert rnd(E4, [1.01, -1.01], "positive_inf") == [1.125, -1.0]
    assert rnd(E4, [1.01, -1.01], "negative_inf") == [1.0, -1.125]


def _op(text: str, name: str):
    k = parse(text)
    verify(k)
    return k, next(op for op in k.walk() if op.name == name)


CONVERT = """entry @k() {
  %x = constant <f32: [4.640000e+02, 1.000000e+06, 0x7FC00000, 1.953125e-03]> : tile<4xf32>
  %y = ftof %x : tile<4xf32> -> tile<4xf8E4M3FN>
  %z = ftof %y : tile<4xf8E4M3FN> -> tile<4xf32>
  return
}
"""


def test_interpreter_ftof_saturates_and_keeps_nan():
    k, cst = _op(CONVERT, "constant")
    ops = list(k.walk())
    x = evaluate_pure(cst, [])[0]
    y = evaluate_pure(ops[1], [x])[0]
    z = evaluate_pure(ops[2], [y])[0]
    assert z[0] == 448.0 and z[1] == 448.0 and math.isnan(z[2]) and z[3] == 2.0 ** -9
    assert z.dtype == np.float32


NEW_FORMS = """entry @k(%p: tile<ptr<f32>>, %q: tile<ptr<f8E5M2>>, %h: tile<f8E4M3FN>) {
  %x = constant <f32: 1.500000e+00> : tile<4xf32>
  %n = constant <i32: 2> : tile<4xi32>
  %0 = fpowi %x, %n : tile<4xf32>, tile<4xi32>
  %c = constant <f8E4M3FN: [1.953125e-03, 4.480000e+02, -4.480000e+02, 0x80]> : tile<4xf8E4M3FN>
  %e = constant <f8E8M0FNU: 2.000000e+00> : tile<4xf8E8M0FNU>
  %r = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
  %b = broadcast %r : tile<1xptr<f32>> -> tile<4xptr<f32>>
  %v, %t = load_ptr_tko weak %b optimization_hints = <default = {latency = 1}> : tile<4xptr<f32>> -> tile<4xf32>, token
  %t2 = store_ptr_tko weak %b, %0 token=%t optimization_hints = <default = {latency = 3}> : tile<4xptr<f32>>, tile<4xf32> -> token
  return
}
"""


def test_new_forms_round_trip_through_text():
    k = parse(NEW_FORMS)
    verify(k)
    text = print_kernel(k)
    assert text == NEW_FORMS
    assert first_difference(k, parse(text)) is None
    ops = {op.name: op for op in k.walk()}
    assert ops["load_ptr_tko"].attrs["hints"] == "<default = {latency = 1}>"
    assert ops["store_ptr_tko"].attrs["hints"] == "<default = {latency = 3}>"
    c8 = next(op for op in k.walk() if op.name == "constant"
              and op.results[0].type.elem == "f8E4M3FN")
    vals = c8.attrs["value"].array
    assert vals.tolist()[:3] == [2.0 ** -9, 448.0, -448.0] and np.signbit(vals[3])


def test_fpowi_semantics_and_checks():
    k = parse(NEW_FORMS)
    ops = list(k.walk())
    x, n = evaluate_pure(ops[0], [])[0], evaluate_pure(ops[1], [])[0]
    assert evaluate_pure(ops[2], [x, n])[0].tolist() == [2.25] * 4
    bad = NEW_FORMS.replace("%n = constant <i32: 2> : tile<4xi32>",
                            "%n = constant <f32: 2.0> : tile<4xf32>").replace(
        "tile<4xf32>, tile<4xi32>", "tile<4xf32>, tile<4xf32>")
    with pytest.raises(VerifyError, match="fpowi needs an integer exponent"):
        verify(parse(bad))


def test_bad_fp8_literal_names_the_place():
    bad = NEW_FORMS.replace("0x80]", "0x180]")
    with pytest.raises(ParseError, match="more bits than f8E4M3FN"):
        parse(bad)


@pytest.mark.parametrize("dt,it", [("f32", "i32"), ("f16", "i8"), ("f64", "i16"),
                                   ("bf16", "i32")])     # tileiras takes no i64 exponent
def test_fpowi_two_fold_is_sound(dt, it):
    from eqsat.rules.soundness import check_rule
    from eqsat.rules.algebra import ALGEBRA

    rule = next(r for r in ALGEBRA.rules if r.name == "fpowi-two")
    res = check_rule(rule, examples=4, dtypes=[dt],
                     types={"x": f"tile<{dt}>", "t": f"tile<{dt}>", "t2": f"tile<{it}>"})
    assert res.ok and res.exercised > 0, res.message


def test_fpowf_fold_is_exact_and_a_wrong_exponent_is_caught():
    from eqsat.egraph import terms as T
    from eqsat.rules.soundness import check_rule
    from eqsat.rules.algebra import ALGEBRA
    from eqsat.rules.dsl import fconst, fpowf, mulf, rewrite, terms, tys

    rule = next(r for r in ALGEBRA.rules if r.name == "fpowf-two-f32")
    assert rule.exact
    assert check_rule(rule, examples=4).ok
    x, = terms("x")
    t, = tys("t")
    bad = rewrite("fpowf-three-as-square", fpowf(x, fconst(3.0, "f32"), ty=t, attrs=T.NO_ATTRS),
                  mulf(x, x, ty=t, attrs=T.NO_ATTRS))
    assert not check_rule(bad, examples=4).ok


def test_formats_without_known_values_are_refused_clearly():
    text = "entry @k() {\n  %c = constant <fnv8E5M3FNU: 1.0> : tile<2xfnv8E5M3FNU>\n  return\n}\n"
    with pytest.raises(ParseError, match="2:31: error: fnv8E5M3FNU constants are not supported"):
        parse(text)
    # the type itself is fine: it prints and parses as a pointee
    k = parse("entry @k(%p: tile<ptr<fnv8E5M3FNU>>) {\n  return\n}\n")
    assert print_kernel(k).startswith("entry @k(%p: tile<ptr<fnv8E5M3FNU>>)")


STORE_FP8 = """entry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>) {
  %c = constant <f8E4M3FN: [1.953125e-03, 4.480000e+02, -4.480000e+02, 0x80]> : tile<4xf8E4M3FN>
  %w = ftof %c : tile<4xf8E4M3FN> -> tile<4xf32>
  %r = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
  %b = broadcast %r : tile<1xptr<f32>> -> tile<4xptr<f32>>
  %i = iota : tile<4xi32>
  %q = offset %b, %i : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
  %t = store_ptr_tko weak %q, %w : tile<4xptr<f32>>, tile<4xf32> -> token
  return
}
"""


def test_fp8_constants_survive_the_optimizer():
    from eqsat.interp.inputs import parse_spec
    from eqsat.interp import run
    from eqsat.pipeline.optimize import optimize

    k = parse(STORE_FP8)
    verify(k)
    out = optimize(k).kernel
    verify(out)
    spec = parse_spec({"grid": [1], "params": [
        {"name": "p", "shape": [4], "dtype": "f32", "init": "zeros"}]})
    for kern in (k, out):
        got = np.asarray(run(kern, spec).buffers["p"])
        assert got.tolist()[:3] == [2.0 ** -9, 448.0, -448.0] and np.signbit(got[3])


MMA_SCALED = """entry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %st: tile<i32>) {
  %a = constant <f8E4M3FN: 1.500000e+00> : tile<16x64xf8E4M3FN>
  %b = constant <f8E4M3FN: -2.000000e+00> : tile<64x8xf8E4M3FN>
  %sa = constant <f8E8M0FNU: 2.000000e+00> : tile<16x2xf8E8M0FNU>
  %sb = constant <f8E8M0FNU: 5.000000e-01> : tile<2x8xf8E8M0FNU>
  %acc = constant <f32: 1.000000e+00> : tile<16x8xf32>
  %0 = mmaf_scaled %a, %b, %acc, %sa, %sb : tile<16x64xf8E4M3FN>, tile<64x8xf8E4M3FN>, tile<16x8xf32>, tile<16x2xf8E8M0FNU>, tile<2x8xf8E8M0FNU>
  %c0 = constant <i32: 0> : tile<i32>
  %e = extract %0[%c0, %c0] : tile<16x8xf32> -> tile<1x1xf32>
  %s = reshape %e : tile<1x1xf32> -> tile<f32>
  %t = store_ptr_tko weak %p, %s : tile<ptr<f32>>, tile<f32> -> token
  return
}
"""


def test_mmaf_scaled_scales_each_k_block_and_survives_the_optimizer():
    from eqsat.interp.inputs import parse_spec
    from eqsat.interp import run
    from eqsat.pipeline.optimize import optimize

    k = parse(MMA_SCALED)
    verify(k)
    assert print_kernel(k) == MMA_SCALED
    spec = parse_spec({"grid": [1], "params": [
        {"name": "p", "shape": [1], "dtype": "f32", "init": "zeros"}]})
    # 32 products 1.5*2 * -2*0.5 per block, two blocks, plus the accumulator's 1
    for kern in (k, optimize(k).kernel):
        assert np.asarray(run(kern, spec).buffers["p"]).tolist() == [-191.0]
    # 128 scale blocks along K = 64: the scales fit each other but Ks does not divide K
    bad = MMA_SCALED.replace("tile<16x2xf8E8M0FNU>", "tile<16x128xf8E8M0FNU>").replace(
        "tile<2x8xf8E8M0FNU>", "tile<128x8xf8E8M0FNU>")
    with pytest.raises(VerifyError, match="Ks dividing K"):
        verify(parse(bad))


def _nearest_by_search(elem, x):
    """Reference rounding, independent of the binade arithmetic: the nearest finite value
    of the format (ties: the even code), then the saturation rule."""
    f = minifloat.FORMATS[elem]
    codes = np.arange(1 << f.bits)
    vals = minifloat.decode(elem, codes).astype(np.float64)
    ok = np.isfinite(vals) & (vals >= 0) & ((codes & f.sign_bit) == 0)
    vals, codes = vals[ok], codes[ok]
    a = min(abs(x), vals.max())
    d = np.abs(vals - a)
    best = np.flatnonzero(d == d.min())
    c = codes[best[np.argmin(codes[best] & 1)]] if len(best) > 1 else codes[best[0]]
    v = float(minifloat.decode(elem, c))
    if not f.has_zero:
        v = max(v, float(vals.min()))
    return -v if x < 0 and f.signed else v


@settings(max_examples=max(20, settings.default.max_examples), deadline=None)
@given(st.sampled_from([E4, E5, "f4E2M1FN"]),
       st.floats(allow_nan=False, allow_infinity=False, width=32))
def test_rounding_is_the_nearest_value(elem, x):
    got = float(minifloat.round_values(elem, np.float64(x)))
    assert got == _nearest_by_search(elem, x), (elem, x)


@settings(max_examples=max(20, settings.default.max_examples), deadline=None)
@given(st.sampled_from([E4, E5, E8]), st.sampled_from(["zero", "positive_inf"]),
       st.floats(min_value=2.0 ** -126, max_value=2.0 ** 126, width=32))
def test_directed_rounding_brackets_the_value(elem, mode, x):
    """toward zero: the largest value not above x; toward +inf: the smallest not below
    (before saturation at the largest finite value)."""
    f = minifloat.FORMATS[elem]
    vals = minifloat.decode(elem, np.arange(1 << f.bits)).astype(np.float64)
    vals = np.unique(vals[np.isfinite(vals) & (vals >= 0)])
    got = float(minifloat.round_values(elem, np.float64(x), mode))
    below, above = vals[vals <= x], vals[vals >= x]
    if mode == "zero":
        want = below.max() if below.size else vals.min()
    else:
        want = above.min() if above.size else vals.max()
    assert got == want, (elem, mode, x)


def test_e8m0_conversions_need_a_directed_mode():
    text = CONVERT.replace("tile<4xf8E4M3FN>", "tile<4xf8E8M0FNU>").replace(
        "1.953125e-03", "2.0")
    with pytest.raises(VerifyError, match="needs rounding<zero> or rounding<positive_inf>"):
        verify(parse(text))
    ok = text.replace("%y = ftof %x :", "%y = ftof %x rounding<positive_inf> :")
    k, _ = _op(ok, "ftof")
    ops = list(k.walk())
    x = evaluate_pure(ops[0], [])[0]
    y = evaluate_pure(ops[2], [evaluate_pure(ops[1], [x])[0]])[0]
    assert y.tolist()[:2] == [512.0, 2.0 ** 20] and math.isnan(y[2]) and y[3] == 2.0


def _const_bits_of(kernel, elem):
    from eqsat.ir.numbers import bits_of
    return [bits_of(elem, op.attrs["value"].array.reshape(-1)[0])
            for op in kernel.walk() if op.name == "constant"]


# every bit pattern of every float type of 16 bits or fewer, NaN payloads and infinities
# included, as a constant: printing and parsing again, and optimizing with no rules, keep
# its bits (an f8E5M2 -inf once printed as the largest finite value)
@pytest.mark.parametrize("elem", ["f16", "bf16", *sorted(minifloat.FORMATS)])
def test_every_bit_pattern_round_trips_through_text(elem):
    from eqsat.ir.types import FLOAT_WIDTHS
    width = FLOAT_WIDTHS[elem]
    digits = max(1, width // 4)
    codes = list(range(1 << width))
    lines = [f"  %c{i} = constant <{elem}: 0x{c:0{digits}X}> : tile<{elem}>"
             for i, c in enumerate(codes)]
    k = parse("entry @k() {\n" + "\n".join(lines) + "\n  return\n}\n")
    assert _const_bits_of(k, elem) == codes
    again = parse(print_kernel(k))
    assert _const_bits_of(again, elem) == codes


@pytest.mark.parametrize("elem,code", [(E5, 0xFC), (E5, 0x7C), (E5, 0x7D), (E5, 0xFF),
                                       (E4, 0xFF), ("f16", 0x7C01), ("bf16", 0xFF81)])
def test_special_constants_survive_the_optimizer_without_rules(elem, code):
    from eqsat.pipeline.optimize import optimize
    from eqsat.ir.types import FLOAT_WIDTHS
    digits = FLOAT_WIDTHS[elem] // 4
    src = (f"entry @k(%p: tile<ptr<{elem}>>) {{\n"
           f"  %c = constant <{elem}: 0x{code:0{digits}X}> : tile<{elem}>\n"
           f"  %t = store_ptr_tko weak %p, %c : tile<ptr<{elem}>>, tile<{elem}> -> token\n"
           "  return\n}\n")
    out = optimize(parse(src), rules="none").kernel
    assert _const_bits_of(out, elem) == [code]
    assert f"0x{code:0{digits}X}" in print_kernel(out)
