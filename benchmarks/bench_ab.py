"""Two installs of eqsat timed side by side: each kernel optimized in one interpreter of
each, kernel by kernel and round by round in turn, so that load on a shared machine
falls on both alike; then per set the median of each side's optimize time and the
median per-kernel ratio B/A, and the first call (import + parse + optimize) in fresh
interpreters of each, in turn.

    python benchmarks/bench_ab.py --a 'PYTHON_A' --b 'PYTHON_B' [--rounds 3] [--repeat 3]
                                  [--set corpus|suite|all] [--fresh 5] [--gap S]

PYTHON_A / PYTHON_B: a command line that starts an interpreter whose `import eqsat` is
the install to time (a virtual environment's python; environment variables as
`env NAME=VALUE python`). Each time is the least of `--repeat` runs per round and of
all rounds, wall and CPU (CPU counts every thread of the interpreter). `--gap S` waits S
seconds before each timed run: calls that do not arrive back to back, as when a compile
cache answers the repeats, so work an install leaves running after a call has returned
is done before the next call starts.
"""
from __future__ import annotations

import argparse
import shlex
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETS = {"corpus": ROOT / "tests" / "corpus", "suite": ROOT / "benchmarks" / "kernels"}

# a worker: reads "PATH REPEAT GAP" lines, answers "WALL CPU" (seconds, least of REPEAT
# runs, each after GAP seconds' sleep)
WORKER = """import sys, time
import eqsat
print(eqsat.__file__, flush=True)
for line in sys.stdin:
    path, repeat, gap = line.split()
    k = eqsat.parse_file(path)
    walls, cpus = [], []
    for _ in range(int(repeat)):
        time.sleep(float(gap))
        t0, c0 = time.perf_counter(), time.process_time()
        eqsat.optimize(k)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    print(min(walls), min(cpus), flush=True)
"""

FRESH = """import sys, time
t0, c0 = time.perf_counter(), time.process_time()
import eqsat
eqsat.optimize(eqsat.parse_file(sys.argv[1]))
print(time.perf_counter() - t0, time.process_time() - c0)
"""


class Worker:
    def __init__(self, cmd: str):
        self.p = subprocess.Popen([*shlex.split(cmd), "-c", WORKER], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, cwd="/")
        assert self.p.stdout is not None
        self.where = self.p.stdout.readline().strip()

    def time(self, path: Path, repeat: int, gap: float) -> tuple[float, float]:
        assert self.p.stdin is not None and self.p.stdout is not None
        self.p.stdin.write(f"{path} {repeat} {gap}\n")
        self.p.stdin.flush()
        wall, cpu = self.p.stdout.readline().split()
        return float(wall), float(cpu)

    def close(self) -> None:
        assert self.p.stdin is not None
        self.p.stdin.close()
        self.p.wait()


def fresh(cmd: str, path: Path) -> tuple[float, float]:
    r = subprocess.run([*shlex.split(cmd), "-c", FRESH, str(path)], capture_output=True,
                       text=True, check=True, cwd="/")
    wall, cpu = r.stdout.split()
    return float(wall), float(cpu)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--set", choices=[*SETS, "all"], default="all")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--fresh", type=int, default=5)
    ap.add_argument("--gap", type=float, default=0.0, help="seconds' wait before each run")
    args = ap.parse_args(argv)
    names = list(SETS) if args.set == "all" else [args.set]
    files = {n: sorted(SETS[n].glob("*.seq.mlir")) for n in names}
    sides = {"A": Worker(args.a), "B": Worker(args.b)}
    for side, w in sides.items():
        print(f"{side}: {w.where}")
    best: dict[tuple[str, str, Path], tuple[float, float]] = {}
    for _ in range(args.rounds):
        for n in names:
            for f in files[n]:
                for side, w in sides.items():
                    got = w.time(f, args.repeat, args.gap)
                    old = best.get((side, n, f), (float("inf"), float("inf")))
                    best[(side, n, f)] = (min(old[0], got[0]), min(old[1], got[1]))
    for w in sides.values():
        w.close()
    for n in names:
        for i, what in ((0, "wall"), (1, "CPU")):
            a = [best[("A", n, f)][i] * 1e3 for f in files[n]]
            b = [best[("B", n, f)][i] * 1e3 for f in files[n]]
            ratio = statistics.median(y / x for x, y in zip(a, b))
            print(f"{n} ({len(a)} kernels), {what}: median optimize A {statistics.median(a):.1f} "
                  f"ms, B {statistics.median(b):.1f} ms; per-kernel B/A median {ratio:.2f}")
    if args.fresh > 0:
        first = files[names[0]][0]
        got: dict[str, list[tuple[float, float]]] = {"A": [], "B": []}
        for _ in range(args.fresh):
            for side, cmd in (("A", args.a), ("B", args.b)):
                got[side].append(fresh(cmd, first))
        for side in got:
            walls = [w * 1e3 for w, _ in got[side]]
            cpus = [c * 1e3 for _, c in got[side]]
            print(f"first call in a fresh process ({first.name}), {side}: wall median "
                  f"{statistics.median(walls):.0f} ms (best {min(walls):.0f}), CPU median "
                  f"{statistics.median(cpus):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
