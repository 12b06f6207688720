#!/usr/bin/env python3
"""Rebuild the sample .mlir files in this folder.

For each kernel file NAME.py (any *.py here that is not a helper script listed in HELPERS
and does not start with "_") this exports Tile IR bytecode 13.3 for sm_90 twice, each in a
fresh process (cuTile reads CUDA_TILE_TESTING_DISABLE_TOKEN_ORDER at import time):
  NAME.seq.mlir    : CUDA_TILE_TESTING_DISABLE_TOKEN_ORDER=1 (token-ordering pass skipped)
  NAME.cutile.mlir : cuTile's normal pipeline
disassembles each with tileirdisasm, and checks that `tileiras --gpu-name=sm_90 -O3` accepts it.
Usage: python build_samples.py [NAME ...]     (run with the venv that has cuda-tile)
Tools: $CUTILE_TOOLS_BIN, then PATH, then the nvidia.cu13 package's bin/ folder.
"""
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

ENV = "CUDA_TILE_TESTING_DISABLE_TOKEN_ORDER"
HELPERS = {"build_samples.py", "write_bytecode_demo.py", "capture_pre_token_ir.py",
           "encoder_attr_forms.py"}
HERE = os.path.dirname(os.path.abspath(__file__))


def tool(name):
    d = os.environ.get("CUTILE_TOOLS_BIN")
    if d and os.path.isfile(os.path.join(d, name)):
        return os.path.join(d, name)
    if shutil.which(name):
        return shutil.which(name)
    spec = importlib.util.find_spec("nvidia.cu13")
    for loc in (spec.submodule_search_locations if spec else []):
        if os.path.isfile(os.path.join(loc, "bin", name)):
            return os.path.join(loc, "bin", name)
    sys.exit(f"cannot find {name}")


def child(src, out):
    sys.path.insert(0, os.path.dirname(src))
    spec = importlib.util.spec_from_file_location(os.path.basename(src)[:-3], src)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    from cuda.tile.compilation import export_kernel
    export_kernel(m.KERNEL, [m.SIGNATURE], out, gpu_code="sm_90",
                  output_format="tileir_bytecode", bytecode_version="13.3")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        return child(sys.argv[2], sys.argv[3])
    names = sys.argv[1:] or sorted(f[:-3] for f in os.listdir(HERE)
                                   if f.endswith(".py") and not f.startswith("_")
                                   and f not in HELPERS)
    tmp = tempfile.mkdtemp(prefix="tileir_samples_")
    failures = 0
    try:
        for n in names:
            for var, extra in (("seq", {ENV: "1"}), ("cutile", {})):
                env = dict(os.environ)
                env.pop(ENV, None)
                env.update(extra)
                bc = os.path.join(tmp, f"{n}.{var}.bc")
                p = subprocess.run([sys.executable, os.path.abspath(__file__), "--child",
                                    os.path.join(HERE, n + ".py"), bc],
                                   env=env, capture_output=True, text=True)
                if p.returncode:
                    print(f"{n}.{var}: EXPORT FAILED\n" + (p.stderr or p.stdout)[-1500:])
                    failures += 1
                    continue
                q = subprocess.run([tool("tileirdisasm"), bc], capture_output=True, text=True)
                if q.returncode:
                    print(f"{n}.{var}: DISASM FAILED\n{q.stderr[-1500:]}")
                    failures += 1
                    continue
                with open(os.path.join(HERE, f"{n}.{var}.mlir"), "w") as f:
                    f.write(q.stdout)
                c = subprocess.run([tool("tileiras"), "--gpu-name=sm_90", "-O3", bc,
                                    "-o", bc[:-3] + ".cubin"], capture_output=True, text=True)
                status = "ok" if c.returncode == 0 else "TILEIRAS FAILED " + c.stderr[-800:]
                failures += c.returncode != 0
                print(f"{n}.{var}: {status}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
