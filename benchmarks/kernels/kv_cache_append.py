"""KV-cache append: new key and value rows are scattered to their cache slots (slot ids
per token), and the slot table is read once per block."""
import cuda.tile as ct
from _suite_sig import array, const, signature

SITUATION = "KV-cache append: two scatters per column tile to indexed rows"


@ct.kernel
def kv_cache_append(k_new, v_new, slots, k_cache, v_cache, RB: ct.Constant[int],
                    DB: ct.Constant[int]):
    b = ct.bid(0)
    rows = b * RB + ct.arange(RB, dtype=ct.int32)
    live = rows < k_new.shape[0]
    slot = ct.gather(slots, rows, mask=live, padding_value=0)
    for c in range(ct.num_tiles(k_new, axis=1, shape=(RB, DB))):
        col = c * DB + ct.arange(DB, dtype=ct.int32)
        kt = ct.load(k_new, index=(b, c), shape=(RB, DB), padding_mode=ct.PaddingMode.ZERO)
        vt = ct.load(v_new, index=(b, c), shape=(RB, DB), padding_mode=ct.PaddingMode.ZERO)
        ct.scatter(k_cache, (slot[:, None], col[None, :]), kt, mask=live[:, None])
        ct.scatter(v_cache, (slot[:, None], col[None, :]), vt, mask=live[:, None])


KERNEL = kv_cache_append
SIGNATURE = signature(array(ct.float16, 2), array(ct.float16, 2), array(ct.int32, 1),
                      array(ct.float16, 2), array(ct.float16, 2), const(8), const(32))
