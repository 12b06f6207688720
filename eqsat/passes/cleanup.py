"""Clean-up after extraction: what the e-graph cannot see is dead (design §3).

Extraction keeps every memory op reachable from the kernel's root, and the root
holds the program-order token, so some things survive only as token plumbing:

* dead loads: a weak load whose value nobody uses is deleted; its result token
  is replaced by its input token (a load that does not happen orders nothing);
* dead loop carries: a carried value (token or not) whose block argument only
  feeds its own next value (through pure ops, joins and if results) and whose
  loop result is unused is removed, as is a `loop` result no one uses;
* identity carries: a carried value that every `continue` passes on unchanged always
  holds its init value, so its block argument (and a `for` result) is the init value,
  and the carry then dies as above; more generally, carried values, loop and if
  results and joins that through one another only ever take one outside value (nested
  loops handing the root token back and forth) are that value;
* dead if results: results no one uses leave the if and its yields;
* idle loops: a `for` with no results whose body holds nothing but its `continue`
  (what the fold rules leave of a loop that runs no iteration), when its step is a
  positive constant;
* dead pure ops, unused `join_tokens` and `make_token`; joins are deduplicated,
  flattened, lose root-token operands, and a one-operand join is its operand;
* token plumbing no one needs: given alias facts, a token that a join, a loop's
  init or carried value, a branch's yield or a loop exit passes on is dropped
  (or replaced by the token it was built from) when every memory op still waits
  for every op it conflicts with that it waited for before — the token rules
  fix what each memory op waits for, but what a loop carries is only known once
  all its users are chosen;
(Splitting a loop's carried token per alias set, which adds plumbing for pruning to
trim, is a pass of its own: `eqsat.passes.loop_tokens`.)

Memory ops that write are never removed: a store's effect does not need its token.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from collections.abc import Callable

from eqsat.interp.machine import may_exit
from eqsat.ir.attrs import DenseConst
from eqsat.ir.core import Kernel, Operation, Region, Value
from eqsat.ir.ops import MEMORY_OPS, PURE_REGION_OPS, SPECS, OpSpec
from eqsat.ir.types import TokenType
from eqsat.memory.conflict import Conflicts
from eqsat.memory.tokensets import TokenSets, bits, exit_kind, exit_target, if_yields, mask


# What the steps look for (`_Uses.where`): each a question to an op's table entry.
def _loads(sp: OpSpec) -> bool:
    return sp.is_load


def _loops(sp: OpSpec) -> bool:
    return sp.is_loop


def _branches(sp: OpSpec) -> bool:
    return sp.is_branch


def _joins(sp: OpSpec) -> bool:
    return sp.is_join


def _loop_exits(sp: OpSpec) -> bool:
    return sp.has("continue") or sp.has("break")


def _control(sp: OpSpec) -> bool:
    return sp.is_loop or sp.is_branch


def _control_or_join(sp: OpSpec) -> bool:
    return sp.is_loop or sp.is_branch or sp.is_join


def _passes_tokens_on(sp: OpSpec) -> bool:
    """Joins, loops (their inits) and the terminators that hand values on."""
    return sp.is_join or sp.is_loop or sp.has("yield") or sp.has("continue") or \
        sp.has("break")


_PASSING: dict[Callable[[OpSpec], bool], frozenset[str]] = {}


def _passing(test: Callable[[OpSpec], bool]) -> frozenset[str]:
    """The names of the ops whose table entry passes `test`, derived from the table once
    (as `eqsat.ir.ops.MEMORY_OPS` is): finding them in a kernel is then a name lookup."""
    got = _PASSING.get(test)
    if got is None:
        got = _PASSING[test] = frozenset(n for n, sp in SPECS.items() if test(sp))
    return got


@dataclass
class CleanupStats:
    """How much each clean-up removed."""
    dead_loads: int = 0
    dead_carries: int = 0
    identity_carries: int = 0
    dead_results: int = 0
    dead_ops: int = 0
    joins_simplified: int = 0
    split_carries: int = 0

    def total(self) -> int:
        return sum(getattr(self, f.name) for f in fields(self))


class _Uses:
    """Who uses each value, kept up to date as clean-up edits the kernel, so a step
    costs what it changes rather than a walk of the kernel per change.

    `ghost` and `dropped`: joins that `_simplify_joins` takes out ahead of `_dead_pure`
    (see there); until `_dead_pure` runs, the values they would have used still count
    as used. `orphans`: values that lost their last user (or were made without one)
    since `_dead_pure` last ran, the only places it can find new dead ops once it has
    swept the whole kernel (`swept`). `walk`, `where`, `exits`, `may_exit`: the kernel's
    ops in walk order and what follows from where they are, found again only after an
    op came or went (`reshaped`)."""

    def __init__(self, kernel: Kernel):
        self.kernel = kernel
        self.map: dict[int, dict[int, Operation]] = {}    # id(value) -> users by id
        self.ghost: dict[int, Value] = {}                  # id(value) -> value
        self.dropped = 0
        self.orphans: dict[int, Value] = {}
        self.swept = False
        self._ops: list[Operation] | None = None
        self._where: dict[Callable[[OpSpec], bool], list[Operation]] = {}

        self._exits: dict[tuple[int, str], list[Operation]] | None = None
        self._exiting: dict[int, bool] = {}
        for op in self.walk():
            self._add(op)

    def walk(self) -> list[Operation]:
        if self._ops is None:
            self._ops = list(self.kernel.walk())
        return self._ops

    def exits(self, loop: Operation, kind: str) -> list[Operation]:
        """`loop_exits(loop, kind)`: the continues or breaks that end `loop`'s body,
        directly or through ifs, in walk order (kind "*": both)."""
        if self._exits is None:
            self._exits = {}
            for t in self.where(_loop_exits):
                r = t.parent
                owner = r.parent if r is not None else None
                while isinstance(owner, Operation) and owner.spec.is_branch:
                    r = owner.parent
                    owner = r.parent if r is not None else None
                leaves = exit_kind(t)
                if isinstance(owner, Operation) and owner.spec.is_loop and \
                        r is owner.regions[0] and leaves is not None:
                    self._exits.setdefault((id(owner), leaves), []).append(t)
                    self._exits.setdefault((id(owner), "*"), []).append(t)
        return self._exits.get((id(loop), kind), [])

    def may_exit(self, op: Operation) -> bool:
        got = self._exiting.get(id(op))
        if got is None:
            got = self._exiting[id(op)] = may_exit(op)
        return got

    def where(self, test: Callable[[OpSpec], bool]) -> list[Operation]:
        """The ops, in walk order, whose table entry passes `test` (one of the module's
        questions above), kept until the kernel is `reshaped`."""
        ops = self.walk()
        got = self._where.get(test)
        if got is None:
            names = _passing(test)
            got = self._where[test] = [op for op in ops if op.name in names]
        return got

    def reshaped(self) -> None:
        """An op came into the kernel or left it."""
        self._ops, self._where, self._exits, self._exiting = None, {}, None, {}

    def _add(self, op: Operation) -> None:
        for v in op.operands:
            self.map.setdefault(id(v), {})[id(op)] = op

    def _drop(self, op: Operation, operands) -> None:
        for v in operands:
            users = self.map.get(id(v))
            if users is not None:
                users.pop(id(op), None)
                if not users:
                    self.orphans[id(v)] = v

    def of(self, v: Value) -> list[tuple[Operation, int]]:
        return [(op, i) for op in list(self.map.get(id(v), {}).values())
                for i, x in enumerate(op.operands) if x is v]

    def used(self, v: Value) -> bool:
        return bool(self.map.get(id(v))) or id(v) in self.ghost

    def set_group(self, op: Operation, name: str, values: list[Value]) -> None:
        """`op.set_group`, recording the new uses."""
        before = list(op.operands)
        op.set_group(name, values)
        self._drop(op, before)
        self._add(op)

    def removed(self, op: Operation) -> None:
        """`op` (and everything nested in it) left the kernel."""
        for inner in op.walk():
            self._drop(inner, inner.operands)

    def edited(self, op: Operation, before: list[Value]) -> None:
        """`op`'s operands, `before` until now, changed in place."""
        self._drop(op, before)
        self._add(op)

    def made(self, v: Value) -> None:
        """`v` was just made (by a new op), with no user yet."""
        self.orphans[id(v)] = v
        self.reshaped()


def _replace_uses(uses: _Uses, old: Value, new: Value) -> None:
    for op, i in uses.of(old):
        op.operands[i] = new
    moved = uses.map.pop(id(old), {})
    if moved:
        uses.map.setdefault(id(new), {}).update(moved)
    uses.orphans[id(old)] = old
    if uses.ghost.pop(id(old), None) is not None:
        uses.ghost[id(new)] = new


def _enclosing(op: Operation) -> Operation | Kernel | None:
    """The op (or kernel) whose region holds `op`."""
    return op.parent.parent if op.parent is not None else None


def _drop_operand(term: Operation, idx: int, uses: _Uses) -> None:
    vals = list(term.operands)
    del vals[idx]
    uses.set_group(term, "values", vals)


def _drop_result(op: Operation, idx: int) -> None:
    del op.results[idx]
    for i, r in enumerate(op.results):
        r.index = i


def _drop_output(op: Operation, idx: int, exits, uses: _Uses) -> None:
    """Drop result `idx` of `op` and the operand that feeds it at each of its `exits`."""
    for t in exits:
        _drop_operand(t, idx, uses)
    _drop_result(op, idx)


def _drop_arg(region: Region, idx: int) -> None:
    del region.args[idx]
    for i, a in enumerate(region.args):
        a.index = i


def _is_pure(op: Operation) -> bool:
    sp = op.spec
    if sp is None:
        return False
    if op.name in PURE_REGION_OPS:
        return True
    return not op.regions and sp.effect in ("pure", "token")


def root_token(kernel: Kernel, uses: _Uses | None = None) -> Value:
    """A root token at the start of the kernel (reusing one if there is one)."""
    for op in kernel.body.ops:
        if op.spec.is_token_source:
            return op.result
    op = Operation("make_token", [], [TokenType()])
    op.parent = kernel.body
    kernel.body.ops.insert(0, op)
    if uses is not None:
        uses.made(op.result)
    return op.result


# Each step below makes every change it can find in one walk, keeping the use map
# current, and returns whether it changed anything; `settle` repeats a step until it
# does not. What each step removes does not depend on the order it finds things in,
# so this ends where one change per walk would.

def _dead_loads(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    gone: list[Operation] = []
    for op in uses.where(_loads):
        if op.attrs.get("sem", "weak") != "weak":
            continue
        if uses.used(op.results[0]) or op.parent is None:
            continue
        tok = op.results[1]
        if uses.used(tok):
            src = op.token_in if op.token_in is not None else root_token(kernel, uses)
            _replace_uses(uses, tok, src)
        uses.removed(op)
        gone.append(op)
        st.dead_loads += 1
    _drop_ops(gone, uses)
    return bool(gone)


def _carry_is_dead(loop: Operation, j: int, uses: _Uses) -> bool:
    """Does block argument j of the loop only feed its own next value?"""
    counted = loop.spec.is_counted_loop
    skip = 1 if counted else 0
    arg = loop.regions[0].args[j + skip]
    if counted and uses.used(loop.results[j]):
        return False
    slice_ids = {id(arg)}
    work = [arg]
    while work:
        v = work.pop()
        for user, i in uses.of(v):
            usp = user.spec
            if usp.has("continue") and exit_target(user) is loop:
                if i != j:
                    return False
                continue
            owner = _enclosing(user)
            if usp.has("yield") and isinstance(owner, Operation) and owner.spec.is_branch:
                r = owner.results[i]
                if id(r) not in slice_ids:
                    slice_ids.add(id(r))
                    work.append(r)
                continue
            if not _is_pure(user) or user.regions:
                return False
            for r in user.results:
                if id(r) not in slice_ids:
                    slice_ids.add(id(r))
                    work.append(r)
    return True


def _dead_carries(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    changed = False
    for loop in uses.where(_loops):
        counted = loop.spec.is_counted_loop
        skip = 1 if counted else 0
        conts = uses.exits(loop, "continue")
        j = 0
        while j < len(loop.group("init")):
            if not _carry_is_dead(loop, j, uses):
                j += 1
                continue
            inits = loop.group("init")
            for t in conts:
                _drop_operand(t, j, uses)
            _drop_arg(loop.regions[0], j + skip)
            uses.set_group(loop, "init", inits[:j] + inits[j + 1:])
            if counted:       # a counted loop's results go with its carries
                _drop_result(loop, j)
            st.dead_carries += 1
            changed = True
        if not counted:       # results handed over by breaks
            changed |= _drop_dead_results(loop, uses.exits(loop, "break"), uses, st)
    return changed


def _drop_dead_results(op: Operation, exits: list[Operation], uses: _Uses,
                       st: CleanupStats) -> bool:
    """Drop each result of `op` nothing reads, with its operand in every exit that
    hands it over (the breaks of a `loop`, the yields of an `if`)."""
    changed = False
    k = 0
    while k < len(op.results):
        if uses.used(op.results[k]):
            k += 1
            continue
        _drop_output(op, k, exits, uses)
        st.dead_results += 1
        changed = True
    return changed


def _identity_carries(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    """Replace a carry that every `continue` passes on unchanged by its init value."""
    changed = False
    for loop in uses.where(_loops):
        counted = loop.spec.is_counted_loop
        skip = 1 if counted else 0
        args = loop.regions[0].args
        conts = uses.exits(loop, "continue")
        for j, init in enumerate(loop.group("init")):
            arg = args[j + skip]
            if not uses.used(arg) or any(
                    j >= len(t.operands) or t.operands[j] is not arg for t in conts):
                continue
            _replace_uses(uses, arg, init)
            if counted:
                _replace_uses(uses, loop.results[j], init)
            st.identity_carries += 1
            changed = True
    return changed


_ROOT = object()          # every make_token result: each stands for no memory op


def _visible_at(v: Value, op: Operation) -> bool:
    """Is `v` defined where `op` is, so that `op` (or its results) may use it?"""
    owner = v.owner
    home = owner if isinstance(owner, Region) else owner.parent if isinstance(
        owner, Operation) else None
    if home is None:
        return True                          # a kernel parameter
    cur: Operation | None = op
    while cur is not None:
        r = cur.parent
        if r is home:
            return isinstance(owner, Region) or (
                r.ops.index(owner) < r.ops.index(cur))
        cur = r.parent if r is not None and isinstance(r.parent, Operation) else None
    return False


def _control_edges(uses: _Uses) -> list[tuple[Value, Value]]:
    """`control_edges(kernel)`, from the loops, ifs and exits `uses` has at hand."""
    edges: list[tuple[Value, Value]] = []
    for op in uses.where(_control):
        sp = op.spec
        if sp.is_branch:
            for t in if_yields(op):
                edges += list(zip(t.operands, op.results))
            continue
        counted = sp.is_counted_loop
        args = op.regions[0].args[1:] if counted else op.regions[0].args
        inits = op.group("init")
        edges += list(zip(inits, args))
        if counted:
            edges += list(zip(inits, op.results))
        for t in uses.exits(op, "*"):
            if t.spec.has("continue"):
                edges += list(zip(t.operands, args))
                if counted:
                    edges += list(zip(t.operands, op.results))
            else:
                edges += list(zip(t.operands, op.results))
    return edges


def _same_value_webs(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    """Carried values, loop and if results and joins that, through one another, only
    ever take one outside value: all of them are that value.

    An identity carry is the simplest case; nested loops that each hand the other's
    token back (the inner one restarting from the root token) are not caught one
    carry at a time. Optimistic fixpoint over the control edges (a value is assumed
    equal to its one source until a second source shows up), then each value of a web
    is replaced by the source when that is visible where the value is defined. A join
    ignores root tokens, so a join of a web's values and the root is the web's value."""
    edges = _control_edges(uses)
    incoming: dict[int, list[Value]] = {}
    node: dict[int, Value] = {}
    site: dict[int, Operation] = {}
    for src, dst in edges:
        incoming.setdefault(id(dst), []).append(src)
        node[id(dst)] = dst
    pinned: set[int] = set()
    for op in uses.where(_control_or_join):
        sp = op.spec
        if sp.is_loop or sp.is_branch:
            for v in [*op.results, *(op.regions[0].args if sp.is_loop else [])]:
                site[id(v)] = op
            if uses.may_exit(op):     # its results also say that control got past it
                pinned.update(id(r) for r in op.results)
        elif sp.is_join:
            incoming[id(op.result)] = list(op.operands)
            node[id(op.result)] = op.result
            site[id(op.result)] = op
    joins = {k for k, v in node.items() if _is_join(v)}
    top, bottom = object(), object()
    val: dict[int, Any] = dict.fromkeys(node, top)

    def canon(v: Value) -> Any:
        if id(v) in node:
            return val[id(v)]
        return _ROOT if _is_root(v) else v

    def meet(k: int) -> Any:
        if k in pinned:
            return bottom
        got = [canon(v) for v in incoming[k]]
        if k in joins:
            if any(g is bottom for g in got):
                return bottom
            real = [g for g in got if g is not top and g is not _ROOT]
            if real:
                return real[0] if all(g is real[0] for g in real) else bottom
            return top if any(g is top for g in got) else _ROOT
        known = [g for g in got if g is not top]
        if not known:
            return top
        return known[0] if all(g is known[0] for g in known) else bottom

    while True:
        changed = True
        while changed:
            changed = False
            for k in node:
                new = meet(k)
                if new is not val[k]:
                    val[k] = new
                    changed = True
        bad = [k for k, g in val.items() if isinstance(g, Value) and k in site
               and not _visible_at(g, site[k])]
        if not bad:
            break
        pinned.update(bad)
        val = dict.fromkeys(node, top)
    done = False
    for k, g in val.items():
        if g is top or g is bottom or not uses.used(node[k]):
            continue
        new = root_token(kernel, uses) if g is _ROOT else g
        if new is node[k]:
            continue
        _replace_uses(uses, node[k], new)
        st.identity_carries += 1
        done = True
    return done


def _dead_if_results(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    changed = False
    for op in uses.where(_branches):
        changed |= _drop_dead_results(op, if_yields(op), uses, st)
    return changed


def _is_join(v: Value) -> bool:
    return isinstance(v.owner, Operation) and v.owner.spec.is_join


def _is_root(v: Value) -> bool:
    return isinstance(v.owner, Operation) and v.owner.spec.is_token_source


def _leaves(op: Operation) -> list[Value]:
    """The operands of join `op` once every join it reads is flattened: each join operand
    replaced by its own (flattened) operands, root tokens left out, each value once,
    where it first comes. Joins it reads may not be flattened themselves (see
    `_simplify_joins`), so this walks through all of them."""
    flat: list[Value] = []
    seen: set[int] = set()
    done: set[int] = set()                       # joins already walked through
    stack = [iter(op.operands)]
    while stack:
        for v in stack[-1]:
            src = v.owner
            if isinstance(src, Operation) and src.spec.is_join and src is not op:
                if id(src) not in done:
                    done.add(id(src))
                    stack.append(iter(src.operands))
                    break
                continue
            if not _is_root(v) and id(v) not in seen:
                seen.add(id(v))
                flat.append(v)
        else:
            stack.pop()
    return flat


def _simplify_join(kernel: Kernel, op: Operation, uses: _Uses, gone: list[Operation]) -> bool:
    """One simplification of one join; whether it changed (or removed) it. A removed
    join goes to `gone`, for its region to drop."""
    flat = _leaves(op)
    if len(flat) == 1:
        _replace_uses(uses, op.result, flat[0])
    elif not flat:
        _replace_uses(uses, op.result, root_token(kernel, uses))
    elif len(flat) != len(op.operands) or any(a is not b for a, b in zip(flat, op.operands)):
        uses.set_group(op, "tokens", flat)
        return True
    else:
        return False
    uses.removed(op)
    gone.append(op)
    return True


def _feeds_only_joins(op: Operation, uses: _Uses) -> bool:
    """Does nothing but joins use join `op`'s result, and are its operands joins and
    values of ops that are not pure? Then once flattened it is dead, and `_dead_pure`
    would remove it with nothing it uses."""
    users = uses.map.get(id(op.result), {})
    if any(not u.spec.is_join for u in users.values()):
        return False
    for v in op.operands:
        src = v.owner
        if isinstance(src, Operation) and not _is_join(v) and not _is_root(v) \
                and _is_pure(src):
            return False
    return any(_is_join(v) for v in op.operands)


def _simplify_joins(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    """Flatten joins, drop root tokens and repeats, replace joins of one value (or none).

    A join reads only joins before it, which are simplified when it is reached. Along a
    chain of joins each read only by the next, every one would be flattened into a copy
    of all before it and then be dead: quadratic work for ops `_dead_pure` removes at
    the end of the round. Such a join (read only by joins, reading a join, so it keeps
    two values or more and changes) is counted as simplified and taken out now, its
    operands as they are; the values it reads stay `used` (`_Uses.ghost`) and it is
    counted as removed (`_Uses.dropped`) when `_dead_pure` runs, so every other step
    sees what it would have seen. Joins that read it flatten through it (`_leaves`)."""
    changed = False
    gone: list[Operation] = []
    for op in uses.where(_joins):
        if op.parent is None:
            continue
        if _feeds_only_joins(op, uses):
            for v in op.operands:
                if not _is_join(v) and not _is_root(v):
                    uses.ghost[id(v)] = v
            uses.removed(op)
            uses.dropped += 1
            gone.append(op)
            st.joins_simplified += 1
            changed = True
            continue
        while op.parent is not None and _simplify_join(kernel, op, uses, gone):
            st.joins_simplified += 1
            changed = True
            if gone and gone[-1] is op:
                break
    _drop_ops(gone, uses)
    return changed


def _drop_ops(ops: list[Operation], uses: _Uses) -> None:
    """Take `ops` out of their regions, one pass per region."""
    by_region: dict[int, tuple[Region, set[int]]] = {}
    for op in ops:
        region = op.parent
        assert region is not None, f"'{op.name}' is in no region"
        by_region.setdefault(id(region), (region, set()))[1].add(id(op))
        op.parent = None
    for region, ids in by_region.values():
        region.ops = [o for o in region.ops if id(o) not in ids]
    if ops:
        uses.reshaped()


def _positive_constant(v: Value) -> bool:
    owner = v.owner
    if not isinstance(owner, Operation) or owner.name != "constant":
        return False
    c = owner.attrs.get("value")
    return isinstance(c, DenseConst) and c.is_splat and str(c.elem).startswith("i") \
        and int(c.scalar()) > 0


def _idle_loops(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    """Remove each `for` that computes nothing and does nothing: no results, a body of
    only its `continue`, and a positive constant step (a step that is not positive is
    an error the loop would raise). Counted as dead ops."""
    gone = [op for op in uses.where(_loops)
            if op.name == "for" and not op.results and len(op.regions[0].ops) == 1
            and op.regions[0].ops[0].spec.has("continue") and _positive_constant(op.operands[2])]
    for op in gone:
        uses.removed(op)
    st.dead_ops += len(gone)
    _drop_ops(gone, uses)
    return bool(gone)


def _dead_pure(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    """Remove pure ops no one uses (and so whole dead chains).

    The first time, a walk backwards: users come after what they use, so one pass frees
    whole dead chains. After that, an op can only have died through a value that lost
    its last user since (`_Uses.orphans`): those are followed instead, as far as
    removals go, which finds the same ops. Not where pure ops have regions: a backwards
    walk counts the dead ops inside one before the op itself."""
    ghosts = uses.dropped                   # joins `_simplify_joins` took out already
    st.dead_ops += ghosts
    uses.dropped = 0
    for v in uses.ghost.values():
        uses.orphans[id(v)] = v
    uses.ghost.clear()
    gone: dict[int, tuple[Region, set[int]]] = {}     # id(region) -> its removed ops

    def dead(op: Operation) -> bool:
        return _is_pure(op) and bool(op.results) and not any(uses.used(r) for r in op.results)

    def remove(op: Operation) -> None:
        uses.removed(op)
        home = op.parent
        assert home is not None, f"'{op.name}' is in no region"
        gone.setdefault(id(home), (home, set()))[1].add(id(op))
        op.parent = None
        st.dead_ops += 1
    if not uses.swept:
        ops = uses.walk()
        uses.swept = not any(op.regions and _is_pure(op) for op in ops)
        uses.orphans.clear()
        for op in reversed(ops):
            if dead(op):
                remove(op)
        uses.orphans.clear()
    while uses.orphans:
        _, v = uses.orphans.popitem()
        owner = v.owner                    # an op, or the region of a block argument
        if isinstance(owner, Operation) and owner.parent is not None and dead(owner):
            remove(owner)
    for region, ids in gone.values():
        region.ops = [o for o in region.ops if id(o) not in ids]
    if gone:
        uses.reshaped()
    return bool(gone) or ghosts > 0


# -- token plumbing no one needs ------------------------------------------------------------------
class ConflictBits:
    """Which memory ops of `ts` an op must stay after, as a bitset: from the ordering
    keys when `conflict` is a `Conflicts` (one mask per key, so no pair is asked
    about), else one call per pair."""

    def __init__(self, ts: TokenSets, conflict: Callable[[Operation, Operation], bool]):
        self.ts, self.conflict = ts, conflict
        self.by_key: dict[Any, int] | None = None
        self._memo: dict[frozenset, int] = {}
        if type(conflict) is Conflicts:
            at: dict[Any, list[int]] = {}
            for i, op in enumerate(ts.bit_ops):
                for key in conflict.keys(op).first:
                    at.setdefault(key, []).append(i)
            self.by_key = {key: mask(got, ts.width) for key, got in at.items()}

    def before(self, b: Operation, among: int) -> int:
        """The ops of `among` (a bitset of ops) that `b` must stay after."""
        if not among:
            return 0
        if self.by_key is not None:
            assert isinstance(self.conflict, Conflicts)
            second = self.conflict.keys(b).second
            hit = self._memo.get(second)
            if hit is None:
                hit = 0
                for key in second:
                    hit |= self.by_key.get(key, 0)
                self._memo[second] = hit
            return among & hit
        ops = self.ts.bit_ops
        return mask([i for i in bits(among) if self.conflict(ops[i], b)], self.ts.width)


def _needed(ts: TokenSets, conflict: Callable[[Operation, Operation], bool]) -> dict[int, int]:
    """For every memory op: the op instances it may wait for that it conflicts with
    (the conflict predicate asked once per pair of ops, not per instance), a bitset."""
    cb = ConflictBits(ts, conflict)
    out = {}
    for b in ts.eqs:
        if is_memory_op(b) and b.token_in is not None:
            pairs = ts.get(b.token_in)
            out[id(b)] = pairs & ts.every(cb.before(b, ts.ops(pairs)))
    return out


def _still_ordered(ts: TokenSets, ops, need: dict[int, int]) -> bool:
    """Does every memory op of `ops` still wait, on every path, for everything in `need`?"""
    for op in ops:
        want = need.get(id(op))
        if want and want & ts.get(op.token_in) != want:
            return False
    return True


class _Edits:
    """Tries edits of token operands, keeping those after which every memory op still
    waits for all it needs: each try solves again only what the edit reaches.

    Every kept edit drops a join operand or puts the token it was built from in an
    operand's place; either way no `must` set can grow (the solution after is a
    post-fixpoint of the equations before). So a join edit that failed fails again
    after further kept edits, and `failed` answers it without solving (a join is a
    union: the edit is what leaves it, not where from)."""

    def __init__(self, kernel: Kernel, conflict):
        self.conflict = conflict
        self.ts = ts = TokenSets(kernel)
        self.need = _needed(ts, conflict)
        wanted = 0
        for want in self.need.values():
            wanted |= want
        ts.restrict({id(ts.bit_ops[i]) for i in bits(ts.ops(wanted))})
        self.ok = _still_ordered(ts, ts.eqs, self.need)
        self.failed: set[tuple[int, int, int]] = set()   # (join, removed, added) ids

    def keep(self, site: Operation, removed: Value, added: Value | None) -> bool:
        """`site`'s operand `removed` was just taken out (and `added`, if any, put in):
        does every memory op still wait for what it needs? If not, the solution is put
        back and the caller undoes the edit."""
        key = (id(site), id(removed), id(added) if added is not None else 0)
        if key in self.failed and removed not in site.operands:
            return False
        saved, reached = self.ts.resolve(self.ts.owner(site), removed, added, self.need)
        if _still_ordered(self.ts, reached, self.need):
            return True
        self.ts.restore(saved)
        if site.spec.is_join:                   # (what it dropped was its only copy)
            self.failed.add(key)
        return False


def _plumbing_sites(uses: _Uses):
    """(op, operand index) of tokens passed on rather than waited for."""
    for op in uses.where(_passes_tokens_on):
        sp = op.spec
        start = 3 if sp.is_counted_loop else 0          # (lb, ub, step)
        for i, v in enumerate(op.operands):
            if i >= start and v.is_token:
                owner = _enclosing(op)
                if sp.has("yield") and not (isinstance(owner, Operation)
                                             and owner.spec.is_branch):
                    continue
                yield op, i


def _built_on(w: Value, v: Value) -> bool:
    """`w` is `v` passed on through memory ops (each one's token is its input's and its own)."""
    while w is not v:
        src = w.owner
        if not (isinstance(src, Operation) and is_memory_op(src) and src.token_in is not None):
            return False
        w = src.token_in
    return True


def _prune_plumbing(kernel: Kernel, ed: _Edits, uses: _Uses, st: CleanupStats) -> bool:
    """Drop or weaken passed-on tokens while every memory op keeps waiting for every op
    it conflicts with; returns whether anything changed. Where the analysis cannot
    vouch for the kernel as it is (some op's needs are not all `must`), only edits that
    take away no instance any op needs are made: the solution on needed instances is
    then unchanged, whatever the paths."""
    changed = False

    def frees_nothing(v: Value, instead: Value | None, site: Operation | None = None) -> bool:
        may = ed.ts.may
        if ed.ok or may.get(id(v), 0) == (0 if instead is None else may.get(id(instead), 0)):
            return True
        # a join operand that another operand was built from (through memory ops, each
        # passing on its input token) adds nothing to the join on any path
        return site is not None and any(_built_on(w, v) for w in site.operands if w is not v)

    def accept(site: Operation, removed: Value, added: Value | None) -> bool:
        if ed.ok:
            return ed.keep(site, removed, added)
        ed.ts.resolve(ed.ts.owner(site), removed, added)    # gated: no need is touched
        return True

    before: dict[int, tuple[Operation, list[Value]]] = {}     # operands of edited ops
    for op, i in list(_plumbing_sites(uses)):
        if id(op) not in before:
            before[id(op)] = (op, list(op.operands))
        while i < len(op.operands):
            v = op.operands[i]
            src = v.owner
            if op.spec.is_join and len(op.operands) > 1 and \
                    frees_nothing(v, None, op):
                del op.operands[i]
                op.segments = (len(op.operands),)
                if accept(op, v, None):
                    st.joins_simplified += 1
                    changed = True
                    break                      # the next operand moved into slot i
                op.operands.insert(i, v)
                op.segments = (len(op.operands),)
            if isinstance(src, Operation) and src.name in MEMORY_OPS:
                weaker = src.token_in if src.token_in is not None \
                    else root_token(kernel, uses)
                if not frees_nothing(v, weaker):
                    break
                op.operands[i] = weaker
                if accept(op, v, weaker):
                    st.joins_simplified += 1
                    changed = True
                    continue                   # try to weaken further
                op.operands[i] = v
            break
    for op, operands in before.values():        # the use map catches up, once per op
        if operands != op.operands:
            uses.edited(op, operands)
    return changed


# -- one carried token per alias set ---------------------------------------------------------
def is_memory_op(op: Operation) -> bool:
    """An op that reads or writes memory through a token (what waits are counted for)."""
    return op.name in MEMORY_OPS


def _settled(kernel: Kernel, conflict, st: CleanupStats) -> _Edits | None:
    """Run the steps and pruning until nothing changes; returns pruning's state, which
    then describes the kernel as it is (None without `conflict`)."""
    steps = (_dead_loads, _simplify_joins, _identity_carries, _same_value_webs, _dead_carries,
             _dead_if_results, _idle_loops, _dead_pure)
    uses = _Uses(kernel)                # every step and pruning keep it current
    ed: _Edits | None = None
    progress = True
    while progress:
        progress = False
        for step in steps:
            while step(kernel, uses, st):
                progress = True
                ed = None
        if conflict is not None:
            # Pruning's own edits keep its solution exact, and they only take pairs out of
            # what memory ops wait for, never out of what they need: so while no other step
            # changed the kernel, what a fresh one would find (solution, needs, tracked
            # ops) is what it holds already.
            if ed is None:
                ed = _Edits(kernel, conflict)
            if _prune_plumbing(kernel, ed, uses, st):
                progress = True
    return ed


def settle(kernel: Kernel, conflict: Callable[[Operation, Operation], bool] | None,
           st: CleanupStats) -> bool:
    """Clean up in place until nothing changes, counting into `st`; whether pruning
    could account for every wait exactly (always False without `conflict`), which is
    what a pass that adds plumbing for pruning to trim needs (`passes.loop_tokens`)."""
    ed = _settled(kernel, conflict, st)
    return ed is not None and ed.ok


def cleanup(kernel: Kernel, conflict: Callable[[Operation, Operation], bool] | None = None
            ) -> CleanupStats:
    """Remove dead loads, carries, if results, joins and pure ops, in place, until
    nothing changes. With `conflict(first, second)` (must `second` stay after
    `first`?) also drop passed-on tokens no memory op needs."""
    st = CleanupStats()
    settle(kernel, conflict, st)
    return st


__all__ = ["cleanup", "CleanupStats", "ConflictBits", "is_memory_op", "root_token", "settle"]
