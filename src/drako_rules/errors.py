"""The exceptions of drako-rules, all under one base class,
[`DrakoError`][drako_rules.errors.DrakoError].

Errors about a value the caller gave (a text that cannot be read, a move the rules forbid, a
game file that does not hold together) also subclass
[`ValueError`](https://docs.python.org/3/library/exceptions.html#ValueError), so code that
already catches ``ValueError`` keeps working.
"""

from __future__ import annotations

__all__ = [
    "ArgumentTypeError",
    "CommandError",
    "DrakoError",
    "GameError",
    "IllegalMoveError",
    "InvalidGameError",
    "InvalidMoveError",
    "NotationError",
    "PlayerCountError",
    "RecordError",
    "RulesetError",
    "ScoringError",
]


class DrakoError(Exception):
    """Base class of every error raised by drako-rules."""


class ArgumentTypeError(DrakoError, TypeError):
    """An argument of the wrong type, such as a text where a [`Kingdom`][drako_rules.kingdom.Kingdom] is needed.

    The message says what was expected and how to build it (``Kingdom.parse``).
    """


class CommandError(DrakoError):
    """A command of the ``drako-rules`` CLI that cannot do its work for a reason outside the
    rules, such as a file it cannot write (exit status 2)."""


class NotationError(DrakoError, ValueError):
    """A Kingdom (or card, or position) text that cannot be read (Kingdom notation).

    Attributes:
        text: the whole text that was being read.
        row: 0-based row of the Kingdom where the problem is, if known.
        column: 0-based column where the problem is, if known.
        token: the offending piece of text, if any.
    """

    def __init__(
        self,
        message: str,
        *,
        text: str | None = None,
        row: int | None = None,
        column: int | None = None,
        token: str | None = None,
    ) -> None:
        super().__init__(message)
        self.text = text
        self.row = row
        self.column = column
        self.token = token


class PlayerCountError(DrakoError, ValueError):
    """A player count outside 2–4 (R1.3)."""


class RulesetError(DrakoError, ValueError):
    """An unknown ruleset name or an inconsistent ruleset (R9)."""


class ScoringError(DrakoError, ValueError):
    """Arguments that cannot be scored or ranked (a Legend claimed twice, a non-Legend)."""


class InvalidMoveError(DrakoError, ValueError):
    """A move text or action id that cannot be read at all (not a move of any game)."""


class IllegalMoveError(DrakoError, ValueError):
    """A well-formed move that the rules forbid in this state.

    Attributes:
        rule: the id of the rule the move breaks (``"R3.4c"``), when one applies.
    """

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class GameError(DrakoError, ValueError):
    """Arguments that do not fit a game: a seed that is not an integer, a seat that is not
    a player's (R2.7, R8), the final scores of a game that is not over (R7.3)."""


class InvalidGameError(DrakoError, ValueError):
    """A game file (or game description) that cannot be checked at all."""


class RecordError(DrakoError, ValueError):
    """A saved game record or state that is malformed or was tampered with.

    Attributes:
        path: where in the document the problem is, as ``$.moves[12]``, when known.
    """

    def __init__(self, message: str, *, path: str | None = None) -> None:
        super().__init__(message)
        self.path = path
