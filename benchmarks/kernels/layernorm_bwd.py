"""Layer-norm backward for one row per block: recompute mean and rstd from x, form dx
from dy, and accumulate the per-column weight and bias gradients with atomic adds."""
import cuda.tile as ct
from _suite_sig import array, const, scalar, signature

SITUATION = "layer-norm backward: three column loops per row, dw/db atomics"


@ct.kernel
def layernorm_bwd(x, dy, w, dx, dw, db, eps, TN: ct.Constant[int]):
    r = ct.bid(0)
    n = x.shape[1]
    ntiles = ct.num_tiles(x, axis=1, shape=(1, TN))
    s1 = ct.zeros((1, TN), dtype=ct.float32)
    s2 = ct.zeros((1, TN), dtype=ct.float32)
    for t in range(ntiles):
        v = ct.load(x, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
        s1 = s1 + v
        s2 = s2 + v * v
    mean = ct.sum(s1, axis=1, keepdims=True) / n
    rstd = ct.rsqrt(ct.sum(s2, axis=1, keepdims=True) / n - mean * mean + eps)
    c1 = ct.zeros((1, TN), dtype=ct.float32)
    c2 = ct.zeros((1, TN), dtype=ct.float32)
    for t in range(ntiles):
        v = ct.load(x, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
        g = ct.load(dy, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
        wt = ct.load(w, index=(t,), shape=(TN,), padding_mode=ct.PaddingMode.ZERO)[None, :]
        xhat = (v - mean) * rstd
        c1 = c1 + g * wt * xhat
        c2 = c2 + g * wt
    m1 = ct.sum(c1, axis=1, keepdims=True) / n
    m2 = ct.sum(c2, axis=1, keepdims=True) / n
    for t in range(ntiles):
        v = ct.load(x, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
        g = ct.load(dy, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
        wt = ct.load(w, index=(t,), shape=(TN,), padding_mode=ct.PaddingMode.ZERO)[None, :]
        xhat = (v - mean) * rstd
        ct.store(dx, index=(r, t), tile=(g * wt - (xhat * m1 + m2)) * rstd)
        cols = t * TN + ct.arange(TN, dtype=ct.int32)
        ct.atomic_add(dw, cols, ct.reshape(g * xhat, (TN,)))
        ct.atomic_add(db, cols, ct.reshape(g, (TN,)))


KERNEL = layernorm_bwd
SIGNATURE = signature(array(ct.float32, 2), array(ct.float32, 2), array(ct.float32, 1),
                      array(ct.float32, 2), array(ct.float32, 1), array(ct.float32, 1),
                      scalar(ct.float32), const(64))
