"""Sums in the 64-bit types: tileirdisasm writes their reductions' identities without a
type (`identities=[0.000000e+00]`, `[0]`), MLIR's defaults f64 and i64."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def rowsum_f64(x, n, y, m, TN: ct.Constant[int]):
    r = ct.bid(0)
    v = ct.load(x, index=(r, 0), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
    ct.store(y, index=(r,), tile=ct.sum(v, axis=1))
    c = ct.load(n, index=(r, 0), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
    ct.store(m, index=(r,), tile=ct.sum(c, axis=1))


KERNEL = rowsum_f64
SIGNATURE = signature(array(ct.float64, 2), array(ct.int64, 2), array(ct.float64, 1),
                      array(ct.int64, 1), const(32))
