"""The built-in rules the SMT solver does not prove, each with the reason and the test
that checks it instead; every other built-in rule is proved (rewrites by
`soundness.check_rule`, analysis rules by `smt_facts.prove`, memory-token and type rules
by `smt_tokens.prove`; tests/test_rules_soundness.py, tests/test_rules_smt.py and
tests/test_rules_tokens_smt.py fail when a rule expected proved is not, or a listed one
is).

docs/rules.md shows this list; tests/test_rules_smt.py keeps the two the same.
"""
from __future__ import annotations

_POW = ("pow: a transcendental (no SMT semantics); checked on sampled inputs, edge values "
        "included (tests/test_rules_soundness.py)")
_INEXACT = ("inexact by design (one rounding instead of two), compared within a tolerance "
            "on sampled inputs (tests/test_rules_soundness.py)")
_FOLD = ("generic folding: computes with the interpreter's per-op semantics (Python, not "
         "a term the solver reads), checked on concrete instances "
         "(tests/test_rules_soundness.py, tests/test_rule_coverage.py); every op it folds has "
         "SMT semantics cross-checked against the interpreter bit for bit "
         "(tests/test_smt_crosscheck.py)")
_FACT = ("an analysis fact (bounds, divisibility, runs of lanes): checked on concrete "
         "instances whose every derived fact is tested on the interpreter's lanes "
         "(check_fact_rule, tests/test_rules_analysis_soundness.py)")
_SHAPE_LANES = ("runs of lanes through a shape change or a splat (which lane of the "
                "operand a lane reads, and the tile's last dimension, are not modelled); "
                + _FACT)
_POINTER_LANES = ("runs of consecutive addresses through an offset: over every pointee "
                  "size and offset width z3 needs far more than CI's proof budget (16 s of "
                  "CPU for contig-offset, the others more or past its limit); " + _FACT)
_GRID = "a tile block's id or the grid's size (not modelled); " + _FACT
_SLOW = ("a product or remainder of symbolic bounds: z3 does not finish within the proof's "
         "time limit; " + _FACT)
_POINTER = ("pointer arithmetic (no SMT semantics for addresses): checked on an instance "
            "(tests/test_rule_coverage.py)")

# set name -> {rule name: reason}; a name "prefix*" covers every rule of the set so named
SAMPLED_BY_SET: dict[str, dict[str, str]] = {
    "algebra": {
        **{f"fpowf-two-{dt}": _POW for dt in ("f16", "bf16", "f32", "f64")},
        **{f"pow-two-{dt}": _POW for dt in ("f16", "bf16", "f32", "f64")},
        "fpowi-two": _POW,
        "offset-zero": _POINTER,
    },
    "contract": {"fma-fuse": _INEXACT, "fma-fuse-left": _INEXACT},
    "fold": {**{f"fold-ask-{n}": _FOLD for n in (1, 2, 3)},
             **{f"fold-{n}": _FOLD for n in (1, 2, 3)}},
    "analysis": {
        "same-const": _SHAPE_LANES, "same-bcast-scalar": _SHAPE_LANES,
        "same-reshape-last": _SHAPE_LANES, "contig-reshape-last": _SHAPE_LANES,
        "same-broadcast-last": _SHAPE_LANES, "contig-broadcast-last": _SHAPE_LANES,
        **{name: _POINTER_LANES for name in (
            "contig-offset", "contig-offset-split", "contig-offset-aligned",
            "contig-offset-split-aligned", "contig-offset-base-split")},
        "bounds-block-id": _GRID, "bounds-num-blocks": _GRID,
    },
    # memory-token and type rules: every one proved in the ordering model
    # (rules/smt_tokens.py, tests/test_rules_tokens_smt.py); none left to sampling
    "tokens": {},
    "core": {},
}


def sampled_reason(set_name: str, rule_name: str) -> str | None:
    """Why a built-in rule is sampled rather than proved (None: it is proved)."""
    entries = SAMPLED_BY_SET.get(set_name, {})
    if rule_name in entries:
        return entries[rule_name]
    for key, reason in entries.items():
        if key.endswith("*") and rule_name.startswith(key[:-1]):
            return reason
    return None


__all__ = ["SAMPLED_BY_SET", "sampled_reason"]
