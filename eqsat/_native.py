"""Which modules run compiled, and the way back to their sources.

Installing eqsat compiles the modules in `COMPILED` with mypyc (`setup.py`): they are
where `optimize` spends its Python time (reading the e-graph, extraction, decoding,
clean-up, verification, pricing, and the IR core every one of them walks and builds),
and compiled they run in 25-50% less time; the rest of a small kernel's time is
egglog's own (docs/measurements/optimize_time.md). The compiled build means the same
as the sources (mypyc checks every annotation at run time and the tests run on it); it
is optional: without a C compiler, or with `EQSAT_PURE=1` set when installing, the
sources are all there is.

At run time the compiled modules are used when every one of them is built and none is
older than its source in a source checkout (an edited module whose build is stale would
otherwise run its old code). Otherwise, or with `EQSAT_PURE=1` set, all of them load
from their sources, never a mix: compiled modules call each other directly, past
Python's module table. `status()` says which it is and why.

In a compiled module, a nested function keeps the variables it reads in a reference
cycle with itself, which only the garbage collector frees (and `optimize` pauses it):
functions that read an e-graph view or a kernel are module-level, bound with
`functools.partial`, or small callable objects, so those free by reference counting.
"""
from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from types import ModuleType

# Read by setup.py as a literal: keep it one tuple of module names.
COMPILED = (
    "eqsat.egraph.compat",
    "eqsat.egraph.extract",
    "eqsat.egraph.decode",
    "eqsat.egraph.cost",
    "eqsat.egraph.width",
    "eqsat.egraph.sinking",
    "eqsat.egraph.encode",
    "eqsat.ir.verify",
    "eqsat.passes.assumes",
    "eqsat.memory.tokensets",
    "eqsat.memory.alias",
    "eqsat.ir.core",
    "eqsat.passes.cleanup",
    "eqsat.ir.ops",
    "eqsat.memory.relations",
    "eqsat.memory.conflict",
    "eqsat.memory.injective",
    "eqsat.analysis.params",
    "eqsat.egraph.params",
)
PURE_ENV = "EQSAT_PURE"
_PKG_DIR = os.path.dirname(os.path.abspath(__file__))
_status = "sources"


def _source(name: str) -> str:
    return os.path.join(_PKG_DIR, *name.split(".")[1:]) + ".py"


def _builds(name: str) -> list[str]:
    base = _source(name)[:-3]
    return [base + sfx for sfx in importlib.machinery.EXTENSION_SUFFIXES
            if os.path.exists(base + sfx)]


def _checkout() -> bool:
    """Running from a source checkout (`rules/` beside the package), where sources change."""
    return os.path.isdir(os.path.join(os.path.dirname(_PKG_DIR), "rules"))


def _decide() -> str:
    """'compiled', or why the sources are used."""
    if os.environ.get(PURE_ENV):
        return f"sources ({PURE_ENV} is set)"
    built = {name: _builds(name) for name in COMPILED}
    if not any(built.values()):
        return "sources (not compiled)"
    missing = [n for n, b in built.items() if not b]
    if missing:
        return f"sources ({missing[0]} is not compiled; reinstall to build it)"
    if _checkout():
        for name, files in built.items():
            if os.path.getmtime(_source(name)) > min(os.path.getmtime(f) for f in files):
                return (f"sources ({name} changed since it was compiled; "
                        "reinstall, e.g. pip install -e ., to compile it again)")
    return "compiled"


class _SourceFinder(MetaPathFinder):
    """Loads the `COMPILED` modules from their `.py` files, ahead of their builds."""

    _eqsat_native = True

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in COMPILED:
            return None
        loader = importlib.machinery.SourceFileLoader(fullname, _source(fullname))
        return importlib.util.spec_from_file_location(fullname, _source(fullname),
                                                      loader=loader)


def install() -> None:
    """Decide once per process; where the sources are to be used but builds exist, load
    the sources instead (and say why on stderr when the builds are stale)."""
    global _status
    if any(getattr(f, "_eqsat_native", False) for f in sys.meta_path):
        return
    _status = _decide()
    if _status == "compiled" or not any(_builds(n) for n in COMPILED):
        return
    if "changed since" in _status or "not compiled" in _status:
        print(f"eqsat: running the {_status}", file=sys.stderr)
    sys.meta_path.insert(0, _SourceFinder())


def status() -> str:
    """'compiled', or 'sources (why)'."""
    return _status


__all__ = ["COMPILED", "PURE_ENV", "install", "status"]
