"""On a GPU: the suite launched through `ct.launch` with cuTile's builds and with
`eqsat.cutile.enable()`, results compared; launch overhead in steady state; tuning.

    python benchmarks/bench_cutile_launch.py [--only NAME ...] [--launches N] [--no-tune]

1. Results: every kernel of benchmarks/kernels with a spec (specs/NAME.json), for the
   GPU it is written for, is launched on the spec's inputs (made by the interpreter's
   `make_data`, on the device with PyTorch or CuPy) twice: as cuTile builds it, and as a
   fresh kernel object with eqsat enabled. Every array (lists included) is compared to
   a tolerance (the GPU may reduce in another order). Inputs the script cannot lay out
   on the device (arrays sharing memory or with explicit strides, minifloat types) are
   skipped, saying so.
2. Steady-state overhead: `--launches` launches (default 10,000) of a tiny kernel, cuTile's
   build and eqsat's alternated in 5 rounds; the median per-launch time of each and
   their ratio (the compile step is the only thing eqsat replaces, so it should be 1.00
   within noise; the acceptance bound is 2%).
3. Tuning (unless --no-tune): for a few kernels, `enable(tune=True)` on a fresh cache;
   the chosen build is read back from the cache entry and checked to be the fastest of
   the measured ones.

Prints one table per part; exit status 0 when every compared result matches and the
tuning choices are the fastest, 1 otherwise, 77 without a GPU or an array library.
The cache goes to a temporary folder, so nothing of the user's is read or written.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = 77
TUNE_KERNELS = ("softmax_bwd", "fused_add_rmsnorm", "gemv_rows")


def _gpu() -> tuple[str | None, str]:
    try:
        from cuda.tile._cext import get_compute_capability

        major, minor = get_compute_capability()
    except Exception as e:  # noqa: BLE001 - no driver or no device
        return None, " ".join(str(e).split())
    return f"sm_{major}{minor}", ""


class _Lib:
    """The few array operations needed, from PyTorch or CuPy."""

    def __init__(self) -> None:
        try:
            import torch

            if not torch.cuda.is_available():
                raise ImportError("torch without CUDA")
            self.name, self.torch = "torch", torch
            self.stream = torch.cuda.current_stream()
            return
        except ImportError:
            self.torch = None
        import cupy

        self.name, self.cupy = "cupy", cupy
        self.stream = cupy.cuda.get_current_stream()

    def put(self, a):
        if self.torch is not None:
            return self.torch.from_numpy(a.copy()).cuda()
        return self.cupy.asarray(a)

    def get(self, a):
        return a.cpu().numpy() if self.torch is not None else self.cupy.asnumpy(a)

    def sync(self) -> None:
        if self.torch is not None:
            self.torch.cuda.synchronize()
        else:
            self.cupy.cuda.Device().synchronize()


def _inputs(spec, kernel, lib, seed: int = 0):
    """(args, arrays by name) on the device, or a reason the spec cannot be laid out."""
    import numpy as np

    from eqsat.frontend import _cutile
    from eqsat.interp.inputs import ArraySpec, ListSpec, make_data
    from eqsat.ir.types import numpy_dtype

    rng = np.random.default_rng(seed)
    arrays: dict[str, object] = {}

    def device(a: ArraySpec):
        if a.same_as is not None or a.strides is not None:
            raise ValueError(f"array '{a.name}' shares memory or has explicit strides")
        if a.dtype not in ("f16", "f32", "f64", "i8", "i16", "i32", "i64", "i1"):
            raise ValueError(f"array '{a.name}' is {a.dtype}")
        v = make_data(a, rng).reshape(a.shape).astype(numpy_dtype(a.dtype))
        arrays[a.name] = lib.put(v)
        return arrays[a.name]

    consts = dict(spec.meta.get("constants", {}) or {})
    default = _cutile.default_signature(kernel)
    names = _cutile.param_names(kernel)
    runtime = iter(spec.params)
    args = []
    for i, n in enumerate(names):
        if n in consts:
            args.append(consts[n])
            continue
        if default is not None and i < len(default.parameters) and \
                type(default.parameters[i]).__name__ == "ConstantConstraint":
            args.append(default.parameters[i].value)
            continue
        p = next(runtime)
        if isinstance(p, ListSpec):
            args.append([device(x) for x in p.items])
        elif isinstance(p, ArraySpec):
            args.append(device(p))
        else:
            args.append(np.dtype(numpy_dtype(p.dtype)).type(p.value))
    return args, arrays


def _fresh_copy(arrays, lib):
    return {n: lib.put(lib.get(a)) for n, a in arrays.items()}


def results(names, arch: str, lib) -> tuple[int, int]:
    import numpy as np

    import cuda.tile as ct

    import eqsat.cutile
    from eqsat.frontend import _cutile
    from eqsat.interp.inputs import load_spec

    kernels = ROOT / "benchmarks" / "kernels"
    sys.path.insert(0, str(kernels))
    ok = bad = 0
    print(f"{'kernel':22} {'result':8} note")
    for name in names:
        mod = _cutile.load_module(kernels / f"{name}.py")
        if getattr(mod, "GPU", arch) != arch:
            print(f"{name:22} {'skipped':8} written for {mod.GPU}")
            continue
        kernel = _cutile.get_kernel(mod, None)
        spec = load_spec(kernels / "specs" / f"{name}.json")
        outs = {}
        try:
            for which in ("cutile", "eqsat"):
                args, arrays = _inputs(spec, kernel, lib)
                k = kernel if which == "cutile" else kernel.replace_hints()
                ctx = eqsat.cutile.enabled() if which == "eqsat" else _nothing()
                with ctx:
                    ct.launch(lib.stream, tuple(spec.grid), k, tuple(args))
                    lib.sync()
                    fell = eqsat.cutile.fallbacks()
                outs[which] = {n: lib.get(a) for n, a in arrays.items()}
        except ValueError as e:
            print(f"{name:22} {'skipped':8} {e}")
            continue
        diffs = [n for n in outs["cutile"]
                 if not np.allclose(outs["cutile"][n].astype(np.float64),
                                    outs["eqsat"][n].astype(np.float64),
                                    rtol=2e-2, atol=2e-3, equal_nan=True)]
        note = f"fell back: {next(iter(fell.values()))}" if fell else ""
        if diffs:
            bad += 1
            print(f"{name:22} {'DIFFER':8} {', '.join(diffs)} {note}")
        else:
            ok += 1
            print(f"{name:22} {'equal':8} {note}")
    return ok, bad


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def overhead(lib, launches: int) -> float:
    import numpy as np

    import cuda.tile as ct

    import eqsat.cutile

    sys.path.insert(0, str(ROOT / "tests" / "corpus"))
    import vector_add

    k0 = vector_add.KERNEL
    n = 1024
    a, b, c = (lib.put(np.ones(n, np.float32)) for _ in range(3))
    consts = [p.value for p in vector_add.SIGNATURE.parameters
              if type(p).__name__ == "ConstantConstraint"]
    args = (a, b, c, *consts)
    grid = (1, 1, 1)
    ours = k0.replace_hints()
    with eqsat.cutile.enabled():
        ct.launch(lib.stream, grid, ours, args)          # builds eqsat's entry
    ct.launch(lib.stream, grid, k0, args)                # and cuTile's
    lib.sync()
    times: dict[str, list[float]] = {"cutile": [], "eqsat": []}
    for _ in range(5):
        for which, k in (("cutile", k0), ("eqsat", ours)):
            lib.sync()
            t0 = time.perf_counter()
            for _ in range(launches):
                ct.launch(lib.stream, grid, k, args)
            lib.sync()
            times[which].append((time.perf_counter() - t0) / launches)
    t_c, t_e = statistics.median(times["cutile"]), statistics.median(times["eqsat"])
    print(f"steady-state launch: cuTile {t_c * 1e6:.3f} us, eqsat {t_e * 1e6:.3f} us, "
          f"eqsat / cuTile = {t_e / t_c:.4f} ({launches} launches x 5 rounds, median)")
    return t_e / t_c


def tuning(lib, arch: str) -> tuple[int, int]:
    import cuda.tile as ct

    import eqsat.cutile
    from eqsat.frontend import _cutile
    from eqsat.interp.inputs import load_spec
    from eqsat.lowering.compile_cache import default_cache

    kernels = ROOT / "benchmarks" / "kernels"
    ok = bad = 0
    for name in TUNE_KERNELS:
        mod = _cutile.load_module(kernels / f"{name}.py")
        kernel = _cutile.get_kernel(mod, None).replace_hints()
        spec = load_spec(kernels / "specs" / f"{name}.json")
        try:
            args, _ = _inputs(spec, kernel, lib)
        except ValueError as e:
            print(f"tune {name}: skipped ({e})")
            continue
        store = default_cache()
        assert store is not None
        store.clear()
        with eqsat.cutile.enabled(tune=True):
            ct.launch(lib.stream, tuple(spec.grid), kernel, tuple(args))
            lib.sync()
        tuned = [e.meta.get("tuning") for e in store.entries() if e.meta.get("tuning")]
        if not tuned or "candidates" not in tuned[0]:
            bad += 1
            print(f"tune {name}: no measurement recorded ({tuned})")
            continue
        t = tuned[0]
        timed = [c for c in t["candidates"] if "median_us" in c]
        fastest = min(timed, key=lambda c: c["median_us"])["label"]
        good = fastest == t["chosen"]
        ok, bad = ok + good, bad + (not good)
        print(f"tune {name}: chose {t['chosen']} "
              + ", ".join(f"{c['label']} {c['median_us']:.2f} us ({c['samples']})"
                          for c in timed) + ("" if good else "  NOT THE FASTEST"))
    return ok, bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--launches", type=int, default=10_000)
    ap.add_argument("--no-tune", action="store_true")
    args = ap.parse_args(argv)
    arch, why = _gpu()
    lib = None
    if arch is not None:
        try:
            lib = _Lib()
        except ImportError:
            why = "neither PyTorch (with CUDA) nor CuPy is installed"
    if arch is None or lib is None:
        print(f"bench_cutile_launch needs a GPU: {why}; nothing was run")
        return SKIPPED
    names = args.only or sorted(p.stem for p in (ROOT / "benchmarks" / "kernels" / "specs")
                                .glob("*.json") if p.stem.count(".") == 0)
    with tempfile.TemporaryDirectory(prefix="eqsat-launch-") as d:
        os.environ["EQSAT_CACHE_DIR"] = d
        ok, bad = results(names, arch, lib)
        ratio = overhead(lib, args.launches)
        t_ok, t_bad = (0, 0) if args.no_tune else tuning(lib, arch)
    print(f"results: {ok} equal, {bad} differ; overhead ratio {ratio:.4f}; "
          f"tuning: {t_ok} fastest, {t_bad} not")
    return 0 if not bad and not t_bad else 1


if __name__ == "__main__":
    raise SystemExit(main())
