"""The optimised paths agree with their plain definitions (issue 6).

Kingdom.replace updates the derived tables of its parent instead of recomputing them;
score reads packed tables instead of walking the connections; legends_met works on
bitboards; the game engine builds states without ``__init__`` and carries masks of the
Legends met and of the legend row. Each is checked here against a slower path that any
correct implementation must agree with: a Kingdom or a state built afresh, the itemized
lines, and the Legend requirements (R1.4, R6.4) evaluated pair by pair on connections().
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Iterable
from itertools import combinations, product

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from drako_rules import (
    CLASSIC,
    POCKET,
    Card,
    Category,
    GameState,
    Kingdom,
    Legend,
    NotationError,
    PlayerState,
    Position,
    Ruleset,
    apply_move,
    connections,
    legends_met,
    play_random_game,
    score,
)
from drako_rules._kernel import board as bitboard
from drako_rules._kernel.board import CODE_OF, CODES
from drako_rules._kernel.legends import NEIGHBOURHOOD
from drako_rules._kernel.score import line_table
from drako_rules.errors import GameError
from drako_rules.game.state import successor, successor_function
from drako_rules.legends import EVERY_KIND, KINDS_READ, legends_mask
from drako_rules.scoring import domesticated
from strategies import any_kingdoms, cells, evolved, game_states, kingdoms, positions

#: A ruleset unlike both real ones, so no table can hard-wire POCKET or CLASSIC values.
ODD: Ruleset = attrs.evolve(
    POCKET,
    name="odd",
    domestication=1,
    dragon_values=(2, 7, 1),
    dragons_counted=2,
    max_domesticated=1,
    extra_dragon_points=-3,
    conflict_points=-5,
)
RULESETS = st.sampled_from([POCKET, CLASSIC, ODD])


def _observe(k: Kingdom) -> tuple[object, ...]:
    """Everything public that reads a Kingdom's derived tables."""
    every = (None, *Card)
    return (
        str(k),
        hash(k),
        k.is_complete,
        tuple(k.count(c) for c in every),
        tuple(k.positions_of(c) for c in every),
        score(k).values,
        score(k, ruleset=CLASSIC).values,
        legends_met(k),
        tuple(connections(k).mask(p) for p in k.positions_of(None) + k.positions_of(Card.ELF)),
        len(connections(k)),
    )


@given(kingdoms(), st.lists(st.tuples(positions, cells), max_size=30))
def test_replace_chain_matches_a_fresh_kingdom(
    k: Kingdom, moves: list[tuple[Position, Card | None]]
) -> None:
    """After any chain of replace() calls the Kingdom behaves exactly as one built from its cells."""
    for position, card in moves:
        k = k.replace(position, card)
        fresh = Kingdom(k.cells)
        assert k == fresh
        assert _observe(k) == _observe(fresh)


@given(kingdoms(), positions, cells)
def test_replace_leaves_the_original_unchanged(
    k: Kingdom, position: Position, card: Card | None
) -> None:
    """replace() returns a new Kingdom with one cell changed; the original keeps its cells and scores."""
    before = _observe(k)
    new = k.replace(position, card)
    assert _observe(k) == before
    assert new[position] is card
    assert [p for p in (Position.from_index(i) for i in range(16)) if new[p] is not k[p]] in (
        [],
        [position],
    )


@pytest.mark.parametrize(
    ("cells_", "where"),
    [
        ((Card.ELF,) * 15 + ("E",), "(3,3)"),
        ((None, 1) + (None,) * 14, "(0,1)"),
        (([],) + (None,) * 15, "(0,0)"),
    ],
)
def test_bad_cell_is_named(cells_: tuple[object, ...], where: str) -> None:
    """A cell that is not a Card or None is refused with its position (R4.1)."""
    with pytest.raises(NotationError, match=re.escape(f"cell {where} holds")):
        Kingdom(cells_)  # type: ignore[arg-type]


def test_replace_refuses_bad_arguments() -> None:
    """replace() raises NotationError, not a bare AttributeError or KeyError, for bad arguments."""
    k = Kingdom.parse("FEOM/HPWM/SGDO/PPHS")
    with pytest.raises(NotationError, match="Position"):
        k.replace((1, 2), Card.ELF)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"\(1,2\)"):
        k.replace(Position(1, 2), "E")  # type: ignore[arg-type]


@given(kingdoms(), RULESETS, st.lists(st.sampled_from(list(Legend)), unique=True, max_size=4))
def test_score_categories_equal_their_itemized_lines(
    k: Kingdom, ruleset: Ruleset, claimed: list[Legend]
) -> None:
    """Each category of the fast score is the sum of its itemized lines (R5.1-R5.5)."""
    sheet = score(k, claimed, ruleset)
    for category in Category:
        assert sheet[category] == sum(line.points for line in sheet.lines_of(category))
    assert sheet.total == sum(sheet.values)


@given(kingdoms(), RULESETS)
def test_score_accepts_any_empty_legends(k: Kingdom, ruleset: Ruleset) -> None:
    """No Legends given as (), [], a set or an empty generator score the same (R5.4)."""
    empties: tuple[Iterable[Legend], ...] = ((), [], set(), iter(()))
    sheets = {score(k, empty, ruleset) for empty in empties}
    assert len(sheets) == 1


def _brute_legends(k: Kingdom) -> frozenset[Legend]:
    """R1.4 and R6.4 read literally, pair by pair, on connections() (Goblins: R4.3 there)."""
    conn = connections(k)
    at = {kind: k.positions_of(kind) for kind in Card}

    def linked(a: Position, b: Position) -> bool:
        return conn.are_connected(a, b)

    def two(kind: Card) -> bool:
        return any(linked(a, b) for a, b in combinations(at[kind], 2))

    def star(centre: Card, kind: Card) -> bool:
        return any(sum(linked(c, x) for x in at[kind] if x != c) >= 2 for c in at[centre])

    def meet(a: Card, b: Card) -> bool:
        return any(linked(x, y) for x in at[a] for y in at[b])

    E, W, H, G = Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN
    L = Legend
    checks = {
        L.TWO_ELVES: two(E),
        L.TWO_DWARVES: two(W),
        L.TWO_HUMANS: two(H),
        L.TWO_GOBLINS: two(G),
        L.THREE_FORESTS: star(Card.FOREST, Card.FOREST),
        L.THREE_MOUNTAINS: star(Card.MOUNTAIN, Card.MOUNTAIN),
        L.THREE_PLAINS: star(Card.PLAIN, Card.PLAIN),
        L.THREE_SWAMPS: star(Card.SWAMP, Card.SWAMP),
        L.ALLIANCE_HUMAN_ELF: meet(H, E),
        L.ALLIANCE_HUMAN_DWARF: meet(H, W),
        L.BATTLE_GOBLIN_HUMAN: star(H, G) or star(G, H),
        L.BATTLE_GOBLIN_ELF: star(E, G) or star(G, E),
        L.BATTLE_GOBLIN_DWARF: star(W, G) or star(G, W),
        L.BATTLE_ELF_DWARF: star(W, E) or star(E, W),
        L.FOUR_TRIBES: all(at[t] for t in (E, W, H, G)),
    }
    return frozenset(legend for legend, met in checks.items() if met)


PORTAL_HEAVY = st.lists(
    st.sampled_from([Card.PORTAL] * 4 + [None, *Card]), min_size=16, max_size=16
).map(lambda cs: Kingdom(tuple(cs)))


@given(st.one_of(kingdoms(), PORTAL_HEAVY))
def test_legends_met_matches_the_requirements_read_pair_by_pair(k: Kingdom) -> None:
    """The bitboard legends_met agrees with R1.4/R6.4 checked pair by pair on connections()."""
    assert legends_met(k) == _brute_legends(k)


def test_cards_and_legends_hash_consistently() -> None:
    """Cards and Legends keep one hash per member across look-up by value and pickling."""
    for member in (*Card, *Legend):
        again = type(member)(member.value)
        assert again is member and hash(again) == hash(member)
        assert pickle.loads(pickle.dumps(member)) is member
    assert {Card.ELF: 1}[Card("E")] == 1
    assert Legend.parse("two-elves") in frozenset({Legend.TWO_ELVES})


def _legends_of(mask: int) -> frozenset[Legend]:
    """The Legends of a mask, bit ``i`` for the ``i``-th Legend (written out, not the library's)."""
    return frozenset(legend for i, legend in enumerate(Legend) if mask >> i & 1)


@given(game_states())
def test_states_reached_in_play_equal_states_built_afresh(state: GameState) -> None:
    """A state reached by the engine equals the same state rebuilt through __init__, and its
    masks say what legends_met and the legend row say (R6.1): none is ever stale."""
    players = tuple(PlayerState(p.kingdom, p.legends, p.hand) for p in state.players)
    fresh = evolved(state, players=players)
    assert fresh == state and hash(fresh) == hash(state)
    assert _legends_of(state.row_mask) == frozenset(state.legend_row) == _legends_of(fresh.row_mask)
    for seat, mine in enumerate(state.players):
        met = legends_met(mine.kingdom, state.ruleset)
        assert _legends_of(state.met_masks[seat]) == met == _legends_of(fresh.met_masks[seat])


@given(st.lists(st.integers(-(2**40), 2**40), min_size=CODES * CODES, max_size=CODES * CODES))
def test_line_table_is_the_sum_of_the_three_pairs_of_every_line(adjacent: list[int]) -> None:
    """``line_table`` (built a code at a time, its additions in C) holds, for every line of
    four codes ``a b c d``, the values of its pairs ``ab``, ``bc`` and ``cd``, as a loop
    over the lines reads them."""
    line = line_table(adjacent)
    assert len(line) == CODES**4
    for i, (a, b, c, d) in enumerate(product(range(CODES), repeat=4)):
        pairs = adjacent[a * CODES + b] + adjacent[b * CODES + c] + adjacent[c * CODES + d]
        assert line[i] == pairs, (a, b, c, d)


@given(st.integers(min_value=0, max_value=0xFFFF))
def test_neighbourhood_table_matches_the_grid_read_cell_by_cell(mask: int) -> None:
    """``NEIGHBOURHOOD[m]`` holds the cells next to one cell of ``m`` and, from bit 16, next to two."""
    near = two = 0
    for i in range(16):
        r, c = divmod(i, 4)
        around = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
        count = sum(1 for y, x in around if 0 <= y < 4 and 0 <= x < 4 and mask >> (4 * y + x) & 1)
        near |= (count >= 1) << i
        two |= (count >= 2) << i
    assert NEIGHBOURHOOD[mask] == near | two << 16


def test_neighbourhood_table_is_around_and_two_around_for_every_mask() -> None:
    """All 65,536 entries of ``NEIGHBOURHOOD`` (built 256 at a time as lanes of one integer)
    are ``around(m) | two_around(m) << 16``, and the table holds nothing else."""
    assert len(NEIGHBOURHOOD) == 1 << 16
    near, two = bitboard.around, bitboard.two_around
    assert all(NEIGHBOURHOOD[m] == near(m) | two(m) << 16 for m in range(1 << 16))


@given(game_states(), st.integers(min_value=0, max_value=7))
def test_successor_function_builds_what_successor_builds(state: GameState, turn: int) -> None:
    """A straight-line transition shape gives the state ``successor`` gives for the same
    fields, and keeps the others (the masks shared with the old state)."""
    shape = successor_function("turn", "claimed_this_turn")
    made = shape(state, turn=turn, claimed_this_turn=True)
    assert made == successor(state, turn=turn, claimed_this_turn=True)
    assert made.turn == turn and made.claimed_this_turn
    assert made.players == state.players and made.met_masks is state.met_masks


@pytest.mark.parametrize("names", [("seed",), ("turn", "turn"), ("nothing",)])
def test_successor_function_refuses_fields_no_transition_changes(names: tuple[str, ...]) -> None:
    """A fixed field, a field named twice or an unknown name is one GameError."""
    with pytest.raises(GameError, match="successor_function"):
        successor_function(*names)


@given(kingdoms(), RULESETS)
def test_domesticated_is_counted_on_connections(k: Kingdom, ruleset: Ruleset) -> None:
    """R5.3: the domesticated Dragons are those connected to ``ruleset.domestication`` Elves,
    Dwarves or Humans of one type, counted on connections() (the fast path reads the cells
    next to two cards of a Tribe away from the Portals)."""
    conn = connections(k, ruleset)
    tribes = (Card.ELF, Card.DWARF, Card.HUMAN)

    def tamed(dragon: Position) -> bool:
        kinds = [k[p] for p in conn.of(dragon)]
        return any(kinds.count(tribe) >= ruleset.domestication for tribe in tribes)

    assert domesticated(k, ruleset) == {p for p in k.positions_of(Card.DRAGON) if tamed(p)}


#: A cell value, Portals weighted up: a Portal placed or revealed changes the networks.
_NEW_CELLS = st.one_of(cells, st.just(Card.PORTAL))


def _kinds(*values: Card | None) -> int:
    """The mask of card codes of some cell values (bit ``c`` for code ``c``)."""
    mask = 0
    for value in values:
        mask |= 1 << CODE_OF[value]
    return mask


@given(any_kingdoms, positions, _NEW_CELLS, RULESETS)
def test_legends_mask_after_one_cell_equals_the_full_check(
    k: Kingdom, position: Position, cell: Card | None, ruleset: Ruleset
) -> None:
    """R6.4: after one cell changes, checking again only the Legends of the kinds that left
    and entered it (everything when a Portal did) gives the full check's answer."""
    after = k.replace(position, cell)
    changed = _kinds(k[position], cell)
    before = legends_mask(k, ruleset)
    assert legends_mask(after, ruleset, changed, before) == legends_mask(after, ruleset)


@given(any_kingdoms, st.lists(st.tuples(positions, _NEW_CELLS), max_size=6), RULESETS)
def test_legends_mask_after_several_cells_equals_the_full_check(
    k: Kingdom, changes: list[tuple[Position, Card | None]], ruleset: Ruleset
) -> None:
    """R6.4: after any cells change, the Legends kept are those reading none of the kinds
    that left or entered them (KINDS_READ), and the answer is the full check's."""
    after = k
    for position, cell in changes:
        after = after.replace(position, cell)
    changed = _kinds(
        *(c for a, b in zip(k.cells, after.cells, strict=True) if a != b for c in (a, b))
    )
    before = legends_mask(k, ruleset)
    assert legends_mask(after, ruleset, changed, before) == legends_mask(after, ruleset)
    if not changed & 1 << Card.PORTAL.index:  # an unchanged Legend reads no changed kind
        kept = [
            x
            for x in Legend
            if not {CODE_OF[c] for c in KINDS_READ[x]} & set(bitboard.bits(changed))
        ]
        for legend in kept:
            bit = bitboard.LEGEND_BIT[legend]
            assert before & bit == legends_mask(after, ruleset) & bit


@given(any_kingdoms, RULESETS)
def test_legends_mask_with_every_kind_ignores_the_previous_answer(
    k: Kingdom, ruleset: Ruleset
) -> None:
    """R6.4: with every kind changed nothing is kept, whatever ``met`` says."""
    full = legends_mask(k, ruleset)
    assert (
        legends_mask(k, ruleset, EVERY_KIND, 0x7FFF)
        == full
        == legends_mask(k, ruleset, EVERY_KIND, 0)
    )


@pytest.mark.parametrize("ruleset", ["pocket", "classic"])
def test_every_state_of_random_games_carries_the_legends_it_meets(ruleset: str) -> None:
    """R6.1, R6.4: in every state of 24 random games (2-4 players), each seat's mask of
    Legends met, kept up to date one card action at a time, is the full check's answer."""
    states = 0
    for seed in range(24):
        game = play_random_game(2 + seed % 3, seed, ruleset=ruleset)
        state = game.record.start()
        for move in game.record.moves:
            state = apply_move(state, move)
            expected = tuple(legends_mask(p.kingdom, state.ruleset) for p in state.players)
            assert state.met_masks == expected
            states += 1
    assert states > 24 * 50  # whole games, not a few moves
