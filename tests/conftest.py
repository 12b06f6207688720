"""Shared pytest setup: Hypothesis profiles.

"ci" (the default) is bounded and derandomized, so CI runs are fast and repeatable;
"long" (HYPOTHESIS_PROFILE=long) explores many more, random, examples. They are the
profiles the eqsat pytest plugin gives users ("eqsat-ci", "eqsat-long"). Tests that want more or
fewer examples than the profile scale `settings.default.max_examples` instead of
hard-coding a count, so the long profile scales them too.
"""
import os

import pytest
from hypothesis import settings

from eqsat import _native
from eqsat.pytest_plugin import register_profiles

register_profiles()
settings.register_profile("ci", settings.get_profile("eqsat-ci"))
settings.register_profile("long", settings.get_profile("eqsat-long"))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# an extraction dearer than the program as encoded is an engine bug: raise, don't fall back
os.environ.setdefault("EQSAT_STRICT_EXTRACTION", "1")
# builds are not served from the compile cache unless a test points it at its own folder:
# an entry from another test would hide what the test patched (and the user's cache is theirs)
os.environ.setdefault("EQSAT_CACHE_DIR", "off")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked `sources` patch functions and classes of the modules mypyc compiles
    (`eqsat._native`); compiled code calls those directly, so the patch would not take.
    They run where the modules run from source (`EQSAT_PURE=1`, a second pass in CI)."""
    if _native.status() != "compiled":
        return
    skip = pytest.mark.skip(reason="patches a compiled module: run with EQSAT_PURE=1")
    for item in items:
        if "sources" in item.keywords:
            item.add_marker(skip)
