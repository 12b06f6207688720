"""Lowering targets.

- `eqsat.lowering.steps`: ordered load -> compute -> store steps (simulator step model).
- `eqsat.lowering.cfg`: basic blocks with arguments, `br`/`cond_br` (dataflow/CGRA form),
  and `eqsat.lowering.liveins`: live-in canonicalization on it.
- `eqsat.lowering.execute`: interpreters for both forms and a check against the IR.
"""

if __name__ != "eqsat.lowering":
    # imported as a top-level package from a checkout's root: the old name
    raise ModuleNotFoundError(f"'{__name__}' is now 'eqsat.lowering' (the eqsat package's own "
                              "subpackage); import 'eqsat.lowering'", name=__name__)

from eqsat.lowering.cfg import Cfg, CfgMetrics, cfg_metrics, lower_to_cfg, print_cfg, verify_cfg
from eqsat.lowering.execute import LoweringCheck, check_lowering, run_cfg, run_steps
from eqsat.lowering.irtools import LoweringError
from eqsat.lowering.liveins import LiveInDecision, canonicalize_live_ins, live_in_decisions
from eqsat.lowering.steps import (StepMetrics, StepProgram, lower_to_steps, print_steps,
                                  step_metrics, verify_steps)

__all__ = [
    "Cfg", "CfgMetrics", "cfg_metrics", "lower_to_cfg", "print_cfg", "verify_cfg",
    "LoweringCheck", "check_lowering", "run_cfg", "run_steps", "LoweringError",
    "LiveInDecision", "canonicalize_live_ins", "live_in_decisions",
    "StepMetrics", "StepProgram", "lower_to_steps", "print_steps", "step_metrics",
    "verify_steps",
]
