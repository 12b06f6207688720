"""Declarative rule sets for the optimizer, grouped by theme, and the registry users
add their own to.

Built-in sets: `fold` (constant folding), `algebra` (identities, shape folds),
`analysis` (divisibility and bounds, and the rewrites they prove), `tokens`
(memory-token weakening, join algebra, loop-parallel stores), `contract` (a*b+c into
fma: changes rounding, so only when named). `core` (types and constants of every
value) always runs. `default` = fold + algebra + analysis + tokens, every one exact;
`all` = every set but `contract`; `none` = no rewrites at all (encode -> extract ->
decode).

Adding a rule: write it, then `register` it; registration compiles it and proves it
with the SMT solver on every element type and attribute set its pattern admits
(`check_rule`; sampled against the interpreter where the solver cannot express it), and
refuses a rule that is wrong or does not compile::

    from eqsat.rules import RuleSet, register, rewrite
    from eqsat.rules.dsl import terms, muli, shli, iconst, tys

    x, = terms("x"); t, = tys("t")
    mine = RuleSet("mine").add(
        rewrite("muli-four", muli(x, iconst(4, ty=t, elem="i32"), ty=t),
                shli(x, iconst(2, ty=t, elem="i32"), ty=t, attrs={}), prefer=True))
    register(mine)                     # now `--rules default,mine` or rules=["default", mine]

`register(rs, trusted=True)` skips the check; the optimize report then names the set.
Rule sets can also come from other packages: an `eqsat.rules` entry point naming
`module:attr` (a RuleSet, a list of them, or a function returning either), or
`eqsat opt --rules-from module:attr`; both are registered (and checked) like the above.
"""

from __future__ import annotations

if __name__ != "eqsat.rules":
    # imported as a top-level package from a checkout's root: the old name
    raise ModuleNotFoundError(f"'{__name__}' is now 'eqsat.rules' (the eqsat package's own "
                              "subpackage); import 'eqsat.rules'", name=__name__)

import importlib
import importlib.metadata
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from eqsat.egraph import egg
from eqsat.egraph.egg import EggSmolError, EGraph, unstable_combine_rulesets
from eqsat.egraph.egg import ruleset as egg_ruleset
from eqsat.egraph.saturate import RuleGraph
from eqsat.errors import EqsatError
from eqsat.rules.algebra import ALGEBRA, CONTRACT
from eqsat.rules.analysis import ANALYSIS
from eqsat.rules.core import CORE
from eqsat.rules.dsl import Action, Rule, RuleSet, infer, rewrite
from eqsat.rules.fold import FOLD
from eqsat.rules.tokens import TOKENS

_REGISTRY: dict[str, RuleSet] = {}
DEFAULT = ("fold", "algebra", "analysis", "tokens")


def _builtin() -> None:
    if _REGISTRY:
        return
    for rs in (CORE, FOLD, ALGEBRA, ANALYSIS, TOKENS, CONTRACT):
        rs.trust = "builtin"
        _REGISTRY[rs.name] = rs


def _error(message: str) -> Exception:
    return EqsatError(message)


_UNNAMED = {"t": "an unnamed type variable (an op or constant without ty=)",
            "e": "an unnamed element-type variable (an iconst without elem=)",
            "a": "an unnamed attributes variable (an op without attrs=)"}


def _egglog_message(e: Exception) -> str:
    """egglog's message without its empty location line."""
    lines = [ln for ln in str(e).splitlines() if ln.strip() and not ln.startswith("At 0:0")]
    msg = "; ".join(lines) or type(e).__name__
    # egglog names the DSL's unnamed variables (an iconst's element type, an op's type)
    # __tNNN: say what they are instead
    msg = re.sub(r"\b_?_([tea])\d+\b", lambda m: _UNNAMED[m[1]], msg)
    if "Unbound symbol" in msg:
        msg += (" (the right-hand side uses a variable neither the left-hand side nor a "
                "condition binds; an `iconst` without `elem=`, or an op without `ty=`, is "
                "such a fresh variable)")
    return msg


def compile_error(rs: RuleSet) -> tuple[str, str] | None:
    """(rule name, egglog's message) for the first rule of `rs` that egglog rejects when
    it compiles and runs it once on an empty e-graph; None when all pass."""
    def fails(rules: list[Rule | Action]) -> str | None:
        eg = EGraph()
        try:
            eg.run(RuleSet(rs.name, rules).egglog())
        except ValueError:
            raise
        except Exception as e:
            return _egglog_message(e)
        finally:
            egg.release(eg)          # here, not in whichever thread collects it
        return None

    if fails(list(rs.rules)) is None:
        return None
    for r in rs.rules:
        msg = fails([r])
        if msg is not None:
            return r.name, msg
    return rs.name, fails(list(rs.rules)) or "rejected by egglog"


def describe_rule_error(sets: Iterable[RuleSet], message: str) -> str:
    """A run-time rule failure, named: the rule egglog rejects alone if there is one."""
    names = []
    for rs in sets:
        bad = compile_error(rs)
        if bad is not None:
            return f"rule '{bad[0]}' (set '{rs.name}') fails in egglog: {bad[1]}"
        names.append(rs.name)
    return f"a rule failed while saturating (sets: {', '.join(names)}): {message}"


def register(rs: RuleSet, *, trusted: bool = False, context: Any = (), examples: int = 20,
             hints: dict[str, dict[str, Any]] | None = None) -> RuleSet:
    """Make a rule set selectable by name, after compiling it and checking every rewrite
    with `eqsat.rules.soundness.check_rule` (on every element type its pattern admits).
    A rule that does not compile, fails the check or cannot be checked (an `infer`
    rule, a rewrite that never matches) raises `EqsatError` and nothing is registered.
    `trusted=True` skips the numeric check (it still must compile); reports name such
    sets. `context`: rule sets the rules need to match; `hints`: rule name -> extra
    `check_rule` options (`types=`, `dtypes=`). Re-registering a name replaces it."""
    if not isinstance(rs, RuleSet):
        raise TypeError(f"register() takes a RuleSet, not {type(rs).__name__}")
    _builtin()
    if rs.name in ("default", "none", "all"):
        raise ValueError(f"'{rs.name}' is reserved")
    try:
        bad = compile_error(rs)
    except ValueError as e:
        raise _error(f"rule set '{rs.name}' not registered: {e}") from None
    if bad is not None:
        raise _error(f"rule set '{rs.name}' not registered: rule '{bad[0]}' does not compile: "
                     f"{bad[1]}")
    if not trusted:
        why, proofs = _check_set(rs, context, examples, hints)
        if why is not None:
            raise _error(f"rule set '{rs.name}' not registered: {why}")
    else:
        proofs = {r.name: "trusted" for r in rs.rules}
    rs.trust = "trusted" if trusted else "checked"
    rs.proofs = dict(proofs)
    _REGISTRY[rs.name] = rs
    return rs


def rule_status(rs: str | RuleSet) -> dict[str, str]:
    """How each rule of a set is vouched for: "proved" (the SMT solver proved it for every
    type and attribute set it matches), "sampled" (checked on drawn or concrete
    instances: what the solver cannot express; built-in ones are listed with the reason
    in `eqsat.rules.evidence`), "trusted" (registered with trusted=True: not checked)
    or "unchecked" (a set never registered)."""
    from eqsat.rules.evidence import sampled_reason
    if isinstance(rs, str):
        rs = get(rs)
    out = {}
    for r in rs.rules:
        if rs.trust == "builtin":
            out[r.name] = "sampled" if sampled_reason(rs.name, r.name) else "proved"
        elif rs.trust == "trusted":
            out[r.name] = "trusted"
        elif rs.trust == "checked":
            out[r.name] = rs.proofs.get(r.name, "sampled").split(":")[0]
        else:
            out[r.name] = "unchecked"
    return out


# rule text -> why the check refused it (None: passed), for sets checked where used
_CHECKED: dict[tuple[Any, ...], tuple[str | None, dict[str, str]]] = {}
_CHECKED_LOCK = threading.Lock()


def _rule_text(r: Rule | Action) -> tuple[str, ...]:
    if isinstance(r, Rule):
        return (r.name, str(r.lhs), str(r.rhs), *map(str, r.conditions))
    return (r.name, *map(str, r.facts), *map(str, r.actions))


def _check_set(rs: RuleSet, context: Any = (), examples: int = 20,
               hints: dict[str, dict[str, Any]] | None = None
               ) -> tuple[str | None, dict[str, str]]:
    """Why `rs` fails its check (None: every rule passes) and how each rule passed
    (proved, or sampled and why); cached by rule text and the SMT semantics' revision
    (an op given SMT semantics later makes a sampled rule provable)."""
    from eqsat.rules import smt
    key = (tuple(_rule_text(r) for r in rs.rules), tuple(id(c) for c in context), examples,
           repr(sorted((hints or {}).items())), smt.revision())
    with _CHECKED_LOCK:
        if key in _CHECKED:
            return _CHECKED[key]
    # the checker (and the interpreter it runs) loads with the first rule set it checks
    from eqsat.rules.soundness import check_rule
    why: str | None = None
    proofs: dict[str, str] = {}
    analyses: list[Rule | Action] = [r for r in rs.rules if isinstance(r, Action)]
    ctx = ([RuleSet(f"{rs.name}-analyses", analyses)] if analyses else []) + list(context)
    for r in rs.rules:
        if isinstance(r, Action):
            from eqsat.rules.smt_facts import prove
            verdict, detail = prove(r)
            if verdict == "unsupported":       # a token or type rule: the ordering model
                from eqsat.rules import smt_tokens
                verdict2, detail2 = smt_tokens.prove(r)
                if verdict2 != "unsupported":
                    verdict, detail = verdict2, f"in the ordering model: {detail2}"
            if verdict == "proved":
                proofs[r.name] = "proved"
                continue
            if verdict == "refuted":
                why = (f"analysis rule '{r.name}' is unsound {detail} (found by the SMT "
                       "solver)")
            else:
                why = (f"'{r.name}' is an analysis rule the SMT solver cannot prove "
                       f"({detail}); register(..., trusted=True) if you vouch for it")
            break
        res = check_rule(r, context=ctx, examples=examples, **(hints or {}).get(r.name, {}))
        if not res.ok:
            why = (f"{res.message}; fix the rule (or register(..., trusted=True) to vouch "
                   "for it unchecked)")
            break
        proofs[r.name] = res.status if res.method == "proved" else \
            f"{res.status} ({res.reason})"
    with _CHECKED_LOCK:
        _CHECKED[key] = (why, proofs)
    return why, proofs


def vouch(sets: Iterable[RuleSet]) -> list[str]:
    """Check, where they are used, the sets nobody registered: each is compiled and
    checked as `register` would (once per rule text and process) and then counts as
    checked; one that fails, or that holds analysis rules no check can judge, is
    refused with an `EqsatError` saying how to register or trust it. Returns the
    names of the sets used on trust (what the optimize report lists as unchecked)."""
    for rs in sets:
        if rs.trust:
            continue
        bad = compile_error(rs)
        if bad is not None:
            raise _error(f"rule '{bad[0]}' (set '{rs.name}') fails in egglog: {bad[1]}")
        why, proofs = _check_set(rs)
        if why is not None:
            raise _error(f"rule set '{rs.name}' (never registered) was checked where it is "
                         f"used and refused: {why}; eqsat.rules.trust(rule_set) or "
                         "register(rule_set, trusted=True) uses it unchecked")
        rs.trust = "checked"
        rs.proofs = dict(proofs)
    return unchecked(sets)


def trust(rs: RuleSet) -> RuleSet:
    """Vouch for a set without registering it: `optimize` then uses it unchecked and its
    report lists it as trusted (what `register(rs, trusted=True)` does, minus making it
    selectable by name)."""
    if not isinstance(rs, RuleSet):
        raise TypeError(f"trust() takes a RuleSet, not {type(rs).__name__}")
    rs.trust = "trusted"
    rs.proofs = {r.name: "trusted" for r in rs.rules}
    return rs


def unchecked(sets: Iterable[RuleSet]) -> list[str]:
    """Names of the sets no check vouches for: registered trusted, or never registered."""
    out = []
    for rs in sets:
        if rs.trust == "trusted":
            out.append(f"{rs.name} (trusted)")
        elif rs.trust not in ("builtin", "checked"):
            out.append(f"{rs.name} (not registered)")
    return out


def preferred_ops(sets: Iterable[RuleSet]) -> frozenset[str]:
    """Ops the selected sets' preferred rewrites build (extraction favours them in ties)."""
    return frozenset(op for rs in sets for op in rs.preferred_ops())


# -- compiled selections ---------------------------------------------------------------------------
# selection -> its rule sets, their rules when compiled (both by identity) and the RuleGraph
_COMPILED: OrderedDict[tuple[int, ...], tuple[tuple[RuleSet, ...], tuple[tuple[Any, ...], ...],
                                               RuleGraph]] = OrderedDict()
COMPILED_KEEP = 8          # selections kept compiled (least recently used dropped first)
_COMPILED_LOCK = threading.Lock()


def rule_graph(sets: list[RuleSet]) -> RuleGraph:
    """The compiled schedule `optimize` saturates core + `sets` with, registered on an
    e-graph template (`eqsat.egraph.saturate.RuleGraph`). Built once per selection and
    process and reused while the selected sets and their rule lists are the same objects;
    a set registered anew, or a rule added to one, is compiled again.

    The schedule is one ruleset of every rule; the sets whose `phase` is "first" (the
    token rules) run with core to a fixpoint first in every iteration. Each rule is
    registered once (the whole ruleset combines the first phase's with the rest's):
    every copy of a rule is copied again with the template for every kernel, and a rule
    shared by both phases does not match again what the first phase applied.
    """
    chosen = (get("core"), *sets) if sets else ()
    key = tuple(id(rs) for rs in chosen)
    snapshot = tuple(tuple(rs.rules) for rs in chosen)
    with _COMPILED_LOCK:
        hit = _COMPILED.get(key)
        if hit is not None and all(a is b for a, b in zip(hit[0], chosen)) and all(
                len(old) == len(new) and all(x is y for x, y in zip(old, new))
                for old, new in zip(hit[1], snapshot)):
            _COMPILED.move_to_end(key)
            return hit[2]
    try:
        graph = RuleGraph(_schedule(chosen, sets))
    except EggSmolError as e:          # egglog refuses a rule when it registers it
        raise _error(describe_rule_error(sets, str(e).splitlines()[0][:200])) from None
    with _COMPILED_LOCK:
        _COMPILED[key] = (chosen, snapshot, graph)
        while len(_COMPILED) > COMPILED_KEEP:
            _COMPILED.popitem(last=False)
    return graph


def _schedule(chosen: tuple[RuleSet, ...], sets: list[RuleSet]) -> Any:
    """core + `sets` (`chosen`) as the egglog schedule `rule_graph` documents; None for
    no sets. Raises EqsatError when a rule does not compile or egglog rejects it."""
    if not sets:
        return None
    all_rules = [r for rs in chosen for r in rs]
    names = [r.name for r in all_rules]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise _error(f"rule names must be unique across rule sets: {dup}")
    try:
        compiled = {id(r): r.egglog() for r in all_rules}
        if any(rs.phase == "first" for rs in sets):
            first = [r for rs in chosen if rs is chosen[0] or rs.phase == "first" for r in rs]
            taken = {id(r) for r in first}
            head = egg_ruleset(*[compiled[id(r)] for r in first], name="eqsat-tokens")
            rest = egg_ruleset(*[compiled[id(r)] for r in all_rules if id(r) not in taken],
                               name="eqsat-rest")
            schedule: Any = head.saturate() + unstable_combine_rulesets(head, rest, name="eqsat")
        else:
            schedule = egg_ruleset(*[compiled[id(r)] for r in all_rules], name="eqsat")
    except Exception as e:
        raise _error(f"a rule does not compile: {e}") from None
    return schedule


# -- rule sets from other packages ---------------------------------------------------------------
ENTRY_POINT_GROUP = "eqsat.rules"
_PLUGINS_LOADED = False


def _as_sets(obj: Any, where: str) -> list[RuleSet]:
    if callable(obj) and not isinstance(obj, RuleSet):
        obj = obj()
    if isinstance(obj, RuleSet):
        return [obj]
    if isinstance(obj, (list, tuple)) and obj and all(isinstance(o, RuleSet) for o in obj):
        return list(obj)
    raise _error(f"{where}: expected a RuleSet, a list of them or a function returning "
                 f"either, got {type(obj).__name__}")


def load_from(target: str) -> list[RuleSet]:
    """Import `module:attr` and register the rule set(s) it names (checked)."""
    mod_name, sep, attr = target.partition(":")
    if not sep or not mod_name or not attr:
        raise _error(f"--rules-from '{target}': expected module:attr")
    try:
        obj: Any = importlib.import_module(mod_name)
        for part in attr.split("."):
            obj = getattr(obj, part)
    except ImportError as e:
        raise _error(f"--rules-from '{target}': cannot import '{mod_name}': {e}") from None
    except AttributeError:
        raise _error(f"--rules-from '{target}': '{mod_name}' has no '{attr}'") from None
    sets = _as_sets(obj, target)
    for rs in sets:
        if _REGISTRY.get(rs.name) is not rs:
            register(rs)
    return sets


def load_plugins() -> list[str]:
    """Register the rule sets of every installed `eqsat.rules` entry point (once per
    process; in entry point name order); returns the names of the sets they gave."""
    global _PLUGINS_LOADED
    _builtin()
    if _PLUGINS_LOADED:
        return []
    _PLUGINS_LOADED = True
    names: list[str] = []
    found = importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)
    for ep in sorted(found, key=lambda e: (e.name, e.value)):
        try:
            obj = ep.load()
        except Exception as e:
            raise _error(f"rule plugin '{ep.name}' ({ep.value}) does not load: {e}") from None
        for rs in _as_sets(obj, f"rule plugin '{ep.name}' ({ep.value})"):
            if _REGISTRY.get(rs.name) is not rs:
                register(rs)
            names.append(rs.name)
    return names


def describe() -> list[tuple[str, str]]:
    """(name, doc) of every selectable rule set, plugins included."""
    load_plugins()
    return [(n, _REGISTRY[n].doc or "") for n in available()]


def available() -> list[str]:
    _builtin()
    return sorted(_REGISTRY)


def get(name: str) -> RuleSet:
    _builtin()
    if name not in _REGISTRY:
        load_plugins()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown rule set '{name}' (available: "
                       f"{', '.join([*available(), 'default', 'all', 'none'])}; "
                       "`eqsat rules` lists them)") from None


Selection = str | RuleSet | Iterable[str | RuleSet] | None


def resolve(sel: Selection) -> list[RuleSet]:
    """Turn "default", "algebra,fold", ["default", my_set] ... into rule sets (core first)."""
    _builtin()
    if sel is None:
        sel = "default"
    items = [sel] if isinstance(sel, (str, RuleSet)) else list(sel)
    out: list[RuleSet] = []
    for it in items:
        if isinstance(it, RuleSet):
            out.append(it)
            continue
        if not isinstance(it, str):
            raise TypeError(f"rule selection items are names or RuleSets, not {it!r}")
        for name in (p.strip() for p in it.split(",")):
            if not name:
                continue
            if name == "none":
                continue
            if name == "default":
                out.extend(get(n) for n in DEFAULT)
            elif name == "all":
                load_plugins()
                out.extend(get(n) for n in available() if n not in ("core", "contract"))
            else:
                out.append(get(name))
    seen, uniq = set(), []
    for rs in out:
        if rs.name not in seen and rs.name != "core":
            seen.add(rs.name)
            uniq.append(rs)
    return uniq


__all__ = ["Rule", "Action", "RuleSet", "rewrite", "infer", "register", "available", "get",
           "resolve", "DEFAULT", "compile_error", "describe_rule_error", "unchecked",
           "preferred_ops", "rule_graph", "load_from", "load_plugins", "describe",
           "ENTRY_POINT_GROUP", "rule_status", "vouch", "trust"]
