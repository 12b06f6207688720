"""Facts from a cuTile mangled entry symbol come from our own decoder (`eqsat.analysis.signature`),
so `annotate_from_symbol` needs no `cuda` extra; with cuda-tile installed, its own
demangler must agree on every file we ship."""
from __future__ import annotations

import pytest

from corpus_util import CORPUS_FILES, EXAMPLES, SAMPLE_FILES
from eqsat.frontend import annotate_from_symbol, apply_facts
from eqsat.text import parse_file
from eqsat.toolchain import missing_reason

FILES = CORPUS_FILES + sorted(EXAMPLES.glob("*.mlir")) + SAMPLE_FILES


def test_symbol_facts_without_the_cuda_extra(monkeypatch):
    import eqsat.frontend._cutile as cutile

    def no_cuda_tile():
        raise AssertionError("annotate_from_symbol must not need cuda-tile")

    monkeypatch.setattr(cutile, "_cuda_tile", no_cuda_tile)
    k = parse_file(CORPUS_FILES[0])
    assert annotate_from_symbol(k)
    ptr = k.params[0].attrs
    assert ptr["div_by"] == 16 and "alias" in ptr and "contiguous" in ptr


def test_a_plain_name_has_no_facts():
    k = parse_file(CORPUS_FILES[0])
    k.name = "not_mangled"
    assert not annotate_from_symbol(k)
    assert all(not p.attrs for p in k.params)


_WHY = missing_reason()


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_our_decoder_agrees_with_cutiles_demangler(path):
    from eqsat.frontend import _cutile

    ours, theirs = parse_file(path), parse_file(path)
    got = annotate_from_symbol(ours)
    d = _cutile.demangle(theirs.name)
    assert got == (d is not None)
    if d is not None:
        apply_facts(theirs, _cutile.signature_facts(d[1]), rename=False)
    assert [p.attrs for p in ours.params] == [p.attrs for p in theirs.params]
