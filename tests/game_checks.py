"""Checks of game states written from RULES.md alone, and a builder of hand-made states.

The invariants here do not call the engine's own consistency check
(:func:`drako_rules.check_state`): they restate the rules, so that the two can disagree.
"""

from __future__ import annotations

import collections
from collections.abc import Iterable

from drako_rules import (
    Card,
    GameState,
    Kingdom,
    Legend,
    Phase,
    PlayerState,
    apply_move,
    new_game,
)
from strategies import evolved

#: R1.3: cards of each kind by player count (2-diamond only; 2 and 3; all 8).
PER_KIND = {2: 4, 3: 6, 4: 8}
CENTRE_CELLS = (5, 6, 9, 10)


def card_locations(state: GameState) -> collections.Counter[Card]:
    """Every Kingdom card of the game, counted by kind, wherever it lies (hidden included)."""
    counts: collections.Counter[Card] = collections.Counter()
    places: list[Iterable[Card | None]] = [state.draw_pile, state.discard_pile, [state.drawn]]
    for player, hidden in zip(state.players, state.hidden, strict=True):
        places += [player.kingdom.cells, hidden, player.hand]
    for place in places:
        counts.update(card for card in place if card is not None)
    return counts


def check_invariants(state: GameState) -> None:
    """Assert every invariant of a reachable state (R1.2–R1.4, R2, R3, R6, R7)."""
    n = len(state.players)
    # R1.2–R1.3: every card in exactly one place, the right number of each kind.
    assert card_locations(state) == {card: PER_KIND[n] for card in Card}
    # R1.4, R6.2–R6.3: the 15 Legends, each in exactly one place.
    legends = [*state.legend_row, *state.legend_deck]
    for player in state.players:
        legends += player.legends
    assert sorted(x.value for x in legends) == sorted(x.value for x in Legend)
    # R2.2, R6.2: the row holds 8 while the deck lasts.
    assert len(state.legend_row) <= 8
    if state.legend_deck:
        assert len(state.legend_row) == 8
    # R2.4, R8.2: hidden cards lie exactly under the Unexplored Lands.
    for player, hidden in zip(state.players, state.hidden, strict=True):
        assert len(hidden) == 16
        for i, (shown, under) in enumerate(zip(player.kingdom.cells, hidden, strict=True)):
            if player.hand:  # not yet arranged: empty centre, 12 face-down cards around it
                assert shown is None
                assert (under is None) == (i in CENTRE_CELLS)
            else:
                assert (shown is None) == (under is not None)
        if player.hand:
            assert state.phase is Phase.ARRANGE
            assert len(player.hand) == 4 and len(set(player.hand)) == 4
    # R3.3, R8.3: a drawn card exists exactly while the player decides about it.
    assert (state.drawn is not None) == (state.phase is Phase.DRAWN)
    if state.phase is Phase.ARRANGE:
        assert state.discard_pile == ()
        return
    # R2.6, R3.4a: the discard pile never empties once started.
    assert state.discard_pile
    # Kingdoms hold 16 cards, so the piles hold the rest (R1.3): the ruling that drawing
    # is always possible rests on this.
    in_piles = len(state.draw_pile) + len(state.discard_pile) + (state.drawn is not None)
    assert in_piles == 10 * PER_KIND[n] - 16 * n
    if state.phase is Phase.OVER:
        # R7.2: every card revealed.
        assert all(p.kingdom.is_complete for p in state.players)
        assert all(all(c is None for c in hidden) for hidden in state.hidden)
    else:
        # R7.1: a complete Kingdom would have ended the game.
        assert not any(p.kingdom.is_complete for p in state.players)


def snapshot(state: GameState) -> tuple[object, ...]:
    """Every field of ``state``, deeply, as plain tuples (to detect any mutation)."""
    return (
        state.ruleset.name,
        state.seed,
        state.first_player,
        tuple((str(p.kingdom), p.legends, p.hand) for p in state.players),
        state.current_player,
        state.phase,
        state.turn,
        state.draw_pile,
        state.discard_pile,
        state.legend_row,
        state.legend_deck,
        state.hidden,
        state.drawn,
        state.claimed_this_turn,
        state.reshuffles,
    )


def arranged(players: int = 2, seed: int = 0) -> GameState:
    """A real game just after every starting arrangement (``arrange 0123`` each)."""
    from drako_rules import Move

    state = new_game(players, seed)
    for _ in range(players):
        state = apply_move(state, Move.parse("arrange 0123"))
    return state


def build(
    kingdom: str,
    *,
    hidden: str | None = None,
    discard: str = "F",
    draw: str = "MPS",
    legend_row: Iterable[Legend] | None = None,
    legend_deck: Iterable[Legend] | None = None,
    claimed: Iterable[Legend] = (),
    phase: Phase = Phase.BEFORE_CARD,
    drawn: Card | None = None,
    claimed_this_turn: bool = False,
    other: str = "????/????/????/????",
) -> GameState:
    """A hand-made 2-player state where player 0 is to move with ``kingdom``.

    ``hidden`` gives, in Kingdom notation, the card under each Unexplored Land of player
    0 (``?`` elsewhere); by default every hidden card is a Plain. Player 1 holds
    ``other`` with Swamps hidden. Piles are letters, top last. The legend deck is by
    default every Legend neither in the row nor claimed. Card counts need not add up:
    these states test one rule at a time.
    """
    mine = Kingdom.parse(kingdom)
    under = Kingdom.parse(hidden) if hidden is not None else None
    cells: list[Card | None] = []
    for i, shown in enumerate(mine.cells):
        if shown is not None:
            cells.append(None)
        else:
            card = under.cells[i] if under is not None else Card.PLAIN
            cells.append(card if card is not None else Card.PLAIN)
    theirs = Kingdom.parse(other)
    their_hidden = tuple(Card.SWAMP if c is None else None for c in theirs.cells)
    claimed = tuple(claimed)
    row = tuple(legend_row) if legend_row is not None else tuple(Legend)[:8]
    if legend_deck is None:
        deck = tuple(x for x in Legend if x not in row and x not in claimed)
    else:
        deck = tuple(legend_deck)
    base = arranged(2)
    return evolved(
        base,
        players=(PlayerState(mine, claimed), PlayerState(theirs)),
        current_player=0,
        phase=phase,
        turn=5,
        draw_pile=tuple(Card.parse(c) for c in draw),
        discard_pile=tuple(Card.parse(c) for c in discard),
        legend_row=row,
        legend_deck=deck,
        hidden=(tuple(cells), their_hidden),
        drawn=drawn,
        claimed_this_turn=claimed_this_turn,
    )
