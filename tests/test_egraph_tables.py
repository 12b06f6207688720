"""Extraction reads the e-graph off egglog's tables (`Tables`), not off its JSON
serialization. Both must describe the same e-graph: the same Term e-nodes under the same
ids, in the same order (ties in extraction follow it), in the same classes, with the
same binding names and analysis values. Checked on corpus kernels as encoded and
saturated, against what `serialize` writes."""
from __future__ import annotations

import json

import pytest

from corpus_util import CORPUS
from eqsat.egraph import egg
from eqsat.egraph import terms as T
from eqsat.egraph.analyses import contig, cval, div2, hi, lo, same
from eqsat.egraph.builder import TermBuilder
from eqsat.egraph.encode import encode
from eqsat.egraph.tables import Tables, serialize
from eqsat.egraph.view import SIGNATURES, class_key, view
from eqsat.pipeline.optimize import optimize
from eqsat.text import parse_file


def _from_json(eg, raw: dict) -> tuple[list, dict, dict]:
    """Term nodes (id, kind, class, fields), binding names per class and analysis values
    per class, read from egglog's serialization."""
    nodes = raw["nodes"]
    kinds = {egg.egg_name(eg, fn): kind for kind, fn in T.TERM_CONSTRUCTORS.items()}

    def lit(nid):
        op = nodes[nid]["op"]
        return json.loads(op) if op.startswith('"') else int(op)

    out = []
    for nid, n in nodes.items():
        kind = kinds.get(n["op"])
        if kind is None or n.get("subsumed"):
            continue
        fields: list = []
        for k, ch in zip(SIGNATURES[kind], n["children"]):
            if k == "t":
                fields.append(nodes[ch]["eclass"])
            elif k == "v":
                fields.append([nodes[c]["eclass"] for c in nodes[ch]["children"]])
            elif k == "m":
                fields.append(sorted({nodes[c]["eclass"] for c in nodes[ch]["children"]},
                                     key=class_key))
            else:                              # a String (a type's text too) or an i64
                fields.append(lit(ch))
        out.append((nid, kind, n["eclass"], fields))
    lets = {cid: [x.strip().lstrip("$") for x in d["let"].split(",")]
            for cid, d in raw["class_data"].items() if "let" in d}
    facts: dict = {}
    for fn, key in ((cval, "const"), (div2, "div"), (lo, "lo"), (hi, "hi"),
                    (contig, "contig"), (same, "same")):
        name = egg.egg_name(eg, fn)
        for n in nodes.values():
            if n["op"] == name:
                arg = nodes[n["children"][0]]["eclass"]
                facts.setdefault(arg, {})[key] = int(nodes_op(nodes, n["eclass"]))
    return out, lets, facts


def nodes_op(nodes: dict, eclass: str) -> str:
    """The literal of a primitive class (its one node)."""
    return next(n["op"] for n in nodes.values() if n["eclass"] == eclass and not n["children"])


def _check(enc) -> None:
    v = view(enc)
    want_nodes, want_lets, want_facts = _from_json(enc.egraph, serialize(enc.egraph))
    assert want_nodes and want_lets and want_facts
    got_nodes = [(en.id, en.kind, en.cls, en.fields) for en in v.nodes.values()]
    # the view drops nodes with a child that is no Term class; none of these have one
    assert got_nodes == want_nodes
    assert v.lets == want_lets
    got_facts = {cid: {k: val for k, val in vars(f).items()
                       if val is not None and k in ("const", "div", "lo", "hi", "contig",
                                                    "same")}
                 for cid, f in v.facts.items()}
    assert {c: f for c, f in got_facts.items() if f} == want_facts


@pytest.mark.parametrize("name", ["vector_add", "layernorm_fwd", "store_load_recurrence",
                                  "relu_accum_branch"])
def test_tables_read_what_serialize_writes(name):
    k = parse_file(CORPUS / f"{name}.seq.mlir")
    _check(encode(k))                          # as encoded
    checked = []

    def hook(eg) -> None:                      # saturated, as the pipeline lends it
        enc = encode(k)                        # the names of a fresh encoding ...
        enc.egraph = eg                        # ... read off the saturated e-graph
        _check(enc)
        checked.append(True)
    optimize(k, on_saturated=hook)
    assert checked


def test_primitive_numbers_are_per_sort():
    """egglog numbers the values of every sort apart: an i64 and a String can both be
    value 1, and must not share a name."""
    enc = encode(parse_file(CORPUS / "vector_add.seq.mlir"))
    tables = Tables(enc.egraph)
    name = egg.egg_name(enc.egraph, T.Param)
    (i_sort, ty_sort), out_sort = tables.sorts(name)
    assert (i_sort, ty_sort) == ("i64", "String")
    rows = tables.rows(name)
    assert rows
    for r in rows:
        assert tables.cls(out_sort, r.output).startswith(out_sort + "-")
        assert tables.string(r.inputs[1]).startswith("tile<")
        assert isinstance(tables.i64(r.inputs[0]), int)


@pytest.mark.parametrize("table", [True, False], ids=["binding-table", "egglog-let"])
def test_binding_names_match_serialize(table):
    """Names bound through a binding table and through egglog's own `let`, quotes and
    merged classes included, read the same off the tables as off the serialization."""
    built = {n: getattr(T, n) for n in ("Param", "Const")}
    mk = TermBuilder(egg.EGraph(), built, T.Term, T.Named if table else None)
    a = mk.let("a", mk.Const("tile<i32>", "i32", 1))
    mk.let("b", mk.Const("tile<i32>", "i32", 1))     # the same term: one class
    mk.let("c", mk.Param(1, "tile<i32>"))
    mk.let('q"\\x', mk.Param(3, 'tile<"q"\\x>'))
    mk.union(a, mk.Param(2, "tile<i32>"))
    mk.flush()
    raw = serialize(mk.eg)
    want = {cid: [x.strip().lstrip("$") for x in d["let"].split(",")]
            for cid, d in raw["class_data"].items() if "let" in d}
    got = Tables(mk.eg).bindings()
    assert got == want
    assert sorted(sorted(x) for x in got.values()) == [["a", "b"], ["c"], ['q"\\x']]
    param = egg.egg_name(mk.eg, T.Param)
    tables = Tables(mk.eg)
    texts = {tables.string(r.inputs[1]) for r in tables.rows(param)}
    assert 'tile<"q"\\x>' in texts                # read raw, as serialize's JSON decodes it
