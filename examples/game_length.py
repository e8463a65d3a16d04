"""How long is a game? Moves and turns per game over seeded random games, by player count.

Every player picks uniformly among its legal moves (``play_random_game``); game ``k`` of
each player count has seed ``k``, so the figures are the same on every machine. A move is
one decision of the action space (an arrangement, a take, a draw, a placement, a reveal,
a claim or the end of a turn); a turn is one player's turn (R3).

    python examples/game_length.py              # 1000 games per player count
    python examples/game_length.py --games 50
"""

from __future__ import annotations

import argparse
import statistics

from drako_rules import play_random_game


def lengths(players: int, games: int) -> tuple[list[int], list[int]]:
    """Moves and turns of each of ``games`` random games for ``players`` players."""
    moves, turns = [], []
    for seed in range(games):
        game = play_random_game(players, seed=seed)
        moves.append(len(game.record.moves))
        turns.append(game.state.turn)
    return moves, turns


def summary(values: list[int]) -> str:
    """Mean, median and range of ``values``, as one table cell each."""
    mean, median = statistics.fmean(values), statistics.median(values)
    return f"{mean:6.1f} | {median:6.1f} | {min(values)}–{max(values)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    games = parser.parse_args().games
    print(f"{games} random games per player count (seeds 0–{games - 1})")
    print()
    print("| players | moves: mean | median | range | turns: mean | median | range |")
    print("|---|---|---|---|---|---|---|")
    for players in (2, 3, 4):
        moves, turns = lengths(players, games)
        print(f"| {players} | {summary(moves)} | {summary(turns)} |")


if __name__ == "__main__":
    main()
