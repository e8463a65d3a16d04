"""The statistics of many games: Wilson intervals of win rates, Bradley–Terry ratings on the
Elo scale and the chi-square test of equal shares (R5.6: a shared first place counts as a
share of a win).

Pure functions of counts, used by `arena.run_arena` and
`simulate.simulate`; none plays a game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import attrs

from drako_rules.errors import ArenaError

__all__ = [
    "Z95",
    "Rating",
    "SeatShare",
    "bradley_terry",
    "chi_square_p_value",
    "seat_share",
    "wilson_interval",
]

#: The z of a two-sided 95 % interval.
Z95: Final = 1.959963984540054


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (95 % by default).

    ``successes`` may be fractional: a place shared by two counts as half a win.

    Examples:
        >>> low, high = wilson_interval(50, 100)  # 0.5 ± 0.0962
        >>> round(low, 4), round(high, 4)
        (0.4038, 0.5962)
        >>> wilson_interval(0, 0)
        (0.0, 1.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(max(0.0, p * (1 - p)) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class Rating:
    """A Bradley–Terry rating on the Elo scale, with its 95 % interval.

    Attributes:
        elo: ``400 · log10(strength)``, the mean over the players being 0.
        low: the lower end of the 95 % interval.
        high: the upper end.
    """

    elo: float
    low: float
    high: float


_ELO: Final = 400 / math.log(10)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix · x = vector`` by Gauss–Jordan elimination (a few players only)."""
    n = len(vector)
    a = [[*row, b] for row, b in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        if abs(p) < 1e-12:
            raise ZeroDivisionError("singular")
        for r in range(n):
            if r != col:
                f = a[r][col] / p
                for c in range(col, n + 1):
                    a[r][c] -= f * a[col][c]
    return [a[r][n] / a[r][r] for r in range(n)]


def bradley_terry(
    wins: Sequence[Sequence[float]], prior: float = 0.5, iterations: int = 10_000
) -> tuple[Rating, ...]:
    """Bradley–Terry ratings from pairwise results, on the Elo scale, with 95 % intervals.

    ``wins[i][j]`` is how often player ``i`` finished above player ``j`` (a shared place
    counts half to each). Each pair that met is given ``prior`` extra wins each way, so that
    a player who won every game still has a finite rating. The strengths are the maximum
    likelihood fit (the MM algorithm of Hunter, 2004), normalised so that the log-strengths
    average 0; the intervals are ±1.96 standard errors from the observed information.

    Examples:
        Two players, 7 wins to 3 and the prior half win each way: the ratio of strengths
        is 7.5 / 3.5, so the gap is 400 · log10(7.5 / 3.5) = 132.4 Elo, ±66.2 each:

        >>> a, b = bradley_terry([[0, 7], [3, 0]])
        >>> round(a.elo, 1), round(b.elo, 1)
        (66.2, -66.2)
    """
    n = len(wins)
    if any(len(row) != n for row in wins):
        raise ArenaError("the table of wins is square: one row and one column per player")
    w = [[float(wins[i][j]) + (prior if i != j and wins[i][j] + wins[j][i] > 0 else 0.0)
          for j in range(n)] for i in range(n)]  # fmt: skip
    games = [[w[i][j] + w[j][i] for j in range(n)] for i in range(n)]
    strength = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            total = sum(w[i])
            denominator = sum(games[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i)
            new.append(total / denominator if denominator > 0 and total > 0 else strength[i])
        mean_log = sum(math.log(s) for s in new) / n
        new = [s / math.exp(mean_log) for s in new]
        change = max(abs(a - b) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-12:
            break
    theta = [math.log(s) for s in strength]
    # The observed information of the log-strengths: a Laplacian (each row sums to 0),
    # inverted on the plane of zero mean: pinv(H) = (H + J/n)^-1 - J/n.
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j and games[i][j] > 0:
                p = strength[i] / (strength[i] + strength[j])
                v = games[i][j] * p * (1 - p)
                info[i][j] -= v
                info[i][i] += v
    shifted = [[info[i][j] + 1.0 / n for j in range(n)] for i in range(n)]
    ratings = []
    for i in range(n):
        unit = [1.0 if k == i else 0.0 for k in range(n)]
        if not any(games[i]):
            half = math.inf  # a player who met no one: nothing is known of it
        else:
            try:
                column = _solve(shifted, unit)
            except ZeroDivisionError:
                half = math.inf
            else:
                half = Z95 * math.sqrt(max(0.0, column[i] - 1.0 / n)) * _ELO
        elo = theta[i] * _ELO
        ratings.append(Rating(elo, elo - half, elo + half))
    return tuple(ratings)


@attrs.frozen
class SeatShare:
    """A player's (or a seat's) share of wins in one seat.

    Attributes:
        seat: the seat (0 is the first player, R2.7).
        games: games played in that seat.
        wins: wins there, a shared first place counted as a share (R5.6).
        share: ``wins / games``.
        low: the lower end of its 95 % Wilson interval.
        high: the upper end.
    """

    seat: int
    games: int
    wins: float
    share: float
    low: float
    high: float


def seat_share(seat: int, wins: float, games: int) -> SeatShare:
    """The share of ``wins`` in ``games`` played in ``seat``, with its Wilson interval.

    Examples:
        >>> seat_share(0, 5, 10).share, seat_share(1, 0, 0).share
        (0.5, 0.0)
    """
    low, high = wilson_interval(wins, games)
    return SeatShare(seat, games, wins, wins / games if games else 0.0, low, high)


def chi_square_p_value(statistic: float, degrees: int) -> float:
    """The upper tail probability of the chi-square distribution (1 to 3 degrees of freedom
    exactly; higher ones by the Wilson–Hilferty approximation).

    Examples:
        >>> round(chi_square_p_value(3.841, 1), 3), round(chi_square_p_value(5.991, 2), 3)
        (0.05, 0.05)
    """
    x = max(0.0, statistic)
    if degrees == 1:
        return math.erfc(math.sqrt(x / 2))
    if degrees == 2:
        return math.exp(-x / 2)
    if degrees == 3:
        return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    k = degrees
    z = ((x / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))
