"""Every repository path the README and docs/ cite exists (a renamed or unshipped file
leaves a dangling reference otherwise)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
_PATH = re.compile(r"(?<![\w/.-])((?:docs|tests|eqsat|rules|lowering|examples|benchmarks|\.ci)"
                   r"/[\w./*-]*[\w*])")
# lines that cite files of other repositories (same folder names, not ours)
_ELSEWHERE = ("cutile-python",)


def _cited() -> list[tuple[str, int, str]]:
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    out = []
    for doc in docs:
        for i, line in enumerate(doc.read_text().splitlines(), 1):
            if any(w in line for w in _ELSEWHERE):
                continue
            for m in _PATH.finditer(line):
                if "NAME" not in m[1]:
                    out.append((str(doc.relative_to(ROOT)), i, m[1]))
    return out


def test_docs_cite_only_files_that_exist() -> None:
    cited = _cited()
    assert any(p == "docs/gpu-cost-model.md" for _, _, p in cited) or \
        "gpu-cost-model.md" in (ROOT / "docs" / "design.md").read_text()
    missing = [f"{doc}:{line}: {p}" for doc, line, p in cited if not list(ROOT.glob(p))]
    assert not missing, "\n".join(missing)


def test_design_links_the_cost_model_document() -> None:
    assert (ROOT / "docs" / "gpu-cost-model.md").is_file()
    assert "](gpu-cost-model.md)" in (ROOT / "docs" / "design.md").read_text()


def _layout_entries() -> dict[str, str]:
    """README's Layout block: path -> the words of its entry (continuation lines too)."""
    text = (ROOT / "README.md").read_text()
    block = text.split("## Layout", 1)[1].split("```", 2)[1]
    entries: dict[str, str] = {}
    current = None
    for line in block.splitlines():
        if line and not line[0].isspace():
            head, _, rest = line.partition(" ")
            for path in head.rstrip(",").split(","):
                current = path.strip()
                entries[current] = rest
        elif current is not None:
            entries[current] += " " + line.strip()
    return entries


def test_readme_layout_lists_every_module() -> None:
    entries = _layout_entries()
    missing = []
    for pkg, where in [("eqsat", "eqsat"), ("rules", "rules"), ("lowering", "lowering")]:
        for f in sorted((ROOT / where).rglob("*.py")):
            if f.name == "__init__.py" or "__pycache__" in f.parts:
                continue
            rel = f.relative_to(ROOT)
            if len(rel.parts) == 2 and pkg == "eqsat":        # a top-level module: own entry
                ok = str(rel) in entries or any(str(rel) in v for v in entries.values())
            else:
                folder = "/".join(rel.parts[:-1]) + "/"
                words = re.findall(r"[\w]+", entries.get(folder, ""))
                ok = f.stem in words
            if not ok:
                missing.append(str(rel))
    assert not missing, f"README's Layout section does not list: {missing}"


# -- every code block of README and docs/ runs ---------------------------------------------
# A block runs by its language: python is executed (from the repository root), bash runs
# in a scratch folder that sees the repository's data folders, a text block that starts
# with `$ CMD` runs CMD and compares its output, json is read (an inputs spec is checked
# as one), mlir is parsed. The comment line before a block may say otherwise:
#   <!-- docs-test: skip: WHY -->    not run, and why (an install, a long run, an excerpt)
#   <!-- docs-test: cuda -->         needs the NVIDIA toolchain (the `cuda` marker)
#   <!-- docs-test: file NAME -->    python saved as NAME in the scratch folder; a test
#                                    file (test_*.py) is then run by pytest there, as a
#                                    user would, with no option the docs do not state
_BLOCK = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.S | re.M)
_MARK = re.compile(r"<!-- docs-test: (skip: .+|cuda|file [\w.]+) -->\s*$")
_DATA = ("examples", "tests", "docs", "benchmarks")
_DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def _blocks() -> list[Any]:
    out = []
    for doc in _DOCS:
        text = doc.read_text()
        for m in _BLOCK.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            before = [ln for ln in text[:m.start()].splitlines() if ln.strip()]
            mark = _MARK.search(before[-1]) if before else None
            where = f"{doc.relative_to(ROOT)}:{line}"
            kind = mark[1] if mark else ""
            marks = [pytest.mark.cuda] if kind == "cuda" else []
            out.append(pytest.param(where, m[1], m[2], kind, id=where, marks=marks))
    return out


_SCRATCH: dict[str, Path] = {}


@pytest.fixture
def scratch(where: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder per document, shared by its blocks in order (a file one block saves,
    the next runs), that sees the repository's data folders."""
    doc = where.rsplit(":", 1)[0]
    if doc not in _SCRATCH:
        d = tmp_path_factory.mktemp("docs")
        for name in _DATA:
            (d / name).symlink_to(ROOT / name)
        _SCRATCH[doc] = d
    return _SCRATCH[doc]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    env.pop("HYPOTHESIS_PROFILE", None)
    return env


def _sh(cmd: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-e", "-c", cmd], cwd=cwd, env=_env(), text=True,
                          capture_output=True, timeout=600)


@pytest.mark.parametrize("where,lang,code,kind", _blocks())
def test_code_block_runs(where: str, lang: str, code: str, kind: str, scratch: Path,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    if kind.startswith("skip: "):
        assert len(kind) > len("skip: ") + 8, f"{where}: say why the block is not run"
        return
    if kind.startswith("file "):
        name = kind.split()[1]
        (scratch / name).write_text(code)
        if name.startswith("test_"):
            r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                name], cwd=scratch, env=_env(), text=True,
                               capture_output=True, timeout=900)
            assert r.returncode == 0, f"{where}:\n{r.stdout[-3000:]}\n{r.stderr[-2000:]}"
        return
    if lang == "python":
        monkeypatch.chdir(scratch)
        exec(compile(code, where, "exec"), {"__name__": "__docs__"})
    elif lang in ("bash", "sh"):
        r = _sh(code, scratch)
        assert r.returncode == 0, f"{where}: {r.stderr[-2000:]}"
    elif lang == "text" and code.startswith("$ "):
        cmd, _, want = code[2:].partition("\n")
        r = _sh(cmd, scratch)
        assert r.stdout.strip() == want.strip(), f"{where}: {r.stdout}{r.stderr}"
    elif lang == "json":
        data = json.loads(code)
        if "params" in data:
            from eqsat.interp.inputs import parse_spec
            parse_spec(data, where)
    elif lang == "mlir":
        from eqsat.text import parse_module
        parse_module(code, where)
    else:
        pytest.fail(f"{where}: a ```{lang} block this test cannot run: give it a language "
                    "it runs or mark it (see the comment above this test)")


def test_api_reference_is_current() -> None:
    """docs/api.md is written from the docstrings (readable in a checkout); the sources
    render it, so compiled modules cannot change it."""
    code = ("import runpy,sys; sys.path.insert(0, 'docs/hooks'); "
            "print(runpy.run_path('docs/hooks/api.py')['render'](), end='')")
    env = {**_env(), "EQSAT_PURE": "1"}
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                       capture_output=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout == (ROOT / "docs" / "api.md").read_text(), \
        "docs/api.md is out of date: python docs/hooks/api.py"
