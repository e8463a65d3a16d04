"""How fast the web score checker is in a real browser: load time, tap time, download size.

Run ``python benchmarks/web_timing.py`` (needs Chromium at /usr/bin/chromium and the
``playwright`` package). It builds the page (downloads cached in ``.cache/web``), serves it
on 127.0.0.1 and, in headless Chromium at a 390 × 844 viewport:

- **cold**: ``--repeat`` times, a new browser context (empty HTTP cache) opens the page on
  the 4-player example; the page records ``performance.now()`` (time since navigation
  start) when it sets ``data-ready="true"`` on ``<body>``;
  the load steps are recorded too: ``form`` (the form drawn, cards can be entered),
  ``pyodide`` (the runtime started), ``wheels`` (installed), ``imported`` (drako_rules.web);
- **warm**: the same context reloads the page ``--repeat`` times (HTTP cache and
  Chromium's compiled-WebAssembly cache filled, the service worker, registered once the
  page is ready, answering from its cache);
- **offline**: then, with the browser context set offline, ``--repeat`` more reloads: the
  page comes from the service worker's cache alone;
- **tap**: on the warm page, ``--taps`` taps of palette cards on a selected cell; each
  is timed in the page from the click to the updated total (the checker runs
  synchronously in the click handler) and to the next painted frame;
- **size**: the bytes of every response the page loaded (the server sends no compression).

It prints one JSON object; figures are medians with min and max. Never run as a test.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import platform
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

if __package__ in (None, ""):  # run as a script: the root holds tests/browser.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.browser import CHROMIUM, CHROMIUM_ARGS

from drako_rules.checker import format_game, load_game
from drako_rules.webserve import PYODIDE_VERSION, build_page, serve

ROOT = Path(__file__).resolve().parent.parent
_TAP = """async (letter) => {
  const total = document.querySelector('[data-total="0"]');
  const t0 = performance.now();
  document.querySelector(`#palette [data-card="${letter}"]`).click();
  const t1 = performance.now();
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return [t1 - t0, performance.now() - t0, total.textContent];
}"""


def _stats(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 1),
        "min": round(min(values), 1),
        "max": round(max(values), 1),
    }


def _ready_ms(page: Page) -> float:
    page.wait_for_selector("body[data-ready=true]", timeout=120_000)
    return float(page.evaluate("window.drakoReadyMs"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--taps", type=int, default=40)
    options = parser.parse_args()
    game = format_game(load_game(ROOT / "examples" / "four-players.toml"), "json")
    fragment = "#game=" + base64.urlsafe_b64encode(game.encode()).decode().rstrip("=")
    cache = Path(os.environ.get("DRAKO_WEB_CACHE") or ROOT / ".cache" / "web")
    with tempfile.TemporaryDirectory() as tmp:
        site = build_page(Path(tmp) / "checker", cache_dir=cache)
        server = serve(site).start()
        url = server.url + fragment
        cold: list[float] = []
        steps: list[dict[str, float]] = []
        warm: list[float] = []
        offline: list[float] = []
        sizes: dict[str, int] = {}
        sync_ms: list[float] = []
        frame_ms: list[float] = []
        with sync_playwright() as playwright:
            if CHROMIUM is None:
                raise SystemExit("web_timing needs Chromium (Debian's chromium package)")
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
            for k in range(options.repeat):
                context = browser.new_context(viewport={"width": 390, "height": 844})
                page = context.new_page()
                if k == 0:
                    page.on(
                        "response",
                        lambda r: (
                            sizes.__setitem__(r.url, len(r.body())) if r.status == 200 else None
                        ),
                    )
                page.goto(url)
                cold.append(_ready_ms(page))
                steps.append(page.evaluate("window.drakoTimings"))
                if k < options.repeat - 1:
                    context.close()
            page.wait_for_function("() => navigator.serviceWorker.controller !== null")
            for _ in range(options.repeat):
                page.reload()
                warm.append(_ready_ms(page))
            page.context.set_offline(True)
            for _ in range(options.repeat):
                page.reload()
                offline.append(_ready_ms(page))
            page.context.set_offline(False)
            page.click("[data-cell='0-0-0']")
            letters = "FMPSEWHGDO"
            for k in range(options.taps):
                page.click("[data-cell='0-1-1']")
                took, painted, _ = page.evaluate(_TAP, letters[k % len(letters)])
                sync_ms.append(float(took))
                frame_ms.append(float(painted))
            browser.close()
        server.shutdown()
    result = {
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
        f"CPython {platform.python_version()} (host), Pyodide {PYODIDE_VERSION}",
        "ready_cold_ms": _stats(cold),
        "cold_steps_ms": {
            key: _stats([float(s[key]) for s in steps])
            for key in ("form", "pyodide", "wheels", "imported")
        },
        "ready_warm_ms": _stats(warm),
        "ready_offline_ms": _stats(offline),
        "tap_to_total_ms": _stats(sync_ms),
        "tap_to_painted_frame_ms": _stats(frame_ms),
        "download_bytes": sum(sizes.values()),
        "download_files": len(sizes),
        "largest": sorted(((v, k.rsplit("/", 1)[-1]) for k, v in sizes.items()), reverse=True)[:4],
    }
    json.dump(result, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
