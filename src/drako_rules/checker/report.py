"""The checker's report: `Mismatch`,
`PlayerReport` and
`GameReport`. Data only: the verdict
(`check_game`) fills them, the command line renders them.
"""

from __future__ import annotations

import enum

import attrs

from drako_rules.checker.model import Game, PlayerEntry
from drako_rules.checker.problems import JSONValue, Problem
from drako_rules.errors import short
from drako_rules.kingdom import Kingdom
from drako_rules.scoring import Category, Ranking, ScoreSheet, TieBreak

__all__ = ["MAX_JSON_PROBLEMS", "GameReport", "Mismatch", "PlayerReport", "Verdict"]

#: The most problems ``GameReport.to_dict`` lists (``problem_count`` gives them all).
MAX_JSON_PROBLEMS = 100


def _json(document: object) -> dict[str, JSONValue]:
    """A report document as JSON values, through the one converter of drako-rules (imported
    here, on first use: it is not needed to check a game)."""
    from drako_rules.serialization import unstructure

    data: dict[str, JSONValue] = unstructure(document)
    return data


class Verdict(enum.Enum):
    """The one verdict on a game (R5): what the command line, the web page and the JSON
    report all say, and what the command's exit status is derived from.

    | value | meaning | ``drako-rules check`` exits with |
    |---|---|---|
    | ``verified`` | no problem, and every written value agrees with the rules | 0 |
    | ``disagrees`` | no problem, but the written sheet disagrees with the rules (R5.5) | 1 |
    | ``invalid`` | the game has problems (see `Problem`) | 2 |

    A game with nothing written on the sheet is ``verified``: it has no problem and nothing
    that disagrees.
    """

    VERIFIED = "verified"
    DISAGREES = "disagrees"
    INVALID = "invalid"


@attrs.frozen
class Mismatch:
    """A value written on the score sheet that the rules do not give (R5).

    Attributes:
        field: ``"total"`` or a category name (``"dwarves"``).
        written: the value on the sheet.
        expected: the value the rules give.
        rule: the rule that gives ``expected`` (``"R5.1"`` for a Tribe, ``"R5.5"`` for
            the total, ...).
        note: more about the difference, or empty (e.g. when the written categories add
            up to something else than the written total).
        player: the name of the player whose sheet it is (as the report shows it), or None.
        seat: the 0-based seat of that player, or None.
    """

    field: str
    written: int
    expected: int
    rule: str
    note: str = ""
    player: str | None = None
    seat: int | None = None

    @property
    def category(self) -> Category | None:
        """The category of the sheet, or None for the total."""
        return None if self.field == "total" else Category(self.field)

    def describe(self) -> str:
        """The difference in words, naming the player:
        ``"Ana: dwarves: written 6, the rules give 4 (R5.1)"``."""
        text = f"{self.field}: written {self.written}, the rules give {self.expected} ({self.rule})"
        if self.player is not None:
            text = f"{short(self.player, 24)}: {text}"
        return f"{text}; {self.note}" if self.note else text

    def to_dict(self) -> dict[str, JSONValue]:
        """The mismatch as JSON values
        (`documents.MismatchDocument`)."""
        from drako_rules.checker.documents import mismatch_document

        return _json(mismatch_document(self))


def _capped(text: str, limit: int = 300) -> str:
    """A repr cut to ``limit`` characters (then ``…``)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


@attrs.frozen
class PlayerReport:
    """What the checker found for one player.

    Attributes:
        index: the player's 0-based seat in the game file.
        name: the player's name (``player N`` when the file gives none).
        entry: what the game file says about the player.
        kingdom: the Kingdom, when it could be read.
        sheet: the score by the rules, with its itemized
            `ScoreSheet.lines`; None when the player
            could not be scored (unreadable Kingdom, unknown ruleset).
        place: the 1-based place (R5.6); None unless every player could be scored.
        mismatches: every value of the written sheet that the rules do not give.
        tie_breaks: the tie-breaks (R5.6) between this player and a player with the same
            total.
    """

    index: int
    name: str
    entry: PlayerEntry
    kingdom: Kingdom | None
    sheet: ScoreSheet | None
    place: int | None
    mismatches: tuple[Mismatch, ...]
    tie_breaks: tuple[TieBreak, ...]

    def to_dict(self) -> dict[str, JSONValue]:
        """The player's report as JSON values: name, the seven categories, total, place, ...
        (`documents.PlayerDocument`).

        The ids of the Legends the player claimed are under ``claimed``; ``legends`` is the
        category of the score sheet, their points (R5.4).
        """
        from drako_rules.checker.documents import player_document

        return _json(player_document(self))

    def __repr__(self) -> str:
        """What identifies the report, within 300 characters: seat, name, totals, place."""
        total = None if self.sheet is None else self.sheet.total
        return _capped(
            f"PlayerReport(index={self.index}, name={short(self.name, 40)!r}, total={total}, "
            f"written={self.entry.score}, place={self.place}, "
            f"mismatches={len(self.mismatches)})"
        )


@attrs.frozen
class GameReport:
    """The checker's verdict on a game: scores, places, mismatches and problems.

    Attributes:
        game: the game checked.
        players: one `PlayerReport` per player, in seat order.
        problems: every problem of the game, those found while reading the file first.
        ranking: the ranking (R5.6), when every player could be scored.
        ruleset: the name of the ruleset used; None when it is unknown (nothing scored).
        rules_version: the version of the rules applied (``RULES_VERSION``).
        library_version: the version of drako-rules that made the report.
    """

    game: Game
    players: tuple[PlayerReport, ...]
    problems: tuple[Problem, ...]
    ranking: Ranking | None
    ruleset: str | None
    rules_version: str
    library_version: str

    def __repr__(self) -> str:
        """What identifies the report, within 300 characters: source, players, verdict."""
        names = ", ".join(repr(short(p.name, 12)) for p in self.players[:8])
        more = ", …" if len(self.players) > 8 else ""
        source = None if self.game.source is None else short(self.game.source, 60)
        return _capped(
            f"GameReport(source={source!r}, players=({names}{more}), ruleset={self.ruleset!r}, "
            f"verdict={self.verdict.value!r}, problems={len(self.problems)}, "
            f"mismatches={len(self.mismatches)})"
        )

    @property
    def valid(self) -> bool:
        """True when the game has no problem: it can be checked against the rules."""
        return not self.problems

    @property
    def mismatches(self) -> tuple[Mismatch, ...]:
        """Every mismatch of every player, in seat order."""
        return tuple(m for p in self.players for m in p.mismatches)

    @property
    def verified(self) -> bool:
        """True when the game is valid and the written sheet agrees with the rules."""
        return self.valid and not self.mismatches

    @property
    def verdict(self) -> Verdict:
        """The one verdict on the game: ``invalid`` when it has problems, ``disagrees`` when
        the written sheet disagrees with the rules (R5.5), ``verified`` otherwise."""
        if self.problems:
            return Verdict.INVALID
        if self.mismatches:
            return Verdict.DISAGREES
        return Verdict.VERIFIED

    @property
    def verdict_text(self) -> str:
        """The verdict in one sentence, as the command line, the web page and the JSON
        report all give it: ``"the sheet disagrees with the rules (1 mismatch)"``.

        Examples:
            >>> from drako_rules.checker import Game, PlayerEntry, check_game
            >>> report = check_game(Game([PlayerEntry("Ana", "FEOM/HPWM/SGDO/PPHS", score=6),
            ...                           PlayerEntry("Bob", "EEWW/FFOG/MHDS/WGSM")]))
            >>> report.verdict.value, report.verdict_text
            ('disagrees', 'the sheet disagrees with the rules (1 mismatch)')
        """
        verdict = self.verdict
        if verdict is Verdict.INVALID:
            n = len(self.problems)
            return (
                f"the game has {n:,} problem{'s' if n > 1 else ''}; the numbers shown use "
                "what could be read"
            )
        if verdict is Verdict.DISAGREES:
            n = len(self.mismatches)
            return f"the sheet disagrees with the rules ({n:,} mismatch{'es' if n > 1 else ''})"
        if any(p.entry.score is not None or p.entry.sheet for p in self.players):
            return "the sheet agrees with the rules"
        return "valid game; nothing was written on the sheet to compare"

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, in seat order."""
        return tuple(p.name for p in self.players)

    def tie_break_texts(self) -> tuple[str, ...]:
        """Every tie on total and how R5.6 broke it, in words, with the players' names."""
        if self.ranking is None:
            return ()
        return tuple(t.describe(self.names) for t in self.ranking.tie_breaks)

    def to_dict(self) -> dict[str, JSONValue]:
        """The report as JSON values (what ``drako-rules check --json`` prints).

        Keys: ``file``, ``ruleset``, ``rules_version``, ``library_version``, ``verdict`` (the
        `Verdict`'s value), ``verdict_text`` (its sentence),
        ``verified``, ``valid``, ``players`` (name, kingdom, claimed Legend ids, the seven categories, total,
        place, written values, mismatches, itemized lines), ``tie_breaks``, ``problems``
        (the first `MAX_JSON_PROBLEMS`, each with
        its facts, see `Problem.to_dict`) and
        ``problem_count`` (all of them): a
        `documents.GameReportDocument` written by
        the one converter.
        """
        from drako_rules.checker.documents import report_document

        return _json(report_document(self))
