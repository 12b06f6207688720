"""Calls on an e-graph that egglog's public Python API does not offer as such: its
commands run directly, its tables read raw, constructors' egglog names, schedules
registered once and run many times, and an e-graph's engine freed in the thread that
made it. Each private egglog name used is listed in the package docstring.
"""
from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import egglog
from egglog import bindings as _bindings
from egglog.declarations import Declarations, RunDecl, SequenceDecl
from egglog.egraph import Schedule
from egglog.runtime import resolve_callable

from eqsat.egraph.egg.compat import can_pop_push_at_once, run_commands

SPAN = _bindings.RustSpan("", 0, 0)
PRINT_SIZES = _bindings.PrintSize(SPAN, None)
_NO_LIMIT = 1 << 62     # the default truncates each table to a few hundred rows


def raw(eg: egglog.EGraph) -> Any:
    """`eg`'s engine (`egglog.bindings.EGraph`): its `freeze()` (the tables as egglog
    holds them, one value per cell) and `value_to_*` converters. `EGraph.freeze()` is
    public but converts every cell to a Python expression first (what its printout
    needs): on layernorm_fwd as encoded (445 rows) 30-60 ms, against under a
    millisecond for reading every raw table."""
    return eg._egraph


def serialize_raw(eg: egglog.EGraph) -> dict[str, Any]:
    """The e-graph as egraph-serialize JSON with egglog's own op names and no limits
    (`EGraph` serializes through it only for display, with Python names and limits)."""
    out = raw(eg).serialize([], max_functions=_NO_LIMIT, max_calls_per_function=_NO_LIMIT)
    got: dict[str, Any] = json.loads(out.to_json())
    return got


def display_serialized(eg: egglog.EGraph) -> Any:
    """The whole e-graph through egglog's own serializer, as its visualizer draws it:
    Python names for ops, primitive outputs split per use, leaf arguments inlined into
    their parent's label (`Mem("load_view_tko", 19, ·, ·, ·)`). The result has `to_json()`
    and `to_dot()`. Same entry point as `EGraph.display`, without its limits."""
    return eg._serialize(max_functions=_NO_LIMIT, max_calls_per_function=_NO_LIMIT,
                         n_inline_leaves=1)


def egg_name(eg: egglog.EGraph, fn: Any) -> str:
    """The egglog-level name of a function or constructor (what `serialize` calls its
    op); declares it on `eg` if it is not yet. Once it is, the name is read without
    resolving `fn` and merging its declarations again."""
    ref = _REFS.get(id(fn))
    if ref is not None:
        hit = eg._state.callable_ref_to_egg_fn.get(ref[1])
        if hit is not None:
            return hit[0]
    _REFS[id(fn)] = (fn, resolve_callable(fn)[0])      # fn kept: its id stays its own
    return eg._callable_to_egg(fn)[1]


_REFS: dict[int, tuple[Any, Any]] = {}


def signature(fn: Any) -> tuple[tuple[str, ...], str]:
    """The sort names of a function's arguments and of its value (made once per
    function)."""
    hit = _SIGNATURES.get(id(fn))
    if hit is None:
        ref, decls = resolve_callable(fn)
        sig: Any = decls.get_callable_decl(ref).signature
        hit = _SIGNATURES[id(fn)] = (fn, (
            tuple(t.to_just().ident.name for t in sig.arg_types),
            sig.return_type.to_just().ident.name))
    return hit[1]


_SIGNATURES: dict[int, tuple[Any, tuple[tuple[str, ...], str]]] = {}


def declarations(*fns_or_sorts: Any) -> Any:
    """The declarations of functions and sorts, to add to e-graphs with `declare`."""
    return Declarations.create(*fns_or_sorts)


def declare(eg: egglog.EGraph, decls: Any) -> None:
    """Declare on `eg` what `declarations` made (no public call adds declarations
    without running something)."""
    eg._add_decls(decls)


def register_schedule(eg: egglog.EGraph, schedule: Any) -> Any:
    """Register on `eg` the rulesets `schedule` runs (with the sorts and functions their
    rules use) without running anything, and return the command that runs it, for
    `run_registered`. egglog's `EGraph.run` registers lazily on every call and wraps
    the report by hashing every rule; both cost more than a small kernel's iteration.

    The functions given to `declare_early` are declared on `eg` too."""
    eg._add_decls(schedule)
    command = eg._state.run_schedule_to_egg(schedule.schedule)
    for fn in _EARLY:
        egg_name(eg, fn)
    return command


def declare_early(*fns: Any) -> None:
    """Have every e-graph a schedule is registered on (`register_schedule`) declare
    `fns` then. egglog declares a function on its first use, and an e-graph that lends
    itself to one kernel after another (push, encode, pop) forgets what each kernel
    declared: the encoder's constructors that no rule names were declared again for
    every kernel, a fair share of encoding a small one."""
    for fn in fns:
        if all(fn is not x for x in _EARLY):
            _EARLY.append(fn)


_EARLY: list[Any] = []


def run_registered(eg: egglog.EGraph, command: Any) -> tuple[Any, dict[str, int]]:
    """Run a command from `register_schedule`; egglog's own RunReport (rule names as keys,
    which `rule_matches` and `reached_fixpoint` read) and the rows per table after it
    (`function_sizes`), from one egglog call rather than two."""
    out: Any = run_commands(eg, command, PRINT_SIZES)
    return out[0].report, sizes_of(out[-1])


def rule_matches(report: Any) -> dict[str, int]:
    """Matches per named rule from a RunReport, egglog's own (`run_registered`: keyed
    by rule name) or `EGraph.run`'s (keyed by rule objects with a `name`); unnamed
    rules are grouped as '?'. In name order: the report's own order varies from run to
    run."""
    out: dict[str, int] = {}
    for key, n in report.num_matches_per_rule.items():
        name = (key if isinstance(key, str) else getattr(key, "name", None)) or "?"
        out[name] = out.get(name, 0) + int(n)
    return dict(sorted(out.items()))


def function_sizes(eg: egglog.EGraph) -> dict[str, int]:
    """Rows per table, by egglog name, in one egglog call (`EGraph.function_size` takes
    one call per table)."""
    return sizes_of(run_commands(eg, PRINT_SIZES)[0])


def sizes_of(out: Any) -> dict[str, int]:
    """Rows per table from the output of a `PRINT_SIZES` command."""
    return {name: int(size) for name, size in out.sizes}


def total_rows(eg: egglog.EGraph) -> int:
    """Rows over all tables (e-nodes plus analysis rows)."""
    return sum(size for _, size in eg.all_function_sizes())


def function_rows(eg: egglog.EGraph, fn: Any) -> list[tuple[Any, ...]]:
    """Every row key of a function or relation, in egglog's order, as plain values: an
    i64 or a String as its Python value, a term as the tuple (egglog name, *arguments).
    Read off egglog's own printout of the table: `EGraph.function_values` makes an
    egglog expression of every row and argument, a millisecond for a few rows."""
    out: Any = run_commands(eg, _bindings.PrintFunction(
        SPAN, egg_name(eg, fn), None, None, _bindings.DefaultPrintFunctionMode()))[0]
    dag = out.termdag
    rows: list[tuple[Any, ...]] = []
    for call, _ in out.terms:
        term = dag.get(call)
        rows.append(tuple([_plain(dag, a) for a in term.args]))
    return rows


def _plain(dag: Any, tid: int) -> Any:
    term = dag.get(tid)
    if isinstance(term, _bindings.TermLit):
        lit = term.value
        if isinstance(lit, (_bindings.Int, _bindings.String)):
            return lit.value
        raise ValueError(f"unexpected egglog literal {lit!r}")
    if isinstance(term, _bindings.TermApp):
        return (term.name, *[_plain(dag, a) for a in term.args])
    raise ValueError(f"unexpected egglog term {term!r}")


def bounded_schedule(schedule: Any, match_limit: int) -> Any:
    """`schedule` with its top-level runs under a fresh back-off scheduler: in that one
    step a rule with more than `match_limit` matches applies none of them (it is
    banned); the others apply all theirs. None where `schedule` has no such run.

    The scheduler is new on every call (13.2 cannot keep one across `run` calls), so
    its rules match the whole e-graph again, not just what changed (slower, and the
    match counts include matches applied before), and a banned rule stays banned
    while its match count stays above the limit. Runs nested in `saturate()` or
    `* n` keep their own fixpoint loop and are not limited. Same API in 13.2 and
    14.x (`back_off`, `RunDecl.scheduler`); the declarations are used because a
    composed schedule cannot be taken apart through the public API. (14.x also has
    `back_off(...).persistent()`, which would keep matching semi-naive across calls;
    not used, so that both releases behave the same.)"""
    scheduler = egglog.back_off(match_limit=max(0, int(match_limit))).scheduler
    changed = False

    def attach(decl: Any) -> Any:
        nonlocal changed
        if isinstance(decl, RunDecl) and decl.scheduler is None and not decl.until:
            changed = True
            return replace(decl, scheduler=scheduler)
        if isinstance(decl, SequenceDecl):
            return SequenceDecl(tuple(attach(d) for d in decl.schedules))
        return decl

    decl = attach(schedule.schedule)
    return Schedule(schedule.__egg_decls_thunk__, decl) if changed else None


def release(eg: egglog.EGraph) -> None:
    """Free `eg`'s engine now, in this thread. egglog's Python side keeps an e-graph's
    states in reference cycles, so the engine would otherwise go with a garbage
    collection, in whichever thread runs it, and egglog refuses (and leaks) an e-graph
    freed outside the thread that made it. `eg` is unusable afterwards."""
    states: list[Any] = [eg._state, *eg._state_stack]
    for st in states:
        st.egraph = None
    eg._state_stack = []


class PopPush:
    """`eg.pop()` then `eg.push()` (the kernel forgotten, the next one's copy made) in one
    egglog call where the release allows (`compat.can_pop_push_at_once`); the
    Python-side state it restores is a copy of the one popped to."""

    def __init__(self, eg: egglog.EGraph):
        self.eg = eg
        # what pop then push leave: the state popped to stays below, a copy of it on top
        self.fresh = eg._state_stack[-1].copy() if can_pop_push_at_once(eg) else None
        self.commands = (_bindings.Pop(SPAN, 1), _bindings.Push(1))

    def __call__(self) -> None:
        if self.fresh is None:
            self.eg.pop()
            self.eg.push()
            return
        run_commands(self.eg, *self.commands)
        self.eg._state = self.fresh
