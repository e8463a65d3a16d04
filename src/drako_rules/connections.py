"""Which cards of a Kingdom are connected (R4), resolved once per Portal layout.

Connections depend only on where the revealed Portals are, so everything about them is
computed once per *Portal layout* (a 16-bit mask) and cached: the adjacency of the grid
without the Portal cells, the Portal networks, and the cells each network links. The
kinds of the other cards (Goblins, Unexplored Lands) are applied on top, with bit masks.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Final

import attrs

from drako_rules.cards import Card
from drako_rules.errors import DrakoTypeError, NotationError, expect
from drako_rules.kingdom import NEIGHBOURS, POSITIONS, UNEXPLORED_CODE, Kingdom, Position

__all__ = ["Connections", "Layout", "Link", "connections", "layout"]

_ALL: Final = (1 << 16) - 1
_PORTAL: Final = Card.PORTAL.index
_GOBLIN: Final = Card.GOBLIN.index


def _bits(mask: int) -> Iterator[int]:
    """The cell numbers set in ``mask``, in increasing order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


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


_NEIGHBOUR_MASK: Final = tuple(sum(1 << j for j in NEIGHBOURS[i]) for i in range(16))


def _index(position: Position | tuple[int, int]) -> int:
    """The cell number of a [`Position`][drako_rules.kingdom.Position] or a ``(row, col)`` pair."""
    if isinstance(position, Position):
        return position.index
    if isinstance(position, tuple) and len(position) == 2:
        return Position(*position).index
    raise DrakoTypeError(f"a position is a Position or (row, col), not {position!r}")


@cache
def layout(portals: int) -> Layout:
    """The connection tables for revealed Portals at the cells of the mask ``portals`` (R4)."""
    expect(portals, int, "a 16-bit mask of Portal cells")
    if not 0 <= portals <= _ALL:
        raise NotationError(f"a Portal layout is a 16-bit mask, not {portals!r}")
    # Portal networks: connected components of Portal cells (R4.2).
    networks: list[tuple[int, int]] = []
    seen = 0
    for start in _bits(portals):
        if seen >> start & 1:
            continue
        component = 0
        frontier = 1 << start
        while frontier:
            component |= frontier
            grown = 0
            for i in _bits(frontier):
                grown |= _NEIGHBOUR_MASK[i]
            frontier = grown & portals & ~component
        seen |= component
        around = 0
        for i in _bits(component):
            around |= _NEIGHBOUR_MASK[i]
        networks.append((component, around & ~portals))
    adjacent = tuple(0 if portals >> i & 1 else _NEIGHBOUR_MASK[i] & ~portals for i in range(16))
    linked_list = [0] * 16
    for _, cells in networks:
        for i in _bits(cells):
            linked_list[i] |= cells & ~(1 << i)
    linked = tuple(linked_list)
    connected = tuple(a | b for a, b in zip(adjacent, linked, strict=True))
    pairs = tuple((i, j) for i in range(16) for j in _bits(linked[i] & ~adjacent[i]) if i < j)
    touching = 0
    for _, cells in networks:
        touching |= cells
    return Layout(portals, tuple(networks), adjacent, linked, connected, pairs, touching)


@attrs.frozen
class Link:
    """One connection between two cards (R4.4): how ``a`` and ``b`` are connected.

    Attributes:
        a: the first card's position (the lower cell number).
        b: the second card's position.
        adjacent: True when the two cards are orthogonally adjacent (R4.1).
        portals: the revealed Portals of every network that links them (R4.2), empty when
            they are only adjacent (always empty when one is a Goblin, R4.3).
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
    """The resolved connection relation of a Kingdom (R4).

    Two revealed non-Portal cards are connected when adjacent or linked by a Portal
    network, except that a Goblin only connects to its adjacent cards (R4.3). The relation
    is symmetric and never reflexive, and a pair is connected once however many ways
    link it (R4.4). Portals (R4.5) and Unexplored Lands (R4.6) have no connections.

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

    def mask(self, position: Position) -> int:
        """The connections of ``position`` as a 16-bit mask (bit ``i`` for cell ``i``)."""
        return self._masks[position.index]

    def of(self, position: Position | tuple[int, int]) -> frozenset[Position]:
        """The positions of the cards connected to the card at ``position`` (R4.2–R4.4)."""
        return frozenset(POSITIONS[j] for j in _bits(self._masks[_index(position)]))

    def are_connected(self, a: Position | tuple[int, int], b: Position | tuple[int, int]) -> bool:
        """Whether the cards at ``a`` and ``b`` are connected (R4); False when ``a == b``."""
        return bool(self._masks[_index(a)] >> _index(b) & 1)

    def link(self, a: Position | tuple[int, int], b: Position | tuple[int, int]) -> Link | None:
        """How the cards at ``a`` and ``b`` are connected, or None if they are not (R4)."""
        i, j = _index(a), _index(b)
        if not self._masks[i] >> j & 1:
            return None
        if i > j:
            i, j = j, i
        adjacent = bool(_NEIGHBOUR_MASK[i] >> j & 1)
        portals: set[Position] = set()
        goblin = self.kingdom.cells[i] is Card.GOBLIN or self.kingdom.cells[j] is Card.GOBLIN
        if not goblin:
            for network, cells in self._layout.networks:
                if cells >> i & 1 and cells >> j & 1:
                    portals.update(POSITIONS[p] for p in _bits(network))
        return Link(POSITIONS[i], POSITIONS[j], adjacent, frozenset(portals))

    def links(self) -> tuple[Link, ...]:
        """Every connection once, ordered by the cell numbers of its two cards (R4.4)."""
        out = []
        for i in range(16):
            for j in _bits(self._masks[i] >> (i + 1) << (i + 1)):
                link = self.link(POSITIONS[i], POSITIONS[j])
                assert link is not None
                out.append(link)
        return tuple(out)

    @property
    def networks(self) -> tuple[frozenset[Position], ...]:
        """The Portal networks (R4.2): each a set of revealed Portals adjacent to one another."""
        return tuple(
            frozenset(POSITIONS[p] for p in _bits(net)) for net, _ in self._layout.networks
        )

    def __len__(self) -> int:
        """The number of connected pairs (R4.4)."""
        return sum(m.bit_count() for m in self._masks) // 2

    def __contains__(self, pair: object) -> bool:
        """``(a, b) in c`` for two positions: whether they are connected."""
        if isinstance(pair, tuple) and len(pair) == 2:
            a, b = pair
            if isinstance(a, Position) and isinstance(b, Position):
                return self.are_connected(a, b)
        return False


def connection_masks(kingdom: Kingdom) -> tuple[tuple[int, ...], Layout]:
    """Per cell, the 16-bit mask of connected cells (R4.2–R4.6), and the layout used.

    The layout's ``connected`` table is the answer for revealed non-Goblin cards; it
    needs correcting only for Goblins next to a Portal network (R4.3) and for Unexplored
    Lands (R4.6), so a full Kingdom whose Goblins touch no Portal costs one look-up.
    """
    try:
        kinds = kingdom._masks
    except AttributeError:
        raise DrakoTypeError(
            f"connections takes a Kingdom (Kingdom.parse reads the notation), not {kingdom!r}"
        ) from None
    lay = layout(kinds[_PORTAL])
    goblins = kinds[_GOBLIN]
    blank = kinds[UNEXPLORED_CODE]
    if not (goblins & lay.touching or blank):
        return lay.connected, lay
    out = list(lay.connected)
    if goblins & lay.touching:
        adjacent, linked = lay.adjacent, lay.linked
        for i in _bits(lay.touching):
            if goblins >> i & 1:  # a Goblin cannot use Portals (R4.3)
                out[i] = adjacent[i]
            else:  # nor be reached through one
                out[i] = adjacent[i] | (linked[i] & ~goblins)
    if blank:  # an Unexplored Land connects nothing (R4.6)
        keep = _ALL & ~blank
        out = [0 if blank >> i & 1 else mask & keep for i, mask in enumerate(out)]
    return tuple(out), lay


def connections(kingdom: Kingdom) -> Connections:
    """The connection relation of ``kingdom`` (R4.1–R4.6).

    Args:
        kingdom: any Kingdom, complete or with Unexplored Lands.

    Returns:
        A [`Connections`][drako_rules.connections.Connections] to query by position, with
        [`Link`][drako_rules.connections.Link] details telling whether a pair is adjacent or
        linked through which Portals.
    """
    masks, lay = connection_masks(kingdom)
    return Connections(kingdom, masks, lay)
