"""eqsat: an equality-saturation optimizer for NVIDIA Tile IR kernels."""
from .errors import EqsatError, ParseError, VerifyError
from .ir import Kernel
from .text import parse, parse_file, print_kernel

__version__ = "0.1.0"
__all__ = ["EqsatError", "ParseError", "VerifyError", "Kernel", "parse", "parse_file",
           "print_kernel"]
