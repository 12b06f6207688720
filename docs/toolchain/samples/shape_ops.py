"""Shape ops: where/select, permute, transpose, reshape, expand_dims, broadcast_to, extract,
cat (ct.insert needs bytecode >= 13.4, so it is left out)."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def shape_ops(x, y, z, TM: ct.Constant[int], TN: ct.Constant[int]):
    blk = ct.bid(0)
    t = ct.load(x, index=(blk, 0), shape=(TM, TN))
    s = ct.where(t > 0.0, t, 0.0)
    p = ct.permute(s, (1, 0))
    q = ct.transpose(p)
    r = ct.reshape(q, (TM * TN,))
    e = ct.expand_dims(ct.sum(t, axis=1), 1)
    b = ct.broadcast_to(e, (TM, TN))
    half = ct.extract(t, (0, 1), shape=(TM, TN // 2))
    c = ct.cat((half, half), 1)
    ins = c  # ct.insert needs bytecode 13.4; not available at 13.3
    ct.store(y, index=(blk, 0), tile=q + b + ins)
    ct.store(z, index=(blk,), tile=r)


KERNEL = shape_ops
SIGNATURE = signature(array(ct.float32, 2), array(ct.float32, 2), array(ct.float32, 1),
                      const(16), const(32))
