"""Setup (R2): the deck, the Legends, the starting hands, the deal, arrangements, the first player."""

from __future__ import annotations

import collections
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drako_rules import (
    CLASSIC,
    POCKET,
    Arrange,
    Card,
    GameError,
    GameState,
    IllegalMoveError,
    Kingdom,
    Legend,
    Move,
    Phase,
    PlayerCountError,
    PlayerState,
    Position,
    Ruleset,
    RulesetError,
    apply_move,
    legal_moves,
    new_game,
)
from drako_rules.cards import deck
from drako_rules.game.setup import shuffle
from game_checks import PER_KIND, card_locations, check_invariants
from strategies import evolved, player_counts, seeds


@given(player_counts, seeds)
def test_r2_1_deck_for_the_player_count(players: int, seed: int) -> None:
    """R2.1, R1.3: the game uses 40/60/80 cards, 4/6/8 of each kind, all somewhere."""
    state = new_game(players, seed)
    assert card_locations(state) == {card: PER_KIND[players] for card in Card}
    check_invariants(state)


def test_r2_1_shuffles_depend_on_the_seed() -> None:
    """R2.1: different seeds shuffle differently (the 20 seeds give 20 different draw piles)."""
    piles = {new_game(2, seed).draw_pile for seed in range(20)}
    rows = {new_game(2, seed).legend_row for seed in range(20)}
    assert len(piles) == 20 and len(rows) > 1


@given(player_counts, seeds)
def test_r2_2_legend_row_of_eight(players: int, seed: int) -> None:
    """R2.2: 8 Legends face up, the other 7 in the legend deck, all 15 different."""
    state = new_game(players, seed)
    assert len(state.legend_row) == 8 and len(state.legend_deck) == 7
    assert set(state.legend_row) | set(state.legend_deck) == set(Legend)


@given(player_counts, seeds)
def test_r2_3_starting_hands_of_four_kinds(players: int, seed: int) -> None:
    """R2.3: each player holds 4 cards of 4 different kinds, in card order; nothing else held."""
    state = new_game(players, seed)
    order = list(Card)
    for player in state.players:
        assert len(player.hand) == 4 and len(set(player.hand)) == 4
        assert list(player.hand) == sorted(player.hand, key=order.index)
        assert player.legends == ()


@given(player_counts, seeds)
def test_r2_3_set_aside_cards_return_to_the_draw_pile(players: int, seed: int) -> None:
    """R2.3–R2.4: the draw pile is the deck minus the hands and the 12 dealt cards each.

    With 2 players: 40 − 2·4 − 2·12 = 8 cards; 3 players 60 − 12 − 36 = 12; 4 players
    80 − 16 − 48 = 16. Duplicates set aside during R2.3 are among them.
    """
    state = new_game(players, seed)
    assert len(state.draw_pile) == {2: 8, 3: 12, 4: 16}[players]


@given(player_counts, seeds)
def test_r2_4_twelve_unexplored_lands_around_the_centre(players: int, seed: int) -> None:
    """R2.4: 12 face-down cards per player, on every cell but the 2×2 centre."""
    state = new_game(players, seed)
    for player, hidden in zip(state.players, state.hidden, strict=True):
        assert player.kingdom.count(None) == 16  # nothing face up before the arrangement
        assert [i for i, c in enumerate(hidden) if c is None] == [5, 6, 9, 10]


@given(player_counts, seeds, st.data())
def test_r2_5_arrangements_in_seat_order(players: int, seed: int, data: st.DataObject) -> None:
    """R2.5, R2.7: each player in seat order from the first player arranges the 4 cards."""
    first = data.draw(st.integers(0, players - 1))
    state = new_game(players, seed, first_player=first)
    for k in range(players):
        seat = (first + k) % players
        assert state.phase is Phase.ARRANGE and state.current_player == seat
        moves = legal_moves(state)
        assert len(moves) == 24 and all(isinstance(m, Arrange) for m in moves)
        move = data.draw(st.sampled_from(moves))
        assert isinstance(move, Arrange)
        hand = state.players[seat].hand
        state = apply_move(state, move)
        kingdom = state.players[seat].kingdom
        centre = [kingdom[Position(1, 1)], kingdom[Position(1, 2)]]
        centre += [kingdom[Position(2, 1)], kingdom[Position(2, 2)]]
        assert centre == list(move.cards(hand))
        assert kingdom.count(None) == 12 and state.players[seat].hand == ()
    assert state.phase is Phase.BEFORE_CARD and state.current_player == first
    assert state.turn == 1
    check_invariants(state)


def test_r2_5_arrange_only_during_setup() -> None:
    """R2.5: arranging is the only move before the first turn, and never allowed after it."""
    state = new_game(2, seed=4)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Move.parse("draw"))
    assert info.value.rule == "R2.5"
    state = apply_move(apply_move(state, Move.parse("arrange 0123")), Move.parse("arrange 0123"))
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Move.parse("arrange 0123"))
    assert info.value.rule == "R2.5"


@given(player_counts, seeds)
def test_r2_6_discard_pile_starts_with_the_top_of_the_draw_pile(players: int, seed: int) -> None:
    """R2.6: after the arrangements, the draw pile's top card starts the discard pile."""
    state = new_game(players, seed)
    assert state.discard_pile == ()
    pile = state.draw_pile
    for _ in range(players):
        state = apply_move(state, Move.parse("arrange 0123"))
    assert state.discard_pile == (pile[-1],)
    assert state.draw_pile == pile[:-1]


@pytest.mark.parametrize("first", [0, 1, 2])
def test_r2_7_the_first_player_starts_and_turns_go_in_seat_order(first: int) -> None:
    """R2.7: the first player named plays the first turn; then seats follow in order."""
    state = new_game(3, seed=11, first_player=first)
    for _ in range(3):
        state = apply_move(state, Move.parse("arrange 0123"))
    seen: list[tuple[int, int]] = []
    while len(seen) < 6:
        if state.phase is Phase.BEFORE_CARD and (not seen or seen[-1][1] != state.turn):
            seen.append((state.current_player, state.turn))
        state = apply_move(state, legal_moves(state)[-1])
    assert [seat for seat, _ in seen] == [(first + k) % 3 for k in range(6)]
    assert [turn for _, turn in seen] == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("first", [-1, 2, True, "0", None])
def test_r2_7_first_player_must_be_a_seat(first: object) -> None:
    """R2.7: the first player is a seat of the game, else GameError."""
    with pytest.raises(GameError):
        new_game(2, seed=0, first_player=first)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [0, 1, 5, True, "2", 2.0])
def test_r1_3_player_count_is_checked(players: object) -> None:
    """R1.3: 2, 3 or 4 players, anything else raises PlayerCountError."""
    with pytest.raises(PlayerCountError):
        new_game(players, seed=0)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", ["7", 7.0, None, True])
def test_r2_8_seed_must_be_an_integer(seed: object) -> None:
    """R2.8: the seed is an integer (any size); anything else raises GameError."""
    with pytest.raises(GameError):
        new_game(2, seed=seed)  # type: ignore[arg-type]


@given(player_counts, seeds)
def test_r2_8_same_seed_same_setup(players: int, seed: int) -> None:
    """R2.8: the same seed and player count give equal states."""
    assert new_game(players, seed) == new_game(players, seed)


def test_ruleset_by_name_or_value() -> None:
    """R9: the ruleset is given as a Ruleset or a name; an unknown name raises RulesetError."""
    assert new_game(2, 1, ruleset="classic").ruleset is CLASSIC
    assert new_game(2, 1).ruleset is POCKET
    with pytest.raises(RulesetError):
        new_game(2, 1, ruleset="blitz")


def test_r2_3_starting_hands_come_from_the_deck() -> None:
    """R2.3: over many seeds, every kind of card turns up in starting hands (no kind is excluded)."""
    kinds: collections.Counter[Card] = collections.Counter()
    for seed in range(40):
        for player in new_game(4, seed).players:
            kinds.update(player.hand)
    assert set(kinds) == set(Card)


@given(st.integers(), st.integers(0, 90))
def test_r2_8_the_shuffle_is_random_shuffle_written_out(seed: int, length: int) -> None:
    """R2.8: the engine's shuffle puts cards in the order random.Random.shuffle does, and
    leaves the generator in the same state (so the later draws agree too)."""
    ours, theirs = list(range(length)), list(range(length))
    rng_ours, rng_theirs = random.Random(seed), random.Random(seed)
    shuffle(rng_ours, ours)
    rng_theirs.shuffle(theirs)
    assert ours == theirs
    assert rng_ours.random() == rng_theirs.random()


def _reference_deal(players: int, seed: int, first: int, ruleset: Ruleset) -> GameState:
    """R2.1–R2.4 as the rules read, on Cards and Legends with ``random.Random.shuffle``,
    the state built with the checked constructor: what the kernel's deal must give."""
    rng = random.Random(seed)
    pile = list(deck(players))
    rng.shuffle(pile)
    legends = list(Legend)
    rng.shuffle(legends)
    row, legend_deck = tuple(legends[-8:][::-1]), tuple(legends[:-8])
    seats = [(first + k) % players for k in range(players)]
    hands: dict[int, list[Card]] = {}
    aside: list[Card] = []
    for seat in seats:
        hand: list[Card] = []
        while len(hand) < 4:
            card = pile.pop()
            (aside if card in hand else hand).append(card)
        hands[seat] = sorted(hand, key=list(Card).index)
    pile.extend(aside)
    rng.shuffle(pile)
    hidden: dict[int, tuple[Card | None, ...]] = {}
    for seat in seats:
        cells: list[Card | None] = [None] * 16
        for i in (0, 1, 2, 3, 4, 7, 8, 11, 12, 13, 14, 15):
            cells[i] = pile.pop()
        hidden[seat] = tuple(cells)
    empty = Kingdom.unexplored()
    return GameState(
        ruleset=ruleset,
        seed=seed,
        first_player=first,
        players=tuple(PlayerState(empty, (), tuple(hands[s])) for s in range(players)),
        current_player=first,
        phase=Phase.ARRANGE,
        turn=0,
        draw_pile=tuple(pile),
        discard_pile=(),
        legend_row=row,
        legend_deck=legend_deck,
        hidden=tuple(hidden[s] for s in range(players)),
    )


@given(player_counts, seeds, st.data(), st.sampled_from((POCKET, CLASSIC)))
def test_r2_the_deal_is_the_rules_deal(
    players: int, seed: int, data: st.DataObject, ruleset: Ruleset
) -> None:
    """R2.1–R2.4, R2.8: the kernel's deal gives the state that dealing Cards by the rules
    with ``random.Random.shuffle`` and building it with the checked constructor gives:
    equal, with equal public fields, and the same game afterwards (its arrangements)."""
    first = data.draw(st.integers(0, players - 1))
    dealt = new_game(players, seed, first, ruleset)
    expected = _reference_deal(players, seed, first, ruleset)
    assert dealt == expected
    assert hash(dealt) == hash(expected)
    for name in ("players", "draw_pile", "legend_row", "legend_deck", "hidden", "phase"):
        assert getattr(dealt, name) == getattr(expected, name), name
    for _ in range(players):
        move = legal_moves(dealt)[0]
        dealt, expected = apply_move(dealt, move), apply_move(expected, move)
        assert dealt == expected


def test_a_player_state_holds_a_kingdom() -> None:
    """A PlayerState built by hand with something else than a Kingdom is refused with a
    GameError naming it, not an AttributeError from deep inside."""
    with pytest.raises(GameError, match="'FEOM/HPWM/SGDO/PPHS'"):
        PlayerState("FEOM/HPWM/SGDO/PPHS")  # type: ignore[arg-type]
    assert PlayerState(Kingdom.parse("FEOM/HPWM/SGDO/PPHS")).legends == ()


def test_a_game_state_holds_a_legend_row_of_legends() -> None:
    """A GameState built by hand with a legend row of something else than Legends is
    refused with a GameError naming it, not a KeyError from deep inside."""
    state = new_game(2, seed=1)
    with pytest.raises(GameError, match="'two-elves'"):
        evolved(state, legend_row=("two-elves",))
    with pytest.raises(GameError, match="legend row"):
        evolved(state, legend_row=None)
    assert evolved(state, legend_row=(Legend.TWO_ELVES,)).legend_row == (Legend.TWO_ELVES,)
