"""The kernel's Portal layouts (`_kernel/connect.py`, R4.1–R4.4) against the grid and the
networks of the slow reference (`tests/reference.py`), read table by table.

The Kingdom-level tests (tests/test_kernel.py, tests/test_connections.py) reach these
tables through scoring and the Legends, where most layouts and masks never single out
one table or one corner cell; these properties read each table of every layout drawn.
"""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

import reference
from drako_rules import Card
from drako_rules._kernel.connect import (
    ADJACENT,
    CONNECTED,
    LINKED,
    LINKED_PAIRS,
    NETWORKS,
    PORTALS,
    TOUCHING,
    both_on_one_network,
    connected_to_two,
    layout,
    two_on_one_network,
)

masks = st.integers(min_value=0, max_value=(1 << 16) - 1)


def _cells_of(portals: int) -> tuple[Card | None, ...]:
    """A grid with Portals on ``portals`` and a revealed non-Portal card elsewhere."""
    return tuple(Card.PORTAL if portals >> i & 1 else Card.FOREST for i in range(16))


def _mask(cells: set[int] | frozenset[int]) -> int:
    return sum(1 << i for i in cells)


@given(masks)
@example(0)
@example((1 << 16) - 1)
def test_each_table_of_a_layout_is_the_grid_read_plainly(portals: int) -> None:
    """R4.1: adjacency between non-Portal cells; R4.2: the networks are the Portals grouped
    by adjacency, each linking the cards around it; R4.4: every connected pair once."""
    lay = layout(portals)
    cells = _cells_of(portals)
    networks = reference.portal_networks(cells)
    assert lay[PORTALS] == portals
    assert [component for component, _ in lay[NETWORKS]] == [_mask(n) for n in networks]
    around = [_mask(reference.network_cards(cells, n)) for n in networks]
    assert [cells_around for _, cells_around in lay[NETWORKS]] == around
    for i in range(16):
        portal = bool(portals >> i & 1)
        near = {j for j in range(16) if reference.adjacent(i, j) and not portals >> j & 1}
        assert lay[ADJACENT][i] == (0 if portal else _mask(near))
        linked = {j for a in around if a >> i & 1 for j in range(16) if a >> j & 1 and j != i}
        assert lay[LINKED][i] == _mask(linked)
        assert lay[CONNECTED][i] == lay[ADJACENT][i] | lay[LINKED][i]
    pairs = {
        (i, j)
        for i in range(16)
        for j in range(i + 1, 16)
        if lay[LINKED][i] >> j & 1 and not lay[ADJACENT][i] >> j & 1
    }
    assert sorted(pairs) == list(lay[LINKED_PAIRS])
    assert lay[TOUCHING] == _mask({i for a in around for i in range(16) if a >> i & 1})


@given(masks, masks)
@example(0b10, 1 | 1 << 15)  # one card at cell 0 around a network, the other far off
@example(0b10 | 1 << 14, 1 | 1 << 15)  # one card around each of two networks
def test_two_cards_around_one_network(portals: int, x: int) -> None:
    """R4.2: two cards of ``x`` are linked when both are around the same network."""
    networks = layout(portals)[NETWORKS]
    expected = any((around & x).bit_count() >= 2 for _, around in networks)
    assert two_on_one_network(networks, x) is expected


@given(masks, masks, masks)
def test_a_card_of_each_mask_around_one_network(portals: int, x: int, y: int) -> None:
    """R4.2: a card of ``x`` and one of ``y`` are linked when both are around one network."""
    networks = layout(portals)[NETWORKS]
    expected = any(around & x and around & y for _, around in networks)
    assert both_on_one_network(networks, x, y) is expected


@given(masks, masks, masks)
def test_a_card_connected_to_two(portals: int, candidates: int, y: int) -> None:
    """R4.1, R4.2: a card of ``candidates`` connected (adjacent or linked) to two of ``y``."""
    connected = layout(portals)[CONNECTED]
    expected = any(candidates >> i & 1 and (connected[i] & y).bit_count() >= 2 for i in range(16))
    assert connected_to_two(connected, candidates, y) is expected
