"""Kernel -> e-graph (design section 4).

Each SSA value is bound by name (a row of `Named`, through builder.TermBuilder, which
writes the whole encoding as egglog program text), so terms stay one level deep (deep
nested terms overflow the recursion limit) and insertion is linear.

Token-free input means program order; it is encoded with one token chain: a
`make_token` at entry, every memory op takes the current token and yields the next,
loops carry the token, branches pass it through. The output is then valid tokenized
Tile IR. Tokenized input keeps exactly the tokens it has; each region's stores and
atomics (their result tokens, and region ops that contain some) go into that
region's effects sink so nothing that writes memory can be dropped.

Every memory op gets a unique attribute id (its *uid*): the token rules rewrite a
memory op's input token and so create new e-nodes for the same op, and the uid is
what tells the facts and the extractor that they are one op. The encoding carries a
public record of the memory ops and regions it wrote (`Encoding.memory`, an
`eqsat.memory.relations.MemoryRecord`); the token facts are computed from it by
eqsat.memory and inserted as egglog tables (eqsat.egraph.tokenfacts).
`join_tokens` becomes a `SrcJoin` over a bag, flattened here.

`break`, `continue` and `return` that end a branch (or a `loop` body) are `Exit`
terms standing first in that body's vector; with the program-order chain they pass
the chain token along (a break hands the loop its current token, not a stale one).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Iterator, Mapping


from eqsat.errors import EqsatError
from eqsat.ir.attrs import DenseConst
from eqsat.ir.core import Kernel, Operation, Region, Value
from eqsat.ir.types import (PartitionViewType, PointerType, TensorViewType, TileType, TokenType,
                            Type, bit_width, byte_size, is_float)
from eqsat.ir.numbers import to_bits
from eqsat.text.parser import parse_type
import numpy as np
from eqsat.memory.alias import alias_facts
from eqsat.memory.relations import (IfRecord, LoopParallel, LoopRecord, MemOp, MemoryRecord,
                                    relations)
from eqsat.egraph import analyses as A
from eqsat.egraph import egg
from eqsat.egraph.builder import TermBuilder
from eqsat.egraph.egg import EGraph
from eqsat.egraph import terms as T
from eqsat.egraph.tokenfacts import BoundTokens, insert_facts, insert_levels, need_rows
from eqsat.interp.machine import may_exit


_BUILT = T.TERM_CONSTRUCTORS     # what the encoder's TermBuilder makes
egg.declare_early(*_BUILT.values(), T.Named)


class EncodeError(EqsatError):
    """A kernel construct the e-graph encoding does not cover (the optimizer then
    returns the kernel unchanged and says why)."""


@dataclass
class RegionInfo:
    """A body whose block arguments are `Arg(id, i)` leaves."""
    id: int
    kind: str                       # "for", "loop", "reduce" or "scan"
    arg_types: list[Any]
    arg_names: list[str | None]
    parent: int                     # enclosing leaf region (0 = the kernel body)


@dataclass
class Encoding:
    egraph: EGraph
    kernel: Kernel
    tokenized: bool                 # the input had explicit tokens
    root: str                       # let name of the Root term
    types: dict[str, Any]           # type text -> Type (or tuple of Types)
    regions: dict[int, RegionInfo]
    dense: dict[int, DenseConst]    # ConstDense key -> payload
    names: dict[str, str | None]    # let name -> the value's name in the input
    order: dict[str, int]           # let name -> position in program order
    n_returns: int
    n_values: int = 0
    n_ops: int = 0
    uid_names: dict[int, str] = field(default_factory=dict)   # memory op uid -> op name
    kinds: dict[str, str | None] = field(default_factory=dict)  # let name -> its input op
    token_facts: int = 0                                      # relation rows inserted
    need_cases: dict[str, int] = field(default_factory=dict)  # see tokenfacts.need_rows
    memory: MemoryRecord | None = None                        # memory ops and regions
    sizes: dict[str, int] | None = None     # rows per table as encoded (egglog names)

    def type_of(self, text: str) -> Any:
        """The Type (or tuple of Types) a type text of this e-graph stands for: the object
        the encoder put there, or a text a rule wrote parsed by the text layer (ParseError
        if it is not a type)."""
        t = self.types.get(text)
        return t if t is not None else parse_type(text)


def type_text(t: Any) -> str:
    if isinstance(t, tuple):
        return "(" + ", ".join(type_text(x) for x in t) + ")"
    return str(t)


def const_bits(elem: Any, value: Any) -> int:
    """The i64 payload of a splat constant: integers by value, floats by bit pattern."""
    if is_float(elem):
        b = to_bits(str(elem), value if isinstance(value, np.generic) else float(value))
        return b - (1 << 64) if b >= (1 << 63) else b
    if elem == "i1":
        return int(bool(value))
    return int(value)


def _may_exit(op: Operation) -> bool:
    return may_exit(op)


def touches_memory(region: Region) -> bool:
    for op in region.walk():
        sp = op.spec
        if sp is not None and sp.is_memory:
            return True
    return False


def is_tokenized(kernel: Kernel) -> bool:
    for op in kernel.walk():
        sp = op.spec
        if sp is not None and (sp.is_token_source or sp.is_join):
            return True
        if any(v.is_token for v in op.operands):
            return True
        for r in op.regions:
            if any(a.is_token for a in r.args):
                return True
    return False


class _Loop:
    """The loop an exit in a nested branch targets, and whether it carries the chain."""
    __slots__ = ("op", "carry")

    def __init__(self, op: Operation, carry: bool):
        self.op, self.carry = op, carry


class _Terms(Mapping[int, Any]):
    """`Encoder.env`: values' terms as egglog expressions, made when asked for."""

    def __init__(self, enc: Encoder):
        self.enc = enc

    def __getitem__(self, key: int) -> Any:
        name = self.enc.name_of(self.enc.refs[key])
        assert name is not None                 # every value is bound
        return T.Named(name)

    def __iter__(self) -> Iterator[int]:
        return iter(self.enc.refs)

    def __len__(self) -> int:
        return len(self.enc.refs)


class Encoder:
    def __init__(self, kernel: Kernel, alias: Any = None, facts: bool = True,
                 egraph: EGraph | None = None, loop_parallel: LoopParallel = "all",
                 more_facts: Callable[[TermBuilder, Kernel], Any] | None = None):
        self.kernel = kernel
        self.more_facts = more_facts
        self.alias = alias
        self.loop_parallel = loop_parallel
        self.want_facts = facts
        self.loops: list[_Loop] = []          # enclosing loops, innermost last
        self.chain_kernel = False
        self.join_members: dict[int, list[Value]] = {}      # join_tokens result -> flat members
        self.uid_names: dict[int, str] = {}
        self.eg = EGraph() if egraph is None else egraph
        self.mk = TermBuilder(self.eg, _BUILT, T.Term, T.Named)
        self.refs: dict[int, Any] = {}       # id of an IR value -> its bound reference
        self.types: dict[str, Any] = {}
        self.ty_of: dict[Any, str] = {}      # type (or tuple of types) -> its text
        self.regions: dict[int, RegionInfo] = {}
        self.dense: dict[int, DenseConst] = {}
        self.dense_keys: dict[DenseConst, int] = {}
        self.names: dict[str, str | None] = {}
        self.kinds: dict[str, str | None] = {}
        self.order: dict[str, int] = {}
        self.n = 0
        self.n_ops = 0
        self.tokenized = is_tokenized(kernel)
        self.memory = MemoryRecord(kernel, self.tokenized)
        self.tok: Any = None             # current token of the chain (token-free input)
        self.uid = 0
        self.leaf_region = 0             # innermost enclosing leaf region
        self.facts: list[A.Fact] = []    # analysis facts known at encode time
        self.levels: list[tuple[Any, int]] = []     # token term, its binding order
        self.mem_levels: dict[int, int] = {}        # memory op uid -> its token's order
        self.tokens = BoundTokens()

    @property
    def env(self) -> Mapping[int, Any]:
        """id of an IR value -> the egglog expression of its e-class (`Named(let name)`),
        for callers that build egglog facts about encoded values (rule checks)."""
        return _Terms(self)

    # -- helpers -------------------------------------------------------------------------
    def ty(self, t: Any) -> str:
        """`t` as the e-graph holds it: its text."""
        got = self.ty_of.get(t)         # types are frozen: printing one costs more
        if got is None:
            got = self.ty_of[t] = type_text(t)
            self.types.setdefault(got, t)
        return got

    def bind(self, v: Value | None, expr: Any, hint: str | None = None,
             token: bool = False) -> Any:
        """Let-bind `expr` as value `v`; `token`: it is a token the input has no value for
        (the program-order chain)."""
        name = f"v{self.n}_"
        self.n += 1
        e = self.mk.let(name, expr)
        self.names[name] = v.name if v is not None else hint
        self.kinds[name] = v.owner.name if v is not None and isinstance(v.owner, Operation) \
            else None
        self.order[name] = self.n
        if v is not None:
            self.refs[id(v)] = e
        if token or v is not None and v.is_token:
            self.levels.append((e, self.n))
            self.tokens.add(name, e, ("other",))
        return e

    def name_of(self, e: Any) -> str | None:
        """The let name of a bound reference (None: not one, e.g. `NoTok()`)."""
        return self.mk.let_name(e)

    def use(self, v: Value) -> Any:
        try:
            return self.refs[id(v)]
        except KeyError:
            raise EncodeError(f"value {v!r} is used before it is defined") from None

    def vec(self, xs: list) -> Any:
        return self.mk.vec(xs)

    def next_uid(self) -> int:
        self.uid += 1
        return self.uid

    # -- kernel --------------------------------------------------------------------------
    def run(self) -> Encoding:
        k = self.kernel
        for i, p in enumerate(k.params):
            e = self.bind(p.value, self.mk.Param(i, self.ty(p.type)))
            self.facts.extend(A.param_facts(p.attrs, e, p.type))
        chain = not self.tokenized and touches_memory(k.body)
        self.chain_kernel = chain
        if chain:
            self.tok = self.bind(None, self.mk.Op0("make_token", T.NO_ATTRS,
                                                   self.ty(TokenType())), "tok", token=True)
            self.tokens.kind(self.name_of(self.tok), ("root",))
        term, term_ops, effects = self.block(k.body)
        if term is None or not term.spec.has("return"):
            raise EncodeError("the entry body must end with 'return'")
        outs = list(term_ops)
        if chain:
            outs.append(self.tok)
        outs.extend(effects)
        mk = self.mk
        mk.let("root", mk.Root(self.vec(outs)))
        n_token_facts = 0
        need_cases: dict[str, int] = {}
        if self.want_facts:
            alias = self.alias if self.alias is not None else alias_facts(k)
            rel = relations(self.memory, alias, self.loop_parallel)
            n_token_facts = insert_facts(mk, rel, [m.term for m in self.memory.ops], self.use)
            n_token_facts += insert_levels(mk, self.levels, self.mem_levels)
            n_needs, need_cases = need_rows(rel, self.tokens, self.name_of, self.use, mk)
            n_token_facts += n_needs
        facts = list(self.facts)
        for ty, t in self.types.items():
            elem, bits, pb = _type_facts(t)
            facts.append((T.ty_elem, (ty,), elem))
            if bits:
                facts.append((T.ty_bits, (ty,), bits))
            if pb:
                facts.append((T.ty_pointee_bytes, (ty,), pb))
            facts.extend(A.type_facts(ty, t))
        for fn, args, value in facts:
            mk.set(fn, args, value)
        if self.more_facts is not None:
            self.more_facts(mk, k)
        mk.flush(sizes=True)
        enc = Encoding(self.eg, k, self.tokenized, "root", self.types, self.regions, self.dense,
                       self.names, self.order, len(term_ops), self.n, self.n_ops)
        enc.uid_names = dict(self.uid_names)
        enc.kinds = self.kinds
        enc.token_facts = n_token_facts
        enc.need_cases = need_cases
        enc.memory = self.memory
        enc.sizes = mk.sizes
        return enc

    # -- regions -------------------------------------------------------------------------
    def block(self, region: Region) -> tuple[Operation | None, list, list]:
        """Encode a region's ops; returns (terminator, its operands, effects)."""
        effects: list = []
        term_ops: list = []
        term = None
        early_exit = None                 # an op before that may leave the region early
        for op in region.ops:
            sp = op.spec
            if sp is None:
                raise EncodeError(f"unknown op '{op.name}'")
            if early_exit is not None and self.tokenized and (
                    sp.is_memory or any(touches_memory(r) for r in op.regions)):
                # its own tokens need not order it after the exit, yet it must stay there
                raise EncodeError(f"tokenized '{op.name}' after a '{early_exit}' that may "
                                  "leave early is not encoded yet")
            if op.regions and (sp.is_loop or sp.is_branch) and _may_exit(op):
                early_exit = op.name
            if sp.is_terminator:
                if op is not region.ops[-1]:
                    raise EncodeError(f"'{op.name}' must end its region")
                term = op
                term_ops = [self.use(v) for v in op.operands]
                continue
            eff = self.op(op)
            if eff is not None:
                effects.append(eff)
        return term, term_ops, effects

    def exit_term(self, term: Operation, term_ops: list) -> Any:
        """An early `break`/`continue`/`return` as an `Exit`, passing the chain token
        on when its target carries the chain."""
        vals = list(term_ops)
        if term.spec.has("return"):
            if self.chain_kernel:
                vals.append(self.tok)
        else:
            if not self.loops:
                raise EncodeError(f"'{term.name}' outside a loop")
            target = self.loops[-1]
            if term.spec.has("break") and target.op.spec.is_counted_loop:
                raise EncodeError("'break' out of a 'for' loop")
            if target.carry:
                vals.append(self.tok)
        return self.mk.Exit(term.name, self.vec(vals))

    def op(self, op: Operation) -> Any:
        """Encode one op; returns its effects-sink entry (tokenized input) or None."""
        self.n_ops += 1
        name = op.name
        sp = op.spec
        own = _OWN_TERMS.get(name)
        if own is not None:
            return own(self, op)
        if op.regions or sp.effect == "sync":
            raise EncodeError(f"'{name}' is not encoded yet")
        if sp.is_memory:
            return self.mem(op)
        # a pure op
        ops = [self.use(v) for v in op.operands]
        attrs = T.ATTRS.intern(op.attrs, op.segments if sp.has_segments else None)
        rts = tuple(v.type for v in op.results)
        if not rts:
            raise EncodeError(f"'{name}' has no results and no effect")
        ty = self.ty(rts[0] if len(rts) == 1 else rts)
        if sp.has_segments or len(ops) > 3:
            e = self.mk.OpN(name, attrs, ty, self.vec(ops))
        else:
            mk = self.mk
            e = (mk.Op0, mk.Op1, mk.Op2, mk.Op3)[len(ops)](name, attrs, ty, *ops)
        bound = self._bind_results(op, e, rts)
        if sp.is_token_source:
            self.tokens.kind(self.name_of(bound), ("root",))
        self.facts.extend(A.op_facts(name, op.attrs, bound, rts[0]))
        return None

    def constant(self, op: Operation) -> None:
        c: DenseConst = op.attrs["value"]
        t = op.result.tile
        if c.is_splat:
            first = c.array.reshape(-1)[0]
            e = self.mk.Const(self.ty(t), str(t.elem), const_bits(t.elem, first))
        else:
            key = self.dense_keys.setdefault(c, len(self.dense_keys) + 1)
            self.dense[key] = c
            e = self.mk.ConstDense(self.ty(t), key)
        self.bind(op.result, e)
        return None

    def join(self, op: Operation) -> None:
        """`join_tokens` as a flat `Join` bag: nested joins are inlined, repeats dropped."""
        members: list[Value] = []
        for v in op.operands:
            for m in self.join_members.get(id(v), [v]):
                if all(m is not x for x in members):
                    members.append(m)
        self.join_members[id(op.result)] = members
        terms = [self.use(m) for m in members]
        e = self.bind(op.result, self.mk.SrcJoin(self.mk.bag(terms)))
        self.tokens.kind(self.name_of(e), ("join", tuple(self.name_of(t) for t in terms)))
        return None

    def _bind_results(self, op: Operation, e: Any, rts: tuple, multi: bool = False) -> Any:
        if len(rts) == 1 and not multi:
            return self.bind(op.results[0], e)
        head = self.bind(None, e, op.results[0].name if op.results else None)
        for i, v in enumerate(op.results):
            self.bind(v, self.mk.Proj(head, i, self.ty(v.type)))
        return head

    def mem(self, op: Operation) -> Any:
        name = op.name
        sp = op.spec
        tok_in = op.token_in
        vals = [v for v in op.operands if v is not tok_in]
        if tok_in is not None:
            tok = self.use(tok_in)
        elif not self.tokenized and self.tok is not None:
            tok = self.tok
        else:
            tok = self.mk.NoTok()
        segs = None
        if sp.has_segments:
            segs = tuple(n if g != "token" else 0
                         for (g, _), n in zip(sp.operands, op.segments or ()))
        attrs = T.ATTRS.intern(op.attrs, segs, self.next_uid())
        self.uid_names[attrs] = name
        rts = tuple(v.type for v in op.results)
        rts_eg: tuple[Type, ...]
        if sp.is_tokenless_effect:
            rts_eg = (TokenType(),)           # the e-graph sees print as a step of the chain
        else:
            rts_eg = rts
        ty_m, args_m = self.ty(rts_eg), self.vec([self.use(v) for v in vals])
        m = self.mk.Mem(name, attrs, ty_m, args_m, tok)
        head = self.bind(None, m, op.results[0].name if op.results else name)
        self.tokens.mems[attrs] = (name, ty_m, args_m)
        self.tokens.heads.append((attrs, self.name_of(tok)))
        self.memory.ops.append(MemOp(op, attrs, head))
        tok_out = None
        for i, t in enumerate(rts_eg):
            p = self.mk.Proj(head, i, self.ty(t))
            e = self.bind(op.results[i] if i < len(op.results) else None, p, "tok",
                          token=isinstance(t, TokenType))
            if isinstance(t, TokenType):
                tok_out = e
                self.mem_levels[attrs] = self.n
                self.tokens.kind(self.name_of(e), ("mem", attrs, i, self.ty(t), self.name_of(tok)))
        if not self.tokenized and self.tok is not None:
            self.tok = tok_out
            return None
        if sp.effect in ("write", "atomic"):
            return tok_out           # the token: it survives rewrites of the input token
        return None

    def _new_region(self, kind: str, region: Region) -> int:
        rid = len(self.regions) + 1
        self.regions[rid] = RegionInfo(rid, kind, [a.type for a in region.args],
                                       [a.name for a in region.args], self.leaf_region)
        return rid

    def _enter_loop(self, op: Operation, inits: list) -> tuple[int, bool, tuple]:
        """Open the body of a `for` or `loop`: a region whose arguments are bound, which
        carries the program-order chain when its body touches memory or may leave early
        (the outer token is appended to `inits`), and the innermost loop from now on.
        Returns (region id, whether it carries the chain, the outer (token, leaf region))."""
        body = op.regions[0]
        # a loop that may return early carries the chain: what follows must come after it
        carry = not self.tokenized and self.tok is not None and (
            touches_memory(body) or _may_exit(op))
        rid = self._new_region(op.name, body)
        info = self.regions[rid]
        for i, a in enumerate(body.args):
            e = self.bind(a, self.mk.Arg(rid, i, self.ty(a.type)))
            if a.is_token:
                self.tokens.kind(self.name_of(e), ("arg", rid, i))
        outer = (self.tok, self.leaf_region)
        self.leaf_region = rid
        if carry:
            tok_t = TokenType()
            info.arg_types.append(tok_t)
            info.arg_names.append("tok")
            self.tok = self.bind(None, self.mk.Arg(rid, len(body.args), self.ty(tok_t)), "tok",
                                 token=True)
            self.tokens.kind(self.name_of(self.tok), ("arg", rid, len(body.args)))
            inits.append(outer[0])
        self.tokens.inits[rid] = inits
        self.tokens.loop_kind[rid] = op.name
        self.loops.append(_Loop(op, carry))
        return rid, carry, outer

    def _leave_loop(self, op: Operation, rid: int, carry: bool, outer: tuple,
                    make: Callable[[Any], Any]) -> Any:
        """Back in the enclosing region: bind the results of the loop term `make(type)`
        (plus the chain token it carries, which the chain goes on from)."""
        self.tok, self.leaf_region = outer
        rts = tuple([v.type for v in op.results] + ([TokenType()] if carry else []))
        head = self._bind_results(op, make(self.ty(rts)), rts, multi=True)
        chain = (len(op.regions[0].args), len(op.group("init")), len(op.results))
        self.memory.loops.append(LoopRecord(op, rid, chain if carry else None))
        for i, v in enumerate(op.results):
            if v.is_token:
                self.tokens.kind(self.name_of(self.use(v)), ("loop_out", rid, i))
        if carry:
            self.tok = self.bind(None, self.mk.Proj(head, len(op.results), self.ty(TokenType())),
                                 "tok", token=True)
            self.tokens.kind(self.name_of(self.tok), ("loop_out", rid, len(op.results)))
        return head

    def for_op(self, op: Operation) -> Any:
        if op.attrs:
            raise EncodeError("'for' with attributes is not encoded yet")
        lb, ub, step = (self.use(op.required(g)) for g in ("lb", "ub", "step"))
        inits = [self.use(v) for v in op.group("init")]
        rid, carry, outer = self._enter_loop(op, inits)
        term, yields, effects = self.block(op.regions[0])
        self.loops.pop()
        if term is None or not term.spec.has("continue"):
            raise EncodeError("a 'for' body must end with 'continue'")
        if carry:
            yields.append(self.tok)
        head = self._leave_loop(op, rid, carry, outer, lambda ty: self.mk.For(
            rid, lb, ub, step, self.vec(inits), self.vec(yields + effects), ty))
        if effects or _may_exit(op):
            return head
        return None

    def loop_op(self, op: Operation) -> Any:
        """`loop`: runs until a `break`; its body vector starts with the `Exit` that ends
        it (`continue` or `break`), then its effects."""
        if op.attrs:
            raise EncodeError("'loop' with attributes is not encoded yet")
        inits = [self.use(v) for v in op.group("init")]
        rid, carry, outer = self._enter_loop(op, inits)
        term, term_ops, effects = self.block(op.regions[0])
        if term is None or not (term.spec.has("continue") or term.spec.has("break")):
            raise EncodeError("a 'loop' body must end with 'continue' or 'break'")
        end = self.exit_term(term, term_ops)
        self.loops.pop()
        # a loop runs until it breaks: it must stay even when nothing uses its results
        return self._leave_loop(op, rid, carry, outer, lambda ty: self.mk.Loop(
            rid, self.vec(inits), self.vec([end] + effects), ty))

    def if_op(self, op: Operation) -> Any:
        if op.attrs:
            raise EncodeError("'if' with attributes is not encoded yet")
        cond = self.use(op.required("cond"))
        # an if that may leave the iteration carries the chain even without memory ops:
        # what follows it must come after it
        exits_both = all(r.terminator is not None and not r.terminator.spec.has("yield")
                         for r in op.regions)
        carry = not self.tokenized and self.tok is not None and not exits_both and (any(
            touches_memory(r) for r in op.regions) or _may_exit(op))
        outer_tok = self.tok
        bodies = []
        any_effects = False
        n_exits = 0
        for r in op.regions:
            self.tok = outer_tok
            term, yields, effects = self.block(r)
            if term is None:
                raise EncodeError("an 'if' branch must end with a terminator")
            if term.spec.has("yield"):
                if carry:
                    yields.append(self.tok)
                first = yields
            else:
                first = [self.exit_term(term, yields)]
                n_exits += 1
            any_effects |= bool(effects)
            bodies.append(first + effects)
        if n_exits == 2 and op.results:
            raise EncodeError("an 'if' with results whose branches both exit")
        self.tok = outer_tok
        rts = [v.type for v in op.results] + ([TokenType()] if carry else [])
        e = self.mk.If(cond, self.vec(bodies[0]), self.vec(bodies[1]), self.ty(tuple(rts)))
        head = self._bind_results(op, e, tuple(rts), multi=True)
        self.memory.ifs.append(IfRecord(op, head, (len(op.results), outer_tok) if carry else None))
        for i, v in enumerate(op.results):
            if v.is_token:
                self.tokens.kind(self.name_of(self.use(v)), ("if_out", self.name_of(head), i))
        if carry:
            self.tok = self.bind(None, self.mk.Proj(head, len(op.results), self.ty(TokenType())),
                                 "tok", token=True)
            self.tokens.kind(self.name_of(self.tok),
                             ("if_out", self.name_of(head), len(op.results)))
        # a branch that may leave early is control flow the program needs, results or not
        return head if any_effects or _may_exit(op) else None

    def combine(self, op: Operation) -> Any:
        body = op.regions[0]
        if touches_memory(body):
            raise EncodeError(f"'{op.name}' with memory ops in its body")
        rid = self._new_region(op.name, body)
        for i, a in enumerate(body.args):
            self.bind(a, self.mk.Arg(rid, i, self.ty(a.type)))
        outer_leaf = self.leaf_region
        self.leaf_region = rid
        _, yields, effects = self.block(body)
        self.leaf_region = outer_leaf
        inputs = [self.use(v) for v in op.operands]
        rts = tuple(v.type for v in op.results)
        attrs = T.ATTRS.intern(op.attrs)
        e = self.mk.Combine(op.name, attrs, rid, self.vec(inputs), self.vec(yields),
                      self.ty(rts))
        self._bind_results(op, e, rts, multi=True)
        return None


def _type_facts(t: Any) -> tuple[str, int, int]:
    if isinstance(t, TileType):
        if isinstance(t.elem, PointerType):
            return "ptr", 64, byte_size(t.elem.pointee)
        return str(t.elem), bit_width(t.elem), 0
    if isinstance(t, TokenType):
        return "token", 0, 0
    if isinstance(t, (TensorViewType, PartitionViewType)):
        return "view", 0, 0
    return "tuple", 0, 0


# The ops whose terms the encoder builds by hand (the one table of them): ops with
# regions, constants and token joins; every other op is a memory op or a pure term.
_OWN_TERMS: dict[str, Callable[[Encoder, Operation], Any]] = {
    "for": Encoder.for_op, "loop": Encoder.loop_op, "if": Encoder.if_op,
    "reduce": Encoder.combine, "scan": Encoder.combine,
    "constant": Encoder.constant, "join_tokens": Encoder.join,
}


def encode(kernel: Kernel, *, alias: Any = None, token_facts: bool = True,
           egraph: EGraph | None = None, loop_parallel: LoopParallel = "all",
           more_facts: Callable[[TermBuilder, Kernel], Any] | None = None
           ) -> Encoding:
    """Build the e-graph of a kernel. Raises EncodeError for constructs not covered.

    `alias` (an `eqsat.memory.alias.AliasFacts` of `kernel`) decides which memory ops may
    be reordered; the default is the safe model (array parameters may alias).
    `token_facts=False` leaves out the facts the token rules read. `egraph`: an empty
    e-graph to encode into (one with rules already registered; default: a new one).
    `loop_parallel`: which proofs that a loop's iterations are independent the token
    facts use (`eqsat.memory.relations.LOOP_PARALLEL`). `more_facts(builder, kernel)`
    adds facts of its own with the encoder's term builder, last: they run in the same
    batch as the encoding (each batch has a fixed cost)."""
    return Encoder(kernel, alias, token_facts, egraph, loop_parallel, more_facts).run()


__all__ = ["encode", "Encoding", "EncodeError", "RegionInfo", "type_text", "const_bits",
           "is_tokenized"]
