"""Is a rewrite rule sound? Prove it with the SMT solver, else run both sides on drawn values.

`check_rule` first proves the rule (rules/smt.py): for every element type its pattern
admits and every attribute set its attribute variables match, z3 shows the two kernels
below equal on every input; the result's `method` is then "proved". What the solver
cannot express (transcendentals, pointers, inexact rules, analysis conditions) is
sampled as follows, and the result's `reason` says why. A rule whose two sides may
differ in type (a dropped shape change) is refused first.

`check_rule(rule)` builds the rule's left-hand side and its right-hand side as two
small kernels over the same inputs (each pattern variable is loaded from its own
array, the result is stored) and runs both with the interpreter on edge values
(-0.0, NaN, +-inf, the extremes of each integer width) and hypothesis draws,
comparing the outputs bit for bit (`exact=False` rules: within the float tolerance
of `eqsat.equiv`). The optimizer is asked only two questions: does the rule match
the left-hand kernel (its conditions hold there), and would extraction keep its
right-hand side under the cost model. Neither decides soundness: a rule whose
right-hand side costs the same as its left is still run.

Types: each instantiation picks one element type for the whole pattern (`dtypes`,
default: every width the pattern admits); comparison results are i1, `select`
conditions i1; `types={"t": "tile<i16>"}` fixes the type of any type or value
variable by name (conversions, shapes).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any, Literal

import itertools

import numpy as np
from eqsat.egraph import analyses as A
from eqsat.egraph import terms as T
from eqsat.egraph.cost import DEFAULT
from eqsat.egraph.egg import (String, get_callable_args, get_callable_fn, get_literal_value,
                              get_var_name, set_)
from eqsat.egraph.egg import ruleset as egg_ruleset
from eqsat.ir.numbers import value_of_bits
from eqsat.egraph.encode import Encoder, const_bits
from eqsat.egraph.engine import rewrite
from eqsat.egraph.saturate import Limits, saturate
from eqsat.errors import AssumeViolation, EqsatError
from eqsat.interp import run
from eqsat.interp.compare import tolerance
from eqsat.interp.inputs import parse_spec
from eqsat.ir.attrs import DenseConst
from eqsat.ir.core import Kernel, Operation, Param, Region, Value, structurally_equal
from eqsat.ir.ops import SPECS
from eqsat.ir.types import INT_WIDTHS, PointerType, TileType, TokenType, byte_size
from eqsat.ir.verify import verify
from eqsat.rules import compile_error
from eqsat.rules.core import CORE
from eqsat.rules.dsl import Rule, RuleSet
from eqsat.rules.smt import ATTRIBUTE_SPACE, revision
from eqsat.text import parse
from eqsat.text.parser import parse_type

_DEFAULT_ATTRS = {
    "cmpi": {"predicate": "less_than", "signedness": "signed"},
    "cmpf": {"predicate": "less_than", "ordering": "ordered"},
    "divi": {"signedness": "signed"}, "remi": {"signedness": "signed"},
    "exti": {"signedness": "signed"}, "itof": {"signedness": "signed"},
    "ftoi": {"signedness": "signed"}, "maxi": {"signedness": "signed"},
    "mini": {"signedness": "signed"}, "shri": {"signedness": "signed"},
}
# Ops whose operands are integers or floats although their results are not (comparisons,
# conversions, pointer offsets); every other op's operands are of its own kind (the op
# table's `integer` and `float` traits).
_INT_OPERANDS = frozenset({"cmpi", "exti", "trunci", "itof", "offset"})
_FLOAT_OPERANDS = frozenset({"cmpf", "ftoi", "ftof"})


def _operand_kinds(names: set[str]) -> tuple[bool, bool]:
    """Whether ops in `names` take float operands, and whether they take integers (asked
    when a rule is checked, so ops defined at run time count)."""
    def takes(trait: str, extra: frozenset[str]) -> bool:
        return any(n in extra or (n in SPECS and SPECS[n].has(trait)) for n in names)
    return takes("float", _FLOAT_OPERANDS), takes("integer", _INT_OPERANDS)


@dataclass
class SoundnessResult:
    """What `check_rule` found. `ok`: both sides agreed on every compared input and
    the rule matched at least one instantiation. `matched`: the optimizer matched the
    rule on a generated kernel (its conditions held). `chosen`: extraction under the
    cost model kept the right-hand side there (None when never matched); a sound rule
    that is never chosen changes no output unless it enables others or is `prefer`red."""
    rule: str
    ok: bool
    exercised: int = 0                       # instantiations where the rule matched
    examples: int = 0                        # input draws compared
    message: str = ""
    counterexample: dict | None = field(default=None)
    matched: bool = False
    chosen: bool | None = None
    dtypes: tuple = ()                       # element types the check instantiated
    method: str = "sampled"                  # "proved" (by the SMT solver) or "sampled"
    reason: str = ""                         # why it was sampled rather than proved
    attribute_sets: int = 0                  # attribute bindings the proof covered

    @property
    def status(self) -> str:
        """"proved", or "sampled: N cases" (N inputs compared)."""
        return "proved" if self.method == "proved" else f"sampled: {self.examples} cases"

    def __bool__(self) -> bool:
        return self.ok


# -- the rule's left-hand side as a tree ---------------------------------------------------------
_KIND: dict[object, str] = {fn: name for name, fn in T.TERM_CONSTRUCTORS.items()}


def term_tree(e: Any) -> Any:
    v = get_var_name(e)
    if v is not None:
        return ("var", v)
    lit = get_literal_value(e)
    if lit is not None:
        return ("lit", lit)
    fn = get_callable_fn(e)
    args = get_callable_args(e) or ()
    if fn == T.Ty:
        text = args[0]
        return ("ty", get_literal_value(text) if isinstance(text, String) else None)
    kind = _KIND.get(fn)
    if kind is None:
        raise ValueError(f"the soundness checker cannot read pattern {e}")
    return (kind, *[term_tree(a) for a in args])


def _number_elem(t: TileType) -> str:
    """The element type of a tile the checker loads or stores: it draws numbers only."""
    if isinstance(t.elem, PointerType):
        raise ValueError(f"the soundness checker loads and stores numbers, not {t}")
    return t.elem


# How an op's result and operand types follow from the type expected of it, by syntax
# family: (builder, type field, expected, the first operand's hinted type, arity) ->
# (result type, operand types). Other families: operands of the result's type.
Typing = Callable[["SideBuilder", Any, TileType, Any, int], tuple[Any, list]]


def _same_types(b: SideBuilder, tyf: Any, expected: TileType, hinted: Any,
                n: int) -> tuple[Any, list]:
    rt = b.type_of_field(tyf, expected)
    return rt, [rt] * n


def _compare_types(b: SideBuilder, tyf: Any, expected: TileType, hinted: Any,
                   n: int) -> tuple[Any, list]:
    return b.type_of_field(tyf, TileType(expected.shape, "i1")), [b.tile(b.dt)] * n


def _select_types(b: SideBuilder, tyf: Any, expected: TileType, hinted: Any,
                  n: int) -> tuple[Any, list]:
    rt = b.type_of_field(tyf, expected)
    return rt, [TileType(rt.shape, "i1"), rt, rt]


def _offset_types(b: SideBuilder, tyf: Any, expected: TileType, hinted: Any,
                  n: int) -> tuple[Any, list]:
    """A pointer (as hinted) and an integer."""
    rt = b.type_of_field(tyf, hinted or expected)
    return rt, [rt, b.tile(b.dt)]


def _convert_types(b: SideBuilder, tyf: Any, expected: TileType, hinted: Any,
                   n: int) -> tuple[Any, list]:
    """A conversion's operand has its own type: as hinted, else the checked one (a cast
    to a pointer, unhinted: the result's)."""
    rt = b.type_of_field(tyf, expected)
    if hinted is None and isinstance(rt, TileType) and isinstance(rt.elem, PointerType):
        return rt, [rt] * n
    return rt, [hinted or b.tile(b.dt)] * n


_OPERAND_TYPES: dict[str, Typing] = {"cmpi": _compare_types, "cmpf": _compare_types,
                                     "select": _select_types, "offset": _offset_types,
                                     "convert": _convert_types}


class SideBuilder:
    """Builds the kernel for one instantiation (element type `dt`)."""

    def __init__(self, dt: str, types: dict[str, Any], bits: dict[str, int],
                 tybind: dict | None = None, attrbind: dict | None = None):
        self.dt, self.types, self.bits = dt, types, bits
        self.ops: list[Operation] = []
        self.vars: dict[str, Value] = {}
        self.var_types: dict[str, TileType] = {}
        self.params: list[Param] = []
        self.loads: list[Operation] = []
        # what the left-hand side bound its type and attribute variables to, so the
        # right-hand side reuses them
        self.tybind: dict[str, Any] = dict(tybind or {})
        self.attrbind: dict[str, dict] = dict(attrbind or {})
        self.closed = False                  # right-hand side: no new value variables
        self.symbolic: dict[int, str] = {}   # constant op id -> the bits variable it reads
        self.pointers = False                # may the kernel store a pointer (proofs only)

    def tile(self, elem: str) -> TileType:
        return TileType((), elem)

    def type_of_field(self, f: Any, default: Any) -> Any:
        if f[0] == "ty":
            return parse_type(f[1])
        if f[0] == "var" and f[1] in self.types:
            return self.types[f[1]]
        if f[0] == "var":
            return self.tybind.setdefault(f[1], default)
        return default

    def build(self, node: Any, expected: TileType) -> Value:
        k = node[0]
        if k == "var":
            name = node[1]
            if name not in self.vars:
                if self.closed:
                    raise _Unbound(f"the right-hand side uses '{name}', which the left-hand "
                                   "side does not bind")
                t = self.types.get(name, expected)
                # a pointer is loaded as its i64 address (no pointers to pointers)
                stored = "i64" if isinstance(t.elem, PointerType) else t.elem
                p = Value(TileType((), PointerType(stored)), f"p_{name}")
                self.params.append(Param(p))
                ld = Operation("load_ptr_tko", [p], [TileType((), stored), TokenType()],
                               {"sem": "weak"}, segments=(1, 0, 0, 0))
                self.loads.append(ld)
                v = ld.results[0]
                if stored != t.elem:
                    cast = Operation("int_to_ptr", [v], [TileType((), t.elem)])
                    self.loads.append(cast)
                    v = cast.result
                if t.shape:
                    rs = Operation("broadcast", [v], [t])
                    self.loads.append(rs)
                    v = rs.result
                self.vars[name] = v
                self.var_types[name] = t
            return self.vars[name]
        if k == "Const":
            _, tyf, elemf, bitsf = node
            t = self.type_of_field(tyf, expected)
            elem = elemf[1] if elemf[0] == "lit" else t.elem
            if bitsf[0] == "lit":
                b = bitsf[1]
            elif bitsf[1] in self.bits:
                b = self.bits[bitsf[1]]
            else:
                raise _Unbound(f"the right-hand side uses the constant '{bitsf[1]}', which "
                               "the left-hand side does not bind")
            op = Operation("constant", [], [t], {"value": DenseConst(elem, value_of_bits(elem, b))})
            if bitsf[0] != "lit":
                self.symbolic[id(op)] = bitsf[1]
            self.ops.append(op)
            return op.result
        if k in ("Op0", "Op1", "Op2", "Op3"):
            _, namef, attrsf, tyf, *kids = node
            name = namef[1]
            if namef[0] != "lit":
                raise ValueError("op names in a checked rule must be literal")
            if attrsf[0] == "lit":
                attrs = T.ATTRS.lookup(attrsf[1])[0]
            else:
                attrs = self.attrbind.setdefault(attrsf[1], dict(_DEFAULT_ATTRS.get(name, {})))
            sp = SPECS.get(name)
            typing = _OPERAND_TYPES.get(sp.syntax if sp is not None else "", _same_types)
            hinted = self.types.get(kids[0][1]) if kids and kids[0][0] == "var" else None
            rt, opnd = typing(self, tyf, expected, hinted, len(kids))
            vals = [self.build(c, t) for c, t in zip(kids, opnd)]
            op = Operation(name, vals, [rt], attrs)
            self.ops.append(op)
            return op.result
        raise ValueError(f"the soundness checker cannot build a {k} node")

    def kernel(self, root: Any, out_t: TileType | None = None) -> Kernel:
        res = self.build(root, out_t or self.tile(self.dt))
        self.root = res
        rt = res.tile
        if rt.shape:
            raise ValueError("checked rules must produce a scalar (give scalar types)")
        tail = []
        if self.pointers and isinstance(rt.elem, PointerType):     # stored as its address
            cast = Operation("ptr_to_int", [res], [TileType((), "i64")])
            tail.append(cast)
            res = cast.result
        outp = Value(TileType((), PointerType(_number_elem(res.tile))), "p_out")
        st = Operation("store_ptr_tko", [outp, res], [TokenType()], {"sem": "weak"},
                       segments=(1, 1, 0, 0))
        body = Region(ops=[*self.loads, *self.ops, *tail, st, Operation("return")])
        return Kernel("rule_check", [*self.params, Param(outp)], body)

    def sibling(self) -> SideBuilder:
        """A builder for the right-hand side: the same inputs, loaded in the same order,
        and the left-hand side's bindings."""
        b = SideBuilder(self.dt, {**self.types, **self.var_types}, self.bits, self.tybind,
                     self.attrbind)
        b.pointers = self.pointers
        for name in self.vars:
            b.build(("var", name), self.var_types[name])
        b.closed = True
        return b


class _Unbound(ValueError):
    """The right-hand side needs a binding only a condition makes."""


def _dtype_candidates(tree: Any, dtypes: Any) -> list[str]:
    if dtypes:
        return list(dtypes)
    elems, names = set(), set()

    def walk(n: Any) -> None:
        if isinstance(n, tuple):
            if n[0] == "Const" and n[2][0] == "lit":
                elems.add(n[2][1])
            if n[0] in ("Op0", "Op1", "Op2", "Op3") and n[1][0] == "lit":
                names.add(n[1][1])
            for c in n[1:]:
                walk(c)
    walk(tree)
    if elems - {"i1"}:
        return sorted(elems - {"i1"})
    floats, ints = _operand_kinds(names)
    if floats:
        return ["f16", "bf16", "f32", "f64"]
    if ints:
        return ["i8", "i16", "i32", "i64"]
    return ["i32", "f32"]


def const_bit_vars(tree: Any) -> list[str]:
    """The bit-pattern variables of a term tree's constants, each once, in order."""
    out: list = []

    def walk(n: Any) -> None:
        if isinstance(n, tuple):
            if n[0] == "Const" and n[3][0] == "var":
                out.append(n[3][1])
            for c in n[1:]:
                walk(c)
    walk(tree)
    return list(dict.fromkeys(out))


def _edges(dt: str) -> list:
    """Values every check tries first, whatever hypothesis draws."""
    if dt == "i1":
        return [False, True]
    if dt in INT_WIDTHS:
        w = INT_WIDTHS[dt]
        return [0, 1, -1, -(1 << (w - 1)), (1 << (w - 1)) - 1, 2, 16]
    return [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 2.0, 0.5, 1e-40]


def _hypothesis() -> Any:
    """hypothesis, which only rule checks need (the `test` extra): loaded when a check
    runs, so optimizing and registering trusted rules work without it."""
    try:
        import hypothesis
        import hypothesis.strategies
    except ImportError:
        raise EqsatError("checking a rule draws its inputs with hypothesis, which is not "
                         "installed: pip install 'eqsat[test]' (or register the rule set "
                         "with trusted=True)") from None
    return hypothesis


def _values(dt: str) -> Any:
    st = _hypothesis().strategies
    if dt == "i1":
        return st.booleans()
    if dt in INT_WIDTHS:
        w = INT_WIDTHS[dt]
        lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
        return st.one_of(st.sampled_from(_edges(dt)), st.integers(lo, hi))
    widths: dict[str, Literal[16, 32, 64]] = {"f16": 16, "bf16": 32, "f32": 32, "f64": 64}
    width = widths[dt]
    return st.one_of(st.sampled_from(_edges(dt)),
                     st.floats(width=width, allow_nan=True, allow_infinity=True))


def _edge_cases(dts: list[str], limit: int = 60) -> list[tuple]:
    """All combinations of edge values (first `limit` of them)."""
    return list(itertools.islice(itertools.product(*[_edges(d) for d in dts]), limit))


def _same(a: np.ndarray, b: np.ndarray, exact: bool, elem: str | None = None) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape:
        return False
    if np.issubdtype(a.dtype, np.floating):
        nan = np.isnan(a) & np.isnan(b)
        if exact:
            same = a.view(np.uint8).reshape(a.size, -1) == b.view(np.uint8).reshape(b.size, -1)
            return bool((same.all(axis=1) | nan.reshape(-1)).all())
        rtol, atol = tolerance(a.dtype, elem)
        with np.errstate(all="ignore"):
            return bool(np.isclose(b, a, rtol=rtol, atol=atol, equal_nan=True).all())
    return bool((a == b).all())


def _schedule(sets: list[RuleSet]) -> Any:
    """The core rules and `sets` as one egglog ruleset, as the optimizer runs them."""
    rules = [r for rs in [CORE, *sets] for r in rs]
    try:
        return egg_ruleset(*[r.egglog() for r in rules], name="check")
    except Exception as e:
        raise EqsatError(f"a rule does not compile: {e}") from None


# -- types of the two sides ---------------------------------------------------------------------
# Ops whose result has the type of (some of) their operands; the others (comparisons,
# conversions, shape changes) make a type of their own, named by their `ty` field.
_SAME_TYPE_ARGS: dict[str, tuple[int, ...]] = {"select": (1, 2), "offset": (0,), "fpowi": (0,),
                                               "assume": (0,)}
_OWN_TYPE = {"cmpi", "cmpf", "exti", "trunci", "itof", "ftoi", "ftof", "bitcast", "reshape",
             "broadcast", "int_to_ptr", "ptr_to_int", "ptr_to_ptr", "permute", "cat", "extract",
             "mmaf", "mmai", "pack", "unpack", "iota", "make_token", "make_partition_view",
             "make_strided_view"}


def _condition_parts(cond: Any) -> tuple[str, str, str] | None:
    """(function, its variable argument, the variable it equals) of a condition such as
    `type_of(x) == t`; None for any other form."""
    decl: Any = getattr(cond, "fact", None)
    left: Any = getattr(decl, "left", None)
    right: Any = getattr(decl, "right", None)
    fn = getattr(getattr(getattr(left, "callable", None), "ident", None), "name", None)
    args: Any = getattr(left, "args", ())
    if fn is None or len(args) != 1 or type(right).__name__ != "UnboundVarDecl":
        return None
    arg: Any = getattr(args[0], "expr", None)
    if type(arg).__name__ != "UnboundVarDecl":
        return None
    return str(fn), str(arg.name), str(right.name)


def _type_change(rule: Any, lhs: Any, rhs: Any) -> str | None:
    """Why the two sides may have different types (None: the same type, by the ops'
    typing rules and the rule's `type_of(x) == t` conditions)."""
    parent: dict[Any, Any] = {}

    def find(a: Any) -> Any:
        while parent.get(a, a) != a:
            a = parent[a]
        return a

    def union(a: Any, b: Any) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb, key=repr)] = min(ra, rb, key=repr)

    def ty_token(f: Any) -> Any:
        return ("lit", f[1]) if f[0] == "ty" else ("var", f[1])

    def walk(n: Any) -> Any:
        k = n[0]
        if k == "var":
            return ("typeof", n[1])
        if k == "Const":
            return ty_token(n[1])
        if k in ("Op0", "Op1", "Op2", "Op3"):
            name, tok = n[1][1], ty_token(n[3])
            kids = [walk(c) for c in n[4:]]
            if name in _SAME_TYPE_ARGS:
                for i in _SAME_TYPE_ARGS[name]:
                    if i < len(kids):
                        union(tok, kids[i])
            elif name not in _OWN_TYPE:
                for kid in kids:
                    union(tok, kid)
            return tok
        return ("node", repr(n))

    left, right = walk(lhs), walk(rhs)
    for cond in getattr(rule, "conditions", ()):
        parts = _condition_parts(cond)
        if parts is not None and parts[0] == "type_of":
            union(("typeof", parts[1]), ("var", parts[2]))
    if find(left) == find(right):
        return None

    def show(tok: Any) -> str:
        return {"typeof": "the type of {}", "var": "type {}", "lit": "{}"}.get(
            tok[0], "{}").format(tok[1])
    return (f"its left-hand side has {show(left)} and its right-hand side {show(right)}, which "
            "may differ (a shape or type change); a condition such as type_of(x) == t makes "
            "them the same")


# -- proofs with the SMT solver (rules/smt.py) -----------------------------------------------------
def attribute_sets(tree: Any) -> list[dict[str, dict]]:
    """Every binding of the pattern's attribute variables (wildcards included) to an
    attribute set the ops they sit on can carry, in a fixed order."""
    where: dict[str, set[str]] = {}

    def walk(n: Any) -> None:
        if isinstance(n, tuple):
            if n[0] in ("Op0", "Op1", "Op2", "Op3") and n[2][0] == "var":
                where.setdefault(n[2][1], set()).add(n[1][1])
            for c in n[1:]:
                walk(c)
    walk(tree)
    per_var: list[list[tuple[str, dict]]] = []
    for var in sorted(where):
        space: dict[str, tuple] = {}
        for name in sorted(where[var]):
            space.update(ATTRIBUTE_SPACE.get(name, {}))
        keys = sorted(space)
        options = []
        for values in itertools.product(*[space[k] for k in keys]):
            options.append((var, {k: v for k, v in zip(keys, values)
                                  if v is not None and v is not False}))
        per_var.append(options)
    return [dict(combo) for combo in itertools.product(*per_var)]


def _signed(elem: str, bits: int) -> Any:
    """The value of `bits` (unsigned, from the solver's model) as the IR holds it."""
    if elem in INT_WIDTHS:
        w = INT_WIDTHS[elem]
        v = bits - (1 << w) if bits >= 1 << (w - 1) else bits
        return bool(bits & 1) if elem == "i1" else v
    return float(value_of_bits(elem, bits))


def _smt_unsupported(rule: Any, tree: Any, rhs: Any, exact: bool) -> str | None:
    """Why the solver cannot prove this rule (None: it can try)."""
    from eqsat.rules import smt
    if not exact:
        return "inexact by design (compared within a tolerance)"
    if not smt.available():
        return "the z3-solver package is not installed"
    for cond in getattr(rule, "conditions", ()):
        parts = _condition_parts(cond)
        if parts is None or parts[0] not in ("type_of", "ty_elem"):
            return "its conditions read analysis facts"
    names: set[str] = set()

    def walk(n: Any) -> None:
        if isinstance(n, tuple):
            if n[0] in ("Op0", "Op1", "Op2", "Op3"):
                names.add(n[1][1])
            for c in n[1:]:
                walk(c)
    walk(tree)
    walk(rhs)
    missing = sorted(names - smt.supported())
    if missing:
        return f"no SMT semantics for {', '.join(missing)}"
    return None


_PROOFS: dict[tuple, dict[str, Any]] = {}     # rule text -> the proved result's fields


def _proof_key(rule: Any, tree: Any, rhs: Any, candidates: list[str], hints: dict) -> tuple:
    """A proof depends on nothing but the rule's text, the instantiations asked for and
    the ops' SMT semantics."""
    conds = tuple(str(c) for c in getattr(rule, "conditions", ()))
    return (rule.name, repr(tree), repr(rhs), conds, tuple(candidates),
            tuple(sorted((k, str(v)) for k, v in hints.items())), revision())


def check_rule(rule: Any, *, dtypes: Any = None, types: dict | None = None,
               context: Any = (), examples: int = 40, seed: int = 0,
               fires: str | None = None, cost_model: Any = None) -> SoundnessResult:
    """Check one `eqsat.rules.dsl.Rule` numerically (see the module doc).

    `context`: other rule sets the rule needs to match (analyses its conditions read).
    `fires`: the name of a rule in `context` whose firing proves the rewrite happened;
    the rule is then only a pattern, not applied, and its instances are compared with
    what the optimizer made of them (checks generic rules, such as folding, on concrete
    instances). `cost_model`: the model `chosen` is judged under (default: H100)."""
    hyp = _hypothesis()
    HealthCheck, given, settings, st = (hyp.HealthCheck, hyp.given, hyp.settings,
                                        hyp.strategies)


    tree = term_tree(rule.lhs)
    rhs_tree = None if fires is not None else term_tree(rule.rhs)
    exact = getattr(rule, "exact", True)
    res = SoundnessResult(rule.name, True)
    hint_types = {}
    for k, v in (types or {}).items():
        hint_types[k] = parse_type(v) if isinstance(v, str) else v
    bits_vars = const_bit_vars(tree)
    fired_name = fires or rule.name
    ruleset = ([RuleSet("check", [rule])] if fires is None else []) + list(context)
    model = DEFAULT if cost_model is None else cost_model
    prefer = frozenset(op for rs in ruleset for op in rs.preferred_ops())
    candidates = _dtype_candidates(tree, dtypes)
    res.dtypes = tuple(candidates)

    class _Broken(Exception):
        """The right-hand side cannot be built or does not verify: the rule is wrong."""

    def fail(message: str) -> SoundnessResult:
        res.ok = False
        res.message = message
        return res

    if rhs_tree is not None:
        why = _type_change(rule, tree, rhs_tree)
        if why is not None:
            return fail(f"rule '{rule.name}' is refused: {why}")
    if fires is not None:
        res.reason = "a generic rule, checked on concrete instances of what it computes"
    else:
        res.reason = _smt_unsupported(rule, tree, rhs_tree, exact) or ""
    proving = not res.reason
    key = _proof_key(rule, tree, rhs_tree, candidates, hint_types)
    if proving and key in _PROOFS:
        cached = _PROOFS[key]
        for name, value in cached.items():
            setattr(res, name, value)
        return res

    def run_pair(k: Kernel, k2: Kernel, names: list[str], var_dts: list[str],
                 inputs: list) -> tuple[np.ndarray, np.ndarray]:
        params = []
        for name, d, v in zip(names[:-1], var_dts, inputs):
            params.append({"name": name, "shape": [1], "dtype": d,
                           "init": {"kind": "data", "values": [v]}})
        out_elem = k.params[-1].value.pointee
        params.append({"name": names[-1], "shape": [1], "dtype": out_elem, "init": "zeros"})
        spec = parse_spec({"grid": [1], "convention": "raw", "params": params})
        return (run(k, spec, seed=0).buffers[names[-1]],
                run(k2, spec, seed=0).buffers[names[-1]])

    def prove(dt: str, make: Any) -> tuple[str, Any]:
        """("proved", instances), ("refuted", message), ("unsupported", why) or
        ("unmatched", None) for element type `dt`."""
        from eqsat.rules import smt
        if bits_vars:
            bits0 = None
            for case in _edge_cases([dt] * len(bits_vars), limit=30):
                bits = {n: const_bits(dt, v) for n, v in zip(bits_vars, case)}
                if make(bits) is not None:
                    bits0 = bits
                    break
            if bits0 is None:
                return "unmatched", None
        else:
            bits0 = {}
            if make({}) is None:
                return "unmatched", None
        done = 0
        for attrs in attribute_sets(tree):
            b = SideBuilder(dt, hint_types, bits0, attrbind=attrs)
            try:
                k = b.kernel(tree)
                verify(k)
            except (ValueError, EqsatError, KeyError, OverflowError, TypeError):
                continue                    # no such op: not an instance of the pattern
            sib = b.sibling()
            try:
                k2 = sib.kernel(rhs_tree, out_t=b.root.tile)
                verify(k2)
            except _Unbound as e:
                raise _Broken(f"rule '{rule.name}' cannot be checked: {e}") from None
            except (ValueError, EqsatError, KeyError, OverflowError, TypeError) as e:
                shown = ", ".join(f"{v} = {a}" for v, a in attrs.items() if not v.startswith("_"))
                raise _Broken(f"rule '{rule.name}': the right-hand side is not a valid program "
                              f"for {dt}{' with ' + shown if shown else ''}: {e}") from None
            try:
                out = smt.refines(k, k2, symbolic_lhs=b.symbolic, symbolic_rhs=sib.symbolic)
            except smt.Unsupported as e:
                return "unsupported", str(e)
            except ValueError as e:
                raise _Broken(f"rule '{rule.name}' is refused: {e}") from None
            if not out.proved:
                return "refuted", counterexample(dt, attrs, out, b)
            done += 1
        return ("proved", done) if done else ("unmatched", None)

    def counterexample(dt: str, attrs: dict, out: Any, b: SideBuilder) -> str:
        """The solver's model as concrete inputs, and both sides run on them."""
        consts = {n: _signed(dt, out.model.get(n, 0)) for n in bits_vars}
        bits = {n: const_bits(dt, v) for n, v in consts.items()}
        b2 = SideBuilder(dt, hint_types, bits, attrbind=attrs)
        k = b2.kernel(tree)
        sib = b2.sibling()
        k2 = sib.kernel(rhs_tree, out_t=b2.root.tile)
        names = [*(f"p_{v}" for v in b2.var_types), "p_out"]
        var_dts = [_number_elem(t) for t in b2.var_types.values()]
        inputs = [_signed(d, out.model.get(v, 0)) for v, d in zip(b2.var_types, var_dts)]
        lhs, rhs = run_pair(k, k2, names, var_dts, inputs)
        res.counterexample = {"dtype": dt, "inputs": dict(zip(b2.var_types, inputs)),
                              "lhs": lhs.tolist(), "rhs": rhs.tolist(), "found_by": "solver"}
        shown = {v: a for v, a in attrs.items() if not v.startswith("_")}
        hidden = [a for v, a in attrs.items() if v.startswith("_") and a]
        if shown or hidden:
            res.counterexample["attributes"] = {**shown, **({"(any)": hidden} if hidden else {})}
        if consts:
            res.counterexample["constants"] = consts
        where = ""
        if shown or hidden:
            parts = [f"{v} = {_show_attrs(a)}" for v, a in shown.items()]
            parts += [f"{_show_attrs(a)}" for a in hidden]
            where = " with attributes " + ", ".join(parts)
        const_text = f" (constants {consts})" if consts else ""
        same = _same(lhs, rhs, True)
        outputs = (f"give {lhs.tolist()} on the left-hand side and {rhs.tolist()} on the right"
                   if not same else "make the two sides differ in the solver's model, though "
                   "the interpreter agrees on them (report this: the two disagree)")
        return (f"rule '{rule.name}' is unsound for {dt}{where}: inputs "
                f"{res.counterexample['inputs']}{const_text} {outputs} (found by the SMT "
                "solver)")

    proved_dts: list[str] = []
    for dt in candidates:
        state: dict[str, Any] = {"matched": 0, "judged": False}

        def make(bits: dict) -> tuple[Kernel, Kernel, list[str], list[str]] | None:
            b = SideBuilder(dt, hint_types, bits)
            try:
                k = b.kernel(tree)
                verify(k)
            except (ValueError, EqsatError, KeyError, OverflowError, TypeError):
                return None
            try:
                r = rewrite(k, _schedule(ruleset), model=model, prefer=prefer)
            except EqsatError as e:
                bad = compile_error(RuleSet("check", [rule]))    # egglog's reason, named
                raise _Broken(f"rule '{rule.name}' does not compile: {bad[1]}" if bad else
                              f"rule '{rule.name}' does not run: {e}") from None
            if not r.stats.matches.get(fired_name):
                return None
            if rhs_tree is None:
                k2 = r.kernel
            else:
                try:
                    k2 = b.sibling().kernel(rhs_tree, out_t=b.root.tile)
                    verify(k2)
                except _Unbound as e:
                    raise _Broken(f"rule '{rule.name}' cannot be checked: {e}") from None
                except (ValueError, EqsatError, KeyError, OverflowError, TypeError) as e:
                    raise _Broken(f"rule '{rule.name}': the right-hand side is not a valid "
                                  f"program for {dt}: {e}") from None
            if not state["judged"]:
                state["judged"] = True
                base = rewrite(k, None, model=model).kernel
                res.chosen = bool(res.chosen) or not structurally_equal(r.kernel, base)
            # the builder names each input p_<variable>, in the order it loads them
            names = [*(f"p_{v}" for v in b.var_types), "p_out"]
            var_dts = [_number_elem(t) for t in b.var_types.values()]
            return k, k2, names, var_dts

        if proving:
            try:
                verdict, detail = prove(dt, make)
            except _Broken as e:
                return fail(str(e))
            if verdict == "refuted":
                return fail(detail)
            if verdict == "proved":
                res.matched = True
                res.exercised += detail
                res.attribute_sets += detail
                proved_dts.append(dt)
                continue
            if verdict == "unmatched":
                continue
            proving = False                 # the solver cannot: sample from here on
            res.reason = detail
        try:
            built = None if bits_vars else make({})
        except _Broken as e:
            return fail(str(e))
        if not bits_vars and built is None:
            continue

        def strategy():
            if built is not None:
                return st.tuples(*[_values(d) for d in built[3]]) if built[3] else st.just(())
            return st.tuples(*[_values(dt) for _ in bits_vars])

        def check_one(vals: tuple, extra: list) -> None:
            if built is None:
                bits = {n: const_bits(dt, v) for n, v in zip(bits_vars, vals)}
                got = make(bits)
                if got is None:
                    return
                k, k2, names, var_dts = got
                inputs = list(extra)
            else:
                k, k2, names, var_dts = built
                inputs = list(vals)
            state["matched"] += 1
            res.matched = True
            a, b = run_pair(k, k2, names, var_dts, inputs)
            res.examples += 1
            if not _same(a, b, exact, dt):
                res.counterexample = {"dtype": dt, "inputs": dict(zip(names[:-1], inputs)),
                                      "lhs": a.tolist(), "rhs": b.tolist()}
                if bits_vars:
                    res.counterexample["constants"] = dict(zip(bits_vars, vals))
                raise AssertionError("outputs differ")

        @settings(max_examples=examples if built else max(5, examples // 4), deadline=None,
                  database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        @given(strategy(), st.lists(_values(dt), min_size=4, max_size=4))
        def prop(vals: tuple, extra: list) -> None:
            check_one(vals, extra)

        try:
            if built is not None:
                for case in _edge_cases(built[3]):
                    check_one(case, [])
            else:
                for case in _edge_cases([dt] * len(bits_vars), limit=30):
                    check_one(case, list(_edges(dt)[:4]))
            prop()
        except _Broken as e:
            return fail(str(e))
        except AssertionError:
            if res.counterexample is None:
                raise
            ce = res.counterexample
            consts = f" (constants {ce['constants']})" if "constants" in ce else ""
            return fail(f"rule '{rule.name}' is unsound for {ce['dtype']}: inputs "
                        f"{ce['inputs']}{consts} give {ce['lhs']} on the left-hand side and "
                        f"{ce['rhs']} on the right")
        if state["matched"]:
            res.matched = True
            res.exercised += state["matched"] if bits_vars else 1
    if not res.matched:
        return fail(f"rule '{rule.name}' never matched (never fired) on the generated kernels "
                    f"({', '.join(candidates)}): its conditions never held or its types fit "
                    "none of them")
    if proving:
        res.method = "proved"
        res.message = (f"rule '{rule.name}' proved by the SMT solver for "
                       f"{', '.join(proved_dts)} ({res.attribute_sets} instances, every "
                       "attribute set its pattern matches)")
    else:
        res.message = f"rule '{rule.name}' agreed on {res.examples} examples"
        if proved_dts:
            res.message += f" (proved for {', '.join(proved_dts)})"
        res.message += f"; sampled, not proved: {res.reason}"
    if not res.chosen:
        res.message += "; extraction never chose its right-hand side"
    if proving:
        _PROOFS[key] = {f: getattr(res, f) for f in (
            "ok", "exercised", "examples", "message", "matched", "chosen", "dtypes", "method",
            "reason", "attribute_sets")}
    return res


def _show_attrs(attrs: dict) -> str:
    if not attrs:
        return "{} (none)"
    return "{" + ", ".join(f"{k}: {v}" for k, v in sorted(attrs.items())) + "}"


# -- analysis facts and the rules that derive them ------------------------------------------------
# An inference rule (`eqsat.rules.dsl.infer`) adds a fact about a value rather than an equality,
# so it is checked on a concrete instance: a small kernel whose scalar parameters are
# the leaves (their premises seeded by `assume`s, `iota`s, loops...), saturated with the
# rule and the analysis rules it needs; every fact the e-graph then holds about an
# integer or pointer value of the kernel is checked on that value's lanes in runs of the
# interpreter on drawn parameters. A rewrite proven by the analyses is checked on the
# same kind of instance by comparing every value before and after optimizing.

_FACTS = ("lo", "hi", "div", "contig", "contig_div", "same")


def _observed(v: Value) -> bool:
    t = v.type
    return isinstance(t, TileType) and (isinstance(t.elem, PointerType) or
                                        (isinstance(t.elem, str) and t.elem in INT_WIDTHS))


def _instrument(kernel: Kernel) -> tuple[Kernel, dict[str, Value]]:
    """The kernel with every integer and pointer op result also stored to an array of
    its own (`obs<i>`, flattened; pointers as their addresses): name -> value."""
    obs: dict[str, Value] = {}
    params = list(kernel.params)

    def store_after(region: Region, at: int, v: Value, name: str) -> int:
        t = v.tile
        ops: list[Operation] = []
        val, elem = v, t.elem
        if isinstance(elem, PointerType):
            op = Operation("ptr_to_int", [v], [TileType(t.shape, "i64")])
            ops.append(op)
            val, elem = op.result, "i64"
        n = t.numel
        ptr = Value(TileType((), PointerType(elem)), name)
        params.append(Param(ptr))
        dest = ptr
        if t.shape:
            if len(t.shape) > 1:
                op = Operation("reshape", [val], [TileType((n,), elem)])
                ops.append(op)
                val = op.result
            r = Operation("reshape", [ptr], [TileType((1,), PointerType(elem))])
            b = Operation("broadcast", [r.result], [TileType((n,), PointerType(elem))])
            io = Operation("iota", [], [TileType((n,), "i32")])
            off = Operation("offset", [b.result, io.result], [TileType((n,), PointerType(elem))])
            ops += [r, b, io, off]
            dest = off.result
        ops.append(Operation("store_ptr_tko", [dest, val], [TokenType()], {"sem": "weak"},
                             segments=(1, 1, 0, 0)))
        for i, op in enumerate(ops):
            op.parent = region
            region.ops.insert(at + 1 + i, op)
        return len(ops)

    def walk(region: Region) -> None:
        i = 0
        if region.args and _observed(region.args[0]) and region.ops:
            obs[f"obs{len(obs)}"] = region.args[0]
            i += store_after(region, -1, region.args[0], f"obs{len(obs) - 1}")
        while i < len(region.ops):
            op = region.ops[i]
            for r in op.regions:
                walk(r)
            if True:
                for v in [r for r in op.results if _observed(r)]:
                    name = f"obs{len(obs)}"
                    obs[name] = v
                    i += store_after(region, i, v, name)
            i += 1
    walk(kernel.body)
    return Kernel(kernel.name, params, kernel.body), obs


def _fact_values(egraph: Any, expr: Any) -> dict[str, int]:

    out = {}
    for key, fn in zip(_FACTS, (A.lo, A.hi, A.div2, A.contig, A.contig_div, A.same)):
        try:
            got = egraph.lookup_function_value(fn(expr))  # None: nothing known
        except KeyError:                                  # no rule run declared it
            continue
        if got is not None:
            out[key] = int(get_literal_value(got))
    return out


def fact_violations(facts: dict[str, int], v: Value, lanes: np.ndarray) -> list[str]:
    """Which of `facts` (lo, hi, div, contig, contig_div, same) do the concrete lanes of
    `v` (its value, or addresses for pointers, in row-major order) break?"""
    t = v.tile
    if isinstance(t.elem, PointerType):
        bits, unit = 64, byte_size(t.elem.pointee)
    else:
        bits, unit = INT_WIDTHS[t.elem], 1
    vals = [int(x) for x in np.asarray(lanes).reshape(-1)]
    last = t.shape[-1] if t.shape else 1
    rows = [vals[i:i + last] for i in range(0, len(vals), last)]
    bad = []
    if "lo" in facts and min(vals) < facts["lo"]:
        bad.append(f"lo {facts['lo']} but a lane is {min(vals)}")
    if "hi" in facts and max(vals) > facts["hi"]:
        bad.append(f"hi {facts['hi']} but a lane is {max(vals)}")
    d = facts.get("div")
    if d and any(x % d for x in vals):
        bad.append(f"div {d} but a lane is {next(x for x in vals if x % d)}")
    k, kd, c = facts.get("contig"), facts.get("contig_div"), facts.get("same")
    mod = 1 << bits
    for row in rows:
        for g in range(0, len(row) - (k or 1) + 1, k or 1):
            grp = row[g:g + (k or 1)]
            if k and any((x - grp[0] - j * unit) % mod for j, x in enumerate(grp)):
                bad.append(f"contig {k} but lanes {g}.. are {grp[:8]}")
                break
            if k and kd and grp[0] % kd:
                bad.append(f"contig_div {kd} (runs of {k}) but lane {g} is {grp[0]}")
                break
        if c:
            for g in range(0, len(row) - c + 1, c):
                if len(set(row[g:g + c])) != 1:
                    bad.append(f"same {c} but lanes {g}.. are {row[g:g + c][:8]}")
                    break
    return bad


def check_fact_rule(rule: Any, source: Any, *, leaves: dict | None = None,
                    context: Any = (), examples: int = 20, seed: int = 0,
                    edges: Any = (), grid: tuple = (1,),
                    premises: dict | None = None) -> SoundnessResult:
    """Check an analysis rule on one instance (see the section comment above).

    `source`: kernel text (or a Kernel) whose scalar parameters are the leaves;
    `leaves`: parameter name -> hypothesis strategy of its value; `edges`: dicts of
    leaf values tried first; `context`: the rules the instance needs besides `rule`
    (the analysis inference rules, typically). Draws that break an `assume` of the
    instance are skipped. `premises`: value name -> {fact: value} put into the e-graph
    before saturating, for premises no op of the IR states (runs of equal lanes
    shorter than a tile's last dimension); they are checked on the lanes like every
    derived fact, so a false premise fails the check. Fails when the rule never fires
    on the instance."""
    hyp = _hypothesis()
    HealthCheck, given, settings, st = (hyp.HealthCheck, hyp.given, hyp.settings,
                                        hyp.strategies)



    res = SoundnessResult(rule.name, True)
    base = parse(source) if isinstance(source, str) else source
    kernel, obs = _instrument(base)
    verify(kernel)
    enc_ = Encoder(kernel, None, True)
    enc = enc_.run()
    if premises:

        fns = dict(zip(_FACTS, (A.lo, A.hi, A.div2, A.contig, A.contig_div, A.same)))
        named = {v.name: v for v in obs.values()}
        for vname, fs in premises.items():
            if vname not in named:
                raise ValueError(f"premise on '%{vname}', which the instance does not observe")
            enc.egraph.register(*[set_(fns[f](enc_.env[id(named[vname])])).to(val)
                                  for f, val in fs.items()])
    ctx = [r for r in context if r.name != rule.name]
    sched = _schedule([RuleSet(f"check-{rule.name}", [*ctx, rule])])
    stats = saturate(enc, sched, Limits(iterations=20, nodes=20_000, seconds=20.0))
    if not stats.matches.get(rule.name):
        res.ok = False
        res.message = f"rule '{rule.name}' never fired on its instance"
        return res
    res.exercised = stats.matches[rule.name]
    facts = {name: _fact_values(enc.egraph, enc_.env[id(v)]) for name, v in obs.items()}
    rewritten = None
    if isinstance(rule, Rule):
        opt = rewrite(kernel, _schedule([RuleSet("check", [*ctx, rule])]))
        if not opt.stats.matches.get(rule.name):
            res.ok = False
            res.message = f"rule '{rule.name}' never fired when optimizing its instance"
            return res
        rewritten = opt.kernel
    scalars = [p.name for p in base.params if isinstance(p.type, TileType)
               and not isinstance(p.type.elem, PointerType)]
    arrays = [p for p in base.params if isinstance(p.type, TileType)
              and isinstance(p.type.elem, PointerType)]
    leaves = dict(leaves or {})

    def spec_of(vals: dict) -> Any:
        params: list[dict] = []
        for p in base.params:
            if p.name in scalars:
                params.append({"name": p.name, "dtype": p.value.scalar_elem,
                               "value": vals[p.name]})
            elif p in arrays:
                params.append({"name": p.name, "shape": [64], "dtype": p.value.pointee,
                               "init": "zeros"})
        for name, v in obs.items():
            t = v.tile
            elem = "i64" if isinstance(t.elem, PointerType) else t.elem
            params.append({"name": name, "shape": [t.numel], "dtype": elem, "init": "zeros"})
        return parse_spec({"grid": list(grid), "convention": "raw", "params": params})

    def check_one(vals: dict) -> None:
        spec = spec_of(vals)
        try:
            got = run(kernel, spec, seed=seed, check_assumes=True).buffers
        except AssumeViolation:
            return
        res.examples += 1
        for name, v in obs.items():
            bad = fact_violations(facts[name], v, got[name])
            if bad:
                res.counterexample = {"inputs": vals, "value": v.name or name,
                                      "facts": facts[name], "broken": bad}
                raise AssertionError(bad[0])
        if rewritten is not None:
            after = run(rewritten, spec, seed=seed).buffers
            for name in obs:
                if not _same(got[name], after[name], True):
                    res.counterexample = {"inputs": vals, "value": obs[name].name or name,
                                          "lhs": got[name].tolist()[:8],
                                          "rhs": after[name].tolist()[:8]}
                    raise AssertionError("values differ after the rewrite")

    @settings(max_examples=max(1, examples), deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.fixed_dictionaries({n: leaves.get(n, st.just(0)) for n in scalars}))
    def prop(vals: dict) -> None:
        check_one(vals)

    try:
        for case in edges:
            check_one({n: case.get(n, 0) for n in scalars})
        if scalars:
            prop()
        elif not edges:
            check_one({})
    except AssertionError:
        res.ok = False
        ce = res.counterexample or {}
        res.message = (f"rule '{rule.name}' is unsound: inputs {ce.get('inputs')} break "
                       f"{ce.get('broken') or 'the rewrite'} on {ce.get('value')} "
                       f"(facts {ce.get('facts')}, before {ce.get('lhs')}, after {ce.get('rhs')})")
        return res
    if res.examples == 0:
        res.ok = False
        res.message = f"rule '{rule.name}': every draw broke an assume of its instance"
        return res
    res.message = f"rule '{rule.name}' held on {res.examples} runs"
    return res


__all__ = ["check_rule", "SoundnessResult", "check_fact_rule", "fact_violations"]
