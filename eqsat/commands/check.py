"""`eqsat check FILE`: parse and verify."""
from __future__ import annotations

from eqsat.commands._common import load_kernel


def _run(args) -> int:
    k = load_kernel(args.file)
    print(f"{args.file}: ok (@{k.name}, {sum(1 for _ in k.walk())} ops)")
    return 0


def register(sub) -> None:
    p = sub.add_parser("check", help="parse and verify a kernel")
    p.add_argument("file")
    p.set_defaults(func=_run)
