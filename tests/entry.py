"""A game entered on the web checker as a player at the table enters it, every tap and
keystroke counted: used by ``tests/test_web_page_ux.py`` (the target of issue 25) and
``benchmarks/web_timing.py`` (the figures).

The floor of a game is one action per card (16 per Kingdom), one per letter of a name, one
per Legend claimed and one per digit written; [`enter_game`][] returns the actions it took
beyond that floor. It never deletes anything (no Backspace, no Delete, no clearing of a
field): a new game's names are placeholders, not values.
"""

from __future__ import annotations

from playwright.sync_api import Page

from drako_rules import Kingdom
from drako_rules.checker import Game

__all__ = ["Actions", "enter_game", "floor"]

#: How many players a new game starts with (the page's default).
DEFAULT_COUNT = 2


class Actions:
    """Taps and keystrokes on a page, counted; nothing that deletes is offered."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0
        self.keys = 0
        self.log: list[str] = []

    @property
    def count(self) -> int:
        return self.taps + self.keys

    def tap(self, selector: str) -> None:
        """One tap (a touch) on the element ``selector`` names."""
        self.page.tap(selector)
        self.taps += 1
        self.log.append(f"tap {selector}")

    def type(self, text: str) -> None:
        """One keystroke per character of ``text`` into the focused element."""
        self.page.keyboard.type(text)
        self.keys += len(text)
        self.log.append(f"type {text!r}")

    def focused(self, selector: str) -> bool:
        return bool(
            self.page.evaluate(
                "(s) => document.activeElement === document.querySelector(s)", selector
            )
        )


def floor(game: Game) -> int:
    """One action per card, name letter, Legend claimed and digit written."""
    return sum(
        16 + len(p.name or "") + len(p.legends) + (len(str(p.score)) if p.score is not None else 0)
        for p in game.players
    )


def enter_game(page: Page, url: str, game: Game) -> Actions:
    """Open a new game at ``url`` and enter ``game`` (names, Kingdoms by palette taps, the
    Legends claimed, the written totals), then go to the result; the actions taken."""
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=120_000)
    act = Actions(page)
    if len(game.players) != DEFAULT_COUNT:
        act.tap(f"[data-count='{len(game.players)}']")
    for i, entry in enumerate(game.players):
        name = f"[data-name='{i}']"
        if entry.name:
            if not act.focused(name):
                act.tap(name)
            act.type(entry.name)
        assert entry.kingdom is not None
        act.tap(f"[data-cell='{i}-0-0']")  # the Kingdom: its first cell
        for letter in str(Kingdom.parse(entry.kingdom)).replace("/", ""):
            act.tap(f"#palette [data-card='{letter}']")
        for legend in entry.legends:
            act.tap(f"[data-player='{i}'] [data-legend='{legend}']")
        if entry.score is not None:
            act.tap(f"[data-written='{i}-total']")
            act.type(str(entry.score))
        act.tap(f"[data-next='{i}']")  # the next player, or the result after the last
    return act
