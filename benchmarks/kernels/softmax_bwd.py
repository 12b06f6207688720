"""Softmax backward, in place: dx = y * (dy - sum(dy * y)) written over dy. dy and dx are
declared in one alias group (the caller may pass the same buffer)."""
import cuda.tile as ct
from _suite_sig import array, const, signature

SITUATION = "softmax backward: row dot product then an in-place update (alias group)"


@ct.kernel
def softmax_bwd(y, dy, dx, TN: ct.Constant[int]):
    r = ct.bid(0)
    ntiles = ct.num_tiles(y, axis=1, shape=(1, TN))
    dot = ct.zeros((1, TN), dtype=ct.float32)
    for t in range(ntiles):
        a = ct.load(y, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
        g = ct.load(dy, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
        dot = dot + a * g
    s = ct.sum(dot, axis=1, keepdims=True)
    for t in range(ntiles):
        a = ct.load(y, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
        g = ct.load(dy, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
        ct.store(dx, index=(r, t), tile=a * (g - s))


KERNEL = softmax_bwd
SIGNATURE = signature(array(ct.float32, 2), array(ct.float32, 2, alias=("g",)),
                      array(ct.float32, 2, alias=("g",)), const(64))
