"""2-D gather/scatter with masks and a padding value, plus check_bounds=False."""
import cuda.tile as ct
from _sig import array, const, scalar, signature


@ct.kernel
def gather_scatter_2d(x, rows, y, n, TM: ct.Constant[int], TN: ct.Constant[int]):
    r = ct.load(rows, index=(ct.bid(0),), shape=(TM,))
    cols = ct.arange(TN, dtype=ct.int32)
    ri = ct.expand_dims(r, 1)
    ci = ct.expand_dims(cols, 0)
    m = ri >= 0
    v = ct.gather(x, (ri, ci), mask=m, padding_value=-1.0)
    ct.scatter(y, (ri, ci), v * 2.0, mask=(ci < n) & m)
    w = ct.gather(x, (ri, ci), check_bounds=False)
    ct.scatter(y, (ri, ci + TN), w, check_bounds=False)


KERNEL = gather_scatter_2d
SIGNATURE = signature(array(ct.float32, 2), array(ct.int32, 1), array(ct.float32, 2),
                      scalar(ct.int32), const(16), const(32))
