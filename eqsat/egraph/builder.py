"""Terms, bindings and table rows for encoding whole kernels, built as egglog command
objects and run in one batch (`TermBuilder.flush`)."""
from __future__ import annotations

import itertools
from typing import Any

from eqsat.egraph import egg
from eqsat.egraph.egg import Call, Eq, ExprAction, Int, Let, Lit, SetAction, Str, Union, Var

SPAN = egg.engine.SPAN
RULE_BATCH = 1_000                       # commands per rule of a batch (`TermBuilder`)
_BATCHES = itertools.count()             # ruleset names of those rules, unique in a process
_BINDING_TABLES: set[str] = set()        # egglog names of the binding tables


def binding_tables() -> frozenset[str]:
    """The egglog names of every `TermBuilder`'s binding table so far: their rows are
    names bound to e-classes (`let`), which readers of the e-graph report as such."""
    return frozenset(_BINDING_TABLES)


class TermBuilder:
    """Terms, bindings and table rows for encoding whole kernels, run in one batch
    (`flush`).

    egglog's expression path (signature binding, type inference, declarations merged and
    converted per call, a Python-side cache of every converted expression) costs tens of
    microseconds per term: most of an encoding. Here a term is egglog's own command
    object (`egg.Call`, `egg.Lit`, `egg.Var`) made directly, its arguments converted by
    the declared sort of their position: an `int` for i64, a `str` for String, a term
    otherwise.

    Bindings (`let`) are rows of a binding table when one is given: `binding(name)` is
    the term bound as `name`. egglog makes each of its own `let`s a table, and every
    command costs time in proportion to the tables there are, so a kernel bound value by
    value with `let` took time quadratic in its size. Readers of the e-graph report the
    table's rows as `let` names, as they report egglog's own. A name bound again keeps
    its first value (the table's merge), as a second `set` of its row would: the new
    term is made, and the reference returned is to the first. egglog type-checks the
    program when it runs, so a misuse the sorts do not catch here is reported at
    `flush`.

    egglog runs each top-level action as a rule of its own (compiled, run once, freed),
    about 3 us a command before its terms cost anything. So with a binding table a
    batch runs as rules, each of `RULE_BATCH` commands and run once: a value bound in a
    rule is a variable of that rule (`let`, then its row), one bound before is looked up
    in the rule's query (its row in the binding table). Compiling one rule grows faster
    than its actions (a rule of 7,000 took 40% longer than as many commands), hence
    rules of a bounded size. A term remembers the bound values it refers to until the
    next flush, so that a rule taking it looks up those bound before it."""

    def __init__(self, eg: egg.EGraph, constructors: dict[str, Any], elem: type,
                 binding: Any = None):
        """`constructors`: name -> egglog constructor (then `builder.NAME(...)`); `elem`:
        the sort `vec` and `bag` hold; `binding`: a function from a name (String) to
        `elem`, the binding table (default: egglog's `let`)."""
        self.eg = eg
        self.sizes: dict[str, int] | None = None     # rows per table (`flush(sizes=True)`)
        # pending commands: (actions, variables their terms use, variable bound or None)
        self._pending: list[tuple[tuple[Any, ...], list[str] | None, str | None]] = []
        self._uses: list[str] = []               # variables used since the last command
        # a term made since the last flush that refers to bound values -> (term, their
        # variables): a term kept and passed to a later command is looked up there too
        self._held: dict[int, tuple[Any, list[str]]] = {}
        self._names: dict[str, str] = {}         # a bound variable -> its name
        self._vars: dict[str, str] = {}          # a bound name -> its variable
        key = (id(constructors), elem)
        parts = _BUILDER_PARTS.get(key)
        if parts is None:
            parts = _BUILDER_PARTS[key] = _builder_parts(constructors, elem)
        decls, self._vec, self._bag, self._set_of, self._set_empty = parts
        egg.declare(eg, decls)
        self._tables: dict[int, tuple[str, tuple[Any, ...], Any]] = {}
        for name, fn in constructors.items():
            setattr(self, name, self._ctor(fn))
        self._binding = None if binding is None else egg.egg_name(eg, binding)
        if self._binding is not None:
            _BINDING_TABLES.add(self._binding)

    def __getattr__(self, name: str) -> Any:
        """`builder.Op2(...)`: the constructor of that name (set in `__init__`)."""
        raise AttributeError(name)

    def _term(self, x: Any) -> Any:
        t = type(x)
        if t is Var:
            self._uses.append(x.name)
        elif t is Call:
            held = self._held.get(id(x))
            if held is not None:
                self._uses.extend(held[1])
        elif t is not Lit:
            raise TypeError(f"expected a term, got {x!r}")
        return x

    def _call(self, name: str, convs: Any, args: Any) -> Any:
        """The term `name(*args)`, each argument converted by its converter."""
        uses = self._uses
        mark = len(uses)
        term = Call(SPAN, name, [c(a) for c, a in zip(convs, args)])
        if len(uses) > mark:
            self._held[id(term)] = (term, uses[mark:])
        return term

    def _table(self, fn: Any) -> tuple[str, tuple[Any, ...], Any]:
        """`fn`'s egglog name (declared on this e-graph) and the converters of its
        arguments and value."""
        got = self._tables.get(id(fn))
        if got is None:
            args, ret = egg.signature(fn)
            conv = {"i64": _int, "String": _str}
            got = self._tables[id(fn)] = (
                egg.egg_name(self.eg, fn), tuple(conv.get(a, self._term) for a in args),
                conv.get(ret, self._term))
        return got

    def _ctor(self, fn: Any) -> _Make:
        name, convs, _ = self._table(fn)
        return _Make(self, name, convs)

    def _add(self, actions: tuple[Any, ...], bound: str | None = None) -> None:
        uses = self._uses
        if uses:
            self._uses = []
        self._pending.append((actions, uses or None, bound))

    def vec(self, xs: list[Any]) -> Any:
        """A `Vec` of terms."""
        return self._call(self._vec, itertools.repeat(self._term), xs)

    def bag(self, xs: list[Any]) -> Any:
        """A `MultiSet` of terms."""
        return self._call(self._bag, itertools.repeat(self._term), xs)

    def int_set(self, xs: tuple[int, ...] | list[int]) -> Any:
        """A `Set[i64]` of the ints `xs`."""
        if not xs:
            return Call(SPAN, self._set_empty, [])
        return Call(SPAN, self._set_of, [_int(x) for x in xs])

    def let(self, name: str, expr: Any) -> Any:
        """Bind `expr` to `name` (run at the next `flush`); the reference to it."""
        self._term(expr)
        if self._binding is None:
            var = _global_name(name)
            self._add((Let(SPAN, var, expr),))
        else:
            first = self._vars.get(name)
            if first is not None:           # the table keeps the first value: `expr` is
                self._add((ExprAction(SPAN, expr),))     # made, and `name` stays bound
                return Var(SPAN, first)
            var = self._vars[name] = f"__b{len(self._vars)}"
            self._add((Let(SPAN, var, expr),
                       SetAction(SPAN, self._binding, [_str(name)], Var(SPAN, var))), var)
        self._names[var] = name
        return Var(SPAN, var)

    def set(self, fn: Any, args: tuple | list, value: Any) -> None:
        """`set_(fn(*args)).to(value)` (run at the next `flush`)."""
        name, convs, ret = self._table(fn)
        self._add((SetAction(SPAN, name, [c(a) for c, a in zip(convs, args)], ret(value)),))

    def row(self, rel: Any, args: tuple | list) -> None:
        """A row of the relation `rel` (run at the next `flush`)."""
        name, convs, _ = self._table(rel)
        self._add((ExprAction(SPAN, Call(SPAN, name, [c(a) for c, a in zip(convs, args)])),))

    def union(self, a: Any, b: Any) -> None:
        """`union(a).with_(b)` (run at the next `flush`)."""
        self._add((Union(SPAN, self._term(a), self._term(b)),))

    def let_name(self, ref: Any) -> str | None:
        """The name a reference `let` returned was bound as (None: not one)."""
        return self._names.get(ref.name) if type(ref) is Var else None

    def flush(self, sizes: bool = False) -> int:
        """Run what is pending, in order; returns how many commands. `sizes`: also read
        the rows per table after them, in the same egglog call (`self.sizes`)."""
        pending, self._pending = self._pending, []
        self._held.clear()
        if pending:
            self.sizes = egg.run_program(self.eg, self._commands(pending), sizes)
        elif sizes:
            self.sizes = egg.function_sizes(self.eg)
        return len(pending)

    def _commands(self, pending: list[tuple[tuple[Any, ...], list[str] | None, str | None]]
                  ) -> list[Any]:
        if self._binding is None:
            return egg.action_commands([a for acts, _, _ in pending for a in acts])
        out: list[Any] = []
        for start in range(0, len(pending), RULE_BATCH):
            bound: set[str] = set()
            query: list[Any] = []
            actions: list[Any] = []
            for acts, uses, var in pending[start:start + RULE_BATCH]:
                if uses is not None:
                    for u in uses:
                        if u not in bound:          # bound before this rule: look it up
                            bound.add(u)
                            query.append(Eq(SPAN, Var(SPAN, u), Call(
                                SPAN, self._binding, [_str(self._names[u])])))
                actions.extend(acts)
                if var is not None:
                    bound.add(var)
            out.extend(egg.rule_commands(f"eqsat_batch_{next(_BATCHES)}", query, actions))
        return out


class _Make:
    """One of a `TermBuilder`'s constructors: a term from its arguments."""

    def __init__(self, builder: TermBuilder, name: str, convs: tuple[Any, ...]):
        self.call, self.name, self.convs = builder._call, name, convs

    def __call__(self, *args: Any) -> Any:
        if len(args) != len(self.convs):
            raise TypeError(f"{self.name} takes {len(self.convs)} arguments, "
                            f"not {len(args)}")
        return self.call(self.name, self.convs, args)


def _int(x: Any) -> Any:
    if type(x) is not int:
        raise TypeError(f"expected an int for an i64, got {x!r}")
    return Lit(SPAN, Int(x))


def _str(x: Any) -> Any:
    if type(x) is not str:
        raise TypeError(f"expected a str for a String, got {x!r}")
    return Lit(SPAN, Str(x))


def _global_name(name: str) -> str:
    """What egglog calls the global `let` binding `name`."""
    return name if name.startswith("$") else "$" + name


_BUILDER_PARTS: dict[tuple[int, type], tuple[Any, str, str, str, str]] = {}


def _builder_parts(constructors: dict[str, Any],
                   elem: type) -> tuple[Any, str, str, str, str]:
    """A TermBuilder's declarations (its constructors and the container sorts it builds)
    and the egglog names of the vector, bag, int set and empty int set constructors
    (made once)."""
    vec_cls: Any = egg.Vec[elem]            # type: ignore[valid-type]
    bag_cls: Any = egg.MultiSet[elem]       # type: ignore[valid-type]
    set_cls: Any = egg.Set[egg.i64]
    decls = egg.declarations(*constructors.values(), vec_cls, bag_cls, set_cls)
    probe = egg.EGraph()
    try:
        return (decls, egg.egg_name(probe, vec_cls), egg.egg_name(probe, bag_cls),
                egg.egg_name(probe, set_cls), egg.egg_name(probe, set_cls.empty))
    finally:
        egg.release(probe)


def run_sets(eg: egg.EGraph, rows: list[tuple[Any, tuple[Any, ...], Any]]) -> None:
    """`set_(fn(*args)).to(value)` for each `(fn, args, value)` of `rows`, in order, in
    one egglog call; the arguments and values are i64 (an `int`) or String (a `str`)."""
    made: dict[int, tuple[str, tuple[Any, ...], Any]] = {}
    actions = []
    for fn, args, value in rows:
        got = made.get(id(fn))
        if got is None:
            arg_sorts, ret_sort = egg.signature(fn)
            got = made[id(fn)] = (egg.egg_name(eg, fn),
                                  tuple(_literal(fn, s) for s in arg_sorts),
                                  _literal(fn, ret_sort))
        name, convs, ret = got
        actions.append(SetAction(SPAN, name, [c(a) for c, a in zip(convs, args)], ret(value)))
    egg.run_program(eg, egg.action_commands(actions))


def _literal(fn: Any, sort: str) -> Any:
    if sort == "i64":
        return _int
    if sort == "String":
        return _str
    raise TypeError(f"run_sets: {fn} takes a {sort}, not an i64 or a String")
