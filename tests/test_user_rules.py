"""User rules a reader can trust: check_rule runs both sides, registration refuses what
fails, rule errors are loud, `prefer` wins ties, and plugins add rule sets."""
from __future__ import annotations

import sys
import textwrap

import pytest

import eqsat.rules as rules_pkg
from eqsat import optimize
from eqsat.egraph.cost import DEFAULT as H100
from eqsat.errors import EqsatError
from eqsat.rules.soundness import SideBuilder, term_tree, check_rule
from eqsat.text import parse
from eqsat.rules import RuleSet, register, rewrite, trust
from eqsat.rules.dsl import (
    absf,
    addf,
    addi,
    andi,
    attrs_of,
    cmpf,
    cmpi,
    divf,
    divi,
    fconst,
    fma,
    iconst,
    maxf,
    maxi,
    minf,
    mini,
    muli,
    negf,
    ori,
    remi,
    select,
    shli,
    shri,
    strs,
    subf,
    subi,
    terms,
    tys,
    xori,
)

x, y, z, c = terms("x y z c")
t, u = tys("t u")
e, = strs("e")


def i32(v):
    return iconst(v, ty=t, elem="i32")


def f32(v):
    return fconst(v, "f32", ty=t)


SIGNED, UNSIGNED = attrs_of(signedness="signed"), attrs_of(signedness="unsigned")

# (name, lhs, rhs, check_rule options): each is wrong on some input, and none is cheaper
# than what it replaces, so an optimizer-driven check would never have run it
UNSOUND = [
    ("muli2-shl2", muli(x, i32(2), ty=t), shli(x, i32(2), ty=t, attrs={}), {"dtypes": ["i32"]}),
    ("muli3-shl1", muli(x, i32(3), ty=t), shli(x, i32(1), ty=t, attrs={}), {"dtypes": ["i32"]}),
    ("addi1-subi1", addi(x, i32(1), ty=t), subi(x, i32(1), ty=t, attrs={}), {"dtypes": ["i32"]}),
    ("addi2-addi3", addi(x, i32(2), ty=t), addi(x, i32(3), ty=t, attrs={}), {}),
    ("subi1-addi1", subi(x, i32(1), ty=t), addi(x, i32(1), ty=t, attrs={}), {}),
    ("andi-ori", andi(x, i32(1), ty=t), ori(x, i32(1), ty=t, attrs={}), {}),
    ("ori-xori", ori(x, i32(1), ty=t), xori(x, i32(1), ty=t, attrs={}), {}),
    ("xori-andi", xori(x, i32(1), ty=t), andi(x, i32(1), ty=t, attrs={}), {}),
    ("shri-signedness", shri(x, i32(1), ty=t, attrs=SIGNED),
     shri(x, i32(1), ty=t, attrs=UNSIGNED), {}),
    ("muli-neg-is-not", muli(x, i32(-1), ty=t), xori(x, i32(-1), ty=t, attrs={}), {}),
    ("maxi-mini", maxi(x, i32(0), ty=t, attrs=SIGNED), mini(x, i32(0), ty=t, attrs=SIGNED), {}),
    ("cmpi-lt-le", cmpi(x, iconst(0, ty=u, elem="i32"), ty=t,
                        attrs=attrs_of(predicate="less_than", signedness="signed")),
     cmpi(x, iconst(0, ty=u, elem="i32"), ty=t,
          attrs=attrs_of(predicate="less_than_or_equal", signedness="signed")), {}),
    ("shri-divi", shri(x, i32(1), ty=t, attrs=SIGNED), divi(x, i32(2), ty=t, attrs=SIGNED), {}),
    ("andi-remi", andi(x, i32(1), ty=t), remi(x, i32(2), ty=t, attrs=SIGNED), {}),
    ("shli-muli3", shli(x, i32(1), ty=t), muli(x, i32(3), ty=t, attrs={}), {}),
    ("addi-self-muli3", addi(x, x, ty=t), muli(x, i32(3), ty=t, attrs={}), {"dtypes": ["i32"]}),
    ("subi-swap", subi(x, y, ty=t), subi(y, x, ty=t, attrs={}), {"dtypes": ["i32"]}),
    ("addf-sub-zero", addf(x, f32(0.0), ty=t), subf(x, f32(0.0), ty=t, attrs={}), {}),
    ("maxf-minf", maxf(x, y, ty=t), minf(x, y, ty=t, attrs={}), {"dtypes": ["f32"]}),
    ("subf-swap", subf(x, y, ty=t), subf(y, x, ty=t, attrs={}), {"dtypes": ["f32"]}),
    ("divf-swap", divf(x, y, ty=t), divf(y, x, ty=t, attrs={}), {"dtypes": ["f32"]}),
    ("negf-absf", negf(x, ty=t), absf(x, ty=t, attrs={}), {"dtypes": ["f32"]}),
    ("select-swap", select(c, x, y, ty=t), select(c, y, x, ty=t, attrs={}), {"dtypes": ["i32"]}),
    ("cmpf-ordering", cmpf(x, y, ty=t, attrs=attrs_of(predicate="less_than", ordering="ordered")),
     cmpf(x, y, ty=t, attrs=attrs_of(predicate="less_than", ordering="unordered")),
     {"dtypes": ["f32"]}),
    ("fma-rotate", fma(x, y, z, ty=t), fma(y, z, x, ty=t, attrs={}), {"dtypes": ["f32"]}),
]


def _costs(rule, dt):
    """H100 cost of the rule's left- and right-hand side as kernels."""
    b = SideBuilder(dt, {}, {})
    k = b.kernel(term_tree(rule.lhs))
    k2 = b.sibling().kernel(term_tree(rule.rhs), out_t=b.root.type)
    return H100.kernel_cost(k), H100.kernel_cost(k2)


@pytest.mark.parametrize("name,lhs,rhs,opts", UNSOUND, ids=[u[0] for u in UNSOUND])
def test_unsound_rule_of_equal_or_higher_cost_is_rejected(name, lhs, rhs, opts):
    rule = rewrite(name, lhs, rhs)
    res = check_rule(rule, examples=8, **opts)
    assert not res.ok, res.message
    assert res.counterexample is not None and "unsound" in res.message, res.message
    assert res.counterexample["lhs"] != res.counterexample["rhs"] or \
        "nan" in str(res.counterexample).lower() or "-0.0" in str(res.counterexample)
    before, after = _costs(rule, res.counterexample["dtype"])
    assert after >= before - 1e-9, (before, after)


def test_the_suite_keeps_enough_unsound_rules():
    assert len(UNSOUND) >= 23


def test_check_reports_match_and_choice():
    tie = rewrite("muli-four-shl", muli(x, i32(4), ty=t), shli(x, i32(2), ty=t, attrs={}))
    res = check_rule(tie, examples=4)
    assert res.ok and res.matched and res.chosen is False
    assert "never chose" in res.message
    preferred = rewrite("muli-four-shl-p", muli(x, i32(4), ty=t), shli(x, i32(2), ty=t, attrs={}),
                        prefer=True)
    res = check_rule(preferred, examples=4)
    assert res.ok and res.matched and res.chosen is True


def test_generic_rule_is_checked_on_every_width():
    good = rewrite("muli-two-shl-any", muli(x, iconst(2, ty=t, elem=e), ty=t),
                   shli(x, iconst(1, ty=t, elem=e), ty=t, attrs={}))
    res = check_rule(good, examples=4)
    assert res.ok and set(res.dtypes) == {"i8", "i16", "i32", "i64"}, res.message
    assert res.exercised == 4


I64_SRC = """entry @k(%p: tile<ptr<i64>>) {
  %x, %t = load_ptr_tko weak %p : tile<ptr<i64>> -> tile<i64>, token
  %two = constant <i64: 2> : tile<i64>
  %y = muli %x, %two : tile<i64>
  %s = store_ptr_tko weak %p, %y : tile<ptr<i64>>, tile<i64> -> token
  return
}"""


def test_wrong_generic_shift_cannot_be_registered_unless_trusted(registry):
    bad = rewrite("muli-two-shl-wrong", muli(x, iconst(2, ty=t, elem=e), ty=t),
                  shli(x, iconst(2, ty=t, elem=e), ty=t, attrs={}))
    with pytest.raises(EqsatError, match="unsound"):
        register(RuleSet("wrong-shift", [bad]))
    assert "wrong-shift" not in registry
    register(RuleSet("wrong-shift", [bad]), trusted=True)
    res = optimize(parse(I64_SRC), rules="default,wrong-shift")
    assert res.report.unchecked == ["wrong-shift (trusted)"]
    assert "unchecked rule sets: wrong-shift (trusted)" in res.report.summary()
    # a set passed directly, never registered, is checked where it is used: refused when
    # wrong, with how to vouch for it; used and named as trusted once vouched for
    with pytest.raises(EqsatError, match="never registered.*unsound.*trust"):
        optimize(parse(I64_SRC), rules=["default", RuleSet("adhoc-wrong", [bad])])
    res = optimize(parse(I64_SRC), rules=["default", trust(RuleSet("adhoc-wrong", [bad]))])
    assert res.report.unchecked == ["adhoc-wrong (trusted)"]
    assert optimize(parse(I64_SRC)).report.unchecked == []


def test_a_set_never_registered_is_checked_on_first_use_and_then_counts_as_checked(registry):
    good = rewrite("adhoc-shl", muli(x, iconst(2, ty=t, elem=e), ty=t),
                   shli(x, iconst(1, ty=t, elem=e), ty=t, attrs={}), prefer=True)
    rs = RuleSet("adhoc", [good])
    res = optimize(parse(I64_SRC), rules=["default", rs])
    assert res.report.unchecked == [] and rs.trust == "checked"
    assert "shli" in _ops(res.kernel)
    assert "adhoc" not in registry                       # checked, not made selectable


def test_analysis_rules_need_trust(registry):
    from eqsat.rules import infer
    from eqsat.rules.dsl import T
    from egglog import set_
    from eqsat.egraph.analyses import div2, lo, same
    # a fact the solver proves is registered as proved
    zero = infer("lo-of-zero", x == T.Const(t, e, 0), then=[set_(lo(x)).to(0)])
    assert register(RuleSet("acts-ok", [zero])).proofs == {"lo-of-zero": "proved"}
    # a wrong one is refused with the solver's counterexample
    wrong = infer("lo-of-zero-wrong", x == T.Const(t, e, 0), then=[set_(lo(x)).to(1)])
    with pytest.raises(EqsatError, match="unsound"):
        register(RuleSet("acts-bad", [wrong]))
    wrong_div = infer("div-of-one", x == T.Const(t, e, 1), then=[set_(div2(x)).to(2)])
    with pytest.raises(EqsatError, match="unsound"):
        register(RuleSet("acts-bad", [wrong_div]))
    # one it cannot express (runs of lanes through a broadcast) needs trust
    act = infer("same-of-bcast", x == T.Op1("broadcast", T.NO_ATTRS, t, y),
                then=[set_(same(x)).to(1)])
    with pytest.raises(EqsatError, match="analysis rule"):
        register(RuleSet("acts", [act]))
    register(RuleSet("acts", [act]), trusted=True)


def test_malformed_rule_is_refused_at_registration(registry):
    # the right-hand constant has no elem=: a fresh variable egglog cannot bind
    broken = rewrite("muli-two-noelem", muli(x, iconst(2, ty=t), ty=t),
                     shli(x, iconst(1, ty=t), ty=t, attrs={}))
    with pytest.raises(EqsatError, match="muli-two-noelem.*Unbound symbol"):
        register(RuleSet("broken", [broken]))
    with pytest.raises(EqsatError, match="muli-two-noelem.*Unbound symbol"):
        register(RuleSet("broken", [broken]), trusted=True)
    # passed to optimize directly it fails loudly too, instead of disabling every rule
    with pytest.raises(EqsatError, match="rule 'muli-two-noelem'"):
        optimize(parse(I64_SRC), rules=["default", RuleSet("broken", [broken])])
    res = check_rule(broken, examples=2)
    assert not res.ok and "muli-two-noelem' does not compile: Unbound symbol" in res.message


README_SRC = """entry @k(%p: tile<ptr<i32>>) {
  %x, %t = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
  %c = constant <i32: 4> : tile<i32>
  %y = muli %x, %c : tile<i32>
  %s = store_ptr_tko weak %p, %y : tile<ptr<i32>>, tile<i32> -> token
  return
}"""


def _ops(k):
    return sorted(op.name for op in k.walk())


@pytest.mark.parametrize("where", ["rule", "set"])
def test_prefer_makes_a_tie_show(registry, where):
    plain = rewrite("muli-four", muli(x, iconst(4, ty=t, elem=e), ty=t),
                    shli(x, iconst(2, ty=t, elem=e), ty=t, attrs={}), prefer=where == "rule")
    rs = RuleSet("canon", [plain], prefer=where == "set")
    out = optimize(parse(README_SRC), rules=["default", rs])
    assert "shli" in _ops(out.kernel) and "muli" not in _ops(out.kernel)
    assert out.report.cost_after == pytest.approx(out.report.cost_before)
    again = optimize(parse(README_SRC), rules=["default", rs])
    assert str(again.kernel) == str(out.kernel)
    unpreferred = RuleSet("canon0", [rewrite("muli-four0", plain.lhs, plain.rhs)])
    kept = optimize(parse(README_SRC), rules=["default", unpreferred])
    assert kept.report.matches.get("muli-four0") and "muli" in _ops(kept.kernel)


def test_cost_model_preference(registry):
    from eqsat.egraph.cost import H100 as H100Model

    class PreferShifts(H100Model):
        preferred = frozenset({"shli"})

    rs = RuleSet("canon1", [rewrite("muli-four1", muli(x, iconst(4, ty=t, elem=e), ty=t),
                                    shli(x, iconst(2, ty=t, elem=e), ty=t, attrs={}))])
    out = optimize(parse(README_SRC), rules=["default", rs], cost_model=PreferShifts())
    assert "shli" in _ops(out.kernel)


def _readme_block():
    from corpus_util import ROOT
    text = (ROOT / "README.md").read_text()
    sec = text.split("### Writing your own rule", 1)[1]
    return sec.split("```python", 1)[1].split("```", 1)[0]


def test_readme_rule_example_changes_the_output(registry, monkeypatch):
    from corpus_util import ROOT
    monkeypatch.chdir(ROOT)
    env: dict = {}
    exec(compile(_readme_block(), "README.md", "exec"), env)
    res, before = env["res"], env["before"]
    assert str(res.kernel) != str(before.kernel)
    assert "shli" in _ops(res.kernel)


def test_rules_docstring_example_registers(registry):
    doc = rules_pkg.__doc__
    code = textwrap.dedent(doc.split("refuses a rule that is wrong or does not compile::", 1)[1]
                           .split("\n\n`register(")[0])
    env: dict = {}
    exec(compile(code, "rules/__init__.py", "exec"), env)
    assert registry["mine"].trust == "checked"
    out = optimize(parse(README_SRC), rules="default,mine")
    assert "shli" in _ops(out.kernel)


# -- plugins ---------------------------------------------------------------------------------
PLUGIN = '''
"""rules from elsewhere"""
from eqsat.rules import RuleSet, rewrite
from eqsat.rules.dsl import iconst, muli, shli, strs, terms, tys
x, = terms("x"); t, = tys("t"); e, = strs("e")
SHIFTS = RuleSet("plugin-shifts", [rewrite("plugin-muli-four",
                 muli(x, iconst(4, ty=t, elem=e), ty=t),
                 shli(x, iconst(2, ty=t, elem=e), ty=t, attrs={}))],
                 doc="multiplications by four as shifts", prefer=True)
BAD = RuleSet("plugin-bad", [rewrite("plugin-wrong", muli(x, iconst(4, ty=t, elem=e), ty=t),
              shli(x, iconst(4, ty=t, elem=e), ty=t, attrs={}))])
def make():
    return [SHIFTS]
'''


@pytest.fixture
def plugin_module(tmp_path, monkeypatch):
    name = f"eqsat_test_plugin_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name
    sys.modules.pop(name, None)


def test_rules_from_module(registry, plugin_module, tmp_path, capsys):
    from eqsat.cli import main
    src = tmp_path / "k.mlir"
    src.write_text(README_SRC)
    assert main(["opt", "--rules-from", f"{plugin_module}:SHIFTS", "--list-rules"]) == 0
    out = capsys.readouterr().out
    assert "plugin-shifts: multiplications by four as shifts" in out
    assert main(["opt", str(src), "--rules-from", f"{plugin_module}:make",
                 "--rules", "default,plugin-shifts"]) == 0
    assert "shli" in capsys.readouterr().out
    assert main(["opt", "--rules-from", f"{plugin_module}:BAD", "--list-rules"]) == 2
    assert "unsound" in capsys.readouterr().err
    assert main(["opt", "--rules-from", f"{plugin_module}:MISSING", "--list-rules"]) == 2
    assert main(["opt", "--rules-from", "no_such_module_h:X", "--list-rules"]) == 2


def test_rules_from_entry_point(registry, plugin_module, monkeypatch, tmp_path, capsys):
    import importlib.metadata as md

    from eqsat.cli import main

    eps = md.EntryPoints([md.EntryPoint("shifts", f"{plugin_module}:SHIFTS",
                                        rules_pkg.ENTRY_POINT_GROUP)])

    def fake(**kw):
        return eps.select(**kw)

    monkeypatch.setattr(md, "entry_points", fake)
    assert main(["opt", "--list-rules"]) == 0
    assert "plugin-shifts: multiplications by four as shifts" in capsys.readouterr().out
    src = tmp_path / "k.mlir"
    src.write_text(README_SRC)
    monkeypatch.setattr(rules_pkg, "_PLUGINS_LOADED", False)
    registry.pop("plugin-shifts", None)
    assert main(["opt", str(src), "--rules", "default,plugin-shifts"]) == 0
    assert "shli" in capsys.readouterr().out


def test_unknown_rule_set_still_names_the_choices(registry, monkeypatch):
    import importlib.metadata as md
    monkeypatch.setattr(md, "entry_points", lambda **kw: md.EntryPoints([]))
    with pytest.raises(EqsatError, match="unknown rule set 'nope'"):
        optimize(parse(README_SRC), rules="nope")


def test_register_says_how_each_rule_is_vouched_for(registry, capsys):
    from eqsat.cli import main
    from eqsat.rules import rule_status
    from eqsat.rules.dsl import exp
    proved = rewrite("muli-two-shl", muli(x, iconst(2, ty=t, elem=e), ty=t),
                     shli(x, iconst(1, ty=t, elem=e), ty=t, attrs={}))
    sampled = rewrite("exp-times-one", muli(x, iconst(1, ty=t, elem=e), ty=t), x)
    rs = register(RuleSet("mine-status", [proved]))
    assert rs.proofs == {"muli-two-shl": "proved"}
    assert rule_status("mine-status") == {"muli-two-shl": "proved"}
    res = optimize(parse(I64_SRC), rules="default,mine-status")
    assert "registered rules: muli-two-shl: proved" in res.report.summary()
    f32x, = terms("fx")
    tf, = tys("tf")
    trans = rewrite("exp-exp", exp(exp(f32x, ty=tf, attrs={}), ty=tf, attrs={}),
                    exp(exp(f32x, ty=tf, attrs={}), ty=tf, attrs={}))
    rs2 = register(RuleSet("mine-sampled", [trans]), hints={"exp-exp": {"dtypes": ["f32"]}})
    how = rs2.proofs["exp-exp"]
    assert how.startswith("sampled: ") and "cases (no SMT semantics for exp)" in how
    assert int(how.split()[1]) > 0
    assert rule_status("mine-sampled") == {"exp-exp": "sampled"}
    register(RuleSet("mine-trusted", [sampled]), trusted=True)
    assert rule_status("mine-trusted") == {"exp-times-one": "trusted"}
    # built-in sets: proved unless listed, with the reason, in eqsat.rules.evidence
    algebra = rule_status("algebra")
    assert algebra["muli-one"] == "proved" and algebra["pow-two-f32"] == "sampled"
    assert set(rule_status("tokens").values()) == {"proved"}
    assert main(["opt", "--list-rules"]) == 0
    out = capsys.readouterr().out
    assert "mine-status: (1 proved)" in out and "mine-trusted: (1 trusted)" in out
    assert "algebra: integer and float identities, shape folds (65 proved, 10 sampled)" in out
    line = next(ln for ln in out.splitlines() if ln.split()[:1] == ["muli-two-shl"])
    assert line.split()[1:3] == ["rewrite", "proved"]
    assert next(ln for ln in out.splitlines()
                if ln.split()[:1] == ["exp-times-one"]).split()[2] == "trusted"
