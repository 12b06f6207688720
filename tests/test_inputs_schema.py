"""Inputs specs and alias groups: the schema and the checks after it name the place (a
JSON path) and the reason in one line, `FILE: error: PATH: REASON`."""
import copy
import json

import numpy as np
import pytest

from corpus_util import CORPUS, EXAMPLES, SPECS
from eqsat import optimize, parse_file
from eqsat.cli import main
from eqsat.errors import EqsatError, InputError, SpecError
from eqsat.interp.inputs import (ALIAS_GROUPS_SCHEMA, MAX_ELEMENTS, SPEC_SCHEMA, bind,
                                 check_alias_groups, load_spec, parse_spec)

BASE = {"grid": [2], "params": [
    {"name": "x", "shape": [4, 8], "dtype": "f32", "init": "normal"},
    {"name": "v", "same_as": "x", "offset": 8, "shape": [8]},
    {"name": "idx", "shape": [6], "dtype": "i32", "init": {"kind": "data",
                                                          "values": [0, 1, 2, 3, 4, 5]}},
    {"name": "n", "dtype": "i32", "value": 3},
]}


def error_of(edit) -> str:
    data = copy.deepcopy(BASE)
    edit(data)
    with pytest.raises(SpecError) as e:
        parse_spec(data, "s.json")
    return str(e.value)


def _set(path, value):
    def edit(d):
        for p in path[:-1]:
            d = d[p]
        d[path[-1]] = value
    return edit


def _del(path):
    def edit(d):
        for p in path[:-1]:
            d = d[p]
        del d[path[-1]]
    return edit


@pytest.mark.parametrize("edit, message", [
    (_set(("params", 2, "strides"), 3), "params[2].strides: expected a list of non-negative "
     "integers (one stride per dimension), got 3"),
    (_set(("params", 2, "strides"), [1, "a"]), "params[2].strides: expected a list of "
     "non-negative integers (one stride per dimension), got [1, \"a\"]"),
    (_set(("params", 0, "shape"), [4, -1]), "params[0].shape: expected a list of non-negative "
     "integers, got [4, -1]"),
    (_set(("params", 0, "shape"), [4, 2.0]), "params[0].shape: expected a list of non-negative "
     "integers, got [4, 2.0]"),
    (_set(("params", 0, "shape"), [True]), "params[0].shape: expected a list of non-negative "
     "integers, got [true]"),
    (_set(("params", 0, "dtype"), "f13"), "params[0].dtype: expected a dtype (i1, i8, i16, "
     "i32, i64, f16, bf16, f32, tf32, f64, f8E4M3FN, f8E5M2, f8E8M0FNU), got \"f13\""),
    (_del(("params", 0, "dtype")), "params[0]: missing 'dtype' (an array needs name, dtype, "
     "shape)"),
    (_set(("params", 0, "stride"), [1]), "params[0]: unknown key 'stride' (an array takes "
     "name, dtype, shape, init, strides)"),
    (_set(("params", 0, "init"), {"kind": "normal", "sd": 2}), "params[0].init: unknown key "
     "'sd' (init 'normal' takes kind, mean, std)"),
    (_set(("params", 0, "init"), {"kind": "normal", "std": "2"}), "params[0].init.std: "
     "expected a number, got \"2\""),
    (_set(("params", 0, "init"), 7), "params[0].init: expected an init kind (zeros, ones, "
     "full, normal, uniform, randint, arange, data) or an object with 'kind', got 7"),
    (_set(("params", 0, "init"), {"low": 1}), "params[0].init: missing 'kind' (an init "
     "object needs kind)"),
    (_set(("params", 3, "value"), "3"), "params[3].value: expected a number or a boolean, "
     "got \"3\""),
    (_set(("params", 3, "init"), "zeros"), "params[3]: unknown key 'init' (a scalar takes "
     "name, dtype, value)"),
    (_set(("params", 1, "offset"), -8), "params[1].offset: expected a non-negative integer "
     "(in elements), got -8"),
    (_set(("params", 1), "v"), "params[1]: expected an object: an array (name, dtype, shape), "
     "a scalar (name, dtype, value), a view of an earlier array (name, same_as) or a list of "
     "arrays (name, list), got \"v\""),
    (_set(("grid",), 4), "grid: expected a list of 1 to 3 positive integers, got 4"),
    (_set(("grid",), [1, 1, 1, 1]), "grid: expected a list of 1 to 3 positive integers, "
     "got [1, 1, 1, 1]"),
    (_set(("grid",), [0]), "grid: expected a list of 1 to 3 positive integers, got [0]"),
    (_set(("convention",), "c"), "convention: expected 'cutile' or 'raw', got \"c\""),
    (_set(("gird",), [2]), "unknown key 'gird' (the spec takes grid, convention, description, "
     "params, constants)"),
    (_del(("params",)), "missing 'params' (the spec needs params)"),
    (_set(("params",), {}), "params: expected a list of parameters, got {}"),
])
def test_schema_errors_name_path_and_reason(edit, message):
    assert error_of(edit) == f"s.json: error: {message}"


@pytest.mark.parametrize("edit, message", [
    (_set(("params", 2, "name"), "x"), "params[2].name: 'x' is the name of params[0] too"),
    (_set(("params", 1, "same_as"), "idx"), "params[1].same_as: same_as names no earlier "
     "array 'idx'"),
    (_set(("params", 1, "dtype"), "i32"), "params[1].dtype: 'i32' differs from the f32 of 'x'"),
    (_set(("params", 1, "offset"), 30), "params[1]: 'v' (elements 30 to 37 of 'x') runs past "
     "the 32 elements of 'x'"),
    (_set(("params", 2, "strides"), [1, 1]), "params[2].strides: 2 strides for a shape of 1 "
     "dimensions"),
    (_set(("params", 2, "init", "values"), [1, 2]), "params[2].init.values: has 2 values, the "
     "shape needs 6"),
    (_set(("params", 2, "init", "values"), [0, 1, 2, 3, 4, 5.5]), "params[2].init.values: "
     "expected an integer for i32, got 5.5"),
    (_set(("params", 2, "init", "values"), [0, 1, 2, 3, 4, 2**32]), "params[2].init.values: "
     "4294967296 does not fit i32 (-2147483648 to 4294967295)"),
    (_set(("params", 3, "value"), 1.5), "params[3].value: expected an integer for i32, got 1.5"),
    (_set(("params", 3, "value"), -2**31 - 1), "params[3].value: -2147483649 does not fit i32 "
     "(-2147483648 to 4294967295)"),
    (_set(("params", 0, "init"), {"kind": "normal", "std": -1}), "params[0].init.std: expected "
     "a number >= 0"),
    (_set(("params", 0, "init"), {"kind": "uniform", "high": float("inf")}),
     "params[0].init.high: expected a finite number"),
    (_set(("params", 0, "init"), {"kind": "randint", "low": 5, "high": 5}),
     "params[0].init.high: expected low < high within 64-bit integers, got 5 and 5"),
    (_set(("params", 2, "init"), {"kind": "arange", "step": 0.5}), "params[2].init.step: "
     "expected integers for i32"),
    (_set(("params", 0, "shape"), [MAX_ELEMENTS, 2]), f"params[0].shape: the array spans "
     f"{2 * MAX_ELEMENTS} elements; the interpreter takes at most {MAX_ELEMENTS}"),
    (_set(("params", 0, "strides"), [MAX_ELEMENTS, 1]), "params[0].strides: the array spans "
     f"{3 * MAX_ELEMENTS + 8} elements; the interpreter takes at most {MAX_ELEMENTS}"),
    (_set(("grid",), [1, 70000]), "grid[1]: 70000 tile blocks; a grid takes at most 65535 "
     "along this axis"),
])
def test_semantic_errors_in_the_same_style(edit, message):
    assert error_of(edit) == f"s.json: error: {message}"


def test_spec_error_carries_its_parts():
    with pytest.raises(EqsatError) as e:
        parse_spec({"params": [{"name": "x", "shape": 3, "dtype": "f32"}]}, "a.json")
    err = e.value
    assert isinstance(err, SpecError) and isinstance(err, InputError)
    assert (err.source, err.where) == ("a.json", "params[0].shape")
    assert err.reason == "expected a list of non-negative integers, got 3"


def test_every_project_spec_validates():
    from jsonschema import Draft202012Validator
    Draft202012Validator.check_schema(SPEC_SCHEMA)
    Draft202012Validator.check_schema(ALIAS_GROUPS_SCHEMA)
    files = sorted(SPECS.glob("*.json")) + sorted(EXAMPLES.glob("*.json"))
    assert len(files) >= 12
    for f in files:
        load_spec(f)


def test_numpy_values_and_tuples_count_as_json():
    spec = parse_spec({"grid": (np.int64(2),), "params": [
        {"name": "x", "shape": (np.int32(3),), "dtype": "f32",
         "init": {"kind": "data", "values": [np.float32(1), 2, np.int64(3)]}}]})
    assert spec.grid == (2, 1, 1) and spec.arrays[0].shape == (3,)


def test_integers_take_either_reading_of_their_bits():
    """An i32 value may be written signed or unsigned; it runs as the signed value."""
    k = parse_file(CORPUS / "axpy_alias_inplace.seq.mlir")
    data = json.loads((SPECS / "axpy_alias_inplace.json").read_text())
    spec = parse_spec(data)
    assert len(bind(k, spec).args) == len(k.params)
    raw = parse_spec({"convention": "raw", "params": [
        {"name": "m", "shape": [3], "dtype": "i8", "init": {"kind": "data",
                                                            "values": [255, -128, 127]}}]})
    from eqsat.interp.inputs import make_data
    assert make_data(raw.arrays[0], np.random.default_rng(0)).tolist() == [-1, -128, 127]


def test_a_negative_seed_is_bad_input():
    k = parse_file(CORPUS / "vector_add.seq.mlir")
    with pytest.raises(EqsatError, match="the seed must be a non-negative integer, got -1"):
        bind(k, load_spec(SPECS / "vector_add.json"), seed=-1)


def test_unreadable_specs(tmp_path):
    p = tmp_path / "s.json"
    p.write_bytes(b"\xff\xfe{}")
    with pytest.raises(SpecError, match=r"s.json: error: not UTF-8 text \(byte 0\)"):
        load_spec(p)
    p.write_text('{"params": [}')
    with pytest.raises(SpecError, match=r"s.json:1:13: error: invalid JSON: Expecting value"):
        load_spec(p)
    p.write_text("[" * 100000)
    with pytest.raises(SpecError, match="s.json: error: invalid JSON"):
        load_spec(p)
    with pytest.raises(SpecError, match="error: cannot read: Is a directory"):
        load_spec(tmp_path)


def test_the_issue_case_from_the_command_line(tmp_path, capsys):
    """A spec whose `strides` is an integer: one line naming the file, path and reason."""
    data = json.loads((SPECS / "gather_offset.json").read_text())
    data["params"][2]["strides"] = 1
    p = tmp_path / "spec.json"
    p.write_text(json.dumps(data))
    rc = main(["run", str(CORPUS / "gather_offset.seq.mlir"), "--inputs", str(p)])
    err = capsys.readouterr().err
    assert rc == 2 and err == (f"{p}: error: params[2].strides: expected a list of "
                               f"non-negative integers (one stride per dimension), got 1\n")


@pytest.mark.parametrize("groups, message", [
    ({"arg0": 5}, "alias_groups: error: arg0: expected a group name or a non-empty list of "
     "group names, got 5"),
    ({"arg0": []}, "alias_groups: error: arg0: expected a group name or a non-empty list of "
     "group names, got []"),
    ({"arg0": ["g", ""]}, "alias_groups: error: arg0: expected a group name or a non-empty "
     "list of group names, got [\"g\", \"\"]"),
    ({-1: "g"}, "alias_groups: error: parameter -1: expected a name or an index >= 0"),
    ({1.5: "g"}, "alias_groups: error: parameter 1.5: expected a name or an index >= 0"),
])
def test_alias_groups_schema(groups, message):
    with pytest.raises(InputError) as e:
        check_alias_groups(groups)
    assert str(e.value) == message
    k = parse_file(CORPUS / "vector_add.seq.mlir")
    with pytest.raises(InputError):
        optimize(k, rules="none", alias_groups=groups)
    assert check_alias_groups({0: "g", "arg3": ("g", "h")}) == {0: "g", "arg3": ("g", "h")}
