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
from collections.abc import Iterable, Iterator
from typing import Any, TypeAlias

from eqsat.egraph import terms as T
from eqsat.egraph.egg import ActionLike, RewriteOrRule, String, i64, rule, union, var
from eqsat.egraph.egg import Ruleset as _EggRuleset
from eqsat.egraph.egg import ruleset as _egg_ruleset
from eqsat.ir.ops import SPECS
from eqsat.ir.types import ARITH_FLOATS
from eqsat.ir.numbers import to_bits

_fresh = itertools.count()

# What patterns are made of: a value, a type, an attribute set (an id, a dict to
# intern, or an `i64` pattern variable) and a condition (an egglog fact).
Term: TypeAlias = T.Term
Ty: TypeAlias = T.Ty
Attrs: TypeAlias = "int | dict[str, Any] | i64"
Fact: TypeAlias = Any


def terms(names: str) -> tuple[T.Term, ...]:
    """Pattern variables standing for any value: `x, y = terms("x y")`."""
    return tuple(var(n, T.Term) for n in names.split())


def tys(names: str) -> tuple[T.Ty, ...]:
    """Pattern variables standing for a type: `t, u = tys("t u")`."""
    return tuple(var(n, T.Ty) for n in names.split())


def ints(names: str) -> tuple[i64, ...]:
    """Pattern variables standing for an integer (constant bits, attribute ids...)."""
    return tuple(var(n, i64) for n in names.split())


def strs(names: str) -> tuple[String, ...]:
    """Pattern variables standing for a string (an element type name...)."""
    return tuple(var(n, String) for n in names.split())


def _wild_ty() -> T.Ty:
    return var(f"_t{next(_fresh)}", T.Ty)


def _wild_attrs() -> i64:
    return var(f"_a{next(_fresh)}", i64)


def op(name: str, *args: T.Term, ty: T.Ty | None = None,
       attrs: Attrs | None = None) -> T.Term:
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
    if len(args) == 0:
        return T.Op0(name, a, t)
    if len(args) == 1:
        return T.Op1(name, a, t, args[0])
    if len(args) == 2:
        return T.Op2(name, a, t, args[0], args[1])
    return T.Op3(name, a, t, args[0], args[1], args[2])


def attrs_of(**kw: Any) -> int:
    """The id of an attribute set: `attrs_of(predicate="less_than", signedness="signed")`."""
    return T.attr_id(kw)


NO_ATTRS = T.NO_ATTRS


def iconst(value: int | i64, ty: T.Ty | None = None,
           elem: str | String | None = None) -> T.Term:
    """A splat integer constant of any integer type (i1: 0 or 1)."""
    e = var(f"_e{next(_fresh)}", String) if elem is None else elem
    return T.Const(_wild_ty() if ty is None else ty, e, value)


def fconst(value: float, dtype: str, ty: T.Ty | None = None) -> T.Term:
    """A splat float constant of element type `dtype`, identified by its bits."""
    b = to_bits(dtype, value)
    if b >= 1 << 63:
        b -= 1 << 64
    return T.Const(_wild_ty() if ty is None else ty, dtype, b)


def const(ty: T.Ty, elem: str | String, bits: int | i64) -> T.Term:
    """A splat constant from its three fields (type, element type, value bits)."""
    return T.Const(ty, elem, bits)


FLOAT_TYPES = ARITH_FLOATS
INT_TYPES = ("i1", "i8", "i16", "i32", "i64")


@dataclass
class Rule:
    """One named rewrite: wherever `lhs` matches (and every condition holds), `rhs`
    is the same value."""
    name: str
    lhs: T.Term
    rhs: T.Term
    conditions: tuple[Fact, ...] = ()
    exact: bool = True
    doc: str = ""
    prefer: bool = False

    def egglog(self) -> RewriteOrRule:
        return rule(self.lhs, *self.conditions, name=self.name).then(
            union(self.lhs).with_(self.rhs))


@dataclass
class Action:
    """A rule with arbitrary egglog actions (analysis propagation)."""
    name: str
    facts: tuple[Fact, ...]
    actions: tuple[ActionLike, ...]
    doc: str = ""

    def egglog(self) -> RewriteOrRule:
        return rule(*self.facts, name=self.name).then(*self.actions)


def rewrite(name: str, lhs: T.Term, rhs: T.Term, *when: Fact, exact: bool = True,
            doc: str = "", prefer: bool = False) -> Rule:
    """Declare `lhs -> rhs` (when all conditions hold); `prefer`: see the module doc."""
    if not isinstance(name, str) or not name:
        raise ValueError("a rule needs a name (a non-empty string)")
    return Rule(name, lhs, rhs, tuple(when), exact, doc, prefer)


def root_op(e: T.Term) -> str | None:
    """The name of the op a pattern's root builds (None for a variable or a constant)."""
    from eqsat.egraph.egg import get_callable_args, get_callable_fn, get_literal_value
    if get_callable_fn(e) not in (T.Op0, T.Op1, T.Op2, T.Op3):
        return None
    args = get_callable_args(e)
    first = args[0] if args else None
    name = get_literal_value(first) if isinstance(first, String) else None
    return name if isinstance(name, str) else None


def infer(name: str, *facts: Fact, then: Iterable[ActionLike], doc: str = "") -> Action:
    """Declare an analysis rule: when `facts` hold, run the actions in `then`."""
    return Action(name, tuple(facts), tuple(then), doc)


PHASES = ("main", "first")


@dataclass
class RuleSet:
    """A named group of rules, selectable by name (`--rules algebra,fold`)."""
    name: str
    rules: list[Rule | Action] = field(default_factory=list)
    doc: str = ""
    prefer: bool = False
    # when its rules run: "main" in every saturation iteration; "first" with core to a
    # fixpoint at the start of every iteration (facts that move one step a match, such
    # as what a token stands for, would otherwise spend the iteration budget)
    phase: str = "main"
    # its rewrites drop token orderings: the pipeline then prunes the token plumbing
    # of the decoded program by the alias model's conflicts
    weakens_tokens: bool = False
    # how the registry vouches for it: "builtin", "checked", "trusted" (registered
    # with trusted=True) or "" (never registered: not checked)
    trust: str = field(default="", compare=False)
    # how registration vouched for each rule: "proved", "sampled: N cases" or "trusted"
    proofs: dict[str, str] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if self.phase not in PHASES:
            raise ValueError(f"rule set '{self.name}': phase must be one of {PHASES}, "
                             f"not {self.phase!r}")

    def preferred_ops(self) -> list[str]:
        """Ops built by the right-hand side of its preferred rewrites (sorted)."""
        out: set[str] = set()
        for r in self.rules:
            if isinstance(r, Rule) and (r.prefer or self.prefer):
                name = root_op(r.rhs)
                if name is not None:
                    out.add(name)
        return sorted(out)

    def __iter__(self) -> Iterator[Rule | Action]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def add(self, *rules: Rule | Action) -> RuleSet:
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


_ARITY = {"binary": 2, "cmpi": 2, "cmpf": 2, "offset": 2, "unary": 1, "convert": 1,
          "assume": 1, "partition_view": 1, "ternary": 3, "select": 3, "mma": 3, "nullary": 0,
          "permute": 1, "cat": 2}
_RENAMED = {"abs": "abs_", "pow": "pow_"}     # not to shadow the builtins
_GENERATED = ("# -- op helpers (one per pure fixed-arity op), generated: "
              "`write_op_helpers()` rewrites them;\n# tests/test_rule_dsl.py fails when they "
              "drift from the op catalogue\n")
_GENERATED_END = "# -- end of generated op helpers\n"


def op_helpers_source() -> str:
    """The op helper block of this module, as the op catalogue defines it (explicit
    functions rather than made at import, so type checkers and editors see them)."""
    out = [_GENERATED]
    names = []
    for name, spec in SPECS.items():
        n = _ARITY.get(spec.syntax)
        if n is None or spec.has_segments:
            continue
        key = _RENAMED.get(name, name)
        names.append(key)
        params = [g for g, _ in spec.operands]
        if len(set(params)) != n or not all(p.isidentifier() for p in params):
            params = ["a", "b", "c"][:n]
        head = f"def {key}("
        keywords = "ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:"
        if params:
            first = "".join(f"{p}: T.Term, " for p in params) + "/, *,"
            sig = f"{head}{first}\n{' ' * len(head)}{keywords}"
        else:
            sig = f"{head}*, {keywords}"
        call = "".join(f", {p}" for p in params)
        out.append(f'\n\n{sig}\n    """Pattern or term for `{name}`."""\n'
                   f'    return op("{name}"{call}, ty=ty, attrs=attrs)\n')
    out.append("\n\nOP_HELPERS = (\n")
    line = "   "
    for key in names:
        item = f' "{key}",'
        if len(line) + len(item) > 99:
            out.append(line + "\n")
            line = "   "
        line += item
    out.append(line + "\n)\n" + _GENERATED_END)
    return "".join(out)


def write_op_helpers(path: str | None = None) -> bool:
    """Regenerate the op helper block of this module's source (or of `path`); True when
    it changed."""
    path = path or __file__
    with open(path) as f:
        text = f.read()
    start, end = text.index(_GENERATED), text.index(_GENERATED_END) + len(_GENERATED_END)
    new = text[:start] + op_helpers_source() + text[end:]
    if new != text:
        with open(path, "w") as f:
            f.write(new)
    return new != text


# -- op helpers (one per pure fixed-arity op), generated: `write_op_helpers()` rewrites them;
# tests/test_rule_dsl.py fails when they drift from the op catalogue


def addi(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `addi`."""
    return op("addi", lhs, rhs, ty=ty, attrs=attrs)


def subi(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `subi`."""
    return op("subi", lhs, rhs, ty=ty, attrs=attrs)


def muli(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `muli`."""
    return op("muli", lhs, rhs, ty=ty, attrs=attrs)


def divi(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `divi`."""
    return op("divi", lhs, rhs, ty=ty, attrs=attrs)


def remi(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `remi`."""
    return op("remi", lhs, rhs, ty=ty, attrs=attrs)


def andi(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `andi`."""
    return op("andi", lhs, rhs, ty=ty, attrs=attrs)


def ori(lhs: T.Term, rhs: T.Term, /, *,
        ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `ori`."""
    return op("ori", lhs, rhs, ty=ty, attrs=attrs)


def xori(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `xori`."""
    return op("xori", lhs, rhs, ty=ty, attrs=attrs)


def shli(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `shli`."""
    return op("shli", lhs, rhs, ty=ty, attrs=attrs)


def shri(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `shri`."""
    return op("shri", lhs, rhs, ty=ty, attrs=attrs)


def maxi(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `maxi`."""
    return op("maxi", lhs, rhs, ty=ty, attrs=attrs)


def mini(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `mini`."""
    return op("mini", lhs, rhs, ty=ty, attrs=attrs)


def mulhii(lhs: T.Term, rhs: T.Term, /, *,
           ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `mulhii`."""
    return op("mulhii", lhs, rhs, ty=ty, attrs=attrs)


def addf(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `addf`."""
    return op("addf", lhs, rhs, ty=ty, attrs=attrs)


def subf(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `subf`."""
    return op("subf", lhs, rhs, ty=ty, attrs=attrs)


def mulf(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `mulf`."""
    return op("mulf", lhs, rhs, ty=ty, attrs=attrs)


def divf(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `divf`."""
    return op("divf", lhs, rhs, ty=ty, attrs=attrs)


def remf(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `remf`."""
    return op("remf", lhs, rhs, ty=ty, attrs=attrs)


def maxf(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `maxf`."""
    return op("maxf", lhs, rhs, ty=ty, attrs=attrs)


def minf(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `minf`."""
    return op("minf", lhs, rhs, ty=ty, attrs=attrs)


def pow_(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `pow`."""
    return op("pow", lhs, rhs, ty=ty, attrs=attrs)


def fpowf(lhs: T.Term, rhs: T.Term, /, *,
          ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `fpowf`."""
    return op("fpowf", lhs, rhs, ty=ty, attrs=attrs)


def atan2(lhs: T.Term, rhs: T.Term, /, *,
          ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `atan2`."""
    return op("atan2", lhs, rhs, ty=ty, attrs=attrs)


def exp(x: T.Term, /, *,
        ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `exp`."""
    return op("exp", x, ty=ty, attrs=attrs)


def exp2(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `exp2`."""
    return op("exp2", x, ty=ty, attrs=attrs)


def log(x: T.Term, /, *,
        ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `log`."""
    return op("log", x, ty=ty, attrs=attrs)


def log2(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `log2`."""
    return op("log2", x, ty=ty, attrs=attrs)


def sqrt(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `sqrt`."""
    return op("sqrt", x, ty=ty, attrs=attrs)


def rsqrt(x: T.Term, /, *,
          ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `rsqrt`."""
    return op("rsqrt", x, ty=ty, attrs=attrs)


def sin(x: T.Term, /, *,
        ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `sin`."""
    return op("sin", x, ty=ty, attrs=attrs)


def cos(x: T.Term, /, *,
        ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `cos`."""
    return op("cos", x, ty=ty, attrs=attrs)


def tan(x: T.Term, /, *,
        ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `tan`."""
    return op("tan", x, ty=ty, attrs=attrs)


def sinh(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `sinh`."""
    return op("sinh", x, ty=ty, attrs=attrs)


def cosh(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `cosh`."""
    return op("cosh", x, ty=ty, attrs=attrs)


def tanh(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `tanh`."""
    return op("tanh", x, ty=ty, attrs=attrs)


def floor(x: T.Term, /, *,
          ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `floor`."""
    return op("floor", x, ty=ty, attrs=attrs)


def ceil(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `ceil`."""
    return op("ceil", x, ty=ty, attrs=attrs)


def absf(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `absf`."""
    return op("absf", x, ty=ty, attrs=attrs)


def absi(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `absi`."""
    return op("absi", x, ty=ty, attrs=attrs)


def negf(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `negf`."""
    return op("negf", x, ty=ty, attrs=attrs)


def negi(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `negi`."""
    return op("negi", x, ty=ty, attrs=attrs)


def abs_(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `abs`."""
    return op("abs", x, ty=ty, attrs=attrs)


def neg(x: T.Term, /, *,
        ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `neg`."""
    return op("neg", x, ty=ty, attrs=attrs)


def fma(a: T.Term, b: T.Term, c: T.Term, /, *,
        ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `fma`."""
    return op("fma", a, b, c, ty=ty, attrs=attrs)


def exti(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `exti`."""
    return op("exti", x, ty=ty, attrs=attrs)


def trunci(x: T.Term, /, *,
           ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `trunci`."""
    return op("trunci", x, ty=ty, attrs=attrs)


def itof(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `itof`."""
    return op("itof", x, ty=ty, attrs=attrs)


def ftoi(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `ftoi`."""
    return op("ftoi", x, ty=ty, attrs=attrs)


def ftof(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `ftof`."""
    return op("ftof", x, ty=ty, attrs=attrs)


def bitcast(x: T.Term, /, *,
            ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `bitcast`."""
    return op("bitcast", x, ty=ty, attrs=attrs)


def reshape(x: T.Term, /, *,
            ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `reshape`."""
    return op("reshape", x, ty=ty, attrs=attrs)


def broadcast(x: T.Term, /, *,
              ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `broadcast`."""
    return op("broadcast", x, ty=ty, attrs=attrs)


def int_to_ptr(x: T.Term, /, *,
               ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `int_to_ptr`."""
    return op("int_to_ptr", x, ty=ty, attrs=attrs)


def ptr_to_int(x: T.Term, /, *,
               ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `ptr_to_int`."""
    return op("ptr_to_int", x, ty=ty, attrs=attrs)


def ptr_to_ptr(x: T.Term, /, *,
               ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `ptr_to_ptr`."""
    return op("ptr_to_ptr", x, ty=ty, attrs=attrs)


def cmpi(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `cmpi`."""
    return op("cmpi", lhs, rhs, ty=ty, attrs=attrs)


def cmpf(lhs: T.Term, rhs: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `cmpf`."""
    return op("cmpf", lhs, rhs, ty=ty, attrs=attrs)


def select(cond: T.Term, true: T.Term, false: T.Term, /, *,
           ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `select`."""
    return op("select", cond, true, false, ty=ty, attrs=attrs)


def offset(ptr: T.Term, offset: T.Term, /, *,
           ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `offset`."""
    return op("offset", ptr, offset, ty=ty, attrs=attrs)


def iota(*, ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `iota`."""
    return op("iota", ty=ty, attrs=attrs)


def make_token(*, ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `make_token`."""
    return op("make_token", ty=ty, attrs=attrs)


def assume(x: T.Term, /, *,
           ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `assume`."""
    return op("assume", x, ty=ty, attrs=attrs)


def make_partition_view(view: T.Term, /, *,
                        ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `make_partition_view`."""
    return op("make_partition_view", view, ty=ty, attrs=attrs)


def make_strided_view(view: T.Term, /, *,
                      ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `make_strided_view`."""
    return op("make_strided_view", view, ty=ty, attrs=attrs)


def mmaf(a: T.Term, b: T.Term, acc: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `mmaf`."""
    return op("mmaf", a, b, acc, ty=ty, attrs=attrs)


def mmai(a: T.Term, b: T.Term, acc: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `mmai`."""
    return op("mmai", a, b, acc, ty=ty, attrs=attrs)


def permute(x: T.Term, /, *,
            ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `permute`."""
    return op("permute", x, ty=ty, attrs=attrs)


def cat(lhs: T.Term, rhs: T.Term, /, *,
        ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `cat`."""
    return op("cat", lhs, rhs, ty=ty, attrs=attrs)


def pack(x: T.Term, /, *,
         ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `pack`."""
    return op("pack", x, ty=ty, attrs=attrs)


def unpack(x: T.Term, /, *,
           ty: T.Ty | None = None, attrs: Attrs | None = None) -> T.Term:
    """Pattern or term for `unpack`."""
    return op("unpack", x, ty=ty, attrs=attrs)


OP_HELPERS = (
    "addi", "subi", "muli", "divi", "remi", "andi", "ori", "xori", "shli", "shri", "maxi", "mini",
    "mulhii", "addf", "subf", "mulf", "divf", "remf", "maxf", "minf", "pow_", "fpowf", "atan2",
    "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "tan", "sinh", "cosh", "tanh",
    "floor", "ceil", "absf", "absi", "negf", "negi", "abs_", "neg", "fma", "exti", "trunci",
    "itof", "ftoi", "ftof", "bitcast", "reshape", "broadcast", "int_to_ptr", "ptr_to_int",
    "ptr_to_ptr", "cmpi", "cmpf", "select", "offset", "iota", "make_token", "assume",
    "make_partition_view", "make_strided_view", "mmaf", "mmai", "permute", "cat", "pack", "unpack",
)
# -- end of generated op helpers


__all__ = ["Rule", "Action", "RuleSet", "rewrite", "infer", "root_op", "terms", "tys", "ints",
           "strs", "op", "iconst", "fconst", "const", "attrs_of", "NO_ATTRS", "FLOAT_TYPES",
           "INT_TYPES", "Term", "Ty", "Attrs", "Fact", "op_helpers_source", "write_op_helpers",
           *OP_HELPERS]
