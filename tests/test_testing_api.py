"""eqsat.testing: the kernel generator is sound (its kernels verify, round-trip through
text, run in bounds and deterministically, respect their alias groups, and cover what
they promise), and the pipeline check reports what it should.

Counts scale with the Hypothesis profile (tests/conftest.py).
"""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

from corpus_util import CORPUS
from eqsat.memory.alias import alias_facts
from eqsat.equiv import check_equivalent
from eqsat.interp.inputs import bind, load_spec, parse_spec
from eqsat.interp import run, uses_tokens
from eqsat.ir.core import Kernel, first_difference
from eqsat.ir.ops import MEMORY_OPS
from eqsat.text import parse, parse_file, print_kernel
from eqsat.testing import (INDEX_KINDS, KernelCase, PipelineCheck, assert_pipeline_preserves,
                           check_pipeline, kernels, optimize_pipeline, spec_to_data)
from eqsat.ir.verify import verify

N = settings.default.max_examples
SPECS = CORPUS.parent / "specs"


def _memory_ops(k: Kernel):
    return [op for op in k.walk() if op.name in MEMORY_OPS]


# -- the generator --------------------------------------------------------------------------
@settings(max_examples=max(40, N // 2))
@given(kernels())
def test_generated_kernels_verify_roundtrip_and_run_deterministically(case: KernelCase):
    k = case.kernel
    verify(k)
    text = print_kernel(k)
    back = parse(text)
    assert first_difference(k, back) is None
    assert print_kernel(back) == text
    # in bounds (no OutOfBounds) and the same result under every block interleaving
    # and (tokenized) every ready-op order: the premise of comparing pipelines
    ref = run(k, case.spec, seed=1, schedule=0).buffers
    for s in (1, 2, 3):
        got = run(k, case.spec, seed=1, schedule=s).buffers
        assert all((ref[n] == got[n]).all() or _allclose(ref[n], got[n]) for n in ref), s


def _allclose(a, b) -> bool:
    import numpy as np
    return bool(np.allclose(a, b, equal_nan=True))


@settings(max_examples=max(25, N // 4))
@given(kernels())
def test_both_forms_of_a_program_mean_the_same(case: KernelCase):
    """The token-free kernel (program order) and its tokenized forms are equivalent: the
    derived token orderings are correct."""
    plain = case.variant(tokenized=False)
    assert not uses_tokens(plain.kernel)
    for style in ("chain", "loads-parallel"):
        tok = case.variant(tokenized=True, token_style=style)
        assert all(op.token_in is not None for op in _memory_ops(tok.kernel))
        res = check_equivalent(plain.kernel, tok.kernel, case.spec, trials=2, schedules=6)
        assert res.ok, (style, res.message, tok)


@settings(max_examples=max(40, N // 2))
@given(kernels())
def test_memory_overlaps_only_where_alias_groups_allow(case: KernelCase):
    k = case.kernel
    facts = alias_facts(k)
    bound = bind(k, case.spec)
    arrays = case.spec.arrays
    for i, lay in enumerate(case.arrays):
        attr = k.params[_param_index(case, i)].attrs.get("alias")
        if lay.groups is None:
            assert attr is None
        else:
            assert attr == (lay.groups[0] if len(lay.groups) == 1 else lay.groups)
    for i in range(len(arrays)):
        for j in range(i + 1, len(arrays)):
            same_buffer = bound.arrays[arrays[i].name][0] == bound.arrays[arrays[j].name][0]
            assert same_buffer == case.overlaps(i, j)
            if same_buffer:
                # the kernel's own alias facts must allow the overlap the spec creates
                assert case.may_alias(i, j)
                pi, pj = _param_index(case, i), _param_index(case, j)
                assert facts.may_overlap(facts.roots_of(k.params[pi].value),
                                         facts.roots_of(k.params[pj].value))


def _param_index(case: KernelCase, i: int) -> int:
    return i * (5 if case.spec.convention == "cutile" else 1)


@settings(max_examples=max(20, N // 5))
@given(kernels(allow_alias=False))
def test_no_overlap_without_allow_alias(case: KernelCase):
    assert all(not case.overlaps(i, j) for i in range(len(case.arrays))
               for j in range(i + 1, len(case.arrays)))


def test_generator_covers_what_it_promises():
    seen: set[str] = set()

    @settings(max_examples=max(150, N))
    @given(kernels())
    def collect(case):
        seen.update(case.features)

    collect()
    wanted = {"for", "nested-for", "for-iter-values", "for-dynamic-bound", "if-results",
              "if-no-results", "if-in-for", "if-data", "if-index", "load-view", "store-view",
              "load-ptr", "store-ptr", "mask", "real-overlap", "offset-overlap", "alias-attrs",
              "raw", "cutile", "grid1", "grid2", "grid3", "arrays1", "arrays2", "arrays3",
              "foldable", "op-select", "op-itof", "op-mul", "op-add", "padding",
              "store-in-loop-injective", "store-in-loop-non-injective", "op-lanes",
              "lanes-wrap", "lanes-i8", "lanes-i16"}
    wanted |= {"index-" + k for k in INDEX_KINDS}
    assert wanted <= seen, sorted(wanted - seen)


@settings(max_examples=max(10, N // 10))
@given(kernels(min_arrays=2, max_arrays=2, tokenized=False, dtypes=("i32",), grid=(2, 2),
               conventions=("cutile",), annotate=True, max_depth=1))
def test_options_are_respected(case: KernelCase):
    k = case.kernel
    assert len(case.arrays) == 2 and all(a.dtype == "i32" for a in case.arrays)
    assert case.spec.grid == (2, 1, 1) and case.spec.convention == "cutile"
    assert all(p.attrs.get("alias") for p in k.params if p.name in ("A", "B"))
    assert not uses_tokens(k)

    def depth(region, d=0):
        return max([d] + [depth(r, d + 1) for op in region.ops for r in op.regions])
    assert depth(k.body) <= 1


@pytest.mark.parametrize("bad", [dict(min_arrays=0), dict(max_arrays=7), dict(dtypes=("f16",)),
                                 dict(token_styles=("random",)), dict(conventions=("c",)),
                                 dict(grid=(0, 2)), dict(max_depth=-1),
                                 dict(max_statements=0)])
def test_bad_options_raise(bad):
    with pytest.raises(ValueError):
        kernels(**bad)


# -- the pipeline check -----------------------------------------------------------------------
def _corpus(name: str):
    return parse_file(CORPUS / f"{name}.seq.mlir"), load_spec(SPECS / f"{name}.json")


def test_identity_and_optimize_pass_on_a_corpus_kernel():
    k, spec = _corpus("store_load_recurrence")
    res = check_pipeline(k, spec, lambda x: x, trials=2, schedules=3)
    assert res.ok and res.equiv.ok and "equivalent" in res.message
    res = assert_pipeline_preserves(k, spec, optimize_pipeline(rules="none"), trials=2,
                                    schedules=3)
    assert isinstance(res, PipelineCheck) and res.ok


def _drop_first_store(k: Kernel) -> Kernel:
    for op in k.walk():
        if op.name == "store_view_tko":
            op.parent.ops.remove(op)
            return k
    return k


def test_a_wrong_pipeline_is_reported_with_both_kernels_and_the_spec():
    k, spec = _corpus("store_load_recurrence")
    res = check_pipeline(k, spec, _drop_first_store, trials=1, schedules=2)
    assert not res.ok and res.equiv is not None and not res.equiv.ok and not res.bad_original
    with pytest.raises(AssertionError) as info:
        assert_pipeline_preserves(k, spec, _drop_first_store, trials=1, schedules=2)
    msg = str(info.value)
    assert msg.startswith("not equivalent: counterexample")
    assert "--- original ---" in msg and "--- pipeline output ---" in msg
    assert msg.count("store_view_tko") == 3      # two in the original, one left in the output
    spec_json = msg.split("--inputs SPEC) ---\n", 1)[1]
    assert parse_spec(json.loads(spec_json)).grid == spec.grid


def test_the_pipeline_works_on_a_copy():
    """A pipeline that breaks its input in place must not hide the bug."""
    k, spec = _corpus("store_load_recurrence")
    before = print_kernel(k)
    res = check_pipeline(k, spec, _drop_first_store, trials=1, schedules=2)
    assert print_kernel(k) == before and not res.ok


def test_an_invalid_output_is_reported():
    k, spec = _corpus("vector_add")

    def unverifiable(x: Kernel) -> Kernel:
        x.body.ops.pop()                           # drops `return`: the body has no end
        return x
    res = check_pipeline(k, spec, unverifiable)
    assert not res.ok and res.equiv is None and "does not verify" in res.message
    with pytest.raises(TypeError):
        check_pipeline(k, spec, lambda x: "not a kernel")


def test_a_nondeterministic_original_is_blamed_on_the_test_case():
    # every block stores its id into one element: the last writer wins, so the result
    # depends on how blocks interleave
    src = """entry @race(%p: tile<ptr<i32>>) {
      %bid, %y, %z = get_tile_block_id : tile<i32>
      %v = reshape %bid : tile<i32> -> tile<i32>
      %t = store_ptr_tko weak %p, %v : tile<ptr<i32>>, tile<i32> -> token
      return
    }"""
    k = parse(src)
    spec = parse_spec({"convention": "raw", "grid": [3],
                       "params": [{"name": "P", "shape": [1], "dtype": "i32"}]})
    res = check_pipeline(k, spec, lambda x: x, trials=1, schedules=20)
    assert not res.ok and res.bad_original and "ORIGINAL kernel" in res.explain()


def test_spec_to_data_round_trips():
    case_spec = load_spec(SPECS / "axpy_alias_inplace.json")
    again = parse_spec(spec_to_data(case_spec))
    assert again.params == case_spec.params and again.grid == case_spec.grid
    aliased = parse_spec({"convention": "raw", "grid": [2], "params": [
        {"name": "A", "shape": [2, 9], "dtype": "f32", "init": "normal"},
        {"name": "B", "same_as": "A", "offset": 1, "shape": [2, 8], "strides": [9, 1]},
        {"name": "n", "dtype": "i32", "value": 3}]})
    again = parse_spec(spec_to_data(aliased))
    assert again.params == aliased.params and again.convention == "raw"


def test_optimize_pipeline_passes_options():
    k, spec = _corpus("vector_add")
    pipe = optimize_pipeline(rules="none")
    assert "rules='none'" in pipe.__name__
    verify(pipe(k))
