"""What tileiras emits for the conversions whose overflow Tile IR and the hardware disagree
on: each one a kernel of its own (load one value through a pointer, convert it, store it,
so nothing folds), compiled for the GPUs asked, its conversion instructions printed.

The record it backs is docs/measurements/fp8_conversions.md: every conversion to
f8E4M3FN / f8E5M2 ends in `F2FP.SATFINITE`, and `ftoi` clamps only with `saturating`.

    python benchmarks/conversion_sass.py [--arch sm_90 --arch sm_100] [--all]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eqsat.ir.core import Kernel  # noqa: E402
from eqsat.lowering.bytecode import kernel_to_bytecode  # noqa: E402
from eqsat.text import parse  # noqa: E402
from eqsat.toolchain import compile_bytecode, sass_text  # noqa: E402

# name -> (source element, the op's text between the result and the ':', result element)
CASES: dict[str, tuple[str, str, str]] = {
    "itof_i32_e4m3": ("i32", "itof %x signed", "f8E4M3FN"),
    "itof_i32_e5m2": ("i32", "itof %x signed", "f8E5M2"),
    "itof_u32_e4m3": ("i32", "itof %x unsigned", "f8E4M3FN"),
    "itof_i64_e5m2": ("i64", "itof %x signed", "f8E5M2"),
    "itof_i8_e4m3": ("i8", "itof %x signed", "f8E4M3FN"),
    "ftof_f32_e4m3": ("f32", "ftof %x", "f8E4M3FN"),
    "ftof_f32_e5m2": ("f32", "ftof %x", "f8E5M2"),
    "ftof_f16_e4m3": ("f16", "ftof %x", "f8E4M3FN"),
    "ftof_f16_e5m2": ("f16", "ftof %x", "f8E5M2"),
    "ftof_bf16_e4m3": ("bf16", "ftof %x", "f8E4M3FN"),
    "ftof_f64_e5m2": ("f64", "ftof %x", "f8E5M2"),
    "ftoi_f32_i32": ("f32", "ftoi %x signed", "i32"),
    "ftoi_f32_i32_sat": ("f32", "ftoi %x signed saturating", "i32"),
    "ftoi_f32_i8": ("f32", "ftoi %x signed", "i8"),
    "ftoi_f32_i8_sat": ("f32", "ftoi %x signed saturating", "i8"),
}
# the instructions worth reading: conversions, and the clamps and selects around them
_SHOWN = ("F2F", "F2FP", "I2F", "I2FP", "F2I", "FMNMX", "SEL", "FSETP", "DSETP", "LOP3")


def kernel(name: str) -> Kernel:
    src, conv, dst = CASES[name]
    return parse(f"""entry @{name}(%p: tile<ptr<{src}>>, %q: tile<ptr<{dst}>>) {{
  %t0 = make_token : token
  %x, %t1 = load_ptr_tko weak %p token=%t0 : tile<ptr<{src}>> -> tile<{src}>, token
  %y = {conv} : tile<{src}> -> tile<{dst}>
  %t2 = store_ptr_tko weak %q, %y token=%t1 : tile<ptr<{dst}>>, tile<{dst}> -> token
  return
}}
""")


def conversion_sass(name: str, arch: str) -> list[str]:
    """The kernel's conversion instructions (and the clamps around them), as cuobjdump
    prints them, addresses and encodings left out."""
    cubin = compile_bytecode(kernel_to_bytecode(kernel(name)), arch, what=name).cubin
    out = []
    for line in sass_text(cubin).splitlines():
        if "/*0" not in line:
            continue
        ins = line.split("*/", 1)[1].split(";", 1)[0].strip()
        words = [w for w in ins.split() if not w.startswith("@")]
        if words and words[0].split(".")[0] in _SHOWN:
            out.append(ins)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arch", action="append", help="GPU name (default: sm_90 and sm_100)")
    ap.add_argument("--only", action="append", choices=sorted(CASES), help="one case")
    args = ap.parse_args(argv)
    for arch in args.arch or ["sm_90", "sm_100"]:
        for name in args.only or CASES:
            print(f"{name} ({arch}):")
            for ins in conversion_sass(name, arch):
                print(f"    {ins}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
