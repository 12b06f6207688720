"""Signature facts as entry-parameter attributes.

cuTile's calling convention passes an N-d array as its base pointer, then N sizes, then
N strides (0-d tiles); a scalar as one 0-d tile; a constant not at all. The facts of an
array go on its pointer parameter, where the optimizer meets the memory it names:

    %x: tile<ptr<f32>> {alias = ["xy"], may_alias_internally = false, div_by = 16,
                        shape_div_by = [1], stride_div_by = [1], contiguous = true}

- `alias`: the array's alias groups. Two arrays may overlap only if they share a group;
  `[]` means it overlaps no other parameter. A parameter without the key promises nothing.
- `may_alias_internally`: two distinct in-bounds indices may reach the same address.
- `div_by`: the base address is a multiple of this many bytes.
- `shape_div_by`, `stride_div_by`: per dimension, the size / stride is a multiple of this
  many elements (1 = nothing known).
- `contiguous`: the innermost stride is the constant 1.

Pure Python: the cuTile side (`_cutile.py`) fills these dataclasses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eqsat.errors import EqsatError
from eqsat.ir.core import Kernel
from eqsat.ir.types import PointerType, TileType
from eqsat.analysis.signature import ArrayInfo, ScalarInfo, SignatureError, decode_symbol

FACT_KEYS = (
    "alias",
    "may_alias_internally",
    "div_by",
    "shape_div_by",
    "stride_div_by",
    "contiguous",
)


@dataclass(frozen=True)
class ArrayFacts:
    name: str
    dtype: str
    ndim: int
    index_dtype: str = "i32"
    alias: tuple[str, ...] = ()
    may_alias_internally: bool = False
    base_div_by: int = 1
    shape_div_by: tuple[int, ...] = ()
    stride_div_by: tuple[int, ...] = ()
    stride_constant: tuple[int | None, ...] = ()
    shape_constant: tuple[int | None, ...] = ()
    stride_lower_bound: tuple[int | None, ...] = ()

    @property
    def flat_params(self) -> int:
        return 1 + 2 * self.ndim

    @property
    def contiguous(self) -> bool:
        return bool(self.stride_constant) and self.stride_constant[-1] == 1

    def attrs(self) -> dict[str, Any]:
        return {
            "alias": tuple(self.alias),
            "may_alias_internally": self.may_alias_internally,
            "div_by": self.base_div_by,
            "shape_div_by": tuple(self.shape_div_by or (1,) * self.ndim),
            "stride_div_by": tuple(self.stride_div_by or (1,) * self.ndim),
            "contiguous": self.contiguous,
        }

    def describe(self) -> str:
        s = f"{self.dtype}[{self.ndim}d]"
        return s + ("{alias:" + ",".join(self.alias) + "}" if self.alias else "")


@dataclass(frozen=True)
class ScalarFacts:
    name: str
    dtype: str
    flat_params = 1

    def describe(self) -> str:
        return self.dtype


@dataclass(frozen=True)
class ConstantFacts:
    name: str
    value: Any
    flat_params = 0

    def describe(self) -> str:
        return f"const={self.value}"


@dataclass(frozen=True)
class ListFacts:
    """A list of arrays. cuTile passes it as two entry parameters: a pointer to a table
    of i64 rows, one per array (base address, then its sizes, then its strides), and the
    list's length. The list's alias groups are those of the table's storage; the arrays'
    own facts (`element`) are asserted by cuTile inside the kernel body, where it reads
    them out of the table."""
    name: str
    element: ArrayFacts
    alias: tuple[str, ...] = ()
    elements_may_alias: bool = False
    flat_params = 2

    def attrs(self) -> dict[str, Any]:
        return {"alias": tuple(self.alias)}

    def describe(self) -> str:
        s = f"list[{self.element.describe()}]"
        return s + ("{alias:" + ",".join(self.alias) + "}" if self.alias else "")


ParamFacts = ArrayFacts | ScalarFacts | ConstantFacts | ListFacts

# dtype codes of a mangled symbol -> Tile IR element types (unsigned share the signless type)
_SYMBOL_DTYPES = {
    "b8": "i1", "u8": "i8", "u16": "i16", "u32": "i32", "u64": "i64", "i8": "i8",
    "i16": "i16", "i32": "i32", "i64": "i64", "f16": "f16", "f32": "f32", "f64": "f64",
    "bf16": "bf16", "tf32": "tf32", "f8m3fn": "f8E4M3FN", "f8m2": "f8E5M2",
    "f8m0fnu": "f8E8M0FNU",
}


def facts_from_symbol(symbol: str) -> list[ParamFacts] | None:
    """The signature facts a cuTile mangled entry symbol states, read by our own decoder
    (`eqsat.analysis.signature`), so a `.mlir` file from cuTile keeps its facts without the `cuda`
    extra; None when the name is not a cuTile symbol."""

    try:
        sig = decode_symbol(symbol)
    except SignatureError:
        return None
    out: list[ParamFacts] = []
    for i, p in enumerate(sig.params):
        name = f"p{i}"
        if isinstance(p, ArrayInfo):
            out.append(ArrayFacts(
                name=name, dtype=_SYMBOL_DTYPES[p.dtype], ndim=p.ndim,
                index_dtype=_SYMBOL_DTYPES[p.index_dtype], alias=p.alias_groups,
                may_alias_internally=p.may_alias_internally, base_div_by=p.base_divisible_by,
                shape_div_by=p.shape_divisible_by, stride_div_by=p.stride_divisible_by,
                stride_constant=p.stride_constant, shape_constant=p.shape_constant,
                stride_lower_bound=p.stride_lower_bound))
        elif isinstance(p, ScalarInfo):
            out.append(ScalarFacts(name=name, dtype=_SYMBOL_DTYPES[p.dtype]))
        else:
            out.append(ConstantFacts(name=name, value=p.value))
    return out


def apply_facts(kernel: Kernel, facts: list[ParamFacts], rename: bool = True) -> Kernel:
    """Put each array's facts on its pointer parameter (in place) and, with `rename`, give
    parameters their Python names (`x`, `x_shape0`, `x_stride0`, `alpha`) as print hints."""
    want = sum(f.flat_params for f in facts)
    if want != len(kernel.params):
        raise EqsatError(
            f"error: @{kernel.name} has {len(kernel.params)} parameters but its "
            f"signature flattens to {want}"
        )
    i = 0
    for f in facts:
        if isinstance(f, ArrayFacts):
            p = kernel.params[i]
            t = p.type
            if not (isinstance(t, TileType) and isinstance(t.elem, PointerType)):
                raise EqsatError(
                    f"error: parameter {i} of @{kernel.name} should be the pointer "
                    f"of array '{f.name}', but has type {t}"
                )
            p.attrs.update(f.attrs())
            if rename:
                p.value.name = f.name
                for d in range(f.ndim):
                    kernel.params[i + 1 + d].value.name = f"{f.name}_shape{d}"
                    kernel.params[i + 1 + f.ndim + d].value.name = f"{f.name}_stride{d}"
        elif isinstance(f, ListFacts):
            p = kernel.params[i]
            t = p.type
            if not (isinstance(t, TileType) and t.elem == PointerType("i64")):
                raise EqsatError(
                    f"error: parameter {i} of @{kernel.name} should be the table pointer "
                    f"of list '{f.name}' (tile<ptr<i64>>), but has type {t}"
                )
            p.attrs.update(f.attrs())
            if rename:
                p.value.name = f.name
                kernel.params[i + 1].value.name = f"{f.name}_len"
        elif isinstance(f, ScalarFacts) and rename:
            kernel.params[i].value.name = f.name
        i += f.flat_params
    return kernel


def alias_groups(attrs: dict[str, Any]) -> tuple[str, ...] | None:
    """The alias groups a parameter's attributes state, or None when they state nothing."""
    a = attrs.get("alias")
    if a is None:
        return None
    return (a,) if isinstance(a, str) else tuple(a)


__all__ = [
    "FACT_KEYS",
    "ArrayFacts",
    "ConstantFacts",
    "ListFacts",
    "ParamFacts",
    "ScalarFacts",
    "alias_groups",
    "apply_facts",
]
