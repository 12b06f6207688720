"""Default rules on the corpus: valid, equivalent, never more ops, CSE and folds."""
from __future__ import annotations

from collections import Counter

import pytest

from corpus_util import CORPUS, KERNELS, SPECS
from eqsat.pipeline.optimize import optimize
from eqsat.text import parse, parse_file, print_kernel
from eqsat.ir.verify import verify


@pytest.fixture(scope="module")
def optimized():
    out = {}
    for name in KERNELS:
        k = parse_file(CORPUS / f"{name}.seq.mlir")
        out[name] = (k, optimize(k))
    return out


@pytest.mark.parametrize("name", KERNELS)
def test_valid_and_not_bigger(optimized, name):
    k, res = optimized[name]
    verify(res.kernel)
    assert res.report.fallback is None, res.report.fallback
    assert res.report.ops_after <= res.report.ops_before
    assert res.report.cost_after <= res.report.cost_before + 1e-6
    text = print_kernel(res.kernel)
    assert print_kernel(parse(text)) == text


@pytest.mark.parametrize("name", KERNELS)
def test_equivalent(optimized, name):
    from eqsat.equiv import check_equivalent
    from eqsat.interp.inputs import load_spec
    k, res = optimized[name]
    r = check_equivalent(k, res.kernel, load_spec(SPECS / f"{name}.json"), trials=2,
                         schedules=3)
    assert r.ok, r.message


def _key(op):
    return (op.name, str(op.results[0].type) if op.results else "",
            repr(sorted((k, repr(v)) for k, v in op.attrs.items())),
            tuple(id(v) for v in op.operands))


def test_layernorm_pure_work_once(optimized):
    _, res = optimized["layernorm_fwd"]
    ops = list(res.kernel.walk())
    consts = Counter((str(o.results[0].type), repr(o.attrs["value"])) for o in ops
                     if o.name == "constant")
    assert all(n == 1 for n in consts.values()), consts
    views = Counter(_key(o) for o in ops if o.name == "make_partition_view")
    assert all(n == 1 for n in views.values())
    assert sum(1 for o in ops if o.name == "itof") == 1


def test_no_pure_duplicates_anywhere(optimized):
    for name, (_, res) in optimized.items():
        seen = Counter(_key(o) for o in res.kernel.walk()
                       if o.spec is not None and o.spec.effect == "pure" and not o.regions)
        dup = [k for k, n in seen.items() if n > 1]
        assert not dup, (name, dup)


def test_moe_permute_no_multiply_by_one(optimized):
    _, res = optimized["moe_permute"]
    for o in res.kernel.walk():
        if o.name == "muli":
            for v in o.operands:
                c = v.owner if hasattr(v.owner, "attrs") else None
                if c is not None and c.name == "constant":
                    assert c.attrs["value"].scalar() != 1, "muli by 1 left"
    assert res.report.matches.get("muli-one", 0) > 0
