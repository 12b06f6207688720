"""`eqsat rules [--rules-from MODULE:ATTR] [--set NAME] [--json]` (also `eqsat --list-rules`):
every rule with its set, kind, check status and one-line doc, and what `default` holds."""
from __future__ import annotations

import sys


def rule_table(only: str | None = None) -> tuple[list, dict[str, list[str]]]:
    """(rows of `eqsat.rules.catalogue.rows`, set name -> rule names it selects) for every
    selectable set (plugins and loaded sets included), or the set `only`."""
    import eqsat.rules as rules_pkg
    from eqsat.rules.catalogue import rows

    rules_pkg.load_plugins()
    names = ["core", *[n for n in rules_pkg.available() if n != "core"]]
    if only is not None:
        if only not in names:
            rules_pkg.get(only)                      # the error that lists every set
        names = [only]
    sets = [rules_pkg.get(n) for n in names]
    return rows(sets), {"default": list(rules_pkg.DEFAULT), "none": [],
                        "all": [n for n in rules_pkg.available() if n != "core"]}


STATUSES = ("proved", "sampled", "trusted", "unchecked")


def print_rules(only: str | None = None, as_json: bool = False) -> None:
    import eqsat.rules as rules_pkg
    table, groups = rule_table(only)
    if as_json:
        from eqsat.commands._common import emit_json
        emit_json({"groups": groups,
                   "sets": {n: rules_pkg.get(n).doc for n in dict.fromkeys(r.set for r in table)},
                   "rules": [r.__dict__ for r in table]})
        return
    out = sys.stdout
    out.write("rule sets: core runs with every selection; " + "; ".join(
        f"{g} = {', '.join(v) or 'no rewrites (encode, extract, decode)'}"
        for g, v in groups.items()) + "\n")
    out.write("status: proved = proved by the SMT solver for every type and attribute set "
              "the rule matches; sampled = checked against the interpreter on edge values and "
              "random draws (what the solver cannot express; docs/rules.md lists the built-in "
              "ones and why); trusted = registered unchecked; unchecked = never registered"
              "\n\n")
    width = max((len(r.name) for r in table), default=0)
    current = None
    for r in table:
        if r.set != current:
            current = r.set
            doc = rules_pkg.get(r.set).doc
            st = [x.status for x in table if x.set == r.set]
            counts = ", ".join(f"{st.count(k)} {k}" for k in STATUSES if k in st)
            out.write(f"{r.set}: {doc} ({counts})\n" if doc else f"{r.set}: ({counts})\n")
        out.write(f"  {r.name:<{width}}  {r.kind:<8}  {r.status:<9}  {r.doc}\n")


def _run(args) -> int:
    from eqsat.commands._common import load_rule_sets
    load_rule_sets(args.rules_from)
    print_rules(args.set, args.json)
    return 0


def register(sub) -> None:
    p = sub.add_parser("rules", help="list every rule: set, kind, check status, doc")
    p.add_argument("--rules-from", metavar="MODULE:ATTR", action="append",
                   help="also load (and check) these rule sets, as `eqsat opt` does")
    p.add_argument("--set", metavar="NAME", help="only this rule set")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_run)
