"""Float math: sqrt, rsqrt, exp, exp2, log, log2, tanh, sin, cos, floor, ceil, abs, neg,
pow, atan2, truediv, min/max (with propagate_nan), fma-like mul/add with rounding modes,
flush_to_zero, isnan."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def float_ops(a, b, out, TILE: ct.Constant[int]):
    blk = ct.bid(0)
    x = ct.load(a, index=(blk,), shape=(TILE,))
    y = ct.load(b, index=(blk,), shape=(TILE,))
    r = ct.sqrt(x) + ct.rsqrt(y) + ct.exp(x) + ct.exp2(x, flush_to_zero=True)
    r = r + ct.log(x) + ct.log2(y) + ct.tanh(x) + ct.sin(x) + ct.cos(y)
    r = r + ct.floor(x) + ct.ceil(y) + ct.abs(y) + (-x) + ct.pow(x, y) + ct.atan2(x, y)
    r = r + x / y + ct.truediv(x, y, rounding_mode=ct.RoundingMode.APPROX)
    r = r + ct.minimum(x, y) + ct.maximum(x, y, propagate_nan=True)
    r = ct.add(r, ct.mul(x, y, rounding_mode=ct.RoundingMode.RZ), flush_to_zero=True)
    r = ct.sub(r, x % y)
    r = ct.where(ct.isnan(r), 0.0, r)
    ct.store(out, index=(blk,), tile=r)


KERNEL = float_ops
SIGNATURE = signature(array(ct.float32, 1), array(ct.float32, 1), array(ct.float32, 1), const(128))
