"""Global memory for the interpreter: buffers in one flat byte-address space.

Pointers are plain int64 byte addresses, so pointer arithmetic, alignment
(`assume div_by`) and aliasing (two parameters in one buffer) behave as on a GPU.
An access outside every buffer, or misaligned for its element type, is reported
as `OutOfBounds` with the address and the nearest buffer.

A buffer keeps its elements in the storage dtype of the type it was made with; an
access of another type (through `ptr_to_ptr`) reads and writes the bytes at its
address as that type, little-endian as on the GPU (numpy keeps them in the host's
order, little-endian on every host CUDA runs on).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from eqsat.errors import OutOfBounds
from eqsat.ir import minifloat
from eqsat.ir.types import byte_size, numpy_dtype
from eqsat.ir.numbers import odd_f32, round_float
from eqsat.errors import InterpError

BASE_ALIGN = 256          # every buffer starts on a 256-byte boundary
GUARD = 4096              # unmapped gap between buffers catches overruns
FIRST_ADDRESS = 1 << 20


def _storage_dtype(elem: str) -> np.dtype:
    """How an element is kept in memory: bf16 as its 16 raw bits, fp8 as its 8, i1 as a
    byte."""
    if minifloat.is_minifloat(elem):
        if elem not in minifloat.FORMATS or minifloat.FORMATS[elem].bits != 8:
            raise InterpError(f"the interpreter cannot keep {elem} values in memory")
        return np.dtype(np.uint8)
    if elem == "bf16":
        return np.dtype(np.uint16)
    if elem == "i1":
        return np.dtype(np.uint8)
    return numpy_dtype(elem)


def to_storage(elem: str, values: np.ndarray) -> np.ndarray:
    if minifloat.is_minifloat(elem):
        _storage_dtype(elem)
        return minifloat.exact_bits(elem, values)     # a stored value keeps its code
    if elem == "bf16":
        v = np.asarray(values, np.float32)
        bits = np.ascontiguousarray(v).view(np.uint32).astype(np.uint64)
        u = np.uint64
        finite = (bits & u(0x7F800000)) != u(0x7F800000)
        lsb = (bits >> u(16)) & u(1)
        nan_keep = ((bits & u(0xFFFF)) != 0).astype(np.uint64) * u(0x40)
        rounded = np.where(finite, (bits + u(0x7FFF) + lsb) >> u(16), (bits >> u(16)) | nan_keep)
        return rounded.astype(np.uint16)
    if elem == "i1":
        return np.asarray(values).astype(np.uint8)
    return np.asarray(values).astype(_storage_dtype(elem))


def from_storage(elem: str, raw: np.ndarray) -> np.ndarray:
    if minifloat.is_minifloat(elem):
        return minifloat.decode(elem, raw).reshape(np.shape(raw))
    if elem == "bf16":
        return (raw.astype(np.uint32) << 16).view(np.float32)
    if elem == "i1":
        return raw.astype(np.bool_)
    return raw


@dataclass
class Buffer:
    name: str
    base: int
    elem: str
    data: np.ndarray          # 1-D storage array

    @property
    def nbytes(self) -> int:
        return self.data.size * self.data.itemsize

    @property
    def end(self) -> int:
        return self.base + self.nbytes

    def values(self) -> np.ndarray:
        """Contents as values of the element type (bf16 widened to float32)."""
        return from_storage(self.elem, self.data).copy()


class Memory:
    def __init__(self):
        self.buffers: list[Buffer] = []
        self._next = FIRST_ADDRESS
        self._bases = np.zeros(0, np.int64)

    def allocate(self, name: str, elem: str, values: np.ndarray) -> Buffer:
        data = to_storage(elem, np.asarray(values).reshape(-1)).copy()
        base = self._next
        buf = Buffer(name, base, elem, data)
        self.buffers.append(buf)
        self._next = (buf.end + GUARD + BASE_ALIGN - 1) // BASE_ALIGN * BASE_ALIGN
        self._bases = np.array([b.base for b in self.buffers], np.int64)
        return buf

    def buffer(self, name: str) -> Buffer:
        for b in self.buffers:
            if b.name == name:
                return b
        raise KeyError(name)

    def snapshot(self) -> list[np.ndarray]:
        return [b.data.copy() for b in self.buffers]

    def restore(self, snap: list[np.ndarray]) -> None:
        for b, d in zip(self.buffers, snap):
            b.data[...] = d

    # -- address translation ---------------------------------------------------------
    def _locate(self, addrs: np.ndarray, elem: str, what: str):
        """(buffer index, byte offset in it) per address; raises OutOfBounds."""
        size = byte_size(elem)
        flat = np.asarray(addrs, np.int64).reshape(-1)
        if flat.size == 0:
            return np.zeros(0, np.int64), np.zeros(0, np.int64)
        bi = np.searchsorted(self._bases, flat, side="right") - 1
        ok = bi >= 0
        bic = np.where(ok, bi, 0)
        bases = self._bases[bic]
        ends = np.array([b.end for b in self.buffers], np.int64)[bic]
        ok &= (flat >= bases) & (flat + size <= ends)
        if not ok.all():
            bad = int(flat[~ok][0])
            raise OutOfBounds(f"{what} at address {bad:#x} is outside every buffer"
                              f" ({self._describe(bad)})")
        off = flat - bases
        mis = (off % size) != 0
        if mis.any():
            bad = int(flat[mis][0])
            raise OutOfBounds(f"{what} at address {bad:#x} is not aligned to {size} bytes")
        return bic, off

    def _describe(self, addr: int) -> str:
        best = None
        for b in self.buffers:
            d = addr - b.base if addr >= b.base else b.base - addr
            if best is None or d < best[0]:
                best = (d, b)
        if best is None:
            return "no buffers"
        b = best[1]
        if addr < b.base:
            return f"{b.base - addr} bytes before '{b.name}'"
        return f"{addr - b.end} bytes past the end of '{b.name}' ({b.nbytes} bytes)"

    def read(self, addrs: np.ndarray, elem: str, what: str = "load") -> np.ndarray:
        shape = np.shape(addrs)
        bi, off = self._locate(addrs, elem, what)
        dt = _storage_dtype(elem)
        out = np.empty(bi.size, dtype=dt)
        for k in np.unique(bi):
            sel = bi == k
            data = self.buffers[int(k)].data
            if data.dtype == dt:
                out[sel] = data[off[sel] // dt.itemsize]
            else:                   # another type's bytes, read as this one's
                out[sel] = _bytes_at(data, off[sel], dt.itemsize).view(dt)
        return from_storage(elem, out).reshape(shape)

    def write(self, addrs: np.ndarray, elem: str, values: np.ndarray, what: str = "store") -> None:
        addrs = np.asarray(addrs, np.int64)
        bi, off = self._locate(addrs, elem, what)
        dt = _storage_dtype(elem)
        vals = to_storage(elem, np.broadcast_to(values, addrs.shape).reshape(-1)).astype(dt)
        for k in np.unique(bi):
            sel = bi == k
            data = self.buffers[int(k)].data
            # lanes writing the same address: the last lane wins (a fixed, documented choice)
            if data.dtype == dt:
                data[off[sel] // dt.itemsize] = vals[sel]
            else:
                raw = np.ascontiguousarray(vals[sel])
                data.view(np.uint8)[_byte_index(off[sel], dt.itemsize)] = \
                    raw.view(np.uint8).reshape(-1, dt.itemsize)


def _byte_index(off: np.ndarray, size: int) -> np.ndarray:
    return off[:, None] + np.arange(size)


def _bytes_at(data: np.ndarray, off: np.ndarray, size: int) -> np.ndarray:
    """The `size` bytes at each byte offset of `data` (little-endian order), one row each,
    as one contiguous buffer to view as a `size`-byte type."""
    return np.ascontiguousarray(data.view(np.uint8)[_byte_index(off, size)]).reshape(-1)


def round_to(elem: str, x):
    """Round computed float values to their element type (bf16/tf32 live in float32)."""
    if minifloat.is_minifloat(elem):
        return narrow(elem, x, "nearest_even")
    if elem in ("bf16", "tf32"):
        x = np.asarray(x)
        arr = odd_f32(x) if x.dtype == np.float64 else np.asarray(x, np.float32)
        if elem == "bf16":
            return from_storage("bf16", to_storage("bf16", arr)).reshape(arr.shape)
        return np.vectorize(lambda v: round_float("tf32", float(v)), otypes=[np.float32])(arr)
    return np.asarray(x).astype(numpy_dtype(elem))


def narrow(elem: str, x, mode: str) -> np.ndarray:
    try:
        return minifloat.round_values(elem, x, mode)
    except ValueError as e:
        raise InterpError(str(e)) from None
