"""Writing rewrite rules as declarations.

A rule is a name, a left-hand pattern, a right-hand side and optional conditions;
patterns read like the IR::

    from eqsat.rules.dsl import rewrite, terms, muli, iconst

    x, = terms("x")
    MULI_ONE = rewrite("muli-one", muli(x, iconst(1)), x)

Op helpers (`addi`, `mulf`, `reshape`, `cmpi`, ...) exist for every pure op of the
catalogue; `ty=` and `attrs=` are wildcards unless given. A right-hand side that
builds a new op must say its type: bind it on the left (`muli(x, y, ty=t)`) and
reuse it. Conditions are egglog facts, for instance on analyses
(`div2(x) == d`, `type_of(x) == t`, see `eqsat.egraph.analyses`).

`exact=False` marks rules that change floating-point rounding (fusion into fma):
the soundness checker then compares with a tolerance.

`prefer=True` (on a rule, or on a whole `RuleSet`) makes the op its right-hand side
builds win cost ties in extraction (by op name: wherever that op ties with an
equivalent one, not only where the rule fired; e-graphs keep no record of which rule
made a node). A canonical form that costs the same as what it
replaces (`muli(x, 4)` -> `shli(x, 2)` on i32) then shows in the output. The discount
is a fraction of the extractor's per-node epsilon, so it never outweighs a real
cost difference.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Iterable, Iterator

from egglog import String, i64, rule, union, var
from egglog import Ruleset as _EggRuleset
from egglog import ruleset as _egg_ruleset

from eqsat.egraph import terms as T
from eqsat.ir.ops import SPECS
from eqsat.text.numbers import to_bits

_fresh = itertools.count()


def terms(names: str) -> tuple:
    """Pattern variables standing for any value: `x, y = terms("x y")`."""
    return tuple(var(n, T.Term) for n in names.split())


def tys(names: str) -> tuple:
    """Pattern variables standing for a type: `t, u = tys("t u")`."""
    return tuple(var(n, T.Ty) for n in names.split())


def ints(names: str) -> tuple:
    """Pattern variables standing for an integer (constant bits, attribute ids...)."""
    return tuple(var(n, i64) for n in names.split())


def strs(names: str) -> tuple:
    return tuple(var(n, String) for n in names.split())


def _wild_ty():
    return var(f"_t{next(_fresh)}", T.Ty)


def _wild_attrs():
    return var(f"_a{next(_fresh)}", i64)


def op(name: str, *args: Any, ty: Any = None, attrs: Any = None) -> Any:
    """A pattern (or a new term) for the pure op `name` applied to `args`.

    `attrs` is an attribute id (`attrs_of(...)`), a dict, or a pattern variable;
    None matches any attributes on the left and means "no attributes" on the right
    only when given as `{}`."""
    if isinstance(attrs, dict):
        attrs = T.attr_id(attrs)
    a = _wild_attrs() if attrs is None else attrs
    t = _wild_ty() if ty is None else ty
    if len(args) > 3:
        raise ValueError(f"op '{name}' with {len(args)} operands: use the OpN constructor")
    return (T.Op0, T.Op1, T.Op2, T.Op3)[len(args)](name, a, t, *args)


def attrs_of(**kw: Any) -> int:
    """The id of an attribute set: `attrs_of(predicate="less_than", signedness="signed")`."""
    return T.attr_id(kw)


NO_ATTRS = T.NO_ATTRS


def iconst(value: int, ty: Any = None, elem: Any = None) -> Any:
    """A splat integer constant of any integer type (i1: 0 or 1)."""
    e = var(f"_e{next(_fresh)}", String) if elem is None else elem
    return T.Const(_wild_ty() if ty is None else ty, e, value)


def fconst(value: float, dtype: str, ty: Any = None) -> Any:
    """A splat float constant of element type `dtype`, identified by its bits."""
    b = to_bits(dtype, value)
    if b >= 1 << 63:
        b -= 1 << 64
    return T.Const(_wild_ty() if ty is None else ty, dtype, b)


def const(ty: Any, elem: Any, bits: Any) -> Any:
    """A splat constant from its three fields (type, element type, value bits)."""
    return T.Const(ty, elem, bits)


FLOAT_TYPES = ("f16", "bf16", "f32", "f64")
INT_TYPES = ("i1", "i8", "i16", "i32", "i64")


@dataclass
class Rule:
    """One named rewrite: wherever `lhs` matches (and every condition holds), `rhs`
    is the same value."""
    name: str
    lhs: Any
    rhs: Any
    conditions: tuple = ()
    exact: bool = True
    doc: str = ""
    prefer: bool = False

    def egglog(self) -> Any:
        return rule(self.lhs, *self.conditions, name=self.name).then(
            union(self.lhs).with_(self.rhs))


@dataclass
class Action:
    """A rule with arbitrary egglog actions (analysis propagation)."""
    name: str
    facts: tuple
    actions: tuple
    doc: str = ""

    def egglog(self) -> Any:
        return rule(*self.facts, name=self.name).then(*self.actions)


def rewrite(name: str, lhs: Any, rhs: Any, *when: Any, exact: bool = True,
            doc: str = "", prefer: bool = False) -> Rule:
    """Declare `lhs -> rhs` (when all conditions hold); `prefer`: see the module doc."""
    if not isinstance(name, str) or not name:
        raise ValueError("a rule needs a name (a non-empty string)")
    return Rule(name, lhs, rhs, tuple(when), exact, doc, prefer)


def root_op(e: Any) -> str | None:
    """The name of the op a pattern's root builds (None for a variable or a constant)."""
    from egglog import get_callable_args, get_callable_fn, get_literal_value
    if get_callable_fn(e) not in (T.Op0, T.Op1, T.Op2, T.Op3):
        return None
    name = get_literal_value((get_callable_args(e) or (None,))[0])
    return name if isinstance(name, str) else None


def infer(name: str, *facts: Any, then: Iterable[Any], doc: str = "") -> Action:
    """Declare an analysis rule: when `facts` hold, run the actions in `then`."""
    return Action(name, tuple(facts), tuple(then), doc)


@dataclass
class RuleSet:
    """A named group of rules, selectable by name (`--rules algebra,fold`)."""
    name: str
    rules: list = field(default_factory=list)
    doc: str = ""
    prefer: bool = False
    # how the registry vouches for it: "builtin", "checked", "trusted" (registered
    # with trusted=True) or "" (never registered: not checked)
    trust: str = field(default="", compare=False)

    def preferred_ops(self) -> list[str]:
        """Ops built by the right-hand side of its preferred rewrites (sorted)."""
        out = set()
        for r in self.rules:
            if isinstance(r, Rule) and (r.prefer or self.prefer):
                name = root_op(r.rhs)
                if name is not None:
                    out.add(name)
        return sorted(out)

    def __iter__(self) -> Iterator:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def add(self, *rules: Any) -> RuleSet:
        for r in rules:
            if not isinstance(r, (Rule, Action)):
                raise TypeError(f"not a rule: {r!r}")
            self.rules.append(r)
        return self

    def egglog(self) -> _EggRuleset:
        names = [r.name for r in self.rules]
        dup = {n for n in names if names.count(n) > 1}
        if dup:
            raise ValueError(f"rule set '{self.name}' has duplicate rule names: {sorted(dup)}")
        return _egg_ruleset(*[r.egglog() for r in self.rules], name=self.name)


def _maker(opname: str, arity: int):
    def make(*args: Any, ty: Any = None, attrs: Any = None) -> Any:
        if len(args) != arity:
            raise TypeError(f"{opname} takes {arity} operand(s), got {len(args)}")
        return op(opname, *args, ty=ty, attrs=attrs)
    make.__name__ = opname
    make.__doc__ = f"Pattern or term for `{opname}`."
    return make


_ARITY = {"binary": 2, "cmpi": 2, "cmpf": 2, "offset": 2, "unary": 1, "convert": 1,
          "assume": 1, "partition_view": 1, "ternary": 3, "select": 3, "mma": 3, "nullary": 0,
          "permute": 1, "cat": 2}
_g = globals()
_OPS = []
for _name, _spec in SPECS.items():
    _n = _ARITY.get(_spec.syntax)
    if _n is None or _spec.has_segments:
        continue
    _key = _name + "_" if _name in ("abs", "pow") else _name
    _g[_key] = _maker(_name, _n)
    _OPS.append(_key)

__all__ = ["Rule", "Action", "RuleSet", "rewrite", "infer", "root_op", "terms", "tys", "ints",
           "strs", "op", "iconst", "fconst", "const", "attrs_of", "NO_ATTRS", "FLOAT_TYPES",
           "INT_TYPES", *_OPS]
