"""The `eqsat` command line. Each subcommand lives in `eqsat.commands.<name>` and
registers itself through `register(subparsers)`.

Exit status: 0 success, 1 a check that ran and failed (`equiv` found a difference,
`run` saw schedules disagree), 2 bad input, reported as one line
`WHERE: error: WHY` on stderr (WHERE is `FILE:LINE:COL`, `FILE` or `eqsat COMMAND`),
3 an internal error (a bug in eqsat)."""
from __future__ import annotations

import argparse
import functools
import importlib
import os
import sys

from eqsat.errors import EqsatError

# subcommand modules under eqsat/commands, in help order
COMMANDS = ["fmt", "check", "stats", "run", "equiv", "opt", "rules", "lower", "compile",
            "cutile", "cache"]
INTERNAL_ERROR = 3


class _Parser(argparse.ArgumentParser):
    """argparse with usage errors as one line (`eqsat opt: error: ...`), like every other
    bad input; `--help` still shows the usage."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    from eqsat import __version__
    try:
        egglog = version("egglog")
    except PackageNotFoundError:
        egglog = "not installed"
    return (f"eqsat {__version__} (egglog {egglog}, Python "
            f"{'.'.join(map(str, sys.version_info[:3]))})")


def build_parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="eqsat", description="Equality-saturation optimizer for "
                 "NVIDIA Tile IR kernels.",
                 epilog="`eqsat --list-rules` is `eqsat rules`: every rule with its doc. "
                        "FILE '-' reads stdin; -o - writes stdout.")
    ap.add_argument("--version", action="version", version=_version())
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
    for p in sub.choices.values():
        p.add_argument("--progress", action="store_true",
                       help="print the phase being worked on to stderr (shown anyway, on "
                            "a terminal, once a run takes a couple of seconds)")
    return ap


@functools.cache
def _parser() -> argparse.ArgumentParser:
    """The parser, built once a process (parsing never changes it)."""
    return build_parser()


def _one_line(message: str, command: str) -> str:
    """A message that names no place gets the command as its place."""
    message = message.strip()
    if message.startswith("error:"):
        return f"eqsat {command}: {message}"
    if ": error: " not in message:
        return f"eqsat {command}: error: {message}"
    return message


def main(argv: list[str] | None = None) -> int:
    from eqsat.commands._common import progress

    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["--list-rules"]:             # as MLIR tools list their passes
        argv = ["rules", *argv[1:]]
    args = _parser().parse_args(argv)
    try:
        with progress(args.command, args.progress):
            rc = args.func(args)
    except EqsatError as e:
        print(_one_line(str(e), args.command), file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print(f"eqsat {args.command}: interrupted", file=sys.stderr)
        return 130
    except Exception as e:
        if os.environ.get("EQSAT_TRACEBACK"):
            raise
        print(f"eqsat {args.command}: internal error: {type(e).__name__}: {e}\n"
              "This is a bug in eqsat, not in your input. Please report it with the command "
              "line and its input files; EQSAT_TRACEBACK=1 shows the traceback.",
              file=sys.stderr)
        return INTERNAL_ERROR
    return int(rc or 0)


if __name__ == "__main__":
    sys.exit(main())
