"""Step and CFG lowerings over the corpus: step counts, and block arguments, branch
operands and recurrence before/after live-in canonicalization.

    python benchmarks/bench_lowering.py            # seq variants
    python benchmarks/bench_lowering.py --all      # seq and cutile variants
    python benchmarks/bench_lowering.py --check    # also compare every form with the IR

The recurrence proxy is the longest dependence cycle around a loop, counting its
ops and the block arguments (merge nodes) on it; "ops" counts only the ops.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eqsat.interp.inputs import load_spec  # noqa: E402
from eqsat.text import parse_file  # noqa: E402
from eqsat.lowering import (canonicalize_live_ins, cfg_metrics, check_lowering, lower_to_cfg,  # noqa: E402
                      lower_to_steps, step_metrics)

CORPUS = ROOT / "tests" / "corpus"
SPECS = ROOT / "tests" / "specs"
ACCEPTANCE = ("gather_offset", "relu_accum_branch", "relu_accum_mem")


def _step_roles(prog) -> list[str]:
    """One word per step: what it moves or computes."""
    out = []
    for s in prog.steps():
        names = [op.name for op in s.loads + s.compute + s.stores]
        out.append(f"{s.index}:{s.kind}[{', '.join(names) or 'copy'}]")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--all", action="store_true", help="cutile variants too")
    ap.add_argument("--check", action="store_true", help="compare every form with the IR")
    args = ap.parse_args(argv)
    variants = ("seq", "cutile") if args.all else ("seq",)
    files = [p for v in variants for p in sorted(CORPUS.glob(f"*.{v}.mlir"))]

    print("== steps ==")
    print(f"{'kernel':32} {'steps':>5} {'transfers':>9}  per step / kinds")
    for f in files:
        prog = lower_to_steps(parse_file(f))
        m = step_metrics(prog)
        kinds = " ".join(f"{k}={n}" for k, n in m.kinds)
        print(f"{f.name:32} {m.steps:>5} {m.transfers:>9}  {list(m.transfers_per_step)}  "
              f"{kinds}")
    for v in variants:
        prog = lower_to_steps(parse_file(CORPUS / f"gather_offset.{v}.mlir"))
        print(f"\ngather_offset.{v}: " + "  ".join(_step_roles(prog)))

    print("\n== cfg: before -> after live-in canonicalization ==")
    print(f"{'kernel':32} {'blocks':>6} {'block args':>12} {'branch ops':>12} "
          f"{'recurrence':>11} {'(ops)':>7} {'ms':>6}")
    for f in files:
        t = time.perf_counter()
        cfg = lower_to_cfg(parse_file(f))
        after = canonicalize_live_ins(cfg)
        ms = (time.perf_counter() - t) * 1e3
        b, a = cfg_metrics(cfg), cfg_metrics(after)
        mark = " *" if f.name.split(".")[0] in ACCEPTANCE else ""
        print(f"{f.name:32} {b.blocks:>6} {b.block_args:>5} -> {a.block_args:<4} "
              f"{b.branch_operands:>5} -> {a.branch_operands:<4} "
              f"{b.recurrence:>4} -> {a.recurrence:<3} {b.recurrence_ops:>2} -> "
              f"{a.recurrence_ops:<2} {ms:6.1f}{mark}")

    if args.check:
        print("\n== equivalence with the IR interpreter (3 input draws each) ==")
        bad = 0
        for f in files:
            k = parse_file(f)
            spec = load_spec(SPECS / f"{f.name.split('.')[0]}.json")
            res = [check_lowering(k, spec, "steps"), check_lowering(k, spec, "cfg"),
                   check_lowering(k, spec, "cfg", canonicalize_live_ins=True)]
            bad += sum(not r.ok for r in res)
            print(f"{f.name:32} " + "  ".join(
                f"{n}={'ok' if r.ok else r.message}"
                for n, r in zip(("steps", "cfg", "cfg+live-ins"), res)))
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
