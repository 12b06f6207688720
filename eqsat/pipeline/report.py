"""What one optimization did and what it cost: the report `optimize` returns beside the
kernel, with `decisions()` (everything but times: equal for equal inputs anywhere),
`summary()` (what a person reads) and `to_json()` (the `--json` form, whose schema is
`REPORT_SCHEMA`, versioned by `SCHEMA_ID`)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from eqsat.egraph.encode import is_tokenized
from eqsat.ir.core import Kernel
from eqsat.memory.stats import op_count

SCHEMA_ID = "eqsat-report/2"
WHERE_SHOWN = 5            # places named per rewrite in the summary


@dataclass
class Report:
    """What one optimization did and what it cost."""
    rules: list[str] = field(default_factory=list)
    matches: dict[str, int] = field(default_factory=dict)   # rule name -> matches
    iterations: int = 0
    bounded_iterations: int = 0            # iterations run under a per-rule match limit
    eclasses: int = 0
    enodes: int = 0
    folds: int = 0
    times: dict[str, float] = field(default_factory=dict)   # phase -> seconds
    cost_before: float = 0.0
    cost_after: float = 0.0
    ops_before: int = 0                    # ops but terminators (`eqsat.memory.stats.op_count`)
    ops_after: int = 0
    token_ops_before: int = 0              # of those, make_token and join_tokens
    token_ops_after: int = 0
    input_tokenized: bool = True           # False: the input meant program order
    stop_reason: str = ""
    fallback: str | None = None            # why a simpler program was returned, if so
    not_cheaper: int = 0                   # extractions dearer than the program as encoded
    cost_model: str = ""
    cost_unit: str = ""                    # what one unit of cost is
    cost_models: str = ""                  # what the cost model prices
    alias_model: str = ""                  # where the alias facts came from
    token_facts: int = 0                   # facts the token rules could read
    cleanup: dict[str, int] = field(default_factory=dict)   # what clean-up removed
    versioning: str = ""                   # what divisibility versioning did, if asked
    unchecked: list[str] = field(default_factory=list)   # rule sets no check vouches for
    proofs: list[str] = field(default_factory=list)      # registered sets: rule -> status

    def __post_init__(self) -> None:
        self._sources: tuple[Kernel, Kernel, list[Any]] | None = None
        self._explained: dict[str, Any] | None = None

    # -- filled in by optimize --------------------------------------------------------
    def count_before(self, kernel: Kernel) -> None:
        self.ops_before, self.token_ops_before = op_count(kernel)
        self.input_tokenized = is_tokenized(kernel)

    def count_after(self, result: Kernel, kernel: Kernel | None = None,
                    sets: list[Any] | None = None) -> None:
        """The output's op counts; with the input and the rule sets, what `rewrites()`
        explains (worked out when first asked for)."""
        self.ops_after, self.token_ops_after = op_count(result)
        self._explained = None
        self._sources = None if kernel is None else (kernel, result, list(sets or ()))

    # -- read ------------------------------------------------------------------------
    @property
    def total_seconds(self) -> float:
        return sum(self.times.values())

    @property
    def compute_ops_before(self) -> int:
        return self.ops_before - self.token_ops_before

    @property
    def compute_ops_after(self) -> int:
        return self.ops_after - self.token_ops_after

    def rewrites(self) -> dict[str, Any]:
        """The matched rules, told apart: `applied`, the rewrites whose result is in the
        output (rule, set, matches, and where: line, op and value of the output's
        text); `not_chosen`, rewrites that matched but extraction kept something else;
        `analysis`, the rules that derive facts or move token orderings (count per
        set). A rewrite counts as applied when the op its right side builds is new in
        the output, or, for one that folds its match away, when the op it matched is
        rarer in the output than in the input."""
        if self._explained is None:
            self._explained = _explain(self.matches, self._sources)
        return self._explained

    def decisions(self) -> dict[str, Any]:
        """Everything the report says except times: what saturation, extraction and
        clean-up decided. Equal for equal inputs on any machine."""
        return {"rules": list(self.rules), "matches": dict(sorted(self.matches.items())),
                "iterations": self.iterations, "bounded_iterations": self.bounded_iterations,
                "stop_reason": self.stop_reason, "eclasses": self.eclasses,
                "enodes": self.enodes, "folds": self.folds,
                "cost_before": self.cost_before, "cost_after": self.cost_after,
                "ops_before": self.ops_before, "ops_after": self.ops_after,
                "token_ops_before": self.token_ops_before,
                "token_ops_after": self.token_ops_after,
                "fallback": self.fallback, "not_cheaper": self.not_cheaper,
                "alias_model": self.alias_model,
                "token_facts": self.token_facts, "cleanup": dict(self.cleanup),
                "versioning": self.versioning}

    def to_json(self) -> dict[str, Any]:
        """The report as `eqsat opt --json` prints it (`REPORT_SCHEMA`): only the rules
        that matched; what they did under `rewrites`."""
        return {"schema": SCHEMA_ID,
                "rules": list(self.rules),
                "matches": {n: c for n, c in sorted(self.matches.items()) if c},
                "rewrites": self.rewrites(),
                "iterations": self.iterations, "bounded_iterations": self.bounded_iterations,
                "stop_reason": self.stop_reason, "eclasses": self.eclasses,
                "enodes": self.enodes, "folds": self.folds,
                "ops": {"before": self.ops_before, "after": self.ops_after,
                        "compute_before": self.compute_ops_before,
                        "compute_after": self.compute_ops_after,
                        "token_before": self.token_ops_before,
                        "token_after": self.token_ops_after,
                        "tokens_made_explicit": self.tokens_made_explicit},
                "cost": {"model": self.cost_model, "unit": self.cost_unit,
                         "models": self.cost_models, "before": self.cost_before,
                         "after": self.cost_after},
                "fallback": self.fallback, "not_cheaper": self.not_cheaper,
                "alias_model": self.alias_model, "token_facts": self.token_facts,
                "cleanup": {k: v for k, v in sorted(self.cleanup.items()) if v},
                "versioning": self.versioning, "unchecked": list(self.unchecked),
                "times": dict(self.times), "total_seconds": self.total_seconds}

    @property
    def tokens_made_explicit(self) -> bool:
        """The input had no tokens (program order) and the output orders memory with
        them: the token ops it gained are that order written down, not extra work."""
        return not self.input_tokenized and self.token_ops_after > 0

    def summary(self, verbose: bool = False) -> str:
        """The report for a person; `verbose` adds every rule's match count."""
        lines = [
            f"rules: {', '.join(self.rules) or '(none)'}",
            f"saturation: {self.iterations} iterations"
            + (f" ({self.bounded_iterations} bounded near a cap)" if self.bounded_iterations
               else "") + f", stopped: {self.stop_reason}",
            f"e-graph: {self.eclasses} e-classes, {self.enodes} e-nodes",
            f"ops: {self.ops_before} -> {self.ops_after} (compute {self.compute_ops_before} "
            f"-> {self.compute_ops_after}, token {self.token_ops_before} -> "
            f"{self.token_ops_after})",
        ]
        if self.tokens_made_explicit:
            lines.append(f"tokens made explicit: the input had no memory tokens (it means "
                         f"program order); the output states that order with "
                         f"{self.token_ops_after} token op(s) and token operands, which "
                         "cost nothing to run")
        unit = f" {self.cost_unit}" if self.cost_unit else ""
        lines.append(f"cost ({self.cost_model}): {self.cost_before:.1f} -> "
                     f"{self.cost_after:.1f}{unit}"
                     + (f" (models {self.cost_models})" if self.cost_models else ""))
        lines += [f"aliasing: {self.alias_model}",
                  "time: " + ", ".join(f"{k} {v * 1e3:.0f} ms" for k, v in self.times.items())]
        if self.fallback:
            lines.append(f"fallback: {self.fallback}")
        if self.not_cheaper:
            lines.append(f"extractions not cheaper than the input: {self.not_cheaper}")
        if self.unchecked:
            lines.append(f"unchecked rule sets: {', '.join(self.unchecked)}")
        if self.proofs:
            lines.append(f"registered rules: {'; '.join(self.proofs)}")
        if "contract" in self.rules:
            lines.append("contraction: on (a*b+c may become fma, rounded once: results may "
                         "differ from the input's)")
        rw = self.rewrites()
        if rw["applied"]:
            lines.append("rewrites in the output: " + "; ".join(
                f"{a['rule']} {a['matches']}" + (" (" + ", ".join(
                    f"line {w['line']}: {w['op']}" + (f" %{w['value']}" if w['value'] else "")
                    for w in a["where"][:WHERE_SHOWN])
                    + (", ..." if len(a["where"]) > WHERE_SHOWN else "") + ")"
                    if a["where"] else "")
                for a in rw["applied"]))
        if rw["not_chosen"]:
            lines.append("matched, not in the output: " + ", ".join(
                f"{a['rule']} {a['matches']}" for a in rw["not_chosen"]))
        an = rw["analysis"]
        if an["matches"]:
            per = ", ".join(f"{s} {n}" for s, n in an["by_set"].items())
            lines.append(f"analysis and token ordering: {an['rules']} rules, {an['matches']} "
                         f"matches ({per})" + ("" if verbose else "; --verbose lists them"))
        if verbose:
            fired = sorted(((n, c) for n, c in self.matches.items() if c),
                           key=lambda kv: (-kv[1], kv[0]))
            if fired:
                lines.append("rule matches: " + ", ".join(f"{n} {c}" for n, c in fired))
        if self.folds:
            lines.append(f"constant folds: {self.folds}")
        done = {k: v for k, v in self.cleanup.items() if v}
        if done:
            lines.append("clean-up: " + ", ".join(f"{k} {v}" for k, v in done.items()))
        if self.versioning:
            lines.append(self.versioning)
        return "\n".join(lines)


def _explain(matches: dict[str, int], sources: tuple[Kernel, Kernel, list[Any]] | None
             ) -> dict[str, Any]:
    from eqsat.ir.printer import Printer
    from eqsat.rules.catalogue import rewrite_ops

    fired = {n: c for n, c in matches.items() if c}
    out: dict[str, Any] = {"applied": [], "not_chosen": [],
                           "analysis": {"rules": 0, "matches": 0, "by_set": {}}}
    if sources is None:
        # no input to compare with: every match is listed as analysis of unknown sets
        out["analysis"] = {"rules": len(fired), "matches": sum(fired.values()),
                           "by_set": {"unknown": sum(fired.values())} if fired else {}}
        return out
    kernel, result, sets = sources
    set_of = {r.name: rs.name for rs in sets for r in rs}
    ops = rewrite_ops(sets)
    in_count = Counter(op.name for op in kernel.walk())
    out_count = Counter(op.name for op in result.walk())
    in_kind = {r.name: op.name for op in kernel.walk() for r in op.results if r.name}
    pr = Printer()
    pr.kernel(result)
    new_ops: dict[str, list[dict[str, Any]]] = {}
    for op in result.walk():
        if op.results and not any(in_kind.get(r.name or "") == op.name for r in op.results):
            new_ops.setdefault(op.name, []).append(
                {"line": pr.op_lines.get(id(op), 0), "op": op.name,
                 "value": op.results[0].name or ""})
    by_set: Counter[str] = Counter()
    n_analysis = 0
    for name, count in sorted(fired.items(), key=lambda kv: (-kv[1], kv[0])):
        where = set_of.get(name, "core")              # core runs with every selection
        if name not in ops:
            by_set[where] += count
            n_analysis += 1
            continue
        lhs, rhs = ops[name]
        spots: list[dict[str, Any]] = []
        if rhs is not None and rhs != lhs:
            spots = new_ops.get(rhs, [])
            applied = bool(spots) or out_count[rhs] > in_count[rhs]
        elif rhs is None and lhs is not None:
            applied = out_count[lhs] < in_count[lhs]
        else:
            applied = False
        row = {"rule": name, "set": where, "matches": count}
        if applied:
            out["applied"].append({**row, "where": sorted(spots, key=lambda w: w["line"])})
        else:
            out["not_chosen"].append(row)
    out["analysis"] = {"rules": n_analysis, "matches": sum(by_set.values()),
                       "by_set": dict(sorted(by_set.items()))}
    return out


_COUNT = {"type": "integer", "minimum": 0}
_WHERE = {"type": "object", "required": ["line", "op", "value"], "additionalProperties": False,
          "properties": {"line": _COUNT, "op": {"type": "string"},
                         "value": {"type": "string"}}}
_ROW = {"rule": {"type": "string"}, "set": {"type": "string"}, "matches": _COUNT}

# the JSON Schema of `Report.to_json()` (docs/report.schema.json is this, written out)
REPORT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": SCHEMA_ID,
    "title": "eqsat optimize report",
    "description": "What `eqsat opt --json` prints under `report` (one per entry).",
    "type": "object",
    "additionalProperties": False,
    "required": ["schema", "rules", "matches", "rewrites", "iterations", "bounded_iterations",
                 "stop_reason", "eclasses", "enodes", "folds", "ops", "cost", "fallback",
                 "not_cheaper", "alias_model", "token_facts", "cleanup", "versioning",
                 "unchecked", "times", "total_seconds"],
    "properties": {
        "schema": {"const": SCHEMA_ID},
        "rules": {"type": "array", "items": {"type": "string"},
                  "description": "the rule sets run, in order"},
        "matches": {"type": "object", "additionalProperties": {"type": "integer",
                                                                "minimum": 1},
                    "description": "matches per rule, only rules that matched"},
        "rewrites": {
            "type": "object", "additionalProperties": False,
            "required": ["applied", "not_chosen", "analysis"],
            "properties": {
                "applied": {"type": "array", "items": {
                    "type": "object", "additionalProperties": False,
                    "required": ["rule", "set", "matches", "where"],
                    "properties": {**_ROW, "where": {"type": "array", "items": _WHERE}}},
                    "description": "rewrites whose result is in the output, and where"},
                "not_chosen": {"type": "array", "items": {
                    "type": "object", "additionalProperties": False,
                    "required": ["rule", "set", "matches"], "properties": _ROW},
                    "description": "rewrites that matched but extraction kept the input's"},
                "analysis": {"type": "object", "additionalProperties": False,
                             "required": ["rules", "matches", "by_set"],
                             "properties": {"rules": _COUNT, "matches": _COUNT,
                                            "by_set": {"type": "object",
                                                       "additionalProperties": _COUNT}}}}},
        "iterations": _COUNT, "bounded_iterations": _COUNT,
        "stop_reason": {"type": "string"}, "eclasses": _COUNT, "enodes": _COUNT,
        "folds": _COUNT,
        "ops": {"type": "object", "additionalProperties": False,
                "required": ["before", "after", "compute_before", "compute_after",
                             "token_before", "token_after", "tokens_made_explicit"],
                "properties": {"before": _COUNT, "after": _COUNT, "compute_before": _COUNT,
                               "compute_after": _COUNT, "token_before": _COUNT,
                               "token_after": _COUNT,
                               "tokens_made_explicit": {"type": "boolean"}},
                "description": "ops but terminators; token ops are make_token and "
                               "join_tokens, compute ops the rest"},
        "cost": {"type": "object", "additionalProperties": False,
                 "required": ["model", "unit", "models", "before", "after"],
                 "properties": {"model": {"type": "string"}, "unit": {"type": "string"},
                                "models": {"type": "string"},
                                "before": {"type": ["number", "string"]},
                                "after": {"type": ["number", "string"]}}},
        "fallback": {"type": ["string", "null"]}, "not_cheaper": _COUNT,
        "alias_model": {"type": "string"}, "token_facts": _COUNT,
        "cleanup": {"type": "object", "additionalProperties": _COUNT},
        "versioning": {"type": "string"},
        "unchecked": {"type": "array", "items": {"type": "string"}},
        "times": {"type": "object", "additionalProperties": {"type": "number"}},
        "total_seconds": {"type": "number"},
    },
}


@dataclass
class Result:
    """The optimized kernel and its report; unpacks as `kernel, report = optimize(k)`."""
    kernel: Kernel
    report: Report

    def __iter__(self) -> Iterator[Any]:
        yield self.kernel
        yield self.report


__all__ = ["Report", "Result", "REPORT_SCHEMA", "SCHEMA_ID"]
