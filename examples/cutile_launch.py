"""A cuTile kernel launched twice: as cuTile builds it, then with `eqsat.cutile.enable()`.

    python examples/cutile_launch.py [--rows N] [--cols N] [--repeats N]

The kernel is the row softmax of the test corpus (tests/corpus/softmax_tiled.py): three
passes over each row in column tiles. The script launches it with `ct.launch` on the
same input, first with cuTile's own build and then with eqsat's, and prints both times
(the mean over `--repeats` launches after a warm-up launch that compiles), their ratio,
whether the two outputs match, and whether eqsat's build came from its compile cache.
Nothing in the kernel or the launch changes between the two runs: eqsat is turned on
by one line.

Needs an NVIDIA GPU and PyTorch or CuPy for the arrays. Exit status: 0 when the results
match, 1 when they differ, and 77 (the usual "skipped" status of test drivers) when
this machine has no GPU or no array library: it says so and runs nothing.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

SKIPPED = 77
ROOT = Path(__file__).resolve().parent.parent


def _no_gpu() -> str | None:
    try:
        from cuda.tile._cext import get_compute_capability

        get_compute_capability()
    except ImportError as e:
        return f"cuda-tile is not installed ({e})"
    except Exception as e:  # noqa: BLE001 - no driver or no device
        return f"no NVIDIA GPU here ({' '.join(str(e).split())})"
    return None


def _array_library():
    """(make_input, empty_like, synchronize, allclose, stream) from torch or cupy."""
    try:
        import torch

        if torch.cuda.is_available():
            return ("torch",
                    lambda r, c: torch.rand((r, c), device="cuda", dtype=torch.float32),
                    torch.empty_like, torch.cuda.synchronize,
                    lambda a, b: bool(torch.allclose(a, b, rtol=1e-5, atol=1e-6)),
                    lambda a, b: float((a - b).abs().max()),
                    torch.cuda.current_stream())
    except ImportError:
        pass
    try:
        import cupy

        return ("cupy", lambda r, c: cupy.random.rand(r, c, dtype=cupy.float32),
                cupy.empty_like, cupy.cuda.Device().synchronize,
                lambda a, b: bool(cupy.allclose(a, b, rtol=1e-5, atol=1e-6)),
                lambda a, b: float(cupy.abs(a - b).max()),
                cupy.cuda.get_current_stream())
    except ImportError:
        return None


def _kernel():
    sys.path.insert(0, str(ROOT / "tests" / "corpus"))
    import softmax_tiled

    return softmax_tiled.softmax_tiled


def _time(ct, stream, grid, kernel, args, sync, repeats: int) -> float:
    ct.launch(stream, grid, kernel, args)          # first launch compiles
    sync()
    t0 = time.perf_counter()
    for _ in range(repeats):
        ct.launch(stream, grid, kernel, args)
    sync()
    return (time.perf_counter() - t0) / repeats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=4096)
    ap.add_argument("--cols", type=int, default=4096)
    ap.add_argument("--repeats", type=int, default=200)
    args = ap.parse_args(argv)

    why = _no_gpu()
    lib = None if why else _array_library()
    if why is None and lib is None:
        why = "neither PyTorch (with CUDA) nor CuPy is installed for the arrays"
    if why is not None:
        print(f"cutile_launch.py needs a GPU: {why}. Nothing was run (exit {SKIPPED}).")
        return SKIPPED
    assert lib is not None
    name, make, empty_like, sync, allclose, max_diff, stream = lib

    import cuda.tile as ct

    import eqsat.cutile

    kernel = _kernel()
    x = make(args.rows, args.cols)
    y_cutile, y_eqsat = empty_like(x), empty_like(x)
    grid = (args.rows, 1, 1)
    tile = 256
    t_cutile = _time(ct, stream, grid, kernel, (x, y_cutile, tile), sync, args.repeats)
    # a fresh kernel object: the launcher keeps the entry it built for `kernel` in memory
    ours = kernel.replace_hints()
    with eqsat.cutile.enabled():
        t_eqsat = _time(ct, stream, grid, ours, (x, y_eqsat, tile), sync, args.repeats)
        counts, fallbacks = eqsat.cutile.counts(), eqsat.cutile.fallbacks()
    same = allclose(y_cutile, y_eqsat)
    print(f"softmax_tiled on {args.rows}x{args.cols} float32 ({name} arrays), "
          f"{args.repeats} launches each")
    print(f"  cuTile's build : {t_cutile * 1e6:9.1f} us per launch")
    print(f"  eqsat's build  : {t_eqsat * 1e6:9.1f} us per launch "
          f"(cuTile / eqsat = {t_cutile / t_eqsat:.2f})")
    if fallbacks:
        print(f"  eqsat fell back to cuTile's build: {next(iter(fallbacks.values()))}")
    else:
        print(f"  eqsat's build came from "
              f"{'its compile cache' if counts['cache_hits'] else 'a fresh compile'}")
    print(f"  results match: {'yes' if same else 'NO'} "
          f"(largest difference {max_diff(y_cutile, y_eqsat):.3g})")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
