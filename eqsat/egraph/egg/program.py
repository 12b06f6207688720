"""Runnable egglog programs from command objects (`egglog.bindings`) built directly."""
from __future__ import annotations

from typing import Any

import egglog
from egglog import bindings as _bindings

from eqsat.egraph.egg.compat import run_commands
from eqsat.egraph.egg.engine import PRINT_SIZES, sizes_of


def action_commands(actions: list[Any]) -> list[Any]:
    """Top-level commands running `actions` one by one."""
    cmd = _bindings.ActionCommand
    return [cmd(a) for a in actions]


def run_program(eg: egglog.EGraph, commands: list[Any], sizes: bool = False
                ) -> dict[str, int] | None:
    """Run `commands` on `eg`; `sizes`: also return the rows per table after them,
    read in the same egglog call."""
    if sizes:
        return sizes_of(run_commands(eg, *commands, PRINT_SIZES)[-1])
    run_commands(eg, *commands)
    return None
