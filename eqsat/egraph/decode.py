"""Chosen e-nodes -> a Kernel.

Each chosen class becomes one value (shared values once: CSE falls out). A node is
placed in the innermost region that holds all its uses (lowest common ancestor), so
nothing moves into a branch or loop it was not in, and values used in both arms of
a branch or inside and after a loop are computed once before them (ops that must
not run where the program would not are put back by `eqsat.egraph.sinking`). Ops are
emitted in a depth-first post-order from the root, memory ops after their token's
producer, which keeps the token chain's order and puts pure ops just before their
first use.
"""
from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, TypeGuard

from eqsat.errors import EqsatError, ParseError
from eqsat.ir.attrs import DenseConst
from eqsat.ir.core import Kernel, Operation, Param, Region, Value, region_exits
from eqsat.ir.ops import SPECS
from eqsat.ir.numbers import value_of_bits
from eqsat.ir.types import TokenType
from eqsat.egraph import terms as T
from eqsat.egraph.encode import Encoding
from eqsat.egraph.extract import Choice
from eqsat.egraph.scopes import RegionScopes
from eqsat.egraph.view import EGraphView, ENode
from eqsat.egraph.sinking import DIVISIONS, GUARDED


class DecodeError(EqsatError):
    """The chosen e-nodes do not form a valid kernel (a bug; the optimizer falls back)."""


class _Reg:
    __slots__ = ("ir", "parent", "depth", "kind", "rid")

    def __init__(self, ir: Region, parent: _Reg | None, kind: str | None, rid: int | None):
        self.ir, self.parent, self.kind, self.rid = ir, parent, kind, rid
        self.depth: int = 0 if parent is None else parent.depth + 1


def _up(r: _Reg) -> _Reg:
    """The region around a nested one (only the entry region, at depth 0, has none)."""
    assert r.parent is not None, "the entry region has no enclosing region"
    return r.parent


def _lca(a: _Reg, b: _Reg) -> _Reg:
    while a.depth > b.depth:
        a = _up(a)
    while b.depth > a.depth:
        b = _up(b)
    while a is not b:
        a, b = _up(a), _up(b)
    return a


def _uses(n: ENode) -> list[tuple[str, int]]:
    """(child class, region slot) pairs: slot -1 = where the node is, k = its k-th body."""
    k = n.kind
    f = n.fields
    if k == "For":
        return [(c, -1) for c in f[1:4]] + [(c, -1) for c in f[4]] + [(c, 0) for c in f[5]]
    if k == "Loop":
        return [(c, -1) for c in f[1]] + [(c, 0) for c in f[2]]
    if k == "If":
        return [(f[0], -1)] + [(c, 0) for c in f[1]] + [(c, 1) for c in f[2]]
    if k == "Combine":
        return [(c, -1) for c in f[3]] + [(c, 0) for c in f[4]]
    if k == "Mem":                      # token first: keeps memory ops in chain order
        return [(f[4], -1)] + [(c, -1) for c in f[3]]
    return [(c, -1) for c in n.children()]


def _ranks(v: EGraphView, choice: dict, enc: Encoding) -> dict[str, float]:
    """Each chosen class's place in the input's program order: its own earliest let;
    for a memory op the token rules rewrote, the place of the op it came from (same
    uid); for anything else a rewrite made, the latest of what it reads. Decoding
    visits children by rank, so independent ops keep the order the input wrote them
    in: tileiras schedules from that order (swapping the two loads of a GEMM's K loop
    changed its SASS by a fifth)."""
    own = {cid: min(enc.order.get(n, _LATE) for n in lets) for cid, lets in v.lets.items()}
    for nd in v.nodes.values():         # a multi-result op sits where its first result is
        if nd.kind == "Proj" and nd.cls in own:
            src = nd.fields[0]
            own[src] = min(own.get(src, _LATE), own[nd.cls])
    by_uid: dict[Any, float] = {}
    for nd in v.nodes.values():
        if nd.kind == "Mem" and nd.cls in own:
            key = nd.fields[1]
            by_uid[key] = min(by_uid.get(key, _LATE), own[nd.cls])
    rank: dict[str, float] = {}
    opened: set[str] = set()           # a cycle is reported by decode, not looped on here
    stack: list[tuple[str, bool]] = [(v.root, False)]
    while stack:
        cid, done = stack.pop()
        if cid in rank or (not done and cid in opened):
            continue
        nid = choice.get(cid)
        kids = [c for c, _ in _uses(v.nodes[nid])] if nid is not None else []
        if not done:
            opened.add(cid)
            stack.append((cid, True))
            stack.extend((c, False) for c in kids if c not in rank)
            continue
        r = own.get(cid, _LATE)
        if r == _LATE and nid is not None and v.nodes[nid].kind == "Mem":
            r = by_uid.get(v.nodes[nid].fields[1], _LATE)
        if r == _LATE:
            r = max((rank[c] for c in kids if rank.get(c, _LATE) != _LATE), default=_LATE)
        rank[cid] = r
    return rank


_LATE = float("inf")


def _visit_order(v: EGraphView, choice: dict, n: ENode,
                 rank: dict[str, float] | None = None) -> list[str]:
    """Children in emission order: operands in order, the token chains a join merges
    and a body passes on by rank in the input's program order. In a body, tokens go
    first: the ops a body's token comes after (a branch that may `continue`, memory
    ops) are emitted before the values it passes on, so nothing moves ahead of an
    early exit."""
    uses = _uses(n)

    def by_rank(cs: list[str]) -> list[str]:
        return cs if rank is None else sorted(cs, key=lambda c: rank.get(c, _LATE))
    if n.kind in ("Join", "ReJoin", "SrcJoin"):      # token chains merge in any order
        return by_rank([c for c, _ in uses])
    if n.kind not in ("For", "Loop", "If"):
        return [c for c, _ in uses]

    def is_token(c: str) -> bool:
        nid = choice.get(c)
        ty = v.nodes[nid].ty if nid is not None else None
        return ty == "token" or (nid is not None and v.nodes[nid].kind in
                                 ("Join", "ReJoin", "SrcJoin"))
    head = [c for c, slot in uses if slot < 0]
    body = [c for c, slot in uses if slot >= 0]
    return (head + by_rank([c for c in body if is_token(c)])
            + [c for c in body if not is_token(c)])


@dataclass
class Decoded:
    """A selection as a kernel, with the value each e-class became (class -> Value, or
    the Operation of a multi-result op): the post-decode passes read the e-graph's facts
    of a value through it. Guarded ops still sit where one value serves all their uses:
    run `eqsat.egraph.sinking.sink_guarded` before the kernel means what the input did."""
    kernel: Kernel
    values: dict[str, Any]


def decode(enc: Encoding, v: EGraphView, sel: Choice) -> Decoded:
    choice = sel.choice
    node = _Chosen(v.nodes, choice)

    # post-order from the root (children first), iteratively
    rank = _ranks(v, choice, enc)
    order: list[str] = []
    state: dict[str, int] = {}
    stack: list[tuple[str, bool]] = [(v.root, False)]
    while stack:
        cid, done = stack.pop()
        if done:
            state[cid] = 2
            order.append(cid)
            continue
        if state.get(cid):
            if state[cid] == 1:
                raise DecodeError("the chosen program has a cycle")
            continue
        state[cid] = 1
        stack.append((cid, True))
        kids = _visit_order(v, choice, node(cid), rank)
        for c in reversed(kids):
            if state.get(c) == 1:
                raise DecodeError("the chosen program has a cycle")
            if not state.get(c):
                stack.append((c, False))

    # which loop body each class depends on (innermost), and whether it is a pure value
    sc = RegionScopes(enc)
    dep: dict[str, int] = {}
    pure: dict[str, bool] = {}
    for cid in order:
        n = node(cid)
        if n.kind == "Arg":
            dep[cid] = n.fields[0]
            pure[cid] = False
            continue
        own = n.region if n.kind in ("For", "Loop", "Combine") else None
        d = 0
        for c in n.children():
            dc = dep.get(c, 0)
            if own is not None and sc.inside(dc, own):
                continue
            d2 = sc.deeper(d, dc)
            d = dc if d2 == -1 else d2
        dep[cid] = d
        if n.kind == "Proj":
            pure[cid] = pure.get(n.fields[0], False)
        else:
            pure[cid] = n.kind in ("Op0", "Op1", "Op2", "Op3", "OpN", "Const", "ConstDense")

    # loops whose constant bounds give them no iteration: nothing is hoisted out of them
    idle = frozenset(node(cid).fields[0] for cid in order if _never_runs(v, node(cid)))
    # placement: parents before children
    entry = _Reg(Region(), None, None, None)
    place: dict[str, _Reg] = {v.root: entry}
    bodies: dict[tuple[str, int], _Reg] = {}
    region_of_id: dict[int, _Reg] = {}
    for cid in reversed(order):
        n = node(cid)
        here = place.get(cid)
        if here is None:
            raise DecodeError(f"class {cid} is not used")
        if pure[cid]:
            here = _hoist(here, dep[cid], sc, _speculatable(n, node), idle)
            place[cid] = here
        if n.kind in ("For", "Loop", "If", "Combine"):
            nslots = 2 if n.kind == "If" else 1
            for slot in range(nslots):
                rid = n.region if n.kind != "If" else None
                args = []
                if rid is not None:
                    info = enc.regions.get(rid)
                    if info is None:
                        raise DecodeError(f"unknown region {rid}")
                    args = [Value(t, nm) for t, nm in zip(info.arg_types, info.arg_names)]
                reg = _Reg(Region(args), here, n.kind, rid)
                bodies[(cid, slot)] = reg
                if rid is not None:
                    if rid in region_of_id:
                        raise DecodeError(f"region {rid} is used by two ops")
                    region_of_id[rid] = reg
        for c, slot in _uses(n):
            u = here if slot < 0 else bodies[(cid, slot)]
            cur = place.get(c)
            place[c] = u if cur is None else _lca(cur, u)

    # build ops in post-order
    val: dict[str, Any] = {}          # class -> Value | Operation | None (absent token)
    params = [Param(Value(p.type, p.name), dict(p.attrs)) for p in enc.kernel.params]
    root_op: Operation | None = None
    op_rank: dict[int, float] = {}     # id of a built op -> its class's rank
    for cid in order:
        n = node(cid)
        k = n.kind
        reg = place[cid]
        f = n.fields
        if k == "Param":
            val[cid] = params[f[0]].value
            continue
        if k == "Arg":
            r = region_of_id.get(f[0])
            if r is None or not _inside(reg, r):
                raise DecodeError(f"argument {f[1]} of region {f[0]} used outside its region")
            val[cid] = r.ir.args[f[1]]
            continue
        if k == "NoTok":
            val[cid] = None
            continue
        if k == "Exit":                  # becomes its body's terminator (see _terminator)
            val[cid] = n
            continue
        if k in ("Join", "SrcJoin") and len(f[0]) == 1 or k == "ReJoin" and f[0] == f[1]:
            val[cid] = val[f[0][0] if k != "ReJoin" else f[0]]
            continue
        if k == "Proj":
            src = val[f[0]]
            if isinstance(src, Operation):
                if SPECS[src.name].is_tokenless_effect:      # its token is the chain's
                    val[cid] = val[node(f[0]).fields[4]]
                else:
                    if f[1] >= len(src.results):
                        raise DecodeError(f"'{src.name}' has no result {f[1]}")
                    val[cid] = src.results[f[1]]
            else:
                raise DecodeError("projection of a value that is not an op")
            continue
        op = _build(enc, n, val, bodies, cid)
        if k == "Root":
            root_op = op
            entry.ir.append(op)
            continue
        reg.ir.append(op)
        op_rank[id(op)] = rank.get(cid, _LATE)
        if k in ("For", "Loop", "If", "Combine", "Mem") or isinstance(_types(enc, n.ty), tuple):
            val[cid] = op
        else:
            val[cid] = op.results[0]
    if root_op is None:
        raise DecodeError("no root")
    _keep_input_order(entry.ir, op_rank)
    _name_values(enc, v, order, val, node)
    return Decoded(Kernel(enc.kernel.name, params, entry.ir, enc.kernel.hints), val)


class _Chosen:
    """A class's chosen e-node (an object, not a closure over the view, so
    the view is freed by reference counting)."""

    def __init__(self, nodes: dict[str, ENode], choice: dict[str, str]):
        self.nodes, self.choice = nodes, choice

    def __call__(self, cid: str) -> ENode:
        try:
            return self.nodes[self.choice[cid]]
        except KeyError:
            raise DecodeError(f"no node chosen for class {cid}") from None


def _speculatable(n: ENode, node: _Chosen) -> bool:
    """Safe to run where the program would not: not an assume, and not a division
    unless by a constant that cannot trap (`node` gives a class's chosen e-node)."""
    if not (n.kind.startswith("Op") and n.fields[0] in GUARDED):
        return True
    if n.fields[0] in DIVISIONS and n.kind == "Op2":
        d = node(n.fields[4])
        if d.kind == "Const":
            return int(value_of_bits(d.fields[1], d.fields[2])) not in (0, -1)
    return False


def _never_runs(v: EGraphView, n: ENode) -> bool:
    """A `for` whose constant bounds give it no iteration (lb >= ub, step > 0)."""
    if n.kind != "For":
        return False
    bounds = [v.consts.get(c) for c in n.fields[1:4]]
    if any(b is None or b[0].startswith(("f", "bf")) for b in bounds):
        return False
    lb, ub, step = (int(value_of_bits(*b)) for b in bounds if b is not None)
    return step > 0 and ub <= lb


def _hoist(reg: _Reg, dep: int, sc: RegionScopes, speculatable: bool = True,
           idle: frozenset[int] = frozenset()) -> _Reg:
    """Move a pure value out of every loop body it does not depend on (through branches
    inside those loops when it is `speculatable`), never out of a reduce/scan body, nor
    out of a loop in `idle` (one that runs no iteration: there the value costs nothing,
    before it every time)."""
    target, cur = reg, reg
    while cur.parent is not None:
        if cur.kind == "Combine" or (cur.kind == "If" and not speculatable):
            break
        if cur.kind in ("For", "Loop"):
            if cur.rid is not None and (sc.inside(dep, cur.rid) or cur.rid in idle):
                break
            target = cur.parent
        cur = cur.parent
    return target


def _inside(a: _Reg, b: _Reg) -> bool:
    cur: _Reg | None = a
    while cur is not None and cur.depth > b.depth:
        cur = cur.parent
    return cur is b


def _name_values(enc: Encoding, v: EGraphView, order: list[str], val: dict,
                 node: _Chosen) -> None:
    """Give the decoded values the input's names. A memory op keeps its results' names
    (found by its uid, however the token rules rewired it); any other value takes the
    name of an input value in its class that an op of the same kind defined. What is
    left: a value that computes an input value anew keeps its name unless that name is
    taken or it is a token (a join in the class of a load's token is not that load's
    token), where it gets a name derived from it (`t_join`); a new splat integer
    constant is named by its value (`c2_i32`); anything else is numbered by the printer.
    A name so never moves to a value that meant something else in the input."""
    mem_src = {m.uid: m.op for m in enc.memory.ops} if enc.memory is not None else {}
    given = {h for let, h in enc.names.items() if enc.kinds.get(let) is not None}
    projs: dict[str, list[tuple[int, str]]] = {}       # multi-result class -> its results
    for nd in v.nodes.values():
        if nd.kind == "Proj":
            projs.setdefault(nd.fields[0], []).append((nd.fields[1], nd.cls))
    claimed: set[str] = set()
    seen: set[int] = set()
    values: list[tuple[str, Value]] = []
    for cid in order:
        x = val.get(cid)
        if isinstance(x, Operation):
            n = node(cid)
            src = mem_src.get(n.fields[1]) if n.kind == "Mem" else None
            if src is not None and len(src.results) == len(x.results):
                for r, s in zip(x.results, src.results):
                    if _usable(s.name):
                        r.name = s.name
                        claimed.add(s.name)
                    seen.add(id(r))
            elif src is None:           # results no op reads: named from their classes
                for i, pc in sorted(projs.get(cid, ())):
                    if i < len(x.results) and id(x.results[i]) not in seen \
                            and x.results[i].name is None and pc not in val:
                        seen.add(id(x.results[i]))
                        values.append((pc, x.results[i]))
        elif (isinstance(x, Value) and isinstance(x.owner, Operation) and x.name is None
              and id(x) not in seen):
            seen.add(id(x))
            values.append((cid, x))
    rest: list[tuple[str, Value]] = []
    for cid, x in values:
        owner = x.owner
        for let in _lets_in_order(enc, v, cid):
            h = enc.names.get(let)
            if _usable(h) and h not in claimed and enc.kinds.get(let) == owner.name:
                x.name = h
                claimed.add(h)
                break
        else:
            rest.append((cid, x))
    for cid, x in rest:
        hints = [h for h in (enc.names.get(let) for let in _lets_in_order(enc, v, cid))
                 if _usable(h)]
        owner = x.owner
        if hints:
            h = hints[0]
            if h not in claimed and (not x.is_token or h not in given):
                x.name = h              # the same value anew, or a token the input had not
                claimed.add(h)
            else:
                x.name = f"{h}_{_short(owner.name)}"
        elif owner.spec.has("constant"):
            x.name = _constant_name(owner)


def _lets_in_order(enc: Encoding, v: EGraphView, cid: str) -> list[str]:
    return sorted(v.lets.get(cid, ()), key=lambda let: (enc.order.get(let, 1 << 30), let))


def _usable(name: str | None) -> TypeGuard[str]:
    """A name the printer keeps (a number too: a value keeps the number it had)."""
    return name is not None and name != ""


def _short(op_name: str) -> str:
    return {"join_tokens": "join", "make_token": "tok"}.get(op_name,
                                                            op_name.removesuffix("_tko"))


def _constant_name(op: Operation) -> str | None:
    c = op.attrs.get("value")
    if not isinstance(c, DenseConst) or not c.is_splat or not str(c.elem).startswith("i"):
        return None
    n = int(c.scalar())
    return f"c{n}_{c.elem}" if n >= 0 else f"c_neg{-n}_{c.elem}"


def _keep_input_order(region: Region, rank: dict[int, float]) -> None:
    """Reorder each body's ops, as few as their uses allow, into the input's program
    order (`rank`; ties and new ops keep the decoder's order): a pure op moves freely
    under its uses; a memory op (its tokens order it), a guarded op or an op with a
    body moves too, but never across a branch that may leave the body early, a print
    or an assert, which keep their relative order (nothing with an effect or a trap may
    run ahead of an early exit); the terminator stays last. Ops no rewrite touched so read in the
    order the input wrote them."""
    ops = region.ops
    term = ops[-1] if ops and ops[-1].spec is not None and ops[-1].spec.is_terminator else None
    body = ops[:-1] if term is not None else list(ops)
    for op in body:
        for r in op.regions:
            _keep_input_order(r, rank)
    if len(body) < 2:
        return
    producer: dict[int, int] = {}
    for i, op in enumerate(body):
        for res in op.results:
            producer[id(res)] = i
    preds: list[set[int]] = [set() for _ in body]
    barrier: int | None = None
    since: list[int] = []
    for i, op in enumerate(body):
        p = preds[i]
        for u in _reads(op):
            j = producer.get(id(u))
            if j is not None and j != i:
                p.add(j)
        kind = _order_kind(op)
        if kind == "barrier":
            if barrier is not None:
                p.add(barrier)
            p.update(since)
            barrier, since = i, []
        elif kind == "memory":
            if barrier is not None:
                p.add(barrier)
            since.append(i)
    succs: list[list[int]] = [[] for _ in body]
    waiting = [len(p) for p in preds]
    for i, p in enumerate(preds):
        for j in p:
            succs[j].append(i)
    ready = [(rank.get(id(op), _LATE), i) for i, op in enumerate(body) if not waiting[i]]
    heapq.heapify(ready)
    out: list[Operation] = []
    while ready:
        _, i = heapq.heappop(ready)
        out.append(body[i])
        for j in succs[i]:
            waiting[j] -= 1
            if not waiting[j]:
                heapq.heappush(ready, (rank.get(id(body[j]), _LATE), j))
    if len(out) != len(body):                          # pragma: no cover - a cycle: a bug
        raise DecodeError("the chosen program has a cycle")
    region.ops = out + ([term] if term is not None else [])


def _reads(op: Operation) -> Iterator[Value]:
    """The values `op` reads, those read in its bodies included."""
    for o in op.walk():
        yield from o.operands


def _untokened(op: Operation) -> bool:
    """A memory op no token orders (program order orders it, if anything)."""
    sp = op.spec
    return (sp is not None and any(g == "token" for g, _ in sp.operands)
            and op.token_in is None)


def _unordered(op: Operation) -> bool:
    """A print, an assert or a memory op no token orders: it keeps its place."""
    sp = op.spec
    return sp is not None and (sp.is_tokenless_effect or sp.effect == "check") or _untokened(op)


def _leaves_loop_body(t: Operation) -> bool:
    sp = t.spec
    return sp is not None and (sp.has("break") or sp.has("continue"))


def _order_kind(op: Operation) -> str:
    """How an op may move: "pure" (under its uses), "memory" (memory ops, guarded ops
    and ops with bodies: between the same barriers) or "barrier" (a branch that may
    leave its loop body early, a print, an assert, a memory op no token orders, or an op
    whose body holds one of those: keeps its place among memory ops and barriers)."""
    sp = op.spec
    if _unordered(op) or (sp is not None and sp.is_branch and any(
            _leaves_loop_body(t) for r in op.regions for t in region_exits(r))):
        return "barrier"
    if op.regions:                        # what its body does, program order included
        return "barrier" if any(_unordered(o) for o in op.walk()) else "memory"
    if op.name in GUARDED:                # a trap must not run ahead of an early exit
        return "memory"
    if sp is not None and any(g == "token" for g, _ in sp.operands):
        return "memory"
    if not op.results or any(r.is_token for r in op.results):
        return "memory" if op.results else "barrier"
    return "pure"


def _types(enc: Encoding, text: str | None) -> Any:
    if text is None:
        return None
    try:
        return enc.type_of(text)
    except ParseError as e:
        raise DecodeError(f"unknown type text {text!r}: {e}") from None


def _result_types(enc: Encoding, text: str) -> list:
    t = _types(enc, text)
    return list(t) if isinstance(t, tuple) else [t]


def _operand(val: dict, c: str) -> Value:
    x = val.get(c)
    if isinstance(x, Operation):
        if len(x.results) != 1:
            raise DecodeError(f"'{x.name}' used as a single value")
        return x.results[0]
    if x is None:
        raise DecodeError("missing operand (absent token used as a value)")
    return x


def _terminator(enc: Encoding, val: dict, vec: list) -> Operation | None:
    """The `break`/`continue`/`return` an `Exit` at the head of a body stands for."""
    if not vec:
        return None
    x = val.get(vec[0])
    if not isinstance(x, ENode) or x.kind != "Exit":
        return None
    kind, vals = x.fields
    if SPECS[kind].has("return"):
        vals = vals[:enc.n_returns]
    return Operation(kind, [_operand(val, c) for c in vals])


def _build(enc: Encoding, n: ENode, val: dict, bodies: dict, cid: str) -> Operation:
    k, f = n.kind, n.fields
    if k == "Const":
        t = _types(enc, f[0])
        value = DenseConst(f[1], value_of_bits(f[1], f[2]))
        return Operation("constant", [], [t], {"value": value})
    if k == "ConstDense":
        return Operation("constant", [], [_types(enc, f[0])], {"value": enc.dense[f[1]]})
    if k in ("Op0", "Op1", "Op2", "Op3", "OpN"):
        name = f[0]
        attrs, segs = T.ATTRS.lookup(f[1])
        kids = f[3] if k == "OpN" else f[3:]
        return Operation(name, [_operand(val, c) for c in kids], _result_types(enc, f[2]),
                         attrs, segments=segs)
    if k == "Mem":
        name = f[0]
        attrs, segs = T.ATTRS.lookup(f[1])
        args = [_operand(val, c) for c in f[3]]
        tok = val.get(f[4])
        sp = SPECS[name]
        if sp.is_tokenless_effect:         # no token operand, no token result
            return Operation(name, args, [], attrs)
        operands, sizes, i = [], [], 0
        groups = sp.operands
        seg = list(segs) if segs is not None else [1 if a == "1" else 0 for _, a in groups]
        for (g, _), sz in zip(groups, seg):
            if g == "token":
                chunk = [] if tok is None else [_operand(val, f[4])]
            else:
                chunk = args[i:i + sz]
                i += sz
            operands.extend(chunk)
            sizes.append(len(chunk))
        return Operation(name, operands, _result_types(enc, f[2]), attrs,
                         segments=tuple(sizes) if sp.has_segments else None)
    if k == "For":
        inits = [_operand(val, c) for c in f[4]]
        nres = len(inits)
        body = bodies[(cid, 0)].ir
        body.append(Operation("continue", [_operand(val, c) for c in f[5][:nres]]))
        return Operation("for", [_operand(val, c) for c in f[1:4]] + inits,
                         _result_types(enc, f[6]), regions=[body], segments=(1, 1, 1, nres))
    if k == "Loop":
        inits = [_operand(val, c) for c in f[1]]
        body = bodies[(cid, 0)].ir
        end = _terminator(enc, val, f[2])
        if end is None:
            raise DecodeError("a 'loop' body without its terminator")
        body.append(end)
        return Operation("loop", inits, _result_types(enc, f[3]), regions=[body],
                         segments=(len(inits),))
    if k == "If":
        rts = _result_types(enc, f[3])
        regs = []
        for slot, vec in ((0, f[1]), (1, f[2])):
            r = bodies[(cid, slot)].ir
            end = _terminator(enc, val, vec)
            r.append(end if end is not None else
                     Operation("yield", [_operand(val, c) for c in vec[:len(rts)]]))
            regs.append(r)
        return Operation("if", [_operand(val, f[0])], rts, regions=regs)
    if k in ("Join", "ReJoin", "SrcJoin"):
        members = f[0] if k != "ReJoin" else list(dict.fromkeys(f))
        if not members:
            return Operation("make_token", [], [TokenType()])
        return Operation("join_tokens", [_operand(val, c) for c in members], [TokenType()],
                         segments=(len(members),))
    if k == "Combine":
        attrs, _ = T.ATTRS.lookup(f[1])
        rts = _result_types(enc, f[5])
        body = bodies[(cid, 0)].ir
        body.append(Operation("yield", [_operand(val, c) for c in f[4]]))
        return Operation(f[0], [_operand(val, c) for c in f[3]], rts, attrs, regions=[body])
    if k == "Root":
        return Operation("return", [_operand(val, c) for c in f[0][:enc.n_returns]])
    raise DecodeError(f"cannot decode a {k} node")


__all__ = ["decode", "Decoded", "DecodeError"]
