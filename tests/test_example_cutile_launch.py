"""examples/cutile_launch.py on a machine without a GPU: it says a GPU is needed and exits
with the distinct "skipped" status, having run nothing."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _has_gpu() -> bool:
    try:
        from cuda.tile._cext import get_compute_capability

        get_compute_capability()
    except Exception:
        return False
    return True


@pytest.mark.skipif(_has_gpu(), reason="a GPU is here: the example runs for real")
def test_without_a_gpu_it_says_so_and_exits_77():
    p = subprocess.run([sys.executable, str(ROOT / "examples" / "cutile_launch.py")],
                       env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 77, p.stderr
    assert p.stdout.startswith("cutile_launch.py needs a GPU: ")
    assert "Nothing was run" in p.stdout
