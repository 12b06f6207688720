"""Divisibility versioning: a second copy of the kernel for sizes and strides that are
multiples of the vector width (issue 6: wide memory access).

tileiras moves 128 bits per thread through a view only when the IR proves the base
aligned, the last size and every other stride multiples of the vector, and the tile
whole vectors (`eqsat.egraph.width.view_width`). A signature rarely promises the sizes
(the corpus signatures promise base alignment only), yet at run time they usually are
multiples. Versioning tests them once at entry:

    if ((n | stride) & (d - 1)) == 0 { copy of the kernel, n and stride rebuilt } else { kernel }

In the copy each tested value `v` is rebuilt as `(v >> log2 d) * d`: equal to `v` on
that path, and a multiple of `d` by its own arithmetic, which tileiras and our width
analysis both read. The fact is carried by arithmetic, never by an `assume`: tileiras
lets an assume inside a branch speak for its operand everywhere (measured on a
hand-versioned vector add: the else path was compiled to 128-bit accesses as well,
which is wrong for sizes that are not multiples).

The copy costs code size, registers, shared memory (tileiras sizes the kernel for its
hungriest path) and one test, so it is made only when some access gets a full 16-byte
vector, the cost model prices the fast copy at least MIN_GAIN below the original, the
slow path (the test, then the original) at most MAX_SLOW_LOSS above it, and the kernel
grows by at most MAX_GROWTH in ops. Made by default, copies grew SASS by 9%-436%,
added MEMBAR/FENCE/SYNCS, ran slow-path sizes at 0.57x-0.98x and crashed tileiras for
sm_100 on one cuTile kernel; the GPU speedups once quoted for them (matmul 12.17x, in
docs/measurements/gpu_h100.txt) were against cuTile compiled under a signature that
promised no divisibility, not cuTile as its launcher specializes. So versioning is off
unless asked for, and per-launch specialization (`eqsat.frontend.launch`) is the way
to the fast code: a signature that promises the divisibility (`shape_div_by`,
`stride_div_by`) gets it with no copy and no test.

Two ways to make the copy. With signature facts on the array parameters
(`version_signature`, what `optimize(..., versioning=True)` uses), the whole kernel is
optimized again with the tested parameters rebuilt at entry, so the analyses widen
gathers and scatters too (the MoE permute's rows: 128-bit); only the parameters the
full-vector accesses read are tested. Without them (`version`), an optimized kernel's
views are copied as they are.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from eqsat.egraph.width import VECTOR_BYTES
from eqsat.ir.attrs import DenseConst
from eqsat.ir.core import Kernel, Operation, Region, Value, clone_kernel, clone_op, clone_region
from eqsat.ir.types import INT_WIDTHS, PartitionViewType, TensorViewType, TileType, byte_size
from eqsat.analysis.params import array_params
from eqsat.egraph.cost import DEFAULT
from eqsat.egraph.width import LaneFacts, access_width, lanes_for, view_width
from eqsat.ir.ops import MEMORY_OPS
from eqsat.ir.types import PointerType


@dataclass
class Versioning:
    """What `version` did: the values tested (printed names) and the divisor each must
    have, the accesses that get wider on the fast path (op name, bytes before, after; or
    with `counts`, how many of that op move 16 bytes before and after),
    the cost of the original and of the fast copy, and why nothing was done if so."""
    tested: dict[str, int] = field(default_factory=dict)
    wider: list[tuple[str, int, int]] = field(default_factory=list)
    counts: bool = False        # `wider` counts 16-byte accesses per op name, not bytes
    cost_before: float = 0.0
    cost_fast: float = 0.0
    cost_slow: float = 0.0      # the original plus the test, on the slow path
    growth: float = 0.0         # ops added, as a share of the original's
    skipped: str | None = None

    @property
    def applied(self) -> bool:
        return self.skipped is None

    def summary(self) -> str:
        if not self.applied:
            return f"versioning: not applied ({self.skipped})"
        tested = ", ".join(f"{n} % {d}" for n, d in self.tested.items())
        if self.counts:
            wider = "16-byte " + ", ".join(f"{n} {a}->{b}" for n, a, b in self.wider)
        else:
            wider = ", ".join(f"{n} {a}->{b} B" for n, a, b in self.wider)
        return (f"versioning: fast path when {tested} == 0; wider: {wider}; "
                f"cost {self.cost_before:.1f} -> {self.cost_fast:.1f} on the fast path")


def _is_index(v: Value) -> bool:
    t = v.type
    return isinstance(t, TileType) and t.shape == () and t.elem in INT_WIDTHS and t.elem != "i1"


def _view_load_or_store(op: Operation) -> bool:
    """A load or store through a view (not an atomic)."""
    sp = op.spec
    return sp is not None and sp.is_view_access and (sp.is_load or sp.is_store)


def _view_parts(
    op: Operation,
) -> tuple[Operation, TensorViewType, PartitionViewType] | None:
    """The make_tensor_view behind a view access (with its view's type), if the access
    reads it directly."""
    pv = op.required("view")
    pt = pv.type
    mk = pv.owner if isinstance(pv.owner, Operation) else None
    if not isinstance(pt, PartitionViewType) or mk is None or not mk.spec.has("makes_view"):
        return None
    tv = mk.operands[0]
    mt = tv.owner if isinstance(tv.owner, Operation) else None
    vt = tv.type
    if mt is None or not mt.spec.has("makes_view") or not isinstance(vt, TensorViewType):
        return None
    if pt.dim_map not in (None, tuple(range(len(pt.tile)))):
        return None
    return mt, vt, pt


def _needs(op: Operation, facts) -> dict[int, tuple[Value, int]] | None:
    """For a view access: the dynamic sizes/strides that must be multiples of the vector
    (in elements) for the widest access its tile allows, {id: (value, lanes)}; None if
    none would do."""
    got = _view_parts(op)
    if got is None:
        return None
    mt, vt, pt = got
    e = byte_size(pt.view.elem)
    now = view_width(op, facts)
    if not vt.strides or vt.strides[-1] != 1:
        return None
    # full 16-byte vectors only: measured on an H100, a copy for 64-bit accesses (softmax,
    # 2 f32 per thread) ran 16% slower than one body (the copy's registers cost occupancy)
    n = VECTOR_BYTES // e
    lanes = lanes_for(e, math.prod(pt.tile))
    if (not lanes or lanes[0] != n or n * e <= now or pt.tile[-1] % n
            or facts.of(mt.one("base")).div % (n * e)):
        return None
    want: dict[int, tuple[Value, int]] = {}
    rank = len(vt.shape)
    # the last size and every stride but the last must be multiples of the vector
    for static, dynamic, counts in ((vt.shape, mt.group("shape"), lambda i: i == rank - 1),
                                    (vt.strides, mt.group("strides"), lambda i: i < rank - 1)):
        dyn = iter(dynamic)
        for i, s in enumerate(static):
            if s is None:
                v = next(dyn)
                if counts(i) and facts.of(v).div % n:
                    want[id(v)] = (v, n)
            elif counts(i) and s % n:
                return None
    if not want or not all(_is_index(v) for v, _ in want.values()):
        return None
    return want


class _Consts:
    """One constant op per (type, value), placed with the test at the top of the entry."""

    def __init__(self, ops: list[Operation]):
        self.ops = ops
        self.made: dict[tuple[str, int], Value] = {}

    def __call__(self, t: TileType, value: int) -> Value:
        key = (str(t), value)
        if key not in self.made:
            op = Operation("constant", [], [t], {"value": DenseConst(t.elem, value)})
            self.ops.append(op)
            self.made[key] = op.results[0]
        return self.made[key]


def _root_name(v: Value) -> str:
    """The parameter behind a chain of assumes, for the report."""
    while isinstance(v.owner, Operation) and v.owner.spec.has("assumption"):
        v = v.owner.operands[0]
    return f"%{v.name}" if v.name else "%?"


def _binary(region_ops: list[Operation], name: str, a: Value, b: Value, t=None,
            **attrs) -> Value:
    op = Operation(name, [a, b], [t or a.type], attrs)
    region_ops.append(op)
    return op.results[0]


MIN_GAIN = 0.03     # the fast copy must save this share of the cost (see the module doc)
MAX_SLOW_LOSS = 0.02   # the slow path (test + original) may cost at most this much more
MAX_GROWTH = 0.25      # the versioned kernel may have at most this many more ops


def _ops(k: Kernel) -> int:
    return sum(1 for _ in k.walk())


def _gate(rep: Versioning, model, kernel: Kernel, fast: Kernel, min_gain: float,
          max_slow_loss: float | None, max_growth: float | None) -> str | None:
    """Why the copy must not be made, or None: it must save `min_gain` on the fast path,
    cost at most `max_slow_loss` more on the slow path (the test runs before the
    original), and grow the kernel by at most `max_growth` (op counts: tileiras sizes
    registers and shared memory for the hungrier copy, so a bigger kernel can lose
    even where the cost model says the slow path does not)."""
    test_ops: list[Operation] = []
    cands = [v for v in kernel.args if _is_index(v)][:1] or []
    if cands:
        _test(test_ops, [(cands[0], 2)])
    test_k = Kernel(kernel.name, [], Region(ops=[*test_ops, Operation("return", [], [],
                                                                      segments=(0,))]))
    empty = Kernel(kernel.name, [], Region(ops=[Operation("return", [], [], segments=(0,))]))
    test_cost = max(model.kernel_cost(test_k) - model.kernel_cost(empty), 0.0)
    for p in kernel.params:
        p.value.owner = kernel
    max_slow_loss = MAX_SLOW_LOSS if max_slow_loss is None else max_slow_loss
    max_growth = MAX_GROWTH if max_growth is None else max_growth
    rep.cost_slow = rep.cost_before + test_cost
    before, grown = _ops(kernel), _ops(kernel) + _ops(fast) + len(test_ops) + 1
    rep.growth = grown / max(before, 1) - 1.0
    if rep.cost_before <= 0.0:            # nothing left to run (all of it folded away)
        return "the kernel costs nothing: a copy cannot save anything"
    if not rep.cost_fast <= rep.cost_before * (1.0 - min_gain):
        return (f"the fast copy saves too little ({rep.cost_fast:.1f} vs "
                f"{rep.cost_before:.1f}, {min_gain:.0%} needed)")
    if rep.cost_slow > rep.cost_before * (1.0 + max_slow_loss):
        return (f"the slow path would lose {rep.cost_slow / rep.cost_before - 1:.1%} "
                f"(at most {max_slow_loss:.0%} allowed)")
    if rep.growth > max_growth:
        return (f"the kernel would grow by {rep.growth:.0%} of its ops "
                f"(at most {max_growth:.0%} allowed)")
    return None


def version(kernel: Kernel, cost_model=None, *, min_gain: float = MIN_GAIN,
            always: bool = False, max_slow_loss: float | None = None,
            max_growth: float | None = None) -> tuple[Kernel, Versioning]:
    """Version `kernel` on the divisibility of the sizes and strides that limit its view
    accesses, if the fast copy costs at least `min_gain` less than the original under
    `cost_model` (default: the H100 model; `always`: if any access gets wider, whatever
    it costs). Returns the kernel (edited in place when applied) and what was done."""
    model = DEFAULT if cost_model is None else cost_model
    rep = Versioning()
    body = kernel.body
    ops = body.ops
    if not ops or not ops[-1].spec.has("return") or ops[-1].operands:
        rep.skipped = "the entry does not end in a plain return"
        return kernel, rep
    if any(op.spec.has("return") for op in kernel.walk() if op is not ops[-1]):
        rep.skipped = "the kernel returns early"
        return kernel, rep

    facts = LaneFacts()
    want: dict[int, tuple[Value, int]] = {}
    for op in kernel.walk():
        if not _view_load_or_store(op):
            continue
        need = _needs(op, facts)
        if need is None:
            continue
        for k, (v, n) in need.items():
            want[k] = (v, max(n, want.get(k, (v, 1))[1]))
    if not want:
        rep.skipped = "no access is limited by the divisibility of a size or stride"
        return kernel, rep

    # The prologue: the pure top-level ops before the first effect that do not read a
    # tested value (directly or through another prologue op); they serve both copies.
    defined_top = {id(a) for a in kernel.args}
    prologue: list[Operation] = []
    rest: list[Operation] = []
    tainted: set[int] = set()
    stop = False
    for op in ops[:-1]:
        sp = op.spec
        pure = sp is not None and (sp.is_token_source or sp.effect == "pure" and not op.regions)
        if stop or not pure:
            stop = True
            rest.append(op)
            continue
        if any(id(v) in tainted for v in op.operands):
            rest.append(op)
            tainted.update(id(r) for r in op.results)
            continue
        prologue.append(op)
        defined_top.update(id(r) for r in op.results)
        if any(id(r) in want for r in op.results):
            tainted.update(id(r) for r in op.results)
    for k in list(want):
        if k not in defined_top:
            del want[k]            # defined after an effect: cannot be tested up front
    if not want:
        rep.skipped = "the sizes and strides are computed after the first memory effect"
        return kernel, rep

    cond_ops: list[Operation] = []
    cond = _test(cond_ops, list(want.values()))
    const = _Consts(cond_ops)

    # the fast copy: tested values rebuilt as (v >> log2 d) * d
    fast_ops: list[Operation] = []
    subst: dict[int, Value] = {}
    for k, (v, d) in want.items():
        q = _binary(fast_ops, "shri", v, const(v.tile, d.bit_length() - 1),
                    signedness="unsigned")
        subst[k] = _binary(fast_ops, "muli", q, const(v.tile, d))
    mapping: dict[int, Value] = {}

    def find(v: Value) -> Value:
        return mapping.get(id(v)) or subst.get(id(v)) or v

    for op in rest:
        c = clone_op(op, [find(v) for v in op.operands], lookup=find)
        for o, new in zip(op.results, c.results):
            mapping[id(o)] = new
        fast_ops.append(c)

    fast_kernel = Kernel(kernel.name, kernel.params,
                         Region(ops=[*prologue, *fast_ops,
                                     Operation("return", [], [], segments=(0,))]),
                         kernel.hints)
    rep.cost_before = model.kernel_cost(kernel)
    rep.cost_fast = model.kernel_cost(fast_kernel)
    for op in prologue:                    # costing borrowed them; they stay in the entry
        op.parent = body
    for p in kernel.params:
        p.value.owner = kernel
    rep.wider = _wider(kernel, fast_kernel)
    why = _gate(rep, model, kernel, fast_kernel, min_gain, max_slow_loss, max_growth)
    for op in prologue:
        op.parent = body
    if not rep.wider or (why and not always):
        rep.skipped = "no access gets wider" if not rep.wider else why
        return kernel, rep
    rep.tested = {_root_name(v): d for v, d in want.values()}

    then_r = Region(ops=[*fast_ops, Operation("yield", [], [], segments=(0,))])
    else_r = Region(ops=[*rest, Operation("yield", [], [], segments=(0,))])
    branch = Operation("if", [cond], [], {}, [then_r, else_r])
    ret = ops[-1]
    body.ops = []
    for op in [*prologue, *cond_ops, branch, ret]:
        body.append(op)
    return kernel, rep


def version_signature(kernel: Kernel, optimized: Kernel, reoptimize, cost_model=None, *,
                      min_gain: float = MIN_GAIN, max_slow_loss: float | None = None,
                      max_growth: float | None = None) -> tuple[Kernel, Versioning]:
    """Versioning for a kernel whose array parameters carry signature facts
    (`eqsat.analysis.params.array_params`): the fast copy is the whole kernel optimized again
    with each size and stride that is not known to be a multiple of the vector
    rebuilt as `(v >> log2 d) * d` at entry, so every analysis (views, pointer tiles of
    gathers and scatters, masks) and the assume placement see the multiple. Every
    assume in that copy is about a value that is a multiple by its own arithmetic, so it
    holds on any path. `optimized` is the kernel optimized as it is; `reoptimize` runs
    the same optimization on another kernel. Returns the versioned kernel, or
    `optimized` unchanged with the reason in the report."""
    model = DEFAULT if cost_model is None else cost_model
    rep = Versioning(counts=True)
    for k in (kernel, optimized):
        if any(op.spec.has("return") for op in k.walk() if op is not k.body.ops[-1]):
            rep.skipped = "the kernel returns early"
            return optimized, rep
    want: dict[int, int] = {}                  # parameter index -> divisor
    for a in array_params(kernel):
        t = kernel.params[a.ptr].type
        e = (byte_size(t.elem.pointee)
             if isinstance(t, TileType) and isinstance(t.elem, PointerType) else 0)
        if not a.contiguous or e == 0 or VECTOR_BYTES % e or a.base_div % VECTOR_BYTES:
            continue
        d = VECTOR_BYTES // e
        if d < 2:
            continue
        cands = [(a.shapes[-1], a.shape_div[-1])]
        cands += list(zip(a.strides[:-1], a.stride_div[:-1]))
        for j, have in cands:
            if have % d:
                want[j] = max(d, want.get(j, 1))
    if not want:
        rep.skipped = "the signature already promises every multiple (or no array can use one)"
        return optimized, rep

    fast = reoptimize(_rebuilt(kernel, want))
    # test only what the full vectors read: a size of an index array the gather reads
    # through need not be a multiple (one more optimization, over the values kept)
    used = _reached_params(fast)
    kept = {j: d for j, d in want.items() if j in used}
    if kept and kept != want:
        want, fast = kept, reoptimize(_rebuilt(kernel, kept))
    if any(op.spec.has("return") for op in fast.walk() if op is not fast.body.ops[-1]):
        rep.skipped = "the fast copy returns early"
        return optimized, rep

    rep.cost_before = model.kernel_cost(optimized)
    rep.cost_fast = model.kernel_cost(fast)
    rep.wider = _full_vectors_gained(optimized, fast)
    why = _gate(rep, model, optimized, fast, min_gain, max_slow_loss, max_growth)
    if not rep.wider or why:
        rep.skipped = "no access gets a full 16-byte vector" if not rep.wider else why
        return optimized, rep
    params = [p.value for p in optimized.params]
    rep.tested = {f"%{params[j].name}": d for j, d in want.items()}

    # if <test> { fast body } else { body }, both over the optimized kernel's parameters
    by_fast = {id(p.value): q for p, q in zip(fast.params, params)}
    then_r = clone_region(fast.body, lambda v: by_fast.get(id(v), v))
    cond_ops: list[Operation] = []
    cond = _test(cond_ops, [(params[j], d) for j, d in want.items()])
    body = optimized.body
    then_ops = [op for op in then_r.ops if not op.spec.has("return")]
    else_ops = [op for op in body.ops if not op.spec.has("return")]
    ret = body.ops[-1]
    branch = Operation("if", [cond], [], {}, [
        Region(ops=[*then_ops, Operation("yield", [], [], segments=(0,))]),
        Region(ops=[*else_ops, Operation("yield", [], [], segments=(0,))])])
    body.ops = []
    for op in [*cond_ops, branch, ret]:
        body.append(op)
    return optimized, rep


def _rebuilt(kernel: Kernel, want: dict[int, int]) -> Kernel:
    """A copy of `kernel` whose parameters `want` (index -> divisor d) are rebuilt at
    entry as `(p >> log2 d) * d` and read only through the rebuild."""
    copy = clone_kernel(kernel)
    head: list[Operation] = []
    const = _Consts(head)
    rebuilt: dict[int, Value] = {}
    for j, d in want.items():
        p = copy.params[j].value
        q = _binary(head, "shri", p, const(p.tile, d.bit_length() - 1), signedness="unsigned")
        rebuilt[id(p)] = _binary(head, "muli", q, const(p.tile, d))
    for op in copy.walk():
        for i, v in enumerate(op.operands):
            if id(v) in rebuilt:
                op.operands[i] = rebuilt[id(v)]
    for op in reversed(head):
        op.parent = copy.body
        copy.body.ops.insert(0, op)
    return copy


def _reached_params(k: Kernel) -> set[int]:
    """Parameters the address, mask and view operands of the full-vector accesses read,
    not through the values other memory ops load (an index loaded from memory is as
    unknown whatever its array's size)."""
    lf = LaneFacts()
    index = {id(p.value): j for j, p in enumerate(k.params)}
    seen: set[int] = set()
    found: set[int] = set()
    stack = [v for op in k.walk() if access_width(op, lf) == VECTOR_BYTES
             for v in op.operands if not v.is_token]
    while stack:
        v = stack.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        if id(v) in index:
            found.add(index[id(v)])
            continue
        op = v.owner
        if isinstance(op, Operation) and op.name not in MEMORY_OPS:
            stack.extend(op.operands)
    return found


def _test(ops: list[Operation], values: list[tuple[Value, int]]) -> Value:
    """`((a | b | ...) & (d - 1)) == 0` per (type, divisor), and-ed together."""
    const = _Consts(ops)
    groups: dict[tuple[str, int], list[Value]] = {}
    for v, d in values:
        groups.setdefault((str(v.type), d), []).append(v)
    conds: list[Value] = []
    for (_, d), vs in groups.items():
        t = vs[0].tile
        acc = vs[0]
        for v in vs[1:]:
            acc = _binary(ops, "ori", acc, v)
        low = _binary(ops, "andi", acc, const(t, d - 1))
        conds.append(_binary(ops, "cmpi", low, const(t, 0), TileType((), "i1"),
                             predicate="equal", signedness="unsigned"))
    cond = conds[0]
    for c in conds[1:]:
        cond = _binary(ops, "andi", cond, c)
    return cond


def _full_vectors_gained(before: Kernel, after: Kernel) -> list[tuple[str, int, int]]:
    """Memory ops (by name) with more full 16-byte accesses in `after`: (name, count
    before, count after)."""
    out = []
    counts = []
    for k in (before, after):
        lf = LaneFacts()
        c: dict[str, int] = {}
        for op in k.walk():
            w = access_width(op, lf)
            if w == VECTOR_BYTES:
                c[op.name] = c.get(op.name, 0) + 1
        counts.append(c)
    for name in sorted(set(counts[0]) | set(counts[1])):
        a, b = counts[0].get(name, 0), counts[1].get(name, 0)
        if b > a:
            out.append((name, a, b))
    return out


def _wider(before: Kernel, after: Kernel) -> list[tuple[str, int, int]]:
    """Accesses whose proven width grows, pairing the two kernels' accesses in walk order
    (the copy keeps the order of the original)."""
    fa, fb = LaneFacts(), LaneFacts()
    a = [op for op in before.walk() if _view_load_or_store(op)]
    b = [op for op in after.walk() if _view_load_or_store(op)]
    out = []
    for x, y in zip(a, b):
        wa, wb = access_width(x, fa), access_width(y, fb)
        if wa is not None and wb is not None and wb > wa:
            out.append((x.name, wa, wb))
    return out


__all__ = [
    "MAX_GROWTH",
    "MAX_SLOW_LOSS",
    "MIN_GAIN",
    "Versioning",
    "version",
    "version_signature",
]
