"""Batched disassembly (`eqsat.lowering.sass.disassemble`): the code of many cubins read
from their ELF sections and disassembled by one nvdisasm run gives, field by field, the
statistics `cuobjdump -sass` gives, and a cubin it cannot read raw still gets them from
cuobjdump (the `cuda` extra)."""
from __future__ import annotations

import struct

import pytest

from corpus_util import ROOT
from eqsat.toolchain import find_tool, missing_reason

_WHY = missing_reason() or (
    None if find_tool("nvdisasm") else "nvdisasm is not installed")
pytestmark = [
    pytest.mark.cuda,
    pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}"),
]

SUITE = ROOT / "benchmarks" / "kernels"


def _build(name: str, arch: str, no_tma: bool = False, extra: tuple[str, ...] = ()) -> bytes:
    from eqsat.lowering.bytecode import DEFAULT_VERSION, kernel_to_bytecode
    from eqsat.lowering.cutile_workflow import without_tma
    from eqsat.text import parse_file
    from eqsat.toolchain import compile_bytecode

    k = parse_file(str(SUITE / f"{name}.cutile.mlir"))
    if no_tma:
        k = without_tma(k, arch)
        assert k is not None
    bc = kernel_to_bytecode(k, version=DEFAULT_VERSION, arch=arch)
    return compile_bytecode(bc, arch, extra_args=extra).cubin


@pytest.fixture(scope="module")
def cubins() -> dict[str, bytes]:
    return {
        "histogram sm_90 (TMA, atomics, fences)": _build("histogram", "sm_90"),
        "histogram sm_90, no TMA (LDG)": _build("histogram", "sm_90", no_tma=True),
        "spinlock_reduce sm_90 (CAS, EXCH, MEMBAR)": _build("spinlock_reduce", "sm_90"),
        "rope_inplace sm_90 --lineinfo (LDG/STG)": _build("rope_inplace", "sm_90",
                                                          extra=("--lineinfo",)),
        "fp8_scaled_gemm sm_100": _build("fp8_scaled_gemm", "sm_100"),
    }


def _fields(stats) -> list[dict]:
    return [{**s.as_dict(), "opcodes": s.opcodes} for s in stats]


def test_batched_statistics_equal_cuobjdumps(cubins, monkeypatch):
    from eqsat.lowering import sass
    from eqsat.toolchain import sass_text

    names, blobs = list(cubins), list(cubins.values())
    assert all(sass.cubin_code(b) is not None for b in blobs)      # all read raw
    archs: list[str] = []
    real = sass.raw_sass_text
    monkeypatch.setattr(sass, "raw_sass_text", lambda code, arch: archs.append(arch)
                        or real(code, arch))
    got = sass.disassemble(blobs)
    assert sorted(archs) == ["SM100a", "SM90a"]      # one nvdisasm run per architecture
    for name, blob, stats in zip(names, blobs, got):
        assert stats is not None, name
        want = sass.parse_sass(sass_text(blob))
        assert len(stats) == len(want) == 1, name
        for field, value in _fields(want)[0].items():
            assert _fields(stats)[0][field] == value, f"{name}: {field}"
    by = dict(zip(names, got))
    assert by["histogram sm_90 (TMA, atomics, fences)"][0].tma             # type: ignore[index]
    assert by["histogram sm_90, no TMA (LDG)"][0].ldg                      # type: ignore[index]
    assert by["spinlock_reduce sm_90 (CAS, EXCH, MEMBAR)"][0].atomics      # type: ignore[index]
    assert by["fp8_scaled_gemm sm_100"][0].barriers                        # type: ignore[index]


def test_a_cubin_not_read_raw_falls_back_to_cuobjdump(cubins, monkeypatch):
    from eqsat.lowering import sass
    from eqsat.toolchain import ToolError, sass_text

    good = cubins["histogram sm_90 (TMA, atomics, fences)"]
    odd = bytearray(good)               # ELF flags no table entry names: cuobjdump reads it
    flags = struct.unpack_from("<I", odd, 0x30)[0]
    struct.pack_into("<I", odd, 0x30, flags & ~0xFF)
    assert sass.cubin_code(bytes(odd)) is None
    garbage = b"not an ELF file"
    assert sass.cubin_code(garbage) is None
    got = sass.disassemble([good, bytes(odd), garbage])
    want = _fields(sass.parse_sass(sass_text(good)))
    assert got[0] is not None and _fields(got[0]) == want
    assert got[1] is not None and _fields(got[1]) == want
    assert got[2] is None                                   # neither tool reads it

    def refuse(code: bytes, arch: str) -> str:
        raise ToolError("nvdisasm", 1, "refused")

    monkeypatch.setattr(sass, "raw_sass_text", refuse)      # a failed raw run: cuobjdump
    got = sass.disassemble([good, cubins["fp8_scaled_gemm sm_100"]])
    assert got[0] is not None and _fields(got[0]) == want
    assert got[1] is not None and _fields(got[1]) == _fields(
        sass.parse_sass(sass_text(cubins["fp8_scaled_gemm sm_100"])))

    monkeypatch.setattr(sass, "raw_sass_text", lambda code, arch: "")   # nothing accounted
    got = sass.disassemble([good])
    assert got[0] is not None and _fields(got[0]) == want


def test_compile_ir_statistics_equal_cubin_stats():
    from eqsat.lowering.cutile_workflow import compile_ir
    from eqsat.lowering.sass import cubin_stats
    from eqsat.text import parse_file

    run = compile_ir(parse_file(str(SUITE / "spinlock_reduce.cutile.mlir")), "sm_90")
    assert run.stats is not None and run.cubin is not None
    want = cubin_stats(run.cubin)
    assert {**run.stats.as_dict(), "opcodes": run.stats.opcodes} == \
        {**want.as_dict(), "opcodes": want.opcodes}


def test_cubin_stats_equal_cuobjdumps_three_outputs(cubins, monkeypatch):
    """`cubin_stats` disassembles with nvdisasm; field by field it is what cuobjdump's
    `-sass`, `-res-usage` and `-elf` say, and it says so without running `-sass`."""
    from eqsat.lowering import sass
    from eqsat.toolchain import elf_text, res_usage_text, sass_text

    want = {}
    for name, blob in cubins.items():
        st = sass.sass_stats(sass_text(blob), res_usage_text(blob))
        st.threads = sass.required_threads(elf_text(blob))
        want[name] = {**st.as_dict(), "opcodes": st.opcodes, "threads": st.threads}

    def no_dump(cubin: bytes) -> str:
        raise AssertionError("cuobjdump -sass ran")

    monkeypatch.setattr(sass, "sass_text", no_dump)
    for name, blob in cubins.items():
        st = sass.cubin_stats(blob)
        assert {**st.as_dict(), "opcodes": st.opcodes, "threads": st.threads} == want[name], name
    assert want["spinlock_reduce sm_90 (CAS, EXCH, MEMBAR)"]["threads"]
