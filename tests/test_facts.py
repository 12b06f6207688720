"""Divisibility and bounds facts into the output (issue 6): facts from parameter
attributes propagate through the program, assumes are placed where tileiras needs a
proof (one wrap per value, none on constants, nothing unproven), the contiguous stride
folds, the cost model rewards proven width, and the interpreter's checking mode finds
no false assume in our outputs but catches a planted one.

The toolchain tests at the end (the `cuda` extra) compile our outputs once per module:
the scatter example gets 128-bit global stores on sm_90 only because of its assumes,
the cost model's proven width is the width tileiras emits, and no corpus kernel of
ours has a narrower global load or store than cuTile's (manifest numbers).
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import HealthCheck, given, settings

from corpus_util import CORPUS, EXAMPLES, KERNELS, SPECS, manifest
from eqsat.analysis.facts import ValueFacts
from eqsat.passes.assumes import census, predicates, strip_assumes
from eqsat.egraph.cost import DEFAULT
from eqsat.egraph.width import LaneFacts, access_width
from eqsat.errors import AssumeViolation
from eqsat.analysis.params import array_params
from eqsat.frontend import annotate_from_symbol
from eqsat.interp.inputs import load_spec, parse_spec
from eqsat.interp import run
from eqsat.ir.attrs import Bounded, DivBy
from eqsat.pipeline.optimize import optimize
from eqsat.testing import kernels
from eqsat.text import parse, parse_file, print_kernel
from eqsat.ir.verify import verify
from eqsat.toolchain import missing_reason

FAST = "fold,algebra,analysis"          # the rule sets the facts live in


def _copy(k):
    return parse(print_kernel(k))


def _signed(name: str):
    """A corpus or example kernel under its signature (facts from its cuTile symbol)."""
    path = CORPUS / f"{name}.seq.mlir" if name in KERNELS else EXAMPLES / f"{name}.seq.mlir"
    k = parse_file(path)
    annotate_from_symbol(k)
    return k


def _spec(name: str):
    return load_spec(SPECS / f"{name}.json" if name in KERNELS else EXAMPLES / f"{name}.json")


NAMES = KERNELS + ["moe_scatter"]


@pytest.fixture(scope="module")
def optimized():
    """Every corpus kernel and the scatter example, under its signature, through the
    default pipeline (computed once)."""
    return {n: optimize(_signed(n)).kernel for n in NAMES}


def _wrap_of(v):
    """Predicates of the assume chain that ends at v (innermost first)."""
    out = []
    while v.owner is not None and getattr(v.owner, "name", None) == "assume":
        out.append(v.owner.attrs["predicate"])
        v = v.owner.operands[0]
    return out[::-1]


def _entry_wraps(k):
    """Parameter name -> predicates wrapped around it at entry."""
    out = {}
    for op in k.body.ops:
        if op.name == "assume":
            x = op.operands[0]
            while getattr(x.owner, "name", None) == "assume":
                x = x.owner.operands[0]
            if x in k.args:
                out.setdefault(x.name, []).append(op.attrs["predicate"])
    return out


# -- 1. facts from parameter attributes -------------------------------------------------------
def test_entry_wraps_come_from_the_signature_alone():
    k = _signed("moe_scatter")
    strip_assumes(k)                                  # only the attributes remain
    out = optimize(k, rules=FAST).kernel
    w = _entry_wraps(out)
    assert w["y"] == [DivBy(16)] and w["out"] == [DivBy(16)] and w["dest"] == [DivBy(16)]
    assert w["y_shape0"] == [Bounded(0, None)]
    assert w["y_shape1"] == [DivBy(8), Bounded(0, None)]
    assert w["out_stride0"] == [DivBy(8)]          # strides: no lower bound was promised
    for contiguous in ("y_stride1", "out_stride1", "w_stride0", "dest_stride0"):
        assert contiguous not in w                    # nothing for the contiguous stride
    assert "count" not in w                           # a scalar promises nothing
    assert [a.ptr for a in array_params(out)] == [0, 5, 8, 11]


def test_input_assumes_are_absorbed_not_repeated():
    # cuTile's own entry assumes (div_by then bounded on each size) plus the same facts
    # from the attributes: one chain per value, each kind of predicate once
    out = optimize(_signed("moe_scatter"), rules=FAST).kernel
    w = _entry_wraps(out)
    assert w["y_stride0"] == [DivBy(8), Bounded(0, None)]    # the bound came from cuTile's IR
    c = census(out)
    assert (c.most_wraps, c.on_constants, c.repeated_kinds) == (1, 0, 0)


KERNEL = """entry @k(%p: tile<ptr<{e}>> {{div_by = 1024}}, %q: tile<i32>, %r: tile<i32>) {{
{body}  %o64 = exti %off signed : tile<i32> -> tile<i64>
  %ptr = offset %p, %o64 : tile<ptr<{e}>>, tile<i64> -> tile<ptr<{e}>>
  %v, %t = load_ptr_tko weak %ptr : tile<ptr<{e}>> -> tile<{e}>, token
  %s = store_ptr_tko weak %p, %v : tile<ptr<{e}>>, tile<{e}> -> token
  return
}}
"""


def _c(n, t="i32"):
    return f"  %c{n} = constant <{t}: {n}> : tile<{t}>\n"


PROPAGATION = {   # offset expression -> alignment of p + off * sizeof(elem), p 1024-aligned
    "product": (_c(8) + "  %off = muli %q, %c8 : tile<i32>\n", "f32", 32),
    "sum": (_c(8) + _c(16) + "  %a = muli %q, %c8 : tile<i32>\n"
            "  %b = muli %r, %c16 : tile<i32>\n  %off = addi %a, %b : tile<i32>\n", "f32", 32),
    "shift": (_c(3) + "  %off = shli %q, %c3 : tile<i32>\n", "f32", 32),
    "max": (_c(16) + _c(32) + "  %a = muli %q, %c16 : tile<i32>\n"
            "  %b = muli %r, %c32 : tile<i32>\n  %off = maxi %a, %b signed : tile<i32>\n",
            "f32", 64),
    "min": (_c(16) + _c(32) + "  %a = muli %q, %c16 : tile<i32>\n"
            "  %b = muli %r, %c32 : tile<i32>\n  %off = mini %a, %b signed : tile<i32>\n",
            "f32", 64),
    "casts": (_c(64, "i64") + "  %w = exti %q signed : tile<i32> -> tile<i64>\n"
              "  %m = muli %w, %c64 : tile<i64>\n  %off = trunci %m : tile<i64> -> tile<i32>\n",
              "f32", 256),
    "element size": (_c(8) + "  %off = muli %q, %c8 : tile<i32>\n", "bf16", 16),
    "unknown": ("  %off = addi %q, %r : tile<i32>\n", "f32", 4),     # element size only
}


@pytest.mark.parametrize("case", PROPAGATION)
def test_facts_propagate_to_the_pointer(case):
    body, elem, want = PROPAGATION[case]
    out = optimize(parse(KERNEL.format(e=elem, body=body)), rules=FAST).kernel
    (load,) = [op for op in out.walk() if op.name == "load_ptr_tko"]
    assert _wrap_of(load.operands[0]) == ([DivBy(want)] if want else [])


def test_loop_induction_variable():
    text = """entry @k(%p: tile<ptr<f32>> {div_by = 1024}, %q: tile<i32>) {
  %c0 = constant <i32: 0> : tile<i32>
  %c16 = constant <i32: 16> : tile<i32>
  for %i in (%c0 to %q, step %c16) : tile<i32> {
    %o64 = exti %i signed : tile<i32> -> tile<i64>
    %ptr = offset %p, %o64 : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %v, %t = load_ptr_tko weak %ptr : tile<ptr<f32>> -> tile<f32>, token
    %s = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f32> -> token
  }
  return
}
"""
    out = optimize(parse(text), rules=FAST).kernel
    (load,) = [op for op in out.walk() if op.name == "load_ptr_tko"]
    assert _wrap_of(load.operands[0]) == [DivBy(64)]       # 0 + 16k elements of 4 bytes
    assert load.operands[0].owner.parent is load.parent    # wrapped inside the loop


# -- 2. pointer tiles: runs, and no claim on lanes that do not satisfy it --------------------
TILE = """entry @k(%p: tile<ptr<f32>> {{div_by = 16}}, %q: tile<i32>, %idx: tile<ptr<i32>>) {{
  %bid, %by, %bz = get_tile_block_id : tile<i32>
  %c128 = constant <i32: 128> : tile<i32>
  %b128 = muli %bid, %c128 : tile<i32>
  %rs = reshape %b128 : tile<i32> -> tile<1xi32>
  %start = broadcast %rs : tile<1xi32> -> tile<128xi32>
  %iota = iota : tile<128xi32>
{body}  %rp = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bp = broadcast %rp : tile<1xptr<f32>> -> tile<128xptr<f32>>
  %ptr = offset %bp, %o64 : tile<128xptr<f32>>, tile<128x{ot}> -> tile<128xptr<f32>>
  %v, %t = load_ptr_tko weak %ptr : tile<128xptr<f32>> -> tile<128xf32>, token
  %s = store_ptr_tko weak %ptr, %v : tile<128xptr<f32>>, tile<128xf32> -> token
  return
}}
"""
TILES = {
    # bid*128 + j: runs of 128 starting 512-byte aligned, base 16-aligned
    "run": ("  %off = addi %start, %iota : tile<128xi32>\n"
            "  %o64 = exti %off signed : tile<128xi32> -> tile<128xi64>\n",
            [DivBy(16, 128, 0)]),
    # bid*128 + 2j: not consecutive (every lane is 8-byte aligned, but a plain div_by on
    # a tile would keep tileiras from finding runs it might prove itself)
    "stride 2": (_c(2).replace("tile<i32>", "tile<128xi32>")
                 + "  %j2 = muli %iota, %c2 : tile<128xi32>\n"
                 "  %off = addi %start, %j2 : tile<128xi32>\n"
                 "  %o64 = exti %off signed : tile<128xi32> -> tile<128xi64>\n", []),
    # bid*128 + 127 - j: decreasing, no run
    "reversed": (_c(127).replace("tile<i32>", "tile<128xi32>")
                 + "  %rev = subi %c127, %iota : tile<128xi32>\n"
                 "  %off = addi %start, %rev : tile<128xi32>\n"
                 "  %o64 = exti %off signed : tile<128xi32> -> tile<128xi64>\n", []),
    # + q in i32: a run may wrap at 2^31 before the sign extension: no run
    "unaligned i32 run": ("  %rq = reshape %q : tile<i32> -> tile<1xi32>\n"
                          "  %bq = broadcast %rq : tile<1xi32> -> tile<128xi32>\n"
                          "  %a = addi %start, %iota : tile<128xi32>\n"
                          "  %off = addi %a, %bq : tile<128xi32>\n"
                          "  %o64 = exti %off signed : tile<128xi32> -> tile<128xi64>\n", []),
    # + q after widening: runs of 128 whose first lane is only 4-byte aligned: no
    # 16-byte vector is proven, and a weaker claim could only narrow what tileiras does
    "unaligned i64 run": ("  %a = addi %start, %iota : tile<128xi32>\n"
                          "  %a64 = exti %a signed : tile<128xi32> -> tile<128xi64>\n"
                          "  %q64 = exti %q signed : tile<i32> -> tile<i64>\n"
                          "  %rq = reshape %q64 : tile<i64> -> tile<1xi64>\n"
                          "  %bq = broadcast %rq : tile<1xi64> -> tile<128xi64>\n"
                          "  %o64 = addi %a64, %bq : tile<128xi64>\n", []),
    # the i32 offset itself: sign-extended by `offset`, a run may wrap at 2^31: no run
    "unaligned i32 offset": ("  %rq = reshape %q : tile<i32> -> tile<1xi32>\n"
                             "  %bq = broadcast %rq : tile<1xi32> -> tile<128xi32>\n"
                             "  %a = addi %start, %iota : tile<128xi32>\n"
                             "  %o64 = addi %a, %bq : tile<128xi32>\n", [], "i32"),
    # offsets loaded from memory: nothing
    "loaded": ("  %ri = reshape %idx : tile<ptr<i32>> -> tile<1xptr<i32>>\n"
               "  %bi = broadcast %ri : tile<1xptr<i32>> -> tile<128xptr<i32>>\n"
               "  %pi = offset %bi, %iota : tile<128xptr<i32>>, tile<128xi32> -> "
               "tile<128xptr<i32>>\n"
               "  %off, %t0 = load_ptr_tko weak %pi : tile<128xptr<i32>> -> tile<128xi32>, token\n"
               "  %o64 = exti %off signed : tile<128xi32> -> tile<128xi64>\n", []),
}
TILE_SPEC = {"convention": "raw", "grid": [2], "params": [
    {"name": "p", "shape": [256], "dtype": "f32", "init": "normal"},
    {"name": "q", "dtype": "i32", "value": 3},
    {"name": "idx", "shape": [128], "dtype": "i32",
     "init": {"kind": "randint", "low": 0, "high": 128}}]}


@pytest.mark.parametrize("case", TILES)
def test_pointer_tiles_claim_only_what_every_lane_satisfies(case):
    body, want, *ot = TILES[case]
    out = optimize(parse(TILE.format(body=body, ot=(ot or ["i64"])[0])), rules=FAST).kernel
    (store,) = [op for op in out.walk() if op.name == "store_ptr_tko"]
    assert _wrap_of(store.operands[0]) == want
    spec = parse_spec({**TILE_SPEC, "params": [
        TILE_SPEC["params"][0] | {"shape": [256 + 128 * 3]}, *TILE_SPEC["params"][1:]]})
    run(out, spec, check_assumes=True)                 # and it is true at run time


def test_predicates_never_wrap_constants_or_trivia():
    from eqsat.ir.types import TileType, ptr, scalar
    i32 = scalar("i32")
    assert predicates(i32, ValueFacts(div=8, lo=0, exact=True)) == []
    assert predicates(i32, ValueFacts(div=1, lo=-(1 << 31))) == []
    assert predicates(i32, ValueFacts(div=4, lo=0, hi=9)) == [DivBy(4), Bounded(0, 9)]
    p = TileType((), ptr("f32"))
    assert predicates(p, ValueFacts(div=1 << 20)) == [DivBy(1024)]      # capped at 1024
    tp = TileType((8, 64), ptr("f32"))
    assert predicates(tp, ValueFacts(div=4, contig=64, contig_div=32)) == [DivBy(32, 64, 1)]
    assert predicates(tp, ValueFacts(div=4, contig=64, contig_div=8)) == []      # < 16 bytes
    assert predicates(tp, ValueFacts(div=4, contig=2, contig_div=32)) == []      # 8-byte runs
    assert predicates(tp, ValueFacts(div=64)) == []         # never every-lane on a tile
    assert predicates(TileType((), ptr("f32")), ValueFacts(div=64)) == [DivBy(64)]


# -- 3. contiguity: the contiguous stride is the constant 1 -----------------------------------
STRIDED = ("entry @k(%x: tile<ptr<f32>> {{div_by = 16, shape_div_by = [1, 1], "
           "stride_div_by = [64, 1], contiguous = {c}}}, %x_shape0: tile<i32>, "
           "%x_shape1: tile<i32>, %x_stride0: tile<i32>, %x_stride1: tile<i32>) {{\n") + """  %bid, %by, %bz = get_tile_block_id : tile<i32>
  %iota = iota : tile<64xi32>
  %rs = reshape %x_stride1 : tile<i32> -> tile<1xi32>
  %st = broadcast %rs : tile<1xi32> -> tile<64xi32>
  %col = muli %iota, %st : tile<64xi32>
  %r0 = muli %bid, %x_stride0 : tile<i32>
  %rr = reshape %r0 : tile<i32> -> tile<1xi32>
  %row = broadcast %rr : tile<1xi32> -> tile<64xi32>
  %off = addi %row, %col : tile<64xi32>
  %rx = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bx = broadcast %rx : tile<1xptr<f32>> -> tile<64xptr<f32>>
  %ptr = offset %bx, %off : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
  %v, %t = load_ptr_tko weak %ptr : tile<64xptr<f32>> -> tile<64xf32>, token
  %s = store_ptr_tko weak %ptr, %v : tile<64xptr<f32>>, tile<64xf32> -> token
  return
}}
"""


def test_contiguous_stride_folds_out_of_gather_offsets():
    out = optimize(parse(STRIDED.format(c="true")), rules=FAST).kernel
    stride1 = out.params[4].value
    assert not any(stride1 is v for op in out.walk() for v in op.operands)
    assert sum(op.name == "muli" for op in out.walk()) == 1          # only the row
    (store,) = [op for op in out.walk() if op.name == "store_ptr_tko"]
    assert _wrap_of(store.operands[0]) == [DivBy(16, 64, 0)]         # and it is a run
    kept = optimize(parse(STRIDED.format(c="false")), rules=FAST).kernel
    assert sum(op.name == "muli" for op in kept.walk()) == 2         # nothing promised


# -- 4. one wrap per value, none on constants; the checking mode ------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_one_wrap_per_value_and_no_false_assume(optimized, name):
    out = optimized[name]
    verify(out)
    c = census(out)
    assert c.values > 0 and c.most_wraps == 1
    assert c.on_constants == 0 and c.repeated_kinds == 0
    run(out, _spec(name), check_assumes=True)


def test_shared_pointer_is_wrapped_once():
    text = TILE.format(body=TILES["run"][0], ot="i64").replace(
        "  %s = store_ptr_tko", "  %v2, %t2 = load_ptr_tko weak %ptr : tile<128xptr<f32>> -> "
        "tile<128xf32>, token\n  %w = addf %v, %v2 : tile<128xf32>\n  %s = store_ptr_tko"
    ).replace("%ptr, %v :", "%ptr, %w :")
    out = optimize(parse(text), rules=FAST).kernel
    ptrs = {id(op.operands[0]) for op in out.walk() if op.name.endswith("ptr_tko")}
    assert len(ptrs) == 1                              # three consumers read one wrap
    assert census(out).most_wraps == 1


def test_scatter_example_claims_16_byte_runs(optimized):
    out = optimized["moe_scatter"]
    tiles = [_wrap_of(op.operands[0]) for op in out.walk()
             if op.name in ("load_ptr_tko", "store_ptr_tko") and op.operands[0].type.rank == 2]
    assert tiles == [[DivBy(16, 128, 1)]] * 2


def test_planted_false_assume_is_caught(optimized):
    out = _copy(optimized["moe_scatter"])
    (scatter,) = [op for op in out.walk() if op.name == "store_ptr_tko"]
    scatter.operands[0].owner.attrs["predicate"] = DivBy(512, 128, 1)   # rows are 528 B apart
    with pytest.raises(AssumeViolation, match="div_by<512, every 128 along 1>"):
        run(out, _spec("moe_scatter"), check_assumes=True)
    out = _copy(optimized["moe_scatter"])
    (shape,) = [op for op in out.body.ops if op.name == "assume"
                and op.operands[0] is out.params[2].value]                # y_shape1 = 256
    shape.attrs["predicate"] = DivBy(512)
    with pytest.raises(AssumeViolation, match="256 is not divisible by 512"):
        run(out, _spec("moe_scatter"), check_assumes=True)


@settings(max_examples=max(10, settings.default.max_examples // 5), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(kernels())
def test_random_kernels_get_no_false_assume(case):
    # every proven run is claimed here, not only those that make 16-byte vectors, so the
    # checking mode judges the run analysis itself
    import eqsat.passes.assumes as placement
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(placement, "VECTOR_BYTES", 1)
        out = optimize(case.kernel).kernel
    c = census(out)
    assert c.most_wraps <= 1 and c.on_constants == 0 and c.repeated_kinds == 0
    run(out, case.spec, check_assumes=True)


# -- 5. the specs keep the promises of the signatures they run under --------------------------
@pytest.mark.parametrize("name", NAMES)
def test_specs_keep_their_signature_promises(name):
    from eqsat.interp.inputs import bind
    k = _signed(name)
    spec = _spec(name)
    bound = bind(k, spec)
    arrays = array_params(k)
    assert arrays, "the signature names its arrays"
    for arr in arrays:
        a = lambda j: int(bound.args[j])                                  # noqa: E731
        assert a(arr.ptr) % arr.base_div == 0
        for j, d in zip(arr.shapes, arr.shape_div):
            assert a(j) >= 0 and a(j) % d == 0, k.params[j].name
        for j, d in zip(arr.strides, arr.stride_div):
            assert a(j) % d == 0, k.params[j].name
        if arr.contiguous:
            assert a(arr.strides[-1]) == 1


# -- 6. the cost model rewards proven width ---------------------------------------------------
def test_proven_width_and_its_price(optimized):
    out = optimized["moe_scatter"]
    bare = _copy(out)
    assert strip_assumes(bare) == census(out).assumes
    lf, lb = LaneFacts(), LaneFacts()
    w = [access_width(op, lf) for op in out.walk() if op.name.endswith("ptr_tko")]
    wb = [access_width(op, lb) for op in bare.walk() if op.name.endswith("ptr_tko")]
    assert w == [4, 4, 16, 16]              # i32/f32 gathers; 8 bf16 lanes per access
    assert wb == [4, 4, 2, 2]
    assert DEFAULT.kernel_cost(out) < DEFAULT.kernel_cost(bare)


# -- 7. against the real toolchain ------------------------------------------------------------
_WHY = missing_reason(need_cuda_tile=False)


@pytest.fixture(scope="module")
def sass(optimized):
    """name -> SassStats (sm_90) of our outputs, and of the example without its assumes."""
    from eqsat.lowering.bytecode import kernel_to_bytecode
    from eqsat.lowering.sass import cubin_stats
    from eqsat.toolchain import compile_bytecode

    ks = dict(optimized)
    bare = _copy(ks["moe_scatter"])
    strip_assumes(bare)
    ks["moe_scatter/stripped"] = bare

    def build(name):
        return name, cubin_stats(compile_bytecode(kernel_to_bytecode(ks[name]), "sm_90").cubin)

    with ThreadPoolExecutor(max_workers=4) as pool:
        return {"kernels": ks, **dict(pool.map(build, list(ks)))}


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
def test_scatter_stores_are_128_bit_because_of_the_assumes(sass):
    ours, bare = sass["moe_scatter"], sass["moe_scatter/stripped"]
    assert set(ours.stg) == {"STG.E.128"} and "LDG.E.128" in ours.ldg
    assert set(bare.stg) == {"STG.E.U16"} and "LDG.E.128" not in bare.ldg
    assert ours.sass_instrs_no_nop < bare.sass_instrs_no_nop


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
@pytest.mark.parametrize("name", ["moe_scatter", "moe_scatter/stripped"])
def test_model_width_is_the_sass_width(sass, name):
    from eqsat.lowering.cutile_workflow import access_bits
    k, s, lf = sass["kernels"][name], sass[name], LaneFacts()
    for opname, got in (("store_ptr_tko", s.stg), ("load_ptr_tko", s.ldg)):
        want = {8 * access_width(op, lf) for op in k.walk() if op.name == opname}
        assert want == {access_bits(o) for o in got}, opname


@pytest.mark.cuda
@pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}")
@pytest.mark.parametrize("name", KERNELS)
def test_corpus_never_narrower_than_cutile(sass, name):
    from eqsat.lowering.cutile_workflow import narrowest
    ref = {k["name"]: k["variants"]["cutile"] for k in manifest()["kernels"]}[name]
    for mine, theirs in ((sass[name].ldg, ref["ldg"]), (sass[name].stg, ref["stg"])):
        if mine and theirs:
            assert narrowest(mine) >= narrowest(theirs), (mine, theirs)
