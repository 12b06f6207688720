"""SASS metrics: parsing `cuobjdump -sass` / `-res-usage` text (no NVIDIA tool needed)."""

import pytest

from eqsat.lowering.cutile_workflow import Row, access_bits, comparison_rows, narrowest
from eqsat.lowering.sass import SassStats, merge, opcode, parse_res_usage, parse_sass, sass_stats, widths


def _line(addr: int, ins: str) -> str:
    return (
        f"        /*{addr:04x}*/                   {ins} ;".ljust(90)
        + "/* 0x00000a00ff017b82 */\n"
        + " " * 88
        + "/* 0x000ff00000000800 */"
    )


def _function(name: str, instrs: list[str]) -> str:
    body = "\n".join(_line(16 * i, ins) for i, ins in enumerate(instrs))
    return (
        f'\t\tFunction : {name}\n\t.headerflags\t@"EF_CUDA_ACCELERATORS EF_CUDA_SM90"\n'
        f"{body}\n\t\t..........\n\n"
    )


KERNEL_A = [
    "LDC R1, c[0x0][0x28]",
    "@!P0 LDG.E.128 R4, desc[UR4][R2.64]",
    "LDG.E R6, desc[UR4][R2.64]",
    "@P1 LDG.E R7, desc[UR4][R2.64]",
    "LDGSTS.E.BYPASS.128 [R3], desc[UR4][R4.64]",
    "STG.E.U16 desc[UR4][R2.64], R5",
    "ATOMG.E.ADD.STRONG.GPU PT, R9, desc[UR4][R2.64], R8",
    "REDG.E.ADD.F32.FTZ.RN.STRONG.GPU desc[UR4][R2.64], R8",
    "REDUX.MAX UR4, R3",
    "MEMBAR.ALL.GPU",
    "BAR.SYNC.DEFER_BLOCKING 0x0",
    "SYNCS.EXCH.64 URZ, [UR4], UR6",
    "LDS.128 R8, [R3]",
    "STS [R3], R4",
    "ATOMS.OR RZ, [UR4], R5",
    "UTMALDG.2D [UR8], [UR4]",
    "EXIT",
    "BRA 0x110",
    "NOP",
    "NOP",
]
TEXT = (
    "\n\tcode for sm_90a\n\t.target\tsm_90a\n\n"
    + _function("kernel_a", KERNEL_A)
    + _function("kernel_b", ["LDG.E.64 R2, desc[UR4][R2.64]", "NOP", "EXIT"])
)
RES = """
Resource usage:
 Common:
  GLOBAL:64 CONSTANT[4]:8
 Function kernel_a:
  REG:40 STACK:8 SHARED:1024 LOCAL:4 CONSTANT[0]:576 TEXTURE:0 SURFACE:0 SAMPLER:0
 Function kernel_b:
  REG:12 STACK:0 SHARED:0 LOCAL:0 CONSTANT[0]:576 TEXTURE:0 SURFACE:0 SAMPLER:0
"""


def test_opcode_drops_predicates_keeps_suffixes():
    assert opcode("@!P0 LDG.E.128 R4, desc[UR4][R2.64]") == "LDG.E.128"
    assert opcode("  @PT STG.E.U16 [R2], R5 ") == "STG.E.U16"
    assert opcode("NOP") == "NOP"
    assert opcode("") == ""


def test_counts_per_function():
    a, b = parse_sass(TEXT)
    assert (a.name, b.name) == ("kernel_a", "kernel_b")
    assert a.sass_instrs == len(KERNEL_A) and a.sass_instrs_no_nop == len(KERNEL_A) - 2
    assert a.ldg == {"LDG.E": 2, "LDG.E.128": 1}  # LDGSTS is not a global load
    assert a.stg == {"STG.E.U16": 1}
    assert a.atomics == {"ATOMG.E.ADD.STRONG.GPU": 1, "REDG.E.ADD.F32.FTZ.RN.STRONG.GPU": 1}
    assert "REDUX.MAX" not in a.atomics and "REDUX.MAX" not in a.other_mem
    assert a.barriers == {"BAR.SYNC.DEFER_BLOCKING": 1, "MEMBAR.ALL.GPU": 1, "SYNCS.EXCH.64": 1}
    assert a.shared_mem == {"ATOMS.OR": 1, "LDS.128": 1, "STS": 1}
    assert a.tma == {"UTMALDG.2D": 1}
    # the manifest's other_mem: every memory/sync opcode but LDG/STG
    assert set(a.other_mem) == {
        "LDGSTS.E.BYPASS.128",
        "ATOMG.E.ADD.STRONG.GPU",
        "REDG.E.ADD.F32.FTZ.RN.STRONG.GPU",
        "MEMBAR.ALL.GPU",
        "SYNCS.EXCH.64",
        "LDS.128",
        "STS",
        "ATOMS.OR",
        "UTMALDG.2D",
    }
    assert b.ldg == {"LDG.E.64": 1} and b.sass_instrs == 3 and b.sass_instrs_no_nop == 2


def test_res_usage_and_selection():
    r = parse_res_usage(RES)
    assert r["kernel_a"] == {"reg": 40, "stack": 8, "shared": 1024, "local": 4}
    assert r["kernel_b"]["reg"] == 12
    s = sass_stats(TEXT, RES, function="kernel_a")
    assert (s.reg, s.stack, s.shared, s.local) == (40, 8, 1024, 4)
    total = sass_stats(TEXT, RES)  # two functions: summed, registers: max
    assert total.sass_instrs == len(KERNEL_A) + 3 and total.reg == 40
    assert total.ldg == {"LDG.E": 2, "LDG.E.128": 1, "LDG.E.64": 1}
    with pytest.raises(KeyError, match="kernel_c"):
        sass_stats(TEXT, RES, function="kernel_c")


def test_manifest_fields_and_merge():
    a = sass_stats(TEXT, RES, function="kernel_b")
    f = a.manifest_fields()
    assert set(f) == {
        "sass_instrs",
        "sass_instrs_no_nop",
        "ldg",
        "stg",
        "other_mem",
        "reg",
        "stack",
        "shared",
        "local",
    }
    m = merge([a, a])
    assert m.sass_instrs == 6 and m.ldg == {"LDG.E.64": 2} and m.reg == 12
    assert widths({"LDG.E.128": 2, "LDG.E": 16}) == "LDG.E:16 LDG.E.128:2" and widths({}) == "-"


def test_access_widths():
    assert access_bits("LDG.E.128") == 128 and access_bits("LDG.E.64") == 64
    assert access_bits("STG.E.U16") == 16 and access_bits("LDG.E.U8") == 8
    assert access_bits("LDG.E") == 32 and access_bits("LDG.E.128.STRONG.GPU") == 128
    assert narrowest({"LDG.E.128": 1, "LDG.E.U16": 4}) == 16 and narrowest({}) is None


def test_width_flags_count_tma_as_wider():
    from eqsat.lowering.cutile_workflow import width_flags
    from eqsat.lowering.sass import SassStats
    cutile = SassStats(ldg={"LDG.E": 16}, stg={"STG.E": 8}, tma={"UTMACCTL.PF": 1})
    versioned = SassStats(ldg={"LDG.E": 16, "LDG.E.128": 4}, stg={"STG.E": 8},
                          tma={"UTMASTG.2D": 2})
    assert width_flags(versioned, cutile) == ["ldg WIDER", "stg WIDER"]
    assert width_flags(cutile, versioned) == []          # same narrowest: not narrower
    narrow = SassStats(ldg={"LDG.E.U16": 16}, stg={"STG.E": 8})
    assert width_flags(narrow, cutile) == ["ldg NARROWER"]
    assert width_flags(versioned, narrow, " than x") == ["ldg WIDER than x", "stg WIDER than x"]


def _sm90_run(pipeline: str, tokens: tuple[int, int], instrs: tuple[int, int], **stats):
    """A PipelineRun of an empty kernel on sm_90 using 20 registers: `tokens` are its IR's
    (make_token, join_tokens) counts, `instrs` its SASS (sass_instrs, sass_instrs_no_nop),
    `stats` the other SassStats fields."""
    from eqsat.lowering.cutile_workflow import PipelineRun
    from eqsat.text import parse

    make_token, join_tokens = tokens
    return PipelineRun(
        pipeline,
        parse("entry @k() {\n  return\n}\n"),
        b"",
        "sm_90",
        ir={"make_token": make_token, "join_tokens": join_tokens, "mem_ops": {}},
        stats=SassStats(sass_instrs=instrs[0], sass_instrs_no_nop=instrs[1], reg=20, **stats),
    )


def test_comparison_flags_higher_and_narrower():
    ours = _sm90_run(
        "eqsat",
        (2, 0),
        (10, 8),
        ldg={"LDG.E.U16": 4},
        stg={"STG.E.128": 1},
        barriers={"BAR.SYNC": 2},
    )
    ref = _sm90_run("cutile", (1, 3), (12, 9), ldg={"LDG.E": 2}, stg={"STG.E": 4}, barriers={})
    rows = {r.metric: r for r in comparison_rows(ours, ref)}
    assert isinstance(rows["ir.make_token"], Row) and rows["ir.make_token"].flag == "higher"
    assert rows["ir.join_tokens"].flag == "" and rows["sass.instrs"].flag == ""
    assert rows["sass.registers"].flag == ""  # equal is not higher
    assert rows["sass.ldg_widths"].flag == "NARROWER" and rows["sass.stg_widths"].flag == ""
    assert rows["sass.barriers"].flag == "higher"
