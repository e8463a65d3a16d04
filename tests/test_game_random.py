"""Many complete random games per player count: every one ends, conserves every card and
Legend at every step, and scores (R1.3, R2–R3, R6–R7)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drako_rules import (
    CLASSIC,
    Card,
    GameRecord,
    IllegalMoveError,
    RandomPlayer,
    apply_move,
    final_ranking,
    final_scores,
    legal_moves,
    new_game,
    play_game,
    play_random_game,
    replay,
)
from game_checks import PER_KIND, card_locations
from strategies import seeds

# Games per player count: 200 with the dev profile (100 examples), 3000 with ci (500).
_EXAMPLES = settings().max_examples
GAMES = _EXAMPLES * (6 if _EXAMPLES >= 500 else 2)


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=GAMES, deadline=None)
@given(seed=seeds, choices=st.integers(0, 2**32))
def test_random_games_conserve_cards_and_end(players: int, seed: int, choices: int) -> None:
    """R1.3, R3, R7.1: a random game ends in fewer than 600 moves, keeps the piles at
    deck − 16·players cards at every step, ends with every card of R1.3 in place, the 15
    Legends kept, every card revealed, and scores and places for all."""
    rng = random.Random(choices)
    state = new_game(players, seed, first_player=rng.randrange(players))
    expected = {card: PER_KIND[players] for card in Card}
    for _ in range(600):
        moves = legal_moves(state)
        if not moves:
            break
        state = apply_move(state, moves[int(rng.random() * len(moves))])
        if state.turn:  # every Kingdom holds 16 cards: the piles hold the rest (R1.3)
            held = len(state.draw_pile) + len(state.discard_pile) + (state.drawn is not None)
            assert held == 10 * PER_KIND[players] - 16 * players
    assert state.is_over
    assert card_locations(state) == expected
    legends = [x for p in state.players for x in p.legends]
    assert len(legends) == len(set(legends))
    assert len(legends) + len(state.legend_row) + len(state.legend_deck) == 15
    assert all(p.kingdom.is_complete for p in state.players)
    assert len(final_scores(state)) == players
    assert sorted(final_ranking(state).order) == list(range(players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_random_game_is_deterministic_and_replays(players: int) -> None:
    """R2.8: the same seeds give the same game; replaying its record gives its final state."""
    for seed in range(10):
        game = play_random_game(players, seed, ruleset=CLASSIC)
        assert game == play_random_game(players, seed, ruleset=CLASSIC)
        assert game.record.ruleset == "classic"
        assert replay(game.record) == game.state


def test_play_game_with_random_players() -> None:
    """play_game runs players that see only their views; seeded RandomPlayers repeat a game."""
    a = play_game([RandomPlayer(1), RandomPlayer(2)], seed=3)
    b = play_game([RandomPlayer(1), RandomPlayer(2)], seed=3)
    assert a == b and a.state.is_over
    assert replay(a.record) == a.state


def test_play_game_rejects_a_cheating_player() -> None:
    """A player returning a move that is not legal makes play_game raise IllegalMoveError."""
    from drako_rules import Move, PlayerView

    def cheat(view: PlayerView) -> Move:
        return Move.parse("end")

    with pytest.raises(IllegalMoveError) as info:
        play_game([cheat, cheat], seed=1)
    assert info.value.rule == "R2.5"


def test_play_game_can_be_bounded() -> None:
    """R7.1 sets no length limit: two players who avoid exploring (seed 1) are still playing
    after 500 moves, and max_moves stops them with GameError."""
    from drako_rules import GameError, Move, PlayerView, Take

    def hoarder(view: PlayerView) -> Move:
        # Always take the discard onto a revealed card when possible: no Land is explored.
        kingdom = view.me.kingdom
        for move in view.legal_moves:
            if isinstance(move, Take) and kingdom[move.position] is not None:
                return move
        return view.legal_moves[0]

    with pytest.raises(GameError):
        play_game([hoarder, hoarder], seed=1, max_moves=500)


def test_record_of_play_random_game() -> None:
    """The record of a random game names its seed, players, first player and every move."""
    game = play_random_game(3, seed=12, first_player=2, move_seed=5)
    assert isinstance(game.record, GameRecord)
    assert (game.record.seed, game.record.players, game.record.first_player) == (12, 3, 2)
    assert game.record.moves[0].verb == "arrange"
