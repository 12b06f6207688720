"""MoE down-projection combine: scatter expert-output rows back to their token rows.

Grid: (row-blocks,). After the experts' down projection, row `r` of `y` (the
expert-ordered outputs) belongs to token `dest[r]` with routing weight `w[r]`.
Each block takes RB rows, multiplies them by their weights and writes them with a
2-D `ct.scatter` to rows `dest[r]` of the contiguous bf16 output, column tile by
column tile. Rows past `count` are masked off.

The signature promises what a real caller guarantees and cuTile cannot use for a
scatter: 16-byte-aligned bases, a unit inner stride, and row strides that are
multiples of 8 elements (16 bytes of bf16), with the hidden size a multiple of 8.
Every run of 8 columns of one output row then starts 16-byte aligned, which lets
each thread store 128 bits at once, if the Tile IR says so.

    eqsat cutile examples/moe_scatter.py --optimize    # our IR, assumes placed
    eqsat cutile examples/moe_scatter.py --compare     # SASS beside cuTile's
    python benchmarks/bench_facts.py --only moe_scatter  # with / without the assumes

`moe_scatter.seq.mlir` is what eqsat's front end imports (program order, the
signature's facts on the array parameters); `moe_scatter.json` is an inputs spec that
keeps the signature's promises (its output rows are padded to a stride of 264).
"""
import cuda.tile as ct
from cuda.tile.compilation import (ArrayConstraint, CallingConvention, ConstantConstraint,
                                   KernelSignature, ScalarConstraint)


@ct.kernel
def moe_scatter(y, w, dest, out, count, RB: ct.Constant[int], DB: ct.Constant[int]):
    blk = ct.bid(0)
    rows = blk * RB + ct.arange(RB, dtype=ct.int32)
    live = rows < count
    to = ct.gather(dest, rows, mask=live, padding_value=0)
    wgt = ct.gather(w, rows, mask=live, padding_value=0.0)
    hidden = out.shape[1]
    for c in range(ct.cdiv(hidden, DB)):
        cols = c * DB + ct.arange(DB, dtype=ct.int32)
        part = ct.gather(y, (rows[:, None], cols[None, :]), mask=live[:, None])
        scaled = part.astype(ct.float32) * wgt[:, None]
        ct.scatter(out, (to[:, None], cols[None, :]), scaled.astype(out.dtype),
                   mask=live[:, None])


def _array(dtype, ndim, **kw):
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False,
                           stride_constant=[None] * (ndim - 1) + [1],
                           base_addr_divisible_by=16, **kw)


def _rows(dtype):
    """A row-major 2-D array whose rows start 16-byte aligned: row stride and row
    length multiples of 8 elements."""
    return _array(dtype, 2, stride_divisible_by=[8, 1], shape_divisible_by=[1, 8])


KERNEL = moe_scatter
SIGNATURE = KernelSignature(
    [_rows(ct.bfloat16), _array(ct.float32, 1), _array(ct.int32, 1), _rows(ct.bfloat16),
     ScalarConstraint(ct.int32), ConstantConstraint(32), ConstantConstraint(128)],
    calling_convention=CallingConvention.cutile_python_v1())
