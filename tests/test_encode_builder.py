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


@pytest.mark.parametrize("batch", [37, 1_000_000])
def test_a_batch_run_as_one_rule_builds_the_same_egraph(monkeypatch, batch):
    """A flush runs its first `RULE_BATCH` actions as one rule (values bound there are
    its variables) and the rest as commands that look those values up. Any split
    builds the e-graph the commands alone build: rows, class numbers and let names."""
    k = parse_file(ROOT / "tests" / "corpus" / "layernorm_fwd.seq.mlir")
    forms: list[bool] = []                 # per flush: whether a rule ran its head
    as_rule = compat.TermBuilder._as_rule

    def spy(self, cmds, bound):
        text = as_rule(self, cmds, bound)
        forms.append(text is not None)
        return text

    monkeypatch.setattr(compat.TermBuilder, "_as_rule", spy)
    monkeypatch.setattr(compat, "RULE_BATCH", 0)           # the commands alone
    want = json.dumps(compat.serialize(encode(k).egraph), sort_keys=True)
    assert forms and not any(forms)
    forms.clear()
    monkeypatch.setattr(compat, "RULE_BATCH", batch)
    assert json.dumps(compat.serialize(encode(k).egraph), sort_keys=True) == want
    assert any(forms)                                      # the rule form was taken


def test_a_batch_s_values_are_the_rule_s_variables():
    mk = _builder()
    a = mk.let("a", mk.Param(1, "tile<i32>"))
    mk.let("b", mk.Const("tile<i32>", "i32", 7))
    mk.union(a, mk.Param(2, "tile<i32>"))
    text = mk._as_rule(mk._pending, mk._bound)
    assert text is not None and text[0].startswith("(ruleset ") and text[2].startswith("(run ")
    assert "(union __b0 " in text[1] and '(set (eqsat_egraph_terms_Named "a") __b0)' in text[1]
    assert mk.flush() == 3


def test_a_rule_batch_keeps_a_binding_s_first_value_and_looks_up_earlier_batches():
    """What the rule form cannot say the same way runs as commands: a name bound twice
    (the binding table keeps the first value) or one bound by an earlier flush."""
    mk = _builder()
    a = mk.let("a", mk.Param(1, "tile<i32>"))
    mk.let("a", mk.Param(2, "tile<i32>"))               # bound twice: the first stays
    mk.let("b", mk.Const("tile<i32>", "i32", 7))
    mk.flush()
    mk.let("c", mk.Param(3, "tile<i32>"))
    mk.union(a, mk.let("d", mk.Param(4, "tile<i32>")))   # `a` comes from the last flush
    mk.flush()
    lets = _lets(compat.serialize(mk.eg))
    by_name = {n: cid for cid, ns in lets.items() for n in ns}
    assert by_name["a"] == by_name["d"] != by_name["b"]
    tables = compat.Tables(mk.eg)
    params = {tables.i64(r.inputs[0]): tables.cls(tables.sorts(name)[1], r.output)
              for name in [compat.egg_name(mk.eg, T.Param)] for r in tables.rows(name)}
    assert params[1] == by_name["a"] and params[2] != by_name["a"]


def test_a_misuse_in_a_rule_batch_is_reported_by_the_command_that_makes_it():
    from egglog.bindings import EggSmolError
    mk = _builder()
    p = mk.let("p", mk.Param(0, "tile<i32>"))
    mk.union(p, "7")                                  # a term with an i64
    assert mk._as_rule(mk._pending, mk._bound) is not None
    with pytest.raises(EggSmolError, match=r"^In 2:.*\n.*Term, but get type i64"):
        mk.flush()
