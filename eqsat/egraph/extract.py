"""DAG-aware extraction over the e-graph's Term tables (design section 5).

egglog's own extractors return one tree-shaped term (exponential for shared DAGs,
slow with Python cost callbacks), so we choose e-nodes ourselves:

1. *Scopes.* A node that reads `Arg(r, i)` must live inside region r. Each class is
   restricted to the nodes that need the outermost scope any of its nodes needs;
   then every choice is valid wherever the class is used (a value equal to a loop
   invariant is never taken from inside the loop).
2. *Tree pass.* Bellman-Ford over classes: cost(node) = own cost x trip counts of its
   scope + the best costs of its distinct child classes. Positive costs make the
   choice acyclic. Scopes and the tree pass are fixpoints of in-order sweeps, computed
   by re-evaluating only what changed (`_sweep`), so they cost time in proportion to
   the changes, not to sweeps x nodes (a token chain needs as many sweeps as links).
3. *DAG pass.* The objective is the cost of the chosen DAG, each reachable node paid
   once. Classes with alternatives are retried one at a time against that exact
   objective until nothing improves (bounded passes); each try updates the objective
   by what it makes reachable or unreachable (`_Dag`), not by walking the whole DAG.

4. *Exact pass.* The per-node prices above guide the search; what decides is the
   model's own `kernel_cost` of the program a selection decodes to (with proven
   access widths and the same token waits, see `eqsat.egraph.cost`). `minimize`
   prices the DAG pass's choice; should it cost more than the program as encoded, it
   tries a bounded number of single memory-op version changes and then that program
   itself (still in the e-graph), and keeps the cheapest. The report's "cost after"
   is the value it kept.

Every node also pays a tiny epsilon so that, of two equally fast programs, the one
with fewer ops wins (CSE and folds of free ops still count).

Memory ops also pay for waiting: each memory op its input token stands for costs
`CostModel.token_wait` (store->load waits for visibility; a loop-carried token
makes every iteration wait for the previous one's ops), so of the versions of one
op that the token rules built, the least serialized is the cheapest (the sets a token
stands for are bitmasks, `TokenSets`: along a chain they hold O(ops^2) pairs). A program
must run each memory op once, so the chosen e-nodes hold one version per op
(uid): the extractor fixes the cheapest version of each op first and chooses
everything else around it.
"""
from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable
from functools import partial
from dataclasses import dataclass, field
from typing import Any, overload

from eqsat.ir.ops import SPECS
from eqsat.egraph import compat
from eqsat.egraph import terms as T
from eqsat.egraph.analyses import Facts, read_facts
from eqsat.egraph.cost import CostModel, LoopInfo, OpInfo
from eqsat.egraph.encode import Encoding
from eqsat.egraph.width import CAP, Lanes, ptr_lanes_width, view_lanes_width
from eqsat.memory.tokensets import bits
from eqsat.text.parser import Parser

EPS = 1e-3
TOL = 1e-9          # an objective must drop by more than this for a move to count
NEIGHBOURS = 8      # memory-op moves `Extractor.minimize` prices at most
# a preferred op's share of EPS: the discount (0.7 EPS per node) stays below one node's
# epsilon, so a preferred form that needs an extra node still loses the tie
PREFER_SHARE = 0.3

# field kinds per constructor: s=String, i=i64, y=Ty (a type's text, a String), t=Term,
# v=Vec[Term], m=MultiSet[Term]
SIGNATURES = {
    "Param": "iy", "Arg": "iiy", "Const": "ysi", "ConstDense": "yi", "NoTok": "",
    "Op0": "siy", "Op1": "siyt", "Op2": "siytt", "Op3": "siyttt", "OpN": "siyv",
    "Mem": "siyvt", "For": "itttvvy", "Loop": "ivvy", "Exit": "sv", "Join": "m",
    "ReJoin": "tt", "SrcJoin": "m", "If": "tvvy", "Combine": "siivvy", "Proj": "tiy",
    "Root": "v",
}
LOOPS = ("For", "Loop")


@dataclass
class ENode:
    id: str
    kind: str                 # constructor name ("Op2", "For", ...)
    cls: str                  # its e-class
    fields: list              # decoded fields: str / int / type text / class id / [class ids]
    # caches of `children` and `child_set` (slots of their own: compiled, a node has no
    # __dict__ to keep them in)
    _kids: list[str] | None = field(default=None, compare=False, repr=False)
    _kid_set: tuple[str, ...] | None = field(default=None, compare=False, repr=False)

    def children(self) -> list[str]:
        """Child classes in field order (computed once: extraction asks for them in
        every pass; the list is shared, so callers must not change it)."""
        got = self._kids
        if got is None:
            got = []
            for k, f in zip(SIGNATURES[self.kind], self.fields):
                if k == "t":
                    got.append(f)
                elif k in "vm":
                    got.extend(f)
            self._kids = got
        return got

    def child_set(self) -> tuple[str, ...]:
        """The distinct child classes, in field order (a node pays for a shared child once;
        a fixed order keeps sums of child costs the same under any hash seed)."""
        got = self._kid_set
        if got is None:
            got = self._kid_set = tuple(dict.fromkeys(self.children()))
        return got

    @property
    def ty(self) -> str | None:
        sig = SIGNATURES[self.kind]
        return self.fields[sig.index("y")] if "y" in sig else None

    @property
    def op_name(self) -> str | None:
        return self.fields[0] if SIGNATURES[self.kind].startswith("s") else None

    @property
    def region(self) -> int | None:
        if self.kind in ("For", "Loop", "Arg"):
            return self.fields[0]
        if self.kind == "Combine":
            return self.fields[2]
        return None


@dataclass
class EGraphView:
    """The Term e-nodes of an e-graph, with what the analyses know of their classes."""
    nodes: dict[str, ENode]
    classes: dict[str, list[str]]          # class -> node ids
    root: str                              # class of the Root term
    lets: dict[str, list[str]]             # class -> let names bound to it
    n_classes: int = 0
    n_nodes: int = 0
    consts: dict[str, tuple[str, int]] = field(default_factory=dict)   # class -> (elem, bits)
    facts: dict[str, Facts] = field(default_factory=dict)    # class -> what the analyses know


def _class_key(cid: str) -> tuple:
    head, _, num = cid.rpartition("-")
    return (head, int(num)) if num.isdigit() else (cid, 0)


def view(enc: Encoding) -> EGraphView:
    """The Term e-nodes of the e-graph with decoded fields, read off egglog's tables."""
    eg = enc.egraph
    tables = compat.Tables(eg)
    nodes: dict[str, ENode] = {}
    classes: dict[str, list[str]] = {}
    kinds = {compat.egg_name(eg, fn): kind for kind, fn in T.TERM_CONSTRUCTORS.items()}
    cls, string, i64 = tables.cls, tables.string, tables.i64
    for name, f in tables.functions.items():       # in table order, as `serialize` has it
        kind = kinds.get(name)
        if kind is None:
            continue
        out_sort = f.output_sort
        cols = [(k, sort, tables.names(sort)) for k, sort in zip(SIGNATURES[kind], f.input_sorts)]
        out_names = tables.names(out_sort)
        for i, r in enumerate(f.rows):
            if r.subsumed:
                continue
            fields: list = []
            for (k, sort, named), x in zip(cols, r.inputs):
                if k == "t":
                    fields.append(named.get(x) or cls(sort, x))
                elif k == "v":
                    fields.append([out_names.get(c) or cls(out_sort, c) for c in tables.vec(x)])
                elif k == "m":                   # a bag: order its members deterministically
                    fields.append(sorted({cls(out_sort, c) for c in tables.bag(x)},
                                         key=_class_key))
                elif k == "s" or k == "y":      # a type is its text
                    fields.append(string(x))
                else:
                    fields.append(i64(x))
            nid = f"function-{i}-{name}"
            c = out_names.get(r.output) or cls(out_sort, r.output)
            nodes[nid] = ENode(nid, kind, c, fields)
            got = classes.get(c)
            if got is None:
                classes[c] = [nid]
            else:
                got.append(nid)
    lets = tables.bindings()
    root = None
    for cid, ls in lets.items():
        if enc.root in ls:
            root = cid
    if root is None:
        raise ValueError("the e-graph has no root")
    n_lets = sum(1 for ls in lets.values() for x in ls if x.startswith("v"))
    if n_lets < enc.n_values:
        raise ValueError(f"egglog holds {n_lets} of {enc.n_values} value bindings")
    # nodes whose children are not Term classes (a token rule's unfinished `Step`)
    # cannot be extracted: drop them, and whatever needs only them
    while True:
        bad = [nid for nid, en in nodes.items() if any(c not in classes for c in en.children())]
        if not bad:
            break
        for nid in bad:
            en = nodes.pop(nid)
            classes[en.cls].remove(nid)
            if not classes[en.cls]:
                del classes[en.cls]
    v = EGraphView(nodes, classes, root, lets, len(classes), len(nodes),
                   facts=read_facts(eg, tables))
    for en in nodes.values():
        if en.kind == "Const":
            v.consts[en.cls] = (en.fields[1], en.fields[2])
    return v


# -- scopes -------------------------------------------------------------------------------------
class _Scopes:
    """Leaf regions form a tree (static nesting); a scope is one of its nodes (0 = kernel)."""

    def __init__(self, enc: Encoding):
        self.parent: dict[int, int | None] = {0: None}
        self.depth = {0: 0}
        for rid in sorted(enc.regions):
            p = enc.regions[rid].parent
            self.parent[rid] = p
            self.depth[rid] = self.depth.get(p, 0) + 1

    def inside(self, a: int, b: int) -> bool:
        """Is region a equal to or nested in region b?"""
        cur: int | None = a
        while cur is not None and self.depth.get(cur, 0) > self.depth.get(b, 0):
            cur = self.parent.get(cur)
        return cur == b

    @overload
    def deeper(self, a: int, b: int) -> int: ...
    @overload
    def deeper(self, a: int | None, b: int | None) -> int | None: ...

    def deeper(self, a: int | None, b: int | None) -> int | None:
        """The deeper of two scopes on one chain; -1 if they are not on one chain."""
        if a is None:
            return b
        if b is None:
            return a
        if a == -1 or b == -1:
            return -1
        if self.inside(a, b):
            return a
        if self.inside(b, a):
            return b
        return -1


def node_scope(n: ENode, scope_of: dict[str, int], sc: _Scopes) -> int | None:
    """The innermost leaf region n needs (None if some child is still unknown, -1 if invalid)."""
    if n.kind == "Arg":
        return n.fields[0]
    s: int | None = 0
    own = n.region if n.kind in ("For", "Loop", "Combine") else None
    for c in n.children():
        cs = scope_of.get(c)
        if cs is None:
            return None
        if cs == -1:
            return -1
        if own is not None and sc.inside(cs, own):
            continue          # the body's own arguments stay inside
        s = sc.deeper(s, cs)
        if s == -1:
            return -1
    return s


def compute_scopes(v: EGraphView, sc: _Scopes) -> tuple[dict[str, int], dict[str, int]]:
    """Each class's scope and each node's, as the fixpoint of sweeping the nodes in order
    until no class scope moves (see `_sweep`: only the nodes whose children moved are
    evaluated again, in the order a full sweep would reach them)."""
    scope_of: dict[str, int] = {}
    node_sc: dict[str, int] = {}
    order = list(v.nodes.values())
    _sweep(len(order), _users(order), partial(_scope_step, order, sc, scope_of, node_sc))
    return scope_of, node_sc


def _scope_step(order: list[ENode], sc: _Scopes, scope_of: dict[str, int],
                node_sc: dict[str, int], i: int) -> str | None:
    n = order[i]
    s = node_scope(n, scope_of, sc)
    if s is None or s == -1:
        return None
    node_sc[n.id] = s
    cur = scope_of.get(n.cls)
    if cur is None or (cur != s and sc.inside(cur, s)):
        scope_of[n.cls] = s
        return n.cls
    return None


def _users(order: list[ENode]) -> dict[str, list[int]]:
    """Class -> positions (in `order`) of the nodes that have it as a child, ascending."""
    users: dict[str, list[int]] = {}
    for i, n in enumerate(order):
        for c in n.child_set():
            users.setdefault(c, []).append(i)
    return users


def _sweep(size: int, users: dict[str, list[int]], step: Callable[[int], str | None],
           rounds: int | None = None) -> None:
    """Run `step` over positions 0..size-1 in rounds, as repeated in-order sweeps until a
    round changes nothing (at most `rounds` rounds), but evaluating a position only when
    some class it reads changed since it was last evaluated. `step(i)` returns the class it
    changed, if any. Evaluating a position whose inputs did not change changes nothing (a
    value only ever improves), so the result is exactly that of the full sweeps, in time
    proportional to the changes instead of sweeps x size."""
    now = list(range(size))          # a sorted list is a valid heap
    queued = bytearray([1]) * size   # in `now`
    later: set[int] = set()
    done = 0
    while now:
        if rounds is not None and done >= rounds:
            return
        while now:
            i = heapq.heappop(now)
            queued[i] = 0
            changed = step(i)
            if changed is None:
                continue
            for j in users.get(changed, ()):
                if j > i:
                    if not queued[j]:
                        queued[j] = 1
                        heapq.heappush(now, j)
                else:
                    later.add(j)
        done += 1
        now = sorted(later)
        later = set()
        for j in now:
            queued[j] = 1


# -- costs --------------------------------------------------------------------------------------
@dataclass
class Selection:
    choice: dict[str, str]            # class -> chosen node id
    cost: float                       # DAG cost (model units, epsilon included)
    nodes: int                        # chosen reachable e-nodes
    objective: float | None = None    # what `Extractor.minimize` chose it by, if it did


class _Pricer:
    def __init__(self, enc: Encoding, v: EGraphView, model: CostModel, sc: _Scopes,
                 prefer: frozenset = frozenset()):
        self.enc, self.v, self.model, self.sc = enc, v, model, sc
        self.prefer = frozenset(prefer) | frozenset(getattr(model, "preferred", ()))
        self.class_ty: dict[str, str] = {}
        for n in v.nodes.values():
            t = n.ty
            if t is not None and n.kind not in ("Root",):
                self.class_ty.setdefault(n.cls, t)
        self.region_mult: dict[int, float] = {0: 1.0}
        self._mult_cache: dict[int, float] = {}
        self.loop_by_region: dict[int, ENode] = {}
        for n in v.nodes.values():
            if n.kind in LOOPS:
                self.loop_by_region.setdefault(n.fields[0], n)

    def _type(self, text: str | None) -> Any:
        if text is None:
            return None
        t = self.enc.types.get(text)
        if t is None:
            try:
                t = Parser(text).type()
            except Exception:
                return None
        return t

    def mult(self, region: int) -> float:
        got = self._mult_cache.get(region)
        if got is not None:
            return got
        if region == 0 or region not in self.sc.parent:
            m = 1.0
        else:
            m = self.mult(self.sc.parent[region] or 0)
            info = self.enc.regions.get(region)
            if info is not None and info.kind in ("for", "loop"):
                m *= self.model.trip_count(self._loop_info(region))
        self._mult_cache[region] = m
        return m

    def _loop_info(self, region: int) -> LoopInfo:
        n = self.loop_by_region.get(region)
        if n is None or n.kind != "For":
            return LoopInfo()
        vals = []
        for c in n.fields[1:4]:
            k = self.v.consts.get(c)
            vals.append(k[1] if k is not None and not k[0].startswith(("f", "bf")) else None)
        return LoopInfo(*vals)

    def own(self, n: ENode) -> float:
        """Cost of one execution of the node, plus epsilon for ops."""
        k = n.kind
        if k in ("Param", "Arg", "NoTok", "Root", "Proj", "Exit"):
            return EPS * 0.01
        ty = self._type(n.ty)
        rts = ty if isinstance(ty, tuple) else ((ty,) if ty is not None else ())
        attrs: dict[str, Any]
        operands: tuple[Any, ...]
        if k in ("Const", "ConstDense"):
            name, attrs, operands = "constant", {}, ()
        elif k == "For":
            name, attrs, operands = "for", {}, ()
        elif k == "Loop":
            name, attrs, operands = "loop", {}, ()
        elif k in ("Join", "ReJoin", "SrcJoin"):
            name, attrs, operands = "join_tokens", {}, ()
        elif k == "If":
            name, attrs, operands = "if", {}, ()
        else:
            op_name = n.op_name
            assert op_name is not None, f"{k} nodes carry no op name"
            name = op_name
            attrs = T.ATTRS.lookup(n.fields[1])[0]
            operands = tuple(self._type(self.class_ty.get(c)) for c in n.children())
        width = self.width(n) if k == "Mem" else None
        eps = EPS * PREFER_SHARE if name in self.prefer else EPS
        return self.model.op_cost(OpInfo(name, tuple(rts), operands, attrs, width)) + eps

    def _lanes(self, cid: str) -> Lanes:
        f = self.v.facts.get(cid)
        if f is None:
            return Lanes()
        return Lanes(f.div or 1, f.contig or 1, f.contig_div or 1, f.same or 1)

    def _made_by(self, cid: str, op: str) -> ENode | None:
        """The class's node that is op `op` (the least id: one choice, always)."""
        got = [m for m in (self.v.nodes[x] for x in self.v.classes.get(cid, ()))
               if m.op_name == op and m.kind.startswith("Op")]
        return min(got, key=lambda m: m.id) if got else None

    def width(self, n: ENode) -> int | None:
        """Proven bytes per thread access of a global memory e-node, judged from the
        e-graph's own divisibility and contiguity facts (`eqsat.egraph.width`)."""
        name = n.fields[0]
        groups = operand_groups(name, T.ATTRS.lookup(n.fields[1])[1], n.fields[3])
        if name in ("load_ptr_tko", "store_ptr_tko", "atomic_rmw_tko", "atomic_cas_tko"):
            ptr, mask = groups.get("ptr"), groups.get("mask")
            if not ptr:
                return None
            return ptr_lanes_width(self._type(self.class_ty.get(ptr[0])), self._lanes(ptr[0]),
                                   self._lanes(mask[0]).same if mask else CAP)
        if name in ("load_view_tko", "store_view_tko"):
            view = groups.get("view")
            if not view:
                return None
            pt = self._type(self.class_ty.get(view[0]))
            mk = self._made_by(view[0], "make_partition_view")
            tv = mk.children()[0] if mk is not None and mk.children() else None
            mt = self._made_by(tv, "make_tensor_view") if tv is not None else None
            if tv is None or mt is None:
                return view_lanes_width(pt, None, 1, [], [])
            parts = operand_groups("make_tensor_view", T.ATTRS.lookup(mt.fields[1])[1],
                                   mt.children())
            base = parts.get("base")
            return view_lanes_width(pt, self._type(self.class_ty.get(tv)),
                                    self._lanes(base[0]).div if base else 1,
                                    [self._lanes(c).div for c in parts.get("shape", [])],
                                    [self._lanes(c).div for c in parts.get("strides", [])])
        return None


def operand_groups(name: str, segs: tuple[int, ...] | None, kids: list[str]
                   ) -> dict[str, list[str]]:
    """An op's operand classes by group, read as decoding reads them: a memory op's
    token is not among `kids`, and without segment sizes a memory op has only its
    required groups, another op one operand per group."""
    sp = SPECS[name]
    memory = any(g == "token" for g, _ in sp.operands)
    sizes = (list(segs) if segs is not None else
             [1 if a == "1" or not memory else 0 for _, a in sp.operands])
    out: dict[str, list[str]] = {}
    i = 0
    for (g, _), sz in zip(sp.operands, sizes):
        if g == "token":
            continue
        out[g] = list(kids[i:i + sz])
        i += sz
    return out


class TokenSets:
    """The memory ops each token class stands for, as (uid, region) pairs: region 0 for
    an op's instance in the current iteration, r for instances from earlier
    iterations of loop r (reached through its carried token). A memory op's result
    token stands for the op and its input token, a join for the union, a loop's
    carried token for its init and what the body passes on, a loop's or an if's
    results for what the body or branches pass out (least fixpoint; the nodes of
    one class agree, so they are united).

    As Python sets of pairs, the sets of a chain of M memory ops through R loops cost
    O(M^2) time and gigabytes. Here a set is two bitmasks: the ops of region 0, and the
    *sources* whose earlier-iteration instances it holds, a source being a loop's
    carried token (an `Arg` class of a loop region): a pair (u, r) with r != 0 is made
    only there, from the ops the loop passes to its next iteration (`carry`), and never
    changes afterwards. So the pairs of region r are the union of `carry` over the
    sources of region r in the set. Neither mask depends on the other, so each is a
    least fixpoint of unions, solved once per strongly connected part of what reads
    what (a worklist inside each); the order does not change the result."""

    def __init__(self, v: EGraphView, class_ty: dict[str, str]):
        self.v = v
        self.uids = sorted({n.fields[1] for n in v.nodes.values() if n.kind == "Mem"})
        self.bit = {u: 1 << i for i, u in enumerate(self.uids)}
        self.sets: dict[str, tuple[int, int]] = {}     # class -> (region-0 ops, sources)
        self.sources: list[tuple[str, int]] = []       # source bit -> (Arg class, region)
        self.carry: list[int] = []                     # source bit -> the ops it carries
        self._groups: dict[Any, int] | None = None
        self._counts: dict[int, dict[Any, int]] = {}   # sources -> pairs per group
        self._solve(class_ty)
        self._region_bits: dict[int, int] = {}         # region -> bits of its sources
        for i, (_, region) in enumerate(self.sources):
            self._region_bits[region] = self._region_bits.get(region, 0) | 1 << i

    def regions(self, sources: int) -> dict[int, int]:
        """Region -> the ops whose earlier-iteration instances `sources` stand for."""
        got: dict[int, int] = {}
        for i in bits(sources):
            region = self.sources[i][1]
            got[region] = got.get(region, 0) | self.carry[i]
        return {r: m for r, m in got.items() if m}

    def pairs(self, cls: str) -> frozenset[tuple[int, int]]:
        """The class's set as (uid, region) pairs."""
        m0, src = self.sets.get(cls, (0, 0))
        out = set()
        for region, mask in [(0, m0), *self.regions(src).items()]:
            for i in bits(mask):
                out.add((self.uids[i], region))
        return frozenset(out)

    def counts(self, cls: str, groups: dict[Any, int]) -> dict[Any, int]:
        """How many (uid, region) pairs of the class's set fall in each group of uids
        (`groups`: key -> bitmask of `self.bit`s)."""
        m0, src = self.sets.get(cls, (0, 0))
        out = dict(self._source_counts(src, groups))
        for k, g in groups.items():
            out[k] += (m0 & g).bit_count()
        return out

    def _source_counts(self, src: int, groups: dict[Any, int]) -> dict[Any, int]:
        """Pairs per group that the sources `src` stand for. Along a chain a source set
        is the one before plus a loop's source: its counts are that set's plus what the
        new source carries, unless another source of the same loop is there too (the
        two may carry the same ops), which is counted in full."""
        if self._groups is not groups:
            self._groups, self._counts = groups, {}
        cache = self._counts
        added: list[int] = []                # sources stripped off, counted one by one
        x = src
        while x and x not in cache:
            i = x.bit_length() - 1
            rest = x ^ (1 << i)
            if rest & self._region_bits[self.sources[i][1]]:
                break
            added.append(i)
            x = rest
        got = cache.get(x)
        if got is None:
            got = dict.fromkeys(groups, 0)
            for mask in self.regions(x).values():
                for k, g in groups.items():
                    got[k] += (mask & g).bit_count()
            cache[x] = got
        for i in reversed(added):
            x |= 1 << i
            got = dict(got)
            for k, g in groups.items():
                got[k] += (self.carry[i] & g).bit_count()
            cache[x] = got
        return got

    def _solve(self, class_ty: dict[str, str]) -> None:
        v = self.v
        loops: dict[int, list[ENode]] = {}
        for n in v.nodes.values():
            if n.kind in LOOPS:
                loops.setdefault(n.fields[0], []).append(n)

        rules = _SetRules(self, loops)
        sets, source_bit = self.sets, rules.source_bit
        evaluate, reads, loop_uids = rules.evaluate, rules.reads, rules.loop_uids

        nodes = [n for n in v.nodes.values()
                 if class_ty.get(n.cls) == "token" or n.kind in ("Join", "ReJoin", "SrcJoin")]
        of_class: dict[str, list[int]] = {}
        needs: dict[str, list[str]] = {}         # class -> the classes its nodes read
        for i, n in enumerate(nodes):
            of_class.setdefault(n.cls, []).append(i)
            needs.setdefault(n.cls, []).extend(reads(n))
        users: dict[str, list[int]] = {}
        for i, n in enumerate(nodes):
            for c in dict.fromkeys(reads(n)):
                users.setdefault(c, []).append(i)
        # what a class reads is solved before it: one evaluation per node outside loops,
        # a local fixpoint inside each strongly connected part (a loop's carried tokens)
        for part in _components(list(of_class), needs):
            order = [i for c in part for i in of_class[c]]
            if len(order) == 1 and part[0] not in needs.get(part[0], ()):
                n = nodes[order[0]]
                sets[n.cls] = evaluate(n)
                continue
            # around a cycle (a loop's carried tokens): sweep in the order found, again
            # only where an input grew, until nothing does
            place = {i: k for k, i in enumerate(order)}
            work = list(range(len(order)))
            queued = set(work)
            while work:
                k = heapq.heappop(work)
                queued.discard(k)
                n = nodes[order[k]]
                old = sets.get(n.cls, _NO_SETS)
                got = evaluate(n)
                merged = (old[0] | got[0], old[1] | got[1])
                if merged != old:
                    sets[n.cls] = merged
                    for j in users.get(n.cls, ()):
                        kj = place.get(j)
                        if kj is not None and kj not in queued:
                            queued.add(kj)
                            heapq.heappush(work, kj)

        # what each source carries, from the solved region-0 ops of what its loop yields
        self.carry = [0] * len(self.sources)
        for n in nodes:
            if n.kind != "Arg":
                continue
            bit = source_bit.get((n.cls, n.fields[0]))
            if bit is None:
                continue
            j = bit.bit_length() - 1
            for lp in loops.get(n.fields[0], ()):
                i = n.fields[1] - (1 if lp.kind == "For" else 0)
                if lp.kind == "For":
                    if 0 <= i < len(lp.fields[5]):
                        self.carry[j] |= sets.get(lp.fields[5][i], _NO_SETS)[0]
                else:
                    self.carry[j] |= loop_uids(lp)


_NO_SETS = (0, 0)


class _SetRules:
    """How `TokenSets._solve` evaluates one node's set from its inputs' (objects, not
    closures over the view, so the view is freed by reference counting)."""

    def __init__(self, ts: TokenSets, loops: dict[int, list[ENode]]):
        self.ts, self.v, self.loops, self.sets = ts, ts.v, loops, ts.sets
        self.inside: dict[str, int] = {}
        self.source_bit: dict[tuple[str, int], int] = {}

    def loop_uids(self, n: ENode) -> int:
        """Every memory op reachable from a `loop` body (its exits hide in branches)."""
        got = self.inside.get(n.id)
        if got is None:
            seen, stack, out = set(), list(n.fields[2]), 0
            while stack:
                c = stack.pop()
                if c in seen:
                    continue
                seen.add(c)
                for nid in self.v.classes.get(c, ()):
                    m = self.v.nodes[nid]
                    if m.kind == "Mem":
                        out |= self.ts.bit[m.fields[1]]
                    stack.extend(m.children())
            got = self.inside[n.id] = out
        return got

    def source(self, n: ENode) -> int:
        key = (n.cls, n.fields[0])
        got = self.source_bit.get(key)
        if got is None:
            got = self.source_bit[key] = 1 << len(self.ts.sources)
            self.ts.sources.append(key)
        return got

    def evaluate(self, n: ENode) -> tuple[int, int]:
        """The set node `n` stands for, from the current sets of its inputs."""
        k = n.kind
        ops = srcs = 0
        if k in ("Join", "SrcJoin", "ReJoin"):
            for c in (n.fields[0] if k != "ReJoin" else n.fields[:2]):
                m, s = self.sets.get(c, _NO_SETS)
                ops, srcs = ops | m, srcs | s
        elif k == "Proj":
            i = n.fields[1]
            for nid in self.v.classes.get(n.fields[0], ()):
                src = self.v.nodes[nid]
                if src.kind == "Mem":
                    m, s = self.sets.get(src.fields[4], _NO_SETS)
                    ops, srcs = ops | m | self.ts.bit[src.fields[1]], srcs | s
                elif src.kind in ("For", "If"):
                    vecs = ((src.fields[4], src.fields[5]) if src.kind == "For"
                            else (src.fields[1], src.fields[2]))
                    for vec in vecs:
                        if i < len(vec):
                            m, s = self.sets.get(vec[i], _NO_SETS)
                            ops, srcs = ops | m, srcs | s
                elif src.kind == "Loop":
                    ops |= self.loop_uids(src)
                    for c in src.fields[1]:
                        m, s = self.sets.get(c, _NO_SETS)
                        ops, srcs = ops | m, srcs | s
        elif k == "Arg":
            region = n.fields[0]
            for lp in self.loops.get(region, ()):
                i = n.fields[1] - (1 if lp.kind == "For" else 0)
                init = lp.fields[4] if lp.kind == "For" else lp.fields[1]
                if 0 <= i < len(init):
                    m, s = self.sets.get(init[i], _NO_SETS)
                    ops, srcs = ops | m, srcs | s
                if lp.kind == "For":
                    if 0 <= i < len(lp.fields[5]):
                        # what the body passes on: its ops become earlier-iteration
                        # instances (this source), what came through loops stays
                        srcs |= self.source(n) | self.sets.get(lp.fields[5][i], _NO_SETS)[1]
                elif self.loop_uids(lp):
                    srcs |= self.source(n)
        return ops, srcs

    def reads(self, n: ENode) -> list[str]:
        """The classes whose sets `evaluate(n)` reads."""
        k = n.kind
        if k in ("Join", "SrcJoin"):
            return list(n.fields[0])
        if k == "ReJoin":
            return [n.fields[0], n.fields[1]]
        out: list[str] = []
        if k == "Proj":
            for nid in self.v.classes.get(n.fields[0], ()):
                src = self.v.nodes[nid]
                if src.kind == "Mem":
                    out.append(src.fields[4])
                elif src.kind == "For":
                    out += src.fields[4] + src.fields[5]
                elif src.kind == "Loop":
                    out += src.fields[1]
                elif src.kind == "If":
                    out += src.fields[1] + src.fields[2]
        elif k == "Arg":
            for lp in self.loops.get(n.fields[0], ()):
                out += (lp.fields[4] + lp.fields[5]) if lp.kind == "For" else lp.fields[1]
        return out


def _components(keys: list[str], edges: dict[str, list[str]]) -> list[list[str]]:
    """Strongly connected parts of a graph (Tarjan, iterative), each after every part it
    has an edge into: the order in which a fixpoint over `edges` (x reads y) solves
    each part once. A part lists its members in the order the search finished them,
    what they read first except around a cycle."""
    index: dict[str, int] = {}
    finished: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in keys:
        if start in index:
            continue
        work: list[tuple[str, int]] = [(start, 0)]
        while work:
            x, i = work.pop()
            if i == 0:
                index[x] = low[x] = counter
                counter += 1
                stack.append(x)
                on.add(x)
            succ = edges.get(x, ())
            if i < len(succ):
                work.append((x, i + 1))
                y = succ[i]
                if y not in index:
                    if y in edges:
                        work.append((y, 0))
                    else:
                        index[y] = low[y] = counter      # a class no token node makes
                        counter += 1
                elif y in on:
                    low[x] = min(low[x], index[y])
                continue
            finished[x] = len(finished)
            if low[x] == index[x]:
                part = []
                while True:
                    y = stack.pop()
                    on.discard(y)
                    part.append(y)
                    if y == x:
                        break
                part.sort(key=finished.__getitem__)
                out.append(part)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[x])
    return out


def token_sets(v: EGraphView, class_ty: dict[str, str]) -> dict[str, frozenset]:
    """`TokenSets` as (uid, region) pairs per token class (for inspection and tests)."""
    ts = TokenSets(v, class_ty)
    return {cls: ts.pairs(cls) for cls in ts.sets}


class Extractor:
    """Extraction under one cost model: the per-node prices of a tree/DAG pass, and
    `minimize`, which improves that pass's choice under the model's own objective
    (`kernel_cost` of the program a selection decodes to)."""

    def __init__(self, enc: Encoding, v: EGraphView, model: CostModel, *, dag_passes: int = 4,
                 max_alternatives: int = 400, prefer: frozenset = frozenset()):
        self.v, self.dag_passes, self.max_alternatives = v, dag_passes, max_alternatives
        sc = _Scopes(enc)
        scope_of, node_sc = compute_scopes(v, sc)
        self.pricer = pr = _Pricer(enc, v, model, sc, prefer)
        tsets = TokenSets(v, pr.class_ty)
        # token_wait depends on the two op names only: count the ops a token stands for
        # per name, then price each name once
        by_name: dict[str, int] = {}
        for uid, b in tsets.bit.items():
            name = enc.uid_names.get(uid, "")
            by_name[name] = by_name.get(name, 0) | b
        by_name = dict(sorted(by_name.items()))
        waits: dict[tuple[str, str], float] = {}
        self.weight: dict[str, float] = {}
        self.eligible: dict[str, list[str]] = {}
        self.versions: dict[int, list[str]] = {}     # memory op uid -> its Mem e-nodes
        for cid, nids in v.classes.items():
            s = scope_of.get(cid)
            ok = [nid for nid in nids if node_sc.get(nid) == s and s is not None]
            self.eligible[cid] = ok
            if s is None:
                continue                    # ok is empty: nothing to weigh
            for nid in ok:
                n = v.nodes[nid]
                w = pr.own(n)
                if n.kind == "Mem":
                    self.versions.setdefault(n.fields[1], []).append(nid)
                    me = n.fields[0]
                    for name, count in tsets.counts(n.fields[4], by_name).items():
                        if count:
                            key = (name, me)
                            tw = waits.get(key)
                            if tw is None:
                                tw = waits[key] = model.token_wait(*key)
                            w += tw * count
                self.weight[nid] = w * pr.mult(s)

    def _by_weight(self, nids: list[str]) -> list[str]:
        return sorted(nids, key=lambda nid: (self.weight[nid], nid))

    def _select(self, banned: set[str]) -> Selection | None:
        return _select(self.v, self.eligible, self.weight, banned, self.dag_passes,
                       self.max_alternatives)

    def extract(self, banned: frozenset[str] = frozenset()) -> Selection | None:
        """The tree/DAG pass with one version of each memory op: the cheapest version of
        every op is fixed first (except where `banned` rules it out) and everything else
        is chosen around it. None if no program avoids `banned`."""
        ban = set(banned)
        for nids in self.versions.values():
            ok = [nid for nid in nids if nid not in banned]
            if len(ok) > 1:
                keep = self._by_weight(ok)[0]
                ban.update(x for x in ok if x != keep)
        sel = self._select(ban)
        if sel is None and ban != banned:
            ban = set(banned)
            sel = self._select(ban)
        if sel is None:
            return None
        # a fallback choice may still hold two versions of an op: fix them one at a time
        for _ in range(len(self.versions) + 1):
            dup = _duplicated(self.v, sel)
            if dup is None:
                return sel
            uid, _used = dup
            for keep in self._by_weight(self.versions[uid]):
                if keep in banned:
                    continue
                trial = ban | {x for x in self.versions[uid] if x != keep}
                got = self._select(trial)
                if got is not None:
                    ban, sel = trial, got
                    break
            else:
                return None
        return None

    def minimize(self, objective: Callable[[Selection], float],
                 starts: Iterable[Selection | None] = (), *, good: float = -math.inf,
                 budget: int = NEIGHBOURS) -> Selection:
        """The cheapest selection under `objective` that a deterministic local search
        finds. It prices the tree/DAG pass's choice; while the best so far costs more
        than `good` (the program as encoded: a choice no dearer is kept without looking
        further), it moves one memory op at a time to another version (ops in uid
        order, versions by price; the rest chosen around it), keeping a move only if
        the objective drops, and then prices `starts`. At most `budget` moves are
        priced, so the work is a bounded number of objective evaluations. The result's
        `objective` is the value it was chosen by (inf: nothing could be priced)."""
        price = _Priced(objective)

        best = self.extract()
        best_cost = math.inf if best is None else price(best)
        moves = 0
        for uid in sorted(self.versions):
            cur = self._chosen_version(best, uid) if best is not None else None
            for nid in self._by_weight(self.versions[uid]) if cur is not None else ():
                if nid == cur or moves >= budget or best_cost <= good:
                    continue
                sel = self.extract(frozenset(x for x in self.versions[uid] if x != nid))
                if sel is None:
                    continue
                moves += 1
                c = price(sel)
                if c < best_cost - TOL:
                    best, best_cost, cur = sel, c, nid
        for s in starts:
            if best_cost <= good:
                break
            if s is not None and _duplicated(self.v, s) is None:
                c = price(s)
                if c < best_cost - TOL:
                    best, best_cost = s, c
        if best is None:
            raise ValueError("no valid program in the e-graph "
                             "(every root candidate is unextractable)")
        best.objective = best_cost
        return best

    def _chosen_version(self, sel: Selection, uid: int) -> str | None:
        for nid in self.versions[uid]:
            if sel.choice.get(self.v.nodes[nid].cls) == nid:
                return nid
        return None


class _Priced:
    """An objective that prices each selection once (an object, not a
    closure over the view, so the view is freed by reference counting)."""

    def __init__(self, objective: Callable[[Selection], float]):
        self.objective = objective
        self.priced: dict[tuple, float] = {}

    def __call__(self, sel: Selection) -> float:
        key = tuple(sorted(sel.choice.items()))
        got = self.priced.get(key)
        if got is None:
            got = self.priced[key] = self.objective(sel)
        return got


def extract(enc: Encoding, v: EGraphView, model: CostModel, *, dag_passes: int = 4,
            max_alternatives: int = 400, prefer: frozenset = frozenset()) -> Selection:
    """Choose one e-node per reachable class minimising the DAG cost under `model`,
    with one version of each memory op (the tree/DAG pass of `Extractor`). Ops named
    in `prefer` (or the model's `preferred`) pay a smaller epsilon, so they win exact
    ties and nothing else."""
    sel = Extractor(enc, v, model, dag_passes=dag_passes, max_alternatives=max_alternatives,
                    prefer=prefer).extract()
    if sel is None:
        raise ValueError("no valid program in the e-graph (every root candidate is unextractable)")
    return sel


def carry_over(old: EGraphView, sel: Selection, new: EGraphView) -> Selection | None:
    """The same program in a later, larger e-graph of the same encoding (e-node ids
    persist, classes may have merged); None if some chosen e-node is gone or changed."""
    cls_map: dict[str, str] = {}
    for cid, nid in sel.choice.items():
        n = new.nodes.get(nid)
        if n is None or n.kind != old.nodes[nid].kind:
            return None
        cls_map[cid] = n.cls

    def same(f_old: Any, f_new: Any, kind: str) -> bool:
        if kind == "t":
            return cls_map.get(f_old) == f_new
        if kind in "vm":
            return [cls_map.get(c) for c in f_old] == list(f_new)
        return f_old == f_new

    choice: dict[str, str] = {}
    for nid in sel.choice.values():
        n0, n = old.nodes[nid], new.nodes[nid]
        if n.kind in ("Join", "SrcJoin"):       # a bag: members merged, order by class
            if sorted({cls_map.get(c, "") for c in n0.fields[0]}, key=_class_key) != n.fields[0]:
                return None
        elif not all(same(a, b, k) for k, a, b in zip(SIGNATURES[n.kind], n0.fields, n.fields)):
            return None
        if choice.setdefault(n.cls, nid) != nid:
            return None
    if new.root not in choice:
        return None
    res = dag_cost(new, choice, {})
    if res is None:
        return None
    return Selection({c: choice[c] for c in res[1]}, sel.cost, len(res[1]))


def _duplicated(v: EGraphView, sel: Selection) -> tuple[int, list[str]] | None:
    """A memory op (uid) with two chosen versions, if any."""
    seen: dict[int, list[str]] = {}
    for nid in sel.choice.values():
        n = v.nodes[nid]
        if n.kind == "Mem":
            seen.setdefault(n.fields[1], []).append(nid)
    for uid, nids in sorted(seen.items()):
        if len(set(nids)) > 1:
            return uid, nids
    return None


def _select(v: EGraphView, eligible: dict[str, list[str]], weight: dict[str, float],
            banned: set[str], dag_passes: int, max_alternatives: int) -> Selection | None:
    """Tree pass then DAG pass over the allowed nodes; None if the root has no choice."""
    allowed = {cid: [nid for nid in nids if nid not in banned] for cid, nids in eligible.items()}
    # tree pass (Bellman-Ford sweeps, see `_sweep`); children counted once per node
    best: dict[str, float] = {}
    choice: dict[str, str] = {}
    order = [(cid, v.nodes[nid]) for cid, nids in allowed.items() for nid in nids]
    _sweep(len(order), _users([n for _, n in order]),
           partial(_tree_step, order, weight, best, choice), rounds=len(v.classes) + 2)
    if v.root not in choice:
        return None
    res = dag_cost(v, choice, weight)
    if res is None:
        return None
    cost, reach = res
    # DAG pass: try alternatives against the exact (shared-once) objective
    alts = [(cid, nid) for cid in reach for nid in allowed.get(cid, ())
            if nid != choice[cid] and all(c in choice for c in v.nodes[nid].children())]
    alts = alts[:max_alternatives]
    if alts:
        dag = _Dag(v, choice, weight, reach)
        for _ in range(dag_passes):
            improved = False
            for cid, nid in alts:
                if choice.get(cid) != nid and dag.move(cid, nid):
                    improved = True
            if not improved:
                break
        res = dag_cost(v, choice, weight)
        assert res is not None, "the DAG pass keeps the choice acyclic"
        cost, reach = res
    return Selection({c: choice[c] for c in reach}, cost, len(reach))


def _tree_step(order: list[tuple[str, ENode]], weight: dict[str, float],
               best: dict[str, float], choice: dict[str, str], i: int) -> str | None:
    cid, n = order[i]
    total = weight[n.id]
    for c in n.child_set():
        b = best.get(c)
        if b is None:
            return None
        total += b
    cur = best.get(cid)
    if cur is None or total < cur - 1e-12:
        best[cid] = total
        choice[cid] = n.id
        return cid
    return None


_SCALE = 1100       # weights as exact integers in units of 2**-_SCALE (floats are dyadic)


def _exact(w: float) -> int:
    n, d = w.as_integer_ratio()
    return n * ((1 << _SCALE) // d)


class _Dag:
    """The DAG pass's objective (each reachable class's chosen node paid once), kept up
    to date as one class's choice changes at a time: reference counts say which classes
    are reachable, and a move adds what became reachable and removes what no longer is,
    instead of walking the whole DAG per tried alternative. Sums are exact (integers), so
    a move counts as an improvement only if it really is one."""

    def __init__(self, v: EGraphView, choice: dict[str, str], weight: dict[str, float],
                 reach: list[str]):
        self.v, self.choice, self.weight = v, choice, weight
        self._w: dict[str, int] = {}
        self.rc: dict[str, int] = {v.root: 1}
        total = 0
        for c in reach:
            nid = choice[c]
            total += self.w(nid)
            for k in v.nodes[nid].child_set():
                self.rc[k] = self.rc.get(k, 0) + 1
        self.total = total
        self.post: dict[str, float] = {c: i for i, c in enumerate(reach)}

    def w(self, nid: str) -> int:
        got = self._w.get(nid)
        if got is None:
            got = self._w[nid] = _exact(self.weight.get(nid, 0.0))
        return got

    def _cyclic(self, cid: str, nid: str) -> bool:
        """Would choosing `nid` for `cid` close a cycle among the reachable classes? Any new
        cycle passes through `cid`; a class already reachable that comes before `cid` in
        post-order cannot reach it, so the search stops there."""
        v, choice, post, rc = self.v, self.choice, self.post, self.rc
        bound = post[cid]
        state: dict[str, int] = {}        # 1 = on the path, 2 = done
        stack: list[tuple[str, bool]] = [(k, False) for k in v.nodes[nid].child_set()]
        while stack:
            c, leaving = stack.pop()
            if leaving:
                state[c] = 2
                continue
            if c == cid:
                return True
            st = state.get(c)
            if st == 1:
                return True
            if st == 2 or (rc.get(c, 0) > 0 and post.get(c, -1) < bound):
                continue
            state[c] = 1
            stack.append((c, True))
            got = choice.get(c)
            if got is None:
                return True           # unpriceable: treated like an invalid choice
            for k in v.nodes[got].child_set():
                s2 = state.get(k)
                if s2 == 1 or k == cid:
                    return True
                if s2 is None:
                    stack.append((k, False))
        return False

    def _renumber(self, cid: str, nid: str, fresh: list[str]) -> bool:
        """Keep `post` a post-order of the reachable classes after `cid` chose `nid`,
        without walking the whole DAG: the classes the move made reachable are numbered
        between their old descendants and `cid`. False where no such numbers exist (a
        descendant now comes after `cid`) or floats run out between them; the caller then
        numbers everything again. Any post-order answers `_cyclic` alike."""
        v, choice, post = self.v, self.choice, self.post
        bound = post[cid]
        new = set(fresh)
        low = -1.0
        order: list[str] = []                    # the fresh classes, children first
        state: dict[str, bool] = {}              # False = on the path, True = numbered
        stack: list[tuple[str, bool]] = [(k, False) for k in v.nodes[nid].child_set()]
        while stack:
            c, leaving = stack.pop()
            if leaving:
                state[c] = True
                order.append(c)
                continue
            if c not in new:
                low = max(low, post[c])
                continue
            if c in state:
                continue
            state[c] = False
            stack.append((c, True))
            stack.extend((k, False) for k in v.nodes[choice[c]].child_set())
        if low >= bound or len(order) != len(new):
            return False
        step = (bound - low) / (len(order) + 1)
        nums = [low + step * (i + 1) for i in range(len(order))]
        if any(b <= a for a, b in zip([low] + nums, nums + [bound])):
            return False
        post.update(zip(order, nums))
        return True

    def move(self, cid: str, nid: str) -> bool:
        """Choose `nid` for `cid` if that lowers the objective; returns whether it did."""
        if self.rc.get(cid, 0) <= 0:
            return False             # not reachable: the objective cannot change
        if self._cyclic(cid, nid):
            return False
        v, choice, rc = self.v, self.choice, self.rc
        old = choice[cid]
        log: list[str] = []           # classes whose count changed: +1 first, then -1
        delta = self.w(nid) - self.w(old)
        choice[cid] = nid
        fresh: list[str] = []         # classes this move makes reachable
        stack = list(v.nodes[nid].child_set())
        while stack:
            k = stack.pop()
            rc[k] = rc.get(k, 0) + 1
            log.append(k)
            if rc[k] == 1:
                fresh.append(k)
                got = choice[k]
                delta += self.w(got)
                stack.extend(v.nodes[got].child_set())
        adds = len(log)
        stack = list(v.nodes[old].child_set())
        while stack:
            k = stack.pop()
            rc[k] -= 1
            log.append(k)
            if rc[k] == 0:
                got = choice[k]
                delta -= self.w(got)
                stack.extend(v.nodes[got].child_set())
        scale = 1 << _SCALE
        if (self.total + delta) / scale < self.total / scale - 1e-9:
            self.total += delta
            if not self._renumber(cid, nid, fresh):
                res = dag_cost(v, choice, self.weight)
                assert res is not None
                self.post = {c: i for i, c in enumerate(res[1])}
            return True
        for i in range(len(log) - 1, -1, -1):    # undo
            rc[log[i]] += -1 if i < adds else 1
        choice[cid] = old
        return False


def dag_cost(v: EGraphView, choice: dict[str, str], weight: dict[str, float]):
    """(cost, reachable classes) of a choice, each reachable node paid once; None if cyclic."""
    seen: dict[str, int] = {}          # 1 = on stack, 2 = done
    order: list[str] = []
    stack = [(v.root, False)]
    total = 0.0
    while stack:
        cid, done = stack.pop()
        if done:
            seen[cid] = 2
            order.append(cid)
            continue
        st = seen.get(cid)
        if st == 2:
            continue
        if st == 1:
            return None
        seen[cid] = 1
        nid = choice.get(cid)
        if nid is None:
            return None
        total += weight.get(nid, 0.0)
        stack.append((cid, True))
        for c in v.nodes[nid].children():
            s = seen.get(c)
            if s == 1:
                return None
            if s is None:
                stack.append((c, False))
    return total, order


__all__ = ["extract", "Extractor", "carry_over", "view", "token_sets", "TokenSets", "EGraphView",
           "ENode", "Selection", "dag_cost", "EPS", "NEIGHBOURS"]
