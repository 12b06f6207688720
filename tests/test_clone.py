"""`clone_kernel`: a copy that prints identically, keeps names, locations and attributes,
and shares nothing with the original, so editing one leaves the other."""
import pytest

from corpus_util import CORPUS_FILES
from eqsat.ir.builder import KernelBuilder
from eqsat.ir.core import Kernel, clone_kernel, first_difference
from eqsat.ir.types import ptr, tile
from eqsat.text import parse, print_kernel

FILES = [p for p in CORPUS_FILES if p.name.endswith(".seq.mlir")]


def _objects(k: Kernel) -> set[int]:
    """ids of every op, region and value of `k`."""
    out = {id(p.value) for p in k.params} | {id(k.body)} | {id(a) for a in k.body.args}
    for op in k.walk():
        out.add(id(op))
        out |= {id(r) for r in op.results}
        out |= {id(op.attrs)}
        for r in op.regions:
            out |= {id(r)} | {id(a) for a in r.args}
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_clone_prints_identically_and_shares_nothing(path):
    k = parse(path.read_text(), path.name)
    text = print_kernel(k)
    c = clone_kernel(k)
    assert print_kernel(c) == text
    assert first_difference(k, c) is None
    assert c.hints == k.hints and c.name == k.name
    assert [p.attrs for p in c.params] == [p.attrs for p in k.params]
    for a, b in zip(k.walk(), c.walk()):
        assert (b.name, b.loc, b.attrs, b.segments) == (a.name, a.loc, a.attrs, a.segments)
        assert [r.name for r in b.results] == [r.name for r in a.results]
    assert not _objects(k) & _objects(c)
    # every op of the copy sits in the copy: parents and owners point inside it
    for op in c.walk():
        assert op.parent is not None and id(op.parent) in _objects(c)
        assert all(v.owner is op for v in op.results)


@pytest.mark.parametrize("path", FILES[:3], ids=lambda p: p.name)
def test_editing_the_clone_leaves_the_original(path):
    k = parse(path.read_text(), path.name)
    text = print_kernel(k)
    c = clone_kernel(k)
    for p in c.params:
        p.attrs["alias"] = "edited"
        p.value.name = "renamed"
    for op in c.walk():
        op.attrs["edited"] = 1
        for r in op.results:
            r.name = "renamed"
        for r in op.regions:
            r.ops = r.ops[-1:]
    c.body.ops = c.body.ops[-1:]
    assert print_kernel(k) == text
    assert "edited" not in str(k) and "renamed" not in str(k)


def test_clone_keeps_unnamed_values_unnamed():
    b = KernelBuilder("k", None)
    x = b.param(tile((), ptr("f32")))
    v, tok = b.load_ptr(x)
    b.store_ptr(x, b.addf(v, v), token=tok)
    k = b.finish()
    assert any(r.name is None for op in k.walk() for r in op.results)
    c = clone_kernel(k)
    assert print_kernel(c) == print_kernel(k)
    assert [r.name for op in c.walk() for r in op.results] == \
        [r.name for op in k.walk() for r in op.results]


def test_clone_rejects_a_kernel_reading_a_foreign_value():
    k = parse(FILES[0].read_text(), FILES[0].name)
    other = parse(FILES[0].read_text(), FILES[0].name)
    op = next(o for o in k.walk() if o.operands)
    op.operands[0] = other.params[0].value
    with pytest.raises(ValueError, match="defined outside it"):
        clone_kernel(k)
