"""When two memory ops must stay in order (design §3), as one predicate over keys.

Every memory op gets two small sets of *ordering keys*: `first`, what it leaves for a
later op to collide with, and `second`, what it collides with of an earlier op.
`second` must stay after `first` exactly when `first.first` and `second.second`
share a key. That one test is `conflict()`, used by clean-up, statistics and the
orderings report; the encoder inserts the same keys as per-op sets and the token
rules test the same intersection (rules/tokens.py), so Python and the rules cannot
disagree, and the facts stay one row per op instead of one per pair.

What the keys encode (`w` write, `fp` footprint, `R` the roots and alias groups of
the footprint, *wild* a footprint that may touch any array):

    conflict(p, o) = release(o) or acquire(p) or print(p) and print(o)
                     or (w(p) or w(o)) and overlap(p, o)
    overlap(p, o)  = fp(p), fp(o) not empty and (R(p) & R(o) or wild(p) or wild(o))

Each disjunct becomes keys that only that disjunct puts on both sides: `w(p) and
R(p) & R(o)` is `("w", r)` in p's `first` for r in R(p) when p writes and in o's
`second` for r in R(o); `w(p) and wild(o) and fp(p)` is `"w-mem"` in p's `first`
when p writes anything and in o's `second` when o is wild; and so on.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eqsat.ir.core import Operation
from eqsat.memory.alias import DEFAULT_GROUP, UNIVERSE, AliasFacts, is_acquire, is_release, is_write

Key = Any          # a hashable tuple or string


@dataclass(frozen=True)
class OrderKeys:
    """The ordering keys of one memory op (see the module docstring)."""
    first: frozenset[Key]
    second: frozenset[Key]


def order_keys(facts: AliasFacts, op: Operation) -> OrderKeys:
    """Keys of `op` under `facts`."""
    fp = facts.footprint(op)
    regions: set[Key] = set()
    wild = False
    for r in fp:
        if r == UNIVERSE:
            wild = True
            continue
        groups = facts.groups[r]
        wild |= DEFAULT_GROUP in groups           # an unannotated parameter may alias any array
        regions.add(("root", r))
        regions.update(("group", g) for g in groups)
    w = is_write(op)
    first: set[Key] = {"release"}            # a release stays after everything
    second: set[Key] = {"acquire"}           # everything stays after an acquire
    if is_acquire(op):
        first.add("acquire")
    if is_release(op):
        second.add("release")
    if op.spec.has("output"):               # printed output stays in order
        first.add("print")
        second.add("print")
    if fp:
        # w(p) and overlap: p writes what o touches
        if w:
            first.update(("w", r) for r in regions)
            first.add("w-mem")
            if wild:
                first.add("w-wild")
        second.update(("w", r) for r in regions)
        second.add("w-wild")
        if wild:
            second.add("w-mem")
        # w(o) and overlap: o writes what p touches
        first.update(("a", r) for r in regions)
        first.add("a-mem")
        if wild:
            first.add("a-wild")
        if w:
            second.update(("a", r) for r in regions)
            second.add("a-wild")
            if wild:
                second.add("a-mem")
    return OrderKeys(frozenset(first), frozenset(second))


class Conflicts:
    """`conflict()` for many queries on one kernel: keys are computed once per op."""

    def __init__(self, facts: AliasFacts):
        self.facts = facts
        self._keys: dict[int, tuple[Operation, OrderKeys]] = {}

    def keys(self, op: Operation) -> OrderKeys:
        got = self._keys.get(id(op))
        if got is None or got[0] is not op:
            got = (op, order_keys(self.facts, op))     # holding op keeps its id unique
            self._keys[id(op)] = got
        return got[1]

    def __call__(self, first: Operation, second: Operation) -> bool:
        return not self.keys(first).first.isdisjoint(self.keys(second).second)


def conflict(facts: AliasFacts, first: Operation, second: Operation) -> bool:
    """Must `second` stay after `first` (program order first -> second)? Conflicting
    accesses (may overlap, one writes), a release after anything, anything after an
    acquire, two prints."""
    return not order_keys(facts, first).first.isdisjoint(order_keys(facts, second).second)


__all__ = ["OrderKeys", "order_keys", "Conflicts", "conflict"]
