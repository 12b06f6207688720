"""LICM hazard probe: a loop that loads and stores the SAME tile x[0] every iteration
(x[0] += 1, n times). With CUDA_TILE_TESTING_DISABLE_TOKEN_ORDER=1 cuTile still runs
hoist_loop_invariants, which treats loads as pure, so the .seq output hoists the load out
of the loop (the seq program means x[0] = x0 + 1, not x0 + n). The .cutile output keeps
the load in the loop (its token operand is loop-carried)."""
import cuda.tile as ct
from _sig import array, const, scalar, signature

@ct.kernel
def licm_probe(x, n, TILE: ct.Constant[int]):
    for i in range(n):
        t = ct.load(x, index=(0,), shape=(TILE,))
        ct.store(x, index=(0,), tile=t + 1.0)

KERNEL = licm_probe
SIGNATURE = signature(array(ct.float32, 1), scalar(ct.int32), const(128))
