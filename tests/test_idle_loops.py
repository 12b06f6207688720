"""A `for` whose constant bounds give it no iteration (lb >= ub, positive step) is its
inits: the fold rules make its results its inits and its body empty, clean-up drops
what is left, and decoding never moves a value out of such a loop (where it costs
nothing) to before it (where it costs something every time)."""
from __future__ import annotations

from pathlib import Path

import pytest

from eqsat import optimize
from eqsat.egraph.cost import DEFAULT
from eqsat.interp.inputs import load_spec, parse_spec
from eqsat.testing import assert_pipeline_preserves, optimize_pipeline
from eqsat.text import parse, parse_file, print_kernel

FOUND = Path(__file__).parent / "extract_found"

# token-free: a loop carrying a value, with loads and stores, whose result is stored after
IDLE = """entry @idle_carry(%A: tile<ptr<f32>>, %B: tile<ptr<f32>>) {
  %c1 = constant <i64: 1> : tile<i64>
  %c3 = constant <i64: 3> : tile<i64>
  %lb = constant <i64: LB> : tile<i64>
  %ub = constant <i64: UB> : tile<i64>
  %x, %t0 = load_ptr_tko weak %A : tile<ptr<f32>> -> tile<f32>, token
  %s = for %i in (%lb to %ub, step %c3) : tile<i64> iter_values(%acc = %x) -> (tile<f32>) {
    %p = offset %B, %i : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %y, %t1 = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
    %two = constant <f32: 2.0> : tile<f32>
    %a2 = mulf %acc, %two : tile<f32>
    %sum = addf %a2, %y : tile<f32>
    %q = offset %A, %c1 : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %t2 = store_ptr_tko weak %q, %sum : tile<ptr<f32>>, tile<f32> -> token
    continue %sum : tile<f32>
  }
  %t3 = store_ptr_tko weak %B, %s : tile<ptr<f32>>, tile<f32> -> token
  return
}"""
SPEC = parse_spec({"convention": "raw", "grid": [1, 1, 1], "params": [
    {"name": n, "shape": [s], "dtype": "f32", "init": {"kind": "uniform", "low": -1, "high": 1}}
    for n, s in (("A", 2), ("B", 8))]})

AFTER = """entry @idle_carry(%A: tile<ptr<f32>>, %B: tile<ptr<f32>>) {
  %tok = make_token : token
  %x, %t0 = load_ptr_tko weak %A token=%tok : tile<ptr<f32>> -> tile<f32>, token
  %t3 = store_ptr_tko weak %B, %x token=%t0 : tile<ptr<f32>>, tile<f32> -> token
  return
}
"""


TOKENIZED = """entry @idle_tokens(%A: tile<ptr<f32>>, %B: tile<ptr<f32>>) {
  %t = make_token : token
  %c1 = constant <i64: 1> : tile<i64>
  %c3 = constant <i64: 3> : tile<i64>
  %x, %t0 = load_ptr_tko weak %A token=%t : tile<ptr<f32>> -> tile<f32>, token
  %s, %tf = for %i in (%c3 to %c1, step %c1) : tile<i64> iter_values(%acc = %x, %tk = %t0) -> (tile<f32>, token) {
    %p = offset %B, %i : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %y, %t1 = load_ptr_tko weak %p token=%tk : tile<ptr<f32>> -> tile<f32>, token
    %sum = addf %acc, %y : tile<f32>
    %q = offset %A, %c1 : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %t2 = store_ptr_tko weak %q, %sum token=%t1 : tile<ptr<f32>>, tile<f32> -> token
    continue %sum, %t2 : tile<f32>, token
  }
  %t3 = store_ptr_tko weak %B, %s token=%tf : tile<ptr<f32>>, tile<f32> -> token
  return
}
"""


def _kernel(lb: int, ub: int):
    return parse(IDLE.replace("LB", str(lb)).replace("UB", str(ub)))


def _loops(k) -> int:
    return sum(op.name == "for" for op in k.walk())


@pytest.mark.parametrize("lb,ub", [(5, -2), (4, 4)])
def test_a_loop_that_never_runs_is_its_inits(lb, ub):
    k = _kernel(lb, ub)
    res = optimize(k)
    rep = res.report
    # before: the loop stayed, whole, its token chain making the store after it wait
    # for the loop's load and store (166.5 cycles); after: the load and the store
    assert print_kernel(res.kernel) == AFTER
    assert rep.fallback is None and rep.cost_after < rep.cost_before
    assert rep.cost_after == DEFAULT.kernel_cost(res.kernel)
    assert_pipeline_preserves(k, SPEC, trials=3, schedules=4)
    # tokenized, the same
    tk = parse(TOKENIZED)
    out = optimize(tk).kernel
    assert _loops(out) == 0 and [op.name for op in out.body.ops] == [
        "make_token", "load_ptr_tko", "store_ptr_tko", "return"]
    assert_pipeline_preserves(tk, SPEC, trials=3, schedules=4)


@pytest.mark.parametrize("lb,ub", [(0, 7), (3, 4), (7, 8)])
def test_a_loop_that_runs_is_kept(lb, ub):
    k = _kernel(lb, ub)
    res = optimize(k)
    assert _loops(res.kernel) == 1
    assert_pipeline_preserves(k, SPEC, trials=3, schedules=4)


def test_nested_stores_in_a_loop_that_never_runs_vanish():
    # tokenized, the stores in a loop nest whose outer loop runs 2 to 2: the token rules'
    # loop facts and the fold meet; the kernel found by the hunt in
    # tests/test_extract_never_dearer.py
    k = parse_file(FOUND / "zero_trip_hoist.mlir")
    res = optimize(k)
    assert [op.name for op in res.kernel.body.ops] == ["return"]
    assert res.report.cost_after == 0.0 < res.report.cost_before
    assert_pipeline_preserves(k, load_spec(FOUND / "zero_trip_hoist.json"), trials=2,
                              schedules=4)


@pytest.mark.parametrize("rules", ["none", "algebra,analysis,tokens"])
def test_without_the_folds_nothing_leaves_a_loop_that_never_runs(rules):
    # decoding moved the store's loop-invariant address (and its extension) out of the
    # loop, where they cost something every time (2.75 cycles instead of 2.25, dearer
    # than the program as written)
    k = parse_file(FOUND / "zero_trip_hoist.mlir")
    res = optimize(k, rules=rules)
    assert _loops(res.kernel) == 2
    loop = next(op for op in res.kernel.body.ops if op.name == "for")
    assert not any(op.name in ("exti", "offset", "addi") for op in res.kernel.body.ops)
    assert {"exti", "offset", "addi"} <= {op.name for op in loop.walk()}
    assert res.report.cost_before == res.report.cost_after == 2.0
    assert res.report.cost_after <= DEFAULT.kernel_cost(k)
    assert_pipeline_preserves(k, load_spec(FOUND / "zero_trip_hoist.json"),
                              optimize_pipeline(rules=rules), trials=2, schedules=4)


def test_the_folds_are_proved_and_listed():
    from eqsat.rules import get, rule_status
    status = rule_status(get("fold"))
    assert status["for-idle-results"] == status["for-idle-body"] == "proved"
