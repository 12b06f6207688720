"""Property: `optimize` keeps the meaning of random kernels under schedule fuzzing — and the
property is strong enough to fail for pipelines that break memory ordering.

Kernels come from `eqsat.testing.kernels()` (loops, branches, view and masked-pointer
loads and stores on 1-3 arrays with random alias groups and really overlapping memory,
injective and non-injective indices, token-free and tokenized forms).

The opt-in kinds of `kernels()` — `loop` with `break`/`continue`, atomics, stores the
loop-parallel proofs free, and cuTile-signature kernels with pointer scatters (injective
and near misses) — run through the default rules and `noalias=True`, each draw in both
forms; kernels those draws found miscompiled are kept in tests/property_found/.

Counts scale with the Hypothesis profile (tests/conftest.py): the default `ci` profile
(100 examples) keeps this file well under a minute on two cores;
`HYPOTHESIS_PROFILE=long` (2000) runs 700 kernels through the default rules, 250 through
`rules="none"` and 250 through `noalias=True`; the default-rules run asserts that at
least 525 (>= 500) of its kernels were distinct.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import Phase, given, settings

from eqsat.analysis.signature import array_layouts
from eqsat.interp import run
from eqsat.interp.inputs import load_spec
from eqsat.memory.alias import alias_facts
from eqsat.ir.core import Kernel, Operation
from eqsat.memory.conflict import conflict
from eqsat.pipeline.optimize import optimize
from eqsat.testing import (assert_pipeline_preserves, kernels, loop_parallel_stores,
                           optimize_pipeline)
from eqsat.text import parse_file

N = settings.default.max_examples
DEFAULT_EXAMPLES = max(50, N * 7 // 20)       # ci: 50, long: 700
NONE_EXAMPLES = max(20, N // 8)               # ci: 20, long: 250
BROKEN_EXAMPLES = max(60, N // 4)             # budget to find the planted bug
TRIALS, SCHEDULES = 2, 8
LONG_MINIMUM = 500                            # kernels the long profile must really run


def _distinct_floor(examples: int) -> int:
    """How many distinct kernels a run of `examples` must have seen: Hypothesis repeats
    some (about 1 in 8 here), so ask for 3 in 4; under the long profile the default-rules
    run must see at least LONG_MINIMUM."""
    return examples * 3 // 4


def test_long_profile_arithmetic():
    # the documented promise: HYPOTHESIS_PROFILE=long runs >= 500 kernels
    assert _distinct_floor(max(50, 2000 * 7 // 20)) >= LONG_MINIMUM


@pytest.mark.parametrize("options,strategy,examples", [
    ({"rules": "default"}, kernels(), DEFAULT_EXAMPLES),
    ({"rules": "none"}, kernels(), NONE_EXAMPLES),
    # `noalias` promises that unannotated arrays never overlap: specs must not either
    ({"rules": "default", "noalias": True}, kernels(allow_alias=False), NONE_EXAMPLES),
    # only cuTile's proof that a loop's iterations are independent (what the compile path
    # falls back to where tileiras pipelines the other into larger code)
    ({"rules": "default", "loop_parallel": "view-stores"}, kernels(), NONE_EXAMPLES),
], ids=["default", "none", "default-noalias", "view-stores"])
def test_optimize_preserves_meaning(options, strategy, examples):
    pipeline = optimize_pipeline(**options)
    seen: set[str] = set()

    @settings(max_examples=examples)
    @given(strategy)
    def prop(case):
        seen.add(str(case.kernel))
        assert_pipeline_preserves(case.kernel, case.spec, pipeline, trials=TRIALS,
                                  schedules=SCHEDULES)

    prop()
    assert len(seen) >= _distinct_floor(examples), (len(seen), examples)


# -- the opt-in kinds: control flow, atomics and loop-parallel stores the default never draws ----
OPT_IN_EXAMPLES = max(12, N // 8)             # ci: 12 per kind and alias model, both forms
SCATTER_EXAMPLES = max(16, N // 6)            # ci: 16 per alias model (near misses among them)
_KINDS = {"loops": {"loops": True}, "atomics": {"atomics": True},
          "parallel-stores": {"parallel_stores": True},
          "all": {"loops": True, "atomics": True, "parallel_stores": True},
          "scatters": {"scatters": True}}


def _free_stores(k: Kernel) -> int:
    """Stores in loops whose token does not come from the loop's carried token (through
    joins and memory ops): ones that skip earlier iterations, as the loop-parallel
    proofs allow."""
    count = 0
    for loop in k.walk():
        if not loop.spec.is_loop:
            continue
        carried = {id(a) for a in loop.regions[0].args if a.is_token}
        for op in _ops(loop.regions[0]):
            if op.name in _STORES and op.token_in is not None and \
                    not _reaches(op.token_in, carried):
                count += 1
    return count


def _reaches(v, carried: set[int]) -> bool:
    stack, seen = [v], set()
    while stack:
        x = stack.pop()
        if id(x) in carried:
            return True
        if id(x) in seen:
            continue
        seen.add(id(x))
        op = x.owner
        if not isinstance(op, Operation):
            continue
        if op.regions:                   # a loop's or branch's result: assume it does
            return True
        stack.extend(o for o in op.operands if o.is_token)
    return False


def _ops(region):
    for op in region.ops:
        yield op
        for r in op.regions:
            yield from _ops(r)


@pytest.mark.parametrize("noalias", [False, True], ids=["default", "noalias"])
@pytest.mark.parametrize("kind", list(_KINDS))
def test_optimize_preserves_meaning_of_opt_in_kinds(kind, noalias):
    pipeline = optimize_pipeline(rules="default", noalias=noalias)
    features: set[str] = set()
    freed = [0]
    proved = {"ptr": 0, "view": 0}

    @settings(max_examples=SCATTER_EXAMPLES if kind == "scatters" else OPT_IN_EXAMPLES)
    @given(kernels(allow_alias=not noalias, **_KINDS[kind]))
    def prop(case):
        features.update(case.features)
        for part, n in loop_parallel_stores(case.kernel, noalias=noalias).items():
            proved[part] += n > 0
        for c in (case, case.variant(tokenized=not case.tokenized)):
            res = assert_pipeline_preserves(c.kernel, c.spec, pipeline, trials=TRIALS,
                                            schedules=SCHEDULES)
            assert res.output is not None
            freed[0] += _free_stores(res.output)
            if kind == "scatters":
                # the spec honors the symbol's facts, and so does every assume the
                # optimizer wrote from them (raises AssumeViolation if not)
                assert array_layouts(c.kernel)
                run(c.kernel, c.spec, check_assumes=True)
                run(res.output, c.spec, check_assumes=True)

    prop()
    # the draws exercised what the kind is for
    want = {"loops": {"loop", "loop-break", "loop-continue"},
            "atomics": {"atomic-rmw", "atomic-cas", "atomic-red"},
            "parallel-stores": {"store-flat", "store-in-loop-injective"},
            "scatters": {"signature", "store-scatter", "load-scatter", "scatter-injective",
                         "scatter-near-miss", "store-in-loop-non-injective"}}
    for part, names in want.items():
        if kind == part or kind == "all" and part != "scatters":
            assert names <= features, (kind, sorted(names - features))
    if kind == "parallel-stores" and noalias:
        assert freed[0] > 0          # some loop-parallel store was really proven
    if kind == "scatters":
        # pointer scatters the injectivity proof accepts under the signature's facts
        # (no other kind has one), and outputs where such a store skips the carried token
        assert proved["ptr"] > 0, proved
        assert freed[0] > 0 or noalias, proved


def test_a_wrong_injectivity_proof_is_caught(monkeypatch):
    # every pointer store called loop-parallel: the scatters' near misses (two iterations
    # writing one element, each its own counter) must show it
    import eqsat.memory.relations as relations
    right = relations.disjoint_across

    def every_pointer_store(store, loop, facts, layouts=None, bounds=None):
        return (store.spec.is_store and not store.spec.is_view_access) or \
            right(store, loop, facts, layouts, bounds)
    monkeypatch.setattr(relations, "disjoint_across", every_pointer_store)
    pipeline = optimize_pipeline(noalias=True)

    @settings(max_examples=BROKEN_EXAMPLES, database=None, phases=[Phase.generate])
    @given(kernels(allow_alias=False, scatters=True))
    def prop(case):
        for c in (case, case.variant(tokenized=not case.tokenized)):
            assert_pipeline_preserves(c.kernel, c.spec, pipeline, trials=TRIALS,
                                      schedules=SCHEDULES)

    with pytest.raises(AssertionError) as info:
        prop()
    assert "not equivalent: counterexample" in str(info.value)


# -- kernels the random property found miscompiled -------------------------------------------------
FOUND = Path(__file__).parent / "property_found"


def _found(name: str):
    return parse_file(FOUND / f"{name}.mlir"), load_spec(FOUND / f"{name}.json")


@pytest.mark.parametrize("noalias", [False, True], ids=["default", "noalias"])
def test_a_loop_that_never_runs_leaves_the_code_around_it_alone(noalias):
    # the induction variable of `for 0 to 0` once got the empty range [0, -1]: facts
    # derived from it merged e-classes shared with the code outside the loop
    k, spec = _found("empty_loop_bounds")
    assert_pipeline_preserves(k, spec, optimize_pipeline(noalias=noalias), trials=2,
                              schedules=10)


def test_a_store_before_a_loop_with_an_open_carried_token_stays_ordered():
    # a carried token split per alias set, one part's init weakened to the root by
    # clean-up, then the split undone: the merged carry must start from both inits
    k, spec = _found("open_carry_store_lost")
    assert_pipeline_preserves(k, spec, optimize_pipeline(), trials=1, schedules=10)


# -- pipelines that are wrong on purpose: the property must catch them ----------------------
_LOADS = ("load_view_tko", "load_ptr_tko")
_STORES = ("store_view_tko", "store_ptr_tko")


def _regions(k: Kernel):
    yield k.body
    for op in k.walk():
        yield from op.regions


def store_moved_past_conflict(k: Kernel) -> Kernel:
    """Token-free kernels: move the first store that has a conflicting memory op next in
    its region to just after that op (program order of a conflicting pair swapped)."""
    facts = alias_facts(k)
    for region in _regions(k):
        mem = [(i, op) for i, op in enumerate(region.ops)
               if op.name in _LOADS + _STORES]
        for (i, a), (j, b) in zip(mem, mem[1:]):
            if a.name in _STORES and conflict(facts, a, b):
                region.ops.insert(j, region.ops.pop(i))
                return k
    return k


def load_unordered_after_store(k: Kernel) -> Kernel:
    """Tokenized kernels: a load that waits for a conflicting store waits for the store's
    input token instead (the ordering edge store -> load is dropped, the unsound merge
    the weakening lemma warns about)."""
    facts = alias_facts(k)
    for op in k.walk():
        src = op.token_in.owner if op.name in _LOADS and op.token_in is not None else None
        if (isinstance(src, Operation) and src.name in _STORES and src.token_in is not None
                and conflict(facts, src, op)):
            op.set_group("token", [src.token_in])
            return k
    return k


def _after_none(mutant):
    def run(k: Kernel) -> Kernel:
        return mutant(optimize(k, rules="none").kernel)
    return run


@pytest.mark.parametrize("mutant,strategy,shrink", [
    (store_moved_past_conflict, kernels(tokenized=False), True),
    (load_unordered_after_store, kernels(tokenized=True, token_styles=("chain",)), True),
    # shrinking would optimize every candidate: finding the bug is the point here
    (_after_none(load_unordered_after_store), kernels(tokenized=False), False),
], ids=["swap-store-load", "drop-token-edge", "drop-edge-after-optimize"])
def test_broken_pipeline_is_caught(mutant, strategy, shrink):
    phases = [Phase.generate] + ([Phase.shrink] if shrink else [])

    @settings(max_examples=BROKEN_EXAMPLES, database=None, phases=phases)
    @given(strategy)
    def prop(case):
        assert_pipeline_preserves(case.kernel, case.spec, mutant, trials=TRIALS,
                                  schedules=SCHEDULES)

    with pytest.raises(AssertionError) as info:
        prop()
    msg = str(info.value)
    assert "not equivalent: counterexample" in msg
    assert "--- original ---" in msg and "--- pipeline output ---" in msg
    assert '"params"' in msg                    # the spec, to reproduce it
