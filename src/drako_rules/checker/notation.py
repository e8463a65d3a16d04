"""Kingdoms and Legends as a player writes them: reading them, and the messages a player
at the table needs when they cannot be read (Kingdom notation, R1.4).

`read_kingdom` and
`read_legend` are used by the verdict once
per player; `kingdom_message` and
`legend_message` by the command line too
(``drako-rules score`` and ``explain``), so that a player reads the same words everywhere.
What is wrong with a Kingdom's text is worded once, by the notation's reader
(``drako_rules.notation``, through `Kingdom.parse`);
this module adds "did you mean" for a misspelt card name, and counts the rows of a text
of the wrong shape itself.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from drako_rules.cards import Card, Legend, no_legend
from drako_rules.checker.problems import Problems
from drako_rules.errors import DrakoError, NotationError, quote
from drako_rules.kingdom import SIZE, Kingdom, Position

__all__ = ["kingdom_message", "legend_message", "read_kingdom", "read_legend"]

#: The letter of an Unexplored Land in the compact notation, as the library writes it.
_CARD_WORDS: Final[Mapping[str, str]] = {
    **{c.english.lower(): c.english.lower() for c in Card},
    **{c.plural.lower(): c.english.lower() for c in Card},
}


def _did_you_mean(word: str, choices: Mapping[str, str]) -> str:
    """``; did you mean 'x'?`` for the closest of ``choices`` (keys, mapped to what to
    suggest), or nothing."""
    import difflib

    key = word.strip().lower().replace("_", "-")[:40]
    close = difflib.get_close_matches(key, list(choices), n=1, cutoff=0.75)
    if not close:
        close = difflib.get_close_matches(key.replace("-", " "), list(choices), n=1, cutoff=0.75)
    return f"; did you mean {quote(choices[close[0]])}?" if close else ""


def kingdom_message(error: NotationError, text: str) -> str:
    """What is wrong with the Kingdom ``text``, for a player (Kingdom notation).

    A bad card is named as the notation's reader words it, in one place
    (``drako_rules.notation.unknown_card``: the card by itself, its row and column counted
    from 1 at the top left), with "did you mean" added for a misspelt card name; a wrong number of rows says how many there are, with "did you mean" for a
    misspelt name in them; otherwise the reader's message, which quotes a short prefix of
    the text.

    Examples:
        >>> try:
        ...     Kingdom.parse("FEOM/HPWM/SGDO/PPHX")
        ... except NotationError as error:
        ...     print(kingdom_message(error, "FEOM/HPWM/SGDO/PPHX")[:35])
        unknown card 'X' at row 4, column 4
        >>> try:
        ...     Kingdom.parse("forest elf portal mountian/HPWM/SGDO/PPHS")
        ... except NotationError as error:
        ...     print(kingdom_message(error, "forest elf portal mountian/HPWM/SGDO/PPHS")[-26:])
        ; did you mean 'mountain'?
    """
    token = error.token
    if token is not None and error.row is not None and error.column is not None:
        hint = _did_you_mean(token, _CARD_WORDS) if len(token) > 1 else ""
        return f"{error}{hint}"
    rows = [r for r in re.split(r"[/\n]", text[:400]) if r.strip()]
    if len(text) <= 400 and len(rows) != SIZE:
        words = text.split()
        hint = next((h for w in words if (h := _did_you_mean(w, _CARD_WORDS))), "")
        return (
            f"expected {SIZE} rows of {SIZE} cards separated by '/' or new lines, got "
            f"{len(rows)} in {quote(text)}{hint}"
        )
    return str(error)  # Kingdom.parse quotes a short prefix of the text itself


def read_kingdom(
    text: str, where: str, owner: str, problems: Problems, seat: int | None = None
) -> Kingdom | None:
    """The Kingdom written as ``text`` for the player ``owner`` (of seat ``seat``), or None
    with a ``bad-kingdom`` problem at ``where`` (Kingdom notation) whose cells are the card
    that cannot be read, when the notation names one."""
    try:
        return Kingdom.parse(text)
    except NotationError as error:
        cells: tuple[tuple[int, Position], ...] = ()
        row, column = error.row, error.column
        if (
            seat is not None
            and row is not None
            and column is not None
            and 0 <= row < SIZE
            and 0 <= column < SIZE
        ):
            cells = ((seat, Position(row, column)),)
        problems.add(
            "bad-kingdom",
            where,
            f"{owner}'s Kingdom cannot be read: {kingdom_message(error, text)}",
            player=seat,
            field="kingdom",
            cells=cells,
        )
    except DrakoError as error:
        problems.add(
            "bad-kingdom",
            where,
            f"{owner}'s Kingdom cannot be read: {quote(str(error), 200)}",
            player=seat,
            field="kingdom",
        )
    return None


def legend_message(text: str, *, suggest: bool = True) -> str:
    """Why ``text`` names no Legend (R1.4): the one message of
    `no_legend`, with the close ids unless ``suggest`` is False."""
    return no_legend(text, suggest=suggest)


def read_legend(text: str) -> Legend | None:
    """The Legend named by the id ``text`` (any case, ``_`` or ``-``), or None (R1.4)."""
    return Legend.find(text)
