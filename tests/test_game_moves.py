"""Moves: text forms, the fixed action space, and legal action masks."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drako_rules import (
    ACTION_SPACE_SIZE,
    MOVES,
    Arrange,
    Card,
    Claim,
    Draw,
    End,
    GameError,
    InvalidMoveError,
    Legend,
    Move,
    Place,
    Position,
    Reveal,
    Take,
    action_id,
    apply_move,
    legal_action_mask,
    legal_moves,
    move_from_action_id,
    new_game,
)
from strategies import game_states


@pytest.mark.parametrize("move", MOVES, ids=str)
def test_text_form_round_trips(move: Move) -> None:
    """Move.parse(str(m)) == m for every possible move, and gives the prebuilt instance."""
    parsed = Move.parse(str(move))
    assert parsed == move
    assert parsed is move


def test_action_space_is_a_bijection() -> None:
    """Ids 0..88 name 89 distinct moves, and action_id inverts move_from_action_id."""
    assert ACTION_SPACE_SIZE == 24 + 15 + 16 + 1 + 16 + 16 + 1 == 89
    assert len(set(MOVES)) == ACTION_SPACE_SIZE
    for n in range(ACTION_SPACE_SIZE):
        assert action_id(move_from_action_id(n)) == n


def test_action_space_layout() -> None:
    """The documented id ranges: arrangements, claims, takes, draw, places, reveals, end."""
    assert all(isinstance(m, Arrange) for m in MOVES[0:24])
    assert [m.legend for m in MOVES[24:39] if isinstance(m, Claim)] == list(Legend)
    assert [m.position.index for m in MOVES[39:55] if isinstance(m, Take)] == list(range(16))
    assert MOVES[55] == Draw()
    assert [m.position.index for m in MOVES[56:72] if isinstance(m, Place)] == list(range(16))
    assert [m.position.index for m in MOVES[72:88] if isinstance(m, Reveal)] == list(range(16))
    assert MOVES[88] == End()
    orders = [m.order for m in MOVES[:24] if isinstance(m, Arrange)]
    assert orders == list(itertools.permutations(range(4)))


def test_hand_built_moves_equal_prebuilt_ones() -> None:
    """A move built by hand equals and hashes like the prebuilt instance with the same id."""
    built = Take(Position(2, 3))
    assert built == move_from_action_id(39 + 11) and hash(built) == hash(MOVES[50])
    assert Arrange((1, 0, 3, 2)) == Move.parse("arrange 1032") == Arrange("1032")
    assert Claim(Legend.FOUR_TRIBES).action_id == 38


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("take 1,2", Take(Position(1, 2))),
        ("  TAKE (1, 2)  ", Take(Position(1, 2))),
        ("place 3 0", Place(Position(3, 0))),
        ("reveal 0,0", Reveal(Position(0, 0))),
        ("Draw", Draw()),
        ("end", End()),
        ("claim TWO_ELVES", Claim(Legend.TWO_ELVES)),
        ("arrange 3 2 1 0", Arrange((3, 2, 1, 0))),
    ],
)
def test_parse_is_lenient_about_case_and_spaces(text: str, expected: Move) -> None:
    """Words are case-insensitive and spaces free; positions read as in Position.parse."""
    assert Move.parse(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump",
        "take",
        "take 4,0",
        "take 1",
        "draw 1,2",
        "end now",
        "claim three-dragons",
        "arrange 0012",
        "arrange 01234",
        "arrange abcd",
        "place",
        "12",
    ],
)
def test_unreadable_text_raises_invalid_move_error(text: str) -> None:
    """Text that is no move of any game raises InvalidMoveError quoting it."""
    with pytest.raises(InvalidMoveError) as info:
        Move.parse(text)
    assert repr(text) in str(info.value) or text.split()[0] in str(info.value)


@pytest.mark.parametrize("bad", [-1, 89, 1000, True, "3", 3.0, None])
def test_bad_action_ids_raise_invalid_move_error(bad: object) -> None:
    """Only the integers 0..88 are action ids."""
    with pytest.raises(InvalidMoveError):
        move_from_action_id(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "build",
    [
        lambda: Take((1, 2)),  # type: ignore[arg-type]
        lambda: Claim("two-elves"),  # type: ignore[arg-type]
        lambda: Arrange((0, 1, 2)),
        lambda: Arrange((0, 1, 2, 2)),
        lambda: Arrange((True, 0, 2, 3)),
    ],
)
def test_malformed_moves_cannot_be_built(build: object) -> None:
    """A move's fields are checked when it is built: positions, Legends, orders of 0123."""
    with pytest.raises(InvalidMoveError):
        build()  # type: ignore[operator]


def test_apply_move_rejects_non_moves() -> None:
    """apply_move takes a Move, not its text, and a GameState."""
    state = new_game(2, seed=1)
    with pytest.raises(InvalidMoveError):
        apply_move(state, "arrange 0123")  # type: ignore[arg-type]
    with pytest.raises(GameError):
        apply_move("state", MOVES[0])  # type: ignore[arg-type]


def test_arrange_from_cards() -> None:
    """R2.5: Arrange.from_cards names each centre card by its index in the hand."""
    hand = (Card.MOUNTAIN, Card.ELF, Card.GOBLIN, Card.PORTAL)
    move = Arrange.from_cards(hand, "OGEM")
    assert move.order == (3, 2, 1, 0)
    assert move.cards(hand) == (Card.PORTAL, Card.GOBLIN, Card.ELF, Card.MOUNTAIN)
    with pytest.raises(InvalidMoveError):
        Arrange.from_cards(hand, "OGEF")  # a Forest is not in the hand
    with pytest.raises(InvalidMoveError):
        Arrange.from_cards(hand, "OGE")


@given(game_states())
def test_legal_moves_are_sorted_by_action_id_and_match_the_mask(state: object) -> None:
    """legal_moves is in increasing id order, and legal_action_mask marks exactly those ids."""
    from drako_rules import GameState

    assert isinstance(state, GameState)
    moves = legal_moves(state)
    ids = [m.action_id for m in moves]
    assert ids == sorted(set(ids))
    mask = legal_action_mask(state)
    assert len(mask) == ACTION_SPACE_SIZE
    assert [i for i, ok in enumerate(mask) if ok] == ids
    assert all(m is MOVES[m.action_id] for m in moves)  # prebuilt instances


@given(st.sampled_from(MOVES))
def test_moves_are_small_frozen_values(move: Move) -> None:
    """Moves are immutable and have no per-instance dict (slots)."""
    assert not hasattr(move, "__dict__")
    with pytest.raises(AttributeError):
        move.verb = "x"  # type: ignore[misc]
