"""Schedule fuzzing for tokenized kernels: a dataflow machine with futures.

Inside a tile block nothing but data and token dependences orders memory ops.
Every SSA value is a future; an op instance runs once its operands are resolved.
Pure ops run as soon as they are ready; memory ops wait in a ready pool from which a
seeded scheduler picks one at a time, choosing the block at random too, so blocks
interleave at memory-op granularity.

Control flow is instantiated dynamically. A `for`/`loop` starts iteration k+1 as
soon as iteration k has reached its terminator (its loop-carried values are
futures), keeping up to `WINDOW` iterations in flight: a store of iteration k that
nothing orders before a load of iteration k+1 can really run after it. An `if`
runs its chosen branch once the condition is known. Ops after a branch that may
`break`/`continue`/`return` wait for that branch's decision; ops before it do not.
"""
from __future__ import annotations

import itertools

import numpy as np

from eqsat.errors import InterpError
from eqsat.ir.core import Operation, Region
from eqsat.ir.ops import OpSpec
from eqsat.interp.machine import Executor, RunStats, for_bounds, free_values, iv_value, may_exit

WINDOW = 4          # loop iterations that may be in flight at once


class _Fut:
    """A value that may not be computed yet."""
    __slots__ = ("done", "value", "waiters")

    def __init__(self):
        self.done, self.value, self.waiters = False, None, []

    @classmethod
    def of(cls, v):
        f = cls()
        f.done, f.value, f.waiters = True, v, None
        return f

    def set(self, v):
        if self.done:
            raise InterpError("internal: value computed twice")
        self.done, self.value = True, v
        ws, self.waiters = self.waiters, None
        for w in ws:
            w()

    def when(self, cb):
        if self.done:
            cb()
        else:
            self.waiters.append(cb)

    def forward(self, target: _Fut):
        self.when(lambda: target.set(self.value))


class _Env:
    __slots__ = ("map", "parent")

    def __init__(self, parent: _Env | None = None):
        self.map: dict[int, _Fut] = {}
        self.parent = parent

    def get(self, key: int) -> _Fut:
        e: _Env | None = self
        while e is not None:
            f = e.map.get(key)
            if f is not None:
                return f
            e = e.parent
        raise InterpError("internal: value used before its definition was instantiated")


class _Block:
    __slots__ = ("bid", "eager", "ready", "done")

    def __init__(self, bid):
        self.bid, self.eager, self.ready, self.done = bid, [], [], False

    def make_ready(self, inst: _Inst):
        (self.ready if inst.op.spec.is_memory else self.eager).append(inst)


class _Inst:
    """One dynamic instance of an op."""
    __slots__ = ("op", "ri", "idx", "pending", "ctl", "block")

    def __init__(self, op, ri, idx, block):
        self.op, self.ri, self.idx, self.block = op, ri, idx, block
        self.pending, self.ctl = 0, None

    def dep_done(self):
        self.pending -= 1
        if self.pending == 0:
            self.block.make_ready(self)


class _RI:
    """A region instance: one execution of a region body (one loop iteration, one branch)."""
    __slots__ = ("region", "env", "owner", "alive", "exited", "retired")

    def __init__(self, region, env, owner):
        self.region, self.env, self.owner = region, env, owner
        self.alive, self.exited, self.retired = len(region.ops), False, False

    def done_one(self):
        self.alive -= 1
        self._maybe_retire()

    def _maybe_retire(self):
        if self.exited and self.alive == 0 and not self.retired:
            self.retired = True
            self.owner.retired(self)

    def exit(self, idx: int, kind: OpSpec, futs: list):
        """Control leaves this region at op `idx`; the ops after it never run."""
        self.alive -= len(self.region.ops) - 1 - idx
        self.exited = True
        self.owner.exited(self, kind, futs)
        self._maybe_retire()


class _Root:
    def __init__(self, block: _Block):
        self.block = block

    def exited(self, ri, kind, futs):
        pass

    def retired(self, ri):
        self.block.done = True


class _IfCtl:
    def __init__(self, inst: _Inst):
        self.inst = inst

    def exited(self, child, kind, futs):
        inst = self.inst
        if kind.has("yield"):
            for r, f in zip(inst.op.results, futs):
                f.forward(inst.ri.env.map[id(r)])
            if inst.ctl is not None:
                inst.ctl.set(True)
        else:
            inst.ri.exit(inst.idx, kind, futs)

    def retired(self, child):
        self.inst.ri.done_one()


class _LoopCtl:
    def __init__(self, m: DataflowMachine, inst: _Inst, bounds, inits: list):
        self.m, self.inst = m, inst
        self.bounds = bounds                  # (lb, trip, step) for `for`, None for `loop`
        self.k = 0
        self.next_args = inits
        self.alive = 0
        self.finished = self.done = False
        if bounds is not None and bounds[1] == 0:
            self._finish(inits)

    def pump(self):
        op = self.inst.op
        body = op.regions[0]
        while (not self.finished and self.next_args is not None and self.alive < WINDOW):
            env = _Env(self.inst.ri.env)
            args = list(body.args)
            if self.bounds is not None:
                lb, _, step = self.bounds
                env.map[id(args[0])] = _Fut.of(iv_value(op, lb + self.k * step))
                args = args[1:]
            for a, f in zip(args, self.next_args):
                env.map[id(a)] = f
            self.next_args = None
            self.k += 1
            self.alive += 1
            self.m._instantiate(body, env, self, self.inst.block)
        self._maybe_done()

    def exited(self, ri, kind, futs):
        if kind.has("continue"):
            if self.bounds is not None and self.k >= self.bounds[1]:
                self._finish(futs)
            else:
                self.next_args = futs
                self.pump()
        elif kind.has("break"):
            self._finish(futs)
        elif kind.has("return"):
            self.finished = True
            self.inst.ri.exit(self.inst.idx, kind, futs)
        else:
            raise InterpError(f"'{kind.name}' cannot end a loop body")

    def retired(self, ri):
        self.alive -= 1
        self.pump()

    def _finish(self, futs):
        self.finished = True
        env = self.inst.ri.env
        for r, f in zip(self.inst.op.results, futs):
            f.forward(env.map[id(r)])
        if self.inst.ctl is not None:
            self.inst.ctl.set(True)

    def _maybe_done(self):
        if self.finished and self.alive == 0 and not self.done:
            self.done = True
            self.inst.ri.done_one()


class DataflowMachine(Executor):
    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self._free: dict[int, set[int]] = {}
        self._exits: dict[int, bool] = {}

    def run(self) -> RunStats:
        gx, gy, gz = self.grid
        blocks = []
        for z, y, x in itertools.product(range(gz), range(gy), range(gx)):
            b = _Block((x, y, z))
            env = _Env()
            for p, a in zip(self.kernel.params, self.args):
                env.map[id(p.value)] = _Fut.of(a)
            self._instantiate(self.kernel.body, env, _Root(b), b)
            blocks.append(b)
        for b in blocks:
            self._drain(b)
        live = [b for b in blocks if b.ready]
        while live:
            b = live[self.rng.randrange(len(live))] if len(live) > 1 else live[0]
            i = self.rng.randrange(len(b.ready))
            inst = b.ready[i]
            b.ready[i] = b.ready[-1]
            b.ready.pop()
            self._exec(inst)
            self._drain(b)
            live = [b for b in blocks if b.ready]
        stuck = [b.bid for b in blocks if not b.done]
        if stuck:
            raise InterpError(f"blocks {stuck} cannot make progress: an op waits for a value "
                              f"nothing produces")
        return self.stats

    def _drain(self, b: _Block):
        while b.eager:
            self._exec(b.eager.pop())

    def _instantiate(self, region: Region, env: _Env, owner, block: _Block) -> _RI:
        ri = _RI(region, env, owner)
        barrier = None
        for idx, op in enumerate(region.ops):
            inst = _Inst(op, ri, idx, block)
            sp = op.spec
            if sp.is_terminator:
                deps = []
            elif sp.is_counted_loop:
                deps = [env.get(id(v)) for v in op.operands[:3]]
            elif sp.is_branch:
                deps = [env.get(id(op.operands[0]))]
            elif sp.is_loop:
                deps = []
            else:
                deps = [env.get(id(v)) for v in op.operands]
                if op.regions:
                    deps += [env.get(k) for k in self._free_of(op)]
            for r in op.results:
                env.map[id(r)] = _Fut()
            if barrier is not None:
                deps.append(barrier)
            if (sp.is_loop or sp.is_branch) and self._may_exit(op):
                inst.ctl = _Fut()
                barrier = inst.ctl
            for f in deps:
                if not f.done:
                    inst.pending += 1
                    f.waiters.append(inst.dep_done)
            if inst.pending == 0:
                block.make_ready(inst)
        return ri

    def _free_of(self, op: Operation) -> set[int]:
        got = self._free.get(id(op))
        if got is None:
            got = self._free[id(op)] = free_values(op)
        return got

    def _may_exit(self, op: Operation) -> bool:
        got = self._exits.get(id(op))
        if got is None:
            got = self._exits[id(op)] = may_exit(op)
        return got

    def _exec(self, inst: _Inst):
        op, ri = inst.op, inst.ri
        env = ri.env
        self.tick(op)
        sp = op.spec
        if sp.is_terminator:
            futs = [env.get(id(v)) for v in op.operands]
            ri.alive -= 1
            ri.exit(inst.idx, sp, futs)
            return
        if sp.is_branch:
            cond = bool(np.asarray(env.get(id(op.operands[0])).value))
            self._instantiate(op.regions[0 if cond else 1], _Env(env), _IfCtl(inst), inst.block)
            return
        if sp.is_counted_loop:
            lb, trip, step = for_bounds(op, *(env.get(id(v)).value for v in op.operands[:3]))
            ctl = _LoopCtl(self, inst, (lb, trip, step), [env.get(id(v)) for v in op.group("init")])
            ctl.pump()
            return
        if sp.is_loop:
            ctl = _LoopCtl(self, inst, None, [env.get(id(v)) for v in op.group("init")])
            ctl.pump()
            return
        vals = self.compute(op, [env.get(id(v)).value for v in op.operands], inst.block.bid)
        for r, v in zip(op.results, vals):
            env.map[id(r)].set(v)
        ri.done_one()
