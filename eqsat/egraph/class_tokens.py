"""The memory ops each token e-class of the e-graph stands for (`ClassTokenSets`), which
extraction charges waits by. The e-graph's counterpart of `eqsat.memory.tokensets.TokenSets`,
which answers the same for a decoded kernel."""
from __future__ import annotations

import heapq
from typing import Any

from eqsat.egraph.view import LOOPS, EGraphView, ENode
from eqsat.memory.tokensets import bits


class ClassTokenSets:
    """The memory ops each token class stands for, as (uid, region) pairs: region 0 for
    an op's instance in the current iteration, r for instances from earlier
    iterations of loop r (reached through its carried token). A memory op's result
    token stands for the op and its input token, a join for the union, a loop's
    carried token for its init and what the body passes on, a loop's or an if's
    results for what the body or branches pass out (least fixpoint; the nodes of
    one class agree, so they are united).

    As Python sets of pairs, the sets of a chain of M memory ops through R loops cost
    O(M^2) time and gigabytes. Here a set is two bitmasks: the ops of region 0, and the
    *sources* whose earlier-iteration instances it holds, a source being a loop's
    carried token (an `Arg` class of a loop region): a pair (u, r) with r != 0 is made
    only there, from the ops the loop passes to its next iteration (`carry`), and never
    changes afterwards. So the pairs of region r are the union of `carry` over the
    sources of region r in the set. Neither mask depends on the other, so each is a
    least fixpoint of unions, solved once per strongly connected part of what reads
    what (a worklist inside each); the order does not change the result."""

    def __init__(self, v: EGraphView, class_ty: dict[str, str]):
        self.v = v
        self.uids = sorted({n.fields[1] for n in v.nodes.values() if n.kind == "Mem"})
        self.bit = {u: 1 << i for i, u in enumerate(self.uids)}
        self.sets: dict[str, tuple[int, int]] = {}     # class -> (region-0 ops, sources)
        self.sources: list[tuple[str, int]] = []       # source bit -> (Arg class, region)
        self.carry: list[int] = []                     # source bit -> the ops it carries
        self._groups: dict[Any, int] | None = None
        self._counts: dict[int, dict[Any, int]] = {}   # sources -> pairs per group
        self._solve(class_ty)
        self._region_bits: dict[int, int] = {}         # region -> bits of its sources
        for i, (_, region) in enumerate(self.sources):
            self._region_bits[region] = self._region_bits.get(region, 0) | 1 << i

    def regions(self, sources: int) -> dict[int, int]:
        """Region -> the ops whose earlier-iteration instances `sources` stand for."""
        got: dict[int, int] = {}
        for i in bits(sources):
            region = self.sources[i][1]
            got[region] = got.get(region, 0) | self.carry[i]
        return {r: m for r, m in got.items() if m}

    def pairs(self, cls: str) -> frozenset[tuple[int, int]]:
        """The class's set as (uid, region) pairs."""
        m0, src = self.sets.get(cls, (0, 0))
        out = set()
        for region, mask in [(0, m0), *self.regions(src).items()]:
            for i in bits(mask):
                out.add((self.uids[i], region))
        return frozenset(out)

    def counts(self, cls: str, groups: dict[Any, int]) -> dict[Any, int]:
        """How many (uid, region) pairs of the class's set fall in each group of uids
        (`groups`: key -> bitmask of `self.bit`s)."""
        m0, src = self.sets.get(cls, (0, 0))
        out = dict(self._source_counts(src, groups))
        for k, g in groups.items():
            out[k] += (m0 & g).bit_count()
        return out

    def _source_counts(self, src: int, groups: dict[Any, int]) -> dict[Any, int]:
        """Pairs per group that the sources `src` stand for. Along a chain a source set
        is the one before plus a loop's source: its counts are that set's plus what the
        new source carries, unless another source of the same loop is there too (the
        two may carry the same ops), which is counted in full."""
        if self._groups is not groups:
            self._groups, self._counts = groups, {}
        cache = self._counts
        added: list[int] = []                # sources stripped off, counted one by one
        x = src
        while x and x not in cache:
            i = x.bit_length() - 1
            rest = x ^ (1 << i)
            if rest & self._region_bits[self.sources[i][1]]:
                break
            added.append(i)
            x = rest
        got = cache.get(x)
        if got is None:
            got = dict.fromkeys(groups, 0)
            for mask in self.regions(x).values():
                for k, g in groups.items():
                    got[k] += (mask & g).bit_count()
            cache[x] = got
        for i in reversed(added):
            x |= 1 << i
            got = dict(got)
            for k, g in groups.items():
                got[k] += (self.carry[i] & g).bit_count()
            cache[x] = got
        return got

    def _solve(self, class_ty: dict[str, str]) -> None:
        v = self.v
        loops: dict[int, list[ENode]] = {}
        for n in v.nodes.values():
            if n.kind in LOOPS:
                loops.setdefault(n.fields[0], []).append(n)

        rules = _SetRules(self, loops)
        sets, source_bit = self.sets, rules.source_bit
        evaluate, reads, loop_uids = rules.evaluate, rules.reads, rules.loop_uids

        nodes = [n for n in v.nodes.values()
                 if class_ty.get(n.cls) == "token" or n.kind in ("Join", "ReJoin", "SrcJoin")]
        of_class: dict[str, list[int]] = {}
        needs: dict[str, list[str]] = {}         # class -> the classes its nodes read
        for i, n in enumerate(nodes):
            of_class.setdefault(n.cls, []).append(i)
            needs.setdefault(n.cls, []).extend(reads(n))
        users: dict[str, list[int]] = {}
        for i, n in enumerate(nodes):
            for c in dict.fromkeys(reads(n)):
                users.setdefault(c, []).append(i)
        # what a class reads is solved before it: one evaluation per node outside loops,
        # a local fixpoint inside each strongly connected part (a loop's carried tokens)
        for part in _components(list(of_class), needs):
            order = [i for c in part for i in of_class[c]]
            if len(order) == 1 and part[0] not in needs.get(part[0], ()):
                n = nodes[order[0]]
                sets[n.cls] = evaluate(n)
                continue
            # around a cycle (a loop's carried tokens): sweep in the order found, again
            # only where an input grew, until nothing does
            place = {i: k for k, i in enumerate(order)}
            work = list(range(len(order)))
            queued = set(work)
            while work:
                k = heapq.heappop(work)
                queued.discard(k)
                n = nodes[order[k]]
                old = sets.get(n.cls, _NO_SETS)
                got = evaluate(n)
                merged = (old[0] | got[0], old[1] | got[1])
                if merged != old:
                    sets[n.cls] = merged
                    for j in users.get(n.cls, ()):
                        kj = place.get(j)
                        if kj is not None and kj not in queued:
                            queued.add(kj)
                            heapq.heappush(work, kj)

        # what each source carries, from the solved region-0 ops of what its loop yields
        self.carry = [0] * len(self.sources)
        for n in nodes:
            if n.kind != "Arg":
                continue
            bit = source_bit.get((n.cls, n.fields[0]))
            if bit is None:
                continue
            j = bit.bit_length() - 1
            for lp in loops.get(n.fields[0], ()):
                i = n.fields[1] - (1 if lp.kind == "For" else 0)
                if lp.kind == "For":
                    if 0 <= i < len(lp.fields[5]):
                        self.carry[j] |= sets.get(lp.fields[5][i], _NO_SETS)[0]
                else:
                    self.carry[j] |= loop_uids(lp)


_NO_SETS = (0, 0)


class _SetRules:
    """How `ClassTokenSets._solve` evaluates one node's set from its inputs' (objects, not
    closures over the view, so the view is freed by reference counting)."""

    def __init__(self, ts: ClassTokenSets, loops: dict[int, list[ENode]]):
        self.ts, self.v, self.loops, self.sets = ts, ts.v, loops, ts.sets
        self.inside: dict[str, int] = {}
        self.source_bit: dict[tuple[str, int], int] = {}

    def loop_uids(self, n: ENode) -> int:
        """Every memory op reachable from a `loop` body (its exits hide in branches)."""
        got = self.inside.get(n.id)
        if got is None:
            seen, stack, out = set(), list(n.fields[2]), 0
            while stack:
                c = stack.pop()
                if c in seen:
                    continue
                seen.add(c)
                for nid in self.v.classes.get(c, ()):
                    m = self.v.nodes[nid]
                    if m.kind == "Mem":
                        out |= self.ts.bit[m.fields[1]]
                    stack.extend(m.children())
            got = self.inside[n.id] = out
        return got

    def source(self, n: ENode) -> int:
        key = (n.cls, n.fields[0])
        got = self.source_bit.get(key)
        if got is None:
            got = self.source_bit[key] = 1 << len(self.ts.sources)
            self.ts.sources.append(key)
        return got

    def evaluate(self, n: ENode) -> tuple[int, int]:
        """The set node `n` stands for, from the current sets of its inputs."""
        k = n.kind
        ops = srcs = 0
        if k in ("Join", "SrcJoin", "ReJoin"):
            for c in (n.fields[0] if k != "ReJoin" else n.fields[:2]):
                m, s = self.sets.get(c, _NO_SETS)
                ops, srcs = ops | m, srcs | s
        elif k == "Proj":
            i = n.fields[1]
            for nid in self.v.classes.get(n.fields[0], ()):
                src = self.v.nodes[nid]
                if src.kind == "Mem":
                    m, s = self.sets.get(src.fields[4], _NO_SETS)
                    ops, srcs = ops | m | self.ts.bit[src.fields[1]], srcs | s
                elif src.kind in ("For", "If"):
                    vecs = ((src.fields[4], src.fields[5]) if src.kind == "For"
                            else (src.fields[1], src.fields[2]))
                    for vec in vecs:
                        if i < len(vec):
                            m, s = self.sets.get(vec[i], _NO_SETS)
                            ops, srcs = ops | m, srcs | s
                elif src.kind == "Loop":
                    ops |= self.loop_uids(src)
                    for c in src.fields[1]:
                        m, s = self.sets.get(c, _NO_SETS)
                        ops, srcs = ops | m, srcs | s
        elif k == "Arg":
            region = n.fields[0]
            for lp in self.loops.get(region, ()):
                i = n.fields[1] - (1 if lp.kind == "For" else 0)
                init = lp.fields[4] if lp.kind == "For" else lp.fields[1]
                if 0 <= i < len(init):
                    m, s = self.sets.get(init[i], _NO_SETS)
                    ops, srcs = ops | m, srcs | s
                if lp.kind == "For":
                    if 0 <= i < len(lp.fields[5]):
                        # what the body passes on: its ops become earlier-iteration
                        # instances (this source), what came through loops stays
                        srcs |= self.source(n) | self.sets.get(lp.fields[5][i], _NO_SETS)[1]
                elif self.loop_uids(lp):
                    srcs |= self.source(n)
        return ops, srcs

    def reads(self, n: ENode) -> list[str]:
        """The classes whose sets `evaluate(n)` reads."""
        k = n.kind
        if k in ("Join", "SrcJoin"):
            return list(n.fields[0])
        if k == "ReJoin":
            return [n.fields[0], n.fields[1]]
        out: list[str] = []
        if k == "Proj":
            for nid in self.v.classes.get(n.fields[0], ()):
                src = self.v.nodes[nid]
                if src.kind == "Mem":
                    out.append(src.fields[4])
                elif src.kind == "For":
                    out += src.fields[4] + src.fields[5]
                elif src.kind == "Loop":
                    out += src.fields[1]
                elif src.kind == "If":
                    out += src.fields[1] + src.fields[2]
        elif k == "Arg":
            for lp in self.loops.get(n.fields[0], ()):
                out += (lp.fields[4] + lp.fields[5]) if lp.kind == "For" else lp.fields[1]
        return out


def _components(keys: list[str], edges: dict[str, list[str]]) -> list[list[str]]:
    """Strongly connected parts of a graph (Tarjan, iterative), each after every part it
    has an edge into: the order in which a fixpoint over `edges` (x reads y) solves
    each part once. A part lists its members in the order the search finished them,
    what they read first except around a cycle."""
    index: dict[str, int] = {}
    finished: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in keys:
        if start in index:
            continue
        work: list[tuple[str, int]] = [(start, 0)]
        while work:
            x, i = work.pop()
            if i == 0:
                index[x] = low[x] = counter
                counter += 1
                stack.append(x)
                on.add(x)
            succ = edges.get(x, ())
            if i < len(succ):
                work.append((x, i + 1))
                y = succ[i]
                if y not in index:
                    if y in edges:
                        work.append((y, 0))
                    else:
                        index[y] = low[y] = counter      # a class no token node makes
                        counter += 1
                elif y in on:
                    low[x] = min(low[x], index[y])
                continue
            finished[x] = len(finished)
            if low[x] == index[x]:
                part = []
                while True:
                    y = stack.pop()
                    on.discard(y)
                    part.append(y)
                    if y == x:
                        break
                part.sort(key=finished.__getitem__)
                out.append(part)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[x])
    return out


def token_sets(v: EGraphView, class_ty: dict[str, str]) -> dict[str, frozenset]:
    """`ClassTokenSets` as (uid, region) pairs per token class (for inspection and tests)."""
    ts = ClassTokenSets(v, class_ty)
    return {cls: ts.pairs(cls) for cls in ts.sets}


__all__ = ["ClassTokenSets", "token_sets"]
