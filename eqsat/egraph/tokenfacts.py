"""The token relations as egglog tables, and their insertion at encode time.

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
* `MemFirst(o)`: the `first` ordering keys of op o (eqsat.memory.conflict), and
  `MemSecond(c)` the `second` keys of the ops of class c: o must wait for an earlier p
  exactly when `MemFirst(p) & MemSecond(NeedClass(o))` is not empty;
* `LoopKeys(r)`, `IfKeys(h)`: the union of `MemFirst` over the ops inside loop r / the
  `if` h: an op after it need not wait for anything inside when its `MemSecond` meets
  none of them;
* `LoopFree(c, r)`: the ops of class c, inside loop r, need not wait for any instance
  of any op of r from an earlier iteration (a load of memory the loop does not write, or
  a store whose address is injective in the induction variable,
  eqsat.memory.injective); `LoopBound(c, r)`: they must;
* `CarryArg(r, a, i)`: the token carried in body argument a / init i of loop r is
  *closed* (what the body passes on for it stands for the carried token, the init and
  ops of the body only); `OpenArg(r, a)`: it is not;
* `CarryOut(r, k, i)`: result k of loop r stands for init i and ops of the loop;
  `OpenOut(r, k)`: it may stand for more (or the loop may leave early);
* `IfBase(h, k, b)`: result token k of the `if` h stands for token b and ops inside;
  `OpenIf(h, k)`: it does not (or the if may leave early);
* `Orig(m)`: m is a memory op as encoded (the token rules weaken these and read the
  program's own tokens through them);
* `Level(t)`: where token t is defined in program order (the encoder's binding order);
  `MemLevel(o)` that of op o's result token, which the rules give o's weaker forms too.
  Every token a token stands for is defined no later than it (its input, members, a
  loop's init), so `Contains(x, y)` is only searched below x down to y's level (rules/tokens.py);
  merged by min, which keeps that true when the rules union two token classes.

Loops and ifs that may leave early (`return`, or `break`/`continue` out of an if) have
only open results: ops behind them must stay behind them, since they only run when
control gets there.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from egglog import EGraph, Set, Unit, function, i64, i64Like, relation, set_

from eqsat.ir.core import Value
from eqsat.memory.relations import TokenRelations
from eqsat.egraph import terms as T

# (typed as egglog calls them: an i64 column takes a Python int too)
Orig = cast(Callable[[T.Term], Unit], relation("Orig", T.Term))
LoopFree = cast(Callable[[i64Like, i64Like], Unit], relation("LoopFree", i64, i64))
LoopBound = cast(Callable[[i64Like, i64Like], Unit], relation("LoopBound", i64, i64))
CarryArg = cast(Callable[[i64Like, i64Like, i64Like], Unit], relation("CarryArg", i64, i64, i64))
OpenArg = cast(Callable[[i64Like, i64Like], Unit], relation("OpenArg", i64, i64))
CarryOut = cast(Callable[[i64Like, i64Like, i64Like], Unit], relation("CarryOut", i64, i64, i64))
OpenOut = cast(Callable[[i64Like, i64Like], Unit], relation("OpenOut", i64, i64))
IfBase = cast(Callable[[T.Term, i64Like, T.Term], Unit], relation("IfBase", T.Term, i64, T.Term))
OpenIf = cast(Callable[[T.Term, i64Like], Unit], relation("OpenIf", T.Term, i64))
# derived by rules/tokens.py: token a stands for every op token b stands for
Contains = cast(Callable[[T.Term, T.Term], Unit], relation("Contains", T.Term, T.Term))


@function
def NeedClass(op: i64Like) -> i64: ...


@function
def MemFirst(op: i64Like) -> Set[i64]: ...


@function
def MemSecond(need_class: i64Like) -> Set[i64]: ...


@function
def LoopKeys(region: i64Like) -> Set[i64]: ...


@function
def IfKeys(head: T.Term) -> Set[i64]: ...


@function(merge=lambda old, new: old.min(new))
def Level(token: T.Term) -> i64: ...


@function
def MemLevel(op: i64Like) -> i64: ...


NO_KEYS = Set[i64].empty()


def _keys(ks: tuple[int, ...]) -> Any:
    return Set[i64](*[i64(k) for k in ks]) if ks else NO_KEYS


def insert_facts(eg: EGraph, rel: TokenRelations, heads: list[Any],
                 use: Callable[[Value], Any]) -> int:
    """Insert `rel` (and `Orig` of each memory op's term in `heads`); `use` gives the
    term of an IR value. Returns the number of rows."""
    second, free, bound = rel.classes()
    rows: list[Any] = [Orig(h) for h in heads]
    rows += [set_(NeedClass(u)).to(i64(c)) for u, c in rel.need_class.items()]
    rows += [set_(MemFirst(u)).to(_keys(ks)) for u, ks in rel.first.items()]
    rows += [set_(MemSecond(c)).to(_keys(ks)) for c, ks in second.items()]
    rows += [set_(LoopKeys(r)).to(_keys(ks)) for r, ks in rel.loop_keys.items()]
    rows += [set_(IfKeys(h)).to(_keys(ks)) for h, ks in rel.if_keys]
    rows += [LoopFree(c, r) for c, r in free]
    rows += [LoopBound(c, r) for c, r in bound]
    rows += [CarryArg(*x) for x in rel.carry_arg]
    rows += [OpenArg(*x) for x in rel.open_arg]
    rows += [CarryOut(*x) for x in rel.carry_out]
    rows += [OpenOut(*x) for x in rel.open_out]
    rows += [IfBase(h, k, use(b) if isinstance(b, Value) else b) for h, k, b in rel.if_base]
    rows += [OpenIf(h, k) for h, k in rel.open_if]
    if rows:
        eg.register(*rows)
    return len(rows)


def insert_levels(eg: EGraph, levels: list[tuple[Any, int]], mem_levels: dict[int, int]) -> int:
    """Insert `Level` of the program's tokens (term, position) and `MemLevel` of its memory
    ops (uid, position of its result token). Returns the number of rows."""
    rows: list[Any] = [set_(Level(t)).to(i64(n)) for t, n in levels]
    rows += [set_(MemLevel(u)).to(i64(n)) for u, n in mem_levels.items()]
    if rows:
        eg.register(*rows)
    return len(rows)


_TABLES = (("NeedClass", NeedClass), ("MemFirst", MemFirst), ("MemSecond", MemSecond),
           ("LoopKeys", LoopKeys), ("IfKeys", IfKeys), ("LoopFree", LoopFree),
           ("LoopBound", LoopBound), ("CarryArg", CarryArg), ("OpenArg", OpenArg),
           ("CarryOut", CarryOut), ("OpenOut", OpenOut), ("IfBase", IfBase), ("OpenIf", OpenIf),
           ("Orig", Orig), ("Level", Level), ("MemLevel", MemLevel), ("Contains", Contains))


def facts_of(eg: Any) -> dict[str, int]:
    """Rows per token table (for reports and tests)."""
    out = {}
    for name, table in _TABLES:
        try:
            out[name] = eg.function_size(table)
        except Exception:
            out[name] = 0
    return out


__all__ = ["Orig", "NeedClass", "MemFirst", "MemSecond", "LoopKeys", "IfKeys", "LoopFree",
           "LoopBound", "CarryArg", "OpenArg", "CarryOut", "OpenOut", "IfBase", "OpenIf",
           "Level", "MemLevel", "Contains", "NO_KEYS", "insert_facts", "insert_levels",
           "facts_of"]
