"""IR metrics: op counts and the token counts that measure memory ordering."""
from __future__ import annotations

from collections import Counter

from eqsat.ir.core import Kernel
from eqsat.ir.ops import MEMORY_OPS
from eqsat.memory.alias import alias_model
from eqsat.memory.ordering import needless_orderings


def op_count(kernel: Kernel) -> tuple[int, int]:
    """(ops, token ops): every op except terminators, nested bodies included, and how
    many of them are token plumbing (`make_token`, `join_tokens`). The one op count
    `eqsat check`, `eqsat stats` and the optimize report give."""
    ops = tokens = 0
    for op in kernel.walk():
        sp = op.spec
        if sp is not None and sp.is_terminator:
            continue
        ops += 1
        tokens += sp is not None and (sp.is_token_source or sp.is_join)   # plumbing
    return ops, tokens


def kernel_stats(kernel: Kernel, *, noalias: bool = False) -> dict:
    """`ops` counts every op except terminators, nested regions included;
    `token_operands` counts ops that take a token operand (memory ops);
    `loop_carried_tokens` counts token-typed iter_values over all loops;
    `needless_orderings` counts token orderings between memory ops that cannot
    conflict, under the alias facts `optimize` uses (groups from a cuTile symbol or
    parameter attributes; other arrays may alias unless `noalias`)."""
    counts: Counter[str] = Counter()
    token_operands = loop_tokens = 0
    for op in kernel.walk():
        if op.spec.is_terminator:
            continue
        counts[op.name] += 1
        if op.name in MEMORY_OPS and op.token_in is not None:
            token_operands += 1
        if op.spec.is_loop:
            loop_tokens += sum(1 for v in op.group("init") if v.is_token)
    return {
        "ops": sum(counts.values()),
        "op_counts": dict(sorted(counts.items())),
        "make_token": counts.get("make_token", 0),
        "join_tokens": counts.get("join_tokens", 0),
        "token_operands": token_operands,
        "loop_carried_tokens": loop_tokens,
        "memory_ops": sum(n for k, n in counts.items() if k in MEMORY_OPS),
        "needless_orderings": needless_orderings(kernel, alias_model(kernel, noalias=noalias)[0]),
    }
