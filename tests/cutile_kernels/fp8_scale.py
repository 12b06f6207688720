"""fp8 arrays in and out: f8E4M3FN loaded and widened, f8E5M2 stored."""
import cuda.tile as ct
from _sig import array, const, scalar, signature


@ct.kernel
def fp8_scale(x, y, s, BLOCK: ct.Constant[int]):
    g = ct.bid(0)
    t = ct.load(x, index=(g,), shape=(BLOCK,)).astype(ct.float32)
    ct.store(y, index=(g,), tile=(t * s).astype(ct.float8_e5m2))


KERNEL = fp8_scale
SIGNATURE = signature(array(ct.float8_e4m3fn, 1), array(ct.float8_e5m2, 1), scalar(ct.float32),
                      const(128))
