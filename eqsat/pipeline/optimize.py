"""`optimize(kernel)`: encode, saturate, extract under a cost model, decode.

The result is always a valid kernel: if a construct cannot be encoded, the kernel
comes back unchanged; if a cap stops saturation, the best program found so far is
extracted; if extraction or decoding ever produced an invalid kernel, the program as
encoded (no rewrites) is returned. The report says which happened.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from egglog import EGraph, Ruleset, Schedule
from egglog import ruleset as egg_ruleset

import eqsat.rules as rules_pkg
from eqsat.analysis.params import array_params
from eqsat.egraph.cost import DEFAULT, CostModel
from eqsat.egraph.decode import DecodeError, decode
from eqsat.egraph.encode import EncodeError, encode
from eqsat.egraph.extract import extract, view
from eqsat.egraph.params import seed_param_facts
from eqsat.egraph.saturate import Limits, saturate
from eqsat.errors import EqsatError
from eqsat.ir.core import Kernel
from eqsat.ir.verify import verify
from eqsat.memory.alias import alias_model
from eqsat.memory.conflict import Conflicts
from eqsat.passes.cleanup import cleanup
from eqsat.passes.versioning import version, version_signature
from eqsat.rules import Selection


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
    cost_model: str = ""
    alias_model: str = ""                  # where the alias facts came from
    token_facts: int = 0                   # facts the token rules could read
    cleanup: dict[str, int] = field(default_factory=dict)   # what clean-up removed
    versioning: str = ""                   # what divisibility versioning did, if asked
    unchecked: list[str] = field(default_factory=list)   # rule sets no check vouches for

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
                "fallback": self.fallback, "alias_model": self.alias_model,
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
        if self.unchecked:
            lines.append(f"unchecked rule sets: {', '.join(self.unchecked)}")
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


def _count_ops(k: Kernel) -> int:
    return sum(1 for _ in k.walk())


def optimize(kernel: Kernel, *, rules: Selection = "default",
             cost_model: CostModel | None = None, limits: Limits | None = None,
             noalias: bool = False,
             alias_groups: Mapping[int | str, Any] | None = None,
             versioning: bool = False,
             on_saturated: Callable[[EGraph], None] | None = None) -> Result:
    """Optimize a kernel by equality saturation.

    `rules`: a rule-set name, comma-separated names, a `eqsat.rules.RuleSet`, or a list of
    those ("default", "none", "algebra,fold", ...). `cost_model`: a
    `eqsat.egraph.cost.CostModel` (default: the H100 model). `limits`: an
    `eqsat.egraph.saturate.Limits` (iterations, e-nodes, seconds).
    `noalias`: array parameters without a declared alias group never alias each
    other (what cuTile specializes on). `alias_groups`: parameter index or name ->
    group name(s); two arrays sharing a group may overlap (see `alias_model`).
    `versioning`: add a fast copy of the kernel, taken when the sizes and strides that
    limit its view accesses are multiples of the vector width (`eqsat.passes.versioning`);
    worth it for tileiras, which then proves 128-bit accesses on that path.
    `on_saturated`: called with the saturated e-graph before extraction (to inspect or
    dump it); not called when the kernel could not be encoded.
    """


    if not isinstance(kernel, Kernel):
        raise TypeError(f"optimize() takes a Kernel, not {type(kernel).__name__}")
    model = DEFAULT if cost_model is None else cost_model
    if not isinstance(model, CostModel):
        raise TypeError("cost_model must be an eqsat.egraph.cost.CostModel")
    lim = Limits() if limits is None else limits
    if not isinstance(lim, Limits):
        raise TypeError("limits must be an eqsat.egraph.saturate.Limits")
    try:
        sets = rules_pkg.resolve(rules)
    except KeyError as e:
        raise EqsatError(str(e.args[0])) from None
    rep = Report(rules=[rs.name for rs in sets], cost_model=getattr(model, "name", "custom"))
    rep.unchecked = rules_pkg.unchecked(sets)
    prefer = rules_pkg.preferred_ops(sets)
    rep.ops_before = _count_ops(kernel)
    if alias_groups is not None and not isinstance(alias_groups, Mapping):
        raise TypeError("alias_groups must map parameters (index or name) to group names")
    facts, rep.alias_model = alias_model(kernel, noalias=noalias, alias_groups=alias_groups)
    t = time.perf_counter()

    def lap(phase: str) -> None:
        nonlocal t
        now = time.perf_counter()
        rep.times[phase] = rep.times.get(phase, 0.0) + now - t
        t = now

    try:
        enc = encode(kernel, alias=facts)
        seed_param_facts(enc)
    except EncodeError as e:
        lap("encode")
        rep.fallback = f"not encoded: {e}"
        rep.stop_reason = "not run"
        rep.ops_after = rep.ops_before
        rep.cost_before = rep.cost_after = model.kernel_cost(kernel)
        return Result(kernel, rep)
    lap("encode")
    rep.token_facts = enc.token_facts

    # the program as encoded: the fallback and the "before" cost
    try:
        v0 = view(enc)
        baseline = decode(enc, v0, extract(enc, v0, model))
    except (DecodeError, ValueError) as e:              # pragma: no cover - engine bug
        lap("extract")
        rep.fallback = f"baseline not decodable: {e}"
        rep.ops_after = rep.ops_before
        rep.cost_before = rep.cost_after = model.kernel_cost(kernel)
        return Result(kernel, rep)
    rep.cost_before = model.kernel_cost(baseline)
    lap("extract")

    schedule: Ruleset | Schedule | None = None
    if sets:
        all_rules = [r for rs in [rules_pkg.get("core"), *sets] for r in rs]
        names = [r.name for r in all_rules]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise EqsatError(f"rule names must be unique across rule sets: {dup}")
        try:
            schedule = egg_ruleset(*[r.egglog() for r in all_rules], name="eqsat")
            tokens = [rs for rs in sets if rs.name == "tokens"]
            if tokens:
                # token facts propagate one level of the token graph per iteration: run
                # them to a fixpoint first in every iteration, so long chains do not
                # spend the iteration budget
                first = [r for rs in [rules_pkg.get("core"), *tokens] for r in rs]
                schedule = egg_ruleset(*[r.egglog() for r in first],
                                       name="eqsat-tokens").saturate() + schedule
        except Exception as e:
            raise EqsatError(f"a rule does not compile: {e}") from None
    st = saturate(enc, schedule, lim)
    if st.stop_reason == "rule error":
        raise EqsatError(rules_pkg.describe_rule_error(sets, st.error or "unknown error"))
    rep.iterations, rep.stop_reason, rep.matches, rep.folds = (
        st.iterations, st.stop_reason, st.matches, st.folds)
    rep.bounded_iterations = st.bounded
    if st.error:
        rep.stop_reason += f" ({st.error})"
    lap("saturate")
    if on_saturated is not None:
        on_saturated(enc.egraph)
        t = time.perf_counter()         # the hook's time is no phase of ours

    result = baseline
    try:
        v = view(enc)
        rep.eclasses, rep.enodes = v.n_classes, v.n_nodes
        sel = extract(enc, v, model, prefer=prefer)
        lap("extract")
        result = decode(enc, v, sel)
        _check(result)
        if sets:                         # rules="none" returns the program as encoded
            order: Conflicts | None = None
            if any(rs.name == "tokens" for rs in sets):
                out_facts, _ = alias_model(result, noalias=noalias, alias_groups=alias_groups)
                order = Conflicts(out_facts)
            done = cleanup(result, order)
            rep.cleanup = {f.name: getattr(done, f.name) for f in fields(done)}
            _check(result)
    except (DecodeError, ValueError, EqsatError) as e:
        rep.fallback = f"extraction failed, returning the program as encoded: {e}"
        result = baseline
    lap("decode")
    rep.cost_after = model.kernel_cost(result)
    if result is not baseline and rep.cost_after > rep.cost_before + 1e-9:
        rep.fallback = "the extracted program was not cheaper; returning the program as encoded"
        result = baseline
        rep.cost_after = rep.cost_before
    if versioning:
        t = time.perf_counter()
        if array_params(kernel):          # signature facts: optimize a fast copy too
            def again(k: Kernel) -> Kernel:
                return optimize(k, rules=rules, cost_model=model, limits=lim,
                                noalias=noalias, alias_groups=alias_groups).kernel
            result, done_v = version_signature(kernel, result, again, model)
        else:                             # no signature: version the views we have
            result, done_v = version(result, model)
        rep.versioning = done_v.summary()
        if done_v.applied:
            _check(result)
        lap("versioning")
    rep.ops_after = _count_ops(result)
    return Result(result, rep)


def _check(k: Kernel) -> None:
    """The decoded kernel must verify (a failure here is an engine bug, caught above)."""
    verify(k)


__all__ = ["optimize", "alias_model", "Result", "Report"]
