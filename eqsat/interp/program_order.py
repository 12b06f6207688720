"""Program-order execution for token-free kernels: inside a block, ops run as written.

Each tile block is a generator that pauses before every memory op; the scheduler
picks a random block to resume, so blocks still interleave at memory-op
granularity (a spin lock or a cross-block race behaves as on hardware).
"""
from __future__ import annotations

import itertools
from collections.abc import Generator
from typing import Any

import numpy as np

from eqsat.ir.core import Operation, Region
from eqsat.interp.machine import Executor, RunStats, for_bounds, iv_value



def _is(sig, trait: str) -> bool:
    """Whether the signal a region ended with (its terminator's table entry, or None when
    it ran to completion) is `trait` ("break", "continue", "return", "yield")."""
    return sig is not None and sig.has(trait)


class ProgramOrderMachine(Executor):
    def run(self) -> RunStats:
        gx, gy, gz = self.grid
        active = []
        for z, y, x in itertools.product(range(gz), range(gy), range(gx)):
            env = {id(p.value): a for p, a in zip(self.kernel.params, self.args)}
            active.append(self._region(self.kernel.body, env, (x, y, z)))
        while active:
            i = self.rng.randrange(len(active)) if len(active) > 1 else 0
            try:
                next(active[i])
            except StopIteration:
                active[i] = active[-1]
                active.pop()
        return self.stats

    def _region(self, region: Region, env: dict, bid) -> Generator[Any, Any, Any]:
        for op in region.ops:
            sig = yield from self._op(op, env, bid)
            if sig is not None:
                return sig
        return (None, [])

    def _op(self, op: Operation, env: dict, bid) -> Generator[Any, Any, Any]:
        self.tick(op)
        sp = op.spec
        if sp.is_terminator:
            return (sp, [env[id(v)] for v in op.operands])
        if sp.is_loop or sp.is_branch:
            run = self._for if sp.is_counted_loop else self._loop if sp.is_loop else self._if
            sig, vals = yield from run(op, env, bid)
            if sig is not None and not sig.has("yield"):      # leaves this region too
                return (sig, vals)
        else:
            if sp.is_memory:
                yield                  # other blocks may run before this access
            vals = self.compute(op, [env[id(v)] for v in op.operands], bid)
        for r, v in zip(op.results, vals):
            env[id(r)] = v
        return None

    def _for(self, op: Operation, env, bid):
        first, trip, step = for_bounds(op, *(env[id(v)] for v in op.operands[:3]))
        vals = [env[id(v)] for v in op.group("init")]
        body = op.regions[0]
        for k in range(trip):
            env[id(body.args[0])] = iv_value(op, first + k * step)
            for a, v in zip(body.args[1:], vals):
                env[id(a)] = v
            sig, res = yield from self._region(body, env, bid)
            if _is(sig, "return"):
                return sig, res
            vals = res
            if _is(sig, "break"):
                break
        return None, vals

    def _loop(self, op: Operation, env, bid):
        vals = [env[id(v)] for v in op.group("init")]
        body = op.regions[0]
        while True:
            for a, v in zip(body.args, vals):
                env[id(a)] = v
            sig, res = yield from self._region(body, env, bid)
            if _is(sig, "return"):
                return sig, res
            if _is(sig, "break"):
                return None, res
            vals = res

    def _if(self, op: Operation, env, bid):
        cond = bool(np.asarray(env[id(op.operands[0])]))
        return (yield from self._region(op.regions[0 if cond else 1], env, bid))
