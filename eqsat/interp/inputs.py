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

A spec is checked against `SPEC_SCHEMA` (JSON Schema), then for what a schema cannot
say (unique names, `same_as` targets, sizes, values that fit their dtype); a mistake is
one SpecError, `FILE: error: params[2].strides: expected ...`.
"""
from __future__ import annotations

import json
import math
import numbers
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import numpy as np

from eqsat.errors import InputError, SpecError
from eqsat.interp.memory import Memory, round_to
from eqsat.ir.core import Kernel
from eqsat.ir.minifloat import FORMATS
from eqsat.ir.types import INT_WIDTHS, PointerType, TileType, is_float, numpy_dtype
from eqsat.ir.types import byte_size

# float element types the interpreter emulates exactly (fp8 ones from their bit layout)
_FLOATS = ("f16", "bf16", "f32", "tf32", "f64") + tuple(n for n, f in FORMATS.items()
                                                      if f.bits == 8)

_INIT_KINDS = ("zeros", "ones", "full", "normal", "uniform", "randint", "arange", "data")
DTYPES = (*INT_WIDTHS, *_FLOATS)
# the interpreter runs small test inputs; past these sizes a spec holds a typo, not a test
MAX_ELEMENTS = 1 << 24
MAX_GRID = (2**31 - 1, 65535, 65535)


# -- the schema ---------------------------------------------------------------------------------
# A node that can be wrong carries "expected" (how an error message describes what belongs
# there); an object carries "what" (named in a message about its keys). JSON Schema ignores
# both.
def _num(expected: str = "a number") -> dict:
    return {"type": "number", "expected": expected}


def _int(minimum: int | None = None, expected: str = "an integer") -> dict:
    d: dict[str, Any] = {"type": "integer", "expected": expected}
    if minimum is not None:
        d["minimum"] = minimum
    return d


_NAME = {"type": "string", "minLength": 1, "expected": "a non-empty string"}
_DTYPE = {"enum": list(DTYPES), "expected": f"a dtype ({', '.join(DTYPES)})"}
# list elements carry no "expected": a message names the list and what it holds
_NAT = {"type": "integer", "minimum": 0}
_SHAPE = {"type": "array", "items": _NAT, "expected": "a list of non-negative integers"}
_STRIDES = {"type": "array", "items": _NAT,
            "expected": "a list of non-negative integers (one stride per dimension)"}
_INIT_ARGS: dict[str, dict] = {
    "zeros": {}, "ones": {}, "full": {"value": _num()},
    "normal": {"mean": _num(), "std": _num()},
    "uniform": {"low": _num(), "high": _num()},
    "randint": {"low": _int(), "high": _int()},
    "arange": {"start": _num(), "step": _num()},
    "data": {"values": {"type": "array", "items": {"type": ["number", "boolean"]},
                        "expected": "a flat list of numbers"}},
}
_INIT = {
    "type": ["string", "object"],
    "expected": f"an init kind ({', '.join(_INIT_KINDS)}) or an object with 'kind'",
    "if": {"type": "string"},
    "then": {"enum": list(_INIT_KINDS),
             "expected": f"one of the init kinds {', '.join(_INIT_KINDS)}"},
    "else": {
        "what": "an init object",
        "required": ["kind"],
        "properties": {"kind": {"enum": list(_INIT_KINDS),
                                "expected": f"one of {', '.join(_INIT_KINDS)}"}},
        "allOf": [{"if": {"properties": {"kind": {"const": k}}, "required": ["kind"]},
                   "then": {"what": f"init '{k}'", "properties": {"kind": {}, **args},
                            "additionalProperties": False}}
                  for k, args in _INIT_ARGS.items()],
    },
}
_ARRAY_PROPS = {"name": _NAME, "dtype": _DTYPE, "shape": _SHAPE, "init": _INIT,
                "strides": _STRIDES}
_ARRAY = {"what": "an array", "required": ["name", "dtype", "shape"],
          "properties": _ARRAY_PROPS, "additionalProperties": False}
_ALIAS = {"what": "a same_as view", "required": ["name", "same_as"],
          "properties": {"name": _NAME, "same_as": _NAME,
                         "offset": _int(0, "a non-negative integer (in elements)"),
                         "shape": _SHAPE, "strides": _STRIDES, "dtype": _DTYPE},
          "additionalProperties": False}
_SCALAR = {"what": "a scalar", "required": ["name", "dtype", "value"],
           "properties": {"name": _NAME, "dtype": _DTYPE,
                          "value": {"type": ["number", "boolean"],
                                    "expected": "a number or a boolean"}},
           "additionalProperties": False}
_LIST_ITEM = {"what": "an array of a list", "required": ["dtype", "shape"],
              "properties": {k: v for k, v in _ARRAY_PROPS.items() if k != "name"},
              "additionalProperties": False}
_LIST = {"what": "a list of arrays", "required": ["name", "list"],
         "properties": {"name": _NAME,
                        "list": {"type": "array", "minItems": 1, "items": _LIST_ITEM,
                                 "expected": "a non-empty list of arrays (dtype, shape, init)"}},
         "additionalProperties": False}
_PARAM = {
    "type": "object",
    "expected": "an object: an array (name, dtype, shape), a scalar (name, dtype, value), "
                "a view of an earlier array (name, same_as) or a list of arrays (name, list)",
    "if": {"required": ["same_as"]}, "then": _ALIAS,
    "else": {"if": {"required": ["value"]}, "then": _SCALAR,
             "else": {"if": {"required": ["list"]}, "then": _LIST, "else": _ARRAY}},
}
SPEC_SCHEMA: dict = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "eqsat inputs spec",
    "type": "object",
    "what": "the spec",
    "expected": "a JSON object with 'params' (and optionally 'grid', 'convention', "
                "'description', 'constants')",
    "required": ["params"],
    "properties": {
        "grid": {"type": "array", "minItems": 1, "maxItems": 3,
                 "items": {"type": "integer", "minimum": 1},
                 "expected": "a list of 1 to 3 positive integers"},
        "convention": {"enum": ["cutile", "raw"], "expected": "'cutile' or 'raw'"},
        "description": {"type": "string", "expected": "a string"},
        "params": {"type": "array", "items": _PARAM, "expected": "a list of parameters"},
        # values of a cuTile kernel's ct.Constant parameters, for its launch signature
        "constants": {"type": "object",
                      "additionalProperties": {"type": ["boolean", "integer", "number"],
                                               "expected": "a bool, an int or a float"},
                      "expected": "an object from ct.Constant parameter names to values"},
    },
    "additionalProperties": False,
}

# Which parameters may share memory: parameter (name or index) -> group name or names;
# what `eqsat opt --alias-groups` and `optimize(alias_groups=...)` take.
ALIAS_GROUPS_SCHEMA: dict = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "eqsat alias groups",
    "type": "object",
    "expected": "a mapping from parameters (name or index) to group names",
    "additionalProperties": {
        "type": ["string", "array"], "minLength": 1, "minItems": 1,
        "items": {"type": "string", "minLength": 1},
        "expected": "a group name or a non-empty list of group names"},
}


def _is_int(_checker, v) -> bool:
    return isinstance(v, numbers.Integral) and not isinstance(v, (bool, np.bool_))


def _is_number(_checker, v) -> bool:
    return isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_))


def _is_bool(_checker, v) -> bool:
    return isinstance(v, (bool, np.bool_))


def _is_array(_checker, v) -> bool:
    return isinstance(v, (list, tuple))


def _is_object(_checker, v) -> bool:
    return isinstance(v, dict)


_validators: dict[int, Any] = {}


def _validator(schema: dict) -> Any:
    """A validator for `schema`, built once. numpy scalars count as numbers and a tuple as
    a list, so a spec built in Python validates like its JSON."""
    v = _validators.get(id(schema))
    if v is None:
        from jsonschema import (  # type: ignore[import-untyped]
            Draft202012Validator,
            validators,
        )
        checker = Draft202012Validator.TYPE_CHECKER.redefine_many(
            {"integer": _is_int, "number": _is_number, "boolean": _is_bool,
             "array": _is_array, "object": _is_object})
        cls = validators.extend(Draft202012Validator, type_checker=checker)
        v = _validators[id(schema)] = cls(schema)
    return v


def json_path(parts) -> str:
    """`params[2].strides` for ("params", 2, "strides")."""
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else f".{p}" if out else str(p)
    return out


def _short(v: Any) -> str:
    try:
        s = json.dumps(v, allow_nan=True, default=str)
    except (TypeError, ValueError):
        s = repr(v)
    return s if len(s) <= 40 else s[:37] + "..."


def _explain(err: Any, schema: dict, data: Any) -> tuple[list, str]:
    """(path, reason) for a jsonschema error: missing and unknown keys by name, anything
    else as what the innermost annotated schema node on the way expects, said of the value
    at that node (`strides` is "a list of integers" even when one element is wrong)."""
    node: Any = schema
    best, best_depth, depth, obj = schema, 0, 0, schema
    spath = list(err.absolute_schema_path)[:-1]      # the last is the keyword that failed
    i = 0
    while i < len(spath):
        kw = spath[i]
        if kw in ("properties", "patternProperties", "prefixItems"):
            node, depth, i = node[kw][spath[i + 1]], depth + 1, i + 2
        elif kw in ("items", "additionalProperties"):
            node, depth, i = node[kw], depth + 1, i + 1
        elif kw in ("allOf", "anyOf", "oneOf"):
            node, i = node[kw][spath[i + 1]], i + 2
        else:                                          # if, then, else, not
            node, i = node[kw], i + 1
        if "expected" in node:
            best, best_depth = node, depth
        if "what" in node:
            obj = node
    inst = list(err.absolute_path)
    if err.validator == "required":
        missing = next(k for k in err.validator_value if k not in err.instance)
        return inst, (f"missing '{missing}' ({obj.get('what', 'this object')} needs "
                      f"{', '.join(err.validator_value)})")
    if err.validator == "additionalProperties" and err.validator_value is False:
        allowed = list(node.get("properties", {}))
        extra = next(str(k) for k in err.instance if k not in allowed)
        return inst, (f"unknown key '{extra}' ({node.get('what', obj.get('what', 'this object'))}"
                      f" takes {', '.join(allowed)})")
    where = inst[:best_depth]
    value = data
    for p in where:
        value = value[p]
    return where, f"expected {best.get('expected', 'something else')}, got {_short(value)}"


def validate(data: Any, schema: dict, source: str,
             error: type[InputError] = InputError) -> None:
    """Raise `error` (`SOURCE: error: PATH: REASON`) for the first place, in document
    order, where `data` breaks `schema`."""
    errors = list(_validator(schema).iter_errors(data))
    if not errors:
        return

    def order(e):
        return ([(0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in e.absolute_path],
                [str(p) for p in e.absolute_schema_path])
    where, reason = _explain(min(errors, key=order), schema, data)
    raise error.at(source, json_path(where), reason)


def check_alias_groups(groups: Any, source: str = "alias_groups") -> dict:
    """`groups` (a mapping) checked against ALIAS_GROUPS_SCHEMA, its keys being parameter
    names or indices; returns it as a dict."""
    from collections.abc import Mapping
    if isinstance(groups, Mapping):
        for k in groups:
            if not (isinstance(k, str) or _is_int(None, k) and k >= 0):
                raise InputError.at(source, "", f"parameter {k!r}: expected a name or an "
                                               f"index >= 0")
        plain: Any = {str(k): v for k, v in groups.items()}
    else:
        plain = groups
    validate(plain, ALIAS_GROUPS_SCHEMA, source)
    return dict(groups)


# -- the spec -----------------------------------------------------------------------------------
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


def _int_range(dtype: str) -> tuple[int, int]:
    """Values an integer of `dtype` may be given as: signed or unsigned reading."""
    w = INT_WIDTHS[dtype]
    return -(1 << (w - 1)), (1 << w) - 1


def _wrap(v: int, dtype: str) -> int:
    """A checked integer as the signed value of its `dtype` bits."""
    w = INT_WIDTHS[dtype]
    v = int(v) & ((1 << w) - 1)
    return v - (1 << w) if v >> (w - 1) else v


def _value_problem(v: Any, dtype: str) -> str | None:
    """Why `v` cannot be a value of `dtype`, or None."""
    if dtype in INT_WIDTHS:
        lo, hi = _int_range(dtype)
        if isinstance(v, (bool, np.bool_)):
            return None
        if not isinstance(v, numbers.Integral):
            return f"expected an integer for {dtype}, got {_short(v)}"
        if not lo <= int(v) <= hi:
            return f"{v} does not fit {dtype} ({lo} to {hi})"
        return None
    try:
        float(v)
    except OverflowError:
        return f"{_short(v)} is too large for {dtype}"
    return None


def _finite(init: dict, keys: tuple[str, ...]) -> str | None:
    for k in keys:
        if k in init:
            try:
                ok = math.isfinite(float(init[k]))
            except OverflowError:
                ok = False
            if not ok:
                return k
    return None


def _check_init(init: dict, dtype: str, n: int) -> tuple[str, str] | None:
    """(key, reason) when an init cannot produce `n` values of `dtype`."""
    kind = init["kind"]
    if kind == "full" and "value" in init:
        why = _value_problem(init["value"], dtype)
        return ("value", why) if why else None
    if kind in ("normal", "uniform", "arange"):
        bad = _finite(init, ("mean", "std", "low", "high", "start", "step"))
        if bad:
            return bad, "expected a finite number"
        if kind == "normal" and init.get("std", 1.0) < 0:
            return "std", "expected a number >= 0"
        if kind == "uniform" and not math.isfinite(float(init.get("high", 1.0))
                                                   - float(init.get("low", 0.0))):
            return "high", "high - low is too large"
        if kind == "arange":
            start, step = float(init.get("start", 0)), float(init.get("step", 1))
            last = abs(start) + abs(step) * max(n - 1, 0)
            if dtype in INT_WIDTHS:
                if not all(isinstance(init.get(k, 0), numbers.Integral) for k in ("start",
                                                                                   "step")):
                    return "step", f"expected integers for {dtype}"
                if last >= 2**63:
                    return "step", "the values outgrow a 64-bit integer"
            elif not math.isfinite(last):
                return "step", "the values outgrow a float"
    if kind == "randint":
        low, high = init.get("low", 0), init.get("high", 100)
        if not -2**63 <= low < high <= 2**63 - 1:
            return "high", f"expected low < high within 64-bit integers, got {low} and {high}"
    if kind == "data":
        values = init.get("values", [])
        if len(values) != n:
            return "values", f"has {len(values)} values, the shape needs {n}"
        for v in values:
            why = _value_problem(v, dtype)
            if why:
                return "values", why
    return None


def parse_spec(data: dict, source: str = "<spec>") -> InputSpec:
    """An InputSpec from parsed JSON; a mistake raises SpecError naming the JSON path."""
    validate(data, SPEC_SCHEMA, source, SpecError)
    grid = list(data.get("grid", [1]))
    for i, (g, most) in enumerate(zip(grid, MAX_GRID)):
        if g > most:
            raise SpecError.at(source, f"grid[{i}]", f"{g} tile blocks; a grid takes at most "
                                                     f"{most} along this axis")
    grid3 = tuple(int(g) for g in grid) + (1,) * (3 - len(grid))
    conv = data.get("convention", "cutile")
    params: list[ArraySpec | ScalarSpec | ListSpec] = []
    names: dict[str, int] = {}
    arrays: dict[str, ArraySpec] = {}
    extents: dict[str, int] = {}            # root array -> elements its buffer holds
    for i, p in enumerate(data["params"]):
        def fail(key: str | None, reason: str, i: int = i) -> NoReturn:
            where = f"params[{i}]"
            raise SpecError.at(source, f"{where}.{key}" if key else where, reason)

        name = p["name"]
        if name in names:
            fail("name", f"'{name}' is the name of params[{names[name]}] too")
        names[name] = i
        if "list" in p:
            sub_spec = parse_spec({"params": [{**x, "name": f"{name}[{j}]"}
                                              for j, x in enumerate(p["list"])]}, source)
            params.append(ListSpec(name, [a for a in sub_spec.params
                                          if isinstance(a, ArraySpec)]))
            continue
        if "same_as" in p:
            tgt = arrays.get(p["same_as"])
            if tgt is None:
                fail("same_as", f"same_as names no earlier array '{p['same_as']}'")
            if p.get("dtype", tgt.dtype) != tgt.dtype:
                fail("dtype", f"'{p['dtype']}' differs from the {tgt.dtype} of '{tgt.name}'")
            root = tgt.name if tgt.same_as is None else tgt.same_as
            shape = tuple(int(d) for d in p.get("shape", tgt.shape))
            strides = tuple(int(s) for s in p["strides"]) if "strides" in p else tgt.strides
            if "strides" not in p and strides is not None and len(strides) != len(shape):
                fail("shape", f"{len(shape)} dimensions, but the strides it takes from "
                              f"'{tgt.name}' are {len(strides)}: give 'strides'")
            offset = int(p.get("offset", 0)) + tgt.offset
            a = ArraySpec(name, shape, tgt.dtype, {}, strides, same_as=root, offset=offset)
        elif "value" in p:
            why = _value_problem(p["value"], p["dtype"])
            if why:
                fail("value", why)
            params.append(ScalarSpec(name, p["dtype"], p["value"]))
            continue
        else:
            shape = tuple(int(d) for d in p["shape"])
            strides = tuple(int(s) for s in p["strides"]) if "strides" in p else None
            init = p.get("init", "zeros")
            init = {"kind": init} if isinstance(init, str) else dict(init)
            a = ArraySpec(name, shape, p["dtype"], init, strides)
        if a.strides is not None and len(a.strides) != len(a.shape):
            fail("strides", f"{len(a.strides)} strides for a shape of {len(a.shape)} "
                            f"dimensions")
        n = math.prod(a.shape)
        ext = _extent(a.shape, a.strides or contiguous_strides(a.shape))
        if max(n, ext) > MAX_ELEMENTS:
            fail("shape" if n > MAX_ELEMENTS else "strides",
                 f"the array spans {max(n, ext)} elements; the interpreter takes at most "
                 f"{MAX_ELEMENTS}")
        if a.same_as is None:
            bad = _check_init(a.init, a.dtype, n)
            if bad:
                fail(f"init.{bad[0]}", bad[1])
            extents[name] = max(ext, 1)
        elif ext and a.offset + ext > extents[a.same_as]:
            fail(None, f"'{name}' (elements {a.offset} to {a.offset + ext - 1} of "
                       f"'{a.same_as}') runs past the {extents[a.same_as]} elements of "
                       f"'{a.same_as}'")
        params.append(a)
        arrays[name] = a
    meta = {k: v for k, v in data.items() if k not in ("grid", "params", "convention")}
    return InputSpec(grid3, params, conv, source, meta)  # type: ignore[arg-type]


def load_spec(path) -> InputSpec:
    """Read and check an inputs spec file (see the module docstring)."""
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as e:
        raise SpecError(f"{path}: error: cannot read: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise SpecError(f"{path}: error: not UTF-8 text (byte {e.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SpecError(f"{path}:{e.lineno}:{e.colno}: error: invalid JSON: {e.msg}") from None
    except RecursionError:
        raise SpecError(f"{path}: error: invalid JSON: nested too deeply") from None
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
    """The initial values of a root array (its init was checked by `parse_spec`). Floats
    round to the dtype as a store would: past its range is infinity."""
    n = math.prod(a.shape)
    k = a.init.get("kind")
    intlike = a.dtype in INT_WIDTHS
    v: np.ndarray
    with np.errstate(over="ignore", invalid="ignore"):
        if k == "zeros":
            v = np.zeros(n)
        elif k == "ones":
            v = np.ones(n)
        elif k == "full":
            x = a.init.get("value", 0)
            v = np.full(n, _wrap(x, a.dtype) if intlike else float(x),
                        np.int64 if intlike else np.float64)
        elif k == "normal":
            v = rng.normal(a.init.get("mean", 0.0), a.init.get("std", 1.0), n)
        elif k == "uniform":
            v = rng.uniform(a.init.get("low", 0.0), a.init.get("high", 1.0), n)
        elif k == "randint":
            v = rng.integers(a.init.get("low", 0), a.init.get("high", 100), n)
        elif k == "arange":
            v = a.init.get("start", 0) + a.init.get("step", 1) * np.arange(n)
        else:
            vals = a.init.get("values", [])
            if len(vals) != n:
                raise SpecError(f"parameter '{a.name}': data has {len(vals)} values, shape "
                                f"needs {n}")
            v = (np.array([_wrap(x, a.dtype) for x in vals], np.int64) if intlike
                 else np.array([float(x) for x in vals], np.float64))
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
    if not isinstance(seed, numbers.Integral) or isinstance(seed, bool) or seed < 0:
        raise SpecError(f"error: the seed must be a non-negative integer, got {seed!r}")
    rng = np.random.default_rng(int(seed))
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
            addr[a.name] = addr[base_buf] + a.offset * byte_size(a.dtype)
            arrays[a.name] = (base_buf, a.offset, a.shape, strides)

    params = kernel.params
    args: list = []
    k = 0

    def need(cond, msg):
        if not cond:
            raise SpecError.at(spec.source, "", msg)

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
                        lo, hi = _int_range(it.elem)
                        need(lo <= d <= hi, f"array '{p.name}': kernel parameter {k} ({it}) "
                             f"cannot hold its {what} {d}")
                        args.append(np.asarray(_wrap(d, it.elem)).astype(numpy_dtype(it.elem)))
                        k += 1
        else:
            need(k < len(params), f"scalar '{p.name}' has no kernel parameter left")
            t = params[k].type
            need(isinstance(t, TileType) and not t.shape and t.elem == p.dtype,
                 f"scalar '{p.name}' is {p.dtype} but kernel parameter {k} is {t}")
            with np.errstate(over="ignore"):
                v = round_to(p.dtype, np.float64(p.value)) if is_float(p.dtype) else \
                    np.asarray(_wrap(p.value, p.dtype)).astype(numpy_dtype(p.dtype))
            args.append(np.asarray(v))
            k += 1
    need(k == len(params), f"the spec covers {k} of the kernel's {len(params)} parameters")
    return Bound(mem, args, spec.grid, arrays)
