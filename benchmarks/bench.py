"""Benchmarks of drako-rules: how long the hot calls of a bot or a simulation take.

Run ``python benchmarks/bench.py`` (or ``nox -s bench``) for the full run, ``--quick`` for
a short one. Every benchmark runs on fixed inputs drawn from seeded ``random.Random``
generators, so two runs measure the same work and their JSON results can be compared with
``python benchmarks/compare.py OLD.json NEW.json``.

Timing is timeit-style: one *pass* calls the measured function once on every input; a
*run* repeats the pass enough times to last ``--min-time`` seconds; the run's time per
call is its total time divided by the number of calls. Runs are repeated ``--repeat``
times and the median, minimum and interquartile range of the per-call times are reported.
As in :mod:`timeit`, the garbage collector is off while a run is timed.

Adding a benchmark is one small function registered with :func:`benchmark`: it gets the
shared :class:`Inputs` and returns a :class:`Case` (one pass over its inputs, and how many
calls one pass makes). :func:`each` builds the common case "call ``fn`` on every input"::

    @benchmark("legends_met", "legends_met(k), full Kingdoms drawn uniformly", per="Kingdom")
    def _legends_met(inputs: Inputs) -> Case:
        return each(legends_met, inputs.uniform)

A benchmark of memory returns :class:`Sizes` instead: named figures in bytes, one value
per input, measured once (memory does not vary from run to run). They go to the result's
``memory`` section, apart from the times.
"""

from __future__ import annotations

import argparse
import datetime as dt
import enum
import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Final, TypedDict, TypeVar, final

import attrs

import drako_rules
from drako_rules import (
    Card,
    GameRecord,
    GameState,
    Kingdom,
    Position,
    Ruleset,
    apply_move,
    connections,
    deck,
    final_scores,
    legal_moves,
    legends_met,
    play_random_game,
    player_view,
    record_from_json,
    record_to_json,
    score,
)

#: Version of the JSON result format; bump it when a field changes meaning.
#: 2: the ``memory`` section.
SCHEMA: Final = 2
#: The seed of every input set (each set also mixes in its own name).
SEED: Final = 2026
RESULTS_DIR: Final = Path(__file__).resolve().parent / "results"

T = TypeVar("T")


@final
class Measurement(TypedDict):
    """The JSON result of one benchmark (times per call)."""

    what: str
    per: str
    calls_per_pass: int
    passes_per_run: int
    runs: list[float]  # seconds per call, one per timed run
    median_us: float
    min_us: float
    q1_us: float
    q3_us: float
    iqr_us: float


@final
class SizeStats(TypedDict):
    """One memory figure over the inputs, in bytes."""

    median: float
    min: int
    max: int
    mean: float


@final
class MemoryMeasurement(TypedDict):
    """The JSON result of one memory benchmark: each figure's statistics over the inputs."""

    what: str
    per: str
    unit: str
    count: int
    figures: dict[str, SizeStats]


class Environment(TypedDict):
    """Where and when the benchmarks ran, and which code they measured."""

    date: str
    python: dict[str, str]
    machine: dict[str, str | int | list[float] | None]
    drako_rules: dict[str, str | None]


class Settings(TypedDict):
    """How the benchmarks ran: input size, runs, least run time, seed."""

    size: int
    repeat: int
    min_time: float
    seed: int


class Result(Environment):
    """A whole JSON result: the environment, the settings and every measurement."""

    schema: int
    settings: Settings
    results: dict[str, Measurement]
    memory: dict[str, MemoryMeasurement]


# --- the registry --------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """What a benchmark measures: ``run()`` is one pass, making ``calls`` measured calls."""

    run: Callable[[], object]
    calls: int


@dataclass(frozen=True)
class Sizes:
    """What a memory benchmark measures: named figures in bytes, one value per input.

    Memory is measured once, not timed; the result reports each figure's median, minimum,
    maximum and mean in the ``memory`` section.
    """

    figures: dict[str, Sequence[int]]


#: What a benchmark function makes from the inputs: a timed case, or memory figures.
Make = Callable[["Inputs"], Case | Sizes]


@dataclass(frozen=True)
class Benchmark:
    """A registered benchmark: its name, what it measures in words, and its unit of work."""

    name: str
    what: str
    per: str
    make: Make


#: Every benchmark, by name, in the order they were registered (the order they run in).
BENCHMARKS: Final[dict[str, Benchmark]] = {}

M = TypeVar("M", bound=Make)


def benchmark(name: str, what: str, *, per: str = "call") -> Callable[[M], M]:
    """Register the decorated function as the benchmark ``name`` (``what`` says what it times)."""

    def register(make: M) -> M:
        if name in BENCHMARKS:
            raise ValueError(f"a benchmark called {name!r} is already registered")
        BENCHMARKS[name] = Benchmark(name, what, per, make)
        return make

    return register


def each(fn: Callable[[T], object], items: Sequence[T]) -> Case:
    """The case "call ``fn`` once on every item": one call per item."""

    def run() -> None:
        for item in items:
            fn(item)

    return Case(run, len(items))


# --- the inputs ----------------------------------------------------------------------------


@dataclass
class Inputs:
    """The shared, seeded inputs; each set is drawn on first use and then kept.

    Attributes:
        size: how many items each input set holds (1,000 in the full run).
        seed: the seed the sets are drawn from.
    """

    size: int
    seed: int = SEED
    _rngs: dict[str, random.Random] = field(default_factory=dict, repr=False)

    def rng(self, name: str) -> random.Random:
        """A generator of its own for the input set ``name``, seeded from ``seed`` and ``name``."""
        return random.Random(f"{self.seed}:{name}")

    @cached_property
    def uniform(self) -> tuple[Kingdom, ...]:
        """Full Kingdoms, each card drawn uniformly over the ten kinds."""
        rng = random.Random(self.seed)  # the inputs: random.Random(2026)
        cards = list(Card)
        return tuple(Kingdom(tuple(rng.choice(cards) for _ in range(16))) for _ in range(self.size))

    @cached_property
    def deck(self) -> tuple[Kingdom, ...]:
        """Full Kingdoms of 16 cards dealt from a shuffled deck, for 2, 3 and 4 players in turn (R1.3)."""
        rng = self.rng("deck")
        out = []
        for i in range(self.size):
            cards = list(deck(2 + i % 3))
            rng.shuffle(cards)
            out.append(Kingdom(tuple(cards[:16])))
        return tuple(out)

    @cached_property
    def partial(self) -> tuple[Kingdom, ...]:
        """Kingdoms during play: each uniform Kingdom with 0 to 12 cells left unexplored."""
        rng = self.rng("partial")
        out = []
        for k in self.uniform:
            cells: list[Card | None] = list(k.cells)
            for i in rng.sample(range(16), rng.randint(0, 12)):
                cells[i] = None
            out.append(Kingdom(tuple(cells)))
        return tuple(out)

    @cached_property
    def placements(self) -> tuple[tuple[Kingdom, Position, Card | None], ...]:
        """One (Kingdom, position, card) per partial Kingdom: a random cell and new card."""
        rng = self.rng("placements")
        choices: list[Card | None] = [*Card, None]
        return tuple(
            (k, Position.from_index(rng.randrange(16)), rng.choice(choices)) for k in self.partial
        )

    @cached_property
    def game_seeds(self) -> tuple[int, ...]:
        """Seeds of whole random games: one for every 10 items of ``size`` (at least one)."""
        rng = self.rng("games")
        return tuple(rng.randrange(2**32) for _ in range(max(1, self.size // 10)))

    @cached_property
    def records(self) -> tuple[GameRecord, ...]:
        """Records of whole random games, for 2, 3 and 4 players in turn, one per game seed."""
        return tuple(
            play_random_game(2 + i % 3, seed).record for i, seed in enumerate(self.game_seeds)
        )

    @cached_property
    def decisions(self) -> tuple[tuple[GameState, float], ...]:
        """States reached in play (R2-R7), each with the draw that picks its move.

        ``size`` states, 10 from each random game of :attr:`records` (2, 3 and 4 players in
        turn; more games are played if needed), drawn uniformly among the game's states
        before its end. With each comes a number ``u`` in [0, 1): the decision made there
        is ``legal[int(u * len(legal))]`` for ``legal = legal_moves(state)``, uniform over
        the legal moves.
        """
        rng = self.rng("decisions")
        out: list[tuple[GameState, float]] = []
        records = list(self.records)
        while len(out) < self.size:
            if not records:
                players = 2 + len(out) // 10 % 3
                records.append(play_random_game(players, rng.randrange(2**32)).record)
            record = records.pop(0)
            states = [state := record.start()]
            for move in record.moves[:-1]:
                states.append(state := apply_move(state, move))
            chosen = rng.sample(states, min(10, len(states), self.size - len(out)))
            out.extend((state, rng.random()) for state in chosen)
        return tuple(out)


# --- the benchmarks ------------------------------------------------------------------------


@benchmark("score", "score(k), totals only, full Kingdoms drawn uniformly", per="Kingdom")
def _score(inputs: Inputs) -> Case:
    return each(score, inputs.uniform)


@benchmark("score[deck]", "score(k), totals only, full Kingdoms dealt from decks", per="Kingdom")
def _score_deck(inputs: Inputs) -> Case:
    return each(score, inputs.deck)


@benchmark("score+lines", "score(k).lines, itemized, full Kingdoms drawn uniformly", per="Kingdom")
def _score_lines(inputs: Inputs) -> Case:
    return each(lambda k: score(k).lines, inputs.uniform)


@benchmark("legends_met", "legends_met(k), full Kingdoms drawn uniformly", per="Kingdom")
def _legends_met(inputs: Inputs) -> Case:
    return each(legends_met, inputs.uniform)


@benchmark("legends_met[deck]", "legends_met(k), full Kingdoms dealt from decks", per="Kingdom")
def _legends_met_deck(inputs: Inputs) -> Case:
    return each(legends_met, inputs.deck)


@benchmark("connections", "connections(k), full Kingdoms drawn uniformly", per="Kingdom")
def _connections(inputs: Inputs) -> Case:
    return each(connections, inputs.uniform)


@benchmark("Kingdom()", "Kingdom(cells) from a tuple of 16 cells", per="Kingdom")
def _kingdom(inputs: Inputs) -> Case:
    return each(Kingdom, [k.cells for k in inputs.partial])


@benchmark("Kingdom.parse", "Kingdom.parse(text) of the compact notation", per="Kingdom")
def _parse(inputs: Inputs) -> Case:
    return each(Kingdom.parse, [str(k) for k in inputs.partial])


@benchmark("Kingdom.replace", "k.replace(position, card), Kingdoms during play", per="call")
def _replace(inputs: Inputs) -> Case:
    placements = inputs.placements

    def run() -> None:
        for k, position, card in placements:
            k.replace(position, card)

    return Case(run, len(placements))


@benchmark(
    "positions_of", "k.unexplored_positions, Kingdoms during play (0-12 unexplored)", per="call"
)
def _positions_of(inputs: Inputs) -> Case:
    return each(lambda k: k.unexplored_positions, inputs.partial)


# --- the game engine -------------------------------------------------------------------------


def decide(state: GameState, u: float) -> GameState:
    """One decision of a random player: the legal moves, one drawn with ``u``, applied."""
    legal = legal_moves(state)
    return apply_move(state, legal[int(u * len(legal))])


@benchmark(
    "decision",
    "legal_moves(s) + apply_move(s, move), the move drawn uniformly, states reached in play",
    per="decision",
)
def _decision(inputs: Inputs) -> Case:
    decisions = inputs.decisions

    def run() -> None:
        for state, u in decisions:
            legal = legal_moves(state)
            apply_move(state, legal[int(u * len(legal))])

    return Case(run, len(decisions))


def _random_games(players: int) -> Make:
    def make(inputs: Inputs) -> Case:
        return each(
            lambda seed: final_scores(play_random_game(players, seed).state), inputs.game_seeds
        )

    return make


for _players in (2, 3, 4):
    benchmark(
        f"game[{_players}p]",
        f"a whole random {_players}-player game: play_random_game (new_game, each decision "
        "uniform over legal_moves, apply_move) then final_scores",
        per="game",
    )(_random_games(_players))


@benchmark("player_view", "player_view(s, s.current_player), states reached in play", per="view")
def _player_view(inputs: Inputs) -> Case:
    return each(lambda pair: player_view(pair[0], pair[0].current_player), inputs.decisions)


@benchmark(
    "record JSON",
    "record_from_json(record_to_json(r)), records of whole random 2-4 player games",
    per="record",
)
def _record_json(inputs: Inputs) -> Case:
    return each(lambda r: record_from_json(record_to_json(r)), inputs.records)


def _shared(obj: object) -> bool:
    """Objects every state of every game shares: None, booleans, the enum members (cards,
    Legends, phases), the rulesets, the empty tuple and the small ints CPython caches."""
    return (
        obj is None
        or isinstance(obj, bool | enum.Enum | Ruleset)
        or (type(obj) is int and -5 <= obj <= 256)
        or obj == ()
    )


def deep_size(root: object, seen: set[int]) -> int:
    """Bytes of the objects reachable from ``root`` whose ids are not in ``seen``.

    A walk over tuples, frozensets and the fields of attrs instances (private ones
    included); every object counted is added to ``seen``, so an object reached twice
    counts once, and a second walk with the same ``seen`` counts only what is new.
    Objects shared by every game (:func:`_shared`) count nothing.
    """
    total = 0
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or _shared(obj):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        cls = type(obj)
        if isinstance(obj, tuple | frozenset):
            stack.extend(obj)
        elif attrs.has(cls):
            stack.extend(getattr(obj, a.name) for a in attrs.fields(cls))
            instance_dict = getattr(obj, "__dict__", None)
            if instance_dict is not None:
                total += sys.getsizeof(instance_dict)
    return total


@benchmark(
    "memory",
    "bytes of a GameState alone, and bytes a successor adds that it does not share with "
    "its predecessor (states reached in play, by player count)",
    per="state",
)
def _state_memory(inputs: Inputs) -> Sizes:
    figures: dict[str, list[int]] = {}
    for state, u in inputs.decisions:
        n = len(state.players)
        figures.setdefault(f"state[{n}p]", []).append(deep_size(state, set()))
        seen: set[int] = set()
        deep_size(state, seen)
        successor = decide(state, u)
        figures.setdefault(f"successor[{n}p]", []).append(deep_size(successor, seen))
    return Sizes({name: figures[name] for name in sorted(figures)})


# --- timing --------------------------------------------------------------------------------


def _time(run: Callable[[], object], passes: int) -> float:
    """Seconds taken by ``passes`` passes, with the garbage collector off (as timeit)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        for _ in range(passes):
            run()
        return time.perf_counter() - start
    finally:
        if enabled:
            gc.enable()


def _autorange(run: Callable[[], object], min_time: float) -> int:
    """The number of passes (1, 2, 5, 10, 20, 50, ...) that lasts at least ``min_time``."""
    passes = 1
    while True:
        for step in (1, 2, 5):
            if _time(run, passes * step) >= min_time:
                return passes * step
        passes *= 10


def summarise(bench: Benchmark, sizes: Sizes) -> MemoryMeasurement:
    """The statistics of each memory figure of a benchmark."""
    if not sizes.figures or not all(sizes.figures.values()):
        raise ValueError(f"benchmark {bench.name!r} measures no memory")
    return {
        "what": bench.what,
        "per": bench.per,
        "unit": "bytes",
        "count": max(len(values) for values in sizes.figures.values()),
        "figures": {
            name: {
                "median": statistics.median(values),
                "min": min(values),
                "max": max(values),
                "mean": statistics.fmean(values),
            }
            for name, values in sizes.figures.items()
        },
    }


def measure(bench: Benchmark, case: Case, *, repeat: int, min_time: float) -> Measurement:
    """Time one benchmark's case: ``repeat`` runs of at least ``min_time`` seconds each."""
    if case.calls <= 0:
        raise ValueError(f"benchmark {bench.name!r} makes no calls")
    case.run()  # warm up: caches, lazily built tables, first-call costs
    passes = _autorange(case.run, min_time)
    per_call = [_time(case.run, passes) / (passes * case.calls) for _ in range(repeat)]
    if len(per_call) >= 2:
        q1, _, q3 = statistics.quantiles(per_call, n=4, method="inclusive")
    else:
        q1 = q3 = per_call[0]
    us = 1e6
    return {
        "what": bench.what,
        "per": bench.per,
        "calls_per_pass": case.calls,
        "passes_per_run": passes,
        "runs": per_call,
        "median_us": statistics.median(per_call) * us,
        "min_us": min(per_call) * us,
        "q1_us": q1 * us,
        "q3_us": q3 * us,
        "iqr_us": (q3 - q1) * us,
    }


# --- the machine ---------------------------------------------------------------------------


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _git_commit() -> str | None:
    """The commit of the checkout the benchmarks are in, if git can tell."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=Path(__file__).resolve().parent,
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def environment() -> Environment:
    """The date, the Python, the machine and the code measured."""
    try:
        load: list[float] | None = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        load = None
    return {
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "python": {
            "version": platform.python_version(),
            "implementation": platform.python_implementation(),
            "compiler": platform.python_compiler(),
        },
        "machine": {
            "platform": platform.platform(),
            "cpu": _cpu_model(),
            "cores": os.cpu_count(),
            "load_average": load,
        },
        "drako_rules": {"version": drako_rules.__version__, "commit": _git_commit()},
    }


# --- running -------------------------------------------------------------------------------


def run(
    names: Iterable[str] | None = None,
    *,
    size: int = 1000,
    repeat: int = 11,
    min_time: float = 0.2,
    seed: int = SEED,
    progress: Callable[[str, Measurement | MemoryMeasurement], object] | None = None,
) -> Result:
    """Run the benchmarks ``names`` (default: all) and return the JSON result.

    Args:
        names: benchmark names, in :data:`BENCHMARKS`; all of them by default.
        size: how many items each input set holds.
        repeat: how many timed runs per benchmark.
        min_time: the least duration of one run, in seconds.
        seed: the seed of the inputs.
        progress: called with each benchmark's name and result as soon as it is measured.
    """
    chosen = list(BENCHMARKS) if names is None else list(names)
    unknown = [n for n in chosen if n not in BENCHMARKS]
    if unknown:
        raise ValueError(f"unknown benchmarks {unknown}; choose from {list(BENCHMARKS)}")
    if size < 1 or repeat < 1 or min_time < 0:
        raise ValueError("size and repeat must be at least 1, min_time at least 0")
    settings: Settings = {"size": size, "repeat": repeat, "min_time": min_time, "seed": seed}
    inputs = Inputs(size, seed)
    results: dict[str, Measurement] = {}
    memory: dict[str, MemoryMeasurement] = {}
    for name in chosen:
        bench = BENCHMARKS[name]
        made = bench.make(inputs)
        m: Measurement | MemoryMeasurement
        if isinstance(made, Sizes):
            m = memory[name] = summarise(bench, made)
        else:
            m = results[name] = measure(bench, made, repeat=repeat, min_time=min_time)
        if progress is not None:
            progress(name, m)
    return {
        "schema": SCHEMA,
        **environment(),
        "settings": settings,
        "results": results,
        "memory": memory,
    }


def header(env: Environment, settings: Settings) -> str:
    """The lines that say what is measured where: code, date, Python, machine, settings."""
    py, machine, code = env["python"], env["machine"], env["drako_rules"]
    load = machine["load_average"]
    return "\n".join(
        [
            f"drako-rules {code['version']} (commit {code['commit'] or 'unknown'}), {env['date']}",
            f"{py['implementation']} {py['version']} ({py['compiler']})",
            f"{machine['platform']}; {machine['cpu']}; {machine['cores']} cores"
            + (f"; load average {load}" if load else ""),
            f"inputs: {settings['size']} per set, seed {settings['seed']}; "
            f"{settings['repeat']} runs of at least {settings['min_time']} s each",
            *_busy_warning(env),
        ]
    )


def _busy_warning(env: Environment) -> list[str]:
    """A warning when other processes keep the cores busy: medians are then inflated."""
    load, cores = env["machine"]["load_average"], env["machine"]["cores"]
    if not isinstance(load, list) or not isinstance(cores, int) or load[0] < max(cores - 1, 1):
        return []
    return [
        f"warning: load average {load[0]} on {cores} cores: other processes compete for the "
        "CPU, so medians are inflated (the minimums much less)"
    ]


TABLE_HEAD: Final = f"{'benchmark':<22} {'median µs':>10} {'min µs':>10} {'IQR µs':>8}  unit"


MEMORY_HEAD: Final = f"{'memory':<22} {'median B':>10} {'min B':>10} {'max B':>8}  unit"


def row(name: str, m: Measurement | MemoryMeasurement) -> str:
    """The printed line(s) of one result: its times, or each memory figure in bytes."""
    if "figures" in m:
        return "\n".join(
            f"{name + ': ' + figure:<22} {f['median']:>10.0f} {f['min']:>10} {f['max']:>8}"
            f"  bytes per {m['per']}"
            for figure, f in m["figures"].items()
        )
    return (
        f"{name:<22} {m['median_us']:>10.2f} {m['min_us']:>10.2f} {m['iqr_us']:>8.2f}"
        f"  per {m['per']}"
    )


def default_path(result: Result) -> Path:
    """``benchmarks/results/<date>.json`` (git-ignored), the date of the run."""
    return RESULTS_DIR / f"{result['date'][:10]}.json"


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: run, print the table, write the JSON result."""
    parser = argparse.ArgumentParser(
        description="Time the hot calls of drako-rules on seeded inputs; write a JSON result."
    )
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all; see --list)")
    parser.add_argument("--quick", action="store_true", help="smaller inputs, fewer shorter runs")
    parser.add_argument("--repeat", type=int, help="timed runs per benchmark (11; quick: 5)")
    parser.add_argument("--size", type=int, help="items per input set (1000; quick: 200)")
    parser.add_argument("--min-time", type=float, help="least seconds per run (0.2; quick: 0.05)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"seed of the inputs ({SEED})")
    parser.add_argument(
        "--json", type=Path, help="where to write the result (benchmarks/results/<date>.json)"
    )
    parser.add_argument("--list", action="store_true", help="list the benchmarks and exit")
    args = parser.parse_args(argv)
    if args.list:
        for b in BENCHMARKS.values():
            print(f"{b.name:<22} {b.what} (per {b.per})")
        return 0
    unknown = [n for n in args.names if n not in BENCHMARKS]
    if unknown:
        parser.error(f"unknown benchmark {', '.join(map(repr, unknown))} (see --list)")
    settings: Settings = {
        "size": args.size or (200 if args.quick else 1000),
        "repeat": args.repeat or (5 if args.quick else 11),
        "min_time": args.min_time if args.min_time is not None else (0.05 if args.quick else 0.2),
        "seed": args.seed,
    }
    print(header(environment(), settings), end="\n\n")
    heads: list[str] = []  # the table heads printed so far

    def show(name: str, m: Measurement | MemoryMeasurement) -> None:
        head = MEMORY_HEAD if "figures" in m else TABLE_HEAD
        if not heads or heads[-1] != head:
            print(("\n" if heads else "") + head)
            heads.append(head)
        print(row(name, m), flush=True)

    result = run(args.names or None, **settings, progress=show)
    path = args.json or default_path(result)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"\nwritten to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
