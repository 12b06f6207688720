"""Bytecode writer and tileiras driver against the real NVIDIA tools (the `cuda` extra).

Every corpus file (seq and cutile) is written once, compiled once per arch in a
module-scoped fixture and reused: it must compile for sm_90 and sm_100, disassemble to
the same IR, and (sm_90) give exactly the SASS numbers the corpus manifest recorded
from cuTile's own bytecode.
"""

import re
import struct
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from corpus_util import CORPUS_FILES, SAMPLE_FILES, manifest
from eqsat.errors import EqsatError, VerifyError
from eqsat.ir import first_difference
from eqsat.ir.verify import verify
from eqsat.text import parse, parse_file
from eqsat.toolchain import missing_reason

_WHY = missing_reason()
pytestmark = [
    pytest.mark.cuda,
    pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}"),
]

ARCHS = ("sm_90", "sm_100")
NAMES = [p.name for p in CORPUS_FILES]


@pytest.fixture(scope="module")
def corpus_builds():
    """{file name: bytecode} and {(file name, arch): cubin or the error text}."""
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import compile_bytecode

    bcs = {p.name: kernel_to_bytecode(parse_file(p)) for p in CORPUS_FILES}

    def build(job):
        name, arch = job
        try:
            return job, compile_bytecode(bcs[name], arch).cubin
        except EqsatError as e:
            return job, str(e)

    with ThreadPoolExecutor(max_workers=8) as pool:
        cubins = dict(pool.map(build, [(n, a) for n in NAMES for a in ARCHS]))
    return bcs, cubins


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("name", NAMES)
def test_corpus_compiles(corpus_builds, name, arch):
    _, cubins = corpus_builds
    cubin = cubins[(name, arch)]
    assert isinstance(cubin, bytes), cubin
    assert cubin[:4] == b"\x7fELF"


@pytest.mark.parametrize("path", CORPUS_FILES + SAMPLE_FILES, ids=lambda p: p.name)
def test_disassembly_parses_back_to_the_same_ir(path):
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import disassemble_bytecode

    k = parse_file(path)
    text = disassemble_bytecode(kernel_to_bytecode(k))
    assert first_difference(k, parse(text)) is None
    # the files are tileirdisasm output of cuTile's bytecode: ours prints the same
    assert text == path.read_text()


def test_sass_matches_manifest(corpus_builds):
    from eqsat.lowering.sass import cubin_stats

    _, cubins = corpus_builds
    variants = [v for k in manifest()["kernels"] for v in k["variants"].values()]
    with ThreadPoolExecutor(max_workers=8) as pool:
        stats = list(pool.map(lambda v: cubin_stats(cubins[(v["mlir"], "sm_90")]), variants))
    for v, s in zip(variants, stats):
        got = s.manifest_fields()
        assert got == {f: v[f] for f in got}, v["mlir"]
    assert len(variants) == len(NAMES)


def test_every_version_the_encoder_writes():
    from eqsat.lowering.bytecode import kernel_to_bytecode, supported_versions
    from eqsat.toolchain import compile_bytecode, disassemble_bytecode

    k = parse_file(CORPUS_FILES[NAMES.index("vector_add.cutile.mlir")])
    assert {"13.1", "13.3", "13.4"} <= set(supported_versions())
    for v in supported_versions():
        bc = kernel_to_bytecode(k, version=v, arch="sm_90")
        assert bc[:8] == b"\x7fTileIR\x00" and (bc[8], bc[9]) == tuple(map(int, v.split(".")))
        text = disassemble_bytecode(bc)
        # before 13.3 entry hints are keyed by GPU, not "default"
        assert ("<sm_90 = {}>" in text) == (v in ("13.1", "13.2"))
        compile_bytecode(bc, "sm_100")
    with pytest.raises(EqsatError, match="pass an arch"):
        kernel_to_bytecode(k, version="13.1")
    with pytest.raises(EqsatError, match="unknown bytecode version '12.0'.*13.3"):
        kernel_to_bytecode(k, version="12.0")


@pytest.mark.parametrize("version", ["13.1", "13.2", "13.3", "13.4", "13.5"])
def test_what_each_version_writes_disassembles(version):
    """At every bytecode version, each corpus and sample kernel is either refused by the
    writer with a clear error or written so that tileirdisasm reads the same kernel back
    (before 13.3 hints are keyed by GPU, not "default"). atan2 at 13.1 was written with
    an opcode 13.1 does not have."""
    from eqsat.lowering.bytecode import BytecodeError, kernel_to_bytecode
    from eqsat.toolchain import disassemble_bytecode

    written = 0
    for path in CORPUS_FILES + SAMPLE_FILES:
        k = parse_file(path)
        try:
            bc = kernel_to_bytecode(k, version=version, arch="sm_90")
        except BytecodeError as e:
            assert "needs bytecode" in str(e) or "not available in bytecode" in str(e), e
            continue
        text = disassemble_bytecode(bc, path.name)
        if version in ("13.1", "13.2"):
            text = text.replace("<sm_90 = {", "<default = {")
        back = parse(text)
        assert first_difference(k, back) is None, path.name
        written += 1
    assert written >= len(CORPUS_FILES)


ATTR_FORMS = """entry @forms(%a: tile<f32>, %b: tile<f32>, %i: tile<i32>, %j: tile<i32>, %p: tile<ptr<f32>>) {
  %c = constant <i1: [true, false, true, true, false, false, false, true, true, false, false, false, false, false, false, true]> : tile<16xi1>
  %d = constant <f32: [0x7FC00001, -0.000000e+00, 1.500000e+00, 0xFF800000]> : tile<4xf32>
  %e = constant <bf16: [1.000000e+00, -2.500000e+00]> : tile<2xbf16>
  %f = constant <i8: [-1, 127]> : tile<2xi8>
  %g = constant <f16: 0x7C00> : tile<4xf16>
  %h = constant <i64: -9000000000> : tile<i64>
  %x = mulf %a, %b rounding<zero> flush_to_zero : tile<f32>
  %y = maxf %a, %b flush_to_zero propagate_nan : tile<f32>
  %t = exp %a rounding<approx> : tile<f32>
  %s = sqrt %a rounding<approx> flush_to_zero : tile<f32>
  %u = ftof %a rounding<zero> : tile<f32> -> tile<f16>
  %v = divi %i, %j unsigned : tile<i32>
  %w = addi %i, %j overflow<no_signed_wrap> : tile<i32>
  %q = trunci %i overflow<no_wrap> : tile<i32> -> tile<i8>
  %k = cmpi less_than_or_equal %i, %j, unsigned : tile<i32> -> tile<i1>
  %m = mulhii %i, %j : tile<i32>
  %n = exti %i signed : tile<i32> -> tile<i64>
  %pp = int_to_ptr %n : tile<i64> -> tile<ptr<i32>>
  %ii = ptr_to_int %pp : tile<ptr<i32>> -> tile<i64>
  %io = iota : tile<16xi32>
  %as = assume div_by<4, every 2 along 0>, %io : tile<16xi32>
  %r, %rt = load_ptr_tko acquire device %p : tile<ptr<f32>> -> tile<f32>, token
  %st = store_ptr_tko release sys %p, %r token=%rt : tile<ptr<f32>>, tile<f32> -> token
  %o, %ot = atomic_rmw_tko relaxed tl_blk %p, addf, %a token=%st : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
  %for = for unsigned %iv in (%i to %j, step %j) : tile<i32> iter_values(%acc = %i) -> (tile<i32>) {
    %z = addi %acc, %iv : tile<i32>
    continue %z : tile<i32>
  }
  %sel = if %k -> (tile<i32>) {
    yield %for : tile<i32>
  } else {
    yield %i : tile<i32>
  }
  return
}
"""


def test_attribute_forms_round_trip_and_compile():
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import compile_bytecode, disassemble_bytecode

    k = parse(ATTR_FORMS)
    bc = kernel_to_bytecode(k)
    assert first_difference(k, parse(disassemble_bytecode(bc))) is None
    compile_bytecode(bc, "sm_90")


def test_generic_ops_become_typed_ops():
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import disassemble_bytecode

    k = parse("""entry @g(%a: tile<f32>, %b: tile<f32>, %i: tile<i32>) {
  %0 = pow %a, %b : tile<f32>
  %1 = abs %a : tile<f32>
  %2 = neg %i : tile<i32>
  %3 = abs %i : tile<i32>
  %4 = neg %a : tile<f32>
  print "v=%f\\0A", %0 : tile<f32>
  return
}
""")
    ops = [op.name for op in parse(disassemble_bytecode(kernel_to_bytecode(k))).walk()]
    assert ops == ["fpowf", "absf", "negi", "absi", "negf", "print_tko", "return"]


def test_mma_flags_are_encoded():
    # the text layer cannot read `fast_acc` or mmai's two signednesses yet: check the output
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import disassemble_bytecode

    k = parse("""entry @m() {
  %a = constant <f16: 1.000000e+00> : tile<16x16xf16>
  %c = constant <f32: 0.000000e+00> : tile<16x16xf32>
  %x = constant <i8: 1> : tile<16x16xi8>
  %z = constant <i32: 0> : tile<16x16xi32>
  %0 = mmaf %a, %a, %c : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
  %1 = mmai %x, %x, %z signed : tile<16x16xi8>, tile<16x16xi8>, tile<16x16xi32>
  return
}
""")
    mmaf, mmai = [op for op in k.walk() if op.name.startswith("mma")]
    plain = disassemble_bytecode(kernel_to_bytecode(k))
    assert "mmai %cst_1_i8, %cst_1_i8, %cst_0_i32 signed signed :" in plain
    assert "fast_acc" not in plain
    mmaf.attrs["fast_acc"] = True
    mmai.attrs.pop("signedness")
    mmai.attrs.update(signedness_lhs="signed", signedness_rhs="unsigned")
    text = disassemble_bytecode(kernel_to_bytecode(k))
    assert "fast_acc :" in text
    assert "signed unsigned :" in text


def test_unencodable_input_is_a_clear_error():
    from eqsat.lowering.bytecode import BytecodeError, kernel_to_bytecode

    k = parse(
        "entry @k(%a: tile<16xi32>) {\n  %0 = assume same_elements<[4]>, %a : tile<16xi32>\n"
        "  return\n}\n",
        "same.mlir",
    )
    with pytest.raises(
        BytecodeError, match=r"same\.mlir:2:3: error: 'assume': assume same_elements"
    ):
        kernel_to_bytecode(k, filename="same.mlir")
    misc = [p for p in SAMPLE_FILES if p.name == "misc_ops.cutile.mlir"][0]
    with pytest.raises(BytecodeError, match="'atomic_red_view_tko': needs bytecode 13.3"):
        kernel_to_bytecode(parse_file(misc), version="13.2", arch="sm_90")
    from eqsat.lowering.bytecode import module_to_bytecode

    k = parse("entry @k(%a: tile<f32>) {\n  return\n}\n")
    with pytest.raises(EqsatError, match="cannot hold two kernels named @k"):
        module_to_bytecode([k, parse(str(k))])
    k = parse("entry @k(%a: tile<f32>) {\n  %0 = atan2 %a, %a : tile<f32>\n  return\n}\n")
    with pytest.raises(BytecodeError, match="'atan2': needs bytecode 13.2 or later, writing 13.1"):
        kernel_to_bytecode(k, version="13.1", arch="sm_90")


def test_tool_errors_carry_the_tool_message():
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import (
        ToolError,
        check_arch,
        compile_bytecode,
        disassemble_bytecode,
        valid_archs,
    )

    # a shape the verifier refuses (tests/test_verify.py); the writer does not verify, so
    # the bytecode reaches the tools, whose own message must come through
    k = parse("entry @k() {\n  %0 = iota : tile<9xi32>\n  return\n}\n")
    with pytest.raises(VerifyError, match="power of two"):
        verify(k)
    bad = kernel_to_bytecode(k)
    with pytest.raises(ToolError, match="powers of two"):
        disassemble_bytecode(bad)
    with pytest.raises(ToolError, match="tileiras failed"):
        compile_bytecode(bad, "sm_90")
    assert {"sm_80", "sm_90", "sm_100", "sm_120"} <= set(valid_archs())
    with pytest.raises(EqsatError, match="unknown GPU architecture 'sm_90a'.*sm_100"):
        check_arch("sm_90a")


TEXT_GAPS = {
    "print_tko without operands": 'entry @k() {\n  %t = print_tko "plain" -> token\n  return\n}\n',
    "mmaf fast_acc": "entry @k() {\n  %a = constant <f16: 1.0> : tile<16x16xf16>\n"
    "  %c = constant <f32: 0.0> : tile<16x16xf32>\n"
    "  %0 = mmaf %a, %a, %c : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>\n  return\n}\n",
    "mmai signed unsigned": "entry @k() {\n  %x = constant <i8: 1> : tile<16x16xi8>\n"
    "  %z = constant <i32: 0> : tile<16x16xi32>\n"
    "  %1 = mmai %x, %x, %z signed : tile<16x16xi8>, tile<16x16xi8>, tile<16x16xi32>\n"
    "  return\n}\n",
}


@pytest.mark.parametrize("case", sorted(TEXT_GAPS))
def test_text_layer_reads_every_form_we_write(case):
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import disassemble_bytecode

    k = parse(TEXT_GAPS[case])
    for op in k.walk():
        if op.name == "mmaf":
            op.attrs["fast_acc"] = True
        if op.name == "mmai":
            op.attrs.pop("signedness")
            op.attrs.update(signedness_lhs="signed", signedness_rhs="unsigned")
    back = parse(disassemble_bytecode(kernel_to_bytecode(k)))
    assert first_difference(k, back) is None


def test_ftof_directed_modes_verify_exactly_where_tileiras_compiles():
    """Every pair of floats (but the two eqsat cannot write constants of) and each
    directed mode: `verify` accepts the conversion exactly when tileiras compiles it
    (sm_100 where f8E8M0FNU is involved: sm_90 has no such type)."""
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import ToolError, compile_bytecode
    floats = ("f16", "bf16", "tf32", "f32", "f64", "f8E4M3FN", "f8E5M2", "f8E8M0FNU")
    cases = [(s, d, m) for s in floats for d in floats if s != d
             for m in ("zero", "negative_inf", "positive_inf")]

    def judge(case):
        s, d, m = case
        k = parse(f"entry @k(%p: tile<ptr<{d}>>) {{\n  %a = constant <{s}: 2.0> : tile<{s}>\n"
                  f"  %x = ftof %a rounding<{m}> : tile<{s}> -> tile<{d}>\n"
                  f"  %t = store_ptr_tko weak %p, %x : tile<ptr<{d}>>, tile<{d}> -> token\n"
                  f"  return\n}}\n")
        try:
            verify(k)
            ours = True
        except VerifyError:
            ours = False
        arch = "sm_100" if "f8E8M0FNU" in (s, d) else "sm_90"
        try:
            compile_bytecode(kernel_to_bytecode(k), arch, opt_level=0)
            theirs = True
        except ToolError:
            theirs = False
        return case, ours, theirs

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(judge, cases))
    assert sum(t for _, _, t in results) > 40          # the directed modes do compile
    assert [(c, o, t) for c, o, t in results if o != t] == []


@pytest.mark.parametrize("identity", ["-inf", "-2.5", "-0.0", "0xFFF8000000000001", "inf", "1.5"])
def test_f64_identities_keep_their_sign(identity):
    """cuda-tile's encoder dropped the sign of a 64-bit float attribute (an f64 max
    reduction's -inf identity came back +inf); the disassembly must give ours back."""
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import compile_bytecode, disassemble_bytecode

    k = parse("entry @k(%p: tile<ptr<f64>>) {\n"
              "  %a = constant <f64: 1.0> : tile<16xf64>\n"
              f"  %r = reduce %a dim=0 identities=[{identity} : f64] : tile<16xf64> -> tile<f64>\n"
              "  (%x: tile<f64>, %y: tile<f64>) {\n"
              "    %s = maxf %x, %y : tile<f64>\n    yield %s : tile<f64>\n  }\n"
              f"  %c = scan %a dim=0 reverse=false identities=[{identity} : f64] : "
              "tile<16xf64> -> tile<16xf64>\n"
              "  (%x: tile<f64>, %y: tile<f64>) {\n"
              "    %s = minf %x, %y : tile<f64>\n    yield %s : tile<f64>\n  }\n"
              "  %t = store_ptr_tko weak %p, %r : tile<ptr<f64>>, tile<f64> -> token\n"
              "  return\n}\n")
    verify(k)
    bc = kernel_to_bytecode(k)
    # tileirdisasm writes the identity as hex bits or a decimal (without its type, which
    # eqsat's parser wants: read the value here)
    written = re.findall(r"identities=\[([^]:\s]+)", disassemble_bytecode(bc))
    bits = [int(w, 16) if w.startswith("0x") else
            struct.unpack("<Q", struct.pack("<d", float(w)))[0] for w in written]
    want = k.body.ops[1].attrs["identities"][0].array.view(np.uint64).item()
    assert bits == [want, want], (written, hex(want))
    compile_bytecode(bc, "sm_90", opt_level=0)


NARROW_CONSTANTS = [("f8E5M2", "0x7C"), ("f8E5M2", "0xFC"), ("f8E5M2", "0xFE"),
                    ("f8E4M3FN", "0xFF"), ("f8E4M3FN", "-4.480000e+02"),
                    ("f8E8M0FNU", "0xFF")]


@pytest.mark.parametrize("elem,value", NARROW_CONSTANTS)
def test_narrow_float_constants_keep_their_codes(elem, value):
    """An fp8 constant is written as the code it holds, not converted again: the
    conversion saturated an f8E5M2 infinity to 57344 and gave every NaN the positive
    canonical code."""
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import compile_bytecode, disassemble_bytecode

    k = parse(f"entry @k(%p: tile<ptr<{elem}>>) {{\n"
              f"  %c = constant <{elem}: [{value}, 1.0]> : tile<2x{elem}>\n"
              f"  %r = reshape %p : tile<ptr<{elem}>> -> tile<1xptr<{elem}>>\n"
              f"  %b = broadcast %r : tile<1xptr<{elem}>> -> tile<2xptr<{elem}>>\n"
              f"  %t = store_ptr_tko weak %b, %c : tile<2xptr<{elem}>>, tile<2x{elem}> -> token\n"
              "  return\n}\n")
    verify(k)
    bc = kernel_to_bytecode(k)
    assert first_difference(k, parse(disassemble_bytecode(bc))) is None
    compile_bytecode(bc, "sm_100", opt_level=0)


@pytest.mark.parametrize("value", ["[0.0, 1.5, -6.0, 0.5]", "-1.5"])
def test_f4_constants_are_written(value):
    """f4E2M1FN constants take a byte per element, the code in the low half (the writer
    refused them; tileiras compiles them)."""
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import compile_bytecode, disassemble_bytecode

    k = parse("entry @k(%p: tile<ptr<f32>>) {\n"
              f"  %c = constant <f4E2M1FN: {value}> : tile<4xf4E2M1FN>\n"
              "  %f = ftof %c : tile<4xf4E2M1FN> -> tile<4xf32>\n"
              "  %r = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
              "  %b = broadcast %r : tile<1xptr<f32>> -> tile<4xptr<f32>>\n"
              "  %i = iota : tile<4xi32>\n"
              "  %q = offset %b, %i : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>\n"
              "  %t = store_ptr_tko weak %q, %f : tile<4xptr<f32>>, tile<4xf32> -> token\n"
              "  return\n}\n")
    verify(k)
    bc = kernel_to_bytecode(k)
    assert first_difference(k, parse(disassemble_bytecode(bc))) is None
    compile_bytecode(bc, "sm_100", opt_level=0)


@pytest.mark.parametrize("elem,identity", [("f32", "0x7F800001"), ("f32", "0xFF800001"),
                                           ("bf16", "0x7F81"), ("f16", "0x7C01")])
def test_signalling_nan_identities_keep_their_bits(elem, identity):
    """An identity is written from its bits, not through a Python float (which quieted
    a signalling NaN: f32 0x7F800001 came back 0x7FC00001)."""
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import disassemble_bytecode

    k = parse(f"entry @k(%p: tile<ptr<{elem}>>) {{\n"
              f"  %a = constant <{elem}: 1.0> : tile<16x{elem}>\n"
              f"  %r = reduce %a dim=0 identities=[{identity} : {elem}] : "
              f"tile<16x{elem}> -> tile<{elem}>\n"
              f"  (%x: tile<{elem}>, %y: tile<{elem}>) {{\n"
              f"    %s = maxf %x, %y : tile<{elem}>\n    yield %s : tile<{elem}>\n  }}\n"
              f"  %t = store_ptr_tko weak %p, %r : tile<ptr<{elem}>>, tile<{elem}> -> token\n"
              "  return\n}\n")
    verify(k)
    assert first_difference(k, parse(disassemble_bytecode(kernel_to_bytecode(k)))) is None


_RANDOM_FAMILIES = {"default": {}, "loops": {"loops": True}, "atomics": {"atomics": True},
                    "scatters": {"scatters": True, "allow_alias": False},
                    "parallel-stores": {"parallel_stores": True, "max_depth": 3}}


@pytest.mark.parametrize("family", list(_RANDOM_FAMILIES))
def test_random_kernels_survive_the_disassembler(family):
    """Random kernels, drawn and optimized, written as bytecode: tileirdisasm gives the
    same kernel back (parameter attributes aside: bytecode has no place for them), it
    computes the same under the interpreter, and tileiras compiles it. (`lanes` off:
    its 65536-lane iotas take tileiras minutes and gigabytes.)"""
    from hypothesis import given, settings

    from eqsat.interp import run
    from eqsat.interp.compare import compare_outputs
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.pipeline.optimize import optimize
    from eqsat.testing import kernels
    from eqsat.toolchain import compile_bytecode, disassemble_bytecode

    @settings(max_examples=max(4, settings.default.max_examples // 25))
    @given(kernels(lanes=False, **_RANDOM_FAMILIES[family]))
    def prop(case):
        for k in (case.kernel, optimize(case.kernel).kernel):
            bc = kernel_to_bytecode(k)
            back = parse(disassemble_bytecode(bc))
            bare = parse(str(k))
            for p in bare.params:
                p.attrs = {}
            assert first_difference(bare, back) is None
            for p, q in zip(back.params, k.params):
                p.attrs = dict(q.attrs)
            ref = run(k, case.spec, seed=0).buffers
            assert compare_outputs(ref, run(back, case.spec, seed=0).buffers, exact=True) is None
            compile_bytecode(bc, "sm_90", opt_level=0)
    prop()
