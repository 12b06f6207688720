"""`eqsat fmt FILE [--entry NAME]`: canonical text on stdout (`-` reads stdin)."""
from __future__ import annotations

import sys

from eqsat.text import print_module
from eqsat.commands._common import load_kernels


def _run(args) -> int:
    sys.stdout.write(print_module(load_kernels(args.file, verify=False, entry=args.entry)))
    return 0


def register(sub) -> None:
    p = sub.add_parser("fmt", help="print a kernel in canonical Tile IR text")
    p.add_argument("file", metavar="FILE", help="Tile IR text (.mlir); '-' reads stdin")
    p.add_argument("--entry", metavar="NAME", help="only this entry of a file of several")
    p.set_defaults(func=_run)
