"""What the placed assumes buy: global access widths with and without them, and cuTile's.

    python benchmarks/bench_facts.py                      # corpus + examples/moe_scatter, sm_90
    python benchmarks/bench_facts.py --only moe_scatter --json out.json

Per kernel: ours (cuTile front end -> eqsat.pipeline.optimize, which places assumes from the
facts it proves -> tileiras), the very same output with every assume removed, and
cuTile's own pipeline, all compiled by tileiras -O3 for sm_90. Columns: SASS
instructions (without NOPs), global load and store opcodes with counts, and the
access width the cost model predicts from the IR (eqsat.egraph.width), narrowest over
the kernel's loads and stores, ours/stripped. Both sides are specialized as cuTile's
launcher would for the arrays of the kernel's inputs spec (tests/specs/NAME.json or
examples/NAME.json; `eqsat.frontend.launch`), ours without divisibility versioning (off
by default). Flags: `NARROWER` where our narrowest LDG/STG is narrower than cuTile's,
`WIDER` where our widest access (TMA copies included) is wider, `assumes matter` where
ours is wider than the same output without its assumes. Needs the `cuda` extra.
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

CORPUS = ROOT / "tests" / "corpus"
EXAMPLES = {"moe_scatter": ROOT / "examples" / "moe_scatter.py"}
HELPERS = {"corpus_sig", "regenerate"}


def sources() -> dict[str, Path]:
    """Kernel name -> cuTile source (corpus first, then the examples)."""
    out = {p.stem: p for p in sorted(CORPUS.glob("*.py"))
           if p.stem not in HELPERS and not p.stem.startswith("_")}
    out.update(EXAMPLES)
    return out


def predicted(kernel) -> tuple[int | None, int | None]:
    """Narrowest proven load and store width (bytes) over a kernel, per eqsat.egraph.width."""
    from eqsat.egraph.width import LaneFacts, access_width

    lf, loads, stores = LaneFacts(), [], []
    for op in kernel.walk():
        w = access_width(op, lf)
        if w is not None:
            (loads if op.name.startswith("load") else stores).append(w)
    return min(loads, default=None), min(stores, default=None)


def run_kernel(name: str, path: Path, arch: str) -> dict:
    from eqsat.passes.assumes import census, strip_assumes
    from eqsat.frontend import load_cutile
    from eqsat.text import parse, print_kernel
    from eqsat.lowering.cutile_workflow import compare_cutile, compile_ir, width_flags

    from eqsat.frontend.launch import kernel_signature
    from eqsat.interp.inputs import load_spec

    kernel, sig, _ = load_cutile(str(path))
    spec = next((q for q in (ROOT / "tests" / "specs" / f"{name}.json",
                             path.with_suffix(".json")) if q.exists()), None)
    if spec is not None:                 # the launch's signature, as cuTile's launcher makes it
        sig = kernel_signature(kernel, load_spec(spec))
    ours, ref = compare_cutile(kernel, sig, (arch,))[0]
    bare = parse(print_kernel(ours.kernel))
    removed = strip_assumes(bare)
    stripped = compile_ir(bare, arch)
    a, s, c = ours.stats, stripped.stats, ref.stats
    flags = width_flags(a, c)
    flags += [f.replace(" WIDER than stripped", " assumes matter")
              for f in width_flags(a, s, " than stripped") if "WIDER" in f]
    cen = census(ours.kernel)
    return {
        "kernel": name, "arch": arch, "note": ours.note,
        "ours": a.as_dict(), "stripped": s.as_dict(), "cutile": c.as_dict(),
        "assumes": {"placed": cen.assumes, "values": cen.values, "removed": removed,
                    "most_wraps_per_value": cen.most_wraps, "on_constants": cen.on_constants},
        "predicted_bytes": {"ours": predicted(ours.kernel), "stripped": predicted(bare)},
        "flags": flags,
    }


def _p(pair) -> str:
    return "/".join("-" if x is None else str(x) for x in pair)


def print_table(rows: list[dict]) -> None:
    from eqsat.lowering.cutile_workflow import format_table
    from eqsat.lowering.sass import widths

    cols = ("kernel", "instrs ours/strip/cuTile", "LDG ours | stripped | cuTile",
            "STG ours | stripped | cuTile", "model B ld/st ours; strip", "assumes", "flags")
    table = []
    for r in rows:
        if "error" in r:
            table.append((r["kernel"], "FAILED", r["error"], "", "", "", ""))
            continue
        o, s, c = r["ours"], r["stripped"], r["cutile"]
        pb = r["predicted_bytes"]
        table.append((
            r["kernel"],
            f"{o['sass_instrs_no_nop']}/{s['sass_instrs_no_nop']}/{c['sass_instrs_no_nop']}",
            f"{widths(o['ldg'])} | {widths(s['ldg'])} | {widths(c['ldg'])}",
            f"{widths(o['stg'])} | {widths(s['stg'])} | {widths(c['stg'])}",
            f"{_p(pb['ours'])}; {_p(pb['stripped'])}",
            str(r["assumes"]["placed"]),
            ", ".join(r["flags"]),
        ))
    print(format_table(cols, table))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arch", default="sm_90", help="GPU (default sm_90)")
    ap.add_argument("--only", nargs="+", metavar="NAME", help="only these kernels")
    ap.add_argument("--json", metavar="OUT", help="also write every number as JSON")
    a = ap.parse_args(argv)
    from eqsat.toolchain import missing_reason, tool_versions

    why = missing_reason()
    if why:
        print(why, file=sys.stderr)
        return 2
    srcs = sources()
    names = a.only or list(srcs)
    unknown = [n for n in names if n not in srcs]
    if unknown:
        print(f"unknown kernel(s): {', '.join(unknown)}; known: {', '.join(srcs)}",
              file=sys.stderr)
        return 2
    rows: list[dict] = []
    t0 = time.perf_counter()
    for n in names:
        try:
            rows.append(run_kernel(n, srcs[n], a.arch))
        except EqsatError as e:
            rows.append({"kernel": n, "arch": a.arch, "error": str(e).splitlines()[0]})
    print(f"# assumes from facts: ours vs ours without assumes vs cuTile, {a.arch}; "
          f"tools: {tool_versions()}")
    print("# model B = narrowest proven load/store bytes per thread (eqsat.egraph.width)")
    print_table(rows)
    for note in sorted({r["note"] for r in rows if r.get("note")}):
        print(f"# note: {note}")
    ok = [r for r in rows if "error" not in r]
    print(f"# {len(rows)} kernels, {len(rows) - len(ok)} failed, "
          f"{sum(any('NARROWER' in f for f in r['flags']) for r in ok)} narrower than cuTile, "
          f"{sum(any('WIDER' in f for f in r['flags']) for r in ok)} wider, "
          f"{sum(any('matter' in f for f in r['flags']) for r in ok)} where the assumes "
          f"widen ours, {time.perf_counter() - t0:.1f}s")
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1, default=str))
    return 1 if len(ok) < len(rows) else 0


if __name__ == "__main__":
    sys.exit(main())
