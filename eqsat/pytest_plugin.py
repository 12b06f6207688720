"""The eqsat pytest plugin (entry point `pytest11: eqsat`).

`--eqsat-profile NAME` loads a Hypothesis profile for the run: "eqsat-ci" (bounded,
derandomized) or "eqsat-long" (many random examples), both registered here, or any
profile the project registers itself. Without it, a Hypothesis test that uses the
fixtures and sets no settings runs under "eqsat-default" (25 examples, no deadline).
Session fixtures hand tests the `eqsat.testing` tools without an import
(`eqsat_kernels`: the kernel strategy factory; `eqsat_pipeline_check`:
`assert_pipeline_preserves`; `eqsat_optimize_pipeline`), and the same names are
re-exported here (`from eqsat.pytest_plugin import kernels`).

pytest loads every installed plugin at start-up, so nothing heavy is imported until it
is used: eqsat without the `test` extra (no Hypothesis) costs other projects' test runs
nothing, and using the option or a fixture then says which extra is missing.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import pytest

# "eqsat-ci" is bounded and derandomized, so runs are fast and repeatable; "eqsat-long"
# explores many more, random, examples. One example optimizes and interprets a kernel,
# so neither has a deadline.
PROFILES: dict[str, dict[str, Any]] = {
    "eqsat-ci": {"max_examples": 100, "derandomize": True},
    "eqsat-long": {"max_examples": 2000},
    "eqsat-default": {"max_examples": 25},
}
# what a Hypothesis test that uses the fixtures below and sets no settings of its own
# runs under when no --eqsat-profile is given (Hypothesis's 200 ms deadline would fail
# it on time, not on meaning); other tests keep the run's own profile
DEFAULT_PROFILE = "eqsat-default"
FIXTURES = frozenset(("eqsat_kernels", "eqsat_pipeline_check", "eqsat_optimize_pipeline"))
_EXPORTS = ("kernels", "KernelCase", "Pipeline", "assert_pipeline_preserves",
            "check_pipeline", "optimize_pipeline")
__all__ = ["PROFILES", "register_profiles", *_EXPORTS]


def _testing() -> Any:
    try:
        return importlib.import_module("eqsat.testing")
    except ImportError as e:      # eqsat.testing names the extra to install
        raise pytest.UsageError(f"the eqsat pytest plugin needs the test extra: {e}") from None


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(_testing(), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def register_profiles() -> None:
    """Register PROFILES with Hypothesis (again is harmless)."""
    try:
        from hypothesis import HealthCheck, settings
    except ImportError as e:
        raise pytest.UsageError(f"the eqsat pytest plugin needs the test extra: {e}") from None
    for name, options in PROFILES.items():
        settings.register_profile(name, deadline=None,
                                  suppress_health_check=[HealthCheck.too_slow], **options)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("eqsat")
    group.addoption("--eqsat-profile", metavar="NAME", default=None,
                    help="load this Hypothesis profile: " + ", ".join(PROFILES)
                         + ", or one the project registers")


def pytest_configure(config: pytest.Config) -> None:
    name = config.getoption("eqsat_profile")
    if name is None:
        return
    register_profiles()
    from hypothesis import settings
    from hypothesis.errors import InvalidArgument
    try:
        settings.get_profile(name)
    except InvalidArgument:
        raise pytest.UsageError(f"--eqsat-profile: no Hypothesis profile named '{name}' "
                                f"(eqsat registers {', '.join(PROFILES)})") from None
    settings.load_profile(name)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("eqsat_profile") is not None:
        return
    for item in items:
        fn = getattr(item, "obj", None)
        if (not FIXTURES & set(getattr(item, "fixturenames", ()))
                or not getattr(fn, "is_hypothesis_test", False)
                or getattr(fn, "_hypothesis_internal_settings_applied", False)):
            continue
        register_profiles()
        from hypothesis import settings
        settings(settings.get_profile(DEFAULT_PROFILE))(fn)


def pytest_report_header(config: pytest.Config) -> str | None:
    name = config.getoption("eqsat_profile")
    return f"eqsat: hypothesis profile {name}" if name else None


@pytest.fixture(scope="session")
def eqsat_kernels() -> Callable[..., Any]:
    """`eqsat.testing.kernels`: draw with `data.draw(eqsat_kernels(max_arrays=2))`."""
    return _testing().kernels


@pytest.fixture(scope="session")
def eqsat_pipeline_check() -> Callable[..., None]:
    """`eqsat.testing.assert_pipeline_preserves`."""
    return _testing().assert_pipeline_preserves


@pytest.fixture(scope="session")
def eqsat_optimize_pipeline() -> Callable[..., Any]:
    """`eqsat.testing.optimize_pipeline`."""
    return _testing().optimize_pipeline
