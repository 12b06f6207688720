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
* dead pure ops, unused `join_tokens` and `make_token`; joins are deduplicated,
  flattened, lose root-token operands, and a one-operand join is its operand;
* token plumbing no one needs: given alias facts, a token that a join, a loop's
  init or carried value, a branch's yield or a loop exit passes on is dropped
  (or replaced by the token it was built from) when every memory op still waits
  for every op it conflicts with that it waited for before — the token rules
  fix what each memory op waits for, but what a loop carries is only known once
  all its users are chosen;
* one carried token per alias set: when some memory op waits, through a `for` loop's
  carried token, for ops of the loop it conflicts with nothing of, the carry is split
  into one token per class of the loop's ops (classes: components of the conflict
  graph). Together the new carries stand for what the old one did, every old use gets
  the join of all of them, and pruning then trims each join to what its user needs: an
  op after the loop waits only for the classes it conflicts with.

Memory ops that write are never removed: a store's effect does not need its token.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from collections.abc import Callable

from eqsat.interp.machine import may_exit
from eqsat.ir.core import Kernel, Operation, Region, Value, control_edges
from eqsat.ir.ops import MEMORY_OPS
from eqsat.ir.types import TokenType
from eqsat.memory.tokensets import TokenSets, loop_exits

_LOADS = ("load_view_tko", "load_ptr_tko")


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
    """Who uses each value: id(value) -> [(op, operand index)]."""

    def __init__(self, kernel: Kernel):
        self.map: dict[int, list[tuple[Operation, int]]] = {}
        for op in kernel.walk():
            for i, v in enumerate(op.operands):
                self.map.setdefault(id(v), []).append((op, i))

    def of(self, v: Value) -> list[tuple[Operation, int]]:
        return self.map.get(id(v), [])

    def used(self, v: Value) -> bool:
        return bool(self.map.get(id(v)))


def _replace_uses(uses: _Uses, old: Value, new: Value) -> None:
    for op, i in uses.of(old):
        op.operands[i] = new


def _remove_op(op: Operation) -> None:
    region = op.parent
    assert region is not None, f"'{op.name}' is in no region"
    region.ops.remove(op)


def _enclosing(op: Operation) -> Operation | Kernel | None:
    """The op (or kernel) whose region holds `op`."""
    return op.parent.parent if op.parent is not None else None


def _drop_operand(term: Operation, idx: int) -> None:
    vals = list(term.operands)
    del vals[idx]
    term.set_group("values", vals)


def _drop_result(op: Operation, idx: int) -> None:
    del op.results[idx]
    for i, r in enumerate(op.results):
        r.index = i


def _drop_output(op: Operation, idx: int, exits) -> None:
    """Drop result `idx` of `op` and the operand that feeds it at each of its `exits`."""
    for t in exits:
        _drop_operand(t, idx)
    _drop_result(op, idx)


def _drop_arg(region: Region, idx: int) -> None:
    del region.args[idx]
    for i, a in enumerate(region.args):
        a.index = i


def _is_pure(op: Operation) -> bool:
    sp = op.spec
    if sp is None:
        return False
    if op.name in ("reduce", "scan"):
        return True
    return not op.regions and sp.effect in ("pure", "token")


def _make_token(kernel: Kernel) -> Value:
    """A root token at the start of the kernel (reusing one if there is one)."""
    for op in kernel.body.ops:
        if op.name == "make_token":
            return op.result
    op = Operation("make_token", [], [TokenType()])
    op.parent = kernel.body
    kernel.body.ops.insert(0, op)
    return op.result


def _dead_loads(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    for op in list(kernel.walk()):
        if op.name not in _LOADS or op.attrs.get("sem", "weak") != "weak":
            continue
        if uses.used(op.results[0]):
            continue
        tok = op.results[1]
        if uses.used(tok):
            src = op.token_in if op.token_in is not None else _make_token(kernel)
            _replace_uses(uses, tok, src)
        _remove_op(op)
        st.dead_loads += 1
        return True              # the use map is stale now
    return False


def _carry_is_dead(loop: Operation, j: int, uses: _Uses) -> bool:
    """Does block argument j of the loop only feed its own next value?"""
    skip = 1 if loop.name == "for" else 0
    arg = loop.regions[0].args[j + skip]
    if loop.name == "for" and uses.used(loop.results[j]):
        return False
    slice_ids = {id(arg)}
    work = [arg]
    while work:
        v = work.pop()
        for user, i in uses.of(v):
            if user.name == "continue" and _target(user) is loop:
                if i != j:
                    return False
                continue
            owner = _enclosing(user)
            if user.name == "yield" and isinstance(owner, Operation) and owner.name == "if":
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


def _target(term: Operation) -> Operation | None:
    """The loop a continue/break belongs to."""
    r = term.parent
    while r is not None:
        owner = r.parent
        if not isinstance(owner, Operation):
            return None
        if owner.name in ("for", "loop"):
            return owner
        r = owner.parent
    return None


def _dead_carries(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    for loop in kernel.walk():
        if loop.name not in ("for", "loop"):
            continue
        inits = loop.group("init")
        for j in range(len(inits)):
            if _carry_is_dead(loop, j, uses):
                skip = 1 if loop.name == "for" else 0
                for t in loop_exits(loop, "continue"):
                    _drop_operand(t, j)
                _drop_arg(loop.regions[0], j + skip)
                loop.set_group("init", inits[:j] + inits[j + 1:])
                if loop.name == "for":
                    _drop_result(loop, j)
                st.dead_carries += 1
                return True
        if loop.name == "loop":
            for k, r in enumerate(loop.results):
                if not uses.used(r):
                    _drop_output(loop, k, list(loop_exits(loop, "break")))
                    st.dead_results += 1
                    return True
    return False


def _identity_carries(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    """Replace a carry that every `continue` passes on unchanged by its init value."""
    for loop in kernel.walk():
        if loop.name not in ("for", "loop"):
            continue
        skip = 1 if loop.name == "for" else 0
        args = loop.regions[0].args
        conts = loop_exits(loop, "continue")
        for j, init in enumerate(loop.group("init")):
            arg = args[j + skip]
            if not uses.used(arg) or any(
                    j >= len(t.operands) or t.operands[j] is not arg for t in conts):
                continue
            _replace_uses(uses, arg, init)
            if loop.name == "for":
                _replace_uses(uses, loop.results[j], init)
            st.identity_carries += 1
            return True
    return False


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


def _same_value_webs(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    """Carried values, loop and if results and joins that, through one another, only
    ever take one outside value: all of them are that value.

    An identity carry is the simplest case; nested loops that each hand the other's
    token back (the inner one restarting from the root token) are not caught one
    carry at a time. Optimistic fixpoint over the control edges (a value is assumed
    equal to its one source until a second source shows up), then each value of a web
    is replaced by the source when that is visible where the value is defined. A join
    ignores root tokens, so a join of a web's values and the root is the web's value."""
    edges = control_edges(kernel)
    incoming: dict[int, list[Value]] = {}
    node: dict[int, Value] = {}
    site: dict[int, Operation] = {}
    for src, dst in edges:
        incoming.setdefault(id(dst), []).append(src)
        node[id(dst)] = dst
    pinned: set[int] = set()
    for op in kernel.walk():
        if op.name in ("for", "loop", "if"):
            for v in [*op.results, *(op.regions[0].args if op.name != "if" else [])]:
                site[id(v)] = op
            if may_exit(op):          # its results also say that control got past it
                pinned.update(id(r) for r in op.results)
        elif op.name == "join_tokens":
            incoming[id(op.result)] = list(op.operands)
            node[id(op.result)] = op.result
            site[id(op.result)] = op
    joins = {k for k, v in node.items() if isinstance(v.owner, Operation)
             and v.owner.name == "join_tokens"}
    top, bottom = object(), object()
    val: dict[int, Any] = dict.fromkeys(node, top)

    def canon(v: Value) -> Any:
        if id(v) in node:
            return val[id(v)]
        return _ROOT if isinstance(v.owner, Operation) and v.owner.name == "make_token" else v

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
        new = _make_token(kernel) if g is _ROOT else g
        if new is node[k]:
            continue
        _replace_uses(uses, node[k], new)
        st.identity_carries += 1
        done = True
    return done


def _dead_if_results(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    for op in kernel.walk():
        if op.name != "if":
            continue
        for k, r in enumerate(op.results):
            if uses.used(r):
                continue
            _drop_output(op, k, [t for t in (region.terminator for region in op.regions)
                                 if t is not None and t.name == "yield"])
            st.dead_results += 1
            return True
    return False


def _simplify_joins(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    for op in list(kernel.walk()):
        if op.name != "join_tokens":
            continue
        flat: list[Value] = []
        for v in op.operands:
            src = v.owner
            parts = src.operands if isinstance(src, Operation) and \
                src.name == "join_tokens" and src is not op else [v]
            for x in parts:
                if isinstance(x.owner, Operation) and x.owner.name == "make_token":
                    continue
                if all(x is not y for y in flat):
                    flat.append(x)
        if len(flat) == 1:
            _replace_uses(uses, op.result, flat[0])
            _remove_op(op)
        elif not flat:
            _replace_uses(uses, op.result, _make_token(kernel))
            _remove_op(op)
        elif len(flat) != len(op.operands) or any(a is not b for a, b in zip(flat, op.operands)):
            op.set_group("tokens", flat)
        else:
            continue
        st.joins_simplified += 1
        return True
    return False


def _dead_pure(kernel: Kernel, uses: _Uses, st: CleanupStats) -> bool:
    changed = False
    for op in list(kernel.walk()):
        if _is_pure(op) and op.results and not any(uses.used(r) for r in op.results):
            _remove_op(op)
            st.dead_ops += 1
            changed = True
    return changed


# -- token plumbing no one needs ------------------------------------------------------------------
def _needed(kernel: Kernel, conflict: Callable[[Operation, Operation], bool]) -> dict:
    """For every memory op: the op instances it may wait for that it conflicts with."""
    ts = TokenSets(kernel)
    ops = {id(op): op for op in kernel.walk()}
    out = {}
    for b in ops.values():
        if (b.name in MEMORY_OPS or b.name == "print_tko") and b.token_in is not None:
            out[id(b)] = frozenset(x for x in ts.of(b.token_in) if conflict(ops[x[0]], b))
    return out


def _still_ordered(kernel: Kernel, conflict, need: dict) -> bool:
    """Does every memory op still wait, on every path, for everything in `need`?"""
    ts = TokenSets(kernel, must=True)
    for op in kernel.walk():
        want = need.get(id(op))
        if want and not want <= ts.of(op.token_in):
            return False
    return True


def _plumbing_sites(kernel: Kernel):
    """(op, operand index) of tokens passed on rather than waited for."""
    for op in kernel.walk():
        if op.name in ("join_tokens", "yield", "continue", "break") or \
                op.name in ("for", "loop"):
            start = 3 if op.name == "for" else 0
            for i, v in enumerate(op.operands):
                if i >= start and v.is_token:
                    owner = _enclosing(op)
                    if op.name == "yield" and not (isinstance(owner, Operation)
                                                    and owner.name == "if"):
                        continue
                    yield op, i


_PRUNE_LIMIT = 400        # memory ops: past this, the must-analysis per trial costs too much


def _prune_plumbing(kernel: Kernel, conflict, st: CleanupStats,
                    limit: int = _PRUNE_LIMIT) -> bool:
    """Drop or weaken passed-on tokens while every memory op keeps waiting for every op
    it conflicts with; returns whether anything changed."""
    if sum(1 for op in kernel.walk() if op.name in MEMORY_OPS) > limit:
        return False
    need = _needed(kernel, conflict)
    if not _still_ordered(kernel, conflict, need):
        return False            # the analysis cannot vouch for this kernel as it is
    changed = False
    for op, i in list(_plumbing_sites(kernel)):
        while i < len(op.operands):
            v = op.operands[i]
            src = v.owner
            if op.name == "join_tokens" and len(op.operands) > 1:
                del op.operands[i]
                op.segments = (len(op.operands),)
                if _still_ordered(kernel, conflict, need):
                    st.joins_simplified += 1
                    changed = True
                    break                      # the next operand moved into slot i
                op.operands.insert(i, v)
                op.segments = (len(op.operands),)
            if isinstance(src, Operation) and (src.name in MEMORY_OPS or
                                               src.name == "print_tko"):
                weaker = src.token_in if src.token_in is not None else _make_token(kernel)
                op.operands[i] = weaker
                if _still_ordered(kernel, conflict, need):
                    st.joins_simplified += 1
                    changed = True
                    continue                   # try to weaken further
                op.operands[i] = v
            break
    return changed


# -- one carried token per alias set ---------------------------------------------------------
def _is_mem(op: Operation) -> bool:
    return op.name in MEMORY_OPS or op.name == "print_tko"


def _join_before(user: Operation, members: list[Value]) -> Value:
    """A fresh `join_tokens` of `members` right before `user` (one member: itself)."""
    if len(members) == 1:
        return members[0]
    region = user.parent
    assert region is not None, "a user of a token sits in a region"
    j = Operation("join_tokens", list(members), [TokenType()])
    j.parent = region
    region.ops.insert(region.ops.index(user), j)
    return j.result


def _classes(ops: list[Operation], conflict) -> list[list[Operation]]:
    """Ops grouped so that no two ops of different groups conflict (components of the
    conflict graph), in program order."""
    parent = list(range(len(ops)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i
    for i, a in enumerate(ops):
        for j in range(i):
            b = ops[j]
            if conflict(b, a) or conflict(a, b):
                parent[find(i)] = find(j)
    groups: dict[int, list[Operation]] = {}
    for i, op in enumerate(ops):
        groups.setdefault(find(i), []).append(op)
    return list(groups.values())


def _split_plan(kernel: Kernel, conflict, done: set[int]):
    """The first `for` token carry worth splitting: (loop, carry index, classes). Worth it
    when some memory op waits, through the carry, for ops of a class it conflicts with
    nothing of."""
    ts = TokenSets(kernel)
    ops = {id(op): op for op in kernel.walk()}
    for loop in kernel.walk():
        if loop.name != "for" or id(loop) in done or may_exit(loop):
            continue
        inside = [op for op in loop.regions[0].walk() if _is_mem(op)]
        for j, a in enumerate(loop.regions[0].args[1:]):
            if not a.is_token:
                continue
            carried = {x for x, tag in ts.of(a) if id(loop) in tag}
            classes = _classes([op for op in inside if id(op) in carried], conflict)
            if len(classes) < 2:
                continue
            cls = {id(op): c for c, group in enumerate(classes) for op in group}
            for x in ops.values():
                if not _is_mem(x) or x.token_in is None:
                    continue
                via = {cls[y] for y, tag in ts.of(x.token_in) if y in cls}
                need = {cls[y] for y, tag in ts.of(x.token_in) if y in cls and
                        conflict(ops[y], x)}
                if need < via:
                    return loop, j, classes
    return None


def _split_carry(kernel: Kernel, loop: Operation, j: int, classes) -> list[Value]:
    """Carry token `j` of `loop` as one token per class. Carry m passes on what the
    old one did minus the tokens of other classes' ops (it goes back to their input
    tokens) and minus the other carries; together they stand for exactly what the old
    carry did, so every old use gets the join of all of them (its own copy, which
    pruning then trims to what that use needs)."""
    body = loop.regions[0]
    a = body.args[j + 1]
    r = loop.results[j]
    init = loop.group("init")[j]
    cls = {id(op): c for c, group in enumerate(classes) for op in group}
    conts = loop_exits(loop, "continue")
    arg_uses = [(op, i) for op in kernel.walk() for i, v in enumerate(op.operands)
                if v is a and not (op in conts and i == j)]
    res_uses = [(op, i) for op in kernel.walk() for i, v in enumerate(op.operands) if v is r]
    args, results = [a], [r]
    for _ in classes[1:]:
        args.append(body.add_arg(TokenType()))
        results.append(Value(TokenType(), None, loop, len(loop.results)))
        loop.results.append(results[-1])
    loop.set_group("init", list(loop.group("init")) + [init] * (len(classes) - 1))

    def parts(v: Value, m: int, seen: set[int]) -> list[Value]:
        if id(v) in seen:
            return []
        seen.add(id(v))
        if v is a:
            return [args[m]]
        op = v.owner
        if isinstance(op, Operation) and op.name == "join_tokens":
            return [x for w in op.operands for x in parts(w, m, seen)]
        if isinstance(op, Operation) and id(op) in cls and v is op.token_out and \
                cls[id(op)] != m:
            return [] if op.token_in is None else parts(op.token_in, m, seen)
        return [v]

    for t in conts:
        c = t.operands[j]
        new = []
        for m in range(len(classes)):
            got: list[Value] = []
            for x in parts(c, m, set()):
                if all(x is not y for y in got):
                    got.append(x)
            new.append(_join_before(t, got) if got else _make_token(kernel))
        vals = list(t.operands)
        vals[j] = new[0]
        t.set_group("values", vals + new[1:])
    for op, i in arg_uses:
        op.operands[i] = _join_before(op, args)
    for op, i in res_uses:
        op.operands[i] = _join_before(op, results)
    return args


def _merge_carries(kernel: Kernel, loop: Operation, args: list[Value]) -> None:
    """Undo a split that freed no op: the carries among `args` still alive become one
    that passes on the join of what each passed on (it stands for all of them)."""
    body = loop.regions[0]
    alive = [x for x in args if any(x is y for y in body.args)]
    if len(alive) < 2:
        return
    keep = alive[0].index - 1
    conts = loop_exits(loop, "continue")
    for x in alive[1:]:
        j = x.index - 1
        for t in conts:
            vals = list(t.operands)
            vals[keep] = _join_before(t, [vals[keep], vals[j]])
            t.set_group("values", vals)
        for op in kernel.walk():
            for i, v in enumerate(op.operands):
                if v is x and not (op in conts and i == j):
                    op.operands[i] = alive[0]
                elif v is loop.results[j]:
                    op.operands[i] = loop.results[keep]


def _waits(kernel: Kernel) -> dict[int, frozenset]:
    """What each memory op may wait for."""
    ts = TokenSets(kernel)
    return {id(op): ts.of(op.token_in) for op in kernel.walk() if _is_mem(op)}


def _settle(kernel: Kernel, conflict, st: CleanupStats) -> None:
    steps = (_dead_loads, _simplify_joins, _identity_carries, _same_value_webs, _dead_carries,
             _dead_if_results, _dead_pure)
    progress = True
    while progress:
        progress = False
        for step in steps:
            while step(kernel, _Uses(kernel), st):
                progress = True
        if conflict is not None and _prune_plumbing(kernel, conflict, st):
            progress = True


def cleanup(kernel: Kernel, conflict: Callable[[Operation, Operation], bool] | None = None
            ) -> CleanupStats:
    """Remove dead loads, carries, if results, joins and pure ops, in place, until
    nothing changes. With `conflict(first, second)` (must `second` stay after
    `first`?) also drop passed-on tokens no memory op needs, and split loop-carried
    tokens per alias set where that frees some op."""
    st = CleanupStats()
    _settle(kernel, conflict, st)
    tried: set[int] = set()
    while conflict is not None and \
            sum(1 for op in kernel.walk() if _is_mem(op)) <= _PRUNE_LIMIT:
        plan = _split_plan(kernel, conflict, tried)
        if plan is None or not _still_ordered(kernel, conflict, _needed(kernel, conflict)):
            break                       # nothing to split, or pruning cannot trim the joins
        tried.add(id(plan[0]))
        before = _waits(kernel)
        args = _split_carry(kernel, *plan)
        _settle(kernel, conflict, st)
        after = _waits(kernel)
        if any(after[k] < v for k, v in before.items() if k in after):
            st.split_carries += 1
        else:
            _merge_carries(kernel, plan[0], args)
            _settle(kernel, conflict, st)
    return st


__all__ = ["cleanup", "CleanupStats"]
