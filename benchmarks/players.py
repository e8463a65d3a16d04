"""Measure the players: SearchPlayer's strength and time per decision, and the arena's speed-up.

Not a test: it prints figures for the "Players and the arena" page (docs/players.md).
Every game is seeded, so the win counts are the same on any machine; times differ.

    python -m benchmarks.players strength --workers 2     # the strength figures (long)
    python -m benchmarks.players decision                 # CPU seconds per decision
    python -m benchmarks.players variant --options '{"hidden": true}'  # a variant, 40 games
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
from drako_rules.arena import GameFailure, GameResult, default_batch_size, run_arena, simulate
from drako_rules.players.search import DEFAULT_ITERATIONS

#: The strength matches: (players, games), the search player always the first spec.
MATCHES = (
    (("search", "greedy"), 200),
    (("search", "random"), 20),
    (("search", "greedy", "greedy"), 30),
    (("search", "greedy", "greedy", "greedy"), 40),
)


def strength(workers: int, seed: int, scale: float) -> None:
    """Play the matches of MATCHES (game counts times ``scale``) and print each table."""
    for specs, games in MATCHES:
        n = max(len(specs), round(games * scale) // len(specs) * len(specs))
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


def decision(games: int, iterations: int, seats: int = 2) -> None:
    """CPU seconds per searched decision (process time: what one idle core would take), in
    ``seats``-player games against greedy players, the search player in seat ``i % seats``."""
    times: list[float] = []
    greedy = GreedyPlayer()
    for i in range(games):
        search = SearchPlayer(seed=i, iterations=iterations)

        def timed(view: PlayerView, search: SearchPlayer = search) -> Move:
            start = time.process_time()
            move = search(view)
            if search.last_iterations:
                times.append(time.process_time() - start)
            return move

        players: list[Player] = [greedy] * seats
        players[i % seats] = timed
        play_game(players, seed=10_000 + i)
    times.sort()
    print(
        f"{iterations} iterations: {len(times)} searched decisions in {games} {seats}-player "
        f"games; CPU s per "
        f"decision mean {statistics.fmean(times):.3f}, median {times[len(times) // 2]:.3f}, "
        f"95th percentile {times[int(len(times) * 0.95)]:.3f}, max {times[-1]:.3f}"
    )


def variant(games: int, options: dict[str, object]) -> None:
    """A quick match of a SearchPlayer variant against the greedy player: game ``i`` has seed
    ``1000 + i`` and ``SearchPlayer(seed=i, **options)`` in seat ``i % 2``."""
    wins = 0.0
    margins = []
    greedy = GreedyPlayer()
    for i in range(games):
        players: list[Player] = [greedy, greedy]
        players[i % 2] = SearchPlayer(i, **options)  # type: ignore[arg-type]
        game = play_game(players, seed=1000 + i)
        places = final_ranking(game.state).places
        totals = [sheet.total for sheet in final_scores(game.state)]
        me = i % 2
        wins += 1.0 if places[me] < places[1 - me] else 0.5 if places[me] == places[1 - me] else 0
        margins.append(totals[me] - totals[1 - me])
    print(f"{options}: {wins:g} wins of {games}, mean margin {statistics.fmean(margins):+.2f}")


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
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--scale", type=float, default=1.0, help="multiply the game counts")
    p = sub.add_parser("decision")
    p.add_argument("--games", type=int, default=6)
    p.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    p.add_argument("--players", type=int, default=2)
    p = sub.add_parser("variant")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--options", default="{}", help="SearchPlayer's keywords, as JSON")
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
        strength(args.workers, args.seed, args.scale)
    elif args.what == "decision":
        decision(args.games, args.iterations, args.players)
    elif args.what == "variant":
        variant(args.games, json.loads(args.options))
    elif args.what == "speedup":
        speedup(args.games)
    elif args.what == "batches":
        batches(args.games)
    else:
        seats(args.games, args.workers, args.players)
    return 0


if __name__ == "__main__":
    sys.exit(main())
