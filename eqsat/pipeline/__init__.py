"""`optimize`: the stages from a kernel to its optimized form, in order
(`eqsat.pipeline.optimize`)."""
