"""The exceptions of drako-rules, all under one base class,
`DrakoError`.

Errors about a value the caller gave (a text that cannot be read, a move the rules forbid, a
game file that does not hold together) also subclass
[`ValueError`](https://docs.python.org/3/library/exceptions.html#ValueError), so code that
already catches ``ValueError`` keeps working.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeVar

T = TypeVar("T")

#: The most characters of a user-supplied text that a message quotes (then ``…``).
MAX_QUOTED: Final = 40
#: The most characters of a player's name in a table column or a sentence, of the library
#: (the arena's tables) and of the command line alike (then ``…``, by ``short``).
NAME_WIDTH: Final = 12

__all__ = [
    "MAX_QUOTED",
    "NAME_WIDTH",
    "ArenaError",
    "CommandError",
    "DrakoError",
    "DrakoTypeError",
    "GameError",
    "IllegalMoveError",
    "InputError",
    "InvalidGameError",
    "InvalidMoveError",
    "NotationError",
    "PlayerCountError",
    "RecordError",
    "RulesetError",
    "ScoringError",
    "expect",
    "expect_iterable",
    "quote",
    "short",
]


class DrakoError(Exception):
    """Base class of every error raised by drako-rules."""


class DrakoTypeError(DrakoError, TypeError):
    """An argument of the wrong type, such as a text where a `Kingdom` is needed.

    The message says what was expected and how to build it (``Kingdom.parse``). The one
    type-error class of the library (named so that it does not clash with
    ``argparse.ArgumentTypeError``).
    """


class InputError(DrakoError, ValueError):
    """A file or stream that cannot be read as text: missing, a directory, unreadable, not
    UTF-8, or larger than the size limit (`drako_rules.inputs`)."""


class CommandError(DrakoError):
    """A command of the ``drako-rules`` CLI that cannot do its work for a reason outside the
    rules, such as a file it cannot write (exit status 2)."""


class ArenaError(DrakoError, ValueError):
    """An arena or simulation that cannot run as asked: a bad player spec, or a bad count
    of players, games or workers, executor, batch size, time limit, timeout or move limit
    (`arena.run_arena`, `simulate.simulate`).
    Raised before any game is played."""


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


def quote(value: object, limit: int = MAX_QUOTED) -> str:
    """A short, escaped, quoted prefix of ``value`` for a message: ``'Ana'``, ``'\\x1b[2J'``,
    ``'mountainmountainmount…'``.

    Text is cut to ``limit`` characters *before* it is escaped, so that the message stays
    short whatever the size of the input; every character that is not printable (C0 and
    C1 controls, bidi overrides, line breaks) is written as a backslash escape, so that a
    message cannot drive a terminal. Other values are quoted through their ``repr``,
    cut the same way (a huge integer is never converted to decimal).

    Examples:
        >>> quote("mountian")
        "'mountian'"
        >>> quote("\x1b]0;pwned\x07")
        "'\\\\x1b]0;pwned\\\\x07'"
        >>> quote("x" * 100, limit=5)
        "'xxxxx'…"
        >>> quote(10 ** 5000)
        'an integer of 5001 digits'
    """
    if isinstance(value, str):
        body = short(value.replace("\\", "\\\\").replace("'", "\\'"), limit)
        return f"'{body[:-1]}'…" if body.endswith("…") else f"'{body}'"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = int(value.bit_length() * 0.30103) + 1
        return f"an integer of {digits} digits"
    if isinstance(value, list | tuple | dict | set | frozenset) and len(value) > limit:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__}"
    return short(text, limit)


def short(text: str, limit: int = MAX_QUOTED) -> str:
    """``text`` cut to ``limit`` characters (then ``…``) with its unprintable characters
    escaped, unquoted: a player's name in a table or a sentence.

    Examples:
        >>> short("Ana"), short("Bartholomew", 5), short("\x1b[2J")
        ('Ana', 'Barth…', '\\\\x1b[2J')
    """
    if len(text) <= limit and text.isprintable():
        return text
    out: list[str] = []
    size = 0
    for ch in text:
        piece = ch if ch.isprintable() else _escape_char(ch)
        if size + len(piece) > limit:
            return "".join(out) + "…"
        out.append(piece)
        size += len(piece)
    return "".join(out)


def _escape_char(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def expect(value: object, kind: type[T] | tuple[type, ...], what: str, hint: str = "") -> T:
    """Return ``value`` if it is a ``kind``, else raise
    `DrakoTypeError` saying ``what`` was expected.

    The guard at the entry of a public function: ``expect(state, GameState, "a GameState",
    "see new_game")``. ``bool`` is not accepted where ``int`` is.

    Examples:
        >>> expect(3, int, "a seat")
        3
        >>> expect("3", int, "a seat")
        Traceback (most recent call last):
        ...
        drako_rules.errors.DrakoTypeError: expected a seat, not '3'
    """
    bad_bool = isinstance(value, bool) and kind in (int, (int,))
    if bad_bool or not isinstance(value, kind):
        raise DrakoTypeError(
            f"expected {what}, not {quote(value)}" + (f" ({hint})" if hint else "")
        )
    return value  # type: ignore[return-value]


def expect_iterable(value: object, what: str, hint: str = "") -> Iterable[object]:
    """Return ``value`` if it is an iterable other than text, else raise
    `DrakoTypeError` saying ``what`` was expected, as
    `expect` does.

    The guard of a public function that takes a collection, such as ``score``'s Legends
    (R5.4) or ``ranking``'s sheets (R5.6); the caller checks each item. Typed ``object`` in
    and out, so that a compiled caller checks the items itself instead of having them cast.

    Examples:
        >>> expect_iterable([1, 2], "a list of seats")
        [1, 2]
        >>> expect_iterable("ab", "a list of seats")
        Traceback (most recent call last):
        ...
        drako_rules.errors.DrakoTypeError: expected a list of seats, not 'ab'
    """
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise DrakoTypeError(
            f"expected {what}, not {quote(value)}" + (f" ({hint})" if hint else "")
        )
    return value
