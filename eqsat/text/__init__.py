"""Tile IR text: parse and print the syntax `tileirdisasm` prints."""
from eqsat.text.parser import parse, parse_file
from eqsat.ir.printer import print_kernel

__all__ = ["parse", "parse_file", "print_kernel"]
