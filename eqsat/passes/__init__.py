"""Passes over a decoded kernel, each in its own module: token clean-up and
divisibility versioning."""
