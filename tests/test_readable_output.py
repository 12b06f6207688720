"""Output a compiler engineer can read and diff: names and order kept through optimize,
`--diff`, reports that explain, and the command-line habits of MLIR tools (stdin, several
entries, `eqsat rules`)."""
from __future__ import annotations

import io
import json
import re
from collections import Counter
from pathlib import Path

import jsonschema
import pytest

from eqsat.cli import main
from eqsat.errors import EqsatError
from eqsat.memory.stats import kernel_stats
from eqsat.pipeline.optimize import optimize
from eqsat.pipeline.report import REPORT_SCHEMA
from eqsat.text import parse, parse_file, parse_module, print_kernel, print_module

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.mlir"))
SCALE_ROWS = str(ROOT / "examples" / "scale_rows.seq.mlir")
MODES = [{}, {"noalias": True}]


def _defs(k) -> dict[str, str]:
    """Named value -> the op that defines it (numbered values are renumbered anyway)."""
    return {r.name: op.name for op in k.walk() for r in op.results
            if r.name and not r.name.isdigit()}


@pytest.mark.parametrize("mode", MODES, ids=["default", "noalias"])
@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_surviving_values_keep_their_input_names(path, mode):
    k = parse_file(path)
    out = optimize(parse_file(path), **mode).kernel
    before, after = _defs(k), _defs(out)
    n_in = Counter(op.name for op in k.walk())
    n_out = Counter(op.name for op in out.walk())
    for name, kind in before.items():
        if name not in after:
            # gone only with its value: an op of its kind merged (CSE) or rewritten away
            assert n_out[kind] < n_in[kind], f"%{name} ({kind}) survives unnamed"
        elif after[name] != kind:
            # a name on another op's value: the same value computed anew, never a token
            holder = next(r for op in out.walk() for r in op.results if r.name == name)
            assert not holder.is_token, f"token name %{name} moved to a {after[name]}"


@pytest.mark.parametrize("path", [p for p in EXAMPLES if "spin_lock" in p.name or
                                  "scale_rows" in p.name], ids=lambda p: p.name)
def test_ops_no_rewrite_touched_keep_their_order(path):
    k = parse_file(path)
    out = optimize(parse_file(path)).kernel
    before = [r.name for op in k.walk() for r in op.results[:1] if r.name]
    after = [r.name for op in out.walk() for r in op.results[:1] if r.name]
    shared = set(before) & set(after)
    assert [n for n in before if n in shared] == [n for n in after if n in shared]
    assert len(shared) >= len(before) - 1


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_optimized_text_round_trips(path):
    out = optimize(parse_file(path)).kernel
    text = print_kernel(out)
    assert print_kernel(parse(text)) == text and parse(text) == out


def test_a_token_name_never_moves_to_a_join():
    out = print_kernel(optimize(parse_file(ROOT / "examples" / "spin_lock_accum.seq.mlir"),
                                noalias=True).kernel)
    for line in out.splitlines():
        if "join_tokens" in line or "make_token" in line:
            assert not re.match(r"\s*%t_\w+ =", line) or "_join" in line, line


def test_diff_shows_only_what_changed(capsys):
    assert main(["fmt", SCALE_ROWS]) == 0
    before = capsys.readouterr().out
    assert main(["opt", SCALE_ROWS]) == 0
    after = capsys.readouterr().out
    assert main(["opt", SCALE_ROWS, "--diff"]) == 0
    diff = capsys.readouterr().out
    assert diff.startswith("--- a/") and "+++ b/" in diff
    minus = [ln[1:] for ln in diff.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    plus = [ln[1:] for ln in diff.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    old, new = Counter(before.splitlines()), Counter(after.splitlines())
    assert Counter(minus) == old - new and Counter(plus) == new - old
    assert 0 < len(minus) + len(plus) < len(before.splitlines())    # not a rewrite of it all


def test_report_explains_tokens_and_compute_ops(capsys):
    assert main(["opt", SCALE_ROWS, "--report"]) == 0
    err = capsys.readouterr().err
    assert "tokens made explicit" in err
    assert re.search(r"ops: 17 -> 18 \(compute 17 -> 17, token 0 -> 1\)", err), err
    assert "cycles per tile block" in err
    assert "rule matches:" not in err and "--verbose" in err
    assert main(["opt", SCALE_ROWS, "--verbose"]) == 0
    assert "rule matches: " in capsys.readouterr().err


def test_report_names_a_rewrite_in_the_output_and_where(capsys):
    src = """entry @k(%p: tile<ptr<f32>>) {
  %x, %t = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
  %m = mulf %x, %x : tile<f32>
  %s = addf %m, %x : tile<f32>
  %t2 = store_ptr_tko weak %p, %s token=%t : tile<ptr<f32>>, tile<f32> -> token
  return
}
"""
    res = optimize(parse(src), rules="default,contract")   # contraction is opt-in
    rw = res.report.rewrites()
    applied = {a["rule"]: a for a in rw["applied"]}
    assert "fma-fuse" in applied, rw
    text = print_kernel(res.kernel).splitlines()
    for w in applied["fma-fuse"]["where"]:
        assert "fma" in text[w["line"] - 1]
    assert "rewrites in the output: fma-fuse" in res.report.summary()
    assert all(a["rule"] != "fma-fuse" for a in rw["not_chosen"])


def test_json_report_follows_its_schema_and_lists_only_matched_rules(capsys):
    assert main(["opt", SCALE_ROWS, "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    jsonschema.validate(d["report"], REPORT_SCHEMA)
    assert d["report"]["matches"] and all(c > 0 for c in d["report"]["matches"].values())
    on_disk = json.loads((ROOT / "docs" / "report.schema.json").read_text())
    assert on_disk == REPORT_SCHEMA, "regenerate docs/report.schema.json from REPORT_SCHEMA"


def test_stdin_and_stdout(capsys, monkeypatch):
    text = Path(SCALE_ROWS).read_text()
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["opt", "-", "-o", "-"]) == 0
    got = capsys.readouterr().out
    assert main(["opt", SCALE_ROWS]) == 0
    assert got == capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["check", "-"]) == 0
    assert capsys.readouterr().out.startswith("<stdin>: ok (@scale_rows")


TWO = Path(SCALE_ROWS).read_text() + "\n" + Path(SCALE_ROWS).read_text().replace(
    "@scale_rows", "@scale_rows2")


def test_a_module_of_two_entries_optimizes_each(tmp_path, capsys):
    f = tmp_path / "two.mlir"
    f.write_text(TWO)
    assert main(["opt", str(f)]) == 0
    out = capsys.readouterr().out
    ks = parse_module(out)
    assert [k.name for k in ks] == ["scale_rows", "scale_rows2"]
    one = optimize(parse_file(SCALE_ROWS)).kernel
    assert print_kernel(ks[0]) == print_kernel(one)
    assert main(["opt", str(f), "--entry", "scale_rows2"]) == 0
    assert [k.name for k in parse_module(capsys.readouterr().out)] == ["scale_rows2"]
    assert main(["opt", str(f), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert [e["entry"] for e in d["entries"]] == ["scale_rows", "scale_rows2"]
    assert main(["stats", str(f)]) == 2
    assert "2 entries (@scale_rows, @scale_rows2)" in capsys.readouterr().err
    assert main(["opt", str(f), "--entry", "nope"]) == 2
    assert "no entry '@nope'" in capsys.readouterr().err
    assert print_module(parse_module(TWO)) == print_module(parse_module(print_module(
        parse_module(TWO))))
    with pytest.raises(EqsatError, match="second entry named '@scale_rows'"):
        parse_module(TWO.replace("@scale_rows2", "@scale_rows"))


def test_rules_lists_every_rule_with_set_status_and_doc(capsys):
    import eqsat.rules as rules_pkg
    assert main(["--list-rules"]) == 0
    out = capsys.readouterr().out
    assert "default = fold, algebra, analysis, tokens" in out
    for name in rules_pkg.DEFAULT:
        for r in rules_pkg.get(name):
            line = next((ln for ln in out.splitlines() if ln.split()[:1] == [r.name]), None)
            assert line is not None, r.name
            status = rules_pkg.rule_status(name)[r.name]
            assert status in ("proved", "sampled")
            assert line.split(None, 3)[2] == status and len(line.split(None, 3)) == 4
    assert main(["rules", "--set", "tokens", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert {r["set"] for r in d["rules"]} == {"tokens"} and d["groups"]["default"]


def test_unknown_set_lists_every_valid_one(capsys):
    assert main(["opt", SCALE_ROWS, "--rules", "nosuchset"]) == 2
    err = capsys.readouterr().err
    for name in ("algebra", "analysis", "fold", "tokens", "default", "all", "none"):
        assert name in err


def test_rules_from_the_current_directory_run_without_naming_them(tmp_path, monkeypatch,
                                                                  capsys):
    (tmp_path / "myrules_cwd.py").write_text(
        "from eqsat.rules import RuleSet, rewrite\n"
        "from eqsat.rules.dsl import iconst, muli, shli, strs, terms, tys\n"
        "x, = terms('x'); t, = tys('t'); e, = strs('e')\n"
        "GOOD = RuleSet('cwd-shl', [rewrite('cwd-muli-four', "
        "muli(x, iconst(4, ty=t, elem=e), ty=t), "
        "shli(x, iconst(2, ty=t, elem=e), ty=t, attrs={}), prefer=True)])\n")
    monkeypatch.chdir(tmp_path)
    assert main(["opt", SCALE_ROWS, "--rules-from", "myrules_cwd:GOOD", "--report"]) == 0
    cap = capsys.readouterr()
    assert "shli" in cap.out and "cwd-shl" in cap.err
    assert "rewrites in the output: cwd-muli-four" in cap.err
    assert main(["opt", SCALE_ROWS, "--rules-from", "myrules_cwd:GOOD",
                 "--rules", "default"]) == 0
    assert "shli" not in capsys.readouterr().out


def test_rule_errors_name_no_internal_variables():
    from eqsat.rules import RuleSet, register, rewrite
    from eqsat.rules.dsl import iconst, muli, shli, terms, tys
    x, = terms("x")
    t, = tys("t")
    bad = rewrite("noelem", muli(x, iconst(2, ty=t), ty=t), shli(x, iconst(1, ty=t), ty=t,
                                                                  attrs={}))
    with pytest.raises(EqsatError) as info:
        register(RuleSet("noelem-set", [bad]))
    assert not re.search(r"__?[tea]\d", str(info.value))
    assert "an unnamed element-type variable (an iconst without elem=)" in str(info.value)


def test_an_entry_without_return_does_not_verify(tmp_path, capsys):
    f = tmp_path / "noret.mlir"
    f.write_text("entry @k(%p: tile<ptr<i32>>) {\n  %c = constant <i32: 1> : tile<i32>\n}\n")
    assert main(["check", str(f)]) == 2
    assert "must end with 'return'" in capsys.readouterr().err


def test_one_op_count_everywhere(capsys):
    assert main(["check", SCALE_ROWS]) == 0
    n_check = int(re.search(r"(\d+) ops", capsys.readouterr().out)[1])
    n_stats = kernel_stats(parse_file(SCALE_ROWS))["ops"]
    rep = optimize(parse_file(SCALE_ROWS)).report
    assert n_check == n_stats == rep.ops_before == 17


def test_input_order_moves_pure_ops_but_never_reorders_program_order():
    """Ranked in reverse, the pure ops follow the rank; the untokened store, the branch
    holding one and the loop holding one keep their order (program order orders them)."""
    from eqsat.egraph.decode import _keep_input_order
    k = parse("""entry @k(%p: tile<ptr<i32>>, %c: tile<i1>) {
  %a = constant <i32: 1> : tile<i32>
  %s1 = store_ptr_tko weak %p, %a : tile<ptr<i32>>, tile<i32> -> token
  %b = constant <i32: 2> : tile<i32>
  if %c {
    %s2 = store_ptr_tko weak %p, %b : tile<ptr<i32>>, tile<i32> -> token
  }
  %z = constant <i32: 0> : tile<i32>
  %one = constant <i32: 1> : tile<i32>
  for %i in (%z to %one, step %one) : tile<i32> {
    %s3 = store_ptr_tko weak %p, %i : tile<ptr<i32>>, tile<i32> -> token
  }
  return
}""")
    ops = k.body.ops[:-1]
    rank = {id(op): float(len(ops) - i) for i, op in enumerate(ops)}    # reversed
    _keep_input_order(k.body, rank)
    names = [op.name for op in k.body.ops]
    effects = [n for n in names if n in ("store_ptr_tko", "if", "for")]
    assert effects == ["store_ptr_tko", "if", "for"] and names[-1] == "return"
    consts = [op.results[0].name for op in k.body.ops if op.name == "constant"]
    assert consts.index("b") < consts.index("a")           # pure ops follow the rank
