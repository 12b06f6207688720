"""How optimize's phases grow with kernel size, on three synthetic kernel families.

    python benchmarks/bench_scale.py                          # all families, 100..800 ops
    python benchmarks/bench_scale.py --sizes 1000,2000,5000,10000 --timeout 120
    python benchmarks/bench_scale.py --family loop --max-size 2000
    python benchmarks/bench_scale.py --sizes 1100,2000,5000,10000 --repeat 3

Families (sizes are op counts, as `optimize` counts them, reached to within one unit):
`straight` (straight-line elementwise code: load, a few float ops, store, repeated),
`loop` (one loop whose body holds N independent load-compute-store triples) and
`nested` (a sequence of two-deep loop nests, each with an if whose branches load and
store). Each size runs in a fresh process (so peak memory is that size's own), under
`--timeout` seconds; a family stops at its first size that times out. `--repeat N` runs
each size N times and keeps each phase's least time: on a shared machine one disturbed
run of a small size moves the fitted exponent by 0.1.

Per size: seconds per phase (optimize's report, with clean-up and verification split
out of decode; `other` is the total less the phases), e-nodes, peak resident memory,
and for sizes up to `--check-max` ops whether the output verifies and is equivalent
to the input under the interpreter. At the end, per family and phase, the fitted
exponent: the slope of log(time) against log(ops) by least squares, over the sizes
>= 1,000 ops when at least two ran, else over every size that ran. Phases under 5 ms
at every size are left out of the fit.
"""
from __future__ import annotations

import argparse
import json
import math
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FAMILIES = ("straight", "loop", "nested")
PHASES = ("encode", "extract", "saturate", "decode", "cleanup", "verify", "other")

_HEAD = """entry @{name}(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {{
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %c2 = constant <i32: 2> : tile<i32>
  %c4 = constant <i32: 4> : tile<i32>
  %k = constant <f32: 1.500000e+00> : tile<f32>
  %h = constant <f32: 2.500000e-01> : tile<f32>
"""
_HEAD_OPS = 6
_F = "tile<f32>"
_P = "tile<ptr<f32>>"
_I = "tile<i32>"


def _ptr(dst: str, base: str, idx: str) -> str:
    return f"  {dst} = offset {base}, {idx} : {_P}, {_I} -> {_P}\n"


def _load(val: str, tok: str, ptr: str) -> str:
    return f"  {val}, {tok} = load_ptr_tko weak {ptr} : {_P} -> {_F}, token\n"


def _store(tok: str, ptr: str, val: str) -> str:
    return f"  {tok} = store_ptr_tko weak {ptr}, {val} : {_P}, {_F} -> token\n"


def _indent(text: str, n: int) -> str:
    return "".join(" " * n + line + "\n" for line in text.splitlines())


def straight(ops: int) -> tuple[str, int]:
    """Unit u: x[u] is loaded, run through float ops that also read the previous unit's
    value, and stored to y[u]. 11 ops per unit."""
    units = max(1, (ops - _HEAD_OPS - 1) // 11)
    body, prev = [], "%h"
    for u in range(units):
        body.append(f"  %i{u} = constant <i32: {u}> : {_I}\n" + _ptr(f"%px{u}", "%x", f"%i{u}")
                    + _load(f"%v{u}", f"%t{u}", f"%px{u}")
                    + f"  %a{u} = mulf %v{u}, %k : {_F}\n"
                    + f"  %b{u} = addf %a{u}, {prev} : {_F}\n"
                    + f"  %g{u} = subf %b{u}, %h : {_F}\n"
                    + f"  %d{u} = mulf %g{u}, %g{u} : {_F}\n"
                    + f"  %e{u} = addf %d{u}, %a{u} : {_F}\n"
                    + f"  %f{u} = mulf %e{u}, %h : {_F}\n"
                    + _ptr(f"%py{u}", "%y", f"%i{u}") + _store(f"%s{u}", f"%py{u}", f"%f{u}"))
        prev = f"%f{u}"
    return _HEAD.format(name="straight") + "".join(body) + "  return\n}\n", units


def loop(ops: int) -> tuple[str, int]:
    """One 4-trip loop; triple j loads x[4*j + i], scales it and stores y[4*j + i].
    8 ops per triple."""
    units = max(1, (ops - _HEAD_OPS - 3) // 8)
    body = []
    for j in range(units):
        body.append(f"  %o{j} = constant <i32: {4 * j}> : {_I}\n"
                    + f"  %i{j} = addi %o{j}, %iv : {_I}\n" + _ptr(f"%px{j}", "%x", f"%i{j}")
                    + _load(f"%v{j}", f"%t{j}", f"%px{j}")
                    + f"  %a{j} = mulf %v{j}, %k : {_F}\n"
                    + f"  %b{j} = addf %a{j}, %h : {_F}\n"
                    + _ptr(f"%py{j}", "%y", f"%i{j}") + _store(f"%s{j}", f"%py{j}", f"%b{j}"))
    text = (_HEAD.format(name="loop") + f"  for %iv in (%c0 to %c4, step %c1) : {_I} {{\n"
            + _indent("".join(body), 2) + "  }\n  return\n}\n")
    return text, units * 4


def nested(ops: int) -> tuple[str, int]:
    """Nest n: for i < 2, for j < 2, idx = 4n + 2i + j: load x[idx]; if j < 1, store
    2.5 x[idx] + y[idx] to y[idx], else store x[idx] to y[idx]. 21 ops per nest."""
    units = max(1, (ops - _HEAD_OPS - 1) // 21)
    body = []
    for n in range(units):
        inner = (f"%a{n} = muli %i{n}, %c2 : {_I}\n%b{n} = addi %a{n}, %j{n} : {_I}\n"
                 f"%q{n} = addi %b{n}, %o{n} : {_I}\n"
                 + _ptr(f"%px{n}", "%x", f"%q{n}").strip() + "\n"
                 + _load(f"%v{n}", f"%t{n}", f"%px{n}").strip() + "\n"
                 + _ptr(f"%py{n}", "%y", f"%q{n}").strip() + "\n"
                 + f"%cc{n} = cmpi less_than %j{n}, %c1, signed : {_I} -> tile<i1>\n"
                 f"if %cc{n} {{\n"
                 + _indent(_load(f"%w{n}", f"%u{n}", f"%py{n}").strip() + "\n"
                           + f"%m{n} = mulf %v{n}, %k : {_F}\n"
                           + f"%z{n} = addf %m{n}, %w{n} : {_F}\n"
                           + _store(f"%s{n}", f"%py{n}", f"%z{n}").strip(), 2)
                 + "} else {\n"
                 + _indent(_store(f"%r{n}", f"%py{n}", f"%v{n}").strip(), 2) + "}\n")
        body.append(f"  %o{n} = constant <i32: {4 * n}> : {_I}\n"
                    f"  for %i{n} in (%c0 to %c2, step %c1) : {_I} {{\n"
                    f"    for %j{n} in (%c0 to %c2, step %c1) : {_I} {{\n"
                    + _indent(inner, 6) + "    }\n  }\n")
    return _HEAD.format(name="nested") + "".join(body) + "  return\n}\n", units * 4


def spec_for(elems: int):
    from eqsat.interp.inputs import parse_spec
    init = {"kind": "randint", "low": -8, "high": 8}
    return parse_spec({"grid": [1], "convention": "raw", "params": [
        {"name": "x", "shape": [elems], "dtype": "f32", "init": init},
        {"name": "y", "shape": [elems], "dtype": "f32", "init": init}]})


def measure(family: str, size: int, check_max: int, noalias: bool) -> dict:
    """One size, in this process: phase times, e-nodes, peak memory, checks."""
    import eqsat.pipeline.optimize as opt_mod
    from eqsat.ir.verify import verify
    from eqsat.pipeline.optimize import optimize
    from eqsat.text import parse

    text, elems = globals()[family](size)
    kernel = parse(text)
    split = {"cleanup": 0.0, "verify": 0.0}

    def timed(name, fn):
        def wrapper(*a, **kw):
            t0 = time.perf_counter()
            try:
                return fn(*a, **kw)
            finally:
                split[name] += time.perf_counter() - t0
        return wrapper

    opt_mod.cleanup = timed("cleanup", opt_mod.cleanup)     # type: ignore[assignment]
    opt_mod.verify = timed("verify", opt_mod.verify)        # type: ignore[assignment]
    optimize(parse(globals()[family](20)[0]), noalias=noalias)    # imports, first-call costs
    split.update(cleanup=0.0, verify=0.0)
    t0 = time.perf_counter()
    res = optimize(kernel, noalias=noalias)
    total = time.perf_counter() - t0
    rep = res.report
    times = dict(rep.times)
    # clean-up and the output's verification run inside the decode lap
    times["decode"] = times.get("decode", 0.0) - split["cleanup"] - split["verify"]
    times.update(split)
    times["other"] = total - sum(times.values())
    out = {"family": family, "size": size, "ops": rep.ops_before, "ops_after": rep.ops_after,
           "enodes": rep.enodes, "total": total, "times": times, "fallback": rep.fallback,
           "stop": rep.stop_reason,
           "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}
    if rep.ops_before <= check_max:
        from eqsat.equiv import check_equivalent
        verify(res.kernel)
        eq = check_equivalent(kernel, res.kernel, spec_for(elems), trials=2, schedules=3,
                              exact=True)
        out["check"] = "ok" if eq.ok else f"NOT EQUIVALENT: {eq.counterexample}"
    return out


def best(runs: list[dict]) -> dict:
    """One row for several runs of a size: each phase's and the total's least time (the
    least disturbed by whatever else ran), the largest peak memory, the first run's
    check."""
    out = dict(runs[0])
    out["total"] = min(r["total"] for r in runs)
    out["times"] = {ph: min(r["times"].get(ph, 0.0) for r in runs) for ph in runs[0]["times"]}
    out["peak_mb"] = max(r["peak_mb"] for r in runs)
    out["runs"] = len(runs)
    return out


def fit(points: list[tuple[int, float]]) -> float | None:
    """Least-squares slope of log(seconds) over log(ops)."""
    pts = [(math.log(n), math.log(t)) for n, t in points if t > 0]
    if len(pts) < 2:
        return None
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    sxx = sum((x - mx) ** 2 for x, _ in pts)
    if sxx == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in pts) / sxx


def exponents(rows: list[dict]) -> dict[str, float | None]:
    big = [r for r in rows if r["ops"] >= 1000]
    use = big if len(big) >= 2 else rows
    out: dict[str, float | None] = {}
    for ph in (*PHASES, "total"):
        pts = [(r["ops"], r["total"] if ph == "total" else r["times"].get(ph, 0.0))
               for r in use]
        if ph == "total" or max((t for _, t in pts), default=0.0) >= 0.005:
            out[ph] = fit(pts)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--family", default=",".join(FAMILIES),
                    help="comma-separated families (default: all)")
    ap.add_argument("--sizes", default="100,200,400,800", help="comma-separated op counts")
    ap.add_argument("--max-size", type=int, default=None, help="skip sizes above this")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per size")
    ap.add_argument("--check-max", type=int, default=500,
                    help="verify and check equivalence up to this many ops")
    ap.add_argument("--may-alias", action="store_true",
                    help="let the two arrays alias (default: noalias, as cuTile specializes)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="runs per size (fresh processes); each phase's least time is kept")
    ap.add_argument("--json", help="write every row to this file")
    ap.add_argument("--one", nargs=2, metavar=("FAMILY", "SIZE"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        row = measure(args.one[0], int(args.one[1]), args.check_max, not args.may_alias)
        print(json.dumps(row))
        return 0
    families = [f for f in args.family.split(",") if f]
    bad = [f for f in families if f not in FAMILIES]
    if bad:
        ap.error(f"unknown families {bad}; choose from {', '.join(FAMILIES)}")
    sizes = sorted(int(s) for s in args.sizes.split(",") if s)
    if args.max_size is not None:
        sizes = [s for s in sizes if s <= args.max_size]
    all_rows: list[dict] = []
    for fam in families:
        print(f"== {fam}")
        print(f"{'ops':>6} {'e-nodes':>8} {'total':>8} "
              + " ".join(f"{p:>9}" for p in PHASES) + f" {'peak MB':>8}  check")
        rows = []
        for size in sizes:
            runs, failed = [], None
            for i in range(max(1, args.repeat)):
                check = args.check_max if i == 0 else 0      # the output is checked once
                cmd = [sys.executable, __file__, "--one", fam, str(size),
                       "--check-max", str(check)] + (["--may-alias"] if args.may_alias else [])
                try:
                    done = subprocess.run(cmd, capture_output=True, text=True,
                                          timeout=args.timeout, check=False)
                except subprocess.TimeoutExpired:
                    failed = f"timed out after {args.timeout:.0f} s; larger sizes skipped"
                    break
                if done.returncode != 0:
                    failed = f"failed:\n{done.stderr[-2000:]}"
                    break
                runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
            if failed is not None:
                print(f"{size:>6}  {failed}")
                break
            r = best(runs)
            rows.append(r)
            note = r.get("check", "-")
            if r["fallback"]:
                note += f" (fallback: {r['fallback'][:60]})"
            print(f"{r['ops']:>6} {r['enodes']:>8} {r['total']:>8.2f} "
                  + " ".join(f"{r['times'].get(p, 0.0):>9.3f}" for p in PHASES)
                  + f" {r['peak_mb']:>8.0f}  {note}", flush=True)
        if rows:
            ex = exponents(rows)
            span = [r["ops"] for r in rows if r["ops"] >= 1000]
            over = (f"{min(span)}-{max(span)}" if len(span) >= 2 else
                    f"{rows[0]['ops']}-{rows[-1]['ops']}")
            fitted = ", ".join(f"{p} {e:.2f}" for p, e in ex.items() if e is not None)
            print(f"exponents over {over} ops: {fitted or '(needs two sizes)'}")
        all_rows += rows
    if args.json:
        Path(args.json).write_text(json.dumps(all_rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
