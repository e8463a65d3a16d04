"""What one player may see of a game (R8): `PlayerView` and `player_view`.

A view is what a bot or a remote client should receive instead of the
`GameState`: every revealed card, the discard pile, the legend row and
every player's Legends (R8.1); the sizes of the draw pile and of the legend deck but not
their order, and nothing of the kind of any Unexplored Land (R8.2); the card just drawn
only for the player who drew it (R8.3). The seed is left out too: with it, the hidden
cards could be worked out (R2.8).

Two states that differ only in the hidden cards or in the order of the piles give equal
views, for every player. A view shares no mutable object with its state: a player that
writes into what it was given cannot change the game. Views are immutable values and
serialise to JSON
(`view_to_json`).
"""

from __future__ import annotations

import attrs

from drako_rules._kernel.board import CARD_OF_CODE
from drako_rules._kernel.play import FIRST
from drako_rules._kernel.turns import sees_drawn
from drako_rules.cards import Card, Legend
from drako_rules.errors import expect
from drako_rules.game.legal import seat_moves, state_actions
from drako_rules.game.moves import ACTION_SPACE_SIZE, Move
from drako_rules.game.packing import cards_of, kingdom_of, legends_of
from drako_rules.game.parts import PHASE_OF_CODE
from drako_rules.game.setup import check_seat
from drako_rules.game.state import (
    GameState,
    Phase,
    PlayerState,
    kernel_state,
    player_state,
)

__all__ = ["PlayerView", "legal_action_mask", "player_view"]


@attrs.frozen
class PlayerView:
    """One player's view of a game (R8).

    Attributes:
        viewer: the seat of the player who sees this.
        ruleset: the name of the ruleset (R9).
        first_player: the seat of the first player (R2.7).
        current_player: the seat of the player to move (R3).
        phase: what kind of decision is awaited.
        turn: the turn number (0 during the starting arrangements).
        players: every player's public state: revealed Kingdom, Legends, starting hand
            (R8.1).
        draw_pile_size: how many cards the draw pile holds (its order is hidden, R8.2).
        discard_pile: the discard pile, top last (R8.1).
        legend_row: the Legends that can be claimed (R8.1).
        legend_deck_size: how many Legends the legend deck holds (R8.2).
        drawn: the card the viewer has drawn and not yet placed or discarded; None for
            everyone else (R8.3).
        claimed_this_turn: whether the player to move has claimed a Legend this turn.
        legal_moves: the viewer's legal moves (empty when it is not the viewer's turn).
    """

    viewer: int
    ruleset: str
    first_player: int
    current_player: int
    phase: Phase
    turn: int
    players: tuple[PlayerState, ...]
    draw_pile_size: int
    discard_pile: tuple[Card, ...]
    legend_row: tuple[Legend, ...]
    legend_deck_size: int
    drawn: Card | None
    claimed_this_turn: bool
    legal_moves: tuple[Move, ...]

    @property
    def is_over(self) -> bool:
        """True once the game has ended (R7)."""
        return self.phase is Phase.OVER

    @property
    def to_move(self) -> bool:
        """True when the viewer is the player to move."""
        return self.viewer == self.current_player and not self.is_over

    @property
    def me(self) -> PlayerState:
        """The viewer's own public state."""
        return self.players[self.viewer]


def player_view(state: GameState, player: int) -> PlayerView:
    """What ``player`` (a seat) may see of ``state`` (R8).

    Raises:
        GameError: ``player`` is not a seat of the game.

    Examples:
        >>> from drako_rules import new_game, apply_move, Move
        >>> state = new_game(2, seed=5)
        >>> for text in ("arrange 0123", "arrange 0123", "draw"):
        ...     state = apply_move(state, Move.parse(text))
        ...
        >>> player_view(state, 0).drawn == state.drawn, player_view(state, 1).drawn
        (True, None)
        >>> player_view(state, 1).draw_pile_size == len(state.draw_pile)
        True
    """
    expect(state, GameState, "a GameState", "see new_game")
    # Read from the kernel's state, whose parts are decoded only as needed.
    (current, phase, turn, draw, _discard, _row, deck, codes, _masks, _hidden, claims, hands,
     drawn, claimed, _reshuffles, _row_mask, met, game) = kernel_state(state)  # fmt: skip
    check_seat(player, len(met))
    return PlayerView(
        player,
        state.ruleset.name,
        game[FIRST],
        current,
        PHASE_OF_CODE[phase],
        turn,
        # Its own PlayerStates: a player that writes into its view cannot reach the game's
        # (the view shares no mutable object with the state).
        tuple(
            [
                player_state(kingdom_of(k), legends_of(c), cards_of(h))
                for k, c, h in zip(codes, claims, hands, strict=True)
            ]
        ),
        len(draw),
        state.discard_pile,
        state.legend_row,
        len(deck),
        sees_drawn(player, current, CARD_OF_CODE[drawn]),  # R8.3
        claimed == 1,
        seat_moves(state, player),
    )


def legal_action_mask(state: GameState | PlayerView) -> tuple[bool, ...]:
    """For each action id, whether that move is legal now (length ``ACTION_SPACE_SIZE``).

    Takes the whole state (a server, a simulation) or a player's
    `PlayerView` (a learning agent that may only see
    what its player sees, R8): from a view, the mask is that of the viewer's own moves, all
    False when it is not the viewer's turn.

    Examples:
        >>> from drako_rules import new_game, player_view
        >>> state = new_game(2, seed=1)
        >>> mask = legal_action_mask(state)
        >>> len(mask), sum(mask), mask[:3]
        (89, 24, (True, True, True))
        >>> legal_action_mask(player_view(state, 0)) == mask  # the player to move
        True
        >>> sum(legal_action_mask(player_view(state, 1)))  # the other: no moves
        0
    """
    if isinstance(state, GameState):
        actions = state_actions(state)
        return tuple(actions >> a & 1 == 1 for a in range(ACTION_SPACE_SIZE))
    moves = expect(state, PlayerView, "a GameState or a PlayerView", "see new_game").legal_moves
    mask = [False] * ACTION_SPACE_SIZE
    for move in moves:
        mask[move.action_id] = True
    return tuple(mask)
