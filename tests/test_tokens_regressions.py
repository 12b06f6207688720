"""Regressions of the token rules on small kernels, each checked two ways: the output
means the same as the input under schedule fuzzing (tokenized ops interleaved), and
the token a memory op holds stands for the conflicting ops it must come after.

* An `if` with an empty branch: on the empty path the `if` passes on the token it
  got, on the other path the token after the branch's store; a later load must
  wait for both (it once got a stale token).
* A partly annotated kernel: `%A {alias = "g"}` next to a plain `%B`. Under the
  safe default an unannotated array may alias any array, annotated or not, so a
  store to B and a later load from A (and the other way round) stay ordered.

Both checks are themselves tested: they pass a hand-tokenized kernel with the right
orderings and fail it with each planted stale token / dropped ordering, and for the
alias case `noalias` (which gives the plain B a group of its own) does make the
optimizer reorder the pair, so the tests cannot pass vacuously.
"""
from __future__ import annotations

import pytest

from eqsat.equiv import check_equivalent
from eqsat.interp.inputs import parse_spec
from eqsat.ir.core import Operation, Value
from eqsat.ir.ops import MEMORY_OPS
from eqsat.pipeline.optimize import optimize
from eqsat.memory.ordering import ordered_pairs
from eqsat.text import parse, print_kernel
from eqsat.ir.verify import verify

TV = "tensor_view<1x4xi32, strides=[4,1]>"
PV = f"partition_view<tile=(1x1), {TV}>"
T = "tile<1x1xi32>"
DATA = {"kind": "data", "values": [1, 2, 3, 4]}


def _param_of(op: Operation) -> str:
    """The kernel parameter a view op's address comes from."""
    v = op.one("view")
    while isinstance(v.owner, Operation) and v.owner.operands:
        v = v.owner.operands[0]
    return v.name


def _column(op: Operation) -> int:
    """The (constant) column index of a view op on a 1x4 array."""
    idx = op.group("index")[1]
    return idx.owner.attrs["value"].scalar()


def _label(op: Operation) -> str:
    """`load:A[1]`, `store:B[0]` ... (kind, array, column)."""
    kind = "load" if op.name == "load_view_tko" else "store"
    return f"{kind}:{_param_of(op)}[{_column(op)}]"


# -- 1. an empty if branch passes on the token it got, not a stale one --------------------------
EMPTY_BRANCH = f"""entry @k(%A: tile<ptr<i32>>, %cond: tile<i1>) {{
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %tv = make_tensor_view %A, shape = [1, 4], strides = [4, 1] : {TV}
  %pv = make_partition_view %tv : {PV}
  %x, %t1 = load_view_tko weak %pv[%c0, %c0] : {PV}, tile<i32> -> {T}, token
  %one = constant <i32: 1> : {T}
  %y = addi %x, %one : {T}
  %t2 = store_view_tko weak %y, %pv[%c0, %c0] : {T}, {PV}, tile<i32> -> token
  if %cond {{
  }} else {{
    %ten = constant <i32: 10> : {T}
    %t3 = store_view_tko weak %ten, %pv[%c0, %c0] : {T}, {PV}, tile<i32> -> token
  }}
  %w, %t4 = load_view_tko weak %pv[%c0, %c0] : {PV}, tile<i32> -> {T}, token
  %t5 = store_view_tko weak %w, %pv[%c0, %c1] : {T}, {PV}, tile<i32> -> token
  return
}}"""


def _cond_spec(cond: int):
    # A = [[1, 2, 3, 4]]: cond true (the empty branch) leaves [[2, 2, 3, 4]],
    # cond false (the store of 10) leaves [[10, 10, 3, 4]]
    return parse_spec({"convention": "raw", "grid": [1], "params": [
        {"name": "A", "shape": [1, 4], "dtype": "i32", "init": DATA},
        {"name": "cond", "dtype": "i1", "value": cond}]})


def _done(v: Value, taken: int) -> set[int]:
    """The memory ops (ids) token `v` stands for when every `if` takes branch `taken`
    (0: then, 1: else): a path-sensitive reading of the program's tokens."""
    op = v.owner
    if not isinstance(op, Operation) or op.name == "make_token":
        return set()
    if op.name in MEMORY_OPS:
        return {id(op)} | (_done(op.token_in, taken) if op.token_in is not None else set())
    if op.name == "join_tokens":
        return set().union(*(_done(x, taken) for x in op.operands))
    if op.name == "if":
        t = op.regions[taken].terminator
        assert t is not None and t.name == "yield", "the branches of the if fall through"
        return _done(t.operands[v.index], taken)
    raise AssertionError(f"unexpected token producer '{op.name}'")


def _branch_ops(k):
    """(store before the if, store in the else branch, final load) of EMPTY_BRANCH."""
    stores = [op for op in k.walk() if op.name == "store_view_tko"]
    inside = [op for op in stores
              if isinstance(op.parent.parent, Operation) and op.parent.parent.name == "if"]
    assert len(inside) == 1
    before = next(op for op in stores if op.one("value").owner.name == "addi")
    out = next(op for op in stores if _column(op) == 1)
    final = out.one("value").owner
    assert final.name == "load_view_tko"
    return before, inside[0], final


def _unordered_paths(k) -> list[str]:
    """Paths on which the final load does not wait for a store that ran before it."""
    before, in_else, final = _branch_ops(k)
    bad = []
    for taken, must in ((0, {id(before)}), (1, {id(before), id(in_else)})):
        if final.token_in is None or not must <= _done(final.token_in, taken):
            bad.append("then (empty)" if taken == 0 else "else (store)")
    return bad


def _equivalent_both_ways(k, out, schedules: int = 20) -> list[str]:
    msgs = []
    for cond in (1, 0):
        res = check_equivalent(k, out, _cond_spec(cond), trials=1, schedules=schedules)
        if not res.ok:
            msgs.append(f"cond={cond}: {res.message}")
    return msgs


@pytest.mark.parametrize("rules", ["tokens", "default"])
def test_a_load_after_an_if_with_an_empty_branch_waits_for_both_paths(rules):
    k = parse(EMPTY_BRANCH)
    res = optimize(k, rules=rules)
    assert res.report.fallback is None, res.report.fallback
    out = res.kernel
    verify(out)
    assert _equivalent_both_ways(k, out) == [], print_kernel(out)
    assert any(op.name == "if" for op in out.walk())
    assert _unordered_paths(out) == [], print_kernel(out)


# the ordering the optimizer must keep, written out: then yields the token after the
# store before the if, else the token after its own store (which waits for that one)
EMPTY_BRANCH_TOKENS = f"""entry @k(%A: tile<ptr<i32>>, %cond: tile<i1>) {{
  %t0 = make_token : token
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %tv = make_tensor_view %A, shape = [1, 4], strides = [4, 1] : {TV}
  %pv = make_partition_view %tv : {PV}
  %x, %t1 = load_view_tko weak %pv[%c0, %c0] token = %t0 : {PV}, tile<i32> -> {T}, token
  %one = constant <i32: 1> : {T}
  %y = addi %x, %one : {T}
  %t2 = store_view_tko weak %y, %pv[%c0, %c0] token = %t1 : {T}, {PV}, tile<i32> -> token
  %ti = if %cond -> (token) {{
    yield %t2 : token
  }} else {{
    %ten = constant <i32: 10> : {T}
    %t3 = store_view_tko weak %ten, %pv[%c0, %c0] token = %t2 : {T}, {PV}, tile<i32> -> token
    yield %t3 : token
  }}
  %w, %t4 = load_view_tko weak %pv[%c0, %c0] token = %ti : {PV}, tile<i32> -> {T}, token
  %t5 = store_view_tko weak %w, %pv[%c0, %c1] token = %t4 : {T}, {PV}, tile<i32> -> token
  return
}}"""
STALE = {
    "load takes the pre-if token": ("token = %ti :", "token = %t2 :"),      # misses else's store
    "empty branch yields the token before the store": ("yield %t2 :", "yield %t1 :"),
    "else branch yields the token before its store": ("yield %t3 :", "yield %t2 :"),
}


def test_the_empty_branch_checks_pass_the_right_tokens():
    k, good = parse(EMPTY_BRANCH), parse(EMPTY_BRANCH_TOKENS)
    verify(good)
    assert _unordered_paths(good) == []
    assert _equivalent_both_ways(k, good) == []


@pytest.mark.parametrize("bug", sorted(STALE))
def test_the_empty_branch_checks_catch_a_stale_token(bug):
    """Plant a stale token in the right ordering: both checks above must fail (the
    fuzzing on the path the stale token skips a store of)."""
    old, new = STALE[bug]
    assert EMPTY_BRANCH_TOKENS.count(old) == 1
    k, bad = parse(EMPTY_BRANCH), parse(EMPTY_BRANCH_TOKENS.replace(old, new))
    verify(bad)
    assert _unordered_paths(bad) != []
    assert _equivalent_both_ways(k, bad) != []


# -- 2. a partly annotated kernel: the unannotated array may alias the annotated one -----------
PARTLY = f"""entry @k(%A: tile<ptr<i32>> {{alias = "g"}}, %B: tile<ptr<i32>>) {{
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %c2 = constant <i32: 2> : tile<i32>
  %ta = make_tensor_view %A, shape = [1, 4], strides = [4, 1] : {TV}
  %pa = make_partition_view %ta : {PV}
  %tb = make_tensor_view %B, shape = [1, 4], strides = [4, 1] : {TV}
  %pb = make_partition_view %tb : {PV}
  %x, %t1 = load_view_tko weak %pa[%c0, %c0] : {PV}, tile<i32> -> {T}, token
  %inc = constant <i32: 10> : {T}
  %y = addi %x, %inc : {T}
  %t2 = store_view_tko weak %y, %pb[%c0, %c0] : {T}, {PV}, tile<i32> -> token
  %w, %t3 = load_view_tko weak %pa[%c0, %c0] : {PV}, tile<i32> -> {T}, token
  %t4 = store_view_tko weak %w, %pa[%c0, %c1] : {T}, {PV}, tile<i32> -> token
  %v, %t5 = load_view_tko weak %pb[%c0, %c1] : {PV}, tile<i32> -> {T}, token
  %t6 = store_view_tko weak %v, %pb[%c0, %c2] : {T}, {PV}, tile<i32> -> token
  return
}}"""
# B is A: the store to B[0] feeds the load of A[0], the store to A[1] the load of B[1]
# (A = [[1, 2, 3, 4]] ends as [[11, 11, 11, 4]]; a load that overtakes either store
# reads 1 or 2 instead)
ALIASED = parse_spec({"convention": "raw", "grid": [1], "params": [
    {"name": "A", "shape": [1, 4], "dtype": "i32", "init": DATA},
    {"name": "B", "same_as": "A"}]})
# (store, later load) pairs the tokens alone keep apart: no data flows between them
MUST_ORDER = [("store:B[0]", "load:A[0]"), ("store:A[1]", "load:B[1]")]


def _lost_orderings(k) -> list[str]:
    ops = {_label(op): op for op in k.walk() if op.name in MEMORY_OPS}
    pairs = ordered_pairs(k)
    return [f"{a} -> {b}" for a, b in MUST_ORDER if (id(ops[a]), id(ops[b])) not in pairs]


@pytest.mark.parametrize("kw", [{}, {"noalias": False}, {"rules": "tokens"}],
                         ids=["default", "noalias=False", "tokens"])
def test_a_partly_annotated_kernel_keeps_the_unannotated_array_ordered(kw):
    k = parse(PARTLY)                               # token-free: program order
    res = optimize(k, **kw)
    assert res.report.fallback is None, res.report.fallback
    out = res.kernel
    verify(out)
    assert out.params[0].attrs.get("alias") == "g" and "alias" not in out.params[1].attrs
    eq = check_equivalent(k, out, ALIASED, trials=2, schedules=20)
    assert eq.ok, eq.message + "\n" + print_kernel(out)
    assert _lost_orderings(out) == [], print_kernel(out)


# the program-order chain, tokenized by hand, and with one of MUST_ORDER dropped
PARTLY_TOKENS = f"""entry @k(%A: tile<ptr<i32>> {{alias = "g"}}, %B: tile<ptr<i32>>) {{
  %t0 = make_token : token
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %c2 = constant <i32: 2> : tile<i32>
  %ta = make_tensor_view %A, shape = [1, 4], strides = [4, 1] : {TV}
  %pa = make_partition_view %ta : {PV}
  %tb = make_tensor_view %B, shape = [1, 4], strides = [4, 1] : {TV}
  %pb = make_partition_view %tb : {PV}
  %x, %t1 = load_view_tko weak %pa[%c0, %c0] token = %t0 : {PV}, tile<i32> -> {T}, token
  %inc = constant <i32: 10> : {T}
  %y = addi %x, %inc : {T}
  %t2 = store_view_tko weak %y, %pb[%c0, %c0] token = %t1 : {T}, {PV}, tile<i32> -> token
  %w, %t3 = load_view_tko weak %pa[%c0, %c0] token = %t2 : {PV}, tile<i32> -> {T}, token
  %t4 = store_view_tko weak %w, %pa[%c0, %c1] token = %t3 : {T}, {PV}, tile<i32> -> token
  %v, %t5 = load_view_tko weak %pb[%c0, %c1] token = %t4 : {PV}, tile<i32> -> {T}, token
  %t6 = store_view_tko weak %v, %pb[%c0, %c2] token = %t5 : {T}, {PV}, tile<i32> -> token
  return
}}"""
DROPPED = {
    "store:B[0] -> load:A[0]": ("token = %t2 :", "token = %t1 :"),
    "store:A[1] -> load:B[1]": ("token = %t4 :", "token = %t3 :"),
}


@pytest.mark.parametrize("pair", [None, *DROPPED])
def test_the_partly_annotated_checks_catch_a_dropped_ordering(pair):
    """Both checks pass the program-order chain and fail it with one pair unordered."""
    text = PARTLY_TOKENS
    if pair is not None:
        old, new = DROPPED[pair]
        assert text.count(old) == 1
        text = text.replace(old, new)
    k, tk = parse(PARTLY), parse(text)
    verify(tk)
    assert _lost_orderings(tk) == ([] if pair is None else [pair])
    assert check_equivalent(k, tk, ALIASED, trials=2, schedules=20).ok == (pair is None)


def test_noalias_would_reorder_the_pair():
    """The optimizer does move the load of A above the store to B once `noalias` gives
    the plain B a group of its own (a promise the ALIASED memory breaks): the
    partly-annotated test does not pass because nothing ever moves."""
    k = parse(PARTLY)
    out = optimize(k, noalias=True).kernel
    assert "store:B[0] -> load:A[0]" in _lost_orderings(out)
    assert not check_equivalent(k, out, ALIASED, trials=2, schedules=20).ok
