"""Token and type rules that no other test makes fire, each on a kernel whose optimized
form must mean the same under schedule fuzzing (and verify): ordering through a
`loop` (carried tokens, ops inside and after it), an op after a `for` that must keep
waiting for its store, joins with a repeated member or the entry token, a memory op
without a token in a tokenized kernel, dense constants. tests/test_rule_coverage.py
names these tests as the rules' soundness evidence."""
from __future__ import annotations

from eqsat.equiv import check_equivalent
from eqsat.interp.inputs import parse_spec
from eqsat.pipeline.optimize import optimize
from eqsat.text import parse
from eqsat.ir.verify import verify

P = "tile<ptr<i32>>"
T = "tile<i32>"


def _spec(*names, n=1):
    return parse_spec({"convention": "raw", "grid": [1], "params": [
        {"name": nm, "shape": [n], "dtype": "i32",
         "init": {"kind": "randint", "low": -50, "high": 50}} for nm in names]})


def _check(src, spec, fired, **opts):
    k = parse(src)
    res = optimize(k, **opts)
    assert res.report.fallback is None, res.report.fallback
    verify(res.kernel)
    missing = [r for r in fired if not res.report.matches.get(r)]
    assert not missing, f"rules that did not fire: {missing}"
    eq = check_equivalent(k, res.kernel, spec, trials=3, schedules=10)
    assert eq.ok, eq
    return res


LOOP = f"""entry @k(%x: {P}, %y: {P}, %z: {P}) {{
  %c0 = constant <i32: 0> : {T}
  %c1 = constant <i32: 1> : {T}
  %c4 = constant <i32: 4> : {T}
  %r = loop iter_values(%i = %c0) : {T} -> {T} {{
    %v, %t1 = load_ptr_tko weak %x : {P} -> {T}, token
    %w, %t2 = load_ptr_tko weak %y : {P} -> {T}, token
    %s = addi %w, %v : {T}
    %t3 = store_ptr_tko weak %y, %s : {P}, {T} -> token
    %n = addi %i, %c1 : {T}
    %done = cmpi greater_than_or_equal %n, %c4, signed : {T} -> tile<i1>
    if %done {{
      break %n : {T}
    }}
    continue %n : {T}
  }}
  %a, %ta = load_ptr_tko weak %z : {P} -> {T}, token
  %b, %tb = load_ptr_tko weak %y : {P} -> {T}, token
  %s2 = addi %a, %b : {T}
  %s3 = addi %s2, %r : {T}
  %t5 = store_ptr_tko weak %x, %s3 : {P}, {T} -> token
  return
}}"""


def test_tokens_through_a_loop():
    """Inside the loop the load of x need not wait for the store to y of the iteration
    before; after it the load of z need not wait for the loop, the load of y must."""
    _check(LOOP, _spec("x", "y", "z"),
           ["want-through-carried-loop", "want-through-loop", "need-past-carried-loop",
            "need-past-loop", "need-keep-loop", "contains-carried-loop", "contains-exit-loop"],
           noalias=True)


FOR_STORE = f"""entry @k(%y: {P}, %z: {P}) {{
  %c0 = constant <i32: 0> : {T}
  %c1 = constant <i32: 1> : {T}
  %c4 = constant <i32: 4> : {T}
  for %i in (%c0 to %c4, step %c1) : {T} {{
    %p = offset %y, %i : {P}, {T} -> {P}
    %t = store_ptr_tko weak %p, %i : {P}, {T} -> token
    continue
  }}
  %c2 = constant <i32: 2> : {T}
  %q = offset %y, %c2 : {P}, {T} -> {P}
  %b, %tb = load_ptr_tko weak %q : {P} -> {T}, token
  %t2 = store_ptr_tko weak %z, %b : {P}, {T} -> token
  return
}}"""


def test_op_after_a_for_waits_for_its_store():
    res = _check(FOR_STORE, _spec("y", "z", n=4), ["need-keep-for"], noalias=True)
    assert res.kernel is not None


JOINS = f"""entry @k(%x: {P}, %y: {P}, %z: {P}, %w: {P}) {{
  %t0 = make_token : token
  %v, %t1 = load_ptr_tko weak %x token=%t0 : {P} -> {T}, token
  %j = join_tokens %t1, %t1 : token
  %k = join_tokens %t0, %t1 : token
  %t2 = store_ptr_tko weak %y, %v token=%j : {P}, {T} -> token
  %t3 = store_ptr_tko weak %z, %v token=%k : {P}, {T} -> token
  %u, %tu = load_ptr_tko weak %x : {P} -> {T}, token
  %t4 = store_ptr_tko weak %w, %u : {P}, {T} -> token
  return
}}"""


def test_join_algebra():
    """The encoder never builds a Join with a repeated member or the entry token (joins
    are made from deduplicated sets of needed tokens, and nothing needs the entry
    token), so the two identities are checked on Join terms put into the e-graph of a
    kernel: a join with `t` twice is the join with `t` once, and a join with the entry
    token is the join without it; the kernel with such joins in its source keeps its
    meaning."""
    from egglog import MultiSet, eq, ruleset

    from eqsat import rules
    from eqsat.egraph import terms as TT
    from eqsat.egraph.encode import Encoder
    from eqsat.egraph.saturate import Limits, saturate

    _check(JOINS, _spec("x", "y", "z", "w"), [], noalias=True)
    k = parse(JOINS)
    e = Encoder(k, None, True)
    enc = e.run()
    ops = {op.results[0].name: op for op in k.body.ops if op.results}
    t0 = e.env[id(ops["t0"].results[0])]
    t1 = e.env[id(next(op for op in k.body.ops if op.name == "load_ptr_tko").results[1])]
    twice = TT.Join(MultiSet[TT.Term](t1, t1))
    with_root = TT.Join(MultiSet[TT.Term](t0, t1))
    enc.egraph.register(twice, with_root)
    sched = ruleset(*[r.egglog() for r in [*rules.get("core"), *rules.get("tokens")]],
                    name="joins")
    st = saturate(enc, sched, Limits(iterations=10))
    assert st.matches.get("join-dedupe") and st.matches.get("join-root-identity")
    once = TT.Join(MultiSet[TT.Term](t1))
    enc.egraph.check(eq(twice).to(once))
    enc.egraph.check(eq(with_root).to(once))


def test_untokened_op_in_a_tokenized_kernel():
    """A load of x with no token in a tokenized kernel (read-only x, so any order)."""
    _check(JOINS, _spec("x", "y", "z", "w"), ["need-none"], noalias=True)


DENSE = f"""entry @k(%y: {P}) {{
  %c = constant <i32: [3, -1, 7, 0]> : tile<4xi32>
  %io = iota : tile<4xi32>
  %ry = reshape %y : {P} -> tile<1xptr<i32>>
  %by = broadcast %ry : tile<1xptr<i32>> -> tile<4xptr<i32>>
  %p = offset %by, %io : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
  %t = store_ptr_tko weak %p, %c : tile<4xptr<i32>>, tile<4xi32> -> token
  return
}}"""


def test_dense_constants_keep_their_type():
    _check(DENSE, _spec("y", n=4), ["type-dense"])
