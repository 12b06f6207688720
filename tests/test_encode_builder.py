"""The encoder's term builder (eqsat.egraph.builder.TermBuilder): egglog program text
with values bound as rows of `Named`, which serialization reports as let names, run as
rules written directly (nothing rewritten, nothing retried)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from eqsat.egraph import builder, egg
from eqsat.egraph import terms as T
from eqsat.egraph.builder import TermBuilder
from eqsat.egraph.egg import EGraph
from eqsat.egraph.encode import encode
from eqsat.egraph.tables import Tables, serialize
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


def _builder() -> TermBuilder:
    return TermBuilder(EGraph(), BUILT, T.Term, T.Named)


def _lets(raw: dict) -> dict[str, list[str]]:
    return {cid: [x.strip().lstrip("$") for x in d["let"].split(",")]
            for cid, d in raw["class_data"].items() if "let" in d}


def test_strings_with_quotes_and_backslashes_round_trip():
    mk = _builder()
    text = 'tile<"q"\\x>'
    mk.let("p", mk.Param(0, text))
    assert mk.flush() == 1
    raw = serialize(mk.eg)
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
    lets = sorted(sorted(ls) for ls in _lets(serialize(mk.eg)).values())
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


def test_arguments_of_other_types_are_not_terms():
    mk = _builder()
    p = mk.let("p", mk.Param(0, "tile<i32>"))
    with pytest.raises(TypeError, match="expected a term"):
        mk.vec([p, 7])
    with pytest.raises(TypeError, match="expected a term"):
        mk.union(p, None)


def test_every_value_of_a_kernel_is_a_let_name():
    enc = encode(parse_file(ROOT / "tests" / "corpus" / "vector_add.seq.mlir"))
    names = {n for ls in _lets(serialize(enc.egraph)).values() for n in ls}
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
def test_a_batch_run_as_rules_builds_the_same_egraph(monkeypatch, batch):
    """A flush runs its commands as rules of `RULE_BATCH` commands (values bound in a
    rule are its variables, earlier ones are looked up in its query). Any split builds
    the e-graph that one command per rule builds: rows, class numbers and let names."""
    k = parse_file(ROOT / "tests" / "corpus" / "layernorm_fwd.seq.mlir")
    programs: list[str] = []
    real = egg.run_text

    def spy(eg, program, sizes=False):
        programs.append(program)
        return real(eg, program, sizes)

    monkeypatch.setattr(egg, "run_text", spy)
    monkeypatch.setattr(builder, "RULE_BATCH", 1)           # one command per rule
    want = json.dumps(serialize(encode(k).egraph), sort_keys=True)
    (one,) = programs
    assert one.count("(rule (") > 100 and one.count("(= __b") > 100   # most look up
    programs.clear()
    monkeypatch.setattr(builder, "RULE_BATCH", batch)
    assert json.dumps(serialize(encode(k).egraph), sort_keys=True) == want
    (split,) = programs
    assert (split.count("(rule (") > 1) == (batch == 37)


def test_a_batch_s_values_are_the_rule_s_variables():
    mk = _builder()
    a = mk.let("a", mk.Param(1, "tile<i32>"))
    mk.let("b", mk.Const("tile<i32>", "i32", 7))
    mk.union(a, mk.Param(2, "tile<i32>"))
    text = mk._program(mk._pending).split("\n")
    assert len(text) == 3                      # the ruleset, its one rule, its run
    assert text[0].startswith("(ruleset ") and text[2].startswith("(run ")
    assert text[1].startswith("(rule () (")     # nothing bound before: nothing looked up
    assert "(union __b0 " in text[1] and '(set (eqsat_egraph_terms_Named "a") __b0)' in text[1]
    assert mk.flush() == 3
    c = mk.let("c", mk.Param(3, "tile<i32>"))
    mk.union(a, c)
    text = mk._program(mk._pending).split("\n")
    assert text[1].startswith('(rule ((= __b0 (eqsat_egraph_terms_Named "a"))) (')
    assert mk.flush() == 2


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
    lets = _lets(serialize(mk.eg))
    by_name = {n: cid for cid, ns in lets.items() for n in ns}
    assert by_name["a"] == by_name["d"] != by_name["b"]
    tables = Tables(mk.eg)
    params = {tables.i64(r.inputs[0]): tables.cls(tables.sorts(name)[1], r.output)
              for name in [egg.egg_name(mk.eg, T.Param)] for r in tables.rows(name)}
    assert params[1] == by_name["a"] and params[2] != by_name["a"]


def test_a_misuse_the_sorts_do_not_catch_is_egglog_s_error_at_flush():
    mk = TermBuilder(EGraph(), {**BUILT, "Root": T.Root}, T.Term, T.Named)
    p = mk.let("p", mk.Param(0, "tile<i32>"))
    mk.union(p, mk.vec([p]))                          # a Term with a Vec of terms
    with pytest.raises(egg.EggSmolError, match="Vec"):
        mk.flush()
