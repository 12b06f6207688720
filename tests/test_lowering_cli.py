"""`eqsat lower FILE --to steps|cfg [--canonicalize-live-ins]`."""
from __future__ import annotations

from corpus_util import CORPUS, SPECS

from eqsat.cli import main

RELU = str(CORPUS / "relu_accum_branch.seq.mlir")


def test_lower_to_steps_prints_steps_and_metrics(capsys):
    assert main(["lower", str(CORPUS / "gather_offset.seq.mlir"), "--to", "steps",
                 "--stats"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("steps @gather_offset")
    assert "step 2 [mixed, 2 transfers]" in out
    assert "// steps: steps 3 (compute 1, mixed 1, transfer 1)" in out


def test_lower_to_cfg_with_live_ins_prints_before_and_after(capsys):
    assert main(["lower", RELU, "--to", "cfg", "--canonicalize-live-ins", "--stats",
                 "--inputs", str(SPECS / "relu_accum_branch.json"), "--trials", "2"]) == 0
    cap = capsys.readouterr()
    assert cap.out.startswith("cfg @relu_accum_branch")
    assert "// cfg before live-in canonicalization: blocks 6, block args 66" in cap.out
    assert "// cfg after live-in canonicalization:  blocks 6, block args 38" in cap.out
    assert "ok: cfg form equals the kernel on 2 input draws" in cap.err


def test_explain_lists_decisions(capsys):
    assert main(["lower", RELU, "--to", "cfg", "--explain"]) == 0
    out = capsys.readouterr().out
    assert "// live-in ^bb1 arg 0 %loopIdx: keep: block is a loop header" in out
    assert "use directly" in out


def test_output_file(tmp_path, capsys):
    dest = tmp_path / "relu.cfg"
    assert main(["lower", RELU, "--to", "cfg", "-o", str(dest)]) == 0
    assert capsys.readouterr().out == ""
    assert dest.read_text().startswith("cfg @relu_accum_branch")


def test_live_in_flag_with_steps_is_refused(capsys):
    assert main(["lower", RELU, "--to", "steps", "--canonicalize-live-ins"]) == 2
    assert "apply to --to cfg" in capsys.readouterr().err


def test_bad_input_is_a_located_error(tmp_path, capsys):
    bad = tmp_path / "bad.mlir"
    bad.write_text("entry @k() {\n  %x = frobnicate : tile<f32>\n}\n")
    assert main(["lower", str(bad), "--to", "cfg"]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:2:" in err and "error" in err
