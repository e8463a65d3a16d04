"""``drako-rules simulate``: play many random games and summarise the scores."""

from __future__ import annotations

import argparse
import statistics

from drako_rules.cards import check_player_count
from drako_rules.checker import JSONValue
from drako_rules.cli.console import EXIT_OK, Command, Console, Progress
from drako_rules.cli.replay import library_version
from drako_rules.cli.score import ruleset_option
from drako_rules.errors import CommandError
from drako_rules.game import final_ranking, final_scores, play_random_game
from drako_rules.rulesets import get_ruleset
from drako_rules.scoring import Category

__all__ = ["COMMAND"]


def _simulate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players", type=int, default=2, metavar="N", help="players per game, 2-4 (default 2)"
    )
    parser.add_argument(
        "--games", type=int, default=100, metavar="N", help="how many games (default 100)"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="S",
        help="seed of the first game; game k uses seed S+k (default 0), so runs reproduce (R2.8)",
    )
    ruleset_option(parser)
    parser.add_argument(
        "--json", action="store_true", help="print only the summary as JSON on stdout"
    )


def _simulate(args: argparse.Namespace, console: Console) -> int:
    players = check_player_count(args.players)
    games: int = args.games
    if games < 1:
        raise CommandError(f"--games must be at least 1, not {games}")
    ruleset = get_ruleset(args.ruleset)
    progress = Progress(console, games, "games")
    totals: list[list[int]] = [[] for _ in range(players)]
    wins = [0.0] * players
    lengths: list[int] = []
    categories = {c: 0 for c in Category}
    legends_claimed = 0
    for k in range(games):
        progress.update(k)
        played = play_random_game(players, args.seed + k, ruleset=ruleset)
        sheets = final_scores(played.state)
        places = final_ranking(played.state).places
        winners = [i for i, place in enumerate(places) if place == 1]
        for i, sheet in enumerate(sheets):
            totals[i].append(sheet.total)
            for c in Category:
                categories[c] += sheet[c]
            legends_claimed += len(sheet.claimed)
        for i in winners:
            wins[i] += 1 / len(winners)  # a shared first place is shared (R5.6)
        lengths.append(len(played.record.moves))
    progress.update(games)
    progress.clear()
    every = [t for seat in totals for t in seat]
    summary: dict[str, JSONValue] = {
        "games": games,
        "players": players,
        "first_seed": args.seed,
        "ruleset": ruleset.name,
        "rules_version": ruleset.rules_version,
        "library_version": library_version(),
        "moves_per_game": {
            "mean": round(statistics.fmean(lengths), 2),
            "min": min(lengths),
            "max": max(lengths),
        },
        "total": {
            "mean": round(statistics.fmean(every), 2),
            "stdev": round(statistics.pstdev(every), 2),
            "min": min(every),
            "max": max(every),
        },
        "category_means": {c.value: round(categories[c] / (games * players), 2) for c in Category},
        "legends_per_player": round(legends_claimed / (games * players), 2),
        "seats": [
            {
                "seat": i,
                "mean_total": round(statistics.fmean(totals[i]), 2),
                "win_share": round(wins[i] / games, 4),
            }
            for i in range(players)
        ],
    }
    if args.json:
        console.json(summary)
        return EXIT_OK
    console.line(
        f"{games} random {players}-player games (seeds {args.seed}-{args.seed + games - 1}), "
        f"ruleset {ruleset.name} (rules {ruleset.rules_version})"
    )
    console.line(
        f"moves per game: mean {statistics.fmean(lengths):.1f}, "
        f"min {min(lengths)}, max {max(lengths)}"
    )
    console.line(
        f"total per player: mean {statistics.fmean(every):.2f}, "
        f"stdev {statistics.pstdev(every):.2f}, min {min(every)}, max {max(every)}"
    )
    console.line(
        "mean per category: "
        + ", ".join(f"{c.label} {categories[c] / (games * players):.2f}" for c in Category)
    )
    console.line(f"Legends claimed per player: {legends_claimed / (games * players):.2f}")
    for i in range(players):
        console.line(
            f"seat {i}: mean total {statistics.fmean(totals[i]):.2f}, "
            f"wins {100 * wins[i] / games:.1f}% (a shared first place counts as a share)"
        )
    return EXIT_OK


COMMAND = Command(
    "simulate",
    "play many random games and summarise the scores",
    "Play random games (every decision drawn uniformly from the legal moves) from "
    "consecutive seeds and print summary statistics: game length, totals, the mean of "
    "each category, Legends claimed and each seat's share of wins. Shows a progress "
    "bar on a terminal.",
    _simulate_arguments,
    _simulate,
)
