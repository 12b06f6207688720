"""Every repository path the README and docs/ cite exists (a renamed or unshipped file
leaves a dangling reference otherwise)."""
from __future__ import annotations

import re
from pathlib import Path

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
