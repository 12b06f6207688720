"""Optimize every corpus and suite kernel and time it against tileiras compiling the
result, side by side in one run: phase times, e-graph size, iterations, op counts,
optimize ms, tileiras ms and their ratio, then per set the median ratio and the median
optimize time (target: optimize takes at most a tenth of tileiras' time).

    python benchmarks/bench_optimize.py [--set corpus|suite|all] [--rules default]
                                        [--repeat 3] [--no-tileiras] [--equiv]
                                        [--draws N] [--kinds default,loops,...]
                                        [--draws-only] [--fresh N]

Each time is the best of `--repeat` runs (the machine may be shared; the best run is
the least disturbed one); a second ratio compares CPU times, which load on a shared
machine disturbs less. tileiras compiles the optimized kernel's bytecode for the
default architecture at -O3, as `eqsat compile` does.

First, `--fresh N` (default 3) fresh interpreters each import eqsat, parse the first
kernel and optimize it, timed from before the import to the result: what a caller's
process pays for its first kernel, in three parts: the core dependencies' own import
(egglog, numpy: a floor no change to eqsat can lower), eqsat's modules with its rule sets
built, and the first optimize (the rule program registered). It is printed again at the
end against the suite's median tileiras time (the target: at most that).

`--draws N` also optimizes N derandomized `eqsat.testing.kernels()` draws with the
rules, and N `kernels(allow_alias=False)` draws with `noalias=True`, and counts the
extractions that were not cheaper than the program as encoded (0 expected). `--kinds`
names the draws: `default` (plain `kernels()`), or the opt-in kinds `loops`, `atomics`,
`parallel_stores`, `all` (the three together), `scatters` (cuTile-signature kernels with
pointer scatters), `scatters_all` (all four); each is drawn N times per alias model.
Each line also counts the draws with a store the injectivity proof calls loop-parallel
(`eqsat.testing.loop_parallel_stores`: pointer and view stores). With `--equiv`, every
draw is also checked in both forms (as drawn, and its token-free or tokenized variant)
with `eqsat.testing.check_pipeline` (2 trials x 8 schedules), and the output once more
with its `assume`s checked (a fact the optimizer wrote that the run breaks is a
failure): the hunt for miscompiles on random kernels. A failure prints the kernel, the
output and the spec; the exit status is then 1. `--draws-only` skips the timed sets.
"""
from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eqsat.ir.core import Kernel  # noqa: E402
from eqsat.pipeline.optimize import optimize  # noqa: E402
from eqsat.text import parse_file  # noqa: E402

SETS = {"corpus": ROOT / "tests" / "corpus", "suite": ROOT / "benchmarks" / "kernels"}
# optimize/tileiras, in process: at most 0.15 since optimize runs plain Python on the
# calling thread (no compiled modules, no companion thread, the collector left on)
TARGET = 0.15


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


# a fresh interpreter's first kernel: import, parse and optimize (argv: file, rules),
# timed in parts: the core dependencies eqsat cannot run without (egglog, numpy), eqsat's
# own modules with its rule sets built (egglog expressions made as `eqsat.rules` imports),
# then parsing and the first optimize (the rule program registered on its first e-graph).
# Importing the dependencies first changes nothing: eqsat imports them anyway.
FRESH = """import sys, time
t0 = time.perf_counter()
import egglog, numpy
t1 = time.perf_counter()
import eqsat, eqsat.rules, eqsat.pipeline.optimize
t2 = time.perf_counter()
eqsat.optimize(eqsat.parse_file(sys.argv[1]), rules=sys.argv[2])
t3 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2)
"""
PARTS = ("core dependencies (import egglog, numpy)", "eqsat's modules and rule sets built",
         "parse and first optimize (rules registered)")


def fresh_first_call_ms(path: Path, rules: str, runs: int) -> list[tuple[float, ...]]:
    """Import + parse + first optimize in `runs` fresh interpreters: per run the ms of
    each of `PARTS` (from this checkout: the interpreters start in it)."""
    out = []
    for _ in range(runs):
        r = subprocess.run([sys.executable, "-c", FRESH, str(path), rules], cwd=ROOT,
                           capture_output=True, text=True, check=True)
        out.append(tuple(float(x) * 1e3 for x in r.stdout.split()[-3:]))
    return out


def _parts(fresh: list[tuple[float, ...]]) -> str:
    return ", ".join(f"{name} {statistics.median(run[i] for run in fresh):.0f} ms"
                     for i, name in enumerate(PARTS))


def tileiras_seconds(k: Kernel, repeat: int) -> tuple[float, float] | str:
    """Best tileiras (wall, CPU) seconds over `repeat` compiles of `k`, or why there
    are none."""
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import DEFAULT_ARCH, ToolError, compile_bytecode
    try:
        bc = kernel_to_bytecode(k, arch=DEFAULT_ARCH)
        walls, cpus = [], []
        for _ in range(repeat):
            c0 = _children_cpu()
            walls.append(compile_bytecode(bc, DEFAULT_ARCH).seconds)
            cpus.append(_children_cpu() - c0)
        return min(walls), min(cpus)
    except ToolError as e:
        return f"tileiras failed: {str(e).splitlines()[0][:60]}"


def bench_set(name: str, files: list[Path], args: Any, tileiras: bool) -> dict[str, Any]:
    print(f"\n== {name} ({len(files)} kernels)")
    print(f"{'kernel':24s} {'encode':>7s} {'satur.':>7s} {'extract':>7s} {'decode':>7s} "
          f"{'optim.':>7s} {'tileir.':>7s} {'ratio':>6s} {'iters':>5s} {'nodes':>6s} "
          f"{'ops':>9s}  stop")
    walls, tiles, ratios, cpu_ratios = [], [], [], []
    for f in files:
        kname = f.name.split(".")[0]
        k = parse_file(f)
        best = None
        cpu = float("inf")
        for _ in range(max(1, args.repeat)):
            t0, c0 = time.perf_counter(), time.process_time()
            res = optimize(k, rules=args.rules)
            wall = time.perf_counter() - t0
            cpu = min(cpu, time.process_time() - c0)
            if best is None or wall < best[0]:
                best = (wall, res)
        assert best is not None
        wall, res = best
        walls.append(wall)
        r = res.report
        ms = {p: r.times.get(p, 0.0) * 1e3 for p in ("encode", "saturate", "extract", "decode")}
        tile = tileiras_seconds(res.kernel, max(1, args.repeat)) if tileiras else ""
        if isinstance(tile, tuple):
            tiles.append(tile[0])
            ratios.append(wall / tile[0])
            if tile[1] > 0:
                cpu_ratios.append(cpu / tile[1])
            tcol = f"{tile[0] * 1e3:6.0f}m {wall / tile[0]:6.3f}"
        else:
            tcol = f"{'-':>7s} {'-':>6s}"
        line = (f"{kname:24s} {ms['encode']:6.0f}m {ms['saturate']:6.0f}m "
                f"{ms['extract']:6.0f}m {ms['decode']:6.0f}m {wall * 1e3:6.0f}m {tcol} "
                f"{r.iterations:5d} {r.enodes:6d} {r.ops_before:4d}->{r.ops_after:<4d} "
                f"{r.stop_reason}")
        if isinstance(tile, str) and tile:
            line += f"  ({tile})"
        if args.equiv:
            from eqsat.equiv import check_equivalent
            from eqsat.interp.inputs import load_spec
            spec_path = ROOT / "tests" / "specs" / f"{kname}.json"
            if spec_path.exists():
                eq = check_equivalent(k, res.kernel, load_spec(spec_path), trials=10,
                                      schedules=20)
                line += f"  equiv={'ok' if eq.ok else eq.message}"
        print(line, flush=True)
    out = {"optimize_ms": statistics.median(walls) * 1e3, "slowest_ms": max(walls) * 1e3}
    print(f"{name}: median optimize {out['optimize_ms']:.0f} ms, slowest "
          f"{out['slowest_ms']:.0f} ms", end="")
    if ratios:
        out["ratio"] = statistics.median(ratios)
        out["tileiras_ms"] = statistics.median(tiles) * 1e3
        print(f"; median tileiras {statistics.median(tiles) * 1e3:.0f} ms; optimize/tileiras "
              f"median {out['ratio']:.3f} (range {min(ratios):.3f}-{max(ratios):.3f}, "
              f"target <= {TARGET:.2f}: {'met' if out['ratio'] <= TARGET else 'NOT met'})")
        if cpu_ratios:
            out["cpu_ratio"] = statistics.median(cpu_ratios)
            print(f"{name}: CPU time instead of wall time (steadier on a shared machine; "
                  f"tileiras' CPU counts all its threads): optimize/tileiras median "
                  f"{out['cpu_ratio']:.3f}")
    else:
        print()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", choices=[*SETS, "all"], default="all")
    ap.add_argument("--rules", default="default")
    ap.add_argument("--repeat", type=int, default=3, help="runs per kernel (best time kept)")
    ap.add_argument("--draws", type=int, default=0,
                    help="also count fallbacks on this many kernels() draws of each kind")
    ap.add_argument("--kinds", default="default",
                    help=f"kernels() draws to make, comma-separated: {', '.join(DRAW_KINDS)}")
    ap.add_argument("--draws-only", action="store_true", help="only the kernels() draws")
    ap.add_argument("--no-tileiras", action="store_true", help="time optimize alone")
    ap.add_argument("--fresh", type=int, default=3,
                    help="fresh interpreters timed for import + first optimize (0: none)")
    ap.add_argument("--equiv", action="store_true",
                    help="also check equivalence with the interpreter where a spec exists "
                         "(10 trials x 20 schedules)")
    args = ap.parse_args(argv)
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in DRAW_KINDS]
    if unknown:
        ap.error(f"--kinds: unknown {', '.join(unknown)} (one of {', '.join(DRAW_KINDS)})")
    if args.draws_only:
        return _all_draws(args, kinds)
    tileiras = not args.no_tileiras
    if tileiras:
        from eqsat.toolchain import missing_reason
        why = missing_reason(need_cuda_tile=False)
        if why:
            print(f"tileiras not available ({why}); timing optimize alone")
            tileiras = False
    names = list(SETS) if args.set == "all" else [args.set]
    files = {n: sorted(SETS[n].glob("*.seq.mlir")) for n in names}
    first = files[names[0]][0]
    fresh = fresh_first_call_ms(first, args.rules, args.fresh) if args.fresh > 0 else []
    totals = [sum(run) for run in fresh]
    if fresh:
        print(f"first call in a fresh process ({first.name}: import eqsat, parse, optimize; "
              f"{len(fresh)} runs): median {statistics.median(totals):.0f} ms, best "
              f"{min(totals):.0f} ms; medians of its parts: {_parts(fresh)}")
    t0 = time.perf_counter()
    optimize(parse_file(first), rules=args.rules)    # warm-up: imports, one-time set-up
    print(f"first call in this process ({first.name}, with imports and one-time set-up): "
          f"{(time.perf_counter() - t0) * 1e3:.0f} ms")
    results = {n: bench_set(n, files[n], args, tileiras) for n in names}
    suite_tileiras = results.get("suite", {}).get("tileiras_ms")
    if fresh and suite_tileiras is not None:
        first_ms = statistics.median(totals)
        floor_ms = statistics.median(run[0] for run in fresh)
        print(f"first call in a fresh process: median {first_ms:.0f} ms against the suite's "
              f"median tileiras {suite_tileiras:.0f} ms (target: at most that): "
              f"{'met' if first_ms <= suite_tileiras else 'NOT met'}; importing the core "
              f"dependencies alone takes {floor_ms:.0f} ms of it "
              f"({floor_ms / suite_tileiras:.0%} of that tileiras time)")
    return _all_draws(args, kinds) if args.draws else 0


# kernels() options of each kind of draw
DRAW_KINDS: dict[str, dict[str, bool]] = {
    "default": {}, "loops": {"loops": True}, "atomics": {"atomics": True},
    "parallel_stores": {"parallel_stores": True},
    "all": {"loops": True, "atomics": True, "parallel_stores": True},
    "scatters": {"scatters": True},
    "scatters_all": {"loops": True, "atomics": True, "parallel_stores": True, "scatters": True},
}
SHOWN_FAILURES = 3          # failures printed in full per kind and alias model


def _all_draws(args: Any, kinds: list[str]) -> int:
    failed = 0
    for kind in kinds:
        for label, options, alias in (("default", {}, True), ("noalias", {"noalias": True}, False)):
            t0 = time.perf_counter()
            r = _draws(args.draws, alias, dict(options, rules=args.rules), DRAW_KINDS[kind],
                       args.equiv)
            line = (f"kernels() draws {kind} [{label}]: {r['draws']}, "
                    f"not cheaper: {r['not_cheaper']}, with a store proven loop-parallel: "
                    f"{r['proved']} (pointer {r['proved_ptr']}, view {r['proved_view']})")
            if args.equiv:
                line += f", forms checked: {r['checked']}, failures: {r['failures']}"
            print(f"{line} ({time.perf_counter() - t0:.0f} s)", flush=True)
            failed += r["failures"]
    return 1 if failed else 0


def _draws(count: int, allow_alias: bool, options: dict, kind: dict[str, bool] | None = None,
           equiv: bool = False) -> dict[str, int]:
    from hypothesis import HealthCheck, Phase, given, settings

    from eqsat.errors import AssumeViolation
    from eqsat.interp import run as interpret
    from eqsat.testing import check_pipeline, kernels, loop_parallel_stores, optimize_pipeline
    seen = {"draws": 0, "not_cheaper": 0, "checked": 0, "failures": 0, "proved": 0,
            "proved_ptr": 0, "proved_view": 0}
    pipeline = optimize_pipeline(**options)

    @settings(max_examples=count, deadline=None, derandomize=True, database=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(kernels(allow_alias=allow_alias, **(kind or {})))
    def run(case):
        rep = optimize(case.kernel, **options).report
        seen["draws"] += 1
        seen["not_cheaper"] += rep.not_cheaper
        proved = loop_parallel_stores(case.kernel, noalias=bool(options.get("noalias")))
        seen["proved"] += any(proved.values())
        seen["proved_ptr"] += proved["ptr"] > 0
        seen["proved_view"] += proved["view"] > 0
        if not equiv:
            return
        for c in (case, case.variant(tokenized=not case.tokenized)):
            seen["checked"] += 1
            try:
                res = check_pipeline(c.kernel, c.spec, pipeline, trials=2, schedules=8)
                ok, why = res.ok, "" if res.ok else res.explain()
                if ok and res.output is not None:
                    try:
                        interpret(res.output, c.spec, check_assumes=True)
                    except AssumeViolation as e:
                        ok, why = False, f"the output breaks an assume: {e}\n{res.explain()}"
            except Exception as e:  # a crash is a failure too
                ok, why = False, f"crash: {type(e).__name__}: {e}\n{c!r}"
            if not ok:
                seen["failures"] += 1
                if seen["failures"] <= SHOWN_FAILURES:
                    print(f"--- FAILURE {seen['failures']} (features: "
                          f"{', '.join(sorted(c.features))})\n{why}", flush=True)
    run()
    return seen


if __name__ == "__main__":
    sys.exit(main())
