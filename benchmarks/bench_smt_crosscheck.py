"""The interpreter against the SMT solver's semantics: N random op instances (every op
the solver models, every integer and IEEE type, random attributes, a third of the
operands at each type's edges) evaluated both ways and compared bit for bit (every
NaN equal to every NaN). Prints the disagreement count per op and the first few.

    python benchmarks/bench_smt_crosscheck.py [--n 10000] [--seed 0]

Exit status 1 if any instance disagrees.
"""
from __future__ import annotations

import argparse
import collections
import random
import sys
import time


def main(argv: list[str] | None = None) -> int:
    from eqsat.rules.smt import disagreement, random_instance
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    rng = random.Random(args.seed)
    per_op: collections.Counter[str] = collections.Counter()
    bad: collections.Counter[str] = collections.Counter()
    first: list[str] = []
    start = time.perf_counter()
    for _ in range(args.n):
        inst = random_instance(rng)
        per_op[inst.op] += 1
        try:
            got = disagreement(inst)
        except Exception as e:            # an op one side cannot evaluate counts too
            got = f"{inst}: {type(e).__name__}: {e}"
        if got is not None:
            bad[inst.op] += 1
            if len(first) < 10:
                first.append(got)
    took = time.perf_counter() - start
    print(f"{args.n} random op instances ({len(per_op)} ops, seed {args.seed}) in {took:.1f} s")
    for op in sorted(per_op):
        print(f"  {op:8s} {per_op[op]:6d} instances, {bad[op]} disagreements")
    print(f"disagreements: {sum(bad.values())}")
    for line in first:
        print("  " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
