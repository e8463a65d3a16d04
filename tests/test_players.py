"""The package's players (R8): GreedyPlayer and SearchPlayer return only legal moves from
their views, SearchPlayer is reproducible from its seed, and both beat the random player."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drako_rules import (
    GameError,
    GameState,
    GreedyPlayer,
    Player,
    PlayerView,
    RandomPlayer,
    SearchPlayer,
    apply_move,
    final_ranking,
    legal_moves,
    new_game,
    play_game,
    player_view,
)
from drako_rules.players import greedy_move, move_values, quick_move
from strategies import game_states


@given(game_states())
def test_greedy_player_returns_a_legal_move(state: GameState) -> None:
    """In every phase of every reachable state, GreedyPlayer's move from its view is legal."""
    if state.is_over:
        return
    move = GreedyPlayer()(player_view(state, state.current_player))
    assert move in legal_moves(state)


@settings(max_examples=25)
@given(game_states(), st.integers(0, 2**32))
def test_search_player_returns_a_legal_move(state: GameState, seed: int) -> None:
    """SearchPlayer, with a small budget, plays a legal move from any reachable view (R8)."""
    if state.is_over:
        return
    move = SearchPlayer(seed, iterations=3)(player_view(state, state.current_player))
    assert move in legal_moves(state)
    apply_move(state, move)


@settings(max_examples=15)
@given(game_states(), st.integers(0, 2**32))
def test_tree_search_returns_a_legal_move(state: GameState, seed: int) -> None:
    """The tree method, valued by win share or margin, also plays only legal moves (R8)."""
    if state.is_over:
        return
    view = player_view(state, state.current_player)
    for player in (
        SearchPlayer(seed, iterations=30, method="tree"),
        SearchPlayer(seed, iterations=2, candidates=2, value="win"),
    ):
        assert player(view) in legal_moves(state)


@settings(max_examples=25)
@given(game_states())
def test_greedy_move_is_the_first_best_of_its_move_values(state: GameState) -> None:
    """greedy_move plays the first legal move of highest move_values value: the ranking
    the search player searches."""
    if state.is_over:
        return
    view = player_view(state, state.current_player)
    values = move_values(view)
    assert set(values) == set(view.legal_moves)
    best = max(values.values())
    assert greedy_move(view) == next(m for m in view.legal_moves if values[m] == best)


def test_one_candidate_is_the_greedy_move() -> None:
    """With one candidate there is nothing to compare: the search plays greedy's move."""
    state = new_game(2, seed=11)
    for _ in range(40):
        view = player_view(state, state.current_player)
        move = SearchPlayer(1, candidates=1)(view)
        assert move == greedy_move(view)
        state = apply_move(state, move)


@settings(max_examples=25)
@given(game_states())
def test_quick_rollout_move_is_legal(state: GameState) -> None:
    """The cheap rollout policy returns a legal move in every phase."""
    if state.is_over:
        return
    assert quick_move(state) in legal_moves(state)


@settings(max_examples=10)
@given(game_states(), st.integers(0, 2**32))
def test_search_player_is_reproducible_for_a_fixed_budget(state: GameState, seed: int) -> None:
    """Two SearchPlayers with the same seed and iteration budget pick the same move."""
    if state.is_over:
        return
    view = player_view(state, state.current_player)
    assert SearchPlayer(seed, iterations=4)(view) == SearchPlayer(seed, iterations=4)(view)
    tree = SearchPlayer(seed, iterations=40, method="tree")
    assert tree(view) == SearchPlayer(seed, iterations=40, method="tree")(view)


def test_players_refuse_a_view_without_moves() -> None:
    """A view of a seat that is not to move has no legal move: both players say so."""
    view = player_view(new_game(2, seed=1), 1)
    for player in (GreedyPlayer(), SearchPlayer(1, iterations=5)):
        with pytest.raises(GameError, match="no move"):
            player(view)


@pytest.mark.parametrize(
    "kwargs",
    [{"iterations": 0}, {"time_limit": 0}, {"rollout": "best"}, {"rollout_depth": -1},
     {"scale": 0.0}, {"method": "mcts"}, {"candidates": 0}, {"value": "lead"},
     {"moves": 0}, {"moves": True}, {"prune": -1.0}],
)  # fmt: skip
def test_search_player_rejects_bad_budgets(kwargs: dict[str, object]) -> None:
    """A budget or parameter out of range is a GameError, not a crash later."""
    with pytest.raises(GameError):
        SearchPlayer(1, **kwargs)  # type: ignore[arg-type]


def test_a_time_limit_stops_the_search() -> None:
    """With a tiny time limit the search stops long before its iteration budget."""
    state = new_game(2, seed=3)
    player = SearchPlayer(1, iterations=1_000_000, time_limit=0.05)
    assert player(player_view(state, 0)) in legal_moves(state)
    assert 1 <= player.last_iterations < 1_000_000


def _opening_view() -> PlayerView:
    """Seat 0's view at its first turn of a seeded game (both starts laid out by greedy)."""
    state = new_game(2, seed=3)
    for _ in range(2):
        state = apply_move(state, greedy_move(player_view(state, state.current_player)))
    return player_view(state, 0)


def test_the_move_budget_ends_the_search() -> None:
    """At a first turn, 4 candidates rolled out to the end take over 100 moves a sample: a
    budget of 1 move stops after the first sample, a budget of 1,000 moves within it and
    after more samples, and the moves counted are the budget's moves."""
    view = _opening_view()
    one = SearchPlayer(5, moves=1)
    assert one(view) in view.legal_moves
    assert one.last_iterations == 1 and one.last_moves > 100
    per_sample = one.last_moves
    more = SearchPlayer(5, moves=1000)
    more(view)
    assert 1 < more.last_iterations < 1000
    assert more.last_moves <= 1000 + per_sample * 2


def test_pruning_drops_candidates_and_saves_moves() -> None:
    """Pruning plays the same samples (same seed) but stops rolling out candidates that are
    clearly worse than the best, so it spends fewer moves than no pruning, never more."""
    view = _opening_view()
    full = SearchPlayer(2, iterations=12, moves=None, candidates=6)
    pruned = SearchPlayer(2, iterations=12, moves=None, candidates=6, prune=1.0)
    assert full(view) in view.legal_moves and pruned(view) in view.legal_moves
    assert full.last_iterations == 12 and 4 <= pruned.last_iterations <= 12
    assert pruned.last_moves < full.last_moves


def test_search_player_beats_random_in_four_seeded_games() -> None:
    """With 3 samples a move, SearchPlayer wins 4 seeded games of 4 against RandomPlayer,
    seats alternated (places by R5.6)."""
    for i in range(4):
        players: list[Player] = [RandomPlayer(i), RandomPlayer(i)]
        players[i % 2] = SearchPlayer(i, iterations=3)
        game = play_game(players, seed=300 + i, max_moves=2000)
        assert final_ranking(game.state).places[i % 2] == 1
