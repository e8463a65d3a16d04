"""What an agent of the AEC environment observes: the ``Dict`` of its observation vector and
its action mask, `Observation`, and its space.

The vector is that of `observe` (R8); the mask that
of `moves_mask`, the moves of the player to move and
none for the others.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from drako_rules.env.actions import moves_mask
from drako_rules.env.encoder import ObservationEncoder
from drako_rules.env.layout import OBSERVATION_SIZE
from drako_rules.env.observation import observe, observe_state
from drako_rules.game import ACTION_SPACE_SIZE, GameState, PlayerView, legal_moves

__all__ = ["Observation", "agent_observation", "observation_space", "state_observation"]

#: An agent's observation: ``{"observation": float32[887], "action_mask": int8[89]}``.
Observation = dict[str, npt.NDArray[np.float32] | npt.NDArray[np.int8]]


def observation_space() -> spaces.Dict:
    """The space of `agent_observation`: a ``Dict`` of two ``Box``es."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (ACTION_SPACE_SIZE,), np.int8),
        }
    )


def agent_observation(view: PlayerView) -> Observation:
    """The observation ``Dict`` of ``view``'s player: the vector and the action mask (R8)."""
    return {"observation": observe(view), "action_mask": moves_mask(view.legal_moves)}


def state_observation(
    state: GameState, seat: int, encoder: ObservationEncoder | None = None
) -> Observation:
    """``agent_observation(player_view(state, seat))``, without building the view.

    For the environments, which hold the whole state: the vector of
    `observe_state` (computed by ``encoder``,
    the environment's own, if given) and the mask of the seat's legal moves, those of the
    player to move and none for the others (R8).

    Raises:
        GameError: ``seat`` is not a seat of the game.
    """
    obs = observe_state(state, seat) if encoder is None else encoder.observe_state(state, seat)
    moves = legal_moves(state) if seat == state.current_player else ()
    return {"observation": obs, "action_mask": moves_mask(moves)}
