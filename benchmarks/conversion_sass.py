"""What tileiras emits for the conversions that can overflow their result: each one a
kernel of its own (load one value through a pointer, convert it, store it, so nothing
folds), compiled for the GPUs asked, its conversion instructions printed.

The record it backs is docs/measurements/fp8_conversions.md: every conversion to
f8E4M3FN / f8E5M2 ends in `F2FP.SATFINITE`, `ftoi` clamps only with `saturating`, and
the conversions to f16, bf16 and f32 carry no saturating modifier (IEEE: Inf).

    python benchmarks/conversion_sass.py [--arch sm_90 --arch sm_100] [--only NAME ...]
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
    # the IEEE formats a value can overflow: what eqsat takes to give Inf
    "ftof_f32_f16": ("f32", "ftof %x", "f16"),
    "ftof_f32_bf16": ("f32", "ftof %x", "bf16"),
    "ftof_bf16_f16": ("bf16", "ftof %x", "f16"),
    "ftof_f64_f32": ("f64", "ftof %x", "f32"),
    "ftof_f64_f16": ("f64", "ftof %x", "f16"),
    "ftof_f64_bf16": ("f64", "ftof %x", "bf16"),
    "itof_i32_f16": ("i32", "itof %x signed", "f16"),
    "itof_u32_f16": ("i32", "itof %x unsigned", "f16"),
    "itof_u16_f16": ("i16", "itof %x unsigned", "f16"),
    "itof_i64_f16": ("i64", "itof %x signed", "f16"),
    "itof_u64_f16": ("i64", "itof %x unsigned", "f16"),
    "itof_i32_bf16": ("i32", "itof %x signed", "bf16"),
    "itof_i64_bf16": ("i64", "itof %x signed", "bf16"),
    "itof_u64_f32": ("i64", "itof %x unsigned", "f32"),
}
# the cases whose result is f16, bf16 or f32 (IEEE formats with an infinity)
IEEE_CASES = tuple(n for n, (_, _, dst) in CASES.items() if dst in ("f16", "bf16", "f32"))
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
