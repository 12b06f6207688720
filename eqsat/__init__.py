"""eqsat: an equality-saturation optimizer for NVIDIA Tile IR kernels.

The small public surface: `parse`/`print_kernel` (text), `verify`, `optimize`,
`run` (the interpreter) and `check_equivalent`. The e-graph engine (and egglog) is
imported only when `optimize` first runs, so text tools stay quick to start.
"""
from typing import TYPE_CHECKING, Any

from . import _layout

_layout.install()

from .errors import EqsatError, ParseError, VerifyError
from .ir import Kernel
from .optimize import Report, Result, optimize   # the function shadows the submodule name
from .text import parse, parse_file, print_kernel

__version__ = "0.1.0"

_LAZY = {
    "Limits": ("eqsat.egraph.saturate", "Limits"),
    "verify": ("eqsat.verify", "verify"),
    "run": ("eqsat.interp", "run"),
    "check_equivalent": ("eqsat.equiv", "check_equivalent"),
    "load_spec": ("eqsat.inputs", "load_spec"),
}


if TYPE_CHECKING:                 # loaded on first use (see __getattr__)
    from .egraph.saturate import Limits
    from .equiv import check_equivalent
    from .inputs import load_spec
    from .interp import run
    from .verify import verify


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib
        mod, attr = _LAZY[name]
        value = getattr(importlib.import_module(mod), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'eqsat' has no attribute '{name}'")


__all__ = ["EqsatError", "ParseError", "VerifyError", "Kernel", "parse", "parse_file",
           "print_kernel", "optimize", "Result", "Report",
           # loaded on first use (_LAZY)
           "Limits", "verify", "run", "check_equivalent", "load_spec"]
