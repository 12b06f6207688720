"""Attention forward (one head per grid row): a query tile against key/value tiles with an
online softmax (running max and sum), fp16 in, fp32 accumulate, fp16 out."""
import cuda.tile as ct
from _suite_sig import array, const, scalar, signature

SITUATION = "attention forward: online softmax over K/V tiles, two mma per tile"


@ct.kernel
def attention_fwd(q, k, v, o, scale, TQ: ct.Constant[int], TKV: ct.Constant[int],
                  D: ct.Constant[int]):
    h = ct.bid(1)
    qb = ct.bid(0)
    tq = ct.load(q, index=(h, qb, 0), shape=(1, TQ, D), padding_mode=ct.PaddingMode.ZERO)
    tq = ct.reshape(tq, (TQ, D))
    m = ct.full((TQ, 1), -float("inf"), dtype=ct.float32)
    l = ct.zeros((TQ, 1), dtype=ct.float32)
    acc = ct.zeros((TQ, D), dtype=ct.float32)
    for j in range(ct.num_tiles(k, axis=1, shape=(1, TKV, D))):
        tk = ct.reshape(ct.load(k, index=(h, j, 0), shape=(1, TKV, D),
                                padding_mode=ct.PaddingMode.ZERO), (TKV, D))
        tv = ct.reshape(ct.load(v, index=(h, j, 0), shape=(1, TKV, D),
                                padding_mode=ct.PaddingMode.ZERO), (TKV, D))
        s = ct.mma(tq, ct.transpose(tk), ct.zeros((TQ, TKV), dtype=ct.float32)) * scale
        m_new = ct.maximum(m, ct.max(s, axis=1, keepdims=True))
        p = ct.exp(s - m_new)
        alpha = ct.exp(m - m_new)
        l = l * alpha + ct.sum(p, axis=1, keepdims=True)
        acc = ct.mma(p.astype(ct.float16), tv, acc * alpha)
        m = m_new
    out = (acc / l).astype(ct.float16)
    ct.store(o, index=(h, qb, 0), tile=ct.reshape(out, (1, TQ, D)))


KERNEL = attention_fwd
SIGNATURE = signature(array(ct.float16, 3), array(ct.float16, 3), array(ct.float16, 3),
                      array(ct.float16, 3), scalar(ct.float32), const(16), const(16), const(32))
