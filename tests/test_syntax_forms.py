"""Every form docs/toolchain/syntax.md lists (each optional operand present and absent,
every attribute spelling) goes through check, run, opt, equiv and lower --inputs, and
the oracle refuses to vouch for nothing."""
from __future__ import annotations

import json

import pytest

from corpus_util import ROOT
from eqsat.cli import main

FORMS = ROOT / "tests" / "forms"
KERNELS = sorted(p.stem for p in FORMS.glob("*.mlir"))

# ops of the syntax document each form kernel set must contain between them
DOCUMENTED_OPS = {
    "load_ptr_tko", "store_ptr_tko", "atomic_cas_tko", "atomic_rmw_tko", "atomic_red_view_tko",
    "load_view_tko", "store_view_tko", "make_tensor_view", "make_partition_view",
    "make_strided_view", "get_index_space_shape", "get_tile_block_id", "get_num_tile_blocks",
    "print_tko", "assert", "assume", "iota", "constant", "make_token", "join_tokens", "offset",
    "reshape", "broadcast", "permute", "extract", "cat", "for", "loop", "if", "continue",
    "break", "yield", "reduce", "scan", "addi", "subi", "muli", "divi", "remi", "negi", "absi",
    "shli", "shri", "andi", "ori", "xori", "mini", "maxi", "cmpi", "addf", "subf", "mulf",
    "divf", "remf", "fma", "negf", "absf", "minf", "maxf", "fpowf", "atan2", "sqrt", "rsqrt",
    "exp", "exp2", "tanh", "log", "log2", "sin", "cos", "tan", "sinh", "cosh", "floor", "ceil",
    "cmpf", "exti", "trunci", "ftoi", "itof", "ftof", "bitcast", "select", "mmaf", "return",
}

# the optional-operand variants, by the text that shows each
VARIANTS = [
    "load_ptr_tko acquire device %a : tile<ptr<f32>> -> tile<f32>",          # pointer only
    "load_ptr_tko weak %pa, %m : tile<4xptr<f32>>, tile<4xi1> -> ",          # + mask
    "load_ptr_tko weak %pa, %pad : tile<4xptr<f32>>, tile<4xf32> -> ",       # + padding
    "load_ptr_tko weak %pa, %m, %pad :",                                     # + both
    "store_ptr_tko weak %po, %w4, %m :", "store_ptr_tko release device %o, %s0 :",
    "atomic_cas_tko relaxed device %pc, %zero, %one, %m :", "atomic_cas_tko acq_rel tl_blk",
    "atomic_rmw_tko acq_rel device %pc, add, %one, %m :", "atomic_rmw_tko acq_rel device %pc, add, %one :",
    "token = %tok", "token=%tok", "optimization_hints = <default = {allow_tma = false, latency = 4}>",
    "dim_map=[1, 0]", "padding_value = nan", "for unsigned", "loop {", "overflow<no_wrap>",
    "rounding<full> flush_to_zero", "rounding<approx>", "propagate_nan", "%sh:2 =",
]


def test_form_kernels_cover_the_syntax_document():
    from eqsat.text import parse_file
    seen = set()
    text = ""
    for name in KERNELS:
        k = parse_file(FORMS / f"{name}.mlir")
        seen |= {op.name for op in k.walk()}
        text += (FORMS / f"{name}.mlir").read_text()
    assert DOCUMENTED_OPS <= seen, sorted(DOCUMENTED_OPS - seen)
    missing = [v for v in VARIANTS if v not in text]
    assert not missing, missing


@pytest.mark.parametrize("name", KERNELS)
def test_form_goes_through_every_command(name, tmp_path, capsys):
    src, spec = str(FORMS / f"{name}.mlir"), str(FORMS / f"{name}.json")
    out = str(tmp_path / "out.mlir")
    assert main(["check", src]) == 0
    assert main(["run", src, "--inputs", spec, "--schedules", "2"]) == 0
    assert main(["opt", src, "-o", out]) == 0
    assert main(["check", out]) == 0
    capsys.readouterr()
    assert main(["equiv", src, out, "--inputs", spec, "--trials", "2", "--schedules", "2"]) == 0
    assert capsys.readouterr().out.startswith("equivalent")
    assert main(["lower", src, "--to", "cfg", "--inputs", spec, "--trials", "2"]) == 0
    rc = main(["lower", src, "--to", "steps", "--inputs", spec, "--trials", "2"])
    err = capsys.readouterr().err
    # the steps form covers straight-line memory ops only; what it cannot take it names
    assert rc == 0 or (rc == 2 and "cannot lower op" in err), err


def test_padding_only_gather_reads_its_padding(tmp_path):
    from eqsat.interp.inputs import parse_spec
    from eqsat.interp import run
    from eqsat.text import parse
    k = parse("""entry @k(%a: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
  %i = iota : tile<4xi32>
  %ra = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
  %ba = broadcast %ra : tile<1xptr<f32>> -> tile<4xptr<f32>>
  %pa = offset %ba, %i : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
  %pad = constant <f32: 7.000000e+00> : tile<4xf32>
  %v, %t = load_ptr_tko weak %pa, %pad : tile<4xptr<f32>>, tile<4xf32> -> tile<4xf32>, token
  %ro = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bo = broadcast %ro : tile<1xptr<f32>> -> tile<4xptr<f32>>
  %po = offset %bo, %i : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
  %s = store_ptr_tko weak %po, %v : tile<4xptr<f32>>, tile<4xf32> -> token
  return
}""")
    spec = parse_spec({"grid": [1], "convention": "raw", "params": [
        {"name": "a", "shape": [4], "dtype": "f32", "init": "arange"},
        {"name": "o", "shape": [4], "dtype": "f32", "init": "zeros"}]})
    assert run(k, spec).buffers["o"].tolist() == [0.0, 1.0, 2.0, 3.0]


def test_empty_bounds_are_rejected_with_op_and_line(tmp_path, capsys):
    src = tmp_path / "b.mlir"
    src.write_text("""entry @k(%n: tile<i32>) {
  %a = assume bounded<5, 2>, %n : tile<i32>
  return
}
""")
    assert main(["check", str(src)]) == 2
    err = capsys.readouterr().err
    assert f"{src}:2:" in err and "'assume'" in err and "bounded<5, 2>" in err
    src.write_text(src.read_text().replace("bounded<5, 2>", "bounded<2, 2>"))
    assert main(["check", str(src)]) == 0


# -- an oracle that refuses to vouch for nothing ---------------------------------------------


@pytest.fixture
def two_kernels(tmp_path):
    a = (FORMS / "ptr.mlir").read_text()
    b = a.replace("%w4 = addf %w3, %bs", "%w4 = subf %w3, %bs")
    pa, pb = tmp_path / "a.mlir", tmp_path / "b.mlir"
    pa.write_text(a)
    pb.write_text(b)
    return str(pa), str(pb), str(FORMS / "ptr.json")


@pytest.mark.parametrize("flag", [["--trials", "0"], ["--trials", "-1"], ["--schedules", "0"]])
def test_zero_runs_is_a_usage_error(two_kernels, flag, capsys):
    a, b, spec = two_kernels
    with pytest.raises(SystemExit) as e:
        main(["equiv", a, b, "--inputs", spec, *flag])
    assert e.value.code == 2
    assert "equivalent" not in capsys.readouterr().out
    assert main(["equiv", a, b, "--inputs", spec, "--trials", "1", "--schedules", "1"]) == 1


@pytest.mark.parametrize("argv", [["run", "{a}", "--inputs", "{spec}", "--schedules", "0"],
                                  ["lower", "{a}", "--to", "cfg", "--inputs", "{spec}",
                                   "--trials", "0"]])
def test_run_and_lower_refuse_zero_runs(two_kernels, argv, capsys):
    a, _, spec = two_kernels
    with pytest.raises(SystemExit) as e:
        main([x.format(a=a, spec=spec) for x in argv])
    assert e.value.code == 2
    assert "ok" not in capsys.readouterr().err.split("error:")[0]


def test_api_refuses_zero_runs(two_kernels):
    from eqsat.equiv import check_equivalent
    from eqsat.interp.inputs import load_spec
    from eqsat.text import parse_file
    from eqsat.lowering.execute import check_lowering
    a, b, spec = two_kernels
    ka, kb, sp = parse_file(a), parse_file(b), load_spec(spec)
    for kw in ({"trials": 0}, {"schedules": 0}, {"trials": -3}):
        with pytest.raises(ValueError, match="at least|>= 1"):
            check_equivalent(ka, kb, sp, **kw)
    with pytest.raises(ValueError):
        check_lowering(ka, sp, "cfg", trials=0)
    res = check_equivalent(ka, ka, sp, trials=2, schedules=3)
    assert res.ok and not res.vacuous and res.runs == 2 * (3 + 2)


def test_a_comparison_that_writes_nothing_is_vacuous(tmp_path, capsys):
    src = tmp_path / "k.mlir"
    src.write_text("""entry @k(%p: tile<ptr<f32>>) {
  %x, %t = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
  %s = store_ptr_tko weak %p, %x : tile<ptr<f32>>, tile<f32> -> token
  return
}
""")
    other = tmp_path / "j.mlir"
    other.write_text("""entry @j(%p: tile<ptr<f32>>) {
  return
}
""")
    spec = tmp_path / "s.json"
    spec.write_text(json.dumps({"grid": [1], "convention": "raw", "params": [
        {"name": "p", "shape": [1], "dtype": "f32", "init": "normal"}]}))
    assert main(["equiv", str(src), str(other), "--inputs", str(spec), "--trials", "2",
                 "--schedules", "2"]) == 3
    out = capsys.readouterr().out
    assert out.startswith("vacuous") and "equivalent" not in out and "runs compared" in out


def test_lowering_check_that_compares_nothing_is_vacuous(tmp_path, capsys):
    src = tmp_path / "k.mlir"
    src.write_text("""entry @k(%p: tile<ptr<f32>>) {
  %x, %t = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
  return
}
""")
    spec = tmp_path / "s.json"
    spec.write_text(json.dumps({"grid": [1], "convention": "raw", "params": [
        {"name": "p", "shape": [1], "dtype": "f32", "init": "normal"}]}))
    assert main(["lower", str(src), "--to", "cfg", "--inputs", str(spec)]) == 3
    err = capsys.readouterr().err
    assert err.startswith("vacuous") and "ok" not in err.split(":")[0]
