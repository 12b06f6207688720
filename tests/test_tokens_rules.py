"""The token rules on small kernels: who waits for whom after `optimize`, and that the
result still means the same under schedule fuzzing (blocks interleaved)."""
from __future__ import annotations

import pytest

from eqsat.equiv import check_equivalent
from eqsat.interp.inputs import parse_spec
from eqsat.ir.core import Operation
from eqsat.ir.ops import MEMORY_OPS
from eqsat.pipeline.optimize import optimize
from eqsat.memory.stats import kernel_stats
from eqsat.memory.tokensets import TokenSets
from eqsat.text import parse

P = "tile<ptr<f32>>"
I = "tile<ptr<i32>>"


def _label(op: Operation) -> str:
    """`load:a`, `store:c`, `cas:lock` ... by the parameter the address comes from."""
    v = op.one("view") if op.name.endswith("view_tko") else op.one("ptr")
    while isinstance(v.owner, Operation) and v.owner.operands:
        v = v.owner.operands[0]
    kind = {"load_ptr_tko": "load", "store_ptr_tko": "store", "atomic_cas_tko": "cas",
            "atomic_rmw_tko": "rmw", "load_view_tko": "load", "store_view_tko": "store"}
    return f"{kind.get(op.name, op.name)}:{v.name}"


def _frontier(v) -> set[str]:
    """The memory ops a token is made of (through joins, loops' inits and ifs' yields)."""
    op = v.owner
    if not isinstance(op, Operation):
        return {"carried"}
    if op.name in MEMORY_OPS:
        return {_label(op)}
    if op.name == "join_tokens":
        return set().union(*(_frontier(x) for x in op.operands))
    if op.name == "make_token":
        return set()
    return {op.name}


def waits(k) -> dict[str, set[str]]:
    """For each memory op (by label; the first one if repeated): what its token is made of."""
    out: dict[str, set[str]] = {}
    for op in k.walk():
        if op.name in MEMORY_OPS:
            out.setdefault(_label(op), _frontier(op.token_in) if op.token_in is not None
                           else set())
    return out


def _spec(params: list[tuple[str, int, str]], grid=(2,)):
    return parse_spec({"convention": "raw", "grid": list(grid), "params": [
        {"name": n, "shape": [s], "dtype": d, "init": {"kind": "randint", "low": 0,
                                                         "high": 5}}
        if d.startswith("i") else {"name": n, "shape": [s], "dtype": d, "init": "normal"}
        for n, s, d in params]})


STRAIGHT = f"""entry @k(%a: {P}, %b: {P}, %c: {P}) {{
  %x, %t1 = load_ptr_tko weak %a : {P} -> tile<f32>, token
  %y, %t2 = load_ptr_tko weak %b : {P} -> tile<f32>, token
  %s = addf %x, %y : tile<f32>
  %t3 = store_ptr_tko weak %c, %s : {P}, tile<f32> -> token
  %z, %t4 = load_ptr_tko weak %c : {P} -> tile<f32>, token
  %t5 = store_ptr_tko weak %a, %z : {P}, tile<f32> -> token
  return
}}"""
STRAIGHT_SPEC = _spec([("a", 1, "f32"), ("b", 1, "f32"), ("c", 1, "f32")], grid=(1,))


def test_loads_need_not_wait_for_loads_and_disjoint_memory_is_free():
    k = parse(STRAIGHT)
    out = optimize(k, noalias=True).kernel
    assert waits(out) == {"load:a": set(), "load:b": set(), "store:c": set(),
                          "load:c": {"store:c"}, "store:a": {"load:a"}}
    assert kernel_stats(out, noalias=True)["needless_orderings"] == 0
    assert check_equivalent(k, out, STRAIGHT_SPEC, trials=3, schedules=10).ok


def test_safe_default_keeps_orderings_of_arrays_that_may_alias():
    k = parse(STRAIGHT)
    out = optimize(k).kernel                       # no --noalias: a, b, c may overlap
    w = waits(out)
    assert w["load:b"] == set()                    # still: loads never wait for loads
    assert w["store:c"] == {"load:a", "load:b"}    # one join of both
    assert w["load:c"] == {"store:c"}
    assert w["store:a"] == {"load:c"}              # ... which already waited for the rest
    assert sum(1 for op in out.walk() if op.name == "join_tokens") == 1
    aliased = parse_spec({"convention": "raw", "grid": [1], "params": [
        {"name": "a", "shape": [1], "dtype": "f32", "init": "normal"},
        {"name": "b", "same_as": "a"}, {"name": "c", "same_as": "a"}]})
    assert check_equivalent(k, out, aliased, trials=3, schedules=20).ok


def test_groups_from_the_api_and_attributes():
    k = parse(STRAIGHT)
    w = waits(optimize(k, noalias=True, alias_groups={"a": "g", "c": ["g"]}).kernel)
    assert w["store:c"] == {"load:a"}              # c may overlap a, not b
    k2 = parse(STRAIGHT.replace(f"%b: {P}", f'%b: {P} {{alias = "g"}}').replace(
        f"%c: {P})", f'%c: {P} {{alias = "g"}})'))
    assert waits(optimize(k2, noalias=True).kernel)["store:c"] == {"load:b"}


SYNC = f"""entry @k(%lock: {I}, %d: {I}, %e: {I}, %n: {I}) {{
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %x, %t0 = load_ptr_tko weak %e : {I} -> tile<i32>, token
  %q, %tq = atomic_rmw_tko relaxed device %n, add, %c1 : {I}, tile<i32> -> tile<i32>, token
  %old, %ta = atomic_cas_tko acquire device %lock, %c0, %c1 : {I}, tile<i32> -> tile<i32>, token
  %v, %t1 = load_ptr_tko weak %d : {I} -> tile<i32>, token
  %sum = addi %v, %x : tile<i32>
  %t2 = store_ptr_tko weak %e, %sum : {I}, tile<i32> -> token
  %p, %tr = atomic_rmw_tko release device %lock, xchg, %c0 : {I}, tile<i32> -> tile<i32>, token
  %u, %t4 = load_ptr_tko weak %n : {I} -> tile<i32>, token
  %t5 = store_ptr_tko weak %d, %u : {I}, tile<i32> -> token
  return
}}"""


def test_acquire_and_release():
    k = parse(SYNC)
    out = optimize(k, noalias=True).kernel
    ops = [op for op in out.walk() if op.name in MEMORY_OPS]
    w = {(_label(op), i): _frontier(op.token_in) for i, op in enumerate(ops)}
    by = {lab: deps for (lab, _), deps in w.items()}
    assert by["load:e"] == set()
    assert by["rmw:n"] == set()           # a relaxed atomic is no acquire ...
    assert by["cas:lock"] == set()        # ... and an acquire waits for nothing earlier
    assert by["load:d"] == {"cas:lock"}   # later ops stay after the acquire
    assert by["store:e"] == {"cas:lock", "load:e"} or by["store:e"] == {"load:e", "cas:lock"}
    release = next(op for op in ops if op.attrs.get("sem") == "release")
    before_release = _frontier(release.token_in)
    assert {"store:e", "load:d"} <= before_release       # release after everything earlier
    # the load of n after the release needs the acquire and the relaxed rmw on n, not
    # the release (a release holds back earlier ops only)
    last_load = [op for op in ops if _label(op) == "load:n"][0]
    assert _frontier(last_load.token_in) == {"cas:lock", "rmw:n"}


LOOP = """entry @k(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %z: tile<ptr<f32>>, %w: tile<ptr<f32>>, %n: tile<i32>) {
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %tx = make_tensor_view %x, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %px = make_partition_view %tx : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
  %ty = make_tensor_view %y, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %py = make_partition_view %ty : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
  %tz = make_tensor_view %z, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pz = make_partition_view %tz : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
  %tw = make_tensor_view %w, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pw = make_partition_view %tw : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
  %m = constant <i32: 3> : tile<i32>
  for %i in (%c0 to %m, step %c1) : tile<i32> {
    %v, %t = load_view_tko weak %px[%i] : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %s1 = store_view_tko weak %v, %py[%i] : tile<4xf32>, partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %s2 = store_view_tko weak %v, %pz[%i] : tile<4xf32>, partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    WSTORE
  }
  return
}"""
WSTORE = ("%s3 = store_view_tko weak %v, %pw[%c0] : tile<4xf32>, partition_view<tile=(4), "
          "tensor_view<?xf32, strides=[1]>>, tile<i32> -> token")
LOOP_SPEC = parse_spec({"convention": "raw", "grid": [2], "params": [
    {"name": "x", "shape": [12], "dtype": "f32", "init": "normal"},
    {"name": "y", "shape": [12], "dtype": "f32", "init": "zeros"},
    {"name": "z", "shape": [12], "dtype": "f32", "init": "zeros"},
    {"name": "w", "shape": [12], "dtype": "f32", "init": "zeros"},
    {"name": "n", "dtype": "i32", "value": 12}]})


def test_loop_parallel_stores_take_the_token_from_before_the_loop():
    k = parse(LOOP.replace("WSTORE", ""))
    out = optimize(k, noalias=True).kernel
    st = kernel_stats(out, noalias=True)
    assert st["loop_carried_tokens"] == 0 and st["join_tokens"] == 0
    assert all(deps == set() for deps in waits(out).values())
    assert check_equivalent(k, out, LOOP_SPEC, trials=2, schedules=10).ok


def test_a_store_to_the_same_place_every_iteration_stays_ordered():
    k = parse(LOOP.replace("WSTORE", WSTORE))
    out = optimize(k, noalias=True).kernel
    st = kernel_stats(out, noalias=True)
    assert st["loop_carried_tokens"] == 1
    w = waits(out)
    assert w["store:y"] == w["store:z"] == set()          # still parallel
    assert w["store:w"] == {"carried"}                     # waits for the last iteration
    assert check_equivalent(k, out, LOOP_SPEC, trials=2, schedules=10).ok


def test_aliased_output_is_not_loop_parallel():
    k = parse(LOOP.replace("WSTORE", ""))
    out = optimize(k, noalias=True, alias_groups={"x": "g", "y": "g"}).kernel
    w = waits(out)
    assert w["store:z"] == set()
    assert w["store:y"] != set()                           # y may overlap the loads of x
    assert kernel_stats(out)["loop_carried_tokens"] == 1


BRANCH = f"""entry @k(%a: {P}, %b: {P}, %c: {P}) {{
  %x, %t1 = load_ptr_tko weak %a : {P} -> tile<f32>, token
  %zero = constant <f32: 0.0> : tile<f32>
  %pos = cmpf greater_than ordered %x, %zero : tile<f32> -> tile<i1>
  if %pos {{
    %t2 = store_ptr_tko weak %b, %x : {P}, tile<f32> -> token
  }}
  %y, %t3 = load_ptr_tko weak %b : {P} -> tile<f32>, token
  %t4 = store_ptr_tko weak %c, %y : {P}, tile<f32> -> token
  return
}}"""


def test_ops_after_an_if_wait_only_for_what_it_touches():
    k = parse(BRANCH)
    out = optimize(k, noalias=True).kernel
    w = waits(out)
    assert w["load:b"] == {"if"}           # may read what the branch stored
    assert w["store:c"] == set()           # nothing in the if touches c
    spec = _spec([("a", 1, "f32"), ("b", 1, "f32"), ("c", 1, "f32")], grid=(1,))
    assert check_equivalent(k, out, spec, trials=4, schedules=10).ok


EXIT = f"""entry @k(%a: {P}, %b: {P}, %n: tile<i32>) {{
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %zero = constant <f32: 0.0> : tile<f32>
  for %i in (%c0 to %n, step %c1) : tile<i32> {{
    %x, %t1 = load_ptr_tko weak %a : {P} -> tile<f32>, token
    %neg = cmpf less_than ordered %x, %zero : tile<f32> -> tile<i1>
    if %neg {{
      continue
    }}
    %t2 = store_ptr_tko weak %b, %x : {P}, tile<f32> -> token
    %y = negf %x : tile<f32>
    %t3 = store_ptr_tko weak %a, %y : {P}, tile<f32> -> token
  }}
  return
}}"""


def test_ops_behind_an_early_continue_stay_behind_it():
    k = parse(EXIT)
    res = optimize(k, noalias=True)
    assert res.report.fallback is None
    out = res.kernel
    body = next(op for op in out.walk() if op.name == "for").regions[0]
    names = [op.name for op in body.ops]
    first_if = names.index("if")
    stores = [i for i, op in enumerate(body.ops) if op.name == "store_ptr_tko"]
    assert stores and all(i > first_if for i in stores)
    spec = parse_spec({"convention": "raw", "grid": [1], "params": [
        {"name": "a", "shape": [1], "dtype": "f32", "init": "normal"},
        {"name": "b", "shape": [1], "dtype": "f32", "init": "zeros"},
        {"name": "n", "dtype": "i32", "value": 6}]})
    assert check_equivalent(k, out, spec, trials=6, schedules=10).ok


@pytest.mark.parametrize("rules", ["tokens", "default"])
def test_cutile_output_is_not_made_worse(rules):
    from corpus_util import CORPUS, SPECS
    from eqsat.interp.inputs import load_spec
    from eqsat.text import parse_file
    for name in ("relu_accum_mem", "store_load_recurrence", "axpy_alias_inplace"):
        k = parse_file(CORPUS / f"{name}.cutile.mlir")
        res = optimize(k, rules=rules, noalias=True)
        assert res.report.fallback is None
        before, after = kernel_stats(k), kernel_stats(res.kernel)
        for key in ("join_tokens", "loop_carried_tokens", "token_operands"):
            assert after[key] <= before[key], (name, key)
        spec = load_spec(SPECS / f"{'axpy_alias_overlap' if 'axpy' in name else name}.json")
        assert check_equivalent(k, res.kernel, spec, trials=2, schedules=5).ok, name


RECURRENCE = """entry @k(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %z: tile<ptr<f32>>, %n: tile<i32>) {
  %c1 = constant <i32: 1> : tile<i32>
  %c6 = constant <i32: 6> : tile<i32>
  %one = constant <f32: 1.0> : tile<4xf32>
  %tx = make_tensor_view %x, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %px = make_partition_view %tx : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
  %ty = make_tensor_view %y, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %py = make_partition_view %ty : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
  %tz = make_tensor_view %z, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pz = make_partition_view %tz : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
  for %i in (%c1 to %c6, step %c1) : tile<i32> {
    %j = subi %i, %c1 : tile<i32>
    %v, %t1 = load_view_tko weak %py[%j] : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %v1 = addf %v, %one : tile<4xf32>
    %t2 = store_view_tko weak %v1, %py[%i] : tile<4xf32>, partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %w, %t3 = load_view_tko weak %px[%i] : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %t4 = store_view_tko weak %w, %pz[%i] : tile<4xf32>, partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  }
  return
}"""
RECURRENCE_SPEC = parse_spec({"convention": "raw", "grid": [1], "params": [
    {"name": "x", "shape": [24], "dtype": "f32", "init": "normal"},
    {"name": "y", "shape": [24], "dtype": "f32", "init": "normal"},
    {"name": "z", "shape": [24], "dtype": "f32", "init": "zeros"},
    {"name": "n", "dtype": "i32", "value": 24}]})


def test_the_rejoin_is_what_keeps_later_ops_ordered():
    """The weakening lemma's second equation matters: a variant of the rules that takes
    an op's weaker result token for its whole result token (no re-join with T) loses
    the store -> load ordering the loop carries, and fuzzing sees it."""
    from egglog import ne, union
    from eqsat.egraph import terms as T
    from eqsat.rules.dsl import RuleSet, infer
    from eqsat.rules.tokens import TOKENS, Weak, _is_token, i, m, p, pr, tok, tt
    from eqsat.rules import trust
    unsound = trust(RuleSet("tokens-without-rejoin"))     # wrong on purpose: no check
    for r in TOKENS.rules:
        if r.name == "weaken-result-token":
            r = infer("weaken-result-token-without-rejoin", Weak(m, p, tok), ne(m).to(p),
                      pr == T.Proj(m, i, tt), _is_token(tt),
                      then=[union(pr).with_(T.Proj(p, i, tt))])
        unsound.add(r)
    k = parse(RECURRENCE)
    good = optimize(k, noalias=True).kernel
    assert check_equivalent(k, good, RECURRENCE_SPEC, trials=3, schedules=20).ok
    bad = optimize(k, rules=[unsound], noalias=True).kernel
    assert not check_equivalent(k, bad, RECURRENCE_SPEC, trials=3, schedules=20).ok


RETURN = f"""entry @k(%a: {P}, %b: {P}, %c: {P}) {{
  %x, %t1 = load_ptr_tko weak %a : {P} -> tile<f32>, token
  %zero = constant <f32: 0.0> : tile<f32>
  %neg = cmpf less_than ordered %x, %zero : tile<f32> -> tile<i1>
  if %neg {{
    %t2 = store_ptr_tko weak %c, %x : {P}, tile<f32> -> token
    return
  }}
  %t3 = store_ptr_tko weak %b, %x : {P}, tile<f32> -> token
  return
}}"""


def test_an_early_return_keeps_what_follows_behind_it():
    k = parse(RETURN)
    res = optimize(k, noalias=True)
    assert res.report.fallback is None
    ops = res.kernel.body.ops
    branch = next(i for i, op in enumerate(ops) if op.name == "if")
    store_b = next(i for i, op in enumerate(ops) if op.name == "store_ptr_tko")
    assert store_b > branch and ops[store_b].token_in.owner is ops[branch]
    spec = _spec([("a", 1, "f32"), ("b", 1, "f32"), ("c", 1, "f32")])
    assert check_equivalent(k, res.kernel, spec, trials=8, schedules=10).ok


def test_tokenized_ops_after_an_early_exit_are_left_alone():
    src = RETURN.replace(f"%t3 = store_ptr_tko weak %b, %x : {P}",
                         f"%t3 = store_ptr_tko weak %b, %x token=%t1 : {P}").replace(
        f"%x, %t1 = load_ptr_tko weak %a : {P}", f"%t0 = make_token : token\n"
        f"  %x, %t1 = load_ptr_tko weak %a token=%t0 : {P}")
    k = parse(src)
    res = optimize(k, noalias=True)
    assert res.kernel is k and "may leave early" in res.report.fallback


def test_a_pointer_of_unknown_origin_may_touch_anything():
    k = parse(f"""entry @k(%a: {P}, %b: {P}, %addr: tile<i64>) {{
  %x, %t1 = load_ptr_tko weak %a : {P} -> tile<f32>, token
  %p = int_to_ptr %addr : tile<i64> -> {P}
  %t2 = store_ptr_tko weak %p, %x : {P}, tile<f32> -> token
  %y, %t3 = load_ptr_tko weak %b : {P} -> tile<f32>, token
  %t4 = store_ptr_tko weak %a, %y : {P}, tile<f32> -> token
  return
}}""")
    w = waits(optimize(k, noalias=True).kernel)
    assert w["store:addr"] == {"load:a"}         # the universe overlaps a ...
    assert w["load:b"] == {"store:addr"}         # ... and b, even with noalias


TWO_SETS = f"""entry @k(%a: {P}, %b: {P}, %c: {P}) {{
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %c4 = constant <i32: 4> : tile<i32>
  %one = constant <f32: 1.0> : tile<f32>
  for %i in (%c0 to %c4, step %c1) : tile<i32> {{
    %x, %t1 = load_ptr_tko weak %a : {P} -> tile<f32>, token
    %x1 = addf %x, %one : tile<f32>
    %t2 = store_ptr_tko weak %a, %x1 : {P}, tile<f32> -> token
    %y, %t3 = load_ptr_tko weak %b : {P} -> tile<f32>, token
    %y1 = addf %y, %one : tile<f32>
    %t4 = store_ptr_tko weak %b, %y1 : {P}, tile<f32> -> token
    continue
  }}
  %p, %t5 = load_ptr_tko weak %a : {P} -> tile<f32>, token
  %t6 = store_ptr_tko weak %c, %p : {P}, tile<f32> -> token
  return
}}"""


def _waits_for(k, op) -> set[str]:
    """Names of the pointers of the memory ops `op` waits for."""
    ops = {id(o): o for o in k.walk()}
    return {ops[x].operands[0].name for x, _ in TokenSets(k).of(op.token_in)}


@pytest.mark.parametrize("groups,carries", [({}, 2), ({"a": "g", "b": "g"}, 1)],
                         ids=["two-sets", "one-set"])
def test_one_carried_token_per_alias_set(groups, carries):
    """Two accumulators in different alias sets get a carried token each: the ops on b
    no longer wait for a's ops of earlier iterations, and the load of a after the loop
    waits for a's ops only. In one alias set they share one carry."""
    k = parse(TWO_SETS)
    res = optimize(k, noalias=True, alias_groups=groups or None)
    assert kernel_stats(res.kernel)["loop_carried_tokens"] == carries
    loads = [op for op in res.kernel.walk() if op.name == "load_ptr_tko"]
    after = next(op for op in loads if op.parent is res.kernel.body)
    inside = [op for op in loads if op is not after]
    if carries == 2:
        assert _waits_for(res.kernel, after) == {"a"}
        assert all(len(_waits_for(res.kernel, op)) == 1 for op in inside)
    spec = _spec([("a", 1, "f32"), ("b", 1, "f32"), ("c", 1, "f32")], grid=(1,))
    assert check_equivalent(k, res.kernel, spec, trials=4, schedules=10).ok
