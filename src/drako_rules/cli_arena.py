"""The ``arena`` command, a thin layer over [`drako_rules.arena`][drako_rules.arena].

``drako-rules arena PLAYER PLAYER [PLAYER…] --games N --seed S --workers N [--json]``
plays seeded games between named players (``random``, ``greedy``, ``search`` or
``module:Name``), seats rotated, and prints a table per player (or ``--json``), with a
progress bar on stderr when it is a terminal.

To register it in the command-line tool, give it a subparser::

    sub = subparsers.add_parser("arena", help="play seeded games between players")
    cli_arena.add_arguments(sub)
    sub.set_defaults(handler=cli_arena.run)     # run(args) returns the exit status

``simulate`` gets ``--workers`` the same way: [`add_simulate_arguments`][drako_rules.cli_arena.add_simulate_arguments]
and [`run_simulate`][drako_rules.cli_arena.run_simulate] play ``--games`` random games on
every core with [`drako_rules.arena.simulate`][drako_rules.arena.simulate] and print the
seats' shares of wins with intervals (``--json``: the ``simulate`` summary's keys, plus the
intervals and the chi-square test).

Exit status: 0 when every game finished; 1 when a player made some games fail (the table
of the finished games is still printed on stdout, one line per failed game on stderr);
2 for a bad player spec or argument (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Final, TextIO

from drako_rules.arena import run_arena, simulate
from drako_rules.errors import DrakoError

__all__ = [
    "EXIT_FAILED_GAMES",
    "EXIT_INVALID",
    "EXIT_OK",
    "add_arguments",
    "add_simulate_arguments",
    "run",
    "run_simulate",
]

#: Every game finished.
EXIT_OK: Final = 0
#: Some games failed because of a player; the others are reported.
EXIT_FAILED_GAMES: Final = 1
#: A bad player spec or argument: nothing was played.
EXIT_INVALID: Final = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``arena`` to ``parser`` (a subparser of the CLI)."""
    parser.add_argument(
        "players",
        nargs="+",
        metavar="PLAYER",
        help="2 to 4 players: random, greedy, search, or module:Name (a factory taking a seed)",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=100,
        metavar="N",
        help="how many games, a multiple of the number of players (default 100)",
    )
    parser.add_argument(
        "--seed", type=int, default=0, metavar="S", help="game k has seed S+k (default 0)"
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help=f"worker processes (default: every core, {os.cpu_count() or 1} here; 1: no pool)",
    )
    parser.add_argument(
        "--move-time-limit",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="a player slower than this on one move fails its game (default 60)",
    )
    parser.add_argument("--ruleset", default="pocket", help="pocket (default) or classic (R9)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")


def _printable(text: str) -> str:
    return text.encode("ascii", "backslashreplace").decode("ascii")


class _Bar:
    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.enabled = stream.isatty()
        self.shown = 0

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        filled = 24 * done // max(1, total)
        text = f"[{'#' * filled}{'-' * (24 - filled)}] {done}/{total} games"
        self.stream.write("\r" + text)
        self.stream.flush()
        self.shown = len(text)

    def clear(self) -> None:
        if self.enabled and self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()


def run(
    args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    """Run ``arena`` with parsed ``args`` (see [`add_arguments`][drako_rules.cli_arena.add_arguments]); return the exit status."""
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    bar = _Bar(err)
    try:
        result = run_arena(
            args.players,
            args.games,
            seed=args.seed,
            ruleset=args.ruleset,
            workers=args.workers,
            move_time_limit=args.move_time_limit,
            progress=bar,
        )
    except DrakoError as exc:  # ArenaError included
        bar.clear()
        err.write(f"drako-rules arena: {_printable(str(exc))}\n")
        return EXIT_INVALID
    bar.clear()
    if args.json:
        out.write(json.dumps(result.to_json(), indent=2, ensure_ascii=True) + "\n")
    else:
        out.write(_printable(result.table()) + "\n")
    for failure in result.failures:
        err.write(f"drako-rules arena: {_printable(str(failure))}\n")
    return EXIT_OK if result.ok else EXIT_FAILED_GAMES


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``simulate`` (``--players --games --seed --ruleset --workers
    --json``) to ``parser``."""
    parser.add_argument("--players", type=int, default=2, metavar="N", help="2-4 (default 2)")
    parser.add_argument("--games", type=int, default=100, metavar="N", help="default 100")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="game k: seed S+k")
    parser.add_argument("--ruleset", default="pocket", help="pocket (default) or classic (R9)")
    parser.add_argument(
        "--workers", type=int, default=None, metavar="N", help="worker processes (default: all)"
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")


def run_simulate(
    args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    """Run ``simulate`` with parsed ``args``; return the exit status (0, or 2 for bad input)."""
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    bar = _Bar(err)
    try:
        result = simulate(
            args.players,
            args.games,
            seed=args.seed,
            ruleset=args.ruleset,
            workers=args.workers,
            progress=bar,
        )
    except DrakoError as exc:
        bar.clear()
        err.write(f"drako-rules simulate: {_printable(str(exc))}\n")
        return EXIT_INVALID
    bar.clear()
    if args.json:
        out.write(json.dumps(result.to_json(), indent=2, ensure_ascii=True) + "\n")
    else:
        out.write(result.table() + "\n")
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    """``python -m drako_rules.cli_arena …``: the command on its own, until it is registered."""
    parser = argparse.ArgumentParser(
        prog="drako-rules arena", description="Play seeded games between players."
    )
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
