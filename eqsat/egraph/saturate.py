"""Run rule sets under iteration, e-node and match budgets, with a clock only as a safety net.

What saturation produces decides what is extracted, so every budget that can stop it
counts something egglog computes the same way on any machine: iterations, Term rows
(e-nodes) and matches per rule. The wall clock is read only by a safety net far above
any normal run (`Limits.seconds`, a minute by default); hitting it is a failure of the
budgets, reported in the stop reason and on stderr with the budget to lower.

The default node and match budgets follow the kernel: a fixed budget that a small
kernel never nears would bound (and change) every run on a kernel of ten thousand ops,
whose encoding alone is tens of thousands of e-nodes. They grow with the e-nodes the
kernel has as encoded, a count, so the same input still stops at the same place.

egglog has no node limit, so we run one iteration at a time and check the budgets
between iterations. Constant-folding answers are inserted between iterations too.
Hitting a budget is a normal outcome: the caller extracts the best program found so far.

One ordinary (semi-naive) egglog iteration cannot be interrupted and applies every
match it finds, so on an explosive rule set a single iteration can overshoot the node
budget many times over (assoc + comm: each iteration ~10x the last). So before each
iteration we predict its size from the growth of the previous ones (row and match
counts, never seconds), and when it may not fit in what is left of the node budget, we
switch to *bounded* iterations: the same schedule under a fresh egglog back-off
scheduler (`egg.bounded_schedule`) with a per-rule match limit sized from the nodes
left; a rule with more matches than that applies none of them in that iteration, so an
iteration adds at most about `limit` matches per rule (and never more than
`Limits.matches`, whatever the nodes left). Bounded iterations re-match the
whole e-graph, so they are used only near the budget; once they stop changing the
e-graph, the run stops with the budget that forced them. Runs far from the budgets (all the usual
ones) never switch.

Registering a rule set's ~250 rules costs more than saturating a small kernel, and far
more on an e-graph that already holds one. So a `RuleGraph` registers a schedule's rules
once per thread, on an e-graph with no kernel, and every kernel is encoded and saturated
on a pushed copy of it that is popped afterwards (`RuleGraph.open`).
"""
from __future__ import annotations

import itertools
import threading
import time
import warnings
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from eqsat.egraph import egg
from eqsat.egraph.egg import EggSmolError, EGraph
from eqsat.egraph import terms as T
from eqsat.egraph.encode import Encoding
from eqsat.egraph.fold import FoldService

# Default budgets (see `Limits`): the larger of a floor and so many per e-node as encoded.
NODES_FLOOR = 50_000
NODES_PER_ROW = 10      # the rules grow a usual kernel 1.1-1.5x
MATCHES_FLOOR = 200_000
MATCHES_PER_ROW = 100   # a first iteration finds 3-7 matches per e-node, and the guard
                        # predicts the second from its square (the growth it saw)

# Tuning of the guard (see the module docstring).
GROWTH_FLOOR = 4.0      # the next iteration is assumed at least this many times the last
SMALL = 1_000           # growth is measured against at least this many matches / rows,
                        # and a bounded iteration always lets a rule apply this many
NODE_SHARE = 0.5        # a bounded iteration's per-rule limit: this share of the nodes left
STALL_STEPS = 2         # bounded iterations in a row without a new row before stopping


SAFETY_NET = "time limit (safety net)"


class BudgetWarning(RuntimeWarning):
    """Saturation hit the wall-clock safety net: its output may differ between machines."""


warnings.simplefilter("always", BudgetWarning)      # every hit is reported, not the first


@dataclass(frozen=True)
class Limits:
    """Budgets of one saturation.

    `iterations`, `nodes` (Term rows) and `matches` (per rule per iteration) decide
    what is extracted and never depend on the machine; `seconds` is only a safety net
    that a normal run never reaches (hitting it warns on stderr).

    `nodes` and `matches` left at None follow the kernel: the larger of 50,000 and 10
    per e-node of the kernel as encoded, and of 200,000 and 100 per e-node, so that no
    usual run is capped however large the kernel, while an explosive rule set still
    stops within a constant factor of the kernel's size. A number is a fixed budget."""
    iterations: int = 30
    nodes: int | None = None
    matches: int | None = None
    seconds: float = 60.0

    def __post_init__(self) -> None:
        budgets = [self.iterations] + [b for b in (self.nodes, self.matches) if b is not None]
        if min(budgets) < 0 or self.seconds < 0:
            raise ValueError("limits must be non-negative")

    def budgets(self, rows: int) -> tuple[int, int]:
        """The (nodes, matches) budgets of a kernel encoded as `rows` e-nodes."""
        nodes = max(NODES_FLOOR, NODES_PER_ROW * rows) if self.nodes is None else self.nodes
        matches = (max(MATCHES_FLOOR, MATCHES_PER_ROW * rows) if self.matches is None
                   else self.matches)
        return nodes, matches


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
    node_budget: int = 0        # the budgets this run had (`Limits.budgets`)
    match_budget: int = 0


@dataclass(frozen=True)
class Prepared:
    """An e-graph with `schedule`'s rules registered, and the command that runs it there
    (None: run it through `EGraph.run`)."""
    egraph: EGraph
    schedule: Any
    command: Any


class RuleGraph:
    """A schedule's rules registered once on an e-graph that holds no kernel, lent to one
    kernel after another (egglog push / pop) in the calling thread.

    egglog e-graphs must be used and freed in the thread that made them, so each thread
    builds its own on first use and frees it itself (`egg.release`): when it is built
    again (`egg.LENDS_PER_EGRAPH`), on the thread's next use after this RuleGraph is
    gone, and when the thread ends."""

    def __init__(self, schedule: Any):
        self.schedule = schedule
        self._key = next(_KEYS)
        self._ref = weakref.ref(self)
        with self.open():              # registered now: a rule egglog refuses fails here
            pass

    def _build(self) -> Prepared:
        eg = EGraph()
        try:
            command = (None if self.schedule is None
                       else egg.register_schedule(eg, self.schedule))
        except BaseException:          # a rule egglog refuses: free it here
            egg.release(eg)
            raise
        return Prepared(eg, self.schedule, command)

    def _slot(self) -> _Slot:
        """This thread's e-graph of this RuleGraph (built on first use)."""
        slots = _thread_slots()
        slot = slots.get(self._key)
        if slot is None or slot.base is None:
            if slot is None:
                slot = slots[self._key] = _Slot(self._ref)
            slot.base = self._build()
        return slot

    @contextmanager
    def open(self) -> Iterator[Prepared]:
        """The e-graph to encode one kernel on; the kernel is gone once the block ends
        (popped, and the next kernel's copy pushed). A nested use (already open in this
        thread) gets an e-graph of its own, freed at the end."""
        slot = self._slot()
        if slot.busy:
            own = self._build()
            try:
                yield own
            finally:
                egg.release(own.egraph)
            return
        base = slot.base
        assert base is not None
        slot.busy = True
        try:
            if not slot.pushed:
                base.egraph.push()
                slot.pushed = True
            try:
                yield base
            finally:
                slot.forget_kernel()
        finally:
            slot.busy = False


class _Slot:
    """One thread's e-graph of one RuleGraph: its template, pushed once ahead of the
    next kernel."""

    def __init__(self, graph: weakref.ref[RuleGraph]):
        self.graph = graph
        self.base: Prepared | None = None
        self.pushed = False
        self.busy = False
        self.lent = 0

    def forget_kernel(self) -> None:
        """Pop the kernel and push the next kernel's copy; build the template again once
        it has been lent `egg.LENDS_PER_EGRAPH` times (the next use builds it)."""
        assert self.base is not None
        self.lent += 1
        if egg.LENDS_PER_EGRAPH is not None and self.lent >= egg.LENDS_PER_EGRAPH:
            self.free()
            return
        try:
            egg.PopPush(self.base.egraph)()
        except Exception:              # pragma: no cover - egglog failed to pop or push
            self.free()

    def free(self) -> None:
        if self.base is not None:
            egg.release(self.base.egraph)
        self.base, self.pushed, self.lent = None, False, 0


class _Slots(dict[int, _Slot]):
    """A thread's slots, freed in that thread when it ends (its thread-local storage
    goes there), so egglog never frees an e-graph in another thread."""

    def __del__(self) -> None:
        for slot in self.values():
            slot.free()


_KEYS = itertools.count()
_HERE = threading.local()


def _thread_slots() -> _Slots:
    """This thread's slots, with those of RuleGraphs that are gone freed first."""
    slots: _Slots | None = getattr(_HERE, "slots", None)
    if slots is None:
        slots = _HERE.slots = _Slots()
    for key in [k for k, s in slots.items() if s.graph() is None and not s.busy]:
        slots.pop(key).free()
    return slots


def term_rows(eg: Any, sizes: dict[str, int] | None = None) -> int:
    """E-nodes of the Term sort (the size the node cap applies to); `sizes`: the rows per
    table (`egg.function_sizes`) when the caller has them already."""
    if sizes is None:
        sizes = egg.function_sizes(eg)
    return sum(sizes.get(egg.egg_name(eg, fn), 0) for fn in T.TERM_CONSTRUCTORS.values())


@dataclass(frozen=True)
class _Step:
    """One ordinary iteration: matches applied, Term rows before and after."""
    matches: int
    rows_before: int
    rows_after: int


def _growth(new: float, old: float) -> float:
    return max(GROWTH_FLOOR, new / max(old, SMALL))


def _risky(hist: list[_Step], rows: int, nodes: int, matches: int) -> str | None:
    """The budget the next ordinary iteration may blow ("node limit", "match limit"),
    or None when it is predicted to fit with a wide margin. An iteration predicted to
    add fewer than SMALL rows or matches is never bounded (a bounded one would let
    every rule apply that many anyway). Only counts are read, so the decision is the
    same on any machine."""
    if hist:
        last = hist[-1]
        d1 = max(0, last.rows_after - last.rows_before)
        d0 = (hist[-2].rows_after - hist[-2].rows_before) if len(hist) > 1 else last.rows_before
        new_rows = d1 * _growth(d1, d0)
        g = _growth(last.matches, hist[-2].matches if len(hist) > 1 else last.rows_before)
        new_matches = last.matches * g
    else:                        # first iteration: about one match per row to start with
        new_rows = new_matches = rows * GROWTH_FLOOR
    if new_rows >= SMALL and rows + new_rows > nodes:
        return "node limit"
    if new_matches >= SMALL and new_matches > matches:
        return "match limit"
    return None


def _match_limit(rows: int, nodes: int, matches: int) -> tuple[int, str]:
    """Per-rule match limit of a bounded iteration, and the budget that sets it."""
    by_nodes = max(0, nodes - rows) * NODE_SHARE
    reason = "node limit" if by_nodes <= matches else "match limit"
    return int(max(SMALL, min(by_nodes, matches))), reason


def _safety_net(st: SaturationStats, limits: Limits) -> None:
    st.stop_reason = SAFETY_NET
    msg = (f"eqsat: saturation ran past its {limits.seconds:g} s safety net after "
           f"{st.iterations} iterations ({st.nodes} e-nodes); the result depends on this "
           f"machine's speed. Lower Limits.nodes / Limits.matches / Limits.iterations so the "
           f"run stops on a budget, or raise Limits.seconds.")
    warnings.warn(msg, BudgetWarning, stacklevel=3)


def saturate(enc: Encoding, schedule: Any, limits: Limits, *,
             as_encoded: bool = False) -> SaturationStats:
    """Run `schedule` (one egglog ruleset, a schedule of them, or a `Prepared` one that
    `enc` was encoded on) iteration by iteration until nothing changes or a budget is
    hit. Never raises for a budget; an egglog failure stops the run and is recorded (the
    e-graph up to the previous iteration stays usable). `as_encoded`: nothing was added
    to the e-graph since `enc` was encoded, so its row counts then (`Encoding.sizes`)
    still hold and need no egglog call."""
    st = SaturationStats()
    # what the token rules' `Need` was decided by, at encode time (counted as matches)
    st.matches.update(enc.need_cases)
    eg = enc.egraph
    command = None
    if isinstance(schedule, Prepared):
        command = schedule.command if schedule.egraph is eg else None
        schedule = schedule.schedule
    folds = FoldService(enc)
    t0 = time.perf_counter()
    if schedule is None or limits.iterations == 0:
        st.stop_reason = "no rules" if schedule is None else "iteration limit"
        st.nodes = term_rows(eg)
        return st
    hist: list[_Step] = []          # ordinary iterations
    bounded_by: str | None = None   # set once iterations are bounded: the cap at risk
    stalled = 0                     # bounded iterations in a row that added no row
    rows = term_rows(eg, enc.sizes if as_encoded else None)
    nodes, matches = limits.budgets(rows)
    st.node_budget, st.match_budget = nodes, matches
    all_rows = -1                   # rows of all tables, tracked in bounded iterations
    while True:
        if st.iterations >= limits.iterations:
            st.stop_reason = "iteration limit"
            break
        if time.perf_counter() - t0 > limits.seconds:
            _safety_net(st, limits)
            break
        run = schedule
        if bounded_by is None:
            bounded_by = _risky(hist, rows, nodes, matches)
        if bounded_by is not None:
            limit, bounded_by = _match_limit(rows, nodes, matches)
            run = egg.bounded_schedule(schedule, limit)
            if run is None:              # this egglog cannot bound an iteration: stop
                st.stop_reason = bounded_by
                break
            if all_rows < 0:
                all_rows = egg.total_rows(eg)
        try:
            if run is schedule and command is not None:
                rep, sizes = egg.run_registered(eg, command)
            else:
                rep, sizes = eg.run(run), None
        except EggSmolError as e:                # a rule failed at run time
            st.stop_reason = "rule error"
            st.error = str(e).splitlines()[0][:200]
            break
        except Exception as e:
            if run is schedule:
                raise
            # this egglog rejects the bounded schedule: stop as if it had none
            assert bounded_by is not None     # only bounded runs get here
            st.stop_reason = bounded_by
            st.error = f"bounded iteration failed: {e}".splitlines()[0][:200]
            break
        st.iterations += 1
        st.bounded += run is not schedule
        if sizes is None:                      # the rows per table after a plain run
            sizes = egg.function_sizes(eg)
        found = egg.rule_matches(rep)
        for k, v in found.items():
            st.matches[k] = st.matches.get(k, 0) + v
        answered = folds.answer(sizes)         # (answers add no Term row)
        st.folds += answered
        before, rows = rows, term_rows(eg, sizes)
        st.nodes = rows
        if egg.reached_fixpoint(rep) and not answered:
            st.stop_reason = "saturated"
            break
        if rows > nodes:
            st.stop_reason = "node limit"
            break
        if run is schedule:
            hist.append(_Step(sum(found.values()), before, rows))
        else:
            # a bounded iteration is no fixpoint while a rule is banned: stop once the
            # rules still allowed add nothing (twice in a row: a union alone adds no
            # row but may enable new matches)
            now_rows = egg.total_rows(eg)
            stalled = stalled + 1 if now_rows == all_rows and not answered else 0
            all_rows = now_rows
            if stalled >= STALL_STEPS:
                assert bounded_by is not None
                st.stop_reason = bounded_by
                break
    st.seconds = time.perf_counter() - t0
    st.nodes = term_rows(eg) if st.error else rows     # a failed run may have added rows
    st.matches = dict(sorted(st.matches.items()))
    return st


__all__ = ["BudgetWarning", "Limits", "Prepared", "RuleGraph", "SAFETY_NET", "SaturationStats",
           "saturate", "term_rows"]
