"""The JSON form of the checker's report, as typed documents written by the one converter.

``drako-rules check --json`` and the web checker print
`GameReport.to_dict`: that is
`report_document` turned into JSON values by
`serialization.unstructure` (the converter of every
JSON format of drako-rules, which writes a `Category` as its
name). Each class here is one JSON object, its fields the object's keys in order, so that the
format is declared once, as types; the report's own classes keep what the checker needs.

Imported by ``to_dict`` only: ``drako-rules check`` without ``--json`` does not load it.
"""

from __future__ import annotations

import attrs

from drako_rules.checker.problems import Problem
from drako_rules.checker.report import (
    MAX_JSON_PROBLEMS,
    GameReport,
    Mismatch,
    PlayerReport,
    Verdict,
)
from drako_rules.scoring import Category, ScoreLine, ScoreSheet, TieBreak

__all__ = [
    "GameReportDocument",
    "LineDocument",
    "MismatchDocument",
    "PlayerDocument",
    "TieBreakDocument",
    "mismatch_document",
    "player_document",
    "report_document",
]


@attrs.frozen
class MismatchDocument:
    """A `Mismatch` in JSON: the sheet's value against the
    rules', ``message``, the difference in words naming the player, and ``seat``, the
    player's 0-based seat."""

    field: str
    written: int
    expected: int
    rule: str
    player: str | None
    message: str
    seat: int | None


@attrs.frozen
class LineDocument:
    """A `ScoreLine` in JSON: its category, points, rule id
    and words (R5.1–R5.4)."""

    category: Category
    points: int
    rule: str
    text: str


@attrs.frozen
class PlayerDocument:
    """A `PlayerReport` in JSON: the name, the Kingdom
    (its notation, or the text written when it cannot be read), the ids of the Legends
    claimed, whether the player was scored, the seven categories and the total by the rules
    (None when not scored), the place, the values written on the sheet, the mismatches and
    the itemized lines. ``legends`` is the category (R5.4); ``claimed`` the ids."""

    name: str
    kingdom: str | None
    claimed: tuple[str, ...]
    scored: bool
    elves: int | None
    dwarves: int | None
    humans: int | None
    goblins: int | None
    dragons: int | None
    legends: int | None
    conflicts: int | None
    total: int | None
    place: int | None
    written: dict[str, int]
    mismatches: tuple[MismatchDocument, ...]
    lines: tuple[LineDocument, ...]


@attrs.frozen
class TieBreakDocument:
    """A `TieBreak` in JSON, with the two players' names
    (higher first) and the tie-break in words (R5.6)."""

    players: tuple[str, ...]
    total: int
    shared: bool
    higher_category: Category | None
    higher_value: int | None
    lower_category: Category | None
    lower_value: int | None
    text: str


@attrs.frozen
class GameReportDocument:
    """A `GameReport` in JSON: the file, ruleset and
    versions, the verdict (its value, its sentence, and the older ``verified`` and ``valid``), the players, the tie-breaks, the first
    `MAX_JSON_PROBLEMS` problems (a
    `Problem` is written as its fields) and how many there are."""

    file: str | None
    ruleset: str | None
    rules_version: str
    library_version: str
    verdict: Verdict
    verdict_text: str
    verified: bool
    valid: bool
    players: tuple[PlayerDocument, ...]
    tie_breaks: tuple[TieBreakDocument, ...]
    problems: tuple[Problem, ...]
    problem_count: int


def mismatch_document(mismatch: Mismatch) -> MismatchDocument:
    """The JSON document of a mismatch."""
    m = mismatch
    return MismatchDocument(m.field, m.written, m.expected, m.rule, m.player, m.describe(), m.seat)


def _line(line: ScoreLine) -> LineDocument:
    return LineDocument(line.category, line.points, line.rule, line.text)


def player_document(player: PlayerReport) -> PlayerDocument:
    """The JSON document of one player's report."""
    sheet: ScoreSheet | None = player.sheet
    entry = player.entry

    def points(category: Category) -> int | None:
        return sheet[category] if sheet is not None else None

    written = {c.value: v for c, v in entry.sheet}
    if entry.score is not None:
        written["total"] = entry.score
    return PlayerDocument(
        name=player.name,
        kingdom=str(player.kingdom) if player.kingdom is not None else entry.kingdom,
        claimed=entry.legends,
        scored=sheet is not None,
        elves=points(Category.ELVES),
        dwarves=points(Category.DWARVES),
        humans=points(Category.HUMANS),
        goblins=points(Category.GOBLINS),
        dragons=points(Category.DRAGONS),
        legends=points(Category.LEGENDS),
        conflicts=points(Category.CONFLICTS),
        total=sheet.total if sheet is not None else None,
        place=player.place,
        written=written,
        mismatches=tuple(mismatch_document(m) for m in player.mismatches),
        lines=tuple(_line(line) for line in sheet.lines) if sheet is not None else (),
    )


def _tie_break(tie: TieBreak, names: tuple[str, ...]) -> TieBreakDocument:
    return TieBreakDocument(
        players=(names[tie.higher], names[tie.lower]),
        total=tie.total,
        shared=tie.shared,
        higher_category=tie.higher_category,
        higher_value=tie.higher_value,
        lower_category=tie.lower_category,
        lower_value=tie.lower_value,
        text=tie.describe(names),
    )


def report_document(report: GameReport) -> GameReportDocument:
    """The JSON document of a game's report (what ``drako-rules check --json`` prints)."""
    names = report.names
    ties = report.ranking.tie_breaks if report.ranking is not None else ()
    return GameReportDocument(
        file=report.game.source,
        ruleset=report.ruleset,
        rules_version=report.rules_version,
        library_version=report.library_version,
        verdict=report.verdict,
        verdict_text=report.verdict_text,
        verified=report.verified,
        valid=report.valid,
        players=tuple(player_document(p) for p in report.players),
        tie_breaks=tuple(_tie_break(t, names) for t in ties),
        problems=report.problems[:MAX_JSON_PROBLEMS],
        problem_count=len(report.problems),
    )
