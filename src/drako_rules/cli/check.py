"""``drako-rules check``: render the checker's report of each game file (never re-judge it)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Final

from drako_rules.checker import (
    GameReport,
    JSONValue,
    PlayerReport,
    Verdict,
    check_game,
    parse_game,
)
from drako_rules.checker.reader import guess_format
from drako_rules.cli.console import (
    EXIT_INVALID,
    EXIT_MISMATCH,
    EXIT_OK,
    Command,
    Console,
    Progress,
    add_input_limit,
)
from drako_rules.cli.tables import print_places, print_table
from drako_rules.errors import NAME_WIDTH, DrakoError, InvalidGameError, short
from drako_rules.inputs import read_bytes
from drako_rules.kingdom import Kingdom
from drako_rules.scoring import Category

__all__ = [
    "COMMAND",
    "EXIT_STATUS",
    "HEADINGS",
    "MAX_SHOWN_PROBLEMS",
    "print_places",
    "print_table",
]

#: The most problems the text report lists (then "… and N more problems").
MAX_SHOWN_PROBLEMS = 10

_CATEGORIES = tuple(Category)

#: Short headings, so that the table fits 80 columns for names of up to 12 characters.
HEADINGS = ("Player", "Elf", "Dwa", "Hum", "Gob", "Dra", "Leg", "Con", "Total", "Sheet", "Place")


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="+",
        metavar="GAME_FILE",
        help="a game file (TOML, or JSON of the same shape; see the README), or - to read "
        "one from stdin",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print only JSON on stdout: one report object for one file, a list of them "
        'for several (a file that cannot be read gives {"file": ..., "error": ...})',
    )
    add_input_limit(parser)


def _cell(value: int | None) -> str:
    return "-" if value is None else str(value)


def _player_row(player: PlayerReport) -> tuple[str, ...]:
    sheet = player.sheet
    values = (
        [_cell(sheet[c]) for c in _CATEGORIES] if sheet is not None else ["-"] * len(_CATEGORIES)
    )
    return (
        short(player.name, NAME_WIDTH),
        *values,
        _cell(sheet.total if sheet is not None else None),
        _cell(player.entry.score),
        _cell(player.place),
    )


def _kingdom_in_words(kingdom: Kingdom) -> list[str]:
    """The Kingdom row by row in card names, so that a misread letter shows (``D`` is a
    Dragon, not a Dwarf)."""
    return [
        f"    row {r}: " + ", ".join("Unexplored Land" if c is None else c.english for c in row)
        for r, row in enumerate(kingdom.rows)
    ]


def _print_report(report: GameReport, console: Console) -> None:
    game = report.game
    source = short(game.source, 60) if game.source is not None else "game"
    ruleset = report.ruleset if report.ruleset is not None else "unknown"
    count = len(game.players)
    console.line(
        f"{source}: {count:,} player{'s' if count != 1 else ''}, ruleset {ruleset} "
        f"(rules {report.rules_version}), drako-rules {report.library_version}"
    )
    if report.players:
        console.line()
        print_table([HEADINGS, *(_player_row(p) for p in report.players)], console)
    names = tuple(short(p.name, NAME_WIDTH) for p in report.players)
    if report.ranking is not None:
        console.line()
        print_places(names, report.ranking, console)
    if report.mismatches:
        console.line()
        console.line("Mismatches with the sheet:")
        for player in report.players:
            if not player.mismatches:
                continue
            for mismatch in player.mismatches:
                console.line(f"  {mismatch.describe()}")
            if player.kingdom is not None:
                console.line(f"  {names[player.index]}'s Kingdom {player.kingdom}, in words:")
                for line in _kingdom_in_words(player.kingdom):
                    console.line(line)
    if report.problems:
        console.line()
        console.line("Problems:")
        for problem in report.problems[:MAX_SHOWN_PROBLEMS]:
            console.line(f"  {short(str(problem), 300)}")
        more = len(report.problems) - MAX_SHOWN_PROBLEMS
        if more > 0:
            console.line(f"  … and {more:,} more problem{'s' if more > 1 else ''}")
    console.line()
    console.line(f"Verdict: {report.verdict.value}, {report.verdict_text}")


#: The exit status of each verdict (the one place it is decided; see docs/howto/cli.md).
EXIT_STATUS: Final[Mapping[Verdict, int]] = {
    Verdict.VERIFIED: EXIT_OK,
    Verdict.DISAGREES: EXIT_MISMATCH,
    Verdict.INVALID: EXIT_INVALID,
}


def _load(path: str, console: Console) -> GameReport:
    """Read and check one game file (``-``: standard input)."""
    if path == "-":
        text = console.read("-", "game file")
        return check_game(parse_game(text, guess_format("", text), source="-"))
    data = read_bytes(path, limit=console.limit, error=InvalidGameError)
    return check_game(parse_game(data, guess_format(path, data), source=path))


def _run(args: argparse.Namespace, console: Console) -> int:
    files: list[str] = args.files
    progress = Progress(console, len(files), "files")
    status = EXIT_OK
    results: list[JSONValue] = []
    loaded = 0
    for done, path in enumerate(files):
        progress.update(done, path)
        try:
            report = _load(path, console)
        except DrakoError as error:
            progress.clear()
            console.error(str(error))
            status = max(status, EXIT_INVALID)
            results.append({"file": path, "error": short(str(error), 500)})
            continue
        loaded += 1
        status = max(status, EXIT_STATUS[report.verdict])
        progress.clear()
        if args.json:
            results.append(report.to_dict())
        else:
            if done:
                console.line()
            _print_report(report, console)
        if report.problems:
            console.error(
                f"{short(path, 60)}: {report.verdict.value}, {report.verdict_text} "
                f"(first: {short(str(report.problems[0]), 300)})"
            )
    progress.update(len(files))
    progress.clear()
    if args.json:
        if len(files) == 1:
            if loaded:  # a file that cannot be read leaves stdout empty
                console.json(results[0])
        else:
            console.json(results)
    return status


COMMAND = Command(
    "check",
    "check the score sheets of games played on a table",
    "Score every Kingdom of each game file by the rules, rank the players (R5.6), and "
    "compare with what was written on the score sheet. Prints the seven categories and "
    "the total of each player, the places, how ties were broken, every mismatch with "
    "the sheet (and that player's Kingdom in words) and the problems of the file.",
    _arguments,
    _run,
)
