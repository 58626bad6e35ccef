"""Shared test configuration: hypothesis profiles.

``ci`` (the default) keeps the whole suite to a few minutes on two cores;
``HYPOTHESIS_PROFILE=long`` runs far more examples for deeper checks.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=40,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "long",
    max_examples=1000,
    stateful_step_count=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_collection_modifyitems(config, items):  # type: ignore[no-untyped-def]
    """Tests marked ``slow`` run only with ``SONIC_SLOW=1`` (deeper, longer runs)."""
    import pytest

    if os.environ.get("SONIC_SLOW") == "1":
        return
    skip = pytest.mark.skip(reason="slow: set SONIC_SLOW=1 to run")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
