"""Entry-parameter promises (`eqsat.analysis.params.array_params`) as e-graph facts:
sizes are never negative, sizes and strides are multiples of what the signature says,
and the contiguous stride is the constant 1, so address math by it folds away."""
from __future__ import annotations

from typing import Any

from eqsat.analysis.params import array_params
from eqsat.egraph.builder import TermBuilder
from eqsat.egraph.analyses import div2, lo
from eqsat.egraph.encode import type_text
from eqsat.ir.core import Kernel
from eqsat.ir.types import TileType

def param_facts(mk: TermBuilder, kernel: Kernel) -> int:
    """The facts `array_params` finds, as commands of the term builder `mk` (run at its
    next flush: `encode(..., more_facts=param_facts)` runs them with the encoding; the
    pointer's own alignment is inserted by the encoder); returns how many."""
    params = kernel.params
    terms: dict[int, Any] = {}
    n = 0

    def term(j: int) -> Any:
        if j not in terms:
            terms[j] = mk.Param(j, type_text(params[j].type))
        return terms[j]

    for arr in array_params(kernel):
        for j, d in zip(arr.shapes, arr.shape_div):
            mk.set(lo, (term(j),), 0)                   # sizes are never negative
            n += 1
            if d > 1:
                mk.set(div2, (term(j),), d)
                n += 1
        for j, d in zip(arr.strides, arr.stride_div):
            if d > 1:
                mk.set(div2, (term(j),), d)
                n += 1
        one = arr.contiguous_stride
        if one is not None:
            t = params[one].type
            assert isinstance(t, TileType)              # a stride: a scalar integer tile
            mk.union(term(one), mk.Const(type_text(t), str(t.elem), 1))
            n += 1
    return n


__all__ = ["param_facts"]
