"""What a cuTile mangled entry symbol says about the kernel's parameters.

cuTile Python names an exported kernel `NAME_K<cconv>_<param>_<param>...`; each
parameter code records the constraints the kernel was specialized on: for arrays
the rank, dtype, per-axis facts (static shape `s`, shape divisibility `i`, static
stride `t`, stride divisibility `v`, stride lower bound `l`, grouped under a hex
axis mask), then base-address divisibility `p`, alias groups `g<hex>`, `i` (may
alias internally) and the index type (`u` uint32, `w` int64). Scalars are
`S<dtype>`, compile-time constants `I<int>`, `B<0|1>`, `F<hex>`.

The `.mlir` text does not carry those facts, so the optimizer recovers them here:
alias groups (two arrays in one group may overlap, others never do) and, for the
`t1` calling convention, which entry parameters are an array's pointer, shapes and
strides (what proves a pointer scatter stays inside its array).
"""
from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass, field

from eqsat.errors import EqsatError
from eqsat.ir.core import Kernel
from eqsat.ir.types import PointerType, TileType

_DTYPES = ("b8", "u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64", "f16", "f32", "f64",
           "bf16", "tf32", "f8m3fn", "f8m2", "f8m0fnu")


_MAX_RANK = 64      # far beyond any real array; guards against a rank of 10**20


class SignatureError(EqsatError):
    """A symbol that is not a cuTile mangled kernel name (or uses codes we do not read)."""


@dataclass(frozen=True)
class ArrayInfo:
    """One array parameter of the signature."""
    ndim: int
    dtype: str
    alias_groups: tuple[str, ...] = ()
    may_alias_internally: bool = False
    index_dtype: str = "i32"
    base_divisible_by: int = 1
    shape_constant: tuple[int | None, ...] = ()
    shape_divisible_by: tuple[int, ...] = ()
    stride_constant: tuple[int | None, ...] = ()
    stride_divisible_by: tuple[int, ...] = ()
    stride_lower_bound: tuple[int | None, ...] = ()


@dataclass(frozen=True)
class ListInfo:
    """A list of arrays: two entry parameters, its table pointer and its length."""
    element: ArrayInfo
    alias_groups: tuple[str, ...] = ()
    elements_may_alias: bool = False


@dataclass(frozen=True)
class ScalarInfo:
    dtype: str


@dataclass(frozen=True)
class ConstInfo:
    value: object


@dataclass
class Signature:
    name: str                      # the kernel's function name
    cconv: str                     # calling convention code, e.g. "t1"
    params: list = field(default_factory=list)   # ArrayInfo | ListInfo | ScalarInfo | ConstInfo


@dataclass(frozen=True)
class ArrayLayout:
    """Entry-parameter indices of one array under the `t1` calling convention:
    the pointer, then `ndim` shapes, then `ndim` strides."""
    ptr: int
    shapes: tuple[int, ...]
    strides: tuple[int, ...]
    info: ArrayInfo


class _Reader:
    def __init__(self, symbol: str, text: str, pos: int):
        self.symbol, self.text, self.pos = symbol, text, pos

    def read(self, pattern: str) -> str | None:
        m = re.match(pattern, self.text)
        if m is None:
            return None
        self.text = self.text[m.end():]
        self.pos += m.end()
        return m.group(0)

    def need(self, pattern: str, what: str) -> str:
        got = self.read(pattern)
        if got is None:
            raise SignatureError(f"'{self.symbol}': expected {what} at offset {self.pos} "
                                 f"(near '{self.text[:12]}')")
        return got

    def signed(self) -> int:
        neg = self.read("_") is not None
        v = int(self.need("[0-9]+", "a decimal integer"))
        return -v if neg else v


def decode_symbol(symbol: str) -> Signature:
    """Parse a mangled kernel symbol. Raises SignatureError if it is not one.

    One optimization reads the entry's symbol several times (alias model, token facts,
    parameter facts, assume placement, each candidate's clean-up), so parses are kept
    per symbol; each call returns its own `Signature`."""
    sig = _decode(symbol)
    return Signature(sig.name, sig.cconv, list(sig.params))


@functools.lru_cache(maxsize=256)
def _decode(symbol: str) -> Signature:
    at = symbol.rfind("_K")
    if at <= 0:
        raise SignatureError(f"'{symbol}' is not a cuTile mangled kernel name (no '_K')")
    r = _Reader(symbol, symbol[at + 2:], at + 2)
    cconv = r.need("[^_]+", "a calling convention code")
    sig = Signature(symbol[:at], cconv)
    seen_groups = -1
    while r.text:
        r.need("_", "'_' between parameters")
        code = r.need("[A-Z]", "a parameter code")
        if code == "A":
            arr, seen_groups = _array(r, seen_groups)
            sig.params.append(arr)
        elif code == "L":
            groups, seen_groups = _groups(r, seen_groups)
            may_alias = r.read("i") is not None
            r.need("A", "the list's element array ('A')")
            elem, seen_groups = _array(r, seen_groups)
            sig.params.append(ListInfo(elem, groups, may_alias))
        elif code == "S":
            sig.params.append(ScalarInfo(_dtype(r)))
        elif code == "I":
            sig.params.append(ConstInfo(r.signed()))
        elif code == "B":
            sig.params.append(ConstInfo(bool(int(r.need("[01]", "0 or 1")))))
        elif code == "F":
            import struct
            bits = int(r.need("[0-9a-f]{16}", "16 hex digits"), 16)
            sig.params.append(ConstInfo(struct.unpack("<d", struct.pack("<Q", bits))[0]))
        else:
            raise SignatureError(f"'{symbol}': parameter code '{code}' is not supported")
    return sig


def _dtype(r: _Reader) -> str:
    d = r.need("[a-z][a-z0-9]*", "a dtype")
    if d not in _DTYPES:
        raise SignatureError(f"'{r.symbol}': unknown dtype '{d}'")
    return d


def _groups(r: _Reader, seen_groups: int) -> tuple[tuple[str, ...], int]:
    """`g<hex>` alias group ids; a new group takes the next id."""
    groups = []
    while r.read("g") is not None:
        gid = int(r.need("[0-9a-f]+", "a hex alias group id"), 16)
        if gid > seen_groups + 1:
            raise SignatureError(f"'{r.symbol}': alias group {gid} out of order")
        seen_groups = max(seen_groups, gid)
        groups.append(f"group{gid}")
    return tuple(groups), seen_groups


def _array(r: _Reader, seen_groups: int) -> tuple[ArrayInfo, int]:
    ndim = int(r.need("[0-9]+", "an array rank"))
    if ndim > _MAX_RANK:
        raise SignatureError(f"'{r.symbol}': array rank {ndim} is out of range")
    dtype = _dtype(r)
    shape_c: list = [None] * ndim
    shape_d = [1] * ndim
    stride_c: list = [None] * ndim
    stride_d = [1] * ndim
    stride_lb: list = [None] * ndim
    while re.match("_[0-9a-f]+", r.text) and not re.match("_[p-z]", r.text):
        mask = int(r.need("_[0-9a-f]+", "an axis mask")[1:], 16)
        if mask == 0 or mask.bit_length() > ndim:
            raise SignatureError(f"'{r.symbol}': bad axis mask {mask:x} for rank {ndim}")
        vals: dict[str, int] = {}
        for letter in "sitvl":
            if r.read(letter) is not None:
                vals[letter] = r.signed()
        for ax in range(ndim):
            if mask >> ax & 1:
                if "s" in vals:
                    shape_c[ax] = vals["s"]
                if "i" in vals:
                    shape_d[ax] = vals["i"]
                if "t" in vals:
                    stride_c[ax] = vals["t"]
                if "v" in vals:
                    stride_d[ax] = vals["v"]
                if "l" in vals:
                    stride_lb[ax] = vals["l"]
    groups: tuple[str, ...] = ()
    base_div, internal, index = 1, False, "i32"
    if re.match("_[a-z]", r.text):
        r.need("_", "'_'")
        if r.read("p") is not None:
            base_div = r.signed()
        groups, seen_groups = _groups(r, seen_groups)
        internal = r.read("i") is not None
        if r.read("u") is not None:
            index = "u32"
        elif r.read("w") is not None:
            index = "i64"
    info = ArrayInfo(ndim, dtype, groups, internal, index, base_div, tuple(shape_c),
                     tuple(shape_d), tuple(stride_c), tuple(stride_d), tuple(stride_lb))
    return info, seen_groups


def _placed(kernel: Kernel) -> dict[int, ArrayInfo | ListInfo]:
    """Array and list parameters keyed by their first entry parameter (the pointer);
    empty when the entry symbol is not a `t1` mangled name or its parameter list does
    not match."""
    try:
        sig = decode_symbol(kernel.name)
    except SignatureError:
        return {}
    if sig.cconv != "t1":
        return {}
    out: dict[int, ArrayInfo | ListInfo] = {}
    i = 0
    params = kernel.params
    for p in sig.params:
        if isinstance(p, (ArrayInfo, ListInfo)):
            n = 1 + 2 * p.ndim if isinstance(p, ArrayInfo) else 2
            if i + n > len(params) or not _is_ptr(params[i].type):
                return {}
            out[i] = p
            i += n
        elif isinstance(p, ScalarInfo):
            i += 1
    if i != len(params):
        return {}
    return out


def array_layouts(kernel: Kernel) -> dict[int, ArrayLayout]:
    """Array layouts keyed by the pointer parameter's index; empty when the entry
    symbol is not a `t1` mangled name or its parameter list does not match."""
    return {i: ArrayLayout(i, tuple(range(i + 1, i + 1 + p.ndim)),
                           tuple(range(i + 1 + p.ndim, i + 1 + 2 * p.ndim)), p)
            for i, p in _placed(kernel).items() if isinstance(p, ArrayInfo)}


def list_tables(kernel: Kernel) -> dict[int, ListInfo]:
    """Lists of arrays keyed by their table pointer's parameter index (see `_placed`)."""
    return {i: p for i, p in _placed(kernel).items() if isinstance(p, ListInfo)}


def alias_groups_of(kernel: Kernel) -> dict[int, tuple[str, ...]] | None:
    """Alias groups of every array parameter as the symbol declares them (arrays
    without a group get none: they overlap nothing else), or None when the symbol
    says nothing (not a decodable `t1` name)."""
    layouts = array_layouts(kernel)
    if not layouts:
        return None
    return {i: lay.info.alias_groups for i, lay in layouts.items()}


def _is_ptr(t) -> bool:
    return isinstance(t, TileType) and isinstance(t.elem, PointerType)




# -- what cuTile's launcher specializes on ----------------------------------------------------
LAUNCH_DIVISOR = 16     # the launcher tests shapes (elements) and strides/bases (bytes) by 16
LAUNCH_MAX_AXES = 5     # axes past the fifth get no shape or stride facts (TMA's rank limit)


@dataclass(frozen=True)
class LaunchArray:
    """An array as cuTile's launcher sees it: element width, shape and strides in
    elements, and the base address in bytes. `index_dtype` is what the kernel's
    annotation asks for (the launcher's default is int32)."""
    bits: int
    shape: tuple[int, ...]
    strides: tuple[int, ...]
    address: int
    index_dtype: str = "i32"


def launch_array_info(dtype: str, a: LaunchArray) -> ArrayInfo:
    """The array facts cuTile's launcher computes for one launch (cuda-tile 1.7).

    Per axis (first five only): the shape is a multiple of 16 elements; the stride is
    a multiple of 16 bytes (a size-1 axis with stride 1 counts as one, without making
    the stride a constant); a stride of exactly 1 becomes the constant 1. The base
    address is a multiple of 16 bytes or nothing is said. Elements overlap unless,
    taking the axes by increasing stride, every stride is positive and at least the
    previous stride times the previous size. Strides are never negative as far as
    the signature says (lower bound 0), and the launcher states no alias group: to
    cuTile, two array arguments never overlap."""
    n = len(a.shape)
    shape_div = [1] * n
    stride_div = [1] * n
    stride_c: list[int | None] = [None] * n
    per_stride = (8 * LAUNCH_DIVISOR) // a.bits if (8 * LAUNCH_DIVISOR) % a.bits == 0 else 1
    if n <= LAUNCH_MAX_AXES:
        for i, (size, stride) in enumerate(zip(a.shape, a.strides)):
            sbits, zbits = stride * a.bits, size * a.bits
            singleton = size == 1 and stride == 1
            if (sbits % 8 == 0 and (sbits // 8) % LAUNCH_DIVISOR == 0) or singleton:
                stride_div[i] = per_stride
            if stride == 1 and not singleton:
                stride_c[i] = 1
            if zbits % 8 == 0 and size % LAUNCH_DIVISOR == 0:
                shape_div[i] = LAUNCH_DIVISOR
    order = sorted(zip(a.strides, a.shape))
    disjoint = n == 0 or order[0][0] > 0
    for (s0, d0), (s1, _) in itertools.pairwise(order):
        disjoint = disjoint and s1 > 0 and s1 >= s0 * d0
    lower: list[int | None] = [0] * n
    for i in range(n):          # a constant stride says its divisibility and bound itself
        if stride_c[i] is not None:
            stride_div[i], lower[i] = 1, None
    return ArrayInfo(n, dtype, (), not disjoint, a.index_dtype,
                     LAUNCH_DIVISOR if a.address % LAUNCH_DIVISOR == 0 else 1,
                     (None,) * n, tuple(shape_div), tuple(stride_c), tuple(stride_div),
                     tuple(lower))


def list_launch_info(dtype: str, arrays: list[LaunchArray], *,
                     alias_groups: tuple[str, ...] = (),
                     element_alias_groups: tuple[str, ...] = (),
                     elements_may_alias: bool = False) -> ListInfo:
    """The facts cuTile's launcher states for a list of arrays: one element constraint
    that holds for every array of the list (each fact is kept only where all arrays
    have it: the smallest divisibility, a stride constant all share, overlapping
    elements if any has them). The launcher requires one element type and rank for the
    whole list, and so does this; an empty list says nothing about its arrays and has no
    signature."""
    if not arrays:
        raise SignatureError("an empty list of arrays has no launch signature (its "
                             "arrays' type and rank are unknown)")
    infos = [launch_array_info(dtype, a) for a in arrays]
    first = infos[0]
    for j, i in enumerate(infos[1:], 1):
        if i.ndim != first.ndim:
            raise SignatureError(f"arrays of one list vary in rank (item 0 has {first.ndim} "
                                 f"axes, item {j} {i.ndim})")
        if i.index_dtype != first.index_dtype:
            raise SignatureError("arrays of one list vary in index type")
    n = first.ndim

    def common(values: list[int | None]) -> int | None:
        return values[0] if all(v == values[0] for v in values) else None

    stride_c = tuple(common([i.stride_constant[ax] for i in infos]) for ax in range(n))
    lower = tuple(None if stride_c[ax] is not None else
                  min((i.stride_lower_bound[ax] or 0) for i in infos) for ax in range(n))
    stride_div = tuple(1 if stride_c[ax] is not None else
                       min(i.stride_divisible_by[ax] for i in infos) for ax in range(n))
    element = ArrayInfo(n, dtype, tuple(element_alias_groups),
                        any(i.may_alias_internally for i in infos), first.index_dtype,
                        min(i.base_divisible_by for i in infos), (None,) * n,
                        tuple(min(i.shape_divisible_by[ax] for i in infos) for ax in range(n)),
                        stride_c, stride_div, lower)
    return ListInfo(element, tuple(alias_groups), bool(elements_may_alias))


def _encode_int(v: int) -> str:
    return f"_{-v}" if v < 0 else str(v)


def encode_array(info: ArrayInfo, group_ids: dict[str, int]) -> str:
    """One array's code in a mangled symbol (the inverse of what `decode_symbol` reads)."""
    preds: dict[str, int] = {}           # predicate -> axis mask, in first-seen order
    for letter, values, default in (("s", info.shape_constant, None),
                                    ("i", info.shape_divisible_by, 1),
                                    ("t", info.stride_constant, None),
                                    ("v", info.stride_divisible_by, 1),
                                    ("l", info.stride_lower_bound, None)):
        for ax, v in enumerate(values):
            if v != default and v is not None:
                key = f"{letter}{_encode_int(v)}"
                preds[key] = preds.get(key, 0) | (1 << ax)
    by_mask: dict[int, str] = {}
    for key, mask in preds.items():
        by_mask[mask] = by_mask.get(mask, "") + key
    out = f"A{info.ndim}{info.dtype}" + "".join(f"_{m:x}{by_mask[m]}" for m in sorted(by_mask))
    extra = f"p{_encode_int(info.base_divisible_by)}" if info.base_divisible_by != 1 else ""
    extra += "".join(f"g{g:x}" for g in sorted(group_ids[x] for x in info.alias_groups))
    extra += "i" if info.may_alias_internally else ""
    extra += {"u32": "u", "i64": "w"}.get(info.index_dtype, "")
    return out + (f"_{extra}" if extra else "")


def encode_symbol(sig: Signature) -> str:
    """The mangled entry name of a signature (`NAME_K<cconv>_...`), group ids numbered
    in order of first mention."""
    ids: dict[str, int] = {}
    for p in sig.params:
        if isinstance(p, ListInfo):
            for g in (*p.alias_groups, *p.element.alias_groups):
                ids.setdefault(g, len(ids))
        if isinstance(p, ArrayInfo):
            for g in p.alias_groups:
                ids.setdefault(g, len(ids))
    parts = []
    for p in sig.params:
        if isinstance(p, ArrayInfo):
            parts.append(encode_array(p, ids))
        elif isinstance(p, ListInfo):
            parts.append("L" + "".join(f"g{g:x}" for g in sorted(ids[x] for x in
                                                                p.alias_groups))
                         + ("i" if p.elements_may_alias else "")
                         + encode_array(p.element, ids))
        elif isinstance(p, ScalarInfo):
            parts.append(f"S{p.dtype}")
        elif isinstance(p.value, bool):
            parts.append(f"B{int(p.value)}")
        elif isinstance(p.value, int):
            parts.append(f"I{_encode_int(p.value)}")
        elif isinstance(p.value, float):
            import struct
            parts.append("F" + f"{struct.unpack('<Q', struct.pack('<d', p.value))[0]:016x}")
        else:
            raise SignatureError(f"a constant of type {type(p.value).__name__} has no code")
    return f"{sig.name}_K{sig.cconv}" + "".join("_" + x for x in parts)


def launch_class(infos: list[ArrayInfo]) -> tuple:
    """What tells two launches apart: the facts of every array, in order. Two launches
    with the same class run the same specialized entry."""
    return tuple((i.dtype, i.ndim, i.index_dtype, i.base_divisible_by, i.shape_divisible_by,
                  i.stride_divisible_by, i.stride_constant, i.may_alias_internally,
                  i.alias_groups) for i in infos)


__all__ = [
    "LAUNCH_DIVISOR",
    "ArrayInfo",
    "ArrayLayout",
    "ConstInfo",
    "LaunchArray",
    "ListInfo",
    "ScalarInfo",
    "Signature",
    "SignatureError",
    "alias_groups_of",
    "array_layouts",
    "decode_symbol",
    "encode_array",
    "encode_symbol",
    "launch_array_info",
    "launch_class",
    "list_launch_info",
    "list_tables",
]
