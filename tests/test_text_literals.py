"""Constant literals in text: printer -> parser gives every float type's bits back, the hex
forms are MLIR's (tf32 as its 19 bits, dense data past 100 elements as a byte string) and
come back from tileirdisasm bit for bit; decimals round once, as MLIR reads them."""
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


def _const(elem: str, literal: str, shape: str = ""):
    k = parse(f"entry @k() {{\n  %a = constant <{elem}: {literal}> : tile<{shape}{elem}>\n"
              "  return\n}\n")
    return k.body.ops[0].attrs["value"]


_PRECISION = {"f16": 11, "bf16": 8, "tf32": 11, "f32": 24}


@pytest.mark.parametrize("elem", sorted(_PRECISION))
def test_a_decimal_next_to_a_tie_rounds_once(elem):
    """Decimals a hair off a tie of the type, closer than a float64 can tell: MLIR rounds
    the exact value, so they go to the nearer neighbour, not to the even one (reading a
    float64 then rounding it made both the tie)."""
    from decimal import Decimal, getcontext
    from fractions import Fraction
    getcontext().prec = 60
    rng = np.random.default_rng(11)
    p = _PRECISION[elem]
    for _ in range(200):
        lo = Fraction(int(rng.integers(1 << (p - 1), 1 << p)), 1 << p) * Fraction(2) ** int(
            rng.integers(-12, 12))
        ulp = Fraction(1, 1 << p) * Fraction(2) ** (lo.numerator.bit_length()
                                                    - lo.denominator.bit_length() + 1)
        ulp = ulp if lo + ulp > lo else ulp
        for side in (-1, 1):
            x = lo + ulp / 2 + side * ulp * Fraction(1, 10 ** 30)
            text = format(Decimal(x.numerator) / Decimal(x.denominator), ".45e")
            want = float(lo + ulp) if side > 0 else float(lo)
            got = float(_const(elem, text).scalar())
            assert got == want, (elem, text, got, want)


@pytest.mark.parametrize("elem, literal, value", [
    ("f16", "65519.999999999999999999", 65504.0), ("f16", "65520", np.inf),
    ("f16", "-65520.00000000000000001", -np.inf),
    ("f32", "340282356779733661637539395458142568447", float(np.finfo(np.float32).max)),
    ("f32", "340282356779733661637539395458142568448", np.inf),
    ("bf16", "-3.396177e38", -3.3895313892515355e38),
    ("f16", "2.98023223876953125000001e-8", 5.960464477539063e-08),   # over half the least
    ("f16", "2.98023223876953125e-8", 0.0),                             # half: to even, 0
])
def test_a_decimal_at_the_ends_of_the_range_rounds_once(elem, literal, value):
    """At the overflow threshold and half the least subnormal too."""
    got = _const(elem, literal).scalar()
    assert got == value and np.signbit(got) == np.signbit(value)


def test_round_float_rounds_a_float64_once_to_bf16_and_tf32():
    from eqsat.ir.numbers import round_float
    assert round_float("bf16", 1 + 2 ** -8 + 2 ** -30) == 1 + 2 ** -7
    assert round_float("tf32", 1 + 2 ** -11 + 2 ** -30) == 1 + 2 ** -10
    assert round_float("bf16", 1 + 2 ** -8) == 1.0               # a true tie: to even
    assert round_float("tf32", -(1 + 3 * 2 ** -11)) == -(1 + 2 ** -9)


@pytest.mark.parametrize("elem, literal, message", [
    ("f32", "-0x3F800000", "hex float literal -0x3F800000 has a sign"),
    ("f32", "+0x3F800000", "hex float literal \\+0x3F800000 has a sign"),
    ("f4E2M1FN", "nan", "f4E2M1FN has no NaN"),
    ("bf16", "0x1FFFF", "more bits than bf16"),
    ("i8", "0x100", "out of range for i8"),
])
def test_bad_float_and_hex_literals_are_parse_errors(elem, literal, message):
    with pytest.raises(ParseError, match=r"^<input>:2:\d+: error: .*" + message):
        _const(elem, literal)


@pytest.mark.parametrize("elem, literal, value", [
    ("i8", "0x7F", 127), ("i8", "0xFF", -1), ("i8", "255", -1), ("i32", "-0x1", -1),
    ("i64", "-9223372036854775808", -(1 << 63)), ("i64", "18446744073709551615", -1),
    ("i64", "0x8000000000000000", -(1 << 63)), ("i16", "-32768", -32768)])
def test_integer_literals_at_the_bounds_and_in_hex(elem, literal, value):
    """MLIR reads an integer constant in decimal or hex, signed or as the unsigned bits."""
    c = _const(elem, literal)
    assert c.scalar() == value
    k = parse(f"entry @k() {{\n  %a = constant <{elem}: {literal}> : tile<{elem}>\n"
              "  return\n}\n")
    assert f"<{elem}: {value}>" in print_kernel(k)


def test_float_overflow_to_inf_is_quiet():
    """A decimal past the type's range reads as its infinity, with no numpy warning."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _const("f32", "1e39").scalar() == np.inf
        assert _const("f16", "-7e4").scalar() == -np.inf
        assert _const("bf16", "4e38").scalar() == np.inf


@pytest.mark.parametrize("elem, data, want", [
    ("f32", "0x0000803F000000C0000000000000807F",
     np.array([1.0, -2.0, 0.0, np.inf], np.float32)),
    ("i16", "0xFFFF00800100FF7F", np.array([-1, -32768, 1, 32767], np.int16)),
    ("i1", "0x01000100", np.array([True, False, True, False])),
    ("tf32", "0x00FC0300FC0700FE0300FC01", _values("tf32", [0x3FC00, 0x7FC00, 0x3FE00, 0x1FC00])),
    ("bf16", "0x803FC0FF0080807F", _values("bf16", [0x3F80, 0xFFC0, 0x8000, 0x7F80])),
    ("f8E4M3FN", "0x387F80B8", _values("f8E4M3FN", [0x38, 0x7F, 0x80, 0xB8])),
    ("f32", "0x0000803F", np.array(1.0, np.float32)),              # one element: a splat
])
def test_dense_data_as_mlirs_hex_string(elem, data, want):
    """Past 100 elements MLIR writes a constant's data as one string of its bytes,
    little-endian, each element in whole bytes (i1 one byte, tf32 three)."""
    c = _const(elem, f'"{data}"', "4x")
    assert c.array.shape == want.shape and c.array.tobytes() == want.astype(
        c.array.dtype).tobytes()


@pytest.mark.parametrize("elem, data, message", [
    ("f32", "0x0000803F00", "5 bytes of constant data do not fit tile<4xf32> "
     "\\(4 elements of 4 bytes\\)"),
    ("i1", "0x02000000", "constant data holds a value wider than i1"),
    ("tf32", "0x0000080000000000000000000", "must be \"0x\" and pairs of hex digits"),
    ("f32", "0xZZ", "must be \"0x\" and pairs of hex digits"),
    ("f32", "1.0", "must be \"0x\" and pairs of hex digits"),
])
def test_bad_hex_strings_are_parse_errors(elem, data, message):
    with pytest.raises(ParseError, match=r"^<input>:2:\d+: error: .*" + message):
        _const(elem, f'"{data}"', "4x")


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
@pytest.mark.parametrize("elem", ["i1", "i8", "i16", "i32", "i64", "f16", "bf16", "tf32", "f32",
                                  "f64", "f8E4M3FN", "f8E5M2", "f8E8M0FNU"])
def test_tileirdisasm_hex_strings_read_back(elem):
    """A 128-element constant comes back from tileirdisasm as a hex string; eqsat reads it
    as the data written."""
    from eqsat.ir.types import numpy_dtype
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import disassemble_bytecode

    rng = np.random.default_rng(5)
    if elem == "i1":
        arr = rng.integers(0, 2, 128).astype(bool)
    elif elem.startswith("i"):
        arr = rng.integers(-(1 << 62), 1 << 62, 128).astype(numpy_dtype(elem))
    else:
        w = HEX_WIDTHS[elem]
        bits = rng.integers(0, (1 << w) - 1, 128, dtype=np.uint64, endpoint=True)
        arr = _values(elem, bits)
        arr = np.where(np.isnan(arr), np.float32(1.0), arr).astype(arr.dtype)  # NaNs: above
    k = parse(f"entry @k() {{\n  %a = constant <{elem}: {'0' if elem[0] == 'i' else '1.0'}> : "
              f"tile<2x64x{elem}>\n  return\n}}\n")
    k.body.ops[0].attrs["value"] = DenseConst(elem, arr.reshape(2, 64))
    text = disassemble_bytecode(kernel_to_bytecode(k))
    assert f'<{elem}: "0x' in text
    assert parse(text).body.ops[0].attrs["value"] == k.body.ops[0].attrs["value"]


def _print_kernel_text(fmt_literal: str) -> str:
    return ("entry @k() {\n  %c = constant <i32: 1> : tile<i32>\n"
            f"  %t = print_tko {fmt_literal}, %c : tile<i32> -> token\n  return\n}}\n")


@pytest.mark.parametrize("literal, text", [
    (r'"caf\C3\A9 %d"', "café %d"),                  # tileirdisasm: bytes past ASCII as \XX
    ('"café %d"', "café %d"),
    (r'"a\22b\5Cc\0Ad\09e %d"', 'a"b\\c\nd\te %d'),
    (r'"a\"b\\c\nd\te %d"', 'a"b\\c\nd\te %d'),      # MLIR's named escapes
    (r'"bad \FF byte %d"', "bad \udcff byte %d"),      # not UTF-8: kept as the byte
])
def test_strings_are_mlir_byte_strings(literal, text):
    """Escapes stand for bytes of UTF-8 text; the printer writes every byte that is not
    printable ASCII as \\XX, and what it writes reads back the same."""
    k = parse(_print_kernel_text(literal))
    assert k.body.ops[1].attrs["format"] == text
    printed = print_kernel(k)
    assert printed.isascii()
    assert parse(printed).body.ops[1].attrs["format"] == text
    assert print_kernel(parse(printed)) == printed


def test_attribute_strings_with_special_characters_round_trip():
    src = ('entry @k(%a: tile<ptr<f32>> {alias = "q\\22u\\5Co\\0Ate\\C3\\A9"}) {\n'
           "  return\n}\n")
    k = parse(src)
    assert k.params[0].attrs["alias"] == 'q"u\\o\nteé'
    text = print_kernel(k)
    assert "\n  return" in text and parse(text).params[0].attrs == k.params[0].attrs
    assert print_kernel(parse(text)) == text


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
def test_tileirdisasm_gives_a_utf8_string_back():
    """é went to bytecode as C3 A9, came back from tileirdisasm as \\C3\\A9 and was read as
    two characters, which the next write made four bytes."""
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import disassemble_bytecode

    k = parse(_print_kernel_text(r'"café \22q\22 \5C\0A %d"'))
    text = disassemble_bytecode(kernel_to_bytecode(k))
    assert r"caf\C3\A9" in text
    back = parse(text)
    assert back.body.ops[1].attrs == k.body.ops[1].attrs
    assert disassemble_bytecode(kernel_to_bytecode(back)) == text


@pytest.mark.parametrize("elem, literal, bits", [
    ("f8E4M3FN", "464", 0x7E), ("f8E4M3FN", "464.001", 0x7F), ("f8E4M3FN", "-1000.0", 0xFF),
    ("f8E4M3FN", "inf", 0x7F), ("f8E5M2", "61439.9", 0x7B), ("f8E5M2", "61440", 0x7C),
    ("f8E5M2", "-1e9", 0xFC), ("f8E8M0FNU", "2.5e38", 0xFE), ("f8E8M0FNU", "2.6e38", 0xFF),
    ("f4E2M1FN", "100.0", 0x7), ("f4E2M1FN", "-inf", 0xF),
])
def test_an_fp8_literal_past_the_range_is_what_mlir_reads(elem, literal, bits):
    """MLIR (APFloat) rounds the literal, and one past the largest finite value becomes the
    format's infinity, or its NaN where it has none; fp4, with neither, keeps the largest."""
    k = parse(f"entry @k() {{\n  %a = constant <{elem}: {literal}> : tile<{elem}>\n"
              "  return\n}\n")
    assert hex_bits(elem, k.body.ops[0].attrs["value"].array[()]) == bits
    back = parse(print_kernel(k)).body.ops[0].attrs["value"]
    assert hex_bits(elem, back.array[()]) == bits
    assert back == k.body.ops[0].attrs["value"]          # the same NaN, payload and all
