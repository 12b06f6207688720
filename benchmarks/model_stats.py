"""Cubin statistics of the builds a bench_gpu record timed, collected here (tileiras, no GPU).

    python benchmarks/model_stats.py OUT.json [--only NAME ...] [--set corpus|suite|all]

For every kernel and input bench_gpu times, the builds of its record's columns are
compiled again as bench_gpu's `prepare` built them ("cutile": cuTile as its launcher
specializes it; "ours" and "ours-all": ours from the same signature; "cutile-aot": the
hand-written signature) and their cubin statistics (registers, shared memory, block size,
TMA and LDG/STG widths, spills, barriers, instruction mix) are written next to the launch
(grid, compulsory bytes): what `benchmarks/bench_model.py` fits the time model on. The
record's times and these statistics together are all the model calibration reads.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("bench_gpu", ROOT / "benchmarks" / "bench_gpu.py")
bench_gpu = importlib.util.module_from_spec(_spec)      # type: ignore[arg-type]
_spec.loader.exec_module(bench_gpu)                       # type: ignore[union-attr]

ELEM_BYTES = {"f64": 8, "i64": 8, "f32": 4, "i32": 4, "tf32": 4, "f16": 2, "bf16": 2,
              "i16": 2, "i8": 1, "i1": 1, "f8e4m3fn": 1, "f8e5m2": 1}


def compulsory(seq, spec_small, spec) -> tuple[int, int]:
    """(bytes read, bytes written): every array the kernel reads, read once, and every
    array it writes, written once (sizes from `spec`; which parameter is which array from
    a bind of the small `spec_small`, the same structure)."""
    from eqsat.ir.ops import MEMORY_OPS
    from eqsat.memory.alias import UNIVERSE, alias_facts, is_write

    job, _ = bench_gpu._pack_job(seq, spec_small, seed=1)
    owner = {i: a[1] for i, a in enumerate(job["args"]) if a[0] == "ptr"}
    facts = alias_facts(seq)
    reads: set[str] = set()
    writes: set[str] = set()
    for op in seq.walk():
        if op.name not in MEMORY_OPS:
            continue
        roots = facts.footprint(op)
        names = set(owner.values()) if UNIVERSE in roots else {owner[r] for r in roots
                                                                if r in owner}
        (writes if is_write(op) else reads).update(names)
        if op.name.startswith("atomic"):
            reads.update(names)
    size = {a.name: math.prod(a.shape) * ELEM_BYTES.get(a.dtype, 4)
            for a in spec.arrays if a.same_as is None}
    return sum(size.get(n, 0) for n in reads), sum(size.get(n, 0) for n in writes)


def build_stats(run) -> dict:
    from eqsat.lowering.sass import cubin_stats

    st = cubin_stats(run.cubin)
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "k.cubin"
        p.write_bytes(run.cubin)
        threads = bench_gpu._required_threads(p)
    out = st.as_dict()
    out["threads"] = threads
    out.pop("name", None)
    return out


def collect(only: list[str] | None, sets: tuple[str, ...]) -> dict:
    sys.path.insert(0, str(ROOT))
    from eqsat.errors import EqsatError
    from eqsat.frontend import from_cutile, load_cutile
    from eqsat.frontend.launch import kernel_signature
    from eqsat.interp.inputs import parse_spec
    from eqsat.lowering.cutile_workflow import compile_ir, cutile_runs
    from eqsat.text import parse_file

    out: dict = {}
    for set_name in sets:
        folder, specs = bench_gpu.SETS[set_name]
        for path in sorted(folder.glob("*.seq.mlir")):
            name = path.name.split(".")[0]
            if only and name not in only:
                continue
            if bench_gpu._module_gpu(folder / f"{name}.py") not in (None, "sm_90"):
                continue
            seq = parse_file(path)
            kernel, generic, _ = load_cutile(str(folder / f"{name}.py"))
            aot = build_stats(cutile_runs(kernel, generic, ("sm_90",), "13.4", False)[0])
            data = json.loads((specs / f"{name}.json").read_text())
            inputs = {"spec": data, **bench_gpu._specs(name, data)}
            for label, extra in bench_gpu._overlap_specs(specs, name):
                inputs[label] = json.loads(extra.read_text())
            small = parse_spec(data)
            cache: dict = {}
            rows = {}
            for label, sd in inputs.items():
                spec = parse_spec(sd)
                try:
                    sig = kernel_signature(kernel, spec)
                except EqsatError as e:
                    print(f"skipped {name} {label}: {str(e).splitlines()[0]}", file=sys.stderr)
                    continue
                if sig.symbol not in cache:
                    ir = from_cutile(kernel, sig).kernel
                    ours = compile_ir(ir, "sm_90", optimize=True)
                    every = compile_ir(ir, "sm_90", optimize=True,
                                       optimize_kw={"loop_parallel": "all"})
                    ref = cutile_runs(kernel, sig, ("sm_90",), "13.4", False)[0]
                    cache[sig.symbol] = {"cutile": build_stats(ref), "ours": build_stats(ours),
                                         "ours-all": build_stats(every)}
                try:
                    rd, wr = compulsory(seq, small if label != "overlap" else spec, spec)
                except Exception as e:            # noqa: BLE001 - a spec bind cannot map
                    print(f"no bytes for {name} {label}: {e}", file=sys.stderr)
                    rd = wr = 0
                rows[label] = {"grid": list(spec.grid), "read_bytes": rd, "write_bytes": wr,
                               "signature": sig.symbol,
                               "builds": {**cache[sig.symbol], "cutile-aot": aot}}
            out[name] = rows
            print(f"collected {name} ({len(cache)} signature classes)", file=sys.stderr)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--only", nargs="+", metavar="NAME")
    ap.add_argument("--set", choices=("corpus", "suite", "all"), default="all")
    a = ap.parse_args(argv)
    sets = ("corpus", "suite") if a.set == "all" else (a.set,)
    data = collect(a.only, sets)
    if a.out.exists() and a.only:
        data = {**json.loads(a.out.read_text()), **data}
    a.out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
