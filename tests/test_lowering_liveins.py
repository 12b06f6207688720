"""Live-in canonicalization: a value forwarded across a diamond (or a plain edge) is
used directly; into a loop header, or across a nested loop, it stays an argument."""
from __future__ import annotations

import pytest
from corpus_util import CORPUS, SPECS
from test_lowering_cfg import F32, I1, binop, const
from test_lowering_equiv import NESTED

from eqsat.interp.compare import compare_outputs
from eqsat.interp.inputs import load_spec
from eqsat.interp import run
from eqsat.ir.core import Value
from eqsat.text import parse, parse_file
from eqsat.lowering import (canonicalize_live_ins, cfg_metrics, live_in_decisions, lower_to_cfg,
                            run_cfg, verify_cfg)
from eqsat.lowering.cfg import (Block, Branch, Cfg, CondBranch, Return, dominators, loop_headers,
                                post_dominators, predecessors)


def _decision(cfg, block, index):
    [d] = [d for d in live_in_decisions(cfg) if d.block == block and d.index == index]
    return d


def _diamond_merge(cfg):
    """(source, merge) of the if-diamond inside the loop: the block ending in the
    data-dependent cond_br, and the block both of its paths reach."""
    headers = loop_headers(cfg)
    [src] = [b for b in cfg.blocks if isinstance(b.term, CondBranch) and b.name not in headers]
    pdom = post_dominators(cfg)
    succ = [d for d, _ in src.edges()]
    later = [b for b in cfg.blocks if b.name != src.name and b.name in pdom[src.name]
             and all(b.name in pdom[s] for s in succ) and b.name not in headers]
    merge = max(later, key=lambda b: len(pdom[b.name]))     # the nearest one
    return src, merge


@pytest.mark.parametrize("name, if_results", [("relu_accum_branch", 1), ("relu_accum_mem", 0)])
@pytest.mark.parametrize("variant", ["seq", "cutile"])
def test_relu_merge_takes_no_argument_for_values_of_the_diamond_source(name, if_results,
                                                                       variant):
    k = parse_file(CORPUS / f"{name}.{variant}.mlir")
    before = lower_to_cfg(k)
    after = canonicalize_live_ins(before)
    assert verify_cfg(after) == []
    src, merge = _diamond_merge(after)
    tokens = 1 if variant == "cutile" and name == "relu_accum_mem" else 0
    # only the if's own results remain (relu_accum_mem.cutile yields its tokens too)
    assert len(merge.args) == if_results + 2 * tokens
    _, merge_before = _diamond_merge(before)
    assert len(merge_before.args) > 10
    b, a = cfg_metrics(before), cfg_metrics(after)
    assert a.block_args < b.block_args and a.branch_operands < b.branch_operands
    assert a.recurrence <= b.recurrence
    spec = load_spec(SPECS / f"{name}.json")
    for seed in (0, 1):
        assert compare_outputs(run(k, spec, seed=seed).buffers, run_cfg(after, spec, seed=seed),
                               exact=True) is None


def test_relu_numbers():
    """The before/after numbers the benchmark prints (seq variants)."""
    got = {}
    for name in ("relu_accum_branch", "relu_accum_mem"):
        cfg = lower_to_cfg(parse_file(CORPUS / f"{name}.seq.mlir"))
        b, a = cfg_metrics(cfg), cfg_metrics(canonicalize_live_ins(cfg))
        got[name] = (b.block_args, a.block_args, b.recurrence, a.recurrence)
    assert got == {"relu_accum_branch": (66, 38, 5, 5), "relu_accum_mem": (61, 36, 5, 3)}


def test_diamond_forward_is_used_directly_and_copies_vanish():
    """bb0 defines %v and branches; both sides forward it to the merge bb3."""
    v, c = const(F32, 1.0), const(I1, True)
    a, b, m = Value(F32, "a"), Value(F32, "b"), Value(F32, "m")
    use = binop("addf", m, m)
    cfg = Cfg("diamond", [], [
        Block("bb0", [], [v, c], CondBranch(c.result, "bb1", [v.result], "bb2", [v.result])),
        Block("bb1", [a], [], Branch("bb3", [a])),
        Block("bb2", [b], [], Branch("bb3", [b])),
        Block("bb3", [m], [use], Return())])
    d = _decision(cfg, "bb3", 0)
    assert d.replaced and d.source_block == "bb0" and "diamond" in d.reason
    assert not _decision(cfg, "bb1", 0).replaced      # bb1 does not post-dominate bb0
    out = canonicalize_live_ins(cfg)
    assert verify_cfg(out) == []
    assert [len(blk.args) for blk in out.blocks] == [0, 0, 0, 0]
    assert out.block("bb3").ops[0].operands == [out.block("bb0").ops[0].result] * 2
    assert cfg.block("bb3").args == [m]                # the input is left alone


def test_unconditional_edge_forward_is_used_directly():
    v = const(F32, 2.0)
    a = Value(F32, "a")
    cfg = Cfg("edge", [], [Block("bb0", [], [v], Branch("bb1", [v.result])),
                           Block("bb1", [a], [binop("mulf", a, a)], Return())])
    d = _decision(cfg, "bb1", 0)
    assert d.replaced and "edge" in d.reason
    assert cfg_metrics(canonicalize_live_ins(cfg)).block_args == 0


def test_live_in_into_a_loop_header_stays_a_block_argument():
    """bb0 -> bb1 is an unconditional edge, bb0 dominates bb1 and bb1 post-dominates
    bb0: everything but the header rule would allow the direct use."""
    v, c = const(F32, 1.0), const(I1, False)
    a = Value(F32, "a")
    cfg = Cfg("header", [], [
        Block("bb0", [], [v, c], Branch("bb1", [v.result])),
        Block("bb1", [a], [binop("addf", a, a)], CondBranch(c.result, "bb1", [a], "bb2", [])),
        Block("bb2", [], [], Return())])
    assert "bb0" in dominators(cfg)["bb1"] and "bb1" in post_dominators(cfg)["bb0"]
    assert predecessors(cfg)["bb1"][0] == ("bb0", 0)
    d = _decision(cfg, "bb1", 0)
    assert not d.replaced and "loop header" in d.reason
    out = canonicalize_live_ins(cfg)
    assert len(out.block("bb1").args) == 1


def test_loop_header_arguments_stay_in_the_corpus():
    cfg = lower_to_cfg(parse_file(CORPUS / "relu_accum_branch.seq.mlir"))
    out = canonicalize_live_ins(cfg)
    [h] = loop_headers(cfg)
    assert len(out.block(h).args) == len(cfg.block(h).args) == 15


def test_path_crossing_a_nested_loop_stays():
    """%v0 is defined before an `if` whose then-side runs a `for`; the merge after the
    if keeps its argument for %v0, and so does the loop's exit."""
    cfg = lower_to_cfg(parse(NESTED))
    decisions = [d for d in live_in_decisions(cfg) if d.arg == "v0"]
    header = next(iter(loop_headers(cfg)))
    crossing = [d for d in decisions if "nested loop" in d.reason]
    assert crossing and not any(d.replaced for d in crossing)
    assert any(f"crosses the nested loop at ^{header}" in d.reason for d in crossing)
    out = canonicalize_live_ins(cfg)
    assert cfg_metrics(out).block_args == cfg_metrics(cfg).block_args


def test_direct_use_across_a_region_with_a_loop_is_refused():
    """A CFG not in closed form: one side of the diamond runs a loop that does not carry
    %v. The forward from bb0 to bb3 would cross that loop, so it stays."""
    v, c = const(F32, 1.0), const(I1, False)
    a, m = Value(F32, "a"), Value(F32, "m")
    cfg = Cfg("crossing", [], [
        Block("bb0", [], [v, c], CondBranch(c.result, "bb1", [v.result], "bb2", [])),
        Block("bb1", [a], [], Branch("bb3", [a])),
        Block("bb2", [], [], CondBranch(c.result, "bb2", [], "bb4", [])),
        Block("bb4", [], [], Branch("bb3", [v.result])),
        Block("bb3", [m], [binop("addf", m, m)], Return())])
    assert verify_cfg(cfg) == []
    d = _decision(cfg, "bb3", 0)
    assert not d.replaced and d.source_block == "bb0"
    assert "crosses the nested loop at ^bb2" in d.reason


def test_canonicalization_is_idempotent():
    cfg = canonicalize_live_ins(lower_to_cfg(parse_file(CORPUS / "relu_accum_mem.seq.mlir")))
    again = canonicalize_live_ins(cfg)
    assert cfg_metrics(again) == cfg_metrics(cfg)
    assert not any(d.replaced for d in live_in_decisions(cfg))
