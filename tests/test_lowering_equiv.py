"""Steps and CFG forms compute what the kernel computes: every corpus kernel, plus
hand-written kernels for what the corpus lacks (`loop`, `break`/`continue` inside
`if`, a loop nested in a branch, a load that must wait for a store)."""
from __future__ import annotations

import pytest
from corpus_util import CORPUS_FILES, SPECS

from eqsat.interp.compare import compare_outputs
from eqsat.interp.inputs import load_spec, parse_spec
from eqsat.interp import run
from eqsat.text import parse, parse_file
from eqsat.lowering import (canonicalize_live_ins, check_lowering, lower_to_cfg, lower_to_steps,
                            run_cfg, run_steps, verify_cfg, verify_steps)

LOOP_BREAK = """
entry @loop_break(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %n: tile<i32>) {
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %z = constant <f32: 0.000000e+00> : tile<f32>
  %lim = constant <f32: 6.000000e+00> : tile<f32>
  %r = loop iter_values(%i = %c0, %acc = %z) : tile<i32>, tile<f32> -> tile<f32> {
    %done = cmpi greater_than_or_equal %i, %n, signed : tile<i32> -> tile<i1>
    if %done {
      break %acc : tile<f32>
    }
    %p = offset %x, %i : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %v, %t = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
    %i1 = addi %i, %c1 : tile<i32>
    %neg = cmpf less_than ordered %v, %z : tile<f32> -> tile<i1>
    if %neg {
      continue %i1, %acc : tile<i32>, tile<f32>
    }
    %a1 = addf %acc, %v : tile<f32>
    %big = cmpf greater_than ordered %a1, %lim : tile<f32> -> tile<i1>
    if %big {
      break %a1 : tile<f32>
    }
    continue %i1, %a1 : tile<i32>, tile<f32>
  }
  %t2 = store_ptr_tko weak %y, %r : tile<ptr<f32>>, tile<f32> -> token
  return
}
"""

NESTED = """
entry @nested(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %n: tile<i32>) {
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %z = constant <f32: 0.000000e+00> : tile<f32>
  %v0, %t0 = load_ptr_tko weak %x : tile<ptr<f32>> -> tile<f32>, token
  %pos = cmpf greater_than ordered %v0, %z : tile<f32> -> tile<i1>
  %s = if %pos -> (tile<f32>) {
    %acc = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%a = %z) -> (tile<f32>) {
      %p = offset %x, %i : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
      %v, %t = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
      %a1 = addf %a, %v : tile<f32>
      continue %a1 : tile<f32>
    }
    yield %acc : tile<f32>
  } else {
    yield %v0 : tile<f32>
  }
  %out = addf %s, %v0 : tile<f32>
  %t2 = store_ptr_tko weak %y, %out : tile<ptr<f32>>, tile<f32> -> token
  return
}
"""

# y[0] = x[0]; y[1] = y[0] + 1: the second load must see the first store
STORE_THEN_LOAD = """
entry @store_then_load(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %n: tile<i32>) {
  %one = constant <i32: 1> : tile<i32>
  %c = constant <f32: 1.000000e+00> : tile<f32>
  %v, %t = load_ptr_tko weak %x : tile<ptr<f32>> -> tile<f32>, token
  %t1 = store_ptr_tko weak %y, %v : tile<ptr<f32>>, tile<f32> -> token
  %w, %t2 = load_ptr_tko weak %y : tile<ptr<f32>> -> tile<f32>, token
  %u = addf %w, %c : tile<f32>
  %p = offset %y, %one : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
  %t3 = store_ptr_tko weak %p, %u : tile<ptr<f32>>, tile<f32> -> token
  return
}
"""

# an atomic reduction into a view is a store to steps (it was refused: "cannot lower op
# 'atomic_red_view_tko' to steps"); the load after it must see its sum
ATOMIC_RED = """
entry @red_then_load(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %n: tile<i32>) {
  %c0 = constant <i32: 0> : tile<i32>
  %tv = make_tensor_view %y, shape = [2], strides = [1] : tensor_view<2xf32, strides=[1]>
  %pv = make_partition_view %tv : partition_view<tile=(2), tensor_view<2xf32, strides=[1]>>
  %r = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
  %b = broadcast %r : tile<1xptr<f32>> -> tile<2xptr<f32>>
  %v, %t0 = load_ptr_tko weak %b : tile<2xptr<f32>> -> tile<2xf32>, token
  %t1 = atomic_red_view_tko relaxed device %pv[%c0], addf, %v token = %t0 : tile<2xf32>, partition_view<tile=(2), tensor_view<2xf32, strides=[1]>>, tile<i32> -> token
  %w, %t2 = load_view_tko weak %pv[%c0] token = %t1 : partition_view<tile=(2), tensor_view<2xf32, strides=[1]>>, tile<i32> -> tile<2xf32>, token
  %s = addf %w, %v : tile<2xf32>
  %t3 = store_view_tko weak %s, %pv[%c0] token = %t2 : tile<2xf32>, partition_view<tile=(2), tensor_view<2xf32, strides=[1]>>, tile<i32> -> token
  %t4 = print_tko "s=%f\0A", %s token = %t3 : tile<2xf32> -> token
  return
}
"""

RAW_SPEC = {"convention": "raw", "grid": [1], "params": [  # one block: all write y
    {"name": "x", "shape": [16], "dtype": "f32", "init": "normal"},
    {"name": "y", "shape": [2], "dtype": "f32", "init": "zeros"},
    {"name": "n", "dtype": "i32", "value": 16}]}

HAND = {"loop_break": LOOP_BREAK, "nested": NESTED, "store_then_load": STORE_THEN_LOAD,
        "atomic_red": ATOMIC_RED}
FORMS = ("steps", "cfg", "cfg+live-ins")


def _lower_and_run(kernel, form, spec, seed):
    if form == "steps":
        prog = lower_to_steps(kernel)
        assert verify_steps(prog) == []
        return run_steps(prog, spec, seed=seed)
    cfg = lower_to_cfg(kernel)
    assert verify_cfg(cfg, closed=True) == []
    if form == "cfg+live-ins":
        cfg = canonicalize_live_ins(cfg)
        assert verify_cfg(cfg) == []
    return run_cfg(cfg, spec, seed=seed)


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_corpus_forms_equal_the_ir(path, form):
    k = parse_file(path)
    spec = load_spec(SPECS / (path.name.split(".")[0] + ".json"))
    for seed in (0, 1):
        ref = run(k, spec, seed=seed).buffers
        got = _lower_and_run(k, form, spec, seed)
        assert compare_outputs(ref, got, exact=True) is None


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("name", sorted(HAND))
def test_hand_kernels_equal_the_ir(name, form):
    k = parse(HAND[name])
    spec = parse_spec(RAW_SPEC)
    for seed in range(4):
        ref = run(k, spec, seed=seed).buffers
        got = _lower_and_run(k, form, spec, seed)
        assert compare_outputs(ref, got, exact=True) is None


def test_hand_kernels_exercise_both_branches():
    """The inputs reach the interesting paths (otherwise the checks above prove little):
    loop_break stops early on some draws and runs to the end on others."""
    k = parse(LOOP_BREAK)
    spec = parse_spec(RAW_SPEC)
    sums = {float(run(k, spec, seed=s).buffers["y"][0]) for s in range(8)}
    assert any(v > 6.0 for v in sums) and any(v <= 6.0 for v in sums)


def test_check_lowering_reports_success_and_target_errors():
    k = parse(NESTED)
    spec = parse_spec(RAW_SPEC)
    assert check_lowering(k, spec, "steps", trials=2).ok
    assert check_lowering(k, spec, "cfg", trials=2, canonicalize_live_ins=True).ok
    with pytest.raises(ValueError, match="unknown lowering target"):
        check_lowering(k, spec, "tileir")
