"""The score checker for physical games: game files, validation and reports (R1.3, R5, R6).

A game played on a real table is written down as a *game file*: the ruleset, and for each
player a name, the final Kingdom, the Legends claimed and, optionally, what was written on
the score sheet. [`check_game`][drako_rules.checker.check_game] scores every Kingdom by the
rules, ranks the players (R5.6), compares the result with the sheet and lists every problem
of the game at once.

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
[`parse_game`][drako_rules.checker.parse_game] raises
[`InvalidGameError`][drako_rules.errors.InvalidGameError] only when the text is not a TOML
or JSON table at all; every other defect becomes a [`Problem`][drako_rules.checker.Problem]
and the checker goes on with what it can use:

- a player is scored when their Kingdom can be read and the ruleset is known; Unexplored
  Lands then count as blank (R4.6), so the numbers show what the visible cards give;
- the Legends scored are the player's ids that name a Legend, each once; a Legend claimed
  by two players is scored for both (the file cannot say who really holds it);
- written values that are not integers are not compared; the others are compared with
  the rules' numbers for every scored player;
- places (R5.6) are given only when every player could be scored, since a partial
  ranking could name the wrong winner;
- a game with an unknown ruleset is not scored at all (any number would be a guess).

A report is *verified* when it has neither problems nor mismatches; the command line
exits with status 0 for a verified game, 1 for a valid game whose sheet disagrees with
the rules, 2 for a game with problems.

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
    ['total: written 5, the rules give 3 (R5.5)']
    >>> report.problems
    ()
"""

from __future__ import annotations

import difflib
import json
import os
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, Literal, TypeAlias

import attrs

from drako_rules.cards import CARDS_PER_KIND, Card, Legend
from drako_rules.errors import DrakoError, InvalidGameError, RulesetError
from drako_rules.kingdom import Kingdom
from drako_rules.rulesets import POCKET, RULES_VERSION, Ruleset, get_ruleset
from drako_rules.scoring import (
    Category,
    Ranking,
    ScoreSheet,
    TieBreak,
    category_rule,
    ranking,
    score,
)

__all__ = [
    "PROBLEM_CODES",
    "Game",
    "GameFormat",
    "GameReport",
    "JSONValue",
    "Mismatch",
    "PlayerEntry",
    "PlayerReport",
    "Problem",
    "check_game",
    "format_game",
    "load_game",
    "parse_game",
]

#: A value that [`json.dumps`](https://docs.python.org/3/library/json.html#json.dumps) can
#: write: what [`GameReport.to_dict`][drako_rules.checker.GameReport.to_dict] returns.
JSONValue: TypeAlias = "bool | int | float | str | list[JSONValue] | dict[str, JSONValue] | None"

#: The formats of a game file.
GameFormat: TypeAlias = Literal["toml", "json"]

#: Every problem code a report can hold, with its meaning (the rule id where one applies).
PROBLEM_CODES: Final[Mapping[str, str]] = {
    "missing-field": "a field the game file needs is absent (players, a player's name or kingdom)",
    "unknown-field": "a field the game file does not define (often a misspelt one)",
    "bad-field": "a field holds the wrong kind of value (text where a list is expected, ...)",
    "not-an-integer": "a value written on the score sheet is not an integer (R5.5)",
    "unknown-ruleset": "the ruleset is neither pocket nor classic (R9)",
    "player-count": "the game has fewer than 2 or more than 4 players (R1.3)",
    "bad-kingdom": "a Kingdom that cannot be read as 4 rows of 4 cards (Kingdom notation)",
    "unexplored-land": "a Kingdom still holds an Unexplored Land; at the end all are revealed (R7.2)",
    "unknown-legend": "a Legend id that names no Legend (R1.4)",
    "legend-claimed-twice": "a Legend claimed by two players, or twice by one (R1.4, R6.3)",
    "too-many-legends": "more Legend claims in the game than the 15 Legends that exist (R1.4)",
    "too-many-cards": "more cards of a kind across all Kingdoms than the deck holds (R1.2-R1.3)",
}

_PLAYER_KEYS: Final = ("name", "kingdom", "legends", "score", "sheet")
_GAME_KEYS: Final = ("ruleset", "players")
_MAX_SHOWN: Final = 60
_DEFAULT_RULESET: Final[str | None] = POCKET.name


def _show(value: object) -> str:
    """``repr(value)``, cut short so that a hostile file cannot flood a message."""
    text = repr(value)
    return text if len(text) <= _MAX_SHOWN else text[: _MAX_SHOWN - 3] + "..."


# --- problems -----------------------------------------------------------------------------


def _check_code(instance: Problem, attribute: attrs.Attribute[str], value: str) -> None:
    if value not in PROBLEM_CODES:
        raise InvalidGameError(
            f"unknown problem code {value!r}: the codes are {', '.join(PROBLEM_CODES)}"
        )


@attrs.frozen
class Problem:
    """One thing wrong with a game file, found while reading or checking it.

    Every code is listed in [`PROBLEM_CODES`][drako_rules.checker.PROBLEM_CODES]:

    | code | meaning |
    |---|---|
    | `missing-field` | a field the game file needs is absent (players, a player's name or kingdom) |
    | `unknown-field` | a field the game file does not define (often a misspelt one) |
    | `bad-field` | a field holds the wrong kind of value |
    | `not-an-integer` | a value written on the score sheet is not an integer (R5.5) |
    | `unknown-ruleset` | the ruleset is neither pocket nor classic (R9) |
    | `player-count` | fewer than 2 or more than 4 players (R1.3) |
    | `bad-kingdom` | a Kingdom that cannot be read as 4 rows of 4 cards |
    | `unexplored-land` | a Kingdom still holds an Unexplored Land (R7.2) |
    | `unknown-legend` | a Legend id that names no Legend (R1.4) |
    | `legend-claimed-twice` | a Legend claimed by two players, or twice by one (R1.4, R6.3) |
    | `too-many-legends` | more Legend claims than the 15 Legends that exist (R1.4) |
    | `too-many-cards` | more cards of a kind in the Kingdoms than the deck holds (R1.2–R1.3) |

    More than 15 claims always repeat some Legend, so ``too-many-legends`` comes with
    ``legend-claimed-twice``.

    Attributes:
        code: the stable code, a key of [`PROBLEM_CODES`][drako_rules.checker.PROBLEM_CODES].
        where: the place in the file, as a path: ``players[1].kingdom`` (0-based
            indices), ``players[0].legends[2]``, ``ruleset``, or ``players`` for a
            problem of the whole game.
        message: what is wrong, in words, starting with ``where``.
        rule: the rule id the problem breaks, when one applies.
    """

    code: str = attrs.field(validator=_check_code)
    where: str
    message: str
    rule: str | None = None

    def __str__(self) -> str:
        return f"[{self.code}] {self.message}"

    def to_dict(self) -> dict[str, JSONValue]:
        """The problem as JSON values: code, where, message and rule."""
        return {"code": self.code, "where": self.where, "message": self.message, "rule": self.rule}


# --- the game file model ------------------------------------------------------------------


def _to_kingdom_text(value: str | Kingdom | None) -> str | None:
    return str(value) if isinstance(value, Kingdom) else value


def _check_optional_text(
    instance: object, attribute: attrs.Attribute[str | None], value: str | None
) -> None:
    if value is not None and not isinstance(value, str):
        raise InvalidGameError(f"{attribute.name} must be text or None, not {_show(value)}")


def _to_legend_ids(value: Iterable[str | Legend]) -> tuple[str, ...]:
    if isinstance(value, str):
        raise InvalidGameError(f"legends must be a list of Legend ids, not the text {_show(value)}")
    out = []
    for item in value:
        if isinstance(item, Legend):
            out.append(item.value)
        elif isinstance(item, str):
            out.append(item)
        else:
            raise InvalidGameError(f"a Legend id must be text, not {_show(item)}")
    return tuple(out)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_score(
    instance: object, attribute: attrs.Attribute[int | None], value: int | None
) -> None:
    if value is not None and not _is_int(value):
        raise InvalidGameError(f"the written score must be an integer or None, not {_show(value)}")


def _to_sheet(
    value: Mapping[str, int] | Mapping[Category, int] | Iterable[tuple[Category, int]],
) -> tuple[tuple[Category, int], ...]:
    pairs = value.items() if isinstance(value, Mapping) else value
    found: dict[Category, int] = {}
    for key, points in pairs:
        try:
            category = key if isinstance(key, Category) else Category(key)
        except ValueError:
            raise InvalidGameError(
                f"unknown score-sheet category {_show(key)}: the categories are "
                + ", ".join(c.value for c in Category)
                + " (R5.5)"
            ) from None
        if not _is_int(points):
            raise InvalidGameError(
                f"the written {category.value} must be an integer, not {_show(points)}"
            )
        if category in found:
            raise InvalidGameError(f"the category {category.value} is written twice")
        found[category] = points
    return tuple((c, found[c]) for c in Category if c in found)


@attrs.frozen
class PlayerEntry:
    """One player of a game file: what was written on the table, not yet checked.

    Attributes:
        name: the player's name; None when the file gives none (reports say ``player N``).
        kingdom: the final Kingdom in any Kingdom notation, as written (a
            [`Kingdom`][drako_rules.kingdom.Kingdom] is converted to its notation); None when
            the file gives no usable Kingdom.
        legends: the ids of the Legends the player claimed, as written (R1.4, R6.3);
            [`Legend`][drako_rules.cards.Legend] members are converted to their ids.
        score: the total written on the score sheet, if any (R5.5).
        sheet: the categories written on the sheet, as ``(category, value)`` pairs in sheet
            order (a mapping from category names is accepted).

    Examples:
        >>> entry = PlayerEntry("Ana", Kingdom.parse("FEOM/HPWM/SGDO/PPHS"), [Legend.FOUR_TRIBES],
        ...                     score=11, sheet={"elves": 2})
        >>> entry.kingdom, entry.legends, entry.written(Category.ELVES)
        ('FEOM/HPWM/SGDO/PPHS', ('four-tribes',), 2)
    """

    name: str | None = attrs.field(validator=_check_optional_text)
    kingdom: str | None = attrs.field(converter=_to_kingdom_text, validator=_check_optional_text)
    legends: tuple[str, ...] = attrs.field(default=(), converter=_to_legend_ids)
    score: int | None = attrs.field(default=None, validator=_check_score)
    sheet: tuple[tuple[Category, int], ...] = attrs.field(default=(), converter=_to_sheet)

    def written(self, category: Category) -> int | None:
        """The value written for ``category``, or None if the sheet leaves it blank."""
        for c, value in self.sheet:
            if c is category:
                return value
        return None


def _to_players(value: Iterable[PlayerEntry]) -> tuple[PlayerEntry, ...]:
    players = tuple(value)
    for player in players:
        if not isinstance(player, PlayerEntry):
            raise InvalidGameError(f"a Game's players are PlayerEntry values, not {_show(player)}")
    return players


def _to_problems(value: Iterable[Problem]) -> tuple[Problem, ...]:
    problems = tuple(value)
    for problem in problems:
        if not isinstance(problem, Problem):
            raise InvalidGameError(f"a Game's problems are Problem values, not {_show(problem)}")
    return problems


@attrs.frozen
class Game:
    """A game played on a real table, as written in a game file.

    Attributes:
        players: the players in seat order; their number is the player count (R1.3).
        ruleset: the name of the ruleset (R9); None when the file gives an unusable one.
        source: where the game was read from (a file name), for messages and reports.
        problems: the problems found while reading the file (missing, unknown or ill-typed
            fields); [`check_game`][drako_rules.checker.check_game] adds those of the rules.
    """

    players: tuple[PlayerEntry, ...] = attrs.field(converter=_to_players)
    ruleset: str | None = attrs.field(default=_DEFAULT_RULESET, validator=_check_optional_text)
    source: str | None = attrs.field(default=None, validator=_check_optional_text)
    problems: tuple[Problem, ...] = attrs.field(default=(), converter=_to_problems)


# --- reading game files -------------------------------------------------------------------


class _Reader:
    """Turns a decoded document into a [`Game`][drako_rules.checker.Game], collecting every
    problem."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def problem(self, code: str, where: str, message: str, rule: str | None = None) -> None:
        self.problems.append(Problem(code, where, f"{where}: {message}", rule))

    def unknown_keys(self, table: Mapping[str, object], known: Sequence[str], where: str) -> None:
        for key in table:
            if key not in known:
                hint = ""
                close = difflib.get_close_matches(str(key), known, n=1)
                if key == "total" and where.endswith(".sheet"):
                    hint = "; write the total as the player's 'score'"
                elif close:
                    hint = f"; did you mean {close[0]!r}?"
                path = f"{where}.{key}" if where else str(key)
                self.problem(
                    "unknown-field",
                    path,
                    f"unknown field {_show(key)}: the fields here are {', '.join(known)}{hint}",
                )

    def game(self, document: Mapping[str, object], source: str | None) -> Game:
        self.unknown_keys(document, _GAME_KEYS, "")
        ruleset: str | None = POCKET.name
        if "ruleset" in document:
            value = document["ruleset"]
            if isinstance(value, str):
                ruleset = value
            else:
                ruleset = None
                self.problem(
                    "bad-field", "ruleset", f"a ruleset is named by text, not {_show(value)} (R9)"
                )
        players: list[PlayerEntry] = []
        if "players" not in document:
            self.problem(
                "missing-field",
                "players",
                "no players: write one [[players]] table per player (2 to 4, R1.3)",
            )
        else:
            value = document["players"]
            if not isinstance(value, list):
                self.problem(
                    "bad-field",
                    "players",
                    f"players must be a list of tables ([[players]]), not {_show(value)}",
                )
            else:
                players = [self.player(item, f"players[{i}]") for i, item in enumerate(value)]
        return Game(tuple(players), ruleset, source, tuple(self.problems))

    def player(self, item: object, where: str) -> PlayerEntry:
        if not isinstance(item, dict):
            self.problem("bad-field", where, f"a player is a table of fields, not {_show(item)}")
            return PlayerEntry(None, None)
        self.unknown_keys(item, _PLAYER_KEYS, where)
        name: str | None = None
        if "name" not in item:
            self.problem("missing-field", f"{where}.name", "the player has no name")
        elif not isinstance(item["name"], str) or not item["name"].strip():
            self.problem(
                "bad-field",
                f"{where}.name",
                f"a name is non-empty text, not {_show(item['name'])}",
            )
        else:
            name = item["name"]
        return PlayerEntry(
            name,
            self.kingdom(item, where),
            self.legends(item, where),
            self.integer(item, "score", f"{where}.score"),
            self.sheet(item, where),
        )

    def kingdom(self, item: Mapping[str, object], where: str) -> str | None:
        path = f"{where}.kingdom"
        if "kingdom" not in item:
            self.problem("missing-field", path, "the player's final Kingdom is not given")
            return None
        value = item["kingdom"]
        if isinstance(value, str):
            return value
        if isinstance(value, list) and all(isinstance(row, str) for row in value):
            return "\n".join(value)
        self.problem(
            "bad-field",
            path,
            f"a Kingdom is text in the Kingdom notation (or a list of 4 row texts), not {_show(value)}",
        )
        return None

    def legends(self, item: Mapping[str, object], where: str) -> tuple[str, ...]:
        path = f"{where}.legends"
        value = item.get("legends", [])
        if not isinstance(value, list):
            self.problem(
                "bad-field", path, f"legends must be a list of Legend ids, not {_show(value)}"
            )
            return ()
        ids = []
        for j, legend in enumerate(value):
            if isinstance(legend, str):
                ids.append(legend)
            else:
                self.problem(
                    "bad-field", f"{path}[{j}]", f"a Legend id is text, not {_show(legend)} (R1.4)"
                )
        return tuple(ids)

    def integer(self, table: Mapping[str, object], key: str, path: str) -> int | None:
        if key not in table:
            return None
        value = table[key]
        if _is_int(value):
            assert isinstance(value, int)
            return value
        self.problem(
            "not-an-integer",
            path,
            f"a value written on the score sheet is a whole number, not {_show(value)} (R5.5)",
            "R5.5",
        )
        return None

    def sheet(self, item: Mapping[str, object], where: str) -> dict[str, int]:
        path = f"{where}.sheet"
        if "sheet" not in item:
            return {}
        value = item["sheet"]
        if not isinstance(value, dict):
            self.problem(
                "bad-field",
                path,
                f"the sheet is a table of categories ([players.sheet]), not {_show(value)}",
            )
            return {}
        self.unknown_keys(value, [c.value for c in Category], path)
        out = {}
        for category in Category:
            written = self.integer(value, category.value, f"{path}.{category.value}")
            if written is not None:
                out[category.value] = written
        return out


def _decode(data: str | bytes, source: str) -> str:
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InvalidGameError(
            f"{source}: not UTF-8 text (byte {error.start}: {error.reason})"
        ) from None


def parse_game(
    text: str | bytes, format: GameFormat = "toml", *, source: str | None = None
) -> Game:
    """Read a game from the text of a game file (TOML or JSON, see the module docs).

    Args:
        text: the file's content, as text or UTF-8 bytes.
        format: ``"toml"`` (default) or ``"json"``.
        source: a name for the text in messages (a file name), kept in the Game.

    Returns:
        The [`Game`][drako_rules.checker.Game], with
        [`Game.problems`][drako_rules.checker.Game.problems] listing what could not be read
        (missing, unknown or ill-typed fields): one bad field does not stop the reading.

    Raises:
        InvalidGameError: the text is not UTF-8, not valid TOML or JSON, or not a table of
            fields at all; the message names the source and the place.

    Examples:
        >>> game = parse_game('{"players": [{"name": "Ana", "kingdom": "FEOM/HPWM/SGDO/PPHS"}]}',
        ...                   format="json")
        >>> game.players[0].name, game.ruleset, game.problems
        ('Ana', 'pocket', ())
        >>> parse_game("players = 3").problems[0].message
        'players: players must be a list of tables ([[players]]), not 3'
    """
    name = source if source is not None else "game file"
    content = _decode(text, name)
    document: object
    if format == "toml":
        try:
            document = tomllib.loads(content)
        except tomllib.TOMLDecodeError as error:
            raise InvalidGameError(f"{name}: not valid TOML: {error}") from None
        except RecursionError:
            raise InvalidGameError(f"{name}: not valid TOML: nested too deeply") from None
    elif format == "json":
        try:
            document = json.loads(content)
        except json.JSONDecodeError as error:
            raise InvalidGameError(f"{name}: not valid JSON: {error}") from None
        except RecursionError:
            raise InvalidGameError(f"{name}: not valid JSON: nested too deeply") from None
        except ValueError as error:  # e.g. an integer with too many digits
            raise InvalidGameError(f"{name}: not valid JSON: {error}") from None
    else:
        raise InvalidGameError(f"unknown game file format {format!r}: use 'toml' or 'json'")
    if not isinstance(document, dict):
        raise InvalidGameError(
            f"{name}: a game file is a table of fields (ruleset, players), not {_show(document)}"
        )
    return _Reader().game(document, source)


def _format_of(path: str, data: bytes) -> GameFormat:
    suffix = os.path.splitext(path)[1].lower()
    if suffix == ".json":
        return "json"
    if suffix == ".toml":
        return "toml"
    return "json" if data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{") else "toml"


def load_game(path: str | os.PathLike[str], format: GameFormat | None = None) -> Game:
    """Read a game file from ``path`` (see [`parse_game`][drako_rules.checker.parse_game]).

    Args:
        path: the file; ``.json`` files are read as JSON, ``.toml`` files as TOML, others
            as JSON when they start with ``{`` and as TOML otherwise.
        format: force ``"toml"`` or ``"json"``.

    Raises:
        InvalidGameError: the file cannot be read, or is not a game file at all.
    """
    name = os.fsdecode(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise InvalidGameError(f"cannot read {name}: {error.strerror or error}") from None
    except ValueError as error:  # e.g. a path with a NUL character
        raise InvalidGameError(f"cannot read {name!r}: {error}") from None
    return parse_game(data, format or _format_of(name, data), source=name)


# --- formatting game files ----------------------------------------------------------------


def _game_document(game: Game) -> dict[str, JSONValue]:
    players: list[JSONValue] = []
    for entry in game.players:
        player: dict[str, JSONValue] = {}
        if entry.name is not None:
            player["name"] = entry.name
        if entry.kingdom is not None:
            player["kingdom"] = entry.kingdom
        if entry.legends:
            player["legends"] = list(entry.legends)
        if entry.score is not None:
            player["score"] = entry.score
        if entry.sheet:
            player["sheet"] = {c.value: v for c, v in entry.sheet}
        players.append(player)
    out: dict[str, JSONValue] = {}
    if game.ruleset is not None:
        out["ruleset"] = game.ruleset
    out["players"] = players
    return out


def _toml_string(text: str) -> str:
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F or 0xD800 <= ord(ch) <= 0xDFFF:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def format_game(game: Game, format: GameFormat = "toml") -> str:
    """Write ``game`` as the text of a game file;
    [`parse_game`][drako_rules.checker.parse_game] reads it back.

    Examples:
        >>> game = Game([PlayerEntry("Ana", "FEOM/HPWM/SGDO/PPHS", score=7),
        ...              PlayerEntry("Bob", "HHOE/DHGE/OWDW/SSMF", ["two-elves"])])
        >>> print(format_game(game))
        ruleset = "pocket"
        <BLANKLINE>
        [[players]]
        name = "Ana"
        kingdom = "FEOM/HPWM/SGDO/PPHS"
        score = 7
        <BLANKLINE>
        [[players]]
        name = "Bob"
        kingdom = "HHOE/DHGE/OWDW/SSMF"
        legends = ["two-elves"]
        <BLANKLINE>
        >>> parse_game(format_game(game)) == game
        True
    """
    if format == "json":
        return json.dumps(_game_document(game), indent=2, ensure_ascii=False) + "\n"
    if format != "toml":
        raise InvalidGameError(f"unknown game file format {format!r}: use 'toml' or 'json'")
    lines = []
    if game.ruleset is not None:
        lines += [f"ruleset = {_toml_string(game.ruleset)}", ""]
    for entry in game.players:
        lines.append("[[players]]")
        if entry.name is not None:
            lines.append(f"name = {_toml_string(entry.name)}")
        if entry.kingdom is not None:
            lines.append(f"kingdom = {_toml_string(entry.kingdom)}")
        if entry.legends:
            lines.append(f"legends = [{', '.join(_toml_string(x) for x in entry.legends)}]")
        if entry.score is not None:
            lines.append(f"score = {entry.score}")
        if entry.sheet:
            lines.append("[players.sheet]")
            lines += [f"{c.value} = {v}" for c, v in entry.sheet]
        lines.append("")
    return "\n".join(lines)


# --- checking -----------------------------------------------------------------------------


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
    """

    field: str
    written: int
    expected: int
    rule: str
    note: str = ""

    @property
    def category(self) -> Category | None:
        """The category of the sheet, or None for the total."""
        return None if self.field == "total" else Category(self.field)

    def describe(self) -> str:
        """The difference in words: ``"dwarves: written 6, the rules give 4 (R5.1)"``."""
        text = f"{self.field}: written {self.written}, the rules give {self.expected} ({self.rule})"
        return f"{text}; {self.note}" if self.note else text

    def to_dict(self) -> dict[str, JSONValue]:
        """The mismatch as JSON values."""
        return {
            "field": self.field,
            "written": self.written,
            "expected": self.expected,
            "rule": self.rule,
            "message": self.describe(),
        }


@attrs.frozen
class PlayerReport:
    """What the checker found for one player.

    Attributes:
        index: the player's 0-based seat in the game file.
        name: the player's name (``player N`` when the file gives none).
        entry: what the game file says about the player.
        kingdom: the Kingdom, when it could be read.
        sheet: the score by the rules, with its itemized
            [`ScoreSheet.lines`][drako_rules.scoring.ScoreSheet.lines]; None when the player
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

        The ids of the Legends the player claimed are under ``claimed``; ``legends`` is the
        category of the score sheet, their points (R5.4).
        """
        out: dict[str, JSONValue] = {
            "name": self.name,
            "kingdom": str(self.kingdom) if self.kingdom is not None else self.entry.kingdom,
            "claimed": list(self.entry.legends),
            "scored": self.sheet is not None,
        }
        if self.sheet is not None:
            out.update(self.sheet.as_dict())
        else:
            out.update(dict.fromkeys([*(c.value for c in Category), "total"]))
        out["place"] = self.place
        written: dict[str, JSONValue] = {c.value: v for c, v in self.entry.sheet}
        if self.entry.score is not None:
            written["total"] = self.entry.score
        out["written"] = written
        out["mismatches"] = [m.to_dict() for m in self.mismatches]
        out["lines"] = (
            [
                {
                    "category": line.category.value,
                    "points": line.points,
                    "rule": line.rule,
                    "text": line.text,
                }
                for line in self.sheet.lines
            ]
            if self.sheet is not None
            else []
        )
        return out


@attrs.frozen
class GameReport:
    """The checker's verdict on a game: scores, places, mismatches and problems.

    Attributes:
        game: the game checked.
        players: one [`PlayerReport`][drako_rules.checker.PlayerReport] per player, in seat order.
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

        Keys: ``file``, ``ruleset``, ``rules_version``, ``library_version``, ``verified``,
        ``valid``, ``players`` (name, kingdom, claimed Legend ids, the seven categories, total,
        place, written values, mismatches, itemized lines), ``tie_breaks`` and
        ``problems``.
        """
        tie_breaks: list[JSONValue] = []
        if self.ranking is not None:
            for t in self.ranking.tie_breaks:
                tie_breaks.append(
                    {
                        "players": [self.names[t.higher], self.names[t.lower]],
                        "total": t.total,
                        "shared": t.shared,
                        "higher_category": t.higher_category.value if t.higher_category else None,
                        "higher_value": t.higher_value,
                        "lower_category": t.lower_category.value if t.lower_category else None,
                        "lower_value": t.lower_value,
                        "text": t.describe(self.names),
                    }
                )
        return {
            "file": self.game.source,
            "ruleset": self.ruleset,
            "rules_version": self.rules_version,
            "library_version": self.library_version,
            "verified": self.verified,
            "valid": self.valid,
            "players": [p.to_dict() for p in self.players],
            "tie_breaks": tie_breaks,
            "problems": [p.to_dict() for p in self.problems],
        }


def _library_version() -> str:
    from drako_rules.version import library_version

    return library_version()


def _player_name(i: int, entry: PlayerEntry) -> str:
    return entry.name if entry.name is not None else f"player {i + 1}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _mismatches(entry: PlayerEntry, sheet: ScoreSheet) -> tuple[Mismatch, ...]:
    out = []
    for category, written in entry.sheet:
        expected = sheet[category]
        if written != expected:
            rule = category_rule(category, sheet.ruleset)
            out.append(Mismatch(category.value, written, expected, rule))
    if entry.score is not None and entry.score != sheet.total:
        note = ""
        if len(entry.sheet) == len(Category):
            added = sum(v for _, v in entry.sheet)
            if added != entry.score:
                note = f"the written categories add up to {added}"
        out.append(Mismatch("total", entry.score, sheet.total, "R5.5", note))
    return tuple(out)


def _legend_problems(game: Game, problems: list[Problem]) -> list[tuple[Legend, ...]]:
    """Legends of each player that can be scored; unknown and repeated claims as problems."""
    claims: dict[Legend, list[int]] = {}
    scored: list[tuple[Legend, ...]] = []
    total_claims = 0
    for i, entry in enumerate(game.players):
        mine: list[Legend] = []
        where = f"players[{i}].legends"
        for text in entry.legends:
            total_claims += 1
            try:
                legend = Legend.parse(text)
            except DrakoError:
                problems.append(
                    Problem(
                        "unknown-legend",
                        where,
                        f"{where}: {_player_name(i, entry)} claims {_show(text)}, which is "
                        "no Legend: the ids are " + ", ".join(x.value for x in Legend) + " (R1.4)",
                        "R1.4",
                    )
                )
                continue
            claims.setdefault(legend, []).append(i)
            if legend not in mine:
                mine.append(legend)
        scored.append(tuple(mine))
    for legend, claimers in claims.items():
        if len(claimers) > 1:
            where = f"players[{claimers[1]}].legends"
            names = [_player_name(i, game.players[i]) for i in claimers]
            if len(set(claimers)) == 1:
                who = f"{len(claimers)} times by {names[0]}"
            else:
                who = "by " + ", ".join(names[:-1]) + " and " + names[-1]
            problems.append(
                Problem(
                    "legend-claimed-twice",
                    where,
                    f"{where}: the Legend {legend.value} is claimed {who}; each Legend is "
                    "unique and stays with the one player who claimed it (R1.4, R6.3)",
                    "R6.3",
                )
            )
    if total_claims > len(Legend):
        problems.append(
            Problem(
                "too-many-legends",
                "players",
                f"players: {total_claims} Legend claims in the game, but only {len(Legend)} "
                "Legends exist (R1.4)",
                "R1.4",
            )
        )
    return scored


def _covered(where: str, already: Iterable[str]) -> bool:
    """Whether a problem was already reported at ``where`` or at a field that holds it."""
    return any(where == a or where.startswith((a + ".", a + "[")) for a in already)


def check_game(game: Game) -> GameReport:
    """Check a game played on a real table: score it, rank it, compare it with the sheet.

    Every Kingdom is scored by the rules (R5) with the Legends its player claimed, the
    players are ranked (R5.6), every written value is compared with the rules' one, and
    every problem of the game is listed, all at once (see the module docs for how a game
    with problems is still reported, and [`Problem`][drako_rules.checker.Problem] for the codes).

    Examples:
        >>> game = Game([PlayerEntry("Ana", "FEOM/HPWM/SGDO/PPHS", sheet={"dragons": 3}),
        ...              PlayerEntry("Bob", "EEWW/FFOG/MHDS/WGSM", ["two-elves", "two-dwarves"])])
        >>> report = check_game(game)
        >>> [(p.name, p.sheet.total, p.place) for p in report.players]
        [('Ana', 7, 2), ('Bob', 7, 1)]
        >>> print(report.tie_break_texts()[0])
        Bob and Ana tie on 7; Bob wins on the 1st highest category: 6 (Goblins) against 4 (Dwarves) (R5.6)
        >>> report.players[0].mismatches[0].describe()
        'dragons: written 3, the rules give -3 (R5.3)'
        >>> report.valid, report.verified
        (True, False)
    """
    if not isinstance(game, Game):
        raise InvalidGameError(f"check_game takes a Game (see load_game), not {_show(game)}")
    problems: list[Problem] = list(game.problems)
    already = {p.where for p in problems}
    ruleset: Ruleset | None = None
    if game.ruleset is not None:
        try:
            ruleset = get_ruleset(game.ruleset)
        except RulesetError as error:
            problems.append(Problem("unknown-ruleset", "ruleset", f"ruleset: {error}", "R9"))
    count = len(game.players)
    if count not in CARDS_PER_KIND and not (count == 0 and "players" in already):
        problems.append(
            Problem(
                "player-count",
                "players",
                f"players: {_plural(count, 'player')}, but Drako is played by 2, 3 or 4 (R1.3)",
                "R1.3",
            )
        )
    kingdoms: list[Kingdom | None] = []
    for i, entry in enumerate(game.players):
        where = f"players[{i}].kingdom"
        kingdom: Kingdom | None = None
        if entry.kingdom is None:
            if not _covered(where, already):
                problems.append(
                    Problem("missing-field", where, f"{where}: the player's Kingdom is not given")
                )
        else:
            try:
                kingdom = Kingdom.parse(entry.kingdom)
            except DrakoError as error:
                problems.append(
                    Problem(
                        "bad-kingdom",
                        where,
                        f"{where}: {_player_name(i, entry)}'s Kingdom cannot be read: {error}",
                    )
                )
        if kingdom is not None and not kingdom.is_complete:
            cells = ", ".join(str(p) for p in kingdom.unexplored_positions)
            problems.append(
                Problem(
                    "unexplored-land",
                    where,
                    f"{where}: {_player_name(i, entry)}'s Kingdom still has an Unexplored "
                    f"Land at {cells}; at the end of the game every card is revealed (R7.2)",
                    "R7.2",
                )
            )
        kingdoms.append(kingdom)
    legends = _legend_problems(game, problems)
    if count in CARDS_PER_KIND:
        limit = CARDS_PER_KIND[count]
        for card in Card:
            found = sum(k.count(card) for k in kingdoms if k is not None)
            if found > limit:
                problems.append(
                    Problem(
                        "too-many-cards",
                        "players",
                        f"players: {found} {card.plural} across the Kingdoms, but the deck for "
                        f"{count} players holds {limit} of each kind (R1.2-R1.3)",
                        "R1.3",
                    )
                )
    sheets: list[ScoreSheet | None] = []
    for kingdom, claimed in zip(kingdoms, legends, strict=True):
        if kingdom is None or ruleset is None:
            sheets.append(None)
        else:
            sheets.append(score(kingdom, claimed, ruleset))
    complete = [s for s in sheets if s is not None]
    ranked: Ranking | None = None
    if sheets and len(complete) == len(sheets):
        ranked = ranking(complete)
    players = []
    for i, (entry, kingdom, sheet) in enumerate(zip(game.players, kingdoms, sheets, strict=True)):
        players.append(
            PlayerReport(
                index=i,
                name=_player_name(i, entry),
                entry=entry,
                kingdom=kingdom,
                sheet=sheet,
                place=ranked.places[i] if ranked is not None else None,
                mismatches=_mismatches(entry, sheet) if sheet is not None else (),
                tie_breaks=tuple(t for t in ranked.tie_breaks if i in (t.higher, t.lower))
                if ranked is not None
                else (),
            )
        )
    return GameReport(
        game=game,
        players=tuple(players),
        problems=tuple(problems),
        ranking=ranked,
        ruleset=ruleset.name if ruleset is not None else None,
        rules_version=ruleset.rules_version if ruleset is not None else RULES_VERSION,
        library_version=_library_version(),
    )
