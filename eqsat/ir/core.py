"""IR core: values, operations, regions and the kernel (entry).

Modelled on MLIR/xDSL: an Operation has operands, typed results, attributes and
regions; a Region is one block with arguments. Values are compared by identity;
`structurally_equal` compares whole kernels up to renaming.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Iterator

from eqsat.ir.attrs import DenseConst
from eqsat.ir.ops import SPECS, spec
from eqsat.ir.types import PointerType, TileType, TokenType, Type, is_float


class Value:
    """An SSA value: an op result or a region argument. `name` is only a printing hint."""
    __slots__ = ("type", "name", "owner", "index")

    def __init__(self, type: Type, name: str | None = None, owner: Any = None, index: int = 0):
        self.type, self.name, self.owner, self.index = type, name, owner, index

    @property
    def is_token(self) -> bool:
        return isinstance(self.type, TokenType)

    # Typed access for code that works on verified kernels: each asserts what the
    # verifier already guarantees at that point (a tile, of numbers, of pointers).
    @property
    def tile(self) -> TileType:
        t = self.type
        assert isinstance(t, TileType), f"{self!r} is not a tile"
        return t

    @property
    def scalar_elem(self) -> str:
        """The element type of a tile of numbers ("f32", "i1", ...)."""
        e = self.tile.elem
        assert isinstance(e, str), f"{self!r} is a tile of pointers"
        return e

    @property
    def pointee(self) -> str:
        """What a tile of pointers points to."""
        e = self.tile.elem
        assert isinstance(e, PointerType), f"{self!r} is not a tile of pointers"
        return e.pointee

    def __repr__(self) -> str:
        return f"<Value %{self.name or '?'}: {self.type}>"


class Operation:
    """One op. `segments` gives the size of each operand group for ops with optional or
    variadic groups (see `eqsat.ir.ops`); `loc` is the (line, col) it was parsed at."""
    __slots__ = ("name", "operands", "results", "attrs", "regions", "segments", "parent", "loc")

    def __init__(self, name: str, operands=(), result_types=(), attrs=None, regions=(),
                 segments: tuple[int, ...] | None = None, result_names=None, loc=None):
        self.name = name
        self.operands: list[Value] = list(operands)
        names = list(result_names) if result_names is not None else [None] * len(result_types)
        self.results: list[Value] = [Value(t, n, self, i)
                                     for i, (t, n) in enumerate(zip(result_types, names))]
        self.attrs: dict[str, Any] = dict(attrs or {})
        self.regions: list[Region] = list(regions)
        for r in self.regions:
            r.parent = self
        sp = spec(name)
        if segments is None and sp is not None and sp.has_segments:
            segments = _infer_segments(sp, len(self.operands))
        self.segments = tuple(segments) if segments is not None else None
        self.parent: Region | None = None
        self.loc = loc

    # -- operand groups -------------------------------------------------------------
    def group(self, name: str) -> list[Value]:
        """Operands of the named group (e.g. `op.group("token")`)."""
        sp = SPECS[self.name]
        sizes = self.segments or tuple(1 for _ in sp.operands)
        start = 0
        for (g, _), n in zip(sp.operands, sizes):
            if g == name:
                return self.operands[start:start + n]
            start += n
        raise KeyError(f"op '{self.name}' has no operand group '{name}'")

    def one(self, name: str) -> Value | None:
        vs = self.group(name)
        return vs[0] if vs else None

    def required(self, name: str) -> Value:
        """The operand of a group the op always has (typed `one` for such groups)."""
        vs = self.group(name)
        if not vs:
            raise ValueError(f"'{self.name}' has no '{name}' operand")
        return vs[0]

    def set_group(self, name: str, values) -> None:
        """Replace a group's operands (adjusting segment sizes)."""
        sp = SPECS[self.name]
        sizes = list(self.segments or tuple(1 for _ in sp.operands))
        new_ops, start = [], 0
        for i, ((g, arity), n) in enumerate(zip(sp.operands, sizes)):
            chunk = self.operands[start:start + n]
            if g == name:
                chunk = list(values)
                if arity == "1" and len(chunk) != 1 or arity == "?" and len(chunk) > 1:
                    raise ValueError(f"group '{name}' of '{self.name}' takes {arity} operand(s)")
                sizes[i] = len(chunk)
            new_ops.extend(chunk)
            start += n
        self.operands = new_ops
        if self.segments is not None:
            self.segments = tuple(sizes)

    @property
    def token_in(self) -> Value | None:
        """The input token of a memory op (None if it has none)."""
        sp = SPECS.get(self.name)
        if sp is None or not any(g == "token" for g, _ in sp.operands):
            return None
        return self.one("token")

    @property
    def token_out(self) -> Value | None:
        for r in self.results:
            if r.is_token:
                return r
        return None

    @property
    def result(self) -> Value:
        if len(self.results) != 1:
            raise ValueError(f"'{self.name}' has {len(self.results)} results")
        return self.results[0]

    @property
    def spec(self) -> Any:
        """The op's table entry (None for an op outside it): ask it (`op.spec.is_loop`)
        rather than comparing names."""
        return SPECS.get(self.name)

    def walk(self) -> Iterator[Operation]:
        """This op and every op nested in its regions, pre-order."""
        yield self
        for r in self.regions:
            yield from r.walk()

    def __repr__(self) -> str:
        return f"<Operation {self.name} at {self.loc}>"


def _infer_segments(sp, n: int) -> tuple[int, ...]:
    """Segment sizes when only the total is known: fixed groups first, one variadic takes
    the rest; optional groups are absent. Ambiguous layouts need explicit segments."""
    fixed = sum(1 for _, a in sp.operands if a == "1")
    rest = n - fixed
    sizes = []
    var_seen = False
    for _, a in sp.operands:
        if a == "1":
            sizes.append(1)
        elif a == "*" and not var_seen:
            sizes.append(max(rest, 0))
            var_seen = True
        else:
            sizes.append(0)
    if sum(sizes) != n:
        raise ValueError(f"cannot infer operand groups of '{sp.name}' from {n} operands")
    return tuple(sizes)


class Region:
    """A single-block region: arguments then ops, the last of which may be a terminator."""
    __slots__ = ("args", "ops", "parent")

    def __init__(self, args=(), ops=()):
        self.args: list[Value] = []
        for i, a in enumerate(args):
            v = a if isinstance(a, Value) else Value(a)
            v.owner, v.index = self, i
            self.args.append(v)
        self.ops: list[Operation] = []
        self.parent: Operation | Kernel | None = None
        for op in ops:
            self.append(op)

    def append(self, op: Operation) -> Operation:
        op.parent = self
        self.ops.append(op)
        return op

    def add_arg(self, type: Type, name: str | None = None) -> Value:
        v = Value(type, name, self, len(self.args))
        self.args.append(v)
        return v

    @property
    def terminator(self) -> Operation | None:
        if self.ops and self.ops[-1].spec is not None and self.ops[-1].spec.is_terminator:
            return self.ops[-1]
        return None

    def walk(self) -> Iterator[Operation]:
        for op in self.ops:
            yield from op.walk()


def region_exits(region: Region) -> Iterator[Operation]:
    """The terminators that can end `region`: its own, plus the continue/break of
    `if` branches nested in it (not of nested loops, which end their own bodies)."""
    for op in region.ops:
        if op.spec is not None and op.spec.is_terminator:
            yield op
        elif op.spec is not None and op.spec.is_branch:
            for r in op.regions:
                for t in region_exits(r):
                    if t.spec.has("continue") or t.spec.has("break"):
                        yield t


def control_edges(root) -> list[tuple[Value, Value]]:
    """(source, target) pairs where control flow hands `source`'s value to `target`:
    loop inits and continues to iteration arguments, continues/breaks to loop results
    (a `for` also yields its inits when it runs zero times), yields to `if` results.
    Forward analyses (alias roots, token sets) propagate facts along these edges."""
    edges: list[tuple[Value, Value]] = []
    for op in root.walk():
        sp = op.spec
        if sp is None:
            continue
        if sp.is_loop:
            body = op.regions[0]
            counted = sp.is_counted_loop
            args = body.args[1:] if counted else body.args
            inits = op.group("init")
            edges += list(zip(inits, args))
            if counted:
                edges += list(zip(inits, op.results))
            for t in region_exits(body):
                if t.spec.has("continue"):
                    edges += list(zip(t.operands, args))
                    if counted:
                        edges += list(zip(t.operands, op.results))
                elif t.spec.has("break"):
                    edges += list(zip(t.operands, op.results))
        elif sp.is_branch:
            for r in op.regions:
                t = r.terminator
                if t is not None and t.spec.has("yield"):
                    edges += list(zip(t.operands, op.results))
    return edges


@dataclass
class Param:
    """An entry parameter. `attrs` carries optimizer facts text cannot otherwise say:
    alias group, div_by, contiguity (e.g. `{alias = "xy", div_by = 16}`). `loc` is the
    (line, col) of its `%name` when parsed, for error messages only: it is no part of the
    kernel's meaning, so equality leaves it out."""
    value: Value
    attrs: dict[str, Any] = field(default_factory=dict)
    loc: tuple[int, int] | None = field(default=None, compare=False, repr=False)

    @property
    def type(self) -> Type:
        return self.value.type

    @property
    def name(self) -> str | None:
        return self.value.name


class Kernel:
    """An `entry` function: name, parameters, a body region, and the optimization hints text."""

    def __init__(self, name: str, params: list[Param], body: Region, hints: str | None = None):
        self.name, self.params, self.body, self.hints = name, params, body, hints
        body.parent = self
        for i, p in enumerate(params):
            p.value.owner, p.value.index = self, i

    @property
    def args(self) -> list[Value]:
        return [p.value for p in self.params]

    def walk(self) -> Iterator[Operation]:
        return self.body.walk()

    def __eq__(self, other) -> bool:
        return isinstance(other, Kernel) and structurally_equal(self, other)

    __hash__ = object.__hash__

    # __str__: the kernel's text, set by the eqsat.ir package from eqsat.ir.printer, which
    # reads this module's classes (this module knows nothing of printing)

    def __repr__(self) -> str:
        return f"<Kernel @{self.name}: {sum(1 for _ in self.walk())} ops>"


def _attr_eq(a, b) -> bool:
    if isinstance(a, DenseConst) or isinstance(b, DenseConst):
        return a == b
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (a != a and b != b)
    return a == b


def structurally_equal(a: Kernel, b: Kernel) -> bool:
    """Same kernel up to value names: same ops, attributes, types and use-def structure."""
    return first_difference(a, b) is None


def first_difference(a: Kernel, b: Kernel) -> str | None:
    """A description of the first structural difference, or None if equal."""
    if a.name != b.name:
        return f"name @{a.name} != @{b.name}"
    if len(a.params) != len(b.params):
        return "parameter count differs"
    m: dict[int, Value] = {}
    for i, (p, q) in enumerate(zip(a.params, b.params)):
        if p.type != q.type:
            return f"parameter {i} type {p.type} != {q.type}"
        if p.attrs != q.attrs:
            return f"parameter {i} attributes {p.attrs} != {q.attrs}"
        m[id(p.value)] = q.value
    if a.hints != b.hints:
        return "optimization hints differ"
    return _region_diff(a.body, b.body, m, "entry")


def _region_diff(r: Region, s: Region, m: dict[int, Value], where: str) -> str | None:
    if len(r.args) != len(s.args):
        return f"{where}: region argument count differs"
    for x, y in zip(r.args, s.args):
        if x.type != y.type:
            return f"{where}: region argument type {x.type} != {y.type}"
        m[id(x)] = y
    if len(r.ops) != len(s.ops):
        return f"{where}: {len(r.ops)} ops != {len(s.ops)} ops"
    for i, (o, p) in enumerate(zip(r.ops, s.ops)):
        here = f"{where}/op {i} ({o.name})"
        if o.name != p.name:
            return f"{here}: op {o.name} != {p.name}"
        if len(o.operands) != len(p.operands):
            return f"{here}: operand count differs"
        for x, y in zip(o.operands, p.operands):
            if m.get(id(x)) is not y:
                return f"{here}: operand mismatch"
        if (o.segments or ()) != (p.segments or ()):
            return f"{here}: operand groups differ"
        if o.attrs.keys() != p.attrs.keys() or any(
                not _attr_eq(o.attrs[k], p.attrs[k]) for k in o.attrs):
            return f"{here}: attributes {o.attrs} != {p.attrs}"
        if [x.type for x in o.results] != [y.type for y in p.results]:
            return f"{here}: result types differ"
        for x, y in zip(o.results, p.results):
            m[id(x)] = y
        if len(o.regions) != len(p.regions):
            return f"{here}: region count differs"
        for j, (rr, ss) in enumerate(zip(o.regions, p.regions)):
            d = _region_diff(rr, ss, m, f"{here}/region {j}")
            if d:
                return d
    return None


def const_int(v: Value) -> int | None:
    """The value of an integer constant that is the same in every lane, else None."""
    op = v.owner
    if isinstance(op, Operation) and op.spec is not None and op.spec.has("constant"):
        c = op.attrs["value"]
        if c.is_splat and not is_float(c.elem):
            return int(c.scalar())
    return None


# -- copying --------------------------------------------------------------------------------
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


def clone_op(op: Operation, operands: list[Value], *,
             lookup: Callable[[Value], Value] | None = None) -> Operation:
    """A copy of `op` over `operands` (same operand layout as `op`), regions included;
    `lookup` translates any outer value a region reads (ValueError if none is given)."""
    def missing(v: Value) -> Value:
        raise ValueError(f"'{op.name}': its region reads %{v.name}, defined outside it")

    regions = [clone_region(r, lookup or missing) for r in op.regions]
    return Operation(op.name, operands, [r.type for r in op.results], dict(op.attrs), regions,
                     segments=op.segments, result_names=[r.name for r in op.results],
                     loc=op.loc)


def clone_kernel(kernel: Kernel) -> Kernel:
    """An independent deep copy of `kernel`: same names, types, attributes, locations and
    hints, no value or op shared with the original (editing one leaves the other)."""
    params: dict[int, Value] = {}
    copies: list[Param] = []
    for p in kernel.params:
        v = params[id(p.value)] = Value(p.type, p.name)
        copies.append(Param(v, dict(p.attrs), loc=p.loc))

    def param(v: Value) -> Value:
        got = params.get(id(v))
        if got is None:
            raise ValueError(f"kernel '{kernel.name}' reads %{v.name}, defined outside it")
        return got

    return Kernel(kernel.name, copies, clone_region(kernel.body, param), kernel.hints)
