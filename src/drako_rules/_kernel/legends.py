"""Which Legend requirements a Kingdom meets (R1.4, R6.4), on the masks of its cells by
kind: the one owner of R6.4.

Every requirement is a statement about connected cards (R4): two of a kind connected,
one card connected to two of a kind, or four Tribes present. They are checked with the
grid's adjacency (`NEIGHBOURHOOD`) and the Portal networks of the layout
(``connect.layout``); which pairs of kinds a network links in a ruleset (R4.3, R9.3) is
given as the tuple ``through`` (see `THROUGH_PAIRS`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from drako_rules._kernel.board import CODE_OF, CODES, LEGEND_BIT, LEGENDS, neighbourhoods
from drako_rules._kernel.connect import (
    CONNECTED,
    LAYOUTS,
    NETWORKS,
    TOUCHING,
    both_on_one_network,
    connected_to_two,
    layout,
    two_on_one_network,
)
from drako_rules.cards import Card, Legend

__all__ = ["EVERY_KIND", "NEIGHBOURHOOD", "READS", "THROUGH_PAIRS", "legends_mask"]

_F, _M, _P, _S = (CODE_OF[c] for c in (Card.FOREST, Card.MOUNTAIN, Card.PLAIN, Card.SWAMP))
_E, _W, _H, _G = (CODE_OF[c] for c in (Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN))
_O: Final = CODE_OF[Card.PORTAL]

#: ``NEIGHBOURHOOD[m]``, for every 16-bit mask ``m``: the cells next to a cell of ``m`` and,
#: from bit 16, the cells next to two (``board.neighbourhoods``, R4.1), built when the
#: Legend checks are imported (by `legends_met` and the engine), not by a program that
#: only scores Kingdoms.
NEIGHBOURHOOD: Final = neighbourhoods()

#: The pairs of kinds ``(x, y)`` whose link through a network the requirements read, in
#: the order of the tuple ``through``: ``through[k]`` is whether a card of kind ``x``
#: counts a card of kind ``y`` through a network in the ruleset (R4.3, R9.3). No pair has
#: a Goblin first: a Goblin counts no card through a network in any ruleset (R4.3), so
#: the requirements counted from a Goblin are met by adjacency only.
THROUGH_PAIRS: Final = (
    (Card.ELF, Card.ELF),
    (Card.DWARF, Card.DWARF),
    (Card.HUMAN, Card.HUMAN),
    (Card.HUMAN, Card.ELF),
    (Card.HUMAN, Card.DWARF),
    (Card.HUMAN, Card.GOBLIN),
    (Card.ELF, Card.GOBLIN),
    (Card.DWARF, Card.GOBLIN),
    (Card.ELF, Card.DWARF),
    (Card.DWARF, Card.ELF),
)


def _kinds(*cards: Card) -> int:
    out = 0
    for card in cards:
        out |= 1 << CODE_OF[card]
    return out


#: The kinds of card whose cells each Legend's requirement reads (R6.4), as a mask of
#: codes, besides the Portals, which every requirement reads (R4.2).
READS: Final[dict[Legend, int]] = {
    Legend.TWO_ELVES: _kinds(Card.ELF),
    Legend.TWO_DWARVES: _kinds(Card.DWARF),
    Legend.TWO_HUMANS: _kinds(Card.HUMAN),
    Legend.TWO_GOBLINS: _kinds(Card.GOBLIN),
    Legend.THREE_FORESTS: _kinds(Card.FOREST),
    Legend.THREE_MOUNTAINS: _kinds(Card.MOUNTAIN),
    Legend.THREE_PLAINS: _kinds(Card.PLAIN),
    Legend.THREE_SWAMPS: _kinds(Card.SWAMP),
    Legend.ALLIANCE_HUMAN_ELF: _kinds(Card.HUMAN, Card.ELF),
    Legend.ALLIANCE_HUMAN_DWARF: _kinds(Card.HUMAN, Card.DWARF),
    Legend.BATTLE_GOBLIN_HUMAN: _kinds(Card.GOBLIN, Card.HUMAN),
    Legend.BATTLE_GOBLIN_ELF: _kinds(Card.GOBLIN, Card.ELF),
    Legend.BATTLE_GOBLIN_DWARF: _kinds(Card.GOBLIN, Card.DWARF),
    Legend.BATTLE_ELF_DWARF: _kinds(Card.ELF, Card.DWARF),
    Legend.FOUR_TRIBES: _kinds(Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN),
}

#: Every kind, as a mask of ``changed``: check every requirement.
EVERY_KIND: Final = (1 << CODES) - 1
_ALL_LEGENDS: Final = sum(LEGEND_BIT.values())
_PORTAL_KIND: Final = 1 << _O
_TRIBE_KINDS: Final = _kinds(Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN)
_LAND_KINDS: Final = _kinds(Card.FOREST, Card.MOUNTAIN, Card.PLAIN, Card.SWAMP)
#: The four "3 connected" Lands as ``(code, Legend bit)`` (R6.4), in code order.
_LANDS: Final = tuple(
    (CODE_OF[land], LEGEND_BIT[legend])
    for land, legend in (
        (Card.FOREST, Legend.THREE_FORESTS),
        (Card.MOUNTAIN, Legend.THREE_MOUNTAINS),
        (Card.PLAIN, Legend.THREE_PLAINS),
        (Card.SWAMP, Legend.THREE_SWAMPS),
    )
)
# The Lands are the codes 0 to 3 (board.CARDS), so their bits of a mask of kinds are a
# number below 16, which indexes `_LANDS_TO_CHECK`.
assert _LAND_KINDS == 0b1111
#: ``_LANDS_TO_CHECK[changed & _LAND_KINDS]``: the Lands of `_LANDS` among those kinds.
_LANDS_TO_CHECK: Final = tuple(
    tuple(entry for entry in _LANDS if kinds >> entry[0] & 1) for kinds in range(16)
)

_TWO_ELVES: Final = LEGEND_BIT[Legend.TWO_ELVES]
_TWO_DWARVES: Final = LEGEND_BIT[Legend.TWO_DWARVES]
_TWO_HUMANS: Final = LEGEND_BIT[Legend.TWO_HUMANS]
_TWO_GOBLINS: Final = LEGEND_BIT[Legend.TWO_GOBLINS]
_ALLIANCE_HUMAN_ELF: Final = LEGEND_BIT[Legend.ALLIANCE_HUMAN_ELF]
_ALLIANCE_HUMAN_DWARF: Final = LEGEND_BIT[Legend.ALLIANCE_HUMAN_DWARF]
_BATTLE_GOBLIN_HUMAN: Final = LEGEND_BIT[Legend.BATTLE_GOBLIN_HUMAN]
_BATTLE_GOBLIN_ELF: Final = LEGEND_BIT[Legend.BATTLE_GOBLIN_ELF]
_BATTLE_GOBLIN_DWARF: Final = LEGEND_BIT[Legend.BATTLE_GOBLIN_DWARF]
_BATTLE_ELF_DWARF: Final = LEGEND_BIT[Legend.BATTLE_ELF_DWARF]
_FOUR_TRIBES: Final = LEGEND_BIT[Legend.FOUR_TRIBES]


def _kept() -> tuple[int, ...]:
    """``_KEPT[changed]``: the Legends whose requirement reads none of the kinds of the mask
    ``changed`` (`READS`), for every mask of codes; none when it holds the Portals."""
    readers = [0] * CODES
    for legend in LEGENDS:
        for code in range(CODES):
            if READS[legend] >> code & 1:
                readers[code] |= LEGEND_BIT[legend]
    readers[_O] = _ALL_LEGENDS
    kept = [_ALL_LEGENDS]
    for changed in range(1, 1 << CODES):
        low = changed & -changed
        kept.append(kept[changed ^ low] & ~readers[low.bit_length() - 1])
    return tuple(kept)


_KEPT: Final = _kept()


def legends_mask(
    m: Sequence[int], through: tuple[bool, ...], changed: int = EVERY_KIND, met: int = 0
) -> int:
    """The Legends met by the revealed cards of a Kingdom of masks by code ``m`` (R1.4,
    R6.4), as a mask of ``LEGEND_BIT``; ``through`` says which pairs of kinds a network
    links in the ruleset (`THROUGH_PAIRS`, R4.3, R9.3).

    ``met`` is the answer for a Kingdom that differs from this one only in cells whose old
    or new kind is in ``changed`` (bit ``c`` for the code ``c``): only the requirements
    reading a kind of ``changed`` are checked again (`READS`), the other Legends are
    kept from ``met``; every requirement when the Portals changed.
    """
    if changed & _PORTAL_KIND:  # the networks may have changed: check everything
        changed, met = EVERY_KIND, 0
    else:
        met &= _KEPT[changed]
    portals = m[_O]
    lay = LAYOUTS.get(portals) or layout(portals)
    touching = lay[TOUCHING]  # the cells next to a network (0 without Portals)
    connected = lay[CONNECTED]
    # One Land connected to two others of its kind (R6.4): next to two of them, or next
    # to a network and counted on connections.
    for code, legend in _LANDS_TO_CHECK[changed & _LAND_KINDS]:
        land = m[code]
        if land & NEIGHBOURHOOD[land] >> 16 or (
            land & touching
            and land.bit_count() >= 3
            and connected_to_two(connected, land & touching, land)
        ):
            met |= legend
    if not changed & _TRIBE_KINDS:
        return met
    e = m[_E]
    w = m[_W]
    h = m[_H]
    g = m[_G]
    # The cells next to one card of a Tribe and, from bit 16, next to two (R4.1).
    ne = NEIGHBOURHOOD[e]
    nw = NEIGHBOURHOOD[w]
    nh = NEIGHBOURHOOD[h]
    ng = NEIGHBOURHOOD[g]
    # The cards of each Tribe next to a network: only they may count through it (not the
    # Goblins, which count no card through one, R4.3).
    e_on = e & touching
    w_on = w & touching
    h_on = h & touching
    nets = lay[NETWORKS]
    # through: ee, ww, hh, he, hw, hg, eg, wg, ew, we (THROUGH_PAIRS), read only when needed
    # Two of a kind: adjacent, or two of them around one network.
    if e & ne or (through[0] and e_on & (e_on - 1) and two_on_one_network(nets, e_on)):
        met |= _TWO_ELVES
    if w & nw or (through[1] and w_on & (w_on - 1) and two_on_one_network(nets, w_on)):
        met |= _TWO_DWARVES
    if h & nh or (through[2] and h_on & (h_on - 1) and two_on_one_network(nets, h_on)):
        met |= _TWO_HUMANS
    if g & ng:  # a Goblin counts no card through a network (R4.3): adjacency only
        met |= _TWO_GOBLINS
    # A Human with an Elf or a Dwarf: adjacent, or around one network.
    if h & ne or (through[3] and h_on and e_on and both_on_one_network(nets, h_on, e_on)):
        met |= _ALLIANCE_HUMAN_ELF
    if h & nw or (through[4] and h_on and w_on and both_on_one_network(nets, h_on, w_on)):
        met |= _ALLIANCE_HUMAN_DWARF
    # One card connected to two of another kind, either way round: next to two, or next to
    # a network and counted on connections (only with two cards or more to count).
    two_e = ne >> 16
    two_w = nw >> 16
    two_h = nh >> 16
    two_g = ng >> 16
    if (
        g & two_h
        or h & two_g
        or (through[5] and h_on and g & (g - 1) and connected_to_two(connected, h_on, g))
    ):
        met |= _BATTLE_GOBLIN_HUMAN
    if (
        g & two_e
        or e & two_g
        or (through[6] and e_on and g & (g - 1) and connected_to_two(connected, e_on, g))
    ):
        met |= _BATTLE_GOBLIN_ELF
    if (
        g & two_w
        or w & two_g
        or (through[7] and w_on and g & (g - 1) and connected_to_two(connected, w_on, g))
    ):
        met |= _BATTLE_GOBLIN_DWARF
    if (
        w & two_e
        or e & two_w
        or (through[9] and w_on and e & (e - 1) and connected_to_two(connected, w_on, e))
        or (through[8] and e_on and w & (w - 1) and connected_to_two(connected, e_on, w))
    ):
        met |= _BATTLE_ELF_DWARF
    if e and w and h and g:
        met |= _FOUR_TRIBES
    return met
