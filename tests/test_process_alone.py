"""A library leaves its caller's process alone: importing eqsat and calling its public
functions, from one thread or several at once, changes neither the garbage collector's
state and thresholds, nor the interpreter's switch interval, nor `sys.meta_path`, and
leaves no thread behind. Each case runs in a fresh interpreter, so that what earlier
tests imported or started cannot hide a change."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from corpus_util import CORPUS

# Prints the process-wide state before `import eqsat`, after it, while optimize runs
# (from its on_saturated hook) and after all calls, as JSON; exits 1 on a thread's error.
SCRIPT = textwrap.dedent('''
    import gc, json, sys, threading
    if sys.argv[1] == "off":
        gc.disable()
    gc.set_threshold(1234, 56, 7)
    sys.setswitchinterval(0.0123)

    def state():
        return {"gc": gc.isenabled(), "thresholds": list(gc.get_threshold()),
                "switch": sys.getswitchinterval(),
                "meta_path": [repr(f) for f in sys.meta_path],
                "threads": sorted(t.name for t in threading.enumerate())}

    seen = {"before": state()}
    import eqsat
    seen["import"] = state()
    from eqsat import optimize, parse_file, print_kernel, verify
    kernels = [parse_file(p) for p in sys.argv[2:]]
    during = []
    for k in kernels:
        res = optimize(k, on_saturated=lambda eg: during.append(state()))
        verify(res.kernel)
        print_kernel(res.kernel)
    seen["during"] = during[0]
    seen["one thread"] = state()
    errors = []

    def work(k):
        try:
            for _ in range(2):
                optimize(k, versioning=True)
        except BaseException as e:
            errors.append(repr(e))

    threads = [threading.Thread(target=work, args=(k,), name=f"caller-{i}")
               for i, k in enumerate(kernels * 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seen["threads"] = state()
    gc.collect()
    print(json.dumps(seen))
    sys.exit(1 if errors else 0)
''')

KERNELS = [CORPUS / f"{n}.seq.mlir" for n in ("vector_add", "softmax_tiled")]


@pytest.mark.parametrize("collector", ["on", "off"])
def test_import_and_optimize_leave_the_process_as_it_was(collector):
    r = subprocess.run([sys.executable, "-c", SCRIPT, collector, *map(str, KERNELS)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    # egglog reports an e-graph freed in a thread other than its own on stderr
    assert r.stderr == ""
    seen = json.loads(r.stdout)
    before = seen.pop("before")
    assert before["gc"] is (collector == "on")
    assert before["thresholds"] == [1234, 56, 7] and before["switch"] == 0.0123
    for when, now in seen.items():
        assert now == before, when


def test_optimize_leaves_no_e_graph_view_to_the_garbage_collector() -> None:
    """Views and their e-nodes are freed by reference counting (objects, not closures
    over a view, hold them), so the collector never walks a kernel's e-graph after it."""
    import gc

    from eqsat.egraph.view import EGraphView, ENode
    from eqsat.pipeline.optimize import optimize
    from eqsat.text import parse_file
    kernel = parse_file(CORPUS / "moe_permute.seq.mlir")
    optimize(kernel)
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        optimize(kernel)
        gc.collect()
        left = sum(isinstance(o, (EGraphView, ENode)) for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()
    assert left == 0, f"{left} views or e-nodes were freed only by the garbage collector"
