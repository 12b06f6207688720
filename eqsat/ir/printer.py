"""Canonical Tile IR text, in the syntax `tileirdisasm` prints.

Names come from the values' hints, made unique per scope; values without a hint
(or with a numeric one) are numbered in print order. The same IR always prints
the same text.

Ops are written as their op table entry's form says (`eqsat.ir.ops.FORMS`, the
language in `eqsat.ir.syntax`): one writer function is built per op from its form.
Only constant (dense literal), make_tensor_view (mixed static/dynamic lists), and the
region ops for, loop, if, reduce and scan (regions, block arguments, terminators left
out) have a printer of their own; the parser's docstring says why.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np

from eqsat.ir.attrs import DenseConst
from eqsat.ir.numbers import format_scalar
from eqsat.ir.ops import COMBINER_FLAGS
from eqsat.ir.syntax import Attr, Lit, Opd, Opt, Special, TypeOf, TypesOf, items_of
from eqsat.ir.types import TileType, TokenType

if TYPE_CHECKING:                     # the printer reads the IR's fields; it needs no class
    from eqsat.ir.core import Kernel, Operation, Region, Value

_MOD_ORDER = ("signedness", "rounding", "saturating", "flush_to_zero", "propagate_nan",
              "overflow")
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
        sp = op.spec
        if sp.form is not None:
            self.lines.append(f"{pad}{self.results_lhs(op)}{op.name}"
                              f"{_writer(sp)(self, op)}")
            return
        text = getattr(self, "p_" + _HAND.get(sp.syntax, sp.syntax))(op, depth)
        if isinstance(text, str):
            self.lines.append(pad + text)

    # -- ops written by their table form (eqsat.ir.syntax) -----------------------------
    # -- hand-written: syntax no form describes ------------------------------------------
    def p_constant(self, op, d):
        c: DenseConst = op.attrs["value"]
        return f"{self.results_lhs(op)}constant <{c.elem}: {format_dense(c)}> : {op.result.type}"

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

    def p_combiner(self, op, depth):
        lhs = self.results_lhs(op)
        xs = op.group("inputs")
        rev = "".join(f" {f}={'true' if op.attrs.get(f) else 'false'}"
                      for f in COMBINER_FLAGS[op.spec.syntax])
        head = (f"{lhs}{op.name} {self.rs(xs)} dim={op.attrs['dim']}{rev} identities=["
                f"{self._identities(op)}] : {self.ts(xs)} -> {self.ts(op.results)}")
        self._combiner(op, depth, head)


# reduce and scan share a printer: their heads differ by one attribute
_HAND = {"reduce": "combiner", "scan": "combiner"}


def _writer(sp):
    """The function writing an op's text after its name, made once per table entry from
    its form: interpreting the form item by item on every op costs a fifth of the
    printer's time; a function built from it costs what a hand-written one does."""
    got = _WRITERS.get(sp.name)
    if got is None or got[0] is not sp:
        got = _WRITERS[sp.name] = (sp, _build_writer(sp))
    return got[1]


_WRITERS: dict[str, tuple] = {}


def _build_writer(sp):
    index = {g: i for i, (g, _) in enumerate(sp.operands)}
    segmented = sp.has_segments

    def group(g: str) -> str:
        return f"g[{g!r}]" if segmented else f"o[{index[g]}:{index[g] + 1}]"

    def first(g: str) -> str:
        return "op.results[0]" if g == "result" else (
            f"g[{g!r}][0]" if segmented else f"o[{index[g]}]")

    def expr(items) -> str:
        parts = []
        for it in items:
            kind = type(it)
            if kind is Lit:
                parts.append(repr(it.text))
            elif kind is Opd:
                parts.append(f"self.rs({group(it.group)})" if it.rep
                             else f"self.r({first(it.group)})")
            elif kind is TypeOf:
                parts.append(f"str({first(it.names[0])}.type)")
            elif kind is TypesOf:
                parts.append("self.ts(op.results)" if it.name == "result"
                             else f"self.ts({group(it.name)})")
            elif kind is Attr:
                parts.append(f"_ATTR_TEXT[{it.kind!r}](op.attrs[{it.key!r}])")
            elif kind is Special:
                parts.append({"mods": "self.mods(op)", "order": "self.mem_order(op)",
                              "signs": "_signs(op)"}[it.name])
            elif kind is Opt:
                cond = (f"{it.anchor!r} in op.attrs" if it.anchor_is_attr
                        else group(it.anchor))
                parts.append(f"({expr(it.items)} if {cond} else '')")
        return "".join(("(", " + ".join(parts) or "''", ")"))

    head = "g = _groups(op, sp)" if segmented else "o = op.operands"
    src = f"def write(self, op):\n    {head}\n    return {expr(items_of(sp))}\n"
    scope = {"_groups": _groups, "_ATTR_TEXT": _ATTR_TEXT, "_signs": _signs, "sp": sp}
    exec(compile(src, f"<form of {sp.name}>", "exec"), scope)
    return scope["write"]


def _groups(op: Operation, sp) -> dict[str, list[Value]]:
    """The op's operands by group (what `op.group` gives, for all groups at once)."""
    segs = op.segments
    ops = op.operands
    if segs is None:
        return {g: ops[i:i + 1] for i, (g, _) in enumerate(sp.operands)}
    out, start = {}, 0
    for (g, _), n in zip(sp.operands, segs):
        out[g] = ops[start:start + n]
        start += n
    return out


_ATTR_TEXT = {"string": lambda v: '"' + _escape(v) + '"',
              "ints": lambda v: ", ".join(map(str, v)),
              **{k: str for k in ("word", "choice", "int", "angle", "fact")}}


def _signs(op: Operation) -> str:
    words = [op.attrs[k] for k in ("signedness", "signedness_lhs", "signedness_rhs")
             if k in op.attrs]
    if op.attrs.get("fast_acc"):
        words.append("fast_acc")
    return "".join(" " + w for w in words)


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
    """MLIR string escapes, byte by byte of the UTF-8 text: backslash as \\\\, quote as
    \\", and every byte not printable ASCII as \\XX (as tileirdisasm writes them)."""
    out = []
    for b in s.encode("utf-8", "surrogateescape"):
        ch = chr(b)
        if ch in '"\\':
            out.append("\\" + ch)
        elif b < 0x20 or b >= 0x7F:
            out.append(f"\\{b:02X}")
        else:
            out.append(ch)
    return "".join(out)


def _attr_text(v) -> str:
    if v is None:
        return "?"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return '"' + _escape(v) + '"'
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
