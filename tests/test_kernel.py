"""The kernel (``drako_rules._kernel``, issue 23): compiled whole, and what the public types
built from it promise (eager, frozen, slotted values; a readable one-line sheet)."""

from __future__ import annotations

import itertools
import random
import tomllib
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from drako_rules import Card, Legend, legends_met
from drako_rules._kernel import turns
from drako_rules._kernel.board import CARD_OF_CODE, CODE_OF, UNEXPLORED
from drako_rules.game import (
    ACTION_SPACE_SIZE,
    MOVES,
    Arrange,
    Claim,
    Draw,
    End,
    GameState,
    Move,
    Phase,
    Place,
    Reveal,
    Take,
    apply_move,
    final_scores,
    legal_moves,
    new_game,
    player_view,
)
from drako_rules.game.legal import PHASE_CODES, moves_of_actions, seat_moves, state_actions
from drako_rules.kingdom import POSITIONS, Kingdom
from drako_rules.legends import legends_mask
from drako_rules.rulesets import CLASSIC, POCKET, Ruleset
from drako_rules.scoring import CATEGORIES, ScoreSheet, score
from strategies import clustered_kingdoms, full_kingdoms, kingdoms, portal_rich_kingdoms

ROOT = Path(__file__).resolve().parent.parent


def test_the_compiled_build_lists_every_module_of_the_kernel() -> None:
    """pyproject.toml's mypyc hook compiles the whole kernel package."""
    with open(ROOT / "pyproject.toml", "rb") as file:
        hook = tomllib.load(file)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    listed = set(hook["include"])
    kernel = ROOT / "src" / "drako_rules" / "_kernel"
    modules = {f"/src/drako_rules/_kernel/{p.name}" for p in kernel.glob("*.py")}
    assert modules and modules <= listed


def test_a_score_sheet_is_an_ordinary_frozen_slotted_value() -> None:
    """Every field is held from the start (R5.5): no instance dictionary, nothing decoded
    on read, and a field cannot be set."""
    sheet = score(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"))
    assert not hasattr(sheet, "__dict__")
    assert "elves" in vars(ScoreSheet)["__slots__"]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        sheet.total = 0  # type: ignore[misc]
    assert attrs.evolve(sheet) == sheet


@given(kingdoms())
def test_str_of_a_sheet_is_one_line_with_the_total_and_every_category(kingdom: Kingdom) -> None:
    """``str(sheet)`` (issue 26): the total, then each category's label and value in sheet
    order (R5.5), on one line; the repr names the class and holds no Kingdom."""
    for ruleset in (POCKET, CLASSIC):
        sheet = score(kingdom, ruleset=ruleset)
        text = str(sheet)
        assert "\n" not in text
        assert text.startswith(f"total {sheet.total}: ")
        expected = ", ".join(f"{c.label} {sheet[c]}" for c in CATEGORIES)
        assert text.endswith(expected)
        assert repr(sheet).startswith("ScoreSheet(elves=") and "Kingdom" not in repr(sheet)
        assert sheet.total == sum(sheet.values)


# --- the kernel against the slow reference (tests/reference.py), on random Kingdoms ------------


def _legend_bits(legends: frozenset[Legend] | tuple[Legend, ...]) -> int:
    """A set of Legends as a mask, bit ``i`` for the ``i``-th Legend (written out here)."""
    return sum(1 << i for i, legend in enumerate(Legend) if legend in legends)


@given(st.one_of(kingdoms(), portal_rich_kingdoms(), clustered_kingdoms()))
def test_the_kernel_scores_and_meets_legends_as_the_reference_in_both_rulesets(
    kingdom: Kingdom,
) -> None:
    """Every category of the sheet (R5.1–R5.5) and every Legend met (R6.4) are the slow
    reference's, in both rulesets (R9)."""
    for ruleset in (POCKET, CLASSIC):
        sheet = score(kingdom, ruleset=ruleset)
        expected = reference.score(kingdom, ruleset=ruleset.name)
        assert dict(zip(reference.CATEGORIES, sheet.values, strict=True)) == {
            c: expected[c] for c in reference.CATEGORIES
        }
        assert sheet.total == expected["total"]
        assert legends_met(kingdom, ruleset) == reference.legends_met(kingdom, ruleset.name)


@given(
    st.one_of(kingdoms(), portal_rich_kingdoms(), clustered_kingdoms()),
    st.integers(0, 15),
    st.sampled_from([*Card, None]),
)
def test_the_kernel_checks_again_only_what_one_card_changed(
    kingdom: Kingdom, cell: int, card: Card | None
) -> None:
    """After one cell changes (a card action, R3.4), the Legends checked again from the kinds
    that left and entered it (R6.4) are the reference's for the new Kingdom."""
    after = kingdom.replace(POSITIONS[cell], card)
    changed = 1 << kingdom.codes[cell] | 1 << after.codes[cell]
    for ruleset in (POCKET, CLASSIC):
        before = legends_mask(kingdom, ruleset)
        again = legends_mask(after, ruleset, changed, before)
        assert again == _legend_bits(reference.legends_met(after, ruleset.name))


# --- the turn (R3, R6.1, R6.5, R7.1) and what a seat sees (R8), against rules read plainly ----


def _may_replace(cells: tuple[Card | None, ...], i: int, card: Card) -> bool:
    """R3.4b–d read plainly: an Unexplored Land always; a revealed Dragon or Portal never;
    another revealed card unless it is of the same kind."""
    old = cells[i]
    if old is None:
        return True
    return old is not Card.DRAGON and old is not Card.PORTAL and old is not card


def _reference_moves(state: GameState) -> list[Move]:
    """The legal moves of the player to move, from RULES.md (R2.5, R3.1–R3.5, R6.1, R6.5,
    R7.1) and the reference's Legends (R6.4), in action-id order."""
    phase = state.phase
    if phase is Phase.OVER:
        return []
    if phase is Phase.ARRANGE:
        return [Arrange(order) for order in itertools.permutations(range(4))]
    me = state.players[state.current_player]
    cells = me.kingdom.cells
    met = reference.legends_met(me.kingdom, state.ruleset.name)
    moves: list[Move] = []
    if not state.claimed_this_turn and phase in (Phase.BEFORE_CARD, Phase.AFTER_CARD):
        moves += [Claim(x) for x in Legend if x in state.legend_row and x in met]
    if phase is Phase.BEFORE_CARD:
        top = state.discard_pile[-1]
        moves += [Take(POSITIONS[i]) for i in range(16) if _may_replace(cells, i, top)]
        if state.draw_pile or len(state.discard_pile) >= 2:
            moves.append(Draw())
    elif phase is Phase.DRAWN:
        assert state.drawn is not None
        moves += [Place(POSITIONS[i]) for i in range(16) if _may_replace(cells, i, state.drawn)]
        moves += [Reveal(POSITIONS[i]) for i in range(16) if cells[i] is None]
    else:
        moves.append(End())
    return moves


def _random_game(players: int, seed: int, ruleset: Ruleset) -> list[GameState]:
    """Every state of a random game, from the setup to the end (R7.1)."""
    rng = random.Random(seed)
    state = new_game(players, seed, first_player=seed % players, ruleset=ruleset)
    states = [state]
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
        states.append(state)
    return states


@settings(max_examples=12)
@given(st.integers(2, 4), st.integers(0, 2**32), st.sampled_from([POCKET, CLASSIC]))
def test_every_state_of_a_random_game_agrees_with_the_reference(
    players: int, seed: int, ruleset: Ruleset
) -> None:
    """On every state of a random game, in both rulesets: the legal moves (R3), the Legends
    each Kingdom meets (R6.4), what each seat sees and may do (R8), when the game ends and
    its scores (R7) are what the rules read plainly and the slow reference say."""
    states = _random_game(players, seed, ruleset)
    before: GameState | None = None
    for state in states:
        moves = legal_moves(state)
        assert list(moves) == _reference_moves(state)
        actions = state_actions(state)
        assert actions == sum(1 << m.action_id for m in moves)
        for seat, player in enumerate(state.players):
            met = reference.legends_met(player.kingdom, ruleset.name)
            assert state.met_masks[seat] == _legend_bits(met)
            view = player_view(state, seat)
            mine = seat == state.current_player
            assert view.drawn == (state.drawn if mine else None)  # R8.3
            assert view.legal_moves == seat_moves(state, seat) == (moves if mine else ())  # R8
        assert state.row_mask == _legend_bits(state.legend_row)
        # R7.1: the game ends exactly when a card action leaves a Kingdom complete.
        if before is not None and before.phase is not Phase.OVER:
            mover = before.players[before.current_player].kingdom
            acted = state.players[before.current_player].kingdom
            ends = mover != acted and None not in acted.cells
            assert state.is_over == ends
        before = state
    last = states[-1]
    assert all(None not in p.kingdom.cells for p in last.players)  # R7.2
    for sheet, player in zip(final_scores(last), last.players, strict=True):  # R7.3
        assert sheet.total == reference.score(player.kingdom, player.legends, ruleset.name)["total"]


_SMALL = st.integers(0, 3)


@given(st.one_of(kingdoms(), portal_rich_kingdoms()), st.sampled_from(range(10)))
def test_open_cells_are_the_cells_a_card_may_replace(kingdom: Kingdom, code: int) -> None:
    """``open_cells`` is R3.4b–d read cell by cell."""
    card = tuple(Card)[code]
    expected = sum(1 << i for i in range(16) if _may_replace(kingdom.cells, i, card))
    assert turns.open_cells(kingdom.masks, code) == expected


@given(
    st.sampled_from(list(Phase)),
    st.one_of(kingdoms(), portal_rich_kingdoms()),
    st.sampled_from(list(Card)),
    _SMALL,
    _SMALL,
    st.booleans(),
    st.integers(0, (1 << len(Legend)) - 1),
)
def test_legal_actions_are_the_rules_read_plainly(
    phase: Phase,
    kingdom: Kingdom,
    card: Card,
    draw_pile: int,
    discard_pile: int,
    claimed: bool,
    claimable: int,
) -> None:
    """``legal_actions`` on any input (piles of 0 to 3 cards: R3.5's corner) is R2.5, R3.2–R3.5,
    R6.1, R6.5 and R7.1 read plainly."""
    cells = kingdom.cells
    expected: set[int] = set()
    claims = set() if claimed else {24 + i for i in range(len(Legend)) if claimable >> i & 1}
    if phase is Phase.ARRANGE:
        expected = set(range(24))
    elif phase is Phase.BEFORE_CARD:
        expected = claims | {39 + i for i in range(16) if _may_replace(cells, i, card)}
        if draw_pile > 0 or discard_pile >= 2:
            expected.add(55)
    elif phase is Phase.DRAWN:
        expected = {56 + i for i in range(16) if _may_replace(cells, i, card)}
        expected |= {72 + i for i in range(16) if cells[i] is None}
    elif phase is Phase.AFTER_CARD:
        expected = claims | {88}
    actions = turns.legal_actions(
        PHASE_CODES[phase],
        kingdom.masks,
        card.index,
        draw_pile,
        discard_pile,
        claimed,
        claimable,
    )
    assert actions == sum(1 << a for a in expected)
    assert moves_of_actions(actions) == tuple(MOVES[a] for a in sorted(expected))


def test_the_action_space_is_one_table() -> None:
    """The kernel's action ids are the moves' (``game.moves``): one layout of 89 ids."""
    assert turns.ACTIONS == ACTION_SPACE_SIZE == len(MOVES) == 89
    bases = {
        Arrange: 0,
        Claim: turns.CLAIM_BASE,
        Take: turns.TAKE_BASE,
        Draw: turns.DRAW_ACTION,
        Place: turns.PLACE_BASE,
        Reveal: turns.REVEAL_BASE,
        End: turns.END_ACTION,
    }
    for kind, base in bases.items():
        first = next(m for m in MOVES if type(m) is kind)
        assert first.action_id == base
    assert (turns.ARRANGE_ACTIONS, turns.CLAIM_BASE, turns.TAKE_BASE) == (24, 24, 39)
    assert (turns.DRAW_ACTION, turns.PLACE_BASE, turns.REVEAL_BASE) == (55, 56, 72)
    assert turns.END_ACTION == 88


@given(_SMALL, _SMALL)
def test_a_draw_needs_a_card_or_two_to_reshuffle(draw_pile: int, discard_pile: int) -> None:
    """R3.5: a draw is possible unless the draw pile is empty and the discard pile holds
    fewer than two cards."""
    assert turns.can_draw(draw_pile, discard_pile) == (draw_pile >= 1 or discard_pile >= 2)


@given(st.lists(st.sampled_from(list(Card)), min_size=1, max_size=6))
def test_a_reshuffle_keeps_the_top_of_the_discard_pile(pile: list[Card]) -> None:
    """R3.5: every card but the top is shuffled into the new draw pile; the top stays."""
    under, left = turns.reshuffle_split(tuple(pile))
    assert under == tuple(pile[:-1]) and left == (pile[-1],)


@given(
    st.one_of(kingdoms(), full_kingdoms()),
    st.booleans(),
    st.integers(0, (1 << len(Legend)) - 1),
    st.integers(2, 4).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1))),
)
def test_what_follows_a_card_action(
    kingdom: Kingdom, claimed: bool, claimable: int, seats: tuple[int, int]
) -> None:
    """R7.1: a card action that leaves no Unexplored Land ends the game at once (the seat
    stays); R6.1, R6.5: otherwise the player decides again only if no Legend was claimed
    this turn and one of the row is met; R2.7: else the next seat in order plays."""
    n, seat = seats
    follows = turns.after_card_action(kingdom.masks, claimed, claimable, seat, n)
    if None not in kingdom.cells:
        assert follows == (turns.OVER, seat)
    elif not claimed and claimable > 0:
        assert follows == (turns.AFTER_CARD, seat)
    else:
        assert follows == (turns.BEFORE_CARD, seat + 1 if seat < n - 1 else 0)


@given(st.integers(2, 4).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1))))
def test_the_turn_passes_round_the_table(seats: tuple[int, int]) -> None:
    """R2.7: seat order, and after the last seat the first."""
    n, seat = seats
    assert turns.next_seat(seat, n) == (seat + 1 if seat < n - 1 else 0)


@given(st.integers(0, 3), st.integers(0, 3), st.sampled_from([*Card, None]), st.integers(0, 99))
def test_a_seat_sees_the_drawn_card_and_moves_only_when_it_is_its_turn(
    seat: int, current: int, drawn: Card | None, actions: int
) -> None:
    """R8.3: the drawn card is seen by the player to move only; R8: only that player has
    legal actions."""
    assert turns.sees_drawn(seat, current, drawn) == (drawn if seat == current else None)
    assert turns.seat_actions(seat, current, actions) == (actions if seat == current else 0)


@given(st.lists(st.sampled_from(list(Card)), min_size=1, max_size=5), st.sampled_from(list(Card)))
def test_the_replaced_card_goes_on_top_of_the_discard_pile(pile: list[Card], old: Card) -> None:
    """R3.4a: the replaced card goes face up on top; R3.2: when the card placed was the top
    of the pile, taken from it, the replaced card takes its place."""
    assert turns.discard_replaced(tuple(pile), old, False) == (*pile, old)
    assert turns.discard_replaced(tuple(pile), old, True) == (*pile[:-1], old)


@given(
    st.permutations(list(Legend)).flatmap(
        lambda legends: st.tuples(
            st.just(legends), st.integers(1, 8), st.integers(0, 7), st.integers(0, 7)
        )
    )
)
def test_a_claimed_legend_is_replaced_from_the_deck(
    case: tuple[list[Legend], int, int, int],
) -> None:
    """R6.2: the top of the legend deck takes the claimed Legend's slot; with no deck left,
    the row shrinks."""
    legends, size, slot, deck_size = case
    slot = min(slot, size - 1)
    row, deck = tuple(legends[:size]), tuple(legends[size : size + deck_size])
    new_row, new_deck = turns.refill_row(row, deck, slot)
    if deck:
        assert new_row == (*row[:slot], deck[-1], *row[slot + 1 :]) and new_deck == deck[:-1]
    else:
        assert new_row == (*row[:slot], *row[slot + 1 :]) and new_deck == ()


@given(kingdoms(), full_kingdoms())
def test_every_unexplored_land_is_turned_over_at_the_end(shown: Kingdom, under: Kingdom) -> None:
    """R7.2: each Unexplored Land shows the card under it; revealed cards stay."""
    codes = turns.turned_over(shown.codes, under.codes)
    assert tuple(CARD_OF_CODE[c] for c in codes) == tuple(
        u if s is None else s for s, u in zip(shown, under, strict=True)
    )


def test_cells_and_hidden_cards_of_different_lengths_are_refused() -> None:
    """R7.2's turn-over pairs each cell with the card under it: a hidden table of the wrong
    length is an error, never silently cut to the shorter."""
    with pytest.raises(ValueError):
        turns.turned_over((UNEXPLORED,) * 16, (CODE_OF[Card.ELF],) * 15)
