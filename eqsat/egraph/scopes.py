"""The encoded kernel's regions as a tree of scopes (0 = the kernel), which extraction
and decoding both ask where a value may live."""
from __future__ import annotations

from typing import overload

from eqsat.egraph.encode import Encoding


class RegionScopes:
    """Leaf regions form a tree (static nesting); a scope is one of its nodes (0 = kernel)."""

    def __init__(self, enc: Encoding):
        self.parent: dict[int, int | None] = {0: None}
        self.depth = {0: 0}
        for rid in sorted(enc.regions):
            p = enc.regions[rid].parent
            self.parent[rid] = p
            self.depth[rid] = self.depth.get(p, 0) + 1

    def inside(self, a: int, b: int) -> bool:
        """Is region a equal to or nested in region b?"""
        cur: int | None = a
        while cur is not None and self.depth.get(cur, 0) > self.depth.get(b, 0):
            cur = self.parent.get(cur)
        return cur == b

    @overload
    def deeper(self, a: int, b: int) -> int: ...
    @overload
    def deeper(self, a: int | None, b: int | None) -> int | None: ...

    def deeper(self, a: int | None, b: int | None) -> int | None:
        """The deeper of two scopes on one chain; -1 if they are not on one chain."""
        if a is None:
            return b
        if b is None:
            return a
        if a == -1 or b == -1:
            return -1
        if self.inside(a, b):
            return a
        if self.inside(b, a):
            return b
        return -1


__all__ = ["RegionScopes"]
