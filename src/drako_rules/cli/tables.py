"""The text tables of the commands: aligned columns, and the results of the arena and of
``simulate`` in words, within 80 columns.

Shared by the commands (``check`` and ``replay`` print score tables and places, ``arena``
and ``simulate`` their results), so that no command imports another for them; the
results' own ``table()`` methods
(`ArenaResult.table`,
`SimulationResult.table`) give the same text.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from drako_rules.errors import NAME_WIDTH, short
from drako_rules.rulesets import get_ruleset
from drako_rules.scoring import Category, Ranking

if TYPE_CHECKING:
    from drako_rules.arena import ArenaResult
    from drako_rules.cli.console import Console
    from drako_rules.simulate import SimulationResult
    from drako_rules.stats import Rating

__all__ = [
    "MAX_FAILURES_SHOWN",
    "arena_table",
    "columns",
    "print_places",
    "print_table",
    "simulation_table",
]

#: The most failed games listed by `arena_table`
#: (every one is in the result's ``failures`` and its JSON).
MAX_FAILURES_SHOWN: Final = 10


def print_table(rows: Sequence[Sequence[str]], console: Console) -> None:
    """Print rows as columns: the first left-aligned (names), the others right-aligned."""
    for line in columns(rows):
        console.line(line)


def print_places(names: Sequence[str], ranking: Ranking, console: Console) -> None:
    """The places in order and how each tie on total was broken (R5.6)."""
    console.line(
        "Places (R5.6): " + ", ".join(f"{ranking.places[i]}. {names[i]}" for i in ranking.order)
    )
    for tie in ranking.tie_breaks:
        console.line(f"Tie-break: {tie.describe(names)}")


def arena_table(result: ArenaResult) -> str:
    """An arena's result as text within 80 columns, what ``drako-rules arena`` prints: a
    table of results per player, a table of each player's share of wins in each seat, then
    the failed games (the first `MAX_FAILURES_SHOWN`).

    Names are cut to `NAME_WIDTH` characters and
    escaped; percentages are of the games played (in that seat, for the seat table);
    a first place shared by ``k`` players counts ``1/k`` of a win (R5.6).
    """
    lines = [
        f"{result.games} games ({len(result.results)} finished), seed {result.seed}, "
        f"ruleset {result.ruleset}, seats rotated"
    ]
    rows: list[tuple[str, ...]] = [
        ("Player", "Wins", "Win %", "95% CI", "Total", "Margin", "Elo", "95% CI")
    ]
    for s in result.summaries:
        rows.append(
            (
                short(s.name, NAME_WIDTH),
                _wins(s.wins),
                f"{100 * s.win_rate:.1f}",
                f"{100 * s.win_low:.1f}-{100 * s.win_high:.1f}",
                f"{s.mean_total:.1f}",
                f"{s.mean_margin:+.1f}",
                f"{s.rating.elo:+.0f}",
                _elo_interval(s.rating),
            )
        )
    lines.extend(columns(rows))
    lines.append("")
    lines.append("Win % in each seat (95% CI); seat 0 plays first (R2.7)")
    seats = len(result.players)
    rows = [("Player", *(f"Seat {k}" for k in range(seats)))]
    for s in result.summaries:
        rows.append(
            (
                short(s.name, NAME_WIDTH),
                *(f"{100 * x.share:.1f} ({100 * x.low:.0f}-{100 * x.high:.0f})" for x in s.seats),
            )
        )
    lines.extend(columns(rows))
    shown = result.failures[:MAX_FAILURES_SHOWN]
    lines.extend(f"failed: {f}" for f in shown)
    if len(result.failures) > len(shown):
        lines.append(f"… and {len(result.failures) - len(shown):,} more failed games")
    return "\n".join(lines)


def simulation_table(result: SimulationResult) -> str:
    """A simulation's statistics in words within 80 columns, what ``drako-rules simulate``
    prints."""
    rules = get_ruleset(result.ruleset)
    categories = [
        f"{c.label} {m:.2f}" for c, m in zip(Category, result.category_means, strict=True)
    ]
    lines = [
        f"{result.games} random {result.players}-player games (seeds {result.seed}-"
        f"{result.seed + result.games - 1}), ruleset {result.ruleset} (rules "
        f"{rules.rules_version})",
        f"moves per game: mean {result.moves_mean:.1f}, min {result.moves_min}, "
        f"max {result.moves_max}",
        f"total per player: mean {result.total_mean:.2f}, stdev {result.total_stdev:.2f}, "
        f"min {result.total_min}, max {result.total_max}",
        "mean per category: " + ", ".join(categories[:4]) + ",",
        "  " + ", ".join(categories[4:]),
        f"Legends claimed per player: {result.legends_per_player:.2f}",
    ]
    lines.extend(
        f"seat {x.seat}: mean total {t:.2f}, wins {x.share:.2%} "
        f"(95% CI {x.low:.2%} to {x.high:.2%})"
        for x, t in zip(result.seats, result.seat_mean_totals, strict=True)
    )
    lines.append("(a shared first place counts as a share of a win, R5.6)")
    lines.append(
        f"equal shares of wins? chi-square {result.seat_chi_square:.2f} on "
        f"{result.players - 1} degrees of freedom, p = {result.seat_p_value:.3g}"
    )
    return "\n".join(lines)


def _wins(wins: float) -> str:
    """A count of wins: whole, or to one decimal when shared places (R5.6) make a fraction."""
    return f"{wins:.0f}" if wins == int(wins) else f"{wins:.1f}"


def _elo_interval(rating: Rating) -> str:
    if not (math.isfinite(rating.low) and math.isfinite(rating.high)):
        return "unknown"
    return f"{rating.low:+.0f}..{rating.high:+.0f}"


def columns(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows as columns two spaces apart: the first left-aligned, the others right-aligned.

    Examples:
        >>> columns([("Player", "Wins"), ("Ana", "12")])
        ['Player  Wins', 'Ana       12']
    """
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    return [
        "  ".join(
            [row[0].ljust(widths[0])]
            + [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        ).rstrip()
        for row in rows
    ]
