"""What differs between the egglog releases eqsat supports: 13.2 (Python 3.11) and
14.x (Python 3.12+). Nothing else in the engine asks which release runs.
"""
from __future__ import annotations

import os
import tempfile
from typing import Any

import egglog
from egglog import bindings as _bindings

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


_SPAN = _bindings.RustSpan("", 0, 0)
_PRINT_SIZES = _bindings.PrintSize(_SPAN, None)


def run_text(eg: egglog.EGraph, program: str, sizes: bool = False) -> dict[str, int] | None:
    """Run egglog program text on `eg`, parsed where it runs; `sizes`: also return the
    rows per table after it, read in the same egglog call.

    14.x takes the text directly (`bindings.EGraph.parse_and_run_program`, public on the
    engine). 13.2 has no such call: it parses text where it runs only from a file
    (`include`), so the text goes through a temporary file there. Its other ways cost
    more than the rest of an encoding: `parse_program` hands every command back to
    Python with a copy of the whole text in every span (time quadratic in the text),
    and command objects built in Python made encoding 35-45% slower on the corpus."""
    engine = eg._egraph
    direct = getattr(engine, "parse_and_run_program", None)
    if direct is not None:
        out = direct(program + "\n(print-size)" if sizes else program)
        return {name: int(n) for name, n in out[-1].sizes} if sizes else None
    fd, path = tempfile.mkstemp(prefix="eqsat-", suffix=".egg")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(program)
            f.write("\n")
        got = run_commands(eg, _bindings.Include(_SPAN, path), *([_PRINT_SIZES] if sizes else []))
        return {name: int(n) for name, n in got[-1].sizes} if sizes else None
    finally:
        os.unlink(path)
