"""Reductions other than sum: max/min (f32 and i32), prod, argmax, custom reduce, keepdims."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def reduce_ops(x, xi, y, yi, TM: ct.Constant[int], TN: ct.Constant[int]):
    blk = ct.bid(0)
    t = ct.load(x, index=(blk, 0), shape=(TM, TN))
    ti = ct.load(xi, index=(blk, 0), shape=(TM, TN))
    mx = ct.max(t, axis=1)
    mn = ct.min(t, axis=1)
    pr = ct.prod(t, axis=1)
    am = ct.argmax(t, axis=1)
    cr = ct.reduce(t, 1, lambda a, b: a + b * b, 0.0)
    ct.store(y, index=(blk,), tile=mx + mn + pr + cr)
    imx = ct.max(ti, axis=1)
    imn = ct.min(ti, axis=1, keepdims=True)
    ct.store(yi, index=(blk,), tile=imx + am + ct.reshape(imn, (TM,)))


KERNEL = reduce_ops
SIGNATURE = signature(array(ct.float32, 2), array(ct.int32, 2), array(ct.float32, 1),
                      array(ct.int32, 1), const(16), const(32))
