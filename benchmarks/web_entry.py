"""How much a player does to enter a game on the web checker, and how tall each step is.

Run ``python benchmarks/web_entry.py`` (needs Chromium and the ``playwright`` package). It
builds the page (downloads cached in ``.cache/web``), serves it on 127.0.0.1 and, in
headless Chromium as a 390 × 844 phone with touch:

- **actions**: enters the 2-, 3- and 4-player examples (names, Kingdoms by palette taps,
  the Legends claimed, the written totals; not the written categories) as
  ``tests/entry.py`` does for ``tests/test_web_page_ux.py``, and counts the taps and
  keystrokes, and those beyond the floor (one per card, name letter, Legend claimed and
  digit written);
- **height**: after each entry, the page's height in screens (``scrollHeight / 844``) on
  each step (each player's panel, the result), with the score's ``<details>`` closed as
  the page shows them, and with every ``<details>`` open.

It prints one JSON object. Never run as a test.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

if __package__ in (None, ""):  # run as a script: the root holds tests/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import attrs
from tests.browser import CHROMIUM, CHROMIUM_ARGS
from tests.entry import enter_game, floor

from drako_rules.checker import load_game
from drako_rules.webserve import build_page, serve

ROOT = Path(__file__).resolve().parent.parent
GAMES = {2: "two-players.toml", 3: "three-players.toml", 4: "four-players.toml"}
SCREEN = 844


def main() -> int:
    cache = Path(os.environ.get("DRAKO_WEB_CACHE") or ROOT / ".cache" / "web")
    out: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        site = build_page(Path(tmp) / "checker", cache_dir=cache)
        server = serve(site).start()
        with sync_playwright() as playwright:
            if CHROMIUM is None:
                raise SystemExit("web_entry needs Chromium (Debian's chromium package)")
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
            context = browser.new_context(
                viewport={"width": 390, "height": SCREEN}, has_touch=True, is_mobile=True
            )
            page = context.new_page()
            for n, name in GAMES.items():
                game = load_game(ROOT / "examples" / name)
                game = attrs.evolve(
                    game, players=tuple(attrs.evolve(p, sheet=()) for p in game.players)
                )
                act = enter_game(page, server.url, game)
                heights: dict[str, list[float]] = {}
                for step in [*map(str, range(n)), "result"]:
                    page.click(f"[data-step='{step}']")
                    shut = page.evaluate("() => document.documentElement.scrollHeight")
                    page.evaluate(
                        "() => { for (const d of document.querySelectorAll('details')) d.open = true; }"
                    )
                    opened = page.evaluate("() => document.documentElement.scrollHeight")
                    page.evaluate(
                        "() => { for (const d of document.querySelectorAll('details')) d.open = false; }"
                    )
                    heights[step] = [round(shut / SCREEN, 2), round(opened / SCREEN, 2)]
                out[f"{n}_players"] = {
                    "taps": act.taps,
                    "keystrokes": act.keys,
                    "floor": floor(game),
                    "beyond_floor": act.count - floor(game),
                    "screens_per_step_closed_open": heights,
                }
            browser.close()
        server.shutdown()
    json.dump(out, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
