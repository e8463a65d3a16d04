"""The headless Chromium the browser tests and ``benchmarks/web_timing.py`` use: one binary,
one set of launch arguments.

[`CHROMIUM`][] is Debian's ``/usr/bin/chromium`` when it is there (``.ci/run`` installs it),
else the first ``chromium`` or ``chromium-browser`` on ``PATH``, else None (the browser
tests are skipped then). [`CHROMIUM_ARGS`][] are the arguments every launch passes, by
Playwright (``playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)``)
or on a command line: headless, no sandbox (the tests run as root in containers), no GPU,
and nothing that reaches the network on its own (background networking, component
updates, sync, QUIC, the first-run pages), so that the pages work offline.
"""

from __future__ import annotations

import os
import shutil
from typing import Final

__all__ = ["CHROMIUM", "CHROMIUM_ARGS"]

_DEBIAN: Final = "/usr/bin/chromium"
#: The Chromium binary, or None when none is installed or ``DRAKO_RULES_NO_BROWSER`` is set
#: (``.ci/run`` sets it for the core's and the compiled build's runs: the page and the site
#: are tested once, in the first run, and the other two test the rules).
CHROMIUM: Final = (
    None
    if os.environ.get("DRAKO_RULES_NO_BROWSER")
    else _DEBIAN
    if os.path.exists(_DEBIAN)
    else shutil.which("chromium") or shutil.which("chromium-browser")
)
#: The launch arguments of every headless Chromium of the tests and benchmarks.
CHROMIUM_ARGS: Final = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
)
