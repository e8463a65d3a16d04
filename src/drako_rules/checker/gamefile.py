"""Game files, by the names they have always had: the model
(`drako_rules.checker.model`), the reader
(`drako_rules.checker.reader`), the writer
(`drako_rules.checker.writer`) and the Kingdoms and Legends
as a player writes them (`drako_rules.checker.notation`).

Each of those modules answers one question; this one only gathers their names, so that
``from drako_rules.checker.gamefile import ...`` keeps working. New code imports from
the module that owns a name.
"""

from __future__ import annotations

from drako_rules.checker.model import MAX_WRITTEN_DIGITS, Game, GameFormat, PlayerEntry
from drako_rules.checker.notation import (
    kingdom_message,
    legend_message,
    read_kingdom,
    read_legend,
)
from drako_rules.checker.reader import guess_format, load_game, parse_game
from drako_rules.checker.writer import format_game

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
