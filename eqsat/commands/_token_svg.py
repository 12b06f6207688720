"""Draw token graphs (eqsat.memory.token_graph) as one SVG, panels side by side.

A small layered layout of our own, so that no graphviz is needed: a node's layer is the
longest chain of forward waits above it, its column its program order within the layer
(a wide layer wraps onto several rows, which no wait connects).
Forward waits are drawn downwards; waits across a loop's back edge (and any wait that
points up) go around the right side, dashed. A wait between accesses that cannot
conflict is drawn in orange: it orders nothing that needs ordering. Everything is
computed from the graphs alone, so the same graphs give the same bytes.

Each node is a `<g class="node">` and each wait a `<g class="edge">` with `data-`
attributes naming what they stand for, so a browser (or a test) can find them.
"""
from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from eqsat.memory.token_graph import TokenGraph, WaitEdge

CHAR_W = 7.2          # monospace advance at FONT px
TITLE_CHAR_W = 8.7    # the same for the 14 px bold titles
FONT = 12
BOX_H = 26
H_GAP = 24
V_GAP = 44
PAD = 16
TITLE_H = 44
LOOP_W = 18           # room per back edge on a panel's right side
PANEL_GAP = 40
LEGEND_H = 60
MAX_COLS = 4          # a layer wider than this wraps onto more rows

NEEDED = "#333333"
NEEDLESS = "#e67e22"


@dataclass(frozen=True)
class Panel:
    """One graph to draw: an id prefix for its elements (letters, digits, '-'), a title."""
    key: str
    title: str
    graph: TokenGraph


def _rows(g: TokenGraph) -> dict[int, int]:
    row: dict[int, int] = {n.index: 0 for n in g.nodes}
    for e in sorted(g.edges, key=lambda e: (e.waiter, e.waited)):
        if _forward(e):
            row[e.waiter] = max(row[e.waiter], row[e.waited] + 1)
    return row


def _forward(e: WaitEdge) -> bool:
    return not e.carried and e.waited < e.waiter


def _panel(p: Panel, x0: float, box_w: float) -> tuple[list[str], float, float]:
    """SVG lines of one panel placed at x0, and the panel's width and height."""
    g = p.graph
    layer = _rows(g)
    row: dict[int, int] = {}
    col: dict[int, int] = {}
    per_row: dict[int, int] = {}
    next_row = 0
    for depth in sorted(set(layer.values())):  # program order within a layer, wrapped
        members = [n.index for n in g.nodes if layer[n.index] == depth]
        for k, i in enumerate(members):
            row[i], col[i] = next_row + k // MAX_COLS, k % MAX_COLS
            per_row[row[i]] = col[i] + 1
        next_row += (len(members) + MAX_COLS - 1) // MAX_COLS
    cols = max(per_row.values(), default=1)
    rows = max(per_row, default=0) + 1
    back = [e for e in g.edges if not _forward(e)]
    width = 2 * PAD + cols * box_w + (cols - 1) * H_GAP + LOOP_W * (len(back) + 1)
    height = TITLE_H + rows * BOX_H + (rows - 1) * V_GAP + 2 * PAD

    def pos(i: int) -> tuple[float, float]:
        return (x0 + PAD + col[i] * (box_w + H_GAP), TITLE_H + PAD + row[i] * (BOX_H + V_GAP))

    needless = sum(1 for e in g.edges if not e.conflict)
    how = "tokens" if g.tokenized else "program order (token-free)"
    sub = (f"{len(g.nodes)} memory ops, {len(g.edges)} waits ({needless} between accesses "
           f"that cannot conflict); {how}")
    width = max(width, 2 * PAD + len(p.title) * TITLE_CHAR_W, 2 * PAD + len(sub) * CHAR_W)
    out = [f'<g class="panel" id={quoteattr(p.key)}>',
           f'<text x="{x0 + PAD:.1f}" y="20" class="title">{escape(p.title)}</text>',
           f'<text x="{x0 + PAD:.1f}" y="36" class="sub">{escape(sub)}</text>']
    right = x0 + PAD + cols * box_w + (cols - 1) * H_GAP
    for k, e in enumerate(sorted(g.edges, key=lambda e: (e.waiter, e.waited, e.carried))):
        (ax, ay), (bx, by) = pos(e.waited), pos(e.waiter)
        if _forward(e):
            x1, y1, x2, y2 = ax + box_w / 2, ay + BOX_H, bx + box_w / 2, by
            mid = (y2 - y1) / 2
            d = f"M{x1:.1f},{y1:.1f} C{x1:.1f},{y1 + mid:.1f} {x2:.1f},{y2 - mid:.1f} " \
                f"{x2:.1f},{y2:.1f}"
        else:
            reach = right + LOOP_W * (back.index(e) + 1)
            x1, y1 = ax + box_w, ay + BOX_H / 2 - 6
            x2, y2 = bx + box_w, by + BOX_H / 2 + 6
            if e.waited == e.waiter:           # an op waiting for its previous iteration
                y1, y2 = ay + 3, ay + BOX_H - 3
            d = f"M{x1:.1f},{y1:.1f} C{reach:.1f},{y1:.1f} {reach:.1f},{y2:.1f} " \
                f"{x2:.1f},{y2:.1f}"
        color = NEEDED if e.conflict else NEEDLESS
        marker = "arrow" if e.conflict else "arrow-needless"
        dash = ' stroke-dasharray="5 3"' if e.carried else ""
        a, b = g.nodes[e.waited], g.nodes[e.waiter]
        note = " (across the loop's back edge)" if e.carried else ""
        why = "" if e.conflict else "; the accesses cannot conflict"
        out.append(
            f'<g class="edge" id="{p.key}-e{k}" data-waited="{p.key}-n{e.waited}" '
            f'data-waiter="{p.key}-n{e.waiter}" data-carried="{str(e.carried).lower()}" '
            f'data-conflict="{str(e.conflict).lower()}">'
            f'<title>{escape(b.label)} waits for {escape(a.label)}{note}{why}</title>'
            f'<path d="{d}" fill="none" stroke="{color}" stroke-width="1.5"{dash} '
            f'marker-end="url(#{marker})"/></g>')
    for n in g.nodes:
        x, y = pos(n.index)
        out.append(
            f'<g class="node" id="{p.key}-n{n.index}" data-op={quoteattr(n.op)} '
            f'data-label={quoteattr(n.label)}><title>{escape(n.label)}</title>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{box_w:.1f}" height="{BOX_H}" rx="4" '
            f'fill="#eef3fb" stroke="#4a6fa5"/>'
            f'<text x="{x + 8:.1f}" y="{y + BOX_H / 2 + FONT / 3:.1f}">{escape(n.label)}</text>'
            f'</g>')
    out.append("</g>")
    return out, width, height


def render_svg(panels: list[Panel]) -> str:
    """The panels side by side, with a legend, as a standalone SVG document."""
    labels = [n.label for p in panels for n in p.graph.nodes]
    box_w = max((len(s) for s in labels), default=8) * CHAR_W + 16
    body: list[str] = []
    x = 0.0
    height = 0.0
    for p in panels:
        lines, w, h = _panel(p, x, box_w)
        body += lines
        x += w + PANEL_GAP
        height = max(height, h)
    width = max(x - PANEL_GAP, 420.0)
    ly = height + 16
    legend = [
        '<g class="legend">',
        f'<path d="M{PAD},{ly} h36" stroke="{NEEDED}" stroke-width="1.5" '
        'marker-end="url(#arrow)"/>',
        f'<text x="{PAD + 44}" y="{ly + 4}">waits for (arrow points at the waiter); '
        'the accesses may conflict</text>',
        f'<path d="M{PAD},{ly + 18} h36" stroke="{NEEDLESS}" stroke-width="1.5" '
        'marker-end="url(#arrow-needless)"/>',
        f'<text x="{PAD + 44}" y="{ly + 22}">waits for, though the accesses cannot '
        'conflict</text>',
        f'<path d="M{PAD},{ly + 36} h36" stroke="{NEEDED}" stroke-width="1.5" '
        'stroke-dasharray="5 3"/>',
        f'<text x="{PAD + 44}" y="{ly + 40}">across a loop\'s back edge (iteration i+1 '
        'waits for iteration i)</text>',
        '</g>']
    total_h = ly + LEGEND_H - 16
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{total_h:.0f}" '
        f'viewBox="0 0 {width:.0f} {total_h:.0f}" font-family="monospace" '
        f'font-size="{FONT}">',
        '<style>.title{font-weight:bold;font-size:14px}.sub{fill:#555}</style>',
        '<defs>',
        f'<marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
        f'markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{NEEDED}"/>'
        '</marker>',
        f'<marker id="arrow-needless" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
        f'markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{NEEDLESS}"/>'
        '</marker>',
        '</defs>',
        '<rect width="100%" height="100%" fill="white"/>']
    return "\n".join([*head, *body, *legend, "</svg>"]) + "\n"
