"""Assume placement after decode: what the analyses prove, written where tileiras needs
a proof.

tileiras vectorizes a memory access only when it can prove alignment, contiguity and a
mask that is uniform over each vector; the only way to tell it is `assume`. The
e-graph analyses (`div2`, `lo`/`hi`, `contig`/`contig_div`/`same`) know more than the
input states, so the decoder's output gets its assumes from them:

* every assume at the top level of the entry body (unconditional, so its facts hold
  for its operand everywhere) is absorbed: its facts join those of the value it
  wraps, and the value is wrapped anew below;
* claimed values: each array parameter (pointer: the largest power of two the facts
  imply, capped at 1024; sizes and strides: divisibility and `bounded`), each value
  an absorbed assume wrapped, and each operand that needs a proof: `make_tensor_view`
  base, sizes and strides, the pointer tile of `load_ptr_tko`, `store_ptr_tko` and
  the atomics. A pointer tile gets `div_by<d, every n along k>` when its runs prove
  whole 16-byte vectors, and nothing otherwise: tileiras trusts an assume on a pointer
  tile over its own inference, so a weaker true claim can make accesses narrower (and
  a plain `div_by<d>` on a tile would claim every lane, which a run does not satisfy);
* one wrap per value, however many consumers: the wrap goes right after the value's
  definition and every use reads it; a wrap holds each kind of predicate once
  (`div_by`, then `bounded`); nothing wraps an exact constant (the contiguous stride
  is one) and nothing is claimed that the analyses did not prove. Assumes inside
  loops and branches hold only there and are kept as they are; a claim on their
  result adds only what they do not already say.

`strip_assumes` removes every assume (the ablation: the same program without its
proofs), `census` counts wraps per value for tests and reports.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any
from collections.abc import Iterable

from eqsat.analysis.facts import ValueFacts
from eqsat.analysis.params import array_params
from eqsat.egraph.tables import Tables
from eqsat.ir.attrs import Bounded, DenseConst, DivBy
from eqsat.ir.core import Kernel, Operation, Region, Value
from eqsat.ir.numbers import value_of_bits
from eqsat.ir.ops import SPECS
from eqsat.ir.types import INT_WIDTHS, PointerType, TileType, byte_size
from eqsat.egraph.analyses import DIV_CAP, int_range, read_facts
from eqsat.egraph.decode import Decoded

PTR_CAP = 1024          # largest pointer alignment claimed (the cap)
VECTOR_BYTES = 16       # the widest access a thread makes (LDG.E.128 / STG.E.128)
PROOF_OPERANDS = {      # op -> operand groups whose values need a proof (None: all)
    "make_tensor_view": None,
    "load_ptr_tko": ("ptr",),
    "store_ptr_tko": ("ptr",),
    "atomic_rmw_tko": ("ptr",),
    "atomic_cas_tko": ("ptr",),
}


def known_of(f: ValueFacts | None) -> ValueFacts:
    """The analyses' facts about one e-class, as placement reads them: a constant (its
    bits, or equal bounds) is exact."""
    if f is None:
        return ValueFacts()
    return replace(f, exact=f.is_exact)


def predicates(t: Any, k: ValueFacts) -> list:
    """The predicates a wrap of a value of type `t` states (div_by first, then bounded)."""
    if k.exact or not isinstance(t, TileType):
        return []
    out: list = []
    if isinstance(t.elem, PointerType):
        if not t.shape:                       # one address: its alignment
            if k.div and k.div > 1:
                out.append(DivBy(min(k.div, PTR_CAP)))
            return out
        # a tile of addresses: tileiras takes an assume on it over what it infers itself
        # (a true but weak `div_by<2, every 128 along 1>` turned 128-bit bf16 stores
        # into 16-bit ones), so a tile gets a claim only when it proves whole 16-byte
        # vectors: runs of at least 16 bytes starting 16-byte aligned
        n, e = k.contig or 1, byte_size(t.elem.pointee)
        d = max(k.contig_div or 1, k.div or 1)
        if n * e >= VECTOR_BYTES and d >= VECTOR_BYTES and t.shape[-1] % n == 0:
            out.append(DivBy(min(d, PTR_CAP), n, t.rank - 1))
        return out
    if t.elem not in INT_WIDTHS or t.elem == "i1":
        return []
    if k.div and k.div > 1:
        out.append(DivBy(min(k.div, DIV_CAP)))
    mn, mx = int_range(t.elem)
    lo = k.lo if k.lo is not None and k.lo > mn else None
    hi = k.hi if k.hi is not None and k.hi < mx else None
    if lo is not None or hi is not None:
        out.append(Bounded(lo, hi))
    return out


def _implied(p: Any, by: Iterable[Any]) -> bool:
    """Does some predicate in `by` already say at least `p`?"""
    for q in by:
        if isinstance(p, DivBy) and isinstance(q, DivBy):
            if p.every is None and q.every is None and q.divisor % p.divisor == 0:
                return True
            if (p.every is not None and q.every is not None and p.along == q.along
                    and q.every % p.every == 0 and q.divisor % p.divisor == 0):
                return True
        if isinstance(p, Bounded) and isinstance(q, Bounded):
            lo_ok = p.lo is None or (q.lo is not None and q.lo >= p.lo)
            hi_ok = p.hi is None or (q.hi is not None and q.hi <= p.hi)
            if lo_ok and hi_ok:
                return True
    return False


def _absorbable(op: Operation) -> bool:
    p = op.attrs.get("predicate")
    return (isinstance(p, DivBy) and p.every is None) or isinstance(p, Bounded)


class _Uses:
    """Who reads each value (id -> [(op, operand index)]), kept current as wraps go in."""

    def __init__(self, kernel: Kernel):
        self.map: dict[int, list[tuple[Operation, int]]] = {}
        for op in kernel.walk():
            self.add(op)

    def add(self, op: Operation) -> None:
        for i, v in enumerate(op.operands):
            self.map.setdefault(id(v), []).append((op, i))

    def of(self, v: Value) -> list[tuple[Operation, int]]:
        return self.map.get(id(v), [])

    def replace(self, old: Value, new: Value, keep: Operation | None = None) -> None:
        """Every use of `old` except by `keep` reads `new`."""
        stay = []
        for op, i in self.map.pop(id(old), []):
            if op is keep:
                stay.append((op, i))
                continue
            op.operands[i] = new
            self.map.setdefault(id(new), []).append((op, i))
        if stay:
            self.map[id(old)] = stay


def _chain(v: Value) -> list:
    """Predicates of the assume chain that ends at v (outermost first)."""
    out = []
    while isinstance(v.owner, Operation) and v.owner.spec.has("assumption"):
        out.append(v.owner.attrs["predicate"])
        v = v.owner.operands[0]
    return out


class _Placer:
    """Inserts wraps: parameters' at the entry start in parameter order, other values'
    right after their definition (block arguments: at the start of their body); a
    later wrap at the same place goes before an earlier one. Insertions are collected
    and each region's op list is rebuilt once (`flush`), not shifted per wrap."""

    def __init__(self, kernel: Kernel):
        self.kernel = kernel
        self.uses = _Uses(kernel)
        self.entry: list[Operation] = []                      # parameters' wraps, in order
        self.at_start: dict[int, list[list[Operation]]] = {}  # id(region) -> chains
        self.after: dict[int, list[list[Operation]]] = {}     # id(op) -> chains
        self.regions: dict[int, Region] = {}
        self.names: dict[int, list[str]] = {}    # id(value) -> its absorbed assumes' names

    def wrap(self, v: Value, preds: list) -> Value:
        """Wrap `v` in one assume per predicate and make every use read the last one.
        The wraps take the names of the assumes on `v` that were absorbed, in order;
        more wraps than those get a name derived from `v`'s."""
        cur, made = v, []
        names = iter(self.names.get(id(v), ()))
        for p in preds:
            op = Operation("assume", [cur], [v.type], {"predicate": p})
            op.results[0].name = next(names, None) or (f"{v.name}_assume" if v.name else None)
            made.append(op)
            cur = op.results[0]
        if not made:
            return v
        owner = v.owner
        reg: Region
        if isinstance(owner, Operation):
            assert owner.parent is not None
            reg = owner.parent
            self.after.setdefault(id(owner), []).insert(0, made)
        elif isinstance(owner, Region):
            reg = owner
            self.at_start.setdefault(id(reg), []).insert(0, made)
        else:                                      # an entry parameter
            reg = self.kernel.body
            self.entry.extend(made)
        self.regions[id(reg)] = reg
        for op in made:
            op.parent = reg
        self.uses.replace(v, cur, keep=made[0])
        for op in made:
            self.uses.add(op)
        return cur

    def flush(self) -> None:
        """Put the collected wraps into their regions."""
        for rid, reg in self.regions.items():
            ops: list[Operation] = list(self.entry) if reg is self.kernel.body else []
            for chain in self.at_start.get(rid, ()):
                ops.extend(chain)
            for op in reg.ops:
                ops.append(op)
                for chain in self.after.get(id(op), ()):
                    ops.extend(chain)
            reg.ops = ops
        self.regions.clear()


@dataclass
class Placement:
    """What placement did: assumes absorbed, values wrapped, predicates stated."""
    absorbed: int = 0
    wrapped: int = 0
    predicates: int = 0


def place_known(kernel: Kernel, known: dict[int, ValueFacts], *,
                arrays: Iterable[Any] = ()) -> Placement:
    """Placement on a kernel, in place, given what is known per value (id(Value) ->
    ValueFacts) and the arrays among its parameters (`eqsat.analysis.params.array_params`)."""
    st = Placement()
    pl = _Placer(kernel)
    # 1. absorb top-level assumes into the values they wrap (a chain's later links
    #    already read the root once the earlier ones are gone)
    joined: dict[int, ValueFacts] = {}
    roots: list[Value] = []
    gone: set[int] = set()
    for op in list(kernel.body.ops):
        if not op.spec.has("assumption") or not _absorbable(op):
            continue
        x, r = op.operands[0], op.results[0]
        joined[id(x)] = joined.get(id(x), ValueFacts()).join(known.get(id(r), ValueFacts()))
        if r.name:
            pl.names.setdefault(id(x), []).extend([r.name, *pl.names.pop(id(r), ())])
        roots.append(x)
        pl.uses.replace(r, x)
        pl.uses.map[id(x)] = [(o, i) for o, i in pl.uses.of(x) if o is not op]
        gone.add(id(op))
        st.absorbed += 1
    if gone:
        kernel.body.ops = [op for op in kernel.body.ops if id(op) not in gone]
    # 2. the claimed values: parameters (in order), absorbed roots, proof operands
    claims: list[Value] = []
    seen: set[int] = set()

    def claim(v: Value) -> None:
        if id(v) not in seen:
            seen.add(id(v))
            claims.append(v)
    params = kernel.params
    entry = {j for arr in arrays for j in (arr.ptr, *arr.shapes, *arr.strides)}
    entry |= {i for i, p in enumerate(params)
              if isinstance(p.type, TileType) and isinstance(p.type.elem, PointerType)}
    entry |= {v.index for v in roots if isinstance(v.owner, Kernel)}
    for j in sorted(entry):
        claim(params[j].value)
    for v in roots:
        claim(v)
    for op in kernel.walk():
        groups = PROOF_OPERANDS.get(op.name, ())
        vals = op.operands if groups is None else [x for g in groups for x in op.group(g)]
        for v in vals:
            claim(v)
    # 3. one wrap per claimed value
    for v in claims:
        if _is_constant(v):
            continue
        k = known.get(id(v), ValueFacts()).join(joined.get(id(v), ValueFacts()))
        chain = _chain(v)
        preds = [p for p in predicates(v.type, k) if not _implied(p, chain)]
        if preds:
            pl.wrap(v, preds)
            st.wrapped += 1
            st.predicates += len(preds)
    pl.flush()
    return st


def _is_constant(v: Value) -> bool:
    return isinstance(v.owner, Operation) and v.owner.spec.has("constant")


def place(enc: Any, view: Any, decoded: Decoded) -> Kernel:
    """Facts of each decoded value's e-class, then `place_known`, in place on
    `decoded.kernel` (returned).
    A parameter the e-graph proved equal to a constant (the contiguous stride) is read
    as that constant, which tells tileiras more than the parameter does."""

    # the view read the facts off this very e-graph's tables (`eqsat.egraph.view`); reading
    # them again costs a pass over the analysis tables, per candidate
    facts = getattr(view, "facts", None)
    if facts is None:
        facts = read_facts(enc.egraph, Tables(enc.egraph))
    known: dict[int, ValueFacts] = {}
    consts: dict[int, tuple[str, int]] = {}
    names: dict[int, str | None] = {}
    kernel = decoded.kernel
    for cid, x in decoded.values.items():
        if isinstance(x, Operation):
            if len(x.results) != 1:
                continue
            x = x.results[0]
        if not isinstance(x, Value):
            continue
        k = known_of(facts.get(cid))
        if cid in view.consts:
            k = replace(k, exact=True)
            consts[id(x)] = view.consts[cid]
            if isinstance(x.owner, Kernel):
                names[id(x)] = _constant_name(enc, view, cid)
        known[id(x)] = k
    _materialize_constant_params(kernel, consts, names)
    place_known(kernel, known, arrays=array_params(kernel))
    return kernel


def _constant_name(enc: Any, view: Any, cid: str) -> str | None:
    """The name of the input's constant in a parameter's class, if it had one."""
    lets = sorted(view.lets.get(cid, ()), key=lambda let: (enc.order.get(let, 1 << 30), let))
    for let in lets:
        h = enc.names.get(let)
        sp = SPECS.get(enc.kinds.get(let) or "")       # the op that defined the let
        if h and not h.isdigit() and sp is not None and sp.has("constant"):
            return h
    return None


def _materialize_constant_params(kernel: Kernel, consts: dict[int, tuple[str, int]],
                                 names: dict[int, str | None] | None = None) -> None:
    if not any(id(p.value) in consts for p in kernel.params):
        return
    uses = _Uses(kernel)
    at = 0
    for p in kernel.params:
        c = consts.get(id(p.value))
        if c is None or not uses.of(p.value):
            continue
        elem, bits = c
        value = DenseConst(elem, value_of_bits(elem, bits))
        op = Operation("constant", [], [p.type], {"value": value})
        op.results[0].name = (names or {}).get(id(p.value))
        op.parent = kernel.body
        kernel.body.ops.insert(at, op)
        at += 1
        uses.replace(p.value, op.results[0])


def strip_assumes(kernel: Kernel) -> int:
    """Remove every assume (uses read its operand instead), in place; returns how many:
    the same program without its proofs."""
    uses = _Uses(kernel)
    n = 0
    gone: dict[int, Region] = {}
    for op in list(kernel.walk()):
        if op.spec.has("assumption"):
            uses.replace(op.results[0], op.operands[0])
            assert op.parent is not None
            gone[id(op)] = op.parent
            n += 1
    for reg in {id(r): r for r in gone.values()}.values():
        reg.ops = [op for op in reg.ops if id(op) not in gone]
    return n


@dataclass(frozen=True)
class Census:
    """Assumes by the value they wrap: `values` wrapped, `most_wraps` assume ops reading
    one value directly (1 = one wrap however many consumers), wraps on exact constants,
    and chains stating one kind of predicate twice (the last three must stay 1, 0, 0)."""
    values: int
    assumes: int
    most_wraps: int
    on_constants: int
    repeated_kinds: int


def census(kernel: Kernel) -> Census:
    """Count assume chains by their root (the value under the chain)."""
    direct: dict[int, int] = {}
    on_const = n = rep = 0
    for op in kernel.walk():
        if not op.spec.has("assumption"):
            continue
        n += 1
        x = op.operands[0]
        chain = [op.attrs["predicate"]] + _chain(x)
        if not (isinstance(x.owner, Operation) and x.owner.spec.has("assumption")):
            direct[id(x)] = direct.get(id(x), 0) + 1
            if _is_constant(x):
                on_const += 1
        kinds = [(type(p).__name__, getattr(p, "every", None) is not None) for p in chain]
        if len(kinds) != len(set(kinds)):
            rep += 1
    return Census(len(direct), n, max(direct.values(), default=0), on_const, rep)


__all__ = ["place", "place_known", "predicates", "strip_assumes", "census", "Census",
           "known_of", "Placement", "PTR_CAP", "VECTOR_BYTES", "PROOF_OPERANDS"]
