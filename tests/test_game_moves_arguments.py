"""The engine's entry points refuse what is not a game state in words (DrakoTypeError,
GameError), never with an AttributeError from inside: legal moves, moves applied and final
scores of something that is not a GameState."""

from __future__ import annotations

import pytest

from drako_rules import DrakoError, apply_move, final_scores, legal_moves, new_game
from drako_rules.errors import DrakoTypeError


@pytest.mark.parametrize("bad", ["a game", None, 7, ("state",)])
def test_legal_moves_of_anything_but_a_game_state_is_a_type_error(bad: object) -> None:
    """``legal_moves`` of a string, None, a number or a tuple raises DrakoTypeError
    naming the GameState it takes."""
    with pytest.raises(DrakoTypeError, match="GameState"):
        legal_moves(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["a game", None, 7])
def test_apply_move_and_final_scores_of_anything_but_a_game_state_refuse_it(bad: object) -> None:
    """``apply_move`` and ``final_scores`` refuse a non-state with a DrakoError naming
    GameState, whatever the move."""
    move = legal_moves(new_game(2, seed=1))[0]
    with pytest.raises(DrakoError, match="GameState"):
        apply_move(bad, move)  # type: ignore[arg-type]
    with pytest.raises(DrakoError, match="GameState"):
        final_scores(bad)  # type: ignore[arg-type]
