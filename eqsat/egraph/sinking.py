"""Guarded ops back under the control flow of their users.

Decoding places each value once, in the innermost region that holds all its uses, so a
value used in both arms of a branch is computed before the branch. For a pure op that
is free; for one that may trap (a division by a value that can be zero) or that is a
promise only where it stands (an `assume`) it is not: it would now run where the
program would not have run it. This pass moves such ops, and the pure ops computed
from them, back into the regions of their users.
"""
from __future__ import annotations

from eqsat.ir.core import Kernel, Operation, Region, const_int
from eqsat.ir.ops import SPECS

# pure, but not safe to run where the program would not: an assume is a promise only
# where it stands, a division by zero is undefined
DIVISIONS = frozenset(("divi", "remi"))
GUARDED = frozenset(n for n, s in SPECS.items() if s.has("assumption")) | DIVISIONS


def _traps(op: Operation) -> bool:
    """A division whose divisor is not a constant other than 0 and -1 (INT_MIN / -1
    overflows): it may trap where the program would not have run it."""
    return (op.name in DIVISIONS and len(op.operands) == 2
            and const_int(op.operands[1]) in (None, 0, -1))


def _sink(region: Region) -> None:
    """Put a guarded op (and the pure ops computed from it) back under the control flow
    of its users: one value serves every use of a class, so a division used in two
    branches was placed before both, where it also runs when neither branch does. An
    op whose every use lies inside the regions of later ops of its region is copied to
    the top of each such region instead (a loop body runs it once per iteration: the
    price of never running it where the program would not)."""
    changed = True
    while changed:
        changed = False
        tainted: set[int] = set()
        for op in region.ops:
            if op.spec is not None and op.spec.effect == "pure" and not op.regions and (
                    _traps(op) or any(id(v) in tainted for v in op.operands)):
                tainted.update(id(r) for r in op.results)
        if not tainted:
            break
        users = _Users(region)
        gone: set[int] = set()
        tops: dict[int, list[Operation]] = {}       # id(home) -> copies, newest first
        homes_by_id: dict[int, Region] = {}
        for op in reversed(list(region.ops)):
            if not op.results or id(op.results[0]) not in tainted:
                continue
            homes = users.homes(op)
            if homes is None:
                continue
            for home, (top, uses) in homes.items():
                copy = Operation(op.name, list(op.operands), [r.type for r in op.results],
                                 dict(op.attrs), segments=op.segments,
                                 result_names=[r.name for r in op.results])
                copy.parent = home
                tops.setdefault(id(home), []).insert(0, copy)
                homes_by_id[id(home)] = home
                users.add(copy, top, home)
                for u, i in uses:
                    u.operands[i] = copy.results[op.results.index(u.operands[i])]
            users.drop(op)
            gone.add(id(op))
            changed = True
        for hid, copies in tops.items():
            home = homes_by_id[hid]
            home.ops = copies + home.ops
        region.ops = [op for op in region.ops if id(op) not in gone]
    for op in region.ops:
        for r in op.regions:
            _sink(r)


class _Users:
    """Who reads each value in a region: (user, operand index, the region's op that
    holds the user, and the nested region of that op it sits in, None at the top)."""

    def __init__(self, region: Region):
        self.map: dict[int, list[tuple[Operation, int, Operation, Region | None]]] = {}
        for top in region.ops:
            self.add(top, top, None)
            for r in top.regions:
                for u in r.walk():
                    self.add(u, top, r)

    def add(self, u: Operation, top: Operation, r: Region | None) -> None:
        for i, v in enumerate(u.operands):
            self.map.setdefault(id(v), []).append((u, i, top, r))

    def drop(self, u: Operation) -> None:
        for v in u.operands:
            got = self.map.get(id(v))
            if got:
                self.map[id(v)] = [e for e in got if e[0] is not u]

    def homes(self, op: Operation) -> dict[Region, tuple[Operation, list]] | None:
        """The nested regions (of other ops of the region) that hold every use of `op`'s
        results, each with its uses; None if a use is directly in the region or there
        is none."""
        homes: dict[int, tuple[Region, Operation, list]] = {}
        for res in op.results:
            for u, i, top, r in self.map.get(id(res), ()):
                if top is op:
                    continue
                if r is None:
                    return None          # used at this level: runs here in the program too
                homes.setdefault(id(r), (r, top, []))[2].append((u, i))
        if not homes:
            return None
        return {r: (top, uses) for r, top, uses in homes.values()}


def sink_guarded(kernel: Kernel) -> Kernel:
    """The pass, in place on the whole kernel (returned for chaining)."""
    _sink(kernel.body)
    return kernel


__all__ = ["sink_guarded", "GUARDED", "DIVISIONS"]
