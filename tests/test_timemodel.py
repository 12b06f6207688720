"""The GPU time model (`eqsat.lowering.timemodel`), the choice it makes among compiled
candidates, the variants of what tileiras is told, and the calibration script on a small
committed record. No NVIDIA tool is needed: cubin statistics are made by hand."""
from __future__ import annotations

import importlib.util
import math
import sys
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpus_util import ROOT
from eqsat.lowering.cutile_workflow import (TIE, Candidate, PipelineRun, alignment_only,
                                            choose, with_occupancy, without_tma)
from eqsat.lowering.sass import SassStats
from eqsat.lowering.timemodel import (FITTED, GAIN_MARGIN, GPUS, Build, Launch, explain,
                                      floor_us, gpu_for_device, occupancy, predict)
from eqsat.text import parse, print_kernel

H100 = GPUS["h100-sxm"]
BIG = Launch(4080, 67 << 20, 67 << 20)      # softmax at 4080 x 4096 f32: 134 MB moved


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 254), st.integers(1, 255), st.sampled_from([32, 64, 128, 256, 512]),
       st.integers(0, 64 << 10))
def test_more_registers_never_raise_occupancy(r1, r2, threads, shared):
    lo, hi = sorted((r1, r2))
    a = occupancy(H100, Build(lo, threads, shared))[0]
    b = occupancy(H100, Build(hi, threads, shared))[0]
    assert b <= a


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 1 << 30), st.integers(1, 1 << 30), st.integers(1, 1 << 16),
       st.sampled_from([Build(36, 128), Build(255, 256, 15632, tma=True),
                        Build(80, 128, width_bits=128, instrs=900, accesses=20)]))
def test_more_bytes_never_lower_time(n1, n2, blocks, build):
    lo, hi = sorted((n1, n2))
    for g in GPUS.values():
        assert predict(g, build, Launch(blocks, lo, 0)).us <= \
            predict(g, build, Launch(blocks, hi, 0)).us


_BUILDS = [Build(36, 128), Build(255, 256, 15632, tma=True, tma_share=1.0, accesses=4),
           Build(80, 128, width_bits=128, instrs=900, accesses=20), Build(16, 32),
           Build(255, 256, instrs=310, accesses=3, cas=True), Build(64, 128, local=64)]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 1 << 30), st.integers(0, 1 << 30), st.integers(1, 1 << 16),
       st.sampled_from(_BUILDS))
def test_the_floor_is_below_every_build(read, write, blocks, build):
    # the compile path leaves variants uncompiled when the leading build is near the
    # floor: that is only sound if no build of the launch is predicted under it
    launch = Launch(blocks, read, write)
    for g in GPUS.values():
        assert floor_us(g, launch) <= predict(g, build, launch).us


def test_a_lock_serializes_the_blocks():
    lock = Build(255, 256, instrs=310, accesses=3, cas=True)
    free = Build(255, 256, instrs=310, accesses=3)
    small, big = Launch(1024, 1 << 20, 1 << 20), Launch(4096, 1 << 20, 1 << 20)
    p = predict(H100, lock, big)
    assert p.serial_us == pytest.approx(4096 * 2 * FITTED.latency_ns * 1e-3)
    assert p.us > 3 * predict(H100, free, big).us
    assert predict(H100, lock, small).us < p.us
    assert "lock-bound" in explain(H100, lock, p)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 16), st.integers(0, 16), st.integers(1, 1 << 16), st.integers(0, 1 << 30),
       st.sampled_from(_BUILDS))
def test_more_fences_never_lower_time(f1, f2, blocks, nbytes, build):
    _time_never_falls_as_it_grows(build, "fences", f1, f2, blocks, nbytes)


def _time_never_falls_as_it_grows(build: Build, field: str, a: float, b: float, blocks: int,
                                  nbytes: int, grows: bool = True) -> None:
    """Time with the larger of `a`, `b` in `field` is at least the time with the smaller
    (`grows=False`: at most), on every GPU."""
    lo, hi = sorted((a, b))
    launch = Launch(blocks, nbytes, nbytes)
    for g in GPUS.values():
        t_lo = predict(g, replace(build, **{field: lo}), launch).us
        t_hi = predict(g, replace(build, **{field: hi}), launch).us
        assert t_lo <= t_hi if grows else t_hi <= t_lo, (g.name, field, lo, hi)


def test_fences_expose_a_round_trip_each_per_wave():
    # a split-K GEMM's two builds (cubin statistics as recorded on the H100): with the
    # launcher's facts TMA at one block per SM, 32 waves; without, 16-bit LDG at three
    # blocks per SM, 11 waves; both fence each of their 8 atomic adds (MEMBAR.ALL.GPU)
    fence = {"MEMBAR.ALL.GPU": 8}
    atom = {"ATOMG.E.ADD.F32.FTZ.RN.STRONG.GPU": 8}
    tma = _cand("optimized", reg=255, threads=256, shared=67472, sass_instrs_no_nop=713,
                tma={"UTMACCTL.PF": 2, "UTMALDG.2D": 2}, atomics=atom, barriers=fence)
    ldg = _cand("optimized, alignment only", reg=142, threads=128, shared=13312,
                sass_instrs_no_nop=1920, ldg={"LDG.E.U16": 80}, atomics=atom,
                barriers=fence)
    launch = Launch(4096, 48 << 20, 12 << 20)    # past the L2: loads wait for DRAM
    assert Build.from_stats(tma.run.stats, 256).fences == 8
    p = predict(H100, Build.from_stats(tma.run.stats, 256), launch)
    assert p.waves == 32
    assert p.latency_us == pytest.approx(32 * 9 * FITTED.latency_ns * 1e-3)
    assert choose([tma, ldg], H100, launch) is ldg and "fence" in tma.lost
    # without the fences the TMA build is predicted no slower than the tie margin allows
    # (its DRAM and issue times add at one block per SM), so the first, TMA, would be
    # kept: the fences decide it
    bare = [replace(Build.from_stats(c.run.stats, t), fences=0) for c, t in ((tma, 256),
                                                                            (ldg, 128))]
    with_tma, without = (predict(H100, b, launch).us for b in bare)
    assert with_tma <= without * (1 + TIE)
    # the record's split-K launch (40 MiB) fits in the L2: there a round trip is an L2
    # hit's, the LDG build's three blocks per SM keep enough in flight and the TMA
    # block's 8 KB does not, so the LDG build wins even without the fences
    small = Launch(4096, 32 << 20, 8 << 20)
    with_tma, without = (predict(H100, b, small).us for b in bare)
    assert with_tma > without * (1 + GAIN_MARGIN)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 1 << 30), st.integers(1, 1 << 16), st.integers(1, 256 << 20),
       st.integers(1, 256 << 20), st.floats(0.1, 1.0), st.floats(0.1, 1.0),
       st.sampled_from(_BUILDS))
def test_a_larger_or_faster_l2_never_raises_time(nbytes, blocks, c1, c2, r1, r2, build):
    # the L2 term's inputs: what the L2 holds and how long a hit takes against DRAM
    launch = Launch(blocks, nbytes, nbytes)
    for g in GPUS.values():
        small, big = (replace(g, l2_bytes=c) for c in sorted((c1, c2)))
        assert predict(big, build, launch).us <= predict(small, build, launch).us
        fast, slow = (replace(g, l2_latency=r) for r in sorted((r1, r2)))
        assert predict(fast, build, launch).us <= predict(slow, build, launch).us
        assert floor_us(g, launch) <= predict(fast, build, launch).us


def test_a_launch_that_fits_in_the_l2_waits_for_l2_hits():
    # 12 blocks per SM of 32-bit LDG/STG keep 12 x 4 warps x 32 x 4 B x 4 = 24 KB per SM
    # in flight, past what DRAM needs at 500 ns (11.4 KB): saturated, the L2 changes
    # nothing; two blocks per SM (4 KB in flight) are latency-bound, and stream at the
    # bytes in flight over an L2 hit's round trip when the launch fits in the L2
    many = Build(36, 128, instrs=100, accesses=8)
    one = Build(255, 128, instrs=100, accesses=8)
    assert occupancy(H100, many)[0] == 12 and occupancy(H100, one)[0] == 2
    fits, past = Launch(4096, 20 << 20, 20 << 20), Launch(4096, 40 << 20, 40 << 20)
    ratio = H100.l2_latency
    for b, saturated in ((many, True), (one, False)):
        a, c = predict(H100, b, fits), predict(H100, b, past)
        assert a.l2_resident and not c.l2_resident
        assert "round trips are L2 hits" in explain(H100, b, a) and \
            "L2" not in explain(H100, b, c)
        if saturated:
            assert a.bandwidth_share == c.bandwidth_share == 1.0
            assert c.dram_us == pytest.approx(2 * a.dram_us)      # twice the bytes
        else:
            assert a.bandwidth_share == pytest.approx(c.bandwidth_share / ratio)
            assert c.dram_us == pytest.approx(2 * a.dram_us / ratio)


def test_bytes_in_flight_follow_the_mean_access_width():
    # a thread's 16-bit loads and 32-bit stores move 2.67 bytes an access on average, not
    # the widest access's 4: half the in-flight bytes the widest would claim per load
    s = {"reg": 242, "sass_instrs_no_nop": 7297, "ldg": {"LDG.E.U16": 256},
         "stg": {"STG.E": 128}}
    b = Build.from_stats(s, 128)
    assert b.width_bits == 32 and b.access_bytes == pytest.approx((256 * 2 + 128 * 4) / 384)
    launch = Launch(1024, 64 << 20, 64 << 20)
    mean, widest = predict(H100, b, launch), predict(H100, replace(b, access_bytes=0.0), launch)
    assert mean.bandwidth_share == pytest.approx(widest.bandwidth_share * b.access_bytes / 4)
    assert mean.us > widest.us


def test_the_mean_width_decides_between_narrow_loads_and_one_wide_store():
    # 60 16-bit loads and one 128-bit store against 30 32-bit loads and one store: judged
    # by the widest access the first keeps 16 B a lane in flight and wins; on the mean of
    # its accesses it keeps 2.2 B, and the other build's 4 B win
    launch = Launch(4096, 64 << 20, 64 << 20)              # past the L2
    narrow = _cand("optimized", reg=255, threads=128, sass_instrs_no_nop=1000,
                   ldg={"LDG.E.U16": 60}, stg={"STG.E.128": 1})
    plain = _cand("optimized, alignment only", reg=255, threads=128, sass_instrs_no_nop=1000,
                  ldg={"LDG.E": 30}, stg={"STG.E": 1})
    assert choose([narrow, plain], H100, launch) is plain
    widest = replace(Build.from_stats(narrow.run.stats, 128), access_bytes=0.0)
    assert predict(H100, widest, launch).us * (1 + GAIN_MARGIN) < plain.prediction.us


@settings(max_examples=60, deadline=None)
@given(st.floats(0.5, 16.0), st.floats(0.5, 16.0), st.integers(1, 1 << 16),
       st.integers(0, 1 << 30), st.sampled_from(_BUILDS))
def test_wider_accesses_never_raise_time(w1, w2, blocks, nbytes, build):
    _time_never_falls_as_it_grows(build, "access_bytes", w1, w2, blocks, nbytes, grows=False)


def test_one_resident_block_adds_its_dram_and_issue_times():
    # an SM hides one block's memory waits behind another block's instructions: at one
    # block per SM (255 registers x 256 threads), or a launch with fewer blocks than SMs,
    # there is no other block and the two add; with two or more resident they overlap
    one = Build(255, 256, instrs=2000, accesses=8, width_bits=64)
    two = replace(one, registers=128)
    for b, launch, resident in ((one, BIG, 1), (two, BIG, 2), (two, Launch(100, 8 << 20, 0), 1)):
        p = predict(H100, b, launch)
        assert p.dram_us > 1 and p.issue_us > 1
        work = p.dram_us + p.issue_us if resident == 1 else max(p.dram_us, p.issue_us)
        assert p.us == pytest.approx(p.launch_us + work + p.latency_us)
        assert p.resident == resident
        # the report says which: the sum, or the larger of the two
        bound = "DRAM+issue" if resident == 1 else \
            ("DRAM" if p.dram_us >= p.issue_us else "issue")
        assert explain(H100, b, p).endswith(f", {bound}-bound: {p.us:.1f} us")
    assert occupancy(H100, two)[0] == 2
    # a lock still serializes the blocks whatever the occupancy: the larger of the two
    lock = replace(one, cas=True)
    p = predict(H100, lock, BIG)
    assert p.us == pytest.approx(p.launch_us + p.serial_us + p.latency_us)


def test_a_gain_within_the_models_error_keeps_the_first():
    # two LDG/STG builds a few percent apart: the later one is predicted faster, but by
    # less than GAIN_MARGIN, so the launch's own build (the first) is kept
    first = _cand("optimized", reg=40, threads=128, sass_instrs_no_nop=3000,
                  ldg={"LDG.E": 8}, stg={"STG.E": 4})
    other = _cand("optimized, alignment only", reg=40, threads=128, sass_instrs_no_nop=2800,
                  ldg={"LDG.E": 8}, stg={"STG.E": 4})
    launch = Launch(4096, 1 << 20, 1 << 20)
    got = choose([first, other], H100, launch)
    assert other.prediction.us < first.prediction.us * (1 - 0.03)
    assert first.prediction.us < other.prediction.us * (1 + GAIN_MARGIN)
    assert got is first and "faster by less than the model's error" in other.lost
    # faster by more than the margin: the other is chosen
    fast = _cand("optimized, no TMA", reg=40, threads=128, sass_instrs_no_nop=1000,
                 ldg={"LDG.E": 8}, stg={"STG.E": 4})
    assert choose([first, fast], H100, launch) is fast


def test_occupancy_by_hand():
    assert occupancy(H100, Build(255, 256)) == (1, "registers")       # 8192 x 8 warps
    assert occupancy(H100, Build(36, 128))[0] == 12                   # 1280 per warp
    assert occupancy(H100, Build(16, 32))[0] == 32                    # the block limit
    assert occupancy(H100, Build(32, 128, shared=100 << 10)) == (2, "shared")
    assert occupancy(H100, Build(32, 1024))[0] == 2                   # 2048 threads


def _cand(name: str, **stats) -> Candidate:
    threads = stats.pop("threads")
    st_ = SassStats(**stats)
    st_.threads = threads
    c = Candidate(name, parse("entry @k() {\n  return\n}\n"))
    c.run = PipelineRun("eqsat", c.kernel, b"", "sm_90", b"", stats=st_)
    return c


def test_tma_at_one_block_per_sm_loses():
    # the launcher's facts turn softmax to TMA at 255 registers x 256 threads (one block
    # per SM); without them: 36 registers, 32-bit LDG/STG, 12 blocks per SM
    tma = _cand("optimized", reg=255, threads=256, shared=15632, sass_instrs_no_nop=4056,
                tma={"UTMALDG.2D": 2, "UTMASTG.2D": 1}, ldg={"LDG.E.64": 102})
    ldg = _cand("optimized, alignment only", reg=36, threads=128, shared=1040,
                sass_instrs_no_nop=915, ldg={"LDG.E": 22}, stg={"STG.E": 6})
    got = choose([tma, ldg], H100, BIG)
    assert got is ldg and tma.lost.startswith("predicted")
    assert "1 block/SM (255 regs x 256 threads" in tma.lost
    assert tma.prediction.us > 1.5 * ldg.prediction.us
    # equal builds: a tie keeps the first in the list (the order of preference)
    twin = _cand("optimized, no TMA", reg=36, threads=128, shared=1040,
                 sass_instrs_no_nop=915, ldg={"LDG.E": 22}, stg={"STG.E": 6})
    assert choose([twin, tma, ldg], H100, BIG) is twin and "tie margin" in ldg.lost


def test_a_candidate_without_a_cubin_loses_with_its_error():
    a = _cand("optimized", reg=40, threads=128, sass_instrs_no_nop=100, ldg={"LDG.E": 1})
    b = Candidate("optimized, versioned", a.kernel, error="tileiras crashed (SIGSEGV)")
    assert choose([b, a], H100, BIG) is a and b.lost == "tileiras failed: tileiras crashed " \
        "(SIGSEGV)"
    assert a.entry()["predicted_us"] > 0 and b.entry()["registers"] is None


KERNEL = """entry @k(%x: tile<ptr<f32>> {div_by = 16, shape_div_by = [16], stride_div_by = [1], contiguous = true}, %n: tile<i32>, %s: tile<i32>) {
  %a = assume div_by<16>, %x : tile<ptr<f32>>
  %b = assume div_by<16>, %n : tile<i32>
  %tv = make_tensor_view %a, shape = [%b], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
  %c0 = constant <i32: 0> : tile<i32>
  %t, %tok = load_view_tko weak %pv[%c0] : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
  %tok2 = store_view_tko weak %t, %pv[%c0] token = %tok : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
"""


def test_variants_change_what_tileiras_is_told_and_nothing_else():
    k = parse(KERNEL)
    weak = print_kernel(alignment_only(k))
    assert "div_by<1>, %n" in weak and "div_by<16>, %x" in weak      # alignment kept
    assert "shape_div_by" not in weak and "stride_div_by" not in weak
    assert "contiguous = true" in weak and "div_by = 16" in weak
    assert alignment_only(parse(weak)) is None                       # nothing more to drop
    no_tma = print_kernel(without_tma(k, "sm_90"))
    assert no_tma.count("optimization_hints = <sm_90 = {allow_tma = false}>") == 2
    occ = with_occupancy(k, "sm_90", 2)
    assert occ.hints == "optimization_hints=<sm_90 = {occupancy = 2}>"
    # the interpreter runs every variant as it runs the kernel
    from eqsat.interp import run
    from eqsat.interp.inputs import parse_spec
    spec = parse_spec({"grid": [1], "params": [
        {"name": "x", "shape": [16], "dtype": "f32", "init": "normal"}]})
    base = run(k, spec, seed=1).buffers["x"]
    for v in (alignment_only(k), without_tma(k, "sm_90"), occ):
        assert (run(v, spec, seed=1).buffers["x"] == base).all()


def test_device_names():
    assert gpu_for_device("NVIDIA H100 80GB HBM3") == "h100-sxm"
    assert gpu_for_device("NVIDIA H100 PCIe") == "h100-pcie"
    assert gpu_for_device("NVIDIA H200") == "h200"
    assert gpu_for_device("NVIDIA B200") == "b200"
    with pytest.raises(ValueError, match="no GPU specification"):
        gpu_for_device("NVIDIA A100")


def _bench_model():
    spec = importlib.util.spec_from_file_location("bench_model",
                                                  ROOT / "benchmarks" / "bench_model.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["bench_model"] = mod          # its dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def test_calibration_on_a_small_record(capsys, monkeypatch):
    mod = _bench_model()
    monkeypatch.setattr(mod, "GRID", _SMALL_GRID)
    data = ROOT / "tests" / "model"
    assert mod.main(["--record", str(data / "record.txt"),
                     "--stats", str(data / "stats.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    import re
    m = re.fullmatch(r"leave-one-kernel-out: within 5% on (\d+)/(\d+) rows, spearman "
                     r"(-?[\d.]+), worst vs cutile ([\d.]+)", out[-1])
    assert m, out[-1]
    rows = [line for line in out if line.startswith(("softmax_tiled", "vector_add",
                                                     "matmul_mma"))]
    assert int(m.group(2)) == len(rows) == 6
    # both rank correlations are printed: identical cubins apart (as before) and as one
    both = re.fullmatch(r"spearman over every timed build \(identical cubins counted apart\): "
                        r"(-?[\d.]+); identical cubins as one build, their mean time: "
                        r"(-?[\d.]+)", out[-2])
    assert both and both.group(2) == m.group(3), out[-2]
    # softmax_tiled at the even size: the TMA builds (219 us) against cutile-aot (72 us)
    soft = next(p for p in map(str.split, rows) if p[:2] == ["softmax_tiled", "time-even"])
    assert soft[2] == "cutile-aot" and float(soft[3]) <= 1.05
    # the same figures with the kernel and the size held out: one line each way, and the
    # table's right half gives the rows they count
    figures = r"within 5% on (\d+)/(\d+) rows, spearman (-?[\d.]+), worst vs cutile ([\d.]+)"
    size = re.fullmatch("leave-one-kernel-and-size-out: " + figures, out[-3])
    other = re.fullmatch("leave-one-kernel-and-size-out, judged on the other sizes: " + figures,
                         out[-4])
    small = re.fullmatch(r"fitted on the other sizes only \(every kernel\), judged on the "
                         r"timing sizes: " + figures, out[-5])
    assert size and other and small, out[-5:-2]
    assert size.group(2) == small.group(2) == "6" and other.group(2) == "9"
    right = [line.split()[5:] for line in rows]
    assert int(size.group(1)) == sum(float(c[1]) <= 1.05 for c in right)
    assert float(size.group(4)) == min(float(c[2]) for c in right)
    # absolute errors per input and in all (15 rows x 4 builds), fitted on all and held out
    head = out.index(next(line for line in out if line.startswith("absolute error")))
    table = {c[0]: c[1:] for c in map(str.split, out[head + 2:head + 8])}
    assert list(table) == ["spec", "even", "odd", "time-even", "time-odd", "all"]
    assert [c[0] for c in table.values()] == ["12"] * 5 + ["60"]
    for cells in table.values():
        med, p90 = float(cells[1]), float(cells[3])
        assert 0 <= med <= p90 and cells[2] == f"(x{math.exp(med):.2f})"
    assert out[head + 8].startswith("largest errors (kernel and size held out")

_SMALL_GRID = {"dram_eff": (0.7, 0.9), "latency_ns": (500.0, 1200.0), "ilp": (1.0, 4.0),
               "tma_bytes": (8192.0, 65536.0), "launch_us": (2.0,)}


def _small_record(monkeypatch):
    mod = _bench_model()
    monkeypatch.setattr(mod, "GRID", _SMALL_GRID)
    data = ROOT / "tests" / "model"
    return mod, mod.load_rows(data / "record.txt", data / "stats.json")


def _grid_search(mod, rows):
    """The grid search as a loop over grid points, each summing its own errors."""
    import itertools
    best, best_p = math.inf, None
    for vals in itertools.product(*mod.GRID.values()):
        p = mod.Params(**dict(zip(mod.GRID, vals)))
        e = 0.0
        for r in rows:
            for b, build in r.builds.items():
                e += (math.log(predict(H100, build, r.launch, p).us) - math.log(r.times[b])) ** 2
        if e < best:
            best, best_p = e, p
    return best_p


def test_a_shared_grid_fits_each_fold_as_its_own_search(monkeypatch):
    mod, rows = _small_record(monkeypatch)
    fits = mod.Fits(rows, H100)
    # folds that move the fit: all rows, one kernel out, one size out, only the timing sizes
    folds = [lambda r: True, lambda r: r.kernel != "softmax_tiled",
             lambda r: r.input != "time-even", lambda r: r.input in mod.TIMING]
    got = [fits.fit(k) for k in folds]
    assert got == [_grid_search(mod, [r for r in rows if k(r)]) for k in folds]
    assert len(set(got)) > 1, got
    p, m = fits.fit_and_margin(folds[1])
    assert p == got[1] and m == mod.margin([r for r in rows if folds[1](r)], H100, p)


def test_size_out_holds_out_the_kernel_and_the_input(monkeypatch):
    mod, rows = _small_record(monkeypatch)
    fits = mod.Fits(rows, H100)
    judged = mod.held_out(fits, mod.SIZE_OUT, judge=lambda r: True)
    assert len(judged) == len(rows) == 15
    for j in judged:
        seen = [r for r in rows if r.kernel != j.row.kernel and r.input != j.row.input]
        assert len(seen) == 8                  # two other kernels at four other inputs
        assert j.params == _grid_search(mod, seen)
        assert j.margin == mod.margin(seen, H100, j.params)
        assert j.pred == {b: predict(H100, x, j.row.launch, j.params).us
                          for b, x in j.row.builds.items()}
    # with the guard off, a row's choice is the fastest prediction (earliest on a tie)
    bare = mod.held_out(fits, mod.SIZE_OUT, guard=False)
    assert [j.row.input for j in bare] == ["time-even", "time-odd"] * 3
    assert all(j.margin == 0.0 and j.pred[j.chosen] <= min(j.pred.values()) * (1 + mod.TIE)
               for j in bare)


def test_absolute_errors_and_their_quantiles(monkeypatch):
    mod, rows = _small_record(monkeypatch)
    assert mod.quantile([3.0, 1.0, 2.0, 4.0], 0.5) == 2.0       # nearest rank: 2 of 4
    assert mod.quantile([float(i) for i in range(1, 11)], 0.9) == 9.0
    assert mod.quantile([5.0], 0.9) == 5.0
    r = rows[0]
    j = mod.Judged(r, FITTED, 0.0, "cutile", {b: 2 * t for b, t in r.times.items()})
    errs = mod.abs_errors([j])
    assert errs["all"] == errs[r.input] == pytest.approx([math.log(2)] * len(r.times))
