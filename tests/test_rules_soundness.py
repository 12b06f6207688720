"""Every shipped algebra rule agrees with the interpreter on drawn values (edge cases
included), and a deliberately unsound rule is caught."""
from __future__ import annotations

import pytest

from eqsat.rules.soundness import check_rule
from eqsat.rules.algebra import ALGEBRA, CONTRACT
from eqsat.rules.dsl import addf, fconst, muli, iconst, rewrite, shri, terms, tys
from eqsat.rules.fold import FOLD
from eqsat.rules.evidence import sampled_reason

# rules whose pattern needs explicit types (conversions, i1) or cannot be built as a
# scalar kernel from loads (pointer offsets: covered by corpus equivalence instead)
_HINTS = {
    "trunci-exti": dict(dtypes=["i32"], types={"x": "tile<i16>", "t": "tile<i16>"}),
    "andi-true": dict(dtypes=["i1"]),
    "fpowi-two": dict(dtypes=["f32"], types={"x": "tile<f32>", "t": "tile<f32>",
                                             "t2": "tile<i32>"}),
}
_SKIP = {"offset-zero"}


@pytest.mark.parametrize("rule", [r for r in [*ALGEBRA.rules, *CONTRACT.rules]
                                  if r.name not in _SKIP],
                         ids=lambda r: r.name)
def test_algebra_rule_is_sound(rule):
    res = check_rule(rule, examples=4, **_HINTS.get(rule.name, {}))
    assert res.ok, res.message
    assert res.exercised > 0
    # proved, unless eqsat.rules.evidence lists it as sampled (with its reason)
    where = "algebra" if rule in ALGEBRA.rules else "contract"
    listed = sampled_reason(where, rule.name)
    assert (res.method == "proved") == (listed is None), (res.method, res.reason, listed)


@pytest.mark.parametrize("name", ["reshape-splat", "broadcast-splat", "select-true",
                                  "select-false"])
def test_fold_rewrites_are_proved(name):
    rule = next(r for r in FOLD.rules if r.name == name)
    res = check_rule(rule, examples=3, dtypes=["i8", "i32", "f16", "f32"])
    assert res.ok and res.method == "proved", res.message
    assert sampled_reason("fold", name) is None


def test_the_sampled_list_names_real_rules_only():
    from eqsat import rules
    from eqsat.rules.evidence import SAMPLED_BY_SET
    for set_name, entries in SAMPLED_BY_SET.items():
        names = [r.name for r in rules.get(set_name)]
        for key, reason in entries.items():
            assert reason
            if key.endswith("*"):
                assert any(n.startswith(key[:-1]) for n in names), (set_name, key)
            else:
                assert key in names, (set_name, key)


def test_shape_and_select_folds_are_sound():
    for name in ("select-true", "select-false"):
        rule = next(r for r in FOLD.rules if r.name == name)
        res = check_rule(rule, examples=3, dtypes=["i32", "f32"])
        assert res.ok, (name, res.message)


@pytest.mark.parametrize("op,dtypes", [("addi", ["i8", "i64"]), ("muli", ["i16", "i32"]),
                                       ("subi", ["i8"]), ("addf", ["f16", "f32"]),
                                       ("mulf", ["bf16", "f64"]), ("divf", ["f32"])])
def test_folding_is_sound(op, dtypes):
    """Folding drawn constants (wrap-around, IEEE rounding per width) matches running."""
    from eqsat.egraph import terms as T
    from eqsat.rules.dsl import Rule, ints, op as mk, strs
    a, b = ints("fa fb")
    t, t1 = tys("ft ft1")
    e1, = strs("fe1")
    lhs = mk(op, T.Const(t1, e1, a), T.Const(t1, e1, b), ty=t)
    res = check_rule(Rule(f"fold-{op}", lhs, lhs), context=[FOLD], fires="fold-2",
                     dtypes=dtypes, examples=8)
    assert res.ok, res.message
    assert res.exercised > 0


def test_unsound_rule_is_caught():
    x, = terms("x")
    bad = rewrite("addf-plus-zero", addf(x, fconst(0.0, "f32")), x)
    res = check_rule(bad, examples=10)
    assert not res.ok
    assert "-0.0" in res.message or "-0" in res.message


def test_unsound_integer_rule_is_caught():
    x, = terms("x")
    bad = rewrite("shri-is-identity", shri(x, iconst(1)), x)
    res = check_rule(bad, examples=10)
    assert not res.ok


def test_rule_that_never_fires_is_reported():
    x, = terms("x")
    t, = tys("t")
    r = rewrite("never", muli(x, iconst(12345, ty=t)), x)
    res = check_rule(r, dtypes=["i8"], examples=2)
    assert not res.ok and "never fired" in res.message


def test_rules_are_checked_on_every_element_type_of_their_ops():
    """The element types a rule is checked on follow the op table: a float op (floor,
    exp2, trig...) on every float type, an integer op (mulhii...) on every width."""
    from eqsat.rules.dsl import ints, op, strs
    x, = terms("x")
    t, = tys("t")
    a, = ints("a")
    floor = check_rule(rewrite("floor-twice", op("floor", op("floor", x, ty=t, attrs=a), ty=t,
                                                 attrs=a), op("floor", x, ty=t, attrs=a)))
    assert floor.ok and floor.dtypes == ("f16", "bf16", "f32", "f64"), floor
    wrong = check_rule(rewrite("exp2-is-x", op("exp2", x, ty=t), x))
    assert not wrong.ok and wrong.dtypes == ("f16", "bf16", "f32", "f64"), wrong
    e, = strs("e")
    hi = check_rule(rewrite("mulhii-zero", op("mulhii", x, iconst(0, elem=e), ty=t, attrs=a),
                            iconst(0, ty=t, elem=e)))
    assert hi.ok and hi.dtypes == ("i8", "i16", "i32", "i64"), hi

