"""tileiras crashing or failing is handled like a compiler driver would: a reproducer
(bytecode + the exact command), a retry without the transformation that was on, and a
report that says so; and a token-free kernel never reaches tileiras."""
import os
import stat
from pathlib import Path

import pytest
from corpus_util import CORPUS

from eqsat.errors import EqsatError
from eqsat.frontend import annotate_from_symbol
from eqsat.text import parse_file
from eqsat.toolchain import missing_reason, tool

_WHY = missing_reason(need_cuda_tile=False)
pytestmark = [
    pytest.mark.cuda,
    pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}"),
]


_REAL = tool("tileiras") if _WHY is None else ""


def _fake_tileiras(tmp_path, monkeypatch, crashes: int):
    """A tileiras on $EQSAT_CUDA_BIN that dies of SIGSEGV on its first `crashes` calls
    to compile, then runs the real one (calls counted with mkdir, atomic: candidates
    compile in parallel)."""
    real = _REAL
    state = tmp_path / "calls"
    state.mkdir(parents=True)
    script = tmp_path / "bin" / "tileiras"
    script.parent.mkdir()
    script.write_text(f"""#!/bin/sh
case "$*" in *-o*) ;; *) exec "{real}" "$@";; esac
n=0
while ! mkdir "{state}/call$n" 2>/dev/null; do n=$((n+1)); done
if [ "$n" -lt {crashes} ]; then kill -SEGV $$; fi
exec "{real}" "$@"
""")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("EQSAT_CUDA_BIN", str(script.parent))
    monkeypatch.setenv("EQSAT_REPRO_DIR", str(tmp_path / "repro"))
    return state


def _signed(name):
    k = parse_file(CORPUS / f"{name}.seq.mlir")
    annotate_from_symbol(k)
    return k


def test_crash_leaves_a_reproducer_and_never_a_bare_exit_code(tmp_path, monkeypatch):
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.lowering.cutile_workflow import program_order_tokens
    from eqsat.toolchain import ToolError, compile_bytecode

    _fake_tileiras(tmp_path, monkeypatch, crashes=1)
    k, _ = program_order_tokens(_signed("vector_add"))
    bc = kernel_to_bytecode(k)
    with pytest.raises(ToolError) as ei:
        compile_bytecode(bc, "sm_90", what="@vector_add")
    e = ei.value
    assert e.crashed and "crashed (SIGSEGV)" in str(e) and "exit -11" not in str(e)
    repro = e.reproducer
    assert repro and repro in str(e)
    assert (tmp_path / "repro").exists() and repro.startswith(str(tmp_path / "repro"))
    assert (Path(repro) / "kernel.tileirbc").read_bytes() == bc
    cmd = (Path(repro) / "command.sh").read_text()
    assert "--gpu-name=sm_90" in cmd and "-O3" in cmd and "kernel.tileirbc" in cmd
    # the second call goes through: the saved command is what a user re-runs
    assert compile_bytecode(bc, "sm_90").cubin


def _force_versioning(monkeypatch):
    """The versioning pass's own gates lifted: its copy is made (a kernel text of its own)."""
    import eqsat.passes.versioning as v
    monkeypatch.setattr(v, "MAX_SLOW_LOSS", float("inf"))
    monkeypatch.setattr(v, "MAX_GROWTH", float("inf"))


def test_crash_of_one_candidate_leaves_the_others(tmp_path, monkeypatch):
    from eqsat.lowering.cutile_workflow import compile_ir, label

    _force_versioning(monkeypatch)
    _fake_tileiras(tmp_path, monkeypatch, crashes=1)
    run = compile_ir(_signed("vector_add"), "sm_90", optimize=True, versioning=True,
                     stats=False)
    assert run.cubin and run.optimized
    crashed = [a for a in run.attempts if "tileiras crashed (SIGSEGV)" in a]
    assert len(crashed) == 1 and crashed[0].startswith("optimized")   # versioned or not
    assert "compiled after" in run.note and "reproducer" in run.note
    assert run.report is not None                       # the optimizer's report comes back
    assert label(run).startswith("optimized (chosen among")
    lost = [c for c in run.choice.candidates if c.error]
    assert len(lost) == 1 and lost[0].lost.startswith("tileiras failed")


def test_repeated_crashes_end_unoptimized_then_fail_loudly(tmp_path, monkeypatch):
    from eqsat.lowering.cutile_workflow import compile_ir, label
    from eqsat.toolchain import ToolError

    _force_versioning(monkeypatch)
    _fake_tileiras(tmp_path, monkeypatch, crashes=2)
    run = compile_ir(_signed("vector_add"), "sm_90", optimize=True, versioning=True,
                     stats=False)
    assert not run.optimized and run.attempts[-1] == "unoptimized: ok"
    assert label(run).startswith("unoptimized (retried unoptimized after")
    # the unoptimized retry is still ordered: one token chain, program order
    assert any(op.name == "make_token" for op in run.kernel.walk())

    state = _fake_tileiras(tmp_path / "again", monkeypatch, crashes=5)
    with pytest.raises(ToolError, match=r"crashed \(SIGSEGV\)"):
        compile_ir(_signed("vector_add"), "sm_90", optimize=True, stats=False)
    assert len(os.listdir(state)) == 2                  # optimized, then unoptimized


def test_token_free_kernel_is_tokenized_in_program_order(monkeypatch):
    from eqsat.egraph.encode import is_tokenized
    from eqsat.lowering.cutile_workflow import compile_ir, program_order_tokens

    k = _signed("vector_add")
    assert not is_tokenized(k)
    run = compile_ir(k, "sm_90", stats=False)         # unoptimized: still gets a chain
    assert is_tokenized(run.kernel) and "program order" in run.note

    # an optimizer that hands the token-free program back (it could not encode it)
    # must not send it on: a clear error instead
    import eqsat.lowering.cutile_workflow as wf

    class _Res:
        def __init__(self, k):
            self.kernel = k
            self.report = type("R", (), {"fallback": "not encoded: test"})()

    monkeypatch.setattr(wf, "_find_optimizer", lambda: (lambda k, **kw: _Res(k), ""))
    with pytest.raises(EqsatError, match="cannot order it in program order"):
        program_order_tokens(_signed("vector_add"))


def test_versioned_copy_is_one_candidate_the_time_model_judges(monkeypatch):
    # the op-count gates lifted, the copy is made; the time model then decides
    from eqsat.lowering.cutile_workflow import compile_ir

    _force_versioning(monkeypatch)
    run = compile_ir(_signed("vector_add"), "sm_90", optimize=True, versioning=True)
    names = [c.name for c in run.choice.candidates]
    assert names[:2] == ["optimized, versioned", "optimized"] and names[-1] == "unoptimized"
    for c in run.choice.candidates:
        if c.name != run.choice.chosen and c.run is not None:
            assert c.lost.startswith(("predicted", "same kernel text")), c.lost
    d = run.choice.as_dict()
    assert d["chosen"] == run.choice.chosen and d["gpu"] == "h100-sxm"
    assert all(e["predicted_us"] and e["registers"] for e in d["candidates"][:2])
