"""The memory model: which arrays may alias, which accesses conflict, which indices are
injective, and the token metrics of a kernel. Below the e-graph: it reads kernels and
records, never e-graphs."""
