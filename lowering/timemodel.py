"""Time of a compiled kernel on a named GPU, from its cubin's statistics and its launch.

The IR-level cost model (`eqsat.egraph.cost`) ranks equivalent programs inside the
e-graph; this one judges what tileiras made of them, where the deciding facts are only
visible: registers and block size (so occupancy), TMA or LDG/STG and their widths,
spills. Its parts, each in microseconds:

- `dram`: compulsory bytes over the DRAM bandwidth the resident warps can keep busy.
  Little's law: an SM needs `bandwidth per SM x latency` bytes in flight; LDG/STG warps
  keep `32 x bytes per access x ilp` bytes each in flight (the mean width of a thread's
  static accesses), a TMA block `tma_bytes` (a block mixing both, in the proportion of
  its static accesses), so a kernel at one block per SM (255 registers x 256 threads)
  streams at a fraction of the peak. A launch whose bytes fit in the L2 finds them there
  when it repeats (back to back, nothing evicts them): its loads wait for an L2 hit, not
  for DRAM, so the same bytes in flight stream faster (`GpuSpec.l2_latency`).
- `issue`: warp instructions over the SMs' schedulers (static instruction count, times
  `issue_scale`, times how many times a block's accesses must repeat to move its bytes).
- `latency`: one memory round trip per wave of blocks, exposed because a wave waits for
  its slowest block; and one more per GPU-scope memory fence a block executes (MEMBAR.GPU:
  cuTile puts one before each atomic), which waits for the block's earlier accesses to
  complete, one round trip after the other.
- `serial`: a kernel that compare-and-swaps a global word (a lock) hands it from block to
  block: at least one loaded memory round trip per block, one after the other, whatever
  the occupancy.
- `launch`: the fixed cost of a launch.

predicted = launch + max(work, serial) + latency, where work = max(dram, issue) when
several blocks are resident on an SM (one block's memory waits are hidden behind
another's instructions) and dram + issue when one is (nothing else to issue: a block's
warps wait for its loads and at its barriers together; the CUDA C++ Programming Guide,
"Multiprocessor Level": warps of other resident blocks are what keeps an SM busy while
one block's warps wait). The free parameters (`Params`) are few
and fitted on recorded GPU runs (benchmarks/bench_model.py); GPU specifications are data
(`GPUS`, sources in docs/gpu-cost-model.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from eqsat.lowering.sass import SassStats


@dataclass(frozen=True)
class GpuSpec:
    """What occupancy and bandwidth depend on (per SM unless named otherwise)."""

    name: str
    arch: str
    sms: int
    regs: int = 65536
    smem: int = 233472             # bytes of shared memory per SM
    smem_reserved: int = 1024      # bytes the driver reserves per block
    threads: int = 2048
    blocks: int = 32
    dram_gbs: float = 3350.0       # peak DRAM bandwidth, GB/s
    clock_ghz: float = 1.98        # SM boost clock
    l2_bytes: int = 50 << 20       # L2 capacity (whole GPU)
    l2_latency: float = 475 / 650  # a far-partition L2 hit's round trip over a DRAM access's


GPUS: dict[str, GpuSpec] = {g.name: g for g in (
    GpuSpec("h100-sxm", "sm_90", 132, dram_gbs=3350.0, clock_ghz=1.98),
    GpuSpec("h100-pcie", "sm_90", 114, dram_gbs=2000.0, clock_ghz=1.755),
    GpuSpec("h200", "sm_90", 132, dram_gbs=4800.0, clock_ghz=1.98),
    GpuSpec("b200", "sm_100", 148, dram_gbs=8000.0, clock_ghz=1.965, l2_bytes=126 << 20),
)}
DEFAULT_GPU = "h100-sxm"


def gpu_for_device(device_name: str) -> str:
    """The `GPUS` key of a CUDA device name ("NVIDIA H100 80GB HBM3" -> "h100-sxm")."""
    n = device_name.lower()
    if "b200" in n:
        return "b200"
    if "h200" in n:
        return "h200"
    if "h100" in n:
        return "h100-pcie" if "pcie" in n else "h100-sxm"
    raise ValueError(f"no GPU specification for device '{device_name}' "
                     f"(known: {', '.join(GPUS)})")


@dataclass(frozen=True)
class Params:
    """The model's free parameters (fitted by benchmarks/bench_model.py)."""

    dram_eff: float = 0.85       # share of the peak DRAM bandwidth a saturated kernel gets
    latency_ns: float = 700.0    # loaded DRAM round trip
    ilp: float = 2.0             # independent LDG/STG each warp keeps in flight
    tma_bytes: float = 16384.0   # bytes one TMA block keeps in flight
    launch_us: float = 2.0
    issue_scale: float = 1.0     # warp instructions executed per static one (branches skip)


# fitted on docs/measurements/gpu_h100_launch.txt by benchmarks/bench_model.py (every
# kernel; its leave-one-kernel-out validation refits without each kernel)
FITTED = Params(dram_eff=0.9, latency_ns=500.0, ilp=4.0, tma_bytes=8192.0, launch_us=1.5,
                issue_scale=1.0)
# the model's typical error on the ratio of two builds' times (median |log predicted ratio -
# log measured ratio| over the record's builds, against cuTile's as launched; printed by
# benchmarks/bench_model.py): a predicted gain smaller than this is not evidence, so a
# build replaces the one the launcher's facts give only when predicted faster by more
GAIN_MARGIN = 0.113


@dataclass(frozen=True)
class Build:
    """A cubin's statistics, as the model reads them."""

    registers: int
    threads: int
    shared: int = 0              # static shared memory per block, bytes
    local: int = 0               # spill (local memory) bytes per thread
    tma: bool = False
    tma_share: float = 0.0       # of the static global accesses, the TMA copies
    width_bits: int = 32         # widest LDG/STG access per thread
    access_bytes: float = 0.0    # mean bytes of a thread's static LDG/STG (0: width_bits / 8)
    instrs: int = 0              # SASS instructions, NOPs left out
    accesses: int = 0            # static LDG/STG/TMA instructions
    cas: bool = False            # compare-and-swaps a global word: a lock the blocks take in turn
    fences: int = 0              # static GPU- or system-scope memory barriers (MEMBAR.*.GPU/SYS)

    @classmethod
    def from_stats(cls, stats: SassStats | dict[str, Any], threads: int) -> Build:
        s = stats if isinstance(stats, dict) else stats.as_dict()
        ldst = {**s.get("ldg", {}), **s.get("stg", {})}
        tma = {k: v for k, v in s.get("tma", {}).items() if k.startswith(("UTMALDG", "UTMASTG"))}
        accesses = sum(ldst.values()) + sum(tma.values())
        return cls(registers=int(s.get("reg") or 32), threads=threads,
                   shared=int(s.get("shared") or 0), local=int(s.get("local") or 0),
                   tma=bool(tma), tma_share=sum(tma.values()) / accesses if accesses else 0.0,
                   width_bits=max((_width(k) for k in ldst), default=32),
                   access_bytes=sum(n * _width(k) for k, n in ldst.items()) / 8
                   / max(1, sum(ldst.values())),
                   instrs=int(s.get("sass_instrs_no_nop") or 0), accesses=accesses,
                   cas=any(".CAS" in k for k in s.get("atomics", {})),
                   fences=sum(n for k, n in s.get("barriers", {}).items()
                              if k.startswith("MEMBAR") and k.endswith((".GPU", ".SYS"))))


def _width(opcode: str) -> int:
    for part in opcode.split(".")[1:]:
        if part in ("128", "64"):
            return int(part)
        if part in ("U16", "S16"):
            return 16
        if part in ("U8", "S8"):
            return 8
    return 32


@dataclass(frozen=True)
class Launch:
    blocks: int
    read_bytes: int
    write_bytes: int

    @property
    def bytes(self) -> int:
        return self.read_bytes + self.write_bytes


@dataclass(frozen=True)
class Prediction:
    """Predicted time and its parts (microseconds), and the occupancy behind them."""

    us: float
    dram_us: float
    issue_us: float
    latency_us: float
    launch_us: float
    serial_us: float
    blocks_per_sm: int
    waves: int
    bandwidth_share: float       # of the peak, what the resident warps can keep in flight
    limiter: str                 # what bounds blocks per SM: registers, shared, threads, blocks
    resident: int = 0            # blocks an SM holds at once for this launch (1: work adds)
    l2_resident: bool = False    # the launch's bytes fit in the L2: loads wait for L2 hits

    def as_dict(self) -> dict[str, Any]:
        return {k: (round(v, 3) if isinstance(v, float) else v)
                for k, v in self.__dict__.items()}


def occupancy(gpu: GpuSpec, b: Build) -> tuple[int, str]:
    """(blocks per SM, the limit that binds). Registers are allocated per warp in units
    of 256; a block that fits nowhere gets 0."""
    warps = -(-b.threads // 32)
    per_warp = -(-max(b.registers, 1) * 32 // 256) * 256
    limits = {
        "registers": (gpu.regs // per_warp) // warps,
        "threads": gpu.threads // (warps * 32),
        "blocks": gpu.blocks,
        "shared": gpu.smem // (b.shared + gpu.smem_reserved),
    }
    name = min(limits, key=lambda k: (limits[k], k))
    return max(0, limits[name]), name


def predict(gpu: GpuSpec, b: Build, launch: Launch, p: Params | None = None) -> Prediction:
    p = p or FITTED
    bps, limiter = occupancy(gpu, b)
    if bps == 0:
        return Prediction(math.inf, math.inf, math.inf, 0.0, p.launch_us, 0.0, 0, 0, 0.0,
                          limiter, 0)
    blocks = max(1, launch.blocks)
    waves = -(-blocks // (gpu.sms * bps))
    resident = min(bps, -(-blocks // gpu.sms))           # blocks an SM holds at once
    warps = -(-b.threads // 32)
    # a block keeps TMA tiles and its warps' LDG/STG in flight in the mix of its accesses
    share_tma = b.tma_share if b.accesses else float(b.tma)
    access = b.access_bytes or b.width_bits / 8                           # bytes per lane
    per_block = share_tma * p.tma_bytes + (1 - share_tma) * warps * 32 * access * p.ilp
    inflight = resident * per_block
    per_sm_bw = gpu.dram_gbs * 1e9 * p.dram_eff / gpu.sms                 # bytes/s
    # bytes the L2 holds are there when the launch repeats: a round trip is an L2 hit's
    l2 = launch.bytes <= gpu.l2_bytes
    needed = per_sm_bw * p.latency_ns * (gpu.l2_latency if l2 else 1.0) * 1e-9
    share = min(1.0, inflight / needed)
    busy = min(gpu.sms, blocks)                                           # SMs with work
    dram = launch.bytes / (per_sm_bw * busy * share) * 1e6
    spill = b.local * b.threads * blocks * 2                              # spill out and in
    dram += spill / (per_sm_bw * busy) * 1e6
    # a block repeats its accesses until it has moved its share of the bytes
    moved = b.accesses * (share_tma * p.tma_bytes + (1 - share_tma) * warps * 32 * access)
    repeats = max(1.0, launch.bytes / blocks / moved) if moved else 1.0
    warp_instrs = b.instrs * p.issue_scale * repeats * warps * blocks
    issue = warp_instrs / (busy * 4 * gpu.clock_ghz * 1e9) * 1e6
    latency = waves * (1 + b.fences) * p.latency_ns * 1e-3
    serial = blocks * 2 * p.latency_ns * 1e-3 if b.cas else 0.0
    # an SM hides one block's memory waits behind other blocks' instructions; with one
    # block resident there are none, so its DRAM and issue times add
    work = dram + issue if resident == 1 else max(dram, issue)
    us = p.launch_us + max(work, serial) + latency
    return Prediction(us, dram, issue, latency, p.launch_us, serial, bps, waves, share, limiter,
                      resident, l2)


def floor_us(gpu: GpuSpec, launch: Launch, p: Params | None = None) -> float:
    """The least time any build of this launch can be predicted: the launch, its bytes at
    the full bandwidth of the SMs it occupies, one round trip; no issue time, no lock."""
    p = p or FITTED
    busy = min(gpu.sms, max(1, launch.blocks))
    bw = gpu.dram_gbs * 1e9 * p.dram_eff / gpu.sms * busy
    return p.launch_us + launch.bytes / bw * 1e6 + p.latency_ns * 1e-3


def explain(gpu: GpuSpec, b: Build, pr: Prediction) -> str:
    """One line: occupancy and what bounds the time."""
    if pr.resident == 1:             # nothing hides one block's waits: the two add
        work, bound = pr.dram_us + pr.issue_us, "DRAM+issue"
    else:
        work = max(pr.dram_us, pr.issue_us)
        bound = "DRAM" if pr.dram_us >= pr.issue_us else "issue"
    if pr.serial_us > work:
        bound = "lock"
    return (f"{'TMA' if b.tma else f'LDG/STG {b.width_bits}-bit'}, {pr.blocks_per_sm} "
            f"block{'s' if pr.blocks_per_sm != 1 else ''}/SM ({b.registers} regs x "
            f"{b.threads} threads, {pr.limiter}-bound), "
            f"{f'{b.fences} GPU-scope fence(s) per block, ' if b.fences else ''}"
            f"{pr.bandwidth_share:.0%} of "
            f"{gpu.name}'s bandwidth in flight"
            f"{' (the launch fits in the L2: round trips are L2 hits)' if pr.l2_resident else ''}"
            f", {bound}-bound: {pr.us:.1f} us")


def with_params(p: Params, **kw: float) -> Params:
    return replace(p, **kw)


__all__ = ["DEFAULT_GPU", "FITTED", "GAIN_MARGIN", "GPUS", "Build", "GpuSpec", "Launch", "Params",
           "Prediction", "explain", "floor_us", "gpu_for_device", "occupancy", "predict",
           "with_params"]
