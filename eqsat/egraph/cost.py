"""Cost models: a plain Python interface and the default H100 model.

A model prices one execution of one op (`op_cost`) and guesses loop trip counts
(`trip_count`); `kernel_cost` combines them over a whole kernel: each op times the
trip counts of the loops around it. A memory op also pays `token_wait` for every
memory op instance its input token stands for (the may-sets of
`eqsat.memory.tokensets.TokenSets`: through joins, branches and loops, an instance from an
earlier iteration told apart from this one's), so a store that a later load must
wait for costs a round trip, and one carried from the previous iteration costs it
every iteration. The extractor charges memory ops the same way and minimizes
`kernel_cost` of the program it decodes to (`Extractor.minimize`), so
"cost after" is the cost extraction chose by. Numbers and their sources:
docs/gpu-cost-model.md (cycles per tile block on an H100 SXM).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Iterable


from eqsat.ir.core import Kernel, Operation, Region, const_int
from eqsat.ir.ops import PURE_REGION_OPS, SPECS
from eqsat.ir.types import PointerType, TileType, Type, byte_size
from eqsat.memory.tokensets import TokenSets
from eqsat.egraph.width import LaneFacts, access_kind, access_width


@dataclass(frozen=True)
class OpInfo:
    """What a model sees of one op: its name, result and operand types, attributes, and
    for global memory ops the bytes per thread access the program proves (`width`: from
    the IR, or the e-graph's facts during extraction; None when not judged; see
    eqsat.egraph.width)."""
    name: str
    result_types: tuple[Type, ...] = ()
    operand_types: tuple[Type, ...] = ()
    attrs: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    width: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class LoopInfo:
    """A `for` loop's bounds when they are known constants (else None)."""
    lb: int | None = None
    ub: int | None = None
    step: int | None = None


class CostModel:
    """Base class: subclass and override `op_cost` (and optionally `trip_count`,
    `token_edge`). Costs must be >= 0."""

    name = "unit"
    unit = "cost units"                                  # what one unit of cost is
    models = "one unit per op that is not structural, times the trip counts around it"
    # op names extraction favours when costs tie (a canonical form); the rules'
    # `prefer=True` adds to this per optimization
    preferred: frozenset[str] = frozenset()

    def op_cost(self, op: OpInfo) -> float:
        """Cost of one execution of `op` (default: 1 per op that is not structural)."""
        return 0.0 if op.name in STRUCTURAL else 1.0

    def trip_count(self, loop: LoopInfo) -> float:
        lb, ub, step = loop.lb, loop.ub, loop.step
        if lb is not None and ub is not None and step is not None and step > 0:
            return float(max(0, -(-(ub - lb) // step)))
        return 8.0

    def token_edge(self, producer: str, consumer: str) -> float:
        """Latency added when `consumer` waits on a token from `producer` (op names)."""
        return 0.0

    def token_wait(self, producer: str, consumer: str) -> float:
        """What extraction charges `consumer` for each memory op its input token stands
        for: the edge latency plus a small price for the ordering itself, so that no
        needless ordering (not even load -> load) is free."""
        return self.token_edge(producer, consumer) + ORDER_COST

    # -- whole kernels ------------------------------------------------------------------------
    def kernel_cost(self, kernel: Kernel) -> float:
        """Sum of op costs, each with its token wait, times loop trip counts."""
        return _region_cost(self, kernel.body, {"kernel": kernel})


ORDER_COST = 0.5     # per memory op a token makes another op wait for (see token_wait)

# ops that cost nothing at run time: constants, hints, views, tokens, shape changes
STRUCTURAL = frozenset({
    "constant", "assume", "make_token", "join_tokens", "make_tensor_view",
    "make_partition_view", "get_index_space_shape", "reshape", "broadcast",
    "get_tile_block_id", "get_num_tile_blocks", "yield", "continue", "break", "return",
    "bitcast", "ptr_to_ptr", "int_to_ptr", "ptr_to_int",
})
_MUFU = frozenset({"divf", "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "tan",
                   "sinh", "cosh", "tanh", "pow", "fpowf", "fpowi", "atan2", "remf", "divi",
                   "remi"})
_PACKED = frozenset({"addf", "subf", "mulf", "fma", "maxf", "minf", "negf", "absf"})
_MMA = frozenset({"mmaf", "mmai"})              # on the tensor cores: by their flops
_WIDE_MUL = frozenset({"muli", "mulhii"})       # three times the issue slots on i64


def _writes(name: str) -> bool:
    """Does the op named `name` write memory (a store or an atomic)?"""
    sp = SPECS.get(name)
    return sp is not None and (sp.is_store or sp.effect == "atomic")


def _numel(t: Any) -> int:
    return t.numel if isinstance(t, TileType) else 1


def _elem_bytes(t: Any) -> int:
    if isinstance(t, TileType):
        return byte_size(t.elem) if not isinstance(t.elem, PointerType) else 8
    return 4


class H100(CostModel):
    """Analytical H100 SXM model (docs/gpu-cost-model.md section 5), in cycles per tile
    block: ALU ops cost warp-instruction issue slots, memory ops their requests, address
    math and bytes over the per-SM share of DRAM bandwidth, tokens their exposed latency."""

    name = "h100"
    unit = "cycles per tile block"
    models = ("one tile block on an H100 SXM: issue slots, memory requests and bytes, "
              "exposed token waits (docs/gpu-cost-model.md)")
    warp = 32
    ipc = 4.0                    # warp instructions issued per cycle per SM
    dram_bytes_per_cycle = 12.8  # 3.35 TB/s / (132 SMs * 1.98 GHz)
    l2_near = 265.0
    dram_latency = 650.0
    t_bar = 30.0
    tensor_flops_per_cycle = 4096.0

    def op_cost(self, op: OpInfo) -> float:
        n = op.name
        if n in STRUCTURAL:
            return 0.0
        rt = op.result_types[0] if op.result_types else None
        kind = access_kind(n)
        sp = SPECS.get(n)
        if kind is None and sp is not None and sp.is_view_access:
            kind = "view"         # a reduction through a view (see _memory)
        if kind is not None:
            return self._memory(op, kind)
        if n in _MMA:
            a, b = (op.operand_types + (None, None))[:2]
            if isinstance(a, TileType) and isinstance(b, TileType) and a.rank == 2 and b.rank == 2:
                flops = 2.0 * a.shape[0] * a.shape[1] * b.shape[1]
                return flops / self.tensor_flops_per_cycle + 30.0
            return 100.0
        if sp is not None and (sp.is_loop or sp.is_branch):
            return 2.0            # branch and loop control
        if sp is not None and sp.is_tokenless_effect:
            return 100.0
        t = rt if isinstance(rt, TileType) else (op.operand_types[0] if op.operand_types else None)
        numel = _numel(t)
        half = isinstance(t, TileType) and t.elem in ("f16", "bf16")
        packed = 2 if (n in _PACKED and half) else 1
        warps = math.ceil(numel / (self.warp * packed)) if numel else 1
        weight = 1.0
        if n in _MUFU:
            weight = 4.0
        elif n in _WIDE_MUL and isinstance(t, TileType) and t.elem == "i64":
            weight = 3.0
        if n in PURE_REGION_OPS:
            x = op.operand_types[0] if op.operand_types else None
            width = max(x.shape) if isinstance(x, TileType) and x.shape else 1
            return warps * max(1.0, math.log2(max(width, 2))) / self.ipc + self.t_bar
        return warps * weight / self.ipc

    def _memory(self, op: OpInfo, kind: str) -> float:
        """A global access priced per tile access: its requests (bytes over the width
        a thread moves) and its bytes.

        A reduction through a view (atomic_red_view_tko) is priced as the store of its
        value tile with nothing proven: tileiras compiles it as it compiles that store,
        element for element (sm_90, tileiras 13.5, a 1024 x f32 tile without alignment
        facts: 8 REDG.E.ADD.F32 where the store has 8 STG.E; f16 adds by a CAS per
        element). Priced as an ALU op it read its view operand as one element and cost
        one warp instruction whatever its tile. Its width is never judged (atomics are
        not in eqsat.egraph.width), so one element per thread access, in the IR and in
        extraction alike; with alignment facts tileiras makes it a TMA reduction, which
        this prices no lower."""
        sp = SPECS[op.name]
        reduction = kind == "view" and sp.effect == "atomic"
        if sp.is_load:
            t = op.result_types[0] if op.result_types else None
        elif reduction:                     # the view, its indices, the value, a token
            tiles = [x for x in op.operand_types if isinstance(x, TileType)]
            t = tiles[-1] if tiles else None
        elif kind == "view":                # a store: the stored tile comes first
            t = op.operand_types[0] if op.operand_types else None
        else:                               # pointers first, then the stored tile
            t = op.operand_types[1] if len(op.operand_types) > 1 else None
        numel, e = _numel(t), _elem_bytes(t)
        nbytes = numel * e
        gather = kind == "ptr"
        judged = e if reduction else op.width
        if judged is None:                   # not judged: views aligned, gathers scattered
            width, vector = (e if gather else min(16, max(e, 4))), False
        else:                                # proven: wider accesses, fewer requests
            width, vector = max(judged, 1), judged > e
        requests = math.ceil(nbytes / (self.warp * width)) if nbytes else 1
        scattered = gather and not vector    # proven runs of a pointer op coalesce
        addr = 13.0 if scattered else 1.0
        dram = (32.0 * numel if scattered else nbytes) / self.dram_bytes_per_cycle
        return requests * (1.0 + addr) / self.ipc + dram

    def token_edge(self, producer: str, consumer: str) -> float:
        p_store, c_store = _writes(producer), _writes(consumer)
        if p_store and not c_store:
            return self.l2_near + self.t_bar          # RAW: the load waits for visibility
        if p_store or c_store:
            return self.t_bar                          # WAW / WAR
        return 0.0


# -- kernel_cost over IR ------------------------------------------------------------------------
def _info(op: Operation, lanes: Any = None) -> OpInfo:
    return OpInfo(op.name, tuple(v.type for v in op.results),
                  tuple(v.type for v in op.operands), op.attrs,
                  access_width(op, lanes) if op.spec is not None and op.spec.is_memory else None)


def loop_info(op: Operation) -> LoopInfo:
    return LoopInfo(const_int(op.required("lb")), const_int(op.required("ub")),
                    const_int(op.required("step")))


def _region_cost(model: CostModel, region: Region, memo: dict[str, Any]) -> float:
    """Ops of a region, each with its token wait, and its nested regions times their
    trip counts."""
    total = 0.0
    for op in region.ops:
        total += model.op_cost(_info(op, _lane_facts(memo))) + _wait(model, op, memo)
        for r in op.regions:
            inner = _region_cost(model, r, memo)
            if op.spec is not None and op.spec.is_counted_loop:
                inner *= model.trip_count(loop_info(op))
            total += inner
    return total


def _wait(model: CostModel, op: Operation, memo: dict[str, Any]) -> float:
    """`token_wait` for every memory op instance the op's input token stands for (this
    iteration's and earlier iterations' apart): the extractor charges the same."""
    if op.spec is None or not op.spec.is_memory or op.token_in is None:
        return 0.0
    ts = memo.get("tokens")
    if ts is None:
        ts = memo["tokens"] = TokenSets(memo["kernel"])
        by_name: dict[str, int] = {}         # producer name -> its ops, under every tag
        for i, o in enumerate(ts.bit_ops):
            by_name[o.name] = by_name.get(o.name, 0) | 1 << i
        memo["by_name"] = {n: ts.every(m) for n, m in sorted(by_name.items())}
    waits = memo.setdefault("waits", {})      # token_wait depends on the two names only
    x = ts.get(op.token_in)
    total = 0.0
    for name, ops in memo["by_name"].items():
        count = (x & ops).bit_count()
        if count:
            key = (name, op.name)
            w = waits.get(key)
            if w is None:
                w = waits[key] = model.token_wait(*key)
            total += w * count
    return total


def carried_wait(model: CostModel, loop: Operation, tokens: TokenSets | None = None) -> float:
    """The longest token edge a loop-carried token adds per iteration: from an op of an
    earlier iteration to an op of this one that waits for it (a store -> load pair is
    a round trip per iteration). Part of what `kernel_cost` charges; for reports."""
    ts = tokens if tokens is not None else TokenSets(_kernel_of(loop))
    lid = id(loop)
    worst = 0.0
    names = {id(o): o.name for o in loop.walk()}
    for op in loop.regions[0].walk():
        if op.spec is None or not op.spec.is_memory or op.token_in is None:
            continue
        for p, tag in ts.of(op.token_in):
            if lid in tag and p in names:
                worst = max(worst, model.token_edge(names[p], op.name))
    return worst


def _kernel_of(op: Operation) -> Kernel:
    r = op.parent
    while r is not None and isinstance(r.parent, Operation):
        r = r.parent.parent
    k = r.parent if r is not None else None
    if not isinstance(k, Kernel):
        raise ValueError("the loop is not inside a kernel")
    return k


def _lane_facts(memo: dict[str, Any]) -> Any:
    """One `LaneFacts` per kernel_cost call, shared by all of its regions."""
    got = memo.get("lanes")
    if got is None:
        got = memo["lanes"] = LaneFacts()
    return got


def ops_of(kernel: Kernel) -> Iterable[Operation]:
    return kernel.walk()


DEFAULT = H100()

__all__ = ["CostModel", "H100", "OpInfo", "LoopInfo", "STRUCTURAL", "DEFAULT", "loop_info",
           "carried_wait", "ORDER_COST"]
