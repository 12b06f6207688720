"""Encoder experiment: build one entry function with cuda.tile._bytecode that uses attribute
variants cuTile never emits (overflow flags, rounding modes, flush_to_zero, unsigned `for`,
`if` with results), disassemble it with tileirdisasm and check that tileiras accepts it.
Output of a run: encoder_attr_forms.out.txt."""
import subprocess, inspect, importlib.util, shutil


def tool(name):
    spec = importlib.util.find_spec("nvidia.cu13")
    for loc in (spec.submodule_search_locations if spec else []):
        if shutil.os.path.isfile(shutil.os.path.join(loc, "bin", name)):
            return shutil.os.path.join(loc, "bin", name)
    return shutil.which(name) or name


import cuda.tile._bytecode as bc
from cuda.tile._bytecode import BytecodeVersion as V
for n in ["encode_FToIOp", "encode_SqrtOp", "encode_ExpOp", "encode_TanHOp", "encode_ForOp", "encode_IfOp", "encode_FmaOp", "encode_CmpIOp", "encode_AddIOp","encode_ShLIOp","encode_TruncIOp","encode_NegIOp","encode_DivFOp","encode_ConstantOp"]:
    print(n, list(inspect.signature(getattr(bc, n)).parameters)[1:])
buf = bytearray()
with bc.write_bytecode(1, buf, V.V_13_3) as w:
    tt = w.type_table
    ti, tf = tt.tile(tt.I32, ()), tt.tile(tt.F32, ())
    th = tt.tile(tt.simple(bc.SimpleType.I8), ())
    tp = tt.tile(tt.pointer(tt.I32, bc.PtrAttr.Missing), ())
    t1 = tt.tile(tt.I1, ())
    with w.function(name="k", parameter_types=[ti, ti, tf, tf, tp], result_types=(), entry_point=True,
                    hints={}, debug_attr=bc.MISSING_DEBUG_ATTR_ID) as (b, (a, c, x, y, p)):
        for pred in bc.ComparisonPredicate:
            bc.encode_CmpIOp(b, t1, a, c, pred, bc.Signedness.Signed)
            bc.encode_CmpFOp(b, t1, x, y, pred, bc.ComparisonOrdering.ORDERED)
        for mode in (bc.AtomicRMWMode.UMAX, bc.AtomicRMWMode.UMIN):
            bc.encode_AtomicRMWTkoOp(b, ti, tt.Token, p, a, None, None,
                                     bc.MemoryOrderingSemantics.RELAXED, bc.MemoryScope.SYS, mode)
        mt = bc.encode_MakeTokenOp(b, tt.Token)
        bc.encode_AtomicCASTkoOp(b, ti, tt.Token, p, a, c, None, mt,
                                 bc.MemoryOrderingSemantics.ACQ_REL, bc.MemoryScope.TL_BLK)
        ld, ldt = bc.encode_LoadPtrTkoOp(b, ti, tt.Token, p, None, None, mt,
                                         bc.MemoryOrderingSemantics.ACQUIRE, bc.MemoryScope.DEVICE, None)
        bc.encode_StorePtrTkoOp(b, tt.Token, p, ld, None, ldt,
                                bc.MemoryOrderingSemantics.RELEASE, bc.MemoryScope.DEVICE, None)
        bc.encode_JoinTokensOp(b, tt.Token, [mt, ldt])
        for ov in bc.IntegerOverflow:
            bc.encode_AddIOp(b, ti, a, c, ov)
        bc.encode_MulIOp(b, ti, a, c, bc.IntegerOverflow.NUW)
        bc.encode_ShLIOp(b, ti, a, c, bc.IntegerOverflow.NSW)
        bc.encode_TruncIOp(b, th, a, bc.IntegerOverflow.NW)
        bc.encode_NegIOp(b, ti, a, bc.IntegerOverflow.NSW)
        for rm in list(bc.RoundingMode)[:4]:
            try:
                bc.encode_SqrtOp(b, tf, x, rm, False)
            except Exception as e:
                print("sqrt", rm, e)
        bc.encode_SqrtOp(b, tf, x, bc.RoundingMode.APPROX, True)
        bc.encode_DivFOp(b, tf, x, y, bc.RoundingMode.FULL, True)
        bc.encode_FmaOp(b, tf, x, y, x, bc.RoundingMode.POSITIVE_INF, True)
        bc.encode_ExpOp(b, tf, x, bc.RoundingMode.APPROX)
        bc.encode_TanHOp(b, tf, x, bc.RoundingMode.APPROX)
        bc.encode_FToIOp(b, ti, x, bc.Signedness.Unsigned, bc.RoundingMode.NEAREST_INT_TO_ZERO, False)
        bc.encode_DivIOp(b, ti, a, c, bc.Signedness.Unsigned, bc.RoundingMode.ZERO)
        bc.encode_DivIOp(b, ti, a, c, bc.Signedness.Signed, bc.RoundingMode.POSITIVE_INF)
        one = bc.encode_ConstantOp(b, ti, (1).to_bytes(4, "little"))
        nb = bc.encode_ForOp(b, [ti], a, c, one, [a], True)
        with nb.new_block([ti, ti]) as (iv, acc):
            s = bc.encode_AddIOp(b, ti, acc, iv, bc.IntegerOverflow.NONE)
            bc.encode_ContinueOp(b, [s])
        (r,) = nb.done()
        cond = bc.encode_CmpIOp(b, tt.tile(tt.I1, ()), a, c, bc.ComparisonPredicate.LESS_THAN, bc.Signedness.Unsigned)
        nb = bc.encode_IfOp(b, [ti], cond)
        with nb.new_block([]):
            bc.encode_YieldOp(b, [r])
        with nb.new_block([]):
            bc.encode_YieldOp(b, [a])
        nb.done()
        nb = bc.encode_ForOp(b, [], a, c, one, [], False)
        with nb.new_block([ti]) as (iv,):
            bc.encode_ContinueOp(b, [])
        nb.done()
        bc.encode_ReturnOp(b, [])
import os, tempfile
out = os.path.join(tempfile.mkdtemp(), "attrs.bc")
open(out, "wb").write(buf)
p = subprocess.run([tool("tileirdisasm"), out], capture_output=True, text=True)
print(p.stdout, p.stderr)
q = subprocess.run([tool("tileiras"), "--gpu-name=sm_90", out, "-o", out[:-3] + ".cubin"], capture_output=True, text=True)
print("tileiras rc", q.returncode, q.stderr[-1500:])
