"""The CFG form: structure, closedness, text, metrics, and that a broken CFG is caught."""
from __future__ import annotations

import pytest
from corpus_util import CORPUS, CORPUS_FILES, SPECS
from test_lowering_equiv import LOOP_BREAK, RAW_SPEC

from eqsat.interp.compare import compare_outputs
from eqsat.interp.inputs import load_spec, parse_spec
from eqsat.interp import run
from eqsat.ir.attrs import DenseConst
from eqsat.ir.core import Operation, Value
from eqsat.ir.types import TileType
from eqsat.text import parse, parse_file
from eqsat.lowering import LoweringError, cfg_metrics, lower_to_cfg, run_cfg, verify_cfg
from eqsat.lowering.cfg import (Block, Branch, Cfg, CondBranch, Return, dominators, loop_headers,
                                longest_recurrence, natural_loops, post_dominators)

F32, I1 = TileType((), "f32"), TileType((), "i1")


def const(t, x) -> Operation:
    return Operation("constant", [], [t], {"value": DenseConst(t.elem, x)}, result_names=[None])


def binop(name, a, b) -> Operation:
    return Operation(name, [a, b], [a.type], result_names=[None])


def loop_cfg() -> Cfg:
    """bb0 -> bb1(acc) -> addf, mulf -> bb2(f) -> back to bb1, or exit to bb3."""
    z, c = const(F32, 0.0), const(I1, True)
    acc, f = Value(F32, "acc"), Value(F32, "f")
    x = binop("addf", acc, acc)
    y = binop("mulf", x.result, x.result)
    return Cfg("loop", [], [
        Block("bb0", [], [z, c], Branch("bb1", [z.result])),
        Block("bb1", [acc], [x, y], CondBranch(c.result, "bb2", [y.result], "bb3", [])),
        Block("bb2", [f], [], Branch("bb1", [f])),
        Block("bb3", [], [], Return())])


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_lowered_cfg_is_closed_and_well_formed(path):
    k = parse_file(path)
    closed = lower_to_cfg(k)
    assert verify_cfg(closed, closed=True) == []
    direct = lower_to_cfg(k, closed=False)
    assert verify_cfg(direct) == []
    assert not any(op.name in ("for", "loop", "if") for b in closed.blocks for op in b.ops)
    assert cfg_metrics(closed).block_args >= cfg_metrics(direct).block_args


def test_direct_form_equals_the_ir_too():
    k = parse_file(CORPUS / "relu_accum_branch.seq.mlir")
    spec = load_spec(SPECS / "relu_accum_branch.json")
    got = run_cfg(lower_to_cfg(k, closed=False), spec, seed=3)
    assert compare_outputs(run(k, spec, seed=3).buffers, got, exact=True) is None


def test_for_loop_shape_header_latch_exit():
    cfg = lower_to_cfg(parse_file(CORPUS / "relu_accum_branch.seq.mlir"))
    assert loop_headers(cfg) == {"bb1"}
    header = cfg.block("bb1")
    [cmp] = header.ops
    assert (cmp.name, cmp.attrs["predicate"], cmp.attrs["signedness"]) == \
        ("cmpi", "less_than", "signed")
    assert isinstance(header.term, CondBranch)
    loop = natural_loops(cfg)["bb1"]
    latch = [b for b in cfg.blocks if b.name in loop and any(d == "bb1" for d, _ in b.edges())]
    assert [op.name for op in latch[0].ops] == ["addi"]          # iv += step
    assert header.term.false_dest not in loop                     # the exit


def test_verify_cfg_reports_broken_cfgs():
    cfg = loop_cfg()
    assert verify_cfg(cfg) == []
    cfg.block("bb2").term = Branch("bb1", [])
    assert "passes 0 values to ^bb1, which takes 1" in verify_cfg(cfg)[0]
    cfg = loop_cfg()
    cfg.block("bb3").ops.append(binop("addf", cfg.block("bb2").args[0],
                                      cfg.block("bb2").args[0]))
    assert "does not dominate" in verify_cfg(cfg)[0]
    cfg = loop_cfg()
    cfg.block("bb0").term = Branch("bb9", [])
    assert "unknown ^bb9" in verify_cfg(cfg)[0]


def test_dominators_and_post_dominators_of_a_loop():
    cfg = loop_cfg()
    dom, pdom = dominators(cfg), post_dominators(cfg)
    assert dom["bb2"] == {"bb0", "bb1", "bb2"}
    assert pdom["bb0"] == {"bb0", "bb1", "bb3"}
    assert natural_loops(cfg) == {"bb1": {"bb1", "bb2"}}


def test_recurrence_counts_the_ops_and_block_arguments_around_the_loop():
    m = cfg_metrics(loop_cfg())
    assert (m.blocks, m.block_args, m.branch_operands) == (4, 2, 3)
    assert (m.recurrence, m.recurrence_ops) == (4, 2)        # acc, addf, mulf, f
    length, ops, path = longest_recurrence(loop_cfg())
    assert path == ["^bb1(%acc)", "addf", "mulf", "^bb2(%f)"]


def test_no_loop_no_recurrence():
    m = cfg_metrics(lower_to_cfg(parse_file(CORPUS / "vector_add.seq.mlir")))
    assert (m.blocks, m.block_args, m.recurrence) == (1, 0, 0)


def test_loop_break_lowering_has_loop_exit_with_results():
    k = parse(LOOP_BREAK)
    cfg = lower_to_cfg(k, closed=False)
    assert verify_cfg(cfg) == []
    [h] = loop_headers(cfg)
    exits = [b for b in cfg.blocks if b.name not in natural_loops(cfg)[h] and b.args]
    assert len(exits) == 1 and [a.type for a in exits[0].args] == [F32]
    preds = [b for b in cfg.blocks for d, _ in b.edges() if d == exits[0].name]
    assert len(preds) == 2                                      # the two `break`s
    spec = parse_spec(RAW_SPEC)
    assert compare_outputs(run(k, spec).buffers, run_cfg(cfg, spec), exact=True) is None


def test_text_is_mlir_like():
    text = str(lower_to_cfg(parse_file(CORPUS / "relu_accum_branch.seq.mlir")))
    lines = text.splitlines()
    assert lines[0].startswith("cfg @relu_accum_branch") and lines[-1] == "}"
    assert lines[1] == "^bb0:"
    assert any(line.startswith("^bb1(%loopIdx: tile<i32>, %iterArg0: tile<f32>") for line in lines)
    assert any(line.strip().startswith("cond_br %") and ", ^bb2(" in line for line in lines)
    assert "  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>" in lines
    assert lines[-2] == "  return"


def test_swapped_branch_is_detected():
    """The CFG interpreter really follows the branches: invert the ReLU test and the
    result changes."""
    k = parse_file(CORPUS / "relu_accum_branch.seq.mlir")
    spec = load_spec(SPECS / "relu_accum_branch.json")
    cfg = lower_to_cfg(k)
    [b] = [b for b in cfg.blocks if isinstance(b.term, CondBranch) and b.ops
           and b.ops[-1].name == "cmpf"]
    t = b.term
    b.term = CondBranch(t.cond, t.false_dest, t.false_args, t.true_dest, t.true_args)
    assert compare_outputs(run(k, spec).buffers, run_cfg(cfg, spec), exact=True) is not None


def test_an_op_without_semantics_in_the_catalogue_is_named():
    k = parse(LOOP_BREAK)
    k.body.ops.insert(0, Operation("frobnicate", [], [F32]))
    k.body.ops[0].parent = k.body
    with pytest.raises(LoweringError, match="frobnicate"):
        lower_to_cfg(k)
