"""`eqsat cutile FILE.py[:KERNEL] [--signature S] [--compare]`: a cuTile Python kernel as our IR,
compiled through eqsat, or compared side by side with cuTile's own pipeline (needs the
`cuda` extra)."""

from __future__ import annotations

import sys

from ._common import emit_json, phase, write_output


def _run(args) -> int:
    from lowering.toolchain import check_arch

    from ..frontend import from_cutile, load_cutile
    from ..text import print_kernel

    for a in args.arch:
        check_arch(a)
    phase(f"importing {args.target}")
    kernel, sig, _ = load_cutile(args.target, args.signature)
    if args.compare:
        return _compare(kernel, sig, args)
    if args.cubin:
        from lowering.cutile_workflow import compile_cutile

        phase(f"compiling for {args.arch[0]}")
        run = compile_cutile(
            kernel, sig, args.arch[0], optimize=not args.no_optimize,
            version=args.bytecode_version, versioning=not args.no_versioning
        )
        write_output(args.cubin, run.cubin or b"")
        if run.note:
            print(f"eqsat cutile: {run.note}", file=sys.stderr)
        if args.json:
            emit_json({"cubin": args.cubin, "arch": run.arch, "optimized": run.optimized,
                       "note": run.note or None, "times": run.times, "ir": run.ir,
                       "sass": run.stats.as_dict() if run.stats else None})
            return 0
        print(
            f"{args.cubin}: {run.arch}, {run.stats.sass_instrs if run.stats else '?'} SASS "
            f"instructions ({'optimized' if run.optimized else 'unoptimized'})",
            file=sys.stderr,
        )
        return 0
    phase("importing through cuTile")
    fe = from_cutile(kernel, sig, bytecode_version=args.bytecode_version)
    k, optimized, note = fe.kernel, False, ""
    if args.optimize:
        from lowering.cutile_workflow import optimize_kernel

        phase("optimizing")
        k, optimized, note, _ = optimize_kernel(k, versioning=not args.no_versioning)
        if note:
            print(f"eqsat cutile: {note}", file=sys.stderr)
    text = print_kernel(k)
    written = bool(args.output and args.output != "-")
    if written:
        write_output(args.output, text)
    if args.json:
        emit_json({"target": args.target, "optimized": optimized, "note": note or None,
                   **({"output": args.output} if written else {"kernel": text})})
    elif not written:
        sys.stdout.write(text)
    return 0


def _compare(kernel, sig, args) -> int:
    from lowering.cutile_workflow import compare_cutile, comparison_rows, format_rows

    from ..frontend import describe

    phase(f"compiling both pipelines for {', '.join(args.arch)}")
    runs = compare_cutile(
        kernel, sig, tuple(args.arch), optimize=not args.no_optimize,
        version=args.bytecode_version, versioning=not args.no_versioning,
        reference_version=args.cutile_bytecode_version,
    )
    if args.json:
        emit_json({"kernel": describe(kernel, sig), "comparisons": [
            {"arch": arch, "optimized": ours.optimized, "note": ours.note or None,
             "rows": [{"metric": r.metric, "ours": _number(r.ours),
                       "theirs": _number(r.theirs), "flag": r.flag}
                      for r in comparison_rows(ours, ref)]}
            for arch, (ours, ref) in zip(args.arch, runs)]})
        return 0
    print(f"kernel {describe(kernel, sig)}")
    for arch, (ours, ref) in zip(args.arch, runs):
        label = "eqsat" if ours.optimized else "eqsat (unoptimized)"
        print()
        print(format_rows(comparison_rows(ours, ref), f"== {arch} ==", ours_name=label))
        if ours.note:
            print(f"note: {ours.note}")
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
        "--no-versioning",
        action="store_true",
        help="optimize without the fast copy for sizes and strides that are multiples of "
        "the vector width (eqsat.versioning)",
    )
    p.add_argument("--cubin", metavar="OUT", help="compile through eqsat to this cubin")
    p.add_argument("--json", action="store_true",
                   help="print a JSON report on stdout: the comparison rows (--compare), the "
                        "cubin's metrics (--cubin) or the IR as a string")
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
        help="with --compare: the version cuTile's side is written at (default: ours)",
    )
    p.set_defaults(func=_run_defaults)


def _run_defaults(args) -> int:
    if not args.arch:
        args.arch = ["sm_90"]
    return _run(args)
