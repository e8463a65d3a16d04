"""Hypothesis profiles: ``dev`` (default, fast), ``ci`` (thorough) and ``mutation`` (for
mutation runs only); and the built docs
site, shared by the tests that read it.

Choose a profile with ``--hypothesis-profile=ci`` or the ``HYPOTHESIS_PROFILE``
environment variable (``.ci/run`` sets ``ci``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=100, deadline=None)
# Mutation runs (tools/mutate.py): a tenth of dev's examples per mutant, since most mutants
# die on an example test first; each survivor is then re-run with dev.
settings.register_profile("mutation", max_examples=10, deadline=None, database=None)
settings.register_profile(
    "ci",
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


# --- the built docs site, shared by tests/test_site.py and tests/test_site_browser.py -------

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs site as ``mkdocs build --strict`` writes it (skipped without mkdocs)."""
    pytest.importorskip("mkdocs", reason="the docs extra is not installed")
    site = tmp_path_factory.mktemp("site")
    src = str(ROOT / "src")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": src}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "--site-dir", str(site)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return site
