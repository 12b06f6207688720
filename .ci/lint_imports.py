"""Run import-linter on the package as it installs.

`rules/` and `lowering/` sit beside `eqsat/` in the repository but install as
`eqsat.rules` and `eqsat.lowering`; grimp reads packages from the filesystem, so the
contracts are checked on a copy laid out like the installed package.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def stage(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "eqsat", dest / "eqsat", ignore=ignore)
    for sub in ("rules", "lowering"):
        shutil.copytree(ROOT / sub, dest / "eqsat" / sub, ignore=ignore)


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="eqsat-layers-") as tmp:
        stage(Path(tmp))
        env = dict(os.environ, PYTHONPATH=tmp)
        lint = Path(sys.executable).with_name("lint-imports")
        cmd = [str(lint) if lint.exists() else "lint-imports",
               str(ROOT / "pyproject.toml"), *sys.argv[1:]]
        return subprocess.call(cmd, cwd=tmp, env=env)


if __name__ == "__main__":
    sys.exit(main())
