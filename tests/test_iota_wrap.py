"""An `iota` longer than its type's range wraps (lane 128 of an i8 iota is -128), and
every bounds analysis must say so: the e-graph's (rules/analysis.py, seeded by
eqsat.egraph.analyses), the interval analysis of eqsat.memory.injective and the lane facts
of eqsat.egraph.width. Two kernels it once broke, kept as regressions: a compare
folded to true, and a store made loop-parallel whose iterations overlap."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from eqsat.equiv import check_equivalent
from eqsat.interp.inputs import parse_spec
from eqsat.interp import run
from eqsat.pipeline.optimize import optimize
from eqsat.memory.stats import kernel_stats
from eqsat.text import parse

# the mask is true on lanes 0..127 only; an analysis that bounds the iota by [0, 255]
# folds it to true and stores to all 256 lanes
IOTA8_CMP = """entry @iota8cmp(%y: tile<ptr<f32>>) {
  %io = iota : tile<256xi8>
  %cm1 = constant <i8: -1> : tile<256xi8>
  %m = cmpi greater_than %io, %cm1, signed : tile<256xi8> -> tile<256xi1>
  %idx = iota : tile<256xi32>
  %ry = reshape %y : tile<ptr<f32>> -> tile<1xptr<f32>>
  %by = broadcast %ry : tile<1xptr<f32>> -> tile<256xptr<f32>>
  %p = offset %by, %idx : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
  %one = constant <f32: 1.000000e+00> : tile<256xf32>
  %t = store_ptr_tko weak %p, %one, %m : tile<256xptr<f32>>, tile<256xf32>, tile<256xi1> -> token
  return
}"""
IOTA8_SPEC = {"convention": "raw", "grid": [1],
              "params": [{"name": "y", "shape": [256], "dtype": "f32", "init": "zeros"}]}

# iteration j stores j to y[200 + 128*j + sext(iota_i8)], lanes -128..127: iterations
# j and j+1 overlap on 128 elements, so the store must keep its loop-carried token
# (program order: the later iteration wins)
LOOP8 = """entry @loop8(%y: tile<ptr<f32>>) {
  %c0 = constant <i32: 0> : tile<i32>
  %c3 = constant <i32: 3> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %c128 = constant <i32: 128> : tile<i32>
  %c200 = constant <i32: 200> : tile<256xi32>
  %io = iota : tile<256xi8>
  %lane = exti %io signed : tile<256xi8> -> tile<256xi32>
  %ry = reshape %y : tile<ptr<f32>> -> tile<1xptr<f32>>
  %by = broadcast %ry : tile<1xptr<f32>> -> tile<256xptr<f32>>
  for %j in (%c0 to %c3, step %c1) : tile<i32> {
    %s = muli %j, %c128 : tile<i32>
    %rs = reshape %s : tile<i32> -> tile<1xi32>
    %bs = broadcast %rs : tile<1xi32> -> tile<256xi32>
    %b = addi %c200, %bs : tile<256xi32>
    %idx = addi %b, %lane : tile<256xi32>
    %idx64 = exti %idx signed : tile<256xi32> -> tile<256xi64>
    %p = offset %by, %idx64 : tile<256xptr<f32>>, tile<256xi64> -> tile<256xptr<f32>>
    %jf = itof %j signed : tile<i32> -> tile<f32>
    %rjf = reshape %jf : tile<f32> -> tile<1xf32>
    %v = broadcast %rjf : tile<1xf32> -> tile<256xf32>
    %t = store_ptr_tko weak %p, %v : tile<256xptr<f32>>, tile<256xf32> -> token
    continue
  }
  return
}"""
LOOP8_SPEC = {"convention": "raw", "grid": [1],
              "params": [{"name": "y", "shape": [600], "dtype": "f32", "init": "zeros"}]}


def test_wrapped_iota_compare_is_not_folded():
    k = parse(IOTA8_CMP)
    spec = parse_spec(IOTA8_SPEC)
    out = optimize(k).kernel
    res = check_equivalent(k, out, spec)
    assert res.ok, res
    y = run(out, spec, seed=0).buffers["y"]
    assert y[:128].tolist() == [1.0] * 128 and y[128:].tolist() == [0.0] * 128


def test_overlapping_loop_store_keeps_its_order():
    k = parse(LOOP8)
    spec = parse_spec(LOOP8_SPEC)
    out = optimize(k).kernel
    res = check_equivalent(k, out, spec)
    assert res.ok, res
    assert kernel_stats(out)["loop_carried_tokens"] == 1
    y = run(out, spec, seed=0).buffers["y"]
    want = np.zeros(600, np.float32)
    for j in range(3):
        want[200 + 128 * j - 128:200 + 128 * j + 128] = j
    assert (y == want).all()


def test_loop_store_of_a_short_iota_stays_parallel():
    """The same store with 128 lanes (no wrap: -0..127 spread below the stride of 128)
    is loop-parallel, so the fix did not just turn the analysis off."""
    src = LOOP8.replace("256x", "128x")
    k = parse(src)
    out = optimize(k).kernel
    assert check_equivalent(k, out, parse_spec(LOOP8_SPEC)).ok
    assert kernel_stats(out)["loop_carried_tokens"] == 0


@pytest.mark.parametrize("elem,lanes,want", [
    ("i8", 128, (0, 127)), ("i8", 256, (-128, 127)), ("i8", 512, (-128, 127)),
    ("i16", 1024, (0, 1023)), ("i32", 256, (0, 255)), ("i64", 8, (0, 7))])
def test_interval_bounds_of_iota_cover_every_lane(elem, lanes, want):
    from eqsat.memory.injective import Bounds
    k = parse(f"""entry @k(%y: tile<ptr<{elem}>>) {{
  %io = iota : tile<{lanes}x{elem}>
  return
}}""")
    io = k.body.ops[0].result
    got = Bounds(k).of(io)
    assert got == want
    vals = np.arange(lanes).astype(np.dtype(elem.replace("i", "int")))
    assert got[0] <= vals.min() and vals.max() <= got[1]


def test_interval_bounds_of_i1_cover_its_signed_extension():
    from eqsat.memory.injective import Bounds
    k = parse("""entry @k(%y: tile<ptr<i32>>) {
  %io = iota : tile<4xi1>
  %e = exti %io signed : tile<4xi1> -> tile<4xi32>
  return
}""")
    lo, hi = Bounds(k).of(k.body.ops[1].result)
    assert lo <= -1 and hi >= 0


@pytest.mark.parametrize("elem,lanes", [("i8", 256), ("i8", 128), ("i16", 65536), ("i1", 4)])
def test_lane_facts_of_iota_hold_on_the_lanes(elem, lanes):
    """Runs of consecutive values that eqsat.egraph.width claims for an iota and its
    sign extension are runs on the interpreter's lanes."""
    from eqsat.egraph.width import LaneFacts
    k = parse(f"""entry @k(%y: tile<ptr<i32>>) {{
  %io = iota : tile<{lanes}x{elem}>
  %e = exti %io signed : tile<{lanes}x{elem}> -> tile<{lanes}xi32>
  return
}}""")
    lf = LaneFacts()
    io, e = (op.result for op in k.body.ops[:2])
    vals = np.arange(lanes).astype(np.bool_ if elem == "i1" else np.dtype(elem.replace("i", "int")))
    ext = np.where(vals, -1, 0) if elem == "i1" else vals.astype(np.int64)
    for v, lanes_v in ((io, vals.astype(np.int64)), (e, ext)):
        f = lf.of(v)
        for g in range(0, lanes, f.contig):
            run_ = lanes_v[g:g + f.contig]
            w = {"i1": 1, "i8": 8, "i16": 16}[elem] if v is io else 32
            assert (((run_ - run_[0]) % (1 << w)) == np.arange(len(run_)) % (1 << w)).all()
            if v is e:
                assert (np.diff(run_) == 1).all()
            assert int(run_[0]) % min(f.contig_div, 1 << 40) == 0


LANES_EXAMPLES = max(80, settings.default.max_examples // 4)     # ci: 80, long: 500


def test_random_kernels_with_wrapping_iotas_keep_their_meaning():
    """Random kernels (eqsat.testing.kernels) on i32 arrays, where rows of narrow and
    wide iotas (wrapping ones included, extended, truncated or compared in their own
    type) are stored often: the optimizer keeps their meaning."""
    from eqsat.testing import assert_pipeline_preserves, kernels, optimize_pipeline
    pipeline = optimize_pipeline(rules="default")

    @settings(max_examples=LANES_EXAMPLES)
    @given(kernels(dtypes=("i32",), max_arrays=2, lanes=True))
    def prop(case):
        assert_pipeline_preserves(case.kernel, case.spec, pipeline, trials=1, schedules=4)
    prop()


@pytest.mark.cuda
def test_random_iota_rows_are_kernels_tileiras_takes():
    """tileiras refuses an iota longer than its type has values (512 lanes of i8, 4 of
    i1); the generator writes such a row as the full-period iota repeated, so every
    drawn kernel with iota rows compiles (the GPU's random-kernel check runs them)."""
    from hypothesis import HealthCheck
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.testing import kernels
    from eqsat.toolchain import compile_bytecode
    repeated: list = []

    @settings(max_examples=30, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(kernels(dtypes=("i32",), max_arrays=2, lanes=True))
    def prop(case):
        iotas = [op.results[0].type for op in case.kernel.walk() if op.name == "iota"]
        for t in iotas:
            assert t.shape[0] <= 1 << int(t.elem[1:]), f"{t}: more lanes than values"
        if any(t.elem in ("i1", "i8") and t.shape[0] == 1 << int(t.elem[1:]) for t in iotas):
            repeated.append(case.kernel)
    prop()
    assert repeated                     # rows that reached their type's period were drawn
    for k in repeated[:3]:              # and tileiras takes them (a few: it takes seconds)
        compile_bytecode(kernel_to_bytecode(k), "sm_90")
