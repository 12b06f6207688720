"""What a token stands for: the memory-op instances a token value may (or must) order
after, told apart by the loops whose carried tokens they came through. One solver for
the cost model's token waits (`eqsat.egraph.cost`) and clean-up's token pruning
(`eqsat.passes.cleanup`), which edits token operands one at a time and re-solves only
what each edit reaches (`TokenSets.resolve`).

A set is one Python int, a bitset: the memory ops are numbered in program order, and
an instance's tag (the loops it came through, all of them around the op) is a subset
of the loop depths, so instance (op, tag) is bit `op + width * tag`. Unions,
intersections, comparisons and the loop and branch rules are then a few big-int
operations per equation, not a walk of every instance: along a chain of M memory ops
the sets cost O(M^2 / 64) words rather than O(M^2) tuples."""
from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator

from eqsat.ir.core import Kernel, Operation, Region, Value, region_exits
from eqsat.ir.ops import MEMORY_OPS, SPECS
from eqsat.ir.types import TokenType


def loop_exits(loop: Operation, kind: str) -> list[Operation]:
    """`continue`/`break` ops (`kind`, the trait) that target `loop`."""
    return [t for t in region_exits(loop.regions[0]) if t.spec.has(kind)]


EXIT_KINDS = ("continue", "break")      # the traits of the ops that leave a loop body


def exit_kind(term: Operation) -> str | None:
    """The trait of `EXIT_KINDS` an op that leaves a loop body has, else None."""
    sp = term.spec
    for kind in EXIT_KINDS:
        if sp.has(kind):
            return kind
    return None


def exit_target(term: Operation) -> Operation | None:
    """The loop a `continue`/`break` belongs to."""
    r = term.parent
    while r is not None:
        owner = r.parent
        if not isinstance(owner, Operation):
            return None
        if owner.spec.is_loop:
            return owner
        r = owner.parent
    return None


# What an op is to the token equations: its table entry's answers, asked once per op name
# (the equations run per op many times over).
_MEM, _JOIN, _BRANCH, _LOOP, _COUNTED, _CONTINUE, _BREAK = 1, 2, 4, 8, 16, 32, 64
_EQUATIONS = _MEM | _JOIN | _BRANCH | _LOOP       # ops whose token outputs have equations
_ROLES: dict[str, int] = {}


def _role(op: Operation) -> int:
    got = _ROLES.get(op.name)
    if got is None:
        sp = SPECS.get(op.name)
        got = 0 if sp is None else (
            (_MEM if op.name in MEMORY_OPS else 0) | (_JOIN if sp.is_join else 0)
            | (_BRANCH if sp.is_branch else 0) | (_LOOP if sp.is_loop else 0)
            | (_COUNTED if sp.is_counted_loop else 0)
            | (_CONTINUE if sp.has("continue") else 0) | (_BREAK if sp.has("break") else 0))
        _ROLES[op.name] = got
    return got


_EMPTY: frozenset = frozenset()
Eqs = Iterator[tuple[Value, int]]


def bits(x: int) -> list[int]:
    """The positions of the set bits of `x`, lowest first."""
    s = bin(x)[:1:-1]
    out = []
    i = s.find("1")
    while i >= 0:
        out.append(i)
        i = s.find("1", i + 1)
    return out


def mask(positions, width: int) -> int:
    """The int whose set bits are `positions` (each below `width`)."""
    buf = bytearray((width + 7) // 8)
    for i in positions:
        buf[i >> 3] |= 1 << (i & 7)
    return int.from_bytes(buf, "little")


class TokenSets:
    """What every token value of a kernel stands for: (id(memory op), loops crossed)
    pairs, so that an op's instance in this iteration and in earlier iterations of a
    loop are told apart.

    `may`: the ops a token *may* stand for (least fixpoint, unions over paths).
    `must`: the ops it stands for on *every* path (greatest fixpoint below the
    former): an if's result keeps what each yielding branch passes on, or what only
    the other branch runs; a loop's carried token keeps an op before the loop only if
    the init and every continue pass it on, and an earlier iteration's op only if
    every continue passes on both it and all its own earlier instances. Pruning is
    sound when what a memory op *may* have waited for before (conflicts only) is what
    it *must* wait for after. `of` reads `must` when built with `must=True` (or after
    `restrict`), else `may`.

    `of` gives a set as (id(op), frozenset of loop ids) pairs; `get` gives the bitset
    (module docstring), `ops` the memory ops in it (bit per op, tags folded) and
    `pairs` a bitset as pairs; `may` and `must` map id(value) to bitsets.

    Whether a pair belongs to a set depends only on pairs of the same op, so the sets
    can be restricted to the ops some memory op needs (`restrict`), and after an edit
    of token operands only the equations downstream of it are solved again
    (`resolve`)."""

    def __init__(self, kernel: Kernel, must: bool = False):
        self.kernel = kernel
        self.only: set[int] | None = None            # ids of the ops tracked (None: all)
        self.may: dict[int, int] = {}
        self.must: dict[int, int] = {}
        self.sets = self.may                         # the solution `of` reads
        self.loops_of: dict[int, frozenset] = {}     # id(op) -> ids of the loops around it
        self.ifs_of: dict[int, frozenset] = {}       # id(op) -> (id(if), branch) around it
        self.pos: dict[int, int] = {}                # id(op) -> its place in program order
        self._exits: dict[tuple[int, str], list[Operation]] = {}
        self.eqs: list[Operation] = []               # ops whose token outputs have equations
        self.rank: dict[int, int] = {}               # id(op) -> when its equation is solved
        self._ranked = 0
        self.bit: dict[int, int] = {}                # id(memory op) -> its bit
        self.bit_ops: list[Operation] = []           # bit -> memory op
        self._chain: dict[int, tuple[int, ...]] = {}  # id(memory op) -> loops, outermost first
        self._depth: dict[int, int] = {}             # id(loop) -> loops around it
        self._span: dict[int, tuple[int, int]] = {}  # id(loop) -> bits of its memory ops
        self._branches: dict[int, list[tuple[int, int]]] = {}   # id(if) -> bits per branch
        self._after: dict[int, int] = {}             # id(break) -> first bit after it
        self._levels = 0                             # the deepest loop nest
        self._walk(kernel.body, (), _EMPTY, _EMPTY)
        self.width = len(self.bit_ops)
        self.full = (1 << self.width) - 1            # every op, untagged
        self._sel: dict[tuple[int, int], tuple[int, ...]] = {}
        self._masks: dict[tuple, int] = {}
        self._tag_sets: dict[tuple, frozenset] = {}
        self.by_id = {id(op): op for op in self.eqs}
        self.readers: dict[int, set[int]] = {}       # id(value) -> ids of eqs reading it
        for op in self.eqs:
            for v in self._inputs(op):
                self.readers.setdefault(id(v), set()).add(id(op))
        self._solve(self.eqs, grow=True)
        if must:
            self.restrict(None)

    def _walk(self, region: Region, chain: tuple[int, ...], loops: frozenset,
              ifs: frozenset, exit_to: int | None = None) -> None:
        for op in region.ops:
            k = id(op)
            self.loops_of[k], self.ifs_of[k] = loops, ifs
            self.pos[k] = len(self.pos)
            role = _role(op)
            if role & _MEM:
                self.bit[k] = len(self.bit_ops)
                self.bit_ops.append(op)
                self._chain[k] = chain
            if role & _EQUATIONS:
                self.eqs.append(op)
                self.rank[k] = self._ranked = self._ranked + 1
            if role & _LOOP:
                start = len(self.bit_ops)
                self._depth[k] = len(chain)
                self._levels = max(self._levels, len(chain) + 1)
                self._exits[(k, "continue")], self._exits[(k, "break")] = [], []
                for i, r in enumerate(op.regions):
                    self._walk(r, chain + (k,), loops | {k}, ifs, k if i == 0 else None)
                self._span[k] = (start, len(self.bit_ops))
            elif role & _BRANCH:
                spans = []
                for i, r in enumerate(op.regions):
                    start = len(self.bit_ops)
                    self._walk(r, chain, loops, ifs | {(k, i)}, exit_to)
                    spans.append((start, len(self.bit_ops)))
                self._branches[k] = spans
                self.rank[k] = self._ranked = self._ranked + 1   # its results come last
            else:
                for r in op.regions:
                    self._walk(r, chain, loops, ifs)
                if role & _BREAK:
                    self._after[k] = len(self.bit_ops)
                if role & (_CONTINUE | _BREAK) and exit_to is not None:
                    kind = exit_kind(op)
                    assert kind is not None
                    self._exits[(exit_to, kind)].append(op)   # as `loop_exits` finds them

    # -- bitsets ---------------------------------------------------------------------
    def _tags(self, care: int, want: int) -> tuple[int, ...]:
        """The tags t with t & care == want."""
        key = (care, want)
        got = self._sel.get(key)
        if got is None:
            got = self._sel[key] = tuple(t for t in range(1 << self._levels)
                                         if t & care == want)
        return got

    def _spread(self, ops: int, care: int, want: int) -> int:
        """The untagged set `ops` copied to every tag t with t & care == want: a shift
        per tag (a product with a one-bit-per-tag int costs width squared)."""
        w, out = self.width, 0
        for t in self._tags(care, want):
            out |= ops << (t * w)
        return out

    def _range(self, span: tuple[int, int]) -> int:
        return ((1 << span[1]) - 1) ^ ((1 << span[0]) - 1)

    def every(self, ops: int) -> int:
        """The instances, under every tag, of the untagged set `ops`."""
        return self._spread(ops, 0, 0)

    def ops(self, x: int) -> int:
        """The memory ops with an instance in `x` (tags folded: bit per op)."""
        out, w, full = 0, self.width, self.full
        while x:
            out |= x & full
            x >>= w
        return out

    def through(self, x: int, loop: Operation) -> int:
        """The ops of `loop` with an instance in `x` from an earlier iteration."""
        d = 1 << self._depth[id(loop)]
        key = ("through", d)
        got = self._masks.get(key)
        if got is None:
            got = self._masks[key] = self._spread(self.full, d, d)
        return self.ops(x & got)

    def _fresh_in(self, lid: int) -> int:
        """Instances of `lid`'s ops that did not come through its carried token."""
        key = ("fresh", lid)
        got = self._masks.get(key)
        if got is None:
            d = 1 << self._depth[lid]
            got = self._masks[key] = self._spread(self._range(self._span[lid]), d, 0)
        return got

    def _all_in(self, lid: int) -> int:
        key = ("all", lid)
        got = self._masks.get(key)
        if got is None:
            got = self._masks[key] = self.every(self._range(self._span[lid]))
        return got

    def _other(self, ifid: int, branch: int) -> int:
        """Instances of the ops of `ifid`'s other branches that came through no loop
        around the if."""
        key = ("other", ifid, branch)
        got = self._masks.get(key)
        if got is None:
            other = 0
            for i, span in enumerate(self._branches[ifid]):
                if i != branch:
                    other |= self._range(span)
            low = (1 << len(self.loops_of[ifid])) - 1
            got = self._masks[key] = self._spread(other, low, 0)
        return got

    def _late(self, lid: int, brk: Operation) -> int:
        """Instances of this iteration of `lid`'s ops that come after the break."""
        key = ("late", lid, id(brk))
        got = self._masks.get(key)
        if got is None:
            d = 1 << self._depth[lid]
            after = self.full ^ ((1 << self._after[id(brk)]) - 1)
            got = self._masks[key] = self._spread(self._range(self._span[lid]) & after, d, 0)
        return got

    def _shift(self, lid: int) -> int:
        """How far an instance moves when it crosses `lid`'s carried token."""
        return (1 << self._depth[lid]) * self.width

    def pairs(self, x: int) -> frozenset:
        """A bitset as (id(op), frozenset of loop ids) pairs."""
        out = []
        w, full, t = self.width, self.full, 0
        while x:
            seg = x & full
            if seg:
                for i in bits(seg):
                    k = id(self.bit_ops[i])
                    out.append((k, self._tag(k, t)))
            x >>= w
            t += 1
        return frozenset(out)

    def _tag(self, k: int, t: int) -> frozenset:
        if not t:
            return _EMPTY
        key = (self._chain[k], t)
        got = self._tag_sets.get(key)
        if got is None:
            chain = self._chain[k]
            got = self._tag_sets[key] = frozenset(chain[d] for d in range(len(chain)) if t >> d & 1)
        return got

    # -- the equations ---------------------------------------------------------------
    def exits(self, loop: Operation, kind: str) -> list[Operation]:
        key = (id(loop), kind)
        if key not in self._exits:
            self._exits[key] = loop_exits(loop, kind)
        return self._exits[key]

    def yields(self, ifop: Operation) -> list[Operation]:
        key = (id(ifop), "yield")
        if key not in self._exits:
            self._exits[key] = if_yields(ifop)
        return self._exits[key]

    def _inputs(self, op: Operation) -> list[Value]:
        """The values `op`'s equations read."""
        role = _role(op)
        if role & _JOIN:
            return list(op.operands)
        if role & _BRANCH:
            return [v for t in self.yields(op) for v in t.operands]
        if role & _LOOP:
            return (list(op.group("init")) + list(op.regions[0].args)
                    + [v for kind in EXIT_KINDS for t in self.exits(op, kind)
                       for v in t.operands])
        t = _token_in(op)
        return [t] if t is not None else []

    @staticmethod
    def outputs(op: Operation) -> list[Value]:
        """The values an equation of `op` defines."""
        if _role(op) & _LOOP:
            return list(op.regions[0].args) + list(op.results)
        return list(op.results)

    def owner(self, site: Operation) -> Operation:
        """The op whose equations read the operands of `site`."""
        if site.spec.has("yield"):
            ifop = site.parent.parent if site.parent is not None else None
            assert isinstance(ifop, Operation), "a yield passes values to an if"
            return ifop
        if exit_kind(site) is not None:
            loop = exit_target(site)
            assert loop is not None, f"'{site.name}' outside a loop"
            return loop
        return site

    def restrict(self, only: set[int] | None) -> None:
        """Track only the ops in `only` (None: all), and solve `must`; `of` reads it."""
        self.only = only
        if only is not None:
            keep = self.every(mask((self.bit[k] for k in only if k in self.bit), self.width))
            self.may = {k: s & keep for k, s in self.may.items()}
        self.must = dict(self.may)
        self.sets = self.must
        self._solve(self.eqs, grow=False)

    def resolve(self, owner: Operation, removed: Value, added: Value | None,
                need: dict[int, int] | None = None
                ) -> tuple[dict[int, tuple], list[Operation]]:
        """Solve again after `owner`'s operands were edited (operand `removed` taken
        out, `added`, if any, put in), following changes only as far as they go;
        returns what to `restore` if the edit is undone, and the ops whose input
        token's `must` set changed.

        An edit only removes pairs, and every pair derived from what it removed is an
        instance of an op that `removed` stood for. So `may` is first cut, from `owner`
        on, to those pairs of other ops (below the new least fixpoint: this is what
        catches a pair a loop's carried token held only through itself), then grown
        back over the values it cut; `must` is then shrunk from its old solution
        within the new `may`, each equation again whenever one it reads changed.

        `need` (id(memory op) -> the instances it must wait for): stop as soon as some
        memory op's input token no longer stands for all it needs, returning that op
        alone. `must` only shrinks while it is solved, so the edit is lost anyway; the
        half-solved sets go back with `restore` like a whole solution."""
        if added is not None:
            self.readers.setdefault(id(added), set()).add(id(owner))
        gone = self.ops(self.may.get(id(removed), 0))
        if not gone or self._subsumed(owner, removed, added):
            return {}, []       # it stood for no tracked op (nor does what replaces it)
        saved: dict[int, tuple] = {}

        def save(k: int) -> None:
            if k not in saved:
                saved[k] = (self.may.get(k), self.must.get(k))

        kept = ~self.every(gone)
        cut: list[int] = []                         # values whose `may` was cut
        hit = [id(owner)]                           # equations reading what was cut
        seen = {id(owner)}
        work = [owner]
        while work and gone:
            op = work.pop()
            for v in self.outputs(op):
                k = id(v)
                old = self.may.get(k, 0)
                new = old & kept
                if new == old:
                    continue
                save(k)
                self.may[k] = new
                cut.append(k)
                for r in self.readers.get(k, ()):
                    if r not in seen:
                        seen.add(r)
                        hit.append(r)
                        work.append(self.by_id[r])
        eqs = sorted(hit, key=self.rank.__getitem__)
        self.sets = self.may
        self._solve([self.by_id[r] for r in eqs], grow=True)
        self.sets = self.must
        for k in cut:
            self.must[k] = new = self.must.get(k, 0) & self.may[k]
            lost = self._short(k, new, need)
            if lost is not None:
                return saved, [lost]

        touched: set[int] = set(cut)                # values whose `must` may have changed

        def shrinking(k: int, new: int) -> Operation | None:
            save(k)
            touched.add(k)
            return self._short(k, new, need)
        lost = self._solve([self.by_id[r] for r in eqs], grow=False, spread=True,
                           before=shrinking)
        if lost is not None:
            return saved, [lost]
        reached = sorted({r for k in touched for r in self.readers.get(k, ())},
                         key=self.rank.__getitem__)
        return saved, [self.by_id[r] for r in reached]

    def _short(self, k: int, new: int, need: dict[int, int] | None) -> Operation | None:
        """A memory op whose input token (value id `k`, whose `must` set is now `new`)
        no longer stands for all that `need` says it waits for."""
        if need is None:
            return None
        for r in self.readers.get(k, ()):
            want = need.get(r)
            if want and want & new != want:
                op = self.by_id[r]
                t = _token_in(op)
                if t is not None and id(t) == k:
                    return op
        return None

    def _subsumed(self, owner: Operation, removed: Value, added: Value | None,
                  budget: int = 256) -> bool:
        """Is `removed` (a join's operand, replaced by `added`, the token it was built
        from, or dropped) an ancestor of another of the join's operands through memory
        ops' and joins' token edges? Each of those makes its output a superset of its
        inputs in every solution, so the join's equation is the same function on the
        solutions before and after the edit: the systems have the same fixpoints and
        no set changes. Such a path only visits values defined before the join; the
        search gives up after `budget` values (then the edit is solved again)."""
        if not owner.spec.is_join:
            return False
        if added is not None:
            src = removed.owner
            if not (isinstance(src, Operation) and _token_in(src) is added
                    and _token_out(src) is removed):
                return False
        limit = self.pos.get(id(owner))
        work = [removed]
        seen = {id(removed)}
        while limit is not None and work and budget > 0:
            x = work.pop()
            budget -= 1
            for r in self.readers.get(id(x), ()):
                if self.pos[r] >= limit:
                    continue
                op = self.by_id[r]
                role = _role(op)
                if role & _JOIN:
                    y = op.result if x in op.operands else None
                elif role & _MEM:
                    y = _token_out(op) if _token_in(op) is x else None
                else:
                    continue
                if y is None or id(y) in seen:
                    continue
                # `readers` holds every join that ever read a value: a cheap first test
                if id(owner) in self.readers.get(id(y), ()) and y in owner.operands:
                    return True
                seen.add(id(y))
                work.append(y)
        return removed in owner.operands        # it is still there (it was there twice)

    def restore(self, saved: dict[int, tuple]) -> None:
        """Put back the solution `resolve` changed (its edit was undone)."""
        for k, (m, mu) in saved.items():
            for d, x in ((self.may, m), (self.must, mu)):
                if x is None:
                    d.pop(k, None)
                else:
                    d[k] = x

    def _solve(self, ops: list[Operation], grow: bool, spread: bool = False,
               before: Callable[[int, int], Operation | None] | None = None
               ) -> Operation | None:
        """The least (`grow`) or greatest fixpoint, from the current sets, of the
        equations of `ops`, every other value held (`spread`: every equation reading a
        value that changed joins in): in program order, going back only to equations
        that read a value that changed. `before(id(value), new set)` is told of each
        change before it is made; if it names an op, solving stops there and returns it."""
        sets = self.sets
        rule = self._may if grow else self._must
        scope = {id(op) for op in ops}
        heap = [(self.rank[k], k) for k in scope]
        heapq.heapify(heap)
        queued = set(scope)
        while heap:
            _, key = heapq.heappop(heap)
            queued.discard(key)
            for v, new in rule(self.by_id[key]):
                k = id(v)
                old = sets.get(k, 0)
                new = old | new if grow else old & new
                if new != old:
                    stop = before(k, new) if before is not None else None
                    sets[k] = new
                    if stop is not None:
                        return stop
                    for r in self.readers.get(k, ()):
                        if (spread or r in scope) and r not in queued:
                            queued.add(r)
                            heapq.heappush(heap, (self.rank[r], r))
        return None

    def get(self, v: Value | None) -> int:
        """The bitset of `v` (module docstring)."""
        return 0 if v is None else self.sets.get(id(v), 0)

    def of(self, v: Value | None) -> frozenset:
        return self.pairs(self.get(v))

    def _carried(self, x: int, lid: int) -> int:
        """Instances handed to the next iteration: those of ops inside the loop are now
        from an earlier iteration; an op before the loop has one instance either way."""
        moved = x & self._fresh_in(lid)
        return (x ^ moved) | (moved << self._shift(lid))

    def _common(self, op: Operation, role: int) -> Eqs:
        if role & _MEM:
            t = _token_out(op)
            if t is not None:
                mine = self.get(_token_in(op))
                if self.only is None or id(op) in self.only:
                    mine |= 1 << self.bit[id(op)]
                yield t, mine
        elif role & _JOIN:
            out = 0
            for v in op.operands:
                out |= self.get(v)
            yield op.result, out

    def _may(self, op: Operation) -> Eqs:
        role = _role(op)
        yield from self._common(op, role)
        if role & _BRANCH:
            for k, r in enumerate(op.results):
                if r.is_token:
                    out = 0
                    for t in self.yields(op):
                        out |= self.get(_at(t.operands, k))
                    yield r, out
        elif role & _LOOP:
            counted = role & _COUNTED
            skip = 1 if counted else 0
            lid = id(op)
            args = op.regions[0].args
            inits = op.group("init")
            conts = self.exits(op, "continue")
            for i, init in enumerate(inits):
                a = _at(args, i + skip)
                if a is not None and a.is_token:
                    out = self.get(init)
                    for t in conts:
                        out |= self._carried(self.get(_at(t.operands, i)), lid)
                    yield a, out
            for k, r in enumerate(op.results):
                if r.is_token:
                    out = 0
                    if counted:        # it ends when its count runs out, never by a break
                        out = self.get(_at(inits, k)) | self.get(_at(args, k + skip))
                        for t in conts:
                            out |= self.get(_at(t.operands, k))
                    else:
                        for t in self.exits(op, "break"):
                            out |= self.get(_at(t.operands, k))
                    yield r, out

    def _must(self, op: Operation) -> Eqs:
        role = _role(op)
        yield from self._common(op, role)
        if role & _BRANCH:
            ifid = id(op)
            for k, r in enumerate(op.results):
                if not r.is_token:
                    continue
                paths = [(i, self.get(_at(b.terminator.operands, k)))
                         for i, b in enumerate(op.regions)
                         if b.terminator is not None and b.terminator.spec.has("yield")]
                out = 0
                for _, got in paths:
                    out |= got
                # kept where every branch passes it on, or runs none of its op
                for i, got in paths:
                    out &= got | self._other(ifid, i)
                yield r, out
        elif role & _LOOP:
            counted = role & _COUNTED
            skip = 1 if counted else 0
            lid = id(op)
            args = op.regions[0].args
            inits = op.group("init")
            conts = self.exits(op, "continue")
            for i, init in enumerate(inits):
                a = _at(args, i + skip)
                if a is None or not a.is_token:
                    continue
                outside = self.get(init)
                inside: int | None = None
                for t in conts:
                    got = self.get(_at(t.operands, i))
                    outside &= got
                    # this iteration's instance handed on, and all earlier ones with it
                    keep = ((got & self._fresh_in(lid)) << self._shift(lid)) & got
                    inside = keep if inside is None else inside & keep
                outside &= ~self._all_in(lid)
                yield a, outside | (inside or 0)
            for k, r in enumerate(op.results):
                if not r.is_token:
                    continue
                if counted:
                    common = 0
                    for j, t in enumerate(conts):
                        got = self.get(_at(t.operands, k))
                        common = got if j == 0 else common & got
                    yield r, common & (self.get(_at(inits, k)) | self._all_in(lid))
                    continue
                # a break taken before an op of the loop could run in this iteration
                # owes nothing for that op's instance of this iteration
                breaks = self.exits(op, "break")
                every = 0
                for t in breaks:
                    every |= self.get(_at(t.operands, k))
                for t in breaks:
                    every &= self.get(_at(t.operands, k)) | self._late(lid, t)
                yield r, every


_TOKEN_SLOT: dict[str, int | None] = {}


def _token_in(op: Operation) -> Value | None:
    """`op.token_in`, without walking the op's spec each time."""
    k = _TOKEN_SLOT.get(op.name, -1)
    if k == -1:
        sp = SPECS.get(op.name)
        groups = [g for g, _ in sp.operands] if sp is not None else []
        k = _TOKEN_SLOT[op.name] = groups.index("token") if "token" in groups else None
    if k is None:
        return None
    seg = op.segments
    if not seg:
        return op.operands[k] if k < len(op.operands) else None
    if k >= len(seg):
        return op.token_in                   # as the op itself answers (or fails)
    start = sum(seg[:k])
    return op.operands[start] if seg[k] and start < len(op.operands) else None


def _token_out(op: Operation) -> Value | None:
    for r in op.results:
        if isinstance(r.type, TokenType):
            return r
    return None


def _at(values, i: int) -> Value | None:
    """values[i], or None where a kernel that does not verify has too few (`eqsat stats`
    reads such kernels)."""
    return values[i] if i < len(values) else None


def if_yields(ifop: Operation) -> list[Operation]:
    """The `yield` ops that end an if's branches."""
    return [r.terminator for r in ifop.regions
            if r.terminator is not None and r.terminator.spec.has("yield")]


__all__ = ["TokenSets", "EXIT_KINDS", "loop_exits", "exit_kind", "exit_target", "if_yields",
           "bits", "mask"]
