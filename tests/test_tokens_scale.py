"""The token rules' derived tables grow with the memory ops, not with pairs of them, and
the demand-driven `Contains` still finds containments many tokens deep."""
from __future__ import annotations

import eqsat.rules as rules_pkg
from eqsat.egraph import egg
from eqsat.egraph.encode import encode
from eqsat.egraph.saturate import Limits, saturate
from eqsat.equiv import check_equivalent
from eqsat.interp.inputs import parse_spec
from eqsat.ir.ops import MEMORY_OPS
from eqsat.memory.alias import alias_model
from eqsat.pipeline.optimize import optimize
from eqsat.text import parse

P = "tile<ptr<f32>>"
DERIVED = ("eqsat_egraph_tokenfacts_Need", "eqsat_rules_tokens_Ask",
           "eqsat_egraph_tokenfacts_Contains", "eqsat_rules_tokens_Member",
           "eqsat_rules_tokens_Step")


def _chain(units: int) -> str:
    """x[u] loaded, scaled and stored to y[u], `units` times: one program-order chain of
    2 * units memory ops, every store after every earlier store (same array)."""
    lines = [f"entry @chain(%x: {P}, %y: {P}) {{",
             "  %k = constant <f32: 1.500000e+00> : tile<f32>"]
    for u in range(units):
        lines += [f"  %i{u} = constant <i32: {u}> : tile<i32>",
                  f"  %px{u} = offset %x, %i{u} : {P}, tile<i32> -> {P}",
                  f"  %v{u}, %t{u} = load_ptr_tko weak %px{u} : {P} -> tile<f32>, token",
                  f"  %a{u} = mulf %v{u}, %k : tile<f32>",
                  f"  %py{u} = offset %y, %i{u} : {P}, tile<i32> -> {P}",
                  f"  %s{u} = store_ptr_tko weak %py{u}, %a{u} : {P}, tile<f32> -> token"]
    return "\n".join(lines + ["  return", "}"]) + "\n"


def _derived_rows(text: str) -> int:
    sizes: dict[str, int] = {}
    optimize(parse(text), noalias=True,
             on_saturated=lambda eg: sizes.update(egg.function_sizes(eg)))
    return sum(sizes.get(name, 0) for name in DERIVED)


def test_derived_token_rows_grow_with_ops_not_pairs():
    rows = {n: _derived_rows(_chain(n)) for n in (8, 16, 32)}
    # each op asks per need class, and containment is searched only where it is asked:
    # doubling the chain about doubles the rows (pairs would quadruple them)
    assert rows[32] <= 2.2 * rows[16] and rows[16] <= 2.2 * rows[8], rows


def _may_alias_saturated(text: str) -> tuple[dict[str, int], dict[str, int]]:
    """Rows per table and matches per rule once the rules saturate, arrays allowed to
    overlap (no extraction)."""
    kernel = parse(text)
    facts, _ = alias_model(kernel, noalias=False)
    with rules_pkg.rule_graph(rules_pkg.resolve("default")).open() as prepared:
        enc = encode(kernel, alias=facts, egraph=prepared.egraph)
        st = saturate(enc, prepared, Limits())
        assert st.stop_reason == "saturated", st.stop_reason
        return egg.function_sizes(prepared.egraph), st.matches


def test_asked_pairs_grow_with_ops_when_arrays_may_alias():
    """x and y may overlap: every op waits for the one before, and each re-join is
    absorbed. The chain below an op is then asked about once, not once per op above it
    (which made the asked pairs, and the saturation, quadratic in the chain)."""
    rows = {n: _may_alias_saturated(_chain(n))[0].get("eqsat_rules_tokens_Ask", 0)
            for n in (16, 32, 64)}
    assert rows[64] <= 2.2 * rows[32] and rows[32] <= 2.2 * rows[16], rows


def test_needs_list_no_op_another_stands_for_when_arrays_may_alias():
    """x and y may overlap, so each load needs every earlier store; but the weaker form
    of each store waits for the load before it, which waited for the stores before that,
    so a load's need is the last store alone. Listing them all made the joins grow with
    the chain, and taking their members apart its square (and saturation its cube)."""
    got = {n: _may_alias_saturated(_chain(n))[1].get("join-members-next", 0)
           for n in (16, 32, 64)}
    assert got[64] <= 2.2 * got[32] and got[32] <= 2.2 * got[16], got


DEEP = f"""entry @deep(%a: {P}, %b: {P}) {{
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %c2 = constant <i32: 2> : tile<i32>
  %c3 = constant <i32: 3> : tile<i32>
  %k = constant <f32: 1.500000e+00> : tile<f32>
  %pa1 = offset %a, %c1 : {P}, tile<i32> -> {P}
  %pa2 = offset %a, %c2 : {P}, tile<i32> -> {P}
  %pa3 = offset %a, %c3 : {P}, tile<i32> -> {P}
  %pb1 = offset %b, %c1 : {P}, tile<i32> -> {P}
  %s0 = store_ptr_tko weak %a, %k : {P}, tile<f32> -> token
  %v1, %t1 = load_ptr_tko weak %pa1 : {P} -> tile<f32>, token
  %v2, %t2 = load_ptr_tko weak %pa2 : {P} -> tile<f32>, token
  %r = store_ptr_tko weak %b, %v1 : {P}, tile<f32> -> token
  %s1 = store_ptr_tko weak %pa1, %k : {P}, tile<f32> -> token
  %w, %tw = load_ptr_tko weak %pa3 : {P} -> tile<f32>, token
  %s = addf %w, %v2 : tile<f32>
  %s2 = store_ptr_tko weak %pb1, %s : {P}, tile<f32> -> token
  return
}}"""


def test_a_join_is_absorbed_through_several_tokens(monkeypatch):
    """The last load of a needs the second store of a and the first one: the second
    store (which need not wait for the store to b before it, so it stands for less
    than its input) stands for the first through the join of the loads it waits for,
    which only a search three tokens deep finds, so the join of the two is the second
    store's token. The encoder drops such members from the needs it writes when it
    sees them covered by the weaker forms it makes (`_Needs._minimal`); that is turned
    off here, so that the rules' own search (which also serves the joins rewrites and
    program tokens make) has to find it, and the output is the same either way."""
    from eqsat.egraph.tokenfacts import _Needs
    from eqsat.text import print_kernel

    plain = print_kernel(optimize(parse(DEEP), noalias=True).kernel)
    monkeypatch.setattr(_Needs, "_minimal", lambda self, bag: tuple(bag))
    res = optimize(parse(DEEP), noalias=True)
    assert print_kernel(res.kernel) == plain
    m = res.report.matches
    assert m.get("ask-join", 0) > 0 and m.get("ask-rejoin-then", 0) > 0
    assert m.get("join-absorb", 0) + m.get("join-absorb-other", 0) > 0
    assert m.get("contains-transitive", 0) > 0
    loads = [op for op in res.kernel.walk() if op.name in MEMORY_OPS]
    last = [op for op in loads if op.name == "load_ptr_tko"][-1]
    assert last.token_in is not None and last.token_in.owner.name == "store_ptr_tko"
    spec = parse_spec({"convention": "raw", "grid": [1], "params": [
        {"name": n, "shape": [4], "dtype": "f32", "init": "normal"} for n in ("a", "b")]})
    eq = check_equivalent(parse(DEEP), res.kernel, spec, trials=2, schedules=20)
    assert eq.ok, eq.counterexample
