"""Parser for Tile IR text as `tileirdisasm` prints it (plus entry-parameter facts).

A hand-written recursive-descent parser over characters: Tile IR's syntax is
context sensitive (`1x512xf32`, `token = %0` vs `token=%0`), so a separate lexer
would not help. Every error is a `ParseError` with line and column.

Ops are read as their op table entry's form says (`eqsat.ir.ops.FORMS`, the language in
`eqsat.ir.syntax`): one reader function is built per op from its form. Only these ops
have a reader of their own, because no form describes them:
- constant: a nested dense literal whose element syntax depends on the element type,
  checked against the result type and folded to a splat;
- make_tensor_view: shape and stride lists mixing integers and values, which become
  attributes and two operand groups;
- load_ptr_tko: `%p, %x` means mask or padding depending on the types after it;
- for, loop, if: regions, with values defined in their heads and terminators the text
  may leave out;
- reduce, scan: a region whose arguments are declared in its head, and typed identity
  literals.
"""
from __future__ import annotations

import bisect
import math
import re
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from eqsat.errors import ParseError
from eqsat.ir.attrs import Bounded, DenseConst, DivBy, SameElements
from eqsat.ir.core import Kernel, Operation, Param, Region, Value
from eqsat.ir.ops import COMBINER_FLAGS, HAND_PARSED, SPECS, OpSpec
from eqsat.ir.syntax import (Attr, Lit, Opd, Opt, Special, TokenOf, TypeOf, TypesOf, items_of,
                             usage)
from eqsat.ir.types import (FLOAT_WIDTHS, INT_WIDTHS, TOKEN, PartitionViewType, PointerType,
                            StridedViewType, TensorViewType, TileType, TokenType, Type, is_float)
from eqsat.ir import minifloat
from eqsat.ir.numbers import HEX_WIDTHS, from_hex_bits, round_decimal, values_of_hex_bits
from eqsat.ir.types import numpy_dtype

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*")
_VALNAME = re.compile(r"%([A-Za-z0-9_$.\-]+)")
_INT = re.compile(r"-?[0-9]+")
_HEX_INT = re.compile(r"-?0x[0-9A-Fa-f]+")
_FLOAT = re.compile(r"[-+]?(?:0x[0-9A-Fa-f]+|inf|nan|[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?)")

SEMANTICS = ("weak", "relaxed", "acquire", "release", "acq_rel")

def _untyped_identity(s: str) -> str:
    """The type of an identity written without one, as tileirdisasm writes the MLIR
    defaults: `true`/`false` are i1, a decimal float f64, an integer i64."""
    if s in ("true", "false"):
        return "i1"
    if s.lstrip("+-").startswith("0x") or s.lstrip("+-").isdigit():
        return "i64"
    return "f64"

SCOPES = ("tl_blk", "device", "sys")
MODIFIER_WORDS = ("signed", "unsigned", "rounding", "saturating", "flush_to_zero", "propagate_nan",
                  "overflow")
# region kinds: the terminator a body gets when its text leaves it out
# terminators the text may leave out; an entry's `return` may not be (Tile IR requires it)
_IMPLICIT_TERMINATOR = {"for": "continue", "loop": "continue", "if": "yield"}
# reduce and scan share a reader: their heads differ by one attribute
_HAND = {"reduce": "combiner", "scan": "combiner"}
_TYPE_KINDS = {"token": TokenType, "partition_view": PartitionViewType,
               "strided_view": StridedViewType, "tensor_view": TensorViewType}
_ATTR_WHAT = {"predicate": "comparison predicate", "mode": "atomic mode (add, xchg, max, ...)"}


class _Scope:
    def __init__(self):
        self.frames: list[dict[str, Value]] = [{}]

    def push(self):
        self.frames.append({})

    def pop(self):
        self.frames.pop()

    def lookup(self, name: str) -> Value | None:
        for f in reversed(self.frames):
            if name in f:
                return f[name]
        return None

    def define(self, name: str, v: Value) -> bool:
        if name in self.frames[-1]:
            return False
        self.frames[-1][name] = v
        return True


class Parser:
    def __init__(self, text: str, filename: str = "<input>"):
        self.text, self.pos, self.filename = text, 0, filename
        self._line_starts = [0] + [m.end() for m in re.finditer(r"\n", text)]
        self.scope = _Scope()
        self.last_type_pos = 0
        # multi-result groups: name -> list of values, for `%n#i` references
        self.groups: list[dict[str, list[Value]]] = [{}]

    # -- positions and errors -----------------------------------------------------------
    def linecol(self, pos: int | None = None) -> tuple[int, int]:
        pos = self.pos if pos is None else pos
        i = bisect.bisect_right(self._line_starts, pos) - 1
        return i + 1, pos - self._line_starts[i] + 1

    def error(self, msg: str, pos: int | None = None) -> ParseError:
        line, col = self.linecol(pos)
        return ParseError(msg, line, col, self.filename)

    def _found(self) -> str:
        if self.pos >= len(self.text):
            return "end of input"
        m = re.compile(r"\S+").match(self.text, self.pos)
        tok = m.group(0) if m else self.text[self.pos]
        return repr(tok[:20])

    # -- low-level scanning -------------------------------------------------------------
    def ws(self):
        t, n = self.text, len(self.text)
        while self.pos < n:
            c = t[self.pos]
            if c in " \t\r\n":
                self.pos += 1
            elif t.startswith("//", self.pos):
                e = t.find("\n", self.pos)
                self.pos = n if e < 0 else e + 1
            else:
                break

    def peek(self, s: str) -> bool:
        self.ws()
        return self.text.startswith(s, self.pos)

    def accept(self, s: str) -> bool:
        if self.peek(s):
            if s[-1].isalnum() or s[-1] == "_":
                end = self.pos + len(s)
                if end < len(self.text) and (self.text[end].isalnum() or self.text[end] == "_"):
                    return False
            self.pos += len(s)
            return True
        return False

    def expect(self, s: str, what: str | None = None):
        if not self.accept(s):
            raise self.error(f"expected {what or repr(s)}, found {self._found()}")

    def peek_word(self) -> str | None:
        self.ws()
        m = _IDENT.match(self.text, self.pos)
        return m.group(0) if m else None

    def word(self, what: str = "identifier") -> str:
        self.ws()
        m = _IDENT.match(self.text, self.pos)
        if not m:
            raise self.error(f"expected {what}, found {self._found()}")
        self.pos = m.end()
        return m.group(0)

    def integer(self, what: str = "integer") -> int:
        self.ws()
        m = _INT.match(self.text, self.pos)
        if not m:
            raise self.error(f"expected {what}, found {self._found()}")
        self.pos = m.end()
        return int(m.group(0))

    def int_or_q(self) -> int | None:
        if self.accept("?"):
            return None
        return self.integer("integer or '?'")

    def string(self) -> str:
        """A quoted string with MLIR's escapes (\\", \\\\, \\n, \\t, \\XX). Escapes stand
        for bytes, so the text is the UTF-8 they spell (tileirdisasm writes every byte
        past ASCII as \\XX); bytes that are not UTF-8 are kept as surrogate escapes."""
        self.ws()
        if not self.text.startswith('"', self.pos):
            raise self.error(f"expected string, found {self._found()}")
        i, out = self.pos + 1, bytearray()
        while i < len(self.text) and self.text[i] != '"':
            if self.text[i] == "\\" and i + 1 < len(self.text):
                nxt = self.text[i + 1]
                if nxt in '"\\nt':
                    out += {"n": b"\n", "t": b"\t"}.get(nxt, nxt.encode())
                    i += 2
                    continue
                if re.match(r"[0-9A-Fa-f]{2}", self.text[i + 1:i + 3]):
                    out.append(int(self.text[i + 1:i + 3], 16))
                    i += 3
                    continue
            if self.text[i] == "\n":
                break
            out += self.text[i].encode("utf-8", "surrogateescape")
            i += 1
        if i >= len(self.text) or self.text[i] != '"':
            raise self.error("unterminated string", self.pos)
        self.pos = i + 1
        return out.decode("utf-8", "surrogateescape")

    def comma_list(self, item: Callable, close: str | None = None) -> list:
        out = [item()]
        while self.accept(","):
            out.append(item())
        if close:
            self.expect(close)
        return out

    # -- types ------------------------------------------------------------------------
    def elem_type(self) -> str | PointerType:
        self.accept("!cuda_tile.")
        if self.accept("ptr"):
            self.expect("<")
            p = self.elem_type()
            if isinstance(p, PointerType):
                raise self.error("pointer to pointer is not a Tile IR type")
            self.expect(">")
            return PointerType(p)
        start = self.pos
        w = self.word("element type")
        if w not in INT_WIDTHS and w not in FLOAT_WIDTHS:
            raise self.error(f"unknown element type '{w}'", start)
        return w

    def _dims_then_elem(self, allow_q: bool):
        dims: list[int | None] = []
        while True:
            self.ws()
            if allow_q and self.text.startswith("?", self.pos):
                self.pos += 1
                dims.append(None)
            else:
                m = re.compile(r"[0-9]+").match(self.text, self.pos)
                if not m:
                    break
                self.pos = m.end()
                dims.append(int(m.group(0)))
            if not self.text.startswith("x", self.pos):
                raise self.error("expected 'x' after dimension")
            self.pos += 1
        return tuple(dims), self.elem_type()

    def type(self) -> Type:
        self.ws()
        start = self.last_type_pos = self.pos
        self.accept("!cuda_tile.")
        if self.accept("tile"):
            self.expect("<")
            dims, elem = self._dims_then_elem(False)
            self.expect(">")
            if any(d <= 0 for d in dims):
                raise self.error("tile dimensions must be positive", start)
            return TileType(dims, elem)
        if self.accept("token"):
            return TOKEN
        if self.accept("tensor_view"):
            return self._tensor_view_body()
        if self.accept("strided_view"):
            self.expect("<")
            self.expect("tile")
            self.expect("=")
            tdims = self._paren_dims()
            self.expect(",")
            self.expect("traversal_strides")
            self.expect("=")
            self.expect("[")
            tstrides = tuple(self.comma_list(self.integer, "]"))
            self.expect(",")
            self.expect("tensor_view")
            view = self._tensor_view_body()
            self.expect(">")
            if len(tstrides) != len(tdims):
                raise self.error("strided_view needs one traversal stride per tile dimension",
                                 start)
            return StridedViewType(tdims, tstrides, view)
        if self.accept("partition_view"):
            self.expect("<")
            self.expect("tile")
            self.expect("=")
            tdims = self._paren_dims()
            padding: str | None = None
            dim_map: tuple[int, ...] | None = None
            base: TensorViewType | None = None
            while self.accept(","):
                if self.accept("padding_value"):
                    self.expect("=")
                    padding = self.word("padding value")
                elif self.accept("tensor_view"):
                    base = self._tensor_view_body()
                elif self.accept("dim_map"):
                    self.expect("=")
                    self.expect("[")
                    dim_map = tuple(self.comma_list(self.integer, "]"))
                else:
                    raise self.error(f"unexpected {self._found()} in partition_view")
            self.expect(">")
            if base is None:
                raise self.error("partition_view needs a tensor_view", start)
            return PartitionViewType(tdims, base, padding, dim_map)
        raise self.error(f"expected a type, found {self._found()}", start)

    def _paren_dims(self) -> tuple[int, ...]:
        self.expect("(")
        tdims = [self.integer("tile dimension")]
        while self.text.startswith("x", self.pos):
            self.pos += 1
            tdims.append(self.integer("tile dimension"))
        self.expect(")")
        if any(d <= 0 for d in tdims):
            raise self.error("tile dimensions must be positive")
        return tuple(tdims)

    def _tensor_view_body(self) -> TensorViewType:
        self.expect("<")
        start = self.pos
        dims, elem = self._dims_then_elem(True)
        if isinstance(elem, PointerType):
            raise self.error("tensor_view of pointers is not supported", start)
        strides: tuple = ()
        if self.accept(","):
            self.expect("strides")
            self.expect("=")
            self.expect("[")
            strides = tuple(self.comma_list(self.int_or_q, "]")) if not self.accept("]") else ()
        self.expect(">")
        if len(strides) != len(dims):
            raise self.error(f"tensor_view has {len(dims)} dimensions but {len(strides)} strides",
                             start)
        return TensorViewType(dims, elem, strides)

    def types(self) -> list[Type]:
        return self.comma_list(self.type)

    # -- values -----------------------------------------------------------------------
    def value_use(self, expect_type: Type | None = None) -> Value:
        self.ws()
        start = self.pos
        m = _VALNAME.match(self.text, self.pos)
        if not m:
            raise self.error(f"expected a value (%name), found {self._found()}")
        self.pos = m.end()
        name = m.group(1)
        if self.text.startswith("#", self.pos):
            self.pos += 1
            idx = self.integer("result number")
            group = self._lookup_group(name)
            if group is None:               # one value: MLIR reads `%x#0` as `%x`
                one = self.scope.lookup(name)
                if one is None:
                    raise self.error(f"use of undefined value '%{name}'", start)
                group = [one]
            if not 0 <= idx < len(group):
                raise self.error(f"'%{name}' has {len(group)} result"
                                 f"{'s' if len(group) != 1 else ''}, no #{idx}", start)
            v = group[idx]
        else:
            v = self.scope.lookup(name)
            if v is None:
                if self._lookup_group(name) is not None:
                    raise self.error(f"'%{name}' has several results; write '%{name}#N'", start)
                raise self.error(f"use of undefined value '%{name}'", start)
        if expect_type is not None and v.type != expect_type:
            raise self.error(f"'%{name}' has type {v.type}, but {expect_type} is written", start)
        return v

    def _lookup_group(self, name):
        for g in reversed(self.groups):
            if name in g:
                return g[name]
        return None

    def value_uses(self) -> list[Value]:
        return self.comma_list(self.value_use)

    def value_name(self) -> tuple[str, int]:
        self.ws()
        m = _VALNAME.match(self.text, self.pos)
        if not m:
            raise self.error(f"expected a value name (%name), found {self._found()}")
        self.pos = m.end()
        return m.group(1), m.start()

    def define(self, name: str, v: Value, pos: int):
        if not self.scope.define(name, v) or name in self.groups[-1]:
            raise self.error(f"value '%{name}' is defined twice", pos)
        v.name = name

    def _push(self):
        self.scope.push()
        self.groups.append({})

    def _pop(self):
        self.scope.pop()
        self.groups.pop()

    # -- top level --------------------------------------------------------------------
    def parse_kernels(self) -> list[Kernel]:
        kernels: list[Kernel] = []
        self.ws()
        wrapped = False
        if self.accept("cuda_tile.module") or self.accept("module"):
            self.ws()
            if self.peek("@"):
                self.pos += 1
                self.word("module name")
            self.expect("{")
            wrapped = True
        while True:
            self.ws()
            if wrapped and self.accept("}"):
                wrapped = False
                continue
            if self.pos >= len(self.text):
                break
            at = self.pos
            k = self.entry()
            if any(o.name == k.name for o in kernels):
                raise self.error(f"a second entry named '@{k.name}'", at)
            kernels.append(k)
        if wrapped:
            raise self.error("expected '}' closing the module")
        if not kernels:
            raise self.error("no 'entry' found")
        return kernels

    def entry(self) -> Kernel:
        self.ws()
        if not (self.accept("entry") or self.accept("cuda_tile.entry")):
            raise self.error(f"expected 'entry', found {self._found()}")
        self.expect("@", "'@' and the kernel name")
        name = self.word("kernel name")
        self.expect("(")
        params: list[Param] = []
        self.scope = _Scope()
        self.groups = [{}]
        if not self.accept(")"):
            while True:
                pname, ppos = self.value_name()
                self.expect(":")
                t = self.type()
                v = Value(t)
                self.define(pname, v, ppos)
                attrs = self.param_attrs() if self.peek("{") else {}
                params.append(Param(v, attrs, loc=self.linecol(ppos)))
                if self.accept(")"):
                    break
                self.expect(",", "',' or ')'")
        hints = None
        if self.accept("optimization_hints"):
            self.expect("=")
            hints = "optimization_hints=" + self.balanced_angle()
        body = Region()
        self.expect("{")
        self.region_body(body, "entry")
        return Kernel(name, params, body, hints)

    def balanced_angle(self) -> str:
        self.ws()
        if not self.text.startswith("<", self.pos):
            raise self.error("expected '<'")
        depth, i = 0, self.pos
        while i < len(self.text):
            c = self.text[i]
            depth += c == "<"
            depth -= c == ">"
            i += 1
            if depth == 0:
                break
        if depth:
            raise self.error("unbalanced '<'")
        s = self.text[self.pos:i]
        self.pos = i
        return s

    def param_attrs(self) -> dict:
        self.expect("{")
        attrs: dict = {}
        if self.accept("}"):
            return attrs
        while True:
            kpos = self.pos
            key = self.word("attribute name")
            if key in attrs:
                raise self.error(f"attribute '{key}' given twice", kpos)
            self.expect("=")
            attrs[key] = self.attr_value()
            if self.accept("}"):
                return attrs
            self.expect(",", "',' or '}'")

    def attr_value(self):
        self.ws()
        if self.text.startswith('"', self.pos):
            return self.string()
        if self.accept("["):
            if self.accept("]"):
                return ()
            return tuple(self.comma_list(self.attr_value, "]"))
        if self.accept("true"):
            return True
        if self.accept("false"):
            return False
        if self.accept("?"):
            return None
        m = _INT.match(self.text, self.pos)
        if m:
            self.pos = m.end()
            return int(m.group(0))
        return self.word("attribute value")

    # -- regions ----------------------------------------------------------------------
    def region_body(self, region: Region, kind: str):
        """Ops up to the closing '}' (the '{' is already consumed)."""
        while True:
            self.ws()
            if self.pos >= len(self.text):
                raise self.error("expected '}' before end of input")
            if self.text.startswith("}", self.pos):
                self.pos += 1
                break
            if region.terminator is not None:
                raise self.error(f"'{region.terminator.name}' must be the last op of its "
                                 f"region")
            op = self.operation()
            region.append(op)
        if kind in _IMPLICIT_TERMINATOR and (region.terminator is None):
            region.append(Operation(_IMPLICIT_TERMINATOR[kind]))

    # -- operations -------------------------------------------------------------------
    def operation(self) -> Operation:
        self.ws()
        op_pos = self.pos
        defs: list[tuple[str, int]] = []
        group_count = None
        if self.text.startswith("%", self.pos):
            while True:
                name, npos = self.value_name()
                if self.text.startswith(":", self.pos) and not self.text.startswith(": ", self.pos):
                    self.pos += 1
                    group_count = self.integer("result count")
                defs.append((name, npos))
                if not self.accept(","):
                    break
            self.expect("=")
        self.ws()
        name_pos = self.pos
        opname = self.word("operation name")
        if opname.startswith("cuda_tile."):
            opname = opname[len("cuda_tile."):]
        sp = SPECS.get(opname)
        if sp is None:
            raise self.error(f"unknown operation '{opname}'", name_pos)
        op: Operation
        if sp.form is not None and sp.syntax not in HAND_PARSED:
            op = self.by_form(opname, sp)
        else:
            op = getattr(self, "op_" + _HAND.get(sp.syntax, sp.syntax))(opname)
        op.loc = self.linecol(op_pos)
        self._bind_results(op, defs, group_count, op_pos)
        return op

    def _bind_results(self, op: Operation, defs, group_count, pos):
        n = len(op.results)
        if group_count is not None:
            if len(defs) != 1 or group_count != n:
                raise self.error(f"'{op.name}' has {n} results, but the text names "
                                 f"{group_count if len(defs) == 1 else len(defs)}", pos)
            name, npos = defs[0]
            if name in self.groups[-1] or self.scope.frames[-1].get(name) is not None:
                raise self.error(f"value '%{name}' is defined twice", npos)
            self.groups[-1][name] = op.results
            for v in op.results:
                v.name = name
            return
        if len(defs) != n:
            if not defs and all(v.is_token for v in op.results):
                return           # results nobody names (e.g. a store's token)
            raise self.error(f"'{op.name}' has {n} result(s), but the text names {len(defs)}", pos)
        for (name, npos), v in zip(defs, op.results):
            self.define(name, v, npos)

    def by_form(self, name: str, sp: OpSpec) -> Operation:
        """An op written as its table form says (eqsat.ir.syntax)."""
        op: Operation = _reader(sp)(self, name)
        return op

    def _form_error(self, name: str, sp: OpSpec, tok: str, after_operand: bool) -> ParseError:
        """`expected X`; where an operand is missing or one too many is written, with
        how the op is written, which says how many it takes."""
        msg = f"expected {tok!r}, found {self._found()}"
        nxt = self.text[self.pos:self.pos + 1]
        if (after_operand and nxt == ",") or (tok == "," and nxt != "%"):
            msg += f" ({name} is written '{name}{usage(items_of(sp))}')"
        return self.error(msg)

    def _attr(self, it: Attr):
        kind = it.kind
        if kind == "word":
            return self.word(_ATTR_WHAT.get(it.key, it.key))
        if kind == "choice":
            what = " or ".join(f"'{c}'" for c in it.choices)
            w = self.word(what)
            if w not in it.choices:
                raise self.error(f"expected {what}, found '{w}'")
            return w
        if kind == "int":
            return self.integer()
        if kind == "ints":
            return tuple(self.comma_list(self.integer))
        if kind == "string":
            return self.string()
        if kind == "angle":
            return self.balanced_angle()
        return self.fact()

    def modifiers(self) -> dict[str, str | bool]:
        attrs: dict[str, str | bool] = {}
        while True:
            w = self.peek_word()
            if w not in MODIFIER_WORDS:
                return attrs
            wpos = self.pos
            self.word()
            val: str | bool
            if w in ("signed", "unsigned"):
                key, val = "signedness", w
            elif w in ("rounding", "overflow"):
                self.expect("<")
                key, val = w, self.word(f"{w} mode")
                self.expect(">")
            else:
                key, val = w, True
            if key in attrs:
                raise self.error(f"modifier '{w}' given twice", wpos)
            attrs[key] = val
        return attrs

    def _check(self, v: Value, t: Type, what: str = "operand"):
        if v.type != t:
            raise self.error(f"{what} '%{v.name}' has type {v.type}, but {t} is written",
                             self.last_type_pos)

    def op_constant(self, name):
        self.expect("<")
        epos = self.pos
        elem = self.elem_type()
        if isinstance(elem, PointerType):
            raise self.error("pointer constants are not supported", epos)
        self.expect(":")
        self.ws()
        vpos = self.pos
        hex_data = self.text.startswith('"', self.pos)   # MLIR's form past 100 elements
        raw = self.string() if hex_data else self.dense_literal(elem)
        self.expect(">")
        self.expect(":")
        t = self.type()
        tpos = self.last_type_pos
        if not isinstance(t, TileType) or t.elem != elem:
            raise self.error(f"constant of {elem} must have a tile<...x{elem}> type", tpos)
        arr = (self._hex_elements(elem, raw, t, vpos) if hex_data
               else self._dense_array(elem, raw, vpos))
        if arr.ndim and arr.shape != t.shape:
            raise self.error(f"constant data of shape {arr.shape} does not match {t}", vpos)
        if arr.ndim and arr.size and DenseConst(elem, arr).is_splat:
            arr = arr.reshape(-1)[0]          # uniform data is a splat (that is how it prints)
        return Operation(name, [], [t], {"value": DenseConst(elem, arr)})

    def dense_literal(self, elem):
        if self.accept("["):
            if self.accept("]"):
                return []
            return self.comma_list(lambda: self.dense_literal(elem), "]")
        self.ws()
        p = self.pos
        if elem == "i1":
            if self.accept("true"):
                return True
            if self.accept("false"):
                return False
            v = self.integer("boolean")
            if v not in (0, 1):
                raise self.error("i1 constant must be true/false/0/1", p)
            return bool(v)
        if is_float(elem):
            m = _FLOAT.match(self.text, self.pos)
            if not m:
                raise self.error(f"expected a {elem} literal, found {self._found()}")
            self.pos = m.end()
            return self._float_literal(elem, m.group(0), p)
        m = _HEX_INT.match(self.text, self.pos)
        if m:
            self.pos = m.end()
            return int(m.group(0), 16)
        return self.integer(f"{elem} literal")

    def _float_literal(self, elem, s: str, pos: int):
        """A decimal (rounded once to `elem`), `inf`/`nan`, or the type's bits in hex."""
        if elem in minifloat.OPAQUE:
            raise self.error(f"{elem} constants are not supported (eqsat does not know the "
                             f"format's values)", pos)
        if s.lstrip("+-").startswith("0x"):
            if s[0] in "+-":
                raise self.error(f"hex float literal {s} has a sign: a hex literal is the "
                                 f"bits of the {elem}, the sign bit among them", pos)
            bits = int(s, 16)
            if bits >= 1 << HEX_WIDTHS[elem]:
                raise self.error(f"{s} has more bits than {elem} ({HEX_WIDTHS[elem]})", pos)
            return from_hex_bits(elem, bits)
        try:
            return round_decimal(elem, s)
        except ValueError as e:               # a format without NaN given a NaN
            raise self.error(str(e), pos) from None

    def _hex_elements(self, elem, s: str, t: TileType, pos: int) -> np.ndarray:
        """`"0x..."`: the elements' bytes, little-endian, each in whole bytes (an i1 one
        byte, 0 or 1; a tf32 three); one element's worth is a splat."""
        if not re.fullmatch(r"0x(?:[0-9A-Fa-f]{2})*", s):
            raise self.error('constant data in a string must be "0x" and pairs of hex digits',
                             pos)
        if elem in minifloat.OPAQUE:
            raise self.error(f"{elem} constants are not supported (eqsat does not know the "
                             f"format's values)", pos)
        data = bytes.fromhex(s[2:])
        width = INT_WIDTHS.get(elem) or HEX_WIDTHS[elem]
        size = -(-width // 8)
        count = math.prod(t.shape)
        if len(data) not in (size, count * size):
            raise self.error(f"{len(data)} bytes of constant data do not fit {t} ({count} "
                             f"elements of {size} byte{'s' if size > 1 else ''})", pos)
        u = np.frombuffer(data, np.uint8).reshape(-1, size).astype(np.uint64)
        bits = (u << (8 * np.arange(size, dtype=np.uint64))).sum(axis=1, dtype=np.uint64)
        if width < 8 * size and bits.max() >> np.uint64(width):
            raise self.error(f"constant data holds a value wider than {elem}", pos)
        if elem == "i1":
            arr = bits != 0
        elif elem in INT_WIDTHS:              # the low `width` bits, read as signed
            arr = bits.astype(f"u{size}").view(numpy_dtype(elem))
        else:
            arr = values_of_hex_bits(elem, bits)
        return arr.reshape(t.shape if len(data) > size or count == 1 else ())

    def _dense_array(self, elem, raw, pos):
        try:
            if elem in INT_WIDTHS and elem != "i1":
                bits = INT_WIDTHS[elem]
                arr = np.array(raw, dtype=object)
                lo, hi = -(1 << (bits - 1)), (1 << bits) - 1
                flat = arr.reshape(-1)
                if any(isinstance(x, list) for x in flat):
                    raise ValueError("ragged")
                if any(not (lo <= int(x) <= hi) for x in flat):
                    raise self.error(f"integer literal out of range for {elem}", pos)
                wrapped = [((int(x) + (1 << (bits - 1))) % (1 << bits)) - (1 << (bits - 1))
                           for x in flat]
                return np.array(wrapped, dtype=numpy_dtype(elem)).reshape(arr.shape)
            return np.array(raw, dtype=numpy_dtype(elem))
        except ValueError:
            raise self.error("ragged constant data", pos) from None

    def fact(self):
        """An assume predicate: `div_by<16>`, `bounded<0, ?>`, `same_elements<[1, 4]>`."""
        self.ws()
        ppos = self.pos
        w = self.word("assume predicate")
        if w == "div_by":
            self.expect("<")
            d = self.integer("divisor")
            every = along = None
            if self.accept(","):
                self.expect("every")
                every = self.integer()
                self.expect("along")
                along = self.integer()
            self.expect(">")
            if d <= 0 or d & (d - 1):
                raise self.error("div_by needs a positive power of two", ppos)
            pred = DivBy(d, every, along)
        elif w == "bounded":
            self.expect("<")
            lo = self.int_or_q()
            self.expect(",")
            hi = self.int_or_q()
            self.expect(">")
            pred = Bounded(lo, hi)
        elif w == "same_elements":
            self.expect("<")
            self.expect("[")
            counts = tuple(self.comma_list(self.integer, "]"))
            self.expect(">")
            pred = SameElements(counts)
        else:
            raise self.error(f"unknown assume predicate '{w}'", ppos)
        return pred

    def op_tensor_view(self, name):
        base = self.value_use()
        self.expect(",")
        self.expect("shape")
        self.expect("=")
        shape_items = self._mixed_list()
        self.expect(",")
        self.expect("strides")
        self.expect("=")
        stride_items = self._mixed_list()
        self.expect(":")
        t = self.type()
        if isinstance(t, TileType):
            idx_t = t
            self.expect("->")
            t = self.type()
        else:
            idx_t = None
        if not isinstance(t, TensorViewType):
            raise self.error("make_tensor_view produces a tensor_view")
        dyn = [x for x in shape_items + stride_items if isinstance(x, Value)]
        if dyn and idx_t is None:
            raise self.error("dynamic sizes need the index type ('tile<i32> ->')")
        for v in dyn:
            self._check(v, idx_t)
        static_shape = tuple(None if isinstance(x, Value) else x for x in shape_items)
        static_strides = tuple(None if isinstance(x, Value) else x for x in stride_items)
        shape_ops = [x for x in shape_items if isinstance(x, Value)]
        stride_ops = [x for x in stride_items if isinstance(x, Value)]
        return Operation(name, [base] + shape_ops + stride_ops, [t],
                         {"static_shape": static_shape, "static_strides": static_strides},
                         segments=(1, len(shape_ops), len(stride_ops)))

    def _mixed_list(self):
        self.expect("[")
        if self.accept("]"):
            return []

        def item():
            self.ws()
            if self.text.startswith("%", self.pos):
                return self.value_use()
            return self.integer("size or value")
        return self.comma_list(item, "]")

    def mem_order(self) -> dict:
        spos = self.pos
        sem = self.word("memory ordering (weak, relaxed, acquire, release, acq_rel)")
        if sem not in SEMANTICS:
            raise self.error(f"unknown memory ordering '{sem}'", spos)
        attrs = {"sem": sem}
        if self.peek_word() in SCOPES:
            attrs["scope"] = self.word()
        return attrs

    def token_clause(self) -> list[Value]:
        if self.accept("token"):
            self.expect("=")
            return [self.value_use(TOKEN)]
        return []

    def view_hints(self) -> dict:
        if self.accept("optimization_hints"):
            self.expect("=")
            return {"hints": self.balanced_angle()}
        return {}

    def _operand_types(self, vs: list[Value]) -> list[Type]:
        """`: T1, T2, ...`, one type per operand, each checked against its operand."""
        self.expect(":")
        ts = self.types()
        if len(ts) != len(vs):
            raise self.error(f"{len(vs)} operands but {len(ts)} types")
        for v, t in zip(vs, ts):
            self._check(v, t)
        return ts

    def _view_tail(self, attrs: dict) -> list[Value]:
        tok = self.token_clause()
        attrs.update(self.view_hints())
        return tok

    def op_load_ptr(self, name):
        attrs = self.mem_order()
        vs = self.value_uses()
        tok = self._view_tail(attrs)
        if len(vs) > 3:
            raise self.error(f"load_ptr_tko takes at most 3 operands (ptr, mask, padding), "
                             f"found {len(vs)}")
        ts = self._operand_types(vs)
        self.expect("->")
        rts = self.types()
        has_mask = len(vs) == 3 or (len(vs) == 2 and isinstance(ts[1], TileType)
                                     and ts[1].elem == "i1" and rts[0].elem != "i1")
        has_pad = len(vs) - 1 - int(has_mask)
        segs = (1, int(has_mask), has_pad, len(tok))
        return Operation(name, vs + tok, rts, attrs, segments=segs)

    def signs(self, name: str, attrs: dict):
        """mma's signedness words (one for both sides, or lhs and rhs) and `fast_acc`."""
        signs = []
        while self.peek_word() in ("signed", "unsigned", "fast_acc"):
            w = self.word()
            if w == "fast_acc":
                attrs["fast_acc"] = True
            else:
                signs.append(w)
        if len(signs) == 1:
            attrs["signedness"] = signs[0]
        elif len(signs) == 2:
            attrs["signedness_lhs"], attrs["signedness_rhs"] = signs
        elif signs:
            raise self.error(f"{name} takes at most two signedness words")

    def _iter_values(self):
        """`iter_values(%a = %x, ...)`: returns [(name, pos, init)]."""
        self.expect("(")
        out = []
        while True:
            n, p = self.value_name()
            self.expect("=")
            out.append((n, p, self.value_use()))
            if self.accept(")"):
                return out
            self.expect(",", "',' or ')'")

    def _paren_types(self):
        self.expect("(")
        if self.accept(")"):
            return []
        ts = self.types()
        self.expect(")")
        return ts

    def op_for(self, name):
        attrs = {"unsigned": True} if self.accept("unsigned") else {}
        iv_name, iv_pos = self.value_name()
        self.expect("in")
        self.expect("(")
        lb = self.value_use()
        self.expect("to")
        ub = self.value_use()
        self.expect(",")
        self.expect("step")
        step = self.value_use()
        self.expect(")")
        self.expect(":")
        it = self.type()
        for v in (lb, ub, step):
            self._check(v, it)
        iters, rts = [], []
        if self.accept("iter_values"):
            iters = self._iter_values()
            self.expect("->")
            rts = self._paren_types()
            if len(rts) != len(iters):
                raise self.error(f"{len(iters)} iter_values but {len(rts)} result types")
        body = Region()
        self._push()
        self.define(iv_name, body.add_arg(it), iv_pos)
        for (n, p, init), t in zip(iters, rts):
            self._check(init, t, "initial value")
            self.define(n, body.add_arg(t), p)
        self.expect("{")
        self.region_body(body, "for")
        self._pop()
        return Operation(name, [lb, ub, step] + [i for _, _, i in iters], rts, attrs,
                         regions=[body], segments=(1, 1, 1, len(iters)))

    def op_loop(self, name):
        iters, rts = [], []
        body = Region()
        if self.accept("iter_values"):
            iters = self._iter_values()
            self.expect(":")
            its = self.types()
            if len(its) != len(iters):
                raise self.error(f"{len(iters)} iter_values but {len(its)} types")
            if self.accept("->"):
                rts = self.types()
        elif self.accept(":"):
            rts = self.types()
        self._push()
        for (n, p, init) in iters:
            self.define(n, body.add_arg(init.type), p)
        self.expect("{")
        self.region_body(body, "loop")
        self._pop()
        return Operation(name, [i for _, _, i in iters], rts, regions=[body])

    def op_if(self, name):
        cond = self.value_use()
        rts = []
        if self.accept("->"):
            rts = self._paren_types()
        regions = []
        for i in range(2):
            if i == 1 and not self.accept("else"):
                r = Region()
                r.append(Operation("yield"))
                regions.append(r)
                break
            r = Region()
            self._push()
            self.expect("{")
            self.region_body(r, "if")
            self._pop()
            regions.append(r)
        return Operation(name, [cond], rts, regions=regions)

    def _identities(self):
        self.expect("identities")
        self.expect("=")
        self.expect("[")
        out = []
        while True:
            self.ws()
            vpos = self.pos
            m = _FLOAT.match(self.text, self.pos)
            if not m and self.peek_word() not in ("true", "false"):
                raise self.error(f"expected identity value, found {self._found()}")
            if m:
                self.pos = m.end()
                s = m.group(0)
            else:
                s = self.word()
            if self.accept(":"):
                elem = self.elem_type()
            else:               # MLIR leaves out the type it would read by default
                elem = _untyped_identity(s)
            if is_float(elem):
                val = self._float_literal(elem, s, vpos)
            elif elem == "i1":
                if s not in ("true", "false", "0", "1"):
                    raise self.error(f"i1 identity must be true/false/0/1, not '{s}'", vpos)
                val = s in ("true", "1")
            else:
                try:
                    val = int(s, 0)
                except ValueError:
                    raise self.error(f"bad integer identity '{s}'", vpos) from None
                bits = INT_WIDTHS[elem]
                if not -(1 << (bits - 1)) <= val < (1 << bits):
                    raise self.error(f"identity {s} is out of range for {elem}", vpos)
                val = ((val + (1 << (bits - 1))) % (1 << bits)) - (1 << (bits - 1))
            out.append(DenseConst(elem, val))
            if self.accept("]"):
                return tuple(out)
            self.expect(",", "',' or ']'")

    def op_combiner(self, name):
        # operands come before the attributes: `reduce %x dim=1 identities=[...] : ...`
        xs = self.value_uses()
        self.expect("dim")
        self.expect("=")
        attrs: dict = {"dim": self.integer()}
        for flag in COMBINER_FLAGS[SPECS[name].syntax]:
            self.expect(flag)
            self.expect("=")
            word = self.word("true or false")
            if word not in ("true", "false"):
                raise self.error(f"{flag} must be true or false")
            attrs[flag] = word == "true"
        attrs["identities"] = self._identities()
        self.expect(":")
        ts = self.types()
        if len(ts) != len(xs):
            raise self.error(f"{len(xs)} inputs but {len(ts)} types")
        for v, t in zip(xs, ts):
            self._check(v, t)
        self.expect("->")
        rts = self.types()
        body = Region()
        self._push()
        self.expect("(")
        while True:
            n, p = self.value_name()
            self.expect(":")
            self.define(n, body.add_arg(self.type()), p)
            if self.accept(")"):
                break
            self.expect(",", "',' or ')'")
        self.expect("{")
        self.region_body(body, name)
        self._pop()
        return Operation(name, xs, rts, attrs, regions=[body])


def _reader(sp: OpSpec):
    """The function reading an op's text after its name, made once per table entry from
    its form: straight-line code, as fast as a hand-written reader (interpreting the
    form item by item on every op made parsing a tenth slower)."""
    got = _READERS.get(sp.name)
    if got is None or got[0] is not sp:
        got = _READERS[sp.name] = (sp, _build_reader(sp))
    return got[1]


_READERS: dict[str, tuple] = {}


def _build_reader(sp: OpSpec):
    index = {g: i for i, (g, _) in enumerate(sp.operands)}
    consts: list = []
    lines = ["def read(self, name):", "    attrs = {}", "    rts = []"]
    lines += [f"    v{i} = []" for i in range(len(sp.operands))]

    def const(x) -> str:
        consts.append(x)
        return f"C[{len(consts) - 1}]"

    def count() -> str:
        if sp.results is not None:
            return str(sp.results)
        return "_rank(v0[0].type)"          # one result per dimension of the first operand

    def emit(items, pad: str) -> None:
        prev = None
        start = len(lines)
        for it in items:
            kind = type(it)
            if kind is Lit:
                for tok in it.tokens:
                    lines.append(f"{pad}if not self.accept({tok!r}):")
                    lines.append(f"{pad}    raise self._form_error(name, sp, {tok!r}, "
                                 f"{prev is Opd})")
            elif kind is Opd:
                v = f"v{index[it.group]}"
                if it.rep == "+":
                    lines.append(f"{pad}{v} = self.value_uses()")
                elif it.rep == "*":
                    lines.append(f"{pad}{v} = [] if self.peek({it.stop!r}) "
                                 "else self.value_uses()")
                else:
                    lines.append(f"{pad}{v} = [self.value_use({'TOKEN' if it.token else ''})]")
            elif kind is TypeOf:
                lines.append(f"{pad}t = self.type()")
                if it.kind is not None:
                    lines.append(f"{pad}if not isinstance(t, {const(_TYPE_KINDS[it.kind])}):")
                    lines.append(f"{pad}    raise self.error(f'{{name}} produces a {it.kind}, "
                                 "found {t}', self.last_type_pos)")
                for n in it.names:
                    if n == "result":
                        lines.append(f"{pad}rts = [t] * {count()}")
                    else:
                        lines.append(f"{pad}for v in v{index[n]}:")
                        lines.append(f"{pad}    self._check(v, t)")
            elif kind is TypesOf:
                if it.name == "result":
                    lines.append(f"{pad}rts = self.types()")
                else:
                    v = f"v{index[it.name]}"
                    lines.append(f"{pad}ts = self.types()")
                    lines.append(f"{pad}if len(ts) != len({v}):")
                    lines.append(f"{pad}    raise self.error(f'{{len({v})}} operands but "
                                 "{len(ts)} types')")
                    lines.append(f"{pad}for v, t in zip({v}, ts):")
                    lines.append(f"{pad}    self._check(v, t)")
            elif kind is Attr:
                lines.append(f"{pad}attrs[{it.key!r}] = self._attr({const(it)})")
            elif kind is Special:
                lines.append(pad + {"mods": "attrs.update(self.modifiers())",
                                    "order": "attrs.update(self.mem_order())",
                                    "signs": "self.signs(name, attrs)"}[it.name])
            elif kind is TokenOf:
                lines.append(f"{pad}rts = [TOKEN] * {count()}")
            elif kind is Opt:
                body = it.items
                if it.lead == "known":
                    lines.append(f"{pad}if v{index[it.anchor]}:")
                elif it.lead == "value":       # a value on the op's own line
                    lines.append(f"{pad}here = self.linecol()[0]")
                    lines.append(f"{pad}self.ws()")
                    lines.append(f"{pad}if (self.text.startswith('%', self.pos) "
                                 "and self.linecol()[0] == here):")
                else:                          # its leading literal words
                    i = 0
                    while not body[i].tokens:
                        i += 1
                    words = body[i].tokens
                    lines.append(f"{pad}if self.accept({words[0]!r}):")
                    lines.extend(f"{pad}    self.expect({w!r})" for w in words[1:])
                    body = body[i + 1:]
                emit(body, pad + "    ")
            if kind is not Lit or it.tokens:
                prev = kind
        if len(lines) == start:
            lines.append(pad + "pass")

    emit(items_of(sp), "    ")
    operands = " + ".join(f"v{i}" for i in range(len(sp.operands))) or "[]"
    segs = ("(" + "".join(f"len(v{i}), " for i in range(len(sp.operands))) + ")"
            if sp.has_segments else "None")
    lines.append(f"    return Operation(name, {operands}, rts, attrs, segments={segs})")
    scope = {"C": tuple(consts), "sp": sp, "TOKEN": TOKEN, "Operation": Operation,
             "_rank": _rank}
    exec(compile("\n".join(lines) + "\n", f"<form of {sp.name}>", "exec"), scope)
    return scope["read"]


def _rank(t: Type) -> int:
    return t.rank if isinstance(t, (PartitionViewType, TensorViewType)) else 1


def parse(text: str, filename: str = "<input>") -> Kernel:
    """Parse one kernel (an `entry`, optionally inside a `cuda_tile.module`)."""
    ks = parse_module(text, filename)
    if len(ks) != 1:
        raise ParseError(f"expected one entry, found {len(ks)} "
                         f"({', '.join('@' + k.name for k in ks)}): parse_module reads them "
                         "all", 1, 1, filename)
    return ks[0]


def parse_module(text: str, filename: str = "<input>") -> list[Kernel]:
    """Every entry of a text, in order (several entries, optionally inside one
    `cuda_tile.module`); entry names are unique."""
    p = Parser(text, filename)
    try:
        return p.parse_kernels()
    except RecursionError:
        raise p.error("input is nested too deeply") from None


def parse_type(text: str) -> Type:
    """A type from its text alone (`tile<4xf32>`, `token`, ...), the whole text or a
    ParseError: how type texts kept outside a kernel (the e-graph's) become types."""
    p = Parser(text, "<type>")
    t = p.type()
    p.ws()
    if p.pos != len(text):
        raise p.error(f"expected the end of the type, found {p._found()}")
    return t


def read_text(path) -> tuple[str, str]:
    """(text, name for errors) of a kernel file; `-` reads standard input, as MLIR
    tools do."""
    if str(path) == "-":
        try:
            return sys.stdin.read(), "<stdin>"
        except UnicodeDecodeError:
            raise ParseError("standard input is not UTF-8 text", 1, 1, "<stdin>") from None
    path = Path(path)
    try:
        return path.read_text(), str(path)
    except OSError as e:
        raise ParseError(f"cannot read file: {e.strerror}", 1, 1, str(path)) from None
    except UnicodeDecodeError:
        raise ParseError("file is not UTF-8 text", 1, 1, str(path)) from None


def parse_file(path) -> Kernel:
    """The one kernel of a file (`-`: standard input)."""
    return parse(*read_text(path))


def parse_module_file(path) -> list[Kernel]:
    """Every kernel of a file (`-`: standard input)."""
    return parse_module(*read_text(path))
