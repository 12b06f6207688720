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
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("bench_gpu", ROOT / "benchmarks" / "bench_gpu.py")
bench_gpu = importlib.util.module_from_spec(_spec)      # type: ignore[arg-type]
_spec.loader.exec_module(bench_gpu)                       # type: ignore[union-attr]

def record_ours(ir):
    """(ours, ours-all) as the record's compile path built them: every proof that loop
    iterations are independent, unless tileiras' code for it was more than 5% larger
    than with cuTile's proof alone (then iterations in order)."""
    from eqsat.lowering.cutile_workflow import compile_ir

    every = compile_ir(ir, "sm_90", optimize=True, variants=False,
                       optimize_kw={"loop_parallel": "all"})
    if not any(op.name == "for" for op in ir.walk()):
        return every, every
    ordered = compile_ir(ir, "sm_90", optimize=True, variants=False,
                         optimize_kw={"loop_parallel": "view-stores"})
    a, b = every.stats, ordered.stats
    if ordered.optimized and a and b and b.sass_instrs and \
            a.sass_instrs / b.sass_instrs - 1.0 > 0.05:
        return ordered, every
    return every, every


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
    out.pop("opcodes", None)        # the mix the model reads is in the grouped fields
    return out


def collect(only: list[str] | None, sets: tuple[str, ...]) -> dict:
    sys.path.insert(0, str(ROOT))
    from eqsat.errors import EqsatError
    from eqsat.frontend import from_cutile, load_cutile
    from eqsat.frontend.launch import kernel_signature
    from eqsat.interp.inputs import parse_spec
    from eqsat.lowering.cutile_workflow import cutile_runs
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
                    ours, every = record_ours(ir)
                    ref = cutile_runs(kernel, sig, ("sm_90",), "13.4", False)[0]
                    cache[sig.symbol] = {"cutile": build_stats(ref), "ours": build_stats(ours),
                                         "ours-all": build_stats(every)}
                try:
                    rd, wr = bench_gpu.compulsory(seq, small if label != "overlap" else spec,
                                                  spec)
                except Exception as e:            # noqa: BLE001 - a spec bind cannot map
                    print(f"no bytes for {name} {label}: {e}", file=sys.stderr)
                    rd = wr = 0
                rows[label] = {"grid": list(spec.grid), "read_bytes": rd, "write_bytes": wr,
                               "signature": sig.symbol,
                               "builds": {**cache[sig.symbol], "cutile-aot": aot}}
            out[name] = rows
            print(f"collected {name} ({len(cache)} signature classes)", file=sys.stderr)
    return out


def dumps(data: dict) -> str:
    """JSON with one line per kernel: small to commit, readable in a diff."""
    lines = [f" {json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in sorted(data.items())]
    return "{\n" + ",\n".join(lines) + "\n}\n"


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
    a.out.write_text(dumps(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
