"""Is a rewrite rule sound? Run both sides with the interpreter on drawn values.

`check_rule(rule)` turns the rule's left-hand side into a small kernel (each pattern
variable is loaded from its own array, the result is stored), optimizes it with only
that rule (plus `context` rule sets it needs, e.g. the folding requests), checks the
rule really fired, then runs the original and the rewritten kernel with the
interpreter on hypothesis-drawn values, edge cases included (-0.0, NaN, +-inf,
the extremes of each integer width), and compares the outputs bit for bit
(`exact=False` rules: within the float tolerance of `eqsat.equiv`).

Types: each instantiation picks one element type for the whole pattern (`dtypes`);
comparison results are i1, `select` conditions i1; `types={"t": "tile<i16>"}`
fixes the type of any type or value variable by name (conversions, shapes).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from egglog import get_callable_args, get_callable_fn, get_literal_value, get_var_name

from .egraph import terms as T
from .ir.attrs import DenseConst
from .ir.core import Kernel, Operation, Param, Region, Value
from .ir.types import FLOAT_WIDTHS, INT_WIDTHS, PointerType, TileType, TokenType

_DEFAULT_ATTRS = {
    "cmpi": {"predicate": "less_than", "signedness": "signed"},
    "cmpf": {"predicate": "less_than", "ordering": "ordered"},
    "divi": {"signedness": "signed"}, "remi": {"signedness": "signed"},
    "exti": {"signedness": "signed"}, "itof": {"signedness": "signed"},
    "ftoi": {"signedness": "signed"}, "maxi": {"signedness": "signed"},
    "mini": {"signedness": "signed"}, "shri": {"signedness": "signed"},
}
_INT_OPS = {"addi", "subi", "muli", "divi", "remi", "andi", "ori", "xori", "shli", "shri",
            "maxi", "mini", "cmpi", "exti", "trunci", "itof", "negi", "absi", "offset"}
_FLOAT_OPS = {"addf", "subf", "mulf", "divf", "pow", "fma", "negf", "absf", "cmpf", "ftoi",
              "ftof", "maxf", "minf", "exp", "log", "sqrt", "rsqrt"}


@dataclass
class SoundnessResult:
    rule: str
    ok: bool
    exercised: int = 0                       # instantiations where the rule fired
    examples: int = 0                        # input draws compared
    message: str = ""
    counterexample: dict | None = field(default=None)

    def __bool__(self) -> bool:
        return self.ok


# -- the rule's left-hand side as a tree ---------------------------------------------------------
_KIND = {fn: name for name, fn in T.TERM_CONSTRUCTORS.items()}


def _tree(e: Any) -> Any:
    v = get_var_name(e)
    if v is not None:
        return ("var", v)
    lit = get_literal_value(e)
    if lit is not None:
        return ("lit", lit)
    fn = get_callable_fn(e)
    args = get_callable_args(e) or ()
    if fn == T.Ty:
        return ("ty", get_literal_value(args[0]))
    kind = _KIND.get(fn)
    if kind is None:
        raise ValueError(f"the soundness checker cannot read pattern {e}")
    return (kind, *[_tree(a) for a in args])


def _field(x: Any) -> tuple[str, Any]:
    return x


class _Builder:
    """Builds the kernel for one instantiation (element type `dt`)."""

    def __init__(self, dt: str, types: dict[str, Any], bits: dict[str, int]):
        self.dt, self.types, self.bits = dt, types, bits
        self.ops: list[Operation] = []
        self.vars: dict[str, Value] = {}
        self.var_types: dict[str, TileType] = {}
        self.params: list[Param] = []
        self.loads: list[Operation] = []

    def tile(self, elem: str) -> TileType:
        return TileType((), elem)

    def type_of_field(self, f: Any, default: Any) -> Any:
        if f[0] == "ty":
            from .text.parser import Parser
            return Parser(f[1]).type()
        if f[0] == "var" and f[1] in self.types:
            return self.types[f[1]]
        return default

    def build(self, node: Any, expected: TileType) -> Value:
        k = node[0]
        if k == "var":
            name = node[1]
            if name not in self.vars:
                t = self.types.get(name, expected)
                p = Value(TileType((), PointerType(t.elem)) if not t.shape else
                          TileType((), PointerType(t.elem)), f"p_{name}")
                self.params.append(Param(p))
                ld = Operation("load_ptr_tko", [p], [TileType((), t.elem), TokenType()],
                               {"sem": "weak"}, segments=(1, 0, 0, 0))
                self.loads.append(ld)
                v = ld.results[0]
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
            else:
                b = self.bits[bitsf[1]]
            from .egraph.decode import value_of_bits
            op = Operation("constant", [], [t], {"value": DenseConst(elem, value_of_bits(elem, b))})
            self.ops.append(op)
            return op.result
        if k in ("Op0", "Op1", "Op2", "Op3"):
            _, namef, attrsf, tyf, *kids = node
            name = namef[1]
            if namef[0] != "lit":
                raise ValueError("op names in a checked rule must be literal")
            attrs = T.ATTRS.lookup(attrsf[1])[0] if attrsf[0] == "lit" else \
                dict(_DEFAULT_ATTRS.get(name, {}))
            if name in ("cmpi", "cmpf"):
                rt = self.type_of_field(tyf, TileType(expected.shape, "i1"))
                opnd = [self.tile(self.dt) for _ in kids]
            elif name == "select":
                rt = self.type_of_field(tyf, expected)
                opnd = [TileType(rt.shape, "i1"), rt, rt]
            else:
                rt = self.type_of_field(tyf, expected)
                if name in ("exti", "trunci", "itof", "ftoi", "ftof", "reshape", "broadcast",
                            "bitcast"):
                    c0 = kids[0]
                    hinted = self.types.get(c0[1]) if c0[0] == "var" else None
                    opnd = [hinted or self.tile(self.dt)]
                else:
                    opnd = [rt] * len(kids)
            vals = [self.build(c, t) for c, t in zip(kids, opnd)]
            op = Operation(name, vals, [rt], attrs)
            self.ops.append(op)
            return op.result
        raise ValueError(f"the soundness checker cannot build a {k} node")

    def kernel(self, root: Any) -> Kernel:
        out_t = self.tile(self.dt)
        res = self.build(root, out_t)
        rt = res.type
        outp = Value(TileType((), PointerType(rt.elem)), "p_out")
        val = res
        if rt.shape:
            # store the first element: reshape to scalar via extract-free path: keep shape 1
            raise ValueError("checked rules must produce a scalar (give scalar types)")
        st = Operation("store_ptr_tko", [outp, val], [TokenType()], {"sem": "weak"},
                       segments=(1, 1, 0, 0))
        body = Region(ops=[*self.loads, *self.ops, st, Operation("return")])
        return Kernel("rule_check", [*self.params, Param(outp)], body)


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
    if names & _FLOAT_OPS:
        return ["f16", "bf16", "f32", "f64"]
    if names & _INT_OPS:
        return ["i8", "i16", "i32", "i64"]
    return ["i32", "f32"]


def _bits_vars(tree: Any) -> list[tuple[str, Any]]:
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


def _values(dt: str):
    from hypothesis import strategies as st
    if dt == "i1":
        return st.booleans()
    if dt in INT_WIDTHS:
        w = INT_WIDTHS[dt]
        lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
        return st.one_of(st.sampled_from(_edges(dt)), st.integers(lo, hi))
    width = {"f16": 16, "bf16": 32, "f32": 32, "f64": 64}[dt]
    return st.one_of(st.sampled_from(_edges(dt)),
                     st.floats(width=width, allow_nan=True, allow_infinity=True))


def _edge_cases(dts: list[str], limit: int = 60) -> list[tuple]:
    """All combinations of edge values (first `limit` of them)."""
    import itertools
    return list(itertools.islice(itertools.product(*[_edges(d) for d in dts]), limit))


def _same(a: np.ndarray, b: np.ndarray, exact: bool) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape:
        return False
    if np.issubdtype(a.dtype, np.floating):
        nan = np.isnan(a) & np.isnan(b)
        if exact:
            same = a.view(np.uint8).reshape(a.size, -1) == b.view(np.uint8).reshape(b.size, -1)
            return bool((same.all(axis=1) | nan.reshape(-1)).all())
        from .equiv import _TOL
        rtol, atol = _TOL.get(a.dtype, (1e-5, 1e-6))
        with np.errstate(all="ignore"):
            return bool(np.isclose(b, a, rtol=rtol, atol=atol, equal_nan=True).all())
    return bool((a == b).all())


def check_rule(rule: Any, *, dtypes: Any = None, types: dict | None = None,
               context: Any = (), examples: int = 40, seed: int = 0,
               fires: str | None = None) -> SoundnessResult:
    """Check one `rules.dsl.Rule` numerically (see the module doc).

    `context`: other rule sets the rule needs to fire. `fires`: the name of the rule
    whose firing proves the rewrite happened (default: the rule itself); with a
    different name the rule is used only as a pattern and is not applied, which
    checks generic rules (folding) on one concrete instance."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from .errors import EqsatError
    from .inputs import parse_spec
    from .interp import run
    from .optimize import optimize
    from rules.dsl import RuleSet

    tree = _tree(rule.lhs)
    exact = getattr(rule, "exact", True)
    res = SoundnessResult(rule.name, True)
    hint_types = {}
    for k, v in (types or {}).items():
        from .text.parser import Parser
        hint_types[k] = Parser(v).type() if isinstance(v, str) else v
    bits_vars = _bits_vars(tree)
    fired_name = fires or rule.name
    ruleset = ([RuleSet("check", [rule])] if fires is None else []) + list(context)
    fired_any = False

    for dt in _dtype_candidates(tree, dtypes):
        state: dict[str, Any] = {"fired": 0}

        def make(bits: dict) -> tuple[Kernel, Kernel, list[str], list[str]] | None:
            b = _Builder(dt, hint_types, bits)
            try:
                k = b.kernel(tree)
                from .verify import verify
                verify(k)
            except (ValueError, EqsatError, KeyError, OverflowError, TypeError):
                return None
            r = optimize(k, rules=ruleset)
            if not r.report.matches.get(fired_name):
                return None
            names = [p.name for p in k.params]
            var_dts = [b.var_types[n[2:]].elem for n in names[:-1]]
            return k, r.kernel, names, var_dts

        built = None if bits_vars else make({})
        if not bits_vars and built is None:
            continue
        var_names = [n[2:] for n in (built[2][:-1] if built else [])]
        # when constants are drawn, the kernel is rebuilt per example
        n_vals = len(var_names) if built else None

        def strategy():
            if built is not None:
                return st.tuples(*[_values(d) for d in built[3]]) if built[3] else st.just(())
            return st.tuples(*[_values(dt) for _ in bits_vars])

        def check_one(vals: tuple, extra: list) -> None:
            nonlocal fired_any
            if built is None:
                from .egraph.encode import const_bits
                bits = {n: const_bits(dt, v) for n, v in zip(bits_vars, vals)}
                got = make(bits)
                if got is None:
                    return
                k, k2, names, var_dts = got
                inputs = list(extra)
            else:
                k, k2, names, var_dts = built
                inputs = list(vals)
            state["fired"] += 1
            fired_any = True
            params = []
            for name, d, v in zip(names[:-1], var_dts, inputs):
                params.append({"name": name, "shape": [1], "dtype": d,
                               "init": {"kind": "data", "values": [v]}})
            out_elem = k.params[-1].type.elem.pointee
            params.append({"name": names[-1], "shape": [1], "dtype": out_elem, "init": "zeros"})
            spec = parse_spec({"grid": [1], "convention": "raw", "params": params})
            a = run(k, spec, seed=0).buffers[names[-1]]
            b = run(k2, spec, seed=0).buffers[names[-1]]
            res.examples += 1
            if not _same(a, b, exact):
                res.counterexample = {"dtype": dt, "inputs": dict(zip(names[:-1], inputs)),
                                      "lhs": a.tolist(), "rhs": b.tolist()}
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
        except AssertionError:
            res.ok = False
            ce = res.counterexample or {}
            res.message = (f"rule '{rule.name}' is unsound for {ce.get('dtype')}: inputs "
                           f"{ce.get('inputs')} give {ce.get('lhs')} before and "
                           f"{ce.get('rhs')} after")
            return res
        res.exercised += state["fired"] if bits_vars else (1 if state["fired"] else 0)
    if not fired_any:
        res.ok = False
        res.message = f"rule '{rule.name}' never fired on the generated kernels"
        return res
    res.message = f"rule '{rule.name}' agreed on {res.examples} examples"
    return res


__all__ = ["check_rule", "SoundnessResult"]
