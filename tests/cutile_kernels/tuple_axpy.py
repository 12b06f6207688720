"""A tuple parameter (calling convention v2): its items flatten in order."""
import cuda.tile as ct
from _sig import array, array_tuple, const, scalar, signature


@ct.kernel
def tuple_axpy(xs, y, BLOCK: ct.Constant[int]):
    g = ct.bid(0)
    a = ct.load(xs[0], index=(g,), shape=(BLOCK,))
    b = ct.load(xs[1], index=(g,), shape=(BLOCK,))
    ct.store(y, index=(g,), tile=a + b * xs[2])


KERNEL = tuple_axpy
SIGNATURE = signature(array_tuple(array(ct.float32, 1), array(ct.float32, 1), scalar(ct.float32)),
                      array(ct.float32, 1), const(128), version=2)
