"""A typed builder for kernels, so tests, front ends and rewrites need not go through text.

Result types are inferred wherever the operands fix them; every op is checked by the
verifier's op-local rules as it is made, and every operand must be in scope at the
call, so a mistake raises `BuildError` at the line that made it rather than at
`finish()`. Regions are Python `with` blocks:

    b = KernelBuilder("axpy")
    x = b.param(tile((), ptr("f32")), "x", alias="xy", div_by=16)
    ...
    with b.for_(lb, ub, step, inits=[acc]) as loop:
        s = b.addf(loop.args[0], t)
        loop.continue_(s)
    total = loop.results[0]
    with b.if_(cond, results=[scalar("f32")]) as br:
        with br.then:
            br.yield_(a)
        with br.else_:
            br.yield_(c)
    k = b.finish()
"""
from __future__ import annotations

from typing import Any, TypeVar
from collections.abc import Iterable, Sequence

import numpy as np

from eqsat.errors import BuildError, VerifyError
from eqsat.ir.attrs import Bounded, DenseConst, DivBy, SameElements
from eqsat.ir.core import Kernel, Operation, Param, Region, Value
from eqsat.ir.ops import PURE_REGION_OPS, SPECS
from eqsat.ir.types import (INT_WIDTHS, TOKEN, ElementType, PartitionViewType, PointerType,
                            StridedViewType, TensorViewType, TileType, Type, bit_width, is_float,
                            is_int, is_ptr)
from eqsat.ir.numbers import round_float
from eqsat.ir.verify import WORD, param_attr_ok, type_problem, verify as _verify, verify_op

_VIEWS = (PartitionViewType, StridedViewType)
_METHOD = {"for": "for_", "loop": "loop", "if": "if_", "reduce": "reduce", "scan": "scan"}
_MODIFIERS = ("signedness", "rounding", "saturating", "flush_to_zero", "propagate_nan",
              "overflow")


class _Frame:
    """One open region (or an `if_` between its branches, which has no region)."""

    def __init__(self, kind: str, region: Region | None, owner: Operation | None):
        self.kind, self.region, self.owner = kind, region, owner
        self.visible: set[int] = set()
        self.closed = False          # a terminator has been emitted

    def add(self, vs: Iterable[Value]):
        self.visible.update(id(v) for v in vs)

    @property
    def body(self) -> Region:
        """The region ops go into: an `if_` head has none, only its branches do."""
        if self.region is None:
            raise BuildError("inside `with b.if_(...)`, build ops under `with br.then:` or "
                             "`with br.else_:`")
        return self.region

    @property
    def op(self) -> Operation:
        """The op whose region this is: every frame but the entry body's has one."""
        if self.owner is None:
            raise BuildError("the entry body belongs to no op")
        return self.owner


class _RegionCtx:
    """Base of the `with` objects: enter pushes the region, exit checks how it ended."""

    _publishes = True            # results come into scope when the block ends

    def __init__(self, b: KernelBuilder, op: Operation, kind: str, region: Region | None):
        self._b, self.op, self._kind, self._region = b, op, kind, region
        self._frame: _Frame | None = None

    @property
    def results(self) -> list[Value]:
        """The op's results (usable after the `with` block ends)."""
        return list(self.op.results)

    def __enter__(self):
        if self._frame is not None:
            raise BuildError(f"the region of '{self.op.name}' was already built")
        if self._b._pending is self:
            self._b._pending = None
        self._frame = _Frame(self._kind, self._region, self.op)
        if self._region is not None:
            self._frame.add(self._region.args)
        self._b._frames.append(self._frame)
        return self

    def __exit__(self, exc_type, exc, tb):
        if self._b._frames and self._b._frames[-1] is self._frame:
            self._b._frames.pop()
        else:
            raise BuildError(f"regions closed out of order around '{self.op.name}'")
        if exc_type is None:
            self._finish()
            if self._publishes:
                self._b._frames[-1].add(self.op.results)
        return False

    def _finish(self):
        pass


_Ctx = TypeVar("_Ctx", bound=_RegionCtx)


class ForLoop(_RegionCtx):
    """`with b.for_(...) as loop`: `loop.iv`, `loop.args` (iter values), `loop.continue_`."""

    _region: Region

    @property
    def iv(self) -> Value:
        return self._region.args[0]

    @property
    def args(self) -> list[Value]:
        return list(self._region.args[1:])

    def continue_(self, *values: Value) -> None:
        self._b._terminate("continue", values, target=self.op)

    def _finish(self):
        _close_loop(self._b, self._frame, self.op, len(self.args))


class Loop(_RegionCtx):
    """`with b.loop(inits, results) as lp`: `lp.args`, `lp.continue_`, `lp.break_`."""

    _region: Region

    @property
    def args(self) -> list[Value]:
        return list(self._region.args)

    def continue_(self, *values: Value) -> None:
        self._b._terminate("continue", values, target=self.op)

    def break_(self, *values: Value) -> None:
        self._b._terminate("break", values, target=self.op)

    def _finish(self):
        _close_loop(self._b, self._frame, self.op, len(self.args))


def _close_loop(b: KernelBuilder, frame: _Frame, op: Operation, n_iter: int):
    if frame.closed:
        return
    if n_iter:
        raise BuildError(f"the body of '{op.name}' must end with continue_() passing its "
                         f"{n_iter} iter value(s)")
    b._append(frame, Operation("continue"))


class Combiner(_RegionCtx):
    """`with b.reduce(...) as r` / `b.scan(...)`: `r.lhs[i]`, `r.rhs[i]`, `r.yield_`."""

    _region: Region

    @property
    def lhs(self) -> list[Value]:
        return list(self._region.args[0::2])

    @property
    def rhs(self) -> list[Value]:
        return list(self._region.args[1::2])

    def yield_(self, *values: Value) -> None:
        self._b._terminate("yield", values, target=self.op)

    def _finish(self):
        if not self._frame.closed:
            raise BuildError(f"the body of '{self.op.name}' must end with yield_() of "
                             f"{len(self.lhs)} scalar(s)")


class _Branch(_RegionCtx):
    _publishes = False
    _region: Region

    def __init__(self, b, op, region, parent: IfElse):
        super().__init__(b, op, "if", region)
        self._parent = parent

    def __enter__(self):
        if self._b._frames[-1] is not self._parent._frame:
            raise BuildError("enter `then`/`else_` directly inside its `with b.if_(...)` block")
        return super().__enter__()

    def _finish(self):
        if not self._frame.closed:
            if self.op.results:
                raise BuildError(f"each branch of an if with results must end with yield_() "
                                 f"of ({', '.join(str(r.type) for r in self.op.results)})")
            self._b._append(self._frame, Operation("yield"))


class IfElse(_RegionCtx):
    """`with b.if_(cond, results) as br`: build branches in `with br.then:` and
    `with br.else_:` (either may be left out when the if has no results)."""

    def __init__(self, b, op):
        super().__init__(b, op, "if-head", None)
        self.then = _Branch(b, op, op.regions[0], self)
        self.else_ = _Branch(b, op, op.regions[1], self)

    def yield_(self, *values: Value) -> None:
        self._b._terminate("yield", values, target=self.op)

    def _finish(self):
        for what, br in (("then", self.then), ("else_", self.else_)):
            if br._frame is None:        # never entered: an empty branch
                if self.op.results:
                    raise BuildError(f"the `{what}` branch is missing; an if with results "
                                     "needs both branches")
                br._region.append(Operation("yield"))


class KernelBuilder:
    """Builds one `entry` kernel; `finish()` returns it verified."""

    def __init__(self, name: str, hints: str | None = None):
        self.name, self.hints = name, hints
        self.params: list[Param] = []
        self.body = Region()
        self._entry = _Frame("entry", self.body, None)
        self._frames: list[_Frame] = [self._entry]
        self._pending: _RegionCtx | None = None    # a region op whose `with` has not begun
        self._done = False

    # -- plumbing -----------------------------------------------------------------------
    def _live(self):
        if self._done:
            raise BuildError("this builder has finished; start a new KernelBuilder")
        if self._pending is not None:
            name = self._pending.op.name
            raise BuildError(f"'{name}' must be used as `with b.{_METHOD[name]}(...) as x:` "
                             "before anything else is built")

    def _pend(self, ctx: _Ctx) -> _Ctx:
        self._pending = ctx
        return ctx

    def _use(self, v, what: str = "operand") -> Value:
        if not isinstance(v, Value):
            raise BuildError(f"{what} must be a Value, got {v!r}")
        if not any(id(v) in f.visible for f in self._frames):
            nm = f"%{v.name}" if v.name else f"a value of type {v.type}"
            raise BuildError(f"{what} {nm} is not in scope here (defined in a closed region, "
                             "in another builder, or not yet)")
        return v

    def _region_frame(self) -> _Frame:
        f = self._frames[-1]
        body = f.body                # raises in an `if_` head, which has no region
        if f.closed:
            raise BuildError(f"this region already ended with "
                             f"'{body.ops[-1].name}'; nothing may follow a terminator")
        return f

    def _append(self, frame: _Frame, op: Operation):
        frame.body.append(op)
        if op.spec is not None and op.spec.is_terminator:
            frame.closed = True

    def _make(self, name: str, operands: Sequence[Value], result_types: Sequence[Type],
              attrs: dict | None = None, segments=None, regions=(), names=None) -> Operation:
        """Create, check and insert an op; its results come into scope unless it has
        regions (those enter scope when the region's `with` block ends)."""
        self._live()
        frame = self._region_frame()
        ops = [self._use(v, f"operand {i} of '{name}'") for i, v in enumerate(operands)]
        if isinstance(names, str):
            names = [names]
        if names is not None and len(names) != len(result_types):
            raise BuildError(f"'{name}' has {len(result_types)} result(s), but "
                             f"{len(names)} name(s) were given")
        try:
            op = Operation(name, ops, list(result_types), attrs or {}, list(regions),
                           segments=segments, result_names=names)
        except ValueError as e:
            raise BuildError(f"'{name}': {e}") from None
        try:
            verify_op(op)
        except VerifyError as e:
            raise BuildError(f"'{name}' [{e.rule}]: {e.message}") from None
        self._append(frame, op)
        if not regions:
            frame.add(op.results)
        return op

    def op(self, name: str, operands: Sequence[Value] = (), result_types: Sequence[Type] = (),
           attrs: dict | None = None, *, segments: Sequence[int] | None = None,
           names: Sequence[str] | None = None) -> Operation:
        """Any region-free op by catalogue name, with explicit result types (the escape
        hatch for ops without a named method)."""
        sp = SPECS.get(name)
        if sp is None:
            raise BuildError(f"unknown operation '{name}'")
        if sp.regions:
            raise BuildError(f"'{name}' has regions; use the builder's `{name}` method")
        if sp.is_terminator:
            raise BuildError(f"use {name}_() to end a region")
        return self._make(name, operands, result_types, attrs,
                          tuple(segments) if segments is not None else None, names=names)

    def _one(self, name, operands, rtype, attrs=None, segments=None, names=None) -> Value:
        return self._make(name, operands, [rtype], attrs, segments, names=names).results[0]

    @staticmethod
    def _tile_of(v: Value, what: str) -> TileType:
        if not isinstance(v, Value):
            raise BuildError(f"{what} must be a Value, got {v!r}")
        if not isinstance(v.type, TileType):
            raise BuildError(f"{what} must be a tile, found {v.type}")
        return v.type

    @staticmethod
    def _mods(signed: bool | None = None, **mods) -> dict:
        out: dict[str, Any] = {}
        if signed is not None:
            out["signedness"] = "signed" if signed else "unsigned"
        for k, v in mods.items():
            if k not in _MODIFIERS or k == "signedness":
                raise BuildError(f"unknown modifier '{k}' (use signed=, rounding=, "
                                 "saturating=, flush_to_zero=, propagate_nan=, overflow=)")
            if isinstance(v, bool):
                if v:
                    out[k] = True
            elif v is not None:
                out[k] = v
        return out

    # -- parameters ---------------------------------------------------------------------
    def param(self, type: Type, name: str | None = None, **attrs) -> Value:
        """An entry parameter; `attrs` are optimizer facts (alias="g", div_by=16, ...)."""
        self._live()
        prob = type_problem(type)
        if prob:
            raise BuildError(f"parameter type: {prob}")
        clean = {}
        for k, v in attrs.items():
            v = tuple(v) if isinstance(v, list) else v
            if not WORD.match(k):
                raise BuildError(f"parameter attribute name {k!r} is not an identifier")
            if not param_attr_ok(v):
                raise BuildError(f"parameter attribute {k}={v!r}: values are str, int, bool, "
                                 "None or tuples of those")
            clean[k] = v
        v = Value(type, name)
        self.params.append(Param(v, clean))
        self._entry.add([v])
        return v

    # -- elementwise ----------------------------------------------------------------------
    def binary(self, opname: str, a: Value, b: Value, *, name: str | None = None,
               signed: bool | None = None, **mods) -> Value:
        """`opname` (addi, mulf, ...) of two tiles of one type."""
        if SPECS.get(opname) is None or SPECS[opname].syntax != "binary":
            raise BuildError(f"'{opname}' is not a binary op")
        t = self._tile_of(a, f"lhs of '{opname}'")
        return self._one(opname, [a, b], t, self._mods(signed, **mods), names=name)

    def unary(self, opname: str, x: Value, *, name: str | None = None, **mods) -> Value:
        if SPECS.get(opname) is None or SPECS[opname].syntax != "unary":
            raise BuildError(f"'{opname}' is not a unary op")
        t = self._tile_of(x, f"operand of '{opname}'")
        return self._one(opname, [x], t, self._mods(**mods), names=name)

    def addi(self, a, b, **kw) -> Value: return self.binary("addi", a, b, **kw)  # noqa: E704
    def subi(self, a, b, **kw) -> Value: return self.binary("subi", a, b, **kw)  # noqa: E704
    def muli(self, a, b, **kw) -> Value: return self.binary("muli", a, b, **kw)  # noqa: E704
    def divi(self, a, b, **kw) -> Value: return self.binary("divi", a, b, **kw)  # noqa: E704
    def remi(self, a, b, **kw) -> Value: return self.binary("remi", a, b, **kw)  # noqa: E704
    def andi(self, a, b, **kw) -> Value: return self.binary("andi", a, b, **kw)  # noqa: E704
    def ori(self, a, b, **kw) -> Value: return self.binary("ori", a, b, **kw)  # noqa: E704
    def xori(self, a, b, **kw) -> Value: return self.binary("xori", a, b, **kw)  # noqa: E704
    def shli(self, a, b, **kw) -> Value: return self.binary("shli", a, b, **kw)  # noqa: E704
    def shri(self, a, b, **kw) -> Value: return self.binary("shri", a, b, **kw)  # noqa: E704
    def maxi(self, a, b, **kw) -> Value: return self.binary("maxi", a, b, **kw)  # noqa: E704
    def mini(self, a, b, **kw) -> Value: return self.binary("mini", a, b, **kw)  # noqa: E704
    def mulhii(self, a, b, **kw) -> Value: return self.binary("mulhii", a, b, **kw)  # noqa: E704
    def addf(self, a, b, **kw) -> Value: return self.binary("addf", a, b, **kw)  # noqa: E704
    def subf(self, a, b, **kw) -> Value: return self.binary("subf", a, b, **kw)  # noqa: E704
    def mulf(self, a, b, **kw) -> Value: return self.binary("mulf", a, b, **kw)  # noqa: E704
    def divf(self, a, b, **kw) -> Value: return self.binary("divf", a, b, **kw)  # noqa: E704
    def remf(self, a, b, **kw) -> Value: return self.binary("remf", a, b, **kw)  # noqa: E704
    def maxf(self, a, b, **kw) -> Value: return self.binary("maxf", a, b, **kw)  # noqa: E704
    def minf(self, a, b, **kw) -> Value: return self.binary("minf", a, b, **kw)  # noqa: E704
    def pow(self, a, b, **kw) -> Value: return self.binary("pow", a, b, **kw)  # noqa: E704
    def atan2(self, a, b, **kw) -> Value: return self.binary("atan2", a, b, **kw)  # noqa: E704

    def exp(self, x, **kw) -> Value: return self.unary("exp", x, **kw)  # noqa: E704
    def exp2(self, x, **kw) -> Value: return self.unary("exp2", x, **kw)  # noqa: E704
    def log(self, x, **kw) -> Value: return self.unary("log", x, **kw)  # noqa: E704
    def log2(self, x, **kw) -> Value: return self.unary("log2", x, **kw)  # noqa: E704
    def sqrt(self, x, **kw) -> Value: return self.unary("sqrt", x, **kw)  # noqa: E704
    def rsqrt(self, x, **kw) -> Value: return self.unary("rsqrt", x, **kw)  # noqa: E704
    def sin(self, x, **kw) -> Value: return self.unary("sin", x, **kw)  # noqa: E704
    def cos(self, x, **kw) -> Value: return self.unary("cos", x, **kw)  # noqa: E704
    def tan(self, x, **kw) -> Value: return self.unary("tan", x, **kw)  # noqa: E704
    def sinh(self, x, **kw) -> Value: return self.unary("sinh", x, **kw)  # noqa: E704
    def cosh(self, x, **kw) -> Value: return self.unary("cosh", x, **kw)  # noqa: E704
    def tanh(self, x, **kw) -> Value: return self.unary("tanh", x, **kw)  # noqa: E704
    def floor(self, x, **kw) -> Value: return self.unary("floor", x, **kw)  # noqa: E704
    def ceil(self, x, **kw) -> Value: return self.unary("ceil", x, **kw)  # noqa: E704
    def absf(self, x, **kw) -> Value: return self.unary("absf", x, **kw)  # noqa: E704
    def absi(self, x, **kw) -> Value: return self.unary("absi", x, **kw)  # noqa: E704
    def negf(self, x, **kw) -> Value: return self.unary("negf", x, **kw)  # noqa: E704
    def negi(self, x, **kw) -> Value: return self.unary("negi", x, **kw)  # noqa: E704
    def abs(self, x, **kw) -> Value: return self.unary("abs", x, **kw)  # noqa: E704
    def neg(self, x, **kw) -> Value: return self.unary("neg", x, **kw)  # noqa: E704

    def fma(self, a: Value, b: Value, c: Value, *, name: str | None = None, **mods) -> Value:
        """a * b + c in one rounding."""
        t = self._tile_of(a, "first operand of 'fma'")
        return self._one("fma", [a, b, c], t, self._mods(**mods), names=name)

    def cmpi(self, predicate: str, a: Value, b: Value, *, signed: bool = True,
             name: str | None = None) -> Value:
        """Integer comparison (equal, less_than, ...) giving an i1 tile of the same shape."""
        t = self._tile_of(a, "lhs of 'cmpi'")
        return self._one("cmpi", [a, b], t.with_elem("i1"),
                         {"predicate": predicate, "signedness": "signed" if signed else "unsigned"},
                         names=name)

    def cmpf(self, predicate: str, a: Value, b: Value, *, ordered: bool = True,
             name: str | None = None) -> Value:
        t = self._tile_of(a, "lhs of 'cmpf'")
        return self._one("cmpf", [a, b], t.with_elem("i1"),
                         {"predicate": predicate,
                          "ordering": "ordered" if ordered else "unordered"},
                         names=name)

    def select(self, cond: Value, a: Value, b: Value, *, name: str | None = None) -> Value:
        t = self._tile_of(a, "true value of 'select'")
        return self._one("select", [cond, a, b], t, names=name)

    # -- conversions and shapes --------------------------------------------------------------
    def _convert(self, opname, x, elem=None, shape=None, attrs=None, name=None) -> Value:
        t = self._tile_of(x, f"operand of '{opname}'")
        rt = TileType(tuple(shape) if shape is not None else t.shape,
                      elem if elem is not None else t.elem)
        return self._one(opname, [x], rt, attrs, names=name)

    def exti(self, x: Value, to: str, *, signed: bool = True, name: str | None = None) -> Value:
        return self._convert("exti", x, to, attrs=self._mods(signed), name=name)

    def trunci(self, x: Value, to: str, *, name: str | None = None, **mods) -> Value:
        return self._convert("trunci", x, to, attrs=self._mods(**mods), name=name)

    def itof(self, x: Value, to: str, *, signed: bool = True, name: str | None = None,
             **mods) -> Value:
        return self._convert("itof", x, to, attrs=self._mods(signed, **mods), name=name)

    def ftoi(self, x: Value, to: str, *, signed: bool = True, name: str | None = None,
             **mods) -> Value:
        return self._convert("ftoi", x, to, attrs=self._mods(signed, **mods), name=name)

    def ftof(self, x: Value, to: str, *, name: str | None = None, **mods) -> Value:
        return self._convert("ftof", x, to, attrs=self._mods(**mods), name=name)

    def bitcast(self, x: Value, to: str, *, name: str | None = None) -> Value:
        return self._convert("bitcast", x, to, name=name)

    def int_to_ptr(self, x: Value, pointee: str, *, name: str | None = None) -> Value:
        return self._convert("int_to_ptr", x, PointerType(pointee), name=name)

    def ptr_to_int(self, x: Value, to: str = "i64", *, name: str | None = None) -> Value:
        return self._convert("ptr_to_int", x, to, name=name)

    def ptr_to_ptr(self, x: Value, pointee: str, *, name: str | None = None) -> Value:
        return self._convert("ptr_to_ptr", x, PointerType(pointee), name=name)

    def reshape(self, x: Value, shape: Sequence[int], *, name: str | None = None) -> Value:
        return self._convert("reshape", x, shape=shape, name=name)

    def broadcast(self, x: Value, shape: Sequence[int], *, name: str | None = None) -> Value:
        return self._convert("broadcast", x, shape=shape, name=name)

    def splat(self, x: Value, shape: Sequence[int], *, name: str | None = None) -> Value:
        """A scalar tile repeated over `shape`: reshape to 1x..x1 then broadcast, as cuTile
        writes it."""
        t = self._tile_of(x, "operand of splat")
        if t.shape != ():
            raise BuildError(f"splat takes a scalar tile, found {t}")
        shape = tuple(shape)
        if not shape:
            return x
        return self.broadcast(self.reshape(x, (1,) * len(shape)), shape, name=name)

    def offset(self, ptr: Value, off: Value, *, name: str | None = None) -> Value:
        """Pointer tile advanced elementwise by `off` elements."""
        t = self._tile_of(ptr, "pointer of 'offset'")
        return self._one("offset", [ptr, off], t, names=name)

    def permute(self, x: Value, perm: Sequence[int], *, name: str | None = None) -> Value:
        t = self._tile_of(x, "operand of 'permute'")
        perm = tuple(int(p) for p in perm)
        if sorted(perm) != list(range(t.rank)):
            raise BuildError(f"permute: {list(perm)} is not a permutation of 0..{t.rank - 1}")
        return self._one("permute", [x], t.with_shape(tuple(t.shape[p] for p in perm)),
                         {"permutation": perm}, names=name)

    def extract(self, x: Value, index: Sequence[Value], shape: Sequence[int], *,
                name: str | None = None) -> Value:
        """Block number `index` of `x`, blocks being of `shape`."""
        t = self._tile_of(x, "operand of 'extract'")
        index = list(index)
        return self._one("extract", [x] + index, t.with_shape(tuple(shape)),
                         segments=(1, len(index)), names=name)

    def insert(self, source: Value, dest: Value, index: Sequence[Value], *,
               name: str | None = None) -> Value:
        """`dest` with block number `index` (blocks of `source`'s shape) replaced by `source`."""
        t = self._tile_of(dest, "destination of 'insert'")
        index = list(index)
        return self._one("insert", [source, dest] + index, t, segments=(1, 1, len(index)),
                         names=name)

    def pack(self, x: Value, *, name: str | None = None) -> Value:
        """A 1-D tile as its little-endian bytes (an i8 tile)."""
        t = self._tile_of(x, "operand of 'pack'")
        if t.rank != 1 or is_ptr(t.elem):
            raise BuildError(f"pack takes a 1-D tile of numbers, found {t}")
        return self._one("pack", [x], TileType((t.numel * bit_width(t.elem) // 8,), "i8"),
                         names=name)

    def unpack(self, x: Value, to: str, *, name: str | None = None) -> Value:
        """i8 bytes back to a 1-D tile of `to`."""
        t = self._tile_of(x, "operand of 'unpack'")
        return self._one("unpack", [x], TileType((t.numel * 8 // bit_width(to),), to),
                         names=name)

    def fpowi(self, x: Value, n: Value, *, name: str | None = None) -> Value:
        """x ** n with an integer exponent tile."""
        return self._one("fpowi", [x, n], self._tile_of(x, "base of 'fpowi'"), names=name)

    def mmaf_scaled(self, a: Value, b: Value, acc: Value, a_scale: Value, b_scale: Value, *,
                    name: str | None = None) -> Value:
        """Block-scaled mma: a and b times one scale per block of K."""
        t = self._tile_of(acc, "accumulator of 'mmaf_scaled'")
        return self._one("mmaf_scaled", [a, b, acc, a_scale, b_scale], t, names=name)

    def cat(self, a: Value, b: Value, dim: int, *, name: str | None = None) -> Value:
        ta, tb = self._tile_of(a, "lhs of 'cat'"), self._tile_of(b, "rhs of 'cat'")
        if not (0 <= dim < ta.rank and ta.rank == tb.rank):
            raise BuildError(f"cat: dim {dim} does not fit {ta} and {tb}")
        shape = list(ta.shape)
        shape[dim] += tb.shape[dim]
        return self._one("cat", [a, b], ta.with_shape(tuple(shape)), {"dim": int(dim)},
                         names=name)

    def mmaf(self, a: Value, b: Value, acc: Value, *, name: str | None = None, **mods) -> Value:
        """acc + a @ b (float), batched over a leading dimension for rank 3."""
        t = self._tile_of(acc, "accumulator of 'mmaf'")
        return self._one("mmaf", [a, b, acc], t, self._mods(**mods), names=name)

    def mmai(self, a: Value, b: Value, acc: Value, *, signed: bool | None = None,
             name: str | None = None, **mods) -> Value:
        t = self._tile_of(acc, "accumulator of 'mmai'")
        return self._one("mmai", [a, b, acc], t, self._mods(signed, **mods), names=name)

    # -- constants and facts -----------------------------------------------------------------
    def constant(self, value, type: TileType, *, name: str | None = None) -> Value:
        """A constant tile. `value` is a number (splat), nested lists or an array of the
        tile's shape; floats are rounded to the element type and uniform data is stored
        as a splat, exactly as the text would read back."""
        if not isinstance(type, TileType) or is_ptr(type.elem):
            raise BuildError(f"constant needs a non-pointer tile type, found {type}")
        c = value if isinstance(value, DenseConst) else _dense(type.elem, value)
        if c.array.ndim and c.array.shape != type.shape:
            raise BuildError(f"constant data of shape {c.array.shape} does not fill {type}")
        return self._one("constant", [], type, {"value": c}, names=name)

    def iota(self, n: int, elem: str = "i32", *, name: str | None = None) -> Value:
        """0, 1, ..., n-1."""
        return self._one("iota", [], TileType((int(n),), elem), names=name)

    def assume(self, x: Value, predicate: DivBy | Bounded | SameElements, *,
               name: str | None = None) -> Value:
        """`x` with a fact attached (the optimizer may rely on it)."""
        if not isinstance(x, Value):
            raise BuildError(f"assume: operand must be a Value, got {x!r}")
        return self._one("assume", [x], x.type, {"predicate": predicate}, names=name)

    def assume_div_by(self, x: Value, divisor: int, *, name: str | None = None) -> Value:
        return self.assume(x, DivBy(int(divisor)), name=name)

    def assume_bounded(self, x: Value, lo: int | None, hi: int | None, *,
                       name: str | None = None) -> Value:
        return self.assume(x, Bounded(lo, hi), name=name)

    # -- grid ---------------------------------------------------------------------------------
    def tile_block_id(self, elem: str = "i32") -> tuple[Value, Value, Value]:
        """This tile block's (x, y, z) coordinates in the grid."""
        r = self._make("get_tile_block_id", [], [TileType((), elem)] * 3,
                       names=["blockId_x", "blockId_y", "blockId_z"]).results
        return r[0], r[1], r[2]

    def num_tile_blocks(self, elem: str = "i32") -> tuple[Value, Value, Value]:
        r = self._make("get_num_tile_blocks", [], [TileType((), elem)] * 3,
                       names=["gridSize_x", "gridSize_y", "gridSize_z"]).results
        return r[0], r[1], r[2]

    # -- views --------------------------------------------------------------------------------
    def make_tensor_view(self, base: Value, shape: Sequence[int | Value],
                         strides: Sequence[int | Value], *, name: str | None = None) -> Value:
        """A strided tensor over `base`; sizes and strides are ints or scalar int Values."""
        bt = self._tile_of(base, "base of 'make_tensor_view'")
        if bt.shape != () or not is_ptr(bt.elem):
            raise BuildError(f"the base of a tensor view must be a scalar pointer tile, found {bt}")
        for x in list(shape) + list(strides):
            if not isinstance(x, (int, Value)) or isinstance(x, bool):
                raise BuildError(f"sizes and strides are ints or Values, got {x!r}")
        st_shape = tuple(None if isinstance(x, Value) else int(x) for x in shape)
        st_strides = tuple(None if isinstance(x, Value) else int(x) for x in strides)
        dyn_shape = [x for x in shape if isinstance(x, Value)]
        dyn_strides = [x for x in strides if isinstance(x, Value)]
        vt = TensorViewType(st_shape, bt.elem.pointee, st_strides)
        return self._one("make_tensor_view", [base] + dyn_shape + dyn_strides, vt,
                         {"static_shape": st_shape, "static_strides": st_strides},
                         segments=(1, len(dyn_shape), len(dyn_strides)), names=name)

    def make_partition_view(self, view: Value, tile: Sequence[int], *, padding: str | None = None,
                            dim_map: Sequence[int] | None = None,
                            name: str | None = None) -> Value:
        """`view` cut into tiles of shape `tile`; `padding` (zero, neg_inf, ...) fills
        out-of-bounds loads."""
        if not isinstance(view, Value) or not isinstance(view.type, TensorViewType):
            raise BuildError(f"make_partition_view takes a tensor_view Value, got {view!r}")
        pt = PartitionViewType(tuple(int(d) for d in tile), view.type, padding,
                               tuple(int(d) for d in dim_map) if dim_map is not None else None)
        return self._one("make_partition_view", [view], pt, names=name)

    def make_strided_view(self, view: Value, tile: Sequence[int],
                          traversal_strides: Sequence[int], *, name: str | None = None) -> Value:
        """`view` walked in tiles of shape `tile` whose origins are `traversal_strides`
        elements apart."""
        if not isinstance(view, Value) or not isinstance(view.type, TensorViewType):
            raise BuildError(f"make_strided_view takes a tensor_view Value, got {view!r}")
        st = StridedViewType(tuple(int(d) for d in tile),
                             tuple(int(d) for d in traversal_strides), view.type)
        return self._one("make_strided_view", [view], st, names=name)

    def index_space_shape(self, view: Value, elem: str = "i32") -> list[Value]:
        """Number of tiles along each dimension of a partition view."""
        if not isinstance(view, Value) or not isinstance(view.type, _VIEWS + (TensorViewType,)):
            raise BuildError(f"index_space_shape takes a view, got {view!r}")
        return list(self._make("get_index_space_shape", [view],
                               [TileType((), elem)] * view.type.rank).results)

    def gdc_wait(self, token: Value | None = None, *, name: str | None = None) -> Value:
        """Wait for the grid this one depends on (programmatic dependent launch)."""
        tok = self._tok(token)
        return self._one("gdc_wait_tko", tok, TOKEN, segments=(len(tok),), names=name)

    def gdc_launch_dependents(self, token: Value | None = None, *,
                              name: str | None = None) -> Value:
        """Let the grids that depend on this one launch."""
        tok = self._tok(token)
        return self._one("gdc_launch_dependents_tko", tok, TOKEN, segments=(len(tok),),
                         names=name)

    def memory_fence_alias(self, token: Value, *, name: str | None = None) -> Value:
        """A fence between memory accesses that may alias."""
        return self._one("memory_fence_alias_tko", [token], TOKEN, names=name)

    def tensor_shape(self, view: Value, elem: str = "i32") -> list[Value]:
        """The sizes of a tensor view."""
        if not isinstance(view, Value) or not isinstance(view.type, TensorViewType):
            raise BuildError(f"tensor_shape takes a tensor_view Value, got {view!r}")
        return list(self._make("get_tensor_shape", [view],
                               [TileType((), elem)] * view.type.rank).results)

    # -- memory -------------------------------------------------------------------------------
    @staticmethod
    def _order(sem: str, scope: str | None, hints: str | None = None) -> dict:
        out = {"sem": sem} if scope is None else {"sem": sem, "scope": scope}
        if hints is not None:
            out["hints"] = hints
        return out

    @staticmethod
    def _view(view, what: str) -> PartitionViewType | StridedViewType:
        if not isinstance(view, Value) or not isinstance(view.type, _VIEWS):
            raise BuildError(f"{what} takes a partition_view or strided_view Value, got {view!r}")
        return view.type

    @staticmethod
    def _tok(token: Value | None) -> list[Value]:
        return [] if token is None else [token]

    def load_view(self, view: Value, index: Sequence[Value], *, token: Value | None = None,
                  sem: str = "weak", scope: str | None = None, hints: str | None = None,
                  names: Sequence[str] | None = None) -> tuple[Value, Value]:
        """Load tile `index` of a partition (or strided) view: (tile, result token).
        `hints` is the verbatim `<default = {...}>` text of optimization hints."""
        pv = self._view(view, "load_view")
        index, tok = list(index), self._tok(token)
        r = self._make("load_view_tko", [view] + index + tok,
                       [TileType(pv.tile, pv.view.elem), TOKEN], self._order(sem, scope, hints),
                       segments=(1, len(index), len(tok)), names=names).results
        return r[0], r[1]

    def store_view(self, value: Value, view: Value, index: Sequence[Value], *,
                   token: Value | None = None, sem: str = "weak", scope: str | None = None,
                   hints: str | None = None, name: str | None = None) -> Value:
        """Store a tile at `index` of a partition view; returns the result token."""
        self._view(view, "store_view")
        index, tok = list(index), self._tok(token)
        return self._one("store_view_tko", [value, view] + index + tok, TOKEN,
                         self._order(sem, scope, hints), segments=(1, 1, len(index), len(tok)),
                         names=name)

    def atomic_red_view(self, view: Value, index: Sequence[Value], mode: str, value: Value, *,
                        token: Value | None = None, sem: str = "relaxed",
                        scope: str | None = "device", hints: str | None = None,
                        name: str | None = None) -> Value:
        """Atomically combine `value` into tile `index` of a view (`mode`: add, addf, ...);
        returns the result token."""
        self._view(view, "atomic_red_view")
        index, tok = list(index), self._tok(token)
        attrs = {**self._order(sem, scope, hints), "mode": mode}
        return self._one("atomic_red_view_tko", [view] + index + [value] + tok, TOKEN, attrs,
                         segments=(1, len(index), 1, len(tok)), names=name)

    def load_ptr(self, ptr: Value, *, mask: Value | None = None, padding: Value | None = None,
                 token: Value | None = None, sem: str = "weak", scope: str | None = None,
                 hints: str | None = None,
                 names: Sequence[str] | None = None) -> tuple[Value, Value]:
        """Gather through a pointer tile: (values, result token)."""
        pt = self._tile_of(ptr, "pointer of 'load_ptr'")
        if not is_ptr(pt.elem):
            raise BuildError(f"load_ptr takes a tile of pointers, found {pt}")
        m, p, tok = self._tok(mask), self._tok(padding), self._tok(token)
        r = self._make("load_ptr_tko", [ptr] + m + p + tok,
                       [TileType(pt.shape, pt.elem.pointee), TOKEN],
                       self._order(sem, scope, hints),
                       segments=(1, len(m), len(p), len(tok)), names=names).results
        return r[0], r[1]

    def store_ptr(self, ptr: Value, value: Value, *, mask: Value | None = None,
                  token: Value | None = None, sem: str = "weak", scope: str | None = None,
                  hints: str | None = None, name: str | None = None) -> Value:
        m, tok = self._tok(mask), self._tok(token)
        return self._one("store_ptr_tko", [ptr, value] + m + tok, TOKEN,
                         self._order(sem, scope, hints),
                         segments=(1, 1, len(m), len(tok)), names=name)

    def atomic_cas(self, ptr: Value, cmp: Value, value: Value, *, mask: Value | None = None,
                   token: Value | None = None, sem: str = "relaxed", scope: str | None = "device",
                   names: Sequence[str] | None = None) -> tuple[Value, Value]:
        """Compare-and-swap: (old values, result token)."""
        t = self._tile_of(value, "value of 'atomic_cas'")
        m, tok = self._tok(mask), self._tok(token)
        r = self._make("atomic_cas_tko", [ptr, cmp, value] + m + tok, [t, TOKEN],
                       self._order(sem, scope), segments=(1, 1, 1, len(m), len(tok)),
                       names=names).results
        return r[0], r[1]

    def atomic_rmw(self, ptr: Value, mode: str, value: Value, *, mask: Value | None = None,
                   token: Value | None = None, sem: str = "relaxed", scope: str | None = "device",
                   names: Sequence[str] | None = None) -> tuple[Value, Value]:
        """Read-modify-write (`mode`: add, addf, max, min, and, or, xor, xchg, ...)."""
        t = self._tile_of(value, "value of 'atomic_rmw'")
        m, tok = self._tok(mask), self._tok(token)
        attrs = {**self._order(sem, scope), "mode": mode}
        r = self._make("atomic_rmw_tko", [ptr, value] + m + tok, [t, TOKEN], attrs,
                       segments=(1, 1, len(m), len(tok)), names=names).results
        return r[0], r[1]

    def make_token(self, *, name: str | None = None) -> Value:
        """The root token: stands for no memory operation."""
        return self._one("make_token", [], TOKEN, names=name)

    def join_tokens(self, *tokens: Value, name: str | None = None) -> Value:
        return self._one("join_tokens", list(tokens), TOKEN, names=name)

    def assert_(self, cond: Value, message: str) -> Operation:
        """Fail the kernel with `message` where `cond` (an i1 tile) is false."""
        return self._make("assert", [cond], [], {"message": message})

    def print_(self, fmt: str, *values: Value) -> Operation:
        """The token-free `print` op."""
        return self._make("print", list(values), [], {"format": fmt})

    def print_tko(self, fmt: str, *values: Value, token: Value | None = None,
                  name: str | None = None) -> Value:
        """printf-style debug print ordered by tokens; returns the result token."""
        vals, tok = list(values), self._tok(token)
        return self._one("print_tko", vals + tok, TOKEN, {"format": fmt},
                         segments=(len(vals), len(tok)), names=name)

    # -- regions ------------------------------------------------------------------------------
    def for_(self, lb: Value, ub: Value, step: Value, inits: Sequence[Value] = (), *,
             unsigned: bool = False, iv_name: str | None = None,
             names: Sequence[str] | None = None) -> ForLoop:
        """`for iv in [lb, ub) step step` carrying `inits`; results have the inits' types.
        `unsigned` compares the bounds as unsigned integers."""
        t = self._tile_of(lb, "lower bound of 'for'")
        inits = list(inits)
        for i, v in enumerate(inits):
            if not isinstance(v, Value):
                raise BuildError(f"iter value {i} of 'for' must be a Value, got {v!r}")
        body = Region([t] + [v.type for v in inits])
        body.args[0].name = iv_name
        op = self._make("for", [lb, ub, step] + inits, [v.type for v in inits],
                        {"unsigned": True} if unsigned else {},
                        segments=(1, 1, 1, len(inits)), regions=[body], names=names)
        return self._pend(ForLoop(self, op, "for", body))

    def loop(self, inits: Sequence[Value] = (), results: Sequence[Type] = (), *,
             names: Sequence[str] | None = None) -> Loop:
        """An unbounded loop carrying `inits`; `break_` ends it with values of `results`."""
        inits = list(inits)
        for i, v in enumerate(inits):
            if not isinstance(v, Value):
                raise BuildError(f"iter value {i} of 'loop' must be a Value, got {v!r}")
        body = Region([v.type for v in inits])
        op = self._make("loop", inits, list(results), regions=[body], names=names)
        return self._pend(Loop(self, op, "loop", body))

    def if_(self, cond: Value, results: Sequence[Type] = (), *,
            names: Sequence[str] | None = None) -> IfElse:
        """Two-way branch on a scalar i1; with `results`, both branches must yield them."""
        op = self._make("if", [cond], list(results), regions=[Region(), Region()], names=names)
        return self._pend(IfElse(self, op))

    def _combiner(self, opname, inputs, dim, identities, attrs, keep_dim, names):
        inputs = list(inputs)
        ts = [self._tile_of(x, f"input of '{opname}'") for x in inputs]
        if not ts:
            raise BuildError(f"'{opname}' needs at least one input")
        if not 0 <= dim < ts[0].rank:
            raise BuildError(f"'{opname}': dim {dim} is out of range for {ts[0]}")
        identities = list(identities)
        if len(identities) != len(ts):
            raise BuildError(f"'{opname}' needs one identity per input ({len(ts)}), "
                             f"got {len(identities)}")
        ids = tuple(c if isinstance(c, DenseConst) else _dense(t.elem, c)
                    for c, t in zip(identities, ts))
        if any(c.array.ndim for c in ids):
            raise BuildError(f"'{opname}' identities are scalars")
        shape = ts[0].shape if keep_dim else ts[0].shape[:dim] + ts[0].shape[dim + 1:]
        body = Region([TileType((), t.elem) for t in ts for _ in (0, 1)])
        op = self._make(opname, inputs, [TileType(shape, t.elem) for t in ts],
                        {"dim": int(dim), "identities": ids, **attrs}, regions=[body],
                        names=names)
        return self._pend(Combiner(self, op, opname, body))

    def reduce(self, inputs: Sequence[Value], dim: int, identities: Sequence, *,
               names: Sequence[str] | None = None) -> Combiner:
        """Reduce `inputs` along `dim` with the body's combiner (args lhs0, rhs0, lhs1, ...)."""
        return self._combiner("reduce", inputs, dim, identities, {}, False, names)

    def scan(self, inputs: Sequence[Value], dim: int, identities: Sequence, *,
             reverse: bool = False, names: Sequence[str] | None = None) -> Combiner:
        """Inclusive prefix combination of `inputs` along `dim`."""
        return self._combiner("scan", inputs, dim, identities, {"reverse": bool(reverse)}, True,
                              names)

    # -- terminators ----------------------------------------------------------------------------
    def _target(self, kind: str) -> tuple[Operation | None, list[Type]]:
        """The op a terminator of `kind` emitted here hands its values to, and their types."""
        term = SPECS[kind]
        frames = self._frames
        cur = frames[-1]
        # the open region's owner (None: the entry body, or an if_ between its branches)
        owner = cur.owner if cur.region is not None else None
        if term.has("return"):
            if (cur.owner is not None and (owner is None or not owner.spec.is_branch)) or any(
                    f.owner is not None and f.owner.name in PURE_REGION_OPS for f in frames):
                raise BuildError("return_() ends the entry body (or an if inside it)")
            return None, []
        if term.has("yield"):
            if owner is None or not (owner.spec.is_branch or owner.name in PURE_REGION_OPS):
                raise BuildError(f"yield_() ends an if branch or a reduce/scan body, not "
                                 f"a '{cur.kind}' region")
            if owner.spec.is_branch:
                return owner, [r.type for r in owner.results]
            return owner, [a.type for a in cur.body.args[0::2]]
        for f in reversed(frames):
            sp = f.owner.spec if f.owner is not None else None
            if sp is not None and sp.is_branch:
                continue
            if sp is not None and sp.is_counted_loop and term.has("continue"):
                return f.op, [a.type for a in f.body.args[1:]]
            if sp is not None and sp.is_loop and not sp.is_counted_loop:
                if term.has("continue"):
                    return f.op, [a.type for a in f.body.args]
                return f.op, [r.type for r in f.op.results]
            break
        where = "a for/loop body" if term.has("continue") else "a loop body"
        raise BuildError(f"{kind}_() is only allowed in {where} (or an if nested in one)")

    def _terminate(self, kind: str, values, target: Operation | None = None):
        self._live()
        frame = self._region_frame()
        try:
            owner, types = self._target(kind)
        except BuildError:
            if target is None:
                raise
            owner, types = None, []
        if target is not None and owner is not target:
            raise BuildError(f"{kind}_() here would end the innermost region, not this "
                             f"'{target.name}'; call b.{kind}_() or use the inner region's "
                             "object")
        vals = [self._use(v, f"value {i} of {kind}") for i, v in enumerate(values)]
        got = [v.type for v in vals]
        if got != types:
            raise BuildError(f"{kind}_() passes ({', '.join(map(str, got))}) but its target "
                             f"expects ({', '.join(map(str, types))})")
        self._append(frame, Operation(kind, vals))

    def yield_(self, *values: Value) -> None:
        """End the current if branch / reduce / scan body with `values`."""
        self._terminate("yield", values)

    def continue_(self, *values: Value) -> None:
        """Next iteration of the innermost loop, carrying `values`."""
        self._terminate("continue", values)

    def break_(self, *values: Value) -> None:
        """Leave the innermost `loop` with `values` as its results."""
        self._terminate("break", values)

    def return_(self) -> None:
        self._terminate("return", ())

    # -- finish ---------------------------------------------------------------------------------
    def finish(self, verify: bool = True) -> Kernel:
        """The kernel (a `return` is added if the body has none), verified."""
        self._live()
        if len(self._frames) != 1:
            raise BuildError(f"finish() inside an open '{self._frames[-1].kind}' region")
        if not self._entry.closed:
            self._append(self._entry, Operation("return"))
        self._done = True
        k = Kernel(self.name, self.params, self.body, self.hints)
        if verify:
            try:
                _verify(k)
            except VerifyError as e:
                raise BuildError(f"the kernel does not verify: {e}") from e
        return k


def _dense(elem: ElementType, value) -> DenseConst:
    """DenseConst as the parser would produce it from the printed text."""
    try:
        arr = np.asarray(value)
        if arr.dtype == object:
            raise ValueError("ragged data")
        if is_float(elem):
            flat = [round_float(elem, float(x)) for x in arr.reshape(-1)]
        elif elem == "i1":
            flat = [bool(x) for x in arr.reshape(-1)]
        elif is_int(elem):
            bits = INT_WIDTHS[elem]
            flat = [int(x) for x in arr.reshape(-1)]
            if any(not -(1 << (bits - 1)) <= x < (1 << bits) for x in flat):
                raise ValueError(f"integer out of range for {elem}")
            flat = [((x + (1 << (bits - 1))) % (1 << bits)) - (1 << (bits - 1)) for x in flat]
        else:
            raise ValueError(f"no constants of {elem}")
    except (TypeError, ValueError, OverflowError) as e:
        raise BuildError(f"constant {value!r} as {elem}: {e}") from None
    data = np.array(flat, dtype=object).reshape(arr.shape)
    c = DenseConst(elem, data if arr.ndim else flat[0])
    if arr.ndim and c.is_splat and arr.size:
        c = DenseConst(elem, flat[0])
    return c


__all__ = ["KernelBuilder", "ForLoop", "Loop", "IfElse", "Combiner"]
