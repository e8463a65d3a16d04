"""The kernel's grid and codes (`_kernel/board.py`) against the rules read plainly.

Every table of the module is checked in full, entry by entry, against
`tests/reference.py`'s grid (R4.1: cell ``4·row + col``, orthogonal neighbours only) or
the card and Legend enumerations it encodes. Written for mutation testing of the kernel
(issue 23): the public tests reach these tables only through the few masks that Kingdoms
in play produce.
"""

from __future__ import annotations

import pytest

from drako_rules import Card, Legend
from drako_rules._kernel import board
from drako_rules._kernel.board import (
    ALL,
    AROUND_HI,
    AROUND_LO,
    CARD_OF_CODE,
    CARDS,
    CELLS,
    CENTRE_CELLS,
    CODE_OF,
    CODE_OF_LETTER,
    CODES,
    LEGEND_BIT,
    LEGEND_BIT_OF_ID,
    LEGEND_INDEX,
    LEGENDS,
    NEIGHBOUR_MASK,
    NEIGHBOURS,
    SIDE,
    TWO_HI,
    TWO_LO,
    UNEXPLORED,
    around,
    bits,
    legend_mask,
    legends_of_mask,
    neighbourhoods,
    two_around,
)
from reference import adjacent, row_col

MASKS = 1 << 16


def next_to(i: int) -> int:
    """The cells adjacent to cell ``i`` (R4.1), as a mask, from the reference's grid."""
    return sum(1 << j for j in range(16) if adjacent(i, j))


def one_and_two() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For every mask ``m``: the cells next to at least one cell of ``m``, and to at least
    two, built cell by cell from the reference's adjacency: adding the lowest cell ``i``
    to the rest ``r`` of the mask, a cell is next to two cells of ``m`` when it was next to
    two of ``r``, or next to one of ``r`` and to ``i``."""
    one, two = [0] * MASKS, [0] * MASKS
    for m in range(1, MASKS):
        low = m & -m
        rest = m ^ low
        near = next_to(low.bit_length() - 1)
        one[m] = one[rest] | near
        two[m] = two[rest] | (one[rest] & near)
    return tuple(one), tuple(two)


ONE, TWO = one_and_two()


def test_the_grid_is_four_by_four() -> None:
    """R4.1: rows and columns 0-3, sixteen cells, one bit each."""
    assert (SIDE, CELLS, ALL) == (4, 16, 0xFFFF)


def test_the_neighbours_of_each_cell_are_the_orthogonal_ones() -> None:
    """R4.1: a cell's neighbours are one step up, left, right or down (in that order,
    which is increasing cell order), never diagonal."""
    for i in range(CELLS):
        assert NEIGHBOURS[i] == tuple(j for j in range(16) if adjacent(i, j))
        assert NEIGHBOUR_MASK[i] == next_to(i)
    assert len(NEIGHBOURS) == len(NEIGHBOUR_MASK) == CELLS


def test_the_centre_is_the_middle_two_by_two() -> None:
    """R2.4-R2.5: the starting cards go to the 2×2 centre, rows and columns 1-2."""
    assert tuple(i for i in range(16) if set(row_col(i)) <= {1, 2}) == CENTRE_CELLS


def test_every_card_has_its_code_and_back() -> None:
    """Codes 0-9 are the ten kinds in ``Card`` order, 10 the Unexplored Land (R4.6)."""
    assert (UNEXPLORED, CODES) == (10, 11)
    assert tuple(Card) == CARDS
    assert (*Card, None) == CARD_OF_CODE
    expected: dict[Card | None, int] = {card: i for i, card in enumerate(Card)}
    expected[None] = UNEXPLORED
    assert expected == CODE_OF
    assert {card.value: i for i, card in enumerate(Card)} == CODE_OF_LETTER
    for code, cell in enumerate(CARD_OF_CODE):
        assert CODE_OF[cell] == code


def test_every_legend_has_its_bit_and_back() -> None:
    """Bit ``i`` of a mask of Legends is the ``i``-th Legend (R1.4), by the Legend or its id."""
    assert tuple(Legend) == LEGENDS
    for i, legend in enumerate(Legend):
        assert LEGEND_INDEX[legend] == i
        assert LEGEND_BIT[legend] == LEGEND_BIT_OF_ID[legend.value] == 1 << i
    assert len(LEGEND_INDEX) == len(LEGEND_BIT) == len(LEGEND_BIT_OF_ID) == len(Legend)


def test_a_mask_of_legends_and_its_set_are_inverse() -> None:
    """Every set of Legends gives one mask and back (every one of the 2**15 masks)."""
    for mask in range(1 << len(Legend)):
        legends = frozenset(legend for i, legend in enumerate(Legend) if mask >> i & 1)
        assert legends_of_mask(mask) == legends
        assert legends_of_mask(mask) == legends  # the second look-up: the kept set
        assert legend_mask(legends) == mask
    assert legend_mask(()) == 0


def test_a_mask_of_something_else_than_legends_is_refused() -> None:
    """`legend_mask` raises ``KeyError`` on an item that is no Legend (its callers turn it
    into their own error)."""
    with pytest.raises(KeyError):
        legend_mask([Legend.TWO_ELVES, "two-elves"])  # type: ignore[list-item]


def test_the_bits_of_every_mask_in_increasing_order() -> None:
    """`bits` walks the set cells of every 16-bit mask, lowest first."""
    for mask in range(MASKS):
        assert list(bits(mask)) == [i for i in range(16) if mask >> i & 1]


def test_the_half_grid_tables_are_the_grid_read_cell_by_cell() -> None:
    """R4.1: each entry of the four half-grid tables, for the cells 0-7 or 8-15 of a mask."""
    assert len(AROUND_LO) == len(AROUND_HI) == len(TWO_LO) == len(TWO_HI) == 256
    for x in range(256):
        assert (AROUND_LO[x], TWO_LO[x]) == (ONE[x], TWO[x])
        assert (AROUND_HI[x], TWO_HI[x]) == (ONE[x << 8], TWO[x << 8])


def test_the_cells_next_to_one_or_two_of_every_mask() -> None:
    """R4.1: `around` and `two_around`, and the neighbourhood table built from the same
    halves, for every one of the 2**16 masks."""
    table = neighbourhoods()
    assert len(table) == MASKS
    for mask in range(MASKS):
        assert around(mask) == ONE[mask]
        assert two_around(mask) == TWO[mask]
        assert table[mask] == ONE[mask] | TWO[mask] << 16


def test_the_module_documents_what_it_exports() -> None:
    """Every name of ``__all__`` exists (the kernel's modules import them by name)."""
    assert all(hasattr(board, name) for name in board.__all__)
