"""The verifier: real IR passes; each rule fires on a minimal bad kernel, naming the op,
the rule and the source line."""
from pathlib import Path

import pytest

from eqsat.errors import ParseError, VerifyError
from eqsat.ir.attrs import DenseConst
from eqsat.ir.builder import KernelBuilder
from eqsat.ir.core import Kernel, Operation, Region, Value
from eqsat.ir.types import TileType, TOKEN
from eqsat.text import parse, parse_file
from eqsat.ir.verify import RULES, check, verify, verify_op

HERE = Path(__file__).parent
CORPUS = sorted((HERE / "corpus").glob("*.mlir"))
SAMPLES = sorted((HERE.parent / "docs" / "toolchain" / "samples").glob("*.mlir"))

HEAD = ("entry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %f: tile<4xf32>, %i: tile<4xi32>, "
        "%b: tile<4xi1>, %c: tile<i1>, %s: tile<f32>, %q: tile<4xptr<f32>>, "
        "%h: tile<4x8xf16>, %acc: tile<4x4xf32>) {\n")
TV = ("  %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> "
      "tensor_view<?xf32, strides=[1]>")
PVT = "partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>"
PV = f"  %pv = make_partition_view %tv : {PVT}"


def kernel_text(*body: str) -> str:
    """A kernel whose body lines start at line 2."""
    return HEAD + "".join(line + "\n" for line in body) + "  return\n}\n"


def expect_error(text: str, rule: str, op: str, line: int, fragment: str = "") -> VerifyError:
    k = parse(text, "bad.mlir")
    with pytest.raises(VerifyError) as info:
        verify(k, "bad.mlir")
    e = info.value
    assert (e.rule, e.op, e.loc[0] if e.loc else None) == (rule, op, line), str(e)
    assert fragment in e.message, str(e)
    assert e.rule in RULES
    assert str(e).startswith(f"bad.mlir:{line}:") and f"'{op}' [{rule}]" in str(e)
    errs = check(k, "bad.mlir")
    assert errs and str(errs[0]) == str(e)
    return e


# -- real IR ----------------------------------------------------------------------------

@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_corpus_verifies(path):
    k = parse_file(path)
    verify(k, str(path))
    assert check(k) == []


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_toolchain_samples_verify(path):
    """Every sample the parser reads verifies (parser coverage is tested elsewhere)."""
    try:
        k = parse_file(path)
    except ParseError as e:
        pytest.skip(f"parser does not read this sample yet: {e}")
    verify(k, str(path))


def test_valid_control_flow_passes():
    """break/continue/return inside ifs nested in loops are fine."""
    text = kernel_text(
        "  %r = loop iter_values(%a = %n) : tile<i32> -> tile<i32> {",
        "    if %c {",
        "      break %a : tile<i32>",
        "    } else {",
        "      continue %a : tile<i32>",
        "    }",
        "    for %iv in (%n to %n, step %n) : tile<i32> {",
        "      if %c {",
        "        continue",
        "      } else {",
        "        return",
        "      }",
        "    }",
        "    continue %a : tile<i32>",
        "  }",
    )
    verify(parse(text))


# -- one test per rule, from text -----------------------------------------------------------

TYPE_CASES = [
    (["  %x = addi %f, %f : tile<4xf32>"], "addi", 2, "integer"),
    (["  %x = addf %i, %i : tile<4xi32>"], "addf", 2, "float"),
    (["  %x = exp %i : tile<4xi32>"], "exp", 2, "float"),
    (["  %x = fma %i, %i, %i : tile<4xi32>"], "fma", 2, "float"),
    (["  %x = cmpi less_than %i, %i, signed : tile<4xi32> -> tile<4xi32>"], "cmpi", 2,
     "tile<4xi1>"),
    (["  %x = cmpf less_than ordered %i, %i : tile<4xi32> -> tile<4xi1>"], "cmpf", 2, "float"),
    (["  %x = exti %i signed : tile<4xi32> -> tile<4xi8>"], "exti", 2, "wider"),
    (["  %x = trunci %i : tile<4xi32> -> tile<4xi64>"], "trunci", 2, "narrower"),
    (["  %x = itof %f signed : tile<4xf32> -> tile<4xf32>"], "itof", 2, "integer to float"),
    (["  %x = ftoi %f signed : tile<4xf32> -> tile<8xi32>"], "ftoi", 2, "keeps the shape"),
    (["  %x = bitcast %h : tile<4x8xf16> -> tile<4x8xi32>"], "bitcast", 2, "bit width"),
    (["  %x = reshape %f : tile<4xf32> -> tile<8xf32>"], "reshape", 2, "count"),
    (["  %x = broadcast %f : tile<4xf32> -> tile<8xf32>"], "broadcast", 2, "broadcast"),
    (["  %x = broadcast %s : tile<f32> -> tile<8xf32>"], "broadcast", 2, "same rank"),
    (["  %x = select %c, %f, %f : tile<i1>, tile<4xf32>"], "select", 2, "condition"),
    (["  %x = offset %p, %i : tile<ptr<f32>>, tile<4xi32> -> tile<ptr<f32>>"], "offset", 2,
     "offset"),
    (["  %x = iota : tile<4xf32>"], "iota", 2, "1-D integer"),
    (["  %tv = make_tensor_view %n, shape = [%n], strides = [1] : tile<i32> -> "
      "tensor_view<?xf32, strides=[1]>"], "make_tensor_view", 2, "tile<ptr<f32>>"),
    (["  %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> "
      "tensor_view<?xi32, strides=[1]>"], "make_tensor_view", 2, "tile<ptr<i32>>"),
    (["  %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> "
      "tensor_view<128xf32, strides=[1]>"], "make_tensor_view", 2, "static_shape"),
    ([TV, "  %pv = make_partition_view %tv : partition_view<tile=(4x4), tensor_view<?xf32, "
          "strides=[1]>>"], "make_partition_view", 3, "rank-1"),
    ([TV, PV, f"  %t, %tok = load_view_tko weak %pv[%n] : {PVT}, tile<i32> -> tile<8xf32>, "
              "token"], "load_view_tko", 4, "tile<4xf32>, token"),
    ([TV, PV, f"  %tok = store_view_tko weak %i, %pv[%n] : tile<4xi32>, {PVT}, tile<i32> -> "
              "token"], "store_view_tko", 4, "stored value"),
    ([TV, PV, f"  %t, %tok = load_view_tko weak %pv[%s] : {PVT}, tile<f32> -> tile<4xf32>, "
              "token"], "load_view_tko", 4, "scalar integer"),
    (["  %x, %t = load_ptr_tko weak %q, %i, %f : tile<4xptr<f32>>, tile<4xi32>, tile<4xf32> -> "
      "tile<4xf32>, token"], "load_ptr_tko", 2, "mask"),
    (["  %x, %t = load_ptr_tko weak %q, %i : tile<4xptr<f32>>, tile<4xi32> -> tile<4xf32>, token"],
     "load_ptr_tko", 2, "padding"),
    (["  %t = store_ptr_tko weak %q, %i : tile<4xptr<f32>>, tile<4xi32> -> token"],
     "store_ptr_tko", 2, "stored value"),
    (["  %x, %t = atomic_rmw_tko relaxed device %q, add, %i : tile<4xptr<f32>>, tile<4xi32> -> "
      "tile<4xi32>, token"], "atomic_rmw_tko", 2, "the value"),
    (["  %x = mmaf %h, %h, %acc : tile<4x8xf16>, tile<4x8xf16>, tile<4x4xf32>"], "mmaf", 2,
     "multiply"),
    (["  %x = permute %h [0, 1] : tile<4x8xf16> -> tile<8x4xf16>"], "permute", 2, "results"),
    (["  %x = cat %f, %i dim = 0 : tile<4xf32>, tile<4xi32> -> tile<8xf32>"], "cat", 2,
     "concatenate"),
    (["  %x = extract %f[%n] : tile<4xf32> -> tile<8xf32>"], "extract", 2, "divide"),
    (["  for %iv in (%s to %s, step %s) : tile<f32> {", "  }"], "for", 2, "scalar integer"),
    (["  if %b {", "  } else {", "  }"], "if", 2, "condition"),
]


@pytest.mark.parametrize("body,op,line,fragment", TYPE_CASES,
                         ids=[f"{c[1]}-{i}" for i, c in enumerate(TYPE_CASES)])
def test_type_mismatch(body, op, line, fragment):
    expect_error(kernel_text(*body), "type-mismatch", op, line, fragment)


def test_attribute():
    expect_error(kernel_text("  %x = cmpi bogus %i, %i, signed : tile<4xi32> -> tile<4xi1>"),
                 "attribute", "cmpi", 2, "predicate")
    expect_error(kernel_text("  %x = permute %h [0, 0] : tile<4x8xf16> -> tile<4x8xf16>"),
                 "attribute", "permute", 2, "not a permutation")
    expect_error(kernel_text("  %r = reduce %f dim=1 identities=[0.0 : f32] : tile<4xf32> -> "
                             "tile<f32>", "  (%a: tile<f32>, %z: tile<f32>) {",
                             "    yield %a : tile<f32>", "  }"),
                 "attribute", "reduce", 2, "out of range")


ROUNDING_CASES = [    # (op text, fragment): each a mode cuda-tile's parser or verifier refuses
    ("  %x = ftoi %f signed rounding<nearest_even> : tile<4xf32> -> tile<4xi32>",
     "must be nearest_int_to_zero"),
    ("  %x = divi %i, %i unsigned rounding<negative_inf> : tile<4xi32>", "only when signed"),
    ("  %x = divi %i, %i signed rounding<nearest_even> : tile<4xi32>", "zero, positive_inf"),
    ("  %x = addi %i, %i rounding<zero> : tile<4xi32>", "takes no rounding mode"),
    ("  %x = maxf %f, %f rounding<zero> : tile<4xf32>", "takes no rounding mode"),
    ("  %x = exp %f rounding<nearest_even> : tile<4xf32>", "full, approx"),
    ("  %x = sqrt %f rounding<full> : tile<4xf32>", "approx"),
    ("  %x = addf %f, %f rounding<approx> : tile<4xf32>", "nearest_even, zero"),
    ("  %x = ftof %f rounding<zero> : tile<4xf32> -> tile<4xf8E4M3FN>", "toward zero is for f16"),
    ("  %x = ftof %f rounding<negative_inf> : tile<4xf32> -> tile<4xf16>",
     "applies to f16 only from f4E2M1FN, f8E4M3FN, f8E5M2"),
    ("  %x = ftof %f rounding<positive_inf> : tile<4xf32> -> tile<4xbf16>",
     "applies never to bf16"),
    ("  %x = ftof %h rounding<positive_inf> : tile<4x8xf16> -> tile<4x8xf8E5M2>",
     "applies never to f8E5M2"),
    ("  %x = itof %i signed rounding<zero> : tile<4xi32> -> tile<4xf32>", "nearest even only"),
    ("  %x = addf %h, %h flush_to_zero : tile<4x8xf16>", "flush_to_zero applies to f32 only"),
    ("  %x = divf %h, %h rounding<full> : tile<4x8xf16>", "rounding<full> applies to f32 only"),
    ("  %x = exp %h rounding<approx> : tile<4x8xf16>", "rounding<approx> applies to f32 only"),
    ("  %x = addi %i, %i overflow<bogus> : tile<4xi32>", "one of none, no_signed_wrap"),
    ("  %x = negi %i overflow<no_unsigned_wrap> : tile<4xi32>", "no no_unsigned_wrap flag"),
]


@pytest.mark.parametrize("body,fragment", ROUNDING_CASES, ids=[c[0].split()[2] + f"-{i}"
                                                              for i, c in enumerate(ROUNDING_CASES)])
def test_rounding_modes_follow_each_op(body, fragment):
    expect_error(kernel_text(body), "attribute", body.split()[2], 2, fragment)


def test_rounding_modes_each_op_takes_verify():
    for line in ("  %x = divi %i, %i unsigned rounding<positive_inf> : tile<4xi32>",
                 "  %x = divf %f, %f rounding<approx> : tile<4xf32>",
                 "  %x = tanh %f rounding<approx> : tile<4xf32>",
                 "  %x = exp %h rounding<full> : tile<4x8xf16>",
                 "  %x = ftof %f rounding<positive_inf> : tile<4xf32> -> tile<4xf8E8M0FNU>"):
        verify(parse(kernel_text(line)))


# ftof's directed modes tileiras compiles (sm_90): toward zero into f16, bf16, tf32, f32 and
# f64 from any other float; toward either infinity into f32 and f64 from the narrower
# floats and f64 -> f32, into f16 from the 8-bit floats
FTOF_DIRECTED_OK = [
    ("f32", "f16", "zero"), ("f64", "f16", "zero"), ("f32", "bf16", "zero"),
    ("f16", "bf16", "zero"), ("bf16", "f16", "zero"), ("f32", "tf32", "zero"),
    ("f64", "f32", "zero"), ("f8E8M0FNU", "f32", "zero"), ("f16", "f64", "zero"),
    ("f64", "f32", "negative_inf"), ("f64", "f32", "positive_inf"),
    ("f16", "f32", "negative_inf"), ("bf16", "f64", "positive_inf"),
    ("tf32", "f32", "positive_inf"), ("f8E4M3FN", "f16", "negative_inf"),
    ("f8E5M2", "f16", "positive_inf"), ("f8E8M0FNU", "f64", "negative_inf"),
    ("f4E2M1FN", "f16", "negative_inf"), ("f4E2M1FN", "f32", "positive_inf"),
    ("f4E2M1FN", "bf16", "zero"),
]


@pytest.mark.parametrize("src,dst,mode", FTOF_DIRECTED_OK,
                         ids=[f"{s}-{d}-{m}" for s, d, m in FTOF_DIRECTED_OK])
def test_ftof_directed_modes_tileiras_compiles_verify(src, dst, mode):
    verify(parse(kernel_text(f"  %a = constant <{src}: 1.0> : tile<4x{src}>",
                             f"  %x = ftof %a rounding<{mode}> flush_to_zero : "
                             f"tile<4x{src}> -> tile<4x{dst}>")))


def test_ftof_directed_from_fnv8_is_not_supported_yet():
    def text(mode: str) -> str:
        return ("entry @k(%q: tile<ptr<fnv8E5M3FNU>>) {\n"
                "  %a, %t = load_ptr_tko weak %q : tile<ptr<fnv8E5M3FNU>> -> tile<fnv8E5M3FNU>, "
                "token\n"
                f"  %x = ftof %a{mode} : tile<fnv8E5M3FNU> -> tile<f16>\n  return\n}}\n")
    expect_error(text(" rounding<zero>"), "attribute", "ftof", 3,
                 "does not support rounding<zero> from it yet")
    verify(parse(text("")))


def test_bitcast_of_tf32_to_itself_verifies():
    """tileiras compiles it (a no-op, as every same-type bitcast); tf32 to any other type
    stays refused above."""
    verify(parse(kernel_text(T8, "  %x = bitcast %t8 : tile<4xtf32> -> tile<4xtf32>")))


@pytest.mark.parametrize("src,dst,mode", [("f8E8M0FNU", "f32", "positive_inf"),
                                          ("f64", "f16", "negative_inf"),
                                          ("f4E2M1FN", "bf16", "positive_inf"),
                                          ("f16", "tf32", "positive_inf"),
                                          ("f32", "f8E4M3FN", "zero")])
def test_ftof_directed_modes_tileiras_refuses_stay_refused(src, dst, mode):
    expect_error(kernel_text(f"  %a = constant <{src}: 1.0> : tile<4x{src}>",
                             f"  %x = ftof %a rounding<{mode}> : tile<4x{src}> -> "
                             f"tile<4x{dst}>"), "attribute", "ftof", 3, f"rounding<{mode}>")


SATURATING_CASES = [   # conversions other than ftoi, each given ftoi's `saturating` flag
    "  %x = itof %i signed saturating : tile<4xi32> -> tile<4xf32>",
    "  %x = ftof %f saturating : tile<4xf32> -> tile<4xf16>",
    "  %x = exti %i signed saturating : tile<4xi32> -> tile<4xi64>",
    "  %x = trunci %i saturating : tile<4xi32> -> tile<4xi8>",
    "  %x = bitcast %f saturating : tile<4xf32> -> tile<4xi32>",
]


@pytest.mark.parametrize("body", SATURATING_CASES, ids=[c.split()[2] for c in SATURATING_CASES])
def test_only_a_saturable_op_takes_saturating(body):
    name = body.split()[2]
    expect_error(kernel_text(body), "attribute", name, 2,
                 f"'saturating' is ftoi's flag, not {name}'s")


def test_the_saturable_trait_not_the_name_decides():
    """An op added with the trait takes the flag (and the error then names every op
    that does); ftoi takes it as before."""
    from eqsat.ir.ops import ONE, SPECS, define_op, undefine_op
    assert SPECS["ftoi"].has("saturable") and not SPECS["itof"].has("saturable")
    verify(parse(kernel_text("  %x = ftoi %f signed saturating : tile<4xf32> -> tile<4xi8>")))
    define_op("clampf", "convert", (("x", ONE),), traits=("saturable",))
    try:
        verify(parse(kernel_text("  %x = clampf %f saturating : tile<4xf32> -> tile<4xf16>")))
        expect_error(kernel_text(SATURATING_CASES[1]), "attribute", "ftof", 2,
                     "'saturating' is a flag of clampf, ftoi, not ftof's")
    finally:
        undefine_op("clampf")


def test_operand_count():
    expect_error(kernel_text(TV, PV, f"  %t, %tok = load_view_tko weak %pv[%n, %n] : {PVT}, "
                             "tile<i32> -> tile<4xf32>, token"),
                 "operand-count", "load_view_tko", 4, "1 indices")


def test_result_count():
    expect_error(kernel_text(TV, PV, f"  %t = load_view_tko weak %pv[%n] : {PVT}, tile<i32> -> "
                             "tile<4xf32>"),
                 "result-count", "load_view_tko", 4, "2 result(s)")


def test_region_arity():
    expect_error(kernel_text("  %r = reduce %f dim=0 identities=[0.0 : f32] : tile<4xf32> -> "
                             "tile<f32>", "  (%a: tile<f32>, %z: tile<i32>) {",
                             "    yield %a : tile<f32>", "  }"),
                 "region-arity", "reduce", 2, "region arguments must be")


TERMINATOR_CASES = [
    (["  for %iv in (%n to %n, step %n) : tile<i32> {", "    yield", "  }"], "yield", 3,
     "cannot end a region of 'for'"),
    (["  for %iv in (%n to %n, step %n) : tile<i32> {", "    if %c {", "      break",
      "    } else {", "    }", "  }"], "break", 4, "cannot end a region of 'if'"),
    (["  if %c {", "    continue", "  } else {", "  }"], "continue", 3, "allowed: return, yield"),
    (["  %r = for %iv in (%n to %n, step %n) : tile<i32> iter_values(%a = %s) -> (tile<f32>) {",
      "    continue %n : tile<i32>", "  }"], "continue", 3, "expects (tile<f32>)"),
    (["  %r = loop iter_values(%a = %n) : tile<i32> -> tile<f32> {", "    if %c {",
      "      break %a : tile<i32>", "    } else {", "    }", "    continue %a : tile<i32>", "  }"],
     "break", 4, "expects (tile<f32>)"),
    (["  %r = if %c -> (tile<f32>) {", "    yield %s : tile<f32>", "  } else {", "    yield",
      "  }"], "yield", 5, "passes ()"),
    (["  %r = reduce %f dim=0 identities=[0.0 : f32] : tile<4xf32> -> tile<f32>",
      "  (%a: tile<f32>, %z: tile<f32>) {", "  }"], "reduce", 2, "does not end"),
    (["  %r = reduce %f dim=0 identities=[0.0 : f32] : tile<4xf32> -> tile<f32>",
      "  (%a: tile<f32>, %z: tile<f32>) {", "    if %c {", "      return", "    } else {",
      "    }", "    yield %a : tile<f32>", "  }"], "return", 5, "cannot end"),
]


@pytest.mark.parametrize("body,op,line,fragment", TERMINATOR_CASES,
                         ids=[f"{c[1]}-{i}" for i, c in enumerate(TERMINATOR_CASES)])
def test_terminator(body, op, line, fragment):
    expect_error(kernel_text(*body), "terminator", op, line, fragment)


def test_op_after_terminator():
    """Text cannot put an op after a terminator (a parse error); built IR can (a verify error)."""
    from eqsat.errors import ParseError
    src = kernel_text("  for %iv in (%n to %n, step %n) : tile<i32> {", "    continue",
                      '    print "x"', "  }")
    with pytest.raises(ParseError, match="must be the last op"):
        parse(src)
    k = parse(kernel_text("  for %iv in (%n to %n, step %n) : tile<i32> {", "    continue",
                          "  }"))
    loop = next(op for op in k.walk() if op.name == "for")
    loop.regions[0].append(Operation("print", [], [], {"format": "x"}))
    with pytest.raises(VerifyError) as info:
        verify(k)
    assert info.value.rule == "terminator" and "last op" in str(info.value)


# -- rules the text cannot express: mutate parsed IR (locations survive) ---------------------

LOOPY = kernel_text(
    "  %r = for %iv in (%n to %n, step %n) : tile<i32> iter_values(%a = %s) -> (tile<f32>) {",
    "    %inner = addf %a, %s : tile<f32>",
    "    continue %inner : tile<f32>",
    "  }",
    "  %x = addf %r, %s : tile<f32>",
    "  %y = mulf %x, %x : tile<f32>",
    "  %t = make_token : token",
    "  %j = join_tokens %t, %t : token",
)


def ops_by_name(k):
    return {op.name: op for op in k.walk()}


def expect_mutant(k, rule, op, line, fragment):
    with pytest.raises(VerifyError) as info:
        verify(k)
    e = info.value
    assert (e.rule, e.op, e.loc[0]) == (rule, op, line), str(e)
    assert fragment in e.message, str(e)
    assert e.rule in RULES


def test_undefined_value_used_before_definition():
    k = parse(LOOPY)
    ops = ops_by_name(k)
    ops["addf"] = [o for o in k.body.ops if o.name == "addf"][0]
    ops["addf"].operands[1] = ops["mulf"].result
    expect_mutant(k, "undefined-value", "addf", 6, "used before its definition")


def test_undefined_value_from_closed_region():
    k = parse(LOOPY)
    body = k.body.ops[0].regions[0]
    outer_add = k.body.ops[1]
    outer_add.operands[1] = body.ops[0].result
    expect_mutant(k, "undefined-value", "addf", 6, "does not enclose this use")


def test_undefined_value_foreign():
    k = parse(LOOPY)
    k.body.ops[2].operands[0] = Value(TileType((), "f32"), "ghost")
    expect_mutant(k, "undefined-value", "mulf", 7, "%ghost) is not defined in this kernel")


def test_defined_twice():
    k = parse(LOOPY)
    k.body.ops.insert(3, k.body.ops[2])          # the mulf op, a second time
    expect_mutant(k, "defined-twice", "mulf", 7, "appears twice")
    k = parse(LOOPY)
    loop = k.body.ops[0]
    twin = Operation("for", loop.operands, [r.type for r in loop.results],
                     segments=loop.segments, loc=(5, 3))
    twin.regions = loop.regions                   # one body Region shared by two loops
    k.body.ops.insert(1, twin)
    expect_mutant(k, "defined-twice", "for", 5, "region argument 0")


def test_value_owner():
    k = parse(LOOPY)
    k.body.ops[1].results[0].index = 3
    expect_mutant(k, "value-owner", "addf", 6, "does not point back")


def test_unknown_op():
    k = parse(LOOPY)
    k.body.ops[2].name = "frobnicate"
    expect_mutant(k, "unknown-op", "frobnicate", 7, "unknown operation")


def test_invalid_type():
    k = parse(LOOPY)
    k.body.ops[2].results[0].type = TileType((0,), "f32")
    expect_mutant(k, "invalid-type", "mulf", 7, "positive integers")
    k = parse(LOOPY)
    k.body.ops[2].results[0].type = TileType((), "f8")
    expect_mutant(k, "invalid-type", "mulf", 7, "unknown element type")


def test_token_operand_must_be_token():
    k = parse(LOOPY)
    join = k.body.ops[4]
    join.operands[1] = k.body.ops[2].result
    expect_mutant(k, "type-mismatch", "join_tokens", 9, "joins tokens")


def test_operand_count_from_segments():
    k = parse(LOOPY)
    k.body.ops[1].operands.append(k.params[6].value)
    expect_mutant(k, "operand-count", "addf", 6, "3 operand(s)")


def test_region_arity_of_for_body():
    k = parse(LOOPY)
    k.body.ops[0].regions[0].args.pop()
    expect_mutant(k, "region-arity", "for", 2, "takes 2 argument(s), found 1")


def test_check_collects_every_error_in_order():
    k = parse(LOOPY)
    k.body.ops[2].name = "frobnicate"                    # line 7
    k.body.ops[4].operands[0] = k.params[1].value        # join of a tile, line 9
    k.body.ops[0].regions[0].ops[0].results[0].type = TileType((), "f16")   # line 3
    errs = check(k, "m.mlir")
    assert [(e.rule, e.loc[0]) for e in errs] == [
        ("type-mismatch", 3), ("terminator", 4), ("unknown-op", 7), ("type-mismatch", 9)]
    with pytest.raises(VerifyError) as info:
        verify(k, "m.mlir")
    assert str(info.value) == str(errs[0])


def test_verify_op_checks_a_lone_op():
    a = Value(TileType((4,), "f32"))
    verify_op(Operation("addf", [a, a], [a.type]))
    with pytest.raises(VerifyError) as info:
        verify_op(Operation("addf", [a, a], [TOKEN]))
    assert info.value.rule == "type-mismatch"


def test_unknown_attribute_would_be_lost_in_printing():
    k = parse(LOOPY)
    k.body.ops[1].attrs["note"] = "from a pass"
    expect_mutant(k, "attribute", "addf", 6, "no attribute 'note'")
    k = parse(LOOPY)
    k.body.ops[1].attrs["flush_to_zero"] = False      # flags are absent when off
    expect_mutant(k, "attribute", "addf", 6, "flush_to_zero")


def test_huge_shapes_do_not_overflow():
    """2^32 x 2^32 elements are 0 in 64-bit arithmetic: counted exactly, far too many."""
    expect_error(kernel_text("  %x = reshape %f : tile<4xf32> -> "
                             "tile<4294967296x4294967296xf32>"),
                 "invalid-type", "reshape", 2, "18446744073709551616 elements")


def test_nesting_too_deep_is_an_error_not_a_crash():
    cond = Operation("constant", [], [TileType((), "i1")], {"value": DenseConst("i1", True)})
    body = Region([], [cond])
    region = body
    for _ in range(3000):
        inner = Region()
        region.append(Operation("if", [cond.result], [],
                                regions=[inner, Region([], [Operation("yield")])]))
        if region is not body:
            region.append(Operation("yield"))
        region = inner
    region.append(Operation("yield"))
    body.append(Operation("return"))
    k = Kernel("deep", [], body)
    with pytest.raises(VerifyError) as info:
        verify(k)
    assert info.value.rule == "nesting-depth"
    assert [e.rule for e in check(k)] == ["nesting-depth"]


# -- what tileiras refuses as it reads a type or checks an op: caught here, with the op, its
# line and column and the reason, not later inside tileiras (each probed with tileiras sm_90)

def expect_at(text: str, rule: str, op: str, line: int, fragment: str, col: int = 3):
    e = expect_error(text, rule, op, line, fragment)
    assert e.loc == (line, col), str(e)
    return e


SHAPE_CASES = [   # (body, op, line, fragment): tile shapes tileiras will not read
    (["  %x = iota : tile<9xi32>"], "iota", 2,
     "result 0: tile<9xi32>: every tile dimension must be a power of two, found 9"),
    (["  %x = constant <f32: 1.0> : tile<6x4xf32>"], "constant", 2, "power of two, found 6"),
    (["  %r = reshape %s : tile<f32> -> tile<1xf32>",
      "  %x = broadcast %r : tile<1xf32> -> tile<3xf32>"], "broadcast", 3, "found 3"),
    (["  %e = constant <f32: 1.0> : tile<8xf32>",
      "  %x = cat %e, %f dim = 0 : tile<8xf32>, tile<4xf32> -> tile<12xf32>"], "cat", 3,
     "tile<12xf32>: every tile dimension must be a power of two, found 12"),
    ([TV, "  %pv = make_partition_view %tv : partition_view<tile=(3), tensor_view<?xf32, "
          "strides=[1]>>"], "make_partition_view", 3,
     "the view's tile (3): every tile dimension must be a power of two, found 3"),
    ([TV, "  %sv = make_strided_view %tv : strided_view<tile=(6), traversal_strides=[8], "
          "tensor_view<?xf32, strides=[1]>>"], "make_strided_view", 3, "found 6"),
    (["  %x = constant <f32: 1.0> : tile<33554432xf32>"], "constant", 2,
     "tile<33554432xf32> has 33554432 elements, more than a tile holds (16777216, 2^24)"),
    ([TV, "  %pv = make_partition_view %tv : partition_view<tile=(33554432), tensor_view<?xf32, "
          "strides=[1]>>"], "make_partition_view", 3, "33554432 elements, more than a tile"),
    (["  %x = int_to_ptr %i : tile<4xi32> -> tile<4xptr<f4E2M1FN>>"], "int_to_ptr", 2,
     "pointers to f4E2M1FN are scalars only"),
    (["  %x = constant <f4E2M1FN: 1.5> : tile<f4E2M1FN>"], "constant", 2,
     "tile<f4E2M1FN>: f4E2M1FN tiles hold an even number of elements"),
    (["  %x = constant <f4E2M1FN: 1.5> : tile<1xf4E2M1FN>"], "constant", 2, "even number"),
]


@pytest.mark.parametrize("body,op,line,fragment", SHAPE_CASES,
                         ids=[f"{c[1]}-{i}" for i, c in enumerate(SHAPE_CASES)])
def test_tile_shapes_tileiras_refuses(body, op, line, fragment):
    expect_at(kernel_text(*body), "invalid-type", op, line, fragment)


def test_tile_shapes_tileiras_reads_verify():
    """0-d tiles, dimensions of 1, 2^24 elements and tensor_views of any size are fine."""
    verify(parse(kernel_text(
        "  %a = constant <f32: 1.0> : tile<1x1x16777216xf32>",
        "  %a0 = constant <f32: 1.0> : tile<f32>",
        "  %tv = make_tensor_view %p, shape = [12, 3], strides = [3, 1] : "
        "tensor_view<12x3xf32, strides=[3,1]>",
        "  %pv = make_partition_view %tv : partition_view<tile=(4x4), tensor_view<12x3xf32, "
        "strides=[3,1]>>")))


def test_a_parameter_of_a_refused_shape_is_named():
    """An error about a parameter points at its `%name`, in the format of op errors."""
    k = parse("entry @k(%a: tile<3xf32>) {\n  %x = addf %a, %a : tile<3xf32>\n  return\n}\n")
    with pytest.raises(VerifyError) as info:
        verify(k, "p.mlir")
    e = info.value
    assert (e.op, e.rule, e.loc) == ("entry", "invalid-type", (1, 10))
    assert e.message == ("parameter 0 (%a): tile<3xf32>: every tile dimension must be a power "
                         "of two, found 3")
    assert str(e) == ("p.mlir:1:10: error: 'entry' [invalid-type]: parameter 0 (%a): "
                      "tile<3xf32>: every tile dimension must be a power of two, found 3")
    assert [str(x) for x in check(k, "p.mlir")] == [str(e)]      # not again at its use


# A parameter list over three lines: %p at 1:10, %n at 2:10, %f at 3:10.
MULTI = ("entry @k(%p: tile<ptr<f32>>,\n"
         "         %n: tile<6xi32>,\n"
         "         %f: tile<4xf32> {div_by = 16}) {\n"
         "  return\n}\n")


def test_a_parameter_on_a_later_line_of_the_list_is_pointed_at():
    k = parse(MULTI, "m.mlir")
    assert [p.loc for p in k.params] == [(1, 10), (2, 10), (3, 10)]
    with pytest.raises(VerifyError) as info:
        verify(k, "m.mlir")
    assert str(info.value) == ("m.mlir:2:10: error: 'entry' [invalid-type]: parameter 1 (%n): "
                               "tile<6xi32>: every tile dimension must be a power of two, "
                               "found 6")


def _param_errors(k: Kernel) -> list[str]:
    errs = check(k, "m.mlir")
    assert errs, "no error"
    with pytest.raises(VerifyError) as info:
        verify(k, "m.mlir")
    assert str(info.value) == str(errs[0])
    return [str(e) for e in errs]


def test_every_parameter_rule_points_at_the_parameter():
    """Attributes, ownership and double definition (IR the text cannot say: mutated after
    parsing) each name the parameter's line and column; `check` keeps them apart."""
    k = parse(MULTI.replace("tile<6xi32>", "tile<i32>"), "m.mlir")
    verify(k)
    k.params[2].attrs["bad key"] = 1
    k.params[0].attrs["div_by"] = 1.5
    assert _param_errors(k) == [
        "m.mlir:1:10: error: 'entry' [attribute]: parameter 0 attribute 'div_by' = 1.5: "
        "values are str, int, bool, None or tuples of those",
        "m.mlir:3:10: error: 'entry' [attribute]: parameter 2 attribute name 'bad key' is not "
        "an identifier"]

    k = parse(MULTI.replace("tile<6xi32>", "tile<i32>"), "m.mlir")
    k.params[1].value.index = 0
    assert _param_errors(k) == [
        "m.mlir:2:10: error: 'entry' [value-owner]: parameter 1 (%n) does not point "
        "back to the kernel at its position"]

    k = parse(MULTI.replace("tile<6xi32>", "tile<i32>"), "m.mlir")
    k.params[2].value = k.params[1].value
    assert _param_errors(k)[0] == (
        "m.mlir:3:10: error: 'entry' [defined-twice]: parameter 2 (%n) is already defined "
        "elsewhere")


def test_a_built_kernel_has_no_parameter_position():
    """The builder's parameters were never written anywhere: errors carry no position."""
    b = KernelBuilder("k")
    b.param(TileType((), "i32"), "n")
    k = b.finish()
    assert k.params[0].loc is None
    k.params[0].attrs["x"] = 1.5
    (e,) = check(k, "b.mlir")
    assert e.loc is None and str(e).startswith("error: 'entry' [attribute]: parameter 0 ")


def test_check_reports_a_refused_shape_where_it_arises_only():
    """Values computed from a tile of a refused shape share its mistake: one error per
    source, not one per op downstream."""
    k = parse(kernel_text("  %a = constant <f32: 1.0> : tile<3xf32>",
                          "  %a1 = addf %a, %a : tile<3xf32>",
                          "  %a2 = reshape %a1 : tile<3xf32> -> tile<3x1xf32>",
                          "  %d = iota : tile<5xi32>",
                          "  %d1 = addi %d, %d : tile<5xi32>"))
    errs = check(k, "m.mlir")
    assert [(e.op, e.rule, e.loc) for e in errs] == [("constant", "invalid-type", (2, 3)),
                                                      ("iota", "invalid-type", (5, 3))]


def test_the_builder_refuses_a_refused_shape_at_the_call():
    from eqsat.errors import BuildError
    from eqsat.ir.builder import KernelBuilder
    b = KernelBuilder("k")
    with pytest.raises(BuildError, match="power of two, found 9"):
        b.iota(9, "i32")
    assert verify_op(Operation("iota", [], [TileType((16,), "i32")])) is None


@pytest.mark.parametrize("lanes,elem", [(512, "i8"), (4, "i1"), (131072, "i16")])
def test_an_iota_longer_than_its_type_has_values(lanes, elem):
    values = {"i1": 2, "i8": 256, "i16": 65536}[elem]
    expect_at(kernel_text(f"  %x = iota : tile<{lanes}x{elem}>"), "type-mismatch", "iota", 2,
              f"iota counts 0..{lanes - 1} but {elem} has only {values} values")
    verify(parse(kernel_text(f"  %x = iota : tile<{values}x{elem}>")))     # the full period


T8 = "  %t8 = constant <tf32: 1.0> : tile<4xtf32>"
E4 = "  %e4 = constant <f8E4M3FN: 1.0> : tile<4xf8E4M3FN>"
OP_CASES = [   # (body, rule, op, line, fragment): op rules tileiras' verifier has
    ([T8, "  %x = addf %t8, %t8 : tile<4xtf32>"], "type-mismatch", "addf", 3,
     "needs float (f16, bf16, f32 or f64) elements"),
    ([E4, "  %x = exp %e4 : tile<4xf8E4M3FN>"], "type-mismatch", "exp", 3, "f16, bf16, f32"),
    ([E4, "  %x = cmpf less_than ordered %e4, %e4 : tile<4xf8E4M3FN> -> tile<4xi1>"],
     "type-mismatch", "cmpf", 3, "compares float (f16, bf16, f32 or f64) tiles"),
    (["  %e = exti %i signed : tile<4xi32> -> tile<4xi64>", "  %x = fpowi %f, %e : tile<4xf32>, "
      "tile<4xi64>"], "type-mismatch", "fpowi", 3, "exponent of at most 32 bits"),
    (["  %x = ftof %f : tile<4xf32> -> tile<4xf32>"], "type-mismatch", "ftof", 2,
     "float to another float"),
    (["  %x = bitcast %i : tile<4xi32> -> tile<4xtf32>"], "type-mismatch", "bitcast", 2,
     "tf32 only to itself"),
    (["  %x = itof %i signed rounding<zero> : tile<4xi32> -> tile<4xf8E8M0FNU>"],
     "type-mismatch", "itof", 2, "not to f8E8M0FNU"),
    (["  %x = int_to_ptr %i : tile<4xi32> -> tile<4xptr<f32>>"], "type-mismatch", "int_to_ptr",
     2, "i64 to pointer"),
    (["  %x = ptr_to_int %q : tile<4xptr<f32>> -> tile<4xi32>"], "type-mismatch", "ptr_to_int",
     2, "pointer to i64"),
    (["  %a = constant <bf16: 1.0> : tile<4x4xbf16>",
      "  %x = mmaf %a, %a, %a : tile<4x4xbf16>, tile<4x4xbf16>, tile<4x4xbf16>"],
     "type-mismatch", "mmaf", 3, "'mmaf' of bf16 accumulates in f32, found tile<4x4xbf16>"),
    (["  %a = constant <i16: 1> : tile<4x4xi16>", "  %z = constant <i32: 0> : tile<4x4xi32>",
      "  %x = mmai %a, %a, %z signed : tile<4x4xi16>, tile<4x4xi16>, tile<4x4xi32>"],
     "type-mismatch", "mmai", 4, "'mmai' multiplies i8 tiles, found tile<4x4xi16>"),
    (["  %x, %t = atomic_rmw_tko relaxed device %q, add, %f : tile<4xptr<f32>>, tile<4xf32> -> "
      "tile<4xf32>, token"], "type-mismatch", "atomic_rmw_tko", 2,
     "atomic add takes i32, i64 values, found tile<4xf32>"),
    (["  %x, %t = atomic_rmw_tko relaxed device %q, nand, %f : tile<4xptr<f32>>, tile<4xf32> -> "
      "tile<4xf32>, token"], "attribute", "atomic_rmw_tko", 2, "one of and, or, xor"),
    (["  %x, %t = atomic_cas_tko relaxed device %qh, %hh, %hh : tile<4xptr<f16>>, tile<4xf16> "
      "-> tile<4xf16>, token"], "type-mismatch", "atomic_cas_tko", 2,
     "atomic_cas swaps 32- or 64-bit integers or floats"),
    (["  %x = assume div_by<16>, %f : tile<4xf32>"], "type-mismatch", "assume", 2,
     "div_by is a fact about integers, pointers or tensor_views"),
    (["  %x = assume bounded<0, 10>, %s : tile<f32>"], "type-mismatch", "assume", 2,
     "bounded is a fact about integers"),
    (["  %x = assume bounded<0, 10>, %c : tile<i1>"], "attribute", "assume", 2,
     "reaches outside i1's range [-1, 0]"),
    (["  %x, %y, %z = get_tile_block_id : tile<i64>"], "type-mismatch", "get_tile_block_id", 2,
     "results must be (tile<i32>, tile<i32>, tile<i32>)"),
    (["  %k = constant <i64: 0> : tile<i64>", "  %x = extract %f[%k] : tile<4xf32> -> "
      "tile<2xf32>"], "type-mismatch", "extract", 3, "an index must be tile<i32>"),
    ([TV, PV, f"  %x = atomic_red_view_tko acq_rel device %pv[%n], addf, %f : tile<4xf32>, {PVT}, "
      "tile<i32> -> token"], "attribute", "atomic_red_view_tko", 4, "relaxed only"),
    ([TV, PV, f"  %x = atomic_red_view_tko relaxed device %pv[%n], divf, %f : tile<4xf32>, {PVT}, "
      "tile<i32> -> token"], "attribute", "atomic_red_view_tko", 4, "one of and, or, xor, add"),
    ([TV, PV, f"  %t, %tok = load_view_tko release device %pv[%n] : {PVT}, tile<i32> -> "
      "tile<4xf32>, token"], "attribute", "load_view_tko", 4,
     "a load is ordered weak, relaxed, acquire, found 'release'"),
    (["  %t = store_ptr_tko acquire device %q, %f : tile<4xptr<f32>>, tile<4xf32> -> token"],
     "attribute", "store_ptr_tko", 2, "a store is ordered weak, relaxed, release"),
    (["  %x, %t = atomic_rmw_tko weak %q, addf, %f : tile<4xptr<f32>>, tile<4xf32> -> "
      "tile<4xf32>, token"], "attribute", "atomic_rmw_tko", 2,
     "an atomic is ordered relaxed, acquire, release, acq_rel, found 'weak'"),
    ([TV, PV, f"  %tok = store_view_tko weak device %f, %pv[%n] : tile<4xf32>, {PVT}, tile<i32> "
      "-> token"], "attribute", "store_view_tko", 4, "a weak access takes no memory scope"),
    (["  %x, %t = load_ptr_tko relaxed %q : tile<4xptr<f32>> -> tile<4xf32>, token"],
     "attribute", "load_ptr_tko", 2, "a relaxed access needs a memory scope"),
    (["  %x = divi %i, %i : tile<4xi32>"], "attribute", "divi", 2,
     "missing attribute 'signedness'"),
    (["  %x = exti %i : tile<4xi32> -> tile<4xi64>"], "attribute", "exti", 2,
     "missing attribute 'signedness'"),
    (["  %t = make_token : token", "  %x = join_tokens %t : token"], "operand-count",
     "join_tokens", 3, "join_tokens joins two or more tokens, found 1"),
    (['  %t = print_tko "plain\\n", %f : tile<4xf32> -> token'], "operand-count", "print_tko",
     2, "has 0 conversion(s), found 1 value(s)"),
    (['  %t = print_tko "100%% of %f and %d", %f : tile<4xf32> -> token'], "operand-count",
     "print_tko", 2, "has 2 conversion(s), found 1 value(s)"),
    (['  %t = print_tko "at 50%" -> token'], "attribute", "print_tko", 2,
     "has a '%' no conversion letter ends"),
    (["  %x = assume div_by<4, every 2 along 1>, %i : tile<4xi32>"], "attribute", "assume", 2,
     "dimension 1 is not one of tile<4xi32>'s (0 to 0)"),
    (["  %x = assume div_by<4, every 8 along 0>, %i : tile<4xi32>"], "attribute", "assume", 2,
     "every 8 exceeds dimension 0 of tile<4xi32> (4)"),
    (["  %x = assume div_by<4, every 1 along 0>, %n : tile<i32>"], "attribute", "assume", 2,
     "needs a tile of rank 1 or more"),
    (["  %x = assume same_elements<[2, 2]>, %i : tile<4xi32>"], "attribute", "assume", 2,
     "2 value(s) for tile<4xi32> of rank 1"),
    (["  %x = assume same_elements<[8]>, %i : tile<4xi32>"], "attribute", "assume", 2,
     "value 0 (8) exceeds dimension 0"),
]


@pytest.mark.parametrize("body,rule,op,line,fragment", OP_CASES,
                         ids=[f"{c[2]}-{i}" for i, c in enumerate(OP_CASES)])
def test_op_rules_tileiras_has(body, rule, op, line, fragment):
    text = kernel_text(*body).replace("%acc: tile<4x4xf32>)", "%acc: tile<4x4xf32>, "
                                      "%qh: tile<4xptr<f16>>, %hh: tile<4xf16>)")
    expect_at(text, rule, op, line, fragment)


def test_padding_values_other_than_zero_are_for_float_views():
    head = "entry @k(%p: tile<ptr<i32>>, %n: tile<i32>) {\n"
    tv = ("  %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> "
          "tensor_view<?xi32, strides=[1]>\n")
    pv = "  %pv = make_partition_view %tv : partition_view<tile=(16), padding_value = {}, " \
         "tensor_view<?xi32, strides=[1]>>\n"
    expect_at(head + tv + pv.format("nan") + "  return\n}\n", "invalid-type",
              "make_partition_view", 3, "padding value nan is for float views, found one of i32")
    verify(parse(head + tv + pv.format("zero") + "  return\n}\n"))
    expect_at(head + tv + pv.format("one") + "  return\n}\n", "invalid-type",
              "make_partition_view", 3, "padding value 'one' is none of zero, neg_zero, nan")


def test_fp8_scaled_mma_takes_one_scale_per_32_elements():
    def kernel(ks: int, scale: str = "f8E8M0FNU") -> str:
        return kernel_text(
            "  %a = constant <f8E4M3FN: 1.0> : tile<16x64xf8E4M3FN>",
            "  %b8 = constant <f8E4M3FN: 1.0> : tile<64x8xf8E4M3FN>",
            f"  %sa = constant <{scale}: 1.0> : tile<16x{ks}x{scale}>",
            f"  %sb = constant <{scale}: 1.0> : tile<{ks}x8x{scale}>",
            "  %0 = mmaf_scaled %a, %b8, %acc2, %sa, %sb : tile<16x64xf8E4M3FN>, "
            f"tile<64x8xf8E4M3FN>, tile<16x8xf32>, tile<16x{ks}x{scale}>, tile<{ks}x8x{scale}>"
        ).replace("%acc: tile<4x4xf32>)", "%acc: tile<4x4xf32>, %acc2: tile<16x8xf32>)")
    verify(parse(kernel(2)))
    expect_at(kernel(4), "type-mismatch", "mmaf_scaled", 6,
              "f8E4M3FN tiles take one scale per 32 elements of K, found K = 64 with 4 scales")
    expect_at(kernel(2, "f8E4M3FN"), "type-mismatch", "mmaf_scaled", 6,
              "f8E4M3FN tiles are scaled by f8E8M0FNU")
