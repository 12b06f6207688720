"""The corpus through both pipelines, for sm_90 and sm_100: our SASS beside cuTile's.

    python benchmarks/bench_toolchain.py                    # front end -> optimize -> tileiras
    python benchmarks/bench_toolchain.py --input seq        # start from NAME.seq.mlir instead
    python benchmarks/bench_toolchain.py --no-optimize      # our side unoptimized
    python benchmarks/bench_toolchain.py --no-versioning    # optimized, one copy of the body
    python benchmarks/bench_toolchain.py --only vector_add --arch sm_90 --json out.json

Ours: the kernel in program order (eqsat's cuTile front end, or the corpus .seq.mlir with
the signature facts recovered from its symbol), optimized by `eqsat.optimize` when it can
be imported, written as bytecode by eqsat and compiled by tileiras -O3. cuTile's: its
normal pipeline (tokens, LICM), compiled the same way. Per kernel and arch the table
gives SASS instructions (without NOPs), registers, global load/store widths and
barrier/fence counts as ours/cuTile's; FLAGS names every count where ours is higher and
every LDG/STG width narrower than cuTile's, and WIDER where our widest access is wider
than cuTile's widest (a TMA copy, UTMALDG/UTMASTG, is wider than any LDG/STG). Our side
is versioned on divisibility (`eqsat.versioning`: a fast copy for sizes and strides that
are multiples of the vector) unless --no-versioning. Needs the `cuda` extra.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eqsat.errors import EqsatError  # noqa: E402
from eqsat.text import parse_file  # noqa: E402
from eqsat.lowering.bytecode import DEFAULT_VERSION  # noqa: E402

CORPUS = ROOT / "tests" / "corpus"
HELPERS = {"corpus_sig", "regenerate"}


def kernels() -> list[str]:
    return sorted(
        p.stem for p in CORPUS.glob("*.py") if p.stem not in HELPERS and not p.stem.startswith("_")
    )


def run_kernel(name: str, archs: tuple[str, ...], optimize: bool, source: str,
               versioning: bool = True) -> list[dict]:
    from eqsat.frontend import annotate_from_symbol, load_cutile
    from eqsat.lowering.cutile_workflow import (compare_cutile, compile_ir, cutile_runs,
                                                optimize_kernel)

    kernel, sig, _ = load_cutile(str(CORPUS / f"{name}.py"))
    if source == "frontend":
        pairs = compare_cutile(kernel, sig, archs, optimize=optimize, versioning=versioning)
    else:
        k = parse_file(CORPUS / f"{name}.seq.mlir")
        annotate_from_symbol(k)
        times, optimized, note = {}, False, ""
        if optimize:
            k, optimized, note, times["optimize"] = optimize_kernel(k, versioning=versioning)
        ours = []
        for a in archs:
            r = compile_ir(k, a)
            r.times, r.optimized, r.note = {**times, **r.times}, optimized, note
            ours.append(r)
        pairs = list(zip(ours, cutile_runs(kernel, sig, archs, DEFAULT_VERSION, True)))
    return [_row(name, o, r) for o, r in pairs]


def _row(name: str, ours, ref) -> dict:
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
        "optimized": ours.optimized,
        "note": ours.note,
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
        "regs",
        "LDG ours | cuTile",
        "STG ours | cuTile",
        "bar",
        "flags",
    )
    table = []
    for r in rows:
        if "error" in r:
            table.append((r["kernel"], r["arch"], "FAILED", "", r["error"], "", "", ""))
            continue
        o, c = r["ours"], r["cutile"]
        acc = r["accesses"]
        table.append(
            (
                r["kernel"],
                r["arch"],
                f"{o['sass_instrs_no_nop']}/{c['sass_instrs_no_nop']}",
                f"{o['reg']}/{c['reg']}",
                f"{widths(acc['ours']['load'])} | {widths(acc['cutile']['load'])}",
                f"{widths(acc['ours']['store'])} | {widths(acc['cutile']['store'])}",
                f"{sum(o['barriers'].values())}/{sum(c['barriers'].values())}",
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
    ap.add_argument("--no-versioning", action="store_true",
                    help="optimize without divisibility versioning")
    ap.add_argument("--json", metavar="OUT", help="also write every number as JSON")
    a = ap.parse_args(argv)
    from eqsat.lowering.toolchain import missing_reason, tool_versions

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
            rows += run_kernel(n, archs, not a.no_optimize, a.input, not a.no_versioning)
        except EqsatError as e:
            rows += [{"kernel": n, "arch": x, "error": str(e).splitlines()[0]} for x in archs]
    print(
        f"# corpus through eqsat ({a.input}, "
        f"{'unoptimized' if a.no_optimize else 'optimized'}"
        f"{'' if a.no_optimize or a.no_versioning else ', versioned'}) and cuTile; "
        f"tools: {tool_versions()}"
    )
    print("# instrs = SASS instructions without NOPs, ours/cuTile; bar = barriers and fences")
    print_table(rows)
    notes = sorted({r["note"] for r in rows if r.get("note")})
    for note in notes:
        print(f"# note: {note}")
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
