"""Run rule sets under iteration, e-node and time caps.

egglog has no node or time limit, so we run one iteration at a time and check the
caps between iterations. Constant-folding answers are inserted between iterations
too. Hitting a cap is a normal outcome: the caller extracts the best program found
so far.

One ordinary (semi-naive) egglog iteration cannot be interrupted and applies every
match it finds, so on an explosive rule set a single iteration can overshoot the
caps many times over (assoc + comm: each iteration ~10x the last). So before each
iteration we predict its size from the growth of the previous ones, and when it may
not fit in what is left of the node or time budget, we switch to *bounded*
iterations: the same schedule under a fresh egglog back-off scheduler
(`compat.bounded_schedule`) with a per-rule match limit sized from the remaining
budget; a rule with more matches than that applies none of them in that iteration,
so an iteration adds at most about `limit` matches per rule. Bounded iterations
re-match the whole e-graph (slower, and their match counts include matches found
again), so they are used only near a cap; once they stop changing the e-graph, the
run stops with the cap that forced them as the reason. Runs far from the caps (all
the usual ones) never switch and behave exactly as before.
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

# Tuning of the guard (see the module docstring).
GROWTH_FLOOR = 4.0      # the next iteration is assumed at least this many times the last
SMALL = 1_000           # growth is measured against at least this many matches / rows,
                        # and a bounded iteration always lets a rule apply this many
TIME_SAFETY = 4.0       # an ordinary iteration must fit this many times in the time left
NODE_SHARE = 0.5        # a bounded iteration's per-rule limit: this share of the nodes left
STALL_STEPS = 2         # bounded iterations in a row without a new row before stopping


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
    bounded: int = 0            # iterations run with a per-rule match limit


def term_rows(eg: Any) -> int:
    """E-nodes of the Term sort (the size the node cap applies to)."""
    total = 0
    for fn in T.TERM_CONSTRUCTORS.values():
        try:
            total += eg.function_size(fn)
        except Exception:
            pass
    return total


@dataclass(frozen=True)
class _Step:
    """One ordinary iteration: matches applied, seconds, Term rows before and after."""
    matches: int
    seconds: float
    rows_before: int
    rows_after: int


def _growth(new: float, old: float) -> float:
    return max(GROWTH_FLOOR, new / max(old, SMALL))


def _risky(hist: list[_Step], rows: int, elapsed: float, limits: Limits) -> str | None:
    """The cap the next ordinary iteration may blow ("node limit", "time limit"), or
    None when it is predicted to fit with a wide margin. An iteration predicted to
    add fewer than SMALL rows or matches is never bounded (a bounded one would let
    every rule apply that many anyway)."""
    if hist:
        last = hist[-1]
        d1 = max(0, last.rows_after - last.rows_before)
        d0 = (hist[-2].rows_after - hist[-2].rows_before) if len(hist) > 1 else last.rows_before
        new_rows = d1 * _growth(d1, d0)
        g = _growth(last.matches, hist[-2].matches if len(hist) > 1 else last.rows_before)
        new_matches, seconds = last.matches * g, last.seconds * g * TIME_SAFETY
    else:                        # first iteration: about one match per row to start with
        new_rows = new_matches = rows * GROWTH_FLOOR
        seconds = 0.0
    if new_rows >= SMALL and rows + new_rows > limits.nodes:
        return "node limit"
    if new_matches >= SMALL and elapsed + seconds > limits.seconds:
        return "time limit"
    return None


def _match_limit(hist: list[_Step], rows: int, elapsed: float,
                 limits: Limits) -> tuple[int, str]:
    """Per-rule match limit of a bounded iteration, and the cap that sets it."""
    by_nodes = max(0, limits.nodes - rows) * NODE_SHARE
    by_time = float("inf")
    if hist:
        rate = max(hist[-1].matches, SMALL) / max(hist[-1].seconds, 1e-3)   # matches/s
        by_time = max(0.0, limits.seconds - elapsed) * rate / TIME_SAFETY
    reason = "node limit" if by_nodes <= by_time else "time limit"
    return int(max(SMALL, min(by_nodes, by_time))), reason


def saturate(enc: Encoding, schedule: Any, limits: Limits) -> SaturationStats:
    """Run `schedule` (one egglog ruleset, or a schedule of them) iteration by iteration
    until nothing changes or a cap is hit. Never raises for a cap; an egglog failure
    stops the run and is recorded (the e-graph up to the previous iteration stays
    usable)."""
    st = SaturationStats()
    eg = enc.egraph
    folds = FoldService(enc)
    t0 = time.perf_counter()
    if schedule is None or limits.iterations == 0:
        st.stop_reason = "no rules" if schedule is None else "iteration limit"
        st.nodes = term_rows(eg)
        return st
    hist: list[_Step] = []          # ordinary iterations
    bounded_by: str | None = None   # set once iterations are bounded: the cap at risk
    stalled = 0                     # bounded iterations in a row that added no row
    rows = term_rows(eg)
    all_rows = -1                   # rows of all tables, tracked in bounded iterations
    while True:
        if st.iterations >= limits.iterations:
            st.stop_reason = "iteration limit"
            break
        elapsed = time.perf_counter() - t0
        if elapsed > limits.seconds:
            st.stop_reason = "time limit"
            break
        run = schedule
        if bounded_by is None:
            bounded_by = _risky(hist, rows, elapsed, limits)
        if bounded_by is not None:
            limit, bounded_by = _match_limit(hist, rows, elapsed, limits)
            run = compat.bounded_schedule(schedule, limit)
            if run is None:              # this egglog cannot bound an iteration: stop
                st.stop_reason = bounded_by
                break
            if all_rows < 0:
                all_rows = compat.total_rows(eg)
        t1 = time.perf_counter()
        try:
            rep = eg.run(run)
        except EggSmolError as e:                # a rule failed at run time
            st.stop_reason = "rule error"
            st.error = str(e).splitlines()[0][:200]
            break
        except Exception as e:
            if run is schedule:
                raise
            # this egglog rejects the bounded schedule: stop as if it had none
            st.stop_reason = bounded_by
            st.error = f"bounded iteration failed: {e}".splitlines()[0][:200]
            break
        dt = time.perf_counter() - t1
        st.iterations += 1
        st.bounded += run is not schedule
        found = compat.rule_matches(rep)
        for k, v in found.items():
            st.matches[k] = st.matches.get(k, 0) + v
        answered = folds.answer()
        st.folds += answered
        before, rows = rows, term_rows(eg)
        st.nodes = rows
        if compat.reached_fixpoint(rep) and not answered:
            st.stop_reason = "saturated"
            break
        if rows > limits.nodes:
            st.stop_reason = "node limit"
            break
        if run is schedule:
            hist.append(_Step(sum(found.values()), dt, before, rows))
        else:
            # a bounded iteration is no fixpoint while a rule is banned: stop once the
            # rules still allowed add nothing (twice in a row: a union alone adds no
            # row but may enable new matches)
            now_rows = compat.total_rows(eg)
            stalled = stalled + 1 if now_rows == all_rows and not answered else 0
            all_rows = now_rows
            if stalled >= STALL_STEPS:
                st.stop_reason = bounded_by
                break
    st.seconds = time.perf_counter() - t0
    st.nodes = term_rows(eg)
    return st


__all__ = ["Limits", "SaturationStats", "saturate", "term_rows"]
