"""Which cards of a Kingdom are connected (R4), resolved once per Portal layout.

Connections depend only on where the revealed Portals are, so everything about them is
computed once per *Portal layout* (a 16-bit mask) and cached: the adjacency of the grid
without the Portal cells, the Portal networks, and the cells each network links. The
kinds of the other cards (Goblins, Unexplored Lands) are applied on top, with bit masks.
"""

from __future__ import annotations

from typing import Final

import attrs

from drako_rules._kernel.board import ALL, CARDS, NEIGHBOUR_MASK, UNEXPLORED, bits
from drako_rules._kernel.connect import layout as kernel_layout
from drako_rules.cards import Card
from drako_rules.errors import DrakoTypeError, quote
from drako_rules.kingdom import POSITIONS, Kingdom, Position
from drako_rules.rulesets import POCKET, Ruleset, get_ruleset, per_ruleset

__all__ = [
    "Connections",
    "Layout",
    "Link",
    "connection_masks",
    "connections",
    "counts_through_portals",
    "known_layout",
    "layout",
    "portal_blind_codes",
    "uses_portals",
]

_PORTAL: Final = Card.PORTAL.index
_GOBLIN: Final = Card.GOBLIN.index
#: The Tribes that R9.3 links to a Goblin through a Portal network.
_GOBLINS_FOES: Final = frozenset({Card.ELF, Card.DWARF, Card.HUMAN})


def uses_portals(card: Card) -> bool:
    """Whether ``card`` is connected to the cards its Portal networks link (R4.2, R4.3).

    Every card but a Goblin: Goblins cannot use Portals, and a Goblin's own connections
    are its adjacent cards only, in every ruleset (R4.3, R9.3).
    """
    return card is not Card.GOBLIN


def counts_through_portals(card: Card, other: Card, ruleset: Ruleset = POCKET) -> bool:
    """Whether ``card`` counts ``other`` as connected when only a Portal network links them.

    This is where the Goblin rule is decided, for every other module (R4.3, R9.3):

    - a Goblin counts no card through a network (R4.3, in every ruleset);
    - no card counts a Goblin through a network (R4.3, *pocket*), except that when
      ``ruleset.portals_link_goblins_to_tribes`` (*classic*, R9.3) an Elf, Dwarf or Human
      counts the Goblins its networks link to it: for its conflicts (R5.2) and for the
      Legends counted from it (2 Goblins connected to one Human, Elf or Dwarf);
    - any other two cards are connected through the network (R4.2).

    ``card`` and ``other`` are revealed non-Portal cards (R4.5, R4.6).

    Examples:
        >>> from drako_rules.rulesets import CLASSIC
        >>> counts_through_portals(Card.HUMAN, Card.GOBLIN), counts_through_portals(Card.HUMAN, Card.GOBLIN, CLASSIC)
        (False, True)
        >>> counts_through_portals(Card.GOBLIN, Card.HUMAN, CLASSIC), counts_through_portals(Card.SWAMP, Card.GOBLIN, CLASSIC)
        (False, False)
    """
    if not uses_portals(card):
        return False
    if uses_portals(other):
        return True
    return ruleset.portals_link_goblins_to_tribes and card in _GOBLINS_FOES


def _blind_codes(ruleset: Ruleset) -> tuple[tuple[int, ...], ...]:
    kinds = CARDS
    blind = tuple(
        tuple(
            j for j, other in enumerate(kinds) if not counts_through_portals(card, other, ruleset)
        )
        for card in kinds
    )
    return (*blind, ())  # an Unexplored Land connects nothing anyway (R4.6)


_blind: Final = per_ruleset(_blind_codes)


def portal_blind_codes(ruleset: Ruleset = POCKET) -> tuple[tuple[int, ...], ...]:
    """``portal_blind_codes(r)[code]``: the codes of the cards that a card of kind ``code``
    does not count through a Portal network in ruleset ``r``: the table form of
    `counts_through_portals` (R4.3, R9.3),
    built once per ruleset."""
    return _blind(ruleset)


@attrs.frozen
class Layout:
    """The connection tables of one Portal layout (R4.1–R4.4), for any cards around it.

    Masks are 16-bit integers, bit ``i`` for cell number ``i``. Goblins (R4.3) and
    Unexplored Lands (R4.6) are not known here: callers mask them out.

    Attributes:
        portals: the cells holding a revealed Portal.
        networks: for each Portal network (R4.2), the pair (its Portal cells, the
            non-Portal cells adjacent to it), ordered by lowest Portal cell.
        adjacent: ``adjacent[i]``: the non-Portal cells orthogonally adjacent to cell ``i``
            (R4.1); 0 for a Portal cell.
        linked: ``linked[i]``: the other non-Portal cells that a network links to cell ``i``
            (R4.2); 0 for a Portal cell.
        connected: ``adjacent[i] | linked[i]``: the connections of a non-Goblin card.
        linked_pairs: the pairs ``(i, j)``, ``i < j``, linked by a network but not adjacent:
            with the grid's adjacency, every connected pair exactly once (R4.4).
        touching: the non-Portal cells adjacent to some Portal.
    """

    portals: int
    networks: tuple[tuple[int, int], ...]
    adjacent: tuple[int, ...]
    linked: tuple[int, ...]
    connected: tuple[int, ...]
    linked_pairs: tuple[tuple[int, int], ...]
    touching: int


def _index(position: object) -> int:
    """The cell number of a `Position` or a ``(row, col)`` tuple.

    Raises:
        DrakoTypeError: anything else (a list, a triple, a Position out of the grid).
    """
    if isinstance(position, Position):
        return position.index
    if (
        type(position) is tuple
        and len(position) == 2
        and all(type(x) is int and 0 <= x < 4 for x in position)
    ):
        return int(position[0]) * 4 + int(position[1])
    raise DrakoTypeError(
        f"a position is a Position or a (row, col) tuple of 0-3, not {quote(position)}"
    )


# Every layout computed so far, by its mask (at most 2**16).
_LAYOUTS: Final[dict[int, Layout]] = {}
#: ``known_layout(portals)``: the layout of the mask ``portals`` if
#: `layout` has computed it already, else None. The
#: hot paths read ``known_layout(m) or layout(m)``: a dictionary look-up, several times
#: cheaper than any cached function call.
known_layout: Final = _LAYOUTS.get


def layout(portals: int) -> Layout:
    """The connection tables for revealed Portals at the cells of the mask ``portals`` (R4),
    computed once per mask.

    Raises:
        DrakoTypeError: ``portals`` is not a 16-bit mask (an integer 0 to 65535).
    """
    if type(portals) is not int or not 0 <= portals <= ALL:
        raise DrakoTypeError(f"a Portal layout is a 16-bit mask (0 to {ALL}), not {quote(portals)}")
    found = _LAYOUTS.get(portals)
    if found is None:
        found = _LAYOUTS[portals] = Layout(*kernel_layout(portals))
    return found


@attrs.frozen
class Link:
    """One connection between two cards (R4.4): how ``a`` and ``b`` are connected.

    Attributes:
        a: the first card's position (the lower cell number).
        b: the second card's position.
        adjacent: True when the two cards are orthogonally adjacent (R4.1).
        portals: the revealed Portals of every network that links them (R4.2), empty when
            they are only adjacent. A network links a Goblin to nothing (R4.3), except in
            *classic* to the Elves, Dwarves and Humans around it (R9.3).
    """

    a: Position
    b: Position
    adjacent: bool
    portals: frozenset[Position]

    def describe(self) -> str:
        """``"adjacent"``, ``"through the Portal (0,2)"``, or both, in words."""
        parts = []
        if self.adjacent:
            parts.append("adjacent")
        if self.portals:
            names = ", ".join(str(p) for p in sorted(self.portals))
            noun = "Portal" if len(self.portals) == 1 else "Portals"
            parts.append(f"through the {noun} {names}")
        return " and ".join(parts)


@attrs.frozen(eq=False)
class Connections:
    """The resolved connection relation of a Kingdom (R4), in one ruleset (R9.3).

    Two revealed non-Portal cards are connected when adjacent or linked by a Portal
    network, except that a Goblin only connects to its adjacent cards (R4.3). A pair is
    connected once however many ways link it (R4.4), and no card to itself. Portals (R4.5)
    and Unexplored Lands (R4.6) have no connections.

    In *pocket* the relation is symmetric. In *classic* (R9.3) a network also links a
    Goblin to the Elves, Dwarves and Humans around it, from their side only: such a Tribe
    counts the Goblin among its connections (`of`),
    the Goblin does not count the Tribe, and the pair is one connection of
    `links` (for conflicts, R5.2).

    Examples:
        >>> c = connections(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"))
        >>> sorted(str(p) for p in c.of(Position(0, 1)))
        ['(0,0)', '(0,3)', '(1,1)', '(1,2)']
        >>> c.link(Position(0, 1), Position(1, 2)).describe()
        'through the Portal (0,2)'
        >>> len(c)  # 18 adjacent pairs without the Portals, 3 + 3 through them
        24
    """

    kingdom: Kingdom
    _masks: tuple[int, ...] = attrs.field(repr=False)
    _layout: Layout = attrs.field(repr=False)
    ruleset: Ruleset = attrs.field(default=POCKET, repr=False)

    def mask(self, position: Position | tuple[int, int]) -> int:
        """The cards the card at ``position`` counts as connected, as a 16-bit mask (bit ``i``
        for cell ``i``)."""
        return self._masks[_index(position)]

    def of(self, position: Position | tuple[int, int]) -> frozenset[Position]:
        """The positions of the cards the card at ``position`` counts as connected (R4.2–R4.4,
        R9.3)."""
        return frozenset(POSITIONS[j] for j in bits(self._masks[_index(position)]))

    def are_connected(self, a: Position | tuple[int, int], b: Position | tuple[int, int]) -> bool:
        """Whether the card at ``a`` counts the card at ``b`` as connected (R4, R9.3); False
        when ``a == b``."""
        return bool(self._masks[_index(a)] >> _index(b) & 1)

    def uses_portals(self, position: Position | tuple[int, int]) -> bool:
        """Whether the card at ``position`` is a revealed card that may use its Portal
        networks: False for Goblins (R4.3), Portals and Unexplored Lands."""
        card = self.kingdom.cells[_index(position)]
        return card is not None and card is not Card.PORTAL and uses_portals(card)

    def link(self, a: Position | tuple[int, int], b: Position | tuple[int, int]) -> Link | None:
        """How the cards at ``a`` and ``b`` are connected, either counting the other, or
        None if they are not (R4, R9.3)."""
        i, j = _index(a), _index(b)
        masks = self._masks
        if not (masks[i] >> j & 1 or masks[j] >> i & 1):
            return None
        if i > j:
            i, j = j, i
        adjacent = bool(NEIGHBOUR_MASK[i] >> j & 1)
        portals: set[Position] = set()
        x, y = self.kingdom.cells[i], self.kingdom.cells[j]
        assert x is not None and y is not None
        rules = self.ruleset
        if counts_through_portals(x, y, rules) or counts_through_portals(y, x, rules):
            for network, cells in self._layout.networks:
                if cells >> i & 1 and cells >> j & 1:
                    portals.update(POSITIONS[p] for p in bits(network))
        return Link(POSITIONS[i], POSITIONS[j], adjacent, frozenset(portals))

    def links(self) -> tuple[Link, ...]:
        """Every connection once, ordered by the cell numbers of its two cards (R4.4)."""
        out = []
        masks = self._masks
        for i in range(16):
            for j in range(i + 1, 16):
                if masks[i] >> j & 1 or masks[j] >> i & 1:
                    link = self.link(POSITIONS[i], POSITIONS[j])
                    assert link is not None
                    out.append(link)
        return tuple(out)

    @property
    def networks(self) -> tuple[frozenset[Position], ...]:
        """The Portal networks (R4.2): each a set of revealed Portals adjacent to one another."""
        return tuple(frozenset(POSITIONS[p] for p in bits(net)) for net, _ in self._layout.networks)

    def __len__(self) -> int:
        """The number of connected pairs (R4.4)."""
        masks = self._masks
        return sum(
            1 for i in range(16) for j in range(i + 1, 16) if masks[i] >> j & 1 or masks[j] >> i & 1
        )

    def __contains__(self, pair: object) -> bool:
        """``(a, b) in c`` for two positions: whether ``a`` counts ``b`` as connected; False
        for anything that is not a pair of positions."""
        if type(pair) is tuple and len(pair) == 2:
            a, b = pair
            if isinstance(a, Position) and isinstance(b, Position):
                return self.are_connected(a, b)
        return False


def connection_masks(kingdom: Kingdom, ruleset: Ruleset = POCKET) -> tuple[tuple[int, ...], Layout]:
    """Per cell, the 16-bit mask of the cards it counts as connected (R4.2–R4.6, R9.3), and
    the layout used.

    The layout's ``connected`` table is the answer for revealed cards that no Goblin
    shares a network with; it is corrected only for the cards around a network a Goblin
    touches (`portal_blind_codes`) and for
    Unexplored Lands (R4.6), so a full Kingdom whose Goblins touch no Portal costs one
    look-up.

    Raises:
        DrakoTypeError: ``kingdom`` is not a Kingdom.
    """
    if type(kingdom) is not Kingdom:
        raise DrakoTypeError(
            f"connections takes a Kingdom (Kingdom.parse reads the notation), not {quote(kingdom)}"
        )
    kinds = kingdom.masks
    portals = kinds[_PORTAL]
    lay = known_layout(portals) or layout(portals)
    goblins = kinds[_GOBLIN]
    blank = kinds[UNEXPLORED]
    if not (goblins & lay.touching or blank):
        return lay.connected, lay
    out = list(lay.connected)
    if goblins & lay.touching:
        blind = portal_blind_codes(ruleset)
        adjacent, linked, codes = lay.adjacent, lay.linked, kingdom.codes
        for i in bits(lay.touching):
            hide = 0
            for code in blind[codes[i]]:
                hide |= kinds[code]
            out[i] = adjacent[i] | (linked[i] & ~hide)
    if blank:  # an Unexplored Land connects nothing (R4.6)
        keep = ALL & ~blank
        out = [0 if blank >> i & 1 else mask & keep for i, mask in enumerate(out)]
    return tuple(out), lay


def connections(kingdom: Kingdom, ruleset: Ruleset | str = POCKET) -> Connections:
    """The connection relation of ``kingdom`` (R4.1–R4.6) in ``ruleset`` (R9.3).

    Args:
        kingdom: any Kingdom, complete or with Unexplored Lands.
        ruleset: `POCKET` (default) or
            `CLASSIC`, or a ruleset's name: only R9.3
            (how Portals link Goblins) differs.

    Returns:
        A `Connections` to query by position, with
        `Link` details telling whether a pair is adjacent or
        linked through which Portals.
    """
    rules = ruleset if type(ruleset) is Ruleset else get_ruleset(ruleset)
    masks, lay = connection_masks(kingdom, rules)
    return Connections(kingdom, masks, lay, rules)
