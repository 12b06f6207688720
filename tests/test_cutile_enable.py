"""`eqsat.cutile.enable()`: cuTile's own compile step (the one `ct.launch` calls for a new
signature) goes through eqsat for real `@ct.kernel` functions, falls back to cuTile's
build when eqsat fails, and shares an on-disk cache between processes. No GPU is needed:
the tests call the hooked compile step as the launcher does, with a compute capability."""

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from eqsat.errors import EqsatError
from eqsat.toolchain import missing_reason

_WHY = missing_reason()
pytestmark = [
    pytest.mark.cuda,
    pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}"),
]

ROOT = Path(__file__).resolve().parent.parent
KERNEL_FILE = ROOT / "tests" / "cutile_kernels" / "tuple_axpy.py"
SM90 = (9, 0)


@pytest.fixture
def cutile(monkeypatch, tmp_path):
    """eqsat.cutile with private caches (ours and cuTile's), disabled afterwards."""
    import eqsat.cutile as ec
    from cuda.tile._cext import default_tile_context

    monkeypatch.setenv("EQSAT_CACHE_DIR", str(tmp_path / "eqsat"))
    monkeypatch.setattr(default_tile_context.config, "cache_dir", str(tmp_path / "cutile"))
    monkeypatch.setattr(ec, "_told_no_gpu", [])
    ec.disable()
    yield ec
    ec.disable()


def _kernel(path=KERNEL_FILE):
    from eqsat.frontend import _cutile

    mod = _cutile.load_module(path)     # a fresh module: fresh kernel objects
    return _cutile.get_kernel(mod, None), _cutile.get_signature(mod, None)


def _compile(kernel, sig):
    from cuda.tile._cext import default_tile_context

    return kernel._compile(sig, default_tile_context, SM90)


def _count_tileiras(monkeypatch):
    import eqsat.lowering.cutile_workflow as wf

    calls = []
    real = wf.compile_bytecode

    def counted(*a, **kw):
        calls.append(a[1] if len(a) > 1 else kw.get("arch"))
        return real(*a, **kw)

    monkeypatch.setattr(wf, "compile_bytecode", counted)
    return calls


def test_enable_routes_the_compile_step_through_eqsat(cutile, monkeypatch, tmp_path):
    import cuda.tile._execution as execution

    from eqsat.lowering.compile_cache import build_key, default_cache

    original = execution.kernel.__dict__["_compile"]
    kernel, sig = _kernel()
    tileiras = _count_tileiras(monkeypatch)
    cutile.enable()
    assert execution.kernel.__dict__["_compile"] is not original
    cubin, symbol, _, providers = _compile(kernel, sig)
    assert tileiras == ["sm_90"]                     # our pipeline ran tileiras once
    entry = default_cache().get(build_key(kernel, sig, "sm_90"))
    assert entry is not None and entry.cubin == cubin and entry.symbol == symbol
    assert entry.meta["label"].startswith("optimized") and entry.meta["optimized"]
    assert symbol.startswith("tuple_axpy_K") and cubin[:4] == b"\x7fELF"
    assert not (tmp_path / "cutile").exists()        # cuTile's cache was never asked
    assert cutile.counts() == {"builds": 1, "cache_hits": 0, "fallbacks": 0}

    cutile.disable()
    assert execution.kernel.__dict__["_compile"] is original
    theirs, their_symbol, _, _ = _compile(kernel, sig)
    assert their_symbol == symbol and theirs != cubin   # cuTile's own build, not ours
    assert tileiras == ["sm_90"]                         # and not through eqsat
    assert (tmp_path / "cutile").exists()


def test_context_manager_restores(cutile):
    import cuda.tile._execution as execution

    original = execution.kernel.__dict__["_compile"]
    with cutile.enabled():
        assert cutile.is_enabled()
        with cutile.enabled(tune=True):
            assert cutile._state.tune
        assert cutile.is_enabled() and not cutile._state.tune
    assert not cutile.is_enabled()
    assert execution.kernel.__dict__["_compile"] is original


def test_failing_optimize_falls_back_once_with_cutiles_result(cutile, monkeypatch):
    import eqsat.lowering.cutile_workflow as wf

    kernel, sig = _kernel()
    calls = []

    def broken(*a, **kw):
        calls.append(1)
        raise RuntimeError("optimizer exploded")

    monkeypatch.setattr(wf, "_find_optimizer", lambda: (broken, ""))
    expected = _compile(kernel, sig)                 # cuTile's build, before enabling
    cutile.enable()
    with pytest.warns(cutile.EqsatFallbackWarning,
                      match=r"kernel 'tuple_axpy' uses cuTile's own build: "
                            r"RuntimeError: optimizer exploded"):
        got = _compile(kernel, sig)
    assert got[:2] == expected[:2]
    assert len(calls) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")               # remembered: no second warning
        again = _compile(kernel, sig)
    assert again[:2] == expected[:2] and len(calls) == 1
    assert list(cutile.fallbacks().values()) == ["RuntimeError: optimizer exploded"]


def test_unsupported_cuda_tile_is_refused_at_enable(cutile, monkeypatch):
    import cuda.tile._execution as execution

    import eqsat.toolchain as tc

    monkeypatch.setattr(tc, "cuda_tile_version", lambda: "2.0.0")
    monkeypatch.delenv("EQSAT_ALLOW_UNTESTED_CUDA_TILE", raising=False)
    with pytest.raises(EqsatError, match="tested with cuda-tile 1.7"):
        cutile.enable()
    monkeypatch.undo()
    monkeypatch.setattr(execution.kernel, "_compile", lambda self, sig: None)
    with pytest.raises(EqsatError, match=r"eqsat.cutile supports cuda-tile 1.7"):
        cutile.enable()
    assert not cutile.is_enabled()


def test_damaged_entry_is_rebuilt_not_loaded(cutile, monkeypatch):
    from eqsat.lowering.compile_cache import build_key, default_cache

    kernel, sig = _kernel()
    tileiras = _count_tileiras(monkeypatch)
    cutile.enable()
    first = _compile(kernel, sig)
    path = default_cache().get(build_key(kernel, sig, "sm_90")).path
    for damage in (lambda b: b[: len(b) // 3], lambda b: b[:-100] + b"\0" * 100):
        path.write_bytes(damage(path.read_bytes()))
        n = len(tileiras)
        got = _compile(kernel, sig)
        assert len(tileiras) == n + 1                # rebuilt through tileiras
        assert got[:2] == first[:2]
        assert default_cache().get(build_key(kernel, sig, "sm_90")).cubin == first[0]


def test_tune_without_a_gpu_says_so_once(cutile):
    from eqsat.lowering.compile_cache import build_key, default_cache

    kernel, sig = _kernel()
    cutile.enable(tune=True)
    with pytest.warns(cutile.EqsatTuneWarning, match="no GPU here"):
        got = _compile(kernel, sig)
    entry = default_cache().get(build_key(kernel, sig, "sm_90"))
    assert "no GPU here" in entry.meta["tuning"]["skipped"]
    assert entry.cubin == got[0] and entry.meta["optimized"]
    other, other_sig = _kernel(ROOT / "tests" / "cutile_kernels" / "grouped_sum.py")
    with warnings.catch_warnings():
        warnings.simplefilter("error", cutile.EqsatTuneWarning)
        _compile(other, other_sig)                   # said once per process


_CHILD = """
import json, sys
import eqsat.cutile as ec
import eqsat.lowering.cutile_workflow as wf
from eqsat.frontend import _cutile
from cuda.tile._cext import default_tile_context
counts = {"tileiras": 0, "optimize": 0}
real_compile, (real_opt, _) = wf.compile_bytecode, wf._find_optimizer()
def compile_bytecode(*a, **kw):
    counts["tileiras"] += 1
    return real_compile(*a, **kw)
def opt(*a, **kw):
    counts["optimize"] += 1
    return real_opt(*a, **kw)
wf.compile_bytecode = compile_bytecode
wf._find_optimizer = lambda: (opt, "")
mod = _cutile.load_module(sys.argv[1])
k, sig = _cutile.get_kernel(mod, None), _cutile.get_signature(mod, None)
assert ec.is_enabled()                       # EQSAT_CUTILE=1 turned it on at import
cubin, symbol, _, _ = k._compile(sig, default_tile_context, (9, 0))
print(json.dumps({**counts, **ec.counts(), "size": len(cubin), "symbol": symbol}))
"""


def _child_env(tmp_path):
    return dict(os.environ, PYTHONPATH=str(ROOT), EQSAT_CUTILE="1",
                EQSAT_CACHE_DIR=str(tmp_path / "eqsat"),
                CUDA_TILE_CACHE_DIR=str(tmp_path / "cutile"))


def test_second_process_runs_no_optimizer_and_no_tileiras(tmp_path):
    env = _child_env(tmp_path)
    runs = []
    for _ in range(2):
        p = subprocess.run([sys.executable, "-c", _CHILD, str(KERNEL_FILE)], env=env,
                           capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stderr
        runs.append(json.loads(p.stdout.strip().splitlines()[-1]))
    first, second = runs
    assert first["tileiras"] >= 1 and first["optimize"] >= 1 and first["cache_hits"] == 0
    assert second["tileiras"] == 0 and second["optimize"] == 0 and second["cache_hits"] == 1
    assert (first["size"], first["symbol"]) == (second["size"], second["symbol"])


def test_four_processes_building_at_once_share_one_entry(tmp_path):
    from eqsat.lowering.compile_cache import Cache

    env = _child_env(tmp_path)
    procs = [subprocess.Popen([sys.executable, "-c", _CHILD, str(KERNEL_FILE)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(4)]
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=600)
        assert p.returncode == 0, err
        outs.append(json.loads(out.strip().splitlines()[-1]))
    assert len({(o["size"], o["symbol"]) for o in outs}) == 1
    cache = Cache(tmp_path / "eqsat")
    entries = cache.entries()
    assert cache.corrupt == 0 and len(entries) == 1
    assert len(entries[0].cubin) == outs[0]["size"]
    assert not list((tmp_path / "eqsat").glob("??/.tmp-*"))


def test_runner_turns_it_on_for_an_unedited_script(tmp_path):
    script = tmp_path / "user_script.py"
    script.write_text("import sys\nimport eqsat.cutile as ec\n"
                      "print('enabled', ec.is_enabled(), sys.argv[1:])\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("EQSAT_CUTILE", None)
    p = subprocess.run([sys.executable, "-m", "eqsat.cutile", str(script), "a", "b"], env=env,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "enabled True ['a', 'b']"
    p = subprocess.run([sys.executable, "-m", "eqsat.cutile"], env=env,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and "usage: python -m eqsat.cutile" in p.stderr


def test_cli_cubin_reports_cache_miss_then_hit_and_cache_command(monkeypatch, tmp_path, capsys):
    from eqsat.cli import main

    monkeypatch.setenv("EQSAT_CACHE_DIR", str(tmp_path / "eqsat"))
    kernels = ROOT / "benchmarks" / "kernels"
    argv = ["cutile", str(kernels / "softmax_bwd.py"), "--inputs",
            str(kernels / "specs" / "softmax_bwd.json"), "--cubin", str(tmp_path / "k.cubin"),
            "--json"]
    reports = []
    for _ in range(2):
        assert main(argv) == 0
        reports.append(json.loads(capsys.readouterr().out))
        reports[-1]["bytes"] = (tmp_path / "k.cubin").read_bytes()
    miss, hit = reports
    assert (miss["cache"], hit["cache"]) == ("miss", "hit")
    assert miss["bytes"] == hit["bytes"] and miss["symbol"] == hit["symbol"]
    assert miss["label"] == hit["label"] and miss["sass"] == hit["sass"]
    assert main(["cache", "list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["entries"]
    assert [e["symbol"] for e in listed] == [miss["symbol"]]
    assert main(["cache", "stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["entries"] == 1
    assert main(["cache", "clear"]) == 0
    assert "removed 1 entry" in capsys.readouterr().out
    assert main(argv[:-1] + ["--no-optimize", "--json"]) == 0   # another build choice:
    assert json.loads(capsys.readouterr().out)["cache"] == "miss"   # its own entry


def test_an_opt_level_eqsat_does_not_build_goes_to_cutile(cutile, monkeypatch):
    kernel, sig = _kernel()
    low = kernel.replace_hints(opt_level=1)
    tileiras = _count_tileiras(monkeypatch)
    cutile.enable()
    with pytest.warns(cutile.EqsatFallbackWarning, match="opt_level=1 was asked for"):
        _compile(low, sig)
    assert tileiras == []


def test_threads_building_one_signature_build_it_once(cutile, monkeypatch):
    import threading

    kernel, sig = _kernel()
    tileiras = _count_tileiras(monkeypatch)
    cutile.enable()
    out, errors = [], []

    def launch_first_time():
        try:
            out.append(_compile(kernel, sig)[:2])
        except Exception as e:   # reported below, not lost in the thread
            errors.append(e)

    threads = [threading.Thread(target=launch_first_time) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(out) == 4 and len(set(out)) == 1
    assert tileiras == ["sm_90"]
    assert cutile.counts() == {"builds": 4, "cache_hits": 3, "fallbacks": 0}


def test_a_launch_and_the_cli_share_one_entry(cutile, capsys, tmp_path):
    """The signature `--inputs` derives is the launcher's for those arrays; a launch that
    compiled it leaves the entry the CLI then finds."""
    from eqsat.cli import main
    from eqsat.frontend import _cutile
    from eqsat.frontend.launch import kernel_signature
    from eqsat.interp.inputs import load_spec

    kernels = ROOT / "benchmarks" / "kernels"
    kernel = _cutile.get_kernel(_cutile.load_module(kernels / "softmax_bwd.py"), None)
    spec = load_spec(kernels / "specs" / "softmax_bwd.json")
    cutile.enable()
    cubin, symbol, _, _ = _compile(kernel, kernel_signature(kernel, spec))
    assert main(["cutile", str(kernels / "softmax_bwd.py"), "--inputs",
                 str(kernels / "specs" / "softmax_bwd.json"), "--cubin",
                 str(tmp_path / "k.cubin"), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["cache"] == "hit" and got["symbol"] == symbol
    assert (tmp_path / "k.cubin").read_bytes() == cubin
