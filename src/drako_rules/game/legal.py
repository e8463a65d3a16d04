"""The legal moves of the player to move (R3, R2.5, R6.1, R7.1), as moves and as a mask of
action ids: the kernel's ``_kernel.turns.legal_actions``
decides them; this module reads the state for it and hands out the prebuilt moves.

`legal_moves` is also reached from
``drako_rules.game.transitions``, where it has always been documented.
"""

from __future__ import annotations

from typing import Final

from drako_rules._kernel.board import ALL
from drako_rules._kernel.play import SEAT
from drako_rules._kernel.turns import (
    AFTER_CARD,
    BEFORE_CARD,
    CLAIM_BASE,
    DRAWN,
    PLACE_BASE,
    REVEAL_BASE,
    TAKE_BASE,
    after_card_actions,
    before_card_actions,
    drawn_actions,
    legal_actions,
    seat_actions,
)
from drako_rules.errors import expect
from drako_rules.game.moves import (
    ARRANGE_MOVES,
    CLAIM_MOVES,
    DRAW,
    END,
    PLACE_MOVES,
    REVEAL_MOVES,
    TAKE_MOVES,
    Move,
)
from drako_rules.game.parts import PHASE_CODES
from drako_rules.game.state import GameState, kernel_state

__all__ = [
    "PHASE_CODES",
    "legal_moves",
    "moves_of_actions",
    "seat_action_bits",
    "seat_moves",
    "state_actions",
]


_LEGEND_BITS: Final = (1 << len(CLAIM_MOVES)) - 1
_ARRANGE_BITS: Final = (1 << len(ARRANGE_MOVES)) - 1
#: Takes and the draw: 17 consecutive action ids.
_TAKE_DRAW_BITS: Final = (1 << (len(TAKE_MOVES) + 1)) - 1
#: Places, reveals and the end: 33 consecutive action ids.
_PLACE_BITS: Final = ALL
_REVEAL_END_BITS: Final = (1 << (len(REVEAL_MOVES) + 1)) - 1


class _MovesOfMask(dict[int, tuple[Move, ...]]):
    """``table[mask]``: the moves of ``moves`` (one per bit) whose bit is in ``mask``, in
    order; each entry built on first use (at most ``2**len(moves)`` of them, and play
    meets far fewer). A dictionary filled by ``__missing__``: a hit is one look-up, no
    Python call."""

    def __init__(self, moves: tuple[Move, ...]) -> None:
        super().__init__()
        self.moves = moves

    def __missing__(self, mask: int) -> tuple[Move, ...]:
        found = self[mask] = tuple(m for i, m in enumerate(self.moves) if mask >> i & 1)
        return found


_ARRANGES: Final = _MovesOfMask(ARRANGE_MOVES)
_CLAIMS: Final = _MovesOfMask(CLAIM_MOVES)
_TAKES_AND_DRAW: Final = _MovesOfMask((*TAKE_MOVES, DRAW))
_PLACES: Final = _MovesOfMask(PLACE_MOVES)
_REVEALS_AND_END: Final = _MovesOfMask((*REVEAL_MOVES, END))
_REVEALS: Final = _MovesOfMask(REVEAL_MOVES)
_END_ONLY: Final[tuple[Move, ...]] = (END,)


def state_actions(state: GameState) -> int:
    """The legal moves of the player to move, as a mask of action ids (bit ``a`` for the
    move of id ``a``), from the kernel's
    ``_kernel.turns.legal_actions`` (R3, R2.5, R6.1, R7.1).
    The Legends it may claim are those of the row its revealed Kingdom meets (R6.1, R6.4)."""
    (seat, phase, _turn, draw, discard, _row, _deck, _codes, masks, _hidden, _claims, _hands,
     drawn, claimed, _reshuffles, row_mask, met, _game) = kernel_state(state)  # fmt: skip
    if phase == BEFORE_CARD:
        card = discard[-1]
    elif phase == DRAWN:
        card = drawn
    else:
        return legal_actions(phase, (), 0, 0, 0, claimed == 1, met[seat] & row_mask)
    return legal_actions(
        phase, masks[seat], card, len(draw), len(discard), claimed == 1, met[seat] & row_mask
    )


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal decision of the player to move, in increasing action-id order.

    By phase (see `Phase`):

    - ``ARRANGE``: the 24 arrangements of the starting cards (R2.5);
    - ``BEFORE_CARD``: each Legend of the row the Kingdom meets, unless one was claimed
      this turn (R6.1); taking the discard pile's top onto each legal position (R3.2,
      R3.4); drawing, unless the draw pile is empty and the discard pile holds one card
      (R3.5);
    - ``DRAWN``: placing the drawn card on each legal position (R3.4), discarding it and
      revealing each Unexplored Land (R3.3);
    - ``AFTER_CARD``: each Legend of the row the Kingdom meets, and ending the turn (R6.1);
    - ``OVER``: nothing (R7.1).

    The kernel's ``_kernel.turns.legal_actions`` decides them;
    the moves are the prebuilt instances of `MOVES`.

    Examples:
        >>> from drako_rules import new_game
        >>> len(legal_moves(new_game(2, seed=1)))
        24
    """
    isinstance(state, GameState) or expect(state, GameState, "a GameState", "see new_game")
    # The kernel's function of the phase on the kernel's state, its masks read as the
    # prebuilt moves.
    (seat, phase, _turn, draw, discard, _row, _deck, _codes, masks, _hidden, _claims, _hands,
     drawn, claimed, _reshuffles, row_mask, met, _game) = kernel_state(state)  # fmt: skip
    if phase == BEFORE_CARD:
        claims, takes = before_card_actions(
            masks[seat], discard[-1], len(draw), len(discard), claimed == 1, met[seat] & row_mask
        )
        return _CLAIMS[claims] + _TAKES_AND_DRAW[takes]
    if phase == DRAWN:
        places, reveals = drawn_actions(masks[seat], drawn)
        return _PLACES[places] + _REVEALS[reveals]
    if phase == AFTER_CARD:
        return _CLAIMS[after_card_actions(claimed == 1, met[seat] & row_mask)] + _END_ONLY
    return moves_of_actions(state_actions(state))  # ARRANGE (R2.5), OVER (R7.1)


def moves_of_actions(actions: int) -> tuple[Move, ...]:
    """The prebuilt moves of a mask of action ids, in id order."""
    return (
        _ARRANGES[actions & _ARRANGE_BITS]
        + _CLAIMS[actions >> CLAIM_BASE & _LEGEND_BITS]
        + _TAKES_AND_DRAW[actions >> TAKE_BASE & _TAKE_DRAW_BITS]
        + _PLACES[actions >> PLACE_BASE & _PLACE_BITS]
        + _REVEALS_AND_END[actions >> REVEAL_BASE & _REVEAL_END_BITS]
    )


def seat_action_bits(state: GameState, seat: int) -> int:
    """The legal moves of seat ``seat`` as a mask of action ids (bit ``a`` for the move of
    id ``a``, R8): those of the player to move for that player, none for anyone else, as
    the kernel's ``_kernel.turns.seat_actions`` decides. The environments' action masks
    read it.

    ``seat`` is not checked here: the callers check it (`player_view`) or hold it from
    the game (the environments)."""
    return seat_actions(seat, kernel_state(state)[SEAT], state_actions(state))


def seat_moves(state: GameState, seat: int) -> tuple[Move, ...]:
    """The legal moves of seat ``seat`` (R8), as moves: `seat_action_bits` read as the
    prebuilt moves. The view's `PlayerView.legal_moves` reads it."""
    return moves_of_actions(seat_action_bits(state, seat))
