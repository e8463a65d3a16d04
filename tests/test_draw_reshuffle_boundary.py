"""R3.5's boundary (a discard pile of 2 reshuffles, of 1 does not) and where a drawn card goes (R3.4).

The states are reached by play (``new_game``, then every player's starting arrangement)
and only their piles are changed, with ``attrs.evolve`` on the public field names, so the
tests do not depend on how the engine builds its states.
"""

from __future__ import annotations

import attrs
import pytest

from drako_rules import (
    Arrange,
    Card,
    Draw,
    GameState,
    IllegalMoveError,
    Kingdom,
    Phase,
    Place,
    Position,
    action_id,
    apply_move,
    legal_action_mask,
    legal_moves,
    new_game,
)
from strategies import evolved

SEEDS = (1, 7, 2024)


def first_turn(players: int, seed: int) -> GameState:
    """The state before the first card of a game: every Kingdom arranged (R2.5–R2.6)."""
    state = new_game(players, seed=seed)
    while state.phase is Phase.ARRANGE:
        move = legal_moves(state)[0]
        assert isinstance(move, Arrange)
        state = apply_move(state, move)
    assert state.phase is Phase.BEFORE_CARD
    return state


def with_piles(state: GameState, draw: tuple[Card, ...], discard: tuple[Card, ...]) -> GameState:
    """The same state with other piles (top last)."""
    return evolved(state, draw_pile=draw, discard_pile=discard)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_r3_5_two_card_discard_pile_is_reshuffled_on_draw(players: int, seed: int) -> None:
    """R3.5: draw pile empty, discard pile Forest then Elf (top): drawing is legal and draws the
    Forest, the only card under the top; the Elf stays alone on the discard pile."""
    state = with_piles(first_turn(players, seed), (), (Card.FOREST, Card.ELF))
    assert Draw() in legal_moves(state)
    assert legal_action_mask(state)[action_id(Draw())]
    after = apply_move(state, Draw())
    assert after.phase is Phase.DRAWN
    assert after.drawn is Card.FOREST
    assert after.draw_pile == ()
    assert after.discard_pile == (Card.ELF,)
    assert after.reshuffles == state.reshuffles + 1
    assert after.current_player == state.current_player


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_r3_5_one_card_discard_pile_cannot_be_drawn_from(players: int, seed: int) -> None:
    """R3.5: draw pile empty, discard pile of one: drawing is neither offered nor allowed,
    and taking the discard is still offered (R3.1)."""
    state = with_piles(first_turn(players, seed), (), (Card.ELF,))
    moves = legal_moves(state)
    assert Draw() not in moves
    assert not legal_action_mask(state)[action_id(Draw())]
    assert moves, "the discard pile's top can still be taken"
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Draw())
    assert info.value.rule == "R3.5"


@pytest.mark.parametrize("seed", SEEDS)
def test_r3_5_three_card_discard_pile_reshuffles_all_but_its_top(seed: int) -> None:
    """R3.5: discard Forest, Mountain, Elf (top): the drawn card and the new draw pile are the
    Forest and the Mountain, one each; the Elf stays."""
    state = with_piles(first_turn(2, seed), (), (Card.FOREST, Card.MOUNTAIN, Card.ELF))
    after = apply_move(state, Draw())
    assert after.drawn is not None
    assert sorted(c.value for c in (*after.draw_pile, after.drawn)) == ["F", "M"]
    assert len(after.draw_pile) == 1
    assert after.discard_pile == (Card.ELF,)
    assert after.reshuffles == state.reshuffles + 1


@pytest.mark.parametrize("seed", SEEDS)
def test_r3_5_a_draw_pile_of_one_is_drawn_without_reshuffle(seed: int) -> None:
    """R3.5 applies only to an empty draw pile: with one card left (a Dragon) and a discard of
    one, the Dragon is drawn, the discard pile is untouched and nothing is reshuffled."""
    state = with_piles(first_turn(2, seed), (Card.DRAGON,), (Card.ELF,))
    assert Draw() in legal_moves(state)
    after = apply_move(state, Draw())
    assert after.drawn is Card.DRAGON
    assert after.draw_pile == ()
    assert after.discard_pile == (Card.ELF,)
    assert after.reshuffles == state.reshuffles


@pytest.mark.parametrize("before", [0, 1, 2, 5])
def test_r3_5_every_reshuffle_is_counted(before: int) -> None:
    """R3.5: the count of reshuffles goes up by one at each, however many came before
    (0 → 1, 1 → 2, 2 → 3, 5 → 6), so each reshuffle draws its own order."""
    state = evolved(with_piles(first_turn(2, 7), (), (Card.FOREST, Card.ELF)), reshuffles=before)
    after = apply_move(state, Draw())
    assert after.reshuffles == before + 1


@pytest.mark.parametrize("card", list(Card))
def test_r3_4_a_drawn_card_may_go_where_no_dragon_portal_or_same_card_lies(card: Card) -> None:
    """R3.4b–d: with a card drawn, Place is legal exactly on the cells that hold no revealed
    Dragon, no revealed Portal and no revealed card of the drawn kind; for every kind of card,
    a Dragon and a Portal among them."""
    start = first_turn(2, 7)
    seat = start.current_player
    # The seat's Kingdom with two Portals, two Dragons and every other kind revealed.
    kingdom = Kingdom.parse("ODFE/MWPH/SGOD/FEMW")
    players = list(start.players)
    players[seat] = attrs.evolve(players[seat], kingdom=kingdom)
    state = evolved(
        start,
        players=tuple(players),
        phase=Phase.DRAWN,
        drawn=card,
        draw_pile=start.draw_pile[:-1],
    )
    closed = {Card.DRAGON, Card.PORTAL, card}
    cells = [Position(r, c) for r in range(4) for c in range(4)]
    expected = {p for p, c in zip(cells, kingdom.cells, strict=True) if c not in closed}
    placed = {m.position for m in legal_moves(state) if isinstance(m, Place)}
    assert placed == expected
