"""The GPU benchmark's host-side parts (the GPU run itself needs a machine with one):
arguments are laid out as the cuTile calling convention says, overlapping arrays
become one buffer and an offset, and `check` reports a wrong array."""
from __future__ import annotations

import importlib.util
import json

import numpy as np
import pytest

from corpus_util import CORPUS, ROOT, SPECS
from eqsat.interp.inputs import load_spec
from eqsat.text import parse_file
from eqsat.toolchain import missing_reason

_spec = importlib.util.spec_from_file_location("bench_gpu", ROOT / "benchmarks" / "bench_gpu.py")
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def test_overlapping_arrays_are_one_buffer_and_an_offset():
    k = parse_file(CORPUS / "axpy_alias_inplace.seq.mlir")
    job, bufs = bench._pack_job(k, load_spec(SPECS / "axpy_alias_overlap.json"), seed=1)
    assert list(bufs) == ["x"] and bufs["x"].size == 5120
    ptrs = [a for a in job["args"] if a[0] == "ptr"]
    assert ptrs == [["ptr", "x", 0], ["ptr", "x", 1024 * 4]]
    # x: pointer, size 5120, stride 1; y: pointer, size 4096, stride 1; alpha
    vals = [int(np.frombuffer(bytes.fromhex(a[2]), np.dtype(a[1]))[0])
            for a in job["args"] if a[0] == "val"][:4]
    assert vals == [5120, 1, 4096, 1]
    assert job["grid"][0] == 1


def test_resized_specs_take_and_miss_the_fast_copy():
    data = json.loads((SPECS / "rmsnorm_fwd.json").read_text())
    specs = bench._specs("rmsnorm_fwd", data)
    even = [p["shape"][-1] for p in specs["even"]["params"] if "shape" in p]
    odd = [p["shape"][-1] for p in specs["odd"]["params"] if "shape" in p]
    assert all(n % 16 == 0 for n in even) and all(n % 2 == 1 for n in odd)
    assert specs["time-even"]["grid"] == [bench.ROWS]


def _fake_run(tmp_path, ours_y):
    pack, out = tmp_path / "pack", tmp_path / "out"
    pack.mkdir()
    out.mkdir()
    progs = ["cutile", "ours", "ours-versioned"]
    job = {"kernel": "k", "symbol": "k", "input": "spec", "args": [], "grid": [1],
           "elems": {"y": "f32", "h": "bf16"}, "programs": progs,
           "threads": {p: 128 for p in progs}}
    (pack / "index.json").write_text(json.dumps([job]))
    y = np.arange(8, dtype=np.float32)
    h = (np.linspace(-1, 1, 8).astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    np.savez(pack / "k.spec.ref.npz", y=y, h=h)
    for p in progs:
        got_y = ours_y if p == "ours" else y + 1e-6      # within tolerance
        np.savez(out / f"k.spec.{p}.npz", y=got_y, h=h)
    (out / "times.json").write_text("{}")
    (out / "errors.json").write_text("{}")
    return pack, out


def test_check_accepts_rounding_and_reports_a_wrong_array(tmp_path, capsys):
    pack, out = _fake_run(tmp_path, np.arange(8, dtype=np.float32))
    assert bench.check(pack, out) == 0
    assert "0 wrong" in capsys.readouterr().out
    bad = np.arange(8, dtype=np.float32)
    bad[3] = 7.5
    (tmp_path / "b").mkdir()
    pack2, out2 = _fake_run(tmp_path / "b", bad)
    assert bench.check(pack2, out2) == 1
    text = capsys.readouterr().out
    assert "DIFFERENT" in text and "1 wrong" in text


def test_token_free_originals_may_run_out_of_order_but_their_optimized_forms_may_not(
        tmp_path, capsys):
    # a token-free random kernel promises tileiras no order: its own result may differ
    pack, out = _fake_run(tmp_path, np.arange(8, dtype=np.float32))
    index = json.loads((pack / "index.json").read_text())
    job = index[0]
    job.update(kernel="random000", programs=["orig", "ours"], tokenized=False,
               threads={"orig": 128, "ours": 128})
    (pack / "index.json").write_text(json.dumps([job]))
    wrong = np.arange(8, dtype=np.float32) + 5
    h = dict(np.load(out / "k.spec.cutile.npz"))["h"]
    np.savez(pack / "random000.spec.ref.npz", **dict(np.load(pack / "k.spec.ref.npz")))
    np.savez(out / "random000.spec.orig.npz", y=wrong, h=h)
    np.savez(out / "random000.spec.ours.npz", y=np.arange(8, dtype=np.float32), h=h)
    assert bench.check(pack, out) == 0
    assert "1 token-free originals ran out of program order" in capsys.readouterr().out
    # ...but a tokenized original, or the optimized form, must agree
    job["tokenized"] = True
    (pack / "index.json").write_text(json.dumps([job]))
    assert bench.check(pack, out) == 1
    job["tokenized"] = False
    (pack / "index.json").write_text(json.dumps([job]))
    np.savez(out / "random000.spec.ours.npz", y=wrong, h=h)
    assert bench.check(pack, out) == 1


def test_the_suite_gets_every_size_overlaps_and_its_gpu():
    suite_specs = ROOT / "benchmarks" / "kernels" / "specs"
    data = json.loads((suite_specs / "fused_add_rmsnorm.json").read_text())
    specs = bench._specs("fused_add_rmsnorm", data)
    assert set(specs) == {"even", "odd", "time-even", "time-odd"}
    shapes = {label: {p["name"]: p["shape"] for p in s["params"] if "shape" in p}
              for label, s in specs.items()}
    assert {label: s["x"] for label, s in shapes.items()} == {
        "even": [3, 112], "odd": [3, 113], "time-even": [3 * bench.SUITE_SCALE, 112],
        "time-odd": [3 * bench.SUITE_SCALE, 113]}
    # a 1-D array's one axis is scaled, then made odd: not a multiple of 16 either
    assert shapes["time-odd"]["w"] == [112 * bench.SUITE_SCALE + 1]
    assert specs["time-even"]["grid"] == [3 * bench.SUITE_SCALE]
    assert [label for label, _ in bench._overlap_specs(suite_specs, "fused_add_rmsnorm")] == \
        ["overlap"]
    assert [label for label, _ in bench._overlap_specs(SPECS, "axpy_alias_inplace")] == \
        ["overlap"]
    assert bench._module_gpu(ROOT / "benchmarks" / "kernels" / "fp8_scaled_gemm.py") == "sm_100"
    assert bench._module_gpu(ROOT / "benchmarks" / "kernels" / "kv_cache_append.py") is None
    assert bench.PROGRAMS == ("cutile", "ours", "cutile-aot")


def test_candidate_columns_and_unseen_sizes():
    assert bench.slug("optimized") == "o" and bench.slug("unoptimized") == "unopt"
    assert bench.slug("optimized, iterations in order, no TMA") == "o-ord-notma"
    assert bench.slug("optimized, versioned, alignment only") == "o-ver-align"
    assert bench.slug("optimized, occupancy 2") == "o-occ2"
    jobs = [{"programs": ["cutile", "ours", "o-align", "cutile-aot"]},
            {"programs": ["cutile", "ours", "o-ord", "o-align"]}]
    assert bench._columns(jobs) == ["cutile", "ours", "o-align", "o-ord", "cutile-aot"]
    # unseen sizes: the corpus's TIMING sizes at other n; the suite's scaled "even" input
    data = json.loads((SPECS / "softmax_tiled.json").read_text())
    new = bench._unseen("softmax_tiled", data)
    cols = {k: [p["shape"] for p in v["params"] if p["name"] == "X"][0] for k, v in new.items()}
    assert cols == {"new-1": [bench.ROWS, 1536], "new-2": [bench.ROWS, 2560],
                    "new-3": [bench.ROWS, 2049]}
    suite = json.loads((ROOT / "benchmarks" / "kernels" / "specs" / "fused_add_rmsnorm.json")
                       .read_text())
    new = bench._unseen("fused_add_rmsnorm", suite)
    xs = {k: [p["shape"] for p in v["params"] if p["name"] == "x"][0] for k, v in new.items()}
    seen = {tuple(p["shape"]) for v in bench._specs("fused_add_rmsnorm", suite).values()
            for p in v["params"] if p["name"] == "x"}
    assert len(xs) == 3 and not seen & {tuple(x) for x in xs.values()}
    assert xs["new-3"][-1] % 2 == 1 and new["new-1"]["grid"][0] == 3 * bench.SUITE_SCALE * 3 // 8
    # index tables written by hand for one size: no unseen sizes, rather than wrong ones
    kv = json.loads((ROOT / "benchmarks" / "kernels" / "specs" / "kv_cache_append.json")
                    .read_text())
    assert bench._unseen("kv_cache_append", kv) == {}


def test_compulsory_bytes_count_each_array_once():
    from eqsat.interp.inputs import parse_spec
    k = parse_file(CORPUS / "softmax_tiled.seq.mlir")
    data = json.loads((SPECS / "softmax_tiled.json").read_text())
    big = bench._specs("softmax_tiled", data)["time-even"]
    rd, wr = bench.compulsory(k, parse_spec(data), parse_spec(big))
    assert rd == wr == bench.ROWS * 4096 * 4       # X read, Y written: 134 MB in all


def test_check_prints_best_of_bandwidth_and_the_geomean(tmp_path, capsys):
    pack, out = _fake_run(tmp_path, np.arange(8, dtype=np.float32))
    index = json.loads((pack / "index.json").read_text())
    job = index[0]
    job.update(input="time-even", bytes=134_000_000, chosen="optimized, alignment only",
               programs=["cutile", "ours", "o"], threads={"cutile": 1, "ours": 1, "o": 1})
    sm100 = {**job, "kernel": "fp8", "arch": "sm_100"}
    (pack / "index.json").write_text(json.dumps([job, sm100]))
    h = dict(np.load(out / "k.spec.cutile.npz"))["h"]
    y = np.arange(8, dtype=np.float32)
    for p in job["programs"]:
        np.savez(out / f"k.time-even.{p}.npz", y=y, h=h)
    (out / "times.json").write_text(json.dumps({
        "k.time-even.cutile": 219e-6, "k.time-even.ours": 72e-6, "k.time-even.o": 219e-6}))
    (out / "device.json").write_text(json.dumps({"name": "NVIDIA H100 80GB HBM3",
                                                 "arch": "sm_90"}))
    assert bench.check(pack, out) == 0
    text = capsys.readouterr().out
    row = next(line for line in text.splitlines() if line.startswith("k "))
    assert "72.0u ours" in row and "o-align" in row
    assert " 55.6 " in row                 # 134 MB in 72 us: 1.86 TB/s, 55.6% of 3.35
    assert "# timing sizes: geomean cutile/ours 3.042 over 1 rows" in text
    assert "within 5% of the best measured build on 1/1" in text
    assert "not launched on NVIDIA H100 80GB HBM3 (sm_90), built for a newer GPU: " \
           "fp8 time-even (sm_100)" in text


def test_check_names_losses_and_wins_and_a_run_cut_short(tmp_path, capsys):
    pack, out = _fake_run(tmp_path, np.arange(8, dtype=np.float32))
    times = {"k.spec.cutile": 9.0e-6, "k.spec.ours": 10.0e-6, "k.spec.ours-versioned": 11.0e-6}
    (out / "times.json").write_text(json.dumps(times))
    assert bench.check(pack, out) == 0
    text = capsys.readouterr().out
    assert "cutile/ours over 1 timed runs: min 0.900" in text
    assert "under 0.98: k spec 0.900" in text
    assert "ours-versioned/ours over 1 timed runs" in text
    assert "1.05 or more: k spec 1.100" in text
    # a job the GPU run never reached fails the check, by name
    index = json.loads((pack / "index.json").read_text())
    index.append({**index[0], "input": "odd"})
    (pack / "index.json").write_text(json.dumps(index))
    assert bench.check(pack, out) == 1
    assert "1 jobs not run (the run stopped first): k odd" in capsys.readouterr().out


def test_large_inputs_keep_what_arrays_given_by_value_promise(capsys):
    # kv_cache_append's slots are given value by value (distinct rows): scaling the other
    # arrays around them would make every new row race for slot 0, so the large input is
    # the written one, whose slots are distinct rows of its larger cache
    data = json.loads((ROOT / "benchmarks" / "kernels" / "specs" / "kv_cache_append.json")
                      .read_text())
    large = bench._specs("kv_cache_append", data)["time-even"]
    assert large == json.loads((bench.LARGE / "kv_cache_append.json").read_text())
    spec = load_spec(bench.LARGE / "kv_cache_append.json")
    rows = {a.name: a.shape[0] for a in spec.arrays}
    slots = bench._make("slots", {"dtype": "<i4", "size": rows["slots"], "elem": "i32",
                                  "init": next(a.init for a in spec.arrays
                                               if a.name == "slots")},
                        np.random.default_rng(1))
    assert len(set(slots.tolist())) == slots.size and slots.max() < rows["k_cache"]
    # without a written input, such a kernel gets none, and is told why
    data["params"][0]["name"] = "k_new"
    assert "time-even" not in bench._specs("a_kernel_with_no_written_input", data)
    assert "arrays given value by value (slots)" in capsys.readouterr().err


def test_large_inputs_are_made_as_their_inits_say():
    rng = np.random.default_rng(1)
    ints = bench._make("i", {"dtype": "<i4", "size": 1000, "elem": "i32",
                             "init": {"kind": "randint", "low": 5, "high": 9}}, rng)
    assert ints.dtype == np.int32 and ints.min() >= 5 and ints.max() <= 8
    data = bench._make("d", {"dtype": "<i4", "size": 3, "elem": "i32",
                             "init": {"kind": "data", "values": [0, 7, 2]}}, rng)
    assert data.tolist() == [0, 7, 2]
    ones = bench._make("h", {"dtype": "<u2", "size": 4, "elem": "bf16", "init": "ones"}, rng)
    assert ones.tolist() == [0x3F80] * 4                  # bf16 1.0, as the kernel reads it
    half = bench._make("f", {"dtype": "<f2", "size": 4, "elem": "f16",
                             "init": {"kind": "full", "value": 0.5}}, rng)
    assert half.dtype == np.float16 and half.tolist() == [0.5] * 4


_SUITE = ROOT / "benchmarks" / "kernels"


def test_a_lists_table_rows_are_packed_as_buffer_and_offset():
    # grouped_gemm's three lists reach the kernel as (table, length) pairs; the table's
    # rows (base address, 2 sizes, 2 strides) hold the interpreter's addresses, so each
    # row's base slot is packed as the buffer it points into
    k = parse_file(_SUITE / "grouped_gemm.seq.mlir")
    job, bufs = bench._pack_job(k, load_spec(_SUITE / "specs" / "grouped_gemm.json"), seed=1)
    assert [a[:2] for a in job["args"] if a[0] == "ptr"] == [
        ["ptr", "as_.table"], ["ptr", "bs.table"], ["ptr", "cs.table"]]
    assert job["tables"] == {f"{n}.table": [[0, f"{n}[0]", 0], [5, f"{n}[1]", 0]]
                             for n in ("as_", "bs", "cs")}
    rows = bufs["cs.table"].reshape(2, 5)
    assert rows[:, 1:].tolist() == [[32, 32, 32, 1], [64, 64, 64, 1]]   # sizes, strides
    assert bufs["cs[1]"].size == 64 * 64 and bufs["as_[0]"].size == 32 * 64
    # a kernel with no list packs no table
    plain, _ = bench._pack_job(parse_file(CORPUS / "axpy_alias_inplace.seq.mlir"),
                               load_spec(SPECS / "axpy_alias_overlap.json"), seed=1)
    assert plain["tables"] == {}


def test_compulsory_bytes_count_every_array_of_a_list_by_its_role():
    # grouped_gemm reads the A and B lists and writes the C list; the large input has
    # four arrays per list where the spec it is matched against has two
    k = parse_file(_SUITE / "grouped_gemm.seq.mlir")
    big = load_spec(bench.LARGE / "grouped_gemm.json")
    size = {p.name: sum(int(np.prod(a.shape)) * 2 for a in p.items) for p in big.params}
    rd, wr = bench.compulsory(k, load_spec(_SUITE / "specs" / "grouped_gemm.json"), big)
    assert (rd, wr) == (size["as_"] + size["bs"], size["cs"])
    assert len(big.params[0].items) == 4 and wr == 2 * (2048 * 2048 + 2 * 1024 * 2048 + 1536 ** 2)


def test_device_addresses_replace_the_interpreters_in_a_tables_rows():
    k = parse_file(_SUITE / "grouped_gemm.seq.mlir")
    job, bufs = bench._pack_job(k, load_spec(_SUITE / "specs" / "grouped_gemm.json"), seed=1)
    job.update(kernel="grouped_gemm", input="spec")
    device = {n: 0x7F0000000000 + i * 0x100000 for i, n in enumerate(bufs)}   # fake
    before = {n: b.copy() for n, b in bufs.items()}
    up = bench.with_device_addresses(job, bufs, device)
    for n in ("as_", "bs", "cs"):
        rows = up[f"{n}.table"].reshape(2, 5)
        assert rows[:, 0].tolist() == [device[f"{n}[0]"], device[f"{n}[1]"]]
        assert np.array_equal(rows[:, 1:], before[f"{n}.table"].reshape(2, 5)[:, 1:])
        assert up[f"{n}.table"].dtype == bufs[f"{n}.table"].dtype
    assert all(np.array_equal(bufs[n], before[n]) for n in bufs)      # input left as is
    assert up["as_[0]"] is bufs["as_[0]"]
    # a row into the middle of a buffer: that buffer's device base plus the offset
    job["tables"]["cs.table"][1] = [5, "cs[0]", 64]
    assert bench.with_device_addresses(job, bufs, device)["cs.table"][5] == \
        device["cs[0]"] + 64
    # a row the device has no buffer for, or one past its buffer, is an error, by name
    job["tables"]["cs.table"][1] = [5, "cs[0]", bufs["cs[0]"].nbytes]
    with pytest.raises(ValueError, match=r"grouped_gemm spec: row at slot 5 of 'cs.table' "
                                         r"points 2048 bytes into 'cs\[0\]'"):
        bench.with_device_addresses(job, bufs, device)
    del device["cs[0]"]
    with pytest.raises(ValueError, match=r"'cs\[0\]', which has no device buffer"):
        bench.with_device_addresses(job, bufs, device)


_WHY = missing_reason()


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
def test_prepare_packs_grouped_gemm_and_check_compares_its_lists(tmp_path, monkeypatch,
                                                                  capsys):
    # a small large input (no written one, scale 2) keeps the test short
    monkeypatch.setattr(bench, "LARGE", tmp_path / "no-written-inputs")
    monkeypatch.setattr(bench, "SUITE_SCALE", 2)
    pack, out = tmp_path / "pack", tmp_path / "out"
    assert bench.prepare(pack, only=["grouped_gemm"], sets=("suite",)) == 0
    assert "skipped" not in capsys.readouterr().err
    index = json.loads((pack / "index.json").read_text())
    assert [j["input"] for j in index] == ["spec", "even", "odd", "time-even", "time-odd"]
    lists = [f"{n}[{i}]" for n in ("as_", "bs", "cs") for i in (0, 1)]
    for j in index:
        assert set(j["elems"]) == set(lists) and {"cutile", "ours"} <= set(j["programs"])
        assert set(j["tables"]) == {"as_.table", "bs.table", "cs.table"}
    # a large input is made on the GPU machine; its tables travel value by value
    big = index[3]
    assert big["grid"] == [8, 2, 1] and big["bytes"] > 0
    table = bench._make("cs.table", big["make"]["cs.table"], np.random.default_rng(1))
    assert table.dtype == np.int64 and table.reshape(2, 5)[:, 1:].tolist() == \
        [[64, 32, 32, 1], [128, 64, 64, 1]]
    # the GPU's part, faked: what run uploads, and outputs equal to the interpreter's
    out.mkdir()
    for j in index:
        if "make" in j:
            rng = np.random.default_rng(1)
            ins = {n: bench._make(n, m, rng) for n, m in j["make"].items()}
            ref = ins
        else:
            ins = dict(np.load(pack / f"grouped_gemm.{j['input']}.in.npz"))
            ref = dict(np.load(pack / f"grouped_gemm.{j['input']}.ref.npz"))
        assert set(ref) >= set(lists)
        up = bench.with_device_addresses(j, ins, {n: 0x10000 * (i + 1) for i, n in
                                                  enumerate(ins)})
        for p in j["programs"]:
            np.savez(out / f"grouped_gemm.{j['input']}.{p}.npz", **{**up, **ref})
    (out / "times.json").write_text("{}")
    (out / "errors.json").write_text("{}")
    assert bench.check(pack, out) == 0
    assert "0 wrong" in capsys.readouterr().out
    # one wrong element of one list's output array is found
    key = out / "grouped_gemm.odd.ours.npz"
    got = dict(np.load(key))
    got["cs[1]"] = got["cs[1]"].copy()
    got["cs[1]"][7] += 1.0
    np.savez(key, **got)
    assert bench.check(pack, out) == 1
    row = next(line for line in capsys.readouterr().out.splitlines()
               if line.startswith("grouped_gemm") and " odd " in line)
    assert row.split()[2:4] == ["ok", "DIFFERENT"]


class _FakeCuda:
    """Device memory as a dict: what `_run_job` uploads, where, and what it launches."""

    def __init__(self):
        self.mem: dict[int, np.ndarray] = {}
        self.next = 0x7F0000000000
        self.launches = 0
        self.params: list[int] = []
        self.lib = self
        self.freed: list[int] = []

    def cuMemFree_v2(self, ptr):    # noqa: N802 - the driver's name
        self.freed.append(ptr.value)

    def alloc(self, nbytes):
        self.next += (nbytes + 0xFFFF) // 0x10000 * 0x10000
        return self.next

    def put(self, ptr, arr):
        self.mem[ptr] = np.array(arr)

    def get(self, ptr, like):
        return self.mem[ptr].copy()

    def function(self, cubin, symbol):
        return symbol

    def launch(self, f, threads, grid, params, stream=None):
        self.launches += 1
        self.params = [p.value for p in params]

    def sync(self):
        pass

    def timed(self, work, times=1, stream=None):
        work()
        return 1e-6

    def graph(self, launch, times):
        raise AttributeError("no graphs here")

    def drop(self, graph):
        pass


def test_run_uploads_each_lists_table_with_device_addresses(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(bench, "REPS", 2)
    k = parse_file(_SUITE / "grouped_gemm.seq.mlir")
    job, bufs = bench._pack_job(k, load_spec(_SUITE / "specs" / "grouped_gemm.json"), seed=1)
    (tmp_path / "g.cubin").write_bytes(b"")
    job.update(kernel="grouped_gemm", input="spec", symbol="g", programs=["cutile"],
               threads={"cutile": 128}, cubins={"cutile": "g.cubin"})
    cu = _FakeCuda()
    errors: dict = {}
    bench._run_job(cu, tmp_path, tmp_path, job, bufs, errors)
    assert errors == {} and cu.launches > 0
    # the launch's table argument is the table's device buffer, whose rows hold the
    # device addresses of the list's arrays, whose contents are the packed ones
    table_at = {a[1]: i for i, a in enumerate(job["args"]) if a[0] == "ptr"}
    for n in ("as_", "bs", "cs"):
        table = cu.mem[cu.params[table_at[f"{n}.table"]]].reshape(2, 5)
        assert [cu.mem[int(x)].tobytes() for x in table[:, 0]] == \
            [bufs[f"{n}[0]"].tobytes(), bufs[f"{n}[1]"].tobytes()]
        assert np.array_equal(table[:, 1:], bufs[f"{n}.table"].reshape(2, 5)[:, 1:])
    saved = dict(np.load(tmp_path / "grouped_gemm.spec.cutile.npz"))
    assert set(saved) == set(bufs) and sorted(cu.freed) == sorted(cu.mem)
