"""The command line: each subcommand works and bad input exits 2 with FILE:LINE:COL."""
import json
import subprocess
import sys


from corpus_util import CORPUS, EXAMPLES, SPECS
from eqsat.cli import main


def test_fmt_is_canonical(capsys, tmp_path):
    assert main(["fmt", str(CORPUS / "vector_add.cutile.mlir")]) == 0
    out = capsys.readouterr().out
    p = tmp_path / "a.mlir"
    p.write_text(out)
    assert main(["fmt", str(p)]) == 0
    assert capsys.readouterr().out == out


def test_check_and_stats(capsys):
    assert main(["check", str(CORPUS / "moe_permute.seq.mlir")]) == 0
    assert "ok" in capsys.readouterr().out
    assert main(["stats", str(CORPUS / "axpy_alias_inplace.cutile.mlir")]) == 0
    s = json.loads(capsys.readouterr().out)
    assert set(s) >= {"ops", "op_counts", "make_token", "join_tokens", "token_operands",
                      "loop_carried_tokens"}
    assert (s["make_token"], s["join_tokens"], s["token_operands"], s["loop_carried_tokens"]) == \
        (1, 2, 3, 2)


def test_run_prints_digest(capsys):
    rc = main(["run", str(CORPUS / "vector_add.cutile.mlir"), "--inputs",
               str(SPECS / "vector_add.json"), "--schedules", "3"])
    out = capsys.readouterr().out
    assert rc == 0 and "out: float32[2500] sha256:" in out and "schedule fuzzing" in out


def test_equiv_exit_codes(capsys, tmp_path):
    rc = main(["equiv", str(CORPUS / "gather_offset.seq.mlir"),
               str(CORPUS / "gather_offset.cutile.mlir"), "--inputs",
               str(SPECS / "gather_offset.json"), "--trials", "2", "--schedules", "3"])
    assert rc == 0 and capsys.readouterr().out.strip() == "equivalent (2 trials x 3 schedules)"
    bad = (CORPUS / "gather_offset.seq.mlir").read_text().replace(
        "%cst_2_i32 = constant <i32: 2>", "%cst_2_i32 = constant <i32: 3>")
    p = tmp_path / "bad.mlir"
    p.write_text(bad)
    rc = main(["equiv", str(CORPUS / "gather_offset.seq.mlir"), str(p), "--inputs",
               str(SPECS / "gather_offset.json"), "--trials", "1", "--schedules", "1"])
    out = capsys.readouterr().out
    assert rc == 1 and out.startswith("counterexample: trial 0, schedule 0, array 'y', index (")


def test_a_bad_parameter_exits_2_naming_its_line_and_column(capsys, tmp_path):
    p = tmp_path / "param.mlir"
    p.write_text("entry @k(%a: tile<4xf32>,\n         %b: tile<5xi32>) {\n  return\n}\n")
    want = (f"{p}:2:10: error: 'entry' [invalid-type]: parameter 1 (%b): tile<5xi32>: every "
            "tile dimension must be a power of two, found 5")
    for cmd in ("check", "opt"):
        assert main([cmd, str(p)]) == 2
        assert capsys.readouterr().err.strip() == want


def test_errors_exit_2_with_location(capsys, tmp_path):
    p = tmp_path / "broken.mlir"
    p.write_text("entry @k() {\n  %a = addi %b, %b : tile<i32>\n}\n")
    assert main(["fmt", str(p)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"{p}:2:13: error: use of undefined value '%b'"
    assert main(["check", str(tmp_path / "missing.mlir")]) == 2
    assert "cannot read file" in capsys.readouterr().err
    s = tmp_path / "spec.json"
    s.write_text("{ nope")
    assert main(["run", str(CORPUS / "vector_add.seq.mlir"), "--inputs", str(s)]) == 2
    assert "invalid JSON" in capsys.readouterr().err


def test_opt_budgets_follow_the_kernel_unless_given(capsys, monkeypatch):
    """Without --max-nodes / --max-matches, `eqsat opt` runs under the budgets `Limits()`
    gives the API (they grow with the kernel); a number given is a fixed budget."""
    import eqsat.pipeline.optimize as opt_mod
    from eqsat.egraph.saturate import Limits
    seen: list[Limits] = []
    real = opt_mod.optimize

    def spy(kernel, **kw):
        seen.append(kw["limits"])
        return real(kernel, **kw)
    monkeypatch.setattr(opt_mod, "optimize", spy)
    k = str(EXAMPLES / "scale_rows.seq.mlir")
    assert main(["opt", k, "--rules", "none"]) == 0
    assert main(["opt", k, "--rules", "none", "--max-nodes", "1234", "--max-matches", "99"]) == 0
    capsys.readouterr()
    assert seen[0] == Limits() and seen[0].nodes is None and seen[0].matches is None
    assert (seen[1].nodes, seen[1].matches) == (1234, 99)


def test_python_dash_m():
    r = subprocess.run([sys.executable, "-m", "eqsat", "stats",
                        str(EXAMPLES / "spin_lock_accum.tko.mlir")],
                       capture_output=True, text=True, check=True)
    assert json.loads(r.stdout)["loop_carried_tokens"] == 1
