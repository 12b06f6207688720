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

Sizes the fit has not seen: the same figures, leave-one-kernel-and-size-out. A row
(kernel K, input I) is judged with the parameters and margin fitted on the rows of the
other kernels at the other inputs: neither K nor any kernel at I. Holding out the kernel
alone (above) lets the fit see every other kernel at the judged size; holding out the size
alone lets it see K's own cubins at its other sizes (time-odd's builds are often
time-even's); a reviewer's check changes both, so both are held out. Also printed, the
two ways the fit can cross from one regime to the other: fitted on the small inputs
(spec, even, odd, overlap: a few microseconds, launch-bound) alone and judged at the
timing sizes, and leave-one-kernel-and-size-out judged on the small inputs.
Absolute accuracy, beside the ranks: median and 90th percentile (nearest rank) of
|log(predicted/measured)| over every timed build, per input and in all, fitted on every
row (what the compile path uses) and held out as above; then the largest errors.
Fits share one pass over the grid (`Fits`), so the folds cost little.
"""
from __future__ import annotations

import argparse
import functools
import itertools
import json
import math
import re
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eqsat.lowering.timemodel import GPUS, Build, Launch, Params, predict  # noqa: E402

RECORD = ROOT / "docs" / "measurements" / "gpu_h100_launch.txt"
STATS = ROOT / "docs" / "measurements" / "gpu_h100_launch_stats.json"
KINDS = ("spec", "even", "odd", "overlap", "time-even", "time-odd")   # the record's inputs
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


class Fits:
    """Fits of the grid on subsets of `rows`, sharing one pass over the grid.

    The loss is a sum over rows, so every grid point's squared log errors are computed
    once per row and build; a fit on a subset is then a sum and an argmin, in the order
    the rows come (the same floating-point sums as a grid search on the subset alone).
    The grid search is the cost: this is what lets the validations below refit per fold."""

    def __init__(self, rows: list[Row], gpu) -> None:
        self.rows, self.gpu = rows, gpu
        self.grid = [Params(**dict(zip(GRID, vals))) for vals in itertools.product(*GRID.values())]
        self.terms = [[[(math.log(predict(gpu, build, r.launch, p).us) - math.log(r.times[b])) ** 2
                        for b, build in r.builds.items()] for r in rows] for p in self.grid]
        self._cache: dict[tuple[int, ...], Params] = {}
        self._margins: dict[tuple[int, ...], float] = {}

    def fit(self, keep: Callable[[Row], bool]) -> Params:
        """The grid point with the least squared log error over the rows `keep` accepts."""
        return self._fit(tuple(i for i, r in enumerate(self.rows) if keep(r)))

    def fit_and_margin(self, keep: Callable[[Row], bool]) -> tuple[Params, float]:
        """`fit`, and the gain margin of its parameters on the same rows."""
        idx = tuple(i for i, r in enumerate(self.rows) if keep(r))
        if idx not in self._margins:
            self._margins[idx] = margin([self.rows[i] for i in idx], self.gpu, self._fit(idx))
        return self._fit(idx), self._margins[idx]

    def _fit(self, idx: tuple[int, ...]) -> Params:
        if idx not in self._cache:
            best, best_p = math.inf, Params()
            for p, terms in zip(self.grid, self.terms):
                e = 0.0
                for i in idx:
                    for t in terms[i]:
                        e += t
                if e < best:
                    best, best_p = e, p
            self._cache[idx] = best_p
        return self._cache[idx]


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


Fold = Callable[[Row, Row], bool]
# (judged row, another row) -> whether the fit that judges the row may see the other
LOKO: Fold = lambda r, o: o.kernel != r.kernel                          # noqa: E731
SIZE_OUT: Fold = lambda r, o: o.kernel != r.kernel and o.input != r.input  # noqa: E731


@dataclass
class Judged:
    """A row as a validation judged it: the parameters fitted without it, their gain
    margin, the build chosen with them, and their prediction of every build."""

    row: Row
    params: Params
    margin: float
    chosen: str
    pred: dict[str, float]


def held_out(fits: Fits, fold: Fold, guard: bool = True,
             judge: Callable[[Row], bool] = lambda r: r.input in TIMING) -> list[Judged]:
    """Every row `judge` accepts, predicted and chosen for with the parameters (and gain
    margin) fitted on the rows its fold lets the fit see."""
    out = []
    for r in fits.rows:
        if not judge(r):
            continue
        p, m = fits.fit_and_margin(functools.partial(fold, r))
        m = m if guard else 0.0                                  # 0: no guard
        out.append(Judged(r, p, m, chosen(r, fits.gpu, p, m),
                          {b: predict(fits.gpu, build, r.launch, p).us
                           for b, build in r.builds.items()}))
    return out


@dataclass
class Score:
    within: int                      # judged rows whose chosen build is within 5% of the best
    total: int
    spearman: float                  # distinct builds (identical statistics as one)
    worst: float                     # least cutile / chosen
    spearman_all: float              # every timed build, identical ones counted apart


def score(judged: list[Judged]) -> Score:
    within = 0
    worst = math.inf
    px: list[float] = []
    my: list[float] = []
    qx: list[float] = []
    qy: list[float] = []
    for j in judged:
        r = j.row
        within += r.times[j.chosen] / min(r.times.values()) <= 1.05
        worst = min(worst, r.times.get(REFERENCE, r.times[j.chosen]) / r.times[j.chosen])
        for b in r.builds:
            px.append(j.pred[b])
            my.append(r.times[b])
        for b in sorted(set(r.same.values())):           # one point per distinct cubin
            alike = [c for c in r.builds if r.same[c] == b]
            qx.append(j.pred[b])
            qy.append(sum(r.times[c] for c in alike) / len(alike))
    return Score(within, len(judged), spearman(qx, qy), worst, spearman(px, my))


def _row_line(j: Judged) -> str:
    r, c = j.row, j.chosen
    return (f"{r.kernel:<24}{r.input:<11}{c:<12}{r.times[c] / min(r.times.values()):>12.3f}"
            f"{r.times.get(REFERENCE, r.times[c]) / r.times[c]:>15.3f}")


def _figures(name: str, s: Score) -> str:
    return (f"{name}: within 5% on {s.within}/{s.total} rows, spearman {s.spearman:.3f}, "
            f"worst vs cutile {s.worst:.3f}")


def abs_errors(judged: list[Judged]) -> dict[str, list[float]]:
    """|log(predicted/measured)| of every timed build, by input kind ("all": every one)."""
    out: dict[str, list[float]] = {}
    for j in judged:
        for b, t in j.row.times.items():
            e = abs(math.log(j.pred[b] / t))
            out.setdefault(j.row.input, []).append(e)
            out.setdefault("all", []).append(e)
    return out


def quantile(xs: list[float], q: float) -> float:
    """The nearest-rank q-quantile (the least value with at least q of `xs` at or below)."""
    v = sorted(xs)
    return v[max(0, math.ceil(q * len(v)) - 1)]


def print_abs(columns: dict[str, list[Judged]], out=None, worst: int = 10) -> None:
    """Median and 90th percentile of |log(predicted/measured)| per input kind, one pair
    of columns per way of fitting; then the largest errors of the last column."""
    errs = {name: abs_errors(js) for name, js in columns.items()}
    kinds = [k for k in (*KINDS, "all") if any(k in e for e in errs.values())]
    kinds += sorted({k for e in errs.values() for k in e} - set(kinds))
    print("absolute error |log(predicted/measured)| over every timed build (x: exp of it, "
          "the factor predicted and measured times differ by):", file=out)
    print(f"  {'input':<11}{'builds':>7}" + "".join(f"{name + ': median':>36}{'p90':>15}"
                                                    for name in errs), file=out)
    for k in kinds:
        cells = []
        for e in errs.values():
            v = e.get(k, [])
            cells += [f"{quantile(v, q):.3f} (x{math.exp(quantile(v, q)):.2f})" if v else ""
                      for q in (0.5, 0.9)]
        n = max(len(e.get(k, [])) for e in errs.values())
        print(f"  {k:<11}{n:>7}" + "".join(f"{a:>36}{b:>15}" for a, b in zip(cells[::2],
                                                                            cells[1::2])),
              file=out)
    name, last = list(columns.items())[-1]
    pairs = sorted(((abs(math.log(j.pred[b] / t)), j, b) for j in last
                    for b, t in j.row.times.items()), key=lambda x: (-x[0], x[1].row.kernel,
                                                                      x[1].row.input, x[2]))
    seen: set[tuple[str, str, float]] = set()
    print(f"largest errors ({name}; a row's builds predicted alike once):", file=out)
    for err, j, b in pairs:
        r = j.row
        key = (r.kernel, r.input, round(j.pred[b], 6))
        if key in seen:
            continue
        seen.add(key)
        print(f"  {r.kernel} {r.input} {b}: measured {r.times[b]:.1f} us, predicted "
              f"{j.pred[b]:.1f} (x{math.exp(err):.2f})", file=out)
        if len(seen) == worst:
            break


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
    fits = Fits(rows, gpu)
    p = fits.fit(lambda r: True)
    print(f"fitted on {len(rows)} kernel x input rows of {a.record.name}: {p}; "
          f"gain margin {margin(rows, gpu, p):.3f}")
    if a.fit_only:
        return 0
    guard = not a.no_guard
    every = lambda r: True                                               # noqa: E731
    everything = held_out(fits, SIZE_OUT, guard, every)
    print_abs({"fitted on all": held_out(fits, lambda r, o: True, guard, every),
               "kernel and size held out": everything})
    loko = held_out(fits, LOKO, guard)
    size = {(j.row.kernel, j.row.input): j for j in everything}
    print(f"{'kernel':<24}{'size':<11}{'chosen':<12}{'chosen/best':>12}{'cutile/chosen':>15}"
          f"   kernel and size held out:{'chosen':>11}{'chosen/best':>12}{'cutile/chosen':>15}")
    for j in loko:
        print(_row_line(j) + f"{'':>29}" + _row_line(size[j.row.kernel, j.row.input])[35:])
    small = held_out(fits, lambda r, o: o.input not in TIMING, guard)
    for name, judged in (
            ("fitted on the other sizes only (every kernel), judged on the timing sizes", small),
            ("leave-one-kernel-and-size-out, judged on the other sizes",
             [j for j in everything if j.row.input not in TIMING]),
            ("leave-one-kernel-and-size-out",
             [j for j in everything if j.row.input in TIMING])):
        print(_figures(name, score(judged)))
    lo = score(loko)
    print(f"spearman over every timed build (identical cubins counted apart): "
          f"{lo.spearman_all:.3f}; identical cubins as one build, their mean time: "
          f"{lo.spearman:.3f}")
    print(_figures("leave-one-kernel-out", lo))
    return 0


if __name__ == "__main__":
    sys.exit(main())
