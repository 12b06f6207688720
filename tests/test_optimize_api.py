"""optimize(): limits, fallbacks, users' rules, the CLI."""
from __future__ import annotations

import pytest

from corpus_util import CORPUS
from eqsat.egraph.saturate import Limits
from eqsat.errors import EqsatError
from eqsat.pipeline.optimize import optimize
from eqsat.text import parse, parse_file
from eqsat.ir.verify import verify


def _k():
    return parse_file(CORPUS / "moe_permute.seq.mlir")


def test_report_fields():
    res = optimize(_k())
    r = res.report
    assert r.iterations > 0 and r.eclasses > 0 and r.enodes >= r.eclasses
    assert set(r.times) >= {"encode", "saturate", "extract", "decode"}
    assert r.stop_reason == "saturated"
    assert r.matches.get("muli-one", 0) > 0
    k, rep = res                       # unpacks
    assert k is res.kernel and rep is r
    assert "muli-one" in r.summary()


@pytest.mark.parametrize("limits,reason", [
    (Limits(iterations=1), "iteration limit"),
    (Limits(nodes=10), "node limit"),
    (Limits(seconds=0.0), "time limit (safety net)"),
])
@pytest.mark.filterwarnings("ignore::eqsat.egraph.saturate.BudgetWarning")
def test_caps_return_best_so_far(limits, reason):
    res = optimize(_k(), limits=limits)
    assert res.report.stop_reason == reason
    verify(res.kernel)
    assert res.report.ops_after <= res.report.ops_before


def test_unsupported_construct_returns_kernel_unchanged():
    src = """entry @k(%p: tile<ptr<i32>>) {
      %c = constant <i32: 0> : tile<i32>
      %n = constant <i32: 4> : tile<i32>
      %o = constant <i32: 1> : tile<i32>
      for unsigned %i in (%c to %n, step %o) : tile<i32> {
        %t = store_ptr_tko weak %p, %i : tile<ptr<i32>>, tile<i32> -> token
      }
      return
    }"""
    k = parse(src)
    res = optimize(k)
    assert res.kernel is k
    assert res.report.fallback and "not encoded" in res.report.fallback


def test_bad_arguments():
    with pytest.raises(TypeError):
        optimize("not a kernel")
    with pytest.raises(EqsatError, match="unknown rule set"):
        optimize(_k(), rules="no-such-rules")
    with pytest.raises(TypeError):
        optimize(_k(), limits=5)
    with pytest.raises(ValueError):
        Limits(iterations=-1)


def test_users_rule_end_to_end():
    from eqsat.rules.soundness import check_rule
    from eqsat.rules import RuleSet, register, rewrite
    from eqsat.rules.dsl import iconst, muli, shli, terms, tys

    x, = terms("x")
    t, = tys("t")
    e_t = t
    r = rewrite("muli-two-shl", muli(x, iconst(2, ty=e_t, elem="i32"), ty=t),
                shli(x, iconst(1, ty=t, elem="i32"), ty=t, attrs={}))
    assert check_rule(r, dtypes=["i32"], examples=5).ok
    mine = register(RuleSet("users-shl", [r]))
    src = """entry @k(%p: tile<ptr<i32>>) {
      %x, %t = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
      %two = constant <i32: 2> : tile<i32>
      %one = constant <i32: 1> : tile<i32>
      %y = muli %x, %two : tile<i32>
      %s = store_ptr_tko weak %p, %y : tile<ptr<i32>>, tile<i32> -> token
      return
    }"""
    res = optimize(parse(src), rules=["default", mine])
    assert res.report.matches.get("muli-two-shl", 0) > 0
    res2 = optimize(parse(src), rules="default,users-shl")
    assert res2.report.rules == ["fold", "algebra", "analysis", "tokens", "users-shl"]


def test_analysis_rules_fold_with_bounds_and_divisibility():
    src = """entry @k(%p: tile<ptr<i32>>, %n: tile<i32>) {
      %x, %t = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
      %b = assume bounded<0, 100>, %n : tile<i32>
      %c16 = constant <i32: 16> : tile<i32>
      %c8 = constant <i32: 8> : tile<i32>
      %c200 = constant <i32: 200> : tile<i32>
      %m = muli %x, %c16 : tile<i32>
      %r = remi %m, %c8 signed : tile<i32>
      %lt = cmpi less_than %b, %c200, signed : tile<i32> -> tile<i1>
      %z = select %lt, %r, %x : tile<i1>, tile<i32>
      %s = store_ptr_tko weak %p, %z : tile<ptr<i32>>, tile<i32> -> token
      return
    }"""
    res = optimize(parse(src))
    names = [o.name for o in res.kernel.walk()]
    assert "remi" not in names and "cmpi" not in names and "select" not in names


def test_cli_opt(tmp_path, capsys):
    from eqsat.cli import main
    out = tmp_path / "o.mlir"
    assert main(["opt", str(CORPUS / "vector_add.seq.mlir"), "-o", str(out), "--report"]) == 0
    verify(parse_file(out))
    assert "saturation:" in capsys.readouterr().err
    assert main(["opt", str(CORPUS / "vector_add.seq.mlir"), "--rules", "none"]) == 0
    assert "make_token" in capsys.readouterr().out
    assert main(["opt", str(CORPUS / "vector_add.seq.mlir"), "--rules", "nope"]) == 2
    assert main(["opt", str(tmp_path / "missing.mlir")]) == 2


def test_a_rule_error_reaches_the_caller_and_the_next_kernel_is_unharmed():
    from eqsat.rules import RuleSet, rewrite
    from eqsat.rules.dsl import iconst, muli, terms
    from eqsat.text import print_kernel

    x, = terms("x")
    # the right-hand side's type is unbound: egglog refuses the rule as it is registered
    bad = RuleSet("api-bad", [rewrite("api-unbound", muli(x, iconst(3)), muli(x, iconst(3)))])
    src = CORPUS / "vector_add.seq.mlir"
    want = print_kernel(optimize(parse_file(src)).kernel)
    with pytest.raises(EqsatError):
        optimize(parse_file(src), rules=["algebra", bad])
    assert print_kernel(optimize(parse_file(src)).kernel) == want


def test_a_hook_may_optimize_again():
    """The saturated e-graph is lent to the hook while the rule e-graph is in use: an
    optimize inside the hook gets an e-graph of its own and gives the same result."""
    from eqsat.text import print_kernel

    softmax, vector_add = CORPUS / "softmax_tiled.seq.mlir", CORPUS / "vector_add.seq.mlir"
    want = print_kernel(optimize(parse_file(softmax)).kernel)
    inner: list[str] = []
    outer = optimize(parse_file(vector_add), on_saturated=lambda eg: inner.append(
        print_kernel(optimize(parse_file(softmax)).kernel)))
    assert inner == [want]
    assert print_kernel(outer.kernel) == print_kernel(optimize(parse_file(vector_add)).kernel)
