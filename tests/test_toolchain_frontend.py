"""cuTile Python front end: corpus kernels imported in program order, token-free, with the
signature's facts on the parameters, equivalent to the corpus `NAME.seq.mlir`."""

import pytest

from corpus_util import CORPUS, SAMPLES, SPECS
from eqsat.errors import EqsatError
from eqsat.ir import first_difference
from eqsat.toolchain import missing_reason

_WHY = missing_reason()
pytestmark = [
    pytest.mark.cuda,
    pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}"),
]

KERNELS = sorted(p.stem for p in CORPUS.glob("*.py") if p.stem not in ("corpus_sig", "regenerate"))
LOOP_FREE = ("vector_add", "gather_offset")  # no loops: nothing for LICM to move


@pytest.fixture(scope="module")
def imported():
    from eqsat.frontend import from_cutile, load_cutile

    out = {}
    for name in KERNELS:
        kernel, sig, _ = load_cutile(str(CORPUS / f"{name}.py"))
        out[name] = from_cutile(kernel, sig)
    return out


@pytest.mark.parametrize("name", KERNELS)
def test_equivalent_to_seq(imported, name):
    from eqsat.equiv import check_equivalent
    from eqsat.interp.inputs import load_spec
    from eqsat.text import parse_file

    k = imported[name].kernel
    assert not [op for op in k.walk() if op.token_in is not None or op.name == "make_token"]
    res = check_equivalent(
        k,
        parse_file(CORPUS / f"{name}.seq.mlir"),
        load_spec(SPECS / f"{name}.json"),
        trials=2,
        schedules=2,
    )
    assert res.ok, res.message


@pytest.mark.parametrize("name", LOOP_FREE)
def test_loop_free_kernels_equal_seq_exactly(imported, name):
    from eqsat.text import parse, parse_file, print_kernel

    k = parse(print_kernel(imported[name].kernel))
    for p in k.params:
        p.attrs.clear()
    assert first_difference(k, parse_file(CORPUS / f"{name}.seq.mlir")) is None


def test_signature_facts_on_parameters(imported):
    from eqsat.frontend import alias_groups

    axpy = imported["axpy_alias_inplace"].kernel
    x, y, alpha = axpy.params[0], axpy.params[3], axpy.params[6]
    assert (x.name, y.name, alpha.name) == ("x", "y", "alpha")
    assert [p.name for p in axpy.params[1:3]] == ["x_shape0", "x_stride0"]
    assert x.attrs == {
        "alias": ("xy",),
        "may_alias_internally": False,
        "div_by": 16,
        "shape_div_by": (1,),
        "stride_div_by": (1,),
        "contiguous": True,
    }
    assert alias_groups(y.attrs) == ("xy",) and alpha.attrs == {}
    va = imported["vector_add"].kernel
    assert alias_groups(va.params[0].attrs) == ()  # aliases nothing
    assert imported["layernorm_fwd"].kernel.params[0].attrs["shape_div_by"] == (1, 1)
    assert imported["axpy_alias_inplace"].symbol == axpy.name


def test_facts_print_and_parse_back(imported):
    from eqsat.text import parse, print_kernel

    k = imported["moe_permute"].kernel
    again = parse(print_kernel(k))
    assert first_difference(k, again) is None
    assert again.params[0].attrs["alias"] == ()


def test_alias_facts_reach_the_optimizer(imported):
    from eqsat.memory.alias import alias_facts

    f = alias_facts(imported["axpy_alias_inplace"].kernel)
    assert f.groups[0] == f.groups[3] == frozenset({"xy"})
    g = alias_facts(imported["vector_add"].kernel)
    assert g.groups[0] == g.groups[3] == frozenset()


def test_loads_stay_in_their_loop():
    """cuTile's LICM hoists the load out of licm_probe's loop once tokens are gone; the front
    end keeps it inside, and so computes what cuTile's tokenized program computes."""
    from eqsat.equiv import check_equivalent
    from eqsat.frontend import from_cutile, load_cutile
    from eqsat.interp.inputs import parse_spec
    from eqsat.text import parse_file

    kernel, sig, _ = load_cutile(str(SAMPLES / "licm_probe.py"))
    k = from_cutile(kernel, sig).kernel
    loop = next(op for op in k.body.ops if op.name == "for")
    assert [op.name for op in loop.regions[0].walk() if op.name.endswith("_tko")] == [
        "load_view_tko",
        "store_view_tko",
    ]
    spec = parse_spec(
        {
            "grid": [1],
            "params": [
                {"name": "x", "shape": [128], "dtype": "f32", "init": "normal"},
                {"name": "n", "dtype": "i32", "value": 3},
            ],
        }
    )
    assert check_equivalent(
        k, parse_file(SAMPLES / "licm_probe.cutile.mlir"), spec, trials=1, schedules=3
    ).ok
    assert not check_equivalent(
        k, parse_file(SAMPLES / "licm_probe.seq.mlir"), spec, trials=1, schedules=1
    ).ok


def test_annotate_from_symbol():
    from eqsat.frontend import annotate_from_symbol
    from eqsat.text import parse, parse_file

    k = parse_file(CORPUS / "axpy_alias_inplace.seq.mlir")
    assert annotate_from_symbol(k)
    assert k.params[0].attrs["alias"] == k.params[3].attrs["alias"] == ("group0",)
    assert k.params[0].attrs["div_by"] == 16 and k.params[6].attrs == {}
    plain = parse("entry @k() {\n  return\n}\n")
    assert not annotate_from_symbol(plain)


def test_bad_targets_are_clear_errors(tmp_path):
    from eqsat.frontend import load_cutile

    with pytest.raises(EqsatError, match="no such file"):
        load_cutile(str(tmp_path / "nope.py"))
    with pytest.raises(EqsatError, match="expected FILE.py"):
        load_cutile("kernel.txt")
    with pytest.raises(EqsatError, match="has no kernel 'foo'; kernels there: KERNEL, vector_add"):
        load_cutile(str(CORPUS / "vector_add.py") + ":foo")
    with pytest.raises(EqsatError, match="neither defined in the module nor a mangled"):
        load_cutile(str(CORPUS / "vector_add.py"), "NOPE")
    broken = tmp_path / "broken.py"
    broken.write_text("import cuda.tile as ct\nraise RuntimeError('boom')\n")
    with pytest.raises(EqsatError, match="importing .*broken.py failed: RuntimeError: boom"):
        load_cutile(str(broken))


def test_signature_from_symbol_and_cutile_errors(tmp_path):
    from eqsat.frontend import from_cutile, load_cutile

    kernel, sig, _ = load_cutile(
        str(CORPUS / "vector_add.py"),
        "vector_add_Kt1_A1f32_1t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_I512",
    )
    r = from_cutile(kernel, sig)
    assert r.kernel.name.endswith("_I512")
    assert any(
        str(op.results[0].type) == "tile<512xf32>"
        for op in r.kernel.walk()
        if op.name == "load_view_tko"
    )
    bad = tmp_path / "bad_kernel.py"
    bad.write_text(
        (CORPUS / "vector_add.py").read_text().replace("lhs + rhs", "lhs + undefined_name")
    )
    kernel, sig, _ = load_cutile(str(bad))
    with pytest.raises(EqsatError, match="cuTile could not compile 'vector_add'"):
        from_cutile(kernel, sig)
