"""The builder: it reproduces real corpus kernels op for op, covers the op catalogue,
round-trips through text, and rejects misuse with BuildError at the offending call."""
from pathlib import Path

import pytest

from eqsat.errors import BuildError
from eqsat.ir.attrs import SameElements
from eqsat.ir.builder import KernelBuilder
from eqsat.ir.core import first_difference
from eqsat.ir.ops import SPECS
from eqsat.ir.types import TOKEN, ptr, scalar, tile
from eqsat.text import parse, parse_file, print_kernel
from eqsat.ir.verify import verify

CORPUS = Path(__file__).parent / "corpus"
HINTS = "optimization_hints=<default = {}>"
I32, I64, F32 = scalar("i32"), scalar("i64"), scalar("f32")
PF32 = tile((), ptr("f32"))


def round_trip(k):
    """print -> parse gives the same kernel, and printing is stable."""
    text = print_kernel(k)
    back = parse(text)
    assert first_difference(k, back) is None, first_difference(k, back)
    assert print_kernel(back) == text
    return text


def array_params(b, n, pointee="f32"):
    """cuTile's (base, size, stride) parameter triples for 1-D arrays."""
    return [(b.param(tile((), ptr(pointee))), b.param(I32), b.param(I32)) for _ in range(n)]


def test_vector_add_matches_corpus():
    b = KernelBuilder("vector_add_Kt1_A1f32_1t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_I1024", HINTS)
    arrays = array_params(b, 3)
    bases = [b.assume_div_by(base, 16) for base, _, _ in arrays]
    for _ in range(3):
        b.constant(1, I32)
    views = []
    for base, (_, size, _) in zip(bases, arrays):
        views.append(b.make_tensor_view(base, [b.assume_bounded(size, 0, None)], [1]))
    bx, _, _ = b.tile_block_id()
    pv = b.make_partition_view(views[0], (1024,))
    x, _ = b.load_view(pv, [bx])
    pv = b.make_partition_view(views[1], (1024,))
    y, _ = b.load_view(pv, [bx])
    s = b.addf(x, y)
    pv = b.make_partition_view(views[2], (1024,))
    b.store_view(s, pv, [bx])
    k = b.finish()
    ref = parse_file(CORPUS / "vector_add.seq.mlir")
    assert first_difference(k, ref) is None, first_difference(k, ref)
    round_trip(k)


def test_axpy_loop_with_tokens_matches_corpus():
    b = KernelBuilder("axpy_alias_inplace_Kt1_A1f32_1t1_p16g0_A1f32_1t1_p16g0_Sf32_I1024", HINTS)
    (x, xn, _), (y, yn, _) = array_params(b, 2)
    alpha = b.param(F32)
    t0 = b.make_token()
    xb, yb = b.assume_div_by(x, 16), b.assume_div_by(y, 16)
    b.constant(1, I32)
    b.constant(1, I32)
    xv = b.make_tensor_view(xb, [b.assume_bounded(xn, 0, None)], [1])
    yv = b.make_tensor_view(yb, [b.assume_bounded(yn, 0, None)], [1])
    (ntiles,) = b.index_space_shape(b.make_partition_view(yv, (1024,)))
    bx, _, _ = b.tile_block_id()
    gx, _, _ = b.num_tile_blocks()
    xp = b.make_partition_view(xv, (1024,), padding="zero")
    yp = b.make_partition_view(yv, (1024,), padding="zero")
    a = b.splat(alpha, (1024,))
    yout = b.make_partition_view(yv, (1024,))
    with b.for_(bx, ntiles, gx, inits=[t0, t0]) as loop:
        done, last = loop.args
        xt, xt_tok = b.load_view(xp, [loop.iv], token=last)
        j = b.join_tokens(done, xt_tok)
        yt, yt_tok = b.load_view(yp, [loop.iv], token=last)
        j = b.join_tokens(j, yt_tok)
        st = b.store_view(b.fma(a, xt, yt), yout, [loop.iv], token=j)
        loop.continue_(st, st)
    assert [r.type for r in loop.results] == [TOKEN, TOKEN]
    k = b.finish()
    ref = parse_file(CORPUS / "axpy_alias_inplace.cutile.mlir")
    assert first_difference(k, ref) is None, first_difference(k, ref)
    round_trip(k)


def test_branch_in_loop_matches_corpus():
    b = KernelBuilder("relu_accum_branch_Kt1_A2f32_1l0_2t1_p16_A1f32_1t1_p16", HINTS)
    x, xr, xc, xs, _ = b.param(PF32), b.param(I32), b.param(I32), b.param(I32), b.param(I32)
    out, on, _ = b.param(PF32), b.param(I32), b.param(I32)
    t0 = b.make_token()
    xb, ob = b.assume_div_by(x, 16), b.assume_div_by(out, 16)
    one64, one64b = b.constant(1, I64), b.constant(1, I64)
    rows, cols, stride, n_out = (b.assume_bounded(v, 0, None) for v in (xr, xc, xs, on))
    bx, _, _ = b.tile_block_id()
    zero = b.constant(0.0, F32)
    c0, c1 = b.constant(0, I32), b.constant(1, I32)
    row = b.exti(bx, "i64")
    row_ok = b.cmpi("less_than", row, b.exti(rows, "i64"), signed=False)
    row_off = b.muli(row, b.exti(stride, "i64"))
    ncols = b.exti(cols, "i64")
    pad, zero_b = b.constant(0.0, F32), b.constant(0.0, F32)
    with b.for_(c0, cols, c1, inits=[zero]) as loop:
        j = b.exti(loop.iv, "i64")
        ok = b.andi(row_ok, b.cmpi("less_than", j, ncols, signed=False))
        addr = b.offset(xb, b.addi(row_off, b.muli(j, one64)))
        v, _ = b.load_ptr(b.assume_div_by(addr, 4), mask=ok, padding=pad, token=t0)
        with b.if_(b.cmpf("greater_than", v, zero_b), results=[F32]) as br:
            with br.then:
                br.yield_(b.addf(loop.args[0], v))
            with br.else_:
                br.yield_(loop.args[0])
        loop.continue_(br.results[0])
    r = b.exti(bx, "i64")
    ok = b.cmpi("less_than", r, b.exti(n_out, "i64"), signed=False)
    addr = b.offset(ob, b.muli(r, one64b))
    b.store_ptr(b.assume_div_by(addr, 4), loop.results[0], mask=ok, token=t0)
    k = b.finish()
    ref = parse_file(CORPUS / "relu_accum_branch.cutile.mlir")
    assert first_difference(k, ref) is None, first_difference(k, ref)
    round_trip(k)


def build_everything():
    """One kernel using every op of the catalogue (and every region form)."""
    b = KernelBuilder("everything")
    p = b.param(PF32, "p", alias="a", div_by=16, tags=["x", 3])
    n = b.param(I32, "n")
    f = b.param(tile((8,), "f32"), "f")
    i = b.param(tile((8,), "i32"), "i")
    h, hb = b.param(tile((4, 8), "f16"), "h"), b.param(tile((8, 4), "f16"), "hb")
    qa, qb = b.param(tile((4, 8), "i8"), "qa"), b.param(tile((8, 4), "i8"), "qb")
    tok = b.make_token(name="root")
    c0, c1 = b.constant(0, I32), b.constant(1, I32)
    for name in ("addi", "subi", "muli", "andi", "ori", "xori", "shli", "mulhii"):
        b.binary(name, i, i)
    for name in ("divi", "remi", "shri", "maxi", "mini"):
        b.binary(name, i, i, signed=True)
    b.divi(i, i, signed=True, rounding="positive_inf")
    for name in ("addf", "subf", "mulf", "divf", "remf", "maxf", "minf", "pow", "atan2"):
        b.binary(name, f, f)
    b.maxf(f, f, propagate_nan=True)
    b.addf(f, f, flush_to_zero=True, rounding="zero")
    b.op("fpowf", [f, f], [f.type])
    for name in ("exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "tan", "sinh",
                 "cosh", "tanh", "floor", "ceil", "absf", "negf", "abs", "neg"):
        b.unary(name, f)
    b.absi(i)
    b.negi(i)
    b.fma(f, f, f)
    m = b.cmpi("less_than", i, i)
    b.select(m, f, b.constant([1.0, 2, 3, 4, 5, 6, 7, 8], f.type))
    b.cmpf("not_equal", f, f, ordered=False)
    b.exti(i, "i64", signed=False)
    b.trunci(i, "i8")
    b.itof(i, "f32")
    b.ftoi(f, "i32")
    b.ftof(f, "bf16")
    b.bitcast(f, "i32")
    ptrs = b.offset(b.splat(p, (8,)), i)
    back = b.int_to_ptr(b.ptr_to_int(ptrs), "f32")
    iptrs = b.ptr_to_ptr(back, "i32")
    b.iota(8)
    b.assume(f, SameElements((8,)))
    b.tile_block_id()
    b.num_tile_blocks()
    tv = b.make_tensor_view(b.assume_div_by(p, 16), [n], [1])
    pv = b.make_partition_view(tv, (8,), padding="neg_inf")
    sv = b.make_strided_view(tv, (8,), (4,))
    (nt,) = b.index_space_shape(pv)
    x, t1 = b.load_view(pv, [c0], token=tok, sem="acquire", scope="device")
    y, t2 = b.load_view(sv, [c1], hints="<default = {latency = 4}>")
    t3 = b.store_view(b.addf(x, y), pv, [c1], token=b.join_tokens(t1, t2), sem="release",
                      scope="sys")
    t4 = b.atomic_red_view(pv, [c0], "addf", x, token=t3)
    g, t5 = b.load_ptr(ptrs, mask=m, padding=f, token=t4)
    b.load_ptr(ptrs, padding=f)
    t6 = b.store_ptr(ptrs, g, mask=m)
    old, t7 = b.atomic_cas(iptrs, i, i, mask=m, token=t6)
    b.atomic_rmw(iptrs, "add", i, token=t7, sem="acq_rel")
    b.mmaf(h, hb, b.constant(0.0, tile((4, 4), "f32")))
    b.mmai(qa, qb, b.constant(0, tile((4, 4), "i32")), signed=True)
    b.permute(h, (1, 0))
    b.extract(h, [c0, c1], (2, 4))
    b.cat(f, f, 0)
    b.fpowi(f, i)
    b.insert(b.extract(f, [c0], (4,)), f, [c1])
    b.unpack(b.pack(f), "f32")
    b.tensor_shape(tv)
    b.memory_fence_alias(b.gdc_wait(tok))
    b.gdc_launch_dependents()
    e8 = b.constant(1.0, tile((4, 1), "f8E8M0FNU"))
    b.mmaf_scaled(b.constant(1.0, tile((4, 32), "f8E4M3FN")),
                  b.constant(2.0, tile((32, 4), "f8E4M3FN")), b.constant(0.0, tile((4, 4), "f32")),
                  e8, b.constant(1.0, tile((1, 4), "f8E8M0FNU")))
    b.load_ptr(ptrs, hints="<default = {latency = 1}>")
    b.store_ptr(ptrs, g, hints="<default = {latency = 2}>")
    b.assert_(m, "i < i \"never\"")
    b.print_("f = %f\n", f)
    b.print_tko("done", token=t5)
    with b.for_(c0, nt, c1, inits=[f], unsigned=True) as outer:
        with b.if_(b.cmpi("equal", outer.iv, c1)) as br:
            with br.then:
                b.continue_(outer.args[0])
        with b.for_(c0, n, c1) as inner:
            with b.if_(b.cmpi("equal", inner.iv, c0)) as br2:
                with br2.else_:
                    inner.continue_()
        outer.continue_(b.addf(outer.args[0], f))
    with b.loop(inits=[c0], results=[I32, scalar("f32")]) as lp:
        nxt = b.addi(lp.args[0], c1)
        with b.if_(b.cmpi("greater_than", nxt, n)) as br:
            with br.then:
                lp.break_(nxt, b.constant(2.5, F32))
            with br.else_:
                b.yield_()
        lp.continue_(nxt)
    with b.reduce([outer.results[0], i], 0, [0.0, 0]) as r:
        r.yield_(b.addf(r.lhs[0], r.rhs[0]), b.maxi(r.lhs[1], r.rhs[1], signed=True))
    with b.scan([f], 0, [1.0], reverse=True) as sc:
        sc.yield_(b.mulf(sc.lhs[0], sc.rhs[0]))
    assert [v.type for v in r.results] == [F32, I32] and sc.results[0].type == f.type
    with b.if_(b.cmpi("equal", n, c0)) as br:
        with br.then:
            b.return_()
    return b.finish()


def test_every_catalogue_op_builds_and_round_trips():
    k = build_everything()
    verify(k)
    used = {op.name for op in k.walk()}
    missing = set(SPECS) - used
    assert not missing, f"extend build_everything (and the builder) to cover {sorted(missing)}"
    round_trip(k)


def test_constants_read_back_exactly():
    b = KernelBuilder("consts")
    b.constant([3, 3, 3, 3], tile((4,), "i32"))          # uniform: stored as a splat
    b.constant([[1, 2], [3, 4]], tile((2, 2), "i64"))
    b.constant(0.1, scalar("bf16"))                      # rounded to bf16 like the parser
    b.constant([True, False], tile((2,), "i1"))
    b.constant(-0.0, F32)
    b.constant(255, scalar("i8"))                         # unsigned spelling wraps to -1
    k = b.finish()
    round_trip(k)
    consts = [op.attrs["value"] for op in k.walk() if op.name == "constant"]
    assert consts[0].array.ndim == 0 and consts[1].array.shape == (2, 2)
    assert consts[5].scalar() == -1


# -- misuse -------------------------------------------------------------------------------------

def fresh():
    b = KernelBuilder("bad")
    return b, b.param(tile((4,), "f32"), "f"), b.param(tile((4,), "i32"), "i"), b.param(I32, "n")


def raises(fragment):
    return pytest.raises(BuildError, match=fragment)


def test_bad_operand_types():
    b, f, i, n = fresh()
    with raises(r"'addf' \[type-mismatch\]: lhs and rhs types differ"):
        b.addf(f, i)
    with raises("needs integer elements"):
        b.addi(f, f)
    with raises("must be a Value"):
        b.addf(f, 1.0)
    with raises("converts a wider integer"):
        b.exti(i, "i8")
    with raises("scalar pointer tile"):
        b.make_tensor_view(n, [n], [1])
    with raises("unknown operation 'frob'"):
        b.op("frob", [f], [f.type])
    with raises("out of range for i8"):
        b.constant(300, scalar("i8"))
    with raises("unknown modifier"):
        b.addf(f, f, fast=True)


def test_bad_view_access():
    b, f, i, n = fresh()
    p = b.param(PF32, "p")
    pv = b.make_partition_view(b.make_tensor_view(p, [n], [1]), (4,))
    with raises(r"\[operand-count\]: a rank-1 view takes 1 indices, found 2"):
        b.load_view(pv, [n, n])
    with raises("the stored value must be tile<4xf32>"):
        b.store_view(i, pv, [n])


def test_scope_errors():
    b, f, i, n = fresh()
    c0 = b.constant(0, I32)
    with b.for_(c0, n, n) as loop:
        inside = b.addf(f, f)
    with raises("not in scope"):
        b.addf(inside, f)
    with raises("not in scope"):
        b.addi(loop.iv, loop.iv)
    other = KernelBuilder("other").param(tile((4,), "f32"))
    with raises("not in scope"):
        b.addf(other, f)


def test_region_misuse():
    b, f, i, n = fresh()
    c0 = b.constant(0, I32)
    with raises("must end with continue_"):
        with b.for_(c0, n, n, inits=[f]):
            pass
    b, f, i, n = fresh()
    c = b.cmpi("equal", n, n)
    with raises("both branches"):
        with b.if_(c, results=[f.type]) as br:
            with br.then:
                br.yield_(f)
    b, f, i, n = fresh()
    with raises("continue_.. is only allowed"):
        b.continue_()
    with b.for_(n, n, n):
        with raises("break_.. is only allowed in a loop body"):
            b.break_()
    with b.if_(b.cmpi("equal", n, n), results=[f.type]) as br:
        with raises("under `with br.then:`"):
            b.addf(f, f)
        with br.then:
            with raises(r"passes \(tile<4xi32>\) but its target expects \(tile<4xf32>\)"):
                br.yield_(i)
            br.yield_(f)
        with br.else_:
            br.yield_(f)
    with b.loop() as outer:
        with b.for_(n, n, n):
            with raises("would end the innermost region"):
                outer.break_()


def test_lifecycle_misuse():
    b, f, i, n = fresh()
    b.for_(n, n, n)
    with raises("must be used as `with b.for_"):
        b.addf(f, f)
    b, f, i, n = fresh()
    b.return_()
    with raises("nothing may follow a terminator"):
        b.addf(f, f)
    b, f, i, n = fresh()
    loop = b.loop()
    loop.__enter__()
    with raises("inside an open 'loop' region"):
        b.finish()
    b, f, i, n = fresh()
    b.finish()
    with raises("has finished"):
        b.addf(f, f)
