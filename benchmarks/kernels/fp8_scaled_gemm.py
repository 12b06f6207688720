"""fp8 block-scaled GEMM: e4m3 operands with e8m0 scales, one scale per 32 elements of K,
accumulated in fp32 with ct.mma_scaled and stored as bf16."""
import cuda.tile as ct
from _suite_sig import array, const, signature

SITUATION = "fp8 block-scaled GEMM (mma_scaled, e4m3 x e8m0 scales)"
GPU = "sm_100"  # cuTile 1.7 rejects float8_e8m0fnu on sm_90


@ct.kernel
def fp8_scaled_gemm(a, a_scale, b, b_scale, c, TM: ct.Constant[int], TN: ct.Constant[int],
                    TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, axis=1, shape=(TM, TK))):
        ta = ct.load(a, index=(bm, k), shape=(TM, TK), padding_mode=ct.PaddingMode.ZERO)
        sa = ct.load(a_scale, index=(bm, k), shape=(TM, TK // 32))
        tb = ct.load(b, index=(k, bn), shape=(TK, TN), padding_mode=ct.PaddingMode.ZERO)
        sb = ct.load(b_scale, index=(k, bn), shape=(TK // 32, TN))
        acc = ct.mma_scaled(ta, sa, tb, sb, acc)
    ct.store(c, index=(bm, bn), tile=acc.astype(ct.bfloat16))


KERNEL = fp8_scaled_gemm
SIGNATURE = signature(array(ct.float8_e4m3fn, 2), array(ct.float8_e8m0fnu, 2),
                      array(ct.float8_e4m3fn, 2), array(ct.float8_e8m0fnu, 2),
                      array(ct.bfloat16, 2), const(32), const(32), const(64))
