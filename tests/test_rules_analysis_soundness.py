"""Every rule of the `analysis` set holds on a concrete instance (eqsat.rules.soundness:
check_fact_rule): the facts it derives are true of the values the interpreter
computes, and the rewrites it proves keep every value. Instances put each rule's
premises on scalar parameters (`assume bounded` / `div_by`), iotas, broadcasts and
loops, at every integer width where the op exists, with the type's extremes among
the parameter values tried first and hypothesis draws after them."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from eqsat import rules
from eqsat.ir.types import INT_WIDTHS
from eqsat.rules.soundness import check_fact_rule

ANALYSIS = rules.get("analysis")
INFER = [r for r in ANALYSIS if not hasattr(r, "lhs")]
EXAMPLES = max(3, settings.default.max_examples // 20)
W4 = ("i8", "i16", "i32", "i64")


def _range(elem):
    if elem == "i1":
        return 0, 1
    w = INT_WIDTHS[elem]
    return -(1 << (w - 1)), (1 << (w - 1)) - 1


class Leaf:
    """A scalar parameter `%name` of type `elem`, under `lo <= x <= hi` and `d | x`
    (each written as an assume when narrower than the type)."""

    def __init__(self, name, elem, lo=None, hi=None, div=1):
        self.name, self.elem, self.div = name, elem, div
        tlo, thi = _range(elem)
        self.bounded = lo is not None or hi is not None
        self.lo, self.hi = (tlo if lo is None else lo), (thi if hi is None else hi)

    def lines(self):
        t, cur, out = f"tile<{self.elem}>", f"%{self.name}_in", []
        if self.bounded:
            out.append(f"  %{self.name}_b = assume bounded<{self.lo}, {self.hi}>, {cur} : {t}")
            cur = f"%{self.name}_b"
        if self.div > 1:
            out.append(f"  %{self.name}_d = assume div_by<{self.div}>, {cur} : {t}")
            cur = f"%{self.name}_d"
        return out, cur

    def strategy(self):
        d = self.div
        lo, hi = -(-self.lo // d), self.hi // d
        return st.integers(lo, hi).map(lambda v: v * d)

    def edges(self):
        d = self.div
        lo, hi = -(-self.lo // d) * d, self.hi // d * d
        cands = [lo, hi, 0, d, -d, 1, -1, (lo + hi) // 2 // d * d]
        return [v for v in dict.fromkeys(cands) if lo <= v <= hi and v % d == 0]


def instance(body, *leaves, grid=(1,)):
    """Kernel text, leaf strategies and edge cases of one instance; `%name` in `body`
    is the leaf under its assumes."""
    params, lines = ["%out: tile<ptr<f32>>"], []
    for lf in leaves:
        params.append(f"%{lf.name}_in: tile<{lf.elem}>")
        ls, cur = lf.lines()
        lines += ls
        for end in (" ", ",", ")", "\n"):
            body = body.replace(f"%{lf.name}{end}", f"{cur}{end}")
    src = f"entry @k({', '.join(params)}) {{\n" + "\n".join(lines) + "\n" + body.rstrip() + \
        "\n  return\n}"
    edge_lists = [lf.edges() for lf in leaves]
    edges = [dict(zip([f"{lf.name}_in" for lf in leaves], combo))
             for combo in itertools.islice(itertools.product(*edge_lists), 24)]
    # the extremes of every leaf at least once, whatever the product's order
    n = max((len(e) for e in edge_lists), default=0)
    edges += [{f"{lf.name}_in": e[i % len(e)] for lf, e in zip(leaves, edge_lists)}
              for i in range(n)]
    return {"source": src, "leaves": {f"{lf.name}_in": lf.strategy() for lf in leaves},
            "edges": edges, "grid": grid}


def per_width(template, leaf_specs, widths=W4, **kw):
    """One instance holding `template` at each width: `{w}` is the element type,
    `{s}` a per-width suffix; leaf_specs: name -> (lo, hi, div) or a callable of the
    width giving one."""
    body, leaves = "", []
    for w in widths:
        s = f"_{w}"
        for name, spec in leaf_specs.items():
            lo, hi, div = spec(w) if callable(spec) else spec
            leaves.append(Leaf(f"{name}{s}", w, lo, hi, div))
        body += template.format(w=w, s=s) + "\n"
    return instance(body, *leaves, **kw)


ANY = (None, None, 1)


def _ext(w):                      # bounds that stay clear of the i64-safe cap (2^40)
    return min(1 << 39, _range(w)[1])


CASES: dict[str, dict] = {}


def case(*names, **kw):
    def put(inst):
        for n in names:
            CASES[n] = dict(inst, **kw)
    return put


# -- divisibility -----------------------------------------------------------------------------------
case("div-const", "bounds-const", "same-const")(instance(
    "  %a = constant <i8: 96> : tile<i8>\n  %b = constant <i8: -128> : tile<i8>\n"
    "  %c = constant <i16: -32768> : tile<i16>\n  %d = constant <i32: -12> : tile<4xi32>\n"
    "  %e = constant <i64: 824633720832> : tile<i64>\n"
    "  %f = constant <i64: 9223372036854775807> : tile<i64>\n"
    "  %g = constant <i8: 127> : tile<i8>"))
case("div-zero")(instance(
    "  %a = constant <i8: 0> : tile<i8>\n  %b = constant <i64: 0> : tile<2xi64>"))
case("div-muli")(per_width("  %r{s} = muli %x{s}, %y{s} : tile<{w}>",
                           {"x": (None, None, 4), "y": (None, None, 8)}))
case("div-muli-factor")(per_width("  %r{s} = muli %x{s}, %y{s} : tile<{w}>",
                                  {"x": ANY, "y": (None, None, 16)}))
case("div-addi")(per_width("  %r{s} = addi %x{s}, %y{s} : tile<{w}>",
                           {"x": (None, None, 4), "y": (None, None, 16)}))
case("div-subi")(per_width("  %r{s} = subi %x{s}, %y{s} : tile<{w}>",
                           {"x": (None, None, 16), "y": (None, None, 4)}))
case("div-shli")(per_width(
    "  %c{s} = constant <{w}: 3> : tile<{w}>\n  %r{s} = shli %x{s}, %c{s} : tile<{w}>\n"
    "  %c9{s} = constant <{w}: 9> : tile<{w}>\n  %q{s} = shli %x{s}, %c9{s} : tile<{w}>",
    {"x": (None, None, 4)}))
case("div-shli-factor")(per_width(
    "  %c{s} = constant <{w}: 5> : tile<{w}>\n  %r{s} = shli %x{s}, %c{s} : tile<{w}>\n"
    "  %c9{s} = constant <{w}: 9> : tile<{w}>\n  %q{s} = shli %x{s}, %c9{s} : tile<{w}>",
    {"x": ANY}))
case("div-exti")(instance(
    "  %a = exti %x signed : tile<i8> -> tile<i32>\n"
    "  %b = exti %y unsigned : tile<i16> -> tile<i64>\n"
    "  %c = exti %x unsigned : tile<i8> -> tile<i16>",
    Leaf("x", "i8", div=8), Leaf("y", "i16", div=64)))
case("div-reshape", "div-broadcast")(instance(
    "  %a = reshape %x : tile<i32> -> tile<1xi32>\n"
    "  %b = broadcast %a : tile<1xi32> -> tile<4xi32>", Leaf("x", "i32", div=8)))
case("div-assume")(instance(
    "  %c8 = constant <i16: 8> : tile<i16>\n  %m = muli %x, %c8 : tile<i16>\n"
    "  %a = assume bounded<-32768, 32767>, %m : tile<i16>", Leaf("x", "i16")))
case("div-select")(instance("  %r = select %c, %x, %y : tile<i1>, tile<i64>",
                            Leaf("c", "i1"), Leaf("x", "i64", div=4), Leaf("y", "i64", div=8)))
case("div-offset")(instance(
    "  %pa = assume div_by<16>, %out : tile<ptr<f32>>\n"
    "  %q = offset %pa, %x : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>",
    Leaf("x", "i32", -64, 64, 4)))
_LOOP = """  %c40 = constant <i32: 40> : tile<i32>
  %ub = addi %x, %c40 : tile<i32>
  for %iv in (%x to %ub, step %y) : tile<i32> {
    %c1 = constant <i32: 1> : tile<i32>
    %w = addi %iv, %c1 : tile<i32>
    continue
  }"""
case("div-iv", "bounds-iv", "bounds-iv-hi")(instance(
    _LOOP, Leaf("x", "i32", -100, 100, 4), Leaf("y", "i32", 1, 64, 8)))
case("div-maxi", "div-mini")(per_width(
    "  %a{s} = maxi %x{s}, %y{s} signed : tile<{w}>\n"
    "  %b{s} = mini %x{s}, %y{s} unsigned : tile<{w}>",
    {"x": (None, None, 4), "y": (None, None, 8)}))
case("div-trunci", "bounds-trunci")(instance(
    "  %a = trunci %x : tile<i32> -> tile<i8>\n  %b = trunci %y : tile<i64> -> tile<i16>\n"
    "  %c = trunci %x : tile<i32> -> tile<i1>\n  %d = trunci %z : tile<i32> -> tile<i8>",
    Leaf("x", "i32", div=16), Leaf("y", "i64", -32768, 32767, 1024),
    Leaf("z", "i32", -128, 127)))

# -- bounds -----------------------------------------------------------------------------------------
case("bounds-block-id", "bounds-num-blocks")(instance(
    "  %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
    "  %nx, %ny, %nz = get_num_tile_blocks : tile<i32>", grid=(3, 2, 1)))
case("bounds-assume-lo", "bounds-assume-hi", "div-floor")(instance(
    "  %a = assume div_by<2>, %x : tile<i8>", Leaf("x", "i8", -100, 10)))
case("bounds-shape-lo", "bounds-shape-hi", "bounds-bcast-lo", "bounds-bcast-hi")(instance(
    "  %a = reshape %x : tile<i8> -> tile<1xi8>\n"
    "  %b = broadcast %a : tile<1xi8> -> tile<4xi8>", Leaf("x", "i8", -128, 5)))
case("bounds-exti-lo", "bounds-exti-hi")(instance(
    "  %a = exti %x signed : tile<i8> -> tile<i32>\n"
    "  %b = exti %y signed : tile<i16> -> tile<i64>",
    Leaf("x", "i8", -128, 10), Leaf("y", "i16", -5, 32767)))
case("bounds-extu")(instance(
    "  %a = exti %x unsigned : tile<i8> -> tile<i16>\n"
    "  %b = exti %y unsigned : tile<i32> -> tile<i64>",
    Leaf("x", "i8", 0, 127), Leaf("y", "i32", 3, 2147483647)))
case("bounds-addi")(per_width(
    "  %r{s} = addi %x{s}, %y{s} : tile<{w}>\n  %q{s} = addi %p{s}, %y{s} : tile<{w}>",
    {"x": lambda w: (-_ext(w) // 2, 10, 1), "y": (0, 20, 1),
     "p": lambda w: (_ext(w) - 20, _ext(w) - 20, 1)}))
case("bounds-subi")(per_width(
    "  %r{s} = subi %x{s}, %y{s} : tile<{w}>",
    {"x": lambda w: (-_ext(w) // 2, 10, 1), "y": (0, 20, 1)}))
case("bounds-muli")(per_width(
    "  %r{s} = muli %x{s}, %y{s} : tile<{w}>", {"x": (0, 11, 1), "y": (0, 11, 1)}))
case("bounds-andi")(per_width(
    "  %r{s} = andi %x{s}, %y{s} : tile<{w}>", {"x": ANY, "y": (0, 100, 1)}))
case("bounds-maxi-lo", "bounds-maxi-hi", "bounds-mini-hi", "bounds-mini-lo")(per_width(
    "  %a{s} = maxi %x{s}, %y{s} signed : tile<{w}>\n"
    "  %b{s} = mini %x{s}, %y{s} signed : tile<{w}>",
    {"x": lambda w: (_range(w)[0], 10, 1), "y": lambda w: (-20, _range(w)[1], 1)}))

# -- runs along the last axis -------------------------------------------------------------------------
def _bcast(w, *names):
    """Each scalar leaf broadcast to a tile<8x{w}> named %t<leaf> (one value per tile)."""
    out = ""
    for n in names:
        out += (f"  %r{n} = reshape %{n} : tile<{w}> -> tile<1xi{w[1:]}>\n"
                f"  %t{n} = broadcast %r{n} : tile<1xi{w[1:]}> -> tile<8xi{w[1:]}>\n")
    return out


case("same-bcast-scalar")(instance(_bcast("i32", "x"), Leaf("x", "i32")))
case("same-assume")(instance(_bcast("i16", "x") +
                             "  %a = assume div_by<1>, %tx : tile<8xi16>", Leaf("x", "i16")))
case("same-exti", "same-trunci")(instance(
    _bcast("i8", "x") + "  %a = exti %tx signed : tile<8xi8> -> tile<8xi64>\n"
    "  %b = trunci %a : tile<8xi64> -> tile<8xi1>", Leaf("x", "i8")))
case("same-select")(instance(
    _bcast("i1", "c") + _bcast("i32", "x") + _bcast("i32", "y") +
    "  %s = select %tc, %tx, %ty : tile<8xi1>, tile<8xi32>",
    Leaf("c", "i1"), Leaf("x", "i32"), Leaf("y", "i32")))
case("contig-assume")(instance(
    "  %io = iota : tile<16xi16>\n  %a = assume bounded<0, 100>, %io : tile<16xi16>"))
case("contig-exti", "contig-div-every-lane")(instance(
    "  %io = iota : tile<128xi8>\n  %a = exti %io signed : tile<128xi8> -> tile<128xi32>\n"
    "  %jo = iota : tile<256xi8>\n  %b = exti %jo signed : tile<256xi8> -> tile<256xi32>\n"
    "  %ko = iota : tile<512xi16>\n  %c = exti %ko unsigned : tile<512xi16> -> tile<512xi64>"))
_SAME_OPS = {
    "addi": "addi %tx, %ty", "subi": "subi %tx, %ty", "muli": "muli %tx, %ty",
    "andi": "andi %tx, %ty", "ori": "ori %tx, %ty", "xori": "xori %tx, %ty",
    "maxi": "maxi %tx, %ty signed", "mini": "mini %tx, %ty unsigned",
    "shli": "shli %tx, %ty", "shri": "shri %tx, %ty signed",
    "divi": "divi %tx, %ty signed", "remi": "remi %tx, %ty unsigned"}
for _op, _txt in _SAME_OPS.items():
    _w = {"shli": "i8", "shri": "i16", "divi": "i64", "remi": "i8"}.get(_op, "i32")
    _y = Leaf("y", _w, 1, 7) if _op in ("shli", "shri", "divi", "remi") else Leaf("y", _w)
    case(f"same-{_op}")(instance(_bcast(_w, "x", "y") + f"  %o = {_txt} : tile<8x{_w}>",
                                 Leaf("x", _w), _y))
case("same-cmpi")(instance(
    _bcast("i64", "x", "y") + "  %o = cmpi less_than %tx, %ty, unsigned : tile<8xi64> -> "
    "tile<8xi1>", Leaf("x", "i64"), Leaf("y", "i64")))
_PTRS = ("  %rp = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
         "  %bp = broadcast %rp : tile<1xptr<f32>> -> tile<8xptr<f32>>\n")
case("same-offset")(instance(
    _PTRS + _bcast("i32", "x") +
    "  %o = offset %bp, %tx : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>",
    Leaf("x", "i32", -16, 16)))
case("same-reshape-last", "contig-reshape-last", "same-broadcast-last",
     "contig-broadcast-last")(instance(
         "  %io = iota : tile<8xi32>\n  %a = reshape %io : tile<8xi32> -> tile<1x8xi32>\n"
         "  %b = broadcast %a : tile<1x8xi32> -> tile<4x8xi32>\n" + _bcast("i32", "x") +
         "  %c = reshape %tx : tile<8xi32> -> tile<1x8xi32>\n"
         "  %d = broadcast %c : tile<1x8xi32> -> tile<4x8xi32>", Leaf("x", "i32")))
case("contig-addi", "contig-subi")(per_width(
    "  %io{s} = iota : tile<8x{w}>\n"
    "  %r{s} = reshape %x{s} : tile<{w}> -> tile<1x{w}>\n"
    "  %t{s} = broadcast %r{s} : tile<1x{w}> -> tile<8x{w}>\n"
    "  %a{s} = addi %io{s}, %t{s} : tile<8x{w}>\n  %b{s} = subi %io{s}, %t{s} : tile<8x{w}>",
    {"x": (None, None, 4)}))
# runs of 4 equal lanes inside a tile of 8 (no op states them: given as premises)
_FOURS = ("  %i2 = iota : tile<2xi32>\n  %c4 = constant <i32: 4> : tile<2xi32>\n"
          "  %m4 = muli %i2, %c4 : tile<2xi32>\n"
          "  %r4 = reshape %m4 : tile<2xi32> -> tile<2x1xi32>\n"
          "  %b4 = broadcast %r4 : tile<2x1xi32> -> tile<2x4xi32>\n"
          "  %fours = reshape %b4 : tile<2x4xi32> -> tile<8xi32>\n")
case("contig-addi-split", "contig-subi-split", premises={"fours": {"same": 4, "div": 4}})(instance(
    _FOURS + "  %io = iota : tile<8xi32>\n  %a = addi %io, %fours : tile<8xi32>\n"
    "  %b = subi %io, %fours : tile<8xi32>"))
case("contig-offset", "contig-offset-aligned", "contig-offset-base", "div-offset")(instance(
    _PTRS + _bcast("i32", "x") +
    "  %i64 = iota : tile<8xi64>\n  %i32 = iota : tile<8xi32>\n"
    "  %a = offset %bp, %i64 : tile<8xptr<f32>>, tile<8xi64> -> tile<8xptr<f32>>\n"
    "  %b = offset %bp, %i32 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
    "  %c = offset %b, %tx : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>",
    Leaf("x", "i32", -16, 16, 4)))
case("contig-offset-split", "contig-offset-split-aligned", "contig-offset-base-split",
     premises={"pf": {"same": 4}, "fours": {"same": 4, "div": 4}})(instance(
    _PTRS + _FOURS + "  %pf = offset %bp, %fours : tile<8xptr<f32>>, tile<8xi32> -> "
    "tile<8xptr<f32>>\n  %i64 = iota : tile<8xi64>\n  %i32 = iota : tile<8xi32>\n"
    "  %a = offset %pf, %i64 : tile<8xptr<f32>>, tile<8xi64> -> tile<8xptr<f32>>\n"
    "  %b = offset %pf, %i32 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
    "  %bb = offset %bp, %i32 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
    "  %c = offset %bb, %fours : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>"))

# -- rewrites the analyses prove ------------------------------------------------------------------
for _pred in ("less_than", "less_than_or_equal", "greater_than", "greater_than_or_equal",
              "not_equal", "equal"):
    for _sign in ("signed", "unsigned"):
        for _side in ("below", "above"):
            def _specs(w, side=_side, sign=_sign):
                lo, hi = _range(w)
                if sign == "unsigned":
                    lo = 0
                mid = 5
                low, high = (lo, mid), (mid + 1, hi)
                return {"x": low if side == "below" else high,
                        "y": high if side == "below" else low}
            _body = (f"  %o{{s}} = cmpi {_pred} %x{{s}}, %y{{s}}, {_sign} : tile<{{w}}> -> "
                     "tile<i1>")
            _widths = ("i8", "i16", "i64")
            _leaves = {n: (lambda w, n=n: (*_specs(w)[n], 1)) for n in ("x", "y")}
            case(f"cmpi-{_pred}-{_sign}-{_side}")(per_width(_body, _leaves, _widths))
case("remi-divisible")(per_width(
    "  %k{s} = constant <{w}: 8> : tile<{w}>\n  %a{s} = remi %x{s}, %k{s} signed : tile<{w}>\n"
    "  %b{s} = remi %x{s}, %k{s} unsigned : tile<{w}>", {"x": (None, None, 16)}))
case("remi-in-range", "divi-in-range", "divi-in-range-u")(per_width(
    "  %k{s} = constant <{w}: 7> : tile<{w}>\n  %a{s} = remi %x{s}, %k{s} signed : tile<{w}>\n"
    "  %b{s} = divi %x{s}, %k{s} signed : tile<{w}>\n"
    "  %c{s} = divi %x{s}, %k{s} unsigned : tile<{w}>", {"x": (0, 6, 1)}))


def check(name):
    rule = next(r for r in ANALYSIS if r.name == name)
    c = CASES[name]
    return check_fact_rule(rule, c["source"], leaves=c["leaves"], edges=c["edges"],
                           grid=c["grid"], context=INFER, examples=EXAMPLES,
                           premises=c.get("premises"))


@pytest.mark.parametrize("name", [r.name for r in ANALYSIS])
def test_analysis_rule_is_sound(name):
    assert name in CASES, f"no instance for analysis rule '{name}'"
    res = check(name)
    assert res.ok, res.message
    assert res.examples > 0


# -- the checker itself catches what it must --------------------------------------------------------
def test_unbounded_run_extension_is_caught():
    """contig-exti without its width condition: an iota of 256 lanes in i8 is one run
    modulo 2^8, but its sign extension is not (127 -> -128)."""
    from egglog import set_

    from eqsat.egraph.analyses import contig, contig_div
    from eqsat.rules.dsl import exti, infer, ints, terms
    n, x = terms("n x")
    k1, d1 = ints("k1 d1")
    bad = infer("contig-exti-any-length", n == exti(x), contig(x) == k1, contig_div(x) == d1,
                d1 >= k1, then=[set_(contig(n)).to(k1), set_(contig_div(n)).to(d1)])
    src = ("entry @k(%out: tile<ptr<f32>>) {\n  %io = iota : tile<256xi8>\n"
           "  %e = exti %io signed : tile<256xi8> -> tile<256xi32>\n  return\n}")
    # the seed caps the i8 run at 128 lanes, so claim the long run as a premise
    res = check_fact_rule(bad, src, context=INFER, premises={"io": {"contig": 256}})
    assert not res.ok
    assert "contig" in res.message


def test_false_premise_is_reported():
    c = CASES["contig-addi-split"]
    res = check_fact_rule(next(r for r in ANALYSIS if r.name == "contig-addi"),
                          c["source"], context=INFER, premises={"fours": {"same": 8}})
    assert not res.ok and "same 8" in res.message


def test_unsound_rewrite_is_caught():
    from eqsat.egraph import terms as T
    from eqsat.egraph.analyses import hi, lo
    from eqsat.rules.dsl import ints, remi, rewrite, strs, terms, tys
    x, = terms("x")
    ti, = tys("ti")
    e, = strs("e")
    k, l1, h1 = ints("k l1 h1")
    bad = rewrite("remi-in-range-off-by-one", remi(x, T.Const(ti, e, k)), x,
                  lo(x) == l1, hi(x) == h1, l1 >= 0, k > 0, h1 <= k)
    inst = per_width("  %k{s} = constant <{w}: 7> : tile<{w}>\n"
                     "  %a{s} = remi %x{s}, %k{s} signed : tile<{w}>", {"x": (0, 7, 1)},
                     ("i8",))
    res = check_fact_rule(bad, inst["source"], leaves=inst["leaves"], edges=inst["edges"],
                          context=INFER)
    assert not res.ok and "before" in res.message


def test_seed_of_a_wrapping_iota_holds_on_its_lanes():
    """The iota facts seeded at encode time (eqsat.egraph.analyses.iota_facts) are
    checked on the lanes of iotas at every width, up to as many lanes as the type has
    values (the upper half of those are negative as signed: the lanes wrap)."""
    body = "".join(f"  %i{n}{w} = iota : tile<{n}x{w}>\n"
                   for w, ns in (("i8", (64, 128, 256)), ("i16", (256, 65536)),
                                 ("i32", (256,)), ("i64", (128,)), ("i1", (1, 2)))
                   for n in ns)
    src = f"entry @k(%out: tile<ptr<f32>>) {{\n{body}  return\n}}"
    res = check_fact_rule(next(r for r in ANALYSIS if r.name == "div-floor"), src,
                          context=INFER)
    assert res.ok, res.message
