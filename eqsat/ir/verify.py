"""Structural verifier for kernels: scoping, operand groups, per-op type rules, regions.

Everything downstream (printer, interpreter, e-graph encoder) assumes verified IR, so
the rules here are the ones those stages rely on, plus the ones the text format needs
to round-trip (e.g. all index operands of a load share one printed type).

`verify` stops at the first problem; `check` reports every problem it can find
(after a broken op it keeps going with the op's results in scope, so one mistake
does not cascade into a page of "undefined value" errors). Each problem is a
`VerifyError` with the op name, a stable rule id from `RULES` and the op's location.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any, NoReturn

from eqsat.errors import VerifyError
from eqsat.ir.attrs import Bounded, DenseConst, DivBy, SameElements
from eqsat.ir.core import Kernel, Operation, Param, Region, Value
from eqsat.ir.ops import (ATOMIC_MODES, ATOMIC_WORDS, ONE, OPT, PURE_REGION_OPS, ROUNDING,
                          SPECS)
from eqsat.ir.types import (ARITH_FLOATS, INT_WIDTHS, SCALAR_NAMES, TOKEN, PartitionViewType,
                            PointerType, StridedViewType, TensorViewType, TileType, TokenType,
                            bit_width, is_float, is_int, is_ptr)

# Deepest region nesting checked: a fixed bound, so a kernel verifies the same whether this
# module runs compiled (no recursion limit of Python's to stop it) or from source (which
# reaches the limit a little deeper); real kernels nest a few regions deep.
MAX_NESTING = 256
# Most elements one tile may have (tileiras: "tile would exceed the maximum of 16777216").
MAX_TILE_ELEMENTS = 1 << 24

RULES = {
    "unknown-op": "the op name is not in the op catalogue (eqsat.ir.ops.SPECS)",
    "undefined-value": "an operand is not defined before its use in an enclosing scope",
    "defined-twice": "one Value (or Operation) object appears at two definition sites",
    "value-owner": "a result or argument's `owner`/`index` does not point back to its definer",
    "operand-count": "operand groups (segments) do not fit the op's signature",
    "result-count": "wrong number of results",
    "region-arity": "wrong number of regions, or of region arguments, or their types",
    "invalid-type": "a type that is not a well-formed Tile IR type, or a tile shape tileiras "
                    "will not read (a dimension not a power of two, over 2^24 elements)",
    "type-mismatch": "operand and result types break the op's typing rule",
    "attribute": "a missing or malformed attribute",
    "terminator": "a region does not end in the terminator its parent needs, or its "
                  "operands do not match",
    "nesting-depth": f"regions nested more than {MAX_NESTING} deep (or past the recursion "
                     "limit)",
}

COMPARE_PREDICATES = frozenset(("equal", "not_equal", "less_than", "less_than_or_equal",
                                "greater_than", "greater_than_or_equal"))
SEMANTICS = frozenset(("weak", "relaxed", "acquire", "release", "acq_rel"))
SCOPES = frozenset(("tl_blk", "device", "sys"))
WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_$.]*$")
_TILED_VIEWS = (PartitionViewType, StridedViewType)
# Ops whose meaning depends on the integers' signedness: cuda-tile has no default for it.
SIGNED_OPS = frozenset(("divi", "remi", "shri", "maxi", "mini", "exti", "itof", "ftoi"))
OVERFLOW_FLAGS = ("none", "no_signed_wrap", "no_unsigned_wrap", "no_wrap")
PADDINGS = (None, "zero", "neg_zero", "nan", "pos_inf", "neg_inf")
# ftof's directed roundings as tileiras takes them (every float pair probed, sm_90/sm_100;
# fnv8E5M3FNU compiles on neither, so its pairs are unprobed):
# toward zero into each of these results, from any other float...
FTOF_ZERO_INTO = frozenset(("f16", "bf16", "tf32", "f32", "f64"))
# ...and toward either infinity only on these pairs (f64 -> f32 and widenings); into
# f8E8M0FNU, zero and positive_inf are its only modes (no nearest power of two)
_FP8_FP4 = ("f8E4M3FN", "f8E5M2", "f4E2M1FN")
FTOF_INF_INTO = {"f16": frozenset(_FP8_FP4),
                 "f32": frozenset(("f16", "bf16", "tf32", "f64", *_FP8_FP4)),
                 "f64": frozenset(("f16", "bf16", "tf32", "f32", "f8E8M0FNU", *_FP8_FP4))}
# mmaf: the accumulators each input element type multiplies into
MMA_ACCUMULATORS = {"f16": ("f16", "f32"), "bf16": ("f32",), "f32": ("f32",), "tf32": ("f32",),
                    "f64": ("f64",), "f8E4M3FN": ("f16", "f32"), "f8E5M2": ("f16", "f32")}

# Attribute keys each syntax family carries. Anything else would be dropped silently by the
# printer (a pass's private notes do not survive text), so it is an error.
_MODS = frozenset(("signedness", "rounding", "flush_to_zero", "propagate_nan", "overflow"))
_ORDER = frozenset(("sem", "scope"))
ATTRIBUTES: dict[str, frozenset] = {
    **{f: _MODS for f in ("binary", "unary", "ternary")},
    "convert": _MODS | {"saturating"},
    "mma": _MODS | {"signedness_lhs", "signedness_rhs", "fast_acc"},
    **{f: frozenset() for f in ("select", "offset", "nullary", "grid", "join", "partition_view",
                                "index_shape", "extract", "terminator", "if", "loop",
                                "fpowi", "insert", "mma_scaled", "gdc", "fence")},
    "cmpi": frozenset(("predicate", "signedness")),
    "cmpf": frozenset(("predicate", "ordering")),
    "constant": frozenset(("value",)),
    "assume": frozenset(("predicate",)),
    "tensor_view": frozenset(("static_shape", "static_strides")),
    "load_view": _ORDER | {"hints"}, "store_view": _ORDER | {"hints"},
    "atomic_red_view": _ORDER | {"hints", "mode"},
    "load_ptr": _ORDER | {"hints"}, "store_ptr": _ORDER | {"hints"}, "atomic_cas": _ORDER,
    "atomic_rmw": _ORDER | {"mode"},
    "permute": frozenset(("permutation",)), "cat": frozenset(("dim",)),
    "print": frozenset(("format",)), "print_tko": frozenset(("format",)),
    "assert": frozenset(("message",)),
    "for": frozenset(("unsigned",)),
    "reduce": frozenset(("dim", "identities")), "scan": frozenset(("dim", "reverse", "identities")),
}


class _Fail(Exception):
    """Carries one VerifyError up to the op (check) or the caller (verify)."""

    def __init__(self, err: VerifyError):
        self.err = err


def verify(kernel: Kernel, filename: str = "<input>") -> None:
    """Raise `VerifyError` on the first problem in `kernel` (program order)."""
    v = _Verifier(filename, collect=False)
    try:
        v.kernel(kernel)
    except _Fail as f:
        raise f.err from None
    except RecursionError:
        raise _too_deep(filename) from None


def check(kernel: Kernel, filename: str = "<input>") -> list[VerifyError]:
    """Every problem found in `kernel`, in program order (empty list: it verifies)."""
    v = _Verifier(filename, collect=True)
    try:
        v.kernel(kernel)
    except _Fail as f:              # a kernel-level problem that stops the walk
        v.errors.append(f.err)
    except RecursionError:
        v.errors.append(_too_deep(filename))
    return v.errors


def _too_deep(filename: str) -> VerifyError:
    return VerifyError("entry", "nesting-depth", f"regions are nested too deeply to verify "
                       f"(more than {MAX_NESTING})", None, filename)


def verify_op(op: Operation, filename: str = "<input>") -> None:
    """Op-local rules only (groups, counts, types, attributes, region arity): no scoping,
    no terminators. The builder runs this as each op is made, to fail at the call site."""
    v = _Verifier(filename, collect=False, scoped=False)
    try:
        v.op_local(op)
    except _Fail as f:
        raise f.err from None


def type_problem(t) -> str | None:
    """Why `t` is not a well-formed Tile IR type, or None if it is."""
    return _malformed(t) or _tile_limit_problem(t)


def _malformed(t) -> str | None:
    """Why `t` is not a type at all (the rules cannot even read it), or None."""
    if isinstance(t, TileType):
        if not isinstance(t.shape, tuple) or any(
                type(d) is not int or d <= 0 for d in t.shape):
            return f"tile shape {t.shape!r} must be a tuple of positive integers"
        return _elem_problem(t.elem, allow_ptr=True)
    if isinstance(t, TokenType):
        return None
    if isinstance(t, TensorViewType):
        return _view_problem(t)
    if isinstance(t, PartitionViewType):
        if not isinstance(t.tile, tuple) or not t.tile or any(
                type(d) is not int or d <= 0 for d in t.tile):
            return f"partition tile {t.tile!r} must be a non-empty tuple of positive integers"
        if t.padding is not None and not (isinstance(t.padding, str) and WORD.match(t.padding)):
            return f"padding value {t.padding!r} is not a word"
        if isinstance(t.view, TensorViewType) and t.padding not in PADDINGS:
            return (f"padding value '{t.padding}' is none of "
                    f"{', '.join(p for p in PADDINGS if p)}")
        if t.dim_map is not None and (not isinstance(t.dim_map, tuple) or any(
                type(d) is not int for d in t.dim_map)):
            return f"dim_map {t.dim_map!r} must be a tuple of integers"
        if not isinstance(t.view, TensorViewType):
            return "a partition_view needs a tensor_view"
        return _view_problem(t.view)
    if isinstance(t, StridedViewType):
        if not isinstance(t.tile, tuple) or not t.tile or any(
                type(d) is not int or d <= 0 for d in t.tile):
            return f"strided_view tile {t.tile!r} must be a non-empty tuple of positive integers"
        if not isinstance(t.traversal_strides, tuple) or len(t.traversal_strides) != len(
                t.tile) or any(type(d) is not int or d <= 0 for d in t.traversal_strides):
            return (f"traversal_strides {t.traversal_strides!r} must give one positive integer "
                    "per tile dimension")
        if not isinstance(t.view, TensorViewType):
            return "a strided_view needs a tensor_view"
        return _view_problem(t.view)
    return f"{t!r} is not a Tile IR type"


def _conversions(fmt: str) -> int | None:
    """How many values a print format takes, as tileiras counts them: each '%' up to the
    first printf conversion letter (or '%') is one, '%%' none; None for a '%' no letter
    ends."""
    n, pos = 0, 0
    while pos < len(fmt):
        if fmt[pos] != "%":
            pos += 1
            continue
        end = next((i for i in range(pos + 1, len(fmt)) if fmt[i] in _CONVERSION_ENDS), None)
        if end is None:
            return None
        if end == pos + 1 and fmt[end] == "%":
            pos += 2
            continue
        n += 1
        pos += 1
    return n


_CONVERSION_ENDS = frozenset("diuoxXeEfFgGaAcsSpn%")


def _tile_limit_problem(t) -> str | None:
    """Why the tile shape of a well-formed `t` (a tile's, or the tile a view hands out) is
    one tileiras refuses as it reads the type, or None: every dimension a power of two,
    at most MAX_TILE_ELEMENTS elements (tensor_view sizes are memory, not tiles: free)."""
    if isinstance(t, TileType):
        shape, what = t.shape, str(t)
        if shape and t.elem == PointerType("f4E2M1FN"):
            return (f"{t}: pointers to f4E2M1FN are scalars only (tileiras: use an f4 tile "
                    "view for memory accesses)")
        if t.elem == "f4E2M1FN" and math.prod(shape) % 2:
            return (f"{t}: f4E2M1FN tiles hold an even number of elements (two to a byte; "
                    "tileiras refuses others)")
    elif isinstance(t, (PartitionViewType, StridedViewType)):
        shape, what = t.tile, f"the view's tile ({'x'.join(map(str, t.tile))})"
        if t.padding not in (None, "zero") and not is_float(t.view.elem):
            return (f"padding value {t.padding} is for float views, found one of "
                    f"{t.view.elem}")
    else:
        return None
    odd = [d for d in shape if d & (d - 1)]
    if odd:
        return (f"{what}: every tile dimension must be a power of two, found "
                f"{', '.join(map(str, odd))}")
    if math.prod(shape) > MAX_TILE_ELEMENTS:
        return (f"{what} has {math.prod(shape)} elements, more than a tile holds "
                f"({MAX_TILE_ELEMENTS}, 2^24)")
    return None


def _elem_problem(e, allow_ptr: bool) -> str | None:
    if isinstance(e, PointerType):
        if not allow_ptr:
            return f"element type {e} cannot be a pointer here"
        if not isinstance(e.pointee, str) or e.pointee not in SCALAR_NAMES:
            return f"pointer to {e.pointee!r} (pointees are scalar element types)"
        return None
    if not isinstance(e, str) or e not in SCALAR_NAMES:
        return f"unknown element type {e!r}"
    return None


def _view_problem(t: TensorViewType) -> str | None:
    if not isinstance(t.shape, tuple) or not isinstance(t.strides, tuple):
        return "tensor_view shape and strides must be tuples"
    if any(d is not None and (type(d) is not int or d < 0) for d in t.shape + t.strides):
        return "tensor_view sizes and strides must be non-negative integers or None (?)"
    if len(t.shape) != len(t.strides):
        return f"tensor_view has {len(t.shape)} dimensions but {len(t.strides)} strides"
    return _elem_problem(t.elem, allow_ptr=False)


def _show(v: Value) -> str:
    return f"%{v.name}" if v.name is not None else f"<value of type {v.type}>"


def _types(vs) -> str:
    return "(" + ", ".join(str(v.type) for v in vs) + ")"


class _Verifier:
    def __init__(self, filename: str, collect: bool, scoped: bool = True):
        self.filename, self.collect, self.scoped = filename, collect, scoped
        self.errors: list[VerifyError] = []
        self.scopes: list[set[int]] = []
        self.defined: set[int] = set()        # every value defined so far, any scope
        self.ops_seen: set[int] = set()
        self.all_defs: set[int] = set()       # every value defined anywhere in the kernel
        self.bad_shapes: set[int] = set()     # values whose tile shape was reported refused

    # -- reporting --------------------------------------------------------------------
    def fail(self, op: Any, rule: str, message: str) -> NoReturn:
        name = op.name if isinstance(op, Operation) else "entry"
        loc = op.loc if isinstance(op, (Operation, Param)) else None  # a Param: its `%name`
        raise _Fail(VerifyError(str(name), rule, message, loc, self.filename))

    def record(self, f: _Fail):
        if not self.collect:
            raise f
        self.errors.append(f.err)

    # -- kernel and regions -----------------------------------------------------------
    def kernel(self, k: Kernel):
        if not isinstance(k, Kernel):
            self.fail(None, "invalid-type", f"expected a Kernel, got {type(k).__name__}")
        if not isinstance(k.body, Region):
            self.fail(None, "region-arity", "the kernel body is not a Region")
        if not isinstance(k.name, str) or not WORD.match(k.name):
            self.record_or_raise(None, "attribute", f"kernel name {k.name!r} is not an "
                                 "identifier")
        if k.hints is not None and not (isinstance(k.hints, str) and k.hints.startswith(
                "optimization_hints=") and _angled(k.hints[len("optimization_hints="):])):
            self.record_or_raise(None, "attribute", f"kernel hints {k.hints!r} are not "
                                 "'optimization_hints=<...>'")
        self._collect_defs(k)
        self.scopes.append(set())
        for i, p in enumerate(k.params):
            try:
                self._param(k, i, p)
            except _Fail as f:
                self.record(f)
        if k.body.args:
            self.record_or_raise(None, "region-arity",
                                 "the entry body takes no region arguments (use parameters)")
        self._region_ops(k.body, None, [])
        self.scopes.pop()

    def record_or_raise(self, op, rule, message):
        try:
            self.fail(op, rule, message)
        except _Fail as f:
            self.record(f)

    def _param(self, k: Kernel, i: int, p: Param):
        if not isinstance(p, Param) or not isinstance(p.value, Value):
            self.fail(p if isinstance(p, Param) else None, "invalid-type",
                      f"parameter {i} is not a Param holding a Value")
        v = p.value
        self._define(p, v, f"parameter {i}")       # first, so later uses do not cascade
        prob = type_problem(v.type)
        if prob:
            self.bad_shapes.add(id(v))
            self.fail(p, "invalid-type", f"parameter {i} ({_show(v)}): {prob}")
        if v.owner is not k or v.index != i:
            self.fail(p, "value-owner", f"parameter {i} ({_show(v)}) does not point back "
                      "to the kernel at its position")
        if not isinstance(p.attrs, dict):
            self.fail(p, "attribute", f"parameter {i} attributes are not a dict")
        for key, val in p.attrs.items():
            if not isinstance(key, str) or not WORD.match(key):
                self.fail(p, "attribute", f"parameter {i} attribute name {key!r} is not an "
                          "identifier")
            if not param_attr_ok(val):
                self.fail(p, "attribute", f"parameter {i} attribute '{key}' = {val!r}: "
                          "values are str, int, bool, None or tuples of those")

    def _collect_defs(self, k: Kernel):
        """Every value the kernel defines, to tell 'defined later' from 'not in the kernel'."""
        try:
            for p in k.params:
                self.all_defs.add(id(p.value))
            stack, seen = [k.body], set()
            while stack:
                r = stack.pop()
                if id(r) in seen:           # a region reachable twice (or cyclically)
                    continue
                seen.add(id(r))
                self.all_defs.update(id(a) for a in r.args)
                for op in r.ops:
                    self.all_defs.update(id(x) for x in op.results)
                    stack.extend(op.regions)
        except (AttributeError, TypeError):
            pass                    # malformed structure: reported by the main walk

    def _define(self, op, v, what: str):
        if not isinstance(v, Value):
            self.fail(op, "invalid-type", f"{what} is not a Value")
        if id(v) in self.defined:
            self.fail(op, "defined-twice", f"{what} ({_show(v)}) is already defined elsewhere")
        self.defined.add(id(v))
        self.scopes[-1].add(id(v))

    def _visible(self, v: Value) -> bool:
        return any(id(v) in s for s in self.scopes)

    def _region(self, region: Region, owner: Operation, ctx: list[Operation]):
        """One region of `owner`: its arguments, ops and terminator."""
        if not isinstance(region, Region):
            self.record_or_raise(owner, "region-arity", "a region of this op is not a Region")
            return
        if len(self.scopes) > MAX_NESTING:
            raise _Fail(_too_deep(self.filename))
        self.scopes.append(set())
        for i, a in enumerate(region.args):
            try:
                self._define(owner, a, f"region argument {i}")
                self._owned(owner, a, region, i, f"region argument {i}", "its region")
            except _Fail as f:
                self.record(f)
        self._region_ops(region, owner, ctx + [owner])
        self.scopes.pop()

    def _owned(self, op, v: Value, parent, i: int, what: str, where: str):
        """`v` (named `what` in messages) points back to `parent` at position `i` (`where`
        says which) and has a valid type; failures are reported on `op`."""
        if v.owner is not parent or v.index != i:
            self.fail(op, "value-owner", f"{what} ({_show(v)}) does not point back to {where}")
        prob = _malformed(v.type)
        if prob:
            self.fail(op, "invalid-type", f"{what}: {prob}")
        prob = _tile_limit_problem(v.type)
        if prob:
            self.bad_shapes.add(id(v))
            # computed from a value already reported: the same mistake, not a new one
            if not any(id(x) in self.bad_shapes for x in op.operands):
                self.fail(op, "invalid-type", f"{what}: {prob}")

    def _region_ops(self, region: Region, owner, ctx: list[Operation]):
        for op in region.ops:
            self._op(op, ctx)
        try:
            self._terminator(region, owner, ctx)
        except _Fail as f:
            self.record(f)

    def _op(self, op: Operation, ctx: list[Operation]):
        if not isinstance(op, Operation):
            self.record_or_raise(None, "unknown-op", f"{op!r} in a region is not an Operation")
            return
        if id(op) in self.ops_seen:        # report once; do not walk it again (it may even
            self.record_or_raise(op, "defined-twice",      # contain itself)
                                 "this Operation object appears twice in the kernel")
            return
        self.ops_seen.add(id(op))
        try:
            self.op_local(op)
        except _Fail as f:
            self.record(f)
        regions = op.regions if isinstance(op.regions, list) else []
        for region in regions:
            self._region(region, op, ctx)
        for i, r in enumerate(op.results):
            try:
                self._define(op, r, f"result {i}")
            except _Fail as f:
                self.record(f)

    # -- terminators ------------------------------------------------------------------
    def _terminator(self, region: Region, owner, ctx: list[Operation]):
        kind = owner.name if isinstance(owner, Operation) else "entry"
        for op in region.ops[:-1]:
            if isinstance(op, Operation) and op.spec is not None and op.spec.is_terminator:
                self.fail(op, "terminator", f"'{op.name}' must be the last op of its region")
        last = region.ops[-1] if region.ops else None
        if not (isinstance(last, Operation) and last.spec is not None
                and last.spec.is_terminator):
            if kind == "entry":
                self.fail(last, "terminator", "the entry body must end with 'return' (Tile "
                          "IR requires it)")
            self.fail(owner, "terminator", f"the body of '{kind}' does not end with a "
                      "terminator")
        allowed = self._allowed_terminators(owner, ctx)
        if not any(last.spec.has(t) for t in allowed):
            self.fail(last, "terminator", f"'{last.name}' cannot end a region of '{kind}' here "
                      f"(allowed: {', '.join(sorted(allowed))})")
        expected = self._terminator_types(last, owner, region, ctx)
        got = [getattr(v, "type", None) for v in last.operands]
        if expected is not None and got != expected:
            self.fail(last, "terminator", f"'{last.name}' passes {_types(last.operands)} "
                      f"but its target expects ({', '.join(map(str, expected))})")

    @staticmethod
    def _enclosing_loop(ctx: list[Operation]) -> Operation | None:
        """The loop a `continue`/`break` in an if-region at the end of `ctx` refers to."""
        for op in reversed(ctx):
            sp = op.spec
            if sp is not None and sp.is_branch:
                continue
            return op if sp is not None and sp.is_loop else None
        return None

    def _allowed_terminators(self, owner, ctx: list[Operation]) -> set[str]:
        """The terminator traits that may end a region of `owner` (None: the entry body)."""
        if not isinstance(owner, Operation):
            return {"return"}
        sp = owner.spec
        if sp is None:
            return set()
        if sp.is_loop:
            return {"continue"} if sp.is_counted_loop else {"continue", "break"}
        if owner.name in PURE_REGION_OPS:
            return {"yield"}
        if sp.is_branch:
            allowed = {"yield"}
            loop = self._enclosing_loop(ctx)
            if loop is not None:
                allowed.add("continue")
                if not loop.spec.is_counted_loop:
                    allowed.add("break")
            if not any(o.name in PURE_REGION_OPS for o in ctx):
                allowed.add("return")
            return allowed
        return set()

    def _terminator_types(self, last: Operation, owner, region: Region, ctx) -> list | None:
        sp = last.spec
        if sp.has("return"):
            return []
        if sp.has("yield"):
            if owner.spec.is_branch:
                return [r.type for r in owner.results]
            return [a.type for a in region.args[0::2]]           # reduce / scan
        loop = owner if owner.spec.is_loop else self._enclosing_loop(ctx)
        if loop is None or not loop.regions or not isinstance(loop.regions[0], Region):
            return None
        if sp.has("continue"):
            args = loop.regions[0].args
            return [a.type for a in (args[1:] if loop.spec.is_counted_loop else args)]
        return [r.type for r in loop.results]                    # break

    # -- one op -----------------------------------------------------------------------
    def op_local(self, op: Operation):
        sp = SPECS.get(op.name)
        if sp is None:
            self.fail(op, "unknown-op", f"unknown operation '{op.name}'")
        for i, v in enumerate(op.operands):
            if not isinstance(v, Value):
                self.fail(op, "undefined-value", f"operand {i} is {v!r}, not a Value")
            if self.scoped and not self._visible(v):
                if id(v) in self.defined:
                    why = "is defined in a region that does not enclose this use"
                elif id(v) in self.all_defs:
                    why = "is used before its definition"
                else:
                    why = "is not defined in this kernel"
                self.fail(op, "undefined-value", f"operand {i} ({_show(v)}) {why}")
            prob = _malformed(v.type) or (None if id(v) in self.bad_shapes    # reported
                                          else _tile_limit_problem(v.type))  # at its definer
            if prob:
                self.fail(op, "invalid-type", f"operand {i} ({_show(v)}): {prob}")
        g = self._groups(op, sp)
        for i, r in enumerate(op.results):
            if not isinstance(r, Value):
                self.fail(op, "invalid-type", f"result {i} is not a Value")
            self._owned(op, r, op, i, f"result {i}", "this op at its position")
        if sp.results is not None and len(op.results) != sp.results:
            self.fail(op, "result-count", f"'{op.name}' has {sp.results} result(s), "
                      f"found {len(op.results)}")
        if not isinstance(op.regions, list) or len(op.regions) != sp.regions:
            n = len(op.regions) if isinstance(op.regions, list) else "no list of"
            self.fail(op, "region-arity", f"'{op.name}' takes {sp.regions} region(s), found {n}")
        if not isinstance(op.attrs, dict):
            self.fail(op, "attribute", "attributes are not a dict")
        known = ATTRIBUTES.get(sp.syntax)
        if known is not None:
            extra = sorted(map(str, set(op.attrs) - known))
            if extra:
                self.fail(op, "attribute", f"'{op.name}' has no attribute '{extra[0]}' "
                          "(it would be lost in printing)")
        rules = getattr(self, "t_" + sp.syntax, None)
        if rules is not None:               # a family added to the catalogue later gets
            rules(op, g)                    # the generic checks above until it has rules
        own = OP_CHECKS.get(op.name)
        if own is not None:
            own(self, op, g)

    def _groups(self, op: Operation, sp) -> dict[str, list[Value]]:
        arities = [a for _, a in sp.operands]
        segs = op.segments
        if segs is None:
            if sp.has_segments:
                self.fail(op, "operand-count", "operand group sizes (segments) are missing")
            segs = (1,) * len(arities)
        if (not isinstance(segs, tuple) or len(segs) != len(arities)
                or any(type(s) is not int or s < 0 for s in segs)):
            self.fail(op, "operand-count", f"segments {segs!r} do not describe the "
                      f"{len(arities)} operand group(s) of '{op.name}'")
        out, start = {}, 0
        for (name, arity), n in zip(sp.operands, segs):
            if arity == ONE and n != 1 or arity == OPT and n > 1:
                want = "exactly 1" if arity == ONE else "at most 1"
                self.fail(op, "operand-count", f"operand group '{name}' takes {want} operand, "
                          f"found {n}")
            out[name] = op.operands[start:start + n]
            start += n
        if start != len(op.operands):
            self.fail(op, "operand-count", f"'{op.name}' has {len(op.operands)} operand(s) but "
                      f"its groups describe {start}")
        return out

    # -- helpers for type rules ----------------------------------------------------------
    def tile(self, op, v: Value, what: str) -> TileType:
        if not isinstance(v.type, TileType):
            self.fail(op, "type-mismatch", f"{what} must be a tile, found {v.type}")
        return v.type

    def same(self, op, a: Value, b: Value, what: str):
        if a.type != b.type:
            self.fail(op, "type-mismatch", f"{what}: {a.type} != {b.type}")

    def expect(self, op, v: Value, t, what: str):
        if v.type != t:
            self.fail(op, "type-mismatch", f"{what} must be {t}, found {v.type}")

    def scalar_int(self, op, v: Value, what: str) -> TileType:
        t = self.tile(op, v, what)
        if t.shape != () or not is_int(t.elem):
            self.fail(op, "type-mismatch", f"{what} must be a scalar integer tile, found {t}")
        return t

    def one_type(self, op, vs: list[Value], what: str):
        for v in vs[1:]:
            if v.type != vs[0].type:
                self.fail(op, "type-mismatch", f"all {what} must have one type: "
                          f"{vs[0].type} != {v.type}")

    def indices(self, op, idx: list[Value], rank: int, takes: str, elem: str | None = None):
        """One scalar integer index per dimension, all of one type ("<takes> N indices"),
        `elem` if given."""
        if len(idx) != rank:
            self.fail(op, "operand-count", f"{takes} {rank} indices, found {len(idx)}")
        for i in idx:
            self.scalar_int(op, i, "an index")
            if elem is not None:
                self.expect(op, i, TileType((), elem), "an index")
        self.one_type(op, idx, "indices")

    def attr(self, op, key: str, ok, desc: str, optional: bool = False):
        if key not in op.attrs:
            if optional:
                return None
            self.fail(op, "attribute", f"missing attribute '{key}' ({desc})")
        val = op.attrs[key]
        if not ok(val):
            self.fail(op, "attribute", f"attribute '{key}' = {val!r} must be {desc}")
        return val

    def modifiers(self, op):
        self.attr(op, "signedness", lambda s: s in ("signed", "unsigned"),
                  "'signed' or 'unsigned'", optional=True)
        self.attr(op, "overflow", lambda s: s in OVERFLOW_FLAGS,
                  "one of " + ", ".join(OVERFLOW_FLAGS), optional=True)
        if op.name in SIGNED_OPS:
            self.attr(op, "signedness", lambda s: s in ("signed", "unsigned"),
                      "'signed' or 'unsigned'")
        if "rounding" in op.attrs:
            modes = ROUNDING.get(op.name, ())
            if not modes:
                self.fail(op, "attribute", f"'{op.name}' takes no rounding mode")
            self.attr(op, "rounding", lambda s: s in modes,
                      "one of " + ", ".join(modes) if len(modes) > 1 else modes[0])
        for k in ("flush_to_zero", "propagate_nan"):
            self.attr(op, k, lambda b: b is True, "True (a flag is absent when off)",
                      optional=True)

    def mem_order(self, op):
        """The ordering a load, store or atomic takes (tileiras: loads never release, stores
        never acquire, atomics are never weak), with a scope exactly when it is not weak."""
        sem = self.attr(op, "sem", lambda s: s in SEMANTICS,
                        "one of " + ", ".join(sorted(SEMANTICS)))
        scope = self.attr(op, "scope", lambda s: s in SCOPES,
                          "one of " + ", ".join(sorted(SCOPES)), optional=True)
        sp = op.spec
        kind, allowed = (("a load", ("weak", "relaxed", "acquire")) if sp.is_load else
                         ("a store", ("weak", "relaxed", "release")) if sp.is_store else
                         ("an atomic", ("relaxed", "acquire", "release", "acq_rel")))
        if sem not in allowed:
            self.fail(op, "attribute", f"{kind} is ordered {', '.join(allowed)}, found '{sem}'")
        if sem == "weak" and scope is not None:
            self.fail(op, "attribute", f"a weak access takes no memory scope, found '{scope}'")
        if sem != "weak" and scope is None:
            self.fail(op, "attribute", f"a {sem} access needs a memory scope (tl_blk, device or "
                      "sys)")

    def token_group(self, op, g):
        for v in g["token"]:
            if not isinstance(v.type, TokenType):
                self.fail(op, "type-mismatch", f"the token operand must be a token, found "
                          f"{v.type}")

    def types_are(self, op, got: list, types: list, *, count: str, unit: str, what: str,
                  count_rule: str, type_rule: str):
        """Fail unless the types `got` are exactly `types`: first their number ("<count> N
        <unit>, found M", rule `count_rule`), then the types ("<what> must be (...)")."""
        if len(got) != len(types):
            self.fail(op, count_rule, f"{count} {len(types)} {unit}, found {len(got)}")
        if got != types:
            self.fail(op, type_rule, f"{what} must be ({', '.join(map(str, types))}), "
                      f"found ({', '.join(map(str, got))})")

    def results_are(self, op, types: list):
        self.types_are(op, [r.type for r in op.results], types, count=f"'{op.name}' has",
                       unit="result(s)", what="results", count_rule="result-count",
                       type_rule="type-mismatch")

    def ptr_tile(self, op, v: Value, what: str) -> TileType:
        t = self.tile(op, v, what)
        if not is_ptr(t.elem):
            self.fail(op, "type-mismatch", f"{what} must be a tile of pointers, found {t}")
        return t

    def mask(self, op, g, shape):
        for m in g["mask"]:
            self.expect(op, m, TileType(shape, "i1"), "the mask")

    # -- type rules per syntax family ---------------------------------------------------------
    def t_binary(self, op, g):
        a, b = g["lhs"][0], g["rhs"][0]
        t = self.tile(op, a, "lhs")
        self.same(op, a, b, "lhs and rhs types differ")
        self.results_are(op, [t])
        self._elem_kind(op, t)
        self.modifiers(op)

    def t_fpowi(self, op, g):
        a, b = g["lhs"][0], g["rhs"][0]
        t = self.tile(op, a, "the base")
        n = self.tile(op, b, "the exponent")
        if t.elem not in ARITH_FLOATS:
            self.fail(op, "type-mismatch", f"fpowi needs a float base (f16, bf16, f32 or f64), "
                      f"found {t}")
        if not is_int(n.elem) or n.elem == "i64" or n.shape != t.shape:
            self.fail(op, "type-mismatch", f"fpowi needs an integer exponent of at most 32 bits "
                      f"and the base's shape {t.shape}, found {n}")
        self.results_are(op, [t])

    def _elem_kind(self, op, t: TileType):
        sp = op.spec
        arith = "float (f16, bf16, f32 or f64)"
        if sp.has("integer"):
            ok, kind = is_int(t.elem), "integer"
        elif sp.has("float"):
            ok, kind = t.elem in ARITH_FLOATS, arith
        else:
            ok, kind = is_int(t.elem) or t.elem in ARITH_FLOATS, "integer or " + arith
        if not ok:
            self.fail(op, "type-mismatch", f"'{op.name}' needs {kind} elements, found {t}")
        self._f32_only_modifiers(op, t)

    def _f32_only_modifiers(self, op, t: TileType):
        """flush_to_zero and the approximate (and divf's full-range) modes are f32's only:
        tileiras refuses them on any other element type."""
        if t.elem == "f32":
            return
        r = op.attrs.get("rounding")
        if "flush_to_zero" in op.attrs:
            self.fail(op, "attribute", f"flush_to_zero applies to f32 only, found {t}")
        if r == "approx" or r == "full" and op.name == "divf":
            self.fail(op, "attribute", f"rounding<{r}> applies to f32 only, found {t}")

    def t_unary(self, op, g):
        x = g["x"][0]
        t = self.tile(op, x, "the operand")
        self.results_are(op, [t])
        self._elem_kind(op, t)
        self.modifiers(op)

    def t_ternary(self, op, g):
        a, b, c = g["a"][0], g["b"][0], g["c"][0]
        t = self.tile(op, a, "the first operand")
        self.same(op, a, b, "operand types differ")
        self.same(op, a, c, "operand types differ")
        self.results_are(op, [t])
        self._elem_kind(op, t)
        self.modifiers(op)

    def t_convert(self, op, g):
        self.tile(op, g["x"][0], "the operand")
        if len(op.results) != 1:
            self.fail(op, "result-count", f"'{op.name}' has 1 result, found {len(op.results)}")
        self.tile(op, op.results[0], "the result")
        self.modifiers(op)
        if "saturating" in op.attrs and not op.spec.has("saturable"):
            self.fail(op, "attribute", f"'saturating' is {_saturable_owners()}, "
                      f"not {op.name}'s")
        self.attr(op, "saturating", lambda b: b is True, "True (a flag is absent when off)",
                  optional=True)

    def _compare(self, op, g, kind_ok, kind: str):
        a, b = g["lhs"][0], g["rhs"][0]
        t = self.tile(op, a, "lhs")
        self.same(op, a, b, "lhs and rhs types differ")
        if not kind_ok(t.elem):
            self.fail(op, "type-mismatch", f"'{op.name}' compares {kind} tiles, found {t}")
        self.results_are(op, [t.with_elem("i1")])
        self.attr(op, "predicate", lambda p: p in COMPARE_PREDICATES,
                  "one of " + ", ".join(sorted(COMPARE_PREDICATES)))

    def t_cmpi(self, op, g):
        self._compare(op, g, is_int, "integer")
        self.attr(op, "signedness", lambda s: s in ("signed", "unsigned"),
                  "'signed' or 'unsigned'")

    def t_cmpf(self, op, g):
        self._compare(op, g, lambda e: e in ARITH_FLOATS, "float (f16, bf16, f32 or f64)")
        self.attr(op, "ordering", lambda s: s in ("ordered", "unordered"),
                  "'ordered' or 'unordered'")

    def t_select(self, op, g):
        c, a, b = g["cond"][0], g["true"][0], g["false"][0]
        t = self.tile(op, a, "the true value")
        self.same(op, a, b, "true and false values differ")
        self.expect(op, c, t.with_elem("i1"), "the condition")
        self.results_are(op, [t])

    def t_offset(self, op, g):
        p, o = g["ptr"][0], g["offset"][0]
        pt = self.ptr_tile(op, p, "the pointer")
        ot = self.tile(op, o, "the offset")
        if not is_int(ot.elem) or ot.shape != pt.shape:
            self.fail(op, "type-mismatch", f"the offset must be an integer tile of shape "
                      f"{pt.shape}, found {ot}")
        self.results_are(op, [pt])

    def t_nullary(self, op, g):
        pass                    # each nullary op's result: its own check (OP_CHECKS)

    def t_grid(self, op, g):
        if len(op.results) != 3:
            self.fail(op, "result-count", f"'{op.name}' has 3 results, found {len(op.results)}")
        self.results_are(op, [TileType((), "i32")] * 3)

    def t_join(self, op, g):
        vs = g["tokens"]
        if len(vs) < 2:
            self.fail(op, "operand-count", f"join_tokens joins two or more tokens, found "
                      f"{len(vs)} (one token is itself; make_token makes a fresh one)")
        for v in vs:
            if not isinstance(v.type, TokenType):
                self.fail(op, "type-mismatch", f"join_tokens joins tokens, found {v.type}")
        self.results_are(op, [TOKEN])

    def t_constant(self, op, g):
        if len(op.results) != 1:
            self.fail(op, "result-count", f"constant has 1 result, found {len(op.results)}")
        t = self.tile(op, op.results[0], "the result")
        if is_ptr(t.elem):
            self.fail(op, "type-mismatch", "pointer constants are not supported")
        c = self.attr(op, "value", lambda c: isinstance(c, DenseConst), "a DenseConst")
        if c.elem != t.elem:
            self.fail(op, "type-mismatch", f"constant data is {c.elem} but the result is {t}")
        if c.array.ndim and c.array.shape != t.shape:
            self.fail(op, "type-mismatch", f"constant data of shape {c.array.shape} does not "
                      f"fill {t}")

    def t_assume(self, op, g):
        x = g["x"][0]
        self.results_are(op, [x.type])
        p = self.attr(op, "predicate", lambda p: isinstance(p, (DivBy, Bounded, SameElements)),
                      "a DivBy, Bounded or SameElements predicate")
        if isinstance(p, DivBy) and (type(p.divisor) is not int or p.divisor <= 0
                                     or p.divisor & (p.divisor - 1) or p.divisor > 1 << 62):
            self.fail(op, "attribute", f"div_by needs a positive power of two up to 2^62, "
                      f"found {p.divisor!r}")
        if isinstance(p, (DivBy, SameElements)):
            self._assume_dims(op, p, x.type)
        if isinstance(p, Bounded) and p.lo is not None and p.hi is not None and p.lo > p.hi:
            self.fail(op, "attribute", f"bounded<{p.lo}, {p.hi}> is empty: the lower bound "
                      "exceeds the upper (tileiras rejects it)")
        t = x.type
        elem = t.elem if isinstance(t, TileType) else None
        if isinstance(p, DivBy) and not (is_int(elem) or is_ptr(elem)
                                         or isinstance(t, TensorViewType)):
            self.fail(op, "type-mismatch", f"div_by is a fact about integers, pointers or "
                      f"tensor_views, found {t}")
        if isinstance(p, Bounded):
            if not is_int(elem):
                self.fail(op, "type-mismatch", f"bounded is a fact about integers, found {t}")
            lo, hi = -(1 << (bit_width(elem) - 1)), (1 << (bit_width(elem) - 1)) - 1
            if any(b is not None and not lo <= b <= hi for b in (p.lo, p.hi)):
                self.fail(op, "attribute", f"bounded<{p.lo}, {p.hi}> reaches outside {elem}'s "
                          f"range [{lo}, {hi}] (tileiras refuses it)")

    def _assume_dims(self, op, p, t):
        """`every N along D` and `same_elements` name dimensions of a tile (tileiras'
        verifier): D within the rank, N and each run length within the dimension."""
        if isinstance(p, DivBy):
            if (p.every is None) != (p.along is None):
                self.fail(op, "attribute", f"{p}: 'every' and 'along' go together")
            if p.every is None:
                return
            if not isinstance(t, TileType) or not t.shape:
                self.fail(op, "attribute", f"{p}: 'every ... along' needs a tile of rank 1 or "
                          f"more, found {t}")
            if not 0 <= p.along < len(t.shape):
                self.fail(op, "attribute", f"{p}: dimension {p.along} is not one of {t}'s "
                          f"(0 to {len(t.shape) - 1})")
            if not 0 <= p.every <= t.shape[p.along]:
                self.fail(op, "attribute", f"{p}: every {p.every} exceeds dimension "
                          f"{p.along} of {t} ({t.shape[p.along]})")
            return
        if not isinstance(t, TileType):
            return
        runs = tuple(p.counts)
        if len(runs) != len(t.shape):
            self.fail(op, "attribute", f"{p}: {len(runs)} value(s) for {t} of rank "
                      f"{len(t.shape)}")
        for d, (n, size) in enumerate(zip(runs, t.shape)):
            if not 0 <= n <= size:
                self.fail(op, "attribute", f"{p}: value {d} ({n}) exceeds dimension {d} of "
                          f"{t} ({size})")

    def t_tensor_view(self, op, g):
        base = g["base"][0]
        if len(op.results) != 1:
            self.fail(op, "result-count", f"make_tensor_view has 1 result, found "
                      f"{len(op.results)}")
        vt = op.results[0].type
        if not isinstance(vt, TensorViewType):
            self.fail(op, "type-mismatch", f"make_tensor_view produces a tensor_view, found {vt}")
        bt = self.tile(op, base, "the base")
        if bt.shape != () or not is_ptr(bt.elem) or bt.elem.pointee != vt.elem:
            self.fail(op, "type-mismatch", f"the base of a {vt} must be a scalar "
                      f"tile<ptr<{vt.elem}>>, found {bt}")
        dyn = g["shape"] + g["strides"]
        for v in dyn:
            self.scalar_int(op, v, "a dynamic size or stride")
        self.one_type(op, dyn, "dynamic sizes and strides")
        for key, group, typed in (("static_shape", "shape", vt.shape),
                                  ("static_strides", "strides", vt.strides)):
            st = self.attr(op, key, lambda s: isinstance(s, tuple) and all(
                x is None or type(x) is int for x in s), "a tuple of ints or None")
            if st != typed:
                self.fail(op, "type-mismatch", f"{key} {st} does not match the type {vt}")
            holes = sum(1 for x in st if x is None)
            if holes != len(g[group]):
                self.fail(op, "operand-count", f"{vt} has {holes} dynamic {group} but "
                          f"{len(g[group])} {group} operand(s) are given")

    def t_partition_view(self, op, g):
        v = g["view"][0]
        if len(op.results) != 1:
            self.fail(op, "result-count", f"'{op.name}' has 1 result, found {len(op.results)}")
        pt = op.results[0].type
        want = _VIEW_MADE.get(op.name, PartitionViewType)
        if not isinstance(pt, want):
            kind = "strided_view" if want is StridedViewType else "partition_view"
            self.fail(op, "type-mismatch", f"'{op.name}' produces a {kind}, found {pt}")
        self.expect(op, v, pt.view, "the viewed tensor")
        if isinstance(pt, StridedViewType):
            if len(pt.tile) != pt.view.rank:
                self.fail(op, "type-mismatch", f"a rank-{pt.view.rank} view needs a rank-"
                          f"{pt.view.rank} tile, found ({'x'.join(map(str, pt.tile))})")
            return
        if pt.dim_map is None:
            if len(pt.tile) != pt.view.rank:
                self.fail(op, "type-mismatch", f"a rank-{pt.view.rank} view needs a rank-"
                          f"{pt.view.rank} tile, found ({'x'.join(map(str, pt.tile))})")
        elif len(pt.dim_map) != len(pt.tile) or sorted(pt.dim_map) != list(range(pt.view.rank)):
            self.fail(op, "type-mismatch", f"dim_map {list(pt.dim_map)} must map the "
                      f"{len(pt.tile)} tile dimensions one-to-one onto the view's "
                      f"{pt.view.rank}")

    def t_index_shape(self, op, g):
        v = g["view"][0]
        kinds, what = _VIEWS_READ.get(op.name, _VIEWS_READ["get_index_space_shape"])
        if not isinstance(v.type, kinds):
            self.fail(op, "type-mismatch", f"{op.name} takes {what}, found {v.type}")
        rank = v.type.rank
        if rank == 0:
            self.fail(op, "type-mismatch", f"{op.name} of a rank-0 view")
        if len(op.results) != rank:
            self.fail(op, "result-count", f"a rank-{rank} view has {rank} index sizes, found "
                      f"{len(op.results)} results")
        t = self.scalar_int(op, op.results[0], "each result")
        self.results_are(op, [t] * rank)

    def _partition(self, op, g) -> PartitionViewType | StridedViewType:
        """Checks shared by the ops that access one tile of a tiled view."""
        v, idx = g["view"][0], g["index"]
        if not isinstance(v.type, _TILED_VIEWS):
            self.fail(op, "type-mismatch", f"'{op.name}' takes a partition_view or "
                      f"strided_view, found {v.type}")
        pv = v.type
        self.indices(op, idx, pv.rank, f"a rank-{pv.rank} view takes")
        self.token_group(op, g)
        self.mem_order(op)
        self.attr(op, "hints", _angled, "a balanced '<...>' hints string", optional=True)
        return pv

    def t_load_view(self, op, g):
        pv = self._partition(op, g)
        self.results_are(op, [TileType(pv.tile, pv.view.elem), TOKEN])

    def t_store_view(self, op, g):
        pv = self._partition(op, g)
        self.expect(op, g["value"][0], TileType(pv.tile, pv.view.elem), "the stored value")
        self.results_are(op, [TOKEN])

    def t_atomic_red_view(self, op, g):
        pv = self._partition(op, g)
        self.expect(op, g["value"][0], TileType(pv.tile, pv.view.elem), "the value")
        self.attr(op, "mode", lambda m: m in ATOMIC_MODES, "one of " + ", ".join(ATOMIC_MODES))
        if op.attrs["sem"] != "relaxed":
            self.fail(op, "attribute", f"a view's atomic reduction is relaxed only, found "
                      f"'{op.attrs['sem']}' (tileiras refuses other orderings)")
        self.results_are(op, [TOKEN])

    def t_load_ptr(self, op, g):
        pt = self.ptr_tile(op, g["ptr"][0], "the pointer")
        vt = TileType(pt.shape, pt.elem.pointee)
        self.mask(op, g, pt.shape)
        for p in g["padding"]:
            self.expect(op, p, vt, "the padding value")
        self.token_group(op, g)
        self.mem_order(op)
        self.attr(op, "hints", _angled, "a balanced '<...>' hints string", optional=True)
        self.results_are(op, [vt, TOKEN])

    def t_store_ptr(self, op, g):
        pt = self.ptr_tile(op, g["ptr"][0], "the pointer")
        self.expect(op, g["value"][0], TileType(pt.shape, pt.elem.pointee), "the stored value")
        self.mask(op, g, pt.shape)
        self.token_group(op, g)
        self.mem_order(op)
        self.attr(op, "hints", _angled, "a balanced '<...>' hints string", optional=True)
        self.results_are(op, [TOKEN])

    def t_atomic_cas(self, op, g):
        pt = self.ptr_tile(op, g["ptr"][0], "the pointer")
        vt = TileType(pt.shape, pt.elem.pointee)
        self.expect(op, g["cmp"][0], vt, "the compare value")
        self.expect(op, g["value"][0], vt, "the new value")
        if vt.elem not in ATOMIC_WORDS:
            self.fail(op, "type-mismatch", f"atomic_cas swaps 32- or 64-bit integers or floats "
                      f"({', '.join(ATOMIC_WORDS)}), found {vt}")
        self.mask(op, g, pt.shape)
        self.token_group(op, g)
        self.mem_order(op)
        self.results_are(op, [vt, TOKEN])

    def t_atomic_rmw(self, op, g):
        pt = self.ptr_tile(op, g["ptr"][0], "the pointer")
        vt = TileType(pt.shape, pt.elem.pointee)
        self.expect(op, g["value"][0], vt, "the value")
        self.mask(op, g, pt.shape)
        self.token_group(op, g)
        self.mem_order(op)
        mode = self.attr(op, "mode", lambda m: m in ATOMIC_MODES,
                         "one of " + ", ".join(ATOMIC_MODES))
        if vt.elem not in ATOMIC_MODES[mode]:
            self.fail(op, "type-mismatch", f"atomic {mode} takes "
                      f"{', '.join(ATOMIC_MODES[mode])} values, found {vt}")
        self.results_are(op, [vt, TOKEN])

    def t_mma(self, op, g):
        a, b, c = g["a"][0], g["b"][0], g["acc"][0]
        ta, tb, tc = (self.tile(op, v, w) for v, w in ((a, "lhs"), (b, "rhs"), (c, "acc")))
        kind_ok = is_float if op.spec.has("float") else is_int
        kind = "float" if op.spec.has("float") else "integer"
        if not (kind_ok(ta.elem) and kind_ok(tc.elem)) or ta.elem != tb.elem:
            self.fail(op, "type-mismatch", f"'{op.name}' multiplies {kind} tiles of one element "
                      f"type into a {kind} accumulator: {ta}, {tb}, {tc}")
        table = MMA_ACCUMULATORS if kind == "float" else {"i8": ("i32",)}
        if ta.elem not in table:
            self.fail(op, "type-mismatch", f"'{op.name}' multiplies {', '.join(table)} tiles, "
                      f"found {ta}")
        if tc.elem not in table[ta.elem]:
            self.fail(op, "type-mismatch", f"'{op.name}' of {ta.elem} accumulates in "
                      f"{' or '.join(table[ta.elem])}, found {tc}")
        ok = ta.rank == tb.rank == tc.rank and ta.rank in (2, 3) and (
            ta.shape[:-2] == tb.shape[:-2] == tc.shape[:-2]
            and ta.shape[-1] == tb.shape[-2] and tc.shape[-2:] == (ta.shape[-2], tb.shape[-1]))
        if not ok:
            self.fail(op, "type-mismatch", f"shapes do not multiply ([B]xMxK * [B]xKxN + "
                      f"[B]xMxN): {ta}, {tb}, {tc}")
        self.modifiers(op)
        self.results_are(op, [tc])

    def t_gdc(self, op, g):
        self.token_group(op, g)
        self.results_are(op, [TOKEN])

    def t_fence(self, op, g):
        self.token_group(op, g)
        self.results_are(op, [TOKEN])

    def t_mma_scaled(self, op, g):
        a, b, c, sa, sb = (self.tile(op, g[k][0], k) for k in ("a", "b", "acc", "a_scale",
                                                               "b_scale"))
        narrow = ("f8E4M3FN", "f8E5M2", "f4E2M1FN")
        if a.elem not in narrow or b.elem != a.elem or c.elem != "f32" or \
                sa.elem not in ("f8E8M0FNU", "f8E4M3FN") or sb.elem != sa.elem:
            self.fail(op, "type-mismatch", f"mmaf_scaled multiplies fp8/fp4 tiles scaled by "
                      f"f8E8M0FNU (or f8E4M3FN) factors into f32: {a}, {b}, {c}, {sa}, {sb}")
        ok = a.rank == b.rank == c.rank == sa.rank == sb.rank and a.rank in (2, 3) and (
            a.shape[-1] == b.shape[-2] and c.shape[-2:] == (a.shape[-2], b.shape[-1])
            and sa.shape[:-1] == a.shape[:-1] and sb.shape[:-2] + sb.shape[-1:] ==
            b.shape[:-2] + b.shape[-1:] and sa.shape[-1] == sb.shape[-2] and sa.shape[-1] > 0
            and a.shape[-1] % sa.shape[-1] == 0)
        if not ok:
            self.fail(op, "type-mismatch", f"shapes do not fit [B]xMxK * [B]xKxN + [B]xMxN with "
                      f"scales [B]xMxKs and [B]xKsxN, Ks dividing K: {a}, {b}, {c}, {sa}, {sb}")
        if a.elem != "f4E2M1FN":           # fp8 (tileiras' verifier; fp4's blocks not probed)
            if sa.elem != "f8E8M0FNU":
                self.fail(op, "type-mismatch", f"{a.elem} tiles are scaled by f8E8M0FNU "
                          f"(f8E4M3FN scales are f4E2M1FN's), found {sa}")
            if a.shape[-1] != 32 * sa.shape[-1]:
                self.fail(op, "type-mismatch", f"{a.elem} tiles take one scale per 32 elements "
                          f"of K, found K = {a.shape[-1]} with {sa.shape[-1]} scales")
        self.results_are(op, [c])

    def t_permute(self, op, g):
        t = self.tile(op, g["x"][0], "the operand")
        perm = self.attr(op, "permutation", lambda p: isinstance(p, tuple) and all(
            type(i) is int for i in p), "a tuple of ints")
        if sorted(perm) != list(range(t.rank)):
            self.fail(op, "attribute", f"permutation {list(perm)} is not a permutation of "
                      f"0..{t.rank - 1}")
        self.results_are(op, [t.with_shape(tuple(t.shape[i] for i in perm))])

    def t_extract(self, op, g):
        t = self.tile(op, g["x"][0], "the operand")
        idx = g["index"]
        self.indices(op, idx, t.rank, f"extract from a rank-{t.rank} tile takes", "i32")
        if len(op.results) != 1:
            self.fail(op, "result-count", f"extract has 1 result, found {len(op.results)}")
        r = self.tile(op, op.results[0], "the result")
        if r.elem != t.elem or r.rank != t.rank or any(
                d % e for d, e in zip(t.shape, r.shape)):
            self.fail(op, "type-mismatch", f"extract takes a block whose dimensions divide the "
                      f"operand's: {t} -> {r}")

    def t_insert(self, op, g):
        s = self.tile(op, g["source"][0], "the source")
        t = self.tile(op, g["dest"][0], "the destination")
        self.indices(op, g["index"], t.rank, f"insert into a rank-{t.rank} tile takes", "i32")
        if s.elem != t.elem or s.rank != t.rank or any(d % e for d, e in zip(t.shape, s.shape)):
            self.fail(op, "type-mismatch", f"insert takes a block whose dimensions divide the "
                      f"destination's: {s} into {t}")
        self.results_are(op, [t])

    def t_cat(self, op, g):
        a, b = g["lhs"][0], g["rhs"][0]
        ta, tb = self.tile(op, a, "lhs"), self.tile(op, b, "rhs")
        dim = self.attr(op, "dim", lambda d: type(d) is int, "an int")
        ok = (ta.elem == tb.elem and ta.rank == tb.rank and 0 <= dim < ta.rank and all(
            x == y for i, (x, y) in enumerate(zip(ta.shape, tb.shape)) if i != dim))
        if not ok:
            self.fail(op, "type-mismatch", f"cannot concatenate {ta} and {tb} along dim {dim}")
        shape = list(ta.shape)
        shape[dim] += tb.shape[dim]
        self.results_are(op, [ta.with_shape(tuple(shape))])

    def t_print(self, op, g):
        fmt = self.attr(op, "format", lambda s: isinstance(s, str), "a string")
        for v in g["values"]:
            self.tile(op, v, "a printed value")
        want = _conversions(fmt)
        if want is None:
            self.fail(op, "attribute", f"format {fmt!r} has a '%' no conversion letter ends "
                      "(a literal percent sign is '%%')")
        if want != len(g["values"]):
            self.fail(op, "operand-count", f"format {fmt!r} has {want} conversion(s), "
                      f"found {len(g['values'])} value(s)")

    def t_assert(self, op, g):
        t = self.tile(op, g["cond"][0], "the condition")
        if t.elem != "i1":
            self.fail(op, "type-mismatch", f"assert checks an i1 tile, found {t}")
        self.attr(op, "message", lambda s: isinstance(s, str), "a string")

    def t_print_tko(self, op, g):
        self.t_print(op, g)
        self.token_group(op, g)
        self.results_are(op, [TOKEN])

    def t_terminator(self, op, g):
        pass                    # checked against its parent by _terminator

    # -- region ops ---------------------------------------------------------------------
    def region_args(self, op, region: Region, types: list):
        if not isinstance(region, Region):
            self.fail(op, "region-arity", "the region is not a Region")
        self.types_are(op, [a.type for a in region.args], types,
                       count=f"the region of '{op.name}' takes", unit="argument(s)",
                       what="region arguments", count_rule="region-arity",
                       type_rule="region-arity")

    def t_for(self, op, g):
        lb, ub, step, inits = g["lb"][0], g["ub"][0], g["step"][0], g["init"]
        it = self.scalar_int(op, lb, "the lower bound")
        self.attr(op, "unsigned", lambda u: u is True, "True (absent when signed)",
                  optional=True)
        self.same(op, lb, ub, "bounds and step must share one type")
        self.same(op, lb, step, "bounds and step must share one type")
        self.results_are(op, [v.type for v in inits])
        self.region_args(op, op.regions[0], [it] + [v.type for v in inits])

    def t_loop(self, op, g):
        self.region_args(op, op.regions[0], [v.type for v in g["init"]])

    def t_if(self, op, g):
        self.expect(op, g["cond"][0], TileType((), "i1"), "the condition")
        for r in op.regions:
            self.region_args(op, r, [])

    def _combiner(self, op, g, keep_dim: bool):
        xs = g["inputs"]
        if not xs:
            self.fail(op, "operand-count", f"'{op.name}' needs at least one input")
        ts = [self.tile(op, x, "an input") for x in xs]
        if any(t.shape != ts[0].shape for t in ts):
            self.fail(op, "type-mismatch", f"inputs of '{op.name}' must share one shape: "
                      f"{_types(xs)}")
        rank = ts[0].rank
        dim = self.attr(op, "dim", lambda d: type(d) is int, "an int")
        if not 0 <= dim < rank:
            self.fail(op, "attribute", f"dim {dim} is out of range for rank {rank}")
        ids = self.attr(op, "identities", lambda s: isinstance(s, tuple) and all(
            isinstance(c, DenseConst) and c.array.ndim == 0 for c in s),
            "a tuple of scalar DenseConst")
        if len(ids) != len(xs) or any(c.elem != t.elem for c, t in zip(ids, ts)):
            self.fail(op, "attribute", f"identities ({', '.join(str(c.elem) for c in ids)}) must "
                      f"give one value per input, of its element type")
        shape = ts[0].shape if keep_dim else ts[0].shape[:dim] + ts[0].shape[dim + 1:]
        self.results_are(op, [TileType(shape, t.elem) for t in ts])
        self.region_args(op, op.regions[0],
                         [TileType((), t.elem) for t in ts for _ in (0, 1)])

    def t_reduce(self, op, g):
        self._combiner(op, g, keep_dim=False)

    def t_scan(self, op, g):
        self.attr(op, "reverse", lambda b: isinstance(b, bool), "a bool")
        self._combiner(op, g, keep_dim=True)


Check = Callable[[_Verifier, Operation, dict[str, list[Value]]], None]

# Per-op type rules, after the rules of the op's syntax family (`_Verifier.t_<syntax>`):
# op name -> check(verifier, op, operand groups), failing through `verifier.fail`.
OP_CHECKS: dict[str, Check] = {}


def op_check(*names: str) -> Callable[[Check], Check]:
    """Decorator: `fn` checks the ops `names` (one check per op)."""
    def add(fn: Check) -> Check:
        for n in names:
            if n in OP_CHECKS:
                raise ValueError(f"op '{n}' already has a verifier check")
            OP_CHECKS[n] = fn
        return fn
    return add


def unregister_check(name: str) -> None:
    """Forget the per-op check of `name` (an op a test or an extension added)."""
    if OP_CHECKS.pop(name, None) is None:
        raise KeyError(f"op '{name}' has no verifier check")


# which view each view-making op makes, and which views a shape query reads
_VIEW_MADE = {"make_partition_view": PartitionViewType, "make_strided_view": StridedViewType}
_VIEWS_READ: dict[str, tuple[tuple[type, ...], str]] = {
    "get_tensor_shape": ((TensorViewType,), "a tensor_view"),
    "get_index_space_shape": (_TILED_VIEWS + (TensorViewType,), "a view"),
}


def _saturable_owners() -> str:
    """Who takes `saturating`, as an error names them: the ops with the trait."""
    names = sorted(n for n, s in SPECS.items() if s.has("saturable"))
    if len(names) == 1:
        return f"{names[0]}'s flag"
    return "a flag of " + (", ".join(names) if names else "no op")


def _converted(op: Operation) -> tuple[TileType, TileType]:
    """The operand and result tiles of a conversion (the convert family checked both)."""
    src, dst = op.operands[0].type, op.results[0].type
    assert isinstance(src, TileType) and isinstance(dst, TileType)
    return src, dst


@op_check("make_token")
def _make_token(v: _Verifier, op: Operation, g) -> None:
    v.results_are(op, [TOKEN])


@op_check("divi")
def _divi(v: _Verifier, op: Operation, g) -> None:
    if op.attrs.get("rounding") == "negative_inf" and op.attrs.get("signedness") == "unsigned":
        v.fail(op, "attribute", "divi rounds to negative_inf only when signed (tileiras "
               "refuses it with 'unsigned'; unsigned floor division rounds toward zero)")


@op_check("negi", "neg")
def _negate(v: _Verifier, op: Operation, g) -> None:
    if op.attrs.get("overflow") == "no_unsigned_wrap":
        v.fail(op, "attribute", f"'{op.name}' takes no no_unsigned_wrap flag (tileiras refuses "
               "it: negating any unsigned value but 0 wraps)")


@op_check("iota")
def _iota(v: _Verifier, op: Operation, g) -> None:
    if len(op.results) != 1:
        v.fail(op, "result-count", f"iota has 1 result, found {len(op.results)}")
    t = v.tile(op, op.results[0], "the result")
    if t.rank != 1 or not is_int(t.elem):
        v.fail(op, "type-mismatch", f"iota makes a 1-D integer tile, found {t}")
    values = 1 << bit_width(t.elem)
    if t.shape[0] > values:
        v.fail(op, "type-mismatch", f"iota counts 0..{t.shape[0] - 1} but {t.elem} has only "
               f"{values} values: {t} (tileiras refuses it; use a wider type)")


@op_check("reshape")
def _reshape(v: _Verifier, op: Operation, g) -> None:
    src, dst = _converted(op)
    if src.elem != dst.elem or math.prod(src.shape) != math.prod(dst.shape):
        v.fail(op, "type-mismatch", f"reshape keeps the element type and count: "
               f"{src} -> {dst}")


@op_check("broadcast")
def _broadcast(v: _Verifier, op: Operation, g) -> None:
    src, dst = _converted(op)
    ok = src.elem == dst.elem and src.rank == dst.rank and all(
        s in (d, 1) for s, d in zip(src.shape, dst.shape))
    if not ok:
        v.fail(op, "type-mismatch", f"cannot broadcast {src} to {dst} (same rank, "
               "each dimension equal or 1)")


def _bytes(packs: bool) -> Check:
    """pack (`packs`) turns a 1-D tile into its i8 bytes, unpack turns them back."""
    def check(v: _Verifier, op: Operation, g) -> None:
        src, dst = _converted(op)
        tile_, other = (src, dst) if packs else (dst, src)
        bits = 0 if is_ptr(tile_.elem) or tile_.elem == "i1" else bit_width(tile_.elem)
        ok = (tile_.rank == 1 and other.rank == 1 and other.elem == "i8" and bits > 0
              and tile_.shape[0] * bits == other.shape[0] * 8)
        if not ok:
            v.fail(op, "type-mismatch", f"'{op.name}' turns a 1-D tile into as many i8 bytes "
                   f"as its bits make (no i1, no pointers): {src} -> {dst}")
    return check


op_check("pack")(_bytes(True))
op_check("unpack")(_bytes(False))


def _number_conversion(ok: Callable[[Any, Any], bool], what: str,
                       powers_of_two: bool = False, nearest_only: bool = False) -> Check:
    """An elementwise conversion that keeps the shape; `ok(source elem, result elem)`
    says which element types it converts (`what`). With `powers_of_two`, a result in
    f8E8M0FNU needs a directed rounding (there is no nearest power of two mode); with
    `nearest_only`, every other result rounds to nearest even (cuda-tile's ftof and itof)."""
    def check(v: _Verifier, op: Operation, g) -> None:
        src, dst = _converted(op)
        n = op.name
        if src.shape != dst.shape:
            v.fail(op, "type-mismatch", f"'{n}' keeps the shape: {src} -> {dst}")
        se, de = src.elem, dst.elem
        if not ok(se, de):
            v.fail(op, "type-mismatch", f"'{n}' converts {what}: {src} -> {dst}")
        if powers_of_two and de == "f8E8M0FNU" and \
                op.attrs.get("rounding") not in ("zero", "positive_inf"):
            v.fail(op, "attribute", f"'{n}' to f8E8M0FNU needs rounding<zero> or "
                   f"rounding<positive_inf> (there is no nearest power of two mode)")
        mode = op.attrs.get("rounding", "nearest_even")
        if nearest_only and de != "f8E8M0FNU" and mode != "nearest_even":
            if n == "ftof":
                _ftof_directed(v, op, se, de, mode)
            else:
                v.fail(op, "attribute", f"'{n}' to {de} rounds to nearest even only, found "
                       f"rounding<{mode}>")
    return check


def _ftof_directed(v: _Verifier, op: Operation, se, de, mode) -> None:
    """ftof's directed modes, exactly where tileiras takes them (FTOF_ZERO_INTO,
    FTOF_INF_INTO); the interpreter rounds each of them exactly."""
    if se == "fnv8E5M3FNU":
        v.fail(op, "attribute", f"'ftof' from fnv8E5M3FNU rounds to nearest even only: eqsat "
               f"does not support rounding<{mode}> from it yet (no tileiras target compiles "
               f"the type, so its modes are unprobed)")
    if mode == "zero" and de in FTOF_ZERO_INTO:
        return
    if mode in ("negative_inf", "positive_inf") and se in FTOF_INF_INTO.get(de, ()):
        return
    if mode == "zero":
        v.fail(op, "attribute", f"'ftof' to {de} rounds to nearest even only, found "
               f"rounding<zero> (toward zero is for f16, bf16, tf32, f32, f64 and f8E8M0FNU "
               f"results)")
    takes = ", ".join(sorted(FTOF_INF_INTO.get(de, ())))
    where = f"to {de} only from {takes}" if takes else f"never to {de}"
    v.fail(op, "attribute", f"'ftof' {se} -> {de} cannot round to {mode}: rounding<{mode}> "
           f"applies {where}")


for _name, _ok, _what, _p2, *_nearest in (
        ("exti", lambda se, de: is_int(se) and is_int(de)
         and INT_WIDTHS.get(se, 0) < INT_WIDTHS.get(de, 0), "a wider integer", False),
        ("trunci", lambda se, de: is_int(se) and is_int(de)
         and INT_WIDTHS.get(se, 0) > INT_WIDTHS.get(de, 0), "a narrower integer", False),
        ("itof", lambda se, de: is_int(se) and is_float(de) and de != "f8E8M0FNU",
         "integer to float, not to f8E8M0FNU (convert to another float first)", False, True),
        ("ftoi", lambda se, de: is_float(se) and is_int(de), "float to integer", False),
        ("ftof", lambda se, de: is_float(se) and is_float(de) and se != de,
         "float to another float", True, True),
        ("bitcast", lambda se, de: not is_ptr(se) and not is_ptr(de)
         and ("tf32" not in (se, de) or se == de) and bit_width(se) == bit_width(de),
         "same bit width, no pointers, tf32 only to itself (19 bits in Tile IR: no other "
         "type has its width)", False),
        ("int_to_ptr", lambda se, de: se == "i64" and is_ptr(de), "i64 to pointer", False),
        ("ptr_to_int", lambda se, de: is_ptr(se) and de == "i64", "pointer to i64", False),
        ("ptr_to_ptr", lambda se, de: is_ptr(se) and is_ptr(de), "pointer to pointer", False)):
    op_check(_name)(_number_conversion(_ok, _what, _p2, *_nearest))


def _angled(s) -> bool:
    """`s` is one balanced `<...>` group, as the parser reads optimization hints."""
    if not isinstance(s, str) or not s.startswith("<"):
        return False
    depth = 0
    for i, c in enumerate(s):
        depth += (c == "<") - (c == ">")
        if depth == 0:
            return i == len(s) - 1
    return False


def param_attr_ok(v) -> bool:
    if v is None or isinstance(v, (bool, int)):
        return True
    if isinstance(v, str):
        return "\n" not in v
    if isinstance(v, tuple):
        return all(param_attr_ok(x) for x in v)
    return False


__all__ = ["verify", "check", "verify_op", "type_problem", "RULES", "ATTRIBUTES", "OP_CHECKS",
           "op_check", "unregister_check"]
