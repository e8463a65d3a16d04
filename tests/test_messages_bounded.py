"""Every error message quotes a short escaped prefix of what the caller gave: an input of
any size or content (a megabyte of text, a huge integer, terminal escapes) gets a message
of bounded length with no raw control character, from each public entry point that names
the value it refuses."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from drako_rules import (
    Move,
    PlayerState,
    connections,
    get_ruleset,
    legends_met,
    score,
)
from drako_rules.cards import Card, Legend
from drako_rules.connections import layout
from drako_rules.errors import MAX_QUOTED, DrakoError
from drako_rules.game.moves import Arrange, Claim, Take, action_id, move_from_action_id
from drako_rules.game.setup import new_game
from drako_rules.game.state import GameState
from drako_rules.players.search import SearchPlayer
from drako_rules.referee import check_games
from drako_rules.scoring import domesticated
from drako_rules.serialization import structure

HUGE_TEXT = "x" * 100_000
ESCAPES = "\x1b[2J\u202e" * 10_000
#: Below every bound a number has (a count, a seat, a limit): refused wherever a number is.
HUGE_INT = -(10**5000)

#: The longest message allowed: the fixed wording of the longest message, and a few quoted
#: prefixes of the value.
LIMIT = 600 + 4 * MAX_QUOTED


def _text(value: object) -> str:
    """The value as move text: itself, or a huge run of digits for a non-string."""
    return value if isinstance(value, str) else "9" * 100_000


def _state_with(**value: object) -> object:
    """A hand-built state with one field replaced by ``value``: the checked constructor."""
    state = new_game(2, seed=1)
    fields = {
        name: getattr(state, name)
        for name in (
            "ruleset", "seed", "first_player", "players", "current_player", "phase", "turn",
            "draw_pile", "discard_pile", "legend_row", "legend_deck", "hidden",
        )
    }  # fmt: skip
    return GameState(**{**fields, **value})


CALLS: dict[str, Callable[[object], object]] = {
    "Move.parse": lambda v: Move.parse(v),  # type: ignore[arg-type]
    "Move.parse take": lambda v: Move.parse(f"take {_text(v)}"),
    "Move.parse end": lambda v: Move.parse(f"end {_text(v)}"),
    "Move.parse arrange": lambda v: Move.parse(f"arrange {_text(v)}"),
    "Take": lambda v: Take(v),  # type: ignore[arg-type]
    "Claim": lambda v: Claim(v),  # type: ignore[arg-type]
    "Arrange": lambda v: Arrange(v),  # type: ignore[arg-type]
    "action_id": lambda v: action_id(v),  # type: ignore[arg-type]
    "move_from_action_id": lambda v: move_from_action_id(v),  # type: ignore[arg-type]
    "Card.parse": lambda v: Card.parse(v),  # type: ignore[arg-type]
    "Legend": lambda v: Legend.parse(v),  # type: ignore[arg-type]
    "get_ruleset": lambda v: get_ruleset(v),  # type: ignore[arg-type]
    "new_game players": lambda v: new_game(v, seed=1),  # type: ignore[arg-type]
    "new_game first_player": lambda v: new_game(2, seed=1, first_player=v),  # type: ignore[arg-type]
    "SearchPlayer": lambda v: SearchPlayer(rollout=v),  # type: ignore[arg-type]
    "structure Move": lambda v: structure({"type": v}, Move),
    "arena games": lambda v: check_games(v),
    "score": lambda v: score(v),  # type: ignore[arg-type]
    "legends_met": lambda v: legends_met(v),  # type: ignore[arg-type]
    "domesticated": lambda v: domesticated(v),  # type: ignore[arg-type]
    "connections": lambda v: connections(v),  # type: ignore[arg-type]
    "Portal layout": lambda v: layout(v),  # type: ignore[arg-type]
    "PlayerState kingdom": lambda v: PlayerState(v, (), ()),  # type: ignore[arg-type]
    "GameState phase": lambda v: _state_with(phase=v),
    "GameState ruleset": lambda v: _state_with(ruleset=v),
    "GameState legend_row": lambda v: _state_with(legend_row=v),
    "GameState players": lambda v: _state_with(players=v),
}


def _env_calls() -> dict[str, Callable[[object], object]]:
    """The environments' argument checks (the ``rl`` extra's modules)."""
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from drako_rules.env.actions import action_to_move
    from drako_rules.env.arguments import check_max_moves, check_render_mode
    from drako_rules.env.rewards import rewards_from_places

    return {
        "max_moves": lambda v: check_max_moves(v),
        "rewards": lambda v: rewards_from_places((v, v)),  # type: ignore[arg-type]
        "action_to_move": lambda v: action_to_move(v),
        "render_mode": lambda v: check_render_mode(v),
    }


ENV_CALLS = ("max_moves", "rewards", "action_to_move", "render_mode")


@pytest.mark.parametrize(
    "value",
    [HUGE_TEXT, ESCAPES, HUGE_INT, (-1,) * 100_000],
    ids=["huge-text", "escapes", "huge-int", "huge-tuple"],
)
@pytest.mark.parametrize("name", sorted((*CALLS, *ENV_CALLS)))
def test_a_refused_value_is_quoted_short_and_escaped(name: str, value: object) -> None:
    """A refused value of any size is named by a short escaped prefix: the message is
    bounded and holds no control character (so it cannot drive a terminal)."""
    call = _env_calls()[name] if name in ENV_CALLS else CALLS[name]
    try:
        call(value)
    except DrakoError as exc:
        message = str(exc)
    else:  # pragma: no cover - each call refuses each of these values
        pytest.fail(f"{name} accepted {type(value).__name__}")
    assert len(message) <= LIMIT, (name, len(message), message[:200])
    assert "\x1b" not in message and "\u202e" not in message, (name, message[:200])
