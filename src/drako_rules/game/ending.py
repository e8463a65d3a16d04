"""The end of a game (R7): every hidden card revealed, then the final scores and ranking.

When the game ends is the kernel's decision
(``_kernel.turns.after_card_action``, R7.1); `apply_move` then builds the last state
with `ended`.
"""

from __future__ import annotations

from drako_rules._kernel.turns import turned_over
from drako_rules.cards import Card
from drako_rules.errors import GameError, expect
from drako_rules.game.state import NO_HIDDEN, GameState, Phase, PlayerState
from drako_rules.kingdom import Kingdom
from drako_rules.legends import legends_mask
from drako_rules.scoring import Ranking, ScoreSheet, ranking, score

__all__ = ["ended", "final_ranking", "final_scores", "revealed_kingdom"]


def revealed_kingdom(kingdom: Kingdom, hidden: tuple[Card | None, ...]) -> Kingdom:
    """``kingdom`` with its Unexplored Lands turned over (R7.2): the kind under each is
    ``hidden[i]`` (the state's ``hidden`` of the seat)."""
    return Kingdom(turned_over(kingdom.cells, hidden))


def ended(
    s: GameState,
    players: tuple[PlayerState, ...],
    discard_pile: tuple[Card, ...],
    hidden: tuple[tuple[Card | None, ...], ...],
) -> GameState:
    """The game over after the card action of the player to move (R7.1), which left
    ``players``, ``discard_pile`` and ``hidden``: every remaining Unexplored Land of every
    player revealed (R7.2), no drawn card, no one to move again."""
    revealed = []
    for player, cells in zip(players, hidden, strict=True):
        if cells is NO_HIDDEN or cells == NO_HIDDEN:
            revealed.append(player)
            continue
        kingdom = revealed_kingdom(player.kingdom, cells)
        revealed.append(PlayerState(kingdom, player.legends, player.hand))
    ruleset = s.ruleset
    return GameState(
        ruleset,
        s.seed,
        s.first_player,
        tuple(revealed),
        s.current_player,
        Phase.OVER,
        s.turn,
        s.draw_pile,
        discard_pile,
        s.legend_row,
        s.legend_deck,
        (NO_HIDDEN,) * len(players),
        None,
        s.claimed_this_turn,
        s.reshuffles,
        derived=(s.row_mask, tuple(legends_mask(p.kingdom, ruleset) for p in revealed)),
    )


def final_scores(state: GameState) -> tuple[ScoreSheet, ...]:
    """Every player's score sheet at the end of the game, by seat (R7.3, R5).

    Raises:
        GameError: the game is not over.
    """
    expect(state, GameState, "a GameState", "see new_game or replay")
    if not state.is_over:
        raise GameError("the game is not over: final scores come after R7.1 ends it (R7.3)")
    ruleset = state.ruleset
    return tuple(score(p.kingdom, p.legends, ruleset) for p in state.players)


def final_ranking(state: GameState) -> Ranking:
    """The places of the players at the end of the game, with the tie-breaks (R7.3, R5.6).

    Raises:
        GameError: the game is not over.
    """
    return ranking(final_scores(state))
