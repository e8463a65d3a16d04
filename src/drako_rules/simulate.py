"""Random games by the thousand, summed up: the answer to balance questions (R2.7, R5.6).

`simulate` plays ``play_random_game(players, seed + k)``
for each game ``k`` through the parallel runner
(`run_batches`), each batch summing integers only, so
that the `SimulationResult` is the same for any
``workers`` or ``executor``: game length, totals, the mean of each category, Legends
claimed, and each seat's share of wins with its Wilson interval and a chi-square test of
equal shares.
"""

from __future__ import annotations

import concurrent.futures
import math
from collections.abc import Callable
from typing import Final

import attrs

from drako_rules.errors import ArenaError
from drako_rules.game import final_ranking, final_scores, play_random_game
from drako_rules.parallel import check_runner, run_batches
from drako_rules.referee import check_games, check_seeds
from drako_rules.rulesets import POCKET, Ruleset, get_ruleset
from drako_rules.stats import SeatShare, chi_square_p_value, seat_share

__all__ = ["SimulationResult", "simulate"]

#: Shared wins are counted in twelfths, so that sums stay exact integers (1/1 … 1/4 of 12).
_TWELFTHS: Final = 12


@attrs.frozen
class _SimTask:
    players: int
    seed: int
    ruleset: str


@attrs.frozen
class _SimTotals:
    """The additive statistics of a batch of random games (integers only: exact sums)."""

    games: int
    moves: int
    moves_min: int
    moves_max: int
    total_sum: int
    total_squares: int
    total_min: int
    total_max: int
    seat_totals: tuple[int, ...]
    seat_wins: tuple[int, ...]  # in twelfths
    categories: tuple[int, ...]
    legends: int


def _simulate_batch(task: _SimTask, indices: range) -> list[_SimTotals]:
    """The summed statistics of the random games ``indices`` (one item for the batch)."""
    n = task.players
    moves_list: list[int] = []
    every: list[int] = []
    seat_totals = [0] * n
    seat_wins = [0] * n
    categories = [0] * 7
    legends = 0
    for i in indices:
        played = play_random_game(n, task.seed + i, ruleset=task.ruleset)
        sheets = final_scores(played.state)
        places = final_ranking(played.state).places
        winners = sum(1 for p in places if p == 1)
        for seat, sheet in enumerate(sheets):
            every.append(sheet.total)
            seat_totals[seat] += sheet.total
            for k, value in enumerate(sheet.values):
                categories[k] += value
            legends += len(sheet.claimed)
            if places[seat] == 1:
                seat_wins[seat] += _TWELFTHS // winners
        moves_list.append(len(played.record.moves))
    item = _SimTotals(
        len(indices),
        sum(moves_list),
        min(moves_list),
        max(moves_list),
        sum(every),
        sum(t * t for t in every),
        min(every),
        max(every),
        tuple(seat_totals),
        tuple(seat_wins),
        tuple(categories),
        legends,
    )
    return [item]


@attrs.frozen
class SimulationResult:
    """Statistics of simulated random games (every player uniform among its legal moves).

    Attributes:
        players: players per game.
        games: games played.
        seed: the seed of the first game (game ``k`` has seed ``seed + k``, first player 0).
        ruleset: the ruleset's name.
        moves_mean: mean moves per game.
        moves_min: fewest moves of a game.
        moves_max: most moves of a game.
        total_mean: mean final total of a player.
        total_stdev: its population standard deviation.
        total_min: lowest total.
        total_max: highest total.
        seat_mean_totals: mean total by seat.
        seats: each seat's share of wins with its 95 % Wilson interval (R5.6: a shared
            first place is shared).
        category_means: mean points per player of each category (R5.5 order).
        legends_per_player: mean Legends claimed per player.
        seat_chi_square: Pearson's chi-square of the wins by seat against equal shares
            (``players − 1`` degrees of freedom).
        seat_p_value: its p-value: small means the seats' shares really differ.
    """

    players: int
    games: int
    seed: int
    ruleset: str
    moves_mean: float
    moves_min: int
    moves_max: int
    total_mean: float
    total_stdev: float
    total_min: int
    total_max: int
    seat_mean_totals: tuple[float, ...]
    seats: tuple[SeatShare, ...]
    category_means: tuple[float, ...]
    legends_per_player: float
    seat_chi_square: float
    seat_p_value: float

    def to_json(self) -> dict[str, object]:
        """The result as a JSON-able dict: what ``drako-rules simulate --json`` prints
        (the seats' intervals and the chi-square test included)."""
        from drako_rules.scoring import Category
        from drako_rules.version import library_version

        return {
            "games": self.games,
            "players": self.players,
            "first_seed": self.seed,
            "ruleset": self.ruleset,
            "rules_version": get_ruleset(self.ruleset).rules_version,
            "library_version": library_version(),
            "moves_per_game": {
                "mean": round(self.moves_mean, 2),
                "min": self.moves_min,
                "max": self.moves_max,
            },
            "total": {
                "mean": round(self.total_mean, 2),
                "stdev": round(self.total_stdev, 2),
                "min": self.total_min,
                "max": self.total_max,
            },
            "category_means": {
                c.value: round(m, 2) for c, m in zip(Category, self.category_means, strict=True)
            },
            "legends_per_player": round(self.legends_per_player, 2),
            "seats": [
                {
                    "seat": x.seat,
                    "mean_total": round(t, 2),
                    "win_share": round(x.share, 4),
                    "interval": [round(x.low, 4), round(x.high, 4)],
                }
                for x, t in zip(self.seats, self.seat_mean_totals, strict=True)
            ],
            "seat_chi_square": round(self.seat_chi_square, 3),
            "seat_p_value": float(f"{self.seat_p_value:.4g}"),
        }

    def table(self) -> str:
        """The statistics in words, within 80 columns: what ``drako-rules simulate``
        prints (`cli.tables.simulation_table`)."""
        from drako_rules.cli.tables import simulation_table

        return simulation_table(self)


def simulate(
    players: int,
    games: int,
    *,
    seed: int = 0,
    ruleset: Ruleset | str = POCKET,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    batch_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` random games of ``players`` players and sum them up, in parallel.

    Game ``k`` is ``play_random_game(players, seed + k)`` (the same games as the
    ``simulate`` command), so the result is the same for any ``workers`` or ``executor``:
    batches sum integers only. The seats' shares of wins come with Wilson intervals and a
    chi-square test of equal shares: the answer to "does the first player (R2.7) win more
    often?".

    Raises:
        ArenaError: a bad count of games or workers, batch size or executor, or games that
            did not come back (a worker process that ended, an executor that failed).
        PlayerCountError: ``players`` is not 2 to 4.

    Examples:
        >>> result = simulate(2, 20, seed=0, workers=1)
        >>> result.games, sum(seat.wins for seat in result.seats)
        (20, 20.0)
    """
    from drako_rules.cards import check_player_count

    n = check_player_count(players)
    check_games(games)
    check_seeds(seed, games)
    check_runner(executor, workers, batch_size)
    rules = get_ruleset(ruleset)
    lost: list[str] = []
    parts, missing = run_batches(
        _simulate_batch,
        _SimTask(n, seed, rules.name),
        games,
        executor=executor,
        workers=workers,
        batch_size=batch_size,
        progress=None
        if progress is None
        else (lambda done, total: progress(min(done, total), total)),
        on_lost=lambda batch, reason: lost.append(reason),
    )
    if missing:  # a worker process or the executor failed: no statistics of part of them
        games_lost = sum(len(batch) for batch in missing)
        raise ArenaError(
            f"{games_lost:,} of {games:,} games did not come back ({len(missing):,} batches; "
            f"the first: {lost[0]})"
        )
    played = sum(p.games for p in parts)
    seat_wins = [sum(p.seat_wins[s] for p in parts) / _TWELFTHS for s in range(n)]
    count_totals = played * n
    total_sum = sum(p.total_sum for p in parts)
    squares = sum(p.total_squares for p in parts)
    mean = total_sum / count_totals
    # the population variance from exact integer sums: (n·Σx² − (Σx)²) / n²
    variance = (count_totals * squares - total_sum * total_sum) / (count_totals * count_totals)
    expected = played / n
    chi = sum((w - expected) ** 2 / expected for w in seat_wins)
    return SimulationResult(
        n,
        played,
        seed,
        rules.name,
        sum(p.moves for p in parts) / played,
        min(p.moves_min for p in parts),
        max(p.moves_max for p in parts),
        mean,
        math.sqrt(variance),
        min(p.total_min for p in parts),
        max(p.total_max for p in parts),
        tuple(sum(p.seat_totals[s] for p in parts) / played for s in range(n)),
        tuple(seat_share(s, seat_wins[s], played) for s in range(n)),
        tuple(sum(p.categories[k] for p in parts) / count_totals for k in range(7)),
        sum(p.legends for p in parts) / count_totals,
        chi,
        chi_square_p_value(chi, n - 1),
    )
