"""`optimize(kernel)`: the stages from a kernel to its optimized form, in order.

encode -> the program as encoded -> saturate -> extract, where each candidate goes
through decode -> guarded-op sinking (`egraph.sinking`) -> assume placement
(`passes.assumes`) -> token clean-up (`passes.cleanup`, then `passes.loop_tokens`'s
splits, each settled by clean-up again) and is priced -> never dearer
-> versioning (`passes.versioning`, when asked for).

The result is always a valid kernel: if a construct cannot be encoded, the kernel
comes back unchanged; if a cap stops saturation, the best program found so far is
extracted; if extraction or decoding ever produced an invalid kernel, the program as
encoded (no rewrites) is returned. The report says which happened.

Extraction minimizes the cost model's `kernel_cost` of the program a choice of
e-nodes decodes to (after clean-up), and the program as encoded is one of the
choices it prices (carried into the saturated e-graph, and where that holds nothing
as cheap, from the e-graph as encoded), so the report's "cost after" is the value
extraction chose by and never exceeds "cost before". Were it ever to, the program as
encoded comes back and the report counts it (`not_cheaper`); with
`EQSAT_STRICT_EXTRACTION` set, as the tests set it, it raises instead.
"""
from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any

import eqsat.rules as rules_pkg
from eqsat.analysis.params import array_params
from eqsat.egraph.cost import DEFAULT, CostModel
from eqsat.egraph.decode import DecodeError, decode
from eqsat.egraph.egg import EGraph
from eqsat.egraph.encode import EncodeError, Encoding, encode
from eqsat.egraph.extract import Choice, Extractor, carry_over, extract
from eqsat.egraph.params import param_facts
from eqsat.egraph.saturate import Limits, Prepared, saturate
from eqsat.egraph.sinking import sink_guarded
from eqsat.egraph.view import EGraphView, view
from eqsat.errors import EqsatError
from eqsat.ir.core import Kernel
from eqsat.ir.verify import verify
from eqsat.memory.alias import alias_model
from eqsat.memory.conflict import Conflicts
from eqsat.memory.relations import LoopParallel, check_loop_parallel
from eqsat.passes.assumes import place as place_assumes
from eqsat.passes.cleanup import CleanupStats, settle
from eqsat.passes.loop_tokens import split_carried_tokens
from eqsat.passes.versioning import version, version_signature
from eqsat.pipeline.report import Report, Result
from eqsat.rules import Selection

# set (to anything) to make an extraction dearer than the program as encoded raise
# instead of falling back: the tests set it, since extraction prices that program too
STRICT_ENV = "EQSAT_STRICT_EXTRACTION"


def optimize(kernel: Kernel, *, rules: Selection = "default",
             cost_model: CostModel | None = None, limits: Limits | None = None,
             noalias: bool = False,
             alias_groups: Mapping[int | str, Any] | None = None,
             versioning: bool = False,
             on_saturated: Callable[[EGraph], None] | None = None,
             loop_parallel: LoopParallel = "all") -> Result:
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
    dump it); not called when the kernel could not be encoded. The e-graph is lent for
    the call only: it is a template the next kernel reuses, emptied afterwards.
    `loop_parallel`: "all" (default) lets the token rules use every proof that a loop's
    iterations touch disjoint memory; "view-stores" only a view store's own, as cuTile
    does (`eqsat.memory.relations.LOOP_PARALLEL`). Both orders mean the same; the compile
    path tries both where they differ and lets tileiras' code size choose.
    """
    return _optimize(kernel, rules, cost_model, limits, noalias, alias_groups, versioning,
                     on_saturated, loop_parallel)


def _optimize(kernel: Kernel, rules: Selection, cost_model: CostModel | None,
              limits: Limits | None, noalias: bool,
              alias_groups: Mapping[int | str, Any] | None, versioning: bool,
              on_saturated: Callable[[EGraph], None] | None,
              loop_parallel: LoopParallel) -> Result:
    run = _Run(kernel, rules, cost_model, limits, noalias, alias_groups, loop_parallel)
    with rules_pkg.rule_graph(run.sets).open() as prepared:
        enc = run.encode(prepared)
        if enc is None:
            return run.unchanged()
        start = run.as_encoded(enc)
        if start is None:
            return run.unchanged()
        run.saturate(enc, prepared)
        if on_saturated is not None:
            on_saturated(enc.egraph)
            run.restart_clock()
        saturated = run.read(enc)
    result = run.extract(enc, start, saturated)
    result = run.never_dearer(result)
    if versioning:
        result = run.version(result, again=lambda k: optimize(
            k, rules=rules, cost_model=run.model, limits=run.limits, noalias=noalias,
            alias_groups=alias_groups, loop_parallel=loop_parallel).kernel)
    return run.finish(result)


class _Run:
    """One optimization's state, stage by stage; each stage laps its own time."""

    def __init__(self, kernel: Kernel, rules: Selection, cost_model: CostModel | None,
                 limits: Limits | None, noalias: bool,
                 alias_groups: Mapping[int | str, Any] | None,
                 loop_parallel: LoopParallel = "all") -> None:
        if not isinstance(kernel, Kernel):
            raise TypeError(f"optimize() takes a Kernel, not {type(kernel).__name__}")
        self.model = DEFAULT if cost_model is None else cost_model
        if not isinstance(self.model, CostModel):
            raise TypeError("cost_model must be an eqsat.egraph.cost.CostModel")
        self.limits = Limits() if limits is None else limits
        if not isinstance(self.limits, Limits):
            raise TypeError("limits must be an eqsat.egraph.saturate.Limits")
        if alias_groups is not None and not isinstance(alias_groups, Mapping):
            raise TypeError("alias_groups must map parameters (index or name) to group names")
        self.loop_parallel = check_loop_parallel(loop_parallel)
        try:
            self.sets = rules_pkg.resolve(rules)
        except KeyError as e:
            raise EqsatError(str(e.args[0])) from None
        self.kernel = kernel
        self.noalias, self.alias_groups = noalias, alias_groups
        self.rep = Report(rules=[rs.name for rs in self.sets],
                          cost_model=getattr(self.model, "name", "custom"),
                          cost_unit=getattr(self.model, "unit", ""),
                          cost_models=getattr(self.model, "models", ""))
        self.rep.unchecked = rules_pkg.vouch(self.sets)      # checks unregistered sets
        self.rep.proofs = [f"{r}: {how}" for rs in self.sets if rs.trust == "checked"
                           for r, how in rs.proofs.items()]
        self.rep.count_before(kernel)
        self.prefer = rules_pkg.preferred_ops(self.sets)
        self.weakens_tokens = any(rs.weakens_tokens for rs in self.sets)
        self.facts, self.rep.alias_model = alias_model(kernel, noalias=noalias,
                                                       alias_groups=alias_groups)
        self.baseline = kernel
        self.restart_clock()

    def restart_clock(self) -> None:
        self._t = time.perf_counter()

    def lap(self, phase: str) -> None:
        now = time.perf_counter()
        self.rep.times[phase] = self.rep.times.get(phase, 0.0) + now - self._t
        self._t = now

    def unchanged(self) -> Result:
        """The input back, when it could not be encoded or decoded."""
        self.rep.count_after(self.kernel)
        self.rep.cost_before = self.rep.cost_after = self.model.kernel_cost(self.kernel)
        return Result(self.kernel, self.rep)

    def encode(self, prepared: Prepared) -> Encoding | None:
        """Stage 1: the kernel and the facts its signature states, in the e-graph."""
        try:
            enc = encode(self.kernel, alias=self.facts, egraph=prepared.egraph,
                         loop_parallel=self.loop_parallel, more_facts=param_facts)
        except EncodeError as e:
            self.lap("encode")
            self.rep.fallback = f"not encoded: {e}"
            self.rep.stop_reason = "not run"
            return None
        self.lap("encode")
        self.rep.token_facts = enc.token_facts
        return enc

    def as_encoded(self, enc: Encoding) -> tuple[EGraphView, Choice] | None:
        """Stage 2: the program as encoded: the "before" cost, the fallback and one of
        the candidates extraction prices."""
        try:
            v0 = view(enc)
            sel0 = extract(enc, v0, self.model)
            self.baseline = _program(enc, v0, sel0)
        except (DecodeError, ValueError) as e:           # pragma: no cover - engine bug
            self.lap("extract")
            self.rep.fallback = f"baseline not decodable: {e}"
            return None
        self.rep.cost_before = self.model.kernel_cost(self.baseline)
        self.lap("extract")
        return v0, sel0

    def saturate(self, enc: Encoding, prepared: Prepared) -> None:
        """Stage 3: the rules, under count budgets."""
        st = saturate(enc, prepared, self.limits, as_encoded=True)
        self.lap("saturate")
        if st.stop_reason == "rule error":
            raise EqsatError(rules_pkg.describe_rule_error(self.sets,
                                                           st.error or "unknown error"))
        rep = self.rep
        rep.iterations, rep.stop_reason, rep.matches, rep.folds = (
            st.iterations, st.stop_reason, st.matches, st.folds)
        rep.bounded_iterations = st.bounded
        if st.error:
            rep.stop_reason += f" ({st.error})"

    def read(self, enc: Encoding) -> EGraphView | None:
        """Stage 4: the saturated e-graph as extraction reads it (None: unreadable)."""
        try:
            v = view(enc)
        except (DecodeError, ValueError, EqsatError) as e:   # pragma: no cover - engine bug
            self.rep.fallback = f"extraction failed, returning the program as encoded: {e}"
            v = None
        self.lap("extract")
        return v

    def extract(self, enc: Encoding, start: tuple[EGraphView, Choice],
                v: EGraphView | None) -> Kernel:
        """Stage 5: the cheapest program under the one objective, decoded and cleaned."""
        v0, sel0 = start
        self.rep.cost_after = self.rep.cost_before
        if v is None:
            return self.baseline
        try:
            self.rep.eclasses, self.rep.enodes = v.n_classes, v.n_nodes
            candidates = _Candidates(self, enc, v)
            sel = Extractor(enc, v, self.model, prefer=self.prefer).minimize(
                candidates.cost, starts=[carry_over(v0, sel0, v)], good=self.rep.cost_before)
            self.lap("extract")
            if sel.objective is None or math.isinf(sel.objective):
                raise ValueError("no candidate program decodes to a valid kernel")
            result, self.rep.cleanup = candidates.made[_key(sel)]
            self.rep.cost_after = sel.objective
            if sel.objective > self.rep.cost_before + 1e-9:
                result, self.rep.cleanup, self.rep.cost_after = self.as_encoded_cleaned(
                    enc, start, (result, self.rep.cleanup, sel.objective))
        except (DecodeError, ValueError, EqsatError) as e:
            self.rep.fallback = f"extraction failed, returning the program as encoded: {e}"
            result = self.baseline
            self.rep.cost_after = self.rep.cost_before
        self.lap("decode")
        return result

    def as_encoded_cleaned(self, enc: Encoding, start: tuple[EGraphView, Choice],
                           best: tuple[Kernel, dict[str, int], float]
                           ) -> tuple[Kernel, dict[str, int], float]:
        """The program as encoded, decoded from the e-graph as encoded and cleaned up, if
        cheaper than `best` (a program, its clean-up counts and its cost). The saturated
        e-graph need not hold that program at its cost: where saturation proved a value
        computed in a loop equal to one that is not (`iv rem 2` of an even counter is 0),
        the two share a class, and decoding computes it once outside the loop, which is
        dearer where the loop runs no iteration. So the search there may find nothing as
        cheap, and this candidate is priced where it is exact."""
        v0, sel0 = start
        encoded = _Candidates(self, enc, v0)
        cost = encoded.cost(sel0)
        if cost < best[2] - 1e-9:
            kernel, stats = encoded.made[_key(sel0)]
            return kernel, stats, cost
        return best

    def decode(self, enc: Encoding, v: EGraphView, sel: Choice) -> tuple[Kernel, dict[str, int]]:
        """A selection as a kernel, with the token plumbing cleaned up (`rules="none"`
        returns the program as encoded: no clean-up)."""
        k = _program(enc, v, sel)
        verify(k)
        if not self.sets:
            return k, {}
        order: Conflicts | None = None
        if self.weakens_tokens:
            out_facts, _ = alias_model(k, noalias=self.noalias, alias_groups=self.alias_groups)
            order = Conflicts(out_facts)
        done = CleanupStats()
        exact = settle(k, order, done)
        if exact and order is not None:     # then settled again after each split
            split_carried_tokens(k, order, done)
        verify(k)
        return k, {f.name: getattr(done, f.name) for f in fields(done)}

    def never_dearer(self, result: Kernel) -> Kernel:
        """Stage 6: the program as encoded is a candidate, so extraction is never dearer; if it
        were, that program comes back and the report counts it (raises under
        `EQSAT_STRICT_EXTRACTION`)."""
        rep = self.rep
        if rep.cost_after <= rep.cost_before + 1e-9:
            return result
        rep.not_cheaper += 1
        why = (f"the extracted program was not cheaper ({rep.cost_after:.2f} > "
               f"{rep.cost_before:.2f}); returning the program as encoded")
        if os.environ.get(STRICT_ENV):
            raise EqsatError(f"{self.kernel.name}: {why}")
        rep.fallback = why
        rep.cost_after = rep.cost_before
        return self.baseline

    def version(self, result: Kernel, again: Callable[[Kernel], Kernel]) -> Kernel:
        """Stage 7 (asked for): a fast copy where sizes and strides are vector multiples."""
        self.restart_clock()
        if array_params(self.kernel):      # signature facts: optimize a fast copy too
            result, done = version_signature(self.kernel, result, again, self.model)
        else:                              # no signature: version the views we have
            result, done = version(result, self.model)
        self.rep.versioning = done.summary()
        if done.applied:
            verify(result)
        self.lap("versioning")
        return result

    def finish(self, result: Kernel) -> Result:
        """Stage 8: the result and its report."""
        self.rep.count_after(result, self.kernel, self.sets)
        return Result(result, self.rep)


class _Candidates:
    """What extraction minimizes: the cost of the program a selection decodes to, after
    guarded-op sinking, assume placement and token clean-up (`_Run.decode`); each
    program is kept, so the chosen one is not decoded again."""

    def __init__(self, run: _Run, enc: Encoding, v: EGraphView) -> None:
        self.run, self.enc, self.v = run, enc, v
        self.made: dict[tuple[tuple[str, str], ...], tuple[Kernel, dict[str, int]]] = {}

    def cost(self, sel: Choice) -> float:
        run = self.run
        run.lap("extract")
        try:
            k, stats = run.decode(self.enc, self.v, sel)
        except (DecodeError, ValueError, EqsatError):
            run.lap("decode")
            return math.inf
        self.made[_key(sel)] = (k, stats)
        cost = run.model.kernel_cost(k)
        run.lap("decode")
        return cost


def _key(sel: Choice) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(sel.choice.items()))


def _program(enc: Encoding, v: EGraphView, sel: Choice) -> Kernel:
    """The post-decode passes every candidate goes through: guarded ops back under their
    users, then what the analyses prove written as assumes (widths are priced from them)."""
    decoded = decode(enc, v, sel)
    sink_guarded(decoded.kernel)
    return place_assumes(enc, v, decoded)


__all__ = ["optimize", "alias_model", "Result", "Report", "STRICT_ENV"]
