"""`eqsat run FILE --inputs SPEC`: run under the interpreter and print an output digest."""
from __future__ import annotations

import hashlib

import numpy as np

from eqsat.interp.inputs import load_spec
from eqsat.interp import run
from eqsat.commands._common import load_kernel, positive_int


def digest(buffers: dict) -> list[str]:
    lines = []
    for name, arr in buffers.items():
        a = np.ascontiguousarray(arr)
        h = hashlib.sha256(a.tobytes()).hexdigest()[:16]
        if a.size and np.issubdtype(a.dtype, np.number):
            with np.errstate(all="ignore"):
                summary = f"sum={float(np.sum(a, dtype=np.float64)):.6g} " \
                          f"min={float(np.min(a)):.6g} max={float(np.max(a)):.6g}"
        else:
            summary = ""
        lines.append(f"{name}: {a.dtype}{list(a.shape)} sha256:{h} {summary}".rstrip())
    return lines


def _run(args) -> int:
    k = load_kernel(args.file)
    spec = load_spec(args.inputs)
    digests = set()
    for s in range(args.schedules):
        res = run(k, spec, seed=args.seed, schedule=s, check_assumes=args.check_assumes)
        lines = digest(res.buffers)
        digests.add(tuple(lines))
        if s == 0:
            mode = "schedule fuzzing" if res.fuzzed else "program order"
            print(f"# {args.file}: {mode}, seed {args.seed}, {res.stats.steps} steps, "
                  f"{res.stats.memory_ops} memory ops")
            print("\n".join(lines))
            for line in res.stats.prints:
                print(f"print: {line}")
    if len(digests) > 1:
        print(f"# outputs differ across {args.schedules} schedules: "
              f"{len(digests)} distinct results (a race or a missing ordering)")
        return 1
    if args.schedules > 1:
        print(f"# outputs agree across {args.schedules} schedules")
    return 0


def register(sub) -> None:
    p = sub.add_parser("run", help="run a kernel under the interpreter")
    p.add_argument("file")
    p.add_argument("--inputs", required=True, help="inputs spec (JSON)")
    p.add_argument("--seed", type=int, default=0, help="seed for the input data")
    p.add_argument("--schedules", type=positive_int, default=1,
                   help="run this many schedules (at least 1) and check they agree")
    p.add_argument("--check-assumes", action="store_true",
                   help="check every assume at run time")
    p.set_defaults(func=_run)
