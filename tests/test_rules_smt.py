"""Rules proved by the SMT solver (rules/smt.py): the reproducers a sampler lets through
are refused with a counterexample, attribute variables are proved for every attribute
set they match, shape changes are refused, and proofs are cached by rule text."""
from __future__ import annotations

import struct

import pytest

from eqsat.egraph import terms as T
from eqsat.rules import soundness
from eqsat.rules.dsl import (addf, addi, attrs_of, broadcast, cmpi, fconst, iconst, ints, maxi,
                             muli, rewrite, shli, terms, tys, xori)
from eqsat.rules.soundness import check_rule

x, y = terms("x y")
t, t2 = tys("t t2")
a, = ints("a")


def test_attribute_variable_is_proved_for_every_binding_maxi():
    bad = rewrite("maxi-intmin", maxi(x, iconst(-2147483648, ty=t, elem="i32"), ty=t, attrs=a), x)
    res = check_rule(bad)
    assert not res.ok
    assert "signedness: unsigned" in res.message and "a = " in res.message
    ce = res.counterexample
    assert ce["attributes"] == {"a": {"signedness": "unsigned"}}
    assert ce["lhs"] == [-2147483648] and ce["rhs"] == ce["lhs"][:0] + [ce["inputs"]["x"]]


def test_attribute_variable_is_proved_for_every_binding_addf():
    bad = rewrite("addf-negzero", addf(x, fconst(-0.0, "f32"), attrs=a), x)
    res = check_rule(bad)
    assert not res.ok
    assert "attributes a = {" in res.message
    attrs = res.counterexample["attributes"]["a"]
    assert attrs.get("flush_to_zero") or attrs.get("rounding") == "negative_inf"
    lhs, rhs = res.counterexample["lhs"][0], res.counterexample["rhs"][0]
    assert struct.pack("<f", lhs) != struct.pack("<f", rhs)        # -0.0 and 0.0 differ
    # without the attribute variable (no flags) the same identity is a theorem
    good = rewrite("addf-negzero-plain", addf(x, fconst(-0.0, "f32"), attrs=T.NO_ATTRS), x)
    ok = check_rule(good)
    assert ok.ok and ok.method == "proved" and ok.status == "proved"


def test_a_needle_is_found():
    needle = rewrite("cmpi-needle",
                     cmpi(xori(x, iconst(0x1234567, ty=t, elem="i32"), ty=t),
                          iconst(0, ty=t, elem="i32"), ty=t2,
                          attrs=attrs_of(predicate="equal", signedness="signed")),
                     T.Const(t2, "i1", 0))
    res = check_rule(needle)
    assert not res.ok
    assert res.counterexample["inputs"] == {"x": 0x1234567}
    assert res.counterexample["lhs"] == [True] and res.counterexample["rhs"] == [False]


def test_a_shape_change_is_refused():
    res = check_rule(rewrite("broadcast-drop", broadcast(x, ty=t), x))
    assert not res.ok and "refused" in res.message and "type_of(x) == t" in res.message
    from eqsat.egraph.analyses import type_of
    fine = check_rule(rewrite("broadcast-same2", broadcast(x, ty=t), x, type_of(x) == t),
                      dtypes=["i32"])
    assert fine.ok, fine.message


def test_proved_rules_say_so_and_cover_every_width():
    res = check_rule(rewrite("muli-eight", muli(x, iconst(8, ty=t, elem="i32"), ty=t),
                             shli(x, iconst(3, ty=t, elem="i32"), ty=t, attrs={})))
    assert res.ok and res.method == "proved" and res.examples == 0
    assert "proved by the SMT solver" in res.message
    comm = check_rule(rewrite("addi-comm2", addi(x, y, ty=t, attrs=a), addi(y, x, ty=t, attrs=a)))
    assert comm.ok and comm.method == "proved" and comm.dtypes == ("i8", "i16", "i32", "i64")


def test_rules_outside_the_solver_are_sampled_with_a_reason():
    from eqsat.rules.dsl import exp, mulf
    r = rewrite("exp-mul", mulf(exp(x, ty=t, attrs={}), fconst(1.0, "f32"), attrs=T.NO_ATTRS),
                exp(x, ty=t, attrs={}))
    res = check_rule(r, dtypes=["f32"], examples=3)
    assert res.ok and res.method == "sampled" and "no SMT semantics for exp" in res.reason
    assert res.status == f"sampled: {res.examples} cases" and res.examples > 0


def test_proofs_are_cached_by_rule_text(monkeypatch):
    r = rewrite("ori-self2", muli(x, iconst(1, ty=t, elem="i16"), ty=t), x)
    first = check_rule(r)
    assert first.method == "proved"

    def boom(*a, **k):
        raise AssertionError("proved again")
    from eqsat.rules import smt
    monkeypatch.setattr(smt, "refines", boom)
    again = check_rule(r)
    assert again.ok and again.message == first.message
    # another rule text is proved anew
    other = rewrite("ori-self2", muli(x, iconst(1, ty=t, elem="i8"), ty=t), x)
    with pytest.raises(AssertionError, match="proved again"):
        check_rule(other)
    assert soundness._PROOFS


# -- analysis rules (rules/smt_facts.py) ----------------------------------------------------------
def _analysis_to_prove():
    from eqsat import rules
    from eqsat.rules.evidence import sampled_reason
    return [r for r in rules.get("analysis") if sampled_reason("analysis", r.name) is None]


@pytest.mark.parametrize("rule", _analysis_to_prove(), ids=lambda r: r.name)
def test_analysis_rule_is_proved(rule):
    from eqsat.rules.smt_facts import prove
    verdict, detail = prove(rule)
    assert verdict == "proved", detail


def test_a_wrong_fact_is_refuted():
    from egglog import set_
    from eqsat.egraph.analyses import hi, lo
    from eqsat.rules.dsl import infer
    from eqsat.rules.smt_facts import prove
    l1, h1, l2, h2 = ints("l1 h1 l2 h2")
    n, = terms("n")
    # the sum's bounds without the no-wrap guard: wrong at the top of the range
    bad = infer("bounds-addi-wrapping", n == addi(x, y), lo(x) == l1, hi(x) == h1,
                lo(y) == l2, hi(y) == h2, then=[set_(lo(n)).to(l1 + l2), set_(hi(n)).to(h1 + h2)])
    verdict, detail = prove(bad)
    assert verdict == "refuted", detail
    # a cmpi fold whose bounds condition is backwards
    from eqsat.rules.dsl import attrs_of
    backwards = rewrite("cmpi-lt-backwards",
                        cmpi(x, y, ty=t2, attrs=attrs_of(predicate="less_than",
                                                         signedness="signed")),
                        T.Const(t2, "i1", 1), lo(x) == l1, hi(x) == h1, lo(y) == l2, hi(y) == h2,
                        h2 < l1)
    assert prove(backwards)[0] == "refuted"


def test_the_docs_list_every_sampled_rule():
    from pathlib import Path

    from eqsat.rules.evidence import SAMPLED_BY_SET
    text = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text()
    for set_name, entries in SAMPLED_BY_SET.items():
        for key, reason in entries.items():
            name = "every rule" if key == "*" else f"`{key}`"
            assert f"| {set_name} | {name} | {reason} |" in text, (set_name, key)


def test_the_product_lemma_is_a_theorem():
    """`monotone_product`, assumed in proofs that multiply lanes, holds over the integers
    (what non-overflowing words are) and over every word of 8 bits, and a false variant
    of it is refuted (the check can fail)."""
    import z3

    from eqsat.rules.smt_facts import monotone_product
    a, b, c, d = z3.Ints("a b c d")
    s = z3.Solver()
    s.add(a >= 0, a <= b, c >= 0, c <= d, z3.Not(a * c <= b * d))
    assert s.check() == z3.unsat
    # the lemma's own statement, on 8-bit words in place of 64-bit ones
    a8, b8, c8, d8 = z3.BitVecs("a b c d", 8)
    s = z3.Solver()
    s.add(z3.Not(monotone_product(a8, b8, c8, d8)))
    assert s.check() == z3.unsat
    # without the overflow premise it is false (200 * 1 wraps below 100 * 2 in 8 bits)
    s = z3.Solver()
    s.add(a8 >= 0, a8 <= b8, c8 >= 0, c8 <= d8, z3.Not(a8 * c8 <= b8 * d8))
    assert s.check() == z3.sat


def test_wrong_facts_about_runs_of_lanes_are_refuted():
    """The lane model can fail: runs combined by max, an extension of a run that crosses
    the wrap-around point, and a split run that keeps the old first-lane divisibility."""
    from egglog import set_

    from eqsat.egraph import terms as T
    from eqsat.egraph.analyses import contig, contig_div, div2, same, type_of
    from eqsat.rules.analysis import _half
    from eqsat.rules.dsl import exti, infer
    from eqsat.rules.smt_facts import prove
    n, = terms("n")
    k1, d1, c1, c2, d2, w1 = ints("k1 d1 c1 c2 d2 w1")
    tx, = tys("tx")
    wrong = [
        infer("same-addi-max", n == addi(x, y), same(x) == c1, same(y) == c2,
              then=[set_(same(n)).to(c1.max(c2))]),
        infer("contig-exti-unaligned", n == exti(x), contig(x) == k1, contig_div(x) == d1,
              type_of(x) == tx, T.ty_bits(tx) == w1, w1 > 1, k1 <= _half(w1),
              then=[set_(contig(n)).to(k1), set_(contig_div(n)).to(d1)]),
        infer("contig-addi-split-div", n == addi(x, y), contig(x) == k1, contig_div(x) == d1,
              same(y) == c2, div2(y) == d2, c2 < k1,
              then=[set_(contig(n)).to(c2), set_(contig_div(n)).to(d1.min(d2))]),
    ]
    for rule in wrong:
        verdict, detail = prove(rule)
        assert verdict == "refuted", (rule.name, detail)
        assert "lane" in str(detail)
    # a shape change moves lanes, which the one-lane semantics of broadcast would hide:
    # the rule (wrong without its last-dimension conditions) is not proved
    moved = infer("same-broadcast-any", n == broadcast(x, ty=t), same(x) == c1,
                  then=[set_(same(n)).to(c1)])
    verdict, detail = prove(moved)
    assert verdict == "unsupported" and "broadcast" in detail


def test_wrong_facts_of_a_loop_counter_are_refuted():
    """The induction variable's model can fail: a bound one too high, divisibility by
    the larger of the bounds' and step's, and a lower bound without a positive step."""
    from egglog import Vec, set_, var

    from eqsat.egraph import terms as T
    from eqsat.egraph.analyses import div2, hi, lo
    from eqsat.rules.dsl import infer
    from eqsat.rules.smt_facts import prove
    n, z, c = terms("n z c")
    r, l1, l2, h1, d1, d2 = ints("r l1 l2 h1 d1 d2")
    ti, = tys("ti")
    inits, body = var("inits", Vec[T.Term]), var("body", Vec[T.Term])
    loop = T.For(r, x, y, z, inits, body, t) == c
    wrong = [
        infer("iv-lo-plus-one", loop, n == T.Arg(r, 0, ti), lo(x) == l1, lo(z) == l2, l2 > 0,
              then=[set_(lo(n)).to(l1 + 1)]),
        infer("iv-hi-ub", loop, n == T.Arg(r, 0, ti), hi(y) == h1, lo(z) == l2, l2 > 0,
              then=[set_(lo(n)).to(h1)]),
        infer("iv-div-max", loop, n == T.Arg(r, 0, ti), div2(x) == d1, div2(z) == d2,
              then=[set_(div2(n)).to(d1.max(d2))]),
        infer("iv-lo-any-step", loop, n == T.Arg(r, 0, ti), lo(x) == l1,
              then=[set_(lo(n)).to(l1)]),
    ]
    for rule in wrong:
        verdict, detail = prove(rule)
        assert verdict == "refuted", (rule.name, detail)
    fine = infer("iv-hi-ub-minus-one", loop, n == T.Arg(r, 0, ti), hi(y) == h1,
                 then=[set_(hi(n)).to(h1 - 1)])
    assert prove(fine)[0] == "proved"


def test_wrong_facts_of_addresses_and_assumes_are_refuted():
    """Pointers are byte addresses (an offset counts elements of the pointee, of every
    size) and an assume is its operand: dropping the pointee's size, taking the base's
    divisibility alone, or strengthening what an assume passes on, is refuted."""
    from egglog import set_

    from eqsat.egraph import terms as T
    from eqsat.egraph.analyses import div2, lo, same, type_of
    from eqsat.rules.dsl import infer, offset
    from eqsat.rules.smt_facts import prove
    n, = terms("n")
    d1, d2, pb, l1, c1 = ints("d1 d2 pb l1 c1")
    tp, = tys("tp")
    wrong = [
        # the offset's divisibility in elements taken as bytes times two: wrong for i8
        infer("div-offset-doubled", n == offset(x, y), div2(x) == d1, div2(y) == d2,
              type_of(x) == tp, T.ty_pointee_bytes(tp) == pb,
              then=[set_(div2(n)).to(d1.min(d2 * pb * 2))]),
        infer("div-offset-base-only", n == offset(x, y), div2(x) == d1,
              then=[set_(div2(n)).to(d1)]),
        infer("same-offset-base-only", n == offset(x, y), same(x) == c1,
              then=[set_(same(n)).to(c1)]),
        infer("bounds-assume-plus-one", n == T.Op1("assume", a, t, x), lo(x) == l1,
              then=[set_(lo(n)).to(l1 + 1)]),
    ]
    for rule in wrong:
        verdict, detail = prove(rule)
        assert verdict == "refuted", (rule.name, detail)



def test_float_to_i1_means_tileiras_code_or_tile_ir_alike():
    """ftoi to i1: Tile IR rounds toward zero (0.5 is false), tileiras tests against zero
    (0.5 is true): the solver leaves the choice free, so a rule must hold under both."""
    z3 = pytest.importorskip("z3")
    from eqsat.ir.core import Operation, Value
    from eqsat.ir.types import TileType
    from eqsat.rules import smt

    def value(x: float, tests_zero: bool, **attrs):
        op = Operation("ftoi", [Value(TileType((), "f32"))], [TileType((), "i1")],
                       {"signedness": "unsigned", **attrs})
        bits = struct.unpack("<I", struct.pack("<f", x))[0]
        term, undef = smt.op_term(op, [smt.const_term("f32", bits)], [z3.BitVecVal(bits, 32)])
        fix = (smt.ftoi_i1_tests_zero(), z3.BoolVal(tests_zero))
        undef = False if undef is None else z3.is_true(z3.simplify(z3.substitute(undef, fix)))
        return z3.simplify(z3.substitute(term, fix)).as_long(), undef

    assert value(0.5, False) == (0, False) and value(0.5, True) == (1, False)
    assert value(-0.0, False) == (0, False) and value(-0.0, True) == (0, False)
    assert value(1.5, False) == (1, False) and value(1.5, True) == (1, False)
    assert value(float("nan"), False)[1] and value(float("nan"), True) == (1, False)
    assert value(float("nan"), False, saturating=True) == (0, False)
