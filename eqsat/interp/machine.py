"""The executor: runs a kernel over a grid of tile blocks against `Memory`.

Each tile block is a Python generator that pauses before every memory op, and a
seeded scheduler picks which block moves next, so blocks interleave at
memory-op granularity (spin locks and missing orderings behave as on hardware).

Two orders inside a block:
- program order (token-free kernels): ops run as written;
- schedule fuzzing (tokenized kernels): each region is a dependence DAG — data
  operands, token operands, values a nested region reads — and ready ops run in a
  seeded random order. A memory op therefore waits only for its token and data.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from eqsat.errors import AssumeViolation, InterpError, OutOfBounds, StepLimit
from eqsat.ir.core import Kernel, Operation, Region
from eqsat.ir.ops import MEMORY_OPS
from eqsat.ir.types import INT_WIDTHS, TileType, byte_size, is_float, numpy_dtype
from eqsat.interp.memory import Memory
from eqsat.interp.semantics import (TOKEN_VALUE, PartitionView, assume_holds, evaluate_pure,
                                    unsigned_value)

_RMW: dict[str, Callable[[Any, Any], Any]] = {
    "add": lambda o, v: o + v, "addf": lambda o, v: o + v, "and": lambda o, v: o & v,
    "or": lambda o, v: o | v, "xor": lambda o, v: o ^ v, "max": max, "min": min,
    "umax": max, "umin": min, "xchg": lambda o, v: v,
}


def _rmw_values(mode: str, old: np.ndarray, v: np.ndarray) -> np.ndarray:
    """What an atomic of `mode` writes over `old`, element by element: umax/umin compare
    the bits as unsigned, max/min as signed; integers wrap."""
    old = np.asarray(old)
    v = np.asarray(v).astype(old.dtype)
    with np.errstate(over="ignore"):
        if mode in ("umax", "umin"):
            u = np.dtype(f"u{old.dtype.itemsize}")
            ou, vu = np.ascontiguousarray(old).view(u), np.ascontiguousarray(v).view(u)
            return np.where(ou >= vu if mode == "umax" else ou <= vu, old, v)
        if mode in ("max", "min"):
            return (np.maximum if mode == "max" else np.minimum)(old, v)
        return np.asarray(_RMW[mode](old, v)).astype(old.dtype)


def uses_tokens(kernel: Kernel) -> bool:
    """Tokenized kernels (any token operand or token op) run under schedule fuzzing."""
    for op in kernel.walk():
        if op.spec.is_token_source or op.spec.is_join:
            return True
        if op.name in MEMORY_OPS and op.token_in is not None:
            return True
    return False


def for_bounds(op: Operation, lb: Any, ub: Any, step: Any) -> tuple[int, int, int]:
    """(first, trip count, step) of a `for` loop as integers: the bounds and step read
    as unsigned when the loop says `unsigned`, else as signed values of their type. The
    trip count is ceil((ub - lb) / step) over the integers, never negative."""
    elem = op.operands[0].scalar_elem
    width = INT_WIDTHS.get(elem, 64)
    vals = [int(np.asarray(v)) for v in (lb, ub, step)]
    if op.attrs.get("unsigned"):
        vals = [v % (1 << width) for v in vals]
    first, last, stride = vals
    if stride <= 0:
        raise InterpError(f"'for' step must be positive, got {stride}"
                          + (f" (line {op.loc[0]})" if op.loc else ""))
    return first, max(0, -(-(last - first) // stride)), stride


def iv_value(op: Operation, i: int) -> np.ndarray:
    """The induction variable `i` (an integer, perhaps past the signed range of an
    unsigned loop's type) as a value of the loop's integer type."""
    elem = op.operands[0].scalar_elem
    width = INT_WIDTHS.get(elem, 64)
    wrapped = ((i + (1 << (width - 1))) % (1 << width)) - (1 << (width - 1))
    return np.asarray(wrapped, numpy_dtype(elem))


@dataclass
class RunStats:
    steps: int = 0
    memory_ops: int = 0
    prints: list[str] = field(default_factory=list)


class Executor:
    """What both execution orders share: per-op semantics against memory, grid ids,
    assume checking and reduce/scan combiners."""

    def __init__(self, kernel: Kernel, memory: Memory, args: list, grid: tuple[int, int, int], *,
                 seed: int = 0, step_limit: int = 2_000_000, check_assumes: bool = False):
        if len(args) != len(kernel.params):
            raise InterpError(f"kernel takes {len(kernel.params)} arguments, got {len(args)}")
        self.kernel, self.memory, self.args, self.grid = kernel, memory, args, grid
        self.rng = random.Random(seed)
        self.step_limit, self.check_assumes = step_limit, check_assumes
        self.stats = RunStats()

    def tick(self, op: Operation):
        self.stats.steps += 1
        if self.stats.steps > self.step_limit:
            raise StepLimit(f"step limit of {self.step_limit} ops exceeded (runaway loop?) "
                            f"at '{op.name}'" + (f" line {op.loc[0]}" if op.loc else ""))

    def compute(self, op: Operation, args: list, bid) -> list:
        """Results of any op that is not control flow or a terminator."""
        effect = EFFECTS.get(op.name)
        if effect is not None:
            if not op.spec.is_memory:
                return effect(self, op, args, bid)
            self.stats.memory_ops += 1
            try:
                return effect(self, op, args, bid)
            except OutOfBounds as e:
                raise OutOfBounds(f"{e} (op '{op.name}'"
                                  + (f", line {op.loc[0]}" if op.loc else "")
                                  + f", block {bid})") from None
        vals = evaluate_pure(op, args)
        if self.check_assumes and op.spec.has("assumption"):
            why = assume_holds(op, args[0])
            if why is not None:
                raise AssumeViolation(f"assume {op.attrs['predicate']} is false"
                                      + (f" at line {op.loc[0]}" if op.loc else "")
                                      + f" in block {bid}: {why}")
        return vals

    def _block_id(self, op: Operation, args, bid) -> list:
        return [np.asarray(c, numpy_dtype(op.results[0].scalar_elem)) for c in bid]

    def _num_blocks(self, op: Operation, args, bid) -> list:
        return [np.asarray(c, numpy_dtype(op.results[0].scalar_elem)) for c in self.grid]

    def _assert(self, op: Operation, args, bid) -> list:
        if not np.all(np.asarray(args[0])):
            raise InterpError(f"assert failed: {op.attrs['message']}"
                              + (f" (line {op.loc[0]})" if op.loc else "") + f", block {bid}")
        return []

    def _eval_pure_region(self, region: Region, env: dict) -> list:
        """Run a reduce/scan body (pure ops only) and return what it yields."""
        for op in region.ops:
            if op.spec.is_terminator:
                return [np.asarray(env[id(v)]) for v in op.operands]
            if op.regions or op.name in MEMORY_OPS:
                raise InterpError(f"'{op.name}' is not allowed in a reduce/scan body")
            for r, v in zip(op.results, evaluate_pure(op, [env[id(v)] for v in op.operands])):
                env[id(r)] = v
        raise InterpError("reduce/scan body has no yield")

    def _reduce(self, op: Operation, inputs, bid):
        return self._combine(op, inputs, reduce=True)

    def _scan(self, op: Operation, inputs, bid):
        return self._combine(op, inputs, reduce=False)

    def _combine(self, op: Operation, inputs, reduce: bool):
        """reduce/scan: combine along `dim` with the region as the binary operator.
        Reductions use a fixed pairwise tree (log2 n region calls), scans run in order."""
        body = op.regions[0]
        dim = op.attrs["dim"]
        k = len(inputs)
        ids = [np.asarray(c.array) for c in op.attrs["identities"]]

        def apply(lhs, rhs):
            local = {id(a): v for a, v in zip(body.args, list(lhs) + list(rhs))}
            return self._eval_pure_region(body, local)

        xs = [np.moveaxis(np.asarray(x), dim, -1) for x in inputs]
        n = xs[0].shape[-1]
        if reduce:
            width = 1
            while width < n:
                width *= 2
            cur = []
            for x, ident in zip(xs, ids):
                pad = np.broadcast_to(ident.astype(x.dtype), x.shape[:-1] + (width - n,))
                cur.append(np.concatenate([x, pad], axis=-1))
            while width > 1:
                width //= 2
                cur = apply([c[..., :width] for c in cur], [c[..., width:] for c in cur])
            outs = [c[..., 0] for c in cur]
            return [np.asarray(o).reshape(r.tile.shape) for o, r in zip(outs, op.results)]
        order = range(n - 1, -1, -1) if op.attrs.get("reverse") else range(n)
        acc = [np.broadcast_to(i.astype(x.dtype), x.shape[:-1]) for i, x in zip(ids, xs)]
        outs = [np.empty_like(x) for x in xs]
        for j in order:
            acc = apply(acc, [x[..., j] for x in xs])
            for o, a in zip(outs, acc):
                o[..., j] = a
        return [np.moveaxis(o, -1, dim) for o in outs][:k]

    # -- memory ----------------------------------------------------------------------
    def _view_coords(self, pv: PartitionView, index):
        """Addresses and in-bounds mask of the tile at `index` of a partition view. An index
        is unsigned (Tile IR): an i8 -1 is tile 255."""
        tv = pv.view
        rank = len(tv.shape)
        coords: list[np.ndarray | None] = [None] * rank
        for i, (t, d) in enumerate(zip(pv.tile, pv.dim_map)):
            start = unsigned_value(index[i]) * pv.step(i)
            if start >= tv.shape[d]:           # past the end (and maybe past int64)
                start = tv.shape[d]
            c = start + np.arange(t, dtype=np.int64)
            shape = [1] * len(pv.tile)
            shape[i] = t
            coords[d] = c.reshape(shape)
        inb = np.ones(pv.tile, dtype=bool)
        addr = np.full(pv.tile, tv.base, dtype=np.int64)
        es = byte_size(tv.elem)
        for d in range(rank):
            cd = coords[d]
            if cd is None:
                continue
            inb &= (cd >= 0) & (cd < tv.shape[d])
            addr = addr + cd * tv.strides[d] * es
        return addr, inb

    _PADDING = {"zero": 0.0, "neg_zero": -0.0, "nan": np.nan, "pos_inf": np.inf,
                "neg_inf": -np.inf, "inf": np.inf}

    def _load_view(self, op: Operation, args, bid):
        mem = self.memory
        pv, idx = args[0], args[1:1 + len(op.group("index"))]
        addr, inb = self._view_coords(pv, idx)
        rt: TileType = op.results[0].tile
        pad = self._PADDING.get(pv.padding, 0) if pv.padding else 0
        out = np.full(addr.shape, pad, dtype=numpy_dtype(rt.elem)) if is_float(rt.elem) \
            else np.zeros(addr.shape, dtype=numpy_dtype(rt.elem))
        if inb.any():
            out[inb] = mem.read(addr[inb], pv.view.elem)
        return [out.reshape(rt.shape), TOKEN_VALUE]

    def _store_view(self, op: Operation, args, bid):
        val, pv = args[0], args[1]
        idx = args[2:2 + len(op.group("index"))]
        addr, inb = self._view_coords(pv, idx)
        v = np.asarray(val).reshape(addr.shape)
        if inb.any():
            self.memory.write(addr[inb], pv.view.elem, v[inb])
        return [TOKEN_VALUE]

    def _load_ptr(self, op: Operation, args, bid):
        # mask and padding are each optional: find them by group, not position
        p = np.asarray(args[0])
        n_mask = len(op.group("mask"))
        mask = np.asarray(args[1]) if n_mask else np.ones(p.shape, bool)
        rt = op.results[0].tile
        out = np.zeros(p.shape, dtype=numpy_dtype(rt.elem))
        if op.group("padding"):
            out[...] = np.broadcast_to(args[1 + n_mask], p.shape)
        mask = np.broadcast_to(mask, p.shape)
        if mask.any():
            out[mask] = self.memory.read(p[mask], op.operands[0].pointee)
        return [out, TOKEN_VALUE]

    def _store_ptr(self, op: Operation, args, bid):
        p, v = np.asarray(args[0]), np.asarray(args[1])
        mask = np.asarray(args[2]) if op.group("mask") else np.ones(p.shape, bool)
        mask = np.broadcast_to(mask, p.shape)
        v = np.broadcast_to(v, p.shape)
        if mask.any():
            self.memory.write(p[mask], op.operands[0].pointee, v[mask])
        return [TOKEN_VALUE]

    def _atomic_red_view(self, op: Operation, args, bid):
        mem = self.memory
        pv = args[0]
        idx = args[1:1 + len(op.group("index"))]
        val = np.asarray(args[1 + len(idx)])
        addr, inb = self._view_coords(pv, idx)
        mode = op.attrs["mode"]
        if mode not in _RMW:
            raise InterpError(f"unknown atomic mode '{mode}'")
        if inb.any():
            a = addr[inb]
            v = np.asarray(val.reshape(addr.shape)[inb])
            if np.unique(a).size == a.size:
                mem.write(a, pv.view.elem, _rmw_values(mode, mem.read(a, pv.view.elem, "atomic"),
                                                      v), "atomic")
            else:           # elements that overlap (may_alias_internally): each in turn
                for k in range(a.size):
                    old = mem.read(a[k:k + 1], pv.view.elem, "atomic")
                    mem.write(a[k:k + 1], pv.view.elem, _rmw_values(mode, old, v[k:k + 1]),
                              "atomic")
        return [TOKEN_VALUE]

    def _print(self, op: Operation, args, bid):
        """print / print_tko: the values are the leading operands; a token result if any."""
        vals = args[:len(op.group("values"))]
        self.stats.prints.append(op.attrs["format"] + "".join(
            f" {np.asarray(a).tolist()}" for a in vals))
        return [TOKEN_VALUE] * len(op.results)

    def _cas(self, op: Operation, args, bid):
        return self._atomic(op, args, compare=True)

    def _rmw(self, op: Operation, args, bid):
        return self._atomic(op, args, compare=False)

    def _atomic(self, op: Operation, args, compare: bool):
        pointee = op.operands[0].pointee
        p = np.asarray(op and args[0])
        mem = self.memory
        shape = p.shape
        if compare:
            cmp, val = np.broadcast_to(args[1], shape), np.broadcast_to(args[2], shape)
            rest = args[3:]
        else:
            val = np.broadcast_to(args[1], shape)
            rest = args[2:]
            mode = op.attrs["mode"]
            if mode not in _RMW:
                raise InterpError(f"unknown atomic mode '{mode}'")
        mask = np.broadcast_to(np.asarray(rest[0]), shape) if op.group("mask") else \
            np.ones(shape, bool)
        rt = op.results[0].tile
        out = np.zeros(shape, dtype=numpy_dtype(rt.elem))
        flat_p = p.reshape(-1)
        for k in range(flat_p.size):           # lanes in order: each one atomic
            if not mask.reshape(-1)[k]:
                continue
            a = flat_p[k:k + 1]
            old = mem.read(a, pointee, "atomic")[0]
            out.reshape(-1)[k] = old
            if compare:
                c = cmp.reshape(-1)[k]
                same = (np.asarray(old).tobytes() == np.asarray(c, old.dtype).tobytes())
                if same:
                    mem.write(a, pointee, np.asarray([val.reshape(-1)[k]]), "atomic")
            else:
                new = _rmw_values(op.attrs["mode"], np.asarray([old]), val.reshape(-1)[k:k + 1])
                mem.write(a, pointee, new, "atomic")
        return [out, TOKEN_VALUE]


Effect = Callable[[Executor, Operation, list, Any], list]

# What the ops the executor runs itself compute (memory, the grid, checks, reduce/scan bodies):
# op name -> (executor, op, operand values, block id) -> results. Pure ops are
# eqsat.interp.semantics.SEMANTICS; control flow and terminators belong to the two machines.
EFFECTS: dict[str, Effect] = {
    "load_view_tko": Executor._load_view, "store_view_tko": Executor._store_view,
    "load_ptr_tko": Executor._load_ptr, "store_ptr_tko": Executor._store_ptr,
    "atomic_cas_tko": Executor._cas, "atomic_rmw_tko": Executor._rmw,
    "atomic_red_view_tko": Executor._atomic_red_view,
    "print_tko": Executor._print, "print": Executor._print,
    "get_tile_block_id": Executor._block_id, "get_num_tile_blocks": Executor._num_blocks,
    "assert": Executor._assert, "reduce": Executor._reduce, "scan": Executor._scan,
}


def free_values(op: Operation) -> set[int]:
    """ids of values a nested region of `op` reads that are defined outside `op`."""
    defined: set[int] = set()
    used: set[int] = set()
    for r in op.regions:
        defined.update(id(a) for a in r.args)
        for inner in r.walk():
            used.update(id(v) for v in inner.operands)
            defined.update(id(v) for v in inner.results)
            for rr in inner.regions:
                defined.update(id(a) for a in rr.args)
    return used - defined


def may_exit(op: Operation) -> bool:
    """Can a region of `op` leave the region that holds `op` (break/continue/return)?"""
    def scan(region, in_loop):
        for o in region.ops:
            sp = o.spec
            if sp.has("return") or ((sp.has("continue") or sp.has("break")) and not in_loop):
                return True
            for r in o.regions:
                if scan(r, in_loop or sp.is_loop):
                    return True
        return False
    return any(scan(r, op.spec.is_loop) for r in op.regions)


__all__ = ["Executor", "RunStats", "EFFECTS", "uses_tokens", "free_values", "may_exit"]
