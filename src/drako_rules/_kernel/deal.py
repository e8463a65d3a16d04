"""The deal on plain integers (R2.1–R2.4, R2.8): the seeded shuffle and the kernel's state
of a new game.

``game.setup.new_game`` checks its arguments, makes the game's ``random.Random(seed)`` and
calls `deal` with its ``getrandbits``; every draw from the generator is made here, in the
order R2.8 fixes, so that a seed deals the same game in every Python version and in both
builds. The reshuffles of the discard pile (R3.5) use the same `shuffle`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from drako_rules._kernel.board import CELLS, CENTRE_CELLS, LEGENDS, UNEXPLORED
from drako_rules._kernel.legends import legends_mask
from drako_rules._kernel.play import NO_CODES, THROUGH, Core, Game, masks_of, row_mask_of
from drako_rules._kernel.turns import ARRANGE

__all__ = ["OUTER_CELLS", "ROW_SIZE", "STARTING_CARDS", "deal", "shuffle"]

#: Legends face up in the legend row at the start (R2.2).
ROW_SIZE: Final = 8
#: Starting cards of different kinds held by each player (R2.3).
STARTING_CARDS: Final = 4
#: The cell numbers of the 12 Unexplored Lands around the 2×2 centre, row by row (R2.4).
OUTER_CELLS: Final = tuple(i for i in range(CELLS) if i not in CENTRE_CELLS)

Ints = tuple[int, ...]
#: ``getrandbits(k)``: ``k`` random bits, as ``random.Random.getrandbits``.
Bits = Callable[[int], int]


def shuffle(getrandbits: Bits, items: list[int]) -> None:
    """Shuffle ``items`` in place, drawing from ``getrandbits`` (R2.1, R2.3, R3.5, R2.8).

    CPython's Fisher–Yates shuffle (the order of ``random.Random.shuffle``), with its
    unbiased draw of ``j`` in ``0..i`` by rejection on ``getrandbits``, written out so that
    the order of a game's cards is part of the library, not of the Python version.
    """
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def deal(players: int, first: int, deck: Ints, game: Game, getrandbits: Bits) -> Core:
    """The kernel's state of a new game of ``players`` seats, ``first`` to start, dealt
    from the card codes ``deck`` (R1.2, R1.3) with ``getrandbits`` (R2.8), waiting for
    the starting arrangements (R2.5). ``game`` is the game's ``(ruleset, seed, first,
    through)`` (``play.Game``). In this order:

    1. the deck and the 15 Legends are shuffled separately (R2.1); the last 8 Legends,
       top of the shuffled pile first, form the legend row, the rest the legend deck (R2.2);
    2. each seat in order from ``first`` draws from the top until it holds 4 cards of
       different kinds; a card of a kind already held is set aside (R2.3); a hand is kept
       in card-code order;
    3. the set-aside cards go back into the draw pile, which is shuffled (R2.3);
    4. each seat in the same order is dealt 12 cards from the top to its cells 0–4, 7–8
       and 11–15 in order, face down (R2.4).
    """
    pile = [*deck]
    shuffle(getrandbits, pile)
    legends = list(range(len(LEGENDS)))
    shuffle(getrandbits, legends)
    row = tuple(legends[-ROW_SIZE:][::-1])
    legend_deck = tuple(legends[:-ROW_SIZE])
    seats = [(first + k) % players for k in range(players)]
    hands: list[Ints] = [()] * players
    aside: list[int] = []
    for seat in seats:
        hand: list[int] = []
        while len(hand) < STARTING_CARDS:
            code = pile.pop()
            if code in hand:
                aside.append(code)
            else:
                hand.append(code)
        hand.sort()
        hands[seat] = tuple(hand)
    pile.extend(aside)
    shuffle(getrandbits, pile)
    hidden: list[Ints] = [()] * players
    for seat in seats:
        cells = [UNEXPLORED] * CELLS
        for i in OUTER_CELLS:
            cells[i] = pile.pop()
        hidden[seat] = tuple(cells)
    codes = NO_CODES  # every cell an Unexplored Land until the arrangement (R2.4, R2.5)
    masks = masks_of(codes)
    met = legends_mask(masks, game[THROUGH])
    return (
        first,
        ARRANGE,
        0,
        tuple(pile),
        (),
        row,
        legend_deck,
        (codes,) * players,
        (masks,) * players,
        tuple(hidden),
        ((),) * players,
        tuple(hands),
        UNEXPLORED,
        0,
        0,
        row_mask_of(row),
        (met,) * players,
        game,
    )
