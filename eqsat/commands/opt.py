"""`eqsat opt FILE [-o OUT] [--rules NAMES] [--report]`: optimize a kernel."""
from __future__ import annotations

import sys

from ..errors import EqsatError
from ..text import print_kernel
from ._common import load_kernel


def _run(args) -> int:
    from ..egraph.saturate import Limits
    from ..optimize import optimize

    k = load_kernel(args.file)
    try:
        limits = Limits(iterations=args.max_iterations, nodes=args.max_nodes,
                        seconds=args.max_seconds)
    except ValueError as e:
        raise EqsatError(f"error: {e}") from None
    res = optimize(k, rules=args.rules, limits=limits)
    text = print_kernel(res.kernel)
    if args.output and args.output != "-":
        try:
            with open(args.output, "w") as f:
                f.write(text)
        except OSError as e:
            raise EqsatError(f"{args.output}: error: cannot write: {e.strerror}") from None
    else:
        sys.stdout.write(text)
    if args.report:
        print(res.report.summary(), file=sys.stderr)
    return 0


def register(sub) -> None:
    p = sub.add_parser("opt", help="optimize a kernel by equality saturation")
    p.add_argument("file", metavar="FILE", help="Tile IR text (.mlir)")
    p.add_argument("-o", "--output", metavar="OUT", help="write the result here (default: stdout)")
    p.add_argument("--rules", default="default", metavar="NAMES",
                   help="comma-separated rule sets: default, none, fold, algebra, analysis, "
                        "or names registered by a plugin (default: default)")
    p.add_argument("--report", action="store_true",
                   help="print what saturation did (to stderr)")
    p.add_argument("--max-iterations", type=int, default=30, help="saturation iterations cap")
    p.add_argument("--max-nodes", type=int, default=50_000, help="e-node cap")
    p.add_argument("--max-seconds", type=float, default=5.0, help="saturation time cap")
    p.set_defaults(func=_run)
