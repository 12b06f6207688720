"""GEMV y = A @ x + beta * y for a band of rows per block: x tiles are reloaded for every
column tile, y is read and written once."""
import cuda.tile as ct
from _suite_sig import array, const, scalar, signature

SITUATION = "GEMV with a read-modify-write of y"


@ct.kernel
def gemv_rows(a, x, y, beta, RB: ct.Constant[int], CB: ct.Constant[int]):
    b = ct.bid(0)
    acc = ct.zeros((RB, CB), dtype=ct.float32)
    for c in range(ct.num_tiles(a, axis=1, shape=(RB, CB))):
        t = ct.load(a, index=(b, c), shape=(RB, CB), padding_mode=ct.PaddingMode.ZERO)
        xv = ct.load(x, index=(c,), shape=(CB,), padding_mode=ct.PaddingMode.ZERO)
        acc = acc + t.astype(ct.float32) * xv[None, :]
    old = ct.load(y, index=(b,), shape=(RB,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(y, index=(b,), tile=ct.sum(acc, axis=1) + beta * old)


KERNEL = gemv_rows
SIGNATURE = signature(array(ct.float16, 2), array(ct.float32, 1), array(ct.float32, 1),
                      scalar(ct.float32), const(16), const(64))
