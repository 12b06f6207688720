"""Signature helpers for the sample kernels (same conventions as the shared corpus):
int32 indexing, strides >= 0, last stride constant 1, base address divisible by 16,
no internal aliasing, no aliasing between parameters unless `alias` names a group."""
import cuda.tile as ct
from cuda.tile.compilation import (ArrayConstraint, ScalarConstraint, ConstantConstraint,
                                   KernelSignature, CallingConvention)


def array(dtype, ndim, alias=()):
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=tuple(alias), may_alias_internally=False,
                           stride_constant=[None] * (ndim - 1) + [1], base_addr_divisible_by=16)


def scalar(dtype):
    return ScalarConstraint(dtype)


def const(value):
    return ConstantConstraint(value)


def signature(*params):
    return KernelSignature(list(params), calling_convention=CallingConvention.cutile_python_v1())
