"""What differs between the egglog releases eqsat supports: 13.2 (Python 3.11) and
14.x (Python 3.12+). Nothing else in the engine asks which release runs.
"""
from __future__ import annotations

from typing import Any

import egglog

try:                                   # present in every release we support
    from importlib.metadata import version as _pkg_version
    EGGLOG_VERSION = _pkg_version("egglog")
except Exception:  # pragma: no cover - metadata missing in odd installs
    EGGLOG_VERSION = "unknown"

EGGLOG_MAJOR = int(EGGLOG_VERSION.split(".")[0]) if EGGLOG_VERSION[:1].isdigit() else 0

# How many kernels an e-graph with rules registered may be lent to (push, encode, pop)
# before it is built again; None: for ever. 14.x makes every push and pop of an e-graph
# dearer than the last (on the corpus: 11 ms per kernel over the first 55 kernels, 143 ms
# after 330), while building it again costs about 60 ms once its rules are compiled; 13.2
# pops back to what it pushed. Only time depends on it: a new e-graph is built the same way.
LENDS_PER_EGRAPH: int | None = 16 if EGGLOG_MAJOR >= 14 else None


def run_commands(eg: egglog.EGraph, *commands: Any) -> list[Any]:
    """Run `egglog.bindings` commands on `eg` and return their outputs. Neither release
    has a public call for it: 13.2 runs them through `EGraph._run_program`, 14.x through
    the e-graph's state (`EGraph._state.run_program`, which also records them in a
    saved transcript when one was asked for)."""
    run = getattr(eg, "_run_program", None)
    if run is not None:
        out: list[Any] = run(*commands)
        return out
    state: Any = eg._state
    return list(state.run_program(*commands))


def can_pop_push_at_once(eg: egglog.EGraph) -> bool:
    """Whether `eg`'s pop and push can run as one egglog call with the Python-side state
    restored by hand (13.2, whose `EGraph` runs commands through `_run_program` and
    keeps its states in `_state_stack`); 14.x takes the public `pop()` and `push()`."""
    return getattr(eg, "_run_program", None) is not None and bool(
        getattr(eg, "_state_stack", None))


def reached_fixpoint(report: Any) -> bool:
    """A RunReport of a run that changed nothing and held no rule back (a back-off
    scheduler bans rules over its match limit). 13.2 reports a scheduler's "not done
    yet" as `updated`; 14.x reports it apart, as `can_stop` (absent in 13.2)."""
    return not report.updated and bool(getattr(report, "can_stop", True))
