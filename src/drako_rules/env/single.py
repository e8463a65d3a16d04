"""One learning seat against given players, as a Gymnasium environment: `SingleAgentEnv`.

For trainers that want one agent (Stable-Baselines3, CleanRL, Gymnasium's vector
environments): the other seats are played by engine `Player`s, each
seeing only its own view (R8), between the agent's decisions.

Spaces, observations and rewards are those of the AEC environment
(`drako_rules.env.aec`): ``Discrete(89)`` actions and a ``Dict`` observation with
``"observation"`` and ``"action_mask"``; ``info["action_mask"]`` and
`SingleAgentEnv.action_masks` give the mask again, as
masking trainers (sb3-contrib's ``MaskablePPO``) expect. The reward is 0 until the game
ends (R7.1), then the agent's `rewards_from_places` (R5.6); a game
not over after ``max_moves`` decisions of all players is *truncated* with reward 0 (R7.4).

An action that is not legal *forfeits* the game: the episode terminates with reward −1,
the last place's, and ``info["illegal_action"]`` is True. (Gymnasium's checks and
unmasked trainers send any action of the space; a forfeit is what a table would rule. The
game is not scored: the other seats' rewards do not exist here.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from drako_rules.cards import check_player_count
from drako_rules.env.actions import action_to_move, legal_mask, moves_mask
from drako_rules.env.arguments import (
    DEFAULT_MAX_MOVES,
    NO_GAME_YET,
    check_env_seed,
    check_max_moves,
    check_render_mode,
)
from drako_rules.env.encoder import ObservationEncoder
from drako_rules.env.episode import Episode
from drako_rules.env.render import view_text
from drako_rules.env.rewards import final_rewards, is_truncated
from drako_rules.env.selfplay import check_players
from drako_rules.env.spaces import Observation, observation_space
from drako_rules.errors import GameError, IllegalMoveError, quote
from drako_rules.game import (
    ACTION_SPACE_SIZE,
    GameRecord,
    GameState,
    Move,
    Player,
    RandomPlayer,
    legal_moves,
    player_view,
)
from drako_rules.rulesets import Ruleset, get_ruleset

__all__ = ["FORFEIT_REWARD", "SingleAgentEnv"]

#: The reward of an illegal action, which forfeits the game: the last place's (R5.6).
FORFEIT_REWARD: Final = -1.0


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """A Gymnasium environment where the agent plays seat ``seat`` and ``opponents`` the others.

    Args:
        opponents: the players of the other seats, in seat order (skipping ``seat``); the
            game has ``len(opponents) + 1`` players (2–4, R1.3). None: one
            `RandomPlayer`, whose choices come from the seed of
            ``reset`` (so a seeded episode is reproducible). Given players keep their own
            state (a ``RandomPlayer``'s generator goes on from episode to episode): for
            reproducible seeded episodes, give players that depend on the view alone, or
            reseed them before ``reset``.
        seat: the agent's seat, 0 by default; seat 0 moves first (R2.7).
        ruleset: ``"pocket"`` or ``"classic"`` (R9).
        max_moves: the decisions of all players together after which an unfinished game
            is truncated (R7.4), more than ``seat``; None for no limit.
        render_mode: None, ``"ansi"`` or ``"human"``: the agent's view as text.

    Raises:
        PlayerCountError: not 1 to 3 opponents.
        GameError: ``opponents`` is not a sequence of players (callables), ``seat`` is
            not a seat of the game, or a bad ``max_moves`` or ``render_mode``.
        RulesetError: an unknown ruleset.

    Examples:
        >>> e = SingleAgentEnv()
        >>> obs, info = e.reset(seed=3)
        >>> obs["observation"].shape, int(info["action_mask"].sum())
        ((887,), 24)
        >>> total, done = 0.0, False
        >>> while not done:
        ...     action = int(np.flatnonzero(obs["action_mask"])[0])  # the first legal action
        ...     obs, reward, terminated, truncated, info = e.step(action)
        ...     total, done = total + reward, terminated or truncated
        ...
        >>> total in (-1.0, 0.0, 1.0)
        True
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        opponents: Sequence[Player] | None = None,
        seat: int = 0,
        ruleset: Ruleset | str = "pocket",
        max_moves: int | None = DEFAULT_MAX_MOVES,
        render_mode: str | None = None,
    ) -> None:
        self._default_opponents = opponents is None
        self._opponents: list[Player] = (
            [RandomPlayer()] if opponents is None else list(check_players(opponents))
        )
        self.players = check_player_count(len(self._opponents) + 1)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise GameError(
                f"the agent's seat is a seat from 0 to {self.players - 1} of a "
                f"{self.players}-player game, not {quote(seat)}"
            )
        self.seat = seat
        self.ruleset = get_ruleset(ruleset)
        self.max_moves = check_max_moves(max_moves)
        if self.max_moves is not None and self.max_moves <= self.seat:
            raise GameError(
                f"max_moves {self.max_moves} would cut the game before seat {self.seat} arranges"
            )
        self.render_mode = check_render_mode(render_mode)
        self.observation_space = observation_space()  # type: ignore[assignment]
        self.action_space = spaces.Discrete(ACTION_SPACE_SIZE)
        self._encoder = ObservationEncoder()
        #: The game being played: its state (``game_state``) and its record (``record()``).
        self.episode = Episode(self.players, self.ruleset)
        self._done = True  # no episode begun: step() needs reset() first
        self._begun = False
        self._legal: tuple[Move, ...] = ()  # the agent's legal moves now (for its mask)
        others = [s for s in range(self.players) if s != self.seat]
        self._by_seat: dict[int, Player] = dict(zip(others, self._opponents, strict=True))

    @property
    def game_state(self) -> GameState:
        """The whole state of the current game, hidden cards included (for logs, not agents, R8).

        Raises:
            GameError: ``reset`` has not been called.
        """
        return self.episode.game_state

    def record(self) -> GameRecord:
        """The record of the current game so far: its seed and every move (R2.8)."""
        return self.episode.record()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the agent now, as 89 booleans (sb3-contrib's masking hook),
        a new array: those of the observation's mask, from the legal moves the last step
        found (nothing is encoded for it); all False once the episode is over.

        Raises:
            GameError: ``reset`` has not been called.
        """
        if not self._begun:
            raise GameError(NO_GAME_YET + " (action_masks needs a game)")
        return legal_mask(self._legal)

    def reset(
        self, *, seed: int | None = None, options: dict[str, object] | None = None
    ) -> tuple[Observation, dict[str, object]]:
        """Deal a new game (``new_game(players, seed)``, R2.8) and play the opponents up to the
        agent's first decision. ``options`` is ignored.

        Raises:
            GameError: ``seed`` is not None or a non-negative integer; the game, its record
                and the generator stay as they were.
        """
        check_env_seed(seed, gymnasium_seed=True)  # first: a refused seed changes nothing
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**63))
        if self._default_opponents:
            move_seed = int(self.np_random.integers(2**63))
            self._by_seat = {s: RandomPlayer(move_seed + s) for s in self._by_seat}
        self.episode.deal(game_seed)
        self._done, self._begun = False, True
        terminated, truncated, _ = self._play_opponents()
        assert not (terminated or truncated)  # every player arranges first (R2.5)
        obs, info = self._observation()
        if self.render_mode == "human":
            self.render()
        return obs, info

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, float, bool, bool, dict[str, object]]:
        """Play the agent's ``action``, then the opponents up to its next decision.

        Raises:
            GameError: the episode is over (call ``reset``).
            InvalidMoveError: ``action`` is not an action id.
        """
        if self._done:
            raise GameError("the episode is over: call reset()" if self._begun else NO_GAME_YET)
        move = action_to_move(action)
        try:
            self.episode.play(move)
        except IllegalMoveError:
            self._done = True
            obs, info = self._observation()
            info["illegal_action"] = True
            return obs, FORFEIT_REWARD, True, False, info
        terminated, truncated, reward = self._play_opponents()
        self._done = terminated or truncated
        obs, info = self._observation()
        if self.render_mode == "human":
            self.render()
        return obs, reward, terminated, truncated, info

    def _play_opponents(self) -> tuple[bool, bool, float]:
        """Let the other seats move until the agent's turn or the end; (terminated, truncated, reward)."""
        episode = self.episode
        state = episode.game_state
        limit = self.max_moves
        while True:
            if state.is_over:
                return True, False, final_rewards(state)[self.seat]
            if is_truncated(state, len(episode.moves), limit):
                return False, True, 0.0
            seat = state.current_player
            if seat == self.seat:
                return False, False, 0.0
            move = self._by_seat[seat](player_view(state, seat))
            try:
                state = episode.play(move)
            except IllegalMoveError as exc:
                raise IllegalMoveError(
                    f"opponent at seat {seat} chose {move}: {exc}", rule=exc.rule
                ) from exc

    def _observation(self) -> tuple[Observation, dict[str, object]]:
        """The agent's observation and info now; keeps its legal moves for ``action_masks``."""
        state = self.episode.game_state
        live = not self._done and state.current_player == self.seat
        self._legal = legal_moves(state) if live else ()
        mask = moves_mask(self._legal)
        obs: Observation = {
            "observation": self._encoder.observe_state(state, self.seat),
            "action_mask": mask,
        }
        return obs, {"action_mask": mask}

    def render(self) -> str | None:
        """The agent's view as text (``"ansi"``), or printed (``"human"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = view_text(player_view(self.game_state, self.seat))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None
