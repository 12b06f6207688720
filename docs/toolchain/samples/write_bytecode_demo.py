#!/usr/bin/env python3
"""Build the corpus `vector_add` kernel directly with cuTile's bytecode encoder
(cuda.tile._bytecode), without cuTile's Python front end, then:
  1. write it to a .bc file (Tile IR bytecode 13.3),
  2. disassemble it with tileirdisasm and compare with the corpus .mlir file,
  3. compile it with `tileiras --gpu-name=sm_90 -O3` to a cubin,
  4. run `cuobjdump -sass` and `cuobjdump -res-usage` on the cubin.

Usage: python write_bytecode_demo.py [--seq] [--out DIR] [--corpus DIR]
  --seq   omit make_token / token operands (matches vector_add.seq.mlir);
          default emits them (matches vector_add.cutile.mlir).
Tools are looked up in $CUTILE_TOOLS_BIN, then PATH, then the nvidia.cu13 package's bin/.
"""
import argparse
import difflib
import importlib.util
import os
import shutil
import subprocess
import sys

import cuda.tile._bytecode as bc
from cuda.tile._bytecode import BytecodeVersion

SYMBOL = "vector_add_Kt1_A1f32_1t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_I1024"
TILE = 1024


def tool(name):
    d = os.environ.get("CUTILE_TOOLS_BIN")
    if d and os.path.isfile(os.path.join(d, name)):
        return os.path.join(d, name)
    if shutil.which(name):
        return shutil.which(name)
    spec = importlib.util.find_spec("nvidia.cu13")
    for loc in (spec.submodule_search_locations if spec else []):
        p = os.path.join(loc, "bin", name)
        if os.path.isfile(p):
            return p
    sys.exit(f"cannot find {name}")


def build(with_tokens: bool, version=BytecodeVersion.V_13_3) -> bytearray:
    buf = bytearray()
    # One function in the module; the context manager writes header + all sections.
    with bc.write_bytecode(num_functions=1, buf=buf, version=version) as w:
        tt = w.type_table
        # ---- types (interned in the type table; each call returns a TypeId)
        f32 = tt.F32
        ptr_f32 = tt.pointer(f32, bc.PtrAttr.Missing)          # ptr<f32>
        t_ptr = tt.tile(ptr_f32, ())                           # tile<ptr<f32>>  (0-d tile)
        t_i32 = tt.tile(tt.I32, ())                            # tile<i32>
        t_vec = tt.tile(f32, (TILE,))                          # tile<1024xf32>
        tok = tt.Token                                         # token
        tview_ty = tt.tensor_view(f32, [bc.DYNAMIC_SHAPE], [1], bc.PtrAttr.Missing)
        pview_ty = tt.partition_view([TILE], tview_ty, [0], bc.PaddingValue.Missing)

        # cutile_python_v1 flattens each 1-D array into (base ptr, shape[0], stride[0]).
        params = [t_ptr, t_i32, t_i32] * 3
        with w.function(name=SYMBOL, parameter_types=params, result_types=(),
                        entry_point=True,
                        hints={"default": bc.EntryHints()},   # -> optimization_hints=<default = {}>
                        debug_attr=bc.MISSING_DEBUG_ATTR_ID) as (b, args):
            root = bc.encode_MakeTokenOp(b, tok) if with_tokens else None
            bases = [bc.encode_AssumeOp(b, t_ptr, args[i], bc.DivBy(16)) for i in (0, 3, 6)]
            one = (1).to_bytes(4, "little")
            for _ in range(3):   # cuTile materializes the constant stride 1 of each array
                bc.encode_ConstantOp(b, t_i32, one)
            views = []
            for k in range(3):
                n = bc.encode_AssumeOp(b, t_i32, args[3 * k + 1], bc.Bounded(0, None))
                views.append(bc.encode_MakeTensorViewOp(b, tview_ty, bases[k], [n], []))
            bid_x, _, _ = bc.encode_GetTileBlockIdOp(b, t_i32, t_i32, t_i32)

            def load(view):
                pv = bc.encode_MakePartitionViewOp(b, pview_ty, view)
                tile, _tok = bc.encode_LoadViewTkoOp(
                    b, t_vec, tok, pv, [bid_x], root,
                    bc.MemoryOrderingSemantics.WEAK, None, None, [False])
                return tile

            lhs = load(views[0])
            rhs = load(views[1])
            s = bc.encode_AddFOp(b, t_vec, lhs, rhs, bc.RoundingMode.NEAREST_EVEN, False)
            pv = bc.encode_MakePartitionViewOp(b, pview_ty, views[2])
            bc.encode_StoreViewTkoOp(b, tok, s, pv, [bid_x], root,
                                     bc.MemoryOrderingSemantics.WEAK, None, None, [False])
            bc.encode_ReturnOp(b, [])
    return buf


def run(cmd):
    print("$", " ".join(cmd))
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        print(p.stdout, p.stderr)
        sys.exit(f"command failed with rc={p.returncode}")
    return p.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seq", action="store_true")
    ap.add_argument("--out", default="/tmp/tileir_bc_demo")
    ap.add_argument("--corpus", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                     "..", "..", "..", "tests", "corpus"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    variant = "seq" if a.seq else "cutile"
    bcfile = os.path.join(a.out, f"vector_add.{variant}.bc")
    with open(bcfile, "wb") as f:
        f.write(build(with_tokens=not a.seq))
    print(f"wrote {bcfile} ({os.path.getsize(bcfile)} bytes)")

    text = run([tool("tileirdisasm"), bcfile])
    print(text)
    ref = os.path.join(a.corpus, f"vector_add.{variant}.mlir")
    if os.path.isfile(ref):
        want = open(ref).read()
        if want == text:
            print(f"IDENTICAL to {ref}")
        else:
            print(f"DIFFERS from {ref}:")
            sys.stdout.writelines(difflib.unified_diff(want.splitlines(True), text.splitlines(True)))

    cubin = os.path.join(a.out, f"vector_add.{variant}.sm90.cubin")
    run([tool("tileiras"), "--gpu-name=sm_90", "-O3", bcfile, "-o", cubin])
    print(f"wrote {cubin} ({os.path.getsize(cubin)} bytes)")
    print(run([tool("cuobjdump"), "-sass", cubin]))
    print(run([tool("cuobjdump"), "-res-usage", cubin]))


if __name__ == "__main__":
    main()
