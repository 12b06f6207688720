"""Property: the step and CFG forms of random kernels compute what the kernels compute.

Kernels come from `eqsat.testing.kernels()` in every feature family it draws (loops with
`break`/`continue`, atomics incl. `atomic_red_view`, loop-parallel stores, cuTile
scatters, deep nesting, tokenized in both token styles), each as drawn and, for some,
after `optimize`; `check_lowering` compares the forms with the IR interpreter bit for bit
on several input draws. Counts scale with the Hypothesis profile (tests/conftest.py).
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings

from eqsat.lowering import check_lowering
from eqsat.pipeline.optimize import optimize
from eqsat.testing import kernels

N = settings.default.max_examples
EXAMPLES = max(8, N // 12)                 # ci: 8 per family
FAMILIES = {
    "default": {},
    "loops": {"loops": True},
    "atomics": {"atomics": True},
    "parallel-stores": {"parallel_stores": True},
    "scatters": {"scatters": True, "allow_alias": False},
    "deep": {"loops": True, "atomics": True, "max_depth": 3, "max_statements": 16,
             "max_arrays": 4, "grid": (1, 4)},
    "loads-parallel": {"tokenized": True, "token_styles": ("loads-parallel",), "loops": True},
}
FORMS = (("steps", False), ("cfg", False), ("cfg", True))


def _check(kernel, spec) -> bool:
    """Whether the kernel changed memory (a vacuous comparison proves nothing)."""
    changed = False
    for to, live_ins in FORMS:
        res = check_lowering(kernel, spec, to, trials=2, canonicalize_live_ins=live_ins)
        assert res.ok, f"{to}{' + live-ins' if live_ins else ''}: {res.message}\n{kernel}"
        changed = not res.vacuous
    return changed


@pytest.mark.parametrize("family", list(FAMILIES))
def test_forms_equal_random_kernels(family):
    seen = [0, 0]

    @settings(max_examples=EXAMPLES)
    @given(kernels(**FAMILIES[family]))
    def prop(case):
        seen[0] += 1
        seen[1] += _check(case.kernel, case.spec)
    prop()
    assert seen[1] * 2 >= seen[0], f"only {seen[1]} of {seen[0]} kernels changed memory"


@pytest.mark.parametrize("family", ["loops", "atomics"])
def test_forms_equal_optimized_random_kernels(family):
    @settings(max_examples=max(4, N // 25))
    @given(kernels(**FAMILIES[family]))
    def prop(case):
        _check(optimize(case.kernel).kernel, case.spec)
    prop()
