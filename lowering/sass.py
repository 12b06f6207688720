"""SASS metrics from `cuobjdump -sass` and `cuobjdump -res-usage` text.

The numbers are the ones the corpus manifest records (`sass_instrs`, `sass_instrs_no_nop`,
`ldg`, `stg`, `other_mem`, `reg`, `stack`, `shared`, `local`), counted the same way, so
our pipeline and cuTile's can be put side by side. On top of those it groups the memory
and synchronization opcodes the optimizer cares about: TMA, atomics, barriers and fences,
shared-memory ops. Opcodes are kept whole with their suffixes (`LDG.E.128`, `STG.E.U16`):
the suffix is the access width, which is what vectorization changes.

The parsing is pure text; `cubin_stats`, `cubin_resources` and `disassemble` run the tools
(the `cuda` extra). `disassemble` reads many cubins' code straight from their ELF
sections and disassembles it in one nvdisasm process: a disassembler's start-up, not the
code, is most of what disassembling a kernel costs.
"""

from __future__ import annotations

import bisect
import os
import re
import struct
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from eqsat.errors import EqsatError
from eqsat.toolchain import elf_text, raw_sass_text, res_usage_text, sass_text

# an instruction line: `/*0040*/   @!P0 LDG.E.128 R4, desc[UR4][R2.64] ;   /* 0x... */`
_INSTR = re.compile(r"^\s*/\*(?P<addr>[0-9a-fA-F]{4,})\*/\s+(?P<ins>[^;]*);")
_FUNCTION = re.compile(r"^\s*Function\s*:\s*(?P<name>\S+)")
_RES_FUNC = re.compile(r"^\s*Function\s+(?P<name>[^\s:]+)\s*:")
_RES_FIELD = re.compile(r"\b(REG|STACK|SHARED|LOCAL):(\d+)")
# the manifest's `other_mem`: every memory/synchronization opcode that is not LDG/STG
_OTHER_MEM = re.compile(
    r"^(ATOM|RED\.|REDG|REDAS|LDGSTS|LDGDEPBAR|UTMA|UBLK|MEMBAR|FENCE|LDS|STS|"
    r"LDSM|STSM|SYNCS|CCTL|LD\b|ST\b|LD\.|ST\.)"
)
_TMA = ("UTMA", "UBLK")  # bulk tensor copies, prefetch, cache control
_ATOMIC = re.compile(r"^(ATOM(?!S)|ATOMG|RED\.|REDG|REDAS)")  # global/generic atomics
_SHARED = re.compile(r"^(LDS|STS|LDSM|STSM|ATOMS)(\.|$)")
_BARRIER_BASES = frozenset(
    ("BAR", "MEMBAR", "FENCE", "ERRBAR", "CGAERRBAR", "SYNCS", "UTCBAR", "CCTL", "WARPGROUP")
)


def opcode(instruction: str) -> str:
    """Full opcode of one instruction (predicate guard dropped): '@!P0 LDG.E.128 R4, ...' ->
    'LDG.E.128'."""
    ins = instruction.strip()
    if ins.startswith("@"):
        parts = ins.split(None, 1)
        ins = parts[1] if len(parts) > 1 else ""
    return ins.split()[0] if ins else ""


def is_global_load(op: str) -> bool:
    return op.startswith("LDG") and not op.startswith(("LDGSTS", "LDGDEPBAR"))


def is_global_store(op: str) -> bool:
    return op.startswith("STG")


@dataclass
class SassStats:
    """Counts for one function (or the sum over a cubin's functions)."""

    name: str = ""
    sass_instrs: int = 0  # every instruction line, NOP padding and final BRA included
    sass_instrs_no_nop: int = 0
    ldg: dict[str, int] = field(default_factory=dict)
    stg: dict[str, int] = field(default_factory=dict)
    other_mem: dict[str, int] = field(default_factory=dict)
    tma: dict[str, int] = field(default_factory=dict)
    atomics: dict[str, int] = field(default_factory=dict)
    barriers: dict[str, int] = field(default_factory=dict)
    shared_mem: dict[str, int] = field(default_factory=dict)
    opcodes: dict[str, int] = field(default_factory=dict)
    reg: int | None = None
    stack: int | None = None
    shared: int | None = None
    local: int | None = None
    threads: int | None = None   # block size tileiras fixed (EIATTR_REQNTID)

    @property
    def loads(self) -> int:
        return sum(self.ldg.values())

    @property
    def stores(self) -> int:
        return sum(self.stg.values())

    def manifest_fields(self) -> dict:
        """The fields of a corpus manifest variant, for direct comparison."""
        return {
            "sass_instrs": self.sass_instrs,
            "sass_instrs_no_nop": self.sass_instrs_no_nop,
            "ldg": dict(self.ldg),
            "stg": dict(self.stg),
            "other_mem": dict(self.other_mem),
            "reg": self.reg,
            "stack": self.stack,
            "shared": self.shared,
            "local": self.local,
        }

    def as_dict(self) -> dict:
        d = self.manifest_fields()
        d.update(
            name=self.name,
            tma=dict(self.tma),
            atomics=dict(self.atomics),
            barriers=dict(self.barriers),
            shared_mem=dict(self.shared_mem),
            threads=self.threads,
        )
        return d


def _count(ops: list[str], name: str) -> SassStats:
    c = Counter(ops)

    def pick(pred) -> dict[str, int]:
        return dict(sorted((k, v) for k, v in c.items() if pred(k)))

    return SassStats(
        name=name,
        sass_instrs=len(ops),
        sass_instrs_no_nop=sum(1 for o in ops if o != "NOP"),
        ldg=pick(is_global_load),
        stg=pick(is_global_store),
        other_mem=pick(lambda o: bool(_OTHER_MEM.match(o)) and not is_global_load(o)),
        tma=pick(lambda o: o.startswith(_TMA)),
        atomics=pick(lambda o: bool(_ATOMIC.match(o))),
        barriers=pick(lambda o: o.split(".")[0] in _BARRIER_BASES),
        shared_mem=pick(lambda o: bool(_SHARED.match(o))),
        opcodes=dict(sorted(c.items())),
    )


def parse_sass(text: str) -> list[SassStats]:
    """One `SassStats` per `Function :` section of `cuobjdump -sass` output (resources unset)."""
    funcs: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        m = _FUNCTION.match(line)
        if m:
            funcs.append((m.group("name"), []))
            continue
        m = _INSTR.match(line)
        if m:
            if not funcs:
                funcs.append(("", []))
            funcs[-1][1].append(opcode(m.group("ins")))
    return [_count(ops, name) for name, ops in funcs]


def parse_res_usage(text: str) -> dict[str, dict[str, int]]:
    """`cuobjdump -res-usage` -> {function: {'reg': .., 'stack': .., 'shared': .., 'local': ..}}."""
    out: dict[str, dict[str, int]] = {}
    current = None
    for line in text.splitlines():
        m = _RES_FUNC.match(line)
        if m:
            current = m.group("name")
            out[current] = {}
            continue
        if current is not None:
            fields = _RES_FIELD.findall(line)
            if fields:
                out[current].update({k.lower(): int(v) for k, v in fields})
                current = None
    return out


def merge(stats: list[SassStats], name: str = "") -> SassStats:
    """Sum of several functions' counts (registers: the maximum)."""
    total = SassStats(name=name)
    for s in stats:
        total.sass_instrs += s.sass_instrs
        total.sass_instrs_no_nop += s.sass_instrs_no_nop
        for f in ("ldg", "stg", "other_mem", "tma", "atomics", "barriers", "shared_mem", "opcodes"):
            acc = Counter(getattr(total, f))
            acc.update(getattr(s, f))
            setattr(total, f, dict(sorted(acc.items())))
        for f in ("reg", "stack", "shared", "local"):
            vals = [v for v in (getattr(total, f), getattr(s, f)) if v is not None]
            if vals:
                setattr(total, f, max(vals) if f == "reg" else sum(vals))
    return total


def sass_stats(sass: str, res_usage: str = "", function: str | None = None) -> SassStats:
    """Metrics of one cubin's function (`function`, or all functions summed) from the two
    cuobjdump outputs."""
    funcs = parse_sass(sass)
    res = parse_res_usage(res_usage) if res_usage else {}
    for s in funcs:
        r = res.get(s.name, {})
        s.reg, s.stack, s.shared, s.local = (
            r.get("reg"),
            r.get("stack"),
            r.get("shared"),
            r.get("local"),
        )
    if function is not None:
        for s in funcs:
            if s.name == function:
                return s
        raise KeyError(
            f"no function '{function}' in the SASS (found: "
            f"{', '.join(s.name for s in funcs) or 'none'})"
        )
    if len(funcs) == 1:
        return funcs[0]
    return merge(funcs)


_REQNTID = re.compile(r"EIATTR_REQNTID\s+Format:\s+\S+\s+Value:\s+(0x[0-9a-fA-F]+)")


def required_threads(elf: str) -> int | None:
    """The block size a cubin requires (x of EIATTR_REQNTID in `cuobjdump -elf`), if any."""
    m = _REQNTID.search(elf)
    return int(m.group(1), 16) if m else None


def cubin_resources(cubin: bytes) -> SassStats:
    """Registers, shared and local memory and the block size alone (no disassembly: a
    few milliseconds where `cubin_stats` takes a third of a second)."""
    res = parse_res_usage(res_usage_text(cubin))
    st = SassStats(name=next(iter(res), ""))
    for r in res.values():
        st.reg = max(st.reg or 0, r.get("reg", 0))
        for f in ("stack", "shared", "local"):
            setattr(st, f, (getattr(st, f) or 0) + r.get(f, 0))
    st.threads = required_threads(elf_text(cubin))
    return st


def cubin_stats(cubin: bytes, function: str | None = None) -> SassStats:
    """Full statistics of a cubin (needs the `cuda` extra): its resources and, for a
    cubin of one function, its code disassembled by nvdisasm (`disassemble`), which
    starts faster than `cuobjdump -sass`; cuobjdump's outputs for the rest."""
    if function is None:
        return with_code(cubin_resources(cubin), cubin, disassemble([cubin])[0])
    return _dumped_stats(cubin, function)


def _dumped_stats(cubin: bytes, function: str | None = None) -> SassStats:
    st = sass_stats(sass_text(cubin), res_usage_text(cubin), function)
    st.threads = required_threads(elf_text(cubin))
    return st


def with_code(res: SassStats | None, cubin: bytes, funcs: list[SassStats] | None) -> SassStats:
    """Full statistics from a cubin's resources (`cubin_resources`) and its disassembly
    (an item of `disassemble`) when it holds one function; cuobjdump's outputs otherwise."""
    if res is not None and res.reg is not None and funcs is not None and len(funcs) == 1:
        st = funcs[0]
        st.reg, st.stack, st.shared, st.local = res.reg, res.stack, res.shared, res.local
        st.threads = res.threads
        return st
    return _dumped_stats(cubin)


# -- a cubin's code, read without cuobjdump ------------------------------------------------
_ELF_HEADER = struct.Struct("<16sHHIQQQIHHHHHH")   # e_ident .. e_shstrndx (ELF64)
_SECTION = struct.Struct("<IIQQQQIIQQ")            # sh_name .. sh_entsize
_EM_CUDA = 190
_SHT_PROGBITS, _SHF_EXECINSTR = 1, 0x4
_INSTR_BYTES = 16                                   # every SASS instruction since sm_70
# nvdisasm's name of the code in the ELF flags tileiras writes (CUDA ELF ABI 8: the SM in
# bits 8-15, the variant in bits 0-7), as cuobjdump names it (`code for sm_90a`): checked
# for each arch tileiras compiles for; other flags are left to cuobjdump. Bits 16-23 are
# zero in all of them; bits 24-31 vary with the debug information (`--lineinfo`), not
# the code (0x6, 0x9, 0xb, 0xc all read as the same arch)
_RAW_ARCHS = {
    **{0x04 | sm << 8: f"SM{sm}" for sm in (80, 86, 87, 88, 89)},
    0x04 | 90 << 8: "SM90a",
    **{0x02 | sm << 8: f"SM{sm}a" for sm in (100, 103, 107, 110, 120, 121)},
}


def cubin_code(cubin: bytes) -> tuple[str, str, bytes] | None:
    """(function, nvdisasm architecture, instruction bytes) of a cubin holding one
    function, read from its ELF sections; None for one this cannot read so (not a 64-bit
    little-endian CUDA ELF of ABI 8, flags not in `_RAW_ARCHS`, several functions or
    none): `cuobjdump -sass` reads those."""
    try:
        head = _ELF_HEADER.unpack_from(cubin, 0)
        ident, machine, shoff, flags = head[0], head[2], head[6], head[7]
        shentsize, shnum, shstrndx = head[11], head[12], head[13]
        if ident[:4] != b"\x7fELF" or ident[4:6] != b"\x02\x01" or ident[8] != 8 \
                or machine != _EM_CUDA or shentsize != _SECTION.size \
                or flags & 0xFF0000 or flags & 0xFFFF not in _RAW_ARCHS:
            return None
        sections = [_SECTION.unpack_from(cubin, shoff + i * shentsize) for i in range(shnum)]
        names = sections[shstrndx][4]

        def name(sec: tuple) -> str:
            at = names + sec[0]
            return cubin[at:cubin.index(b"\0", at)].decode()

        code = [(name(sec)[len(".text."):], sec[4], sec[5]) for sec in sections
                if sec[1] == _SHT_PROGBITS and sec[2] & _SHF_EXECINSTR
                and name(sec).startswith(".text.")]
    except (struct.error, IndexError, ValueError, UnicodeDecodeError):
        return None
    if len(code) != 1:
        return None
    func, offset, size = code[0]
    if not func or not size or size % _INSTR_BYTES or offset + size > len(cubin):
        return None
    return func, _RAW_ARCHS[flags & 0xFFFF], cubin[offset:offset + size]


def _raw_batch(arch: str, items: list[tuple[str, bytes]]) -> list[list[SassStats] | None]:
    """`parse_sass` of each (function, code) of one architecture, from one nvdisasm run
    over their code laid end to end; None for a function whose instructions the output
    does not all account for."""
    starts, blob = [], bytearray()
    for _, code in items:
        starts.append(len(blob))
        blob += code
    ops: list[list[str]] = [[] for _ in items]
    for line in raw_sass_text(bytes(blob), arch).splitlines():
        m = _INSTR.match(line)
        if m:
            ops[bisect.bisect_right(starts, int(m.group("addr"), 16)) - 1].append(
                opcode(m.group("ins")))
    return [[_count(o, func)] if len(o) * _INSTR_BYTES == len(code) else None
            for o, (func, code) in zip(ops, items)]


def disassemble(cubins: Sequence[bytes]) -> list[list[SassStats] | None]:
    """`parse_sass(sass_text(cubin))` of every cubin: the code `cubin_code` reads goes
    through one nvdisasm process per architecture, the rest (and any the raw output does
    not account for) through cuobjdump, in parallel. None for a cubin neither reads."""
    out: list[list[SassStats] | None] = [None] * len(cubins)
    groups: dict[str, list[tuple[int, str, bytes]]] = {}
    for i, cubin in enumerate(cubins):
        got = cubin_code(cubin)
        if got is not None:
            groups.setdefault(got[1], []).append((i, got[0], got[2]))
    for arch, items in groups.items():
        try:
            found = _raw_batch(arch, [(func, code) for _, func, code in items])
        except EqsatError:       # nvdisasm missing or refusing: cuobjdump reads them
            continue
        for (i, _, _), stats in zip(items, found):
            out[i] = stats
    rest = [i for i, stats in enumerate(out) if stats is None]

    def one(i: int) -> list[SassStats] | None:
        try:
            return parse_sass(sass_text(cubins[i]))
        except EqsatError:
            return None

    if len(rest) > 1:
        with ThreadPoolExecutor(max_workers=max(1, min(len(rest), os.cpu_count() or 1))) as p:
            for i, stats in zip(rest, p.map(one, rest)):
                out[i] = stats
    else:
        for i in rest:
            out[i] = one(i)
    return out


def widths(counts: dict[str, int]) -> str:
    """Compact `LDG.E:16 LDG.E.128:2` rendering of an opcode histogram."""
    return " ".join(f"{k}:{v}" for k, v in sorted(counts.items())) or "-"


__all__ = [
    "SassStats",
    "opcode",
    "parse_sass",
    "parse_res_usage",
    "sass_stats",
    "cubin_stats",
    "cubin_resources",
    "cubin_code",
    "disassemble",
    "with_code",
    "required_threads",
    "merge",
    "widths",
    "is_global_load",
    "is_global_store",
]
