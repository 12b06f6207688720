"""Small IR helpers the step and CFG lowerings share: copying ops into a new scope
and the key that decides when two copied ops are the same computation (CSE)."""
from __future__ import annotations

from collections.abc import Callable, Hashable

from eqsat.errors import EqsatError
from eqsat.ir.core import Operation, Value, clone_region
from eqsat.ir.core import clone_op as _core_clone_op
from eqsat.ir.types import TokenType


class LoweringError(EqsatError):
    """A kernel the lowering cannot express; the message names the op."""


def is_token(v: Value) -> bool:
    return isinstance(v.type, TokenType)


def clone_op(op: Operation, operands: list[Value], *, drop_token: bool = False,
             lookup: Callable[[Value], Value] | None = None) -> Operation:
    """`eqsat.ir.core.clone_op`, optionally without the input token of a memory op (for
    targets whose order is the order of their steps); a region that reads a value the
    lowering cannot supply is a LoweringError."""
    try:
        new = _core_clone_op(op, operands, lookup=lookup)
    except ValueError as e:
        raise LoweringError(str(e)) from None
    if drop_token and op.token_in is not None:
        new.set_group("token", [])
    return new


def _freeze(x) -> Hashable:
    if isinstance(x, (list, tuple)):
        return tuple(_freeze(i) for i in x)
    if isinstance(x, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in x.items()))
    hash(x)
    return x


def cse_key(op: Operation) -> Hashable | None:
    """What makes two pure ops interchangeable: name, operands (by identity),
    attributes and result types. None for ops that must never be merged."""
    sp = op.spec
    if sp is None or sp.effect != "pure" or op.regions:
        return None
    try:
        attrs = _freeze(op.attrs)
    except TypeError:
        return None
    return (op.name, tuple(id(v) for v in op.operands), op.segments, attrs,
            tuple(r.type for r in op.results))


__all__ = ["LoweringError", "is_token", "clone_op", "clone_region", "cse_key"]
