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
