"""Memory-token metrics per corpus kernel: ours (`optimize`, noalias plus the groups the
cuTile signature declares) beside cuTile's own output, and the acceptance run of
schedule fuzzing (>= 10 trials x 50 schedules, blocks interleaved).

    python benchmarks/bench_tokens.py [--trials 10] [--schedules 50] [--no-equiv]
                                      [--kernels a,b] [--json OUT]

Columns: make_token, join_tokens, ops with a token operand, loop-carried tokens,
needless orderings (token orderings between memory ops that cannot conflict under
the same alias model), then optimize's wall time and the fuzzing verdict. The exit
status is 1 if any kernel has more joins or carried tokens than cuTile, a needless
ordering, or is not equivalent.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eqsat.equiv import check_equivalent  # noqa: E402
from eqsat.interp.inputs import load_spec  # noqa: E402
from eqsat.pipeline.optimize import alias_model, optimize  # noqa: E402
from eqsat.memory.ordering import needless_orderings  # noqa: E402
from eqsat.memory.stats import kernel_stats  # noqa: E402
from eqsat.text import parse_file  # noqa: E402

CORPUS = ROOT / "tests" / "corpus"
SPECS = ROOT / "tests" / "specs"
KEYS = ("make_token", "join_tokens", "token_operands", "loop_carried_tokens")
SHORT = ("mk", "join", "tokop", "carry", "needless")
EXTRA_SPECS = {"axpy_alias_inplace": ["axpy_alias_overlap"]}   # x and y really overlap


def metrics(kernel) -> dict:
    st = kernel_stats(kernel)
    out = {k: st[k] for k in KEYS}
    facts, _ = alias_model(kernel, noalias=True)
    out["needless_orderings"] = needless_orderings(kernel, facts)
    return out


def _cells(m: dict) -> str:
    return " ".join(f"{m[k]:>{len(s)}d}" for k, s in zip((*KEYS, "needless_orderings"), SHORT))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=10)
    ap.add_argument("--schedules", type=int, default=50)
    ap.add_argument("--no-equiv", action="store_true", help="skip schedule fuzzing")
    ap.add_argument("--kernels", help="comma-separated kernel names (default: all)")
    ap.add_argument("--json", metavar="OUT", help="also write the numbers as JSON")
    args = ap.parse_args(argv)
    names = sorted(p.name.split(".")[0] for p in CORPUS.glob("*.seq.mlir"))
    if args.kernels:
        names = [n for n in names if n in args.kernels.split(",")]
    cols = " ".join(SHORT)
    print(f"{'kernel':24s} | ours: {cols} | cuTile: {cols} | {'time':>6s}  equivalence")
    rows, failed = [], False
    for name in names:
        k = parse_file(CORPUS / f"{name}.seq.mlir")
        t0 = time.perf_counter()
        res = optimize(k, noalias=True)
        wall = time.perf_counter() - t0
        ours = metrics(res.kernel)
        theirs = metrics(parse_file(CORPUS / f"{name}.cutile.mlir"))
        bad = [key for key in ("join_tokens", "loop_carried_tokens") if ours[key] > theirs[key]]
        if ours["needless_orderings"]:
            bad.append("needless_orderings")
        verdict = "skipped"
        if not args.no_equiv:
            verdicts = []
            for spec in [name] + EXTRA_SPECS.get(name, []):
                r = check_equivalent(k, res.kernel, load_spec(SPECS / f"{spec}.json"),
                                     trials=args.trials, schedules=args.schedules)
                verdicts.append(f"{spec}: {r.message}")
                if not r.ok:
                    bad.append(f"not equivalent on {spec}")
            verdict = "; ".join(verdicts)
        failed |= bool(bad)
        print(f"{name:24s} | ours: {_cells(ours)} | cuTile: {_cells(theirs)} | "
              f"{wall:5.2f}s  {verdict}" + (f"  FAIL: {', '.join(bad)}" if bad else ""),
              flush=True)
        rows.append({"kernel": name, "ours": ours, "cutile": theirs, "seconds": wall,
                     "equivalence": verdict, "problems": bad,
                     "fallback": res.report.fallback})
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n")
    print("all kernels: no more joins or carried tokens than cuTile, no needless ordering"
          + ("" if args.no_equiv else ", equivalent") if not failed else "FAILURES above")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
