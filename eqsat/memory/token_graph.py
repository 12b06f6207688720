"""Which memory op waits for which: the direct orderings a kernel's tokens state.

`TokenSets` (eqsat.memory.tokensets) answers "everything before this op"; a picture
needs only the direct waits, from which the rest follows by transitivity. An op waits
directly for the memory ops whose result tokens reach its input token through
`join_tokens`, loop-carried tokens, loop results and branch results without passing
through another memory op. A wait that crosses a loop's back edge (iteration i+1 waits
for iteration i) is marked `carried`. A token-free kernel means program order (design
§3): each memory op waits for the memory ops that can run just before it.

Nodes are numbered in program order (`Kernel.walk`), so the graph of a kernel is the
same on every run.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eqsat.ir.core import Kernel, Operation, Region, Value, control_edges
from eqsat.ir.ops import MEMORY_OPS
from eqsat.memory.alias import UNIVERSE, AliasFacts, alias_model
from eqsat.memory.conflict import Conflicts


@dataclass(frozen=True)
class MemNode:
    """One memory op: its place in program order, name, the arrays it may touch (parameter
    names, `?` for any), and its source line and column when parsed from text."""
    index: int
    op: str
    arrays: tuple[str, ...]
    loc: tuple[int, int] | None

    @property
    def label(self) -> str:
        where = f" @{self.loc[0]}:{self.loc[1]}" if self.loc else ""
        arrays = f" {','.join(self.arrays)}" if self.arrays else ""
        return f"{self.op}{arrays}{where}"


@dataclass(frozen=True)
class WaitEdge:
    """`waiter` waits for `waited` (node indices). `carried`: across a loop's back edge.
    `conflict`: the two accesses may conflict under the alias facts, so the wait is needed;
    a wait without a conflict is one an optimizer could drop."""
    waited: int
    waiter: int
    carried: bool
    conflict: bool


@dataclass(frozen=True)
class TokenGraph:
    nodes: tuple[MemNode, ...]
    edges: tuple[WaitEdge, ...]
    tokenized: bool              # False: the waits are program order

    def to_dict(self) -> dict[str, Any]:
        return {"tokenized": self.tokenized,
                "nodes": [{"index": n.index, "op": n.op, "arrays": list(n.arrays),
                           "loc": list(n.loc) if n.loc else None} for n in self.nodes],
                "edges": [{"waited": e.waited, "waiter": e.waiter, "carried": e.carried,
                           "conflict": e.conflict} for e in self.edges]}


def _is_memory(op: Operation) -> bool:
    return op.name in MEMORY_OPS


def token_graph(kernel: Kernel, *, noalias: bool = False) -> TokenGraph:
    """The direct waits between `kernel`'s memory ops, under the alias facts `optimize`
    uses (see `eqsat.memory.alias.alias_model`)."""
    facts = alias_model(kernel, noalias=noalias)[0]
    ops = [op for op in kernel.walk() if _is_memory(op)]
    index = {id(op): i for i, op in enumerate(ops)}
    tokenized = any(op.token_in is not None for op in ops)
    waits = _token_waits(kernel, index) if tokenized else _program_waits(kernel, index)
    nodes = tuple(MemNode(i, op.name, _arrays(kernel, facts, op), op.loc)
                  for i, op in enumerate(ops))
    conflict = Conflicts(facts)
    edges = tuple(WaitEdge(a, b, carried, conflict(ops[a], ops[b]))
                  for a, b, carried in sorted(waits))
    return TokenGraph(nodes, edges, tokenized)


def _arrays(kernel: Kernel, facts: AliasFacts, op: Operation) -> tuple[str, ...]:
    names = []
    for root in sorted(facts.footprint(op), key=str):
        if root == UNIVERSE:
            names.append("?")
        else:
            p = kernel.params[root]
            names.append(f"%{p.name}" if p.name else f"#{root}")
    return tuple(names)


Wait = tuple[int, int, bool]           # (waited, waiter, carried)
Front = frozenset[tuple[int, bool]]    # memory ops (index, reached through a back edge)


def _token_waits(kernel: Kernel, index: dict[int, int]) -> set[Wait]:
    """Waits through tokens: a fixpoint over the token values, like `TokenSets`, but a
    memory op's result token stands for that op alone."""
    back: set[tuple[int, int]] = set()       # (id(src), id(dst)) crossing a back edge
    for op in kernel.walk():
        sp = op.spec
        if sp.is_loop:
            body = op.regions[0]
            args = {id(a) for a in (body.args[1:] if sp.is_counted_loop else body.args)}
            inits = {id(v) for v in op.group("init")}
            back |= {(id(s), id(d)) for s, d in control_edges(op)
                     if id(d) in args and id(s) not in inits}
    edges = [(s, d) for s, d in control_edges(kernel) if d.is_token]
    fronts: dict[int, Front] = {}
    changed = True

    def add(v: Value, f: Front) -> None:
        nonlocal changed
        old = fronts.get(id(v), frozenset())
        if not f <= old:
            fronts[id(v)] = old | f
            changed = True

    while changed:
        changed = False
        for src, dst in edges:
            f = fronts.get(id(src), frozenset())
            add(dst, frozenset((i, True) for i, _ in f) if (id(src), id(dst)) in back else f)
        for op in kernel.walk():
            if _is_memory(op) and op.token_out is not None:
                add(op.token_out, frozenset([(index[id(op)], False)]))
            elif op.spec.is_join:
                for v in op.operands:
                    add(op.result, fronts.get(id(v), frozenset()))
    waits: set[Wait] = set()
    for op in kernel.walk():
        if _is_memory(op) and op.token_in is not None:
            for a, carried in fronts.get(id(op.token_in), frozenset()):
                waits.add((a, index[id(op)], carried))
    return waits


def _program_waits(kernel: Kernel, index: dict[int, int]) -> set[Wait]:
    """Waits of a token-free kernel: program order, through loops (a body's last memory
    ops before its first ones, carried) and both arms of a branch."""
    waits: set[Wait] = set()

    def run(region: Region, before: Front) -> Front:
        for op in region.ops:
            if _is_memory(op):
                i = index[id(op)]
                waits.update((a, i, carried) for a, carried in before)
                before = frozenset([(i, False)])
            elif op.spec.is_loop:
                body = op.regions[0]
                last = run(body, before)
                last = run(body, frozenset((a, True) for a, _ in last) | before)
                before = before | frozenset((a, False) for a, _ in last)
            elif op.spec.is_branch:
                outs = [run(r, before) for r in op.regions]
                before = frozenset().union(*outs) if len(outs) == 2 else before.union(*outs)
        return before

    run(kernel.body, frozenset())
    return waits
