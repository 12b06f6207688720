"""The op catalogue: what each Tile IR op takes, what it does to memory, how it is written.

One table (like an ODS file): operand groups with their arity, number of regions,
memory effect and the text syntax family the printer and parser share.
"""
from __future__ import annotations

from dataclasses import dataclass

ONE, OPT, MANY = "1", "?", "*"


@dataclass(frozen=True)
class OpSpec:
    name: str
    syntax: str                                   # family used by eqsat.text
    operands: tuple[tuple[str, str], ...] = ()    # (group, arity)
    regions: int = 0
    effect: str = "pure"  # pure | read | write | atomic | token | control | terminator | check
    results: int | None = 1   # fixed result count, None = variable

    @property
    def has_segments(self) -> bool:
        return any(a != ONE for _, a in self.operands)

    @property
    def is_memory(self) -> bool:
        return self.effect in ("read", "write", "atomic")

    @property
    def is_terminator(self) -> bool:
        return self.effect == "terminator"


SPECS: dict[str, OpSpec] = {}


def _def(name, syntax, operands=(), regions=0, effect="pure", results=1):
    SPECS[name] = OpSpec(name, syntax, tuple(operands), regions, effect, results)


_AB = (("lhs", ONE), ("rhs", ONE))
for _n in ("addi", "subi", "muli", "divi", "remi", "andi", "ori", "xori", "shli", "shri",
           "maxi", "mini", "mulhii", "addf", "subf", "mulf", "divf", "remf", "maxf", "minf",
           "pow", "fpowf", "atan2"):
    _def(_n, "binary", _AB)
for _n in ("exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "tan", "sinh", "cosh",
           "tanh", "floor", "ceil", "absf", "absi", "negf", "negi", "abs", "neg"):
    _def(_n, "unary", (("x", ONE),))
# x ** n with an integer exponent tile (bytecode 13.4+); written with both operand types
_def("fpowi", "fpowi", _AB)
_def("fma", "ternary", (("a", ONE), ("b", ONE), ("c", ONE)))
for _n in ("exti", "trunci", "itof", "ftoi", "ftof", "bitcast", "reshape", "broadcast",
           "int_to_ptr", "ptr_to_int", "ptr_to_ptr"):
    _def(_n, "convert", (("x", ONE),))
_def("cmpi", "cmpi", _AB)
_def("cmpf", "cmpf", _AB)
_def("select", "select", (("cond", ONE), ("true", ONE), ("false", ONE)))
_def("offset", "offset", (("ptr", ONE), ("offset", ONE)))
_def("iota", "nullary")
_def("make_token", "nullary", effect="token")
_def("join_tokens", "join", (("tokens", MANY),), effect="token")
_def("get_tile_block_id", "grid", results=3)
_def("get_num_tile_blocks", "grid", results=3)
_def("constant", "constant")
_def("assume", "assume", (("x", ONE),))
_def("make_tensor_view", "tensor_view", (("base", ONE), ("shape", MANY), ("strides", MANY)))
_def("make_partition_view", "partition_view", (("view", ONE),))
_def("get_index_space_shape", "index_shape", (("view", ONE),), results=None)
_def("load_view_tko", "load_view", (("view", ONE), ("index", MANY), ("token", OPT)),
     effect="read", results=2)
_def("store_view_tko", "store_view",
     (("value", ONE), ("view", ONE), ("index", MANY), ("token", OPT)), effect="write")
_def("load_ptr_tko", "load_ptr", (("ptr", ONE), ("mask", OPT), ("padding", OPT), ("token", OPT)),
     effect="read", results=2)
_def("store_ptr_tko", "store_ptr", (("ptr", ONE), ("value", ONE), ("mask", OPT), ("token", OPT)),
     effect="write")
_def("atomic_cas_tko", "atomic_cas",
     (("ptr", ONE), ("cmp", ONE), ("value", ONE), ("mask", OPT), ("token", OPT)),
     effect="atomic", results=2)
_def("atomic_rmw_tko", "atomic_rmw", (("ptr", ONE), ("value", ONE), ("mask", OPT), ("token", OPT)),
     effect="atomic", results=2)
_def("atomic_red_view_tko", "atomic_red_view",
     (("view", ONE), ("index", MANY), ("value", ONE), ("token", OPT)), effect="atomic")
_def("make_strided_view", "partition_view", (("view", ONE),))
_def("print_tko", "print_tko", (("values", MANY), ("token", OPT)), effect="write")
_def("mmaf", "mma", (("a", ONE), ("b", ONE), ("acc", ONE)))
_def("mmai", "mma", (("a", ONE), ("b", ONE), ("acc", ONE)))
# block-scaled mma: a and b scaled by one factor per block of K (bytecode 13.3+)
_def("mmaf_scaled", "mma_scaled",
     (("a", ONE), ("b", ONE), ("acc", ONE), ("a_scale", ONE), ("b_scale", ONE)))
_def("permute", "permute", (("x", ONE),))
_def("extract", "extract", (("x", ONE), ("index", MANY)))
_def("cat", "cat", (("lhs", ONE), ("rhs", ONE)))
# `dest` with the block `source` written at block index `index` (bytecode 13.4+)
_def("insert", "insert", (("source", ONE), ("dest", ONE), ("index", MANY)))
# a 1-D tile as its little-endian bytes (i8) and back (bytecode 13.3+)
_def("pack", "convert", (("x", ONE),))
_def("unpack", "convert", (("x", ONE),))
_def("get_tensor_shape", "index_shape", (("view", ONE),), results=None)
_def("for", "for", (("lb", ONE), ("ub", ONE), ("step", ONE), ("init", MANY)), regions=1,
     effect="control", results=None)
_def("loop", "loop", (("init", MANY),), regions=1, effect="control", results=None)
_def("if", "if", (("cond", ONE),), regions=2, effect="control", results=None)
_def("reduce", "reduce", (("inputs", MANY),), regions=1, results=None)
_def("scan", "scan", (("inputs", MANY),), regions=1, results=None)
for _n in ("yield", "continue", "break", "return"):
    _def(_n, "terminator", (("values", MANY),), effect="terminator", results=0)
# ordering points with no operand in memory (bytecode 13.4+): wait for the grid this one
# depends on / let dependent grids launch (programmatic dependent launch), and a fence
# between accesses that may alias. "sync": never dropped, never reordered; the
# optimizer does not encode them yet (it leaves such kernels as they are).
_def("gdc_wait_tko", "gdc", (("token", OPT),), effect="sync")
_def("gdc_launch_dependents_tko", "gdc", (("token", OPT),), effect="sync")
_def("memory_fence_alias_tko", "fence", (("token", ONE),), effect="sync")
_def("assert", "assert", (("cond", ONE),), effect="check", results=0)
_def("print", "print", (("values", MANY),), effect="write", results=0)

MEMORY_OPS = frozenset(n for n, s in SPECS.items() if s.effect in ("read", "write", "atomic")
                       and n != "print")
VIEW_OPS = frozenset(("load_view_tko", "store_view_tko", "atomic_red_view_tko"))
CONTROL_OPS = frozenset(("for", "loop", "if"))
PURE_REGION_OPS = frozenset(("reduce", "scan"))


def spec(name: str) -> OpSpec | None:
    return SPECS.get(name)
