"""The e-graph engine: encode a kernel, saturate with rules, extract, decode."""
