"""Everything that differs between egglog releases (13.2 on Python 3.11, 14.x on 3.12+).

The rest of the engine calls only these helpers, so a new egglog release means
editing this one file. Private egglog entry points used here (serialization, egg
names, schedule declarations) have no public replacement yet in either release.
"""
from __future__ import annotations

import itertools
import json
import os
import re
import tempfile
from typing import Any

import egglog

try:                                   # present in every release we support
    from importlib.metadata import version as _pkg_version
    EGGLOG_VERSION = _pkg_version("egglog")
except Exception:  # pragma: no cover - metadata missing in odd installs
    EGGLOG_VERSION = "unknown"

EGGLOG_MAJOR = int(EGGLOG_VERSION.split(".")[0]) if EGGLOG_VERSION[:1].isdigit() else 0

# How many kernels an e-graph with rules registered may be lent to (push, encode, pop)
# before it is built again; None: for ever. 14.x makes every push and pop of an e-graph
# dearer than the last (on the corpus: 11 ms per kernel over the first 55 kernels, 143 ms
# after 330), while building it again costs about 60 ms once its rules are compiled; 13.2
# pops back to what it pushed. Only time depends on it: a new e-graph is built the same way.
LENDS_PER_EGRAPH: int | None = 16 if EGGLOG_MAJOR >= 14 else None


def serialize(eg: egglog.EGraph) -> dict[str, Any]:
    """The e-graph as egraph-serialize JSON: `nodes`, `class_data` (with `let` names: of
    egglog's own bindings and of a `TermBuilder`'s, which are rows of its binding table).
    Extraction reads `Tables` instead; this is the reference they are checked against.

    Uses the raw dump (egglog op names, not Python renderings); both 13.2 and 14.0
    expose it as `EGraph._egraph.serialize([])`."""
    raw = eg._egraph.serialize([], max_functions=_NO_LIMIT, max_calls_per_function=_NO_LIMIT)
    out: dict[str, Any] = json.loads(raw.to_json())
    _add_bindings(out)
    return out


class Tables:
    """The e-graph's tables as egglog holds them (`EGraph.freeze`), read row by row with
    e-classes named as `serialize` names them (`Sort-N`, N the canonical id).

    What extraction reads (every e-node of a few constructors, analysis values, binding
    names) costs a fifth of a serialization this way: no JSON is written and parsed
    again, and only the tables asked for are walked. Rows come in `serialize`'s order.
    Values are named and converted once each, per sort: an i64 or a String can carry
    the same number as an e-class."""

    def __init__(self, eg: egglog.EGraph):
        self._raw: Any = eg._egraph
        self.functions: dict[str, Any] = self._raw.freeze().functions
        self._names: dict[str, dict[Any, str]] = {}    # sort -> value -> e-class id
        self._strings: dict[Any, str] = {}
        self._ints: dict[Any, int] = {}

    def rows(self, name: str) -> list[Any]:
        """The rows (`inputs`, `output`, `subsumed`) of table `name` (none if absent)."""
        f = self.functions.get(name)
        return [] if f is None else f.rows

    def sorts(self, name: str) -> tuple[list[str], str]:
        """The input sorts and the output sort of table `name`."""
        f = self.functions[name]
        return f.input_sorts, f.output_sort

    def cls(self, sort: str, v: Any) -> str:
        """The e-class id of value `v` of an e-class sort."""
        got = self.names(sort).get(v)
        return self._name(sort, v) if got is None else got

    def names(self, sort: str) -> dict[Any, str]:
        """The e-class ids of `sort` named so far, by value (a lookup that misses goes
        through `cls`)."""
        got = self._names.get(sort)
        if got is None:
            got = self._names[sort] = {}
        return got

    def _name(self, sort: str, v: Any) -> str:
        text = str(v)                       # "Value(N)"
        if not (text.startswith("Value(") and text.endswith(")")):
            raise ValueError(f"unexpected egglog value {text!r}")
        got = self._names[sort][v] = f"{sort}-{text[6:-1]}"
        return got

    def string(self, v: Any) -> str:
        got = self._strings.get(v)
        if got is None:
            got = self._strings[v] = self._raw.value_to_string(v)
        return got

    def i64(self, v: Any) -> int:
        got = self._ints.get(v)
        if got is None:
            got = self._ints[v] = self._raw.value_to_i64(v)
        return got

    def vec(self, v: Any) -> list[Any]:
        out: list[Any] = self._raw.value_to_vec(v)
        return out

    def bag(self, v: Any) -> list[Any]:
        out: list[Any] = self._raw.value_to_multiset(v)
        return out

    def bindings(self) -> dict[str, list[str]]:
        """e-class -> the names bound to it, as `serialize` reports them (`let`, without
        the `$`): egglog's own global `let`s, then the rows of a `TermBuilder`'s binding
        table, in row order."""
        out: dict[str, list[str]] = {}
        for name, f in self.functions.items():
            if f.is_let_binding:
                for r in f.rows:
                    out.setdefault(self.cls(f.output_sort, r.output), []).append(
                        name.lstrip("$"))
        for name, f in self.functions.items():
            if name not in _BINDING_OPS or len(f.input_sorts) != 1:
                continue
            named, sort, string = self.names(f.output_sort), f.output_sort, self.string
            for r in f.rows:
                v = r.output
                out.setdefault(named.get(v) or self.cls(sort, v), []).append(
                    string(r.inputs[0]).lstrip("$"))
        return out


def _add_bindings(raw: dict[str, Any]) -> None:
    """The names of binding-table rows (`TermBuilder.let`) as `let` class data, written
    as egglog writes its own (`$name`, comma-separated)."""
    nodes = raw["nodes"]
    found: dict[str, list[str]] = {}
    for n in nodes.values():
        if n["op"] in _BINDING_OPS and len(n["children"]) == 1:
            text = nodes[n["children"][0]]["op"]
            name = text[1:-1] if "\\" not in text else json.loads(text)
            found.setdefault(n["eclass"], []).append(_global_name(name))
    data = raw["class_data"]
    for cid, names in found.items():
        entry = data.setdefault(cid, {})
        had = entry.get("let")
        entry["let"] = ", ".join(([had] if had else []) + names)


_NO_LIMIT = 1 << 62     # the default truncates each table to a few hundred rows


def _run(eg: egglog.EGraph, *commands: Any) -> list[Any]:
    """Run egglog commands (`egglog.bindings`) on `eg`: 13.2 through `EGraph._run_program`,
    14.x through the e-graph's state, which records them when asked to."""
    run = getattr(eg, "_run_program", None)
    if run is not None:
        out: list[Any] = run(*commands)
        return out
    state: Any = eg._state
    return list(state.run_program(*commands))


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
    None where this egglog has no such entry points (`EGraph.run` is then used).

    The functions given to `declare_early` are declared on `eg` too."""
    try:
        eg._add_decls(schedule)
        command = eg._state.run_schedule_to_egg(schedule.schedule)
    except AttributeError:  # pragma: no cover - an egglog with other internals
        return None
    for fn in _EARLY:
        egg_name(eg, fn)
    return command


def declare_early(*fns: Any) -> None:
    """Have every e-graph a schedule is registered on (`register_schedule`) declare
    `fns` then. egglog declares a function on its first use, and an e-graph that lends
    itself to one kernel after another (push, encode, pop) forgets what each kernel
    declared: the encoder's constructors that no rule names were declared again for
    every kernel, a fair share of encoding a small one."""
    for fn in fns:
        if all(fn is not x for x in _EARLY):
            _EARLY.append(fn)


_EARLY: list[Any] = []


def release(eg: egglog.EGraph) -> None:
    """Free `eg`'s engine now, in this thread. egglog's Python side keeps an e-graph's
    states in reference cycles, so the engine would otherwise go with a garbage
    collection, in whichever thread runs it, and egglog refuses (and leaks) an e-graph
    freed outside the thread that made it. `eg` is unusable afterwards."""
    states = [getattr(eg, "_state", None), *getattr(eg, "_state_stack", ())]
    if not all(hasattr(st, "egraph") for st in states):      # other internals: nothing to do
        return
    for st in states:
        st.egraph = None
    eg._state_stack = []


class PopPush:
    """`eg.pop()` then `eg.push()` (the kernel forgotten, the next one's copy made) in one
    egglog call; the Python-side state it restores is a copy of the one popped to."""

    def __init__(self, eg: egglog.EGraph):
        self.eg = eg
        stack = getattr(eg, "_state_stack", None)
        self.run = getattr(eg, "_run_program", None)
        # what pop then push leave: the state popped to stays below, a copy of it on top
        self.fresh = stack[-1].copy() if stack and self.run is not None else None
        self.commands = (_bindings.Pop(_SPAN, 1), _bindings.Push(1))

    def __call__(self) -> None:
        if self.fresh is None or self.run is None:   # other internals: the public calls
            self.eg.pop()
            self.eg.push()
            return
        self.run(*self.commands)
        self.eg._state = self.fresh


def run_registered(eg: egglog.EGraph, command: Any) -> tuple[Any, dict[str, int]]:
    """Run a command from `register_schedule`; egglog's own RunReport (rule names as keys,
    which `rule_matches` and `reached_fixpoint` read) and the rows per table after it
    (`function_sizes`), from one egglog call rather than two."""
    out: Any = _run(eg, command, _PRINT_SIZES)
    return out[0].report, _sizes(out[-1])


def function_sizes(eg: egglog.EGraph) -> dict[str, int]:
    """Rows per table, by egglog name, in one egglog call (`EGraph.function_size` takes
    one call per table)."""
    return _sizes(_run(eg, _PRINT_SIZES)[0])


def _sizes(out: Any) -> dict[str, int]:
    return {name: int(size) for name, size in out.sizes}


def total_rows(eg: egglog.EGraph) -> int:
    """Rows over all tables (e-nodes plus analysis rows)."""
    return sum(size for _, size in eg.all_function_sizes())


def function_rows(eg: egglog.EGraph, fn: Any) -> list[tuple[Any, ...]]:
    """Every row key of a function or relation, in egglog's order, as plain values: an
    i64 or a String as its Python value, a term as the tuple (egglog name, *arguments).
    Read off egglog's own printout of the table: `EGraph.function_values` makes an
    egglog expression of every row and argument, a millisecond for a few rows."""
    out: Any = _run(eg, _bindings.PrintFunction(_SPAN, egg_name(eg, fn), None, None,
                                                _bindings.DefaultPrintFunctionMode()))[0]
    dag = out.termdag
    rows: list[tuple[Any, ...]] = []
    for call, _ in out.terms:
        term = dag.get(call)
        rows.append(tuple([_plain(dag, a) for a in term.args]))
    return rows


def _plain(dag: Any, tid: int) -> Any:
    term = dag.get(tid)
    if isinstance(term, _bindings.TermLit):
        lit = term.value
        if isinstance(lit, (_bindings.Int, _bindings.String)):
            return lit.value
        raise ValueError(f"unexpected egglog literal {lit!r}")
    if isinstance(term, _bindings.TermApp):
        return (term.name, *[_plain(dag, a) for a in term.args])
    raise ValueError(f"unexpected egglog term {term!r}")


def call_text(eg: egglog.EGraph, fn: Any, args: tuple | list) -> str:
    """Program text of `fn(*args)` (a term of a constructor, or a lookup), its arguments
    converted by declared sort as `TermBuilder` converts them."""
    return _Make("(" + egg_name(eg, fn), _signature(fn)[0])(*args)


def set_text(eg: egglog.EGraph, fn: Any, args: tuple | list, value: Any) -> str:
    """Program text of `set_(fn(*args)).to(value)`, for `run_text`."""
    _, ret = _signature(fn)
    return f"(set {call_text(eg, fn, args)} {ret(value)})"


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
    """Terms, bindings and table rows for encoding whole kernels, written as egglog
    program text and run in one batch (`flush`).

    egglog's expression path (signature binding, type inference, declarations merged and
    converted per call, a Python-side cache of every converted expression) costs tens of
    microseconds per term, and so does building egglog's command objects
    (`egglog.bindings`: each constructor deep-copies its arguments): most of an
    encoding. Text costs a string format, and egglog parses a whole file of it
    (`include`) in a fraction of the time it takes to run it. A term here is its
    program text; arguments are converted by the declared type of their position: an
    `int` for i64, a `str` literal for String (quoted here), a term otherwise.

    Bindings (`let`) are rows of a binding table when one is given: `binding(name)` is
    the term bound as `name`. egglog makes each of its own `let`s a table, and every
    command costs time in proportion to the tables there are, so a kernel bound value by
    value with `let` took time quadratic in its size. `serialize` reports the table's
    rows as `let` names, as it reports egglog's own. egglog type-checks the program when
    it runs, so a misuse is reported at `flush`.

    egglog runs each top-level action as a rule of its own (compiled, run once, freed),
    about 3 us a command before its terms cost anything. So a batch's first `RULE_BATCH`
    actions run as one rule with an empty query (`_as_rule`): a value bound in it is a
    rule variable there, no lookup of the binding table, and the table gets the same
    rows. Compiling one rule grows faster than its actions (a rule of 7,000 took 40%
    longer than the commands), so the rest of a larger batch stays commands, which look
    up what the rule bound."""

    def __init__(self, eg: egglog.EGraph, constructors: dict[str, Any], elem: type,
                 binding: Any = None):
        """`constructors`: name -> egglog constructor (then `builder.NAME(...)`); `elem`:
        the sort `vec` and `bag` hold; `binding`: a function from a name (String) to
        `elem`, the binding table (default: egglog's `let`)."""
        self.eg = eg
        self._pending: list[str] = []
        self.sizes: dict[str, int] | None = None     # rows per table (`flush(sizes=True)`)
        self._refs: dict[str, str] = {}          # a bound reference -> its name
        self._bound: list[tuple[int, str]] = []  # pending binding commands: (index, reference)
        key = (id(constructors), elem)
        parts = _BUILDER_PARTS.get(key)
        if parts is None:
            parts = _BUILDER_PARTS[key] = _builder_parts(constructors, elem)
        decls, vec, bag, set_of, set_empty = parts
        eg._add_decls(decls)
        self._vec, self._bag = f"({vec} ", f"({bag} "
        self._empty_vec, self._empty_bag = f"({vec})", f"({bag})"
        self._set_of, self._set_empty = f"({set_of} ", f"({set_empty})"
        self._tables: dict[int, tuple[str, tuple[Any, ...], Any]] = {}
        for name, fn in constructors.items():
            setattr(self, name, self._ctor(fn))
        self._binding = None if binding is None else egg_name(eg, binding)
        if self._binding is not None:
            _BINDING_OPS.add(self._binding)

    def __getattr__(self, name: str) -> Any:
        """`builder.Op2(...)`: the constructor of that name (set in `__init__`)."""
        raise AttributeError(name)

    def _table(self, fn: Any) -> tuple[str, tuple[Any, ...], Any]:
        """`fn`'s egglog name (declared on this e-graph) and the converters of its
        arguments and value."""
        got = self._tables.get(id(fn))
        if got is None:
            args, ret = _signature(fn)
            got = self._tables[id(fn)] = ("(" + egg_name(self.eg, fn), args, ret)
        return got

    def _ctor(self, fn: Any) -> _Make:
        head, convs, _ = self._table(fn)
        return _Make(head, convs)

    def vec(self, xs: list[str]) -> str:
        """A `Vec` of terms."""
        return self._vec + " ".join(xs) + ")" if xs else self._empty_vec

    def bag(self, xs: list[str]) -> str:
        """A `MultiSet` of terms."""
        return self._bag + " ".join(xs) + ")" if xs else self._empty_bag

    def int_set(self, xs: tuple[int, ...] | list[int]) -> str:
        """A `Set[i64]` of the ints `xs`."""
        return self._set_of + " ".join([_int(x) for x in xs]) + ")" if xs else self._set_empty

    def let(self, name: str, expr: str) -> str:
        """Bind `expr` to `name` (run at the next `flush`); the reference to it."""
        if self._binding is None:
            ref = _global_name(name)
            self._pending.append(f"(let {ref} {expr})")
        else:
            ref = f"({self._binding} {_quote(name)})"
            self._bound.append((len(self._pending), ref))
            self._pending.append(f"(set {ref} {expr})")
        self._refs[ref] = name
        return ref

    def set(self, fn: Any, args: tuple | list, value: Any) -> None:
        """`set_(fn(*args)).to(value)` (run at the next `flush`)."""
        head, convs, ret = self._table(fn)
        parts = "".join([" " + c(a) for c, a in zip(convs, args)])
        self._pending.append(f"(set {head}{parts}) {ret(value)})")

    def row(self, rel: Any, args: tuple | list) -> None:
        """A row of the relation `rel` (run at the next `flush`)."""
        head, convs, _ = self._table(rel)
        self._pending.append(head + "".join([" " + c(a) for c, a in zip(convs, args)]) + ")")

    def union(self, a: str, b: str) -> None:
        """`union(a).with_(b)` (run at the next `flush`)."""
        self._pending.append(f"(union {a} {b})")

    def let_name(self, ref: Any) -> str | None:
        """The name a reference `let` returned was bound as (None: not one)."""
        return self._refs.get(ref) if type(ref) is str else None

    def flush(self, sizes: bool = False) -> int:
        """Run what is pending, in order; returns how many commands. `sizes`: also read
        the rows per table after them, in the same egglog call (`self.sizes`)."""
        cmds, self._pending = self._pending, []
        bound, self._bound = self._bound, []
        if cmds:
            self.sizes = self._run(cmds, bound, sizes)
        elif sizes:
            self.sizes = function_sizes(self.eg)
        return len(cmds)

    def _run(self, cmds: list[str], bound: list[tuple[int, str]], sizes: bool
             ) -> dict[str, int] | None:
        batch = self._as_rule(cmds, bound)
        if batch is not None:
            try:
                return run_text(self.eg, batch, sizes)
            except _bindings.EggSmolError:
                pass            # refused before it ran: the commands say where and why
        return run_text(self.eg, cmds, sizes)

    def _as_rule(self, cmds: list[str], bound: list[tuple[int, str]]) -> list[str] | None:
        """The batch `cmds` as egglog program text whose first `RULE_BATCH` actions are one
        rule run once, every value bound there a rule variable; None when that cannot
        say the same (no binding table; a value bound twice, or referred to before it is
        bound or by an earlier batch: the commands then run, and egglog looks it up or
        reports the misuse as usual)."""
        if self._binding is None or not bound:
            return None
        head = cmds[:RULE_BATCH]
        var_of: dict[str, str] = {}
        at: dict[int, tuple[str, str]] = {}          # binding command -> variable, reference
        for i, ref in bound:
            if i >= len(head):
                break
            if ref in var_of:
                return None
            var_of[ref] = f"__b{len(at)}"
            at[i] = (var_of[ref], ref)
        if not at:
            return None
        sub = _Variables(var_of)
        pattern = _binding_ref(f"({self._binding} ")
        actions: list[str] = []
        for i, cmd in enumerate(head):
            got = at.get(i)
            if got is None:
                actions.append(pattern.sub(sub, cmd))
            else:                             # "(set REF EXPR)": let, then the row
                var, ref = got
                actions.append(f"(let {var} {pattern.sub(sub, cmd[6 + len(ref):-1])}) "
                               f"(set {ref} {var})")
                sub.defined.add(var)
            if sub.refused:
                return None
        name = f"eqsat_batch_{next(_BATCHES)}"
        return [f"(ruleset {name})",
                f"(rule () ({' '.join(actions)}) :ruleset {name} :name \"{name}\")",
                f"(run {name} 1)", *cmds[RULE_BATCH:]]


class _Variables:
    """`_as_rule`'s substitution: a reference to a value bound earlier in the rule becomes
    its variable; any other reference refuses the rule form (an object, not a closure:
    see `_Make`)."""

    def __init__(self, var_of: dict[str, str]):
        self.var_of = var_of
        self.defined: set[str] = set()
        self.refused = False

    def __call__(self, m: Any) -> str:
        var = self.var_of.get(m.group(0))
        if var is None or var not in self.defined:
            self.refused = True
            return ""
        return var


class _Make:
    """One of a `TermBuilder`'s constructors: a term's program text from its arguments."""

    def __init__(self, head: str, convs: tuple[Any, ...]):
        self.head, self.convs = head, convs

    def __call__(self, *args: Any) -> str:
        if len(args) != len(self.convs):
            raise TypeError(f"{self.head[1:]} takes {len(self.convs)} arguments, "
                            f"not {len(args)}")
        return self.head + "".join([" " + c(a) for c, a in zip(self.convs, args)]) + ")"


def run_text(eg: egglog.EGraph, commands: list[str], sizes: bool = False
             ) -> dict[str, int] | None:
    """Run egglog commands given as program text: written to a temporary file that
    egglog includes, so that they are parsed where they run (`EGraph.parse_program`
    hands every command back to Python as objects, each span with a copy of the whole
    text). `sizes`: also return the rows per table after them (`function_sizes`), read
    in the same egglog call."""
    try:
        fd, path = tempfile.mkstemp(prefix="eqsat-", suffix=".egg")
    except OSError:                       # no temporary directory: one command at a time
        for cmd in commands:
            _run(eg, *eg._egraph.parse_program(cmd))
        return function_sizes(eg) if sizes else None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("\n".join(commands))
            f.write("\n")
        out = _run(eg, _bindings.Include(_SPAN, path), *([_PRINT_SIZES] if sizes else []))
        return _sizes(out[-1]) if sizes else None
    finally:
        os.unlink(path)


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


def _term(x: Any) -> str:
    if type(x) is not str:
        raise TypeError(f"expected a term, got {x!r}")
    return x


def _signature(fn: Any) -> tuple[tuple[Any, ...], Any]:
    """Converters of an egglog function's arguments and value, by declared sort (made
    once per function)."""
    hit = _SIGNATURES.get(id(fn))
    if hit is None:
        from egglog.runtime import resolve_callable
        ref, decls = resolve_callable(fn)
        sig: Any = decls.get_callable_decl(ref).signature

        def conv(tp: Any) -> Any:
            name = tp.to_just().ident.name
            return _int if name == "i64" else _quote if name == "String" else _term
        hit = _SIGNATURES[id(fn)] = (fn, (tuple(conv(t) for t in sig.arg_types),
                                          conv(sig.return_type)))
    return hit[1]


_bindings = egglog.bindings
_SPAN = _bindings.RustSpan("", 0, 0)
_PRINT_SIZES = _bindings.PrintSize(_SPAN, None)
_BUILDER_PARTS: dict[tuple[int, type], tuple[Any, str, str, str, str]] = {}
_BINDING_OPS: set[str] = set()          # egglog names of the binding tables (`serialize`)
RULE_BATCH = 1_000                       # a batch's actions run as one rule (`TermBuilder`)
_BATCHES = itertools.count()             # ruleset names of those rules, unique in a process
_REF_PATTERNS: dict[str, Any] = {}       # "(BINDING " -> the regex of its references
_SIGNATURES: dict[int, tuple[Any, tuple[tuple[Any, ...], Any]]] = {}   # id -> fn, converters


def _binding_ref(prefix: str) -> Any:
    """A regex for the references `(BINDING "name")` to a binding table, `prefix` being
    "(BINDING "."""
    got = _REF_PATTERNS.get(prefix)
    if got is None:
        got = _REF_PATTERNS[prefix] = re.compile(re.escape(prefix) + r'"(?:[^"\\]|\\.)*"\)')
    return got


def _global_name(name: str) -> str:
    """What egglog calls the global `let` binding `name`."""
    return name if name.startswith("$") else "$" + name


def _builder_parts(constructors: dict[str, Any],
                   elem: type) -> tuple[Any, str, str, str, str]:
    """A TermBuilder's declarations (its constructors and the container sorts it builds)
    and the egglog names of the vector, bag, int set and empty int set constructors
    (made once)."""
    from egglog.declarations import Declarations
    vec_cls: Any = egglog.Vec[elem]            # type: ignore[valid-type]
    bag_cls: Any = egglog.MultiSet[elem]       # type: ignore[valid-type]
    set_cls: Any = egglog.Set[egglog.i64]
    decls = Declarations.create(*constructors.values(), vec_cls, bag_cls, set_cls)
    probe = egglog.EGraph()
    try:
        return (decls, egg_name(probe, vec_cls), egg_name(probe, bag_cls),
                egg_name(probe, set_cls), egg_name(probe, set_cls.empty))
    finally:
        release(probe)
