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

Each environment is timed right after the engine on the same games, so that a busy
machine slows the two alike, and on games no run played before: in round ``r`` the
environment ``k`` (0 raw_env, 1 env, 2 single) plays seeds ``(3r + k)·N`` to
``(3r + k + 1)·N − 1``. (The three environments share the caches of what they encoded;
when they played the same games one after the other, the second and third found the
first's entries there, which the engine, which keeps no such cache, never does.) Each
figure is a median over the rounds: the rates, and each environment's ratio to the
engine's rate on the same games. The target is an environment at least half as fast as
the engine (ratio ≥ 0.5). A run is timed in CPU time of the process (``time.process_time``:
on a shared machine, time spent waiting for a core is not counted), the garbage
collector off, as in ``timeit``; pin the process to one core (``taskset -c 1``) on a
shared machine.

``--old COMMIT`` runs the same rounds on that commit's package too (extracted with ``git
archive`` and imported beside this checkout's, as ``benchmarks/side_by_side.py`` does), old
and new alternating within each round, and prints both, each environment's ratio to its
own engine, and new against old. Before timing, it checks on the warm-up games that both
give the same observations, byte for byte, at every step.

``--count KIND GAMES`` plays 10 warm-up games then ``GAMES`` games of one kind of run
(``engine``, ``raw_env``, ``env``, ``single``) of the package on ``PYTHONPATH``, the
garbage collector off as in the timed runs, and prints the steps, for counting machine
instructions, which do not depend on the load: run
``valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/env_bench.py
--count raw_env 30 --players 2`` and the same with ``0`` games; the difference of the
"Collected" counts divided by the steps is the instructions of one step.
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
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

if __package__ in (None, ""):  # run as a script: import benchmarks.side_by_side from the root
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import drako_rules
import drako_rules.env
from benchmarks.side_by_side import extract, load

KINDS = ("engine", "raw_env", "env", "single")


def engine_run(lib: ModuleType, players: int, seeds: range) -> int:
    """Play the games with the bare engine of ``lib`` (a ``drako_rules`` package); return
    the number of decisions."""
    new_game, legal_moves, apply_move = lib.new_game, lib.legal_moves, lib.apply_move
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


def single_run(lib: ModuleType, players: int, seeds: range) -> int:
    """Play the games with ``lib``'s SingleAgentEnv (seat 0) against RandomPlayers; return
    decisions."""
    e = lib.env.SingleAgentEnv(opponents=[lib.RandomPlayer(1) for _ in range(players - 1)])
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


def runs(lib: ModuleType, n: int, seeds: range) -> dict[str, Callable[[], int]]:
    """The four kinds of run of ``lib`` for ``n`` players on the games of ``seeds``, by name."""
    return {
        "engine": lambda: engine_run(lib, n, seeds),
        "raw_env": lambda: aec_run(lambda: lib.env.raw_env(players=n), seeds),
        "env": lambda: aec_run(lambda: lib.env.env(players=n), seeds),
        "single": lambda: single_run(lib, n, seeds),
    }


def observations(lib: ModuleType, n: int, seeds: range) -> list[bytes]:
    """The bytes of every observation ``lib``'s raw_env gives in the AEC loop of the games,
    and of every seat's at every step (``observe`` of its view)."""
    e = lib.env.raw_env(players=n)
    out = []
    for seed in seeds:
        e.reset(seed=seed)
        pick = random.Random(seed).random
        for agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = e.last()
            out.append(obs["observation"].tobytes() + obs["action_mask"].tobytes())
            out.extend(lib.env.observe(e.view(a)).tobytes() for a in e.agents if a != agent)
            if terminated or truncated:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            e.step(int(legal[int(pick() * len(legal))]))
    return out


def episode_lengths(players: int, games: int) -> dict[str, float]:
    """The decisions of ``games`` random games (seeds 0, 1, …; ``play_random_game``): mean,
    median, 99th percentile (99% of the games are at most that long) and longest."""
    lengths = sorted(
        len(drako_rules.play_random_game(players, seed).record.moves) for seed in range(games)
    )
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


def measure(
    libs: dict[str, ModuleType], players: list[int], games: int, repeat: int
) -> dict[str, object]:
    """Steps per second of each kind of run of each library, by player count.

    In each of ``repeat`` rounds, each environment plays its own new games (no other run
    played them before: the environments' caches of what they encoded, shared by the three
    in one process, never hold those games already), and the engine plays the same games
    just before it. Within a round the libraries alternate (their order reversed from one
    round to the next). The figures are medians over the rounds: of the engine's rates
    (all its runs), of each environment's, and of each environment's ratio to the engine
    on the same games.
    """
    out: dict[str, object] = {}
    warm_up = range(10**6, 10**6 + 10)  # other games: the imports and the tables
    names = list(libs)
    envs = KINDS[1:]
    for n in players:
        for lib in libs.values():
            for run in runs(lib, n, warm_up).values():
                run()
        rates: dict[tuple[str, str], list[float]] = {(a, k): [] for a in names for k in KINDS}
        ratios: dict[tuple[str, str], list[float]] = {(a, k): [] for a in names for k in envs}
        decisions = 0
        for r in range(repeat):
            for i, kind in enumerate(envs):
                block = len(envs) * r + i
                seeds = range(block * games, (block + 1) * games)
                for name in names if r % 2 == 0 else names[::-1]:
                    kinds = runs(libs[name], n, seeds)
                    engine = timed(kinds["engine"])
                    rate = timed(kinds[kind])
                    rates[name, "engine"].append(engine)
                    rates[name, kind].append(rate)
                    ratios[name, kind].append(rate / engine)
                decisions += engine_run(drako_rules, n, seeds)
        figures: dict[str, object] = {
            "steps_per_game": {"mean": decisions / (games * repeat * len(envs))}
        }
        for name in names:
            figures[name] = {
                kind: {
                    "per_second": round(statistics.median(rates[name, kind])),
                    "ratio_to_engine": (
                        1.0 if kind == "engine" else round(statistics.median(ratios[name, kind]), 3)
                    ),
                }
                for kind in KINDS
            }
        out[str(n)] = figures
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each kind (default 5)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--old", metavar="COMMIT", help="also time this commit's package")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--count", nargs=2, metavar=("KIND", "GAMES"), help="play one kind only (for callgrind)"
    )
    parser.add_argument(
        "--warm",
        type=int,
        default=10,
        metavar="N",
        help="with --count: the warm-up games played first (default 10)",
    )
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
    if args.count:
        kind, games = args.count[0], int(args.count[1])
        for n in args.players:
            runs(drako_rules, n, range(10**6, 10**6 + args.warm))[kind]()
            gc.collect()
            gc.disable()  # as in the timed runs
            print(f"{n} players: {runs(drako_rules, n, range(games))[kind]()} steps")
            gc.enable()
        return 0
    libs = {"new": drako_rules}
    if args.old:
        with tempfile.TemporaryDirectory() as folder:
            libs = {"old": load(extract(args.old, Path(folder)), ["drako_rules.env"]), **libs}
        for n in args.players:
            check = range(10**6, 10**6 + 10)
            if observations(libs["old"], n, check) != observations(drako_rules, n, check):
                raise SystemExit(f"{args.old} and this checkout observe differently ({n} players)")
    result: dict[str, object] = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cpus": sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "old": args.old,
        "games_per_run": args.games,
        "repeat": args.repeat,
        "load_average_before": [round(x, 2) for x in os.getloadavg()],
    }
    result["players"] = measure(libs, args.players, args.games, args.repeat)
    result["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(
        f"CPython {result['python']} on {result['machine']}, CPUs {result['cpus']}, "
        f"{args.games} games x {args.repeat} runs, load average "
        f"{result['load_average_before']} before, {result['load_average_after']} after"
    )
    for n, figures in result["players"].items():  # type: ignore[attr-defined]
        print(f"{n} players ({figures['steps_per_game']['mean']:.1f} decisions a game):")
        for kind in KINDS:
            row = f"  {kind:8}"
            for name in libs:
                f = figures[name][kind]
                row += f"  {name} {f['per_second']:>8,} /s x{f['ratio_to_engine']:.2f}"
            if args.old:
                speed_up = figures["new"][kind]["per_second"] / figures["old"][kind]["per_second"]
                row += f"  new/old {speed_up:.2f}"
            print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
