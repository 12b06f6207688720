"""Token facts against memory ops: rows inserted at encode time, and encode + token
saturation time, on a loop holding N independent load-compute-store triples.

    python benchmarks/bench_token_facts.py                  # N = 50, 100, 200, 400
    python benchmarks/bench_token_facts.py --sizes 50,100 --noalias --saturate-max 400

Triple j of the loop body loads x[8*j + i], scales it and stores it to y[8*j + i]
(i the induction variable), so there are 2N memory ops. Per N it prints the memory
ops, the token fact rows the encoder inserted, rows per memory op, the seconds of
encoding and of running the token rules (with the core rules) to a fixpoint, the rows
of the rule-derived tables `Ask`/`Contains` afterwards, and at the end the fitted
exponent of each time against N (slope of log-log by least squares). Above
`--saturate-max` only encoding is measured.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from egglog import ruleset  # noqa: E402

import eqsat.rules as rules_pkg  # noqa: E402
from eqsat.memory.alias import alias_model  # noqa: E402
from eqsat.egraph.encode import encode  # noqa: E402
from eqsat.egraph.saturate import Limits, saturate  # noqa: E402
from eqsat.text import parse  # noqa: E402


def triples(n: int) -> str:
    """The kernel text: one 8-trip loop with n load-scale-store triples."""
    lines = ["entry @triples(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {",
             "  %lo = constant <i32: 0> : tile<i32>",
             "  %hi = constant <i32: 8> : tile<i32>",
             "  %one = constant <i32: 1> : tile<i32>",
             "  %s = constant <f32: 3.000000e+00> : tile<f32>",
             "  for %i in (%lo to %hi, step %one) : tile<i32> {"]
    p, f, i = "tile<ptr<f32>>", "tile<f32>", "tile<i32>"
    for j in range(n):
        lines += [f"    %base{j} = constant <i32: {8 * j}> : {i}",
                  f"    %at{j} = addi %base{j}, %i : {i}",
                  f"    %src{j} = offset %x, %at{j} : {p}, {i} -> {p}",
                  f"    %val{j}, %lt{j} = load_ptr_tko weak %src{j} : {p} -> {f}, token",
                  f"    %out{j} = mulf %val{j}, %s : {f}",
                  f"    %dst{j} = offset %y, %at{j} : {p}, {i} -> {p}",
                  f"    %st{j} = store_ptr_tko weak %dst{j}, %out{j} : {p}, {f} -> token"]
    lines += ["  }", "  return", "}"]
    return "\n".join(lines) + "\n"


def measure(n: int, noalias: bool, saturate_too: bool) -> dict:
    kernel = parse(triples(n))
    facts, _ = alias_model(kernel, noalias=noalias)
    t0 = time.perf_counter()
    enc = encode(kernel, alias=facts)
    t1 = time.perf_counter()
    out = {"n": n, "mem": 2 * n, "rows": enc.token_facts, "encode": t1 - t0}
    if not saturate_too:
        return out
    token_rules = [r for name in ("core", "tokens") for r in rules_pkg.get(name)]
    schedule = ruleset(*[r.egglog() for r in token_rules], name="bench-tokens").saturate()
    st = saturate(enc, schedule, Limits(iterations=30, nodes=10_000_000, matches=10_000_000,
                                        seconds=600.0))
    t2 = time.perf_counter()
    tokens = sys.modules["eqsat.rules.tokens"]
    derived = (enc.egraph.function_size(tokens.Ask)
               + enc.egraph.function_size(sys.modules["eqsat.egraph.tokenfacts"].Contains))
    return {**out, "saturate": t2 - t1, "derived": derived, "stop": st.stop_reason}


def slope(xs: list[float], ys: list[float]) -> float:
    lx, ly = [math.log(x) for x in xs], [math.log(max(y, 1e-6)) for y in ys]
    mx, my = sum(lx) / len(lx), sum(ly) / len(ly)
    den = sum((x - mx) ** 2 for x in lx)
    return sum((x - mx) * (y - my) for x, y in zip(lx, ly)) / den if den else float("nan")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="50,100,200,400", help="comma-separated N")
    ap.add_argument("--noalias", action="store_true", help="x and y never alias")
    ap.add_argument("--saturate-max", type=int, default=100,
                    help="largest N whose token saturation is run (default 100)")
    args = ap.parse_args(argv)
    out = []
    print(f"{'N':>5} {'mem':>5} {'fact rows':>10} {'rows/mem':>9} {'encode s':>9} "
          f"{'saturate s':>11} {'Ask+Cont.':>10}  stop")
    for n in (int(x) for x in args.sizes.split(",")):
        m = measure(n, args.noalias, n <= args.saturate_max)
        out.append(m)
        sat = (f"{m['saturate']:>11.2f} {m['derived']:>10}  {m['stop']}" if "saturate" in m
               else f"{'-':>11} {'-':>10}")
        print(f"{n:>5} {m['mem']:>5} {m['rows']:>10} {m['rows'] / m['mem']:>9.1f} "
              f"{m['encode']:>9.2f} {sat}", flush=True)
    parts = []
    for k in ("rows", "encode", "saturate", "derived"):
        got = [m for m in out if k in m]
        if len(got) > 1:
            parts.append(f"{k} {slope([m['n'] for m in got], [m[k] for m in got]):.2f}")
    if parts:
        print("exponents against N: " + ", ".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
