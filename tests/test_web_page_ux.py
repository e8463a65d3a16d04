"""The web checker as a player at the table meets it (issue 25), on a 390 × 844 phone with
touch, in headless Chromium: how many taps and keystrokes a game takes, a new game with
no error mark, no programmer's words (``$.`` paths, rows counted from 0) anywhere on the
page, a mismatch marked beside the written field it concerns, and the three languages
(chosen from the browser's language, a visible switch, kept by the link, ``lang`` on
``<html>``).

The oracle is the checker in this process ([`check_game`][drako_rules.checker.check_game]).
The page is the session's (``site`` in ``conftest.py``); skipped only without Chromium.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from browser import CHROMIUM
from drako_rules.checker import Game, check_game, format_game, load_game
from drako_rules.webserve import PageServer
from entry import enter_game, floor

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed")
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
#: Actions beyond the floor that a 3-player game may take (issue 25: "at most 12").
TARGET = 12


def b64url(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def totals_only(game: Game) -> Game:
    """The game with the written totals but no written categories."""
    return attrs.evolve(game, players=tuple(attrs.evolve(p, sheet=()) for p in game.players))


def new_phone(browser: Browser, locale: str = "en-GB") -> tuple[BrowserContext, Page]:
    context = browser.new_context(locale=locale, **PHONE)  # type: ignore[arg-type]
    return context, context.new_page()


@pytest.fixture(scope="module")
def phone(browser: Browser) -> Iterator[Page]:
    """A phone page in English; JavaScript errors fail the module."""
    context, page = new_phone(browser)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors: {errors[:3]}"


def open_game(page: Page, site: PageServer, game: Game | None, query: str = "") -> None:
    fragment = "" if game is None else "#game=" + b64url(format_game(game, "json"))
    page.goto("about:blank")
    page.goto(site.url + query + fragment)
    page.wait_for_selector("body[data-ready=true]", timeout=120_000)


# --- fast to enter ----------------------------------------------------------------------

GAMES = {
    2: ROOT / "examples" / "two-players.toml",
    3: ROOT / "examples" / "three-players.toml",
    4: ROOT / "examples" / "four-players.toml",
}


@pytest.mark.parametrize("players", sorted(GAMES))
def test_taps_and_keystrokes_beyond_the_floor(phone: Page, site: PageServer, players: int) -> None:
    """A game with Legends and written totals, entered by taps and typing, none deleting:
    a 3-player game takes at most 12 actions beyond the floor (one per card, name letter,
    Legend claimed and digit written); the page then shows the checker's result."""
    game = totals_only(load_game(GAMES[players]))
    assert any(p.legends for p in game.players) and all(p.score for p in game.players)
    act = enter_game(phone, site.url, game)
    beyond = act.count - floor(game)
    print(
        f"\n{players} players: {act.taps} taps + {act.keys} keystrokes, {beyond} beyond the floor"
    )
    if players == 3:
        assert beyond <= TARGET, act.log
    assert beyond <= players * 3 + 2, act.log  # count, a name tap, then 3 per player
    # the result, in place order, with the checker's verdict
    report = check_game(game)
    assert phone.get_attribute("[data-verdict]", "data-verdict") == "verified"
    assert not phone.locator("#result").is_hidden()
    rows = phone.locator("#table tbody tr").all_inner_texts()
    by_place = sorted(report.players, key=lambda p: p.place or 0)
    assert [r.split("\t")[:3] for r in rows] == [
        [str(p.place), p.name, str(p.sheet.total if p.sheet else "")] for p in by_place
    ]
    shown = json.loads(base64.urlsafe_b64decode(phone.evaluate("location.hash")[6:] + "==="))
    assert [p["name"] for p in shown["players"]] == [p.name for p in game.players]


def test_a_typed_card_letter_moves_to_the_next_cell(phone: Page, site: PageServer) -> None:
    """On a selected cell, a card's letter fills it and selects the next; Enter in a name
    goes to the Kingdom's first cell to fill."""
    open_game(phone, site, None)
    phone.tap("[data-name='0']")
    phone.keyboard.type("Ana")
    phone.keyboard.press("Enter")
    assert phone.evaluate("document.activeElement.dataset.cell") == "0-0-0"
    phone.keyboard.type("FEOMH")
    assert phone.evaluate("document.activeElement.dataset.cell") == "0-1-1"
    assert phone.input_value("[data-kingdom-text='0']") == "FEOM/H"
    # the notation field takes the letters of the checker's alphabet (catalogue()), no other
    phone.tap("[data-step='1']")
    phone.tap("[data-kingdom-text='1']")
    phone.keyboard.type("FEOX")
    bad = phone.locator("[data-player='1'] .text-bad")
    assert bad.is_visible() and "F M P S E W H G D O" in bad.inner_text()
    assert phone.get_attribute("[data-kingdom-text='1']", "aria-invalid") == "true"


# --- clear --------------------------------------------------------------------------------


def marks(page: Page) -> dict[str, int]:
    found: dict[str, int] = page.evaluate(
        """() => ({
          problem: document.querySelectorAll('.problem').length,
          listed: document.querySelectorAll('[data-problems] li').length,
          invalid: document.querySelectorAll('[aria-invalid=true]').length,
          mismatch: document.querySelectorAll('[data-mismatch]').length,
          red: Array.from(document.querySelectorAll('.error')).filter(e => !e.hidden
                 && e.getClientRects().length).length,
        })"""
    )
    return found


def test_no_error_mark_on_a_new_game(phone: Page, site: PageServer) -> None:
    """A new game, and a Kingdom being entered, show cells "to fill", no problem."""
    open_game(phone, site, None)
    assert marks(phone) == {"problem": 0, "listed": 0, "invalid": 0, "mismatch": 0, "red": 0}
    assert phone.get_attribute("[data-verdict]", "data-verdict") == "pending"
    assert "to fill" in (phone.get_attribute("[data-cell='0-0-0']", "aria-label") or "")
    phone.tap("[data-cell='0-0-0']")
    for letter in "FEOM":
        phone.tap(f"#palette [data-card='{letter}']")
    assert marks(phone)["problem"] == 0
    phone.tap("[data-count='4']")
    assert marks(phone)["problem"] == 0 and phone.locator("[data-step]").count() == 5


#: Everything a person can read or hear on the page: its text, the accessible names, the
#: titles (the pictures' too), the placeholders, with every <details> opened.
ALL_WORDS = """() => {
  for (const d of document.querySelectorAll('details')) d.open = true;
  const out = [document.body.innerText];
  for (const e of document.querySelectorAll('*')) {
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
      if (e.getAttribute(a)) out.push(e.getAttribute(a));
    }
  }
  for (const e of document.querySelectorAll('svg title, svg desc, svg text')) out.push(e.textContent);
  return out.join('\\n');
}"""
ZERO_BASED = re.compile(r"\(\d,\s?\d\)|\b(row|column|col|fila|columna|ligne|colonne) 0\b", re.I)


def test_no_programmers_words_anywhere(phone: Page, site: PageServer) -> None:
    """No ``$.`` path and no coordinate counted from 0, on any panel of a game with every
    kind of problem and mismatch, the score lines and pictures open."""
    game = {
        "players": [
            {"name": "Ana", "kingdom": "DDDD/DDFF/?FFF/FFFF", "legends": ["two-elves"], "score": 3},
            {"name": "Bob", "kingdom": "EEWW/FFOG/MHDS/WGSM", "legends": ["two-elves"],
             "score": "lots", "sheet": {"elves": 9}},
            {"name": "Cleo", "kingdom": "FEOM/HPWM/SGDO/PPHS", "score": 31},
        ]
    }  # fmt: skip
    page = phone
    page.goto("about:blank")
    page.goto(site.url + "#game=" + b64url(json.dumps(game)))
    page.wait_for_selector("body[data-ready=true]", timeout=120_000)
    for step in ["0", "1", "2", "result"]:
        page.tap(f"[data-step='{step}']")
        words = page.evaluate(ALL_WORDS)
        assert "$." not in words, step
        assert not ZERO_BASED.search(words), (step, ZERO_BASED.search(words))
    assert "Cleo" in words and words.count("Cleo: Cleo") == 0


def test_the_mismatch_is_beside_its_field(phone: Page, site: PageServer) -> None:
    """A wrong written total (and category) is marked right beside its field, and only then."""
    game = totals_only(load_game(GAMES[2]))
    right = game.players[0]
    wrong = attrs.evolve(game.players[1], score=(game.players[1].score or 0) + 5)
    open_game(phone, site, attrs.evolve(game, players=(right, wrong)))
    assert (
        phone.locator("[data-mismatch]").count() == 0
        or phone.locator("[data-mismatch='1-total']").count() == 1
    )
    assert phone.locator("[data-mismatch='0-total']").count() == 0
    phone.tap("[data-step='1']")
    mark = phone.locator("[data-mismatch='1-total']")
    field = phone.locator("[data-written='1-total']")
    assert mark.is_visible()
    expected = check_game(game).players[1].sheet
    assert expected is not None and str(expected.total) in mark.inner_text()
    m, f = mark.bounding_box(), field.bounding_box()
    assert m is not None and f is not None
    beside = abs((m["y"] + m["height"] / 2) - (f["y"] + f["height"] / 2)) < f["height"]
    below = 0 <= m["y"] - (f["y"] + f["height"]) < 30 and abs(m["x"] - f["x"]) < 120
    assert beside or below, (m, f)
    assert field.get_attribute("aria-invalid") == "true"


# --- languages ------------------------------------------------------------------------------


@pytest.mark.parametrize(("locale", "lang"), [("es-ES", "es"), ("fr-FR", "fr"), ("en-US", "en")])
def test_the_language_is_the_browsers(
    browser: Browser, site: PageServer, locale: str, lang: str
) -> None:
    """The page speaks the browser's language: ``lang`` on ``<html>`` and the switch pressed."""
    context, page = new_phone(browser, locale)
    try:
        open_game(page, site, None)
        assert page.get_attribute("html", "lang") == lang
        assert page.get_attribute(f"[data-lang='{lang}']", "aria-pressed") == "true"
        words = {"es": "Jugadores", "fr": "Joueurs", "en": "Players"}[lang]
        assert words in page.inner_text("#game")
    finally:
        context.close()


def test_the_language_switch_is_kept_by_the_link(browser: Browser, site: PageServer) -> None:
    """Switching to French translates the page, and the link (reload or share) keeps it."""
    context, page = new_phone(browser, "en-GB")
    try:
        open_game(page, site, load_game(GAMES[3]))
        page.tap("[data-lang='fr']")
        page.wait_for_function("() => document.documentElement.lang === 'fr'")
        assert "lang=fr" in page.url and "#game=" in page.url
        assert page.get_attribute("[data-verdict]", "data-verdict") == "verified"
        assert (page.text_content("[data-verdict]") or "").startswith("vérifiée")
        link = page.url
        other, fresh = new_phone(browser, "en-GB")
        try:
            fresh.goto(link)
            fresh.wait_for_selector("body[data-ready=true]", timeout=120_000)
            assert fresh.get_attribute("html", "lang") == "fr"
            assert fresh.get_attribute("[data-lang='fr']", "aria-pressed") == "true"
            assert fresh.input_value("[data-name='0']") == "Chloé"
        finally:
            other.close()
    finally:
        context.close()


# --- rule ids link to the rules, standalone and inside the docs site -------------------------


def rule_hrefs(page: Page) -> list[str]:
    hrefs: list[str] = page.evaluate(
        "() => Array.from(document.querySelectorAll('a.rule')).map(a => a.href)"
    )
    return hrefs


def test_rule_links_work_standalone(phone: Page, site: PageServer) -> None:
    """Served alone (``drako-rules web``), a rule id links to its rule on the docs site's
    public address (``site_url`` of mkdocs.yml), whose rules page has that anchor."""
    site_url = re.search(r"^site_url:\s*(\S+)", (ROOT / "mkdocs.yml").read_text(), re.M)
    assert site_url is not None
    open_game(phone, site, load_game(GAMES[3]))
    phone.tap("[data-step='0']")
    hrefs = rule_hrefs(phone)
    assert hrefs and all(h.startswith(site_url[1].rstrip("/") + "/rules/#R") for h in hrefs)
    anchors = set(re.findall(r"\{#(R\d+(?:\.\d+)?)\}", (ROOT / "docs" / "rules.md").read_text()))
    assert {h.rsplit("#", 1)[1] for h in hrefs} <= anchors


def test_rule_links_work_inside_the_docs_site(browser: Browser, site_url: str) -> None:
    """Inside the built docs site (``checker/``), a rule id opens the site's rules page at
    that rule."""
    context, page = new_phone(browser)
    try:
        game = format_game(load_game(GAMES[3]), "json")
        page.goto(f"{site_url}checker/index.html#game={b64url(game)}")
        page.wait_for_selector("body[data-ready=true]", timeout=120_000)
        hrefs = rule_hrefs(page)
        assert hrefs and all(h.startswith(f"{site_url}rules/#R") for h in hrefs)
        page.evaluate(
            "() => { for (const d of document.querySelectorAll('details')) d.open = true; }"
        )
        link = page.locator("a.rule:visible").first
        rule = (link.get_attribute("href") or "").rsplit("#", 1)[1]
        link.click()
        page.wait_for_url(f"{site_url}rules/#{rule}")
        assert page.locator(f"[id='{rule}']").count() == 1
    finally:
        context.close()
