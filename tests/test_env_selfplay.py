"""drako_rules.env.SelfPlayEnv: every seat's own terminal reward (R5.6, R7.3, R7.4) and the
interface sb3-contrib's MaskablePPO expects, checked without torch. Skipped when the
optional extra ``rl`` is missing."""

from __future__ import annotations

import pickle

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import render_test

from drako_rules import (
    Claim,
    Draw,
    GameError,
    GameState,
    IllegalMoveError,
    Legend,
    Position,
    RandomPlayer,
    Take,
    final_ranking,
    legal_moves,
    new_game,
    player_view,
    replay,
)
from drako_rules.env import (
    ObservationEncoder,
    SelfPlayEnv,
    SingleAgentEnv,
    env,
    moves_mask,
    policy_player,
)
from drako_rules.env.actions import legal_mask
from drako_rules.env.rewards import rewards_from_places


def _rewards(info: dict[str, object]) -> tuple[float, ...]:
    rewards = info["rewards"]
    assert isinstance(rewards, tuple)
    return rewards


def _play(env: SelfPlayEnv, seed: int, pick: int) -> tuple[float, dict[str, object]]:
    """Play one episode with the ``pick``-th legal action (mod their count); return the
    last reward and the last info."""
    env.reset(seed=seed)
    while True:
        legal = np.flatnonzero(env.action_masks())
        assert legal.size > 0  # the learner is asked only when it has a move
        _, reward, terminated, truncated, info = env.step(int(legal[pick % legal.size]))
        if terminated or truncated:
            return reward, info
        assert reward == 0.0  # no reward before the end (R7.1)


@settings(max_examples=20, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), pick=st.integers(0, 50))
def test_every_seat_gets_its_own_terminal_reward_summing_to_zero(
    players: int, seed: int, pick: int
) -> None:
    """At the end every seat has its reward of the final ranking (R5.6, R7.3): they sum to
    0, and the learner's step reward is its own seat's."""
    env = SelfPlayEnv(players=players)
    reward, info = _play(env, seed, pick)
    rewards = _rewards(info)
    assert len(rewards) == players and info["seat"] == env.seat
    assert sum(rewards) == pytest.approx(0.0)
    assert reward == rewards[env.seat]
    assert rewards == rewards_from_places(final_ranking(env.game_state).places)
    assert replay(env.record()) == env.game_state  # the record is the whole game (R2.8)


def test_every_seat_is_learnt_over_episodes() -> None:
    """The learner's seat is drawn per episode: over 40 episodes of 3 players each seat
    holds it, and each gets rewards of both signs; ``seat=`` fixes it."""
    env = SelfPlayEnv(players=3)
    seen: dict[int, set[float]] = {0: set(), 1: set(), 2: set()}
    for seed in range(40):
        reward, info = _play(env, seed, seed)
        seat = info["seat"]
        assert isinstance(seat, int)
        seen[seat].add(reward)
    assert all(any(r > 0 for r in got) and any(r < 0 for r in got) for got in seen.values())
    fixed = SelfPlayEnv(players=3, seat=2)
    assert {_play(fixed, seed, 0)[1]["seat"] for seed in range(5)} == {2}


def test_a_seeded_episode_is_reproducible() -> None:
    """The same seed deals the same game, seat and opponents' moves (R2.8)."""
    first, second = SelfPlayEnv(players=2), SelfPlayEnv(players=2)
    _play(first, 11, 3)
    _play(second, 11, 3)
    assert first.record() == second.record() and first.seat == second.seat


def test_interface_is_what_maskable_ppo_expects() -> None:
    """A Box observation (a NumPy array, Gymnasium's own checker passes), Discrete(89)
    actions, and ``action_masks()`` of booleans that are the legal moves of the learner."""
    env = SelfPlayEnv(players=2)
    check_env(env, skip_render_check=True)
    assert isinstance(env.observation_space, gymnasium.spaces.Box)
    assert isinstance(env.action_space, gymnasium.spaces.Discrete)
    obs, info = env.reset(seed=4)
    assert isinstance(obs, np.ndarray) and obs.dtype == np.float32
    assert env.observation_space.contains(obs)
    mask = env.action_masks()
    assert mask.dtype == np.bool_ and mask.shape == (env.action_space.n,)
    assert np.array_equal(mask, info["action_mask"])  # type: ignore[arg-type]
    state = env.game_state
    assert state.current_player == env.seat
    legal = {move.action_id for move in player_view(state, env.seat).legal_moves}
    assert set(np.flatnonzero(mask).tolist()) == legal
    mask[:] = False  # the caller's own copy
    assert env.action_masks().any()


def test_pool_players_and_frozen_policies_play_the_other_seats() -> None:
    """Opponents drawn from the pool play every other seat; a policy made a player with
    ``policy_player`` plays legal moves; ``set_opponents`` changes the pool."""
    calls: list[int] = []

    def last_legal(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        assert obs.shape == (887,) and mask.any()
        calls.append(1)
        return int(np.flatnonzero(mask)[-1])

    env = SelfPlayEnv(players=3, opponents=[policy_player(last_legal)])
    _, info = _play(env, 1, 0)
    assert calls and sum(_rewards(info)) == pytest.approx(0.0)
    env.set_opponents([RandomPlayer(1)])
    calls.clear()
    _play(env, 2, 0)
    assert not calls


def test_bad_construction_and_calls_are_refused() -> None:
    """Non-players, bad seats and use before ``reset`` raise GameError; a policy that
    chooses an illegal action raises IllegalMoveError when it plays."""
    for bad in ([1], "ab", [], None.__class__):
        with pytest.raises(GameError):
            SelfPlayEnv(opponents=bad)  # type: ignore[arg-type]
    with pytest.raises(GameError):
        SelfPlayEnv(players=2, seat=2)
    env = SelfPlayEnv()
    with pytest.raises(GameError, match="reset"):
        env.action_masks()
    with pytest.raises(GameError, match="reset"):
        env.step(0)
    with pytest.raises(GameError):
        env.set_opponents([object()])  # type: ignore[list-item]
    env.reset(seed=1)
    assert env.action_masks().any()  # the refused pool changed nothing
    illegal = policy_player(lambda obs, mask: int(np.flatnonzero(~mask)[0]))
    with pytest.raises(IllegalMoveError):
        illegal(player_view(new_game(2, seed=1), 0))


def test_an_illegal_learner_action_forfeits() -> None:
    """An action outside the mask ends the episode with −1 and no scored rewards."""
    env = SelfPlayEnv()
    env.reset(seed=3)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info.get("illegal_action")) == (-1.0, True, True)
    assert "rewards" not in info and not env.action_masks().any()
    with pytest.raises(GameError, match="over"):
        env.step(0)


@pytest.mark.parametrize("make", [SelfPlayEnv, SingleAgentEnv])
def test_action_masks_encodes_no_observation(
    make: type[SelfPlayEnv] | type[SingleAgentEnv], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``action_masks()`` gives the legal actions without encoding the observation again:
    no encoder is called for it, and it equals the mask of the last step's observation."""
    env = make()
    _, info = env.reset(seed=6)
    calls: list[int] = []
    original = ObservationEncoder.observe_state

    def counted(self: ObservationEncoder, state: GameState, seat: int) -> npt.NDArray[np.float32]:
        calls.append(seat)
        return original(self, state, seat)

    monkeypatch.setattr(ObservationEncoder, "observe_state", counted)
    for _ in range(3):
        mask = env.action_masks()
        assert not calls
        assert np.array_equal(mask, np.asarray(info["action_mask"], dtype=bool))
        legal = {move.action_id for move in legal_moves(env.game_state)}
        assert set(np.flatnonzero(mask).tolist()) == legal
        _, _, _, _, info = env.step(int(np.flatnonzero(mask)[0]))
        assert calls  # the step encodes its observation
        calls.clear()


def test_moves_mask_is_a_new_array_of_the_moves_ids() -> None:
    """``moves_mask`` marks each move's action id, also for a move built anew rather than
    taken from ``MOVES``; each call returns a new writable array."""
    built = (Take(Position(1, 2)), Draw(), Claim(Legend.parse("two-elves")))
    mask = moves_mask(built)
    assert set(np.flatnonzero(mask).tolist()) == {move.action_id for move in built}
    assert mask.dtype == np.int8 and mask.flags.writeable
    mask[:] = 0
    assert moves_mask(built).sum() == 3
    assert legal_mask(built).dtype == np.bool_ and legal_mask(()).sum() == 0


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoos_render_test_passes(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's render_test passes on ``env()`` in every render mode it declares; the
    "human" mode prints the acting agent's view."""
    render_test(lambda render_mode=None: env(players=players, render_mode=render_mode))
    assert "'s view:" in capsys.readouterr().out


def _first_legal(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
    return int(np.flatnonzero(mask)[0])


def test_a_policy_player_pickles_when_its_policy_does() -> None:
    """A frozen copy in a pool travels to worker processes (SB3's SubprocVecEnv pickles what
    ``set_opponents`` is given): a policy player pickles when its policy does, and plays the
    same afterwards."""
    player = policy_player(_first_legal)
    copy = pickle.loads(pickle.dumps(player))
    view = player_view(new_game(2, seed=4), 0)
    assert copy(view) == player(view)
