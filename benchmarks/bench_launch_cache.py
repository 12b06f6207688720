"""What a launch's compile step costs with eqsat's compile cache, against tileiras.

    python benchmarks/bench_launch_cache.py [--only NAME ...] [--repeats N]

For each kernel (default: a few of benchmarks/kernels and tests/corpus, each under its
file's SIGNATURE, for sm_90), with `eqsat.cutile.enable()` and a fresh cache folder,
the hooked compile step (`kernel._compile`, what `ct.launch` calls for a new signature)
is called:

- once on an empty cache: front end, optimizer and tileiras ("build"; the tileiras
  part is "tileiras", as the cache entry records it);
- again in the same process, `--repeats` times ("hit, warm": key computed, entry read
  and checked; the median is printed);
- in a fresh process, once ("hit, fresh": the first compile step of a new process,
  the toolchain identity read once; measured inside that process, so the interpreter's
  and cuda-tile's imports are not in it).

The last column is the fresh-process hit as a share of tileiras' time: what a second
run of a script pays per kernel instead of a compile. Needs the `cuda` extra, not a GPU.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ["benchmarks/kernels/softmax_bwd.py", "benchmarks/kernels/fused_add_rmsnorm.py",
           "benchmarks/kernels/grouped_gemm.py", "tests/corpus/layernorm_fwd.py",
           "tests/corpus/matmul_mma.py"]

_CHILD = """
import json, sys, time
import eqsat.cutile as ec
from eqsat.frontend import _cutile
from cuda.tile._cext import default_tile_context
mod = _cutile.load_module(sys.argv[1])
k, sig = _cutile.get_kernel(mod, None), _cutile.get_signature(mod, None)
ec.enable()
t0 = time.perf_counter()
k._compile(sig, default_tile_context, (9, 0))
dt = time.perf_counter() - t0
print(json.dumps({"seconds": dt, **ec.counts()}))
"""


def measure(path: Path, repeats: int, cache: Path) -> dict:
    import eqsat.cutile as ec
    from cuda.tile._cext import default_tile_context

    from eqsat.frontend import _cutile
    from eqsat.lowering.compile_cache import build_key, default_cache

    mod = _cutile.load_module(path)
    k, sig = _cutile.get_kernel(mod, None), _cutile.get_signature(mod, None)
    t0 = time.perf_counter()
    k._compile(sig, default_tile_context, (9, 0))
    build = time.perf_counter() - t0
    store = default_cache()
    assert store is not None
    entry = store.get(build_key(k, sig, "sm_90"))
    if entry is None or entry.fallback is not None:
        return {"kernel": path.stem, "error": entry.fallback if entry else "not cached"}
    warm = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        k._compile(sig, default_tile_context, (9, 0))
        warm.append(time.perf_counter() - t0)
    env = dict(os.environ, PYTHONPATH=str(ROOT), EQSAT_CACHE_DIR=str(cache))
    p = subprocess.run([sys.executable, "-c", _CHILD, str(path)], env=env,
                       capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        raise SystemExit(f"fresh process failed for {path}: {p.stderr.strip()}")
    fresh = json.loads(p.stdout.strip().splitlines()[-1])
    assert fresh["cache_hits"] == 1, fresh
    del ec
    return {"kernel": path.stem, "build": build,
            "tileiras": entry.meta["times"].get("tileiras", float("nan")),
            "hit_warm": statistics.median(warm), "hit_fresh": fresh["seconds"]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="*", help="kernel files (default: a few of the suite)")
    ap.add_argument("--repeats", type=int, default=50)
    args = ap.parse_args(argv)
    from eqsat.toolchain import missing_reason

    why = missing_reason()
    if why:
        print(f"bench_launch_cache needs the cuda extra: {why}", file=sys.stderr)
        return 2
    paths = [ROOT / p for p in (args.only or DEFAULT)]
    with tempfile.TemporaryDirectory(prefix="eqsat-bench-cache-") as d:
        os.environ["EQSAT_CACHE_DIR"] = d
        import eqsat.cutile as ec

        ec.enable()
        rows = [measure(p, args.repeats, Path(d)) for p in paths]
        ec.disable()
    print(f"{'kernel':22} {'build s':>8} {'tileiras s':>10} {'hit warm ms':>11} "
          f"{'hit fresh ms':>12} {'fresh/tileiras':>14}")
    for r in rows:
        if "error" in r:
            print(f"{r['kernel']:22} fell back: {r['error']}")
            continue
        print(f"{r['kernel']:22} {r['build']:8.3f} {r['tileiras']:10.3f} "
              f"{r['hit_warm'] * 1e3:11.3f} {r['hit_fresh'] * 1e3:12.3f} "
              f"{r['hit_fresh'] / r['tileiras']:14.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
