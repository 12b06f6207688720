"""The companion thread that owns a caller's e-graphs (`eqsat.egraph.owner`): it does the
e-graph stages of `optimize`, hands their result back before it forgets the kernel, keeps
the order of a single thread, survives failures, and stops with its caller."""
from __future__ import annotations

import multiprocessing
import sys
import threading
import time

import pytest

from corpus_util import CORPUS
from eqsat.egraph import owner
from eqsat.errors import EqsatError
from eqsat.pipeline.optimize import optimize
from eqsat.rules import RuleSet, rewrite
from eqsat.rules.dsl import iconst, muli, terms
from eqsat.text import parse_file, print_kernel

VECTOR_ADD = CORPUS / "vector_add.seq.mlir"
SOFTMAX = CORPUS / "softmax_tiled.seq.mlir"


def test_the_egraph_stages_run_in_the_companion():
    seen: list[tuple[threading.Thread, bool]] = []
    optimize(parse_file(VECTOR_ADD),
             on_saturated=lambda eg: seen.append((threading.current_thread(),
                                                  owner.in_companion())))
    (thread, inside), = seen
    assert thread is not threading.current_thread() and inside
    assert thread.name == "eqsat-egraph" and thread.daemon
    assert not owner.in_companion()


def test_the_value_comes_back_before_the_follow_up_runs():
    release, order = threading.Event(), []

    def follow_up() -> None:
        release.wait(10)
        order.append("follow-up")

    assert owner.run_owned(lambda: ("value", follow_up)) == "value"
    assert order == []                    # handed back while the follow-up waits
    release.set()
    owner.run_owned(lambda: (order.append("next job"), None))
    assert order == ["follow-up", "next job"]     # the next job waited for it


def test_a_failing_job_is_raised_in_the_caller_and_the_companion_goes_on():
    def bad() -> tuple[None, None]:
        raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"):
        owner.run_owned(bad)
    assert owner.run_owned(lambda: (42, None)) == 42
    want = print_kernel(optimize(parse_file(VECTOR_ADD)).kernel)
    assert print_kernel(optimize(parse_file(VECTOR_ADD)).kernel) == want


def test_a_rule_error_reaches_the_caller_and_the_next_kernel_is_unharmed():
    x, = terms("x")
    # the right-hand side's type is unbound: egglog refuses the rule as the companion
    # registers it
    bad = RuleSet("owner-bad", [rewrite("owner-unbound", muli(x, iconst(3)),
                                        muli(x, iconst(3)))])
    src = CORPUS / "vector_add.seq.mlir"
    want = print_kernel(optimize(parse_file(src)).kernel)
    with pytest.raises(EqsatError):
        optimize(parse_file(src), rules=["algebra", bad])
    assert print_kernel(optimize(parse_file(src)).kernel) == want


def test_a_hook_may_optimize_again():
    want = print_kernel(optimize(parse_file(SOFTMAX)).kernel)
    inner: list[str] = []
    outer = optimize(parse_file(VECTOR_ADD), on_saturated=lambda eg: inner.append(
        print_kernel(optimize(parse_file(SOFTMAX)).kernel)))
    assert inner == [want]
    assert print_kernel(outer.kernel) == print_kernel(optimize(parse_file(VECTOR_ADD)).kernel)


def _companions() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name == "eqsat-egraph"}


def test_the_companion_stops_with_its_thread():
    before = _companions()
    got: list[str] = []
    t = threading.Thread(target=lambda: got.append(
        print_kernel(optimize(parse_file(VECTOR_ADD)).kernel)))
    t.start()
    t.join()
    assert got == [print_kernel(optimize(parse_file(VECTOR_ADD)).kernel)]
    deadline = time.monotonic() + 10
    while _companions() - before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not _companions() - before


def _optimize_text(path: str) -> str:
    return print_kernel(optimize(parse_file(path)).kernel)


@pytest.mark.skipif(sys.platform != "linux", reason="fork start method")
def test_a_forked_child_gets_a_companion_of_its_own():
    want = _optimize_text(str(VECTOR_ADD))           # this process has a companion now
    with multiprocessing.get_context("fork").Pool(1) as pool:
        assert pool.apply(_optimize_text, (str(VECTOR_ADD),)) == want


def test_an_error_after_the_first_part_reaches_the_caller():
    """Saturation and the hook run while the caller prices the program as encoded; what
    they raise comes back from `optimize`, with where it was raised as a note."""
    def hook(eg):
        raise RuntimeError("hook failed")

    with pytest.raises(RuntimeError, match="hook failed") as info:
        optimize(parse_file(VECTOR_ADD), on_saturated=hook)
    assert any("raised in the thread that owns the e-graph" in n
               for n in getattr(info.value, "__notes__", []))
    want = print_kernel(optimize(parse_file(SOFTMAX)).kernel)
    assert print_kernel(optimize(parse_file(SOFTMAX)).kernel) == want


def test_the_switch_interval_comes_back_as_it_was():
    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.01)
        seen: list[float] = []
        with owner.brisk_handover():
            seen.append(sys.getswitchinterval())
            with owner.brisk_handover():
                seen.append(sys.getswitchinterval())
            seen.append(sys.getswitchinterval())
        assert seen == pytest.approx([owner.HANDOVER_SECONDS] * 3)
        assert sys.getswitchinterval() == pytest.approx(0.01)
        optimize(parse_file(VECTOR_ADD))
        assert sys.getswitchinterval() == pytest.approx(0.01)
        errors: list[BaseException] = []

        def work() -> None:
            try:
                for _ in range(2):
                    optimize(parse_file(VECTOR_ADD))
            except BaseException as e:          # reported below
                errors.append(e)

        threads = [threading.Thread(target=work) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors and sys.getswitchinterval() == pytest.approx(0.01)
    finally:
        sys.setswitchinterval(before)


def test_a_companion_still_forgetting_a_kernel_hands_the_next_to_a_spare():
    # the first companion is kept busy by a follow-up that waits: the next kernel runs in
    # a second companion, on e-graphs of its own, and comes out the same
    k = parse_file(SOFTMAX)
    before = print_kernel(optimize(k).kernel)
    first = owner.companion()
    gate = threading.Event()
    first.call(lambda: (None, gate.wait))
    try:
        assert not first.idle()
        ran: list[threading.Thread] = []
        res = optimize(k, on_saturated=lambda eg: ran.append(threading.current_thread()))
    finally:
        gate.set()
    (thread,) = ran
    assert thread is not first._thread and thread.name == "eqsat-egraph"
    assert print_kernel(res.kernel) == before
    for _ in range(200):                      # the follow-up ends, and the first is idle
        if first.idle():
            break
        time.sleep(0.01)
    assert first.idle()
