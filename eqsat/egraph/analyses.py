"""Analyses as e-graph lattices (design section 4), readable by rules and cost models.

Each is an egglog function whose merge combines two true facts about one value:

* `type_of(x)`: the value's type (all members of a class have one type);
* `cval(x)`: the splat constant's bits when the class holds a constant;
* `div2(x)`: the largest power of two known to divide x (bytes for pointers), capped
  at `DIV_CAP`; two facts both hold, so merge keeps the larger;
* `lo(x)`, `hi(x)`: signed bounds; merge intersects (max of lows, min of highs);
* `ty_min(t)`, `ty_max(t)`: the range of an integer type (set at encode time);
* along the last axis of a tile, in aligned lane groups (lanes [m*n, (m+1)*n) of a
  power-of-two n): `contig(x)` = n when each group holds consecutive values (+1 for
  integers, +pointee bytes for pointers, modulo the width), `contig_div(x)` = a power
  of two dividing the first lane of every such group, `same(x)` = n when each group
  holds one value. All three merge by max: longer groups are also groups of the
  shorter length, so the first lane of a long group is the first of a short one too
  and both divisibility facts hold for it. These are what prove `div_by<d, every n
  along k>` for pointer tiles (`eqsat.passes.assumes`).

The rules that propagate them live in `rules/analysis.py`; facts that need the
whole program (assume predicates, parameter attributes, iota ranges) are inserted
by `seed_facts` at encode time. `read_facts` hands the final values to Python.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eqsat.egraph.egg import function, i64

from eqsat.analysis.facts import ValueFacts
from eqsat.ir.attrs import Bounded, DivBy
from eqsat.ir.types import INT_WIDTHS, TileType
from eqsat.egraph import egg
from eqsat.egraph import terms as T

DIV_CAP = 1 << 30


@function(merge=lambda old, new: old)
def type_of(x: T.Term) -> T.Ty: ...


@function(merge=lambda old, new: old)
def cval(x: T.Term) -> i64: ...


@function(merge=lambda old, new: old.max(new))
def div2(x: T.Term) -> i64: ...


@function(merge=lambda old, new: old.max(new))
def lo(x: T.Term) -> i64: ...


@function(merge=lambda old, new: old.min(new))
def hi(x: T.Term) -> i64: ...


@function(merge=lambda old, new: old.max(new))
def contig(x: T.Term) -> i64: ...


@function(merge=lambda old, new: old.max(new))
def contig_div(x: T.Term) -> i64: ...


@function(merge=lambda old, new: old.max(new))
def same(x: T.Term) -> i64: ...


@function(merge=lambda old, new: old)
def ty_min(t: T.Ty) -> i64: ...


@function(merge=lambda old, new: old)
def ty_max(t: T.Ty) -> i64: ...


@function(merge=lambda old, new: old)
def ty_last(t: T.Ty) -> i64: ...         # size of a tile's last dimension (1 for 0-d)


def int_range(elem: str) -> tuple[int, int]:
    if elem == "i1":
        return 0, 1
    w = INT_WIDTHS[elem]
    return -(1 << (w - 1)), (1 << (w - 1)) - 1


# a fact the encoder inserts: (function, its arguments, the value it is set to)
Fact = tuple[Any, tuple, Any]


def type_facts(ty_expr: Any, t: Any) -> list[Fact]:
    """ty_min/ty_max for integer tile types, ty_last for every tile type."""
    out: list[Fact] = []
    if isinstance(t, TileType):
        out.append((ty_last, (ty_expr,), t.shape[-1] if t.shape else 1))
        if isinstance(t.elem, str) and t.elem in INT_WIDTHS and t.elem != "i1":
            # i1 gets no range: its signed value is 0 or -1 (exti) but its bits 0 or 1,
            # so no bounds rule reads i1 values
            mn, mx = int_range(t.elem)
            out += [(ty_min, (ty_expr,), mn),
                    (ty_max, (ty_expr,), mx)]
    return out


def iota_facts(term: Any, n: int, elem: Any) -> list[Fact]:
    """Bounds and runs of `iota` of n lanes: lane i holds i wrapped to the type (the
    interpreter's `arange(n).astype(elem)`), so past 2^(w-1) lanes it turns negative.
    Runs are capped at 2^(w-1) lanes, which never cross the wrap-around point; their
    first lanes are then 0 or -2^(w-1). An i1 iota (0, 1, 1, ... in the interpreter)
    gets nothing."""
    if not isinstance(elem, str) or elem not in INT_WIDTHS or elem == "i1" or n < 1:
        return []
    half = 1 << (INT_WIDTHS[elem] - 1)
    out = [(lo, (term,), 0 if n <= half else -half),
           (hi, (term,), min(n, half) - 1)]
    if n & (n - 1) == 0:
        out += [(contig, (term,), min(n, half)),
                (contig_div, (term,), DIV_CAP if n <= half else min(half, DIV_CAP))]
    return out


def op_facts(op_name: str, attrs: dict, term: Any, result_type: Any) -> list[Fact]:
    """Facts an op states about its result by itself (assume predicates, iota)."""
    states = _STATES.get(op_name)
    return states(attrs, term, result_type) if states is not None else []


def _assume_facts(attrs: dict, term: Any, result_type: Any) -> list[Fact]:
    out: list[Fact] = []
    p = attrs.get("predicate")
    if isinstance(p, DivBy) and p.every is None and 0 < p.divisor <= DIV_CAP:
        out.append((div2, (term,), p.divisor))
    elif (isinstance(p, DivBy) and isinstance(result_type, TileType) and result_type.shape
          and p.along == result_type.rank - 1 and 0 < p.divisor <= DIV_CAP
          and p.every and p.every & (p.every - 1) == 0
          and result_type.shape[-1] % p.every == 0):
        out += [(contig, (term,), p.every),
                (contig_div, (term,), p.divisor)]
    elif isinstance(p, Bounded) and not (isinstance(result_type, TileType)
                                         and result_type.elem == "i1"):
        if p.lo is not None:
            out.append((lo, (term,), p.lo))
        if p.hi is not None:
            out.append((hi, (term,), p.hi))
    return out


def _iota_facts(attrs: dict, term: Any, result_type: Any) -> list[Fact]:
    if isinstance(result_type, TileType) and result_type.shape:
        return iota_facts(term, result_type.shape[0], result_type.elem)
    return []


# the ops that state facts about their result by themselves
_STATES: dict[str, Callable[[dict, Any, Any], list[Fact]]] = {
    "assume": _assume_facts, "iota": _iota_facts,
}


def param_facts(attrs: dict, term: Any, t: Any) -> list[Fact]:
    """Parameter attributes (`{div_by = 16}`) as facts."""
    out: list[Fact] = []
    d = attrs.get("div_by")
    if isinstance(d, int) and 0 < d <= DIV_CAP and d & (d - 1) == 0:
        out.append((div2, (term,), d))
    return out


def read_facts(eg: Any, tables: Any) -> dict[str, ValueFacts]:
    """Analysis values per e-class id, from the e-graph's tables (`tables.Tables`)."""
    out: dict[str, ValueFacts] = {}
    for f, key in ((cval, "const"), (div2, "div"), (lo, "lo"), (hi, "hi"), (contig, "contig"),
                   (contig_div, "contig_div"), (same, "same")):
        name = egg.egg_name(eg, f)
        if name not in tables.functions:
            continue
        (sort,), _ = tables.sorts(name)
        named = tables.names(sort)
        for r in tables.rows(name):
            (x,) = r.inputs
            cid = named.get(x) or tables.cls(sort, x)
            setattr(out.setdefault(cid, ValueFacts()), key, tables.i64(r.output))
    return out


__all__ = ["Fact", "type_of", "cval", "div2", "lo", "hi", "contig", "contig_div", "same", "ty_min",
           "ty_max", "ty_last", "DIV_CAP",
           "read_facts", "op_facts", "iota_facts", "param_facts", "type_facts", "int_range"]
