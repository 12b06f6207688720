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
stands for are bitmasks, `ClassTokenSets`: along a chain they hold O(ops^2) pairs). A program
must run each memory op once, so the chosen e-nodes hold one version per op
(uid): the extractor fixes the cheapest version of each op first and chooses
everything else around it.
"""
from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable
from functools import partial
from dataclasses import dataclass
from typing import Any

from eqsat.errors import ParseError
from eqsat.ir.ops import SPECS
from eqsat.egraph import terms as T
from eqsat.egraph.cost import CostModel, LoopInfo, OpInfo
from eqsat.egraph.class_tokens import ClassTokenSets
from eqsat.egraph.encode import Encoding
from eqsat.egraph.scopes import RegionScopes
from eqsat.egraph.view import LOOPS, SIGNATURES, EGraphView, ENode, class_key
from eqsat.egraph.width import CAP, Lanes, access_kind, ptr_lanes_width, view_lanes_width

EPS = 1e-3
TOL = 1e-9          # an objective must drop by more than this for a move to count
NEIGHBOURS = 8      # memory-op moves `Extractor.minimize` prices at most
# a preferred op's share of EPS: the discount (0.7 EPS per node) stays below one node's
# epsilon, so a preferred form that needs an extra node still loses the tie
PREFER_SHARE = 0.3

# -- scopes (`RegionScopes`: the regions' nesting) ----------------------------------------------
def node_scope(n: ENode, scope_of: dict[str, int], sc: RegionScopes) -> int | None:
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


def compute_scopes(v: EGraphView, sc: RegionScopes) -> tuple[dict[str, int], dict[str, int]]:
    """Each class's scope and each node's, as the fixpoint of sweeping the nodes in order
    until no class scope moves (see `_sweep`: only the nodes whose children moved are
    evaluated again, in the order a full sweep would reach them)."""
    scope_of: dict[str, int] = {}
    node_sc: dict[str, int] = {}
    order = list(v.nodes.values())
    _sweep(len(order), _users(order), partial(_scope_step, order, sc, scope_of, node_sc))
    return scope_of, node_sc


def _scope_step(order: list[ENode], sc: RegionScopes, scope_of: dict[str, int],
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
class Choice:
    """One e-node chosen per reachable e-class: a program the e-graph holds."""
    choice: dict[str, str]            # class -> chosen node id
    cost: float                       # DAG cost (model units, epsilon included)
    nodes: int                        # chosen reachable e-nodes
    objective: float | None = None    # what `Extractor.minimize` chose it by, if it did


class _Pricer:
    def __init__(self, enc: Encoding, v: EGraphView, model: CostModel, sc: RegionScopes,
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
        try:
            return self.enc.type_of(text)
        except ParseError:
            return None

    def mult(self, region: int) -> float:
        got = self._mult_cache.get(region)
        if got is not None:
            return got
        if region == 0 or region not in self.sc.parent:
            m = 1.0
        else:
            m = self.mult(self.sc.parent[region] or 0)
            info = self.enc.regions.get(region)
            if info is not None and SPECS[info.kind].is_loop:
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
        kind = access_kind(name)
        if kind == "ptr":
            ptr, mask = groups.get("ptr"), groups.get("mask")
            if not ptr:
                return None
            return ptr_lanes_width(self._type(self.class_ty.get(ptr[0])), self._lanes(ptr[0]),
                                   self._lanes(mask[0]).same if mask else CAP)
        if kind == "view":
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


class Extractor:
    """Extraction under one cost model: the per-node prices of a tree/DAG pass, and
    `minimize`, which improves that pass's choice under the model's own objective
    (`kernel_cost` of the program a selection decodes to)."""

    def __init__(self, enc: Encoding, v: EGraphView, model: CostModel, *, dag_passes: int = 4,
                 max_alternatives: int = 400, prefer: frozenset = frozenset()):
        self.v, self.dag_passes, self.max_alternatives = v, dag_passes, max_alternatives
        sc = RegionScopes(enc)
        scope_of, node_sc = compute_scopes(v, sc)
        self.pricer = pr = _Pricer(enc, v, model, sc, prefer)
        tsets = ClassTokenSets(v, pr.class_ty)
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

    def _select(self, banned: set[str]) -> Choice | None:
        return _select(self.v, self.eligible, self.weight, banned, self.dag_passes,
                       self.max_alternatives)

    def extract(self, banned: frozenset[str] = frozenset()) -> Choice | None:
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

    def minimize(self, objective: Callable[[Choice], float],
                 starts: Iterable[Choice | None] = (), *, good: float = -math.inf,
                 budget: int = NEIGHBOURS) -> Choice:
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

    def _chosen_version(self, sel: Choice, uid: int) -> str | None:
        for nid in self.versions[uid]:
            if sel.choice.get(self.v.nodes[nid].cls) == nid:
                return nid
        return None


class _Priced:
    """An objective that prices each selection once (an object, not a
    closure over the view, so the view is freed by reference counting)."""

    def __init__(self, objective: Callable[[Choice], float]):
        self.objective = objective
        self.priced: dict[tuple, float] = {}

    def __call__(self, sel: Choice) -> float:
        key = tuple(sorted(sel.choice.items()))
        got = self.priced.get(key)
        if got is None:
            got = self.priced[key] = self.objective(sel)
        return got


def extract(enc: Encoding, v: EGraphView, model: CostModel, *, dag_passes: int = 4,
            max_alternatives: int = 400, prefer: frozenset = frozenset()) -> Choice:
    """Choose one e-node per reachable class minimising the DAG cost under `model`,
    with one version of each memory op (the tree/DAG pass of `Extractor`). Ops named
    in `prefer` (or the model's `preferred`) pay a smaller epsilon, so they win exact
    ties and nothing else."""
    sel = Extractor(enc, v, model, dag_passes=dag_passes, max_alternatives=max_alternatives,
                    prefer=prefer).extract()
    if sel is None:
        raise ValueError("no valid program in the e-graph (every root candidate is unextractable)")
    return sel


def carry_over(old: EGraphView, sel: Choice, new: EGraphView) -> Choice | None:
    """The same program in a later, larger e-graph of the same encoding; None if some
    chosen e-node has no counterpart there. Where saturation merged two chosen classes
    the first node matched serves both (the program shares what it proved equal). E-nodes
    are matched by what they are (kind and fields, children through the classes already
    matched), not by id: an id is a row's place in egglog's table, and rows move when
    saturation rebuilds a table. The same e-nodes need not cost the same there: a value
    in a loop that saturation proved equal to a loop invariant is decoded before the
    loop, dearer where the loop runs no iteration (the pipeline then prices the program
    in the e-graph as encoded)."""
    got = dag_cost(old, sel.choice, {})
    if got is None:
        return None
    index: dict[tuple, str] = {}
    for key, n in new.nodes.items():
        index.setdefault((n.kind, _term_key(n.kind, n.fields)), key)
    cls_map: dict[str, str] = {}
    choice: dict[str, str] = {}
    for cid in got[1]:                      # children before their users
        n0 = old.nodes[sel.choice[cid]]
        fields: list[Any] = []
        for k, f in zip(SIGNATURES[n0.kind], n0.fields):
            if k == "t":
                fields.append(cls_map[f])
            elif k == "v":
                fields.append([cls_map[c] for c in f])
            elif k == "m":                  # a bag: members merged, order by class
                fields.append(sorted({cls_map[c] for c in f}, key=class_key))
            else:
                fields.append(f)
        nid = index.get((n0.kind, _term_key(n0.kind, fields)))
        if nid is None:
            return None
        c = new.nodes[nid].cls
        had = choice.setdefault(c, nid)
        if had != nid:                      # classes saturation merged: one node serves
            if new.nodes[had].children() and not new.nodes[nid].children():
                choice[c] = nid             # a leaf (a constant) is valid anywhere
        cls_map[cid] = c
    if cls_map.get(old.root) != new.root:
        return None
    res = dag_cost(new, choice, {})
    if res is None:
        return None
    return Choice({c: choice[c] for c in res[1]}, sel.cost, len(res[1]))


def _term_key(kind: str, fields: list) -> tuple:
    """A node's fields as a hashable key (lists of classes as tuples)."""
    return tuple(tuple(f) if k in "vm" else f for k, f in zip(SIGNATURES[kind], fields))


def _duplicated(v: EGraphView, sel: Choice) -> tuple[int, list[str]] | None:
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
            banned: set[str], dag_passes: int, max_alternatives: int) -> Choice | None:
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
    return Choice({c: choice[c] for c in reach}, cost, len(reach))


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


__all__ = ["extract", "Extractor", "carry_over", "Choice", "dag_cost", "EPS", "NEIGHBOURS"]
