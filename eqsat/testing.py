"""Property-based testing for rules and pipelines: random kernels and an equivalence check.

A rewrite rule or a whole pipeline is right when every kernel comes out meaning what it
meant. `kernels()` is a Hypothesis strategy of small random kernels that exercise what
optimizers get wrong — loops with carried values, branches, loads and stores through
views and masked pointers, aliasing arrays, injective and non-injective indices — each
with an inputs spec under which it runs in bounds and deterministically. `check_pipeline`
runs a pipeline on a kernel and compares both under the interpreter with schedule
fuzzing; `assert_pipeline_preserves` turns a failure into an AssertionError that shows
both kernels, the spec and the counterexample, which Hypothesis then shrinks::

    from hypothesis import given, settings
    from eqsat.testing import kernels, assert_pipeline_preserves, optimize_pipeline

    @settings(deadline=None)        # one example optimizes and interprets a kernel
    @given(kernels(max_arrays=3))
    def test_my_rules(case):
        assert_pipeline_preserves(case.kernel, case.spec,
                                  optimize_pipeline(rules="default,mine"))

How the kernels stay meaningful:

- every array is 2-D with one row per tile block (`[grid, L]`); block `b` touches only
  row `b`, so blocks never race and a kernel's result does not depend on how blocks
  interleave — only a wrong ordering *inside* a block can change it;
- accesses are in bounds by construction: view tiles lie in the row, pointer lanes lie
  in the row or are masked off by a bound check;
- two arrays share memory in the spec (`same_as`, optionally shifted by `offset` inside
  the row) only when their alias groups (`{alias = ...}` on the parameters) say they
  may; with no annotation every pair may alias (the safe default), with
  `allow_alias=False` no pair does (use that to test a `noalias` pipeline);
- a tokenized kernel orders its memory ops by a correct token ordering derived from
  program order (one chain, or loads that only wait for stores), plus redundant joins.

Hypothesis is needed (the `test` extra).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from collections.abc import Callable, Iterator, Sequence
from typing import Any

try:
    from hypothesis import strategies as st
except ImportError as e:  # pragma: no cover - only without the test extra
    raise ImportError("eqsat.testing needs hypothesis: pip install 'eqsat[test]'") from e

from eqsat.analysis.signature import LaunchArray, ScalarInfo, Signature, array_layouts, \
    encode_symbol, launch_array_info
from eqsat.equiv import EquivResult, check_equivalent, compare_outputs
from eqsat.errors import InterpError, VerifyError
from eqsat.interp import run
from eqsat.interp.inputs import ArraySpec, InputSpec, ScalarSpec, parse_spec
from eqsat.interp.memory import BASE_ALIGN
from eqsat.ir.builder import KernelBuilder
from eqsat.ir.core import Kernel, Value, clone_kernel
from eqsat.ir.types import TOKEN, TileType, Type, byte_size, ptr, scalar, tile
from eqsat.ir.verify import verify
from eqsat.memory.alias import alias_model
from eqsat.memory.injective import Bounds, disjoint_across
from eqsat.pipeline.optimize import optimize

Pipeline = Callable[[Kernel], Kernel]

# --------------------------------------------------------------------------------------------
# The drawn program: a tiny AST, emitted to a Kernel token-free or tokenized.
# --------------------------------------------------------------------------------------------
# Scalar i32 index expressions are tuples:
#   ("const", c) ("bid",) ("iv", loop) ("add", e, e) ("mul", e, c) ("div", e, c) ("rem", e, c)
Index = tuple[Any, ...]
# An operand of a value op: a variable number, or ("k", constant)
Operand = int | tuple[Any, ...]

INDEX_KINDS = ("const", "bid", "iv", "affine", "div", "rem", "iv+bid", "nest")
INJECTIVE_KINDS = frozenset(("iv", "affine", "iv+bid", "nest"))


@dataclass(frozen=True)
class _Access:
    kind: str                      # "view" | "ptr" | "flat" (a 1-D view of the whole array)
    #                                | "scatter" (a cuTile-style pointer tile: row and column
    #                                  coordinates times the array's strides, masked in bounds)
    index: Index                   # column tile (view) or start element (ptr, times scale)
    index_kind: str                # one of INDEX_KINDS, for coverage statistics
    scale: int = 1                 # ptr: start element = index * scale
    lanes: int = 1                 # ptr: lane j at start + lanes*j; -1: start + W-1-j
    mask: str | None = None        # ptr: None | "bound" | "prefix"; scatter: "bound" |
    #                                "prefix" | "tail" (lanes may pass the row's end, masked)


@dataclass
class _Load:
    var: int
    arr: int
    acc: _Access
    rejoin: int = 0                # tokenized: also join an older token into the input
    pad: int | None = None         # masked pointer load: value of the masked-off lanes


@dataclass
class _Store:
    arr: int
    acc: _Access
    val: int
    rejoin: int = 0


@dataclass
class _Op:
    var: int
    op: str                        # const | add | mul | sub | select | itof
    args: tuple[Any, ...]


@dataclass
class _For:
    loop: int
    lb: int
    ub: int | None                 # None: the scalar parameter `n`
    step: int
    inits: list[Operand]
    args: list[int]
    body: list[Any]
    yields: list[int]
    results: list[int]
    carry_token: bool = False      # tokenized: carry a token even if the body has no memory op


@dataclass
class _If:
    cond: tuple[Any, ...]                    # ("index", Index, pred, c) | ("data", var, pred)
    then: list[Any]
    then_yields: list[int]
    else_: list[Any]
    else_yields: list[int]
    results: list[int]


@dataclass
class _Loop:
    """`loop` counting its own `i` from 0: `break` once `i >= ub`, then the body, whose
    top level may hold `_Exit`s (an early `break` or `continue`)."""
    loop: int
    ub: int | None                 # None: the scalar parameter `n`
    inits: list[Operand]
    args: list[int]
    body: list[Any]
    yields: list[int]
    results: list[int]
    carry_token: bool = False


@dataclass
class _Exit:
    """`if cond { break values }` or `if cond { continue values }` at the top of a
    `_Loop` body: break passes the loop's results, continue its carried values."""
    kind: str                      # "break" | "continue"
    cond: tuple[Any, ...]          # as _If.cond
    values: list[int]


@dataclass
class _Atomic:
    """atomic_rmw / atomic_cas through a pointer tile, or atomic_red_view on a view."""
    var: int | None                # the old values (rmw, cas); None for red
    arr: int
    acc: _Access
    kind: str                      # "rmw" | "cas" | "red"
    mode: str                      # rmw/red: add, addf, max, ...; cas: ""
    val: int
    cmp: int | None = None         # cas: the compare value
    sem: str = "relaxed"
    rejoin: int = 0


@dataclass(frozen=True)
class GeneratedArray:
    """Where one array parameter lives: its groups, and the memory the spec gives it."""
    name: str
    dtype: str
    groups: tuple[str, ...] | None  # None: no `alias` attribute (may alias every array)
    root: int                       # index of the array whose buffer it uses (itself if own)
    offset: int                     # elements from the root's start (inside each row)


@dataclass
class _Program:
    arrays: list[GeneratedArray]
    grid: int
    width: int
    convention: str
    n_value: int | None
    body: list[Any]
    types: dict[int, str]
    loops: dict[int, tuple[int, int | None, int]]   # loop -> (lb, ub, step)
    signature: bool = False        # named by a cuTile symbol stating the spec's facts
    row_align: int = 1             # row strides a multiple of this many elements
    alias_attrs: bool = True       # alias groups also as parameter attributes


# --------------------------------------------------------------------------------------------
# Ranges and features of a program (static: loops have known trip counts)
# --------------------------------------------------------------------------------------------
def _trip(prog: _Program, loop: int) -> int:
    lb, ub, step = prog.loops[loop]
    u = prog.n_value if ub is None else ub
    assert u is not None            # a loop up to n exists only when n does
    return max(0, -(-(u - lb) // step))


def _iv_range(prog: _Program, loop: int) -> tuple[int, int]:
    lb, _, step = prog.loops[loop]
    t = _trip(prog, loop)
    return (lb, lb + step * (t - 1)) if t else (lb, lb)


def _range(prog: _Program, e: Index) -> tuple[int, int]:
    k = e[0]
    if k == "const":
        return e[1], e[1]
    if k == "bid":
        return 0, prog.grid - 1
    if k == "iv":
        return _iv_range(prog, e[1])
    if k == "add":
        (a, b), (c, d) = _range(prog, e[1]), _range(prog, e[2])
        return a + c, b + d
    lo, hi = _range(prog, e[1])
    if k == "mul":
        return lo * e[2], hi * e[2]
    if k == "div":
        return lo // e[2], hi // e[2]
    if k == "rem":
        return (lo, hi) if hi < e[2] else (0, e[2] - 1)
    raise ValueError(f"unknown index expression {e!r}")


def _loops_of(e: Index) -> set[int]:
    """Loops whose induction variable an index expression reads."""
    if e[0] == "iv":
        return {e[1]}
    return set().union(*(_loops_of(x) for x in e[1:] if isinstance(x, tuple)))


def _uses(stmts: list[Any]) -> set[int]:
    """Variables read anywhere in `stmts` (nested regions included)."""
    out: set[int] = set()
    for s in _walk(stmts):
        if isinstance(s, _Store):
            out.add(s.val)
        elif isinstance(s, _Op):
            out.update(a for a in s.args if isinstance(a, int) and not isinstance(a, bool)
                       and s.op not in ("const", "lanes", "ivrow"))
        elif isinstance(s, (_For, _Loop)):
            out.update(x for x in s.inits if isinstance(x, int))
            out.update(s.yields)
        elif isinstance(s, _If):
            out.update(s.then_yields + s.else_yields)
            if s.cond[0] == "data":
                out.add(s.cond[1])
        elif isinstance(s, _Exit):
            out.update(s.values)
            if s.cond[0] == "data":
                out.add(s.cond[1])
        elif isinstance(s, _Atomic):
            out.add(s.val)
            if s.cmp is not None:
                out.add(s.cmp)
    return out


def _walk(stmts: list[Any]) -> Iterator[Any]:
    for s in stmts:
        yield s
        if isinstance(s, (_For, _Loop)):
            yield from _walk(s.body)
        elif isinstance(s, _If):
            yield from _walk(s.then)
            yield from _walk(s.else_)


def _has_memory(stmts: list[Any]) -> bool:
    return any(isinstance(s, (_Load, _Store, _Atomic)) for s in _walk(stmts))


def _scatter_injective(acc: _Access, width: int) -> bool:
    """Does a scatter's column tile move by at least a whole tile from one iteration to
    the next (an injective index times the width), so that no two iterations of the
    loops in its index write one element?"""
    return acc.index_kind in INJECTIVE_KINDS and acc.scale >= width


def _flat_arrays(prog: _Program) -> list[int]:
    """Arrays some access reads or writes through their 1-D view."""
    return sorted({s.arr for s in _walk(prog.body)
                   if isinstance(s, (_Load, _Store, _Atomic)) and s.acc.kind == "flat"})


def _row_length(prog: _Program) -> int:
    """Columns every array row needs so that unmasked accesses stay inside it."""
    w, need = prog.width, prog.width
    for s in _walk(prog.body):
        if not isinstance(s, (_Load, _Store, _Atomic)):
            continue
        a = s.acc
        hi = _range(prog, a.index)[1]
        if a.kind in ("view", "flat"):
            need = max(need, (hi + 1) * w)
        elif a.kind == "scatter":
            if a.mask != "tail":
                need = max(need, hi * a.scale + w)
        elif a.mask is None:
            need = max(need, hi * a.scale + (w - 1) * max(1, abs(a.lanes)) + 1)
    return need


# --------------------------------------------------------------------------------------------
# The public case object
# --------------------------------------------------------------------------------------------
@dataclass(eq=False)
class KernelCase:
    """One generated kernel with the inputs it runs on.

    `spec_data` is the spec as JSON data (save it to reproduce with `eqsat equiv ...
    --inputs`); `arrays` says where each array parameter lives and which share memory;
    `features` names what the kernel exercises (for coverage statistics). `variant()`
    emits the same program in the other memory-ordering form, which must mean the same.
    """
    kernel: Kernel
    spec: InputSpec
    spec_data: dict[str, Any]
    tokenized: bool
    token_style: str
    arrays: tuple[GeneratedArray, ...]
    features: frozenset[str]
    _program: _Program = field(repr=False)

    def may_alias(self, i: int, j: int) -> bool:
        """May arrays i and j overlap according to the kernel's alias attributes?"""
        return _groups_meet(self.arrays[i].groups, self.arrays[j].groups)

    def overlaps(self, i: int, j: int) -> bool:
        """Do arrays i and j share memory in the spec?"""
        return self.arrays[i].root == self.arrays[j].root

    def variant(self, *, tokenized: bool, token_style: str = "chain") -> KernelCase:
        """The same program emitted token-free (program order) or tokenized."""
        return _make_case(self._program, tokenized, token_style)

    def __repr__(self) -> str:
        return (f"KernelCase(tokenized={self.tokenized}, token_style={self.token_style!r}, "
                f"features={sorted(self.features)})\n"
                f"--- kernel ---\n{self.kernel}\n--- spec ---\n"
                f"{json.dumps(self.spec_data)}")


def _groups_meet(a: tuple[str, ...] | None, b: tuple[str, ...] | None) -> bool:
    if a is None or b is None:
        return True
    return bool(set(a) & set(b))


# --------------------------------------------------------------------------------------------
# Drawing programs
# --------------------------------------------------------------------------------------------
_GROUP_POOL = ("g0", "g1", "g2")
_PREDS = ("less_than", "equal", "greater_than_or_equal", "not_equal")
_BITS = {"i1": 1, "i8": 8, "i16": 16, "i64": 64}     # the element types iota rows are drawn in


class _Drawer:
    """Draws one program statement by statement, tracking what is in scope (variables by
    dtype, enclosing loops) so that every drawn program is well typed."""

    def __init__(self, draw: st.DrawFn, *, max_depth: int, max_statements: int,
                 dtypes: Sequence[str], prog: _Program, loops: bool = False,
                 atomics: bool = False, parallel_stores: bool = False,
                 scatters: bool = False) -> None:
        self.draw, self.max_depth, self.dtypes, self.prog = draw, max_depth, tuple(dtypes), prog
        # the opt-in statement kinds; off, the drawer draws exactly what it always did
        self.with_loops, self.with_atomics = loops, atomics
        self.with_parallel_stores = parallel_stores
        self.with_scatters = scatters
        self.force_parallel = False     # the next loop drawn gets a parallel store
        self.force_scatter = False      # the next loop drawn gets a scatter store
        self.bare_near_miss = False     # ... and it is a near miss
        self.left = max_statements
        self.next_var = 0
        self.next_loop = 0
        self.scope: list[list[int]] = [[]]
        self.loops: list[int] = []
        self.used: list[tuple[int, _Access]] = []
        self.use_n = False

    # -- helpers ---------------------------------------------------------------------------
    def new_var(self, dtype: str) -> int:
        v = self.next_var
        self.next_var += 1
        self.prog.types[v] = dtype
        self.scope[-1].append(v)
        return v

    def visible(self, dtype: str) -> list[int]:
        return [v for frame in self.scope for v in frame if self.prog.types[v] == dtype]

    def pick(self, xs: Sequence[Any]) -> Any:
        return self.draw(st.sampled_from(list(xs)))

    def const_value(self, dtype: str) -> int | float:
        v = self.draw(st.sampled_from([0, 1, 2, -1, 3]))
        return float(v) if dtype == "f32" else v

    def value_of(self, dtype: str, out: list[Any]) -> int:
        """A visible variable of `dtype`, making a constant (appended to `out`) if none."""
        vs = self.visible(dtype)
        if vs and self.draw(st.integers(0, 7)) > 0:
            # mostly the newest value, so that loads feed stores and orderings show
            return vs[-1] if self.draw(st.booleans()) else self.pick(vs[::-1])
        v = self.new_var(dtype)
        out.append(_Op(v, "const", (self.const_value(dtype),)))
        return v

    # -- indices -----------------------------------------------------------------------------
    def index(self) -> tuple[Index, str]:
        kinds = ["const", "bid"]
        if self.loops:                       # inside loops, mostly induction variables
            kinds += ["iv", "iv", "affine", "affine", "div", "rem", "iv+bid"]
        kind = self.pick(kinds)
        if bool(self._nest_pairs()) and self.draw(st.booleans()):
            kind = "nest"                    # in a loop nest: injective in the whole nest
        if kind == "const":
            return ("const", self.draw(st.integers(0, 2))), kind
        if kind == "bid":
            return ("bid",), kind
        if kind == "nest":
            outer, inner = self.pick(self._nest_pairs())
            m = max(1, _trip(self.prog, inner))
            return ("add", ("mul", ("iv", outer), m), ("iv", inner)), kind
        iv = ("iv", self.pick(self.loops[::-1]))
        if kind == "iv":
            return iv, kind
        if kind == "affine":
            a = self.pick([1, 3])
            b = self.draw(st.integers(0, 2))
            return ("add", ("mul", iv, a), ("const", b)), kind
        if kind == "div":
            return ("div", iv, 2), kind
        if kind == "rem":
            return ("rem", iv, self.pick([2, 3])), kind
        return ("add", iv, ("bid",)), kind

    def _nest_pairs(self) -> list[tuple[int, int]]:
        out = []
        for i, o in enumerate(self.loops):
            for inner in self.loops[i + 1:]:
                lb, ub, step = self.prog.loops[inner]
                if lb == 0 and step == 1 and ub is not None:
                    out.append((o, inner))
        return out

    def access(self, store: bool) -> _Access:
        kind = self.pick(["view", "ptr"] + (["scatter"] if self.with_scatters else []))
        idx, ik = self.index()
        if kind == "view":
            return _Access("view", idx, ik)
        w = self.prog.width
        if kind == "scatter":
            return _Access("scatter", idx, ik, self.pick([w, 1]), self.pick([1, -1]),
                           self.pick(["bound", "prefix", "tail"]))
        scale = self.pick([w, 1])
        lanes = self.pick([1, 2, -1] if store else [1, 2, -1, 0])
        mask = self.pick([None, "bound", "prefix"])
        return _Access("ptr", idx, ik, scale, lanes, mask)

    # -- statements --------------------------------------------------------------------------
    def block(self, depth: int, lo: int, hi: int) -> list[Any]:
        out: list[Any] = []
        n = self.draw(st.integers(lo, hi))
        for _ in range(n):
            if self.left <= 0:
                break
            self.left -= 1
            kinds = ["load", "store", "op"]
            if self.with_atomics:
                kinds += ["atomic"]
            if depth < self.max_depth and self.left > 1:
                kinds += ["for", "for", "if"] if depth == 0 else ["for", "if"]
                if self.with_loops:
                    kinds += ["loop"]
            getattr(self, "s_" + self.pick(kinds))(depth, out)
        if self.draw(st.integers(0, 3)) > 0:
            self.observe(out)
        return out

    def observe(self, out: list[Any]) -> None:
        """Store what this region loaded but never used (summed per dtype), so a load
        that runs at the wrong time shows in memory. (Left out now and then, to keep
        dead loads for the cleanup rules.)"""
        used = _uses(out)
        for dt in self.dtypes:
            dead = [s.var for s in out if isinstance(s, (_Load, _Atomic)) and s.var is not None
                    and s.var not in used and self.prog.types[s.var] == dt]
            if not dead:
                continue
            v = dead[0]
            for x in dead[1:]:
                acc = self.new_var(dt)
                out.append(_Op(acc, "add", (v, x)))
                v = acc
            arrs = [i for i, a in enumerate(self.prog.arrays) if a.dtype == dt]
            if not arrs:
                continue
            arr = self.pick(arrs)
            out.append(_Store(arr, self.access(store=True), v, self.rejoin()))

    def target(self, store: bool) -> tuple[int, _Access]:
        """Array and access of a load or store: often one used before (read-modify-write,
        store-then-load: the pairs whose order matters), else a fresh one."""
        usable = [(a, acc) for a, acc in self.used
                  if _loops_of(acc.index) <= set(self.loops) and not (store and acc.lanes == 0)]
        if bool(usable) and self.draw(st.booleans()):
            arr, acc = self.pick(usable[::-1])
        else:
            arr = self.draw(st.integers(0, len(self.prog.arrays) - 1))
            acc = self.access(store)
        self.used.append((arr, acc))
        return arr, acc

    def rejoin(self) -> int:
        return self.draw(st.sampled_from([0, 0, 0, 1, 2]))

    def s_load(self, depth: int, out: list[Any]) -> None:
        arr, acc = self.target(store=False)
        pad = self.draw(st.sampled_from([None, 0, 7])) if acc.mask else None
        out.append(_Load(self.new_var(self.prog.arrays[arr].dtype), arr, acc, self.rejoin(),
                         pad))

    def s_store(self, depth: int, out: list[Any]) -> None:
        arr, acc = self.target(store=True)
        dt = self.prog.arrays[arr].dtype
        if self.draw(st.booleans()):             # mostly store data: copy, maybe changed
            src = [i for i, a in enumerate(self.prog.arrays) if a.dtype == dt]
            s_arr = self.pick(src)
            s_acc = self.access(store=False) if self.draw(st.booleans()) else acc
            x = self.new_var(dt)
            out.append(_Load(x, s_arr, s_acc, self.rejoin()))
            if self.draw(st.booleans()):
                y = self.new_var(dt)
                out.append(_Op(y, self.pick(["add", "mul"]), (x, ("k", self.const_value(dt)))))
        val = self.value_of(dt, out)
        out.append(_Store(arr, acc, val, self.rejoin()))

    def lanes(self) -> tuple[Any, ...]:
        """Lanes of an iota in a narrow or wide integer type, often longer than the type's
        positive range (so it wraps: lane 128 of an i8 iota is -128), brought to i32 by a
        sign or zero extension or truncation, or compared in its own type first."""
        w = self.prog.width
        elem = self.pick(["i8", "i8", "i8", "i16", "i64", "i1"])
        bits = _BITS[elem]
        if elem == "i1":
            n = self.pick([w, 2 * w])
        elif elem == "i16":
            n = self.pick([256, 1 << 16])
        else:
            n = self.pick([1 << min(bits - 1, 7), 1 << min(bits, 8), 1 << min(bits + 1, 9)])
        block = self.draw(st.integers(0, n // w - 1))
        # blocks near the wrap-around point are the interesting ones
        if elem in ("i8", "i16") and n > (1 << (bits - 1)) and self.draw(st.integers(0, 3)):
            block = min(n // w - 1, (1 << (bits - 1)) // w - self.draw(st.integers(-1, 0)))
        mode = self.pick(["ext", "cmp"])
        signed = self.draw(st.integers(0, 2)) > 0
        pred = self.pick(("less_than", "greater_than", "greater_than_or_equal", "not_equal"))
        lo, hi = (0, 1) if elem == "i1" else (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
        c = self.pick([v for v in (-1, -1, -1, 0, lo, hi) if lo <= v <= hi])
        return (elem, n, block, mode, signed, pred, c)

    def s_op(self, depth: int, out: list[Any]) -> None:
        dt = self.pick(self.dtypes)
        kind = self.pick(["add", "mul", "select", "sub", "itof", "const"])
        _DRAW_OP.get(kind, _Drawer.o_binary)(self, kind, dt, out)

    def o_const(self, kind: str, dt: str, out: list[Any]) -> None:
        out.append(_Op(self.new_var(dt), kind, (self.const_value(dt),)))

    def o_itof(self, kind: str, dt: str, out: list[Any]) -> None:
        """i32 to f32, where the program has both (else an add)."""
        if "f32" not in self.dtypes or "i32" not in self.dtypes:
            self.o_binary("add", dt, out)
            return
        x = self.value_of("i32", out)
        out.append(_Op(self.new_var("f32"), kind, (x,)))

    def o_select(self, kind: str, dt: str, out: list[Any]) -> None:
        x = self.value_of(dt, out)
        a, b = self.value_of(dt, out), self.value_of(dt, out)
        y: Operand = self.value_of(dt, out)
        out.append(_Op(self.new_var(dt), kind, (self.pick(_PREDS), a, b, x, y)))

    def o_binary(self, kind: str, dt: str, out: list[Any]) -> None:
        """x op y, or x op constant (x*1, x+0, ... which the algebra rules fold)."""
        x = self.value_of(dt, out)
        y = self.value_of(dt, out) if self.draw(st.booleans()) else \
            ("k", self.const_value(dt))
        out.append(_Op(self.new_var(dt), kind, (x, y)))

    def s_lanes(self, depth: int, out: list[Any]) -> None:
        """An i32 row from `lanes()`, mostly stored at once so that it shows in memory."""
        v = self.new_var("i32")
        out.append(_Op(v, "lanes", self.lanes()))
        arrs = [i for i, a in enumerate(self.prog.arrays) if a.dtype == "i32"]
        if arrs and self.draw(st.integers(0, 3)) > 0:
            arr = self.pick(arrs)
            acc = self.access(store=True)
            self.used.append((arr, acc))
            out.append(_Store(arr, acc, v, self.rejoin()))

    def s_for(self, depth: int, out: list[Any]) -> None:
        loop = self.next_loop
        self.next_loop += 1
        if self.prog.n_value is not None and self.draw(st.booleans()):
            lb, ub, step = 0, None, 1
            self.use_n = True
        else:
            lb = self.pick([0, 0, 0, 1, 2])
            step = self.pick([1, 1, 1, 2])
            trip = self.draw(st.integers(0, 4))
            ub = lb + step * trip - (self.draw(st.integers(0, step - 1)) if trip else 0)
        self.prog.loops[loop] = (lb, ub, step)
        carry_types, inits = self.carried()
        self.scope.append([])
        args = [self.new_var(dt) for dt in carry_types]
        self.loops.append(loop)
        force, self.force_parallel = self.force_parallel, False
        # now and then a loop of the parallel store alone: one the proofs can free
        bare = self.with_parallel_stores and self.draw(st.integers(0, 2)) == 0
        # a loop of a scatter alone: the store the proof decides on has nothing else to
        # stay ordered with, so a wrong decision shows
        bare_scatter = self.with_scatters and not bare and self.draw(st.integers(0, 2)) == 0
        if bare_scatter:
            self.force_scatter = True
            self.bare_near_miss = self.draw(st.booleans())
        body = [] if bare or bare_scatter else self.block(depth + 1, 1, 3)
        if self.with_parallel_stores and (force or bare or self.draw(st.integers(0, 3)) > 0):
            self.parallel_store(loop, body)
        yields, results = self.close_loop(loop, args, carry_types, body)
        out.append(_For(loop, lb, ub, step, inits, args, body, yields, results,
                        self.draw(st.booleans())))

    def close_loop(self, loop: int, args: list[int], carry_types: list[str],
                   body: list[Any]) -> tuple[list[int], list[int]]:
        """The end of a loop's body, for `for` and `loop` alike: its scatter, if one is
        drawn, the values it carries on, and its results outside it."""
        self.maybe_scatter(loop, body)
        yields = self.carried_yields(args, carry_types, body)
        self.loops.pop()
        self.scope.pop()
        return yields, [self.new_var(dt) for dt in carry_types]

    def carried_yields(self, args: list[int], carry_types: list[str],
                       body: list[Any]) -> list[int]:
        """Carried values change in the body: accumulate into them, or carry a new value."""
        yields = []
        for a, dt in zip(args, carry_types):
            v = self.value_of(dt, body)
            if v != a and self.draw(st.booleans()):
                acc = self.new_var(dt)
                body.append(_Op(acc, "add", (a, v)))
                v = acc
            yields.append(v)
        return yields

    def carried(self) -> tuple[list[str], list[Operand]]:
        """Types and initial values of a loop's carried values."""
        n_carry = self.draw(st.integers(0, 2))
        carry_types = [self.pick(self.dtypes) for _ in range(n_carry)]
        inits: list[Operand] = []
        for dt in carry_types:
            vs = self.visible(dt)
            inits.append(self.pick(vs[::-1]) if bool(vs) and self.draw(st.booleans())
                         else ("k", self.const_value(dt)))
        return carry_types, inits

    def condition(self) -> tuple[Any, ...]:
        """An `if` condition: on a data value in scope, or on an index expression."""
        data_vars = [v for frame in self.scope for v in frame
                     if self.prog.types[v] in ("f32", "i32")]
        if bool(data_vars) and self.draw(st.booleans()):
            return ("data", self.pick(data_vars[::-1]), self.pick(_PREDS))
        idx, _ = self.index()
        return ("index", idx, self.pick(_PREDS), self.draw(st.integers(0, 2)))

    def s_loop(self, depth: int, out: list[Any]) -> None:
        """A `loop` with its own counter, left by `break` at the bound or earlier, and
        maybe an early `continue`: control flow a `for` never has."""
        loop = self.next_loop
        self.next_loop += 1
        if self.prog.n_value is not None and self.draw(st.booleans()):
            ub: int | None = None
            self.use_n = True
        else:
            ub = self.draw(st.integers(0, 4))
        self.prog.loops[loop] = (0, ub, 1)
        carry_types, inits = self.carried()
        self.scope.append([])
        args = [self.new_var(dt) for dt in carry_types]
        self.loops.append(loop)
        force, self.force_parallel = self.force_parallel, False
        body = self.block(depth + 1, 1, 2)
        kind = self.pick(["break", "continue"])
        cond = self.condition()
        values = [self.value_of(dt, body) for dt in carry_types]
        body.append(_Exit(kind, cond, values))
        body += self.block(depth + 1, 0, 2)
        if self.with_parallel_stores and (force or self.draw(st.integers(0, 3)) > 0):
            self.parallel_store(loop, body)
        yields, results = self.close_loop(loop, args, carry_types, body)
        out.append(_Loop(loop, ub, inits, args, body, yields, results,
                         self.draw(st.booleans())))

    def parallel_store(self, loop: int, out: list[Any]) -> None:
        """A store whose tiles differ from iteration to iteration of `loop` (an injective
        index, tiles that do not overlap), alone, after a load of its own tile (in place),
        or after a load of another tile of the array (a conflict across iterations)."""
        w = self.prog.width
        iv = ("iv", loop)
        nests = [(o, i) for o, i in self._nest_pairs() if i == loop]
        form = self.pick(["iv", "affine", "affine"] + (["nest"] if nests else []))
        if form == "iv":
            idx: Index = iv
        elif form == "affine":
            a, c = self.pick([1, 2, 3]), self.draw(st.integers(0, 2))
            idx = ("add", ("mul", iv, a), ("const", c))
        else:
            outer, inner = self.pick(nests)
            idx = ("add", ("mul", ("iv", outer), max(1, _trip(self.prog, inner))), ("iv", inner))
        kind = self.pick(["flat", "flat", "view", "ptr"])
        if kind == "ptr":
            acc = _Access("ptr", idx, form, w, self.pick([1, -1]),
                          self.pick([None, "bound", "prefix"]))
        else:
            acc = _Access(kind, idx, form)
        arr = self.draw(st.integers(0, len(self.prog.arrays) - 1))
        dt = self.prog.arrays[arr].dtype
        how = self.pick(["plain", "in-place", "in-place", "other-tile"])
        if how != "plain":
            src = acc if how == "in-place" else (
                _Access("flat", *self.index()) if kind == "flat" else self.access(store=False))
            x = self.new_var(dt)
            out.append(_Load(x, arr, src, self.rejoin()))
            y = self.new_var(dt)
            out.append(_Op(y, self.pick(["add", "mul"]), (x, ("k", self.const_value(dt)))))
        self.used.append((arr, acc))
        out.append(_Store(arr, acc, self.value_of(dt, out), self.rejoin()))

    def maybe_scatter(self, loop: int, body: list[Any]) -> None:
        """With scatters on: mostly a scatter store in the loop (always when forced)."""
        if not self.with_scatters:
            return
        force, self.force_scatter = self.force_scatter, False
        if force or self.draw(st.integers(0, 3)) > 0:
            self.scatter_store(loop, body)

    def scatter_store(self, loop: int, out: list[Any]) -> None:
        """A cuTile-style scatter in `loop`: the pointer tile `base + row * stride + col`,
        row the block id and col `start + lane` (or reversed lanes) in i64, masked by
        `row < rows and col < cols` as `ct.scatter` masks it. Mostly `start = t(iv) * W`
        with t injective (whole tiles apart: what the injectivity proof accepts under the
        signature's facts), else a near miss that is NOT injective: tiles that overlap
        from one iteration to the next (`iv * k`, k < W), `iv / 2`, `iv % 2`, or a start
        the loop does not move. The value stored then holds the iteration's counter, so
        two iterations writing one element write different values and a wrong proof
        (the stores reordered) shows in memory. Alone, after a gather of its own tile,
        or of another array."""
        w = self.prog.width
        iv: Index = ("iv", loop)
        nests = [(o, i) for o, i in self._nest_pairs() if i == loop]
        near, self.bare_near_miss = self.bare_near_miss, False
        form = self.pick(["overlap", "overlap", "div", "rem", "fixed"] if near else
                         ["tile", "tile", "affine", "reversed", "overlap", "overlap", "div",
                          "rem", "fixed"] + (["nest"] if nests else []))
        scale, lanes = w, 1
        idx: Index
        if form in ("tile", "reversed"):
            idx, ik = iv, "iv"
            lanes = -1 if form == "reversed" else 1
        elif form == "affine":
            a, c = self.pick([1, 2, 3]), self.draw(st.integers(0, 2))
            idx, ik = ("add", ("mul", iv, a), ("const", c)), "affine"
        elif form == "nest":
            outer, inner = self.pick(nests)
            idx, ik = ("add", ("mul", ("iv", outer), max(1, _trip(self.prog, inner))),
                       ("iv", inner)), "nest"
        elif form == "overlap":
            idx, ik, scale = iv, "iv", self.pick(sorted({1, max(1, w // 2)}))
        elif form == "div":
            idx, ik = ("div", iv, 2), "div"
        elif form == "rem":
            idx, ik = ("rem", iv, 2), "rem"
        else:
            idx, ik = self.pick([(("bid",), "bid"), (("const", self.draw(st.integers(0, 2))),
                                                      "const")])
        acc = _Access("scatter", idx, ik, scale, lanes,
                      self.pick(["bound", "bound", "prefix", "tail"]))
        arr = self.draw(st.integers(0, len(self.prog.arrays) - 1))
        dt = self.prog.arrays[arr].dtype
        near_miss = not _scatter_injective(acc, w)
        # a near miss mostly stands alone on its array: were it read in the loop too, the
        # pair would stay ordered whatever the proof says of the store
        how = self.pick(["plain", "plain", "gather-other"] if near_miss else
                        ["plain", "gather-own", "gather-own", "gather-other"])
        x: int | None = None
        if how != "plain":
            others = [i for i, a in enumerate(self.prog.arrays) if a.dtype == dt and i != arr]
            src = arr if how == "gather-own" or not others else self.pick(others)
            s_acc = acc if how == "gather-own" else self.access(store=False)
            x = self.new_var(dt)
            out.append(_Load(x, src, s_acc, self.rejoin(),
                             self.draw(st.sampled_from([None, 0, 7])) if s_acc.mask else None))
        if near_miss or self.draw(st.booleans()):
            v = self.new_var(dt)
            out.append(_Op(v, "ivrow", (loop,)))
            if x is not None:
                y = self.new_var(dt)
                out.append(_Op(y, "add", (x, v)))
                v = y
        elif x is not None:
            v = self.new_var(dt)
            out.append(_Op(v, self.pick(["add", "mul"]), (x, ("k", self.const_value(dt)))))
        else:
            v = self.value_of(dt, out)
        self.used.append((arr, acc))
        out.append(_Store(arr, acc, v, self.rejoin()))

    def s_atomic(self, depth: int, out: list[Any]) -> None:
        """atomic_rmw or atomic_cas through a pointer tile of distinct lanes, or
        atomic_red_view on a view tile; often on a tile used before."""
        kind = self.pick(["rmw", "cas", "red"])
        want = "view" if kind == "red" else "ptr"
        usable = [(a, acc) for a, acc in self.used if acc.kind == want and acc.lanes != 0
                  and _loops_of(acc.index) <= set(self.loops)]
        if bool(usable) and self.draw(st.booleans()):
            arr, acc = self.pick(usable[::-1])
        else:
            arr = self.draw(st.integers(0, len(self.prog.arrays) - 1))
            idx, ik = self.index()
            if want == "view":
                acc = _Access("view", idx, ik)
            else:
                acc = _Access("ptr", idx, ik, self.pick([self.prog.width, 1]),
                              self.pick([1, 2, -1]), self.pick([None, "bound", "prefix"]))
        self.used.append((arr, acc))
        dt = self.prog.arrays[arr].dtype
        if kind == "cas":
            mode = ""
        elif dt == "f32":
            mode = "addf" if kind == "red" else self.pick(["addf", "xchg"])
        else:
            mode = self.pick(["add", "max", "min", "and", "or", "xor"]
                             + ([] if kind == "red" else ["xchg"]))
        val = self.value_of(dt, out)
        cmp = self.value_of(dt, out) if kind == "cas" else None
        sem = self.pick(["relaxed", "relaxed", "acq_rel", "acquire", "release"])
        if kind == "red":           # tileiras orders a view's atomic reduction relaxed only
            sem = "relaxed"         # (drawn all the same: the other draws stay as they were)
        var = None if kind == "red" else self.new_var(dt)
        out.append(_Atomic(var, arr, acc, kind, mode, val, cmp, sem, self.rejoin()))

    def s_if(self, depth: int, out: list[Any]) -> None:
        data_vars = [v for frame in self.scope for v in frame
                     if self.prog.types[v] in ("f32", "i32")]
        if bool(data_vars) and self.draw(st.booleans()):
            cond: tuple[Any, ...] = ("data", self.pick(data_vars[::-1]), self.pick(_PREDS))
        else:
            idx, _ = self.index()
            cond = ("index", idx, self.pick(_PREDS), self.draw(st.integers(0, 2)))
        res_types = [self.pick(self.dtypes) for _ in range(self.draw(st.integers(0, 2)))]
        branches = []
        for lo in (1, 0):
            self.scope.append([])
            body = self.block(depth + 1, lo, 3)
            ys = [self.value_of(dt, body) for dt in res_types]
            self.scope.pop()
            branches.append((body, ys))
        results = [self.new_var(dt) for dt in res_types]
        (t, ty), (e, ey) = branches
        out.append(_If(cond, t, ty, e, ey, results))


def _draw_arrays(draw: st.DrawFn, n: int, dtypes: Sequence[str], allow_alias: bool,
                 annotate: bool | None) -> list[GeneratedArray]:
    """Names, dtypes, alias groups, and which arrays really share memory."""
    names = ["A", "B", "C", "D", "E", "F"][:n]
    if annotate is None:
        annotate = draw(st.booleans())
    groups: list[tuple[str, ...] | None] = []
    for _ in range(n):
        if not annotate:
            groups.append(None)
            continue
        first = draw(st.sampled_from(_GROUP_POOL))
        extra = draw(st.sampled_from((None,) + _GROUP_POOL))
        groups.append(tuple(sorted({first, extra} - {None})))
    kinds = [draw(st.sampled_from(list(dtypes))) for _ in range(n)]
    out: list[GeneratedArray] = []
    for i in range(n):
        root, offset = i, 0
        if allow_alias:
            cands = [r for r in range(i) if out[r].root == r and kinds[r] == kinds[i]
                     and all(_groups_meet(groups[m], groups[i])
                             for m in range(i) if out[m].root == r)]
            if cands and draw(st.integers(0, 2)) > 0:
                root = draw(st.sampled_from(cands))
                offset = draw(st.sampled_from([0, 0, 1, 2, 3, 4, 6]))
        out.append(GeneratedArray(names[i], kinds[i], groups[i], root, offset))
    return out


@st.composite
def _programs(draw: st.DrawFn, *, min_arrays: int, max_arrays: int, max_depth: int,
              max_statements: int, allow_alias: bool, annotate: bool | None, dtypes: Sequence[str],
              grids: Sequence[int], conventions: Sequence[str],
              lanes: bool | None = None, loops: bool = False, atomics: bool = False,
              parallel_stores: bool = False, scatters: bool = False) -> _Program:
    n = draw(st.integers(min_arrays, max_arrays))
    # a cuTile symbol states every array's alias groups: a scatter kernel always has them
    arrays = _draw_arrays(draw, n, dtypes, allow_alias, True if scatters else annotate)
    prog = _Program(arrays, draw(st.sampled_from(list(grids))), draw(st.sampled_from([4, 2])),
                    "cutile" if scatters else draw(st.sampled_from(list(conventions))),
                    draw(st.integers(0, 3)) if draw(st.booleans()) else None, [], {}, {})
    if scatters:
        prog.signature = True
        prog.row_align = draw(st.sampled_from([1, 4, 16]))
        prog.alias_attrs = draw(st.booleans())
    d = _Drawer(draw, max_depth=max_depth, max_statements=max_statements, dtypes=dtypes,
                prog=prog, loops=loops, atomics=atomics, parallel_stores=parallel_stores,
                scatters=scatters)
    body = d.block(0, 1, max(1, max_statements // 2))
    # an opt-in kind the draw happened to leave out is added at the end, so that every
    # kernel of such a strategy exercises it
    if loops and max_depth >= 1 and not any(isinstance(s, _Loop) for s in _walk(body)):
        d.left = max(d.left, 2)
        d.s_loop(0, body)
    if parallel_stores and max_depth >= 1 and not any(
            isinstance(x, _Store) and x.acc.kind != "scatter" and
            x.acc.index_kind in INJECTIVE_KINDS and s.loop in _loops_of(x.acc.index)
            for s in _walk(body) if isinstance(s, (_For, _Loop)) for x in _walk(s.body)):
        d.left, d.force_parallel = max(d.left, 2), True
        if loops and draw(st.booleans()):
            d.s_loop(0, body)
        else:
            d.s_for(0, body)
    if scatters and max_depth >= 1 and not any(
            isinstance(x, _Store) and x.acc.kind == "scatter" and s.loop in
            _loops_of(x.acc.index) for s in _walk(body) if isinstance(s, (_For, _Loop))
            for x in _walk(s.body)):
        d.left, d.force_scatter = max(d.left, 2), True
        if loops and draw(st.booleans()):
            d.s_loop(0, body)
        else:
            d.s_for(0, body)
    if atomics and not any(isinstance(s, _Atomic) for s in _walk(body)):
        d.s_atomic(0, body)
    if not any(isinstance(s, _Store) for s in _walk(body)):
        arr, acc = d.target(store=True)
        body.append(_Store(arr, acc, d.value_of(arrays[arr].dtype, body)))
    # rows of (often wrapping) iotas, in about a quarter of the kernels; drawn last, so
    # the rest of the program is drawn as it would be without them
    if "i32" in dtypes and (draw(st.integers(0, 3)) == 0 if lanes is None else lanes):
        for _ in range(draw(st.integers(1, 3))):
            stmts: list[Any] = []
            d.s_lanes(0, stmts)
            at = draw(st.integers(0, len(body)))
            body[at:at] = stmts
    prog.body = body
    if not d.use_n:
        prog.n_value = None
    return prog


def _features(prog: _Program) -> frozenset[str]:
    f: set[str] = {f"grid{prog.grid}", f"arrays{len(prog.arrays)}", prog.convention}
    if any(a.root != i for i, a in enumerate(prog.arrays)):
        f.add("real-overlap")
    if any(a.offset for a in prog.arrays):
        f.add("offset-overlap")
    if any(a.groups is not None for a in prog.arrays) and prog.alias_attrs:
        f.add("alias-attrs")
    if prog.signature:
        f.add("signature")
    for s in _walk(prog.body):
        if isinstance(s, (_Load, _Store)):
            f.add(("load-" if isinstance(s, _Load) else "store-") + s.acc.kind)
            f.add("index-" + s.acc.index_kind)
            if s.acc.mask:
                f.add("mask")
            if s.acc.kind == "scatter" and isinstance(s, _Store):
                f.add("scatter-" + ("injective" if _scatter_injective(s.acc, prog.width)
                                    else "near-miss"))
            if isinstance(s, _Load) and s.pad is not None:
                f.add("padding")
        elif isinstance(s, _For):
            f.add("for")
            if s.args:
                f.add("for-iter-values")
            if s.ub is None:
                f.add("for-dynamic-bound")
            if any(isinstance(x, _For) for x in _walk(s.body)):
                f.add("nested-for")
            if any(isinstance(x, _If) for x in _walk(s.body)):
                f.add("if-in-for")
            for x in _walk(s.body):       # what the loop-parallel store rule looks at
                if isinstance(x, _Store):
                    inj = x.acc.index_kind in INJECTIVE_KINDS and (
                        x.acc.kind != "scatter" or _scatter_injective(x.acc, prog.width))
                    f.add("store-in-loop-" + ("injective" if inj else "non-injective"))
        elif isinstance(s, _Loop):
            f.add("loop")
            for x in _walk(s.body):
                if isinstance(x, _Store):
                    inj = x.acc.index_kind in INJECTIVE_KINDS and (
                        x.acc.kind != "scatter" or _scatter_injective(x.acc, prog.width))
                    f.add("store-in-loop-" + ("injective" if inj else "non-injective"))
        elif isinstance(s, _Exit):
            f.add("loop-" + s.kind)
        elif isinstance(s, _Atomic):
            f.add("atomic-" + s.kind)
            if s.sem != "relaxed":
                f.add("atomic-ordered")
        elif isinstance(s, _If):
            f.add("if-results" if s.results else "if-no-results")
            f.add("if-" + s.cond[0])
        elif isinstance(s, _Op):
            f.add("op-" + s.op)
            if s.op == "lanes":
                elem, n = s.args[0], s.args[1]
                bits = _BITS[elem]
                f.add(f"lanes-{elem}")
                if n > (1 << max(0, bits - 1)):
                    f.add("lanes-wrap")
            if len(s.args) == 2 and isinstance(s.args[1], tuple) and s.args[1][1] in (0, 1):
                f.add("foldable")
    return frozenset(f)


# --------------------------------------------------------------------------------------------
# Emitting a program
# --------------------------------------------------------------------------------------------
# statement kinds of the generator's own vocabulary -> how to draw one (others: binary)
_DRAW_OP: dict[str, Callable[[_Drawer, str, str, list[Any]], None]] = {
    "const": _Drawer.o_const, "itof": _Drawer.o_itof, "select": _Drawer.o_select}
_INT_OP = {"add": "addi", "mul": "muli", "sub": "subi"}
_FLOAT_OP = {"add": "addf", "mul": "mulf", "sub": "subf"}


class _Tokens:
    """The memory-ordering state while emitting a tokenized region.

    "chain": every memory op waits for the previous one (program order).
    "loads-parallel": a load waits for the last store-ordered token only; a store waits for
    that and every load since. Both keep each conflicting pair in program order.
    """

    pending: list[Value]

    def __init__(self, b: KernelBuilder, style: str, cur: Value, older: list[Value]):
        self.b, self.style, self.cur, self.pending, self.older = b, style, cur, [], older

    def child(self, cur: Value | None = None) -> _Tokens:
        """The state inside a nested region: what it adds stays there."""
        t = _Tokens(self.b, self.style, self.cur if cur is None else cur, list(self.older))
        t.pending = [] if cur is not None else list(self.pending)
        return t

    def collapse(self) -> Value:
        if self.pending:
            self.cur = self.b.join_tokens(self.cur, *self.pending)
            self.pending = []
        return self.cur

    def before(self, write: bool, rejoin: int) -> Value:
        t = self.collapse() if (write or self.style == "chain") else self.cur
        if rejoin and self.older:
            t = self.b.join_tokens(t, self.older[-min(rejoin, len(self.older))])
        return t

    def after(self, write: bool, t: Value) -> None:
        self.older.append(t)
        if write or self.style == "chain":
            self.cur = t
        else:
            self.pending.append(t)


class _Emitter:
    """Builds the Kernel (with the typed builder, so every op is checked as it is made)
    and the spec of one program. Arrays are `[grid, L]` with one row per block; an array
    sharing a root's buffer sits `offset` elements into each of the root's rows."""

    def __init__(self, prog: _Program, tokenized: bool, style: str):
        self.p, self.tokenized, self.style = prog, tokenized, style
        self.L = _row_length(prog)
        self.rs = [self.L + max(a.offset for a in prog.arrays if a.root == r) if a.root == r
                   else 0 for r, a in enumerate(prog.arrays)]
        if _flat_arrays(prog):          # row strides a whole number of tiles of a 1-D view
            self.rs = [-(-r // prog.width) * prog.width for r in self.rs]
        if prog.row_align > 1:
            self.rs = [-(-r // prog.row_align) * prog.row_align for r in self.rs]
        self.b = KernelBuilder(self.symbol() if prog.signature else "prop")
        self.env: dict[int, Value] = {}
        self.ivs: dict[int, Value] = {}
        self.exits: list[tuple[Any, Value, bool]] = []   # enclosing _Loop: (loop, i+1, carry)

    # -- prologue ------------------------------------------------------------------------------
    def _shape(self, i: int) -> tuple[int, int]:
        a = self.p.arrays[i]
        return (self.p.grid, self.rs[i] if a.root == i else self.L)

    def _stride(self, i: int) -> int:
        return self.rs[self.p.arrays[i].root]

    def symbol(self) -> str:
        """The cuTile mangled name of the kernel as cuTile's launcher would specialize it
        on the spec's arrays (base alignment, shape and stride divisibility, the unit
        column stride, no internal overlap), with the arrays' alias groups stated; `n`
        an i32 scalar. The interpreter starts every buffer 256-byte aligned, so an
        array's address is 16-byte aligned exactly when its offset is."""
        params: list[Any] = []
        for i, a in enumerate(self.p.arrays):
            bits = 8 * byte_size(a.dtype)
            addr = BASE_ALIGN * (a.root + 1) + a.offset * byte_size(a.dtype)
            info = launch_array_info(a.dtype, LaunchArray(
                bits, self._shape(i), (self._stride(i), 1), addr))
            params.append(replace(info, alias_groups=tuple(a.groups or ())))
        if self.p.n_value is not None:
            params.append(ScalarInfo("i32"))
        return encode_symbol(Signature("prop", "t1", params))

    def prologue(self) -> None:
        b, p, w = self.b, self.p, self.p.width
        self.ptrs, self.rows, self.cols, self.strides = [], [], [], []
        self.sizes: list[Value] = []       # cuTile convention: each array's row count
        for a in p.arrays:
            attrs = {} if a.groups is None or not p.alias_attrs else {
                "alias": a.groups[0] if len(a.groups) == 1 else a.groups}
            self.ptrs.append(b.param(tile((), ptr(a.dtype)), a.name, **attrs))
            if p.convention == "cutile":       # pointer, shape, strides (as cuTile passes)
                rows, cols, stride, _ = (b.param(scalar("i32"), f"{a.name}_{nm}")
                                         for nm in ("rows", "cols", "stride", "cstride"))
                self.rows.append(rows)
                self.cols.append(cols)
                self.strides.append(stride)
        self.n = b.param(scalar("i32"), "n") if p.n_value is not None else None
        self.bid = b.tile_block_id()[0]
        self.tok0 = b.make_token() if self.tokenized else None
        self.views, self.bases = [], []
        self.flat_arrays = _flat_arrays(p)
        self.flats: dict[int, tuple[Value, Value]] = {}
        for i, a in enumerate(p.arrays):
            base = self.ptrs[i]
            if p.convention == "cutile":
                if (a.offset * 4) % 16 == 0:
                    base = b.assume_div_by(base, 16)
                rows = b.assume_bounded(self.rows[i], 0, None)
                cols = b.assume_bounded(self.cols[i], 0, None)
                stride = b.assume_bounded(self.strides[i], 0, None)
                tv = b.make_tensor_view(base, [rows, cols], [stride, 1])
                self.sizes.append(rows)
                self.cols[i], self.strides[i] = cols, stride
            else:
                tv = b.make_tensor_view(base, list(self._shape(i)), [self._stride(i), 1])
            self.views.append(b.make_partition_view(tv, (1, w)))
            self.bases.append(b.broadcast(b.reshape(base, (1, 1)), (1, w)))
            if i in self.flat_arrays:
                self.flat_view(i, base)
        self.iota = b.reshape(b.iota(w, "i32"), (1, w))

    def flat_view(self, i: int, base: Value) -> None:
        """Array i as one 1-D view of unit stride (the rows one after another, `stride`
        apart) in tiles of the row width, and the first tile of this block's row: tile
        `c` of the row is tile `first + c` of the view."""
        b, w = self.b, self.p.width
        if self.p.convention == "cutile":
            rows = b.assume_bounded(self.rows[i], 1, None)
            stride = self.strides[i]
            size: Value | int = b.addi(b.muli(b.subi(rows, self.c32(1)), stride), self.cols[i])
            per_row = b.binary("divi", stride, self.c32(w), signed=True)
        else:
            size = (self.p.grid - 1) * self._stride(i) + self._shape(i)[1]
            per_row = self.c32(self._stride(i) // w)
        tv = b.make_tensor_view(base, [size], [1])
        self.flats[i] = (b.make_partition_view(tv, (w,)), b.muli(self.bid, per_row))

    def scatter(self, arr: int, acc: _Access) -> tuple[Value, Value]:
        """The pointer tile and mask of a scatter, built as `ct.scatter` builds them: the
        row (block id) and column coordinates extended to i64, each masked below the
        array's size on its axis (unsigned), times the array's stride (the column's is
        the constant 1), added to the base."""
        b, w = self.b, self.p.width

        def wide(x: Value) -> Value:     # an i32 scalar as a (1, W) i64 tile
            return b.splat(b.exti(x, "i64"), (1, w))
        start = self.index(acc.index)
        if acc.scale != 1:
            start = b.muli(start, self.c32(acc.scale))
        lanes = self.iota if acc.lanes == 1 else b.subi(self.tile_const(w - 1, "i32"),
                                                        self.iota)
        col = b.exti(b.addi(b.splat(start, (1, w)), lanes), "i64")
        row = wide(self.bid)
        mask = b.andi(b.cmpi("less_than", row, wide(self.sizes[arr]), signed=False),
                      b.cmpi("less_than", col, wide(self.cols[arr]), signed=False))
        if acc.mask == "prefix":
            mask = b.andi(mask, b.cmpi("less_than", self.iota,
                                       self.tile_const(max(1, w // 2), "i32")))
        off = b.addi(b.muli(row, wide(self.strides[arr])),
                     b.muli(col, b.constant(1, tile((1, w), "i64"))))
        return b.offset(self.bases[arr], off), mask

    def flat_access(self, arr: int, acc: _Access) -> tuple[Value, list[Value]]:
        view, first = self.flats[arr]
        return view, [self.b.addi(first, self.index(acc.index))]

    # -- expressions ---------------------------------------------------------------------------
    def c32(self, v: int) -> Value:
        return self.b.constant(v, scalar("i32"))

    def index(self, e: Index) -> Value:
        b, k = self.b, e[0]
        if k == "const":
            return self.c32(e[1])
        if k == "bid":
            return self.bid
        if k == "iv":
            return self.ivs[e[1]]
        if k == "add":
            return b.addi(self.index(e[1]), self.index(e[2]))
        if k == "mul":
            x = self.index(e[1])
            return x if e[2] == 1 else b.muli(x, self.c32(e[2]))
        if k == "div":
            return b.binary("divi", self.index(e[1]), self.c32(e[2]), signed=True)
        if k == "rem":
            return b.binary("remi", self.index(e[1]), self.c32(e[2]), signed=True)
        raise ValueError(f"unknown index expression {e!r}")

    def lanes(self, elem: str, n: int, block: int, mode: str, signed: bool, pred: str,
              c: int) -> Value:
        """Block `block` (of the row width) of `iota : tile<n x elem>` as an i32 row. An
        iota longer than its type has values (tileiras refuses one: 4 lanes of i1, 512 of
        i8) is written as the full-period iota repeated: the same lanes, wrapped."""
        b, w = self.b, self.p.width
        period = 1 << _BITS[elem]
        if n > period:
            x = b.reshape(b.iota(period, elem), (1, period))
            x = b.reshape(b.broadcast(x, (n // period, period)), (n,))
        else:
            x = b.iota(n, elem)
        if mode == "cmp":
            k = b.constant(bool(c) if elem == "i1" else c, tile((n,), elem))
            x = b.exti(b.cmpi(pred, x, k, signed=signed), "i32", signed=False)
        elif elem == "i64":
            x = b.trunci(x, "i32")
        else:
            x = b.exti(x, "i32", signed=signed)
        x = b.reshape(x, (n // w, w))
        return b.extract(x, [self.c32(block), self.c32(0)], (1, w))

    def tile_const(self, v: int | float, dtype: str) -> Value:
        return self.b.constant(v, tile((1, self.p.width), dtype))

    def operand(self, x: Operand, dtype: str) -> Value:
        return self.tile_const(x[1], dtype) if isinstance(x, tuple) else self.env[x]

    def pointers(self, arr: int, acc: _Access) -> tuple[Value, Value | None]:
        """The pointer tile of a pointer access (row of this block) and its mask."""
        b, w = self.b, self.p.width
        start = self.index(acc.index)
        if acc.scale != 1:
            start = b.muli(start, self.c32(acc.scale))
        offs = b.splat(start, (1, w))
        if acc.lanes == -1:
            offs = b.addi(offs, b.subi(self.tile_const(w - 1, "i32"), self.iota))
        elif acc.lanes == 1:
            offs = b.addi(offs, self.iota)
        elif acc.lanes > 1:
            offs = b.addi(offs, b.muli(self.iota, self.tile_const(acc.lanes, "i32")))
        mask = None
        if acc.mask is not None:
            bound = (b.splat(self.cols[arr], (1, w)) if self.p.convention == "cutile"
                     else self.tile_const(self._shape(arr)[1], "i32"))
            mask = b.cmpi("less_than", offs, bound)
            if acc.mask == "prefix":
                mask = b.andi(mask, b.cmpi("less_than", self.iota,
                                           self.tile_const(max(1, w // 2), "i32")))
        stride = self.strides[arr] if self.p.convention == "cutile" else self.c32(
            self._stride(arr))
        row = b.splat(b.muli(self.bid, stride), (1, w))
        return b.offset(self.bases[arr], b.addi(offs, row)), mask

    # -- statements ----------------------------------------------------------------------------
    def region(self, stmts: list[Any], tk: _Tokens | None) -> None:
        for s in stmts:
            getattr(self, "e_" + type(s).__name__[1:].lower())(s, tk)

    def e_load(self, s: _Load, tk: _Tokens | None) -> None:
        tok = tk.before(False, s.rejoin) if tk else None
        if s.acc.kind == "view":
            v, t = self.b.load_view(self.views[s.arr], [self.bid, self.index(s.acc.index)],
                                    token=tok)
        elif s.acc.kind == "flat":
            v, t = self.b.load_view(*self.flat_access(s.arr, s.acc), token=tok)
            v = self.b.reshape(v, (1, self.p.width))
        else:
            p, m = self.scatter(s.arr, s.acc) if s.acc.kind == "scatter" else \
                self.pointers(s.arr, s.acc)
            pad = None if s.pad is None or m is None else self.tile_const(
                float(s.pad) if self.p.arrays[s.arr].dtype == "f32" else s.pad,
                self.p.arrays[s.arr].dtype)
            v, t = self.b.load_ptr(p, mask=m, padding=pad, token=tok)
        if tk:
            tk.after(False, t)
        self.env[s.var] = v

    def e_store(self, s: _Store, tk: _Tokens | None) -> None:
        tok = tk.before(True, s.rejoin) if tk else None
        val = self.env[s.val]
        if s.acc.kind == "view":
            t = self.b.store_view(val, self.views[s.arr], [self.bid, self.index(s.acc.index)],
                                  token=tok)
        elif s.acc.kind == "flat":
            t = self.b.store_view(self.b.reshape(val, (self.p.width,)),
                                  *self.flat_access(s.arr, s.acc), token=tok)
        else:
            p, m = self.scatter(s.arr, s.acc) if s.acc.kind == "scatter" else \
                self.pointers(s.arr, s.acc)
            t = self.b.store_ptr(p, val, mask=m, token=tok)
        if tk:
            tk.after(True, t)

    def e_op(self, s: _Op, tk: _Tokens | None) -> None:
        dt = self.p.types[s.var]
        self.env[s.var] = _EMIT_OP.get(s.op, _Emitter.o_binary)(self, s, dt)

    def o_const(self, s: _Op, dt: str) -> Any:
        return self.tile_const(s.args[0], dt)

    def o_itof(self, s: _Op, dt: str) -> Any:
        return self.b.itof(self.env[s.args[0]], "f32")

    def o_lanes(self, s: _Op, dt: str) -> Any:
        return self.lanes(*s.args)

    def o_ivrow(self, s: _Op, dt: str) -> Any:
        """The loop's counter in every lane (as f32 for an f32 row)."""
        row = self.b.splat(self.ivs[s.args[0]], (1, self.p.width))
        return self.b.itof(row, "f32") if dt == "f32" else row

    def o_select(self, s: _Op, dt: str) -> Any:
        b = self.b
        pred, a, c, x, y = s.args
        cmp = (b.cmpf if dt == "f32" else b.cmpi)(pred, self.env[a], self.env[c])
        return b.select(cmp, self.env[x], self.env[y])

    def o_binary(self, s: _Op, dt: str) -> Any:
        names = _FLOAT_OP if dt == "f32" else _INT_OP
        return self.b.binary(names[s.op], self.env[s.args[0]], self.operand(s.args[1], dt))

    def e_for(self, s: _For, tk: _Tokens | None) -> None:
        b = self.b
        lb, step = self.c32(s.lb), self.c32(s.step)
        ub = self.n if s.ub is None else self.c32(s.ub)
        assert ub is not None           # a loop up to n exists only when n does
        inits = [self.operand(x, self.p.types[a]) for x, a in zip(s.inits, s.args)]
        carry = tk is not None and (s.carry_token or _has_memory(s.body))
        if carry:
            assert tk is not None
            inits.append(tk.collapse())
        with b.for_(lb, ub, step, inits) as loop:
            self.ivs[s.loop] = loop.iv
            for a, v in zip(s.args, loop.args):
                self.env[a] = v
            inner = None if tk is None else tk.child(loop.args[-1] if carry else None)
            self.region(s.body, inner)
            outs = [self.env[y] for y in s.yields]
            if carry:
                assert inner is not None
                outs.append(inner.collapse())
            loop.continue_(*outs)
        self._bind_results(s.results, loop.results, tk if carry else None)

    def condition(self, c: tuple[Any, ...]) -> Value:
        b = self.b
        if c[0] == "index":
            _, e, pred, k = c
            return b.cmpi(pred, self.index(e), self.c32(k))
        _, var, pred = c
        dt = self.p.types[var]
        x = b.reshape(b.extract(self.env[var], [self.c32(0), self.c32(0)], (1, 1)), ())
        zero = b.constant(0.0 if dt == "f32" else 0, scalar(dt))
        return (b.cmpf if dt == "f32" else b.cmpi)(pred, x, zero)

    def e_loop(self, s: _Loop, tk: _Tokens | None) -> None:
        b = self.b
        ub = self.n if s.ub is None else self.c32(s.ub)
        assert ub is not None           # a loop up to n exists only when n does
        inits = [self.c32(0)] + [self.operand(x, self.p.types[a])
                                 for x, a in zip(s.inits, s.args)]
        carry = tk is not None and (s.carry_token or _has_memory(s.body))
        if carry:
            assert tk is not None
            inits.append(tk.collapse())
        with b.loop(inits, [v.type for v in inits[1:]]) as lp:
            i = lp.args[0]
            self.ivs[s.loop] = i
            for a, v in zip(s.args, lp.args[1:]):
                self.env[a] = v
            with b.if_(b.cmpi("greater_than_or_equal", i, ub)) as br:
                with br.then:
                    lp.break_(*lp.args[1:])
            nxt = b.addi(i, self.c32(1))
            inner = None if tk is None else tk.child(lp.args[-1] if carry else None)
            self.exits.append((lp, nxt, carry))
            self.region(s.body, inner)
            self.exits.pop()
            outs = [nxt] + [self.env[y] for y in s.yields]
            if carry:
                assert inner is not None
                outs.append(inner.collapse())
            lp.continue_(*outs)
        self._bind_results(s.results, lp.results, tk if carry else None)

    def e_exit(self, s: _Exit, tk: _Tokens | None) -> None:
        lp, nxt, carry = self.exits[-1]
        cond = self.condition(s.cond)
        outs = [self.env[v] for v in s.values]
        if carry:
            assert tk is not None
            outs.append(tk.collapse())
        with self.b.if_(cond) as br:
            with br.then:
                if s.kind == "break":
                    lp.break_(*outs)
                else:
                    lp.continue_(nxt, *outs)

    def e_atomic(self, s: _Atomic, tk: _Tokens | None) -> None:
        b = self.b
        tok = tk.before(True, s.rejoin) if tk else None
        val = self.env[s.val]
        if s.kind == "red":
            t = b.atomic_red_view(self.views[s.arr], [self.bid, self.index(s.acc.index)],
                                  s.mode, val, token=tok, sem=s.sem)
        else:
            p, m = self.pointers(s.arr, s.acc)
            if s.kind == "rmw":
                v, t = b.atomic_rmw(p, s.mode, val, mask=m, token=tok, sem=s.sem)
            else:
                assert s.cmp is not None
                v, t = b.atomic_cas(p, self.env[s.cmp], val, mask=m, token=tok, sem=s.sem)
            assert s.var is not None
            self.env[s.var] = v
        if tk:
            tk.after(True, t)

    def e_if(self, s: _If, tk: _Tokens | None) -> None:
        b = self.b
        cond = self.condition(s.cond)
        carry = tk is not None and (_has_memory(s.then) or _has_memory(s.else_))
        types: list[Type] = [TileType((1, self.p.width), self.p.types[r]) for r in s.results]
        if carry:
            types.append(TOKEN)
        with b.if_(cond, types) as br:
            for branch, stmts, ys in ((br.then, s.then, s.then_yields),
                                      (br.else_, s.else_, s.else_yields)):
                with branch:
                    inner = None if tk is None else tk.child()
                    self.region(stmts, inner)
                    outs = [self.env[y] for y in ys]
                    if carry:
                        assert inner is not None
                        outs.append(inner.collapse())
                    if types:
                        br.yield_(*outs)
        self._bind_results(s.results, br.results, tk if carry else None)

    def _bind_results(self, names: Sequence[int], res: Sequence[Value],
                      tk: _Tokens | None) -> None:
        """Results of a loop or branch to their statement's names; with `tk`, the last
        result is the token it carried, and the chain goes on from it."""
        for r, v in zip(names, res):
            self.env[r] = v
        if tk is not None:
            tk.cur, tk.pending = res[-1], []
            tk.older.append(res[-1])

    def kernel(self) -> Kernel:
        self.prologue()
        tk = None
        if self.tok0 is not None:       # made exactly when the program is tokenized
            tk = _Tokens(self.b, self.style, self.tok0, [self.tok0])
        self.region(self.p.body, tk)
        return self.b.finish()

    # -- the spec ------------------------------------------------------------------------------
    def spec_data(self) -> dict[str, Any]:
        params: list[dict[str, Any]] = []
        for i, a in enumerate(self.p.arrays):
            if a.root == i:
                lo, hi = (-3, 4) if a.dtype == "f32" else (-5, 6)
                params.append({"name": a.name, "shape": list(self._shape(i)), "dtype": a.dtype,
                               "init": {"kind": "randint", "low": lo, "high": hi}})
            else:
                params.append({"name": a.name, "same_as": self.p.arrays[a.root].name,
                               "offset": a.offset, "shape": list(self._shape(i)),
                               "strides": [self._stride(i), 1]})
        if self.p.n_value is not None:
            params.append({"name": "n", "dtype": "i32", "value": self.p.n_value})
        return {"convention": self.p.convention, "grid": [self.p.grid], "params": params}


# statement kinds -> how to build one (others: a binary op)
_EMIT_OP: dict[str, Callable[[_Emitter, _Op, str], Any]] = {
    "const": _Emitter.o_const, "itof": _Emitter.o_itof, "lanes": _Emitter.o_lanes,
    "select": _Emitter.o_select, "ivrow": _Emitter.o_ivrow}


def _make_case(prog: _Program, tokenized: bool, style: str) -> KernelCase:
    em = _Emitter(prog, tokenized, style)
    k = em.kernel()
    data = em.spec_data()
    return KernelCase(k, parse_spec(data, "<generated>"), data, tokenized,
                      style if tokenized else "none", tuple(prog.arrays), _features(prog), prog)


TOKEN_STYLES = ("chain", "loads-parallel")


def kernels(*, min_arrays: int = 1, max_arrays: int = 3, max_depth: int = 2,
            max_statements: int = 10, allow_alias: bool = True, annotate: bool | None = None,
            tokenized: bool | None = None, token_styles: Sequence[str] = TOKEN_STYLES,
            dtypes: Sequence[str] = ("f32", "i32"), grid: tuple[int, int] = (1, 3),
            conventions: Sequence[str] = ("raw", "cutile"),
            lanes: bool | None = None, loops: bool = False, atomics: bool = False,
            parallel_stores: bool = False,
            scatters: bool = False) -> st.SearchStrategy[KernelCase]:
    """A Hypothesis strategy of small, verified kernels, each with a spec it runs on.

    `max_depth` bounds the nesting of `for`/`if`; `max_statements` the size. `allow_alias`
    lets the spec put arrays in one buffer when their alias groups allow it; `annotate`
    forces (True) or forbids (False) `{alias = ...}` attributes (None: either).
    `tokenized` picks the form (None: either); tokenized kernels order memory in one of
    `token_styles`. `dtypes` are the array element types ("f32", "i32"); `grid` the
    range of tile blocks; `conventions` the spec calling conventions ("raw": pointers
    only, static views; "cutile": pointer, shape and strides, dynamic views). `lanes`
    forces (True) or forbids (False) rows of i1/i8/i16/i64 iotas, often longer than
    their type's positive range, extended, truncated or compared in their own type
    (None: about one kernel in four; needs "i32" in `dtypes`).

    Opt-in kinds (off by default, so existing derandomized draws are unchanged; on, every
    kernel has at least one): `loops` adds `loop`s that count their own index and leave
    by `break` at the bound, with an early `break` or `continue` on a data or index
    condition; `atomics` adds `atomic_rmw` and `atomic_cas` through pointer tiles of
    distinct lanes and `atomic_red_view` on views, whose old values feed later ops;
    `parallel_stores` adds to loops stores whose tiles differ in every iteration (an
    injective index, non-overlapping tiles), alone, after a load of their own tile, or
    after a load of another tile of the array: what the loop-parallel token rules prove.
    `scatters` names each kernel by the cuTile mangled symbol cuTile's launcher would
    compile it under for its spec (`..._Kt1_A2f32_..._p16_g0...`: base alignment, shape
    and stride divisibility, the unit column stride, the alias groups; parameters in
    the "cutile" convention) and adds `ct.scatter`-style pointer stores and gathers (row
    and column coordinates in i64, masked in bounds, times the array's strides) to loops:
    mostly at whole tiles apart in the loop counter, which the injectivity proof accepts
    only with the symbol's facts, else near misses that are not injective (tiles that
    overlap from one iteration to the next, `iv / 2`, `iv % 2`, a start the loop does not
    move) storing the loop counter, so a wrong proof shows as a mismatch; now and then a
    loop holds the scatter alone (half of those a near miss), where nothing else keeps
    its iterations in order.
    """
    if not 1 <= min_arrays <= max_arrays <= 6:
        raise ValueError("need 1 <= min_arrays <= max_arrays <= 6")
    if not dtypes or any(d not in ("f32", "i32") for d in dtypes):
        raise ValueError("dtypes are 'f32' and/or 'i32'")
    if lanes and "i32" not in dtypes:
        raise ValueError("lanes=True needs 'i32' in dtypes (the rows are i32)")
    if not set(token_styles) <= set(TOKEN_STYLES) or not token_styles:
        raise ValueError(f"token_styles are some of {TOKEN_STYLES}")
    if not set(conventions) <= {"raw", "cutile"} or not conventions:
        raise ValueError("conventions are 'raw' and/or 'cutile'")
    if not 1 <= grid[0] <= grid[1]:
        raise ValueError("grid is a (min, max) range of positive block counts")
    if max_depth < 0 or max_statements < 1:
        raise ValueError("need max_depth >= 0 and max_statements >= 1")
    if scatters and ("cutile" not in conventions or annotate is False):
        raise ValueError("scatters=True needs the 'cutile' convention and alias groups "
                         "(its cuTile symbol states both)")
    progs = _programs(min_arrays=min_arrays, max_arrays=max_arrays, max_depth=max_depth,
                      max_statements=max_statements, allow_alias=allow_alias,
                      annotate=annotate, dtypes=tuple(dtypes),
                      grids=tuple(range(grid[0], grid[1] + 1)), conventions=tuple(conventions),
                      lanes=lanes, loops=loops, atomics=atomics,
                      parallel_stores=parallel_stores, scatters=scatters)
    forms = st.just(tokenized) if tokenized is not None else st.booleans()
    return st.builds(_make_case, progs, forms, st.sampled_from(list(token_styles)))


# --------------------------------------------------------------------------------------------
# Checking pipelines
# --------------------------------------------------------------------------------------------
def optimize_pipeline(**options: Any) -> Pipeline:
    """`optimize(k, **options).kernel` as a pipeline (e.g. `rules="none"`)."""

    def run(k: Kernel) -> Kernel:
        return optimize(k, **options).kernel
    run.__name__ = "optimize(" + ", ".join(f"{k}={v!r}" for k, v in options.items()) + ")"
    return run


@dataclass
class PipelineCheck:
    """The verdict on one kernel: `ok`, and if not, `message` and `explain()`."""
    ok: bool
    original: Kernel
    output: Kernel | None
    spec: InputSpec
    equiv: EquivResult | None
    problem: str | None = None
    bad_original: bool = False      # the original itself failed or is nondeterministic

    @property
    def message(self) -> str:
        if self.ok:
            return self.equiv.message if self.equiv else "ok"
        return self.problem or "failed"

    def explain(self) -> str:
        """Everything needed to reproduce a failure: verdict, both kernels, the spec."""
        parts = [self.message]
        if self.bad_original:
            parts.append("(the ORIGINAL kernel fails or gives different results under "
                         "different schedules: the test case is bad, not necessarily the "
                         "pipeline)")
        parts += ["--- original ---", str(self.original)]
        parts += ["--- pipeline output ---", str(self.output) if self.output else "(none)"]
        parts += ["--- spec (eqsat equiv ORIG OUT --inputs SPEC) ---",
                  json.dumps(spec_to_data(self.spec))]
        return "\n".join(parts)


def check_pipeline(kernel: Kernel, spec: InputSpec, pipeline: Pipeline | None = None, *,
                   trials: int = 3, schedules: int = 10, seed: int = 0,
                   exact: bool = False) -> PipelineCheck:
    """Run `pipeline` (default: `optimize` with the default rules) on a copy of `kernel`,
    verify its output, and compare both under the interpreter: `trials` input draws x
    `schedules` schedules (block interleaving, and ready-op order for tokenized kernels).

    The pipeline gets a copy, so one that edits its input in place cannot hide a bug.
    Exceptions from the pipeline propagate (a crash is a failure too); an input that
    does not verify raises VerifyError.
    """
    verify(kernel)
    pipe = pipeline if pipeline is not None else optimize_pipeline()
    out = pipe(clone_kernel(kernel))
    if not isinstance(out, Kernel):
        raise TypeError(f"a pipeline returns a Kernel, not {type(out).__name__}")
    try:
        verify(out)
    except VerifyError as e:
        return PipelineCheck(False, kernel, out, spec, None,
                             f"the pipeline's output does not verify: {e}")
    eq = check_equivalent(kernel, out, spec, trials=trials, schedules=schedules, seed=seed,
                          exact=exact)
    if eq.ok:
        return PipelineCheck(True, kernel, out, spec, eq)
    return PipelineCheck(False, kernel, out, spec, eq, f"not equivalent: {eq.message}",
                         _original_misbehaves(kernel, spec, eq, seed, exact))


def _original_misbehaves(kernel: Kernel, spec: InputSpec, eq: EquivResult, seed: int,
                         exact: bool) -> bool:
    """Does the original alone fail, or differ from its own first run, where the
    counterexample was found? Then the case (or the interpreter) is to blame."""
    cx = eq.counterexample
    if cx is None or cx.kernel == "A":
        return cx is not None
    try:
        ref = run(kernel, spec, seed=seed + cx.trial, schedule=0).buffers
        got = run(kernel, spec, seed=seed + cx.trial, schedule=cx.schedule).buffers
    except InterpError:
        return True
    return compare_outputs(ref, got, exact, {x.name: x.dtype for x in spec.arrays}) is not None


def assert_pipeline_preserves(kernel: Kernel, spec: InputSpec,
                              pipeline: Pipeline | None = None,
                              **options: Any) -> PipelineCheck:
    """`check_pipeline`, raising AssertionError with `explain()` when meaning changed."""
    res = check_pipeline(kernel, spec, pipeline, **options)
    if not res.ok:
        raise AssertionError(res.explain())
    return res


def loop_parallel_stores(kernel: Kernel, *, noalias: bool = False) -> dict[str, int]:
    """Stores that the injectivity proof (`eqsat.memory.injective.disjoint_across`,
    what lets `optimize` run a loop's iterations of a store unordered) accepts, per
    counted loop around them, under the alias facts `optimize` uses: `{"ptr": n,
    "view": m}` (store_ptr and store_view)."""
    facts, _ = alias_model(kernel, noalias=noalias)
    layouts, bounds = array_layouts(kernel), Bounds(kernel)
    out = {"ptr": 0, "view": 0}
    for loop in kernel.walk():
        if not loop.spec.is_counted_loop:
            continue
        for op in (o for r in loop.regions for o in r.walk()):
            if op.spec.is_store and disjoint_across(op, loop, facts, layouts, bounds):
                out["view" if op.spec.is_view_access else "ptr"] += 1
    return out


def spec_to_data(spec: InputSpec) -> dict[str, Any]:
    """An InputSpec as the JSON data `eqsat.interp.inputs.parse_spec` reads back."""
    params: list[dict[str, Any]] = []
    for p in spec.params:
        if isinstance(p, ScalarSpec):
            params.append({"name": p.name, "dtype": p.dtype, "value": p.value})
        elif isinstance(p, ArraySpec) and p.same_as is not None:
            d = {"name": p.name, "same_as": p.same_as, "offset": p.offset,
                 "shape": list(p.shape)}
            if p.strides is not None:
                d["strides"] = list(p.strides)
            params.append(d)
        else:
            assert isinstance(p, ArraySpec), f"{type(p).__name__} parameters are not supported"
            d = {"name": p.name, "shape": list(p.shape), "dtype": p.dtype, "init": p.init}
            if p.strides is not None:
                d["strides"] = list(p.strides)
            params.append(d)
    return {"convention": spec.convention, "grid": [g for g in spec.grid],
            **spec.meta, "params": params}


__all__ = ["kernels", "KernelCase", "GeneratedArray", "check_pipeline", "assert_pipeline_preserves",
           "PipelineCheck", "optimize_pipeline", "spec_to_data", "loop_parallel_stores",
           "Pipeline", "INDEX_KINDS",
           "INJECTIVE_KINDS", "TOKEN_STYLES"]
