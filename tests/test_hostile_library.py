"""Hostile calls of the library (issue 24, §3.5 and §3.6): each bad argument raises one
``DrakoError`` subclass naming what was expected, in bounded time; a player's view shares no
mutable object with the game, so a player writing into it cannot change the game."""

from __future__ import annotations

import enum
import random
import time
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drako_rules import (
    Arrange,
    Card,
    DrakoError,
    DrakoTypeError,
    GameRecord,
    GameState,
    InvalidMoveError,
    Move,
    NotationError,
    PlayerView,
    Position,
    apply_move,
    legal_moves,
    new_game,
    player_view,
    random_move,
    state_from_json,
    state_to_json,
)
from strategies import game_states

HAND = (Card.FOREST, Card.ELF, Card.HUMAN, Card.DRAGON)


def _refused(call: Callable[[], object], kind: type[DrakoError], *words: str) -> str:
    """The message of the ``kind`` that ``call`` raises, in under a second, naming ``words``."""
    start = time.perf_counter()
    with pytest.raises(kind) as caught:
        call()
    assert time.perf_counter() - start < 1.0
    message = str(caught.value)
    assert len(message) < 300, message
    for word in words:
        assert word in message, (word, message)
    return message


# --- §3.6: the library's own errors, naming what was expected -------------------------------


@pytest.mark.parametrize(
    "text",
    ["1" * 5000 + ",2", "2," + "9" * 100_000, "0" * 50 + ",1", "1" + " " * 100_000 + "x", "12,1"],
)
def test_position_parse_of_huge_or_far_coordinates(text: str) -> None:
    """R4.1: a coordinate of thousands of digits (or of spaces) is refused as a NotationError
    quoting a short prefix, never converted to an integer (Python refuses over 4,300 digits)."""
    _refused(lambda: Position.parse(text), NotationError, "0 to 3", "R4.1")


@pytest.mark.parametrize("text", ["1,2", " (1, 2) ", "01,02", "1 2"])
def test_position_parse_still_reads_short_forms(text: str) -> None:
    """R4.1: the forms Position.parse documents are read as before."""
    assert Position.parse(text) == Position(1, 2)


@pytest.mark.parametrize("state", [None, 5, "state", new_game(2, 1).players[0]])
def test_random_move_of_a_non_state(state: object) -> None:
    """``random_move`` given something other than a GameState names what it expected."""
    _refused(
        lambda: random_move(state, random.Random(1)),  # type: ignore[arg-type]
        DrakoTypeError,
        "GameState",
    )


@pytest.mark.parametrize("rng", [None, 5, "seed", random])
def test_random_move_with_a_non_generator(rng: object) -> None:
    """``random_move`` given something other than a random generator names what it expected
    (the ``random`` module itself has ``random()`` and is accepted: not in this list)."""
    if rng is random:
        assert random_move(new_game(2, 1), rng) in legal_moves(new_game(2, 1))  # type: ignore[arg-type]
        return
    _refused(
        lambda: random_move(new_game(2, 1), rng),  # type: ignore[arg-type]
        DrakoTypeError,
        "random.Random",
    )


@pytest.mark.parametrize(
    ("moves", "words"),
    [
        (5, ["sequence of Moves"]),
        ("draw", ["sequence of Moves"]),
        ({"draw": 1}, ["sequence of Moves"]),
        ({Move.parse("draw")}, ["sequence of Moves"]),
        ([Move.parse("draw"), "end"], ["move 1", "Move.parse"]),
        ([None], ["move 0"]),
        (range(10**12), ["move 0"]),
    ],
    ids=["int", "text", "dict", "set", "text-move", "none-move", "range"],
)
def test_game_record_of_a_non_sequence_of_moves(moves: object, words: list[str]) -> None:
    """R2.8: a record's moves are a sequence of Moves in order; anything else is refused at
    construction (an endless iterable of non-moves at its first item)."""
    _refused(
        lambda: GameRecord(seed=1, players=2, moves=moves),  # type: ignore[arg-type]
        DrakoTypeError,
        *words,
    )


def test_game_record_still_takes_any_ordered_iterable() -> None:
    """R2.8: a list, a tuple or a generator of moves is kept, in order."""
    moves = [Move.parse("arrange 0123"), Move.parse("arrange 3210")]
    for given_moves in (moves, tuple(moves), iter(moves)):
        assert GameRecord(seed=1, players=2, moves=given_moves).moves == tuple(moves)


@pytest.mark.parametrize(
    ("hand", "centre", "kind", "words"),
    [
        (5, "HFDE", DrakoTypeError, ["hand cards"]),
        ("FEHD", "HFDE", DrakoTypeError, ["hand cards"]),
        (None, "HFDE", DrakoTypeError, ["hand cards"]),
        ([1, 2, 3, 4], "HFDE", DrakoTypeError, ["hand cards", "Card"]),
        ([[1]], "HFDE", DrakoTypeError, ["hand cards"]),
        (HAND, None, DrakoTypeError, ["centre cards"]),
        (HAND, 5, DrakoTypeError, ["centre cards"]),
        (HAND, [1, 2, 3, 4], DrakoTypeError, ["centre cards"]),
        ((Card.ELF,) * 4, "EEEE", InvalidMoveError, ["4 different hand cards", "R2.3"]),
        ((*HAND, Card.GOBLIN), "HFDE", InvalidMoveError, ["R2.5"]),
        (HAND, "HFD", InvalidMoveError, ["R2.5"]),
        (HAND, "HFDX", InvalidMoveError, ["R2.5"]),
        (HAND, "x" * 100_000, InvalidMoveError, ["R2.5"]),
        (iter(Card), "HFDE", InvalidMoveError, ["R2.5"]),
    ],
)
def test_arrange_from_cards_of_a_bad_hand(
    hand: object, centre: object, kind: type[DrakoError], words: list[str]
) -> None:
    """R2.3, R2.5: a hand or a centre that is not cards, or not 4 different cards in some
    order, is refused with the library's error, quoting a short prefix."""
    _refused(
        lambda: Arrange.from_cards(hand, centre),  # type: ignore[arg-type]
        kind,
        *words,
    )


def test_arrange_from_cards_reads_what_it_documents() -> None:
    """R2.5: cards or letters, any iterable of the 4 hand cards."""
    expected = Arrange.from_cards(HAND, "HFDE")
    assert expected.order == (2, 0, 3, 1)
    assert Arrange.from_cards(list(HAND), [Card.HUMAN, Card.FOREST, Card.DRAGON, Card.ELF]) == (
        expected
    )
    assert Arrange.from_cards(iter(HAND), " hfde ") == expected


# --- §3.5: a player's view cannot touch the game -------------------------------------------


def _graph(value: object, found: dict[int, object]) -> dict[int, object]:
    """Every object reachable from ``value`` through attrs fields and containers, by id."""
    stack = [value]
    while stack:
        item = stack.pop()
        if id(item) in found or isinstance(item, str | int | float | enum.Enum | type(None)):
            continue
        found[id(item)] = item
        if isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif attrs.has(type(item)):
            stack.extend(getattr(item, f.name) for f in attrs.fields(type(item)))  # type: ignore[arg-type]
    return found


def _is_mutable(item: object) -> bool:
    """Whether a player can write into ``item`` without tricks: a container that changes, or
    an object with an instance dictionary."""
    return isinstance(item, list | dict | set | bytearray) or hasattr(item, "__dict__")


@settings(max_examples=60, deadline=None)
@given(game_states(max_steps=120), st.data())
def test_a_view_shares_no_mutable_object_with_its_state(
    state: GameState, data: st.DataObject
) -> None:
    """R8: nothing a view holds that a player could write into is also held by the state."""
    seat = data.draw(st.integers(0, len(state.players) - 1))
    view = player_view(state, seat)
    in_state = _graph(state, {})
    shared = [
        type(item).__name__
        for key, item in _graph(view, {}).items()
        if key in in_state and _is_mutable(item)
    ]
    assert shared == []


def _vandalise(view: PlayerView) -> int:
    """Write into every instance dictionary and container the view holds; how many."""
    written = 0
    for item in _graph(view, {}).values():
        if hasattr(item, "__dict__") and not isinstance(item, type):
            for key in list(vars(item)):
                vars(item)[key] = None
                written += 1
        elif isinstance(item, list | dict | set):
            item.clear()
            written += 1
    return written


@settings(max_examples=40, deadline=None)
@given(game_states(max_steps=120), st.data())
def test_a_player_writing_into_its_view_cannot_change_the_game(
    state: GameState, data: st.DataObject
) -> None:
    """R8: a player that overwrites whatever it was given leaves the game as it was: the
    same state, the same legal moves, the same next state."""
    seat = data.draw(st.integers(0, len(state.players) - 1))
    before = state_to_json(state)
    moves = legal_moves(state)
    _vandalise(player_view(state, seat))
    assert state_to_json(state) == before
    assert legal_moves(state) == moves
    if moves:
        move = data.draw(st.sampled_from(moves))
        untouched = state_from_json(before)
        assert state_to_json(apply_move(state, move)) == state_to_json(apply_move(untouched, move))
