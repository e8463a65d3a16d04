"""drako_rules.env: PettingZoo's and Gymnasium's own checks, the observation (R8), the
rewards (R5.6) and truncation (R7.4). Skipped when the optional extra ``rl`` is missing."""

from __future__ import annotations

import itertools
import pickle
import random
import re
from fractions import Fraction
from pathlib import Path
from typing import Final

import attrs
import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np
import numpy.typing as npt
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils import wrappers
from pettingzoo.utils.env import AECIterable

import drako_rules.env.observation as observation_module
from drako_rules import (
    Card,
    Draw,
    GameError,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    Legend,
    Move,
    Phase,
    PlayedGame,
    PlayerCountError,
    PlayerView,
    RandomPlayer,
    action_id,
    apply_move,
    cards_per_kind,
    final_ranking,
    legal_moves,
    play_random_game,
    player_view,
    replay,
)
from drako_rules.env import (
    LAYOUT,
    OBSERVATION_SIZE,
    SEAT_BLOCK_SIZE,
    SEAT_LAYOUT,
    ObservationEncoder,
    SingleAgentEnv,
    agent_observation,
    env,
    moves_mask,
    observation_space,
    observe,
    observe_state,
    raw_env,
    rewards_from_places,
    state_observation,
)
from drako_rules.env.actions import actions_mask, legal_mask
from drako_rules.game import ACTION_SPACE_SIZE
from drako_rules.game.legal import seat_action_bits, seat_moves
from strategies import (
    finished_games,
    game_states,
    interleaved_views,
    rehide,
    states_with_equal_views,
)

ROOT = Path(__file__).resolve().parent.parent
# PettingZoo's and Gymnasium's checkers warn about what every classic environment does: a
# Dict observation (chess's too), and no gymnasium.make spec to try other render modes.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes:UserWarning"),
]
CONFIGS = [(n, r) for n in (2, 3, 4) for r in ("pocket", "classic")]


def reference_observation(view: PlayerView) -> npt.NDArray[np.float32]:
    """The observation written out plainly from the table of the docs, slice by slice."""
    kinds, legends = list(Card), list(Legend)
    n = len(view.players)
    out = np.zeros(887, np.float32)
    out[list(Phase).index(view.phase)] = 1
    out[5] = view.to_move
    out[6] = view.claimed_this_turn
    out[7] = min(view.turn / 100, 1)
    out[8] = view.draw_pile_size / 80
    out[9] = len(view.discard_pile) / 80
    out[10] = view.legend_deck_size / 7
    seen = dict.fromkeys(kinds, 0)
    for card in view.discard_pile:
        out[11 + kinds.index(card)] += 1 / 8
        seen[card] += 1
    if view.discard_pile:
        out[21 + kinds.index(view.discard_pile[-1])] = 1
    if view.drawn is not None:
        out[31 + kinds.index(view.drawn)] = 1
        seen[view.drawn] += 1
    for legend in view.legend_row:
        out[41 + legends.index(legend)] = 1
    out[66 + ["pocket", "classic"].index(view.ruleset)] = 1
    out[68 + n - 2] = 1
    for k in range(n):
        seat = (view.viewer + k) % n
        player = view.players[seat]
        b = 71 + 204 * k
        out[b] = 1
        out[b + 1] = seat == view.current_player and not view.is_over
        out[b + 2] = seat == view.first_player
        for cell, content in enumerate(player.kingdom.cells):
            out[b + 3 + 11 * cell + (10 if content is None else kinds.index(content))] = 1
            if content is not None:
                seen[content] += 1
        for legend in player.legends:
            out[b + 179 + legends.index(legend)] = 1
        for card in player.hand:
            out[b + 194 + kinds.index(card)] = 1
            seen[card] += 1
    for i, kind in enumerate(kinds):
        out[56 + i] = (cards_per_kind(n) - seen[kind]) / 8
    return out


# --- PettingZoo's and Gymnasium's own checks -------------------------------------------------


@pytest.mark.parametrize(("players", "ruleset"), CONFIGS)
def test_pettingzoo_api_test_passes(players: int, ruleset: str) -> None:
    """PettingZoo's api_test passes for 2, 3 and 4 players and both rulesets (several whole
    games: 500 cycles of every agent)."""
    api_test(env(players=players, ruleset=ruleset), num_cycles=500)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_seed_test_passes(players: int) -> None:
    """PettingZoo's seed_test: two environments reset with one seed play the same game."""
    seed_test(lambda: env(players=players), num_cycles=500)


def test_gymnasium_check_env_passes_on_the_default_single_agent_env() -> None:
    """Gymnasium's check_env passes on SingleAgentEnv() (2 players, against RandomPlayer)."""
    check_env(SingleAgentEnv(), skip_render_check=False)


@pytest.mark.parametrize(("players", "ruleset"), CONFIGS)
def test_gymnasium_check_env_passes_on_every_seat_count(players: int, ruleset: str) -> None:
    """check_env passes with 1 to 3 deterministic opponents and the agent on the last seat."""

    def first_legal(view: PlayerView) -> Move:
        return view.legal_moves[0]

    single = SingleAgentEnv([first_legal] * (players - 1), seat=players - 1, ruleset=ruleset)
    check_env(single)


# --- the observation (R8) --------------------------------------------------------------------


@given(states_with_equal_views())
def test_equal_views_give_equal_observations(pair: tuple[GameState, GameState]) -> None:
    """Two states that differ only in hidden cards, pile orders and seed give every seat
    equal views, so equal observations and masks (R8.2)."""
    a, b = pair
    for seat in range(a.player_count):
        va, vb = player_view(a, seat), player_view(b, seat)
        assert va == vb
        oa, ob = agent_observation(va), agent_observation(vb)
        assert np.array_equal(oa["observation"], ob["observation"])
        assert np.array_equal(oa["action_mask"], ob["action_mask"])


def test_rehidden_state_differs_but_observes_the_same() -> None:
    """A dealt game with its hidden cards dealt again is another state (other Unexplored
    Lands, another draw pile) whose observations are the same for both seats."""
    state = raw_env_reset(2, 1).game_state
    other = rehide(state, random.Random(3))
    assert other.hidden != state.hidden and other.draw_pile != state.draw_pile
    for seat in (0, 1):
        assert np.array_equal(observe(player_view(state, seat)), observe(player_view(other, seat)))
    assert not np.array_equal(observe(player_view(state, 0)), observe(player_view(state, 1)))


@given(game_states())
def test_observation_is_the_documented_table(state: GameState) -> None:
    """observe() gives exactly the vector the docs' table describes, for every seat of any
    state reached in play (the reference encoder above writes the table out plainly)."""
    for seat in range(state.player_count):
        view = player_view(state, seat)
        assert observe(view).tobytes() == reference_observation(view).tobytes()


@given(game_states())
def test_observation_is_in_the_declared_space(state: GameState) -> None:
    """Every agent's observation Dict is in observation_space(): float32 in [0, 1] and an
    int8 mask of 89, whose ones are the legal actions of the agent (none out of turn)."""
    space = observation_space()
    for seat in range(state.player_count):
        view = player_view(state, seat)
        obs = agent_observation(view)
        assert space.contains(obs)
        assert obs["observation"].shape == (OBSERVATION_SIZE,)
        legal = {action_id(m) for m in view.legal_moves}
        assert set(np.flatnonzero(obs["action_mask"]).tolist()) == legal
        assert bool(legal) == (view.to_move and bool(legal_moves(state)))


@given(game_states())
def test_the_drawn_card_shows_only_in_its_players_observation(state: GameState) -> None:
    """The drawn card's slice is set for the player who drew it and for no one else (R8.3)."""
    drawn = LAYOUT["drawn"]
    for seat in range(state.player_count):
        shown = observe(player_view(state, seat))[drawn]
        if state.drawn is not None and seat == state.current_player:
            assert shown.tolist() == [float(c is state.drawn) for c in Card]
        else:
            assert not shown.any()


@given(game_states())
def test_observe_state_is_observe_of_the_view(state: GameState) -> None:
    """observe_state(state, seat) is observe(player_view(state, seat)) and state_observation
    is agent_observation of the view, vector and mask, for every seat (R8): the
    environments skip building the view, never what it shows."""
    for seat in range(state.player_count):
        view = player_view(state, seat)
        assert observe_state(state, seat).tobytes() == observe(view).tobytes()
        fast, slow = state_observation(state, seat), agent_observation(view)
        assert fast["observation"].tobytes() == slow["observation"].tobytes()
        assert np.array_equal(fast["action_mask"], slow["action_mask"])
        assert fast["action_mask"].dtype == np.int8


@settings(max_examples=25, deadline=None)
@given(finished_games())
def test_observations_along_a_whole_game_are_the_documented_table(game: PlayedGame) -> None:
    """Step by step through a whole game, as an environment sees it (its own encoder, each
    player encoded from the last one of its seat, one card action apart), every seat's
    vector is the reference encoder's of its view (hand-written from the table), byte for
    byte."""
    states = [game.record.start()]
    for move in game.record.moves:
        states.append(apply_move(states[-1], move))
    encoder = ObservationEncoder()
    fast = [[encoder.observe_state(s, seat) for seat in range(s.player_count)] for s in states]
    for s, vectors in zip(states, fast, strict=True):
        for seat, vector in enumerate(vectors):
            assert vector.tobytes() == reference_observation(player_view(s, seat)).tobytes()


@settings(max_examples=25, deadline=None)
@given(finished_games(), st.data())
def test_an_encoder_seeing_seats_at_random_moments_gives_the_table(
    game: PlayedGame, data: st.DataObject
) -> None:
    """An encoder shown, at each state of a game, only some seats (drawn at random: as an
    environment shows the agent to act, several moves apart for each seat) still gives
    every vector of the reference encoder, byte for byte."""
    state = game.record.start()
    encoder = ObservationEncoder()
    for move in (*game.record.moves, None):
        n = state.player_count
        for seat in data.draw(st.lists(st.integers(0, n - 1), max_size=3)):
            expected = reference_observation(player_view(state, seat)).tobytes()
            assert encoder.observe_state(state, seat).tobytes() == expected
        if move is not None:
            state = apply_move(state, move)


@settings(max_examples=20, deadline=None)
@given(interleaved_views())
def test_an_encoder_fed_views_out_of_order_gives_observes_answer(views: list[PlayerView]) -> None:
    """One encoder shown views of several games (2 to 4 players, both rulesets) in any
    order (games, seats and player counts interleaved, a game's moments backwards or
    repeated) gives for each the vector of the reference encoder (hand-written from the
    table) and of a new encoder, byte for byte: what it remembers never leaks from one
    view into another."""
    encoder = ObservationEncoder()
    for view in views:
        expected = reference_observation(view).tobytes()
        assert encoder.observe(view).tobytes() == expected
        assert ObservationEncoder().observe(view).tobytes() == expected


@settings(max_examples=15, deadline=None)
@given(finished_games(), st.data())
def test_changing_a_returned_observation_changes_no_later_one(
    game: PlayedGame, data: st.DataObject
) -> None:
    """Every vector an encoder returns is the caller's own: writing over each one (as an
    agent may, normalising in place) changes none of the later vectors, of the same view
    again or of the next ones, which stay the reference encoder's, byte for byte."""
    state = game.record.start()
    encoder = ObservationEncoder()
    for move in (*game.record.moves, None):
        for seat in data.draw(st.lists(st.integers(0, state.player_count - 1), max_size=2)):
            expected = reference_observation(player_view(state, seat)).tobytes()
            first = encoder.observe_state(state, seat)
            assert first.tobytes() == expected and first.flags.writeable
            first[:] = data.draw(st.sampled_from([0.5, -1.0, np.nan]))
            again = encoder.observe_state(state, seat)  # nothing changed since: same pieces
            assert again.tobytes() == expected and not np.shares_memory(first, again)
            again[::3] = 7.0
        if move is not None:
            state = apply_move(state, move)


def test_a_pickled_or_copied_encoder_starts_afresh_and_encodes_right() -> None:
    """A pickled encoder (as in a pickled environment) remembers nothing, and still gives
    the table's vectors."""
    states = replay_states(3, 2)
    encoder = ObservationEncoder()
    for state in states[:20]:
        encoder.observe_state(state, state.current_player)
    clone = pickle.loads(pickle.dumps(encoder))
    for state in states[20:40]:
        for seat in range(3):
            expected = reference_observation(player_view(state, seat)).tobytes()
            assert clone.observe_state(state, seat).tobytes() == expected


def test_an_encoder_between_two_games_still_encodes_each_right() -> None:
    """One encoder given the views of two games (2 and 4 players) in turn remembers the
    wrong game's players each time, and still gives the table's vectors."""
    games = [replay_states(2, 5), replay_states(4, 6)]
    encoder = ObservationEncoder()
    for i in range(max(map(len, games))):
        for states in games:
            state = states[min(i, len(states) - 1)]
            for seat in range(state.player_count):
                view = player_view(state, seat)
                assert encoder.observe(view).tobytes() == reference_observation(view).tobytes()


def _mid_game() -> GameState:
    """The state after 30 decisions of a 4-player game."""
    state = play_random_game(4, 7).record.start()
    for move in play_random_game(4, 7).record.moves[:30]:
        state = apply_move(state, move)
    return state


#: A state in the middle of a 4-player game.
MID_GAME: Final = _mid_game()


@st.composite
def discard_pile_sequences(draw: st.DrawFn) -> list[tuple[Card, ...]]:
    """Discard piles one after the other, each most often one card away from the last (a
    card put on it, the top taken, the top replaced) and sometimes not (a card below the
    top changed, a pile of another length, longer than any game's)."""
    cards = st.sampled_from(list(Card))
    pile: tuple[Card, ...] = tuple(draw(st.lists(cards, max_size=12)))
    piles = [pile]
    for _ in range(draw(st.integers(1, 12))):
        change = draw(st.sampled_from(["put", "take", "replace", "below", "any"]))
        if change == "put":
            pile = (*pile, draw(cards))
        elif change == "take" and pile:
            pile = pile[:-1]
        elif change == "replace" and pile:
            pile = (*pile[:-1], draw(cards))
        elif change == "below" and len(pile) > 1:
            i = draw(st.integers(0, len(pile) - 2))
            pile = (*pile[:i], draw(cards), *pile[i + 1 :])
        else:
            pile = tuple(draw(st.lists(cards, max_size=90)))
        piles.append(pile)
    return piles


@settings(max_examples=60)
@given(discard_pile_sequences(), st.integers(0, 3))
def test_an_encoder_counts_each_discard_pile_right(
    piles: list[tuple[Card, ...]], viewer: int
) -> None:
    """An encoder shown one view after another whose discard piles differ by a card put,
    taken or replaced (counted from the pile before), or by more (a card below the top, a
    new pile, one of more than 80 cards), gives each time the vector of a new encoder
    (which counts the pile afresh), and the reference encoder's while no kind is seen more
    often than the deck holds it (the reference does not bound the unseen counts at 0)."""
    view = player_view(MID_GAME, viewer)
    encoder = ObservationEncoder()
    for pile in piles:
        shown = attrs.evolve(view, discard_pile=pile)
        vector = encoder.observe(shown)
        assert vector.tobytes() == ObservationEncoder().observe(shown).tobytes()
        reference = reference_observation(shown)
        if float(reference.min()) >= 0.0:
            assert vector.tobytes() == reference.tobytes()


@st.composite
def hand_built_views(draw: st.DrawFn) -> PlayerView:
    """A view of the middle of a 4-player game whose hands, discard pile and drawn card are
    rewritten by hand: a hand of any size up to 3,000 cards (a game's holds four of
    different kinds, R2.9), a pile of up to 80 cards, any drawn card."""
    view = player_view(MID_GAME, draw(st.integers(0, 3)))
    cards = st.sampled_from(list(Card))
    players = []
    for player in view.players:
        hand: tuple[Card, ...] = tuple(draw(st.lists(cards, max_size=6)))
        if draw(st.booleans()):
            hand += (draw(cards),) * draw(st.sampled_from([1, 8, 9, 2049, 3000]))
        players.append(attrs.evolve(player, hand=hand))
    return attrs.evolve(
        view,
        players=tuple(players),
        discard_pile=tuple(draw(st.lists(cards, max_size=80))),
        drawn=draw(st.none() | cards),
    )


@settings(max_examples=40, deadline=None)
@given(st.lists(hand_built_views(), min_size=1, max_size=4))
def test_hand_built_views_give_the_table_bounded_to_0_and_1(views: list[PlayerView]) -> None:
    """R8: however many cards of a kind a hand-built view shows (thousands in one hand),
    its vector is the documented table's with each entry bounded to [0, 1] (a kind seen
    more often than the deck holds it is unseen 0 times, and no other kind's count moves),
    from an encoder that saw the views before it and from a new one alike."""
    encoder = ObservationEncoder()
    for view in views:
        expected = np.clip(reference_observation(view), 0.0, 1.0).tobytes()
        assert encoder.observe(view).tobytes() == expected
        assert ObservationEncoder().observe(view).tobytes() == expected


def test_a_view_holding_what_no_game_holds_is_refused_and_forgotten() -> None:
    """A hand-built view whose fields hold what no game's view holds (not Cards in a pile,
    a hand or the drawn card; not Legends; not a Phase; not numbers; not players) is
    refused with the library's GameError, never a bare KeyError or TypeError; and the
    encoder then gives the right vector of the next good view, even one sharing the good
    parts of the refused view (nothing half-read is used again)."""
    view = player_view(MID_GAME, 1)
    me = view.players[0]
    bad_fields: list[dict[str, object]] = [
        {"discard_pile": (1, 2)},
        {"discard_pile": 7},
        {"legend_row": ("x",)},
        {"drawn": 5},
        {"phase": "drawn"},
        {"turn": "a"},
        {"draw_pile_size": None},
        {"legend_deck_size": 2.5},
        {"claimed_this_turn": 7},
        {"viewer": "0"},
        {"ruleset": ["pocket"]},
        {"players": (1, 2)},
        {"players": (attrs.evolve(me, legends=("x",)), *view.players[1:])},  # type: ignore[arg-type]
        {"players": (attrs.evolve(me, hand=(None,)), *view.players[1:])},  # type: ignore[arg-type]
    ]
    encoder = ObservationEncoder()
    for fields in bad_fields:
        encoder.observe(view)  # remembered: the next view shares every other part
        bad = attrs.evolve(view, **fields)  # type: ignore[arg-type]
        with pytest.raises(GameError, match="holds what no game's view holds"):
            encoder.observe(bad)
        with pytest.raises(GameError, match="holds what no game's view holds"):
            observe(bad)
        assert encoder.observe(view).tobytes() == reference_observation(view).tobytes()


def test_moves_mask_of_moves_built_elsewhere_is_that_of_the_prebuilt_moves() -> None:
    """The mask of moves parsed from text (other objects than the engine's MOVES) is the
    mask of the engine's equal moves: 1 at each action id."""
    for state in replay_states(3, 4)[:60]:
        moves = legal_moves(state)
        parsed = tuple(Move.parse(str(move)) for move in moves)
        assert moves_mask(parsed).tobytes() == moves_mask(moves).tobytes()
        assert np.flatnonzero(moves_mask(parsed)).tolist() == [action_id(m) for m in moves]


def test_masks_refuse_what_is_not_moves_or_action_bits() -> None:
    """moves_mask and legal_mask take an iterable of Moves, and actions_mask an integer of
    89 bits: anything else (not iterable, not Moves, the bare Move base class, a bool, a
    negative or too wide integer) is the library's InvalidMoveError, whose message quotes
    a bounded prefix, never a bare TypeError, AttributeError or IndexError."""
    for moves in (5, None, (1, 2), ["draw"], "draw", (Move(),), [Draw(), 3]):
        for mask in (moves_mask, legal_mask):
            with pytest.raises(InvalidMoveError) as refused:
                mask(moves)  # type: ignore[arg-type]
            assert len(str(refused.value)) < 200
    for actions in (-1, 1 << 89, True, 1.0, "1", None, 10**5000):
        with pytest.raises(InvalidMoveError) as refused:
            actions_mask(actions)  # type: ignore[arg-type]
        assert len(str(refused.value)) < 200
    assert int(actions_mask((1 << 89) - 1).sum()) == ACTION_SPACE_SIZE


def test_a_cached_mask_equals_a_fresh_one_and_a_changed_copy_changes_nothing() -> None:
    """moves_mask of a tuple seen before (a cache hit) equals the mask of an equal new
    tuple (computed afresh), and zeroing a returned array changes no later mask."""
    for state in replay_states(2, 5)[:80]:
        moves = legal_moves(state)
        first = moves_mask(moves)
        first[:] = 0  # the caller's own array
        again = moves_mask(moves)  # the same tuple: from the cache
        fresh = moves_mask(tuple(list(moves)))  # an equal tuple, another object
        assert again is not fresh and again.flags.writeable
        assert again.tobytes() == fresh.tobytes()
        assert np.flatnonzero(again).tolist() == [action_id(m) for m in moves]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_mask_of_the_kernels_action_bits_is_that_of_the_seats_moves(players: int) -> None:
    """R8: on every state of a random game, for every seat, ``actions_mask`` of the
    kernel's action bits (what the AEC environment's observation holds) is ``moves_mask``
    of the seat's legal moves: the moves' ids for the player to move, all 0 for the
    others; each a new writable int8 array of its own."""
    for state in replay_states(players, 11 + players):
        for seat in range(players):
            bits = seat_action_bits(state, seat)
            mask = actions_mask(bits)
            expected = moves_mask(seat_moves(state, seat))
            assert mask.dtype == np.int8 and mask.shape == (ACTION_SPACE_SIZE,)
            assert mask.tobytes() == expected.tobytes()
            assert mask.flags.writeable
            if seat == state.current_player:
                assert np.flatnonzero(mask).tolist() == [action_id(m) for m in legal_moves(state)]
            mask[:] = 0  # the caller's own: the next one is whole again
            assert actions_mask(bits).tobytes() == expected.tobytes()


def replay_states(players: int, seed: int) -> list[GameState]:
    """Every state of a random game, from the deal to the end."""
    game = play_random_game(players, seed)
    states = [game.record.start()]
    for move in game.record.moves:
        states.append(apply_move(states[-1], move))
    return states


def test_observe_state_refuses_what_is_not_a_seat() -> None:
    """observe_state takes a seat of the game, as player_view does (GameError otherwise)."""
    state = raw_env_reset(3, 2).game_state
    for seat in (-1, 3, True, 1.0, "0"):
        with pytest.raises(GameError):
            observe_state(state, seat)  # type: ignore[arg-type]


def test_observations_refuse_what_is_not_a_view_or_a_state() -> None:
    """observe takes a PlayerView and observe_state a GameState: anything else (a state for
    a view, a view for a state, a number) is the library's GameError, in both builds."""
    state = raw_env_reset(2, 2).game_state
    view = player_view(state, 0)
    for value in (state, None, 3, "view"):
        with pytest.raises(GameError, match="observe takes a PlayerView"):
            observe(value)  # type: ignore[arg-type]
    for other in (view, None, 3, "state"):
        with pytest.raises(GameError, match="observe_state takes a GameState"):
            observe_state(other, 0)  # type: ignore[arg-type]


def test_environment_observations_are_fresh_writable_arrays() -> None:
    """Each last() gives new arrays (changing one changes no later observation)."""
    e = raw_env_reset(2, 4)
    first, *_ = e.last()
    again, *_ = e.last()
    first["observation"][:] = 0.5
    first["action_mask"][:] = 0
    assert not np.shares_memory(first["observation"], again["observation"])
    assert int(again["action_mask"].sum()) == 24 and float(again["observation"].max()) == 1.0
    third, *_ = e.last()
    assert np.array_equal(third["observation"], again["observation"])
    assert np.array_equal(third["action_mask"], again["action_mask"])


def test_observation_layout_is_contiguous_and_matches_the_size() -> None:
    """The named slices tile the vector without gap or overlap: 71 global entries, then 4
    seat blocks of 204 (3 + 176 + 15 + 10)."""
    slices = sorted(LAYOUT.values(), key=lambda s: s.start)
    assert slices[0].start == 0 and slices[-1].stop == OBSERVATION_SIZE == 71 + 4 * 204
    assert all(a.stop == b.start for a, b in itertools.pairwise(slices))
    seat = sorted(SEAT_LAYOUT.values(), key=lambda s: s.start)
    assert seat[-1].stop == SEAT_BLOCK_SIZE == 3 + 16 * 11 + 15 + 10


def test_docs_page_table_gives_the_layouts_slices() -> None:
    """The observation table of docs/tutorials/train-an-agent.md names the ranges of LAYOUT,
    in order (so the spec card cannot drift from the code)."""
    text = (ROOT / "docs/tutorials/train-an-agent.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| (\d+)(?:–(\d+))? \|", text, flags=re.MULTILINE)
    documented = {name: (int(a), int(b or a) + 1) for name, a, b in rows}
    assert documented == {name: (s.start, s.stop) for name, s in LAYOUT.items()}
    # and the module's own table (ranges only), in the same order
    doc = observation_module.__doc__ or ""
    ranges = re.findall(r"^\| (\d+)(?:–(\d+))? \|", doc, flags=re.MULTILINE)
    assert [(int(a), int(b or a) + 1) for a, b in ranges] == [
        (s.start, s.stop) for s in LAYOUT.values()
    ]


def test_observe_a_hand_built_view_bounded() -> None:
    """A view with more cards than any game (a discard pile of 200) still gives values in
    [0, 1], quickly."""
    view = player_view(raw_env_reset(2, 1).game_state, 0)
    big = attrs.evolve(view, discard_pile=(Card.ELF,) * 200)
    obs = observe(big)
    assert float(obs.min()) >= 0.0 and float(obs.max()) <= 1.0


def test_sets_with_a_member_twice_are_encoded_as_sets_and_never_cached_as_others() -> None:
    """A hand-built view whose legend row and player Legends and hand hold a member twice
    is encoded as the set (one 1 a member), and the sums of bits such tuples give (two of
    Legend 0 sum to Legend 1's bit) never stand for another set afterwards: the view with
    Legend 1 alone gives Legend 1, as the reference encoder does."""
    view = player_view(MID_GAME, 0)
    first, second = list(Legend)[:2]
    elf, dwarf = list(Card)[:2]
    me = view.players[0]
    doubled = attrs.evolve(
        view,
        legend_row=(first, first),
        players=(attrs.evolve(me, legends=(first, first), hand=(elf, elf)), *view.players[1:]),
    )
    single = attrs.evolve(
        view,
        legend_row=(second,),
        players=(attrs.evolve(me, legends=(second,), hand=(dwarf,)), *view.players[1:]),
    )
    encoder = ObservationEncoder()
    for shown in (doubled, single, doubled, single):
        expected = reference_observation(shown)
        assert encoder.observe(shown).tobytes() == ObservationEncoder().observe(shown).tobytes()
        got = encoder.observe(shown)
        assert got[LAYOUT["legend_row"]].tolist() == expected[LAYOUT["legend_row"]].tolist()
        own = got[LAYOUT["seat_0"]]
        want = expected[LAYOUT["seat_0"]]
        for part in ("legends", "hand"):
            assert own[SEAT_LAYOUT[part]].tolist() == want[SEAT_LAYOUT[part]].tolist()


def raw_env_reset(players: int, seed: int) -> raw_env:
    e = raw_env(players=players)
    e.reset(seed=seed)
    return e


# --- rewards (R5.6) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("places", "rewards"),
    [
        ((1, 2), (1, -1)),
        ((1, 1), (0, 0)),
        ((2, 1, 3), (0, 1, -1)),
        # (players after − players before) / (n − 1): (1 − 0)/2, (1 − 0)/2, (0 − 2)/2
        ((1, 1, 3), (Fraction(1, 2), Fraction(1, 2), -1)),
        ((1, 2, 3, 4), (1, Fraction(1, 3), Fraction(-1, 3), -1)),
        ((4, 2, 2, 1), (-1, 0, 0, 1)),
        ((1, 1, 1, 1), (0, 0, 0, 0)),
    ],
)
def test_rewards_of_hand_computed_rankings(
    places: tuple[int, ...], rewards: tuple[Fraction, ...]
) -> None:
    """rewards_from_places gives the documented table's rewards (shared places included)."""
    assert rewards_from_places(places) == pytest.approx([float(r) for r in rewards])


@given(st.lists(st.integers(1, 4), min_size=2, max_size=4))
def test_rewards_are_zero_sum_and_ordered(places: list[int]) -> None:
    """For any places, the rewards sum to 0, lie in [−1, 1], and a better place never gets
    less (R5.6)."""
    rewards = rewards_from_places(places)
    assert sum(rewards) == pytest.approx(0.0, abs=1e-12)
    assert all(-1.0 <= r <= 1.0 for r in rewards)
    for p, r in zip(places, rewards, strict=True):
        for q, s in zip(places, rewards, strict=True):
            if p < q:
                assert r > s
            if p == q:
                assert r == s


@pytest.mark.parametrize("places", [(), (1,), (1, 2, 3, 4, 5), (0, 1), (1, True), ("1", 2)])
def test_rewards_refuse_what_is_not_the_places_of_2_to_4_players(
    places: tuple[object, ...],
) -> None:
    """Anything but 2 to 4 positive integer places is a GameError."""
    with pytest.raises(GameError):
        rewards_from_places(places)  # type: ignore[arg-type]


def play_episode(e: object, rng: random.Random) -> tuple[dict[str, float], int, set[str]]:
    """Play an AEC episode with random legal actions: each agent's total reward, the number
    of live steps, and the agents that ended truncated."""
    totals: dict[str, float] = {}
    steps = 0
    truncated_agents: set[str] = set()
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        obs, reward, terminated, truncated, _info = e.last()  # type: ignore[attr-defined]
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            if truncated:
                truncated_agents.add(agent)
            e.step(None)  # type: ignore[attr-defined]
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))  # type: ignore[attr-defined]
        steps += 1
    return totals, steps, truncated_agents


@settings(max_examples=30)
@given(st.sampled_from(CONFIGS), st.integers(0, 2**32))
def test_an_episodes_rewards_sum_to_zero_and_follow_the_ranking(
    config: tuple[int, str], seed: int
) -> None:
    """A whole episode of random legal actions ends terminated; the rewards each agent
    collects sum to 0 over the agents and are rewards_from_places of the final ranking."""
    players, ruleset = config
    e = env(players=players, ruleset=ruleset)
    e.reset(seed=seed)
    totals, steps, truncated = play_episode(e, random.Random(seed))
    state = e.unwrapped.game_state
    assert state.is_over and not truncated and steps == len(e.unwrapped.record().moves)
    assert sum(totals.values()) == pytest.approx(0.0, abs=1e-12)
    expected = rewards_from_places(final_ranking(state).places)
    assert [totals[f"player_{i}"] for i in range(players)] == pytest.approx(list(expected))


@given(finished_games())
def test_final_rewards_sum_to_zero(game: PlayedGame) -> None:
    """Over whole random games of 2 to 4 players, the rewards of the final ranking sum to 0."""
    rewards = rewards_from_places(final_ranking(game.state).places)
    assert sum(rewards) == pytest.approx(0.0, abs=1e-12)


# --- truncation (R7.4) ----------------------------------------------------------------------


@settings(max_examples=40)
@given(st.sampled_from([2, 3, 4]), st.integers(1, 120), st.integers(0, 2**32))
def test_truncation_at_max_moves_gives_no_reward(players: int, limit: int, seed: int) -> None:
    """With max_moves, a game not over after that many decisions is truncated for every
    agent, with reward 0 for all and nothing scored; a game that ends first is terminated."""
    e = env(players=players, max_moves=limit)
    e.reset(seed=seed)
    totals, steps, truncated = play_episode(e, random.Random(seed))
    state = e.unwrapped.game_state
    if state.is_over:
        assert steps <= limit and not truncated
    else:
        assert steps == limit
        assert truncated == set(e.possible_agents)
        assert all(total == 0.0 for total in totals.values())


@settings(max_examples=30)
@given(st.integers(1, 100), st.integers(0, 2**32))
def test_single_agent_truncation_gives_no_reward(limit: int, seed: int) -> None:
    """SingleAgentEnv: a game cut by max_moves (counting the opponent's decisions) is
    truncated, not terminated, with reward 0 at every step."""
    single = SingleAgentEnv(max_moves=limit)
    obs, _info = single.reset(seed=seed)
    rng = random.Random(seed)
    rewards = []
    while True:
        obs, reward, terminated, truncated, _info = single.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        rewards.append(reward)
        if terminated or truncated:
            break
    moves = len(single.record().moves)
    if truncated:
        assert not terminated and moves == limit and not single.game_state.is_over
        assert all(r == 0.0 for r in rewards)
    else:
        assert single.game_state.is_over and moves <= limit
        assert rewards[-1] == rewards_from_places(final_ranking(single.game_state).places)[0]


# --- seeding, records, illegal actions, rendering, arguments -------------------------------


def test_reset_with_a_seed_deals_new_game_of_that_seed_and_the_record_replays() -> None:
    """reset(seed=s) deals new_game(players, s) (R2.8); record() replays to the env's state;
    reset() without a seed continues a sequence the last seed decides."""
    a, b = raw_env(players=3), raw_env(players=3)
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.game_state == b.game_state
    assert a.game_state.seed == 11
    rng = random.Random(0)
    for _ in range(40):
        a.step(rng.choice([action_id(m) for m in legal_moves(a.game_state)]))
    assert replay(a.record()) == a.game_state
    a.reset()
    b.reset()
    assert a.game_state == b.game_state and a.game_state.seed != 11


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    """In the AEC environment, bare or wrapped, an action outside the mask raises
    IllegalMoveError and the game stays as it was; a non-action raises InvalidMoveError."""
    e = raw_env()
    e.reset(seed=2)
    before = e.game_state
    with pytest.raises(IllegalMoveError):
        e.step(action_id(Move.parse("draw")))  # arrangements come first (R2.5)
    with pytest.raises(InvalidMoveError):
        e.step(89)
    with pytest.raises(InvalidMoveError):
        e.step("draw")  # type: ignore[arg-type]
    assert e.game_state is before and e.agent_selection == "player_0"
    wrapped = env()
    wrapped.reset(seed=2)
    with pytest.raises(InvalidMoveError):
        wrapped.step(-1)
    with pytest.raises(IllegalMoveError):
        wrapped.step(action_id(Move.parse("end")))


def test_single_agent_illegal_action_forfeits() -> None:
    """SingleAgentEnv: an illegal action ends the episode, terminated, with reward −1 and
    info["illegal_action"]; another step then asks for reset."""
    single = SingleAgentEnv()
    single.reset(seed=5)
    _obs, reward, terminated, truncated, info = single.step(action_id(Move.parse("end")))
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(GameError):
        single.step(0)


def test_single_agent_default_is_two_players_against_a_random_player() -> None:
    """SingleAgentEnv() is a 2-player game, seat 0, pocket ruleset; a seeded episode
    replays the same (its RandomPlayer draws from the seed)."""
    single = SingleAgentEnv()
    assert (single.players, single.seat, single.ruleset.name) == (2, 0, "pocket")
    records = []
    for _ in range(2):
        obs, _ = single.reset(seed=21)
        done = False
        while not done:
            obs, _r, terminated, truncated, _ = single.step(
                int(np.flatnonzero(obs["action_mask"])[0])
            )
            done = terminated or truncated
        records.append(single.record())
    assert records[0] == records[1]
    assert single.action_masks().dtype == bool


def test_wrapped_env_enforces_the_order_as_pettingzoos_wrapper_does() -> None:
    """env() is an OrderEnforcingWrapper that refuses what PettingZoo's refuses before reset
    (reading an attribute: the same AttributeError; calling a method: the library's
    GameError where PettingZoo's raises AssertionError or AttributeError), then plays the
    game of raw_env."""
    wrapped, plain = env(), wrappers.OrderEnforcingWrapper(raw_env())
    assert isinstance(wrapped, wrappers.OrderEnforcingWrapper)
    for name in ("agents", "agent_selection", "num_agents", "rewards", "terminations"):
        for e in (wrapped, plain):
            with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
                getattr(e, name)
    calls: list[tuple[str, tuple[object, ...]]] = [
        ("last", ()),
        ("step", (0,)),
        ("observe", ("player_0",)),
    ]
    for method, args in calls:
        with pytest.raises((AttributeError, AssertionError)):
            getattr(plain, method)(*args)
        with pytest.raises(GameError, match=r"call reset\(\) first"):
            getattr(wrapped, method)(*args)
    wrapped.reset(seed=3)
    plain.reset(seed=3)
    obs, *rest = wrapped.last()
    obs_plain, *rest_plain = plain.last()
    assert rest == rest_plain and np.array_equal(obs["observation"], obs_plain["observation"])
    assert wrapped.agents == plain.agents and wrapped.agent_selection == "player_0"


@pytest.mark.parametrize("players", [2, 4])
def test_agent_iter_yields_the_agents_pettingzoos_iterable_yields(players: int) -> None:
    """raw_env's agent_iter yields, step by step, the agents PettingZoo's own AECIterable
    yields for the same game (the agent to act; the finished agents one by one at the
    end, then stops), and no more than max_iter of them."""
    ours, theirs = raw_env(players=players), raw_env(players=players)
    ours.reset(seed=5)
    theirs.reset(seed=5)
    sequences: list[list[str]] = []
    for e, agents in ((ours, ours.agent_iter()), (theirs, AECIterable(theirs, 2**63))):
        seen = []
        for agent in agents:
            seen.append(agent)
            _obs, _, terminated, truncated, _ = e.last()
            e.step(None if terminated or truncated else action_id(legal_moves(e.game_state)[0]))
        sequences.append(seen)
    assert sequences[0] == sequences[1] and len(sequences[0]) > players
    assert sequences[0][-players:] == [f"player_{i}" for i in range(players)]
    short = raw_env(players=players)
    short.reset(seed=5)
    count = 0
    for _ in short.agent_iter(7):
        short.step(action_id(legal_moves(short.game_state)[0]))
        count += 1
    assert count == 7 and not short.game_state.is_over


def test_wrapped_agent_iter_refuses_a_loop_that_does_not_step() -> None:
    """env()'s agent_iter, like PettingZoo's wrapper's, raises its AssertionError when an
    iteration comes without a step since the last, and refuses to start before reset
    (env() with the library's GameError)."""
    errors = []
    for e in (env(), wrappers.OrderEnforcingWrapper(raw_env())):
        with pytest.raises((AssertionError, GameError)) as before:
            e.agent_iter()
        assert isinstance(before.value, GameError) == (
            type(e) is not wrappers.OrderEnforcingWrapper
        )
        e.reset(seed=2)
        agents = iter(e.agent_iter())
        assert next(agents) == "player_0"
        with pytest.raises(AssertionError) as info:
            next(agents)
        errors.append(str(info.value))
    assert errors[0] == errors[1]


def test_last_without_observing_gives_the_rest() -> None:
    """last(observe=False) gives no observation and the same reward, termination,
    truncation and info as last()."""
    e = raw_env_reset(3, 6)
    e.step(action_id(legal_moves(e.game_state)[0]))
    none, *rest = e.last(observe=False)
    obs, *rest_observed = e.last()
    assert none is None and rest == rest_observed and obs["action_mask"].sum() == 24


def test_render_modes() -> None:
    """ "ansi" returns the acting agent's view as text, "human" prints it."""
    e = env(render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text.startswith("player 0's view: 2 players, pocket, turn 0")
    assert "legal moves: arrange 0123" in text


def test_render_human_prints(capsys: pytest.CaptureFixture[str]) -> None:
    """render_mode="human" prints the view at reset and after each step."""
    e = env(render_mode="human")
    e.reset(seed=1)
    e.step(0)
    out = capsys.readouterr().out
    assert out.count("'s view:") == 2 and "player 1 to move" in out


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"players": 5}, PlayerCountError),
        ({"players": 1}, PlayerCountError),
        ({"max_moves": 0}, GameError),
        ({"max_moves": True}, GameError),
        ({"render_mode": "rgb_array"}, GameError),
    ],
)
def test_bad_arguments_raise_one_clear_error(
    kwargs: dict[str, object], error: type[Exception]
) -> None:
    """Bad arguments raise one DrakoError subclass."""
    with pytest.raises(error):
        raw_env(**kwargs)  # type: ignore[arg-type]


def test_single_agent_bad_arguments() -> None:
    """A seat outside the game, four opponents or a limit before the agent plays are errors."""
    with pytest.raises(GameError):
        SingleAgentEnv(seat=2)
    with pytest.raises(PlayerCountError):
        SingleAgentEnv([RandomPlayer()] * 4)
    with pytest.raises(GameError):
        SingleAgentEnv([RandomPlayer()], seat=1, max_moves=1)


def test_environments_pickle_mid_game() -> None:
    """The environments pickle mid-game and carry on identically (trainers ship them to
    worker processes)."""
    e = raw_env(players=3)
    e.reset(seed=4)
    e.step(0)
    copy = pickle.loads(pickle.dumps(e))
    assert copy.game_state == e.game_state and copy.agent_selection == e.agent_selection
    assert np.array_equal(
        copy.observe("player_1")["observation"], e.observe("player_1")["observation"]
    )
    single = SingleAgentEnv()
    single.reset(seed=4)
    assert pickle.loads(pickle.dumps(single)).game_state == single.game_state


def test_both_environments_keep_their_game_in_one_episode() -> None:
    """raw_env and SingleAgentEnv refuse game_state and record() before reset (GameError),
    and afterwards give their Episode's: the record replays the game state."""
    for make in (lambda: raw_env(players=2), SingleAgentEnv):
        e = make()
        with pytest.raises(GameError):
            _ = e.game_state
        with pytest.raises(GameError):
            e.record()
        e.reset(seed=11)
        assert e.game_state is e.episode.game_state
        assert replay(e.record()) == e.game_state
