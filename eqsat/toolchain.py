"""The NVIDIA Tile IR toolchain: find `tileiras`, `tileirdisasm`, `cuobjdump` and `nvdisasm`,
and run them.

All of it installs from PyPI with the `cuda` extra (`pip install 'eqsat[cuda]'`) and
runs without a GPU. A missing extra is reported once, as `CudaExtraMissing`, naming the
extra to install; a tool that fails on its input is a `ToolError` carrying the tool's
own message. Nothing here imports cuda-tile internals.

Tool lookup, first match wins: `$EQSAT_CUDA_BIN` (a folder), the `bin/` folder of the
`nvidia.cu13` package installed with this interpreter, then `PATH`.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from eqsat.errors import EqsatError

INSTALL_HINT = "pip install 'eqsat[cuda]'"
TOOLS = ("tileiras", "tileirdisasm", "cuobjdump")
DEFAULT_ARCH = "sm_90"
# what `tileiras --help` (13.5) lists; used when the tool cannot be asked
KNOWN_ARCHS = (
    "sm_80",
    "sm_86",
    "sm_87",
    "sm_88",
    "sm_89",
    "sm_90",
    "sm_100",
    "sm_103",
    "sm_107",
    "sm_110",
    "sm_120",
    "sm_121",
)
# cuda-tile's bytecode encoder and IR are private APIs: the versions tested with eqsat
TESTED_CUDA_TILE = "1.7.0"
_PIN_ENV = "EQSAT_ALLOW_UNTESTED_CUDA_TILE"
_TIMEOUT_S = 300


class CudaExtraMissing(EqsatError):
    """The optional NVIDIA toolchain (the `cuda` extra) is not installed."""

    def __init__(self, what: str):
        self.what = what
        super().__init__(
            f"error: {what} is not installed; the NVIDIA Tile IR toolchain comes "
            f"with the 'cuda' extra: {INSTALL_HINT}"
        )


def _how(returncode: int) -> str:
    """`crashed (SIGSEGV)` for a signal, `exit N` otherwise."""
    if returncode < 0:
        import signal
        try:
            return f"crashed ({signal.Signals(-returncode).name})"
        except ValueError:
            return f"crashed (signal {-returncode})"
    return f"exit {returncode}"


class ToolError(EqsatError):
    """An NVIDIA tool rejected its input or crashed; carries the tail of its stderr and,
    for tileiras, the reproducer eqsat saved (`reproducer`: a folder with the bytecode
    and the exact command)."""

    def __init__(self, tool: str, returncode: int, stderr: str, what: str = "",
                 reproducer: str | None = None):
        self.tool, self.returncode, self.stderr = tool, returncode, stderr
        self.what, self.reproducer = what, reproducer
        self.crashed = returncode < 0
        tail = "\n".join(stderr.strip().splitlines()[-12:])
        where = f" on {what}" if what else ""
        repro = f"\nreproducer: {reproducer} (bytecode and command.sh)" if reproducer else ""
        verb = "crashed" if self.crashed else "failed"
        super().__init__(f"error: {tool} {verb}{where} ({_how(returncode)}){repro}"
                         + (f":\n{tail}" if tail else ""))

    def summary(self) -> str:
        """One line: the tool, how it ended, and where the reproducer is."""
        line = f"{self.tool} {_how(self.returncode)}"
        return line + (f", reproducer {self.reproducer}" if self.reproducer else "")


# -- locating things -----------------------------------------------------------------------
def _package_bin() -> Path | None:
    try:
        spec = importlib.util.find_spec("nvidia.cu13")
    except (ImportError, ValueError):
        return None
    for loc in (spec.submodule_search_locations or []) if spec else []:
        if (Path(loc) / "bin").is_dir():
            return Path(loc) / "bin"
    return None


def find_tool(name: str) -> str | None:
    """Path of an NVIDIA tool, or None when it is nowhere to be found."""
    env = os.environ.get("EQSAT_CUDA_BIN")
    candidates = [Path(env) / name] if env else []
    pkg = _package_bin()
    if pkg is not None:
        candidates.append(pkg / name)
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return str(c)
    return shutil.which(name)


def tool(name: str) -> str:
    """Path of an NVIDIA tool; `CudaExtraMissing` when it is not installed."""
    p = find_tool(name)
    if p is None:
        raise CudaExtraMissing(f"`{name}`")
    return p


def cuda_tile_version() -> str | None:
    try:
        return importlib.metadata.version("cuda-tile")
    except importlib.metadata.PackageNotFoundError:
        return None


def require_cuda_tile() -> str:
    """Check that the tested cuda-tile is importable; its private encoder/IR may change
    between releases, so an untested minor version is refused unless overridden."""
    v = cuda_tile_version()
    try:
        found = v is not None and importlib.util.find_spec("cuda.tile") is not None
    except (ImportError, ValueError):
        found = False
    if v is None or not found:
        raise CudaExtraMissing("the `cuda-tile` package")
    if v.split(".")[:2] != TESTED_CUDA_TILE.split(".")[:2] and not os.environ.get(_PIN_ENV):
        raise EqsatError(
            f"error: eqsat was tested with cuda-tile {TESTED_CUDA_TILE}, found {v}; "
            f"its private bytecode/IR API may differ. Install cuda-tile=="
            f"{TESTED_CUDA_TILE} or set {_PIN_ENV}=1 to try anyway"
        )
    return v


def missing_reason(need_cuda_tile: bool = True) -> str | None:
    """Why the toolchain cannot be used here (for `pytest.skip`), or None if it can."""
    try:
        for t in TOOLS:
            tool(t)
        if need_cuda_tile:
            require_cuda_tile()
    except EqsatError as e:
        return str(e)
    return None


# -- running tools -------------------------------------------------------------------------
def _run(
    argv: list[str], what: str = "", timeout: float = _TIMEOUT_S
) -> subprocess.CompletedProcess:
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise ToolError(Path(argv[0]).name, -1, f"timed out after {timeout:.0f} s", what) from None
    except OSError as e:
        raise ToolError(Path(argv[0]).name, -1, str(e), what) from None
    if p.returncode != 0:
        raise ToolError(Path(argv[0]).name, p.returncode, p.stderr or p.stdout, what)
    return p


@cache
def valid_archs() -> tuple[str, ...]:
    """GPU names this `tileiras` accepts for `--gpu-name` (asked from `tileiras --help`)."""
    try:
        text = _run([tool("tileiras"), "--help"]).stdout
    except ToolError:
        return KNOWN_ARCHS
    found = tuple(dict.fromkeys(re.findall(r"=\s*(sm_\d+[a-z]?)\b", text)))
    return found or KNOWN_ARCHS


@cache
def bytecode_versions() -> tuple[str, ...]:
    """Bytecode versions this `tileiras` reads (`tileiras --list-versions`)."""
    text = _run([tool("tileiras"), "--list-versions"]).stdout
    return tuple(re.findall(r"\b\d+\.\d+\b", text))


def check_arch(arch: str) -> str:
    """`arch` if tileiras knows it, else an error listing the valid names."""
    archs = valid_archs()
    if arch not in archs:
        raise EqsatError(
            f"error: unknown GPU architecture '{arch}'; tileiras accepts: " f"{', '.join(archs)}"
        )
    return arch


@cache
def tool_versions() -> dict[str, str]:
    """`release X, VY` of each tool plus the cuda-tile package version."""
    out = {}
    for t in TOOLS:
        try:
            text = _run([tool(t), "--version"]).stdout
        except (ToolError, CudaExtraMissing):
            continue
        m = re.search(r"release [\w.]+, V[\w.]+", text)
        out[t] = m.group(0) if m else text.strip().splitlines()[-1]
    v = cuda_tile_version()
    if v:
        out["cuda-tile"] = v
    return out


@dataclass
class CompileResult:
    """A cubin plus how long tileiras took (wall clock, seconds)."""

    cubin: bytes
    arch: str
    seconds: float


def compile_bytecode(
    bytecode: bytes,
    arch: str = DEFAULT_ARCH,
    opt_level: int = 3,
    extra_args: tuple[str, ...] = (),
    what: str = "",
) -> CompileResult:
    """Compile Tile IR bytecode to a cubin with `tileiras --gpu-name=ARCH -O<opt_level>`."""
    exe = tool("tileiras")
    check_arch(arch)
    flags = [f"--gpu-name={arch}", f"-O{opt_level}", *extra_args]
    with tempfile.TemporaryDirectory(prefix="eqsat-") as d:
        src, out = Path(d) / "kernel.tileirbc", Path(d) / "kernel.cubin"
        src.write_bytes(bytecode)
        t0 = time.perf_counter()
        try:
            _run([exe, *flags, str(src), "-o", str(out)], what or f"bytecode for {arch}")
        except ToolError as e:
            e.reproducer = save_reproducer(bytecode, exe, flags, e)
            raise ToolError(e.tool, e.returncode, e.stderr, e.what, e.reproducer) from None
        dt = time.perf_counter() - t0
        return CompileResult(out.read_bytes(), arch, dt)


REPRO_ENV = "EQSAT_REPRO_DIR"


def save_reproducer(bytecode: bytes, exe: str, flags: list[str], err: ToolError) -> str | None:
    """Save what tileiras failed on: `kernel.tileirbc`, `command.sh` (the exact command,
    run from that folder) and `stderr.txt`, in `$EQSAT_REPRO_DIR` (default: the system
    temp folder) under a name from the bytecode's digest. The folder, or None when it
    cannot be written."""
    import hashlib
    import shlex

    root = Path(os.environ.get(REPRO_ENV) or tempfile.gettempdir())
    d = root / f"eqsat-repro-{hashlib.sha256(bytecode).hexdigest()[:12]}"
    try:
        d.mkdir(parents=True, exist_ok=True)
        (d / "kernel.tileirbc").write_bytes(bytecode)
        cmd = " ".join(shlex.quote(x) for x in [exe, *flags, "kernel.tileirbc", "-o",
                                                "kernel.cubin"])
        (d / "command.sh").write_text(f"#!/bin/sh\n# {err.tool} {_how(err.returncode)}"
                                      f"{' on ' + err.what if err.what else ''}\n"
                                      f'cd "$(dirname "$0")"\n{cmd}\n')
        (d / "stderr.txt").write_text(err.stderr or "")
    except OSError:
        return None
    return str(d)


def disassemble_bytecode(bytecode: bytes, what: str = "") -> str:
    """Tile IR text of bytecode, as `tileirdisasm` prints it."""
    exe = tool("tileirdisasm")
    with tempfile.TemporaryDirectory(prefix="eqsat-") as d:
        src = Path(d) / "kernel.tileirbc"
        src.write_bytes(bytecode)
        return _run([exe, str(src)], what or "bytecode").stdout


def _cuobjdump(flag: str, cubin: bytes) -> str:
    exe = tool("cuobjdump")
    with tempfile.TemporaryDirectory(prefix="eqsat-") as d:
        src = Path(d) / "kernel.cubin"
        src.write_bytes(cubin)
        return _run([exe, flag, str(src)], "cubin").stdout


def sass_text(cubin: bytes) -> str:
    """`cuobjdump -sass` of a cubin."""
    return _cuobjdump("-sass", cubin)


def res_usage_text(cubin: bytes) -> str:
    """`cuobjdump -res-usage` of a cubin."""
    return _cuobjdump("-res-usage", cubin)


def raw_sass_text(code: bytes, arch: str) -> str:
    """`nvdisasm -b ARCH` of raw instruction bytes (the code sections of one or several
    cubins laid end to end): one disassembler start-up for all of them, which is most of
    what disassembling a kernel costs. `arch` is an nvdisasm name (`SM90a`, `SM100a`)."""
    exe = tool("nvdisasm")
    with tempfile.TemporaryDirectory(prefix="eqsat-") as d:
        src = Path(d) / "code.bin"
        src.write_bytes(code)
        return _run([exe, "-b", arch, str(src)], f"{arch} code").stdout


def elf_text(cubin: bytes) -> str:
    """`cuobjdump -elf` of a cubin (its EIATTR attributes: the block size tileiras fixed)."""
    return _cuobjdump("-elf", cubin)


__all__ = [
    "DEFAULT_ARCH",
    "INSTALL_HINT",
    "REPRO_ENV",
    "TESTED_CUDA_TILE",
    "CompileResult",
    "CudaExtraMissing",
    "ToolError",
    "bytecode_versions",
    "check_arch",
    "compile_bytecode",
    "elf_text",
    "cuda_tile_version",
    "disassemble_bytecode",
    "find_tool",
    "missing_reason",
    "require_cuda_tile",
    "raw_sass_text",
    "res_usage_text",
    "sass_text",
    "save_reproducer",
    "tool",
    "tool_versions",
    "valid_archs",
]
