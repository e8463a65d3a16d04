"""Cards (R1.1), the deck per player count (R1.2–R1.3) and the 15 Legends (R1.4)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drako_rules import (
    Card,
    DrakoError,
    Legend,
    NotationError,
    PlayerCountError,
    cards_per_kind,
    deck,
)
from drako_rules.cards import DIAMONDS, check_player_count

# R1.1 and the Kingdom notation: (letter, English name, kind).
CARDS = [
    ("F", "Forest", "land"),
    ("M", "Mountain", "land"),
    ("P", "Plain", "land"),
    ("S", "Swamp", "land"),
    ("E", "Elf", "tribe"),
    ("W", "Dwarf", "tribe"),
    ("H", "Human", "tribe"),
    ("G", "Goblin", "tribe"),
    ("D", "Dragon", "dragon"),
    ("O", "Portal", "portal"),
]


@pytest.mark.parametrize(("letter", "name", "kind"), CARDS)
def test_card_letter_name_and_kind(letter: str, name: str, kind: str) -> None:
    """R1.1: each of the ten kinds has its notation letter, English name, and is Land/Tribe or neither."""
    card = Card(letter)
    assert card.letter == letter and card.english == name and str(card) == name
    assert card.is_land == (kind == "land")
    assert card.is_tribe == (kind == "tribe")
    for text in (letter, letter.lower(), name, name.upper(), name.lower(), f"  {name} "):
        assert Card.parse(text) is card


def test_ten_kinds() -> None:
    """R1.1: exactly ten kinds, four Lands and four Tribes."""
    assert len(Card) == 10
    assert sum(c.is_land for c in Card) == 4 and sum(c.is_tribe for c in Card) == 4


@pytest.mark.parametrize("text", ["X", "", "?", "forests", "elves", "FE", "magic"])
def test_card_parse_unknown(text: str) -> None:
    """Kingdom notation: a text naming no card raises NotationError quoting it."""
    with pytest.raises(NotationError, match=repr(text)) as info:
        Card.parse(text)
    assert isinstance(info.value, DrakoError) and isinstance(info.value, ValueError)
    assert info.value.token == text


@pytest.mark.parametrize("value", [None, 1, b"F", Card.FOREST])
def test_card_parse_non_text(value: object) -> None:
    """Kingdom notation: Card.parse of a non-string raises NotationError, never TypeError."""
    with pytest.raises(NotationError):
        Card.parse(value)  # type: ignore[arg-type]


# --- deck (R1.2, R1.3) ----------------------------------------------------------------------


def test_r1_2_diamond_marks() -> None:
    """R1.2: of the 8 cards of a kind, 4 carry 2 diamonds, 2 carry 3 and 2 carry 4."""
    assert Counter(DIAMONDS) == {2: 4, 3: 2, 4: 2}


@pytest.mark.parametrize(("players", "per_kind", "size"), [(2, 4, 40), (3, 6, 60), (4, 8, 80)])
def test_r1_3_deck_per_player_count(players: int, per_kind: int, size: int) -> None:
    """R1.3: 2 players 40 cards (4 per kind), 3 players 60 (6), 4 players 80 (8)."""
    cards = deck(players)
    assert len(cards) == size
    assert Counter(cards) == dict.fromkeys(Card, per_kind)
    assert cards_per_kind(players) == per_kind
    assert check_player_count(players) == players
    assert deck(players) == cards  # a fixed order


@pytest.mark.parametrize("players", [0, 1, 5, -2, True, False, 2.0, "2", None])
def test_r1_3_other_player_counts_are_errors(players: object) -> None:
    """R1.3: any player count but 2, 3, 4 raises PlayerCountError naming it and the rule."""
    with pytest.raises(PlayerCountError) as info:
        check_player_count(players)
    assert isinstance(info.value, DrakoError) and isinstance(info.value, ValueError)
    assert repr(players) in str(info.value) and "R1.3" in str(info.value)
    with pytest.raises(PlayerCountError):
        cards_per_kind(players)  # type: ignore[arg-type]
    with pytest.raises(PlayerCountError):
        deck(players)  # type: ignore[arg-type]


# --- Legends (R1.4) -------------------------------------------------------------------------

# The table of R1.4: id, requirement, points.
LEGENDS = [
    ("two-elves", "2 Elves connected", 2),
    ("two-dwarves", "2 Dwarves connected", 2),
    ("two-humans", "2 Humans connected", 2),
    ("two-goblins", "2 Goblins connected", 2),
    ("three-forests", "3 Forests connected", 4),
    ("three-mountains", "3 Mountains connected", 4),
    ("three-plains", "3 Plains connected", 4),
    ("three-swamps", "3 Swamps connected", 4),
    ("alliance-human-elf", "a Human connected to an Elf", 2),
    ("alliance-human-dwarf", "a Human connected to a Dwarf", 2),
    (
        "battle-goblin-human",
        "2 Goblins connected to one Human, or 2 Humans to one Goblin",
        3,
    ),
    ("battle-goblin-elf", "2 Goblins connected to one Elf, or 2 Elves to one Goblin", 3),
    ("battle-goblin-dwarf", "2 Goblins connected to one Dwarf, or 2 Dwarves to one Goblin", 3),
    ("battle-elf-dwarf", "2 Elves connected to one Dwarf, or 2 Dwarves to one Elf", 3),
    (
        "four-tribes",
        "at least one Elf, Dwarf, Human and Goblin in the Kingdom, connected or not",
        4,
    ),
]


@pytest.mark.parametrize(("legend_id", "requirement", "points"), LEGENDS)
def test_r1_4_legend_table(legend_id: str, requirement: str, points: int) -> None:
    """R1.4: each Legend has the id, requirement and points of the table in RULES.md."""
    legend = Legend(legend_id)
    assert legend.id == legend.value == str(legend) == legend_id
    assert legend.requirement == requirement
    assert legend.points == points


def test_r1_4_fifteen_unique_legends() -> None:
    """R1.4: 15 Legends, each unique, worth 44 points in all (4×2 + 4×4 + 2×2 + 4×3 + 4)."""
    assert len(Legend) == 15 == len({x.value for x in Legend})
    assert sum(x.points for x in Legend) == 8 + 16 + 4 + 12 + 4


@pytest.mark.parametrize(
    "text", ["two-elves", "TWO_ELVES", "Two Elves", " two-elves ", "two_elves", "Two-Elves"]
)
def test_legend_parse_spellings(text: str) -> None:
    """R1.4: Legend.parse reads an id in any case, with ``-``, ``_`` or spaces."""
    assert Legend.parse(text) is Legend.TWO_ELVES
    assert Legend("two-elves") is Legend.TWO_ELVES


@given(st.sampled_from(list(Legend)))
def test_legend_parse_round_trip(legend: Legend) -> None:
    """R1.4: every Legend reads back from its id and from its member name."""
    assert Legend.parse(legend.id) is legend
    assert Legend.parse(legend.name) is legend
    assert Legend.parse(legend) is legend  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["three-elves", "", "elves", "two elves please"])
def test_legend_parse_unknown(text: str) -> None:
    """R1.4: an unknown Legend id raises NotationError quoting it and listing the ids."""
    with pytest.raises(NotationError, match=repr(text)) as info:
        Legend.parse(text)
    assert "two-elves" in str(info.value)


@pytest.mark.parametrize("value", [None, 3, b"two-elves"])
def test_legend_parse_non_text(value: object) -> None:
    """R1.4: Legend.parse of a non-string raises NotationError."""
    with pytest.raises(NotationError):
        Legend.parse(value)  # type: ignore[arg-type]


def test_legend_constructor_rejects_unknown_id() -> None:
    """R1.4: ``Legend("three-elves")`` is an error (the enum's ValueError)."""
    with pytest.raises(ValueError):
        Legend("three-elves")


@given(
    st.one_of(
        st.sampled_from(list(Legend)).map(lambda x: x.value.upper().replace("-", "_")),
        st.text(max_size=30),
    )
)
def test_legend_find_is_parse_without_the_exception(text: str) -> None:
    """``Legend.find`` gives the Legend ``Legend.parse`` reads, and None exactly when parse
    raises NotationError (R1.4)."""
    try:
        parsed: Legend | None = Legend.parse(text)
    except NotationError:
        parsed = None
    assert Legend.find(text) is parsed


def test_legend_find_of_what_is_not_text_is_none() -> None:
    """An id that is not text names no Legend: None, where ``parse`` raises."""
    assert Legend.find(3) is None  # type: ignore[arg-type]
    assert Legend.find("two elves") is Legend.TWO_ELVES and Legend.find("two-elfs") is None
