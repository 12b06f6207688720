"""Every ordering that matters stays: remove each token edge of our optimized output in
turn; whenever the removal leaves two conflicting memory accesses unordered, schedule
fuzzing must catch it.

Whether a removal leaves a conflicting pair unordered is decided here independently
of the optimizer: happens-before sets over the dataflow machine's real edges (tokens
and data: a store that computes its value from a load cannot start before that
load), per op instance — this iteration, or an earlier one of an enclosing loop —
under the alias model (a shared alias group may overlap; one tiling of an array
touches its own tile in every iteration). axpy runs on the spec where x and y
really overlap.
"""
from __future__ import annotations

import pytest

from corpus_util import CORPUS, SPECS
from eqsat.equiv import check_equivalent
from eqsat.memory.injective import disjoint_pair_across
from eqsat.interp.inputs import load_spec
from eqsat.ir.core import Kernel, Operation, Region, region_exits
from eqsat.ir.ops import MEMORY_OPS
from eqsat.ir.types import TokenType
from eqsat.memory.conflict import conflict
from eqsat.pipeline.optimize import alias_model, optimize
from eqsat.text import parse, parse_file, print_kernel

CASES = [("axpy_alias_inplace", "axpy_alias_overlap"),
         ("store_load_recurrence", "store_load_recurrence"),
         ("relu_accum_mem", "relu_accum_mem")]


def _mem(k: Kernel) -> list[Operation]:
    return [op for op in k.walk() if op.name in MEMORY_OPS]


def _loops(k: Kernel) -> list[Operation]:
    return [op for op in k.walk() if op.name in ("for", "loop")]


class HappensBefore:
    """Per value: the memory op instances (op index, frozenset of loop indices it came
    through) that have completed when the value is available."""

    def __init__(self, k: Kernel):
        self.mem = {id(op): i for i, op in enumerate(_mem(k))}
        self.loop = {id(op): i for i, op in enumerate(_loops(k))}
        self.around: dict[int, frozenset] = {}
        for op in k.walk():
            loops, r = set(), op.parent
            while isinstance(r, Region) and isinstance(r.parent, Operation):
                if r.parent.name in ("for", "loop"):
                    loops.add(self.loop[id(r.parent)])
                r = r.parent.parent
            self.around[id(op)] = frozenset(loops)
        self.around_mem = {i: self.around[id(op)] for i, op in enumerate(_mem(k))}
        self.sets: dict[int, frozenset] = {}
        ops = list(k.walk())
        changed = True
        while changed:
            changed = False
            for op in ops:
                for v, new in self._step(op):
                    old = self.sets.get(id(v), frozenset())
                    if not new <= old:
                        self.sets[id(v)] = old | new
                        changed = True

    def of(self, v) -> frozenset:
        return self.sets.get(id(v), frozenset())

    def before(self, op: Operation) -> frozenset:
        """What must have completed before `op` starts: its operands' sets."""
        out = frozenset()
        for v in op.operands:
            out |= self.of(v)
        return out

    def _carry(self, xs: frozenset, loop: Operation) -> frozenset:
        """Instances handed to the next iteration come from an earlier one (ops before
        the loop have a single instance)."""
        li = self.loop[id(loop)]
        return frozenset((a, t | {li}) if li in self.around_mem[a] else (a, t) for a, t in xs)

    def _step(self, op: Operation):
        if id(op) in self.mem:
            done = self.before(op) | {(self.mem[id(op)], frozenset())}
            for r in op.results:
                yield r, done
            return
        if op.name in ("for", "loop"):
            skip = 1 if op.name == "for" else 0
            args = op.regions[0].args
            inits = op.group("init")
            conts = [t for t in region_exits(op.regions[0]) if t.name == "continue"]
            for i, init in enumerate(inits):
                out = self.of(init)
                for t in conts:
                    out |= self._carry(self.of(t.operands[i]), op)
                yield args[i + skip], out
            for k, r in enumerate(op.results):
                out = frozenset()
                if op.name == "for":
                    out = self.of(inits[k]) | self.of(args[k + skip])
                    for t in conts:
                        out |= self.of(t.operands[k])
                else:
                    for t in region_exits(op.regions[0]):
                        if t.name == "break":
                            out |= self.of(t.operands[k])
                yield r, out
            return
        if op.name == "if":
            for k, r in enumerate(op.results):
                out = self.of(op.operands[0])
                for region in op.regions:
                    t = region.terminator
                    if t is not None and t.name == "yield":
                        out |= self.of(t.operands[k])
                yield r, out
            return
        if op.regions:
            return
        done = self.before(op)
        for r in op.results:
            yield r, done


def _token_sites(k: Kernel) -> list[tuple[Operation, int]]:
    return [(op, i) for op in k.walk() for i, v in enumerate(op.operands)
            if isinstance(v.type, TokenType) and not (isinstance(v.owner, Operation)
                                                      and v.owner.name == "make_token")]


def _remove(k: Kernel, site: int) -> str:
    op, i = _token_sites(k)[site]
    if op.name == "join_tokens" and len(op.operands) > 1:
        del op.operands[i]
        op.segments = (len(op.operands),)
        return f"operand {i} of a join"
    root = Operation("make_token", [], [TokenType()])
    root.parent = k.body
    k.body.ops.insert(0, root)
    op.operands[i] = root.result
    return f"the token of '{op.name}'"


def _unordered_conflicts(before: Kernel, after: Kernel, facts) -> list[str]:
    hb0, hb1 = HappensBefore(before), HappensBefore(after)
    m0, m1 = _mem(before), _mem(after)
    loops0 = _loops(before)
    lost = []
    for b0, b1 in zip(m0, m1):
        for ai, tag in hb0.before(b0) - hb1.before(b1):
            a = m0[ai]
            if not conflict(facts, a, b0):
                continue
            if any(loops0[li].name == "for" and disjoint_pair_across(a, b0, loops0[li], facts)
                   for li in tag):
                continue                  # one tiling: different iterations, different tiles
            lost.append(f"{a.name} -> {b0.name}" + (" (earlier iteration)" if tag else ""))
    return lost


@pytest.mark.parametrize("name,spec", CASES)
def test_every_removed_edge_that_breaks_ordering_is_caught(name, spec):
    k = parse_file(CORPUS / f"{name}.seq.mlir")
    text = print_kernel(optimize(k, noalias=True).kernel)
    before = parse(text)
    facts, _ = alias_model(before, noalias=True)
    inputs = load_spec(SPECS / f"{spec}.json")
    breaking = 0
    for site in range(len(_token_sites(before))):
        mutant = parse(text)
        what = _remove(mutant, site)
        lost = _unordered_conflicts(before, mutant, facts)
        if not lost:
            continue                      # still ordered by data or another token path
        breaking += 1
        res = check_equivalent(k, mutant, inputs, trials=10, schedules=50)
        assert not res.ok, f"removing {what} unorders {lost} but fuzzing did not notice"
    assert breaking >= 2, "the kernel should have orderings that matter"
