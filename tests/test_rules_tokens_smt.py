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


# the fold rules of loops that run no iteration: proved in the ordering model too
LOOP_FOLDS = ("for-idle-results", "for-idle-body")


def _set_rules(name, only=None):
    return [pytest.param(name, r, id=f"{name}:{r.name}") for r in rules.get(name).rules
            if only is None or r.name in only]


@pytest.mark.parametrize("set_name,rule", _set_rules("tokens") + _set_rules("core")
                         + _set_rules("fold", LOOP_FOLDS))
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


def _idle(lb_val, ub_val, step_val, bd=None):
    c1, c2, c3 = (T.Const(ty, el, v) for ty, el, v in
                  ((t, nm, lb_val), (tt, ce, ub_val), (fty, el, step_val)))
    return T.For(r, c1, c2, c3, inits, body if bd is None else bd, fty)


def test_wrong_folds_of_a_loop_that_runs_no_iteration_are_refuted():
    assert {r.name for r in rules.get("fold")} >= set(LOOP_FOLDS)
    res = (pr == T.Proj(f, k, t), f == _idle(a, b, i))
    fine = infer("idle-ok", *res, i > i64(0), a >= b, k < inits.length(),
                 then=[union(pr).with_(inits[k])])
    assert prove(fine) == ("proved", "")
    # (which goal a refutation names first is the solver's choice)
    # a step that may be zero or negative: the loop may run (or trap)
    _refuted(infer("idle-any-step", *res, a >= b, k < inits.length(),
                   then=[union(pr).with_(inits[k])]))
    # lb < ub: it runs
    _refuted(infer("idle-backwards", *res, i > i64(0), a <= b, k < inits.length(),
                   then=[union(pr).with_(inits[k])]))
    # another init, or what the body yields
    _refuted(infer("idle-next-init", *res, i > i64(0), a >= b, k + 1 < inits.length(),
                   then=[union(pr).with_(inits[k + 1])]))
    _refuted(infer("idle-yield", *res, i > i64(0), a >= b, k < inits.length(),
                   then=[union(pr).with_(body[k])]))
    # a loop with any bounds does not lose its body; nor does a `loop` (no bounds)
    _refuted(infer("any-for-empty", f == _idle(a, b, i),
                   then=[union(f).with_(_idle(a, b, i, inits))]))
    _refuted(infer("loop-inits", pr == T.Proj(f, k, t), f == T.Loop(r, inits, body, fty),
                   k < inits.length(), then=[union(pr).with_(inits[k])]))


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
# (tests/need_meaning.py: what each token stands for, loops and ifs included, and the check)
def _kernel_files():
    from corpus_util import CORPUS, EXAMPLES, ROOT
    return (sorted(CORPUS.glob("*.mlir")) + sorted(EXAMPLES.glob("*.mlir"))
            + sorted((ROOT / "benchmarks" / "kernels").glob("*.seq.mlir")))


def test_need_rows_mean_what_the_proofs_assume_on_the_corpus():
    from need_meaning import Coverage, check, encode_recorded, region_facts
    from eqsat.memory.relations import LOOP_PARALLEL
    from eqsat.text import parse_file
    total, regions = Coverage(), 0
    for path in _kernel_files():
        kernel = parse_file(path)
        for mode in LOOP_PARALLEL:                    # with every cross-iteration proof, or
            e = encode_recorded(kernel, loop_parallel=mode)            # cuTile's only
            got = check(e)
            assert got.checked == got.ops, (path.name, mode, got)  # every row is checked
            total += got
            regions += region_facts(e)            # and CarryArg, CarryOut, IfBase
    assert regions >= 100, regions
    # most ops are in loops and ifs, or wait through their tokens; some needs drop an
    # earlier iteration's conflicting access that the injectivity proofs separate
    assert total.checked >= 360 and total.through >= 280, total
    assert total.dropped_iter > 0 and total.class_rows > 0, total


def _random_check(case, tokensets: bool) -> tuple:
    from need_meaning import check, encode_recorded, region_facts, tokensets_agree
    e = encode_recorded(case.kernel)
    region_facts(e)
    got = check(e)
    assert got.checked == got.ops, got
    return got, tokensets_agree(e) if tokensets else 0


def test_need_rows_mean_what_the_proofs_assume_on_random_kernels():
    from hypothesis import HealthCheck, given, settings

    from need_meaning import Coverage
    from eqsat.testing import kernels
    total = Coverage()

    @settings(max_examples=settings.default.max_examples, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(kernels(max_arrays=4, allow_alias=True, max_depth=3))
    def check(case):
        nonlocal total
        total += _random_check(case, False)[0]
    check()
    assert total.through > 0 and total.through >= total.checked // 2, total


def test_token_sets_here_are_the_cost_models_on_tokenized_kernels():
    # the fixpoint the check reads, computed over the encoder's tokens, equals the one
    # eqsat.memory.tokensets computes over the IR (which the encoder's Need does not use)
    from hypothesis import HealthCheck, given, settings

    from need_meaning import encode_recorded, tokensets_agree
    from eqsat.testing import kernels
    from eqsat.text import parse_file
    from eqsat.egraph.encode import is_tokenized
    seen = 0
    for path in _kernel_files():
        k = parse_file(path)
        if is_tokenized(k):
            seen += tokensets_agree(encode_recorded(k))
    assert seen >= 50

    @settings(max_examples=max(10, settings.default.max_examples // 2), deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(kernels(max_arrays=3, allow_alias=True, max_depth=3, tokenized=True))
    def check(case):
        nonlocal seen
        seen += _random_check(case, True)[1]
    check()


# a load and store of one address, every iteration (the store in an if), then again after
# the if and after the loop: every token kind orders a conflicting access
_ACCUMULATE = """
entry @acc(%arg0: tile<ptr<f32>>, %arg1: tile<i32>) optimization_hints=<default = {}> {
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %one = constant <f32: 1.000000e+00> : tile<f32>
  for %i in (%c0 to %arg1, step %c1) : tile<i32> {
    %cond = cmpi less_than %i, %c1, signed : tile<i32> -> tile<i1>
    %x, %t = load_ptr_tko weak %arg0 : tile<ptr<f32>> -> tile<f32>, token
    if %cond {
      %y = addf %x, %one : tile<f32>
      %s = store_ptr_tko weak %arg0, %y : tile<ptr<f32>>, tile<f32> -> token
    } else {
    }
    %w, %t3 = load_ptr_tko weak %arg0 : tile<ptr<f32>> -> tile<f32>, token
  }
  %z, %t2 = load_ptr_tko weak %arg0 : tile<ptr<f32>> -> tile<f32>, token
  %s2 = store_ptr_tko weak %arg0, %z : tile<ptr<f32>>, tile<f32> -> token
  return
}
"""


# tokens the input names, carried crosswise and through an if: both carried tokens, the
# if's result and both loop results are open
_TWO_CARRIED = """
entry @two(%p: tile<ptr<i32>>, %q: tile<ptr<i32>>, %n: tile<i32>) {
  %t0 = make_token : token
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %v0, %ta = load_ptr_tko weak %p token=%t0 : tile<ptr<i32>> -> tile<i32>, token
  %ra, %rb = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%a = %ta, %b = %t0) -> (token, token) {
    %v, %t = load_ptr_tko weak %q token=%a : tile<ptr<i32>> -> tile<i32>, token
    %s = store_ptr_tko weak %p, %v token=%b : tile<ptr<i32>>, tile<i32> -> token
    %cnd = cmpi equal %v, %c0, signed : tile<i32> -> tile<i1>
    %y = if %cnd -> (token) {
      %s2 = store_ptr_tko weak %q, %v token=%s : tile<ptr<i32>>, tile<i32> -> token
      yield %s2 : token
    } else {
      yield %a : token
    }
    %j = join_tokens %y, %t : token
    continue %s, %j : token, token
  }
  %u, %tu = load_ptr_tko weak %p token=%rb : tile<ptr<i32>> -> tile<i32>, token
  %u2, %tu2 = load_ptr_tko weak %q token=%ra : tile<ptr<i32>> -> tile<i32>, token
  %w = store_ptr_tko weak %q, %u token=%tu2 : tile<ptr<i32>>, tile<i32> -> token
  return
}
"""

# a `loop` leaving by a `break` and a `continue` from ifs, with the program-order chain
_BREAK_CONTINUE = """
entry @brk(%p: tile<ptr<i32>>, %q: tile<ptr<i32>>) {
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %r = loop iter_values(%k = %c0) : tile<i32> -> tile<i32> {
    %v, %t = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
    %k2 = addi %k, %v : tile<i32>
    %s = store_ptr_tko weak %q, %k2 : tile<ptr<i32>>, tile<i32> -> token
    %done = cmpi equal %v, %c0, signed : tile<i32> -> tile<i1>
    if %done {
      %s3 = store_ptr_tko weak %p, %k2 : tile<ptr<i32>>, tile<i32> -> token
      break %k2 : tile<i32>
    }
    %w, %t4 = load_ptr_tko weak %q : tile<ptr<i32>> -> tile<i32>, token
    %odd = cmpi equal %w, %c1, signed : tile<i32> -> tile<i1>
    if %odd {
      %s5 = store_ptr_tko weak %p, %w : tile<ptr<i32>>, tile<i32> -> token
      continue %w : tile<i32>
    }
    continue %k2 : tile<i32>
  }
  %u, %t6 = load_ptr_tko weak %q : tile<ptr<i32>> -> tile<i32>, token
  %s7 = store_ptr_tko weak %p, %u : tile<ptr<i32>>, tile<i32> -> token
  return
}
"""


@pytest.mark.parametrize("text", [_TWO_CARRIED, _BREAK_CONTINUE], ids=["open", "exits"])
def test_need_rows_mean_what_the_proofs_assume_through_exits_and_open_tokens(text):
    from need_meaning import StandsFor, check, encode_recorded, tokensets_agree
    from eqsat.egraph.encode import is_tokenized
    from eqsat.ir.verify import verify
    from eqsat.text import parse
    kernel = parse(text)
    verify(kernel)
    e = encode_recorded(kernel)
    rel = e.needs.rel
    if is_tokenized(kernel):
        assert rel.open_arg and rel.open_out and rel.open_if
        assert tokensets_agree(e) == 14          # every token value of the kernel
    else:
        (r,) = StandsFor(e).loops
        exits = StandsFor(e).exits
        assert len(exits[r, "continue"]) == 2 and len(exits[r, "break"]) == 1
    got = check(e)
    assert got.checked == got.ops == 7 and got.through >= 6, got


# axpy in place, in a loop: a load's earlier-iteration instances of the store are apart
# in the inner loop's iterations (one tile per index), not in the outer loop's
_NESTED_PARALLEL = """
entry @nested_axpy(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg6: tile<f32>, %n: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_2], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_4 = make_tensor_view %assume_0, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview = make_partition_view %tview_4 : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
  %0 = get_index_space_shape %pview : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>> -> tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
  %pview_5 = make_partition_view %tview : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %pview_6 = make_partition_view %tview_4 : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %reshape = reshape %arg6 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<1024xf32>
  %pview_7 = make_partition_view %tview_4 : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
  for %k in (%c0 to %n, step %c1) : tile<i32> {
    for %loopIdx in (%blockId_x to %0, step %gridSize_x) : tile<i32> {
      %tile, %result_token = load_view_tko weak %pview_5[%loopIdx] : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
      %tile_8, %result_token_9 = load_view_tko weak %pview_6[%loopIdx] : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
      %1 = fma %bcast, %tile, %tile_8  : tile<1024xf32>
      %2 = store_view_tko weak %1, %pview_7[%loopIdx] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    }
  }
  return
}
"""


def _needs_passing(monkeypatch, kind_tag):
    """Have the encoder compute `Need` from relations that let every class pass tokens of
    kind `kind_tag` (a loop's carried token, a loop's or an if's result) on to the token
    before the region, as a wrong loop-freedom or region-key analysis would: the rows
    then drop what the region orders."""
    import eqsat.egraph.encode as enc_mod
    real = enc_mod.relations

    def relations(*a, **kw):
        rel = real(*a, **kw)
        if kind_tag == "arg":          # every op may skip every loop's earlier iterations
            rel.loop_free, rel.loop_bound = rel.loop_free + rel.loop_bound, []
        elif kind_tag == "loop_out":   # no op waits for anything in a loop
            rel.loop_keys = {r: () for r in rel.loop_keys}
        else:                          # nor in an if
            rel.if_keys = [(h, ()) for h, _ in rel.if_keys]
        return rel
    monkeypatch.setattr(enc_mod, "relations", relations)


@pytest.mark.parametrize("kind_tag,says", [
    # the load at the top of the body runs before the last iteration's store
    ("arg", r"\(load_ptr_tko\) may run before op \d+ \(store_ptr_tko\) from an earlier "
            "iteration of loop 1"),
    # the load after the if, or after the loop, before the store in the if
    ("if_out", r"\(load_ptr_tko\) may run before op \d+ \(store_ptr_tko\), which .* "
               r"its input token \S+ orders it"),
    ("loop_out", r"\(load_ptr_tko\) may run before op \d+ \(store_ptr_tko\), which .* "
                 r"its input token \S+ orders it"),
])
def test_the_need_check_catches_a_need_that_drops_a_region_access(monkeypatch, kind_tag, says):
    from need_meaning import NeedViolation, check, encode_recorded
    from eqsat.text import parse
    kernel = parse(_ACCUMULATE)
    assert check(encode_recorded(kernel)).checked == 5
    _needs_passing(monkeypatch, kind_tag)
    with pytest.raises(NeedViolation, match=says):
        check(encode_recorded(kernel))


def test_the_need_check_catches_a_dropped_iteration_on_a_corpus_kernel(monkeypatch):
    # the accumulating store in an if in a loop: its load of the next iteration needs it
    from corpus_util import CORPUS
    from need_meaning import NeedViolation, check, encode_recorded
    from eqsat.text import parse_file
    _needs_passing(monkeypatch, "arg")
    with pytest.raises(NeedViolation, match="from an earlier iteration of loop"):
        check(encode_recorded(parse_file(CORPUS / "relu_accum_mem.seq.mlir")))


def test_the_need_check_catches_a_need_beyond_its_input(monkeypatch):
    # a bag naming a token its input does not stand for (a later op's)
    from need_meaning import NeedViolation, check, encode_recorded
    from eqsat.egraph import tokenfacts
    from eqsat.text import parse
    real = tokenfacts._Needs.of

    def of(self, c, t):
        got = real(self, c, t)
        last = [n for n, k in self.kinds.items() if k[0] == "mem"][-1]
        return got if got is None or t == last else (*got, ("tok", last))
    monkeypatch.setattr(tokenfacts._Needs, "of", of)
    with pytest.raises(NeedViolation, match="which its input token .* does not"):
        check(encode_recorded(parse(_ACCUMULATE)))


def test_the_need_check_catches_a_need_that_drops_a_conflict(monkeypatch):
    # an encoder whose Need dropped every ordering (the root token) is caught
    from corpus_util import CORPUS
    from need_meaning import NeedViolation, check, encode_recorded
    from eqsat.egraph import tokenfacts
    from eqsat.text import parse_file
    monkeypatch.setattr(tokenfacts._Needs, "of", lambda self, c, t: ())
    with pytest.raises(NeedViolation, match="conflicts with"):
        check(encode_recorded(parse_file(CORPUS / "vector_add.seq.mlir")))


def test_a_need_past_an_inner_loop_keeps_the_outer_loops_iterations(monkeypatch):
    from need_meaning import NeedViolation, StandsFor, check, encode_recorded
    from eqsat.text import parse
    kernel = parse(_NESTED_PARALLEL)
    e = encode_recorded(kernel)
    got = check(e)
    assert got.checked == got.ops == 3 and got.dropped_iter == 1, got
    # the load of the array the store writes needs the outer loop's carried token
    s = StandsFor(e)
    u, t = e.needs.heads[1]
    bag = e.needs.of(e.needs.rel.need_class[u], t)
    assert [s.kinds[x[1]][:2] for x in bag] == [("arg", 1)]
    # skipping the outer loop's earlier iterations too drops its store of the same tile
    _needs_passing(monkeypatch, "arg")
    with pytest.raises(NeedViolation, match=r"\(load_view_tko\) may run before op \d+ "
                       r"\(store_view_tko\) from an earlier iteration of loop 1"):
        check(encode_recorded(kernel))


def test_the_need_check_asks_a_row_of_every_op_of_its_class(monkeypatch):
    # a store that orders after nothing, put in the loads' need class: the loads' row
    # of a token that orders a load drops it, which the store conflicts with
    import eqsat.egraph.encode as enc_mod
    from need_meaning import NeedViolation, check, encode_recorded
    from eqsat.text import parse
    kernel = parse("""
entry @one_class(%p: tile<ptr<i32>>) {
  %t0 = make_token : token
  %v, %t1 = load_ptr_tko weak %p token=%t0 : tile<ptr<i32>> -> tile<i32>, token
  %w, %t2 = load_ptr_tko weak %p token=%t1 : tile<ptr<i32>> -> tile<i32>, token
  %s = store_ptr_tko weak %p, %w token=%t0 : tile<ptr<i32>>, tile<i32> -> token
  return
}
""")
    got = check(encode_recorded(kernel))
    assert got.checked == got.ops == 3 and got.class_rows == 1, got
    real = enc_mod.relations

    def relations(*a, **kw):
        rel = real(*a, **kw)
        rel.need_class = dict.fromkeys(rel.need_class, 1)
        return rel
    monkeypatch.setattr(enc_mod, "relations", relations)
    with pytest.raises(NeedViolation, match=r"\(store_ptr_tko\) may run before op \d+ "
                       r"\(load_ptr_tko\), which .* the need of its class 1 of it"):
        check(encode_recorded(kernel))


def test_the_region_check_catches_an_open_carried_token_called_closed(monkeypatch):
    # the second carried token stands for the first's init through the if: not closed
    import eqsat.egraph.encode as enc_mod
    from need_meaning import NeedViolation, encode_recorded, region_facts
    from eqsat.text import parse
    kernel = parse(_TWO_CARRIED)
    assert region_facts(encode_recorded(kernel)) == 0      # every region token is open
    real = enc_mod.relations

    def relations(*a, **kw):
        rel = real(*a, **kw)
        rel.carry_arg = [(r, x, x - 1) for r, x in rel.open_arg]
        return rel
    monkeypatch.setattr(enc_mod, "relations", relations)
    with pytest.raises(NeedViolation, match=r"carried token 2 of loop 1 stands for ops "
                       r"\[\d+\], neither inside nor before"):
        region_facts(encode_recorded(kernel))
