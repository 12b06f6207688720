"""Everything that differs between egglog releases (13.2 on Python 3.11, 14.x on 3.12+).

The rest of the engine calls only these helpers, so a new egglog release means
editing this one file. Private egglog entry points used here (serialization, egg
names) have no public replacement yet in either release.
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
    """Matches per named rule from a RunReport (unnamed rules are grouped as '?')."""
    out: dict[str, int] = {}
    for key, n in report.num_matches_per_rule.items():
        name = getattr(key, "name", None) or "?"
        out[name] = out.get(name, 0) + int(n)
    return out


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
