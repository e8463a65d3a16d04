"""drako-rules: the reference rules of *Drako: Aetherya Pocket*.

Kingdoms and their notation, connections (R4), itemized scoring (R5), Legends (R6) and
ranking (R5.6), as pure functions over immutable values; and the score checker for
games played on a table (:func:`check_game`, the ``drako-rules`` command).

Examples:
    >>> from drako_rules import Kingdom, score, legends_met
    >>> kingdom = Kingdom.parse("FEOM/HPWM/SGDO/PPHS")
    >>> score(kingdom).total
    7
    >>> sorted(legend.value for legend in legends_met(kingdom))
    ['four-tribes']
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from drako_rules.cards import Card, Legend, cards_per_kind, deck
from drako_rules.checker import (
    PROBLEM_CODES,
    Game,
    GameFormat,
    GameReport,
    JSONValue,
    Mismatch,
    PlayerEntry,
    PlayerReport,
    Problem,
    check_game,
    format_game,
    load_game,
    parse_game,
)
from drako_rules.connections import Connections, Link, connections
from drako_rules.errors import (
    DrakoError,
    IllegalMoveError,
    InvalidGameError,
    InvalidMoveError,
    NotationError,
    PlayerCountError,
    RecordError,
    RulesetError,
    ScoringError,
)
from drako_rules.kingdom import Kingdom, Position
from drako_rules.legends import legends_met
from drako_rules.rulesets import CLASSIC, POCKET, RULES_VERSION, Ruleset, get_ruleset
from drako_rules.scoring import (
    Category,
    Ranking,
    ScoreLine,
    ScoreSheet,
    TieBreak,
    rank,
    ranking,
    score,
)
from drako_rules.svg import kingdom_svg

try:
    __version__ = version("drako-rules")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0+unknown"

__all__ = [
    "CLASSIC",
    "POCKET",
    "PROBLEM_CODES",
    "RULES_VERSION",
    "Card",
    "Category",
    "Connections",
    "DrakoError",
    "Game",
    "GameFormat",
    "GameReport",
    "IllegalMoveError",
    "InvalidGameError",
    "InvalidMoveError",
    "JSONValue",
    "Kingdom",
    "Legend",
    "Link",
    "Mismatch",
    "NotationError",
    "PlayerCountError",
    "PlayerEntry",
    "PlayerReport",
    "Position",
    "Problem",
    "Ranking",
    "RecordError",
    "Ruleset",
    "RulesetError",
    "ScoreLine",
    "ScoreSheet",
    "ScoringError",
    "TieBreak",
    "__version__",
    "cards_per_kind",
    "check_game",
    "connections",
    "deck",
    "format_game",
    "get_ruleset",
    "kingdom_svg",
    "legends_met",
    "load_game",
    "parse_game",
    "rank",
    "ranking",
    "score",
]
