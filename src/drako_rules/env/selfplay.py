"""Self-play for single-agent trainers: `SelfPlayEnv` and `policy_player`.

PettingZoo's recipe for action-masked PPO with Stable-Baselines3 turns an AEC
environment into a single-agent one by letting one network act for every seat in turn,
and hands each step the reward of the seat that just moved. In a game where the seat
that ends the game is not always the winner (R7.1, R5.6), only that seat ever sees a
terminal reward, and the network learns from a stream whose next observation belongs
to another player. ``SelfPlayEnv`` puts the learner in one seat per episode instead:

- **the learner's seat** is drawn for each episode from the reset's generator (or fixed
  with ``seat=``), so that over episodes every seat is learnt;
- **the other seats** are played by players drawn, one per seat and episode, from a pool
  of opponents: engine `Player`s, among them frozen
  copies of the learner made with `policy_player`
  (the trainer replaces the pool as it goes with
  `SelfPlayEnv.set_opponents`);
- **every seat gets its own terminal reward**: the learner's is the step's reward, and
  ``info["rewards"]`` gives each seat's, by seat (the zero-sum rewards of the final
  ranking, R5.6: they sum to 0); a game cut by the move limit gives 0 to every seat (R7.4).

Its interface is the one sb3-contrib's ``MaskablePPO`` expects with an ``"MlpPolicy"``:
the observation is the vector of `observe` alone
(a ``Box`` of 887 float32, a NumPy array), the actions ``Discrete(89)``, and the mask is
returned by ``action_masks()`` (booleans) and given in ``info["action_mask"]``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TypeAlias

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from drako_rules.cards import check_player_count
from drako_rules.env.actions import action_to_move, legal_mask
from drako_rules.env.arguments import (
    DEFAULT_MAX_MOVES,
    NO_GAME_YET,
    check_env_seed,
    check_max_moves,
    check_render_mode,
)
from drako_rules.env.encoder import ObservationEncoder
from drako_rules.env.episode import Episode
from drako_rules.env.layout import OBSERVATION_SIZE
from drako_rules.env.observation import observe
from drako_rules.env.render import view_text
from drako_rules.env.rewards import final_rewards, is_truncated
from drako_rules.errors import GameError, IllegalMoveError, quote
from drako_rules.game import (
    ACTION_SPACE_SIZE,
    GameRecord,
    GameState,
    Move,
    Player,
    PlayerView,
    RandomPlayer,
    legal_moves,
    player_view,
)
from drako_rules.rulesets import Ruleset, get_ruleset

__all__ = ["FORFEIT_REWARD", "Policy", "SelfPlayEnv", "check_players", "policy_player"]

#: The reward of an illegal action of the learner, which forfeits the game (R5.6's last place).
FORFEIT_REWARD: Final = -1.0

#: A network's way to play: given the observation vector (887 float32) and the mask of the
#: legal actions (89 booleans), it returns an action id.
Policy: TypeAlias = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], int]

#: The most opponents a pool may hold (a bound on what a trainer keeps in memory).
MAX_POOL: Final = 1000


def check_players(opponents: object, what: str = "opponents") -> tuple[Player, ...]:
    """``opponents`` as a tuple of players, each callable (an engine ``Player``), checked
    when an environment is built rather than at its first step.

    Raises:
        GameError: not a sequence of callables, or more than 1,000 of them.
    """
    if isinstance(opponents, str | bytes) or not isinstance(opponents, Sequence):
        raise GameError(f"{what} is a sequence of players (callables), not {quote(opponents)}")
    if len(opponents) > MAX_POOL:
        raise GameError(f"{what} holds at most {MAX_POOL} players, not {len(opponents)}")
    for i, player in enumerate(opponents):
        if not callable(player):
            raise GameError(
                f"{what}[{i}] is not a player: a player is a callable taking a PlayerView "
                f"and returning a move, not {quote(player)}"
            )
    return tuple(opponents)


def _check_pool(opponents: object) -> tuple[Player, ...]:
    pool = check_players(opponents, "the pool of opponents")
    if not pool:
        raise GameError("the pool of opponents holds at least one player")
    return pool


class _PolicyPlayer:
    """The player of a policy (see ``policy_player``); picklable when its policy is."""

    __slots__ = ("policy",)

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def __call__(self, view: PlayerView) -> Move:
        moves = view.legal_moves
        move = action_to_move(self.policy(observe(view), legal_mask(moves)))
        if move not in moves:
            raise IllegalMoveError(f"the policy chose {move}, which is not legal now")
        return move


def policy_player(policy: Policy) -> Player:
    """An engine `Player` that plays as ``policy`` chooses.

    The player encodes its view with `observe` and
    the mask of its legal moves (R8: nothing it may not see), asks ``policy`` for an action
    id, and returns that move. Frozen copies of a learner made this way play in
    `SelfPlayEnv`'s pool, in
    `SingleAgentEnv` or in an arena.

    Raises:
        GameError: ``policy`` is not callable.

    The player raises `IllegalMoveError` when the
    policy chooses an action that is not legal now.

    Examples:
        >>> import numpy as np
        >>> from drako_rules import new_game, player_view
        >>> first = policy_player(lambda obs, mask: int(np.flatnonzero(mask)[0]))
        >>> str(first(player_view(new_game(2, seed=1), 0)))
        'arrange 0123'
    """
    if not callable(policy):
        raise GameError(
            f"a policy is a callable (observation, mask) -> action, not {quote(policy)}"
        )
    return _PolicyPlayer(policy)


class SelfPlayEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """A Gymnasium environment for self-play: the learner holds one seat per episode, a pool
    of opponents the others, and every seat gets its own terminal reward.

    Args:
        players: 2, 3 or 4 (R1.3).
        opponents: the pool; for each episode, each other seat gets a player drawn from it
            with the reset's generator. None: a `RandomPlayer`
            seeded from the reset (so a seeded episode is reproducible) until
            ``set_opponents`` gives a pool.
        seat: the learner's seat for every episode; None (the default): drawn for each
            episode, uniformly.
        ruleset: ``"pocket"`` or ``"classic"`` (R9).
        max_moves: the decisions of all players together after which an unfinished game is
            truncated (R7.4), at least the player count; None for no limit.
        render_mode: None, ``"ansi"`` or ``"human"``: the learner's view as text.

    Raises:
        PlayerCountError: ``players`` is not 2, 3 or 4.
        GameError: opponents that are not players, a bad ``seat``, ``max_moves`` or
            ``render_mode``.
        RulesetError: an unknown ruleset.

    Examples:
        >>> e = SelfPlayEnv(players=3)
        >>> obs, info = e.reset(seed=5)
        >>> obs.shape, e.action_masks().dtype
        ((887,), dtype('bool'))
        >>> done = False
        >>> while not done:
        ...     action = int(np.flatnonzero(e.action_masks())[0])
        ...     obs, reward, terminated, truncated, info = e.step(action)
        ...     done = terminated or truncated
        ...
        >>> sum(info["rewards"]), reward == info["rewards"][info["seat"]]
        (0.0, True)
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        players: int = 2,
        opponents: Sequence[Player] | None = None,
        seat: int | None = None,
        ruleset: Ruleset | str = "pocket",
        max_moves: int | None = DEFAULT_MAX_MOVES,
        render_mode: str | None = None,
    ) -> None:
        count = check_player_count(players)
        pool = None if opponents is None else _check_pool(opponents)
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count
        ):
            raise GameError(
                f"the learner's seat is None or a seat from 0 to {count - 1}, not {quote(seat)}"
            )
        rules = get_ruleset(ruleset)
        limit = check_max_moves(max_moves)
        if limit is not None and limit < count:
            raise GameError(f"max_moves {limit} would cut the game before every seat arranges")
        mode = check_render_mode(render_mode)
        # every argument checked: nothing is kept before here
        self.players = count
        self.fixed_seat = seat
        self.ruleset = rules
        self.max_moves = limit
        self.render_mode = mode
        self._pool = pool
        self.observation_space = spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), np.float32)
        self.action_space = spaces.Discrete(ACTION_SPACE_SIZE)
        self._encoder = ObservationEncoder()
        #: The game being played: its state (``game_state``) and its record (``record()``).
        self.episode = Episode(self.players, self.ruleset)
        #: The learner's seat in the current episode.
        self.seat = 0 if seat is None else seat
        self._by_seat: dict[int, Player] = {}
        self._begun = False
        self._done = True
        self._legal: tuple[Move, ...] = ()  # the learner's legal moves now (for its mask)

    def set_opponents(self, opponents: Sequence[Player]) -> None:
        """Replace the pool of opponents from the next episode on (the current one goes on).

        Raises:
            GameError: not a sequence of 1 to 1,000 players (nothing changes then).
        """
        self._pool = _check_pool(opponents)

    @property
    def game_state(self) -> GameState:
        """The whole state of the current game (for logs, never for the learner, R8).

        Raises:
            GameError: ``reset`` has not been called.
        """
        return self.episode.game_state

    def record(self) -> GameRecord:
        """The record of the current game so far: its seed and every move (R2.8).

        Raises:
            GameError: ``reset`` has not been called.
        """
        return self.episode.record()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions now, as 89 booleans (sb3-contrib's masking hook), a
        new array: from the legal moves the last step found (nothing is encoded for it);
        all False once the episode is over.

        Raises:
            GameError: ``reset`` has not been called.
        """
        if not self._begun:
            raise GameError(NO_GAME_YET + " (action_masks needs a game)")
        return legal_mask(self._legal)

    def reset(
        self, *, seed: int | None = None, options: dict[str, object] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, object]]:
        """Deal a new game (``new_game(players, seed)``, R2.8), draw the learner's seat and
        the opponents, and play them up to the learner's first decision. ``options`` is
        ignored.

        Raises:
            GameError: ``seed`` is not None or a non-negative integer (nothing changes then).
        """
        check_env_seed(seed, gymnasium_seed=True)  # first: a refused seed changes nothing
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = seed if seed is not None else int(rng.integers(2**63))
        seat = self.fixed_seat if self.fixed_seat is not None else int(rng.integers(self.players))
        others = [s for s in range(self.players) if s != seat]
        if self._pool is None:
            move_seed = int(rng.integers(2**63))
            by_seat: dict[int, Player] = {s: RandomPlayer(move_seed + s) for s in others}
        else:
            pool = self._pool
            by_seat = {s: pool[int(rng.integers(len(pool)))] for s in others}
        self.episode.deal(game_seed)
        self.seat, self._by_seat = seat, by_seat
        self._begun, self._done = True, False
        terminated, truncated = self._play_opponents()
        assert not (terminated or truncated)  # every player arranges first (R2.5)
        obs, info = self._observation()
        if self.render_mode == "human":
            self.render()
        return obs, info

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, object]]:
        """Play the learner's ``action``, then the opponents up to its next decision or the end.

        An illegal action forfeits the game: terminated, reward −1, ``info["illegal_action"]``
        True, and no ``info["rewards"]`` (the game is not scored).

        Raises:
            GameError: ``reset`` has not been called, or the episode is over.
            InvalidMoveError: ``action`` is not an action id (nothing changes then).
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
        terminated, truncated = self._play_opponents()
        self._done = terminated or truncated
        obs, info = self._observation()
        reward = 0.0
        if terminated:
            rewards = final_rewards(self.episode.game_state)  # R5.6, R7.3
            info["rewards"] = rewards
            reward = rewards[self.seat]
        elif truncated:
            info["rewards"] = (0.0,) * self.players  # R7.4: not scored
        if self.render_mode == "human":
            self.render()
        return obs, reward, terminated, truncated, info

    def _play_opponents(self) -> tuple[bool, bool]:
        """Let the other seats move until the learner's turn or the end: (terminated, truncated)."""
        episode = self.episode
        state = episode.game_state
        limit = self.max_moves
        while True:
            if state.is_over:
                return True, False
            if is_truncated(state, len(episode.moves), limit):
                return False, True
            seat = state.current_player
            if seat == self.seat:
                return False, False
            move = self._by_seat[seat](player_view(state, seat))
            try:
                state = episode.play(move)
            except IllegalMoveError as exc:
                raise IllegalMoveError(
                    f"opponent at seat {seat} chose {move}: {exc}", rule=exc.rule
                ) from exc

    def _observation(self) -> tuple[npt.NDArray[np.float32], dict[str, object]]:
        """The learner's observation and info now; keeps its legal moves for ``action_masks``."""
        state = self.episode.game_state
        live = not self._done and state.current_player == self.seat
        self._legal = legal_moves(state) if live else ()
        obs = self._encoder.observe_state(state, self.seat)
        return obs, {"action_mask": legal_mask(self._legal), "seat": self.seat}

    def render(self) -> str | None:
        """The learner's view as text (``"ansi"``), or printed (``"human"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = view_text(player_view(self.game_state, self.seat))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None
