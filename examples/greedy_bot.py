"""The greedy bot against the random player: how often it wins.

The bot is [`GreedyPlayer`][drako_rules.players.greedy.GreedyPlayer], in the package
(``drako_rules.players.greedy``): for each legal move it works out its score after the
move from its own view (R8) and plays the best one (see the "Write a bot" tutorial).
This script plays seeded two-player games against ``RandomPlayer`` and prints the result::

    python examples/greedy_bot.py             # 300 games
    python examples/greedy_bot.py --games 20  # a quick run
    python examples/greedy_bot.py --time      # also print how long the games took

For matches between any players, on every core, see ``drako_rules.arena``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from drako_rules import (
    GameError,
    GreedyPlayer,
    Player,
    RandomPlayer,
    final_ranking,
    final_scores,
    play_game,
)
from drako_rules.arena import wilson_interval

#: The greedy player: one instance serves every seat and game (it holds no state).
greedy_player = GreedyPlayer()
#: A guard for play_game: the rules set no limit on the length of a game (R7.4).
MAX_MOVES = 2000

__all__ = [
    "MAX_MOVES",
    "MatchResult",
    "greedy_player",
    "main",
    "play_match",
    "report",
    "wilson_interval",
]


@dataclass(frozen=True)
class MatchResult:
    """The outcome of a match of two-player games, greedy against random."""

    games: int
    wins: int
    draws: int
    losses: int
    unfinished: int  # games not over after MAX_MOVES moves
    totals: tuple[tuple[int, int], ...]  # (greedy's total, random's total) per finished game
    lengths: tuple[int, ...]  # the number of moves of each finished game

    @property
    def finished(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def margins(self) -> tuple[int, ...]:
        """Greedy's total minus random's, per finished game."""
        return tuple(mine - theirs for mine, theirs in self.totals)


def play_match(games: int, seed: int = 0, max_moves: int = MAX_MOVES) -> MatchResult:
    """Play ``games`` two-player games, greedy against random; game ``i`` has seed
    ``seed + i``, and greedy sits in seat ``i % 2`` (the first player, R2.7, in even games)."""
    wins = draws = losses = unfinished = 0
    totals: list[tuple[int, int]] = []
    lengths: list[int] = []
    for i in range(games):
        me = i % 2
        players: list[Player] = [RandomPlayer(seed + i), RandomPlayer(seed + i)]
        players[me] = greedy_player
        try:
            game = play_game(players, seed=seed + i, max_moves=max_moves)
        except GameError:
            unfinished += 1
            continue
        places = final_ranking(game.state).places  # R5.6: ties broken by the categories
        sheets = final_scores(game.state)
        totals.append((sheets[me].total, sheets[1 - me].total))
        lengths.append(len(game.record.moves))
        if places[me] < places[1 - me]:
            wins += 1
        elif places[me] > places[1 - me]:
            losses += 1
        else:
            draws += 1
    return MatchResult(games, wins, draws, losses, unfinished, tuple(totals), tuple(lengths))


def report(result: MatchResult, seed: int) -> list[str]:
    """The lines that describe a match."""
    n = result.finished
    last = seed + result.games - 1
    lines = [
        f"{result.games} two-player games, greedy against random (seeds {seed}-{last}, "
        "greedy first in even games)",
        f"greedy won {result.wins}, drew {result.draws}, lost {result.losses}; "
        f"{result.unfinished} unfinished after {MAX_MOVES} moves",
    ]
    if n:
        low, high = wilson_interval(result.wins, n)
        lines.append(f"win rate {result.wins / n:.1%} (95% CI {low:.1%} to {high:.1%}, Wilson)")
        mean = statistics.fmean(result.margins)
        half = 1.96 * statistics.stdev(result.margins) / math.sqrt(n) if n > 1 else math.inf
        lines.append(
            f"mean margin {mean:+.1f} points (95% CI {mean - half:+.1f} to {mean + half:+.1f})"
        )
        greedy = statistics.fmean(mine for mine, _ in result.totals)
        random = statistics.fmean(theirs for _, theirs in result.totals)
        lines.append(
            f"mean score: greedy {greedy:.1f}, random {random:.1f}; "
            f"{statistics.fmean(result.lengths):.0f} moves per game on average"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Play the greedy bot against the random player.")
    parser.add_argument("--games", type=int, default=300, help="how many games (default 300)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the first game")
    parser.add_argument("--time", action="store_true", help="also print how long it took")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    start = time.perf_counter()
    result = play_match(args.games, args.seed)
    elapsed = time.perf_counter() - start
    print("\n".join(report(result, args.seed)))
    if args.time:
        print(f"time {elapsed:.1f} s ({elapsed / args.games * 1000:.0f} ms per game)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
