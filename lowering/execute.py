"""Interpreters for the step and CFG forms, so they can be checked against the IR.

Both reuse the IR interpreter for everything but control flow: `eqsat.interp.inputs.bind`
lays out memory and arguments from an input spec, and the interpreter's executor
evaluates each op (pure, memory, grid ids, reduce/scan) given its operand values.
What is new here is only what the forms add: scratch buffers and structured nodes
for steps; blocks, arguments and branches for the CFG. Tile blocks run one after
another, so results equal the IR interpreter's on kernels whose blocks do not race.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from eqsat.errors import InterpError
from eqsat.interp.inputs import InputSpec, bind
from eqsat.interp.machine import Executor
from eqsat.ir.core import Operation, Param

from eqsat.lowering.cfg import Branch, Cfg, CondBranch
from eqsat.lowering.steps import (BreakNode, ContinueNode, ForNode, IfNode, LoopNode, Node,
                                  ReturnNode, Step, StepProgram)
from eqsat.equiv import need_positive
from eqsat.interp import run
from eqsat.interp.compare import compare_outputs
from eqsat.lowering.cfg import lower_to_cfg
from eqsat.lowering.liveins import canonicalize_live_ins as canon
from eqsat.lowering.steps import lower_to_steps


@dataclass
class _Signature:
    """What `bind` and the executor read of a kernel: its parameters."""
    name: str
    params: list[Param]


class _OpRunner:
    """Per-op semantics of the IR interpreter over one bound input."""

    def __init__(self, name: str, params: list[Param], spec: InputSpec, seed: int,
                 step_limit: int):
        sig = _Signature(name, params)
        self.bound = bind(sig, spec, seed)           # type: ignore[arg-type]
        self.ex = Executor(sig, self.bound.memory, self.bound.args,  # type: ignore[arg-type]
                           self.bound.grid, step_limit=step_limit)
        self.params = params

    def blocks(self) -> Iterator[tuple[tuple[int, int, int], dict[int, object]]]:
        """(block id, environment with the parameters bound) per tile block."""
        gx, gy, gz = self.bound.grid
        for z, y, x in itertools.product(range(gz), range(gy), range(gx)):
            yield (x, y, z), {id(p.value): a for p, a in zip(self.params, self.bound.args)}

    def op(self, op: Operation, env: dict[int, object], bid) -> None:
        self.ex.tick(op)
        try:
            args = [env[id(v)] for v in op.operands]
        except KeyError:
            raise InterpError(f"'{op.name}' reads a value that was never computed") from None
        for r, v in zip(op.results, self.ex.compute(op, args, bid)):
            env[id(r)] = v

    def outputs(self) -> dict[str, np.ndarray]:
        return self.bound.outputs()


# -- CFG ----------------------------------------------------------------------------------
def run_cfg(cfg: Cfg, spec: InputSpec, *, seed: int = 0,
            step_limit: int = 2_000_000) -> dict[str, np.ndarray]:
    """Run the CFG on the inputs `spec` draws with `seed`; final contents of every
    array, by name (as `eqsat.interp.run(...).buffers`)."""
    rt = _OpRunner(cfg.name, cfg.params, spec, seed, step_limit)
    by = {b.name: b for b in cfg.blocks}
    for bid, env in rt.blocks():
        block, incoming = cfg.entry, list[Any]()
        while True:
            if len(incoming) != len(block.args):
                raise InterpError(f"^{block.name} takes {len(block.args)} values, "
                                  f"got {len(incoming)}")
            for a, v in zip(block.args, incoming):
                env[id(a)] = v
            for op in block.ops:
                rt.op(op, env, bid)
            t = block.term
            if isinstance(t, Branch):
                block, incoming = by[t.dest], [env[id(v)] for v in t.args]
            elif isinstance(t, CondBranch):
                if bool(np.asarray(env[id(t.cond)])):
                    block, incoming = by[t.true_dest], [env[id(v)] for v in t.true_args]
                else:
                    block, incoming = by[t.false_dest], [env[id(v)] for v in t.false_args]
            else:
                break
    return rt.outputs()


# -- steps --------------------------------------------------------------------------------
class _Leave(Exception):
    """A break, continue or return node leaving the nodes it is in."""

    def __init__(self, node: BreakNode | ContinueNode | ReturnNode, kind: str):
        self.node, self.kind = node, kind


class _StepMachine:
    def __init__(self, rt: _OpRunner, bid, params_env: dict[int, object]):
        self.rt, self.bid, self.params_env = rt, bid, params_env
        self.scratch: dict[str, object] = {}

    def get(self, buf: str, where: str) -> object:
        try:
            return self.scratch[buf]
        except KeyError:
            raise InterpError(f"{where} reads scratch buffer {buf} before anything wrote "
                              f"it") from None

    def step(self, s: Step) -> None:
        env = dict(self.params_env)
        for r in s.reads:
            env[id(r.value)] = self.get(r.buffer, f"step {s.index}")
        for ops in (s.setup, s.loads, s.compute, s.stores):
            for op in ops:
                self.rt.op(op, env, self.bid)
        out = [(w.buffer, env[id(w.value)]) for w in s.writes]
        for buf, v in out:
            self.scratch[buf] = np.array(v, copy=True) if isinstance(v, np.ndarray) else v

    def nodes(self, ns: list[Node]) -> None:
        for n in ns:
            if isinstance(n, Step):
                self.step(n)
            elif isinstance(n, ForNode):
                self.for_(n)
            elif isinstance(n, LoopNode):
                self.loop(n)
            elif isinstance(n, IfNode):
                c = bool(np.asarray(self.get(n.cond, "if")))
                self.nodes(n.then if c else n.orelse)
            elif isinstance(n, BreakNode):
                raise _Leave(n, "break")
            elif isinstance(n, ContinueNode):
                raise _Leave(n, "continue")
            elif isinstance(n, ReturnNode):
                raise _Leave(n, "return")

    def for_(self, n: ForNode) -> None:
        lb, ub, st = (self.get(b, "for") for b in (n.lower, n.upper, n.step))
        dtype = np.asarray(lb).dtype
        i, hi, step = int(np.asarray(lb)), int(np.asarray(ub)), int(np.asarray(st))
        if step <= 0:
            raise InterpError(f"'for' step must be positive, got {step}")
        while i < hi:
            self.scratch[n.index] = np.asarray(i, dtype)
            try:
                self.nodes(n.body)
            except _Leave as e:
                if isinstance(e.node, BreakNode):
                    return
                if isinstance(e.node, ReturnNode):
                    raise
            i += step

    def loop(self, n: LoopNode) -> None:
        while True:
            try:
                self.nodes(n.body)
            except _Leave as e:
                if isinstance(e.node, BreakNode):
                    return
                if isinstance(e.node, ReturnNode):
                    raise


def run_steps(prog: StepProgram, spec: InputSpec, *, seed: int = 0,
              step_limit: int = 2_000_000) -> dict[str, np.ndarray]:
    """Run the step program on the inputs `spec` draws with `seed`; final contents of
    every array, by name. Scratch buffers are private to each tile block."""
    rt = _OpRunner(prog.name, prog.params, spec, seed, step_limit)
    for bid, env in rt.blocks():
        m = _StepMachine(rt, bid, env)
        try:
            m.nodes(prog.body)
        except _Leave as e:
            if not isinstance(e.node, ReturnNode):
                raise InterpError(f"'{e.kind}' outside a loop") from None
    return rt.outputs()



# -- equivalence --------------------------------------------------------------------------
@dataclass(frozen=True)
class LoweringCheck:
    """Outcome of comparing a lowered form with its kernel on random inputs."""
    ok: bool
    trials: int
    message: str
    vacuous: bool = False        # the kernel changed no array in any trial


def check_lowering(kernel, spec: InputSpec, to: str, *, trials: int = 3, seed: int = 0,
                   canonicalize_live_ins: bool = False) -> LoweringCheck:
    """Lower `kernel` to `to` ("steps" or "cfg") and compare its outputs with the IR
    interpreter's, bit for bit, on `trials` input draws (seeds seed, seed+1, ...)."""

    need_positive(trials=trials)
    form: StepProgram | Cfg
    go: Callable[..., dict[str, np.ndarray]]       # runs `form` on a spec
    if to == "steps":
        form = lower_to_steps(kernel)
        go = run_steps
    elif to == "cfg":
        form = lower_to_cfg(kernel)
        if canonicalize_live_ins:
            form = canon(form)
        go = run_cfg
    else:
        raise ValueError(f"unknown lowering target {to!r} (steps or cfg)")
    changed = False
    for t in range(trials):
        s = seed + t
        try:
            first = run(kernel, spec, seed=s)
            ref = first.buffers
            changed = changed or first.changed()
        except InterpError as e:
            return LoweringCheck(False, trials, f"trial {t}: the kernel itself fails: {e}")
        try:
            got = go(form, spec, seed=s)                 # type: ignore[arg-type]
        except InterpError as e:
            return LoweringCheck(False, trials, f"trial {t}: the {to} form fails: {e}")
        diff = compare_outputs(ref, got, exact=True)
        if diff is not None:
            name, idx, x, y = diff
            return LoweringCheck(False, trials, f"trial {t}: array '{name}' index {idx}: "
                                 f"kernel {x!r}, {to} form {y!r}")
    if not changed:
        return LoweringCheck(True, trials, f"vacuous: the kernel changed no array on {trials} "
                             f"input draws, so the {to} form was compared on nothing",
                             vacuous=True)
    return LoweringCheck(True, trials, f"{to} form equals the kernel on {trials} input draws")


__all__ = ["run_cfg", "run_steps", "check_lowering", "LoweringCheck"]
