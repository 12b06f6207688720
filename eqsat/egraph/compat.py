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
    """The egglog-level name of a constructor (what `serialize` calls its op); declares
    it on `eg` if it is not yet. Once it is, the name is read without resolving `fn`
    and merging its declarations again."""
    ref = _REFS.get(id(fn))
    if ref is not None:
        hit = eg._state.callable_ref_to_egg_fn.get(ref[1])
        if hit is not None:
            return hit[0]
    from egglog.runtime import resolve_callable
    _REFS[id(fn)] = (fn, resolve_callable(fn)[0])      # fn kept: its id stays its own
    return eg._callable_to_egg(fn)[1]


_REFS: dict[int, tuple[Any, Any]] = {}


def register(eg: egglog.EGraph, actions: list[Any]) -> None:
    """`eg.register(*actions)`, merging an action's declarations only when it brings
    some the e-graph lacks (egglog merges every action's, which dominated inserting
    facts). Actions that are not plain egglog `Action`s go through `eg.register`."""
    if not actions:
        return
    from egglog.egraph import Action
    if not all(type(a) is Action for a in actions):
        eg.register(*actions)
        return
    state = eg._state
    have = state.__egg_decls__
    for a in actions:
        d = a.__egg_decls__
        if not (d._functions.keys() <= have._functions.keys()
                and d._classes.keys() <= have._classes.keys()
                and d._constants.keys() <= have._constants.keys()
                and d._rulesets.keys() <= have._rulesets.keys()
                and d._unnamed_functions <= have._unnamed_functions
                and not d.default_ruleset.rules):
            eg._add_decls(d)
    cmds = [eg._command_to_egg(a) for a in actions]
    eg._run_program(*[c for c in cmds if c is not None])


def rule_matches(report: Any) -> dict[str, int]:
    """Matches per named rule from a RunReport, egglog's own or its Python wrapper's
    (unnamed rules are grouped as '?'), in name order (the report's own order varies
    from run to run)."""
    out: dict[str, int] = {}
    for key, n in report.num_matches_per_rule.items():
        name = (key if isinstance(key, str) else getattr(key, "name", None)) or "?"
        out[name] = out.get(name, 0) + int(n)
    return dict(sorted(out.items()))


def reached_fixpoint(report: Any) -> bool:
    """A RunReport of a run that changed nothing and held no rule back (a back-off
    scheduler bans rules over its match limit). 13.2 reports a scheduler's "not done
    yet" as `updated`; 14.x reports it apart, as `can_stop` (absent in 13.2)."""
    return not report.updated and bool(getattr(report, "can_stop", True))


def register_schedule(eg: egglog.EGraph, schedule: Any) -> Any:
    """Register on `eg` the rulesets `schedule` runs (with the sorts and functions their
    rules use) without running anything, and return the command that runs it, for
    `run_registered`. egglog's `EGraph.run` registers lazily on every call and wraps
    the report by hashing every rule; both cost more than a small kernel's iteration.
    None where this egglog has no such entry points (`EGraph.run` is then used)."""
    try:
        eg._add_decls(schedule)
        return eg._state.run_schedule_to_egg(schedule.schedule)
    except AttributeError:  # pragma: no cover - an egglog with other internals
        return None


def run_registered(eg: egglog.EGraph, command: Any) -> Any:
    """Run a command from `register_schedule`; egglog's own RunReport (rule names as keys,
    which `rule_matches` and `reached_fixpoint` read)."""
    out: Any = eg._run_program(command)[0]
    return out.report


def function_sizes(eg: egglog.EGraph) -> dict[str, int]:
    """Rows per table, by egglog name, in one egglog call (`EGraph.function_size` takes
    one call per table)."""
    from egglog import bindings
    out: Any = eg._run_program(bindings.PrintSize(_SPAN, None))[0]
    return {name: int(size) for name, size in out.sizes}


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


# -- building terms in bulk ----------------------------------------------------------------------
class TermBuilder:
    """Constructors and `let` bindings for encoding whole kernels.

    egglog's generic call path (signature binding, type inference, a copy of the
    declarations per call) and `EGraph.let` (declarations merged and one egglog command
    per binding) cost about half a millisecond per term, most of an encoding. Here a
    constructor call is built straight from its declaration, sharing one declarations
    object, and bindings are converted exactly as `EGraph.let` converts them but sent
    in one batch (`flush`, before anything else reads or writes the e-graph). Anything
    but expressions of the declared types and plain str / int literals goes through
    egglog's own path, which also reports misuse."""

    def __init__(self, eg: egglog.EGraph, constructors: dict[str, Any], elem: type,
                 sample: Any):
        """`constructors`: name -> egglog function (then `builder.NAME(...)`); `elem`:
        the sort `vec` builds vectors of, `sample` any expression of it."""
        self.eg = eg
        self._pending: list[Any] = []
        key = (id(constructors), elem)
        parts = _BUILDER_PARTS.get(key)
        if parts is None:
            parts = _BUILDER_PARTS[key] = _builder_parts(constructors, elem, sample)
        self._ctors, self._vec, self.decls = parts
        eg._add_decls(self.decls)

    def __getattr__(self, name: str) -> Any:
        """`builder.Op2(...)`: the constructor of that name."""
        try:
            return self.__dict__["_ctors"][name]
        except KeyError:
            raise AttributeError(name) from None

    def vec(self, xs: list) -> Any:
        return self._vec(xs)

    def let(self, name: str, expr: Any) -> Any:
        """Bind `expr` to `name` (sent at the next `flush`); the reference to it."""
        from egglog.declarations import LetRefDecl, TypedExprDecl
        from egglog.runtime import RuntimeExpr
        typed = expr.__egg_typed_expr__
        if expr.__egg_decls__ is not self.decls:
            self.eg._add_decls(expr)
        state = self.eg._state
        # as EGraph.let converts it, less egglog's search for repeated sub-terms to bind
        # apart (a per-binding walk that hashes the whole term; it only saves re-sending
        # a repeated sub-term, which encoded terms, one level deep, barely have)
        var = state._expr_to_egg(LetRefDecl(name))
        value = state.typed_expr_to_egg(typed, False)
        self._pending.append(egglog.bindings.ActionCommand(
            egglog.bindings.Let(_SPAN, var.name, value)))
        return RuntimeExpr.__from_values__(self.decls, TypedExprDecl(typed.tp, LetRefDecl(name)))

    def flush(self) -> None:
        if self._pending:
            cmds, self._pending = self._pending, []
            self.eg._run_program(*cmds)


_SPAN = egglog.bindings.RustSpan("", 0, 0)
_BUILDER_PARTS: dict[tuple[int, type], tuple[dict[str, Any], Any, Any]] = {}


def _builder_parts(constructors: dict[str, Any], elem: type,
                   sample: Any) -> tuple[dict[str, Any], Any, Any]:
    """A TermBuilder's constructors, vector builder and shared declarations (made once)."""
    from egglog.declarations import Declarations
    ctors = {name: _Ctor(fn) for name, fn in constructors.items()}
    vec_cls: Any = egglog.Vec[elem]         # type: ignore[valid-type]
    multiset: Any = egglog.MultiSet[elem]()  # type: ignore[valid-type]
    vec = _VecCtor(vec_cls, vec_cls(sample))
    decls = Declarations.create(*[c.fn for c in ctors.values()], vec_cls(sample), multiset)
    for c in ctors.values():
        c.decls = decls
    vec.decls = decls
    return ctors, vec, decls


class _Ctor:
    """One constructor built from its declaration (see `TermBuilder`)."""

    def __init__(self, fn: Any):
        from egglog.runtime import resolve_callable
        self.fn = fn
        self.ref, own = resolve_callable(fn)        # a function, or a class's constructor
        sig: Any = own.get_callable_decl(self.ref).signature
        self.args = tuple(t.to_just() for t in sig.arg_types)
        self.ret = sig.return_type.to_just()
        self.decls: Any = None

    def __call__(self, *args: Any) -> Any:
        from egglog.declarations import CallDecl, LitDecl, TypedExprDecl
        from egglog.runtime import RuntimeExpr
        if len(args) != len(self.args):
            return self.fn(*args)
        exprs = []
        for a, tp in zip(args, self.args):
            if isinstance(a, RuntimeExpr):
                typed = a.__egg_typed_expr__
                if typed.tp != tp:
                    return self.fn(*args)
                exprs.append(typed)
            elif (isinstance(a, str) and tp.ident.name == "String") or (
                    type(a) is int and tp.ident.name == "i64"):
                exprs.append(TypedExprDecl(tp, LitDecl(a)))
            else:
                return self.fn(*args)
        return RuntimeExpr.__from_values__(
            self.decls, TypedExprDecl(self.ret, CallDecl(self.ref, tuple(exprs))))


class _VecCtor:
    """`Vec[elem](*xs)` built like `_Ctor`, its shape read off an expression egglog made."""

    def __init__(self, cls: Any, proto: Any):
        from egglog.declarations import CallDecl
        self.cls = cls
        typed = proto.__egg_typed_expr__
        call = typed.expr
        assert isinstance(call, CallDecl)
        self.tp, self.ref, self.params = typed.tp, call.callable, call.bound_tp_params
        self.elem = self.tp.args[0]
        self.decls: Any = None

    def __call__(self, xs: list) -> Any:
        from egglog.declarations import CallDecl, TypedExprDecl
        from egglog.runtime import RuntimeExpr
        exprs = []
        for x in xs:
            typed = x.__egg_typed_expr__ if isinstance(x, RuntimeExpr) else None
            if typed is None or typed.tp != self.elem:
                return self.cls(*xs)
            exprs.append(typed)
        return RuntimeExpr.__from_values__(
            self.decls, TypedExprDecl(self.tp, CallDecl(self.ref, tuple(exprs), self.params)))


def set_value(fn: Any, args: tuple, value: Any) -> Any:
    """The action `set_(fn(*args)).to(value)` for a function returning i64 or String,
    built straight from declarations (egglog's own path unless `value` is a plain int /
    str and `args` plain literals or expressions of the declared types)."""
    from egglog.declarations import CallDecl, Declarations, InitRef, LetRefDecl, LitDecl, SetDecl
    from egglog.egraph import Action
    from egglog.runtime import RuntimeExpr
    c = _own_ctor(fn)
    want = {"i64": int, "String": str}.get(c.ret.ident.name)
    made = c(*args) if want is not None and type(value) is want else None
    if made is None or made.__egg_decls__ is not c.decls:
        return egglog.set_(fn(*args)).to(value)
    extra = []                  # arguments whose declarations `fn`'s may lack
    for a in args:
        if isinstance(a, RuntimeExpr):
            e = a.__egg_typed_expr__.expr
            if isinstance(e, LetRefDecl) or (
                    isinstance(e, CallDecl) and isinstance(e.callable, InitRef)
                    and e.callable.ident in c.decls._classes
                    and all(isinstance(x.expr, LitDecl) for x in e.args)):
                continue
            extra.append(a)
    decls = Declarations.create(c.decls, *extra) if extra else c.decls
    return Action(decls, SetDecl(c.ret, made.__egg_typed_expr__.expr, LitDecl(value)))


def make(fn: Any, *args: Any) -> Any:
    """`fn(*args)` for an egglog function or class, built straight from its declaration
    when `args` are plain literals or expressions of the declared types (see
    `TermBuilder`); egglog's own path otherwise."""
    return _own_ctor(fn)(*args)


def _own_ctor(fn: Any) -> Any:
    """The `_Ctor` of `fn` carrying `fn`'s own declarations (made once)."""
    hit = _SETTERS.get(id(fn))
    if hit is None:
        from egglog.runtime import resolve_callable
        c = _Ctor(fn)
        c.decls = resolve_callable(fn)[1]
        hit = _SETTERS[id(fn)] = (fn, c)      # fn kept: its id stays its own
    return hit[1]


_SETTERS: dict[int, tuple[Any, Any]] = {}
