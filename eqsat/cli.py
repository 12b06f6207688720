"""The `eqsat` command line. Each subcommand lives in `eqsat.commands.<name>` and
registers itself through `register(subparsers)`; errors print `FILE:LINE:COL: error: ...`
and exit 2."""
from __future__ import annotations

import argparse
import importlib
import sys

from .errors import EqsatError

# subcommand modules under eqsat/commands, in help order
COMMANDS = ["fmt", "check", "stats", "run", "equiv", "opt", "lower", "compile", "cutile"]


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="eqsat", description="Equality-saturation optimizer for "
                                 "NVIDIA Tile IR kernels.")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMANDS:
        try:
            mod = importlib.import_module(f"eqsat.commands.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"eqsat.commands.{name}":
                continue          # command not built yet
            raise
        mod.register(sub)
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = build_parser()
    args = ap.parse_args(argv)
    try:
        rc = args.func(args)
    except EqsatError as e:
        print(str(e), file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return int(rc or 0)


if __name__ == "__main__":
    sys.exit(main())
