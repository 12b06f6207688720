"""Constant folding with exact dtype semantics, and the IEEE traps."""
from __future__ import annotations


import numpy as np
import pytest

from eqsat.egraph.fold import fold_scalar
from eqsat.ir.types import TileType
from eqsat.pipeline.optimize import optimize
from eqsat.text import parse


def _run(body: str, ty: str, rules: str = "default", **options):
    src = f"""entry @k(%p: tile<ptr<{ty}>>, %q: tile<ptr<{ty}>>) {{
      %x, %t = load_ptr_tko weak %p : tile<ptr<{ty}>> -> tile<{ty}>, token
{body}
      %s = store_ptr_tko weak %q, %r : tile<ptr<{ty}>>, tile<{ty}> -> token
      return
    }}"""
    return optimize(parse(src), rules=rules, **options)


def _names(res):
    return [o.name for o in res.kernel.walk()]


def _stored_const(res):
    for o in res.kernel.walk():
        if o.name == "store_ptr_tko":
            src = o.operands[1].owner
            if getattr(src, "name", None) == "constant":
                return src.attrs["value"].scalar()
    return None


def test_integer_wraps_at_width():
    res = _run("""      %a = constant <i8: 127> : tile<i8>
      %b = constant <i8: 1> : tile<i8>
      %r = addi %a, %b : tile<i8>""", "i8")
    assert _stored_const(res) == -128
    res = _run("""      %a = constant <i16: 300> : tile<i16>
      %r = muli %a, %a : tile<i16>""", "i16")
    assert _stored_const(res) == (300 * 300 + 2**15) % 2**16 - 2**15


def test_fold_chains_through_shapes():
    res = _run("""      %a = constant <i32: 6> : tile<i32>
      %a1 = reshape %a : tile<i32> -> tile<1xi32>
      %b = constant <i32: 7> : tile<1xi32>
      %m = muli %a1, %b : tile<1xi32>
      %r = reshape %m : tile<1xi32> -> tile<i32>""", "i32")
    assert _stored_const(res) == 42


def test_division_by_zero_is_not_folded():
    res = _run("""      %a = constant <i32: 6> : tile<i32>
      %z = constant <i32: 0> : tile<i32>
      %r = divi %a, %z signed : tile<i32>""", "i32")
    assert "divi" in _names(res)


def test_float_plus_zero_is_kept_but_times_one_goes():
    res = _run("""      %z = constant <f32: 0.000000e+00> : tile<f32>
      %r = addf %x, %z : tile<f32>""", "f32")
    assert "addf" in _names(res)
    res = _run("""      %o = constant <f32: 1.000000e+00> : tile<f32>
      %r = mulf %x, %o : tile<f32>""", "f32")
    assert "mulf" not in _names(res)
    res = _run("""      %z = constant <f32: -0.000000e+00> : tile<f32>
      %r = addf %x, %z : tile<f32>""", "f32")
    assert "addf" not in _names(res)


def test_flush_to_zero_blocks_float_identity():
    res = _run("""      %o = constant <f32: 1.000000e+00> : tile<f32>
      %r = mulf %x, %o flush_to_zero : tile<f32>""", "f32")
    assert "mulf" in _names(res)


def test_negative_zero_and_zero_stay_apart():
    res = _run("""      %a = constant <f32: 0.000000e+00> : tile<f32>
      %b = constant <f32: -0.000000e+00> : tile<f32>
      %y = addf %x, %a : tile<f32>
      %r = mulf %y, %b : tile<f32>""", "f32", rules="none")
    consts = [o for o in res.kernel.walk() if o.name == "constant"]
    assert len(consts) == 2


def test_equal_constants_merge():
    res = _run("""      %a = constant <i32: 5> : tile<i32>
      %b = constant <i32: 5> : tile<i32>
      %y = addi %x, %a : tile<i32>
      %r = addi %y, %b : tile<i32>""", "i32", rules="none")
    assert sum(1 for o in res.kernel.walk() if o.name == "constant") == 1


def test_float_fold_rounds_in_its_precision():
    res = _run("""      %a = constant <f16: 1.000000e+00> : tile<f16>
      %b = constant <f16: 4.882810e-04> : tile<f16>
      %r = addf %a, %b : tile<f16>""", "f16")
    assert _stored_const(res) == float(np.float16(1.0) + np.float16(4.88281e-04))


def test_comparisons_and_casts_of_constants():
    def f(n, a, ti, to, bits):
        return fold_scalar(n, a, TileType((), ti), TileType((), to), bits)

    assert f("cmpi", {"predicate": "less_than", "signedness": "signed"}, "i32", "i1", [-1, 1]) == 1
    assert f("cmpi", {"predicate": "less_than", "signedness": "unsigned"}, "i32", "i1",
             [-1, 1]) == 0
    assert f("exti", {"signedness": "unsigned"}, "i8", "i32", [-1]) == 255
    assert f("trunci", {}, "i32", "i8", [300]) == 44
    assert f("ftoi", {"signedness": "signed"}, "f32", "i32", [0x7FC00000]) is None   # NaN
    assert f("shli", {}, "i32", "i32", [1, 32]) is None                              # too far
    assert f("divf", {}, "f32", "f32", [0, 0]) is None                               # NaN result


@pytest.mark.parametrize("x, signedness, saturating, folded", [
    (0.0, "signed", False, 0), (-0.0, "unsigned", True, 0),
    (1.5, "unsigned", False, 1), (-1.0, "signed", False, 1), (2.0, "unsigned", True, 1),
    (float("-inf"), "signed", True, 1),
    (0.5, "unsigned", False, None), (-0.5, "signed", True, None),
    (3.0, "signed", True, None), (-3.0, "unsigned", True, None),
])
def test_float_to_i1_folds_only_where_tileiras_agrees(x, signedness, saturating, folded):
    """tileiras compiles ftoi to i1 as a test against zero (a nonzero float is true,
    whatever the flags): where Tile IR's value is false for a nonzero float, no fold."""
    attrs = {"signedness": signedness, **({"saturating": True} if saturating else {})}
    bits = int(np.float32(x).view(np.uint32))
    assert fold_scalar("ftoi", attrs, TileType((), "f32"), TileType((), "i1"), [bits]) == folded


def test_select_of_constant_condition():
    res = _run("""      %c = constant <i1: true> : tile<i1>
      %z = constant <i32: 9> : tile<i32>
      %r = select %c, %x, %z : tile<i1>, tile<i32>""", "i32")
    assert "select" not in _names(res)


def test_pow_two_becomes_multiply():
    res = _run("""      %two = constant <f32: 2.000000e+00> : tile<f32>
      %r = pow %x, %two : tile<f32>""", "f32")
    assert "pow" not in _names(res) and "mulf" in _names(res)


@pytest.mark.parametrize("mods,fused", [("", True), (" flush_to_zero", True)])
def test_fma_fusion_needs_matching_modifiers(mods, fused):
    res = _run(f"""      %m = mulf %x, %x{mods} : tile<f32>
      %r = addf %m, %x{mods} : tile<f32>""", "f32", rules="default,contract")
    assert ("fma" in _names(res)) == fused
    assert "contraction: on" in res.report.summary()
    res = _run(f"""      %m = mulf %x, %x{mods} : tile<f32>
      %r = addf %m, %x rounding<zero> : tile<f32>""", "f32", rules="default,contract")
    assert "fma" not in _names(res)


MUL_ADD = """entry @k(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
  %x, %t1 = load_ptr_tko weak %a : tile<ptr<f32>> -> tile<f32>, token
  %y, %t2 = load_ptr_tko weak %b : tile<ptr<f32>> -> tile<f32>, token
  %z, %t3 = load_ptr_tko weak %c : tile<ptr<f32>> -> tile<f32>, token
  %m = mulf %x, %y : tile<f32>
  %r = addf %m, %z : tile<f32>
  %s = store_ptr_tko weak %o, %r : tile<ptr<f32>>, tile<f32> -> token
  return
}"""


def test_default_rules_do_not_contract_and_stay_exact():
    """Tile IR rounds addf and mulf separately: the default output of a multiply-add is
    bit-exact on inputs whose product overflows (inf before, a finite fma after)."""
    from eqsat.equiv import check_equivalent
    from eqsat.interp.inputs import parse_spec
    k = parse(MUL_ADD)
    out = optimize(k).kernel
    assert "fma" not in [o.name for o in out.walk()]
    spec = parse_spec({"grid": [1], "convention": "raw", "params": [
        {"name": "a", "shape": [1], "dtype": "f32", "init": {"kind": "data", "values": [2e38]}},
        {"name": "b", "shape": [1], "dtype": "f32", "init": {"kind": "data", "values": [2.0]}},
        {"name": "c", "shape": [1], "dtype": "f32", "init": {"kind": "data", "values": [-3e38]}},
        {"name": "o", "shape": [1], "dtype": "f32", "init": "zeros"}]})
    assert check_equivalent(k, out, spec, exact=True, trials=2, schedules=2).ok
    fused = optimize(k, rules="default,contract").kernel
    assert "fma" in [o.name for o in fused.walk()]
    assert not check_equivalent(k, fused, spec, exact=True, trials=2, schedules=2).ok


def test_requests_and_answers_go_as_plain_rows():
    """The fold service reads a request table as plain values (egglog's printout, not an
    egglog expression per row) and writes its answers as program text; what it reads is
    what the rule asked, and what it writes is what folding then reads."""
    from eqsat.egraph import egg
    from eqsat.egraph import terms as T
    seen = {}

    def hook(eg):
        seen["want"] = egg.function_rows(eg, T.Want2)
        seen["fold"] = egg.function_rows(eg, T.fold2)

    res = _run("""      %a = constant <i32: 6> : tile<i32>
      %b = constant <i32: 7> : tile<i32>
      %r = muli %a, %b : tile<i32>""", "i32", on_saturated=hook)
    assert _stored_const(res) == 42 and res.report.folds >= 1
    want = [r for r in seen["want"] if r[0] == "muli"]
    assert want and all(isinstance(r[1], int) and r[2] == r[3] == "tile<i32>"
                        and sorted(r[4:]) == [6, 7] for r in want)
    assert [r for r in seen["fold"] if r[0] == "muli" and sorted(r[4:]) == [6, 7]]


def test_contract_flag_on_the_command_line(tmp_path, capsys):
    from eqsat.cli import main
    src = tmp_path / "muladd.mlir"
    src.write_text(MUL_ADD)
    assert main(["opt", str(src), "--report"]) == 0
    out = capsys.readouterr()
    assert "fma" not in out.out and "contraction" not in out.err
    assert main(["opt", str(src), "--contract", "--report"]) == 0
    out = capsys.readouterr()
    assert "fma" in out.out and "contraction: on" in out.err
