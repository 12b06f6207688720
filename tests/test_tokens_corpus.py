"""Corpus acceptance for memory tokens: `optimize(NAME.seq.mlir)` (noalias, plus the
groups a kernel's cuTile signature declares) is equivalent to its input under schedule
fuzzing and needs no more loop-carried tokens, `join_tokens` or token operands than
cuTile's own output (`NAME.cutile.mlir`).

CI fuzzes each kernel briefly; `benchmarks/bench_tokens.py --trials 10 --schedules 50`
runs the full acceptance (>= 10 trials x 50 schedules, blocks interleaved).
"""
from __future__ import annotations

import pytest

from corpus_util import CORPUS, KERNELS, SPECS
from eqsat.equiv import check_equivalent
from eqsat.interp.inputs import load_spec
from eqsat.ir.core import Operation
from eqsat.ir.ops import MEMORY_OPS
from eqsat.pipeline.optimize import alias_model, optimize
from eqsat.memory.ordering import needless_orderings
from eqsat.memory.stats import kernel_stats
from eqsat.text import parse_file

METRICS = ("make_token", "join_tokens", "token_operands", "loop_carried_tokens")


@pytest.fixture(scope="module")
def optimized():
    out = {}
    for name in KERNELS:
        k = parse_file(CORPUS / f"{name}.seq.mlir")
        out[name] = (k, optimize(k, noalias=True))
    return out


@pytest.mark.parametrize("name", KERNELS)
def test_no_more_tokens_than_cutile(optimized, name):
    _, res = optimized[name]
    assert res.report.fallback is None, res.report.fallback
    assert res.report.stop_reason == "saturated"
    ours = kernel_stats(res.kernel)
    theirs = kernel_stats(parse_file(CORPUS / f"{name}.cutile.mlir"))
    for key in METRICS:
        assert ours[key] <= theirs[key], (key, ours[key], theirs[key])
    facts, _ = alias_model(res.kernel, noalias=True)
    assert needless_orderings(res.kernel, facts) == 0


@pytest.mark.parametrize("name", KERNELS)
def test_equivalent_under_schedule_fuzzing(optimized, name):
    k, res = optimized[name]
    specs = [name] + (["axpy_alias_overlap"] if name == "axpy_alias_inplace" else [])
    for spec in specs:
        r = check_equivalent(k, res.kernel, load_spec(SPECS / f"{spec}.json"), trials=2,
                             schedules=6)
        assert r.ok, (spec, r.message)


def test_layernorm_every_memory_op_on_the_root_token(optimized):
    _, res = optimized["layernorm_fwd"]
    mem = [op for op in res.kernel.walk() if op.name in MEMORY_OPS]
    assert len(mem) == 8
    for op in mem:
        assert op.token_in.owner.name == "make_token", op.name
    assert kernel_stats(res.kernel)["loop_carried_tokens"] == 0


def test_moe_permute_scatter_is_loop_parallel(optimized):
    _, res = optimized["moe_permute"]
    assert kernel_stats(res.kernel)["loop_carried_tokens"] == 0       # cuTile keeps one
    store = next(op for op in res.kernel.walk() if op.name == "store_ptr_tko")
    assert store.token_in.owner.name == "make_token"


def test_axpy_groups_come_from_the_signature(optimized):
    _, res = optimized["axpy_alias_inplace"]
    assert "cuTile symbol" in res.report.alias_model
    assert kernel_stats(res.kernel)["loop_carried_tokens"] == 1      # x and y may overlap
    loads = [op for op in res.kernel.walk() if op.name == "load_view_tko"]
    carried = [op for op in loads if not isinstance(op.token_in.owner, Operation)]
    assert len(carried) == 1          # x[i] may be y[j] of an earlier iteration; y[i] is not


def test_report_says_what_happened(optimized):
    _, res = optimized["moe_permute"]
    rep = res.report
    assert rep.token_facts > 0
    assert rep.matches.get("weaken", 0) > 0 and rep.matches.get("need-past-carried-for", 0) > 0
    assert rep.cleanup["dead_carries"] >= 1
    assert rep.cost_after < rep.cost_before
    assert "clean-up" in rep.summary() and "aliasing" in rep.summary()
