"""Persistent GEMM: a fixed grid walks the output tiles with a num_blocks stride; each
tile accumulates A @ B over K with ct.mma (fp16 in, fp32 accumulate and out)."""
import cuda.tile as ct
from _suite_sig import array, const, signature

SITUATION = "persistent GEMM: tile loop strided by num_blocks around a K loop"


@ct.kernel
def persistent_gemm(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
                    TK: ct.Constant[int]):
    tiles_m = ct.num_tiles(c, axis=0, shape=(TM, TN))
    tiles_n = ct.num_tiles(c, axis=1, shape=(TM, TN))
    ktiles = ct.num_tiles(a, axis=1, shape=(TM, TK))
    for t in range(ct.bid(0), tiles_m * tiles_n, ct.num_blocks(0)):
        bm = t // tiles_n
        bn = t % tiles_n
        acc = ct.zeros((TM, TN), dtype=ct.float32)
        for k in range(ktiles):
            ta = ct.load(a, index=(bm, k), shape=(TM, TK), padding_mode=ct.PaddingMode.ZERO)
            tb = ct.load(b, index=(k, bn), shape=(TK, TN), padding_mode=ct.PaddingMode.ZERO)
            acc = ct.mma(ta, tb, acc)
        ct.store(c, index=(bm, bn), tile=acc)


KERNEL = persistent_gemm
SIGNATURE = signature(array(ct.float16, 2), array(ct.float16, 2), array(ct.float32, 2),
                      const(32), const(32), const(32))
