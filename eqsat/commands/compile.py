"""`eqsat compile FILE --arch sm_90 -o OUT.cubin [--sass-stats]`: Tile IR text to a cubin
through our bytecode writer and NVIDIA's `tileiras` (needs the `cuda` extra)."""

from __future__ import annotations

import argparse
import sys

from eqsat.commands._common import emit_json, load_kernel, phase, write_output
from eqsat.memory.relations import LOOP_PARALLEL


def _run(args) -> int:
    from eqsat.lowering.cutile_workflow import compile_ir, label
    from eqsat.toolchain import check_arch

    k = load_kernel(args.file)
    check_arch(args.arch)
    phase("optimizing" if args.optimize else f"tileiras -O{args.opt_level} --gpu-name "
          f"{args.arch}")
    # a crash or failure of tileiras leaves a reproducer and is retried without
    # versioning, then unoptimized; the note says which
    kw = {} if args.loop_parallel == "auto" else {"loop_parallel": args.loop_parallel}
    run = compile_ir(k, args.arch, optimize=args.optimize, version=args.bytecode_version,
                     stats=args.sass_stats, versioning=args.versioning, optimize_kw=kw,
                     opt_level=args.opt_level, filename=args.file, gpu=args.gpu)
    if args.emit_bytecode:
        write_output(args.emit_bytecode, run.bytecode)
    out = args.output or _default_out(args.file, args.arch)
    write_output(out, run.cubin or b"")
    if run.note:                  # after the outputs: an error stays the only line
        print(f"eqsat compile: {run.note}", file=sys.stderr)
    stats = run.stats
    if args.json:
        emit_json({"file": args.file, "output": out, "arch": args.arch,
                   "optimized": run.optimized, "label": label(run), "note": run.note or None,
                   "attempts": run.attempts, "loop_parallel": run.loop_parallel,
                   "versioning": getattr(run.report, "versioning", "") or None,
                   "bytecode_version": args.bytecode_version, "bytecode_bytes": len(run.bytecode),
                   "cubin_bytes": len(run.cubin or b""),
                   "tileiras_seconds": run.times.get("tileiras"),
                   "sass": stats.as_dict() if stats is not None else None,
                   "choice": run.choice.as_dict() if run.choice is not None else None})
        return 0
    if stats is not None:
        print(_stats_text(stats, out, run.times.get("tileiras", 0.0)))
    if args.report and run.choice is not None:
        from eqsat.commands.cutile import choice_text
        print(choice_text(run.choice))
    return 0


def _default_out(path: str, arch: str) -> str:
    base = path.removesuffix(".mlir")
    return f"{base}.{arch}.cubin"


def _stats_text(s, out: str, seconds: float) -> str:
    from eqsat.lowering.sass import widths

    lines = [
        f"{out}: {s.name}",
        f"  instructions     {s.sass_instrs} ({s.sass_instrs_no_nop} without NOPs)",
        f"  registers        {s.reg}   stack {s.stack}   shared {s.shared}   local {s.local}",
        f"  global loads     {widths(s.ldg)}",
        f"  global stores    {widths(s.stg)}",
        f"  atomics          {widths(s.atomics)}",
        f"  barriers/fences  {widths(s.barriers)}",
        f"  shared memory    {widths(s.shared_mem)}",
        f"  TMA              {widths(s.tma)}",
        f"  tileiras         {seconds:.2f}s",
    ]
    return "\n".join(lines)


def register(sub) -> None:
    p = sub.add_parser(
        "compile", help="compile a kernel to a cubin with tileiras (needs the " "'cuda' extra)"
    )
    p.add_argument("file", metavar="FILE", help="Tile IR text (.mlir)")
    p.add_argument(
        "--arch",
        default="sm_90",
        help="GPU to compile for (default sm_90; " "tileiras --help lists the others)",
    )
    p.add_argument("-o", "--output", metavar="OUT", help="cubin to write (default FILE.ARCH.cubin)")
    p.add_argument(
        "--sass-stats", action="store_true", help="print SASS metrics of the cubin (cuobjdump)"
    )
    p.add_argument("--json", action="store_true",
                   help="print a JSON report on stdout (the cubin, sizes, tileiras time and, "
                        "with --sass-stats, the SASS metrics under 'sass')")
    p.add_argument("--optimize", action="store_true", help="run eqsat's optimizer first")
    p.add_argument("--report", action="store_true",
                   help="print which candidate build the time model chose and why, with each "
                        "candidate's predicted time (a nominal large launch)")
    p.add_argument("--gpu", choices=("h100-sxm", "h100-pcie", "h200", "b200"), default=None,
                   help="the GPU the time model judges builds for (default: H100 SXM for "
                        "sm_90, B200 for sm_100)")
    p.add_argument(
        "--versioning",
        action="store_true",
        help="with --optimize: also an in-kernel fast copy for sizes and strides that are "
        "multiples of the vector width, made only where it gains on the fast path, loses at "
        "most 2%% on the slow one and grows the kernel by at most 25%% (eqsat.passes.versioning)",
    )
    p.add_argument(
        "--loop-parallel",
        choices=("auto", *LOOP_PARALLEL),
        default="auto",
        help="with --optimize: which proofs that a loop's iterations touch disjoint memory "
        "may drop their order. auto (default): both are compiled and the time model "
        "chooses; all or view-stores: that one",
    )
    p.add_argument("--no-versioning", action="store_false", dest="versioning",
                   help=argparse.SUPPRESS)     # the default now; kept for old scripts
    p.add_argument(
        "--bytecode-version",
        default="13.4",
        metavar="V",
        help="Tile IR bytecode version to write (default 13.4, as cuTile)",
    )
    p.add_argument("--emit-bytecode", metavar="PATH", help="also write the bytecode here")
    p.add_argument(
        "--opt-level",
        type=int,
        default=3,
        choices=range(4),
        metavar="N",
        help="tileiras -O level (default 3)",
    )
    p.set_defaults(func=_run)
