"""Everything that differs between egglog releases (13.2 on Python 3.11, 14.x on 3.12+).

The rest of the engine calls only these helpers, so a new egglog release means
editing this one file. Private egglog entry points used here (serialization, egg
names, schedule declarations) have no public replacement yet in either release.
"""
from __future__ import annotations

import json
from typing import Any

import egglog

try:                                   # present in every release we support
    from importlib.metadata import version as _pkg_version
    EGGLOG_VERSION = _pkg_version("egglog")
except Exception:  # pragma: no cover - metadata missing in odd installs
    EGGLOG_VERSION = "unknown"

EGGLOG_MAJOR = int(EGGLOG_VERSION.split(".")[0]) if EGGLOG_VERSION[:1].isdigit() else 0


def serialize(eg: egglog.EGraph) -> dict[str, Any]:
    """The e-graph as egraph-serialize JSON: `nodes`, `class_data` (with `let` names).

    Uses the raw dump (egglog op names, not Python renderings); both 13.2 and 14.0
    expose it as `EGraph._egraph.serialize([])`."""
    raw = eg._egraph.serialize([], max_functions=_NO_LIMIT, max_calls_per_function=_NO_LIMIT)
    return json.loads(raw.to_json())


_NO_LIMIT = 1 << 62     # the default truncates each table to a few hundred rows


def egg_name(eg: egglog.EGraph, fn: Any) -> str:
    """The egglog-level name of a constructor (what `serialize` calls its op)."""
    return eg._callable_to_egg(fn)[1]


def rule_matches(report: Any) -> dict[str, int]:
    """Matches per named rule from a RunReport (unnamed rules are grouped as '?'), in
    name order (the report's own order varies from run to run)."""
    out: dict[str, int] = {}
    for key, n in report.num_matches_per_rule.items():
        name = getattr(key, "name", None) or "?"
        out[name] = out.get(name, 0) + int(n)
    return dict(sorted(out.items()))


def reached_fixpoint(report: Any) -> bool:
    """A RunReport of a run that changed nothing and held no rule back (a back-off
    scheduler bans rules over its match limit). 13.2 reports a scheduler's "not done
    yet" as `updated`; 14.x reports it apart, as `can_stop` (absent in 13.2)."""
    return not report.updated and bool(getattr(report, "can_stop", True))


def total_rows(eg: egglog.EGraph) -> int:
    """Rows over all tables (e-nodes plus analysis rows)."""
    return sum(size for _, size in eg.all_function_sizes())


def function_rows(eg: egglog.EGraph, fn: Any) -> list[Any]:
    """Every row key of a function or relation, as egglog expressions."""
    return list(eg.function_values(fn).keys())


def literal(expr: Any) -> Any:
    """Python value of a literal egglog expression (i64, String), else None."""
    return egglog.get_literal_value(expr)


def call_args(expr: Any) -> tuple:
    return tuple(egglog.get_callable_args(expr) or ())


def bounded_schedule(schedule: Any, match_limit: int) -> Any:
    """`schedule` with its top-level runs under a fresh back-off scheduler: in that one
    step a rule with more than `match_limit` matches applies none of them (it is
    banned); the others apply all theirs. None where this egglog cannot do that.

    The scheduler is new on every call (13.2 cannot keep one across `run` calls), so
    its rules match the whole e-graph again, not just what changed (slower, and the
    match counts include matches applied before), and a banned rule stays banned
    while its match count stays above the limit. Runs nested in `saturate()` or
    `* n` keep their own fixpoint loop and are not limited. Same API in 13.2 and
    14.x (`back_off`, `RunDecl.scheduler`); private declarations are used because a
    composed schedule cannot be taken apart through the public API. (14.x also has
    `back_off(...).persistent()`, which would keep matching semi-naive across calls;
    not used, so that both releases behave the same.)"""
    try:
        from dataclasses import replace

        from egglog.declarations import RunDecl, SequenceDecl
        from egglog.egraph import Schedule
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
    except Exception:  # pragma: no cover - an egglog without back-off scheduling
        return None


def display_serialized(eg: egglog.EGraph) -> Any:
    """The whole e-graph through egglog's own serializer, as its visualizer draws it:
    Python names for ops, primitive outputs split per use, leaf arguments inlined into
    their parent's label (`Mem("load_view_tko", 19, ·, ·, ·)`). The result has `to_json()`
    and `to_dot()`. Same private entry point as egglog's `_graphviz`, without its limits."""
    return eg._serialize(max_functions=_NO_LIMIT, max_calls_per_function=_NO_LIMIT,
                         n_inline_leaves=1)
