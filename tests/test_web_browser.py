"""The web score checker in a real headless Chromium, driven by Playwright through the page's
automation hooks (``#game=``, ``data-cell``, ``data-card``, ``data-legend``, ``data-total``,
``data-place``, ``data-verdict``, ``data-ready``, and ``data-count``, ``data-step``,
``data-name``, ``data-written`` of the one-player-at-a-time form).

The oracle is the checker itself, in this process: every total, place and verdict the page
shows must be what [`check_game`][drako_rules.checker.check_game] (that is, ``drako-rules
check --json``) gives for the same game. The page is built once per session
(``build_page``, downloads cached in ``.cache/web``) and served on 127.0.0.1; one browser
and one page are shared, since Pyodide takes seconds to load. Every request the browser
makes is recorded, and any to another origin is refused, so the tests also show that the
page works without the network. Skipped only when no Chromium is installed.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from playwright.sync_api import Browser, Page, Route

from browser import CHROMIUM
from drako_rules import Kingdom
from drako_rules.checker import (
    Game,
    GameReport,
    PlayerEntry,
    check_game,
    format_game,
    load_game,
    parse_game,
)
from drako_rules.scoring import Category
from drako_rules.webserve import PageServer

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.toml"))
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed")


class Session:
    """The served page, the browser's page on it and every request the browser made."""

    def __init__(self, server: PageServer, page: Page, shots: Path) -> None:
        self.server = server
        self.page = page
        self.shots = shots
        self.requests: list[str] = []
        self.refused: list[str] = []

    def open(self, game_json: str | None = None, *, fresh: bool = False) -> None:
        """Load the page with ``#game=`` of ``game_json`` and wait until it shows it."""
        url = self.server.url + ("" if game_json is None else "#game=" + b64url(game_json))
        if not fresh and self.ready() and self.page.url == url:
            return  # the page shows that game already
        before = self.checks() if not fresh and self.ready() else None
        if fresh or before is None:
            self.page.goto("about:blank")
            self.page.goto(url)
            self.page.wait_for_selector("body[data-ready=true]", timeout=90_000)
        else:
            self.page.goto(url)  # the same document: the page hears hashchange
            self.page.wait_for_function(f"() => Number(document.body.dataset.checks) > {before}")

    def ready(self) -> bool:
        return bool(self.page.evaluate("document.body && document.body.dataset.ready === 'true'"))

    def checks(self) -> int:
        return int(self.page.evaluate("Number(document.body.dataset.checks || 0)"))

    def totals(self) -> list[str]:
        return [self.page.text_content(f"[data-total='{i}']") or "" for i in range(self.count())]

    def places(self) -> list[str]:
        return [self.page.text_content(f"[data-place='{i}']") or "" for i in range(self.count())]

    def verdict(self) -> str:
        return self.page.text_content("[data-verdict]") or ""

    def count(self) -> int:
        return int(self.page.locator("[data-player]").count())


def b64url(text: str) -> str:
    """The ``#game=`` form of a JSON game file: base64url of its UTF-8, no padding."""
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def as_page_keeps_it(game: Game) -> Game:
    """The game with every Kingdom in the compact notation and no source, as the page holds it."""
    players = tuple(
        attrs.evolve(p, kingdom=str(Kingdom.parse(p.kingdom))) if p.kingdom is not None else p
        for p in game.players
    )
    return attrs.evolve(game, players=players, source=None)


def verdict_word(report: GameReport) -> str:
    """What the verdict starts with, from the report (exit status 2, 1, 0 of ``check``)."""
    return "invalid" if not report.valid else "verified" if report.verified else "disagrees"


def expect(session: Session, game: Game) -> None:
    """The page shows exactly the totals, places, verdict, tie-breaks and mismatches of the
    checker for ``game``."""
    report = check_game(game)
    assert session.count() == len(report.players)
    assert session.totals() == [str(p.sheet.total) if p.sheet else "–" for p in report.players]
    assert session.places() == [str(p.place) if p.place else "–" for p in report.players]
    assert session.verdict().startswith(verdict_word(report) + ":")
    # ties and mismatches in the player's words, composed by the page from their facts:
    # the names, the total, the written and expected values; each player's name once
    ties = session.page.locator("#ties li").all_text_contents()
    tie_breaks = report.ranking.tie_breaks if report.ranking is not None else ()
    assert len(ties) == len(tie_breaks)
    for tie, text in zip(tie_breaks, ties, strict=True):
        assert f"tie on {tie.total}" in text and text.endswith("R5.6")
    shown = session.page.locator("#mismatches li:not(.none)").all_text_contents()
    wanted = [(p, m) for p in report.players for m in p.mismatches]
    assert len(shown) == len(wanted)
    for (player, mismatch), text in zip(wanted, shown, strict=True):
        assert text.startswith(f"{player.name}: ") and text.count(player.name) == 1
        assert f"written {mismatch.written}, the rules give {mismatch.expected}" in text
        assert text.endswith(mismatch.rule)  # the rule id, as a link after the sentence


@pytest.fixture(scope="module")
def session(
    site: PageServer, browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Session]:
    """A 390 px wide phone page; requests to any other origin are refused and recorded."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
    page = context.new_page()
    s = Session(site, page, tmp_path_factory.mktemp("shots"))
    origin = site.url.rstrip("/")

    def route(r: Route) -> None:
        url = r.request.url
        s.requests.append(url)
        if url.startswith(origin + "/"):
            r.continue_()
        else:
            s.refused.append(url)
            r.abort()

    context.route("**/*", route)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield s
    context.close()
    assert not errors, f"JavaScript errors: {errors[:3]}"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_by_url(session: Session, path: Path) -> None:
    """Each example game, loaded by its #game= link, shows the checker's totals, places and verdict."""
    game = load_game(path)
    session.open(format_game(game, "json"))
    expect(session, game)


def test_a_fresh_load_by_url(session: Session) -> None:
    """A first visit with a #game= link (not a hashchange) shows that game."""
    game = load_game(ROOT / "examples" / "sheet-mistakes.toml")
    session.open(format_game(game, "json"), fresh=True)
    expect(session, game)
    assert session.verdict().startswith("disagrees")


def enter_by_taps(session: Session, game: Game) -> None:
    """Enter ``game`` on a new game by tapping: count, names, cards, Legends, the sheet."""
    page = session.page
    page.click("#new")
    page.click(f"[data-count='{len(game.players)}']")
    page.select_option("#ruleset", game.ruleset or "pocket")
    for i, entry in enumerate(game.players):
        panel = f"[data-player='{i}']"
        page.click(f"[data-step='{i}']")  # one player's panel at a time
        page.fill(f"[data-name='{i}']", entry.name or "")
        assert entry.kingdom is not None
        page.click(f"[data-cell='{i}-0-0']")
        for letter in str(Kingdom.parse(entry.kingdom)).replace("/", ""):
            page.click(f"#palette [data-card='{letter}']")
        for legend in entry.legends:
            page.check(f"{panel} [data-legend='{legend}']")
        if entry.score is not None:
            page.fill(f"[data-written='{i}-total']", str(entry.score))
        if entry.sheet:
            page.click(f"{panel} .categories-written summary")
        for category, value in entry.sheet:
            page.fill(f"[data-written='{i}-{category.value}']", str(value))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_by_taps(session: Session, path: Path) -> None:
    """Each example game, entered by tapping cells and palette cards, shows the checker's result."""
    game = load_game(path)
    enter_by_taps(session, game)
    expect(session, game)
    shown = json.loads(base64.urlsafe_b64decode(session.page.evaluate("location.hash")[6:] + "==="))
    assert parse_game(json.dumps(shown), "json") == as_page_keeps_it(game)


def test_cards_entered_while_python_loads(site: PageServer, browser: Browser) -> None:
    """The form works before Python is loaded: a card tapped then is kept and scored once the
    checker runs (here the wheels are held back until the tap is done)."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    context.route("**/wheels.json", hold)
    try:
        page = context.new_page()
        page.goto(site.url)
        page.wait_for_selector("#palette:not([hidden])")
        page.click("[data-cell='0-0-0']")
        page.click("#palette [data-card='D']")
        assert page.evaluate("document.body.dataset.ready") is None
        assert held, "the page asked for its wheels"
        for route in held:
            route.continue_()
        page.wait_for_selector("body[data-ready=true]", timeout=90_000)
        game = Game(
            [
                PlayerEntry("Player 1", "D???/????/????/????"),
                PlayerEntry("Player 2", "????/????/????/????"),
            ]
        )
        report = check_game(game)
        shown = [page.text_content(f"[data-total='{i}']") for i in (0, 1)]
        assert shown == [str(p.sheet.total) for p in report.players if p.sheet is not None]
        assert (page.text_content("[data-cell='0-0-0']") or "").startswith("D")
    finally:
        context.close()


def test_editing_a_cell_updates_the_score(session: Session) -> None:
    """Typing a card's letter on a selected cell changes the total to the checker's new one."""
    game = load_game(ROOT / "examples" / "two-players.toml")
    session.open(format_game(game, "json"))
    before = session.totals()
    cells = list(str(Kingdom.parse(game.players[0].kingdom or "")).replace("/", ""))
    cells[0] = "D" if cells[0] != "D" else "S"  # a Dragon (or a Swamp) in the corner
    edited = attrs.evolve(
        game,
        players=(
            attrs.evolve(
                game.players[0],
                kingdom="/".join("".join(cells[r * 4 : r * 4 + 4]) for r in range(4)),
            ),
            *game.players[1:],
        ),
    )
    expected = check_game(edited).players[0].sheet
    assert expected is not None
    session.page.click("[data-cell='0-0-0']")
    session.page.keyboard.press(cells[0])
    assert session.totals()[0] == str(expected.total)
    assert session.totals()[0] != before[0] or expected.total == int(before[0])
    expect(session, edited)
    # the focus moved on to the next cell, which the arrow keys move back from
    assert session.page.evaluate("document.activeElement.dataset.cell") == "0-0-1"
    session.page.keyboard.press("ArrowLeft")
    assert session.page.evaluate("document.activeElement.dataset.cell") == "0-0-0"


def test_itemized_lines_with_rule_ids(session: Session) -> None:
    """Each category of a player's score opens to its lines, each with the checker's rule id."""
    game = load_game(ROOT / "examples" / "three-players.toml")
    session.open(format_game(game, "json"))
    sheet = check_game(game).players[2].sheet
    assert sheet is not None
    for category in Category:
        shown = session.page.text_content(f"[data-player='2'] [data-category='{category.value}']")
        assert shown is not None
        for line in sheet.lines_of(category):
            # rows and columns counted from 1, the rule id after the line
            text = re.sub(
                r"\((\d),(\d)\)",
                lambda m: f"(row {int(m[1]) + 1}, col {int(m[2]) + 1})",
                line.text,
            )
            text = re.sub(r"Legend ([a-z-]+) \([^)]*\)", "Legend «", text)
            assert text.split("«")[0] in shown and line.rule in shown
    assert session.page.locator("[data-player='2'] .picture svg").count() == 1


def test_reload_keeps_the_game(session: Session) -> None:
    """A reload of the page shows the same game, edits included."""
    game = load_game(ROOT / "examples" / "four-players.toml")
    session.open(format_game(game, "json"))
    session.page.click("[data-step='3']")
    session.page.click("[data-cell='3-3-3']")
    session.page.click("#palette [data-card='?']")
    shown = session.totals(), session.verdict()
    session.page.reload()
    session.page.wait_for_selector("body[data-ready=true]", timeout=90_000)
    assert (session.totals(), session.verdict()) == shown
    assert session.verdict().startswith("invalid")  # an empty cell (R7.2)


def test_download_is_format_game(session: Session) -> None:
    """The downloaded file is exactly format_game of the game the page holds."""
    game = load_game(ROOT / "examples" / "tie-break.toml")
    session.open(format_game(game, "json"))
    with session.page.expect_download() as info:
        session.page.click("#download")
    path = info.value.path()
    assert Path(path).read_text(encoding="utf-8") == format_game(as_page_keeps_it(game))


def test_open_a_game_file(session: Session, tmp_path: Path) -> None:
    """A TOML game file opened in the page is shown as the checker reads it."""
    source = ROOT / "examples" / "three-players.toml"
    session.page.set_input_files("#open", str(source))
    session.page.wait_for_function(
        "() => document.querySelector('[data-field=name]').value === 'Chloé'"
    )
    expect(session, load_game(source))


def test_ruleset_can_be_chosen(session: Session) -> None:
    """Choosing the classic ruleset shows the checker's classic scores (R9)."""
    game = load_game(ROOT / "examples" / "four-players.toml")
    session.open(format_game(game, "json"))
    session.page.select_option("#ruleset", "classic")
    expect(session, attrs.evolve(game, ruleset="classic"))


def test_problems_beside_their_cells_and_fields(session: Session) -> None:
    """An empty cell, too many Dragons and a Legend claimed twice are shown where they are."""
    game = {
        "players": [
            {"name": "Ana", "kingdom": "DDDD/DDFF/?FFF/FFFF", "legends": ["two-elves"]},
            {"name": "Bob", "kingdom": "EEWW/FFOG/MHDS/WGSM", "legends": ["two-elves"]},
        ]
    }
    session.open(json.dumps(game))
    page = session.page
    assert session.verdict().startswith("invalid")
    assert "row 3, column 1" in (page.text_content("[data-problems='0-kingdom']") or "")
    assert {"empty", "problem"} <= set(
        (page.get_attribute("[data-cell='0-2-0']", "class") or "").split()
    )
    assert "problem" in (page.get_attribute("[data-cell='0-0-0']", "class") or "")
    assert "problem" in (page.get_attribute("#palette [data-card='D']", "class") or "")
    assert "7 Dragons across the Kingdoms; the deck has 4 for 2 players" in (
        page.text_content("[data-problems='game']") or ""
    )
    # and beside each Kingdom holding a Dragon
    for i in (0, 1):
        assert "Dragons across" in (page.text_content(f"[data-problems='{i}-kingdom']") or "")
    assert "2 connected Elves is claimed by Ana and Bob" in (
        page.text_content("[data-problems='1-legends']") or ""
    )
    assert "claimed by Bob" in (
        page.text_content("[data-player='0'] [data-taken='two-elves']") or ""
    )
    # the problem is in the cell's accessible name, not only in its colour
    assert "problem:" in (page.get_attribute("[data-cell='0-2-0']", "aria-label") or "")


def test_fits_a_390px_phone(session: Session) -> None:
    """At 390 px nothing is wider than the viewport (no sideways scrolling); screenshots kept."""
    game = load_game(ROOT / "examples" / "four-players.toml")
    session.open(format_game(game, "json"))
    page = session.page
    for details in page.locator("details").all():
        details.evaluate("d => d.open = true")
    too_wide = page.evaluate(
        """() => Array.from(document.querySelectorAll('body *'))
            .filter(e => e.getClientRects().length)
            .filter(e => e.getBoundingClientRect().right > innerWidth + 0.5
                      || e.getBoundingClientRect().left < -0.5)
            .map(e => e.tagName + '.' + e.className + ' ' + e.getBoundingClientRect().right)"""
    )
    assert too_wide == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    height = page.evaluate("document.documentElement.scrollHeight")
    for k, y in enumerate(range(0, height, 2400)):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.screenshot(path=str(session.shots / f"phone-{k}.png"), full_page=False)
    assert (session.shots / "phone-0.png").stat().st_size > 10_000


def test_every_control_has_a_name(session: Session) -> None:
    """Every button, input and select has an accessible name (label, aria-label or text)."""
    missing = session.page.evaluate(
        """() => Array.from(document.querySelectorAll('button, input, select'))
            .filter(e => !(e.getAttribute('aria-label') || e.labels?.length
                           || e.textContent.trim()))
            .map(e => e.outerHTML.slice(0, 80))"""
    )
    assert missing == []


def test_no_request_leaves_the_origin(session: Session) -> None:
    """Every request of the whole session went to the page's own origin (none was refused)."""
    if not session.requests:  # run alone: load the page once
        session.open(None, fresh=True)
    assert session.requests, "the route saw the page's requests"
    assert session.refused == []
    assert any(url.endswith("pyodide.asm.wasm") for url in session.requests)
