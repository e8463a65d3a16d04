"""The ``drako-rules`` command: check score sheets, score and explain Kingdoms.

Run it as ``drako-rules COMMAND ...`` or ``python -m drako_rules COMMAND ...``; every
command has ``--help``. [`main`][drako_rules.cli.main] can also be called in-process with a
list of arguments and returns the exit status.

Exit status (also in ``drako-rules --help``):

- ``0`` ([`EXIT_OK`][drako_rules.cli.EXIT_OK]): everything verified, or the command did its work;
- ``1`` ([`EXIT_MISMATCH`][drako_rules.cli.EXIT_MISMATCH]): a score sheet disagrees with the rules;
- ``2`` ([`EXIT_INVALID`][drako_rules.cli.EXIT_INVALID]): invalid input or usage: an
  unreadable file, a file that is not a valid game, an unknown ruleset, a Kingdom that
  cannot be read... One line on stderr says what, starting with ``drako-rules: error:``;
- ``130`` ([`EXIT_INTERRUPTED`][drako_rules.cli.EXIT_INTERRUPTED]): interrupted with Ctrl-C.

Adding a subcommand takes a function that declares its arguments, a function that does the
work (``run(args, console) -> exit status``) and one [`Command`][drako_rules.cli.Command]
entry in [`COMMANDS`][drako_rules.cli.COMMANDS].
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import Final, NoReturn, TextIO

import attrs

from drako_rules.cards import Card, Legend
from drako_rules.checker import GameReport, JSONValue, PlayerReport, check_game, load_game
from drako_rules.connections import connections
from drako_rules.errors import DrakoError
from drako_rules.kingdom import Kingdom, Position
from drako_rules.legends import legends_met
from drako_rules.rulesets import RULES_VERSION, RULESETS, Ruleset, get_ruleset
from drako_rules.scoring import Category, ScoreSheet, score

__all__ = [
    "COMMANDS",
    "EXIT_INTERRUPTED",
    "EXIT_INVALID",
    "EXIT_MISMATCH",
    "EXIT_OK",
    "EXIT_STATUS_HELP",
    "PROG",
    "Command",
    "Console",
    "main",
]

#: Exit status: everything verified, or the command did its work.
EXIT_OK: Final = 0
#: Exit status: a score sheet disagrees with the rules (R5).
EXIT_MISMATCH: Final = 1
#: Exit status: invalid input or usage (one line on stderr says what).
EXIT_INVALID: Final = 2

#: Exit status after Ctrl-C (128 + SIGINT, the shell convention); nothing was verified.
EXIT_INTERRUPTED: Final = 130

PROG: Final = "drako-rules"

EXIT_STATUS_HELP: Final = f"""\
exit status:
  {EXIT_OK}  all verified (or the command did its work)
  {EXIT_MISMATCH}  a score sheet disagrees with the rules
  {EXIT_INVALID}  invalid input or usage: unreadable or invalid game file, unknown
     ruleset, a Kingdom that cannot be read (one line on stderr says what)"""


# --- input and output ---------------------------------------------------------------------


class _UsageError(Exception):
    """Bad command-line usage: reported as one line, exit status 2."""


class _Exit(Exception):
    """argparse is done (``--help``, ``--version``): return ``status``."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def _printable(text: str) -> str:
    """``text`` with control characters escaped, so a game file cannot drive the terminal."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def _one_line(text: str) -> str:
    return " ".join(_printable(part) for part in str(text).splitlines()) or "?"


@attrs.frozen
class Console:
    """Where a command writes: ``out`` for results, ``err`` for errors and progress.

    Text that the stream's encoding cannot hold is written with backslash escapes
    instead of failing.
    """

    out: TextIO
    err: TextIO
    inp: TextIO | None

    @staticmethod
    def _safe(text: str, stream: TextIO) -> str:
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            return text.encode(encoding, "backslashreplace").decode(encoding, "replace")
        except LookupError:
            return text.encode("ascii", "backslashreplace").decode("ascii")

    def print(self, text: str = "") -> None:
        """Write one line of results on ``out``."""
        self.out.write(self._safe(text, self.out) + "\n")

    def error(self, message: str) -> None:
        """Write ``drako-rules: error: message`` as one line on ``err``."""
        self.err.write(self._safe(f"{PROG}: error: {_one_line(message)}", self.err) + "\n")
        self.err.flush()

    def err_is_terminal(self) -> bool:
        """Whether ``err`` is a terminal (progress bars are drawn only there)."""
        isatty = getattr(self.err, "isatty", None)
        try:
            return bool(isatty()) if isatty is not None else False
        except (OSError, ValueError):
            return False


class _Progress:
    """A progress bar on stderr, drawn only when stderr is a terminal and there is work."""

    WIDTH: Final = 24

    def __init__(self, console: Console, total: int, noun: str) -> None:
        self.console = console
        self.total = total
        self.noun = noun
        self.enabled = total > 1 and console.err_is_terminal()
        self.shown = 0

    def update(self, done: int, label: str = "") -> None:
        """Draw the bar with ``done`` items of ``total`` finished."""
        if not self.enabled:
            return
        filled = self.WIDTH * done // self.total
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        text = f"[{bar}] {done}/{self.total} {self.noun}"
        if label:
            text += f" {_printable(label)}"
        text = text[:78]
        self.clear()
        self.console.err.write(self.console._safe(text, self.console.err))
        self.console.err.flush()
        self.shown = len(text)

    def clear(self) -> None:
        """Erase the bar (before results are printed, and at the end)."""
        if self.enabled and self.shown:
            self.console.err.write("\r" + " " * self.shown + "\r")
            self.console.err.flush()
            self.shown = 0


# --- the commands -------------------------------------------------------------------------


@attrs.frozen
class Command:
    """One subcommand of ``drako-rules``.

    Attributes:
        name: the word on the command line (``check``).
        help: one line for ``drako-rules --help``.
        description: the paragraph at the top of ``drako-rules NAME --help``.
        arguments: declares the command's arguments on its parser.
        run: does the work and returns the exit status; raising
            [`DrakoError`][drako_rules.errors.DrakoError] means invalid input (exit status 2).
    """

    name: str
    help: str
    description: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Console], int]


def _ruleset_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ruleset",
        default="pocket",
        metavar="NAME",
        help=f"the ruleset (R9): {', '.join(RULESETS)} (default: pocket)",
    )


def _kingdom_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "kingdom",
        metavar="KINGDOM",
        help="the Kingdom in the notation of RULES.md (FEOM/HPWM/SGDO/PPHS), or - to read it "
        "from stdin (several lines allowed)",
    )
    parser.add_argument(
        "--legend",
        action="append",
        default=[],
        metavar="ID",
        help="a Legend the player claimed (two-elves, four-tribes, ...); repeat for several",
    )
    _ruleset_option(parser)


def _read_kingdom(text: str, console: Console) -> Kingdom:
    if text == "-":
        if console.inp is None:
            raise _UsageError("no standard input to read the Kingdom from")
        try:
            text = console.inp.read()
        except (OSError, UnicodeDecodeError) as error:
            raise _UsageError(f"cannot read the Kingdom from stdin: {error}") from None
    return Kingdom.parse(text)


def _sheet_rows(sheet: ScoreSheet) -> list[tuple[str, str]]:
    rows = [(c.label, str(sheet[c])) for c in Category]
    rows.append(("Total", str(sheet.total)))
    return rows


def _legend_notes(kingdom: Kingdom, claimed: Sequence[Legend], console: Console) -> None:
    met = legends_met(kingdom)
    for legend in claimed:
        state = "requirement met" if legend in met else "requirement not met now (R6.3)"
        console.print(f"Legend claimed: {legend.value} (+{legend.points}, {state})")
    console.print(
        "Legends met (R6.4): " + (", ".join(sorted(x.value for x in met)) if met else "none")
    )


def _unexplored_note(kingdom: Kingdom, console: Console) -> None:
    if not kingdom.is_complete:
        cells = ", ".join(str(p) for p in kingdom.unexplored_positions)
        console.print(f"Unexplored Lands at {cells} count as blank (R4.6)")


def _scored(args: argparse.Namespace, console: Console) -> tuple[Kingdom, ScoreSheet, Ruleset]:
    ruleset = get_ruleset(args.ruleset)
    kingdom = _read_kingdom(args.kingdom, console)
    claimed = [Legend.parse(x) for x in args.legend]
    return kingdom, score(kingdom, claimed, ruleset), ruleset


def _score(args: argparse.Namespace, console: Console) -> int:
    kingdom, sheet, ruleset = _scored(args, console)
    console.print(f"{kingdom}  (ruleset {ruleset.name}, rules {ruleset.rules_version})")
    rows = _sheet_rows(sheet)
    width = max(len(label) for label, _ in rows)
    digits = max(len(value) for _, value in rows)
    for label, value in rows:
        console.print(f"{label:<{width}}  {value:>{digits}}")
    _unexplored_note(kingdom, console)
    _legend_notes(kingdom, sheet.claimed, console)
    return EXIT_OK


def _grid(kingdom: Kingdom) -> list[str]:
    names = [["?" if c is None else c.english.lower() for c in row] for row in kingdom.rows]
    width = max(max(len(n) for row in names for n in row), 1)
    lines = ["     " + " ".join(f"{c:<{width}}" for c in range(4)).rstrip()]
    for r, row in enumerate(names):
        lines.append(f"  {r}  " + " ".join(f"{n:<{width}}" for n in row).rstrip())
    return lines


def _networks(kingdom: Kingdom) -> list[str]:
    conn = connections(kingdom)
    out = []
    for network in conn.networks:
        portals = sorted(network)
        linked: set[Position] = set()
        for p in portals:
            linked.update(n for n in p.neighbours() if kingdom[n] is not Card.PORTAL)
        cards = []
        for pos in sorted(linked):
            card = kingdom[pos]
            name = "Unexplored Land" if card is None else card.english
            note = ""
            if card is Card.GOBLIN:
                note = " (a Goblin cannot use it, R4.3)"
            elif card is None:
                note = " (blank, R4.6)"
            cards.append(f"{name} {pos}{note}")
        noun = "Portal" if len(portals) == 1 else "Portals"
        verb = "links" if len(portals) == 1 else "link"
        out.append(
            f"  {noun} {', '.join(map(str, portals))} {verb}: " + (", ".join(cards) or "nothing")
        )
    return out


def _explain(args: argparse.Namespace, console: Console) -> int:
    kingdom, sheet, ruleset = _scored(args, console)
    if args.svg is not None:
        _write_svg(args, kingdom, sheet, console)
        if args.svg == "-":
            return EXIT_OK
    console.print(f"Kingdom {kingdom}  (ruleset {ruleset.name}, rules {ruleset.rules_version})")
    console.print()
    for line in _grid(kingdom):
        console.print(line)
    _unexplored_note(kingdom, console)
    networks = _networks(kingdom)
    if networks:
        console.print()
        console.print("Portal networks (R4.2):")
        for line in networks:
            console.print(line)
    for category in Category:
        console.print()
        value = sheet[category]
        console.print(f"{category.label} {value:+d}" if value else f"{category.label} 0")
        lines = sheet.lines_of(category)
        if not lines:
            console.print("  nothing")
        for item in lines:
            console.print(f"  [{item.rule}] {item.text}")
    console.print()
    console.print(f"Total {sheet.total} (R5.5)")
    console.print()
    met = legends_met(kingdom)
    console.print("Legends met (R6.4):" if met else "Legends met (R6.4): none")
    for legend in sorted(met, key=lambda x: list(Legend).index(x)):
        claimed = ", claimed" if legend in sheet.claimed else ""
        console.print(f"  {legend.value} (+{legend.points}{claimed}): {legend.requirement}")
    for legend in sheet.claimed:
        if legend not in met:
            console.print(
                f"  {legend.value} (+{legend.points}, claimed, requirement not met now, "
                f"R6.3): {legend.requirement}"
            )
    return EXIT_OK


def _explain_arguments(parser: argparse.ArgumentParser) -> None:
    _kingdom_arguments(parser)
    parser.add_argument(
        "--svg",
        metavar="FILE",
        help="also write the Kingdom as an SVG picture with its score sheet to FILE "
        "('-' for stdout, instead of the text)",
    )


def _write_svg(
    args: argparse.Namespace, kingdom: Kingdom, sheet: ScoreSheet, console: Console
) -> None:
    """Write the picture of ``kingdom`` for ``explain --svg FILE``."""
    from drako_rules.svg import kingdom_svg

    picture = kingdom_svg(
        kingdom, legends=sheet.claimed, ruleset=sheet.ruleset, show_score=True, title=str(kingdom)
    )
    if args.svg == "-":
        console.print(picture.rstrip("\n"))
        return
    try:
        with open(args.svg, "w", encoding="utf-8") as out:
            out.write(picture)
    except OSError as error:
        raise CommandError(f"cannot write the picture to {args.svg!r}: {error.strerror}") from None


def _check_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="+",
        metavar="GAME_FILE",
        help="a game file (TOML, or JSON of the same shape; see the README)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print only JSON on stdout: one report object for one file, a list of them "
        "for several (a file that cannot be read gives {'file': ..., 'error': ...})",
    )


_HEADINGS: Final = ("Player", *(c.label for c in Category), "Total", "Written", "Place")


def _cell(value: int | None) -> str:
    return "-" if value is None else str(value)


def _player_row(player: PlayerReport) -> tuple[str, ...]:
    sheet = player.sheet
    values = [_cell(sheet[c] if sheet is not None else None) for c in Category]
    return (
        _printable(player.name),
        *values,
        _cell(sheet.total if sheet is not None else None),
        _cell(player.entry.score),
        _cell(player.place),
    )


def _print_report(report: GameReport, console: Console) -> None:
    game = report.game
    source = _printable(game.source) if game.source is not None else "game"
    ruleset = report.ruleset if report.ruleset is not None else "unknown"
    console.print(
        f"{source}: {len(game.players)} players, ruleset {ruleset} "
        f"(rules {report.rules_version}), drako-rules {report.library_version}"
    )
    if report.players:
        rows = [_HEADINGS, *(_player_row(p) for p in report.players)]
        widths = [max(len(row[k]) for row in rows) for k in range(len(_HEADINGS))]
        console.print()
        for row in rows:
            cells = [row[0].ljust(widths[0])]
            cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
            console.print("  ".join(cells).rstrip())
    names = tuple(_printable(p.name) for p in report.players)
    if report.ranking is not None:
        console.print()
        order = report.ranking.order
        console.print(
            "Places (R5.6): " + ", ".join(f"{report.ranking.places[i]}. {names[i]}" for i in order)
        )
        for tie in report.ranking.tie_breaks:
            console.print(f"Tie-break: {tie.describe(names)}")
    mismatches = [(p, m) for p in report.players for m in p.mismatches]
    if mismatches:
        console.print()
        console.print("Mismatches with the sheet:")
        for player, mismatch in mismatches:
            console.print(f"  {names[player.index]}: {mismatch.describe()}")
    if report.problems:
        console.print()
        console.print("Problems:")
        for problem in report.problems:
            console.print(f"  {problem}")
    console.print()
    if report.problems:
        n = len(report.problems)
        console.print(
            f"Verdict: invalid game, {n} problem{'s' if n > 1 else ''}; the numbers above "
            "use what could be read"
        )
    elif mismatches:
        n = len(mismatches)
        console.print(
            f"Verdict: the sheet disagrees with the rules ({n} mismatch{'es' if n > 1 else ''})"
        )
    elif any(p.entry.score is not None or p.entry.sheet for p in report.players):
        console.print("Verdict: verified, the sheet agrees with the rules")
    else:
        console.print("Verdict: valid game; nothing was written on the sheet to compare")


def _status(report: GameReport) -> int:
    if report.problems:
        return EXIT_INVALID
    if report.mismatches:
        return EXIT_MISMATCH
    return EXIT_OK


def _check(args: argparse.Namespace, console: Console) -> int:
    files: list[str] = args.files
    progress = _Progress(console, len(files), "files")
    status = EXIT_OK
    results: list[JSONValue] = []
    loaded = 0
    for done, path in enumerate(files):
        progress.update(done, path)
        try:
            report = check_game(load_game(path))
        except DrakoError as error:
            progress.clear()
            console.error(str(error))
            status = max(status, EXIT_INVALID)
            results.append({"file": path, "error": _one_line(str(error))})
            continue
        loaded += 1
        file_status = _status(report)
        status = max(status, file_status)
        progress.clear()
        if args.json:
            results.append(report.to_dict())
        else:
            if done:
                console.print()
            _print_report(report, console)
        if report.problems:
            n = len(report.problems)
            console.error(
                f"{path}: invalid game, {n} problem{'s' if n > 1 else ''} "
                f"(first: {report.problems[0]})"
            )
    progress.update(len(files))
    progress.clear()
    if args.json:
        if len(files) == 1:
            if loaded:  # a file that cannot be read leaves stdout empty
                console.print(json.dumps(results[0], indent=2, ensure_ascii=False))
        else:
            console.print(json.dumps(results, indent=2, ensure_ascii=False))
    return status


#: The subcommands, in the order ``--help`` lists them.
COMMANDS: Final[tuple[Command, ...]] = (
    Command(
        "check",
        "check the score sheets of games played on a table",
        "Score every Kingdom of each game file by the rules, rank the players (R5.6), and "
        "compare with what was written on the score sheet. Prints the seven categories and "
        "the total of each player, the places, how ties were broken, every mismatch with "
        "the sheet and every problem of the file.",
        _check_arguments,
        _check,
    ),
    Command(
        "score",
        "score one Kingdom",
        "Score one Kingdom (R5): the seven categories of the score sheet and the total, "
        "with the Legends claimed, and the Legends whose requirement it meets (R6.4).",
        _kingdom_arguments,
        _score,
    ),
    Command(
        "explain",
        "show where every point of a Kingdom comes from",
        "Show the grid, the Portal networks and, card by card, every line behind each "
        "category: which partner, adjacent or through which Portal, and which rule; then "
        "the Legends the Kingdom meets with their requirement.",
        _explain_arguments,
        _explain,
    ),
)


# --- the parser ---------------------------------------------------------------------------


class CommandError(DrakoError):
    """A command that cannot do its work for a reason outside the rules (a file it cannot write)."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that reports errors as exceptions instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see '{self.prog} --help')")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            sys.stderr.write(message)
        raise _Exit(status)


def _parser() -> argparse.ArgumentParser:
    from drako_rules import __version__

    parser = _Parser(
        prog=PROG,
        description="The reference rules of Drako: Aetherya Pocket: check score sheets, "
        "score and explain Kingdoms.",
        epilog=EXIT_STATUS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"{PROG} {__version__} (rules {RULES_VERSION})",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for command in COMMANDS:
        sub = commands.add_parser(
            command.name,
            help=command.help,
            description=textwrap.fill(command.description, 78),
            epilog=EXIT_STATUS_HELP,
            formatter_class=argparse.RawDescriptionHelpFormatter,
            allow_abbrev=False,
        )
        command.arguments(sub)
        sub.set_defaults(run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``drako-rules`` with ``argv`` (default: the process arguments); return the exit status.

    Writes on the current ``sys.stdout`` and ``sys.stderr``; never raises for bad input
    (exit status 2, one line on stderr).

    Examples:
        >>> main(["score", "FEOM/HPWM/SGDO/PPHS"])
        FEOM/HPWM/SGDO/PPHS  (ruleset pocket, rules ...)
        Elves       2
        Dwarves     4
        Humans      3
        Goblins     3
        Dragons    -3
        Legends     0
        Conflicts  -2
        Total       7
        Legends met (R6.4): four-tribes
        0
    """
    console = Console(sys.stdout, sys.stderr, sys.stdin)
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = _parser()
        args = parser.parse_args(args_list)
        if args.command is None:
            raise _UsageError(
                f"choose a command: {', '.join(c.name for c in COMMANDS)} (see '{PROG} --help')"
            )
        run: Callable[[argparse.Namespace, Console], int] = args.run
        return run(args, console)
    except _Exit as done:
        return done.status
    except (_UsageError, DrakoError) as error:
        console.error(str(error))
        return EXIT_INVALID
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_INVALID
    except KeyboardInterrupt:
        console.error("interrupted")
        return EXIT_INTERRUPTED


def _quiet_stdout() -> None:
    """After a closed pipe (``drako-rules check ... | head``), drop what is left to write."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
