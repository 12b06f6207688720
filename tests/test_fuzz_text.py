"""Fuzzing the text layer and the verifier with mutated real kernels.

Bad input must never crash the library: `parse` raises ParseError (with a sane line and
column) or succeeds; `verify` raises VerifyError or passes, and `check` agrees with it;
a kernel that passes both prints, reads back structurally equal, and prints the same
text again. Counts scale with the Hypothesis profile (see conftest.py).
"""
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eqsat.errors import ParseError, VerifyError
from eqsat.ir.attrs import DenseConst, DivBy
from eqsat.ir.core import Operation, Region, Value, first_difference
from eqsat.ir.ops import SPECS
from eqsat.ir.types import TOKEN, PointerType, TileType
from eqsat.text import parse, print_kernel
from eqsat.ir.verify import check, verify

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.mlir"))
TEXTS = [p.read_text() for p in CORPUS]
N = settings.default.max_examples

_TOKENS = re.compile(r"\s+|%[\w$.#-]+|0x[0-9A-Fa-f]+|-?\d+(?:\.\d+)?(?:e[-+]?\d+)?"
                     r"|[A-Za-z_][\w$.]*|.", re.S)
SPICE = ["%", "#", "#9", ":", ":2", "<", ">", "(", ")", "[", "]", "{", "}", ",", "=", "x", "?",
         "-", "0", "-1", "99999999999999999999", "1e999", "\n", '"', "\\", "token", "tile<",
         "//", "nan", "0x", "0xZZ", "é", "\x00", "\t", "iter_values(", "} else {", "yield",
         "continue", "break", "return", "%0", "%arg0", "ptr<", "tile<0xf32>", "tile<i3>",
         "dim=", "identities=[", "@", "entry", "module {", "!cuda_tile.", "cuda_tile.addf",
         "0xFFFFFFFFFFFFFFFFFFFF", "[[[[", "]]]]", "4294967296", "tile<99999999999999999999xf32>"]


def check_kernel(k):
    """verify and check agree; what verifies round-trips through text."""
    try:
        verify(k)
    except VerifyError as e:
        errs = check(k)
        assert errs and str(errs[0]) == str(e)
        assert all(isinstance(x, VerifyError) for x in errs)
        return False
    assert check(k) == []
    text = print_kernel(k)
    back = parse(text)
    assert first_difference(k, back) is None, first_difference(k, back)
    assert print_kernel(back) == text
    return True


def check_text(text):
    try:
        k = parse(text, "fuzz.mlir")
    except ParseError as e:
        lines = text.split("\n")
        assert 1 <= e.line <= len(lines), (e.line, len(lines))
        assert 1 <= e.col <= len(lines[e.line - 1]) + 1, (e.col, lines[e.line - 1])
        assert str(e).startswith(f"fuzz.mlir:{e.line}:{e.col}: error: ")
        return
    check_kernel(k)


def mutate_text(data, text: str) -> str:
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        level = data.draw(st.sampled_from(["char", "token", "line"]))
        units = (list(text) if level == "char" else _TOKENS.findall(text) if level == "token"
                 else text.splitlines(keepends=True))
        if not units:
            return text
        how = data.draw(st.sampled_from(["delete", "duplicate", "swap", "replace", "insert"]))
        i = data.draw(st.integers(0, len(units) - 1))
        j = data.draw(st.integers(0, len(units) - 1))
        if how == "delete":
            del units[i]
        elif how == "duplicate":
            units.insert(i, units[i])
        elif how == "swap":
            units[i], units[j] = units[j], units[i]
        elif how == "replace":
            units[i] = units[j]
        else:
            units.insert(i, data.draw(st.sampled_from(SPICE)))
        text = "".join(units)
    return text


@settings(max_examples=N * 15)
@given(st.data())
def test_mutated_text_parses_or_fails_cleanly(data):
    text = TEXTS[data.draw(st.integers(0, len(TEXTS) - 1), label="file")]
    check_text(mutate_text(data, text))


def test_param_attr_none_round_trips():
    k = parse("entry @k(%a: tile<i32> {x = ?}) {\n  return\n}\n")
    assert check_kernel(k)


def test_unmutated_corpus_round_trips():
    for text in TEXTS:
        assert check_kernel(parse(text))


# Crashes the fuzzer found in the parser (now ParseErrors): keep them fixed.
_H = "entry @k(%a: tile<4xf16>) {\n"
_RED = ("  %r = reduce %a dim=0 identities=[{} : {}] : tile<4xf16> -> tile<f16>\n"
        "  (%x: tile<f16>, %y: tile<f16>) {{\n    yield %x : tile<f16>\n  }}\n")


@pytest.mark.parametrize("body,message", [
    ("  %c = constant <f16: 0xFFFFFFFFFF> : tile<f16>\n", "more bits than f16"),
    ("  %c = constant <f64: 0x1FFFFFFFFFFFFFFFF> : tile<f64>\n", "more bits than f64"),
    (_RED.format("0xFFFFFFFFFF", "f16"), "more bits than f16"),
    (_RED.format("99999999999999999999999", "i32"), "out of range for i32"),
    ("  %c = constant <f16: " + "[" * 3000 + "1.0" + "]" * 3000 + "> : tile<f16>\n",
     "nested too deeply"),
    ("  %c = constant <i1: true> : tile<i1>\n" + "  if %c {\n" * 1500 + "  }\n" * 1500,
     "nested too deeply"),
])
def test_parser_crash_regressions(body, message):
    with pytest.raises(ParseError, match=message):
        parse(_H + body + "  return\n}\n")


# -- IR mutations ------------------------------------------------------------------------------

EXTRA_TYPES = [TOKEN, TileType((), "i1"), TileType((3,), "f32"), TileType((4,), "i64"),
               TileType((), PointerType("f32")), TileType((1024,), "f16"),
               TileType((0,), "f32"), TileType((2,), "f8"), "tile<f32>"]
PARAM_ATTRS = ["x", 'q"uo\\te', "tab\there", "é", "", "line\nbreak", 16, -3, 10 ** 30, True,
               False, (), ("a", 1, (True,)), [1], 1.5, {"a": 1}]
HINTS = [None, "<default = {}>", "<default = {latency = 4}>", "<a<b>c>", "<a>b>", "<<a>", "x",
         "", "<>"]
JUNK_ATTRS = [None, -1, 0, 2, "zz", True, (), (0,), (1, 0), 1.5, DenseConst("f32", 1.0),
              DivBy(3)]


def walk_safe(k):
    """(ops, regions) reachable from the kernel, each once, even if mutations made the
    structure cyclic."""
    ops, regions, seen = [], [], set()
    stack = [k.body]
    while stack:
        r = stack.pop()
        if id(r) in seen or not isinstance(r, Region):
            continue
        seen.add(id(r))
        regions.append(r)
        for op in r.ops:
            if isinstance(op, Operation) and id(op) not in seen:
                seen.add(id(op))
                ops.append(op)
                stack.extend(op.regions)
    return ops, regions


def mutate_ir(data, k):
    ops, regions = walk_safe(k)
    values = [p.value for p in k.params] + [a for r in regions for a in r.args] + [
        v for op in ops for v in op.results]
    types = list({str(v.type): v.type for v in values}.values()) + EXTRA_TYPES
    attr_pool: dict[str, list] = {}
    for op in ops:
        for key, val in op.attrs.items():
            attr_pool.setdefault(key, []).append(val)
    pick = lambda xs, label=None: xs[data.draw(st.integers(0, len(xs) - 1), label=label)]  # noqa
    how = data.draw(st.sampled_from([
        "swap_operands", "rewire", "drop_op", "move_op", "duplicate_op", "retype", "drop_operand",
        "resegment", "attr", "drop_region_arg", "add_region_arg", "swap_regions", "rename",
        "swap_results", "rename_op", "param_attr", "kernel_name", "hints"]), label="mutation")
    op = pick(ops, "op")
    if how == "swap_operands" and len(op.operands) >= 2:
        i, j = data.draw(st.lists(st.integers(0, len(op.operands) - 1), min_size=2, max_size=2))
        op.operands[i], op.operands[j] = op.operands[j], op.operands[i]
    elif how == "rewire" and op.operands:
        op.operands[data.draw(st.integers(0, len(op.operands) - 1))] = pick(values, "value")
    elif how in ("drop_op", "move_op", "duplicate_op"):
        home = op.parent if isinstance(op.parent, Region) and op in op.parent.ops else None
        if home is not None and how != "duplicate_op":
            home.ops.remove(op)
        if how != "drop_op":
            dest = pick(regions, "region")
            dest.ops.insert(data.draw(st.integers(0, len(dest.ops))), op)
    elif how == "retype":
        pick(values, "value").type = pick(types, "type")
    elif how == "drop_operand" and op.operands:
        del op.operands[data.draw(st.integers(0, len(op.operands) - 1))]
    elif how == "resegment" and op.segments:
        segs = list(op.segments)
        i = data.draw(st.integers(0, len(segs) - 1))
        segs[i] = max(0, segs[i] + data.draw(st.sampled_from([-1, 1])))
        j = data.draw(st.integers(0, len(segs) - 1))
        segs[j] = max(0, segs[j] - (segs[i] - op.segments[i]))
        op.segments = tuple(segs)
    elif how == "attr" and op.attrs:
        key = pick(sorted(op.attrs), "key")
        op.attrs[key] = pick(attr_pool[key] + JUNK_ATTRS, "attr value")
    elif how == "drop_region_arg":
        r = pick(regions, "region")
        if r.args:
            r.args.pop(data.draw(st.integers(0, len(r.args) - 1)))
    elif how == "add_region_arg":
        r = pick(regions, "region")
        t = pick(types, "type")
        if data.draw(st.booleans()):
            r.add_arg(t)
        else:                                  # a foreign value, not owned by the region
            r.args.append(Value(t, "stray"))
    elif how == "swap_regions" and len(op.regions) == 2:
        op.regions.reverse()
    elif how == "rename":
        pick(values, "value").name = data.draw(st.sampled_from(
            ["", "a b", "1x", "%", "x#1", "-", "arg0", "0", "blockId_x", None, "é", "tile"]))
    elif how == "swap_results" and len(op.results) >= 2:
        op.results.reverse()
        if data.draw(st.booleans()):
            for i, r in enumerate(op.results):
                r.index = i
    elif how == "rename_op":
        op.name = data.draw(st.sampled_from(sorted(SPECS) + ["frob"]))
    elif how == "param_attr" and k.params:
        # (None is left out: the printer writes it as `None`, which reads back as a string)
        key = data.draw(st.sampled_from(["alias", "div_by", "new", "a b"]))
        pick(k.params, "param").attrs[key] = data.draw(st.sampled_from(PARAM_ATTRS))
    elif how == "kernel_name":
        k.name = data.draw(st.sampled_from(["k", "a.b$c", "_1", "1k", "", "a b", "é", "a-b"]))
    elif how == "hints":
        target = op if "hints" in op.attrs or op.name == "load_view_tko" else None
        text = data.draw(st.sampled_from(HINTS))
        if target is not None:
            target.attrs["hints"] = text
        else:
            k.hints = None if text is None else "optimization_hints=" + text


@settings(max_examples=N * 10)
@given(st.data())
def test_mutated_ir_verifies_or_fails_cleanly(data):
    k = parse(TEXTS[data.draw(st.integers(0, len(TEXTS) - 1), label="file")])
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        mutate_ir(data, k)
    check_kernel(k)


def test_uniform_dense_constant_is_a_splat():
    k = parse("entry @k() {\n  %c = constant <i32: [3, 3]> : tile<2xi32>\n  return\n}\n")
    assert check_kernel(k)
    assert "<i32: 3>" in print_kernel(k)


def test_terminator_operands_stay_on_its_line():
    src = ("entry @k() {\n  %c = constant <i1: true> : tile<i1>\n  if %c {\n    yield\n"
           "    %x = constant <i32: 1> : tile<i32>\n  }\n  return\n}\n")
    with pytest.raises(ParseError):
        parse(src)
