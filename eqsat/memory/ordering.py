"""What a kernel's tokens order: the memory ops each token stands for (design §3).

`make_token` stands for no op; a memory op's result token for the op plus everything
its input token stands for; `join_tokens` for the union. Loop-carried tokens and
branch results are solved as a fixpoint, so an op in a loop body is "before" itself
through the carried token (iteration i before iteration i+1).
"""
from __future__ import annotations

from eqsat.memory.alias import AliasFacts
from eqsat.memory.conflict import Conflicts
from eqsat.ir.core import Kernel, Value, control_edges
from eqsat.ir.ops import MEMORY_OPS


def token_sets(kernel: Kernel) -> dict[int, frozenset[int]]:
    """id(token value) -> ids of the memory ops it stands for (static ops)."""
    sets: dict[int, frozenset[int]] = {}
    changed = True

    def join(v: Value, s: frozenset) -> None:
        nonlocal changed
        old = sets.get(id(v), frozenset())
        new = old | s
        if new != old:
            sets[id(v)] = new
            changed = True

    def of(v: Value) -> frozenset:
        return sets.get(id(v), frozenset())

    edges = [(a, b) for a, b in control_edges(kernel) if b.is_token]
    while changed:
        changed = False
        for src, dst in edges:
            join(dst, of(src))
        for op in kernel.walk():
            if op.name in MEMORY_OPS or op.name == "print_tko":
                t = op.token_out
                if t is not None:
                    base = of(op.token_in) if op.token_in is not None else frozenset()
                    join(t, base | {id(op)})
            elif op.name == "join_tokens":
                for v in op.operands:
                    join(op.result, of(v))
    return sets


def ordered_pairs(kernel: Kernel) -> set[tuple[int, int]]:
    """(id(a), id(b)) for every memory op b whose input token stands for a."""
    sets = token_sets(kernel)
    pairs = set()
    for op in kernel.walk():
        if (op.name in MEMORY_OPS or op.name == "print_tko") and op.token_in is not None:
            for a in sets.get(id(op.token_in), ()):
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
