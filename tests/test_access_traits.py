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
