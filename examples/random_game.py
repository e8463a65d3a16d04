"""Play one random game, print each turn's moves, the final Kingdoms and the ranking.

Run it with ``python examples/random_game.py [players] [seed]``.
"""

from __future__ import annotations

import sys

from drako_rules import (
    apply_move,
    final_ranking,
    final_scores,
    new_game,
    play_random_game,
)


def main(players: int = 2, seed: int = 2026) -> None:
    game = play_random_game(players, seed)
    state = new_game(players, seed)
    for move in game.record.moves:
        seat, turn = state.current_player, state.turn
        state = apply_move(state, move)
        print(f"turn {turn:3d}  player {seat}  {move}")
    assert state == game.state
    print()
    print(state)
    sheets = final_scores(state)
    result = final_ranking(state)
    for seat in result.order:
        sheet = sheets[seat]
        print(f"{result.places[seat]}. player {seat}: {sheet.total} points {sheet.as_dict()}")
    for tie in result.tie_breaks:
        print(tie.describe())


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
