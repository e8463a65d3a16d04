"""The web checker's words: one JSON catalogue per language (``messages.LANG.json`` beside
the page), every message in each, with the same placeholders, and the card and Legend names
of the glossary (``GLOSSARY.md``: the game's own words in English, Spanish and French)."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from drako_rules.cards import Card, Legend
from drako_rules.scoring import Category
from drako_rules.webserve import PAGE_FILES

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
