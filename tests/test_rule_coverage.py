"""Every rule of every shipped rule set has its soundness evidence, and this file
fails when a rule is added without one.

* algebra, fold, analysis: the soundness checker (eqsat.rules.soundness) runs the rule —
  `check_rule` (both sides on drawn values) in tests/test_rules_soundness.py and
  below, `check_fact_rule` (facts and proven rewrites on an instance) in
  tests/test_rules_analysis_soundness.py and below;
* the fold rules of loops that run no iteration: proved in the ordering model
  (tests/test_rules_tokens_smt.py);
* tokens and core (memory ordering, types): the named tests, which make the rule fire
  on kernels whose optimized forms are checked equivalent under schedule fuzzing (or,
  for the type facts, whose outputs are verified); the mapping is explicit and each
  named test must exist.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import test_rules_analysis_soundness as analysis_checks
import test_rules_soundness as algebra_checks
import test_rules_tokens_smt as ordering_proofs

from eqsat import rules
from eqsat.egraph import terms as T
from eqsat.rules.soundness import check_fact_rule, check_rule
from eqsat.rules.dsl import Rule, ints, op, strs, tys

SHIPPED = ("core", "fold", "algebra", "analysis", "tokens", "contract")
TESTS = Path(__file__).parent


def _rule(set_name, name):
    return next(r for r in rules.get(set_name) if r.name == name)


# -- fold and algebra rules the existing soundness tests do not reach -----------------------------
def _fold_check(fires, opname, arity, dtypes):
    a, b, c = ints("fa fb fc")
    t, t1 = tys("ft ft1")
    e1, = strs("fe1")
    args = [T.Const(t1, e1, v) for v in (a, b, c)[:arity]]
    lhs = op(opname, *args, ty=t)
    return check_rule(Rule(f"fold-{opname}", lhs, lhs), context=[rules.get("fold")],
                      fires=fires, dtypes=dtypes, examples=6)


_SPLATS = """entry @k(%out: tile<ptr<f32>>) {
  %a = constant <i8: -128> : tile<i8>
  %ra = reshape %a : tile<i8> -> tile<1xi8>
  %ba = broadcast %ra : tile<1xi8> -> tile<4xi8>
  %b = constant <i64: 9223372036854775807> : tile<1x1xi64>
  %rb = reshape %b : tile<1x1xi64> -> tile<1xi64>
  %bb = broadcast %b : tile<1x1xi64> -> tile<2x4xi64>
  %c = constant <i1: true> : tile<i1>
  %rc = reshape %c : tile<i1> -> tile<1x1xi1>
  %bc = broadcast %rc : tile<1x1xi1> -> tile<4x4xi1>
  return
}"""
_OFFSET_ZERO = """entry @k(%out: tile<ptr<f32>>, %p: tile<ptr<i16>>) {
  %z = constant <i32: 0> : tile<i32>
  %a = offset %out, %z : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
  %z8 = constant <i8: 0> : tile<i8>
  %b = offset %p, %z8 : tile<ptr<i16>>, tile<i8> -> tile<ptr<i16>>
  return
}"""

CHECKED_HERE = {
    ("fold", "fold-1"): lambda: _fold_check("fold-1", "negi", 1, ["i8", "i16", "i64"]),
    ("fold", "fold-ask-1"): lambda: _fold_check("fold-1", "absi", 1, ["i8", "i32"]),
    ("fold", "fold-3"): lambda: _fold_check("fold-3", "fma", 3, ["f32", "f64"]),
    ("fold", "fold-ask-3"): lambda: _fold_check("fold-3", "fma", 3, ["f16"]),
    ("fold", "fold-ask-2"): lambda: _fold_check("fold-2", "xori", 2, ["i8", "i64"]),
    ("fold", "reshape-splat"): lambda: check_fact_rule(_rule("fold", "reshape-splat"),
                                                       _SPLATS),
    ("fold", "broadcast-splat"): lambda: check_fact_rule(_rule("fold", "broadcast-splat"),
                                                         _SPLATS),
    ("algebra", "offset-zero"): lambda: check_fact_rule(_rule("algebra", "offset-zero"),
                                                        _OFFSET_ZERO),
}


@pytest.mark.parametrize("key", sorted(CHECKED_HERE), ids=lambda k: k[1])
def test_rule_is_sound(key):
    res = CHECKED_HERE[key]()
    assert res.ok, res.message
    assert res.exercised > 0


# -- rules whose evidence is the token / type tests ------------------------------------------------
_R = "tests/test_tokens_rules.py::"
_G = "tests/test_tokens_regressions.py::"
_E = "tests/test_egraph_roundtrip.py::"
_C = "tests/test_tokens_coverage.py::"
_M = "tests/test_memory.py::"
_S = "tests/test_tokens_scale.py::"
EVIDENCE = {
    "weaken": _R + "test_acquire_and_release",
    "weaken-value": _R + "test_acquire_and_release",
    "weaken-result-token": _R + "test_acquire_and_release",
    "join-flatten": _R + "test_acquire_and_release",
    "join-dedupe": _C + "test_join_algebra",
    "join-root-identity": _C + "test_join_algebra",
    "join-single": _R + "test_acquire_and_release",
    "join-empty": _R + "test_acquire_and_release",
    "join-absorb": _G + "test_a_partly_annotated_kernel_keeps_the_unannotated_array_ordered",
    "join-absorb-other": _S + "test_a_join_is_absorbed_through_several_tokens",
    "join-members": _R + "test_acquire_and_release",
    "join-members-next": _R + "test_acquire_and_release",
    "rejoin-absorb": _R + "test_acquire_and_release",
    "contains-input": _R + "test_acquire_and_release",
    "contains-member": _R + "test_acquire_and_release",
    "contains-member-arg": _R + "test_aliased_output_is_not_loop_parallel",
    "contains-rejoin": _R + "test_acquire_and_release",
    "contains-step": _R + "test_acquire_and_release",
    "contains-rejoin-whole": _R + "test_acquire_and_release",
    "contains-carried-for": _R + "test_aliased_output_is_not_loop_parallel",
    "contains-carried-loop": _C + "test_tokens_through_a_loop",
    "contains-exit-for": _R + "test_aliased_output_is_not_loop_parallel",
    "contains-exit-loop": _C + "test_tokens_through_a_loop",
    "contains-exit-if": _E + "test_extraction_prefers_shared_values",
    "contains-transitive": _R + "test_acquire_and_release",
    "contains-nothing": _R + "test_acquire_and_release",
    "level-mem": _R + "test_acquire_and_release",
    "level-root": _R + "test_acquire_and_release",
    "level-none": _C + "test_untokened_op_in_a_tokenized_kernel",
    "ask-rejoin": _R + "test_acquire_and_release",
    "ask-join": _S + "test_a_join_is_absorbed_through_several_tokens",
    "ask-rejoin-first": _R + "test_acquire_and_release",
    "ask-rejoin-then": _S + "test_a_join_is_absorbed_through_several_tokens",
    "ask-down": _S + "test_a_join_is_absorbed_through_several_tokens",
    # core: the type of every term; every optimized kernel is verified, so a wrong type
    # fails the decode or the verifier
    "type-const": _R + "test_acquire_and_release",
    "type-dense": _C + "test_dense_constants_keep_their_type",
    "type-param": _R + "test_acquire_and_release",
    "type-arg": _R + "test_aliased_output_is_not_loop_parallel",
    "type-op0": _R + "test_acquire_and_release",
    "type-op1": _R + "test_aliased_output_is_not_loop_parallel",
    "type-op2": _R + "test_acquire_and_release",
    "type-op3": _E + "test_extraction_prefers_shared_values",
    "type-proj": _R + "test_acquire_and_release",
}


def _checked_by_the_checker() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {s: set() for s in SHIPPED}
    out["algebra"] |= {r.name for r in rules.get("algebra")
                       if r.name not in algebra_checks._SKIP}
    out["contract"] |= {r.name for r in rules.get("contract")}      # test_rules_soundness.py
    out["fold"] |= {"select-true", "select-false", "fold-2"}      # test_rules_soundness.py
    out["fold"] |= set(ordering_proofs.LOOP_FOLDS)       # test_rules_tokens_smt.py (proved)
    out["analysis"] |= set(analysis_checks.CASES)
    for set_name, name in CHECKED_HERE:
        out[set_name].add(name)
    return out


def test_every_shipped_rule_has_soundness_evidence():
    assert set(SHIPPED) <= set(rules.available())
    checked = _checked_by_the_checker()
    missing = []
    for s in SHIPPED:
        for r in rules.get(s):
            if s in ("tokens", "core"):
                if r.name not in EVIDENCE:
                    missing.append(f"{s}:{r.name}")
            elif r.name not in checked[s]:
                missing.append(f"{s}:{r.name}")
    assert not missing, f"rules without a soundness check: {missing}"


def test_evidence_names_existing_tests_and_rules():
    names = {r.name for s in ("tokens", "core") for r in rules.get(s)}
    assert set(EVIDENCE) <= names, sorted(set(EVIDENCE) - names)
    for rule, where in EVIDENCE.items():
        path, test = where.split("::")
        src = (TESTS.parent / path).read_text()
        assert re.search(rf"^def {re.escape(test)}\(", src, re.MULTILINE), (rule, where)


def test_checked_rules_name_real_rules():
    for s, names in _checked_by_the_checker().items():
        real = {r.name for r in rules.get(s)}
        assert names <= real, (s, sorted(names - real))
