"""`eqsat lower FILE --to steps|cfg [--canonicalize-live-ins]`: print a kernel as
ordered load/compute/store steps or as a CFG with block arguments. With `--inputs`,
exit 0: the lowered form agrees; 1: it differs; 3: vacuous (the kernel changed no array,
so nothing was compared)."""
from __future__ import annotations

import sys

from eqsat.errors import EqsatError
from eqsat.commands._common import load_kernel, positive_int, write_output


def _run(args) -> int:
    from eqsat.lowering.cfg import cfg_metrics, lower_to_cfg
    from eqsat.lowering.liveins import canonicalize_live_ins, live_in_decisions
    from eqsat.lowering.steps import lower_to_steps, step_metrics

    k = load_kernel(args.file)
    notes: list[str] = []
    if args.to == "steps":
        if args.canonicalize_live_ins or args.explain:
            raise EqsatError("error: --canonicalize-live-ins and --explain apply to --to cfg")
        steps = lower_to_steps(k)
        if args.stats:
            notes.append(f"steps: {step_metrics(steps)}")
        form = str(steps)
    else:
        cfg = lower_to_cfg(k)
        before = cfg_metrics(cfg)
        if args.explain:
            notes.extend(f"live-in {d}" for d in live_in_decisions(cfg))
        if args.canonicalize_live_ins:
            cfg = canonicalize_live_ins(cfg)
        if args.stats:
            after = cfg_metrics(cfg)
            if args.canonicalize_live_ins:
                notes.append(f"cfg before live-in canonicalization: {before}")
                notes.append(f"cfg after live-in canonicalization:  {after}")
            else:
                notes.append(f"cfg: {after}")
        form = str(cfg)
    text = form + "".join(f"// {n}\n" for n in notes)
    if args.output:
        write_output(args.output, text)
    else:
        sys.stdout.write(text)
    if args.inputs:
        from eqsat.interp.inputs import load_spec
        from eqsat.lowering.execute import check_lowering
        res = check_lowering(k, load_spec(args.inputs), args.to, trials=args.trials,
                             seed=args.seed, canonicalize_live_ins=args.canonicalize_live_ins)
        if res.ok and res.vacuous:
            print(res.message, file=sys.stderr)
            return 3
        print(("ok: " if res.ok else "MISMATCH: ") + res.message, file=sys.stderr)
        return 0 if res.ok else 1
    return 0


def register(sub) -> None:
    p = sub.add_parser("lower", help="lower a kernel to ordered steps or to a CFG")
    p.add_argument("file")
    p.add_argument("--to", required=True, choices=("steps", "cfg"),
                   help="steps: load/compute/store steps; cfg: basic blocks with arguments")
    p.add_argument("--canonicalize-live-ins", action="store_true",
                   help="(cfg) use values directly across diamonds instead of block arguments")
    p.add_argument("--stats", action="store_true",
                   help="append metrics as // comments (before/after for live-ins)")
    p.add_argument("--explain", action="store_true",
                   help="(cfg) append the live-in decision for every block argument")
    p.add_argument("--inputs", metavar="SPEC",
                   help="also run the lowered form against the kernel on this inputs spec")
    p.add_argument("--trials", type=positive_int, default=3,
                   help="input draws for --inputs, at least 1 (default 3)")
    p.add_argument("--seed", type=int, default=0, help="first input seed for --inputs")
    p.add_argument("-o", "--output", help="write the text here instead of stdout")
    p.set_defaults(func=_run)
