"""End of the game (R7): when it ends, the final reveal, scores and ranking."""

from __future__ import annotations

import pytest
from hypothesis import given

from drako_rules import (
    MOVES,
    Card,
    Claim,
    GameError,
    IllegalMoveError,
    Kingdom,
    Legend,
    Move,
    Phase,
    PlayedGame,
    apply_move,
    final_ranking,
    final_scores,
    legal_action_mask,
    legal_moves,
    ranking,
    score,
)
from game_checks import build, check_invariants
from strategies import finished_games

# Player 0 has one Unexplored Land left, at (3,3); the rest meets two-elves (row 0).
ALMOST = "EEFF/FWMM/PPHS/SSG?"


@pytest.mark.parametrize(
    ("kwargs", "move"),
    [
        ({"discard": "D"}, "take 3,3"),
        ({"phase": Phase.DRAWN, "drawn": Card.DRAGON}, "place 3,3"),
        ({"phase": Phase.DRAWN, "drawn": Card.DRAGON}, "reveal 3,3"),
    ],
)
def test_r7_1_the_game_ends_when_the_last_unexplored_land_goes(
    kwargs: dict[str, object], move: str
) -> None:
    """R7.1: taking, placing or revealing onto the last Unexplored Land ends the game at once."""
    state = build(ALMOST, **kwargs)  # type: ignore[arg-type]
    after = apply_move(state, Move.parse(move))
    assert after.is_over and after.phase is Phase.OVER
    assert after.players[0].kingdom.is_complete
    assert legal_moves(after) == ()
    assert not any(legal_action_mask(after))


def test_r7_1_no_legend_after_the_ending_action() -> None:
    """R7.1: the player who ends the game claims no Legend after that action, even one met.

    Row: two-elves is met by ``EE`` on row 0 and was not claimed this turn.
    """
    state = build(ALMOST, discard="D", legend_row=[Legend.TWO_ELVES])
    assert Claim(Legend.TWO_ELVES) in legal_moves(state)  # claimable before the card action
    after = apply_move(state, Move.parse("take 3,3"))
    assert after.is_over and after.players[0].legends == ()
    with pytest.raises(IllegalMoveError) as info:
        apply_move(after, Claim(Legend.TWO_ELVES))
    assert info.value.rule == "R7.1"


def test_r7_1_replacing_a_revealed_card_does_not_end_the_game() -> None:
    """R7.1: the game ends only when no Unexplored Land is left, not on any other placement."""
    state = build(ALMOST, discard="D")
    after = apply_move(state, Move.parse("take 0,2"))  # Dragon over a Forest
    assert not after.is_over and after.players[0].kingdom.count(None) == 1


def test_r7_1_no_one_moves_after_the_end() -> None:
    """R7.1: every move raises IllegalMoveError (rule R7.1) once the game is over."""
    after = apply_move(build(ALMOST, discard="D"), Move.parse("take 3,3"))
    for move in MOVES:
        with pytest.raises(IllegalMoveError) as info:
            apply_move(after, move)
        assert info.value.rule == "R7.1"


def test_r7_2_every_unexplored_land_is_revealed() -> None:
    """R7.2: the other player's Unexplored Lands (Swamps hidden) are all turned face up."""
    state = build(ALMOST, discard="D", other="????/?EW?/?HG?/????")
    after = apply_move(state, Move.parse("take 3,3"))
    assert after.players[1].kingdom == Kingdom.parse("SSSS/SEWS/SHGS/SSSS")
    assert after.hidden == ((None,) * 16, (None,) * 16)


def test_r7_3_final_scores_and_ranking() -> None:
    """R7.3: final_scores scores each revealed Kingdom with its Legends; final_ranking ranks them."""
    state = build(ALMOST, discard="D", claimed=[Legend.FOUR_TRIBES], other="????/?EW?/?HG?/????")
    after = apply_move(state, Move.parse("take 3,3"))
    sheets = final_scores(after)
    assert sheets[0] == score(Kingdom.parse("EEFF/FWMM/PPHS/SSGD"), [Legend.FOUR_TRIBES])
    assert sheets[1] == score(Kingdom.parse("SSSS/SEWS/SHGS/SSSS"))
    assert final_ranking(after) == ranking(sheets)


def test_r7_3_no_final_scores_before_the_end() -> None:
    """R7.3: final scores exist only once the game is over."""
    with pytest.raises(GameError):
        final_scores(build(ALMOST))
    with pytest.raises(GameError):
        final_ranking(build(ALMOST))


@given(finished_games())
def test_r7_random_games_end_as_r7_says(game: PlayedGame) -> None:
    """R7: a finished random game has every Kingdom revealed, the ender's Kingdom complete,
    and scores and places for every player (R5.6)."""
    state = game.state
    assert state.is_over
    check_invariants(state)
    sheets = final_scores(state)
    assert len(sheets) == len(state.players)
    for sheet, player in zip(sheets, state.players, strict=True):
        assert sheet.total == sum(sheet.values)
        assert sheet.legends == sum(x.points for x in player.legends)
    places = final_ranking(state).places
    assert min(places) == 1 and all(1 <= p <= len(places) for p in places)
