"""The e-graph as extraction and decoding read it: its Term e-nodes with decoded fields,
per e-class, and what the analyses know of each class, read off egglog's tables once."""
from __future__ import annotations

from dataclasses import dataclass, field

from eqsat.egraph import egg
from eqsat.egraph.tables import Tables
from eqsat.egraph import terms as T
from eqsat.analysis.facts import ValueFacts
from eqsat.egraph.analyses import read_facts
from eqsat.egraph.encode import Encoding

# field kinds per constructor: s=String, i=i64, y=Ty (a type's text, a String), t=Term,
# v=Vec[Term], m=MultiSet[Term]
SIGNATURES = {
    "Param": "iy", "Arg": "iiy", "Const": "ysi", "ConstDense": "yi", "NoTok": "",
    "Op0": "siy", "Op1": "siyt", "Op2": "siytt", "Op3": "siyttt", "OpN": "siyv",
    "Mem": "siyvt", "For": "itttvvy", "Loop": "ivvy", "Exit": "sv", "Join": "m",
    "ReJoin": "tt", "SrcJoin": "m", "If": "tvvy", "Combine": "siivvy", "Proj": "tiy",
    "Root": "v",
}
LOOPS = ("For", "Loop")


@dataclass
class ENode:
    id: str
    kind: str                 # constructor name ("Op2", "For", ...)
    cls: str                  # its e-class
    fields: list              # decoded fields: str / int / type text / class id / [class ids]
    # caches of `children` and `child_set`
    _kids: list[str] | None = field(default=None, compare=False, repr=False)
    _kid_set: tuple[str, ...] | None = field(default=None, compare=False, repr=False)

    def children(self) -> list[str]:
        """Child classes in field order (computed once: extraction asks for them in
        every pass; the list is shared, so callers must not change it)."""
        got = self._kids
        if got is None:
            got = []
            for k, f in zip(SIGNATURES[self.kind], self.fields):
                if k == "t":
                    got.append(f)
                elif k in "vm":
                    got.extend(f)
            self._kids = got
        return got

    def child_set(self) -> tuple[str, ...]:
        """The distinct child classes, in field order (a node pays for a shared child once;
        a fixed order keeps sums of child costs the same under any hash seed)."""
        got = self._kid_set
        if got is None:
            got = self._kid_set = tuple(dict.fromkeys(self.children()))
        return got

    @property
    def ty(self) -> str | None:
        sig = SIGNATURES[self.kind]
        return self.fields[sig.index("y")] if "y" in sig else None

    @property
    def op_name(self) -> str | None:
        return self.fields[0] if SIGNATURES[self.kind].startswith("s") else None

    @property
    def region(self) -> int | None:
        if self.kind in ("For", "Loop", "Arg"):
            return self.fields[0]
        if self.kind == "Combine":
            return self.fields[2]
        return None


@dataclass
class EGraphView:
    """The Term e-nodes of an e-graph, with what the analyses know of their classes."""
    nodes: dict[str, ENode]
    classes: dict[str, list[str]]          # class -> node ids
    root: str                              # class of the Root term
    lets: dict[str, list[str]]             # class -> let names bound to it
    n_classes: int = 0
    n_nodes: int = 0
    consts: dict[str, tuple[str, int]] = field(default_factory=dict)   # class -> (elem, bits)
    facts: dict[str, ValueFacts] = field(default_factory=dict)  # class -> what analyses know


def class_key(cid: str) -> tuple:
    head, _, num = cid.rpartition("-")
    return (head, int(num)) if num.isdigit() else (cid, 0)


def view(enc: Encoding) -> EGraphView:
    """The Term e-nodes of the e-graph with decoded fields, read off egglog's tables."""
    eg = enc.egraph
    tables = Tables(eg)
    nodes: dict[str, ENode] = {}
    classes: dict[str, list[str]] = {}
    kinds = {egg.egg_name(eg, fn): kind for kind, fn in T.TERM_CONSTRUCTORS.items()}
    cls, string, i64 = tables.cls, tables.string, tables.i64
    for name, f in tables.functions.items():       # in table order, as `serialize` has it
        kind = kinds.get(name)
        if kind is None:
            continue
        out_sort = f.output_sort
        cols = [(k, sort, tables.names(sort)) for k, sort in zip(SIGNATURES[kind], f.input_sorts)]
        out_names = tables.names(out_sort)
        for i, r in enumerate(f.rows):
            if r.subsumed:
                continue
            fields: list = []
            for (k, sort, named), x in zip(cols, r.inputs):
                if k == "t":
                    fields.append(named.get(x) or cls(sort, x))
                elif k == "v":
                    fields.append([out_names.get(c) or cls(out_sort, c) for c in tables.vec(x)])
                elif k == "m":                   # a bag: order its members deterministically
                    fields.append(sorted({cls(out_sort, c) for c in tables.bag(x)},
                                         key=class_key))
                elif k == "s" or k == "y":      # a type is its text
                    fields.append(string(x))
                else:
                    fields.append(i64(x))
            nid = f"function-{i}-{name}"
            c = out_names.get(r.output) or cls(out_sort, r.output)
            nodes[nid] = ENode(nid, kind, c, fields)
            got = classes.get(c)
            if got is None:
                classes[c] = [nid]
            else:
                got.append(nid)
    lets = tables.bindings()
    root = None
    for cid, ls in lets.items():
        if enc.root in ls:
            root = cid
    if root is None:
        raise ValueError("the e-graph has no root")
    n_lets = sum(1 for ls in lets.values() for x in ls if x.startswith("v"))
    if n_lets < enc.n_values:
        raise ValueError(f"egglog holds {n_lets} of {enc.n_values} value bindings")
    # nodes whose children are not Term classes (a token rule's unfinished `Step`)
    # cannot be extracted: drop them, and whatever needs only them
    while True:
        bad = [nid for nid, en in nodes.items() if any(c not in classes for c in en.children())]
        if not bad:
            break
        for nid in bad:
            en = nodes.pop(nid)
            classes[en.cls].remove(nid)
            if not classes[en.cls]:
                del classes[en.cls]
    v = EGraphView(nodes, classes, root, lets, len(classes), len(nodes),
                   facts=read_facts(eg, tables))
    for en in nodes.values():
        if en.kind == "Const":
            v.consts[en.cls] = (en.fields[1], en.fields[2])
    return v


__all__ = ["ENode", "EGraphView", "LOOPS", "SIGNATURES", "class_key", "view"]
