"""The greedy bot of examples/greedy_bot.py (the "Write a bot" tutorial): it plays only legal
moves, infers only what its view shows (R8), cannot drag a game on forever, and beats the
random player. The full 300-game figure of the tutorial comes from running the script."""

from __future__ import annotations

from collections import Counter

import pytest
from examples import greedy_bot
from hypothesis import given

from drako_rules import (
    Card,
    GameState,
    Phase,
    Place,
    Reveal,
    Take,
    apply_move,
    legal_moves,
    player_view,
    score,
)
from drako_rules.game.sampling import unseen_cards
from strategies import game_states


@given(game_states())
def test_greedy_player_returns_one_of_its_legal_moves(state: GameState) -> None:
    """In every phase of every reachable state, the bot's move is legal there (R2.5, R3, R6.1)."""
    if state.is_over:
        return
    move = greedy_bot.greedy_player(player_view(state, state.current_player))
    assert move in legal_moves(state)
    apply_move(state, move)  # does not raise


@given(game_states())
def test_unseen_cards_are_the_draw_pile_and_the_unexplored_lands(state: GameState) -> None:
    """What the bot counts as unseen from its view is exactly what the state hides from
    everyone (R8.2): the draw pile and the cards under the Unexplored Lands."""
    hidden = Counter(card for cells in state.hidden for card in cells if card is not None)
    hidden.update(state.draw_pile)
    for seat in range(state.player_count):
        view = player_view(state, seat)
        unseen = unseen_cards(view)
        if state.drawn is not None and seat != state.current_player:
            # R8.3: only the drawer has seen the drawn card.
            unseen[state.drawn] -= 1
        assert +unseen == hidden


def _unexplored(kingdom_cells: tuple[Card | None, ...]) -> int:
    return sum(cell is None for cell in kingdom_cells)


@given(game_states())
def test_every_card_action_removes_a_land_or_raises_the_score(state: GameState) -> None:
    """Each card action of the bot (take, place or reveal, R3.2–R3.4) leaves its Kingdom with
    fewer Unexplored Lands or a strictly higher revealed score: so games it plays end (R7.1)."""
    if state.phase not in (Phase.BEFORE_CARD, Phase.DRAWN):
        return
    seat = state.current_player
    move = greedy_bot.greedy_player(player_view(state, seat))
    if not isinstance(move, Take | Place | Reveal):
        return
    before = state.players[seat].kingdom
    after = apply_move(state, move)
    if after.is_over:
        return  # R7.1: the last Unexplored Land went
    kingdom = after.players[seat].kingdom
    assert _unexplored(kingdom.cells) < _unexplored(before.cells) or (
        score(kingdom, ruleset=state.ruleset).total > score(before, ruleset=state.ruleset).total
    )


def test_greedy_beats_random_over_twenty_seeded_games() -> None:
    """Over 20 seeded two-player games, seats alternated, every game ends and the greedy bot
    wins more than it loses, by a positive mean margin."""
    result = greedy_bot.play_match(20, seed=1000)
    assert result.unfinished == 0 and result.finished == 20
    assert result.wins > result.losses
    assert sum(result.margins) > 0


def test_wilson_interval_of_half() -> None:
    """50 of 100 gives 0.5 ± 1.96·√(0.0025 + 1.96²/40000) / (1 + 1.96²/100)
    = 0.5 ± 0.0962: the interval 0.4038 to 0.5962."""
    low, high = greedy_bot.wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)


def test_report_states_counts_rate_and_margin() -> None:
    """The printed report names the games, the win/draw/loss counts, the win rate with its
    interval and the mean margin (3 wins of 3, margins 2, 4, 6: mean +4.0)."""
    result = greedy_bot.MatchResult(3, 3, 0, 0, 0, ((5, 3), (6, 2), (7, 1)), (40, 50, 60))
    lines = greedy_bot.report(result, seed=0)
    assert "3 two-player games" in lines[0]
    assert lines[1].startswith("greedy won 3, drew 0, lost 0; 0 unfinished")
    assert lines[2].startswith("win rate 100.0% (95% CI ")
    assert lines[3].startswith("mean margin +4.0 points")
    assert lines[4] == "mean score: greedy 6.0, random 2.0; 50 moves per game on average"
