"""The IR: Tile IR types, ops, regions and kernels, plus a typed builder."""
from eqsat.ir.builder import KernelBuilder
from eqsat.ir.attrs import Bounded, DenseConst, DivBy, SameElements
from eqsat.ir.core import (Kernel, Operation, Param, Region, Value, first_difference,
                           structurally_equal)
from eqsat.ir.ops import MEMORY_OPS, SPECS, OpSpec
from eqsat.ir.printer import print_kernel
from eqsat.ir.types import (TOKEN, PartitionViewType, PointerType, StridedViewType, TensorViewType,
                            TileType, TokenType, Type, ptr, scalar, tile)

# a kernel's str() is its text; the printer depends on the core, not the other way round
Kernel.__str__ = print_kernel         # type: ignore[assignment,method-assign]

__all__ = [
    "KernelBuilder",
    "Bounded", "DenseConst", "DivBy", "SameElements", "Kernel", "Operation", "Param", "Region",
    "Value", "first_difference", "structurally_equal", "MEMORY_OPS", "SPECS", "OpSpec", "TOKEN",
    "PartitionViewType", "StridedViewType", "PointerType", "TensorViewType", "TileType",
    "TokenType", "Type", "ptr", "scalar", "tile",
]
