"""The game engine (R2, R3, R6–R8): a whole game as pure functions over immutable state.

| module | holds |
|---|---|
| :mod:`~drako_rules.game.state` | :class:`GameState`, :class:`PlayerState`, :class:`Phase` and the phase machine |
| :mod:`~drako_rules.game.moves` | the :class:`Move` union, text forms, the action space |
| :mod:`~drako_rules.game.setup` | :func:`new_game` (R2) |
| :mod:`~drako_rules.game.transitions` | :func:`legal_moves`, :func:`apply_move` (R3, R6, R7), final scores |
| :mod:`~drako_rules.game.views` | :func:`player_view` (R8) |
| :mod:`~drako_rules.game.records` | :class:`GameRecord`, :func:`replay`, JSON |
| :mod:`~drako_rules.game.players` | :class:`RandomPlayer`, :func:`play_game`, :func:`play_random_game` |

Everything is re-exported from :mod:`drako_rules`.
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
    record_from_json,
    record_to_json,
    replay,
    save_record,
    state_from_json,
    state_to_json,
    view_from_json,
    view_to_json,
)
from drako_rules.game.setup import new_game
from drako_rules.game.state import GameState, Phase, PlayerState
from drako_rules.game.transitions import (
    apply_move,
    final_ranking,
    final_scores,
    legal_action_mask,
    legal_moves,
)
from drako_rules.game.views import PlayerView, player_view

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
    "new_game",
    "play_game",
    "play_random_game",
    "player_view",
    "random_move",
    "record_from_json",
    "record_to_json",
    "replay",
    "save_record",
    "state_from_json",
    "state_to_json",
    "view_from_json",
    "view_to_json",
]
