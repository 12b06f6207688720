"""Alias facts and the orderings tokens impose."""
import pytest

from corpus_util import CORPUS, EXAMPLES
from eqsat import parse, parse_file
from eqsat.memory.alias import UNIVERSE, alias_facts, alias_model
from eqsat.memory.conflict import conflict
from eqsat.memory.ordering import needless_orderings, ordered_pairs
from eqsat.memory.stats import kernel_stats


def mem_ops(k):
    return [op for op in k.walk() if op.name.endswith("_tko")]


def test_default_is_safe_and_noalias_separates():
    k = parse_file(CORPUS / "vector_add.cutile.mlir")
    la, lb, st = mem_ops(k)
    safe = alias_facts(k)
    assert conflict(safe, la, st) and conflict(safe, st, lb)
    assert not conflict(safe, la, lb)                  # two loads never conflict
    sep = alias_facts(k, noalias=True)
    assert not conflict(sep, la, st) and not conflict(sep, lb, st)
    assert sep.footprint(la) == frozenset([0]) and sep.footprint(st) == frozenset([6])


def test_groups_from_attributes_and_api():
    src = (CORPUS / "vector_add.cutile.mlir").read_text().replace(
        "%arg0: tile<ptr<f32>>", '%arg0: tile<ptr<f32>> {alias = "g"}').replace(
        "%arg6: tile<ptr<f32>>", '%arg6: tile<ptr<f32>> {alias = ["h", "g"]}')
    k = parse(src)
    la, lb, st = mem_ops(k)
    f = alias_facts(k, noalias=True)
    assert conflict(f, la, st) and not conflict(f, lb, st)
    f2 = alias_facts(k, noalias=True, groups={3: "h"})
    assert conflict(f2, lb, st)
    with pytest.raises(ValueError, match="no parameter"):
        alias_facts(k, groups={99: "x"})


def test_roots_flow_through_loops_and_pointer_math():
    k = parse_file(CORPUS / "relu_accum_mem.seq.mlir")
    f = alias_facts(k, noalias=True)
    loads = [op for op in k.walk() if op.name == "load_ptr_tko"]
    store = next(op for op in k.walk() if op.name == "store_ptr_tko")
    assert f.footprint(loads[0]) == frozenset([0])
    assert f.footprint(loads[1]) == f.footprint(store) == frozenset([5])
    assert conflict(f, loads[1], store) and not conflict(f, loads[0], store)


def test_unknown_pointers_alias_everything():
    src = """entry @k(%p: tile<ptr<i64>>, %q: tile<ptr<f32>>) {
  %a, %t = load_ptr_tko weak %p : tile<ptr<i64>> -> tile<i64>, token
  %r = int_to_ptr %a : tile<i64> -> tile<ptr<f32>>
  %c = constant <f32: 1.0> : tile<f32>
  %s = store_ptr_tko weak %r, %c : tile<ptr<f32>>, tile<f32> -> token
  %b, %t2 = load_ptr_tko weak %q : tile<ptr<f32>> -> tile<f32>, token
  return
}"""
    k = parse(src)
    f = alias_facts(k, noalias=True)
    ld, st, ld2 = mem_ops(k)
    assert UNIVERSE in f.footprint(st)
    assert conflict(f, st, ld2) and conflict(f, ld, st)


LISTS = """entry @k(%xs: tile<ptr<i64>> {alias = [], element_alias = []}, %nx: tile<i32>,
        %ys: tile<ptr<i64>> {alias = [], element_alias = ["g"]}, %ny: tile<i32>,
        %z: tile<ptr<f32>> {alias = ["g"]}, %raw: tile<ptr<i64>>) {
  %a, %t1 = load_ptr_tko weak %xs : tile<ptr<i64>> -> tile<i64>, token
  %px = int_to_ptr %a : tile<i64> -> tile<ptr<f32>>
  %b, %t2 = load_ptr_tko weak %ys : tile<ptr<i64>> -> tile<i64>, token
  %py = int_to_ptr %b : tile<i64> -> tile<ptr<f32>>
  %c = constant <f32: 1.0> : tile<f32>
  %s1 = store_ptr_tko weak %px, %c : tile<ptr<f32>>, tile<f32> -> token
  %s2 = store_ptr_tko weak %py, %c : tile<ptr<f32>>, tile<f32> -> token
  %s3 = store_ptr_tko weak %z, %c : tile<ptr<f32>>, tile<f32> -> token
  %d, %t3 = load_ptr_tko weak %raw : tile<ptr<i64>> -> tile<i64>, token
  %pr = int_to_ptr %d : tile<i64> -> tile<ptr<f32>>
  %s4 = store_ptr_tko weak %pr, %c : tile<ptr<f32>>, tile<f32> -> token
  return
}"""


def test_arrays_of_a_list_get_the_lists_element_groups():
    """cuTile's list contract: a pointer read out of a list's table is one of the list's
    arrays, in the element groups; one read from any other memory may be anything."""
    k = parse(LISTS)
    f = alias_facts(k, noalias=True)
    lx, ly, sx, sy, sz, lr, sr = mem_ops(k)
    assert not conflict(f, lx, sx) and not conflict(f, sx, sy)     # table, other list
    assert conflict(f, sy, sz)                                    # elements share "g" with z
    assert UNIVERSE in f.footprint(sr) and conflict(f, sx, sr)


def test_list_groups_come_from_the_symbol():
    """Without attributes, the cuTile symbol's list codes give the same facts."""
    k = parse(LISTS.replace("@k(", "@k_Kt1_LA1f32_1t1_p16_LA1f32_1t1_p16g0_A1f32_1t1_p16g0_"
                            "A1i64_1t1_p16(").replace(", %raw: tile<ptr<i64>>",
                                                      ", %z0: tile<i32>, %z1: tile<i32>, "
                                                      "%raw: tile<ptr<i64>>, %r0: tile<i32>, "
                                                      "%r1: tile<i32>"))
    for p in k.params:
        p.attrs.clear()
    f, src = alias_model(k)
    lx, ly, sx, sy, sz, lr, sr = mem_ops(k)
    assert "cuTile's contract" in src
    assert not conflict(f, lx, sx) and not conflict(f, sx, sy) and conflict(f, sy, sz)
    assert conflict(f, sx, sr)


def test_acquire_release_order_everything():
    k = parse_file(EXAMPLES / "spin_lock_accum.tko.mlir")
    f = alias_facts(k, noalias=True)
    ops = mem_ops(k)
    cas, lx, la, st, rel = ops
    assert conflict(f, cas, lx)          # after an acquire
    assert conflict(f, lx, rel)          # before a release
    assert not conflict(f, lx, st)       # data and acc are different arrays


def test_needless_orderings():
    k = parse_file(CORPUS / "axpy_alias_inplace.cutile.mlir")
    assert len(ordered_pairs(k)) == 9
    assert needless_orderings(k, alias_facts(k)) == 0
    # with x and y separate, every ordering of the x load is needless: 5 of 9
    assert needless_orderings(k, alias_facts(k, noalias=True)) == 5
    # `eqsat stats` reads the symbol as optimize does: its group g0 holds x and y, so
    # they may overlap even under noalias; under a plain name noalias separates them
    assert kernel_stats(k, noalias=True)["needless_orderings"] == 0
    k.name = "axpy"
    assert kernel_stats(k, noalias=True)["needless_orderings"] == 5
    assert kernel_stats(parse_file(CORPUS / "axpy_alias_inplace.seq.mlir"))["needless_orderings"] == 0


def test_cutile_contract_and_plain_default():
    """A kernel named by a cuTile symbol gets cuTile's contract (arrays overlap only when
    they share a group); a plain Tile IR kernel keeps the safe default (all may alias)."""
    from corpus_util import CORPUS
    from eqsat.memory.alias import alias_model
    from eqsat.text import parse_file

    k = parse_file(CORPUS / "vector_add.seq.mlir")
    facts, src = alias_model(k)
    assert "cuTile's contract" in src
    a, b, out = sorted(facts.groups)
    assert not facts.may_overlap(frozenset([a]), frozenset([out]))
    k = parse_file(CORPUS / "axpy_alias_inplace.seq.mlir")
    facts, src = alias_model(k)
    x, y = sorted(facts.groups)
    assert facts.may_overlap(frozenset([x]), frozenset([y])) and "cuTile's contract" in src
    k = parse_file(CORPUS / "vector_add.seq.mlir")
    k.name = "vector_add"                       # no symbol: plain Tile IR
    facts, src = alias_model(k)
    a, b, out = sorted(facts.groups)
    assert facts.may_overlap(frozenset([a]), frozenset([out])) and "safe default" in src
