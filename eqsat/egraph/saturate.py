"""Run rule sets under iteration, e-node and time caps.

egglog has no node or time limit, so we run one iteration at a time and check the
caps between iterations (one iteration is atomic and may overshoot). Constant-
folding answers are inserted between iterations too. Hitting a cap is a normal
outcome: the caller extracts the best program found so far.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from egglog import EggSmolError

from . import compat
from . import terms as T
from .encode import Encoding
from .fold import FoldService


@dataclass(frozen=True)
class Limits:
    """Caps on one saturation: iterations, e-nodes (Term rows), seconds."""
    iterations: int = 30
    nodes: int = 50_000
    seconds: float = 5.0

    def __post_init__(self):
        if self.iterations < 0 or self.nodes < 0 or self.seconds < 0:
            raise ValueError("limits must be non-negative")


@dataclass
class SaturationStats:
    iterations: int = 0
    stop_reason: str = "not run"
    matches: dict[str, int] = field(default_factory=dict)
    folds: int = 0
    seconds: float = 0.0
    nodes: int = 0
    error: str | None = None


def term_rows(eg: Any) -> int:
    """E-nodes of the Term sort (the size the node cap applies to)."""
    total = 0
    for fn in T.TERM_CONSTRUCTORS.values():
        try:
            total += eg.function_size(fn)
        except Exception:
            pass
    return total


def saturate(enc: Encoding, schedule: Any, limits: Limits) -> SaturationStats:
    """Run `schedule` (one egglog ruleset) iteration by iteration until nothing changes
    or a cap is hit. Never raises for a cap; an egglog failure stops the run and is
    recorded (the e-graph up to the previous iteration stays usable)."""
    st = SaturationStats()
    eg = enc.egraph
    folds = FoldService(enc)
    t0 = time.perf_counter()
    if schedule is None or limits.iterations == 0:
        st.stop_reason = "no rules" if schedule is None else "iteration limit"
        st.nodes = term_rows(eg)
        return st
    while True:
        if st.iterations >= limits.iterations:
            st.stop_reason = "iteration limit"
            break
        if time.perf_counter() - t0 > limits.seconds:
            st.stop_reason = "time limit"
            break
        try:
            rep = eg.run(schedule)
        except EggSmolError as e:                # a rule failed at run time
            st.stop_reason = "rule error"
            st.error = str(e).splitlines()[0][:200]
            break
        st.iterations += 1
        for k, v in compat.rule_matches(rep).items():
            st.matches[k] = st.matches.get(k, 0) + v
        answered = folds.answer()
        st.folds += answered
        st.nodes = term_rows(eg)
        if not rep.updated and not answered:
            st.stop_reason = "saturated"
            break
        if st.nodes > limits.nodes:
            st.stop_reason = "node limit"
            break
    st.seconds = time.perf_counter() - t0
    st.nodes = term_rows(eg)
    return st


__all__ = ["Limits", "SaturationStats", "saturate", "term_rows"]
