"""Which Legend requirements a Kingdom meets (R1.4, R6.4), with bitboards.

Every requirement is a statement about connected cards (R4): two of a kind connected,
one card connected to two of a kind, or four Tribes present. They are checked on 16-bit
masks of the cells of each kind, with the grid's adjacency as shifts and the Portal
networks of the cached [`layout`][drako_rules.connections.layout].
"""

from __future__ import annotations

from typing import Final

import attrs

from drako_rules._kernel.board import (
    CODES,
    LEGEND_BIT,
    NEIGHBOURHOOD,
    legend_mask,
    legends_of_mask,
)
from drako_rules.cards import Card, Legend
from drako_rules.connections import counts_through_portals, known_layout, layout
from drako_rules.errors import DrakoTypeError
from drako_rules.kingdom import Kingdom
from drako_rules.rulesets import POCKET, Ruleset, get_ruleset, per_ruleset

__all__ = ["EVERY_KIND", "KINDS_READ", "legends_mask", "legends_met"]

_F, _M, _P, _S = (c.index for c in (Card.FOREST, Card.MOUNTAIN, Card.PLAIN, Card.SWAMP))
_E, _W, _H, _G = (c.index for c in (Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN))
_O: Final = Card.PORTAL.index


def _two_on_one_network(networks: tuple[tuple[int, int], ...], x: int) -> bool:
    """Two cards of the mask ``x`` around one Portal network, which links them (R4.2)."""
    for _, cells in networks:
        y = cells & x
        if y & (y - 1):  # nonzero when ``y`` holds two cells or more
            return True
    return False


def _both_on_one_network(networks: tuple[tuple[int, int], ...], x: int, y: int) -> bool:
    """A card of the mask ``x`` and one of ``y`` around one Portal network, which links
    them (R4.2)."""
    for _, cells in networks:  # noqa: SIM110 (any() over a generator costs a frame more)
        if cells & x and cells & y:
            return True
    return False


def _connected_to_two(connected: tuple[int, ...], candidates: int, y: int) -> bool:
    """A card of the mask ``candidates`` connected to two cards of ``y``, adjacent or
    through a network (R4.2, R6.4); ``connected`` is a layout's
    [`connected`][drako_rules.connections.Layout] table.

    For cards away from the Portals adjacency is the whole answer, so callers pass only
    the cards next to a network: there an adjacent card may also be linked, and the
    connections are counted.
    """
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
    R9.3).

    There is no pair with a Goblin first (``gg``, ``gh``, ``ge``, ``gw``): a Goblin counts
    no card through a network, in every ruleset (R4.3, R9.3; ``counts_through_portals`` is
    False for a Goblin and any kind, which a test pins), so the requirements counted from a
    Goblin ("2 Goblins connected", two Humans, Elves or Dwarves connected to one Goblin)
    are met by adjacency only, and checking them through a network could never succeed.
    """

    ee: bool
    ww: bool
    hh: bool
    he: bool
    hw: bool
    hg: bool
    eg: bool
    wg: bool
    ew: bool
    we: bool


def _build_through(ruleset: Ruleset) -> _Through:
    e, w, h, g = Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN
    pairs = (
        (e, e), (w, w), (h, h), (h, e), (h, w),
        (h, g), (e, g), (w, g), (e, w), (w, e),
    )  # fmt: skip
    return _Through(*(counts_through_portals(x, y, ruleset) for x, y in pairs))


_through: Final = per_ruleset(_build_through)


_POCKET_THROUGH: Final = _through(POCKET)

_TWO_ELVES: Final = LEGEND_BIT[Legend.TWO_ELVES]
_TWO_DWARVES: Final = LEGEND_BIT[Legend.TWO_DWARVES]
_TWO_HUMANS: Final = LEGEND_BIT[Legend.TWO_HUMANS]
_TWO_GOBLINS: Final = LEGEND_BIT[Legend.TWO_GOBLINS]
_THREE_FORESTS: Final = LEGEND_BIT[Legend.THREE_FORESTS]
_THREE_MOUNTAINS: Final = LEGEND_BIT[Legend.THREE_MOUNTAINS]
_THREE_PLAINS: Final = LEGEND_BIT[Legend.THREE_PLAINS]
_THREE_SWAMPS: Final = LEGEND_BIT[Legend.THREE_SWAMPS]
_ALLIANCE_HUMAN_ELF: Final = LEGEND_BIT[Legend.ALLIANCE_HUMAN_ELF]
_ALLIANCE_HUMAN_DWARF: Final = LEGEND_BIT[Legend.ALLIANCE_HUMAN_DWARF]
_BATTLE_GOBLIN_HUMAN: Final = LEGEND_BIT[Legend.BATTLE_GOBLIN_HUMAN]
_BATTLE_GOBLIN_ELF: Final = LEGEND_BIT[Legend.BATTLE_GOBLIN_ELF]
_BATTLE_GOBLIN_DWARF: Final = LEGEND_BIT[Legend.BATTLE_GOBLIN_DWARF]
_BATTLE_ELF_DWARF: Final = LEGEND_BIT[Legend.BATTLE_ELF_DWARF]
_FOUR_TRIBES: Final = LEGEND_BIT[Legend.FOUR_TRIBES]

#: The kinds of card whose cells each Legend's requirement reads (R6.4), besides the
#: Portals, which every requirement reads (R4.2): a Legend can start or stop being met
#: only when the cells of one of these kinds, or the Portals, change.
KINDS_READ: Final[dict[Legend, frozenset[Card]]] = {
    Legend.TWO_ELVES: frozenset({Card.ELF}),
    Legend.TWO_DWARVES: frozenset({Card.DWARF}),
    Legend.TWO_HUMANS: frozenset({Card.HUMAN}),
    Legend.TWO_GOBLINS: frozenset({Card.GOBLIN}),
    Legend.THREE_FORESTS: frozenset({Card.FOREST}),
    Legend.THREE_MOUNTAINS: frozenset({Card.MOUNTAIN}),
    Legend.THREE_PLAINS: frozenset({Card.PLAIN}),
    Legend.THREE_SWAMPS: frozenset({Card.SWAMP}),
    Legend.ALLIANCE_HUMAN_ELF: frozenset({Card.HUMAN, Card.ELF}),
    Legend.ALLIANCE_HUMAN_DWARF: frozenset({Card.HUMAN, Card.DWARF}),
    Legend.BATTLE_GOBLIN_HUMAN: frozenset({Card.GOBLIN, Card.HUMAN}),
    Legend.BATTLE_GOBLIN_ELF: frozenset({Card.GOBLIN, Card.ELF}),
    Legend.BATTLE_GOBLIN_DWARF: frozenset({Card.GOBLIN, Card.DWARF}),
    Legend.BATTLE_ELF_DWARF: frozenset({Card.ELF, Card.DWARF}),
    Legend.FOUR_TRIBES: frozenset({Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN}),
}

#: Every kind, as a mask of ``changed`` for [`legends_mask`][drako_rules.legends.legends_mask]
#: (bit ``c`` for the card code ``c`` of `CODE_OF` (in the kernel)): check
#: every requirement.
EVERY_KIND: Final = (1 << CODES) - 1
_PORTAL_KIND: Final = 1 << _O
_TRIBE_KINDS: Final = 1 << _E | 1 << _W | 1 << _H | 1 << _G
_FOREST_KIND, _MOUNTAIN_KIND, _PLAIN_KIND, _SWAMP_KIND = (1 << _F, 1 << _M, 1 << _P, 1 << _S)
_LAND_KINDS: Final = _FOREST_KIND | _MOUNTAIN_KIND | _PLAIN_KIND | _SWAMP_KIND


def _kept() -> tuple[int, ...]:
    """``_KEPT[changed]``: the Legends whose requirement reads none of the kinds of the mask
    ``changed`` (``KINDS_READ``), for every mask of codes; none when it holds the Portals."""
    readers = [0] * CODES
    for legend, kinds in KINDS_READ.items():
        for kind in kinds:
            readers[kind.index] |= LEGEND_BIT[legend]
    readers[_O] = legend_mask(Legend)
    kept = [legend_mask(Legend)]
    for changed in range(1, 1 << CODES):
        low = changed & -changed
        kept.append(kept[changed ^ low] & ~readers[low.bit_length() - 1])
    return tuple(kept)


_KEPT: Final = _kept()


def legends_mask(
    kingdom: Kingdom, ruleset: Ruleset = POCKET, changed: int = EVERY_KIND, met: int = 0
) -> int:
    """The Legends the revealed cards of ``kingdom`` meet in ``ruleset`` (R1.4, R6.4, R9.3),
    as a mask of `LEGEND_BIT` (in the kernel): what
    [`legends_met`][drako_rules.legends.legends_met] returns, as one integer. The game engine
    keeps it with each state and intersects it with the legend row's.

    Each requirement is checked on adjacency (bit shifts, R4.1) and, next to a Portal
    network, through it for the pairs of kinds that
    [`counts_through_portals`][drako_rules.connections.counts_through_portals] links. A
    Goblin counts no card through a network in any ruleset (R4.3, R9.3), so the
    requirements counted from a Goblin are checked on adjacency only.
    ``kingdom`` must be a Kingdom (not checked here: the public function checks it).

    After one card action the engine checks again only what can have changed. ``met`` is
    this function's answer for a Kingdom that differs from ``kingdom`` only in cells whose
    old or new kind is in ``changed`` (bit ``c`` for the card code ``c``, as in
    `CODE_OF` (in the kernel)): a requirement reads only the cells of its
    own kinds ([`KINDS_READ`][drako_rules.legends.KINDS_READ]) and the Portals, so only the
    requirements reading a kind of ``changed`` are checked again; the other Legends are
    kept from ``met``. When the Portals are among them every requirement is checked, as
    with the default [`EVERY_KIND`][drako_rules.legends.EVERY_KIND].

    Examples:
        >>> from drako_rules._kernel.board import UNEXPLORED
        >>> from drako_rules.kingdom import Position
        >>> before = Kingdom.parse("EE??/????/????/???F")
        >>> after = before.replace(Position(3, 2), Card.FOREST)
        >>> changed = 1 << Card.FOREST.index | 1 << UNEXPLORED
        >>> legends_mask(after, POCKET, changed, legends_mask(before)) == legends_mask(after)
        True
    """
    if changed & _PORTAL_KIND:  # the networks may have changed: check everything
        changed, met = EVERY_KIND, 0
    else:
        met &= _KEPT[changed]
    m = kingdom.masks
    portals = m[_O]
    lay = known_layout(portals) or layout(portals)
    touching = lay.touching  # the cells next to a network (0 without Portals)
    # One Land connected to two others of its kind (R6.4): next to two of them, or next
    # to a network and counted on connections; written out, land by land.
    if changed & _LAND_KINDS:
        if changed & _FOREST_KIND:
            land = m[_F]
            if land & NEIGHBOURHOOD[land] >> 16 or (
                land & touching
                and land.bit_count() >= 3
                and _connected_to_two(lay.connected, land & touching, land)
            ):
                met |= _THREE_FORESTS
        if changed & _MOUNTAIN_KIND:
            land = m[_M]
            if land & NEIGHBOURHOOD[land] >> 16 or (
                land & touching
                and land.bit_count() >= 3
                and _connected_to_two(lay.connected, land & touching, land)
            ):
                met |= _THREE_MOUNTAINS
        if changed & _PLAIN_KIND:
            land = m[_P]
            if land & NEIGHBOURHOOD[land] >> 16 or (
                land & touching
                and land.bit_count() >= 3
                and _connected_to_two(lay.connected, land & touching, land)
            ):
                met |= _THREE_PLAINS
        if changed & _SWAMP_KIND:
            land = m[_S]
            if land & NEIGHBOURHOOD[land] >> 16 or (
                land & touching
                and land.bit_count() >= 3
                and _connected_to_two(lay.connected, land & touching, land)
            ):
                met |= _THREE_SWAMPS
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
    nets = lay.networks
    t = _POCKET_THROUGH if ruleset is POCKET else _through(ruleset)
    # Two of a kind: adjacent, or two of them around one network.
    if e & ne or (t.ee and e_on & (e_on - 1) and _two_on_one_network(nets, e_on)):
        met |= _TWO_ELVES
    if w & nw or (t.ww and w_on & (w_on - 1) and _two_on_one_network(nets, w_on)):
        met |= _TWO_DWARVES
    if h & nh or (t.hh and h_on & (h_on - 1) and _two_on_one_network(nets, h_on)):
        met |= _TWO_HUMANS
    if g & ng:  # a Goblin counts no card through a network (R4.3): adjacency only
        met |= _TWO_GOBLINS
    # A Human with an Elf or a Dwarf: adjacent, or around one network.
    if h & ne or (t.he and h_on and e_on and _both_on_one_network(nets, h_on, e_on)):
        met |= _ALLIANCE_HUMAN_ELF
    if h & nw or (t.hw and h_on and w_on and _both_on_one_network(nets, h_on, w_on)):
        met |= _ALLIANCE_HUMAN_DWARF
    # One card connected to two of another kind, either way round: next to two, or next to
    # a network and counted on connections (only with two cards or more to count).
    two_e = ne >> 16
    two_w = nw >> 16
    two_h = nh >> 16
    two_g = ng >> 16
    connected = lay.connected
    if (
        g & two_h
        or h & two_g
        or (t.hg and h_on and g & (g - 1) and _connected_to_two(connected, h_on, g))
    ):
        met |= _BATTLE_GOBLIN_HUMAN
    if (
        g & two_e
        or e & two_g
        or (t.eg and e_on and g & (g - 1) and _connected_to_two(connected, e_on, g))
    ):
        met |= _BATTLE_GOBLIN_ELF
    if (
        g & two_w
        or w & two_g
        or (t.wg and w_on and g & (g - 1) and _connected_to_two(connected, w_on, g))
    ):
        met |= _BATTLE_GOBLIN_DWARF
    if (
        w & two_e
        or e & two_w
        or (t.we and w_on and e & (e - 1) and _connected_to_two(connected, w_on, e))
        or (t.ew and e_on and w & (w - 1) and _connected_to_two(connected, e_on, w))
    ):
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
