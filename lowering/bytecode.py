"""Our IR to Tile IR bytecode, through the encoder in cuda-tile (`cuda.tile._bytecode`).

`tileiras` reads only bytecode, so this is the one door from eqsat to NVIDIA's compiler.
The encoder is a private module of cuda-tile, so this module is the only place (besides
`eqsat.frontend`) that touches cuda-tile internals, and it refuses an untested cuda-tile
release (see `eqsat.toolchain.require_cuda_tile`). No debug info is written.

Round trip: for every op the text layer knows, `tileirdisasm` of the bytecode parses
back (`eqsat.text.parse`) to the same kernel, entry-parameter attributes aside (bytecode
has no place for them). Generic ops that are not Tile IR (`pow`, `abs`, `neg`, `print`)
are written as their typed forms (`fpowf`, `absf`/`absi`, `negf`/`negi`, `print_tko`).
"""

from __future__ import annotations

import re
from functools import cache
from types import ModuleType
from typing import Any
from collections.abc import Callable, Sequence

import numpy as np

from eqsat.errors import EqsatError
from eqsat.ir import minifloat
from eqsat.ir.attrs import Bounded, DenseConst, DivBy, SameElements
from eqsat.ir.core import Kernel, Operation, Region, Value
from eqsat.ir.numbers import bits_of
from eqsat.ir.ops import ATOMIC_MODES, ROUNDING
from eqsat.ir.types import (FLOAT_WIDTHS, INT_WIDTHS, PartitionViewType, PointerType,
                            StridedViewType, TensorViewType, TileType, TokenType, Type)

from eqsat.toolchain import require_cuda_tile

DEFAULT_VERSION = "13.4"  # cuTile 1.7's default
_PADDING = {
    "zero": "Zero",
    "neg_zero": "NegZero",
    "nan": "Nan",
    "pos_inf": "PosInf",
    "neg_inf": "NegInf",
}
_OVERFLOW = {
    None: "NONE",
    "none": "NONE",
    "no_signed_wrap": "NSW",
    "no_unsigned_wrap": "NUW",
    "no_wrap": "NW",
}
# first bytecode version that has the op at all
_MIN_VERSION = {"atan2": (13, 2), "atomic_red_view_tko": (13, 3), "make_strided_view": (13, 3),
                "fpowi": (13, 4), "insert": (13, 4), "pack": (13, 3), "unpack": (13, 3),
                "mmaf_scaled": (13, 3),
                "gdc_wait_tko": (13, 4), "gdc_launch_dependents_tko": (13, 4),
                "memory_fence_alias_tko": (13, 4)}


class BytecodeError(EqsatError):
    """The kernel cannot be written as bytecode (unsupported op, attribute or version)."""

    def __init__(self, message: str, op: Operation | None = None, filename: str | None = None):
        where = ""
        if op is not None and op.loc:
            where = f"{filename or '<kernel>'}:{op.loc[0]}:{op.loc[1]}: "
        what = f"'{op.name}': " if op is not None else ""
        super().__init__(f"{where}error: {what}{message}")


@cache
def _bc() -> ModuleType:
    require_cuda_tile()
    import cuda.tile._bytecode as bc

    return bc


def _signed_f64(f: Any) -> Any:
    """An f64 float attribute with its sign bit set, written so tileiras reads it back.

    cuda-tile 1.7.0 writes a 64-bit float's bits as a zigzag varint of the unsigned
    pattern: with the sign bit set that takes 65 bits, the reader keeps 64 and the sign
    is lost (a -inf identity became +inf). Written as the pattern's two's complement
    value it fits in 64 bits and reads back bit for bit."""
    out: Any = object.__new__(_signed_f64_class())
    out.__dict__.update(f.__dict__)
    return out


@cache
def _signed_f64_class() -> Any:
    """The encoder's float attribute, writing its bits as a two's complement varint."""
    from cuda.tile._bytecode import attribute as at

    class SignedF64(_bc().Float):  # type: ignore[misc]
        def encode_tagged(self, string_table: Any, buf: bytearray) -> None:
            buf.extend(at.AttributeTag.Float._value_)
            at.encode_typeid(self.type_id, buf)
            at.encode_signed_varint(self.value_bits - (1 << 64), buf)

    return SignedF64


def supported_versions() -> tuple[str, ...]:
    """Bytecode versions the installed encoder can write, e.g. ('13.1', ..., '13.5')."""
    return tuple(v.as_string() for v in _bc().BytecodeVersion)


def parse_version(version: str):
    """'13.3' -> the encoder's BytecodeVersion; a clear error for anything else."""
    bc = _bc()
    for v in bc.BytecodeVersion:
        if v.as_string() == str(version).strip():
            return v
    raise EqsatError(
        f"error: unknown bytecode version '{version}'; the encoder writes "
        f"{', '.join(supported_versions())}"
    )


def _parse_hints(text: str | None, what: str) -> list[tuple[str, dict[str, Any]]]:
    """`optimization_hints=<default = {a = 1, b = false}>` -> [('default', {'a': 1, ...})]."""
    if not text:
        return []
    s = text.strip()
    if s.startswith("optimization_hints"):
        s = s[len("optimization_hints") :].lstrip()[1:].lstrip()  # drop '='
    if not (s.startswith("<") and s.endswith(">")):
        raise BytecodeError(f"cannot read {what} '{text}'")
    body, out = s[1:-1].strip(), []
    for m in re.finditer(r"\s*([A-Za-z_][\w]*)\s*=\s*\{([^}]*)\}\s*,?", body):
        fields: dict[str, Any] = {}
        for item in filter(None, (x.strip() for x in m.group(2).split(","))):
            k, _, v = (p.strip() for p in item.partition("="))
            if v in ("true", "false"):
                fields[k] = v == "true"
            elif re.fullmatch(r"-?\d+", v):
                fields[k] = int(v)
            else:
                raise BytecodeError(f"cannot read hint '{item}' in {what}")
        out.append((m.group(1), fields))
    if re.sub(r"\s*([A-Za-z_][\w]*)\s*=\s*\{([^}]*)\}\s*,?", "", body).strip():
        raise BytecodeError(f"cannot read {what} '{text}'")
    return out


class _Writer:
    """Emits one module; value ids follow the encoder's scoping (regions number locally)."""

    def __init__(self, version: str, arch: str | None, filename: str | None):
        self.bc = _bc()
        self.version = parse_version(version)
        self.vtuple = (self.version.major(), self.version.minor())
        self.arch = arch
        self.filename = filename
        self.vals: dict[int, Any] = {}
        self.b = None
        self.tt: Any = None
        self.op: Operation | None = None

    # -- errors --------------------------------------------------------------------------
    def err(self, msg: str) -> BytecodeError:
        return BytecodeError(msg, self.op, self.filename)

    # -- types ---------------------------------------------------------------------------
    def elem(self, e) -> Any:
        bc, tt = self.bc, self.tt
        if isinstance(e, PointerType):
            return tt.pointer(self.elem(e.pointee), bc.PtrAttr.Missing)
        try:
            return tt.simple(bc.SimpleType[e.upper()])
        except KeyError:
            raise self.err(f"element type '{e}' has no bytecode encoding") from None

    def simple(self, e: str):
        return self.bc.SimpleType[e.upper()]

    def type(self, t: Type) -> Any:
        bc, tt = self.bc, self.tt
        dyn = bc.DYNAMIC_SHAPE
        if isinstance(t, TileType):
            return tt.tile(self.elem(t.elem), t.shape)
        if isinstance(t, TokenType):
            return tt.Token
        if isinstance(t, TensorViewType):
            return tt.tensor_view(
                self.elem(t.elem),
                [dyn if d is None else d for d in t.shape],
                [dyn if s is None else s for s in t.strides],
                bc.PtrAttr.Missing,
            )
        if isinstance(t, PartitionViewType):
            return tt.partition_view(
                list(t.tile), self.type(t.view), list(t.mapping()), self.padding(t.padding)
            )
        if isinstance(t, StridedViewType):
            return tt.strided_view(
                list(t.tile),
                list(t.traversal_strides),
                self.type(t.view),
                list(t.mapping()),
                bc.PaddingValue.Missing,
            )
        raise self.err(f"type {t} has no bytecode encoding")

    def padding(self, p: str | None):
        if p is None:
            return self.bc.PaddingValue.Missing
        try:
            return self.bc.PaddingValue[_PADDING[p]]
        except KeyError:
            raise self.err(f"unknown padding value '{p}'") from None

    # -- attribute helpers ---------------------------------------------------------------
    def enum(self, enum_name: str, key: str):
        try:
            return getattr(self.bc, enum_name)[key.upper()]
        except KeyError:
            raise self.err(f"unknown {enum_name} '{key}'") from None

    def rounding(self, op: Operation, default: str = "nearest_even"):
        return self.enum(
            "RoundingMode", op.attrs.get("rounding") or ROUNDING.get(op.name, (default,))[0]
        )

    def signedness(self, value: str | None):
        if value not in ("signed", "unsigned"):
            raise self.err(f"needs signedness 'signed' or 'unsigned', found {value!r}")
        return self.bc.Signedness.Signed if value == "signed" else self.bc.Signedness.Unsigned

    def sign(self, op: Operation):
        return self.signedness(op.attrs.get("signedness"))

    def overflow(self, op: Operation):
        o = op.attrs.get("overflow")
        if o not in _OVERFLOW:
            raise self.err(f"unknown overflow flag '{o}'")
        return self.bc.IntegerOverflow[_OVERFLOW[o]]

    def ftz(self, op: Operation) -> bool:
        return bool(op.attrs.get("flush_to_zero", False))

    def mem(self, op: Operation, scope_required: bool = False):
        sem = self.enum("MemoryOrderingSemantics", op.attrs.get("sem", "weak"))
        scope = op.attrs.get("scope")
        if scope is None and scope_required:
            raise self.err("an atomic needs a memory scope (tl_blk, device or sys)")
        return sem, (None if scope is None else self.enum("MemoryScope", scope))

    def hints(self, text: str | None, what: str = "optimization hints"):
        """Load/store hints; for bytecode < 13.3 the 'default' target is renamed to the arch."""
        bc = self.bc
        items = _parse_hints(text, what)
        if not items:
            return None
        from cuda.tile._bytecode.attribute import make_load_store_hints

        out = {}
        for target, fields in items:
            unknown = set(fields) - {"latency", "allow_tma"}
            if unknown:
                raise self.err(f"unknown load/store hint(s) {sorted(unknown)}")
            out[self.target(target)] = bc.LoadStoreHints(
                latency=fields.get("latency"), allow_tma=fields.get("allow_tma", True)
            )
        return make_load_store_hints(out)

    def target(self, name: str) -> str:
        if name == "default" and self.vtuple < (13, 3):
            if not self.arch:
                raise BytecodeError(
                    f"bytecode {self.version.as_string()} keys hints by GPU: "
                    f"pass an arch (e.g. sm_90) or use bytecode 13.3+"
                )
            return self.arch
        return name

    def entry_hints(self, k: Kernel) -> dict:
        bc = self.bc
        out = {}
        for target, fields in _parse_hints(k.hints, "entry optimization hints"):
            unknown = set(fields) - {"num_cta_in_cga", "occupancy", "num_worker_warps_per_cta"}
            if unknown:
                raise BytecodeError(f"@{k.name}: unknown entry hint(s) {sorted(unknown)}")
            out[self.target(target)] = bc.EntryHints(**fields)
        return out

    def const_bytes(self, c: DenseConst, shape: tuple[int, ...]) -> bytes:
        """Little-endian payload: one element for a splat, else row-major (i1 bit-packed)."""
        arr = np.asarray(c.array)
        flat = arr.reshape(-1)
        splat = arr.ndim == 0 or (flat.size > 0 and c.is_splat)
        if not splat and arr.shape != tuple(shape):
            raise self.err(f"constant data of shape {arr.shape} does not fit {shape}")
        data = flat[:1] if splat else flat
        e = c.elem
        if e == "i1":
            if splat:
                return b"\xff" if bool(data[0]) else b"\x00"
            bits = sum(1 << i for i, v in enumerate(data) if v)
            return bits.to_bytes((len(data) + 7) // 8, "little")
        if e in INT_WIDTHS:
            w = INT_WIDTHS[e]
            return b"".join((int(v) & ((1 << w) - 1)).to_bytes(w // 8, "little") for v in data)
        if e == "f16":
            return data.astype("<f2").tobytes()
        if e == "f32":
            return data.astype("<f4").tobytes()
        if e == "f64":
            return data.astype("<f8").tobytes()
        if e == "bf16":
            u = data.astype("<f4").view("<u4").astype(np.uint64)
            rounded = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
            nan = np.isnan(data.astype(np.float32))
            halves = np.where(nan, u >> 16, rounded).astype("<u2")
            return halves.tobytes()
        if e in minifloat.FORMATS:
            # the stored codes, as memory keeps them (`encode` is a conversion: it
            # saturated an f8E5M2 infinity to 57344 and canonicalized NaNs), a byte each
            # (f4E2M1FN too, its code in the low half, as MLIR stores sub-byte floats)
            return minifloat.exact_bits(e, data).astype("<u1").tobytes()
        if e == "tf32":
            bc = self.bc
            return b"".join(
                bc.float_to_bits(float(v), bc.SimpleType.TF32).to_bytes(3, "little") for v in data
            )
        raise self.err(f"constants of {e} cannot be encoded")

    def identity(self, c: DenseConst):
        bc = self.bc
        e = c.elem
        if e in FLOAT_WIDTHS:
            f = bc.Float(float(c.scalar()), self.simple(e), self.tt)
            if e != "tf32":
                # the value's own bits: a trip through a Python float quiets a
                # signalling NaN (f32 0x7F800001 was written 0x7FC00001)
                f.value_bits = bits_of(e, np.asarray(c.array).reshape(-1)[0])
            if f.bit_size == 64 and f.value_bits >> 63:
                return _signed_f64(f)
            return f
        if e == "i1":
            return bc.Bool(bool(c.scalar()))
        if e in INT_WIDTHS:
            return bc.Integer(self.elem(e), INT_WIDTHS[e], int(c.scalar()))
        raise self.err(f"identity of type {e} cannot be encoded")

    def predicate(self, p):
        bc = self.bc
        if isinstance(p, DivBy):
            return bc.DivBy(p.divisor, p.every, p.along)
        if isinstance(p, Bounded):
            return bc.Bounded(p.lo, p.hi)
        if isinstance(p, SameElements):
            raise self.err(
                "assume same_elements has no encoder in cuda-tile " f"{require_cuda_tile()}"
            )
        raise self.err(f"unknown assume predicate {p!r}")

    # -- values --------------------------------------------------------------------------
    def v(self, x: Value | None):
        if x is None:
            return None
        try:
            return self.vals[id(x)]
        except KeyError:
            raise self.err(f"operand %{x.name or '?'} is not defined before its use") from None

    def vs(self, xs: Sequence[Value]) -> list:
        return [self.v(x) for x in xs]

    def bind(self, op: Operation, produced) -> None:
        if produced is None:
            produced = ()
        elif not isinstance(produced, (tuple, list)):
            produced = (produced,)
        if len(produced) < len(op.results):
            raise self.err(
                f"the encoder gave {len(produced)} result(s), the op has " f"{len(op.results)}"
            )
        for r, p in zip(op.results, produced):
            self.vals[id(r)] = p

    def rtype(self, op: Operation, i: int = 0):
        if len(op.results) <= i:
            raise self.err(f"expected at least {i + 1} result(s)")
        return self.type(op.results[i].type)

    # -- module / function -----------------------------------------------------------------
    def module(self, kernels: Sequence[Kernel]) -> bytes:
        bc = self.bc
        buf = bytearray()
        with bc.write_bytecode(num_functions=len(kernels), buf=buf, version=self.version) as w:
            self.tt = w.type_table
            for k in kernels:
                self.function(w, k)
        return bytes(buf)

    def function(self, w, k: Kernel) -> None:
        bc = self.bc
        ptypes = [self.type(p.type) for p in k.params]
        hints = self.entry_hints(k)
        with w.function(
            name=k.name,
            parameter_types=ptypes,
            result_types=(),
            entry_point=True,
            hints=hints,
            debug_attr=bc.MISSING_DEBUG_ATTR_ID,
        ) as (b, args):
            self.b = b
            self.vals = {id(p.value): a for p, a in zip(k.params, args)}
            self.region_ops(k.body, "return")

    def region_ops(self, region: Region, implicit: str | None) -> None:
        for op in region.ops:
            self.emit(op)
        last = region.ops[-1] if region.ops else None
        if last is None or last.spec is None or not last.spec.is_terminator:
            if implicit is None:
                owner = region.parent
                raise BytecodeError(
                    "this region must end with a terminator that carries the " "op's results",
                    owner if isinstance(owner, Operation) else None,
                    self.filename,
                )
            self.op = None
            getattr(self.bc, f"encode_{implicit.capitalize()}Op")(self.b, [])

    def nested(self, op: Operation, nb, implicit: str | None) -> None:
        for r in op.regions:
            with nb.new_block([self.type(a.type) for a in r.args]) as args:
                for a, x in zip(r.args, args):
                    self.vals[id(a)] = x
                self.region_ops(r, implicit)
        self.op = op
        self.bind(op, nb.done())

    # -- ops -----------------------------------------------------------------------------
    def emit(self, op: Operation) -> None:
        self.op = op
        need = _MIN_VERSION.get(op.name)
        if need and self.vtuple < need:
            raise self.err(
                f"needs bytecode {need[0]}.{need[1]} or later, writing "
                f"{self.version.as_string()}"
            )
        fn = _EMIT.get(op.name)
        if fn is None:
            raise self.err("no bytecode encoding for this op")
        try:
            fn(self, op)
        except EqsatError:
            raise
        except AssertionError:
            raise self.err(
                f"these attributes or operands are not available in bytecode "
                f"{self.version.as_string()}"
            ) from None
        except (ValueError, TypeError, KeyError) as e:
            raise self.err(f"the encoder refused it: {e}") from None


def _simple(enc: str) -> Callable[[_Writer, Operation], None]:
    """Ops whose encoder takes (result type, operands...) and no attributes."""

    def f(w: _Writer, op: Operation) -> None:
        w.bind(op, getattr(w.bc, f"encode_{enc}Op")(w.b, w.rtype(op), *w.vs(op.operands)))

    return f


def _arith_f(enc: str, rounding: bool = True) -> Callable[[_Writer, Operation], None]:
    def f(w: _Writer, op: Operation) -> None:
        args = [w.rounding(op)] if rounding else []
        w.bind(
            op,
            getattr(w.bc, f"encode_{enc}Op")(
                w.b, w.rtype(op), *w.vs(op.operands), *args, w.ftz(op)
            ),
        )

    return f


def _overflow(enc: str) -> Callable[[_Writer, Operation], None]:
    def f(w: _Writer, op: Operation) -> None:
        w.bind(
            op,
            getattr(w.bc, f"encode_{enc}Op")(w.b, w.rtype(op), *w.vs(op.operands), w.overflow(op)),
        )

    return f


def _signed(enc: str) -> Callable[[_Writer, Operation], None]:
    def f(w: _Writer, op: Operation) -> None:
        w.bind(
            op, getattr(w.bc, f"encode_{enc}Op")(w.b, w.rtype(op), *w.vs(op.operands), w.sign(op))
        )

    return f


def _minmaxf(enc: str) -> Callable[[_Writer, Operation], None]:
    def f(w: _Writer, op: Operation) -> None:
        w.bind(
            op,
            getattr(w.bc, f"encode_{enc}Op")(
                w.b, w.rtype(op), *w.vs(op.operands), bool(op.attrs.get("propagate_nan")), w.ftz(op)
            ),
        )

    return f


def _is_float(v: Value) -> bool:
    return (
        isinstance(v.type, TileType)
        and isinstance(v.type.elem, str)
        and v.type.elem in FLOAT_WIDTHS
    )


def _e_divi(w, op):
    w.bind(op, w.bc.encode_DivIOp(w.b, w.rtype(op), *w.vs(op.operands), w.sign(op), w.rounding(op)))


def _e_unary_rounding(enc):
    def f(w, op):
        w.bind(
            op,
            getattr(w.bc, f"encode_{enc}Op")(w.b, w.rtype(op), w.v(op.operands[0]), w.rounding(op)),
        )

    return f


def _e_ftz_only(enc):
    def f(w, op):
        w.bind(
            op, getattr(w.bc, f"encode_{enc}Op")(w.b, w.rtype(op), w.v(op.operands[0]), w.ftz(op))
        )

    return f


def _e_sqrt(w, op):
    w.bind(op, w.bc.encode_SqrtOp(w.b, w.rtype(op), w.v(op.operands[0]), w.rounding(op), w.ftz(op)))


def _e_negi(w, op):
    w.bind(op, w.bc.encode_NegIOp(w.b, w.rtype(op), w.v(op.operands[0]), w.overflow(op)))


def _e_pow(w, op):
    base, ex = op.operands
    if not _is_float(base):
        raise w.err("pow needs a float base")
    enc = "FPowF" if _is_float(ex) else "FPowI"
    if enc == "FPowI" and w.vtuple < (13, 4):
        raise w.err("pow with an integer exponent (fpowi) needs bytecode 13.4")
    w.bind(op, getattr(w.bc, f"encode_{enc}Op")(w.b, w.rtype(op), w.v(base), w.v(ex)))


def _e_abs(w, op):
    enc = "AbsF" if _is_float(op.operands[0]) else "AbsI"
    w.bind(op, getattr(w.bc, f"encode_{enc}Op")(w.b, w.rtype(op), w.v(op.operands[0])))


def _e_neg(w, op):
    if _is_float(op.operands[0]):
        w.bind(op, w.bc.encode_NegFOp(w.b, w.rtype(op), w.v(op.operands[0])))
    else:
        _e_negi(w, op)


def _e_exti(w, op):
    w.bind(op, w.bc.encode_ExtIOp(w.b, w.rtype(op), w.v(op.operands[0]), w.sign(op)))


def _e_trunci(w, op):
    w.bind(op, w.bc.encode_TruncIOp(w.b, w.rtype(op), w.v(op.operands[0]), w.overflow(op)))


def _e_itof(w, op):
    w.bind(
        op, w.bc.encode_IToFOp(w.b, w.rtype(op), w.v(op.operands[0]), w.sign(op), w.rounding(op))
    )


def _e_ftoi(w, op):
    if op.attrs.get("saturating") and w.vtuple < (13, 4):
        raise w.err("ftoi saturating needs bytecode 13.4 or later")
    w.bind(
        op,
        w.bc.encode_FToIOp(
            w.b,
            w.rtype(op),
            w.v(op.operands[0]),
            w.sign(op),
            w.rounding(op),
            bool(op.attrs.get("saturating", False)),
        ),
    )


def _e_ftof(w, op):
    w.bind(op, w.bc.encode_FToFOp(w.b, w.rtype(op), w.v(op.operands[0]), w.rounding(op)))


def _e_cmpi(w, op):
    w.bind(
        op,
        w.bc.encode_CmpIOp(
            w.b,
            w.rtype(op),
            *w.vs(op.operands),
            w.enum("ComparisonPredicate", op.attrs["predicate"]),
            w.sign(op),
        ),
    )


def _e_cmpf(w, op):
    w.bind(
        op,
        w.bc.encode_CmpFOp(
            w.b,
            w.rtype(op),
            *w.vs(op.operands),
            w.enum("ComparisonPredicate", op.attrs["predicate"]),
            w.enum("ComparisonOrdering", op.attrs.get("ordering", "ordered")),
        ),
    )


def _e_nullary(enc):
    def f(w, op):
        w.bind(op, getattr(w.bc, f"encode_{enc}Op")(w.b, w.rtype(op)))

    return f


def _e_grid(enc):
    def f(w, op):
        t = w.rtype(op)
        w.bind(op, getattr(w.bc, f"encode_{enc}Op")(w.b, t, t, t))

    return f


def _e_join(w, op):
    w.bind(op, w.bc.encode_JoinTokensOp(w.b, w.rtype(op), w.vs(op.operands)))


def _e_constant(w, op):
    t = op.results[0].type
    w.bind(op, w.bc.encode_ConstantOp(w.b, w.rtype(op), w.const_bytes(op.attrs["value"], t.shape)))


def _e_assume(w, op):
    w.bind(
        op,
        w.bc.encode_AssumeOp(
            w.b, w.rtype(op), w.v(op.operands[0]), w.predicate(op.attrs["predicate"])
        ),
    )


def _e_tensor_view(w, op):
    w.bind(
        op,
        w.bc.encode_MakeTensorViewOp(
            w.b,
            w.rtype(op),
            w.v(op.one("base")),
            w.vs(op.group("shape")),
            w.vs(op.group("strides")),
        ),
    )


def _e_index_shape(w, op):
    w.bind(
        op,
        w.bc.encode_GetIndexSpaceShapeOp(
            w.b, [w.type(r.type) for r in op.results], w.v(op.operands[0])
        ),
    )


def _inb(op: Operation) -> list[bool]:
    return [False] * len(op.group("index"))


def _mode(w, op):
    m = op.attrs.get("mode")
    if m not in ATOMIC_MODES:
        raise w.err(f"unknown atomic mode '{m}' (one of {', '.join(ATOMIC_MODES)})")
    return w.bc.AtomicRMWMode[m.upper()]


def _e_memory(
    enc: str,
    operands: str,
    *,
    token_only: bool = False,
    atomic: bool = False,
    tail: str = "hints",
    inbounds: bool = False,
    refuse_hints: bool = False,
) -> Callable[[_Writer, Operation], None]:
    """A memory op: `encode_<enc>Op(b, result types, operands..., token, sem, scope,
    [hints | atomic mode], [in-bounds flags])`.

    `operands` names the operand groups in encoder order ("index" is the whole index
    group, any other name one operand); the token always follows them. A store's only
    result is a token (`token_only`); loads and atomics give (value, token). Atomics
    need a memory scope. `tail` is what follows sem and scope: "hints", "mode" or "".
    `refuse_hints` rejects optimization hints the encoder has no place for.
    """
    names = operands.split()

    def f(w: _Writer, op: Operation) -> None:
        sem, scope = w.mem(op, scope_required=atomic)
        if refuse_hints and "hints" in op.attrs:
            raise w.err(f"{op.name} takes no optimization hints")
        results = [w.tt.Token] if token_only else [w.rtype(op, 0), w.rtype(op, 1)]
        args = [w.vs(op.group(n)) if n == "index" else w.v(op.one(n)) for n in names]
        args += [w.v(op.one("token")), sem, scope]
        if tail == "hints":
            args.append(w.hints(op.attrs.get("hints")))
        elif tail == "mode":
            args.append(_mode(w, op))
        if inbounds:
            args.append(_inb(op))
        w.bind(op, getattr(w.bc, f"encode_{enc}Op")(w.b, *results, *args))

    return f


def _e_print_tko(w, op):
    has_tok = w.vtuple >= (13, 2)
    tok_in = op.one("token") if op.spec.takes_token else None
    if not has_tok and tok_in is not None:
        raise w.err("print with a token operand needs bytecode 13.2 or later")
    r = w.bc.encode_PrintTkoOp(
        w.b,
        w.tt.Token if has_tok else None,
        w.vs(op.group("values")),
        w.v(tok_in),
        op.attrs.get("format", ""),
    )
    if op.results and r is not None:
        w.bind(op, r)


def _e_mmaf(w, op):
    w.bind(
        op,
        w.bc.encode_MmaFOp(
            w.b, w.rtype(op), *w.vs(op.operands), bool(op.attrs.get("fast_acc", False))
        ),
    )


def _e_mmai(w, op):
    s = op.attrs.get("signedness")
    lhs, rhs = (s, s) if isinstance(s, str) or s is None else tuple(s)
    lhs = op.attrs.get("signedness_lhs", lhs)
    rhs = op.attrs.get("signedness_rhs", rhs)
    w.bind(
        op,
        w.bc.encode_MmaIOp(
            w.b, w.rtype(op), *w.vs(op.operands), w.signedness(lhs), w.signedness(rhs)
        ),
    )


def _e_permute(w, op):
    w.bind(
        op,
        w.bc.encode_PermuteOp(w.b, w.rtype(op), w.v(op.operands[0]), list(op.attrs["permutation"])),
    )


def _e_extract(w, op):
    w.bind(op, w.bc.encode_ExtractOp(w.b, w.rtype(op), w.v(op.one("x")), w.vs(op.group("index"))))


def _e_insert(w, op):
    w.bind(op, w.bc.encode_InsertOp(w.b, w.rtype(op), w.v(op.one("source")), w.v(op.one("dest")),
                                    w.vs(op.group("index"))))


def _e_tensor_shape(w, op):
    w.bind(op, w.bc.encode_GetTensorShapeOp(w.b, [w.type(r.type) for r in op.results],
                                            w.v(op.operands[0])))


def _e_sync(enc):
    def f(w, op):
        w.bind(op, getattr(w.bc, f"encode_{enc}Op")(w.b, w.tt.Token, w.v(op.token_in)))

    return f


def _e_cat(w, op):
    w.bind(op, w.bc.encode_CatOp(w.b, w.rtype(op), *w.vs(op.operands), int(op.attrs["dim"])))


def _e_assert(w, op):
    w.bc.encode_AssertOp(w.b, w.v(op.operands[0]), op.attrs.get("message", ""))


def _e_terminator(enc):
    def f(w, op):
        getattr(w.bc, f"encode_{enc}Op")(w.b, w.vs(op.operands))

    return f


def _e_for(w, op):
    nb = w.bc.encode_ForOp(
        w.b,
        [w.type(r.type) for r in op.results],
        w.v(op.one("lb")),
        w.v(op.one("ub")),
        w.v(op.one("step")),
        w.vs(op.group("init")),
        bool(op.attrs.get("unsigned", False)),
    )
    w.nested(op, nb, "continue" if not op.results else None)


def _e_loop(w, op):
    nb = w.bc.encode_LoopOp(w.b, [w.type(r.type) for r in op.results], w.vs(op.group("init")))
    w.nested(op, nb, None)


def _e_if(w, op):
    if len(op.regions) != 2:
        raise w.err("'if' needs a then and an else region")
    nb = w.bc.encode_IfOp(w.b, [w.type(r.type) for r in op.results], w.v(op.operands[0]))
    w.nested(op, nb, "yield" if not op.results else None)


def _e_reduce(w, op):
    ids = [w.identity(c) for c in op.attrs["identities"]]
    nb = w.bc.encode_ReduceOp(
        w.b, [w.type(r.type) for r in op.results], w.vs(op.operands), int(op.attrs["dim"]), ids
    )
    w.nested(op, nb, None)


def _e_scan(w, op):
    ids = [w.identity(c) for c in op.attrs["identities"]]
    nb = w.bc.encode_ScanOp(
        w.b,
        [w.type(r.type) for r in op.results],
        w.vs(op.operands),
        int(op.attrs["dim"]),
        bool(op.attrs.get("reverse", False)),
        ids,
    )
    w.nested(op, nb, None)


_EMIT: dict[str, Callable[[_Writer, Operation], None]] = {
    "addi": _overflow("AddI"),
    "subi": _overflow("SubI"),
    "muli": _overflow("MulI"),
    "shli": _overflow("ShLI"),
    "divi": _e_divi,
    "remi": _signed("RemI"),
    "shri": _signed("ShRI"),
    "maxi": _signed("MaxI"),
    "mini": _signed("MinI"),
    "andi": _simple("AndI"),
    "ori": _simple("OrI"),
    "xori": _simple("XOrI"),
    "mulhii": _simple("MulhiI"),
    "addf": _arith_f("AddF"),
    "subf": _arith_f("SubF"),
    "mulf": _arith_f("MulF"),
    "divf": _arith_f("DivF"),
    "fma": _arith_f("Fma"),
    "remf": _simple("RemF"),
    "maxf": _minmaxf("MaxF"),
    "minf": _minmaxf("MinF"),
    "fpowf": _simple("FPowF"),
    "fpowi": _simple("FPowI"),
    "pow": _e_pow,
    "atan2": _simple("Atan2"),
    "exp": _e_unary_rounding("Exp"),
    "tanh": _e_unary_rounding("TanH"),
    "exp2": _e_ftz_only("Exp2"),
    "rsqrt": _e_ftz_only("Rsqrt"),
    "sqrt": _e_sqrt,
    "log": _simple("Log"),
    "log2": _simple("Log2"),
    "sin": _simple("Sin"),
    "cos": _simple("Cos"),
    "tan": _simple("Tan"),
    "sinh": _simple("SinH"),
    "cosh": _simple("CosH"),
    "floor": _simple("Floor"),
    "ceil": _simple("Ceil"),
    "absf": _simple("AbsF"),
    "absi": _simple("AbsI"),
    "negf": _simple("NegF"),
    "negi": _e_negi,
    "abs": _e_abs,
    "neg": _e_neg,
    "exti": _e_exti,
    "trunci": _e_trunci,
    "itof": _e_itof,
    "ftoi": _e_ftoi,
    "ftof": _e_ftof,
    "bitcast": _simple("Bitcast"),
    "reshape": _simple("Reshape"),
    "broadcast": _simple("Broadcast"),
    "int_to_ptr": _simple("IntToPtr"),
    "ptr_to_int": _simple("PtrToInt"),
    "ptr_to_ptr": _simple("PtrToPtr"),
    "cmpi": _e_cmpi,
    "cmpf": _e_cmpf,
    "select": _simple("Select"),
    "offset": _simple("Offset"),
    "iota": _e_nullary("Iota"),
    "make_token": _e_nullary("MakeToken"),
    "join_tokens": _e_join,
    "get_tile_block_id": _e_grid("GetTileBlockId"),
    "get_num_tile_blocks": _e_grid("GetNumTileBlocks"),
    "constant": _e_constant,
    "assume": _e_assume,
    "make_tensor_view": _e_tensor_view,
    "make_partition_view": _simple("MakePartitionView"),
    "make_strided_view": _simple("MakeStridedView"),
    "get_index_space_shape": _e_index_shape,
    "load_view_tko": _e_memory("LoadViewTko", "view index", inbounds=True),
    "store_view_tko": _e_memory("StoreViewTko", "value view index", token_only=True, inbounds=True),
    "load_ptr_tko": _e_memory("LoadPtrTko", "ptr mask padding"),
    "store_ptr_tko": _e_memory("StorePtrTko", "ptr value mask", token_only=True),
    "atomic_cas_tko": _e_memory("AtomicCASTko", "ptr cmp value mask", atomic=True, tail=""),
    "atomic_rmw_tko": _e_memory("AtomicRMWTko", "ptr value mask", atomic=True, tail="mode"),
    "atomic_red_view_tko": _e_memory(
        "AtomicRedViewTko",
        "view index value",
        token_only=True,
        atomic=True,
        tail="mode",
        inbounds=True,
        refuse_hints=True,
    ),
    "print_tko": _e_print_tko,
    "print": _e_print_tko,
    "mmaf": _e_mmaf,
    "mmai": _e_mmai,
    "mmaf_scaled": _simple("MmaFScaled"),
    "permute": _e_permute,
    "extract": _e_extract,
    "cat": _e_cat,
    "gdc_wait_tko": _e_sync("GdcWaitTko"),
    "gdc_launch_dependents_tko": _e_sync("GdcLaunchDependentsTko"),
    "memory_fence_alias_tko": _e_sync("MemoryFenceAliasTko"),
    "insert": _e_insert,
    "pack": _simple("Pack"),
    "unpack": _simple("Unpack"),
    "get_tensor_shape": _e_tensor_shape,
    "assert": _e_assert,
    "for": _e_for,
    "loop": _e_loop,
    "if": _e_if,
    "reduce": _e_reduce,
    "scan": _e_scan,
    "yield": _e_terminator("Yield"),
    "continue": _e_terminator("Continue"),
    "break": _e_terminator("Break"),
    "return": _e_terminator("Return"),
}


def encodable_ops() -> frozenset[str]:
    """Names of the IR ops this writer can encode."""
    return frozenset(_EMIT)


def module_to_bytecode(
    kernels: Sequence[Kernel],
    version: str = DEFAULT_VERSION,
    arch: str | None = None,
    filename: str | None = None,
) -> bytes:
    """Several entry functions in one bytecode module (as cuTile does for many signatures)."""
    if not kernels:
        raise EqsatError("error: no kernel to write")
    names = [k.name for k in kernels]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        # tileiras would refuse the module: "redefinition of symbol named ..."
        raise EqsatError(f"error: one module cannot hold two kernels named "
                         f"{', '.join('@' + n for n in twice)}")
    return _Writer(version, arch, filename).module(list(kernels))


def check_entry(kernel: Kernel, filename: str | None = None) -> None:
    """tileiras takes only 0-d tiles (scalars and pointers) as entry parameters; the
    writer itself encodes any type, since tileirdisasm reads them back. Raised before a
    compile so the error names the parameter, not tileiras' argument number."""
    for i, p in enumerate(kernel.params):
        t = p.type
        if isinstance(t, TileType) and not t.shape:
            continue
        where = f"{filename or '<kernel>'}:{p.loc[0]}:{p.loc[1]}: " if p.loc else ""
        name = f"%{p.name}" if p.name else f"#{i}"
        raise BytecodeError(f"{where}entry parameter {name} of @{kernel.name} has type "
                            f"{t}: tileiras takes only 0-d tiles (scalars and pointers) as "
                            "entry parameters; pass arrays as pointers and make views inside")


def kernel_to_bytecode(
    kernel: Kernel,
    version: str = DEFAULT_VERSION,
    arch: str | None = None,
    filename: str | None = None,
) -> bytes:
    """One kernel as Tile IR bytecode (`version` as 'MAJOR.MINOR'; `arch` is needed only for
    bytecode < 13.3, which keys optimization hints by GPU)."""
    return module_to_bytecode([kernel], version, arch, filename)


__all__ = [
    "BytecodeError",
    "DEFAULT_VERSION",
    "check_entry",
    "kernel_to_bytecode",
    "module_to_bytecode",
    "supported_versions",
    "parse_version",
    "encodable_ops",
]
