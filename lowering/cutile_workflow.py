"""cuTile kernels through eqsat, and side by side with cuTile's own pipeline.

Ours: front end (program order, no tokens) -> `eqsat.pipeline.optimize` -> bytecode -> tileiras.
cuTile's: its normal pipeline (token ordering, LICM) -> bytecode -> tileiras, with the
flags cuTile's own compile step passes (`-O3 --lineinfo`).
Our side compiles with `-O3` (no line info: our bytecode carries no debug info).

Compiling is done the way a compiler driver does it: a kernel that tileiras crashes on
or rejects leaves a reproducer (bytecode and the exact command, `ToolError.reproducer`)
and is retried without the transformation that was on last: first without
divisibility versioning, then unoptimized. Every retry is named in `PipelineRun.note`
and `PipelineRun.attempts`; a kernel the optimizer could not encode goes to tileiras
tokenized in program order (one token chain), never token-free.

tileiras has the last word on size where a choice of ours makes code grow. A loop whose
iterations the token rules leave unordered is software-pipelined by tileiras; where
only our stronger proofs made them so (a pointer scatter in bounds, a load and a store
of one tiling; `eqsat.memory.relations.LOOP_PARALLEL`), the kernel is optimized again
with only cuTile's proof (a view store's own tiles), and every proof is kept only if
its code is at most `MAX_PIPELINE_GROWTH` larger. On cuTile's kv-cache append and
fused add + RMSNorm the pipelined loops doubled the code and took registers from 56 to
101; whether that pays is a question for a GPU, and until one says so, the smaller
code is the default. `optimize_kw={"loop_parallel": ...}` fixes the choice instead.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, overload

from eqsat.errors import EqsatError
from eqsat.ir.core import Kernel
from eqsat.ir.ops import MEMORY_OPS
from eqsat.text import parse

from eqsat.lowering.bytecode import DEFAULT_VERSION, kernel_to_bytecode
from eqsat.lowering.sass import SassStats, cubin_stats, widths
from eqsat.toolchain import DEFAULT_ARCH, ToolError, compile_bytecode, disassemble_bytecode
from eqsat.egraph.encode import _touches_memory, is_tokenized
from eqsat.frontend import cutile_bytecode, from_cutile
from eqsat.frontend._cutile import launch_bytecode_version
from eqsat.memory.stats import kernel_stats
from eqsat.passes import versioning
from eqsat.pipeline.optimize import optimize


def ir_metrics(k: Kernel) -> dict[str, Any]:
    """The corpus manifest's `ir` token metrics, counted on the IR instead of the text."""
    c: Counter[str] = Counter()
    token_ops = carried = 0
    for op in k.walk():
        c[op.name] += 1
        sp = op.spec
        if sp is not None and any(g == "token" for g, _ in sp.operands) and op.token_in is not None:
            token_ops += 1
        if op.name in ("for", "loop"):
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

    if is_tokenized(k) or not _touches_memory(k.body):
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
    _memo: dict | None = None,
) -> PipelineRun:
    """Our IR (optionally optimized first) -> bytecode -> cubin (+ SASS metrics).

    When tileiras crashes or rejects the kernel, it is retried without versioning, then
    unoptimized (see the module doc); the last failure is raised if none compiles."""
    plans: list[tuple[str, bool, bool]] = []          # (label, optimize, versioning)
    if optimize and versioning:
        plans.append(("optimized, versioned", True, True))
    if optimize:
        plans.append(("optimized", True, False))
    plans.append(("unoptimized", False, False))
    attempts: list[str] = []
    for i, (name, opt, ver) in enumerate(plans):
        times: dict[str, float] = {}
        note, optimized, rep, kk = "", False, None, k
        if opt:
            memo = {} if _memo is None else _memo
            if ver not in memo:
                memo[ver] = optimize_report(k, rules, ver, **(optimize_kw or {}))
            kk, optimized, note, times["optimize"], rep = memo[ver]
        kk, tok_note = program_order_tokens(kk)
        try:
            bc, res, t = _bytecode_and_cubin(kk, arch, version, filename or f"@{k.name} for {arch}",
                                             opt_level, filename)
        except ToolError as e:
            attempts.append(f"{name}: {e.summary()}")
            if i + 1 < len(plans):
                continue
            raise
        times.update(t)
        notes = [n for n in (note, tok_note) if n]
        if attempts:
            notes.insert(0, f"retried {name} after: " + "; ".join(attempts))
        run = PipelineRun(pipeline, kk, bc, arch, res.cubin, ir=ir_metrics(kk), times=times,
                          optimized=optimized, note="; ".join(notes), report=rep,
                          attempts=[*attempts, f"{name}: ok"])
        if optimized:
            run.loop_parallel = (optimize_kw or {}).get("loop_parallel", "all")
        if stats or ver:
            run.stats = cubin_stats(res.cubin)
        if ver and str(getattr(rep, "versioning", "")).startswith("versioning: fast path"):
            return _sass_gate(run, k, arch, version, rules, optimize_kw, opt_level, filename,
                              pipeline, memo)
        if opt and not ver and "loop_parallel" not in (optimize_kw or {}):
            return _pipelining_gate(run, k, arch, version, rules, optimize_kw, opt_level,
                                    filename, pipeline, memo, stats)
        return run
    raise EqsatError(f"error: nothing compiled @{k.name}")  # pragma: no cover


def _sass_gate(run: PipelineRun, k: Kernel, arch: str, version: str, rules: Any,
               optimize_kw: dict[str, Any] | None, opt_level: int, filename: str | None,
               pipeline: str, memo: dict) -> PipelineRun:
    """The versioned kernel only if its SASS is at most `MAX_GROWTH` larger than the
    kernel without the copy: tileiras, not the cost model, has the last word on size."""

    plain = compile_ir(k, arch, optimize=True, version=version, stats=True, rules=rules,
                       pipeline=pipeline, optimize_kw=optimize_kw, opt_level=opt_level,
                       filename=filename, _memo=memo)
    a, b = run.stats, plain.stats
    if a is None or b is None or not b.sass_instrs:
        return run
    grown = a.sass_instrs / b.sass_instrs - 1.0
    if grown <= versioning.MAX_GROWTH:
        return run
    why = (f"versioned copy dropped: SASS {a.sass_instrs} vs {b.sass_instrs} without it "
           f"(+{grown:.0%}, at most {versioning.MAX_GROWTH:.0%})")
    plain.note = "; ".join(n for n in (why, plain.note) if n)
    plain.attempts = [*run.attempts, *plain.attempts]
    return plain


MAX_PIPELINE_GROWTH = 0.05   # SASS the loops our proofs leave unordered may add


def _pipelining_gate(run: PipelineRun, k: Kernel, arch: str, version: str, rules: Any,
                     optimize_kw: dict[str, Any] | None, opt_level: int,
                     filename: str | None, pipeline: str, memo: dict,
                     stats: bool) -> PipelineRun:
    """The kernel as optimized with every proof that a loop's iterations are
    independent, unless its SASS is more than `MAX_PIPELINE_GROWTH` larger than with
    cuTile's proof only: the one tileiras pipelines less. Costs a second optimization
    and, where the two kernels differ, a second tileiras run."""
    chosen = run
    if run.optimized and any(op.name == "for" for op in k.walk()):
        kw = {**(optimize_kw or {}), "loop_parallel": "view-stores"}
        memo2 = memo.setdefault("view-stores", {})
        if False not in memo2:
            memo2[False] = optimize_report(k, rules, False, **kw)
        ordered, optimized = memo2[False][0], memo2[False][1]
        if optimized and str(ordered) != str(run.kernel):
            other = compile_ir(k, arch, optimize=True, version=version, stats=True,
                               rules=rules, pipeline=pipeline, optimize_kw=kw,
                               opt_level=opt_level, filename=filename, _memo=memo2)
            if run.stats is None and run.cubin is not None:
                run.stats = cubin_stats(run.cubin)
            a, b = run.stats, other.stats
            if other.optimized and a is not None and b is not None and b.sass_instrs:
                grown = a.sass_instrs / b.sass_instrs - 1.0
                if grown > MAX_PIPELINE_GROWTH:
                    why = (f"loop iterations kept in order: SASS {a.sass_instrs} with them "
                           f"independent vs {b.sass_instrs} (+{grown:.0%}, at most "
                           f"{MAX_PIPELINE_GROWTH:.0%})")
                    other.note = "; ".join(n for n in (why, other.note) if n)
                    other.attempts = [*run.attempts,
                                      *(f"{t} (iterations in order)" for t in other.attempts)]
                    chosen = other
    if not stats:
        chosen.stats = None
    return chosen


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
                         rules=rules, versioning=versioning, _memo=memo)
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
