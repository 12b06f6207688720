"""Spin lock: acquire with atomic_cas in a `while True` loop with break, guarded
load/store of another array, release with atomic_xchg."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def spin_lock(lock, data, out, TILE: ct.Constant[int]):
    blk = ct.bid(0)
    while True:
        old = ct.atomic_cas(lock, 0, 0, 1, memory_order=ct.MemoryOrder.ACQUIRE,
                            memory_scope=ct.MemoryScope.DEVICE)
        if old == 0:
            break
    t = ct.load(data, index=(blk,), shape=(TILE,))
    ct.store(out, index=(blk,), tile=t + 1.0)
    ct.atomic_xchg(lock, 0, 0, memory_order=ct.MemoryOrder.RELEASE)


KERNEL = spin_lock
SIGNATURE = signature(array(ct.int32, 1), array(ct.float32, 1), array(ct.float32, 1), const(128))
