"""Inputs spec: which arrays and scalars a kernel runs on, and the grid.

A small JSON format that speaks of arrays, not raw arguments::

    {
      "grid": [4],
      "params": [
        {"name": "x",   "shape": [4, 700], "dtype": "f32", "init": "normal"},
        {"name": "w",   "shape": [700],    "dtype": "f32",
         "init": {"kind": "uniform", "low": -1, "high": 1}},
        {"name": "idx", "shape": [64], "dtype": "i32",
         "init": {"kind": "randint", "low": 0, "high": 64}},
        {"name": "y",   "same_as": "x"},
        {"name": "eps", "dtype": "f32", "value": 1e-5}
      ]
    }

Under the cuTile calling convention (the default, `"convention": "cutile"`) each
array becomes its pointer followed by its shape and its strides (in elements);
with `"convention": "raw"` an array is only its pointer. `same_as` makes a
parameter the very same memory as an earlier array (real aliasing); `offset`
shifts it by a number of elements. Init kinds: zeros, ones, full(value),
normal(mean, std), uniform(low, high), randint(low, high), arange(start, step),
data(values).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .errors import SpecError
from .ir.core import Kernel
from .ir.minifloat import FORMATS
from .interp.memory import Memory, round_to
from .ir.types import INT_WIDTHS, PointerType, TileType, is_float, numpy_dtype

# float element types the interpreter emulates exactly (fp8 ones from their bit layout)
_FLOATS = ("f16", "bf16", "f32", "tf32", "f64") + tuple(n for n, f in FORMATS.items()
                                                      if f.bits == 8)

_INIT_KINDS = ("zeros", "ones", "full", "normal", "uniform", "randint", "arange", "data")


@dataclass
class ArraySpec:
    name: str
    shape: tuple[int, ...]
    dtype: str
    init: dict
    strides: tuple[int, ...] | None = None
    same_as: str | None = None
    offset: int = 0


@dataclass
class ScalarSpec:
    name: str
    dtype: str
    value: Any


@dataclass
class ListSpec:
    """A list of arrays, passed as cuTile does: a pointer to a table with one i64 row per
    array (base address, sizes, strides) and the list's length."""
    name: str
    items: list[ArraySpec]


@dataclass
class InputSpec:
    grid: tuple[int, int, int]
    params: list[ArraySpec | ScalarSpec | ListSpec]
    convention: str = "cutile"
    source: str = "<spec>"
    meta: dict = field(default_factory=dict)

    @property
    def arrays(self) -> list[ArraySpec]:
        out: list[ArraySpec] = []
        for p in self.params:
            if isinstance(p, ArraySpec):
                out.append(p)
            elif isinstance(p, ListSpec):
                out.extend(p.items)
        return out


def _err(source: str, where: str, msg: str) -> SpecError:
    return SpecError(f"{source}: {where}: {msg}")


def parse_spec(data: dict, source: str = "<spec>") -> InputSpec:
    if not isinstance(data, dict):
        raise _err(source, "top level", "a spec is a JSON object")
    grid = data.get("grid", [1])
    if (not isinstance(grid, list) or not 1 <= len(grid) <= 3
            or not all(isinstance(g, int) and g > 0 for g in grid)):
        raise _err(source, "grid", "expected a list of 1 to 3 positive integers")
    grid3 = tuple(grid) + (1,) * (3 - len(grid))
    conv = data.get("convention", "cutile")
    if conv not in ("cutile", "raw"):
        raise _err(source, "convention", "expected 'cutile' or 'raw'")
    raw = data.get("params")
    if not isinstance(raw, list):
        raise _err(source, "params", "expected a list of parameters")
    params: list[ArraySpec | ScalarSpec | ListSpec] = []
    names: set[str] = set()
    arrays: dict[str, ArraySpec] = {}
    for i, p in enumerate(raw):
        where = f"params[{i}]"
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise _err(source, where, "each parameter is an object with a 'name'")
        name = p["name"]
        where = f"parameter '{name}'"
        if name in names:
            raise _err(source, where, "name used twice")
        names.add(name)
        if "list" in p:
            items = p["list"]
            if not isinstance(items, list) or not all(isinstance(x, dict) and "shape" in x
                                                      for x in items):
                raise _err(source, where, "'list' holds array objects (shape, dtype, init)")
            sub_spec = parse_spec({"params": [{**x, "name": f"{name}[{j}]"}
                                              for j, x in enumerate(items)]}, source)
            params.append(ListSpec(name, [a for a in sub_spec.params
                                          if isinstance(a, ArraySpec)]))
            continue
        if "same_as" in p:
            tgt = arrays.get(p["same_as"])
            if tgt is None:
                raise _err(source, where, f"same_as names no earlier array '{p['same_as']}'")
            a = ArraySpec(name, tuple(p.get("shape", tgt.shape)), tgt.dtype, {},
                          tuple(p["strides"]) if "strides" in p else tgt.strides,
                          same_as=tgt.name if tgt.same_as is None else tgt.same_as,
                          offset=int(p.get("offset", 0)) + tgt.offset)
            params.append(a)
            arrays[name] = a
            continue
        dtype = p.get("dtype")
        if dtype not in INT_WIDTHS and dtype not in _FLOATS:
            raise _err(source, where, f"unknown or missing dtype {dtype!r}")
        if "value" in p:
            params.append(ScalarSpec(name, dtype, p["value"]))
            continue
        shape = p.get("shape")
        if not isinstance(shape, list) or not all(isinstance(d, int) and d >= 0 for d in shape):
            raise _err(source, where, "an array needs 'shape' (non-negative integers); "
                       "a scalar needs 'value'")
        init = p.get("init", "zeros")
        if isinstance(init, str):
            init = {"kind": init}
        if not isinstance(init, dict) or init.get("kind") not in _INIT_KINDS:
            raise _err(source, where, f"init kind must be one of {', '.join(_INIT_KINDS)}")
        strides = p.get("strides")
        if strides is not None and (len(strides) != len(shape)
                                    or not all(isinstance(s, int) for s in strides)):
            raise _err(source, where, "strides must list one integer per dimension")
        a = ArraySpec(name, tuple(shape), dtype, init, tuple(strides) if strides else None)
        params.append(a)
        arrays[name] = a
    return InputSpec(grid3, params, conv, source, {k: v for k, v in data.items()
                                                    if k not in ("grid", "params", "convention")})


def load_spec(path) -> InputSpec:
    path = Path(path)
    try:
        data = json.loads(path.read_text())
    except OSError as e:
        raise SpecError(f"{path}: cannot read: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise SpecError(f"{path}:{e.lineno}:{e.colno}: error: invalid JSON: {e.msg}") from None
    return parse_spec(data, str(path))


def contiguous_strides(shape) -> tuple[int, ...]:
    st, acc = [], 1
    for d in reversed(shape):
        st.append(acc)
        acc *= max(d, 1)
    return tuple(reversed(st))


def _extent(shape, strides) -> int:
    """Elements spanned by a strided array (max offset + 1)."""
    if any(d == 0 for d in shape):
        return 0
    return 1 + sum((d - 1) * abs(s) for d, s in zip(shape, strides))


def make_data(a: ArraySpec, rng: np.random.Generator) -> np.ndarray:
    n = int(np.prod(a.shape, dtype=np.int64)) if a.shape else 1
    k = a.init.get("kind")
    if k == "zeros":
        v = np.zeros(n)
    elif k == "ones":
        v = np.ones(n)
    elif k == "full":
        v = np.full(n, a.init.get("value", 0))
    elif k == "normal":
        v = rng.normal(a.init.get("mean", 0.0), a.init.get("std", 1.0), n)
    elif k == "uniform":
        v = rng.uniform(a.init.get("low", 0.0), a.init.get("high", 1.0), n)
    elif k == "randint":
        v = rng.integers(a.init.get("low", 0), a.init.get("high", 100), n)
    elif k == "arange":
        v = a.init.get("start", 0) + a.init.get("step", 1) * np.arange(n)
    else:
        v = np.asarray(a.init.get("values", []))
        if v.size != n:
            raise SpecError(f"parameter '{a.name}': data has {v.size} values, shape needs {n}")
    if is_float(a.dtype):
        return round_to(a.dtype, np.asarray(v, np.float64))
    if a.dtype == "i1":
        return np.asarray(v).astype(bool)
    return np.asarray(v).astype(np.int64).astype(numpy_dtype(a.dtype))


@dataclass
class Bound:
    """A spec bound to a kernel: raw argument values and where each array lives."""
    memory: Memory
    args: list
    grid: tuple[int, int, int]
    # name -> (buffer, offset, shape, strides)
    arrays: dict[str, tuple[str, int, tuple[int, ...], tuple[int, ...]]]

    def read_array(self, name: str) -> np.ndarray:
        buf_name, off, shape, strides = self.arrays[name]
        buf = self.memory.buffer(buf_name)
        vals = buf.values()
        if not shape:
            return vals[off:off + 1].reshape(())
        idx = off + sum(np.arange(d).reshape([-1 if i == j else 1 for j in range(len(shape))]) * s
                        for i, (d, s) in enumerate(zip(shape, strides)))
        return vals[idx]

    def outputs(self) -> dict[str, np.ndarray]:
        """Final contents of every array, by name."""
        return {n: self.read_array(n) for n in self.arrays}


def bind(kernel: Kernel, spec: InputSpec, seed: int = 0) -> Bound:
    """Allocate the arrays of `spec` (data drawn with `seed`) and match them to the
    kernel's raw parameters; a mismatch is a SpecError naming the parameter."""
    rng = np.random.default_rng(seed)
    mem = Memory()
    arrays: dict[str, tuple] = {}
    addr: dict[str, int] = {}
    for a in spec.arrays:
        strides = a.strides or contiguous_strides(a.shape)
        if a.same_as is None:
            data = make_data(a, rng)
            ext = max(_extent(a.shape, strides), 1)
            store = np.zeros(ext, dtype=data.dtype)
            if a.strides is None:
                store[:data.size] = data.reshape(-1)
            else:
                idx = sum(np.arange(d).reshape([-1 if i == j else 1 for j in range(len(a.shape))])
                          * s for i, (d, s) in enumerate(zip(a.shape, strides)))
                store[np.asarray(idx).reshape(-1)] = data.reshape(-1)
            buf = mem.allocate(a.name, a.dtype, store)
            addr[a.name] = buf.base
            arrays[a.name] = (a.name, 0, a.shape, strides)
        else:
            base_buf = a.same_as
            from .ir.types import byte_size
            addr[a.name] = addr[base_buf] + a.offset * byte_size(a.dtype)
            arrays[a.name] = (base_buf, a.offset, a.shape, strides)

    params = kernel.params
    args: list = []
    k = 0

    def need(cond, msg):
        if not cond:
            raise SpecError(f"{spec.source}: {msg}")

    for p in spec.params:
        if isinstance(p, ListSpec):
            need(k + 1 < len(params), f"list '{p.name}' needs two kernel parameters (table, "
                 f"length)")
            t, lt = params[k].type, params[k + 1].type
            need(isinstance(t, TileType) and t.elem == PointerType("i64") and not t.shape,
                 f"list '{p.name}' meets kernel parameter {k} of type {t}, not tile<ptr<i64>>")
            need(isinstance(lt, TileType) and lt.elem in INT_WIDTHS and not lt.shape,
                 f"list '{p.name}': kernel parameter {k + 1} ({lt}) cannot hold its length")
            rows = [[addr[a.name], *a.shape, *arrays[a.name][3]] for a in p.items]
            width = {len(r) for r in rows}
            need(len(width) <= 1, f"list '{p.name}': its arrays differ in rank")
            table = np.asarray(rows, np.int64).reshape(-1) if rows else np.zeros(1, np.int64)
            buf = mem.allocate(f"{p.name}.table", "i64", table)
            args += [np.asarray(buf.base, np.int64), np.asarray(len(rows), numpy_dtype(lt.elem))]
            k += 2
            continue
        if isinstance(p, ArraySpec):
            need(k < len(params), f"array '{p.name}' has no kernel parameter left")
            t = params[k].type
            need(isinstance(t, TileType) and isinstance(t.elem, PointerType) and not t.shape,
                 f"array '{p.name}' meets kernel parameter {k} of type {t}, not a pointer")
            need(t.elem.pointee == p.dtype,
                 f"array '{p.name}' is {p.dtype} but kernel parameter {k} is {t}")
            args.append(np.asarray(addr[p.name], np.int64))
            k += 1
            if spec.convention == "cutile":
                strides = arrays[p.name][3]
                for what, vals in (("shape", p.shape), ("stride", strides)):
                    for d in vals:
                        need(k < len(params), f"array '{p.name}': kernel has no parameter for "
                             f"its {what}")
                        it = params[k].type
                        need(isinstance(it, TileType) and it.elem in INT_WIDTHS and not it.shape,
                             f"array '{p.name}': kernel parameter {k} ({it}) cannot hold its "
                             f"{what}")
                        args.append(np.asarray(d, numpy_dtype(it.elem)))
                        k += 1
        else:
            need(k < len(params), f"scalar '{p.name}' has no kernel parameter left")
            t = params[k].type
            need(isinstance(t, TileType) and not t.shape and t.elem == p.dtype,
                 f"scalar '{p.name}' is {p.dtype} but kernel parameter {k} is {t}")
            v = round_to(p.dtype, np.float64(p.value)) if is_float(p.dtype) else \
                np.asarray(p.value).astype(numpy_dtype(p.dtype))
            args.append(np.asarray(v))
            k += 1
    need(k == len(params), f"the spec covers {k} of the kernel's {len(params)} parameters")
    return Bound(mem, args, spec.grid, arrays)
