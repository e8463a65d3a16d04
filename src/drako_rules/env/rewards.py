"""The rewards of learning agents: zero-sum, at the end of the game only, from the final ranking (R5.6, R7.3).

A player's reward is the share of the other players it beat minus the share that beat it:

    reward(i) = (#players placed after i − #players placed before i) / (n − 1)

with the places of `final_ranking` (R5.6), where
tied players share a place and neither beats the other. So:

| players | places | rewards |
|---|---|---|
| 2 | 1, 2 | +1, −1 |
| 2 | 1, 1 (shared) | 0, 0 |
| 3 | 1, 2, 3 | +1, 0, −1 |
| 3 | 1, 1, 3 | +½, +½, −1 |
| 4 | 1, 2, 3, 4 | +1, +⅓, −⅓, −1 |
| 4 | 1, 2, 2, 4 | +1, 0, 0, −1 |

Every reward is in ``[−1, 1]``; the winner alone gets +1, the last alone −1; and the
rewards of a game always sum to 0 (each pair of players adds +1/(n−1) to one and
−1/(n−1) to the other, or nothing to both when they share a place). Every other step
of a game gives 0, and a game cut short by a move limit gives 0 to everyone: it is
*truncated*, never scored (R7.4).
"""

from __future__ import annotations

from collections.abc import Sequence

from drako_rules.errors import GameError, quote
from drako_rules.game import GameState, final_ranking

__all__ = ["final_rewards", "is_truncated", "rewards_from_places"]


def rewards_from_places(places: Sequence[int]) -> tuple[float, ...]:
    """The zero-sum rewards of a finished game from its players' places (R5.6), by seat.

    Args:
        places: the 1-based place of each player, shared places included
            (`Ranking.places`); 2 to 4 players.

    Raises:
        GameError: not 2 to 4 places, or a place that is not a positive integer.

    Examples:
        >>> rewards_from_places((2, 1))
        (-1.0, 1.0)
        >>> rewards_from_places((1, 1, 3))  # two share first place: (1 − 0)/2 each; (0 − 2)/2
        (0.5, 0.5, -1.0)
    """
    if not 2 <= len(places) <= 4 or any(type(p) is not int or p < 1 for p in places):
        raise GameError(
            f"rewards need the places (positive integers) of 2 to 4 players, not {quote(places)}"
        )
    n = len(places)
    return tuple(
        (sum(q > p for q in places) - sum(q < p for q in places)) / (n - 1) for p in places
    )


def final_rewards(state: GameState) -> tuple[float, ...]:
    """The rewards of a finished game, by seat: `rewards_from_places` of its final ranking (R7.3, R5.6).

    Raises:
        GameError: the game is not over (a game cut short is never scored, R7.4).

    Examples:
        >>> from drako_rules import play_random_game
        >>> rewards = final_rewards(play_random_game(3, seed=8).state)
        >>> sorted(rewards), sum(rewards)
        ([-1.0, 0.0, 1.0], 0.0)
    """
    return rewards_from_places(final_ranking(state).places)


def is_truncated(state: GameState, moves: int, max_moves: int | None) -> bool:
    """Whether a game is cut by the move limit: not over after ``max_moves`` decisions (R7.4).

    The rules set no limit (R7.4); software that runs games sets one, and a game cut by it
    is *truncated*: not finished, not scored, no reward.

    Args:
        state: the game now.
        moves: the decisions made so far, by all players together.
        max_moves: the limit; None for none.

    Examples:
        >>> from drako_rules import new_game
        >>> is_truncated(new_game(2, seed=1), 10, 10), is_truncated(new_game(2, seed=1), 9, 10)
        (True, False)
    """
    return max_moves is not None and moves >= max_moves and not state.is_over
