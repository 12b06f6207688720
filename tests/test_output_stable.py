"""What `optimize` prints for every corpus, example and benchmark-suite kernel, byte for byte, against a
stored copy: a change meant only to make the optimizer faster must not change any
output. A change meant to change the output regenerates the copies on purpose and
shows the difference in review::

    python tests/test_output_stable.py --regen
"""
from __future__ import annotations

import difflib
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))

from eqsat.pipeline.optimize import optimize  # noqa: E402
from eqsat.text import parse_file, print_kernel  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
MODES: dict[str, dict[str, Any]] = {"default": {}, "noalias": {"noalias": True}}


def inputs() -> list[tuple[str, Path]]:
    """(golden folder, input) for every corpus input, example and suite kernel."""
    return ([("corpus", p) for p in sorted((ROOT / "tests" / "corpus").glob("*.seq.mlir"))]
            + [("examples", p) for p in sorted((ROOT / "examples").glob("*.mlir"))]
            + [("suite", p) for p in sorted((ROOT / "benchmarks" / "kernels").glob("*.seq.mlir"))])


def golden_path(group: str, path: Path, mode: str) -> Path:
    return GOLDEN / group / f"{path.name.removesuffix('.mlir')}.{mode}.opt.mlir"


def optimized_text(path: Path, mode: str) -> str:
    return print_kernel(optimize(parse_file(path), **MODES[mode]).kernel)


CASES = [(g, p, m) for g, p in inputs() for m in MODES]


@pytest.mark.parametrize("group,path,mode", CASES,
                         ids=[f"{g}/{p.name}[{m}]" for g, p, m in CASES])
def test_output_matches_golden(group: str, path: Path, mode: str) -> None:
    want_path = golden_path(group, path, mode)
    assert want_path.exists(), (f"no golden output {want_path.relative_to(ROOT)}; run "
                                "python tests/test_output_stable.py --regen")
    want = want_path.read_text()
    got = optimized_text(path, mode)
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                            "golden", "now", n=2))
        pytest.fail(f"{path.name} [{mode}] prints differently from "
                    f"{want_path.relative_to(ROOT)} (if the change is meant, regenerate with "
                    f"python tests/test_output_stable.py --regen):\n{diff}")


def test_every_golden_file_has_an_input() -> None:
    """A golden copy whose input was renamed or removed would otherwise linger unchecked."""
    expected = {golden_path(g, p, m) for g, p, m in CASES}
    stale = sorted(str(p.relative_to(ROOT)) for p in GOLDEN.rglob("*.opt.mlir")
                   if p not in expected)
    assert not stale, f"golden outputs without an input: {stale}"


# the examples' before/after pairs a reader browses: examples/out/NAME.opt.mlir (what
# `eqsat opt examples/NAME.mlir` prints) and NAME.diff (what `--diff` prints)
EXAMPLES_OUT = ROOT / "examples" / "out"


def example_outputs() -> dict[Path, str]:
    from eqsat.commands.opt import unified_diff
    out = {}
    for group, path, mode in CASES:
        if group != "examples" or mode != "default":
            continue
        stem = path.name.removesuffix(".mlir")
        text = optimized_text(path, mode)
        before = print_kernel(parse_file(path))
        out[EXAMPLES_OUT / f"{stem}.opt.mlir"] = text
        out[EXAMPLES_OUT / f"{stem}.diff"] = unified_diff(
            before, text, str(path.relative_to(ROOT)))
    return out


def test_example_outputs_are_current() -> None:
    """The pairs in examples/out are what the optimizer prints now."""
    stale = [str(p.relative_to(ROOT)) for p, text in example_outputs().items()
             if not p.exists() or p.read_text() != text]
    assert not stale, f"stale: {stale}; run python tests/test_output_stable.py --regen"


def regen() -> int:
    """Rewrite every golden copy and the examples' outputs; prints which ones changed."""
    for out, text in example_outputs().items():
        if not out.exists() or out.read_text() != text:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(text)
            print(f"written: {out.relative_to(ROOT)}")
    expected = set()
    for group, path, mode in CASES:
        out = golden_path(group, path, mode)
        expected.add(out)
        text = optimized_text(path, mode)
        old = out.read_text() if out.exists() else None
        if old != text:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(text)
            print(f"{'new' if old is None else 'changed'}: {out.relative_to(ROOT)}")
    for p in sorted(GOLDEN.rglob("*.opt.mlir")):
        if p not in expected:
            p.unlink()
            print(f"removed: {p.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] != ["--regen"]:
        print("usage: python tests/test_output_stable.py --regen", file=sys.stderr)
        sys.exit(2)
    sys.exit(regen())
