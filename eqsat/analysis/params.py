"""Entry-parameter attributes as e-graph facts (issue 6, item 1).

The cuTile front end states what a signature promises on each array's pointer
parameter (`{div_by = 16, shape_div_by = [1, 8], stride_div_by = [8, 1],
contiguous = true}`, see `eqsat.frontend.facts`); under cuTile's calling convention
the pointer is followed by the array's sizes and then its strides. `array_params`
finds those parameters; `eqsat.egraph.params.param_facts` turns the promises into
analysis facts on them (sizes are never negative; sizes and strides are multiples of what the
signature says), and makes the contiguous stride *equal* to the constant 1 in the
e-graph, so `muli(x, stride)` on the contiguous axis folds to `x` by the ordinary
`muli-one` rule and the address math of gathers and scatters loses a multiply.

The analysis rules (`rules/analysis.py`) carry these facts through the program;
`eqsat.passes.assumes` writes what they prove back into the output as `assume` ops.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eqsat.ir.core import Kernel
from eqsat.ir.types import INT_WIDTHS, PointerType, TileType
from eqsat.analysis.signature import array_layouts


@dataclass(frozen=True)
class ArrayParams:
    """One array's entry parameters (indices into `kernel.params`) and its promises."""
    ptr: int
    shapes: tuple[int, ...]
    strides: tuple[int, ...]
    base_div: int                   # bytes; 1 = nothing promised
    shape_div: tuple[int, ...]      # elements, per dimension
    stride_div: tuple[int, ...]
    contiguous: bool                # the last stride is exactly 1

    @property
    def contiguous_stride(self) -> int | None:
        """The parameter that is the constant 1, if any."""
        return self.strides[-1] if self.contiguous and self.strides else None


def pow2_factor(n: Any) -> int:
    """The largest power of two dividing a positive int (1 for anything else): the part
    of a divisibility promise the analyses can use."""
    if type(n) is not int or n <= 0:
        return 1
    return n & -n


def _is_index(t: Any) -> bool:
    return isinstance(t, TileType) and t.shape == () and t.elem in INT_WIDTHS


def array_params(kernel: Kernel) -> list[ArrayParams]:
    """Arrays whose pointer parameter carries front-end facts, or whose entry is named by
    a cuTile mangled symbol (the symbol states the same facts), and is followed by its
    sizes and strides (cuTile's calling convention). A pointer whose attributes name no
    rank, or whose following parameters are not scalar integers, promises only its
    alignment and is not listed."""
    out: list[ArrayParams] = []
    ps = kernel.params
    symbol = array_layouts(kernel)       # a cuTile entry name states the same facts
    for i, p in enumerate(ps):
        t = p.type
        if not (isinstance(t, TileType) and t.shape == () and isinstance(t.elem, PointerType)):
            continue
        sd = p.attrs.get("shape_div_by")
        if (not isinstance(sd, (tuple, list)) or not sd) and i in symbol:
            info = symbol[i].info
            out.append(ArrayParams(
                ptr=i, shapes=symbol[i].shapes, strides=symbol[i].strides,
                base_div=pow2_factor(info.base_divisible_by),
                shape_div=tuple(pow2_factor(x) for x in info.shape_divisible_by),
                stride_div=tuple(pow2_factor(x) for x in info.stride_divisible_by),
                contiguous=bool(info.stride_constant) and info.stride_constant[-1] == 1))
            continue
        if not isinstance(sd, (tuple, list)) or not sd:
            continue
        n = len(sd)
        idx = list(range(i + 1, i + 1 + 2 * n))
        if idx[-1] >= len(ps) or not all(_is_index(ps[j].type) for j in idx):
            continue
        td = p.attrs.get("stride_div_by")
        td = tuple(td) if isinstance(td, (tuple, list)) and len(td) == n else (1,) * n
        out.append(ArrayParams(
            ptr=i, shapes=tuple(idx[:n]), strides=tuple(idx[n:]),
            base_div=pow2_factor(p.attrs.get("div_by", 1)),
            shape_div=tuple(pow2_factor(x) for x in sd),
            stride_div=tuple(pow2_factor(x) for x in td),
            contiguous=p.attrs.get("contiguous") is True))
    return out


__all__ = ["ArrayParams", "array_params", "pow2_factor"]
