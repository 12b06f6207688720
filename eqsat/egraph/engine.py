"""The e-graph engine in one call: encode a kernel, saturate it under a schedule, then
extract and decode the cheapest program (guarded ops sunk back under their users).

No facts from outside the kernel, no assumes written, no clean-up, no fallback: what
the rules alone make of a kernel. Rule checks ask exactly that; `optimize` adds the
rest around it."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from eqsat.egraph.cost import DEFAULT, CostModel
from eqsat.egraph.decode import decode
from eqsat.egraph.encode import encode
from eqsat.egraph.extract import extract
from eqsat.egraph.view import view
from eqsat.egraph.saturate import Limits, SaturationStats, saturate
from eqsat.egraph.sinking import sink_guarded
from eqsat.errors import EqsatError
from eqsat.ir.core import Kernel


@dataclass
class Rewritten:
    """The extracted program and what saturation did to get it."""
    kernel: Kernel
    stats: SaturationStats


def rewrite(kernel: Kernel, schedule: Any, *, model: CostModel = DEFAULT,
            limits: Limits | None = None, alias: Mapping[Any, Any] | None = None,
            prefer: frozenset[str] = frozenset()) -> Rewritten:
    """`schedule`: an egglog ruleset or schedule (None: the program as encoded).
    A rule that fails inside egglog raises `EqsatError` with egglog's message."""
    enc = encode(kernel, alias=alias)
    stats = (saturate(enc, schedule, limits or Limits()) if schedule is not None
             else SaturationStats())
    if stats.stop_reason == "rule error":
        raise EqsatError(f"a rule failed while saturating: {stats.error or 'unknown error'}")
    v = view(enc)
    return Rewritten(sink_guarded(decode(enc, v, extract(enc, v, model, prefer=prefer)).kernel),
                     stats)


__all__ = ["Rewritten", "rewrite"]
