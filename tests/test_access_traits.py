"""What the e-graph engine asks the op table instead of op names: which ops access memory
through pointers or views (whose access width is judged), which have an effect no token
orders; and the one fact record's join."""
from eqsat.analysis.facts import ValueFacts
from eqsat.egraph.cost import DEFAULT
from eqsat.egraph.width import access_kind
from eqsat.ir.ops import SPECS


def test_pointer_and_view_accesses():
    assert sorted(n for n, s in SPECS.items() if s.is_pointer_access) == [
        "atomic_cas_tko", "atomic_rmw_tko", "load_ptr_tko", "store_ptr_tko"]
    judged = {n: access_kind(n) for n in SPECS if access_kind(n) is not None}
    assert judged == {"load_ptr_tko": "ptr", "store_ptr_tko": "ptr", "atomic_rmw_tko": "ptr",
                      "atomic_cas_tko": "ptr", "load_view_tko": "view",
                      "store_view_tko": "view"}
    assert access_kind("no_such_op") is None


def test_tokenless_effect_is_print_alone():
    assert [n for n, s in SPECS.items() if s.is_tokenless_effect] == ["print"]
    assert not SPECS["print_tko"].is_tokenless_effect


def test_token_edges_follow_what_the_ops_do():
    store, load = "store_view_tko", "load_ptr_tko"
    raw = DEFAULT.token_edge(store, load)
    assert raw == DEFAULT.l2_near + DEFAULT.t_bar                 # a load after a write
    assert DEFAULT.token_edge("atomic_rmw_tko", load) == raw
    assert DEFAULT.token_edge(load, "atomic_red_view_tko") == DEFAULT.t_bar   # WAR
    assert DEFAULT.token_edge(load, load) == 0.0
    assert DEFAULT.token_edge("print_tko", load) == 0.0          # output, not memory


def test_fact_join_keeps_the_stronger_of_each():
    a = ValueFacts(div=4, lo=0, hi=100, contig=8, same=2)
    b = ValueFacts(const=7, div=16, lo=-5, hi=50, contig_div=32, exact=True)
    j = a.join(b)
    assert j == ValueFacts(const=7, div=16, lo=0, hi=50, contig=8, contig_div=32, same=2,
                           exact=True)
    assert b.join(a) == j
    assert ValueFacts().join(ValueFacts()) == ValueFacts()
    assert ValueFacts(lo=3, hi=3).is_exact and not ValueFacts(lo=3).is_exact
    assert ValueFacts(const=0).is_exact and ValueFacts(exact=True).is_exact


def _view_kernel(n: int, elem: str):
    from eqsat.text import parse
    pv = f"partition_view<tile=({n}), tensor_view<?x{elem}, strides=[1]>>"
    mode = "addf" if elem.startswith("f") else "add"
    return parse(f"""entry @k(%p: tile<ptr<{elem}>>, %n: tile<i32>, %v: tile<{n}x{elem}>) {{
  %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?x{elem}, strides=[1]>
  %pv = make_partition_view %tv : {pv}
  %c0 = constant <i32: 0> : tile<i32>
  %t0 = make_token : token
  %t = atomic_red_view_tko relaxed device %pv[%c0], {mode}, %v token = %t0 : tile<{n}x{elem}>, {pv}, tile<i32> -> token
  %s = store_view_tko weak %v, %pv[%c0] token=%t : tile<{n}x{elem}>, {pv}, tile<i32> -> token
  return
}}""")


def test_a_view_reduction_costs_what_the_store_of_its_tile_costs():
    """tileiras compiles a reduction through a view as it compiles the store (REDG for
    STG): one access of its value tile, its requests and bytes, not one ALU op."""
    from eqsat.egraph.cost import OpInfo, _info
    costs = {}
    for n, elem in ((16, "f32"), (1024, "f32"), (1024, "i32"), (256, "f16")):
        ops = {op.name: op for op in _view_kernel(n, elem).walk()}
        red, store = (DEFAULT.op_cost(_info(ops[x])) for x in ("atomic_red_view_tko",
                                                              "store_view_tko"))
        assert red == store, (n, elem, red, store)
        # as extraction sees it: no token among the operands
        op = ops["atomic_red_view_tko"]
        assert op.token_in is not None
        seen = OpInfo(op.name, tuple(r.type for r in op.results),
                      tuple(v.type for v in op.operands if v is not op.token_in), op.attrs)
        assert DEFAULT.op_cost(seen) == red
        costs[n, elem] = red
    assert costs[1024, "f32"] > 32 * costs[16, "f32"]      # its bytes, not a fixed price
