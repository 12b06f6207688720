"""The corpus through both pipelines, for sm_90 and sm_100: our SASS beside cuTile's.

    python benchmarks/bench_toolchain.py                    # front end -> optimize -> tileiras
    python benchmarks/bench_toolchain.py --input seq        # start from NAME.seq.mlir instead
    python benchmarks/bench_toolchain.py --no-optimize      # our side unoptimized
    python benchmarks/bench_toolchain.py --versioning       # with the in-kernel fast copy
    python benchmarks/bench_toolchain.py --only vector_add --arch sm_90 --json out.json

Both sides are specialized as cuTile's launcher specializes them: the signature is the
one `ct.launch` computes for the arrays of `tests/specs/NAME.json` (shape divisible by
16, 16-byte strides, contiguous last axis, base alignment; `eqsat.frontend.launch`),
and our kernel gets exactly the facts cuTile's does. cuTile's column is its normal
pipeline (tokens, LICM) compiled as cuTile compiles it (`-O3 --lineinfo`); ours is the
kernel in program order, optimized by `eqsat.pipeline.optimize`, compiled with `-O3`. The
"AOT" column is cuTile compiled with the corpus's hand-written signature (base
alignment and contiguity only), an ahead-of-time build: it is not what a launch runs.

Per kernel and arch the table gives SASS instructions (without NOPs), registers, global
load/store widths and MEMBAR/FENCE counts as ours/cuTile's; FLAGS names every count where
ours is higher and every LDG/STG width narrower than cuTile's, and WIDER where our
widest access is wider than cuTile's widest. Needs the `cuda` extra, not a GPU.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eqsat.errors import EqsatError
from eqsat.text import parse_file
from eqsat.lowering.bytecode import DEFAULT_VERSION
from eqsat.lowering.cutile_workflow import fence_counts

CORPUS = ROOT / "tests" / "corpus"
HELPERS = {"corpus_sig", "regenerate"}


def kernels() -> list[str]:
    return sorted(
        p.stem for p in CORPUS.glob("*.py") if p.stem not in HELPERS and not p.stem.startswith("_")
    )


SPECS = ROOT / "tests" / "specs"


def run_kernel(name: str, archs: tuple[str, ...], optimize: bool, source: str,
               versioning: bool = False, aot: bool = True) -> list[dict]:
    from eqsat.frontend import load_cutile
    from eqsat.frontend.facts import apply_facts, facts_from_symbol
    from eqsat.frontend.launch import kernel_signature
    from eqsat.interp.inputs import load_spec
    from eqsat.lowering.cutile_workflow import compare_cutile, compile_ir, cutile_runs

    kernel, generic, _ = load_cutile(str(CORPUS / f"{name}.py"))
    sig = kernel_signature(kernel, load_spec(SPECS / f"{name}.json"))
    if source == "frontend":
        pairs = compare_cutile(kernel, sig, archs, optimize=optimize, versioning=versioning)
    else:
        k = parse_file(CORPUS / f"{name}.seq.mlir")
        k.name = sig.symbol             # the launch's facts, not the corpus symbol's
        apply_facts(k, facts_from_symbol(sig.symbol) or [], rename=False)
        memo: dict = {}
        ours = [compile_ir(k, a, optimize=optimize, versioning=versioning, _memo=memo)
                for a in archs]
        pairs = list(zip(ours, cutile_runs(kernel, sig, archs, DEFAULT_VERSION, True)))
    aots = cutile_runs(kernel, generic, archs, DEFAULT_VERSION, True) if aot else \
        [None] * len(pairs)
    return [_row(name, o, r, g, sig.symbol) for (o, r), g in zip(pairs, aots)]


def _row(name: str, ours, ref, aot=None, symbol: str = "") -> dict:
    from eqsat.lowering.cutile_workflow import global_accesses, width_flags

    a, b = ours.stats, ref.stats
    flags = []
    for label, x, y in (
        ("instrs", a.sass_instrs_no_nop, b.sass_instrs_no_nop),
        ("regs", a.reg, b.reg),
        ("ldg", a.loads, b.loads),
        ("stg", a.stores, b.stores),
        ("barriers", sum(a.barriers.values()), sum(b.barriers.values())),
        ("atomics", sum(a.atomics.values()), sum(b.atomics.values())),
    ):
        if x is not None and y is not None and x > y:
            flags.append(f"{label} higher")
    flags += width_flags(a, b)
    return {
        "kernel": name,
        "arch": ours.arch,
        "signature": symbol,
        "optimized": ours.optimized,
        "note": ours.note,
        "attempts": ours.attempts,
        "fences": {"ours": fence_counts(a), "cutile": fence_counts(b)},
        "cutile_aot": None if aot is None else {
            "sass_instrs_no_nop": aot.stats.sass_instrs_no_nop, "fences": fence_counts(aot.stats)},
        "ours": a.as_dict(),
        "cutile": b.as_dict(),
        "accesses": {who: {kind: global_accesses(st, kind) for kind in ("load", "store")}
                     for who, st in (("ours", a), ("cutile", b))},
        "ours_ir": ours.ir,
        "cutile_ir": ref.ir,
        "times": {"ours": ours.times, "cutile": ref.times},
        "flags": flags,
    }


def print_table(rows: list[dict]) -> None:
    from eqsat.lowering.cutile_workflow import format_table
    from eqsat.lowering.sass import widths

    cols = (
        "kernel",
        "arch",
        "instrs",
        "AOT",
        "regs",
        "LDG ours | cuTile",
        "STG ours | cuTile",
        "MEMBAR",
        "FENCE",
        "flags",
    )
    table = []
    for r in rows:
        if "error" in r:
            table.append((r["kernel"], r["arch"], "FAILED", "", "", r["error"], "", "", "", ""))
            continue
        o, c = r["ours"], r["cutile"]
        acc = r["accesses"]
        table.append(
            (
                r["kernel"],
                r["arch"],
                f"{o['sass_instrs_no_nop']}/{c['sass_instrs_no_nop']}",
                "-" if r["cutile_aot"] is None else r["cutile_aot"]["sass_instrs_no_nop"],
                f"{o['reg']}/{c['reg']}",
                f"{widths(acc['ours']['load'])} | {widths(acc['cutile']['load'])}",
                f"{widths(acc['ours']['store'])} | {widths(acc['cutile']['store'])}",
                f"{r['fences']['ours']['MEMBAR']}/{r['fences']['cutile']['MEMBAR']}",
                f"{r['fences']['ours']['FENCE']}/{r['fences']['cutile']['FENCE']}",
                ", ".join(r["flags"]),
            )
        )
    print(format_table(cols, table))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arch", action="append", help="GPU(s) (default sm_90 and sm_100)")
    ap.add_argument("--only", nargs="+", metavar="NAME", help="only these kernels")
    ap.add_argument(
        "--input",
        choices=("frontend", "seq"),
        default="frontend",
        help="our starting point: the cuTile front end (default) or NAME.seq.mlir",
    )
    ap.add_argument("--no-optimize", action="store_true", help="compile our side unoptimized")
    ap.add_argument("--versioning", action="store_true",
                    help="also make the in-kernel fast copy where its gates allow it")
    ap.add_argument("--no-aot", action="store_true",
                    help="skip the ahead-of-time column (cuTile, hand-written signature)")
    ap.add_argument("--json", metavar="OUT", help="also write every number as JSON")
    a = ap.parse_args(argv)
    from eqsat.toolchain import missing_reason, tool_versions

    why = missing_reason()
    if why:
        print(why, file=sys.stderr)
        return 2
    archs = tuple(a.arch or ("sm_90", "sm_100"))
    names = a.only or kernels()
    rows: list[dict] = []
    t0 = time.perf_counter()
    for n in names:
        try:
            rows += run_kernel(n, archs, not a.no_optimize, a.input, a.versioning,
                               not a.no_aot)
        except EqsatError as e:
            rows += [{"kernel": n, "arch": x, "error": str(e).splitlines()[0]} for x in archs]
    print(
        f"# corpus through eqsat ({a.input}, "
        f"{'unoptimized' if a.no_optimize else 'optimized'}"
        f"{', versioned' if a.versioning and not a.no_optimize else ''}) and cuTile, "
        f"both under the launch signature of tests/specs/NAME.json; "
        f"tools: {tool_versions()}"
    )
    print("# instrs = SASS instructions without NOPs, ours/cuTile as launched; AOT = cuTile "
          "with the hand-written (ahead-of-time) signature; MEMBAR/FENCE ours/cuTile")
    print_table(rows)
    for r in rows:
        if r.get("note"):
            print(f"# note: {r['kernel']} {r['arch']}: {r['note']}")
    unopt = [r["kernel"] for r in rows if "error" not in r and not r["optimized"]]
    if unopt and not a.no_optimize:
        print(f"# compiled unoptimized: {', '.join(sorted(set(unopt)))}")
    print(
        f"# {len(rows)} rows, {sum('error' in r for r in rows)} failed, "
        f"{sum(bool(r.get('flags')) for r in rows)} flagged, {time.perf_counter() - t0:.1f}s"
    )
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1, default=str))
    return 1 if any("error" in r for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
