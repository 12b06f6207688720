"""`eqsat stats FILE`: JSON metrics (op counts, token counts)."""
from __future__ import annotations

import json

from eqsat.memory.stats import kernel_stats
from eqsat.commands._common import load_kernel


def _run(args) -> int:
    k = load_kernel(args.file, verify=False)
    print(json.dumps(kernel_stats(k, noalias=args.noalias), indent=2))
    return 0


def register(sub) -> None:
    p = sub.add_parser("stats", help="print IR metrics as JSON")
    p.add_argument("file")
    p.add_argument("--noalias", action="store_true",
                   help="array parameters without alias attributes never alias each other")
    p.add_argument("--json", action="store_true",
                   help="accepted for symmetry with the other commands: stats is always JSON")
    p.set_defaults(func=_run)
