"""The signature cuTile's launcher would compile a kernel under, from the launch's arrays.

`ct.launch` does not compile a kernel once: for each launch it reads every array's
shape, strides and base address, states what it sees (`eqsat.analysis.signature.
launch_array_info`) and compiles, or reuses, an entry specialized on those facts. A
fair comparison with cuTile, and a fair build of ours, starts from that signature, not
from a hand-written one that promises less.

Arguments come from an inputs spec (`eqsat.interp.inputs`, the same one the interpreter runs)
or from numpy arrays. One difference from cuTile's launcher, on purpose: the launcher
states that no two arrays overlap, whatever it is given; here arrays that share memory
(`same_as` in a spec, or numpy views of one buffer) are put in one alias group, so the
optimizer never reorders accesses the launch makes overlap. Nothing here needs the
`cuda` extra except `kernel_signature`, which hands the result to cuTile.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from eqsat.errors import EqsatError
from eqsat.interp.inputs import ArraySpec, InputSpec, ListSpec, ScalarSpec, contiguous_strides
from eqsat.ir.types import byte_size
from eqsat.analysis.signature import (ArrayInfo, ConstInfo, LaunchArray, ListInfo, ScalarInfo,
                                      Signature, SignatureError, encode_symbol,
                                      launch_array_info, launch_class, list_launch_info)

# Tile IR element type (what specs and our IR say) -> the dtype code of a mangled symbol
SYMBOL_DTYPE = {
    "i1": "b8", "i8": "i8", "i16": "i16", "i32": "i32", "i64": "i64", "f16": "f16",
    "f32": "f32", "f64": "f64", "bf16": "bf16", "tf32": "tf32", "f8E4M3FN": "f8m3fn",
    "f8E5M2": "f8m2", "f8E8M0FNU": "f8m0fnu",
}
_NUMPY = {"bool": "i1", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
          "uint8": "i8", "uint16": "i16", "uint32": "i32", "uint64": "i64",
          "float16": "f16", "float32": "f32", "float64": "f64"}


@dataclass(frozen=True)
class Constant:
    """A compile-time constant argument (a `ct.Constant` parameter) in a launch."""
    value: bool | int | float


def _symbol_dtype(dtype: str, where: str) -> str:
    if dtype not in SYMBOL_DTYPE:
        raise EqsatError(f"error: {where}: element type {dtype} has no cuTile dtype")
    return SYMBOL_DTYPE[dtype]


def _bits(dtype: str) -> int:
    return 1 if dtype == "i1" else 8 * byte_size(dtype)


def _groups(overlaps: list[set[int]], n: int) -> list[tuple[str, ...]]:
    """Alias groups from sets of array positions that share memory: one group per set
    of two or more, named by its first member."""
    out: list[list[str]] = [[] for _ in range(n)]
    for s in overlaps:
        if len(s) > 1:
            name = f"mem{min(s)}"
            for i in sorted(s):
                out[i].append(name)
    return [tuple(g) for g in out]


def spec_arrays(spec: InputSpec) -> list[tuple[str, LaunchArray, str]]:
    """(name, launch view, buffer) of every array of `spec`, at the addresses the
    interpreter gives them (`eqsat.interp.inputs.bind` allocates in the same order)."""
    from eqsat.interp.memory import Memory
    mem = Memory()
    base: dict[str, int] = {}
    out = []
    for a in spec.arrays:
        strides = a.strides or contiguous_strides(a.shape)
        if a.same_as is None:
            ext = 1 + sum((d - 1) * abs(s) for d, s in zip(a.shape, strides)) \
                if all(d > 0 for d in a.shape) else 1
            base[a.name] = mem.allocate(a.name, a.dtype, np.zeros(max(ext, 1))).base
            addr, buf = base[a.name], a.name
        else:
            addr, buf = base[a.same_as] + a.offset * byte_size(a.dtype), a.same_as
        out.append((a.name, LaunchArray(_bits(a.dtype), tuple(a.shape), tuple(strides), addr),
                    buf))
    return out


def signature_from_spec(name: str, spec: InputSpec, param_names: Sequence[str],
                        constants: Mapping[str, Any] | None = None, *,
                        cconv: str = "t1",
                        index_dtypes: Mapping[str, str] | None = None) -> Signature:
    """The signature cuTile's launcher computes when `spec`'s arrays and scalars are
    passed to kernel `name`, whose parameters are `param_names`; parameters named in
    `constants` are compile-time constants (taken from the spec's top-level
    `"constants"` object when it has one). Arrays the spec makes share memory share an
    alias group."""
    consts = dict(constants or {})
    consts.update(spec.meta.get("constants", {}) or {})
    index_dtypes = dict(index_dtypes or {})
    views = {n: (la, buf) for n, la, buf in spec_arrays(spec)}
    by_buf: dict[str, set[int]] = {}
    params: list = []
    runtime = iter(spec.params)
    arrays_at: list[int] = []
    for pname in param_names:
        if pname in consts:
            params.append(ConstInfo(consts[pname]))
            continue
        p = next(runtime, None)
        if p is None:
            raise EqsatError(f"error: {spec.source}: no argument for parameter '{pname}' of "
                             f"'{name}' (the spec lists {len(spec.params)})")
        if isinstance(p, ListSpec):
            params.append(_list_info(spec, pname, p, views, index_dtypes.get(pname)))
            for item in p.items:
                by_buf.setdefault(views[item.name][1], set()).add(len(params) - 1)
            continue
        if isinstance(p, ScalarSpec):
            params.append(ScalarInfo(_symbol_dtype(p.dtype, f"scalar '{p.name}'")))
            continue
        assert isinstance(p, ArraySpec)
        la, buf = views[p.name]
        if pname in index_dtypes:
            la = LaunchArray(la.bits, la.shape, la.strides, la.address, index_dtypes[pname])
        by_buf.setdefault(buf, set()).add(len(params))
        arrays_at.append(len(params))
        params.append(launch_array_info(_symbol_dtype(p.dtype, f"array '{p.name}'"), la))
    rest = list(runtime)
    if rest:
        raise EqsatError(f"error: {spec.source}: {len(rest)} argument(s) left over "
                         f"('{rest[0].name}' first); '{name}' takes {len(param_names)}")
    return _with_groups(Signature(name, cconv, params), list(by_buf.values()))


def _list_info(spec: InputSpec, pname: str, p: ListSpec,
               views: Mapping[str, tuple[LaunchArray, str]], index_dtype: str | None
               ) -> ListInfo:
    """A list parameter's launch facts; its arrays may alias one another when two of them
    share a buffer (`same_as`)."""
    if not p.items:
        raise EqsatError(f"error: {spec.source}: parameter '{pname}': an empty list has no "
                         f"launch signature (its arrays' type and rank are unknown)")
    dtypes = {a.dtype for a in p.items}
    if len(dtypes) > 1:
        raise EqsatError(f"error: {spec.source}: parameter '{pname}': arrays of one list "
                         f"vary in element type ({', '.join(sorted(dtypes))})")
    arrays = []
    for a in p.items:
        la = views[a.name][0]
        if index_dtype:
            la = LaunchArray(la.bits, la.shape, la.strides, la.address, index_dtype)
        arrays.append(la)
    bufs = [views[a.name][1] for a in p.items]
    try:
        return list_launch_info(_symbol_dtype(p.items[0].dtype, f"list '{pname}'"), arrays,
                                elements_may_alias=len(set(bufs)) < len(bufs))
    except SignatureError as e:
        raise EqsatError(f"error: {spec.source}: parameter '{pname}': {e}") from None


def _with_groups(sig: Signature, overlaps: list[set[int]]) -> Signature:
    """Alias groups on the arrays, and on the arrays of lists, that share memory with
    another parameter (a list's table itself is the launcher's and overlaps nothing)."""
    from dataclasses import replace

    groups = _groups(overlaps, len(sig.params))
    out = []
    for i, p in enumerate(sig.params):
        if isinstance(p, ArrayInfo) and groups[i]:
            p = replace(p, alias_groups=groups[i])
        elif isinstance(p, ListInfo) and groups[i]:
            p = replace(p, element=replace(p.element, alias_groups=groups[i]))
        out.append(p)
    return Signature(sig.name, sig.cconv, out)


def signature_from_args(name: str, args: Sequence[Any], *, cconv: str = "t1") -> Signature:
    """The launcher's signature for numpy arrays, scalars and `Constant`s passed in
    order (numpy scalars keep their dtype; a Python int is int32, a float float32, as
    cuTile's launcher reads them). Arrays that may share memory share an alias group."""
    params: list = []
    arrays: list[tuple[int, np.ndarray]] = []
    for i, a in enumerate(args):
        if isinstance(a, Constant):
            params.append(ConstInfo(a.value))
        elif isinstance(a, list):
            params.append(_numpy_list_info(i, a))
            arrays.extend((len(params) - 1, x) for x in a)
        elif isinstance(a, np.ndarray):
            dt = _NUMPY.get(a.dtype.name)
            if dt is None:
                raise EqsatError(f"error: argument {i}: numpy dtype {a.dtype} has no cuTile dtype")
            item = a.dtype.itemsize
            if any(s % item for s in a.strides):
                raise EqsatError(f"error: argument {i}: a stride is not a whole number of "
                                 f"elements")
            la = LaunchArray(_bits(dt), tuple(a.shape), tuple(s // item for s in a.strides),
                             int(a.__array_interface__["data"][0]))
            arrays.append((len(params), a))
            params.append(launch_array_info(SYMBOL_DTYPE[dt], la))
        elif isinstance(a, np.generic):
            dt = _NUMPY.get(a.dtype.name)
            if dt is None:
                raise EqsatError(f"error: argument {i}: numpy dtype {a.dtype} has no cuTile dtype")
            params.append(ScalarInfo(SYMBOL_DTYPE[dt]))
        elif isinstance(a, bool):
            params.append(ScalarInfo("b8"))
        elif isinstance(a, int):
            params.append(ScalarInfo("i32"))
        elif isinstance(a, float):
            params.append(ScalarInfo("f32"))
        else:
            raise EqsatError(f"error: argument {i}: a {type(a).__name__} is not an array, a "
                             f"scalar or a Constant")
    overlaps: list[set[int]] = []
    for j, (pj, aj) in enumerate(arrays):
        for pk, ak in arrays[j + 1:]:
            if pj != pk and np.may_share_memory(aj, ak):
                hit = next((s for s in overlaps if pj in s or pk in s), None)
                if hit is None:
                    overlaps.append({pj, pk})
                else:
                    hit.update((pj, pk))
    return _with_groups(Signature(name, cconv, params), overlaps)


def _launch_view(i: int, a: np.ndarray) -> tuple[str, LaunchArray]:
    dt = _NUMPY.get(a.dtype.name)
    if dt is None:
        raise EqsatError(f"error: argument {i}: numpy dtype {a.dtype} has no cuTile dtype")
    item = a.dtype.itemsize
    if any(s % item for s in a.strides):
        raise EqsatError(f"error: argument {i}: a stride is not a whole number of elements")
    return dt, LaunchArray(_bits(dt), tuple(a.shape), tuple(s // item for s in a.strides),
                           int(a.__array_interface__["data"][0]))


def _numpy_list_info(i: int, items: list) -> ListInfo:
    """A Python list of numpy arrays as the launcher passes it (a table of arrays)."""
    if not items or not all(isinstance(x, np.ndarray) for x in items):
        raise EqsatError(f"error: argument {i}: a list passed to a kernel must hold numpy "
                         f"arrays (and at least one)")
    views = [_launch_view(i, x) for x in items]
    if len({dt for dt, _ in views}) > 1:
        raise EqsatError(f"error: argument {i}: arrays of one list vary in element type")
    may_alias = any(np.may_share_memory(x, y) for j, x in enumerate(items)
                    for y in items[j + 1:])
    try:
        return list_launch_info(SYMBOL_DTYPE[views[0][0]], [la for _, la in views],
                                elements_may_alias=may_alias)
    except SignatureError as e:
        raise EqsatError(f"error: argument {i}: {e}") from None


def kernel_signature(kernel: Any, spec: InputSpec) -> Any:
    """A cuTile `KernelSignature` for `kernel` launched on `spec` (needs the `cuda`
    extra). Constants come from the spec's `"constants"` object, else from the kernel
    module's `SIGNATURE` (the `ConstantConstraint` at the same position); a parameter
    annotated `ct.Constant` without either is an error naming it."""
    from eqsat.frontend import _cutile
    _, comp, _ = _cutile._cuda_tile()
    names = _cutile.param_names(kernel)
    consts = dict(spec.meta.get("constants", {}) or {})
    default = _cutile.default_signature(kernel)
    for i, n in enumerate(names):
        if n in consts:
            continue
        if default is not None and i < len(default.parameters) and \
                isinstance(default.parameters[i], comp.ConstantConstraint):
            consts[n] = default.parameters[i].value
        elif _cutile.is_constant_param(kernel, n):
            raise EqsatError(f"error: {spec.source}: parameter '{n}' is a ct.Constant; give "
                             f"its value in the spec's \"constants\" object")
    sig = signature_from_spec(_cutile.kernel_name(kernel), spec, names, consts,
                              cconv="t1", index_dtypes=_cutile.index_dtypes(kernel))
    symbol = encode_symbol(sig)
    demangled = _cutile.demangle(symbol)
    if demangled is None:
        raise EqsatError(f"error: cuTile does not read the signature eqsat derived: {symbol}")
    return demangled[1].with_symbol(symbol)


@dataclass
class LaunchSelector:
    """Per-launch specialization on the host, as cuTile's launcher does it: one entry per
    signature class, built on first use by `build(signature)` and picked from the actual
    arguments (numpy arrays and scalars, or an inputs spec) by the launcher's rule."""
    name: str
    build: Callable[[Signature], Any]
    param_names: Sequence[str] = ()
    constants: Mapping[str, Any] = field(default_factory=dict)
    entries: dict = field(default_factory=dict)

    @classmethod
    def for_cutile(cls, kernel: Any, build: Callable[[Any], Any]) -> LaunchSelector:
        """A selector for a `@ct.kernel` whose entries are `build(KernelSignature)`
        (for example `lambda ks: compile_cutile(kernel, ks, arch)` from
        `eqsat.lowering.cutile_workflow`). Constants of a spec come from its
        `"constants"` or the kernel module's `SIGNATURE` (needs the `cuda` extra)."""
        from eqsat.frontend import _cutile
        _, comp, _ = _cutile._cuda_tile()
        names = _cutile.param_names(kernel)
        default = _cutile.default_signature(kernel)
        consts = {n: default.parameters[i].value for i, n in enumerate(names)
                  if default is not None and i < len(default.parameters)
                  and isinstance(default.parameters[i], comp.ConstantConstraint)}
        def from_sig(sig: Signature) -> Any:
            symbol = encode_symbol(sig)
            got = _cutile.demangle(symbol)
            if got is None:
                raise EqsatError(f"error: cuTile does not read the signature {symbol}")
            return build(got[1].with_symbol(symbol))

        return cls(_cutile.kernel_name(kernel), from_sig, names, consts)

    def signature(self, args: Sequence[Any] | InputSpec) -> Signature:
        if isinstance(args, InputSpec):
            names = self.param_names or [f"p{i}" for i in range(len(args.params))]
            return signature_from_spec(self.name, args, names, self.constants)
        return signature_from_args(self.name, args)

    def select(self, args: Sequence[Any] | InputSpec) -> tuple[str, Any]:
        """(mangled symbol, entry) for these arguments; builds the entry the first time
        its class is seen."""
        sig = self.signature(args)
        key = (launch_class([p for p in sig.params if isinstance(p, ArrayInfo)]),
               tuple(repr(p) for p in sig.params if not isinstance(p, ArrayInfo)))
        if key not in self.entries:
            self.entries[key] = (encode_symbol(sig), self.build(sig))
        return self.entries[key]


__all__ = [
    "SYMBOL_DTYPE",
    "Constant",
    "LaunchSelector",
    "kernel_signature",
    "signature_from_args",
    "signature_from_spec",
    "spec_arrays",
]
