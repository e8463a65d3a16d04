"""Setting up a game (R2): `new_game`.

Every shuffle comes from the seed (R2.8): the setup draws from one ``random.Random(seed)``
in a fixed order, and each later reshuffle of the discard pile (R3.5) from a generator
derived from the seed and the number of reshuffles so far (`reshuffle_rng`), so the
state never holds a mutable generator. The deal itself, and each shuffle, is the
kernel's (``_kernel.deal``): the Fisher–Yates shuffle of ``random.Random.shuffle``,
written out so that the order of a game's cards is part of the library, not of the
Python version.
"""

from __future__ import annotations

import random
from typing import Final, TypeVar

from drako_rules._kernel import deal
from drako_rules.cards import check_player_count, deck
from drako_rules.errors import GameError, quote
from drako_rules.game.packing import card_codes
from drako_rules.game.state import GameState, state_of_kernel
from drako_rules.legends import through_flags
from drako_rules.rulesets import POCKET, Ruleset, get_ruleset

__all__ = [
    "LEGEND_ROW_SIZE",
    "OUTER_CELLS",
    "STARTING_CARDS",
    "new_game",
    "reshuffle_rng",
    "shuffle",
]

#: Legends face up in the legend row at the start (R2.2).
LEGEND_ROW_SIZE: Final = deal.ROW_SIZE
#: Starting cards of different kinds held by each player (R2.3).
STARTING_CARDS: Final = deal.STARTING_CARDS
#: The cell numbers of the 12 Unexplored Lands around the 2×2 centre, row by row (R2.4).
OUTER_CELLS: Final = deal.OUTER_CELLS

#: The card codes of the deck of each player count (R1.2, R1.3).
_DECKS: Final = {n: card_codes(deck(n)) for n in (2, 3, 4)}

T = TypeVar("T")


#: Seeds are integers of fewer than this many bits, negative allowed (R2.8): small enough
#: that every record can be written as JSON and read back.
SEED_BITS: Final = 128


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is an integer with ``abs(seed) < 2**128`` (R2.8).

    Raises:
        GameError: for anything else (``bool`` included, or a larger integer).
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise GameError(f"the seed of a game is an integer, not {quote(seed)} (R2.8)")
    if seed.bit_length() >= SEED_BITS:
        raise GameError(
            f"the seed of a game is an integer below 2**{SEED_BITS} in size, not "
            f"{quote(seed)} (R2.8)"
        )
    return seed


def check_seat(seat: object, players: int, what: str = "player") -> int:
    """Return ``seat`` if it is a seat of a ``players``-player game (0 to players − 1).

    Raises:
        GameError: for anything else.
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise GameError(
            f"the {what} is a seat from 0 to {players - 1} in a {players}-player game, not {quote(seat)}"
        )
    return seat


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place with ``rng``: the same order as ``rng.shuffle(items)``.

    The game's seeded shuffle (R2.8): the kernel's Fisher–Yates shuffle
    (``_kernel.deal.shuffle``) of the positions, applied to ``items``, so that the order
    of a game's cards is part of the library, not of the Python version.
    """
    order = list(range(len(items)))
    deal.shuffle(rng.getrandbits, order)
    items[:] = [items[i] for i in order]


def reshuffle_rng(seed: int, reshuffles: int) -> random.Random:
    """The generator of the reshuffle number ``reshuffles`` (0 for the first) of a game (R3.5).

    Derived from the seed and the count alone, so that the state holds no generator and
    the same seed and moves give the same game (R2.8).
    """
    return random.Random(f"drako-rules/reshuffle/{seed}/{reshuffles}")


def new_game(
    players: int, seed: int, first_player: int = 0, ruleset: Ruleset | str = POCKET
) -> GameState:
    """Set up a game (R2) and return its state, waiting for the starting arrangements.

    In this order, all from ``random.Random(seed)`` (R2.8):

    1. the deck for the player count (R1.2–R1.3) and the 15 Legends are shuffled
       separately (R2.1); 8 Legends form the legend row, the rest the legend deck (R2.2);
    2. each player in seat order, starting with the first player, draws until holding 4
       cards of different kinds; a card of a kind already held is set aside (R2.3); the
       hands are seen by everyone until laid out (R2.9);
    3. the set-aside cards go back into the draw pile, which is shuffled (R2.3);
    4. each player, in the same order, is dealt 12 face-down cards, the Unexplored Lands
       around the centre, to the cells 0–4, 7–8 and 11–15 in order (R2.4).

    Then each player arranges the 4 starting cards (R2.5, `Arrange`); after the
    last arrangement the top card of the draw pile starts the discard pile (R2.6) and the
    first player plays (R2.7).

    Args:
        players: 2, 3 or 4 (R1.3).
        seed: any integer; the same seed, players and moves give the same game (R2.8).
        first_player: the seat that starts, 0 by default ("the oldest player", R2.7).
        ruleset: the scoring rules, `POCKET` by default, or a ruleset name (R9).

    Raises:
        PlayerCountError: ``players`` is not 2, 3 or 4.
        GameError: ``seed`` is not an integer, or ``first_player`` not a seat.
        RulesetError: an unknown ruleset name.

    Examples:
        >>> # 60 cards: 3 hands of 4, 3 × 12 dealt, 12 left
        >>> state = new_game(3, seed=2026)
        >>> len(state.draw_pile), len(state.legend_row), len(state.legend_deck)
        (12, 8, 7)
        >>> [len(p.hand) for p in state.players], state.phase.value
        ([4, 4, 4], 'arrange')
    """
    n = check_player_count(players)
    check_seed(seed)
    check_seat(first_player, n, "first player")
    rules = get_ruleset(ruleset)
    game = (rules, seed, first_player, through_flags(rules))
    core = deal.deal(n, first_player, _DECKS[n], game, random.Random(seed).getrandbits)
    return state_of_kernel(core)
