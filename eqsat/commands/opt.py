"""`eqsat opt FILE [-o OUT] [--rules NAMES] [--contract] [--rules-from MODULE:ATTR] [--report]
[--noalias] [--alias-groups SPEC] [--versioning] [--loop-parallel all|view-stores]
[--dump-egraph FILE.svg|.json|.dot]`: optimize a
kernel. `eqsat opt --list-rules`: the selectable rule sets, those of `eqsat.rules` entry
points included."""
from __future__ import annotations

import sys
from typing import Any

from eqsat.egraph.dump import egraph_format, render, write_text
from eqsat.errors import EqsatError
from eqsat.memory.relations import LOOP_PARALLEL
from eqsat.text import print_kernel
from eqsat.commands._common import emit_json, load_kernel, phase, report_dict


def _run(args) -> int:
    from eqsat.egraph.saturate import Limits
    import eqsat.rules as rules_pkg

    from eqsat.pipeline.optimize import optimize

    for target in args.rules_from or ():
        rules_pkg.load_from(target)
    if args.list_rules:
        for name, doc in rules_pkg.describe():
            trust = rules_pkg.get(name).trust
            note = "" if trust in ("builtin", "checked") else f" [{trust or 'unchecked'}]"
            status = rules_pkg.rule_status(name)
            counts = ", ".join(f"{sum(v == k for v in status.values())} {k}"
                               for k in ("proved", "sampled", "trusted", "unchecked")
                               if k in status.values())
            line = f"{name}{note}: {doc}" if doc else f"{name}{note}"
            print(f"{line} ({counts})" if counts else line)
            if args.verbose_rules:
                for rule, how in status.items():
                    print(f"  {rule}: {how}")
        return 0
    if args.file is None:
        print("eqsat opt: error: FILE is required (unless --list-rules)", file=sys.stderr)
        return 2
    k = load_kernel(args.file)
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
    phase("optimizing")
    rules = f"{args.rules},contract" if args.contract else args.rules
    res = optimize(k, rules=rules, limits=limits, noalias=args.noalias,
                   alias_groups=groups, versioning=args.versioning,
                   on_saturated=draw if args.dump_egraph else None,
                   loop_parallel=args.loop_parallel)
    if args.dump_egraph:
        if not drawn:
            raise EqsatError(f"{args.file}: error: --dump-egraph: no e-graph was built "
                             f"({res.report.fallback})")
        phase("writing the e-graph")
        write_text(drawn[0], args.dump_egraph)
    text = print_kernel(res.kernel)
    if args.output and args.output != "-":
        try:
            with open(args.output, "w") as f:
                f.write(text)
        except OSError as e:
            raise EqsatError(f"{args.output}: error: cannot write: {e.strerror}") from None
    elif not args.json:
        sys.stdout.write(text)
    if args.json:
        written = bool(args.output and args.output != "-")
        emit_json({"file": args.file, **({"output": args.output} if written else {"kernel": text}),
                   "report": report_dict(res.report)})
    if args.report:
        print(res.report.summary(), file=sys.stderr)
    return 0


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
    p.add_argument("file", metavar="FILE", nargs="?", help="Tile IR text (.mlir)")
    p.add_argument("-o", "--output", metavar="OUT", help="write the result here (default: stdout)")
    p.add_argument("--rules", default="default", metavar="NAMES",
                   help="comma-separated rule sets: default, none, all, fold, algebra, "
                        "analysis, tokens, or a set from an 'eqsat.rules' entry point or "
                        "--rules-from (default: default)")
    p.add_argument("--contract", action="store_true",
                   help="also fuse a*b+c into fma (the 'contract' rule set): one rounding "
                        "instead of two, so results may differ from the input's")
    p.add_argument("--rules-from", metavar="MODULE:ATTR", action="append",
                   help="import MODULE and register (after checking) the rule set(s) ATTR "
                        "names: a RuleSet, a list of them, or a function returning either; "
                        "repeatable")
    p.add_argument("--list-rules", action="store_true",
                   help="list the selectable rule sets with their docs and how many of their "
                        "rules are proved, sampled or trusted, and exit")
    p.add_argument("--each", dest="verbose_rules", action="store_true",
                   help="with --list-rules: one line per rule with its status")
    p.add_argument("--report", action="store_true",
                   help="print what saturation did (to stderr)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object on stdout: the report and the kernel's text "
                        "(or, with -o, the file it went to)")
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
