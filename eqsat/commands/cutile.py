"""`eqsat cutile FILE.py[:KERNEL] [--signature S | --inputs SPEC] [--compare]`: a cuTile
Python kernel as our IR, compiled through eqsat, or compared side by side with cuTile's
own pipeline (needs the `cuda` extra). `--inputs` specializes the kernel as cuTile's
launcher would for the spec's arrays (`eqsat.frontend.launch`), and `--run` runs it on
them in the interpreter."""

from __future__ import annotations

import argparse
import sys

from eqsat.commands._common import emit_json, phase, report_dict, write_output


def _run(args) -> int:
    from eqsat.toolchain import check_arch

    from eqsat.frontend import from_cutile, load_cutile
    from eqsat.text import print_kernel

    for a in args.arch:
        check_arch(a)
    phase(f"importing {args.target}")
    spec = None
    if args.inputs:
        from eqsat.errors import EqsatError
        from eqsat.frontend.launch import kernel_signature
        from eqsat.interp.inputs import load_spec

        if args.signature:
            raise EqsatError("error: give --signature or --inputs, not both (--inputs "
                             "derives the signature cuTile's launcher would use)")
        spec = load_spec(args.inputs)
        kernel, _, _ = _load_kernel_only(args.target)
        sig = kernel_signature(kernel, spec)
    else:
        if args.run:
            from eqsat.errors import EqsatError
            raise EqsatError("error: --run needs --inputs SPEC (the arrays to run on)")
        kernel, sig, _ = load_cutile(args.target, args.signature)
    if args.compare:
        return _compare(kernel, sig, args)
    if args.cubin:
        from eqsat.lowering.cutile_workflow import compile_cutile

        phase(f"compiling for {args.arch[0]}")
        from eqsat.lowering.cutile_workflow import label

        run = _cached(kernel, sig, args, lambda: compile_cutile(
            kernel, sig, args.arch[0], optimize=not args.no_optimize,
            version=args.bytecode_version, versioning=args.versioning,
            launch=launch_of(spec) if spec is not None else None, gpu=args.gpu,
        ))
        if run is None:             # served from the compile cache, written and reported
            return 0
        write_output(args.cubin, run.cubin or b"")
        if args.json:
            emit_json({"cubin": args.cubin, "cache": "miss", "arch": run.arch,
                       "symbol": run.kernel.name,
                       "optimized": run.optimized, "label": label(run),
                       "note": run.note or None, "attempts": run.attempts,
                       "loop_parallel": run.loop_parallel,
                       "times": run.times, "ir": run.ir,
                       "report": report_dict(run.report) if run.report is not None else None,
                       "sass": run.stats.as_dict() if run.stats else None,
                       "choice": run.choice.as_dict() if run.choice is not None else None})
            return 0
        # one line, the label saying what was built: a fallback is never "optimized"
        print(
            f"{args.cubin}: {run.arch}, {run.stats.sass_instrs if run.stats else '?'} SASS "
            f"instructions ({label(run)})",
            file=sys.stderr,
        )
        if args.report and run.choice is not None:
            print(choice_text(run.choice), file=sys.stderr)
        return 0
    phase("importing through cuTile")
    fe = from_cutile(kernel, sig, bytecode_version=args.bytecode_version)
    k, optimized, note = fe.kernel, False, ""
    if args.optimize:
        from eqsat.lowering.cutile_workflow import optimize_kernel

        phase("optimizing")
        k, optimized, note, _ = optimize_kernel(k, versioning=args.versioning)
    if args.run:
        return _run_spec(k, spec, args, optimized, note)
    text = print_kernel(k)
    written = bool(args.output and args.output != "-")
    if written:
        write_output(args.output, text)
    if note:                      # after the outputs: an error stays the only line
        print(f"eqsat cutile: {note}", file=sys.stderr)
    if args.json:
        emit_json({"target": args.target, "optimized": optimized, "note": note or None,
                   **({"output": args.output} if written else {"kernel": text})})
    elif not written:
        sys.stdout.write(text)
    return 0


def _cached(kernel, sig, args, build):
    """The cubin from eqsat's compile cache (shared with `eqsat.cutile` launches): on a
    hit it is written and reported here and None comes back; on a miss `build()` runs
    and its PipelineRun is stored and returned."""
    from eqsat.lowering.compile_cache import build_options, cached_build

    opts = build_options(optimize=not args.no_optimize, version=args.bytecode_version,
                         versioning=args.versioning, gpu=args.gpu)
    got = cached_build(kernel, sig, args.arch[0], options=opts, build=lambda *a, **k: build())
    if not got.hit:
        return got.run
    from eqsat.lowering.sass import cubin_stats

    meta, cubin = got.entry.meta, got.entry.cubin
    write_output(args.cubin, cubin)
    stats = cubin_stats(cubin)
    if args.json:
        emit_json({"cubin": args.cubin, "cache": "hit", "arch": meta.get("arch"),
                   "symbol": got.entry.symbol, "optimized": meta.get("optimized"),
                   "label": meta.get("label"), "note": None, "attempts": meta.get("attempts"),
                   "times": meta.get("times"), "ir": None, "report": None,
                   "sass": stats.as_dict(), "choice": meta.get("choice"),
                   "cache_key": got.entry.key})
    else:
        print(f"{args.cubin}: {meta.get('arch')}, {stats.sass_instrs} SASS instructions "
              f"({meta.get('label')}; from the compile cache)", file=sys.stderr)
    return None


def _compare(kernel, sig, args) -> int:
    from eqsat.lowering.cutile_workflow import compare_cutile, comparison_rows, format_rows

    from eqsat.frontend import describe

    phase(f"compiling both pipelines for {', '.join(args.arch)}")
    from eqsat.lowering.cutile_workflow import side

    runs = compare_cutile(
        kernel, sig, tuple(args.arch), optimize=not args.no_optimize,
        version=args.bytecode_version, versioning=args.versioning,
        reference_version=args.cutile_bytecode_version,
    )
    if args.json:
        emit_json({"kernel": describe(kernel, sig), "signature": sig.symbol,
                   "comparisons": [
            {"arch": arch, "optimized": ours.optimized, "note": ours.note or None,
             "loop_parallel": ours.loop_parallel,
             "ours": side(ours), "cutile": side(ref),
             "rows": [{"metric": r.metric, "ours": _number(r.ours),
                       "theirs": _number(r.theirs), "flag": r.flag}
                      for r in comparison_rows(ours, ref)]}
            for arch, (ours, ref) in zip(args.arch, runs)]})
        return 0
    print(f"kernel {describe(kernel, sig)}")
    print(f"signature {sig.symbol or '(unmangled)'}")
    for arch, (ours, ref) in zip(args.arch, runs):
        label = "eqsat" if ours.optimized else "eqsat (unoptimized)"
        print()
        print(format_rows(comparison_rows(ours, ref), f"== {arch} ==", ours_name=label))
        if ours.note:
            print(f"note: {ours.note}")
    return 0


def launch_of(spec):
    """The time model's launch for a spec: its grid's blocks, and every array it holds
    moved once (read or written: the kernel knows which)."""
    import math

    from eqsat.lowering.timemodel import Launch

    sizes = {"f64": 8, "i64": 8, "f32": 4, "i32": 4, "f16": 2, "bf16": 2, "i16": 2}
    total = sum(math.prod(a.shape) * sizes.get(a.dtype, 1) for a in spec.arrays
                if a.same_as is None)
    return Launch(math.prod(spec.grid), total, 0)


def choice_text(choice) -> str:
    """The choice for people: the sentence, then one line per candidate."""
    lines = [f"choice for {choice.gpu}: {choice.why}"]
    for c in choice.candidates:
        e = c.entry()
        t = f"{e['predicted_us']:.1f} us" if e["predicted_us"] is not None else "-"
        mark = "*" if c.name == choice.chosen else " "
        lines.append(f" {mark} {c.name:<44} {t:>10}  regs {e['registers']}  "
                     f"{'TMA' if e['tma'] else 'LDG/STG'}"
                     + (f"  lost: {c.lost}" if c.lost else ""))
    return "\n".join(lines)


def _load_kernel_only(target: str):
    """The @ct.kernel of `FILE.py[:KERNEL]`, without asking for a signature."""
    from eqsat.toolchain import require_cuda_tile

    from eqsat.frontend import load_kernel_object

    path, _, name = target.partition(":")
    require_cuda_tile()
    return load_kernel_object(path, name or None), None, path


def _run_spec(k, spec, args, optimized: bool, note: str) -> int:
    """The imported (or optimized) kernel on the spec's arrays, in the interpreter."""
    from eqsat.interp import run
    from eqsat.commands.run import digest

    phase("running in the interpreter")
    res = run(k, spec, seed=args.seed)
    lines = digest(res.buffers)
    if args.json:
        emit_json({"target": args.target, "symbol": k.name, "optimized": optimized,
                   "note": note or None, "steps": res.stats.steps, "outputs": lines})
        return 0
    print(f"# {args.target} as @{k.name}: {res.stats.steps} steps")
    print("\n".join(lines))
    return 0


def _number(text: str):
    """A table cell as a number where it is one ("544", "1.25"), else as its text."""
    for conv in (int, float):
        try:
            return conv(text)
        except (TypeError, ValueError):
            pass
    return text


def register(sub) -> None:
    p = sub.add_parser(
        "cutile",
        help="import a cuTile Python kernel; compile or compare it "
        "with cuTile (needs the 'cuda' extra)",
    )
    p.add_argument(
        "target",
        metavar="FILE.py[:KERNEL]",
        help="kernel file and the name of the @ct.kernel in it (default KERNEL)",
    )
    p.add_argument(
        "--signature",
        metavar="S",
        help="KernelSignature to specialize on: a name defined in the file, or a "
        "mangled kernel symbol (default: the file's SIGNATURE)",
    )
    p.add_argument(
        "--compare",
        action="store_true",
        help="print our pipeline and cuTile's side by side: IR token metrics, SASS "
        "metrics and compile times",
    )
    p.add_argument(
        "--arch",
        action="append",
        default=None,
        help="GPU(s) for --compare / --cubin (repeatable; default sm_90)",
    )
    p.add_argument(
        "--optimize", action="store_true", help="print the optimized IR instead of the imported one"
    )
    p.add_argument(
        "--no-optimize",
        action="store_true",
        help="with --compare / --cubin: compile our side unoptimized",
    )
    p.add_argument(
        "--inputs",
        metavar="SPEC",
        help="inputs spec (JSON): specialize the kernel as cuTile's launcher would for "
        "these arrays (shape divisible by 16, 16-byte strides, contiguous axis, base "
        "alignment, arrays sharing memory in one alias group); ct.Constant values come "
        "from the spec's \"constants\" or the file's SIGNATURE",
    )
    p.add_argument("--run", action="store_true",
                   help="with --inputs: run the imported (or --optimize'd) kernel on the "
                        "spec's arrays in the interpreter")
    p.add_argument("--seed", type=int, default=0, help="with --run: seed for the input data")
    p.add_argument(
        "--versioning",
        action="store_true",
        help="optimize with the in-kernel fast copy for sizes and strides that are "
        "multiples of the vector width, where its gates allow (eqsat.passes.versioning); off by "
        "default: --inputs specializes per launch instead",
    )
    p.add_argument("--no-versioning", action="store_false", dest="versioning",
                   help=argparse.SUPPRESS)     # the default now; kept for old scripts
    p.add_argument("--cubin", metavar="OUT", help="compile through eqsat to this cubin")
    p.add_argument("--json", action="store_true",
                   help="print a JSON report on stdout: the comparison rows (--compare), the "
                        "cubin's metrics (--cubin) or the IR as a string")
    p.add_argument("--report", action="store_true",
                   help="with --cubin: print which build the time model chose and why, and "
                        "each candidate's predicted time")
    p.add_argument("--gpu", choices=sorted(_gpus()), default=None,
                   help="the GPU the time model judges builds for (default: H100 SXM for "
                        "sm_90, B200 for sm_100)")
    p.add_argument("-o", "--output", metavar="OUT", help="write the IR here (default stdout)")
    p.add_argument(
        "--bytecode-version",
        default="13.4",
        metavar="V",
        help="Tile IR bytecode version (default 13.4, as cuTile)",
    )
    p.add_argument(
        "--cutile-bytecode-version",
        default=None,
        metavar="V",
        help="with --compare: the version cuTile's side is written at (default: the one "
        "cuTile picks at launch, the newest it and tileiras share)",
    )
    p.set_defaults(func=_run_defaults)


def _gpus() -> list[str]:
    from eqsat.lowering.timemodel import GPUS
    return list(GPUS)


def _run_defaults(args) -> int:
    if not args.arch:
        args.arch = ["sm_90"]
    return _run(args)
