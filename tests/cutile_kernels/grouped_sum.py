"""A list of arrays as one parameter (as grouped GEMM takes its operands): cuTile passes a
table of (base, size, stride) rows and its length."""
import cuda.tile as ct
from _sig import array, array_list, const, signature


@ct.kernel
def grouped_sum(xs, out, BLOCK: ct.Constant[int]):
    g = ct.bid(0)
    acc = ct.zeros((BLOCK,), dtype=ct.float32)
    for i in range(2):
        acc = acc + ct.load(xs[i], index=(g,), shape=(BLOCK,))
    ct.store(out, index=(g,), tile=acc)


KERNEL = grouped_sum
SIGNATURE = signature(array_list(ct.float32, 1), array(ct.float32, 1), const(128))
