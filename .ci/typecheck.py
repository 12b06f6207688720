"""Run mypy on the package as it installs: `rules/` and `lowering/` as `eqsat.rules` and
`eqsat.lowering`.

mypy maps files to module names by folder, so it would call the repository's
top-level `rules/` the module `rules`; this lays out `build/typecheck/eqsat/` as
symlinks into the sources (the installed shape), runs mypy there with the project's
configuration and reports paths as repository paths. Extra arguments go to mypy.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TREE = ROOT / "build" / "typecheck"
MOVED = {"rules": "rules", "lowering": "lowering"}   # eqsat.<name> -> top-level folder


def lay_out() -> None:
    pkg = TREE / "eqsat"
    if TREE.exists():
        shutil.rmtree(TREE)
    pkg.mkdir(parents=True)
    for entry in sorted((ROOT / "eqsat").iterdir()):
        if entry.name != "__pycache__":
            (pkg / entry.name).symlink_to(os.path.relpath(entry, pkg))
    for name, folder in MOVED.items():
        (pkg / name).symlink_to(os.path.relpath(ROOT / folder, pkg))


def main() -> int:
    lay_out()
    cmd = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
           "--cache-dir", str(ROOT / "build" / "mypy-cache"), *sys.argv[1:]]
    r = subprocess.run(cmd, cwd=TREE, capture_output=True, text=True)
    out = r.stdout + r.stderr
    for name, folder in MOVED.items():
        out = out.replace(f"eqsat/{name}/", f"{folder}/")
    sys.stdout.write(out)
    return r.returncode


if __name__ == "__main__":
    sys.exit(main())
