"""Fuzzing every command of the CLI, in process, with malformed input.

Whatever the input, a command ends with exit 0, 1 or 2 and never a traceback or the
"internal error" path of `eqsat.cli.main`; exit 2 is exactly one line on stderr,
`WHERE: error: WHY`. Inputs: corpus kernels mutated (bytes flipped, cut short, lines
deleted or duplicated, tokens replaced), inputs specs with a wrong type, a missing key
or a wrong shape at every JSON path (and JSON that does not parse), mangled kernel
symbols and alias-group arguments, and paths that are missing, directories or binary.

Volume scales with the Hypothesis profile: under `ci` (N = 100) about 5,700 inputs in
all, most through the cheap commands (fmt, check, stats); under
`HYPOTHESIS_PROFILE=long` (N = 2000) over 100,000.
"""
from __future__ import annotations

import contextlib
import copy
import io
import json
import math
import os
import re
import warnings
from pathlib import Path
from typing import NamedTuple

import pytest
from corpus_util import CORPUS, EXAMPLES, SPECS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eqsat.cli import INTERNAL_ERROR, main

N = settings.default.max_examples
KERNEL_FILES = sorted(CORPUS.glob("*.mlir"))
KERNEL_BYTES = [p.read_bytes() for p in KERNEL_FILES]
# kernels whose specs run in a few milliseconds: the spec fuzzing runs them
RUNNABLE = ["vector_add", "gather_offset", "axpy_alias_inplace", "relu_accum_mem",
            "relu_accum_branch", "store_load_recurrence"]
SPEC_DATA = {n: json.loads((SPECS / f"{n}.json").read_text()) for n in RUNNABLE}
SPEC_DATA["moe_scatter"] = json.loads((EXAMPLES / "moe_scatter.json").read_text())
SPEC_KERNEL = {**{n: CORPUS / f"{n}.seq.mlir" for n in RUNNABLE},
               "moe_scatter": EXAMPLES / "moe_scatter.seq.mlir"}

_ERROR_LINE = re.compile(r"^\S.*: error: \S")
_TOKEN = re.compile(rb"\s+|%[\w$.#-]+|-?\d+(?:\.\d+)?(?:e[-+]?\d+)?|[A-Za-z_][\w$.]*|.", re.DOTALL)
# tokens from Tile IR and near misses of it
SPICE = [b"%", b"%arg0", b"%0", b"%undefined", b":", b"<", b">", b"(", b")", b"[", b"]", b"{",
         b"}", b",", b"=", b"->", b"@", b"x", b"?", b"-1", b"0", b"7", b"99999999999999999999",
         b"1e999", b"nan", b"0x", b"0x7fc00000", b'"', b"\\", b"\n", b"\t", b"\x00", b"\xff",
         "é".encode(), b"//", b"token", b"tile<", b"tile<i1>", b"tile<0xf32>", b"tile<3xi3>",
         b"ptr<", b"f8", b"i64", b"bf16", b"tensor_view<?xf32, strides=[1]>", b"dim = 9",
         b"iter_values(", b"} else {", b"yield", b"continue", b"break", b"return",
         b"entry", b"module {", b"for", b"if", b"loop", b"constant <i32: 1> : tile<i32>",
         b"addf", b"store_ptr_tko", b"join_tokens", b"make_token", b"assume", b"div_by<0>",
         b"bounded<5, 1>", b"_K", b"_Kt1_A", b"_A1f32_1t1_p16", b"_I", b"_Kt9"]
# values that confuse the type (or range) expected at a JSON path
CONFUSIONS = [None, True, False, 0, -1, 1, 3, 2**31, 2**64, -2**70, 1.5, -0.5, 1e308,
              math.inf, math.nan, "", "f32", "x", "normal", "randint", "same", [], [0], [1, 2],
              [-1], ["a"], [[1]], [1.5], {}, {"kind": "zeros"}, {"kind": "data"},
              {"kind": "full", "value": "1"}, {"kind": "randint", "low": 5, "high": 5},
              {"kind": "normal", "std": -1}, {"kind": "uniform", "low": 0, "high": math.inf}]
SPEC_KEYS = ["name", "shape", "dtype", "init", "strides", "same_as", "offset", "value", "grid",
             "params", "convention", "kind", "low", "high", "values", "stride", "typo"]


class Outcome(NamedTuple):
    rc: int
    out: str
    err: str


@pytest.fixture(scope="module", autouse=True)
def _tracebacks_raise():
    """Unexpected exceptions escape `main` here, so a failure shows where it came from."""
    old = os.environ.get("EQSAT_TRACEBACK")
    os.environ["EQSAT_TRACEBACK"] = "1"
    yield
    if old is None:
        del os.environ["EQSAT_TRACEBACK"]
    else:
        os.environ["EQSAT_TRACEBACK"] = old


def invoke(argv: list[str]) -> Outcome:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.filterwarnings("ignore", category=DeprecationWarning)
        try:
            rc = main(argv)
        except SystemExit as e:      # argparse, --help, --version
            rc = e.code if isinstance(e.code, int) else 0 if e.code is None else 2
    assert not caught, f"{argv}: warning {caught[0].category.__name__}: {caught[0].message}"
    return Outcome(rc, out.getvalue(), err.getvalue())


def check(argv: list[str], what: str = "") -> Outcome:
    """Run `argv` and hold it to the rules above; `what` describes the input on failure."""
    res = invoke(argv)
    ctx = f"eqsat {' '.join(argv)}\n{what}\nstderr: {res.err[-2000:]}"
    assert res.rc != INTERNAL_ERROR, ctx
    assert res.rc in (0, 1, 2), f"exit {res.rc}: {ctx}"
    assert "Traceback" not in res.err, ctx
    if res.rc == 2:
        lines = res.err.strip().splitlines()
        assert len(lines) == 1 and _ERROR_LINE.match(lines[0]), ctx
    return res


class _Draws:
    """`randint`/`choice` over Hypothesis draws, so the mutators below also run on a
    plain `random.Random` (handy to explore outside pytest)."""

    def __init__(self, data):
        self.data = data

    def randint(self, lo: int, hi: int) -> int:
        return self.data.draw(st.integers(lo, hi))

    def choice(self, seq):
        return self.data.draw(st.sampled_from(seq))


# -- mutators -----------------------------------------------------------------------------------
def mutate_bytes(r, data: bytes) -> bytes:
    """One to three edits: a flipped byte, a cut, a deleted, duplicated or swapped line,
    a token replaced by another from the same file or from SPICE, a deleted span."""
    for _ in range(r.randint(1, 3)):
        if not data:
            return r.choice(SPICE)
        how = r.choice(["flip", "truncate", "del-line", "dup-line", "swap-lines", "token",
                        "token", "token", "del-span"])
        if how == "flip":
            i = r.randint(0, len(data) - 1)
            data = data[:i] + bytes([data[i] ^ (1 << r.randint(0, 7))]) + data[i + 1:]
        elif how == "truncate":
            data = data[:r.randint(0, len(data) - 1)]
        elif how == "del-span":
            i = r.randint(0, len(data) - 1)
            data = data[:i] + data[i + r.randint(1, 40):]
        elif how in ("del-line", "dup-line", "swap-lines"):
            lines = data.splitlines(keepends=True)
            i, j = r.randint(0, len(lines) - 1), r.randint(0, len(lines) - 1)
            if how == "del-line":
                del lines[i]
            elif how == "dup-line":
                lines.insert(j, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            data = b"".join(lines)
        else:
            toks = _TOKEN.findall(data)
            i = r.randint(0, len(toks) - 1)
            new = toks[r.randint(0, len(toks) - 1)] if r.randint(0, 1) else r.choice(SPICE)
            if r.randint(0, 3) == 0:
                toks.insert(i, new)
            else:
                toks[i] = new
            data = b"".join(toks)
    return data


def json_paths(v, path=()):
    yield path
    if isinstance(v, dict):
        for k, x in v.items():
            yield from json_paths(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from json_paths(x, path + (i,))


def _at(v, path):
    for p in path:
        v = v[p]
    return v


def _confusion(r):
    return copy.deepcopy(r.choice(CONFUSIONS))


def mutate_spec(r, spec: dict):
    """A copy of `spec` with one or two edits at a JSON path: a value of another type or
    range, a deleted key or element, an added (known or unknown) key, a list one longer or
    shorter, a parameter duplicated."""
    spec = copy.deepcopy(spec)
    for _ in range(r.randint(1, 2)):
        paths = list(json_paths(spec))
        path = r.choice(paths)
        node = _at(spec, path)
        how = r.choice(["retype", "retype", "retype", "delete", "add-key", "resize", "dup"])
        if how == "retype" or (how == "delete" and not path):
            if not path:
                return _confusion(r)
            _at(spec, path[:-1])[path[-1]] = _confusion(r)
        elif how == "delete":
            del _at(spec, path[:-1])[path[-1]]
        elif how == "add-key" and isinstance(node, dict):
            node[r.choice(SPEC_KEYS)] = _confusion(r)
        elif how == "resize" and isinstance(node, list):
            if node and r.randint(0, 1):
                node.pop(r.randint(0, len(node) - 1))
            else:
                node.append(copy.deepcopy(node[-1]) if node and not isinstance(node[-1], int)
                            else r.choice([0, 1, 2]))
        elif how == "dup" and isinstance(spec, dict) and isinstance(spec.get("params"), list) \
                and spec["params"]:
            ps = spec["params"]
            ps.insert(r.randint(0, len(ps)), copy.deepcopy(r.choice(ps)))
        if not isinstance(spec, dict):
            return spec
    return spec


def spec_text(r, spec) -> bytes:
    """JSON text of `spec`; sometimes broken as text too (invalid JSON, not UTF-8)."""
    text = json.dumps(spec).encode()
    if r.randint(0, 7) == 0:
        text = mutate_bytes(r, text)
    return text


# -- the tests ----------------------------------------------------------------------------------
SETTINGS = {"deadline": None, "suppress_health_check": list(HealthCheck)}


@settings(max_examples=40 * N, **SETTINGS)
@given(st.data())
def test_text_commands_on_mutated_kernels(tmp_path_factory, data):
    """fmt, check and stats on mutated corpus kernels (most of the volume: they are cheap)."""
    r = _Draws(data)
    i = r.randint(0, len(KERNEL_FILES) - 1)
    text = mutate_bytes(r, KERNEL_BYTES[i])
    p = _scratch(tmp_path_factory) / KERNEL_FILES[i].name
    p.write_bytes(text)
    cmd = r.choice([["fmt"], ["check"], ["stats"], ["stats", "--noalias"]])
    res = check(cmd + [str(p)], f"mutated {KERNEL_FILES[i].name}:\n{_show(text)}")
    assert res.rc in (0, 2)


@settings(max_examples=10 * N, **SETTINGS)
@given(st.data())
def test_run_on_malformed_specs(tmp_path_factory, data):
    r = _Draws(data)
    name = r.choice(sorted(SPEC_DATA))
    spec = mutate_spec(r, SPEC_DATA[name])
    text = spec_text(r, spec)
    p = _scratch(tmp_path_factory) / "spec.json"
    p.write_bytes(text)
    check(["run", str(SPEC_KERNEL[name]), "--inputs", str(p)], f"spec:\n{_show(text)}")


@settings(max_examples=N, **SETTINGS)
@given(st.data())
def test_equiv_and_lower_on_malformed_specs(tmp_path_factory, data):
    r = _Draws(data)
    name = r.choice(RUNNABLE)
    spec = mutate_spec(r, SPEC_DATA[name])
    text = spec_text(r, spec)
    p = _scratch(tmp_path_factory) / "spec.json"
    p.write_bytes(text)
    k = str(CORPUS / f"{name}.seq.mlir")
    if r.randint(0, 1):
        argv = ["equiv", k, str(CORPUS / f"{name}.cutile.mlir"), "--inputs", str(p),
                "--trials", "1", "--schedules", "2"]
    else:
        argv = ["lower", k, "--to", r.choice(["steps", "cfg"]), "--inputs", str(p),
                "--trials", "1"]
    check(argv, f"spec:\n{_show(text)}")


@settings(max_examples=N, **SETTINGS)
@given(st.data())
def test_heavy_commands_on_mutated_kernels(tmp_path_factory, data):
    """opt, equiv, lower and run on mutated small kernels (fewer: a kernel that still
    verifies gets optimized or run for real)."""
    r = _Draws(data)
    name = r.choice(["vector_add", "gather_offset", "relu_accum_mem"])
    variant = r.choice(["seq", "cutile"])
    src = CORPUS / f"{name}.{variant}.mlir"
    text = mutate_bytes(r, src.read_bytes())
    p = _scratch(tmp_path_factory) / src.name
    p.write_bytes(text)
    spec = str(SPECS / f"{name}.json")
    argv = r.choice([
        ["opt", str(p), "--max-iterations", "4"],
        ["opt", str(p), "--rules", "none", "--noalias"],
        ["equiv", str(src), str(p), "--inputs", spec, "--trials", "1", "--schedules", "2"],
        ["lower", str(p), "--to", "cfg"],
        ["lower", str(p), "--to", "steps", "--stats"],
        ["run", str(p), "--inputs", spec],
    ])
    check(argv, f"mutated {src.name}:\n{_show(text)}")


_ALIAS_PIECES = ["x", "y", "out", "%arg0", "%", "0", "3", "99", "-1", "a", "b", "=", "=", "+",
                 "++", ",", ",", " ", "", "é", "\t", "==", "%%", "1e3", "0x1", "g", "xy"]


@settings(max_examples=2 * N, **SETTINGS)
@given(st.data())
def test_opt_alias_groups_argument(data):
    r = _Draws(data)
    spec = "".join(r.choice(_ALIAS_PIECES) for _ in range(r.randint(0, 8)))
    name = r.choice(["vector_add.seq", "axpy_alias_inplace.seq", "axpy_alias_inplace.cutile"])
    check(["opt", str(CORPUS / f"{name}.mlir"), "--rules", "none", f"--alias-groups={spec}"])


_CUTILE_TEXT = {p: p.read_text() for p in sorted(CORPUS.glob("*.cutile.mlir"))}
_SYMBOLS = {p: re.search(r"^entry @(\w+)", t, re.MULTILINE).group(1) for p, t in _CUTILE_TEXT.items()}
_CODES = sorted({c for sym in _SYMBOLS.values() for c in sym.split("_K")[1].split("_")}) + [
    "A3f32", "A1f99", "A0i32", "A9999999999999999999f32", "1s4", "3i8", "ft1", "1v_1", "2l_3",
    "0t1", "p0", "p16g0", "p16g1", "p16g5", "p16g0g0", "g", "p16iuw", "Sbf16", "Sx", "S",
    "I-5", "I_5", "I", "B2", "B1", "F3ff0000000000000", "Fzz", "Kt9", "Kx", "t1", "ff", "", "Q"]


def mutate_symbol(r, symbol: str) -> str:
    """A cuTile mangled name with one to three edits of its parameter codes (replaced,
    deleted, duplicated, swapped) or of its characters."""
    name, _, codes = symbol.rpartition("_K")
    parts = codes.split("_")
    for _ in range(r.randint(1, 3)):
        how = r.choice(["replace", "replace", "delete", "duplicate", "swap", "chars"])
        i, j = r.randint(0, len(parts) - 1), r.randint(0, len(parts) - 1)
        if how == "replace":
            parts[i] = r.choice(_CODES)
        elif how == "delete" and len(parts) > 1:
            del parts[i]
        elif how == "duplicate":
            parts.insert(j, parts[i])
        elif how == "swap":
            parts[i], parts[j] = parts[j], parts[i]
        elif how == "chars":
            parts[i] = mutate_bytes(r, parts[i].encode()).decode("latin-1")
    sym = f"{name}_K" + "_".join(parts)
    return "".join(c for c in sym if c.isascii() and (c.isalnum() or c in "_-")) or "k"


@settings(max_examples=N, **SETTINGS)
@given(st.data())
def test_mangled_symbols(tmp_path_factory, data):
    """A cuTile mangled entry symbol is decoded from the kernel's name (stats, opt) and
    from `cutile --signature`."""
    r = _Draws(data)
    if r.randint(0, 7) == 0:
        sym = mutate_symbol(r, _SYMBOLS[CORPUS / "vector_add.cutile.mlir"])
        check(["cutile", str(CORPUS / "vector_add.py"), "--signature", sym], sym)
        return
    src = r.choice(sorted(_SYMBOLS))
    sym = mutate_symbol(r, _SYMBOLS[src])
    p = _scratch(tmp_path_factory) / "sym.mlir"
    p.write_text(_CUTILE_TEXT[src].replace(_SYMBOLS[src], sym, 1))
    argv = r.choice([["stats", str(p)], ["stats", str(p), "--noalias"],
                     ["opt", str(p), "--rules", "none"]])
    check(argv, sym)


@pytest.mark.parametrize("code", ["A9999999999999999999f32", "A64f32", "A65f32",
                                  "A1f32_ffffffffffffffffffffs1", "A1f32_1t1_p16gffffffffffff",
                                  "I99999999999999999999999", "F" + "f" * 16])
def test_symbol_edge_cases(tmp_path, code):
    """Codes the random edits found or might miss: huge ranks, masks, groups, constants."""
    src = CORPUS / "vector_add.cutile.mlir"
    sym = _SYMBOLS[src]
    p = tmp_path / "sym.mlir"
    p.write_text(_CUTILE_TEXT[src].replace(sym, sym.replace("A1f32_1t1_p16", code, 1), 1))
    check(["stats", str(p)])
    check(["opt", str(p), "--rules", "none"])


def _paths(tmp: Path) -> dict[str, Path]:
    """One of each kind of bad path."""
    binary = tmp / "binary.mlir"
    binary.write_bytes(bytes(range(256)) * 4)
    empty = tmp / "empty.mlir"
    empty.write_bytes(b"")
    latin = tmp / "latin1.json"
    latin.write_bytes('{"grid": [1], "params": [], "x": "é"}'.encode("latin-1"))
    nul = tmp / "nul.json"
    nul.write_bytes(b'{"grid": [1],\x00 "params": []}')
    return {"missing": tmp / "no" / "such.mlir", "directory": tmp, "binary": binary,
            "empty": empty, "latin1": latin, "nul": nul}


_GOOD_K = str(CORPUS / "vector_add.seq.mlir")
_GOOD_SPEC = str(SPECS / "vector_add.json")
# each command with one argument replaced by the placeholder P (a bad path)
_PATH_ARGVS = [
    ["fmt", "P"], ["check", "P"], ["stats", "P"],
    ["run", "P", "--inputs", _GOOD_SPEC], ["run", _GOOD_K, "--inputs", "P"],
    ["equiv", "P", _GOOD_K, "--inputs", _GOOD_SPEC], ["equiv", _GOOD_K, "P", "--inputs", _GOOD_SPEC],
    ["equiv", _GOOD_K, _GOOD_K, "--inputs", "P"],
    ["opt", "P"], ["opt", _GOOD_K, "--rules", "none", "-o", "P"],
    ["lower", "P", "--to", "cfg"], ["lower", _GOOD_K, "--to", "steps", "--inputs", "P"],
    ["lower", _GOOD_K, "--to", "cfg", "-o", "P"],
    ["compile", "P"], ["compile", _GOOD_K, "-o", "P"],
    ["compile", _GOOD_K, "-o", "OUT", "--emit-bytecode", "P"],
    ["cutile", "P"], ["cutile", "P:vector_add"], ["cutile", "P.py"],
    ["cutile", str(CORPUS / "vector_add.py"), "-o", "P"],
]


@pytest.mark.parametrize("kind", ["missing", "directory", "binary", "empty", "latin1", "nul"])
@pytest.mark.parametrize("argv", _PATH_ARGVS,
                         ids=[f"{a[0]}-{i}" for i, a in enumerate(_PATH_ARGVS)])
def test_bad_paths(tmp_path, argv, kind):
    bad = _paths(tmp_path)[kind]
    out = tmp_path / "out.bin"
    check([str(bad) if a == "P" else f"{bad}.py" if a == "P.py" else
           f"{bad}:vector_add" if a == "P:vector_add" else str(out) if a == "OUT" else a
           for a in argv])


_NUMBERS = ["-1", "0", "1", "nan", "inf", "-inf", "1e999", "x", "", "99999999999999999999",
            "0x10", "3.5"]


@settings(max_examples=N // 2, **SETTINGS)
@given(st.data())
def test_option_values(data):
    """Numeric and named options of every command, with odd values (argparse rejects
    some, the commands the rest)."""
    r = _Draws(data)
    v = r.choice(_NUMBERS)
    argv = r.choice([
        ["run", _GOOD_K, "--inputs", _GOOD_SPEC, "--seed", v],
        ["equiv", _GOOD_K, _GOOD_K, "--inputs", _GOOD_SPEC, "--trials", "1", "--seed", v],
        ["lower", _GOOD_K, "--to", "cfg", "--inputs", _GOOD_SPEC, "--seed", v],
        ["lower", _GOOD_K, "--to", "steps", r.choice(["--explain", "--canonicalize-live-ins"])],
        ["opt", _GOOD_K, "--rules", "none", "--max-iterations", v],
        ["opt", _GOOD_K, "--rules", "none", "--max-nodes", v],
        ["opt", _GOOD_K, "--max-iterations", "2", "--max-seconds", v],
        ["opt", _GOOD_K, "--rules", r.choice(["", ",", "nope", "fold,,none", "x" * 50, v])],
        ["compile", _GOOD_K, "--arch", r.choice(["sm_", "sm_90a", "", "90", v]), "-o", os.devnull],
        ["compile", _GOOD_K, "--bytecode-version", r.choice(["13", "13.3.1", "", "a.b", v]),
         "-o", os.devnull],
        ["compile", _GOOD_K, "--opt-level", v, "-o", os.devnull],
        ["cutile", str(CORPUS / "vector_add.py"), "--bytecode-version", v],
        ["cutile", f"{CORPUS / 'vector_add.py'}:{r.choice(['', 'nope', 'SIGNATURE', v])}"],
    ])
    check(argv)


# -- helpers --------------------------------------------------------------------------------------
_SCRATCH: list[Path] = []


def _scratch(factory) -> Path:
    if not _SCRATCH:
        _SCRATCH.append(factory.mktemp("fuzz"))
    return _SCRATCH[0]


def _show(data: bytes) -> str:
    s = data.decode("utf-8", "backslashreplace")
    return s if len(s) < 4000 else s[:4000] + "..."
