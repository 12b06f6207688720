"""MkDocs hook: the README is the site's home page, and the API pages read the package
in its installed layout (`rules/`, `lowering/` as `eqsat.rules`, `eqsat.lowering`)."""
from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def on_config(config: Any) -> Any:
    spec = importlib.util.spec_from_file_location("_typecheck", ROOT / ".ci" / "typecheck.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.lay_out()                       # build/typecheck/eqsat -> the sources
    return config


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File
    files.append(File.generated(config, "index.md", content=(ROOT / "README.md").read_text()))
    return files
