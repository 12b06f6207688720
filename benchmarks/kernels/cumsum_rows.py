"""Cumulative sum along each row: column tiles scanned left to right, the running total
carried from tile to tile."""
import cuda.tile as ct
from _suite_sig import array, const, signature

SITUATION = "cumulative sum: ct.cumsum per tile with a carried row total"


@ct.kernel
def cumsum_rows(x, y, TN: ct.Constant[int]):
    r = ct.bid(0)
    carry = ct.zeros((1, 1), dtype=ct.float32)
    for t in range(ct.num_tiles(x, axis=1, shape=(1, TN))):
        v = ct.load(x, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
        c = ct.cumsum(v, axis=1) + carry
        ct.store(y, index=(r, t), tile=c)
        carry = ct.extract(c, index=(0, TN - 1), shape=(1, 1))


KERNEL = cumsum_rows
SIGNATURE = signature(array(ct.float32, 2), array(ct.float32, 2), const(32))
