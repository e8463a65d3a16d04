"""A player's 4×4 Kingdom (R4.1) and its notation (``FEOM/HPWM/SGDO/PPHS``).

A `Kingdom` is immutable:
`Kingdom.replace` gives a new one. Each cell holds a
`Card` or ``None`` for an Unexplored Land (R2.4, R4.6).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Iterator
from typing import Final, SupportsIndex, TypeAlias

import attrs

from drako_rules._kernel.board import (
    CARD_OF_CODE,
    CELLS,
    CODE_OF,
    CODES,
    NEIGHBOURS,
    SIDE,
    UNEXPLORED,
)
from drako_rules.cards import Card
from drako_rules.errors import DrakoTypeError, NotationError, quote
from drako_rules.notation import kingdom_cells

__all__ = ["POSITIONS", "SIZE", "Cell", "Kingdom", "Position"]

#: The side of the square Kingdom (R4.1).
SIZE: Final = SIDE
_CELLS: Final = CELLS

#: What a Kingdom cell holds: a revealed card, or ``None`` for an Unexplored Land.
Cell: TypeAlias = Card | None


def _check_coordinate(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SIZE:
        raise NotationError(
            f"{attribute.name} must be an integer from 0 to {SIZE - 1}, not {quote(value)} (R4.1)"
        )


@attrs.frozen(order=True, repr=False)
class Position:
    """A cell of a Kingdom: ``row`` 0–3 from the top, ``col`` 0–3 from the left (R4.1).

    Examples:
        >>> Position(1, 2)
        Position(1, 2)
        >>> Position(1, 2).index, Position.from_index(6)
        (6, Position(1, 2))
        >>> str(Position(1, 2))
        '(1,2)'
    """

    row: int = attrs.field(validator=_check_coordinate)
    col: int = attrs.field(validator=_check_coordinate)
    index: int = attrs.field(init=False, eq=False, order=False, repr=False)
    """The cell number 0–15, row by row (as in the [worked examples](../rules.md#examples));
    derived from the row and the column, and kept, since the engine reads it at every move."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", self.row * SIZE + self.col)

    @staticmethod
    def from_index(index: SupportsIndex) -> Position:
        """The position of cell number ``index`` (0–15, row by row).

        Raises:
            NotationError: ``index`` is not in 0–15.
        """
        if not isinstance(index, bool) and not hasattr(index, "__index__"):
            raise DrakoTypeError(f"a cell number is an integer, not {quote(index)} (R4.1)")
        i = operator.index(index) if not isinstance(index, bool) else -1
        if not 0 <= i < _CELLS:
            raise NotationError(f"a cell number is 0 to {_CELLS - 1}, not {quote(index)} (R4.1)")
        return POSITIONS[i]

    @staticmethod
    def parse(text: str) -> Position:
        """Read ``"1,2"``, ``"(1, 2)"`` or ``"1 2"`` (row then column, 0-based).

        Raises:
            NotationError: the text is not two coordinates from 0 to 3.
        """
        if not isinstance(text, str):
            raise NotationError(f"a position must be text, not {type(text).__name__}")
        m = (
            re.fullmatch(r"\s*\(?\s*(\d+)\s*[, ]\s*(\d+)\s*\)?\s*", text)
            if len(text) <= _POSITION_TEXT
            else None
        )
        if m is None:
            raise NotationError(
                f"cannot read a position from {quote(text)}: expected 'row,col', each 0 to "
                f"{SIZE - 1} (R4.1)"
            )
        row, col = m.group(1, 2)
        if len(row) > 2 or len(col) > 2:  # never convert thousands of digits
            raise NotationError(
                f"a coordinate is 0 to {SIZE - 1}, not {quote(row if len(row) > 2 else col)} (R4.1)"
            )
        return Position(int(row), int(col))

    def neighbours(self) -> tuple[Position, ...]:
        """The orthogonally adjacent positions, up, left, right, down (R4.1)."""
        return tuple(POSITIONS[i] for i in NEIGHBOURS[self.index])

    def describe(self) -> str:
        """The position in a player's words, counted from 1 at the top left:
        ``Position(0, 2).describe() == "row 1, column 3"``."""
        return f"row {self.row + 1}, column {self.col + 1}"

    def __repr__(self) -> str:
        return f"Position({self.row}, {self.col})"

    def __str__(self) -> str:
        return f"({self.row},{self.col})"


#: The longest text ``Position.parse`` reads: ``" ( 3 , 3 ) "`` with room for blanks.
_POSITION_TEXT: Final = 40

#: The 16 positions, row by row: ``POSITIONS[i].index == i``.
POSITIONS: Final[tuple[Position, ...]] = tuple(Position(i // SIZE, i % SIZE) for i in range(_CELLS))


def _positions_of_masks(first: int) -> tuple[tuple[Position, ...], ...]:
    """For every mask ``m`` of 8 bits, the positions of the cells ``first + i`` for the bits
    ``i`` set in ``m``, in order: those of ``m`` without its highest bit, then that one's."""
    out: list[tuple[Position, ...]] = [()]
    for m in range(1, 256):
        high = m.bit_length() - 1
        out.append((*out[m ^ 1 << high], POSITIONS[first + high]))
    return tuple(out)


#: ``_POSITIONS_LO[m]``: the positions of the cells 0-7 set in the mask ``m`` (0-255), in
#: order; ``_POSITIONS_HI[m]`` the same for cells 8-15 (``m`` is the mask shifted by 8).
_POSITIONS_LO: Final = _positions_of_masks(0)
_POSITIONS_HI: Final = _positions_of_masks(8)


def _code(card: object) -> int:
    """The table code of a cell value, or the library's error for anything else."""
    try:
        return CODE_OF[card]  # type: ignore[index]
    except (KeyError, TypeError):
        raise DrakoTypeError(
            f"a Kingdom cell is a Card or None (Unexplored Land), not {quote(card)}; "
            "Card.parse reads a letter or name"
        ) from None


def _to_cells(value: Iterable[Cell]) -> tuple[Cell, ...]:
    if isinstance(value, str):
        raise NotationError("build a Kingdom from text with Kingdom.parse, not Kingdom(...)")
    try:
        return tuple(value)
    except TypeError:
        raise NotationError(f"a Kingdom is built from 16 cells, not {quote(value)}") from None


def _bad_cells(cells: tuple[object, ...]) -> NotationError:
    """The error for cells that are not 16 of ``Card`` or ``None``, saying which cell is wrong."""
    if len(cells) != _CELLS:
        return NotationError(f"a Kingdom has exactly {_CELLS} cells (R4.1), got {quote(cells)}")
    i, cell = next((i, c) for i, c in enumerate(cells) if c is not None and not isinstance(c, Card))
    return NotationError(
        f"cell {POSITIONS[i]} holds {quote(cell)}: a Kingdom cell is a Card or None (Unexplored Land)"
    )


#: ``_CODE[card]``: the code of a cell (``CODE_OF.__getitem__``, bound once).
_CODE: Final = CODE_OF.__getitem__
#: ``_BIT[i]``: the bit of cell ``i`` in a 16-bit mask.
_BIT: Final = tuple(1 << i for i in range(_CELLS))
#: ``_WEIGHT[k]``: the weight of the ``k``-th cell of a line in its code (base ``CODES``).
_WEIGHT: Final = tuple(CODES ** (SIZE - 1 - k) for k in range(SIZE))


def _derive(codes: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cell masks of each code and the codes of the 8 lines (see `Kingdom`).

    Written out cell by cell: this runs for every Kingdom built, and the unrolled form
    takes about half the time of a loop over the cells.
    """
    c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15 = codes
    m = [0] * CODES
    m[c0] |= 1 << 0
    m[c1] |= 1 << 1
    m[c2] |= 1 << 2
    m[c3] |= 1 << 3
    m[c4] |= 1 << 4
    m[c5] |= 1 << 5
    m[c6] |= 1 << 6
    m[c7] |= 1 << 7
    m[c8] |= 1 << 8
    m[c9] |= 1 << 9
    m[c10] |= 1 << 10
    m[c11] |= 1 << 11
    m[c12] |= 1 << 12
    m[c13] |= 1 << 13
    m[c14] |= 1 << 14
    m[c15] |= 1 << 15
    n = CODES
    lines = (
        ((c0 * n + c1) * n + c2) * n + c3,  # rows, top first
        ((c4 * n + c5) * n + c6) * n + c7,
        ((c8 * n + c9) * n + c10) * n + c11,
        ((c12 * n + c13) * n + c14) * n + c15,
        ((c0 * n + c4) * n + c8) * n + c12,  # columns, left first
        ((c1 * n + c5) * n + c9) * n + c13,
        ((c2 * n + c6) * n + c10) * n + c14,
        ((c3 * n + c7) * n + c11) * n + c15,
    )
    return tuple(m), lines


#: A Kingdom's tables, derived from its cells: ``(codes, masks, line_codes)`` (see
#: `Kingdom`).
KingdomTables: TypeAlias = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _tables_of(cells: tuple[Cell, ...]) -> KingdomTables:
    """The tables of 16 cells, or the library's error for cells that are not 16 of
    ``Card`` or ``None``."""
    try:
        codes = tuple(map(_CODE, cells))
    except (KeyError, TypeError):  # not a Card or None (TypeError: unhashable)
        raise _bad_cells(cells) from None
    if len(codes) != _CELLS:
        raise _bad_cells(cells)
    masks, lines = _derive(codes)
    return codes, masks, lines


@attrs.frozen(init=False, repr=False, eq=False)
class Kingdom:
    """A 4×4 Kingdom: 16 cells, row by row, each a `Card` or
    ``None`` (Unexplored).

    Build one with `parse` from the notation, or from
    16 cells. Kingdoms compare and hash by value and never change. A Kingdom is indexed by
    position and iterates like the tuple of its cells: ``len(k)`` is 16, ``list(k)`` gives
    the 16 cells in reading order (row by row, each from the left) and ``card in k`` asks
    whether a cell holds that card; `items` pairs each
    cell with its position.

    Examples:
        >>> k = Kingdom.parse("FEOM/HPWM/SGDO/PPHS")
        >>> k[Position(0, 1)], k[2, 2]
        (<Card.ELF: 'E'>, <Card.DRAGON: 'D'>)
        >>> len(k), list(k)[:2], Card.DRAGON in k
        (16, [<Card.FOREST: 'F'>, <Card.ELF: 'E'>], True)
        >>> str(k.replace(Position(0, 0), None))
        '?EOM/HPWM/SGDO/PPHS'
        >>> k
        Kingdom.parse('FEOM/HPWM/SGDO/PPHS')
    """

    cells: tuple[Cell, ...]
    codes: tuple[int, ...] = attrs.field(init=False)
    """Read-only table: ``codes[i]`` is the code of cell ``i`` (``board.CODE_OF``)."""
    masks: tuple[int, ...] = attrs.field(init=False)
    """Read-only table: ``masks[code]`` is the 16-bit mask of the cells holding that code
    (``masks[Card.PORTAL.index]``: the revealed Portals; ``masks[board.UNEXPLORED]``:
    the Unexplored Lands)."""
    line_codes: tuple[int, ...] = attrs.field(init=False)
    """Read-only table: the codes of each row (top first), then each column (left first),
    as a number of four digits in base ``board.CODES``, first cell most significant."""

    def __init__(self, cells: Iterable[Cell], *, derived: KingdomTables | None = None) -> None:
        """The Kingdom of 16 cells, row by row.

        ``derived`` is for `replace` only: the
        tables ``(codes, masks, line_codes)`` of these cells, which it updated from the
        Kingdom it changed. Left out, they are derived here from the cells, which are
        checked.

        Raises:
            NotationError: the cells are not 16 of ``Card`` or ``None``.
        """
        if derived is None:
            cells = _to_cells(cells)
            derived = _tables_of(cells)
        # The fields, set once here as attrs sets a frozen class's fields.
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "codes", derived[0])
        object.__setattr__(self, "masks", derived[1])
        object.__setattr__(self, "line_codes", derived[2])

    # -- construction -----------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Kingdom:
        """Read a Kingdom from its [notation](../rules.md#notation).

        Four rows, top first, separated by ``/`` or new lines. A card is its letter or
        English name in any case; ``?`` (or ``unexplored``) is an Unexplored Land. Cards
        of a row may be run together as letters (``FEOM``) or separated by spaces.

        Raises:
            NotationError: the text is not a Kingdom; the message says what is wrong and
                where (row, column, token).

        Examples:
            >>> Kingdom.parse('''
            ...     forest elf    portal mountain
            ...     human  plain  dwarf  mountain
            ...     swamp  goblin dragon portal
            ...     plain  plain  human  swamp
            ... ''') == Kingdom.parse("FEOM/HPWM/SGDO/PPHS")
            True
        """
        return cls(kingdom_cells(text))

    @classmethod
    def from_codes(cls, codes: tuple[int, ...]) -> Kingdom:
        """The Kingdom of 16 cell codes (``board.CODE_OF``: a card of R1.1, or an Unexplored
        Land, R4.6), cells in row order (R4.1), which are not checked: for the game engine,
        which holds its Kingdoms as codes."""
        masks, lines = _derive(codes)
        return cls(tuple(map(CARD_OF_CODE.__getitem__, codes)), derived=(codes, masks, lines))

    @classmethod
    def unexplored(cls) -> Kingdom:
        """A Kingdom of 16 Unexplored Lands (every cell face down)."""
        return cls((None,) * _CELLS)

    # -- reading ----------------------------------------------------------------------

    def __getitem__(self, key: Position | tuple[int, int]) -> Cell:
        """The card at a position (``k[Position(1, 2)]`` or ``k[1, 2]``); ``None`` if Unexplored."""
        if isinstance(key, Position):
            return self.cells[key.row * SIZE + key.col]
        if isinstance(key, tuple) and len(key) == 2:
            return self.cells[Position(*key).index]
        raise NotationError(
            f"index a Kingdom with a Position or (row, col), not {quote(key)}; "
            "cell number i is k.cells[i]"
        )

    def __iter__(self) -> Iterator[Cell]:
        """The 16 cells in reading order (row by row, each from the left), as ``k.cells``.

        A Kingdom reads like the sequence of its cells: ``list(k)`` is ``list(k.cells)``,
        ``len(k)`` is 16 and ``Card.DRAGON in k`` asks whether a Dragon is revealed. The
        cells come without their positions; `items`
        gives the ``(position, cell)`` pairs.
        """
        return iter(self.cells)

    def __len__(self) -> int:
        """16: the number of cells of a Kingdom, Unexplored Lands included (R4.1)."""
        return _CELLS

    def __contains__(self, card: object) -> bool:
        """Whether a cell holds ``card`` (``None``: whether an Unexplored Land is left)."""
        return card in self.cells

    @property
    def rows(self) -> tuple[tuple[Cell, ...], ...]:
        """The four rows, top first."""
        c = self.cells
        return tuple(c[r * SIZE : (r + 1) * SIZE] for r in range(SIZE))

    def items(self) -> Iterator[tuple[Position, Cell]]:
        """Every (position, cell) pair, row by row."""
        return zip(POSITIONS, self.cells, strict=True)

    def positions_of(self, card: Cell) -> tuple[Position, ...]:
        """The positions holding ``card`` (``None``: the Unexplored Lands), row by row."""
        mask = self.masks[_code(card)]
        return _POSITIONS_LO[mask & 0xFF] + _POSITIONS_HI[mask >> 8]

    @property
    def unexplored_positions(self) -> tuple[Position, ...]:
        """The positions of the Unexplored Lands, row by row (R2.4)."""
        return self.positions_of(None)

    @property
    def is_complete(self) -> bool:
        """True when no Unexplored Land is left (R7.1)."""
        return self.masks[UNEXPLORED] == 0

    def count(self, card: Cell) -> int:
        """How many cells hold ``card`` (``None`` counts Unexplored Lands)."""
        return int(self.masks[_code(card)].bit_count())

    # -- changing (by copying) ---------------------------------------------------------

    def replace(self, position: Position, card: Cell) -> Kingdom:
        """A new Kingdom with ``card`` at ``position``; this one is unchanged.

        This is the bare grid operation; whether the rules allow the replacement is for
        the game engine to say (R3.4). The derived tables are updated, not recomputed:
        one cell changes two masks, one row and one column.

        Raises:
            NotationError: ``position`` is not a Position, or ``card`` is not a Card or None.
        """
        if not isinstance(position, Position):
            raise NotationError(f"replace takes a Position, not {quote(position)}")
        row, col, i = position.row, position.col, position.index
        try:
            code = CODE_OF[card]
        except (KeyError, TypeError):
            raise NotationError(
                f"cannot put {quote(card)} at {position}: a Kingdom cell is a Card or None "
                "(Unexplored Land)"
            ) from None
        # Copies changed in one or two places: a list, stores, a tuple (half the cost of a
        # splice; ``[*t]`` costs less than ``list(t)``, a call).
        new_codes = [*self.codes]
        old = new_codes[i]
        new_codes[i] = code
        bit = _BIT[i]
        masks = [*self.masks]
        masks[old] ^= bit
        masks[code] |= bit
        lines = [*self.line_codes]
        delta = code - old
        lines[row] += delta * _WEIGHT[col]
        lines[SIZE + col] += delta * _WEIGHT[row]
        cells = [*self.cells]
        cells[i] = card
        return Kingdom(tuple(cells), derived=(tuple(new_codes), tuple(masks), tuple(lines)))

    def rotate(self) -> Kingdom:
        """The Kingdom turned a quarter turn clockwise (a symmetry of the square)."""
        c = self.cells
        return Kingdom(
            tuple(c[(SIZE - 1 - col) * SIZE + row] for row in range(SIZE) for col in range(SIZE))
        )

    def mirror(self) -> Kingdom:
        """The Kingdom reflected left to right (a symmetry of the square)."""
        c = self.cells
        return Kingdom(
            tuple(c[row * SIZE + (SIZE - 1 - col)] for row in range(SIZE) for col in range(SIZE))
        )

    def symmetries(self) -> tuple[Kingdom, ...]:
        """The 8 images of the Kingdom under the symmetries of the square (itself first)."""
        out: list[Kingdom] = []
        k = self
        for _ in range(4):
            out.append(k)
            out.append(k.mirror())
            k = k.rotate()
        return tuple(out)

    # -- text --------------------------------------------------------------------------

    def __str__(self) -> str:
        """The compact notation: ``FEOM/HPWM/SGDO/PPHS`` (``?`` for Unexplored Lands)."""
        return "/".join("".join("?" if c is None else c.value for c in row) for row in self.rows)

    def __repr__(self) -> str:
        return f"Kingdom.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The Kingdom as a picture, for Jupyter notebooks (see
        `drako_rules.svg.kingdom_svg`)."""
        from drako_rules.svg import kingdom_svg  # lazy: the picture is not needed otherwise

        return kingdom_svg(self)

    def pretty(self) -> str:
        """Four lines of English names, aligned in columns (also valid notation)."""
        names = [["?" if c is None else c.english.lower() for c in row] for row in self.rows]
        width = max(len(n) for row in names for n in row)
        return "\n".join(" ".join(n.ljust(width) for n in row).rstrip() for row in names)

    # -- value semantics ----------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Kingdom):
            return self.codes == other.codes
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, Kingdom):
            return self.codes != other.codes
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.codes)
