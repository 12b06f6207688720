"""Calibrate the GPU time model on recorded runs and validate it leave-one-kernel-out.

    python benchmarks/bench_model.py [--gpu NAME] [--record R.txt] [--stats S.json]

No GPU is needed: the times come from a bench_gpu record (docs/measurements/), the cubin
statistics of the builds it timed from benchmarks/model_stats.py (committed beside it).
The model's free parameters (`eqsat.lowering.timemodel.Params`) are fitted by a grid
search minimizing the squared log error of predicted against measured times; then, for
each kernel, they are fitted again without it, with them the gain margin (the model's
median error on a ratio of two builds' times, over the other kernels), and the model
chooses among that kernel's timed builds: the fastest prediction, but cuTile's build as
launched unless the fastest is predicted faster than it by more than the margin.
Printed per kernel x timing size: the chosen build and its measured time over the best
measured build's; last line:

    leave-one-kernel-out: within 5% on A/B rows, spearman S, worst vs cutile W

(A of B timing rows within 5% of the best; S the rank correlation of predicted and
measured times over the distinct builds of those rows; W the least cutile/chosen ratio).
Builds of a row whose recorded cubin statistics are identical are one program: the
spread of their measured times is noise, so S ranks them as one build at their mean
time. The rank correlation over every timed build, identical ones counted apart (what
S was before), is printed on the line above for comparison.
The records only hold builds already timed, so this judges the model among those.
"""
from __future__ import annotations

import argparse
import itertools
import json
import math
import re
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eqsat.lowering.timemodel import GPUS, Build, Launch, Params, predict  # noqa: E402

RECORD = ROOT / "docs" / "measurements" / "gpu_h100_launch.txt"
STATS = ROOT / "docs" / "measurements" / "gpu_h100_launch_stats.json"
TIMING = ("time-even", "time-odd")
ORDER = ("ours", "ours-all", "cutile", "cutile-aot")      # preference on a predicted tie
TIE = 0.03
REFERENCE = "cutile"                                      # cuTile's build as launched
GRID = {
    "dram_eff": (0.7, 0.8, 0.9),
    "latency_ns": (500.0, 800.0, 1200.0),
    "ilp": (1.0, 2.0, 4.0),
    "tma_bytes": (8192.0, 16384.0, 32768.0, 65536.0),
    "launch_us": (1.5, 2.0, 2.5),
    "issue_scale": (0.25, 0.5, 1.0),
}


@dataclass
class Row:
    kernel: str
    input: str
    times: dict[str, float]          # build -> measured microseconds (mean of the runs)
    builds: dict[str, Build]
    launch: Launch
    same: dict[str, str]             # build -> the first build with the same recorded stats


def read_record(path: Path) -> dict[tuple[str, str], dict[str, float]]:
    """(kernel, input) -> {build: mean time in us over the record's runs}."""
    got: dict[tuple[str, str], dict[str, list[float]]] = {}
    progs: list[str] = []
    for line in path.read_text().splitlines():
        if line.startswith("kernel "):
            cols = line.split()
            progs = cols[2:2 + len([c for c in cols if c == "t"])]
            continue
        if not progs or line.startswith("#") or not line.strip():
            continue
        cols = line.split()
        times = cols[2 + len(progs):2 + 2 * len(progs)]
        for prog, t in zip(progs, times):
            m = re.fullmatch(r"([\d.]+)u", t)
            if m:
                got.setdefault((cols[0], cols[1]), {}).setdefault(prog, []).append(
                    float(m.group(1)))
    return {k: {p: sum(v) / len(v) for p, v in d.items()} for k, d in got.items()}


def load_rows(record: Path, stats: Path) -> list[Row]:
    times = read_record(record)
    data = json.loads(stats.read_text())
    rows = []
    for (kernel, inp), t in sorted(times.items()):
        st = data.get(kernel, {}).get(inp)
        if st is None:
            continue
        builds = {b: Build.from_stats(s, s["threads"]) for b, s in st["builds"].items()
                  if b in t}
        grid = st["grid"]
        text = {b: json.dumps(st["builds"][b], sort_keys=True) for b in builds}
        same = {b: next(c for c in builds if text[c] == text[b]) for b in builds}
        rows.append(Row(kernel, inp, {b: t[b] for b in builds}, builds,
                        Launch(math.prod(grid), st["read_bytes"], st["write_bytes"]), same))
    return rows


def _loss(rows: list[Row], gpu, p: Params) -> float:
    err = 0.0
    for r in rows:
        for b, build in r.builds.items():
            err += (math.log(predict(gpu, build, r.launch, p).us) - math.log(r.times[b])) ** 2
    return err


def fit(rows: list[Row], gpu) -> Params:
    """The grid point with the least squared log error over `rows`."""
    best, best_p = math.inf, Params()
    for vals in itertools.product(*GRID.values()):
        p = Params(**dict(zip(GRID, vals)))
        e = _loss(rows, gpu, p)
        if e < best:
            best, best_p = e, p
    return best_p


def margin(rows: list[Row], gpu, p: Params) -> float:
    """The model's typical error on a ratio of two builds' times: the median, over every
    build of `rows` that differs from cuTile's as launched, of |log predicted ratio - log
    measured ratio| to that build, as a fraction (0.1: 10%)."""
    errs = []
    for r in rows:
        ref = r.builds.get(REFERENCE)
        if ref is None:
            continue
        pc = predict(gpu, ref, r.launch, p).us
        for b, build in r.builds.items():
            if b != REFERENCE and build != ref:
                pb = predict(gpu, build, r.launch, p).us
                errs.append(abs(math.log(pb / pc) - math.log(r.times[b] / r.times[REFERENCE])))
    return math.exp(statistics.median(errs)) - 1 if errs else TIE


def chosen(r: Row, gpu, p: Params, guard: float = 0.0) -> str:
    """The build the model chooses: the earliest in `ORDER` within `TIE` of the fastest
    prediction; cuTile's as launched unless that one is predicted faster by more than
    `guard` (the model's error on ratios: a smaller predicted gain is not evidence)."""
    pred = {b: predict(gpu, r.builds[b], r.launch, p).us for b in ORDER if b in r.builds}
    low = min(pred.values())
    pick = next(b for b in pred if pred[b] <= low * (1 + TIE))
    if guard > 0 and REFERENCE in pred and pred[REFERENCE] <= pred[pick] * (1 + max(TIE, guard)):
        return REFERENCE
    return pick


def spearman(xs: list[float], ys: list[float]) -> float:
    def ranks(v: list[float]) -> list[float]:
        order = sorted(range(len(v)), key=lambda i: v[i])
        out = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2
            i = j + 1
        return out

    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sx = math.sqrt(sum((a - mx) ** 2 for a in rx))
    sy = math.sqrt(sum((b - my) ** 2 for b in ry))
    return cov / (sx * sy) if sx and sy else 0.0


def validate(rows: list[Row], gpu, out=sys.stdout, guard: bool = True
             ) -> tuple[int, int, float, float, float]:
    kernels = sorted({r.kernel for r in rows})
    within = total = 0
    worst = math.inf
    px: list[float] = []
    my: list[float] = []
    qx: list[float] = []
    qy: list[float] = []
    print(f"{'kernel':<24}{'size':<11}{'chosen':<12}{'chosen/best':>12}{'cutile/chosen':>15}",
          file=out)
    for k in kernels:
        train = [r for r in rows if r.kernel != k]
        p = fit(train, gpu)
        m = margin(train, gpu, p) if guard else 0.0      # 0: no guard
        for r in rows:
            if r.kernel != k or r.input not in TIMING:
                continue
            c = chosen(r, gpu, p, m)
            best = min(r.times.values())
            ratio = r.times[c] / best
            total += 1
            within += ratio <= 1.05
            vs = r.times.get("cutile", r.times[c]) / r.times[c]
            worst = min(worst, vs)
            for b, build in r.builds.items():
                px.append(predict(gpu, build, r.launch, p).us)
                my.append(r.times[b])
            for b in sorted(set(r.same.values())):           # one point per distinct cubin
                alike = [c for c in r.builds if r.same[c] == b]
                qx.append(predict(gpu, r.builds[b], r.launch, p).us)
                qy.append(sum(r.times[c] for c in alike) / len(alike))
            print(f"{r.kernel:<24}{r.input:<11}{c:<12}{ratio:>12.3f}{vs:>15.3f}", file=out)
    return within, total, spearman(qx, qy), worst, spearman(px, my)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gpu", choices=sorted(GPUS), default="h100-sxm",
                    help="the GPU to model (default: the record's, an H100 SXM)")
    ap.add_argument("--record", type=Path, default=RECORD)
    ap.add_argument("--stats", type=Path, default=STATS)
    ap.add_argument("--no-guard", action="store_true",
                    help="choose the fastest prediction even when its gain over cuTile's build "
                         "as launched is within the model's error (for comparison)")
    ap.add_argument("--fit-only", action="store_true",
                    help="print the parameters fitted on every kernel and stop")
    a = ap.parse_args(argv)
    gpu = GPUS[a.gpu]
    rows = load_rows(a.record, a.stats)
    if not rows:
        raise SystemExit(f"error: no rows of {a.record} have statistics in {a.stats}")
    p = fit(rows, gpu)
    print(f"fitted on {len(rows)} kernel x input rows of {a.record.name}: {p}; "
          f"gain margin {margin(rows, gpu, p):.3f}")
    if a.fit_only:
        return 0
    within, total, s, w, s_all = validate(rows, gpu, guard=not a.no_guard)
    print(f"spearman over every timed build (identical cubins counted apart): {s_all:.3f}; "
          f"identical cubins as one build, their mean time: {s:.3f}")
    print(f"leave-one-kernel-out: within 5% on {within}/{total} rows, spearman {s:.3f}, "
          f"worst vs cutile {w:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
