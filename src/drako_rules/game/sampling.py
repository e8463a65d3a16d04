"""Sampling what a player cannot see (R8): `sample_state`.

A `PlayerView` leaves out the kinds of the Unexplored
Lands, the order of the draw pile and of the legend deck (R8.2), another player's drawn
card (R8.3) and the seed. Determinized and information-set search need full states that
agree with what the viewer sees: ``sample_state`` deals one at random.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Final

from drako_rules._kernel.board import CENTRE_CELLS
from drako_rules.cards import Card, Legend, deck
from drako_rules.errors import GameError
from drako_rules.game.state import GameState, Phase
from drako_rules.game.views import PlayerView
from drako_rules.rulesets import get_ruleset

__all__ = ["sample_state", "unseen_cards", "unseen_legends"]

#: The cells of the 2×2 centre, where the starting cards go face up (R2.5); every other cell
#: is dealt face down (R2.4).
_NO_HIDDEN: Final[tuple[Card | None, ...]] = (None,) * 16
#: The largest seed a sampled state is given: any integer is a seed (R2.8).
_SEED_BITS: Final = 63


# --8<-- [start:unseen]
def unseen_cards(view: PlayerView) -> Counter[Card]:
    """How many Kingdom cards of each kind the viewer of ``view`` has not seen (R1.2–R1.3, R8).

    The deck of the player count holds a known number of each kind (R1.3). Seen are the
    revealed cards of every Kingdom, the starting hands still held (R2.9), the discard
    pile (R8.1) and the card the viewer drew (R8.3). The rest lies under Unexplored Lands,
    in the draw pile, or in another player's hand as the card just drawn.

    Raises:
        GameError: the view shows more cards of a kind than the deck holds.

    Examples:
        >>> from drako_rules import new_game, player_view
        >>> sum(unseen_cards(player_view(new_game(2, seed=1), 0)).values())  # 40 − 2 × 4
        32
    """
    seen: Counter[Card] = Counter(view.discard_pile)
    for player in view.players:
        seen.update(card for card in player.kingdom.cells if card is not None)
        seen.update(player.hand)
    if view.drawn is not None:
        seen[view.drawn] += 1
    unseen = Counter(deck(len(view.players)))
    unseen.subtract(seen)
    if any(n < 0 for n in unseen.values()):
        raise GameError("the view shows more cards of a kind than the deck holds (R1.3)")
    return +unseen


# --8<-- [end:unseen]


def unseen_legends(view: PlayerView) -> tuple[Legend, ...]:
    """The Legends the viewer has not seen, in Legend order: the legend deck's (R1.4, R8.2).

    Raises:
        GameError: their number is not the view's ``legend_deck_size``.
    """
    seen = set(view.legend_row)
    for player in view.players:
        seen.update(player.legends)
    unseen = tuple(legend for legend in Legend if legend not in seen)
    if len(unseen) != view.legend_deck_size:
        raise GameError(
            f"the view's legend deck holds {view.legend_deck_size} Legends, "
            f"but {len(unseen)} are unseen (R1.4)"
        )
    return unseen


def sample_state(view: PlayerView, rng: random.Random) -> GameState:
    """A full state consistent with ``view``, its hidden cards dealt uniformly with ``rng`` (R8).

    The state keeps everything the viewer sees (``player_view(state, view.viewer) ==
    view``) and deals what it cannot see uniformly at random from the cards it has not
    seen (`unseen_cards`, R1.2–R1.3): the
    cards under every player's Unexplored Lands (R2.4, R8.2), another player's drawn card
    (R8.3) and the order of the draw pile; the legend deck is a uniform order of the
    Legends not seen (R1.4). Every card and Legend is in exactly one place. The seed is a
    fresh random integer, so later reshuffles (R3.5) are random too (R2.8).

    Each call draws from ``rng`` only, so the same generator state gives the same sample.

    Raises:
        GameError: the view is not one a real game can show (more cards of a kind than
            the deck holds, or a pile size that does not fit).

    Examples:
        >>> import random
        >>> from drako_rules import new_game, player_view
        >>> view = player_view(new_game(3, seed=4), 1)
        >>> state = sample_state(view, random.Random(0))
        >>> player_view(state, 1) == view
        True
    """
    unseen = unseen_cards(view)
    cards = [card for card in Card for _ in range(unseen[card])]  # a fixed order, then shuffled
    rng.shuffle(cards)
    legends = list(unseen_legends(view))
    rng.shuffle(legends)
    hidden: list[tuple[Card | None, ...]] = []
    for player in view.players:
        cells = player.kingdom.cells
        if view.phase is Phase.OVER or not any(cell is None for cell in cells):
            hidden.append(_NO_HIDDEN)
            continue
        dealt: list[Card | None] = [None] * 16
        for i, cell in enumerate(cells):
            if cell is None and i not in CENTRE_CELLS:
                if not cards:
                    raise GameError("the view hides more cards than the deck holds (R1.3)")
                dealt[i] = cards.pop()
        hidden.append(tuple(dealt))
    drawn = view.drawn
    if view.phase is Phase.DRAWN and drawn is None:
        if not cards:
            raise GameError("the view hides more cards than the deck holds (R1.3)")
        drawn = cards.pop()
    if len(cards) != view.draw_pile_size:
        raise GameError(
            f"the view's draw pile holds {view.draw_pile_size} cards, "
            f"but {len(cards)} unseen cards are left for it (R1.3)"
        )
    return GameState(
        get_ruleset(view.ruleset),
        rng.getrandbits(_SEED_BITS),
        view.first_player,
        view.players,
        view.current_player,
        view.phase,
        view.turn,
        tuple(cards),
        view.discard_pile,
        view.legend_row,
        tuple(legends),
        tuple(hidden),
        drawn,
        view.claimed_this_turn,
    )
