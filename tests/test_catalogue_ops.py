"""The encoder ops added beside the corpus ones: insert, pack/unpack, get_tensor_shape
(pure: through the interpreter and the optimizer), and the ordering ops gdc_wait_tko,
gdc_launch_dependents_tko, memory_fence_alias_tko (kept as they are: the optimizer does
not encode them and leaves such kernels alone)."""

from pathlib import Path

import numpy as np
import pytest

from eqsat.errors import ParseError, VerifyError
from eqsat.interp.inputs import parse_spec
from eqsat.interp import run
from eqsat.text import parse, parse_file, print_kernel
from eqsat.ir.verify import verify

KERNELS = Path(__file__).resolve().parent / "cutile_kernels"

SHAPES = """entry @k(%x: tile<ptr<f32>>, %n: tile<i32>, %xs: tile<i32>, %y: tile<ptr<f32>>, %m: tile<i32>, %ys: tile<i32>) {
  %tv = make_tensor_view %x, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<?xf32, strides=[1]>>
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %a, %t = load_view_tko weak %pv[%c0] : partition_view<tile=(8), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
  %b = extract %a[%c0] : tile<8xf32> -> tile<4xf32>
  %two = constant <i32: 2> : tile<4xi32>
  %sq = fpowi %b, %two : tile<4xf32>, tile<4xi32>
  %ins = insert %sq, %a[%c1] : tile<4xf32>, tile<8xf32>
  %p = pack %ins : tile<8xf32> -> tile<32xi8>
  %u = unpack %p : tile<32xi8> -> tile<8xf32>
  %s:1 = get_tensor_shape %tv : tensor_view<?xf32, strides=[1]> -> tile<i32>
  %tv2 = make_tensor_view %y, shape = [%s#0], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pv2 = make_partition_view %tv2 : partition_view<tile=(8), tensor_view<?xf32, strides=[1]>>
  %t2 = store_view_tko weak %u, %pv2[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
"""

SPEC = {"grid": [1], "params": [
    {"name": "x", "shape": [16], "dtype": "f32", "init": "normal"},
    {"name": "y", "shape": [16], "dtype": "f32", "init": "zeros"}]}


def test_insert_pack_unpack_tensor_shape_compute_and_survive_the_optimizer():
    from eqsat.equiv import check_equivalent
    from eqsat.pipeline.optimize import optimize

    k = parse(SHAPES)
    verify(k)
    assert parse(print_kernel(k)) is not None
    spec = parse_spec(SPEC)
    b = run(k, spec).buffers
    x, y = b["x"][:8], b["y"][:8]
    want = np.concatenate([x[:4], x[:4] * x[:4]]).astype(np.float32)
    assert np.array_equal(y, want)
    out = optimize(k).kernel
    names = {op.name for op in out.walk()}
    assert {"insert", "pack", "unpack", "get_tensor_shape"} <= names and "fpowi" not in names
    assert check_equivalent(k, out, spec, trials=2, schedules=2, exact=True).ok


def test_shape_op_checks():
    bad = ("entry @b(%a: tile<8xf32>, %s: tile<16xf32>, %i: tile<i32>) {\n"
           "  %r = insert %s, %a[%i] : tile<16xf32>, tile<8xf32>\n  return\n}\n")
    with pytest.raises(VerifyError, match="2:3: error: 'insert'.*dimensions divide"):
        verify(parse(bad))
    bad = SHAPES.replace("tile<8xf32> -> tile<32xi8>", "tile<8xf32> -> tile<16xi8>").replace(
        "tile<32xi8> -> tile<8xf32>", "tile<16xi8> -> tile<8xf32>")
    with pytest.raises(VerifyError, match="'pack' turns a 1-D tile into as many i8 bytes"):
        verify(parse(bad))


def test_ordering_ops_round_trip_run_and_are_left_alone():
    from eqsat.pipeline.optimize import optimize

    k = parse_file(KERNELS / "sync_ops.mlir")
    verify(k)
    assert print_kernel(k) == (KERNELS / "sync_ops.mlir").read_text()
    spec = parse_spec({"convention": "raw", "params": [
        {"name": "x", "shape": [1], "dtype": "f32", "init": {"kind": "full", "value": 3}}]})
    assert run(k, spec).buffers["x"].tolist() == [3.0]
    res = optimize(k)
    assert res.kernel is k and "gdc_wait_tko" in res.report.fallback
    bad = (KERNELS / "sync_ops.mlir").read_text().replace(
        "gdc_launch_dependents_tko -> token", "gdc_launch_dependents_tko -> tile<i32>")
    with pytest.raises(ParseError, match="produces a token"):
        parse(bad)
