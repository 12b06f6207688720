"""Proofs of the memory-token rules (rules/tokens.py) and the type rules (rules/core.py):
each rule's facts and actions, read from its egglog declarations, become an SMT problem
in an ordering model, and z3 shows that what the rule adds to the e-graph is true
whenever what it matched is.

The ordering model (design section 3). Memory accesses are named by their uid (a `Mem`
node's attribute id: every weaker form of an op keeps its uid). A token class stands for
a set of accesses, `den(x)`: `make_token` and `NoTok` for none, `join` for the union of
its members, a memory op's result token for the op plus what its input token stands for,
a re-join for the union of its two parts. Two accesses conflict as eqsat.memory.conflict
states it:

    conflict(q, o) = release(o) or acquire(q) or print(q) and print(o)
                     or (writes(q) or writes(o)) and overlap(q, o)

with `writes`, `overlap` (the footprints may meet), `acquire`, `release` free: every
kind and footprint of access is covered. An access inside a loop stands for all its
iterations, so `conflict(q, o)` means that some instance of q the token orders before
some instance of o may conflict with it (`conflict(s, s)` for a store s whose iterations
may touch one address). The weakening lemma is the model's one axiom of values: a memory
op's value is a function of its name, uid, type, operands and the set of accesses its
input token orders before it *that conflict with it* (the program's meaning is fixed by
the order of every conflicting pair). So replacing `o[T]` by `o[T']` keeps its value
exactly when T and T' hold the same accesses that conflict with o: every conflicting
pair ordered on the left is ordered on the right, and the right adds no wait.

Each relation and function the rules read or write has a meaning in the model:

* `Contains(x, y)`, `Step(x, y)`: den(y) is a subset of den(x); `Member(j, e)`: likewise
  for a member e of the join j; `Rest(j, xs)`: every token of bag xs, `Pair(j, x, y)`:
  den(j) is den(x) union den(y); `Ask(x, y)`: x and y are tokens (a question about them);
  `Orig`: nothing (a marker);
* `Weak(m, p, tok)`: m is `Mem(n, a, t, args, tok)` and p is `Mem(n, a, t, args, T')`
  (the same access) with den(T') a subset of den(tok) and no access of den(tok) minus
  den(T') in conflict with a (the lemma's premise);
* `Level(x) == l`: l >= 0, and l == 0 only if x stands for no access (merged by min, which
  keeps it); `MemLevel(a) >= 1` (a memory op's result token is a position after the root);
* the encoder's facts, assumed here and established elsewhere (each with its own tests):
  `Need(c, T)` (eqsat.egraph.tokenfacts `_Needs`): the bag's tokens stand for a subset of
  den(T), and no access of den(T) outside them conflicts with any op of need class c
  (`NeedClass`); that rests on the ordering keys (eqsat.memory.conflict), the alias
  groups (eqsat.memory.alias) and, for a loop-parallel store skipping earlier
  iterations, the injectivity analysis (eqsat.memory.injective; `parallel_store_lemma`
  below proves the step from injectivity to disjoint iterations);
  `CarryArg(r, a, i)` (eqsat.memory.relations): the carried token a of loop r stands for
  at least its init i at every iteration (the body passes on a token standing for it);
  `CarryOut(r, k, i)`: result k of loop r stands for at least init i; `IfBase(h, k, b)`:
  result token k of if h stands for at least b; a region id names one loop;
* typing: a node's type field is its value's type (the encoder writes each IR value's
  type, the verifier checks it, `soundness.check_rule` refuses rewrites whose sides may
  differ in type); `cval(n) == b`: n is the constant of its type with payload b; a
  loop's result k has the type of its init k, and a loop is not a token;
* loops: a `for` whose bounds are constants with lb >= ub and a positive step runs no
  iteration (the interpreter's `for_bounds`: integer bounds, read by value, as the
  constants' payloads hold them; the encoder takes no `unsigned` loop). Such a loop is
  its inits and nothing else: its value (results and effects, `idle`) is a function of
  its inits and type alone, whatever its body, and its result k is its init k (the
  same value, or the same accesses for a token).

A union must keep the class's meaning: its type, and a token class what it stands for, a
value class its value. A node the rule matched is well formed (a re-join joins tokens, a
memory op takes a token, a join's bag holds tokens); a node it builds must be shown so.
Multisets are read through facts true of every multiset (a member's tokens
are in the union, removing a member keeps the rest, a bag of length 1 is its pick, ...),
instantiated on the bags of the problem. Goals about sets are proved at one free access
`w` (so a refutation names the access) and premises hold of whole sets.

What this does not prove: that the encoder's facts above are true of a program (their
own analyses and tests; tests/test_rules_tokens_smt.py checks `Need` rows against their
meaning on straight-line parts of the corpus and of random kernels), that extraction
picks one form per uid, and termination or completeness of the rules (a rule that
derives too little is not wrong).
"""
from __future__ import annotations

from typing import Any

from eqsat.rules import smt

_TERM_FNS = ("Mem", "Proj", "Join", "ReJoin", "Op0", "Op1", "Op2", "Op3", "Arg", "For",
             "Loop", "NoTok", "Const", "ConstDense", "Param")
_TYPED = {"Const": 0, "ConstDense": 0, "Param": 1, "Arg": 2, "Op0": 2, "Op1": 2, "Op2": 2,
          "Op3": 2, "Proj": 2, "Mem": 2, "For": 6, "Loop": 3}   # constructor -> its type
_TOKEN_TERMS = ("Join", "ReJoin", "NoTok")          # constructors whose value is a token
_VALUE_FNS = {"Need": "Bag", "NeedClass": "i64", "Level": "i64", "MemLevel": "i64",
              "type_of": "String", "cval": "i64", "ty_elem": "String"}
_RELATIONS = ("Weak", "Ask", "Pair", "Member", "Rest", "Step", "Contains", "Orig",
              "CarryArg", "CarryOut", "IfBase")


class Unsupported(Exception):
    """A rule this model cannot read (it stays with the sampled checks)."""


def _kind(d: Any) -> str:
    return type(d).__name__


def _callee(c: Any) -> str:
    k = _kind(c)
    if k == "MethodRef":
        return f"{c.ident.name}.{c.method_name}"
    if k == "InitRef":
        return f"{c.ident.name}.init"
    ident = getattr(c, "ident", None)
    if ident is None:
        raise Unsupported(f"callable {c}")
    return str(ident.name)


def _sort_name(tp: Any) -> str:
    return str(tp.ident.name) if tp is not None else "?"


def tree(d: Any, tp: Any = None) -> Any:
    """An egglog declaration as nested tuples: ("var", name, sort), ("lit", value),
    ("call", name, args), ("eq", left, right), ("set", call, value), ("union", x, y)."""
    k = _kind(d)
    if k == "TypedExprDecl":
        return tree(d.expr, d.tp)
    if k == "UnboundVarDecl":
        return ("var", d.name, _sort_name(tp))
    if k == "LitDecl":
        return ("lit", d.value)
    if k == "CallDecl":
        return ("call", _callee(d.callable), tuple(tree(a) for a in d.args))
    if k == "EqDecl":
        return ("eq", tree(d.left, d.tp), tree(d.right, d.tp))
    if k == "SetDecl":
        return ("set", tree(d.call), tree(d.rhs, d.tp))
    if k == "UnionDecl":
        return ("union", tree(d.lhs, d.tp), tree(d.rhs, d.tp))
    if k == "ExprActionDecl":
        return tree(d.expr)
    if k == "ExprFactDecl":
        return tree(d.typed_expr)
    raise Unsupported(f"declaration {k}")


def _decl(x: Any) -> Any:
    for attr in ("fact", "action"):
        got = getattr(x, attr, None)
        if got is not None:
            return got
    typed = getattr(x, "__egg_typed_expr__", None)
    if typed is not None:
        return typed
    raise Unsupported(f"fact or action {x}")


class _Model:
    """One rule's problem: its variables and terms in the ordering model, the premises
    (its facts' meanings and the model's axioms) and the goal (its actions' meanings)."""

    def __init__(self) -> None:
        z3 = smt._z3()
        self.z3 = z3
        self.Term = z3.DeclareSort("Term")
        self.Bag = z3.DeclareSort("Bag")
        self.Vec = z3.DeclareSort("Vec")
        self.Val = z3.DeclareSort("Val")
        I, B, S = z3.IntSort(), z3.BoolSort(), z3.StringSort()
        self.Set = z3.SetSort(I)
        self.sorts = {"Term": self.Term, "MultiSet": self.Bag, "Bag": self.Bag,
                      "Vec": self.Vec, "i64": I, "String": S}
        F = z3.Function
        self.den = F("den", self.Term, self.Set)
        self.val = F("val", self.Term, self.Val)
        self.tokbag = F("holds_tokens", self.Bag, B)
        self.tyof = F("type", self.Term, S)
        self.const = F("constant", S, I, self.Val)
        self.members = F("D", self.Bag, self.Set)
        self.length = F("length", self.Bag, I)
        self.contains = F("contains", self.Bag, self.Term, B)
        self.pick = F("pick", self.Bag, self.Term)
        self.remove = F("remove", self.Bag, self.Term, self.Bag)
        self.reset = F("reset_counts", self.Bag, self.Bag)
        self.plus = F("plus", self.Bag, self.Bag, self.Bag)
        self.single = F("single", self.Term, self.Bag)
        self.vget = F("vec_get", self.Vec, I, self.Term)
        self.vlen = F("vec_length", self.Vec, I)
        self.idle = F("idle", self.Vec, S, self.Val)
        self.inits_of = F("inits_of", I, self.Vec)
        self.loop_of = F("loop_of", I, self.Term)
        self.writes = F("writes", I, B)
        self.acquire = F("acquire", I, B)
        self.release = F("release", I, B)
        self.prints = F("prints", I, B)
        self.overlap = F("overlap", I, I, B)
        self.w = z3.Int("w")           # the free access at which set goals are proved
        self.vars: dict[str, Any] = {}
        self.fns: dict[str, Any] = {}
        self.apps: list[tuple[str, tuple, Any, bool]] = []
        self.building = False          # translating actions: terms the rule builds
        self.premises: list[Any] = []
        self.goals: list[tuple[str, Any]] = []
        self.deferred: list[tuple[str, tuple]] = []
        self.fresh_n = 0

    # -- the model ---------------------------------------------------------------------------
    def tok(self, x: Any) -> Any:
        """x is a token (its type is `token`)."""
        return self.tyof(x) == self.z3.StringVal("token")

    def conflict(self, q: Any, o: Any) -> Any:
        z3 = self.z3
        return z3.Or(self.release(o), self.acquire(q), z3.And(self.prints(q), self.prints(o)),
                     z3.And(z3.Or(self.writes(q), self.writes(o)), self.overlap(q, o)))

    def ordered(self, o: Any, s: Any) -> Any:
        """The accesses of set s that conflict with o (what o's value depends on)."""
        q = self.z3.Int("q")
        return self.z3.Lambda([q], self.z3.And(s[q], self.conflict(q, o)))

    def sub(self, a: Any, b: Any, at: Any) -> Any:
        return self.z3.IsSubset(a, b) if at is None else self.z3.Implies(a[at], b[at])

    def same(self, a: Any, b: Any, at: Any) -> Any:
        return a == b if at is None else a[at] == b[at]

    def free(self, o: Any, big: Any, small: Any, at: Any) -> Any:
        """No access of `big` minus `small` conflicts with o."""
        z3 = self.z3
        if at is None:
            q = z3.Int("q")
            return z3.ForAll([q], z3.Implies(z3.And(big[q], z3.Not(small[q])),
                                              z3.Not(self.conflict(q, o))))
        return z3.Implies(z3.And(big[at], z3.Not(small[at])), z3.Not(self.conflict(at, o)))

    def empty(self) -> Any:
        return self.z3.EmptySet(self.z3.IntSort())

    def fresh(self, sort: Any, hint: str) -> Any:
        self.fresh_n += 1
        return self.z3.Const(f"{hint}_{self.fresh_n}", sort)

    # -- terms ---------------------------------------------------------------------------------
    def term(self, t: Any) -> Any:
        z3 = self.z3
        if t[0] == "var":
            got = self.vars.get(t[1])
            if got is None:
                sort = self.sorts.get(t[2])
                if sort is None:
                    raise Unsupported(f"variable {t[1]} of sort {t[2]}")
                got = self.vars[t[1]] = z3.Const(t[1], sort)
            return got
        if t[0] == "lit":
            v = t[1]
            if isinstance(v, bool) or v is None:
                raise Unsupported(f"literal {v!r}")
            return z3.StringVal(v) if isinstance(v, str) else z3.IntVal(v)
        if t[0] != "call":
            raise Unsupported(f"term {t[0]}")
        name, args = t[1], [self.term(a) for a in t[2]]
        methods = {"MultiSet.length": lambda: self.length(args[0]),
                   "MultiSet.pick": lambda: self.pick(args[0]),
                   "MultiSet.remove": lambda: self.remove(args[0], args[1]),
                   "MultiSet.contains": lambda: self.contains(args[0], args[1]),
                   "MultiSet.reset_counts": lambda: self.reset(args[0]),
                   "MultiSet.__add__": lambda: self.plus(args[0], args[1]),
                   "MultiSet.init": lambda: self.single(args[0]),
                   "Vec.__getitem__": lambda: self.vget(args[0], args[1]),
                   "Vec.length": lambda: self.vlen(args[0]),
                   "!=": lambda: args[0] != args[1],
                   # egglog stops a run on an i64 overflow: where it does not, these
                   # are the integers' sum and difference
                   "i64.__add__": lambda: args[0] + args[1],
                   "i64.__sub__": lambda: args[0] - args[1],
                   "i64.__gt__": lambda: args[0] > args[1],
                   "i64.__ge__": lambda: args[0] >= args[1],
                   "i64.__lt__": lambda: args[0] < args[1],
                   "i64.__le__": lambda: args[0] <= args[1]}
        if name in methods:
            if name.startswith("MultiSet.init") and len(args) != 1:
                raise Unsupported("a multiset literal of other than one member")
            out = methods[name]()
        elif name in _TERM_FNS or name in _VALUE_FNS:
            out = self._fn(name, args)
        elif name in _RELATIONS:
            raise Unsupported(f"relation {name} inside a term")
        else:
            raise Unsupported(f"function {name}")
        self.apps.append((name, tuple(args), out, self.building))
        return out

    def _fn(self, name: str, args: list[Any]) -> Any:
        fn = self.fns.get(name)
        if fn is None:
            rng = self.Term if name in _TERM_FNS else self.sorts[_VALUE_FNS[name]]
            fn = self.fns[name] = self.z3.Function(name, *[a.sort() for a in args], rng)
        return fn(*args)

    # -- meanings ------------------------------------------------------------------------------
    def relation(self, name: str, t: Any, at: Any) -> list[tuple[str, Any]]:
        """The meaning of relation row `t` (a "call" tree), as labelled parts; `at` None
        for a premise, else the free access a goal is proved at."""
        z3 = self.z3
        raw = t[2]
        if name == "Weak" and at is not None:
            if raw[1][0] != "call" or raw[1][1] != "Mem":
                raise Unsupported("Weak of a term that is not a memory op")
            n, a, ty, args, weaker = (self.term(x) for x in raw[1][2])
            m, tok = self.term(raw[0]), self.term(raw[2])
            self.term(raw[1])
            return self._weak(m, (n, a, ty, args), tok, weaker, at)
        args = [self.term(x) for x in raw]
        den, tok = self.den, self.tok
        if name == "Weak":
            m, p, tk = args
            fields = tuple(self.fresh(s, h) for s, h in (
                (z3.StringSort(), "name"), (z3.IntSort(), "uid"), (z3.StringSort(), "ty"),
                (self.Vec, "args")))
            weaker = self.fresh(self.Term, "weaker")
            parts = [("same op", p == self._mem(fields, weaker))]
            return parts + self._weak(m, fields, tk, weaker, None)
        if name == "Orig":
            return []
        if name == "Ask":
            return [("a question about two tokens", z3.And(tok(args[0]), tok(args[1])))]
        if name in ("Contains", "Step"):
            x, y = args
            return [(f"{name}: what {y} stands for, {x} stands for", self.sub(den(y), den(x), at)),
                    ("tokens", z3.And(tok(x), tok(y)))]
        if name == "Member":
            j, e = args
            return [("a member's accesses are the join's", self.sub(den(e), den(j), at)),
                    ("tokens", z3.And(tok(j), tok(e)))]
        if name == "Rest":
            j, xs = args
            return [("the rest's accesses are the join's",
                     self.sub(self.members(xs), den(j), at)),
                    ("tokens", z3.And(tok(j), self.tokbag(xs)))]
        if name == "Pair":
            j, x, y = args
            both = z3.SetUnion(den(x), den(y))
            return [("the join stands for both", self.same(den(j), both, at)),
                    ("tokens", z3.And(tok(j), tok(x), tok(y)))]
        if name in ("CarryArg", "CarryOut", "IfBase"):
            if at is not None:
                raise Unsupported(f"{name} as a conclusion")
            self.deferred.append((name, tuple(args)))
            return []
        raise Unsupported(f"relation {name}")

    def _mem(self, fields: tuple, tk: Any) -> Any:
        out = self._fn("Mem", [*fields, tk])
        self.apps.append(("Mem", (*fields, tk), out, self.building))
        return out

    def _weak(self, m: Any, fields: tuple, tk: Any, weaker: Any, at: Any) -> list[tuple[str, Any]]:
        z3, den = self.z3, self.den
        uid = fields[1]
        return [("the op is the memory op with that input", m == self._mem(fields, tk)),
                ("the weaker token stands for part of the input",
                 self.sub(den(weaker), den(tk), at)),
                ("no access the weaker token drops conflicts with the op",
                 self.free(uid, den(tk), den(weaker), at)),
                ("tokens", z3.And(self.tok(tk), self.tok(weaker)))]

    def level(self, x: Any, lv: Any, at: Any) -> Any:
        z3 = self.z3
        empty = z3.Not(self.den(x)[at]) if at is not None else self.den(x) == self.empty()
        return z3.And(lv >= 0, z3.Implies(lv == 0, empty))

    # -- facts and actions ---------------------------------------------------------------------
    def fact(self, t: Any) -> None:
        if t[0] == "eq":
            self.premises.append(self.term(t[1]) == self.term(t[2]))
        elif t[0] == "call" and t[1] in _RELATIONS:
            self.premises.extend(p for _, p in self.relation(t[1], t, None))
        elif t[0] == "call":
            self.premises.append(self.term(t))
        else:
            raise Unsupported(f"fact {t[0]}")

    def action(self, t: Any) -> None:
        z3, w = self.z3, self.w
        self.building = True
        if t[0] == "call" and t[1] in _RELATIONS:
            self.goals.extend(self.relation(t[1], t, w))
        elif t[0] == "union":
            x, y = self.term(t[1]), self.term(t[2])
            self.goals.append(("both sides have one type", self.tyof(x) == self.tyof(y)))
            self.goals.append(("a token class keeps what it stands for",
                               z3.Implies(self.tok(x), self.den(x)[w] == self.den(y)[w])))
            self.goals.append(("a value class keeps its value",
                               z3.Implies(z3.Not(self.tok(x)), self.val(x) == self.val(y))))
        elif t[0] == "set":
            call, v = t[1], self.term(t[2])
            if call[0] != "call":
                raise Unsupported("set of a non-call")
            fn, x = call[1], self.term(call[2][0])
            if fn == "Level":
                old = self.fresh(z3.IntSort(), "old_level")
                self.goals.append(("a level 0 token stands for no access", self.level(x, v, w)))
                self.goals.append(("the merge (min) keeps it",
                                   z3.Implies(self.level(x, old, None),
                                              self.level(x, z3.If(old < v, old, v), w))))
            elif fn == "type_of":
                self.goals.append(("the type is the value's type", self.tyof(x) == v))
            elif fn == "cval":
                self.goals.append(("the constant is the value",
                                   self.val(x) == self.const(self.tyof(x), v)))
            else:
                raise Unsupported(f"set of {fn}")
        else:
            raise Unsupported(f"action {t[0]}")

    # -- axioms of the model, on the problem's terms -------------------------------------------
    def axioms(self) -> list[Any]:
        """Premises true of every term (definitions: what a join stands for, a node's type,
        the lemma) and of every node the rule matched (well-formedness: a re-join joins
        tokens, a memory op takes a token, a join's bag holds tokens). Well-formedness of
        a node the rule builds is a goal instead."""
        z3, den, tok, mb = self.z3, self.den, self.tok, self.members
        token = z3.StringVal("token")
        out: list[Any] = []
        types: list[Any] = [token]
        mems = [args for name, args, _, _ in self.apps if name == "Mem"]
        for name, args, t, built in self.apps:
            formed: list[Any] = []
            if name in _TYPED:
                out.append(self.tyof(t) == args[_TYPED[name]])
                types.append(args[_TYPED[name]])
            if name in _TOKEN_TERMS:
                out.append(self.tyof(t) == token)
            if name == "Const":
                out.append(self.val(t) == self.const(args[0], args[2]))
            elif name == "Join":
                out.append(den(t) == mb(args[0]))
                formed.append(self.tokbag(args[0]))
            elif name == "ReJoin":
                out.append(den(t) == z3.SetUnion(den(args[0]), den(args[1])))
                formed += [tok(args[0]), tok(args[1])]
            elif name == "NoTok":
                out.append(den(t) == self.empty())
            elif name == "Op0":
                out.append(z3.Implies(args[0] == z3.StringVal("make_token"),
                                      den(t) == self.empty()))
            elif name == "Mem":
                formed.append(tok(args[4]))
            elif name in ("For", "Loop"):
                # a region id names the loop as encoded; a loop a rule builds is a goal's
                # term, not that fact
                inits = args[4] if name == "For" else args[1]
                if not built:
                    out += [self.loop_of(args[0]) == t, self.inits_of(args[0]) == inits]
                out += [self.vlen(inits) >= 0, self.tyof(t) != token]
                if name == "For":
                    out += self._idle_for(t, args)
            elif name == "Proj":
                x, i, tt = args
                out.append(i >= 0)
                for ln, largs, lt, _ in self.apps:
                    if ln in ("For", "Loop"):
                        init = self.vget(largs[4] if ln == "For" else largs[1], i)
                        n_res = self.vlen(largs[4] if ln == "For" else largs[1])
                        out.append(z3.Implies(z3.And(x == lt, i < n_res),
                                              self.tyof(t) == self.tyof(init)))
                    if ln == "For":
                        init = self.vget(largs[4], i)
                        out.append(z3.Implies(
                            z3.And(x == lt, i < self.vlen(largs[4]), self._runs_not(largs)),
                            z3.If(tt == token, den(t) == den(init),
                                  self.val(t) == self.val(init))))
                for n, a, ty, margs, tk in mems:
                    lemma = z3.If(tt == token,
                                  den(t) == z3.SetAdd(den(tk), a),
                                  self.val(t) == self._value(n, a, ty, margs, i, tt, tk))
                    out.append(z3.Implies(x == self._fn("Mem", [n, a, ty, margs, tk]), lemma))
            elif name in ("MemLevel", "Level", "Need", "NeedClass") and built:
                raise Unsupported(f"a rule that builds {name}")
            elif name == "MemLevel":
                out.append(t >= 1)
            elif name == "Level":
                out.append(self.level(args[0], t, None))
            elif name == "Need":
                out += self._need(args, t, mems)
            elif name == "ty_elem":
                types.append(args[0])
            if built:
                self.goals += [("the built term is well formed (tokens where tokens go)", f)
                               for f in formed]
            else:
                out += formed
            out += self._bag_axioms(name, args, t)
        for v in self.vars.values():
            if v.sort() == self.Bag:
                out += self._bag_axioms("var", (), v)
        for name, args in self.deferred:
            out += self._encoder_fact(name, args)
        # `token` is the one type whose element is a token
        for ty in types:
            out.append((self._fn("ty_elem", [ty]) == token) == (ty == token))
        return out

    def _runs_not(self, args: tuple) -> Any:
        """The `for` with fields `args` runs no iteration: its bounds and step are
        constants (of the problem) with lb >= ub and step > 0."""
        z3 = self.z3
        consts = [(ca, t) for n, ca, t, _ in self.apps if n == "Const"]
        lb, ub, st = args[1:4]
        if not consts:
            return z3.BoolVal(False)
        return z3.Or(*[z3.And(lb == x, ub == y, st == s, cs[2] > 0, cx[2] >= cy[2])
                       for cx, x in consts for cy, y in consts for cs, s in consts])

    def _idle_for(self, t: Any, args: tuple) -> list[Any]:
        """A `for` that runs no iteration is its inits: its value depends on nothing else."""
        return [self.z3.Implies(self._runs_not(args), self.val(t) == self.idle(args[4], args[6]))]

    def _value(self, n: Any, a: Any, ty: Any, margs: Any, i: Any, tt: Any, tk: Any) -> Any:
        fn = self.fns.get("value_of")
        if fn is None:
            z3 = self.z3
            fn = self.fns["value_of"] = z3.Function(
                "value_of", z3.StringSort(), z3.IntSort(), z3.StringSort(), self.Vec,
                z3.IntSort(), z3.StringSort(), self.Set, self.Val)
        return fn(n, a, ty, margs, i, tt, self.ordered(a, self.den(tk)))

    def _need(self, args: tuple, bag: Any, mems: list[tuple]) -> list[Any]:
        z3 = self.z3
        c, t = args
        out = [z3.IsSubset(self.members(bag), self.den(t)), self.tokbag(bag)]
        need_class = self.fns.get("NeedClass")
        for _, a, _, _, _ in mems:
            if need_class is not None:
                out.append(z3.Implies(need_class(a) == c,
                                      self.free(a, self.den(t), self.members(bag), None)))
        return out

    def _bag_axioms(self, name: str, args: tuple, out_t: Any) -> list[Any]:
        """Facts true of every multiset, on the bags the problem names (`holds_tokens`:
        every member is a token)."""
        z3, mb, den, ln, tb = self.z3, self.members, self.den, self.length, self.tokbag
        out: list[Any] = []
        if out_t.sort() == self.Bag:
            p = self.pick(out_t)
            out += [ln(out_t) >= 0, z3.Implies(ln(out_t) == 0, mb(out_t) == self.empty()),
                    z3.Implies(ln(out_t) > 0, self.contains(out_t, p)),
                    z3.Implies(ln(out_t) == 1, mb(out_t) == den(p)),
                    z3.Implies(ln(out_t) > 0, z3.IsSubset(den(p), mb(out_t))),
                    z3.Implies(z3.And(ln(out_t) > 0, tb(out_t)), self.tok(p))]
        if name == "MultiSet.remove":
            xs, e = args
            out += [z3.Implies(self.contains(xs, e),
                               z3.And(mb(xs) == z3.SetUnion(mb(out_t), den(e)),
                                      ln(out_t) == ln(xs) - 1)),
                    z3.Implies(z3.Not(self.contains(xs, e)), out_t == xs),
                    z3.IsSubset(mb(out_t), mb(xs)), z3.Implies(tb(xs), tb(out_t))]
        elif name == "MultiSet.contains":
            xs, e = args
            out += [z3.Implies(out_t, z3.IsSubset(den(e), mb(xs))),
                    z3.Implies(z3.And(out_t, tb(xs)), self.tok(e))]
        elif name == "MultiSet.reset_counts":
            out += [mb(out_t) == mb(args[0]), ln(out_t) <= ln(args[0]),
                    z3.Implies(ln(args[0]) > 0, ln(out_t) > 0), tb(out_t) == tb(args[0])]
        elif name == "MultiSet.__add__":
            out += [mb(out_t) == z3.SetUnion(mb(args[0]), mb(args[1])),
                    ln(out_t) == ln(args[0]) + ln(args[1]),
                    z3.Implies(z3.And(tb(args[0]), tb(args[1])), tb(out_t))]
        elif name == "MultiSet.init":
            out += [mb(out_t) == den(args[0]), ln(out_t) == 1, self.contains(out_t, args[0]),
                    self.pick(out_t) == args[0], tb(out_t) == self.tok(args[0])]
        return out

    def _encoder_fact(self, name: str, args: tuple) -> list[Any]:
        z3, den, tok = self.z3, self.den, self.tok
        out = []
        for fn, fargs, t, _ in self.apps:
            if name == "CarryArg" and fn == "Arg":
                r, ai, ii = args
                init = self.vget(self.inits_of(r), ii)
                out.append(z3.Implies(z3.And(fargs[0] == r, fargs[1] == ai),
                                      z3.And(tok(t), tok(init),
                                             z3.IsSubset(den(init), den(t)))))
            elif name == "CarryOut" and fn == "Proj":
                r, k, ii = args
                init = self.vget(self.inits_of(r), ii)
                out.append(z3.Implies(z3.And(fargs[0] == self.loop_of(r), fargs[1] == k),
                                      z3.And(tok(t), tok(init),
                                             z3.IsSubset(den(init), den(t)))))
            elif name == "IfBase" and fn == "Proj":
                h, k, b = args
                out.append(z3.Implies(z3.And(fargs[0] == h, fargs[1] == k),
                                      z3.And(tok(t), tok(b), z3.IsSubset(den(b), den(t)))))
        return out

    # -- a refutation as text ------------------------------------------------------------------
    def describe(self, model: Any, failed: list[str]) -> str:
        z3 = self.z3
        w = model.eval(self.w, model_completion=True)
        lines = [f"fails: {'; '.join(failed)}"]
        holds = []
        for name, v in sorted(self.vars.items()):
            if v.sort() == self.Term:
                inside = model.eval(self.den(v)[self.w], model_completion=True)
                holds.append(f"{name}: {'yes' if z3.is_true(inside) else 'no'}")
        if holds:
            lines.append(f"stands for access {w}: " + ", ".join(holds))
        uids = [(n, model.eval(v, model_completion=True)) for n, v in sorted(self.vars.items())
                if v.sort() == z3.IntSort()]
        for n, u in uids:
            kinds = [k for k, f in (("writes", self.writes), ("acquire", self.acquire),
                                    ("release", self.release), ("prints", self.prints))
                     if z3.is_true(model.eval(f(u), model_completion=True))]
            if z3.is_true(model.eval(self.conflict(self.w, u), model_completion=True)):
                over = z3.is_true(model.eval(self.overlap(self.w, u), model_completion=True))
                wk = [k for k, f in (("writes", self.writes), ("acquire", self.acquire),
                                     ("release", self.release), ("prints", self.prints))
                      if z3.is_true(model.eval(f(self.w), model_completion=True))]
                lines.append(f"access {w} ({', '.join(wk) or 'reads'}"
                             f"{', footprints meet' if over else ''}) conflicts with "
                             f"{n} = {u} ({', '.join(kinds) or 'reads'})")
        return "; ".join(lines)


def _parts(rule: Any) -> tuple[list[Any], list[Any]]:
    facts = getattr(rule, "facts", None)
    actions = getattr(rule, "actions", None)
    if facts is None or actions is None:
        raise Unsupported("a rewrite, not an analysis rule")
    return [tree(_decl(f)) for f in facts], [tree(_decl(a)) for a in actions]


def prove(rule: Any, timeout_ms: int = 10000) -> tuple[str, str]:
    """("proved", ""), ("refuted", what fails and at which access) or ("unsupported",
    why): the rule's actions hold in the ordering model whenever its facts do."""
    try:
        facts, actions = _parts(rule)
        m = _Model()
        for f in facts:
            m.fact(f)
        for a in actions:
            m.action(a)
        premises = m.premises + m.axioms()
    except Unsupported as e:
        return "unsupported", str(e)
    z3 = m.z3
    if not m.goals:
        return "proved", ""
    s = z3.Solver()
    s.set("timeout", timeout_ms)
    s.add(*premises)
    if s.check() != z3.sat:           # facts that can never hold would prove anything
        return "unsupported", "the rule's facts cannot all hold in the model"
    s.add(z3.Not(z3.And(*[g for _, g in m.goals])))
    settled = _settled(s)
    if settled is not None:
        return settled
    model = s.model()
    failed = [label for label, g in m.goals
              if not z3.is_true(model.eval(g, model_completion=True))]
    return "refuted", m.describe(model, failed)


def _settled(s: Any) -> tuple[str, str] | None:
    """A solver asked for a counterexample: ("proved", "") when there is none,
    ("unsupported", why) when z3 gives no answer, None when it found one (`s.model()`)."""
    got = s.check()
    if got == smt._z3().unsat:
        return "proved", ""
    if got == smt._z3().unknown:
        return "unsupported", f"z3 gave no answer ({s.reason_unknown()})"
    return None


def parallel_store_lemma(tile: int | None = None, stride_is_tile: bool = True) -> tuple[str, str]:
    """The step from the injectivity analysis to a loop-parallel store's `Need` row: a
    store writing, at iteration k, the tile of `tile` elements at index idx(k) of a view
    whose tiles do not overlap (element e of tile i at address base + i * stride + e,
    0 <= e < tile <= stride), with idx injective in k, touches no address another
    iteration touches, so its instances do not conflict with each other. ("proved", "")
    or ("refuted", a pair of iterations and the address they share); `stride_is_tile`
    False drops the no-overlap condition (the refutation test's wrong variant)."""
    z3 = smt._z3()
    idx = z3.Function("idx", z3.IntSort(), z3.IntSort())
    k1, k2, e1, e2, base, stride, size = z3.Ints("k1 k2 e1 e2 base stride tile")
    s = z3.Solver()
    s.set("timeout", 10000)
    s.add(size >= 1, z3.And(e1 >= 0, e1 < size, e2 >= 0, e2 < size))
    if tile is not None:
        s.add(size == tile)
    s.add(stride >= size if stride_is_tile else stride >= 1)
    s.add(k1 != k2, idx(k1) != idx(k2))        # injective, at the two iterations
    s.add(base + idx(k1) * stride + e1 == base + idx(k2) * stride + e2)
    settled = _settled(s)
    if settled is not None:
        return settled
    md = s.model()
    v = {str(x): md.eval(x, model_completion=True) for x in (k1, k2, e1, e2, stride, size)}
    return "refuted", (f"iterations {v['k1']} and {v['k2']} (indices {md.eval(idx(k1))}, "
                       f"{md.eval(idx(k2))}, tile {v['tile']}, stride {v['stride']}) "
                       f"write one address (elements {v['e1']}, {v['e2']})")


__all__ = ["Unsupported", "parallel_store_lemma", "prove", "tree"]
