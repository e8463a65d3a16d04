"""``drako-rules simulate``: play many random games and summarise the scores."""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence

from drako_rules.cards import check_player_count
from drako_rules.checker import JSONValue
from drako_rules.cli.console import EXIT_OK, Command, Console, Progress
from drako_rules.cli.replay import library_version
from drako_rules.cli.score import ruleset_option
from drako_rules.errors import CommandError
from drako_rules.game import final_ranking, final_scores, play_random_game
from drako_rules.game.setup import check_seed
from drako_rules.rulesets import Ruleset, get_ruleset
from drako_rules.scoring import Category, ScoreSheet

__all__ = ["COMMAND", "Tally"]


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


class Tally:
    """The statistics of many finished games, added one game at a time (no printing).

    Attributes:
        players: the player count of every game.
        totals: each seat's totals, one per game.
        wins: each seat's wins; a shared first place is shared (R5.6).
        lengths: the number of moves of each game.
        categories: the sum of each category over every player of every game.
        legends_claimed: the Legends claimed, over every player of every game.
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.totals: list[list[int]] = [[] for _ in range(players)]
        self.wins = [0.0] * players
        self.lengths: list[int] = []
        self.categories = dict.fromkeys(Category, 0)
        self.legends_claimed = 0

    def add(self, sheets: Sequence[ScoreSheet], places: Sequence[int], moves: int) -> None:
        """Count one finished game: its final sheets, places (R5.6) and length."""
        winners = [i for i, place in enumerate(places) if place == 1]
        for i, sheet in enumerate(sheets):
            self.totals[i].append(sheet.total)
            for c in Category:
                self.categories[c] += sheet[c]
            self.legends_claimed += len(sheet.claimed)
        for i in winners:
            self.wins[i] += 1 / len(winners)
        self.lengths.append(moves)

    @property
    def games(self) -> int:
        """How many games were counted."""
        return len(self.lengths)

    def summary(self, first_seed: int, ruleset: Ruleset) -> dict[str, JSONValue]:
        """The statistics as JSON values (what ``simulate --json`` prints)."""
        every = [t for seat in self.totals for t in seat]
        per_player = self.games * self.players
        return {
            "games": self.games,
            "players": self.players,
            "first_seed": first_seed,
            "ruleset": ruleset.name,
            "rules_version": ruleset.rules_version,
            "library_version": library_version(),
            "moves_per_game": {
                "mean": round(statistics.fmean(self.lengths), 2),
                "min": min(self.lengths),
                "max": max(self.lengths),
            },
            "total": {
                "mean": round(statistics.fmean(every), 2),
                "stdev": round(statistics.pstdev(every), 2),
                "min": min(every),
                "max": max(every),
            },
            "category_means": {
                c.value: round(self.categories[c] / per_player, 2) for c in Category
            },
            "legends_per_player": round(self.legends_claimed / per_player, 2),
            "seats": [
                {
                    "seat": i,
                    "mean_total": round(statistics.fmean(self.totals[i]), 2),
                    "win_share": round(self.wins[i] / self.games, 4),
                }
                for i in range(self.players)
            ],
        }


def _print(tally: Tally, first_seed: int, ruleset: Ruleset, console: Console) -> None:
    """The statistics in words."""
    games, players = tally.games, tally.players
    every = [t for seat in tally.totals for t in seat]
    per_player = games * players
    console.line(
        f"{games} random {players}-player games (seeds {first_seed}-{first_seed + games - 1}), "
        f"ruleset {ruleset.name} (rules {ruleset.rules_version})"
    )
    console.line(
        f"moves per game: mean {statistics.fmean(tally.lengths):.1f}, "
        f"min {min(tally.lengths)}, max {max(tally.lengths)}"
    )
    console.line(
        f"total per player: mean {statistics.fmean(every):.2f}, "
        f"stdev {statistics.pstdev(every):.2f}, min {min(every)}, max {max(every)}"
    )
    console.line(
        "mean per category: "
        + ", ".join(f"{c.label} {tally.categories[c] / per_player:.2f}" for c in Category)
    )
    console.line(f"Legends claimed per player: {tally.legends_claimed / per_player:.2f}")
    for i in range(players):
        console.line(
            f"seat {i}: mean total {statistics.fmean(tally.totals[i]):.2f}, "
            f"wins {100 * tally.wins[i] / games:.1f}% (a shared first place counts as a share)"
        )


def _simulate(args: argparse.Namespace, console: Console) -> int:
    players = check_player_count(args.players)
    games: int = args.games
    if games < 1:
        raise CommandError(f"--games must be at least 1, not {games}")
    ruleset = get_ruleset(args.ruleset)
    seed = check_seed(args.seed)
    check_seed(seed + games)
    progress = Progress(console, games, "games")
    tally = Tally(players)
    for k in range(games):
        progress.update(k)
        played = play_random_game(players, seed + k, ruleset=ruleset)
        tally.add(
            final_scores(played.state),
            final_ranking(played.state).places,
            len(played.record.moves),
        )
    progress.update(games)
    progress.clear()
    if args.json:
        console.json(tally.summary(seed, ruleset))
    else:
        _print(tally, seed, ruleset, console)
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
