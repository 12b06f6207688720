"""Decoding may move a pure value out of a loop it does not depend on, but not out of a
branch it sits in when running it there could go wrong: an assume is a promise only
where it stands (and tileiras applies one to its operand everywhere), and a division
by zero is undefined. Such values stay inside their `if`; a division the e-graph shares
between two guarded uses is copied under each; a division by a constant other than 0
and -1 is free to move."""
from __future__ import annotations

import pytest

from eqsat.equiv import check_equivalent
from eqsat.interp.inputs import parse_spec
from eqsat.interp import run
from eqsat.pipeline.optimize import optimize
from eqsat.text import parse

KERNEL = """entry @k(%p: tile<ptr<i32>>, %n: tile<i32>) {
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %c3 = constant <i32: 3> : tile<i32>
  %c4 = constant <i32: 4> : tile<i32>
  %c100 = constant <i32: 100> : tile<i32>
  for %i in (%c0 to %c4, step %c1) : tile<i32> {
    %low = andi %n, %c3 : tile<i32>
    %ok = cmpi %PRED %GUARD, %c0, signed : tile<i32> -> tile<i1>
    if %ok {
      %q = %EXPR
      %a = addi %q, %i : tile<i32>
      %o64 = exti %i signed : tile<i32> -> tile<i64>
      %ptr = offset %p, %o64 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
      %s = store_ptr_tko weak %ptr, %a : tile<ptr<i32>>, tile<i32> -> token
      yield
    }
    continue
  }
  return
}
"""

CASES = {
    # n % 4 == 0 guards a promise that n is a multiple of 4
    "assume": ("equal", "%low", "assume div_by<4>, %n : tile<i32>"),
    # n != 0 guards a division by n
    "divi": ("not_equal", "%n", "divi %c100, %n signed : tile<i32>"),
    "remi": ("not_equal", "%n", "remi %c100, %n signed : tile<i32>"),
}


def _kernel(case: str):
    pred, guard, expr = CASES[case]
    return parse(KERNEL.replace("%PRED", pred).replace("%GUARD", guard)
                 .replace("%EXPR", expr))


def _spec(n: int):
    return parse_spec({"convention": "raw", "grid": [1], "params": [
        {"name": "out", "shape": [4], "dtype": "i32", "init": "zeros"},
        {"name": "n", "dtype": "i32", "value": n}]})


@pytest.mark.parametrize("case", sorted(CASES))
def test_guarded_value_stays_in_its_branch(case):
    k = _kernel(case)
    out = optimize(k).kernel
    (op,) = [o for o in out.walk() if o.name == case]
    assert op.parent.parent is not None and op.parent.parent.name == "if", str(out)
    for n in (0, 6, 8):           # the guard false (n=0 or 6) and true (8)
        spec = _spec(n)
        r = check_equivalent(k, out, spec, trials=1, schedules=2)
        assert r.ok, r.message
        run(out, spec, check_assumes=True)          # no false assume is ever run


@pytest.mark.parametrize("expr,name", [("muli %c100, %n : tile<i32>", "muli"),
                                       ("divi %n, %c4 signed : tile<i32>", "divi")])
def test_a_safe_value_still_leaves_the_loop(expr, name):
    # the same shape with a multiply, or a division by a constant that cannot trap:
    # free to run anywhere, so it is hoisted
    k = parse(KERNEL.replace("%PRED", "not_equal").replace("%GUARD", "%n")
              .replace("%EXPR", expr))
    out = optimize(k).kernel
    (op,) = [o for o in out.walk() if o.name == name]
    assert op.parent is out.body, str(out)


TWO_BRANCHES = """entry @k(%p: tile<ptr<i32>>, %n: tile<i32>) {
  %c0 = constant <i32: 0> : tile<i32>
  %c100 = constant <i32: 100> : tile<i32>
  %ok = cmpi not_equal %n, %c0, signed : tile<i32> -> tile<i1>
  if %ok {
    %q = divi %c100, %n signed : tile<i32>
    %s = store_ptr_tko weak %p, %q : tile<ptr<i32>>, tile<i32> -> token
    yield
  }
  %one = constant <i32: 1> : tile<i32>
  %big = cmpi greater_than %n, %one, signed : tile<i32> -> tile<i1>
  if %big {
    %q2 = divi %c100, %n signed : tile<i32>
    %r = addi %q2, %one : tile<i32>
    %s2 = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    yield
  }
  return
}
"""

ZERO_TRIPS = """entry @k(%p: tile<ptr<i32>>, %n: tile<i32>) {
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %c100 = constant <i32: 100> : tile<i32>
  for %i in (%c0 to %n, step %c1) : tile<i32> {
    %q = divi %c100, %n signed : tile<i32>
    %a = addi %q, %i : tile<i32>
    %s = store_ptr_tko weak %p, %a : tile<ptr<i32>>, tile<i32> -> token
    continue
  }
  return
}
"""


@pytest.mark.parametrize("text", [TWO_BRANCHES, ZERO_TRIPS], ids=["two-branches", "zero-trips"])
def test_one_division_for_two_guarded_uses_is_not_run_unguarded(text):
    # the e-graph makes the two divisions one value; placed once before both branches
    # (or before a loop that may not run) it would divide by zero when n == 0
    k = parse(text)
    out = optimize(k).kernel
    assert all(op.parent is not out.body for op in out.walk() if op.name == "divi"), str(out)
    for n in (0, 1, 3):
        spec = _spec(n)
        r = check_equivalent(k, out, spec, trials=1, schedules=2)
        assert r.ok, r.message
