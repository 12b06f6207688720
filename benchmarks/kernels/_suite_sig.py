"""Signature helpers for the benchmark suite: the corpus conventions (int32 indexing, last
stride the constant 1, 16-byte aligned bases) with optional alias groups and array lists.
Named with a leading underscore so the regenerate script does not take it for a kernel,
and uniquely so it never shadows another folder's helper in one process."""
import cuda.tile as ct
from cuda.tile.compilation import (
    ArrayConstraint,
    CallingConvention,
    ConstantConstraint,
    KernelSignature,
    ListConstraint,
    ScalarConstraint,
)


def array(dtype, ndim, alias=()):
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=tuple(alias), may_alias_internally=False,
                           stride_constant=[None] * (ndim - 1) + [1], base_addr_divisible_by=16)


def array_list(dtype, ndim):
    return ListConstraint(array(dtype, ndim), alias_groups=(), elements_may_alias=False)


def scalar(dtype):
    return ScalarConstraint(dtype)


def const(value):
    return ConstantConstraint(value)


def signature(*params):
    return KernelSignature(list(params), calling_convention=CallingConvention.cutile_python_v1())
