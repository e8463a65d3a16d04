"""The web checker's words: one JSON catalogue per language (``messages.LANG.json`` beside
the page), every message in each, with the same placeholders, and the card and Legend names
of the glossary (``GLOSSARY.md``: the game's own words in English, Spanish and French);
and, in headless Chromium (the session's page, ``conftest.py``), a page shown in Spanish or
French with no English left from the catalogue or the checker's English sentences."""

from __future__ import annotations

import base64
import json
import re
from importlib import resources
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from drako_rules.cards import Card, Legend
from drako_rules.scoring import Category
from drako_rules.webserve import PAGE_FILES, PageServer

LANGS = ("en", "es", "fr")
PAGE = resources.files("drako_rules") / "webpage"
#: The card names of the glossary, by letter: (singular, plural) per language.
GLOSSARY_CARDS = {
    "es": {
        "F": ("Bosque", "Bosques"), "M": ("Montaña", "Montañas"), "P": ("Llanura", "Llanuras"),
        "S": ("Pantano", "Pantanos"), "E": ("Elfo", "Elfos"), "W": ("Enano", "Enanos"),
        "H": ("Humano", "Humanos"), "G": ("Goblin", "Goblins"), "D": ("Dragón", "Dragones"),
        "O": ("Portal mágico", "Portales mágicos"),
    },
    "fr": {
        "F": ("Forêt", "Forêts"), "M": ("Montagne", "Montagnes"), "P": ("Plaine", "Plaines"),
        "S": ("Marais", "Marais"), "E": ("Elfe", "Elfes"), "W": ("Nain", "Nains"),
        "H": ("Humain", "Humains"), "G": ("Gobelin", "Gobelins"), "D": ("Dragon", "Dragons"),
        "O": ("Portail magique", "Portails magiques"),
    },
}  # fmt: skip


def catalogue(lang: str) -> dict[str, str]:
    data = json.loads((PAGE / f"messages.{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in data.items())
    return data


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_in_every_language(lang: str) -> None:
    """Each catalogue has exactly the English keys, none blank, with the same placeholders."""
    english = catalogue("en")
    other = catalogue(lang)
    assert set(other) == set(english)
    for key, text in other.items():
        assert text.strip(), key
        assert placeholders(text) == placeholders(english[key]), key


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_words_are_all_there(lang: str) -> None:
    """Every card (R1.1), Legend (R1.4), category (R5.5) and problem code has its words."""
    from drako_rules.checker import PROBLEM_CODES

    words = catalogue(lang)
    for card in Card:
        assert f"card.{card.letter}" in words and f"card.{card.letter}.plural" in words
    for legend in Legend:
        assert f"legend.{legend.value}" in words
    for category in Category:
        assert f"category.{category.value}" in words
    for code in PROBLEM_CODES:
        assert f"problem.{code}" in words
    for value in ("verified", "disagrees", "invalid"):
        assert f"verdict.{value}" in words


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_card_names_are_the_glossarys(lang: str) -> None:
    words = catalogue(lang)
    for letter, (one, many) in GLOSSARY_CARDS[lang].items():
        assert (words[f"card.{letter}"], words[f"card.{letter}.plural"]) == (one, many)


def test_the_page_ships_every_catalogue() -> None:
    for lang in LANGS:
        assert f"messages.{lang}.json" in PAGE_FILES


def test_no_programmer_words_in_the_catalogues() -> None:
    """No ``$.`` path and no rule id inside a sentence: the page links the rule id after it."""
    for lang in LANGS:
        for key, text in catalogue(lang).items():
            assert "$." not in text, key
            assert not re.search(r"\bR\d+\.\d+", text), key


# --- in the browser: no English left on a page in Spanish or French ---------------------

#: Everything a person can read or hear on the page, every <details> opened, once per step.
PAGE_WORDS = """() => {
  const out = [];
  for (const step of document.querySelectorAll('[data-step]')) {
    step.click();
    for (const d of document.querySelectorAll('details')) d.open = true;
    out.push(document.body.innerText);
    for (const e of document.querySelectorAll('*')) {
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        if (e.getAttribute(a)) out.push(e.getAttribute(a));
      }
    }
    for (const e of document.querySelectorAll('svg title, svg desc, svg text')) out.push(e.textContent);
  }
  return out.join('\\n');
}"""
WORD = re.compile(r"[^\W\d_]+")
#: Words the page may show in every language: the language switch names itself.
EVERYWHERE = {"English", "Español", "Français", "Drako", "Aetherya", "Pocket"}


def english_only_words(lang: str, games: list[str]) -> set[str]:
    """The words of the English catalogue and of the checker's English (score lines, the
    pictures' texts) for ``games``, that the catalogue of ``lang`` does not use."""
    from drako_rules.web import check_page

    english: set[str] = set()
    for text in catalogue("en").values():
        english |= set(WORD.findall(re.sub(r"\{\w+\}", "", text)))
    for game in games:
        out = json.loads(check_page(game, "json", ""))
        for player in out["report"]["players"]:
            for line in player["lines"]:
                english |= set(WORD.findall(line["text"]))
        for svg in out["pictures"]:
            if svg:
                english |= set(WORD.findall(re.sub(r"<[^>]*>", " ", svg)))
    own: set[str] = set()  # the language's words, and the players' names
    for game in games:
        own |= {w for p in json.loads(game)["players"] for w in WORD.findall(p["name"])}
    for text in catalogue(lang).values():
        own |= set(WORD.findall(text))
    return {w for w in english - own - EVERYWHERE if len(w) > 2 and not w.isupper()}


def leftover_games() -> list[str]:
    from drako_rules.checker import format_game, load_game

    root = Path(__file__).resolve().parent.parent
    games = [format_game(load_game(path), "json") for path in sorted(root.glob("examples/*.toml"))]
    problems = {
        "ruleset": "classic",
        "players": [
            {"name": "Ana", "kingdom": "DDDD/DDFF/?FFF/FFFF", "legends": ["two-elves"], "score": 3},
            {"name": "Bob", "kingdom": "EEWW/FFOG/MHDS/WGSM", "legends": ["two-elves"],
             "score": "lots", "sheet": {"elves": 9}},
            {"name": "Cleo", "kingdom": "GOGD/OEOD/DHOD/WSMF", "score": 31},
        ],
    }  # fmt: skip
    return [*games, json.dumps(problems)]


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_no_english_left_on_the_page(browser: Browser, site: PageServer, lang: str) -> None:
    """Each example game, and one with every kind of problem in the classic ruleset, shown
    in Spanish or French: no word of the English catalogue or of the checker's English
    sentences that the language's catalogue does not also use, on any step."""
    games = leftover_games()
    forbidden = english_only_words(lang, games)
    assert {"through", "against", "cannot", "network"} <= forbidden
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    try:
        page = context.new_page()
        page.goto(f"{site.url}?lang={lang}")
        page.wait_for_selector("body[data-ready=true]", timeout=120_000)
        for game in games:
            before = int(page.evaluate("() => Number(document.body.dataset.checks)"))
            link = "#game=" + base64.urlsafe_b64encode(game.encode()).decode().rstrip("=")
            page.evaluate("(link) => { location.hash = link; }", link)
            page.wait_for_function(f"() => Number(document.body.dataset.checks) > {before}")
            assert page.get_attribute("html", "lang") == lang
            shown = set(WORD.findall(page.evaluate(PAGE_WORDS)))
            assert not shown & forbidden, (sorted(shown & forbidden), game[:80])
    finally:
        context.close()
