"""Corpus acceptance for the oracle: seq and cuTile variants agree; planted bugs are caught."""
import numpy as np
import pytest

from corpus_util import CORPUS, EXAMPLES, KERNELS, SPECS
from eqsat import parse, parse_file
from eqsat.equiv import check_equivalent
from eqsat.interp.inputs import load_spec
from eqsat.interp import run


def pair(name):
    return parse_file(CORPUS / f"{name}.seq.mlir"), parse_file(CORPUS / f"{name}.cutile.mlir")


@pytest.mark.parametrize("name", KERNELS)
def test_seq_equivalent_to_cutile(name):
    a, b = pair(name)
    res = check_equivalent(a, b, load_spec(SPECS / f"{name}.json"), trials=10, schedules=20)
    assert res.ok, res.message
    assert res.message == "equivalent (10 trials x 20 schedules)"


def test_axpy_with_real_aliasing():
    """x and y overlap: iteration t's store feeds iteration t+1's load."""
    a, b = pair("axpy_alias_inplace")
    spec = load_spec(SPECS / "axpy_alias_overlap.json")
    assert check_equivalent(a, b, spec, trials=3, schedules=10).ok
    # drop the loop-carried ordering: loads no longer wait for the previous store
    src = (CORPUS / "axpy_alias_inplace.cutile.mlir").read_text()
    bad = parse(src.replace("token = %iterArg1", "token = %0"))
    res = check_equivalent(a, bad, spec)
    assert not res.ok and "array 'x'" in res.message or "array 'y'" in res.message


def outputs(name, variant="cutile", seed=3):
    return run(parse_file(CORPUS / f"{name}.{variant}.mlir"), load_spec(SPECS / f"{name}.json"),
               seed=seed).buffers


@pytest.mark.parametrize("variant", ["seq", "cutile"])
def test_numpy_formulas(variant):
    o = outputs("vector_add", variant)
    np.testing.assert_array_equal(o["out"], o["a"] + o["b"])

    o = outputs("layernorm_fwd", variant)
    x = o["X"].astype(np.float64)
    mu = x.mean(1)
    rstd = 1 / np.sqrt(((x - mu[:, None]) ** 2).mean(1) + 1e-5)
    np.testing.assert_allclose(o["Mean"], mu, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(o["Rstd"], rstd, rtol=1e-5)
    np.testing.assert_allclose(o["Y"], (x - mu[:, None]) * rstd[:, None] * o["W"] + o["B"],
                               rtol=1e-4, atol=1e-5)

    o = outputs("rmsnorm_fwd", variant)
    x = o["X"].astype(np.float64)
    r = 1 / np.sqrt((x ** 2).mean(1) + 1e-6)
    np.testing.assert_allclose(o["Y"].astype(np.float64), x * r[:, None] * o["W"], rtol=2e-3,
                               atol=2e-3)

    o = outputs("softmax_tiled", variant)
    e = np.exp(o["X"].astype(np.float64) - o["X"].max(1, keepdims=True))
    np.testing.assert_allclose(o["Y"], e / e.sum(1, keepdims=True), rtol=1e-5, atol=1e-7)

    o = outputs("matmul_mma", variant)
    np.testing.assert_allclose(o["C"], o["A"].astype(np.float64) @ o["B"].astype(np.float64),
                               rtol=1e-5, atol=1e-5)


def test_other_kernels_against_numpy():
    o = outputs("store_load_recurrence")
    np.testing.assert_allclose(o["Y"], np.cumsum(o["X"].reshape(2, 4, 128), axis=1).reshape(2, 512),
                               rtol=1e-6, atol=1e-6)
    o = outputs("gather_offset")
    idx = o["idx"] + 2
    want = np.where(idx < 1200, o["x"][np.minimum(idx, 1199)], 0) + 1
    np.testing.assert_array_equal(o["y"], want.astype(np.float32))
    o = outputs("relu_accum_branch")
    np.testing.assert_allclose(o["y"], np.maximum(o["X"], 0).sum(1), rtol=1e-6)


def test_planted_bug_store_load_recurrence():
    """Remove the token that orders the load of y[:, t-1] after the store of iteration t-1."""
    a, good = pair("store_load_recurrence")
    src = (CORPUS / "store_load_recurrence.cutile.mlir").read_text()
    needle = "load_view_tko weak %pview_15[%blockId_x, %3] token = %iterArg1"
    assert needle in src
    bad = parse(src.replace(needle, needle.replace("%iterArg1", "%0")))
    res = check_equivalent(a, bad, load_spec(SPECS / "store_load_recurrence.json"))
    assert not res.ok
    assert "counterexample: trial" in res.message and "array 'Y'" in res.message


def spin(name):
    return parse_file(EXAMPLES / name)


def test_spin_lock_equivalent_and_correct():
    spec = load_spec(EXAMPLES / "spin_lock_accum.json")
    seq, tko = spin("spin_lock_accum.seq.mlir"), spin("spin_lock_accum.tko.mlir")
    o = run(tko, spec, schedule=5).buffers
    np.testing.assert_array_equal(o["acc"], o["data"].reshape(8, 64).sum(0))
    assert o["lock"][0] == 0
    assert check_equivalent(seq, tko, spec).ok


def test_planted_bug_release_above_guarded_store():
    """Moving the release xchg above the guarded store lets another block read a stale sum."""
    spec = load_spec(EXAMPLES / "spin_lock_accum.json")
    seq = spin("spin_lock_accum.seq.mlir")
    lines = (EXAMPLES / "spin_lock_accum.seq.mlir").read_text().splitlines()
    i = next(k for k, l in enumerate(lines) if "store_ptr_tko" in l)
    j = next(k for k, l in enumerate(lines) if "xchg" in l)
    lines[i], lines[j] = lines[j], lines[i]
    res = check_equivalent(seq, parse("\n".join(lines)), spec)
    assert not res.ok and "array 'acc'" in res.message
    # the tokenized form: the release no longer waits for the store
    src = (EXAMPLES / "spin_lock_accum.tko.mlir").read_text()
    bad = parse(src.replace("join_tokens %t_x, %t_s", "join_tokens %t_x, %t_a"))
    res = check_equivalent(seq, bad, spec)
    assert not res.ok and "array 'acc'" in res.message


def test_float_tolerance_follows_the_element_type():
    """bf16 values are held as float32 arrays: a contraction's one-ulp difference in bf16
    passes when the output is known to be bf16, and wrong data still fails."""
    from eqsat.interp.compare import compare_outputs
    ref = np.array([-4.818851601286431e17, 1.0, 3.0], np.float32)
    ulp = ref.copy()
    ulp[0] = np.float32(-4.841369599423283e17)      # the next bf16 value
    assert compare_outputs({"o": ref}, {"o": ulp}, elems={"o": "bf16"}) is None
    assert compare_outputs({"o": ref}, {"o": ulp}) == ("o", (0,), float(ref[0]), float(ulp[0]))
    wrong = ref.copy()
    wrong[2] = 3.25                                  # 8% off: wrong in every format
    assert compare_outputs({"o": ref}, {"o": wrong}, elems={"o": "bf16"})[:2] == ("o", (2,))
