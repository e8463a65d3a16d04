"""A turn (R3): taking the discard, drawing, placing, discarding and revealing, reshuffles."""

from __future__ import annotations

import pytest
from hypothesis import given

from drako_rules import (
    Card,
    Draw,
    End,
    GameError,
    GameState,
    IllegalMoveError,
    Legend,
    Move,
    Phase,
    Place,
    Position,
    Reveal,
    Take,
    apply_move,
    legal_moves,
)
from game_checks import build, check_invariants
from strategies import evolved, game_states

P = Position.parse


def positions(moves: tuple[Move, ...], kind: type) -> set[str]:
    return {str(m.position) for m in moves if isinstance(m, kind)}  # type: ignore[attr-defined]


def test_r3_1_a_turn_starts_with_taking_or_drawing() -> None:
    """R3.1: at the start of a turn the player takes the discard or draws; ending is illegal."""
    state = build("????/?EW?/?HG?/????", discard="F")
    moves = legal_moves(state)
    assert Draw() in moves and any(isinstance(m, Take) for m in moves)
    assert not any(isinstance(m, Place | Reveal | End) for m in moves)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, End())
    assert info.value.rule == "R3.1"


def test_r3_1_only_one_card_per_turn() -> None:
    """R3.1: after the card action, taking or drawing again is illegal (the player may only
    claim a Legend or end the turn)."""
    # Elf beside Human after the take: alliance-human-elf is met, so the turn waits.
    row = [Legend.ALLIANCE_HUMAN_ELF, *list(Legend)[:7]]
    state = build("????/?E??/?H??/????", discard="W", legend_row=row)
    state = apply_move(state, Move.parse("take 1,2"))
    assert state.phase is Phase.AFTER_CARD and state.current_player == 0
    for move in ("draw", "take 0,0", "place 0,0", "reveal 0,0"):
        with pytest.raises(IllegalMoveError) as info:
            apply_move(state, Move.parse(move))
        assert info.value.rule == "R3.1"


def test_r3_2_take_places_the_discard_top() -> None:
    """R3.2, R3.4a: the taken card lands on the position; the replaced card becomes the top.

    Kingdom ``FFFF/FEWF/FHGF/FFF?`` with discard ``S M``: taking the Mountain onto (1,1)
    (the Elf) puts the Mountain there and the Elf on top of ``S``.
    """
    state = build("FFFF/FEWF/FHGF/FFF?", discard="SM")
    after = apply_move(state, Move.parse("take 1,1"))
    assert after.players[0].kingdom[P("1,1")] is Card.MOUNTAIN
    assert after.discard_pile == (Card.SWAMP, Card.ELF)
    assert after.draw_pile == state.draw_pile


def test_r3_2_illegal_places_are_not_offered() -> None:
    """R3.2: the discard can be taken only onto positions where R3.4 allows it.

    ``DOEE/????/????/????`` with an Elf on the discard: not the Dragon (R3.4b), not the
    Portal (R3.4b), not the Elves (R3.4c); every Unexplored Land (R3.4d).
    """
    state = build("DOEE/????/????/????", discard="E")
    takes = positions(legal_moves(state), Take)
    assert takes == {f"({r},{c})" for r in range(1, 4) for c in range(4)}


def test_r3_3_drawing_shows_the_card_to_its_player() -> None:
    """R3.3: a draw takes the top of the draw pile into the player's hand (phase drawn)."""
    state = build("????/?EW?/?HG?/????", draw="MPD")
    after = apply_move(state, Draw())
    assert after.phase is Phase.DRAWN and after.drawn is Card.DRAGON
    assert after.draw_pile == (Card.MOUNTAIN, Card.PLAIN)
    assert after.current_player == 0


def test_r3_3_drawn_card_is_placed_or_discarded_with_a_reveal() -> None:
    """R3.3: with a drawn card, the moves are placing it (R3.4) or revealing an Unexplored Land."""
    state = build("DO??/????/????/FFFF", draw="F", phase=Phase.DRAWN, drawn=Card.FOREST)
    moves = legal_moves(state)
    assert all(isinstance(m, Place | Reveal) for m in moves)
    assert positions(moves, Reveal) == {f"({r},{c})" for r in range(3) for c in range(4)} - {
        "(0,0)",
        "(0,1)",
    }
    assert positions(moves, Place) == positions(moves, Reveal)  # not D, O, or the Forests


def test_r3_3_reveal_discards_the_drawn_card_and_turns_the_land() -> None:
    """R3.3: the drawn card goes face up on the discard pile; the chosen Land is revealed."""
    state = build(
        "????/?EW?/?HG?/????",
        hidden="SPPP/P??P/P??P/PPPP",
        discard="F",
        phase=Phase.DRAWN,
        drawn=Card.DRAGON,
    )
    after = apply_move(state, Move.parse("reveal 0,0"))
    assert after.players[0].kingdom[P("0,0")] is Card.SWAMP
    assert after.hidden[0][0] is None
    assert after.discard_pile == (Card.FOREST, Card.DRAGON)
    assert after.drawn is None


def test_r3_3_only_an_unexplored_land_can_be_revealed() -> None:
    """R3.3: revealing a face-up card is illegal and names the position."""
    state = build("????/?EW?/?HG?/????", phase=Phase.DRAWN, drawn=Card.DRAGON)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Move.parse("reveal 1,1"))
    assert info.value.rule == "R3.3" and "(1,1)" in str(info.value)


def test_r3_3_no_place_or_reveal_without_a_drawn_card() -> None:
    """R3.3: placing or revealing needs a drawn card."""
    state = build("????/?EW?/?HG?/????")
    for text in ("place 0,0", "reveal 0,0"):
        with pytest.raises(IllegalMoveError) as info:
            apply_move(state, Move.parse(text))
        assert info.value.rule == "R3.3"


def test_r3_4a_replaced_card_goes_face_up_on_the_discard_pile() -> None:
    """R3.4a: placing a drawn Goblin on a Forest puts the Forest on top of the discard."""
    state = build("F???/?EW?/?HG?/????", discard="S", phase=Phase.DRAWN, drawn=Card.GOBLIN)
    after = apply_move(state, Move.parse("place 0,0"))
    assert after.players[0].kingdom[P("0,0")] is Card.GOBLIN
    assert after.discard_pile == (Card.SWAMP, Card.FOREST)


@pytest.mark.parametrize("locked", ["D", "O"])
@pytest.mark.parametrize("how", ["take", "place"])
def test_r3_4b_dragons_and_portals_are_never_replaced(locked: str, how: str) -> None:
    """R3.4b: a revealed Dragon or Portal can never be replaced, by taking or placing."""
    kingdom = f"{locked}???/?EW?/?HG?/????"
    if how == "take":
        state = build(kingdom, discard="F")
    else:
        state = build(kingdom, phase=Phase.DRAWN, drawn=Card.FOREST)
    assert Move.parse(f"{how} 0,0") not in legal_moves(state)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Move.parse(f"{how} 0,0"))
    assert info.value.rule == "R3.4b"
    assert "(0,0)" in str(info.value)


@pytest.mark.parametrize("how", ["take", "place"])
def test_r3_4c_no_replacement_by_the_same_kind(how: str) -> None:
    """R3.4c: an Elf cannot replace an Elf (taking or placing); it may replace a Dwarf."""
    kingdom = "????/?EW?/?HG?/????"
    if how == "take":
        state = build(kingdom, discard="E")
    else:
        state = build(kingdom, phase=Phase.DRAWN, drawn=Card.ELF)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Move.parse(f"{how} 1,1"))
    assert info.value.rule == "R3.4c"
    assert Move.parse(f"{how} 1,2") in legal_moves(state)


@pytest.mark.parametrize("how", ["take", "place"])
def test_r3_4d_an_unexplored_land_goes_to_the_discard_revealed(how: str) -> None:
    """R3.4d: any card may replace an Unexplored Land, which goes face up to the discard pile."""
    kingdom = "????/?EW?/?HG?/????"
    hidden = "DPPP/P??P/P??P/PPPP"  # a Dragon hides under (0,0)
    if how == "take":
        state = build(kingdom, hidden=hidden, discard="SD")
        expected = (Card.SWAMP, Card.DRAGON)
    else:
        state = build(kingdom, hidden=hidden, discard="S", phase=Phase.DRAWN, drawn=Card.DRAGON)
        expected = (Card.SWAMP, Card.DRAGON)
    after = apply_move(state, Move.parse(f"{how} 0,0"))
    assert after.players[0].kingdom[P("0,0")] is Card.DRAGON
    assert after.discard_pile == expected
    assert after.hidden[0][0] is None


def test_r3_5_empty_draw_pile_reshuffles_the_discard_pile_but_its_top() -> None:
    """R3.5: drawing from an empty draw pile shuffles the discard pile except its top card.

    Discard ``F M P S E`` (top E): the new draw pile is F M P S in some order, minus the
    card drawn; the Elf stays alone on the discard pile.
    """
    state = build("????/?EW?/?HG?/????", discard="FMPSE", draw="")
    after = apply_move(state, Draw())
    assert after.discard_pile == (Card.ELF,)
    assert after.drawn is not None
    assert sorted(c.value for c in (*after.draw_pile, after.drawn)) == sorted("FMPS")
    assert after.reshuffles == state.reshuffles + 1
    assert apply_move(state, Draw()) == after  # the shuffle comes from the state (R2.8)


def test_r3_5_successive_reshuffles_differ() -> None:
    """R3.5, R2.8: each reshuffle draws from its own generator (seed and reshuffle count)."""
    state = build("????/?EW?/?HG?/????", discard="FMPSEWHGDOF", draw="")
    results = {apply_move(evolved(state, reshuffles=n), Draw()) for n in range(6)}
    assert len({(s.draw_pile, s.drawn) for s in results}) > 1
    seeds = {apply_move(evolved(state, seed=n), Draw()) for n in range(6)}
    assert len({(s.draw_pile, s.drawn) for s in seeds}) > 1


def test_r3_5_no_draw_when_both_piles_are_too_small() -> None:
    """R3.5: with an empty draw pile and a discard pile of one, drawing is not possible."""
    state = build("????/?EW?/?HG?/????", discard="F", draw="")
    assert Draw() not in legal_moves(state)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Draw())
    assert info.value.rule == "R3.5"
    assert any(isinstance(m, Take) for m in legal_moves(state))


@given(game_states())
def test_r3_5_drawing_is_always_possible_at_the_start_of_a_turn(state: GameState) -> None:
    """R3.5 ruling: in a real game the piles hold deck − 16·players cards, so Draw is legal."""
    if state.phase is Phase.BEFORE_CARD:
        assert Draw() in legal_moves(state)
        check_invariants(state)


@given(game_states())
def test_r3_4_a_card_always_has_a_legal_place(state: GameState) -> None:
    """R3.2–R3.4 ruling: until the end, the discard top can be taken and a drawn card placed."""
    moves = legal_moves(state)
    if state.phase is Phase.BEFORE_CARD:
        assert any(isinstance(m, Take) for m in moves)
    if state.phase is Phase.DRAWN:
        assert any(isinstance(m, Place) for m in moves)
        assert any(isinstance(m, Reveal) for m in moves)


@pytest.mark.parametrize(
    ("phase", "drawn"),
    [
        (Phase.BEFORE_CARD, Card.ELF),
        (Phase.AFTER_CARD, Card.ELF),
        (Phase.ARRANGE, Card.FOREST),
        (Phase.OVER, Card.DRAGON),
        (Phase.DRAWN, None),
    ],
)
def test_r3_3_a_state_whose_phase_and_drawn_card_contradict_is_refused(
    phase: Phase, drawn: Card | None
) -> None:
    """R3.3: a drawn card exists exactly in phase DRAWN; a state built by hand otherwise
    raises GameError, so no move R3.3 forbids can apply to it."""
    state = build("????/?EW?/?HG?/????")
    with pytest.raises(GameError, match="drawn"):
        evolved(state, phase=phase, drawn=drawn)
    assert evolved(state, phase=Phase.DRAWN, drawn=Card.ELF).drawn is Card.ELF


def test_a_state_of_the_wrong_types_is_refused() -> None:
    """GameState refuses a ruleset that is not a Ruleset, players that are not PlayerStates
    and a drawn card that is not a Card, with GameError."""
    state = build("????/?EW?/?HG?/????")
    for changes in (
        {"ruleset": "pocket"},
        {"players": list(state.players)},
        {"players": (state.players[0], None)},
        {"phase": Phase.DRAWN, "drawn": "E"},
    ):
        with pytest.raises(GameError):
            evolved(state, **changes)
