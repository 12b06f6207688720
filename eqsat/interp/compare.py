"""Comparing runs' outputs: exact (bit patterns, NaN equals NaN) or within a float
tolerance that admits fused multiply-add and reassociation but not wrong data."""
from __future__ import annotations

import numpy as np

# float comparison tolerance by element width: differences from fused multiply-add
# or reassociation are allowed, wrong data is not.
TOL = {np.dtype(np.float16): (2e-3, 1e-3), np.dtype(np.float32): (1e-5, 1e-6),
        np.dtype(np.float64): (1e-12, 1e-14)}


def first_mismatch(ref: np.ndarray, got: np.ndarray, exact: bool):
    """Index of the first differing element, or None."""
    if ref.shape != got.shape:
        return ()
    if np.issubdtype(ref.dtype, np.floating):
        if exact:
            same = (ref.view(np.uint8).reshape(ref.size, -1) ==
                    got.view(np.uint8).reshape(got.size, -1)).all(axis=1).reshape(ref.shape) \
                if ref.size else np.ones(ref.shape, bool)
            same |= np.isnan(ref) & np.isnan(got)
        else:
            rtol, atol = TOL.get(ref.dtype, (1e-5, 1e-6))
            with np.errstate(all="ignore"):
                same = np.isclose(got, ref, rtol=rtol, atol=atol, equal_nan=True)
    else:
        same = ref == got
    if same.all():
        return None
    return tuple(int(i) for i in np.argwhere(~same)[0])


def compare_outputs(ref: dict, got: dict, exact: bool = False):
    for name in ref:
        idx = first_mismatch(np.asarray(ref[name]), np.asarray(got[name]), exact)
        if idx is not None:
            r, g = np.asarray(ref[name]), np.asarray(got[name])
            if r.shape != g.shape:
                return name, (), f"shape {r.shape}", f"shape {g.shape}"
            return name, idx, r[idx].item(), g[idx].item()
    return None


__all__ = ["TOL", "first_mismatch", "compare_outputs"]
