"""The on-disk cache of cuTile kernels built through eqsat, shared by processes and threads.

A launch's compile step (`eqsat.cutile`) and `eqsat cutile --cubin` look a build up
here before running the front end, the optimizer and tileiras; a second process that
launches the same kernel under the same signature runs none of them.

Key: the kernel's source digest (`eqsat.frontend.source_digest`), the launch
signature's mangled symbol (which states all its facts, so a launch and `eqsat cutile
--inputs` that derive one signature share an entry), the GPU, and the identities of
eqsat (version and its sources), cuda-tile and the tileiras binary. Entries are files
written to a temporary name and renamed into place, so a reader sees a whole entry or
none; each carries a SHA-256 of its body, and one that fails the check (truncated,
corrupted) is deleted and rebuilt, never loaded. Writers and eviction hold an `fcntl`
lock on the cache folder (and a thread lock). The folder's size is bounded
(`EQSAT_CACHE_SIZE`, bytes, default 1 GiB): the least recently used entries (by
modification time, refreshed on every hit) go first.

Location: `EQSAT_CACHE_DIR`; else `eqsat/` inside cuTile's cache folder when
`CUDA_TILE_CACHE_DIR` names one; else `$XDG_CACHE_HOME/eqsat`; else
`~/.cache/eqsat`. `EQSAT_CACHE_DIR=off` (or 0, none) turns caching off.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eqsat.errors import EqsatError

MAGIC = b"EQSATCACHE1\n"
SUFFIX = ".entry"
DEFAULT_SIZE_LIMIT = 1 << 30
_OFF = ("0", "off", "none", "")
_thread_lock = threading.RLock()


def cache_dir() -> Path | None:
    """Where entries live (see the module doc), or None when caching is off."""
    env = os.environ.get("EQSAT_CACHE_DIR")
    if env is not None:
        return None if env.strip().lower() in _OFF else Path(env).expanduser()
    cutile = os.environ.get("CUDA_TILE_CACHE_DIR")
    if cutile is not None and cutile.strip().lower() not in _OFF:
        return Path(cutile).expanduser() / "eqsat"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "eqsat"


def size_limit() -> int:
    raw = os.environ.get("EQSAT_CACHE_SIZE")
    if raw is None:
        return DEFAULT_SIZE_LIMIT
    try:
        n = int(raw)
    except ValueError:
        raise EqsatError(f"error: EQSAT_CACHE_SIZE must be a number of bytes, got '{raw}'") \
            from None
    if n < 0:
        raise EqsatError(f"error: EQSAT_CACHE_SIZE must not be negative, got {n}")
    return n


@dataclass
class Entry:
    """One cached build: the cubin (empty for a remembered fallback) and what it is."""

    key: str
    cubin: bytes
    meta: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None
    size: int = 0
    mtime: float = 0.0

    @property
    def symbol(self) -> str:
        return str(self.meta.get("symbol", ""))

    @property
    def fallback(self) -> str | None:
        """Why eqsat could not build this signature (cuTile's build is used), or None."""
        fb = self.meta.get("fallback")
        return None if fb is None else str(fb)


def _encode(meta: dict[str, Any], cubin: bytes) -> bytes:
    header = json.dumps(meta, sort_keys=True).encode()
    body = len(header).to_bytes(8, "little") + header + cubin
    return MAGIC + hashlib.sha256(body).hexdigest().encode() + b"\n" + body


def _decode(data: bytes) -> tuple[dict[str, Any], bytes] | None:
    """(meta, cubin), or None when the bytes are not a whole, intact entry."""
    if not data.startswith(MAGIC) or len(data) < len(MAGIC) + 65 + 8:
        return None
    digest, body = data[len(MAGIC):len(MAGIC) + 64], data[len(MAGIC) + 65:]
    if data[len(MAGIC) + 64:len(MAGIC) + 65] != b"\n" or \
            hashlib.sha256(body).hexdigest().encode() != digest:
        return None
    n = int.from_bytes(body[:8], "little")
    if n > len(body) - 8:
        return None
    try:
        meta = json.loads(body[8:8 + n])
    except ValueError:
        return None
    return (meta, body[8 + n:]) if isinstance(meta, dict) else None


class Cache:
    """One cache folder. Every method is safe to call from several processes and threads."""

    def __init__(self, root: Path | str, limit: int | None = None) -> None:
        self.root = Path(root)
        self.limit = size_limit() if limit is None else limit
        self.corrupt = 0          # entries found damaged and removed by this object

    def _path(self, key: str) -> Path:
        if not key or any(c not in "0123456789abcdef" for c in key):
            raise EqsatError(f"error: cache key '{key}' is not a hex digest")
        return self.root / key[:2] / f"{key}{SUFFIX}"

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        """The cache-wide writer lock: a thread lock, then an exclusive `flock`."""
        with _thread_lock:
            self.root.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.root / ".lock", os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                yield
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)

    def get(self, key: str) -> Entry | None:
        """The entry under `key` if it is there and intact (its use time is refreshed);
        a damaged one is deleted and counted in `corrupt`."""
        path = self._path(key)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        got = _decode(data)
        if got is None or got[0].get("key") != key:
            self.corrupt += 1
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
            return None
        with contextlib.suppress(OSError):
            os.utime(path)
        return Entry(key, got[1], got[0], path, len(data), time.time())

    def put(self, key: str, cubin: bytes, meta: dict[str, Any]) -> Entry:
        """Write the entry atomically, then evict down to the size bound."""
        meta = {**meta, "key": key}
        data = _encode(meta, cubin)
        path = self._path(key)
        with self.lock():
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, path)
            except BaseException:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(tmp)
                raise
            self._evict_locked(keep=path)
        return Entry(key, cubin, meta, path, len(data), time.time())

    def entries(self) -> list[Entry]:
        """Every intact entry, least recently used first (damaged ones are removed)."""
        out = []
        for p in sorted(self.root.glob(f"??/*{SUFFIX}")):
            try:
                st = p.stat()
                data = p.read_bytes()
            except FileNotFoundError:
                continue
            got = _decode(data)
            if got is None:
                self.corrupt += 1
                with contextlib.suppress(FileNotFoundError):
                    p.unlink()
                continue
            out.append(Entry(p.stem, got[1], got[0], p, st.st_size, st.st_mtime))
        return sorted(out, key=lambda e: (e.mtime, e.key))

    def _files(self) -> list[tuple[float, int, Path]]:
        out = []
        for p in self.root.glob(f"??/*{SUFFIX}"):
            with contextlib.suppress(FileNotFoundError):
                st = p.stat()
                out.append((st.st_mtime, st.st_size, p))
        return sorted(out)

    def _evict_locked(self, keep: Path | None = None) -> int:
        files = self._files()
        total = sum(s for _, s, _ in files)
        removed = 0
        for _, size, p in files:
            if total <= self.limit:
                break
            if p == keep:
                continue
            with contextlib.suppress(FileNotFoundError):
                p.unlink()
                removed += 1
            total -= size
        for tmp in self.root.glob("??/.tmp-*"):     # left by a writer that was killed
            with contextlib.suppress(OSError):
                if time.time() - tmp.stat().st_mtime > 3600:
                    tmp.unlink()
        return removed

    def clear(self) -> int:
        """Remove every entry; the number removed."""
        if not self.root.is_dir():
            return 0
        with self.lock():
            n = 0
            for _, _, p in self._files():
                with contextlib.suppress(FileNotFoundError):
                    p.unlink()
                    n += 1
            return n

    def stats(self) -> dict[str, Any]:
        files = self._files() if self.root.is_dir() else []
        return {"dir": str(self.root), "entries": len(files),
                "bytes": sum(s for _, s, _ in files), "limit_bytes": self.limit}


def default_cache() -> Cache | None:
    root = cache_dir()
    return None if root is None else Cache(root)


# -- keys ----------------------------------------------------------------------------------------
def _file_identity(path: str | None) -> str:
    if not path:
        return "missing"
    try:
        st = os.stat(path)
    except OSError:
        return f"{path}:missing"
    return f"{os.path.realpath(path)}:{st.st_size}:{st.st_mtime_ns}"


_IDENTITY: dict[str, str] = {}


def toolchain_identity() -> dict[str, str]:
    """eqsat's version and sources, cuda-tile's version, and the tileiras binary: what a
    cached build was made with. Only file metadata is read (no tool is run), so a hit
    stays cheap."""
    if not _IDENTITY:
        import importlib.util

        import eqsat
        from eqsat.toolchain import cuda_tile_version, find_tool

        h = hashlib.sha256()
        for name in ("eqsat", "eqsat.lowering", "eqsat.rules"):   # found, not imported:
            spec = importlib.util.find_spec(name)                 # the rules load egglog
            for d in (spec.submodule_search_locations or []) if spec else []:
                for p in sorted(Path(d).rglob("*.py")):
                    h.update(_file_identity(str(p)).encode())
        _IDENTITY.update({"eqsat": f"{eqsat.__version__}+{h.hexdigest()[:16]}",
                          "cuda-tile": cuda_tile_version() or "missing",
                          "tileiras": _file_identity(find_tool("tileiras"))})
    return dict(_IDENTITY)


def build_key(kernel: Any, signature: Any, arch: str, options: dict[str, Any] | None = None
              ) -> str:
    """The cache key of `kernel` built for `signature` on `arch` (see the module doc);
    `options` are the build choices that change the cubin (optimize, versioning, ...)."""
    from eqsat import frontend as _frontend

    name = _frontend.kernel_name(kernel)
    sig = signature if signature.symbol else signature.with_mangled_symbol(name)
    parts = {
        "source": _frontend.source_digest(kernel),
        "symbol": sig.symbol,          # the mangled name states every fact of the signature
        "arch": arch,
        "options": options or {},
        **toolchain_identity(),
    }
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=repr).encode()).hexdigest()


def build_options(*, optimize: bool = True, version: str | None = None,
                  versioning: bool = False, gpu: str | None = None) -> dict[str, Any]:
    """The build choices that differ from the default compile path's, as `cached_build`
    takes them: a launch and `eqsat cutile --cubin` with defaults share one entry. The GPU
    the time model chooses for is one of them; the launch it judged by is not (an entry,
    like cuTile's, is per signature: its first launch's sizes chose the build)."""
    from eqsat.lowering.bytecode import DEFAULT_VERSION

    out: dict[str, Any] = {}
    if not optimize:
        out["optimize"] = False
    if version is not None and version != DEFAULT_VERSION:
        out["version"] = version
    if versioning:
        out["versioning"] = True
    if gpu is not None:
        out["gpu"] = gpu
    return out


# -- the cached build ----------------------------------------------------------------------------
@dataclass
class Build:
    """A cubin for one kernel and signature, and where it came from."""

    entry: Entry
    hit: bool              # served from the cache, nothing rebuilt
    run: Any = None        # the PipelineRun when it was built now


def eqsat_build(kernel: Any, signature: Any, arch: str, **kw: Any) -> Any:
    """The one place a launch's compile step builds through eqsat: the default compile
    path of `eqsat.lowering.cutile_workflow` (front end, optimizer, tileiras)."""
    from eqsat.lowering.cutile_workflow import compile_cutile

    return compile_cutile(kernel, signature, arch, stats=False, **kw)


def run_meta(kernel: Any, run: Any) -> dict[str, Any]:
    from eqsat import frontend as _frontend
    from eqsat.lowering.cutile_workflow import label

    return {"kernel": _frontend.kernel_name(kernel), "symbol": run.kernel.name,
            "arch": run.arch, "label": label(run), "optimized": bool(run.optimized),
            "times": {k: round(v, 6) for k, v in run.times.items()},
            "attempts": list(run.attempts), "built": time.time(),
            "choice": run.choice.as_dict() if getattr(run, "choice", None) is not None else None,
            "versions": toolchain_identity()}


def cached_build(kernel: Any, signature: Any, arch: str, *, cache: Cache | None = None,
                 options: dict[str, Any] | None = None,
                 build: Callable[..., Any] | None = None) -> Build:
    """The kernel's cubin for `signature` on `arch`: from the cache when an intact entry
    is there, else built by `build` (default `eqsat_build`) and stored. Errors of the
    build propagate; nothing is stored for them (the caller decides on a fallback)."""
    store = default_cache() if cache is None else cache
    opts = dict(options or {})
    key = build_key(kernel, signature, arch, opts) if store is not None else ""
    if store is not None:
        got = store.get(key)
        if got is not None and got.fallback is None:   # a remembered failure: try again
            return Build(got, True)
    run = (build or eqsat_build)(kernel, signature, arch, **opts)
    meta = run_meta(kernel, run)
    if store is None:
        return Build(Entry("", run.cubin or b"", meta), False, run)
    return Build(store.put(key, run.cubin or b"", meta), False, run)


__all__ = [
    "Build",
    "Cache",
    "Entry",
    "build_key",
    "build_options",
    "cache_dir",
    "cached_build",
    "default_cache",
    "eqsat_build",
    "run_meta",
    "size_limit",
    "toolchain_identity",
]
