"""The game engine (R2, R3, R6–R8): a whole game as pure functions over immutable state.

| module | holds |
|---|---|
| `game.state` | `GameState`, `PlayerState`, `Phase` and the phase machine |
| `game.moves` | the `Move` union, text forms, the action space |
| `game.setup` | `new_game` (R2) |
| `game.transitions` | `legal_moves`, `apply_move` (R3, R6, R7), final scores |
| `game.views` | `player_view` (R8), `legal_action_mask` |
| `game.records` | `GameRecord`, `replay`, JSON |
| `game.sampling` | `sample_state`: the hidden cards of a view, dealt at random (R8) |
| `game.players` | `RandomPlayer`, `play_game`, `play_random_game` |

Everything is re-exported from `drako_rules`.
"""

from __future__ import annotations

from drako_rules.game.moves import (
    ACTION_SPACE_SIZE,
    MOVES,
    AnyMove,
    Arrange,
    Claim,
    Draw,
    End,
    Move,
    Place,
    Reveal,
    Take,
    action_id,
    move_from_action_id,
)
from drako_rules.game.players import (
    PlayedGame,
    Player,
    RandomPlayer,
    play_game,
    play_random_game,
    random_move,
)
from drako_rules.game.records import (
    GameRecord,
    check_state,
    load_record,
    move_from_json,
    move_to_json,
    record_from_json,
    record_to_json,
    replay,
    save_record,
    state_from_json,
    state_to_json,
    view_from_json,
    view_to_json,
)
from drako_rules.game.sampling import sample_state
from drako_rules.game.setup import new_game
from drako_rules.game.state import GameState, Phase, PlayerState
from drako_rules.game.transitions import (
    apply_move,
    final_ranking,
    final_scores,
    legal_moves,
)
from drako_rules.game.views import PlayerView, legal_action_mask, player_view

__all__ = [
    "ACTION_SPACE_SIZE",
    "MOVES",
    "AnyMove",
    "Arrange",
    "Claim",
    "Draw",
    "End",
    "GameRecord",
    "GameState",
    "Move",
    "Phase",
    "Place",
    "PlayedGame",
    "Player",
    "PlayerState",
    "PlayerView",
    "RandomPlayer",
    "Reveal",
    "Take",
    "action_id",
    "apply_move",
    "check_state",
    "final_ranking",
    "final_scores",
    "legal_action_mask",
    "legal_moves",
    "load_record",
    "move_from_action_id",
    "move_from_json",
    "move_to_json",
    "new_game",
    "play_game",
    "play_random_game",
    "player_view",
    "random_move",
    "record_from_json",
    "record_to_json",
    "replay",
    "sample_state",
    "save_record",
    "state_from_json",
    "state_to_json",
    "view_from_json",
    "view_to_json",
]


def __dir__() -> list[str]:
    """The public API (``__all__``): what ``dir()`` and a REPL's completion offer."""
    return sorted(__all__)
