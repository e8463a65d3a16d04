"""Measure the players: SearchPlayer's strength and time per decision, and the arena's speed-up.

Not a test: it prints figures for the "Players and the arena" page (docs/players.md).
Every game is seeded, so the win counts are the same on any machine; times differ.

    python -m benchmarks.players strength --match greedy  # 200 games vs greedy (long)
    python -m benchmarks.players strength                 # every match of MATCHES (longer)
    python -m benchmarks.players decision --games 10      # CPU seconds per decision
    python -m benchmarks.players variant --options '{"candidates": 6}'  # a variant, 40 games
    python -m benchmarks.players speedup --games 2000     # 1 worker against 2
    python -m benchmarks.players batches                  # scheduling overhead of batches
    python -m benchmarks.players seats --games 200000     # seat shares of random games
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence

from drako_rules import (
    GreedyPlayer,
    Move,
    Player,
    PlayerView,
    SearchPlayer,
    final_ranking,
    final_scores,
    play_game,
)
from drako_rules.arena import (
    GameFailure,
    GameResult,
    default_batch_size,
    run_arena,
    simulate,
    wilson_interval,
)

#: The strength matches by name: (players, games), the search player always the first spec.
MATCHES: dict[str, tuple[tuple[str, ...], int]] = {
    "greedy": (("search", "greedy"), 200),
    "random": (("search", "random"), 20),
    "greedy3": (("search", "greedy", "greedy"), 30),
    "greedy4": (("search", "greedy", "greedy", "greedy"), 40),
}


def strength(match: str, games: int | None, workers: int, seed: int) -> None:
    """Play one match of MATCHES (or each, ``match="all"``) with ``run_arena``: game ``i``
    has seed ``seed + i`` and the players rotated by one seat per game; print the tables,
    the wall-clock time and the JSON of the result."""
    for name in MATCHES if match == "all" else (match,):
        specs, default_games = MATCHES[name]
        n = default_games if games is None else games
        start = time.perf_counter()

        def report(game: GameResult | GameFailure, start: float = start) -> None:
            clock = time.perf_counter() - start
            print(f"  game {game} after {clock:.0f} s", flush=True)

        result = run_arena(list(specs), n, seed=seed, workers=workers, batch_size=1, on_game=report)
        elapsed = time.perf_counter() - start
        print(result.table())
        print(f"({elapsed:.0f} s wall clock on {workers} workers)")
        print(json.dumps(result.to_json()))
        print(flush=True)


def _match_game(args: tuple[int, int, dict[str, object], int]) -> tuple[float, int, list[float]]:
    """Game ``i`` of a variant match (a module-level function, for a process pool): the
    search player's win share, its margin and the CPU seconds of each searched decision."""
    i, seats, options, first_seed = args
    greedy = GreedyPlayer()
    search = SearchPlayer(i, **options)  # type: ignore[arg-type]
    times: list[float] = []

    def timed(view: PlayerView) -> Move:
        start = time.process_time()
        move = search(view)
        if search.last_iterations:
            times.append(time.process_time() - start)
        return move

    players: list[Player] = [greedy] * seats
    me = i % seats
    players[me] = timed
    game = play_game(players, seed=first_seed + i)
    places = final_ranking(game.state).places
    totals = [sheet.total for sheet in final_scores(game.state)]
    win = 1.0 / places.count(1) if places[me] == 1 else 0.0  # R5.6: a shared first place
    return win, totals[me] - max(t for s, t in enumerate(totals) if s != me), times


def _time_stats(times: list[float]) -> str:
    times = sorted(times)
    return (
        f"{len(times)} searched decisions, CPU s per decision mean {statistics.fmean(times):.3f}, "
        f"median {times[len(times) // 2]:.3f}, 95th percentile {times[int(len(times) * 0.95)]:.3f}, "
        f"max {times[-1]:.3f}; the 5 slowest {', '.join(f'{t:.3f}' for t in times[-5:])}"
    )


def variant(
    games: int, options: dict[str, object], workers: int, seats: int = 2, first_seed: int = 1000
) -> None:
    """A match of ``SearchPlayer(seed=i, **options)`` against greedy players: game ``i`` has
    seed ``first_seed + i`` and the search player in seat ``i % seats``. Prints its wins
    (a shared first place as a share), their Wilson interval, its mean margin (its total
    minus the best other) and the CPU time of each searched decision (``time.process_time``
    of the process that played the game)."""
    from concurrent.futures import ProcessPoolExecutor

    jobs = [(i, seats, options, first_seed) for i in range(games)]
    start = time.perf_counter()
    if workers == 1:
        rows = [_match_game(job) for job in jobs]
    else:
        with ProcessPoolExecutor(workers) as pool:
            rows = list(pool.map(_match_game, jobs))
    elapsed = time.perf_counter() - start
    wins = sum(r[0] for r in rows)
    low, high = wilson_interval(wins, games)
    print(
        f"{options or 'the default'}, {seats} players: {wins:g} wins of {games} "
        f"({wins / games:.1%}, 95% CI {low:.1%}-{high:.1%}), mean margin "
        f"{statistics.fmean(r[1] for r in rows):+.2f}; {elapsed:.0f} s on {workers} workers"
    )
    print(_time_stats([t for r in rows for t in r[2]]), flush=True)


def decision(games: int, options: dict[str, object], seats: int = 2) -> None:
    """CPU seconds per searched decision, in this one process, over ``games`` games against
    greedy players (``SearchPlayer(seed=i, **options)`` in seat ``i % seats`` of game ``i``,
    seeded ``10_000 + i``)."""
    times = [t for i in range(games) for t in _match_game((i, seats, options, 10_000))[2]]
    print(f"{games} {seats}-player games, {options or 'the default'}: {_time_stats(times)}")


def speedup(games: int) -> None:
    """Wall-clock time of ``games`` random 2-player arena games, and of ``2 * games`` simulated
    random games, on 1 and on 2 workers (best of 2 each)."""
    timings: dict[int, list[float]] = {}
    results = {}
    for workers in (1, 2, 1, 2):
        start = time.perf_counter()
        results[workers] = run_arena(["random", "random"], games, workers=workers)
        timings.setdefault(workers, []).append(time.perf_counter() - start)
    assert results[1] == results[2]
    one, two = min(timings[1]), min(timings[2])
    print(
        f"{games} random 2-player games: 1 worker {one:.2f} s, 2 workers {two:.2f} s "
        f"(best of 2 each), speed-up {one / two:.2f}x; results identical"
    )
    sims: dict[int, list[float]] = {}
    for workers in (1, 2, 1, 2):
        start = time.perf_counter()
        simulate(2, 2 * games, workers=workers)
        sims.setdefault(workers, []).append(time.perf_counter() - start)
    one, two = min(sims[1]), min(sims[2])
    print(f"simulate {2 * games}: 1 worker {one:.2f} s, 2 workers {two:.2f} s, {one / two:.2f}x")


def batches(games: int) -> None:
    """Scheduling overhead of the pool: random games of about 1 ms (``simulate``) played in
    this process, then by a 1-process pool with batches of 1 and with the default batches.
    The pool's worker is started before the clock, so only scheduling is measured."""
    from concurrent.futures import ProcessPoolExecutor

    start = time.process_time()
    serial_result = simulate(2, games, workers=1)
    serial = time.process_time() - start
    print(
        f"{games} random games in this process: {serial:.2f} CPU s ({serial / games * 1000:.2f} ms a game)"
    )
    for size in (1, None):
        with ProcessPoolExecutor(1) as pool:
            pool.submit(int).result()
            start = time.perf_counter()
            result = simulate(2, games, executor=pool, batch_size=size)
            wall = time.perf_counter() - start
            worker_cpu = pool.submit(time.process_time).result()
        assert result == serial_result
        print(
            f"1-worker pool, batch size {size or default_batch_size(games, 1)}: worker CPU "
            f"{worker_cpu:.2f} s, wall {wall:.2f} s; overhead against this process "
            f"{(worker_cpu - serial) / serial:+.1%} (CPU), {(wall - serial) / serial:+.1%} (wall)"
        )


def seats(games: int, workers: int, players: int) -> None:
    """Per-seat win shares of random games, with intervals and the chi-square test."""
    start = time.perf_counter()
    result = simulate(players, games, workers=workers)
    elapsed = time.perf_counter() - start
    for seat in result.seats:
        print(f"seat {seat.seat}: {seat.share:.2%} of wins (95% CI {seat.low:.2%}–{seat.high:.2%})")
    print(
        f"chi-square {result.seat_chi_square:.1f} on {players - 1} df, p = {result.seat_p_value:.3g}; "
        f"{games} games in {elapsed:.0f} s on {workers} workers"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("strength")
    p.add_argument("--match", choices=[*MATCHES, "all"], default="all")
    p.add_argument("--games", type=int, default=None, help="default: the match's own count")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    for name in ("decision", "variant"):
        p = sub.add_parser(name)
        p.add_argument("--games", type=int, default=10 if name == "decision" else 40)
        p.add_argument("--players", type=int, default=2)
        p.add_argument("--options", default="{}", help="SearchPlayer's keywords, as JSON")
        if name == "variant":
            p.add_argument("--workers", type=int, default=2)
            p.add_argument("--first-seed", type=int, default=1000)
    p = sub.add_parser("speedup")
    p.add_argument("--games", type=int, default=2000)
    p = sub.add_parser("batches")
    p.add_argument("--games", type=int, default=2000)
    p = sub.add_parser("seats")
    p.add_argument("--games", type=int, default=200_000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    if args.what == "strength":
        strength(args.match, args.games, args.workers, args.seed)
    elif args.what == "decision":
        decision(args.games, json.loads(args.options), args.players)
    elif args.what == "variant":
        variant(args.games, json.loads(args.options), args.workers, args.players, args.first_seed)
    elif args.what == "speedup":
        speedup(args.games)
    elif args.what == "batches":
        batches(args.games)
    else:
        seats(args.games, args.workers, args.players)
    return 0


if __name__ == "__main__":
    sys.exit(main())
