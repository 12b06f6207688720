"""Persistent grouped GEMM: each block walks the groups in turn and, in each, the output
tiles it owns (a strided loop), loading from the A and B lists and storing to the C list
inside loops: the pattern whose list arrays need cuTile's alias contract to drop
orderings across iterations."""
import cuda.tile as ct
from _sig import array_list, const, signature


@ct.kernel
def grouped_gemm_persistent(as_, bs, cs, GROUPS: ct.Constant[int], TM: ct.Constant[int],
                            TN: ct.Constant[int], TK: ct.Constant[int]):
    pid = ct.bid(0)
    blocks = ct.num_blocks(0)
    for g in range(GROUPS):
        a = as_[g]
        b = bs[g]
        c = cs[g]
        tiles_n = ct.num_tiles(c, axis=1, shape=(TM, TN))
        tiles = ct.num_tiles(c, axis=0, shape=(TM, TN)) * tiles_n
        for t in range(pid, tiles, blocks):
            bm = t // tiles_n
            bn = t % tiles_n
            acc = ct.zeros((TM, TN), dtype=ct.float32)
            for k in range(ct.num_tiles(a, axis=1, shape=(TM, TK))):
                ta = ct.load(a, index=(bm, k), shape=(TM, TK), padding_mode=ct.PaddingMode.ZERO)
                tb = ct.load(b, index=(k, bn), shape=(TK, TN), padding_mode=ct.PaddingMode.ZERO)
                acc = ct.mma(ta, tb, acc)
            ct.store(c, index=(bm, bn), tile=acc.astype(c.dtype))


KERNEL = grouped_gemm_persistent
SIGNATURE = signature(array_list(ct.float16, 2), array_list(ct.float16, 2),
                      array_list(ct.float16, 2), const(3), const(32), const(32), const(32))
