"""What each rule is, for people: its one-line doc, its kind and how it is vouched for
(`eqsat rules`, the optimize report)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from eqsat.rules.dsl import Action, Rule, RuleSet, root_op

_OP = re.compile(r'\bOp[0-3N]\("(\w+)", [\w$]+, [\w$]+(?:, )?')
_EQ = re.compile(r"^eq\(\w+\)\.to\((.*)\)$")
_SET = re.compile(r"^set_\((.*)\)\.to\((.*)\)$")
DOC_WIDTH = 100


@dataclass(frozen=True)
class RuleRow:
    """One rule as `eqsat rules` lists it."""
    set: str
    name: str
    kind: str          # "rewrite" (makes a new program) or "analysis" (derives facts)
    status: str        # see check_status
    doc: str


def check_status(rs: RuleSet) -> dict[str, str]:
    """How each rule of `rs` is vouched for, in one word (`eqsat.rules.rule_status`):
    "proved" (by the SMT solver, for every type and attribute set it matches), "sampled"
    (run against the interpreter on edge values and random draws, where the solver
    cannot express it), "trusted" (registered with trusted=True) or "unchecked"."""
    from eqsat.rules import rule_status
    return rule_status(rs)


def pattern_text(term: object) -> str:
    """A pattern as the op calls it reads: `addf(mulf(x, y), z)`."""
    return _OP.sub(lambda m: m[1] + "(", str(term))


def rule_doc(r: Rule | Action) -> str:
    """The rule's own doc, first line; else what it rewrites, or the analysis it runs."""
    if r.doc:
        return r.doc.strip().splitlines()[0]
    if isinstance(r, Rule):
        return f"{pattern_text(r.lhs)} -> {pattern_text(r.rhs)}"
    on = next((m[1] for m in map(_EQ.match, map(str, r.facts)) if m), None)
    does = "; ".join(_SET.sub(r"\1 := \2", pattern_text(a)) for a in r.actions)
    text = (f"on {pattern_text(on)}: " if on else "") + (does or "derives facts")
    return text if len(text) <= DOC_WIDTH else text[:DOC_WIDTH - 3] + "..."


def rule_kind(r: Rule | Action) -> str:
    return "rewrite" if isinstance(r, Rule) else "analysis"


def rows(sets: list[RuleSet]) -> list[RuleRow]:
    """Every rule of `sets`, in set order then rule order."""
    return [RuleRow(rs.name, r.name, rule_kind(r), status[r.name], rule_doc(r))
            for rs in sets for status in (check_status(rs),) for r in rs]


def rewrite_ops(sets: list[RuleSet]) -> dict[str, tuple[str | None, str | None]]:
    """Rewrite name -> (the op its left side matches, the op its right side builds)."""
    return {r.name: (root_op(r.lhs), root_op(r.rhs))
            for rs in sets for r in rs if isinstance(r, Rule)}


__all__ = ["RuleRow", "check_status", "pattern_text", "rule_doc", "rule_kind", "rows",
           "rewrite_ops"]
