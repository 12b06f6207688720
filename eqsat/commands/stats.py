"""`eqsat stats FILE [--token-graph OUT.svg [--against CUTILE.mlir]]`: JSON metrics (op
counts, token counts), and a picture of which memory op waits for which."""
from __future__ import annotations

import json

from eqsat.errors import EqsatError
from eqsat.memory.stats import kernel_stats
from eqsat.memory.token_graph import token_graph
from eqsat.commands._common import load_kernel, write_output
from eqsat.commands._token_svg import Panel, render_svg


def _run(args) -> int:
    if args.against and not args.token_graph:
        raise EqsatError("error: --against draws a second token graph: it needs "
                         "--token-graph OUT.svg")
    if args.token_graph and not args.token_graph.lower().endswith(".svg"):
        raise EqsatError(f"{args.token_graph}: error: --token-graph writes an .svg file")
    k = load_kernel(args.file, verify=False, entry=args.entry)
    other = load_kernel(args.against, verify=False) if args.against else None
    print(json.dumps(kernel_stats(k, noalias=args.noalias), indent=2))
    if args.token_graph:
        panels = [Panel("ours", f"ours: {args.file}", token_graph(k, noalias=args.noalias))]
        if other is not None:
            panels.append(Panel("cutile", f"cuTile: {args.against}",
                                token_graph(other, noalias=args.noalias)))
        write_output(args.token_graph, render_svg(panels))
    return 0


def register(sub) -> None:
    p = sub.add_parser("stats", help="print IR metrics as JSON")
    p.add_argument("file", metavar="FILE", help="Tile IR text (.mlir); '-' reads stdin")
    p.add_argument("--entry", metavar="NAME", help="the entry of a file of several")
    p.add_argument("--noalias", action="store_true",
                   help="array parameters without alias attributes never alias each other")
    p.add_argument("--json", action="store_true",
                   help="accepted for symmetry with the other commands: stats is always JSON")
    p.add_argument("--token-graph", metavar="OUT.svg",
                   help="also draw which memory op waits for which (direct waits through "
                        "tokens, joins and loop-carried tokens; program order for a "
                        "token-free kernel) as an SVG")
    p.add_argument("--against", metavar="CUTILE.mlir",
                   help="with --token-graph: draw this kernel's graph (cuTile's output, say) "
                        "beside FILE's")
    p.set_defaults(func=_run)
