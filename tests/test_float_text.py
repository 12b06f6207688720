"""Float constants in text: printer -> parser gives every float type's bits back, and the
hex forms are MLIR's (tf32 as its 19 bits), read back from tileirdisasm bit for bit."""
import numpy as np
import pytest

from eqsat import ParseError, parse, print_kernel
from eqsat.ir import DenseConst, minifloat
from eqsat.ir.numbers import HEX_WIDTHS, from_hex_bits, hex_bits
from eqsat.toolchain import missing_reason

_UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def _kernel(elem: str, arr: np.ndarray):
    k = parse(f"entry @k() {{\n  %a = constant <{elem}: 0.0> : tile<{arr.size}x{elem}>\n"
              "  return\n}\n")
    k.body.ops[0].attrs["value"] = DenseConst(elem, arr)
    return k


def _bits(arr: np.ndarray) -> list[int]:
    return np.ascontiguousarray(arr).view(_UINT[arr.itemsize]).tolist()


def _values(elem: str, bits) -> np.ndarray:
    return np.array([from_hex_bits(elem, int(b)) for b in bits])


def _sample(elem: str) -> list[int]:
    """Every pattern of a format up to 16 bits; else every exponent with edge fractions
    and both signs, plus random patterns."""
    w = HEX_WIDTHS[elem]
    if w <= 16:
        return list(range(1 << w))
    man = {"tf32": 10, "f32": 23, "f64": 52}[elem]
    fracs = [0, 1, 2, 1 << (man - 1), (1 << (man - 1)) + 1, (1 << man) - 2, (1 << man) - 1]
    exps = range(1 << (w - 1 - man))
    out = [(s << (w - 1)) | (e << man) | f for s in (0, 1) for e in exps for f in fracs]
    rng = np.random.default_rng(7)
    return out + [int(b) for b in rng.integers(0, 1 << min(w, 63), 2000, dtype=np.uint64)]


FLOATS = ["f16", "bf16", "tf32", "f32", "f64", *minifloat.FORMATS]


@pytest.mark.parametrize("elem", FLOATS)
def test_printer_and_parser_give_every_float_its_bits_back(elem):
    bits = _sample(elem)
    k = _kernel(elem, _values(elem, bits))
    text = print_kernel(k)
    back = parse(text).body.ops[0].attrs["value"]
    assert [hex_bits(elem, v) for v in back.array] == bits
    assert back == k.body.ops[0].attrs["value"]
    assert print_kernel(parse(text)) == text


@pytest.mark.parametrize("bits, value, written", [
    (0x3FC00, np.inf, "0x3FC00"), (0x7FC00, -np.inf, "0x7FC00"),
    (0x3FE00, np.nan, "0x3FE00"), (0x40000, -0.0, "0x40000"),
    (0x00001, 2.0 ** -136, "1.147944e-41"), (0x3FBFF, (2 - 2 ** -10) * 2.0 ** 127, "3.401162e+38"),
    (0x1FC00, 1.0, "1.000000e+00")])
def test_tf32_hex_is_its_19_bits_as_mlir_writes_it(bits, value, written):
    """MLIR's tf32 is 19 bits (1 sign, 8 exponent, 10 fraction): `0x3FC00` is +inf, not the
    float32 subnormal those bits would be."""
    v = from_hex_bits("tf32", bits)
    assert (np.isnan(v) and np.isnan(value)) or (v == value and np.signbit(v) == np.signbit(value))
    assert hex_bits("tf32", v) == bits
    k = parse(f"entry @k() {{\n  %a = constant <tf32: 0x{bits:X}> : tile<tf32>\n  return\n}}\n")
    assert k.body.ops[0].attrs["value"] == DenseConst("tf32", v)
    assert f"<tf32: {written}>" in print_kernel(k)


def test_tf32_hex_wider_than_19_bits_is_refused():
    with pytest.raises(ParseError, match=r"2:24: error: 0x7F800000 has more bits than tf32 \(19\)"):
        parse("entry @k() {\n  %a = constant <tf32: 0x7F800000> : tile<tf32>\n  return\n}\n")


def test_a_tf32_nan_keeps_no_bits_below_its_fraction():
    """A NaN rounded to tf32 (or bf16) drops the float32 payload bits the format has no room
    for, so its printed hex reads back as the same value."""
    from eqsat.ir.numbers import round_float
    for elem, keep in (("tf32", 13), ("bf16", 16)):
        nan = float(np.array(0x7F800001, np.uint32).view(np.float32))
        r = np.float32(round_float(elem, nan))
        b = int(r.view(np.uint32))
        assert np.isnan(r) and b & ((1 << keep) - 1) == 0, hex(b)


_WHY = missing_reason()


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
@pytest.mark.parametrize("elem, bits", [
    # +-inf, quiet NaNs of both signs and a payload, -0, smallest subnormals, largest finite
    ("tf32", [0x3FC00, 0x7FC00, 0x3FE00, 0x7FE00, 0x3FFFF, 0x40000, 0x00001, 0x40001,
              0x3FBFF, 0x7FBFF, 0x003FF, 0x00400, 0x1FC00, 0x5FC00, 0x1FC01, 0x3F000]),
    ("f32", [0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0x80000000, 1, 0x7F7FFFFF,
             0x7F800001]),
    ("f16", [0x7C00, 0xFC00, 0x7E00, 0xFE01, 0x8000, 1, 0x7BFF, 0x7C01]),
    ("bf16", [0x7F80, 0xFF80, 0x7FC0, 0xFFC1, 0x8000, 1, 0x7F7F, 0x7F81]),
    ("f64", [0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 1 << 63, 1,
             0x7FEFFFFFFFFFFFFF, 0x7FF0000000000001, 0xFFF8000000000001]),
    ("f8E4M3FN", list(range(64))), ("f8E5M2", list(range(128, 192))),
    ("f8E8M0FNU", list(range(192, 256))),
])
def test_tileirdisasm_gives_our_float_constants_back(elem, bits):
    """Constants written to bytecode come back from NVIDIA's disassembler, parsed by eqsat,
    with the same bits."""
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import disassemble_bytecode

    k = _kernel(elem, _values(elem, bits))
    text = disassemble_bytecode(kernel_to_bytecode(k))
    back = parse(text).body.ops[0].attrs["value"].array
    assert [hex_bits(elem, v) for v in back] == bits, text
