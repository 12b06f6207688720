"""What is known about one value: the record the e-graph analyses fill per e-class
(`eqsat.egraph.analyses.read_facts`) and assume placement reads per value
(`eqsat.passes.assumes`). None means nothing is known.

Along the last axis of a tile, in aligned lane groups of a power-of-two size n:
`contig` = n when each group holds consecutive values, `contig_div` a power of two
dividing each group's first lane, `same` = n when each group holds one value.
"""
from __future__ import annotations

from dataclasses import dataclass


def _most(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else max(a, b)


def _least(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else min(a, b)


@dataclass
class ValueFacts:
    """Facts about one value (or e-class); `exact`: an exact constant, never wrapped."""
    const: int | None = None        # the splat constant's bits
    div: int | None = None          # a power of two dividing it (bytes for pointers)
    lo: int | None = None           # signed bounds
    hi: int | None = None
    contig: int | None = None
    contig_div: int | None = None
    same: int | None = None
    exact: bool = False

    def join(self, other: ValueFacts) -> ValueFacts:
        """Both facts hold (same value, both unconditional): keep the stronger of each."""
        return ValueFacts(self.const if self.const is not None else other.const,
                          _most(self.div, other.div), _most(self.lo, other.lo),
                          _least(self.hi, other.hi), _most(self.contig, other.contig),
                          _most(self.contig_div, other.contig_div),
                          _most(self.same, other.same), self.exact or other.exact)

    @property
    def is_exact(self) -> bool:
        """Marked exact, or one constant: its bits or equal bounds."""
        return self.exact or self.const is not None or (self.lo is not None
                                                        and self.lo == self.hi)


__all__ = ["ValueFacts"]
