"""Whole-program facts the token rules read, computed in Python at encode time.

Whether two memory ops may be reordered needs alias footprints, acquire/release
semantics and (for stores in loops) injectivity of the address — facts about the
whole kernel that rules cannot derive locally. They are decided here once, on the
input kernel, and inserted as relations keyed by each memory op's uid (its unique
attribute id, see encode.py) and each loop's region id. Rewrites keep meaning, so
the facts stay true of every e-node a rule later builds for the same op.

Relations (`earlier`/`later` are program order, iteration order in loops):

* `Indep(o, p)`: op o need not wait for op p (they cannot conflict as p-then-o);
  `Dep(o, p)`: it must;
* `LoopFree(o, r)`: o, inside loop r, need not wait for any instance of any op of
  r from an earlier iteration (itself included: a load, or a store whose address
  is injective in the induction variable; ops it may conflict with are fine when
  every iteration touches its own tile of their common array, eqsat.memory.injective);
* `After(o, r)`: o, after loop r, need not wait for any op inside r;
* `IfFree(o, h)`: o, after the `if` whose head term is h, need not wait for any
  op inside it;
* `CarryArg(r, a, i)`: the token carried in body argument a / init i of loop r is
  *closed*: what the body passes on for it stands for the carried token, the init
  and ops of the body only (so the carried token = init + earlier iterations);
* `CarryOut(r, k, i)`: result k of loop r stands for init i and ops of the loop;
* `IfBase(h, k, b)`: result token k of the `if` h stands for token b and ops
  inside the if;
* `Orig(m)`: m is a memory op as encoded (the token rules weaken these and read
  the program's own tokens through them);
* `KeepArg(o, r, a)`, `KeepOut(o, r, k)`, `KeepIf(o, h, k)`: o must keep waiting
  for that carried token / loop result / if result (the complement of the facts
  above, so that every token an op holds is decided one way or the other).

Loops and ifs that may leave early (`return`, or `break`/`continue` out of an if)
get no `After`/`IfFree`/`CarryOut`/`IfBase` facts: ops behind them must stay
behind them, since they only run when control gets there.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from egglog import Unit, i64, i64Like, relation

from eqsat.memory.alias import AliasFacts, alias_facts, is_acquire, is_release
from eqsat.memory.injective import Bounds, disjoint_across, disjoint_pair_across
from eqsat.interp.machine import may_exit
from eqsat.ir.core import Operation, Region, Value, region_exits
from eqsat.analysis.signature import array_layouts
from eqsat.egraph import terms as T

if TYPE_CHECKING:                                   # pragma: no cover
    from eqsat.egraph.encode import _Encoder

# (typed as egglog calls them: an i64 column takes a Python int too)
Orig = cast(Callable[[T.Term], Unit], relation("Orig", T.Term))
Indep = cast(Callable[[i64Like, i64Like], Unit], relation("Indep", i64, i64))
Dep = cast(Callable[[i64Like, i64Like], Unit], relation("Dep", i64, i64))
KeepArg = cast(Callable[[i64Like, i64Like, i64Like], Unit], relation("KeepArg", i64, i64, i64))
KeepOut = cast(Callable[[i64Like, i64Like, i64Like], Unit], relation("KeepOut", i64, i64, i64))
KeepIf = cast(Callable[[i64Like, T.Term, i64Like], Unit], relation("KeepIf", i64, T.Term, i64))
LoopFree = cast(Callable[[i64Like, i64Like], Unit], relation("LoopFree", i64, i64))
After = cast(Callable[[i64Like, i64Like], Unit], relation("After", i64, i64))
IfFree = cast(Callable[[i64Like, T.Term], Unit], relation("IfFree", i64, T.Term))
CarryArg = cast(Callable[[i64Like, i64Like, i64Like], Unit], relation("CarryArg", i64, i64, i64))
CarryOut = cast(Callable[[i64Like, i64Like, i64Like], Unit], relation("CarryOut", i64, i64, i64))
IfBase = cast(Callable[[T.Term, i64Like, T.Term], Unit], relation("IfBase", T.Term, i64, T.Term))
# derived by rules/tokens.py: token a stands for every op token b stands for
Contains = cast(Callable[[T.Term, T.Term], Unit], relation("Contains", T.Term, T.Term))

_PRINTS = ("print", "print_tko")


def conflict(facts: AliasFacts, first: Operation, second: Operation) -> bool:
    """Must `second` stay after `first`? (alias conflict, acquire/release, prints in order)"""
    if first.name in _PRINTS and second.name in _PRINTS:
        return True
    return facts.conflict(first, second)


def _self_free(facts: AliasFacts, op: Operation, loop: Operation, layouts: dict,
               bounds: Bounds) -> bool:
    """Can instances of `op` in different iterations of `loop` run in any order?"""
    if is_acquire(op) or is_release(op) or op.name in _PRINTS:
        return False
    if not conflict(facts, op, op):
        return True
    return disjoint_across(op, loop, facts, layouts, bounds)


def _loops_around(op: Operation) -> frozenset:
    out, r = set(), op.parent
    while isinstance(r, Region) and isinstance(r.parent, Operation):
        if r.parent.name in ("for", "loop"):
            out.add(id(r.parent))
        r = r.parent.parent
    return frozenset(out)


def _memory_ops_in(op: Operation, uids: dict[int, int]) -> list[Operation]:
    return [o for r in op.regions for o in r.walk() if id(o) in uids]


def insert_facts(enc: _Encoder) -> int:
    """Compute the token facts of the kernel being encoded and insert them; returns
    the number of rows."""
    kernel = enc.kernel
    facts = enc.alias if enc.alias is not None else alias_facts(kernel)
    uids = {id(op): uid for op, uid in enc.mem_ops}
    mem = [op for op, _ in enc.mem_ops]
    layouts = array_layouts(kernel)
    bounds = Bounds(kernel)
    rows: list = [Orig(h) for h in enc.mem_heads]
    order = {id(op): i for i, op in enumerate(mem)}        # program order (walk order)
    loops = {id(op): _loops_around(op) for op in mem}
    for o in mem:
        for p in mem:
            # p can stand in o's token only if it comes first, or in an earlier
            # iteration of a loop around both
            if o is not p and (order[id(p)] < order[id(o)] or loops[id(p)] & loops[id(o)]):
                rel = Dep if conflict(facts, p, o) else Indep
                rows.append(rel(uids[id(o)], uids[id(p)]))
    carries, outs, ifs = _carry_facts(enc, rows)
    for rop, key in enc.region_ops:
        inside = _memory_ops_in(rop, uids)
        inside_ids = {id(x) for x in inside}
        exits = may_exit(rop)
        loop_free: set[int] = set()
        if rop.name in ("for", "loop"):
            for o in inside:
                if all(p is o or not conflict(facts, p, o) or
                       disjoint_pair_across(p, o, rop, facts, layouts, bounds)
                       for p in inside) and _self_free(facts, o, rop, layouts, bounds):
                    rows.append(LoopFree(uids[id(o)], key))
                    loop_free.add(id(o))
            for arg, closed in carries.get(key, {}).items():
                for o in inside:
                    if not (closed and id(o) in loop_free):
                        rows.append(KeepArg(uids[id(o)], key, arg))
        after: set[int] = set()
        if not exits:
            for o in mem:
                if id(o) not in inside_ids and all(not conflict(facts, p, o) for p in inside):
                    rows.append((IfFree if rop.name == "if" else After)(uids[id(o)], key))
                    after.add(id(o))
        results = (ifs if rop.name == "if" else outs).get(_hkey(key), {})
        for k, closed in results.items():
            for o in mem:
                if id(o) in inside_ids or (closed and id(o) in after):
                    continue
                if rop.name == "if":
                    rows.append(KeepIf(uids[id(o)], key, k))
                else:
                    rows.append(KeepOut(uids[id(o)], key, k))
    if rows:
        enc.eg.register(*rows)
    return len(rows)


def _hkey(key: Any) -> Any:
    """Region keys: loop region ids as they are, if heads by identity."""
    return key if isinstance(key, int) else id(key)


# -- which carried tokens are closed --------------------------------------------------------------
def _carry_facts(enc: _Encoder, rows: list) -> tuple[dict, dict, dict]:
    """Append the CarryArg/CarryOut/IfBase rows; return, per loop region id, its token
    arguments -> closed?, per loop region id its token results -> closed?, and per
    if head its token results -> closed?"""
    carries: dict[int, dict[int, bool]] = {}
    outs: dict[int, dict[int, bool]] = {}
    ifs: dict[int, dict[int, bool]] = {}
    if not enc.tokenized:
        by_rid = {key: op for op, key in enc.region_ops if op.name in ("for", "loop")}
        for rid, (arg, init, res) in enc.chain_carries.items():
            rows.append(CarryArg(rid, arg, init))
            carries.setdefault(rid, {})[arg] = True
            closed = not may_exit(by_rid[rid])
            if closed:
                rows.append(CarryOut(rid, res, init))
            outs.setdefault(rid, {})[res] = closed
        for op, head, res, base in enc.chain_ifs:
            closed = not may_exit(op)
            if closed:
                rows.append(IfBase(head, res, base))
            ifs.setdefault(id(head), {})[res] = closed
        return carries, outs, ifs
    for op, key in enc.region_ops:
        leaves = _Leaves(op)
        if op.name in ("for", "loop"):
            args = op.regions[0].args
            skip = 1 if op.name == "for" else 0
            inits = op.group("init")
            closed_args: list[tuple[int, int]] = []
            mine = carries.setdefault(key, {})
            for i, init_v in enumerate(inits):
                a = i + skip
                if not args[a].is_token:
                    continue
                ok = {("arg", a), ("out", id(init_v))}
                good = all(leaves.of(t.operands[i]) <= ok for t in _exits(op, "continue"))
                mine[a] = good
                if good:
                    closed_args.append((a, i))
                    rows.append(CarryArg(key, a, i))
            res_closed = outs.setdefault(key, {})
            for k, r in enumerate(op.results):
                if not r.is_token:
                    continue
                res_closed[k] = False
                if may_exit(op):
                    continue
                sites = list(_exits(op, "break")) if op.name == "loop" else None
                for a, i in closed_args:
                    ok = {("arg", a), ("out", id(inits[i]))}
                    if op.name == "for" and k == i or op.name == "loop" and sites and all(
                            leaves.of(t.operands[k]) <= ok for t in sites):
                        rows.append(CarryOut(key, k, i))
                        res_closed[k] = True
                        break
        elif op.name == "if":
            res_closed = ifs.setdefault(id(key), {})
            for k, r in enumerate(op.results):
                if not r.is_token:
                    continue
                res_closed[k] = False
                if may_exit(op):
                    continue
                srcs: set[tuple[str, int]] = set()
                for region in op.regions:
                    t = region.terminator
                    if t is not None and t.name == "yield":
                        srcs |= leaves.of(t.operands[k])
                outer = [x for x in srcs if x[0] == "out"]
                if len(srcs) == 1 and outer:
                    base = leaves.values[outer[0][1]]
                    rows.append(IfBase(key, k, enc.use(base)))
                    res_closed[k] = True
    return carries, outs, ifs


def _exits(loop: Operation, kind: str):
    """`continue`/`break` ops that target `loop` (its body end and nested ifs)."""
    return [t for t in region_exits(loop.regions[0]) if t.name == kind]


class _Leaves:
    """For token values inside a loop/if op R: the tokens from outside R ("out", id)
    and the carried arguments of R ("arg", i) that they are built from (through
    memory ops, joins and nested regions), as a least fixpoint."""

    def __init__(self, scope: Operation):
        self.scope = scope
        self.values: dict[int, Value] = {}
        self.sets: dict[int, frozenset] = {}
        tokens: list[Value] = []
        for r in scope.regions:
            tokens.extend(a for a in r.args if a.is_token)
            for o in r.walk():
                tokens.extend(v for v in o.results if v.is_token)
                for rr in o.regions:
                    tokens.extend(a for a in rr.args if a.is_token)
        self.inside = {id(v) for v in tokens}
        changed = True
        while changed:
            changed = False
            for v in tokens:
                new = self._step(v)
                if new != self.sets.get(id(v), frozenset()):
                    self.sets[id(v)] = new
                    changed = True

    def of(self, v: Value) -> frozenset:
        if id(v) not in self.inside:
            self.values[id(v)] = v
            return frozenset([("out", id(v))])
        return self.sets.get(id(v), frozenset())

    def _step(self, v: Value) -> frozenset:
        owner = v.owner
        if isinstance(owner, Region):
            loop = owner.parent
            if loop is self.scope:
                return frozenset([("arg", v.index)])
            assert isinstance(loop, Operation)       # a block argument of a loop body
            skip = 1 if loop.name == "for" else 0
            i = v.index - skip
            out = self.of(loop.group("init")[i])
            for t in _exits(loop, "continue"):
                out |= self.of(t.operands[i])
            return out
        op: Operation = owner
        if op.spec.is_memory or op.name == "print_tko":
            return self.of(op.token_in) if op.token_in is not None else frozenset()
        if op.name == "join_tokens":
            out = frozenset()
            for x in op.operands:
                out |= self.of(x)
            return out
        if op.name == "make_token":
            return frozenset()
        k = v.index
        out = frozenset()
        if op.name == "if":
            for r in op.regions:
                t = r.terminator
                if t is not None and t.name == "yield":
                    out |= self.of(t.operands[k])
        elif op.name == "for":
            out |= self.of(op.group("init")[k])
            for t in _exits(op, "continue"):
                out |= self.of(t.operands[k])
        elif op.name == "loop":
            for t in _exits(op, "break"):
                out |= self.of(t.operands[k])
        else:
            out = frozenset([("out", id(v))])     # unknown producer: never closed
        return out


def facts_of(eg: Any) -> dict[str, int]:
    """Rows per token relation (for reports and tests)."""
    out = {}
    for name, rel in (("Indep", Indep), ("Dep", Dep), ("LoopFree", LoopFree), ("After", After),
                      ("IfFree", IfFree), ("CarryArg", CarryArg), ("CarryOut", CarryOut),
                      ("IfBase", IfBase), ("KeepArg", KeepArg), ("KeepOut", KeepOut),
                      ("KeepIf", KeepIf), ("Contains", Contains)):
        try:
            out[name] = eg.function_size(rel)
        except Exception:
            out[name] = 0
    return out


__all__ = ["Orig", "Indep", "Dep", "LoopFree", "After", "IfFree", "CarryArg", "CarryOut", "IfBase",
           "KeepArg", "KeepOut", "KeepIf", "Contains", "conflict", "insert_facts", "facts_of"]
