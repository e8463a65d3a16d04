"""The rollouts of the search player (`SearchPlayer`):
a cheap greedy policy that plays a sampled game to its end (R7.1), the cached totals it
values positions with (R5), and the pruning of candidates clearly worse than the best."""

from __future__ import annotations

import functools
import math

from drako_rules.cards import Card, Legend
from drako_rules.errors import GameError
from drako_rules.game import (
    Arrange,
    Claim,
    Draw,
    GameState,
    Move,
    Place,
    Reveal,
    Take,
    apply_move,
    legal_moves,
    player_view,
)
from drako_rules.kingdom import Kingdom
from drako_rules.players.greedy import greedy_move
from drako_rules.rulesets import Ruleset
from drako_rules.scoring import score

__all__ = ["best_cell", "play_out", "quick_move", "survivors", "total"]


def survivors(rows: list[list[float]], alive: list[int], z: float) -> list[int]:
    """The candidates of ``alive`` not clearly worse than the best: a candidate is dropped
    when its mean shortfall against the best over the same deals exceeds ``z`` standard
    errors (the deals are shared, so the differences are paired)."""
    n = len(rows[alive[0]])
    best = max(alive, key=lambda k: (sum(rows[k]), -k))
    top = rows[best]
    keep = []
    for k in alive:
        if k == best:
            keep.append(k)
            continue
        diffs = [a - b for a, b in zip(top, rows[k], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean <= z * math.sqrt(var / n):
            keep.append(k)
    return keep


# Small on purpose: 65,536 cached Kingdoms (with greedy's as many) grew the heap to
# ~430,000 tracked objects, and the full garbage collections that then fell inside
# a decision took up to 0.5 s (benchmarks/players.py decision: max 0.56 s -> 0.20 s).
@functools.lru_cache(maxsize=1 << 12)
def total(kingdom: Kingdom, legends: tuple[Legend, ...], ruleset: Ruleset) -> int:
    """The total of ``kingdom`` with ``legends`` (R5): cached, many leaves repeat."""
    return score(kingdom, legends, ruleset).total


def best_cell(kingdom: Kingdom, card: Card, ruleset: Ruleset, legal: tuple[Move, ...]) -> int:
    """The cell of a Take or Place of ``legal`` where ``card`` adds most points to the
    revealed score (R5), the first of equals; -1 if none adds any."""
    now = total(kingdom, (), ruleset)
    best, gain = -1, 0
    for move in legal:
        if isinstance(move, Take | Place):
            g = total(kingdom.replace(move.position, card), (), ruleset) - now
            if g > gain:
                best, gain = move.position.index, g
    return best


def quick_move(state: GameState) -> Move:
    """A cheap greedy move for rollouts, from what the player to move sees of ``state`` (R8).

    The most valuable Legend when one can be claimed (R6.1); the best-scoring starting
    arrangement (R2.5); the discard pile's top onto the cell where it adds most points if
    it adds any (R3.2), else a draw (R3.3); the drawn card onto the cell where it adds most
    if it adds any, else a reveal of the first Unexplored Land. Like the greedy player it
    only replaces a revealed card to gain points, so the games it plays end (R7.1).

    Raises:
        GameError: the game is over.
    """
    legal = legal_moves(state)
    if not legal:
        raise GameError("the game is over: there is no move to make (R7.1)")
    first = legal[0]
    if len(legal) == 1:
        return first
    claims = [m for m in legal if isinstance(m, Claim)]
    if claims:
        return max(claims, key=lambda m: m.legend.points)
    if isinstance(first, Arrange):
        return greedy_move(player_view(state, state.current_player))
    kingdom = state.players[state.current_player].kingdom
    card = state.drawn if state.drawn is not None else state.discard_pile[-1]
    best = best_cell(kingdom, card, state.ruleset, legal)
    fallback: Move = legal[-1]
    for move in legal:
        if isinstance(move, Take | Place):
            if move.position.index == best:
                return move
        elif isinstance(move, Draw) or (
            isinstance(move, Reveal) and not isinstance(fallback, Reveal)
        ):
            fallback = move
    return fallback


def play_out(state: GameState) -> tuple[GameState, int]:
    """``state`` played to its end by the quick rollout policy (R7.1: its games end), and
    the number of moves that took."""
    n = 0
    while not state.is_over:
        state = apply_move(state, quick_move(state))
        n += 1
    return state, n
