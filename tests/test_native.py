"""Compiled modules (eqsat._native): when they run, when the sources run instead, and
where the build puts them."""
from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest

from eqsat import _native

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _tree(tmp_path: Path, built: list[str], checkout: bool = True) -> Path:
    """A fake installed package: every COMPILED source, builds for `built`, and a `rules`
    folder beside it when `checkout`."""
    pkg = tmp_path / "eqsat"
    for name in _native.COMPILED:
        src = pkg.joinpath(*name.split(".")[1:]).with_suffix(".py")
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text("")
        os.utime(src, (1_000_000, 1_000_000))
        if name in built:
            so = src.with_suffix(SUFFIX)
            so.write_text("")
            os.utime(so, (2_000_000, 2_000_000))
    if checkout:
        (tmp_path / "rules").mkdir()
    return pkg


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv(_native.PURE_ENV, raising=False)

    def use(pkg: Path) -> str:
        monkeypatch.setattr(_native, "_PKG_DIR", str(pkg))
        return _native._decide()
    return use


def test_every_module_built_and_fresh_runs_compiled(tmp_path, fake):
    assert fake(_tree(tmp_path, list(_native.COMPILED))) == "compiled"


def test_no_build_runs_the_sources(tmp_path, fake):
    assert fake(_tree(tmp_path, [])) == "sources (not compiled)"


def test_a_partial_build_runs_every_source(tmp_path, fake):
    missing = _native.COMPILED[3]
    got = fake(_tree(tmp_path, [n for n in _native.COMPILED if n != missing]))
    assert got.startswith("sources") and missing in got


def test_a_source_edited_after_its_build_runs_every_source(tmp_path, fake):
    pkg = _tree(tmp_path, list(_native.COMPILED))
    edited = _native.COMPILED[-1]
    os.utime(pkg.joinpath(*edited.split(".")[1:]).with_suffix(".py"), (3_000_000, 3_000_000))
    got = fake(pkg)
    assert got.startswith("sources") and edited in got and "pip install -e ." in got


def test_an_installed_package_trusts_its_build(tmp_path, fake):
    """Outside a checkout the install wrote sources and builds in no particular order."""
    pkg = _tree(tmp_path, list(_native.COMPILED), checkout=False)
    os.utime(pkg / "egraph" / "extract.py", (3_000_000, 3_000_000))
    assert fake(pkg) == "compiled"


def test_eqsat_pure_runs_the_sources(tmp_path, fake, monkeypatch):
    pkg = _tree(tmp_path, list(_native.COMPILED))
    monkeypatch.setenv(_native.PURE_ENV, "1")
    assert fake(pkg) == f"sources ({_native.PURE_ENV} is set)"


def test_this_process_runs_what_status_says() -> None:
    import eqsat.egraph.extract as extract
    compiled = not (extract.__file__ or "").endswith(".py")
    assert compiled == (_native.status() == "compiled"), (_native.status(), extract.__file__)


def test_eqsat_pure_loads_every_module_from_source() -> None:
    code = ("import importlib, eqsat._native as n\n"
            "mods = [importlib.import_module(m) for m in n.COMPILED]\n"
            "print(n.status()); print(all(m.__file__.endswith('.py') for m in mods))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={**os.environ, _native.PURE_ENV: "1"}, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split("\n")[:2] == [f"sources ({_native.PURE_ENV} is set)", "True"]


def test_the_build_stays_inside_the_package() -> None:
    """mypyc's shared library is `eqsat._compiled`, not a top-level module of its own."""
    if _native.status() != "compiled":
        pytest.skip(f"not compiled here: {_native.status()}")
    assert list((ROOT / "eqsat").glob(f"_compiled__mypyc{SUFFIX}"))
    assert not [p.name for p in ROOT.glob(f"*{SUFFIX}")]


def test_optimize_leaves_no_e_graph_view_to_the_garbage_collector() -> None:
    """Views and their e-nodes are freed by reference counting, compiled or not: a closure
    over one in a compiled module would keep it in a cycle until the next collection
    (eqsat._native), and the collection at the end of optimize grew faster than linearly."""
    import gc

    from eqsat.egraph.extract import EGraphView, ENode
    from eqsat.pipeline.optimize import optimize
    from eqsat.text import parse_file
    kernel = parse_file(ROOT / "tests" / "corpus" / "moe_permute.seq.mlir")
    optimize(kernel)
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        optimize(kernel)
        gc.collect()
        left = sum(isinstance(o, (EGraphView, ENode)) for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()
    assert left == 0, f"{left} views or e-nodes were freed only by the garbage collector"
