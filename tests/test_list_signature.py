"""Lists of arrays at launch: the signature cuTile's launcher states for a list (one
element constraint that every array of the list meets), its mangled code, and what the
memory model proves for list-taking kernels against cuTile's token order."""

from pathlib import Path

import numpy as np
import pytest

from eqsat.analysis.signature import (LaunchArray, ListInfo, SignatureError, decode_symbol,
                                      encode_symbol, list_launch_info)
from eqsat.errors import EqsatError
from eqsat.frontend.launch import signature_from_args
from eqsat.toolchain import missing_reason

ROOT = Path(__file__).resolve().parent.parent


def _la(shape, strides, address=4096, bits=16):
    return LaunchArray(bits, tuple(shape), tuple(strides), address)


def test_list_facts_hold_for_every_array():
    even = _la((64, 32), (32, 1))
    odd = _la((48, 30), (30, 1), address=4098)        # 30 columns: stride 60 bytes
    info = list_launch_info("f16", [even, odd])
    e = info.element
    assert e.shape_divisible_by == (16, 1)             # 64, 48 by 16; 30 is not
    assert e.stride_constant == (None, 1)
    assert e.stride_divisible_by == (1, 1)              # 60 bytes is no multiple of 16
    assert e.base_divisible_by == 1                     # one base is not 16-byte aligned
    alone = list_launch_info("f16", [even]).element
    assert alone.shape_divisible_by == (16, 16) and alone.stride_divisible_by == (8, 1)
    assert alone.base_divisible_by == 16
    assert not info.elements_may_alias and info.alias_groups == ()


def test_list_refusals():
    with pytest.raises(SignatureError, match="empty list"):
        list_launch_info("f16", [])
    with pytest.raises(SignatureError, match="vary in rank"):
        list_launch_info("f16", [_la((16, 16), (16, 1)), _la((16,), (1,))])


def test_list_code_round_trips():
    xs = [np.zeros((32, 64), np.float16), np.zeros((64, 32), np.float16)]
    buf = np.zeros(4096, np.float16)
    shared = [buf[:1024].reshape(32, 32), buf[512:1536].reshape(32, 32)]
    sig = signature_from_args("k", [xs, shared, buf[:16]])
    symbol = encode_symbol(sig)
    a, b, c = decode_symbol(symbol).params
    assert isinstance(a, ListInfo) and isinstance(b, ListInfo)
    assert not a.elements_may_alias and b.elements_may_alias
    assert b.element.alias_groups and b.element.alias_groups == c.alias_groups
    assert encode_symbol(decode_symbol(symbol)) == symbol


def test_list_of_other_things_is_refused():
    with pytest.raises(EqsatError, match="must hold numpy arrays"):
        signature_from_args("k", [[1, 2]])
    with pytest.raises(EqsatError, match="vary in element type"):
        signature_from_args("k", [[np.zeros(16, np.float16), np.zeros(16, np.float32)]])


_WHY = missing_reason()


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
def test_spec_lists_get_the_launchers_signature_and_cuTile_reads_it():
    from cuda.tile.compilation import ListConstraint

    from eqsat.frontend import _cutile
    from eqsat.frontend.launch import kernel_signature
    from eqsat.interp.inputs import load_spec

    kernels = ROOT / "benchmarks" / "kernels"
    k = _cutile.get_kernel(_cutile.load_module(kernels / "grouped_gemm.py"), None)
    ks = kernel_signature(k, load_spec(kernels / "specs" / "grouped_gemm.json"))
    lists = [p for p in ks.parameters if isinstance(p, ListConstraint)]
    assert len(lists) == 3 and not any(p.elements_may_alias for p in lists)
    assert all(p.element.base_addr_divisible_by == 16 for p in lists)
    assert all(p.element.stride_constant == (None, 1) for p in lists)
    assert ks.symbol.count("_LA2f16") == 3


def _list_kernels() -> list[Path]:
    out = []
    for folder in (ROOT / "benchmarks" / "kernels", ROOT / "tests" / "cutile_kernels"):
        for p in sorted(folder.glob("*.py")):
            if not p.stem.startswith("_") and "array_list(" in p.read_text():
                out.append(p)
    return out


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
@pytest.mark.parametrize("path", _list_kernels(), ids=lambda p: p.stem)
def test_list_kernels_keep_no_more_tokens_than_cutile(path):
    from eqsat.frontend import cutile_bytecode, from_cutile, load_cutile
    from eqsat.memory.alias import alias_model
    from eqsat.memory.ordering import needless_orderings
    from eqsat.pipeline.optimize import optimize
    from eqsat.text import parse
    from eqsat.toolchain import disassemble_bytecode
    from eqsat.lowering.cutile_workflow import ir_metrics

    kernel, sig, _ = load_cutile(str(path))
    res = optimize(from_cutile(kernel, sig).kernel)
    assert res.report.fallback is None
    ours = ir_metrics(res.kernel)
    exp = cutile_bytecode(kernel, sig)
    theirs = ir_metrics(parse(disassemble_bytecode(exp.bytecode)))
    assert ours["loop_carried_tokens"] <= theirs["loop_carried_tokens"]
    assert ours["join_tokens"] <= theirs["join_tokens"]
    assert needless_orderings(res.kernel, alias_model(res.kernel)[0]) == 0


# A persistent GEMM inside a loop over groups, as cuTile's front end writes it in program
# order (three loops deep: groups, a block's tiles, K). cuTile keeps 2 carried tokens and
# no join; token-set analysis cannot show that every store waits for every earlier store
# on every path here (a zero-trip inner loop hands on older instances), and clean-up once
# gave up on the whole kernel, leaving 3 carried tokens, 2 joins and 2 needless orderings.
NESTED_GEMM = """entry @nested_gemm_Kt1_A2f16_1l0_2t1_p16_A2f16_1l0_2t1_p16_A2f16_1l0_2t1_p16_I3_I32_I32_I32(%a: tile<ptr<f16>> {alias = [], may_alias_internally = false, div_by = 16, shape_div_by = [1, 1], stride_div_by = [1, 1], contiguous = true}, %a_shape0: tile<i32>, %a_shape1: tile<i32>, %a_stride0: tile<i32>, %a_stride1: tile<i32>, %b: tile<ptr<f16>> {alias = [], may_alias_internally = false, div_by = 16, shape_div_by = [1, 1], stride_div_by = [1, 1], contiguous = true}, %b_shape0: tile<i32>, %b_shape1: tile<i32>, %b_stride0: tile<i32>, %b_stride1: tile<i32>, %c: tile<ptr<f16>> {alias = [], may_alias_internally = false, div_by = 16, shape_div_by = [1, 1], stride_div_by = [1, 1], contiguous = true}, %c_shape0: tile<i32>, %c_shape1: tile<i32>, %c_stride0: tile<i32>, %c_stride1: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %a : tile<ptr<f16>>
  %assume_0 = assume div_by<16>, %b : tile<ptr<f16>>
  %assume_1 = assume div_by<16>, %c : tile<ptr<f16>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %cst_1_i32_3 = constant <i32: 1> : tile<i32>
  %assume_4 = assume bounded<0, ?>, %a_shape0 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %a_shape1 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %a_stride0 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_4, %assume_5], strides = [%assume_6, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_7 = assume bounded<0, ?>, %b_shape0 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %b_shape1 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %b_stride0 : tile<i32>
  %tview_10 = make_tensor_view %assume_0, shape = [%assume_7, %assume_8], strides = [%assume_9, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_11 = assume bounded<0, ?>, %c_shape0 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %c_shape1 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %c_stride0 : tile<i32>
  %tview_14 = make_tensor_view %assume_1, shape = [%assume_11, %assume_12], strides = [%assume_13, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %cst_3_i32 = constant <i32: 3> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32_15 = constant <i32: 1> : tile<i32>
  for %loopIdx in (%cst_0_i32 to %cst_3_i32, step %cst_1_i32_15) : tile<i32> {
    %pview = make_partition_view %tview_14 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
    %0:2 = get_index_space_shape %pview : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %pview_16 = make_partition_view %tview_14 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
    %1:2 = get_index_space_shape %pview_16 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %2 = muli %1#0, %0#1 : tile<i32>
    for %loopIdx_17 in (%blockId_x to %2, step %gridSize_x) : tile<i32> {
      %3 = divi %loopIdx_17, %0#1 signed rounding<negative_inf> : tile<i32>
      %4 = remi %loopIdx_17, %0#1 signed : tile<i32>
      %cst_0_i32_18 = constant <i32: 0> : tile<i32>
      %5 = cmpi less_than %4, %cst_0_i32_18, signed : tile<i32> -> tile<i1>
      %6 = cmpi less_than %0#1, %cst_0_i32_18, signed : tile<i32> -> tile<i1>
      %7 = xori %5, %6 : tile<i1>
      %8 = cmpi not_equal %4, %cst_0_i32_18, signed : tile<i32> -> tile<i1>
      %9 = andi %7, %8 : tile<i1>
      %10 = addi %4, %0#1 : tile<i32>
      %11 = select %9, %10, %4 : tile<i1>, tile<i32>
      %cst_0_f32 = constant <f32: 0.000000e+00> : tile<32x32xf32>
      %pview_19 = make_partition_view %tview : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
      %12:2 = get_index_space_shape %pview_19 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
      %cst_0_i32_20 = constant <i32: 0> : tile<i32>
      %cst_1_i32_21 = constant <i32: 1> : tile<i32>
      %for = for %loopIdx_23 in (%cst_0_i32_20 to %12#1, step %cst_1_i32_21) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<32x32xf32>) {
        %pview_24 = make_partition_view %tview : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
        %tile, %result_token = load_view_tko weak %pview_24[%3, %loopIdx_23] : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
        %pview_25 = make_partition_view %tview_10 : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
        %tile_26, %result_token_27 = load_view_tko weak %pview_25[%loopIdx_23, %11] : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
        %15 = mmaf %tile, %tile_26, %iterArg0 : tile<32x32xf16>, tile<32x32xf16>, tile<32x32xf32>
        continue %15 : tile<32x32xf32>
      }
      %13 = ftof %for : tile<32x32xf32> -> tile<32x32xf16>
      %pview_22 = make_partition_view %tview_14 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
      %14 = store_view_tko weak %13, %pview_22[%3, %11] : tile<32x32xf16>, partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    }
  }
  return
}
"""


def test_clean_up_frees_what_no_op_needs_where_the_analysis_cannot_vouch():
    from eqsat.equiv import check_equivalent
    from eqsat.interp.inputs import parse_spec
    from eqsat.lowering.cutile_workflow import ir_metrics
    from eqsat.memory.alias import alias_model
    from eqsat.memory.ordering import needless_orderings
    from eqsat.pipeline.optimize import optimize
    from eqsat.text import parse

    seq = parse(NESTED_GEMM, "<nested gemm>")
    out = optimize(seq).kernel
    m = ir_metrics(out)
    assert (m["loop_carried_tokens"], m["join_tokens"]) == (2, 0)
    assert needless_orderings(out, alias_model(out)[0]) == 0
    uniform = {"kind": "uniform", "low": -1, "high": 1}
    spec = parse_spec({"grid": [3, 1, 1], "params": [
        {"name": n, "shape": [64, 64], "dtype": "f16", "init": uniform} for n in "abc"]},
        "<nested gemm spec>")
    assert check_equivalent(seq, out, spec, trials=2, schedules=8).ok
