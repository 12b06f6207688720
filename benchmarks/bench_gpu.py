"""Run our cubins and cuTile's on a real GPU: results against the interpreter, and time.

Three steps, because tileiras runs here and the GPU is elsewhere:

    python benchmarks/bench_gpu.py prepare PACK [--random N]   # compile + pack (cuda extra)
    python benchmarks/bench_gpu.py run PACK OUT      # on the GPU machine: numpy + libcuda
    python benchmarks/bench_gpu.py check PACK OUT    # compare and print the table

`prepare` compiles, for every kernel of the corpus (tests/corpus) and of the realistic
suite (benchmarks/kernels; `--set` picks) and every input, the programs a launch of
that input runs, for sm_90: cuTile's kernel specialized as cuTile's launcher specializes
it for those arrays (`eqsat.frontend.launch`: shapes divisible by 16, 16-byte strides,
contiguous last axis, base alignment) and compiled as cuTile compiles it (`-O3
--lineinfo`), "cutile"; ours from the same signature with exactly the same facts, as
the default compile path makes it (optimized without versioning, each loop ordered as
tileiras' code size chose), "ours"; ours with every loop left as unordered as the token
rules prove (`loop_parallel="all"`; the same cubin where that is what "ours" is),
"ours-all", which says on the GPU whether the compile path's choice of order pays; and
cuTile's kernel under the hand-written signature of NAME.py (base alignment and
contiguity only), "cutile-aot", an ahead-of-time build no launch runs, kept apart.
Inputs: the spec as it is, every last size rounded up to a multiple of 16 ("even"), one
larger ("odd"), arrays that really overlap where a spec has such a variant, and large
inputs of both kinds: for the corpus kernels in TIMING, sized there; for a kernel with
benchmarks/timing/NAME.json, that one (written where index tables given value by value
must keep their promises); else the "even" input with the first grid dimension and
every array's first size times SUITE_SCALE (the same kernel over more rows or tiles).
Large inputs are made on the GPU machine from their specs' inits (the interpreter's
`make_data`: numpy alone). Every input of a named kernel is timed. Kernels whose module names
another GPU (`GPU = "sm_100"`: fp8_scaled_gemm) and inputs with no launch signature (a
list of arrays: grouped_gemm) are skipped, saying so. Entries are shared by inputs of one
signature class. For
correctness inputs the expected memory is our interpreter's run of NAME.seq.mlir;
`check` compares every array (floats to a tolerance: the GPU reduces in another order)
and prints, per kernel and input, the median time of each program over repeated
launches and the ratio cuTile / ours. Timing inputs are compared between the programs.
"""
from __future__ import annotations

import argparse
import ctypes
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent

# kernel -> (grid for timing, {param name: shape} for timing); sizes picked so a launch
# moves tens of MB (the odd size, one more, must stay within what a spec may hold)
BIG = (1 << 24) - 1024
ROWS = 4080                 # rows of the 2-D timing inputs: ROWS x 4097 still fits a spec
TIMING = {
    "vector_add": (lambda n: [-(-n // 1024)], {"a": "N", "b": "N", "out": "N"}, BIG),
    "axpy_alias_inplace": (lambda n: [132 * 4], {"x": "N", "y": "N"}, BIG),
    "gather_offset": (lambda n: [-(-n // 512)], {"x": "N", "idx": "N", "y": "N"}, 1 << 22),
    "softmax_tiled": (lambda n: [ROWS], {"X": ("R", "N"), "Y": ("R", "N")}, 4096),
    "layernorm_fwd": (lambda n: [ROWS], {"X": ("R", "N"), "W": "N", "B": "N",
                                         "Y": ("R", "N"), "Mean": "R", "Rstd": "R"}, 4096),
    "rmsnorm_fwd": (lambda n: [ROWS], {"X": ("R", "N"), "W": "N", "Y": ("R", "N")}, 4096),
    "matmul_mma": (lambda n: [-(-n // 128), -(-n // 128)],
                   {"A": ("N", "N"), "B": ("N", "N"), "C": ("N", "N")}, 4080),
}
REPS = 200
WARMUP = 10
SAMPLE = 500e-6      # a timed sample runs a program back to back (a CUDA graph of its
MAX_BATCH = 64       # launches) for about this long, at most this many times


# -- prepare (here) ---------------------------------------------------------------------------
def _resizable(data: dict) -> list[dict]:
    """Arrays whose size may change (not those given value by value)."""
    return [p for p in data["params"] if "shape" in p
            and not (isinstance(p.get("init"), dict) and p["init"].get("kind") == "data")]


def _specs(name: str, data: dict) -> dict[str, dict]:
    """The spec's sizes rounded up to multiples of 16 ("even"), one more ("odd"), and a
    large input of each kind ("time-even", "time-odd"); the large one is TIMING's for
    the corpus kernels sized there, else `_large`'s."""
    even = json.loads(json.dumps(data))
    for p in _resizable(even):
        p["shape"][-1] = -(-p["shape"][-1] // 16) * 16
    out = {"even": even, "odd": _plus_one(even)}
    if name in TIMING:
        grid, shapes, n = TIMING[name]
        for label, size in (("time-even", n), ("time-odd", n + 1)):
            t = json.loads(json.dumps(even))
            for p in t["params"]:
                if p.get("name") in shapes:
                    s = shapes[p["name"]]
                    dims = {"N": size, "R": ROWS}
                    p["shape"] = [dims[d] for d in (s if isinstance(s, tuple) else (s,))]
                    if p.get("init", {}) and isinstance(p["init"], dict) and \
                            p["init"].get("kind") == "randint":
                        p["init"]["high"] = size
            t["grid"] = grid(size)
            out[label] = t
        return out
    large = _large(name, even)
    if large is not None:
        out["time-even"], out["time-odd"] = large, _plus_one(large)
    return out


def _plus_one(spec: dict) -> dict:
    """Every resizable array one element longer on its last axis: no size a multiple of
    16, so cuTile's launcher promises no divisibility there."""
    odd = json.loads(json.dumps(spec))
    for p in _resizable(odd):
        p["shape"][-1] += 1
    return odd


def _large(name: str, even: dict) -> dict | None:
    """The large timing input: benchmarks/timing/NAME.json where one is written, else the
    "even" input with the first grid dimension and every array's first size times
    SUITE_SCALE (the same kernel over more rows or tiles). Arrays given value by value
    (index tables, say) keep promises such scaling would break (distinct slots, ranges
    within bounds), so a kernel with one and no written input gets none, saying so."""
    written = LARGE / f"{name}.json"
    if written.exists():
        return json.loads(written.read_text())
    byval = [p["name"] for p in even["params"] if "shape" in p and p not in _resizable(even)]
    if byval:
        print(f"no large input for {name}: arrays given value by value ({', '.join(byval)}) "
              f"cannot be scaled; write {written.relative_to(ROOT)}", file=sys.stderr)
        return None
    t = json.loads(json.dumps(even))
    for p in _resizable(t):
        p["shape"][0] *= SUITE_SCALE
    if t.get("grid"):
        t["grid"] = [t["grid"][0] * SUITE_SCALE, *t["grid"][1:]]
    return t


def _pack_job(kernel, spec, seed: int) -> tuple[dict, dict]:
    from eqsat.interp.inputs import bind
    b = bind(kernel, spec, seed)
    bufs = {buf.name: buf.data for buf in b.memory.buffers}
    base = {buf.name: buf.base for buf in b.memory.buffers}
    args = []
    for p, v in zip(kernel.params, b.args):
        from eqsat.ir.types import PointerType
        if isinstance(p.type.elem, PointerType):
            addr = int(v)
            owner = max((n for n in base if base[n] <= addr), key=lambda n: base[n])
            args.append(["ptr", owner, addr - base[owner]])
        else:
            arr = np.asarray(v)
            args.append(["val", arr.dtype.str, arr.tobytes().hex()])
    return {"args": args, "grid": list(b.grid)}, bufs


PROGRAMS = ("cutile", "ours", "ours-all", "cutile-aot")
SETS = {"corpus": (ROOT / "tests" / "corpus", ROOT / "tests" / "specs"),
        "suite": (ROOT / "benchmarks" / "kernels", ROOT / "benchmarks" / "kernels" / "specs")}
SUITE_SCALE = 1024          # large inputs not sized by hand: grid and first sizes times this
LARGE = ROOT / "benchmarks" / "timing"     # large inputs written out (see _large)


def _entries(name: str, kernel, spec, pack: Path, cache: dict) -> tuple[dict, dict, dict]:
    """(cubin file, symbol, block size) per program for one input: the launch signature
    of its arrays, compiled once per signature class."""
    from eqsat.frontend import from_cutile
    from eqsat.frontend.launch import kernel_signature
    from eqsat.lowering.cutile_workflow import compile_ir, cutile_runs

    sig = kernel_signature(kernel, spec)
    if sig.symbol not in cache:
        tag = f"{name}.c{len(cache)}"
        ir = from_cutile(kernel, sig).kernel
        ours = compile_ir(ir, "sm_90", optimize=True, stats=False)
        every = compile_ir(ir, "sm_90", optimize=True, stats=False,
                           optimize_kw={"loop_parallel": "all"})
        ref = cutile_runs(kernel, sig, ("sm_90",), "13.4", False)[0]
        got = {}
        for prog, run in (("cutile", ref), ("ours", ours), ("ours-all", every)):
            if prog == "ours-all" and run.cubin == ours.cubin:
                got[prog] = got["ours"]
                continue
            path = pack / f"{tag}.{prog}.cubin"
            path.write_bytes(run.cubin)
            got[prog] = (path.name, sig.symbol, _required_threads(path))
            if prog == "ours" and run.note:
                print(f"{name} {prog}: {run.note}", file=sys.stderr)
        cache[sig.symbol] = got
    return cache[sig.symbol]


def prepare(pack: Path, random_kernels: int = 0, only: list[str] | None = None,
            sets: tuple[str, ...] = ("corpus", "suite")) -> int:
    sys.path.insert(0, str(ROOT))
    from eqsat.frontend import load_cutile
    from eqsat.interp.inputs import parse_spec
    from eqsat.errors import EqsatError
    from eqsat.interp import run
    from eqsat.interp.memory import to_storage
    from eqsat.text import parse_file
    from eqsat.lowering.cutile_workflow import cutile_runs

    pack.mkdir(parents=True, exist_ok=True)
    index = []
    kernels = [(folder, specs, p.name.split(".")[0])
               for set_name in sets for folder, specs in [SETS[set_name]]
               for p in sorted(folder.glob("*.seq.mlir"))]
    for folder, specs, name in kernels:
        if only and name not in only:
            continue
        gpu = _module_gpu(folder / f"{name}.py")
        if gpu not in (None, "sm_90"):
            print(f"skipped {name}: its module is for {gpu}", file=sys.stderr)
            continue
        seq = parse_file(folder / f"{name}.seq.mlir")
        kernel, generic, _ = load_cutile(str(folder / f"{name}.py"))
        aot = cutile_runs(kernel, generic, ("sm_90",), "13.4", False)[0]
        path = pack / f"{name}.cutile-aot.cubin"
        path.write_bytes(aot.cubin)
        aot_entry = (path.name, aot.kernel.name, _required_threads(path))
        cache: dict = {}
        data = json.loads((specs / f"{name}.json").read_text())
        inputs = {"spec": data, **_specs(name, data)}
        for label, extra in _overlap_specs(specs, name):   # arrays that really share memory
            inputs[label] = json.loads(extra.read_text())
        for label, sd in inputs.items():
            spec = parse_spec(sd)
            if not label.startswith("time"):
                try:
                    ref = run(seq, spec, seed=1).buffers
                except Exception as e:         # a resized spec this kernel cannot run
                    print(f"skipped {name} {label}: {str(e).splitlines()[0]}",
                          file=sys.stderr)
                    continue
            try:
                entries = {**_entries(name, kernel, spec, pack, cache), "cutile-aot": aot_entry}
            except EqsatError as e:           # e.g. a list of arrays: no launch signature
                print(f"skipped {name} {label}: {str(e).splitlines()[0]}", file=sys.stderr)
                continue
            job, bufs = _pack_job(seq, spec, seed=1)
            elems = {a.name: a.dtype for a in spec.arrays if a.same_as is None}
            if label.startswith("time"):       # made on the GPU machine: too big to carry
                inits = {a.name: a.init for a in spec.arrays}
                job["make"] = {n: {"dtype": b.dtype.str, "size": int(b.size), "elem": elems[n],
                                   "init": inits[n]} for n, b in bufs.items()}
            else:
                np.savez(pack / f"{name}.{label}.in.npz", **bufs)
            if not label.startswith("time"):
                np.savez(pack / f"{name}.{label}.ref.npz", **{
                    n: to_storage(elems[n], np.asarray(ref[n]).reshape(-1)) for n in bufs})
            index.append({"kernel": name, "symbol": entries["cutile"][1], "input": label,
                          **job, "elems": elems, "programs": list(PROGRAMS),
                          "cubins": {p: e[0] for p, e in entries.items()},
                          "symbols": {p: e[1] for p, e in entries.items()},
                          "threads": {p: e[2] for p, e in entries.items()}})
        print(f"packed {name} ({len(cache)} signature classes)", file=sys.stderr)
    index += _random_jobs(pack, random_kernels)
    (pack / "index.json").write_text(json.dumps(index, indent=1))
    return 0


def _module_gpu(path: Path) -> str | None:
    """The GPU a kernel module names (`GPU = "sm_100"`), if any."""
    import re

    m = re.search(r'^GPU\s*=\s*"(\w+)"', path.read_text(), re.MULTILINE)
    return m.group(1) if m else None


def _overlap_specs(specs: Path, name: str) -> list[tuple[str, Path]]:
    """Specs whose arrays really overlap: the corpus's NAME_overlap.json (without an
    `_inplace` suffix), the suite's NAME.*.json."""
    corpus = specs / f"{name.replace('_inplace', '')}_overlap.json"
    found = [("overlap", corpus)] if corpus.exists() else []
    for p in sorted(specs.glob(f"{name}.*.json")):
        found.append((p.name[len(name) + 1:-len(".json")], p))
    return found


def _random_jobs(pack: Path, n: int) -> list[dict]:
    """`n` kernels from `eqsat.testing.kernels()` (derandomized), each as generated
    ("orig") and optimized ("ours"), on its own spec: real hardware against the
    interpreter for the memory orderings the optimizer leaves."""
    if n <= 0:
        return []
    from hypothesis import HealthCheck, given, settings

    from eqsat.errors import EqsatError
    from eqsat.interp import run
    from eqsat.interp.memory import to_storage
    from eqsat.pipeline.optimize import optimize
    from eqsat.testing import kernels
    from eqsat.text import parse, print_kernel
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import compile_bytecode

    cases: list = []

    @settings(max_examples=n, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(kernels())
    def collect(case):
        cases.append(case)

    collect()
    jobs, skipped = [], 0
    for i, case in enumerate(cases):
        name = f"random{i:03d}"
        progs = {"orig": case.kernel, "ours": optimize(parse(print_kernel(case.kernel))).kernel}
        try:
            threads = {}
            for label, k in progs.items():
                (pack / f"{name}.{label}.mlir").write_text(print_kernel(k))
                path = pack / f"{name}.{label}.cubin"
                path.write_bytes(compile_bytecode(kernel_to_bytecode(k), "sm_90").cubin)
                threads[label] = _required_threads(path)
        except EqsatError:
            skipped += 1
            continue
        job, bufs = _pack_job(case.kernel, case.spec, seed=1)
        elems = {a.name: a.dtype for a in case.spec.arrays if a.same_as is None}
        ref = run(case.kernel, case.spec, seed=1).buffers
        np.savez(pack / f"{name}.spec.in.npz", **bufs)
        np.savez(pack / f"{name}.spec.ref.npz", **{
            b: to_storage(elems[b], np.asarray(ref[b]).reshape(-1)) for b in bufs})
        jobs.append({"kernel": name, "symbol": case.kernel.name, "input": "spec", **job,
                     "elems": elems, "programs": list(progs), "threads": threads,
                     "features": sorted(case.features), "tokenized": case.tokenized})
    print(f"packed {len(jobs)} random kernels ({skipped} tileiras would not compile)",
          file=sys.stderr)
    return jobs


def _required_threads(cubin: Path) -> int:
    """The block size tileiras fixed for the kernel (EIATTR_REQNTID in the cubin)."""
    import re
    import subprocess

    from eqsat.toolchain import tool
    out = subprocess.run([tool("cuobjdump"), "-elf", str(cubin)], capture_output=True,
                         text=True, check=True).stdout
    m = re.search(r"EIATTR_REQNTID\s+Format:\s+\S+\s+Value:\s+(0x[0-9a-f]+)", out)
    if m is None:
        raise SystemExit(f"{cubin}: no EIATTR_REQNTID: cannot tell the block size")
    return int(m.group(1), 16)


def _make(name: str, m: dict, rng: np.random.Generator) -> np.ndarray:
    """A timing input, as the spec's init makes it (the interpreter's own `make_data`,
    which needs numpy alone), in the storage the kernel reads."""
    from types import SimpleNamespace

    from eqsat.interp.inputs import make_data
    from eqsat.interp.memory import to_storage
    init = {"kind": m["init"]} if isinstance(m["init"], str) else m["init"]
    a = SimpleNamespace(name=name, shape=(m["size"],), dtype=m["elem"], init=init)
    return to_storage(m["elem"], make_data(a, rng)).astype(np.dtype(m["dtype"]))


def _signed(corpus: Path, name: str):
    from eqsat.frontend import annotate_from_symbol
    from eqsat.text import parse_file
    k = parse_file(corpus / f"{name}.seq.mlir")
    annotate_from_symbol(k)
    return k


# -- run (on the GPU machine: numpy and the CUDA driver only) ---------------------------------
class _Cuda:
    def __init__(self):
        self.lib = ctypes.CDLL("libcuda.so.1")
        self.check(self.lib.cuInit(0), "cuInit")
        dev = ctypes.c_int()
        self.check(self.lib.cuDeviceGet(ctypes.byref(dev), 0), "cuDeviceGet")
        self.ctx = ctypes.c_void_p()
        self.check(self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(self.ctx), dev), "ctx")
        self.check(self.lib.cuCtxSetCurrent(self.ctx), "cuCtxSetCurrent")

    def check(self, rc: int, what: str) -> None:
        if rc != 0:
            msg = ctypes.c_char_p()
            self.lib.cuGetErrorString(rc, ctypes.byref(msg))
            text = msg.value.decode() if msg.value else "?"
            raise RuntimeError(f"{what}: CUDA error {rc} ({text})")

    def alloc(self, nbytes: int) -> int:
        p = ctypes.c_uint64()
        self.check(self.lib.cuMemAlloc_v2(ctypes.byref(p), max(nbytes, 16)), "cuMemAlloc")
        return p.value

    def put(self, ptr: int, arr: np.ndarray) -> None:
        a = np.ascontiguousarray(arr)
        self.check(self.lib.cuMemcpyHtoD_v2(ctypes.c_uint64(ptr), a.ctypes.data_as(
            ctypes.c_void_p), ctypes.c_size_t(a.nbytes)), "HtoD")

    def get(self, ptr: int, like: np.ndarray) -> np.ndarray:
        out = np.empty_like(like)
        self.check(self.lib.cuMemcpyDtoH_v2(out.ctypes.data_as(ctypes.c_void_p),
                                            ctypes.c_uint64(ptr), ctypes.c_size_t(out.nbytes)),
                   "DtoH")
        return out

    def function(self, cubin: bytes, symbol: str):
        mod = ctypes.c_void_p()
        self.check(self.lib.cuModuleLoadData(ctypes.byref(mod), cubin), "cuModuleLoadData")
        f = ctypes.c_void_p()
        self.check(self.lib.cuModuleGetFunction(ctypes.byref(f), mod, symbol.encode()),
                   f"cuModuleGetFunction({symbol})")
        return f

    def launch(self, f, threads: int, grid, params, stream=None) -> None:
        g = (list(grid) + [1, 1, 1])[:3]
        arr = (ctypes.c_void_p * len(params))(*[ctypes.cast(ctypes.pointer(p), ctypes.c_void_p)
                                                 for p in params])
        self.check(self.lib.cuLaunchKernel(f, g[0], g[1], g[2], threads, 1, 1, 0, stream, arr,
                                           None), "cuLaunchKernel")

    def graph(self, launch, times: int) -> tuple:
        """`launch(stream)` captured `times` times into a CUDA graph on a stream of its
        own: one host call then runs them back to back, so a kernel shorter than the
        host's launch overhead is timed by the GPU's clock, not the host's."""
        stream, graph, execu = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_void_p()
        self.check(self.lib.cuStreamCreate(ctypes.byref(stream), 1), "cuStreamCreate")
        self.check(self.lib.cuStreamBeginCapture_v2(stream, 1), "cuStreamBeginCapture")
        try:
            for _ in range(times):
                launch(stream)
        finally:
            self.check(self.lib.cuStreamEndCapture(stream, ctypes.byref(graph)),
                       "cuStreamEndCapture")
        self.check(self.lib.cuGraphInstantiateWithFlags(ctypes.byref(execu), graph,
                                                        ctypes.c_ulonglong(0)),
                   "cuGraphInstantiate")
        return execu, stream, graph

    def drop(self, graph: tuple) -> None:
        execu, stream, g = graph
        self.lib.cuGraphExecDestroy(execu)
        self.lib.cuGraphDestroy(g)
        self.lib.cuStreamDestroy_v2(stream)

    def timed_graph(self, graph: tuple) -> float:
        """Seconds of GPU time one launch of an instantiated graph takes."""
        execu, stream, _ = graph
        return self.timed(lambda: self.check(self.lib.cuGraphLaunch(execu, stream),
                                             "cuGraphLaunch"), stream=stream)

    def timed(self, work, times: int = 1, stream=None) -> float:
        """Seconds of GPU time `work`, done `times` times, takes between two events on
        `stream` (the default stream if None)."""
        ev = [ctypes.c_void_p(), ctypes.c_void_p()]
        for e in ev:
            self.check(self.lib.cuEventCreate(ctypes.byref(e), 0), "cuEventCreate")
        self.check(self.lib.cuEventRecord(ev[0], stream), "cuEventRecord")
        for _ in range(times):
            work()
        self.check(self.lib.cuEventRecord(ev[1], stream), "cuEventRecord")
        self.check(self.lib.cuEventSynchronize(ev[1]), "cuEventSynchronize")
        ms = ctypes.c_float()
        self.check(self.lib.cuEventElapsedTime(ctypes.byref(ms), ev[0], ev[1]), "elapsed")
        for e in ev:
            self.lib.cuEventDestroy_v2(e)
        return ms.value / 1e3

    def sync(self) -> None:
        self.check(self.lib.cuCtxSynchronize(), "sync")


def _param(spec, ptrs):
    if spec[0] == "ptr":
        return ctypes.c_uint64(ptrs[spec[1]] + spec[2])
    dt = np.dtype(spec[1])
    raw = bytes.fromhex(spec[2])
    ctype = {1: ctypes.c_uint8, 2: ctypes.c_uint16, 4: ctypes.c_uint32, 8: ctypes.c_uint64}[
        dt.itemsize]
    return ctype.from_buffer_copy(raw)


class _Loaded:
    """One program of a job, on the GPU: its function, block size and params over the
    job's buffers."""

    def __init__(self, cu: _Cuda, pack: Path, job: dict, prog: str, ptrs: dict[str, int]):
        self.cu, self.grid = cu, job["grid"]
        cubin = job.get("cubins", {}).get(prog, f"{job['kernel']}.{prog}.cubin")
        self.f = cu.function((pack / cubin).read_bytes(),
                             job.get("symbols", {}).get(prog, job["symbol"]))
        self.threads = job["threads"][prog]
        self.params = [_param(s, ptrs) for s in job["args"]]

    def launch(self, stream=None) -> None:
        self.cu.launch(self.f, self.threads, self.grid, self.params, stream)


def _run_job(cu: _Cuda, pack: Path, out: Path, job: dict, ins: dict,
             errors: dict) -> dict[str, float]:
    """Every program of a job on its input, one after another on the same buffers (so
    no program gets luckier addresses: identical code differed by 3% on separate
    allocations), each from the input afresh: final memory to OUT/KEY.npz. Then, for
    every input of a named kernel (small sizes too: a launch-bound kernel is a size users
    run), the programs take turns launch by launch, each round starting at the next
    program (so drift in clocks, memory traffic or cache contents hits all alike), and
    each gets the median of its samples."""
    ptrs = {n: cu.alloc(a.nbytes) for n, a in ins.items()}
    loaded: dict[str, _Loaded] = {}
    try:
        for prog in job["programs"]:
            key = f"{job['kernel']}.{job['input']}.{prog}"
            try:
                for n, a in ins.items():
                    cu.put(ptrs[n], a)
                run = _Loaded(cu, pack, job, prog, ptrs)
                run.launch()
                cu.sync()
                np.savez(out / f"{key}.npz", **{n: cu.get(ptrs[n], a) for n, a in ins.items()})
                loaded[key] = run
            except RuntimeError as e:
                errors[key] = str(e)
                print(f"FAILED {key}: {e}", file=sys.stderr)
        if job["kernel"].startswith("random"):
            return {}
        if not loaded:
            return {}
        for run in loaded.values():
            for _ in range(WARMUP):
                run.launch()
        keys = list(loaded)
        one = float(np.median([cu.timed(loaded[keys[0]].launch) for _ in range(WARMUP)]))
        batch = max(1, min(MAX_BATCH, round(SAMPLE / max(one, 1e-7))))
        graphs: dict[str, tuple] = {}
        try:
            for k in keys:
                graphs[k] = cu.graph(loaded[k].launch, batch)
                cu.timed_graph(graphs[k])
        except (RuntimeError, AttributeError) as e:   # no graphs: time host launches
            for g in graphs.values():
                cu.drop(g)
            print(f"no CUDA graph for {job['kernel']} {job['input']} ({e}): host launches",
                  file=sys.stderr)
            graphs = {}
        samples: dict[str, list[float]] = {k: [] for k in loaded}
        for r in range(REPS):
            for key in keys[r % len(keys):] + keys[:r % len(keys)]:
                t = (cu.timed_graph(graphs[key]) if graphs
                     else cu.timed(loaded[key].launch, batch))
                samples[key].append(t / batch)
        cu.sync()
        for g in graphs.values():
            cu.drop(g)
        return {k: float(np.median(v)) for k, v in samples.items()}
    finally:
        for p in ptrs.values():
            cu.lib.cuMemFree_v2(ctypes.c_uint64(p))


def run_pack(pack: Path, out: Path, resume: bool = False, skip: tuple[str, ...] = ()) -> int:
    """Every job of the pack; with `resume`, the jobs a cut-short run into the same OUT
    left undone; kernels in `skip` are not launched at all (check reports them)."""
    sys.path.insert(0, str(ROOT))                # `_make`: this checkout's interpreter
    cu = _Cuda()
    out.mkdir(parents=True, exist_ok=True)
    index = json.loads((pack / "index.json").read_text())
    times: dict[str, float] = {}
    errors: dict[str, str] = {}
    if resume and (out / "times.json").exists():
        times = json.loads((out / "times.json").read_text())
        errors = json.loads((out / "errors.json").read_text())
    for job in index:
        keys = [f"{job['kernel']}.{job['input']}.{p}" for p in job["programs"]]
        if job["kernel"] in skip or resume and all(
                (out / f"{k}.npz").exists() or k in errors for k in keys) and (
                job["kernel"].startswith("random") or any(k in times for k in keys)):
            continue
        if "make" in job:
            rng = np.random.default_rng(1)
            ins = {n: _make(n, m, rng) for n, m in job["make"].items()}
        else:
            ins = dict(np.load(pack / f"{job['kernel']}.{job['input']}.in.npz"))
        times.update(_run_job(cu, pack, out, job, ins, errors))
        # after every job: a run cut short by a time limit still leaves what it measured
        (out / "errors.json").write_text(json.dumps(errors, indent=1))
        (out / "times.json").write_text(json.dumps(times, indent=1))
        print(f"ran {job['kernel']} {job['input']}", file=sys.stderr, flush=True)
    return 0


# -- check (here) -----------------------------------------------------------------------------
def _decode(elem: str, raw: np.ndarray) -> np.ndarray:
    if elem == "bf16":
        return (raw.astype(np.uint32) << np.uint32(16)).view(np.float32)
    return raw


def _close(elem: str, a: np.ndarray, b: np.ndarray) -> bool:
    """Same contents: integers exactly, floats to a tolerance (another reduction order;
    half precision rounds the difference up)."""
    a, b = _decode(elem, a)[:b.size], _decode(elem, b)[:a.size]
    if a.dtype.kind != "f":
        return bool(np.array_equal(a, b))
    tol = 2e-2 if elem in ("f16", "bf16") else 2e-3
    return bool(np.allclose(a.astype(np.float64), b.astype(np.float64), rtol=tol, atol=tol,
                            equal_nan=True))


FLOOR, NAMED = 0.98, 1.05      # a ratio under FLOOR is a loss; at NAMED or above, a win


def _summary(progs: list[str], rows: list) -> None:
    """Per program against ours: spread of the time ratios, and every run that is a loss
    (under FLOOR) or a win big enough to name (NAMED or more)."""
    for p in progs:
        if p == "ours":
            continue
        ratios = sorted((at[p] / at["ours"], name, label) for name, label, _, _, t in rows
                        for at in [dict(zip(progs, t))] if at.get(p) and at.get("ours"))
        if not ratios:
            continue
        r = [x[0] for x in ratios]
        print(f"# {p}/ours over {len(r)} timed runs: min {r[0]:.3f}, "
              f"median {float(np.median(r)):.3f}, max {r[-1]:.3f}")
        low = [f"{n} {lab} {x:.3f}" for x, n, lab in ratios if x < FLOOR]
        high = [f"{n} {lab} {x:.3f}" for x, n, lab in ratios if x >= NAMED]
        print(f"#   under {FLOOR}: {', '.join(low) or 'none'}")
        print(f"#   {NAMED} or more: {', '.join(high) or 'none'}")


def check(pack: Path, out: Path) -> int:
    index = json.loads((pack / "index.json").read_text())
    times = json.loads((out / "times.json").read_text())
    errors = json.loads((out / "errors.json").read_text())
    bad = 0
    rows = []
    random_bad: list[str] = []
    random_unordered: list[str] = []
    random_ok = 0
    not_run: list[str] = []
    twins: list[float] = []
    for job in index:
        name, label = job["kernel"], job["input"]
        keys = {p: f"{name}.{label}.{p}" for p in job["programs"]}
        if not any((out / f"{k}.npz").exists() or k in errors for k in keys.values()):
            not_run.append(f"{name} {label}")      # the run stopped before this job
            continue
        got = {p: dict(np.load(out / f"{k}.npz")) for p, k in keys.items()
               if k not in errors}
        if label.startswith("time"):
            ref, what = got.get("cutile"), "cuTile's output"
        else:
            ref, what = dict(np.load(pack / f"{name}.{label}.ref.npz")), "the interpreter"
        verdict = []
        for p in job["programs"]:
            if p not in got or ref is None:
                verdict.append("FAILED")
                continue
            ok = all(_close(job["elems"][n], ref[n], got[p][n]) for n in ref)
            verdict.append("ok" if ok else "DIFFERENT")
        if name.startswith("random"):
            # a token-free kernel promises tileiras no order between its memory ops
            # (the interpreter runs it in program order, eqsat's input convention), so
            # only its optimized form, which carries the tokens, must agree
            free = dict(zip(job["programs"], verdict))
            if not job.get("tokenized") and free.get("orig") == "DIFFERENT":
                random_unordered.append(name)
                free["orig"] = "ok"
            if all(v == "ok" for v in free.values()):
                random_ok += 1
            else:
                bad += sum(v != "ok" for v in free.values())
                random_bad.append(f"{name} ({', '.join(job.get('features', []))}): "
                                  + ", ".join(f"{p} {v}" for p, v in
                                              zip(job["programs"], verdict)))
            continue
        bad += sum(v != "ok" for v in verdict)
        t = [times.get(f"{name}.{label}.{p}") for p in job["programs"]]
        rows.append((name, label, what, verdict, t))
        at, cubins = dict(zip(job["programs"], t)), job.get("cubins", {})
        twins += [at[b] / at[a] for a, b in zip(job["programs"], job["programs"][1:])
                  if cubins.get(a) and cubins.get(a) == cubins.get(b) and at[a] and at[b]]
    print(f"# {len(rows)} runs on the GPU; results vs the interpreter (correctness inputs) "
          f"or vs cuTile's output (timing inputs); times are medians of {REPS} samples "
          f"(CUDA events), each a CUDA graph of 1 to {MAX_BATCH} launches back to back "
          f"(about {SAMPLE * 1e6:.0f} us) divided by their number")
    progs = next((j["programs"] for j in index if not j["kernel"].startswith("random")),
                 list(PROGRAMS))
    head = f"{'kernel':<22} {'input':<10} " + " ".join(f"{p:<10}" for p in progs)
    head += " " + " ".join(f"{'t ' + p:>13}" for p in progs)
    head += " " + " ".join(f"{p + '/ours':>16}" for p in progs if p != "ours")
    print(head)
    for name, label, _, v, t in rows:
        line = f"{name:<22} {label:<10} " + " ".join(f"{x:<10}" for x in v)
        line += " " + " ".join(f"{x * 1e6:12.1f}u" if x else f"{'-':>13}" for x in t)
        at = dict(zip(progs, t))
        for p in progs:
            if p != "ours":
                r = at.get(p), at.get("ours")
                line += f" {r[0] / r[1]:16.2f}" if r[0] and r[1] else " " * 17
        print(line.rstrip())
    _summary(progs, rows)
    if twins:       # one cubin timed as two programs: what noise alone does to a ratio
        print(f"# the same cubin timed as two programs, {len(twins)} runs: ratios "
              f"{min(twins):.3f} to {max(twins):.3f}, median {float(np.median(twins)):.3f}")
    if random_ok or random_bad:
        print(f"# random kernels (eqsat.testing), as generated and optimized: "
              f"{random_ok} equal to the interpreter, {len(random_bad)} not; "
              f"{len(random_unordered)} token-free originals ran out of program order on "
              f"the GPU (Tile IR promises none without tokens), their optimized forms did not")
        for line in random_bad:
            print(f"#   {line}")
    for key, msg in sorted(errors.items()):
        print(f"# FAILED {key}: {msg}")
    if not_run:
        more = f", and {len(not_run) - 12} more" if len(not_run) > 12 else ""
        print(f"# {len(not_run)} jobs not run (the run stopped first): "
              f"{', '.join(not_run[:12])}{more}")
    print(f"# {bad} wrong or failed results")
    return 1 if bad or not_run else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("pack", type=Path)
    p.add_argument("--only", nargs="+", metavar="NAME", help="only these kernels")
    p.add_argument("--set", choices=("corpus", "suite", "all"), default="all",
                   help="the corpus (tests/corpus), the suite (benchmarks/kernels) or both")
    p.add_argument("--random", type=int, default=0, metavar="N",
                   help="also N random kernels from eqsat.testing, as generated and optimized")
    p = sub.add_parser("run")
    p.add_argument("pack", type=Path)
    p.add_argument("out", type=Path)
    p.add_argument("--resume", action="store_true",
                   help="run only the jobs an earlier, cut-short run into OUT left undone")
    p.add_argument("--skip", nargs="+", default=(), metavar="NAME",
                   help="launch none of these kernels")
    p = sub.add_parser("check")
    p.add_argument("pack", type=Path)
    p.add_argument("out", type=Path)
    a = ap.parse_args(argv)
    if a.cmd == "prepare":
        sets = ("corpus", "suite") if a.set == "all" else (a.set,)
        return prepare(a.pack, a.random, a.only, sets)
    if a.cmd == "run":
        return run_pack(a.pack, a.out, a.resume, tuple(a.skip))
    return check(a.pack, a.out)


if __name__ == "__main__":
    sys.exit(main())
