"""The greedy player (R8): `GreedyPlayer` looks one move ahead.

Given its `PlayerView`, what its seat may see (R8),
it works out for each legal move its score after the move, from its own revealed Kingdom
(R5; Unexplored Lands count as blank, R4.6) plus its Legends, and plays the best one:

- a Legend whenever one can be claimed, the one worth most points (R6.1);
- at the start, the arrangement of the four starting cards that scores best (R2.5);
- before taking a card, the discard pile's top onto the position where it scores best,
  unless drawing is worth more on average (R3.1–R3.3): a draw is valued as the mean, over
  the cards it has not seen, of the best thing it could then do with each;
- with a drawn card, the best placement, or discarding it and revealing the Unexplored
  Land that is worth most on average (R3.3).

It never replaces a revealed card unless that raises its score. So each of its card
actions either removes one of its Unexplored Lands or strictly raises its score, which is
bounded: it cannot keep a game going forever (R7.1 needs the last Unexplored Land to go).
It was the example bot of the "Write a bot" tutorial; it holds no state and draws no
random number, so the same view always gives the same move.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Sequence

from drako_rules._kernel.board import CODE_OF, bits
from drako_rules._kernel.turns import open_cells, reshuffle_split
from drako_rules.cards import Card
from drako_rules.errors import GameError
from drako_rules.game import Arrange, Claim, Draw, Move, Phase, Place, PlayerView, Reveal, Take
from drako_rules.game.moves import CENTRE
from drako_rules.game.sampling import unseen_cards
from drako_rules.kingdom import POSITIONS, Kingdom, Position
from drako_rules.rulesets import get_ruleset
from drako_rules.scoring import score

__all__ = ["GreedyPlayer", "greedy_move", "move_values"]


# --- what the bot knows ----------------------------------------------------------------------


# --8<-- [start:seen]
# Small on purpose: a cache of 65,536 Kingdoms makes the garbage
# collector's full passes slow (a search decision took up to 0.56 s).
@functools.lru_cache(maxsize=1 << 12)
def points(kingdom: Kingdom, ruleset: str) -> int:
    """The score of the revealed cards of ``kingdom`` (R5); Unexplored Lands are blank (R4.6)."""
    return score(kingdom, ruleset=get_ruleset(ruleset)).total


def open_positions(kingdom: Kingdom, card: Card) -> tuple[Position, ...]:
    """The positions where ``card`` may go (R3.4b–d, decided by the engine's rule)."""
    return tuple(POSITIONS[i] for i in bits(open_cells(kingdom.masks, CODE_OF[card])))


# --8<-- [end:seen]


# --- the value of each decision ----------------------------------------------------------------


# --8<-- [start:values]
def placement_value(kingdom: Kingdom, ruleset: str, position: Position, card: Card) -> float:
    """The score after putting ``card`` on ``position``; minus infinity when the bot would
    not do it: replacing a revealed card without raising the score."""
    after = points(kingdom.replace(position, card), ruleset)
    if kingdom.cells[position.index] is not None and after <= points(kingdom, ruleset):
        return -math.inf
    return after


def reveal_value(
    kingdom: Kingdom, ruleset: str, position: Position, unseen: Counter[Card]
) -> float:
    """The mean score after revealing the Unexplored Land at ``position``, over the unseen cards."""
    total = sum(unseen.values())
    if not total:
        return points(kingdom, ruleset)
    return (
        sum(n * points(kingdom.replace(position, card), ruleset) for card, n in unseen.items())
        / total
    )


def draw_value(view: PlayerView, best_reveal: float, unseen: Counter[Card]) -> float:
    """The mean, over the cards that may be drawn, of the best use of each (R3.3).

    The draw pile holds unseen cards; once it is empty, the next draw comes from the
    discard pile but its top, reshuffled (R3.5), which the bot has seen.
    """
    kingdom, ruleset = view.me.kingdom, view.ruleset
    pile = unseen if view.draw_pile_size else Counter(reshuffle_split(view.discard_pile)[0])
    total = sum(pile.values())
    if not total:
        return -math.inf
    value = 0.0
    for card, n in pile.items():
        best = best_reveal
        for position in open_positions(kingdom, card):
            best = max(best, placement_value(kingdom, ruleset, position, card))
        value += n * best
    return value / total


# --8<-- [end:values]


def arranged(hand: Sequence[Card], move: Arrange) -> Kingdom:
    """The Kingdom after the arrangement ``move`` of ``hand`` (R2.5)."""
    kingdom = Kingdom.unexplored()
    for position, card in zip(CENTRE, move.cards(hand), strict=True):
        kingdom = kingdom.replace(position, card)
    return kingdom


# --- the player ----------------------------------------------------------------------------------


# --8<-- [start:player]
def move_values(view: PlayerView) -> dict[Move, float]:
    """What the greedy player foresees of each legal move: the score it expects after it.

    A claimable Legend is valued at its points and every other move then at minus
    infinity (R6.1); an arrangement at the score of the centre it lays out (R2.5); a
    Take or Place at the score after it, minus infinity if it replaces a revealed card
    without gain (R3.4); a Draw at the mean best use of the card (R3.3); a Reveal at the
    mean score after it; an End with nothing to claim at 0. The search player uses these
    values to choose which moves to search.

    Raises:
        GameError: the viewer has no move to make now.
    """
    moves = view.legal_moves
    if not moves:
        raise GameError(f"player {view.viewer} has no move to make now")
    values: dict[Move, float] = dict.fromkeys(moves, -math.inf)
    claims = [move for move in moves if isinstance(move, Claim)]
    if claims:  # R6.1: a Legend is points that no later move can take away (R6.3).
        for claim in claims:
            values[claim] = claim.legend.points
        return values
    kingdom, ruleset = view.me.kingdom, view.ruleset
    if view.phase is Phase.ARRANGE:
        hand = view.me.hand
        for move in moves:
            if isinstance(move, Arrange):
                values[move] = points(arranged(hand, move), ruleset)
        return values
    if view.phase is Phase.AFTER_CARD:
        values[moves[-1]] = 0.0  # nothing to claim: End
        return values
    unseen = unseen_cards(view)
    reveals = {
        position: reveal_value(kingdom, ruleset, position, unseen)
        for position in kingdom.unexplored_positions
    }
    for move in moves:
        if isinstance(move, Draw):
            values[move] = draw_value(view, max(reveals.values(), default=-math.inf), unseen)
        elif isinstance(move, Take):
            top = view.discard_pile[-1]
            values[move] = placement_value(kingdom, ruleset, move.position, top)
        elif isinstance(move, Place):
            assert view.drawn is not None
            values[move] = placement_value(kingdom, ruleset, move.position, view.drawn)
        elif isinstance(move, Reveal):
            values[move] = reveals[move.position]
    return values


def greedy_move(view: PlayerView) -> Move:
    """The legal move that leaves the viewer with the best score it can foresee (see above):
    the first, in legal order, of the best `move_values`
    (Take before Draw, Place before Reveal).

    Raises:
        GameError: the viewer has no move to make now.
    """
    values = move_values(view)
    return max(view.legal_moves, key=values.__getitem__)


# --8<-- [end:player]


class GreedyPlayer:
    """The greedy player as a `Player`: it calls
    `greedy_move` on each view (R8).

    Examples:
        >>> from drako_rules import RandomPlayer, final_ranking, play_game
        >>> game = play_game([GreedyPlayer(), RandomPlayer(seed=2)], seed=2026)
        >>> final_ranking(game.state).places
        (1, 2)
    """

    def __call__(self, view: PlayerView) -> Move:
        return greedy_move(view)

    def __repr__(self) -> str:
        return "GreedyPlayer()"
