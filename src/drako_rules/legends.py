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


def _two_adjacent(x: int) -> bool:
    """Two cells of ``x`` are orthogonally adjacent (R4.1)."""
    return bool((x & (x >> 1) & _NOT_COL3) | (x & (x >> 4)))


def _touches(x: int, y: int) -> bool:
    """A cell of ``x`` is orthogonally adjacent to a cell of ``y`` (R4.1)."""
    around = ((y >> 1) & _NOT_COL3) | ((y << 1) & _NOT_COL0) | (y >> 4) | ((y << 4) & _ALL)
    return bool(x & around)


def _star_adjacent(x: int, y: int) -> bool:
    """A cell of ``x`` has at least two orthogonal neighbours in ``y`` (R4.1)."""
    up = (y << 4) & _ALL  # bit i: cell i - 4 (above i) is in y
    down = y >> 4
    left = (y << 1) & _NOT_COL0
    right = (y >> 1) & _NOT_COL3
    two = (up & (down | left | right)) | (down & (left | right)) | (left & right)
    return bool(x & two)


def _pair(lay: Layout, x: int) -> bool:
    """Two non-Goblin cards of ``x`` connected (R4.2–R4.3)."""
    if _two_adjacent(x):
        return True
    return any((cells & x).bit_count() >= 2 for _, cells in lay.networks)


def _meet(lay: Layout, x: int, y: int) -> bool:
    """A card of ``x`` connected to a card of ``y``; neither kind is Goblin (R4.2–R4.3)."""
    if _touches(x, y):
        return True
    return any(cells & x and cells & y for _, cells in lay.networks)


def _star(lay: Layout, x: int, y: int) -> bool:
    """A non-Goblin card of ``x`` connected to two non-Goblin cards of ``y`` (R4, R6.4)."""
    if _star_adjacent(x, y):
        return True
    candidates = x & lay.touching
    connected = lay.connected
    while candidates:
        low = candidates & -candidates
        if (connected[low.bit_length() - 1] & y).bit_count() >= 2:
            return True
        candidates ^= low
    return False


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
    if _pair(lay, e):
        met.append(Legend.TWO_ELVES)
    if _pair(lay, w):
        met.append(Legend.TWO_DWARVES)
    if _pair(lay, h):
        met.append(Legend.TWO_HUMANS)
    if _two_adjacent(g):
        met.append(Legend.TWO_GOBLINS)
    for land, legend in (
        (m[_F], Legend.THREE_FORESTS),
        (m[_M], Legend.THREE_MOUNTAINS),
        (m[_P], Legend.THREE_PLAINS),
        (m[_S], Legend.THREE_SWAMPS),
    ):
        if land.bit_count() >= 3 and _star(lay, land, land):
            met.append(legend)
    if h and e and _meet(lay, h, e):
        met.append(Legend.ALLIANCE_HUMAN_ELF)
    if h and w and _meet(lay, h, w):
        met.append(Legend.ALLIANCE_HUMAN_DWARF)
    if g:
        if h and (_star_adjacent(h, g) or _star_adjacent(g, h)):
            met.append(Legend.BATTLE_GOBLIN_HUMAN)
        if e and (_star_adjacent(e, g) or _star_adjacent(g, e)):
            met.append(Legend.BATTLE_GOBLIN_ELF)
        if w and (_star_adjacent(w, g) or _star_adjacent(g, w)):
            met.append(Legend.BATTLE_GOBLIN_DWARF)
    if e and w and (_star(lay, w, e) or _star(lay, e, w)):
        met.append(Legend.BATTLE_ELF_DWARF)
    if e and w and h and g:
        met.append(Legend.FOUR_TRIBES)
    return frozenset(met)
