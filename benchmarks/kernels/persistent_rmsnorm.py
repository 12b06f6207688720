"""Persistent RMS norm: each block takes rows bid, bid + num_blocks, ...; a row is read
twice in column tiles (sum of squares, then scale by rsqrt and the weight)."""
import cuda.tile as ct
from _suite_sig import array, const, scalar, signature

SITUATION = "persistent norm: row loop strided by num_blocks, two column loops per row"


@ct.kernel
def persistent_rmsnorm(x, w, y, eps, TN: ct.Constant[int]):
    rows = x.shape[0]
    ntiles = ct.num_tiles(x, axis=1, shape=(1, TN))
    for r in range(ct.bid(0), rows, ct.num_blocks(0)):
        ss = ct.zeros((1, TN), dtype=ct.float32)
        for t in range(ntiles):
            v = ct.load(x, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
            ss = ss + v * v
        inv = ct.rsqrt(ct.sum(ss, axis=1, keepdims=True) / x.shape[1] + eps)
        for t in range(ntiles):
            v = ct.load(x, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
            g = ct.load(w, index=(t,), shape=(TN,), padding_mode=ct.PaddingMode.ZERO)
            ct.store(y, index=(r, t), tile=v * inv * g[None, :])


KERNEL = persistent_rmsnorm
SIGNATURE = signature(array(ct.float32, 2), array(ct.float32, 1), array(ct.float32, 2),
                      scalar(ct.float32), const(64))
