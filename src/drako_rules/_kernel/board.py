"""The grid as 16-bit masks (R4.1), and the small integer codes of cards and Legends.

Everything the rules modules compute on bits is written once here: the cells and their
neighbours, walking the set bits of a mask, the cells next to one or two cells of a mask,
the code of each card kind and the bit of each Legend. Bit ``i`` of a mask is cell ``i``,
numbered 0–15 row by row (cell `4·row + col`).

Examples:
    >>> list(bits(0b1010_0001))
    [0, 5, 7]
    >>> [i for i in bits(NEIGHBOUR_MASK[5])]
    [1, 4, 6, 9]
    >>> CODE_OF[Card.PORTAL], CODE_OF[None], CODES
    (9, 10, 11)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Final

from drako_rules.cards import Card, Legend

__all__ = [
    "ALL",
    "AROUND_HI",
    "AROUND_LO",
    "CARDS",
    "CARD_OF_CODE",
    "CELLS",
    "CENTRE_CELLS",
    "CODES",
    "CODE_OF",
    "CODE_OF_LETTER",
    "LEGENDS",
    "LEGEND_BIT",
    "LEGEND_BIT_OF_ID",
    "LEGEND_INDEX",
    "NEIGHBOURS",
    "NEIGHBOUR_MASK",
    "SIDE",
    "TWO_HI",
    "TWO_LO",
    "UNEXPLORED",
    "around",
    "bits",
    "legend_mask",
    "legends_of_mask",
    "neighbourhoods",
    "two_around",
]

#: The side of the square Kingdom (R4.1).
SIDE: Final = 4
#: The number of cells of a Kingdom.
CELLS: Final = SIDE * SIDE
#: The mask of every cell.
ALL: Final = (1 << CELLS) - 1
_NOT_COL0: Final = 0xEEEE  # cells not in column 0
_NOT_COL3: Final = 0x7777  # cells not in column 3

#: The 2×2 centre where the starting cards go (R2.4–R2.5): cells 5, 6, 9, 10.
CENTRE_CELLS: Final = (5, 6, 9, 10)

#: ``NEIGHBOURS[i]``: the cells orthogonally adjacent to cell ``i``: up, left, right, down (R4.1).
NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        (r + dr) * SIDE + (c + dc)
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
        if 0 <= r + dr < SIDE and 0 <= c + dc < SIDE
    )
    for r, c in ((i // SIDE, i % SIDE) for i in range(CELLS))
)
#: ``NEIGHBOUR_MASK[i]``: the same as a mask.
NEIGHBOUR_MASK: Final = tuple(sum(1 << j for j in NEIGHBOURS[i]) for i in range(CELLS))

#: The code of an Unexplored Land; the ten kinds of card are 0–9, in ``Card`` order.
UNEXPLORED: Final = 10
#: The number of codes (ten kinds and the Unexplored Land).
CODES: Final = 11
#: ``CODE_OF[cell]``: the code of a cell value, a ``Card`` or ``None`` (Unexplored Land).
CODE_OF: Final[dict[Card | None, int]] = {**{card: card.index for card in Card}, None: UNEXPLORED}
#: The ten kinds of card in code order (``CARDS[code]`` for a code below ``UNEXPLORED``).
CARDS: Final = tuple(Card)
#: ``CARD_OF_CODE[code]``: the cell value of a code.
CARD_OF_CODE: Final[tuple[Card | None, ...]] = (*Card, None)
#: ``CODE_OF_LETTER[card.value]``: the code by the card's letter; a ``str`` key hashes in C,
#: which makes this the look-up of the engine's hot paths.
CODE_OF_LETTER: Final[dict[str, int]] = {card.value: card.index for card in Card}

#: The Legends in ``Legend`` order; bit ``i`` of a mask of Legends is ``LEGENDS[i]`` (the
#: order of the action space).
LEGENDS: Final = tuple(Legend)
#: ``LEGEND_INDEX[legend]``: the index of a Legend in ``LEGENDS``.
LEGEND_INDEX: Final[dict[Legend, int]] = {legend: i for i, legend in enumerate(LEGENDS)}
#: ``LEGEND_BIT[legend]``: the bit of a Legend in a mask of Legends.
LEGEND_BIT: Final[dict[Legend, int]] = {legend: 1 << i for i, legend in enumerate(LEGENDS)}
#: ``LEGEND_BIT_OF_ID[legend.value]``: the same, keyed by the id (a ``str`` hashes in C).
LEGEND_BIT_OF_ID: Final[dict[str, int]] = {legend.value: bit for legend, bit in LEGEND_BIT.items()}


def bits(mask: int) -> Iterator[int]:
    """The cell numbers set in ``mask``, in increasing order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def legend_mask(legends: Iterable[Legend]) -> int:
    """The mask of some Legends (bit ``i`` for ``LEGENDS[i]``).

    Raises:
        KeyError: an item is not a Legend (callers turn it into their own error).
    """
    mask = 0
    for legend in legends:
        mask |= LEGEND_BIT[legend]
    return mask


class _LegendSets(dict[int, frozenset[Legend]]):
    """The set of Legends of each mask met so far, made on first use: at most 2**15 of
    them, and Kingdoms in play meet far fewer combinations."""

    def __missing__(self, mask: int) -> frozenset[Legend]:
        found = self[mask] = frozenset(legend for i, legend in enumerate(LEGENDS) if mask >> i & 1)
        return found


#: ``legends_of_mask(mask)``: the Legends of a mask of Legends (the inverse of
#: `legend_mask`), one ``frozenset`` per mask. It is a
#: dictionary's look-up (filled on the first use of each mask), where a function would cost
#: a Python call on every `legends_met`.
legends_of_mask: Final[Callable[[int], frozenset[Legend]]] = _LegendSets().__getitem__


def _around_by_shifts(y: int) -> int:
    """The cells orthogonally adjacent to at least one cell of ``y`` (R4.1)."""
    return ((y >> 1) & _NOT_COL3) | ((y << 1) & _NOT_COL0) | (y >> 4) | ((y << 4) & ALL)


def _two_by_shifts(y: int) -> int:
    """The cells with at least two orthogonal neighbours in ``y`` (R4.1)."""
    up = (y << 4) & ALL  # bit i: cell i - 4 (above i) is in y
    down = y >> 4
    left = (y << 1) & _NOT_COL0
    right = (y >> 1) & _NOT_COL3
    return (up & (down | left | right)) | (down & (left | right)) | (left & right)


# The two functions as look-ups, one table for each half of the grid (cells 0-7 and 8-15):
# "adjacent to y" is the union of the halves; "two neighbours in y" is two in one half, or
# one in each.
#: ``AROUND_LO[m]``: the cells next to a cell of ``m`` (cells 0–7); ``AROUND_HI[m]`` the same
#: for ``m << 8`` (cells 8–15).
AROUND_LO: Final = tuple(_around_by_shifts(x) for x in range(256))
AROUND_HI: Final = tuple(_around_by_shifts(x << 8) for x in range(256))
#: ``TWO_LO[m]``, ``TWO_HI[m]``: the cells next to two cells of ``m`` (as above).
TWO_LO: Final = tuple(_two_by_shifts(x) for x in range(256))
TWO_HI: Final = tuple(_two_by_shifts(x << 8) for x in range(256))


def neighbourhoods() -> tuple[int, ...]:
    """For every 16-bit mask ``m``, ``around(m) | two_around(m) << 16``: the cells next to a
    cell of ``m`` and, from bit 16, the cells next to two (R4.1); one look-up where the
    functions take four. The Legend checks build it when they are imported
    (``legends.NEIGHBOURHOOD``: about 2.5 MB, and 26 million instructions to build as pure
    Python, which a program that only scores Kingdoms does not pay).

    Built 256 entries at a time: entry ``hi << 8 | lo`` is
    ``a | a_hi | (t | t_hi | (a & a_hi)) << 16`` for ``a, t = AROUND_LO[lo], TWO_LO[lo]`` and
    ``a_hi, t_hi = AROUND_HI[hi], TWO_HI[hi]``; the 256 entries of one ``hi`` are computed
    at once as the 32-bit lanes of one integer (the lanes never carry into each other), and
    the bytes of the 256 rows are read back as one tuple: a fifth of the work of an entry at
    a time."""
    lane_a = lane_at = 0  # lane lo: AROUND_LO[lo], and AROUND_LO[lo] | TWO_LO[lo] << 16
    for a, t in zip(reversed(AROUND_LO), reversed(TWO_LO), strict=True):
        lane_a = lane_a << 32 | a
        lane_at = lane_at << 32 | a | t << 16
    ones = int.from_bytes(b"\x01\x00\x00\x00" * 256, "little")  # 1 in every lane
    rows = b"".join(
        (lane_at | (a_hi | t_hi << 16) * ones | (lane_a & a_hi * ones) << 16).to_bytes(
            1024, sys.byteorder
        )
        for a_hi, t_hi in zip(AROUND_HI, TWO_HI, strict=True)
    )
    return tuple(memoryview(rows).cast("I"))  # C's unsigned int: 32 bits wherever CPython runs


def around(y: int) -> int:
    """The cells orthogonally adjacent to at least one cell of the mask ``y`` (R4.1).

    Examples:
        >>> list(bits(around(1 << 5)))
        [1, 4, 6, 9]
    """
    return AROUND_LO[y & 0xFF] | AROUND_HI[y >> 8]


def two_around(y: int) -> int:
    """The cells orthogonally adjacent to at least two cells of the mask ``y`` (R4.1).

    Examples:
        >>> list(bits(two_around(1 << 1 | 1 << 4)))
        [0, 5]
    """
    lo, hi = y & 0xFF, y >> 8
    return TWO_LO[lo] | TWO_HI[hi] | (AROUND_LO[lo] & AROUND_HI[hi])
