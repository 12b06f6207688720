"""The rule DSL's op helpers are explicit, typed functions generated from the op
catalogue; the checked-in block must match what the catalogue gives today."""
from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from eqsat.ir.ops import SPECS
from eqsat.rules import dsl
from eqsat.rules.dsl import addi, attrs_of, iota, op, select, terms, tys


def test_generated_op_helpers_match_the_op_catalogue() -> None:
    text = Path(dsl.__file__).read_text()
    start = text.index(dsl._GENERATED)
    end = text.index(dsl._GENERATED_END) + len(dsl._GENERATED_END)
    assert text[start:end] == dsl.op_helpers_source(), (
        "rules/dsl.py's op helpers drifted from the op catalogue: run "
        "python -c 'from eqsat.rules import dsl; dsl.write_op_helpers()'")


def test_every_helper_is_a_function_with_the_ops_arity() -> None:
    assert len(set(dsl.OP_HELPERS)) == len(dsl.OP_HELPERS) > 0
    original = {key: name for name, key in dsl._RENAMED.items()}
    for key in dsl.OP_HELPERS:
        fn = getattr(dsl, key)
        name = original.get(key, key)
        assert name in SPECS, key
        params = inspect.signature(fn).parameters.values()
        positional = [p for p in params if p.kind is p.POSITIONAL_ONLY]
        assert len(positional) == dsl._ARITY[SPECS[name].syntax], key
        assert [p.name for p in params if p.kind is p.KEYWORD_ONLY] == ["ty", "attrs"]


def test_a_helper_builds_the_same_term_as_op() -> None:
    x, y, z = terms("x y z")
    t, = tys("t")
    a = attrs_of(predicate="less_than", signedness="signed")
    assert str(addi(x, y, ty=t, attrs={})) == str(op("addi", x, y, ty=t, attrs={}))
    assert str(select(x, y, z, ty=t, attrs=a)) == str(op("select", x, y, z, ty=t, attrs=a))
    assert str(iota(ty=t, attrs=0)) == str(op("iota", ty=t, attrs=0))


def test_a_helper_refuses_the_wrong_operand_count() -> None:
    x, = terms("x")
    with pytest.raises(TypeError):
        addi(x)  # type: ignore[call-arg]
