"""The environment benchmark's floor and its breakdown of a step: they run on a few games
and report what they say (never timed). Skipped when the optional extra ``rl`` is missing."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from benchmarks import env_bench
from pettingzoo.test import api_test

import drako_rules
from drako_rules.env import moves_mask, raw_env

# PettingZoo's checker warns about what every classic environment does: a Dict observation.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    # and about what the floor is: an observation of constant zeros
    pytest.mark.filterwarnings("ignore:Observation numpy array is all zeros:UserWarning"),
]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_floor_passes_pettingzoos_api_test(players: int) -> None:
    """The floor environment is a whole AEC environment by PettingZoo's own test: its
    bookkeeping (agents, rewards, terminations, truncations, dead steps) is complete."""
    api_test(env_bench.FloorEnv(drako_rules, players), num_cycles=200)


@pytest.mark.parametrize("players", [2, 4])
def test_the_floor_plays_raw_envs_games_with_its_masks_and_rewards(players: int) -> None:
    """On the same seeds and choices, the floor takes the steps raw_env takes, with the same
    masks, rewards, terminations and infos; only its observation is constant (all 0)."""
    floor, real = env_bench.FloorEnv(drako_rules, players), raw_env(players=players)
    for seed in range(3):
        floor.reset(seed=seed)
        real.reset(seed=seed)
        for agent in real.agent_iter():
            assert floor.agent_selection == agent
            (f_obs, *f_rest), (r_obs, *r_rest) = floor.last(), real.last()
            assert f_obs is not None
            assert f_rest == r_rest
            assert f_obs["action_mask"].tobytes() == r_obs["action_mask"].tobytes()
            assert not f_obs["observation"].any()
            legal = r_obs["action_mask"].nonzero()[0]
            action = None if r_rest[1] or r_rest[2] else int(legal[seed % len(legal)])
            floor.step(action)
            real.step(action)
        assert not floor.agents and floor.moves == list(real.record().moves)


def test_written_steps_are_the_loops_steps() -> None:
    """The steps the parts are timed on are those of aec_run: as many live steps, one last
    observation a seat at each game's end, and each mask that of moves_mask."""
    seeds = range(4)
    every, games = env_bench.written_steps(drako_rules, 3, seeds)
    live = env_bench.aec_run(lambda: raw_env(players=3), seeds)
    assert sum(map(len, games)) == live and len(every) == live + 3 * len(seeds)
    for _state, _seat, moves, mask in every:
        assert mask.tobytes() == moves_mask(moves).tobytes()  # type: ignore[arg-type, attr-defined]


def test_parts_add_up_to_the_step(capsys: pytest.CaptureFixture[str]) -> None:
    """--parts prints, for each kind broken down, a step and five parts whose sum is the step
    (the rest is what the others leave), each of the timed parts positive."""
    assert (
        env_bench.main(["--parts", "--games", "2", "--repeat", "1", "--players", "2", "--json"])
        == 0
    )
    parts = json.loads(capsys.readouterr().out)["players"]["2"]
    assert sorted(parts) == sorted(env_bench.PART_KINDS)
    for row in parts.values():
        assert sum(row[p] for p in env_bench.PARTS) == pytest.approx(row["step"], abs=0.05)
        assert all(row[p] > 0 for p in env_bench.PARTS[:-1])
