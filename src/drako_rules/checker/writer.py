"""The writer of game files: a `Game` out as the text of a
TOML or JSON game file (`format_game`), its fields in
the order of the one schema (`drako_rules.checker.model`);
the reader (`parse_game`) reads it back.
"""

from __future__ import annotations

from drako_rules.checker.model import GAME_FIELDS, PLAYER_FIELDS, Game, GameFormat, PlayerEntry
from drako_rules.checker.problems import JSONValue
from drako_rules.errors import InvalidGameError, quote

__all__ = ["format_game"]


def _player_document(entry: PlayerEntry) -> dict[str, JSONValue]:
    """The player's table: each field the entry gives, in schema order."""
    values: dict[str, JSONValue] = {
        "name": entry.name,
        "kingdom": entry.kingdom,
        "legends": list(entry.legends) if entry.legends else None,
        "score": entry.score,
        "sheet": {c.value: v for c, v in entry.sheet} if entry.sheet else None,
    }
    return {key: values[key] for key in PLAYER_FIELDS if values[key] is not None}


def _game_document(game: Game) -> dict[str, JSONValue]:
    """The game's table: its ruleset (when it has one) and its players, in schema order."""
    values: dict[str, JSONValue] = {
        "ruleset": game.ruleset,
        "players": [_player_document(entry) for entry in game.players],
    }
    return {key: values[key] for key in GAME_FIELDS if values[key] is not None}


def _has_surrogate(game: Game) -> bool:
    texts = [game.ruleset or ""]
    for e in game.players:
        texts += [e.name or "", e.kingdom or "", *e.legends]
    return any("\ud800" <= ch <= "\udfff" for t in texts for ch in t)


def format_game(game: Game, format: GameFormat = "toml") -> str:
    """Write ``game`` as the text of a game file;
    `parse_game` reads it back.

    TOML is written by [tomli-w](https://pypi.org/project/tomli-w/) (imported only here);
    JSON is the JSON form of a game, ASCII-safe: the same tables and fields as the TOML
    file (``{"ruleset": "pocket", "players": [{"name": "Ana", "kingdom": "FEOM/HPWM/SGDO/PPHS",
    "score": 7}]}``), a field the game does not give left out.

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
        >>> from drako_rules.checker import parse_game
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
