"""One carried token per alias set: a pass that splits a loop's carried token where that
frees some memory op, kept only where it does.

When some memory op waits, through a `for` or `loop` op's carried token, for ops of the
loop it conflicts with nothing of, the carry is split into one token per class of the
loop's ops (classes: components of the conflict graph), and so are the token results of
the body's ifs and of a `loop`'s breaks that pass it on: each yield, continue and break
hands on one part per class. Together the new tokens stand for what the old one did,
every old use gets the join of all of them, and clean-up's pruning then trims each join
to what its user needs: an op after the loop waits only for the classes it conflicts
with, whichever way the loop ended. A split after which no memory op waits for less is
merged back.

The pass needs clean-up after each split (`passes.cleanup.settle`) and runs only on a
settled kernel whose waits pruning accounts for exactly; the caller writes it as
settle -> split -> settle (`split_carried_tokens` settles after each split it makes).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eqsat.interp.machine import may_exit
from eqsat.ir.core import Kernel, Operation, Region, Value
from eqsat.ir.types import TokenType
from eqsat.memory.conflict import Conflicts
from eqsat.memory.tokensets import TokenSets, bits, if_yields, loop_exits, mask
from eqsat.passes.cleanup import CleanupStats, ConflictBits, is_memory_op, root_token, settle


def split_carried_tokens(kernel: Kernel, conflict: Callable[[Operation, Operation], bool],
                         st: CleanupStats) -> None:
    """Split each loop's carried token per alias set where that frees some memory op,
    in place, settling clean-up after each split (counted in `st.split_carries`). Call
    it on a kernel `settle` left exact (it returned True)."""
    tried: set[int] = set()
    while True:
        ts = TokenSets(kernel)
        plan = _split_plan(kernel, conflict, tried, ts)
        if plan is None:
            return
        tried.add(id(plan[0]))
        before = _waits(kernel, ts)
        made = _split_carry(kernel, conflict, *plan)
        exact = settle(kernel, conflict, st)
        if _fewer(before, _waits(kernel)):
            st.split_carries += 1
        else:
            _merge_carries(kernel, plan[0], made)
            exact = settle(kernel, conflict, st)
        if not exact:                   # pruning could not trim the joins of a split
            return


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
    if type(conflict) is Conflicts:
        # two ops conflict when one's `first` and the other's `second` share a key:
        # all ops with a key on either side are one component, unless one op alone
        # has it on both sides
        sides: dict[Any, tuple[list[int], list[int]]] = {}
        for i, a in enumerate(ops):
            keys = conflict.keys(a)
            for key in keys.first:
                sides.setdefault(key, ([], []))[0].append(i)
            for key in keys.second:
                sides.setdefault(key, ([], []))[1].append(i)
        for firsts, seconds in sides.values():
            if not firsts or not seconds or firsts == seconds and len(firsts) == 1:
                continue
            root = find(firsts[0])
            for i in firsts + seconds:
                r = find(i)
                if r != root:
                    parent[r] = root
    else:
        for i, a in enumerate(ops):
            for j in range(i):
                b = ops[j]
                if conflict(b, a) or conflict(a, b):
                    parent[find(i)] = find(j)
    groups: dict[int, list[Operation]] = {}
    for i, op in enumerate(ops):
        groups.setdefault(find(i), []).append(op)
    return list(groups.values())


def _split_plan(kernel: Kernel, conflict, done: set[int], ts: TokenSets | None = None):
    """The first token carry of a `for` or `loop` worth splitting: (loop, carry index,
    classes). Worth it when some memory op waits, through the carry, for ops of a class
    it conflicts with nothing of. `ts`: the kernel's token sets, if at hand."""
    ts = ts if ts is not None else TokenSets(kernel)
    cb = ConflictBits(ts, conflict)
    mem = [x for x in kernel.walk() if is_memory_op(x) and x.token_in is not None]
    for loop in kernel.walk():
        if not loop.spec.is_loop or id(loop) in done or may_exit(loop):
            continue
        inside = [op for op in loop.regions[0].walk() if is_memory_op(op)]
        for j, a in enumerate(loop.regions[0].args[_skip(loop):]):
            if not a.is_token:
                continue
            carried = set(bits(ts.through(ts.get(a), loop)))
            classes = _classes([op for op in inside if ts.bit[id(op)] in carried], conflict)
            if len(classes) < 2:
                continue
            cls = {ts.bit[id(op)]: c for c, group in enumerate(classes) for op in group}
            of_class = [mask([ts.bit[id(op)] for op in group], ts.width) for group in classes]
            anywhere = mask(cls, ts.width)
            for x in mem:
                via = ts.ops(ts.get(x.token_in)) & anywhere
                need = cb.before(x, via)
                # a class it waits for through ops it conflicts with none of
                if via != need and any(not of_class[c] & need
                                       for c in {cls[i] for i in bits(via & ~need)}):
                    return loop, j, classes
    return None


def _skip(loop: Operation) -> int:
    """Block arguments of `loop` before its carried values (a `for`'s induction variable)."""
    return 1 if loop.spec.is_counted_loop else 0


def _ifs_inner_first(region: Region):
    """The ifs of `region` and of the ifs in it (not of loops in it), inner ones first."""
    for op in region.ops:
        if op.spec.is_branch:
            for r in op.regions:
                yield from _ifs_inner_first(r)
            yield op


def _moved(got: list[Value], v: Value) -> bool:
    return len(got) != 1 or got[0] is not v


def _split_carry(kernel: Kernel, conflict, loop: Operation, j: int, classes
                 ) -> list[tuple[Operation, list[Value]]]:
    """Carry token `j` of `loop` as one token per class. Carry m passes on what the
    old one did minus the tokens of other classes' ops (it goes back to their input
    tokens) and minus the other carries; together they stand for exactly what the old
    carry did, so every old use gets the join of all of them (its own copy, which
    pruning then trims to what that use needs).

    Token results of the body's ifs and of a `loop`'s breaks that pass on what comes
    through the carry or the classes' ops are split the same way: each yield or break
    passes on one part per class, so that whichever is taken hands on, all parts
    together, what it did before, and every old use gets the join of the parts (a
    memory op's with the classes it conflicts with nothing of first, which pruning
    tries to drop first). Returns each split value's owner (the loop for the carry,
    else the if or loop whose result it is) and its parts, the carry first."""
    body = loop.regions[0]
    a = body.args[j + _skip(loop)]
    init = loop.group("init")[j]
    cls = {id(op): c for c, group in enumerate(classes) for op in group}
    n = len(classes)
    args = [a]
    for _ in classes[1:]:
        args.append(body.add_arg(TokenType()))
    loop.set_group("init", list(loop.group("init")) + [init] * (n - 1))
    pieces: dict[int, list[Value]] = {id(a): args}   # a split value -> its part per class
    made: list[tuple[Operation, list[Value]]] = [(loop, args)]
    rewritten: set[tuple[int, int]] = set()            # (id(exit), operand) set to a part
    joins: set[int] = set()                            # the joins made for parts

    def parts(v: Value, m: int, seen: set[int]) -> list[Value]:
        if id(v) in seen:
            return []
        seen.add(id(v))
        if id(v) in pieces:
            return [pieces[id(v)][m]]
        op = v.owner
        if isinstance(op, Operation) and op.spec.is_join:
            return [x for w in op.operands for x in parts(w, m, seen)]
        if isinstance(op, Operation) and id(op) in cls and v is op.token_out and \
                cls[id(op)] != m:
            return [] if op.token_in is None else parts(op.token_in, m, seen)
        return [v]

    def split(t: Operation, k: int) -> list[Value]:
        """Operand k of exit `t`, one part per class."""
        new = []
        for m in range(n):
            got: list[Value] = []
            for x in parts(t.operands[k], m, set()):
                if all(x is not y for y in got):
                    got.append(x)
            if len(got) > 1:
                new.append(_join_before(t, got))
                joins.add(id(new[-1].owner))
            else:
                new.append(got[0] if got else root_token(kernel))
        return new

    def split_results(owner: Operation, exits: list[Operation], ks: list[int]) -> None:
        """Split results `ks` of `owner` at its `exits` (yields or breaks)."""
        groups = []
        for k in ks:
            r = owner.results[k]
            group = [r]
            for _ in classes[1:]:
                group.append(Value(TokenType(), None, owner, len(owner.results)))
                owner.results.append(group[-1])
            groups.append(group)
        for t in exits:
            vals = list(t.operands)
            extra: list[Value] = []
            for k in ks:
                new = split(t, k)
                vals[k] = new[0]
                extra += new[1:]
                rewritten.add((id(t), k))
            t.set_group("values", vals + extra)
        for group in groups:
            pieces[id(group[0])] = group
            made.append((owner, group))

    def reached(owner: Operation, exits: list[Operation]) -> list[int]:
        """Token results of `owner` whose operands at `exits` reach what is split."""
        return [k for k, r in enumerate(owner.results) if r.is_token and any(
            _moved(parts(t.operands[k], m, set()), t.operands[k])
            for t in exits for m in range(n))]

    for ifop in list(_ifs_inner_first(body)):
        ys = if_yields(ifop)
        ks = reached(ifop, ys)
        if ks:
            split_results(ifop, ys, ks)
    conts = loop_exits(loop, "continue")
    if loop.spec.is_counted_loop:      # its results are what the last continue hands on
        split_results(loop, conts, [j])
    else:
        for t in conts:
            new = split(t, j)
            vals = list(t.operands)
            vals[j] = new[0]
            t.set_group("values", vals + new[1:])
            rewritten.add((id(t), j))
        breaks = loop_exits(loop, "break")
        ks = reached(loop, breaks)
        if ks:
            split_results(loop, breaks, ks)
    for op in list(kernel.walk()):
        if id(op) in joins:
            continue
        for i, v in enumerate(op.operands):
            if id(v) in pieces and (id(op), i) not in rewritten:
                got = pieces[id(v)]
                if is_memory_op(op):
                    hit = [any(conflict(y, op) for y in group) for group in classes]
                    got = [x for m, x in enumerate(got) if not hit[m]] + \
                        [x for m, x in enumerate(got) if hit[m]]
                op.operands[i] = _join_before(op, got)
    return made


def _merge_carries(kernel: Kernel, loop: Operation,
                   made: list[tuple[Operation, list[Value]]]) -> None:
    """Undo a split that freed no op: the parts of each split value still alive become
    one that passes on the join of what each passed on, and of a loop carry starts from
    the join of their inits (it stands for all of them: clean-up may have weakened one
    part's init since the split, leaving what it ordered to another part)."""
    for owner, group in made:
        carry = owner is loop and group[0].owner is not loop
        if carry:
            skip = _skip(loop)
            have = loop.regions[0].args
            exits = loop_exits(loop, "continue")
        elif owner.spec.is_counted_loop:
            continue                    # a `for`'s results go with its carries
        else:
            skip = 0
            have = owner.results
            exits = if_yields(owner) if owner.spec.is_branch else loop_exits(owner, "break")
        alive = [x for x in group if any(x is y for y in have)]
        if len(alive) < 2:
            continue
        slot = [x.index - skip for x in alive]
        for x, j in zip(alive[1:], slot[1:]):
            if carry:
                inits = list(loop.group("init"))
                if inits[j] is not inits[slot[0]]:
                    inits[slot[0]] = _join_before(loop, [inits[slot[0]], inits[j]])
                    loop.set_group("init", inits)
            for t in exits:
                vals = list(t.operands)
                vals[slot[0]] = _join_before(t, [vals[slot[0]], vals[j]])
                t.set_group("values", vals)
            for op in kernel.walk():
                for i, v in enumerate(op.operands):
                    if v is x and not (op in exits and i == j):
                        op.operands[i] = alive[0]
                    elif carry and loop.spec.is_counted_loop and v is loop.results[j]:
                        op.operands[i] = loop.results[slot[0]]


def _waits(kernel: Kernel, ts: TokenSets | None = None) -> tuple[TokenSets, dict[int, int]]:
    """What each memory op may wait for (`ts`: the kernel's solution, if at hand)."""
    ts = ts if ts is not None else TokenSets(kernel)
    return ts, {id(op): ts.get(op.token_in) for op in kernel.walk() if is_memory_op(op)}


def _fewer(before: tuple[TokenSets, dict[int, int]],
           after: tuple[TokenSets, dict[int, int]]) -> bool:
    """Does some memory op wait for less after than before? Two solutions number the ops
    alike when the kernel kept all its memory ops; else they are compared as pairs."""
    (bt, bw), (at, aw) = before, after
    alike = len(bt.bit_ops) == len(at.bit_ops) and all(
        x is y for x, y in zip(bt.bit_ops, at.bit_ops))
    for k, v in bw.items():
        if k not in aw:
            continue
        got = aw[k]
        if got != v and (not got & ~v if alike else at.pairs(got) < bt.pairs(v)):
            return True
    return False


__all__ = ["split_carried_tokens"]
