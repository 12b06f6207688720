"""The pytest plugin: found through its `pytest11` entry point, `--eqsat-profile` loads a
Hypothesis profile, and the fixtures hand out the eqsat.testing tools.

pytest finds plugins in installed distributions' entry points; the test writes a
distribution's metadata holding the entry point that pyproject.toml declares (what pip
would install) and runs pytest in a fresh process that sees it, outside this project's
conftest."""
import os
import subprocess
import sys
import tomllib

from corpus_util import ROOT

USER_TEST = '''
from hypothesis import given, settings, strategies as st
from eqsat.pytest_plugin import kernels
from eqsat.testing import KernelCase


def test_profile_is_loaded():
    assert settings.default.max_examples == 2000 and settings.default.deadline is None


@settings(max_examples=2)
@given(st.data())
def test_fixture_draws_kernels(eqsat_kernels, data):
    assert eqsat_kernels is kernels
    assert isinstance(data.draw(eqsat_kernels(max_arrays=1)), KernelCase)
'''


def _pytest(tmp_path, *args):
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())
    group = declared["project"]["entry-points"]["pytest11"]
    meta = tmp_path / "site" / "eqsat_plugin_probe-0.dist-info"
    meta.mkdir(parents=True)
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: eqsat-plugin-probe\n"
                                   "Version: 0\n")
    (meta / "entry_points.txt").write_text(
        "[pytest11]\n" + "".join(f"{k} = {v}\n" for k, v in group.items()))
    work = tmp_path / "user"
    work.mkdir(exist_ok=True)
    (work / "test_user.py").write_text(USER_TEST)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "PYTEST_ADDOPTS", "PYTEST_PLUGINS")}
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "site"), str(ROOT)])
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           *args], cwd=work, env=env, capture_output=True, text=True,
                          timeout=300)


def test_entry_point_option_and_fixtures(tmp_path):
    done = _pytest(tmp_path, "--eqsat-profile", "eqsat-long")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed" in done.stdout


def test_unknown_profile_and_plugin_off(tmp_path):
    done = _pytest(tmp_path, "--eqsat-profile", "nope")
    assert done.returncode == 4
    assert "no Hypothesis profile named 'nope'" in done.stderr
    # with the entry point's plugin blocked, the option does not exist: it came from there
    done = _pytest(tmp_path / "off", "-p", "no:eqsat", "--eqsat-profile", "eqsat-long")
    assert done.returncode == 4 and "--eqsat-profile" in done.stderr
