"""A stateful test (pgx's ``api_test`` in hypothesis form): random legal play for 2, 3 and 4
players, with every invariant of R1–R3, R6 and R7 checked after every step."""

from __future__ import annotations

import random
import unittest

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from drako_rules import (
    MOVES,
    Card,
    Claim,
    End,
    GameState,
    IllegalMoveError,
    Move,
    Phase,
    Place,
    Reveal,
    Take,
    apply_move,
    check_state,
    legal_moves,
    legends_met,
    new_game,
)
from game_checks import check_invariants, snapshot
from strategies import seeds

# Machines per player count: 3 with the dev profile (100 examples), 15 with ci (500). Each
# plays up to 60 steps of 1-8 moves, enough to finish a game and start another.
MACHINES = max(3, settings().max_examples // 33)


class GameMachine(RuleBasedStateMachine):
    """Plays random legal moves and checks the rules around each one."""

    players = 2

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState = new_game(self.players, 0)
        self.claims_by_turn: dict[tuple[int, int], int] = {}

    def start(self, seed: int, first: int) -> None:
        self.state = new_game(self.players, seed, first_player=first % self.players)
        self.claims_by_turn = {}

    @initialize(seed=seeds, first=st.integers(0, 3))
    def setup(self, seed: int, first: int) -> None:
        """R2: a new game from any seed and first player."""
        self.start(seed, first)

    @precondition(lambda self: self.state.is_over)
    @rule(seed=seeds, first=st.integers(0, 3))
    def next_game(self, seed: int, first: int) -> None:
        """Once a game is over, play another."""
        self.start(seed, first)

    @precondition(lambda self: not self.state.is_over)
    @rule(choices=st.integers(0, 2**32), count=st.integers(1, 8))
    def play(self, choices: int, count: int) -> None:
        """Up to ``count`` random legal moves (chosen from ``choices``), each checked."""
        rng = random.Random(choices)
        for _ in range(count):
            if self.state.is_over:
                break
            self.play_one(rng)

    def play_one(self, rng: random.Random) -> None:
        """Every legal move applies; sampled illegal moves raise; the chosen one obeys the rules."""
        before = self.state
        picture = snapshot(before)  # a deep copy in plain values
        moves = legal_moves(before)
        assert moves, "a game that is not over always has a legal move"
        assert [m.action_id for m in moves] == sorted({m.action_id for m in moves})
        for move in moves:
            apply_move(before, move)  # every legal move applies
        # Sampled illegal moves raise IllegalMoveError and change nothing.
        legal_ids = {m.action_id for m in moves}
        illegal = [m for m in MOVES if m.action_id not in legal_ids]
        for move in rng.sample(illegal, 4):
            try:
                apply_move(before, move)
            except IllegalMoveError as exc:
                assert exc.rule is not None and exc.rule.startswith("R")
            else:
                raise AssertionError(f"{move} is not in legal_moves but was applied")
        move = rng.choice(moves)
        after = apply_move(before, move)
        # The input state is never changed.
        assert snapshot(before) == picture
        # Deterministic: the same move on the same state gives an equal state (R2.8).
        assert apply_move(before, move) == after
        self.state = after
        self.check_step(before, move, after)
        check_invariants(after)

    def check_step(self, before: GameState, move: Move, after: GameState) -> None:
        seat = before.current_player
        mine_before = before.players[seat]
        mine_after = after.players[seat]
        # R6.1: at most one Legend per player per turn.
        claimed = len(mine_after.legends) - len(mine_before.legends)
        assert claimed in (0, 1)
        assert claimed == isinstance(move, Claim)
        if claimed:
            key = (seat, before.turn)
            self.claims_by_turn[key] = self.claims_by_turn.get(key, 0) + 1
            assert self.claims_by_turn[key] == 1
            assert isinstance(move, Claim) and move.legend in legends_met(mine_before.kingdom)
        # R6.3: claimed Legends stay, in claim order.
        for p, q in zip(before.players, after.players, strict=True):
            assert q.legends[: len(p.legends)] == p.legends
        # R3.4b: revealed Dragons and Portals never leave a Kingdom.
        for p, q in zip(before.players, after.players, strict=True):
            for i, card in enumerate(p.kingdom.cells):
                if card is Card.DRAGON or card is Card.PORTAL:
                    assert q.kingdom.cells[i] is card
        # R7.1: the game ends exactly when a card action fills the last Unexplored Land.
        card_action = isinstance(move, Take | Place | Reveal)
        ends = (
            isinstance(move, Take | Place | Reveal)
            and mine_before.kingdom.count(None) == 1
            and mine_before.kingdom.cells[move.position.index] is None
        )
        assert after.is_over == ends
        if after.is_over:
            assert legal_moves(after) == ()
            assert mine_after.legends == mine_before.legends  # no Legend after the end
            return
        # The turn passes by itself exactly when nothing is left to decide (R6.1).
        if card_action:
            kingdom = mine_after.kingdom
            can_claim = not before.claimed_this_turn and bool(
                legends_met(kingdom) & set(before.legend_row)
            )
            assert (after.phase is Phase.AFTER_CARD) == can_claim
            assert (after.current_player == seat) == can_claim
        if isinstance(move, End) or (isinstance(move, Claim) and before.phase is Phase.AFTER_CARD):
            assert after.current_player == (seat + 1) % len(before.players)
        if after.phase is Phase.BEFORE_CARD and after.current_player != seat:
            assert after.turn == before.turn + 1 and not after.claimed_this_turn

    @invariant()
    def conservation(self) -> None:
        """R1.2–R1.4, R2, R3, R6, R7: conservation and consistency at every step."""
        check_invariants(self.state)
        assert check_state(self.state) is self.state  # the engine's own check agrees
        assert (legal_moves(self.state) == ()) == self.state.is_over


def _machine(players: int) -> type[unittest.TestCase]:
    machine = type(f"GameMachine{players}", (GameMachine,), {"players": players})
    machine.TestCase.settings = settings(  # type: ignore[attr-defined]
        max_examples=MACHINES, stateful_step_count=60, deadline=None
    )
    case: type[unittest.TestCase] = machine.TestCase  # type: ignore[attr-defined]
    return case


TestTwoPlayers = _machine(2)
TestThreePlayers = _machine(3)
TestFourPlayers = _machine(4)
