"""Game records and JSON (R2.8): round trips, replay, and tampered documents."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from drako_rules import (
    MOVES,
    RULES_VERSION,
    GameRecord,
    GameState,
    Move,
    PlayedGame,
    RecordError,
    apply_move,
    check_state,
    load_record,
    move_from_json,
    move_to_json,
    new_game,
    play_random_game,
    record_from_json,
    record_to_json,
    replay,
    save_record,
    state_from_json,
    state_to_json,
)
from drako_rules.game.records import MAX_MOVE_JSON
from strategies import finished_games, game_states


@given(finished_games())
def test_r2_8_replay_of_a_finished_game_gives_its_final_state(game: PlayedGame) -> None:
    """R2.8: replaying a game's record from its seed gives an equal final state."""
    assert replay(game.record) == game.state


@given(finished_games())
def test_records_round_trip_through_json(game: PlayedGame) -> None:
    """A record read back from its JSON equals the record."""
    assert record_from_json(record_to_json(game.record)) == game.record


@given(game_states())
def test_states_round_trip_through_json(state: GameState) -> None:
    """Any reachable state read back from its JSON equals the state and passes check_state."""
    assert state_from_json(state_to_json(state)) == state
    assert check_state(state) is state


def test_r2_8_same_seed_and_moves_same_game() -> None:
    """R2.8: two runs from the same seed and moves give equal states at every step."""
    game = play_random_game(4, seed=99)
    a = b = new_game(4, 99)
    for move in game.record.moves:
        a, b = apply_move(a, move), apply_move(b, Move.parse(str(move)))
        assert a == b
    assert a == game.state


def test_save_and_load_a_record(tmp_path: Path) -> None:
    """A record saved to a file loads back equal, and replays."""
    game = play_random_game(3, seed=5)
    path = tmp_path / "game.json"
    save_record(path, game.record)
    assert load_record(path) == game.record
    assert replay(load_record(path)) == game.state


def test_record_json_shape() -> None:
    """The record JSON has the documented fields, moves tagged by 'type'."""
    record = GameRecord(
        seed=7, players=2, moves=[Move.parse("arrange 0123"), Move.parse("take 1,2")]
    )
    data = json.loads(record_to_json(record))
    assert data == {
        "seed": 7,
        "players": 2,
        "first_player": 0,
        "ruleset": "pocket",
        "rules_version": RULES_VERSION,
        "moves": [
            {"type": "arrange", "order": [0, 1, 2, 3]},
            {"type": "take", "position": [1, 2]},
        ],
    }


def _record_data() -> dict[str, Any]:
    game = play_random_game(2, seed=3)
    data: dict[str, Any] = json.loads(record_to_json(game.record))
    assert len(data["moves"]) > 20
    return data


def _tamper(change: str) -> dict[str, Any]:
    data = _record_data()
    moves = data["moves"]
    if change == "seed-text":
        data["seed"] = "3"
    elif change == "seed-bool":
        data["seed"] = True
    elif change == "seed-float":
        data["seed"] = 3.0
    elif change == "players-5":
        data["players"] = 5
    elif change == "first-player-2":
        data["first_player"] = 2
    elif change == "ruleset":
        data["ruleset"] = "blitz"
    elif change == "version":
        data["rules_version"] = "1999.1"
    elif change == "missing-moves":
        del data["moves"]
    elif change == "extra-field":
        data["cheat"] = True
    elif change == "moves-not-a-list":
        data["moves"] = {"0": moves[0]}
    elif change == "unknown-tag":
        moves[12] = {"type": "steal"}
    elif change == "missing-tag":
        moves[12] = {"position": [1, 2]}
    elif change == "move-not-object":
        moves[12] = "draw"
    elif change == "bad-position":
        moves[12] = {"type": "take", "position": [4, 0]}
    elif change == "position-text":
        moves[12] = {"type": "take", "position": "1,2"}
    elif change == "extra-move-field":
        moves[12] = {"type": "draw", "position": [1, 2]}
    elif change == "bad-order":
        moves[0] = {"type": "arrange", "order": [0, 0, 1, 2]}
    elif change == "bad-legend":
        moves[12] = {"type": "claim", "legend": "three-dragons"}
    return data


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ("seed-text", "$.seed"),
        ("seed-bool", "$.seed"),
        ("seed-float", "$.seed"),
        ("players-5", "$.players"),
        ("first-player-2", "$.first_player"),
        ("ruleset", "$.ruleset"),
        ("version", "$.rules_version"),
        ("missing-moves", "$.moves"),
        ("extra-field", "$"),
        ("moves-not-a-list", "$.moves"),
        ("unknown-tag", "$.moves[12]"),
        ("missing-tag", "$.moves[12]"),
        ("move-not-object", "$.moves[12]"),
        ("bad-position", "$.moves[12].position"),
        ("position-text", "$.moves[12].position"),
        ("extra-move-field", "$.moves[12]"),
        ("bad-order", "$.moves[0]"),
        ("bad-legend", "$.moves[12].legend"),
    ],
)
def test_tampered_records_raise_record_error_with_the_path(change: str, path: str) -> None:
    """A malformed or tampered record raises RecordError naming the bad field's path."""
    text = json.dumps(_tamper(change))
    with pytest.raises(RecordError) as info:
        replay(record_from_json(text))
    assert info.value.path == path, str(info.value)
    assert path in str(info.value)


def test_an_illegal_move_in_a_record_names_its_index_and_rule() -> None:
    """Replaying a record with a move the rules forbid at step N raises at $.moves[N]."""
    data = _record_data()
    moves = data["moves"]
    # A second arrangement after the setup is over, at index 5 (R2.5).
    moves[5] = {"type": "arrange", "order": [0, 1, 2, 3]}
    record = record_from_json(json.dumps(data))
    with pytest.raises(RecordError) as info:
        replay(record)
    assert info.value.path == "$.moves[5]"
    assert "R2.5" in str(info.value)


def test_moves_after_the_end_are_rejected() -> None:
    """R7.1: a record that goes on after the game ended fails at the first extra move."""
    game = play_random_game(2, seed=8)
    n = len(game.record.moves)
    record = game.record.with_move(Move.parse("draw"))
    with pytest.raises(RecordError) as info:
        replay(record)
    assert info.value.path == f"$.moves[{n}]" and "R7.1" in str(info.value)


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", '"record"', "42", b"\xff"])
def test_not_a_record_at_all(text: str | bytes) -> None:
    """Text that is not a JSON object raises RecordError at $."""
    with pytest.raises(RecordError) as info:
        record_from_json(text)
    assert info.value.path == "$"


def _state_data() -> dict[str, Any]:
    game = play_random_game(3, seed=4)
    state = new_game(3, 4)
    for move in game.record.moves[:30]:
        state = apply_move(state, move)
    data: dict[str, Any] = json.loads(state_to_json(state))
    return data


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(rules_version="0"), "$.rules_version"),
        (lambda d: d["draw_pile"].append("D"), "$"),  # a card too many (R1.3)
        (lambda d: d["hidden"][0].__setitem__(0, None) or d["draw_pile"].append("F"), None),
        (lambda d: d.update(current_player=3), "$.current_player"),
        (lambda d: d.update(phase="dancing"), "$.phase"),
        (lambda d: d["players"][1].update(kingdom="FFFF/FFFF/FFFF/FFF"), "$.players[1].kingdom"),
        (lambda d: d["legend_row"].append(d["legend_row"][0]), "$.legend_row"),
        (lambda d: d.update(drawn="E"), "$"),  # GameState itself refuses a drawn card out of phase
        (lambda d: d.update(ruleset="blitz"), "$.ruleset"),
        (lambda d: d.update(turn=0), "$.turn"),
        (lambda d: d.update(phase="arrange"), "$.turn"),
        (lambda d: d["players"][0].update(hand=["E", "W", "H", "G"]), "$.players[0].hand"),
        (lambda d: d.update(phase="after-card", claimed_this_turn=True), "$.claimed_this_turn"),
        (lambda d: d.update(hidden=d["hidden"][:2]), "$.hidden"),
        (lambda d: d["hidden"][0].append(None), "$.hidden[0]"),
        (lambda d: d.update(seed=None), "$.seed"),
        (lambda d: d.update(players=d["players"][:1], hidden=d["hidden"][:1]), "$.players"),
    ],
)
def test_tampered_states_raise_record_error(change: Any, path: str | None) -> None:
    """A state whose JSON was tampered with (types, counts, consistency) raises RecordError."""
    data = _state_data()
    change(data)
    with pytest.raises(RecordError) as info:
        state_from_json(json.dumps(data))
    if path is not None:
        assert info.value.path is not None and info.value.path.startswith(path), str(info.value)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tampered_arrangement_states_raise_record_error(players: int) -> None:
    """R2.5: a state in the arrangements whose hands do not match the seat order is refused."""
    state = apply_move(new_game(players, 1, first_player=1), Move.parse("arrange 0123"))
    data = json.loads(state_to_json(state))
    assert state_from_json(json.dumps(data)) == state
    data["current_player"] = 1  # back to the first player, who has already arranged
    with pytest.raises(RecordError) as info:
        state_from_json(json.dumps(data))
    assert info.value.path == "$.players[1].hand"


def test_records_check_their_fields_when_built_from_json_only() -> None:
    """A GameRecord is a plain value; its header is checked when it is read or replayed."""
    record = attrs.evolve(GameRecord(seed=1, players=2), players=7)
    with pytest.raises(RecordError) as info:
        replay(record)
    assert info.value.path == "$.players"


# --- a client's move as JSON ---------------------------------------------------------------


@given(st.sampled_from(MOVES))
def test_a_move_read_back_from_its_json_is_the_same_instance(move: Move) -> None:
    """move_from_json(move_to_json(m)) is m itself, for every move of the action space, and
    the text is a JSON object tagged by the move's verb."""
    text = move_to_json(move)
    assert move_from_json(text) is move
    assert json.loads(text)["type"] == move.verb
    assert len(text) <= MAX_MOVE_JSON


def test_a_client_move_object_is_read_with_spaces_and_in_any_key_order() -> None:
    """A client's hand-written object, keys in another order and spaced, is the move it names."""
    assert move_from_json(' { "position" : [1, 2], "type": "take" } ') == Move.parse("take 1,2")
    assert move_from_json(b'{"type": "draw"}') == Move.parse("draw")


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ('{"type": "take"}', "$.position"),
        ('{"type": "take", "position": [1, 2], "extra": 1}', "$"),
        ('{"type": "take", "position": [1, 9]}', "$.position"),
        ('{"type": "fly"}', "$"),
        ("[1, 2]", "$"),
        ("not json", "$"),
        ('{"type": "draw"}' + " " * MAX_MOVE_JSON, "$"),
    ],
)
def test_a_bad_client_move_is_one_record_error_with_its_path(text: str, path: str) -> None:
    """Each malformed move object raises RecordError (never KeyError/TypeError), whose path
    names the bad field; an over-long text is refused before it is parsed."""
    with pytest.raises(RecordError) as info:
        move_from_json(text)
    assert info.value.path == path
