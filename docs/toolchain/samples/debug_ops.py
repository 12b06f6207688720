"""Debug ops: ct.printf and ct.assert_ (and a 2-D grid: bid(1), num_blocks(1))."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def debug_ops(x, TILE: ct.Constant[int]):
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    ct.printf("blk %d of %d: %f\n", ct.bid(1), ct.num_blocks(1), ct.sum(t))
    ct.assert_(ct.min(t) >= 0.0, "negative input")


KERNEL = debug_ops
SIGNATURE = signature(array(ct.float32, 1), const(128))
