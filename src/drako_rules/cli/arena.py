"""``drako-rules arena``: seeded games between named players, rendered from
`drako_rules.arena` (the command plays nothing itself).

``drako-rules arena PLAYER PLAYER [PLAYER…] --games N --seed S --workers N [--json]``
plays ``N`` games between 2 to 4 players (``random``, ``greedy``, ``search`` or
``module:Name``), seats rotated, on ``--workers`` processes, and prints
`drako_rules.arena.ArenaResult.table` (or ``--json``:
`drako_rules.arena.ArenaResult.to_json`), with a progress bar on
standard error when it is a terminal.

Exit status: 0 when every game finished; 1 (`EXIT_FAILED_GAMES`)
when a player made some games fail (a player or its factory that raised anything,
returned something that is not a legal move, went over ``--move-time-limit`` or ended its
worker process): the results of the finished games and the failed games are still
printed on standard output, and one line on standard error says how many failed; 2 for a
bad player spec, argument or output; 130 after Ctrl-C. No other status, whatever a
player does (see "Failed games and exit status" in docs/howto/cli.md).
"""

from __future__ import annotations

import argparse
import math
from typing import Final

from drako_rules.arena import MAX_GAMES, MAX_MOVE_TIME_LIMIT, parse_player, run_arena
from drako_rules.cli.console import (
    EXIT_OK,
    Command,
    Console,
    print_summary,
    run_with_progress,
)
from drako_rules.cli.options import ruleset_option, workers_option
from drako_rules.errors import short

__all__ = ["COMMAND", "EXIT_FAILED_GAMES", "workers_option"]

#: Exit status of ``arena``: some games failed because of a player (the others are
#: reported). The same number as `EXIT_MISMATCH`: the
#: command ran, and what it reports is not all good.
EXIT_FAILED_GAMES: Final = 1


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {short(text)}") from None
    if not (math.isfinite(value) and 0 < value <= MAX_MOVE_TIME_LIMIT):
        raise argparse.ArgumentTypeError(
            f"the move time limit is above 0 and at most {MAX_MOVE_TIME_LIMIT:,.0f} seconds, "
            f"not {short(text)}"
        )
    return value


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "players",
        nargs="+",
        metavar="PLAYER",
        help="2 to 4 players: random, greedy, search, or module:Name (a callable of your "
        "module that takes a seed and returns a player)",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=100,
        metavar="N",
        help=f"how many games, a multiple of the number of players, at most {MAX_GAMES:,} "
        "(default 100)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="S",
        help="game k has seed S+k (default 0), so runs reproduce (R2.8)",
    )
    workers_option(parser)
    parser.add_argument(
        "--move-time-limit",
        type=_seconds,
        default=60.0,
        metavar="SECONDS",
        help="a player slower than this on one move fails its game (default 60)",
    )
    ruleset_option(parser)
    parser.add_argument(
        "--json", action="store_true", help="print only the results as JSON on stdout"
    )


def _arena(args: argparse.Namespace, console: Console) -> int:
    players = [parse_player(spec) for spec in args.players]
    result = run_with_progress(
        console,
        args.games,
        "games",
        lambda progress: run_arena(
            players,
            args.games,
            seed=args.seed,
            ruleset=args.ruleset,
            workers=args.workers,
            move_time_limit=args.move_time_limit,
            progress=progress,
        ),
    )
    print_summary(console, result, args.json)
    if result.ok:
        return EXIT_OK
    console.flush()
    first = result.failures[0]
    console.error(
        f"{len(result.failures):,} of {result.games:,} games failed because of a player "
        f"(the first: {first})"
    )
    return EXIT_FAILED_GAMES


COMMAND = Command(
    "arena",
    "play seeded games between players and compare them",
    "Play seeded games between 2 to 4 players (random, greedy, search, or module:Name of "
    "your own), seats rotated so that each sits in each seat equally often, on every core, "
    "and print per player: wins with a 95% Wilson interval, mean total and margin, a "
    "Bradley-Terry rating on the Elo scale, and the share of wins in each seat. Exit "
    "status 1 when a player made some games fail (they are listed; the finished games "
    "are still counted). Shows a progress bar on a terminal.",
    _arguments,
    _arena,
)
