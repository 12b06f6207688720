"""Fused MoE expert step: gather the token rows routed to this expert, multiply by the
expert's weight matrix with ct.mma, scale by the routing weight and scatter the rows
back to the tokens' output slots. Grid: (row blocks, experts)."""
import cuda.tile as ct
from _suite_sig import array, const, signature

SITUATION = "fused MoE: gather rows by index, mma with the expert weight, scatter rows"


@ct.kernel
def moe_gather_scatter(x, w, slot_token, slot_weight, expert_start, expert_count, out,
                       RB: ct.Constant[int], DK: ct.Constant[int], DN: ct.Constant[int]):
    blk = ct.bid(0)
    e = ct.bid(1)
    start = ct.gather(expert_start, e)
    count = ct.gather(expert_count, e)
    local = blk * RB + ct.arange(RB, dtype=ct.int32)
    live = local < count
    slot = start + local
    tok = ct.gather(slot_token, slot, mask=live, padding_value=0)
    rw = ct.gather(slot_weight, slot, mask=live, padding_value=0.0)
    for n in range(ct.cdiv(w.shape[2], DN)):
        ncol = n * DN + ct.arange(DN, dtype=ct.int32)
        acc = ct.zeros((RB, DN), dtype=ct.float32)
        for kk in range(ct.cdiv(x.shape[1], DK)):
            kcol = kk * DK + ct.arange(DK, dtype=ct.int32)
            rows = ct.gather(x, (tok[:, None], kcol[None, :]), mask=live[:, None])
            wt = ct.load(w, index=(e, kk, n), shape=(1, DK, DN), padding_mode=ct.PaddingMode.ZERO)
            acc = ct.mma(rows, ct.reshape(wt, (DK, DN)), acc)
        ct.scatter(out, (tok[:, None], ncol[None, :]), (acc * rw[:, None]).astype(out.dtype),
                   mask=live[:, None])


KERNEL = moe_gather_scatter
SIGNATURE = signature(array(ct.float16, 2), array(ct.float16, 3), array(ct.int32, 1),
                      array(ct.float32, 1), array(ct.int32, 1), array(ct.int32, 1),
                      array(ct.float32, 2), const(16), const(32), const(32))
