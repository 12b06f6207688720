"""Small IR helpers the step and CFG lowerings share: copying ops into a new scope
and the key that decides when two copied ops are the same computation (CSE)."""
from __future__ import annotations

from typing import Callable, Hashable

from eqsat.errors import EqsatError
from eqsat.ir.core import Operation, Region, Value
from eqsat.ir.types import TokenType


class LoweringError(EqsatError):
    """A kernel the lowering cannot express; the message names the op."""


def is_token(v: Value) -> bool:
    return isinstance(v.type, TokenType)


def clone_region(region: Region, lookup: Callable[[Value], Value]) -> Region:
    """A deep copy of `region`; values from outside it are translated by `lookup`."""
    inner: dict[int, Value] = {}
    new = Region([a.type for a in region.args])
    for old, arg in zip(region.args, new.args):
        arg.name = old.name
        inner[id(old)] = arg

    def find(v: Value) -> Value:
        got = inner.get(id(v))
        return got if got is not None else lookup(v)

    for op in region.ops:
        c = clone_op(op, [find(v) for v in op.operands], lookup=find)
        for o, n in zip(op.results, c.results):
            inner[id(o)] = n
        new.append(c)
    return new


def clone_op(op: Operation, operands: list[Value], *, drop_token: bool = False,
             lookup: Callable[[Value], Value] | None = None) -> Operation:
    """A copy of `op` over `operands` (same operand layout as `op`).

    Regions (reduce/scan combiners) are copied too; `lookup` translates any outer
    value they read. `drop_token` removes the input token of a memory op, for
    targets whose order is the order of their steps.
    """
    def missing(v: Value) -> Value:
        raise LoweringError(f"'{op.name}': its region reads %{v.name}, defined outside it")

    regions = [clone_region(r, lookup or missing) for r in op.regions]
    new = Operation(op.name, operands, [r.type for r in op.results], dict(op.attrs), regions,
                    segments=op.segments, result_names=[r.name for r in op.results],
                    loc=op.loc)
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
