"""Comparing runs' outputs: exact (bit patterns, NaN equals NaN) or within a float
tolerance that admits fused multiply-add and reassociation but not wrong data."""
from __future__ import annotations

import numpy as np

# float comparison tolerance (rtol, atol) by element type: differences from fused
# multiply-add or reassociation are allowed, wrong data is not. About two units in the
# last place of each format; bf16 and tf32 values are held as float32 arrays, so the
# element type, not the array's dtype, says which applies.
TOL = {"f16": (2e-3, 1e-3), "tf32": (2e-3, 1e-3), "bf16": (1.6e-2, 8e-3),
       "f32": (1e-5, 1e-6), "f64": (1e-12, 1e-14)}
_BY_DTYPE = {np.dtype(np.float16): "f16", np.dtype(np.float32): "f32",
             np.dtype(np.float64): "f64"}


def tolerance(dtype: np.dtype, elem: str | None = None) -> tuple[float, float]:
    """(rtol, atol) for values of element type `elem` (default: the one `dtype` holds)."""
    return TOL.get(elem or _BY_DTYPE.get(np.dtype(dtype), "f32"), TOL["f32"])


def first_mismatch(ref: np.ndarray, got: np.ndarray, exact: bool, elem: str | None = None):
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
            rtol, atol = tolerance(ref.dtype, elem)
            with np.errstate(all="ignore"):
                same = np.isclose(got, ref, rtol=rtol, atol=atol, equal_nan=True)
    else:
        same = ref == got
    if same.all():
        return None
    return tuple(int(i) for i in np.argwhere(~same)[0])


def compare_outputs(ref: dict, got: dict, exact: bool = False, elems: dict | None = None):
    """The first output that differs: (name, index, ref value, got value), or None.
    `elems` gives each output's element type (for bf16/tf32 tolerances)."""
    for name in ref:
        idx = first_mismatch(np.asarray(ref[name]), np.asarray(got[name]), exact,
                             (elems or {}).get(name))
        if idx is not None:
            r, g = np.asarray(ref[name]), np.asarray(got[name])
            if r.shape != g.shape:
                return name, (), f"shape {r.shape}", f"shape {g.shape}"
            return name, idx, r[idx].item(), g[idx].item()
    return None


__all__ = ["TOL", "tolerance", "first_mismatch", "compare_outputs"]
