"""Do two kernels compute the same outputs? Trials x schedules under the interpreter.

Each trial draws fresh inputs; each schedule reorders blocks and (for tokenized
kernels) ready ops. Both kernels run every schedule and every run is compared with
kernel A's first run, so nondeterminism in either side (a missing ordering) shows
up as a counterexample too.

A check that compared nothing says so: fewer than one trial or schedule is a
`ValueError`, and when no run of A changed any array from its initial data (no
store, or stores of what was there) the result is `vacuous`: the kernels agreed,
but on nothing that tells them apart, so its message does not say "equivalent".
"""
from __future__ import annotations

from dataclasses import dataclass


from eqsat.errors import InterpError
from eqsat.interp.inputs import InputSpec
from eqsat.interp import run
from eqsat.interp.compare import compare_outputs
from eqsat.ir.core import Kernel

@dataclass
class Counterexample:
    trial: int
    schedule: int
    kernel: str              # "A" or "B": which run disagreed with A's reference
    array: str
    index: tuple[int, ...]
    expected: object
    actual: object
    error: str | None = None

    def __str__(self) -> str:
        if self.error:
            return (f"counterexample: trial {self.trial}, schedule {self.schedule}: kernel "
                    f"{self.kernel} failed: {self.error}")
        idx = ", ".join(map(str, self.index))
        return (f"counterexample: trial {self.trial}, schedule {self.schedule}, array "
                f"'{self.array}', index ({idx}): A = {self.expected!r}, {self.kernel} = "
                f"{self.actual!r}")


@dataclass
class EquivResult:
    ok: bool
    trials: int
    schedules: int
    counterexample: Counterexample | None = None
    runs: int = 0                 # kernel runs compared with A's reference runs
    vacuous: bool = False         # no reference run changed any array

    @property
    def message(self) -> str:
        if self.ok and self.vacuous:
            return (f"vacuous: no run of A changed any array ({self.trials} trials x "
                    f"{self.schedules} schedules, {self.runs} runs compared); nothing "
                    "tells the kernels apart")
        if self.ok:
            return f"equivalent ({self.trials} trials x {self.schedules} schedules)"
        return str(self.counterexample)


def need_positive(**counts: int) -> None:
    """A check must compare at least one run: counts below 1 are a ValueError."""
    for name, n in counts.items():
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"{name} must be an integer >= 1, not {n!r}: a check of no "
                             "runs vouches for nothing")


def check_equivalent(a: Kernel, b: Kernel, spec: InputSpec, *, trials: int = 10,
                     schedules: int = 20, exact: bool = False, seed: int = 0,
                     step_limit: int = 2_000_000) -> EquivResult:
    """Run A and B on `trials` input draws x `schedules` schedules and compare every run
    with A's first run of the trial. Stops at the first counterexample."""
    need_positive(trials=trials, schedules=schedules)
    runs, changed = 0, False
    elems = {x.name: x.dtype for x in spec.arrays}

    def fail(t: int, s: int, cex: Counterexample) -> EquivResult:
        return EquivResult(False, trials, schedules, cex, runs)

    for t in range(trials):
        s_in = seed + t
        try:
            first = run(a, spec, seed=s_in, schedule=0, step_limit=step_limit)
        except InterpError as e:
            return fail(t, 0, Counterexample(t, 0, "A", "", (), None, None, str(e)))
        ref = first.buffers
        changed = changed or first.changed()
        for s in range(schedules):
            for which, k in (("B", b), ("A", a)):
                if which == "A" and s == 0:
                    continue
                try:
                    got = run(k, spec, seed=s_in, schedule=s, step_limit=step_limit).buffers
                except InterpError as e:
                    return fail(t, s, Counterexample(t, s, which, "", (), None, None, str(e)))
                runs += 1
                diff = compare_outputs(ref, got, exact, elems)
                if diff is not None:
                    name, idx, x, y = diff
                    return fail(t, s, Counterexample(t, s, which, name, idx, x, y))
    return EquivResult(True, trials, schedules, None, runs, vacuous=not changed)


__all__ = ["check_equivalent", "EquivResult", "Counterexample", "compare_outputs", "need_positive"]
