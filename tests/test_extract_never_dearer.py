"""Extraction is never dearer than the program as encoded, even where the saturated
e-graph holds no program as cheap: when the best the search finds costs more, the
program as encoded is priced from the e-graph as encoded. The kernels in
tests/extract_found/ fell back to the program as encoded before (and raised under strict
extraction, as tests/conftest.py sets it): saturation proved a value computed in a loop
that never runs equal to a loop invariant, and decoding computed it before the loop.
Decoding no longer moves values out of such a loop, and the fold rules remove it
(tests/test_idle_loops.py); the guarantee is tested here by forcing a dearer search."""
from __future__ import annotations

import math
import os
from pathlib import Path

import pytest

import eqsat.pipeline.optimize as P
from eqsat.egraph import extract as X
from eqsat.egraph.cost import DEFAULT
from eqsat.interp.inputs import load_spec
from eqsat.pipeline.optimize import STRICT_ENV, optimize
from eqsat.testing import assert_pipeline_preserves, optimize_pipeline
from eqsat.text import parse_file, print_kernel

FOUND = Path(__file__).parent / "extract_found"
CORPUS = Path(__file__).parent / "corpus"
SPECS = Path(__file__).parent / "specs"
# found kernel -> the optimize options it was found with
KERNELS = {"zero_trip_hoist": {}, "scatter_loop_never_runs": {},
           "scatter_near_miss_never_runs": {"noalias": True}}


def test_strict_extraction_is_on():
    assert os.environ.get(STRICT_ENV)        # else a dearer extraction would pass silently


@pytest.mark.parametrize("name", list(KERNELS))
def test_a_loop_that_never_runs_does_not_make_extraction_dearer(name):
    k = parse_file(FOUND / f"{name}.mlir")
    res = optimize(k, **KERNELS[name])           # raised "not cheaper" before
    rep = res.report
    assert rep.fallback is None and rep.not_cheaper == 0, rep.fallback
    assert rep.cost_after <= rep.cost_before
    assert DEFAULT.kernel_cost(res.kernel) == rep.cost_after
    spec = FOUND / f"{name}.json"
    if spec.exists():
        assert_pipeline_preserves(k, load_spec(spec), optimize_pipeline(**KERNELS[name]),
                                  trials=2, schedules=8)


@pytest.fixture
def encoded_candidate(monkeypatch):
    """What `_Run.as_encoded_cleaned` was given and returned, per call."""
    calls: list[tuple[float, float]] = []
    real = P._Run.as_encoded_cleaned

    def spy(self, enc, start, best):
        got = real(self, enc, start, best)
        calls.append((best[2], got[2]))
        return got
    monkeypatch.setattr(P._Run, "as_encoded_cleaned", spy)
    return calls


def test_a_dearer_saturated_search_returns_the_program_as_encoded(monkeypatch,
                                                                  encoded_candidate):
    """Whatever makes the saturated e-graph's best dearer, the program as encoded (after
    clean-up) is returned, priced, and means what the input meant: no fallback."""
    real = X.Extractor.minimize

    def dearer(self, objective, starts=(), **kw):
        sel = real(self, objective, list(starts), **kw)
        sel.objective = (sel.objective or 0.0) + 1e6
        return sel
    monkeypatch.setattr(X.Extractor, "minimize", dearer)
    name = "store_load_recurrence"
    k = parse_file(CORPUS / f"{name}.seq.mlir")
    res = optimize(k, noalias=True)
    rep = res.report
    assert rep.fallback is None and rep.not_cheaper == 0, rep.fallback
    (searched, kept), = encoded_candidate
    assert searched > 1e6 and kept == rep.cost_after <= rep.cost_before
    assert DEFAULT.kernel_cost(res.kernel) == rep.cost_after
    assert math.isfinite(rep.cost_after)
    assert_pipeline_preserves(k, load_spec(SPECS / f"{name}.json"),
                              optimize_pipeline(noalias=True), trials=2, schedules=8)
    # the same program every time
    assert print_kernel(optimize(k, noalias=True).kernel) == print_kernel(res.kernel)
