"""cuTile kernels through eqsat, and side by side with cuTile's own pipeline.

Ours: front end (program order, no tokens) -> `eqsat.pipeline.optimize` -> bytecode -> tileiras.
cuTile's: its normal pipeline (token ordering, LICM) -> bytecode -> tileiras, with the
flags cuTile's own compile step passes (`-O3 --lineinfo`).
Our side compiles with `-O3` (no line info: our bytecode carries no debug info).

Compiling is done the way a compiler driver does it: a kernel that tileiras crashes on
or rejects leaves a reproducer (bytecode and the exact command, `ToolError.reproducer`)
and that candidate loses (its error is kept); when every optimized candidate fails, the
kernel is compiled unoptimized. Every try is named in `PipelineRun.attempts` and a
retry in `PipelineRun.note`; a kernel the optimizer could not encode goes to tileiras
tokenized in program order (one token chain), never token-free.

A kernel goes to tileiras as a list of candidates that all compute the same thing (the
optimizer's variants: loop iterations as independent as proven, or in order as cuTile
proves them, a versioned copy; then what tileiras is told: TMA or not, the launcher's
divisibility facts or alignment only, an occupancy hint), compiled in parallel and
deduplicated by kernel text; the time model (`eqsat.lowering.timemodel`) chooses for a
named GPU and launch, and every loser carries why it lost (`PipelineRun.choice`).
`optimize_kw={"loop_parallel": ...}` fixes the loop order instead.
"""

from __future__ import annotations

import os
import re
import time
from concurrent.futures import ThreadPoolExecutor
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, overload

from eqsat.errors import EqsatError
from eqsat.ir.core import Kernel, clone_kernel
from eqsat.ir.ops import MEMORY_OPS
from eqsat.text import parse, print_kernel

from eqsat.lowering.bytecode import DEFAULT_VERSION, check_entry, kernel_to_bytecode
from eqsat.lowering.sass import (SassStats, cubin_resources, cubin_stats, disassemble, widths,
                                 with_code)
from eqsat.lowering.timemodel import (DEFAULT_GPU, FITTED, GAIN_MARGIN, GPUS, Build, GpuSpec,
                                      Launch, Params, Prediction, explain, floor_us, occupancy,
                                      predict)
from eqsat.toolchain import DEFAULT_ARCH, ToolError, compile_bytecode, disassemble_bytecode
from eqsat.egraph.encode import touches_memory, is_tokenized
from eqsat.frontend import cutile_bytecode, from_cutile
from eqsat.frontend._cutile import launch_bytecode_version
from eqsat.memory.stats import kernel_stats
from eqsat.pipeline.optimize import optimize


def ir_metrics(k: Kernel) -> dict[str, Any]:
    """The corpus manifest's `ir` token metrics, counted on the IR instead of the text."""
    c: Counter[str] = Counter()
    token_ops = carried = 0
    for op in k.walk():
        c[op.name] += 1
        sp = op.spec
        if sp is not None and sp.takes_token and op.token_in is not None:
            token_ops += 1
        if sp is not None and sp.is_loop:
            carried += sum(1 for v in op.group("init") if v.is_token)
    mem = {n: c[n] for n in sorted(MEMORY_OPS) if c[n]}
    return {
        "make_token": c["make_token"],
        "join_tokens": c["join_tokens"],
        "token_operand_ops": token_ops,
        "loop_carried_tokens": carried,
        "loops": c["for"] + c["loop"],
        "mem_ops": mem,
    }


@dataclass
class PipelineRun:
    """One kernel through one pipeline for one GPU."""

    pipeline: str  # "eqsat" or "cutile"
    kernel: Kernel  # the Tile IR that went to tileiras
    bytecode: bytes
    arch: str
    cubin: bytes | None = None
    stats: SassStats | None = None
    ir: dict[str, Any] = field(default_factory=dict)
    times: dict[str, float] = field(default_factory=dict)
    optimized: bool = False
    note: str = ""
    report: Any = None  # the optimizer's report (eqsat.pipeline.optimize.Report), when it ran
    attempts: list[str] = field(default_factory=list)  # tileiras tries, in order
    # the proofs of independent loop iterations the optimizer used ("all" or "view-stores",
    # `eqsat.memory.relations.LOOP_PARALLEL`); None when the kernel was not optimized
    loop_parallel: str | None = None
    choice: Any = None   # the time model's choice among the candidates (`Choice`)


def _find_optimizer() -> tuple[Callable | None, str]:
    """The optimizer to run and a note (tests put a stand-in here)."""
    return optimize, ""


def optimize_report(k: Kernel, rules: Any = "default", versioning: bool = False,
                    **kw: Any) -> tuple[Kernel, bool, str, float, Any]:
    """(kernel, optimized?, note, seconds, optimizer report or None). `optimized` is
    False when the optimizer fell back to the program as it was; the note says why,
    and says when saturation stopped at a limit. `kw` goes to `eqsat.pipeline.optimize`
    (`noalias`, `alias_groups`, `limits`)."""
    opt, note = _find_optimizer()
    if opt is None:
        return k, False, note, 0.0, None
    t0 = time.perf_counter()
    res = opt(k, rules=rules, versioning=versioning, **kw)
    dt = time.perf_counter() - t0
    out = getattr(res, "kernel", res)
    if not isinstance(out, Kernel):
        raise EqsatError(f"error: optimize() returned {type(out).__name__}, not a Kernel")
    rep = getattr(res, "report", None)
    fallback = getattr(rep, "fallback", None)
    if fallback:
        return out, False, f"optimizer fell back: {fallback}", dt, rep
    stop = getattr(rep, "stop_reason", "")
    capped = stop not in ("", "saturated", "no rules", "not run")
    return out, True, (f"saturation stopped early ({stop})" if capped else ""), dt, rep


def optimize_kernel(k: Kernel, rules: Any = "default",
                    versioning: bool = False) -> tuple[Kernel, bool, str, float]:
    """(kernel, optimized?, note, seconds): `optimize_report` without the report.
    Divisibility versioning is off unless asked for (`eqsat.passes.versioning`)."""
    return optimize_report(k, rules, versioning)[:4]


def label(run: PipelineRun) -> str:
    """`optimized`, `optimized (saturation stopped early ...)` or `unoptimized (why)`:
    a fallback is never called optimized."""
    if run.optimized:
        return "optimized" + (f" ({run.note})" if run.note else "")
    return "unoptimized" + (f" ({run.note})" if run.note else "")


def program_order_tokens(k: Kernel) -> tuple[Kernel, str]:
    """`k` with its memory ops ordered for tileiras: unchanged when it already carries
    tokens or touches no memory; else encoded with one token chain in program order
    (the optimizer with no rules returns the program as encoded). An EqsatError when
    eqsat cannot encode it: a token-free kernel has no order tileiras would keep."""

    if is_tokenized(k) or not touches_memory(k.body):
        return k, ""
    opt, why = _find_optimizer()
    if opt is None:
        raise EqsatError(f"error: @{k.name} has no tokens and {why}")
    res = opt(k, rules="none")
    if not is_tokenized(res.kernel):
        raise EqsatError(f"error: @{k.name} has no tokens, and eqsat cannot order it in "
                         f"program order ({res.report.fallback}); tileiras would be free to "
                         f"reorder its memory accesses")
    return res.kernel, "tokenized in program order (one token chain)"


def _bytecode_and_cubin(k: Kernel, arch: str, version: str, what: str, opt_level: int = 3,
                        filename: str | None = None) -> tuple[bytes, Any, dict]:
    t0 = time.perf_counter()
    bc = kernel_to_bytecode(k, version=version, arch=arch,
                            **({"filename": filename} if filename else {}))
    times = {"bytecode": time.perf_counter() - t0}
    res = compile_bytecode(bc, arch, opt_level=opt_level, what=what)
    times["tileiras"] = res.seconds
    return bc, res, times


# -- candidates -> compile -> choose -----------------------------------------------------------
# A kernel is compiled as a plain list of variants that all compute the same thing: the
# optimizer's output with every proof that loop iterations are independent, with cuTile's
# proof only (iterations in order), with a versioned fast copy; and, lazily, off the
# leading build, what tileiras is told: no TMA on view loads and stores, the launcher's
# shape and stride divisibility dropped (alignment and contiguity kept), an entry occupancy
# hint. Dropping a fact the launch keeps anyway and adding a hint never change meaning.
# The time model (`eqsat.lowering.timemodel`) picks; a candidate replaces an earlier one
# (the list is in order of preference) only when predicted faster by more than `TIE`.
TIE = 0.03


@dataclass
class Candidate:
    """One variant of a kernel for tileiras, and what became of it."""

    name: str
    kernel: Kernel
    optimized: bool = False
    note: str = ""
    report: Any = None
    loop_parallel: str | None = None
    facts: str = "as given"          # "as given" or "alignment only"
    hints: dict[str, Any] = field(default_factory=dict)
    fallback: bool = False
    times: dict[str, float] = field(default_factory=dict)
    run: PipelineRun | None = None
    error: str = ""
    exc: ToolError | None = None
    prediction: Prediction | None = None
    lost: str = ""                   # why it was not chosen

    def entry(self) -> dict[str, Any]:
        st = self.run.stats if self.run is not None else None
        pr = self.prediction
        return {"name": self.name, "facts": self.facts, "hints": dict(self.hints),
                "registers": st.reg if st is not None else None,
                "threads": st.threads if st is not None else None,
                "tma": (bool(tma_copies(st.tma, "load")) or bool(tma_copies(st.tma, "store")))
                if st is not None and st.sass_instrs else None,     # None: not disassembled
                "predicted_us": round(pr.us, 2) if pr is not None and pr.us != float("inf")
                else None,
                "parts": pr.as_dict() if pr is not None else None,
                "error": self.error or None, "lost": self.lost or None}


@dataclass
class Choice:
    """What the time model chose among the compiled candidates, and why."""

    gpu: str
    chosen: str
    candidates: list[Candidate]
    why: str
    launch: Launch

    def as_dict(self) -> dict[str, Any]:
        return {"gpu": self.gpu, "chosen": self.chosen, "why": self.why,
                "launch": {"blocks": self.launch.blocks, "read_bytes": self.launch.read_bytes,
                           "write_bytes": self.launch.write_bytes},
                "candidates": [c.entry() for c in self.candidates]}


def default_gpu(arch: str) -> str:
    """The GPU the time model assumes for an arch when none is named."""
    return "b200" if arch.startswith("sm_10") else DEFAULT_GPU


def nominal_launch(gpu: GpuSpec) -> Launch:
    """The launch assumed when none is given: a large one (64 MiB read, 64 MiB written,
    32 blocks per SM), where the build's throughput decides, not its launch latency."""
    return Launch(gpu.sms * 32, 64 << 20, 64 << 20)


def _model_build(st: SassStats | None) -> Build | None:
    if st is None or st.reg is None or not st.threads:
        return None
    return Build.from_stats(st, st.threads)


def choose(cands: list[Candidate], gpu: GpuSpec, launch: Launch,
           params: Params | None = None) -> Candidate:
    """The chosen candidate; every other one gets the reason it lost in `lost`. Only
    compiled candidates compete; among them the earliest whose predicted time is within
    `TIE` of the fastest (the list is in order of preference), and that one only when
    predicted faster than the first compiled candidate (what the launch's own facts and
    hints give) by more than `GAIN_MARGIN`, the model's typical error on a ratio."""
    built = [c for c in cands if c.run is not None]
    if not built:
        raise EqsatError("error: no candidate compiled")  # pragma: no cover
    for c in built:
        b = _model_build(c.run.stats if c.run else None)
        c.prediction = predict(gpu, b, launch, params or FITTED) if b is not None else None
    timed = [c for c in built if c.prediction is not None]
    if timed:
        best = min(c.prediction.us for c in timed if c.prediction is not None)
        chosen = next(c for c in timed if c.prediction is not None
                      and c.prediction.us <= best * (1 + TIE))
        ref = timed[0]
        assert ref.prediction is not None and chosen.prediction is not None
        if ref.prediction.us <= chosen.prediction.us * (1 + max(TIE, GAIN_MARGIN)):
            chosen = ref
    else:
        chosen = built[0]
    for c in cands:
        if c is chosen or (c.run is not None and c.run is chosen.run
                           and c.lost.startswith("same kernel text")):
            continue
        if c.run is None:
            c.lost = c.lost or (f"tileiras failed: {c.error}" if c.error else
                                "a fallback, compiled only when every optimized candidate "
                                "fails" if c.fallback else "not compiled")
        elif c.prediction is None or chosen.prediction is None:
            c.lost = "no statistics to predict its time; the earlier candidate kept"
        else:
            r = c.prediction.us / chosen.prediction.us
            b = _model_build(c.run.stats)
            assert b is not None
            why = (", faster by less than the model's error" if r < 1 - TIE else
                   ", within the tie margin" if r <= 1 + TIE else "")
            c.lost = (f"predicted {c.prediction.us:.1f} us vs {chosen.prediction.us:.1f} us "
                      f"({r:.2f}x{why}): {explain(gpu, b, c.prediction)}")
    return chosen


def _why(chosen: Candidate, cands: list[Candidate], gpu: GpuSpec) -> str:
    """One sentence: what was chosen, on what grounds, and the closest runner-up."""
    pr, st = chosen.prediction, chosen.run.stats if chosen.run else None
    b = _model_build(st)
    if sum(c.run is not None for c in cands) == 1 or b is None or pr is None:
        occ = f" ({b.registers} regs x {b.threads} threads, {pr.blocks_per_sm} blocks/SM)" \
            if b is not None and pr is not None else ""
        return f"{chosen.name}: the only candidate compiled{occ}"
    head = f"{chosen.name}: {explain(gpu, b, pr)}"
    losers = sorted((c for c in cands if c is not chosen and c.prediction is not None
                     and chosen.prediction is not None),
                    key=lambda c: c.prediction.us if c.prediction else 0.0)
    if not losers or chosen.prediction is None:
        return head
    other = losers[0]
    assert other.prediction is not None
    r = other.prediction.us / chosen.prediction.us
    return f"{head}; next: {other.name}, predicted {r:.2f}x {'slower' if r >= 1 else 'faster'}"


def without_tma(k: Kernel, arch: str) -> Kernel | None:
    """`k` with `allow_tma = false` on every view load and store that has no hints yet;
    None when there is none."""
    out = clone_kernel(k)
    hit = False
    for op in out.walk():
        sp = op.spec
        if sp is not None and sp.is_view_access and sp.effect != "atomic" \
                and "hints" not in op.attrs:
            op.attrs["hints"] = f"<{arch} = {{allow_tma = false}}>"
            hit = True
    return out if hit else None


_INT_DIV_BY = re.compile(r"(assume div_by<)(\d+)(>, %[\w.$-]+ : tile<i(?:8|16|32|64)>)")
_PARAM_DIVS = re.compile(r",\s*(?:shape_div_by|stride_div_by) = \[[^\]]*\]|"
                         r"\b(?:shape_div_by|stride_div_by) = \[[^\]]*\](?:,\s*)?")


def alignment_only(k: Kernel) -> Kernel | None:
    """`k` with the divisibility of its integers (shapes, strides) dropped, base alignment
    and contiguity kept: what an ahead-of-time build knows. None when nothing is dropped."""
    text = print_kernel(k)
    new = _INT_DIV_BY.sub(lambda m: f"{m.group(1)}1{m.group(3)}", text)
    new = _PARAM_DIVS.sub("", new)
    if new == text:
        return None
    return parse(new, f"<{k.name}>")


def with_occupancy(k: Kernel, arch: str, n: int) -> Kernel | None:
    """`k` with the entry hint `occupancy = n`; None when it has entry hints already."""
    if k.hints and k.hints.replace(" ", "") not in ("optimization_hints=<default={}>",):
        return None
    out = clone_kernel(k)
    out.hints = f"optimization_hints=<{arch} = {{occupancy = {n}}}>"
    return out


def _compile_one(c: Candidate, arch: str, version: str, opt_level: int, what: str,
                 filename: str | None) -> None:
    """Compile one candidate in place (`c.run` or `c.error`); statistics when cuobjdump
    can read the cubin."""
    try:
        bc, res, t = _bytecode_and_cubin(c.kernel, arch, version, what, opt_level, filename)
    except ToolError as e:
        c.error, c.exc = e.summary(), e
        return
    try:
        st: SassStats | None = cubin_resources(res.cubin)
    except Exception:            # noqa: BLE001 - a cubin cuobjdump cannot read: no model
        st = None
    c.run = PipelineRun("eqsat", c.kernel, bc, arch, res.cubin, stats=st,
                        ir=ir_metrics(c.kernel), times={**c.times, **t},
                        optimized=c.optimized, note=c.note, report=c.report,
                        loop_parallel=c.loop_parallel)


def _disassembled(cands: list[Candidate]) -> None:
    """Full statistics (the disassembly: instruction mix, TMA, access widths) of every
    compiled candidate that has only its resources yet, one disassembler run for all."""
    todo = [c for c in cands if c.run is not None and c.run.cubin and
            (c.run.stats is None or not c.run.stats.sass_instrs)]
    runs: list[PipelineRun] = list({id(c.run): c.run for c in todo
                                    if c.run is not None}.values())
    for run, funcs in zip(runs, disassemble([run.cubin or b"" for run in runs])):
        try:
            run.stats = with_code(run.stats, run.cubin or b"", funcs)
        except Exception:        # noqa: BLE001 - a cubin cuobjdump cannot read: no model
            run.stats = None


def compile_all(cands: list[Candidate], arch: str, version: str, opt_level: int,
                what: str, filename: str | None = None) -> None:
    """Compile the candidates not compiled yet, one tileiras process per core; a kernel
    text met before is not compiled again (its candidate shares the first one's run)."""
    todo: dict[str, list[Candidate]] = {}
    for c in cands:
        if c.run is None and not c.error:
            todo.setdefault(print_kernel(c.kernel), []).append(c)
    firsts = [group[0] for group in todo.values()]
    workers = max(1, min(len(firsts), os.cpu_count() or 1))
    if workers == 1:
        for c in firsts:
            _compile_one(c, arch, version, opt_level, what, filename)
    else:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            list(pool.map(lambda c: _compile_one(c, arch, version, opt_level, what, filename),
                          firsts))
    for group in todo.values():
        for c in group[1:]:
            c.run, c.error, c.exc = group[0].run, group[0].error, group[0].exc
            if c.run is not None:
                c.lost = f"same kernel text as {group[0].name}"


def _optimized(k: Kernel, rules: Any, ver: bool, kw: dict[str, Any], memo: dict) -> tuple:
    key = (ver, kw.get("loop_parallel", "all"))
    if key not in memo:
        memo[key] = optimize_report(k, rules, ver, **kw)
    return memo[key]


def _primary(k: Kernel, rules: Any, optimize_on: bool, versioning_on: bool,
             optimize_kw: dict[str, Any], memo: dict) -> list[Candidate]:
    """The optimizer's variants, in order of preference, and the unoptimized fallback."""
    out: list[Candidate] = []
    fixed = "loop_parallel" in optimize_kw
    loops = any(op.spec is not None and op.spec.is_counted_loop for op in k.walk())
    for ver in ((True, False) if versioning_on else (False,)) if optimize_on else ():
        orders = [optimize_kw.get("loop_parallel", "all")]
        if not fixed and loops:
            orders.append("view-stores")
        for lp in orders:
            kk, optimized, note, secs, rep = _optimized(k, rules, ver, {**optimize_kw,
                                                                       "loop_parallel": lp},
                                                        memo)
            if not optimized and out:
                continue
            name = "optimized" + (", versioned" if ver else "") + (
                ", iterations in order" if lp == "view-stores" else "")
            out.append(Candidate(name, kk, optimized, note, rep,
                                 lp if optimized else None, times={"optimize": secs}))
    out.append(Candidate("unoptimized", k, fallback=True))
    return out


def _may_vary(c: Candidate, gpu: GpuSpec) -> bool:
    """Whether a lone candidate's resources leave room for the variants `_secondary`
    makes (two blocks per SM or fewer); if not, it needs no disassembly to be chosen."""
    st = c.run.stats if c.run is not None else None
    if st is None or st.reg is None or not st.threads:
        return False
    return occupancy(gpu, Build(st.reg, st.threads, st.shared or 0))[0] <= 2


def _at_floor(lead: list[Candidate], gpu: GpuSpec, launch: Launch) -> str:
    """Why no other candidate need be compiled, or "": the compiled leading candidate is
    predicted within `GAIN_MARGIN` of `floor_us`, the least time any build could take."""
    if not lead or lead[0].run is None or lead[0].run.stats is None:
        return ""
    _disassembled(lead)
    b = _model_build(lead[0].run.stats)
    if b is None:
        return ""
    us, low = predict(gpu, b, launch).us, floor_us(gpu, launch)
    if us > low * (1 + max(TIE, GAIN_MARGIN)):
        return ""
    return (f"{lead[0].name} is predicted {us:.1f} us, within the model's error of the "
            f"least any build could take ({low:.1f} us)")


def _secondary(lead: Candidate, arch: str, gpu: GpuSpec) -> list[Candidate]:
    """What tileiras is told, varied off the leading build where its statistics say it
    may matter (the model prunes): TMA at two blocks per SM or fewer -> without TMA, and
    without the divisibility that turned it on; one block per SM without TMA -> an
    occupancy hint. A build with more blocks per SM is not where TMA loses."""
    st = lead.run.stats if lead.run is not None else None
    b = _model_build(st)
    if b is None:
        return []
    out: list[Candidate] = []
    blocks = occupancy(gpu, b)[0]

    def add(suffix: str, kk: Kernel | None, facts: str, hints: dict[str, Any]) -> None:
        if kk is not None:
            out.append(Candidate(f"{lead.name}, {suffix}", kk, lead.optimized, lead.note,
                                 lead.report, lead.loop_parallel, facts, hints,
                                 times=dict(lead.times)))

    if b.tma and blocks <= 2:
        add("no TMA", without_tma(lead.kernel, arch), lead.facts, {"allow_tma": False})
        add("alignment only", alignment_only(lead.kernel), "alignment only", {})
    elif not b.tma and blocks == 1:
        add("occupancy 2", with_occupancy(lead.kernel, arch, 2), lead.facts,
            {"occupancy": 2})
    return out


def compile_ir(
    k: Kernel,
    arch: str = DEFAULT_ARCH,
    *,
    optimize: bool = False,
    version: str = DEFAULT_VERSION,
    stats: bool = True,
    rules: Any = "default",
    pipeline: str = "eqsat",
    versioning: bool = False,
    optimize_kw: dict[str, Any] | None = None,
    opt_level: int = 3,
    filename: str | None = None,
    launch: Launch | None = None,
    gpu: str | None = None,
    variants: bool = True,
    _memo: dict | None = None,
) -> PipelineRun:
    """Our IR (optionally optimized first) -> candidates -> cubins -> the time model's
    choice (`PipelineRun.choice`). `launch` is the launch to judge by (default
    `nominal_launch`), `gpu` a `timemodel.GPUS` key (default by arch); `variants=False`
    compiles the optimizer's first variant alone. When tileiras rejects every optimized
    candidate the kernel is compiled unoptimized (the note says why); the last failure is
    raised if nothing compiles."""
    check_entry(k, filename)
    spec = GPUS[gpu or default_gpu(arch)]
    launch = launch or nominal_launch(spec)
    memo = {} if _memo is None else _memo
    cands = _primary(k, rules, optimize, versioning, dict(optimize_kw or {}), memo)
    if not variants:
        cands = [cands[0], *[c for c in cands[1:] if c.fallback]]
    tok_notes: dict[int, str] = {}
    for c in cands:
        c.kernel, tok_notes[id(c)] = program_order_tokens(c.kernel)
    what = filename or f"@{k.name} for {arch}"
    first = [c for c in cands if not c.fallback]
    compile_all(first, arch, version, opt_level, what, filename)
    # when the model puts the leading candidate within its error of the least time any
    # build of this launch could take, no variant of what tileiras is told could be chosen
    # (`choose` keeps the first unless another is faster by more than that): none is made
    builds = len({id(c.run) for c in first if c.run is not None})   # distinct cubins
    built = [c for c in first if c.run is not None]
    vary = bool(variants and built and (builds > 1 or _may_vary(built[0], spec)))
    if vary:
        _disassembled(built)     # the choice reads them all: one disassembler run
    at_floor = _at_floor(first[:1], spec, launch) if vary else ""
    if not any(c.run for c in first):
        fallbacks = [c for c in cands if c.fallback]
        for fb in fallbacks:
            compile_all([fb], arch, version, opt_level, what, filename)
            if fb.run is not None:
                break
        else:
            last = (fallbacks or first)[-1]
            assert last.exc is not None
            raise last.exc
    elif vary:
        lead = choose(first, spec, launch)
        more = _secondary(lead, arch, spec)
        for c in more if at_floor else ():
            c.lost = f"not compiled: {at_floor}"
        compile_all([c for c in more if not c.lost], arch, version, opt_level, what, filename)
        _disassembled(more)
        cands = [*first, *more, *[c for c in cands if c.fallback]]
    if stats:
        _disassembled([c for c in cands if c.run is not None])
    chosen = choose(cands, spec, launch)
    run = chosen.run
    assert run is not None
    failed = [f"{c.name}: {c.error}" for c in cands if c.error and not c.fallback]
    notes = [n for n in (chosen.note, tok_notes.get(id(chosen), "")) if n]
    if chosen.fallback and failed:
        notes.insert(0, "retried unoptimized after: " + "; ".join(failed))
    elif failed:
        notes.insert(0, "chosen among the candidates tileiras compiled after: "
                     + "; ".join(failed))
    run = PipelineRun(pipeline, run.kernel, run.bytecode, arch, run.cubin,
                      stats=run.stats if stats else None, ir=run.ir, times=dict(run.times),
                      optimized=chosen.optimized, note="; ".join(notes), report=chosen.report,
                      attempts=[f"{c.name}: {c.error or 'ok'}" for c in cands
                                if c.run is not None or c.error],
                      loop_parallel=chosen.loop_parallel)
    run.times["tileiras"] = sum(c.run.times.get("tileiras", 0.0) for c in cands
                                if c.run is not None and not c.lost.startswith("same kernel"))
    run.choice = Choice(spec.name, chosen.name, cands, _why(chosen, cands, spec), launch)
    return run


CUTILE_FLAGS = ("--lineinfo",)   # what cuTile's compile step adds to `--gpu-name ARCH -O3`


def compile_cutile(
    kernel: Any,
    signature: Any,
    arch: str = DEFAULT_ARCH,
    *,
    optimize: bool = True,
    version: str = DEFAULT_VERSION,
    stats: bool = True,
    rules: Any = "default",
    versioning: bool = False,
    launch: Launch | None = None,
    gpu: str | None = None,
) -> PipelineRun:
    """A cuTile kernel through eqsat to a cubin: the entry point for cuTile users. The
    run carries the optimizer's report (`PipelineRun.report`) and every tileiras try."""
    return compare_cutile(
        kernel,
        signature,
        (arch,),
        optimize=optimize,
        version=version,
        stats=stats,
        rules=rules,
        reference=False,
        versioning=versioning,
        launch=launch,
        gpu=gpu,
    )[0][0]


def cutile_runs(
    kernel: Any, signature: Any, archs: tuple[str, ...], version: str, stats: bool
) -> list[PipelineRun]:
    """cuTile's pipeline compiled as cuTile compiles it: its bytecode at `version`, then
    `tileiras --gpu-name ARCH -O3 --lineinfo`."""

    exp = cutile_bytecode(kernel, signature, bytecode_version=version)
    k = parse(disassemble_bytecode(exp.bytecode), f"<cuTile {exp.symbol}>")
    runs = []
    for arch in archs:
        res = compile_bytecode(exp.bytecode, arch, extra_args=CUTILE_FLAGS,
                               what=f"cuTile's @{exp.symbol} for {arch}")
        run = PipelineRun(
            "cutile",
            k,
            exp.bytecode,
            arch,
            res.cubin,
            ir=ir_metrics(k),
            times={
                "cutile_passes": exp.passes_seconds,
                "cutile_total": exp.total_seconds,
                "tileiras": res.seconds,
            },
        )
        if stats:
            run.stats = cubin_stats(res.cubin)
        runs.append(run)
    return runs


def cutile_reference(
    kernel: Any,
    signature: Any,
    arch: str = DEFAULT_ARCH,
    *,
    version: str = DEFAULT_VERSION,
    stats: bool = True,
) -> PipelineRun:
    """cuTile's own pipeline (tokens, LICM) compiled as cuTile compiles it."""
    return cutile_runs(kernel, signature, (arch,), version, stats)[0]


@overload
def compare_cutile(
    kernel: Any,
    signature: Any,
    archs: tuple[str, ...] = ...,
    *,
    optimize: bool = ...,
    version: str = ...,
    stats: bool = ...,
    rules: Any = ...,
    reference: Literal[True] = ...,
    versioning: bool = ...,
    reference_version: str | None = ...,
    launch: Launch | None = ...,
    gpu: str | None = ...,
) -> list[tuple[PipelineRun, PipelineRun]]: ...


@overload
def compare_cutile(
    kernel: Any,
    signature: Any,
    archs: tuple[str, ...] = ...,
    *,
    optimize: bool = ...,
    version: str = ...,
    stats: bool = ...,
    rules: Any = ...,
    reference: bool,
    versioning: bool = ...,
    reference_version: str | None = ...,
    launch: Launch | None = ...,
    gpu: str | None = ...,
) -> list[tuple[PipelineRun, PipelineRun | None]]: ...


def compare_cutile(
    kernel: Any,
    signature: Any,
    archs: tuple[str, ...] = (DEFAULT_ARCH,),
    *,
    optimize: bool = True,
    version: str = DEFAULT_VERSION,
    stats: bool = True,
    rules: Any = "default",
    reference: bool = True,
    versioning: bool = False,
    reference_version: str | None = None,
    launch: Launch | None = None,
    gpu: str | None = None,
) -> list[tuple[PipelineRun, PipelineRun]] | list[tuple[PipelineRun, PipelineRun | None]]:
    """(ours, cuTile's) per arch; the front end and cuTile's passes run once, the
    optimizer once per plan tried (see `compile_ir`). cuTile's side is written at the
    bytecode version cuTile would pick at launch unless `reference_version` says
    otherwise. Our kernel gets cuTile's contract:
    every fact the signature states, and arrays overlap only when they share an alias
    group (the front end puts both on the entry parameters)."""

    fe = from_cutile(kernel, signature, bytecode_version=version)
    memo: dict = {}
    ours = []
    for arch in archs:
        run = compile_ir(fe.kernel, arch, optimize=optimize, version=version, stats=stats,
                         rules=rules, versioning=versioning, launch=launch,
                         gpu=gpu if len(archs) == 1 else None, _memo=memo)
        run.times = {"frontend": fe.seconds, **run.times}
        ours.append(run)
    if not reference:
        alone: list[tuple[PipelineRun, PipelineRun | None]] = [(run, None) for run in ours]
        return alone
    if reference_version is None:
        reference_version = launch_bytecode_version()
    refs = cutile_runs(kernel, signature, tuple(archs), reference_version or version, stats)
    return list(zip(ours, refs))


# -- comparing -------------------------------------------------------------------------------
_WIDTH = {"128": 128, "64": 64, "U16": 16, "S16": 16, "U8": 8, "S8": 8}


TMA_BITS = 1 << 20     # a bulk tensor copy moves a whole tile: wider than any thread's access
_TMA_ACCESS = {"load": ("UTMALDG",), "store": ("UTMASTG", "UTMAREDG")}


def access_bits(opcode: str) -> int:
    """Bits one thread moves in an LDG/STG: `LDG.E.128` 128, `STG.E.U16` 16, `LDG.E` 32;
    a TMA copy (`UTMALDG.2D`) counts as TMA_BITS."""
    if opcode.startswith("UTMA"):
        return TMA_BITS
    for part in opcode.split(".")[1:]:
        if part in _WIDTH:
            return _WIDTH[part]
    return 32


def narrowest(counts: dict[str, int]) -> int | None:
    return min((access_bits(k) for k in counts), default=None)


def widest(counts: dict[str, int]) -> int | None:
    return max((access_bits(k) for k in counts), default=None)


def width_flags(ours: SassStats, theirs: SassStats, against: str = "") -> list[str]:
    """`ldg NARROWER` / `stg NARROWER` where our narrowest LDG/STG is narrower than
    theirs, `ldg WIDER` / `stg WIDER` where our widest access (TMA copies included) is
    wider than theirs; `against` names the other side in the flag (" than stripped")."""
    flags = []
    for label, kind, x, y in (("ldg", "load", ours.ldg, theirs.ldg),
                              ("stg", "store", ours.stg, theirs.stg)):
        nx, ny = narrowest(x), narrowest(y)
        if nx is not None and ny is not None and nx < ny:
            flags.append(f"{label} NARROWER{against}")
        wx, wy = widest(global_accesses(ours, kind)), widest(global_accesses(theirs, kind))
        if wx is not None and wy is not None and wx > wy:
            flags.append(f"{label} WIDER{against}")
    return flags


def tma_copies(counts: dict[str, int], kind: str) -> dict[str, int]:
    """The TMA copies of one direction ("load" or "store") in an opcode histogram."""
    return {k: v for k, v in counts.items() if k.startswith(_TMA_ACCESS[kind])}


def global_accesses(stats: SassStats, kind: str) -> dict[str, int]:
    """Global accesses of one direction ("load" or "store"): LDG/STG and TMA copies."""
    base = stats.ldg if kind == "load" else stats.stg
    return {**base, **tma_copies(stats.tma, kind)}


@dataclass
class Row:
    metric: str
    ours: str
    theirs: str
    flag: str = ""


def _num_row(
    metric: str,
    ours: float | None,
    theirs: float | None,
    fmt: str = "{}",
    flag_higher: bool = True,
) -> Row:
    o = "-" if ours is None else fmt.format(ours)
    t = "-" if theirs is None else fmt.format(theirs)
    flag = (
        "higher"
        if flag_higher and ours is not None and theirs is not None and ours > theirs
        else ""
    )
    return Row(metric, o, t, flag)


def comparison_rows(ours: PipelineRun, ref: PipelineRun) -> list[Row]:
    """Metric rows (IR tokens, SASS, times) with 'higher' where our count is above cuTile's
    and 'NARROWER' where our narrowest global access is narrower than theirs."""
    rows: list[Row] = []
    for key in ("make_token", "join_tokens", "token_operand_ops", "loop_carried_tokens", "loops"):
        rows.append(_num_row(f"ir.{key}", ours.ir.get(key), ref.ir.get(key)))
    rows.append(
        _num_row(
            "ir.mem_ops",
            sum(ours.ir.get("mem_ops", {}).values()),
            sum(ref.ir.get("mem_ops", {}).values()),
        )
    )
    a, b = ours.stats, ref.stats
    if a is not None and b is not None:
        rows += [
            _num_row("sass.instrs", a.sass_instrs, b.sass_instrs),
            _num_row("sass.instrs_no_nop", a.sass_instrs_no_nop, b.sass_instrs_no_nop),
            _num_row("sass.registers", a.reg, b.reg),
            _num_row("sass.ldg", a.loads, b.loads),
            _num_row("sass.stg", a.stores, b.stores),
        ]
        for name, x, y in (("sass.ldg_widths", a.ldg, b.ldg), ("sass.stg_widths", a.stg, b.stg)):
            nx, ny = narrowest(x), narrowest(y)
            flag = "NARROWER" if nx is not None and ny is not None and nx < ny else ""
            rows.append(Row(name, widths(x), widths(y), flag))
        for name in ("atomics", "barriers", "shared_mem", "tma"):
            x, y = getattr(a, name), getattr(b, name)
            flag = "higher" if sum(x.values()) > sum(y.values()) else ""
            rows.append(Row(f"sass.{name}", widths(x), widths(y), flag))
    for key in ("frontend", "optimize", "bytecode", "cutile_passes", "cutile_total", "tileiras"):
        if key in ours.times or key in ref.times:
            rows.append(
                _num_row(
                    f"time.{key}",
                    ours.times.get(key),
                    ref.times.get(key),
                    "{:.3f}s",
                    flag_higher=False,
                )
            )
    return rows


def fence_counts(stats: SassStats) -> dict[str, int]:
    """MEMBAR and FENCE instructions (any variant) in a cubin's SASS."""
    out = {"MEMBAR": 0, "FENCE": 0}
    for op, n in stats.barriers.items():
        base = op.split(".")[0]
        if base in out:
            out[base] += n
    return out


def side(run: PipelineRun) -> dict[str, Any]:
    """One pipeline's column of a comparison as data: IR token counts (`eqsat.memory.stats`),
    SASS size, access widths, MEMBAR/FENCE counts, times, and how it was built."""

    st = kernel_stats(run.kernel)
    out: dict[str, Any] = {
        "pipeline": run.pipeline,
        "label": label(run) if run.pipeline != "cutile" else "cuTile (-O3 --lineinfo)",
        "symbol": run.kernel.name,
        "ir": {k: st[k] for k in ("ops", "make_token", "join_tokens", "token_operands",
                                  "loop_carried_tokens", "memory_ops", "needless_orderings")},
        "times": dict(run.times),
    }
    if run.pipeline != "cutile":
        out["attempts"] = list(run.attempts)
        out["versioning"] = getattr(run.report, "versioning", "") or None
    if run.stats is not None:
        a = run.stats
        out["sass"] = {"instrs": a.sass_instrs, "instrs_no_nop": a.sass_instrs_no_nop,
                       "registers": a.reg, "ldg": dict(a.ldg), "stg": dict(a.stg),
                       "load_widths": {"narrowest": narrowest(a.ldg),
                                       "widest": widest(global_accesses(a, "load"))},
                       "store_widths": {"narrowest": narrowest(a.stg),
                                        "widest": widest(global_accesses(a, "store"))},
                       "tma": dict(a.tma), **fence_counts(a)}
    return out


def format_table(cols: tuple[str, ...], rows: list[tuple]) -> str:
    """Left-aligned columns two spaces apart, a header line first."""
    width = [max(len(str(x)) for x in [h] + [t[i] for t in rows]) for i, h in enumerate(cols)]
    return "\n".join("  ".join(str(x).ljust(w) for x, w in zip(t, width)).rstrip()
                     for t in [cols, *rows])


def format_rows(
    rows: list[Row], title: str = "", ours_name: str = "eqsat", theirs_name: str = "cuTile"
) -> str:
    table = format_table(("metric", ours_name, theirs_name, ""),
                         [(r.metric, r.ours, r.theirs, r.flag) for r in rows])
    return f"{title}\n{table}" if title else table


__all__ = [
    "CUTILE_FLAGS",
    "TIE",
    "Candidate",
    "Choice",
    "alignment_only",
    "choose",
    "compile_all",
    "default_gpu",
    "nominal_launch",
    "with_occupancy",
    "without_tma",
    "TMA_BITS",
    "PipelineRun",
    "Row",
    "access_bits",
    "compare_cutile",
    "comparison_rows",
    "compile_cutile",
    "compile_ir",
    "cutile_reference",
    "cutile_runs",
    "fence_counts",
    "format_rows",
    "format_table",
    "global_accesses",
    "ir_metrics",
    "label",
    "narrowest",
    "optimize_kernel",
    "optimize_report",
    "program_order_tokens",
    "side",
    "tma_copies",
    "widest",
    "width_flags",
]
