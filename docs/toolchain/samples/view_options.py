"""Tensor-view and load/store options: a static-shape array (shape_constant, needs the
cutile_python_v2 calling convention), a column-major load (order="F" -> dim_map),
latency / allow_tma hints, padding modes, and relaxed/acquire/release orderings on
tiled loads/stores."""
import cuda.tile as ct
from cuda.tile.compilation import (ArrayConstraint, ConstantConstraint, KernelSignature,
                                   CallingConvention)


@ct.kernel
def view_options(x, s, y, TM: ct.Constant[int], TN: ct.Constant[int]):
    blk = ct.bid(0)
    a = ct.load(x, index=(blk, 0), shape=(TM, TN), order="F",
                padding_mode=ct.PaddingMode.NAN, latency=4, allow_tma=False)
    b = ct.load(s, index=(0, blk), shape=(TM, TN), padding_mode=ct.PaddingMode.POS_INF,
                memory_order=ct.MemoryOrder.ACQUIRE, memory_scope=ct.MemoryScope.DEVICE)
    ct.store(y, index=(0, blk), tile=a + b, latency=2, allow_tma=True,
             memory_order=ct.MemoryOrder.RELEASE, memory_scope=ct.MemoryScope.BLOCK)
    ct.store(y, index=(1, blk), tile=b, memory_order=ct.MemoryOrder.RELAXED,
             memory_scope=ct.MemoryScope.SYS)


def _arr(ndim, **kw):
    return ArrayConstraint(ct.float32, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False,
                           base_addr_divisible_by=16, **kw)


KERNEL = view_options
SIGNATURE = KernelSignature(
    [_arr(2, stride_constant=[None, 1]),
     _arr(2, shape_constant=[64, 256], stride_constant=[256, 1]),
     _arr(2, stride_constant=[None, 1], shape_divisible_by=[1, 16]),
     ConstantConstraint(16), ConstantConstraint(32)],
    calling_convention=CallingConvention.cutile_python_v2())
