"""`ptr_to_ptr` to another pointee type: loads and stores through the cast pointer read and
write the bytes at its address as the new type, little-endian (what tileiras compiles it
to); expectations are numpy views of the same bytes."""
import numpy as np
import pytest

from eqsat import parse
from eqsat.errors import OutOfBounds
from eqsat.interp import run
from eqsat.interp.inputs import parse_spec

_NP = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64, "f16": np.float16,
       "f32": np.float32, "f64": np.float64}


def _kernel(buf: str, view: str, lanes: int, store: bool, start: int = 0) -> str:
    """Copy `lanes` elements between `%x` (a `buf` array, seen as `view` through
    ptr_to_ptr, from element `start` of the view) and `%y` (a `view` array): `%x` -> `%y`,
    or `%y` -> `%x` when `store`."""
    v = f"{lanes}xptr<{view}>"
    return f"""entry @t(%x: tile<ptr<{buf}>>, %y: tile<ptr<{view}>>) {{
  %c = ptr_to_ptr %x : tile<ptr<{buf}>> -> tile<ptr<{view}>>
  %i = iota : tile<{lanes}xi32>
  %s = constant <i32: {start}> : tile<{lanes}xi32>
  %j = addi %i, %s : tile<{lanes}xi32>
  %cr = reshape %c : tile<ptr<{view}>> -> tile<1xptr<{view}>>
  %cb = broadcast %cr : tile<1xptr<{view}>> -> tile<{v}>
  %cp = offset %cb, %j : tile<{v}>, tile<{lanes}xi32> -> tile<{v}>
  %yr = reshape %y : tile<ptr<{view}>> -> tile<1xptr<{view}>>
  %yb = broadcast %yr : tile<1xptr<{view}>> -> tile<{v}>
  %yp = offset %yb, %i : tile<{v}>, tile<{lanes}xi32> -> tile<{v}>
  %v, %t = load_ptr_tko weak {"%yp" if store else "%cp"} : tile<{v}> -> tile<{lanes}x{view}>, token
  %tk = store_ptr_tko weak {"%cp" if store else "%yp"}, %v : tile<{v}>, tile<{lanes}x{view}> -> token
  return
}}"""


def _run(buf, view, xdata, ydata, store, lanes, start=0):
    spec = parse_spec({"convention": "raw", "params": [
        {"name": "x", "shape": [len(xdata)], "dtype": buf,
         "init": {"kind": "data", "values": xdata.tolist()}},
        {"name": "y", "shape": [len(ydata)], "dtype": view,
         "init": {"kind": "data", "values": ydata.tolist()}}]})
    return run(parse(_kernel(buf, view, lanes, store, start)), spec).buffers


def _data(dtype, n, seed):
    """n values of `dtype` from random bytes, NaNs of the floats replaced (a spec's data
    is numbers)."""
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 256, n * np.dtype(dtype).itemsize, dtype=np.uint8).view(dtype)
    if a.dtype.kind == "f":
        a = np.where(np.isfinite(a), a, dtype(1.5))
    return a.astype(dtype)


# (buffer type, view type): narrower, wider and same-width views, ints and floats
PAIRS = [("i32", "i8"), ("i32", "i16"), ("i8", "i32"), ("i16", "i64"), ("f32", "i32"),
         ("i32", "f32"), ("f64", "f16"), ("f16", "f32"), ("i64", "f64"), ("f32", "f16")]


@pytest.mark.parametrize("buf, view", PAIRS)
def test_a_load_through_a_cast_pointer_reads_the_bytes_as_the_new_type(buf, view):
    x = _data(_NP[buf], 16, 1)
    room = x.nbytes // np.dtype(_NP[view]).itemsize
    lanes = 1 << (min(room, 16).bit_length() - 1)          # a power of two of them
    got = _run(buf, view, x, np.zeros(lanes, _NP[view]), False, lanes)["y"]
    assert got.tobytes() == x.view(_NP[view])[:lanes].tobytes()


@pytest.mark.parametrize("buf, view", PAIRS)
def test_a_store_through_a_cast_pointer_writes_the_new_types_bytes(buf, view):
    x = _data(_NP[buf], 16, 2)
    room = x.nbytes // np.dtype(_NP[view]).itemsize
    lanes = 1 << (min(room, 16).bit_length() - 1)
    y = _data(_NP[view], lanes, 3)
    want = x.copy()
    want.view(_NP[view])[:lanes] = y
    got = _run(buf, view, x, y, True, lanes)["x"]
    assert got.tobytes() == want.tobytes()


def test_f32_stored_through_an_i32_pointer_keeps_its_bits():
    """Same width, other type: the bits move, not the value (-1.5 is 0xBFC00000)."""
    x = np.array([0, 0, 0, 0], np.int32)
    y = np.array([-1.5, 0.25, 3.0e38, -0.0], np.float32)
    got = _run("i32", "f32", x, y, True, 4)["x"]
    assert got.tolist() == y.view(np.int32).tolist()
    assert got[0] == np.int32(np.uint32(0xBFC00000).astype(np.int64) - (1 << 32))


def test_bf16_halves_of_f32_data():
    x = np.array([-1.5, 2.25], np.float32)
    got = _run("f32", "bf16", x, np.zeros(4, np.float32), False, 4)["y"]
    halves = x.view(np.uint16).astype(np.uint32) << 16
    assert got.tobytes() == halves.view(np.float32).tobytes()      # [0, -1.5, 0, 2.25]


def test_a_wider_view_past_the_end_or_misaligned_is_out_of_bounds():
    x = np.arange(6, dtype=np.int32)                       # 24 bytes: three i64, not four
    with pytest.raises(OutOfBounds, match="past the end of 'x'"):
        _run("i32", "i64", x, np.zeros(4, np.int64), False, 4)
    # an i8 pointer one byte in, cast to ptr<i32>
    src = _kernel("i8", "i32", 2, False).replace(
        "%c = ptr_to_ptr %x", "%x1 = offset %x, %one : tile<ptr<i8>>, tile<i32> -> "
        "tile<ptr<i8>>\n  %c = ptr_to_ptr %x1").replace(
        "entry @t(%x: tile<ptr<i8>>, ", "entry @t(%one: tile<i32>, %x: tile<ptr<i8>>, ")
    spec = parse_spec({"convention": "raw", "params": [
        {"name": "one", "dtype": "i32", "value": 1},
        {"name": "x", "shape": [16], "dtype": "i8", "init": "zeros"},
        {"name": "y", "shape": [2], "dtype": "i32", "init": "zeros"}]})
    with pytest.raises(OutOfBounds, match="not aligned to 4 bytes"):
        run(parse(src), spec)
