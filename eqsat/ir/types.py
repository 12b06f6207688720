"""Tile IR types: element types, tiles, pointers, tokens and views.

Types are frozen dataclasses so they compare and hash by value; `str(t)` is the
canonical text `tileirdisasm` prints.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from typing import TypeGuard

    from typing_extensions import TypeIs

INT_WIDTHS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64}
FLOAT_WIDTHS = {"f16": 16, "bf16": 16, "f32": 32, "tf32": 32, "f64": 64,
                "f8E4M3FN": 8, "f8E5M2": 8, "f8E8M0FNU": 8, "fnv8E5M3FNU": 8, "f4E2M1FN": 4}
# floats narrower than f16: computed in float32, stored as raw bits (eqsat.ir.minifloat)
NARROW_FLOATS = ("f8E4M3FN", "f8E5M2", "f8E8M0FNU", "fnv8E5M3FNU", "f4E2M1FN")
SCALAR_NAMES = tuple(INT_WIDTHS) + tuple(FLOAT_WIDTHS)
# the floats Tile IR computes in: tf32 and the 8- and 4-bit floats are for conversions,
# memory and mma only (tileiras: "operand #0 must be tile of f16 or bf16 or f32 or f64")
ARITH_FLOATS = ("f16", "bf16", "f32", "f64")

# numpy dtype a value of each element type is computed in (bf16, tf32 and the fp8/fp4
# values are kept in float32 but always rounded to their own precision).
_NP = {"i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
       "f16": np.float16, "bf16": np.float32, "tf32": np.float32, "f32": np.float32,
       "f64": np.float64, **{n: np.float32 for n in NARROW_FLOATS}}


@dataclass(frozen=True)
class PointerType:
    """Element type `ptr<T>`: an address of a T in global memory."""
    pointee: str

    def __str__(self) -> str:
        return f"ptr<{self.pointee}>"

    @property
    def bits(self) -> int:
        return 64


ElementType = str | PointerType


def is_int(e: ElementType) -> TypeGuard[str]:
    return isinstance(e, str) and e in INT_WIDTHS


def is_float(e: ElementType) -> TypeGuard[str]:
    return isinstance(e, str) and e in FLOAT_WIDTHS


def is_ptr(e: ElementType) -> TypeIs[PointerType]:
    return isinstance(e, PointerType)


def bit_width(e: ElementType) -> int:
    if isinstance(e, PointerType):
        return 64
    return INT_WIDTHS.get(e) or FLOAT_WIDTHS[e]


def byte_size(e: ElementType) -> int:
    """Size in memory (i1 takes a byte, tf32 four)."""
    return max(1, bit_width(e) // 8)


def numpy_dtype(e: ElementType) -> np.dtype:
    if isinstance(e, PointerType):
        return np.dtype(np.int64)
    return np.dtype(_NP[e])


@dataclass(frozen=True)
class TileType:
    """`tile<SHAPExELEM>`; shape () is a scalar written `tile<f32>`."""
    shape: tuple[int, ...]
    elem: ElementType

    def __str__(self) -> str:
        dims = "".join(f"{d}x" for d in self.shape)
        return f"tile<{dims}{self.elem}>"

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def numel(self) -> int:
        return math.prod(self.shape)          # (numpy's prod costs 20x on a short tuple)

    def with_shape(self, shape: tuple[int, ...]) -> TileType:
        return TileType(tuple(shape), self.elem)

    def with_elem(self, elem: ElementType) -> TileType:
        return TileType(self.shape, elem)


@dataclass(frozen=True)
class TokenType:
    """A memory token: stands for a set of completed memory operations."""

    def __str__(self) -> str:
        return "token"


def _dims(ds: tuple[int | None, ...]) -> str:
    return "x".join("?" if d is None else str(d) for d in ds)


@dataclass(frozen=True)
class TensorViewType:
    """`tensor_view<?x?xf32, strides=[?,1]>`; None marks a dynamic size or stride."""
    shape: tuple[int | None, ...]
    elem: str
    strides: tuple[int | None, ...]

    def __str__(self) -> str:
        dims = "".join(f"{'?' if d is None else d}x" for d in self.shape)
        st = ",".join("?" if s is None else str(s) for s in self.strides)
        return f"tensor_view<{dims}{self.elem}, strides=[{st}]>"

    @property
    def rank(self) -> int:
        return len(self.shape)


@dataclass(frozen=True)
class PartitionViewType:
    """A tensor view cut into tiles of `tile` shape; `padding` fills out-of-bounds loads."""
    tile: tuple[int, ...]
    view: TensorViewType
    padding: str | None = None
    dim_map: tuple[int, ...] | None = None

    def __str__(self) -> str:
        parts = [f"tile=({_dims(self.tile)})"]
        if self.padding is not None:
            parts.append(f"padding_value = {self.padding}")
        parts.append(str(self.view))
        if self.dim_map is not None:
            parts.append("dim_map=[" + ", ".join(map(str, self.dim_map)) + "]")
        return "partition_view<" + ", ".join(parts) + ">"

    @property
    def rank(self) -> int:
        return len(self.tile)

    def mapping(self) -> tuple[int, ...]:
        """Tile dimension i walks tensor dimension mapping()[i]."""
        return self.dim_map if self.dim_map is not None else tuple(range(len(self.tile)))


@dataclass(frozen=True)
class StridedViewType:
    """A tensor view walked in tiles of `tile` shape whose origins are
    `traversal_strides` elements apart (tiles may overlap or leave gaps)."""
    tile: tuple[int, ...]
    traversal_strides: tuple[int, ...]
    view: TensorViewType

    def __str__(self) -> str:
        st = ",".join(map(str, self.traversal_strides))
        return f"strided_view<tile=({_dims(self.tile)}), traversal_strides=[{st}], {self.view}>"

    @property
    def rank(self) -> int:
        return len(self.tile)

    @property
    def padding(self):
        return None

    def mapping(self) -> tuple[int, ...]:
        return tuple(range(len(self.tile)))


Type = TileType | TokenType | TensorViewType | PartitionViewType | StridedViewType

TOKEN = TokenType()


def tile(shape, elem: ElementType) -> TileType:
    """Shorthand: `tile((128,), "f32")`, `tile((), ptr("f32"))`."""
    return TileType(tuple(int(d) for d in shape), elem)


def ptr(pointee: str) -> PointerType:
    return PointerType(pointee)


def scalar(elem: ElementType) -> TileType:
    return TileType((), elem)


def is_token(t: Type) -> bool:
    return isinstance(t, TokenType)
