"""Two stores per loop iteration: a gated activation writes both the activation and the
gate (saved for the backward pass) for every column tile of its row."""
import cuda.tile as ct
from _suite_sig import array, const, signature

SITUATION = "two stores per loop iteration to two outputs"


@ct.kernel
def two_stores_loop(x, g, act, gate, TN: ct.Constant[int]):
    r = ct.bid(0)
    for t in range(ct.num_tiles(x, axis=1, shape=(1, TN))):
        v = ct.load(x, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
        u = ct.load(g, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
        s = 1.0 / (1.0 + ct.exp(-u))
        ct.store(gate, index=(r, t), tile=s)
        ct.store(act, index=(r, t), tile=v * u * s)


KERNEL = two_stores_loop
SIGNATURE = signature(array(ct.float32, 2), array(ct.float32, 2), array(ct.float32, 2),
                      array(ct.float32, 2), const(64))
