"""Rotary position embedding applied in place to q: the two halves of each head row are
rotated by the position's cos/sin. q_in and q_out share an alias group."""
import cuda.tile as ct
from _suite_sig import array, const, signature

SITUATION = "rotary embedding, in place (alias group), two loads and two stores per row"


@ct.kernel
def rope_inplace(q_in, cos, sin, q_out, RB: ct.Constant[int], H: ct.Constant[int]):
    b = ct.bid(0)
    c = ct.load(cos, index=(b, 0), shape=(RB, H), padding_mode=ct.PaddingMode.ZERO)
    s = ct.load(sin, index=(b, 0), shape=(RB, H), padding_mode=ct.PaddingMode.ZERO)
    for head in range(q_in.shape[1] // (2 * H)):
        lo = ct.load(q_in, index=(b, 2 * head), shape=(RB, H), padding_mode=ct.PaddingMode.ZERO)
        hi = ct.load(q_in, index=(b, 2 * head + 1), shape=(RB, H),
                     padding_mode=ct.PaddingMode.ZERO)
        ct.store(q_out, index=(b, 2 * head), tile=lo * c - hi * s)
        ct.store(q_out, index=(b, 2 * head + 1), tile=hi * c + lo * s)


KERNEL = rope_inplace
SIGNATURE = signature(array(ct.float32, 2, alias=("q",)), array(ct.float32, 2),
                      array(ct.float32, 2), array(ct.float32, 2, alias=("q",)),
                      const(8), const(16))
