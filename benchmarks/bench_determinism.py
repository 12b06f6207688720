"""Same input, same output on a busy machine: `eqsat opt --report` on every corpus and
example kernel, once on an idle machine and RUNS times while HOGS processes keep every
core busy. Prints, per kernel, whether the optimized text is byte-identical and the
report (everything but its `time:` line) the same as on the idle run.

    python benchmarks/bench_determinism.py [--runs 5] [--hogs 2] [--kernels a,b]
                                           [--flags "--noalias"]

Exit status 1 if any run differs. Wall times are printed only as context.
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import shlex
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _hog(stop) -> None:
    x = 0
    while not stop.is_set():
        for i in range(100_000):
            x ^= i * i


def _opt(path: Path, flags: list[str]) -> tuple[str, str, float]:
    t = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "eqsat", "opt", str(path), "--report", *flags],
                       cwd=ROOT, capture_output=True, text=True, check=False)
    if p.returncode != 0:
        raise SystemExit(f"{path.name}: eqsat opt failed: {p.stderr.strip()}")
    report = "\n".join(ln for ln in p.stderr.splitlines() if not ln.startswith("time: "))
    return p.stdout, report, time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--hogs", type=int, default=2)
    ap.add_argument("--kernels", default="", help="comma-separated names (default: all)")
    ap.add_argument("--flags", default="", help="extra flags for eqsat opt")
    a = ap.parse_args()
    if a.runs < 1 or a.hogs < 0:
        ap.error("--runs must be >= 1 and --hogs >= 0")
    want = {n for n in a.kernels.split(",") if n}
    paths = [p for p in sorted((ROOT / "tests" / "corpus").glob("*.mlir"))
             + sorted((ROOT / "examples").glob("*.mlir"))
             if not want or p.name.split(".")[0] in want]
    flags = shlex.split(a.flags)
    idle = {p: _opt(p, flags) for p in paths}
    stop = mp.Event()
    hogs = [mp.Process(target=_hog, args=(stop,), daemon=True) for _ in range(a.hogs)]
    for h in hogs:
        h.start()
    bad = 0
    try:
        print(f"{'kernel':40} {'runs':>4} {'text':>6} {'report':>6} {'idle s':>7} {'busy s':>7}")
        for p in paths:
            text0, rep0, t0 = idle[p]
            busy = [_opt(p, flags) for _ in range(a.runs)]
            same_text = sum(b[0] == text0 for b in busy)
            same_rep = sum(b[1] == rep0 for b in busy)
            bad += (same_text < a.runs) + (same_rep < a.runs)
            worst = max(b[2] for b in busy)
            print(f"{p.name:40} {a.runs:>4} {same_text:>6} {same_rep:>6} {t0:7.2f} {worst:7.2f}")
    finally:
        stop.set()
        for h in hogs:
            h.join()
    print(f"{len(paths)} kernels x {a.runs} busy runs ({a.hogs} CPU hogs): "
          + ("all identical to the idle run" if not bad else f"{bad} differences"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
