"""Legends in play (R6): when they can be claimed, the row refilled, claims kept."""

from __future__ import annotations

import pytest
from hypothesis import given

from drako_rules import (
    CLASSIC,
    Card,
    Claim,
    End,
    GameState,
    IllegalMoveError,
    Legend,
    Move,
    Phase,
    Take,
    apply_move,
    legal_moves,
    legends_met,
)
from game_checks import build
from strategies import evolved, game_states

L = Legend
# Kingdom meeting alliance-human-elf (E at (1,1) beside H at (2,1)) and nothing else.
ALLIANCE = "????/?E??/?H??/????"
ROW = [L.ALLIANCE_HUMAN_ELF, L.TWO_ELVES, L.TWO_DWARVES, L.TWO_HUMANS]
ROW += [L.TWO_GOBLINS, L.THREE_FORESTS, L.THREE_MOUNTAINS, L.THREE_PLAINS]


def claims(state: GameState) -> list[Legend]:
    return [m.legend for m in legal_moves(state) if isinstance(m, Claim)]


def test_r6_1_claim_before_taking_a_card() -> None:
    """R6.1: at the start of the turn a met Legend of the row can be claimed; the player then
    still takes a card, and cannot claim again this turn."""
    state = build(ALLIANCE, legend_row=ROW)
    assert claims(state) == [L.ALLIANCE_HUMAN_ELF]
    after = apply_move(state, Claim(L.ALLIANCE_HUMAN_ELF))
    assert after.players[0].legends == (L.ALLIANCE_HUMAN_ELF,)
    assert after.phase is Phase.BEFORE_CARD and after.current_player == 0
    assert after.claimed_this_turn and claims(after) == []
    assert any(isinstance(m, Take) for m in legal_moves(after))


def test_r6_1_at_most_one_legend_per_turn() -> None:
    """R6.1: after claiming before the card action, a second claim after it is not offered;
    forcing it raises R6.1. The turn then passes by itself."""
    row = [L.ALLIANCE_HUMAN_ELF, L.TWO_ELVES, *ROW[2:]]
    state = build(ALLIANCE, legend_row=row, discard="E")
    state = apply_move(state, Claim(L.ALLIANCE_HUMAN_ELF))
    # Taking the Elf beside the other Elf meets two-elves, but a Legend was claimed already.
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Claim(L.TWO_ELVES))
    assert info.value.rule == "R6.1"
    after = apply_move(state, Move.parse("take 1,2"))
    assert L.TWO_ELVES in legends_met(after.players[0].kingdom)
    assert after.current_player == 1 and after.phase is Phase.BEFORE_CARD


def test_r6_1_claim_after_the_card_action_ends_the_turn() -> None:
    """R6.1: after the card action a met Legend may be claimed, which ends the turn, or the
    player ends the turn without it."""
    state = build("????/?E??/????/????", legend_row=ROW, discard="H")
    assert claims(state) == []
    after_take = apply_move(state, Move.parse("take 2,1"))
    assert after_take.phase is Phase.AFTER_CARD and after_take.current_player == 0
    assert set(legal_moves(after_take)) == {Claim(L.ALLIANCE_HUMAN_ELF), End()}
    claimed = apply_move(after_take, Claim(L.ALLIANCE_HUMAN_ELF))
    assert claimed.current_player == 1 and claimed.phase is Phase.BEFORE_CARD
    assert claimed.players[0].legends == (L.ALLIANCE_HUMAN_ELF,)
    declined = apply_move(after_take, End())
    assert declined.current_player == 1 and declined.players[0].legends == ()
    assert L.ALLIANCE_HUMAN_ELF in declined.legend_row


def test_r6_1_no_claim_while_holding_a_drawn_card() -> None:
    """R6.1: a Legend is claimed before taking a card or after the card action, not between."""
    state = build(ALLIANCE, legend_row=ROW, phase=Phase.DRAWN, drawn=Card.FOREST)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Claim(L.ALLIANCE_HUMAN_ELF))
    assert info.value.rule == "R6.1"


def test_r6_1_requirement_must_be_met_by_revealed_cards() -> None:
    """R6.1: the Kingdom must meet the requirement; hidden cards count for nothing (R4.6).

    Two Elves hidden side by side under (0,0) and (0,1) do not meet two-elves.
    """
    state = build("????/?W??/?G??/????", hidden="EE??/????/????/????")
    assert claims(state) == []
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Claim(L.TWO_ELVES))
    assert info.value.rule == "R6.1" and "two-elves" in str(info.value)


def test_r6_1_only_legends_of_the_row() -> None:
    """R6.1: a met Legend that is still in the legend deck cannot be claimed."""
    row = [*ROW[1:], L.FOUR_TRIBES]
    state = build(ALLIANCE, legend_row=row)
    assert L.ALLIANCE_HUMAN_ELF in state.legend_deck
    assert claims(state) == []
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Claim(L.ALLIANCE_HUMAN_ELF))
    assert info.value.rule == "R6.1"


def test_r6_2_the_row_is_refilled_in_the_same_slot() -> None:
    """R6.2: the top of the legend deck (its last item) takes the claimed Legend's slot."""
    deck = [L.FOUR_TRIBES, L.BATTLE_ELF_DWARF]
    state = build(ALLIANCE, legend_row=ROW, legend_deck=deck)
    after = apply_move(state, Claim(L.ALLIANCE_HUMAN_ELF))
    assert after.legend_row == (L.BATTLE_ELF_DWARF, *ROW[1:])
    assert after.legend_deck == (L.FOUR_TRIBES,)


def test_r6_2_the_row_shrinks_when_the_deck_is_empty() -> None:
    """R6.2: with no Legend left in the deck, the row loses the claimed Legend's slot."""
    state = build(ALLIANCE, legend_row=ROW, legend_deck=[])
    after = apply_move(state, Claim(L.ALLIANCE_HUMAN_ELF))
    assert after.legend_row == tuple(ROW[1:])
    assert after.legend_deck == ()


def test_r6_3_a_claimed_legend_stays_and_no_one_else_claims_it() -> None:
    """R6.3: a Legend claimed by player 0 stays with player 0 even after the Kingdom changes,
    and claiming it again names the owner."""
    state = build(ALLIANCE, legend_row=ROW, discard="G")
    state = apply_move(state, Claim(L.ALLIANCE_HUMAN_ELF))
    state = apply_move(state, Move.parse("take 1,1"))  # the Goblin replaces the Elf
    assert L.ALLIANCE_HUMAN_ELF not in legends_met(state.players[0].kingdom)
    assert state.players[0].legends == (L.ALLIANCE_HUMAN_ELF,)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Claim(L.ALLIANCE_HUMAN_ELF))
    assert info.value.rule == "R6.3" and "player 0" in str(info.value)


@given(game_states())
def test_r6_1_claims_offered_are_exactly_the_met_legends_of_the_row(state: GameState) -> None:
    """R6.1: the Claim moves offered are the row's Legends met by the revealed Kingdom, when
    the player may still claim this turn."""
    offered = set(claims(state))
    if state.phase in (Phase.BEFORE_CARD, Phase.AFTER_CARD) and not state.claimed_this_turn:
        met = legends_met(state.players[state.current_player].kingdom)
        assert offered == met & set(state.legend_row)
    else:
        assert offered == set()


def test_r6_1_claims_use_the_games_ruleset() -> None:
    """R6.1, R9.3: "GHOG" meets battle-goblin-human only through the Portal, so a classic
    game offers the claim and a pocket game does not (and refuses it, R6.1)."""
    row = [L.BATTLE_GOBLIN_HUMAN, *ROW[1:]]
    kingdom = "GHOG/????/????/????"
    pocket = build(kingdom, legend_row=row)
    classic = evolved(pocket, ruleset=CLASSIC)
    assert L.BATTLE_GOBLIN_HUMAN not in claims(pocket)
    assert L.BATTLE_GOBLIN_HUMAN in claims(classic)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(pocket, Claim(L.BATTLE_GOBLIN_HUMAN))
    assert info.value.rule == "R6.1"
    after = apply_move(classic, Claim(L.BATTLE_GOBLIN_HUMAN))
    assert after.players[0].legends == (L.BATTLE_GOBLIN_HUMAN,)


@pytest.mark.parametrize(("before", "discard", "met"), [("MMM?", "F", False), ("MFM?", "M", True)])
def test_r6_1_a_card_that_leaves_or_enters_a_cell_changes_the_legends_met(
    before: str, discard: str, met: bool
) -> None:
    """R6.1, R6.4: three Mountains in a row meet three-mountains; a Forest taken onto the
    middle one breaks it (no claim: the turn passes), and a Mountain taken onto a Forest
    between two Mountains makes it (claim it or end the turn). Each kind that leaves or
    enters the cell is checked again, the Mountain leaving included."""
    row = [L.THREE_MOUNTAINS, L.TWO_ELVES, L.TWO_DWARVES, L.TWO_HUMANS]
    state = build(f"{before}/????/????/????", legend_row=row, discard=discard)
    after = apply_move(state, Move.parse("take 0,1"))
    assert str(after.players[0].kingdom).startswith("MMM?" if met else "MFM?")
    if met:
        assert after.current_player == 0 and after.phase is Phase.AFTER_CARD
        assert set(legal_moves(after)) == {Claim(L.THREE_MOUNTAINS), End()}
    else:
        assert after.current_player == 1 and after.phase is Phase.BEFORE_CARD
