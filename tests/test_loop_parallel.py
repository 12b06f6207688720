"""`loop_parallel`: which proofs that a loop's iterations touch disjoint memory may drop their
order (eqsat.memory.relations.LOOP_PARALLEL), and the compile path's choice between them by
tileiras' code size (eqsat.lowering.cutile_workflow)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from corpus_util import ROOT
from eqsat.equiv import check_equivalent
from eqsat.errors import EqsatError
from eqsat.frontend import annotate_from_symbol
from eqsat.interp.inputs import load_spec
from eqsat.memory.stats import kernel_stats
from eqsat.pipeline.optimize import optimize
from eqsat.text import parse, parse_file
from eqsat.toolchain import missing_reason

SUITE = ROOT / "benchmarks" / "kernels"
_WHY = missing_reason(need_cuda_tile=False)


def _suite(name: str):
    k = parse_file(SUITE / f"{name}.seq.mlir")
    annotate_from_symbol(k)
    return k


def _carried(k) -> int:
    return kernel_stats(k)["loop_carried_tokens"]


VIEW = "partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>"
# y[i] = y[i] + 1 over the tiles of one array: a load and a store of one tiling, which only
# the pair proof (the same tile index in both, separating iterations) lets run unordered
IN_PLACE = f"""entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {{
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %one = constant <f32: 1.0> : tile<16xf32>
  %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pv = make_partition_view %tv : {VIEW}
  %nt = get_index_space_shape %pv : {VIEW} -> tile<i32>
  for %i in (%c0 to %nt, step %c1) : tile<i32> {{
    %x, %t = load_view_tko weak %pv[%i] : {VIEW}, tile<i32> -> tile<16xf32>, token
    %y = addf %x, %one : tile<16xf32>
    %s = store_view_tko weak %y, %pv[%i] : tile<16xf32>, {VIEW}, tile<i32> -> token
  }}
  return
}}"""
# the same loop storing only: a view store's own tiles, cuTile's proof
STORE_ONLY = IN_PLACE.replace(
    "    %x, %t = load_view_tko weak %pv[%i] : " + VIEW + ", tile<i32> -> tile<16xf32>, token\n"
    "    %y = addf %x, %one : tile<16xf32>\n", "").replace("%y, %pv", "%one, %pv")


def test_a_load_and_a_store_of_one_tiling_need_the_pair_proof():
    k = parse(IN_PLACE)
    assert _carried(optimize(k, noalias=True).kernel) == 0
    assert _carried(optimize(k, noalias=True, loop_parallel="view-stores").kernel) == 1


def test_a_view_store_alone_is_free_under_both():
    assert "load_view_tko" not in STORE_ONLY and "store_view_tko weak %one" in STORE_ONLY
    k = parse(STORE_ONLY)
    for mode in ("all", "view-stores"):
        assert _carried(optimize(k, noalias=True, loop_parallel=mode).kernel) == 0, mode


def test_a_pointer_scatter_in_bounds_needs_every_proof():
    # kv_cache_append: two masked pointer stores per iteration, rows from a slot table
    k = _suite("kv_cache_append")
    assert _carried(optimize(k).kernel) == 0
    assert _carried(optimize(k, loop_parallel="view-stores").kernel) == 2     # as cuTile's


@pytest.mark.parametrize("name", ["kv_cache_append", "fused_add_rmsnorm"])
def test_both_orders_mean_what_cutile_means(name):
    cut = parse_file(SUITE / f"{name}.cutile.mlir")
    spec = load_spec(SUITE / "specs" / f"{name}.json")
    for mode in ("all", "view-stores"):
        out = optimize(_suite(name), loop_parallel=mode).kernel
        r = check_equivalent(out, cut, spec, trials=2, schedules=4)
        assert r.ok, (mode, r.message)


def test_unknown_mode_is_refused():
    with pytest.raises(EqsatError, match="loop_parallel must be one of all, view-stores"):
        optimize(parse(STORE_ONLY), loop_parallel="some")


def test_cli_opt_takes_the_mode(tmp_path):
    src = tmp_path / "k.mlir"
    src.write_text(IN_PLACE)
    out = {}
    for mode in ("all", "view-stores"):
        r = subprocess.run([sys.executable, "-m", "eqsat", "opt", str(src), "--noalias",
                            "--loop-parallel", mode], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        out[mode] = _carried(parse(r.stdout))
    assert out == {"all": 0, "view-stores": 1}


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
def test_compile_lets_the_time_model_choose_the_loop_order():
    # kv-cache append: unordered, tileiras pipelines the loop and registers go from 56 to
    # 101 (fewer blocks per SM); the H100 record has the ordered build faster (3.8 vs
    # 4.3 us), and so does the model
    from eqsat.lowering.cutile_workflow import compile_ir

    k = _suite("kv_cache_append")
    run = compile_ir(k, "sm_90", optimize=True)
    byname = {c.name: c for c in run.choice.candidates}
    both = byname["optimized"], byname["optimized, iterations in order"]
    assert all(c.run is not None and c.prediction is not None for c in both)
    assert run.choice.chosen == "optimized, iterations in order"
    assert run.optimized and _carried(run.kernel) == 2 and run.loop_parallel == "view-stores"
    assert byname["optimized"].lost.startswith("predicted")
    assert both[0].run.stats.reg > both[1].run.stats.reg
    forced = compile_ir(k, "sm_90", optimize=True, optimize_kw={"loop_parallel": "all"})
    assert _carried(forced.kernel) == 0 and forced.loop_parallel == "all"
    assert "iterations in order" not in [c.name for c in forced.choice.candidates]
    assert compile_ir(k, "sm_90").loop_parallel is None           # not optimized


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
def test_cli_compile_reports_the_choice(tmp_path):
    import json

    src = str(SUITE / "kv_cache_append.seq.mlir")
    got = {}
    for mode in ("auto", "all"):
        r = subprocess.run([sys.executable, "-m", "eqsat", "compile", src, "--optimize",
                            "--loop-parallel", mode, "--json", "-o", str(tmp_path / "k.cubin")],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        got[mode] = json.loads(r.stdout)
    auto = got["auto"]["choice"]
    assert auto["gpu"] == "h100-sxm" and auto["chosen"] == "optimized, iterations in order"
    names = [c["name"] for c in auto["candidates"]]
    assert names[:2] == ["optimized", "optimized, iterations in order"]
    for c in auto["candidates"][:2]:
        assert set(c) >= {"name", "facts", "hints", "registers", "tma", "predicted_us"}
        assert c["registers"] and c["predicted_us"] > 0
    assert got["auto"]["loop_parallel"] == "view-stores" and got["all"]["loop_parallel"] == "all"
