"""The environments' faults contained where they arise (issue 24 §3.4, §3.6) and how a
trainer reaches them (issue 26): a refused call changes nothing, use before ``reset`` or
after the end raises the library's errors, registration with Gymnasium and PettingZoo's
way of making environments. Skipped when the optional extra ``rl`` is missing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from drako_rules import DrakoError, GameError, RandomPlayer, legal_moves, replay
from drako_rules.env import (
    GYMNASIUM_ID,
    GYMNASIUM_SELFPLAY_ID,
    SelfPlayEnv,
    SingleAgentEnv,
    drako_v0,
    env,
    raw_env,
)

#: Seeds every environment refuses, each a different mistake (R2.8).
BAD_SEEDS: list[object] = [1.5, "7", True, b"1", [1], 2**200, object()]


def _play_some(e: object, moves: int) -> None:
    """Play the first legal action ``moves`` times in an AEC or a Gymnasium environment."""
    for _ in range(moves):
        if isinstance(e, SingleAgentEnv | SelfPlayEnv):
            e.step(int(np.flatnonzero(e.action_masks())[0]))
        else:
            assert isinstance(e, raw_env) or hasattr(e, "unwrapped")
            e.step(legal_moves(e.unwrapped.game_state)[0].action_id)  # type: ignore[attr-defined]


MAKERS: dict[str, Callable[[], object]] = {
    "raw_env": lambda: raw_env(players=3),
    "env": lambda: env(players=3),
    "single": lambda: SingleAgentEnv(opponents=[RandomPlayer(1), RandomPlayer(2)]),
    "selfplay": lambda: SelfPlayEnv(players=3, seat=0),
}


@settings(max_examples=30, deadline=None)
@given(
    kind=st.sampled_from(sorted(MAKERS)),
    bad=st.sampled_from(BAD_SEEDS),
    moves=st.integers(0, 6),
)
def test_a_refused_reset_keeps_the_game_and_its_record(kind: str, bad: object, moves: int) -> None:
    """reset(seed=bad) mid-game raises GameError and leaves the game, its record (seed and
    moves) and the next unseeded game as they were (R2.8)."""
    e, twin = MAKERS[kind](), MAKERS[kind]()
    for x in (e, twin):
        x.reset(seed=5)  # type: ignore[attr-defined]
        _play_some(x, moves)
    before = e.unwrapped.record()  # type: ignore[attr-defined]
    state = e.unwrapped.game_state  # type: ignore[attr-defined]
    with pytest.raises(GameError):
        e.reset(seed=bad)  # type: ignore[attr-defined]
    assert e.unwrapped.record() == before and e.unwrapped.game_state is state  # type: ignore[attr-defined]
    assert replay(before) == state
    _play_some(e, 1)  # the game goes on
    _play_some(twin, 1)
    assert e.unwrapped.record() == twin.unwrapped.record()  # type: ignore[attr-defined]
    e.reset()  # type: ignore[attr-defined]
    twin.reset()  # type: ignore[attr-defined]
    assert e.unwrapped.record().seed == twin.unwrapped.record().seed  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", ["single", "selfplay"])
def test_gymnasium_environments_refuse_a_negative_seed(kind: str) -> None:
    """Gymnasium seeds its generator with the seed: a negative one is refused by the library
    before anything changes."""
    e = MAKERS[kind]()
    with pytest.raises(GameError, match="not negative"):
        e.reset(seed=-1)  # type: ignore[attr-defined]
    with pytest.raises(GameError, match="no game yet"):
        e.record()  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_use_before_reset_raises_the_librarys_error(kind: str) -> None:
    """step, last/action_masks, observe, render and record before reset: GameError saying
    to call reset()."""
    e = MAKERS[kind]()
    calls: list[Callable[[], object]] = [lambda: e.step(0), lambda: e.unwrapped.record()]  # type: ignore[attr-defined]
    if kind in ("single", "selfplay"):
        calls.append(lambda: e.action_masks())  # type: ignore[attr-defined]
    else:
        calls += [lambda: e.last(), lambda: e.observe("player_0")]  # type: ignore[attr-defined]
    for call in calls:
        with pytest.raises(GameError, match=r"reset\(\)"):
            call()
    if kind == "env":
        with pytest.raises(GameError, match=r"reset\(\)"):
            e.agent_iter()  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_use_after_the_end_raises_the_librarys_error(kind: str) -> None:
    """Stepping a finished game raises GameError (the AEC environments once every agent has
    stepped out, as PettingZoo's loop does); a new reset plays again."""
    e = MAKERS[kind]()
    e.reset(seed=8)  # type: ignore[attr-defined]
    if kind in ("single", "selfplay"):
        done = False
        while not done:
            *_, terminated, truncated, _ = e.step(int(np.flatnonzero(e.action_masks())[0]))  # type: ignore[attr-defined]
            done = terminated or truncated
        assert not e.action_masks().any()  # type: ignore[attr-defined]
    else:
        for _ in e.agent_iter():  # type: ignore[attr-defined]
            obs, _, term, trunc, _ = e.last()  # type: ignore[attr-defined]
            e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))  # type: ignore[attr-defined]
        with pytest.raises(GameError, match="over"):
            e.last()  # type: ignore[attr-defined]
    with pytest.raises(GameError, match="over"):
        e.step(0)  # type: ignore[attr-defined]
    e.reset(seed=9)  # type: ignore[attr-defined]
    _play_some(e, 1)


@pytest.mark.parametrize(
    "opponents", [[object()], [RandomPlayer(), 3], "RandomPlayer", 5, [None, None]]
)
def test_single_agent_env_refuses_non_players_at_construction(opponents: object) -> None:
    """Opponents that are not players (callables) are refused when the environment is built,
    with a DrakoError naming what was expected; never at the first step."""
    with pytest.raises(GameError, match="player"):
        SingleAgentEnv(opponents=opponents)  # type: ignore[arg-type]


def test_max_cycles_is_refused_with_a_pointer_to_max_moves() -> None:
    """PettingZoo's max_cycles counts cycles, which this game's turns do not fit: refused
    with a library error that names max_moves."""
    for make in (env, raw_env, drako_v0.env, drako_v0.raw_env):
        with pytest.raises(GameError, match="max_moves"):
            make(max_cycles=100)  # type: ignore[arg-type]


def test_gymnasium_make_builds_the_registered_environments() -> None:
    """gymnasium.make("drako_rules/Drako-v0") is SingleAgentEnv with the given keywords;
    the self-play id is SelfPlayEnv; the mask is reached through the wrappers."""
    made = gymnasium.make(GYMNASIUM_ID, render_mode="ansi", max_moves=50)
    assert GYMNASIUM_ID == "drako_rules/Drako-v0"
    assert isinstance(made.unwrapped, SingleAgentEnv) and made.unwrapped.max_moves == 50
    obs, _ = made.reset(seed=1)
    assert obs["observation"].shape == (887,)
    assert made.get_wrapper_attr("action_masks")().sum() == 24  # R2.5: 24 arrangements
    rendered = made.render()
    assert isinstance(rendered, str) and rendered.startswith("player 0's view")
    selfplay = gymnasium.make(GYMNASIUM_SELFPLAY_ID, players=4)
    assert isinstance(selfplay.unwrapped, SelfPlayEnv) and selfplay.unwrapped.players == 4
    with pytest.raises(DrakoError):
        gymnasium.make(GYMNASIUM_ID, seat=7)


def test_pettingzoo_style_module_makes_the_environment() -> None:
    """drako_v0.env() and drako_v0.raw_env() as PettingZoo's tutorials make environments."""
    game = drako_v0.env(players=2, render_mode="ansi")
    game.reset(seed=3)
    assert game.agent_selection == "player_0"
    assert isinstance(game.unwrapped, drako_v0.raw_env)
    assert not hasattr(drako_v0, "parallel_env")


def test_action_masks_is_the_observations_mask() -> None:
    """action_masks() (computed from the legal moves alone) equals the mask the
    observation carries, at every step of a few games."""
    e = SingleAgentEnv()
    for seed in range(5):
        obs, _ = e.reset(seed=seed)
        done = False
        while not done:
            mask = e.action_masks()
            assert mask.dtype == np.bool_
            assert np.array_equal(mask, obs["action_mask"].astype(bool))
            obs, _, terminated, truncated, _ = e.step(int(np.flatnonzero(mask)[-1]))
            done = terminated or truncated
