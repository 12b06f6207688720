"""`while` loop with a data-dependent exit (break) and a `continue`."""
import cuda.tile as ct
from _sig import array, const, scalar, signature


@ct.kernel
def while_loop(x, y, n, TILE: ct.Constant[int]):
    blk = ct.bid(0)
    acc = ct.zeros((TILE,), dtype=ct.float32)
    i = 0
    while i < n:
        t = ct.load(x, index=(i,), shape=(TILE,))
        i = i + 1
        if ct.sum(t) < 0.0:
            continue
        acc = acc + t
        if ct.max(acc) > 100.0:
            break
    ct.store(y, index=(blk,), tile=acc)


KERNEL = while_loop
SIGNATURE = signature(array(ct.float32, 1), array(ct.float32, 1), scalar(ct.int32), const(128))
