"""The observation of a learning agent: one fixed-size vector computed from a `PlayerView` only (R8).

`observe` encodes what one player may see: never the kind of
an Unexplored Land, the order of a pile or the seed (R8.2), and the card just drawn only
for the player who drew it (R8.3). Two states with equal views for a seat give that seat
equal observations, so an agent cannot tell apart what its player cannot.

The vector has `OBSERVATION_SIZE` = 887 float32 entries, every one
in ``[0, 1]``, the same length for 2, 3 and 4 players. Seats are seen *from the viewer*:
the first player block is the viewer's own, the next one the player after it in turn
order, and so on; the blocks of seats a smaller game lacks are all zero (their
``present`` entry is 0). `LAYOUT` lists the slices:

| slice | what | range |
|---|---|---|
| 0–4 | the phase, one-hot: arrange, before-card, drawn, after-card, over | 0/1 |
| 5 | the viewer is the player to move | 0/1 |
| 6 | the player to move has claimed a Legend this turn (R6.1) | 0/1 |
| 7 | the turn number, divided by 100, capped at 1 | 0–1 |
| 8 | cards in the draw pile, divided by 80 (its order is hidden, R8.2) | 0–1 |
| 9 | cards in the discard pile, divided by 80 | 0–1 |
| 10 | Legends in the legend deck, divided by 7 (R2.2) | 0–1 |
| 11–20 | cards of each kind in the discard pile, divided by 8 (kinds in `Card` order) | 0–1 |
| 21–30 | the top card of the discard pile, one-hot by kind (all 0 while it is empty) | 0/1 |
| 31–40 | the card the viewer has drawn, one-hot by kind (all 0 when none, R8.3) | 0/1 |
| 41–55 | the legend row: one entry per Legend, in `Legend` order | 0/1 |
| 56–65 | cards of each kind the viewer has not seen (deck count, R1.3, minus revealed, discarded, in hands and drawn), divided by 8 | 0–1 |
| 66–67 | the ruleset, one-hot: pocket, classic (R9; both 0 for another ruleset) | 0/1 |
| 68–70 | the number of players, one-hot: 2, 3, 4 | 0/1 |
| 71–274 | seat block 0: the viewer (204 entries, below) | |
| 275–478 | seat block 1: the next player in turn order | |
| 479–682 | seat block 2 | |
| 683–886 | seat block 3 | |

Each seat block of 204 entries, from its start ``b``:

| offset | what | range |
|---|---|---|
| b+0 | the seat is in the game | 0/1 |
| b+1 | it is the player to move | 0/1 |
| b+2 | it is the first player (R2.7) | 0/1 |
| b+3 … b+178 | the Kingdom: for cell ``4·row + col`` (R4.1), 11 entries at ``b+3+11·cell``: the card's kind one-hot in `Card` order, or entry 10 for an Unexplored Land or an empty centre cell (R8.2) | 0/1 |
| b+179 … b+193 | the Legends the player claimed (R6.3), in `Legend` order | 0/1 |
| b+194 … b+203 | the starting hand not yet arranged (R2.9), one entry per kind | 0/1 |

The discard pile's order below its top is not encoded: it never matters to play (only the
top can be taken, R3.1, and the rest is only ever shuffled, R3.5).

Examples:
    >>> from drako_rules import new_game, player_view
    >>> obs = observe(player_view(new_game(2, seed=3), 0))
    >>> obs.shape, obs.dtype.name, float(obs.min()), float(obs.max())
    ((887,), 'float32', 0.0, 1.0)
    >>> obs[LAYOUT["phase"]].tolist()  # the starting arrangements (R2.5)
    [1.0, 0.0, 0.0, 0.0, 0.0]
"""

from __future__ import annotations

import threading
from typing import Final

import numpy as np
import numpy.typing as npt

from drako_rules.env.encoder import ObservationEncoder
from drako_rules.env.layout import (
    LAYOUT,
    MAX_PLAYERS,
    OBSERVATION_SIZE,
    SEAT_BLOCK_SIZE,
    SEAT_LAYOUT,
)
from drako_rules.game import GameState, PlayerView

# The layout and the encoder are reached here too, where the table above describes them.
__all__ = [
    "LAYOUT",
    "MAX_PLAYERS",
    "OBSERVATION_SIZE",
    "SEAT_BLOCK_SIZE",
    "SEAT_LAYOUT",
    "ObservationEncoder",
    "observe",
    "observe_state",
]


# The encoders of the functions below, one per thread, for views that come one after the
# other from one game.
_LOCAL: Final = threading.local()


def _encoder() -> ObservationEncoder:
    """This thread's encoder for ``observe`` and ``observe_state``."""
    try:
        encoder: ObservationEncoder = _LOCAL.encoder
    except AttributeError:
        encoder = _LOCAL.encoder = ObservationEncoder()
    return encoder


def observe(view: PlayerView) -> npt.NDArray[np.float32]:
    """The observation vector of ``view``'s player: 887 float32 values in ``[0, 1]`` (R8).

    Computed from the view alone (see the module documentation for the table of slices),
    so it holds nothing the player may not see (R8.2, R8.3); equal views give equal
    vectors. A new, writable array is returned on every call.

    Raises:
        GameError: ``view`` is not a PlayerView, or one built by hand that holds what no
            game's view holds (a pile of other than Cards, a phase that is not a Phase...).
        PlayerCountError: the view has not 2 to 4 players (R1.3).

    Examples:
        >>> from drako_rules import new_game, player_view
        >>> state = new_game(3, seed=1)
        >>> obs = observe(player_view(state, 2))
        >>> obs[LAYOUT["players"]].tolist()  # a 3-player game
        [0.0, 1.0, 0.0]
        >>> own = obs[LAYOUT["seat_0"]]  # the viewer's block comes first
        >>> own[SEAT_LAYOUT["present"]].tolist(), own[SEAT_LAYOUT["first"]].tolist()
        ([1.0], [0.0])
        >>> int(own[SEAT_LAYOUT["hand"]].sum()), int(own[SEAT_LAYOUT["kingdom"]].sum())
        (4, 16)
    """
    return _encoder().observe(view)


def observe_state(state: GameState, seat: int) -> npt.NDArray[np.float32]:
    """``observe(player_view(state, seat))``, without building the view.

    For whoever holds the whole state (the environments, a server): the same vector, from
    the same fields `player_view` gives the seat and
    nothing else (R8): the sizes of the draw pile and of the legend deck, never their
    order, the hidden cards or the seed (R8.2), and the drawn card only for the player to
    move, who drew it (R8.3).

    Raises:
        GameError: ``state`` is not a GameState, or ``seat`` not a seat of the game.

    Examples:
        >>> from drako_rules import apply_move, legal_moves, new_game, player_view
        >>> state = new_game(2, seed=4)
        >>> for _ in range(3):
        ...     state = apply_move(state, legal_moves(state)[0])
        ...
        >>> all((observe_state(state, s) == observe(player_view(state, s))).all() for s in (0, 1))
        True
    """
    return _encoder().observe_state(state, seat)
