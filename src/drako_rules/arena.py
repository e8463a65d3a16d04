"""The arena: many seeded games between players, on every core or on a cluster (R2.8, R5.6, R8).

`run_arena` plays N games between named players
(`parse_player`: ``random``, ``greedy``,
``search`` or ``module:Name``, a factory of the user's own players), seats rotated so that
every player sits in every seat equally often, and sums them up per player
(`ArenaResult`): wins with their Wilson 95 % interval,
mean total and margin, per-seat win shares and Bradley–Terry ratings on the Elo scale with
95 % intervals (`drako_rules.stats`).
`simulate` plays random games and answers balance
questions (the share of wins of each seat, with an interval).

Every game is seeded by its index alone, so the results are the same whatever runs them:
one process (``workers=1``), a process pool (``workers=N``, the default: every core), or
any ``concurrent.futures.Executor``, such as a Dask cluster's
(``distributed.Client(...).get_executor()``). Games travel in batches
(`run_batches`) so that scheduling costs little even
for games of a millisecond; each game is refereed
(`referee.play_refereed`) by the engine's one game loop.

A player that raises, returns an illegal move or takes longer than the time limit of a
move fails its game only: the failure names the player and the game
(`GameFailure`), and every finished game is kept.

This module also gives the names of the modules it is built from, as before they were
split: the players by name (`drako_rules.players.registry`),
one game (`drako_rules.referee`), the parallel runner
(`drako_rules.parallel`), the statistics and ``simulate``.
"""

from __future__ import annotations

import concurrent.futures
import math
from collections.abc import Callable, Sequence

import attrs

from drako_rules.cli.tables import MAX_FAILURES_SHOWN
from drako_rules.errors import ArenaError, quote
from drako_rules.parallel import check_runner, default_batch_size, run_batches
from drako_rules.players.registry import BUILTIN_PLAYERS, PlayerFactory, PlayerSpec, parse_player
from drako_rules.referee import (
    MAX_GAMES,
    MAX_MOVE_TIME_LIMIT,
    MAX_MOVES,
    GameFailure,
    GameResult,
    GameTask,
    check_games,
    check_seeds,
    game_seed,
    play_batch,
    player_seed,
)
from drako_rules.rulesets import POCKET, Ruleset, get_ruleset
from drako_rules.simulate import SimulationResult, simulate
from drako_rules.stats import (
    Rating,
    SeatShare,
    bradley_terry,
    chi_square_p_value,
    seat_share,
    wilson_interval,
)

__all__ = [
    "BUILTIN_PLAYERS",
    "MAX_FAILURES_SHOWN",
    "MAX_GAMES",
    "MAX_MOVE_TIME_LIMIT",
    "ArenaError",
    "ArenaResult",
    "GameFailure",
    "GameResult",
    "PlayerFactory",
    "PlayerSpec",
    "PlayerSummary",
    "Rating",
    "SeatShare",
    "SimulationResult",
    "bradley_terry",
    "chi_square_p_value",
    "default_batch_size",
    "game_seed",
    "parse_player",
    "player_seed",
    "run_arena",
    "run_batches",
    "simulate",
    "summarize",
    "wilson_interval",
]


@attrs.frozen
class PlayerSummary:
    """One player's results over the finished games of an arena.

    Attributes:
        index: its position in the arena's list of players.
        name: its spec.
        games: finished games it played.
        wins: its wins; a first place shared by ``k`` players counts ``1/k`` (R5.6).
        win_rate: ``wins / games``.
        win_low: the lower end of the 95 % Wilson interval of the win rate.
        win_high: the upper end.
        mean_total: its mean final total (R7.3).
        mean_margin: its mean total minus the best other total of the game.
        seats: its share of wins in each seat.
        rating: its Bradley–Terry rating (Elo scale) with a 95 % interval.
    """

    index: int
    name: str
    games: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_total: float
    mean_margin: float
    seats: tuple[SeatShare, ...]
    rating: Rating


@attrs.frozen
class ArenaResult:
    """The outcome of an arena: every game, and a summary per player.

    Attributes:
        players: the players' specs, in the order given.
        games: the games asked for.
        seed: the seed of the run (game ``i`` has seed ``seed + i``).
        ruleset: the ruleset's name (R9).
        results: the finished games, in index order.
        failures: the games a player made fail, in index order, naming the player.
        summaries: one summary per player, over the finished games.
    """

    players: tuple[str, ...]
    games: int
    seed: int
    ruleset: str
    results: tuple[GameResult, ...]
    failures: tuple[GameFailure, ...]
    summaries: tuple[PlayerSummary, ...]

    @property
    def ok(self) -> bool:
        """True when every game finished."""
        return not self.failures

    def to_json(self) -> dict[str, object]:
        """The result as a JSON-able dict: settings, per-player summaries, failures."""
        return {
            "games": self.games,
            "finished": len(self.results),
            "seed": self.seed,
            "ruleset": self.ruleset,
            "players": [
                {
                    "name": s.name,
                    "games": s.games,
                    "wins": round(s.wins, 4),
                    "win_rate": round(s.win_rate, 4),
                    "win_interval": [round(s.win_low, 4), round(s.win_high, 4)],
                    "mean_total": round(s.mean_total, 3),
                    "mean_margin": round(s.mean_margin, 3),
                    "seats": [
                        {
                            "seat": x.seat,
                            "games": x.games,
                            "win_share": round(x.share, 4),
                            "interval": [round(x.low, 4), round(x.high, 4)],
                        }
                        for x in s.seats
                    ],
                    "elo": round(s.rating.elo, 1),
                    "elo_interval": [_finite(s.rating.low), _finite(s.rating.high)],
                }
                for s in self.summaries
            ],
            "failures": [
                {
                    "game": f.index,
                    "seed": f.seed,
                    "player": f.player,
                    "name": f.name,
                    "seat": f.seat,
                    "reason": f.reason,
                }
                for f in self.failures
            ],
        }

    def table(self) -> str:
        """The summary as text within 80 columns: a table of results per player, a table
        of each player's share of wins in each seat, then the failed games (the first
        `MAX_FAILURES_SHOWN`); what
        ``drako-rules arena`` prints (`cli.tables.arena_table`).
        """
        from drako_rules.cli.tables import arena_table

        return arena_table(self)


def _finite(x: float) -> float | None:
    """``x`` rounded for JSON, or None when it is infinite (nothing known)."""
    return round(x, 1) if math.isfinite(x) else None


def summarize(players: Sequence[str], results: Sequence[GameResult]) -> tuple[PlayerSummary, ...]:
    """The per-player summary of finished arena games (see
    `PlayerSummary`)."""
    n = len(players)
    wins = [0.0] * n
    games = [0] * n
    totals = [0] * n
    margins = [0] * n
    seat_wins = [[0.0] * n for _ in range(n)]
    seat_games = [[0] * n for _ in range(n)]
    pairwise = [[0.0] * n for _ in range(n)]
    for game in results:
        winners = sum(1 for place in game.places if place == 1)
        for seat, who in enumerate(game.seating):
            games[who] += 1
            totals[who] += game.totals[seat]
            best_other = max(t for s, t in enumerate(game.totals) if s != seat)
            margins[who] += game.totals[seat] - best_other
            seat_games[who][seat] += 1
            if game.places[seat] == 1:
                wins[who] += 1 / winners
                seat_wins[who][seat] += 1 / winners
            for other_seat, other in enumerate(game.seating):
                if other_seat != seat:
                    a, b = game.places[seat], game.places[other_seat]
                    pairwise[who][other] += 1.0 if a < b else 0.5 if a == b else 0.0
    ratings = bradley_terry(pairwise)
    summaries = []
    for i, name in enumerate(players):
        low, high = wilson_interval(wins[i], games[i])
        g = games[i] or 1
        summaries.append(
            PlayerSummary(
                i,
                name,
                games[i],
                wins[i],
                wins[i] / g,
                low,
                high,
                totals[i] / g,
                margins[i] / g,
                tuple(seat_share(s, seat_wins[i][s], seat_games[i][s]) for s in range(n)),
                ratings[i],
            )
        )
    return tuple(summaries)


def _check_limits(timeout: object, move_time_limit: object, max_moves: object) -> None:
    """Refuse a timeout, time limit of a move or most moves of a game that is not one."""
    if timeout is not None and (
        isinstance(timeout, bool) or not isinstance(timeout, int | float) or not timeout > 0
    ):
        raise ArenaError(f"the timeout is a number of seconds above 0, not {quote(timeout)}")
    if move_time_limit is not None and (
        isinstance(move_time_limit, bool)
        or not isinstance(move_time_limit, int | float)
        or not 0 < move_time_limit <= MAX_MOVE_TIME_LIMIT
    ):
        raise ArenaError(
            f"the move time limit is above 0 and at most {MAX_MOVE_TIME_LIMIT:,.0f} seconds, "
            f"not {quote(move_time_limit)}"
        )
    if isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 1:
        raise ArenaError(
            f"max_moves is a whole number of moves from 1 (default {MAX_MOVES}), "
            f"not {quote(max_moves)}"
        )


def _each(
    call: Callable[[GameResult | GameFailure], None],
) -> Callable[[list[GameResult | GameFailure]], None]:
    """A batch callback that calls ``call`` on each game of the batch."""

    def every(batch: list[GameResult | GameFailure]) -> None:
        for game in batch:
            call(game)

    return every


def run_arena(
    players: Sequence[str | PlayerSpec],
    games: int,
    *,
    seed: int = 0,
    ruleset: Ruleset | str = POCKET,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    batch_size: int | None = None,
    move_time_limit: float | None = 60.0,
    max_moves: int = MAX_MOVES,
    progress: Callable[[int, int], None] | None = None,
    on_game: Callable[[GameResult | GameFailure], None] | None = None,
    timeout: float | None = None,
) -> ArenaResult:
    """Play ``games`` seeded games between ``players`` (one per seat, 2 to 4) and sum them up.

    Game ``i`` has seed ``seed + i`` (R2.8) and the first player in seat 0 (R2.7); the
    players sit rotated by one seat per game, so ``games`` must be a multiple of the number
    of players: then each sits in each seat equally often. Every player is made afresh for
    each game by its factory, with a seed derived from ``seed``, the game and the player
    (`player_seed`). The results depend on nothing else:
    they are the same for any ``workers``, ``executor`` or ``batch_size``.

    Args:
        players: specs or names (see `parse_player`).
        games: how many games.
        seed: the seed of the first game.
        ruleset: the scoring rules (R9).
        executor: where to run the batches (any ``concurrent.futures.Executor``, such as
            ``distributed.Client(...).get_executor()``); None: a process pool.
        workers: processes of the pool when no executor is given (default: every core;
            1: this process alone).
        batch_size: games per batch.
        move_time_limit: seconds a player may take for one move; a slower one fails its
            game. In this process's main thread and in the processes of the default pool
            an alarm (``SIGALRM``) interrupts the move; in any other thread, such as a
            ``ThreadPoolExecutor``'s or a Dask worker's, a thread cannot be interrupted,
            so the limit is checked when the move returns: a move that ends too late
            still fails its game, but a player that never returns holds its thread and
            its batch for good (use ``timeout``). None: no limit.
        max_moves: a game not over after this many moves fails, naming the player to move
            (R7.4).
        progress: called with (games done, games) as batches come back.
        on_game: called with each game's result or failure as its batch comes back (in
            the order batches finish), so that a long run can save what it has.
        timeout: seconds to wait for the whole run (None: no end). The games of the
            batches not back by then are given up and reported as failures that say so
            (player ``-1``, name ``"?"``: the arena cannot tell which player held them
            up); the results of every batch that came back are kept. A batch is the
            unit that comes back, so the finished games of a batch that a hanging player
            holds up are lost with it: pass a small ``batch_size`` when a player may
            hang on threads. The processes of a pool made for the run that still play
            given-up batches are ended, so that none plays on (nor holds up the exit
            of the program); a thread of the caller's executor cannot be stopped and
            stays busy until its player returns (on Dask, until the worker is
            restarted, ``client.restart()``).

    A player's fault never stops the run: whatever a player or its factory raises
    (``SystemExit`` too), a move that is not a move or not legal, a worker process that a
    player ends (``os._exit``, a crash: that batch's games fail, the other batches are
    played again if the pool broke) or an executor that fails a batch becomes a failure
    of those games alone, with a short, escaped reason, and every other game is kept. With
    ``workers=1`` the games are played in this process, so a player that ends its process
    ends the caller's; otherwise a user's player (``module:Name``) is always played in a
    worker process.

    Raises:
        ArenaError: a bad player spec, count of players or games, executor, count of
            workers, batch size, limit or timeout.
    """
    check_runner(executor, workers, batch_size)
    _check_limits(timeout, move_time_limit, max_moves)
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ArenaError(f"the players are a list of 2 to 4 specs, not {quote(players)}")
    specs = tuple(p if isinstance(p, PlayerSpec) else parse_player(p) for p in players)
    if not 2 <= len(specs) <= 4:
        raise ArenaError(f"an arena game has 2 to 4 players (R1.3), not {len(specs)}")
    check_games(games)
    if games % len(specs):
        raise ArenaError(
            f"{games} games cannot rotate {len(specs)} players through every seat equally: "
            f"use a multiple of {len(specs)}"
        )
    check_seeds(seed, games)
    rules = get_ruleset(ruleset)
    task = GameTask(specs, seed, rules.name, move_time_limit, max_moves)
    lost: dict[int, str] = {}
    outcomes, missing = run_batches(
        play_batch,
        task,
        games,
        executor=executor,
        workers=workers,
        batch_size=batch_size,
        progress=progress,
        timeout=timeout,
        on_batch=None if on_game is None else _each(on_game),
        on_lost=lambda batch, reason: lost.update(dict.fromkeys(batch, reason)),
        isolate=any(spec.spec not in BUILTIN_PLAYERS for spec in specs),
    )
    results = tuple(o for o in outcomes if isinstance(o, GameResult))
    failures = [o for o in outcomes if isinstance(o, GameFailure)]
    for batch in missing:
        failures.extend(GameFailure(i, game_seed(seed, i), -1, "?", -1, lost[i]) for i in batch)
    failures.sort(key=lambda f: f.index)
    names = tuple(s.name for s in specs)
    return ArenaResult(
        names, games, seed, rules.name, results, tuple(failures), summarize(names, results)
    )
