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
  every decision of the game (the agent's steps and the opponent's moves played inside them);
- ``floor``: steps per second of [`FloorEnv`][benchmarks.env_bench.FloorEnv] in the same loop as
  ``raw_env``: an AEC environment that does all the rest of what ``raw_env`` must do at each
  step, each written for speed (the engine's move, written down; the end and the move limit; the
  ``agents``, ``rewards``, ``terminations``, ``truncations`` and ``infos`` of PettingZoo;
  ``agent_selection``; the dead steps; the real action mask) but returns as observation a
  copy of one constant array of 887 float32, the cheapest new writable array there is. Its
  ratio to the engine bounds what ``raw_env`` can reach with any encoding of the observation.

Each environment is timed right after the engine on the same games, so that a busy
machine slows the two alike, and on games no run played before: in round ``r`` the
environment ``k`` (0 raw_env, 1 env, 2 single, 3 floor) plays seeds ``(4r + k)·N`` to
``(4r + k + 1)·N − 1``. (The environments share the caches of what they encoded; had
they played the same games one after the other, the later ones would find the first's
entries there, which the engine, which keeps no such cache, never does.) Each
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

``--parts`` instead breaks a step of ``raw_env``, ``env`` and ``floor`` into its parts by the
clock, in microseconds: the games of each round are first played and their steps written
down (each state, the seat to act, its legal moves and its mask), then each part is timed
alone over those steps, in the order of the games: ``engine`` (``legal_moves`` and
``apply_move``, with the draw of a random move: the engine's decision above),
``observation`` (an ``ObservationEncoder``'s ``observe_state`` of the acting seat, as
``last()`` computes it; for ``floor``, the copy of its constant array), ``mask``
(``moves_mask`` of the legal moves), ``draw`` (the agent's ``mask.nonzero()[0]`` and
``int()`` of the id drawn); ``rest`` is the whole step, timed in the loop, less those
parts: PettingZoo's loop, the bookkeeping, and what the parts cost more in the loop than
alone (their code and data share the caches with the others' there).

``--count KIND GAMES`` plays 10 warm-up games then ``GAMES`` games of one kind of run
(``engine``, ``raw_env``, ``env``, ``single``, ``floor``) of the package on ``PYTHONPATH``, the
garbage collector off as in the timed runs, and prints the steps, for counting machine
instructions, which do not depend on the load: run
``valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/env_bench.py
--count raw_env 30 --players 2`` and the same with ``0`` games; the difference of the
"Collected" counts divided by the steps is the instructions of one step. NumPy's BLAS
threads are set to one (``OPENBLAS_NUM_THREADS=1``, unless set already) before NumPy is
imported: callgrind counts every thread, and idle BLAS threads that spin made two counts
of the same code differ by up to 10 %.
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
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

if __package__ in (None, ""):  # run as a script: import benchmarks.side_by_side from the root
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# One BLAS thread, set before NumPy's import (see the module's text).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import drako_rules
import drako_rules.env
from benchmarks.side_by_side import extract, load

KINDS = ("engine", "raw_env", "env", "single", "floor")
#: The kinds whose steps ``--parts`` breaks down.
PART_KINDS = ("raw_env", "env", "floor")
PARTS = ("engine", "observation", "mask", "draw", "rest")


class FloorEnv(AECEnv):  # type: ignore[misc]
    """The least an AEC environment of the game does at each step, its observation aside.

    What ``raw_env`` must do and nothing more, each written for speed: deal the game of
    the seed, play each action's move and write it down (for a record, R2.8, and the move
    limit, R7.4), end the game (every agent terminated, the
    rewards of the ranking accumulated, R5.6, the place and score in ``infos``) or
    truncate it (R7.4), move ``agent_selection``, and step the finished agents out
    (PettingZoo's dead steps). ``last()`` gives the real action mask (``moves_mask``) and,
    as observation, a copy of one constant array of 887 float32 (all 0): a new writable
    array, as the environment must return, at the least cost. Its steps per second bound
    those of ``raw_env`` with any encoding of the observation.

    Args:
        lib: the ``drako_rules`` package whose engine it plays.
        players: 2, 3 or 4 (R1.3).
    """

    metadata = {"render_modes": [], "name": "drako_floor", "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, lib: ModuleType = drako_rules, players: int = 2) -> None:
        super().__init__()
        env = lib.env
        self._lib = lib
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents: list[str] = []
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        space = env.observation_space()
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {
            a: spaces.Discrete(lib.ACTION_SPACE_SIZE) for a in self.possible_agents
        }
        self._constant = np.zeros(env.OBSERVATION_SIZE, np.float32)
        self._move_of = dict(enumerate(lib.MOVES))
        self._legal_moves = lib.legal_moves
        self._moves_mask = env.moves_mask
        self._new_game, self._apply_move = lib.new_game, lib.apply_move
        self.players = players
        #: The moves of the game so far (R2.8) and the move limit (R7.4).
        self.moves: list[object] = []
        self.max_moves: int = env.DEFAULT_MAX_MOVES
        self._state: drako_rules.GameState = self._new_game(players, 0)

    def observation_space(self, agent: str) -> object:
        """The space of the observations (that of ``raw_env``)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> object:
        """``Discrete(89)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: object = None) -> None:
        """Deal the game ``new_game(players, seed)`` (seed 0 when None)."""
        state = self._state = self._new_game(self.players, 0 if seed is None else seed)
        self.moves = []
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, object]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[state.current_player]

    def observe(self, agent: str) -> drako_rules.env.Observation:
        """The constant observation's copy and ``agent``'s real action mask."""
        state = self._state
        seat = self._seat[agent]
        moves = self._legal_moves(state) if seat == state.current_player else ()
        return {"observation": self._constant.copy(), "action_mask": self._moves_mask(moves)}

    def last(
        self, observe: bool = True
    ) -> tuple[drako_rules.env.Observation | None, float, bool, bool, dict[str, object]]:
        """As ``AECEnv.last``, and as ``raw_env.last``, by ``observe``."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The agent to act while one is live (a generator: the cheapest loop)."""

        def agents() -> Iterator[str]:
            for _ in range(max_iter):
                if not self.agents:
                    return
                yield self.agent_selection

        return agents()

    def render(self) -> None:
        """Nothing to show: the floor has no render mode."""

    def close(self) -> None:
        """Nothing to release."""

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to act (None for a finished agent)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self._move_of[action]  # type: ignore[index]  # None only for a dead step
        state = self._state = self._apply_move(self._state, move)
        moves = self.moves
        moves.append(move)  # what record() and the move limit need
        if state.is_over:
            lib = self._lib
            sheets = lib.final_scores(state)
            places = lib.ranking(sheets).places
            rewards = lib.env.rewards_from_places(places)
            for seat, name in enumerate(self.agents):
                self.rewards[name] = rewards[seat]
                self.terminations[name] = True
                self.infos[name] = {"place": places[seat], "score": sheets[seat].total}
            self._accumulate_rewards()
        elif len(moves) >= self.max_moves:
            for name in self.agents:
                self.truncations[name] = True
        self.agent_selection = self.possible_agents[state.current_player]


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
        "floor": lambda: aec_run(lambda: FloorEnv(lib, n), seeds),
    }


#: A step of the AEC loop written down: the state, the seat whose ``last()`` it is, its
#: legal moves (none for a finished agent's dead step) and its mask.
Step = tuple[object, int, tuple[object, ...], object]


def written_steps(
    lib: ModuleType, players: int, seeds: range
) -> tuple[list[Step], list[list[Step]]]:
    """The steps of ``aec_run`` on the games of ``seeds`` (the same choices), played with the
    engine: every ``last()`` of the loop (the live steps, then the finished agents' last
    observation, one a seat), and the live steps by game. The masks are built here with
    ``action_id``, not with ``moves_mask``, whose cache of masks would otherwise be filled
    with other tuples than the loop leaves there when the mask is timed."""
    new_game, legal_moves, apply_move = lib.new_game, lib.legal_moves, lib.apply_move
    action_id = lib.action_id

    def moves_mask(moves: tuple[object, ...]) -> object:
        mask = np.zeros(lib.ACTION_SPACE_SIZE, np.int8)
        mask[[action_id(move) for move in moves]] = 1
        return mask

    every: list[Step] = []
    games: list[list[Step]] = []
    for seed in seeds:
        state = new_game(players, seed)
        pick = random.Random(seed).random
        live: list[Step] = []
        while True:
            moves = legal_moves(state)
            if not moves:
                break
            live.append((state, state.current_player, moves, moves_mask(moves)))
            state = apply_move(state, moves[int(pick() * len(moves))])
        every.extend(live)
        every.extend((state, seat, (), moves_mask(())) for seat in range(players))
        games.append(live)
    return every, games


def part_runs(
    lib: ModuleType, every: list[Step], games: list[list[Step]], seeds: range, players: int
) -> dict[str, Callable[[], int]]:
    """Each part of a step timed alone over the written steps; each returns the live steps."""
    live = sum(map(len, games))
    moves_mask = lib.env.moves_mask
    constant = np.zeros(lib.env.OBSERVATION_SIZE, np.float32)

    def observation() -> int:
        observe_state = lib.env.ObservationEncoder().observe_state
        for state, seat, _moves, _mask in every:
            observe_state(state, seat)
        return live

    def constant_copy() -> int:
        copy = constant.copy
        for _ in every:
            copy()
        return live

    def mask() -> int:
        for _state, _seat, moves, _mask in every:
            moves_mask(moves)
        return live

    def draw() -> int:
        for seed, steps in zip(seeds, games, strict=True):
            pick = random.Random(seed).random
            for _state, _seat, _moves, mask in steps:
                legal = mask.nonzero()[0]  # type: ignore[attr-defined]
                int(legal[int(pick() * len(legal))])
        return live

    return {
        "engine": lambda: engine_run(lib, players, seeds),
        "observation": observation,
        "constant": constant_copy,
        "mask": mask,
        "draw": draw,
    }


def measure_parts(
    lib: ModuleType, players: list[int], games: int, repeat: int
) -> dict[str, dict[str, dict[str, float]]]:
    """Microseconds of a step of each kind of ``PART_KINDS`` and of its parts, by player count.

    In each round, each kind plays its own new games (as in ``measure``), timed whole in
    its loop, and each part is timed alone on the same games' written steps. The figures
    are medians over the rounds; ``rest`` is the median of the whole less the parts.
    """
    out: dict[str, dict[str, dict[str, float]]] = {}
    for n in players:
        warm_up = range(10**6, 10**6 + 10)
        every, by_game = written_steps(lib, n, warm_up)
        for run in (
            *runs(lib, n, warm_up).values(),
            *part_runs(lib, every, by_game, warm_up, n).values(),
        ):
            run()
        times: dict[tuple[str, str], list[float]] = {}
        for r in range(repeat):
            for i, kind in enumerate(PART_KINDS):
                block = len(PART_KINDS) * r + i
                seeds = range(block * games, (block + 1) * games)
                every, by_game = written_steps(lib, n, seeds)
                parts = part_runs(lib, every, by_game, seeds, n)
                # the floor's observation is the copy of its constant array; the others'
                # the encoder's: each kind times only its own
                constant = parts.pop("constant")
                if kind == "floor":
                    parts["observation"] = constant
                whole = 1e6 / timed(runs(lib, n, seeds)[kind])
                got = {part: 1e6 / timed(run) for part, run in parts.items()}
                got["step"] = whole
                got["rest"] = whole - sum(got[part] for part in PARTS[:-1])
                for part in ("step", *PARTS):
                    times.setdefault((kind, part), []).append(got[part])
        out[str(n)] = {
            kind: {
                part: round(statistics.median(times[kind, part]), 2) for part in ("step", *PARTS)
            }
            for kind in PART_KINDS
        }
    return out


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
        "--parts", action="store_true", help="instead, break a step into its parts (microseconds)"
    )
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
    if args.parts:
        load_before = [round(x, 2) for x in os.getloadavg()]
        parts = measure_parts(drako_rules, args.players, args.games, args.repeat)
        load_after = [round(x, 2) for x in os.getloadavg()]
        if args.json:
            print(
                json.dumps({"load_average": [load_before, load_after], "players": parts}, indent=2)
            )
            return 0
        print(
            f"CPython {platform.python_version()}, {args.games} games x {args.repeat} runs, "
            f"load average {load_before} before, {load_after} after; microseconds a step"
        )
        print(f"{'':11}{'step':>8}" + "".join(f"{part:>13}" for part in PARTS))
        for n, kinds in parts.items():
            for kind, cells in kinds.items():
                print(
                    f"{n}p {kind:8}{cells['step']:8.2f}"
                    + "".join(f"{cells[p]:13.2f}" for p in PARTS)
                )
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
