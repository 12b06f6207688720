"""Proven access width: how many bytes per thread one global load or store can move,
judged from what the Tile IR itself states (issue 6, item 4; cost model section 5.2
item 5).

tileiras emits 64/128-bit accesses only when it can prove, from the IR alone, that a
thread's lanes are consecutive, that the first is aligned, and that the mask (or the
view's bounds check) is the same for all of them. Its only inputs are `assume`
predicates, constants and the arithmetic between them, so that is all this module
reads: entry-parameter attributes do not count until the assume placement
(`eqsat.passes.assumes`) has written them into the program. The width of an op is
therefore what the program *proves*, which is what the cost model rewards.

Facts per value are taken along the last axis of a tile (aligned lane groups of a
power-of-two size, as in `eqsat.egraph.analyses`): every-lane divisibility, runs of
consecutive values and the divisibility of each run's first lane, and runs of equal
values. Unknown means nothing (a divisor of 1, runs of 1).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from eqsat.ir.attrs import DivBy
from eqsat.ir.core import Operation, Value, const_int
from eqsat.ir.ops import SPECS
from eqsat.ir.types import (INT_WIDTHS, PartitionViewType, PointerType, TensorViewType, TileType,
                            byte_size, is_float)

CAP = 1 << 30
VECTOR_BYTES = 16       # the widest access a thread makes (LDG.E.128 / STG.E.128)
THREADS = 128           # tileiras' default tile block: 4 warps share a tile's elements


@dataclass(frozen=True)
class Lanes:
    """Facts about one value along its last axis."""
    div: int = 1           # divides every lane
    contig: int = 1        # runs of consecutive values (pointers: +pointee bytes)
    contig_div: int = 1    # divides the first lane of every run
    same: int = 1          # runs of one value


_ANY = Lanes()


def _pow2(n: int) -> int:
    return CAP if n == 0 else min(abs(n) & -abs(n), CAP)


def _numel(shape) -> int:
    out = 1
    for s in shape:
        out *= s
    return out


def _last(t) -> int:
    return t.shape[-1] if isinstance(t, TileType) and t.shape else 1


def _unit(t) -> int:
    """What consecutive lanes of a run differ by: 1, or the pointee size for pointers."""
    if isinstance(t, TileType) and isinstance(t.elem, PointerType):
        return byte_size(t.elem.pointee)
    return 1


def _run_plus_same(run: Lanes, other: Lanes, unit: int, scale: int = 1) -> tuple[int, int]:
    """Runs of `run` plus a value constant on groups of `other.same` (times `scale`):
    the new runs and the divisibility of their first lanes."""
    k = min(run.contig, other.same)
    d = min(run.contig_div, other.div * scale, CAP)
    if other.same < run.contig:
        d = min(d, other.same * unit)
    return k, d


class LaneFacts:
    """Facts for the values of one kernel, computed on demand and remembered."""

    def __init__(self) -> None:
        self.memo: dict[int, Lanes] = {}

    def of(self, v: Value) -> Lanes:
        got = self.memo.get(id(v))
        if got is not None:
            return got
        # iterative post-order over the defining ops (index math can be long chains)
        stack = [(v, False)]
        while stack:
            x, ready = stack.pop()
            if id(x) in self.memo:
                continue
            op = x.owner if isinstance(x.owner, Operation) else None
            deps = [] if op is None or op.regions else [o for o in op.operands
                                                        if id(o) not in self.memo]
            if ready or not deps:
                self.memo[id(x)] = self._compute(x, op)
            else:
                stack.append((x, True))
                stack.extend((o, False) for o in deps)
        return self.memo[id(v)]

    def _compute(self, v: Value, op: Operation | None) -> Lanes:
        t = v.type
        if op is None or op.regions or len(op.results) != 1 or not isinstance(t, TileType):
            return _ANY
        ins = [self.memo.get(id(o), _ANY) for o in op.operands]
        rule = _LANE_RULES.get(op.name)
        if rule is not None:
            return rule(op, t, ins)
        if len(ins) < 2:
            return _ANY
        return Lanes(same=min(ins[0].same, ins[1].same))


# -- what each op makes of its operands' lanes (ops not listed: a two-operand op keeps
#    the lane groups both operands are uniform on, any other op is not judged) -----------
def _constant_lanes(op: Operation, t: TileType, ins: list[Lanes]) -> Lanes:
    c = op.attrs["value"]
    if c.is_splat and not is_float(c.elem):
        return Lanes(div=_pow2(int(c.scalar())), same=_last(t))
    return _ANY


def _iota_lanes(op: Operation, t: TileType, ins: list[Lanes]) -> Lanes:
    # lane i holds i wrapped to the type: runs stop at 2^(w-1) lanes, where a
    # long iota wraps to -2^(w-1) (see eqsat.egraph.analyses.iota_facts)
    last = _last(t)
    w = INT_WIDTHS.get(t.elem) if isinstance(t.elem, str) else None
    if w is None or w == 1 or last & (last - 1):
        return _ANY
    half = 1 << (w - 1)
    return Lanes(contig=min(last, half), contig_div=CAP if last <= half else half)


def _assume_lanes(op: Operation, t: TileType, ins: list[Lanes]) -> Lanes:
    a, p = ins[0], op.attrs["predicate"]
    if isinstance(p, DivBy) and p.every is None:
        return Lanes(max(a.div, p.divisor), a.contig, max(a.contig_div, p.divisor), a.same)
    if isinstance(p, DivBy) and p.along == t.rank - 1 and p.every:
        return Lanes(a.div, max(a.contig, p.every), max(a.contig_div, p.divisor), a.same)
    return a


def _reshape_lanes(op: Operation, t: TileType, ins: list[Lanes]) -> Lanes:
    src, last = op.operands[0].type, _last(t)
    if _last(src) == last:
        return ins[0]
    if _last(src) == 1:
        return Lanes(div=ins[0].div, same=last)
    return _ANY


def _int_cast_lanes(op: Operation, t: TileType, ins: list[Lanes], *, widens: bool) -> Lanes:
    a = ins[0]
    src = op.operands[0].type
    w = INT_WIDTHS.get(src.elem, 1) if isinstance(src, TileType) and \
        isinstance(src.elem, str) else 1
    keep = widens and a.contig_div >= a.contig and a.contig <= (1 << (w - 1))
    return Lanes(a.div, a.contig if keep else 1, a.contig_div if keep else 1, a.same)


def _binary(rule: Callable[[Operation, TileType, Lanes, Lanes, int, list[Lanes]], Lanes]
            ) -> Callable[[Operation, TileType, list[Lanes]], Lanes]:
    """A rule over the first two operands' lanes and the groups both are uniform on."""
    def apply(op: Operation, t: TileType, ins: list[Lanes]) -> Lanes:
        if len(ins) < 2:
            return _ANY
        a, b = ins[0], ins[1]
        return rule(op, t, a, b, min(a.same, b.same), ins)
    return apply


def _add_lanes(op: Operation, t: TileType, a: Lanes, b: Lanes, same: int, ins: list[Lanes], *,
               commutes: bool) -> Lanes:
    out = Lanes(min(a.div, b.div), 1, 1, same)
    for run, other in ((a, b), (b, a)) if commutes else ((a, b),):
        if run.contig > 1:
            k, d = _run_plus_same(run, other, 1)
            out = Lanes(out.div, k, d, same)
    return out


def _mul_lanes(op: Operation, t: TileType, a: Lanes, b: Lanes, same: int,
               ins: list[Lanes]) -> Lanes:
    out = Lanes(min(a.div * b.div, CAP), 1, 1, same)
    for run, _other, o in ((a, b, op.operands[1]), (b, a, op.operands[0])):
        if run.contig > 1 and _is_one(o):
            out = Lanes(out.div, run.contig, run.contig_div, same)
    return out


def _offset_lanes(op: Operation, t: TileType, a: Lanes, b: Lanes, same: int,
                  ins: list[Lanes]) -> Lanes:
    """pointer + offset x pointee bytes"""
    unit = _unit(t)
    out = Lanes(min(a.div, b.div * unit, CAP), 1, 1, same)
    ot = op.operands[1].type
    narrow = isinstance(ot, TileType) and ot.elem != "i64"
    ow = INT_WIDTHS.get(ot.elem, 1) if isinstance(ot, TileType) and \
        isinstance(ot.elem, str) else 1
    if b.contig > 1 and (not narrow or (b.contig_div >= b.contig
                                        and b.contig <= (1 << (ow - 1)))):
        # (a narrower offset is sign-extended: only aligned runs stay runs)
        scaled = Lanes(contig=b.contig, contig_div=min(b.contig_div * unit, CAP))
        k, d = _run_plus_same(scaled, a, unit)
        out = Lanes(out.div, k, d, same)
    elif a.contig > 1:
        k, d = _run_plus_same(a, b, unit, scale=unit)
        out = Lanes(out.div, k, d, same)
    return out


def _compare_lanes(op: Operation, t: TileType, a: Lanes, b: Lanes, same: int,
                   ins: list[Lanes]) -> Lanes:
    return Lanes(same=max(same, _uniform_compare(op, a, b)))


def _bitwise_lanes(op: Operation, t: TileType, a: Lanes, b: Lanes, same: int, ins: list[Lanes],
                   *, keeps_div: bool = False) -> Lanes:
    return Lanes(div=min(a.div, b.div) if keeps_div else 1, same=same)


def _select_lanes(op: Operation, t: TileType, a: Lanes, b: Lanes, same: int,
                  ins: list[Lanes]) -> Lanes:
    if len(ins) == 3:
        same = min(same, ins[2].same)
    return Lanes(div=1, same=same)


def _shl_lanes(op: Operation, t: TileType, a: Lanes, b: Lanes, same: int,
               ins: list[Lanes]) -> Lanes:
    shift = const_int(op.operands[1])
    if shift is not None:
        return Lanes(min(a.div << shift, CAP) if 0 <= shift < 31 else 1, 1, 1, same)
    return Lanes(same=same)


_LANE_RULES: dict[str, Callable[[Operation, TileType, list[Lanes]], Lanes]] = {
    "constant": _constant_lanes, "iota": _iota_lanes, "assume": _assume_lanes,
    "reshape": _reshape_lanes, "broadcast": _reshape_lanes,
    "exti": partial(_int_cast_lanes, widens=True),
    "trunci": partial(_int_cast_lanes, widens=False),
    "addi": _binary(partial(_add_lanes, commutes=True)),
    "subi": _binary(partial(_add_lanes, commutes=False)),
    "muli": _binary(_mul_lanes), "offset": _binary(_offset_lanes),
    "cmpi": _binary(_compare_lanes),
    "andi": _binary(_bitwise_lanes), "ori": _binary(_bitwise_lanes),
    "xori": _binary(_bitwise_lanes),
    "maxi": _binary(partial(_bitwise_lanes, keeps_div=True)),
    "mini": _binary(partial(_bitwise_lanes, keeps_div=True)),
    "select": _binary(_select_lanes), "shli": _binary(_shl_lanes),
}


def _is_one(v: Value) -> bool:
    return const_int(v) == 1


def _uniform_compare(op: Operation, a: Lanes, b: Lanes) -> int:
    """Groups on which `run < bound` (or its negation) has one answer: runs aligned to
    g that start at a multiple of g, against a bound that is a multiple of g and the
    same over the group, cross the bound only between groups."""
    pred = op.attrs.get("predicate")
    if pred in ("less_than", "greater_than_or_equal"):
        run, bound = a, b
    elif pred in ("greater_than", "less_than_or_equal"):
        run, bound = b, a
    else:
        return 1
    g = min(run.contig, run.contig_div, bound.same, bound.div)
    return max(1, g)


def lanes_for(elem_bytes: int, numel: int | None = None) -> list[int]:
    """Vector sizes in elements to try, widest first (16 bytes down to 2 elements), no
    more than each thread's share of a tile of `numel` elements (measured: a 1x128 f32
    tile stays 32-bit, a 256-element one gets 64-bit accesses, 1024 elements 128-bit)."""
    n, out = VECTOR_BYTES // max(elem_bytes, 1), []
    if numel is not None:
        while n > 1 and n * THREADS > numel:
            n //= 2
    while n >= 2:
        out.append(n)
        n //= 2
    return out


def ptr_width(op: Operation, facts: LaneFacts) -> int:
    """Bytes per thread access of a pointer op: lanes proven consecutive, aligned to the
    vector and under one mask value."""
    ptr = op.required("ptr")
    mask = op.one("mask")
    return ptr_lanes_width(ptr.type, facts.of(ptr),
                           facts.of(mask).same if mask is not None else CAP)


def ptr_lanes_width(t: Any, p: Lanes, mask_same: int) -> int:
    """`ptr_width` from the facts themselves: pointer tile type `t`, the pointers' facts
    and the mask's runs of one value (`CAP` without a mask)."""
    if not (isinstance(t, TileType) and isinstance(t.elem, PointerType)):
        return 1
    e = byte_size(t.elem.pointee)
    if not t.shape:
        return e
    for n in lanes_for(e, _numel(t.shape)):
        if (t.shape[-1] % n == 0 and p.contig >= n and p.contig_div >= n * e
                and mask_same >= n):
            return n * e
    return e


def view_width(op: Operation, facts: LaneFacts) -> int:
    """Bytes per thread access of a view op: a unit last stride, an aligned base, other
    strides and the last size multiples of the vector, tiles whole vectors."""
    pv = op.required("view")
    pt = pv.type
    mk = pv.owner if isinstance(pv.owner, Operation) else None
    tv = mk.operands[0] if mk is not None and mk.spec.has("makes_view") and \
        isinstance(pt, PartitionViewType) else None
    mt = tv.owner if tv is not None and isinstance(tv.owner, Operation) else None
    if tv is None or mt is None or not mt.spec.has("makes_view") or \
            not isinstance(tv.type, TensorViewType):
        return view_lanes_width(pt, None, 1, [], [])
    return view_lanes_width(pt, tv.type, facts.of(mt.required("base")).div,
                            [facts.of(x).div for x in mt.group("shape")],
                            [facts.of(x).div for x in mt.group("strides")])


def view_lanes_width(pt: Any, vt: Any, base: int, shape_divs: list[int],
                     stride_divs: list[int]) -> int:
    """`view_width` from the facts themselves: partition view type `pt` of the tensor
    view type `vt` (None: not a view made here), what divides its base, and what
    divides each dynamic size and stride."""
    if not isinstance(pt, PartitionViewType):
        return 1
    e = byte_size(pt.view.elem)
    if (not isinstance(vt, TensorViewType) or pt.dim_map not in (None, tuple(
            range(len(pt.tile))))):
        return e
    if not vt.strides or vt.strides[-1] != 1:
        return e
    dyn_shape, dyn_str = iter(shape_divs), iter(stride_divs)
    shape = [s if s is not None else next(dyn_shape, 1) for s in vt.shape]
    strides = [s if s is not None else next(dyn_str, 1) for s in vt.strides]
    for n in lanes_for(e, _numel(pt.tile)):
        if (pt.tile[-1] % n == 0 and base % (n * e) == 0 and shape[-1] % n == 0
                and all(s % n == 0 for s in strides[:-1])):
            return n * e
    return e


def access_kind(name: str) -> str | None:
    """"ptr" for an access through a tile of pointers, "view" for a load or a store
    through a view, None for any other op: the accesses whose width is judged."""
    sp = SPECS.get(name)
    if sp is None:
        return None
    if sp.is_pointer_access:
        return "ptr"
    if sp.is_view_access and sp.effect != "atomic":
        return "view"
    return None


def access_width(op: Operation, facts: LaneFacts | None = None) -> int | None:
    """Proven bytes per thread access of a global memory op (None for other ops)."""
    f = facts if facts is not None else LaneFacts()
    kind = access_kind(op.name)
    if kind == "ptr":
        return ptr_width(op, f)
    if kind == "view":
        return view_width(op, f)
    return None


__all__ = ["access_kind", "access_width", "ptr_width", "view_width", "ptr_lanes_width",
           "view_lanes_width", "LaneFacts", "Lanes", "VECTOR_BYTES", "THREADS", "lanes_for", "CAP"]
