"""Hypothesis strategies shared by the tests: cards, Kingdoms, Legends, games."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from drako_rules import (
    Card,
    GameState,
    Kingdom,
    Legend,
    PlayedGame,
    Position,
    apply_move,
    legal_moves,
    new_game,
    play_random_game,
)

cards: st.SearchStrategy[Card] = st.sampled_from(list(Card))
cells: st.SearchStrategy[Card | None] = st.one_of(st.none(), cards)
positions: st.SearchStrategy[Position] = st.builds(Position, st.integers(0, 3), st.integers(0, 3))
legends: st.SearchStrategy[Legend] = st.sampled_from(list(Legend))
legend_sets: st.SearchStrategy[tuple[Legend, ...]] = st.lists(legends, unique=True, max_size=6).map(
    tuple
)


@st.composite
def full_kingdoms(draw: st.DrawFn) -> Kingdom:
    """A Kingdom with every card revealed, kinds drawn uniformly."""
    return Kingdom(tuple(draw(st.lists(cards, min_size=16, max_size=16))))


@st.composite
def kingdoms(draw: st.DrawFn) -> Kingdom:
    """Any Kingdom, Unexplored Lands included."""
    return Kingdom(tuple(draw(st.lists(cells, min_size=16, max_size=16))))


@st.composite
def portal_free_kingdoms(draw: st.DrawFn) -> Kingdom:
    """A full Kingdom without any Portal."""
    kinds = [c for c in Card if c is not Card.PORTAL]
    return Kingdom(tuple(draw(st.lists(st.sampled_from(kinds), min_size=16, max_size=16))))


# --- games (issue 3) ---------------------------------------------------------------------

player_counts: st.SearchStrategy[int] = st.sampled_from([2, 3, 4])
seeds: st.SearchStrategy[int] = st.integers(min_value=-(2**70), max_value=2**70)


def play_randomly(state: GameState, rng: random.Random, steps: int) -> GameState:
    """``state`` after up to ``steps`` uniformly random legal moves chosen with ``rng``."""
    for _ in range(steps):
        moves = legal_moves(state)
        if not moves:
            break
        state = apply_move(state, rng.choice(moves))
    return state


@st.composite
def game_states(
    draw: st.DrawFn,
    players: st.SearchStrategy[int] = player_counts,
    max_steps: int = 250,
) -> GameState:
    """A state reached by random legal play from a random setup (any phase, over or not)."""
    n = draw(players)
    state = new_game(n, draw(seeds), first_player=draw(st.integers(0, n - 1)))
    steps = draw(st.integers(0, max_steps))
    return play_randomly(state, random.Random(draw(st.integers(0, 2**32))), steps)


@st.composite
def finished_games(draw: st.DrawFn, players: st.SearchStrategy[int] = player_counts) -> PlayedGame:
    """A whole random game (record and final state)."""
    n = draw(players)
    return play_random_game(
        n,
        draw(seeds),
        first_player=draw(st.integers(0, n - 1)),
        ruleset=draw(st.sampled_from(["pocket", "classic"])),
        move_seed=draw(st.integers(0, 2**32)),
    )
