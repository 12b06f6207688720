"""Scans: cumsum (f32, forward), cumsum (i32, reverse), cumprod, custom scan (max)."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def scan_ops(x, xi, y, yi, TILE: ct.Constant[int]):
    blk = ct.bid(0)
    t = ct.load(x, index=(blk,), shape=(TILE,))
    ti = ct.load(xi, index=(blk,), shape=(TILE,))
    a = ct.cumsum(t)
    b = ct.cumsum(ti, reverse=True)
    c = ct.cumprod(t)
    d = ct.scan(t, 0, lambda p, q: ct.maximum(p, q), -1.0e30)
    ct.store(y, index=(blk,), tile=a + c + d)
    ct.store(yi, index=(blk,), tile=b)


KERNEL = scan_ops
SIGNATURE = signature(array(ct.float32, 1), array(ct.int32, 1), array(ct.float32, 1),
                      array(ct.int32, 1), const(128))
