"""What each seat may see and do (R8), on plain integers: the one owner of R8.3 and of
a seat's action mask. The public views (``game.views``) and the environment's
observation read these."""

from __future__ import annotations

from typing import TypeVar

__all__ = ["seat_actions", "sees_drawn"]

_T = TypeVar("_T")


def sees_drawn(seat: int, current: int, drawn: _T | None) -> _T | None:
    """The card just drawn as seat ``seat`` sees it (R8.3): ``drawn`` for the player who
    drew it (the player to move, ``current``), None for everyone else."""
    return drawn if seat == current else None


def seat_actions(seat: int, current: int, actions: int) -> int:
    """The mask of actions of seat ``seat`` (R8): the legal ``actions`` of the player to
    move (``current``) for that player, none for anyone else."""
    return actions if seat == current else 0
