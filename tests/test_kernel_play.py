"""The kernel's game state and transitions (``_kernel.play``, which ``apply_move`` and
``legal_moves`` run on, issue 23) agree with a slow reference of the rules of play
(``tests/reference_play.py``) on every state of random games, in both rulesets: for every
one of the 89 moves, the kernel refuses it exactly when the reference does, with the same
rule, and otherwise reaches the reference's next state, its Legends met those of the slow
reference (``tests/reference.py``). Every state reached is the state its own fields build
(the packed form is canonical: equal fields, equal states, equal hashes)."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
import reference_play
from drako_rules import GameState, apply_move, legal_moves, new_game
from drako_rules._kernel import play, turns
from drako_rules._kernel.board import LEGENDS
from drako_rules.errors import IllegalMoveError
from drako_rules.game import MOVES, Phase
from drako_rules.game.state import kernel_state, state_of_kernel
from drako_rules.rulesets import CLASSIC, POCKET, Ruleset
from strategies import STATE_FIELDS, evolved


def _legends(mask: int) -> frozenset[object]:
    return frozenset(x for i, x in enumerate(LEGENDS) if mask >> i & 1)


def _check_state(state: GameState) -> None:
    """The state's fields rebuild it, and its Legends met are the reference's (R6.4)."""
    again = evolved(state)
    assert again == state and hash(again) == hash(state)
    assert kernel_state(again) == kernel_state(state)
    assert pickle.loads(pickle.dumps(state)) == state
    assert state_of_kernel(kernel_state(state)) == state
    for seat, player in enumerate(state.players):
        met = reference.legends_met(player.kingdom, state.ruleset.name)
        assert _legends(state.met_masks[seat]) == met


def _check_game(ruleset: Ruleset, players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(players, seed=seed, ruleset=ruleset)
    while True:
        _check_state(state)
        legal = legal_moves(state)
        for move in MOVES:
            try:
                expected = reference_play.after(state, move)
            except reference_play.Refused as refused:
                assert move not in legal
                with pytest.raises(IllegalMoveError) as raised:
                    apply_move(state, move)
                assert raised.value.rule == refused.rule, (move, state)
                continue
            assert move in legal
            reached = apply_move(state, move)
            for name, value in expected.items():
                assert getattr(reached, name) == value, (name, move, state)
            for name in ("ruleset", "seed", "first_player"):
                assert getattr(reached, name) == getattr(state, name)
        if not legal:
            assert state.phase is Phase.OVER
            assert kernel_state(state)[play.PHASE] == turns.OVER
            return
        state = apply_move(state, rng.choice(legal))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("ruleset", [POCKET, CLASSIC], ids=["pocket", "classic"])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_move_of_every_state_of_a_random_game_is_the_references(
    ruleset: Ruleset, players: int, seed: int
) -> None:
    """R2.5–R7.2: on every state of a random game, each of the 89 moves is refused with the
    reference's rule or leads to the reference's next state."""
    _check_game(ruleset, players, seed)


def test_a_refused_move_leaves_the_kernel_state_as_it_was() -> None:
    """A refusal is a code, and the core given is untouched (the same object)."""
    state = new_game(2, seed=5)
    core = kernel_state(state)
    assert play.end(core) == play.NOT_NOW
    assert play.take(core, 0) == play.NOT_NOW
    assert kernel_state(state) is core
    fields = STATE_FIELDS
    assert "ruleset" in fields and "core" not in fields


def test_the_fields_of_the_kernels_state_have_one_slot_each() -> None:
    """The named slots of the kernel's state are its 18 fields, each once (and the 4 of
    what never changes in a game): two names on one slot would read one field for
    another."""
    slots = (
        play.SEAT, play.PHASE, play.TURN, play.DRAW, play.DISCARD, play.ROW, play.DECK,
        play.CELL_CODES, play.MASKS, play.HIDDEN, play.CLAIMS, play.HANDS, play.DRAWN_CARD,
        play.CLAIMED, play.RESHUFFLES, play.ROW_MASK, play.MET, play.GAME,
    )  # fmt: skip
    assert sorted(slots) == list(range(18))
    assert sorted((play.RULESET, play.SEED, play.FIRST, play.THROUGH)) == list(range(4))
    state = new_game(3, seed=8)
    rng = random.Random(8)
    while legal := legal_moves(state):
        core = kernel_state(state)
        assert len(core) == 18 and len(core[play.GAME]) == 4
        assert core[play.ROW_MASK] == sum(1 << i for i in core[play.ROW])  # R6.1's row
        assert _legends(core[play.ROW_MASK]) == frozenset(state.legend_row)
        state = apply_move(state, rng.choice(legal))


def test_each_refusal_has_its_own_code_and_a_claim_says_which() -> None:
    """R6.1: a Legend outside the row and a Legend of the row the Kingdom does not meet are
    refused for different reasons, each with its own code (and every code differs, so
    ``game.refusals`` tells each refusal's message apart)."""
    codes = (
        play.NOT_NOW, play.NO_PLACE, play.NO_DRAW, play.NO_REVEAL, play.CLAIMED_AGAIN,
        play.NOT_IN_ROW, play.UNMET,
    )  # fmt: skip
    assert len(set(codes)) == len(codes)
    seen: set[int] = set()
    for seed in range(40):
        state = new_game(2, seed=seed)
        rng = random.Random(seed)
        while (legal := legal_moves(state)) and len(seen) < 2:
            core = kernel_state(state)
            if state.phase is Phase.BEFORE_CARD and not state.claimed_this_turn:
                met = core[play.MET][core[play.SEAT]]
                for index in range(len(LEGENDS)):
                    result = play.claim(core, index)
                    if index not in core[play.ROW]:
                        assert result == play.NOT_IN_ROW
                        seen.add(play.NOT_IN_ROW)
                    elif not met >> index & 1:
                        assert result == play.UNMET
                        seen.add(play.UNMET)
            state = apply_move(state, rng.choice(legal))
    assert seen == {play.NOT_IN_ROW, play.UNMET}
