"""A thread that owns e-graphs, so forgetting a kernel overlaps the work that follows.

egglog ties an e-graph to the thread that made it, and a reused e-graph forgets a kernel
by popping back to its template and copying the template again for the next one (a
copy of every compiled rule: a fifth of a small kernel's time). Once a kernel's
saturated e-graph has been read, nothing needs that e-graph any more, yet the pop and
the next push ran before `optimize` could return.

So each thread that optimizes gets a companion thread that does all of its e-graph work:
the caller hands it a job and waits, and the job may return a follow-up that the
companion runs after handing the result back: saturation, while the caller prices the
program as encoded, then the pop and the next push, while the caller extracts. egglog
releases the GIL while it saturates, pops and copies, so these overlap the caller's
Python work. Each e-graph sees the operations and order of a single thread (the caller
waits for a job, and a job for the previous job's follow-up), and what each thread
computes depends only on its inputs, so outputs do not change. A caller that hands over
the next kernel while its companion still forgets the last one gets a second companion
rather than waiting (`run_owned`).

A companion stops when its caller's thread ends, at interpreter exit, and in a forked
child (which gets new ones on demand).
"""
from __future__ import annotations

import atexit
import gc
import os
import queue
import sys
import threading
import traceback
import weakref
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from typing import Any


# A job returns its value and a follow-up (or None) that runs once the value is handed back.
Job = Callable[[], "tuple[Any, Callable[[], None] | None]"]

_STOP = None
JOIN_SECONDS = 30.0      # how long interpreter exit waits for a companion's follow-up


class Companion:
    """One thread doing one caller thread's e-graph work, job after job."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._graveyard: list[object] = []          # see `bury`
        self._unfinished = [0]     # jobs handed over whose follow-up has not ended yet
        self._thread = threading.Thread(target=_serve,
                                        args=(self._jobs, self._graveyard, self._unfinished),
                                        daemon=True, name="eqsat-egraph")
        self._thread.start()
        # its caller's thread ended (its thread-local entry went): stop it
        weakref.finalize(self, self._jobs.put, _STOP)

    def call(self, job: Job) -> Any:
        """Run `job` in this companion and return its value (or raise what it raised);
        its follow-up runs after, while the caller goes on."""
        fut: Future[Any] = Future()
        sweep = bool(self._graveyard)
        if sweep:
            gc.collect()           # this thread's garbage, freed here (see `bury`)
        with _LOCK:
            self._unfinished[0] += 1
        self._jobs.put((job, fut, sweep))
        return fut.result()

    def idle(self) -> bool:
        """No job of its caller's is queued or running, follow-up included."""
        return self._unfinished[0] == 0

    def post(self, fn: Callable[[], None]) -> None:
        """Run `fn` in this companion after the jobs already queued; nobody waits."""
        self._jobs.put((fn, None, False))

    def alive(self) -> bool:
        return self._thread.is_alive()

    def stop(self, timeout: float | None = None) -> None:
        self._jobs.put(_STOP)
        self._thread.join(timeout)


def _serve(jobs: queue.SimpleQueue[Any], graveyard: list[object],
           unfinished: list[int]) -> None:
    _HERE.companion = True
    _HERE.graveyard = graveyard
    while True:
        item = jobs.get()
        if item is _STOP:
            break
        fn, fut, sweep = item
        if fut is None:                    # posted: housekeeping, nobody waits for it
            try:
                fn()
            except Exception:              # pragma: no cover - housekeeping never raises
                pass
            continue
        if sweep:                          # the caller collected and waits (see `bury`)
            _sweep()
        follow_up = None
        try:
            value, follow_up = fn()
        except BaseException as e:         # the caller re-raises it
            detach(e)
            fut.set_exception(e)
        else:
            fut.set_result(value)
        del fn, fut, item
        if follow_up is not None:
            try:
                follow_up()
            except BaseException:          # pragma: no cover - a follow-up handles its own
                pass
            del follow_up
        with _LOCK:
            unfinished[0] -= 1
    for hook in list(_ON_STOP):
        hook()
    graveyard.clear()
    _HERE.__dict__.clear()
    gc.collect()


def bury(obj: object) -> None:
    """Keep `obj`, which holds an e-graph made in this companion, until the next job
    starts, and free it then, here. egglog's Python side keeps e-graph states in
    reference cycles, so the last reference to an e-graph may go with a garbage
    collection, in whichever thread runs it, and a thread other than the e-graph's own
    leaks it, with an error. So the caller collects its own garbage before it hands over
    that job (e-graphs it made go there), then waits while this companion lets `obj` go
    and collects what that leaves. Outside a companion, `obj` is just let go."""
    if in_companion():
        _HERE.graveyard.append(obj)


def _sweep() -> None:
    dead = _HERE.graveyard
    if dead:
        dead.clear()
        gc.collect()


def detach(e: BaseException) -> None:
    """Make an exception from a job safe to hand to the caller. Its traceback here (and
    those of the exceptions it chains) can keep an e-graph alive (a frame keeps its
    function, and egglog's functions close over e-graph states), and the caller's
    thread must not be the one that frees it: the tracebacks are buried (`bury`), and
    the caller gets the exception with this part of its traceback as text, in a note."""
    where = "".join(traceback.format_tb(e.__traceback__))
    seen: set[int] = set()
    x: BaseException | None = e
    while x is not None and id(x) not in seen:
        seen.add(id(x))
        if x.__traceback__ is not None:
            bury(x.__traceback__)
            x.__traceback__ = None
        x = x.__cause__ or x.__context__
    if where:
        e.add_note("raised in the thread that owns the e-graph (eqsat.egraph.owner):\n"
                   + where.rstrip())


_LOCAL = threading.local()            # caller thread -> its companion
_HERE = threading.local()             # set in a companion's own thread
_ALL: weakref.WeakSet[Companion] = weakref.WeakSet()
_ON_STOP: list[Callable[[], None]] = []
_LOCK = threading.Lock()


def in_companion() -> bool:
    """Whether this thread is a companion (its work runs here, not in another thread)."""
    return getattr(_HERE, "companion", False)


def companion() -> Companion:
    """The calling thread's companion, started on first use."""
    return _started("companion")


def _started(slot: str) -> Companion:
    """The calling thread's companion in `slot` ("companion", or "spare": see
    `run_owned`), started on first use."""
    c: Companion | None = getattr(_LOCAL, slot, None)
    if c is None or not c.alive():
        c = Companion()
        setattr(_LOCAL, slot, c)
        with _LOCK:
            _ALL.add(c)
    return c


def run_owned(job: Job) -> Any:
    """Run `job` where this thread's e-graphs live: in its companion, or right here (and
    its follow-up too) when this thread is a companion itself.

    A caller that hands over a job while its companion still forgets the previous
    kernel (the follow-up: 2-5 ms) gets a second companion, with e-graphs of its own,
    instead of waiting: a job goes to the first companion when it is idle, else to the
    second. Each builds its e-graphs the same way, so which one runs a job does
    not change what it computes; it only keeps a caller that optimizes one kernel after
    another from waiting for each pop and push."""
    if in_companion():
        value, follow_up = job()
        if follow_up is not None:
            follow_up()
        return value
    first = companion()
    if first.idle() or not SPARE:
        return first.call(job)
    return _started("spare").call(job)


# whether a caller whose companion is busy forgetting a kernel gets a second one
SPARE = True


def post_everywhere(fn: Callable[[], None]) -> None:
    """Run `fn` in every live companion (housekeeping of what each one holds)."""
    with _LOCK:
        live = list(_ALL)
    for c in live:
        c.post(fn)


def on_stop(hook: Callable[[], None]) -> None:
    """Run `hook` in each companion as it stops (to drop what it holds, in its thread)."""
    _ON_STOP.append(hook)


# -- handing the interpreter over often while a caller works beside its companion ---------------
HANDOVER_SECONDS = 0.0002    # the switch interval then (Python's default: 0.005)
_brisk_lock = threading.Lock()
_brisk = 0                   # callers working beside their companion now
_interval = 0.0              # the switch interval before the first of them


@contextmanager
def brisk_handover() -> Iterator[None]:
    """While the block runs, the interpreter hands the GIL to a thread that waits for it
    within `HANDOVER_SECONDS` instead of Python's 5 ms. For a caller that works in
    Python while its companion saturates: the companion runs egglog without the GIL
    but needs it between iterations, and at the default interval each of those waits
    could last as long as the caller's whole stage. The interval is restored when the
    last such block (in any thread) ends."""
    global _brisk, _interval
    with _brisk_lock:
        if _brisk == 0:
            _interval = sys.getswitchinterval()
            sys.setswitchinterval(min(_interval, HANDOVER_SECONDS))
        _brisk += 1
    try:
        yield
    finally:
        with _brisk_lock:
            _brisk -= 1
            if _brisk == 0:
                sys.setswitchinterval(_interval)


def _stop_all() -> None:
    with _LOCK:
        live = list(_ALL)
    if live:
        gc.collect()               # this thread's garbage, freed here (see `bury`)
    for c in live:
        c.stop(JOIN_SECONDS)


def _forget_after_fork() -> None:
    global _LOCAL, _ALL, _LOCK
    _LOCAL = threading.local()
    _ALL = weakref.WeakSet()
    _LOCK = threading.Lock()


atexit.register(_stop_all)
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_after_fork)


__all__ = ["Companion", "brisk_handover", "bury", "companion", "detach", "in_companion",
           "on_stop", "post_everywhere", "run_owned"]
