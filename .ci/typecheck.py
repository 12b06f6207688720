"""Run mypy on the package as it installs: `rules/` and `lowering/` as `eqsat.rules` and
`eqsat.lowering`.

mypy maps files to module names by folder, so it would call the repository's
top-level `rules/` the module `rules`; this lays out `build/typecheck/eqsat/` as
symlinks into the sources (the installed shape), runs mypy there with the project's
configuration (pyproject.toml) and reports repository paths.

Errors the code base had when type checking started are listed in
`.ci/mypy-baseline.txt` (file, error code and message; no line numbers, so edits
elsewhere do not disturb it). The run fails on any error not listed there, so the
list only shrinks; `--write-baseline` rewrites it after errors are fixed.

The public modules (the [tool.mypy.overrides] entry with the strict flags) are then
checked once more with `mypy --strict` itself, which must pass outright.
Other arguments go to the first mypy run.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TREE = ROOT / "build" / "typecheck"
BASELINE = ROOT / ".ci" / "mypy-baseline.txt"
MOVED = ("rules", "lowering")          # eqsat.<name> comes from the top-level <name>/
_ERROR = re.compile(r"^(?P<path>[^:\s]+\.py):(?P<line>\d+): error: (?P<msg>.*)$")


def lay_out() -> None:
    pkg = TREE / "eqsat"
    if TREE.exists():
        shutil.rmtree(TREE)
    pkg.mkdir(parents=True)
    for entry in sorted((ROOT / "eqsat").iterdir()):
        if entry.name != "__pycache__":
            (pkg / entry.name).symlink_to(os.path.relpath(entry, pkg))
    for name in MOVED:
        (pkg / name).symlink_to(os.path.relpath(ROOT / name, pkg))


def run_mypy(args: list[str]) -> tuple[int, str]:
    lay_out()
    cmd = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
           "--cache-dir", str(ROOT / "build" / "mypy-cache"), *args]
    r = subprocess.run(cmd, cwd=TREE, capture_output=True, text=True)
    out = r.stdout + r.stderr
    for name in MOVED:
        out = out.replace(f"eqsat/{name}/", f"{name}/")
    return r.returncode, out


def error_keys(out: str) -> list[tuple[str, str]]:
    keys = []
    for line in out.splitlines():
        m = _ERROR.match(line)
        if m:
            # "already defined on line 12": line numbers move with unrelated edits
            keys.append((m["path"], re.sub(r"\bline \d+", "line N", m["msg"])))
    return keys


def read_baseline() -> Counter[tuple[str, str]]:
    known: Counter[tuple[str, str]] = Counter()
    if BASELINE.exists():
        for line in BASELINE.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                count, path, msg = line.split(" ", 2)
                known[(path, msg)] += int(count)
    return known


def write_baseline(keys: list[tuple[str, str]]) -> None:
    counts = Counter(keys)
    lines = ["# mypy errors left from before type checking (see .ci/typecheck.py):",
             "# count file message; fix them and run `python .ci/typecheck.py --write-baseline`"]
    lines += [f"{n} {path} {msg}" for (path, msg), n in sorted(counts.items())]
    BASELINE.write_text("\n".join(lines) + "\n")


def strict_modules() -> list[str]:
    """The modules pyproject checks with the strict flags."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    for o in conf.get("overrides", []):
        if o.get("disallow_untyped_defs"):
            mods = o["module"]
            return [mods] if isinstance(mods, str) else list(mods)
    return []


def check_strict() -> int:
    mods = strict_modules()
    args = ["--strict", "--follow-imports=silent"]
    for m in mods:
        args += ["-m", m]
    rc, out = run_mypy(args)
    if rc != 0:
        sys.stdout.write(out)
        print(f"mypy --strict: the public modules must pass ({', '.join(mods)})")
        return 1
    print(f"mypy --strict: {len(mods)} public module(s) clean")
    return 0


def main(argv: list[str]) -> int:
    write = "--write-baseline" in argv
    rc, out = run_mypy([a for a in argv if a != "--write-baseline"])
    keys = error_keys(out)
    if rc not in (0, 1) or (rc == 1 and not keys):
        sys.stdout.write(out)              # mypy itself failed (bad config, crash)
        return rc or 1
    if write:
        write_baseline(keys)
        print(f"baseline: {len(keys)} error(s) recorded in {BASELINE.relative_to(ROOT)}")
        return 0
    known = read_baseline()
    new = Counter(keys) - known
    fixed = sum((known - Counter(keys)).values())
    if new:
        for line in out.splitlines():
            m = _ERROR.match(line)
            if m and new[(m["path"], re.sub(r"\bline \d+", "line N", m["msg"]))] > 0:
                print(line)
        print(f"mypy: {sum(new.values())} new error(s) (not in {BASELINE.name})")
        return 1
    print(f"mypy: no new errors; {len(keys)} known error(s) left in {BASELINE.name}"
          + (f" ({fixed} fixed: run with --write-baseline)" if fixed else ""))
    return check_strict()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
