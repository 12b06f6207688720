"""Tiled transpose with a nested loop: each block owns a band of rows and walks every
(row tile, column tile) pair of the band, storing the transposed tile at (j, i)."""
import cuda.tile as ct
from _suite_sig import array, const, signature

SITUATION = "transpose: nested for loops, store index swapped"


@ct.kernel
def transpose_nested(x, y, T: ct.Constant[int], BAND: ct.Constant[int]):
    band = ct.bid(0)
    for ii in range(BAND):
        i = band * BAND + ii
        for j in range(ct.num_tiles(x, axis=1, shape=(T, T))):
            v = ct.load(x, index=(i, j), shape=(T, T), padding_mode=ct.PaddingMode.ZERO)
            ct.store(y, index=(j, i), tile=ct.transpose(v))


KERNEL = transpose_nested
SIGNATURE = signature(array(ct.float32, 2), array(ct.float32, 2), const(16), const(2))
