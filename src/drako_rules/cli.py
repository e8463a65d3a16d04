"""The ``drako-rules`` command: check score sheets, score and explain Kingdoms, replay and
simulate games.

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
import statistics
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import Final, NoReturn, TextIO

import attrs

from drako_rules.cards import Card, Legend, check_player_count
from drako_rules.checker import GameReport, JSONValue, PlayerReport, check_game, load_game
from drako_rules.connections import connections
from drako_rules.errors import CommandError, DrakoError
from drako_rules.game import (
    GameRecord,
    GameState,
    apply_move,
    final_ranking,
    final_scores,
    load_record,
    play_random_game,
    record_from_json,
    replay,
)
from drako_rules.kingdom import Kingdom, Position
from drako_rules.legends import legends_met
from drako_rules.rulesets import RULES_VERSION, RULESETS, Ruleset, get_ruleset
from drako_rules.scoring import Category, Ranking, ScoreSheet, score

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
  {EXIT_INVALID}  invalid input or usage: unreadable or invalid game file or record,
     unknown ruleset, a Kingdom that cannot be read (one line on stderr says what)
  {EXIT_INTERRUPTED}  interrupted (Ctrl-C)"""


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


def _read_stdin(console: Console, what: str) -> str:
    """All of standard input, for an argument given as ``-``; ``what`` names it in errors."""
    if console.inp is None:
        raise _UsageError(f"no standard input to read the {what} from")
    try:
        return console.inp.read()
    except (OSError, UnicodeDecodeError) as error:
        raise _UsageError(f"cannot read the {what} from stdin: {error}") from None


def _read_kingdom(text: str, console: Console) -> Kingdom:
    return Kingdom.parse(_read_stdin(console, "Kingdom") if text == "-" else text)


def _sheet_rows(sheet: ScoreSheet) -> list[tuple[str, str]]:
    rows = [(c.label, str(sheet[c])) for c in Category]
    rows.append(("Total", str(sheet.total)))
    return rows


def _legend_notes(sheet: ScoreSheet, console: Console) -> None:
    kingdom, claimed = sheet.kingdom, sheet.claimed
    met = legends_met(kingdom, sheet.ruleset)
    for legend in claimed:
        state = "requirement met" if legend in met else "requirement not met now, R6.3"
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
    _legend_notes(sheet, console)
    return EXIT_OK


def _grid(kingdom: Kingdom) -> list[str]:
    names = [["?" if c is None else c.english.lower() for c in row] for row in kingdom.rows]
    width = max(max(len(n) for row in names for n in row), 1)
    lines = ["     " + " ".join(f"{c:<{width}}" for c in range(4)).rstrip()]
    for r, row in enumerate(names):
        lines.append(f"  {r}  " + " ".join(f"{n:<{width}}" for n in row).rstrip())
    return lines


def _networks(kingdom: Kingdom, ruleset: Ruleset) -> list[str]:
    conn = connections(kingdom, ruleset)
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
            if card is not None and card is not Card.PORTAL and not conn.uses_portals(pos):
                note = (
                    " (a Goblin cannot use it, R4.3; the Tribes around it reach the Goblin, R9.3)"
                    if ruleset.portals_link_goblins_to_tribes
                    else " (a Goblin cannot use it, R4.3)"
                )
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
    networks = _networks(kingdom, ruleset)
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
    met = legends_met(kingdom, sheet.ruleset)
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


def _print_table(rows: Sequence[Sequence[str]], console: Console) -> None:
    """Print rows as columns: the first left-aligned (names), the others right-aligned."""
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    for row in rows:
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        console.print("  ".join(cells).rstrip())


def _print_places(names: Sequence[str], ranking: Ranking, console: Console) -> None:
    """The places in order and how each tie on total was broken (R5.6)."""
    console.print(
        "Places (R5.6): " + ", ".join(f"{ranking.places[i]}. {names[i]}" for i in ranking.order)
    )
    for tie in ranking.tie_breaks:
        console.print(f"Tie-break: {tie.describe(names)}")


def _print_report(report: GameReport, console: Console) -> None:
    game = report.game
    source = _printable(game.source) if game.source is not None else "game"
    ruleset = report.ruleset if report.ruleset is not None else "unknown"
    console.print(
        f"{source}: {len(game.players)} player{'s' if len(game.players) != 1 else ''}, ruleset {ruleset} "
        f"(rules {report.rules_version}), drako-rules {report.library_version}"
    )
    if report.players:
        console.print()
        _print_table([_HEADINGS, *(_player_row(p) for p in report.players)], console)
    names = tuple(_printable(p.name) for p in report.players)
    if report.ranking is not None:
        console.print()
        _print_places(names, report.ranking, console)
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


# --- replay and simulate (engine games) ----------------------------------------------------


def _replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "record",
        metavar="RECORD",
        help="a game record saved by the engine (JSON: seed, players, first_player, "
        "ruleset, rules_version, moves), or - to read it from stdin",
    )
    parser.add_argument(
        "--moves", action="store_true", help="also list every move, numbered, with its player"
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print only JSON on stdout: the players' categories, totals and places",
    )


def _read_record(path: str, console: Console) -> GameRecord:
    if path != "-":
        return load_record(path)
    return record_from_json(_read_stdin(console, "record"))


def _standings(
    names: Sequence[str], sheets: Sequence[ScoreSheet], ranking: Ranking | None, console: Console
) -> None:
    """The seven categories, total and place of each player as an aligned table (R5.5, R5.6)."""
    headings = ("Player", *(c.label for c in Category), "Total", "Place")
    rows = [headings]
    for i, (name, sheet) in enumerate(zip(names, sheets, strict=True)):
        place = "-" if ranking is None else str(ranking.places[i])
        rows.append((name, *(str(sheet[c]) for c in Category), str(sheet.total), place))
    _print_table(rows, console)
    if ranking is not None:
        console.print()
        _print_places(names, ranking, console)


def _sheet_json(sheet: ScoreSheet) -> dict[str, JSONValue]:
    out: dict[str, JSONValue] = dict(sheet.as_dict())
    out["claimed"] = [legend.value for legend in sheet.claimed]
    return out


def _replay(args: argparse.Namespace, console: Console) -> int:
    record = _read_record(args.record, console)
    state = replay(record)
    names = [f"seat {i}" for i in range(record.players)]
    over = state.is_over
    if over:
        sheets = final_scores(state)
        ranking: Ranking | None = final_ranking(state)
    else:  # scores of what is revealed so far: Unexplored Lands are blank (R4.6)
        sheets = tuple(score(p.kingdom, p.legends, state.ruleset) for p in state.players)
        ranking = None
    if args.json:
        data: dict[str, JSONValue] = {
            "players": [
                {
                    "seat": i,
                    "kingdom": str(p.kingdom),
                    **_sheet_json(sheet),
                    "place": None if ranking is None else ranking.places[i],
                }
                for i, (p, sheet) in enumerate(zip(state.players, sheets, strict=True))
            ],
            "over": over,
            "moves": len(record.moves),
            "seed": record.seed,
            "first_player": record.first_player,
            "ruleset": state.ruleset.name,
            "rules_version": record.rules_version,
            "library_version": _library_version(),
        }
        if ranking is not None:
            data["tie_breaks"] = [tie.describe(names) for tie in ranking.tie_breaks]
        console.print(json.dumps(data, indent=2, ensure_ascii=False))
        return EXIT_OK
    console.print(
        f"{record.players}-player game, seed {record.seed}, first player seat "
        f"{record.first_player}, ruleset {state.ruleset.name} (rules {record.rules_version}): "
        f"{len(record.moves)} moves"
    )
    if args.moves:
        console.print()
        _print_moves(record, console)
    console.print()
    for i, player in enumerate(state.players):
        claimed = ", ".join(x.value for x in player.legends) or "no Legend"
        console.print(f"{names[i]}: {player.kingdom}  ({claimed})")
    console.print()
    if not over:
        console.print(
            f"The game is not over (R7.1): seat {state.current_player} is to move, phase "
            f"{state.phase.name.lower()}. Scores of the revealed cards so far (R4.6):"
        )
        console.print()
    _standings(names, sheets, ranking, console)
    return EXIT_OK


def _print_moves(record: GameRecord, console: Console) -> None:
    """Every move of the record with the seat that made it."""
    state: GameState = record.start()
    width = len(str(len(record.moves)))
    for n, move in enumerate(record.moves, start=1):
        console.print(f"{n:>{width}}. seat {state.current_player}: {move}")
        state = apply_move(state, move)


def _library_version() -> str:
    from drako_rules.version import library_version

    return library_version()


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
    _ruleset_option(parser)
    parser.add_argument(
        "--json", action="store_true", help="print only the summary as JSON on stdout"
    )


def _simulate(args: argparse.Namespace, console: Console) -> int:
    players = check_player_count(args.players)
    games: int = args.games
    if games < 1:
        raise _UsageError(f"--games must be at least 1, not {games}")
    ruleset = get_ruleset(args.ruleset)
    progress = _Progress(console, games, "games")
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
        "library_version": _library_version(),
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
        console.print(json.dumps(summary, indent=2, ensure_ascii=False))
        return EXIT_OK
    console.print(
        f"{games} random {players}-player games (seeds {args.seed}-{args.seed + games - 1}), "
        f"ruleset {ruleset.name} (rules {ruleset.rules_version})"
    )
    console.print(
        f"moves per game: mean {statistics.fmean(lengths):.1f}, "
        f"min {min(lengths)}, max {max(lengths)}"
    )
    console.print(
        f"total per player: mean {statistics.fmean(every):.2f}, "
        f"stdev {statistics.pstdev(every):.2f}, min {min(every)}, max {max(every)}"
    )
    console.print(
        "mean per category: "
        + ", ".join(f"{c.label} {categories[c] / (games * players):.2f}" for c in Category)
    )
    console.print(f"Legends claimed per player: {legends_claimed / (games * players):.2f}")
    for i in range(players):
        console.print(
            f"seat {i}: mean total {statistics.fmean(totals[i]):.2f}, "
            f"wins {100 * wins[i] / games:.1f}% (a shared first place counts as a share)"
        )
    return EXIT_OK


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
    Command(
        "replay",
        "replay a game record of the engine and print the final scores",
        "Replay a game record saved by the engine (seed, player count, first player, "
        "ruleset, rules version and moves; R2.8) move by move, checking every move, and "
        "print each Kingdom, the seven categories, the totals and the places (R5.6). A "
        "record of an unfinished game shows the scores of the revealed cards so far.",
        _replay_arguments,
        _replay,
    ),
    Command(
        "simulate",
        "play many random games and summarise the scores",
        "Play random games (every decision drawn uniformly from the legal moves) from "
        "consecutive seeds and print summary statistics: game length, totals, the mean of "
        "each category, Legends claimed and each seat's share of wins. Shows a progress "
        "bar on a terminal.",
        _simulate_arguments,
        _simulate,
    ),
)


# --- the parser ---------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """An argument parser that reports errors as exceptions instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see '{self.prog} --help')")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            sys.stderr.write(message)
        raise _Exit(status)


def _parser() -> argparse.ArgumentParser:
    from drako_rules.version import library_version

    parser = _Parser(
        prog=PROG,
        description="The reference rules of Drako: Aetherya Pocket: check score sheets, "
        "score and explain Kingdoms, replay and simulate games.",
        epilog=EXIT_STATUS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"{PROG} {library_version()} (rules {RULES_VERSION})",
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
