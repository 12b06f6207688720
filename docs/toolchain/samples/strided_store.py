"""Stores at tile index 2*j+1 and 2*j inside a loop (two stores per iteration, injective
indices), plus a scatter at element index 2*k+1."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def strided_store(x, y, z, TILE: ct.Constant[int]):
    for j in range(ct.num_tiles(x, axis=0, shape=(TILE,))):
        t = ct.load(x, index=(j,), shape=(TILE,))
        ct.store(y, index=(2 * j + 1,), tile=t)
        ct.store(y, index=(2 * j,), tile=-t)
    k = ct.arange(TILE, dtype=ct.int32)
    ct.scatter(z, 2 * k + 1, ct.astype(k, ct.float32))


KERNEL = strided_store
SIGNATURE = signature(array(ct.float32, 1), array(ct.float32, 1), array(ct.float32, 1), const(128))
