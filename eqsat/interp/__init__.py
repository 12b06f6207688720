"""The numpy interpreter: the project's oracle for what a kernel computes."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from eqsat.interp.compare import compare_outputs
from eqsat.interp.dataflow import DataflowMachine
from eqsat.interp.inputs import InputSpec, bind
from eqsat.interp.machine import RunStats, uses_tokens
from eqsat.interp.program_order import ProgramOrderMachine
from eqsat.interp.semantics import evaluate_pure
from eqsat.ir.core import Kernel


@dataclass
class RunResult:
    buffers: dict[str, np.ndarray]     # final contents of every array, by spec name
    stats: RunStats
    fuzzed: bool
    initial: dict[str, np.ndarray] | None = None   # every array before the run

    def changed(self) -> bool:
        """Whether the run left any array different from its initial data."""
        if self.initial is None:
            return True
        return compare_outputs(self.initial, self.buffers, exact=True) is not None


def run(kernel: Kernel, spec: InputSpec, *, seed: int = 0, schedule: int = 0,
        mode: str = "auto", step_limit: int = 2_000_000,
        check_assumes: bool = False) -> RunResult:
    """Run `kernel` on the inputs of `spec` drawn with `seed`.

    `schedule` seeds the order: block interleaving always, and the order of ready
    ops inside a block for tokenized kernels (`mode="auto"`; force with
    `"program"` or `"fuzz"`). Raises OutOfBounds / StepLimit / AssumeViolation.
    """
    if mode not in ("auto", "program", "fuzz"):
        raise ValueError(f"mode must be auto, program or fuzz, not {mode!r}")
    fuzz = uses_tokens(kernel) if mode == "auto" else mode == "fuzz"
    bound = bind(kernel, spec, seed)
    initial = {n: np.array(a, copy=True) for n, a in bound.outputs().items()}
    cls = DataflowMachine if fuzz else ProgramOrderMachine
    m = cls(kernel, bound.memory, bound.args, bound.grid, seed=schedule * 7919 + seed,
            step_limit=step_limit, check_assumes=check_assumes)
    stats = m.run()
    return RunResult(bound.outputs(), stats, fuzz, initial)


__all__ = ["run", "RunResult", "DataflowMachine", "ProgramOrderMachine", "uses_tokens",
           "evaluate_pure"]
