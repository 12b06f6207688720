"""Optimize every corpus kernel and print phase times, e-graph size, iterations and op
counts (a benchmark, not a test: each kernel should take well under 2 s).

    python benchmarks/bench_optimize.py [--rules default] [--repeat 3] [--equiv]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eqsat.pipeline.optimize import optimize  # noqa: E402
from eqsat.text import parse_file  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="default")
    ap.add_argument("--repeat", type=int, default=3, help="runs per kernel (best time kept)")
    ap.add_argument("--equiv", action="store_true",
                    help="also check equivalence with the interpreter (10 trials x 20 schedules)")
    args = ap.parse_args(argv)
    files = sorted((ROOT / "tests" / "corpus").glob("*.seq.mlir"))
    optimize(parse_file(files[0]), rules=args.rules)          # warm-up: imports, rule compile
    head = (f"{'kernel':24s} {'encode':>7s} {'satur.':>7s} {'extract':>7s} {'decode':>7s} "
            f"{'total':>7s} {'iters':>5s} {'classes':>7s} {'nodes':>6s} {'ops':>9s} "
            f"{'cost':>17s}  stop")
    print(head)
    worst = 0.0
    for f in files:
        name = f.name.split(".")[0]
        k = parse_file(f)
        best = None
        for _ in range(max(1, args.repeat)):
            t0 = time.perf_counter()
            res = optimize(k, rules=args.rules)
            wall = time.perf_counter() - t0
            if best is None or wall < best[0]:
                best = (wall, res)
        wall, res = best
        worst = max(worst, wall)
        r = res.report
        ms = {p: r.times.get(p, 0.0) * 1e3 for p in ("encode", "saturate", "extract", "decode")}
        line = (f"{name:24s} {ms['encode']:6.0f}m {ms['saturate']:6.0f}m {ms['extract']:6.0f}m "
                f"{ms['decode']:6.0f}m {wall * 1e3:6.0f}m {r.iterations:5d} {r.eclasses:7d} "
                f"{r.enodes:6d} {r.ops_before:4d}->{r.ops_after:<4d} "
                f"{r.cost_before:8.0f}->{r.cost_after:<8.0f} {r.stop_reason}")
        if args.equiv:
            from eqsat.equiv import check_equivalent
            from eqsat.interp.inputs import load_spec
            spec = load_spec(ROOT / "tests" / "specs" / f"{name}.json")
            eq = check_equivalent(k, res.kernel, spec, trials=10, schedules=20)
            line += f"  equiv={'ok' if eq.ok else eq.message}"
        print(line, flush=True)
    print(f"slowest kernel: {worst:.2f} s (target < 2 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
