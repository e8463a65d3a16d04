"""The components of the game: Kingdom cards (R1.1), the deck (R1.2–R1.3), Legends (R1.4)."""

from __future__ import annotations

import enum
import re
from typing import Final

from drako_rules.errors import NotationError, PlayerCountError, quote

__all__ = [
    "CARDS_PER_KIND",
    "CARD_TOKENS",
    "DIAMONDS",
    "Card",
    "Legend",
    "cards_per_kind",
    "check_player_count",
    "deck",
    "no_legend",
]


class Card(enum.Enum):
    """The ten kinds of Kingdom card (R1.1); the value is the notation letter.

    Examples:
        >>> Card("F")
        <Card.FOREST: 'F'>
        >>> Card.DWARF.letter, Card.DWARF.english, Card.DWARF.is_tribe
        ('W', 'Dwarf', True)
        >>> Card.parse("goblin")
        <Card.GOBLIN: 'G'>
    """

    FOREST = "F"
    MOUNTAIN = "M"
    PLAIN = "P"
    SWAMP = "S"
    ELF = "E"
    DWARF = "W"
    HUMAN = "H"
    GOBLIN = "G"
    DRAGON = "D"
    PORTAL = "O"

    # Members are singletons that compare by identity, so hashing by identity agrees with
    # equality; Enum's own __hash__ hashes the name in Python code, which made every dict
    # look-up of a card (Kingdom construction, the tables) several times slower.
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        """The one-letter notation of the card (Kingdom notation)."""
        return self.value

    @property
    def english(self) -> str:
        """The English name of the card, as printed (``"Portal"`` for the Magical Portal)."""
        return _ENGLISH[self]

    @property
    def plural(self) -> str:
        """The English plural (``"Dwarves"``), for sentences and score-sheet headings."""
        return _PLURAL[self]

    @property
    def index(self) -> int:
        """A small integer 0–9 in declaration order, for tables and bitboards."""
        return _INDEX[self]

    @property
    def is_land(self) -> bool:
        """Forest, Mountain, Plain or Swamp (R1.1)."""
        return self in LANDS

    @property
    def is_tribe(self) -> bool:
        """Elf, Dwarf, Human or Goblin (R1.1)."""
        return self in TRIBES

    @property
    def is_locked(self) -> bool:
        """Dragons and Portals, once revealed, can never be replaced (R3.4b)."""
        return self is Card.DRAGON or self is Card.PORTAL

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card from its letter or English name, in any case (Kingdom notation).

        Raises:
            NotationError: the text names no card (``?`` is not a card: see
                `drako_rules.Kingdom.parse`).
        """
        if not isinstance(text, str):
            raise NotationError(f"a card must be given as text, not {type(text).__name__}")
        card = CARD_TOKENS.get(text.strip().lower())
        if card is None:
            raise NotationError(
                f"unknown card {quote(text)}: expected one of "
                + ", ".join(f"{c.letter} ({c.english})" for c in Card),
                token=text,
            )
        return card

    def __str__(self) -> str:
        return self.english


_ENGLISH: Final = {
    Card.FOREST: "Forest",
    Card.MOUNTAIN: "Mountain",
    Card.PLAIN: "Plain",
    Card.SWAMP: "Swamp",
    Card.ELF: "Elf",
    Card.DWARF: "Dwarf",
    Card.HUMAN: "Human",
    Card.GOBLIN: "Goblin",
    Card.DRAGON: "Dragon",
    Card.PORTAL: "Portal",
}
_PLURAL: Final = {
    card: {"Elf": "Elves", "Dwarf": "Dwarves"}.get(name, name + "s")
    for card, name in _ENGLISH.items()
}
_INDEX: Final = {card: i for i, card in enumerate(Card)}
#: Every word or name of a card in the notation, lower case: letters, English names and
#: "magical portal" (Kingdom notation).
CARD_TOKENS: Final[dict[str, Card]] = {
    **{c.letter.lower(): c for c in Card},
    **{c.english.lower(): c for c in Card},
    "magical portal": Card.PORTAL,
}

#: The four Lands, in score-sheet order (R1.1).
LANDS: Final = frozenset({Card.FOREST, Card.MOUNTAIN, Card.PLAIN, Card.SWAMP})
#: The four Tribes (R1.1).
TRIBES: Final = frozenset({Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN})

#: The diamond marks of the 8 cards of each kind (R1.2).
DIAMONDS: Final[tuple[int, ...]] = (2, 2, 2, 2, 3, 3, 4, 4)

#: Cards of each kind in the deck, by player count (R1.3).
CARDS_PER_KIND: Final = {2: 4, 3: 6, 4: 8}


def check_player_count(players: object) -> int:
    """Return ``players`` if it is a player count the game allows (2–4, R1.3).

    Raises:
        PlayerCountError: for any other value.
    """
    if isinstance(players, bool) or not isinstance(players, int) or players not in CARDS_PER_KIND:
        raise PlayerCountError(f"Drako is played by 2, 3 or 4 players, not {quote(players)} (R1.3)")
    return players


def cards_per_kind(players: int) -> int:
    """How many cards of each kind the deck holds for ``players`` players: 4, 6 or 8 (R1.3).

    Examples:
        >>> [cards_per_kind(n) for n in (2, 3, 4)]
        [4, 6, 8]
    """
    return CARDS_PER_KIND[check_player_count(players)]


def deck(players: int) -> tuple[Card, ...]:
    """The Kingdom cards used with ``players`` players, in a fixed unshuffled order (R1.2–R1.3).

    With 2 players only the 2-diamond cards (40), with 3 the 2- and 3-diamond cards (60),
    with 4 all 80 cards.

    Examples:
        >>> len(deck(2)), len(deck(3)), len(deck(4))
        (40, 60, 80)
        >>> deck(3).count(Card.DRAGON)
        6
    """
    check_player_count(players)
    max_diamonds = players  # 2 players: 2-diamond cards; 3: up to 3; 4: up to 4 (R1.3)
    return tuple(card for card in Card for d in DIAMONDS if d <= max_diamonds)


class Legend(enum.Enum):
    """The 15 Legend cards (R1.4); the value is the id used in [the rules](../rules.md#R1.4) and game files.

    An id is read the same way everywhere (``Legend(...)``, ``Legend.parse``, game files,
    ``--legend``): case, surrounding blanks, and the separators between words do not
    matter: a run of spaces, ``_`` or ``-`` is one ``-`` (``"Four Tribes"``, ``"FOUR_TRIBES"``
    and ``"four-tribes"`` are one Legend). Any other text is refused with one message, the
    `NotationError` (also a ``ValueError``) that names the
    close ids, or all 15 when none is close.

    Examples:
        >>> Legend("two-elves").points
        2
        >>> Legend("Two Elves") is Legend.parse("TWO_ELVES") is Legend.TWO_ELVES
        True
        >>> Legend("4-tribes")
        Traceback (most recent call last):
        ...
        drako_rules.errors.NotationError: '4-tribes', which is no Legend; did you mean 'four-tribes'? (R1.4)
        >>> Legend.FOUR_TRIBES.requirement
        'at least one Elf, Dwarf, Human and Goblin in the Kingdom, connected or not'
    """

    TWO_ELVES = "two-elves"
    TWO_DWARVES = "two-dwarves"
    TWO_HUMANS = "two-humans"
    TWO_GOBLINS = "two-goblins"
    THREE_FORESTS = "three-forests"
    THREE_MOUNTAINS = "three-mountains"
    THREE_PLAINS = "three-plains"
    THREE_SWAMPS = "three-swamps"
    ALLIANCE_HUMAN_ELF = "alliance-human-elf"
    ALLIANCE_HUMAN_DWARF = "alliance-human-dwarf"
    BATTLE_GOBLIN_HUMAN = "battle-goblin-human"
    BATTLE_GOBLIN_ELF = "battle-goblin-elf"
    BATTLE_GOBLIN_DWARF = "battle-goblin-dwarf"
    BATTLE_ELF_DWARF = "battle-elf-dwarf"
    FOUR_TRIBES = "four-tribes"

    # Identity hash, as for Card: the frozensets of Legends are built on every call.
    __hash__ = object.__hash__

    @property
    def id(self) -> str:
        """The Legend's id, as in the table of [R1.4](../rules.md#R1.4) (``"two-elves"``)."""
        return self.value

    @property
    def points(self) -> int:
        """The Harmony Points the Legend is worth to the player who claimed it (R1.4, R5.4)."""
        return _LEGEND_INFO[self][1]

    @property
    def requirement(self) -> str:
        """The requirement, in words (R1.4, R6.4)."""
        return _LEGEND_INFO[self][0]

    @classmethod
    def find(cls, text: str) -> Legend | None:
        """The Legend of an id as `parse` reads it, or None
        when no Legend has that id (R1.4): a look-up, with no exception to raise and catch,
        for readers that meet many bad ids (a game file may hold thousands)."""
        if not isinstance(text, str):
            return None
        return _LEGEND_OF_ID.get(_legend_key(text))

    @classmethod
    def parse(cls, text: str) -> Legend:
        """Read a Legend from its id: any case, words separated by ``-``, ``_`` or spaces
        (``"two-elves"``, ``"TWO_ELVES"``, ``"Two Elves"``); a Legend is returned as it is.

        Raises:
            NotationError: no Legend has that id (R1.4); the message names the close ids.
        """
        if isinstance(text, Legend):
            return text
        if not isinstance(text, str):
            raise NotationError(f"a Legend id must be text, not {type(text).__name__} (R1.4)")
        legend = cls.find(text)
        if legend is None:
            raise NotationError(no_legend(text), token=text)
        return legend

    @classmethod
    def _missing_(cls, value: object) -> Legend:
        """``Legend(text)`` reads ids as `parse` does, and
        refuses with the same error."""
        return cls.parse(value)  # type: ignore[arg-type]

    def __str__(self) -> str:
        return self.value


_LEGEND_OF_ID: Final = {legend.value: legend for legend in Legend}
_LEGEND_IDS: Final = ", ".join(_LEGEND_OF_ID)
#: A run of blanks, ``_`` and ``-``: one separator between the words of a Legend id.
_SEPARATORS: Final = re.compile(r"[\s_-]+")
#: The longest text a suggestion looks at (a fuzzy match costs the product of the lengths).
_SUGGEST_LENGTH: Final = 40
#: Numbers written as digits, read as the words of the ids ("2-elves": "two-elves").
_NUMBER_WORDS: Final = {"2": "two", "3": "three", "4": "four"}


def _legend_key(text: str) -> str:
    """``text`` as a Legend id is compared (R1.4): lower case, without surrounding blanks,
    each run of spaces, ``_`` and ``-`` one ``-``."""
    return _SEPARATORS.sub("-", text.strip().lower())


def no_legend(text: str, *, suggest: bool = True) -> str:
    """The one message for a text that names no Legend (R1.4): the text quoted, then the
    close ids (``did you mean 'four-tribes'?``) or, when none is close, the 15 ids. With
    ``suggest=False`` (a reader that meets very many bad ids), no fuzzy match is made and
    the message points to R1.4 instead.

    It reads after the subject that was given the text: ``Ana claims …``, ``--legend …``.

    Examples:
        >>> no_legend("for tribes")
        "'for tribes', which is no Legend; did you mean 'four-tribes'? (R1.4)"
    """
    if not suggest:
        return f"{quote(text)}, which is no Legend; the 15 Legend ids are listed under R1.4 (R1.4)"
    import difflib  # only for a message

    key = _legend_key(text[:_SUGGEST_LENGTH]).strip("-")
    key = "-".join(_NUMBER_WORDS.get(word, word) for word in key.split("-"))
    ratios = sorted(
        ((difflib.SequenceMatcher(None, key, x).ratio(), x) for x in _LEGEND_OF_ID),
        key=lambda pair: -pair[0],
    )
    best = ratios[0][0]
    # The close ids: at least 0.6 alike (difflib's measure), and nearly as alike as the best.
    close = [x for ratio, x in ratios[:3] if ratio >= max(0.6, best - 0.1)]
    if close:
        names = [quote(x) for x in close]
        choice = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
        return f"{quote(text)}, which is no Legend; did you mean {choice}? (R1.4)"
    return f"{quote(text)}, which is no Legend; the Legend ids are {_LEGEND_IDS} (R1.4)"


_LEGEND_INFO: Final[dict[Legend, tuple[str, int]]] = {
    Legend.TWO_ELVES: ("2 Elves connected", 2),
    Legend.TWO_DWARVES: ("2 Dwarves connected", 2),
    Legend.TWO_HUMANS: ("2 Humans connected", 2),
    Legend.TWO_GOBLINS: ("2 Goblins connected", 2),
    Legend.THREE_FORESTS: ("3 Forests connected", 4),
    Legend.THREE_MOUNTAINS: ("3 Mountains connected", 4),
    Legend.THREE_PLAINS: ("3 Plains connected", 4),
    Legend.THREE_SWAMPS: ("3 Swamps connected", 4),
    Legend.ALLIANCE_HUMAN_ELF: ("a Human connected to an Elf", 2),
    Legend.ALLIANCE_HUMAN_DWARF: ("a Human connected to a Dwarf", 2),
    Legend.BATTLE_GOBLIN_HUMAN: (
        "2 Goblins connected to one Human, or 2 Humans to one Goblin",
        3,
    ),
    Legend.BATTLE_GOBLIN_ELF: ("2 Goblins connected to one Elf, or 2 Elves to one Goblin", 3),
    Legend.BATTLE_GOBLIN_DWARF: (
        "2 Goblins connected to one Dwarf, or 2 Dwarves to one Goblin",
        3,
    ),
    Legend.BATTLE_ELF_DWARF: ("2 Elves connected to one Dwarf, or 2 Dwarves to one Elf", 3),
    Legend.FOUR_TRIBES: (
        "at least one Elf, Dwarf, Human and Goblin in the Kingdom, connected or not",
        4,
    ),
}
