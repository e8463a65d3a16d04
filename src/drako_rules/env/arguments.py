"""What the environments take as arguments, checked once for all of them: the move limit
(R7.4), the seed (R2.8), the render mode, and PettingZoo's ``max_cycles``, refused; and
the library's words for an environment used before ``reset`` or after its game.
"""

from __future__ import annotations

from typing import Final

from drako_rules.errors import GameError, quote
from drako_rules.game.setup import check_seed

__all__ = [
    "DEFAULT_MAX_MOVES",
    "GAME_OVER",
    "NO_GAME_YET",
    "RENDER_MODES",
    "check_env_seed",
    "check_max_moves",
    "check_render_mode",
    "refuse_max_cycles",
]

#: The default move limit (R7.4), far beyond the length of games between random players
#: (see the "Train an agent" page for measured lengths).
DEFAULT_MAX_MOVES: Final = 1000
#: How the environments can render: ``"ansi"`` returns the text, ``"human"`` prints it.
RENDER_MODES: Final = ("ansi", "human")

#: What an environment's methods say when called before ``reset``.
NO_GAME_YET: Final = "the environment has no game yet: call reset() first"
#: What they say once every agent has stepped out of the finished game.
GAME_OVER: Final = "the game is over: call reset() for a new one"


def check_max_moves(max_moves: object) -> int | None:
    """Return ``max_moves`` if it is None or a positive integer (R7.4).

    Raises:
        GameError: for anything else.
    """
    if max_moves is not None and (
        isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 1
    ):
        raise GameError(f"max_moves is a positive integer or None, not {quote(max_moves)} (R7.4)")
    return max_moves


def refuse_max_cycles(max_cycles: object) -> None:
    """Refuse PettingZoo's ``max_cycles``: this game's limit counts decisions (R7.4).

    PettingZoo's environments that take ``max_cycles`` truncate after that many cycles, a
    cycle being one step of each agent; in this game a player makes several decisions in a
    row, so cycles do not count what a limit must count. ``max_moves`` is the limit.

    Raises:
        GameError: ``max_cycles`` is not None.
    """
    if max_cycles is not None:
        raise GameError(
            f"max_cycles is not taken here (given {quote(max_cycles)}): a player makes "
            "several decisions in a row, so the limit counts decisions; pass max_moves, "
            "the decisions of all players together after which a game is truncated (R7.4)"
        )


def check_env_seed(seed: object, *, gymnasium_seed: bool = False) -> int | None:
    """Return ``seed`` if an environment's ``reset`` can deal from it: None or a game's
    seed (R2.8); for a Gymnasium environment, also not negative (Gymnasium seeds its
    generator with it).

    Raises:
        GameError: anything else.
    """
    if seed is None:
        return None
    checked = check_seed(seed)
    if gymnasium_seed and checked < 0:
        raise GameError(f"the seed of a Gymnasium environment is not negative, not {checked}")
    return checked


def check_render_mode(render_mode: object) -> str | None:
    """Return ``render_mode`` if it is None, ``"ansi"`` or ``"human"``.

    Raises:
        GameError: for anything else.
    """
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise GameError(f"render_mode is None, 'ansi' or 'human', not {quote(render_mode)}")
    return render_mode if isinstance(render_mode, str) else None
