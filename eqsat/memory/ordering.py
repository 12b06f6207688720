"""Which memory ops a kernel's tokens order, and which of those orderings are needless.

What each token stands for comes from the one token-set solver
(`eqsat.memory.tokensets`, may-sets): an op in a loop body is "before" itself through
the carried token (iteration i before iteration i+1).
"""
from __future__ import annotations

from eqsat.memory.alias import AliasFacts
from eqsat.memory.conflict import Conflicts
from eqsat.memory.tokensets import TokenSets
from eqsat.ir.core import Kernel
from eqsat.ir.ops import MEMORY_OPS


def ordered_pairs(kernel: Kernel) -> set[tuple[int, int]]:
    """(id(a), id(b)) for every memory op b whose input token stands for a."""
    sets = TokenSets(kernel)
    pairs = set()
    for op in kernel.walk():
        if op.name in MEMORY_OPS and op.token_in is not None:
            for a, _ in sets.of(op.token_in):
                pairs.add((a, id(op)))
    return pairs


def needless_orderings(kernel: Kernel, facts: AliasFacts) -> int:
    """Token orderings between memory ops that cannot conflict and that no chain of
    conflicting orderings implies."""
    ops = {id(op): op for op in kernel.walk()}
    pairs = ordered_pairs(kernel)
    conflict = Conflicts(facts)
    required = {(a, b) for a, b in pairs if conflict(ops[a], ops[b])}
    # transitive closure of the required orderings
    succ: dict[int, set[int]] = {}
    for a, b in required:
        succ.setdefault(a, set()).add(b)
    reach: dict[int, set[int]] = {}

    def reachable(a: int) -> set[int]:
        if a in reach:
            return reach[a]
        seen, stack = set(), list(succ.get(a, ()))
        while stack:
            x = stack.pop()
            if x not in seen:
                seen.add(x)
                stack.extend(succ.get(x, ()))
        reach[a] = seen
        return seen
    return sum(1 for a, b in pairs if b not in reachable(a))
