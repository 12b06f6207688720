"""Everything eqsat knows about cuTile Python's internals, in one place (cuda-tile 1.7.0).

Two private names are used, both module globals of `cuda.tile._compile` that
`_transform_ir` looks up at call time:

- `token_order_pass` and `hoist_loop_invariants` are replaced by no-ops to export a
  kernel *in program order*: no token ordering, and no loop-invariant code motion (which
  treats loads as pure and would hoist a load above a store to the same place once
  tokens are gone). cuTile's other passes (constant materialization, div_by
  propagation, its mul+add fusion, loop splitting, DCE) keep their meaning without tokens
  and still run.
- `_transform_ir` is wrapped to time cuTile's passes.

The patches are installed while holding cuTile's own compiler lock and removed right
after, so other cuTile compilations in the process are unaffected. Everything else uses
the public `cuda.tile.compilation` API. The pipeline output leaves here as bytecode;
`eqsat.frontend` turns it into our IR.
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import io
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from eqsat.errors import EqsatError
from eqsat.toolchain import CudaExtraMissing, bytecode_versions, require_cuda_tile
from eqsat.frontend.facts import ArrayFacts, ConstantFacts, ListFacts, ParamFacts, ScalarFacts

_DTYPES = {
    "bool_": "i1",
    "int8": "i8",
    "int16": "i16",
    "int32": "i32",
    "int64": "i64",
    "uint8": "i8",
    "uint16": "i16",
    "uint32": "i32",
    "uint64": "i64",
    "float16": "f16",
    "bfloat16": "bf16",
    "float32": "f32",
    "tfloat32": "tf32",
    "float64": "f64",
    "float8_e4m3fn": "f8E4M3FN",
    "float8_e5m2": "f8E5M2",
    "float8_e8m0fnu": "f8E8M0FNU",
    "float8_e5m3fnu": "fnv8E5M3FNU",
    "float4_e2m1fn": "f4E2M1FN",
}


def _cuda_tile():

    require_cuda_tile()
    import cuda.tile as ct
    import cuda.tile._compile as compile_mod
    import cuda.tile.compilation as comp

    return ct, comp, compile_mod


@dataclass
class CutileExport:
    """Bytecode of one kernel plus the time cuTile spent (its IR passes, and in total)."""

    bytecode: bytes
    symbol: str
    passes_seconds: float
    total_seconds: float
    program_order: bool


def export(
    kernel: Any,
    signature: Any,
    *,
    program_order: bool,
    version: str = "13.4",
    arch: str | None = None,
) -> CutileExport:
    """Run cuTile's pipeline on `kernel` for `signature` and return the bytecode.

    program_order=True skips token ordering and loop-invariant code motion (our input);
    False is cuTile's normal pipeline (the reference we compare against)."""
    ct, comp, cm = _cuda_tile()
    if not isinstance(signature, comp.KernelSignature):
        raise EqsatError(
            f"error: expected a cuda.tile.compilation.KernelSignature, got "
            f"{type(signature).__name__}"
        )
    if not isinstance(kernel, ct.kernel):
        raise EqsatError(f"error: {kernel!r} is not a @ct.kernel function")
    name = kernel_name(kernel)
    sig = signature if signature.symbol else signature.with_mangled_symbol(name)
    timing = [0.0]
    orig_transform = cm._transform_ir

    def timed_transform(*a, **kw):
        t0 = time.perf_counter()
        try:
            return orig_transform(*a, **kw)
        finally:
            timing[0] += time.perf_counter() - t0

    saved = {
        k: getattr(cm, k)
        for k in (
            "token_order_pass",
            "hoist_loop_invariants",
            "_transform_ir",
            "CUDA_TILE_TESTING_DISABLE_TOKEN_ORDER",
        )
    }
    buf = io.BytesIO()
    with cm._compiler_lock:
        try:
            cm._transform_ir = timed_transform
            if program_order:
                cm.token_order_pass = lambda func_body, dataflow_result: None
                cm.hoist_loop_invariants = lambda func_body: None
            else:
                cm.CUDA_TILE_TESTING_DISABLE_TOKEN_ORDER = False
            t0 = time.perf_counter()
            comp.export_kernel(
                kernel,
                [sig],
                buf,
                gpu_code=arch,
                output_format="tileir_bytecode",
                bytecode_version=version,
            )
            total = time.perf_counter() - t0
        except EqsatError:
            raise
        except Exception as e:  # cuTile's own errors: type errors in the kernel, bad signature
            raise EqsatError(_compile_error(name, e)) from None
        finally:
            for k, v in saved.items():
                setattr(cm, k, v)
    return CutileExport(buf.getvalue(), sig.symbol, timing[0], total, program_order)


def _compile_error(name: str, e: Exception) -> str:
    """One line for a cuTile compile error: its source location (a TileError carries one)
    in front, as FILE:LINE:COL, rather than cuTile's multi-line excerpt."""
    loc = getattr(e, "loc", None)
    message = getattr(e, "message", None) or str(e)
    where = "error:"
    if loc is not None and getattr(loc, "filename", None) and getattr(loc, "line", 0):
        where = f"{loc.filename}:{loc.line}:{loc.col + 1}: error:"
    text = " ".join(str(message).split())
    return f"{where} cuTile could not compile '{name}': {type(e).__name__}: {text}"


def launch_bytecode_version() -> str:
    """The bytecode version cuTile writes at launch: the newest of its supported versions
    that the installed tileiras reads (cuTile probes tileiras the same way)."""
    _, _, cm = _cuda_tile()
    ours = [v.as_string() for v in getattr(cm, "_SUPPORTED_VERSIONS", [])]
    readable = set(bytecode_versions())
    usable = [v for v in ours if v in readable]
    if not usable:
        raise EqsatError(f"error: tileiras reads none of cuTile's bytecode versions "
                         f"({', '.join(ours) or 'none listed'})")
    return max(usable, key=lambda v: tuple(int(x) for x in v.split(".")))


# -- loading kernels and signatures ------------------------------------------------------------
_KERNEL_FOLDERS: set[Path] = set()        # folders load_module put on sys.path


def _use_folder(folder: Path) -> None:
    """Put a kernel's folder first on sys.path, and forget helper modules that a kernel
    from another such folder imported under a name this folder also has (two suites'
    `_sig.py`): the kernel must get its own."""
    for name, mod in list(sys.modules.items()):
        file = getattr(mod, "__file__", None)
        if "." in name or not file:
            continue
        home = Path(file).resolve().parent
        if home != folder and home in _KERNEL_FOLDERS and (folder / f"{name}.py").is_file():
            del sys.modules[name]
    if str(folder) in sys.path:
        sys.path.remove(str(folder))
    sys.path.insert(0, str(folder))
    _KERNEL_FOLDERS.add(folder)


def load_module(path: str | Path) -> ModuleType:
    """Import a kernel file by path, with its folder on sys.path (for helper imports)."""
    path = Path(path)
    if not path.is_file():
        raise EqsatError(f"error: no such file: {path}")
    _use_folder(path.resolve().parent)
    digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:12]
    modname = f"_eqsat_cutile_{path.stem}_{digest}"
    spec = importlib.util.spec_from_file_location(modname, path)
    if spec is None or spec.loader is None:
        raise EqsatError(f"error: cannot import {path}")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[modname] = mod
    try:
        spec.loader.exec_module(mod)
    except ModuleNotFoundError as e:
        sys.modules.pop(modname, None)
        if (e.name or "").split(".")[0] in ("cuda", "nvidia"):
            raise CudaExtraMissing(f"`{e.name}` (imported by {path})") from None
        raise EqsatError(f"error: importing {path} failed: {type(e).__name__}: {e}") from None
    except Exception as e:
        sys.modules.pop(modname, None)
        raise EqsatError(f"error: importing {path} failed: {type(e).__name__}: {e}") from None
    return mod


def get_kernel(module: ModuleType, name: str | None) -> Any:
    """`name` in the module (default: its KERNEL), checked to be a @ct.kernel."""
    ct, _, _ = _cuda_tile()
    attr = name or "KERNEL"
    k = getattr(module, attr, None)
    if k is None:
        kernels = [
            n for n, v in vars(module).items() if isinstance(v, ct.kernel) and not n.startswith("_")
        ]
        raise EqsatError(
            f"error: {module.__file__} has no kernel '{attr}'"
            + (f"; kernels there: {', '.join(sorted(set(kernels)))}" if kernels else "")
        )
    if not isinstance(k, ct.kernel):
        raise EqsatError(f"error: '{attr}' in {module.__file__} is not a @ct.kernel function")
    return k


def get_signature(module: ModuleType | None, spec: str | None) -> Any:
    """A KernelSignature from `spec`: a module attribute name, or a mangled cuTile symbol
    (`NAME_Kt1_A1f32_...`); default the module's SIGNATURE."""
    _, comp, _ = _cuda_tile()
    if spec is None:
        if module is None or not hasattr(module, "SIGNATURE"):
            raise EqsatError(
                "error: no signature: give --signature (a name defined in the "
                "module, or a mangled kernel symbol)"
            )
        spec = "SIGNATURE"
    if module is not None and hasattr(module, spec):
        s = getattr(module, spec)
        if isinstance(s, (list, tuple)) and len(s) == 1:
            s = s[0]
        if not isinstance(s, comp.KernelSignature):
            raise EqsatError(f"error: '{spec}' is a {type(s).__name__}, not a KernelSignature")
        return s
    if "_K" in spec:
        try:
            return comp.demangle_kernel_name(spec)[1]
        except Exception as e:
            raise EqsatError(f"error: cannot demangle signature '{spec}': {e}") from None
    raise EqsatError(
        f"error: signature '{spec}' is neither defined in the module nor a "
        f"mangled kernel symbol"
    )


def demangle(symbol: str) -> tuple[str, Any] | None:
    """(function name, KernelSignature) from a mangled entry symbol, or None if it is not one."""
    _, comp, _ = _cuda_tile()
    try:
        return comp.demangle_kernel_name(symbol)
    except Exception:
        return None


def kernel_name(kernel: Any) -> str:
    return kernel._annotated_function.pyfunc.__name__


def param_names(kernel: Any) -> list[str]:
    return list(inspect.signature(kernel._annotated_function.pyfunc).parameters)


def _leaf(kernel: Any, name: str) -> Any:
    """cuTile's annotation node of one parameter (None for tuples)."""
    names = param_names(kernel)
    nodes = kernel._annotated_function.parameter_annotations
    node = nodes[names.index(name)] if name in names else None
    return node if getattr(node, "KIND", "") == "leaf" else None


def is_constant_param(kernel: Any, name: str) -> bool:
    """The parameter is annotated `ct.Constant`."""
    node = _leaf(kernel, name)
    return bool(node is not None and node.constant)


def index_dtypes(kernel: Any) -> dict[str, str]:
    """Array parameters whose annotation asks for 64-bit indexing -> "i64" (the
    launcher indexes every other array with int32)."""
    out = {}
    for n in param_names(kernel):
        node = _leaf(kernel, n)
        ann = getattr(node, "array", None) if node is not None else None
        if ann is not None and getattr(getattr(ann, "index_dtype", None), "bitwidth", 32) == 64:
            out[n] = "i64"
    return out


def default_signature(kernel: Any) -> Any:
    """The `SIGNATURE` of the module the kernel is defined in, if it has one."""
    mod = sys.modules.get(kernel._annotated_function.pyfunc.__module__)
    s = getattr(mod, "SIGNATURE", None)
    if isinstance(s, (list, tuple)) and len(s) == 1:
        s = s[0]
    _, comp, _ = _cuda_tile()
    return s if isinstance(s, comp.KernelSignature) else None


def _dtype(d: Any) -> str:
    name = getattr(d, "name", str(d))
    if name not in _DTYPES:
        raise EqsatError(f"error: cuTile dtype '{name}' has no Tile IR element type here")
    return _DTYPES[name]


def signature_facts(signature: Any, names: list[str] | None = None) -> list[ParamFacts]:
    """The signature's parameters as neutral facts (no cuda.tile types leave this module)."""
    out: list[ParamFacts] = []
    for i, p in enumerate(signature.parameters):
        name = names[i] if names and i < len(names) else f"p{i}"
        out.extend(_param_facts(p, name))
    return out


def _array_facts(p: Any, name: str) -> ArrayFacts:
    return ArrayFacts(
        name=name,
        dtype=_dtype(p.dtype),
        ndim=p.ndim,
        index_dtype=_dtype(p.index_dtype),
        alias=tuple(p.alias_groups),
        may_alias_internally=bool(p.may_alias_internally),
        base_div_by=int(p.base_addr_divisible_by),
        shape_div_by=tuple(int(x) for x in p.shape_divisible_by),
        stride_div_by=tuple(int(x) for x in p.stride_divisible_by),
        stride_constant=tuple(p.stride_constant),
        shape_constant=tuple(p.shape_constant),
        stride_lower_bound=tuple(p.stride_lower_bound_incl),
    )


def _param_facts(p: Any, name: str) -> list[ParamFacts]:
    """One parameter's facts; a tuple flattens to its items in order (`name_0`, ...), as
    cuTile's calling convention lays them out in the entry function."""
    _, comp, _ = _cuda_tile()
    if isinstance(p, comp.ArrayConstraint):
        return [_array_facts(p, name)]
    if isinstance(p, comp.ScalarConstraint):
        return [ScalarFacts(name=name, dtype=_dtype(p.dtype))]
    if isinstance(p, comp.ConstantConstraint):
        return [ConstantFacts(name=name, value=p.value)]
    if isinstance(p, comp.ListConstraint):
        if not isinstance(p.element, comp.ArrayConstraint):
            raise EqsatError(f"error: parameter '{name}': a list of "
                             f"{type(p.element).__name__} (cuTile lists hold arrays)")
        return [ListFacts(name=name, element=_array_facts(p.element, f"{name}[i]"),
                          alias=tuple(p.alias_groups),
                          elements_may_alias=bool(p.elements_may_alias))]
    if isinstance(p, comp.TupleConstraint):
        return [f for j, item in enumerate(p.items) for f in _param_facts(item, f"{name}_{j}")]
    raise EqsatError(
        f"error: parameter '{name}': {type(p).__name__} parameters are not "
        f"supported by the eqsat front end (arrays, lists and tuples of them, scalars and "
        f"constants are)"
    )


def signature_text(signature: Any) -> str:
    """Short rendering for reports: (f32[1d]{alias:xy}, f32, const=1024)."""
    parts = []
    for f in signature_facts(signature):
        parts.append(f.describe())
    return "(" + ", ".join(parts) + ")"


__all__ = [
    "CutileExport",
    "default_signature",
    "demangle",
    "export",
    "get_kernel",
    "get_signature",
    "index_dtypes",
    "is_constant_param",
    "kernel_name",
    "launch_bytecode_version",
    "load_module",
    "param_names",
    "signature_facts",
    "signature_text",
    "source_digest",
]


# -- what a kernel's build depends on, for a compile cache ---------------------------------------
def source_digest(kernel: Any) -> str:
    """A digest of everything in Python that decides the kernel's code: its source, the
    sources of the plain Python functions it reaches through its globals (helpers called
    from tile code), the scalar module constants it reads, and its compiler hints. A
    helper reached only through an attribute of another module (`mod.helper`) is not
    followed; editing one such helper needs `eqsat cache clear`."""
    fn = kernel._annotated_function.pyfunc
    h = hashlib.sha256()
    seen: set[int] = set()
    todo = [fn]
    while todo:
        f = todo.pop()
        if id(f) in seen:
            continue
        seen.add(id(f))
        code = getattr(f, "__code__", None)
        if code is None:
            continue
        try:
            src = inspect.getsource(f)
        except (OSError, TypeError):
            src = repr(code.co_code) + repr(code.co_consts)
        h.update(f"{f.__module__}.{f.__qualname__}\0{src}\0".encode())
        glb = getattr(f, "__globals__", {})
        for name in sorted(_code_names(code)):
            v = glb.get(name)
            if isinstance(v, (bool, int, float, str)):
                h.update(f"{name}={v!r}\0".encode())
            else:
                inner = getattr(v, "_annotated_function", None)
                g = getattr(inner, "pyfunc", None) if inner is not None and \
                    not inspect.ismodule(v) else v
                g = inspect.unwrap(g) if inspect.isfunction(g) else None
                if inspect.isfunction(g) and not g.__module__.startswith("cuda.tile"):
                    todo.append(g)
    h.update(repr(getattr(kernel, "_compiler_options", None)).encode())
    return h.hexdigest()


def _code_names(code: Any) -> set[str]:
    names = set(code.co_names)
    for c in code.co_consts:
        if hasattr(c, "co_names"):
            names |= _code_names(c)
    return names
