"""The card actions of a turn on plain integers (R3.4, R3.5): where a card may go, and
when a draw is possible. The engine (``game.transitions``) and the players read these
rather than decide them again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from drako_rules._kernel.board import ALL, CODE_OF
from drako_rules.cards import Card

__all__ = ["can_draw", "open_cells", "reshuffle_split"]

_DRAGON: Final = CODE_OF[Card.DRAGON]
_PORTAL: Final = CODE_OF[Card.PORTAL]

_T = TypeVar("_T")


def open_cells(masks: Sequence[int], code: int) -> int:
    """The cells where a card of code ``code`` may replace what lies there, as a mask
    (R3.4b–d), for a Kingdom of masks by code ``masks``: not a revealed Dragon or Portal
    (R3.4b), nor a revealed card of the same kind (R3.4c); any Unexplored Land (R3.4d)."""
    return ALL & ~(masks[_DRAGON] | masks[_PORTAL] | masks[code])


def can_draw(draw_pile: int, discard_pile: int) -> bool:
    """Whether a card can be drawn with ``draw_pile`` cards in the draw pile and
    ``discard_pile`` in the discard pile (R3.5): unless the draw pile is empty and the
    discard pile has fewer than two cards to reshuffle."""
    return draw_pile > 0 or discard_pile > 1


def reshuffle_split(discard: tuple[_T, ...]) -> tuple[tuple[_T, ...], tuple[_T, ...]]:
    """The discard pile (top last) split for a reshuffle when the draw pile is empty
    (R3.5): ``(the cards shuffled into the new draw pile, the pile left)``: every card
    but the top, and the top alone."""
    return discard[:-1], discard[-1:]
