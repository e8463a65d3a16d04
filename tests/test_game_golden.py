"""The same seed and moves give the same states, byte for byte, in every version (R2.8).

Records saved by one version of the library must replay to the same game in the next:
the shuffles, the moves offered and every state. Each digest below is the SHA-256 of the
JSON of every state of a game (``state_to_json``, hidden cards and pile order included),
recorded with the engine as first merged (issue 3), before it was optimised (issue 6).
A change of a digest is a change of the rules' behaviour or of the state's JSON: if it
is deliberate, it needs a new rules version (RULES.md), and then new digests.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Final

import pytest

from drako_rules import (
    GameState,
    apply_move,
    final_scores,
    legal_moves,
    new_game,
    play_random_game,
    record_to_json,
    state_to_json,
)


def _digest(states: Iterable[GameState]) -> str:
    h = hashlib.sha256()
    for state in states:
        h.update(state_to_json(state).encode())
    return h.hexdigest()


def _random_game(players: int, seed: int, ruleset: str) -> list[GameState]:
    record = play_random_game(players, seed, ruleset=ruleset).record
    states = [state := record.start()]
    for move in record.moves:
        states.append(state := apply_move(state, move))
    return states


def _last_move_game(players: int, seed: int) -> list[GameState]:
    """Always the last legal move: claim or draw, reveal, end; many reshuffles (R3.5)."""
    states = [state := new_game(players, seed)]
    while legal := legal_moves(state):
        states.append(state := apply_move(state, legal[-1]))
    return states


@pytest.mark.parametrize(
    ("players", "seed", "ruleset", "count", "digest"),
    [
        (2, 2, "pocket", 84, "1aa2ddd09d6fd3a6447719d9ab687aa4bc8c5f6592da567856b05ccbaec8c995"),
        (3, 26, "classic", 135, "eef74ffb43c3283575f32a6829aa4b1465bb2bfe36250a924cf5489242694b58"),
        (4, 84, "pocket", 199, "34de4b076d16413b6cec90a19c7fe21f9be082b66eaed381381467c060f89409"),
    ],
)
def test_r2_8_random_games_replay_as_recorded(
    players: int, seed: int, ruleset: str, count: int, digest: str
) -> None:
    """R2.8: a random game (with one reshuffle, R3.5) goes through the recorded states."""
    states = _random_game(players, seed, ruleset)
    assert states[-1].is_over and states[-1].reshuffles == 1
    assert len(states) == count
    assert _digest(states) == digest


@pytest.mark.parametrize(
    ("players", "seed", "reshuffles", "digest"),
    [
        (2, 5, 3, "ed090860b5178ece3c07bc81a3fb1c5ab51a684817ed0aa4bd2cc05da38ea584"),
        (3, 6, 3, "2e4a24f32ee23dfb82626039af6258093661896592069176c2c93e91ee180e7a"),
        (4, 7, 2, "94901e1ae1478cf8721df8d3da26765b9113bd512e69276d7343091754f8dec9"),
    ],
)
def test_r2_8_r3_5_reshuffles_replay_as_recorded(
    players: int, seed: int, reshuffles: int, digest: str
) -> None:
    """R2.8, R3.5: a game that draws every turn reshuffles as recorded, state for state."""
    states = _last_move_game(players, seed)
    assert states[-1].is_over and states[-1].reshuffles == reshuffles
    assert _digest(states) == digest


#: The SHA-256 of 60 random games (seeds 0-59; 2, 3 and 4 players in turn; *pocket* for
#: seeds 0-2, *classic* for 3-5, and so on): each game's record and final state as JSON,
#: and its totals. Recorded before the engine's incremental Legend checks (issue 10).
_SIXTY_GAMES: Final = "4746573ba53bb8272ad0aafd745ead20d0a74e4755789bfb9184870a65be56e6"


def test_r2_8_sixty_random_games_play_as_recorded() -> None:
    """R2.8: 60 seeded random games, all player counts and both rulesets, give the recorded
    moves, final states and totals (every move offered and chosen is in the record)."""
    h = hashlib.sha256()
    for seed in range(60):
        ruleset = ("pocket", "classic")[seed // 3 % 2]
        game = play_random_game(2 + seed % 3, seed, ruleset=ruleset)
        h.update(record_to_json(game.record).encode())
        h.update(state_to_json(game.state).encode())
        h.update(repr([sheet.total for sheet in final_scores(game.state)]).encode())
    assert h.hexdigest() == _SIXTY_GAMES
