"""Connections (R4): hand-built cases for each rule, properties, and the slow reference."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
from drako_rules import CLASSIC, POCKET, Card, DrakoTypeError, Kingdom, Position, connections
from drako_rules.connections import counts_through_portals, layout
from drako_rules.rulesets import Ruleset
from strategies import any_kingdoms, no_portal_kingdoms

POS = Position


def pairs_of(kingdom: Kingdom) -> set[frozenset[Position]]:
    """Every connected pair of the library's relation, read with ``are_connected``."""
    c = connections(kingdom)
    return {
        frozenset((a, b))
        for a in map(Position.from_index, range(16))
        for b in map(Position.from_index, range(16))
        if c.are_connected(a, b)
    }


def connected(text: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether the cards at ``a`` and ``b`` of the Kingdom ``text`` are connected."""
    return connections(Kingdom.parse(text)).are_connected(POS(*a), POS(*b))


# --- R4.1 -----------------------------------------------------------------------------------


def test_r4_1_orthogonal_neighbours_are_connected() -> None:
    """R4.1: cards one step left/right or up/down are connected, both ways."""
    text = "EF??/W???/????/????"
    assert connected(text, (0, 0), (0, 1))
    assert connected(text, (0, 1), (0, 0))
    assert connected(text, (0, 0), (1, 0))


def test_r4_1_diagonals_are_never_connected() -> None:
    """R4.1: (0,0) and (1,1) touch only at a corner: not connected; nor (0,1)–(1,0)."""
    text = "EF??/WH??/????/????"
    assert not connected(text, (0, 0), (1, 1))
    assert not connected(text, (0, 1), (1, 0))


def test_r4_1_no_wrap_around_row_ends() -> None:
    """R4.1: cells 3 (0,3) and 4 (1,0) are consecutive numbers but not neighbours; nor 0 and 15."""
    text = "???E/W??F/????/???H"
    assert not connected(text, (0, 3), (1, 0))
    assert not connected(text, (1, 3), (1, 0))  # same row, opposite ends
    assert not connected(text, (0, 3), (3, 3))  # same column, not neighbours
    assert connected(text, (0, 3), (1, 3))


def test_r4_1_corner_edge_and_centre_degrees() -> None:
    """R4.1: in a Kingdom of Forests a corner has 2 connections, an edge 3, a centre cell 4; 24 pairs."""
    c = connections(Kingdom.parse("FFFF/FFFF/FFFF/FFFF"))
    assert len(c.of(POS(0, 0))) == 2
    assert len(c.of(POS(0, 1))) == 3
    assert len(c.of(POS(1, 1))) == 4
    assert len(c) == 24  # 4 rows × 3 + 4 columns × 3


# --- R4.2 -----------------------------------------------------------------------------------


def test_r4_2_portal_links_its_neighbours() -> None:
    """R4.2: the Portal (0,1) links the Elf (0,0), the Forest (0,2) and the Dwarf (1,1), pairwise."""
    text = "EOF?/?W??/????/????"
    c = connections(Kingdom.parse(text))
    assert c.of(POS(0, 0)) == {POS(0, 2), POS(1, 1)}
    assert c.of(POS(0, 2)) == {POS(0, 0), POS(1, 1)}
    assert c.of(POS(1, 1)) == {POS(0, 0), POS(0, 2)}
    link = c.link(POS(0, 2), POS(0, 0))
    assert link is not None
    assert (link.a, link.b, link.adjacent) == (POS(0, 0), POS(0, 2), False)
    assert link.portals == {POS(0, 1)}
    assert link.describe() == "through the Portal (0,1)"  # one Portal: singular


def test_r4_2_adjacent_portals_form_one_network() -> None:
    """R4.2: Portals (1,0)–(1,3) in a row are one network: Elf (0,0) reaches Forest (2,3)."""
    text = "E???/OOOO/???F/????"
    c = connections(Kingdom.parse(text))
    assert c.networks == (frozenset(POS(1, col) for col in range(4)),)
    link = c.link(POS(0, 0), POS(2, 3))
    assert link is not None
    assert link.portals == {POS(1, col) for col in range(4)}
    assert "through the Portals (1,0), (1,1), (1,2), (1,3)" in link.describe()


def test_r4_2_network_turning_corners() -> None:
    """R4.2: an L-shaped network (0,1),(1,1),(2,1),(2,2) links Elf (0,0) to Forest (3,2)."""
    assert connected("EO??/?O??/?OO?/??F?", (0, 0), (3, 2))


def test_r4_2_diagonal_portals_are_separate_networks() -> None:
    """R4.2: Portals (1,0) and (2,1) touch only at a corner: two networks, Elf (0,0) and Forest (3,1) apart."""
    text = "E???/O???/?O??/?F??"
    c = connections(Kingdom.parse(text))
    assert len(c.networks) == 2
    assert not c.are_connected(POS(0, 0), POS(3, 1))


def test_r4_2_portal_does_not_link_beyond_its_network() -> None:
    """R4.2: a card two steps from a Portal, behind a Forest, is not linked through it."""
    assert not connected("EOFW/????/????/????", (0, 0), (0, 3))


# --- R4.3 -----------------------------------------------------------------------------------


def test_r4_3_goblin_cannot_use_portal() -> None:
    """R4.3: Goblin (0,0) beside the Portal (0,1) is not connected to the Swamp (0,2) beyond it."""
    c = connections(Kingdom.parse("GOS?/????/????/????"))
    assert c.of(POS(0, 0)) == frozenset()
    assert c.link(POS(0, 0), POS(0, 2)) is None


def test_r4_3_goblin_keeps_its_adjacent_cards() -> None:
    """R4.3: a Goblin's connections are exactly its adjacent cards, even beside a network."""
    c = connections(Kingdom.parse("SGO?/?EO?/??OH/????"))
    assert c.of(POS(0, 1)) == {POS(0, 0), POS(1, 1)}
    link = c.link(POS(0, 1), POS(1, 1))
    assert link is not None
    assert link.adjacent and link.portals == frozenset()


def test_r4_3_network_still_links_the_others_around_a_goblin() -> None:
    """R4.3: Elf (0,0) and Forest (0,2) still meet through the Portal (0,1) that the Goblin (1,1) touches."""
    c = connections(Kingdom.parse("EOF?/?G??/????/????"))
    assert c.are_connected(POS(0, 0), POS(0, 2))
    assert not c.are_connected(POS(0, 0), POS(1, 1))
    assert not c.are_connected(POS(1, 1), POS(0, 2))


def test_r4_3_two_goblins_around_a_portal() -> None:
    """R4.3: Goblins (0,0) and (0,2) share the Portal (0,1) but are not connected (worked example 3)."""
    c = connections(Kingdom.parse("GOGS/OHOW/GOEO/SSSG"))
    assert not c.are_connected(POS(0, 0), POS(0, 2))
    assert c.of(POS(0, 0)) == frozenset()


# --- R4.4 -----------------------------------------------------------------------------------


def test_r4_4_adjacent_and_through_a_portal_is_one_connection() -> None:
    """R4.4: Elf (0,0), Dwarf (0,1) adjacent and both beside Portals (1,0)–(1,1): 1 connection."""
    c = connections(Kingdom.parse("EW??/OO??/????/????"))
    assert len(c) == 1
    assert len(c.links()) == 1
    link = c.link(POS(0, 0), POS(0, 1))
    assert link is not None
    assert link.adjacent and link.portals == {POS(1, 0), POS(1, 1)}
    assert link.describe() == "adjacent and through the Portals (1,0), (1,1)"


def test_r4_4_two_networks_is_one_connection() -> None:
    """R4.4: Elf (0,0) and Dwarf (1,1) are linked by Portal (0,1) and by Portal (1,0): one connection."""
    c = connections(Kingdom.parse("EO??/OW??/????/????"))
    assert len(c.networks) == 2
    assert len(c) == 1
    assert [(x.a, x.b) for x in c.links()] == [(POS(0, 0), POS(1, 1))]
    link = c.links()[0]
    assert not link.adjacent and link.portals == {POS(0, 1), POS(1, 0)}


def test_r4_4_no_card_is_connected_to_itself() -> None:
    """R4.4: an Elf touching two networks is not connected to itself."""
    c = connections(Kingdom.parse("EO??/O???/????/????"))
    assert not c.are_connected(POS(0, 0), POS(0, 0))
    assert c.of(POS(0, 0)) == frozenset()
    assert len(c) == 0


# --- R4.5, R4.6 -----------------------------------------------------------------------------


def test_r4_5_portal_has_no_connections() -> None:
    """R4.5: a Portal is never an end of a connection, even beside other cards."""
    c = connections(Kingdom.parse("EOF?/?W??/????/????"))
    assert c.of(POS(0, 1)) == frozenset()
    assert all(POS(0, 1) not in c.of(p) for p in map(Position.from_index, range(16)))


def test_r4_6_unexplored_land_connects_nothing() -> None:
    """R4.6: Elf (0,0) and Forest (0,2) with an Unexplored Land between them: no connection."""
    c = connections(Kingdom.parse("E?F?/????/????/????"))
    assert len(c) == 0


def test_r4_6_face_down_portal_links_nothing() -> None:
    """R4.6: an Unexplored Land where a Portal would be links nothing: revealing it as a Portal would."""
    hidden = Kingdom.parse("E?F?/????/????/????")
    shown = hidden.replace(POS(0, 1), Card.PORTAL)
    assert not connections(hidden).are_connected(POS(0, 0), POS(0, 2))
    assert connections(shown).are_connected(POS(0, 0), POS(0, 2))


def test_r4_6_unexplored_kingdom_has_no_connections() -> None:
    """R4.6: 16 Unexplored Lands: no connection, no network."""
    c = connections(Kingdom.unexplored())
    assert len(c) == 0 and c.links() == () and c.networks == ()


def test_worked_example_1_connections() -> None:
    """Worked example 1: the Portal (0,2) links Elf (0,1), Mountain (0,3) and Dwarf (1,2)."""
    c = connections(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"))
    assert {POS(0, 3), POS(1, 2)} <= c.of(POS(0, 1))
    assert c.are_connected(POS(2, 2), POS(3, 3))  # Dragon–Swamp through (2,3)
    assert len(c.networks) == 2


# --- properties ----------------------------------------------------------------------------


@given(any_kingdoms)
def test_connections_match_the_reference(kingdom: Kingdom) -> None:
    """R4.1–R4.6: the connected pairs, their Links and the networks equal the slow BFS reference."""
    expected = ref.links(kingdom.cells)
    c = connections(kingdom)
    got = {frozenset((x.a.index, x.b.index)): x for x in c.links()}
    assert set(got) == set(expected)
    assert len(c) == len(expected)
    for pair, (adjacent, portals) in expected.items():
        link = got[pair]
        assert link.a.index == min(pair) and link.b.index == max(pair)
        assert link.adjacent == adjacent
        assert {p.index for p in link.portals} == portals
    assert {frozenset(p.index for p in n) for n in c.networks} == set(
        ref.portal_networks(kingdom.cells)
    )
    for i in range(16):
        assert {p.index for p in c.of(Position.from_index(i))} == set(ref.connected_to(expected, i))


@given(any_kingdoms)
def test_connection_is_symmetric_and_irreflexive(kingdom: Kingdom) -> None:
    """R4.4: a is connected to b exactly when b is connected to a, and never to itself."""
    c = connections(kingdom)
    for a in map(Position.from_index, range(16)):
        assert a not in c.of(a)
        assert not c.are_connected(a, a)
        for b in c.of(a):
            assert a in c.of(b)
            assert c.are_connected(a, b) and c.are_connected(b, a)
            assert (a, b) in c and (b, a) in c


@given(any_kingdoms)
def test_each_pair_is_one_connection(kingdom: Kingdom) -> None:
    """R4.4: links() lists every connected pair exactly once, lower cell first, and len counts pairs."""
    c = connections(kingdom)
    listed = [(x.a, x.b) for x in c.links()]
    assert len(listed) == len(set(listed)) == len(c)
    assert all(a.index < b.index for a, b in listed)
    assert {frozenset(p) for p in listed} == pairs_of(kingdom)
    assert listed == sorted(listed)


@given(no_portal_kingdoms)
def test_without_portals_connections_are_the_grid_adjacency(kingdom: Kingdom) -> None:
    """R4.1, R4.6: with no revealed Portal, connected = orthogonal neighbours, both revealed."""
    c = connections(kingdom)
    for a in map(Position.from_index, range(16)):
        expected = (
            set()
            if kingdom[a] is None
            else {
                b
                for b in map(Position.from_index, range(16))
                if kingdom[b] is not None and abs(a.row - b.row) + abs(a.col - b.col) == 1
            }
        )
        assert c.of(a) == expected
    assert c.networks == ()


@given(any_kingdoms)
def test_unexplored_and_portals_never_connect(kingdom: Kingdom) -> None:
    """R4.5, R4.6: an Unexplored Land or a Portal has no connection and is in no one's connections."""
    c = connections(kingdom)
    dead = {p for p, cell in kingdom.items() if cell is None or cell is Card.PORTAL}
    for p in map(Position.from_index, range(16)):
        if p in dead:
            assert c.of(p) == frozenset()
        assert not c.of(p) & dead
    for link in c.links():
        assert all(kingdom[q] is Card.PORTAL for q in link.portals)


@given(any_kingdoms)
def test_goblins_connect_only_to_adjacent_cards(kingdom: Kingdom) -> None:
    """R4.3: every connection of a Goblin is to an orthogonal neighbour, with no Portal in its link."""
    c = connections(kingdom)
    for g in kingdom.positions_of(Card.GOBLIN):
        for other in c.of(g):
            assert other in g.neighbours()
            link = c.link(g, other)
            assert link is not None and link.adjacent and link.portals == frozenset()


@given(any_kingdoms, st.sampled_from(sorted(ref.SQUARE_SYMMETRIES)))
def test_connections_invariant_under_symmetries(kingdom: Kingdom, name: str) -> None:
    """R4: turning or mirroring the Kingdom maps connected pairs to connected pairs."""
    cells = ref.cell_map(ref.SQUARE_SYMMETRIES[name])
    image = ref.transform(kingdom, ref.SQUARE_SYMMETRIES[name])
    c, ci = connections(kingdom), connections(image)
    assert len(c) == len(ci)
    mapped = {
        frozenset(Position.from_index(cells[p.index]) for p in pair) for pair in pairs_of(kingdom)
    }
    assert mapped == pairs_of(image)
    assert len(c.networks) == len(ci.networks)


@given(any_kingdoms)
def test_connections_never_change_the_kingdom(kingdom: Kingdom) -> None:
    """Immutability: computing and querying connections leaves the Kingdom equal to a fresh copy."""
    before = Kingdom(kingdom.cells)
    c = connections(kingdom)
    c.links()
    _ = c.networks
    assert kingdom == before and kingdom.cells == before.cells
    assert c.kingdom == kingdom


def test_connections_are_frozen() -> None:
    """Immutability: a Connections object and its Links cannot be changed after the fact."""
    c = connections(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"))
    with pytest.raises(AttributeError):
        c.kingdom = Kingdom.unexplored()  # type: ignore[misc]
    link = c.links()[0]
    with pytest.raises(AttributeError):
        link.adjacent = False  # type: ignore[misc]


def test_positions_may_be_row_col_pairs() -> None:
    """Connections are queried by Position or by a (row, col) pair alike; anything else is
    the library's DrakoTypeError."""
    from drako_rules import DrakoTypeError

    conn = connections(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"))
    assert conn.of((0, 1)) == conn.of(Position(0, 1))
    assert conn.are_connected((0, 1), (1, 2))  # through the Portal (0,2), R4.2
    assert conn.link((0, 1), (1, 2)) == conn.link(Position(0, 1), Position(1, 2))
    with pytest.raises(DrakoTypeError):
        conn.of("0,1")  # type: ignore[arg-type]


# --- R9.3: how classic reads the Goblin rule ------------------------------------------------


def test_r9_3_counts_through_portals_table() -> None:
    """R4.3, R9.3: a Goblin counts nothing through a Portal; a Tribe counts a Goblin through
    one in classic only; Lands and Dragons never count one; other pairs always link."""
    kinds = [c for c in Card if c is not Card.PORTAL]
    for card in kinds:
        for other in kinds:
            pocket = counts_through_portals(card, other, POCKET)
            classic = counts_through_portals(card, other, CLASSIC)
            assert pocket == (Card.GOBLIN not in (card, other))
            foe = card in (Card.ELF, Card.DWARF, Card.HUMAN) and other is Card.GOBLIN
            assert classic == (pocket or foe)


def test_r9_3_a_tribe_counts_a_goblin_through_a_portal_in_classic() -> None:
    """R9.3: in HOG?, classic links the Human (0,0) to the Goblin (0,2) from the Human's side:
    the Human counts the Goblin, the Goblin not the Human; the pair is one link."""
    k = Kingdom.parse("HOG?/????/????/????")
    pocket, classic = connections(k), connections(k, CLASSIC)
    assert not pocket.are_connected(POS(0, 0), POS(0, 2)) and pocket.link((0, 0), (0, 2)) is None
    assert classic.are_connected(POS(0, 0), POS(0, 2))
    assert not classic.are_connected(POS(0, 2), POS(0, 0))
    link = classic.link(POS(0, 2), POS(0, 0))
    assert link is not None and link.portals == {POS(0, 1)} and not link.adjacent
    assert len(classic) == len(pocket) + 1
    assert not classic.uses_portals(POS(0, 2)) and classic.uses_portals(POS(0, 0))


@given(any_kingdoms)
def test_classic_adds_only_tribe_to_goblin_links(kingdom: Kingdom) -> None:
    """R9.3: classic's relation is pocket's plus, for Elves, Dwarves and Humans, the Goblins a
    network links to them (one way); pocket's relation is symmetric, classic's is except
    for those pairs."""
    pocket, classic = connections(kingdom), connections(kingdom, "classic")
    foes = (Card.ELF, Card.DWARF, Card.HUMAN)
    for i in range(16):
        extra = classic.mask((i // 4, i % 4)) & ~pocket.mask((i // 4, i % 4))
        assert pocket.mask((i // 4, i % 4)) & ~classic.mask((i // 4, i % 4)) == 0
        for j in range(16):
            if extra >> j & 1:
                assert kingdom.cells[i] in foes and kingdom.cells[j] is Card.GOBLIN
                assert not classic.are_connected(POS.from_index(j), POS.from_index(i))
            a, b = POS.from_index(i), POS.from_index(j)
            assert pocket.are_connected(a, b) == pocket.are_connected(b, a)


@given(any_kingdoms)
def test_classic_links_match_the_reference(kingdom: Kingdom) -> None:
    """R9.3: classic's connected pairs and their Portals are those of the reference."""
    expected = {
        frozenset((POS.from_index(i), POS.from_index(j))): (adj, {POS.from_index(p) for p in ps})
        for (i, j), (adj, ps) in (
            (sorted(k), v) for k, v in ref.links(kingdom.cells, "classic").items()
        )
    }
    got = {
        frozenset((x.a, x.b)): (x.adjacent, set(x.portals))
        for x in connections(kingdom, CLASSIC).links()
    }
    assert got == expected


# --- the API's edges ------------------------------------------------------------------------


def test_layout_outside_sixteen_bits_is_a_library_error() -> None:
    """A Portal layout is a 16-bit mask: 1 << 16, −1 or a float raise DrakoTypeError."""
    layout(1), layout(2)  # cached first: True and 2.0 must not find them
    for bad in (1 << 16, -1, 2.0, True):
        with pytest.raises(DrakoTypeError):
            layout(bad)  # type: ignore[arg-type]
    assert layout(0xFFFF).portals == 0xFFFF


@pytest.mark.parametrize(
    "bad",
    [
        [0, 1],
        (0, 1, 2),
        (0,),
        (),
        (0, 4),
        (0, 5),
        (5, 0),
        (-1, 0),
        (0, -1),
        (True, 0),
        "01",
        None,
        (0.0, 1),
    ],
)
def test_positions_are_positions_or_pairs_of_small_integers(bad: object) -> None:
    """of, mask, link and are_connected refuse a list, a triple, an out-of-grid pair, a bool
    or text with DrakoTypeError, the same for every kind of bad position."""
    c = connections(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"))
    for call in (c.of, c.mask, lambda p: c.link(p, (0, 0)), lambda p: c.are_connected((0, 0), p)):
        with pytest.raises(DrakoTypeError):
            call(bad)  # type: ignore[arg-type]


def test_contains_is_false_for_anything_but_a_pair_of_positions() -> None:
    """``in`` answers whether two Positions are connected, and False (never an error) for a
    triple, a pair of tuples, a Position with something else, a list or text."""
    c = connections(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"))
    a, b = POS(0, 1), POS(1, 2)
    assert (a, b) in c and (b, a) in c and (a, POS(3, 3)) not in c
    mixed = [(a, (1, 2)), ((0, 1), b), (a, "x")]  # a Position and something else
    for other in [(a, b, POS(0, 0)), ((0, 1), (1, 2)), *mixed, [a, b], "ab", (a,), None]:
        assert other not in c


@pytest.mark.parametrize(
    ("text", "ruleset", "pairs"),
    [
        # Worked example 1: of the 24 pairs of orthogonal neighbours, the 18 without a
        # Portal are connected (9 in the rows, 9 in the columns: R4.1); each of the two
        # lone Portals links its 3 neighbours pairwise, none of them adjacent: 3 + 3 more
        # (R4.2). 18 + 6 = 24 of the 120 pairs of cells.
        ("FEOM/HPWM/SGDO/PPHS", POCKET, 24),
        # A Human and a Goblin around one Portal: in classic the Human counts the Goblin
        # (R9.3), the Goblin not the Human; in pocket they are not connected (R4.3).
        ("HOG?/????/????/????", CLASSIC, 1),
        ("HOG?/????/????/????", POCKET, 0),
        # The same from the other side: the Goblin on the lower cell (1), the Human on the
        # higher (3); only the higher one counts the lower (R9.3).
        ("?GOH/????/????/????", CLASSIC, 1),
    ],
)
def test_link_exists_exactly_for_the_connected_pairs(
    text: str, ruleset: Ruleset, pairs: int
) -> None:
    """R4.4, R9.3: ``link(a, b)`` is a Link when either card counts the other, else None;
    for every pair of cells of the grid, both ways round."""
    c = connections(Kingdom.parse(text), ruleset)
    cells = [POS(r, k) for r in range(4) for k in range(4)]
    found = 0
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            connected = c.are_connected(a, b) or c.are_connected(b, a)
            assert (c.link(a, b) is not None) == connected, (a, b)
            assert (c.link(b, a) is not None) == connected, (b, a)
            found += connected
    assert found == len(c) == len(c.links()) == pairs


def test_r4_4_adjacent_and_through_a_network_beside_a_goblin() -> None:
    """R4.3, R4.4: the Elf (1,0) and Dwarf (1,1) are adjacent and both beside the network
    (0,0)-(0,1), which a Goblin (0,2) also touches: still one connection, both ways."""
    c = connections(Kingdom.parse("OOG?/EW??/????/????"))
    elf, dwarf, goblin = POS(1, 0), POS(1, 1), POS(0, 2)
    assert c.of(elf) == {dwarf} and c.of(dwarf) == {elf}
    link = c.link(elf, dwarf)
    assert link is not None and link.adjacent and link.portals == {POS(0, 0), POS(0, 1)}
    assert c.of(goblin) == set()  # its neighbours are the Portal (0,1) and Unexplored Lands


def test_repr_names_the_kingdom_only() -> None:
    """A Connections prints as the Kingdom it was built from, in notation, not its tables
    or ruleset."""
    c = connections(Kingdom.parse("OOG?/EW??/????/????"), CLASSIC)
    assert repr(c) == "Connections(kingdom=Kingdom.parse('OOG?/EW??/????/????'))"


def test_r4_3_goblins_on_every_cell_beside_the_network() -> None:
    """R4.3: every card beside the Portal (0,1) is a Goblin and no cell is Unexplored: the
    Goblins (0,0), (0,2), (1,1) keep only their adjacent cards, never each other."""
    c = connections(Kingdom.parse("GOGF/FGFF/FFFF/FFFF"))
    assert c.of(POS(0, 0)) == {POS(1, 0)}
    assert c.of(POS(0, 2)) == {POS(0, 3), POS(1, 2)}
    assert c.of(POS(1, 1)) == {POS(1, 0), POS(1, 2), POS(2, 1)}


def test_r4_3_a_goblin_beside_the_network_hides_only_itself() -> None:
    """R4.2, R4.3: the Goblin (1,1) touches the Portal (0,1), which still links the Elf
    (0,0) and the Dwarf (0,2), both ways; the Goblin counts neither."""
    c = connections(Kingdom.parse("EOW?/?G??/????/????"))
    assert c.of(POS(0, 0)) == {POS(0, 2)} and c.of(POS(0, 2)) == {POS(0, 0)}
    assert c.of(POS(1, 1)) == set()


def test_linked_pairs_of_worked_example_1() -> None:
    """R4.2, R4.4: the pairs a network links that are not adjacent, each once, i < j: the
    lone Portal (0,2) links cells 1, 3, 6 (Elf, Mountain, Dwarf) pairwise, the lone Portal
    (2,3) cells 7, 10, 15 (Mountain, Dragon, Swamp); no two of them are adjacent."""
    kingdom = Kingdom.parse("FEOM/HPWM/SGDO/PPHS")
    lay = layout(kingdom.masks[Card.PORTAL.index])
    assert lay.linked_pairs == ((1, 3), (1, 6), (3, 6), (7, 10), (7, 15), (10, 15))


def test_connections_compare_by_identity() -> None:
    """A Connections is a view of one Kingdom: it equals only itself, so two built from the
    same Kingdom are different objects that compare unequal; each is hashable."""
    kingdom = Kingdom.parse("FEOM/HPWM/SGDO/PPHS")
    c, d = connections(kingdom), connections(kingdom)
    assert c == c and c != d
    assert len({c, d}) == 2
