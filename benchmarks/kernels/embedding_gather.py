"""Embedding lookup: a block of token ids gathers its rows of the table column tile by
column tile, scaled (as a model does by sqrt(d)) and stored contiguously."""
import cuda.tile as ct
from _suite_sig import array, const, scalar, signature

SITUATION = "embedding gather: ids loaded once, table rows gathered per column tile"


@ct.kernel
def embedding_gather(ids, table, out, scale, RB: ct.Constant[int], DB: ct.Constant[int]):
    b = ct.bid(0)
    tok = ct.load(ids, index=(b,), shape=(RB,), padding_mode=ct.PaddingMode.ZERO)
    for c in range(ct.num_tiles(out, axis=1, shape=(RB, DB))):
        col = c * DB + ct.arange(DB, dtype=ct.int32)
        rows = ct.gather(table, (tok[:, None], col[None, :]))
        ct.store(out, index=(b, c), tile=rows * scale)


KERNEL = embedding_gather
SIGNATURE = signature(array(ct.int32, 1), array(ct.float32, 2), array(ct.float32, 2),
                      scalar(ct.float32), const(16), const(32))
