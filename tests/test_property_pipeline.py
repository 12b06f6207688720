"""Property: `optimize` keeps the meaning of random kernels under schedule fuzzing — and the
property is strong enough to fail for pipelines that break memory ordering.

Kernels come from `eqsat.testing.kernels()` (loops, branches, view and masked-pointer
loads and stores on 1-3 arrays with random alias groups and really overlapping memory,
injective and non-injective indices, token-free and tokenized forms).

Counts scale with the Hypothesis profile (tests/conftest.py): the default `ci` profile
(100 examples) keeps this file well under a minute on two cores;
`HYPOTHESIS_PROFILE=long` (2000) runs 700 kernels through the default rules, 250 through
`rules="none"` and 250 through `noalias=True`; the default-rules run asserts that at
least 525 (>= 500) of its kernels were distinct.
"""
from __future__ import annotations

import pytest
from hypothesis import Phase, given, settings

from eqsat.memory.alias import alias_facts
from eqsat.ir.core import Kernel, Operation
from eqsat.memory.conflict import conflict
from eqsat.pipeline.optimize import optimize
from eqsat.testing import assert_pipeline_preserves, kernels, optimize_pipeline

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
