"""The web checker's accessibility audit (issue 25): axe-core, the npm package (pinned and
checked, see ``tests/axe.py``), injected by Playwright into the page, reports no serious or
critical violation, in English, Spanish and French, at 390 px (a phone, with touch) and
1280 px, on a player's panel and on the result, with every ``<details>`` open, for a game
with problems and mismatches (so that every kind of mark is on the page) and for a new game.

The page is the session's (``site`` in ``conftest.py``); skipped only without Chromium.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from axe import audit, axe_source
from browser import CHROMIUM
from drako_rules.webserve import PageServer

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed")

GAME = {
    "players": [
        {"name": "Ana", "kingdom": "DDDD/DDFF/?FFF/FFFF", "legends": ["two-elves"], "score": 3},
        {"name": "Bob", "kingdom": "EEWW/FFOG/MHDS/WGSM", "legends": ["two-elves"],
         "score": 30, "sheet": {"elves": 9}},
        {"name": "Cleo", "kingdom": "FEOM/HPWM/SGDO/PPHS", "score": 7},
    ]
}  # fmt: skip
LINK = "#game=" + base64.urlsafe_b64encode(json.dumps(GAME).encode()).decode().rstrip("=")


@pytest.fixture(scope="module")
def source() -> str:
    return axe_source()


@pytest.fixture(scope="module", params=[390, 1280], ids=["390px", "1280px"])
def page(request: pytest.FixtureRequest, browser: Browser, site: PageServer) -> Iterator[Page]:
    """The page at one width, loaded once (the languages are switched by its buttons)."""
    width: int = request.param
    phone = width < 500
    context = browser.new_context(
        viewport={"width": width, "height": 844 if phone else 900},
        has_touch=phone,
        is_mobile=phone,
        bypass_csp=True,  # for axe's script tag: the page allows only its own scripts
    )
    page = context.new_page()
    page.goto(site.url + LINK)
    page.wait_for_selector("body[data-ready=true]", timeout=120_000)
    yield page
    context.close()


def audit_step(page: Page, source: str, step: str) -> None:
    page.click(f"[data-step='{step}']")
    page.evaluate("() => { for (const d of document.querySelectorAll('details')) d.open = true; }")
    violations = audit(page, source)
    assert violations == [], (step, json.dumps(violations, indent=1, ensure_ascii=False)[:3000])


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_no_serious_violation(page: Page, source: str, lang: str) -> None:
    """Each player's panel and the result of a game with problems and mismatches, then a
    new game, in ``lang``: no serious or critical violation."""
    if page.input_value("[data-name='0']") != "Ana":
        before = int(page.evaluate("() => Number(document.body.dataset.checks)"))
        page.evaluate("(link) => { location.hash = link; }", LINK)
        page.wait_for_function(f"() => Number(document.body.dataset.checks) > {before}")
    page.click(f"[data-lang='{lang}']")
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
    for step in ["0", "1", "2", "result"]:
        audit_step(page, source, step)
    page.click("#new")
    audit_step(page, source, "0")
