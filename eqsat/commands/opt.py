"""`eqsat opt FILE|- [-o OUT] [--entry NAME] [--rules NAMES] [--contract]
[--rules-from MODULE:ATTR] [--diff] [--report] [--verbose] [--json] [--noalias]
[--alias-groups SPEC] [--versioning] [--loop-parallel all|view-stores]
[--dump-egraph FILE.svg|.json|.dot]`: optimize every entry of a file
(or one). `eqsat opt --list-rules`: what `eqsat rules` lists."""
from __future__ import annotations

import difflib
import sys
from typing import Any

from eqsat.egraph.dump import egraph_format, render, write_text
from eqsat.errors import EqsatError
from eqsat.memory.relations import LOOP_PARALLEL
from eqsat.text import print_module
from eqsat.commands._common import (emit_json, load_kernels, load_rule_sets, phase,
                                    write_output)


def _run(args) -> int:
    from eqsat.egraph.saturate import Limits
    from eqsat.pipeline.optimize import optimize

    loaded = load_rule_sets(args.rules_from)
    if args.list_rules:
        from eqsat.commands.rules import print_rules
        print_rules()
        return 0
    if args.file is None:
        print("eqsat opt: error: FILE is required (unless --list-rules); '-' reads stdin",
              file=sys.stderr)
        return 2
    rules = args.rules
    if rules is None:           # sets loaded with --rules-from run unless --rules says
        rules = ",".join(["default", *loaded])
    where = "<stdin>" if args.file == "-" else args.file
    kernels = load_kernels(args.file, entry=args.entry)
    if args.dump_egraph and len(kernels) > 1:
        raise EqsatError(f"{where}: error: --dump-egraph draws one e-graph: choose an entry "
                         "with --entry NAME")
    try:
        limits = Limits(iterations=args.max_iterations, nodes=args.max_nodes,
                        matches=args.max_matches, seconds=args.max_seconds)
    except ValueError as e:
        raise EqsatError(f"error: {e}") from None
    groups = parse_alias_groups(args.alias_groups) if args.alias_groups else None
    fmt = egraph_format(args.dump_egraph) if args.dump_egraph else ""  # fails before the work
    drawn: list[str] = []

    def draw(eg: Any) -> None:
        """Serialized during the call: the e-graph then goes on to the next kernel."""
        drawn.append(render(eg, fmt))

    if args.contract:
        rules = f"{rules},contract"
    results = []
    for k in kernels:
        phase(f"optimizing @{k.name}" if len(kernels) > 1 else "optimizing")
        results.append(optimize(k, rules=rules, limits=limits, noalias=args.noalias,
                                alias_groups=groups, versioning=args.versioning,
                                on_saturated=draw if args.dump_egraph else None,
                                loop_parallel=args.loop_parallel))
    if args.dump_egraph:
        if not drawn:
            raise EqsatError(f"{where}: error: --dump-egraph: no e-graph was built "
                             f"({results[0].report.fallback})")
        phase("writing the e-graph")
        write_text(drawn[0], args.dump_egraph)
    text = print_module([r.kernel for r in results])
    to_file = bool(args.output and args.output != "-")
    if to_file:
        write_output(args.output, text)
    if args.diff:
        sys.stdout.write(unified_diff(print_module(kernels), text, where))
    elif not args.json and not to_file:
        sys.stdout.write(text)
    if args.json:
        reports = [{"entry": k.name, "report": r.report.to_json()}
                   for k, r in zip(kernels, results)]
        out: dict[str, Any] = {"file": where}
        out.update({"output": args.output} if to_file else {"kernel": text})
        out["report"] = reports[0]["report"]
        if len(reports) > 1:
            out["entries"] = reports
        emit_json(out)
    if args.report or args.verbose:
        for k, r in zip(kernels, results):
            head = f"@{k.name}:\n" if len(kernels) > 1 else ""
            print(head + r.report.summary(verbose=args.verbose), file=sys.stderr)
    return 0


def unified_diff(before: str, after: str, name: str) -> str:
    """A unified diff of a kernel's canonical text before and after optimizing: only the
    lines that changed, with three lines of context."""
    return "".join(difflib.unified_diff(before.splitlines(True), after.splitlines(True),
                                        f"a/{name}", f"b/{name} (optimized)"))


def parse_alias_groups(spec: str) -> dict[int | str, list[str]]:
    """`x=xy,y=xy+out,3=g` -> {"x": ["xy"], "y": ["xy", "out"], 3: ["g"]}: a parameter
    (name without '%', or index) and the alias groups it belongs to."""
    out: dict[int | str, list[str]] = {}
    for part in (p.strip() for p in spec.split(",")):
        if not part:
            continue
        name, sep, groups = part.partition("=")
        name = name.strip().lstrip("%")
        names = [g.strip() for g in groups.split("+") if g.strip()]
        if not sep or not name or not names:
            raise EqsatError(f"error: --alias-groups: expected PARAM=GROUP[+GROUP...], got "
                             f"'{part}'")
        out[int(name) if name.isdigit() else name] = names
    return out


def register(sub) -> None:
    p = sub.add_parser("opt", help="optimize a kernel by equality saturation")
    p.add_argument("file", metavar="FILE", nargs="?",
                   help="Tile IR text (.mlir), one or more entries; '-' reads stdin")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="write the result here (default, or '-': stdout)")
    p.add_argument("--entry", metavar="NAME",
                   help="optimize only this entry (default: every entry of FILE)")
    p.add_argument("--rules", default=None, metavar="NAMES",
                   help="comma-separated rule sets: default, none, all, fold, algebra, "
                        "analysis, tokens, or a set from an 'eqsat.rules' entry point or "
                        "--rules-from (default: default, plus the --rules-from sets)")
    p.add_argument("--contract", action="store_true",
                   help="also fuse a*b+c into fma (the 'contract' rule set): one rounding "
                        "instead of two, so results may differ from the input's")
    p.add_argument("--rules-from", metavar="MODULE:ATTR", action="append",
                   help="import MODULE (the current directory is searched too) and "
                        "register (after checking) the rule set(s) ATTR names: a RuleSet, a "
                        "list of them, or a function returning either; they run unless "
                        "--rules names the sets; repeatable")
    p.add_argument("--list-rules", action="store_true",
                   help="list every rule (as `eqsat rules` does) and exit")
    p.add_argument("--diff", action="store_true",
                   help="print a unified diff of the input's canonical text and the output "
                        "instead of the output (with -o, the output still goes there)")
    p.add_argument("--report", action="store_true",
                   help="print what the optimizer did (to stderr): the rewrites in the "
                        "output and where, those that matched but were not chosen, op counts "
                        "and cost")
    p.add_argument("--verbose", action="store_true",
                   help="--report with every rule's match count")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object on stdout: the report (schema "
                        "docs/report.schema.json) and the kernel's text (or, with -o, the "
                        "file it went to)")
    p.add_argument("--max-iterations", type=int, default=30, help="saturation iteration budget")
    p.add_argument("--max-nodes", type=int, default=None,
                   help="e-node budget (default: follows the kernel, 10 per e-node as "
                        "encoded and at least 50,000, as Limits() does)")
    p.add_argument("--max-matches", type=int, default=None,
                   help="matches per rule per iteration before it is bounded (default: "
                        "follows the kernel, 100 per e-node as encoded and at least "
                        "200,000)")
    p.add_argument("--max-seconds", type=float, default=60.0,
                   help="wall-clock safety net (never decides the output of a normal run; "
                        "hitting it warns)")
    p.add_argument("--noalias", action="store_true",
                   help="array parameters without a declared alias group never alias each "
                        "other (what cuTile specializes on; groups in a cuTile mangled entry "
                        "symbol are always read)")
    p.add_argument("--alias-groups", metavar="SPEC",
                   help="alias groups of parameters, e.g. 'x=xy,y=xy' or '0=g,3=g+h': "
                        "parameters sharing a group may overlap")
    p.add_argument("--versioning", action="store_true",
                   help="add a fast copy of the kernel for sizes and strides that are "
                        "multiples of the vector width (128-bit accesses under tileiras)")
    p.add_argument("--loop-parallel", choices=LOOP_PARALLEL, default="all",
                   help="which proofs that a loop's iterations touch disjoint memory may "
                        "drop their order: all (default), or view-stores, cuTile's own "
                        "(tileiras pipelines a loop whose iterations are unordered)")
    p.add_argument("--dump-egraph", metavar="FILE",
                   help="also write the saturated e-graph, as egglog serializes it: .json "
                        "(egraph-serialize format), .dot, or .svg (drawn by graphviz's "
                        "`dot`, which must be installed)")
    p.set_defaults(func=_run)
