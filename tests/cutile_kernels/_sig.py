"""Signature helpers for these kernels (the corpus conventions: int32 indexing, last stride
the constant 1, 16-byte aligned bases, no aliasing)."""
import cuda.tile as ct
from cuda.tile.compilation import (ArrayConstraint, CallingConvention, ConstantConstraint,
                                   KernelSignature, ListConstraint, ScalarConstraint,
                                   TupleConstraint)


def array(dtype, ndim):
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False,
                           stride_constant=[None] * (ndim - 1) + [1], base_addr_divisible_by=16)


def array_list(dtype, ndim):
    return ListConstraint(array(dtype, ndim), alias_groups=(), elements_may_alias=False)


def array_tuple(*items):
    return TupleConstraint(list(items))


def scalar(dtype):
    return ScalarConstraint(dtype)


def const(value):
    return ConstantConstraint(value)


def signature(*params, version=1):
    cc = CallingConvention.cutile_python_v2() if version == 2 else \
        CallingConvention.cutile_python_v1()
    return KernelSignature(list(params), calling_convention=cc)
