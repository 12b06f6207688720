"""Proofs of analysis rules: facts about a value (bounds, divisibility) and the rewrites
they allow, as SMT problems over one lane.

An analysis rule reads premises (`lo(x) == l1`: every lane of x is at least l1 as a
signed value; `hi`: at most; `div2(x) == d`: every lane is a multiple of d, a power of two
up to 2^30), conditions on egglog's i64 numbers (`l1 + l2 >= mn`) and type facts
(`ty_min(t)`), and either sets a fact of the value it matched (`set_(lo(n)).to(...)`)
or rewrites it. The proof: for every element type the pattern admits, every attribute
set its attribute variables match, every input lane and every i64 number meeting the
premises and conditions, the conclusion holds of the matched op's lane (computed with
`rules/smt.py`'s op semantics). egglog's i64 numbers are 64-bit words as egglog computes
them: `+ - * % abs` stop the run on an overflow (and `%` on a zero divisor), `<<` stops on
a shift outside 0..63 and otherwise drops the bits shifted out; a rule derives nothing
where egglog stops, so those cases are premises of the proof, and nothing else is.

z3 does not find proofs that a product of bit-vectors grows with its factors. Where the
matched term multiplies lanes, the problem is given instances of one lemma of arithmetic,
`monotone_product`: for 64-bit words 0 <= a <= b and 0 <= c <= d with b*d not
overflowing, a*c does not overflow and a*c <= b*d (the words are then integers and the
products exact; tests/test_rules_smt.py proves it over the integers and over every word
of a small width). Instances are assumptions only where the lemma holds, so they cannot
make a wrong rule pass.

Facts about runs of lanes (`same`, `contig`, `contig_div`: aligned groups of a power of
two lanes along the last axis) are proved over lanes: each input is a function of the
lane, premises hold at one free lane and at the first lanes of its groups (and theirs),
the conclusion at the free lane. Shape changes, pointers, assumes and loops are not
expressed: `prove` says so and the rule stays with `check_fact_rule`'s instances.
"""
from __future__ import annotations

import itertools
from typing import Any

from eqsat.ir.types import INT_WIDTHS, PointerType, TileType, byte_size
from eqsat.ir.verify import verify
from eqsat.rules import smt

_INTS = ("i8", "i16", "i32", "i64")
# a hint that the pointee's size is free: 1, 2, 4 or 8 bytes (every element type's)
_ANY_POINTEE = "__any_pointee"
# egglog's i64 numbers: 64-bit words (lanes of narrower integers are sign-extended)
_W = 64
_FACT_FNS = ("lo", "hi", "div2")
_LANE_FNS = ("same", "contig", "contig_div")
# ops whose result lane reads another lane of the operand (the solver's one-lane
# semantics of them are identities, true of one lane only)
_MOVES_LANES = ("reshape", "broadcast")
_TYPE_FNS = ("ty_min", "ty_max", "ty_bits", "ty_elem", "ty_pointee_bytes")
_TERMS = ("Op0", "Op1", "Op2", "Op3", "Const")
_CONVERT = ("exti", "trunci")
_MIN = -(1 << 63)


class _Unsupported(Exception):
    pass


# z3's budget per check, in its own deterministic resource units rather than seconds, so
# a proof does not give up on a loaded machine: the costliest built-in proof
# (remi-divisible) takes about 33 million; a wall-clock limit stays only as a backstop
_RLIMIT = 100_000_000
_RLIMIT_CUT = 20_000_000


def _limit(s: Any, rlimit: int) -> None:
    s.set("rlimit", rlimit)
    s.set("timeout", 300_000)


def _z3() -> Any:
    return smt._z3()


def _kind(d: Any) -> str:
    return type(d).__name__


def _expr(d: Any) -> Any:
    return d.expr if _kind(d) == "TypedExprDecl" else d


def _callee(d: Any) -> str | None:
    c = getattr(d, "callable", None)
    if c is None:
        return None
    if _kind(c) == "MethodRef":
        return str(c.method_name)
    ident = getattr(c, "ident", None)
    return str(ident.name) if ident is not None else None


def pattern_tree(d: Any) -> Any:
    """A term pattern (egglog declaration) in `soundness.term_tree`'s form."""
    d = _expr(d)
    k = _kind(d)
    if k == "UnboundVarDecl":
        return ("var", d.name)
    if k == "LitDecl":
        return ("lit", d.value)
    if k == "CallDecl":
        name = _callee(d)
        args = [_expr(a) for a in d.args]
        if name == "Ty":
            return ("ty", args[0].value if _kind(args[0]) == "LitDecl" else None)
        if name in _TERMS:
            return (name, *[pattern_tree(a) for a in args])
    raise _Unsupported(f"pattern {d}")


def _decl(fact: Any) -> Any:
    got = getattr(fact, "fact", None)
    if got is not None:
        return got
    typed = getattr(fact, "__egg_typed_expr__", None)
    if typed is not None:
        return typed.expr
    raise _Unsupported(f"condition {fact}")


class _Problem:
    """One instantiation: the kernel's values as z3 terms, premises and goal."""

    def __init__(self, dt: str, hints: dict[str, str], attrs: dict[str, dict],
                 terms: dict[str, Any], rhs: Any):
        from eqsat.rules.soundness import SideBuilder, const_bit_vars
        from eqsat.text.parser import parse_type
        z3 = _z3()
        self.z3 = z3
        self.dt = dt
        self.ints: dict[str, Any] = {}
        self.premises: list[Any] = []
        self.products: list[tuple[Any, Any]] = []
        self.lanes: list[Any] = []
        self.lane: Any = None
        self.types: dict[str, TileType] = {}
        self.strings: dict[str, str] = {}
        self.pointee_log: Any = None
        if hints.get(_ANY_POINTEE):
            self.pointee_log = z3.BitVec("pointee_log", _W)
            self.premises.append(z3.ULE(self.pointee_log, 3))
        hint_types = {k: parse_type(v) for k, v in hints.items() if k != _ANY_POINTEE}
        bits = {}
        for tree in terms.values():
            for name in const_bit_vars(tree):
                bits[name] = 1
        self.bits_vars = set(bits)
        self.values: dict[str, Any] = {}
        self.inputs = smt.Inputs(pointee_log=self.pointee_log)
        self.root_name: str | None = None
        self.kernel: Any = None
        b = SideBuilder(dt, hint_types, bits, attrbind=attrs)
        b.pointers = True
        for name, tree in terms.items():
            k = b.kernel(tree) if self.root_name is None else None
            if k is None:
                raise _Unsupported("several matched terms")
            verify(k)
            v, undef, _ = smt.translate(k, self.inputs, b.symbolic)
            self.kernel, self.symbolic = k, b.symbolic
            self.values[name] = v
            self.root_name = name
            self.root_type = b.root.tile
            self.undef = undef
        self.builder = b
        if rhs is not None:
            sib = b.sibling()
            k2 = sib.kernel(rhs, out_t=b.root.tile)
            verify(k2)
            self.rhs, self.rhs_undef, _ = smt.translate(k2, self.inputs, sib.symbolic)
        for name, t in b.var_types.items():
            self.types[f"typeof:{name}"] = t
        for name, t in b.tybind.items():
            self.types[name] = t
        self.bits_elem = dt

    def value(self, name: str) -> Any:
        if self.lane is not None:
            return self._at(self.lane, name)
        if name in self.values:
            return self.values[name]
        if name in self.inputs.vars:
            return self.inputs.vars[name]
        raise _Unsupported(f"a fact about '{name}', which the pattern does not bind")

    def signed(self, name: str) -> Any:
        v = self.value(name)
        return self.z3.SignExt(_W - v.size(), v)

    def int_var(self, name: str) -> Any:
        z3 = self.z3
        if name in self.inputs.vars and name not in self.values:     # a constant's bits
            bv = self.inputs.vars[name]
            return z3.SignExt(_W - bv.size(), bv)
        if name not in self.ints:
            self.ints[name] = z3.BitVec(name, _W)
        return self.ints[name]

    def lemmas(self) -> list[Any]:
        """`monotone_product` for the pattern's lanes and the rule's i64 products."""
        z3 = self.z3
        lanes = [z3.SignExt(_W - v.size(), v) for k, v in sorted(self.inputs.vars.items())
                 if k not in self.values and k not in self.bits_vars]
        out = []
        for u, v in itertools.permutations(lanes, 2):
            for p, q in self.products:
                for a, b in ((p, q), (q, p)):
                    out += [monotone_product(u, a, v, b), monotone_product(a, u, b, v)]
        return out

    def _checked(self, ok: Any) -> None:
        """egglog stops the run where `ok` fails: the rule derives nothing there."""
        self.premises.append(ok)

    def type_of(self, var: str) -> TileType:
        if var == self.root_name:
            return self.root_type
        t = self.types.get(f"typeof:{var}")
        if t is None:
            raise _Unsupported(f"the type of '{var}'")
        return t

    def ty_var(self, name: str) -> TileType:
        t = self.types.get(name)
        if t is None:
            raise _Unsupported(f"type variable '{name}'")
        return t

    def i64(self, d: Any) -> Any:
        """An i64 expression of egglog as an exact integer."""
        z3 = self.z3
        d = _expr(d)
        k = _kind(d)
        if k == "UnboundVarDecl":
            return self.int_var(d.name)
        if k == "LitDecl":
            return z3.BitVecVal(int(d.value), _W)
        if k != "CallDecl":
            raise _Unsupported(f"i64 expression {d}")
        name = _callee(d)
        args = [self.i64(a) for a in d.args] if name not in _FACT_FNS + _TYPE_FNS else []
        if name in ("__add__", "__sub__", "__mul__"):
            a, b = args
            no_over = {"__add__": (z3.BVAddNoOverflow(a, b, True), z3.BVAddNoUnderflow(a, b)),
                       "__sub__": (z3.BVSubNoOverflow(a, b), z3.BVSubNoUnderflow(a, b, True)),
                       "__mul__": (z3.BVMulNoOverflow(a, b, True),
                                   z3.BVMulNoUnderflow(a, b))}[name]
            self._checked(z3.And(*no_over))
            if name == "__mul__":
                self.products.append((a, b))
            return {"__add__": a + b, "__sub__": a - b, "__mul__": a * b}[name]
        if name == "__abs__":
            self._checked(args[0] != _MIN)
            return z3.If(args[0] < 0, -args[0], args[0])
        if name == "min":
            return z3.If(args[0] < args[1], args[0], args[1])
        if name == "max":
            return z3.If(args[0] > args[1], args[0], args[1])
        if name == "__mod__":                       # Rust's %: the sign of the dividend
            self._checked(z3.And(args[1] != 0, z3.Or(args[0] != _MIN, args[1] != -1)))
            return z3.SRem(args[0], args[1])
        if name == "__and__":
            return args[0] & args[1]
        if name == "__lshift__":                    # bits shifted out are lost, not checked
            self._checked(z3.And(args[1] >= 0, args[1] < 64))
            return args[0] << args[1]
        if name == "ty_pointee_bytes":
            t = self._type_arg(d)
            if not isinstance(t.elem, PointerType):
                raise _Unsupported(f"{name} of {t}")
            if self.pointee_log is not None:
                return z3.BitVecVal(1, _W) << self.pointee_log
            return z3.BitVecVal(byte_size(t.elem.pointee), _W)
        if name in ("ty_min", "ty_max", "ty_bits"):
            t = self._type_arg(d)
            w = INT_WIDTHS.get(str(t.elem))
            if w is None:
                raise _Unsupported(f"{name} of {t}")
            return z3.BitVecVal({"ty_min": -(1 << (w - 1)), "ty_max": (1 << (w - 1)) - 1,
                                 "ty_bits": w}[name], _W)
        raise _Unsupported(f"i64 operation '{name}'")

    def _type_arg(self, d: Any) -> TileType:
        arg = _expr(d.args[0])
        if _kind(arg) != "UnboundVarDecl":
            raise _Unsupported(f"type of {arg}")
        return self.ty_var(arg.name)

    def fact(self, fn: str, var: str, bound: Any, every_lane: bool = True) -> Any:
        """`fn(var) == bound`; with lanes modelled, at every lane of the problem (a premise)
        or at the one free lane (a conclusion)."""
        z3 = self.z3
        if not self.lanes:
            if fn in _LANE_FNS:
                raise _Unsupported(f"a '{fn}' fact without lanes")
            return self._fact(fn, var, bound)
        out = []
        for lane in (self.lanes if every_lane else self.lanes[:1]):
            self.lane = lane
            try:
                if fn in _LANE_FNS:
                    out.append(self._run_fact(fn, var, bound, lane))
                else:
                    out.append(self._fact(fn, var, bound))
            finally:
                self.lane = None
        if fn in ("same", "contig") and not every_lane:
            out.append(_pow2(bound))
        return z3.And(out)

    def _fact(self, fn: str, var: str, bound: Any) -> Any:
        if fn == "lo":
            return self.signed(var) >= bound
        if fn == "hi":
            return self.signed(var) <= bound
        # divisibility by a power of two (all div2 holds): the low bits are zero
        return _low_zero(self.signed(var), bound)

    def _run_fact(self, fn: str, var: str, size: Any, lane: Any) -> Any:
        """A fact about the aligned group of `size` lanes (a power of two) holding `lane`,
        stated between `lane` and the group's first lane."""
        z3 = self.z3
        if fn == "contig_div":
            k = self.contig_size.get(var)
            if k is None:
                raise _Unsupported(f"contig_div({var}) without contig({var})")
            first = lane & -k
            return _low_zero(self._signed_at(first, var), size)
        first = lane & -size
        here, there = self._at(lane, var), self._at(first, var)
        if fn == "same":
            return here == there
        step = z3.Extract(here.size() - 1, 0, lane - first)
        return here == there + self._scaled(var, step)

    def _scaled(self, var: str, step: Any) -> Any:
        """What a lane `step` lanes on differs by: `step`, or for a pointer `step` times
        the pointee's size in bytes."""
        try:
            t = self.type_of(var)
        except _Unsupported:
            return step
        if not isinstance(t.elem, PointerType):
            return step
        if self.pointee_log is not None:
            return step << self.pointee_log
        return step * byte_size(t.elem.pointee)

    def _signed_at(self, lane: Any, var: str) -> Any:
        v = self._at(lane, var)
        return self.z3.SignExt(_W - v.size(), v)

    def _at(self, lane: Any, name: str) -> Any:
        """The value named `name` at a lane: every input is a function of the lane, the
        matched op is computed from its inputs' lanes, a constant's bits are one word."""
        key = (lane.sexpr(), name)
        if key in self._lane_cache:
            return self._lane_cache[key]
        z3 = self.z3
        inputs = smt.Inputs(pointee_log=self.pointee_log)
        for n, v in self.inputs.vars.items():
            if n in self.bits_vars:
                inputs.vars[n] = v
            else:
                fn = z3.Function(f"{n}@lane", z3.BitVecSort(_W), v.sort())
                inputs.vars[n] = fn(lane)
            inputs.elems[n] = self.inputs.elems[n]
        values = dict(inputs.vars)
        if self.kernel is not None and self.root_name is not None:
            values[self.root_name] = smt.translate(self.kernel, inputs, self.symbolic)[0]
        for n, v in values.items():
            self._lane_cache[(lane.sexpr(), n)] = v
        if key not in self._lane_cache:
            raise _Unsupported(f"a fact about '{name}', which the pattern does not bind")
        return self._lane_cache[key]

    def cuts(self) -> list[Any]:
        """Steps toward a conclusion that a run of lanes holds one value: every input holds
        one value on it too (true of the operands of an elementwise op; `_proved_cuts`
        keeps only those that follow from the premises)."""
        if not self.lanes:
            return []
        lane = self.lanes[0]
        return [self._at(lane, n) == self._at(lane & -size, n) for size in self.same_goals
                for n in sorted(self.inputs.vars) if n not in self.bits_vars]

    def use_lanes(self, facts: list[Any], goals: list[Any]) -> None:
        """Model lanes when a fact is about runs of them: one free lane, and every first
        lane of an aligned group holding it (and of the groups holding those), for every
        group size the rule names; premises hold at each of these lanes."""
        z3 = self.z3
        moved = sorted({op.name for op in self.kernel.body.ops if op.name in _MOVES_LANES}) \
            if self.kernel is not None else []
        if moved:
            raise _Unsupported(f"runs of lanes through '{moved[0]}' (which lane of the "
                               "operand a lane reads is not modelled)")
        sizes: list[Any] = []
        self.contig_size: dict[str, Any] = {}
        self._lane_cache: dict[tuple[str, str], Any] = {}
        self.same_goals: list[Any] = []
        for var, fn, rhs, premise in _lane_facts(facts, goals):
            if fn in ("same", "contig"):
                size = self.i64(rhs)
                sizes.append(size)
                if fn == "same" and not premise:
                    self.same_goals.append(size)
                if premise:
                    self.premises.append(_pow2(size))
                if fn == "contig" and (premise or var not in self.contig_size):
                    self.contig_size[var] = size
        lane = z3.BitVec("lane", _W)
        self.premises.append(z3.And(lane >= 0, lane < (1 << 40)))
        lanes, seen = [lane], {lane.sexpr()}
        for _ in range(2):
            for one in list(lanes):
                for size in sizes:
                    first = one & -size
                    if first.sexpr() not in seen:
                        seen.add(first.sexpr())
                        lanes.append(first)
        self.lanes = lanes

    def condition(self, d: Any) -> Any:
        """A fact of the rule's left-hand side (other than the matched term)."""
        z3 = self.z3
        k = _kind(d)
        if k == "EqDecl":
            left, right = _expr(d.left), _expr(d.right)
            fn = _callee(left) if _kind(left) == "CallDecl" else None
            if fn in _FACT_FNS + _LANE_FNS:
                var = _expr(left.args[0])
                bound = self.i64(right)
                out = [self.fact(fn, var.name, bound)]
                return z3.And(out)
            if fn == "type_of":
                var, tv = _expr(left.args[0]).name, right.name
                t = self.type_of(var)
                have = self.types.get(tv)
                if have is not None and have != t:
                    return z3.BoolVal(False)
                self.types[tv] = t
                return z3.BoolVal(True)
            if fn == "ty_elem":
                t = self._type_arg(left)
                self.strings[right.name] = str(t.elem)
                return z3.BoolVal(True)
            if fn in ("ty_bits", "ty_min", "ty_max"):
                return self.i64(left) == self.i64(right)
            return self.i64(left) == self.i64(right)
        if k == "CallDecl":
            name = _callee(d)
            args = [_expr(a) for a in d.args]
            if name == "!=" and any(_kind(a) == "LitDecl" and isinstance(a.value, str)
                                    for a in args):
                var = next(a for a in args if _kind(a) == "UnboundVarDecl")
                lit = next(a for a in args if _kind(a) == "LitDecl")
                elem = self.strings.get(var.name, self.dt)
                return z3.BoolVal(elem != lit.value)
            x, y = (self.i64(a) for a in args)
            ops = {"!=": lambda: x != y, "__lt__": lambda: x < y, "__le__": lambda: x <= y,
                   "__gt__": lambda: x > y, "__ge__": lambda: x >= y, "==": lambda: x == y}
            if name not in ops:
                raise _Unsupported(f"condition '{name}'")
            return ops[name]()
        raise _Unsupported(f"condition {d}")

    def conclusion(self, action: Any) -> Any:
        d: Any = getattr(action, "action", None)
        if _kind(d) != "SetDecl":
            raise _Unsupported(f"action {action}")
        fn = _callee(d.call)
        var = _expr(d.call.args[0])
        if fn not in _FACT_FNS + _LANE_FNS or _kind(var) != "UnboundVarDecl":
            raise _Unsupported(f"a '{fn}' fact")
        return self.fact(fn, var.name, self.i64(d.rhs), every_lane=False)


def _proved_cuts(cuts: list[Any], premises: list[Any]) -> list[Any]:
    """The cuts that follow from the premises (each proved on its own, without the ops'
    arithmetic in the way); adding them to the premises changes nothing that is proved."""
    z3 = _z3()
    out = []
    for cut in cuts:
        s = z3.Solver()
        _limit(s, _RLIMIT_CUT)
        s.add(*premises, z3.Not(cut))
        if s.check() == z3.unsat:
            out.append(cut)
    return out


def _pow2(v: Any) -> Any:
    z3 = _z3()
    return z3.Or([v == (1 << i) for i in range(63)])


def _low_zero(x: Any, d: Any) -> Any:
    """x is a multiple of d, a power of two up to 2^30."""
    z3 = _z3()
    return z3.Or([z3.And(d == (1 << i), z3.Extract(i - 1, 0, x) == 0) if i else d == 1
                  for i in range(31)])


def _lane_facts(facts: list[Any], goals: list[Any]) -> list[tuple[str, str, Any, bool]]:
    """(variable, function, value, is a premise) of the facts about runs of lanes."""
    out: list[tuple[str, str, Any, bool]] = []
    d: Any
    for d in facts:
        if _kind(d) == "EqDecl" and _kind(_expr(d.left)) == "CallDecl" and \
                _callee(_expr(d.left)) in _LANE_FNS:
            out.append((_expr(_expr(d.left).args[0]).name, str(_callee(_expr(d.left))),
                        d.right, True))
    for a in goals:
        d = getattr(a, "action", None)
        if _kind(d) == "SetDecl" and _callee(d.call) in _LANE_FNS:
            out.append((_expr(d.call.args[0]).name, str(_callee(d.call)), d.rhs, False))
    return out


def monotone_product(a: Any, b: Any, c: Any, d: Any) -> Any:
    """0 <= a <= b, 0 <= c <= d and b*d within i64 imply a*c within i64 and a*c <= b*d
    (64-bit words, signed)."""
    z3 = _z3()
    return z3.Implies(
        z3.And(a >= 0, a <= b, c >= 0, c <= d, z3.BVMulNoOverflow(b, d, True)),
        z3.And(z3.BVMulNoOverflow(a, c, True), a * c <= b * d))


def _multiplies(tree: Any) -> bool:
    if isinstance(tree, tuple):
        if tree[0] in _TERMS and tree[1] == ("lit", "muli"):
            return True
        return any(_multiplies(c) for c in tree[1:])
    return False


# integer width changes: op name -> whether it widens (its operand is the narrower type)
_WIDTH_CHANGES = {"exti": True, "trunci": False}


def _instantiations(tree: Any) -> list[tuple[str, dict[str, str]]]:
    """(element type, type hints) pairs: every integer width, and for a conversion every
    pair of widths it converts between."""
    conv = None

    def walk(n: Any) -> None:
        nonlocal conv
        if isinstance(n, tuple):
            if n[0] == "Op1" and n[1][0] == "lit" and n[1][1] in _WIDTH_CHANGES:
                if n[4][0] == "var":
                    conv = (n[1][1], n[4][1])
            for c in n[1:]:
                walk(c)
    walk(tree)
    if tree[0] == "Op2" and tree[1] == ("lit", "offset") and tree[4][0] == "var":
        # an address of every pointee size, offset by every integer width
        return [(dt, {tree[4][1]: "tile<ptr<i8>>", _ANY_POINTEE: "1"}) for dt in _INTS]
    if conv is None:
        return [(dt, {}) for dt in _INTS]
    name, var = conv
    out = []
    for a, b in itertools.combinations(_INTS, 2):
        src, dst = (a, b) if _WIDTH_CHANGES[name] else (b, a)
        out.append((dst, {var: f"tile<{src}>"}))
    return out


def prove(rule: Any) -> tuple[str, Any]:
    """("proved", instances), ("refuted", description) or ("unsupported", why)."""
    from eqsat.rules.dsl import Action
    from eqsat.rules.soundness import term_tree, attribute_sets
    if not smt.available():
        return "unsupported", "the z3-solver package is not installed"
    z3 = _z3()
    try:
        if isinstance(rule, Action):
            facts = [_decl(f) for f in rule.facts]
            terms, rest = {}, []
            for d in facts:
                if _kind(d) == "EqDecl" and _kind(_expr(d.left)) == "UnboundVarDecl" and \
                        _callee(_expr(d.right)) in _TERMS:
                    terms[_expr(d.left).name] = pattern_tree(d.right)
                else:
                    rest.append(d)
            goals, rhs = list(rule.actions), None
            loop = _loop_shape(rest)
            if loop is not None:
                return _prove_iv(loop, rest, goals)
            if len(terms) != 1:
                about = sorted({_expr(_expr(d.left).args[0]).name for d in rest
                                if _kind(d) == "EqDecl" and _kind(_expr(d.left)) == "CallDecl"
                                and _callee(_expr(d.left)) in ("type_of", *_FACT_FNS,
                                                               *_LANE_FNS)})
                if terms or len(about) != 1:
                    raise _Unsupported("a rule matching several terms")
                # facts of any one value: the value is an input of every type
                terms = {about[0]: ("var", about[0])}
        else:
            terms = {"__lhs": term_tree(rule.lhs)}
            rest = [_decl(c) for c in rule.conditions]
            goals, rhs = [], term_tree(rule.rhs)
        (root, tree), = terms.items()
        done = 0
        for dt, hints in _instantiations(tree):
            for attrs in attribute_sets(tree):
                try:
                    p = _Problem(dt, hints, attrs, {root: tree}, rhs) if tree[0] != "var" \
                        else _VarProblem(dt, root)
                except (ValueError, KeyError, TypeError, OverflowError) as e:
                    if isinstance(e, smt.Unsupported):
                        raise _Unsupported(str(e)) from None
                    continue                    # no such instance (does not verify)
                except Exception as e:          # noqa: BLE001 - a verify error: no instance
                    if type(e).__name__ in ("VerifyError", "EqsatError"):
                        continue
                    raise
                if _lane_facts(rest, goals):
                    p.use_lanes(rest, goals)
                conds = [p.condition(d) for d in rest]
                if rhs is not None:
                    goal = z3.Or(p.undef, z3.And(z3.Not(p.rhs_undef), smt.same_value(
                        str(p.root_type.elem), p.values[root], p.rhs)))
                else:
                    goal = z3.And([p.conclusion(a) for a in goals])
                s = z3.Solver()
                _limit(s, _RLIMIT)
                s.add(*p.premises, *conds, z3.Not(goal))
                s.add(*_proved_cuts(p.cuts(), [*p.premises, *conds]))
                if _multiplies(tree):
                    s.add(*p.lemmas())
                got = s.check()
                if got == z3.unknown:
                    return "unsupported", f"the solver gave up ({s.reason_unknown()})"
                if got == z3.sat:
                    m = s.model()
                    shown = {str(d): m[d] for d in m.decls()}
                    return "refuted", (f"for {dt}{' ' + str(hints) if hints else ''} with "
                                       f"attributes {attrs}: {shown}")
                done += 1
        if not done:
            return "unsupported", "no instance of its pattern verifies"
        return "proved", done
    except (_Unsupported, smt.Unsupported) as e:
        return "unsupported", str(e)


def _loop_shape(facts: list[Any]) -> tuple[str, str, str, str] | None:
    """(lower bound, upper bound, step, induction variable) when the rule matches a `for`
    loop and its induction variable (argument 0 of the loop's region)."""
    loops, ivs = {}, {}
    for d in facts:
        if _kind(d) != "EqDecl":
            continue
        for call, other in ((_expr(d.left), _expr(d.right)), (_expr(d.right), _expr(d.left))):
            if _kind(call) != "CallDecl" or _kind(other) != "UnboundVarDecl":
                continue
            args = [_expr(a) for a in call.args]
            if _callee(call) == "For" and all(_kind(a) == "UnboundVarDecl" for a in args[:4]):
                loops[args[0].name] = (args[1].name, args[2].name, args[3].name)
            if _callee(call) == "Arg" and _kind(args[0]) == "UnboundVarDecl" and \
                    _kind(args[1]) == "LitDecl" and args[1].value == 0:
                ivs[args[0].name] = other.name
    for region, (lb, ub, step) in sorted(loops.items()):
        if region in ivs:
            return lb, ub, step, ivs[region]
    return None


def _prove_iv(loop: tuple[str, str, str, str], facts: list[Any],
              goals: list[Any]) -> tuple[str, Any]:
    """A fact of a `for` loop's induction variable: its value in the iteration k >= 0 is
    lb + k*step (exact: the loop runs only while it is below ub, signed, so no earlier
    value wraps), and it is below ub. The product is given by its consequences only
    (sign, powers of two dividing it): fewer premises, so nothing false is proved."""
    z3 = _z3()
    lb, ub, step, iv = loop
    rest = [d for d in facts if not (_kind(d) == "EqDecl" and any(
        _callee(_expr(side)) in ("For", "Arg") for side in (d.left, d.right)
        if _kind(_expr(side)) == "CallDecl"))]
    done = 0
    for dt in _INTS:
        p = _VarProblem(dt, iv)
        for name in (lb, ub, step):
            p.values[name] = p.inputs.get(name, dt)
        wide = _W + 2
        lo_, hi_, st, n = (z3.SignExt(wide - p.values[v].size(), p.values[v])
                           for v in (lb, ub, step, iv))
        # m = k*step for some k >= 0, by what that implies: the sign of the step (or 0),
        # and every power of two dividing the step (z3 is slow with the product itself)
        m = z3.BitVec("k*step", wide)
        p.premises += [m >= -(1 << _W), m <= (1 << _W), n == lo_ + m, n < hi_,
                       z3.Implies(st > 0, m >= 0), z3.Implies(st < 0, m <= 0),
                       z3.Implies(st == 0, m == 0),
                       *[z3.Implies(z3.Extract(i - 1, 0, st) == 0, z3.Extract(i - 1, 0, m) == 0)
                         for i in range(1, _W)]]
        conds = [p.condition(d) for d in rest]
        goal = z3.And([p.conclusion(a) for a in goals])
        s = z3.Solver()
        _limit(s, _RLIMIT)
        s.add(*p.premises, *conds, z3.Not(goal))
        got = s.check()
        if got == z3.unknown:
            return "unsupported", f"the solver gave up ({s.reason_unknown()})"
        if got == z3.sat:
            m = s.model()
            return "refuted", f"for {dt}: {({str(d): m[d] for d in m.decls()})}"
        done += 1
    return "proved", done


class _VarProblem(_Problem):
    """A fact of any value (no op matched): one input of the element type."""

    def __init__(self, dt: str, name: str):
        z3 = _z3()
        self.z3 = z3
        self.dt = dt
        self.ints = {}
        self.premises = []
        self.products = []
        self.lanes = []
        self.lane = None
        self.kernel = None
        self.bits_vars = set()
        self.strings = {}
        self.pointee_log = None
        self.inputs = smt.Inputs()
        self.values = {name: self.inputs.get(name, dt)}
        self.root_name = name
        self.root_type = TileType((), dt)
        self.types = {f"typeof:{name}": self.root_type}
        self.undef = z3.BoolVal(False)


__all__ = ["monotone_product", "prove", "pattern_tree"]
