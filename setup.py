"""Compiles eqsat's hot modules with mypyc when it can (`eqsat/_native.py` lists them and
says why). Everything else is in pyproject.toml. Set EQSAT_PURE=1 to install the sources
only; a build that fails (no C compiler, no mypyc) installs them too, saying why."""
import ast
import os
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent


def _compiled_modules() -> list[str]:
    tree = ast.parse((ROOT / "eqsat" / "_native.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED":
            return list(ast.literal_eval(node.value))
    raise RuntimeError("eqsat/_native.py has no COMPILED tuple")


# the setuptools commands that build extensions (pip also runs this file for metadata)
_BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def _ext_modules() -> list:
    if os.environ.get("EQSAT_PURE") or not _BUILDS & set(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify
        paths = ["/".join(m.split(".")) + ".py" for m in _compiled_modules()]
        # the project's mypy settings name modules outside this list: no note about them
        exts = mypycify(["--no-warn-unused-configs", "--no-warn-unused-ignores",
                         "--ignore-missing-imports", *paths],
                        opt_level="3", group_name="eqsat._compiled")
        for ext in exts:
            ext.optional = True         # a C compiler that fails: the sources run
        return exts
    except (Exception, SystemExit) as e:     # mypy's errors exit: the sources still work
        print(f"eqsat: not compiling the hot modules ({type(e).__name__}: {e}); "
              "the sources will run", file=sys.stderr)
        return []


setup(ext_modules=_ext_modules())
