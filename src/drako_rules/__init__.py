"""drako-rules: the reference rules of *Drako: Aetherya Pocket*.

The rules core and the game engine, as pure functions over immutable values: Kingdoms
and their notation, connections (R4), itemized scoring (R5), Legends (R6) and ranking
(R5.6); a whole game (R2, R3, R6–R8: setup, legal moves, pure transitions, player views,
records). The score checker (`drako_rules.checker`), the pictures
(`drako_rules.svg`) and the ``drako-rules`` command
(`drako_rules.cli`) are imported from their own modules:
``import drako_rules`` loads none of them. The engine's and the players' names and
`legends_met` (whose Legend checks build a 65,536-entry table of the grid when
imported) are imported on first use (``drako_rules.new_game`` loads
`drako_rules.game` then, through the module's ``__getattr__``, PEP 562), so that a program
which only scores Kingdoms, such as ``drako-rules check``, does not pay for loading them.

Examples:
    >>> from drako_rules import Kingdom, score, legends_met
    >>> kingdom = Kingdom.parse("FEOM/HPWM/SGDO/PPHS")
    >>> score(kingdom).total
    7
    >>> sorted(legend.value for legend in legends_met(kingdom))
    ['four-tribes']
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Final

from drako_rules.cards import Card, Legend, cards_per_kind, deck
from drako_rules.connections import Connections, Link, connections
from drako_rules.errors import (
    CommandError,
    DrakoError,
    DrakoTypeError,
    GameError,
    IllegalMoveError,
    InvalidGameError,
    InvalidMoveError,
    NotationError,
    PlayerCountError,
    RecordError,
    RulesetError,
    ScoringError,
)
from drako_rules.kingdom import POSITIONS, Kingdom, Position
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
from drako_rules.version import __version__

if TYPE_CHECKING:  # imported on first use (below); mypy and IDEs see them here
    from drako_rules.game import (
        ACTION_SPACE_SIZE,
        MOVES,
        AnyMove,
        Arrange,
        Claim,
        Draw,
        End,
        GameRecord,
        GameState,
        Move,
        Phase,
        Place,
        PlayedGame,
        Player,
        PlayerState,
        PlayerView,
        RandomPlayer,
        Reveal,
        Take,
        action_id,
        apply_move,
        check_state,
        final_ranking,
        final_scores,
        legal_action_mask,
        legal_moves,
        load_record,
        move_from_action_id,
        move_from_json,
        move_to_json,
        new_game,
        play_game,
        play_random_game,
        player_view,
        random_move,
        record_from_json,
        record_to_json,
        replay,
        sample_state,
        save_record,
        state_from_json,
        state_to_json,
        view_from_json,
        view_to_json,
    )
    from drako_rules.legends import legends_met
    from drako_rules.players import GreedyPlayer, SearchPlayer

#: The names the engine, the players and the Legend checks give the root, by the module
#: that defines them: imported on first use, so that ``import drako_rules`` (and the
#: ``check`` command) does not load them.
_LAZY: Final[dict[str, str]] = {
    **dict.fromkeys(
        (
            "ACTION_SPACE_SIZE",
            "MOVES",
            "AnyMove",
            "Arrange",
            "Claim",
            "Draw",
            "End",
            "GameRecord",
            "GameState",
            "Move",
            "Phase",
            "Place",
            "PlayedGame",
            "Player",
            "PlayerState",
            "PlayerView",
            "RandomPlayer",
            "Reveal",
            "Take",
            "action_id",
            "apply_move",
            "check_state",
            "final_ranking",
            "final_scores",
            "legal_action_mask",
            "legal_moves",
            "load_record",
            "move_from_action_id",
            "move_from_json",
            "move_to_json",
            "new_game",
            "play_game",
            "play_random_game",
            "player_view",
            "random_move",
            "record_from_json",
            "record_to_json",
            "replay",
            "sample_state",
            "save_record",
            "state_from_json",
            "state_to_json",
            "view_from_json",
            "view_to_json",
        ),
        "drako_rules.game",
    ),
    **dict.fromkeys(("GreedyPlayer", "SearchPlayer"), "drako_rules.players"),
    "legends_met": "drako_rules.legends",
}

__all__ = [
    "ACTION_SPACE_SIZE",
    "CLASSIC",
    "MOVES",
    "POCKET",
    "POSITIONS",
    "RULES_VERSION",
    "AnyMove",
    "Arrange",
    "Card",
    "Category",
    "Claim",
    "CommandError",
    "Connections",
    "DrakoError",
    "DrakoTypeError",
    "Draw",
    "End",
    "GameError",
    "GameRecord",
    "GameState",
    "GreedyPlayer",
    "IllegalMoveError",
    "InvalidGameError",
    "InvalidMoveError",
    "Kingdom",
    "Legend",
    "Link",
    "Move",
    "NotationError",
    "Phase",
    "Place",
    "PlayedGame",
    "Player",
    "PlayerCountError",
    "PlayerState",
    "PlayerView",
    "Position",
    "RandomPlayer",
    "Ranking",
    "RecordError",
    "Reveal",
    "Ruleset",
    "RulesetError",
    "ScoreLine",
    "ScoreSheet",
    "ScoringError",
    "SearchPlayer",
    "Take",
    "TieBreak",
    "__version__",
    "action_id",
    "apply_move",
    "cards_per_kind",
    "check_state",
    "connections",
    "deck",
    "final_ranking",
    "final_scores",
    "get_ruleset",
    "legal_action_mask",
    "legal_moves",
    "legends_met",
    "load_record",
    "move_from_action_id",
    "move_from_json",
    "move_to_json",
    "new_game",
    "play_game",
    "play_random_game",
    "player_view",
    "random_move",
    "rank",
    "ranking",
    "record_from_json",
    "record_to_json",
    "replay",
    "sample_state",
    "save_record",
    "score",
    "state_from_json",
    "state_to_json",
    "view_from_json",
    "view_to_json",
]


def __getattr__(name: str) -> object:
    """A name of the root left to first use (`_LAZY`), imported from its module."""
    module = _LAZY.get(name)
    if module is None:
        from drako_rules.errors import quote  # only on this error

        raise AttributeError(f"module {__name__!r} has no attribute {quote(name)}")
    value: object = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups find it without calling this again
    return value


def __dir__() -> list[str]:
    """The public API (``__all__``), the lazily imported names included: what ``dir()`` and
    a REPL's completion offer."""
    return sorted(__all__)
