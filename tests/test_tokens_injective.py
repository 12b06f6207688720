"""Injectivity of store indices in loop induction variables (eqsat.memory.injective), and the
cuTile signature decoder it reads array layouts from (eqsat.analysis.signature)."""
from __future__ import annotations

import json

import pytest

from corpus_util import CORPUS
from eqsat.memory.alias import alias_facts
from eqsat.memory.injective import Bounds, disjoint_across, injective_in
from eqsat.analysis.signature import (ArrayInfo, ConstInfo, ScalarInfo, SignatureError,
                                      alias_groups_of, array_layouts, decode_symbol)
from eqsat.text import parse, parse_file

VIEW = "partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>"


def _one_loop(index_ops: str, ub: str = "%n", attrs: str = "", index: str = "%j") -> str:
    return f"""entry @k(%p: tile<ptr<f32>> {attrs}, %n: tile<i32>) {{
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %c2 = constant <i32: 2> : tile<i32>
  %c3 = constant <i32: 3> : tile<i32>
  %c100 = constant <i32: 100> : tile<i32>
  %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pv = make_partition_view %tv : {VIEW}
  %x = constant <f32: 1.0> : tile<16xf32>
  for %i in (%c0 to {ub}, step %c1) : tile<i32> {{
{index_ops}
    %t = store_view_tko weak %x, %pv[{index}] : tile<16xf32>, {VIEW}, tile<i32> -> token
  }}
  return
}}"""


def _store_and_loops(k):
    store = next(op for op in k.walk() if op.name.startswith("store"))
    loops = [op for op in k.walk() if op.name == "for"]
    return store, loops


def _disjoint(src: str, noalias: bool = True) -> list[bool]:
    k = parse(src)
    store, loops = _store_and_loops(k)
    facts = alias_facts(k, noalias=noalias)
    return [disjoint_across(store, loop, facts, array_layouts(k)) for loop in loops]


@pytest.mark.parametrize("ops,ub,expected", [
    ("    %j = assume bounded<0, ?>, %i : tile<i32>", "%n", True),          # the iv itself
    ("    %m = muli %i, %c3 : tile<i32>\n    %j = addi %m, %c1 : tile<i32>", "%n", True),
    ("    %j = muli %c3, %i : tile<i32>", "%n", True),                    # odd factor: wraps, still 1:1
    ("    %j = muli %i, %c2 : tile<i32>", "%n", False),                   # even factor may wrap
    ("    %j = muli %i, %c2 : tile<i32>", "%c100", True),                 # ... bounds: no wrap
    ("    %j = addi %c1, %c2 : tile<i32>", "%n", False),                  # the same every time
    ("    %m = muli %i, %c0 : tile<i32>\n    %j = addi %m, %c1 : tile<i32>", "%n", False),
])
def test_affine_indices(ops, ub, expected):
    assert _disjoint(_one_loop(ops, ub)) == [expected]


def test_self_aliasing_array_is_never_parallel():
    src = _one_loop("    %j = muli %i, %c3 : tile<i32>", attrs="{may_alias_internally = true}")
    assert _disjoint(src) == [False]


def test_unknown_pointer_is_never_parallel():
    src = _one_loop("    %j = muli %i, %c3 : tile<i32>")
    k = parse(src)
    store, (loop,) = _store_and_loops(k)
    facts = alias_facts(k, noalias=True)
    facts.roots.clear()                    # the view's origin forgotten: the universe
    assert not disjoint_across(store, loop, facts)


NEST = """entry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>) {
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %c8 = constant <i32: 8> : tile<i32>
  %tv = make_tensor_view %p, shape = [%n, %n], strides = [%s, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pv = make_partition_view %tv : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>
  %tf = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pf = make_partition_view %tf : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
  %x = constant <f32: 1.0> : tile<16x16xf32>
  %y = constant <f32: 1.0> : tile<16xf32>
  for %i in (%c0 to %c8, step %c1) : tile<i32> {
    for %j in (%c0 to %c8, step %c1) : tile<i32> {
      STORE
    }
  }
  return
}"""
TUPLE = ("%t = store_view_tko weak %x, %pv[%i, %j] : tile<16x16xf32>, partition_view<"
         "tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token")
FLAT = ("%a = muli %i, %c8 : tile<i32>\n      %b = addi %a, %j : tile<i32>\n      "
        "%t = store_view_tko weak %y, %pf[%b] : tile<16xf32>, partition_view<tile=(16), "
        "tensor_view<?xf32, strides=[1]>>, tile<i32> -> token")
INNER_ONLY = ("%t = store_view_tko weak %y, %pf[%j] : tile<16xf32>, partition_view<tile=(16), "
              "tensor_view<?xf32, strides=[1]>>, tile<i32> -> token")


def test_nested_loops():
    # a 2-D tile tuple needs the array's own strides: a symbol-less kernel cannot prove
    # rows do not overlap
    assert _disjoint(NEST.replace("STORE", TUPLE)) == [False, False]
    # a flat index i*8 + j with 0 <= j < 8 is injective in the whole nest
    assert _disjoint(NEST.replace("STORE", FLAT)) == [True, True]
    # only the inner iv: distinct inner iterations, the same slots every outer iteration
    assert _disjoint(NEST.replace("STORE", INNER_ONLY)) == [False, True]


def test_nested_tuple_with_signature_layout():
    # the same nest with a cuTile symbol: %p is a 2-D array (ptr, 2 shapes, 2 strides)
    src = NEST.replace("STORE", TUPLE).replace(
        "entry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>)",
        "entry @k_Kt1_A2f32_1l0_2t1_p16(%p: tile<ptr<f32>>, %n: tile<i32>, %m: tile<i32>, "
        "%s: tile<i32>, %u: tile<i32>)").replace("shape = [%n, %n]", "shape = [%n, %m]")
    assert _disjoint(src) == [True, True]


def test_moe_permute_scatter_and_its_mask():
    k = parse_file(CORPUS / "moe_permute.seq.mlir")
    store, (loop,) = _store_and_loops(k)
    facts = alias_facts(k, noalias=True)
    lay = array_layouts(k)
    assert disjoint_across(store, loop, facts, lay)
    # without the in-bounds test on the column the rows could overlap: not provable
    src = (CORPUS / "moe_permute.seq.mlir").read_text().replace(
        "%55 = andi %37, %54", "%55 = andi %37, %37")
    k2 = parse(src)
    store2, (loop2,) = _store_and_loops(k2)
    assert not disjoint_across(store2, loop2, alias_facts(k2, noalias=True), array_layouts(k2))
    # nor without knowing the array's layout
    assert not disjoint_across(store, loop, facts, {})


def test_injective_in_and_bounds():
    k = parse(_one_loop("    %j = muli %i, %c3 : tile<i32>"))
    (loop,) = [op for op in k.walk() if op.name == "for"]
    j = next(op for op in k.walk() if op.name == "muli").result
    assert injective_in(j, loop, k)
    assert injective_in(loop.regions[0].args[0], loop, k)
    b = Bounds(k)
    assert b.of(loop.regions[0].args[0]) == (0, 2**31 - 2)


# -- the signature decoder ---------------------------------------------------------------------
def _manifest():
    return json.loads((CORPUS / "manifest.json").read_text())["kernels"]


def test_decodes_every_corpus_symbol():
    for entry in _manifest():
        sig = decode_symbol(entry["symbol"])
        assert sig.name == entry["name"] and sig.cconv == "t1"
        arrays = [p for p in sig.params if isinstance(p, ArrayInfo)]
        assert arrays and all(a.stride_constant[-1] == 1 for a in arrays)
        assert all(a.base_divisible_by == 16 and not a.may_alias_internally for a in arrays)
        k = parse_file(CORPUS / f"{entry['name']}.seq.mlir")
        assert len(array_layouts(k)) == len(arrays)


def test_axpy_shares_a_group_and_layouts_match_parameters():
    sig = decode_symbol("axpy_alias_inplace_Kt1_A1f32_1t1_p16g0_A1f32_1t1_p16g0_Sf32_I1024")
    x, y, alpha, tile = sig.params
    assert x.alias_groups == y.alias_groups == ("group0",)
    assert alpha == ScalarInfo("f32") and tile == ConstInfo(1024)
    k = parse_file(CORPUS / "layernorm_fwd.seq.mlir")
    lay = array_layouts(k)
    assert sorted(lay) == [0, 5, 8, 11, 16, 19]
    assert lay[0].shapes == (1, 2) and lay[0].strides == (3, 4)
    assert lay[0].info.stride_constant == (None, 1) and lay[0].info.stride_lower_bound == (0, None)
    assert alias_groups_of(parse_file(CORPUS / "axpy_alias_inplace.seq.mlir")) == {
        0: ("group0",), 3: ("group0",)}


def test_other_codes():
    sig = decode_symbol("f_Kt1_A3i8_7s4_2i8_p8g0g1iw_A1f16_g1_B1_I_5_F3ff0000000000000_Su32")
    a, b, flag, neg, one, u = sig.params
    assert a.ndim == 3 and a.dtype == "i8" and a.shape_constant == (4, 4, 4)
    assert a.shape_divisible_by == (1, 8, 1) and a.alias_groups == ("group0", "group1")
    assert a.may_alias_internally and a.index_dtype == "i64"
    assert b.alias_groups == ("group1",) and flag == ConstInfo(True)
    assert neg == ConstInfo(-5) and one == ConstInfo(1.0) and u == ScalarInfo("u32")


@pytest.mark.parametrize("bad", ["plain_name", "k_Kt1_Q", "k_Kt1_A1x9", "k_Kt1_A1f32_g1",
                                 "k_Kt1_A2f32_4t1"])
def test_bad_symbols(bad):
    with pytest.raises(SignatureError):
        decode_symbol(bad)
    assert alias_groups_of(parse(f"entry @{bad}(%p: tile<ptr<f32>>) {{\n  return\n}}")) is None


def _tiles_loop(ub_ops: str, ub: str) -> str:
    """A loop over the tiles of a view storing at tile 2*j+1 (odd tiles only)."""
    return f"""entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {{
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %c2 = constant <i32: 2> : tile<i32>
  %c15 = constant <i32: 15> : tile<i32>
  %c16 = constant <i32: 16> : tile<i32>
  %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pv = make_partition_view %tv : {VIEW}
  %x = constant <f32: 1.0> : tile<16xf32>
{ub_ops}
  for %i in (%c0 to {ub}, step %c1) : tile<i32> {{
    %m = muli %i, %c2 : tile<i32>
    %j = addi %m, %c1 : tile<i32>
    %t = store_view_tko weak %x, %pv[%j] : tile<16xf32>, {VIEW}, tile<i32> -> token
  }}
  return
}}"""


@pytest.mark.parametrize("ub_ops,ub", [
    # the tile count of the view: at most ceil((2^31 - 1) / 16), so 2*i+1 cannot wrap
    ("  %nt = get_index_space_shape %pv : " + VIEW + " -> tile<i32>", "%nt"),
    # cdiv(n, 16) = (n + 15) / 16, whatever n is
    ("  %a = addi %n, %c15 : tile<i32>\n  %nt = divi %a, %c16 signed : tile<i32>", "%nt"),
], ids=["index-space-shape", "cdiv"])
def test_an_even_stride_store_over_a_bounded_tile_count_is_parallel(ub_ops, ub):
    assert _disjoint(_tiles_loop(ub_ops, ub)) == [True]


def test_an_even_stride_store_over_any_count_may_wrap():
    assert _disjoint(_tiles_loop("", "%n")) == [False]


def test_odd_tile_store_loses_its_loop_carried_token():
    from eqsat.pipeline.optimize import optimize
    from eqsat.memory.stats import kernel_stats

    bounded = parse(_tiles_loop("  %nt = get_index_space_shape %pv : " + VIEW + " -> tile<i32>",
                                "%nt"))
    assert kernel_stats(optimize(bounded, noalias=True).kernel)["loop_carried_tokens"] == 0
    unbounded = parse(_tiles_loop("", "%n"))
    assert kernel_stats(optimize(unbounded, noalias=True).kernel)["loop_carried_tokens"] == 1
