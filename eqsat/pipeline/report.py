"""What one optimization did and what it cost: the report `optimize` returns beside the
kernel, with `decisions()` (everything but times: equal for equal inputs anywhere)."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from eqsat.ir.core import Kernel


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
    ops_before: int = 0
    ops_after: int = 0
    stop_reason: str = ""
    fallback: str | None = None            # why a simpler program was returned, if so
    not_cheaper: int = 0                   # extractions dearer than the program as encoded
    cost_model: str = ""
    alias_model: str = ""                  # where the alias facts came from
    token_facts: int = 0                   # facts the token rules could read
    cleanup: dict[str, int] = field(default_factory=dict)   # what clean-up removed
    versioning: str = ""                   # what divisibility versioning did, if asked
    unchecked: list[str] = field(default_factory=list)   # rule sets no check vouches for
    proofs: list[str] = field(default_factory=list)      # registered sets: rule -> status

    @property
    def total_seconds(self) -> float:
        return sum(self.times.values())

    def decisions(self) -> dict[str, Any]:
        """Everything the report says except times: what saturation, extraction and
        clean-up decided. Equal for equal inputs on any machine."""
        return {"rules": list(self.rules), "matches": dict(sorted(self.matches.items())),
                "iterations": self.iterations, "bounded_iterations": self.bounded_iterations,
                "stop_reason": self.stop_reason, "eclasses": self.eclasses,
                "enodes": self.enodes, "folds": self.folds,
                "cost_before": self.cost_before, "cost_after": self.cost_after,
                "ops_before": self.ops_before, "ops_after": self.ops_after,
                "fallback": self.fallback, "not_cheaper": self.not_cheaper,
                "alias_model": self.alias_model,
                "token_facts": self.token_facts, "cleanup": dict(self.cleanup),
                "versioning": self.versioning}

    def summary(self) -> str:
        lines = [
            f"rules: {', '.join(self.rules) or '(none)'}",
            f"saturation: {self.iterations} iterations"
            + (f" ({self.bounded_iterations} bounded near a cap)" if self.bounded_iterations
               else "") + f", stopped: {self.stop_reason}",
            f"e-graph: {self.eclasses} e-classes, {self.enodes} e-nodes",
            f"ops: {self.ops_before} -> {self.ops_after}",
            f"cost ({self.cost_model}): {self.cost_before:.1f} -> {self.cost_after:.1f}",
            f"aliasing: {self.alias_model}",
            "time: " + ", ".join(f"{k} {v * 1e3:.0f} ms" for k, v in self.times.items()),
        ]
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


@dataclass
class Result:
    """The optimized kernel and its report; unpacks as `kernel, report = optimize(k)`."""
    kernel: Kernel
    report: Report

    def __iter__(self) -> Iterator[Any]:
        yield self.kernel
        yield self.report


__all__ = ["Report", "Result"]
