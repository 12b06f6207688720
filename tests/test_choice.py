"""The compile path's candidates through tileiras: every candidate the time model may
choose computes what the kernel computes, `eqsat cutile --cubin` reports the choice, and
random kernels keep their meaning through the new path (the `cuda` extra)."""
from __future__ import annotations

import importlib.util
import json

import pytest

from corpus_util import CORPUS, ROOT, SPECS
from eqsat.toolchain import missing_reason

_WHY = missing_reason()
pytestmark = [
    pytest.mark.cuda,
    pytest.mark.skipif(_WHY is not None, reason=f"needs the 'cuda' extra: {_WHY}"),
]


def _bench_gpu():
    spec = importlib.util.spec_from_file_location("bench_gpu", ROOT / "benchmarks" / "bench_gpu.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _time_even(tmp_path):
    data = json.loads((SPECS / "softmax_tiled.json").read_text())
    specs = _bench_gpu()._specs("softmax_tiled", data)
    path = tmp_path / "time-even.json"
    path.write_text(json.dumps(specs["time-even"]))
    even = tmp_path / "even.json"
    even.write_text(json.dumps(specs["even"]))
    return path, even


def test_cutile_cubin_reports_the_choice_and_every_candidate_keeps_meaning(tmp_path, capsys):
    from eqsat.cli import main
    from eqsat.equiv import check_equivalent
    from eqsat.frontend import from_cutile, load_cutile
    from eqsat.frontend.launch import kernel_signature
    from eqsat.interp.inputs import load_spec
    from eqsat.lowering.cutile_workflow import compile_ir
    from eqsat.text import parse_file

    big, even = _time_even(tmp_path)
    f = str(CORPUS / "softmax_tiled.py")
    assert main(["cutile", f, "--inputs", str(big), "--cubin", str(tmp_path / "k.cubin"),
                 "--json"]) == 0
    choice = json.loads(capsys.readouterr().out)["choice"]
    assert choice["gpu"] == "h100-sxm" and choice["launch"]["blocks"] == 4080
    byname = {c["name"]: c for c in choice["candidates"]}
    # the launcher's facts: TMA at 255 registers, one block per SM; the model drops them
    assert byname["optimized"]["tma"] and byname["optimized"]["registers"] == 255
    chosen = byname[choice["chosen"]]
    assert not chosen["tma"] and chosen["predicted_us"] < byname["optimized"]["predicted_us"]
    assert choice["chosen"] == "optimized, alignment only"
    assert chosen["facts"] == "alignment only"
    for c in choice["candidates"]:
        if c["name"] != choice["chosen"]:
            assert c["lost"], c
    assert choice["why"].startswith("optimized, alignment only: LDG/STG")
    assert main(["cutile", f, "--inputs", str(big), "--cubin", str(tmp_path / "k.cubin"),
                 "--report"]) == 0
    assert "choice for h100-sxm: optimized, alignment only" in capsys.readouterr().err
    # every candidate compiled is the kernel, whatever tileiras was told
    kernel, _, _ = load_cutile(f)
    sig = kernel_signature(kernel, load_spec(big))
    run = compile_ir(from_cutile(kernel, sig).kernel, "sm_90", optimize=True)
    seq = parse_file(CORPUS / "softmax_tiled.seq.mlir")
    built = [c for c in run.choice.candidates if c.run is not None]
    assert len(built) >= 3
    for c in built:
        r = check_equivalent(c.kernel, seq, load_spec(even), trials=2, schedules=3)
        assert r.ok, (c.name, r.message)


def test_random_kernels_keep_meaning_through_the_choice():
    from hypothesis import given, settings

    from eqsat.lowering.cutile_workflow import compile_ir
    from eqsat.testing import assert_pipeline_preserves, kernels

    def pipeline(k):
        return compile_ir(k, "sm_90", optimize=True, stats=False).kernel

    @settings(max_examples=4, deadline=None, derandomize=True, database=None)
    @given(kernels())
    def prop(case):
        assert_pipeline_preserves(case.kernel, case.spec, pipeline, trials=2, schedules=3)

    prop()
