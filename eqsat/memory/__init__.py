"""The memory model: which arrays may alias, which accesses conflict, which indices are
injective, and the token metrics of a kernel. Below the e-graph: it reads kernels and
records, never e-graphs.

`conflict()` (eqsat.memory.conflict) is the one answer to "must this op stay after
that one"; clean-up, statistics, the orderings report and the token rules use it (the
rules test the very same per-op keys in the e-graph). `relations()`
(eqsat.memory.relations) turns the encoder's public record of memory ops and regions
into the few rows per op the token rules read; the encoder builds the record and
inserts the rows."""
