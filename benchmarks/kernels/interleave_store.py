"""De-interleave into one buffer: tile j of the even part goes to tile 2*j, tile j of the
odd part to tile 2*j+1 of the output (stores at a*j+b in the loop)."""
import cuda.tile as ct
from _suite_sig import array, const, signature

SITUATION = "stores at tile index 2*j and 2*j+1 in a loop"


@ct.kernel
def interleave_store(even, odd, out, BLOCK: ct.Constant[int], PER: ct.Constant[int]):
    g = ct.bid(0)
    for jj in range(PER):
        j = g * PER + jj
        a = ct.load(even, index=(j,), shape=(BLOCK,), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(odd, index=(j,), shape=(BLOCK,), padding_mode=ct.PaddingMode.ZERO)
        ct.store(out, index=(2 * j,), tile=a + b)
        ct.store(out, index=(2 * j + 1,), tile=a - b)


KERNEL = interleave_store
SIGNATURE = signature(array(ct.float32, 1), array(ct.float32, 1), array(ct.float32, 1),
                      const(64), const(2))
