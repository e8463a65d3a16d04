"""Players (R8): every one decides from its `PlayerView` only.

| player | how it decides |
|---|---|
| `RandomPlayer` | uniformly among the legal moves (the engine's) |
| `GreedyPlayer` | the move that leaves its revealed score highest, one move ahead |
| `SearchPlayer` | greedy's best moves rolled out to the end of the game over sampled hidden cards |

Each is a `Player`: a callable from a view to one of
``view.legal_moves``. `drako_rules.arena` plays them against each other.
"""

from __future__ import annotations

from drako_rules.game import RandomPlayer
from drako_rules.players.greedy import GreedyPlayer, greedy_move, move_values
from drako_rules.players.rollouts import quick_move
from drako_rules.players.search import (
    DEFAULT_ITERATIONS,
    DEFAULT_MOVES,
    SearchPlayer,
    state_leads,
)

__all__ = [
    "DEFAULT_ITERATIONS",
    "DEFAULT_MOVES",
    "GreedyPlayer",
    "RandomPlayer",
    "SearchPlayer",
    "greedy_move",
    "move_values",
    "quick_move",
    "state_leads",
]


def __dir__() -> list[str]:
    """The public API (``__all__``): what ``dir()`` and a REPL's completion offer."""
    return sorted(__all__)
