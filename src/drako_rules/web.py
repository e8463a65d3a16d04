"""The Python side of the web score checker: a game in, the report and the pictures out.

The page at ``checker/`` of the docs site (served locally by ``drako-rules web``, see
`drako_rules.webserve`) runs drako-rules itself in the browser
through Pyodide. Its JavaScript only draws the form and keeps the game; every number, place,
problem and verdict comes from this module, which calls the score checker
(`check_game`, R1.3, R5, R6) and the pictures
(`kingdom_svg`). Nothing here decides a rule.

`check_page` takes the checker's game file (JSON, as
``drako-rules check`` reads it, or TOML) and returns one JSON object:

- ``game``: the game as the page holds it, in the checker's JSON form, with each readable
  Kingdom rewritten in the compact Kingdom notation (``FEOM/HPWM/SGDO/PPHS``, ``?`` for an
  empty cell, that is an Unexplored Land);
- ``cells``: per player, the 16 notation letters row by row, or None when the Kingdom
  cannot be read;
- ``report``: `GameReport.to_dict`, exactly what
  ``drako-rules check --json`` prints;
- ``verdict``: one line, the report's verdict value (``verified``, ``disagrees`` or
  ``invalid``, also ``report["verdict"]``), a colon and its sentence (``report["verdict_text"]``);
- ``pictures``: per player, the SVG picture of the Kingdom (links, conflicts, Dragons), or
  None when the player could not be scored;
- ``marks``: per problem of the report, where the page shows it (see
  `problem_marks`);
- ``met``: per player, the ids of the Legends the Kingdom meets (R1.4), or None when it
  cannot be read;
- ``toml``: the game as the TOML game file of the command line
  (`format_game`), for the download.

Examples:
    >>> import json
    >>> out = json.loads(check_page('{"players": [{"name": "Ana", "kingdom": "FEOM/HPWM/SGDO/PPHS",'
    ...                             ' "score": 7}, {"name": "Bob", "kingdom": "EEWW/FFOG/MHDS/WGSM"}]}'))
    >>> report = out["report"]
    >>> [(p["total"], p["place"]) for p in report["players"]], out["verdict"]
    ([(7, 1), (3, 2)], 'verified: the sheet agrees with the rules')
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from typing import Final

import attrs

from drako_rules.cards import CARDS_PER_KIND, Card, Legend
from drako_rules.checker import (
    PROBLEM_CODES,
    Game,
    GameFormat,
    GameReport,
    JSONValue,
    Problem,
    check_game,
    format_game,
    parse_game,
)
from drako_rules.checker.model import (
    DEFAULT_RULESET,
    GAME_FIELDS,
    MAX_WRITTEN_DIGITS,
    PLAYER_FIELDS,
    SHEET_FIELDS,
)
from drako_rules.errors import DrakoError, DrakoTypeError, InvalidGameError, expect, quote
from drako_rules.kingdom import SIZE, Kingdom
from drako_rules.legends import legends_met
from drako_rules.rulesets import RULESETS
from drako_rules.scoring import Category
from drako_rules.svg import CARD_COLOURS, kingdom_svg

__all__ = [
    "MAX_GAME_CHARS",
    "catalogue",
    "check_page",
    "page_result",
    "problem_marks",
    "verdict",
]

#: The longest game file the page accepts, in characters: a 4-player game with every
#: field written takes about 1 500, and a ``#game=`` link stays well inside URL limits.
MAX_GAME_CHARS: Final = 20_000
_MAX_PICTURES: Final = 16  # check_page reads at most this many picture indices


def catalogue() -> dict[str, JSONValue]:
    """What the page draws its form from and reads a game by: the cards, the Legends, the
    categories, the rulesets, and the schema of a game file (one source: the page hard-codes
    none of it).

    ``cards`` holds the ten kinds in notation order (R1.1) with their letter, English name
    and the colours of the pictures (``fill``, ``border``, ``ink``); ``legends`` the 15
    Legends (R1.4) with id, points and requirement; ``categories`` the seven categories of
    the score sheet (R5.5) as ``[name, label]``; ``rulesets`` the ruleset names (R9);
    ``cards_per_kind`` the deck's cards of each kind by player count (R1.3);
    ``problem_codes`` the checker's problem codes with their meaning.

    The Kingdom notation and the game file:

    - ``alphabet``: letter → the card's English name, in notation order (R1.1); each
      letter reads as that card (`Kingdom.parse`);
    - ``unexplored``: the letter of an Unexplored Land (an empty cell);
    - ``kingdom_size``: the rows (and columns) of a Kingdom (R4.1); ``row_separator``: what
      the compact notation writes between rows;
    - ``fields``: per table (``game``, ``player``, ``sheet``), field name → kind, in the
      order the writer writes them (`GAME_FIELDS`,
      `PLAYER_FIELDS`,
      `SHEET_FIELDS`; the kinds are those of
      `checker.model.FieldKind`);
    - ``default_ruleset``: the ruleset of a file that names none (R9);
    - ``player_counts``: the player counts the game allows, ascending (R1.3);
    - ``max_written_digits``: the most digits of a written integer (R5.5);
    - ``max_game_chars``: the longest game text the page checks
      (`MAX_GAME_CHARS`).

    Examples:
        >>> c = catalogue()
        >>> c["cards"][0]["letter"], c["cards"][0]["name"], len(c["legends"])
        ('F', 'Forest', 15)
        >>> c["alphabet"]["W"], c["unexplored"], c["kingdom_size"], c["player_counts"]
        ('Dwarf', '?', 4, [2, 3, 4])
        >>> c["fields"]["player"]
        {'name': 'text', 'kingdom': 'kingdom', 'legends': 'legend-ids', 'score': 'integer', 'sheet': 'sheet'}
    """
    cards: list[JSONValue] = []
    for card in Card:
        fill, border, ink = CARD_COLOURS[card]
        cards.append(
            {
                "letter": card.letter,
                "name": card.english,
                "fill": fill,
                "border": border,
                "ink": ink,
            }
        )
    legends: list[JSONValue] = [
        {"id": x.value, "points": x.points, "requirement": x.requirement} for x in Legend
    ]
    categories: list[JSONValue] = [[c.value, c.label] for c in Category]
    rulesets: list[JSONValue] = list(RULESETS)
    per_kind: dict[str, JSONValue] = {str(n): k for n, k in CARDS_PER_KIND.items()}
    codes: dict[str, JSONValue] = dict(PROBLEM_CODES)
    fields: dict[str, JSONValue] = {
        "game": dict[str, JSONValue](GAME_FIELDS),
        "player": dict[str, JSONValue](PLAYER_FIELDS),
        "sheet": dict[str, JSONValue](SHEET_FIELDS),
    }
    counts: list[JSONValue] = [n for n in sorted(CARDS_PER_KIND)]
    unexplored = str(Kingdom.unexplored())  # the library's own notation of empty cells
    return {
        "cards": cards,
        "legends": legends,
        "categories": categories,
        "rulesets": rulesets,
        "cards_per_kind": per_kind,
        "problem_codes": codes,
        "alphabet": {card.letter: card.english for card in Card},
        "unexplored": unexplored[0],
        "kingdom_size": SIZE,
        "row_separator": unexplored[SIZE],
        "fields": fields,
        "default_ruleset": DEFAULT_RULESET,
        "player_counts": counts,
        "max_written_digits": MAX_WRITTEN_DIGITS,
        "max_game_chars": MAX_GAME_CHARS,
    }


def verdict(report: GameReport) -> str:
    """The verdict line of the page: the report's
    `checker.report.Verdict` value, a colon and its sentence
    (`GameReport.verdict_text`), the same
    value and sentence that ``drako-rules check`` prints (R5.5).

    Examples:
        >>> from drako_rules.checker import PlayerEntry
        >>> verdict(check_game(Game([PlayerEntry("Ana", "FEOM/HPWM/SGDO/PPHS", score=6),
        ...                          PlayerEntry("Bob", "EEWW/FFOG/MHDS/WGSM")])))
        'disagrees: the sheet disagrees with the rules (1 mismatch)'
    """
    return f"{report.verdict.value}: {report.verdict_text}"


def problem_marks(report: GameReport) -> list[JSONValue]:
    """Where the page shows each problem of ``report``, in the order of ``report.problems``.

    Each mark is an object with ``code``, ``message``, ``rule`` and:

    - ``player``: the 0-based player the problem concerns, or None for the whole game;
    - ``field``: the field of that player (``name``, ``kingdom``, ``legends``, ``score``,
      ``sheet.elves``, ...; ``player`` for the player's table), or ``ruleset`` /
      ``players`` / ``game`` for the game;
    - ``cells``: the cells it concerns, as ``"I-R-C"`` (the page's ``data-cell``): the
      Unexplored Lands of an ``unexplored-land`` problem (R7.2), the cards of the kind of a
      ``too-many-cards`` problem (R1.3), the card of a ``bad-kingdom`` problem;
    - ``card``: the notation letter of a ``too-many-cards`` problem's kind;
    - ``legends``: ``[player, id]`` pairs of the checkboxes of a ``legend-claimed-twice``
      problem (R6.3): every player who claims that Legend.

    Every mark is the problem's own facts (`Problem`'s
    ``player``, ``field``, ``cells``, ``card``, ``legend`` and ``seats``) in the page's
    form; nothing is read from the message.
    """
    return [_mark(problem) for problem in report.problems]


def _mark(problem: Problem) -> dict[str, JSONValue]:
    field: str | None = problem.field
    if problem.player is None:
        field = field if field is not None else problem.where.removeprefix("$.")
    elif field == "total":
        field = "score"  # the page's name of the written total
    legends: list[JSONValue] = []
    if problem.legend is not None:
        legends = [[seat, problem.legend.value] for seat in problem.seats]
    return {
        "code": problem.code,
        "message": problem.message,
        "rule": problem.rule,
        "player": problem.player,
        "field": field,
        "cells": [f"{seat}-{p.row}-{p.col}" for seat, p in problem.cells],
        "card": problem.card.letter if problem.card is not None else None,
        "legends": legends,
    }


def _normalized(game: Game) -> Game:
    """The game with every readable Kingdom in the compact notation, as the page keeps it."""
    players = []
    for entry in game.players:
        if entry.kingdom is not None:
            # an unreadable Kingdom stays as written: check_game reports it (bad-kingdom)
            with contextlib.suppress(DrakoError):
                entry = attrs.evolve(entry, kingdom=str(Kingdom.parse(entry.kingdom)))
        players.append(entry)
    return attrs.evolve(game, players=tuple(players), source=None)


def _pictures(report: GameReport, only: Iterable[int] | None) -> list[JSONValue]:
    wanted = None if only is None else set(only)
    out: list[JSONValue] = []
    for player in report.players:
        sheet = player.sheet
        if (
            player.kingdom is None
            or sheet is None
            or (wanted is not None and player.index not in wanted)
        ):
            out.append(None)
            continue
        out.append(
            kingdom_svg(
                player.kingdom,
                legends=sheet.claimed,
                ruleset=sheet.ruleset,
                title=f"{player.name}: {player.kingdom}",
            )
        )
    return out


def _met(report: GameReport) -> list[JSONValue]:
    """Per player, the ids of the Legends the Kingdom meets (R1.4), in Legend order, or None
    when the Kingdom cannot be read; an Unexplored Land meets nothing (R7.2). The page lists
    these first among the Legends a player may claim, never ticks them."""
    ruleset = (
        report.ruleset if report.ruleset is not None and report.ruleset in RULESETS else "pocket"
    )
    out: list[JSONValue] = []
    for player in report.players:
        if player.kingdom is None:
            out.append(None)
            continue
        met = legends_met(player.kingdom, ruleset)
        out.append([x.value for x in Legend if x in met])
    return out


def page_result(
    text: str, format: GameFormat = "json", *, pictures: Iterable[int] | None = None
) -> dict[str, JSONValue]:
    """Check the game file ``text`` and return what the page shows (see the module docs).

    Args:
        text: a game file, the checker's JSON form (what ``#game=`` carries) or TOML.
        format: ``"json"`` (default) or ``"toml"`` (a file the player opens).
        pictures: the players whose picture to draw (all by default); the others get None.
            The page redraws only the Kingdom that was edited.

    Raises:
        InvalidGameError: the text is longer than
            `MAX_GAME_CHARS`, or not a game file at all
            (see `parse_game`).
    """
    if not isinstance(text, str):
        raise InvalidGameError(f"a game file is text, not {type(text).__name__}")
    if len(text) > MAX_GAME_CHARS:
        raise InvalidGameError(
            f"the game file has {len(text)} characters, more than the page reads "
            f"({MAX_GAME_CHARS}); it starts {quote(text)}"
        )
    game = _normalized(parse_game(text, format, source="page"))
    report = check_game(game)
    document: JSONValue = json.loads(format_game(game, "json"))
    cells: list[JSONValue] = [
        list(str(p.kingdom).replace("/", "")) if p.kingdom is not None else None
        for p in report.players
    ]
    return {
        "game": document,
        "cells": cells,
        "report": report.to_dict(),
        "verdict": verdict(report),
        "pictures": _pictures(report, pictures),
        "marks": problem_marks(report),
        "met": _met(report),
        "toml": format_game(game, "toml"),
    }


def check_page(text: str, format: GameFormat = "json", pictures: str = "") -> str:
    """`page_result` as JSON text, for the page's JavaScript.

    A text that is not a game file at all gives ``{"error": message}`` instead of raising,
    so the page can show the message beside the game.

    Args:
        text: the game file (JSON or TOML).
        format: ``"json"`` or ``"toml"``.
        pictures: comma-separated player indices whose pictures to draw; empty for all
            (an item that is not a small index is ignored).

    Raises:
        DrakoTypeError: ``text`` or ``pictures`` is not text, or ``format`` is not
            ``"json"`` or ``"toml"``: the page never calls it so.
    """
    expect(text, str, "a game file as text")
    if format not in ("json", "toml"):
        raise DrakoTypeError(f"expected the format 'json' or 'toml', not {quote(format)}")
    expect(pictures, str, "comma-separated player indices such as '0,2'")
    only: list[int] | None = None
    if pictures:
        items = pictures.split(",", _MAX_PICTURES)[:_MAX_PICTURES]
        only = [int(i) for i in items if i.strip().isdigit() and len(i.strip()) <= 3]
    try:
        return json.dumps(page_result(text, format, pictures=only), ensure_ascii=False)
    except InvalidGameError as error:
        return json.dumps({"error": str(error)}, ensure_ascii=False)
