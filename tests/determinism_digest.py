"""Print every corpus and example kernel as `optimize` makes it, with the parts of its
report that must not depend on the machine (run as a script by test_determinism.py,
under different hash seeds)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eqsat.frontend import annotate_from_symbol  # noqa: E402
from eqsat.pipeline.optimize import optimize  # noqa: E402
from eqsat.text import parse, parse_file, print_kernel  # noqa: E402

MODES = {
    "default": {},
    "noalias": {"noalias": True},
    "signature": {},
    "signature+versioning": {"versioning": True},
}
QUICK = ["default", "noalias", "signature"]      # what the test runs (versioning: the benchmark)


def inputs() -> list[Path]:
    return sorted((ROOT / "tests" / "corpus").glob("*.mlir")) + sorted(
        (ROOT / "examples").glob("*.mlir"))


def synthetic() -> list[tuple[str, str]]:
    """(name, text) of the scale benchmark's three families at about 100 ops: kernels with
    many equally cheap choices (which multiply fuses into an fma), where a cost summed in
    hash order once decided the output."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench_scale
    return [(f"{fam}_100", getattr(bench_scale, fam)(100)[0]) for fam in bench_scale.FAMILIES]


def digest(paths: list[Path], modes: list[str]) -> str:
    out = []
    for path in paths:
        for mode in modes:
            k = parse_file(path)
            if mode.startswith("signature"):
                annotate_from_symbol(k)
            res = optimize(k, **MODES[mode])
            summary = "\n".join(ln for ln in res.report.summary().splitlines()
                                 if not ln.startswith("time: "))
            out.append(f"== {path.name} [{mode}]\n{print_kernel(res.kernel)}"
                       f"{json.dumps(res.report.decisions())}\n{summary}\n")
    return "".join(out)


def digest_synthetic() -> str:
    out = []
    for name, text in synthetic():
        for mode in ("default", "noalias"):
            res = optimize(parse(text), **MODES[mode])
            out.append(f"== {name} [{mode}]\n{print_kernel(res.kernel)}"
                       f"{json.dumps(res.report.decisions())}\n")
    return "".join(out)


def main(argv: list[str]) -> int:
    """`determinism_digest.py [--all-modes] [--twice] [NAME ...]`; with --twice, exit 1
    when two runs in this process differ."""
    modes = list(MODES) if "--all-modes" in argv else QUICK
    names = [a for a in argv if not a.startswith("--")]
    paths = [p for p in inputs() if not names or p.name.split(".")[0] in names]
    first = digest(paths, modes) + ("" if names else digest_synthetic())
    sys.stdout.write(first)
    if "--twice" in argv and digest(paths, modes) + ("" if names else digest_synthetic()) != first:
        print("two runs in one process differ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
