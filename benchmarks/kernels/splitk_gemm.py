"""Split-K GEMM: grid (M tiles, N tiles, splits); each block multiplies its share of the
K tiles and adds the partial product into C with an atomic add."""
import cuda.tile as ct
from _suite_sig import array, const, signature

SITUATION = "split-K GEMM: partial products combined with atomic_add"


@ct.kernel
def splitk_gemm(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    s = ct.bid(2)
    splits = ct.num_blocks(2)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(s, ct.num_tiles(a, axis=1, shape=(TM, TK)), splits):
        ta = ct.load(a, index=(bm, k), shape=(TM, TK), padding_mode=ct.PaddingMode.ZERO)
        tb = ct.load(b, index=(k, bn), shape=(TK, TN), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(ta, tb, acc)
    rows = bm * TM + ct.arange(TM, dtype=ct.int32)
    cols = bn * TN + ct.arange(TN, dtype=ct.int32)
    ct.atomic_add(c, (rows[:, None], cols[None, :]), acc)


KERNEL = splitk_gemm
SIGNATURE = signature(array(ct.float16, 2), array(ct.float16, 2), array(ct.float32, 2),
                      const(32), const(32), const(32))
