"""Connections on the grid (R4.1–R4.4), one Portal layout at a time, as plain tuples.

Connections depend only on where the revealed Portals are, so they are computed once per
*Portal layout* (a 16-bit mask) and kept: `layout` is the one place that walks the
Portal networks (R4.2). What the other cards are (a Goblin does not use a network, R4.3;
an Unexplored Land connects nothing, R4.6) is applied on top with masks by the callers.

A layout is the tuple ``(portals, networks, adjacent, linked, connected, linked_pairs,
touching)``, indexed by the constants below:

- ``networks``: per Portal network, ``(its Portal cells, the non-Portal cells around it)``,
  ordered by lowest Portal cell (R4.2);
- ``adjacent[i]``: the non-Portal cells orthogonally adjacent to cell ``i`` (R4.1), 0 for
  a Portal cell;
- ``linked[i]``: the other non-Portal cells a network links to cell ``i`` (R4.2);
- ``connected[i]``: ``adjacent[i] | linked[i]``, the connections of a non-Goblin card;
- ``linked_pairs``: the pairs ``(i, j)``, ``i < j``, linked but not adjacent: with the
  grid's adjacency, every connected pair exactly once (R4.4);
- ``touching``: the non-Portal cells next to some Portal.
"""

from __future__ import annotations

from typing import Final

from drako_rules._kernel.board import NEIGHBOUR_MASK, bits

__all__ = [
    "ADJACENT",
    "CONNECTED",
    "LAYOUTS",
    "LINKED",
    "LINKED_PAIRS",
    "NETWORKS",
    "PORTALS",
    "TOUCHING",
    "LayoutTuple",
    "layout",
]

#: One Portal layout (see the module's docstring).
LayoutTuple = tuple[
    int,
    tuple[tuple[int, int], ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[tuple[int, int], ...],
    int,
]

PORTALS: Final = 0
NETWORKS: Final = 1
ADJACENT: Final = 2
LINKED: Final = 3
CONNECTED: Final = 4
LINKED_PAIRS: Final = 5
TOUCHING: Final = 6

#: Every layout computed so far, by its mask (at most 2**16 entries). The hot paths read
#: ``LAYOUTS.get(m) or layout(m)``: a look-up, cheaper than any call.
LAYOUTS: Final[dict[int, LayoutTuple]] = {}


def layout(portals: int) -> LayoutTuple:
    """The connection tables of revealed Portals at the cells of ``portals``, a 16-bit
    mask (R4.1–R4.4), computed once per mask. The one owner of the Portal networks (R4.2)."""
    found = LAYOUTS.get(portals)
    if found is None:
        found = LAYOUTS[portals] = _build(portals)
    return found


def _spread(cells: int) -> int:
    """The cells next to some cell of ``cells`` (R4.1)."""
    out = 0
    for i in bits(cells):
        out |= NEIGHBOUR_MASK[i]
    return out


def _build(portals: int) -> LayoutTuple:
    # Portal networks: connected components of Portal cells (R4.2).
    networks: list[tuple[int, int]] = []
    seen = 0
    for start in bits(portals):
        if seen >> start & 1:
            continue
        component = 0
        frontier = 1 << start
        while frontier:
            component |= frontier
            frontier = _spread(frontier) & portals & ~component
        seen |= component
        networks.append((component, _spread(component) & ~portals))
    adjacent = tuple(0 if portals >> i & 1 else NEIGHBOUR_MASK[i] & ~portals for i in range(16))
    linked_list = [0] * 16
    for _, cells in networks:
        for i in bits(cells):
            linked_list[i] |= cells & ~(1 << i)
    linked = tuple(linked_list)
    connected = tuple(a | b for a, b in zip(adjacent, linked, strict=True))
    pairs = tuple((i, j) for i in range(16) for j in bits(linked[i] & ~adjacent[i]) if i < j)
    touching = 0
    for _, cells in networks:
        touching |= cells
    return (portals, tuple(networks), adjacent, linked, connected, pairs, touching)


layout(0)  # the layout of most Kingdoms during play, known from the start


def two_on_one_network(networks: tuple[tuple[int, int], ...], x: int) -> bool:
    """Two cards of the mask ``x`` around one Portal network, which links them (R4.2)."""
    for _, cells in networks:
        y = cells & x
        if y & (y - 1):  # nonzero when ``y`` holds two cells or more
            return True
    return False


def both_on_one_network(networks: tuple[tuple[int, int], ...], x: int, y: int) -> bool:
    """A card of the mask ``x`` and one of ``y`` around one Portal network, which links
    them (R4.2)."""
    for _, cells in networks:  # noqa: SIM110 (any() over a generator costs a frame more)
        if cells & x and cells & y:
            return True
    return False


def connected_to_two(connected: tuple[int, ...], candidates: int, y: int) -> bool:
    """A card of the mask ``candidates`` connected to two cards of ``y``, adjacent or
    through a network (R4.1, R4.2); ``connected`` is a layout's ``CONNECTED`` table.

    For cards away from the Portals adjacency is the whole answer, so callers pass only
    the cards next to a network: there an adjacent card may also be linked, and the
    connections are counted.
    """
    while candidates:  # the cells of candidates, lowest first (board.bits without its frame)
        low = candidates & -candidates
        if (connected[low.bit_length() - 1] & y).bit_count() >= 2:
            return True
        candidates ^= low
    return False
