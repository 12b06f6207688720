"""Live-in canonicalization: stop passing a value through block arguments where a
direct use is just as good for a dataflow mapper.

In the block-closed CFG every live-in is a block argument, and each argument is a
merge node the mapper must place and route, often on a loop's recurrence. A block
argument `p` of block B whose every incoming value is (a forwarded copy of) one
value `v` defined in block A is replaced by `v` itself when

- B is not a loop header (a header argument carries values around the loop),
- A dominates B and B post-dominates A (every path from A reaches B, and `v`
  is available at B), and
- the blocks between A and B form an acyclic single-entry/single-exit region: a
  conditional-branch diamond (or triangle), or the plain edge A -> B. A path
  that goes through a nested loop would re-run part of the region, so the copy
  is kept.

Arguments left without uses afterwards (the forwarding copies inside the diamond)
are removed with their incoming operands.
"""
from __future__ import annotations

from dataclasses import dataclass

from eqsat.ir.core import Value

from eqsat.lowering.cfg import (Branch, Cfg, CondBranch, copy_cfg, count_uses, defining_blocks,
                                dominators, natural_loops, post_dominators, predecessors)


@dataclass(frozen=True)
class LiveInDecision:
    """What canonicalization decided for one block argument, and why."""
    block: str
    index: int
    arg: str
    source: str | None          # the value the argument forwards, if any
    source_block: str | None
    replaced: bool
    reason: str

    def __str__(self) -> str:
        what = "use directly" if self.replaced else "keep"
        src = f" (forwards %{self.source} from ^{self.source_block})" if self.source else ""
        return f"^{self.block} arg {self.index} %{self.arg}{src}: {what}: {self.reason}"


class _Analysis:
    def __init__(self, cfg: Cfg):
        self.cfg = cfg
        self.by = {b.name: b for b in cfg.blocks}
        self.preds = predecessors(cfg)
        self.dom = dominators(cfg)
        self.pdom = post_dominators(cfg)
        self.loops = natural_loops(cfg, self.dom)
        self.headers = set(self.loops)
        self.where = defining_blocks(cfg)
        self.arg_of = {id(a): (b.name, i) for b in cfg.blocks for i, a in enumerate(b.args)}
        self._cands: dict[int, list[Value]] = {}

    def incoming(self, block: str, index: int) -> list[Value]:
        return [self.by[p].edges()[e][1][index] for p, e in self.preds[block]]

    def candidates(self, v: Value) -> list[Value]:
        """`v` and the values it is a forwarded copy of, nearest first. An argument of a
        non-header block is a copy of what all its incoming values are copies of."""
        got = self._cands.get(id(v))
        if got is not None:
            return got
        out = [v]
        self._cands[id(v)] = out           # a cycle without a header stops here
        loc = self.arg_of.get(id(v))
        if loc is not None and loc[0] not in self.headers and loc[0] != self.cfg.entry.name:
            common = self.common(self.incoming(*loc))
            out = [v] + common
        self._cands[id(v)] = out
        return out

    def common(self, values: list[Value]) -> list[Value]:
        """The copies all of `values` share, nearest first."""
        if not values:
            return []
        lists = [self.candidates(x) for x in values]
        rest = [{id(c) for c in cl} for cl in lists[1:]]
        return [c for c in lists[0] if all(id(c) in s for s in rest)]

    def through_loops(self, v: Value) -> tuple[list[Value], list[str]]:
        """Copies of `v` also followed through loop headers (along the edges entering
        the loop), and the headers passed: where a value would come from if loop
        headers did not stop forwarding."""
        chain, headers = list(self.candidates(v)), []
        for _ in range(len(self.cfg.blocks)):
            loc = self.arg_of.get(id(chain[-1]))
            if loc is None or loc[0] not in self.headers:
                break
            h, i = loc
            entering = [self.by[p].edges()[e][1][i] for p, e in self.preds[h]
                        if p not in self.loops[h]]
            common = self.common(entering)
            if not common:
                break
            headers.append(h)
            chain += common
        return chain, headers

    def crossed_loop(self, ins: list[Value], block: str) -> str | None:
        """The loop header some incoming value is copied through, if following copies
        through loop headers makes all incoming values one value."""
        walks = [self.through_loops(x) for x in ins]
        if not set.intersection(*({id(c) for c in chain} for chain, _ in walks)):
            return None
        for _, hs in walks:
            for h in hs:
                if block not in self.loops[h]:
                    return h
        return None

    def region_problem(self, a: str, b: str) -> str | None:
        """Why the blocks between A and B are not an acyclic single-entry/single-exit
        region (None if they are)."""
        if a not in self.dom[b]:
            return f"^{a} does not dominate ^{b}"
        if b not in self.pdom[a]:
            return f"^{b} does not post-dominate ^{a}"
        region, stack = set(), [a]
        while stack:                     # blocks reachable from A without passing B
            n = stack.pop()
            if n in region:
                continue
            region.add(n)
            stack.extend(d for d, _ in self.by[n].edges() if d != b)
        inner = sorted(h for h in self.headers & region if h != a)
        if inner:
            return f"the path from ^{a} to ^{b} crosses the nested loop at ^{inner[0]}"
        if a in self.headers and b not in self.loops[a]:
            return f"the value leaves the loop at ^{a} to reach ^{b} (a nested loop)"
        state: dict[str, int] = {}

        def cyclic(n: str) -> bool:       # DFS over the region, edges into B cut
            state[n] = 1
            for d, _ in self.by[n].edges():
                if d == b or d not in region:
                    continue
                if state.get(d) == 1 or (d not in state and cyclic(d)):
                    return True
            state[n] = 2
            return False
        if cyclic(a):
            return f"the paths from ^{a} to ^{b} contain a cycle"
        return None

    def decide(self, block: str, index: int) -> LiveInDecision:
        arg = self.by[block].args[index]

        def keep(reason, src=None):
            return LiveInDecision(block, index, arg.name or "?", src.name if src else None,
                                  self.where.get(id(src)) if src else None, False, reason)
        if block == self.cfg.entry.name:
            return keep("entry block")
        if block in self.headers:
            common = self.common(self.incoming(block, index))
            return keep("block is a loop header", common[0] if common else None)
        ins = self.incoming(block, index)
        if not ins:
            return keep("block has no predecessors")
        common = self.common(ins)
        if not common:
            via = self.crossed_loop(ins, block)
            if via:
                return keep(f"one incoming path crosses the nested loop at ^{via}")
            return keep("incoming values differ (a real merge)")
        src = common[0]
        a = self.where.get(id(src))
        if a is None:
            return keep("source is a kernel parameter")
        why = self.region_problem(a, block)
        if why:
            return keep(why, src)
        shape = "edge" if len(ins) == 1 and a in [p for p, _ in self.preds[block]] else "diamond"
        return LiveInDecision(block, index, arg.name or "?", src.name, a, True,
                              f"^{a} -> ^{block} is an acyclic single-entry/exit {shape}")


def live_in_decisions(cfg: Cfg) -> list[LiveInDecision]:
    """The decision for every block argument of `cfg` (entry excluded)."""
    an = _Analysis(cfg)
    return [an.decide(b.name, i) for b in cfg.blocks[1:] for i in range(len(b.args))]


def _drop_args(cfg: Cfg, block: str, drop: set[int],
               preds: dict[str, list[tuple[str, int]]]) -> None:
    """Remove arguments `drop` (indices) of `block` and their incoming operands
    (`preds`: the CFG's `predecessors`, which dropping arguments leaves as they are)."""
    b = cfg.block(block)
    b.args = [a for i, a in enumerate(b.args) if i not in drop]
    for name in dict.fromkeys(p for p, _ in preds[block]):
        t = cfg.block(name).term
        if isinstance(t, Branch) and t.dest == block:
            t.args = [v for i, v in enumerate(t.args) if i not in drop]
        elif isinstance(t, CondBranch):
            if t.true_dest == block:
                t.true_args = [v for i, v in enumerate(t.true_args) if i not in drop]
            if t.false_dest == block:
                t.false_args = [v for i, v in enumerate(t.false_args) if i not in drop]


def remove_dead_args(cfg: Cfg) -> int:
    """Drop block arguments nothing reads (including those only passed on to arguments
    that are dropped). Returns how many were removed."""
    preds = predecessors(cfg)
    uses = count_uses(cfg)
    where = {id(a): (b.name, i) for b in cfg.blocks[1:] for i, a in enumerate(b.args)}
    dead: dict[str, set[int]] = {}
    work = [(b.name, i) for b in cfg.blocks[1:] for i, a in enumerate(b.args)
            if not uses.get(id(a))]
    while work:
        name, i = work.pop()
        if i in dead.setdefault(name, set()):
            continue
        dead[name].add(i)
        for p, e in preds[name]:             # what fed the argument loses a use
            v = cfg.block(p).edges()[e][1][i]
            uses[id(v)] -= 1
            if not uses[id(v)] and id(v) in where:
                work.append(where[id(v)])
    removed = 0
    for name, idx in dead.items():
        if idx:
            _drop_args(cfg, name, idx, preds)
            removed += len(idx)
    return removed


def canonicalize_live_ins(cfg: Cfg) -> Cfg:
    """A copy of `cfg` where block arguments that only forward a value across a diamond
    (or a plain edge) are replaced by direct uses of that value; see the module doc."""
    out = copy_cfg(cfg)
    decisions = [d for d in live_in_decisions(out) if d.replaced]
    if not decisions:
        return out
    an = _Analysis(out)
    repl: dict[int, Value] = {}
    for d in decisions:
        arg = out.block(d.block).args[d.index]
        src = an.common(an.incoming(d.block, d.index))[0]
        repl[id(arg)] = src

    def find(v: Value) -> Value:
        seen = 0
        while id(v) in repl:
            v = repl[id(v)]
            seen += 1
            if seen > len(repl):
                raise AssertionError("live-in replacement cycle")
        return v
    for b in out.blocks:
        for op in b.ops:
            op.operands = [find(v) for v in op.operands]
        t = b.term
        if isinstance(t, Branch):
            t.args = [find(v) for v in t.args]
        elif isinstance(t, CondBranch):
            t.cond = find(t.cond)
            t.true_args = [find(v) for v in t.true_args]
            t.false_args = [find(v) for v in t.false_args]
    by_block: dict[str, set[int]] = {}
    for d in decisions:
        by_block.setdefault(d.block, set()).add(d.index)
    for name, idx in by_block.items():
        _drop_args(out, name, idx, an.preds)
    remove_dead_args(out)
    return out


__all__ = ["LiveInDecision", "live_in_decisions", "canonicalize_live_ins", "remove_dead_args"]
