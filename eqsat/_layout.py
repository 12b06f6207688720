"""Import-path upkeep for the two subpackages whose sources sit beside `eqsat/`.

The repository keeps `rules/` and `lowering/` at its top level, but they install as
`eqsat.rules` and `eqsat.lowering`: generic top-level names clash with other packages
(Django's `rules`) and with users' own `rules.py`. Two finders keep that true:

- in a source checkout (no `rules` folder inside the package), `eqsat.rules` and
  `eqsat.lowering` load from the folders beside the `eqsat` package that was imported,
  ahead of other finders, so an editable install of a different checkout never mixes
  its copy in;
- the old names raise an error naming the new ones, but only when nothing else on the
  path provides them (another project's `rules` package keeps working).
"""
from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec, PathFinder
from types import ModuleType

MOVED = {"rules": "eqsat.rules", "lowering": "eqsat.lowering"}
_PKG_DIR = os.path.dirname(os.path.abspath(__file__))


def moved_message(old: str) -> str:
    top, _, rest = old.partition(".")
    new = MOVED[top] + (f".{rest}" if rest else "")
    return f"'{old}' is now '{new}' (the eqsat package's own subpackage); import '{new}'"


class _SourceTreeFinder(MetaPathFinder):
    """Finds `eqsat.rules` / `eqsat.lowering` in the checkout `eqsat` came from."""

    _eqsat_layout = True

    def __init__(self, root: str) -> None:
        self.root = root

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        pkg, _, name = fullname.partition(".")
        if pkg != "eqsat" or name not in MOVED:
            return None
        return PathFinder.find_spec(fullname, [self.root])


class _MovedFinder(MetaPathFinder):
    """Last on `sys.meta_path`: an import of an old name nobody else provides fails
    with a message naming its new place."""

    _eqsat_layout = True

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if path is None and fullname in MOVED:
            raise ModuleNotFoundError(moved_message(fullname), name=fullname)
        return None


def install() -> None:
    """Put both finders in place (once per process)."""
    if any(getattr(f, "_eqsat_layout", False) for f in sys.meta_path):
        return
    root = os.path.dirname(_PKG_DIR)
    inside = os.path.isdir(os.path.join(_PKG_DIR, "rules"))
    beside = all(os.path.isfile(os.path.join(root, name, "__init__.py")) for name in MOVED)
    if not inside and beside:
        sys.meta_path.insert(0, _SourceTreeFinder(root))
    sys.meta_path.append(_MovedFinder())
