"""The memory-token and type rules are proved in the ordering model (rules/smt_tokens.py),
and wrong variants of them are refuted with the access that breaks them."""
from __future__ import annotations

import pytest
from egglog import MultiSet, Vec, eq, i64, ne, set_, union, var

from eqsat import rules
from eqsat.egraph import terms as T
from eqsat.egraph.analyses import cval, type_of
from eqsat.egraph.tokenfacts import CarryArg, Contains, IfBase, Level, MemLevel, Need, NeedClass, Orig
from eqsat.rules.catalogue import check_status
from eqsat.rules.dsl import infer, ints, strs, terms, tys
from eqsat.rules.evidence import SAMPLED_BY_SET, sampled_reason
from eqsat.rules.smt_tokens import parallel_store_lemma, prove
from eqsat.rules.tokens import Pair, Weak

m, p, tok, pr, j, x, y, e, h, base, f, lb, ub, st, n_ = terms(
    "m p tok pr j x y e h base f lb ub st n")
t, tt, fty = tys("t tt fty")
a, a2, i, k, r, ai, ii, b, lx = ints("a a2 i k r ai ii b lx")
n, el, nm, ce = strs("nm_ el nm ce")
args, inits, body = (var(v, Vec[T.Term]) for v in ("args", "inits", "body"))
bag, xs = (var(v, MultiSet[T.Term]) for v in ("bag", "xs"))
ROOT = T.Op0("make_token", T.NO_ATTRS, T.Ty("token"))


def _set_rules(name):
    return [pytest.param(name, r, id=f"{name}:{r.name}") for r in rules.get(name).rules]


@pytest.mark.parametrize("set_name,rule", _set_rules("tokens") + _set_rules("core"))
def test_token_and_core_rules_are_proved_unless_listed(set_name, rule):
    verdict, detail = prove(rule)
    if sampled_reason(set_name, rule.name) is None:
        assert verdict == "proved", detail
    else:        # a listed rule must be one the model really does not prove
        assert verdict != "proved", (rule.name, "listed as sampled but proved")


def test_the_status_of_token_and_core_rules_is_proved():
    for set_name in ("tokens", "core"):
        status = check_status(rules.get(set_name))
        listed = SAMPLED_BY_SET.get(set_name, {})
        assert {s for name, s in status.items() if name not in listed} == {"proved"}
        assert len(status) == len(rules.get(set_name).rules)


def test_the_cli_lists_token_rules_as_proved(capsys):
    from eqsat.cli import main
    assert main(["rules", "--set", "tokens"]) == 0
    out = capsys.readouterr().out
    assert f"({len(rules.get('tokens').rules)} proved)" in out
    line = next(ln for ln in out.splitlines() if ln.split()[:1] == ["weaken-value"])
    assert line.split()[1:3] == ["analysis", "proved"]


# -- wrong variants ------------------------------------------------------------------------------
def _refuted(rule, *words):
    verdict, detail = prove(rule)
    assert verdict == "refuted", (rule.name, verdict, detail)
    for w in words:
        assert w in detail, (rule.name, detail)
    return detail


def test_dropping_the_order_of_conflicting_accesses_is_refuted():
    # the op runs unordered (root token): an earlier store to the same memory is passed
    bad = infer("weaken-to-root", m == T.Mem(n, a, t, args, tok), Orig(m),
                then=[Weak(m, T.Mem(n, a, t, args, ROOT), tok)])
    detail = _refuted(bad, "no access the weaker token drops conflicts with the op",
                      "conflicts with a")
    assert "tok: yes" in detail
    # what another need class needs: its ops may not conflict with what this one needs
    other = infer("weaken-other-class", m == T.Mem(n, a, t, args, tok), Orig(m),
                  eq(bag).to(Need(NeedClass(a2), tok)), ne(bag).to(MultiSet[T.Term](tok)),
                  then=[Weak(m, T.Mem(n, a, t, args, T.Join(bag.reset_counts())), tok)])
    _refuted(other, "no access the weaker token drops conflicts with the op")
    # the weaker form is another op (another uid): it would add an access
    moved = infer("weaken-other-op", m == T.Mem(n, a, t, args, tok), Orig(m),
                  eq(bag).to(Need(NeedClass(a), tok)), ne(a).to(a2),
                  then=[Weak(m, T.Mem(n, a2, t, args, tok), tok)])
    _refuted(moved, "the op is the memory op with that input")


def test_the_result_token_without_the_rejoin_is_refuted():
    # later ops would lose what only the op's input token ordered before them
    bad = infer("weaken-result-token-no-rejoin", Weak(m, p, tok), ne(m).to(p),
                pr == T.Proj(m, i, tt), eq(T.ty_elem(tt)).to(T.String("token")),
                then=[union(pr).with_(T.Proj(p, i, tt))])
    _refuted(bad, "a token class keeps what it stands for", "pr: yes")


def test_a_rejoin_of_a_value_is_refuted():
    # the result-token rule without its type check would re-join a loaded value
    bad = infer("weaken-result-any", Weak(m, p, tok), ne(m).to(p), pr == T.Proj(m, i, tt),
                then=[union(pr).with_(T.ReJoin(T.Proj(p, i, tt), tok))])
    _refuted(bad, "the built term is well formed")


def test_weakening_changes_a_tokens_value_not_a_loads():
    # the value equation for a token projection would equate different sets
    bad = infer("weaken-value-of-token", Weak(m, p, tok), ne(m).to(p), pr == T.Proj(m, i, tt),
                then=[union(pr).with_(T.Proj(p, i, tt))])
    _refuted(bad, "a token class keeps what it stands for")


def test_a_value_read_under_a_weaker_token_the_lemma_does_not_allow_is_refuted():
    # a load reading under an arbitrary smaller token: its value may change
    bad = infer("value-under-any-smaller", m == T.Mem(n, a, t, args, tok),
                p == T.Mem(n, a, t, args, x), Contains(tok, x), pr == T.Proj(m, i, tt),
                eq(T.ty_elem(tt)).to(el), ne(el).to(T.String("token")),
                then=[union(pr).with_(T.Proj(p, i, tt))])
    _refuted(bad, "a value class keeps its value")


def test_wrong_join_algebra_is_refuted():
    absorb = infer("join-absorb-unasked", Pair(j, x, y), ne(x).to(y), then=[union(j).with_(x)])
    _refuted(absorb, "a token class keeps what it stands for")
    rejoin = infer("rejoin-absorb-backwards", j == T.ReJoin(x, y), Contains(y, x),
                   then=[union(j).with_(x)])
    _refuted(rejoin, "a token class keeps what it stands for")
    drop = infer("join-drop-member", j == T.Join(xs), eq(x).to(xs.pick()),
                 xs.length() > i64(1), then=[union(j).with_(T.Join(xs.remove(x)))])
    _refuted(drop, "a token class keeps what it stands for")


def test_wrong_containment_is_refuted():
    exit_if = infer("contains-exit-if-any", e == T.Proj(h, k, tt), IfBase(h, i, base),
                    then=[Contains(e, base)])
    _refuted(exit_if, "stands for")
    carried = infer("contains-carried-unclosed", e == T.Arg(r, ai, tt),
                    f == T.For(r, lb, ub, st, inits, body, fty),
                    then=[Contains(e, inits[ii])])
    _refuted(carried, "stands for")
    backwards = infer("contains-input-backwards", pr == T.Proj(m, i, tt),
                      m == T.Mem(n, a, t, args, tok), eq(T.ty_elem(tt)).to(T.String("token")),
                      then=[Contains(tok, pr)])
    _refuted(backwards, "stands for")
    nothing = infer("contains-nothing-any-level", Contains(y, e), ne(x).to(e),
                    eq(T.ty_elem(tt)).to(T.String("token")), then=[Contains(x, e)])
    _refuted(nothing, "stands for")


def test_wrong_levels_are_refuted():
    zero = infer("level-mem-zero", pr == T.Proj(m, i, tt), m == T.Mem(n, a, t, args, tok),
                 eq(T.ty_elem(tt)).to(T.String("token")), then=[set_(Level(pr)).to(i64(0))])
    _refuted(zero, "a level 0 token stands for no access")
    below = infer("level-mem-below", pr == T.Proj(m, i, tt), m == T.Mem(n, a, t, args, tok),
                  eq(T.ty_elem(tt)).to(T.String("token")), eq(lx).to(MemLevel(a)),
                  then=[set_(Level(pr)).to(lx - 1)])
    _refuted(below, "a level 0 token stands for no access")


def test_wrong_type_facts_are_refuted():
    operand = infer("type-proj-of-tuple", n_ == T.Proj(x, i, t), then=[set_(type_of(x)).to(t)])
    _refuted(operand, "the type is the value's type")
    payload = infer("cval-off-by-one", n_ == T.Const(t, ce, b), then=[set_(cval(n_)).to(b + 1)])
    _refuted(payload, "the constant is the value")


def test_carried_tokens_rest_on_carry_facts():
    # the proved rule reads CarryArg; the same conclusion for another init is refuted
    shifted = infer("contains-carried-other-init", e == T.Arg(r, ai, tt), CarryArg(r, ai, ii),
                    f == T.For(r, lb, ub, st, inits, body, fty),
                    then=[Contains(e, inits[ii + 1])])
    _refuted(shifted, "stands for")


def test_rules_outside_the_model_are_unsupported():
    from eqsat.rules.dsl import rewrite
    assert prove(rewrite("not-an-analysis", x, x))[0] == "unsupported"
    from eqsat.egraph.analyses import lo
    assert prove(infer("bounds-rule", n_ == T.Const(t, ce, b), then=[set_(lo(n_)).to(b)]))[0] \
        == "unsupported"


def test_a_loop_parallel_store_touches_each_address_once():
    # injective index + tiles that do not overlap: iterations write disjoint addresses
    assert parallel_store_lemma() == ("proved", "")
    for tile in (1, 4, 128):
        assert parallel_store_lemma(tile=tile) == ("proved", "")
    verdict, detail = parallel_store_lemma(stride_is_tile=False)
    assert verdict == "refuted" and "write one address" in detail


# -- user rules ----------------------------------------------------------------------------------
def test_a_user_token_rule_is_proved_or_refused_at_registration(registry):
    from eqsat.errors import EqsatError
    from eqsat.rules import RuleSet, register, rule_status
    # a re-join whose right part is the root token stands for its left part
    good = infer("rejoin-root", j == T.ReJoin(x, y), y == ROOT, then=[union(j).with_(x)])
    done = register(RuleSet("mine-tokens", [good]))
    assert done.proofs["rejoin-root"] == "proved"
    assert rule_status("mine-tokens") == {"rejoin-root": "proved"}
    # a join of two tokens is not the first one: later ops would lose the second's order
    bad = infer("join-keep-first", Pair(j, x, y), then=[union(j).with_(x)])
    with pytest.raises(EqsatError, match="unsound.*ordering model.*keeps what it stands for"):
        register(RuleSet("mine-bad-tokens", [bad]))


# -- the encoder's Need rows mean what the proofs assume ---------------------------------------
def _need_rows_of(kernel, monkeypatch):
    """Encode `kernel`, keeping what `need_rows` was given."""
    import eqsat.egraph.encode as enc_mod
    from eqsat.egraph.encode import encode
    got = []
    real = enc_mod.need_rows

    def spy(rel, graph, name_of, use, mk):
        got.append((rel, graph, name_of, use))
        return real(rel, graph, name_of, use, mk)
    monkeypatch.setattr(enc_mod, "need_rows", spy)
    encode(kernel)
    monkeypatch.setattr(enc_mod, "need_rows", real)
    return got[0]


def _check_need_meaning(kernel, monkeypatch) -> int:
    """For every memory op o whose input token T is made of memory ops, joins and the root
    only: what `Need` gives o stands for part of what T stands for, and no access of T
    outside it conflicts with o (conflict: o's `second` keys meet the access's `first`,
    which tests/test_memory.py checks against design §3). Returns the ops checked."""
    from eqsat.egraph.tokenfacts import NO_TOKEN, _Needs
    rel, graph, name_of, use = _need_rows_of(kernel, monkeypatch)
    needs = _Needs(rel, graph, name_of, use)
    inputs = dict(needs.heads)
    kinds = {name: kind for name, (_, kind) in graph.nodes.items()}

    def den(name):
        if name is None or name == NO_TOKEN:
            return frozenset()
        kind = kinds.get(name, ("other",))
        if kind[0] == "root":
            return frozenset()
        if kind[0] == "mem":
            inner = den(kind[4])
            return None if inner is None else inner | {kind[1]}
        if kind[0] == "join":
            parts = [den(x) for x in kind[1]]
            return None if any(p is None for p in parts) else frozenset().union(*parts)
        return None              # a loop's or an if's token: not checked here

    def bag_den(bag):
        out = set()
        for item in bag:
            if item[0] == "tok":
                d = den(item[1])
            else:                # the weaker form of op item[1]: it, and what it needs
                u = item[1]
                inner = needs.of(rel.need_class[u], inputs[u])
                d = None if inner is None else bag_den(inner)
                d = None if d is None else d | {u}
            if d is None:
                return None
            out |= d
        return frozenset(out)

    checked = 0
    for u, t in needs.heads:
        whole = den(t)
        bag = needs.of(rel.need_class[u], t)
        part = None if bag is None else bag_den(bag)
        if whole is None or part is None:
            continue
        assert part <= whole, (u, t, sorted(part - whole))
        for q in sorted(whole - part):
            assert not set(rel.first[q]) & set(rel.second[u]), \
                f"op {u} may run before op {q}, which it conflicts with"
        checked += 1
    return checked


def test_need_rows_mean_what_the_proofs_assume_on_the_corpus(monkeypatch):
    from corpus_util import CORPUS, EXAMPLES
    from eqsat.text import parse_file
    paths = sorted(CORPUS.glob("*.mlir")) + sorted(EXAMPLES.glob("*.mlir"))
    total = sum(_check_need_meaning(parse_file(path), monkeypatch) for path in paths)
    assert total >= 50


def test_need_rows_mean_what_the_proofs_assume_on_random_kernels():
    from _pytest.monkeypatch import MonkeyPatch
    from hypothesis import HealthCheck, given, settings

    from eqsat.testing import kernels
    seen = []

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(kernels(max_arrays=4, allow_alias=True))
    def check(case):
        with MonkeyPatch.context() as mp:
            seen.append(_check_need_meaning(case.kernel, mp))
    check()
    assert sum(seen) > 0, seen


def test_the_need_check_catches_a_need_that_drops_a_conflict(monkeypatch):
    # what the proofs rest on is checked for real: an encoder whose Need dropped every
    # ordering (the root token) is caught on the corpus
    from corpus_util import CORPUS
    from eqsat.egraph import tokenfacts
    from eqsat.text import parse_file
    monkeypatch.setattr(tokenfacts._Needs, "of", lambda self, c, t: ())
    with pytest.raises(AssertionError, match="conflicts with"):
        _check_need_meaning(parse_file(CORPUS / "vector_add.seq.mlir"), monkeypatch)
