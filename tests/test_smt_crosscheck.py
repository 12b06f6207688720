"""The solver's semantics of each op (rules/smt.py) and the interpreter's
(eqsat/interp/semantics.py) agree bit for bit on random instances: a proof by the solver
is a proof about what the interpreter, the project's reference, computes. The long run
is benchmarks/bench_smt_crosscheck.py."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from eqsat.rules import smt
from eqsat.rules.smt import Instance, disagreement, random_instance


@settings(max_examples=max(50, settings.default.max_examples * 2), deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_interpreter_and_solver_agree_on_random_ops(seed):
    inst = random_instance(random.Random(seed))
    assert disagreement(inst) is None


# the cases the interpreter once got wrong, and the solver's edges
CASES = [
    Instance("addf", {"rounding": "negative_inf"}, ["f32", "f32"], "f32", [0x3F800000, 0xBF800000]),
    Instance("addf", {"rounding": "positive_inf"}, ["f32", "f32"], "f32", [0x3F800000, 0x1F800000]),
    Instance("subf", {"rounding": "zero"}, ["f64", "f64"], "f64", [0x3FF0000000000000, 1]),
    Instance("fma", {}, ["f64"] * 3, "f64", [0x3FB999999999999A, 0x4024000000000000,
                                            0xBFF0000000000000]),
    Instance("addf", {"flush_to_zero": True}, ["f32", "f32"], "f32", [1, 0x80000000]),
    Instance("cmpi", {"predicate": "less_than", "signedness": "signed"}, ["i1", "i1"], "i1",
             [1, 0]),
    Instance("maxi", {"signedness": "signed"}, ["i1", "i1"], "i1", [1, 0]),
    Instance("negi", {}, ["i1"], "i1", [1]),
    Instance("divi", {"signedness": "signed"}, ["i32", "i32"], "i32", [0x80000000, 0xFFFFFFFF]),
    Instance("divi", {"signedness": "signed", "rounding": "negative_inf"}, ["i8", "i8"], "i8",
             [0xF9, 2]),
    Instance("remi", {"signedness": "unsigned"}, ["i16", "i16"], "i16", [5, 0]),
    Instance("shri", {"signedness": "signed"}, ["i8", "i8"], "i8", [0x80, 200]),
    Instance("shli", {}, ["i64", "i64"], "i64", [1, 64]),
    Instance("sqrt", {"rounding": "positive_inf"}, ["f32"], "f32", [0x40000000]),
    Instance("divf", {"rounding": "zero"}, ["bf16", "bf16"], "bf16", [0x3F80, 0x4040]),
]


def test_interpreter_and_solver_agree_on_known_edges():
    assert smt.available()
    for inst in CASES:
        assert disagreement(inst) is None, disagreement(inst)


def test_a_wrong_semantics_is_caught(monkeypatch):
    """The comparison can fail: a solver semantics of fma rounding twice disagrees."""
    z3 = smt._z3()
    real = smt.op_term

    def twice(op, args):
        if op.name == "fma":
            return z3.fpAdd(z3.RNE(), z3.fpMul(z3.RNE(), args[0], args[1]), args[2]), \
                z3.BoolVal(False)
        return real(op, args)
    monkeypatch.setattr(smt, "op_term", twice)
    assert disagreement(CASES[3]) is not None
