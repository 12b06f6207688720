"""The egglog sorts the kernel lives in, and the tables that give their fields meaning.

Design (docs/design.md section 4): one e-class per SSA value. A few generic
constructors cover every op so that rules read like the IR (`Op2("muli", a, t, x, c)`):

* `Op0`..`Op3` fixed-arity pure ops, `OpN` variadic ones (views, joins);
* `Mem` memory ops, with the input token as an explicit field;
* `Proj` reads result i of a multi-result op (loads, loops, grid ids);
* `For`, `Loop`, `If`, `Combine` (reduce/scan) hold their bodies as term vectors; a
  body refers to its block arguments through `Arg(region, i)` leaves and to outer
  values directly; the entries after a body's yields are its effects sink;
* `Exit(kind, values)` is a `break`/`continue`/`return` that ends a branch (or a
  `loop` body) early: it stands first in that body's vector, in place of yields;
* `join_tokens` comes in three forms, all order-free bags or pairs: `SrcJoin` is a
  join of the input program, `Join` one the token rules built (rules/tokens.py
  flattens, dedupes and simplifies those), and `ReJoin(a, b)` the join the
  weakening lemma puts into a memory op's result token
  (`token(o[T]) = ReJoin(token(o[T']), T)`); keeping them apart keeps joins from
  being rebuilt through one another;
* `Root` holds the kernel's return values and its effects;
* `Named(name)` is the value the encoder bound as `name` (`v3_`, `root`, ...): one
  table of bindings, whose rows extraction reads as `let` names (eqsat.egraph.tables).

A type is its canonical text, an egglog String (`Ty` names that use of it); a
multi-result op has the tuple type `(t1, t2)`. A literal rather than a `Ty(text)` term:
egglog type-checks and runs every function application of an encoded command, and a
type in every value's term was a tenth of the encoding's time; a type's e-class was
never merged with another, so nothing a rule could match was lost.

Attributes are interned to integers (`attr_id`) so that equal attribute sets compare
equal inside egglog; 0 is "no attributes". Constants are
`Const(ty, elem, bits)`: splats identified by type, element type and value bits
(floats by IEEE bit pattern, so -0.0 and NaN payloads stay apart), which makes equal
constants one e-class.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeAlias, cast

from eqsat.egraph.egg import (Expr, MultiSet, String, StringLike, Unit, Vec, function, i64,
                              i64Like, relation)


Ty: TypeAlias = String
"""A Tile IR type by its canonical text, e.g. `Ty("tile<32xi32>")`."""


class Term(Expr):
    """An SSA value of any type (tile, token, view) or a multi-result op."""


@function
def Param(index: i64Like, ty: Ty) -> Term: ...


@function
def Arg(region: i64Like, index: i64Like, ty: Ty) -> Term: ...


@function
def Const(ty: Ty, elem: StringLike, bits: i64Like) -> Term: ...


@function
def ConstDense(ty: Ty, key: i64Like) -> Term: ...


@function
def NoTok() -> Term: ...


@function
def Op0(name: StringLike, attrs: i64Like, ty: Ty) -> Term: ...


@function
def Op1(name: StringLike, attrs: i64Like, ty: Ty, a: Term) -> Term: ...


@function
def Op2(name: StringLike, attrs: i64Like, ty: Ty, a: Term, b: Term) -> Term: ...


@function
def Op3(name: StringLike, attrs: i64Like, ty: Ty, a: Term, b: Term, c: Term) -> Term: ...


@function
def OpN(name: StringLike, attrs: i64Like, ty: Ty, args: Vec[Term]) -> Term: ...


@function
def Mem(name: StringLike, attrs: i64Like, ty: Ty, args: Vec[Term], token: Term) -> Term: ...


@function
def For(region: i64Like, lb: Term, ub: Term, step: Term, inits: Vec[Term], body: Vec[Term],
        ty: Ty) -> Term: ...


@function
def Loop(region: i64Like, inits: Vec[Term], body: Vec[Term], ty: Ty) -> Term: ...


@function
def Exit(kind: StringLike, values: Vec[Term]) -> Term: ...


@function
def Join(tokens: MultiSet[Term]) -> Term: ...


@function
def ReJoin(token: Term, before: Term) -> Term: ...


@function
def SrcJoin(tokens: MultiSet[Term]) -> Term: ...


@function
def If(cond: Term, then_body: Vec[Term], else_body: Vec[Term], ty: Ty) -> Term: ...


@function
def Combine(name: StringLike, attrs: i64Like, region: i64Like, inputs: Vec[Term],
            body: Vec[Term], ty: Ty) -> Term: ...


@function
def Proj(x: Term, index: i64Like, ty: Ty) -> Term: ...


@function
def Root(outs: Vec[Term]) -> Term: ...


@function(merge=lambda old, new: old)
def Named(name: StringLike) -> Term: ...     # the value the encoder bound as `name`


# -- facts about types, set by the encoder for every type it creates -------------------------
@function(merge=lambda old, new: old)
def ty_elem(t: Ty) -> String: ...          # "i32", "f32", "ptr", "token", "view", "tuple"


@function(merge=lambda old, new: old)
def ty_bits(t: Ty) -> i64: ...             # element width in bits (tiles only)


@function(merge=lambda old, new: old)
def ty_pointee_bytes(t: Ty) -> i64: ...    # for tiles of pointers: size of the pointee


# -- constant folding: rules ask, Python answers (exact dtype semantics, see fold.py) -------
# (egglog's stubs type relations of up to four columns; these are typed as called)
Want1 = cast(Callable[[StringLike, i64Like, Ty, Ty, i64Like], Unit],
             relation("Want1", String, i64, Ty, Ty, i64))  # type: ignore[call-overload]
Want2 = cast(Callable[[StringLike, i64Like, Ty, Ty, i64Like, i64Like], Unit],
             relation("Want2", String, i64, Ty, Ty, i64, i64))  # type: ignore[call-overload]
Want3 = cast(Callable[[StringLike, i64Like, Ty, Ty, i64Like, i64Like, i64Like], Unit],
             relation("Want3", String, i64, Ty, Ty, i64, i64, i64))  # type: ignore[call-overload]


@function(merge=lambda old, new: old)
def fold1(name: StringLike, attrs: i64Like, ty: Ty, arg_ty: Ty, a: i64Like) -> i64: ...


@function(merge=lambda old, new: old)
def fold2(name: StringLike, attrs: i64Like, ty: Ty, arg_ty: Ty, a: i64Like, b: i64Like) -> i64: ...


@function(merge=lambda old, new: old)
def fold3(name: StringLike, attrs: i64Like, ty: Ty, arg_ty: Ty, a: i64Like, b: i64Like,
          c: i64Like) -> i64: ...


# -- interned attributes ---------------------------------------------------------------------
NO_ATTRS = 0
_SEGMENTS = "__segments__"
_UID = "__uid__"


def _freeze(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    if isinstance(v, float) and v != v:
        return ("nan",)
    return v


class _AttrTable:
    """Process-wide interning of attribute dicts (plus operand segments) to small ints."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ids: dict[Any, int] = {(): NO_ATTRS}
        self._vals: list[tuple[dict, tuple[int, ...] | None]] = [({}, None)]

    def intern(self, attrs: dict, segments: tuple[int, ...] | None = None,
               uid: int | None = None) -> int:
        full = dict(attrs)
        if segments is not None:
            full[_SEGMENTS] = tuple(segments)
        if uid is not None:
            full[_UID] = uid
        key = tuple(sorted((k, _key_part(v)) for k, v in full.items()))
        with self._lock:
            got = self._ids.get(key)
            if got is None:
                got = len(self._vals)
                self._ids[key] = got
                self._vals.append((dict(attrs), None if segments is None else tuple(segments)))
            return got

    def lookup(self, ident: int) -> tuple[dict, tuple[int, ...] | None]:
        try:
            attrs, seg = self._vals[ident]
        except IndexError:
            raise KeyError(f"unknown attribute id {ident}") from None
        return dict(attrs), seg


def _key_part(v: Any) -> Any:
    f = _freeze(v)
    try:
        hash(f)
    except TypeError:
        return repr(f)
    # keep True/1 and 1.0/1 apart: attributes of different kinds never share an id
    return (type(v).__name__, f)


ATTRS = _AttrTable()


def attr_id(attrs: dict | None = None, **kw: Any) -> int:
    """Interned id of an attribute set, e.g.
    `attr_id(predicate="less_than", signedness="signed")`."""
    d = dict(attrs or {})
    d.update(kw)
    return ATTRS.intern(d)


# constructors of the Term sort, for the extractor/decoder
TERM_CONSTRUCTORS = {
    "Param": Param, "Arg": Arg, "Const": Const, "ConstDense": ConstDense, "NoTok": NoTok,
    "Op0": Op0, "Op1": Op1, "Op2": Op2, "Op3": Op3, "OpN": OpN, "Mem": Mem, "For": For,
    "Loop": Loop, "Exit": Exit, "Join": Join, "ReJoin": ReJoin,
    "SrcJoin": SrcJoin, "If": If, "Combine": Combine,
    "Proj": Proj, "Root": Root,
}

__all__ = ["Ty", "Term", "Param", "Arg", "Const", "ConstDense", "NoTok", "Op0", "Op1", "Op2",
           "Op3", "OpN", "Mem", "For", "Loop", "Exit", "Join", "ReJoin", "SrcJoin", "If",
           "Combine", "Proj", "Root", "Named", "ty_elem", "ty_bits", "ty_pointee_bytes", "Want1",
           "Want2", "Want3", "fold1", "fold2", "fold3", "ATTRS", "NO_ATTRS", "attr_id",
           "TERM_CONSTRUCTORS"]
