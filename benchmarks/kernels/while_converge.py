"""Data-dependent while loop: each block halves its tile until every element is below a
threshold (or a step budget runs out), then stores the tile and the step count."""
import cuda.tile as ct
from _suite_sig import array, const, scalar, signature

SITUATION = "while loop with a data-dependent exit"


@ct.kernel
def while_converge(x, y, steps, thresh, BLOCK: ct.Constant[int]):
    g = ct.bid(0)
    v = ct.load(x, index=(g,), shape=(BLOCK,), padding_mode=ct.PaddingMode.ZERO)
    n = 0
    while ct.max(ct.abs(v), axis=0) > thresh and n < 32:
        v = v * 0.5
        n = n + 1
    ct.store(y, index=(g,), tile=v)
    ct.store(steps, index=(g,), tile=ct.full((1,), n, dtype=ct.int32))


KERNEL = while_converge
SIGNATURE = signature(array(ct.float32, 1), array(ct.float32, 1), array(ct.int32, 1),
                      scalar(ct.float32), const(64))
