"""The end of a game (R7): every hidden card revealed, then the final scores and ranking.

When the game ends, and the turning over of every hidden card, are the kernel's decisions
(``_kernel.turns.after_card_action``, R7.1; ``_kernel.turns.turned_over``, R7.2), taken
by `apply_move` on the kernel's state (``_kernel.play``).
"""

from __future__ import annotations

from drako_rules._kernel.board import CARD_OF_CODE, CODE_OF
from drako_rules._kernel.turns import turned_over
from drako_rules.cards import Card
from drako_rules.errors import GameError, expect
from drako_rules.game.state import GameState
from drako_rules.kingdom import Kingdom
from drako_rules.scoring import Ranking, ScoreSheet, ranking, score

__all__ = ["final_ranking", "final_scores", "revealed_kingdom"]


def revealed_kingdom(kingdom: Kingdom, hidden: tuple[Card | None, ...]) -> Kingdom:
    """``kingdom`` with its Unexplored Lands turned over (R7.2): the kind under each is
    ``hidden[i]`` (the state's ``hidden`` of the seat)."""
    under = tuple([CODE_OF[card] for card in hidden])
    return Kingdom([CARD_OF_CODE[code] for code in turned_over(kingdom.codes, under)])


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
