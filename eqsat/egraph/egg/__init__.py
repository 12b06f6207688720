"""The one place eqsat meets egglog: nothing else imports it (an import-linter contract
in pyproject.toml says so). Upgrading egglog means reading this package.

What it offers:

* egglog's typed expression API, re-exported for declaring sorts, constructors,
  functions and rules (`eqsat.egraph.terms`, `eqsat.egraph.analyses`, `rules/`):
  `EGraph`, `Expr`, `function`, `relation`, `rule`, `ruleset`, `Ruleset`, `var`, `eq`,
  `ne`, `set_`, `union`, the sorts `i64`, `String`, `Unit`, `Vec`, `MultiSet`, `Set`
  (with their `...Like` aliases), `unstable_combine_rulesets`, the expression readers
  `get_callable_fn`, `get_callable_args`, `get_literal_value`, `get_var_name`, and
  `EggSmolError` (what egglog raises when a program is refused or a rule fails).
* Programs for encoding in bulk (`eqsat.egraph.builder`): `run_text` runs program
  text where egglog parses it (no Python object per term: see `compat.run_text`),
  and egglog's command objects (`egglog.bindings`, public in both releases) for a few
  rows at a time: literals `Lit` of `Int` or `Str`, the action `SetAction`, wrapped by
  `action_commands` and run by `run_program`.
* Calls on an e-graph (`engine`): run commands, rows per table, a table's rows, the
  raw engine for reading tables, serialization, constructors' egglog names and sorts,
  declarations, schedules registered once and run per iteration (optionally under a
  back-off match limit), popping and pushing in one call, freeing an engine.
* What differs between the releases (`compat`): 13.2 on Python 3.11, 14.x on 3.12+:
  how commands run, how program text reaches the engine (14.x takes it directly; 13.2
  only from a file, so `run_text` writes a temporary one there), how a run reports a
  scheduler not done yet, and how often an e-graph may be lent before it is rebuilt.

Private egglog names used (all in `engine` and `compat`), and why:

* `EGraph._run_program` (13.2) / `EGraph._state.run_program` (14.x): running command
  objects; neither release has a public call for it (`EGraph.register` takes Python
  expressions, not commands).
* `EGraph._egraph` (both): the raw engine (`egglog.bindings.EGraph`, whose methods are
  public): in 14.x its `parse_and_run_program` runs program text directly, which the
  Python `EGraph` does not offer; its `freeze()` and `value_to_*` read the tables cell
  by cell; the public `EGraph.freeze()` (both) converts every cell to a
  Python expression first, a hundred times the cost. Serialization without limits and
  with egglog's own names goes through it too (`EGraph._serialize` (both) for the
  display form, which no public call returns).
* `EGraph._state.callable_ref_to_egg_fn`, `EGraph._callable_to_egg`,
  `egglog.runtime.resolve_callable` (both): a constructor's egglog name and sorts;
  no public call gives them.
* `EGraph._add_decls`, `EGraph._state.run_schedule_to_egg`,
  `egglog.declarations.Declarations`/`RunDecl`/`SequenceDecl`, `egglog.egraph.Schedule`
  (both): declaring constructors and registering a schedule without running it, and
  attaching a back-off scheduler to a composed schedule's runs; `EGraph.run`
  registers on every call and cannot take a composed schedule apart.
* `EGraph._state`, `EGraph._state_stack` (both): freeing an engine in the thread that
  made it (no public call frees one) and, in 13.2, restoring the Python-side state
  after a pop and a push run as one call (14.x takes the public `pop()`/`push()`).
"""
from __future__ import annotations

from egglog import (ActionLike, EGraph, Expr, MultiSet, RewriteOrRule, Ruleset, Set, String,
                    StringLike, Unit, Vec, eq, function, get_callable_args, get_callable_fn,
                    get_literal_value, get_var_name, i64, i64Like, ne, relation, rule, ruleset,
                    set_, union, unstable_combine_rulesets, var)
from egglog.bindings import EggSmolError, Int, Lit
from egglog.bindings import Set as SetAction
from egglog.bindings import String as Str

from eqsat.egraph.egg import compat
from eqsat.egraph.egg.compat import (EGGLOG_MAJOR, EGGLOG_VERSION, LENDS_PER_EGRAPH,
                                     reached_fixpoint, run_commands, run_text)
from eqsat.egraph.egg.engine import (PopPush, bounded_schedule, declarations, declare,
                                     declare_early, display_serialized, egg_name,
                                     function_rows, function_sizes, raw, register_schedule,
                                     release, rule_matches, run_registered, serialize_raw,
                                     signature, total_rows)
from eqsat.egraph.egg.program import action_commands, run_program

__all__ = [
    "ActionLike", "EGraph", "Expr", "MultiSet", "RewriteOrRule", "Ruleset", "Set", "String",
    "StringLike", "Unit", "Vec", "eq", "function", "get_callable_args", "get_callable_fn",
    "get_literal_value", "get_var_name", "i64", "i64Like", "ne", "relation", "rule", "ruleset",
    "set_", "union", "unstable_combine_rulesets", "var",
    "EggSmolError", "Int", "Lit", "SetAction", "Str",
    "compat", "EGGLOG_MAJOR", "EGGLOG_VERSION", "LENDS_PER_EGRAPH", "reached_fixpoint",
    "rule_matches", "run_commands", "run_text",
    "PopPush", "bounded_schedule", "declarations", "declare", "declare_early",
    "display_serialized", "egg_name", "function_rows", "function_sizes", "raw",
    "register_schedule", "release", "run_registered", "serialize_raw", "signature",
    "total_rows",
    "action_commands", "run_program",
]
