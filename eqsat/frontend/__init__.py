"""cuTile Python front end: a `@ct.kernel` plus a `KernelSignature` become our IR.

The kernel goes through cuTile's own pipeline with token ordering and loop-invariant
code motion switched off (see `_cutile.py`), so memory ops stand in exact program order
and carry no tokens: the input our optimizer expects. The bytecode cuTile writes is
disassembled with `tileirdisasm` and parsed by `eqsat.text`; the signature's facts
become entry-parameter attributes (`facts.py`). Parameters may be arrays, scalars,
constants, tuples of them and lists of arrays, laid out as cuTile's calling convention
lays them out. Needs the `cuda` extra.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eqsat.errors import EqsatError
from eqsat.ir.core import Kernel
from eqsat.text import parse
from eqsat.frontend.facts import (FACT_KEYS, ArrayFacts, ConstantFacts, ParamFacts, ScalarFacts,
                                  alias_groups, apply_facts, facts_from_symbol)
from eqsat.frontend.launch import (Constant, LaunchSelector, kernel_signature, signature_from_args,
                                   signature_from_spec)

DEFAULT_BYTECODE_VERSION = "13.4"  # cuTile 1.7's own default


@dataclass
class FrontendResult:
    """Our IR of a cuTile kernel, with where it came from and what it cost."""

    kernel: Kernel
    symbol: str
    facts: list[ParamFacts] = field(default_factory=list)
    cutile_seconds: float = 0.0  # cuTile's passes (program-order variant)
    seconds: float = 0.0  # the whole front end, disassembly and parsing included


def from_cutile(
    kernel: Any,
    signature: Any,
    *,
    bytecode_version: str = DEFAULT_BYTECODE_VERSION,
    rename_params: bool = True,
) -> FrontendResult:
    """Our IR for `kernel` specialized to `signature`, in program order, token-free."""
    from eqsat.toolchain import disassemble_bytecode

    from eqsat.frontend import _cutile

    t0 = time.perf_counter()
    exp = _cutile.export(kernel, signature, program_order=True, version=bytecode_version)
    text = disassemble_bytecode(exp.bytecode, what=f"cuTile output for {exp.symbol}")
    k = parse(text, f"<cuTile {exp.symbol}>")
    bad = [op.name for op in k.walk() if op.spec.is_token_source or op.spec.is_join]
    if bad:
        raise EqsatError(
            f"error: cuTile still ordered memory with tokens ({bad[0]}); the "
            f"installed cuda-tile does not match the one eqsat was tested with"
        )
    facts = _cutile.signature_facts(signature, _cutile.param_names(kernel))
    apply_facts(k, facts, rename=rename_params)
    return FrontendResult(k, exp.symbol, facts, exp.passes_seconds, time.perf_counter() - t0)


def load_cutile(target: str, signature: str | None = None) -> tuple[Any, Any, Path]:
    """`FILE.py:KERNEL` (KERNEL defaults to the module's KERNEL) -> (kernel, signature, path).
    `signature` names a KernelSignature in the module or is a mangled kernel symbol."""
    from eqsat.toolchain import require_cuda_tile

    from eqsat.frontend import _cutile

    path, _, name = target.partition(":")
    if not path.endswith(".py"):
        raise EqsatError(f"error: expected FILE.py[:KERNEL], got '{target}'")
    require_cuda_tile()
    mod = _cutile.load_module(path)
    k = _cutile.get_kernel(mod, name or None)
    return k, _cutile.get_signature(mod, signature), Path(path)


def cutile_bytecode(kernel: Any, signature: Any, *, program_order: bool = False,
                    bytecode_version: str = DEFAULT_BYTECODE_VERSION):
    """cuTile's own bytecode for the kernel (`program_order=False`: its normal pipeline, the
    reference we compare with) plus the time its passes took; see `_cutile.CutileExport`."""
    from eqsat.frontend import _cutile

    return _cutile.export(kernel, signature, program_order=program_order, version=bytecode_version)


def describe(kernel: Any, signature: Any) -> str:
    """`axpy (f32[1d]{alias:xy}, f32[1d]{alias:xy}, f32, const=1024)`: one line for reports."""
    from eqsat.frontend import _cutile

    return f"{_cutile.kernel_name(kernel)} {_cutile.signature_text(signature)}"


def annotate_from_symbol(kernel: Kernel) -> bool:
    """Attach signature facts recovered from a mangled entry name (any cuTile-produced .mlir
    file); False when the name is not a cuTile symbol. Alias groups come back renamed
    (`group0`, ...), which keeps their meaning. Needs no `cuda` extra: the symbol is read
    by `eqsat.analysis.signature`; codes it does not read (lists and tuples of arrays) are left to
    cuda-tile's own demangler when that is installed."""
    facts = facts_from_symbol(kernel.name)
    if facts is None:
        facts = _facts_from_cutile(kernel.name)
    if facts is None:
        return False
    apply_facts(kernel, facts, rename=False)
    return True


def _facts_from_cutile(symbol: str) -> list[ParamFacts] | None:
    from eqsat.toolchain import missing_reason

    if missing_reason() is not None:
        return None
    from eqsat.frontend import _cutile

    d = _cutile.demangle(symbol)
    return None if d is None else _cutile.signature_facts(d[1])


def kernel_name(kernel: Any) -> str:
    """The name cuTile gives a `@ct.kernel` (what its mangled symbols start with)."""
    from eqsat.frontend import _cutile
    return _cutile.kernel_name(kernel)


def source_digest(kernel: Any) -> str:
    """A digest of the kernel's Python source: what a compile cache keys a build by."""
    from eqsat.frontend import _cutile
    return _cutile.source_digest(kernel)


def load_kernel_object(path: str, name: str | None = None) -> Any:
    """The `@ct.kernel` named `name` (or the file's only one) of the Python file `path`."""
    from eqsat.frontend import _cutile
    return _cutile.get_kernel(_cutile.load_module(path), name)


__all__ = [
    "DEFAULT_BYTECODE_VERSION",
    "FACT_KEYS",
    "ArrayFacts",
    "Constant",
    "ConstantFacts",
    "FrontendResult",
    "kernel_name",
    "load_kernel_object",
    "source_digest",
    "LaunchSelector",
    "ParamFacts",
    "ScalarFacts",
    "alias_groups",
    "annotate_from_symbol",
    "apply_facts",
    "cutile_bytecode",
    "describe",
    "from_cutile",
    "kernel_signature",
    "load_cutile",
    "signature_from_args",
    "signature_from_spec",
]
