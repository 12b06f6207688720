"""docs/api.md, written from the public API's docstrings, so the reference reads the same
in a checkout, on a forge and on the site. `python docs/hooks/api.py` rewrites it;
tests/test_docs.py fails when it is out of date."""
from __future__ import annotations

import importlib
import inspect
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "api.md"

HEAD = """# API

The public surface: `eqsat` (parse, optimize, verify, run, check equivalence), the
rule DSL and registry (`eqsat.rules`), cost models and saturation limits, and the
property-testing helpers (`eqsat.testing`). These modules are type-checked with
`mypy --strict` and ship a `py.typed` marker.

Written from the docstrings by `python docs/hooks/api.py` (a test checks it is current).
"""

# (section title, text under it, module, members: None = the module's __all__)
SECTIONS: list[tuple[str, str, str, list[str] | None]] = [
    ("eqsat", "", "eqsat", ["optimize", "Result", "Report", "parse", "parse_file",
                            "print_kernel", "Kernel", "EqsatError", "ParseError",
                            "VerifyError"]),
    ("Rules", "", "eqsat.rules", ["RuleSet", "rewrite", "infer", "register", "trust",
                                  "resolve", "available", "get", "load_from", "vouch",
                                  "unchecked"]),
    ("The rule DSL", "The op helpers (`addi`, `mulf`, `select`, ... one per pure "
     "fixed-arity op, listed in `eqsat.rules.dsl.OP_HELPERS`) take the operands "
     "positionally and `ty=`, `attrs=` by keyword. Pattern variables: `terms`, `tys`, "
     "`ints`, `strs`; constants: `iconst`, `fconst`, `const`; a generic op: `op`.",
     "eqsat.rules.dsl", ["Rule", "Action", "terms", "tys", "ints", "strs", "op", "iconst",
                         "fconst", "const", "attrs_of", "root_op", "write_op_helpers"]),
    ("Rule catalogue", "", "eqsat.rules.catalogue", None),
    ("Cost models", "", "eqsat.egraph.cost", ["CostModel", "OpInfo", "LoopInfo", "H100"]),
    ("Saturation limits", "", "eqsat.egraph.saturate", ["Limits"]),
    ("The optimize report", "", "eqsat.pipeline.report", ["Report", "Result"]),
    ("Property testing", "", "eqsat.testing", None),
    ("The pytest plugin", "", "eqsat.pytest_plugin",
     ["PROFILES", "register_profiles", "eqsat_kernels", "eqsat_pipeline_check",
      "eqsat_optimize_pipeline"]),
    ("Pictures: the e-graph and the token graph",
     "What `eqsat opt --dump-egraph` and `eqsat stats --token-graph` write.",
     "eqsat.egraph.dump", ["render", "write_text", "canonical_dot", "egraph_format"]),
    ("", "", "eqsat.memory.token_graph", ["token_graph", "TokenGraph", "MemNode", "WaitEdge"]),
]


def _doc(obj: object) -> str:
    return inspect.cleandoc(obj.__doc__) if getattr(obj, "__doc__", None) else ""


def _signature(name: str, obj: object) -> str:
    try:
        sig = str(inspect.signature(obj))           # type: ignore[arg-type]
    except (TypeError, ValueError):
        return name
    return f"{name}{sig}"


def _value(obj: object) -> str:
    """A constant's text, the same under any hash seed (sets sorted)."""
    if isinstance(obj, (set, frozenset)):
        return f"{type(obj).__name__}({{{', '.join(sorted(map(repr, obj)))}}})"
    return repr(obj)


def _member(name: str, obj: object) -> list[str]:
    kind = "class" if inspect.isclass(obj) else ("def" if callable(obj) else "")
    head = _signature(name, obj) if kind else f"{name} = {_value(obj)}"
    lines = [f"### `{name}`", "", f"`{(kind + ' ') if kind else ''}{head}`", ""]
    doc = _doc(obj) if kind else ""
    if doc:
        lines += [doc, ""]
    if inspect.isclass(obj):
        for attr, val in vars(obj).items():
            if attr.startswith("_") or not callable(val) or not _doc(val):
                continue
            lines += [f"- `{_signature(attr, val)}`: " + _doc(val).replace("\n", " "), ""]
    return lines


def render() -> str:
    out = [HEAD]
    for title, text, modname, members in SECTIONS:
        mod = importlib.import_module(modname)
        if title:
            out += [f"## {title}", ""]
        if text:
            out += [text, ""]
        out += [f"Module `{modname}`.", ""]
        if _doc(mod):
            out += [_doc(mod), ""]
        for name in (members if members is not None else list(getattr(mod, "__all__", []))):
            out += _member(name, getattr(mod, name))
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    OUT.write_text(render())
