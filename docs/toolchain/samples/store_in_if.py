"""A store inside an `if` (no loop), then an if/else that stores in both branches."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def store_in_if(x, y, z, TILE: ct.Constant[int]):
    blk = ct.bid(0)
    t = ct.load(x, index=(blk,), shape=(TILE,))
    if blk == 0:
        ct.store(y, index=(blk,), tile=t)
    if ct.sum(t) > 0.0:
        ct.store(z, index=(blk,), tile=t + 1.0)
    else:
        ct.store(z, index=(blk,), tile=t - 1.0)


KERNEL = store_in_if
SIGNATURE = signature(array(ct.float32, 1), array(ct.float32, 1), array(ct.float32, 1), const(128))
