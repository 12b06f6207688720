"""Memory: which ops may touch the same memory, and what the token rules may read of it.

`conflict()` (eqsat.memory.conflict) is the one answer to "must this op stay after
that one"; clean-up, statistics and the orderings report use it, and the token rules
test the very same keys in the e-graph. `relations()` (eqsat.memory.relations) turns
the encoder's public record of memory ops and regions into the few rows per op the
token rules read. This package knows nothing of the e-graph: the encoder builds the
record and inserts the rows.
"""
from __future__ import annotations

from .conflict import Conflicts, OrderKeys, conflict, order_keys
from .relations import (IfRecord, LoopRecord, MemOp, MemoryRecord, TokenRelations,
                        relations)

__all__ = ["Conflicts", "OrderKeys", "conflict", "order_keys", "IfRecord", "LoopRecord",
           "MemOp", "MemoryRecord", "TokenRelations", "relations"]
