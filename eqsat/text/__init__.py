"""Tile IR text: parse and print the syntax `tileirdisasm` prints."""
from eqsat.text.parser import parse, parse_file, parse_module, parse_module_file
from eqsat.ir.printer import print_kernel, print_module

__all__ = ["parse", "parse_file", "parse_module", "parse_module_file", "print_kernel",
           "print_module"]
