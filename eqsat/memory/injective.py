"""Do a store's instances in different iterations of a loop write disjoint memory?

That is what lets a loop-parallel store drop its loop-carried token (design §3).
It holds when the store's address is an injective function of the iteration:

* views: the tile index tuple of a partition view over an array that does not
  alias itself; distinct tuples are disjoint tiles, so one coordinate that takes
  different values in different iterations suffices;
* pointer scatters: `base + sum(idx_d * stride_d)` over an array's own strides
  (from its cuTile signature, eqsat.analysis.signature) with every `idx_d` proven in
  bounds by the store's mask; in-bounds index tuples of an array that does not
  alias itself are distinct addresses, so again one separating coordinate
  suffices.

The same reasoning tells two accesses of one tiling apart across iterations
(`disjoint_pair_across`): a load of `y[i]` never meets the store to `y[j]` of
another iteration.

A coordinate *separates* iterations of loop L when its values in two different
iterations can never be equal, for any values of inner loops' induction
variables and any lane of the tile. Integers are fixed-width, so this is decided
soundly in two ways:

* modular: the coordinate is `a*iv + s` in w-bit arithmetic (wrap-around allowed)
  with `s` the same in every iteration and `a` odd — multiplying by an odd number
  and adding are bijections modulo 2^w, and sign extension is injective;
* exact: interval bounds prove no operation wraps, and the coordinate is
  `a*iv + s + w` with `s` uniform and invariant and the spread of `w` (inner
  induction variables, lanes such as `iota`, invariant tiles) smaller than
  `|a * step|`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eqsat.memory.alias import UNIVERSE, AliasFacts
from eqsat.ir.attrs import Bounded
from eqsat.ir.core import Kernel, Operation, Region, Value, const_int
from eqsat.ir.types import INT_WIDTHS, PartitionViewType, StridedViewType, TensorViewType, TileType
from eqsat.analysis.signature import ArrayLayout

# The ops whose arithmetic the analyses below look into, each once: what it is to them.
# (Value ranges, `_Separation.modular` and `_Separation.form` dispatch on the op through
# their own tables, `_RANGE`, `_MODULAR` and `_FORM`, at the end of the module.)
_ROLE = {
    "reshape": "shape", "broadcast": "shape",   # the operand's values, in another shape
    "exti": "extend",                           # sign or zero extension: injective
    "addi": "sum", "muli": "product",           # an address's terms and their strides
    "andi": "and", "cmpi": "compare",           # a mask's conjuncts and its bounds
    "offset": "pointer_add", "ptr_to_ptr": "ptr_cast",
}


def _role(op: object) -> str | None:
    return _ROLE.get(op.name) if isinstance(op, Operation) else None


def _same_values(op: object) -> bool:
    """Does `op` pass its first operand's values on (an assume, a change of shape)?"""
    return isinstance(op, Operation) and (op.spec.has("assumption") or _role(op) == "shape")


def _width(v: Value) -> int | None:
    t = v.type
    if isinstance(t, TileType) and isinstance(t.elem, str) and t.elem in INT_WIDTHS:
        return INT_WIDTHS[t.elem]
    return None


def _type_range(v: Value) -> tuple[int, int] | None:
    w = _width(v)
    if w is None:
        return None
    if w == 1:
        return -1, 1                       # bits 0/1, but a signed extension gives 0/-1
    return -(1 << (w - 1)), (1 << (w - 1)) - 1


def _const_ints(v: Value) -> tuple[int, int] | None:
    op = v.owner
    if isinstance(op, Operation) and op.spec.has("constant"):
        c = op.attrs["value"]
        if _width(v) is None:
            return None
        vals = [int(x) for x in c.array.reshape(-1)] or [0]
        return min(vals), max(vals)
    return None


def _strip(v: Value) -> Value:
    """Look through ops that keep the value (assume, shape changes)."""
    while _same_values(v.owner):
        v = v.owner.operands[0]
    return v


def _strip_ext(v: Value) -> Value:
    """Also look through sign/zero extension (for comparing with a parameter)."""
    while _same_values(v.owner) or _role(v.owner) == "extend":
        v = v.owner.operands[0]
    return v


class Bounds:
    """Signed value ranges of integer values, from constants, `assume bounded`,
    iota, grid ids and loop bounds, through arithmetic that provably does not wrap."""

    def __init__(self, kernel: Kernel):
        self.kernel = kernel
        self.memo: dict[int, tuple[int, int] | None] = {}

    def of(self, v: Value) -> tuple[int, int] | None:
        key = id(v)
        if key in self.memo:
            return self.memo[key]
        self.memo[key] = _type_range(v)       # cycles (loop-carried values): no better guess
        got = self._compute(v)
        full = _type_range(v)
        if got is not None and full is not None:
            got = (max(got[0], full[0]), min(got[1], full[1]))
            if got[0] > got[1]:
                got = full
        self.memo[key] = got if got is not None else full
        return self.memo[key]

    def _fit(self, v: Value, lo: int, hi: int) -> tuple[int, int] | None:
        full = _type_range(v)
        if full is None or lo < full[0] or hi > full[1]:
            return full                        # it may wrap: nothing better than the type
        return lo, hi

    def _compute(self, v: Value) -> tuple[int, int] | None:
        if _width(v) in (None, 1):
            return None
        op = v.owner
        if isinstance(op, Region):
            return self._block_arg(v, op)
        if not isinstance(op, Operation):
            return None
        c = _const_ints(v)
        if c is not None:
            return c
        if _role(op) == "shape":
            return self.of(op.operands[0])
        rule = _RANGE.get(op.name)
        return rule(self, op, v) if rule is not None else None

    # -- per op (`_RANGE`) --------------------------------------------------------------------
    def _iota(self, op: Operation, v: Value) -> tuple[int, int] | None:
        # lane i holds i wrapped to the type: past 2^(w-1) lanes it turns negative
        lanes, half = v.tile.shape[0] if v.tile.shape else 1, 1 << ((_width(v) or 64) - 1)
        return (0 if lanes <= half else -half), min(lanes, half) - 1

    def _block_id(self, op: Operation, v: Value) -> tuple[int, int] | None:
        return 0, (1 << 31) - 1

    def _num_blocks(self, op: Operation, v: Value) -> tuple[int, int] | None:
        return 1, (1 << 31) - 1

    def _assume(self, op: Operation, v: Value) -> tuple[int, int] | None:
        b = self.of(op.operands[0])
        p = op.attrs.get("predicate")
        if isinstance(p, Bounded) and b is not None:
            lo = b[0] if p.lo is None else max(b[0], p.lo)
            hi = b[1] if p.hi is None else min(b[1], p.hi)
            return (lo, hi) if lo <= hi else b
        return b

    def _exti(self, op: Operation, v: Value) -> tuple[int, int] | None:
        b = self.of(op.operands[0])
        if b is None:
            return None
        if op.attrs.get("signedness") == "unsigned" and b[0] < 0:
            w = _width(op.operands[0]) or 64
            return 0, (1 << w) - 1
        return b

    def _both(self, op: Operation) -> tuple[tuple[int, int], tuple[int, int]] | None:
        a, b = (self.of(x) for x in op.operands)
        return None if a is None or b is None else (a, b)

    def _addi(self, op: Operation, v: Value) -> tuple[int, int] | None:
        ab = self._both(op)
        return None if ab is None else self._fit(v, ab[0][0] + ab[1][0], ab[0][1] + ab[1][1])

    def _subi(self, op: Operation, v: Value) -> tuple[int, int] | None:
        ab = self._both(op)
        return None if ab is None else self._fit(v, ab[0][0] - ab[1][1], ab[0][1] - ab[1][0])

    def _muli(self, op: Operation, v: Value) -> tuple[int, int] | None:
        ab = self._both(op)
        if ab is None:
            return None
        prods = [x * y for x in ab[0] for y in ab[1]]
        return self._fit(v, min(prods), max(prods))

    def _divi(self, op: Operation, v: Value) -> tuple[int, int] | None:
        a = self.of(op.operands[0])
        k = const_int(op.operands[1])
        if a is None or k is None or k <= 0 or op.attrs.get("signedness") == "unsigned":
            return None
        return a[0] // k, -((-a[1]) // k)       # any rounding lies in [floor, ceil]

    def _remi(self, op: Operation, v: Value) -> tuple[int, int] | None:
        k = const_int(op.operands[1])
        a = self.of(op.operands[0])
        if k is None or k <= 0 or a is None:
            return None
        return (0 if a[0] >= 0 else -(k - 1)), k - 1

    def _extreme(self, op: Operation, f) -> tuple[int, int] | None:
        ab = self._both(op)
        if ab is None or op.attrs.get("signedness") == "unsigned":
            return None
        a, b = ab
        return f(a[0], b[0]), f(a[1], b[1])

    def _maxi(self, op: Operation, v: Value) -> tuple[int, int] | None:
        return self._extreme(op, max)

    def _mini(self, op: Operation, v: Value) -> tuple[int, int] | None:
        return self._extreme(op, min)

    def _select(self, op: Operation, v: Value) -> tuple[int, int] | None:
        a, b = self.of(op.operands[1]), self.of(op.operands[2])
        if a is None or b is None:
            return None
        return min(a[0], b[0]), max(a[1], b[1])


    def _tile_count(self, op: Operation, v: Value) -> tuple[int, int] | None:
        """Tiles along one axis of a partition view: ceil(size / tile), where a size is
        at most the largest value of the result's type (exact for a static size)."""
        t = op.operands[0].type
        full = _type_range(v)
        if full is None or not isinstance(t, (PartitionViewType, StridedViewType)) or \
                not t.tile or v.index >= len(t.tile) or getattr(t, "dim_map", None):
            return full
        tile = t.tile
        size = t.view.shape[v.index] if v.index < len(t.view.shape) else None
        top = full[1] if size is None else size
        return 0, -(-top // tile[v.index])

    def _tensor_size(self, op: Operation, v: Value) -> tuple[int, int] | None:
        """A tensor view's size along one axis: its static size, else anything from 0."""
        full = _type_range(v)
        view = getattr(op.operands[0].type, "view", op.operands[0].type)
        shape = getattr(view, "shape", ())
        if full is None:
            return None
        size = shape[v.index] if v.index < len(shape) else None
        return (size, size) if isinstance(size, int) else (0, full[1])

    def _block_arg(self, v: Value, region: Region) -> tuple[int, int] | None:
        loop = region.parent
        if isinstance(loop, Operation) and loop.spec.is_counted_loop and v is region.args[0]:
            lb, ub = self.of(loop.required("lb")), self.of(loop.required("ub"))
            step = const_int(loop.required("step"))
            if lb is None or ub is None or (step is not None and step <= 0):
                return None
            if loop.attrs.get("unsigned") and lb[0] < 0:
                return None
            return lb[0], max(lb[0], ub[1] - 1)
        return None


def _defined_in(v: Value, op: Operation) -> bool:
    """Is v defined inside op's regions (as a block argument or an op result)?"""
    owner = v.owner
    while owner is not None:
        if owner is op:
            return True
        if isinstance(owner, Operation):
            owner = owner.parent
        elif isinstance(owner, Region):
            owner = owner.parent
        else:
            return False
    return False


def _loops_between(store: Operation, loop: Operation) -> list[Operation]:
    """The `for`/`loop` ops strictly between `loop` and `store` (inner loops)."""
    out = []
    r = store.parent
    while r is not None:
        owner = r.parent
        if owner is loop or not isinstance(owner, Operation):
            break
        if owner.spec.is_loop:
            out.append(owner)
        r = owner.parent
    return out


def _uniform(v: Value) -> bool:
    """Are all elements of v equal (a scalar, or a broadcast of one)?"""
    while True:
        t = v.type
        if isinstance(t, TileType) and t.numel == 1:
            return True
        op = v.owner
        if _same_values(op):
            v = op.operands[0]
            continue
        if isinstance(op, Operation) and op.spec.has("constant"):
            return op.attrs["value"].is_splat
        return False


@dataclass
class _Form:
    """v = a*iv + s + w exactly (no wrap): s uniform and the same in every iteration,
    w ranging over [wlo, whi]."""
    a: int
    slo: int
    shi: int
    wlo: int
    whi: int


class _Separation:
    def __init__(self, bounds: Bounds, loop: Operation, site: Operation | None):
        self.bounds = bounds
        self.loop = loop
        self.iv = loop.regions[0].args[0] if loop.spec.is_counted_loop else None
        self.inner = _loops_between(site, loop) if site is not None else []
        self.inner_ivs = {id(l.regions[0].args[0]) for l in self.inner
                          if l.spec.is_counted_loop}
        self.memo: dict[int, bool] = {}

    def invariant(self, v: Value) -> bool:
        """The same value in every iteration: defined before the loop, a constant, or a
        pure op of invariant operands (a view rebuilt in the body)."""
        key = id(v)
        got = self.memo.get(key)
        if got is None:
            self.memo[key] = False                # a cycle through the loop: not proven
            op = v.owner
            got = not _defined_in(v, self.loop) or _const_ints(v) is not None or (
                isinstance(op, Operation) and not op.regions and op.spec is not None
                and op.spec.effect == "pure" and all(self.invariant(x) for x in op.operands))
            self.memo[key] = got
        return got

    # -- modular: an injective function of iv, the same for every lane ------------------
    def modular(self, v: Value) -> str | None:
        """'iv' if v is an injective function of the induction variable (uniform over
        lanes), 'inv' if it is the same uniform value in every iteration, else None."""
        if v is self.iv:
            return "iv"
        if self.invariant(v):
            return "inv" if _uniform(v) else None
        if id(v) in self.inner_ivs:
            return None
        op = v.owner
        if not isinstance(op, Operation):
            return None
        if _same_values(op):
            return self.modular(op.operands[0])
        rule = _MODULAR.get(op.name)
        return rule(self, op) if rule is not None else None

    # -- per op (`_MODULAR`) ------------------------------------------------------------------
    def _mod_first(self, op: Operation) -> str | None:
        """A bijection of the first operand (extension, negation)."""
        return self.modular(op.operands[0])

    def _mod_sum(self, op: Operation) -> str | None:
        """Adding (or xor-ing) the same value in every iteration is a bijection."""
        a, b = (self.modular(x) for x in op.operands)
        if a == "inv" and b == "inv":
            return "inv"
        if {a, b} == {"iv", "inv"}:
            return "iv"
        return None

    def _mod_product(self, op: Operation) -> str | None:
        """Multiplying by an odd constant is a bijection modulo 2^w."""
        for x, y in (op.operands, op.operands[::-1]):
            k = const_int(y)
            if k is not None and k % 2 == 1:
                return self.modular(x)
        return None

    # -- exact: no wrap-around anywhere ---------------------------------------------------
    def form(self, v: Value) -> _Form | None:
        b = self.bounds.of(v)
        if b is None:
            return None
        if v is self.iv:
            return _Form(1, 0, 0, 0, 0)
        if id(v) in self.inner_ivs:
            return _Form(0, 0, 0, b[0], b[1])
        if self.invariant(v):
            if _uniform(v):
                return _Form(0, b[0], b[1], 0, 0)
            return _Form(0, 0, 0, b[0], b[1])
        op = v.owner
        if not isinstance(op, Operation):
            return None
        if _same_values(op):
            return self.form(op.operands[0])
        rule = _FORM.get(op.name)
        return rule(self, op, v, b) if rule is not None else None

    # -- per op (`_FORM`) -----------------------------------------------------------------
    def _form_lanes(self, op: Operation, v: Value, b: tuple[int, int]) -> _Form | None:
        return _Form(0, 0, 0, b[0], b[1])

    def _form_extend(self, op: Operation, v: Value, b: tuple[int, int]) -> _Form | None:
        f = self.form(op.operands[0])
        if f is None or not self._exact(op.operands[0], f):
            return None
        if op.attrs.get("signedness") == "unsigned" and self._total(f)[0] < 0:
            return None
        return f

    def _exactly(self, v: Value, f: _Form | None) -> _Form | None:
        return f if f is not None and self._exact(v, f) else None

    def _form_add(self, op: Operation, v: Value, b: tuple[int, int]) -> _Form | None:
        x, y = (self.form(o) for o in op.operands)
        if x is None or y is None:
            return None
        return self._exactly(v, _Form(x.a + y.a, x.slo + y.slo, x.shi + y.shi,
                                      x.wlo + y.wlo, x.whi + y.whi))

    def _form_sub(self, op: Operation, v: Value, b: tuple[int, int]) -> _Form | None:
        x, y = (self.form(o) for o in op.operands)
        if x is None or y is None:
            return None
        return self._exactly(v, _Form(x.a - y.a, x.slo - y.shi, x.shi - y.slo,
                                      x.wlo - y.whi, x.whi - y.wlo))

    def _form_product(self, op: Operation, v: Value, b: tuple[int, int]) -> _Form | None:
        for lhs, rhs in (op.operands, op.operands[::-1]):
            k = const_int(rhs)
            if k is not None:
                g = self.form(lhs)
                if g is None:
                    return None
                s = sorted((g.slo * k, g.shi * k))
                w = sorted((g.wlo * k, g.whi * k))
                return self._exactly(v, _Form(g.a * k, s[0], s[1], w[0], w[1]))
        return None


    def _iv_range(self) -> tuple[int, int] | None:
        return None if self.iv is None else self.bounds.of(self.iv)

    def _total(self, f: _Form) -> tuple[int, int]:
        r = self._iv_range() or (0, 0)
        ends = (f.a * r[0], f.a * r[1])
        return min(ends) + f.slo + f.wlo, max(ends) + f.shi + f.whi

    def _exact(self, v: Value, f: _Form) -> bool:
        full = _type_range(v)
        if full is None or (f.a != 0 and self._iv_range() is None):
            return False
        lo, hi = self._total(f)
        return full[0] <= lo and hi <= full[1]

    def separates(self, v: Value) -> bool:
        """Do v's values in two different iterations of the loop always differ?"""
        if self.iv is None:
            return False
        if self.modular(v) == "iv":
            return True
        f = self.form(v)
        if f is None or f.a == 0:
            return False
        step = const_int(self.loop.required("step"))
        gap = abs(f.a) * (abs(step) if step else 1)
        return f.whi - f.wlo < gap


# -- the store's address ------------------------------------------------------------------------
def _param_index(v: Value, kernel: Kernel) -> int | None:
    v = _strip_ext(v)
    if isinstance(v.owner, Kernel) or v.owner is kernel:
        return v.index
    return None


def _same_stride(v: Value, d: int, layout: ArrayLayout, kernel: Kernel) -> bool:
    k = const_int(_strip_ext(v))
    want = layout.info.stride_constant[d] if d < len(layout.info.stride_constant) else None
    if k is not None:
        return want is not None and k == want and k != 0
    return _param_index(v, kernel) == layout.strides[d]


def _same_shape(v: Value, d: int, layout: ArrayLayout, kernel: Kernel) -> bool:
    return _param_index(v, kernel) == layout.shapes[d]


def _root_param(v: Value, kernel: Kernel) -> int | None:
    v = _strip(v)
    while _role(v.owner) == "ptr_cast":
        v = _strip(v.owner.operands[0])
    if v.owner is kernel:
        return v.index
    return None


def _view_dims(t: Operation, group: str, attr: str) -> list[Any]:
    """Per-dimension shape or stride of a `make_tensor_view`: an int (static) or a Value."""
    dyn = list(t.group(group))
    out: list[Any] = []
    for s in t.attrs.get(attr, ()):
        out.append(s if s is not None else (dyn.pop(0) if dyn else None))
    return out


def _made_view(v: Value, kind: type) -> Operation | None:
    """The op that made the view `v`, when it is made there as a view of type `kind`."""
    op = v.owner
    if isinstance(op, Operation) and op.spec.has("makes_view") and isinstance(v.type, kind):
        return op
    return None


def _view_index_tuple_ok(store: Operation, kernel: Kernel,
                         layouts: dict[int, ArrayLayout]) -> bool:
    """A partition view over a tensor view that is the array itself (its own shapes
    and strides), or a 1-D view with a non-zero constant stride: distinct tile index
    tuples are then disjoint memory."""
    pv = store.required("view")
    mp = _made_view(pv, PartitionViewType)
    if mp is None:
        return False
    t = _made_view(mp.operands[0], TensorViewType)
    if t is None:
        return False
    p = _root_param(t.required("base"), kernel)
    if p is None:
        return False
    shapes = _view_dims(t, "shape", "static_shape")
    strides = _view_dims(t, "strides", "static_strides")
    if None in shapes or None in strides or len(shapes) != len(strides) or not shapes:
        return False
    lay = layouts.get(p)
    if lay is not None and len(lay.shapes) == len(shapes):
        def shape_ok(d: int, s: Any) -> bool:
            if isinstance(s, int):
                return lay.info.shape_constant[d] == s
            return _same_shape(s, d, lay, kernel)

        def stride_ok(d: int, s: Any) -> bool:
            if isinstance(s, int):
                return s != 0 and lay.info.stride_constant[d] == s
            return _same_stride(s, d, lay, kernel)
        return all(shape_ok(d, s) for d, s in enumerate(shapes)) and \
            all(stride_ok(d, s) for d, s in enumerate(strides))
    return len(shapes) == 1 and isinstance(strides[0], int) and strides[0] != 0


def _mask_bounds(mask: Value | None) -> list[tuple[Value, Value]]:
    """(x, bound) pairs the mask proves `0 <= x < bound` for (conjuncts of an andi tree)."""
    if mask is None:
        return []
    out: list[tuple[Value, Value]] = []
    stack = [mask]
    while stack:
        m = stack.pop()
        op = m.owner
        if not isinstance(op, Operation):
            continue
        role = _role(op)
        if _same_values(op):
            stack.append(op.operands[0])
        elif role == "and":
            stack.extend(op.operands)
        elif role == "compare" and op.attrs.get("predicate") == "less_than" and \
                op.attrs.get("signedness") == "unsigned":
            out.append((op.operands[0], op.operands[1]))
    return out


def _scatter_coords(store: Operation, kernel: Kernel, layouts: dict[int, ArrayLayout],
                    bounds: Bounds) -> list[Value] | None:
    """The in-bounds coordinates of a pointer store into an array, or None if the
    address is not `base + sum(idx_d * stride_d)` with each idx_d proven in bounds."""
    ptr = store.required("ptr")
    op = ptr.owner
    if not (isinstance(op, Operation) and _role(op) == "pointer_add"):
        return None
    p = _root_param(op.operands[0], kernel)
    if p is None:
        return None
    lay = layouts.get(p)
    off = op.operands[1]
    terms: list[Value] = []
    stack = [off]
    while stack:
        x = stack.pop()
        o = x.owner
        if isinstance(o, Operation) and _role(o) == "sum":
            stack.extend(o.operands)
        else:
            terms.append(x)
    coords: dict[int, Value] = {}
    ndim = lay.info.ndim if lay is not None else 1
    for x in terms:
        o = x.owner
        found = None
        if isinstance(o, Operation) and _role(o) == "product":
            for a, b in (o.operands, o.operands[::-1]):
                for d in range(ndim):
                    if lay is not None and _same_stride(b, d, lay, kernel):
                        found = (d, a)
                        break
                if found:
                    break
        if found is None:
            if lay is not None and ndim >= 1 and lay.info.stride_constant[ndim - 1] == 1:
                found = (ndim - 1, x)
            elif lay is None:
                found = (0, x)
        if found is None or found[0] in coords:
            return None
        coords[found[0]] = found[1]
    if lay is None:
        # an array without a signature: 1-D with unit stride, no bounds needed
        return [coords[0]] if len(coords) == 1 else None
    mask = store.one("mask")
    proven = _mask_bounds(mask)
    out = []
    for d, x in coords.items():
        ok = lay.info.ndim == 1 and lay.info.stride_constant[0] not in (None, 0)
        for y, bound in proven:
            if y is x and _same_shape(bound, d, lay, kernel):
                ok = True
                break
        if not ok:
            return None
        out.append(x)
    return out


def disjoint_across(store: Operation, loop: Operation, facts: AliasFacts,
                    layouts: dict[int, ArrayLayout] | None = None,
                    bounds: Bounds | None = None) -> bool:
    """Do the instances of `store` in different iterations of the `for` loop `loop`
    (with any iterations of loops between them) write disjoint memory?"""
    sp = store.spec
    if not loop.spec.is_counted_loop or not sp.is_store:
        return False
    if not _defined_in(store.results[0], loop):
        return False
    kernel = facts.kernel
    fp = facts.footprint(store)
    if len(fp) != 1 or UNIVERSE in fp:
        return False
    (root,) = fp
    if facts.internal.get(root, True):
        return False
    layouts = layouts or {}
    bounds = bounds or Bounds(kernel)
    sep = _Separation(bounds, loop, store)
    if sp.is_view_access:
        view = store.required("view")
        if not sep.invariant(view) or not _view_index_tuple_ok(store, kernel, layouts):
            return False
        return any(sep.separates(x) for x in store.group("index"))
    ptr = store.required("ptr")
    base = ptr.owner.operands[0] if _role(ptr.owner) == "pointer_add" else None
    if base is None or not sep.invariant(base):
        return False
    coords = _scatter_coords(store, kernel, layouts, bounds)
    if coords is None:
        return False
    return any(sep.separates(x) for x in coords)


def disjoint_pair_across(first: Operation, second: Operation, loop: Operation,
                         facts: AliasFacts, layouts: dict[int, ArrayLayout] | None = None,
                         bounds: Bounds | None = None) -> bool:
    """Do instances of two view accesses in *different* iterations of the `for` loop
    `loop` touch disjoint memory? True when both use the same tiling of one array
    (one tensor view, equal tile shapes) and share a tile coordinate — the same
    value in both — that separates iterations: iteration i touches tile t(i) in
    both ops, and t(i) != t(j) for i != j."""
    if not loop.spec.is_counted_loop or not first.spec.is_view_access or \
            not second.spec.is_view_access:
        return False
    kernel = facts.kernel
    layouts = layouts or {}
    views = [op.required("view") for op in (first, second)]
    made = [_made_view(v, PartitionViewType) for v in views]
    owners = [o for o in made if o is not None]
    if len(owners) != 2:
        return False
    if owners[0].operands[0] is not owners[1].operands[0]:
        return False                        # not one tensor view
    t0, t1 = (v.type for v in views)
    if getattr(t0, "tile", None) != getattr(t1, "tile", None) or \
            getattr(t0, "dim_map", None) != getattr(t1, "dim_map", None):
        return False
    fp = facts.footprint(first)
    if len(fp) != 1 or UNIVERSE in fp or facts.internal.get(next(iter(fp)), True):
        return False
    bounds = bounds or Bounds(kernel)
    sep = _Separation(bounds, loop, second)
    if not all(sep.invariant(v) for v in views) or \
            not _view_index_tuple_ok(first, kernel, layouts):
        return False
    return any(a is b and sep.separates(a)
               for a, b in zip(first.group("index"), second.group("index")))


def injective_in(index: Value, loop: Operation, kernel: Kernel) -> bool:
    """Does the integer `index` (scalar or tile) take values in one iteration of the
    `for` loop `loop` that it never takes in another, whatever the iterations of
    loops nested in it and whatever the lane?"""
    if not loop.spec.is_counted_loop:
        return False
    site = index.owner if isinstance(index.owner, Operation) else None
    if isinstance(index.owner, Region) and isinstance(index.owner.parent, Operation):
        site = index.owner.parent.regions[0].ops[0] if index.owner.parent.regions[0].ops \
            else None
    return _Separation(Bounds(kernel), loop, site).separates(index)


_RANGE = {
    "iota": Bounds._iota, "get_tile_block_id": Bounds._block_id,
    "get_num_tile_blocks": Bounds._num_blocks, "get_index_space_shape": Bounds._tile_count,
    "get_tensor_shape": Bounds._tensor_size, "assume": Bounds._assume, "exti": Bounds._exti,
    "addi": Bounds._addi, "subi": Bounds._subi, "muli": Bounds._muli, "divi": Bounds._divi,
    "remi": Bounds._remi, "maxi": Bounds._maxi, "mini": Bounds._mini, "select": Bounds._select,
}
_MODULAR = {
    "exti": _Separation._mod_first, "negi": _Separation._mod_first,
    "addi": _Separation._mod_sum, "subi": _Separation._mod_sum, "xori": _Separation._mod_sum,
    "muli": _Separation._mod_product,
}
_FORM = {
    "iota": _Separation._form_lanes, "exti": _Separation._form_extend,
    "addi": _Separation._form_add, "subi": _Separation._form_sub,
    "muli": _Separation._form_product,
}

__all__ = ["disjoint_across", "disjoint_pair_across", "injective_in", "Bounds", "const_int"]
