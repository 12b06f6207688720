"""Without the `cuda` extra, every toolchain entry point gives one clear message naming
`pip install 'eqsat[cuda]'` (simulated here by hiding the tools and the package)."""

import pytest

from corpus_util import CORPUS
from eqsat.cli import main
from eqsat import toolchain


@pytest.fixture
def no_extra(monkeypatch):
    import eqsat.lowering.bytecode as bytecode

    monkeypatch.setattr(toolchain, "find_tool", lambda name: None)
    monkeypatch.setattr(toolchain, "cuda_tile_version", lambda: None)
    toolchain.valid_archs.cache_clear()
    bytecode._bc.cache_clear()
    yield
    toolchain.valid_archs.cache_clear()
    bytecode._bc.cache_clear()


def test_one_message_naming_the_extra(no_extra):
    with pytest.raises(toolchain.CudaExtraMissing) as e:
        toolchain.tool("tileiras")
    assert str(e.value) == (
        "error: `tileiras` is not installed; the NVIDIA Tile IR toolchain comes "
        "with the 'cuda' extra: pip install 'eqsat[cuda]'"
    )
    with pytest.raises(toolchain.CudaExtraMissing, match=r"cuda-tile.*pip install 'eqsat\[cuda\]'"):
        toolchain.require_cuda_tile()
    assert "pip install 'eqsat[cuda]'" in toolchain.missing_reason()


@pytest.mark.parametrize(
    "argv",
    [
        ["compile", str(CORPUS / "vector_add.seq.mlir"), "-o", "unused.cubin"],
        ["cutile", str(CORPUS / "vector_add.py"), "--compare"],
    ],
)
def test_cli_says_it_once(no_extra, capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "pip install 'eqsat[cuda]'" in err[0]


def test_untested_cuda_tile_is_refused(monkeypatch):
    monkeypatch.setattr(toolchain, "cuda_tile_version", lambda: "9.0.0")
    monkeypatch.delenv("EQSAT_ALLOW_UNTESTED_CUDA_TILE", raising=False)
    try:
        import cuda.tile  # noqa: F401
    except ImportError:
        pytest.skip("cuda-tile is not installed")
    with pytest.raises(toolchain.EqsatError, match="tested with cuda-tile 1.7.0, found 9.0.0"):
        toolchain.require_cuda_tile()
    monkeypatch.setenv("EQSAT_ALLOW_UNTESTED_CUDA_TILE", "1")
    assert toolchain.require_cuda_tile() == "9.0.0"
