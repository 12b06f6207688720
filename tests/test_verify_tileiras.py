"""The verifier's refusals are tileiras' own: each kernel of test_verify's tables of what
tileiras refuses, with its entry rewritten to the 0-d parameters tileiras takes, is
refused by tileiras too (or cannot even be written as bytecode), never compiled."""
import pytest

import test_verify as tv
from eqsat.lowering.bytecode import BytecodeError, kernel_to_bytecode
from eqsat.text import parse
from eqsat.toolchain import ToolError, compile_bytecode, missing_reason

_WHY = missing_reason()
pytestmark = [
    pytest.mark.cuda,
    pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}"),
]

# the tables' parameters, made inside the kernel from the 0-d ones tileiras takes
ENTRY = """entry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %c: tile<i1>, %s: tile<f32>,
         %ph: tile<ptr<f16>>) {
  %f = constant <f32: 1.0> : tile<4xf32>
  %i = iota : tile<4xi32>
  %b = constant <i1: true> : tile<4xi1>
  %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
  %p4 = broadcast %p1 : tile<1xptr<f32>> -> tile<4xptr<f32>>
  %q = offset %p4, %i : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
  %h1 = reshape %ph : tile<ptr<f16>> -> tile<1xptr<f16>>
  %h4 = broadcast %h1 : tile<1xptr<f16>> -> tile<4xptr<f16>>
  %qh = offset %h4, %i : tile<4xptr<f16>>, tile<4xi32> -> tile<4xptr<f16>>
  %hh = constant <f16: 1.0> : tile<4xf16>
  %h = constant <f16: 1.0> : tile<4x8xf16>
  %acc = constant <f32: 0.0> : tile<4x4xf32>
"""
CASES = [(c[0], c[2]) for c in tv.OP_CASES] + [(c[0], c[1]) for c in tv.SHAPE_CASES]


def test_the_entry_stands_in_for_the_tables_parameters():
    """With no case body the kernel compiles: a refusal below is the case's."""
    k = parse(ENTRY + "  return\n}\n")
    assert compile_bytecode(kernel_to_bytecode(k), "sm_90").cubin[:4] == b"\x7fELF"


@pytest.mark.parametrize("body,op", CASES, ids=[f"{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_tileiras_refuses_what_the_verifier_refuses(body, op):
    k = parse(ENTRY + "".join(line + "\n" for line in body) + "  return\n}\n")
    assert any(o.name == op for o in k.walk())
    try:
        bc = kernel_to_bytecode(k)
    except BytecodeError:
        return                            # not even expressible in bytecode
    arch = "sm_100" if any(t in str(body) for t in ("f8E8M0FNU", "f4E2M1FN")) else "sm_90"
    with pytest.raises(ToolError):
        compile_bytecode(bc, arch)
