"""cuTile kernels compiled through eqsat, with one line: `eqsat.cutile.enable()`.

    import eqsat.cutile
    eqsat.cutile.enable()                 # every ct.launch in the process now uses eqsat
    ct.launch(stream, grid, kernel, args) # unchanged

`ct.launch` computes a signature from the actual arguments and, the first time it sees
one, asks the kernel to build an entry for it (`cuda.tile.kernel._compile`); later
launches of that signature reuse the entry without calling back into Python. That
compile step is the only thing replaced here, so launches in steady state cost what
they cost without eqsat. The replacement runs cuTile's front end, eqsat's optimizer and
tileiras (`eqsat.lowering.compile_cache.eqsat_build`, the default compile path), through
an on-disk cache shared by processes (`eqsat.lowering.compile_cache`): a second process
launching the same kernel and signature runs no optimizer and no tileiras.

Never worse than not using it: when anything in eqsat fails for a signature, cuTile's
own build is used for it, with one warning (`EqsatFallbackWarning`) naming the kernel and
the reason; the failure is remembered (in the process and in the cache), so it is not
retried at every launch or in the next process (`eqsat cache clear` forgets it; a new
eqsat, cuda-tile or tileiras, or an edited kernel, has other cache keys anyway).

Turning it on without editing a script: `python -m eqsat.cutile script.py ARGS...`
(`--tune` for tuning), or set `EQSAT_CUTILE=1` (`EQSAT_CUTILE=tune`) where the script,
or anything it imports, imports `eqsat.cutile`. cuda-tile 1.7 has no plugin point that
loads a package by itself, and eqsat installs no import hooks.

What stays with cuTile: the launcher keeps the entries it built in memory per kernel
object, so a kernel launched before `enable()` keeps cuTile's build for the signatures it
has seen in this process, and one launched while enabled keeps eqsat's after
`disable()` (`kernel.replace_hints()` gives a fresh kernel object). On disk the two
caches never mix: eqsat's builds are stored only in eqsat's cache, and while enabled
cuTile's cache is not consulted for a signature eqsat builds.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from eqsat.errors import EqsatError

ENV = "EQSAT_CUTILE"
WARMUP = 3            # launches before timing a candidate
MIN_REPEATS = 10      # timed launches at least ...
MAX_REPEATS = 200     # ... and at most, per candidate
MAX_SECONDS = 2.0     # time spent on one candidate's repeats, at most


class EqsatFallbackWarning(UserWarning):
    """eqsat could not build a signature; cuTile's own build is used for it."""


class EqsatTuneWarning(UserWarning):
    """`tune=True` could not time candidates (no GPU, arguments that cannot be copied)."""


@dataclass
class _State:
    original: Any                       # cuTile's own compile step
    original_launch: Any | None = None  # ct.launch, wrapped only while tuning
    tune: bool = False
    fallbacks: dict[str, str] = field(default_factory=dict)   # key -> reason, warned
    builds: int = 0                     # signatures built through eqsat in this process
    hits: int = 0                       # ... of them served from the cache


_state: _State | None = None
_lock = threading.RLock()
_forced: dict[int, tuple[bytes, str]] = {}    # kernel object id -> (cubin, symbol) while tuning
_launch_args = threading.local()
_told_no_gpu: list[str] = []


def _cutile_modules() -> tuple[Any, Any]:
    """cuTile's kernel class and compile module, checked to be what this hook was written
    for; an EqsatError saying what differs otherwise."""
    from eqsat.toolchain import require_cuda_tile

    version = require_cuda_tile()
    import inspect

    import cuda.tile._compile as compile_mod
    import cuda.tile._execution as execution

    kernel_cls = execution.kernel
    step = getattr(kernel_cls, "_compile", None)
    want = ["self", "signature", "context", "compute_capability"]
    if step is None or list(inspect.signature(step).parameters) != want:
        raise EqsatError(f"error: cuda-tile {version} launches kernels in a way eqsat does not "
                         f"know (no `kernel._compile(self, signature, context, "
                         f"compute_capability)`); eqsat.cutile supports cuda-tile 1.7")
    for name in ("token_order_pass", "hoist_loop_invariants", "_transform_ir",
                 "_compiler_lock", "format_sm_arch"):
        if not hasattr(compile_mod, name):
            raise EqsatError(f"error: cuda-tile {version} has no `cuda.tile._compile.{name}`, "
                             f"which eqsat's front end needs; eqsat.cutile supports cuda-tile 1.7")
    return kernel_cls, compile_mod


def enable(tune: bool = False) -> None:
    """Compile every cuTile kernel launched from now on through eqsat (see the module doc).
    `tune=True` also times eqsat's build against cuTile's at each signature's first
    launch on a GPU and keeps the faster (it wraps `ct.launch` to see the arguments, a
    small cost per launch while tuning is on). Calling it again changes `tune`."""
    global _state
    with _lock:
        kernel_cls, _ = _cutile_modules()
        if _state is None:
            _state = _State(original=kernel_cls.__dict__["_compile"])
            kernel_cls._compile = _compile_step
        _state.tune = bool(tune)
        _set_launch_wrapper(_state.tune)


def disable() -> None:
    """Give the compile step back to cuTile (`ct.launch` too, if tuning wrapped it)."""
    global _state
    with _lock:
        if _state is None:
            return
        _set_launch_wrapper(False)
        import cuda.tile._execution as execution

        execution.kernel._compile = _state.original
        _state = None


def is_enabled() -> bool:
    return _state is not None


@contextlib.contextmanager
def enabled(tune: bool = False) -> Iterator[None]:
    """`with eqsat.cutile.enabled(): ...`: on inside the block, as it was after."""
    with _lock:
        before = None if _state is None else _state.tune
    enable(tune)
    try:
        yield
    finally:
        if before is None:
            disable()
        else:
            enable(before)


def _set_launch_wrapper(on: bool) -> None:
    import cuda.tile as ct

    assert _state is not None
    if on and _state.original_launch is None:
        original = ct.launch
        _state.original_launch = original

        def launch(stream: Any, grid: Any, kernel: Any, kernel_args: Any, /, **kw: Any) -> Any:
            _launch_args.value = (stream, grid, kernel_args)
            try:
                return original(stream, grid, kernel, kernel_args, **kw)
            finally:
                _launch_args.value = None

        ct.launch = launch
    elif not on and _state.original_launch is not None:
        ct.launch = _state.original_launch
        _state.original_launch = None


# -- the compile step --------------------------------------------------------------------------
def _compile_step(self: Any, signature: Any, context: Any,
                  compute_capability: tuple[int, int] | None = None) -> Any:
    """cuTile's `kernel._compile`, through eqsat: (cubin, symbol, None, providers)."""
    state = _state
    forced = _forced.get(id(self))
    if forced is not None:
        return forced[0], forced[1], None, ()
    if state is None:                       # disabled while a launch was on its way
        import cuda.tile._execution as execution

        step = execution.kernel.__dict__["_compile"]
        if step is _compile_step:
            raise EqsatError("error: eqsat.cutile's compile step is installed but eqsat.cutile "
                             "is disabled (two copies of the module?); call "
                             "eqsat.cutile.enable() or disable() from one copy")
        return step(self, signature, context, compute_capability)
    with _lock:
        return _build(state, self, signature, context, compute_capability)


def _build(state: _State, kernel: Any, signature: Any, context: Any,
           compute_capability: tuple[int, int] | None) -> Any:
    from eqsat import frontend as _frontend
    from eqsat.lowering import compile_cache

    def cutile_build() -> Any:
        return state.original(kernel, signature, context, compute_capability)

    name = _frontend.kernel_name(kernel)
    try:
        arch = _arch(compute_capability)
        unsupported = _unsupported_options(kernel, arch)
        if unsupported:
            return _fallback(state, f"options:{id(kernel)}:{arch}", name, unsupported,
                             cutile_build)
        store = compile_cache.default_cache()
        key = compile_cache.build_key(kernel, signature, arch)
    except Exception as e:  # noqa: BLE001 - never worse than cuTile: any failure falls back
        return _fallback(state, "", name, _reason(e), cutile_build)
    if key in state.fallbacks:
        return cutile_build()
    hit = store.get(key) if store is not None else None
    if hit is not None and hit.fallback is not None:
        return _fallback(state, key, name, hit.fallback, cutile_build)
    if hit is not None:
        state.builds += 1
        state.hits += 1
        return hit.cubin, hit.symbol, None, ()
    try:
        run = compile_cache.eqsat_build(kernel, signature, arch)
        if not run.cubin:
            raise EqsatError("error: tileiras wrote no cubin")
    except Exception as e:  # noqa: BLE001
        reason = _reason(e)
        if store is not None:
            with contextlib.suppress(Exception):
                store.put(key, b"", {"kernel": name, "arch": arch, "fallback": reason,
                                     "versions": compile_cache.toolchain_identity()})
        return _fallback(state, key, name, reason, cutile_build)
    meta = compile_cache.run_meta(kernel, run)
    cubin, symbol = run.cubin, run.kernel.name
    if state.tune:
        cubin, symbol, meta = _tune(kernel, cubin, symbol, meta, cutile_build)
    if store is not None:
        with contextlib.suppress(OSError):
            store.put(key, cubin, meta)
    state.builds += 1
    return cubin, symbol, None, ()


def _unsupported_options(kernel: Any, arch: str) -> str:
    """Why eqsat must not build this kernel as asked ("" when it may): eqsat's builds are
    tileiras -O3 without device debug information."""
    from cuda.tile import _debug

    if getattr(_debug, "EXPERIMENTAL_CUDA_TILE_DEBUG_BUILD", False):
        return "a debug build was asked for (EXPERIMENTAL_CUDA_TILE_DEBUG_BUILD)"
    options = getattr(kernel, "_compiler_options", None)
    level = options.opt_level_for_target(arch) if options is not None else 3
    if level != 3:
        return f"opt_level={level} was asked for; eqsat builds at -O3 only"
    return ""


def _arch(compute_capability: tuple[int, int] | None) -> str:
    from cuda.tile._compile import format_sm_arch
    from cuda.tile._execution import get_compute_capability

    return str(format_sm_arch(*(compute_capability or get_compute_capability())))


def _reason(e: BaseException) -> str:
    text = " ".join(str(e).split()) or type(e).__name__
    text = text[len("error: "):] if text.startswith("error: ") else text
    return text if isinstance(e, EqsatError) else f"{type(e).__name__}: {text}"


def _fallback(state: _State, key: str, name: str, reason: str, cutile_build: Any) -> Any:
    if key not in state.fallbacks:
        state.fallbacks[key] = reason
        warnings.warn(f"eqsat: kernel '{name}' uses cuTile's own build: {reason}",
                      EqsatFallbackWarning, stacklevel=4)
    return cutile_build()


def fallbacks() -> dict[str, str]:
    """Cache key -> reason of every signature that fell back to cuTile in this process."""
    return dict(_state.fallbacks) if _state is not None else {}


def counts() -> dict[str, int]:
    """Signatures this process built through eqsat, and how many came from the cache."""
    s = _state
    return {"builds": s.builds if s else 0, "cache_hits": s.hits if s else 0,
            "fallbacks": len(s.fallbacks) if s else 0}


# -- tuning --------------------------------------------------------------------------------------
def _no_gpu_reason() -> str | None:
    try:
        from cuda.tile._execution import get_compute_capability

        get_compute_capability()
    except Exception as e:  # noqa: BLE001 - no driver, no device: both mean no GPU
        return f"no GPU here ({type(e).__name__}: {' '.join(str(e).split())})"
    return None


def _tell_once(why: str) -> None:
    if not _told_no_gpu:
        _told_no_gpu.append(why)
        warnings.warn(f"eqsat: tune=True cannot time candidates: {why}; using the compile "
                      f"path's choice", EqsatTuneWarning, stacklevel=5)


def _copy(a: Any) -> Any:
    if isinstance(a, (list, tuple)):
        return type(a)(_copy(x) for x in a)
    for method in ("clone", "copy"):
        f = getattr(a, method, None)
        if callable(f) and (hasattr(a, "__dlpack__") or hasattr(a, "__cuda_array_interface__")):
            return f()
    return a


def _tune(kernel: Any, cubin: bytes, symbol: str, meta: dict[str, Any],
          cutile_build: Any) -> tuple[bytes, str, dict[str, Any]]:
    """Time eqsat's build and cuTile's on the launch's own arguments (copies of its arrays:
    a kernel that writes in place must not run on the caller's data) and keep the faster.
    Times come from cuTile's benchmark launcher (CUDA events, L2 flushed): `WARMUP`
    launches, then repeats until `MIN_REPEATS` and `MAX_SECONDS`, the median kept."""
    why = _no_gpu_reason()
    launch: tuple[Any, Any, Any] | None = getattr(_launch_args, "value", None)
    if why is None and launch is None:
        why = "the launch's arguments were not seen (a launch not made through ct.launch)"
    if why is not None or launch is None:
        why = why or "no launch"
        _tell_once(why)
        meta["tuning"] = {"skipped": why}
        return cubin, symbol, meta
    from cuda.tile._cext import _benchmark

    stream, grid, args = launch
    theirs = cutile_build()
    candidates = [("eqsat", cubin, symbol), ("cutile", theirs[0], theirs[1])]
    from eqsat import frontend as _frontend

    name = _frontend.kernel_name(kernel)
    results: list[dict[str, Any]] = []
    for i, (label, c, s) in enumerate(candidates):
        clone = kernel.replace_hints()
        _forced[id(clone)] = (c, s)
        try:
            print(f"eqsat tune: {name} candidate {i + 1}/{len(candidates)} ({label})",
                  file=sys.stderr, flush=True)
            grid_t = tuple(grid) if isinstance(grid, (list, tuple)) else (grid,)
            for _ in range(WARMUP):
                _benchmark(stream, grid_t, clone, _copy(tuple(args)), True)
            samples: list[float] = []
            t0 = time.perf_counter()
            while len(samples) < MAX_REPEATS and (
                    len(samples) < MIN_REPEATS or time.perf_counter() - t0 < MAX_SECONDS / 4):
                samples.append(float(_benchmark(stream, grid_t, clone, _copy(tuple(args)), True)))
                if time.perf_counter() - t0 > MAX_SECONDS:
                    break
            results.append({"label": label, "median_us": statistics.median(samples),
                            "samples": len(samples)})
        except Exception as e:  # noqa: BLE001 - a candidate that fails to run loses
            results.append({"label": label, "error": _reason(e)})
        finally:
            _forced.pop(id(clone), None)
    timed = [r for r in results if "median_us" in r]
    best = min(timed, key=lambda r: r["median_us"])["label"] if timed else "eqsat"
    meta["tuning"] = {"candidates": results, "chosen": best}
    print(f"eqsat tune: {name} chose {best} "
          + ", ".join(f"{r['label']} {r['median_us']:.2f} us" for r in timed), file=sys.stderr)
    if best == "cutile":
        meta["label"] = "cuTile's own build (timed faster)"
        return theirs[0], theirs[1], meta
    return cubin, symbol, meta


# -- turned on from the environment, or as a runner ---------------------------------------------
def _from_env() -> None:
    v = os.environ.get(ENV, "").strip().lower()
    if v in ("", "0", "off", "false", "no"):
        return
    enable(tune=v == "tune")


def main(argv: list[str] | None = None) -> int:
    """`python -m eqsat.cutile [--tune] script.py ARGS...`: run a script with eqsat on."""
    import runpy

    argv = list(sys.argv[1:] if argv is None else argv)
    tune = False
    if argv[:1] == ["--tune"]:
        tune, argv = True, argv[1:]
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m eqsat.cutile [--tune] script.py [ARGS...]\n"
              "Runs the script with every cuTile launch compiled through eqsat.",
              file=sys.stderr)
        return 2 if not argv else 0
    try:
        enable(tune=tune)
    except EqsatError as e:
        print(f"eqsat.cutile: {e}", file=sys.stderr)
        return 2
    sys.argv = argv
    sys.path.insert(0, os.path.dirname(os.path.abspath(argv[0])))
    runpy.run_path(argv[0], run_name="__main__")
    return 0


if __name__ != "__main__":
    _from_env()

__all__ = [
    "ENV",
    "EqsatFallbackWarning",
    "EqsatTuneWarning",
    "counts",
    "disable",
    "enable",
    "enabled",
    "fallbacks",
    "is_enabled",
]

if __name__ == "__main__":
    # run as `python -m eqsat.cutile`: use the one importable module, so a script that
    # imports eqsat.cutile itself sees the same state
    from eqsat.cutile import main as _main

    raise SystemExit(_main())
