"""Attribute values that need more than a Python literal: constants, assume predicates."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from eqsat.ir.types import ElementType, numpy_dtype


class DenseConst:
    """A constant's payload: a numpy array in the element type's compute dtype.

    A 0-d array is a splat over the result shape. Compared by dtype, shape and bits,
    so NaN payloads and -0.0 are kept apart.
    """
    __slots__ = ("elem", "array")

    def __init__(self, elem: ElementType, value):
        self.elem = elem
        arr = np.array(value, dtype=numpy_dtype(elem))
        arr.setflags(write=False)
        self.array = arr

    @property
    def is_splat(self) -> bool:
        return self.array.ndim == 0 or bool(np.all(self.array.view(np.uint8).reshape(
            self.array.size, -1) == self.array.view(np.uint8).reshape(self.array.size, -1)[0]))

    def scalar(self):
        """The splat value as a Python number (first element for dense data)."""
        return self.array.reshape(-1)[0].item()

    def _key(self):
        return (str(self.elem), self.array.shape, self.array.tobytes())

    def __eq__(self, other) -> bool:
        return isinstance(other, DenseConst) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"DenseConst({self.elem}, {self.array.tolist()!r})"


@dataclass(frozen=True)
class DivBy:
    """`div_by<d>`: the value (or every `every`-th element along `along`) is divisible by d."""
    divisor: int
    every: int | None = None
    along: int | None = None

    def __str__(self) -> str:
        if self.every is None:
            return f"div_by<{self.divisor}>"
        return f"div_by<{self.divisor}, every {self.every} along {self.along}>"


@dataclass(frozen=True)
class Bounded:
    """`bounded<lo, hi>` (inclusive, signed); None is unbounded (`?`)."""
    lo: int | None
    hi: int | None

    def __str__(self) -> str:
        f = lambda v: "?" if v is None else str(v)  # noqa: E731
        return f"bounded<{f(self.lo)}, {f(self.hi)}>"


@dataclass(frozen=True)
class SameElements:
    """`same_elements<[c0, c1, ...]>`: groups of c_i equal values along each dimension."""
    counts: tuple[int, ...]

    def __str__(self) -> str:
        return "same_elements<[" + ", ".join(map(str, self.counts)) + "]>"


Predicate = DivBy | Bounded | SameElements
