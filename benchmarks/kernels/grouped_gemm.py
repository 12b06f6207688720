"""Grouped GEMM: lists of A, B and C arrays; grid axis 1 picks the problem, axis 0 walks
its output tiles (row-major over the tile grid of that problem's C)."""
import cuda.tile as ct
from _suite_sig import array_list, const, signature

SITUATION = "grouped GEMM over lists of arrays"


@ct.kernel
def grouped_gemm(as_, bs, cs, TM: ct.Constant[int], TN: ct.Constant[int],
                 TK: ct.Constant[int]):
    g = ct.bid(1)
    a = as_[g]
    b = bs[g]
    c = cs[g]
    tiles_n = ct.num_tiles(c, axis=1, shape=(TM, TN))
    t = ct.bid(0)
    bm = t // tiles_n
    bn = t % tiles_n
    if bm < ct.num_tiles(c, axis=0, shape=(TM, TN)):
        acc = ct.zeros((TM, TN), dtype=ct.float32)
        for k in range(ct.num_tiles(a, axis=1, shape=(TM, TK))):
            ta = ct.load(a, index=(bm, k), shape=(TM, TK), padding_mode=ct.PaddingMode.ZERO)
            tb = ct.load(b, index=(k, bn), shape=(TK, TN), padding_mode=ct.PaddingMode.ZERO)
            acc = ct.mma(ta, tb, acc)
        ct.store(c, index=(bm, bn), tile=acc.astype(c.dtype))


KERNEL = grouped_gemm
SIGNATURE = signature(array_list(ct.float16, 2), array_list(ct.float16, 2),
                      array_list(ct.float16, 2), const(32), const(32), const(32))
