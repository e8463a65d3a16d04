"""The problems of a game file: their codes, [`Problem`][drako_rules.checker.Problem], and
the collector that the reader and the verdict fill.

A problem is found once, where its field is read or judged, and kept in the order found;
its ``where`` is a path in the one style of the library (``$.players[1].kingdom``), the
style of [`RecordError.path`][drako_rules.errors.RecordError] too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, TypeAlias

import attrs

from drako_rules.errors import InvalidGameError, quote

__all__ = ["PROBLEM_CODES", "JSONValue", "Problem", "Problems", "field_path", "index_path"]

#: A value that [`json.dumps`](https://docs.python.org/3/library/json.html#json.dumps) can
#: write: what [`GameReport.to_dict`][drako_rules.checker.GameReport.to_dict] returns.
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


def _check_rule(instance: Problem, attribute: attrs.Attribute[str | None], value: object) -> None:
    if value is not None and not isinstance(value, str):
        raise InvalidGameError(f"a Problem's rule is a rule id or None, not {quote(value)}")


@attrs.frozen
class Problem:
    """One thing wrong with a game file, found while reading or checking it.

    Every code is listed in [`PROBLEM_CODES`][drako_rules.checker.PROBLEM_CODES]:

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
        code: the stable code, a key of [`PROBLEM_CODES`][drako_rules.checker.PROBLEM_CODES].
        where: the place in the file, as a path: ``$.players[1].kingdom`` (0-based
            indices), ``$.players[0].legends[2]``, ``$.ruleset``, or ``$.players`` for a
            problem of the whole game.
        message: what is wrong, in words, starting with ``where``; user text in it is a
            short escaped prefix.
        rule: the rule id the problem breaks, when one applies.
    """

    code: str = attrs.field(validator=_check_code)
    where: str = attrs.field(validator=_check_text)
    message: str = attrs.field(validator=_check_text)
    rule: str | None = attrs.field(default=None, validator=_check_rule)

    def __str__(self) -> str:
        return f"[{self.code}] {self.message}"

    def to_dict(self) -> dict[str, JSONValue]:
        """The problem as JSON values: code, where, message and rule (its fields, written by
        the one converter, as in a report's ``problems``)."""
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

    def add(self, code: str, where: str, text: str, rule: str | None = None) -> None:
        """Record a problem ``code`` at ``where``; ``text`` says what is wrong."""
        self.items.append(Problem(code, where, f"{where}: {text}", rule))
        self._places.add(where)

    def at(self, where: str) -> bool:
        """Whether a problem was found at exactly ``where``."""
        return where in self._places

    def __len__(self) -> int:
        return len(self.items)
