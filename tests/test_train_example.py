"""examples/train_selfplay.py without torch: its environment part (the self-play
environments, the schedule of the opponents' pool with NumPy copies of a network, the
evaluation against RandomPlayer and the Wilson interval) runs as the script runs it.
Skipped when the optional extra ``rl`` is missing."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

import numpy as np

from drako_rules.env import SelfPlayEnv

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "train_selfplay.py"


@pytest.fixture(scope="module")
def script() -> ModuleType:
    """The script as a module, imported with torch and sb3-contrib made unimportable."""
    spec = importlib.util.spec_from_file_location("train_selfplay_example", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    blocked = {name: None for name in ("torch", "sb3_contrib", "stable_baselines3")}
    saved = {name: sys.modules.get(name) for name in blocked}
    sys.modules.update(blocked)  # type: ignore[arg-type]  # None: an import raises ImportError
    try:
        spec.loader.exec_module(module)
    finally:
        for name, was in saved.items():
            if was is None:
                del sys.modules[name]
            else:
                sys.modules[name] = was
    return module


def _network(script: ModuleType, seed: int) -> object:
    """A FrozenPolicy of random weights shaped as SB3's default MlpPolicy (64, 64)."""
    rng = np.random.default_rng(seed)
    sizes = [(64, 887), (64, 64)]
    layers = [(rng.normal(0, 0.1, size), np.zeros(size[0])) for size in sizes]
    out = (rng.normal(0, 0.1, (89, 64)), np.zeros(89))
    return script.FrozenPolicy(layers, out, seed)


def test_the_script_imports_without_torch(script: ModuleType) -> None:
    """The environment part of the script needs no torch: it is importable without it."""
    env = script.make_env()
    assert isinstance(env, SelfPlayEnv) and env.players == 2


def test_a_frozen_network_plays_only_legal_actions(script: ModuleType) -> None:
    """The NumPy copy of a network samples among the legal actions of the mask alone."""
    policy = _network(script, 1)
    env = script.make_env()
    obs, _ = env.reset(seed=2)
    for _ in range(20):
        mask = env.action_masks()
        action = policy(obs, mask)  # type: ignore[operator]
        assert mask[action]
        obs, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            obs, _ = env.reset()


def test_the_pool_schedule_trains_against_frozen_copies(script: ModuleType) -> None:
    """Stepped as the trainer steps its vector of environments, the schedule refreshes the
    pool every ``every`` steps with the last ``size`` frozen copies and a RandomPlayer;
    the copies then play the other seats, and every finished game gives each seat its
    reward, summing to 0."""
    envs = [script.make_env() for _ in range(2)]
    for k, env in enumerate(envs):
        env.reset(seed=k)
    schedule = script.PoolSchedule(every=50, size=2, seconds=600)
    pools: list[list[object]] = []

    def set_pool(pool: list[object]) -> None:
        pools.append(pool)
        for env in envs:
            env.set_opponents(pool)

    rng = np.random.default_rng(0)
    finished = 0
    for step in range(1, 301):
        for env in envs:
            action = int(rng.choice(np.flatnonzero(env.action_masks())))
            _, _, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                assert sum(info["rewards"]) == pytest.approx(0.0)
                assert len(info["rewards"]) == 2
                finished += 1
                env.reset()
        assert schedule.on_step(step * len(envs), lambda seed: _network(script, seed), set_pool)
    assert finished > 0
    assert len(pools) == 600 // 50 and len(schedule.frozen) == 2
    assert [len(pool) for pool in pools[:3]] == [2, 3, 3]  # copies, then one RandomPlayer


def test_evaluation_counts_every_game_and_the_interval(script: ModuleType) -> None:
    """The evaluation plays seeded games against RandomPlayer, half in each seat, and
    counts each as won, tied or lost; the 95 % Wilson interval of 196 wins of 200 is
    95.0–99.2 %."""
    first = lambda obs, mask: int(np.flatnonzero(mask)[0])  # noqa: E731
    wins, ties, losses = script.evaluate(first, 4)
    assert wins + ties + losses == 4
    assert script.evaluate(first, 4) == (wins, ties, losses)  # seeded: the same games
    low, high = script.wilson(196, 200)
    assert (round(low, 3), round(high, 3)) == (0.95, 0.992)
