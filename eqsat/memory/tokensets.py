"""What a token stands for: the memory-op instances a token value may (or must) order
after, told apart by the loops whose carried tokens they came through. One solver for
the cost model's token waits (`eqsat.egraph.cost`) and clean-up's token pruning
(`eqsat.passes.cleanup`), which edits token operands one at a time and re-solves only
what each edit reaches (`TokenSets.resolve`)."""
from __future__ import annotations

import heapq

from eqsat.ir.core import Kernel, Operation, Region, Value, region_exits
from eqsat.ir.ops import MEMORY_OPS


def loop_exits(loop: Operation, kind: str) -> list[Operation]:
    """`continue`/`break` ops that target `loop`."""
    return [t for t in region_exits(loop.regions[0]) if t.name == kind]


def exit_target(term: Operation) -> Operation | None:
    """The loop a `continue`/`break` belongs to."""
    r = term.parent
    while r is not None:
        owner = r.parent
        if not isinstance(owner, Operation):
            return None
        if owner.name in ("for", "loop"):
            return owner
        r = owner.parent
    return None


_Tag = frozenset          # the loops (region ids) whose carried tokens an op instance came through
_EMPTY: frozenset = frozenset()


class TokenSets:
    """What every token value of a kernel stands for: (id(memory op), loops crossed)
    pairs, so that an op's instance in this iteration and in earlier iterations of a
    loop are told apart.

    `may`: the ops a token *may* stand for (least fixpoint, unions over paths).
    `must`: the ops it stands for on *every* path (greatest fixpoint below the
    former): an if's result keeps what each yielding branch passes on, or what only
    the other branch runs; a loop's carried token keeps an op before the loop only if
    the init and every continue pass it on, and an earlier iteration's op only if
    every continue passes on both it and all its own earlier instances. Pruning is
    sound when what a memory op *may* have waited for before (conflicts only) is what
    it *must* wait for after. `of` reads `must` when built with `must=True` (or after
    `restrict`), else `may`.

    Whether a pair belongs to a set depends only on pairs of the same op, so the sets
    can be restricted to the ops some memory op needs (`restrict`), and after an edit
    of token operands only the equations downstream of it are solved again
    (`resolve`)."""

    def __init__(self, kernel: Kernel, must: bool = False):
        self.kernel = kernel
        self.only: set[int] | None = None            # ids of the ops tracked (None: all)
        self.may: dict[int, frozenset] = {}
        self.must: dict[int, frozenset] = {}
        self.sets = self.may                         # the solution `of` reads
        self.loops_of: dict[int, frozenset] = {}     # id(op) -> ids of the loops around it
        self.ifs_of: dict[int, frozenset] = {}       # id(op) -> (id(if), branch) around it
        self.pos: dict[int, int] = {}                # id(op) -> its place in program order
        self._exits: dict[tuple[int, str], list[Operation]] = {}
        self.eqs: list[Operation] = []               # ops whose token outputs have equations
        self.rank: dict[int, int] = {}               # id(op) -> when its equation is solved
        self._ranked = 0
        self._walk(kernel.body, frozenset(), frozenset())
        self.by_id = {id(op): op for op in self.eqs}
        self.readers: dict[int, set[int]] = {}       # id(value) -> ids of eqs reading it
        for op in self.eqs:
            for v in self._inputs(op):
                self.readers.setdefault(id(v), set()).add(id(op))
        self._solve(self.eqs, grow=True)
        if must:
            self.restrict(None)

    def _walk(self, region: Region, loops: frozenset, ifs: frozenset) -> None:
        for op in region.ops:
            self.loops_of[id(op)], self.ifs_of[id(op)] = loops, ifs
            self.pos[id(op)] = len(self.pos)
            n = op.name
            eq = n in MEMORY_OPS or n in ("print_tko", "join_tokens", "if", "for", "loop")
            if eq:
                self.eqs.append(op)
                self.rank[id(op)] = self._ranked = self._ranked + 1
            for k, r in enumerate(op.regions):
                if n in ("for", "loop"):
                    self._walk(r, loops | {id(op)}, ifs)
                elif n == "if":
                    self._walk(r, loops, ifs | {(id(op), k)})
                else:
                    self._walk(r, loops, ifs)
            if n == "if":                    # its results come after its branches
                self.rank[id(op)] = self._ranked = self._ranked + 1

    def exits(self, loop: Operation, kind: str) -> list[Operation]:
        key = (id(loop), kind)
        if key not in self._exits:
            self._exits[key] = loop_exits(loop, kind)
        return self._exits[key]

    def yields(self, ifop: Operation) -> list[Operation]:
        key = (id(ifop), "yield")
        if key not in self._exits:
            self._exits[key] = if_yields(ifop)
        return self._exits[key]

    def _inputs(self, op: Operation) -> list[Value]:
        """The values `op`'s equations read."""
        n = op.name
        if n == "join_tokens":
            return list(op.operands)
        if n == "if":
            return [v for t in self.yields(op) for v in t.operands]
        if n in ("for", "loop"):
            return (list(op.group("init")) + list(op.regions[0].args)
                    + [v for kind in ("continue", "break") for t in self.exits(op, kind)
                       for v in t.operands])
        return [op.token_in] if op.token_in is not None else []

    @staticmethod
    def outputs(op: Operation) -> list[Value]:
        """The values an equation of `op` defines."""
        if op.name in ("for", "loop"):
            return list(op.regions[0].args) + list(op.results)
        return list(op.results)

    def owner(self, site: Operation) -> Operation:
        """The op whose equations read the operands of `site`."""
        if site.name == "yield":
            ifop = site.parent.parent if site.parent is not None else None
            assert isinstance(ifop, Operation), "a yield passes values to an if"
            return ifop
        if site.name in ("continue", "break"):
            loop = exit_target(site)
            assert loop is not None, f"'{site.name}' outside a loop"
            return loop
        return site

    def restrict(self, only: set[int] | None) -> None:
        """Track only the ops in `only` (None: all), and solve `must`; `of` reads it."""
        self.only = only
        if only is not None:
            self.may = {k: frozenset(e for e in s if e[0] in only) for k, s in self.may.items()}
        self.must = dict(self.may)
        self.sets = self.must
        self._solve(self.eqs, grow=False)

    def resolve(self, owner: Operation, removed: Value, added: Value | None
                ) -> tuple[dict[int, tuple], list[Operation]]:
        """Solve again after `owner`'s operands were edited (operand `removed` taken
        out, `added`, if any, put in), following changes only as far as they go;
        returns what to `restore` if the edit is undone, and the ops whose input
        token's `must` set changed.

        An edit only removes pairs, and every pair derived from what it removed is an
        instance of an op that `removed` stood for. So `may` is first cut, from `owner`
        on, to those pairs of other ops (below the new least fixpoint: this is what
        catches a pair a loop's carried token held only through itself), then grown
        back over the values it cut; `must` is then shrunk from its old solution
        within the new `may`, each equation again whenever one it reads changed."""
        if added is not None:
            self.readers.setdefault(id(added), set()).add(id(owner))
        saved: dict[int, tuple] = {}

        def save(k: int) -> None:
            if k not in saved:
                saved[k] = (self.may.get(k), self.must.get(k))

        gone = {a for a, _ in self.may.get(id(removed), _EMPTY)}
        cut: list[int] = []                         # values whose `may` was cut
        hit = [id(owner)]                           # equations reading what was cut
        seen = {id(owner)}
        work = [owner]
        while work and gone:
            op = work.pop()
            for v in self.outputs(op):
                k = id(v)
                old = self.may.get(k, _EMPTY)
                new = frozenset(e for e in old if e[0] not in gone)
                if len(new) == len(old):
                    continue
                save(k)
                self.may[k] = new
                cut.append(k)
                for r in self.readers.get(k, ()):
                    if r not in seen:
                        seen.add(r)
                        hit.append(r)
                        work.append(self.by_id[r])
        eqs = sorted(hit, key=self.rank.__getitem__)
        self.sets = self.may
        self._solve([self.by_id[r] for r in eqs], grow=True)
        for k in cut:
            self.must[k] = self.must.get(k, _EMPTY) & self.may[k]

        touched: set[int] = set(cut)                # values whose `must` may have changed
        heap = [(self.rank[r], r) for r in eqs]
        heapq.heapify(heap)
        queued = set(eqs)
        self.sets = self.must
        while heap:
            _, key = heapq.heappop(heap)
            queued.discard(key)
            for v, got in self._must(self.by_id[key]):
                k = id(v)
                old = self.must.get(k, _EMPTY)
                new = old & got
                if new == old:
                    continue
                save(k)
                self.must[k] = new
                touched.add(k)
                for r in self.readers.get(k, ()):
                    if r not in queued:
                        queued.add(r)
                        heapq.heappush(heap, (self.rank[r], r))
        reached = sorted({r for k in touched for r in self.readers.get(k, ())},
                         key=self.rank.__getitem__)
        return saved, [self.by_id[r] for r in reached]

    def restore(self, saved: dict[int, tuple]) -> None:
        """Put back the solution `resolve` changed (its edit was undone)."""
        for k, (m, mu) in saved.items():
            for d, x in ((self.may, m), (self.must, mu)):
                if x is None:
                    d.pop(k, None)
                else:
                    d[k] = x

    def _solve(self, ops: list[Operation], grow: bool, limit: int = 200) -> None:
        for _ in range(limit):
            changed = False
            for op in ops:
                for v, new in (self._may(op) if grow else self._must(op)):
                    old = self.sets.get(id(v), _EMPTY)
                    new = old | new if grow else old & new
                    if new != old:
                        self.sets[id(v)] = new
                        changed = True
            if not changed:
                return
        raise RuntimeError("token sets did not converge")     # pragma: no cover

    def of(self, v: Value | None) -> frozenset:
        return _EMPTY if v is None else self.sets.get(id(v), _EMPTY)

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
                mine = self.of(op.token_in)
                if self.only is None or id(op) in self.only:
                    mine = mine | {(id(op), _Tag())}
                yield t, mine
        elif n == "join_tokens":
            out: frozenset = _EMPTY
            for v in op.operands:
                out |= self.of(v)
            yield op.result, out

    def _may(self, op: Operation):
        yield from self._common(op)
        n = op.name
        if n == "if":
            for k, r in enumerate(op.results):
                if r.is_token:
                    out: frozenset = _EMPTY
                    for t in self.yields(op):
                        out |= self.of(_at(t.operands, k))
                    yield r, out
        elif n in ("for", "loop"):
            skip = 1 if n == "for" else 0
            args = op.regions[0].args
            inits = op.group("init")
            conts = self.exits(op, "continue")
            for i, init in enumerate(inits):
                a = _at(args, i + skip)
                if a is not None and a.is_token:
                    out = self.of(init)
                    for t in conts:
                        out |= self._carried(self.of(_at(t.operands, i)), op)
                    yield a, out
            for k, r in enumerate(op.results):
                if r.is_token:
                    out = _EMPTY
                    if n == "for":
                        out = self.of(_at(inits, k)) | self.of(_at(args, k + skip))
                        for t in conts:
                            out |= self.of(_at(t.operands, k))
                    else:
                        for t in self.exits(op, "break"):
                            out |= self.of(_at(t.operands, k))
                    yield r, out

    def _must(self, op: Operation):
        yield from self._common(op)
        n = op.name
        if n == "if":
            ifid = id(op)
            for k, r in enumerate(op.results):
                if not r.is_token:
                    continue
                paths = [(i, self.of(_at(b.terminator.operands, k)))
                         for i, b in enumerate(op.regions)
                         if b.terminator is not None and b.terminator.name == "yield"]
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
            conts = self.exits(op, "continue")
            for i, init in enumerate(inits):
                a = _at(args, i + skip)
                if a is None or not a.is_token:
                    continue
                outside = self.of(init)
                inside = None
                for t in conts:
                    got = self.of(_at(t.operands, i))
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
                if n == "for":
                    every_site = [self.of(_at(t.operands, k)) for t in conts]
                    common = (frozenset.intersection(*every_site) if every_site
                              else frozenset())
                    before = self.of(_at(inits, k))
                    common = frozenset(e for e in common
                                       if e in before or lid in self.loops_of.get(e[0], ()))
                    yield r, common
                    continue
                # a break taken before an op of the loop could run in this iteration
                # owes nothing for that op's instance of this iteration
                at_break = [(self.pos[id(t)], self.of(_at(t.operands, k)))
                            for t in self.exits(op, "break")]
                every = (frozenset().union(*(g for _, g in at_break)) if at_break
                         else frozenset())
                yield r, frozenset(
                    e for e in every if all(
                        e in g or (lid not in e[1] and lid in self.loops_of.get(e[0], ())
                                   and self.pos[e[0]] > at)
                        for at, g in at_break))


def _at(values, i: int) -> Value | None:
    """values[i], or None where a kernel that does not verify has too few (`eqsat stats`
    reads such kernels)."""
    return values[i] if i < len(values) else None


def if_yields(ifop: Operation) -> list[Operation]:
    """The `yield` ops that end an if's branches."""
    return [r.terminator for r in ifop.regions
            if r.terminator is not None and r.terminator.name == "yield"]


__all__ = ["TokenSets", "loop_exits", "exit_target", "if_yields"]
