"""The command line as a tool: --version, --json reports, progress on stderr only,
one-line usage errors and the internal-error exit."""
import json

import pytest

import eqsat
from corpus_util import CORPUS, SPECS
from eqsat.cli import INTERNAL_ERROR, main
from eqsat.commands import _common

VA = str(CORPUS / "vector_add.seq.mlir")


def test_version(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    out = capsys.readouterr().out
    assert e.value.code == 0 and out.startswith(f"eqsat {eqsat.__version__} (egglog ")


def test_usage_errors_are_one_line(capsys):
    with pytest.raises(SystemExit) as e:
        main(["opt", VA, "--max-iterations", "many"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and err == ("eqsat opt: error: argument --max-iterations: invalid "
                                         "int value: 'many' (see 'eqsat opt --help')\n")
    with pytest.raises(SystemExit):
        main(["frobnicate"])
    assert capsys.readouterr().err.startswith("eqsat: error: argument COMMAND: invalid choice")


def test_messages_without_a_place_get_the_command(capsys):
    assert main(["opt", VA, "--rules", "nope"]) == 2
    assert capsys.readouterr().err.startswith("eqsat opt: error: unknown rule set 'nope'")


def test_opt_json(capsys, tmp_path):
    assert main(["opt", VA, "--rules", "none"]) == 0
    text = capsys.readouterr().out
    assert main(["opt", VA, "--rules", "none", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["file"] == VA and d["kernel"] == text
    rep = d["report"]
    assert rep["rules"] == [] and rep["ops"]["before"] == 20 and rep["cost"]["model"]
    assert set(rep["times"]) and rep["total_seconds"] == pytest.approx(sum(rep["times"].values()))
    out = tmp_path / "o.mlir"
    assert main(["opt", VA, "--rules", "none", "--json", "-o", str(out)]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["output"] == str(out) and "kernel" not in d and out.read_text() == text


def test_equiv_json(capsys, tmp_path):
    a, spec = str(CORPUS / "gather_offset.seq.mlir"), str(SPECS / "gather_offset.json")
    assert main(["equiv", a, str(CORPUS / "gather_offset.cutile.mlir"), "--inputs", spec,
                 "--trials", "1", "--schedules", "2", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d == {"equivalent": True, "vacuous": False, "runs": 3, "trials": 1, "schedules": 2,
                 "message": "equivalent (1 trials x 2 schedules)", "counterexample": None}
    bad = tmp_path / "bad.mlir"
    bad.write_text((CORPUS / "gather_offset.seq.mlir").read_text().replace(
        "%cst_2_i32 = constant <i32: 2>", "%cst_2_i32 = constant <i32: 3>"))
    assert main(["equiv", a, str(bad), "--inputs", spec, "--trials", "1", "--schedules", "1",
                 "--json"]) == 1
    d = json.loads(capsys.readouterr().out)
    ce = d["counterexample"]
    assert d["equivalent"] is False and ce["array"] == "y" and ce["kernel"] == "B"
    assert isinstance(ce["index"], list) and d["message"].startswith("counterexample: trial 0")


def test_stats_accepts_json(capsys):
    assert main(["stats", VA, "--json"]) == 0
    assert "needless_orderings" in json.loads(capsys.readouterr().out)


def test_progress_goes_to_stderr_and_changes_no_output(capsys):
    assert main(["opt", VA, "--rules", "none"]) == 0
    plain = capsys.readouterr()
    assert main(["opt", VA, "--rules", "none", "--progress"]) == 0
    shown = capsys.readouterr()
    assert shown.out == plain.out and plain.err == ""
    lines = shown.err.splitlines()
    assert lines[0].startswith("eqsat opt: [0.") and lines[0].endswith(f"reading {VA}")
    assert "] optimizing" in lines[1] and lines[-1].endswith("] done")


class _Tty:
    """A stderr that says it is a terminal."""

    def __init__(self):
        self.text = ""

    def write(self, s):
        self.text += s

    def flush(self):
        pass

    def isatty(self):
        return True


def test_terminal_phase_line_is_erased(monkeypatch):
    tty = _Tty()
    monkeypatch.setattr("sys.stderr", tty)
    with _common.progress("opt") as _:
        p = _common._current[-1]
        _common.phase("saturating")
        p._draw()                          # what the timer thread does after the delay
        assert tty.text.endswith("eqsat opt: saturating (0s)")
    assert tty.text.endswith("\r\033[K") and "\n" not in tty.text


def test_short_runs_on_a_terminal_print_nothing(monkeypatch):
    tty = _Tty()
    monkeypatch.setattr("sys.stderr", tty)
    with _common.progress("fmt"):
        _common.phase("reading")
    assert tty.text == ""


def test_an_unexpected_exception_is_an_internal_error(capsys, monkeypatch):
    from eqsat.commands import check

    def boom(path, verify=True, entry=None):
        raise RuntimeError("boom")
    monkeypatch.setattr(check, "load_kernels", boom)
    monkeypatch.delenv("EQSAT_TRACEBACK", raising=False)
    assert main(["check", VA]) == INTERNAL_ERROR
    err = capsys.readouterr().err
    assert err.startswith("eqsat check: internal error: RuntimeError: boom\nThis is a bug")
    assert "Traceback" not in err
    monkeypatch.setenv("EQSAT_TRACEBACK", "1")
    with pytest.raises(RuntimeError, match="boom"):
        main(["check", VA])
