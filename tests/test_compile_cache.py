"""The on-disk compile cache on its own: entries checked on load, atomic writes shared by
processes, the size bound, and where it lives (no toolchain needed)."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from eqsat.errors import EqsatError
from eqsat.lowering.compile_cache import Cache, cache_dir

ROOT = Path(__file__).resolve().parent.parent


def _key(i: int) -> str:
    return f"{i:064x}"


def test_round_trip_and_meta(tmp_path):
    c = Cache(tmp_path)
    assert c.get(_key(1)) is None
    c.put(_key(1), b"\x7fELF cubin", {"symbol": "k_Kt1", "arch": "sm_90"})
    e = c.get(_key(1))
    assert e is not None and e.cubin == b"\x7fELF cubin" and e.symbol == "k_Kt1"
    assert e.fallback is None
    c.put(_key(2), b"", {"fallback": "tileiras crashed"})
    assert c.get(_key(2)).fallback == "tileiras crashed"
    assert c.stats()["entries"] == 2


@pytest.mark.parametrize("damage", ["truncate", "flip", "empty", "other-key"])
def test_damaged_entry_is_never_loaded(tmp_path, damage):
    c = Cache(tmp_path)
    e = c.put(_key(3), b"A" * 4000, {"symbol": "s"})
    data = e.path.read_bytes()
    if damage == "truncate":
        e.path.write_bytes(data[:len(data) // 2])
    elif damage == "flip":
        e.path.write_bytes(data[:-10] + bytes([data[-10] ^ 1]) + data[-9:])
    elif damage == "empty":
        e.path.write_bytes(b"")
    else:                                   # a whole entry under the wrong name
        other = c.put(_key(4), b"B", {"symbol": "t"})
        e.path.write_bytes(other.path.read_bytes())
    assert c.get(_key(3)) is None
    assert c.corrupt == 1 and not e.path.exists()


def test_lru_eviction_by_use_time(tmp_path):
    c = Cache(tmp_path, limit=3 * 1200)
    for i in range(3):
        c.put(_key(i), b"x" * 1000, {})
        os.utime(c._path(_key(i)), (1000 + i, 1000 + i))
    assert c.get(_key(0)) is not None        # used: now the newest
    c.put(_key(9), b"x" * 1000, {})
    left = {e.key for e in c.entries()}
    assert _key(1) not in left and {_key(0), _key(2), _key(9)} <= left
    assert c.stats()["bytes"] <= c.limit


def test_clear(tmp_path):
    c = Cache(tmp_path)
    for i in range(3):
        c.put(_key(i), b"c", {})
    assert c.clear() == 3 and c.entries() == [] and c.stats()["entries"] == 0


def test_bad_key_is_refused(tmp_path):
    with pytest.raises(EqsatError, match="not a hex digest"):
        Cache(tmp_path).get("../escape")


def test_location(monkeypatch, tmp_path):
    for v in ("EQSAT_CACHE_DIR", "CUDA_TILE_CACHE_DIR", "XDG_CACHE_HOME"):
        monkeypatch.delenv(v, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache_dir() == tmp_path / ".cache" / "eqsat"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "eqsat"
    monkeypatch.setenv("CUDA_TILE_CACHE_DIR", str(tmp_path / "ct"))
    assert cache_dir() == tmp_path / "ct" / "eqsat"
    monkeypatch.setenv("CUDA_TILE_CACHE_DIR", "off")    # cuTile's off: ours follows XDG
    assert cache_dir() == tmp_path / "xdg" / "eqsat"
    monkeypatch.setenv("EQSAT_CACHE_DIR", str(tmp_path / "mine"))
    assert cache_dir() == tmp_path / "mine"
    monkeypatch.setenv("EQSAT_CACHE_DIR", "off")
    assert cache_dir() is None


_WRITER = """
import sys
from eqsat.lowering.compile_cache import Cache
c = Cache(sys.argv[1], limit=int(sys.argv[3]))
w = int(sys.argv[2])
for i in range(40):
    key = f"{i % 12:064x}"                # the same keys from every writer
    c.put(key, bytes([w]) * (500 + 37 * i), {"writer": w, "i": i})
    got = c.get(key)
    assert got is None or got.meta["key"] == key
print(c.corrupt)
"""


def test_four_writer_processes_leave_a_consistent_cache(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    limit = 9 * 1500
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, str(tmp_path), str(w), str(limit)],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for w in range(4)]
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        assert out.strip() == "0"            # no reader ever saw a partial entry
    c = Cache(tmp_path, limit=limit)
    entries = c.entries()
    assert c.corrupt == 0 and entries
    assert sum(e.size for e in entries) <= limit
    for e in entries:                        # each entry is one writer's whole write
        assert len(set(e.cubin)) == 1 and e.cubin[0] == e.meta["writer"]
    assert not list(tmp_path.glob("??/.tmp-*"))


def test_stale_temp_files_are_swept(tmp_path):
    c = Cache(tmp_path)
    c.put(_key(1), b"a", {})
    stale = c._path(_key(1)).parent / ".tmp-left"
    stale.write_bytes(b"half")
    old = time.time() - 7200
    os.utime(stale, (old, old))
    c.put(_key(2), b"b", {})
    assert not stale.exists()
