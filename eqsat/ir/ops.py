"""The op catalogue: what each Tile IR op takes, what it does to memory, how it is written.

One table (like an ODS file): operand groups with their arity, number of regions,
memory effect, traits, and how the op is written: its syntax family and the form the
printer and parser both interpret (`eqsat.ir.syntax`). `define_op` adds an entry.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from eqsat.ir.types import ARITH_FLOATS

ONE, OPT, MANY = "1", "?", "*"


@dataclass(frozen=True)
class OpSpec:
    name: str
    syntax: str                                   # family used by eqsat.text
    operands: tuple[tuple[str, str], ...] = ()    # (group, arity)
    regions: int = 0
    effect: str = "pure"  # pure | read | write | atomic | token | control | terminator | check
    results: int | None = 1   # fixed result count, None = variable
    traits: frozenset[str] = frozenset()   # see TRAITS
    form: str | None = None   # text after the name (eqsat.ir.syntax); None: hand-written

    def has(self, trait: str) -> bool:
        """Whether the op declares `trait`; an unknown trait name is a programming error."""
        if trait not in TRAITS:
            raise KeyError(f"unknown op trait '{trait}' (known: {', '.join(sorted(TRAITS))})")
        return trait in self.traits

    @property
    def has_segments(self) -> bool:
        return any(a != ONE for _, a in self.operands)

    @property
    def is_memory(self) -> bool:
        return self.effect in ("read", "write", "atomic")

    @property
    def is_terminator(self) -> bool:
        return self.effect == "terminator"

    @property
    def takes_token(self) -> bool:
        return any(g == "token" for g, _ in self.operands)

    @property
    def is_loop(self) -> bool:
        return "loop" in self.traits

    @property
    def is_counted_loop(self) -> bool:
        """A loop whose body's first argument is the induction variable."""
        return "counted" in self.traits

    @property
    def is_branch(self) -> bool:
        return "branch" in self.traits

    @property
    def is_join(self) -> bool:
        return "join" in self.traits

    @property
    def is_token_source(self) -> bool:
        return "token_source" in self.traits

    @property
    def is_load(self) -> bool:
        return self.effect == "read"

    @property
    def is_store(self) -> bool:
        return self.effect == "write" and "output" not in self.traits

    @property
    def is_view_access(self) -> bool:
        return "view_access" in self.traits

    @property
    def is_pointer_access(self) -> bool:
        """Reads or writes memory through a tile of pointers."""
        return self.is_memory and not self.is_view_access and "output" not in self.traits

    @property
    def is_tokenless_effect(self) -> bool:
        """Has an effect no token can order (`print`): program order alone orders it."""
        return self.is_memory and not self.takes_token


SPECS: dict[str, OpSpec] = {}

# What code may ask an op instead of comparing its name.
TRAITS = frozenset((
    "loop",          # a loop: its body runs repeatedly, yields carry values around it
    "counted",       # a loop with an induction variable as its body's first argument
    "branch",        # runs one of its regions
    "join",          # merges memory tokens
    "token_source",  # makes a fresh memory token
    "view_access",   # reads or writes memory through a tensor view and an index
    "output",        # writes to the program's output stream, not to memory
    "constant",      # a literal value
    "assumption",    # passes its operand through, adding a fact about it
    "yield",         # ends a region, giving its values to the op that owns the region
    "continue",      # ends a loop body, starting the next iteration
    "break",         # leaves the enclosing loop
    "return",        # leaves the kernel
    "makes_view",    # builds a view of memory (no access)
    "integer",       # an op on integer elements only
    "float",         # an op on float elements only
    "saturable",     # takes the `saturating` flag: clamps to the result's range where the
                     # value would otherwise be undefined
))


# How each syntax family is written (eqsat.ir.syntax); families without a form here
# (constant, tensor_view, load_ptr, for, loop, if, reduce, scan) are hand-written in the
# parser and printer, which say why.
_VIEW_TAIL = "{ token = $token:token}{ optimization_hints = @hints:angle}"
_PTR_TAIL = "{ token=$token:token}{ optimization_hints = @hints:angle}"
FORMS: dict[str, str] = {
    "binary": " $lhs, $rhs%mods : type(result $lhs $rhs)",
    "unary": " $x%mods : type(result $x)",
    "ternary": " $a, $b, $c%mods : type(result $a $b $c)",
    "fpowi": " $lhs, $rhs : type($lhs result), type($rhs)",
    "convert": " $x%mods : type($x) -> type(result)",
    "cmpi": " @predicate:word $lhs, $rhs, @signedness:signed|unsigned : type($lhs $rhs)"
            " -> type(result)",
    "cmpf": " @predicate:word @ordering:ordered|unordered $lhs, $rhs : type($lhs $rhs)"
            " -> type(result)",
    "select": " $cond, $true, $false : type($cond), type($true result $false)",
    "offset": " $ptr, $offset : type($ptr), type($offset) -> type(result)",
    "nullary": " : type(result)",
    "grid": " : type(result)",
    "join": " $tokens+ : type(result $tokens|token)",
    "assume": " @predicate:fact, $x : type($x result)",
    "partition_view": " $view : type(result|partition_view)",
    "index_shape": " $view : type($view) -> type(result)",
    "load_view": " %order $view[$index*]" + _VIEW_TAIL
                 + " : type($view){, type($index)} -> types(result)",
    "store_view": " %order $value, $view[$index*]" + _VIEW_TAIL
                  + " : type($value), type($view){, type($index)} -> types(result)",
    "load_ptr": " %order $ptr{, $mask}{, $padding}" + _PTR_TAIL
                + " : type($ptr){, type($mask)}{, type($padding)} -> types(result)",
    "store_ptr": " %order $ptr, $value{, $mask}" + _PTR_TAIL
                 + " : type($ptr), type($value){, type($mask)} -> types(result)",
    "atomic_cas": " %order $ptr, $cmp, $value{, $mask}{ token=$token:token}"
                  " : type($ptr), type($value $cmp){, type($mask)} -> types(result)",
    "atomic_rmw": " %order $ptr, @mode:word, $value{, $mask}" + _PTR_TAIL
                  + " : type($ptr), type($value){, type($mask)} -> types(result)",
    "atomic_red_view": " %order $view[$index*], @mode:word, $value" + _VIEW_TAIL
                       + " : type($value), type($view){, type($index)} -> types(result)",
    # no optimization hints: the op takes none (cuda-tile's Ops.td, PrintTkoOp)
    "print_tko": " @format:string{, $values+}{ token=$token:token}"
                 "{ : types($values)} -> types(result)",
    "mma": " $a, $b, $acc%signs : type($a), type($b), type($acc result)",
    "mma_scaled": " $a, $b, $acc, $a_scale, $b_scale : type($a), type($b), type($acc result),"
                  " type($a_scale), type($b_scale)",
    "permute": " $x [@permutation:ints] : type($x) -> type(result)",
    "extract": " $x[$index*] : type($x) -> type(result)",
    "insert": " $source, $dest[$index*] : type($source), type($dest result)",
    "cat": " $lhs, $rhs dim = @dim:int : type($lhs), type($rhs) -> type(result)",
    "gdc": "{ token = $token:token} -> type(result|token)",
    "fence": "token(result) $token:token",
    "assert": ' $cond, @message:string : type($cond)',
    "print": ' @format:string{, $values+ : types($values)}',
    "terminator": "{ $values+ : types($values)}",
}
# load_ptr's form prints it; reading it needs the types to tell a mask from a padding value
HAND_PARSED = frozenset(("load_ptr",))
# the `name=true|false` clauses after `dim=` in a combiner's head, by syntax family
COMBINER_FLAGS: dict[str, tuple[str, ...]] = {"reduce": (), "scan": ("reverse",)}


def _def(name, syntax, operands=(), regions=0, effect="pure", results=1, traits=(), form=None):
    unknown = set(traits) - TRAITS
    if unknown:
        raise ValueError(f"op '{name}': unknown traits {sorted(unknown)}")
    SPECS[name] = OpSpec(name, syntax, tuple(operands), regions, effect, results,
                         frozenset(traits), form if form is not None else FORMS.get(syntax))


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
_def("make_token", "nullary", effect="token", traits=("token_source",))
_def("join_tokens", "join", (("tokens", MANY),), effect="token", traits=("join",))
_def("get_tile_block_id", "grid", results=3)
_def("get_num_tile_blocks", "grid", results=3)
_def("constant", "constant", traits=("constant",))
_def("assume", "assume", (("x", ONE),), traits=("assumption",))
_def("make_tensor_view", "tensor_view", (("base", ONE), ("shape", MANY), ("strides", MANY)),
     traits=("makes_view",))
_def("make_partition_view", "partition_view", (("view", ONE),), traits=("makes_view",))
_def("get_index_space_shape", "index_shape", (("view", ONE),), results=None)
_def("load_view_tko", "load_view", (("view", ONE), ("index", MANY), ("token", OPT)),
     effect="read", results=2, traits=("view_access",))
_def("store_view_tko", "store_view",
     (("value", ONE), ("view", ONE), ("index", MANY), ("token", OPT)), effect="write",
     traits=("view_access",))
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
     (("view", ONE), ("index", MANY), ("value", ONE), ("token", OPT)), effect="atomic",
     traits=("view_access",))
_def("make_strided_view", "partition_view", (("view", ONE),), traits=("makes_view",),
     form=" $view : type(result|strided_view)")
_def("print_tko", "print_tko", (("values", MANY), ("token", OPT)), effect="write",
     traits=("output",))
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
     effect="control", results=None, traits=("loop", "counted"))
_def("loop", "loop", (("init", MANY),), regions=1, effect="control", results=None,
     traits=("loop",))
_def("if", "if", (("cond", ONE),), regions=2, effect="control", results=None,
     traits=("branch",))
_def("reduce", "reduce", (("inputs", MANY),), regions=1, results=None)
_def("scan", "scan", (("inputs", MANY),), regions=1, results=None)
for _n in ("yield", "continue", "break", "return"):
    _def(_n, "terminator", (("values", MANY),), effect="terminator", results=0, traits=(_n,))
# ordering points with no operand in memory (bytecode 13.4+): wait for the grid this one
# depends on / let dependent grids launch (programmatic dependent launch), and a fence
# between accesses that may alias. "sync": never dropped, never reordered; the
# optimizer does not encode them yet (it leaves such kernels as they are).
_def("gdc_wait_tko", "gdc", (("token", OPT),), effect="sync")
_def("gdc_launch_dependents_tko", "gdc", (("token", OPT),), effect="sync")
_def("memory_fence_alias_tko", "fence", (("token", ONE),), effect="sync")
_def("assert", "assert", (("cond", ONE),), effect="check", results=0)
_def("print", "print", (("values", MANY),), effect="write", results=0, traits=("output",))

# the element kinds of arithmetic ops (an elementwise op with neither, like abs, takes both)
for _names, _kind in ((("addi", "subi", "muli", "divi", "remi", "andi", "ori", "xori", "shli",
                        "shri", "maxi", "mini", "mulhii", "absi", "negi"), "integer"),
                      (("addf", "subf", "mulf", "divf", "remf", "maxf", "minf", "pow", "fpowf",
                        "atan2", "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos",
                        "tan", "sinh", "cosh", "tanh", "floor", "ceil", "absf", "negf", "fma",
                        "mmaf"), "float"),
                      (("mmai",), "integer")):
    for _n in _names:
        SPECS[_n] = replace(SPECS[_n], traits=SPECS[_n].traits | {_kind})
# ftoi's `saturating` flag (bytecode 13.4): tileiras clamps and selects 0 for NaN
SPECS["ftoi"] = replace(SPECS["ftoi"], traits=SPECS["ftoi"].traits | {"saturable"})

# The rounding modes each op takes (cuda-tile's Ops.td and its parsers), the first being
# what an absent `rounding` means; an op not listed takes none. ftof narrows them by its
# result type (the verifier's convert check).
_IEEE = ("nearest_even", "zero", "negative_inf", "positive_inf")
ROUNDING: dict[str, tuple[str, ...]] = {
    **{_n: _IEEE for _n in ("addf", "subf", "mulf", "fma", "itof", "ftof")},
    "divf": (*_IEEE, "approx", "full"), "sqrt": (*_IEEE, "approx"),
    "exp": ("full", "approx"), "tanh": ("full", "approx"),
    "ftoi": ("nearest_int_to_zero",),
    "divi": ("zero", "positive_inf", "negative_inf"),   # negative_inf: signed only
}

# The atomic modes (atomic_rmw, atomic_red_view) and the element types each takes
# (tileiras' verifier); ATOMIC_WORDS: what atomic_cas and xchg swap.
ATOMIC_WORDS = ("i32", "i64", "f32", "f64")
ATOMIC_MODES: dict[str, tuple[str, ...]] = {
    **{_m: ("i32", "i64") for _m in ("and", "or", "xor", "add", "max", "min", "umax", "umin")},
    "addf": ARITH_FLOATS, "xchg": ATOMIC_WORDS}

# printing with a token is ordered with memory; printing without one is not
MEMORY_OPS = frozenset(n for n, s in SPECS.items()
                       if s.is_memory and (s.takes_token or not s.has("output")))
VIEW_OPS = frozenset(n for n, s in SPECS.items() if s.is_view_access)
CONTROL_OPS = frozenset(n for n, s in SPECS.items() if s.is_loop or s.is_branch)
PURE_REGION_OPS = frozenset(("reduce", "scan"))


def spec(name: str) -> OpSpec | None:
    return SPECS.get(name)


_ARITIES = (ONE, OPT, MANY)
_EFFECTS = frozenset(("pure", "read", "write", "atomic", "token", "control", "terminator",
                      "check", "sync"))


def define_op(name: str, syntax: str, operands=(), *, effect: str = "pure",
              results: int | None = 1, traits=(), form: str | None = None) -> OpSpec:
    """Add an op to the table at run time (plugins, tests): written like the ops of family
    `syntax` (a key of FORMS) unless `form` says otherwise (see eqsat.ir.syntax), so
    the parser and printer read and write it with no code of their own. Region ops are
    not definable here: their syntax is hand-written. Raises ValueError for a name
    already taken, an unknown family, trait or effect, or a form that does not fit the
    operand groups, or an effect other than pure (the memory and control analyses
    derive per-name answers at import). `undefine_op` removes it again."""
    from eqsat.ir.syntax import FormError, compile_form
    if not isinstance(name, str) or not _OP_NAME.fullmatch(name):
        raise ValueError(f"op name {name!r} is not an identifier")
    if name in SPECS:
        raise ValueError(f"op '{name}' is already defined")
    ops = tuple((str(g), a) for g, a in operands)
    bad = [a for _, a in ops if a not in _ARITIES]
    if bad:
        raise ValueError(f"op '{name}': operand arity {bad[0]!r} is not one of {_ARITIES}")
    if len({g for g, _ in ops}) != len(ops):
        raise ValueError(f"op '{name}': an operand group name is used twice")
    if effect not in _EFFECTS:
        raise ValueError(f"op '{name}': unknown effect '{effect}'")
    if effect != "pure":
        # the memory and control analyses keep per-name answers made at import
        raise ValueError(f"op '{name}': only pure ops can be added at run time")
    if results is not None and (not isinstance(results, int) or results < 0):
        raise ValueError(f"op '{name}': results must be a count >= 0 or None")
    if form is None:
        form = FORMS.get(syntax)
        if form is None:
            raise ValueError(f"op '{name}': syntax family '{syntax}' has no form "
                             f"(known: {', '.join(sorted(FORMS))}); pass form=")
    try:
        compile_form(form, ops, results, name)
    except FormError as e:
        raise ValueError(str(e)) from None
    _def(name, syntax, ops, 0, effect, results, tuple(traits), form)
    _DEFINED.add(name)
    return SPECS[name]


def undefine_op(name: str) -> None:
    """Remove an op `define_op` added (the built-in table cannot shrink)."""
    if name not in _DEFINED:
        raise ValueError(f"op '{name}' was not added by define_op")
    _DEFINED.discard(name)
    del SPECS[name]


_OP_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_DEFINED: set[str] = set()
