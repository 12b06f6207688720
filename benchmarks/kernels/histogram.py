"""Histogram: each block bins a tile of values (clamped to [0, bins)) and adds ones to
the bin counters with atomic adds, looping over its tiles with a num_blocks stride."""
import cuda.tile as ct
from _suite_sig import array, const, signature

SITUATION = "histogram: atomic_add at data-dependent bins in a grid-stride loop"


@ct.kernel
def histogram(x, hist, BLOCK: ct.Constant[int]):
    nbins = hist.shape[0]
    for t in range(ct.bid(0), ct.num_tiles(x, axis=0, shape=(BLOCK,)), ct.num_blocks(0)):
        idx = t * BLOCK + ct.arange(BLOCK, dtype=ct.int32)
        live = idx < x.shape[0]
        v = ct.load(x, index=(t,), shape=(BLOCK,), padding_mode=ct.PaddingMode.ZERO)
        b = ct.minimum(ct.maximum(v, 0), nbins - 1)
        ct.atomic_add(hist, b, ct.where(live, 1, 0))


KERNEL = histogram
SIGNATURE = signature(array(ct.int32, 1), array(ct.int32, 1), const(64))
