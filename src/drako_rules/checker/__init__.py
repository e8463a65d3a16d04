"""The score checker for physical games: game files, validation and reports (R1.3, R5, R6).

A game played on a real table is written down as a *game file*: the ruleset, and for each
player a name, the final Kingdom, the Legends claimed and, optionally, what was written on
the score sheet. `check_game` scores every Kingdom by the
rules, ranks the players (R5.6), compares the result with the sheet and lists every problem
of the game at once.

The package, in the order data flows (file → typed entry → verdict → report):
`checker.problems` (the codes and the collector),
`checker.model` (the game file's model and its one schema),
`checker.longints` (integers too long to convert),
`checker.reader` (the lenient reader: a document in, the model and
its problems out), `checker.writer` (the model out as a game file),
`checker.notation` (Kingdoms and Legends as a player writes them,
and the messages when they cannot be read),
`checker.verdict` (the checks), `checker.report`
(the report, data only; the command line renders it).

The file is TOML (read with [`tomllib`](https://docs.python.org/3/library/tomllib.html)), or
JSON of the same shape:

    ruleset = "pocket"                  # optional, "pocket" (default) or "classic" (R9)

    [[players]]                         # one table per player: 2 to 4 of them (R1.3)
    name = "Ana"
    kingdom = "FEOM/HPWM/SGDO/PPHS"     # any Kingdom notation, multi-line strings too
    legends = ["four-tribes"]           # optional: the Legends claimed (R1.4)
    score = 11                          # optional: the total written on the sheet
    [players.sheet]                     # optional: categories written on the sheet (R5.5)
    elves = 2
    dragons = -3

A Kingdom may also be given as a list of four row strings.

**A game with problems is still reported.** Reading never stops at the first problem:
`parse_game` raises
`InvalidGameError` only when the text is not a TOML
or JSON table at all; every other defect becomes a `Problem`
and the checker goes on with what it can use:

- a player is scored when their Kingdom can be read and the ruleset is known; Unexplored
  Lands then count as blank (R4.6), so the numbers show what the visible cards give;
- the Legends scored are the player's ids that name a Legend, each once; a Legend claimed
  by two players is scored for both (the file cannot say who really holds it);
- written values that are not integers are not compared; the others are compared with
  the rules' numbers for every scored player;
- places (R5.6) are given only when every player could be scored and the game has 2, 3
  or 4 players (R1.3), since a partial ranking could name the wrong winner;
- a game with an unknown ruleset is not scored at all (any number would be a guess); a
  game of more than 4 players (R1.3) is neither scored nor are its Kingdoms read: its
  problems are its fields, its player count and its Legend claims.

A game file is read by the one bounded reader of the library
(`drako_rules.inputs`): at most 1 MiB by default.

A report has one `Verdict`
(`GameReport.verdict`, with its sentence
`GameReport.verdict_text`): ``verified`` when it has
neither problems nor mismatches, ``disagrees`` for a valid game whose sheet disagrees with
the rules, ``invalid`` for a game with problems; the command line exits with status 0, 1
and 2 for them.

**Problems are data.** Besides its words, every
`Problem` of a report carries the facts a program needs to
show it: the player's seat, the field, the cells, the kind of card, the Legend, the count
and its limit (see its attributes); each `Mismatch` the
field, the written and expected values, the player's name and seat.

Examples:
    >>> game = parse_game('''
    ... [[players]]
    ... name = "Ana"
    ... kingdom = "FEOM/HPWM/SGDO/PPHS"
    ... score = 7
    ... [[players]]
    ... name = "Bob"
    ... kingdom = "EEWW/FFOG/MHDS/WGSM"
    ... score = 5
    ... ''')
    >>> report = check_game(game)
    >>> [(p.name, p.sheet.total, p.place) for p in report.players]
    [('Ana', 7, 1), ('Bob', 3, 2)]
    >>> [m.describe() for m in report.mismatches]
    ['Bob: total: written 5, the rules give 3 (R5.5)']
    >>> report.problems
    ()
    >>> report.verdict.value, report.verdict_text
    ('disagrees', 'the sheet disagrees with the rules (1 mismatch)')
    >>> bad = check_game(parse_game('''
    ... [[players]]
    ... name = "Ana"
    ... kingdom = "FEOM/HPWM/SGDO/PP?S"
    ... [[players]]
    ... name = "Bob"
    ... kingdom = "EEWW/FFOG/MHDS/WGSM"
    ... '''))
    >>> [(p.code, p.player, p.field, p.cells) for p in bad.problems]
    [('unexplored-land', 0, 'kingdom', ((0, Position(3, 2)),))]
"""

from __future__ import annotations

from drako_rules.checker.model import Game, GameFormat, PlayerEntry
from drako_rules.checker.problems import FIELDS, PROBLEM_CODES, JSONValue, Problem
from drako_rules.checker.reader import load_game, parse_game
from drako_rules.checker.report import GameReport, Mismatch, PlayerReport, Verdict
from drako_rules.checker.verdict import check_game
from drako_rules.checker.writer import format_game

__all__ = [
    "FIELDS",
    "PROBLEM_CODES",
    "Game",
    "GameFormat",
    "GameReport",
    "JSONValue",
    "Mismatch",
    "PlayerEntry",
    "PlayerReport",
    "Problem",
    "Verdict",
    "check_game",
    "format_game",
    "load_game",
    "parse_game",
]


def __dir__() -> list[str]:
    """The public API (``__all__``): what ``dir()`` and a REPL's completion offer."""
    return sorted(__all__)
