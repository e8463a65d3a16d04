"""Hypothesis profiles: ``dev`` (default, fast) and ``ci`` (thorough).

Choose one with ``--hypothesis-profile=ci`` or the ``HYPOTHESIS_PROFILE`` environment
variable (``.ci/run`` sets ``ci``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile(
    "ci",
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
