"""The kernel's game state and transitions (``_kernel.play``, issue 23) agree with the
engine (``apply_move``) on every state of random games, in both rulesets: for every legal
move the kernel's next state is the engine's, packed; moves the engine refuses, the kernel
refuses too. The Legends met are checked against the slow reference."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from drako_rules import Card, apply_move, legal_moves, new_game
from drako_rules._kernel import play
from drako_rules._kernel.board import CODE_OF, LEGEND_INDEX, LEGENDS
from drako_rules._kernel.legends import THROUGH_PAIRS
from drako_rules.connections import counts_through_portals
from drako_rules.errors import IllegalMoveError
from drako_rules.game import GameState, Phase
from drako_rules.game.legal import PHASE_CODES
from drako_rules.game.moves import Arrange, Claim, Draw, End, Move, Place, Reveal, Take
from drako_rules.game.setup import reshuffle_rng, shuffle
from drako_rules.game.state import NO_HIDDEN
from drako_rules.kingdom import POSITIONS
from drako_rules.rulesets import CLASSIC, POCKET, Ruleset


def _through(ruleset: Ruleset) -> tuple[bool, ...]:
    return tuple(counts_through_portals(x, y, ruleset) for x, y in THROUGH_PAIRS)


def _code(card: Card | None) -> int:
    return play.NONE if card is None else CODE_OF[card]


def pack(s: GameState) -> play.Core:
    """The kernel's state of ``s``, field by field (the layout of ``_kernel.play``)."""
    hidden = tuple(
        () if cells == NO_HIDDEN else tuple(_code(c) for c in cells) for cells in s.hidden
    )
    return (
        s.current_player,
        PHASE_CODES[s.phase],
        s.turn,
        tuple(CODE_OF[c] for c in s.draw_pile),
        tuple(CODE_OF[c] for c in s.discard_pile),
        tuple(LEGEND_INDEX[x] for x in s.legend_row),
        tuple(LEGEND_INDEX[x] for x in s.legend_deck),
        tuple(p.kingdom.codes for p in s.players),
        tuple(tuple(p.kingdom.masks) for p in s.players),
        hidden,
        tuple(tuple(LEGEND_INDEX[x] for x in p.legends) for p in s.players),
        tuple(tuple(CODE_OF[c] for c in p.hand) for p in s.players),
        _code(s.drawn),
        int(s.claimed_this_turn),
        s.reshuffles,
        s.row_mask,
        tuple(s.met_masks),
        s.first_player,
    )


def kernel_step(s: GameState, core: play.Core, move: Move) -> play.Result:
    """The kernel's transition for ``move`` on ``core`` (the packed ``s``)."""
    through = _through(s.ruleset)
    if isinstance(move, Arrange):
        return play.arrange(core, move.order, through)
    if isinstance(move, Claim):
        return play.claim(core, LEGEND_INDEX[move.legend])
    if isinstance(move, Take):
        return play.take(core, move.position.index, through)
    if isinstance(move, Place):
        return play.place(core, move.position.index, through)
    if isinstance(move, Reveal):
        return play.reveal(core, move.position.index, through)
    if isinstance(move, Draw):
        under = [*s.discard_pile[:-1]] if not s.draw_pile else []
        assert len(play.needs_reshuffle(core)) == len(under)
        shuffle(reshuffle_rng(s.seed, s.reshuffles), under)
        return play.draw(core, tuple(CODE_OF[c] for c in under))
    assert isinstance(move, End)
    return play.end(core)


def _other_moves(s: GameState, rng: random.Random) -> list[Move]:
    """A few moves of every kind at random, legal or not."""
    cell = POSITIONS[rng.randrange(16)]
    return [
        Claim(rng.choice(LEGENDS)),
        Take(cell),
        Place(cell),
        Reveal(cell),
        Draw(),
        End(),
    ]


def _check_game(ruleset: Ruleset, players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(players, seed=seed, ruleset=ruleset)
    while True:
        core = pack(state)
        for seat, p in enumerate(state.players):
            if state.phase is not Phase.ARRANGE or not p.hand:
                revealed = frozenset(reference.legends_met(p.kingdom, ruleset.name))
                met = core[play.MET][seat]
                assert {x for i, x in enumerate(LEGENDS) if met >> i & 1} == revealed
        for move in _other_moves(state, rng):
            try:
                apply_move(state, move)
            except IllegalMoveError:
                refusal, same = kernel_step(state, core, move)
                assert refusal != play.OK, move
                assert same is core
        moves = legal_moves(state)
        if not moves:
            assert core[play.PHASE] == PHASE_CODES[Phase.OVER]
            return
        for move in moves:
            refusal, after = kernel_step(state, core, move)
            assert refusal == play.OK, move
            assert after == pack(apply_move(state, move)), move
        state = apply_move(state, rng.choice(moves))


@pytest.mark.parametrize("ruleset", [POCKET, CLASSIC], ids=["pocket", "classic"])
@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_the_kernel_plays_every_state_as_the_engine(
    ruleset: Ruleset, players: int, seed: int
) -> None:
    _check_game(ruleset, players, seed)
