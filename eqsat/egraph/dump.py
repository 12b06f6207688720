"""A saturated e-graph as a file: egglog's own JSON serialization, or its graphviz drawing.

The JSON is what egglog's serializer writes (`nodes`, `class_data`, `root_eclasses`),
for tools that read the egraph-serialize format; the SVG is egglog's own DOT rendering
laid out by graphviz's `dot`, which must be on PATH (nothing else here needs it).
"""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from eqsat.egraph import egg
from eqsat.errors import EqsatError

FORMATS = (".json", ".svg", ".dot")
DOT_HINT = ("install graphviz (Debian/Ubuntu: apt-get install graphviz; "
            "macOS: brew install graphviz)")
DOT_SECONDS = 300


def egraph_format(path: str) -> str:
    """The format a dump path asks for, by its suffix; anything else is bad input."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise EqsatError(f"{path}: error: --dump-egraph writes {', '.join(FORMATS)} files, "
                         f"not '{suffix or '(no suffix)'}'")
    return suffix


def render(eg: Any, fmt: str) -> str:
    """The e-graph as `fmt` text (see FORMATS)."""
    ser = egg.display_serialized(eg)
    if fmt == ".json":
        return json.dumps(json.loads(ser.to_json()), sort_keys=True) + "\n"
    dot_text = canonical_dot(str(ser.to_dot()))
    if fmt == ".dot":
        return dot_text
    return dot_to_svg(dot_text)


def canonical_dot(text: str) -> str:
    """egglog's DOT with the statements of every (sub)graph in sorted order. egglog writes
    them in hash-map order, which changes from run to run; graphviz lays out in statement
    order, so without this the same e-graph would be drawn differently each time. Attribute
    lines keep their places (`node[...]` defaults apply to the statements after them)."""
    lines = iter(text.splitlines())

    def block(head: str) -> str:
        """`head {`, its body with statements sorted (nested blocks first made canonical),
        and the closing brace; reads the body's lines from `lines`."""
        items: list[str] = []
        close = ""
        for line in lines:
            if line.strip() == "}":
                close = line
                break
            items.append(block(line) if line.rstrip().endswith("{") else line)
        slots = [i for i, it in enumerate(items) if it.lstrip().startswith(('"', "subgraph"))]
        for i, it in zip(slots, sorted(items[i] for i in slots)):
            items[i] = it
        return "\n".join([head, *items, close])

    first = next(lines, "")
    return block(first) + "\n"


def dot_to_svg(dot_text: str) -> str:
    """graphviz's SVG of DOT text; a missing `dot` is reported with how to install it."""
    exe = shutil.which("dot")
    if exe is None:
        raise EqsatError(f"error: an SVG e-graph needs graphviz's `dot` program, which is not "
                         f"on PATH: {DOT_HINT}; or write .json or .dot instead")
    try:
        done = subprocess.run([exe, "-Tsvg"], input=dot_text, capture_output=True, text=True,
                              timeout=DOT_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        raise EqsatError(f"error: graphviz's `dot` did not lay out the e-graph within "
                         f"{DOT_SECONDS} s; write .json or .dot instead") from None
    if done.returncode != 0 or not done.stdout.lstrip().startswith(("<?xml", "<svg")):
        msg = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise EqsatError(f"error: graphviz's `dot` failed on the e-graph: {msg}")
    return done.stdout


def write_text(text: str, path: str) -> None:
    """Write a rendered e-graph, with a clear error when the path is not writable."""
    try:
        Path(path).write_text(text)
    except OSError as e:
        raise EqsatError(f"{path}: error: cannot write: {e.strerror or e}") from None
