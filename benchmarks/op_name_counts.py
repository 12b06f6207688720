"""Where an op's name is still the unit of knowledge, counted with `git grep`:

- `def op_` in the parser and `def p_` in the printer (hand-written syntax);
- files comparing an op name to a string literal (`==`, `!=`, `in (...)`), the op table
  itself and iteration over a tuple of names not counted;
- egglog's private attributes, and the modules importing egglog (the boundary's own
  included; outside `eqsat/egraph/egg/` both should be 0);
- kernel copies made by printing and parsing again.

    python benchmarks/op_name_counts.py [--lines]
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eqsat.ir.ops import SPECS  # noqa: E402

CODE = ("eqsat", "rules", "lowering")
BOUNDARY = "eqsat/egraph/egg/"


def grep(*args: str) -> list[str]:
    out = subprocess.run(["git", "grep", *args], capture_output=True, text=True, cwd=ROOT)
    return [line for line in out.stdout.splitlines() if line]


def name_comparisons() -> dict[str, list[str]]:
    names = "|".join(re.escape(n) for n in sorted(SPECS, key=len, reverse=True))
    quoted = f'"({names})"'
    test = re.compile(rf'(==|!=|\bin\b|startswith|endswith)\s*[\(\[\{{]?\s*{quoted}'
                      rf'|{quoted}\s*(==|!=)|name\s*(==|!=|in)\s*.*{quoted}')
    iteration = re.compile(r"\bfor\s+\w+(\s*,\s*\w+)*\s+in\b")
    found: dict[str, list[str]] = {}
    for hit in grep("-n", "-E", quoted, "--", *CODE):
        path, line, text = hit.split(":", 2)
        if path == "eqsat/ir/ops.py":             # the op table itself
            continue
        if test.search(iteration.sub("", text)):
            found.setdefault(path, []).append(f"{line}: {text.strip()[:100]}")
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", action="store_true", help="print each counted line")
    show = ap.parse_args().lines
    print("def op_ in the parser:", len(grep("-n", "def op_", "--", "eqsat/text")))
    print("def p_ in the printer:", len(grep("-n", "def p_", "--", "eqsat/ir/printer.py")))
    found = name_comparisons()
    print("files comparing an op name to a string:", len(found))
    for path, lines in sorted(found.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f"    {len(lines):3d} {path}")
        for text in lines if show else ():
            print(f"          {text}")
    private = grep("-n", "-E", r"\._(egraph|state|state_stack|run_program|add_decls)\b",
                   "--", *CODE)
    outside = [p for p in private if not p.startswith(BOUNDARY)]
    print(f"egglog private attributes: {len(outside)} lines outside {BOUNDARY}, "
          f"{len(private) - len(outside)} inside")
    importers = grep("-l", "-E", r"^\s*(import egglog|from egglog)", "--", *CODE)
    inside = [p for p in importers if p.startswith(BOUNDARY)]
    print(f"modules importing egglog: {len(importers) - len(inside)} outside {BOUNDARY}, "
          f"{len(inside)} inside")
    copies = grep("-n", "-E", r"parse\w*\(\s*(print|format)\w*\(", "--", *CODE)
    print("print-then-parse copies:", len(copies))
    for text in copies if show else ():
        print(f"          {text}")


if __name__ == "__main__":
    main()
