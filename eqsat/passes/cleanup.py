"""Clean-up after extraction: what the e-graph cannot see is dead (design §3).

Extraction keeps every memory op reachable from the kernel's root, and the root
holds the program-order token, so some things survive only as token plumbing:

* dead loads: a weak load whose value nobody uses is deleted; its result token
  is replaced by its input token (a load that does not happen orders nothing);
* dead loop carries: a carried value (token or not) whose block argument only
  feeds its own next value (through pure ops, joins and if results) and whose
  loop result is unused is removed, as is a `loop` result no one uses;
* identity carries: a carried value that every `continue` passes on unchanged always
  holds its init value, so its block argument (and a `for` result) is the init value,
  and the carry then dies as above;
* dead if results: results no one uses leave the if and its yields;
* dead pure ops, unused `join_tokens` and `make_token`; joins are deduplicated,
  flattened, lose root-token operands, and a one-operand join is its operand;
* token plumbing no one needs: given alias facts, a token that a join, a loop's
  init or carried value, a branch's yield or a loop exit passes on is dropped
  (or replaced by the token it was built from) when every memory op still waits
  for every op it conflicts with that it waited for before — the token rules
  fix what each memory op waits for, but what a loop carries is only known once
  all its users are chosen.

Memory ops that write are never removed: a store's effect does not need its token.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from collections.abc import Callable

from eqsat.ir.core import Kernel, Operation, Region, Value, region_exits
from eqsat.ir.ops import MEMORY_OPS
from eqsat.ir.types import TokenType

_LOADS = ("load_view_tko", "load_ptr_tko")


@dataclass
class CleanupStats:
    """How much each clean-up removed."""
    dead_loads: int = 0
    dead_carries: int = 0
    identity_carries: int = 0
    dead_results: int = 0
    dead_ops: int = 0
    joins_simplified: int = 0

    def total(self) -> int:
        return sum(getattr(self, f.name) for f in fields(self))


class _Uses:
    """Who uses each value: id(value) -> [(op, operand index)]."""

    def __init__(self, kernel: Kernel):
        self.map: dict[int, list[tuple[Operation, int]]] = {}
        for op in kernel.walk():
            for i, v in enumerate(op.operands):
                self.map.setdefault(id(v), []).append((op, i))

    def of(self, v: Value) -> list[tuple[Operation, int]]:
        return self.map.get(id(v), [])

    def used(self, v: Value) -> bool:
        return bool(self.map.get(id(v)))


def _replace_uses(uses: _Uses, old: Value, new: Value) -> None:
    for op, i in uses.of(old):
        op.operands[i] = new


def _remove_op(op: Operation) -> None:
    op.parent.ops.remove(op)


def _exits(loop: Operation, kind: str) -> list[Operation]:
    """`continue`/`break` ops that target `loop`."""
    return [t for t in region_exits(loop.regions[0]) if t.name == kind]


def _drop_operand(term: Operation, idx: int) -> None:
    vals = list(term.operands)
    del vals[idx]
    term.set_group("values", vals)


def _drop_result(op: Operation, idx: int) -> None:
    del op.results[idx]
    for i, r in enumerate(op.results):
        r.index = i


def _drop_output(op: Operation, idx: int, exits) -> None:
    """Drop result `idx` of `op` and the operand that feeds it at each of its `exits`."""
    for t in exits:
        _drop_operand(t, idx)
    _drop_result(op, idx)


def _drop_arg(region: Region, idx: int) -> None:
    del region.args[idx]
    for i, a in enumerate(region.args):
        a.index = i


def _is_pure(op: Operation) -> bool:
    sp = op.spec
    if sp is None:
        return False
    if op.name in ("reduce", "scan"):
        return True
    return not op.regions and sp.effect in ("pure", "token")


def _make_token(kernel: Kernel) -> Value:
    """A root token at the start of the kernel (reusing one if there is one)."""
    for op in kernel.body.ops:
        if op.name == "make_token":
            return op.result
    op = Operation("make_token", [], [TokenType()])
    op.parent = kernel.body
    kernel.body.ops.insert(0, op)
    return op.result


def _dead_loads(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    for op in list(kernel.walk()):
        if op.name not in _LOADS or op.attrs.get("sem", "weak") != "weak":
            continue
        if uses.used(op.results[0]):
            continue
        tok = op.results[1]
        if uses.used(tok):
            src = op.token_in if op.token_in is not None else _make_token(kernel)
            _replace_uses(uses, tok, src)
        _remove_op(op)
        st.dead_loads += 1
        return True              # the use map is stale now
    return False


def _carry_is_dead(loop: Operation, j: int, uses: _Uses) -> bool:
    """Does block argument j of the loop only feed its own next value?"""
    skip = 1 if loop.name == "for" else 0
    arg = loop.regions[0].args[j + skip]
    if loop.name == "for" and uses.used(loop.results[j]):
        return False
    slice_ids = {id(arg)}
    work = [arg]
    while work:
        v = work.pop()
        for user, i in uses.of(v):
            if user.name == "continue" and _target(user) is loop:
                if i != j:
                    return False
                continue
            if user.name == "yield" and isinstance(user.parent.parent, Operation) and \
                    user.parent.parent.name == "if":
                r = user.parent.parent.results[i]
                if id(r) not in slice_ids:
                    slice_ids.add(id(r))
                    work.append(r)
                continue
            if not _is_pure(user) or user.regions:
                return False
            for r in user.results:
                if id(r) not in slice_ids:
                    slice_ids.add(id(r))
                    work.append(r)
    return True


def _target(term: Operation) -> Operation | None:
    """The loop a continue/break belongs to."""
    r = term.parent
    while r is not None:
        owner = r.parent
        if not isinstance(owner, Operation):
            return None
        if owner.name in ("for", "loop"):
            return owner
        r = owner.parent
    return None


def _dead_carries(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    for loop in kernel.walk():
        if loop.name not in ("for", "loop"):
            continue
        inits = loop.group("init")
        for j in range(len(inits)):
            if _carry_is_dead(loop, j, uses):
                skip = 1 if loop.name == "for" else 0
                for t in _exits(loop, "continue"):
                    _drop_operand(t, j)
                _drop_arg(loop.regions[0], j + skip)
                loop.set_group("init", inits[:j] + inits[j + 1:])
                if loop.name == "for":
                    _drop_result(loop, j)
                st.dead_carries += 1
                return True
        if loop.name == "loop":
            for k, r in enumerate(loop.results):
                if not uses.used(r):
                    _drop_output(loop, k, list(_exits(loop, "break")))
                    st.dead_results += 1
                    return True
    return False


def _identity_carries(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    """Replace a carry that every `continue` passes on unchanged by its init value."""
    for loop in kernel.walk():
        if loop.name not in ("for", "loop"):
            continue
        skip = 1 if loop.name == "for" else 0
        args = loop.regions[0].args
        conts = _exits(loop, "continue")
        for j, init in enumerate(loop.group("init")):
            arg = args[j + skip]
            if not uses.used(arg) or any(
                    j >= len(t.operands) or t.operands[j] is not arg for t in conts):
                continue
            _replace_uses(uses, arg, init)
            if loop.name == "for":
                _replace_uses(uses, loop.results[j], init)
            st.identity_carries += 1
            return True
    return False


def _dead_if_results(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    for op in kernel.walk():
        if op.name != "if":
            continue
        for k, r in enumerate(op.results):
            if uses.used(r):
                continue
            _drop_output(op, k, [t for t in (region.terminator for region in op.regions)
                                 if t is not None and t.name == "yield"])
            st.dead_results += 1
            return True
    return False


def _simplify_joins(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    for op in list(kernel.walk()):
        if op.name != "join_tokens":
            continue
        flat: list[Value] = []
        for v in op.operands:
            src = v.owner
            parts = src.operands if isinstance(src, Operation) and \
                src.name == "join_tokens" and src is not op else [v]
            for x in parts:
                if isinstance(x.owner, Operation) and x.owner.name == "make_token":
                    continue
                if all(x is not y for y in flat):
                    flat.append(x)
        if len(flat) == 1:
            _replace_uses(uses, op.result, flat[0])
            _remove_op(op)
        elif not flat:
            _replace_uses(uses, op.result, _make_token(kernel))
            _remove_op(op)
        elif len(flat) != len(op.operands) or any(a is not b for a, b in zip(flat, op.operands)):
            op.set_group("tokens", flat)
        else:
            continue
        st.joins_simplified += 1
        return True
    return False


def _dead_pure(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    changed = False
    for op in list(kernel.walk()):
        if _is_pure(op) and op.results and not any(uses.used(r) for r in op.results):
            _remove_op(op)
            st.dead_ops += 1
            changed = True
    return changed


# -- token plumbing no one needs ------------------------------------------------------------------
_Tag = frozenset          # the loops (region ids) whose carried tokens an op instance came through


class _TokenSets:
    """What every token value of a kernel stands for: (id(memory op), loops crossed)
    pairs, so that an op's instance in this iteration and in earlier iterations of a
    loop are told apart.

    `must=False`: the ops a token *may* stand for (least fixpoint, unions over
    paths). `must=True`: the ops it stands for on *every* path (greatest fixpoint
    below the former): an if's result keeps what each yielding branch passes on, or
    what only the other branch runs; a loop's carried token keeps an op before the
    loop only if the init and every continue pass it on, and an earlier iteration's
    op only if every continue passes on both it and all its own earlier instances.
    Pruning is sound when what a memory op *may* have waited for before (conflicts
    only) is what it *must* wait for after."""

    def __init__(self, kernel: Kernel, must: bool = False):
        self.kernel = kernel
        self.must = must
        self.sets: dict[int, frozenset] = {}
        ops = list(kernel.walk())
        self.loops_of: dict[int, frozenset] = {}     # id(op) -> ids of the loops around it
        self.ifs_of: dict[int, frozenset] = {}       # id(op) -> (id(if), branch) around it
        for op in ops:
            loops, ifs, r = set(), set(), op.parent
            while r is not None and isinstance(r.parent, Operation):
                owner = r.parent
                if owner.name in ("for", "loop"):
                    loops.add(id(owner))
                elif owner.name == "if":
                    ifs.add((id(owner), owner.regions.index(r)))
                r = owner.parent
            self.loops_of[id(op)] = frozenset(loops)
            self.ifs_of[id(op)] = frozenset(ifs)
        self._solve(ops, grow=True)
        if must:
            self._solve(ops, grow=False)

    def _solve(self, ops: list[Operation], grow: bool, limit: int = 200) -> None:
        for _ in range(limit):
            changed = False
            for op in ops:
                for v, new in (self._may(op) if grow else self._must(op)):
                    old = self.sets.get(id(v), frozenset())
                    new = old | new if grow else old & new
                    if new != old:
                        self.sets[id(v)] = new
                        changed = True
            if not changed:
                return
        raise RuntimeError("token sets did not converge")     # pragma: no cover

    def of(self, v: Value | None) -> frozenset:
        return frozenset() if v is None else self.sets.get(id(v), frozenset())

    def _carried(self, xs: frozenset, loop: Operation) -> frozenset:
        """Instances handed to the next iteration: those of ops inside the loop are now
        from an earlier iteration; an op before the loop has one instance either way."""
        lid = id(loop)
        return frozenset((a, tag | {lid}) if lid in self.loops_of.get(a, ()) else (a, tag)
                         for a, tag in xs)

    def _common(self, op: Operation):
        n = op.name
        if n in MEMORY_OPS or n == "print_tko":
            t = op.token_out
            if t is not None:
                yield t, self.of(op.token_in) | {(id(op), _Tag())}
        elif n == "join_tokens":
            out = frozenset()
            for v in op.operands:
                out |= self.of(v)
            yield op.result, out

    def _may(self, op: Operation):
        yield from self._common(op)
        n = op.name
        if n == "if":
            for k, r in enumerate(op.results):
                if r.is_token:
                    out = frozenset()
                    for t in _yields(op):
                        out |= self.of(t.operands[k])
                    yield r, out
        elif n in ("for", "loop"):
            skip = 1 if n == "for" else 0
            args = op.regions[0].args
            inits = op.group("init")
            conts = _exits(op, "continue")
            for i, init in enumerate(inits):
                a = args[i + skip]
                if a.is_token:
                    out = self.of(init)
                    for t in conts:
                        out |= self._carried(self.of(t.operands[i]), op)
                    yield a, out
            for k, r in enumerate(op.results):
                if r.is_token:
                    out = frozenset()
                    if n == "for":
                        out = self.of(inits[k]) | self.of(args[k + skip])
                        for t in conts:
                            out |= self.of(t.operands[k])
                    else:
                        for t in _exits(op, "break"):
                            out |= self.of(t.operands[k])
                    yield r, out

    def _must(self, op: Operation):
        yield from self._common(op)
        n = op.name
        if n == "if":
            ifid = id(op)
            for k, r in enumerate(op.results):
                if not r.is_token:
                    continue
                paths = [(op.regions.index(t.parent), self.of(t.operands[k]))
                         for t in _yields(op)]
                every = frozenset().union(*(s for _, s in paths)) if paths else frozenset()

                def held(e, branch, got):
                    a, tag = e
                    if e in got:
                        return True
                    other = any(i == ifid and b != branch for i, b in self.ifs_of.get(a, ()))
                    inner = all(lid not in self.loops_of.get(ifid, ()) for lid in tag)
                    return other and inner      # an op of the other branch did not run
                yield r, frozenset(e for e in every if all(held(e, b, got) for b, got in paths))
        elif n in ("for", "loop"):
            skip = 1 if n == "for" else 0
            lid = id(op)
            args = op.regions[0].args
            inits = op.group("init")
            conts = _exits(op, "continue")
            for i, init in enumerate(inits):
                a = args[i + skip]
                if not a.is_token:
                    continue
                outside = self.of(init)
                inside = None
                for t in conts:
                    got = self.of(t.operands[i])
                    outside &= got
                    # this iteration's instance handed on, and all earlier ones with it
                    keep = frozenset((x, tag | {lid}) for x, tag in got
                                     if lid in self.loops_of.get(x, ()) and lid not in tag
                                     and (x, tag | {lid}) in got)
                    inside = keep if inside is None else inside & keep
                outside = frozenset(e for e in outside if lid not in self.loops_of.get(e[0], ()))
                yield a, outside | (inside or frozenset())
            for k, r in enumerate(op.results):
                if not r.is_token:
                    continue
                sites = [t.operands[k] for t in (conts if n == "for" else
                                                  _exits(op, "break"))]
                got = [self.of(v) for v in sites]
                common = frozenset.intersection(*got) if got else frozenset()
                if n == "for":
                    before = self.of(inits[k])
                    common = frozenset(e for e in common
                                       if e in before or lid in self.loops_of.get(e[0], ()))
                yield r, common


def _yields(ifop: Operation) -> list[Operation]:
    return [r.terminator for r in ifop.regions
            if r.terminator is not None and r.terminator.name == "yield"]


def _needed(kernel: Kernel, conflict: Callable[[Operation, Operation], bool]) -> dict:
    """For every memory op: the op instances it may wait for that it conflicts with."""
    ts = _TokenSets(kernel)
    ops = {id(op): op for op in kernel.walk()}
    out = {}
    for b in ops.values():
        if (b.name in MEMORY_OPS or b.name == "print_tko") and b.token_in is not None:
            out[id(b)] = frozenset(x for x in ts.of(b.token_in) if conflict(ops[x[0]], b))
    return out


def _still_ordered(kernel: Kernel, conflict, need: dict) -> bool:
    """Does every memory op still wait, on every path, for everything in `need`?"""
    ts = _TokenSets(kernel, must=True)
    for op in kernel.walk():
        want = need.get(id(op))
        if want and not want <= ts.of(op.token_in):
            return False
    return True


def _plumbing_sites(kernel: Kernel):
    """(op, operand index) of tokens passed on rather than waited for."""
    for op in kernel.walk():
        if op.name in ("join_tokens", "yield", "continue", "break") or \
                op.name in ("for", "loop"):
            start = 3 if op.name == "for" else 0
            for i, v in enumerate(op.operands):
                if i >= start and v.is_token:
                    if op.name == "yield" and not (isinstance(op.parent.parent, Operation)
                                                    and op.parent.parent.name == "if"):
                        continue
                    yield op, i


def _prune_plumbing(kernel: Kernel, conflict, st: CleanupStats, limit: int = 400) -> bool:
    """Drop or weaken passed-on tokens while every memory op keeps waiting for every op
    it conflicts with; returns whether anything changed."""
    if sum(1 for op in kernel.walk() if op.name in MEMORY_OPS) > limit:
        return False
    need = _needed(kernel, conflict)
    if not _still_ordered(kernel, conflict, need):
        return False            # the analysis cannot vouch for this kernel as it is
    changed = False
    for op, i in list(_plumbing_sites(kernel)):
        while i < len(op.operands):
            v = op.operands[i]
            src = v.owner
            if op.name == "join_tokens" and len(op.operands) > 1:
                del op.operands[i]
                op.segments = (len(op.operands),)
                if _still_ordered(kernel, conflict, need):
                    st.joins_simplified += 1
                    changed = True
                    break                      # the next operand moved into slot i
                op.operands.insert(i, v)
                op.segments = (len(op.operands),)
            if isinstance(src, Operation) and (src.name in MEMORY_OPS or
                                               src.name == "print_tko"):
                weaker = src.token_in if src.token_in is not None else _make_token(kernel)
                op.operands[i] = weaker
                if _still_ordered(kernel, conflict, need):
                    st.joins_simplified += 1
                    changed = True
                    continue                   # try to weaken further
                op.operands[i] = v
            break
    return changed


def cleanup(kernel: Kernel, conflict: Callable[[Operation, Operation], bool] | None = None
            ) -> CleanupStats:
    """Remove dead loads, carries, if results, joins and pure ops, in place, until
    nothing changes. With `conflict(first, second)` (must `second` stay after
    `first`?) also drop passed-on tokens no memory op needs."""
    st = CleanupStats()
    steps = (_dead_loads, _simplify_joins, _identity_carries, _dead_carries, _dead_if_results,
             _dead_pure)
    progress = True
    while progress:
        progress = False
        for step in steps:
            while step(kernel, _Uses(kernel), st):
                progress = True
        if conflict is not None and _prune_plumbing(kernel, conflict, st):
            progress = True
    return st


__all__ = ["cleanup", "CleanupStats"]
