"""Fused residual add + RMS norm, in place: residual += x, then x = norm(residual) * w.
x and residual are read and written in the same row; the out-buffer of the norm may be
the input itself (x and out share an alias group)."""
import cuda.tile as ct
from _suite_sig import array, const, scalar, signature

SITUATION = "in-place residual add and RMS norm (alias group on x and out)"


@ct.kernel
def fused_add_rmsnorm(x, residual, w, out, eps, TN: ct.Constant[int]):
    r = ct.bid(0)
    ntiles = ct.num_tiles(x, axis=1, shape=(1, TN))
    ss = ct.zeros((1, TN), dtype=ct.float32)
    for t in range(ntiles):
        h = ct.load(x, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO) + \
            ct.load(residual, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
        ct.store(residual, index=(r, t), tile=h)
        ss = ss + h * h
    inv = ct.rsqrt(ct.sum(ss, axis=1, keepdims=True) / x.shape[1] + eps)
    for t in range(ntiles):
        h = ct.load(residual, index=(r, t), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
        g = ct.load(w, index=(t,), shape=(TN,), padding_mode=ct.PaddingMode.ZERO)
        ct.store(out, index=(r, t), tile=h * inv * g[None, :])


KERNEL = fused_add_rmsnorm
SIGNATURE = signature(array(ct.float32, 2, alias=("xo",)), array(ct.float32, 2),
                      array(ct.float32, 1), array(ct.float32, 2, alias=("xo",)),
                      scalar(ct.float32), const(64))
