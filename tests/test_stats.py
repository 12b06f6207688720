"""`eqsat stats` reproduces the manifest's token counts for cuTile's outputs."""
import pytest

from corpus_util import CORPUS, KERNELS, manifest_ir
from eqsat import parse_file
from eqsat.memory.stats import kernel_stats


@pytest.mark.parametrize("variant", ["cutile", "seq"])
@pytest.mark.parametrize("name", KERNELS)
def test_token_counts_match_manifest(name, variant):
    s = kernel_stats(parse_file(CORPUS / f"{name}.{variant}.mlir"))
    m = manifest_ir(name, variant)
    assert s["make_token"] == m["make_token"]
    assert s["join_tokens"] == m["join_tokens"]
    assert s["token_operands"] == m["token_operand_ops"]
    assert s["loop_carried_tokens"] == m["loop_carried_tokens"]
    assert s["op_counts"].get("for", 0) + s["op_counts"].get("loop", 0) == m["loops"]
    for op, n in m["mem_ops"].items():
        assert s["op_counts"][op] == n


def test_ops_counts_nested_regions():
    s = kernel_stats(parse_file(CORPUS / "layernorm_fwd.seq.mlir"))
    assert s["ops"] == sum(s["op_counts"].values())
    assert s["op_counts"]["addf"] == 4      # two inside loops, two inside reduce bodies


def test_needless_orderings_read_the_cutile_symbol():
    # cuTile's vector add with its store ordered after the load of `a`: the symbol
    # declares no alias groups, so `out` never overlaps `a` and the edge is needless;
    # under another name nothing is known and the edge may be needed
    from eqsat.text import parse
    text = (CORPUS / "vector_add.cutile.mlir").read_text()
    text = text.replace("%2 = store_view_tko weak %1, %pview_12[%blockId_x] token = %0",
                        "%2 = store_view_tko weak %1, %pview_12[%blockId_x] token = %result_token")
    assert "token = %result_token" in text
    assert kernel_stats(parse(text))["needless_orderings"] == 1
    plain = parse(text.replace("@vector_add_Kt1_A1f32_1t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_I1024",
                               "@vector_add"))
    assert kernel_stats(plain)["needless_orderings"] == 0
    assert kernel_stats(plain, noalias=True)["needless_orderings"] == 1
