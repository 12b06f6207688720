"""Same kernel in, same kernel out: `optimize` prints byte-identical kernels and reports
the same saturation (matches, iterations, stop reason, sizes, costs) twice in one
process and in two processes with different hash seeds. The budgets that decide the
output count rows and matches, never seconds, so a busy machine gives the same too
(`benchmarks/bench_determinism.py` measures that with CPU hogs beside it)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).with_name("determinism_digest.py")


def _start(seed: str, *args: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONHASHSEED=seed)
    return subprocess.Popen([sys.executable, str(SCRIPT), *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_every_corpus_kernel_optimizes_the_same_everywhere():
    a, b = _start("1", "--twice"), _start("2")       # both cores: one runs twice
    (out_a, err_a), (out_b, err_b) = a.communicate(), b.communicate()
    assert a.returncode == 0, err_a
    assert b.returncode == 0, err_b
    assert out_a.count("== ") >= 3 * 20              # every input, every mode
    if out_a != out_b:
        for x, y in zip(out_a.split("== "), out_b.split("== ")):
            assert x == y, "hash seed 1 vs 2 differ"
    assert out_a == out_b
