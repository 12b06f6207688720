"""Entry-parameter promises (`eqsat.analysis.params.array_params`) as e-graph facts:
sizes are never negative, sizes and strides are multiples of what the signature says,
and the contiguous stride is the constant 1, so address math by it folds away."""
from __future__ import annotations

from typing import Any

from egglog import set_, union

from eqsat.analysis.params import array_params
from eqsat.egraph import terms as T
from eqsat.egraph.analyses import div2, lo
from eqsat.egraph.encode import type_text


def seed_param_facts(enc: Any) -> int:
    """Insert the facts `array_params` finds into an encoded kernel's e-graph (the
    pointer's own alignment is inserted by the encoder); returns how many."""
    facts: list = []
    params = enc.kernel.params
    for arr in array_params(enc.kernel):
        def term(j: int) -> Any:
            return T.Param(j, T.Ty(type_text(params[j].type)))
        for j, d in zip(arr.shapes, arr.shape_div):
            facts.append(set_(lo(term(j))).to(0))          # sizes are never negative
            if d > 1:
                facts.append(set_(div2(term(j))).to(d))
        for j, d in zip(arr.strides, arr.stride_div):
            if d > 1:
                facts.append(set_(div2(term(j))).to(d))
        one = arr.contiguous_stride
        if one is not None:
            t = params[one].type
            facts.append(union(term(one)).with_(T.Const(T.Ty(type_text(t)), str(t.elem), 1)))
    if facts:
        enc.egraph.register(*facts)
    return len(facts)


__all__ = ["seed_param_facts"]
