"""Game files: [`Game`][drako_rules.checker.Game] and
[`PlayerEntry`][drako_rules.checker.PlayerEntry], the reader
([`parse_game`][drako_rules.checker.parse_game], [`load_game`][drako_rules.checker.load_game])
and the writer ([`format_game`][drako_rules.checker.format_game]).

The reader turns a TOML or JSON document into typed entries and records a
[`Problem`][drako_rules.checker.Problem] for every field it cannot use, where it reads it;
it never stops at the first one. The reading of a player's Kingdom and Legend ids, with
the messages a player at the table needs (the bad card by itself and where, "did you
mean"), is here too ([`read_kingdom`][drako_rules.checker.gamefile.read_kingdom],
[`read_legend`][drako_rules.checker.gamefile.read_legend]), used by the verdict once per
player.

**The JSON form of a game** is the document of the game file as JSON, what
``format_game(game, "json")`` writes and ``parse_game(text, "json")`` reads:
``{"ruleset": "pocket", "players": [{"name": "Ana", "kingdom": "FEOM/HPWM/SGDO/PPHS",
"legends": ["four-tribes"], "score": 11, "sheet": {"elves": 2}}]}``; a field the game does
not give is left out.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable, Mapping
from typing import Final, Literal, TypeAlias, TypeVar

import attrs

from drako_rules.cards import Card, Legend, no_legend
from drako_rules.checker.problems import JSONValue, Problem, Problems, field_path, index_path
from drako_rules.errors import DrakoError, InvalidGameError, NotationError, quote, short
from drako_rules.inputs import DEFAULT_LIMIT, decode, read_bytes
from drako_rules.kingdom import SIZE, Kingdom, Position
from drako_rules.rulesets import POCKET
from drako_rules.scoring import Category

__all__ = [
    "MAX_WRITTEN_DIGITS",
    "Game",
    "GameFormat",
    "PlayerEntry",
    "format_game",
    "guess_format",
    "kingdom_message",
    "legend_message",
    "load_game",
    "parse_game",
    "read_kingdom",
    "read_legend",
]

#: The formats of a game file.
GameFormat: TypeAlias = Literal["toml", "json"]

#: The most digits of an integer written in a game file (a score is a few digits).
MAX_WRITTEN_DIGITS: Final = 18

_PLAYER_KEYS: Final = ("name", "kingdom", "legends", "score", "sheet")
_GAME_KEYS: Final = ("ruleset", "players")
_DEFAULT_RULESET: Final[str | None] = POCKET.name
_INT_BOUND: Final = 10**MAX_WRITTEN_DIGITS
_CATEGORIES: Final = tuple(Category)
#: Problems past this many get no "did you mean" (each costs a fuzzy match).
_HINTED: Final = 100
_CARD_LETTERS: Final = frozenset("FMPSEWHGDO?")
_CARD_WORDS: Final[Mapping[str, str]] = {
    **{c.english.lower(): c.english.lower() for c in Card},
    **{c.plural.lower(): c.english.lower() for c in Card},
}


# --- the game file model ------------------------------------------------------------------


def _to_kingdom_text(value: str | Kingdom | None) -> str | None:
    return str(value) if isinstance(value, Kingdom) else value


def _check_optional_text(
    instance: object, attribute: attrs.Attribute[str | None], value: str | None
) -> None:
    if value is not None and not isinstance(value, str):
        raise InvalidGameError(f"{attribute.name} must be text or None, not {quote(value)}")


def _to_legend_ids(value: object) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidGameError(f"legends must be a list of Legend ids, not {quote(value)}")
    out = []
    for item in value:
        if isinstance(item, Legend):
            out.append(item.value)
        elif isinstance(item, str):
            out.append(item)
        else:
            raise InvalidGameError(f"a Legend id must be text, not {quote(item)}")
    return tuple(out)


def _is_int(value: object) -> bool:
    return (
        isinstance(value, int) and not isinstance(value, bool) and -_INT_BOUND < value < _INT_BOUND
    )


def _check_score(
    instance: object, attribute: attrs.Attribute[int | None], value: int | None
) -> None:
    if value is not None and not _is_int(value):
        raise InvalidGameError(
            f"the written score must be an integer of at most {MAX_WRITTEN_DIGITS} digits "
            f"or None, not {quote(value)}"
        )


def _to_sheet(value: object) -> tuple[tuple[Category, int], ...]:
    if not value and isinstance(value, Mapping | tuple | list):
        return ()
    if isinstance(value, Mapping):
        pairs: Iterable[object] = value.items()
    elif isinstance(value, Iterable) and not isinstance(value, str):
        pairs = value
    else:
        raise InvalidGameError(
            f"a sheet is a mapping of categories to integers, not {quote(value)}"
        )
    found: dict[Category, int] = {}
    for pair in pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise InvalidGameError(f"a sheet holds (category, value) pairs, not {quote(pair)}")
        key, points = pair
        try:
            category = key if isinstance(key, Category) else Category(key)
        except ValueError:
            raise InvalidGameError(
                f"unknown score-sheet category {quote(key)}: the categories are "
                + ", ".join(c.value for c in Category)
                + " (R5.5)"
            ) from None
        if not _is_int(points):
            raise InvalidGameError(
                f"the written {category.value} must be an integer of at most "
                f"{MAX_WRITTEN_DIGITS} digits, not {quote(points)}"
            )
        if category in found:
            raise InvalidGameError(f"the category {category.value} is written twice")
        found[category] = points
    return tuple((c, found[c]) for c in _CATEGORIES if c in found)


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


_Item = TypeVar("_Item")


def _tuple_of(value: object, kind: type[_Item], field: str) -> tuple[_Item, ...]:
    """``value`` as a tuple of ``kind`` for the Game field ``field``, or InvalidGameError."""
    name = kind.__name__
    if not isinstance(value, Iterable) or isinstance(value, str):
        raise InvalidGameError(f"a Game's {field} are a list of {name}, not {quote(value)}")
    items = tuple(value)
    for item in items:
        if not isinstance(item, kind):
            raise InvalidGameError(f"a Game's {field} are {name} values, not {quote(item)}")
    return items


def _to_players(value: object) -> tuple[PlayerEntry, ...]:
    return _tuple_of(value, PlayerEntry, "players")


def _to_problems(value: object) -> tuple[Problem, ...]:
    return _tuple_of(value, Problem, "problems")


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


# --- Kingdoms and Legends, as a player writes them ----------------------------------------


def _did_you_mean(word: str, choices: Mapping[str, str]) -> str:
    """``; did you mean 'x'?`` for the closest of ``choices`` (keys, mapped to what to
    suggest), or nothing."""
    import difflib

    key = word.strip().lower().replace("_", "-")[:40]
    close = difflib.get_close_matches(key, list(choices), n=1, cutoff=0.75)
    if not close:
        close = difflib.get_close_matches(key.replace("-", " "), list(choices), n=1, cutoff=0.75)
    return f"; did you mean {quote(choices[close[0]])}?" if close else ""


def kingdom_message(error: NotationError, text: str) -> str:
    """What is wrong with the Kingdom ``text``, for a player: the bad card by itself, its
    row and column (counted from 0 at the top left), and "did you mean" for a misspelt
    card name; a short quoted prefix of the text otherwise.
    """
    token = error.token
    if token is not None and error.row is not None and error.column is not None:
        bad = token
        if len(token) == 4 and error.column < 4:
            wrong = [ch for ch in token.upper() if ch not in _CARD_LETTERS]
            if len(wrong) == 1:
                bad = wrong[0]
        hint = _did_you_mean(bad, _CARD_WORDS) if len(bad) > 1 else ""
        return (
            f"unknown card {quote(bad)} at row {error.row}, column {error.column} (rows and "
            "columns are counted from 0 at the top left): a card is one of "
            f"F M P S E W H G D O ?, or its English name{hint}"
        )
    rows = [r for r in re.split(r"[/\n]", text[:400]) if r.strip()]
    if len(text) <= 400 and len(rows) != 4:
        words = text.split()
        hint = next((h for w in words if (h := _did_you_mean(w, _CARD_WORDS))), "")
        return (
            f"expected 4 rows of 4 cards separated by '/' or new lines, got {len(rows)} in "
            f"{quote(text)}{hint}"
        )
    return str(error)  # Kingdom.parse quotes a short prefix of the text itself


def read_kingdom(
    text: str, where: str, owner: str, problems: Problems, seat: int | None = None
) -> Kingdom | None:
    """The Kingdom written as ``text`` for the player ``owner`` (of seat ``seat``), or None
    with a ``bad-kingdom`` problem at ``where`` (Kingdom notation) whose cells are the card
    that cannot be read, when the notation names one."""
    try:
        return Kingdom.parse(text)
    except NotationError as error:
        cells: tuple[tuple[int, Position], ...] = ()
        row, column = error.row, error.column
        if (
            seat is not None
            and row is not None
            and column is not None
            and 0 <= row < SIZE
            and 0 <= column < SIZE
        ):
            cells = ((seat, Position(row, column)),)
        problems.add(
            "bad-kingdom",
            where,
            f"{owner}'s Kingdom cannot be read: {kingdom_message(error, text)}",
            player=seat,
            field="kingdom",
            cells=cells,
        )
    except DrakoError as error:
        problems.add(
            "bad-kingdom",
            where,
            f"{owner}'s Kingdom cannot be read: {quote(str(error), 200)}",
            player=seat,
            field="kingdom",
        )
    return None


def legend_message(text: str, *, suggest: bool = True) -> str:
    """Why ``text`` names no Legend (R1.4): the one message of
    [`no_legend`][drako_rules.cards.no_legend], with the close ids unless ``suggest`` is False."""
    return no_legend(text, suggest=suggest)


def read_legend(text: str) -> Legend | None:
    """The Legend named by the id ``text`` (any case, ``_`` or ``-``), or None (R1.4)."""
    return Legend.find(text)


# --- reading game files -------------------------------------------------------------------


class _Oversized:
    """An integer of more than MAX_WRITTEN_DIGITS digits, read from a game file as its
    number of digits only (never converted: that takes time quadratic in the digits). It is
    neither a number nor text, so that every field reports it as what it is."""

    __slots__ = ("digits",)

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("+-").replace("_", ""))


def _parse_json_int(text: str) -> int | _Oversized:
    if len(text.lstrip("-")) > MAX_WRITTEN_DIGITS:
        return _Oversized(text)
    return int(text)


#: A TOML decimal integer of more than MAX_WRITTEN_DIGITS digits that is not a bare key
#: (followed by ``=``), after skipping strings and comments, which the alternatives before it
#: consume; compiled on first use.
_TOML_LONG_INT: Final = (
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
    rf"|(?<![\w.+-])[+-]?[1-9](?:_?[0-9]){{{MAX_WRITTEN_DIGITS},}}(?![\w.:+-]|[ \t]*=)"
)


def _toml_with_long_ints(content: str) -> dict[str, object] | None:
    """The TOML ``content`` read with each decimal integer of more than MAX_WRITTEN_DIGITS
    digits as an ``_Oversized`` value, or None if that cannot be done exactly.

    ``tomllib`` converts every integer as it reads it, and Python refuses to convert one of
    more than 4,300 digits (``sys.get_int_max_str_digits``), which would refuse the whole
    file. Each such integer is written as a float instead (``D`` becomes ``D.0``, a TOML
    float), which ``tomllib`` hands, as text, to its ``parse_float`` hook; the hook gives
    back the ``_Oversized`` value. The rewrite is exact only if every rewritten integer
    reaches the hook: one that was in fact part of a key, say, does not, and then None is
    returned (the caller refuses the file as before).
    """
    rewritten: dict[str, str] = {}  # the float written for an integer -> the integer
    count = 0
    parts: list[str] = []
    last = 0
    for found in re.finditer(_TOML_LONG_INT, content, re.S):
        token = found.group()
        if token[0] in "\"'#":
            continue
        parts += (content[last : found.end()], ".0")
        last = found.end()
        rewritten[token + ".0"] = token
        count += 1
    parts.append(content[last:])
    reached: list[str] = []

    def parse_float(text: str) -> object:
        token = rewritten.get(text)
        if token is None:
            return float(text)
        reached.append(text)
        return _Oversized(token)

    try:
        document = tomllib.loads("".join(parts), parse_float=parse_float)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return None
    if len(reached) != count:  # a rewritten integer was not a value, or a float looked like one
        return None
    return document


def _describe(value: object) -> str:
    if isinstance(value, _Oversized):
        return f"an integer of {value.digits} digits"
    return quote(value)


class _Reader:
    """Turns a decoded document into a [`Game`][drako_rules.checker.Game], collecting every
    problem where it is found."""

    def __init__(self) -> None:
        self.problems = Problems()

    def unknown_keys(
        self,
        table: Mapping[str, object],
        known: tuple[str, ...],
        where: str,
        seat: int | None = None,
        field: str = "game",
    ) -> None:
        for key in table:
            if key in known:
                continue
            import difflib

            hint = ""
            # a suggestion for the first problems only, so that a table of 100,000 unknown
            # keys stays linear and fast
            few = len(self.problems) < _HINTED
            close = difflib.get_close_matches(str(key)[:40], known, n=1) if few else []
            if key == "total" and where.endswith(".sheet"):
                hint = "; write the total as the player's 'score'"
            elif close:
                hint = f"; did you mean {close[0]!r}?"
            self.problems.add(
                "unknown-field",
                field_path(where, key),
                f"unknown field {quote(key)}: the fields here are {', '.join(known)}{hint}",
                player=seat,
                field=field,
            )

    def game(self, document: Mapping[str, object], source: str | None) -> Game:
        self.unknown_keys(document, _GAME_KEYS, "$")
        ruleset: str | None = _DEFAULT_RULESET
        if "ruleset" in document:
            value = document["ruleset"]
            if isinstance(value, str):
                ruleset = value
            else:
                ruleset = None
                self.problems.add(
                    "bad-field",
                    "$.ruleset",
                    f"a ruleset is named by text, not {_describe(value)} (R9)",
                    field="ruleset",
                )
        players: list[PlayerEntry] = []
        if "players" not in document:
            self.problems.add(
                "missing-field",
                "$.players",
                "no players: write one [[players]] table per player (2 to 4, R1.3)",
                field="players",
            )
        else:
            value = document["players"]
            if not isinstance(value, list):
                hint = ""
                if isinstance(value, dict):
                    hint = "; write [[players]] (two brackets) above each player, not [players]"
                self.problems.add(
                    "bad-field",
                    "$.players",
                    f"players must be a list of tables ([[players]]), not {_describe(value)}{hint}",
                    field="players",
                )
            else:
                players = [
                    self.player(item, index_path("$.players", i), i) for i, item in enumerate(value)
                ]
        return Game(tuple(players), ruleset, source, tuple(self.problems.items))

    def player(self, item: object, where: str, seat: int) -> PlayerEntry:
        if not isinstance(item, dict):
            self.problems.add(
                "bad-field",
                where,
                f"a player is a table of fields, not {_describe(item)}",
                player=seat,
                field="player",
            )
            return PlayerEntry(None, None)
        self.unknown_keys(item, _PLAYER_KEYS, where, seat, "player")
        name: str | None = None
        if "name" not in item:
            self.problems.add(
                "missing-field",
                f"{where}.name",
                "the player has no name",
                player=seat,
                field="name",
            )
        elif not isinstance(item["name"], str) or not item["name"].strip():
            self.problems.add(
                "bad-field",
                f"{where}.name",
                f"a name is non-empty text, not {_describe(item['name'])}",
                player=seat,
                field="name",
            )
        else:
            name = item["name"]
        return PlayerEntry(
            name,
            self.kingdom(item, where, seat),
            self.legends(item, where, seat),
            self.integer(item, "score", f"{where}.score", seat, "total"),
            self.sheet(item, where, seat),
        )

    def kingdom(self, item: Mapping[str, object], where: str, seat: int) -> str | None:
        path = f"{where}.kingdom"
        if "kingdom" not in item:
            self.problems.add(
                "missing-field",
                path,
                "the player's final Kingdom is not given",
                player=seat,
                field="kingdom",
            )
            return None
        value = item["kingdom"]
        if isinstance(value, str):
            return value
        if isinstance(value, list) and all(isinstance(row, str) for row in value):
            return "\n".join(value)
        self.problems.add(
            "bad-field",
            path,
            "a Kingdom is text in the Kingdom notation (or a list of 4 row texts), "
            f"not {_describe(value)}",
            player=seat,
            field="kingdom",
        )
        return None

    def legends(self, item: Mapping[str, object], where: str, seat: int) -> tuple[str, ...]:
        path = f"{where}.legends"
        value = item.get("legends", [])
        if not isinstance(value, list):
            self.problems.add(
                "bad-field",
                path,
                f"legends must be a list of Legend ids, not {_describe(value)}",
                player=seat,
                field="legends",
            )
            return ()
        ids = []
        for j, legend in enumerate(value):
            if isinstance(legend, str):
                ids.append(legend)
            else:
                self.problems.add(
                    "bad-field",
                    index_path(path, j),
                    f"a Legend id is text, not {_describe(legend)} (R1.4)",
                    player=seat,
                    field="legends",
                )
        return tuple(ids)

    def integer(
        self, table: Mapping[str, object], key: str, path: str, seat: int, field: str
    ) -> int | None:
        if key not in table:
            return None
        value = table[key]
        if _is_int(value):
            assert isinstance(value, int)
            return value
        self.problems.add(
            "not-an-integer",
            path,
            "a value written on the score sheet is a whole number of at most "
            f"{MAX_WRITTEN_DIGITS} digits, not {_describe(value)} (R5.5)",
            "R5.5",
            player=seat,
            field=field,
        )
        return None

    def sheet(self, item: Mapping[str, object], where: str, seat: int) -> dict[str, int]:
        path = f"{where}.sheet"
        if "sheet" not in item:
            return {}
        value = item["sheet"]
        if not isinstance(value, dict):
            self.problems.add(
                "bad-field",
                path,
                f"the sheet is a table of categories ([players.sheet]), not {_describe(value)}",
                player=seat,
                field="sheet",
            )
            return {}
        self.unknown_keys(value, tuple(c.value for c in Category), path, seat, "sheet")
        out = {}
        for category in _CATEGORIES:
            written = self.integer(
                value, category.value, f"{path}.{category.value}", seat, f"sheet.{category.value}"
            )
            if written is not None:
                out[category.value] = written
        return out


_TOML_POSITION: Final = re.compile(r"\(at line (\d+), column (\d+)\)")


def _toml_hint(content: str, message: str) -> str:
    """A hint for the two commonest slips in a TOML game file, from the error's line."""
    found = _TOML_POSITION.search(message)
    if found is None:
        return ""
    number = int(found.group(1))
    lines = content.splitlines()
    line = lines[number - 1] if 0 < number <= len(lines) else ""
    if re.match(r"\s*\[\s*players\s*\]", line) or "('players',) twice" in message:
        return "; write [[players]] (two brackets) above each player, not [players]"
    if re.match(r"""\s*[A-Za-z_-]+\s*=\s*[^\s"'\[{0-9+-]""", line) and not re.match(
        r"\s*[A-Za-z_-]+\s*=\s*(true|false|inf|nan)\b", line
    ):
        return '; text is written in quotes: name = "Ana"'
    return ""


def parse_game(
    text: str | bytes, format: GameFormat = "toml", *, source: str | None = None
) -> Game:
    """Read a game from the text of a game file (TOML or JSON, see the package docs).

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
            fields at all; the message names the source and the place (for TOML, the line
            and a hint for a name written without quotes or ``[players]`` written for
            ``[[players]]``).

    Examples:
        >>> game = parse_game('{"players": [{"name": "Ana", "kingdom": "FEOM/HPWM/SGDO/PPHS"}]}',
        ...                   format="json")
        >>> game.players[0].name, game.ruleset, game.problems
        ('Ana', 'pocket', ())
        >>> parse_game("players = 3").problems[0].message
        '$.players: players must be a list of tables ([[players]]), not 3'
    """
    if source is not None and not isinstance(source, str):
        raise InvalidGameError(f"source is text or None, not {quote(source)}")
    name = short(source, 200) if source is not None else "game file"
    if isinstance(text, bytes | bytearray):
        content = decode(bytes(text), name, InvalidGameError)
    elif isinstance(text, str):
        content = text
    else:
        raise InvalidGameError(f"parse_game reads text or bytes, not {quote(text)}")
    document: object
    if format == "toml":
        try:
            document = tomllib.loads(content)
        except tomllib.TOMLDecodeError as error:
            message = str(error)
            raise InvalidGameError(
                f"{name}: not valid TOML: {short(message, 120)}{_toml_hint(content, message)}"
            ) from None
        except RecursionError:
            raise InvalidGameError(f"{name}: not valid TOML: nested too deeply") from None
        except ValueError:  # an integer of more than 4,300 digits: a problem where it is
            read = _toml_with_long_ints(content)
            if read is None:
                raise InvalidGameError(
                    f"{name}: not valid TOML: a number too long to read"
                ) from None
            document = read
    elif format == "json":
        import json  # here: a TOML file, the usual one, does not need it

        try:
            document = json.loads(content, parse_int=_parse_json_int)
        except json.JSONDecodeError as error:
            raise InvalidGameError(f"{name}: not valid JSON: {short(str(error), 120)}") from None
        except RecursionError:
            raise InvalidGameError(f"{name}: not valid JSON: nested too deeply") from None
    else:
        raise InvalidGameError(f"unknown game file format {quote(format)}: use 'toml' or 'json'")
    if not isinstance(document, dict):
        raise InvalidGameError(
            f"{name}: a game file is a table of fields (ruleset, players), not {_describe(document)}"
        )
    return _Reader().game(document, source)


def guess_format(path: str, data: bytes | str) -> GameFormat:
    """The format of a game file: by its name's suffix (``.json``, ``.toml``), else JSON
    when its first character is ``{`` and TOML otherwise."""
    if isinstance(data, str):
        data = data[:64].encode("utf-8", "replace")
    suffix = os.path.splitext(path)[1].lower()
    if suffix == ".json":
        return "json"
    if suffix == ".toml":
        return "toml"
    return "json" if data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{") else "toml"


def load_game(
    path: str | os.PathLike[str],
    format: GameFormat | None = None,
    *,
    limit: int = DEFAULT_LIMIT,
) -> Game:
    """Read a game file from ``path`` (see [`parse_game`][drako_rules.checker.parse_game]).

    The file is read by the one bounded reader ([`drako_rules.inputs`][drako_rules.inputs.read_bytes]).

    Args:
        path: the file; ``.json`` files are read as JSON, ``.toml`` files as TOML, others
            as JSON when they start with ``{`` and as TOML otherwise.
        format: force ``"toml"`` or ``"json"``.
        limit: the largest file accepted, in bytes (default 1 MiB).

    Raises:
        InvalidGameError: the file cannot be read, is over the limit, or is not a game
            file at all.
    """
    if not isinstance(path, str | os.PathLike):
        raise InvalidGameError(f"load_game reads a path, not {quote(path)}")
    name = os.fsdecode(path)
    data = read_bytes(path, limit=limit, error=InvalidGameError)
    return parse_game(data, format or guess_format(name, data), source=name)


# --- writing game files -------------------------------------------------------------------


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


def _has_surrogate(game: Game) -> bool:
    texts = [game.ruleset or ""]
    for e in game.players:
        texts += [e.name or "", e.kingdom or "", *e.legends]
    return any("\ud800" <= ch <= "\udfff" for t in texts for ch in t)


def format_game(game: Game, format: GameFormat = "toml") -> str:
    """Write ``game`` as the text of a game file;
    [`parse_game`][drako_rules.checker.parse_game] reads it back.

    TOML is written by [tomli-w](https://pypi.org/project/tomli-w/) (imported only here);
    JSON is the documented JSON form of a game (see the module docs), ASCII-safe.

    Raises:
        InvalidGameError: ``game`` is not a Game, the format is unknown, or a text holds a
            lone surrogate, which TOML cannot hold (JSON can).

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
        legends = [
            "two-elves",
        ]
        <BLANKLINE>
        >>> parse_game(format_game(game)) == game
        True
    """
    if not isinstance(game, Game):
        raise InvalidGameError(f"format_game writes a Game, not {quote(game)}")
    if format == "json":
        import json

        return json.dumps(_game_document(game), indent=2, ensure_ascii=True) + "\n"
    if format != "toml":
        raise InvalidGameError(f"unknown game file format {quote(format)}: use 'toml' or 'json'")
    if _has_surrogate(game):
        raise InvalidGameError("TOML cannot hold a lone surrogate character: use format='json'")
    import tomli_w

    return tomli_w.dumps(_game_document(game))
