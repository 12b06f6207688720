"""The token relations as egglog tables, their insertion at encode time, and `Need`.

What goes in them is decided by eqsat.memory.relations from the encoder's public
record (eqsat.memory.relations.MemoryRecord); this module only declares the tables the token
rules (rules/tokens.py) read and writes the rows. A memory op is keyed by its uid
(its unique attribute id, see encode.py), a loop by its region id, an `if` by its
head term. Rewrites keep meaning, so the facts stay true of every e-node a rule later
builds for the same op.

Tables, all a few rows per memory op, per need class or per region, none per pair of
ops:

* `NeedClass(o)`: the need class of op o (eqsat.memory.relations.need_classes): ops of
  one class need the same of every earlier token, so the rules ask per class;
* `CarryArg(r, a, i)`: the token carried in body argument a / init i of loop r is
  *closed* (what the body passes on for it stands for the carried token, the init and
  ops of the body only);
* `CarryOut(r, k, i)`: result k of loop r stands for init i and ops of the loop;
* `IfBase(h, k, b)`: result token k of the `if` h stands for token b and ops inside;
* `Orig(m)`: m is a memory op as encoded (the token rules weaken these);
* `Need(c, T)`: the bag of tokens the ops of need class c need of their input token T
  (`need_rows`, computed here over the encoder's `BoundTokens`, see `_Needs`);
* `Level(t)`: where token t is defined in program order (the encoder's binding order);
  `MemLevel(o)` that of op o's result token, which the rules give o's weaker forms too.
  Every token a token stands for is defined no later than it (its input, members, a
  loop's init), so `Contains(x, y)` is only searched below x down to y's level (rules/tokens.py);
  merged by min, which keeps that true when the rules union two token classes.

Loops and ifs that may leave early (`return`, or `break`/`continue` out of an if) have
only open results (no `CarryOut`, `IfBase` rows): ops behind them must stay behind them,
since they only run when control gets there.

The rest of what eqsat.memory.relations computes (each op's ordering keys, each
region's, which loops' earlier iterations an op may skip, which tokens are open) is
read here, by `_Needs`, and not inserted: no rule reads it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from eqsat.egraph.egg import MultiSet, Unit, function, i64, i64Like, relation

from eqsat.ir.core import Value
from eqsat.memory.relations import TokenRelations
from eqsat.egraph.builder import TermBuilder
from eqsat.egraph import terms as T

# (typed as egglog calls them: an i64 column takes a Python int too)
Orig = cast(Callable[[T.Term], Unit], relation("Orig", T.Term))
CarryArg = cast(Callable[[i64Like, i64Like, i64Like], Unit], relation("CarryArg", i64, i64, i64))
CarryOut = cast(Callable[[i64Like, i64Like, i64Like], Unit], relation("CarryOut", i64, i64, i64))
IfBase = cast(Callable[[T.Term, i64Like, T.Term], Unit], relation("IfBase", T.Term, i64, T.Term))
# derived by rules/tokens.py: token a stands for every op token b stands for
Contains = cast(Callable[[T.Term, T.Term], Unit], relation("Contains", T.Term, T.Term))


@function
def NeedClass(op: i64Like) -> i64: ...


@function(merge=lambda old, new: old.min(new))
def Level(token: T.Term) -> i64: ...


@function
def MemLevel(op: i64Like) -> i64: ...


NO_TOKEN = "<no token>"      # the input of a memory op that takes none (`NoTok`)


@function(merge=lambda old, new: old)
def Need(need_class: i64Like, token: T.Term) -> MultiSet[T.Term]: ...


def insert_facts(mk: TermBuilder, rel: TokenRelations, heads: list[Any],
                 use: Callable[[Value], Any]) -> int:
    """Insert the rows of `rel` the rules read (and `Orig` of each memory op's term in
    `heads`) with the encoder's term builder `mk`; `use` gives the term of an IR value.
    Returns the number of rows."""
    for h in heads:
        mk.row(Orig, (h,))
    for u, c in rel.need_class.items():
        mk.set(NeedClass, (u,), c)
    for x in rel.carry_arg:
        mk.row(CarryArg, x)
    for x in rel.carry_out:
        mk.row(CarryOut, x)
    for h, k, b in rel.if_base:
        mk.row(IfBase, (h, k, use(b) if isinstance(b, Value) else b))
    return (len(heads) + len(rel.need_class) + len(rel.carry_arg) + len(rel.carry_out)
            + len(rel.if_base))


class BoundTokens:
    """The program's tokens as the encoder bound them: let name -> (reference, kind), with
    kind one of ("root",), ("mem", uid, result index, result type, input name or None for
    no token), ("arg", loop, index), ("loop_out", loop, result), ("if_out", head name, result),
    ("join", member names), ("other",) (a token `Need` is not defined of); each memory
    op's parts (uid -> name, type, operand vector) and input token (`heads`, program
    order); each loop's inits."""

    def __init__(self) -> None:
        self.nodes: dict[str, tuple[Any, tuple]] = {}
        self.mems: dict[int, tuple[str, Any, Any]] = {}
        self.heads: list[tuple[int, str | None]] = []
        self.inits: dict[int, list[Any]] = {}
        self.loop_kind: dict[int, str] = {}            # loop -> "for" or "loop"

    def add(self, name: str, ref: Any, kind: tuple) -> None:
        self.nodes[name] = (ref, kind)

    def kind(self, name: str | None, kind: tuple) -> None:
        if name is not None and name in self.nodes:
            self.nodes[name] = (self.nodes[name][0], kind)


Bag = tuple[tuple, ...]      # ("tok", name) or ("weak", uid, result index), in order


class _Needs:
    """What the ops of each need class need of each token they reach, bottom-up in
    program order (design section 3; rules/tokens.py states each case as the weakening
    lemma uses it):

    * a memory op p's result token, when the class need not wait for p (its `second`
      keys miss p's `first` keys): what it needs of p's input T2; otherwise p's weaker
      form (p taking what p's own class needs of T2) plus what it needs of T2 that p's
      class does not;
    * a loop's closed carried token: what it needs of the init when the class may skip
      the loop's earlier iterations, else the carried token; an open one is kept;
    * a loop's closed result: what it needs of the init when it need not wait for
      anything in the loop (the loop's keys), else the result; an if's likewise with
      the token before it; open ones are kept;
    * a join: what it needs of each member; the root token and no token: nothing.

    A class reaches a token through its ops' inputs and the cases that pass through.
    Undefined (None) where a part is, as for a token of unknown origin. `cases` counts
    the cases decided, by the name the rule had when rules derived `Need`
    ("need-keep-mem", "want-through-loop", ...), for reports and tests.

    Passing a memory op, a loop or an if depends on a class only through its `second`
    keys, so classes with the same keys pass the same tokens: each such run of tokens is
    walked once per key set (`_skip`, counted once per key set and token), not once per
    class. Many classes on a long chain (ops in a row of loops, each its own class)
    would otherwise take time quadratic in the chain."""

    def __init__(self, rel: TokenRelations, graph: BoundTokens,
                 name_of: Callable[[Any], str | None], use: Callable[[Value], Any]):
        self.rel, self.graph = rel, graph
        self.second, free, bound = rel.classes()
        self.free, self.bound = set(free), set(bound)
        self.carry_arg = {(r, a): i for r, a, i in rel.carry_arg}
        self.open_arg = set(rel.open_arg)
        self.carry_out = {(r, k): i for r, k, i in rel.carry_out}
        self.open_out = set(rel.open_out)
        self.if_keys = {name_of(h): ks for h, ks in rel.if_keys}
        self.if_base = {(name_of(h), k): name_of(use(b) if isinstance(b, Value) else b)
                        for h, k, b in rel.if_base}
        self.open_if = {(name_of(h), k) for h, k in rel.open_if}
        self.inits = {r: [name_of(x) for x in xs] for r, xs in graph.inits.items()}
        self.kinds = {name: kind for name, (_, kind) in graph.nodes.items()}
        self.kinds[NO_TOKEN] = ("root",)
        self.heads = [(u, NO_TOKEN if t is None else t) for u, t in graph.heads]
        order = {name: i for i, name in enumerate(graph.nodes)}
        order[NO_TOKEN] = -1
        self.order = order
        self.need: dict[tuple[int, str], Bag] = {}
        self.cases: dict[str, int] = {}
        # what each weaker form stands for, as a bitmask over bag members (`_covered`)
        self.bit: dict[tuple, int] = {}
        self.under: dict[tuple[int, int], int] = {}
        # per key set: token -> the first token at or before it that it does not pass
        self.skips: dict[tuple[int, ...], dict[str | None, str | None]] = {}
        self.key_sets = {c: frozenset(ks) for c, ks in self.second.items()}
        for c, t in sorted(self._reached(), key=lambda p: (order[p[1]], p[0])):
            got = self._of(c, t)
            if got is not None:
                self.need[c, t] = got

    def of(self, c: int, t: str | None) -> Bag | None:
        """What class c needs of token t (None: undefined)."""
        t = self._skip(c, t)
        return None if t is None else self.need.get((c, t))

    def _case(self, name: str, loop: int | None = None) -> None:
        if loop is not None:
            name += "-" + self.graph.loop_kind.get(loop, "for")
        self.cases[name] = self.cases.get(name, 0) + 1

    def _free_of(self, keys: tuple[int, ...], c: int) -> bool:
        return self.key_sets[c].isdisjoint(keys)

    def _passes(self, c: int, t: str) -> str | None:
        """The token a class with the keys of c passes on to from t (a memory op, loop or
        if it need not wait for), counting the case; None where it stops at t."""
        kind = self.kinds.get(t)
        if kind is None:
            return None
        tag = kind[0]
        if tag == "mem":
            if self._free_of(self.rel.first[kind[1]], c):
                self._case("want-through-mem")
                self._case("need-past-mem")
                return NO_TOKEN if kind[4] is None else kind[4]
        elif tag == "loop_out":
            r, k = kind[1], kind[2]
            if ((r, k) not in self.open_out and (r, k) in self.carry_out
                    and self._free_of(self.rel.loop_keys.get(r, ()), c)):
                nxt = self.inits[r][self.carry_out[r, k]]
                if nxt is not None:
                    self._case("want-through", r)
                    self._case("need-past", r)
                return nxt
        elif tag == "if_out":
            h, k = kind[1], kind[2]
            if ((h, k) not in self.open_if and (h, k) in self.if_base
                    and self._free_of(self.if_keys.get(h, ()), c)):
                nxt = self.if_base[h, k]
                if nxt is not None:
                    self._case("want-through-if")
                    self._case("need-past-if")
                return nxt
        return None

    def _skip(self, c: int, t: str | None) -> str | None:
        """The first token from t on (t itself, or what it passes on to, and so on) that
        a class with the keys of c does not pass: what c needs of t it needs of that one
        (None: of an undefined token)."""
        if t is None:
            return None
        memo = self.skips.setdefault(self.second[c], {})
        path: list[str] = []
        cur: str | None = t
        while cur is not None and cur not in memo:
            nxt = self._passes(c, cur)
            if nxt is None:
                memo[cur] = cur
                break
            path.append(cur)
            cur = nxt
        end = memo.get(cur) if cur is not None else None
        for x in path:
            memo[x] = end
        return end

    def _through(self, c: int, t: str) -> list[str | None]:
        """The tokens whose need class c's need of t is made of (t a token c does not
        pass)."""
        kind = self.kinds[t]
        tag = kind[0]
        if tag == "mem":
            self._case("want-through-mem")
            return [NO_TOKEN if kind[4] is None else kind[4]]
        if tag == "arg" and (kind[1], kind[2]) in self.carry_arg and (c, kind[1]) in self.free:
            self._case("want-through-carried", kind[1])
            return [self.inits[kind[1]][self.carry_arg[kind[1], kind[2]]]]
        if tag == "join":
            self._case("want-parts")
            return list(kind[1])
        return []

    def _reached(self) -> set[tuple[int, str]]:
        """The (class, token) pairs computed: tokens the classes do not pass."""
        seen: set[tuple[int, str]] = set()
        stack: list[tuple[int, str | None]] = [(self.rel.need_class[u], t)
                                               for u, t in self.heads]
        self.cases["want-input"] = len(stack)
        while stack:
            c, t = stack.pop()
            s = self._skip(c, t)
            if s is None or (c, s) in seen or s not in self.kinds:
                continue
            seen.add((c, s))
            stack.extend((c, b) for b in self._through(c, s) if b is not None)
        return seen

    def _of(self, c: int, t: str) -> Bag | None:
        kind = self.kinds[t]
        tag, keep = kind[0], (("tok", t),)
        if tag == "root":
            self._case("need-none" if t == NO_TOKEN else "need-root")
            return ()
        if tag == "mem":
            u, k, tin = kind[1], kind[2], NO_TOKEN if kind[4] is None else kind[4]
            mine = self.of(c, tin)
            if mine is None:
                return None
            if self._free_of(self.rel.first[u], c):
                self._case("need-past-mem")
                return mine
            theirs = self.of(self.rel.need_class[u], tin)
            if theirs is None:
                return None
            self._case("need-keep-mem")
            if (u, k) not in self.under:          # the weaker form runs after `theirs`
                covered = 0
                for y in theirs:
                    covered |= self._bit(y) | self._covered(y)
                self.under[u, k] = covered
            # what p's class needs of T2 the weaker form stands for: `_minimal` drops it
            return self._minimal([*mine, ("weak", u, k)])
        if tag == "arg":
            r, a = kind[1], kind[2]
            if (r, a) in self.open_arg:
                self._case("need-keep-open-carried")
                return keep
            if (c, r) in self.bound:
                self._case("need-keep-carried")
                return keep
            if (r, a) in self.carry_arg and (c, r) in self.free:
                got = self.of(c, self.inits[r][self.carry_arg[r, a]])
                if got is not None:
                    self._case("need-past-carried", r)
                return got
            return None
        if tag == "loop_out":
            r, k = kind[1], kind[2]
            if (r, k) in self.open_out:
                self._case("need-keep-open", r)
                return keep
            if (r, k) in self.carry_out:
                if not self._free_of(self.rel.loop_keys.get(r, ()), c):
                    self._case("need-keep", r)
                    return keep
                got = self.of(c, self.inits[r][self.carry_out[r, k]])
                if got is not None:
                    self._case("need-past", r)
                return got
            return None
        if tag == "if_out":
            h, k = kind[1], kind[2]
            if (h, k) in self.open_if:
                self._case("need-keep-open-if")
                return keep
            if (h, k) in self.if_base:
                if not self._free_of(self.if_keys.get(h, ()), c):
                    self._case("need-keep-if")
                    return keep
                got = self.of(c, self.if_base[h, k])
                if got is not None:
                    self._case("need-past-if")
                return got
            return None
        if tag == "join":
            parts = [self.of(c, x) for x in kind[1]]
            whole: list[tuple] = []
            for part in parts:
                if part is None:
                    return None
                whole.extend(part)
            self._case("need-join" if parts else "need-empty-join")
            return self._minimal(list(dict.fromkeys(whole)))
        return None

    def _bit(self, x: tuple) -> int:
        got = self.bit.get(x)
        if got is None:
            got = self.bit[x] = 1 << len(self.bit)
        return got

    def _covered(self, x: tuple) -> int:
        """The bag members the token `x` stands for, transitively: a weaker form of op u
        runs after the join of what u's class needs of u's input, so its token stands
        for each of those and for all they stand for (recorded when the form is made,
        `under`). A program token is taken to stand for none (never wrong: a member is
        dropped only when shown to be covered)."""
        return self.under.get((x[1], x[2]), 0) if x[0] == "weak" else 0

    def _minimal(self, bag: list[tuple]) -> Bag:
        """`bag` without the members another member already stands for: waiting for the
        rest is waiting for them. Where arrays may alias, every op's need would otherwise
        list every earlier op it may touch, and the joins grow with the program."""
        if len(bag) < 2:
            return tuple(bag)
        cover = 0
        for x in bag:
            cover |= self._covered(x)
        if not cover:
            return tuple(bag)
        return tuple(x for x in bag if not self._bit(x) & cover)


def need_rows(rel: TokenRelations, graph: BoundTokens, name_of: Callable[[Any], str | None],
              use: Callable[[Value], Any], mk: TermBuilder) -> tuple[int, dict[str, int]]:
    """Insert `Need(c, T)` for each memory op's input token T and class c, the bag of
    tokens the op needs of T (`_Needs`), with the weaker forms of the ops it keeps
    let-bound, all with the encoder's term builder `mk`. Returns the number of rows and
    how many times each case decided."""
    needs = _Needs(rel, graph, name_of, use)
    term = _NeedTerms(needs, graph, mk)
    rows: list[tuple[Any, Any]] = []
    done: set[tuple[int, str]] = set()
    for u, t in needs.heads:
        key = (rel.need_class[u], t)
        got = needs.of(*key)
        if key in done or got is None:
            continue
        done.add(key)
        ref = mk.NoTok() if t == NO_TOKEN else graph.nodes[t][0]
        rows.append(((key[0], ref), mk.bag([term(x) for x in got])))
    for args, bag in rows:            # after the weaker forms they name are bound
        mk.set(Need, args, bag)
    return len(rows), dict(sorted(needs.cases.items()))


class _NeedTerms:
    """The term of a token a `Need` bag holds: a token of the program, or the weaker form
    of a kept memory op, let-bound the first time a bag names it (an object, not a
    recursive closure: that would keep the term builder, and so the e-graph, in a
    reference cycle)."""

    def __init__(self, needs: _Needs, graph: BoundTokens, mk: TermBuilder):
        self.needs, self.graph, self.mk = needs, graph, mk
        self.weak: dict[tuple[int, int], Any] = {}
        self.mems: dict[int, Any] = {}
        self.token_ty = {kind[1:3]: kind[3] for _, kind in graph.nodes.values()
                         if kind[0] == "mem"}
        self.inputs = dict(needs.heads)

    def __call__(self, x: tuple) -> Any:
        graph, mk = self.graph, self.mk
        if x[0] == "tok":
            return graph.nodes[x[1]][0]
        got = self.weak.get((x[1], x[2]))
        if got is None:
            u = x[1]
            m = self.mems.get(u)
            if m is None:
                name, ty, args = graph.mems[u]
                bag = self.needs.of(self.needs.rel.need_class[u], self.inputs[u])
                assert bag is not None          # a kept op's own need is defined
                m = self.mems[u] = mk.let(f"w{u}_", mk.Mem(name, u, ty, args, mk.Join(
                    mk.bag([self(y) for y in bag]))))
            got = self.weak[x[1], x[2]] = mk.Proj(m, x[2], self.token_ty[x[1], x[2]])
        return got


def insert_levels(mk: TermBuilder, levels: list[tuple[Any, int]],
                  mem_levels: dict[int, int]) -> int:
    """Insert `Level` of the program's tokens (term, position) and `MemLevel` of its memory
    ops (uid, position of its result token) with the encoder's term builder `mk`. Returns
    the number of rows."""
    for t, n in levels:
        mk.set(Level, (t,), n)
    for u, n in mem_levels.items():
        mk.set(MemLevel, (u,), n)
    return len(levels) + len(mem_levels)


_TABLES = (("NeedClass", NeedClass), ("CarryArg", CarryArg), ("CarryOut", CarryOut),
           ("IfBase", IfBase), ("Orig", Orig), ("Level", Level), ("MemLevel", MemLevel),
           ("Contains", Contains))


def facts_of(eg: Any) -> dict[str, int]:
    """Rows per token table (for reports and tests)."""
    out = {}
    for name, table in _TABLES:
        try:
            out[name] = eg.function_size(table)
        except Exception:
            out[name] = 0
    return out


__all__ = ["Orig", "NeedClass", "CarryArg", "CarryOut", "IfBase", "Level", "MemLevel",
           "Contains", "Need", "BoundTokens", "insert_facts", "insert_levels", "need_rows",
           "facts_of"]
