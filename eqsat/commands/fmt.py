"""`eqsat fmt FILE`: canonical text on stdout."""
from __future__ import annotations

import sys

from eqsat.text import print_kernel
from eqsat.commands._common import load_kernel


def _run(args) -> int:
    sys.stdout.write(print_kernel(load_kernel(args.file, verify=False)))
    return 0


def register(sub) -> None:
    p = sub.add_parser("fmt", help="print a kernel in canonical Tile IR text")
    p.add_argument("file")
    p.set_defaults(func=_run)
