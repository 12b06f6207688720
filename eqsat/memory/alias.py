"""Alias facts: which memory each pointer, view and memory op may touch.

Array parameters (entry parameters of type `tile<ptr<T>>`) are the roots. Each
root belongs to alias groups; two roots may overlap when they share a group or are
the same root. Pointers and views derived from a parameter stay in its roots;
anything whose origin is unknown (a pointer loaded from memory, `int_to_ptr`) may
touch everything (the universe).

Groups come from entry-parameter attributes (`{alias = "xy"}` or a list of names),
from the `groups` argument, or from the default. The safe default puts every array
parameter in one group (all may alias); `noalias=True` gives each unannotated array
parameter a group of its own, which is what cuTile Python specializes on.
`{may_alias_internally = true}` marks a parameter whose elements may overlap
(zero or overlapping strides).

A list of arrays reaches the kernel as a table pointer (`tile<ptr<i64>>`) whose rows
hold each array's base address. `{element_alias = [...]}` on the table gives the
arrays of the list their groups (cuTile's list constraint); they share one root of
their own (`element_root`), which a pointer made by `int_to_ptr` of a value read out
of the table gets. Without it, such a pointer may touch everything. The table is read
only (cuTile's launcher builds it), so what it holds stays the list's arrays.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Mapping

from eqsat.ir.core import Kernel, Operation, Value, control_edges
from eqsat.ir.ops import MEMORY_OPS, SPECS
from eqsat.ir.types import PointerType, TileType
from eqsat.analysis.signature import array_layouts, list_tables
from eqsat.errors import EqsatError
from eqsat.interp.inputs import check_alias_groups

UNIVERSE = "*"
DEFAULT_GROUP = "*default"   # group of unannotated parameters under the safe default

# ops whose result points into the same memory as (any of) the named operand groups
_DERIVE = {
    "assume": ("x",), "offset": ("ptr",), "reshape": ("x",), "broadcast": ("x",),
    "make_tensor_view": ("base",), "make_partition_view": ("view",),
    "make_strided_view": ("view",), "permute": ("x",), "extract": ("x",),
    "ptr_to_ptr": ("x",), "bitcast": ("x",), "select": ("true", "false"),
}
# the memory ops' address operands: a view access's view, else its pointer tile
_ADDRESS_OPERAND = {n: "view" if s.is_view_access else "ptr" for n, s in SPECS.items()
                    if n in MEMORY_OPS and not s.has("output")}
# every memory op but a load writes (atomics always count as writes)
_WRITES = frozenset(n for n in MEMORY_OPS if not SPECS[n].is_load)


def is_write(op: Operation) -> bool:
    """Stores and atomics write (atomics always count as writes)."""
    return op.name in _WRITES


def is_release(op: Operation) -> bool:
    return op.attrs.get("sem") in ("release", "acq_rel")


def is_acquire(op: Operation) -> bool:
    return op.attrs.get("sem") in ("acquire", "acq_rel")


def element_root(table: int) -> int:
    """The root standing for the arrays of the list whose table is parameter `table`
    (negative, so it never names a parameter)."""
    return -1 - table


# ops that keep a value read out of a list's table an entry of that table
_ENTRY_KEEPS = frozenset(("extract", "reshape", "broadcast", "bitcast", "assume", "exti",
                          "trunci"))


def _table_load(v: Value) -> Operation | None:
    """The load `v` was read from, through ops that keep the value."""
    while isinstance(v.owner, Operation) and v.owner.name in _ENTRY_KEEPS:
        v = v.owner.operands[0]
    op = v.owner
    if isinstance(op, Operation) and op.spec.is_load and v is op.results[0]:
        return op
    return None


def _is_array_param(v: Value) -> bool:
    t = v.type
    return isinstance(t, TileType) and isinstance(t.elem, PointerType)


def _as_groups(v) -> frozenset[str]:
    if isinstance(v, str):
        return frozenset([v])
    if isinstance(v, (list, tuple)):
        return frozenset(str(x) for x in v)
    raise ValueError(f"alias groups must be a name or a list of names, not {v!r}")


@dataclass
class AliasFacts:
    """Roots of every address-carrying value and the groups of every root."""
    kernel: Kernel
    groups: dict[int, frozenset[str]]            # param index -> groups
    internal: dict[int, bool]                    # param index -> may alias itself
    # id(value) -> param indices | {UNIVERSE}
    roots: dict[int, frozenset] = field(default_factory=dict)

    # -- queries -----------------------------------------------------------------------
    def roots_of(self, v: Value) -> frozenset:
        return self.roots.get(id(v), frozenset([UNIVERSE]))

    def footprint(self, op: Operation) -> frozenset:
        """Roots a memory op may touch (print_tko touches nothing)."""
        g = _ADDRESS_OPERAND.get(op.name)
        if g is None:
            return frozenset()
        return self.roots_of(op.required(g))

    def may_overlap(self, a: frozenset, b: frozenset) -> bool:
        if not a or not b:
            return False
        if UNIVERSE in a or UNIVERSE in b:
            return True
        if a & b:
            return True
        ga = frozenset().union(*(self.groups[r] for r in a))
        gb = frozenset().union(*(self.groups[r] for r in b))
        if DEFAULT_GROUP in ga or DEFAULT_GROUP in gb:
            return True                  # an unannotated parameter may alias any array
        return bool(ga & gb)

    def group_names(self) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for p, gs in self.groups.items():
            for g in gs:
                out.setdefault(g, []).append(p)
        return out


def alias_facts(kernel: Kernel, *, noalias: bool = False,
                groups: dict[int | str, object] | None = None,
                elements: Mapping[int, object] | None = None) -> AliasFacts:
    """Compute alias facts. `groups` maps a parameter (index or name) to a group name or a
    list of names and overrides attributes; `elements` gives the groups of the arrays of
    lists (table parameter index -> groups) where no `element_alias` attribute does."""
    pgroups: dict[int, frozenset[str]] = {}
    internal: dict[int, bool] = {}
    by_name = {p.name: i for i, p in enumerate(kernel.params) if p.name}
    override: dict[int, frozenset[str]] = {}
    for key, g in (groups or {}).items():
        idx = by_name.get(key) if isinstance(key, str) else key
        if idx is None or not 0 <= idx < len(kernel.params):
            raise ValueError(f"alias groups name no parameter '{key}'")
        override[idx] = _as_groups(g)
    for i, p in enumerate(kernel.params):
        if not _is_array_param(p.value):
            continue
        internal[i] = bool(p.attrs.get("may_alias_internally", False))
        if i in override:
            pgroups[i] = override[i]
        elif "alias" in p.attrs:
            pgroups[i] = _as_groups(p.attrs["alias"])
        elif noalias or p.attrs.get("noalias"):
            pgroups[i] = frozenset([f"%param{i}"])
        else:
            pgroups[i] = frozenset([DEFAULT_GROUP])
    for i, p in enumerate(kernel.params):
        if i in pgroups and "element_alias" in p.attrs:
            pgroups[element_root(i)] = _as_groups(p.attrs["element_alias"])
        elif i in pgroups and elements and i in elements:
            pgroups[element_root(i)] = _as_groups(elements[i])
    facts = AliasFacts(kernel, pgroups, internal)
    for i, p in enumerate(kernel.params):
        if i in pgroups:
            facts.roots[id(p.value)] = frozenset([i])
    _propagate(kernel, facts)
    return facts


def _propagate(kernel: Kernel, facts: AliasFacts) -> None:
    """Roots through derivations, selects, region arguments and results (fixpoint:
    loops carry pointers around)."""
    roots = facts.roots
    changed = True

    def join(v: Value, rs: frozenset) -> None:
        nonlocal changed
        old = roots.get(id(v), frozenset())
        new = old | rs
        if new != old:
            roots[id(v)] = new
            changed = True

    def carries_address(v: Value) -> bool:
        t = v.type
        return not isinstance(t, TileType) or isinstance(t.elem, PointerType)

    edges = control_edges(kernel)
    while changed:
        changed = False
        for src, dst in edges:
            if id(src) in roots:
                join(dst, roots[id(src)])
        for op in kernel.walk():
            n = op.name
            if n in _DERIVE:
                for g in _DERIVE[n]:
                    origin = op.one(g)
                    if origin is not None and id(origin) in roots:
                        for r in op.results:
                            join(r, roots[id(origin)])
            elif n in _MADE_POINTERS:
                join(op.result, _MADE_POINTERS[n](op, facts))
            elif (n in MEMORY_OPS and op.results
                                          and carries_address(op.results[0])
                                          and isinstance(op.results[0].type, TileType)):
                join(op.results[0], frozenset([UNIVERSE]))


def _list_roots(op: Operation, facts: AliasFacts) -> frozenset:
    """Roots of an `int_to_ptr`: the list's arrays when it converts an entry read out of
    tables of lists (nothing yet while the table's roots are unknown), else the universe."""
    load = _table_load(op.operands[0])
    if load is None:
        return frozenset([UNIVERSE])
    rs = facts.roots.get(id(load.required(_ADDRESS_OPERAND[load.name])))
    if rs is None:
        return frozenset()
    if all(r != UNIVERSE and element_root(r) in facts.groups for r in rs):
        return frozenset(element_root(r) for r in rs)
    return frozenset([UNIVERSE])


# ops that make a pointer out of an integer: the roots their result may point into
_MADE_POINTERS = {"int_to_ptr": _list_roots}


def alias_model(kernel: Kernel, *, noalias: bool = False,
                alias_groups: Mapping[int | str, Any] | None = None) -> tuple[Any, str]:
    """The alias facts `optimize` orders memory by, and a line saying where they came from.

    Groups come, in increasing priority, from the cuTile mangled entry symbol (its
    declared alias groups; an array without one overlaps no other array: cuTile's
    contract, which its launcher states for every launch), from entry-parameter
    attributes (the cuTile front end writes the signature's groups there, `()` for
    none), and from `alias_groups` (parameter index or name -> group name or list of
    names). Remaining array parameters, those of a plain Tile IR kernel, may alias each
    other unless `noalias`: the safe default."""
    layouts = array_layouts(kernel)
    lists = list_tables(kernel)
    groups: dict[int | str, Any] = {}
    src = []
    if layouts or lists:
        src.append("groups from the cuTile symbol")
        for i, lay in layouts.items():
            if "alias" not in kernel.params[i].attrs:
                groups[i] = list(lay.info.alias_groups)
        for i, li in lists.items():
            if "alias" not in kernel.params[i].attrs:
                groups[i] = list(li.alias_groups)
    if alias_groups:
        src.append("groups given")
        groups.update(check_alias_groups(alias_groups))
    if any("alias" in p.attrs for p in kernel.params):
        src.append("groups from parameter attributes")
    try:
        facts = alias_facts(kernel, noalias=noalias, groups=groups or None,
                            elements={i: list(li.element.alias_groups)
                                      for i, li in lists.items()})
    except ValueError as e:
        raise EqsatError(f"error: {e}") from None
    for i, lay in layouts.items():
        if lay.info.may_alias_internally:
            facts.internal[i] = True
    rest = [i for i, g in facts.groups.items() if DEFAULT_GROUP in g]
    if not rest:
        src.append("every array's groups are stated: arrays overlap only when they share a "
                   "group (cuTile's contract)" if layouts or lists else
                   "every array's groups are stated")
    else:
        src.append("other arrays never alias (noalias)" if noalias else
                   "other arrays may alias (safe default)")
    return facts, "; ".join(src)
