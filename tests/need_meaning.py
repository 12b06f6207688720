"""What the encoder's `Need` rows must mean, checked on a kernel as encoded.

The token rules (rules/tokens.py) are proved in an ordering model (rules/smt_tokens.py)
that assumes each row `Need(c, T)` of eqsat.egraph.tokenfacts: the bag stands for part
of what token T stands for, and nothing T orders outside the bag conflicts with an op of
need class c. This module checks that meaning on the encoder's own token graph, loops and
ifs included, from a fixpoint computed here and not by the encoder:

* `StandsFor`: what every token the encoder bound stands for, as (uid, loops crossed)
  instances. A memory op's result token: the op and its input's; a join: the union of
  its members; a loop's carried token (and the loop's result): the least fixpoint of
  its init and what every `continue` passes on for it, an instance of an op of the loop
  crossing the carried token marked as from an earlier iteration of that loop; an if's
  result: the union of what its yielding branches pass on. The yields are read off the
  encoder (`Encoder.block`, spied), so the program-order chain of token-free input is
  covered as well as tokens the input names.
* `check`: for every memory op o with input token T and the bag B the encoder gave its
  class: B's instances are T's, and every instance of T outside B is one o need not
  wait for: it does not conflict with o (`eqsat.memory.conflict`, checked against
  design section 3 in tests/test_memory.py), or it is from an earlier iteration of a
  loop around o whose iterations the injectivity proofs (`eqsat.memory.injective`,
  asked here per pair) separate for the two ops. The rules read a row for any op of
  the class whose input is that token (a weaker form's input is a join the join rules
  may equate with it), so each row is also asked of the other ops of its class defined
  after the token, inside the loops around it.

An instance is read relative to o: of the loops it crossed, only those around o say
when it ran (one that o is after has run all its iterations), and the outermost of
those decides it (an instance from an earlier iteration of an outer loop is from any
iteration of the loops inside). The encoder's `_Needs` decides a class per loop, not
per pair; nothing of it is read here but the rows (`_Needs.of` on each op's input, as
`need_rows` inserts them).

`eqsat.memory.tokensets.TokenSets` (the cost model's and clean-up's solver; the encoder's
`Need` does not use it) solves the same equations, but over the IR's values: the chain the
encoder makes for token-free input (half the corpus, every benchmark `.seq` kernel) has
none. So the sets are solved here over the encoder's tokens, and on tokenized input
compared with `TokenSets`' value by value (`tokensets_agree`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pytest import MonkeyPatch

from eqsat.ir.core import Kernel, Operation, Region

UNDEF = None            # a token of unknown origin stands for an unknown set
Inst = tuple[int, frozenset]


@dataclass
class Encoded:
    """A kernel as the encoder saw it: the encoder, the `_Needs` its rows came from, and
    per region the names of its terminator's operands and the chain token at its end."""
    kernel: Kernel
    enc: Any
    needs: Any
    ends: dict[int, tuple[list[str | None], str | None]] = field(default_factory=dict)


def encode_recorded(kernel: Kernel, **kw: Any) -> Encoded:
    """Encode `kernel` (keywords as `eqsat.egraph.encode.encode`), keeping what `need_rows`
    computed its rows with and what each region ends with."""
    import eqsat.egraph.encode as enc_mod
    from eqsat.egraph import tokenfacts
    got: dict[str, Any] = {}
    ends: dict[int, tuple[list[str | None], str | None]] = {}
    real_block = enc_mod.Encoder.block
    real_needs = tokenfacts._Needs

    def block(self: Any, region: Region) -> Any:
        out = real_block(self, region)
        got.setdefault("enc", self)
        tok = self.name_of(self.tok) if self.tok is not None else None
        ends[id(region)] = ([self.name_of(x) for x in out[1]], tok)
        return out

    class Needs(real_needs):     # type: ignore[misc, valid-type]
        def __init__(self, *a: Any) -> None:
            super().__init__(*a)
            got["needs"] = self

    with MonkeyPatch.context() as mp:
        mp.setattr(enc_mod.Encoder, "block", block)
        mp.setattr(tokenfacts, "_Needs", Needs)
        enc_mod.encode(kernel, **kw)
    return Encoded(kernel, got["enc"], got["needs"], ends)


def _loops_around(op: Operation, rid_of: dict[int, int]) -> list[int]:
    """The region ids of the loops around `op`, outermost first."""
    out = []
    r = op.parent
    while r is not None:
        owner = r.parent
        if not isinstance(owner, Operation):
            break
        if id(owner) in rid_of:
            out.append(rid_of[id(owner)])
        r = owner.parent
    return out[::-1]


class StandsFor:
    """What each token the encoder bound stands for (module docstring): name -> frozenset
    of (uid, loops crossed) instances, or UNDEF."""

    def __init__(self, e: Encoded):
        from eqsat.egraph.tokenfacts import NO_TOKEN
        from eqsat.memory.tokensets import loop_exits
        enc = e.enc
        graph = enc.tokens
        self.e = e
        self.kinds = {name: kind for name, (_, kind) in graph.nodes.items()}
        self.kinds[NO_TOKEN] = ("root",)
        self.op_of = {m.uid: m.op for m in enc.memory.ops}
        self.rid_of = {id(rec.op): rec.rid for rec in enc.memory.loops}
        self.loops = {rec.rid: rec for rec in enc.memory.loops}
        self.around = {u: _loops_around(op, self.rid_of) for u, op in self.op_of.items()}
        self.depth = {r: len(_loops_around(rec.op, self.rid_of))
                      for r, rec in self.loops.items()}
        self.arg_name = {(k[1], k[2]): n for n, k in self.kinds.items() if k[0] == "arg"}
        self.inits = {r: [enc.name_of(x) for x in xs] for r, xs in graph.inits.items()}
        self.ifs = {enc.name_of(rec.head): rec for rec in enc.memory.ifs}
        self.order = {name: i for i, name in enumerate(self.kinds)}
        self.result = {k[1]: n for n, k in self.kinds.items() if k[0] == "mem"}

        def vals(t: Operation, chain: bool) -> list[str | None]:
            names, tok = e.ends[id(t.parent)]
            return names + [tok] if chain else list(names)
        self.exits: dict[tuple[int, str], list[list[str | None]]] = {}
        for r, rec in self.loops.items():
            for kind in ("continue", "break"):
                self.exits[r, kind] = [vals(t, rec.chain is not None)
                                       for t in loop_exits(rec.op, kind)]
        self.yields: dict[str | None, list[list[str | None]]] = {}
        for h, rec in self.ifs.items():
            self.yields[h] = [vals(reg.terminator, rec.chain is not None)
                              for reg in rec.op.regions
                              if reg.terminator is not None and reg.terminator.spec.has("yield")]
        self.inside = {r: frozenset(u for u, ls in self.around.items() if r in ls)
                       for r in self.loops}
        self.sets: dict[str, frozenset | None] = {}
        self.rounds = 0
        order = list(self.kinds)
        changed = True
        while changed:
            changed = False
            self.rounds += 1
            for name in order:
                new = self._eq(name)
                if new != self.sets.get(name, frozenset()):
                    self.sets[name] = new
                    changed = True

    def of(self, name: str | None) -> frozenset | None:
        if name is None or name not in self.kinds:
            return UNDEF
        if self.kinds[name][0] == "other":
            return UNDEF
        return self.sets.get(name, frozenset())

    def _carried(self, x: frozenset | None, r: int) -> frozenset | None:
        """Instances handed to the next iteration of loop r: those of its ops are now
        from an earlier iteration."""
        if x is UNDEF:
            return UNDEF
        inside = self.inside[r]
        return frozenset((u, tag | {r}) if u in inside else (u, tag) for u, tag in x)

    def _eq(self, name: str) -> frozenset | None:
        kind = self.kinds[name]
        tag = kind[0]
        if tag == "root":
            return frozenset()
        if tag == "mem":
            inner = self.of(kind[4]) if kind[4] is not None else frozenset()
            return UNDEF if inner is UNDEF else inner | {(kind[1], frozenset())}
        parts: list[frozenset | None]
        if tag == "join":
            parts = [self.of(x) for x in kind[1]]
        elif tag == "arg":
            r, a = kind[1], kind[2]
            skip = 1 if self.loops[r].op.spec.is_counted_loop else 0
            i = a - skip
            parts = [self.of(self.inits[r][i])]
            parts += [self._carried(self.of(v[i]), r) for v in self.exits[r, "continue"]]
        elif tag == "loop_out":
            r, k = kind[1], kind[2]
            if self.loops[r].op.spec.is_counted_loop:
                # the last continue's, or the init's when the loop runs no iteration
                parts = [self.of(self.inits[r][k]), self.of(self.arg_name.get((r, k + 1)))]
                parts += [self.of(v[k]) for v in self.exits[r, "continue"]]
            else:
                parts = [self.of(v[k]) for v in self.exits[r, "break"]]
        elif tag == "if_out":
            parts = [self.of(v[kind[2]]) for v in self.yields[kind[1]]]
        else:
            return UNDEF
        out: set[Inst] = set()
        for p in parts:
            if p is UNDEF:
                return UNDEF
            out |= p
        return frozenset(out)

    def context(self, name: str) -> list[int] | None:
        """The loops around where token `name` is defined, outermost first (a join: the
        deepest of its members', a prefix of its own; None: unknown)."""
        kind = self.kinds.get(name, ("other",))
        if kind[0] == "root":
            return []
        if kind[0] == "mem":
            return self.around[kind[1]]
        if kind[0] in ("arg", "loop_out"):
            r = kind[1]
            return _loops_around(self.loops[r].op, self.rid_of) + ([r] if kind[0] == "arg" else [])
        if kind[0] == "if_out":
            return _loops_around(self.ifs[kind[1]].op, self.rid_of)
        if kind[0] == "join":
            got = [self.context(x) for x in kind[1]]
            if any(g is None for g in got):
                return None
            return max(got, key=len, default=[])    # type: ignore[arg-type]
        return None

    def visible(self, name: str, u: int) -> bool:
        """Is token `name` defined before op u, in loops around u (as far as the loops
        tell: an op in the other branch of an if passes too)?"""
        ctx = self.context(name)
        if ctx is None or self.order.get(name, -1) >= self.order.get(self.result[u], -1):
            return False
        return self.around[u][:len(ctx)] == ctx

    def relative(self, x: frozenset, u: int) -> frozenset:
        """Instances as seen by op u: (uid, the outermost loop around u it crossed, or
        None for one in u's iteration of every loop around it or before them)."""
        mine = self.around[u]
        out = set()
        for q, tag in x:
            out.add((q, next((r for r in mine if r in tag), None)))
        return frozenset(out)


@dataclass
class Coverage:
    ops: int = 0              # memory ops (each with its input token)
    checked: int = 0
    undefined: int = 0        # no row: the encoder's need, or the token, is undefined
    through: int = 0          # checked ops inside a loop or an if, or whose input token
                              # stands for something through a loop's or an if's token
    dropped_iter: int = 0     # instances from an earlier iteration a bag dropped
    class_rows: int = 0       # rows checked for another op of the class than the one
                              # whose input they were computed for

    def __iadd__(self, o: Coverage) -> Coverage:
        for k in self.__dataclass_fields__:
            setattr(self, k, getattr(self, k) + getattr(o, k))
        return self


class NeedViolation(AssertionError):
    pass


def _depends_on_regions(s: StandsFor, name: str | None) -> bool:
    seen: set[str] = set()
    stack = [name]
    while stack:
        x = stack.pop()
        if x is None or x in seen or x not in s.kinds:
            continue
        seen.add(x)
        kind = s.kinds[x]
        if kind[0] in ("arg", "loop_out", "if_out"):
            return True
        if kind[0] == "mem":
            stack.append(kind[4])
        elif kind[0] == "join":
            stack.extend(kind[1])
    return False


def _in_region(op: Operation) -> bool:
    r = op.parent
    while r is not None:
        owner = r.parent
        if not isinstance(owner, Operation):
            return False
        if owner.spec.is_loop or owner.spec.is_branch:
            return True
        r = owner.parent
    return False


def check(e: Encoded) -> Coverage:
    """Check every memory op's `Need` row against its meaning (module docstring); raise
    `NeedViolation` naming the op and the instance at the first one that does not hold."""
    from eqsat.analysis.signature import array_layouts
    from eqsat.memory.alias import alias_facts, is_acquire, is_release
    from eqsat.memory.conflict import Conflicts
    from eqsat.memory.injective import Bounds, disjoint_across, disjoint_pair_across
    s = StandsFor(e)
    needs, rel, kernel = e.needs, e.needs.rel, e.kernel
    facts = e.enc.alias if e.enc.alias is not None else alias_facts(kernel)
    conflicts = Conflicts(facts)
    layouts, bounds = array_layouts(kernel), Bounds(kernel)
    inputs = dict(needs.heads)
    cov = Coverage()

    def bag_set(bag: tuple) -> frozenset | None:
        out: set[Inst] = set()
        for item in bag:
            if item[0] == "tok":
                got = s.of(item[1])
            else:                # the weaker form of op item[1]: it, and what it needs
                u = item[1]
                inner = needs.of(rel.need_class[u], inputs[u])
                got = None if inner is None else bag_set(inner)
                got = None if got is None else got | {(u, frozenset())}
            if got is None:
                return None
            out |= got
        return frozenset(out)

    def ordered_apart(q: int, u: int, r: int) -> bool:
        """Do the instances of q in earlier iterations of loop r touch memory o's
        instance does not (injectivity, asked of the pair)?"""
        a, b, loop = s.op_of[q], s.op_of[u], s.loops[r].op
        if is_acquire(a) or is_release(b) or any(x.spec.has("output") for x in (a, b)):
            return False
        if q == u:
            return disjoint_across(b, loop, facts, layouts, bounds)
        return disjoint_pair_across(a, b, loop, facts, layouts, bounds)

    def meaning(u: int, t: str, bag: tuple, part: frozenset, whole: frozenset,
                whose: str, token: str) -> None:
        o = s.op_of[u]
        mine, theirs = s.relative(whole, u), s.relative(part, u)
        extra = theirs - mine
        if extra:
            raise NeedViolation(f"op {u} ({o.name}): {whose} stands for {sorted(extra)}, "
                                f"which {token} does not")
        for q, r in sorted(mine - theirs, key=repr):
            if not conflicts(s.op_of[q], o):
                continue
            if r is not None and ordered_apart(q, u, r):
                cov.dropped_iter += 1
                continue
            when = "" if r is None else f" from an earlier iteration of loop {r}"
            raise NeedViolation(f"op {u} ({o.name}) may run before op {q} "
                                f"({s.op_of[q].name}){when}, which it conflicts with: "
                                f"{token} orders it, {whose} {bag} does not")

    rows: dict[tuple[int, str], tuple[tuple, frozenset, frozenset]] = {}
    for u, t in needs.heads:
        cov.ops += 1
        whole = s.of(t)
        bag = needs.of(rel.need_class[u], t)
        part = None if bag is None else bag_set(bag)
        if whole is None or part is None:
            cov.undefined += 1
            continue
        meaning(u, t, bag, part, whole, "its need", f"its input token {t}")
        rows[rel.need_class[u], t] = (bag, part, whole)
        cov.checked += 1
        if _in_region(s.op_of[u]) or _depends_on_regions(s, t):
            cov.through += 1
    # a row is read for every op of its class whose input the rules show to be the token
    # (a weaker form's input joins a bag): ask it of each op of the class after the token
    # and inside the loops around it
    by_class: dict[int, list[int]] = {}
    for u, _ in needs.heads:
        by_class.setdefault(rel.need_class[u], []).append(u)
    for (c, t), (bag, part, whole) in rows.items():
        for u in by_class[c]:
            if inputs[u] != t and s.visible(t, u):
                meaning(u, t, bag, part, whole, f"the need of its class {c} of it",
                        f"token {t}")
                cov.class_rows += 1
    return cov


def region_facts(e: Encoded) -> int:
    """Check the encoder's `CarryArg`, `CarryOut` and `IfBase` rows against the sets here:
    a closed carried token stands for its init and ops of the loop only, a closed loop
    result for its init and ops of the loop, an if's for its base and ops inside, each
    at least its init or base. Raises `NeedViolation`; returns the rows checked."""
    s = StandsFor(e)
    needs, rel = e.needs, e.needs.rel
    uid = {id(m.op): m.uid for m in e.enc.memory.ops}
    n = 0

    def within(whole: frozenset | None, base: frozenset | None, ops: frozenset,
               what: str) -> None:
        if whole is None or base is None:
            return
        ops_of_base = {q for q, _ in base}
        if not ops_of_base <= {q for q, _ in whole}:
            raise NeedViolation(f"{what} does not stand for all its init or base does")
        stray = sorted({q for q, _ in whole} - ops_of_base - ops)
        if stray:
            raise NeedViolation(f"{what} stands for ops {stray}, neither inside nor before")
    for r, a, i in rel.carry_arg:
        within(s.of(s.arg_name.get((r, a))), s.of(s.inits[r][i]), s.inside[r],
               f"carried token {a} of loop {r}")
        n += 1
    for r, k, i in rel.carry_out:
        out = next((x for x, kd in s.kinds.items() if kd[:3] == ("loop_out", r, k)), None)
        within(s.of(out), s.of(s.inits[r][i]), s.inside[r], f"result {k} of loop {r}")
        n += 1
    for (h, k), b in needs.if_base.items():
        ops = frozenset(uid[id(o)] for reg in s.ifs[h].op.regions for o in reg.walk()
                        if id(o) in uid)
        out = next((x for x, kd in s.kinds.items() if kd[:3] == ("if_out", h, k)), None)
        within(s.of(out), s.of(b), ops, f"result {k} of the if {h}")
        n += 1
    return n


def tokensets_agree(e: Encoded) -> int:
    """On tokenized input: the sets here equal `TokenSets`' may-sets for every token
    value of the kernel (instances as (uid, region ids)). Returns the values compared."""
    from eqsat.memory.tokensets import TokenSets
    s = StandsFor(e)
    ts = TokenSets(e.kernel)
    enc = e.enc
    uid = {id(m.op): m.uid for m in enc.memory.ops}
    n = 0
    for op in e.kernel.walk():
        vals = list(op.results) + [a for r in op.regions for a in r.args]
        for v in vals:
            if not v.is_token or id(v) not in enc.refs:
                continue
            mine = s.of(enc.name_of(enc.refs[id(v)]))
            if mine is None:
                continue
            theirs = frozenset((uid[k], frozenset(s.rid_of[x] for x in tag))
                               for k, tag in ts.of(v))
            assert mine == theirs, (v, sorted(mine ^ theirs, key=repr))
            n += 1
    return n
