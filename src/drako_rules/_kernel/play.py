"""A game on plain integers (R2.5, R2.6, R3.2–R3.5, R6.1–R6.5, R7.1, R7.2): the kernel's
game state and its transitions, one function per kind of move.

A prototype of issue 23's design ("a GameState may hold the kernel's state and derive its
public fields from it"): the engine does not use it yet. Its transitions are checked
against ``game.transitions.apply_move`` on every state of random games
(``tests/test_kernel_play.py``) and measured in ``benchmarks``-style side by side runs
(the figures are in the session's notes).

A `Core` is a tuple, fields by index:

- ``SEAT``: the seat to move; ``PHASE``: a phase code of ``turns``; ``TURN``: the turn;
- ``DRAW``, ``DISCARD``: the piles as card codes, top last;
- ``ROW``, ``DECK``: the legend row and deck as indices of ``LEGENDS``, deck top last;
- ``CODES``: per seat, the 16 cell codes of its Kingdom (``UNEXPLORED`` for a hidden cell);
- ``MASKS``: per seat, the masks by code of its Kingdom (``board.CODES`` of them);
- ``HIDDEN``: per seat, the 16 codes of the cards under its Unexplored Lands (``NONE``
  elsewhere), or ``()`` once nothing is hidden;
- ``CLAIMS``: per seat, the indices of the Legends it claimed, in order;
- ``HANDS``: per seat, the codes of its starting cards until it arranged them (R2.5);
- ``DRAWN``: the code of the drawn card, or ``NONE``; ``CLAIMED``: 1 if a Legend was
  claimed this turn; ``RESHUFFLES``: how many times the discard pile was reshuffled;
- ``ROW_MASK``: the row as a mask of Legend bits; ``MET``: per seat, the Legends its
  revealed Kingdom meets, as a mask (R6.4).

Every transition returns ``(refusal, core)``: ``refusal`` is ``OK`` or the code of the
rule the move breaks, and the core is then the one given.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from drako_rules._kernel.board import CENTRE_CELLS, CODES, UNEXPLORED
from drako_rules._kernel.legends import legends_mask
from drako_rules._kernel.turns import (
    AFTER_CARD,
    ARRANGE,
    BEFORE_CARD,
    DRAWN,
    OVER,
    after_card_action,
    can_draw,
    discard_replaced,
    next_seat,
    open_cells,
    refill_row,
    reshuffle_split,
)

__all__ = [
    "CLAIMED_AGAIN",
    "NONE",
    "NOT_IN_ROW",
    "NOT_NOW",
    "NO_DRAW",
    "NO_REVEAL",
    "OK",
    "UNMET",
    "Core",
    "arrange",
    "claim",
    "draw",
    "end",
    "needs_reshuffle",
    "place",
    "reveal",
    "take",
]

#: No card (no drawn card; no hidden card under a cell).
NONE: Final = -1

# Field indices of a Core.
SEAT: Final = 0
PHASE: Final = 1
TURN: Final = 2
DRAW: Final = 3
DISCARD: Final = 4
ROW: Final = 5
DECK: Final = 6
CELL_CODES: Final = 7
MASKS: Final = 8
HIDDEN: Final = 9
CLAIMS: Final = 10
HANDS: Final = 11
DRAWN_CARD: Final = 12
CLAIMED: Final = 13
RESHUFFLES: Final = 14
ROW_MASK: Final = 15
MET: Final = 16
FIRST: Final = 17

# Refusals: why a move is not legal now.
OK: Final = 0
#: Not the phase for this kind of move (R2.5, R3.1, R3.3, R6.1).
NOT_NOW: Final = 1
#: The card may not go on that cell (R3.4b–d).
NO_PLACE: Final = 2
#: Nothing to draw, nothing to reshuffle (R3.5).
NO_DRAW: Final = 3
#: The cell is no Unexplored Land (R3.3).
NO_REVEAL: Final = 4
#: A Legend was claimed already this turn (R6.1).
CLAIMED_AGAIN: Final = 5
#: The Legend is not in the row (R6.1).
NOT_IN_ROW: Final = 6
#: The revealed Kingdom does not meet the Legend (R6.1, R6.4).
UNMET: Final = 7

Ints = tuple[int, ...]
Core = tuple[
    int,  # SEAT
    int,  # PHASE
    int,  # TURN
    Ints,  # DRAW
    Ints,  # DISCARD
    Ints,  # ROW
    Ints,  # DECK
    tuple[Ints, ...],  # CELL_CODES
    tuple[Ints, ...],  # MASKS
    tuple[Ints, ...],  # HIDDEN
    tuple[Ints, ...],  # CLAIMS
    tuple[Ints, ...],  # HANDS
    int,  # DRAWN_CARD
    int,  # CLAIMED
    int,  # RESHUFFLES
    int,  # ROW_MASK
    Ints,  # MET
    int,  # FIRST
]
Result = tuple[int, Core]


def _at(items: tuple[Ints, ...], seat: int, item: Ints) -> tuple[Ints, ...]:
    changed = [*items]
    changed[seat] = item
    return tuple(changed)


def _masks_of(codes: Ints) -> Ints:
    masks = [0] * CODES
    for i, code in enumerate(codes):
        masks[code] |= 1 << i
    return tuple(masks)


def arrange(c: Core, order: Sequence[int], through: tuple[bool, ...]) -> Result:
    """R2.5, R2.6: the player to move puts its 4 starting cards in the centre cells in
    ``order`` (indices into its hand); after the last seat, the draw pile's top starts the
    discard pile and the first turn begins."""
    if c[PHASE] != ARRANGE:
        return NOT_NOW, c
    seat = c[SEAT]
    hand = c[HANDS][seat]
    cells = [UNEXPLORED] * 16
    for cell, index in zip(CENTRE_CELLS, order, strict=True):
        cells[cell] = hand[index]
    codes = tuple(cells)
    masks = _masks_of(codes)
    met = [*c[MET]]
    met[seat] = legends_mask(masks, through)
    following = next_seat(seat, len(met))
    draw, discard, phase, turn = c[DRAW], c[DISCARD], c[PHASE], c[TURN]
    if following == c[FIRST]:  # R2.6
        draw, discard, phase, turn = draw[:-1], (draw[-1],), BEFORE_CARD, 1
    return OK, (
        following,
        phase,
        turn,
        draw,
        discard,
        c[ROW],
        c[DECK],
        _at(c[CELL_CODES], seat, codes),
        _at(c[MASKS], seat, masks),
        c[HIDDEN],
        c[CLAIMS],
        _at(c[HANDS], seat, ()),
        c[DRAWN_CARD],
        c[CLAIMED],
        c[RESHUFFLES],
        c[ROW_MASK],
        tuple(met),
        c[FIRST],
    )


def _after_card(
    c: Core, i: int, code: int, hidden: tuple[Ints, ...], discard: Ints, through: tuple[bool, ...]
) -> Result:
    """The state after the card action of the player to move put ``code`` on cell ``i``
    (R3, R6.1, R6.4, R6.5; R7.1, R7.2 when no Unexplored Land is left: every
    hidden card turned over, as ``turns.turned_over`` does for cards)."""
    seat = c[SEAT]
    codes = [*c[CELL_CODES][seat]]
    old = codes[i]
    codes[i] = code
    masks = [*c[MASKS][seat]]
    bit = 1 << i
    masks[old] ^= bit
    masks[code] |= bit
    met = [*c[MET]]
    met[seat] = legends_mask(masks, through, 1 << old | 1 << code, met[seat])
    all_codes = _at(c[CELL_CODES], seat, tuple(codes))
    all_masks = _at(c[MASKS], seat, tuple(masks))
    phase, to_move = after_card_action(
        masks, bool(c[CLAIMED]), met[seat] & c[ROW_MASK], seat, len(met)
    )
    turn = c[TURN]
    claimed = 0
    if phase == OVER:  # R7.2: every hidden card is revealed.
        claimed = c[CLAIMED]
        revealed_codes = []
        revealed_masks = []
        for s, (kingdom, under) in enumerate(zip(all_codes, hidden, strict=True)):
            if under:
                kingdom = tuple(
                    [h if k == UNEXPLORED else k for k, h in zip(kingdom, under, strict=True)]
                )
            revealed_codes.append(kingdom)
            revealed_masks.append(_masks_of(kingdom) if under else all_masks[s])
        all_codes = tuple(revealed_codes)
        all_masks = tuple(revealed_masks)
        hidden = ((),) * len(met)
        met = [legends_mask(m, through) for m in all_masks]
    elif phase == BEFORE_CARD:
        turn += 1
    return OK, (
        to_move,
        phase,
        turn,
        c[DRAW],
        discard,
        c[ROW],
        c[DECK],
        all_codes,
        all_masks,
        hidden,
        c[CLAIMS],
        c[HANDS],
        NONE,
        claimed,
        c[RESHUFFLES],
        c[ROW_MASK],
        tuple(met),
        c[FIRST],
    )


def _replace(c: Core, i: int, code: int, taken: bool, through: tuple[bool, ...]) -> Result:
    """Put the card of ``code`` on cell ``i`` if it may go there (R3.4b–d); the replaced
    card goes on top of the discard pile (R3.4a, R3.4d)."""
    seat = c[SEAT]
    if not open_cells(c[MASKS][seat], code) >> i & 1:
        return NO_PLACE, c
    old = c[CELL_CODES][seat][i]
    hidden = c[HIDDEN]
    if old == UNEXPLORED:  # R3.4d: it goes to the discard pile revealed.
        under = [*hidden[seat]]
        old = under[i]
        under[i] = NONE
        hidden = _at(hidden, seat, tuple(under))
    return _after_card(c, i, code, hidden, discard_replaced(c[DISCARD], old, taken), through)


def take(c: Core, i: int, through: tuple[bool, ...]) -> Result:
    """R3.2: take the discard pile's top onto cell ``i`` (R3.4)."""
    if c[PHASE] != BEFORE_CARD:
        return NOT_NOW, c
    return _replace(c, i, c[DISCARD][-1], True, through)


def place(c: Core, i: int, through: tuple[bool, ...]) -> Result:
    """R3.3, R3.4: place the drawn card on cell ``i``."""
    if c[PHASE] != DRAWN:
        return NOT_NOW, c
    return _replace(c, i, c[DRAWN_CARD], False, through)


def reveal(c: Core, i: int, through: tuple[bool, ...]) -> Result:
    """R3.3: discard the drawn card face up and reveal the Unexplored Land of cell ``i``."""
    if c[PHASE] != DRAWN:
        return NOT_NOW, c
    seat = c[SEAT]
    if c[CELL_CODES][seat][i] != UNEXPLORED:
        return NO_REVEAL, c
    under = [*c[HIDDEN][seat]]
    found = under[i]
    under[i] = NONE
    hidden = _at(c[HIDDEN], seat, tuple(under))
    return _after_card(c, i, found, hidden, (*c[DISCARD], c[DRAWN_CARD]), through)


def needs_reshuffle(c: Core) -> Ints:
    """The cards a draw now shuffles into a new draw pile (R3.5): none while the draw pile
    has a card, else every card of the discard pile but its top. The engine shuffles them
    with its seeded shuffle and passes the order to `draw`."""
    if c[DRAW]:
        return ()
    return reshuffle_split(c[DISCARD])[0]


def draw(c: Core, shuffled: Ints) -> Result:
    """R3.3, R3.5: draw the top of the draw pile; when it is empty, the discard pile but
    its top becomes the draw pile in the order ``shuffled`` (see `needs_reshuffle`)."""
    if c[PHASE] != BEFORE_CARD:
        return NOT_NOW, c
    pile, discard, reshuffles = c[DRAW], c[DISCARD], c[RESHUFFLES]
    if not pile:
        if not can_draw(0, len(discard)):
            return NO_DRAW, c
        pile, discard, reshuffles = shuffled, reshuffle_split(discard)[1], reshuffles + 1
    return OK, (
        c[SEAT],
        DRAWN,
        c[TURN],
        pile[:-1],
        discard,
        c[ROW],
        c[DECK],
        c[CELL_CODES],
        c[MASKS],
        c[HIDDEN],
        c[CLAIMS],
        c[HANDS],
        pile[-1],
        c[CLAIMED],
        reshuffles,
        c[ROW_MASK],
        c[MET],
        c[FIRST],
    )


def claim(c: Core, legend: int) -> Result:
    """R6.1–R6.3, R6.5: claim the Legend of index ``legend`` if it is in the row and met;
    after the card action the turn then passes."""
    phase = c[PHASE]
    if phase != BEFORE_CARD and phase != AFTER_CARD:
        return NOT_NOW, c
    if c[CLAIMED]:
        return CLAIMED_AGAIN, c
    row = c[ROW]
    if legend not in row:
        return NOT_IN_ROW, c
    seat = c[SEAT]
    if not c[MET][seat] >> legend & 1:
        return UNMET, c
    row, deck = refill_row(row, c[DECK], row.index(legend))  # R6.2
    row_mask = 0
    for index in row:
        row_mask |= 1 << index
    claims = _at(c[CLAIMS], seat, (*c[CLAIMS][seat], legend))
    turn = c[TURN]
    if phase == AFTER_CARD:  # R6.5
        to_move, phase, turn, claimed = next_seat(seat, len(claims)), BEFORE_CARD, turn + 1, 0
    else:
        to_move, claimed = seat, 1
    return OK, (
        to_move,
        phase,
        turn,
        c[DRAW],
        c[DISCARD],
        row,
        deck,
        c[CELL_CODES],
        c[MASKS],
        c[HIDDEN],
        claims,
        c[HANDS],
        c[DRAWN_CARD],
        claimed,
        c[RESHUFFLES],
        row_mask,
        c[MET],
        c[FIRST],
    )


def end(c: Core) -> Result:
    """R6.1, R6.5: end the turn after the card action without claiming a Legend."""
    if c[PHASE] != AFTER_CARD:
        return NOT_NOW, c
    return OK, (
        next_seat(c[SEAT], len(c[MET])),
        BEFORE_CARD,
        c[TURN] + 1,
        c[DRAW],
        c[DISCARD],
        c[ROW],
        c[DECK],
        c[CELL_CODES],
        c[MASKS],
        c[HIDDEN],
        c[CLAIMS],
        c[HANDS],
        c[DRAWN_CARD],
        0,
        c[RESHUFFLES],
        c[ROW_MASK],
        c[MET],
        c[FIRST],
    )
