"""Nested `for` loops with a load and a store in the inner loop and a carried accumulator."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def nested_for(x, y, s, TM: ct.Constant[int], TN: ct.Constant[int]):
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for i in range(ct.num_tiles(x, axis=0, shape=(TM, TN))):
        for j in range(ct.num_tiles(x, axis=1, shape=(TM, TN))):
            t = ct.load(x, index=(i, j), shape=(TM, TN))
            ct.store(y, index=(i, j), tile=t * 3.0)
            acc = acc + t
    ct.store(s, index=(0, 0), tile=acc)


KERNEL = nested_for
SIGNATURE = signature(array(ct.float32, 2), array(ct.float32, 2), array(ct.float32, 2),
                      const(16), const(32))
