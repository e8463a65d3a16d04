"""Which Legend requirements a Kingdom meets (R1.4, R6.4).

Every requirement is a statement about connected cards (R4): two of a kind connected,
one card connected to two of a kind, or four Tribes present. The kernel decides them on
16-bit masks of the cells of each kind, with the grid's adjacency and the Portal
networks of the cached `connections.layout`; this module checks
the arguments and says which pairs of kinds a network links in the ruleset in force
(`counts_through_portals`, R4.3, R9.3).
"""

from __future__ import annotations

from typing import Final

from drako_rules._kernel import legends as kernel
from drako_rules._kernel.board import CARD_OF_CODE, CODES, bits, legends_of_mask
from drako_rules.cards import Card, Legend
from drako_rules.connections import counts_through_portals
from drako_rules.errors import DrakoTypeError, quote
from drako_rules.kingdom import Kingdom
from drako_rules.rulesets import POCKET, Ruleset, get_ruleset, per_ruleset

__all__ = ["EVERY_KIND", "KINDS_READ", "legends_mask", "legends_met", "through_flags"]


def _build_through(ruleset: Ruleset) -> tuple[bool, ...]:
    """Which pairs of kinds of the kernel's ``THROUGH_PAIRS`` a network links in
    ``ruleset`` (R4.3, R9.3)."""
    return tuple(counts_through_portals(x, y, ruleset) for x, y in kernel.THROUGH_PAIRS)


_through: Final = per_ruleset(_build_through)
_POCKET_THROUGH: Final = _through(POCKET)


def through_flags(ruleset: Ruleset) -> tuple[bool, ...]:
    """Which pairs of kinds of the kernel's ``THROUGH_PAIRS`` a Portal network links in
    ``ruleset`` (R4.3, R9.3), as the kernel's ``legends_mask`` takes them: built once per
    ruleset. The game engine keeps them with a game's state."""
    return _POCKET_THROUGH if ruleset is POCKET else _through(ruleset)


#: The kinds of card whose cells each Legend's requirement reads (R6.4), besides the
#: Portals, which every requirement reads (R4.2): a Legend can start or stop being met
#: only when the cells of one of these kinds, or the Portals, change.
KINDS_READ: Final[dict[Legend, frozenset[Card]]] = {
    legend: frozenset(card for i in bits(mask) if (card := CARD_OF_CODE[i]) is not None)
    for legend, mask in kernel.READS.items()
}

#: Every kind, as a mask of ``changed`` for `legends_mask`
#: (bit ``c`` for the card code ``c`` of `CODE_OF` (in the kernel)): check
#: every requirement.
EVERY_KIND: Final = (1 << CODES) - 1


def legends_mask(
    kingdom: Kingdom, ruleset: Ruleset = POCKET, changed: int = EVERY_KIND, met: int = 0
) -> int:
    """The Legends the revealed cards of ``kingdom`` meet in ``ruleset`` (R1.4, R6.4, R9.3),
    as a mask of `LEGEND_BIT` (in the kernel): what
    `legends_met` returns, as one integer. The game engine
    keeps it with each state and intersects it with the legend row's.

    Each requirement is checked on adjacency (bit shifts, R4.1) and, next to a Portal
    network, through it for the pairs of kinds that
    `counts_through_portals` links. A
    Goblin counts no card through a network in any ruleset (R4.3, R9.3), so the
    requirements counted from a Goblin are checked on adjacency only.
    ``kingdom`` must be a Kingdom (not checked here: the public function checks it).

    After one card action the engine checks again only what can have changed. ``met`` is
    this function's answer for a Kingdom that differs from ``kingdom`` only in cells whose
    old or new kind is in ``changed`` (bit ``c`` for the card code ``c``, as in
    `CODE_OF` (in the kernel)): a requirement reads only the cells of its
    own kinds (`KINDS_READ`) and the Portals, so only the
    requirements reading a kind of ``changed`` are checked again; the other Legends are
    kept from ``met``. When the Portals are among them every requirement is checked, as
    with the default `EVERY_KIND`.

    Examples:
        >>> from drako_rules._kernel.board import UNEXPLORED
        >>> from drako_rules.kingdom import Position
        >>> before = Kingdom.parse("EE??/????/????/???F")
        >>> after = before.replace(Position(3, 2), Card.FOREST)
        >>> changed = 1 << Card.FOREST.index | 1 << UNEXPLORED
        >>> legends_mask(after, POCKET, changed, legends_mask(before)) == legends_mask(after)
        True
    """
    through = _POCKET_THROUGH if ruleset is POCKET else _through(ruleset)
    return kernel.legends_mask(kingdom.masks, through, changed, met)


def legends_met(kingdom: Kingdom, ruleset: Ruleset | str = POCKET) -> frozenset[Legend]:
    """The Legends whose requirement the revealed cards of ``kingdom`` meet (R1.4, R6.4).

    Unexplored Lands meet nothing (R4.6) and Portals only link (R4.5). "3 connected"
    Lands means one Land connected to two others of its kind (R6.4). Connections are those
    of `connections.connections` in ``ruleset``: Goblins use
    no Portal (R4.3), and in *classic* the Elves, Dwarves and Humans count the Goblins a
    network links to them (R9.3), so "2 Goblins connected to one Human" may be met
    through a Portal there.

    Args:
        kingdom: any Kingdom.
        ruleset: `POCKET` (default) or
            `CLASSIC`, or a ruleset's name.

    Raises:
        DrakoTypeError: ``kingdom`` is not a Kingdom.

    Examples:
        >>> sorted(x.value for x in legends_met(Kingdom.parse("GOGS/OHOW/GOEO/SSSG")))
        ['alliance-human-dwarf', 'alliance-human-elf', 'four-tribes', 'three-swamps']
    """
    if type(kingdom) is not Kingdom:
        raise DrakoTypeError(
            f"legends_met takes a Kingdom (Kingdom.parse reads the notation), not {quote(kingdom)}"
        )
    through = _POCKET_THROUGH if ruleset is POCKET else _through(get_ruleset(ruleset))
    return legends_of_mask(kernel.legends_mask(kingdom.masks, through))
