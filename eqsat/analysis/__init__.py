"""Facts about a kernel read from outside its body: what a cuTile mangled symbol and the
entry parameters' attributes promise (sizes, strides, divisibility, contiguity), and the
record of what is known about one value."""
