"""The front end on what cuTile 1.7 compiles beyond the corpus: a list-of-arrays parameter,
a tuple parameter, fp8 arrays, pointer loads and stores with latency hints, and `x ** 2`
(fpowf at bytecode 13.3, fpowi at 13.4). Each goes through `eqsat cutile`, and through
`--compare`, which compiles ours and cuTile's for sm_90 and sm_100."""

from pathlib import Path

import numpy as np
import pytest

from eqsat.cli import main
from eqsat.text import parse
from eqsat.toolchain import missing_reason

_WHY = missing_reason()
pytestmark = [
    pytest.mark.cuda,
    pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}"),
]

KERNELS = Path(__file__).resolve().parent / "cutile_kernels"
NAMES = sorted(p.stem for p in KERNELS.glob("*.py") if not p.stem.startswith("_"))


def _import(name, version=None):
    from eqsat.frontend import from_cutile, load_cutile

    kernel, sig, _ = load_cutile(str(KERNELS / f"{name}.py"))
    kw = {} if version is None else {"bytecode_version": version}
    return kernel, sig, from_cutile(kernel, sig, **kw).kernel


@pytest.mark.parametrize("version", ["13.3", "13.4"])
@pytest.mark.parametrize("name", NAMES)
def test_eqsat_cutile_imports_and_compares(name, version, capsys):
    assert main(["cutile", str(KERNELS / f"{name}.py"), "--bytecode-version", version]) == 0
    k = parse(capsys.readouterr().out)
    assert k.name.startswith(name)
    # cuTile's side at its default version, ours at either
    rc = main(["cutile", str(KERNELS / f"{name}.py"), "--compare", "--no-versioning",
               "--bytecode-version", version, "--cutile-bytecode-version", "13.4",
               "--arch", "sm_90", "--arch", "sm_100"])
    out = capsys.readouterr().out
    assert rc == 0 and "== sm_90 ==" in out and "== sm_100 ==" in out


def test_list_of_arrays_is_a_table_pointer_and_a_length():
    _, _, k = _import("grouped_sum")
    xs, n = k.params[0], k.params[1]
    assert str(xs.type) == "tile<ptr<i64>>" and xs.value.name == "xs"
    assert xs.attrs == {"alias": (), "element_alias": ()}
    assert str(n.type) == "tile<i32>" and n.value.name == "xs_len"
    # the arrays are read out of the table inside the kernel
    assert any(op.name == "int_to_ptr" for op in k.walk())


def test_list_of_arrays_runs_from_a_list_spec():
    from eqsat.equiv import check_equivalent
    from eqsat.interp.inputs import parse_spec
    from eqsat.interp import run
    from eqsat.pipeline.optimize import optimize

    _, _, k = _import("grouped_sum")
    spec = parse_spec({"grid": [2], "params": [
        {"name": "xs", "list": [{"shape": [256], "dtype": "f32", "init": "normal"},
                                {"shape": [256], "dtype": "f32", "init": "arange"}]},
        {"name": "out", "shape": [256], "dtype": "f32", "init": "zeros"}]})
    b = run(k, spec).buffers
    assert np.array_equal(b["out"], b["xs[0]"] + b["xs[1]"])
    assert check_equivalent(k, optimize(k).kernel, spec, trials=2, schedules=2, exact=True).ok


def test_64_bit_sums_import_with_their_identities_and_run():
    from eqsat.interp import run
    from eqsat.interp.inputs import parse_spec

    _, _, k = _import("rowsum_f64")
    ids = [op.attrs["identities"][0] for op in k.walk() if op.name == "reduce"]
    assert [(c.elem, c.scalar()) for c in ids] == [("f64", 0.0), ("i64", 0)]
    spec = parse_spec({"grid": [4], "params": [
        {"name": "x", "shape": [4, 32], "dtype": "f64", "init": "normal"},
        {"name": "n", "shape": [4, 32], "dtype": "i64", "init": "randint"},
        {"name": "y", "shape": [4], "dtype": "f64", "init": "zeros"},
        {"name": "m", "shape": [4], "dtype": "i64", "init": "zeros"}]})
    b = run(k, spec).buffers
    assert np.allclose(b["y"], b["x"].sum(axis=1)) and b["y"].dtype == np.float64
    assert np.array_equal(b["m"], b["n"].sum(axis=1))


def test_tuple_items_flatten_in_order():
    _, _, k = _import("tuple_axpy")
    names = [p.value.name for p in k.params]
    assert names[:7] == ["xs_0", "xs_0_shape0", "xs_0_stride0", "xs_1", "xs_1_shape0",
                         "xs_1_stride0", "xs_2"]


def test_fp8_arrays_run_with_exact_conversions():
    from eqsat.equiv import check_equivalent
    from eqsat.interp.inputs import parse_spec
    from eqsat.interp import run
    from eqsat.ir import minifloat
    from eqsat.pipeline.optimize import optimize

    _, _, k = _import("fp8_scale")
    assert str(k.params[0].type) == "tile<ptr<f8E4M3FN>>"
    for scale, saturates in ((3.0, False), (1e6, True)):
        spec = parse_spec({"grid": [2], "params": [
            {"name": "x", "shape": [256], "dtype": "f8E4M3FN", "init": "normal"},
            {"name": "y", "shape": [256], "dtype": "f8E5M2", "init": "zeros"},
            {"name": "s", "dtype": "f32", "value": scale}]})
        bufs = run(k, spec).buffers
        x, y = np.asarray(bufs["x"], np.float32), np.asarray(bufs["y"], np.float32)
        assert (y == minifloat.round_values("f8E5M2", x * np.float32(scale))).all()
        assert (np.abs(y).max() == 57344.0) == saturates
    res = optimize(k)
    assert check_equivalent(k, res.kernel, spec, trials=2, schedules=2, exact=True).ok


def test_pointer_hints_survive_import_and_bytecode():
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import disassemble_bytecode

    _, _, k = _import("gather_hints")
    ptr_ops = [op for op in k.walk() if op.name in ("load_ptr_tko", "store_ptr_tko")]
    assert len(ptr_ops) == 2
    assert all(op.attrs["hints"] == "<default = {latency = 1}>" for op in ptr_ops)
    text = disassemble_bytecode(kernel_to_bytecode(k))
    assert text.count("optimization_hints = <default = {latency = 1}>") == 2


def test_square_folds_at_both_versions_and_beats_cutile_on_sm_90():
    """At 13.3 cuTile writes x**2 as fpowf(x, 2.0), at 13.4 as fpowi(x, 2); optimized, both
    are x*x: our builds at the two versions are the same size, and not behind cuTile's
    13.3 one on sm_90. (Not compared with cuTile's 13.4 build: there SASS size follows
    the output loop's tokens more than the fold; measured, ours was 930 instructions
    with a needless carried token on the output store and is 1175 with the store
    loop-parallel as cuTile has it, against cuTile's 1032.)"""
    from eqsat.lowering.cutile_workflow import compare_cutile

    kernel, sig, k33 = _import("layernorm_pow", "13.3")
    _, _, k34 = _import("layernorm_pow", "13.4")
    assert any(op.name == "fpowf" for op in k33.walk())
    assert any(op.name == "fpowi" for op in k34.walk())
    (ours, ref), = compare_cutile(kernel, sig, ("sm_90",), version="13.3",
                                  reference_version="13.3", versioning=False)
    (ours34, _), = compare_cutile(kernel, sig, ("sm_90",), version="13.4",
                                  reference_version="13.4", versioning=False)
    assert not any("pow" in op.name for op in ours.kernel.walk())
    assert ours.stats.sass_instrs_no_nop == ours34.stats.sass_instrs_no_nop
    assert ours.stats.sass_instrs_no_nop <= ref.stats.sass_instrs_no_nop


@pytest.mark.parametrize("name", NAMES)
def test_no_more_tokens_than_cutile(name):
    """Optimized under cuTile's contract (the signature's groups, list arrays included),
    each kernel needs no more loop-carried tokens or joins than cuTile's own pipeline."""
    from eqsat.frontend import cutile_bytecode
    from eqsat.memory.stats import kernel_stats
    from eqsat.pipeline.optimize import optimize
    from eqsat.toolchain import disassemble_bytecode

    kernel, sig, k = _import(name)
    theirs = kernel_stats(parse(disassemble_bytecode(cutile_bytecode(kernel, sig).bytecode)))
    ours = kernel_stats(optimize(k, versioning=False).kernel)
    for key in ("loop_carried_tokens", "join_tokens"):
        assert ours[key] <= theirs[key], (key, ours[key], theirs[key])
