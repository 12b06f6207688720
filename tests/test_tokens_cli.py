"""`eqsat opt --noalias / --alias-groups`, the spin lock under block interleaving, and the
cost of a loop-carried token."""
from __future__ import annotations

import pytest

from corpus_util import CORPUS, EXAMPLES
from eqsat.cli import main
from eqsat.commands.opt import parse_alias_groups
from eqsat.egraph.cost import DEFAULT, carried_wait
from eqsat.equiv import check_equivalent
from eqsat.errors import EqsatError
from eqsat.interp.inputs import load_spec
from eqsat.ir.core import Operation
from eqsat.ir.ops import MEMORY_OPS
from eqsat.pipeline.optimize import optimize
from eqsat.text import parse, parse_file

P = "tile<ptr<f32>>"
SRC = f"""entry @k(%a: {P}, %b: {P}, %c: {P}) {{
  %x, %t1 = load_ptr_tko weak %a : {P} -> tile<f32>, token
  %y, %t2 = load_ptr_tko weak %b : {P} -> tile<f32>, token
  %s = addf %x, %y : tile<f32>
  %t3 = store_ptr_tko weak %c, %s : {P}, tile<f32> -> token
  return
}}
"""


def _opt(capsys, tmp_path, *flags) -> str:
    f = tmp_path / "k.mlir"
    f.write_text(SRC)
    assert main(["opt", str(f), *flags]) == 0
    return capsys.readouterr().out


def test_noalias_and_alias_groups_flags(capsys, tmp_path):
    safe = _opt(capsys, tmp_path)
    assert "join_tokens" in safe                     # c may overlap a and b
    free = _opt(capsys, tmp_path, "--noalias")
    assert "join_tokens" not in free and free.count("token=%tok") == 3
    some = _opt(capsys, tmp_path, "--noalias", "--alias-groups", "a=g,c=g")
    store = next(line for line in some.splitlines() if "store_ptr_tko" in line)
    assert "token=%tok" not in store                 # waits for the load of a only
    assert "join_tokens" not in some


def test_bad_alias_groups(capsys, tmp_path):
    f = tmp_path / "k.mlir"
    f.write_text(SRC)
    assert main(["opt", str(f), "--alias-groups", "a"]) == 2
    assert "PARAM=GROUP" in capsys.readouterr().err
    assert main(["opt", str(f), "--alias-groups", "zz=g"]) == 2
    assert "no parameter 'zz'" in capsys.readouterr().err
    assert parse_alias_groups("%x=xy, 3=g+h") == {"x": ["xy"], 3: ["g", "h"]}
    with pytest.raises(TypeError):
        optimize(parse(SRC), alias_groups=["a"])
    with pytest.raises(EqsatError, match="no parameter"):
        optimize(parse(SRC), alias_groups={"nope": "g"})


def test_report_names_the_alias_model(capsys, tmp_path):
    f = CORPUS / "axpy_alias_inplace.seq.mlir"
    assert main(["opt", str(f), "--report"]) == 0
    err = capsys.readouterr().err
    assert "aliasing: groups from the cuTile symbol" in err


# -- the spin lock ------------------------------------------------------------------------------
def _frontier(v) -> set[str]:
    op = v.owner
    if not isinstance(op, Operation) or op.name in ("make_token",):
        return {"loop"} if not isinstance(op, Operation) else set()
    if op.name == "join_tokens":
        return set().union(*(_frontier(x) for x in op.operands))
    if op.name in MEMORY_OPS:
        return {op.name + ("" if op.attrs.get("sem") == "weak" else ":" + op.attrs["sem"])}
    return {op.name}


@pytest.mark.parametrize("variant", ["seq", "tko"])
def test_spin_lock(variant):
    k = parse_file(EXAMPLES / f"spin_lock_accum.{variant}.mlir")
    res = optimize(k, noalias=True)
    assert res.report.fallback is None
    out = res.kernel
    loop = next(op for op in out.walk() if op.name == "loop")
    assert any(op.name == "if" for op in loop.regions[0].ops)     # the break stays
    after = [op for op in out.body.ops if op.name in MEMORY_OPS]
    loads = [op for op in after if op.name == "load_ptr_tko"]
    store = next(op for op in after if op.name == "store_ptr_tko")
    release = next(op for op in after if op.attrs.get("sem") == "release")
    for ld in loads:                                  # guarded loads after the acquire
        assert ld.token_in.owner is loop
    assert store.token_in.owner in loads              # the store after the load it reads
    waited = {id(v.owner) for v in release.token_in.owner.operands} \
        if release.token_in.owner.name == "join_tokens" else {id(release.token_in.owner)}
    assert id(store) in waited                        # release after the guarded store ...
    assert all(id(ld) in waited or ld is store.token_in.owner for ld in loads)   # ... and loads
    r = check_equivalent(k, out, load_spec(EXAMPLES / "spin_lock_accum.json"), trials=3,
                         schedules=10)
    assert r.ok, r.message


def test_spin_lock_without_the_acquire_edge_is_caught():
    k = parse_file(EXAMPLES / "spin_lock_accum.seq.mlir")
    out = optimize(k, noalias=True).kernel
    loop = next(op for op in out.walk() if op.name == "loop")
    root = next(op for op in out.body.ops if op.name == "make_token").result
    for op in out.body.ops:                           # guarded ops no longer wait for it
        if op.name == "load_ptr_tko" and op.token_in.owner is loop:
            op.set_group("token", [root])
    r = check_equivalent(k, out, load_spec(EXAMPLES / "spin_lock_accum.json"), trials=3,
                         schedules=20)
    assert not r.ok


# -- cost ---------------------------------------------------------------------------------------
def test_loop_carried_store_to_load_costs_every_iteration():
    cu = parse_file(CORPUS / "store_load_recurrence.cutile.mlir")
    loop = next(op for op in cu.walk() if op.name == "for")
    assert carried_wait(DEFAULT, loop) == DEFAULT.token_edge("store_view_tko", "load_view_tko")
    res = optimize(parse_file(CORPUS / "layernorm_fwd.seq.mlir"), noalias=True)
    assert res.report.cost_after < res.report.cost_before      # the chain's waits are gone
    for op in res.kernel.walk():
        if op.name == "for":
            assert carried_wait(DEFAULT, op) == 0.0
