"""How fast the learning environments run, beside the bare engine (needs the ``rl`` extra).

Run ``python benchmarks/env_bench.py`` (``--games N`` games per run, ``--repeat R`` runs,
``--players 2 3 4``). On one core, it measures, for the same games (the same seeds and the
same random choices, drawn uniformly among the legal moves):

- ``engine``: the bare engine's decisions per second: ``legal_moves`` then ``apply_move``
  of one of them, as ``play_random_game`` does;
- ``raw_env``: steps per second of ``drako_rules.env.raw_env`` in PettingZoo's loop
  (``agent_iter``, ``last()``, a random action of the mask, ``step``): every step computes
  the acting agent's observation and mask (a random action of the mask: one of the ids
  ``mask.nonzero()[0]`` gives, as numpy agents sample);
- ``env``: the same loop through PettingZoo's wrappers (``drako_rules.env.env``);
- ``single``: steps per second of ``SingleAgentEnv`` against ``RandomPlayer``, counting
  every decision of the game (the agent's steps and the opponent's moves played inside them).

The four kinds of run alternate (engine, raw_env, env, single, engine, …) so that a busy
machine slows them alike; each round of the four plays new games (seeds ``r·N`` to
``r·N + N − 1`` in round ``r``, the same for the four), so that no cache carries one
round's games into the next; each figure is the median of the runs, with the ratio of
each environment to the engine. The target is an environment at least half as fast as the
engine (ratio ≥ 0.5). A run is timed in CPU time of the process (``time.process_time``:
on a shared machine, time spent waiting for a core is not counted), the garbage
collector off, as in ``timeit``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable

from drako_rules import apply_move, legal_moves, new_game, play_random_game
from drako_rules.env import SingleAgentEnv, env, raw_env


def engine_run(players: int, seeds: range) -> int:
    """Play the games with the bare engine; return the number of decisions."""
    decisions = 0
    for seed in seeds:
        state = new_game(players, seed)
        pick = random.Random(seed).random
        while True:
            moves = legal_moves(state)
            if not moves:
                break
            state = apply_move(state, moves[int(pick() * len(moves))])
            decisions += 1
    return decisions


def aec_run(make: Callable[[], object], seeds: range) -> int:
    """Play the games in PettingZoo's AEC loop; return the number of live steps."""
    e = make()
    steps = 0
    for seed in seeds:
        e.reset(seed=seed)  # type: ignore[attr-defined]
        pick = random.Random(seed).random
        for _agent in e.agent_iter():  # type: ignore[attr-defined]
            obs, _reward, terminated, truncated, _info = e.last()  # type: ignore[attr-defined]
            if terminated or truncated:
                e.step(None)  # type: ignore[attr-defined]
                continue
            legal = obs["action_mask"].nonzero()[0]
            e.step(int(legal[int(pick() * len(legal))]))  # type: ignore[attr-defined]
            steps += 1
    return steps


def single_run(players: int, seeds: range) -> int:
    """Play the games with SingleAgentEnv (seat 0) against RandomPlayers; return decisions."""
    from drako_rules import RandomPlayer

    e = SingleAgentEnv(opponents=[RandomPlayer(1) for _ in range(players - 1)])
    decisions = 0
    for seed in seeds:
        obs, _info = e.reset(seed=seed)
        pick = random.Random(seed).random
        done = False
        while not done:
            legal = obs["action_mask"].nonzero()[0]
            obs, _r, terminated, truncated, _info = e.step(int(legal[int(pick() * len(legal))]))
            done = terminated or truncated
        decisions += len(e.record().moves)
    return decisions


def runs(n: int, seeds: range) -> dict[str, Callable[[], int]]:
    """The four kinds of run for ``n`` players on the games of ``seeds``, by name."""
    return {
        "engine": lambda: engine_run(n, seeds),
        "raw_env": lambda: aec_run(lambda: raw_env(players=n), seeds),
        "env": lambda: aec_run(lambda: env(players=n), seeds),
        "single": lambda: single_run(n, seeds),
    }


def episode_lengths(players: int, games: int) -> dict[str, float]:
    """The decisions of ``games`` random games (seeds 0, 1, …; ``play_random_game``): mean,
    median, 99th percentile (99% of the games are at most that long) and longest."""
    lengths = sorted(len(play_random_game(players, seed).record.moves) for seed in range(games))
    return {
        "mean": round(statistics.mean(lengths), 1),
        "median": statistics.median(lengths),
        "p99": lengths[len(lengths) * 99 // 100],
        "max": lengths[-1],
    }


def timed(run: Callable[[], int]) -> float:
    """Calls per second of one run (decisions or steps), the garbage collector off."""
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        count = run()
        elapsed = time.process_time() - start
    finally:
        gc.enable()
    return count / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each kind (default 5)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--lengths",
        type=int,
        metavar="N",
        help="instead, measure the episode lengths of N random games per player count",
    )
    args = parser.parse_args(argv)
    if args.lengths:
        lengths = {str(n): episode_lengths(n, args.lengths) for n in args.players}
        print(json.dumps(lengths, indent=2) if args.json else lengths)
        return 0
    result: dict[str, object] = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "games_per_run": args.games,
        "repeat": args.repeat,
        "load_average_before": [round(x, 2) for x in os.getloadavg()],
        "players": {},
    }
    warm_up = range(10**6, 10**6 + 10)  # other games: the imports and the tables
    for n in args.players:
        for run in runs(n, warm_up).values():
            run()
        rates: dict[str, list[float]] = {k: [] for k in runs(n, warm_up)}
        decisions = 0
        for r in range(args.repeat):
            seeds = range(r * args.games, (r + 1) * args.games)
            for kind, run in runs(n, seeds).items():
                rates[kind].append(timed(run))
            decisions += engine_run(n, seeds)
        medians = {k: statistics.median(v) for k, v in rates.items()}
        figures = {
            k: {"per_second": round(m), "ratio_to_engine": round(m / medians["engine"], 3)}
            for k, m in medians.items()
        }
        figures["steps_per_game"] = {"mean": decisions / (args.games * args.repeat)}
        result["players"][str(n)] = figures  # type: ignore[index]
    result["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(
            f"CPython {result['python']} on {result['machine']}, {args.games} games x {args.repeat} runs"
            f", load average {result['load_average_before']} before, "
            f"{result['load_average_after']} after"
        )
        for n, figures in result["players"].items():  # type: ignore[attr-defined]
            print(f"{n} players ({figures['steps_per_game']['mean']:.1f} decisions a game):")
            for kind in ("engine", "raw_env", "env", "single"):
                f = figures[kind]
                print(f"  {kind:8} {f['per_second']:>8,} /s  x{f['ratio_to_engine']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
