"""Odds and ends: a tiled view (Array.tiled_view) with .load/.store and atomic_store_add
(-> atomic_red_view_tko?), a strided tiled view (traversal_steps), integer abs, tan/sinh/cosh,
argmin, bitwise_not on bool, and the array's runtime shape."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def misc_ops(x, xi, acc, y, TILE: ct.Constant[int]):
    blk = ct.bid(0)
    tv = x.tiled_view((TILE,))
    t = tv.load((blk,))
    i = ct.load(xi, index=(blk,), shape=(TILE,))
    r = ct.tan(t) + ct.sinh(t) + ct.cosh(t) + ct.astype(ct.abs(i), ct.float32)
    r = ct.where(~(t > 0.0), r, 0.0)
    r = r + ct.astype(ct.argmin(t), ct.float32) + ct.astype(x.shape[0], ct.float32)
    acc.tiled_view((TILE,)).atomic_store_add((blk,), r)
    sv = y.tiled_view((TILE,), traversal_steps=(2 * TILE,))
    sv.store((blk,), r)


KERNEL = misc_ops
SIGNATURE = signature(array(ct.float32, 1), array(ct.int32, 1), array(ct.float32, 1),
                      array(ct.float32, 1), const(128))
