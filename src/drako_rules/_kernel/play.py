"""A game on plain integers (R2.5, R2.6, R3.2–R3.5, R6.1–R6.5, R7.1, R7.2): the kernel's
game state and its transitions, one function per kind of move.

``game.state.GameState`` holds a `Core` and derives its public fields from it;
``game.transitions.apply_move`` checks its arguments, calls the transition of the move's
kind here and wraps the core it returns. Every decision is one of ``turns``' (which cells
are open, when the turn passes or the game ends, how the piles and the legend row change)
or ``legends.legends_mask`` (the Legends met, R6.4): this module only threads the state
through them.

A `Core` is a tuple, fields by index:

- ``SEAT``: the seat to move; ``PHASE``: a phase code of ``turns``; ``TURN``: the turn;
- ``DRAW``, ``DISCARD``: the piles as card codes (``board.CODE_OF``), top last;
- ``ROW``, ``DECK``: the legend row and deck as indices of ``board.LEGENDS``, deck top last;
- ``CELL_CODES``: per seat, the 16 cell codes of its Kingdom (``UNEXPLORED`` for a hidden
  cell); ``MASKS``: per seat, the masks by code of its Kingdom (``board.CODES`` of them);
- ``HIDDEN``: per seat, the codes of the cards under its cells (``UNEXPLORED``: none);
- ``CLAIMS``: per seat, the indices of the Legends it claimed, in order;
- ``HANDS``: per seat, the codes of its starting cards until it arranged them (R2.5);
- ``DRAWN_CARD``: the code of the drawn card, ``UNEXPLORED`` for none; ``CLAIMED``: 1 if a
  Legend was claimed this turn, else 0; ``RESHUFFLES``: how many times the discard pile
  was reshuffled (R3.5);
- ``ROW_MASK``: the row as a mask of Legend bits; ``MET``: per seat, the Legends its
  revealed Kingdom meets, as a mask (R6.4);
- ``GAME``: what never changes in a game, shared by all its states: ``(ruleset, seed,
  first player, through)``, where ``through`` is the ruleset's ``legends.THROUGH_PAIRS``
  flags (R4.3, R9.3) and the ruleset is carried, never read, here.

Every transition returns the next core, or the code of why the move is refused now
(`NOT_NOW`, `NO_PLACE`, ...), an ``int``; the core given is never changed.
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
    turned_over,
)

__all__ = [
    "CLAIMED_AGAIN",
    "NOT_IN_ROW",
    "NOT_NOW",
    "NO_CODES",
    "NO_DRAW",
    "NO_PLACE",
    "NO_REVEAL",
    "UNMET",
    "Core",
    "Game",
    "arrange",
    "claim",
    "draw",
    "end",
    "masks_of",
    "needs_reshuffle",
    "place",
    "reveal",
    "row_mask_of",
    "take",
]

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
GAME: Final = 17

# Field indices of a Game.
RULESET: Final = 0
SEED: Final = 1
FIRST: Final = 2
THROUGH: Final = 3

#: A Kingdom's cells with nothing hidden under any (R2.4, R7.2).
NO_CODES: Final = (UNEXPLORED,) * 16

# Refusals: why a move is not legal now (never a Core).
#: Not the phase for this kind of move (R2.5, R3.1, R3.3, R6.1, R7.1).
NOT_NOW: Final = 1
#: The card may not go on that cell (R3.4b, R3.4c).
NO_PLACE: Final = 2
#: Nothing to draw, nothing to reshuffle (R3.5).
NO_DRAW: Final = 3
#: The cell is no Unexplored Land (R3.3).
NO_REVEAL: Final = 4
#: A Legend was claimed already this turn (R6.1).
CLAIMED_AGAIN: Final = 5
#: The Legend is not in the row (R6.1, R6.3).
NOT_IN_ROW: Final = 6
#: The revealed Kingdom does not meet the Legend (R6.1, R6.4).
UNMET: Final = 7

Ints = tuple[int, ...]
#: What never changes in a game: ``(ruleset, seed, first player, through)``.
Game = tuple[object, int, int, tuple[bool, ...]]
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
    Game,  # GAME
]


def _at(items: tuple[Ints, ...], seat: int, item: Ints) -> tuple[Ints, ...]:
    """``items`` with ``item`` at ``seat``."""
    changed = [*items]
    changed[seat] = item
    return tuple(changed)


def masks_of(codes: Ints) -> Ints:
    """The masks by code of a Kingdom of cell codes ``codes`` (``board.CODES`` masks)."""
    masks = [0] * CODES
    for i, code in enumerate(codes):
        masks[code] |= 1 << i
    return tuple(masks)


def row_mask_of(row: Ints) -> int:
    """The ``ROW_MASK`` of a legend row of Legend indices ``row``: bit ``i`` for each
    Legend ``i`` of the row (R2.2, R6.2)."""
    row_mask = 0
    for index in row:
        row_mask |= 1 << index
    return row_mask


def arrange(c: Core, order: Sequence[int]) -> Core | int:
    """R2.5, R2.6: the player to move puts its 4 starting cards in the centre cells in
    ``order`` (indices into its hand); after the last seat, the draw pile's top starts the
    discard pile and the first turn begins (R2.7)."""
    (seat, phase, turn, draw, discard, row, deck, codes, masks, hidden, claims, hands, drawn,
     claimed, reshuffles, row_mask, met, game) = c  # fmt: skip
    if phase != ARRANGE:
        return NOT_NOW
    hand = hands[seat]
    cells = [UNEXPLORED] * 16
    for cell, index in zip(CENTRE_CELLS, order, strict=True):
        cells[cell] = hand[index]
    mine = tuple(cells)
    mine_masks = masks_of(mine)
    following = next_seat(seat, len(met))
    if following == game[FIRST]:  # R2.6
        draw, discard, phase, turn = draw[:-1], (draw[-1],), BEFORE_CARD, 1
    met_at = [*met]
    met_at[seat] = legends_mask(mine_masks, game[THROUGH])
    return (
        following,
        phase,
        turn,
        draw,
        discard,
        row,
        deck,
        _at(codes, seat, mine),
        _at(masks, seat, mine_masks),
        hidden,
        claims,
        _at(hands, seat, ()),
        drawn,
        claimed,
        reshuffles,
        row_mask,
        tuple(met_at),
        game,
    )


def _after_card(c: Core, i: int, code: int, hidden: tuple[Ints, ...], discard: Ints) -> Core:
    """The state after the card action of the player to move put ``code`` on cell ``i``,
    leaving ``hidden`` and ``discard``: the Legends met checked again for what changed
    (R6.4), then ``turns.after_card_action`` decides what follows (R6.1, R6.5, R7.1); when
    the game ends every hidden card is turned over (R7.2, ``turns.turned_over``)."""
    (seat, phase, turn, draw, _discard, row, deck, all_codes, all_masks, _hidden, claims,
     hands, _drawn, claimed, reshuffles, row_mask, met, game) = c  # fmt: skip
    codes = [*all_codes[seat]]
    old = codes[i]
    codes[i] = code
    masks = [*all_masks[seat]]
    bit = 1 << i
    masks[old] ^= bit
    masks[code] |= bit
    through = game[THROUGH]
    met_at = [*met]
    mine = met_at[seat] = legends_mask(masks, through, 1 << old | 1 << code, met_at[seat])
    all_codes = _at(all_codes, seat, tuple(codes))
    all_masks = _at(all_masks, seat, tuple(masks))
    phase, to_move = after_card_action(masks, claimed == 1, mine & row_mask, seat, len(met))
    if phase == OVER:  # R7.2: every hidden card is revealed; the seat and claim stay.
        turned = []
        turned_masks = []
        for kingdom, kingdom_masks, under in zip(all_codes, all_masks, hidden, strict=True):
            if under != NO_CODES:
                kingdom = turned_over(kingdom, under)
                kingdom_masks = masks_of(kingdom)
            turned.append(kingdom)
            turned_masks.append(kingdom_masks)
        return (
            to_move,
            OVER,
            turn,
            draw,
            discard,
            row,
            deck,
            tuple(turned),
            tuple(turned_masks),
            (NO_CODES,) * len(met),
            claims,
            hands,
            UNEXPLORED,
            claimed,
            reshuffles,
            row_mask,
            tuple([legends_mask(m, through) for m in turned_masks]),
            game,
        )
    return (
        to_move,
        phase,
        turn + 1 if phase == BEFORE_CARD else turn,
        draw,
        discard,
        row,
        deck,
        all_codes,
        all_masks,
        hidden,
        claims,
        hands,
        UNEXPLORED,
        0,  # R6.1: no Legend claimed yet when the player still decides
        reshuffles,
        row_mask,
        tuple(met_at),
        game,
    )


def _replace(c: Core, i: int, code: int, taken: bool) -> Core | int:
    """Put the card of ``code`` on cell ``i`` if it may go there (R3.4b–d, ``open_cells``);
    the replaced card goes on top of the discard pile (R3.4a), an Unexplored Land revealed
    (R3.4d)."""
    seat = c[SEAT]
    if not open_cells(c[MASKS][seat], code) >> i & 1:
        return NO_PLACE
    old = c[CELL_CODES][seat][i]
    hidden = c[HIDDEN]
    if old == UNEXPLORED:  # R3.4d: the card under it goes to the discard pile, revealed.
        under = [*hidden[seat]]
        old = under[i]
        under[i] = UNEXPLORED
        hidden = _at(hidden, seat, tuple(under))
    return _after_card(c, i, code, hidden, discard_replaced(c[DISCARD], old, taken))


def take(c: Core, i: int) -> Core | int:
    """R3.2: take the discard pile's top onto cell ``i`` (R3.4)."""
    if c[PHASE] != BEFORE_CARD:
        return NOT_NOW
    return _replace(c, i, c[DISCARD][-1], True)


def place(c: Core, i: int) -> Core | int:
    """R3.3, R3.4: place the drawn card on cell ``i``."""
    if c[PHASE] != DRAWN:
        return NOT_NOW
    return _replace(c, i, c[DRAWN_CARD], False)


def reveal(c: Core, i: int) -> Core | int:
    """R3.3: discard the drawn card face up and reveal the Unexplored Land of cell ``i``."""
    if c[PHASE] != DRAWN:
        return NOT_NOW
    seat = c[SEAT]
    if c[CELL_CODES][seat][i] != UNEXPLORED:
        return NO_REVEAL
    hidden = c[HIDDEN]
    under = [*hidden[seat]]
    found = under[i]
    under[i] = UNEXPLORED
    return _after_card(c, i, found, _at(hidden, seat, tuple(under)), (*c[DISCARD], c[DRAWN_CARD]))


def needs_reshuffle(c: Core) -> Ints:
    """The cards a draw now shuffles into a new draw pile (R3.5): none while the draw pile
    has a card, else every card of the discard pile but its top (``turns.reshuffle_split``).
    The engine shuffles them with its seeded shuffle (R2.8) and passes the order to `draw`."""
    if c[DRAW]:
        return ()
    return reshuffle_split(c[DISCARD])[0]


def draw(c: Core, shuffled: Ints) -> Core | int:
    """R3.3, R3.5: draw the top of the draw pile; when it is empty and the discard pile can
    be reshuffled (``turns.can_draw``), the discard pile but its top becomes the draw pile
    in the order ``shuffled`` (see `needs_reshuffle`)."""
    (seat, phase, turn, pile, discard, row, deck, codes, masks, hidden, claims, hands, _drawn,
     claimed, reshuffles, row_mask, met, game) = c  # fmt: skip
    if phase != BEFORE_CARD:
        return NOT_NOW
    if not pile:
        if not can_draw(0, len(discard)):
            return NO_DRAW
        pile, discard, reshuffles = shuffled, reshuffle_split(discard)[1], reshuffles + 1
    return (
        seat,
        DRAWN,
        turn,
        pile[:-1],
        discard,
        row,
        deck,
        codes,
        masks,
        hidden,
        claims,
        hands,
        pile[-1],
        claimed,
        reshuffles,
        row_mask,
        met,
        game,
    )


def claim(c: Core, legend: int) -> Core | int:
    """R6.1–R6.3, R6.5: claim the Legend of index ``legend`` if no Legend was claimed this
    turn, it is in the row and the revealed Kingdom meets it; its slot is refilled
    (``turns.refill_row``, R6.2); after the card action the turn then passes (R6.5)."""
    (seat, phase, turn, pile, discard, row, deck, codes, masks, hidden, claims, hands, drawn,
     claimed, reshuffles, row_mask, met, game) = c  # fmt: skip
    if phase != BEFORE_CARD and phase != AFTER_CARD:
        return NOT_NOW
    if claimed:
        return CLAIMED_AGAIN
    if legend not in row:
        return NOT_IN_ROW
    if not met[seat] >> legend & 1:
        return UNMET
    row, deck = refill_row(row, deck, row.index(legend))  # R6.2
    row_mask = row_mask_of(row)
    claims = _at(claims, seat, (*claims[seat], legend))
    if phase == AFTER_CARD:  # R6.5: nothing left to decide, the turn passes.
        to_move, phase, turn, claimed = next_seat(seat, len(met)), BEFORE_CARD, turn + 1, 0
    else:
        to_move, claimed = seat, 1
    return (
        to_move,
        phase,
        turn,
        pile,
        discard,
        row,
        deck,
        codes,
        masks,
        hidden,
        claims,
        hands,
        drawn,
        claimed,
        reshuffles,
        row_mask,
        met,
        game,
    )


def end(c: Core) -> Core | int:
    """R6.1, R6.5: end the turn after the card action without claiming a Legend."""
    (seat, phase, turn, pile, discard, row, deck, codes, masks, hidden, claims, hands, drawn,
     _claimed, reshuffles, row_mask, met, game) = c  # fmt: skip
    if phase != AFTER_CARD:
        return NOT_NOW
    return (
        next_seat(seat, len(met)),
        BEFORE_CARD,
        turn + 1,
        pile,
        discard,
        row,
        deck,
        codes,
        masks,
        hidden,
        claims,
        hands,
        drawn,
        0,
        reshuffles,
        row_mask,
        met,
        game,
    )
