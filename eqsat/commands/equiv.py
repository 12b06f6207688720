"""`eqsat equiv A B --inputs SPEC`: do two kernels compute the same outputs?

Exit 0: equivalent; 1: a counterexample; 2: usage error; 3: vacuous (no run of A
changed any array, so the comparison could not tell the kernels apart)."""
from __future__ import annotations

from eqsat.equiv import check_equivalent
from eqsat.interp.inputs import load_spec
from eqsat.commands._common import emit_json, load_kernel, phase, positive_int


def _run(args) -> int:
    a, b = load_kernel(args.a), load_kernel(args.b)
    phase("comparing")
    res = check_equivalent(a, b, load_spec(args.inputs), trials=args.trials,
                           schedules=args.schedules, exact=args.exact, seed=args.seed)
    if args.json:
        emit_json({"equivalent": res.ok and not res.vacuous, "vacuous": res.vacuous,
                   "runs": res.runs, "trials": res.trials, "schedules": res.schedules,
                   "message": res.message, "counterexample": res.counterexample})
    else:
        print(res.message)
    if not res.ok:
        return 1
    return 3 if res.vacuous else 0


def register(sub) -> None:
    p = sub.add_parser("equiv", help="check two kernels compute the same outputs",
                       description="Exit 0: equivalent; 1: counterexample; 2: usage error; 3: "
                       "vacuous (no run changed any array: nothing was compared)")
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--inputs", required=True, help="inputs spec (JSON)")
    p.add_argument("--trials", type=positive_int, default=10,
                   help="input draws, at least 1 (default 10)")
    p.add_argument("--schedules", type=positive_int, default=20,
                   help="schedules per trial, at least 1 (default 20)")
    p.add_argument("--seed", type=int, default=0, help="first input seed")
    p.add_argument("--exact", action="store_true", help="compare floats bit for bit")
    p.add_argument("--json", action="store_true",
                   help="print the verdict and any counterexample as JSON")
    p.set_defaults(func=_run)
