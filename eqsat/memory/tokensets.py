"""What a token stands for: the memory-op instances a token value may (or must) order
after, told apart by the loops whose carried tokens they came through. One solver for
the cost model's token waits (`eqsat.egraph.cost`) and clean-up's token pruning
(`eqsat.passes.cleanup`)."""
from __future__ import annotations

from eqsat.ir.core import Kernel, Operation, Value, region_exits
from eqsat.ir.ops import MEMORY_OPS


def loop_exits(loop: Operation, kind: str) -> list[Operation]:
    """`continue`/`break` ops that target `loop`."""
    return [t for t in region_exits(loop.regions[0]) if t.name == kind]


_Tag = frozenset          # the loops (region ids) whose carried tokens an op instance came through


class TokenSets:
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
            out: frozenset = frozenset()
            for v in op.operands:
                out |= self.of(v)
            yield op.result, out

    def _may(self, op: Operation):
        yield from self._common(op)
        n = op.name
        if n == "if":
            for k, r in enumerate(op.results):
                if r.is_token:
                    out: frozenset = frozenset()
                    for t in if_yields(op):
                        out |= self.of(t.operands[k])
                    yield r, out
        elif n in ("for", "loop"):
            skip = 1 if n == "for" else 0
            args = op.regions[0].args
            inits = op.group("init")
            conts = loop_exits(op, "continue")
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
                        for t in loop_exits(op, "break"):
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
                paths = [(i, self.of(b.terminator.operands[k]))
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
            conts = loop_exits(op, "continue")
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
                                                  loop_exits(op, "break"))]
                every_site = [self.of(v) for v in sites]
                common = (frozenset.intersection(*every_site) if every_site
                          else frozenset())
                if n == "for":
                    before = self.of(inits[k])
                    common = frozenset(e for e in common
                                       if e in before or lid in self.loops_of.get(e[0], ()))
                yield r, common


def if_yields(ifop: Operation) -> list[Operation]:
    """The `yield` ops that end an if's branches."""
    return [r.terminator for r in ifop.regions
            if r.terminator is not None and r.terminator.name == "yield"]


__all__ = ["TokenSets", "loop_exits", "if_yields"]
