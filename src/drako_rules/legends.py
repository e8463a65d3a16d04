"""Which Legend requirements a Kingdom meets (R1.4, R6.4), with bitboards.

Every requirement is a statement about connected cards (R4): two of a kind connected,
one card connected to two of a kind, or four Tribes present. They are checked on 16-bit
masks of the cells of each kind, with the grid's adjacency as shifts and the Portal
networks of the cached :func:`~drako_rules.connections.layout`.
"""

from __future__ import annotations

from typing import Final

from drako_rules.cards import Card, Legend
from drako_rules.connections import Layout, layout
from drako_rules.kingdom import Kingdom

__all__ = ["legends_met"]

_ALL: Final = 0xFFFF
_NOT_COL0: Final = 0xEEEE  # cells not in column 0
_NOT_COL3: Final = 0x7777  # cells not in column 3

_F, _M, _P, _S = (c.index for c in (Card.FOREST, Card.MOUNTAIN, Card.PLAIN, Card.SWAMP))
_E, _W, _H, _G = (c.index for c in (Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN))
_O: Final = Card.PORTAL.index


def _around_by_shifts(y: int) -> int:
    """The cells orthogonally adjacent to at least one cell of ``y`` (R4.1)."""
    return ((y >> 1) & _NOT_COL3) | ((y << 1) & _NOT_COL0) | (y >> 4) | ((y << 4) & _ALL)


def _two_by_shifts(y: int) -> int:
    """The cells with at least two orthogonal neighbours in ``y`` (R4.1)."""
    up = (y << 4) & _ALL  # bit i: cell i - 4 (above i) is in y
    down = y >> 4
    left = (y << 1) & _NOT_COL0
    right = (y >> 1) & _NOT_COL3
    return (up & (down | left | right)) | (down & (left | right)) | (left & right)


# The same two functions as look-ups, one table for each half of the grid (cells 0-7 and
# 8-15): "adjacent to y" is the union of the halves; "two neighbours in y" is two in one
# half, or one in each.
_AROUND_LO: Final = tuple(_around_by_shifts(x) for x in range(256))
_AROUND_HI: Final = tuple(_around_by_shifts(x << 8) for x in range(256))
_TWO_LO: Final = tuple(_two_by_shifts(x) for x in range(256))
_TWO_HI: Final = tuple(_two_by_shifts(x << 8) for x in range(256))


def _around(y: int) -> int:
    """The cells orthogonally adjacent to at least one cell of ``y`` (R4.1)."""
    return _AROUND_LO[y & 0xFF] | _AROUND_HI[y >> 8]


def _two(y: int) -> int:
    """The cells with at least two orthogonal neighbours in ``y`` (R4.1)."""
    lo, hi = y & 0xFF, y >> 8
    return _TWO_LO[lo] | _TWO_HI[hi] | (_AROUND_LO[lo] & _AROUND_HI[hi])


def _pair(lay: Layout, x: int) -> bool:
    """Two non-Goblin cards of ``x`` connected (R4.2-R4.3)."""
    if x & _around(x):
        return True
    for _, cells in lay.networks:  # noqa: SIM110 (a loop is cheaper than any() over 0-2 items)
        if (cells & x).bit_count() >= 2:
            return True
    return False


def _meet(lay: Layout, x: int, y: int) -> bool:
    """A card of ``x`` connected to a card of ``y``; neither kind is Goblin (R4.2-R4.3)."""
    if x & _around(y):
        return True
    for _, cells in lay.networks:  # noqa: SIM110 (as in _pair)
        if cells & x and cells & y:
            return True
    return False


def _star(lay: Layout, x: int, y: int) -> bool:
    """A non-Goblin card of ``x`` connected to two non-Goblin cards of ``y`` (R4, R6.4)."""
    if x & _two(y):
        return True
    # Otherwise only a card next to a Portal network can reach two: count its connections.
    candidates = x & lay.touching
    connected = lay.connected
    while candidates:
        low = candidates & -candidates
        if (connected[low.bit_length() - 1] & y).bit_count() >= 2:
            return True
        candidates ^= low
    return False


def _battle(x: int, y: int) -> bool:
    """Two of ``x`` adjacent to one of ``y``, or two of ``y`` to one of ``x``: a battle with
    Goblins, who connect to adjacent cards only (R4.3)."""
    return bool(x & _two(y) or y & _two(x))


def legends_met(kingdom: Kingdom) -> frozenset[Legend]:
    """The Legends whose requirement the revealed cards of ``kingdom`` meet (R1.4, R6.4).

    Unexplored Lands meet nothing (R4.6) and Portals only link (R4.5). Goblins connect
    to adjacent cards only (R4.3), so every requirement naming a Goblin is checked on
    adjacency alone. "3 connected" Lands means one Land connected to two others of its
    kind (R6.4).

    Examples:
        >>> sorted(x.value for x in legends_met(Kingdom.parse("GOGS/OHOW/GOEO/SSSG")))
        ['alliance-human-dwarf', 'alliance-human-elf', 'four-tribes', 'three-swamps']
    """
    m = kingdom._masks
    lay = layout(m[_O])
    e, w, h, g = m[_E], m[_W], m[_H], m[_G]
    met: list[Legend] = []
    if e and _pair(lay, e):
        met.append(Legend.TWO_ELVES)
    if w and _pair(lay, w):
        met.append(Legend.TWO_DWARVES)
    if h and _pair(lay, h):
        met.append(Legend.TWO_HUMANS)
    if g & _around(g):
        met.append(Legend.TWO_GOBLINS)
    f, mo, p, s = m[_F], m[_M], m[_P], m[_S]
    if f.bit_count() >= 3 and _star(lay, f, f):
        met.append(Legend.THREE_FORESTS)
    if mo.bit_count() >= 3 and _star(lay, mo, mo):
        met.append(Legend.THREE_MOUNTAINS)
    if p.bit_count() >= 3 and _star(lay, p, p):
        met.append(Legend.THREE_PLAINS)
    if s.bit_count() >= 3 and _star(lay, s, s):
        met.append(Legend.THREE_SWAMPS)
    if h and e and _meet(lay, h, e):
        met.append(Legend.ALLIANCE_HUMAN_ELF)
    if h and w and _meet(lay, h, w):
        met.append(Legend.ALLIANCE_HUMAN_DWARF)
    if g:
        if h and _battle(g, h):
            met.append(Legend.BATTLE_GOBLIN_HUMAN)
        if e and _battle(g, e):
            met.append(Legend.BATTLE_GOBLIN_ELF)
        if w and _battle(g, w):
            met.append(Legend.BATTLE_GOBLIN_DWARF)
    if e and w and (_star(lay, w, e) or _star(lay, e, w)):
        met.append(Legend.BATTLE_ELF_DWARF)
    if e and w and h and g:
        met.append(Legend.FOUR_TRIBES)
    return frozenset(met)
