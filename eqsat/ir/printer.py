"""Canonical Tile IR text, in the syntax `tileirdisasm` prints.

Names come from the values' hints, made unique per scope; values without a hint
(or with a numeric one) are numbered in print order. The same IR always prints
the same text.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np

from eqsat.ir.attrs import DenseConst
from eqsat.ir.numbers import format_scalar
from eqsat.ir.types import TileType, TokenType

if TYPE_CHECKING:                     # the printer reads the IR's fields; it needs no class
    from eqsat.ir.core import Kernel, Operation, Region, Value

_MOD_ORDER = ("signedness", "rounding", "flush_to_zero", "propagate_nan", "overflow")
_NAME_OK = re.compile(r"^[A-Za-z_][A-Za-z0-9_$.]*$")


class _Names:
    """Scoped SSA names: a name is taken while any value visible from here holds it."""

    def __init__(self, kept: frozenset[str] = frozenset()):
        self.scopes: list[set[str]] = [set()]
        self.names: dict[int, str] = {}
        self.counter = [0]
        self.reserved: dict[int, str] = {}
        self.kept = kept                 # numeric names values hold: never handed out anew

    def reserve(self, v: Value) -> None:
        """Give a hint-less value its number now: like MLIR, a region's own values are
        numbered before the values of the regions nested in it."""
        if v.name is None or not (v.name.isdigit() or _NAME_OK.match(v.name)):
            n = self._fresh_number()
            self.scopes[-1].add(n)
            self.reserved[id(v)] = n

    def push(self):
        self.scopes.append(set())
        self.counter.append(self.counter[-1])

    def pop(self):
        self.scopes.pop()
        self.counter.pop()

    def _taken(self, n: str) -> bool:
        return any(n in s for s in self.scopes)

    def _fresh_number(self) -> str:
        while True:
            n = str(self.counter[-1])
            self.counter[-1] += 1
            if not self._taken(n) and n not in self.kept:
                return n

    def define(self, v: Value, hint: str | None = None) -> str:
        got = self.reserved.pop(id(v), None)
        if got is not None:
            self.names[id(v)] = got
            return got
        base = hint if hint is not None else v.name
        if base is None or not (base.isdigit() or _NAME_OK.match(base)):
            name = self._fresh_number()
        elif base.isdigit():             # a number the value had: kept while it is free
            name = base if not self._taken(base) else self._fresh_number()
        else:
            name, k = base, 0
            while self._taken(name):
                name = f"{base}_{k}"
                k += 1
        self.scopes[-1].add(name)
        self.names[id(v)] = name
        return name

    def define_group(self, vs: list[Value]) -> str:
        """One name for a multi-result op printed `%n:k` (results referenced `%n#i`)."""
        hint = vs[0].name
        head = self.define(vs[0], hint)
        for i, v in enumerate(vs):
            self.names[id(v)] = f"{head}#{i}"
        return head

    def ref(self, v: Value) -> str:
        try:
            return "%" + self.names[id(v)]
        except KeyError:
            raise ValueError(f"value {v!r} used but not defined in scope") from None


def format_dense(c: DenseConst) -> str:
    arr = c.array

    def rec(a):
        if a.ndim == 0:
            return format_scalar(c.elem, a[()])
        return "[" + ", ".join(rec(x) for x in a) + "]"
    if arr.ndim == 0:
        return rec(arr)
    flat = arr.reshape(-1)
    if flat.size and np.all(flat.view(np.uint8).reshape(flat.size, -1)
                            == flat.view(np.uint8).reshape(flat.size, -1)[0]):
        return rec(flat[0])
    return rec(arr)


class Printer:
    def __init__(self, indent: str = "  "):
        self.lines: list[str] = []
        self.names = _Names()
        self.ind = indent
        self.op_lines: dict[int, int] = {}      # id(op) -> its line (1-based)

    # -- helpers ---------------------------------------------------------------------
    def r(self, v: Value) -> str:
        return self.names.ref(v)

    def rs(self, vs) -> str:
        return ", ".join(self.r(v) for v in vs)

    @staticmethod
    def ts(vs) -> str:
        return ", ".join(str(v.type) for v in vs)

    @staticmethod
    def mods(op: Operation) -> str:
        out = []
        for k in _MOD_ORDER:
            if k not in op.attrs:
                continue
            v = op.attrs[k]
            if k == "signedness":
                out.append(v)
            elif k in ("rounding", "overflow"):
                out.append(f"{k}<{v}>")
            elif v:
                out.append(k)
        return "".join(" " + m for m in out)

    def results_lhs(self, op: Operation) -> str:
        res = op.results
        if not res:
            return ""
        if _grouped(op):
            return f"%{self.names.define_group(res)}:{len(res)} = "
        return ", ".join("%" + self.names.define(v) for v in res) + " = "

    @staticmethod
    def mem_order(op: Operation) -> str:
        sem, scope = op.attrs.get("sem", "weak"), op.attrs.get("scope")
        return sem if scope is None else f"{sem} {scope}"

    # -- entry -----------------------------------------------------------------------
    def kernel(self, k: Kernel) -> str:
        kept = _numbers(k)
        self.names.kept = kept
        if kept:                         # new values are numbered after every kept number
            self.names.counter = [max(map(int, kept)) + 1]
        params = []
        for p in k.params:
            s = f"%{self.names.define(p.value)}: {p.type}"
            if p.attrs:
                s += " {" + ", ".join(f"{a} = {_attr_text(v)}" for a, v in p.attrs.items()) + "}"
            params.append(s)
        hints = f" {k.hints}" if k.hints else ""
        self.lines.append(f"entry @{k.name}({', '.join(params)}){hints} {{")
        self.block_body(k.body, 1)
        self.lines.append("}")
        return "\n".join(self.lines) + "\n"

    def block_body(self, region: Region, depth: int, implicit=()):
        for op in region.ops:
            for v in (op.results[:1] if _grouped(op) else op.results):
                self.names.reserve(v)
        for op in region.ops:
            if (op is region.ops[-1] and op.name in implicit and not op.operands):
                continue
            self.op(op, depth)

    def op(self, op: Operation, depth: int):
        pad = self.ind * depth
        self.op_lines[id(op)] = len(self.lines) + 1
        fn = getattr(self, "p_" + op.spec.syntax)
        text = fn(op, depth)
        if isinstance(text, str):
            self.lines.append(pad + text)

    # -- families --------------------------------------------------------------------
    def p_binary(self, op, d):
        a, b = op.operands
        lhs_text = self.rs([a, b])
        return f"{self.results_lhs(op)}{op.name} {lhs_text}{self.mods(op)} : {op.result.type}"

    def p_fpowi(self, op, d):
        a, b = op.operands
        return f"{self.results_lhs(op)}fpowi {self.rs([a, b])} : {a.type}, {b.type}"

    def p_unary(self, op, d):
        return f"{self.results_lhs(op)}{op.name} {self.r(op.operands[0])}{self.mods(op)} : " \
               f"{op.result.type}"

    def p_ternary(self, op, d):
        return f"{self.results_lhs(op)}{op.name} {self.rs(op.operands)}{self.mods(op)} : " \
               f"{op.result.type}"

    def p_convert(self, op, d):
        x = op.operands[0]
        return f"{self.results_lhs(op)}{op.name} {self.r(x)}{self.mods(op)} : {x.type} -> " \
               f"{op.result.type}"

    def p_cmpi(self, op, d):
        a, b = op.operands
        return (f"{self.results_lhs(op)}cmpi {op.attrs['predicate']} {self.r(a)}, {self.r(b)}, "
                f"{op.attrs['signedness']} : {a.type} -> {op.result.type}")

    def p_cmpf(self, op, d):
        a, b = op.operands
        return (f"{self.results_lhs(op)}cmpf {op.attrs['predicate']} {op.attrs['ordering']} "
                f"{self.r(a)}, {self.r(b)} : {a.type} -> {op.result.type}")

    def p_select(self, op, d):
        c, t, f = op.operands
        return f"{self.results_lhs(op)}select {self.rs(op.operands)} : {c.type}, {t.type}"

    def p_offset(self, op, d):
        p, o = op.operands
        return f"{self.results_lhs(op)}offset {self.r(p)}, {self.r(o)} : {p.type}, {o.type} -> " \
               f"{op.result.type}"

    def p_nullary(self, op, d):
        return f"{self.results_lhs(op)}{op.name} : {op.result.type}"

    def p_grid(self, op, d):
        return f"{self.results_lhs(op)}{op.name} : {op.results[0].type}"

    def p_join(self, op, d):
        return f"{self.results_lhs(op)}join_tokens {self.rs(op.operands)} : token"

    def p_constant(self, op, d):
        c: DenseConst = op.attrs["value"]
        return f"{self.results_lhs(op)}constant <{c.elem}: {format_dense(c)}> : {op.result.type}"

    def p_assume(self, op, d):
        x = op.operands[0]
        return f"{self.results_lhs(op)}assume {op.attrs['predicate']}, {self.r(x)} : {x.type}"

    def p_tensor_view(self, op, d):
        base = op.one("base")
        dyn_shape, dyn_strides = iter(op.group("shape")), iter(op.group("strides"))
        shape = [self.r(next(dyn_shape)) if s is None else str(s) for s in op.attrs["static_shape"]]
        strides = [self.r(next(dyn_strides)) if s is None else str(s)
                   for s in op.attrs["static_strides"]]
        dyn = op.group("shape") + op.group("strides")
        idx = f"{dyn[0].type} -> " if dyn else ""
        return (f"{self.results_lhs(op)}make_tensor_view {self.r(base)}, "
                f"shape = [{', '.join(shape)}], strides = [{', '.join(strides)}] : "
                f"{idx}{op.result.type}")

    def p_partition_view(self, op, d):
        return f"{self.results_lhs(op)}{op.name} {self.r(op.operands[0])} : " \
               f"{op.result.type}"

    def p_index_shape(self, op, d):
        v = op.operands[0]
        return f"{self.results_lhs(op)}{op.name} {self.r(v)} : {v.type} -> " \
               f"{op.results[0].type}"

    def _token_view(self, op):
        t = op.token_in
        tok = f" token = {self.r(t)}" if t is not None else ""
        hints = f" optimization_hints = {op.attrs['hints']}" if "hints" in op.attrs else ""
        return tok + hints

    def _token_ptr(self, op):
        t = op.token_in
        tok = f" token={self.r(t)}" if t is not None else ""
        hints = f" optimization_hints = {op.attrs['hints']}" if "hints" in op.attrs else ""
        return tok + hints

    def p_load_view(self, op, d):
        v, idx = op.one("view"), op.group("index")
        it = f", {idx[0].type}" if idx else ""
        return (f"{self.results_lhs(op)}load_view_tko {self.mem_order(op)} {self.r(v)}"
                f"[{self.rs(idx)}]{self._token_view(op)} : {v.type}{it} -> "
                f"{self.ts(op.results)}")

    def p_store_view(self, op, d):
        x, v, idx = op.one("value"), op.one("view"), op.group("index")
        it = f", {idx[0].type}" if idx else ""
        return (f"{self.results_lhs(op)}store_view_tko {self.mem_order(op)} {self.r(x)}, "
                f"{self.r(v)}[{self.rs(idx)}]{self._token_view(op)} : {x.type}, {v.type}{it} "
                f"-> token")

    def _ptr_ops(self, op, groups):
        vs = [x for g in groups for x in op.group(g)]
        return self.rs(vs), self.ts(vs)

    def p_load_ptr(self, op, d):
        refs, types = self._ptr_ops(op, ("ptr", "mask", "padding"))
        return (f"{self.results_lhs(op)}load_ptr_tko {self.mem_order(op)} {refs}"
                f"{self._token_ptr(op)} : {types} -> {self.ts(op.results)}")

    def p_store_ptr(self, op, d):
        refs, types = self._ptr_ops(op, ("ptr", "value", "mask"))
        return (f"{self.results_lhs(op)}store_ptr_tko {self.mem_order(op)} {refs}"
                f"{self._token_ptr(op)} : {types} -> token")

    def p_atomic_cas(self, op, d):
        refs = self.rs([op.one("ptr"), op.one("cmp"), op.one("value")] + op.group("mask"))
        types = ", ".join(str(v.type) for v in [op.one("ptr"), op.one("value")] + op.group("mask"))
        return (f"{self.results_lhs(op)}atomic_cas_tko {self.mem_order(op)} {refs}"
                f"{self._token_ptr(op)} : {types} -> {self.ts(op.results)}")

    def p_atomic_rmw(self, op, d):
        p, v, m = op.one("ptr"), op.one("value"), op.group("mask")
        refs = ", ".join([self.r(p), op.attrs["mode"], self.r(v)] + [self.r(x) for x in m])
        types = ", ".join(str(x.type) for x in [p, v] + m)
        return (f"{self.results_lhs(op)}atomic_rmw_tko {self.mem_order(op)} {refs}"
                f"{self._token_ptr(op)} : {types} -> {self.ts(op.results)}")

    def p_atomic_red_view(self, op, d):
        v, idx, x = op.one("view"), op.group("index"), op.one("value")
        it = f", {idx[0].type}" if idx else ""
        return (f"{self.results_lhs(op)}atomic_red_view_tko {self.mem_order(op)} {self.r(v)}"
                f"[{self.rs(idx)}], {op.attrs['mode']}, {self.r(x)}{self._token_view(op)} : "
                f"{x.type}, {v.type}{it} -> token")

    def p_print_tko(self, op, d):
        fmt = _escape(op.attrs["format"])
        vs = op.group("values")
        ops = f", {self.rs(vs)}" if vs else ""
        types = f" : {self.ts(vs)}" if vs else ""
        return f'{self.results_lhs(op)}print_tko "{fmt}"{ops}{self._token_ptr(op)}{types} -> token'

    def p_mma(self, op, d):
        words = [op.attrs[k] for k in ("signedness", "signedness_lhs", "signedness_rhs")
                 if k in op.attrs]
        if op.attrs.get("fast_acc"):
            words.append("fast_acc")
        mods = "".join(" " + w for w in words)
        return f"{self.results_lhs(op)}{op.name} {self.rs(op.operands)}{mods} : " \
               f"{self.ts(op.operands)}"

    def p_permute(self, op, d):
        x = op.operands[0]
        perm = ", ".join(map(str, op.attrs["permutation"]))
        return f"{self.results_lhs(op)}permute {self.r(x)} [{perm}] : {x.type} -> {op.result.type}"

    def p_extract(self, op, d):
        x, idx = op.one("x"), op.group("index")
        return f"{self.results_lhs(op)}extract {self.r(x)}[{self.rs(idx)}] : {x.type} -> " \
               f"{op.result.type}"

    def p_gdc(self, op, d):
        t = op.token_in
        tok = f" token = {self.r(t)}" if t is not None else ""
        return f"{self.results_lhs(op)}{op.name}{tok} -> token"

    def p_fence(self, op, d):
        return f"{self.results_lhs(op)}{op.name} {self.r(op.operands[0])}"

    def p_mma_scaled(self, op, d):
        return f"{self.results_lhs(op)}{op.name} {self.rs(op.operands)} : {self.ts(op.operands)}"

    def p_insert(self, op, d):
        s, x, idx = op.one("source"), op.one("dest"), op.group("index")
        return f"{self.results_lhs(op)}insert {self.r(s)}, {self.r(x)}[{self.rs(idx)}] : " \
               f"{s.type}, {x.type}"

    def p_cat(self, op, d):
        a, b = op.operands
        return (f"{self.results_lhs(op)}cat {self.r(a)}, {self.r(b)} dim = {op.attrs['dim']} : "
                f"{a.type}, {b.type} -> {op.result.type}")

    def p_assert(self, op, d):
        c = op.operands[0]
        return f'assert {self.r(c)}, "{_escape(op.attrs["message"])}" : {c.type}'

    def p_print(self, op, d):
        fmt = _escape(op.attrs["format"])
        tail = f", {self.rs(op.operands)} : {self.ts(op.operands)}" if op.operands else ""
        return f'print "{fmt}"{tail}'

    def p_terminator(self, op, d):
        if not op.operands:
            return op.name
        return f"{op.name} {self.rs(op.operands)} : {self.ts(op.operands)}"

    # -- region ops ------------------------------------------------------------------
    def _region(self, region: Region, depth: int, implicit=()):
        self.block_body(region, depth + 1, implicit)

    def _close(self, depth: int, text: str = "}"):
        self.lines.append(self.ind * depth + text)

    def _iter_args(self, region_args, inits) -> str:
        return ", ".join(f"%{self.names.define(a)} = {self.r(i)}"
                         for a, i in zip(region_args, inits))

    def p_for(self, op, depth):
        pad = self.ind * depth
        lb, ub, step = op.one("lb"), op.one("ub"), op.one("step")
        inits = op.group("init")
        lhs = self.results_lhs(op)
        body = op.regions[0]
        self.names.push()
        iv = self.names.define(body.args[0])
        uns = "unsigned " if op.attrs.get("unsigned") else ""
        head = (f"{lhs}for {uns}%{iv} in ({self.r(lb)} to {self.r(ub)}, step {self.r(step)}) "
                f": {lb.type}")
        if inits:
            head += (f" iter_values({self._iter_args(body.args[1:], inits)}) -> "
                     f"({self.ts(op.results)})")
        self.lines.append(pad + head + " {")
        self._region(body, depth, implicit=("continue",))
        self.names.pop()
        self._close(depth)

    def p_loop(self, op, depth):
        pad = self.ind * depth
        inits = op.group("init")
        lhs = self.results_lhs(op)
        body = op.regions[0]
        self.names.push()
        head = f"{lhs}loop"
        if inits:
            head += f" iter_values({self._iter_args(body.args, inits)}) : {self.ts(inits)}"
            if op.results:
                head += f" -> {self.ts(op.results)}"
        elif op.results:
            head += f" : {self.ts(op.results)}"
        self.lines.append(pad + head + " {")
        self._region(body, depth)
        self.names.pop()
        self._close(depth)

    def p_if(self, op, depth):
        pad = self.ind * depth
        lhs = self.results_lhs(op)
        res = f" -> ({self.ts(op.results)})" if op.results else ""
        self.lines.append(f"{pad}{lhs}if {self.r(op.operands[0])}{res} {{")
        implicit = () if op.results else ("yield",)
        for i, region in enumerate(op.regions):
            if i == 1:
                self._close(depth, "} else {")
            self.names.push()
            self._region(region, depth, implicit)
            self.names.pop()
        self._close(depth)

    def _identities(self, op) -> str:
            return ", ".join(f"{format_scalar(c.elem, c.scalar())} : {c.elem}"
                         for c in op.attrs["identities"])

    def _combiner(self, op, depth, head):
        pad = self.ind * depth
        self.lines.append(pad + head)
        body = op.regions[0]
        self.names.push()
        args = ", ".join(f"%{self.names.define(a)}: {a.type}" for a in body.args)
        self.lines.append(f"{pad}({args}) {{")
        self._region(body, depth)
        self.names.pop()
        self._close(depth)

    def p_reduce(self, op, depth):
        lhs = self.results_lhs(op)
        xs = op.group("inputs")
        head = (f"{lhs}reduce {self.rs(xs)} dim={op.attrs['dim']} identities=["
                f"{self._identities(op)}] : {self.ts(xs)} -> {self.ts(op.results)}")
        self._combiner(op, depth, head)

    def p_scan(self, op, depth):
        lhs = self.results_lhs(op)
        xs = op.group("inputs")
        rev = "true" if op.attrs.get("reverse") else "false"
        head = (f"{lhs}scan {self.rs(xs)} dim={op.attrs['dim']} reverse={rev} identities=["
                f"{self._identities(op)}] : {self.ts(xs)} -> {self.ts(op.results)}")
        self._combiner(op, depth, head)


def _numbers(k: Kernel) -> frozenset[str]:
    """The numeric names a kernel's values hold (kept when printed; new numbers avoid
    them, so a value that survives optimization keeps the number it had)."""
    out = {p.value.name for p in k.params}
    for op in k.walk():
        out.update(v.name for v in op.results)
        for r in op.regions:
            out.update(a.name for a in r.args)
    return frozenset(n for n in out if n is not None and n.isdigit())


def _grouped(op: Operation) -> bool:
    """Multi-result ops printed `%n:k` (one name) rather than `%a, %b`."""
    res = op.results
    return (len(res) > 1 and op.spec is not None
            and op.spec.syntax in ("for", "loop", "if", "index_shape", "reduce", "scan")
            and len({v.name for v in res}) == 1)


def _escape(s: str) -> str:
    """MLIR string escapes: backslash, quote and non-printable bytes as \\XX."""
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch < " " or ch == "\x7f":
            out.append(f"\\{ord(ch):02X}")
        else:
            out.append(ch)
    return "".join(out)


def _attr_text(v) -> str:
    if v is None:
        return "?"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_attr_text(x) for x in v) + "]"
    return str(v)


def print_kernel(k: Kernel) -> str:
    """Canonical text of a kernel."""
    return Printer().kernel(k)


def print_module(kernels) -> str:
    """Canonical text of several kernels: each entry as `print_kernel` prints it, a blank
    line between them (what `parse_module` reads back)."""
    return "\n".join(print_kernel(k) for k in kernels)


def print_op_types(op: Operation) -> str:
    """Short description of an op for error messages."""
    return f"{op.name}({', '.join(str(v.type) for v in op.operands)})"


__all__ = ["print_kernel", "print_module", "Printer", "format_dense", "TileType", "TokenType"]
