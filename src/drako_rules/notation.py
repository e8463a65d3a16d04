"""The Kingdom notation read into cells (``FEOM/HPWM/SGDO/PPHS``): the one reader of the
text form of a Kingdom, and the one place its errors are worded.

`Kingdom.parse` is the public entry point; the game
file's reader reports the same errors (it calls ``Kingdom.parse``). A bad card is named by
itself, with its row and column counted from 1 at the top left, as a player counts them.
"""

from __future__ import annotations

import re
from typing import Final, TypeAlias

from drako_rules._kernel.board import SIDE
from drako_rules.cards import CARD_TOKENS, Card
from drako_rules.errors import NotationError, quote

__all__ = ["kingdom_cells", "unknown_card"]

#: What a Kingdom cell holds: a revealed card, or ``None`` for an Unexplored Land.
_Cell: TypeAlias = Card | None

_UNEXPLORED_TOKENS: Final = frozenset({"?", "unexplored", "unexplored land"})
#: Every whole token of the notation, lower case: card letters and names, and "?".
_TOKENS: Final[dict[str, _Cell]] = {**CARD_TOKENS, **dict.fromkeys(_UNEXPLORED_TOKENS)}
#: First words of the two-word names ("magical portal", "unexplored land").
_FIRST_WORDS: Final = frozenset(token.split()[0] for token in _TOKENS if " " in token)


def kingdom_cells(text: str) -> tuple[_Cell, ...]:
    """The 16 cells written in ``text``, row by row (see
    `Kingdom.parse` for the notation).

    Raises:
        NotationError: the text is not a Kingdom; the message says what is wrong and where
            (``row``, ``column`` and ``token`` are set, 0-based, when one card is at fault).
    """
    if not isinstance(text, str):
        raise NotationError(
            f"a Kingdom must be given as text in the Kingdom notation, not {type(text).__name__}"
        )
    lines = [line for line in re.split(r"\r\n|\r|\n", text) if line.strip()]
    rows = [part for line in lines for part in line.split("/")]
    empty = next((r for r, row in enumerate(rows[:SIDE]) if not row.strip()), None)
    if lines and empty is not None:
        raise NotationError(
            f"row {empty} is empty in {quote(text)}: rows are separated by one '/' or a new line",
            text=text,
            row=empty,
        )
    if not lines:
        raise NotationError(
            "empty Kingdom text: expected 4 rows of 4 cards, such as 'FEOM/HPWM/SGDO/PPHS'",
            text=text,
        )
    if len(rows) != SIDE:
        hint = " (the last one is empty: a '/' too many?)" if not rows[-1].strip() else ""
        raise NotationError(
            f"expected {SIDE} rows separated by '/' or new lines, got {len(rows)} in "
            f"{quote(text)}{hint}",
            text=text,
        )
    cells: list[_Cell] = []
    for r, row in enumerate(rows):
        row_cells = _row_cells(row, r, text)
        if len(row_cells) != SIDE:
            raise NotationError(
                f"row {r} ({quote(row.strip())}) has {len(row_cells)} cards, expected {SIDE}",
                text=text,
                row=r,
                token=row.strip(),
            )
        cells.extend(row_cells)
    return tuple(cells)


def unknown_card(card: str, row: int, column: int, text: str, token: str) -> NotationError:
    """The error for the unknown card ``card`` written at ``row``, ``column`` (0-based) of
    the Kingdom ``text``, in the word ``token``: the card by itself, its row and column
    counted from 1 at the top left. The one wording of this mistake."""
    return NotationError(
        f"unknown card {quote(card)} at row {row + 1}, column {column + 1}: a card is one of "
        "F M P S E W H G D O ? or its English name",
        text=text,
        row=row,
        column=column,
        token=token,
    )


def _row_cells(row: str, r: int, text: str) -> list[_Cell]:
    """The cells of one row of the notation: letters, names (one or two words) or ``?``."""
    cells: list[_Cell] = []
    tokens = _TOKENS
    words = row.lower().split()
    written = row.split()
    i = 0
    while i < len(words):
        word = words[i]
        if word in _FIRST_WORDS and i + 1 < len(words) and f"{word} {words[i + 1]}" in tokens:
            cells.append(tokens[f"{word} {words[i + 1]}"])  # "magical portal"
            i += 2
            continue
        i += 1
        if word in tokens:  # a letter, a name or "?"
            cells.append(tokens[word])
            continue
        # A run of letters, such as "FEOM" or "f?om".
        start = len(cells)
        for k, ch in enumerate(word):
            if ch not in tokens:
                # A word too long to be letters of this row is a misspelt name: the
                # bad card is the whole word, where it starts; otherwise the one letter.
                whole = written[i - 1]
                if len(word) > SIDE - start:
                    raise unknown_card(whole, r, start, text, whole)
                # The letter as written (lower case may change the length of a word).
                bad = whole[k] if len(whole) == len(word) else ch
                raise unknown_card(bad, r, len(cells), text, whole)
            cells.append(tokens[ch])
    return cells
