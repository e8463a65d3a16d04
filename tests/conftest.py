"""Hypothesis profiles: ``dev`` (default, fast), ``ci`` (thorough) and ``mutation`` (for
mutation runs only); the built docs site, shared by the tests that read it; and the web
checker page, built once and served on 127.0.0.1, with one headless Chromium, shared by
the browser tests of the page (``test_web_browser.py``, ``test_web_page_ux.py``,
``test_web_a11y.py``); and the docs site served over HTTP for the site's browser tests.

Choose a profile with ``--hypothesis-profile=ci`` or the ``HYPOTHESIS_PROFILE``
environment variable (``.ci/run`` sets ``ci``).
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from drako_rules.webserve import PageServer

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


# --- the web checker page and one Chromium, shared by the page's browser tests -------------


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PageServer]:
    """The web checker page, built once (downloads cached in ``.cache/web``, or
    ``$DRAKO_WEB_CACHE``) and served on 127.0.0.1."""
    from drako_rules.webserve import build_page, serve

    cache = Path(os.environ.get("DRAKO_WEB_CACHE") or ROOT / ".cache" / "web")
    page = build_page(tmp_path_factory.mktemp("web") / "checker", cache_dir=cache)
    server = serve(page).start()
    yield server
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the session (skipped without Playwright or Chromium)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright not installed")
    from browser import CHROMIUM, CHROMIUM_ARGS

    if CHROMIUM is None:
        pytest.skip("no Chromium installed")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        yield chromium
        chromium.close()


# --- the built site in a browser, shared by tests/test_site_browser.py and test_site_copy.py ---


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served over HTTP on a free local port."""
    handler = functools.partial(_Quiet, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
