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
    # f64 fma: a product that overflows f64 is still finite, so an infinite addend wins
    # (computed in f64 first, it was inf - inf = NaN)
    Instance("fma", {"flush_to_zero": True}, ["f64"] * 3, "f64",
             [0x63824E47209B8E3D, 0xFC0BA22692D65167, 0x7FF0000000000000]),
    # conversions rounded once: i64 2^62 + 2^38 + 1 is 2^62 + 2^39 in f32 (through f64
    # it was 2^62); f64 and i32 values to bf16 (through f32 they rounded twice)
    Instance("itof", {"signedness": "signed"}, ["i64"], "f32", [2**62 + 2**38 + 1]),
    Instance("itof", {"signedness": "signed"}, ["i32"], "bf16", [0x01018001]),
    Instance("ftof", {}, ["f64"], "bf16", [0x3FF0100000400000]),
    Instance("itof", {"signedness": "unsigned", "rounding": "negative_inf"}, ["i64"], "f16",
             [2**63]),
    Instance("itof", {"signedness": "signed", "rounding": "positive_inf"}, ["i32"], "f32",
             [2**24 + 1]),
    Instance("itof", {"signedness": "signed"}, ["i16"], "f8E4M3FN", [470]),
    Instance("ftof", {"rounding": "zero"}, ["f32"], "f8E5M2", [0x7F800000]),
    Instance("ftof", {"rounding": "positive_inf"}, ["f16"], "f8E4M3FN", [0x0001]),
    Instance("ftof", {}, ["f8E4M3FN"], "bf16", [0xFE]),
    # ftoi `saturating`: NaN is 0, out of range saturates (i1 too); rounding by the
    # attribute (without the flag these are undefined: see below)
    Instance("ftoi", {"signedness": "signed", "saturating": True}, ["f32"], "i32",
             [0x7FC00000]),
    Instance("ftoi", {"signedness": "signed", "saturating": True}, ["f64"], "i64",
             [0x43E158E460913D00]),
    Instance("ftoi", {"signedness": "signed", "saturating": True}, ["f16"], "i1", [0x4000]),
    Instance("ftoi", {"signedness": "unsigned", "saturating": True}, ["f16"], "i1", [0x4000]),
    Instance("ftoi", {"signedness": "signed", "saturating": True}, ["f32"], "i8",
             [0xFF800000]),
    Instance("ftoi", {"signedness": "signed", "rounding": "negative_inf"}, ["f32"], "i8",
             [0xBF000000]),
    Instance("ftoi", {"signedness": "signed", "rounding": "nearest_even"}, ["f32"], "i8",
             [0x40200000]),
    # bitcast keeps every bit, NaN payloads included
    Instance("bitcast", {}, ["f32"], "i32", [0x7F800001]),
    Instance("bitcast", {}, ["f16"], "bf16", [0xFC01]),
    Instance("bitcast", {}, ["f8E4M3FN"], "f8E5M2", [0xFF]),
    # maxf/minf: -0.0 < +0.0, NaN by propagate_nan
    Instance("maxf", {}, ["f32", "f32"], "f32", [0x80000000, 0]),
    Instance("minf", {}, ["f32", "f32"], "f32", [0, 0x80000000]),
    Instance("maxf", {}, ["f16", "f16"], "f16", [0x7E00, 0x3C00]),
    Instance("maxf", {"propagate_nan": True}, ["f16", "f16"], "f16", [0x3C00, 0x7E00]),
    Instance("minf", {"flush_to_zero": True}, ["f32", "f32"], "f32", [0x80000001, 0]),
]


def test_interpreter_and_solver_agree_on_known_edges():
    assert smt.available()
    for inst in CASES:
        assert disagreement(inst) is None, disagreement(inst)


def test_a_wrong_semantics_is_caught(monkeypatch):
    """The comparison can fail: a solver semantics of fma rounding twice disagrees."""
    z3 = smt._z3()
    real = smt.op_term

    def twice(op, args, raw=None):
        if op.name == "fma":
            return z3.fpAdd(z3.RNE(), z3.fpMul(z3.RNE(), args[0], args[1]), args[2]), \
                z3.BoolVal(False)
        return real(op, args, raw)
    monkeypatch.setattr(smt, "op_term", twice)
    assert disagreement(CASES[3]) is not None


def test_a_conversion_rounded_twice_is_caught(monkeypatch):
    """And for conversions: itof through f64 (the interpreter's old way) disagrees on
    2^62 + 2^38 + 1."""
    z3 = smt._z3()
    real = smt.op_term

    def through_f64(op, args, raw=None):
        if op.name == "itof":
            wide = z3.fpSignedToFP(z3.RNE(), args[0], z3.Float64())
            return z3.fpToFP(z3.RNE(), wide, z3.Float32()), z3.BoolVal(False)
        return real(op, args, raw)
    monkeypatch.setattr(smt, "op_term", through_f64)
    case = next(c for c in CASES if c.op == "itof" and c.operand_elems == ["i64"])
    assert disagreement(case) is not None


def test_ftoi_of_an_infinity_is_undefined():
    """Tile IR leaves it undefined: the solver takes any answer as right."""
    inst = Instance("ftoi", {"signedness": "signed"}, ["f32"], "i32", [0x7F800000])
    assert smt._solver_value(inst) is None


def test_ftoi_outside_the_range_is_undefined_unless_saturating():
    """Without `saturating`, Tile IR leaves NaN and values rounding outside the result's
    range undefined (the spec's ftoi warning; tileiras converts f32 to i8 through i16
    and keeps the low byte): a proof may not use the saturated value there. With the
    flag the value is the clamp, NaN 0, and the solver gives it."""
    for attrs, bits, elem in (({"signedness": "signed"}, 0x7FC00000, "i32"),       # NaN
                              ({"signedness": "signed"}, 0x43960000, "i8"),        # 300.0
                              ({"signedness": "unsigned"}, 0xBF800000, "i8"),      # -1.0
                              ({"signedness": "signed", "rounding": "nearest_even"},
                               0x42FF3333, "i8")):                                 # 127.6
        undefined = Instance("ftoi", attrs, ["f32"], elem, [bits])
        assert smt._solver_value(undefined) is None, undefined
        defined = Instance("ftoi", {**attrs, "saturating": True}, ["f32"], elem, [bits])
        assert smt._solver_value(defined) is not None, defined
        assert disagreement(defined) is None, disagreement(defined)
    # in range, with or without the flag, the value is defined
    inst = Instance("ftoi", {"signedness": "signed"}, ["f32"], "i8", [0x42FE0000])   # 127.0
    assert smt._solver_value(inst) == (127, False)


def test_every_op_the_fold_rules_compute_is_cross_checked():
    """The fold rules' reason for being sampled says so (eqsat.rules.evidence)."""
    from eqsat.egraph.fold import FOLDABLE
    checked = set(smt.CROSS_CHECKED)
    assert FOLDABLE <= checked, sorted(FOLDABLE - checked)
    assert FOLDABLE <= smt.supported()
