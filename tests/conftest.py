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


@pytest.fixture
def registry(monkeypatch):
    """A private copy of the rule registry, so tests can register freely."""
    import eqsat.rules as rules_pkg
    rules_pkg._builtin()
    monkeypatch.setattr(rules_pkg, "_REGISTRY", dict(rules_pkg._REGISTRY))
    monkeypatch.setattr(rules_pkg, "_PLUGINS_LOADED", False)
    return rules_pkg._REGISTRY
