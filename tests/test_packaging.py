"""Install layout: the only top-level name a wheel installs is `eqsat` (the repository's
`rules/` and `lowering/` folders become `eqsat.rules` and `eqsat.lowering`, by the build
configuration alone), and from a checkout's root the old top-level names fail with a
message naming the new ones."""
from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# source folder -> the package name it installs as
SOURCE_PACKAGES = {"eqsat": "eqsat", "rules": "eqsat.rules", "lowering": "eqsat.lowering"}


def _build_wheel(out: Path) -> Path:
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out),
                        str(ROOT)], capture_output=True, text=True)
    assert r.returncode == 0, f"building the wheel failed:\n{r.stdout}\n{r.stderr}"
    wheels = list(out.glob("eqsat-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build_wheel(tmp_path_factory.mktemp("wheel"))


def _expected_packages() -> set[str]:
    """Every folder with an `__init__.py` under the three source roots, by installed name."""
    out = set()
    for folder, name in SOURCE_PACKAGES.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder).parts
            out.add(".".join((name, *rel)))
    return out


def test_wheel_installs_only_the_eqsat_top_level_name(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    top = {n.split("/")[0] for n in names}
    assert top == {"eqsat", "eqsat-0.1.0.dist-info"}, sorted(top)
    top_level = next(n for n in names if n.endswith(".dist-info/top_level.txt"))
    assert zipfile.ZipFile(wheel).read(top_level).decode().split() == ["eqsat"]


def test_wheel_holds_every_source_package_and_the_typed_marker(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    packages = {n[: -len("/__init__.py")].replace("/", ".") for n in names
                if n.endswith("/__init__.py")}
    # a package added to the tree but not to pyproject's list would be left out silently
    assert packages == _expected_packages()
    assert "eqsat/py.typed" in names
    # every source file (modules and data) lands at its installed path
    for folder, name in SOURCE_PACKAGES.items():
        for f in (ROOT / folder).rglob("*"):
            if f.is_file() and "__pycache__" not in f.parts and f.suffix != ".pyc":
                rel = f.relative_to(ROOT / folder).as_posix()
                assert f"{name.replace('.', '/')}/{rel}" in names, f"{folder}/{rel} not shipped"


def _run(code: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True,
                          text=True, env=env)


def test_old_names_fail_naming_the_new_ones_from_the_checkout() -> None:
    # from the repository root the old folders are on the path: they refuse to load
    for stmt, old in (("import rules", "rules"), ("from lowering.cfg import Cfg", "lowering")):
        r = _run(stmt, ROOT)
        assert r.returncode != 0
        assert f"ModuleNotFoundError: '{old}' is now 'eqsat.{old}'" in r.stderr, r.stderr


def test_a_users_own_rules_module_is_not_shadowed(tmp_path: Path) -> None:
    (tmp_path / "rules.py").write_text("MINE = True\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = _run("import eqsat, eqsat.rules, rules\nprint(rules.MINE, eqsat.rules.__name__)",
             tmp_path, env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["True", "eqsat.rules"]


def test_subpackages_load_from_this_checkout() -> None:
    import eqsat.lowering
    import eqsat.rules
    assert Path(eqsat.rules.__file__ or "").parent == ROOT / "rules"
    assert Path(eqsat.lowering.__file__ or "").parent == ROOT / "lowering"


@pytest.mark.slow
def test_wheel_in_a_fresh_venv_works_outside_the_repository(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    site = Path(subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_path("
                                "'purelib'))"], capture_output=True, text=True,
                               check=True).stdout.strip())
    before = set(os.listdir(site))
    subprocess.run([str(py), "-m", "pip", "install", "-q", str(wheel)], check=True,
                   capture_output=True)
    # what the wheel itself added (its dependencies bring their own names)
    deps = subprocess.run([str(py), "-c", "import importlib.metadata as m; print('\\n'.join("
                           "f for d in ('egglog', 'numpy') for f in "
                           "(m.distribution(d).read_text('top_level.txt') or d).split()))"],
                          capture_output=True, text=True, check=True).stdout.split()
    added = {n for n in set(os.listdir(site)) - before
             if not n.endswith((".dist-info", ".libs")) and n not in deps and n != "__pycache__"}
    assert "eqsat" in added and not {"rules", "lowering"} & added, sorted(added)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    example = ROOT / "examples" / "layernorm_fwd.seq.mlir"
    r = subprocess.run([str(venv / "bin" / "eqsat"), "opt", str(example), "--report"],
                       cwd=outside, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "cost (h100):" in r.stdout + r.stderr
    code = ("import eqsat\nfrom eqsat.rules import RuleSet\nimport eqsat.lowering\n"
            f"k = eqsat.parse_file({str(ROOT / 'tests/corpus/moe_permute.seq.mlir')!r})\n"
            "res = eqsat.optimize(k)\nprint(eqsat.print_kernel(res.kernel).count('\\n') > 0)\n"
            "print(res.report.summary().splitlines()[0])\n"
            "try:\n    import rules\nexcept ModuleNotFoundError as e:\n    print(e.name)\n")
    r = subprocess.run([str(py), "-c", code], cwd=outside, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == "True"
    assert r.stdout.splitlines()[-1] == "rules"         # no top-level `rules` installed
    assert str(site) in subprocess.run([str(py), "-c", "import eqsat.rules; print("
                                        "eqsat.rules.__file__)"], cwd=outside,
                                       capture_output=True, text=True).stdout


def test_lazy_exports_are_listed_and_load() -> None:
    import eqsat
    assert set(eqsat._LAZY) <= set(eqsat.__all__)
    for name in eqsat.__all__:
        assert getattr(eqsat, name) is not None, name


def test_no_compiled_build_shadows_a_source() -> None:
    """The install is pure Python; an extension module beside a source (a build an
    earlier install compiled) would be imported instead of it."""
    from importlib.machinery import EXTENSION_SUFFIXES
    stale = [str(p.relative_to(ROOT)) for folder in SOURCE_PACKAGES
             for p in (ROOT / folder).rglob("*")
             if any(p.name.endswith(sfx) for sfx in EXTENSION_SUFFIXES)
             and p.with_name(p.name.split(".")[0] + ".py").exists()]
    assert not stale, f"delete these stale builds: {stale}"
    import eqsat.egraph.extract
    assert (eqsat.egraph.extract.__file__ or "").endswith(".py")
