"""Pointer gather and scatter with a latency hint (load_ptr_tko / store_ptr_tko with
optimization_hints)."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def gather_hints(x, idx, y, BLOCK: ct.Constant[int]):
    g = ct.bid(0)
    i = ct.load(idx, index=(g,), shape=(BLOCK,))
    v = ct.gather(x, i, latency=1)
    ct.scatter(y, i, v * v, latency=1)


KERNEL = gather_hints
SIGNATURE = signature(array(ct.float32, 1), array(ct.int32, 1), array(ct.float32, 1), const(128))
