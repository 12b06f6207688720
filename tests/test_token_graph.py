"""The token graph (which memory op waits for which), its SVG, `eqsat stats --token-graph`
and `eqsat opt --dump-egraph`."""
import json
import re
import xml.etree.ElementTree as ET

import pytest

from corpus_util import CORPUS, ROOT
from eqsat.cli import main
from eqsat.commands._token_svg import Panel, render_svg
from eqsat.ir.ops import MEMORY_OPS
from eqsat.memory.ordering import ordered_pairs
from eqsat.memory.token_graph import token_graph
from eqsat.pipeline.optimize import optimize
from eqsat.text import parse_file

SVG = "{http://www.w3.org/2000/svg}"
TOKENIZED = [p for p in sorted(CORPUS.glob("*.cutile.mlir"))
             + sorted((ROOT / "tests" / "cutile_kernels").glob("*.mlir"))
             if " token = %" in p.read_text()]
SEQ = sorted(CORPUS.glob("*.seq.mlir"))


def _memory_ops(k):
    return [op for op in k.walk() if op.name in MEMORY_OPS or op.name == "print_tko"]


def _closure(edges):
    succ = {}
    for a, b in edges:
        succ.setdefault(a, set()).add(b)
    out = set()
    for a in succ:
        seen, stack = set(), list(succ[a])
        while stack:
            x = stack.pop()
            if x not in seen:
                seen.add(x)
                stack.extend(succ.get(x, ()))
        out |= {(a, x) for x in seen}
    return out


@pytest.mark.parametrize("path", TOKENIZED, ids=lambda p: p.name)
def test_direct_waits_imply_exactly_the_token_orderings(path):
    """Every ordering the tokens state follows from the drawn waits, and no other."""
    k = parse_file(str(path))
    g = token_graph(k)
    ops = _memory_ops(k)
    assert [n.op for n in g.nodes] == [op.name for op in ops]
    index = {id(op): i for i, op in enumerate(ops)}
    want = {(index[a], index[b]) for a, b in ordered_pairs(k)}
    assert _closure({(e.waited, e.waiter) for e in g.edges}) == want


@pytest.mark.parametrize("path", SEQ, ids=lambda p: p.name)
def test_program_order_is_the_encoded_token_chain(path):
    """A token-free kernel's waits are program order: the same waits as the kernel the
    encoder makes of it (one token chain through loops and branches)."""
    k = parse_file(str(path))
    chained = optimize(k, rules="none").kernel
    g, g2 = token_graph(k), token_graph(chained)
    assert not g.tokenized and g2.tokenized
    assert [n.op for n in g.nodes] == [n.op for n in g2.nodes]
    waits = {(e.waited, e.waiter, e.carried) for e in g.edges}
    assert waits == {(e.waited, e.waiter, e.carried) for e in g2.edges}
    assert len(g.nodes) < 2 or waits


def test_carried_and_needless_waits_are_marked():
    g = token_graph(parse_file(str(CORPUS / "store_load_recurrence.cutile.mlir")))
    carried = [e for e in g.edges if e.carried]
    assert carried and all(e.waited >= e.waiter for e in carried)
    seq = token_graph(parse_file(str(CORPUS / "store_load_recurrence.seq.mlir")))
    assert any(not e.conflict for e in seq.edges)       # program order over-orders
    assert all(e.conflict for e in g.edges)             # cuTile orders only conflicts


def test_svg_shows_every_node_and_wait_and_is_deterministic():
    graphs = [token_graph(parse_file(str(CORPUS / f"store_load_recurrence.{v}.mlir")))
              for v in ("seq", "cutile")]
    panels = [Panel("ours", "ours", graphs[0]), Panel("cutile", "cuTile", graphs[1])]
    text = render_svg(panels)
    assert text == render_svg(panels)
    root = ET.fromstring(text.encode())
    for key, g in (("ours", graphs[0]), ("cutile", graphs[1])):
        nodes = {e.get("id"): e for e in root.iter(f"{SVG}g") if e.get("class") == "node"
                 and e.get("id", "").startswith(f"{key}-")}
        assert sorted(n.get("data-label") for n in nodes.values()) == \
            sorted(n.label for n in g.nodes)
        edges = {(e.get("data-waited"), e.get("data-waiter"), e.get("data-carried"))
                 for e in root.iter(f"{SVG}g") if e.get("class") == "edge"
                 and e.get("id", "").startswith(f"{key}-")}
        assert edges == {(f"{key}-n{e.waited}", f"{key}-n{e.waiter}", str(e.carried).lower())
                         for e in g.edges}


def test_stats_token_graph_cli(tmp_path, capsys):
    out = tmp_path / "t.svg"
    seq, cut = CORPUS / "relu_accum_mem.seq.mlir", CORPUS / "relu_accum_mem.cutile.mlir"
    assert main(["stats", str(seq), "--token-graph", str(out), "--against", str(cut)]) == 0
    assert json.loads(capsys.readouterr().out)["ops"] > 0
    root = ET.fromstring(out.read_bytes())
    titles = [t.text for t in root.iter(f"{SVG}text")]
    assert f"ours: {seq}" in titles and f"cuTile: {cut}" in titles
    assert main(["stats", str(seq), "--against", str(cut)]) == 2
    assert "--against" in capsys.readouterr().err
    assert main(["stats", str(seq), "--token-graph", str(tmp_path / "t.png")]) == 2
    assert ".svg" in capsys.readouterr().err


def test_dump_egraph_json_has_every_memory_op(tmp_path, capsys):
    src = CORPUS / "relu_accum_mem.seq.mlir"
    dump = tmp_path / "eg.json"
    assert main(["opt", str(src), "-o", str(tmp_path / "o.mlir"),
                 "--dump-egraph", str(dump)]) == 0
    data = json.loads(dump.read_text())
    assert set(data) >= {"nodes", "class_data"}
    mem = {m.groups() for n in data["nodes"].values()   # (op, uid): rewrites share a uid
           if (m := re.match(r'Mem\("([^"]+)", (\d+)', n["op"]))}
    assert sorted(name for name, _ in mem) == \
        sorted(op.name for op in _memory_ops(parse_file(str(src))))


def test_dump_egraph_errors(tmp_path, capsys, monkeypatch):
    src = str(CORPUS / "vector_add.seq.mlir")
    assert main(["opt", src, "--dump-egraph", str(tmp_path / "eg.png")]) == 2
    assert "--dump-egraph writes .json, .svg, .dot" in capsys.readouterr().err
    monkeypatch.setenv("PATH", str(tmp_path))          # no graphviz `dot` on PATH
    assert main(["opt", src, "-o", str(tmp_path / "o.mlir"),
                 "--dump-egraph", str(tmp_path / "eg.svg")]) == 2
    err = capsys.readouterr().err
    assert "`dot`" in err and "graphviz" in err and not (tmp_path / "eg.svg").exists()


def test_canonical_dot_sorts_statements_and_keeps_settings_in_place():
    """egglog writes DOT statements in hash order; two orders of one graph come out the
    same, with attribute settings where they were (they apply to what follows them)."""
    from eqsat.egraph.dump import canonical_dot
    one = ['digraph  {', '  node[shape=none]', '  "b" -> "c"', '  subgraph "s" {',
           '    "n2"', '    "n1"', '    style="invis"', '  }', '  "a" -> "b"', '}']
    two = ['digraph  {', '  node[shape=none]', '  "a" -> "b"', '  subgraph "s" {',
           '    "n1"', '    "n2"', '    style="invis"', '  }', '  "b" -> "c"', '}']
    out = canonical_dot("\n".join(one))
    assert out == canonical_dot("\n".join(two))
    lines = out.splitlines()
    assert lines[1] == '  node[shape=none]' and lines[-1] == "}"
    assert lines.index('    "n1"') < lines.index('    "n2"') < lines.index('    style="invis"')
    assert sorted(lines) == sorted(one)
