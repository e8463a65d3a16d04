"""Which Legend requirements a Kingdom meets (R1.4, R6.4), with bitboards.

Every requirement is a statement about connected cards (R4): two of a kind connected,
one card connected to two of a kind, or four Tribes present. They are checked on 16-bit
masks of the cells of each kind, with the grid's adjacency as shifts and the Portal
networks of the cached [`layout`][drako_rules.connections.layout].
"""

from __future__ import annotations

from typing import Final

import attrs

from drako_rules.bitboard import (
    LEGEND_BIT,
    NEIGHBOURHOOD,
    legends_of_mask,
)
from drako_rules.cards import Card, Legend
from drako_rules.connections import Layout, counts_through_portals, known_layout, layout
from drako_rules.errors import DrakoTypeError
from drako_rules.kingdom import Kingdom
from drako_rules.rulesets import POCKET, Ruleset, get_ruleset

__all__ = ["legends_mask", "legends_met"]

_F, _M, _P, _S = (c.index for c in (Card.FOREST, Card.MOUNTAIN, Card.PLAIN, Card.SWAMP))
_E, _W, _H, _G = (c.index for c in (Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN))
_O: Final = Card.PORTAL.index


def _two_through_portals(lay: Layout, x: int, y: int) -> bool:
    """A card of ``x`` next to a Portal network, connected to two cards of ``y`` adjacent or
    through a network (R4.2, R6.4).

    For cards away from the Portals, adjacency is the whole answer; next to a network the
    connections are counted, since an adjacent card may also be linked. Callers skip the
    call when no card of ``x`` touches a network or ``y`` holds fewer than two cards (the
    answer is then False).
    """
    candidates = x & lay.touching
    connected = lay.connected
    while candidates:
        low = candidates & -candidates
        if (connected[low.bit_length() - 1] & y).bit_count() >= 2:
            return True
        candidates ^= low
    return False


@attrs.frozen
class _Through:
    """Which pairs of kinds a Portal network links, as the requirements count them, in one
    ruleset: ``xy`` is whether a card of kind ``x`` counts a card of kind ``y`` through a
    network ([`counts_through_portals`][drako_rules.connections.counts_through_portals], R4.3,
    R9.3)."""

    ee: bool
    ww: bool
    hh: bool
    gg: bool
    he: bool
    hw: bool
    hg: bool
    gh: bool
    eg: bool
    ge: bool
    wg: bool
    gw: bool
    ew: bool
    we: bool


def _build_through(ruleset: Ruleset) -> _Through:
    e, w, h, g = Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN
    pairs = (
        (e, e), (w, w), (h, h), (g, g), (h, e), (h, w), (h, g),
        (g, h), (e, g), (g, e), (w, g), (g, w), (e, w), (w, e),
    )  # fmt: skip
    return _Through(*(counts_through_portals(x, y, ruleset) for x, y in pairs))


_THROUGH: dict[int, tuple[Ruleset, _Through]] = {}


def _through(ruleset: Ruleset) -> _Through:
    entry = _THROUGH.get(id(ruleset))
    if entry is None or entry[0] is not ruleset:
        entry = _THROUGH[id(ruleset)] = (ruleset, _build_through(ruleset))
    return entry[1]


_POCKET_THROUGH: Final = _through(POCKET)

_TWO_ELVES: Final = LEGEND_BIT[Legend.TWO_ELVES]
_TWO_DWARVES: Final = LEGEND_BIT[Legend.TWO_DWARVES]
_TWO_HUMANS: Final = LEGEND_BIT[Legend.TWO_HUMANS]
_TWO_GOBLINS: Final = LEGEND_BIT[Legend.TWO_GOBLINS]
_THREE_FORESTS: Final = LEGEND_BIT[Legend.THREE_FORESTS]
_THREE_MOUNTAINS: Final = LEGEND_BIT[Legend.THREE_MOUNTAINS]
_THREE_PLAINS: Final = LEGEND_BIT[Legend.THREE_PLAINS]
_THREE_SWAMPS: Final = LEGEND_BIT[Legend.THREE_SWAMPS]
_LANDS: Final = (
    (_F, _THREE_FORESTS),
    (_M, _THREE_MOUNTAINS),
    (_P, _THREE_PLAINS),
    (_S, _THREE_SWAMPS),
)
_ALLIANCE_HUMAN_ELF: Final = LEGEND_BIT[Legend.ALLIANCE_HUMAN_ELF]
_ALLIANCE_HUMAN_DWARF: Final = LEGEND_BIT[Legend.ALLIANCE_HUMAN_DWARF]
_BATTLE_GOBLIN_HUMAN: Final = LEGEND_BIT[Legend.BATTLE_GOBLIN_HUMAN]
_BATTLE_GOBLIN_ELF: Final = LEGEND_BIT[Legend.BATTLE_GOBLIN_ELF]
_BATTLE_GOBLIN_DWARF: Final = LEGEND_BIT[Legend.BATTLE_GOBLIN_DWARF]
_BATTLE_ELF_DWARF: Final = LEGEND_BIT[Legend.BATTLE_ELF_DWARF]
_FOUR_TRIBES: Final = LEGEND_BIT[Legend.FOUR_TRIBES]


def legends_mask(kingdom: Kingdom, ruleset: Ruleset = POCKET) -> int:
    """The Legends the revealed cards of ``kingdom`` meet in ``ruleset`` (R1.4, R6.4, R9.3),
    as a mask of [`LEGEND_BIT`][drako_rules.bitboard.LEGEND_BIT]: what
    [`legends_met`][drako_rules.legends.legends_met] returns, as one integer. The game engine
    keeps it with each state and intersects it with the legend row's.

    Each requirement is checked on adjacency (bit shifts, R4.1) and, when the Kingdom has
    Portals, through the networks for the pairs of kinds that
    [`counts_through_portals`][drako_rules.connections.counts_through_portals] links.
    ``kingdom`` must be a Kingdom (not checked here: the public function checks it).
    """
    m = kingdom.masks
    e, w, h, g = m[_E], m[_W], m[_H], m[_G]
    # Cells next to one card of a Tribe, and next to two (R4.1): one look-up each.
    n = NEIGHBOURHOOD[e]
    near_e, two_e = n & 0xFFFF, n >> 16
    n = NEIGHBOURHOOD[w]
    near_w, two_w = n & 0xFFFF, n >> 16
    n = NEIGHBOURHOOD[h]
    near_h, two_h = n & 0xFFFF, n >> 16
    n = NEIGHBOURHOOD[g]
    near_g, two_g = n & 0xFFFF, n >> 16
    portals = m[_O]
    met = 0
    if portals:
        lay = known_layout(portals) or layout(portals)
        nets = lay.networks
        t = _POCKET_THROUGH if ruleset is POCKET else _through(ruleset)
        # Two of a kind, or a Human with an Elf or a Dwarf, around one network: the loops
        # are written out (a function call costs more than the 1-2 networks of a layout);
        # ``x & (x - 1)`` is nonzero when ``x`` holds two cells or more.
        if e & near_e:
            met |= _TWO_ELVES
        elif t.ee:
            for _, cells in nets:
                x = cells & e
                if x & (x - 1):
                    met |= _TWO_ELVES
                    break
        if w & near_w:
            met |= _TWO_DWARVES
        elif t.ww:
            for _, cells in nets:
                x = cells & w
                if x & (x - 1):
                    met |= _TWO_DWARVES
                    break
        if h & near_h:
            met |= _TWO_HUMANS
        elif t.hh:
            for _, cells in nets:
                x = cells & h
                if x & (x - 1):
                    met |= _TWO_HUMANS
                    break
        if g & near_g:
            met |= _TWO_GOBLINS
        elif t.gg:
            for _, cells in nets:
                x = cells & g
                if x & (x - 1):
                    met |= _TWO_GOBLINS
                    break
        # "Connected to two" through a network: only for a card next to one (``touching``)
        # and two cards or more to count (``y & (y - 1)``); the guards skip the call.
        touching = lay.touching
        for kind, bit in _LANDS:  # one Land connected to two others (R6.4)
            land = m[kind]
            if land.bit_count() >= 3 and (
                land & NEIGHBOURHOOD[land] >> 16
                or (land & touching and _two_through_portals(lay, land, land))
            ):
                met |= bit
        if h & near_e:
            met |= _ALLIANCE_HUMAN_ELF
        elif t.he:
            for _, cells in nets:
                if cells & h and cells & e:
                    met |= _ALLIANCE_HUMAN_ELF
                    break
        if h & near_w:
            met |= _ALLIANCE_HUMAN_DWARF
        elif t.hw:
            for _, cells in nets:
                if cells & h and cells & w:
                    met |= _ALLIANCE_HUMAN_DWARF
                    break
        h_near, e_near, w_near, g_near = h & touching, e & touching, w & touching, g & touching
        h2, e2, w2, g2 = h & (h - 1), e & (e - 1), w & (w - 1), g & (g - 1)
        if (
            g & two_h
            or h & two_g
            or (t.hg and h_near and g2 and _two_through_portals(lay, h, g))
            or (t.gh and g_near and h2 and _two_through_portals(lay, g, h))
        ):
            met |= _BATTLE_GOBLIN_HUMAN
        if (
            g & two_e
            or e & two_g
            or (t.eg and e_near and g2 and _two_through_portals(lay, e, g))
            or (t.ge and g_near and e2 and _two_through_portals(lay, g, e))
        ):
            met |= _BATTLE_GOBLIN_ELF
        if (
            g & two_w
            or w & two_g
            or (t.wg and w_near and g2 and _two_through_portals(lay, w, g))
            or (t.gw and g_near and w2 and _two_through_portals(lay, g, w))
        ):
            met |= _BATTLE_GOBLIN_DWARF
        if (
            w & two_e
            or e & two_w
            or (t.we and w_near and e2 and _two_through_portals(lay, w, e))
            or (t.ew and e_near and w2 and _two_through_portals(lay, e, w))
        ):
            met |= _BATTLE_ELF_DWARF
    else:  # no Portal: every requirement is one of adjacency (R4.1)
        if e & near_e:
            met |= _TWO_ELVES
        if w & near_w:
            met |= _TWO_DWARVES
        if h & near_h:
            met |= _TWO_HUMANS
        if g & near_g:
            met |= _TWO_GOBLINS
        # One Land next to two others of its kind (R6.4), written out as above.
        land = m[_F]
        if land & NEIGHBOURHOOD[land] >> 16:
            met |= _THREE_FORESTS
        land = m[_M]
        if land & NEIGHBOURHOOD[land] >> 16:
            met |= _THREE_MOUNTAINS
        land = m[_P]
        if land & NEIGHBOURHOOD[land] >> 16:
            met |= _THREE_PLAINS
        land = m[_S]
        if land & NEIGHBOURHOOD[land] >> 16:
            met |= _THREE_SWAMPS
        if h & near_e:
            met |= _ALLIANCE_HUMAN_ELF
        if h & near_w:
            met |= _ALLIANCE_HUMAN_DWARF
        if g & two_h or h & two_g:
            met |= _BATTLE_GOBLIN_HUMAN
        if g & two_e or e & two_g:
            met |= _BATTLE_GOBLIN_ELF
        if g & two_w or w & two_g:
            met |= _BATTLE_GOBLIN_DWARF
        if w & two_e or e & two_w:
            met |= _BATTLE_ELF_DWARF
    if e and w and h and g:
        met |= _FOUR_TRIBES
    return met


def legends_met(kingdom: Kingdom, ruleset: Ruleset | str = POCKET) -> frozenset[Legend]:
    """The Legends whose requirement the revealed cards of ``kingdom`` meet (R1.4, R6.4).

    Unexplored Lands meet nothing (R4.6) and Portals only link (R4.5). "3 connected"
    Lands means one Land connected to two others of its kind (R6.4). Connections are those
    of [`connections`][drako_rules.connections.connections] in ``ruleset``: Goblins use
    no Portal (R4.3), and in *classic* the Elves, Dwarves and Humans count the Goblins a
    network links to them (R9.3), so "2 Goblins connected to one Human" may be met
    through a Portal there.

    Args:
        kingdom: any Kingdom.
        ruleset: [`POCKET`][drako_rules.rulesets.POCKET] (default) or
            [`CLASSIC`][drako_rules.rulesets.CLASSIC], or a ruleset's name.

    Raises:
        DrakoTypeError: ``kingdom`` is not a Kingdom.

    Examples:
        >>> sorted(x.value for x in legends_met(Kingdom.parse("GOGS/OHOW/GOEO/SSSG")))
        ['alliance-human-dwarf', 'alliance-human-elf', 'four-tribes', 'three-swamps']
    """
    if type(kingdom) is not Kingdom:
        raise DrakoTypeError(
            f"legends_met takes a Kingdom (Kingdom.parse reads the notation), not {kingdom!r:.60}"
        )
    if ruleset is not POCKET:
        ruleset = get_ruleset(ruleset)
    return legends_of_mask(legends_mask(kingdom, ruleset))
