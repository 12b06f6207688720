"""Atomic read-modify-write variants: add (tile of indices, default acq_rel/device),
add relaxed/block on f32, max, min, and, or, xor, xchg, plus cas with a tile of indices, and add/cas with check_bounds=False (no mask operand)."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def atomic_rmw(counts, fsum, bits, TILE: ct.Constant[int]):
    idx = ct.arange(TILE, dtype=ct.int32)
    ones = ct.full((TILE,), 1, dtype=ct.int32)
    old = ct.atomic_add(counts, idx, ones)
    ct.atomic_add(fsum, 0, 1.5, memory_order=ct.MemoryOrder.RELAXED,
                  memory_scope=ct.MemoryScope.BLOCK)
    ct.atomic_max(counts, idx, old, memory_scope=ct.MemoryScope.SYS)
    ct.atomic_min(counts, idx, old)
    ct.atomic_and(bits, 0, 7)
    ct.atomic_or(bits, 1, 8)
    ct.atomic_xor(bits, 2, 3)
    ct.atomic_xchg(bits, 3, 5, memory_order=ct.MemoryOrder.ACQUIRE)
    ct.atomic_cas(counts, idx, ones, old, memory_order=ct.MemoryOrder.RELAXED)
    ct.atomic_add(counts, idx, ones, check_bounds=False)
    ct.atomic_cas(counts, idx, ones, old, check_bounds=False)


KERNEL = atomic_rmw
SIGNATURE = signature(array(ct.int32, 1), array(ct.float32, 1), array(ct.int32, 1), const(64))
