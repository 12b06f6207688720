"""Every op and element type cuTile's bytecode encoder (`cuda.tile._bytecode`) knows must
round-trip through eqsat: parse and print, write as bytecode, disassemble and parse back
to the same IR. The catalogue is read from the installed encoder, so an op a new
cuda-tile adds fails here until it is modelled (or listed below with why not yet)."""

from pathlib import Path

import pytest

from corpus_util import CORPUS_FILES, SAMPLE_FILES
from eqsat.ir import first_difference
from eqsat.ir.ops import SPECS
from eqsat.ir.types import SCALAR_NAMES
from eqsat.text import parse, parse_file, print_kernel
from eqsat.toolchain import missing_reason

_WHY = missing_reason()
pytestmark = [
    pytest.mark.cuda,
    pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}"),
]

HERE = Path(__file__).resolve().parent
FILES = CORPUS_FILES + SAMPLE_FILES + sorted((HERE / "cutile_kernels").glob("*.mlir"))

# written by the bytecode writer itself for every kernel, not as ops
STRUCTURAL = {"Module", "Entry"}
# encoder ops eqsat does not model yet, and why; each must still be missing (strict xfail)
NOT_MODELLED = {
    "Alloca": "local/global scratch allocation: needs an allocation model in the interpreter",
    "Global": "module-level globals: eqsat reads one entry function, no module scope",
    "GetGlobal": "reads a module-level global (see Global)",
    "MakeGatherScatterView": "gather/scatter views need their own view type and addressing",
    "MultimemLoadReduceViewTko": "multicast memory across GPUs (bytecode 13.5, dev only)",
    "MultimemReduceViewTko": "multicast memory across GPUs (bytecode 13.5, dev only)",
    "MultimemStoreViewTko": "multicast memory across GPUs (bytecode 13.5, dev only)",
    "PreviewCall": "calls into preview intrinsics by name: no fixed semantics",
}
# element types the encoder knows that eqsat does not
NOT_MODELLED_TYPES = {"I4": "i4 is not a pointee or tile element the disassembler accepts"}


def _encoder():
    import cuda.tile._bytecode as bc
    return bc


def _encoder_ops() -> list[str]:
    if _WHY is not None:
        return []
    return sorted(n[len("encode_"):-len("Op")] for n in dir(_encoder())
                  if n.startswith("encode_") and n.endswith("Op"))


def _ir_name(enc: str) -> str | None:
    """The IR op an encoder op writes: same name without case and underscores."""
    key = enc.lower()
    hits = [n for n in SPECS if n.replace("_", "") == key]
    return hits[0] if hits else None


@pytest.fixture(scope="module")
def round_tripped() -> dict[str, str]:
    """{op name: a sample file holding it} for every sample that round-trips."""
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import disassemble_bytecode

    seen: dict[str, str] = {}
    for path in FILES:
        k = parse_file(path)
        again = parse(print_kernel(k))
        assert first_difference(k, again) is None, path.name
        back = parse(disassemble_bytecode(kernel_to_bytecode(k)))
        for p in back.params:
            p.attrs.clear()
        for p in k.params:
            p.attrs.clear()
        assert first_difference(k, back) is None, path.name
        for op in k.walk():
            seen.setdefault(op.name, path.name)
    return seen


def _op_cases():
    out = []
    for enc in _encoder_ops():
        marks = [pytest.mark.xfail(strict=True, reason=NOT_MODELLED[enc])] \
            if enc in NOT_MODELLED else []
        out.append(pytest.param(enc, marks=marks, id=enc))
    return out


@pytest.mark.parametrize("enc", _op_cases())
def test_encoder_op_round_trips(enc, round_tripped):
    from eqsat.lowering.bytecode import encodable_ops

    if enc in STRUCTURAL:
        assert "return" in round_tripped      # every sample is an entry with a body
        return
    name = _ir_name(enc)
    assert name is not None, f"encoder op {enc} has no IR op"
    assert name in encodable_ops(), f"{name} has no bytecode writer"
    assert name in round_tripped, f"no sample file holds '{name}'"


def test_the_catalogue_is_the_installed_one():
    ops = _encoder_ops()
    assert len(ops) >= 100 and "FPowI" in ops and "LoadPtrTko" in ops
    assert set(NOT_MODELLED) <= set(ops)


def _type_cases():
    if _WHY is not None:
        return []
    out = []
    for st in _encoder().SimpleType:
        if st.name == "Token":
            continue
        marks = [pytest.mark.xfail(strict=True, reason=NOT_MODELLED_TYPES[st.name])] \
            if st.name in NOT_MODELLED_TYPES else []
        out.append(pytest.param(st.name, marks=marks, id=st.name))
    return out


@pytest.mark.parametrize("simple", _type_cases())
def test_element_type_round_trips(simple):
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.toolchain import disassemble_bytecode

    elems = [e for e in SCALAR_NAMES if e.upper() == simple]
    assert elems, f"no IR element type for {simple}"
    e = elems[0]
    # entry parameters are scalars; f4 tiles must hold an even count, so only its pointer
    params = [f"%p: tile<ptr<{e}>>"] + ([] if e == "f4E2M1FN" else [f"%v: tile<{e}>"])
    text = f"entry @t({', '.join(params)}) {{\n  return\n}}\n"
    k = parse(text)
    assert print_kernel(k) == text
    back = parse(disassemble_bytecode(kernel_to_bytecode(k)))
    assert [str(p.type) for p in back.params] == [str(p.type) for p in k.params]


def test_versions_match_cutile_and_tileiras():
    """13.1 to 13.5 are written and read; the default is cuTile's (the newest non-dev
    version tileiras takes)."""
    from cuda.tile import _compile

    from eqsat.frontend import DEFAULT_BYTECODE_VERSION
    from eqsat.lowering.bytecode import DEFAULT_VERSION, kernel_to_bytecode, supported_versions
    from eqsat.toolchain import bytecode_versions, compile_bytecode

    want = {"13.1", "13.2", "13.3", "13.4", "13.5"}
    assert want <= set(supported_versions()) and want <= set(bytecode_versions())
    cutile = max(v.as_string() for v in _compile._SUPPORTED_VERSIONS
                 if v.as_string() in bytecode_versions())
    assert DEFAULT_VERSION == DEFAULT_BYTECODE_VERSION == cutile == "13.4"
    k = parse_file(HERE / "cutile_kernels" / "catalogue.mlir")
    for v in ("13.4", "13.5"):
        assert compile_bytecode(kernel_to_bytecode(k, version=v), "sm_100").cubin[:4] == \
            b"\x7fELF"


def test_fpowi_and_insert_need_13_4():
    from eqsat.lowering.bytecode import BytecodeError, kernel_to_bytecode

    k = parse_file(HERE / "cutile_kernels" / "catalogue.mlir")
    with pytest.raises(BytecodeError, match="'fpowi': needs bytecode 13.4"):
        kernel_to_bytecode(k, version="13.3")
    k = parse_file(HERE / "cutile_kernels" / "shape_ops_13_4.mlir")
    with pytest.raises(BytecodeError, match="'insert': needs bytecode 13.4"):
        kernel_to_bytecode(k, version="13.3")
