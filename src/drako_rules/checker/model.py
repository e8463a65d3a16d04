"""The game file's model: `Game` and
`PlayerEntry`, and the one schema of a game file.

The schema (which tables a game file has, the fields of each, the kind of value each
holds, the default ruleset, the widest integer) is written here once: the attrs
converters below, the lenient reader (`drako_rules.checker.reader`),
the writer (`drako_rules.checker.writer`) and the web page
(through `web.catalogue`) all take it from here.

**The JSON form of a game** is the document of the game file as JSON, what
``format_game(game, "json")`` writes and ``parse_game(text, "json")`` reads:
``{"ruleset": "pocket", "players": [{"name": "Ana", "kingdom": "FEOM/HPWM/SGDO/PPHS",
"legends": ["four-tribes"], "score": 11, "sheet": {"elves": 2}}]}``; a field the game does
not give is left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Final, Literal, TypeAlias, TypeVar

import attrs

from drako_rules.cards import Legend
from drako_rules.checker.problems import Problem
from drako_rules.errors import InvalidGameError, quote
from drako_rules.kingdom import Kingdom
from drako_rules.rulesets import POCKET
from drako_rules.scoring import Category

__all__ = [
    "DEFAULT_RULESET",
    "GAME_FIELDS",
    "KIND_WORDS",
    "MAX_WRITTEN_DIGITS",
    "PLAYER_FIELDS",
    "SHEET_FIELDS",
    "FieldKind",
    "Game",
    "GameFormat",
    "PlayerEntry",
    "is_written_integer",
]

#: The formats of a game file.
GameFormat: TypeAlias = Literal["toml", "json"]

#: The kinds of value a field of a game file holds: ``text``; ``kingdom`` (text in the
#: Kingdom notation, or a list of row texts); ``legend-ids`` (a list of Legend ids, R1.4);
#: ``integer`` (a whole number of at most `MAX_WRITTEN_DIGITS`
#: digits, R5.5); ``players`` (a list of player tables); ``sheet`` (a table of the
#: `SHEET_FIELDS`).
FieldKind: TypeAlias = Literal["text", "kingdom", "legend-ids", "integer", "players", "sheet"]

#: The most digits of an integer written in a game file (a score is a few digits).
MAX_WRITTEN_DIGITS: Final = 18

#: The ruleset of a game file that names none (R9).
DEFAULT_RULESET: Final[str] = POCKET.name

#: The fields of the game's table, in the order the writer writes them, with their kind.
GAME_FIELDS: Final[Mapping[str, FieldKind]] = MappingProxyType(
    {"ruleset": "text", "players": "players"}
)

#: The fields of a player's table, in the order the writer writes them (the order of
#: `PlayerEntry`'s attributes), with their kind.
PLAYER_FIELDS: Final[Mapping[str, FieldKind]] = MappingProxyType(
    {
        "name": "text",
        "kingdom": "kingdom",
        "legends": "legend-ids",
        "score": "integer",
        "sheet": "sheet",
    }
)

#: The fields of a player's score sheet: the categories (R5.5), in sheet order.
SHEET_FIELDS: Final[Mapping[str, FieldKind]] = MappingProxyType(
    {c.value: "integer" for c in Category}
)

#: What a value of each kind is, in the words of every message about one (the reader's
#: problems, the model's errors): "players must be a list of tables ([[players]]), not 3".
KIND_WORDS: Final[Mapping[FieldKind, str]] = MappingProxyType(
    {
        "text": "text",
        "kingdom": "text in the Kingdom notation (or a list of 4 row texts)",
        "legend-ids": "a list of Legend ids",
        "integer": f"a whole number of at most {MAX_WRITTEN_DIGITS} digits",
        "players": "a list of tables ([[players]])",
        "sheet": "a table of categories ([players.sheet])",
    }
)

_INT_BOUND: Final = 10**MAX_WRITTEN_DIGITS
_RULESET_DEFAULT: Final[str | None] = DEFAULT_RULESET  # typed as the field it fills
_CATEGORIES: Final = tuple(Category)


def is_written_integer(value: object) -> bool:
    """Whether ``value`` can stand in an ``integer`` field of a game file: an ``int`` (not a
    bool) of at most `MAX_WRITTEN_DIGITS`
    digits (R5.5).

    Examples:
        >>> is_written_integer(-12), is_written_integer(True), is_written_integer(10**18)
        (True, False, False)
    """
    return (
        isinstance(value, int) and not isinstance(value, bool) and -_INT_BOUND < value < _INT_BOUND
    )


def _to_kingdom_text(value: str | Kingdom | None) -> str | None:
    return str(value) if isinstance(value, Kingdom) else value


def _check_optional_text(
    instance: object, attribute: attrs.Attribute[str | None], value: str | None
) -> None:
    if value is not None and not isinstance(value, str):
        raise InvalidGameError(f"{attribute.name} must be text or None, not {quote(value)}")


def _to_legend_ids(value: object) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidGameError(f"legends must be {KIND_WORDS['legend-ids']}, not {quote(value)}")
    out = []
    for item in value:
        if isinstance(item, Legend):
            out.append(item.value)
        elif isinstance(item, str):
            out.append(item)
        else:
            raise InvalidGameError(f"a Legend id must be text, not {quote(item)}")
    return tuple(out)


def _check_score(
    instance: object, attribute: attrs.Attribute[int | None], value: int | None
) -> None:
    if value is not None and not is_written_integer(value):
        raise InvalidGameError(
            f"the written score must be {KIND_WORDS['integer']} or None, not {quote(value)}"
        )


def _to_sheet(value: object) -> tuple[tuple[Category, int], ...]:
    if not value and isinstance(value, Mapping | tuple | list):
        return ()
    if isinstance(value, Mapping):
        pairs: Iterable[object] = value.items()
    elif isinstance(value, Iterable) and not isinstance(value, str):
        pairs = value
    else:
        raise InvalidGameError(
            f"a sheet is a mapping of categories to integers, not {quote(value)}"
        )
    found: dict[Category, int] = {}
    for pair in pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise InvalidGameError(f"a sheet holds (category, value) pairs, not {quote(pair)}")
        key, points = pair
        try:
            category = key if isinstance(key, Category) else Category(key)
        except ValueError:
            raise InvalidGameError(
                f"unknown score-sheet category {quote(key)}: the categories are "
                + ", ".join(SHEET_FIELDS)
                + " (R5.5)"
            ) from None
        if not is_written_integer(points):
            raise InvalidGameError(
                f"the written {category.value} must be {KIND_WORDS['integer']}, not {quote(points)}"
            )
        if category in found:
            raise InvalidGameError(f"the category {category.value} is written twice")
        found[category] = points
    return tuple((c, found[c]) for c in _CATEGORIES if c in found)


@attrs.frozen
class PlayerEntry:
    """One player of a game file: what was written on the table, not yet checked.

    Attributes:
        name: the player's name; None when the file gives none (reports say ``player N``).
        kingdom: the final Kingdom in any Kingdom notation, as written (a
            `Kingdom` is converted to its notation); None when
            the file gives no usable Kingdom.
        legends: the ids of the Legends the player claimed, as written (R1.4, R6.3);
            `Legend` members are converted to their ids.
        score: the total written on the score sheet, if any (R5.5).
        sheet: the categories written on the sheet, as ``(category, value)`` pairs in sheet
            order (a mapping from category names is accepted).

    Examples:
        >>> entry = PlayerEntry("Ana", Kingdom.parse("FEOM/HPWM/SGDO/PPHS"), [Legend.FOUR_TRIBES],
        ...                     score=11, sheet={"elves": 2})
        >>> entry.kingdom, entry.legends, entry.written(Category.ELVES)
        ('FEOM/HPWM/SGDO/PPHS', ('four-tribes',), 2)
    """

    name: str | None = attrs.field(validator=_check_optional_text)
    kingdom: str | None = attrs.field(converter=_to_kingdom_text, validator=_check_optional_text)
    legends: tuple[str, ...] = attrs.field(default=(), converter=_to_legend_ids)
    score: int | None = attrs.field(default=None, validator=_check_score)
    sheet: tuple[tuple[Category, int], ...] = attrs.field(default=(), converter=_to_sheet)

    def written(self, category: Category) -> int | None:
        """The value written for ``category``, or None if the sheet leaves it blank."""
        for c, value in self.sheet:
            if c is category:
                return value
        return None


_Item = TypeVar("_Item")


def _tuple_of(value: object, kind: type[_Item], field: str) -> tuple[_Item, ...]:
    """``value`` as a tuple of ``kind`` for the Game field ``field``, or InvalidGameError."""
    name = kind.__name__
    if not isinstance(value, Iterable) or isinstance(value, str):
        raise InvalidGameError(f"a Game's {field} are a list of {name}, not {quote(value)}")
    items = tuple(value)
    for item in items:
        if not isinstance(item, kind):
            raise InvalidGameError(f"a Game's {field} are {name} values, not {quote(item)}")
    return items


def _to_players(value: object) -> tuple[PlayerEntry, ...]:
    return _tuple_of(value, PlayerEntry, "players")


def _to_problems(value: object) -> tuple[Problem, ...]:
    return _tuple_of(value, Problem, "problems")


@attrs.frozen
class Game:
    """A game played on a real table, as written in a game file.

    Attributes:
        players: the players in seat order; their number is the player count (R1.3).
        ruleset: the name of the ruleset (R9); None when the file gives an unusable one.
        source: where the game was read from (a file name), for messages and reports.
        problems: the problems found while reading the file (missing, unknown or ill-typed
            fields); `check_game` adds those of the rules.
    """

    players: tuple[PlayerEntry, ...] = attrs.field(converter=_to_players)
    ruleset: str | None = attrs.field(default=_RULESET_DEFAULT, validator=_check_optional_text)
    source: str | None = attrs.field(default=None, validator=_check_optional_text)
    problems: tuple[Problem, ...] = attrs.field(default=(), converter=_to_problems)
