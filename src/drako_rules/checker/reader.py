"""The lenient reader of game files: a TOML or JSON document in, a
`Game` and its problems out
(`parse_game`, `load_game`).

The reader turns a document into typed entries by the one schema of
`drako_rules.checker.model` and records a
`Problem` for every field it cannot use, where it reads it;
it never stops at the first one. Integers too long to convert are read by
`drako_rules.checker.longints`.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from typing import Final

from drako_rules.checker.longints import Oversized, json_int, toml_with_long_ints
from drako_rules.checker.model import (
    DEFAULT_RULESET,
    GAME_FIELDS,
    KIND_WORDS,
    PLAYER_FIELDS,
    SHEET_FIELDS,
    Game,
    GameFormat,
    PlayerEntry,
    is_written_integer,
)
from drako_rules.checker.problems import Problems, field_path, index_path
from drako_rules.errors import InvalidGameError, quote, short
from drako_rules.inputs import DEFAULT_LIMIT, decode, read_bytes

__all__ = ["guess_format", "load_game", "parse_game"]

_GAME_KEYS: Final = tuple(GAME_FIELDS)
_PLAYER_KEYS: Final = tuple(PLAYER_FIELDS)
_SHEET_KEYS: Final = tuple(SHEET_FIELDS)
#: Problems past this many get no "did you mean" (each costs a fuzzy match).
_HINTED: Final = 100


def _describe(value: object) -> str:
    if isinstance(value, Oversized):
        return f"an integer of {value.digits} digits"
    return quote(value)


class _Reader:
    """Turns a decoded document into a `Game`, collecting every
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
        ruleset: str | None = DEFAULT_RULESET
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
                    f"players must be {KIND_WORDS['players']}, not {_describe(value)}{hint}",
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
            f"a Kingdom is {KIND_WORDS['kingdom']}, not {_describe(value)}",
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
                f"legends must be {KIND_WORDS['legend-ids']}, not {_describe(value)}",
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
        if is_written_integer(value):
            assert isinstance(value, int)
            return value
        self.problems.add(
            "not-an-integer",
            path,
            f"a value written on the score sheet is {KIND_WORDS['integer']}, "
            f"not {_describe(value)} (R5.5)",
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
                f"the sheet is {KIND_WORDS['sheet']}, not {_describe(value)}",
                player=seat,
                field="sheet",
            )
            return {}
        self.unknown_keys(value, _SHEET_KEYS, path, seat, "sheet")
        out = {}
        for key in _SHEET_KEYS:
            written = self.integer(value, key, f"{path}.{key}", seat, f"sheet.{key}")
            if written is not None:
                out[key] = written
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
        The `Game`, with
        `Game.problems` listing what could not be read
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
            read = toml_with_long_ints(content)
            if read is None:
                raise InvalidGameError(
                    f"{name}: not valid TOML: a number too long to read"
                ) from None
            document = read
    elif format == "json":
        import json  # here: a TOML file, the usual one, does not need it

        try:
            document = json.loads(content, parse_int=json_int)
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
    """Read a game file from ``path`` (see `parse_game`).

    The file is read by the one bounded reader (`drako_rules.inputs`).

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
