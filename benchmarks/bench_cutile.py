"""The benchmark kernel suite (benchmarks/kernels/): our optimized kernel beside cuTile's.

    python benchmarks/bench_cutile.py [--only NAME ...] [--arch sm_90 --arch sm_100]
                                      [--trials 10] [--schedules 20] [--no-equiv]
                                      [--no-sass] [--json OUT]
    python benchmarks/bench_cutile.py --compile-time [--only NAME ...]   # ours vs cuTile's
                                      [--repeat N] [--baseline REV]

Ours starts from NAME.seq.mlir (cuTile's program-order output) with the signature facts
its mangled symbol carries, optimized with versioning OFF in two alias modes, and, where the
`cuda` extra is installed, compiled as the default compile path does it
(`eqsat.lowering.cutile_workflow.compile_ir(..., optimize=True)`: the time model chooses
among the candidate builds); the token
counts are of the kernel that path compiles for the first GPU, equivalence is checked for
every kernel it compiles. Alias
modes: `sig` (the alias groups the signature declares; undeclared arrays may alias) and
`noalias` (undeclared arrays never alias, which cuTile specializes on). Where the mangled
symbol decodes, it already gives every array the groups cuTile specialized on, so the two
modes agree; they differ where it does not (a list parameter). cuTile's side is
NAME.cutile.mlir for the IR and cuTile's own bytecode (from NAME.py) for the SASS.

Per kernel and mode: loop-carried tokens and join_tokens (`eqsat.memory.stats.kernel_stats`) as
ours/cuTile's, the optimizer's stop reason and fallback; where the `cuda` extra is
installed, per GPU: SASS instructions without NOPs, MEMBAR+FENCE count, and the
narrowest-widest global load and store in bits (TMA copies print as TMA), ours/cuTile's;
and, unless --no-equiv, interpreter equivalence of our optimized kernel with
NAME.cutile.mlir on every spec (specs/NAME.json and specs/NAME.*.json, the overlapping
variants). WORSE names every metric where we are behind cuTile. A kernel whose module
names a GPU (GPU = "sm_100") is compiled for that GPU only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eqsat.equiv import check_equivalent
from eqsat.errors import EqsatError
from eqsat.frontend import annotate_from_symbol
from eqsat.interp.inputs import load_spec
from eqsat.lowering.cutile_workflow import compile_ir
from eqsat.pipeline.optimize import optimize
from eqsat.memory.stats import kernel_stats
from eqsat.text import parse_file

SUITE = ROOT / "benchmarks" / "kernels"
MODES = ("sig", "noalias")
FENCES = ("MEMBAR", "FENCE")


def kernels() -> list[str]:
    return sorted(p.name.split(".")[0] for p in SUITE.glob("*.seq.mlir"))


def specs(name: str) -> list[Path]:
    """The kernel's spec first, then its overlapping variants."""
    return [SUITE / "specs" / f"{name}.json", *sorted((SUITE / "specs").glob(f"{name}.*.json"))]


def token_metrics(k) -> dict:
    st = kernel_stats(k)
    return {key: st[key] for key in ("loop_carried_tokens", "join_tokens", "make_token")}


def sass_metrics(stats) -> dict:
    from eqsat.lowering.cutile_workflow import global_accesses, narrowest, widest

    out = {"instrs": stats.sass_instrs_no_nop, "regs": stats.reg,
           "fences": sum(n for op, n in stats.barriers.items() if op.startswith(FENCES))}
    for kind in ("load", "store"):
        acc = global_accesses(stats, kind)
        out[kind] = {"narrowest": narrowest(acc), "widest": widest(acc),
                     "opcodes": dict(sorted(acc.items()))}
    return out


def _reference(name: str, archs: tuple[str, ...]) -> dict:
    """cuTile's SASS metrics per arch, from its own bytecode of NAME.py."""
    from eqsat.frontend import load_cutile
    from eqsat.lowering.bytecode import DEFAULT_VERSION
    from eqsat.lowering.cutile_workflow import cutile_runs

    kernel, sig, _ = load_cutile(str(SUITE / f"{name}.py"))
    return {r.arch: sass_metrics(r.stats)
            for r in cutile_runs(kernel, sig, archs, DEFAULT_VERSION, True)}


def kernel_archs(name: str, archs: tuple[str, ...]) -> tuple[str, ...]:
    import re

    m = re.search(r'^GPU\s*=\s*"(\w+)"', (SUITE / f"{name}.py").read_text(), re.MULTILINE)
    return (m.group(1),) if m else archs


def worse(row: dict) -> list[str]:
    """Metrics where ours is behind cuTile's."""
    bad = []
    o, c = row["ours"], row["cutile"]
    for key, label in (("loop_carried_tokens", "carried"), ("join_tokens", "joins")):
        if o[key] > c[key]:
            bad.append(label)
    if row["fallback"]:
        bad.append("fallback")
    for arch, s in row.get("sass", {}).items():
        if "error" in s:
            bad.append(f"{arch} compile")
            continue
        so, sc = s["ours"], s["cutile"]
        if so["instrs"] > sc["instrs"]:
            bad.append(f"{arch} instrs")
        if so["fences"] > sc["fences"]:
            bad.append(f"{arch} fences")
        for kind, label in (("load", "ld"), ("store", "st")):
            no, nc = so[kind]["narrowest"], sc[kind]["narrowest"]
            if no is not None and nc is not None and no < nc:
                bad.append(f"{arch} {label} narrower")
            wo, wc = so[kind]["widest"], sc[kind]["widest"]
            if wo is not None and wc is not None and wo < wc:
                bad.append(f"{arch} {label} widest narrower")
    if any(not e["ok"] for e in row.get("equivalence", [])):
        bad.append("NOT EQUIVALENT")
    return bad


def run_kernel(name: str, archs: tuple[str, ...], sass: bool, equiv: bool, trials: int,
               schedules: int) -> list[dict]:
    seq = parse_file(SUITE / f"{name}.seq.mlir")
    annotate_from_symbol(seq)
    cut = parse_file(SUITE / f"{name}.cutile.mlir")
    theirs = token_metrics(cut)
    my_archs = kernel_archs(name, archs)
    ref: dict = {}
    if sass:
        try:
            ref = _reference(name, my_archs)
        except EqsatError as e:
            ref = {a: {"error": str(e).splitlines()[0]} for a in my_archs}
    rows = []
    for mode in MODES:
        noalias = mode == "noalias"
        compiled: dict = {}
        kernels: list = []            # what the compile path compiled, one per distinct kernel
        report, seconds, notes = None, 0.0, []
        if sass:                      # ours as the default compile path makes it
            memo: dict = {}
            for a in my_archs:
                if "error" in ref[a]:
                    compiled[a] = ref[a]
                    continue
                try:
                    run = compile_ir(seq, a, optimize=True, versioning=False,
                                     optimize_kw={"noalias": noalias}, _memo=memo)
                except EqsatError as e:
                    compiled[a] = {"error": str(e).splitlines()[0]}
                    continue
                compiled[a] = {"ours": sass_metrics(run.stats), "cutile": ref[a]}
                if all(str(k) != str(run.kernel) for k in kernels):
                    kernels.append(run.kernel)
                if report is None and run.report is not None:
                    report, seconds = run.report, run.times.get("optimize", 0.0)
                if run.note:
                    notes.append(f"{a}: {run.note}")
        if report is None:            # nothing compiled: the optimizer alone
            t0 = time.perf_counter()
            res = optimize(seq, noalias=noalias, versioning=False)
            seconds = time.perf_counter() - t0
            report, kernels = res.report, [res.kernel]
        row = {"kernel": name, "mode": mode, "ours": token_metrics(kernels[0]),
               "cutile": theirs, "stop_reason": report.stop_reason,
               "alias_model": report.alias_model,
               "fallback": report.fallback, "optimize_seconds": seconds, "notes": notes}
        if sass:
            row["sass"] = compiled
        if equiv:                     # every kernel a GPU got, where they differ by GPU
            row["equivalence"] = []
            for k in kernels:
                for sp in specs(name):
                    r = check_equivalent(k, cut, load_spec(sp), trials=trials,
                                         schedules=schedules)
                    row["equivalence"].append({"spec": sp.stem, "ok": r.ok,
                                               "message": r.message})
        row["worse"] = worse(row)
        rows.append(row)
    return rows


def _bits(n: int | None) -> str:
    from eqsat.lowering.cutile_workflow import TMA_BITS

    return "-" if n is None else "TMA" if n >= TMA_BITS else str(n)


def _span(m: dict) -> str:
    lo, hi = _bits(m["narrowest"]), _bits(m["widest"])
    return lo if lo == hi else f"{lo}-{hi}"


def table(rows: list[dict], archs: tuple[str, ...]) -> str:
    from eqsat.lowering.cutile_workflow import format_table

    cols = ["kernel", "mode", "carried", "joins", "stop", "fallback"]
    for a in archs:
        cols += [f"{a} instrs", f"{a} fence", f"{a} ld bits", f"{a} st bits"]
    cols += ["equiv", "WORSE"]
    out = []
    for r in rows:
        o, c = r["ours"], r["cutile"]
        cells = [r["kernel"], r["mode"], f"{o['loop_carried_tokens']}/{c['loop_carried_tokens']}",
                 f"{o['join_tokens']}/{c['join_tokens']}", r["stop_reason"],
                 "yes" if r["fallback"] else "-"]
        for a in archs:
            s = r.get("sass", {}).get(a)
            if s is None:
                cells += ["n/a"] * 4
            elif "error" in s:
                cells += ["FAILED"] + [""] * 3
            else:
                so, sc = s["ours"], s["cutile"]
                cells += [f"{so['instrs']}/{sc['instrs']}", f"{so['fences']}/{sc['fences']}",
                          f"{_span(so['load'])}/{_span(sc['load'])}",
                          f"{_span(so['store'])}/{_span(sc['store'])}"]
        eq = r.get("equivalence")
        cells.append("skipped" if eq is None else
                     "ok" if all(e["ok"] for e in eq) else "FAIL")
        cells.append(", ".join(r["worse"]) or "-")
        out.append(tuple(cells))
    return format_table(tuple(cols), out)


# the compile path's modules, in import order: a baseline loads each one whose text differs
# at its revision (the rest are this tree's), its imports of the earlier ones redirected
_PATH_MODULES = (("eqsat/toolchain.py", "eqsat.toolchain"),
                 ("lowering/sass.py", "eqsat.lowering.sass"),
                 ("lowering/cutile_workflow.py", "eqsat.lowering.cutile_workflow"))


def _workflow_at(rev: str) -> Any:
    """The compile path (lowering/cutile_workflow.py and, where they differ from this
    tree's, the SASS statistics and tool runners it imports) as it was at git revision
    `rev`, loaded as modules of their own (the rest of the package is this tree's), to
    time the two compile paths in turns in one process."""
    import importlib.util
    import subprocess
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="eqsat-baseline-"))
    renamed: dict[str, str] = {}
    mod: Any = None
    for path, name in _PATH_MODULES:
        src = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"],
                             capture_output=True, text=True, check=True).stdout
        last = path == _PATH_MODULES[-1][0]
        if not last and src == (ROOT / path).read_text():
            continue
        for old, new in renamed.items():
            src = src.replace(f"from {old} import", f"from {new} import")
        base = name.rsplit(".", 1)
        renamed[name] = f"{base[0]}.baseline_{base[1]}"
        file = folder / Path(path).name
        file.write_text(src)
        spec = importlib.util.spec_from_file_location(renamed[name], file)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[renamed[name]] = mod
        spec.loader.exec_module(mod)
    return mod


def compile_times(names: list[str], arch: str, repeat: int = 1,
                  baseline: str | None = None) -> list[dict]:
    """Wall seconds of `eqsat cutile NAME.py --cubin` (front end, optimizer, every
    candidate through tileiras in parallel, the time model's choice) against cuTile's own
    compile of the same kernel and signature (its passes and bytecode, then tileiras
    `-O3 --lineinfo`), taken in turns, the best of `repeat` each; with `baseline` (a git
    revision) the compile path as it was there is timed in the same turns."""
    from eqsat.frontend import load_cutile
    from eqsat.lowering import cutile_workflow
    from eqsat.lowering.bytecode import DEFAULT_VERSION

    paths: dict[str, Any] = {"ours": cutile_workflow}
    if baseline:
        paths["base"] = _workflow_at(baseline)
    out = []
    for i, name in enumerate(names):
        kernel, sig, _ = load_cutile(str(SUITE / f"{name}.py"))
        a = kernel_archs(name, (arch,))[0]
        t: dict[str, list[float]] = {k: [] for k in (*paths, "cutile")}
        runs: dict[str, Any] = {}
        order = list(paths) if i % 2 == 0 else list(paths)[::-1]
        for _ in range(repeat):
            for key in order:
                t0 = time.perf_counter()
                runs[key] = paths[key].compile_cutile(kernel, sig, a, version=DEFAULT_VERSION,
                                                      stats=False)
                t[key].append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                cutile_workflow.cutile_runs(kernel, sig, (a,), DEFAULT_VERSION, False)
                t["cutile"].append(time.perf_counter() - t0)
        run = runs["ours"]
        built = len({id(c.run) for c in run.choice.candidates if c.run is not None})
        row = {"kernel": name, "arch": a, "ours_s": min(t["ours"]),
               "cutile_s": min(t["cutile"]), "ratio": min(t["ours"]) / min(t["cutile"]),
               "tileiras_runs": built, "tileiras_s": run.times.get("tileiras", 0.0),
               "chosen": run.choice.chosen}
        if baseline:
            row["base_s"] = min(t["base"])
            row["base_ratio"] = min(t["base"]) / min(t["cutile"])
        out.append(row)
    return out


def print_compile_times(rows: list[dict]) -> None:
    import statistics

    base = bool(rows) and "base_s" in rows[0]
    print(f"{'kernel':<22}{'arch':<8}{'ours s':>9}{'cuTile s':>10}{'ours/cuTile':>13}"
          + (f"{'base s':>9}{'base/cuTile':>13}{'ours/base':>11}" if base else "")
          + f"{'tileiras runs':>15}  chosen")
    for r in rows:
        print(f"{r['kernel']:<22}{r['arch']:<8}{r['ours_s']:9.2f}{r['cutile_s']:10.2f}"
              f"{r['ratio']:13.2f}"
              + (f"{r['base_s']:9.2f}{r['base_ratio']:13.2f}{r['ours_s'] / r['base_s']:11.2f}"
                 if base else "")
              + f"{r['tileiras_runs']:>15}  {r['chosen']}")
    print(f"# compile time, eqsat cutile --cubin (with the choice) over cuTile's own compile: "
          f"median {statistics.median(r['ratio'] for r in rows):.2f}x over {len(rows)} kernels "
          f"(ours median {statistics.median(r['ours_s'] for r in rows):.2f} s, cuTile's "
          f"{statistics.median(r['cutile_s'] for r in rows):.2f} s)")
    if base:
        print(f"# the baseline's compile path, timed in the same turns: median "
              f"{statistics.median(r['base_ratio'] for r in rows):.2f}x cuTile's compile; "
              f"ours/baseline median "
              f"{statistics.median(r['ours_s'] / r['base_s'] for r in rows):.2f}")
        several = [r for r in rows if r["tileiras_runs"] > 1]
        if several:
            print(f"# kernels with several distinct builds ({len(several)}): ours/cuTile median "
                  f"{statistics.median(r['ratio'] for r in several):.2f}x, baseline/cuTile "
                  f"{statistics.median(r['base_ratio'] for r in several):.2f}x, ours/baseline "
                  f"{statistics.median(r['ours_s'] / r['base_s'] for r in several):.2f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", nargs="+", metavar="NAME", help="only these kernels")
    ap.add_argument("--arch", action="append", help="GPU(s) (default sm_90 and sm_100)")
    ap.add_argument("--trials", type=int, default=10)
    ap.add_argument("--schedules", type=int, default=20)
    ap.add_argument("--no-equiv", action="store_true", help="skip interpreter equivalence")
    ap.add_argument("--no-sass", action="store_true", help="skip tileiras and SASS metrics")
    ap.add_argument("--json", metavar="OUT", help="also write the rows as JSON")
    ap.add_argument("--compile-time", action="store_true",
                    help="only time eqsat cutile --cubin against cuTile's own compile, per "
                         "kernel, and print the median ratio (first --arch, default sm_90)")
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="with --compile-time: take each time N times in turns, keep the best")
    ap.add_argument("--baseline", metavar="REV",
                    help="with --compile-time: also time the compile path of git revision REV "
                         "(its lowering/cutile_workflow.py), in turns with this tree's")
    a = ap.parse_args(argv)
    if a.trials < 1 or a.schedules < 1 or a.repeat < 1:
        ap.error("--trials, --schedules and --repeat must be at least 1")
    names = a.only or kernels()
    unknown = sorted(set(names) - set(kernels()))
    if unknown:
        ap.error(f"no such suite kernel: {', '.join(unknown)} (see {SUITE})")
    archs = tuple(a.arch or ("sm_90", "sm_100"))
    if a.compile_time:
        rows = compile_times(names, archs[0], repeat=a.repeat, baseline=a.baseline)
        print_compile_times(rows)
        if a.json:
            Path(a.json).write_text(json.dumps(rows, indent=1) + "\n")
        return 0
    sass = not a.no_sass
    if sass:
        from eqsat.toolchain import missing_reason

        why = missing_reason()
        if why:
            print(f"# no SASS metrics: {why}", file=sys.stderr)
            sass = False
    rows: list[dict] = []
    t0 = time.perf_counter()
    for n in names:
        print(f"# {n}", file=sys.stderr, flush=True)
        rows += run_kernel(n, archs, sass, not a.no_equiv, a.trials, a.schedules)
    print(f"# suite: {len(names)} kernels, ours/cuTile; versioning off; modes: sig = the "
          f"signature's alias groups, noalias = undeclared arrays never alias")
    print("# carried = loop-carried tokens, joins = join_tokens; instrs = SASS without NOPs; "
          "fence = MEMBAR+FENCE; ld/st bits = narrowest-widest global access")
    if not a.no_equiv:
        print(f"# equiv: optimized vs NAME.cutile.mlir, {a.trials} trials x {a.schedules} "
              f"schedules on every spec")
    print(table(rows, archs if sass else ()))
    flagged = sorted({f"{r['kernel']} ({r['mode']}): {', '.join(r['worse'])}"
                      for r in rows if r["worse"]})
    for line in flagged:
        print(f"# worse: {line}")
    for r in rows:
        for note in r.get("notes", ()):
            print(f"# note: {r['kernel']} ({r['mode']}) {note}")
    print(f"# {len(rows)} rows, {len(flagged)} flagged, {time.perf_counter() - t0:.1f}s")
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1) + "\n")
    return 1 if any("NOT EQUIVALENT" in r["worse"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
