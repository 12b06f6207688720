"""Spin-lock reduction: every block sums its tile, takes a global lock with atomic_cas
(acquire) in a while loop, adds its sum into the running total and releases the lock
with atomic_xchg (release)."""
import cuda.tile as ct
from _suite_sig import array, const, signature

SITUATION = "spin-lock critical section: CAS acquire loop, plain load/store, release"


@ct.kernel
def spinlock_reduce(x, lock, total, BLOCK: ct.Constant[int]):
    g = ct.bid(0)
    v = ct.load(x, index=(g,), shape=(BLOCK,), padding_mode=ct.PaddingMode.ZERO)
    part = ct.sum(v, axis=0, keepdims=True)
    while ct.atomic_cas(lock, 0, 0, 1, memory_order=ct.MemoryOrder.ACQUIRE) == 1:
        pass
    cur = ct.load(total, index=(0,), shape=(1,))
    ct.store(total, index=(0,), tile=cur + part)
    ct.atomic_xchg(lock, 0, 0, memory_order=ct.MemoryOrder.RELEASE)


KERNEL = spinlock_reduce
SIGNATURE = signature(array(ct.float32, 1), array(ct.int32, 1), array(ct.float32, 1), const(128))
