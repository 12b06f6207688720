"""Helpers shared by the subcommands: loading a kernel file with clear errors."""
from __future__ import annotations

from ..ir.core import Kernel
from ..text import parse_file


def load_kernel(path: str, verify: bool = True) -> Kernel:
    """Parse (and verify) a kernel file; errors carry FILE:LINE:COL."""
    k = parse_file(path)
    if verify:
        from ..verify import verify as _verify
        _verify(k, filename=path)
    return k


def positive_int(text: str) -> int:
    """argparse type for run counts: an integer >= 1 (a usage error otherwise)."""
    import argparse
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got '{text}'") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}: a check of no runs "
                                         "vouches for nothing")
    return n
