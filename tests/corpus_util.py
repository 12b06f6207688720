"""Paths to the project's own copies of test data (a clone has no ../shared)."""
from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"
SPECS = ROOT / "tests" / "specs"
EXAMPLES = ROOT / "examples"
SAMPLES = ROOT / "docs" / "toolchain" / "samples"

KERNELS = sorted(p.name.split(".")[0] for p in CORPUS.glob("*.seq.mlir"))
CORPUS_FILES = sorted(CORPUS.glob("*.mlir"))
SAMPLE_FILES = sorted(SAMPLES.glob("*.mlir"))


def manifest() -> dict:
    return json.loads((CORPUS / "manifest.json").read_text())


def manifest_ir(name: str, variant: str) -> dict:
    for k in manifest()["kernels"]:
        if k["name"] == name:
            return k["variants"][variant]["ir"]
    raise KeyError(name)
