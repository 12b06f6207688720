"""Signature helpers for the benchmark suite: the corpus's own (`tests/corpus/corpus_sig.py`:
int32 indexing, last stride the constant 1, 16-byte aligned bases, optional alias groups)
plus lists of arrays. Named with a leading underscore so the regenerate script does not
take it for a kernel, and uniquely so it never shadows another folder's helper."""
import sys
from pathlib import Path

_CORPUS = str(Path(__file__).resolve().parents[2] / "tests" / "corpus")
if _CORPUS not in sys.path:
    sys.path.append(_CORPUS)

from corpus_sig import array, const, scalar, signature  # noqa: E402
from cuda.tile.compilation import ListConstraint  # noqa: E402


def array_list(dtype, ndim):
    return ListConstraint(array(dtype, ndim), alias_groups=(), elements_may_alias=False)


__all__ = ["array", "array_list", "const", "scalar", "signature"]
