"""Which Legend requirements a Kingdom meets (R1.4, R6.4), with bitboards.

Every requirement is a statement about connected cards (R4): two of a kind connected,
one card connected to two of a kind, or four Tribes present. They are checked on 16-bit
masks of the cells of each kind, with the grid's adjacency as shifts and the Portal
networks of the cached [`layout`][drako_rules.connections.layout].
"""

from __future__ import annotations

from typing import Final, TypeAlias

from drako_rules.cards import Card, Legend
from drako_rules.connections import Layout, layout
from drako_rules.errors import DrakoTypeError
from drako_rules.kingdom import Kingdom

__all__ = ["legends_met"]

_ALL: Final = 0xFFFF
_NOT_COL0: Final = 0xEEEE  # cells not in column 0
_NOT_COL3: Final = 0x7777  # cells not in column 3

_F, _M, _P, _S = (c.index for c in (Card.FOREST, Card.MOUNTAIN, Card.PLAIN, Card.SWAMP))
_E, _W, _H, _G = (c.index for c in (Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN))
_O: Final = Card.PORTAL.index

#: The Portal networks of a layout: (Portal cells, cells around them) masks.
_Networks: TypeAlias = tuple[tuple[int, int], ...]


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


def _near(y: int) -> tuple[int, int]:
    """The cells adjacent to at least one cell of ``y``, and to at least two (R4.1)."""
    lo, hi = y & 0xFF, y >> 8
    around_lo, around_hi = _AROUND_LO[lo], _AROUND_HI[hi]
    return around_lo | around_hi, _TWO_LO[lo] | _TWO_HI[hi] | (around_lo & around_hi)


def _two_in_a_network(networks: _Networks, x: int) -> bool:
    """Two cards of ``x`` around one Portal network: linked, unless Goblins (R4.2–R4.3)."""
    for _, cells in networks:  # noqa: SIM110 (a loop is cheaper than any() over 0-2 items)
        if (cells & x).bit_count() >= 2:
            return True
    return False


def _in_one_network(networks: _Networks, x: int, y: int) -> bool:
    """A card of ``x`` and a card of ``y`` around one Portal network (R4.2–R4.3)."""
    for _, cells in networks:  # noqa: SIM110 (as above)
        if cells & x and cells & y:
            return True
    return False


def _two_through_portals(lay: Layout, x: int, y: int) -> bool:
    """A card of ``x`` next to a Portal network connected to two cards of ``y`` (R4, R6.4).

    For cards away from the Portals, adjacency (``_near``) is the whole answer; next to
    a network the connections are counted, since an adjacent card may also be linked.
    """
    candidates = x & lay.touching
    connected = lay.connected
    while candidates:
        low = candidates & -candidates
        if (connected[low.bit_length() - 1] & y).bit_count() >= 2:
            return True
        candidates ^= low
    return False


# ``_LEGEND_BITS[legend]``: the bit of a Legend in a mask of Legends, bit ``i`` for the
# ``i``-th Legend in ``Legend`` order (the order of the action space).
_LEGEND_BITS: Final[dict[Legend, int]] = {legend: 1 << i for i, legend in enumerate(Legend)}
_LEGEND_OF_BIT: Final = tuple(Legend)

_TWO_ELVES: Final = _LEGEND_BITS[Legend.TWO_ELVES]
_TWO_DWARVES: Final = _LEGEND_BITS[Legend.TWO_DWARVES]
_TWO_HUMANS: Final = _LEGEND_BITS[Legend.TWO_HUMANS]
_TWO_GOBLINS: Final = _LEGEND_BITS[Legend.TWO_GOBLINS]
_LANDS: Final = (
    (_F, _LEGEND_BITS[Legend.THREE_FORESTS]),
    (_M, _LEGEND_BITS[Legend.THREE_MOUNTAINS]),
    (_P, _LEGEND_BITS[Legend.THREE_PLAINS]),
    (_S, _LEGEND_BITS[Legend.THREE_SWAMPS]),
)
_ALLIANCE_HUMAN_ELF: Final = _LEGEND_BITS[Legend.ALLIANCE_HUMAN_ELF]
_ALLIANCE_HUMAN_DWARF: Final = _LEGEND_BITS[Legend.ALLIANCE_HUMAN_DWARF]
_BATTLE_GOBLIN_HUMAN: Final = _LEGEND_BITS[Legend.BATTLE_GOBLIN_HUMAN]
_BATTLE_GOBLIN_ELF: Final = _LEGEND_BITS[Legend.BATTLE_GOBLIN_ELF]
_BATTLE_GOBLIN_DWARF: Final = _LEGEND_BITS[Legend.BATTLE_GOBLIN_DWARF]
_BATTLE_ELF_DWARF: Final = _LEGEND_BITS[Legend.BATTLE_ELF_DWARF]
_FOUR_TRIBES: Final = _LEGEND_BITS[Legend.FOUR_TRIBES]


def _legends_mask(kingdom: Kingdom) -> int:
    """The Legends the revealed cards of ``kingdom`` meet, as a mask of ``_LEGEND_BITS``
    (R1.4, R6.4): what ``legends_met`` returns, as one integer. The game engine keeps it
    with each player's state and intersects it with the legend row's.
    """
    m = kingdom._masks
    lay = layout(m[_O])
    nets = lay.networks
    e, w, h, g = m[_E], m[_W], m[_H], m[_G]
    # Cells next to one card of a Tribe, and next to two (R4.1): ``_near`` written out,
    # since this runs for every Kingdom the engine makes.
    lo, hi = e & 0xFF, e >> 8
    a, b = _AROUND_LO[lo], _AROUND_HI[hi]
    near_e, two_e = a | b, _TWO_LO[lo] | _TWO_HI[hi] | (a & b)
    lo, hi = w & 0xFF, w >> 8
    a, b = _AROUND_LO[lo], _AROUND_HI[hi]
    near_w, two_w = a | b, _TWO_LO[lo] | _TWO_HI[hi] | (a & b)
    lo, hi = h & 0xFF, h >> 8
    a, b = _AROUND_LO[lo], _AROUND_HI[hi]
    near_h, two_h = a | b, _TWO_LO[lo] | _TWO_HI[hi] | (a & b)
    lo, hi = g & 0xFF, g >> 8
    a, b = _AROUND_LO[lo], _AROUND_HI[hi]
    near_g, two_g = a | b, _TWO_LO[lo] | _TWO_HI[hi] | (a & b)
    met = 0
    if e & near_e or (nets and _two_in_a_network(nets, e)):
        met |= _TWO_ELVES
    if w & near_w or (nets and _two_in_a_network(nets, w)):
        met |= _TWO_DWARVES
    if h & near_h or (nets and _two_in_a_network(nets, h)):
        met |= _TWO_HUMANS
    if g & near_g:
        met |= _TWO_GOBLINS
    for kind, bit in _LANDS:  # one Land connected to two others (R6.4)
        land = m[kind]
        if land.bit_count() >= 3 and (
            land & _near(land)[1] or (nets and _two_through_portals(lay, land, land))
        ):
            met |= bit
    if h & near_e or (nets and _in_one_network(nets, h, e)):
        met |= _ALLIANCE_HUMAN_ELF
    if h & near_w or (nets and _in_one_network(nets, h, w)):
        met |= _ALLIANCE_HUMAN_DWARF
    if g & two_h or h & two_g:
        met |= _BATTLE_GOBLIN_HUMAN
    if g & two_e or e & two_g:
        met |= _BATTLE_GOBLIN_ELF
    if g & two_w or w & two_g:
        met |= _BATTLE_GOBLIN_DWARF
    if (
        w & two_e
        or e & two_w
        or (nets and (_two_through_portals(lay, w, e) or _two_through_portals(lay, e, w)))
    ):
        met |= _BATTLE_ELF_DWARF
    if e and w and h and g:
        met |= _FOUR_TRIBES
    return met


# The set of Legends of each mask met so far: at most 2**15 of them, and Kingdoms in play
# meet far fewer combinations.
_SETS: dict[int, frozenset[Legend]] = {}


def _legends_of_mask(mask: int) -> frozenset[Legend]:
    """The Legends of a mask of ``_LEGEND_BITS``."""
    found = _SETS.get(mask)
    if found is None:
        found = _SETS[mask] = frozenset(
            legend for i, legend in enumerate(_LEGEND_OF_BIT) if mask >> i & 1
        )
    return found


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
    if not isinstance(kingdom, Kingdom):
        raise DrakoTypeError(
            f"legends_met takes a Kingdom (Kingdom.parse reads the notation), not {kingdom!r}"
        )
    return _legends_of_mask(_legends_mask(kingdom))
