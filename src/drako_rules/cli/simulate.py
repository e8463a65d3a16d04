"""``drako-rules simulate``: play many random games on every core and summarise them.

The games are played and summed up by `drako_rules.simulate.simulate`
(through the one parallel runner, which also serves ``arena``); this module renders its
`drako_rules.simulate.SimulationResult` and computes nothing itself.
"""

from __future__ import annotations

import argparse

from drako_rules.cli.console import EXIT_OK, Command, Console, print_summary, run_with_progress
from drako_rules.cli.options import ruleset_option, workers_option
from drako_rules.referee import MAX_GAMES
from drako_rules.simulate import simulate

__all__ = ["COMMAND"]


def _simulate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players", type=int, default=2, metavar="N", help="players per game, 2-4 (default 2)"
    )
    parser.add_argument(
        "--games",
        type=int,
        default=100,
        metavar="N",
        help=f"how many games, at most {MAX_GAMES:,} (default 100)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="S",
        help="seed of the first game; game k uses seed S+k (default 0), so runs reproduce (R2.8)",
    )
    ruleset_option(parser)
    workers_option(parser)
    parser.add_argument(
        "--json", action="store_true", help="print only the summary as JSON on stdout"
    )


def _simulate(args: argparse.Namespace, console: Console) -> int:
    result = run_with_progress(
        console,
        args.games,
        "games",
        lambda progress: simulate(
            args.players,
            args.games,
            seed=args.seed,
            ruleset=args.ruleset,
            workers=args.workers,
            progress=progress,
        ),
    )
    print_summary(console, result, args.json)
    return EXIT_OK


COMMAND = Command(
    "simulate",
    "play many random games and summarise the scores",
    "Play random games (every decision drawn uniformly from the legal moves) from "
    "consecutive seeds, on every core, and print summary statistics: game length, totals, "
    "the mean of each category, Legends claimed and each seat's share of wins with its "
    "95% Wilson interval and a chi-square test of equal shares. The results are the same "
    "whatever --workers. Shows a progress bar on a terminal.",
    _simulate_arguments,
    _simulate,
)
