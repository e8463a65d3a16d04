"""The parts of a game's state: its phases (`Phase`) and what everyone knows of one
player (`PlayerState`); `GameState` is made of them (``game.state``)."""

from __future__ import annotations

import enum
from typing import Final

import attrs

from drako_rules._kernel.turns import AFTER_CARD, ARRANGE, BEFORE_CARD, DRAWN, OVER
from drako_rules.cards import Card, Legend
from drako_rules.errors import GameError, quote
from drako_rules.kingdom import Kingdom

__all__ = ["NO_HIDDEN", "PHASE_CODES", "PHASE_OF_CODE", "Phase", "PlayerState", "player_state"]


class Phase(enum.Enum):
    """Where a game stands: what kind of decision is awaited (see the module documentation)."""

    ARRANGE = "arrange"
    """Waiting for the current player's starting arrangement (R2.5)."""
    BEFORE_CARD = "before-card"
    """Start of a turn: claim a Legend (R6.1), then take or draw a card (R3.1)."""
    DRAWN = "drawn"
    """A card was drawn: place it, or discard it and reveal an Unexplored Land (R3.3)."""
    AFTER_CARD = "after-card"
    """After the card action: claim a met Legend or end the turn (R6.1)."""
    OVER = "over"
    """The game has ended (R7); every card is revealed."""

    # Members are singletons compared by identity: hashing by identity agrees with
    # equality, at C speed (Enum's own __hash__ is Python code), for the tables keyed by
    # phase (the observation encoder's).
    __hash__ = object.__hash__


def _check_kingdom(instance: object, attribute: attrs.Attribute[Kingdom], value: Kingdom) -> None:
    if type(value) is not Kingdom:
        raise GameError(f"a player's kingdom is a Kingdom, not {quote(value)}")


@attrs.frozen
class PlayerState:
    """What everyone knows of one player (R8.1).

    Attributes:
        kingdom: the 4×4 Kingdom as it lies on the table: revealed cards, and ``None`` for
            each Unexplored Land (its kind is kept by the engine, in
            `GameState.hidden`). Before the player's starting arrangement the
            centre is empty and shows as ``None`` too.
        legends: the Legends the player claimed, in claim order (R6.3).
        hand: the 4 starting cards of different kinds, sorted in card order, until they
            are arranged (R2.3, R2.5); empty afterwards. Ruling: the starting cards are
            drawn face up (duplicates must be seen to be set aside), so everyone sees them.
    """

    kingdom: Kingdom = attrs.field(validator=_check_kingdom)
    legends: tuple[Legend, ...] = ()
    hand: tuple[Card, ...] = ()


def player_state(
    kingdom: Kingdom, legends: tuple[Legend, ...], hand: tuple[Card, ...]
) -> PlayerState:
    """``PlayerState(kingdom, legends, hand)``: the engine's name for building one."""
    return PlayerState(kingdom, legends, hand)


#: The cells of a Kingdom that hold no hidden card: sixteen ``None`` (R2.4).
NO_HIDDEN: Final[tuple[Card | None, ...]] = (None,) * 16


#: ``PHASE_CODES[phase]``: the kernel's code of a phase (``_kernel.turns``).
PHASE_CODES: Final[dict[Phase, int]] = {
    Phase.ARRANGE: ARRANGE,
    Phase.BEFORE_CARD: BEFORE_CARD,
    Phase.DRAWN: DRAWN,
    Phase.AFTER_CARD: AFTER_CARD,
    Phase.OVER: OVER,
}
#: ``PHASE_OF_CODE[code]``: the phase of a kernel phase code.
PHASE_OF_CODE: Final = tuple(sorted(PHASE_CODES, key=PHASE_CODES.__getitem__))
