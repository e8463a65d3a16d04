"""``drako-rules replay``: replay a game record of the engine (R2.8) and print the scores."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Sequence

import attrs
from cattrs.gen import make_dict_unstructure_fn, override
from cattrs.preconf.json import JsonConverter

from drako_rules.checker.problems import JSONValue
from drako_rules.cli.console import EXIT_OK, Command, Console, add_input_limit
from drako_rules.cli.tables import print_places, print_table
from drako_rules.game import (
    GameRecord,
    GameState,
    apply_move,
    final_ranking,
    final_scores,
    load_record,
    record_from_json,
    replay,
)
from drako_rules.rulesets import Ruleset
from drako_rules.scoring import Category, Ranking, ScoreSheet, score
from drako_rules.serialization import converter, unstructure
from drako_rules.version import library_version

__all__ = ["COMMAND", "ReplayDocument", "SeatDocument", "document_converter"]


@attrs.frozen
class SeatDocument:
    """One seat in ``replay --json``: its number, its score sheet and its place (R5.6; None
    while the game is not over).

    Written as the seat, the Kingdom (notation), the seven categories and the total in the
    sheet's one JSON form (`ScoreSheet.as_dict`,
    R5.5), the Legends it claimed (ids) and the place.
    """

    seat: int
    sheet: ScoreSheet
    place: int | None


def _unstructure_seat(document: SeatDocument) -> dict[str, JSONValue]:
    """A seat's JSON object: the sheet's categories and total between its Kingdom and its
    claimed Legends, in the order a reader scans a score sheet."""
    sheet = document.sheet
    data: dict[str, JSONValue] = {"seat": document.seat, "kingdom": unstructure(sheet.kingdom)}
    data.update(sheet.as_dict())
    data["claimed"] = unstructure(sheet.claimed)
    data["place"] = document.place
    return data


@attrs.frozen
class ReplayDocument:
    """What ``replay --json`` prints, written by the one converter: the seats, whether the
    game is over, the number of moves, the record's seed, first player, ruleset (its name)
    and rules version, the library's version and, once the game is over, every tie on total
    in words (R5.6; the key is left out before)."""

    players: tuple[SeatDocument, ...]
    over: bool
    moves: int
    seed: int
    first_player: int
    ruleset: Ruleset
    rules_version: str
    library_version: str
    tie_breaks: tuple[str, ...] | None = None


@functools.cache
def document_converter() -> JsonConverter:
    """The converter that writes ``replay --json``: a copy of the library's one converter
    (``drako_rules.serialization``) with the hooks of
    `SeatDocument` and
    `ReplayDocument`, made on first use, so that
    importing this module changes no converter of the library."""
    documents = converter.copy()
    documents.register_unstructure_hook(SeatDocument, _unstructure_seat)
    documents.register_unstructure_hook(
        ReplayDocument,
        make_dict_unstructure_fn(
            ReplayDocument, documents, tie_breaks=override(omit_if_default=True)
        ),
    )
    return documents


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
    add_input_limit(parser)


def _read_record(path: str, console: Console) -> GameRecord:
    """The record in the file ``path`` (``-``: standard input), through the bounded reader."""
    if path == "-":
        return record_from_json(console.read("-", "record"))
    return load_record(path, limit=console.limit)


def _standings(
    names: Sequence[str], sheets: Sequence[ScoreSheet], ranking: Ranking | None, console: Console
) -> None:
    """The seven categories, total and place of each player as an aligned table (R5.5, R5.6)."""
    headings = ("Player", *(c.label for c in Category), "Total", "Place")
    rows = [headings]
    for i, (name, sheet) in enumerate(zip(names, sheets, strict=True)):
        place = "-" if ranking is None else str(ranking.places[i])
        rows.append((name, *(str(sheet[c]) for c in Category), str(sheet.total), place))
    print_table(rows, console)
    if ranking is not None:
        console.line()
        print_places(names, ranking, console)


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
        document = ReplayDocument(
            players=tuple(
                SeatDocument(i, sheet, None if ranking is None else ranking.places[i])
                for i, sheet in enumerate(sheets)
            ),
            over=over,
            moves=len(record.moves),
            seed=record.seed,
            first_player=record.first_player,
            ruleset=state.ruleset,
            rules_version=record.rules_version,
            library_version=library_version(),
            tie_breaks=None
            if ranking is None
            else tuple(tie.describe(names) for tie in ranking.tie_breaks),
        )
        data: JSONValue = document_converter().unstructure(document)
        console.json(data)
        return EXIT_OK
    console.line(
        f"{record.players}-player game, seed {record.seed}, first player seat "
        f"{record.first_player}, ruleset {state.ruleset.name} (rules {record.rules_version}): "
        f"{len(record.moves)} moves"
    )
    if args.moves:
        console.line()
        _print_moves(record, console)
    console.line()
    for i, player in enumerate(state.players):
        claimed = ", ".join(x.value for x in player.legends) or "no Legend"
        console.line(f"{names[i]}: {player.kingdom}  ({claimed})")
    console.line()
    if not over:
        console.line(
            f"The game is not over (R7.1): seat {state.current_player} is to move, phase "
            f"{state.phase.name.lower()}. Scores of the revealed cards so far (R4.6):"
        )
        console.line()
    _standings(names, sheets, ranking, console)
    return EXIT_OK


def _print_moves(record: GameRecord, console: Console) -> None:
    """Every move of the record with the seat that made it."""
    state: GameState = record.start()
    width = len(str(len(record.moves)))
    for n, move in enumerate(record.moves, start=1):
        console.line(f"{n:>{width}}. seat {state.current_player}: {move}")
        state = apply_move(state, move)


COMMAND = Command(
    "replay",
    "replay a game record of the engine and print the final scores",
    "Replay a game record saved by the engine (seed, player count, first player, "
    "ruleset, rules version and moves; R2.8) move by move, checking every move, and "
    "print each Kingdom, the seven categories, the totals and the places (R5.6). A "
    "record of an unfinished game shows the scores of the revealed cards so far.",
    _replay_arguments,
    _replay,
)
