"""A new op with ordinary syntax is one op-table entry plus its semantics.

The test adds `test_avgi` (the unsigned average of two integers, without the overflow
of `(a + b) / 2`) through `define_op` and `register_semantics` only, then takes a kernel
using it through text, the verifier, the interpreter and the optimizer; with its SMT
semantics (`register_smt_semantics`) a user rule over it is proved or refused.
"""
import random

import numpy as np
import pytest

from eqsat import optimize, parse, print_kernel, verify
from eqsat.equiv import check_equivalent
from eqsat.errors import ParseError, VerifyError
from eqsat.interp import run
from eqsat.interp.inputs import parse_spec
from eqsat.interp.semantics import SEMANTICS, register_semantics, unregister_semantics
from eqsat.ir.ops import ONE, SPECS, define_op, undefine_op
from eqsat.ir.verify import OP_CHECKS, op_check, unregister_check
from eqsat.errors import EqsatError
from eqsat.rules import RuleSet, register, smt
from eqsat.rules.dsl import ints, op, rewrite, terms, tys
from eqsat.rules.soundness import check_rule

NAME = "test_avgi"


def _avg_semantics(op, args):
    """floor((a + b) / 2) of the operands read as unsigned, as `(a & b) + ((a ^ b) >> 1)`."""
    dt = np.asarray(args[0]).dtype
    ua, ub = (np.asarray(a).view(dt.str.replace("i", "u")) for a in args)
    return [((ua & ub) + ((ua ^ ub) >> 1)).view(dt)]


def _no_bits(v, op, g):
    """An op-specific verifier rule beyond the binary family's: no average of i1."""
    if op.results[0].type.elem == "i1":
        v.fail(op, "type-mismatch", f"'{op.name}' averages integers of 8 bits or more")


@pytest.fixture
def avgi():
    define_op(NAME, "binary", (("lhs", ONE), ("rhs", ONE)), traits=("integer",))
    register_semantics(NAME, _avg_semantics)
    op_check(NAME)(_no_bits)
    try:
        yield
    finally:
        unregister_check(NAME)
        unregister_semantics(NAME)
        undefine_op(NAME)


N = 64
KERNEL = f"""entry @avg(%a: tile<ptr<i32>>, %b: tile<ptr<i32>>, %out: tile<ptr<i32>>) {{
  %i = iota : tile<{N}xi32>
  %ra = reshape %a : tile<ptr<i32>> -> tile<1xptr<i32>>
  %ba = broadcast %ra : tile<1xptr<i32>> -> tile<{N}xptr<i32>>
  %pa = offset %ba, %i : tile<{N}xptr<i32>>, tile<{N}xi32> -> tile<{N}xptr<i32>>
  %x, %t0 = load_ptr_tko weak %pa : tile<{N}xptr<i32>> -> tile<{N}xi32>, token
  %rb = reshape %b : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bb = broadcast %rb : tile<1xptr<i32>> -> tile<{N}xptr<i32>>
  %pb = offset %bb, %i : tile<{N}xptr<i32>>, tile<{N}xi32> -> tile<{N}xptr<i32>>
  %y, %t1 = load_ptr_tko weak %pb : tile<{N}xptr<i32>> -> tile<{N}xi32>, token
  %m1 = {NAME} %x, %y : tile<{N}xi32>
  %m2 = {NAME} %x, %y : tile<{N}xi32>
  %s = subi %m1, %m2 : tile<{N}xi32>
  %r = addi %m1, %s : tile<{N}xi32>
  %ro = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bo = broadcast %ro : tile<1xptr<i32>> -> tile<{N}xptr<i32>>
  %po = offset %bo, %i : tile<{N}xptr<i32>>, tile<{N}xi32> -> tile<{N}xptr<i32>>
  %t2 = store_ptr_tko weak %po, %r : tile<{N}xptr<i32>>, tile<{N}xi32> -> token
  return
}}
"""

SPEC = {"convention": "raw", "params": [
    {"name": "a", "shape": [N], "dtype": "i32",
     "init": {"kind": "randint", "low": -2**31, "high": 2**31 - 1}},
    {"name": "b", "shape": [N], "dtype": "i32",
     "init": {"kind": "randint", "low": -2**31, "high": 2**31 - 1}},
    {"name": "out", "shape": [N], "dtype": "i32", "init": "zeros"}]}


def _expected(a, b):
    """The average by Python integers: both operands read as unsigned 32-bit."""
    got = [((int(x) % 2**32 + int(y) % 2**32) // 2) for x, y in zip(a, b)]
    return np.array([g - 2**32 if g >= 2**31 else g for g in got], np.int32)


def test_new_op_end_to_end(avgi):
    kernel = parse(KERNEL)
    assert print_kernel(kernel) == KERNEL                        # text round trip
    verify(kernel)
    spec = parse_spec(SPEC)
    res = run(kernel, spec, seed=3)
    inputs = res.buffers
    assert np.array_equal(res.buffers["out"], _expected(inputs["a"], inputs["b"]))
    assert (np.asarray(inputs["a"]) < 0).any()          # the unsigned reading matters

    opt = optimize(kernel)
    text = print_kernel(opt.kernel)
    verify(opt.kernel)
    assert text.count(NAME) == 1, text           # the two equal averages became one
    assert "subi" not in text, text                # m1 - m2 = 0 once they are one
    assert parse(text) is not None and print_kernel(parse(text)) == text
    assert np.array_equal(run(opt.kernel, spec, seed=3).buffers["out"], res.buffers["out"])
    eq = check_equivalent(kernel, opt.kernel, spec, trials=3, schedules=2)
    assert eq.ok and not eq.vacuous, eq.message


def test_new_op_element_kind_comes_from_the_table(avgi):
    bad = KERNEL.replace(f"%m1 = {NAME} %x, %y : tile<{N}xi32>",
                         f"%xf = itof %x signed : tile<{N}xi32> -> tile<{N}xf32>\n"
                         f"  %m1f = {NAME} %xf, %xf : tile<{N}xf32>\n"
                         f"  %m1 = ftoi %m1f signed : tile<{N}xf32> -> tile<{N}xi32>")
    with pytest.raises(VerifyError, match=f"'{NAME}' needs integer elements"):
        verify(parse(bad))


def test_new_op_own_verifier_check(avgi):
    bad = KERNEL.replace(f"%m1 = {NAME} %x, %y : tile<{N}xi32>",
                         f"%xb = trunci %x : tile<{N}xi32> -> tile<{N}xi1>\n"
                         f"  %mb = {NAME} %xb, %xb : tile<{N}xi1>\n"
                         f"  %m1 = exti %mb unsigned : tile<{N}xi1> -> tile<{N}xi32>")
    with pytest.raises(VerifyError, match="averages integers of 8 bits or more"):
        verify(parse(bad))


def test_fixture_adds_op_semantics_and_check(avgi):
    assert NAME in SPECS and NAME in SEMANTICS and NAME in OP_CHECKS


def test_catalogue_is_clean_without_the_fixture():
    assert NAME not in SPECS and NAME not in SEMANTICS and NAME not in OP_CHECKS
    assert NAME not in smt.SMT_SEMANTICS and NAME not in smt.CROSS_CHECKED
    assert NAME not in smt.supported()
    with pytest.raises(ParseError, match=f"unknown operation '{NAME}'"):
        parse(KERNEL)


def test_define_op_refuses_what_it_cannot_add():
    with pytest.raises(ValueError, match="already defined"):
        define_op("addi", "binary", (("lhs", ONE), ("rhs", ONE)))
    with pytest.raises(ValueError, match="only pure ops"):
        define_op(NAME, "binary", (("lhs", ONE), ("rhs", ONE)), effect="read")
    with pytest.raises(ValueError, match="not added by define_op"):
        undefine_op("addi")
    with pytest.raises(ValueError, match="already has semantics"):
        register_semantics("addi", _avg_semantics)
    with pytest.raises(ValueError, match="already has a verifier check"):
        op_check("reshape")(_no_bits)
    with pytest.raises(ValueError, match="already has SMT semantics"):
        smt.register_smt_semantics("addi", _avg_smt)
    with pytest.raises(KeyError, match="has no SMT semantics"):
        smt.unregister_smt_semantics(NAME)
    assert NAME not in SPECS


# -- its meaning for the solver: user rules over it are proved ---------------------------------
def _avg_smt(op, args, ctx):
    """The same average on bit-vectors: `(a & b) + ((a ^ b) >>u 1)`."""
    z3 = pytest.importorskip("z3")
    a, b = args
    return (a & b) + z3.LShR(a ^ b, 1), None


def _avg_wrong_smt(op, args, ctx):
    """A plausible mistake: the arithmetic shift (the signed average's rounding)."""
    a, b = args
    return (a & b) + ((a ^ b) >> 1), None


def _avg_signature(rng):
    elem = rng.choice(("i8", "i16", "i32", "i64"))
    return [elem, elem], elem


@pytest.fixture
def avgi_smt(avgi):
    smt.register_smt_semantics(NAME, _avg_smt)
    smt.register_cross_check(NAME, _avg_signature)
    try:
        yield
    finally:
        smt.unregister_cross_check(NAME)
        smt.unregister_smt_semantics(NAME)


@pytest.fixture
def registry(monkeypatch):
    """A private copy of the rule registry, so tests can register freely."""
    import eqsat.rules as rules_pkg
    rules_pkg._builtin()
    monkeypatch.setattr(rules_pkg, "_REGISTRY", dict(rules_pkg._REGISTRY))
    return rules_pkg._REGISTRY


x, y, z = terms("x y z")
t, = tys("t")
at, = ints("at")
COMMUTES = rewrite("avg-commutes", op(NAME, x, y, ty=t, attrs=at), op(NAME, y, x, ty=t, attrs=at))
# averaging is not associative: avg(avg(85, 31), 15) = 36, avg(85, avg(31, 15)) = 54
ASSOCIATES = rewrite("avg-associates",
                     op(NAME, op(NAME, x, y, ty=t, attrs=at), z, ty=t, attrs=at),
                     op(NAME, x, op(NAME, y, z, ty=t, attrs=at), ty=t, attrs=at))
INTS = {"dtypes": ["i8", "i32"]}


def _avg(a, b, w):
    return ((a % 2**w + b % 2**w) // 2)


def test_without_smt_semantics_a_rule_is_sampled(avgi, registry):
    rs = register(RuleSet("avg-sampled", [COMMUTES]), hints={"avg-commutes": INTS})
    how = rs.proofs["avg-commutes"]
    assert how.startswith("sampled: ") and f"(no SMT semantics for {NAME})" in how, how


def test_user_rule_over_the_new_op_is_proved(avgi_smt, registry):
    rs = register(RuleSet("avg-proved", [COMMUTES]), hints={"avg-commutes": INTS})
    assert rs.proofs == {"avg-commutes": "proved"}
    res = check_rule(COMMUTES, **INTS)
    assert res.ok and res.method == "proved" and set(res.dtypes) == {"i8", "i32"}, res.message


def test_wrong_user_rule_over_the_new_op_is_refused_with_a_counterexample(avgi_smt, registry):
    with pytest.raises(EqsatError, match="unsound"):
        register(RuleSet("avg-wrong", [ASSOCIATES]), hints={"avg-associates": INTS})
    assert "avg-wrong" not in registry
    res = check_rule(ASSOCIATES, **INTS)
    cex = res.counterexample
    assert not res.ok and cex is not None and cex["found_by"] == "solver", res.message
    w = int(cex["dtype"][1:])
    a, b, c = (cex["inputs"][k] for k in "xyz")
    assert _avg(_avg(a, b, w), c, w) != _avg(a, _avg(b, c, w), w), cex   # really differs


def _avg_instances(n):
    rng = random.Random(5)
    out = []
    while len(out) < n:
        inst = smt.random_instance(rng)
        if inst.op == NAME:
            out.append(inst)
    return out


def test_new_op_semantics_agree_with_the_interpreter(avgi_smt):
    insts = _avg_instances(40)
    assert {i.operand_elems[0] for i in insts} == {"i8", "i16", "i32", "i64"}
    for inst in insts:
        assert smt.disagreement(inst) is None, smt.disagreement(inst)


def test_wrong_smt_semantics_of_the_new_op_are_caught(avgi):
    smt.register_smt_semantics(NAME, _avg_wrong_smt)
    smt.register_cross_check(NAME, _avg_signature)
    try:
        assert any(smt.disagreement(inst) is not None for inst in _avg_instances(40))
    finally:
        smt.unregister_cross_check(NAME)
        smt.unregister_smt_semantics(NAME)
