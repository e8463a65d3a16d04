"""sample_state (R8): a full state that keeps the viewer's view, conserves every card and
Legend (R1.2–R1.4), and deals the unseen cards uniformly."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from drako_rules import (
    Card,
    GameState,
    Legend,
    Move,
    apply_move,
    check_state,
    deck,
    new_game,
    player_view,
    sample_state,
)
from drako_rules.game.sampling import unseen_cards
from strategies import game_states


def _every_card(state: GameState) -> Counter[Card]:
    cards: Counter[Card] = Counter(state.draw_pile)
    cards.update(state.discard_pile)
    for player, hidden in zip(state.players, state.hidden, strict=True):
        cards.update(c for c in player.kingdom.cells if c is not None)
        cards.update(c for c in hidden if c is not None)
        cards.update(player.hand)
    if state.drawn is not None:
        cards[state.drawn] += 1
    return cards


@given(game_states(), st.integers(0, 2**32))
def test_a_sample_keeps_every_view_of_its_viewer(state: GameState, seed: int) -> None:
    """For every seat, the sampled state shows that seat exactly its view (R8)."""
    for seat in range(state.player_count):
        view = player_view(state, seat)
        assert player_view(sample_state(view, random.Random(seed)), seat) == view


@given(game_states(), st.integers(0, 2**32))
def test_a_sample_conserves_every_card_and_legend(state: GameState, seed: int) -> None:
    """A sampled state holds the deck of its player count (R1.2–R1.3) and the 15 Legends
    (R1.4), each in exactly one place, and passes check_state."""
    view = player_view(state, state.current_player)
    sample = check_state(sample_state(view, random.Random(seed)))
    assert _every_card(sample) == Counter(deck(state.player_count))
    legends = [*sample.legend_row, *sample.legend_deck]
    legends += [legend for p in sample.players for legend in p.legends]
    assert sorted(legends, key=list(Legend).index) == list(Legend)


@settings(max_examples=20)
@given(game_states(), st.integers(0, 2**32))
def test_the_same_generator_gives_the_same_sample(state: GameState, seed: int) -> None:
    """Two generators in the same state give the same sample: a search is reproducible."""
    view = player_view(state, 0)
    assert sample_state(view, random.Random(seed)) == sample_state(view, random.Random(seed))


def test_the_unseen_cards_of_a_new_game() -> None:
    """Before any arrangement, a viewer of a 2-player game has seen only the 2 × 4 cards of
    the hands (R2.9): 40 − 8 = 32 unseen, 4 − (kinds seen) of each kind."""
    state = new_game(2, seed=11)
    unseen = unseen_cards(player_view(state, 0))
    assert sum(unseen.values()) == 32
    seen = Counter(state.players[0].hand + state.players[1].hand)
    assert all(unseen[card] == 4 - seen[card] for card in Card)


#: Pearson's chi-square critical value for 9 degrees of freedom at p = 0.001 (tables).
CHI2_9DF_P001 = 27.877
#: Samples of the one view whose deals are counted.
SAMPLES = 4000


def test_deals_are_uniform_by_chi_square() -> None:
    """Over 4,000 samples of one view, the kind dealt under an opponent's Unexplored Land,
    under one's own, and on top of the draw pile follows the unseen counts: each Pearson
    chi-square (9 degrees of freedom) stays under 27.877, the 0.1 % critical value."""
    state = new_game(2, seed=2026)
    for text in ("arrange 0123", "arrange 0123", "draw"):
        state = apply_move(state, Move.parse(text))
    view = player_view(state, 1)  # the opponent drew: its drawn card is unseen too (R8.3)
    unseen = unseen_cards(view)
    total = sum(unseen.values())
    rng = random.Random(7)
    counts: dict[str, Counter[Card]] = {"theirs": Counter(), "mine": Counter(), "pile": Counter()}
    for _ in range(SAMPLES):
        sample = sample_state(view, rng)
        counts["theirs"][sample.hidden[0][0]] += 1  # type: ignore[index]
        counts["mine"][sample.hidden[1][15]] += 1  # type: ignore[index]
        counts["pile"][sample.draw_pile[-1]] += 1
    for name, counter in counts.items():
        assert set(counter) <= set(unseen), name
        chi2 = sum(
            (counter[card] - SAMPLES * n / total) ** 2 / (SAMPLES * n / total)
            for card, n in unseen.items()
        )
        assert len(unseen) == 10 and chi2 < CHI2_9DF_P001, (name, chi2)
