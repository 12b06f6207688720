"""`for` loop whose body starts with `if cond: continue` before a load and a store."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def for_if_continue(flags, x, y, TILE: ct.Constant[int]):
    row = ct.bid(0)
    for j in range(ct.num_tiles(x, axis=1, shape=(1, TILE))):
        f = ct.gather(flags, j)
        if f == 0:
            continue
        t = ct.load(x, index=(row, j), shape=(1, TILE))
        ct.store(y, index=(row, j), tile=t * 2.0)


KERNEL = for_if_continue
SIGNATURE = signature(array(ct.int32, 1), array(ct.float32, 2), array(ct.float32, 2), const(64))
