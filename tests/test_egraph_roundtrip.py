"""Encode -> extract -> decode with no rules: a valid, equivalent kernel with the same
memory ops in the same order, for every corpus file (seq and cutile)."""
from __future__ import annotations

import pytest

from corpus_util import CORPUS, CORPUS_FILES, KERNELS, SPECS
from eqsat.egraph.encode import encode, is_tokenized
from eqsat.egraph.view import view
from eqsat.ir.ops import MEMORY_OPS
from eqsat.pipeline.optimize import optimize
from eqsat.text import parse, parse_file, print_kernel
from eqsat.ir.verify import verify


def _mem_ops(k):
    return [(op.name, op.attrs.get("sem"), str(op.results[0].type) if op.results else "")
            for op in k.walk() if op.name in MEMORY_OPS]


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_no_rules_roundtrip(path):
    k = parse_file(path)
    res = optimize(k, rules="none")
    out = res.kernel
    assert res.report.fallback is None, res.report.fallback
    verify(out)
    text = print_kernel(out)
    assert print_kernel(parse(text)) == text          # prints and re-parses
    assert _mem_ops(out) == _mem_ops(k)               # same memory ops, same order
    assert res.report.iterations == 0


@pytest.mark.parametrize("name", KERNELS)
def test_token_free_input_gets_one_chain(name):
    k = parse_file(CORPUS / f"{name}.seq.mlir")
    assert not is_tokenized(k)
    out = optimize(k, rules="none").kernel
    ops = list(out.walk())
    assert [o.name for o in out.body.ops].count("make_token") == 1
    assert not any(o.name == "join_tokens" for o in ops)
    for o in ops:
        if o.name in MEMORY_OPS:
            assert o.token_in is not None, f"{o.name} has no token"


@pytest.mark.parametrize("name", KERNELS)
def test_no_rules_equivalent(name):
    from eqsat.equiv import check_equivalent
    from eqsat.interp.inputs import load_spec
    k = parse_file(CORPUS / f"{name}.seq.mlir")
    out = optimize(k, rules="none").kernel
    r = check_equivalent(k, out, load_spec(SPECS / f"{name}.json"), trials=2, schedules=2)
    assert r.ok, r.message


def test_tokenized_input_keeps_its_tokens():
    k = parse_file(CORPUS / "relu_accum_mem.cutile.mlir")
    out = optimize(k, rules="none").kernel
    def toks(kk):
        return sorted(o.name for o in kk.walk() if o.name in ("make_token", "join_tokens"))
    assert toks(out) == toks(k)
    n_in = sum(1 for o in k.walk() for v in o.operands if v.is_token)
    n_out = sum(1 for o in out.walk() for v in o.operands if v.is_token)
    assert n_out == n_in


def test_encoding_is_one_let_per_value_and_linear():
    k = parse_file(CORPUS / "moe_permute.seq.mlir")
    enc = encode(k)
    assert enc.n_values >= enc.n_ops
    v = view(enc)
    assert v.n_classes <= enc.n_values + 5     # hash-consing only merges


def test_deep_chain_does_not_overflow_recursion():
    lines = ["entry @deep(%p: tile<ptr<i32>>) {",
             "  %x0, %t = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token",
             "  %c = constant <i32: 3> : tile<i32>"]
    n = 1000          # deeper than Python's recursion limit allows for nested terms
    for i in range(1, n + 1):
        lines.append(f"  %x{i} = addi %x{i - 1}, %c : tile<i32>")
    lines += [f"  %s = store_ptr_tko weak %p, %x{n} : tile<ptr<i32>>, tile<i32> -> token",
              "  return", "}"]
    k = parse("\n".join(lines))
    res = optimize(k, rules="none")
    assert res.report.ops_after == res.report.ops_before + 1      # + make_token
    verify(res.kernel)


def test_extraction_prefers_shared_values():
    """x*1 and x are one class; a DAG-aware choice pays the shared load once."""
    src = """entry @k(%p: tile<ptr<i32>>, %q: tile<ptr<i32>>) {
      %x, %t = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
      %one = constant <i32: 1> : tile<i32>
      %y = muli %x, %one : tile<i32>
      %z = addi %y, %x : tile<i32>
      %s = store_ptr_tko weak %q, %z : tile<ptr<i32>>, tile<i32> -> token
      return
    }"""
    k = parse(src)
    res = optimize(k, rules="algebra")
    names = [o.name for o in res.kernel.walk()]
    assert "muli" not in names and names.count("load_ptr_tko") == 1
    assert res.report.cost_after <= res.report.cost_before
