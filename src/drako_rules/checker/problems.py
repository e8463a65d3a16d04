"""The problems of a game file: their codes, `Problem`, and
the collector that the reader and the verdict fill.

A problem is found once, where its field is read or judged, and kept in the order found;
its ``where`` is a path in the one style of the library (``$.players[1].kingdom``), the
style of `RecordError.path` too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeAlias

import attrs

from drako_rules.cards import Card, Legend
from drako_rules.errors import InvalidGameError, quote
from drako_rules.kingdom import Position
from drako_rules.scoring import Category

__all__ = [
    "FIELDS",
    "PROBLEM_CODES",
    "JSONValue",
    "Problem",
    "Problems",
    "field_path",
    "index_path",
]

#: A value that [`json.dumps`](https://docs.python.org/3/library/json.html#json.dumps) can
#: write: what `GameReport.to_dict` returns.
JSONValue: TypeAlias = "bool | int | float | str | list[JSONValue] | dict[str, JSONValue] | None"

#: Every problem code a report can hold, with its meaning (the rule id where one applies).
PROBLEM_CODES: Final[Mapping[str, str]] = {
    "missing-field": "a field the game file needs is absent (players, a player's name or kingdom)",
    "unknown-field": "a field the game file does not define (often a misspelt one)",
    "bad-field": "a field holds the wrong kind of value (text where a list is expected, ...)",
    "not-an-integer": "a value written on the score sheet is not an integer of at most 18 digits (R5.5)",
    "unknown-ruleset": "the ruleset is neither pocket nor classic (R9)",
    "player-count": "the game has fewer than 2 or more than 4 players (R1.3)",
    "bad-kingdom": "a Kingdom that cannot be read as 4 rows of 4 cards (Kingdom notation)",
    "unexplored-land": "a Kingdom still holds an Unexplored Land; at the end all are revealed (R7.2)",
    "unknown-legend": "a Legend id that names no Legend (R1.4)",
    "legend-claimed-twice": "a Legend claimed by two players, or twice by one (R1.4, R6.3)",
    "too-many-legends": "more Legend claims in the game than the 15 Legends that exist (R1.4)",
    "too-many-cards": "more cards of a kind across all Kingdoms than the deck holds (R1.2-R1.3)",
}


#: Every value of `Problem.field`: the game's table and its
#: fields, a player's table and its fields, the written total and each written category.
FIELDS: Final[tuple[str, ...]] = (
    "game",
    "ruleset",
    "players",
    "player",
    "name",
    "kingdom",
    "legends",
    "total",
    "sheet",
    *(f"sheet.{c.value}" for c in Category),
)


def field_path(parent: str, key: object) -> str:
    """The path of field ``key`` of the table at ``parent``: ``$.players[0].name``.

    A key that is not a plain name is quoted (short and escaped): ``$['x y']``.
    """
    text = key if isinstance(key, str) else str(key)
    if text.isidentifier() or text.replace("-", "_").isidentifier():
        return f"{parent}.{text}"
    return f"{parent}[{quote(text)}]"


def index_path(parent: str, index: int) -> str:
    """The path of item ``index`` (0-based) of the list at ``parent``: ``$.players[1]``."""
    return f"{parent}[{index}]"


def _check_code(instance: Problem, attribute: attrs.Attribute[str], value: str) -> None:
    if value not in PROBLEM_CODES:
        raise InvalidGameError(
            f"unknown problem code {quote(value)}: the codes are {', '.join(PROBLEM_CODES)}"
        )


def _check_text(instance: Problem, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str):
        raise InvalidGameError(f"a Problem's {attribute.name} is text, not {quote(value)}")


def _check_optional_int(
    instance: Problem, attribute: attrs.Attribute[int | None], value: object
) -> None:
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
        raise InvalidGameError(
            f"a Problem's {attribute.name} is a whole number or None, not {quote(value)}"
        )


def _check_field(instance: Problem, attribute: attrs.Attribute[str | None], value: object) -> None:
    if value is not None and value not in FIELDS:
        raise InvalidGameError(
            f"a Problem's field is one of {', '.join(FIELDS)} or None, not {quote(value)}"
        )


def _check_kind(kind: type) -> Callable[[Problem, attrs.Attribute[Any], object], None]:
    def check(instance: Problem, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None and not isinstance(value, kind):
            raise InvalidGameError(
                f"a Problem's {attribute.name} is a {kind.__name__} or None, not {quote(value)}"
            )

    return check


def _to_seats(value: object) -> tuple[int, ...]:
    if isinstance(value, str) or not isinstance(value, tuple | list):
        raise InvalidGameError(f"a Problem's seats are a tuple of seats, not {quote(value)}")
    for seat in value:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            raise InvalidGameError(f"a seat is a whole number, not {quote(seat)}")
    return tuple(value)


def _to_cells(value: object) -> tuple[tuple[int, Position], ...]:
    if isinstance(value, str) or not isinstance(value, tuple | list):
        raise InvalidGameError(f"a Problem's cells are (seat, Position) pairs, not {quote(value)}")
    out = []
    for pair in value:
        if (
            not isinstance(pair, tuple | list)
            or len(pair) != 2
            or not isinstance(pair[0], int)
            or isinstance(pair[0], bool)
            or pair[0] < 0
            or not isinstance(pair[1], Position)
        ):
            raise InvalidGameError(
                f"a Problem's cell is a (seat, Position) pair, not {quote(pair)}"
            )
        out.append((pair[0], pair[1]))
    return tuple(out)


def _check_rule(instance: Problem, attribute: attrs.Attribute[str | None], value: object) -> None:
    if value is not None and not isinstance(value, str):
        raise InvalidGameError(f"a Problem's rule is a rule id or None, not {quote(value)}")


@attrs.frozen
class Problem:
    """One thing wrong with a game file, found while reading or checking it.

    Every code is listed in `PROBLEM_CODES`:

    | code | meaning |
    |---|---|
    | `missing-field` | a field the game file needs is absent (players, a player's name or kingdom) |
    | `unknown-field` | a field the game file does not define (often a misspelt one) |
    | `bad-field` | a field holds the wrong kind of value |
    | `not-an-integer` | a value written on the score sheet is not an integer of at most 18 digits (R5.5) |
    | `unknown-ruleset` | the ruleset is neither pocket nor classic (R9) |
    | `player-count` | fewer than 2 or more than 4 players (R1.3) |
    | `bad-kingdom` | a Kingdom that cannot be read as 4 rows of 4 cards |
    | `unexplored-land` | a Kingdom still holds an Unexplored Land (R7.2) |
    | `unknown-legend` | a Legend id that names no Legend (R1.4) |
    | `legend-claimed-twice` | a Legend claimed by two players, or twice by one (R1.4, R6.3) |
    | `too-many-legends` | more Legend claims than the 15 Legends that exist (R1.4) |
    | `too-many-cards` | more cards of a kind in the Kingdoms than the deck holds (R1.2–R1.3) |

    More than 15 claims always repeat some Legend, so ``too-many-legends`` comes with
    ``legend-claimed-twice``.

    Attributes:
        code: the stable code, a key of `PROBLEM_CODES`.
        where: the place in the file, as a path: ``$.players[1].kingdom`` (0-based
            indices), ``$.players[0].legends[2]``, ``$.ruleset``, or ``$.players`` for a
            problem of the whole game.
        message: what is wrong, in words, starting with ``where``; user text in it is a
            short escaped prefix.
        rule: the rule id the problem breaks, when one applies.
        player: the 0-based seat of the player the problem is about; None for a problem of
            the whole game (its ruleset, its players, too many cards or Legend claims).
        field: which field is wrong, one of `FIELDS`:
            ``"game"`` (the file's table), ``"ruleset"``, ``"players"``, ``"player"`` (a
            player's table), ``"name"``, ``"kingdom"``, ``"legends"`` (the claims),
            ``"total"`` (the written score), ``"sheet"`` or ``"sheet.elves"`` (a written
            category, R5.5); None when a Problem is built without it.
        cells: the cells concerned, as ``(seat, Position)`` pairs in seat and reading order:
            the card that cannot be read (``bad-kingdom``, when the notation names one),
            the Unexplored Lands (``unexplored-land``, R7.2), every card of the kind
            (``too-many-cards``, R1.3).
        card: the kind of card of a ``too-many-cards`` problem (R1.2–R1.3).
        legend: the Legend of a ``legend-claimed-twice`` problem (R1.4, R6.3).
        seats: every player the problem concerns, in seat order: each claimer of a Legend
            claimed twice, each player holding a card of a kind there are too many of, or
            the one player of a problem of one player.
        count: the number the problem is about: the players (``player-count``), the cards
            of the kind (``too-many-cards``), the Legend claims (``too-many-legends``).
        limit: the most the rules allow for ``count``: the deck's cards of a kind for the
            player count (R1.3), the 15 Legends (R1.4); None when there is no single bound.

    The facts are what a renderer needs (which box to mark, which cell, which Legend); the
    message says the same in words. `check_game` gives
    every problem its facts; a Problem built in code may leave them at their defaults.
    """

    code: str = attrs.field(validator=_check_code)
    where: str = attrs.field(validator=_check_text)
    message: str = attrs.field(validator=_check_text)
    rule: str | None = attrs.field(default=None, validator=_check_rule)
    player: int | None = attrs.field(default=None, validator=_check_optional_int, kw_only=True)
    field: str | None = attrs.field(default=None, validator=_check_field, kw_only=True)
    cells: tuple[tuple[int, Position], ...] = attrs.field(
        default=(), converter=_to_cells, kw_only=True
    )
    card: Card | None = attrs.field(default=None, validator=_check_kind(Card), kw_only=True)
    legend: Legend | None = attrs.field(default=None, validator=_check_kind(Legend), kw_only=True)
    seats: tuple[int, ...] = attrs.field(default=(), converter=_to_seats, kw_only=True)
    count: int | None = attrs.field(default=None, validator=_check_optional_int, kw_only=True)
    limit: int | None = attrs.field(default=None, validator=_check_optional_int, kw_only=True)

    def __str__(self) -> str:
        return f"[{self.code}] {self.message}"

    def to_dict(self) -> dict[str, JSONValue]:
        """The problem as JSON values: code, where, message, rule and the facts (its fields,
        written by the one converter, as in a report's ``problems``): ``player``, ``field``,
        ``cells`` as ``[seat, [row, col]]`` (0-based), ``card`` as its letter, ``legend`` as
        its id, ``seats``, ``count`` and ``limit``."""
        from drako_rules.serialization import unstructure  # on first use: checking needs none

        data: dict[str, JSONValue] = unstructure(self)
        return data


class Problems:
    """The problems of one game, in the order found (a collector, not a value).

    ``add`` writes the message as ``where: text``; ``at(where)`` says in constant time
    whether a problem was already found at a place, so that a field refused while
    reading is not judged again.
    """

    def __init__(self, found: tuple[Problem, ...] = ()) -> None:
        self.items: list[Problem] = list(found)
        self._places: set[str] = {p.where for p in found}

    def add(
        self,
        code: str,
        where: str,
        text: str,
        rule: str | None = None,
        *,
        player: int | None = None,
        field: str | None = None,
        cells: tuple[tuple[int, Position], ...] = (),
        card: Card | None = None,
        legend: Legend | None = None,
        seats: tuple[int, ...] | None = None,
        count: int | None = None,
        limit: int | None = None,
    ) -> None:
        """Record a problem ``code`` at ``where``; ``text`` says what is wrong; the facts are
        those of `Problem` (``seats`` defaults to the player's)."""
        if seats is None:
            seats = (player,) if player is not None else ()
        self.items.append(
            Problem(
                code,
                where,
                f"{where}: {text}",
                rule,
                player=player,
                field=field,
                cells=cells,
                card=card,
                legend=legend,
                seats=seats,
                count=count,
                limit=limit,
            )
        )
        self._places.add(where)

    def at(self, where: str) -> bool:
        """Whether a problem was found at exactly ``where``."""
        return where in self._places

    def __len__(self) -> int:
        return len(self.items)
