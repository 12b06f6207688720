"""The encoder's term builder (eqsat.egraph.compat.TermBuilder): egglog program text
with values bound as rows of `Named`, which serialization reports as let names."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from egglog import EGraph

from eqsat.egraph import compat
from eqsat.egraph import terms as T
from eqsat.egraph.encode import encode
from eqsat.egraph.tokenfacts import NeedClass
from eqsat.memory.alias import alias_model
from eqsat.text import parse, parse_file

ROOT = Path(__file__).resolve().parent.parent
BUILT = {"Param": T.Param, "Const": T.Const}

_spec = importlib.util.spec_from_file_location(
    "bench_scale", ROOT / "benchmarks" / "bench_scale.py")
assert _spec is not None and _spec.loader is not None
bench_scale = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_scale)


def _builder() -> compat.TermBuilder:
    return compat.TermBuilder(EGraph(), BUILT, T.Term, T.Named)


def _lets(raw: dict) -> dict[str, list[str]]:
    return {cid: [x.strip().lstrip("$") for x in d["let"].split(",")]
            for cid, d in raw["class_data"].items() if "let" in d}


def test_strings_with_quotes_and_backslashes_round_trip():
    mk = _builder()
    text = 'tile<"q"\\x>'
    mk.let("p", mk.Param(0, text))
    assert mk.flush() == 1
    raw = compat.serialize(mk.eg)
    strings = [json.loads(n["op"]) for n in raw["nodes"].values() if n["op"].startswith('"')]
    assert text in strings
    assert ["p"] in _lets(raw).values()


def test_bound_values_share_a_class_and_are_its_let_names():
    mk = _builder()
    a = mk.let("a", mk.Const("tile<i32>", "i32", 1))
    mk.let("b", mk.Const("tile<i32>", "i32", 1))      # the same term
    mk.let("c", mk.Param(1, "tile<i32>"))
    mk.union(a, mk.Param(2, "tile<i32>"))
    mk.flush()
    assert mk.let_name(a) == "a" and mk.let_name(mk.Param(2, "tile<i32>")) is None
    lets = sorted(sorted(ls) for ls in _lets(compat.serialize(mk.eg)).values())
    assert lets == [["a", "b"], ["c"]]


def test_arguments_are_checked_by_declared_sort():
    mk = _builder()
    with pytest.raises(TypeError):
        mk.Param(0)                                  # arity
    with pytest.raises(TypeError):
        mk.Param(True, "tile<i32>")                 # an i64 is an int, not a bool
    with pytest.raises(TypeError):
        mk.Param(0, 3)                               # a type (a String) is a str
    with pytest.raises(TypeError):
        mk.set(NeedClass, (1,), "2")                 # the value too


def test_without_a_temporary_directory_commands_run_one_by_one(monkeypatch):
    def no_temp(*args, **kwargs):
        raise OSError("no temporary directory")
    monkeypatch.setattr(compat.tempfile, "mkstemp", no_temp)
    mk = _builder()
    mk.let("p", mk.Param(0, "tile<i32>"))
    mk.set(NeedClass, (5,), 2)
    assert mk.flush() == 2
    assert ["p"] in _lets(compat.serialize(mk.eg)).values()


def test_every_value_of_a_kernel_is_a_let_name():
    enc = encode(parse_file(ROOT / "tests" / "corpus" / "vector_add.seq.mlir"))
    names = {n for ls in _lets(compat.serialize(enc.egraph)).values() for n in ls}
    assert set(enc.order) | {"root"} <= names


def test_need_walk_grows_with_the_kernel_not_its_square():
    """Ops in a row of loops are each their own need class; a class passing the loops
    before it walks them once per key set, not once per class."""
    work = {}
    for n in (400, 800):
        k = parse(bench_scale.nested(n)[0])
        enc = encode(k, alias=alias_model(k, noalias=True)[0])
        work[n] = sum(enc.need_cases.values())
    assert work[800] < 2.3 * work[400]
