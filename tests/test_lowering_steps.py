"""The step form's rules: phases in order, each step its own scope, indirect access as
index load -> offset build -> gather, masks as compute, memory order kept."""
from __future__ import annotations

import pytest
from corpus_util import CORPUS, CORPUS_FILES, SPECS
from test_lowering_equiv import RAW_SPEC, STORE_THEN_LOAD

from eqsat.interp.compare import compare_outputs
from eqsat.interp.inputs import load_spec, parse_spec
from eqsat.interp import run
from eqsat.ir.core import Operation
from eqsat.ir.types import TileType
from eqsat.text import parse, parse_file
from eqsat.lowering import LoweringError, lower_to_steps, run_steps, step_metrics, verify_steps
from eqsat.lowering.irtools import cse_key
from eqsat.lowering.steps import ForNode, IfNode, Step


def _steps_with(prog, name):
    return [s for s in prog.steps() if any(op.name == name for op in
                                           s.loads + s.compute + s.stores)]


@pytest.mark.parametrize("variant", ["seq", "cutile"])
def test_gather_offset_is_index_load_then_offset_build_then_gather(variant):
    prog = lower_to_steps(parse_file(CORPUS / f"gather_offset.{variant}.mlir"))
    assert verify_steps(prog) == []
    [index_load] = _steps_with(prog, "load_view_tko")
    [offset_build] = _steps_with(prog, "offset")
    [gather] = _steps_with(prog, "load_ptr_tko")
    assert index_load.index < offset_build.index < gather.index
    assert index_load.kind == "transfer" and not index_load.compute
    assert offset_build.kind == "compute" and offset_build.transfers == 0
    # bridged by scratch buffers: the loaded index tile, then the pointers and the mask
    assert {w.buffer for w in index_load.writes} <= {r.buffer for r in offset_build.reads}
    bridged = {r.buffer: r.value for r in gather.reads}
    assert {w.buffer for w in offset_build.writes} == set(bridged)
    [g] = [op for op in gather.loads if op.name == "load_ptr_tko"]
    assert g.one("ptr") in bridged.values() and g.one("mask") in bridged.values()
    m = step_metrics(prog)
    assert m.steps == 3 and m.transfers_per_step == (1, 0, 2)


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_every_step_is_its_own_scope(path):
    """No value object is shared by two steps, and nothing is computed twice in one."""
    prog = lower_to_steps(parse_file(path))
    assert verify_steps(prog) == []
    params = {id(p.value) for p in prog.params}
    owner: dict[int, int] = {}
    for s in prog.steps():
        ops = s.setup + s.loads + s.compute + s.stores
        keys = [cse_key(op) for op in ops if cse_key(op) is not None]
        assert len(keys) == len(set(keys)), f"step {s.index} computes something twice"
        vals = [r.value for r in s.reads] + [v for op in ops for v in op.operands + op.results]
        for v in vals:
            if id(v) not in params:
                assert owner.setdefault(id(v), s.index) == s.index, \
                    f"%{v.name} crosses from step {owner[id(v)]} to step {s.index}"


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_masks_are_compute_and_tokens_are_gone(path):
    prog = lower_to_steps(parse_file(path))
    for s in prog.steps():
        for op in s.setup:
            assert not any(isinstance(r.type, TileType) and r.type.elem == "i1"
                           for r in op.results), f"mask op '{op.name}' in setup"
        for op in s.loads + s.stores:
            assert op.token_in is None
        assert not any(op.name in ("make_token", "join_tokens")
                       for op in s.setup + s.compute)


def test_verify_steps_catches_a_value_crossing_steps():
    prog = lower_to_steps(parse_file(CORPUS / "gather_offset.seq.mlir"))
    s0, s1, s2 = prog.steps()
    s1.reads.clear()                      # the offset build now uses s0's tile directly
    s1.compute[0].operands[0] = s0.loads[0].results[0]
    errs = verify_steps(prog)
    assert errs and "not in this step" in errs[0]


def test_a_load_never_moves_before_an_earlier_store():
    k = parse(STORE_THEN_LOAD)
    prog = lower_to_steps(k)
    [first_store] = [s for s in prog.steps() if s.stores][:1]
    reload = [s for s in _steps_with(prog, "load_ptr_tko") if s.index > first_store.index]
    assert reload, "the load of y must run in a step after the store of y"
    spec = parse_spec(RAW_SPEC)
    assert compare_outputs(run(k, spec).buffers, run_steps(prog, spec), exact=True) is None


def test_relu_accumulator_updates_in_place():
    """The if result that feeds `continue` lives in the loop's carried buffer: the else
    branch has nothing to do and no copy step follows the if."""
    prog = lower_to_steps(parse_file(CORPUS / "relu_accum_branch.seq.mlir"))
    [loop] = [n for n in prog.body if isinstance(n, ForNode)]
    [branch] = [n for n in loop.body if isinstance(n, IfNode)]
    assert branch.results == loop.carried
    assert branch.orelse == [] and loop.body[-1] is branch
    assert [s.kind for s in branch.then] == ["compute"]


def test_dropping_the_accumulator_write_is_detected():
    """The equivalence check can fail: remove the in-place update and outputs differ."""
    k = parse_file(CORPUS / "relu_accum_branch.seq.mlir")
    spec = load_spec(SPECS / "relu_accum_branch.json")
    prog = lower_to_steps(k)
    [loop] = [n for n in prog.body if isinstance(n, ForNode)]
    [branch] = [n for n in loop.body if isinstance(n, IfNode)]
    branch.then[0].writes.clear()
    assert compare_outputs(run(k, spec).buffers, run_steps(prog, spec), exact=True) is not None


def test_an_op_the_step_model_cannot_express_is_named():
    k = parse(STORE_THEN_LOAD)
    odd = Operation("frobnicate", [], [TileType((), "f32")])
    k.body.ops.insert(0, odd)
    odd.parent = k.body
    store = k.body.ops[-3]
    store.set_group("value", [odd.result])
    with pytest.raises(LoweringError, match="frobnicate"):
        lower_to_steps(k)


def test_text_shows_phases_buffers_and_nodes():
    text = str(lower_to_steps(parse_file(CORPUS / "relu_accum_branch.seq.mlir")))
    assert text.startswith("steps @relu_accum_branch")
    for piece in ("scratch $iterArg0 : tile<f32>  // carried", "for $loopIdx in (",
                  "if $cmpf -> ($iterArg0) {", "[compute, 0 transfers]", "load:",
                  "write $iterArg0 <- %20",          # the input's own number for the addf
                  "read %iterArg0 <- $iterArg0"):
        assert piece in text, piece


def test_steps_are_numbered_in_program_order():
    prog = lower_to_steps(parse_file(CORPUS / "layernorm_fwd.seq.mlir"))
    assert [s.index for s in prog.steps()] == list(range(step_metrics(prog).steps))
    assert all(isinstance(s, Step) for s in prog.steps())
