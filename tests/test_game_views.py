"""Player views (R8): what each player sees, and that hidden information never leaks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drako_rules import (
    Card,
    GameError,
    GameState,
    Move,
    Phase,
    PlayerState,
    apply_move,
    legal_moves,
    new_game,
    player_view,
    view_from_json,
    view_to_json,
)
from strategies import evolved, game_states


def shuffle_hidden(state: GameState, rng: random.Random) -> GameState:
    """The same game with the hidden cards and the draw pile dealt differently: the cards
    under every Unexplored Land and in the draw pile are permuted together (so counts per
    kind stay right), as is the legend deck."""
    slots = [
        (p, i) for p, cells in enumerate(state.hidden) for i, c in enumerate(cells) if c is not None
    ]
    cards: list[Card | None] = [state.hidden[p][i] for p, i in slots] + list(state.draw_pile)
    rng.shuffle(cards)
    hidden = [list(cells) for cells in state.hidden]
    for (p, i), card in zip(slots, cards, strict=False):
        hidden[p][i] = card
    draw_pile = tuple(c for c in cards[len(slots) :] if c is not None)
    assert len(draw_pile) == len(state.draw_pile)
    deck = list(state.legend_deck)
    rng.shuffle(deck)
    return evolved(
        state,
        hidden=tuple(tuple(cells) for cells in hidden),
        draw_pile=draw_pile,
        legend_deck=tuple(deck),
        seed=rng.randrange(2**32),
        reshuffles=state.reshuffles,
    )


@given(game_states(), st.randoms(use_true_random=False))
def test_r8_2_views_do_not_depend_on_hidden_cards_or_pile_order(
    state: GameState, rng: random.Random
) -> None:
    """R8.2: two states differing only in hidden cards, pile order and seed give equal views."""
    other = shuffle_hidden(state, rng)
    for seat in range(len(state.players)):
        assert player_view(state, seat) == player_view(other, seat)
        assert view_to_json(player_view(state, seat)) == view_to_json(player_view(other, seat))


@given(game_states())
def test_r8_3_the_drawn_card_is_seen_by_its_player_only(state: GameState) -> None:
    """R8.3: the drawn card shows in the drawing player's view only."""
    for seat in range(len(state.players)):
        view = player_view(state, seat)
        if seat == state.current_player and state.phase is Phase.DRAWN:
            assert view.drawn is state.drawn is not None
        else:
            assert view.drawn is None


def test_r8_3_views_differ_only_for_the_drawer_when_the_drawn_card_changes() -> None:
    """R8.3: changing the drawn card changes the drawer's view and nobody else's."""
    state = _drawn_state()
    other_card = Card.DRAGON if state.drawn is not Card.DRAGON else Card.ELF
    other = evolved(state, drawn=other_card)
    seat = state.current_player
    assert player_view(state, seat) != player_view(other, seat)
    for s in range(len(state.players)):
        if s != seat:
            assert player_view(state, s) == player_view(other, s)


def _drawn_state() -> GameState:
    state = new_game(3, seed=8)
    for text in ("arrange 0123", "arrange 0123", "arrange 0123", "draw"):
        state = apply_move(state, Move.parse(text))
    return state


@given(game_states())
def test_r8_1_views_show_everything_public(state: GameState) -> None:
    """R8.1: revealed Kingdoms, Legends, the discard pile and the legend row are in the view;
    the draw pile and legend deck only by size (R8.2); legal moves only for the mover."""
    for seat in range(len(state.players)):
        view = player_view(state, seat)
        assert view.players == state.players
        assert all(isinstance(p, PlayerState) for p in view.players)
        assert view.discard_pile == state.discard_pile
        assert view.legend_row == state.legend_row
        assert view.draw_pile_size == len(state.draw_pile)
        assert view.legend_deck_size == len(state.legend_deck)
        assert (view.phase, view.turn, view.current_player) == (
            state.phase,
            state.turn,
            state.current_player,
        )
        mover = seat == state.current_player and not state.is_over
        assert view.to_move == mover
        assert view.legal_moves == (legal_moves(state) if mover else ())


@given(game_states())
def test_views_round_trip_through_json(state: GameState) -> None:
    """A view read back from its JSON equals the view."""
    for seat in range(len(state.players)):
        view = player_view(state, seat)
        assert view_from_json(view_to_json(view)) == view


@given(game_states())
def test_view_json_holds_no_hidden_card(state: GameState) -> None:
    """R8.2: a view's JSON has no field for the seed, the hidden cards or the piles' order."""
    text = view_to_json(player_view(state, 0))
    for word in ('"seed"', '"hidden"', '"draw_pile"', '"legend_deck"'):
        assert word not in text


@pytest.mark.parametrize("seat", [-1, 2, True, "0"])
def test_view_of_a_seat_that_does_not_exist(seat: object) -> None:
    """A view is for a seat of the game; anything else raises GameError."""
    with pytest.raises(GameError):
        player_view(new_game(2, seed=1), seat)  # type: ignore[arg-type]


def test_action_mask_from_a_view_is_the_viewers_own() -> None:
    """legal_action_mask of a player's view (R8) equals the state's mask for the player to
    move, and is all False for the others, at every step of a random game."""
    import random

    from drako_rules import apply_move, legal_action_mask, legal_moves, new_game, player_view

    rng = random.Random(3)
    state = new_game(3, seed=3)
    for _ in range(60):
        if state.is_over:
            break
        full = legal_action_mask(state)
        for seat in range(3):
            expected = full if seat == state.current_player else (False,) * len(full)
            assert legal_action_mask(player_view(state, seat)) == expected
        state = apply_move(state, rng.choice(legal_moves(state)))
