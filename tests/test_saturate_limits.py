"""Budgets hold within an iteration too: an explosive rule set stops on its node or
match budget (one unbounded egglog iteration used to run to completion before the
budgets were looked at again), and the budgets that decide the output are counts, so
the stop is the same on a busy machine. The wall clock is only a safety net."""
from __future__ import annotations


import pytest

from corpus_util import CORPUS
from eqsat.egraph import egg
from eqsat.egraph import saturate as sat
from eqsat.egraph.saturate import Limits
from eqsat.pipeline.optimize import optimize
from eqsat.text import parse, parse_file
from eqsat.ir.verify import verify

CAPS = ("match limit", "node limit")


def _explosive_rules():
    """Associativity (both ways) and commutativity of addi and muli, and distribution
    of muli over addi: sound, and each iteration ~10x the last on a product of sums."""
    from eqsat.rules import RuleSet, rewrite, trust
    from eqsat.rules.dsl import addi, muli, terms, tys

    x, y, z = terms("x y z")
    t, = tys("t")

    def add(a, b):
        return addi(a, b, ty=t, attrs={})

    def mul(a, b):
        return muli(a, b, ty=t, attrs={})

    return trust(RuleSet("test-explosive", [
        rewrite("xt-add-assoc", add(add(x, y), z), add(x, add(y, z))),
        rewrite("xt-add-assoc-r", add(x, add(y, z)), add(add(x, y), z)),
        rewrite("xt-add-comm", add(x, y), add(y, x)),
        rewrite("xt-mul-assoc", mul(mul(x, y), z), mul(x, mul(y, z))),
        rewrite("xt-mul-comm", mul(x, y), mul(y, x)),
        rewrite("xt-mul-dist", mul(x, add(y, z)), add(mul(x, y), mul(x, z))),
    ]))


def _product_of_sums(n: int):
    """(a0 + a1) * (a2 + a3) * ... over n i32 parameters, stored."""
    params = ", ".join(f"%a{i}: tile<i32>" for i in range(n))
    lines = [f"entry @k(%p: tile<ptr<i32>>, {params}) {{"]
    sums = []
    for i in range(0, n - 1, 2):
        lines.append(f"  %s{i} = addi %a{i}, %a{i + 1} : tile<i32>")
        sums.append(f"%s{i}")
    acc = sums[0]
    for j, s in enumerate(sums[1:]):
        lines.append(f"  %m{j} = muli {acc}, {s} : tile<i32>")
        acc = f"%m{j}"
    lines += [f"  %t = store_ptr_tko weak %p, {acc} : tile<ptr<i32>>, tile<i32> -> token",
              "  return", "}"]
    return parse("\n".join(lines))


def _encoded(kernel, rule_set):
    """The encoding and the schedule optimize() would saturate (core + `rule_set`)."""
    from egglog import ruleset

    import eqsat.rules as rules_pkg
    from eqsat.egraph.encode import encode
    from eqsat.egraph.params import param_facts
    from eqsat.pipeline.optimize import alias_model

    facts, _ = alias_model(kernel)
    enc = encode(kernel, alias=facts, more_facts=param_facts)
    rs = [*rules_pkg.get("core"), *rule_set]
    return enc, ruleset(*[r.egglog() for r in rs], name="eqsat")


def test_explosive_rules_stop_on_the_node_budget():
    # Without bounded iterations the 7th iteration goes from 38k to 575k e-nodes. The
    # size is what the test checks (wall time is never asserted: the machines are noisy).
    k = _product_of_sums(10)
    res = optimize(k, rules=[_explosive_rules()])
    assert res.report.stop_reason in CAPS
    assert res.report.enodes <= sat.NODES_FLOOR      # the default budget of a small kernel
    assert res.report.bounded_iterations >= 1
    verify(res.kernel)


def test_explosive_runs_stop_the_same_way_twice():
    # the budgets count rows and matches, so the same input stops at the same place
    runs = [optimize(_product_of_sums(10), rules=[_explosive_rules()]).report
            for _ in range(2)]
    a, b = ((r.stop_reason, r.iterations, r.bounded_iterations, r.enodes, r.matches)
            for r in runs)
    assert a == b


def test_one_iteration_cannot_overshoot_the_match_budget():
    # No node budget to help: without bounded iterations one iteration alone leaves
    # 1.7M e-nodes; the match budget bounds it.
    enc, schedule = _encoded(_product_of_sums(12), _explosive_rules())
    st = sat.saturate(enc, schedule, Limits(matches=20_000, nodes=10**9))
    assert st.stop_reason == "match limit"
    assert st.nodes < 1_000_000
    assert st.bounded > 0
    assert {"xt-add-comm", "xt-mul-dist"} <= set(st.matches)


def test_the_clock_is_only_a_loud_safety_net():
    enc, schedule = _encoded(_product_of_sums(4), _explosive_rules())
    with pytest.warns(sat.BudgetWarning, match=r"safety net.*Limits\.nodes"):
        st = sat.saturate(enc, schedule, Limits(seconds=0.0))
    assert st.stop_reason == sat.SAFETY_NET


@pytest.mark.parametrize("bounded", [None, object()], ids=["unsupported", "rejected"])
def test_without_bounded_iterations_the_run_stops_before_the_blow_up(monkeypatch, bounded):
    # an egglog that cannot bound an iteration (or rejects the bounded schedule):
    # stop instead of running an unbounded one
    monkeypatch.setattr(egg, "bounded_schedule", lambda schedule, limit: bounded)
    enc, schedule = _encoded(_product_of_sums(12), _explosive_rules())
    st = sat.saturate(enc, schedule, Limits(matches=20_000, nodes=10**9))
    assert st.stop_reason == "match limit"
    assert st.nodes < 1_000_000
    assert (st.error is None) == (bounded is None)


@pytest.mark.parametrize("name", ["moe_permute", "layernorm_fwd", "vector_add"])
def test_usual_runs_never_bound_an_iteration(name):
    res = optimize(parse_file(CORPUS / f"{name}.seq.mlir"))
    assert res.report.stop_reason == "saturated"
    assert res.report.bounded_iterations == 0


def test_bounded_schedule_bans_rules_over_the_limit_and_keeps_names():
    import eqsat.rules as rules_pkg
    from eqsat.rules import RuleSet, rewrite
    from eqsat.rules.dsl import addi, terms, tys

    x, y = terms("x y")
    t, = tys("t")
    comm = rules_pkg.trust(RuleSet("test-comm", [
        rewrite("xt-comm", addi(x, y, ty=t, attrs={}), addi(y, x, ty=t, attrs={}))]))
    k = parse("""entry @k(%p: tile<ptr<i32>>, %a: tile<i32>, %b: tile<i32>) {
      %s = addi %a, %b : tile<i32>
      %t = store_ptr_tko weak %p, %s : tile<ptr<i32>>, tile<i32> -> token
      return
    }""")
    names = {r.name for r in comm} | {r.name for r in rules_pkg.get("core")}

    # generous limit: the same step as an ordinary one (the first step matches
    # everything either way)
    enc1, schedule = _encoded(k, comm)
    plain = egg.rule_matches(enc1.egraph.run(schedule))
    enc2, schedule = _encoded(k, comm)
    bounded = egg.rule_matches(enc2.egraph.run(egg.bounded_schedule(schedule, 1000)))
    assert {n for n, c in bounded.items() if c} == {n for n, c in plain.items() if c}
    assert set(bounded) <= names and bounded.get("xt-comm") == 1
    assert sat.term_rows(enc1.egraph) == sat.term_rows(enc2.egraph)

    # limit below xt-comm's one match: banned, nothing added by it
    enc3, schedule = _encoded(k, comm)
    rows = sat.term_rows(enc3.egraph)
    rep = enc3.egraph.run(egg.bounded_schedule(schedule, 0))
    assert not egg.rule_matches(rep).get("xt-comm")
    assert sat.term_rows(enc3.egraph) == rows

    # a composed schedule (what the token rules use): the saturate() part is left
    # as it is, the rest bounded
    enc4, schedule = _encoded(k, comm)
    composed = egg.bounded_schedule(schedule.saturate() + schedule, 1000)
    assert composed is not None
    assert set(egg.rule_matches(enc4.egraph.run(composed))) <= names


def test_default_budgets_follow_the_kernel_and_numbers_are_fixed():
    # a small kernel gets the floors; a large one so many per e-node as encoded
    assert Limits().budgets(100) == (sat.NODES_FLOOR, sat.MATCHES_FLOOR)
    big = 100 * sat.NODES_FLOOR
    assert Limits().budgets(big) == (sat.NODES_PER_ROW * big, sat.MATCHES_PER_ROW * big)
    assert Limits(nodes=10, matches=5).budgets(big) == (10, 5)
    assert Limits(nodes=10).budgets(big) == (10, sat.MATCHES_PER_ROW * big)
    with pytest.raises(ValueError):
        Limits(matches=-1)


def test_saturation_takes_its_budgets_from_the_kernel_as_encoded(monkeypatch):
    # without the floors, the default budgets are the per-e-node ones alone: a usual run
    # still saturates, unbounded, while a fixed budget of the same size as the kernel
    # stops it
    monkeypatch.setattr(sat, "NODES_FLOOR", 0)
    monkeypatch.setattr(sat, "MATCHES_FLOOR", 0)
    import eqsat.rules as rules_pkg
    k = parse_file(CORPUS / "moe_permute.seq.mlir")
    enc, schedule = _encoded(k, rules_pkg.get("tokens"))
    rows = sat.term_rows(enc.egraph)
    st = sat.saturate(enc, schedule, Limits())
    assert (st.stop_reason, st.bounded) == ("saturated", 0)
    assert (st.node_budget, st.match_budget) == (sat.NODES_PER_ROW * rows,
                                                 sat.MATCHES_PER_ROW * rows)
    enc, schedule = _encoded(k, rules_pkg.get("tokens"))
    assert sat.saturate(enc, schedule, Limits(nodes=rows)).stop_reason == "node limit"


def test_fold_requests_are_read_only_when_they_grow(monkeypatch):
    # reading a request table costs far more than a saturation step: a table that did
    # not grow since it was last read holds nothing new
    import eqsat.rules as rules_pkg
    reads = []
    real = egg.function_rows
    monkeypatch.setattr(egg, "function_rows", lambda eg, fn: reads.append(fn) or real(eg, fn))
    enc, schedule = _encoded(parse_file(CORPUS / "moe_permute.seq.mlir"),
                             [r for n in rules_pkg.DEFAULT for r in rules_pkg.get(n)])
    st = sat.saturate(enc, schedule, Limits())
    assert st.stop_reason == "saturated"
    assert 0 < len(reads) < st.iterations      # asked in 2 of 11 iterations


def test_row_counts_come_with_the_calls_that_change_the_rows(monkeypatch):
    # encoding and every registered iteration read the rows per table in the same egglog
    # call; the counts are the ones a call of their own reads, and a run that starts from
    # the encoding's counts goes exactly as one that reads them again
    import eqsat.rules as rules_pkg
    k = parse_file(CORPUS / "moe_permute.seq.mlir")
    graph = rules_pkg.rule_graph(rules_pkg.resolve("default"))

    def run(as_encoded):
        with graph.open() as prepared:
            from eqsat.egraph.encode import encode
            from eqsat.egraph.params import param_facts
            from eqsat.pipeline.optimize import alias_model
            enc = encode(k, alias=alias_model(k)[0], egraph=prepared.egraph,
                         more_facts=param_facts)
            assert enc.sizes == egg.function_sizes(enc.egraph)
            after = []
            real = egg.run_registered

            def spy(eg, command):
                rep, sizes = real(eg, command)
                after.append(sizes == egg.function_sizes(eg))
                return rep, sizes
            monkeypatch.setattr(egg, "run_registered", spy)
            try:
                st = sat.saturate(enc, prepared, Limits(), as_encoded=as_encoded)
            finally:
                monkeypatch.setattr(egg, "run_registered", real)
            return st, after

    fresh, checked = run(False)
    reused, _ = run(True)
    assert checked and all(checked) and len(checked) == fresh.iterations
    assert (reused.iterations, reused.stop_reason, reused.nodes, reused.node_budget,
            reused.matches) == (fresh.iterations, fresh.stop_reason, fresh.nodes,
                                fresh.node_budget, fresh.matches)
