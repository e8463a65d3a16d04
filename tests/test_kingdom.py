"""The Kingdom (R4.1) and its notation: positions, parsing, errors, symmetries, value semantics."""

from __future__ import annotations

import itertools
import re

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
from drako_rules import Card, DrakoError, DrakoTypeError, Kingdom, NotationError, Position
from strategies import any_kingdoms, cells, notations, positions

# --- Position (R4.1) ------------------------------------------------------------------------


def test_position_covers_the_grid() -> None:
    """R4.1: the 16 positions (0–3, 0–3) are numbered 0–15 row by row, and back."""
    for row, col in itertools.product(range(4), range(4)):
        p = Position(row, col)
        assert (p.row, p.col, p.index) == (row, col, 4 * row + col)
        assert Position.from_index(p.index) == p


@pytest.mark.parametrize(
    ("row", "col"),
    [(-1, 0), (4, 0), (0, -1), (0, 4), (True, 0), (0, False), (1.0, 2), ("1", 2), (None, 0)],
)
def test_position_out_of_bounds(row: object, col: object) -> None:
    """R4.1: a coordinate must be an int 0–3 (bools rejected): else a DrakoError / ValueError."""
    with pytest.raises(DrakoError) as info:
        Position(row, col)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    assert "0 to 3" in str(info.value) and "R4.1" in str(info.value)


@pytest.mark.parametrize("index", [-1, 16, 100, True])
def test_position_from_bad_index(index: int) -> None:
    """R4.1: cell numbers are 0–15; anything else raises NotationError."""
    with pytest.raises(NotationError):
        Position.from_index(index)


@given(positions)
def test_neighbours_are_the_orthogonal_cells(p: Position) -> None:
    """R4.1: neighbours() are the in-grid cells one step up, left, right or down."""
    expected = {
        Position(p.row + dr, p.col + dc)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= p.row + dr < 4 and 0 <= p.col + dc < 4
    }
    assert set(p.neighbours()) == expected
    assert len(p.neighbours()) == len(expected)


def test_position_is_frozen_and_ordered() -> None:
    """Positions are immutable values, ordered row first."""
    p = Position(1, 2)
    with pytest.raises(AttributeError):
        p.row = 3  # type: ignore[misc]
    assert Position(0, 3) < Position(1, 0) < Position(1, 2)
    assert {Position(1, 2), Position(1, 2)} == {p}


# --- notation: reading and writing --------------------------------------------------------


def test_parse_letters_and_names() -> None:
    """Kingdom notation: the two spellings of RULES.md give the same Kingdom, cell by cell."""
    names = """
        forest elf    portal mountain
        human  plain  dwarf  mountain
        swamp  goblin dragon portal
        plain  plain  human  swamp
    """
    k = Kingdom.parse("FEOM/HPWM/SGDO/PPHS")
    assert Kingdom.parse(names) == k
    F, M, P, S = Card.FOREST, Card.MOUNTAIN, Card.PLAIN, Card.SWAMP
    E, W, H, G, D, Po = Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN, Card.DRAGON, Card.PORTAL
    assert k.cells == (F, E, Po, M, H, P, W, M, S, G, D, Po, P, P, H, S)
    assert k[Position(2, 2)] is D and k[3, 0] is P


def test_parse_case_spaces_and_unexplored() -> None:
    """Kingdom notation: any case, spaces between cards, ``?`` for an Unexplored Land."""
    k = Kingdom.parse(" f e ? m / Human ? DWARF m\nSGDO\n\n????  ")
    assert str(k) == "FE?M/H?WM/SGDO/????"
    assert k.unexplored_positions == (
        Position(0, 2), Position(1, 1), *(Position(3, c) for c in range(4)),
    )  # fmt: skip
    assert not k.is_complete and k.count(None) == 6


def test_str_and_repr() -> None:
    """``str`` is the compact notation; ``repr`` evaluates back to the Kingdom."""
    k = Kingdom.parse("forest elf portal mountain/HPWM/SGDO/PP?S")
    assert str(k) == "FEOM/HPWM/SGDO/PP?S"
    assert repr(k) == "Kingdom.parse('FEOM/HPWM/SGDO/PP?S')"
    assert eval(repr(k), {"Kingdom": Kingdom}) == k


@given(any_kingdoms)
def test_parse_str_round_trip(kingdom: Kingdom) -> None:
    """Kingdom notation: parse(str(k)) == k, and str(k) is 4 rows of 4 letters or ``?``."""
    text = str(kingdom)
    assert re.fullmatch(r"([FMPSEWHGDO?]{4}/){3}[FMPSEWHGDO?]{4}", text)
    assert Kingdom.parse(text) == kingdom


@given(any_kingdoms)
def test_parse_pretty_round_trip(kingdom: Kingdom) -> None:
    """Kingdom notation: the English-name form ``pretty()`` reads back to the same Kingdom."""
    assert Kingdom.parse(kingdom.pretty()) == kingdom
    assert kingdom.pretty().count("\n") == 3


@given(st.data())
def test_parse_any_spelling(data: st.DataObject) -> None:
    """Kingdom notation: any mix of letters and names, case, spaces and row separators reads back."""
    kingdom = data.draw(any_kingdoms)
    assert Kingdom.parse(data.draw(notations(kingdom))) == kingdom


# --- notation errors ------------------------------------------------------------------------

# (text, words the message must contain, row, column, token); None: the attribute is unset.
BAD_TEXTS = [
    ("FEOM/HPWM/SGDO/PPH", ["row 3", "3 cards", "expected 4"], 3, None, "PPH"),
    ("FEOMM/HPWM/SGDO/PPHS", ["row 0", "5 cards"], 0, None, "FEOMM"),
    # An unknown card is named by itself, its row and column counted from 1 in the message
    # (the attributes count from 0; the token is the word it is written in).
    ("FEOM/H X WM/SGDO/PPHS", ["unknown card 'X' at row 2, column 2:"], 1, 1, "X"),
    ("FEOM/HP WM X/SGDO/PPHS", ["'X' at row 2, column 5:"], 1, 4, "X"),  # a 5th card, unknown
    ("FEOM/HPXM/SGDO/PPHS", ["unknown card 'X' at row 2, column 3:"], 1, 2, "HPXM"),
    ("FEOM/HPWM/SGDO/PPH!", ["unknown card '!' at row 4, column 4:"], 3, 3, "PPH!"),
    ("FEOM/HPWM/SGDO/PPHX", ["unknown card 'X' at row 4, column 4:"], 3, 3, "PPHX"),
    ("FEOM/HPWM/SGDO/PPHSX", ["unknown card 'PPHSX' at row 4, column 1:"], 3, 0, "PPHSX"),
    (
        "forest elf portal mountian/HPWM/SGDO/PPHS",
        ["unknown card 'mountian' at row 1, column 4:"],
        0,
        3,
        "mountian",
    ),
    ("FEOM/HPWM/SGDO/PP HS elf", ["row 3", "5 cards"], 3, None, None),
    ("FEOMHPWMSGDOPPHS", ["4 rows", "got 1"], None, None, None),
    ("FEOM/HPWM/SGDO", ["4 rows", "got 3"], None, None, None),
    ("FEOM/HPWM/SGDO/PPHS/FEOM", ["4 rows", "got 5"], None, None, None),
    ("FEOM/HPWM/SGDO/PPHS/", ["4 rows", "got 5", "a '/' too many"], None, None, None),
    ("FEOM//SGDO/PPHS", ["row 1 is empty"], 1, None, None),
    ("", ["empty"], None, None, None),
    ("   \n\t \n", ["empty"], None, None, None),
]


@pytest.mark.parametrize(("text", "words", "row", "column", "token"), BAD_TEXTS)
def test_bad_notation(
    text: str, words: list[str], row: int | None, column: int | None, token: str | None
) -> None:
    """Kingdom notation: malformed text raises NotationError saying what is wrong and where."""
    with pytest.raises(NotationError) as info:
        Kingdom.parse(text)
    error = info.value
    assert isinstance(error, DrakoError) and isinstance(error, ValueError)
    for word in words:
        assert word in str(error)
    assert error.row == row
    assert error.column == column
    if token is not None:
        assert error.token == token


@pytest.mark.parametrize("value", [None, b"FEOM/HPWM/SGDO/PPHS", 42, list("FEOMHPWMSGDOPPHS")])
def test_notation_must_be_text(value: object) -> None:
    """Kingdom notation: a non-string raises NotationError naming the type given."""
    with pytest.raises(NotationError, match=type(value).__name__):
        Kingdom.parse(value)  # type: ignore[arg-type]


_NEAR_NOTATION = st.text(alphabet="FMPSEWHGDOfmpsewhgdo?xX/ \n\t\r", max_size=40)


@given(st.one_of(st.text(max_size=60), _NEAR_NOTATION))
def test_parse_anything_reads_or_raises_notation_error(text: str) -> None:
    """Kingdom notation: any text gives a Kingdom or a NotationError, never another exception."""
    try:
        kingdom = Kingdom.parse(text)
    except NotationError as error:
        assert str(error)
        if error.column is not None:  # an unknown card: counted from 1 in the message
            assert error.row is not None and 0 <= error.row < 4 and error.column >= 0
            assert f"at row {error.row + 1}, column {error.column + 1}:" in str(error)
        elif error.row is not None:
            assert 0 <= error.row < 4
            assert f"row {error.row}" in str(error)
    else:
        assert Kingdom.parse(str(kingdom)) == kingdom


@pytest.mark.parametrize(
    "cells_",
    [
        (Card.FOREST,) * 15,
        (Card.FOREST,) * 17,
        (1,) * 16,
        ("F",) * 16,
        "FEOMHPWMSGDOPPHS",
        None,
        42,
    ],
)
def test_bad_cells(cells_: object) -> None:
    """R4.1: a Kingdom is built from exactly 16 Cards or None; anything else raises NotationError."""
    with pytest.raises(NotationError):
        Kingdom(cells_)  # type: ignore[arg-type]


@pytest.mark.parametrize("key", [(4, 0), (0, -1), "a", 3, (1, 2, 3)])
def test_bad_index(key: object) -> None:
    """R4.1: indexing with anything but a Position or an in-grid (row, col) raises NotationError."""
    with pytest.raises(NotationError):
        Kingdom.unexplored()[key]  # type: ignore[index]


# --- reading --------------------------------------------------------------------------------


def test_positions_of_every_mask_of_each_half_of_the_grid() -> None:
    """``positions_of`` reads one table per half of the grid (cells 0-7 and 8-15), each
    entry built from that of the mask with its highest cell left out: every mask of each
    half gives its cells' positions, row by row."""
    for first in (0, 8):
        for mask in range(256):
            on = {first + i for i in range(8) if mask >> i & 1}
            k = Kingdom(tuple(Card.ELF if i in on else Card.FOREST for i in range(16)))
            assert k.positions_of(Card.ELF) == tuple(Position.from_index(i) for i in sorted(on))


@given(any_kingdoms)
def test_positions_of_and_count(kingdom: Kingdom) -> None:
    """positions_of/count/unexplored_positions/is_complete agree with the cells, row by row."""
    for card in [*Card, None]:
        expected = tuple(p for p, cell in kingdom.items() if cell is card)
        assert kingdom.positions_of(card) == expected
        assert kingdom.count(card) == len(expected)
    assert kingdom.unexplored_positions == kingdom.positions_of(None)
    assert kingdom.is_complete == (None not in kingdom.cells)
    assert [cell for row in kingdom.rows for cell in row] == list(kingdom.cells)


@given(any_kingdoms, positions, cells)
def test_replace_makes_a_new_kingdom(kingdom: Kingdom, p: Position, cell: Card | None) -> None:
    """replace() returns a Kingdom differing only at ``p``; the original is unchanged."""
    before = kingdom.cells
    new = kingdom.replace(p, cell)
    assert kingdom.cells == before
    assert new[p] is cell
    assert all(new[q] is kingdom[q] for q in map(Position.from_index, range(16)) if q != p)


# --- symmetries of the square ---------------------------------------------------------------


def _probe_maps() -> list[tuple[int, ...]]:
    """The cell map of each of ``symmetries()``, read by following one Forest among Plains."""
    maps: list[list[int]] = [[] for _ in range(8)]
    for i in range(16):
        probe = Kingdom(tuple(Card.FOREST if j == i else Card.PLAIN for j in range(16)))
        images = probe.symmetries()
        assert len(images) == 8
        for t, image in enumerate(images):
            maps[t].append(image.cells.index(Card.FOREST))
    return [tuple(m) for m in maps]


def test_symmetries_are_the_dihedral_group() -> None:
    """symmetries() applies 8 distinct maps, itself first, that keep adjacency and form a group."""
    maps = _probe_maps()
    identity = tuple(range(16))
    assert maps[0] == identity
    assert len(set(maps)) == 8
    assert set(maps) == {ref.cell_map(s) for s in ref.SQUARE_SYMMETRIES.values()}
    for m in maps:
        assert sorted(m) == list(range(16))  # a permutation of the cells
        for i, j in itertools.combinations(range(16), 2):
            assert ref.adjacent(i, j) == ref.adjacent(m[i], m[j])
    for a, b in itertools.product(maps, repeat=2):
        assert tuple(a[b[i]] for i in range(16)) in maps  # closed under composition


@given(any_kingdoms)
def test_symmetries_of_any_kingdom(kingdom: Kingdom) -> None:
    """symmetries() gives the images of the Kingdom under the 8 symmetries written in the test."""
    expected = sorted(str(ref.transform(kingdom, s)) for s in ref.SQUARE_SYMMETRIES.values())
    images = kingdom.symmetries()
    assert images[0] == kingdom
    assert sorted(str(k) for k in images) == expected


# --- value semantics ------------------------------------------------------------------------


@given(any_kingdoms)
def test_kingdom_equal_and_hashed_by_value(kingdom: Kingdom) -> None:
    """Kingdoms built separately from the same cells are equal, hash alike and are one dict key."""
    twin = Kingdom.parse(str(kingdom))
    assert twin == kingdom
    assert not twin != kingdom  # noqa: SIM202 - __ne__ is defined separately
    assert twin is not kingdom
    assert hash(twin) == hash(kingdom)
    assert len({kingdom: 1, twin: 2}) == 1


@given(any_kingdoms, any_kingdoms)
def test_different_kingdoms_are_unequal(a: Kingdom, b: Kingdom) -> None:
    """Kingdoms are equal exactly when their cells are."""
    assert (a == b) == (a.cells == b.cells)
    assert (a != b) == (a.cells != b.cells)


def test_kingdom_is_not_equal_to_its_text() -> None:
    """A Kingdom is not equal to its notation string or its cells tuple."""
    k = Kingdom.parse("FEOM/HPWM/SGDO/PPHS")
    assert k != "FEOM/HPWM/SGDO/PPHS"
    assert k != k.cells


def test_kingdom_is_frozen() -> None:
    """Immutability: a Kingdom's cells cannot be set, and cells is a tuple."""
    k = Kingdom.parse("FEOM/HPWM/SGDO/PPHS")
    with pytest.raises(AttributeError):
        k.cells = (None,) * 16  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        attrs.evolve(k).__setattr__("cells", ())
    assert isinstance(k.cells, tuple)
    assert str(k) == "FEOM/HPWM/SGDO/PPHS"


def test_two_word_names_read_in_a_kingdom() -> None:
    """The two-word names of the notation ("magical portal", "unexplored land") read inside
    a row as one card each, next to letters and one-word names."""
    kingdom = Kingdom.parse("Magical Portal elf unexplored land M/HPWM/SGDO/PPHS")
    assert str(kingdom) == "OE?M/HPWM/SGDO/PPHS"
    assert Kingdom.parse(kingdom.pretty()) == kingdom


@pytest.mark.parametrize("card", ["F", 3, Position(0, 0)])
def test_cell_queries_reject_what_is_not_a_cell(card: object) -> None:
    """count and positions_of take a Card or None; anything else is the library's
    DrakoTypeError (a TypeError), with a hint to use Card.parse."""
    kingdom = Kingdom.parse("FEOM/HPWM/SGDO/PPHS")
    for query in (kingdom.count, kingdom.positions_of):
        with pytest.raises(DrakoTypeError, match=r"Card\.parse") as info:
            query(card)  # type: ignore[arg-type]
        assert isinstance(info.value, TypeError) and isinstance(info.value, DrakoError)


@pytest.mark.parametrize(
    "text",
    [
        "FEOM/" * 2_000,  # 2,001 rows
        "F" * 10_000,  # one row of 10,000 cards
        "FEOM/HPWM/SGDO/" + "X" * 10_000,  # an unknown card 10,000 letters long
        "FEOM/HPWM/SGDO/PP" + "H" * 10_000,  # a row far too long
        "FEOM//HPWM/SGDO/" + "P" * 10_000,  # an empty row in a long text
    ],
)
def test_parse_errors_quote_a_short_prefix_of_huge_text(text: str) -> None:
    """Whatever the size of the text, a notation error quotes a short escaped prefix of it
    (the bounded-messages standard): the message stays under 300 characters."""
    with pytest.raises(NotationError) as caught:
        Kingdom.parse(text)
    assert len(str(caught.value)) < 300, str(caught.value)[:400]


@pytest.mark.parametrize(
    "build",
    [
        lambda: Position.parse("9" * 10_000),
        lambda: Position.from_index(10**5000),
        lambda: Kingdom([Card.FOREST] * 10_000),
        lambda: Kingdom.parse("FEOM/HPWM/SGDO/PPHS").replace(Position(0, 0), "x" * 10_000),  # type: ignore[arg-type]
    ],
)
def test_value_errors_quote_a_short_prefix(build: object) -> None:
    """Positions and Kingdoms built from huge values say so in a short message."""
    assert callable(build)
    with pytest.raises(DrakoError) as caught:
        build()
    assert len(str(caught.value)) < 300, str(caught.value)[:400]
