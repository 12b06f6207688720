"""The relations the token rules read, computed from the encoder's public record.

The encoder (eqsat.egraph.encode) hands over a `MemoryRecord`: each memory op with its
uid and e-graph term, each loop with its region id, each `if` with its head term, and
for token-free input where the program-order chain runs through them. `relations()`
turns that into `TokenRelations`, plain Python rows the encoder inserts as egglog
facts (eqsat.egraph.tokenfacts). Nothing here is per pair of memory ops:

* per op: its ordering keys (eqsat.memory.conflict), and for each loop around it
  whether it may skip that loop's earlier iterations (`loop_free` / `loop_bound`);
* per loop and per `if`: the union of the `first` keys of the ops inside, and which
  of its carried and result tokens are *closed* (stand only for the token before it
  and ops inside) or open.

Decided here, in Python, because it needs the whole kernel: alias footprints (the
keys), whether a loop's iterations may run in any order for an op (injective
addresses, eqsat.memory.injective), and which tokens are closed. From these rows
eqsat.egraph.tokenfacts computes what each op needs of its input token (whether op o
need wait for op p: the keys of p and o intersect; whether an op after a loop or an
if need wait for anything inside: the region's keys and the op's intersect), and the
token rules (rules/tokens.py) weaken each op's token to it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from eqsat.analysis.signature import array_layouts
from eqsat.errors import EqsatError
from eqsat.interp.machine import may_exit
from eqsat.ir.core import Kernel, Operation, Region, Value
from eqsat.memory.alias import AliasFacts, is_acquire, is_release
from eqsat.memory.conflict import Conflicts, Key
from eqsat.memory.injective import Bounds, disjoint_across, disjoint_pair_across
from eqsat.memory.tokensets import loop_exits


# -- the encoder's record ------------------------------------------------------------------------
@dataclass(frozen=True)
class MemOp:
    """A memory op (or print) as encoded: its uid and its e-graph term (opaque here)."""
    op: Operation
    uid: int
    term: Any


@dataclass(frozen=True)
class LoopRecord:
    """A `for`/`loop` as encoded; `chain` is (body argument, init, result) of the
    program-order token chain it carries (token-free input), else None."""
    op: Operation
    rid: int
    chain: tuple[int, int, int] | None = None


@dataclass(frozen=True)
class IfRecord:
    """An `if` as encoded; `chain` is (result index, term of the token before the if)
    of the program-order chain it passes on (token-free input), else None."""
    op: Operation
    head: Any
    chain: tuple[int, Any] | None = None


@dataclass
class MemoryRecord:
    """What the encoder wrote of a kernel's memory: ops in program order, regions in
    the order they were closed (inner before outer)."""
    kernel: Kernel
    tokenized: bool
    ops: list[MemOp] = field(default_factory=list)
    loops: list[LoopRecord] = field(default_factory=list)
    ifs: list[IfRecord] = field(default_factory=list)


# -- the relations -------------------------------------------------------------------------------
@dataclass
class TokenRelations:
    """Rows of the token relations, keys interned as small integers (see the module
    docstring; rules/tokens.py says how each is read). `if_base` bases are IR values
    (tokenized input) or e-graph terms (the chain)."""
    first: dict[int, tuple[int, ...]] = field(default_factory=dict)    # uid -> keys
    second: dict[int, tuple[int, ...]] = field(default_factory=dict)   # uid -> keys
    need_class: dict[int, int] = field(default_factory=dict)           # uid -> need class
    loop_keys: dict[int, tuple[int, ...]] = field(default_factory=dict)  # rid -> keys
    if_keys: list[tuple[Any, tuple[int, ...]]] = field(default_factory=list)  # head, keys
    loop_free: list[tuple[int, int]] = field(default_factory=list)     # (uid, rid)
    loop_bound: list[tuple[int, int]] = field(default_factory=list)    # (uid, rid)
    carry_arg: list[tuple[int, int, int]] = field(default_factory=list)  # (rid, arg, init)
    open_arg: list[tuple[int, int]] = field(default_factory=list)      # (rid, arg)
    carry_out: list[tuple[int, int, int]] = field(default_factory=list)  # (rid, result, init)
    open_out: list[tuple[int, int]] = field(default_factory=list)      # (rid, result)
    if_base: list[tuple[Any, int, Any]] = field(default_factory=list)  # (head, result, base)
    open_if: list[tuple[Any, int]] = field(default_factory=list)       # (head, result)

    def rows(self) -> int:
        return (2 * len(self.first) + len(self.loop_keys) + len(self.if_keys) +
                sum(len(x) for x in (self.loop_free, self.loop_bound, self.carry_arg,
                                     self.open_arg, self.carry_out, self.open_out,
                                     self.if_base, self.open_if)))

    def classes(self) -> tuple[dict[int, tuple[int, ...]], list[tuple[int, int]],
                               list[tuple[int, int]]]:
        """Per need class (see `need_classes`): its `second` keys, and the (class, loop)
        rows of `loop_free` and `loop_bound`, each once, in program order."""
        second: dict[int, tuple[int, ...]] = {}
        for u, c in self.need_class.items():
            second.setdefault(c, self.second[u])

        def per_class(rows: list[tuple[int, int]]) -> list[tuple[int, int]]:
            return list(dict.fromkeys((self.need_class[u], r) for u, r in rows))
        return second, per_class(self.loop_free), per_class(self.loop_bound)


class _Interner:
    """Keys -> integers in order of first use (program order, so deterministic)."""

    def __init__(self) -> None:
        self.ids: dict[Key, int] = {}

    def of(self, keys: frozenset[Key]) -> tuple[int, ...]:
        for k in sorted(keys, key=repr):
            self.ids.setdefault(k, len(self.ids))
        return tuple(sorted(self.ids[k] for k in keys))


# How much a loop's iterations may be proven independent of each other (`loop_parallel`):
# "all" takes every proof of eqsat.memory.injective; "view-stores" only a view store's own
# instances (a tile index that separates iterations), which is what cuTile's own passes
# prove. The two orders mean the same; tileiras software-pipelines a loop whose iterations
# are independent, which can double its code (see eqsat.lowering.cutile_workflow).
LoopParallel = Literal["all", "view-stores"]
LOOP_PARALLEL: tuple[LoopParallel, ...] = ("all", "view-stores")


def check_loop_parallel(value: object) -> LoopParallel:
    """`value` if it names one of `LOOP_PARALLEL`, else an error saying which there are."""
    for mode in LOOP_PARALLEL:
        if value == mode:
            return mode
    raise EqsatError(f"loop_parallel must be one of {', '.join(LOOP_PARALLEL)}, "
                     f"not {value!r}")


def relations(record: MemoryRecord, facts: AliasFacts,
              loop_parallel: LoopParallel = "all") -> TokenRelations:
    """The token relations of the kernel `record` describes, under `facts`, with the
    cross-iteration proofs `loop_parallel` names (`LOOP_PARALLEL`)."""
    every_proof = check_loop_parallel(loop_parallel) == "all"
    out = TokenRelations()
    conflicts = Conflicts(facts)
    names = _Interner()
    uids = {id(m.op): m.uid for m in record.ops}
    for m in record.ops:
        keys = conflicts.keys(m.op)
        out.first[m.uid] = names.of(keys.first)
        out.second[m.uid] = names.of(keys.second)
    layouts = array_layouts(record.kernel)
    bounds = Bounds(record.kernel)
    for loop in record.loops:
        inside = _memory_ops_in(loop.op, uids)
        out.loop_keys[loop.rid] = names.of(_first_keys(inside, conflicts))
        free = _LoopFreedom(loop.op, inside, conflicts, facts, layouts, bounds, every_proof)
        for o in inside:
            (out.loop_free if free(o) else out.loop_bound).append((uids[id(o)], loop.rid))
    for rec in record.ifs:
        inside = _memory_ops_in(rec.op, uids)
        out.if_keys.append((rec.head, names.of(_first_keys(inside, conflicts))))
    need_classes(out)
    if record.tokenized:
        _closed_tokenized(record, out)
    else:
        _closed_chain(record, out)
    return out


def need_classes(out: TokenRelations) -> None:
    """Group ops that need the same of every token: what op o needs of a token earlier
    in program order depends on o only through its `second` keys and which loops
    around it it may skip earlier iterations of (the ops it passes and keeps have their
    own rows). So the token rules ask and answer `Need` once per class, not once per
    op: M ops on one array share one walk of the chain instead of making M of them.
    Classes are numbered in program order."""
    loops: dict[int, list[tuple[int, bool]]] = {}
    for rows, free in ((out.loop_free, True), (out.loop_bound, False)):
        for u, r in rows:
            loops.setdefault(u, []).append((r, free))
    ids: dict[tuple, int] = {}
    for u, keys in out.second.items():
        key = (keys, tuple(sorted(loops.get(u, ()))))
        out.need_class[u] = ids.setdefault(key, len(ids) + 1)


def _memory_ops_in(op: Operation, uids: dict[int, int]) -> list[Operation]:
    return [o for r in op.regions for o in r.walk() if id(o) in uids]


def _first_keys(ops: list[Operation], conflicts: Conflicts) -> frozenset[Key]:
    out: set[Key] = set()
    for o in ops:
        out |= conflicts.keys(o).first
    return frozenset(out)


class _LoopFreedom:
    """May op o, inside `loop`, skip every instance of every op of the loop from an
    earlier iteration? Yes when its own instances may run in any order and every op
    of the loop it conflicts with touches, in each iteration, a tile of their common
    array no other iteration touches (eqsat.memory.injective). Only ops o conflicts with are
    looked at (found through their keys). Without `every_proof` (cuTile's proof only), an
    op that conflicts with another op of the loop never may, and one that conflicts with
    itself only if it is a view store."""

    def __init__(self, loop: Operation, inside: list[Operation], conflicts: Conflicts,
                 facts: AliasFacts, layouts: dict, bounds: Bounds, every_proof: bool = True):
        self.loop, self.conflicts, self.facts = loop, conflicts, facts
        self.every_proof = every_proof
        self.layouts, self.bounds = layouts, bounds
        self.by_key: dict[Key, list[Operation]] = {}
        for p in inside:
            for k in conflicts.keys(p).first:
                self.by_key.setdefault(k, []).append(p)

    def __call__(self, o: Operation) -> bool:
        if not self._self_free(o):
            return False
        seen = {id(o)}
        for k in self.conflicts.keys(o).second:
            for p in self.by_key.get(k, ()):
                if id(p) in seen:
                    continue
                seen.add(id(p))
                if not self.every_proof or not disjoint_pair_across(
                        p, o, self.loop, self.facts, self.layouts, self.bounds):
                    return False
        return True

    def _self_free(self, op: Operation) -> bool:
        """Can instances of `op` in different iterations run in any order?"""
        sp = op.spec
        if is_acquire(op) or is_release(op) or sp.has("output"):
            return False
        if not self.conflicts(op, op):
            return True
        if not self.every_proof and not (sp.is_store and sp.is_view_access):
            return False
        return disjoint_across(op, self.loop, self.facts, self.layouts, self.bounds)


# -- which carried and result tokens are closed ---------------------------------------------------
def _closed_chain(record: MemoryRecord, out: TokenRelations) -> None:
    """The program-order chain: its carried token is always closed (the body passes on
    only its own chain); results are closed unless the region may leave early."""
    for loop in record.loops:
        if loop.chain is None:
            continue
        arg, init, res = loop.chain
        out.carry_arg.append((loop.rid, arg, init))
        if may_exit(loop.op):
            out.open_out.append((loop.rid, res))
        else:
            out.carry_out.append((loop.rid, res, init))
    for rec in record.ifs:
        if rec.chain is None:
            continue
        res, base = rec.chain
        if may_exit(rec.op):
            out.open_if.append((rec.head, res))
        else:
            out.if_base.append((rec.head, res, base))


def _closed_tokenized(record: MemoryRecord, out: TokenRelations) -> None:
    """Tokenized input: a carried token is closed when every `continue` passes on a
    token built from it, the init and ops of the body only; a result when it is (a
    closed carried token, or for an `if` one token from before it on every branch)."""
    for loop in record.loops:
        op, rid = loop.op, loop.rid
        leaves = _Leaves(op)
        args = op.regions[0].args
        counted = op.spec.is_counted_loop
        skip = 1 if counted else 0
        inits = op.group("init")
        closed_args: list[tuple[int, int]] = []
        for i, init_v in enumerate(inits):
            a = i + skip
            if not args[a].is_token:
                continue
            ok = {("arg", a), ("out", id(init_v))}
            if all(leaves.of(t.operands[i]) <= ok for t in loop_exits(op, "continue")):
                closed_args.append((a, i))
                out.carry_arg.append((rid, a, i))
            else:
                out.open_arg.append((rid, a))
        exits = may_exit(op)
        sites = loop_exits(op, "break") if not counted else None
        for k, r in enumerate(op.results):
            if not r.is_token:
                continue
            closed = None
            if not exits:
                for a, i in closed_args:
                    ok = {("arg", a), ("out", id(inits[i]))}
                    if counted and k == i or not counted and sites and all(
                            leaves.of(t.operands[k]) <= ok for t in sites):
                        closed = i
                        break
            if closed is None:
                out.open_out.append((rid, k))
            else:
                out.carry_out.append((rid, k, closed))
    for rec in record.ifs:
        op = rec.op
        leaves = _Leaves(op)
        exits = may_exit(op)
        for k, r in enumerate(op.results):
            if not r.is_token:
                continue
            srcs: set[tuple[str, int]] = set()
            if not exits:
                for region in op.regions:
                    t = region.terminator
                    if t is not None and t.spec.has("yield"):
                        srcs |= leaves.of(t.operands[k])
            outer = [x for x in srcs if x[0] == "out"]
            if len(srcs) == 1 and outer:
                out.if_base.append((rec.head, k, leaves.values[outer[0][1]]))
            else:
                out.open_if.append((rec.head, k))


class _Leaves:
    """For token values inside a loop/if op R: the tokens from outside R ("out", id)
    and the carried arguments of R ("arg", i) that they are built from (through
    memory ops, joins and nested regions), as a least fixpoint."""

    def __init__(self, scope: Operation):
        self.scope = scope
        self.values: dict[int, Value] = {}
        self.sets: dict[int, frozenset] = {}
        tokens: list[Value] = []
        for r in scope.regions:
            tokens.extend(a for a in r.args if a.is_token)
            for o in r.walk():
                tokens.extend(v for v in o.results if v.is_token)
                for rr in o.regions:
                    tokens.extend(a for a in rr.args if a.is_token)
        self.inside = {id(v) for v in tokens}
        changed = True
        while changed:
            changed = False
            for v in tokens:
                new = self._step(v)
                if new != self.sets.get(id(v), frozenset()):
                    self.sets[id(v)] = new
                    changed = True

    def of(self, v: Value) -> frozenset:
        if id(v) not in self.inside:
            self.values[id(v)] = v
            return frozenset([("out", id(v))])
        return self.sets.get(id(v), frozenset())

    def _step(self, v: Value) -> frozenset:
        owner = v.owner
        if isinstance(owner, Region):
            loop = owner.parent
            if loop is self.scope:
                return frozenset([("arg", v.index)])
            assert isinstance(loop, Operation)       # a block argument of a loop body
            skip = 1 if loop.spec.is_counted_loop else 0
            i = v.index - skip
            out = self.of(loop.group("init")[i])
            for t in loop_exits(loop, "continue"):
                out |= self.of(t.operands[i])
            return out
        op: Operation = owner
        sp = op.spec
        if sp.is_memory:
            return self.of(op.token_in) if op.token_in is not None else frozenset()
        if sp.is_join:
            out = frozenset()
            for x in op.operands:
                out |= self.of(x)
            return out
        if sp.is_token_source:
            return frozenset()
        k = v.index
        out = frozenset()
        if sp.is_branch:
            for r in op.regions:
                end = r.terminator
                if end is not None and end.spec.has("yield"):
                    out |= self.of(end.operands[k])
        elif sp.is_counted_loop:      # ends when its count runs out: the last continue
            out |= self.of(op.group("init")[k])
            for t in loop_exits(op, "continue"):
                out |= self.of(t.operands[k])
        elif sp.is_loop:              # ends by a break
            for t in loop_exits(op, "break"):
                out |= self.of(t.operands[k])
        else:
            out = frozenset([("out", id(v))])     # unknown producer: never closed
        return out


__all__ = ["MemOp", "LoopRecord", "IfRecord", "MemoryRecord", "TokenRelations", "relations",
           "need_classes"]
