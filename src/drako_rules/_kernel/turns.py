"""The turn on plain integers (R2.5, R3, R6.1, R6.5, R7.1, R8): the phases, the action
space, the one decision of what the player to move may do, and what each seat sees of it.

The engine (``game.legal``, ``game.transitions``), the players and the environment read
these rather than decide them again: `legal_actions`
and the three functions of the phases it reads are the owners of which moves are legal (R3),
`after_card_action` of when the game ends
(R7.1) and when the turn passes by itself (R6.5), `sees_drawn`
and `seat_actions` of what a seat sees and may do
(R8.3, R8).

Actions are numbered as the public action space (``game.moves``): bit ``a`` of a mask of
actions is the action of id ``a``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from drako_rules._kernel.board import ALL, CELLS, CODE_OF, LEGENDS, UNEXPLORED
from drako_rules.cards import Card

__all__ = [
    "ACTIONS",
    "AFTER_CARD",
    "ARRANGE",
    "ARRANGE_ACTIONS",
    "BEFORE_CARD",
    "CLAIM_BASE",
    "DRAWN",
    "DRAW_ACTION",
    "END_ACTION",
    "OVER",
    "PLACE_BASE",
    "REVEAL_BASE",
    "TAKE_BASE",
    "after_card_action",
    "after_card_actions",
    "before_card_actions",
    "can_draw",
    "claimable_now",
    "discard_replaced",
    "drawn_actions",
    "legal_actions",
    "next_seat",
    "open_cells",
    "refill_row",
    "reshuffle_split",
    "seat_actions",
    "sees_drawn",
    "turned_over",
]

_DRAGON: Final = CODE_OF[Card.DRAGON]
_PORTAL: Final = CODE_OF[Card.PORTAL]

# The phases of a game (``game.state.Phase``), as codes.
#: Waiting for the current player's starting arrangement (R2.5).
ARRANGE: Final = 0
#: The start of a turn: claim a Legend (R6.1), then take or draw a card (R3.1).
BEFORE_CARD: Final = 1
#: A card was drawn: place it, or discard it and reveal an Unexplored Land (R3.3).
DRAWN: Final = 2
#: After the card action: claim a met Legend or end the turn (R6.1, R6.5).
AFTER_CARD: Final = 3
#: The game has ended (R7.1).
OVER: Final = 4

# The action space: ``ARRANGE_ACTIONS`` arrangements, one claim per Legend, one take per
# cell, the draw, one place per cell, one reveal per cell, the end of the turn.
#: The number of arrangements of the 4 starting cards (R2.5): action ids 0–23.
ARRANGE_ACTIONS: Final = 24
#: The id of the claim of ``LEGENDS[0]``; the others follow in ``LEGENDS`` order (R6.1).
CLAIM_BASE: Final = ARRANGE_ACTIONS
#: The id of taking the discard pile's top onto cell 0; cell ``i`` is ``TAKE_BASE + i`` (R3.2).
TAKE_BASE: Final = CLAIM_BASE + len(LEGENDS)
#: The id of drawing (R3.3).
DRAW_ACTION: Final = TAKE_BASE + CELLS
#: The id of placing the drawn card on cell 0, and so on by cell (R3.3, R3.4).
PLACE_BASE: Final = DRAW_ACTION + 1
#: The id of discarding the drawn card and revealing cell 0, and so on by cell (R3.3).
REVEAL_BASE: Final = PLACE_BASE + CELLS
#: The id of ending the turn without a claim (R6.5).
END_ACTION: Final = REVEAL_BASE + CELLS
#: The number of actions.
ACTIONS: Final = END_ACTION + 1

_EVERY_ARRANGEMENT: Final = (1 << ARRANGE_ACTIONS) - 1

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


def before_card_actions(
    masks: Sequence[int],
    card: int,
    draw_pile: int,
    discard_pile: int,
    claimed: bool,
    claimable: int,
) -> tuple[int, int]:
    """What the player may do at the start of a turn (R3.1, R6.1): ``(claims, takes)``.

    ``claims``: the Legends it may claim, a mask of ``LEGENDS`` bits: those of the row its
    revealed Kingdom meets (``claimable``), unless it claimed one this turn (R6.1).
    ``takes``: bit ``i`` for taking the discard pile's top (of code ``card``) onto cell
    ``i`` (R3.2, R3.4), bit 16 for drawing (R3.3, R3.5); ``masks`` are the masks by code
    of its Kingdom, ``draw_pile`` and ``discard_pile`` the sizes of the piles.
    """
    takes = open_cells(masks, card)
    if can_draw(draw_pile, discard_pile):
        takes |= 1 << CELLS
    return claimable_now(claimed, claimable), takes


def drawn_actions(masks: Sequence[int], card: int) -> tuple[int, int]:
    """What the player may do with the card of code ``card`` it drew (R3.3):
    ``(places, reveals)``, masks of cells: placing it on each open cell (R3.4), or
    discarding it and revealing each Unexplored Land of its Kingdom of masks ``masks``."""
    return open_cells(masks, card), masks[UNEXPLORED]


def claimable_now(claimed: bool, claimable: int) -> int:
    """The Legends the player may claim now, a mask of ``LEGENDS`` bits (R6.1): those of
    the row its revealed Kingdom meets (``claimable``), unless it claimed one this turn."""
    return 0 if claimed else claimable


def after_card_actions(claimed: bool, claimable: int) -> int:
    """The Legends the player may claim after the card action, a mask of ``LEGENDS``
    bits (R6.1, R6.5): those `claimable_now`. Ending the turn is always possible then."""
    return claimable_now(claimed, claimable)


def legal_actions(
    phase: int,
    masks: Sequence[int],
    card: int,
    draw_pile: int,
    discard_pile: int,
    claimed: bool,
    claimable: int,
) -> int:
    """The legal decisions of the player to move, as a mask of action ids: R3's legal
    moves (with R2.5, R6.1, R6.5 and R7.1), from the phase's own function.

    ``phase`` is a phase code; ``masks`` the masks by code of the player's Kingdom;
    ``card`` the code of the card to place (the discard pile's top in ``BEFORE_CARD``,
    R3.2; the drawn card in ``DRAWN``, R3.3); ``draw_pile`` and ``discard_pile`` the sizes
    of the piles; ``claimed`` whether the player claimed a Legend this turn; ``claimable``
    the Legends of the row the revealed Kingdom meets (bit ``i`` for ``LEGENDS[i]``).

    - ``ARRANGE``: every arrangement (R2.5);
    - ``BEFORE_CARD``: `before_card_actions`;
    - ``DRAWN``: `drawn_actions`;
    - ``AFTER_CARD``: `after_card_actions`,
      and ending the turn (R6.5);
    - ``OVER``: nothing (R7.1).
    """
    if phase == BEFORE_CARD:
        claims, takes = before_card_actions(
            masks, card, draw_pile, discard_pile, claimed, claimable
        )
        return claims << CLAIM_BASE | takes << TAKE_BASE
    if phase == DRAWN:
        places, reveals = drawn_actions(masks, card)
        return places << PLACE_BASE | reveals << REVEAL_BASE
    if phase == AFTER_CARD:
        return after_card_actions(claimed, claimable) << CLAIM_BASE | 1 << END_ACTION
    if phase == ARRANGE:
        return _EVERY_ARRANGEMENT
    return 0


def after_card_action(
    masks: Sequence[int], claimed: bool, claimable: int, seat: int, players: int
) -> tuple[int, int]:
    """What follows a card action of seat ``seat`` that left its Kingdom of masks by code
    ``masks``: ``(phase, seat to move)``. The game ends at once when no Unexplored Land is
    left (R7.1: ``OVER``, the seat stays); else the player decides again if it may still
    claim a Legend (R6.1, R6.5: ``AFTER_CARD``, ``claimable`` as in
    `after_card_actions`); else the next
    seat's turn begins (R2.7: ``BEFORE_CARD``)."""
    if not masks[UNEXPLORED]:  # R7.1
        return OVER, seat
    if not claimed and claimable:  # R6.1, R6.5
        return AFTER_CARD, seat
    return BEFORE_CARD, next_seat(seat, players)


def next_seat(seat: int, players: int) -> int:
    """The seat that plays after ``seat`` among ``players`` (R2.7): seat order, round the
    table."""
    return (seat + 1) % players


def discard_replaced(pile: tuple[_T, ...], replaced: _T, taken: bool) -> tuple[_T, ...]:
    """The discard pile (top last) after a card action replaced the card ``replaced``: it
    goes face up on top (R3.4a, R3.4d); when the card placed was the top, taken from the
    pile (R3.2), the replaced card takes its place."""
    if taken:
        changed = [*pile]
        changed[-1] = replaced
        return tuple(changed)
    return (*pile, replaced)


def refill_row(
    row: tuple[_T, ...], deck: tuple[_T, ...], slot: int
) -> tuple[tuple[_T, ...], tuple[_T, ...]]:
    """The legend row and deck (top last) after the Legend at ``slot`` of the row was
    claimed (R6.2): the top of the deck takes its slot, or the row shrinks when the deck
    is empty."""
    if deck:
        return (*row[:slot], deck[-1], *row[slot + 1 :]), deck[:-1]
    return (*row[:slot], *row[slot + 1 :]), deck


def turned_over(codes: tuple[int, ...], hidden: tuple[int, ...]) -> tuple[int, ...]:
    """A Kingdom's cell codes with every Unexplored Land (``UNEXPLORED``) turned over to the
    code of the card under it, ``hidden[i]`` (R7.2)."""
    return tuple([k if k != UNEXPLORED else h for k, h in zip(codes, hidden, strict=True)])


def reshuffle_split(discard: tuple[_T, ...]) -> tuple[tuple[_T, ...], tuple[_T, ...]]:
    """The discard pile (top last) split for a reshuffle when the draw pile is empty
    (R3.5): ``(the cards shuffled into the new draw pile, the pile left)``: every card
    but the top, and the top alone."""
    return discard[:-1], discard[-1:]


def sees_drawn(seat: int, current: int, drawn: _T | None) -> _T | None:
    """The card just drawn as seat ``seat`` sees it (R8.3): ``drawn`` for the player who
    drew it (the player to move, ``current``), None for everyone else."""
    return drawn if seat == current else None


def seat_actions(seat: int, current: int, actions: int) -> int:
    """The mask of actions of seat ``seat`` (R8): the legal ``actions`` of the player to
    move (``current``) for that player, none for anyone else."""
    return actions if seat == current else 0
