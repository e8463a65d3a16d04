"""Learning agents (optional extra ``rl``): the game as a PettingZoo and a Gymnasium environment.

Install with ``pip install drako-rules[rl]`` (PettingZoo, Gymnasium, NumPy); the rest of
drako-rules does not need them.

| name | what |
|---|---|
| `env`, `raw_env` | the PettingZoo AEC environment, wrapped and bare (also as ``drako_v0.env()``, the way PettingZoo's tutorials make environments) |
| `SingleAgentEnv` | a Gymnasium environment: one seat learns, given players take the others (``gymnasium.make("drako_rules/Drako-v0")``) |
| `SelfPlayEnv`, `policy_player` | self-play for single-agent trainers: every seat its own terminal reward (``gymnasium.make("drako_rules/DrakoSelfPlay-v0")``) |
| `Episode` | the game an environment runs: its state (`game_state`) and its record (R2.8) |
| `observe` | the observation vector of a `PlayerView` (R8), with its `LAYOUT` |
| `observe_state` | the same vector of a seat's view from the whole state, without building the view |
| `rewards_from_places` | the zero-sum rewards of a finished game (R5.6) |

The page "Train an agent" of the docs is the specification card of the environment.

Importing this package registers two Gymnasium environments, and does nothing else:
``"drako_rules/Drako-v0"`` (`SingleAgentEnv`) and
``"drako_rules/DrakoSelfPlay-v0"`` (`SelfPlayEnv`);
``gymnasium.make`` passes its keyword arguments to their constructors.
"""

from __future__ import annotations

try:
    import gymnasium as _gymnasium
    import numpy as _numpy  # noqa: F401
    import pettingzoo as _pettingzoo  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on what is installed
    raise ImportError(
        f"drako_rules.env needs the 'rl' extra (PettingZoo, Gymnasium, NumPy): "
        f"pip install 'drako-rules[rl]' ({exc})",
        name=exc.name,
    ) from exc

from drako_rules.env import drako_v0
from drako_rules.env.actions import action_mask, moves_mask
from drako_rules.env.aec import env, raw_env
from drako_rules.env.arguments import DEFAULT_MAX_MOVES, RENDER_MODES
from drako_rules.env.encoder import ObservationEncoder
from drako_rules.env.episode import Episode
from drako_rules.env.layout import (
    LAYOUT,
    MAX_PLAYERS,
    OBSERVATION_SIZE,
    SEAT_BLOCK_SIZE,
    SEAT_LAYOUT,
)
from drako_rules.env.observation import observe, observe_state
from drako_rules.env.render import view_text
from drako_rules.env.rewards import final_rewards, is_truncated, rewards_from_places
from drako_rules.env.selfplay import Policy, SelfPlayEnv, policy_player
from drako_rules.env.single import SingleAgentEnv
from drako_rules.env.spaces import (
    Observation,
    agent_observation,
    observation_space,
    state_observation,
)

#: The Gymnasium id of `SingleAgentEnv`.
GYMNASIUM_ID = "drako_rules/Drako-v0"
#: The Gymnasium id of `SelfPlayEnv`.
GYMNASIUM_SELFPLAY_ID = "drako_rules/DrakoSelfPlay-v0"

# Registration only (an entry point string: nothing is built here); once per process.
for _id, _entry in (
    (GYMNASIUM_ID, "drako_rules.env.single:SingleAgentEnv"),
    (GYMNASIUM_SELFPLAY_ID, "drako_rules.env.selfplay:SelfPlayEnv"),
):
    if _id not in _gymnasium.registry:
        _gymnasium.register(id=_id, entry_point=_entry)
del _id, _entry

__all__ = [
    "DEFAULT_MAX_MOVES",
    "GYMNASIUM_ID",
    "GYMNASIUM_SELFPLAY_ID",
    "LAYOUT",
    "MAX_PLAYERS",
    "OBSERVATION_SIZE",
    "RENDER_MODES",
    "SEAT_BLOCK_SIZE",
    "SEAT_LAYOUT",
    "Episode",
    "Observation",
    "ObservationEncoder",
    "Policy",
    "SelfPlayEnv",
    "SingleAgentEnv",
    "action_mask",
    "agent_observation",
    "drako_v0",
    "env",
    "final_rewards",
    "is_truncated",
    "moves_mask",
    "observation_space",
    "observe",
    "observe_state",
    "policy_player",
    "raw_env",
    "rewards_from_places",
    "state_observation",
    "view_text",
]


def __dir__() -> list[str]:
    """The public API (``__all__``): what ``dir()`` and a REPL's completion offer."""
    return sorted(__all__)
