"""Launch signatures: the facts cuTile's launcher specializes on, derived from an inputs
spec or numpy arrays, written as the symbol cuTile would mangle, and picked per launch."""
import json

import numpy as np
import pytest
from corpus_util import CORPUS, SPECS

from eqsat.frontend.launch import (Constant, LaunchSelector, signature_from_args,
                                   signature_from_spec)
from eqsat.interp.inputs import load_spec, parse_spec
from eqsat.analysis.signature import (ArrayInfo, LaunchArray, decode_symbol, encode_symbol,
                                      launch_array_info)
from eqsat.toolchain import missing_reason


def _info(bits, shape, strides, addr=4096):
    return launch_array_info("x", LaunchArray(bits, tuple(shape), tuple(strides), addr))


def test_rule_shapes_strides_base():
    a = _info(32, (64, 48), (48, 1))
    assert a.shape_divisible_by == (16, 16)
    assert a.stride_divisible_by == (4, 1)      # 48 f32 = 192 bytes: 16-byte multiple
    assert a.stride_constant == (None, 1)
    assert a.stride_lower_bound == (0, None)    # a constant stride needs no bound
    assert a.base_divisible_by == 16 and not a.may_alias_internally
    b = _info(32, (33, 47), (47, 1), addr=4100)
    assert b.shape_divisible_by == (1, 1) and b.stride_divisible_by == (1, 1)
    assert b.base_divisible_by == 1
    # f16: a stride of 8 elements is 16 bytes, so the stride is divisible by 8 elements
    assert _info(16, (4, 8), (8, 1)).stride_divisible_by == (8, 1)
    # size-1 axis with stride 1: counted 16-byte divisible, not made a constant
    s = _info(32, (1, 16), (1, 1))
    assert s.stride_constant == (None, 1) and s.stride_divisible_by == (4, 1)
    # a broadcast (stride 0) axis makes elements overlap
    assert _info(32, (4, 16), (0, 1)).may_alias_internally
    # overlapping rows (stride smaller than a row)
    assert _info(32, (4, 16), (8, 1)).may_alias_internally
    # more than five axes: no shape or stride facts
    big = _info(32, (16,) * 6, (16 ** 5, 16 ** 4, 16 ** 3, 256, 16, 1))
    assert big.shape_divisible_by == (1,) * 6 and big.stride_constant == (None,) * 6


def test_symbol_round_trip():
    a = _info(16, (64, 48), (48, 1))
    from eqsat.analysis.signature import ConstInfo, ScalarInfo, Signature
    sig = Signature("k", "t1", [ArrayInfo(**{**a.__dict__, "dtype": "f16"}),
                                ScalarInfo("f32"), ConstInfo(128), ConstInfo(True),
                                ConstInfo(-3)])
    sym = encode_symbol(sig)
    assert sym == "k_Kt1_A2f16_1v8l0_2t1_3i16_p16_Sf32_I128_B1_I_3"
    back = decode_symbol(sym)
    assert back.params[0].shape_divisible_by == (16, 16)
    assert back.params[0].stride_divisible_by == (8, 1)
    assert back.params[0].stride_constant == (None, 1)


def test_spec_signature_and_aliasing():
    spec = parse_spec({"grid": [1], "params": [
        {"name": "x", "shape": [100, 64], "dtype": "f32"},
        {"name": "y", "same_as": "x", "offset": 1, "shape": [99, 64]},
        {"name": "z", "shape": [96], "dtype": "bf16"},
        {"name": "a", "dtype": "f32", "value": 2.0}]})
    sig = signature_from_spec("k", spec, ["x", "y", "z", "a", "B"], {"B": 64})
    x, y, z = sig.params[:3]
    assert x.shape_divisible_by == (1, 16) and x.base_divisible_by == 16
    assert y.base_divisible_by == 1                 # one f32 past x: 4-byte aligned
    assert x.alias_groups == y.alias_groups == ("mem0",) and z.alias_groups == ()
    assert z.shape_divisible_by == (16,)
    assert encode_symbol(sig).endswith("_Sf32_I64")
    with pytest.raises(Exception, match="no argument for parameter 'B'"):
        signature_from_spec("k", spec, ["x", "y", "z", "a", "B"])


def test_numpy_arguments_and_selector():
    built = []
    sel = LaunchSelector("k", lambda sig: built.append(encode_symbol(sig)) or len(built))
    x = np.zeros((64, 32), np.float32)
    sym1, e1 = sel.select([x, np.float32(1), Constant(16)])
    sym2, e2 = sel.select([np.ones((128, 64), np.float32), np.float32(3), Constant(16)])
    assert e1 == e2 == 1 and sym1 == sym2          # same class: one entry
    sym3, e3 = sel.select([x[:, :31], np.float32(1), Constant(16)])
    assert e3 == 2 and sym3 != sym1                # 31 columns: another entry
    assert decode_symbol(sym3).params[0].shape_divisible_by == (16, 1)
    assert decode_symbol(sym1).params[0].shape_divisible_by == (16, 16)
    # views of one buffer share an alias group; separate arrays do not
    sig = signature_from_args("k", [x, x[1:]])
    assert sig.params[0].alias_groups == sig.params[1].alias_groups != ()
    assert signature_from_args("k", [x, x.copy()]).params[1].alias_groups == ()


_WHY = missing_reason()


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
@pytest.mark.parametrize("name", ["vector_add", "matmul_mma", "moe_permute",
                                  "layernorm_fwd", "axpy_alias_inplace"])
def test_cutile_reads_and_mangles_the_same_signature(name):
    # cuTile's launcher cannot run without a GPU driver; its mangler and demangler can:
    # the symbol eqsat writes must be the one cuTile writes for the same constraints
    from cuda.tile.compilation._name_mangling import mangle_kernel_name

    from eqsat.frontend import load_cutile
    from eqsat.frontend.launch import kernel_signature

    kernel, default, _ = load_cutile(str(CORPUS / f"{name}.py"))
    ks = kernel_signature(kernel, load_spec(SPECS / f"{name}.json"))
    assert mangle_kernel_name(name, ks) == ks.symbol
    # the launch signature promises at least what the hand-written one does
    assert len(ks.parameters) == len(default.parameters)
    for got, hand in zip(ks.parameters, default.parameters):
        if hasattr(hand, "base_addr_divisible_by"):
            assert got.base_addr_divisible_by >= hand.base_addr_divisible_by


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
def test_spec_with_shared_memory_gets_a_group_cutile_accepts(tmp_path):
    from eqsat.frontend import load_cutile
    from eqsat.frontend.launch import kernel_signature

    kernel, _, _ = load_cutile(str(CORPUS / "axpy_alias_inplace.py"))
    data = json.loads((SPECS / "axpy_alias_inplace.json").read_text())
    data["params"][1] = {"name": "y", "same_as": "x"}
    ks = kernel_signature(kernel, parse_spec(data))
    assert ks.parameters[0].alias_groups == ks.parameters[1].alias_groups != ()


def test_spec_constants_object():
    spec = parse_spec({"grid": [1], "constants": {"BLOCK": 128},
                       "params": [{"name": "x", "shape": [256], "dtype": "f32"}]})
    sig = signature_from_spec("k", spec, ["x", "BLOCK"])
    assert encode_symbol(sig) == "k_Kt1_A1f32_1i16t1_p16_I128"
    with pytest.raises(Exception, match="constants"):
        parse_spec({"grid": [1], "constants": {"BLOCK": "big"},
                    "params": [{"name": "x", "shape": [256], "dtype": "f32"}]})


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
def test_cli_inputs_compiles_compares_and_runs_under_the_launch_signature(capsys, tmp_path):
    from eqsat.cli import main
    from eqsat.commands.run import digest
    from eqsat.interp import run
    from eqsat.text import parse_file

    f = str(CORPUS / "vector_add.py")
    data = json.loads((SPECS / "vector_add.json").read_text())
    for p in data["params"]:
        p["shape"] = [4096]                     # multiples of 16: the launch says so
    spec_path = tmp_path / "even.json"
    spec_path.write_text(json.dumps(data))
    assert main(["cutile", f, "--inputs", str(spec_path), "--compare", "--json"]) == 0
    out = capsys.readouterr()
    rep = json.loads(out.out)
    sym = rep["signature"]
    assert "_1i16t1_p16" in sym
    (cmp,) = rep["comparisons"]
    ours, theirs = cmp["ours"], cmp["cutile"]
    assert ours["symbol"] == theirs["symbol"] == sym     # one signature, both sides
    assert theirs["label"].startswith("cuTile") and ours["label"] == "optimized"
    for col in (ours, theirs):
        assert {"join_tokens", "loop_carried_tokens"} <= set(col["ir"])
        assert {"instrs", "MEMBAR", "FENCE", "load_widths"} <= set(col["sass"])
    # the same spec runs the kernel in the interpreter, and agrees with the .seq program
    assert main(["cutile", f, "--inputs", str(spec_path), "--run"]) == 0
    got = capsys.readouterr().out.splitlines()[1:]
    want = digest(run(parse_file(CORPUS / "vector_add.seq.mlir"), load_spec(spec_path)).buffers)
    assert got == want
    # --cubin names what it built; both --signature and --inputs is an error
    assert main(["cutile", f, "--inputs", str(spec_path), "--cubin",
                 str(tmp_path / "k.cubin"), "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["symbol"] == sym and r["label"] == "optimized" and r["report"]["rules"]
    assert main(["cutile", f, "--inputs", str(spec_path), "--signature", "SIGNATURE"]) == 2


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
def test_cli_cubin_never_calls_a_fallback_optimized(capsys, tmp_path, monkeypatch):
    import eqsat.lowering.cutile_workflow as wf
    from eqsat.cli import main

    real = wf._find_optimizer()[0]

    def falls_back(k, **kw):
        res = real(k, rules="none")
        res.report.fallback = "not encoded: pretend"
        return res

    monkeypatch.setattr(wf, "_find_optimizer", lambda: (falls_back, ""))
    assert main(["cutile", str(CORPUS / "vector_add.py"), "--cubin",
                 str(tmp_path / "k.cubin")]) == 0
    err = capsys.readouterr().err
    assert "optimizer fell back" in err and "(optimized" not in err
    assert "(unoptimized (optimizer fell back" in err


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
def test_selector_for_a_cutile_kernel_builds_one_entry_per_class():
    from eqsat.frontend import LaunchSelector, load_cutile

    kernel, _, _ = load_cutile(str(CORPUS / "vector_add.py"))
    built = []
    sel = LaunchSelector.for_cutile(kernel, build=lambda ks: built.append(ks.symbol) or ks)
    even = [np.zeros(4096, np.float32) for _ in range(3)]
    odd = [np.zeros(4099, np.float32) for _ in range(3)]
    s1, e1 = sel.select([*even, Constant(1024)])
    s2, _ = sel.select([*[np.ones(8192, np.float32) for _ in range(3)], Constant(1024)])
    s3, e3 = sel.select([*odd, Constant(1024)])
    assert s1 == s2 != s3 and built == [s1, s3]
    assert e1.parameters[0].shape_divisible_by == (16,)
    assert e3.parameters[0].shape_divisible_by == (1,)
    # an inputs spec picks through the same rule; its constant comes from SIGNATURE
    sym, _ = sel.select(load_spec(SPECS / "vector_add.json"))
    assert sym == s3 and built == [s1, s3]          # 2500 elements: the odd class
