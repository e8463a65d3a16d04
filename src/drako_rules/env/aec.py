"""The game as a PettingZoo AEC environment: `env` and `raw_env`.

Laid out as PettingZoo's classic environments (chess, connect four): ``env(...)`` is the
environment wrapped in PettingZoo's ``OrderEnforcingWrapper`` (nothing before
``reset``), ``raw_env(...)`` the bare one. The classic environments'
``AssertOutOfBoundsWrapper`` is left out: the environment checks its actions itself and
raises a clear `InvalidMoveError` where that wrapper would
raise a bare ``AssertionError``, and it cost a quarter of the time of a step.

- **Agents** ``player_0`` … ``player_{n-1}``, one per seat; ``agent_selection`` is the
  player to move, who may make several decisions in a row (a turn is a claim, a card
  action, a placement; see `Phase`).
- **Actions** ``Discrete(89)``: the engine's action ids
  (`action_id`, R2.5, R3, R6.1).
- **Observations** a ``Dict`` with ``"observation"``, the 887 float32 values of
  `observe` (the agent's `PlayerView` only, R8), and
  ``"action_mask"``, 89 int8, 1 for each legal action (all 0 when it is not the agent's turn).
- **Rewards** 0 on every step but the last of a finished game, where each agent gets
  `rewards_from_places` of the final ranking (R5.6): zero-sum, in ``[−1, 1]``.
- **Termination** when the game ends (R7.1): every agent is terminated at once, and the
  ``infos`` of each give its ``place`` and ``score`` (R7.3).
- **Truncation** after ``max_moves`` decisions of all players together if the game has not
  ended: every agent is truncated, with reward 0 (R7.4); nothing is scored.
- **Seeding** ``reset(seed=s)`` deals the game of `new_game(players, s)`, so
  ``env.unwrapped.record()`` replays it; ``reset()`` without a seed deals the next game of
  a sequence that the last seed given decides (R2.8).
- **The loop**: ``last()``, ``observe()`` and ``agent_iter()`` give what PettingZoo's
  ``AECEnv`` gives (``agent_iter`` an `AgentIterable`,
  iterated by a generator), written for this environment to cost less at each step.
- **Illegal actions** raise `IllegalMoveError` and leave the game as it
  was: the mask says what is legal. (PettingZoo's ``TerminateIllegalWrapper`` is left out:
  its penalty for one player alone would break the zero-sum rewards.)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final, Literal, overload

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from drako_rules.cards import check_player_count
from drako_rules.env.actions import (
    MOVE_OF,
    action_mask,
    action_to_move,
    actions_mask,
    moves_mask,
)
from drako_rules.env.arguments import (
    DEFAULT_MAX_MOVES,
    GAME_OVER,
    NO_GAME_YET,
    RENDER_MODES,
    check_max_moves,
    check_render_mode,
    refuse_max_cycles,
)
from drako_rules.env.encoder import ObservationEncoder
from drako_rules.env.episode import Episode
from drako_rules.env.render import view_text
from drako_rules.env.rewards import is_truncated, rewards_from_places
from drako_rules.env.spaces import (
    Observation,
    agent_observation,
    observation_space,
    state_observation,
)
from drako_rules.errors import GameError
from drako_rules.game import (
    ACTION_SPACE_SIZE,
    GameRecord,
    GameState,
    PlayerView,
    final_scores,
    player_view,
)
from drako_rules.game.legal import seat_action_bits
from drako_rules.game.setup import check_seed
from drako_rules.rulesets import Ruleset, get_ruleset
from drako_rules.scoring import ranking

# The names of the actions, spaces and arguments modules that this module's documentation
# and its users have always reached here.
__all__ = [
    "DEFAULT_MAX_MOVES",
    "RENDER_MODES",
    "AgentIterable",
    "CheckedAgentIterable",
    "Observation",
    "action_mask",
    "agent_observation",
    "env",
    "moves_mask",
    "observation_space",
    "raw_env",
    "state_observation",
]


class AgentIterable:
    """What ``agent_iter`` returns: iterable like PettingZoo's ``AECIterable`` (each
    iteration yields ``agent_selection`` while ``agents`` is not empty, at most
    ``max_iter`` times), its iterator a generator rather than a Python ``__next__``."""

    __slots__ = ("env", "max_iter")

    def __init__(self, env: AECEnv, max_iter: int) -> None:
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:
        """A new iterator over the agents to act."""
        env = self.env
        for _ in range(self.max_iter):
            if not env.agents:
                return
            yield env.agent_selection


class raw_env(AECEnv):  # type: ignore[misc]
    """The game of drako-rules as a PettingZoo AEC environment, unwrapped.

    See the module documentation for agents, spaces, rewards, termination and truncation.

    Args:
        players: 2, 3 or 4 (R1.3).
        ruleset: the scoring rules, ``"pocket"`` or ``"classic"`` (R9).
        render_mode: None, ``"ansi"`` or ``"human"``.
        max_moves: the decisions (of all players together) after which an unfinished
            game is truncated (R7.4); None for no limit.
        max_cycles: refused: PettingZoo's name for a limit in cycles, which do not count
            this game's decisions (a player makes several in a row); use ``max_moves``.

    Raises:
        PlayerCountError: ``players`` is not 2, 3 or 4.
        RulesetError: an unknown ruleset.
        GameError: a bad ``render_mode`` or ``max_moves``, or any ``max_cycles``.

    Examples:
        >>> e = raw_env(players=2)
        >>> e.reset(seed=7)
        >>> e.agent_selection, int(e.action_space("player_0").n)
        ('player_0', 89)
        >>> obs, reward, terminated, truncated, info = e.last()
        >>> int(obs["action_mask"].sum())  # the 24 starting arrangements (R2.5)
        24
    """

    metadata: Final = {
        "render_modes": list(RENDER_MODES),
        "name": "drako_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        players: int = 2,
        ruleset: Ruleset | str = "pocket",
        render_mode: str | None = None,
        max_moves: int | None = DEFAULT_MAX_MOVES,
        *,
        max_cycles: None = None,
    ) -> None:
        super().__init__()
        refuse_max_cycles(max_cycles)
        self.players = check_player_count(players)
        self.ruleset = get_ruleset(ruleset)
        self.render_mode = check_render_mode(render_mode)
        self.max_moves = check_max_moves(max_moves)
        self.possible_agents: list[str] = [f"player_{i}" for i in range(self.players)]
        self.agents: list[str] = []
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.action_spaces = {
            agent: spaces.Discrete(ACTION_SPACE_SIZE) for agent in self.possible_agents
        }
        self.observation_spaces = {agent: observation_space() for agent in self.possible_agents}
        self._seeder = random.Random()
        self._encoder = ObservationEncoder()
        #: The game being played: its state (``game_state``) and its record (``record()``).
        self.episode = Episode(self.players, self.ruleset)
        self._state: GameState | None = None  # the episode's state, at hand for each step

    def observation_space(self, agent: str) -> spaces.Dict:
        """The ``Dict`` space of ``agent``'s observations (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """``Discrete(89)``: the engine's action ids."""
        return self.action_spaces[agent]

    @property
    def game_state(self) -> GameState:
        """The whole state of the current game, hidden cards included: for the trainer's
        logs and replays, never for an agent (R8).

        Raises:
            GameError: ``reset`` has not been called.
        """
        return self.episode.game_state

    def record(self) -> GameRecord:
        """The record of the current game so far: its seed and every move (R2.8)."""
        return self.episode.record()

    def view(self, agent: str) -> PlayerView:
        """What ``agent`` may see of the current game (R8)."""
        return player_view(self.game_state, self._seat[agent])

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: `agent_observation` of its view (R8).

        Raises:
            GameError: ``reset`` has not been called.
        """
        state = self._state
        if state is None:
            state = self.episode.game_state  # raises GameError: no game yet
        seat = self._seat[agent]
        return {
            "observation": self._encoder.observe_state(state, seat),
            "action_mask": actions_mask(seat_action_bits(state, seat)),
        }

    @overload
    def last(
        self, observe: Literal[True] = True
    ) -> tuple[Observation, float, bool, bool, dict[str, object]]: ...
    @overload
    def last(
        self, observe: bool
    ) -> tuple[Observation | None, float, bool, bool, dict[str, object]]: ...
    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, object]]:
        """The observation (if ``observe``), cumulative reward, termination, truncation and
        info of the agent to act, as PettingZoo's ``AECEnv.last`` gives them.

        Raises:
            GameError: ``reset`` has not been called, or every agent has stepped out of the
                finished game.
        """
        try:
            agent = self.agent_selection
            return (
                self.observe(agent) if observe else None,
                self._cumulative_rewards[agent],
                self.terminations[agent],
                self.truncations[agent],
                self.infos[agent],
            )
        except AttributeError:
            raise GameError(NO_GAME_YET) from None
        except KeyError:
            raise GameError(GAME_OVER) from None

    def agent_iter(self, max_iter: int = 2**63) -> AgentIterable:
        """The agent to act, as long as an agent is live and at most ``max_iter`` times, as
        PettingZoo's ``agent_iter`` yields it (step the agent on each iteration)."""
        return AgentIterable(self, max_iter)

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        """Deal a new game: ``new_game(players, seed)``, or the next seed of the sequence (R2.8).

        ``options`` is accepted as PettingZoo asks and ignored.

        Raises:
            GameError: ``seed`` is not None or an integer (R2.8); the game, its record and
                the sequence of seeds stay as they were.
        """
        if seed is None:
            state = self.episode.deal(self._seeder.getrandbits(63))
        else:
            state = self.episode.deal(check_seed(seed))  # refused: nothing changed
            self._seeder = random.Random(f"drako-rules/env/{seed}")
        self._state = state
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, object]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[state.current_player]
        if self.render_mode == "human":
            self.render()

    def step(self, action: int | np.integer | None) -> None:
        """Play ``action`` (an action id) for the agent to move; None for a finished agent.

        Raises:
            IllegalMoveError: the action is not legal now (see ``action_mask``).
            InvalidMoveError: not an action id.
            GameError: ``reset`` has not been called, or every agent has stepped out of the
                finished game.
        """
        try:
            agent = self.agent_selection
            done = self.terminations[agent] or self.truncations[agent]
        except AttributeError:
            raise GameError(NO_GAME_YET) from None
        except KeyError:
            raise GameError(GAME_OVER) from None
        if done:
            self._was_dead_step(action)
            return
        episode = self.episode
        move = MOVE_OF.get(action) if type(action) is int else None  # a Python int: at once
        state = self._state = episode.play(action_to_move(action) if move is None else move)
        # The acting agent's cumulative reward stays 0 (PettingZoo zeroes it here): every
        # reward is 0 until the last step, after which every agent is terminated.
        if state.is_over:
            # scored once (R7.3): the ranking, the rewards of its places (R5.6), the totals
            sheets = final_scores(state)
            places = ranking(sheets).places
            rewards = rewards_from_places(places)
            for seat, name in enumerate(self.agents):
                self.rewards[name] = rewards[seat]
                self.terminations[name] = True
                self.infos[name] = {"place": places[seat], "score": sheets[seat].total}
            self._accumulate_rewards()
        elif is_truncated(state, len(episode.moves), self.max_moves):
            for name in self.agents:
                self.truncations[name] = True
        self.agent_selection = self.possible_agents[state.current_player]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The view of the agent to move as text (``"ansi"``), or printed (``"human"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = view_text(self.view(self.agent_selection))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""


class CheckedAgentIterable(AgentIterable):
    """What the wrapped environment's ``agent_iter`` returns: as
    `AgentIterable`, with the check of PettingZoo's
    ``OrderEnforcingWrapper`` that each agent yielded was stepped before the next."""

    __slots__ = ()

    def __iter__(self) -> Iterator[str]:
        """A new iterator over the agents to act, checking that each one steps."""
        wrapper = self.env
        env = wrapper.env
        for _ in range(self.max_iter):
            if not env.agents:
                return
            agent = env.agent_selection
            assert wrapper._has_updated, (
                "need to call step() or reset() in a loop over `agent_iter`"
            )
            wrapper._has_updated = False
            yield agent


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` with the same checks (a library error for a
    method called before ``reset``), and the calls of the AEC loop (``agents``,
    ``agent_selection``, ``last``, ``step``) passed to the environment directly once it is
    reset, rather than through the wrapper's ``__getattr__`` on every attribute (which cost
    a third of a step)."""

    @property
    def agents(self) -> list[str]:
        """The environment's live agents (refused before ``reset``, as PettingZoo does)."""
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        agents: list[str] = self.env.agents
        return agents

    @property
    def agent_selection(self) -> str:
        """The agent to act (refused before ``reset``, as PettingZoo does)."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        agent: str = self.env.agent_selection
        return agent

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, object]]:
        """The environment's ``last()``.

        Raises:
            GameError: ``reset`` has not been called.
        """
        if not self._has_reset:
            raise GameError(NO_GAME_YET)
        return self.env.last(observe)  # type: ignore[no-any-return]

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        """The environment's ``reset``; the wrapper counts it as done only once the
        environment has accepted it (a refused seed changes nothing, R2.8).

        Raises:
            GameError: ``seed`` is not None or an integer.
        """
        self.env.reset(seed=seed, options=options)
        self._has_reset = True
        self._has_updated = True

    def agent_iter(self, max_iter: int = 2**63) -> CheckedAgentIterable:
        """The agents to act, as PettingZoo's wrapper yields them (each iteration checks
        that the last one stepped).

        Raises:
            GameError: ``reset`` has not been called.
        """
        if not self._has_reset:
            raise GameError(NO_GAME_YET)
        return CheckedAgentIterable(self, max_iter)

    def step(self, action: int | np.integer | None) -> None:
        """The environment's ``step``.

        Raises:
            GameError: ``reset`` has not been called, or every agent has stepped out of the
                finished game.
        """
        env = self.env
        if self._has_reset and env.agents:
            self._has_updated = True
            env.step(action)
        else:
            raise GameError(GAME_OVER if self._has_reset else NO_GAME_YET)

    def observe(self, agent: str) -> Observation | None:
        """The environment's ``observe``.

        Raises:
            GameError: ``reset`` has not been called.
        """
        if not self._has_reset:
            raise GameError(NO_GAME_YET)
        return super().observe(agent)  # type: ignore[no-any-return]

    def render(self) -> str | None:
        """The environment's ``render``.

        Raises:
            GameError: ``reset`` has not been called.
        """
        if not self._has_reset:
            raise GameError(NO_GAME_YET)
        return super().render()  # type: ignore[no-any-return]


def env(
    players: int = 2,
    ruleset: Ruleset | str = "pocket",
    render_mode: str | None = None,
    max_moves: int | None = DEFAULT_MAX_MOVES,
    *,
    max_cycles: None = None,
) -> AECEnv:
    """The environment, wrapped as PettingZoo's classic environments are.

    The arguments are those of `raw_env` (``max_cycles``
    refused with a `GameError`: use ``max_moves``);
    PettingZoo's ``OrderEnforcingWrapper`` checks that ``reset`` comes before anything
    else (a subclass of it that passes the calls of the AEC loop straight on once reset,
    and raises `GameError` for a method called before
    ``reset``; reading ``agents`` or ``agent_selection`` then raises PettingZoo's
    ``AttributeError``, as in every PettingZoo environment).

    Examples:
        >>> e = env(players=3, ruleset="classic")
        >>> e.reset(seed=1)
        >>> e.possible_agents
        ['player_0', 'player_1', 'player_2']
        >>> isinstance(e, wrappers.OrderEnforcingWrapper)
        True
    """
    wrapped: AECEnv = raw_env(players, ruleset, render_mode, max_moves, max_cycles=max_cycles)
    return _OrderEnforcing(wrapped)
