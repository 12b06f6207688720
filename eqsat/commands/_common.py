"""Helpers shared by the subcommands: loading a kernel file with clear errors, writing an
output file, and the phase line on stderr for long runs."""
from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import os
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import numpy as np

from eqsat.errors import EqsatError
from eqsat.ir.core import Kernel
from eqsat.text import parse_module_file


def load_kernels(path: str, verify: bool = True, entry: str | None = None) -> list[Kernel]:
    """Parse (and verify) every entry of a kernel file, or only the one named `entry`;
    `-` reads standard input. Errors carry FILE:LINE:COL."""
    where = "<stdin>" if path == "-" else path
    phase(f"reading {where}")
    ks = every = parse_module_file(path)
    if entry is not None:
        want = entry.lstrip("@")
        ks = [k for k in every if k.name == want]
        if not ks:
            raise EqsatError(f"{where}: error: no entry '@{want}' (entries: "
                             f"{', '.join('@' + k.name for k in every)})")
    if verify:
        from eqsat.ir.verify import verify as _verify
        for k in ks:
            _verify(k, filename=where)
    return ks


def load_kernel(path: str, verify: bool = True, entry: str | None = None) -> Kernel:
    """The one kernel of a file (or its entry named `entry`); a file of several entries
    needs `entry`."""
    ks = load_kernels(path, verify, entry)
    if len(ks) > 1:
        where = "<stdin>" if path == "-" else path
        raise EqsatError(f"{where}: error: {len(ks)} entries "
                         f"({', '.join('@' + k.name for k in ks)}): this command takes "
                         "one; choose it with --entry NAME")
    return ks[0]


def load_rule_sets(targets: list[str] | None) -> list[str]:
    """Register the sets `--rules-from MODULE:ATTR` names (checked); MODULE is imported
    from the current directory too, as `python -m` would. Returns their names."""
    import eqsat.rules as rules_pkg

    names: list[str] = []
    if not targets:
        return names
    cwd = os.getcwd()
    added = cwd not in sys.path
    if added:
        sys.path.insert(0, cwd)
    try:
        for target in targets:
            names += [rs.name for rs in rules_pkg.load_from(target)]
    finally:
        if added:
            sys.path.remove(cwd)
    return list(dict.fromkeys(names))


def positive_int(text: str) -> int:
    """argparse type for run counts: an integer >= 1 (a usage error otherwise)."""
    import argparse
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got '{text}'") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}: a check of no runs "
                                         "vouches for nothing")
    return n


def write_output(path: str, data: str | bytes) -> None:
    """Write a command's output file; a path that cannot be written is bad input."""
    try:
        with open(path, "wb" if isinstance(data, bytes) else "w") as f:
            f.write(data)
    except OSError as e:
        raise EqsatError(f"{path}: error: cannot write: {e.strerror or e}") from None


class _Progress:
    """The phase a command is in, shown on stderr: each phase as a line with `--progress`;
    on a terminal, one line rewritten in place once the run has taken `delay` seconds and
    erased at the end. Never on stdout, so it cannot change a command's output."""

    def __init__(self, command: str, explicit: bool, delay: float = 2.0):
        self.command, self.explicit, self.delay = command, explicit, delay
        self.start = time.monotonic()
        self.text = command
        self.shown = False           # a terminal line is on screen
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None
        if not explicit and _is_tty(sys.stderr):
            self.thread = threading.Thread(target=self._tick, daemon=True)
            self.thread.start()

    def set(self, text: str) -> None:
        with self.lock:
            self.text = text
            if self.explicit:
                print(f"eqsat {self.command}: [{time.monotonic() - self.start:.1f}s] {text}",
                      file=sys.stderr, flush=True)
            elif self.shown:
                self._draw()

    def _draw(self) -> None:
        line = f"eqsat {self.command}: {self.text} ({time.monotonic() - self.start:.0f}s)"
        sys.stderr.write(f"\r\033[K{line[:200]}")
        sys.stderr.flush()
        self.shown = True

    def _tick(self) -> None:
        if self.stop.wait(self.delay):
            return
        while True:
            with self.lock:
                self._draw()
            if self.stop.wait(1.0):
                return

    def close(self, done: bool) -> None:
        self.stop.set()
        if self.thread is not None:
            self.thread.join()
        with self.lock:
            if self.shown:
                sys.stderr.write("\r\033[K")
                sys.stderr.flush()
            elif self.explicit and done:
                print(f"eqsat {self.command}: [{time.monotonic() - self.start:.1f}s] done",
                      file=sys.stderr, flush=True)


def _is_tty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


_current: list[_Progress] = []


@contextlib.contextmanager
def progress(command: str, explicit: bool = False) -> Iterator[None]:
    """Show phases of `command` (see _Progress) while the block runs."""
    p = _Progress(command, explicit)
    _current.append(p)
    try:
        yield
    except BaseException:
        _current.remove(p)
        p.close(done=False)
        raise
    _current.remove(p)
    p.close(done=True)


def phase(text: str) -> None:
    """Name what the running command does now (a no-op outside `progress`)."""
    if _current:
        _current[-1].set(text)


def _plain(v: Any) -> Any:
    """`v` with numpy scalars and arrays, tuples and dataclasses as JSON values; a float
    that JSON cannot hold (NaN, infinity) as its text."""
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        v = dataclasses.asdict(v)
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple, set, frozenset)):
        return [_plain(x) for x in (sorted(v) if isinstance(v, (set, frozenset)) else v)]
    if isinstance(v, np.ndarray):
        return _plain(v.tolist())
    if isinstance(v, np.generic):
        return _plain(v.item())
    if isinstance(v, float) and not math.isfinite(v):
        return str(v)
    if isinstance(v, bytes):
        return v.hex()
    return v


def emit_json(obj: Any) -> None:
    """A command's `--json` report on stdout: one JSON document."""
    print(json.dumps(_plain(obj), indent=2, allow_nan=False))


def report_dict(report: Any) -> dict:
    """An `optimize` Report as JSON-ready data (its fields and the total time)."""
    d = _plain(report)
    d["total_seconds"] = report.total_seconds
    return d
