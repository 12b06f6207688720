"""The rendered e-graph and token graph of layernorm_fwd, opened in a real headless browser
(Chromium): the browser's own XML parser reads each SVG and lays it out, and a script in
the page reports what it drew; the test then checks that every memory op is a visible node
and every wait between memory ops (token edges in the e-graph, waits in the token graph)
a drawn edge.

Needs Chromium and graphviz's `dot`. CI (.ci/run) installs both, and sets
EQSAT_REQUIRE_BROWSER=1 so that a missing one fails there instead of skipping.
"""
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from corpus_util import CORPUS
from eqsat.cli import main
from eqsat.egraph.dump import render
from eqsat.ir.ops import MEMORY_OPS
from eqsat.memory.token_graph import token_graph
from eqsat.pipeline.optimize import optimize
from eqsat.text import parse_file

KERNEL = "layernorm_fwd"
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "chrome")
# what works on a machine without network access (no first-run, no background fetches)
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage")


def _need(what: str, found: str | None) -> str:
    if found is None:
        msg = (f"{what} is not installed (.ci/run installs it: apt-get install chromium "
               f"graphviz)")
        if os.environ.get("EQSAT_REQUIRE_BROWSER"):
            pytest.fail(msg)
        pytest.skip(msg)
    return found


@pytest.fixture(scope="module")
def browser() -> str:
    return _need("Chromium", next(filter(None, map(shutil.which, BROWSERS)), None))


# Parses the SVG with the browser's XML parser, puts it in the page and reports the box of
# every node and the length and end points of every edge, in page units from the SVG's corner.
PAGE = """<!DOCTYPE html><html><body><pre id="report"></pre><div id="host"></div><script>
const doc = new DOMParser().parseFromString(SOURCE, "image/svg+xml");
const report = {error: null, nodes: [], edges: []};
const bad = doc.getElementsByTagName("parsererror");
if (bad.length) { report.error = bad[0].textContent; } else {
  const svg = document.importNode(doc.documentElement, true);
  document.getElementById("host").appendChild(svg);
  const o = svg.getBoundingClientRect();
  report.view = [0, 0, o.width, o.height];
  const box = (r) => [r.x - o.x, r.y - o.y, r.width, r.height];
  const at = (p, len) => {
    const q = p.getPointAtLength(len).matrixTransform(p.getScreenCTM());
    return [q.x - o.x, q.y - o.y];
  };
  const title = (g) => { const t = g.querySelector(":scope > title"); return t ? t.textContent : ""; };
  for (const g of svg.querySelectorAll("g.node")) {
    report.nodes.push({id: g.id, title: title(g), text: g.textContent,
                       data: Object.assign({}, g.dataset), box: box(g.getBoundingClientRect())});
  }
  for (const g of svg.querySelectorAll("g.edge")) {
    const p = g.querySelector("path");
    const n = p ? p.getTotalLength() : 0;
    report.edges.push({id: g.id, title: title(g), data: Object.assign({}, g.dataset),
                       length: n, ends: n ? [...at(p, 0), ...at(p, n)] : null});
  }
}
document.getElementById("report").textContent = JSON.stringify(report);
</script></body></html>"""


def _open(browser: str, svg: str, tmp: Path) -> dict:
    page = tmp / "page.html"
    page.write_text(PAGE.replace("SOURCE", json.dumps(svg)))
    with tempfile.TemporaryDirectory(prefix="eqsat-chromium-") as profile:
        done = subprocess.run([browser, *FLAGS, f"--user-data-dir={profile}", "--dump-dom",
                               page.as_uri()], capture_output=True, text=True, timeout=120)
    m = re.search(r'<pre id="report">(.*?)</pre>', done.stdout, re.S)
    assert m, f"the browser reported nothing (exit {done.returncode}): {done.stderr[-2000:]}"
    report = json.loads(m.group(1).replace("&lt;", "<").replace("&gt;", ">")
                        .replace("&quot;", '"').replace("&amp;", "&"))
    assert report["error"] is None, report["error"]
    return report


def _inside(box, view, slack=1.0):
    x, y, w, h = box
    vx, vy, vw, vh = view
    return (w > 0 and h > 0 and x >= vx - slack and y >= vy - slack
            and x + w <= vx + vw + slack and y + h <= vy + vh + slack)


def _near(point, box, slack=12.0):
    px, py = point
    x, y, w, h = box
    return x - slack <= px <= x + w + slack and y - slack <= py <= y + h + slack


@pytest.mark.parametrize("optimized", [True, False], ids=["optimized", "sequential"])
def test_token_graph_in_browser(browser, tmp_path, capsys, optimized):
    """Ours beside cuTile's: every memory op a visible node with its label, every wait a
    drawn edge from one to the other. Ours is the optimized kernel (whose loads wait for
    nothing, as cuTile's do), or the sequential input (program order: a chain of waits)."""
    seq, cutile, svg = CORPUS / f"{KERNEL}.seq.mlir", CORPUS / f"{KERNEL}.cutile.mlir", \
        tmp_path / "tokens.svg"
    ours = tmp_path / "ours.mlir" if optimized else seq
    if optimized:
        assert main(["opt", str(seq), "-o", str(ours)]) == 0
    assert main(["stats", str(ours), "--token-graph", str(svg), "--against", str(cutile)]) == 0
    capsys.readouterr()
    report = _open(browser, svg.read_text(), tmp_path)
    for key, path in (("ours", ours), ("cutile", cutile)):
        k = parse_file(str(path))
        mem = [op for op in k.walk() if op.name in MEMORY_OPS or op.name == "print_tko"]
        nodes = {n["id"]: n for n in report["nodes"] if n["id"].startswith(f"{key}-")}
        # every memory op, by name and source line, drawn inside the picture
        assert sorted((n["data"]["op"], n["title"].rsplit("@", 1)[1]) for n in nodes.values()) \
            == sorted((op.name, f"{op.loc[0]}:{op.loc[1]}") for op in mem)
        for n in nodes.values():
            assert _inside(n["box"], report["view"]), n
            assert n["title"] in n["text"]                   # the label is on the node
        g = token_graph(k)
        edges = [e for e in report["edges"] if e["id"].startswith(f"{key}-")]
        assert sorted((e["data"]["waited"], e["data"]["waiter"]) for e in edges) == \
            sorted((f"{key}-n{e.waited}", f"{key}-n{e.waiter}") for e in g.edges)
        assert optimized or key != "ours" or edges
        for e in edges:
            assert e["length"] > 0
            a, b = nodes[e["data"]["waited"]], nodes[e["data"]["waiter"]]
            assert _near(e["ends"][:2], a["box"]) and _near(e["ends"][2:], b["box"]), e


def test_egraph_in_browser(browser, tmp_path):
    """Every memory op is a drawn `Mem` e-node naming the op, and every token edge between
    memory ops (a Mem's token operand, the projection of another Mem's result token) is a
    drawn edge."""
    _need("graphviz's `dot`", shutil.which("dot"))
    k = parse_file(str(CORPUS / f"{KERNEL}.seq.mlir"))
    drawn_as: dict[str, str] = {}            # rendered while optimize lends the e-graph

    def draw(eg):
        drawn_as.update({fmt: render(eg, fmt) for fmt in (".json", ".svg")})
    optimize(k, on_saturated=draw)
    data = json.loads(drawn_as[".json"])
    report = _open(browser, drawn_as[".svg"], tmp_path)
    drawn = {n["title"]: n for n in report["nodes"]}
    for n in drawn.values():
        assert _inside(n["box"], report["view"], slack=2.0), n
    edges = {}
    for e in report["edges"]:                 # graphviz titles edges "tail:port:s->head"
        tail, head = e["title"].split("->")
        edges[(tail.split(":")[0], head.split(":")[0])] = e
    nodes = data["nodes"]
    mem = {nid: n for nid, n in nodes.items() if n["op"].startswith("Mem(")}
    ops = {re.match(r'Mem\("([^"]+)", (\d+)', n["op"]).groups() for n in mem.values()}
    assert sorted(name for name, _ in ops) == \
        sorted(op.name for op in k.walk() if op.name in MEMORY_OPS)
    # an edge points at one e-node of its child's class, which may be the encoder's
    # binding row (`Named("v3_")`) rather than the term: look through the class
    of_class: dict[str, list[str]] = {}
    for nid, n in nodes.items():
        of_class.setdefault(n["eclass"], []).append(nid)

    def alike(nid: str, prefix: str) -> list[str]:
        return [m for m in of_class[nodes[nid]["eclass"]] if nodes[m]["op"].startswith(prefix)]

    waits = 0
    for nid, n in mem.items():
        assert nid in drawn and n["op"] in drawn[nid]["text"], nid
        tok = n["children"][-1]                   # Mem(name, uid, type, operands, token)
        assert (nid, tok) in edges and edges[(nid, tok)]["length"] > 0
        for proj in alike(tok, "Proj("):
            head = nodes[proj]["children"][0]
            if alike(head, "Mem("):
                assert (proj, head) in edges and edges[(proj, head)]["length"] > 0
                waits += 1
    # the sequential kernel is one token chain: outside loops an op waits for the one before
    assert waits > 0
