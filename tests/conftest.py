"""Shared pytest setup: Hypothesis profiles.

"ci" (the default) is bounded and derandomized, so CI runs are fast and repeatable;
"long" (HYPOTHESIS_PROFILE=long) explores many more, random, examples. Tests that
want more or fewer examples than the profile scale `settings.default.max_examples`
instead of hard-coding a count, so the long profile scales them too.
"""
import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=100, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# an extraction dearer than the program as encoded is an engine bug: raise, don't fall back
os.environ.setdefault("EQSAT_STRICT_EXTRACTION", "1")
