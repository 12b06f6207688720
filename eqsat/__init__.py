"""eqsat: an equality-saturation optimizer for NVIDIA Tile IR kernels.

The small public surface: `parse`/`print_kernel` (text), `verify`, `optimize`,
`run` (the interpreter) and `check_equivalent`. The e-graph engine (and egglog) is
imported only when `optimize` first runs, so text tools stay quick to start.
"""
from typing import TYPE_CHECKING, Any

from eqsat.errors import EqsatError, ParseError, VerifyError
from eqsat.ir import Kernel
from eqsat.text import parse, parse_file, print_kernel

__version__ = "0.1.0"

_LAZY = {
    "optimize": ("eqsat.pipeline.optimize", "optimize"),
    "Report": ("eqsat.pipeline.optimize", "Report"),
    "Result": ("eqsat.pipeline.optimize", "Result"),
    "Limits": ("eqsat.egraph.saturate", "Limits"),
    "verify": ("eqsat.ir.verify", "verify"),
    "run": ("eqsat.interp", "run"),
    "check_equivalent": ("eqsat.equiv", "check_equivalent"),
    "load_spec": ("eqsat.interp.inputs", "load_spec"),
}


if TYPE_CHECKING:                 # loaded on first use (see __getattr__)
    from eqsat.pipeline.optimize import Report, Result, optimize
    from eqsat.egraph.saturate import Limits
    from eqsat.equiv import check_equivalent
    from eqsat.interp.inputs import load_spec
    from eqsat.interp import run
    from eqsat.ir.verify import verify


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib
        mod, attr = _LAZY[name]
        value = getattr(importlib.import_module(mod), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'eqsat' has no attribute '{name}'")


__all__ = ["EqsatError", "ParseError", "VerifyError", "Kernel", "parse", "parse_file",
           "print_kernel",
           # loaded on first use (_LAZY)
           "optimize", "Result", "Report", "Limits", "verify", "run", "check_equivalent",
           "load_spec"]
