"""Integer arithmetic: shifts, rem/mod, floordiv, cdiv, min/max, and/or/xor/not, negation,
comparisons (signed and unsigned), on i32 and u32 tiles."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def int_ops(a, b, u, out, uout, TILE: ct.Constant[int]):
    blk = ct.bid(0)
    x = ct.load(a, index=(blk,), shape=(TILE,))
    y = ct.load(b, index=(blk,), shape=(TILE,))
    z = ct.load(u, index=(blk,), shape=(TILE,))
    r = (x << 2) + (y >> 1) + (x % y) + (x // y) + ct.cdiv(x, y)
    r = r + ct.minimum(x, y) + ct.maximum(x, y)
    r = r + ((x & y) | (x ^ 5)) + (~y) + (-x) + x * y - y
    r = ct.where(x < y, r, r + 1)
    ct.store(out, index=(blk,), tile=r)
    w = (z >> 3) + (z % 7) + ct.maximum(z, z)  # unsigned z // z: see README (divi verifier error)
    w = ct.where(z > w, w, z)
    ct.store(uout, index=(blk,), tile=w)


KERNEL = int_ops
SIGNATURE = signature(array(ct.int32, 1), array(ct.int32, 1), array(ct.uint32, 1),
                      array(ct.int32, 1), array(ct.uint32, 1), const(128))
