"""Terms, bindings and table rows for encoding whole kernels, written as egglog program
text and run in one batch (`TermBuilder.flush`)."""
from __future__ import annotations

import itertools
from typing import Any

from eqsat.egraph import egg
from eqsat.egraph.egg import Int, Lit, SetAction, Str

SPAN = egg.engine.SPAN
RULE_BATCH = 1_000                       # commands per rule of a batch (`TermBuilder`)
_BATCHES = itertools.count()             # ruleset names of those rules, unique in a process
_BINDING_TABLES: set[str] = set()        # egglog names of the binding tables


def binding_tables() -> frozenset[str]:
    """The egglog names of every `TermBuilder`'s binding table so far: their rows are
    names bound to e-classes (`let`), which readers of the e-graph report as such."""
    return frozenset(_BINDING_TABLES)


class TermBuilder:
    """Terms, bindings and table rows for encoding whole kernels, written as egglog
    program text and run in one batch (`flush`).

    egglog's expression path (signature binding, type inference, declarations merged and
    converted per call, a Python-side cache of every converted expression) costs tens of
    microseconds per term: most of an encoding. egglog's command objects
    (`egglog.bindings`) cost microseconds each to make and as much again to hand over
    (their arguments are copied in, then converted): on the corpus and suite, encoding
    took 35-45% longer with them than with text. Text costs a string format, and egglog
    parses a whole program in a fraction of the time it takes to run it
    (`egg.run_text`). A term here is its program text; arguments are converted by the
    declared sort of their position: an `int` for i64, a `str` literal for String
    (quoted here), a term otherwise.

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
    rules of a bounded size. A reference is that variable's name from the start, and a
    term remembers the references in it until the next flush, so each rule is written
    as it runs: nothing is rewritten."""

    def __init__(self, eg: egg.EGraph, constructors: dict[str, Any], elem: type,
                 binding: Any = None):
        """`constructors`: name -> egglog constructor (then `builder.NAME(...)`); `elem`:
        the sort `vec` and `bag` hold; `binding`: a function from a name (String) to
        `elem`, the binding table (default: egglog's `let`)."""
        self.eg = eg
        self.sizes: dict[str, int] | None = None     # rows per table (`flush(sizes=True)`)
        # pending commands: (text, references its terms use, reference bound or None)
        self._pending: list[tuple[str, list[str] | None, str | None]] = []
        self._uses: list[str] = []               # references used since the last command
        # a term made since the last flush that holds references -> them: a term kept
        # and passed to a later command is looked up there too
        self._held: dict[str, list[str]] = {}
        self._names: dict[str, str] = {}         # a reference -> the name it was bound as
        self._refs: dict[str, str] = {}          # a bound name -> its reference
        key = (id(constructors), elem)
        parts = _BUILDER_PARTS.get(key)
        if parts is None:
            parts = _BUILDER_PARTS[key] = _builder_parts(constructors, elem)
        decls, vec, bag, set_of, set_empty = parts
        egg.declare(eg, decls)
        self._vec, self._bag = f"({vec} ", f"({bag} "
        self._empty_vec, self._empty_bag = f"({vec})", f"({bag})"
        self._set_of, self._set_empty = f"({set_of} ", f"({set_empty})"
        self._tables: dict[int, tuple[str, tuple[Any, ...], Any]] = {}
        for name, fn in constructors.items():
            setattr(self, name, self._ctor(fn))
        self._binding = None if binding is None else egg.egg_name(eg, binding)
        if self._binding is not None:
            _BINDING_TABLES.add(self._binding)

    def __getattr__(self, name: str) -> Any:
        """`builder.Op2(...)`: the constructor of that name (set in `__init__`)."""
        raise AttributeError(name)

    def _term(self, x: Any) -> str:
        if type(x) is not str:
            raise TypeError(f"expected a term, got {x!r}")
        if x in self._names:
            self._uses.append(x)
        else:
            held = self._held.get(x)
            if held is not None:
                self._uses.extend(held)
        return x

    def _call(self, head: str, convs: Any, args: Any) -> str:
        """The term `(head args...)`, each argument converted by its converter; `head`
        is "(" and the egglog name."""
        uses = self._uses
        mark = len(uses)
        term = head + "".join([" " + c(a) for c, a in zip(convs, args)]) + ")"
        if len(uses) > mark:
            self._held[term] = uses[mark:]
        return term

    def _table(self, fn: Any) -> tuple[str, tuple[Any, ...], Any]:
        """`fn`'s head ("(" and its egglog name, declared on this e-graph) and the
        converters of its arguments and value."""
        got = self._tables.get(id(fn))
        if got is None:
            args, ret = egg.signature(fn)
            conv = {"i64": _int, "String": _quote}
            got = self._tables[id(fn)] = (
                "(" + egg.egg_name(self.eg, fn), tuple(conv.get(a, self._term) for a in args),
                conv.get(ret, self._term))
        return got

    def _ctor(self, fn: Any) -> _Make:
        head, convs, _ = self._table(fn)
        return _Make(self, head, convs)

    def _add(self, text: str, bound: str | None = None) -> None:
        uses = self._uses
        if uses:
            self._uses = []
        self._pending.append((text, uses or None, bound))

    def vec(self, xs: list[str]) -> str:
        """A `Vec` of terms."""
        if not xs:
            return self._empty_vec
        return self._call(self._vec[:-1], itertools.repeat(self._term), xs)

    def bag(self, xs: list[str]) -> str:
        """A `MultiSet` of terms."""
        if not xs:
            return self._empty_bag
        return self._call(self._bag[:-1], itertools.repeat(self._term), xs)

    def int_set(self, xs: tuple[int, ...] | list[int]) -> str:
        """A `Set[i64]` of the ints `xs`."""
        return self._set_of + " ".join([_int(x) for x in xs]) + ")" if xs else self._set_empty

    def let(self, name: str, expr: str) -> str:
        """Bind `expr` to `name` (run at the next `flush`); the reference to it."""
        self._term(expr)
        if self._binding is None:
            ref = _global_name(name)
            self._add(f"(let {ref} {expr})")
        else:
            first = self._refs.get(name)
            if first is not None:           # the table keeps the first value: `expr` is
                self._add(expr)             # made, and `name` stays bound
                return first
            ref = self._refs[name] = f"__b{len(self._refs)}"
            self._add(f"(let {ref} {expr}) (set ({self._binding} {_quote(name)}) {ref})", ref)
        self._names[ref] = name
        return ref

    def set(self, fn: Any, args: tuple | list, value: Any) -> None:
        """`set_(fn(*args)).to(value)` (run at the next `flush`)."""
        head, convs, ret = self._table(fn)
        self._add(f"(set {self._call(head, convs, args)} {ret(value)})")

    def row(self, rel: Any, args: tuple | list) -> None:
        """A row of the relation `rel` (run at the next `flush`)."""
        head, convs, _ = self._table(rel)
        self._add(self._call(head, convs, args))

    def union(self, a: str, b: str) -> None:
        """`union(a).with_(b)` (run at the next `flush`)."""
        self._add(f"(union {self._term(a)} {self._term(b)})")

    def let_name(self, ref: Any) -> str | None:
        """The name a reference `let` returned was bound as (None: not one)."""
        return self._names.get(ref) if type(ref) is str else None

    def flush(self, sizes: bool = False) -> int:
        """Run what is pending, in order; returns how many commands. `sizes`: also read
        the rows per table after them, in the same egglog call (`self.sizes`)."""
        pending, self._pending = self._pending, []
        self._held.clear()
        if pending:
            self.sizes = egg.run_text(self.eg, self._program(pending), sizes)
        elif sizes:
            self.sizes = egg.function_sizes(self.eg)
        return len(pending)

    def _program(self, pending: list[tuple[str, list[str] | None, str | None]]) -> str:
        """The program text of `pending`: top-level commands without a binding table,
        else rules of `RULE_BATCH` commands, each run once."""
        if self._binding is None:
            return "\n".join([text for text, _, _ in pending])
        out: list[str] = []
        for start in range(0, len(pending), RULE_BATCH):
            bound: set[str] = set()
            query: list[str] = []
            actions: list[str] = []
            for text, uses, ref in pending[start:start + RULE_BATCH]:
                if uses is not None:
                    for u in uses:
                        if u not in bound:          # bound before this rule: look it up
                            bound.add(u)
                            query.append(
                                f"(= {u} ({self._binding} {_quote(self._names[u])}))")
                actions.append(text)
                if ref is not None:
                    bound.add(ref)
            name = f"eqsat_batch_{next(_BATCHES)}"
            out.append(f"(ruleset {name})\n(rule ({' '.join(query)}) ({' '.join(actions)})"
                       f" :ruleset {name} :name \"{name}\")\n(run {name} 1)")
        return "\n".join(out)


class _Make:
    """One of a `TermBuilder`'s constructors: a term's program text from its arguments."""

    def __init__(self, builder: TermBuilder, head: str, convs: tuple[Any, ...]):
        self.call, self.head, self.convs = builder._call, head, convs

    def __call__(self, *args: Any) -> str:
        if len(args) != len(self.convs):
            raise TypeError(f"{self.head[1:]} takes {len(self.convs)} arguments, "
                            f"not {len(args)}")
        return self.call(self.head, self.convs, args)


def _int(x: Any) -> str:
    if type(x) is not int:
        raise TypeError(f"expected an int for an i64, got {x!r}")
    return str(x)


def _quote(x: Any) -> str:
    if type(x) is not str:
        raise TypeError(f"expected a str for a String, got {x!r}")
    if '"' in x or "\\" in x:
        x = x.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{x}"'


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
        return _int_lit
    if sort == "String":
        return _str_lit
    raise TypeError(f"run_sets: {fn} takes a {sort}, not an i64 or a String")


def _int_lit(x: Any) -> Any:
    if type(x) is not int:
        raise TypeError(f"expected an int for an i64, got {x!r}")
    return Lit(SPAN, Int(x))


def _str_lit(x: Any) -> Any:
    if type(x) is not str:
        raise TypeError(f"expected a str for a String, got {x!r}")
    return Lit(SPAN, Str(x))
