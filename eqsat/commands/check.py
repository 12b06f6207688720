"""`eqsat check FILE [--entry NAME]`: parse and verify (`-` reads stdin)."""
from __future__ import annotations

from eqsat.memory.stats import op_count
from eqsat.commands._common import load_kernels


def _run(args) -> int:
    where = "<stdin>" if args.file == "-" else args.file
    for k in load_kernels(args.file, entry=args.entry):
        print(f"{where}: ok (@{k.name}, {op_count(k)[0]} ops)")
    return 0


def register(sub) -> None:
    p = sub.add_parser("check", help="parse and verify a kernel")
    p.add_argument("file", metavar="FILE", help="Tile IR text (.mlir); '-' reads stdin")
    p.add_argument("--entry", metavar="NAME", help="only this entry of a file of several")
    p.set_defaults(func=_run)
