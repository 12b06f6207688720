"""Run our cubins and cuTile's on a real GPU: results against the interpreter, and time.

Three steps, because tileiras runs here and the GPU is elsewhere:

    python benchmarks/bench_gpu.py prepare PACK [--random N]   # compile + pack (cuda extra)
    python benchmarks/bench_gpu.py run PACK OUT      # on the GPU machine: numpy + libcuda
    python benchmarks/bench_gpu.py check PACK OUT    # compare and print the table

`prepare` compiles, for every kernel of the corpus (tests/corpus) and of the realistic
suite (benchmarks/kernels; `--set` picks) and every input, the programs a launch of
that input runs, for sm_90 (sm_100 for a module that names it: `GPU = "sm_100"`, judged
for a B200 and launched only on a GPU that runs it): cuTile's kernel specialized as
cuTile's launcher specializes it for those arrays (`eqsat.frontend.launch`: shapes
divisible by 16, 16-byte strides, contiguous last axis, base alignment) and compiled as
cuTile compiles it (`-O3 --lineinfo`), "cutile"; ours from the same signature with
exactly the same facts, as the compile path chooses it for this input's launch (the time
model among its candidates: `eqsat.lowering.cutile_workflow`), "ours"; every other
candidate build the compile path made, one column each ("o" the optimizer's output, "-ord"
loop iterations in order, "-notma" `allow_tma = false`, "-align" the launcher's
divisibility dropped, "-occ2" an occupancy hint, "-ver" versioned), so the GPU says
whether the choice was right; and cuTile's kernel under the hand-written signature of
NAME.py (base alignment and contiguity only), "cutile-aot", an ahead-of-time build no
launch runs, kept apart. A cubin two programs share is timed once.
Inputs: the spec as it is, every last size rounded up to a multiple of 16 ("even"), one
larger ("odd"), arrays that really overlap where a spec has such a variant, and large
inputs of both kinds: for the corpus kernels in TIMING, sized there; for a kernel with
benchmarks/timing/NAME.json, that one (written where index tables given value by value
must keep their promises); else the "even" input with the first grid dimension and
every array's first size times SUITE_SCALE (the same kernel over more rows or tiles);
with `--unseen`, three more large sizes the model was not fitted on ("new-1".."new-3").
Large inputs are made on the GPU machine from their specs' inits (the interpreter's
`make_data`: numpy alone). Every input of a named kernel is timed. A list of arrays
(grouped_gemm) travels as its arrays and its table of rows (base address, sizes,
strides); the interpreter's addresses in the table are rewritten to the device's before
the upload (`with_device_addresses`). Entries are shared by inputs of one signature
class. For correctness inputs the expected memory is our
interpreter's run of NAME.seq.mlir; `check` compares every array (floats to a tolerance:
the GPU reduces in another order) and prints, per kernel and input, the median time of
each program over repeated launches, the best of them ("best-of"), the candidate the
model chose, the DRAM bandwidth ours achieves as % of the device's peak (compulsory
bytes: every array read once, every array written once, over time), and the ratios to
ours; at the end, the geomean of cutile/ours over the timing sizes (and, apart, over the
unseen ones). Timing inputs are compared between the programs.
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
def _arrays(data: dict) -> list[dict]:
    """Every array of a spec, the arrays of its lists included."""
    return [a for p in data["params"] for a in p.get("list", [p]) if "shape" in a]


def _resizable(data: dict) -> list[dict]:
    """Arrays whose size may change (not those given value by value)."""
    return [p for p in _arrays(data)
            if not (isinstance(p.get("init"), dict) and p["init"].get("kind") == "data")]


def _specs(name: str, data: dict) -> dict[str, dict]:
    """The spec's sizes rounded up to multiples of 16 ("even"), one more ("odd"), and a
    large input of each kind ("time-even", "time-odd"); the large one is TIMING's for
    the corpus kernels sized there, else `_large`'s."""
    even = json.loads(json.dumps(data))
    for p in _resizable(even):
        p["shape"][-1] = -(-p["shape"][-1] // 16) * 16
    out = {"even": even, "odd": _plus_one(even)}
    if name in TIMING:
        n = TIMING[name][2]
        out["time-even"], out["time-odd"] = _timing(name, even, n), _timing(name, even, n + 1)
        return out
    large = _large(name, even)
    if large is not None:
        out["time-even"], out["time-odd"] = large, _plus_one(large)
    return out


def _timing(name: str, even: dict, size: int) -> dict:
    """A corpus kernel's large input as TIMING sizes it, at `size`."""
    grid, shapes, _ = TIMING[name]
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
    return t


def _scaled(even: dict, factor: int) -> dict:
    """The "even" input with the first grid dimension and every array's first size
    times `factor` (the same kernel over more rows or tiles)."""
    t = json.loads(json.dumps(even))
    for p in _resizable(t):
        p["shape"][0] *= factor
    if t.get("grid"):
        t["grid"] = [t["grid"][0] * factor, *t["grid"][1:]]
    return t


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
    byval = [p.get("name", "an array of a list") for p in _arrays(even)
             if p not in _resizable(even)]
    if byval:
        print(f"no large input for {name}: arrays given value by value ({', '.join(byval)}) "
              f"cannot be scaled; write {written.relative_to(ROOT)}", file=sys.stderr)
        return None
    return _scaled(even, SUITE_SCALE)


def _owner(base: dict[str, int], addr: int) -> tuple[str, int]:
    """The buffer an interpreter address points into (the one starting last at or before
    it) and the byte offset there: what the GPU side rebuilds the address from."""
    owner = max((n for n in base if base[n] <= addr), key=lambda n: base[n])
    return owner, addr - base[owner]


def _pack_job(kernel, spec, seed: int) -> tuple[dict, dict]:
    """(the launch: arguments, grid, list tables; the buffers by name) for `spec` bound
    to `kernel`. A pointer argument becomes its buffer and offset. A list of arrays
    reaches the kernel as a pointer to a table (one i64 row per array: base address,
    sizes, strides) and the list's length; the interpreter fills the base addresses with
    its own, so each row's base slot is recorded as (slot, buffer, offset), for the GPU
    side to write the device address there (`with_device_addresses`)."""
    from eqsat.interp.inputs import bind
    from eqsat.ir.types import PointerType
    b = bind(kernel, spec, seed)
    bufs = {buf.name: buf.data for buf in b.memory.buffers}
    base = {buf.name: buf.base for buf in b.memory.buffers}
    arrays = {a.name for a in spec.arrays if a.same_as is None}
    args: list[list] = []
    tables: dict[str, list[list]] = {}
    for i, (p, v) in enumerate(zip(kernel.params, b.args)):
        if isinstance(p.type.elem, PointerType):
            owner, off = _owner(base, int(v))
            args.append(["ptr", owner, off])
            if owner not in arrays and owner not in tables:   # a list's table (bind's own)
                rows = int(b.args[i + 1])                     # the list's length follows it
                table = bufs[owner]
                width = table.size // rows
                tables[owner] = [[j * width, *_owner(base, int(table[j * width]))]
                                 for j in range(rows)]
        else:
            arr = np.asarray(v)
            args.append(["val", arr.dtype.str, arr.tobytes().hex()])
    return {"args": args, "grid": list(b.grid), "tables": tables}, bufs


def with_device_addresses(job: dict, ins: dict[str, np.ndarray],
                          device: dict[str, int]) -> dict[str, np.ndarray]:
    """The job's input buffers with every list table's base-address slots holding the
    device address of the array there (`device`: buffer name -> its device base), the
    rest as packed: what is uploaded before a launch. The tables are copies; `ins` is
    not changed."""
    out = dict(ins)
    for name, rows in job.get("tables", {}).items():
        if name not in ins:
            raise ValueError(f"{job['kernel']} {job['input']}: list table '{name}' is not "
                             f"among the job's buffers")
        table = np.array(ins[name], dtype=np.int64)
        for slot, owner, off in rows:
            if owner not in device or owner not in ins:
                raise ValueError(f"{job['kernel']} {job['input']}: row at slot {slot} of "
                                 f"'{name}' points into '{owner}', which has no device buffer")
            if not 0 <= off < max(ins[owner].nbytes, 1) or not 0 <= slot < table.size:
                raise ValueError(f"{job['kernel']} {job['input']}: row at slot {slot} of "
                                 f"'{name}' points {off} bytes into '{owner}', outside its "
                                 f"{ins[owner].nbytes} bytes")
            table[slot] = device[owner] + off
        out[name] = table.astype(ins[name].dtype, copy=False)
    return out


PROGRAMS = ("cutile", "ours", "cutile-aot")   # and one column per other candidate build
SETS = {"corpus": (ROOT / "tests" / "corpus", ROOT / "tests" / "specs"),
        "suite": (ROOT / "benchmarks" / "kernels", ROOT / "benchmarks" / "kernels" / "specs")}
SUITE_SCALE = 1024          # large inputs not sized by hand: grid and first sizes times this
LARGE = ROOT / "benchmarks" / "timing"     # large inputs written out (see _large)


def slug(candidate: str) -> str:
    """A candidate build's column name: "optimized, iterations in order, no TMA" ->
    "o-ord-notma"."""
    out = "unopt" if candidate == "unoptimized" else "o"
    for part, tag in ((", versioned", "-ver"), (", iterations in order", "-ord"),
                      (", no TMA", "-notma"), (", alignment only", "-align"),
                      (", occupancy 2", "-occ2")):
        if part in candidate:
            out += tag
    return out


def compulsory(seq, spec_small, spec) -> tuple[int, int]:
    """(bytes read, bytes written): every array the kernel reads, read once, and every
    array it writes, written once; sizes from `spec`, which parameter is which array from
    a bind of `spec_small` (the same arrays, smaller). A list's arrays count where the
    alias model tells them apart from the rest (one root per list, from the cuTile
    symbol), else as any array."""
    import math

    from eqsat.interp.inputs import ListSpec
    from eqsat.ir.ops import MEMORY_OPS
    from eqsat.memory.alias import UNIVERSE, alias_model, element_root, is_write

    job, _ = _pack_job(seq, spec_small, seed=1)
    owner = {i: {a[1]} for i, a in enumerate(job["args"]) if a[0] == "ptr"}
    # a list's arrays: one root per table; tables come in the order of the spec's lists,
    # whose arrays `spec` may have more of than `spec_small`
    tables = [i for i, a in enumerate(job["args"]) if a[0] == "ptr" and a[1] in job["tables"]]
    lists = [p for p in spec.params if isinstance(p, ListSpec)]
    for i, lst in zip(tables, lists, strict=True):
        owner[element_root(i)] = {a.name for a in lst.items}
    facts, _ = alias_model(seq)
    reads: set[str] = set()
    writes: set[str] = set()
    for op in seq.walk():
        if op.name not in MEMORY_OPS:
            continue
        roots = facts.footprint(op)
        names = set().union(*owner.values()) if UNIVERSE in roots else \
            set().union(*(owner[r] for r in roots if r in owner))
        (writes if is_write(op) else reads).update(names)
        if op.name.startswith("atomic"):
            reads.update(names)
    size = {a.name: math.prod(a.shape) * ELEM_BYTES.get(a.dtype, 4)
            for a in spec.arrays if a.same_as is None}
    return sum(size.get(n, 0) for n in reads), sum(size.get(n, 0) for n in writes)


ELEM_BYTES = {"f64": 8, "i64": 8, "f32": 4, "i32": 4, "tf32": 4, "f16": 2, "bf16": 2,
              "i16": 2, "i8": 1, "i1": 1, "f8e4m3fn": 1, "f8e5m2": 1, "f8e8m0fnu": 1}


def _entries(name: str, kernel, spec, pack: Path, cache: dict, arch: str = "sm_90",
             gpu: str = "h100-sxm", launch=None) -> tuple[dict, dict, str]:
    """(programs: cubin file, symbol, block size; predicted us per program; the chosen
    candidate) for one input: the launch signature of its arrays, its candidates compiled
    once per signature class, the time model choosing for this input's launch."""
    import math

    from eqsat.frontend import from_cutile
    from eqsat.frontend.launch import kernel_signature
    from eqsat.lowering.cutile_workflow import choose, compile_ir, cutile_runs
    from eqsat.lowering.timemodel import GPUS, Launch

    sig = kernel_signature(kernel, spec)
    if sig.symbol not in cache:
        tag = f"{name}.c{len(cache)}"
        ir = from_cutile(kernel, sig).kernel
        ours = compile_ir(ir, arch, optimize=True, stats=False, gpu=gpu)
        ref = cutile_runs(kernel, sig, (arch,), "13.4", False)[0]
        got: dict = {}
        seen: dict[bytes, str] = {}
        for prog, cubin in [("cutile", ref.cubin),
                            *((slug(c.name), c.run.cubin) for c in ours.choice.candidates
                              if c.run is not None)]:
            if prog in got:
                continue
            if cubin in seen:                      # one cubin, timed once
                got[prog] = got[seen[cubin]]
                continue
            path = pack / f"{tag}.{prog}.cubin"
            path.write_bytes(cubin)
            got[prog] = (path.name, sig.symbol, _required_threads(path))
            seen[cubin] = prog
        cache[sig.symbol] = (got, ours.choice.candidates)
    got, cands = cache[sig.symbol]
    launch = launch or Launch(math.prod(spec.grid), 64 << 20, 64 << 20)
    chosen = choose(list(cands), GPUS[gpu], launch)
    programs = {"cutile": got["cutile"], "ours": got[slug(chosen.name)]}
    predicted = {"ours": chosen.prediction.us if chosen.prediction else None}
    for c in cands:
        p = slug(c.name)
        if c.run is not None and p in got and got[p] not in programs.values():
            programs[p] = got[p]
            predicted[p] = c.prediction.us if c.prediction else None
    return programs, predicted, chosen.name


def prepare(pack: Path, random_kernels: int = 0, only: list[str] | None = None,
            sets: tuple[str, ...] = ("corpus", "suite"), gpu: str = "h100-sxm",
            unseen: bool = False) -> int:
    """Compile and pack. `gpu`: the GPU the time model chooses for (a kernel whose
    module names sm_100 is compiled for sm_100 and judged for a B200); `unseen`: also
    three sizes per kernel the model was not fitted on ("new-1" to "new-3")."""
    sys.path.insert(0, str(ROOT))
    from eqsat.frontend import load_cutile
    from eqsat.interp.inputs import parse_spec
    from eqsat.errors import EqsatError
    from eqsat.interp import run
    from eqsat.interp.memory import to_storage
    from eqsat.text import parse_file
    from eqsat.lowering.cutile_workflow import cutile_runs
    from eqsat.lowering.timemodel import Launch

    pack.mkdir(parents=True, exist_ok=True)
    index = []
    kernels = [(folder, specs, p.name.split(".")[0])
               for set_name in sets for folder, specs in [SETS[set_name]]
               for p in sorted(folder.glob("*.seq.mlir"))]
    for folder, specs, name in kernels:
        if only and name not in only:
            continue
        arch = _module_gpu(folder / f"{name}.py") or "sm_90"
        model_gpu = "b200" if arch == "sm_100" else gpu
        seq = parse_file(folder / f"{name}.seq.mlir")
        kernel, generic, _ = load_cutile(str(folder / f"{name}.py"))
        aot = cutile_runs(kernel, generic, (arch,), "13.4", False)[0]
        path = pack / f"{name}.cutile-aot.cubin"
        path.write_bytes(aot.cubin)
        aot_entry = (path.name, aot.kernel.name, _required_threads(path))
        cache: dict = {}
        data = json.loads((specs / f"{name}.json").read_text())
        inputs = {"spec": data, **_specs(name, data)}
        if unseen:
            inputs.update(_unseen(name, data))
        for label, extra in _overlap_specs(specs, name):   # arrays that really share memory
            inputs[label] = json.loads(extra.read_text())
        small = parse_spec(data)
        for label, sd in inputs.items():
            spec = parse_spec(sd)
            big = label.startswith(TIMED)
            if not big:
                try:
                    ref = run(seq, spec, seed=1).buffers
                except Exception as e:         # a resized spec this kernel cannot run
                    print(f"skipped {name} {label}: {str(e).splitlines()[0]}",
                          file=sys.stderr)
                    continue
            try:
                rd, wr = compulsory(seq, spec if label == "overlap" else small, spec)
            except Exception:                  # noqa: BLE001 - bytes unknown: no DRAM %
                rd = wr = 0
            import math
            launch = Launch(math.prod(spec.grid), rd, wr) if rd + wr else None
            try:
                entries, predicted, chosen = _entries(name, kernel, spec, pack, cache, arch,
                                                      model_gpu, launch)
            except EqsatError as e:           # an input the launcher has no signature for
                print(f"skipped {name} {label}: {str(e).splitlines()[0]}", file=sys.stderr)
                continue
            entries["cutile-aot"] = aot_entry
            job, bufs = _pack_job(seq, spec, seed=1)
            elems = {a.name: a.dtype for a in spec.arrays if a.same_as is None}
            if big:                            # made on the GPU machine: too big to carry
                inits = {a.name: a.init for a in spec.arrays}
                # a list's table is small and has no init: carried value by value
                inits.update({t: {"kind": "data", "values": bufs[t].tolist()}
                              for t in job["tables"]})
                job["make"] = {n: {"dtype": b.dtype.str, "size": int(b.size),
                                   "elem": elems.get(n, "i64"), "init": inits[n]}
                               for n, b in bufs.items()}
            else:
                np.savez(pack / f"{name}.{label}.in.npz", **bufs)
                np.savez(pack / f"{name}.{label}.ref.npz", **{
                    n: to_storage(elems[n], np.asarray(ref[n]).reshape(-1)) for n in elems})
            index.append({"kernel": name, "symbol": entries["cutile"][1], "input": label,
                          **job, "elems": elems, "programs": list(entries), "arch": arch,
                          "gpu": model_gpu, "chosen": chosen, "predicted": predicted,
                          "bytes": rd + wr,
                          "cubins": {p: e[0] for p, e in entries.items()},
                          "symbols": {p: e[1] for p, e in entries.items()},
                          "threads": {p: e[2] for p, e in entries.items()}})
        print(f"packed {name} for {arch} ({len(cache)} signature classes)", file=sys.stderr)
    index += _random_jobs(pack, random_kernels)
    (pack / "index.json").write_text(json.dumps(index, indent=1))
    return 0


TIMED = ("time", "new")      # inputs made on the GPU machine and timed: large sizes


def _unseen(name: str, data: dict) -> dict[str, dict]:
    """Three large sizes the time model was not fitted on ("new-1" to "new-3"): at 3/8
    and 5/8 of the timing size, multiples of 16, and at 1/2 plus one, odd; sized as
    TIMING sizes a corpus kernel, else by scaling the "even" input as `_large` does. A
    kernel whose large input is written by hand (benchmarks/timing/) gets none: its
    index tables were written for that one size."""
    even = _specs(name, data)["even"]
    if name in TIMING:
        n = TIMING[name][2]
        return {"new-1": _timing(name, even, n * 3 // 8 // 16 * 16),
                "new-2": _timing(name, even, n * 5 // 8 // 16 * 16),
                "new-3": _timing(name, even, n // 2 + 1)}
    if (LARGE / f"{name}.json").exists() or _large(name, even) is None:
        return {}
    return {"new-1": _scaled(even, SUITE_SCALE * 3 // 8),
            "new-2": _scaled(even, SUITE_SCALE * 5 // 8),
            "new-3": _plus_one(_scaled(even, SUITE_SCALE // 2))}


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
        name = ctypes.create_string_buffer(256)
        self.check(self.lib.cuDeviceGetName(name, 256, dev), "cuDeviceGetName")
        self.name = name.value.decode()
        cc = [ctypes.c_int(), ctypes.c_int()]
        for v, attr in zip(cc, (75, 76)):     # CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR/MINOR
            self.check(self.lib.cuDeviceGetAttribute(ctypes.byref(v), attr, dev), "attribute")
        self.arch = f"sm_{cc[0].value}{cc[1].value}"

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
        ins = with_device_addresses(job, ins, ptrs)     # list tables: device addresses
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
    (out / "device.json").write_text(json.dumps({"name": cu.name, "arch": cu.arch}))
    index = json.loads((pack / "index.json").read_text())
    other = sorted({f"{j['kernel']} ({j['arch']})" for j in index
                    if _arch_number(j.get("arch", "sm_90")) > _arch_number(cu.arch)})
    if other:
        print(f"not launched on {cu.name} ({cu.arch}): {', '.join(other)}", file=sys.stderr)
        skip = (*skip, *(o.split()[0] for o in other))
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


def _arch_number(arch: str) -> int:
    return int(arch.removeprefix("sm_").rstrip("a"))


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


def _columns(jobs: list[dict]) -> list[str]:
    """Every program any job timed: cuTile, ours, the other candidate builds in the
    order first met, cuTile's ahead-of-time build last."""
    seen = ["cutile", "ours"]
    for j in jobs:
        seen += [p for p in j["programs"] if p not in seen and p != "cutile-aot"]
    if any("cutile-aot" in j["programs"] for j in jobs):
        seen.append("cutile-aot")
    return seen


def _chosen_slug(job: dict) -> str:
    return slug(job["chosen"]) if job.get("chosen") else "-"


def _peak_gbs(device: dict) -> float | None:
    """The DRAM peak of the device the run was on (GB/s), from the time model's data."""
    if not device.get("name"):
        return None
    sys.path.insert(0, str(ROOT))
    try:
        from eqsat.lowering.timemodel import GPUS, gpu_for_device
        return GPUS[gpu_for_device(device["name"])].dram_gbs
    except (ImportError, ValueError) as e:      # no DRAM % rather than no table
        print(f"# no DRAM peak for {device['name']}: {e}", file=sys.stderr)
        return None


def _geomeans(progs: list[str], rows: list, device: dict) -> None:
    """cutile/ours and best-of/ours, geometric means over the timing sizes the model was
    fitted on and, apart, over the sizes it was not ("new-*")."""
    for what, prefix in (("timing sizes", "time"), ("unseen sizes", "new")):
        vs_cutile, vs_best = [], []
        for _, label, _, _, t in rows:
            at = dict(zip(progs, t))
            if not label.startswith(prefix) or not at.get("ours") or not at.get("cutile"):
                continue
            vs_cutile.append(at["cutile"] / at["ours"])
            vs_best.append(min(x for x in at.values() if x) / at["ours"])
        if vs_cutile:
            g = float(np.exp(np.mean(np.log(vs_cutile))))
            b = float(np.exp(np.mean(np.log(vs_best))))
            print(f"# {what}: geomean cutile/ours {g:.3f} over {len(vs_cutile)} rows (lowest "
                  f"{min(vs_cutile):.3f}); ours within 5% of the best measured build on "
                  f"{sum(x >= 1 / 1.05 for x in vs_best)}/{len(vs_best)}; geomean best-of/ours "
                  f"{b:.3f}")


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
    jobs_of: dict[tuple[str, str], dict] = {}
    device = json.loads((out / "device.json").read_text()) if (out / "device.json").exists() \
        else {}
    elsewhere: list[str] = []
    for job in index:
        name, label = job["kernel"], job["input"]
        keys = {p: f"{name}.{label}.{p}" for p in job["programs"]}
        if device and _arch_number(job.get("arch", "sm_90")) > _arch_number(device["arch"]):
            elsewhere.append(f"{name} {label} ({job['arch']})")
            continue
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
            # every array, a list's arrays too (a list's table holds addresses: not compared)
            ok = all(n in ref and n in got[p] and _close(e, ref[n], got[p][n])
                     for n, e in job["elems"].items())
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
        jobs_of[(name, label)] = job
        at, cubins = dict(zip(job["programs"], t)), job.get("cubins", {})
        twins += [at[b] / at[a] for a, b in zip(job["programs"], job["programs"][1:])
                  if cubins.get(a) and cubins.get(a) == cubins.get(b) and at[a] and at[b]]
    print(f"# {len(rows)} runs on the GPU; results vs the interpreter (correctness inputs) "
          f"or vs cuTile's output (timing inputs); times are medians of {REPS} samples "
          f"(CUDA events), each a CUDA graph of 1 to {MAX_BATCH} launches back to back "
          f"(about {SAMPLE * 1e6:.0f} us) divided by their number")
    progs = _columns([j for j in index if not j["kernel"].startswith("random")])
    rows = [(n, lab, w, [dict(zip(jobs_of[(n, lab)]["programs"], v)).get(p, "") for p in progs],
             [dict(zip(jobs_of[(n, lab)]["programs"], t)).get(p) for p in progs])
            for n, lab, w, v, t in rows]
    peak = _peak_gbs(device)
    head = f"{'kernel':<22} {'input':<10} " + " ".join(f"{p:<10}" for p in progs)
    head += " " + " ".join(f"{'t ' + p:>13}" for p in progs)
    head += f" {'t best-of':>13} {'best-of':<12} {'chosen':<12} {'DRAM %':>7}"
    head += " " + " ".join(f"{p + '/ours':>16}" for p in progs if p != "ours")
    print(head)
    for name, label, _, v, t in rows:
        job = jobs_of[(name, label)]
        line = f"{name:<22} {label:<10} " + " ".join(f"{x or '-':<10}" for x in v)
        line += " " + " ".join(f"{x * 1e6:12.1f}u" if x else f"{'-':>13}" for x in t)
        at = dict(zip(progs, t))
        timed = {p: x for p, x in at.items() if x}
        best = min(timed, key=lambda p: timed[p]) if timed else None
        line += f" {timed[best] * 1e6:12.1f}u {best:<12}" if best else f" {'-':>13} {'-':<12}"
        line += f" {_chosen_slug(job):<12}"
        bw = (job.get("bytes") or 0) / at["ours"] / 1e9 / peak * 100 \
            if at.get("ours") and peak else None
        line += f" {bw:7.1f}" if bw is not None else f" {'-':>7}"
        for p in progs:
            if p != "ours":
                r = at.get(p), at.get("ours")
                line += f" {r[0] / r[1]:16.2f}" if r[0] and r[1] else " " * 17
        print(line.rstrip())
    _geomeans(progs, rows, device)
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
    if elsewhere:
        print(f"# not launched on {device.get('name')} ({device.get('arch')}), built for "
              f"a newer GPU: {', '.join(elsewhere)}")
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
    p.add_argument("--gpu", default="h100-sxm",
                   help="the GPU the time model chooses builds for (eqsat.lowering.timemodel."
                        "GPUS; sm_100 kernels: b200)")
    p.add_argument("--unseen", action="store_true",
                   help="also three large sizes per kernel the model was not fitted on")
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
        return prepare(a.pack, a.random, a.only, sets, a.gpu, a.unseen)
    if a.cmd == "run":
        return run_pack(a.pack, a.out, a.resume, tuple(a.skip))
    return check(a.pack, a.out)


if __name__ == "__main__":
    sys.exit(main())
