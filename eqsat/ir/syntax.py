"""Op text forms: the small language an op table entry uses to say how the op is written.

The printer and the parser both interpret one compiled form, so an op with ordinary
syntax needs no code of its own in either. A form is the text after the op's name, as
the printer writes it; whitespace in it is printed as is and skipped by the parser:

    $g        operand group g (one value); `$g+` a comma list of one or more values,
              `$g*` of zero or more (the literal after it ends the list: `[$index*]`);
              `$g:token` a value that must be a token
    @k:kind   attribute k: word | int | ints (comma list) | string (quoted) |
              angle (balanced `<...>` text) | fact (an assume predicate) |
              a|b|... (one of these words)
    %mods     arithmetic modifiers (signedness, rounding<..>, flush_to_zero, ...)
    %order    memory ordering and optional scope (`weak`, `acquire device`, ...)
    %signs    mma signedness words and `fast_acc`
    type(N..) one written type shared by the named operand groups and/or `result`; it
              prints as the first name's type; `type(N..|kind)` also requires the kind
              (token, partition_view, strided_view, tensor_view). With `result`, every
              result gets the type: the op's fixed result count, or (variable count)
              one per dimension of its first operand's view type
    types(N)  a comma list of types, one per value of group N (or the results)
    token(N)  N (`result`) is a token that the text does not write
    {...}     an optional part, printed when its first operand group is non-empty (or
              its first attribute is set); read when that group was already read and is
              non-empty, else when its first literal word is there, or (starting with an
              operand) when a value follows on the same line
    anything else is literal text: words and punctuation the parser expects
"""
from __future__ import annotations

import re
from functools import cache
from collections.abc import Callable
from typing import NamedTuple, NoReturn

ATTR_KINDS = frozenset(("word", "int", "ints", "string", "angle", "fact"))
SPECIALS = frozenset(("mods", "order", "signs"))
TYPE_KINDS = frozenset(("token", "partition_view", "strided_view", "tensor_view"))

_DIRECTIVE = re.compile(r"""
    \$(?P<opd>\w+)(?P<rep>[+*]?)(?P<tok>:token)?
  | @(?P<attr>\w+):(?P<kind>[\w|]+)
  | %(?P<special>\w+)
  | (?P<tfun>types|type|token)\((?P<targs>[^)]*)\)
  | (?P<open>\{) | (?P<close>\})
""", re.X)
_LIT_TOKEN = re.compile(r"->|[A-Za-z_][A-Za-z0-9_]*|\S")


class FormError(ValueError):
    """A form that does not fit its op's operand groups."""


class Lit(NamedTuple):
    text: str                   # printed as is
    tokens: tuple[str, ...]     # what the parser expects, in order


class Opd(NamedTuple):
    group: str
    arity: str                  # "1", "?" or "*" (as in the op table)
    rep: str                    # "", "+" or "*"
    token: bool
    stop: str | None            # for `*`: the literal word that ends an empty list


class Attr(NamedTuple):
    key: str
    kind: str                   # one of ATTR_KINDS, or "choice"
    choices: tuple[str, ...]


class Special(NamedTuple):
    name: str


class TypeOf(NamedTuple):
    names: tuple[str, ...]      # operand groups and/or "result"
    kind: str | None


class TypesOf(NamedTuple):
    name: str


class TokenOf(NamedTuple):
    names: tuple[str, ...]


class Opt(NamedTuple):
    anchor: str                 # operand group or attribute deciding presence
    anchor_is_attr: bool
    items: tuple
    lead: str                   # "known" | "word" | "value": how the parser decides


Item = Lit | Opd | Attr | Special | TypeOf | TypesOf | TokenOf | Opt


def items_of(sp) -> tuple[Item, ...]:
    """The compiled form of an op table entry (cached per entry)."""
    got = _BY_OP.get(sp.name)
    if got is None or got[0] is not sp:
        got = _BY_OP[sp.name] = (sp, compile_form(sp.form, sp.operands, sp.results, sp.name))
    return got[1]


_BY_OP: dict[str, tuple] = {}


def compile_form(form: str, operands: tuple[tuple[str, str], ...], results: int | None,
                 op: str = "?") -> tuple[Item, ...]:
    """The items of `form` for an op with these operand groups; FormError if they do not
    fit (unknown or missing group, a list without a repetition mark, ...)."""
    return _compile(form, tuple(operands), results, op)


@cache
def _compile(form, operands, results, op):
    arity = dict(operands)
    seen: list[str] = []
    top: list = []
    stack: list[list] = [top]

    def fail(msg: str) -> NoReturn:
        raise FormError(f"op '{op}': form {form!r}: {msg}")

    def names_of(args):
        out = []
        for a in args.split():
            a = a.lstrip("$")
            if a != "result" and a not in arity:
                fail(f"unknown operand group '{a}'")
            out.append(a)
        if not out:
            fail("a type directive names nothing")
        return tuple(out)

    pos = 0
    for m in _DIRECTIVE.finditer(form):
        if m.start() > pos:
            stack[-1].append(_lit(form[pos:m.start()]))
        pos = m.end()
        if m["opd"]:
            g, rep = m["opd"], m["rep"]
            if g not in arity:
                fail(f"unknown operand group '{g}'")
            if g in seen:
                fail(f"operand group '{g}' written twice")
            seen.append(g)
            a = arity[g]
            if (a == "*") != bool(rep):
                fail(f"group '{g}' ({a}) needs {'a repetition mark' if a == '*' else 'none'}")
            if a == "?" and len(stack) == 1:
                fail(f"optional group '{g}' must be inside {{...}}")
            if a == "1" and len(stack) > 1:
                fail(f"group '{g}' takes one operand: it cannot be inside {{...}}")
            stack[-1].append(Opd(g, a, rep, bool(m["tok"]), None))
        elif m["attr"]:
            kind = m["kind"]
            if "|" in kind:
                stack[-1].append(Attr(m["attr"], "choice", tuple(kind.split("|"))))
            elif kind in ATTR_KINDS:
                stack[-1].append(Attr(m["attr"], kind, ()))
            else:
                fail(f"unknown attribute kind '{kind}'")
        elif m["special"]:
            if m["special"] not in SPECIALS:
                fail(f"unknown directive '%{m['special']}'")
            stack[-1].append(Special(m["special"]))
        elif m["tfun"]:
            args = m["targs"]
            if m["tfun"] == "type":
                kind = None
                if "|" in args:
                    args, kind = args.split("|", 1)
                    if kind not in TYPE_KINDS:
                        fail(f"unknown type kind '{kind}'")
                stack[-1].append(TypeOf(names_of(args), kind))
            elif m["tfun"] == "types":
                ns = names_of(args)
                if len(ns) != 1:
                    fail("types(...) names one group")
                stack[-1].append(TypesOf(ns[0]))
            else:
                stack[-1].append(TokenOf(names_of(args)))
        elif m["open"]:
            if len(stack) > 1:
                fail("optional parts do not nest")
            stack.append([])
        else:
            if len(stack) == 1:
                fail("'}' without '{'")
            items = stack.pop()
            stack[-1].append(_optional(items, seen, fail))
    if pos < len(form):
        stack[-1].append(_lit(form[pos:]))
    if len(stack) > 1:
        fail("'{' without '}'")
    missing = [g for g, _ in operands if g not in seen]
    if missing:
        fail(f"operand group '{missing[0]}' is not written")
    if results and not _mentions_result(top):
        fail("the results' type is not written")
    return _with_stops(tuple(top))


_SPECIAL_USAGE = {"mods": " [modifiers]", "order": "<ordering> [scope]",
                  "signs": " [signedness] [fast_acc]"}


def usage(items) -> str:
    """A form as a reader would write it, for error messages:
    `%ptr, %value[, %mask] : type, type -> types`."""
    out = []
    for it in items:
        if isinstance(it, Lit):
            out.append(it.text)
        elif isinstance(it, Opd):
            out.append(f"%{it.group}" + (", ..." if it.rep else ""))
        elif isinstance(it, Attr):
            out.append(f"<{it.key}>")
        elif isinstance(it, Special):
            out.append(_SPECIAL_USAGE[it.name])
        elif isinstance(it, (TypeOf, TypesOf)):
            out.append("type" if isinstance(it, TypeOf) else "types")
        elif isinstance(it, Opt):
            inner = usage(it.items)
            out.append(f"[{inner.strip()}]" if inner.startswith(" ") else f"[{inner}]")
            if inner.startswith(" "):
                out[-1] = " " + out[-1]
    return "".join(out)


def _lit(text: str) -> Lit:
    return Lit(text, tuple(_LIT_TOKEN.findall(text)))


def _optional(items, seen, fail: Callable[[str], NoReturn]) -> Opt:
    anchor: tuple[str, bool] | None = None
    for it in items:
        if isinstance(it, Opd):
            anchor = (it.group, False)
            break
        if isinstance(it, Attr):
            anchor = (it.key, True)
            break
        if isinstance(it, (TypeOf, TypesOf)):
            g = it.names[0] if isinstance(it, TypeOf) else it.name
            anchor = (g, False)
            break
    if anchor is None:
        fail("an optional part needs an operand group or attribute")
    first = next((it for it in items if not (isinstance(it, Lit) and not it.tokens)), None)
    if not anchor[1] and anchor[0] in seen and not any(
            isinstance(it, Opd) and it.group == anchor[0] for it in items):
        lead = "known"
    elif isinstance(first, Lit):
        lead = "word"
    elif isinstance(first, Opd):
        lead = "value"
    else:
        fail("an optional part starts with a literal word or an operand")
    return Opt(anchor[0], anchor[1], tuple(_with_stops(tuple(items))), lead)


def _mentions_result(items) -> bool:
    for it in items:
        if isinstance(it, (TypeOf, TokenOf)) and "result" in it.names:
            return True
        if isinstance(it, TypesOf) and it.name == "result":
            return True
        if isinstance(it, Opt) and _mentions_result(it.items):
            return True
    return False


def _with_stops(items: tuple) -> tuple:
    out = list(items)
    for i, it in enumerate(out):
        if isinstance(it, Opd) and it.rep == "*":
            nxt = out[i + 1] if i + 1 < len(out) else None
            if not isinstance(nxt, Lit) or not nxt.tokens:
                raise FormError(f"'${it.group}*' must be followed by literal text")
            out[i] = it._replace(stop=nxt.tokens[0])
    return tuple(out)
