"""Scoring (R5, R9): hand-computed cases for each rule, Dragons 0–6, properties, the reference."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
from drako_rules import (
    CLASSIC,
    POCKET,
    Card,
    Category,
    Kingdom,
    Legend,
    Position,
    Ruleset,
    ScoreLine,
    ScoreSheet,
    ScoringError,
    connections,
    score,
)
from drako_rules.scoring import category_rule, domesticated
from strategies import any_kingdoms, goblin_beside_portal, goblins_away_from_portals, legend_sets

POS = Position
RULESETS = {"pocket": POCKET, "classic": CLASSIC}
rulesets = st.sampled_from(sorted(RULESETS))


def values(text: str, ruleset: Ruleset = POCKET) -> dict[str, int]:
    """The score sheet of ``text`` as a dict, categories and total."""
    return score(Kingdom.parse(text), ruleset=ruleset).as_dict()


def nonzero(text: str, ruleset: Ruleset = POCKET) -> dict[str, int]:
    """Only the categories (and total) of ``text`` that are not 0."""
    return {k: v for k, v in values(text, ruleset).items() if v}


# --- R5.1 -----------------------------------------------------------------------------------

TRIBE_LAND = [
    # (tribe, land, points of the tribe's category) — the table of R5.1, cell by cell.
    ("E", "F", 2), ("E", "M", 0), ("E", "P", 0), ("E", "S", -1),
    ("W", "F", 0), ("W", "M", 2), ("W", "P", 0), ("W", "S", 0),
    ("H", "F", 1), ("H", "M", 1), ("H", "P", 2), ("H", "S", -1),
    ("G", "F", 0), ("G", "M", 0), ("G", "P", 0), ("G", "S", 3),
]  # fmt: skip
CATEGORY = {"E": "elves", "W": "dwarves", "H": "humans", "G": "goblins"}


@pytest.mark.parametrize(("tribe", "land", "points"), TRIBE_LAND)
@pytest.mark.parametrize("ruleset", [POCKET, CLASSIC], ids=["pocket", "classic"])
def test_r5_1_one_tribe_beside_one_land(
    tribe: str, land: str, points: int, ruleset: Ruleset
) -> None:
    """R5.1: a Tribe beside one Land scores the table's value, in its own category only."""
    sheet = values(f"{tribe}{land}??/????/????/????", ruleset)
    expected = {CATEGORY[tribe]: points, "total": points} if points else {}
    assert {k: v for k, v in sheet.items() if v} == expected


def test_r5_1_human_surrounded_by_four_lands() -> None:
    """R5.1: Human (1,1) with Forest, Mountain, Plain, Swamp around: 1 + 1 + 2 − 1 = 3."""
    assert nonzero("?F??/MHP?/?S??/????") == {"humans": 3, "total": 3}


def test_r5_1_elf_surrounded_by_four_lands() -> None:
    """R5.1: Elf (1,1) with Forest, Mountain, Plain, Swamp around: 2 + 0 + 0 − 1 = 1."""
    assert nonzero("?F??/MEP?/?S??/????") == {"elves": 1, "total": 1}


def test_r5_1_every_tribe_card_scores_for_every_land() -> None:
    """R5.1: two Elves share one Forest: each scores it, 2 + 2 = 4; one Elf, two Forests: 2 + 2 = 4."""
    assert nonzero("EFE?/????/????/????") == {"elves": 4, "total": 4}
    assert nonzero("FEF?/????/????/????") == {"elves": 4, "total": 4}


def test_r5_1_through_a_portal() -> None:
    """R5.1 + R4.2: Dwarf (0,0) and Mountain (0,2) through the Portal (0,1): +2; Mountain (1,1) too: +2."""
    assert nonzero("WOM?/?M??/????/????") == {"dwarves": 4, "total": 4}


def test_r5_1_goblin_gets_no_swamp_through_a_portal() -> None:
    """R5.1 + R4.3: Goblin (0,0) –Portal– Swamp (0,2): 0; Goblin (1,0) beside Swamp (1,1): +3."""
    assert nonzero("GOS?/GS??/????/????") == {"goblins": 3, "conflicts": -2, "total": 1}


def test_r5_1_lands_tribes_dragons_portals_among_themselves_score_nothing() -> None:
    """R5.1, R4.5: Land–Land and Portal–Land pairs score 0."""
    assert nonzero("FMPS/FFOM/OSMP/FFOO") == {}


# --- R5.2 -----------------------------------------------------------------------------------

CONFLICTS = [
    # (tribe, tribe, pocket conflicts, classic conflicts): R5.2, R9.2.
    ("G", "G", -2, 0),
    ("G", "E", -2, -2),
    ("G", "W", -2, -2),
    ("G", "H", -2, -2),
    ("E", "W", -2, -2),
    ("E", "E", 0, 0),
    ("W", "W", 0, 0),
    ("H", "H", 0, 0),
    ("H", "E", 0, 0),
    ("H", "W", 0, 0),
]


@pytest.mark.parametrize(("a", "b", "pocket", "classic"), CONFLICTS)
def test_r5_2_conflict_table(a: str, b: str, pocket: int, classic: int) -> None:
    """R5.2, R9.2: one connection between two Tribes costs 2 when they hate each other, else 0."""
    assert values(f"{a}{b}??/????/????/????")["conflicts"] == pocket
    assert values(f"{b}{a}??/????/????/????")["conflicts"] == pocket
    assert values(f"{a}{b}??/????/????/????", CLASSIC)["conflicts"] == classic


@pytest.mark.parametrize(
    ("a", "b", "pocket", "classic"), [c for c in CONFLICTS if "G" not in c[:2]]
)
def test_r5_2_conflict_through_a_portal(a: str, b: str, pocket: int, classic: int) -> None:
    """R5.2 + R4.2: non-Goblin Tribes linked by the Portal (0,1) fight as if adjacent."""
    assert values(f"{a}O{b}?/????/????/????")["conflicts"] == pocket
    assert values(f"{a}O{b}?/????/????/????", CLASSIC)["conflicts"] == classic


def test_r5_2_goblin_fights_only_adjacent() -> None:
    """R5.2 + R4.3: Goblin (0,0) –Portal– Elf (0,2): no conflict; Goblin (1,0) beside Elf (1,1): −2."""
    assert values("GOE?/????/????/????")["conflicts"] == 0
    assert values("G???/E???/????/????")["conflicts"] == -2


def test_r5_2_every_connection_counts() -> None:
    """R5.2: Goblin (1,1) with Elf, Dwarf, Human, Goblin around: 4 conflicts = −8 (classic: 3 = −6)."""
    assert values("?E??/WGH?/?G??/????")["conflicts"] == -8
    assert values("?E??/WGH?/?G??/????", CLASSIC)["conflicts"] == -6


def test_r5_2_one_conflict_per_pair() -> None:
    """R5.2 + R4.4: Elf (0,0) and Dwarf (0,1) adjacent and around Portals (1,0),(1,1): −2 once."""
    assert values("EW??/OO??/????/????")["conflicts"] == -2
    assert values("EO??/OW??/????/????")["conflicts"] == -2  # two networks, one pair


# --- R5.3: Dragons --------------------------------------------------------------------------

# Six Dragon slots, each with its own "control" cell: the slot's Dragon is domesticated
# when the control cell is a Human (it then has 2 Humans: the control cell and the Human
# of column 2), wild when it is a Forest (1 Human only):
#
#     c D H D        slots (0,1) (1,1) (2,1) (3,1), controlled by (0,0) (1,0) (2,0) (3,0)
#     c D H c        slot (0,3), controlled by (1,3)
#     c D H c        slot (3,3), controlled by (2,3)
#     c D H D
#
# Dragons beside Dragons do not matter (a Dragon is not a Tribe).
_SLOTS = ((0, 1), (1, 1), (2, 1), (3, 1), (0, 3), (3, 3))
_CONTROLS = ((0, 0), (1, 0), (2, 0), (3, 0), (1, 3), (2, 3))


def dragon_kingdom(slots: str) -> Kingdom:
    """Six slots, ``T`` domesticated Dragon, ``W`` wild Dragon, ``.`` no Dragon (see above)."""
    grid = [["?", "?", "H", "?"] for _ in range(4)]
    for kind, (r, c), (cr, cc) in zip(slots, _SLOTS, _CONTROLS, strict=True):
        if kind != ".":
            grid[r][c] = "D"
            grid[cr][cc] = "H" if kind == "T" else "F"
    return Kingdom.parse("/".join("".join(row) for row in grid))


def test_dragon_kingdom_layout() -> None:
    """The Dragon layout helper builds the Kingdoms drawn in its comment."""
    assert str(dragon_kingdom("TTTTTT")) == "HDHD/HDHH/HDHH/HDHD"
    assert str(dragon_kingdom("WWWWWW")) == "FDHD/FDHF/FDHF/FDHD"
    assert str(dragon_kingdom("T.W...")) == "HDH?/??H?/FDH?/??H?"


# (slots, pocket dragons, classic dragons), by hand:
#   pocket  v = 3, 4, 5 for 1, 2, 3+ Dragons; the 3 best score ±v, any further Dragon −5.
#   classic v = 3, 5, 6; at most 3 domesticated score +v, every other Dragon −v.
DRAGONS = [
    ("......", 0, 0),  # no Dragon
    ("W.....", -3, -3),  # n=1 d=0: −3 | −3
    ("T.....", 3, 3),  # n=1 d=1: +3 | +3
    ("WW....", -8, -10),  # n=2 d=0: −4−4 | −5−5
    ("TW....", 0, 0),  # n=2 d=1: 4−4 | 5−5
    ("TT....", 8, 10),  # n=2 d=2: 4+4 | 5+5
    ("WWW...", -15, -18),  # n=3 d=0: 3×−5 | 3×−6
    ("TWW...", -5, -6),  # n=3 d=1: 5−10 | 6−12
    ("TTW...", 5, 6),  # n=3 d=2: 10−5 | 12−6
    ("TTT...", 15, 18),  # n=3 d=3: 15 | 18
    ("WWWW..", -20, -24),  # n=4 d=0: −15−5 | 4×−6
    ("TWWW..", -10, -12),  # n=4 d=1: 5−10−5 | 6−18
    ("TTWW..", 0, 0),  # n=4 d=2: 10−5−5 | 12−12
    ("TTTW..", 10, 12),  # n=4 d=3: 15−5 | 18−6
    ("TTTT..", 10, 12),  # n=4 d=4: 15−5 (4th −5 though domesticated) | 18−6 (4th −6)
    ("WWWWW.", -25, -30),  # n=5 d=0: −15−10 | 5×−6
    ("TWWWW.", -15, -18),  # n=5 d=1: 5−10−10 | 6−24
    ("TTWWW.", -5, -6),  # n=5 d=2: 10−5−10 | 12−18
    ("TTTWW.", 5, 6),  # n=5 d=3: 15−10 | 18−12
    ("TTTTW.", 5, 6),  # n=5 d=4: 15−10 | 18−12
    ("TTTTT.", 5, 6),  # n=5 d=5: 15−10 | 18−12
    ("WWWWWW", -30, -36),  # n=6 d=0: −15−15 | 6×−6
    ("TWWWWW", -20, -24),  # n=6 d=1: 5−10−15 | 6−30
    ("TTWWWW", -10, -12),  # n=6 d=2: 10−5−15 | 12−24
    ("TTTWWW", 0, 0),  # n=6 d=3: 15−15 | 18−18
    ("TTTTWW", 0, 0),  # n=6 d=4: 15−15 | 18−18
    ("TTTTTW", 0, 0),  # n=6 d=5: 15−15 | 18−18
    ("TTTTTT", 0, 0),  # n=6 d=6: 15−15 | 18−18
    ("WWTWWT", -10, -12),  # n=6 d=2, other slots: 10−5−15 | 12−24
    (".T.T.T", 15, 18),  # n=3 d=3, other slots: 3×5 | 3×6
]


@pytest.mark.parametrize(("slots", "pocket", "classic"), DRAGONS)
def test_r5_3_dragons_zero_to_six(slots: str, pocket: int, classic: int) -> None:
    """R5.3, R9.2: Dragon points for n = 0–6 Dragons, d domesticated, by hand (see DRAGONS)."""
    kingdom = dragon_kingdom(slots)
    n, d = slots.count("T") + slots.count("W"), slots.count("T")
    assert kingdom.count(Card.DRAGON) == n
    for ruleset, expected in ((POCKET, pocket), (CLASSIC, classic)):
        sheet = score(kingdom, ruleset=ruleset)
        assert sheet.dragons == expected
        lines = sheet.lines_of(Category.DRAGONS)
        assert len(lines) == n
        assert sum(line.points for line in lines) == expected
        assert sum("domesticated" in line.text for line in lines) == d


def test_r5_3_pocket_fourth_dragon_is_minus_five_even_if_domesticated() -> None:
    """R5.3: four domesticated Dragons: three at +5, the fourth −5: 15 − 5 = 10."""
    lines = score(dragon_kingdom("TTTT..")).lines_of(Category.DRAGONS)
    assert sorted(line.points for line in lines) == [-5, 5, 5, 5]


def test_r9_2_classic_fourth_domesticated_dragon_is_minus_value() -> None:
    """R9.2: four domesticated Dragons, v = 6: three at +6, the fourth −6: 18 − 6 = 12."""
    lines = score(dragon_kingdom("TTTT.."), ruleset=CLASSIC).lines_of(Category.DRAGONS)
    assert sorted(line.points for line in lines) == [-6, 6, 6, 6]
    assert all(line.rule == "R9.2" for line in lines)


def test_r5_3_goblins_never_domesticate() -> None:
    """R5.3: a Dragon with two Goblins beside it is wild: −3."""
    assert values("GDG?/????/????/????")["dragons"] == -3


def test_r5_3_two_tribes_of_different_types_do_not_domesticate() -> None:
    """R5.3: a Dragon beside one Elf and one Human is wild (2 Tribes, but not 2 of one type): −3."""
    assert values("EDH?/????/????/????")["dragons"] == -3


def test_r5_3_each_type_counts() -> None:
    """R5.3: two Elves, two Dwarves or two Humans each domesticate a lone Dragon: +3."""
    for tribe in "EWH":
        assert values(f"{tribe}D{tribe}?/????/????/????")["dragons"] == 3


def test_r5_3_domesticated_through_a_portal() -> None:
    """R5.3 + R4.2: Dragon (0,0), Portal (0,1), Dwarves (0,2) and (1,1): domesticated, +3."""
    assert values("DOW?/?W??/????/????")["dragons"] == 3


def test_r5_3_dragons_may_share_tribes() -> None:
    """R5.3: three Dragons around Humans (0,0), (0,2), (1,1), each beside two of them: 3 × 5 = 15."""
    assert values("HDH?/DHD?/????/????")["dragons"] == 15


def test_r5_3_goblin_shared_with_dragons_does_not_count() -> None:
    """R5.3: Dragons (0,1) and (1,0) share Human (0,0) and Goblin (1,1): both wild, 2 × −4 = −8."""
    assert values("HD??/DG??/????/????")["dragons"] == -8


def test_r5_3_unexplored_tribes_do_not_domesticate() -> None:
    """R4.6 + R5.3: a Dragon beside one Human and one Unexplored Land is wild: −3; revealing a Human tames it: +3."""
    assert values("HD??/????/????/????")["dragons"] == -3
    assert values("HDH?/????/????/????")["dragons"] == 3


# --- R5.4, R5.5 -----------------------------------------------------------------------------


def test_r5_4_legend_points() -> None:
    """R5.4: Legends two-elves (2), three-swamps (4) and battle-elf-dwarf (3) claimed: 2 + 4 + 3 = 9."""
    claimed = [Legend.TWO_ELVES, Legend.THREE_SWAMPS, Legend.BATTLE_ELF_DWARF]
    sheet = score(Kingdom.unexplored(), claimed)
    assert sheet.legends == 9 and sheet.total == 9
    assert [line.legend for line in sheet.lines_of(Category.LEGENDS)] == claimed
    assert all(line.rule == "R5.4" for line in sheet.lines_of(Category.LEGENDS))


def test_r5_4_claimed_legends_count_whatever_the_kingdom() -> None:
    """R6.3 + R5.4: a claimed Legend scores even if the Kingdom no longer meets it: 7 + 4 = 11."""
    assert score(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"), [Legend.THREE_FORESTS]).total == 11


def test_r5_4_legend_claimed_twice_is_an_error() -> None:
    """R1.4: a Legend is unique: claiming it twice raises ScoringError naming it."""
    with pytest.raises(ScoringError, match="two-elves"):
        score(Kingdom.unexplored(), [Legend.TWO_ELVES, Legend.TWO_ELVES])


def test_r5_4_a_long_list_of_repeated_claims_is_refused_in_linear_time() -> None:
    """R1.4 on hostile input: 200,000 claims of two Legends are refused with one message
    naming each once (counting each claim's repeats one by one took 2 s for 20,000 claims,
    and would take minutes here)."""
    claims = [Legend.TWO_ELVES, Legend.THREE_SWAMPS] * 100_000
    with pytest.raises(ScoringError) as info:
        score(Kingdom.unexplored(), claims)
    assert "three-swamps, two-elves (R1.4)" in str(info.value)
    assert len(str(info.value)) < 200


def test_r5_4_a_non_legend_is_quoted_short_and_escaped() -> None:
    """Bounded messages: a huge or hostile non-Legend is quoted by a short escaped prefix."""
    with pytest.raises(ScoringError) as info:
        score(Kingdom.unexplored(), ["\x1b[2J" + "x" * 100_000])  # type: ignore[list-item]
    message = str(info.value)
    assert "\\x1b[2J" in message and "\x1b" not in message and len(message) < 200


@pytest.mark.parametrize("bad", ["two-elves", 3, None])
def test_r5_4_non_legend_is_an_error(bad: object) -> None:
    """R5.4: Legends are given as Legend members; anything else raises ScoringError (a ValueError)."""
    with pytest.raises(ScoringError) as info:
        score(Kingdom.unexplored(), [bad])  # type: ignore[list-item]
    assert isinstance(info.value, ValueError)


def test_r5_5_seven_categories_in_order() -> None:
    """R5.5: the sheet lists Elves, Dwarves, Humans, Goblins, Dragons, Legends, Conflicts, then total."""
    sheet = score(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"), [Legend.FOUR_TRIBES])
    assert list(sheet.as_dict()) == [
        "elves", "dwarves", "humans", "goblins", "dragons", "legends", "conflicts", "total",
    ]  # fmt: skip
    assert [c.label for c in Category] == [
        "Elves", "Dwarves", "Humans", "Goblins", "Dragons", "Legends", "Conflicts",
    ]  # fmt: skip
    # worked example 1 plus four-tribes: 2 + 4 + 3 + 3 − 3 + 4 − 2 = 11
    assert sheet.values == (2, 4, 3, 3, -3, 4, -2)
    assert sheet.total == 11
    assert [sheet[c] for c in Category] == list(sheet.values)


def test_r5_5_unexplored_kingdom_scores_zero() -> None:
    """R4.6, R5.5: a Kingdom of Unexplored Lands scores 0 in every category, with no lines."""
    sheet = score(Kingdom.unexplored())
    assert sheet.values == (0,) * 7 and sheet.total == 0 and sheet.lines == ()


# --- properties ----------------------------------------------------------------------------


@given(any_kingdoms, legend_sets, rulesets)
def test_score_matches_the_reference(
    kingdom: Kingdom, claimed: tuple[Legend, ...], name: str
) -> None:
    """R5.1–R5.5, R9.2: every category and the total equal the slow pair-by-pair reference scorer."""
    expected = ref.score(kingdom, claimed, name)
    assert score(kingdom, claimed, RULESETS[name]).as_dict() == expected


@given(st.lists(st.sampled_from([Card.DRAGON, Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN,
                                 Card.PORTAL, None]), min_size=16, max_size=16), rulesets)  # fmt: skip
def test_dragon_heavy_kingdoms_match_the_reference(cells: list[Card | None], name: str) -> None:
    """R5.3, R9.2: Kingdoms of Dragons, Tribes and Portals score their Dragons as the reference does."""
    kingdom = Kingdom(tuple(cells))
    assert score(kingdom, ruleset=RULESETS[name]).dragons == ref.score(kingdom, (), name)["dragons"]


@given(any_kingdoms, legend_sets, rulesets)
def test_total_is_the_sum_of_categories_and_of_lines(
    kingdom: Kingdom, claimed: tuple[Legend, ...], name: str
) -> None:
    """R5.5: total = sum of the seven categories = sum of all lines; each category = sum of its lines."""
    sheet = score(kingdom, claimed, RULESETS[name])
    assert sheet.total == sum(sheet.values)
    assert sheet.total == sum(line.points for line in sheet.lines)
    for category in Category:
        assert sheet[category] == sum(line.points for line in sheet.lines_of(category))
        assert all(line.category is category for line in sheet.lines_of(category))
    assert len(sheet.lines) == sum(len(sheet.lines_of(c)) for c in Category)
    assert [line.category for line in sheet.lines] == sorted(
        (line.category for line in sheet.lines), key=list(Category).index
    )


@given(any_kingdoms, rulesets)
def test_lines_name_real_connections(kingdom: Kingdom, name: str) -> None:
    """R5.1–R5.2, R9.3: each line with a partner names two cards connected in its ruleset (the
    scoring card counting its partner, for R5.1), the right kinds, and the right points."""
    sheet = score(kingdom, ruleset=RULESETS[name])
    c = connections(kingdom, name)
    for line in sheet.lines:
        if line.partner is None:
            continue
        assert line.card is not None
        assert c.are_connected(line.card, line.partner) or c.are_connected(line.partner, line.card)
        if line.rule == "R5.1":
            assert c.are_connected(line.card, line.partner)
        a, b = kingdom[line.card], kingdom[line.partner]
        assert a is not None and b is not None
        if line.rule == "R5.1":
            assert ref.LAND_POINTS[(a, b)] == line.points
        else:
            assert line.rule == "R5.2" and ref.hates(a, b, name) and line.points == -2
        assert line.link == c.link(line.card, line.partner)


@given(any_kingdoms, rulesets)
def test_conflicts_are_minus_two_per_hating_pair(kingdom: Kingdom, name: str) -> None:
    """R5.2, R9.2, R9.3: conflicts = −2 × the connected pairs of Tribes that hate each other,
    the pairs being those of the ruleset's connections (a Goblin and a Tribe linked through
    a Portal are one in classic)."""
    c = connections(kingdom, name)
    hating = 0
    for link in c.links():
        a, b = kingdom[link.a], kingdom[link.b]
        if a in ref.TRIBES and b in ref.TRIBES:
            assert a is not None and b is not None
            hating += ref.hates(a, b, name)
    assert score(kingdom, ruleset=RULESETS[name]).conflicts == -2 * hating


@given(goblin_beside_portal(), rulesets)
def test_portal_beside_goblin_replaced_by_plain_keeps_its_swamp_points(
    case: tuple[Kingdom, Position, Position], name: str
) -> None:
    """R4.3: a Portal beside a Goblin → Plain never changes that Goblin's Swamp points, in
    either ruleset, nor (pocket only) its conflicts: in classic the Portal linked the Goblin
    to the Tribes around it for conflicts (R9.3)."""
    kingdom, goblin, portal = case
    before = score(kingdom, ruleset=RULESETS[name])
    after = score(kingdom.replace(portal, Card.PLAIN), ruleset=RULESETS[name])

    def goblin_lines(sheet: ScoreSheet, category: Category) -> set[tuple[Position | None, int]]:
        return {
            (line.partner if line.card == goblin else line.card, line.points)
            for line in sheet.lines_of(category)
            if goblin in (line.card, line.partner)
        }

    swamps = goblin_lines(before, Category.GOBLINS)
    assert swamps == goblin_lines(after, Category.GOBLINS)
    assert sum(p for _, p in swamps) == 3 * sum(
        kingdom[n] is Card.SWAMP for n in goblin.neighbours()
    )
    if name == "pocket":
        assert goblin_lines(before, Category.CONFLICTS) == goblin_lines(after, Category.CONFLICTS)
    else:  # the Portal's conflicts are gone, the adjacent ones stay
        adjacent = {
            x for x in goblin_lines(before, Category.CONFLICTS) if x[0] in goblin.neighbours()
        }
        assert adjacent - {(portal, -2)} <= goblin_lines(after, Category.CONFLICTS)


@given(any_kingdoms, legend_sets, rulesets, st.sampled_from(sorted(ref.SQUARE_SYMMETRIES)))
def test_score_invariant_under_symmetries(
    kingdom: Kingdom, claimed: tuple[Legend, ...], name: str, symmetry: str
) -> None:
    """R4, R5: turning or mirroring the Kingdom changes no category and no total."""
    image = ref.transform(kingdom, ref.SQUARE_SYMMETRIES[symmetry])
    ruleset = RULESETS[name]
    before, after = score(kingdom, claimed, ruleset), score(image, claimed, ruleset)
    assert before.values == after.values and before.total == after.total
    assert len(before.lines) == len(after.lines)


@given(any_kingdoms)
def test_unexplored_lands_never_score(kingdom: Kingdom) -> None:
    """R4.6: no line names an Unexplored Land, as card or partner."""
    hidden = set(kingdom.unexplored_positions)
    for ruleset in (POCKET, CLASSIC):
        for line in score(kingdom, ruleset=ruleset).lines:
            assert line.card not in hidden and line.partner not in hidden


@given(any_kingdoms, legend_sets)
def test_score_never_changes_the_kingdom(kingdom: Kingdom, claimed: tuple[Legend, ...]) -> None:
    """Immutability: scoring (and itemizing) leaves the Kingdom equal to a fresh copy."""
    before = Kingdom(kingdom.cells)
    sheet = score(kingdom, list(claimed))
    sheet.lines  # noqa: B018 - computing the lazy lines must not change anything either
    assert kingdom == before and kingdom.cells == before.cells
    assert sheet.kingdom == kingdom and sheet.claimed == claimed


def test_score_sheet_is_frozen() -> None:
    """Immutability: a ScoreSheet's fields cannot be set; evolve makes a new sheet."""
    sheet = score(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"))
    with pytest.raises(AttributeError):
        sheet.total = 99  # type: ignore[misc]
    other = attrs.evolve(sheet, total=99)
    assert sheet.total == 7 and other.total == 99
    line = sheet.lines[0]
    with pytest.raises(AttributeError):
        line.points = 0  # type: ignore[misc]


def test_score_accepts_any_iterable_of_legends() -> None:
    """R5.4: Legends may come as a list, tuple, set or generator: same sheet."""
    k = Kingdom.parse("FEOM/HPWM/SGDO/PPHS")
    claimed = [Legend.TWO_ELVES, Legend.FOUR_TRIBES]
    sheets = [score(k, claimed), score(k, tuple(claimed)), score(k, iter(claimed))]
    assert {s.total for s in sheets} == {13}  # 7 + 2 + 4
    assert isinstance(sheets[0], ScoreSheet)


@pytest.mark.parametrize("value", ["FEOM/HPWM/SGDO/PPHS", None, 7])
def test_rules_functions_reject_what_is_not_a_kingdom(value: object) -> None:
    """score, legends_met and connections take a Kingdom: anything else is the library's
    DrakoTypeError (a TypeError) pointing to Kingdom.parse, never an AttributeError."""
    from drako_rules import DrakoTypeError, connections, legends_met

    for function in (score, legends_met, connections):
        with pytest.raises(DrakoTypeError, match=r"Kingdom\.parse"):
            function(value)  # type: ignore[arg-type]


def test_score_takes_a_ruleset_by_name() -> None:
    """score accepts a ruleset's name (R9); an unknown name is a RulesetError."""
    from drako_rules import CLASSIC, RulesetError

    kingdom = Kingdom.parse("HHOE/DHGE/OWDW/SSMF")
    assert score(kingdom, ruleset="classic") == score(kingdom, ruleset=CLASSIC)
    with pytest.raises(RulesetError, match="deluxe"):
        score(kingdom, ruleset="deluxe")


def test_sheets_of_different_rulesets_differ() -> None:
    """Two sheets are equal only under the same ruleset, even when the numbers agree."""
    from drako_rules import CLASSIC

    kingdom = Kingdom.parse("FEOM/HPWM/SGDO/PPHS")  # one Dragon, no Goblin pair: same numbers
    pocket, classic = score(kingdom), score(kingdom, ruleset=CLASSIC)
    assert pocket.values == classic.values
    assert pocket != classic


# --- R9.3: classic reads "Goblins cannot use Portals" from the Goblin's side ---------------


def test_r9_3_example_of_the_rules() -> None:
    """R9.3: HWMW/HDWM/DHOG/HDSG scores Conflicts −4, total 26 in classic (30 with two
    alliance Legends), and Conflicts −2, total 25 in pocket.

    The Portal (2,2) links the Dwarf (1,2), the Human (2,1), the Swamp (3,2) and, in
    classic only, the Goblin (2,3). Dwarves 10: (0,1) +2 for Mountain (0,2); (0,3) +4 for
    Mountains (0,2), (1,3); (1,2) +4 for Mountains (0,2), (1,3). Humans −1: (2,1) is
    linked to Swamp (3,2) by the Portal. Goblins 3: (3,3) beside Swamp (3,2); the Goblin
    (2,3) gets no Swamp through the Portal in either ruleset. Dragons: all three
    domesticated ((1,1) by the Dwarves (0,1), (1,2); (2,0) and (3,1) by Humans): pocket
    3 × 5 = 15, classic 3 × 6 = 18. Conflicts: pocket, Goblin–Goblin (2,3)–(3,3) −2;
    classic, no Goblin–Goblin conflict (R9.2), but Goblin (2,3) against the Dwarf (1,2) and
    the Human (2,1) through the Portal, −2 each: −4.
    pocket: 0 + 10 − 1 + 3 + 15 + 0 − 2 = 25; classic: 0 + 10 − 1 + 3 + 18 + 0 − 4 = 26.
    """
    k = Kingdom.parse("HWMW/HDWM/DHOG/HDSG")
    classic = score(k, ruleset=CLASSIC)
    assert classic.values == (0, 10, -1, 3, 18, 0, -4) and classic.total == 26
    alliances = (Legend.ALLIANCE_HUMAN_ELF, Legend.ALLIANCE_HUMAN_DWARF)
    assert score(k, alliances, CLASSIC).total == 26 + 2 + 2 == 30
    pocket = score(k)
    assert pocket.values == (0, 10, -1, 3, 15, 0, -2) and pocket.total == 25
    through = {
        (line.card, line.partner)
        for line in classic.lines_of(Category.CONFLICTS)
        if line.link is not None and line.link.portals
    }
    assert through == {(POS(1, 2), POS(2, 3)), (POS(2, 1), POS(2, 3))}


@pytest.mark.parametrize(
    ("text", "pocket", "classic", "why"),
    [
        ("HOG?/????/????/????", 0, -2, "Human (0,0) and Goblin (0,2) share the Portal (0,1)"),
        ("EOG?/????/????/????", 0, -2, "Elf against Goblin through the Portal"),
        ("WOOG/????/????/????", 0, -2, "Dwarf against Goblin through a 2-Portal network"),
        ("GOG?/????/????/????", 0, 0, "two Goblins: never through a Portal (R4.3)"),
        ("SOG?/????/????/????", 0, 0, "no Goblin Swamp and no conflict: only Goblin vs Swamp"),
        ("HGO?/??G?/????/????", -2, -2, "Human–Goblin adjacent; (1,2) is not at the Portal"),
        ("HOG?/?G??/????/????", 0, -4, "a Human and two Goblins around the Portal (0,1)"),
    ],
)
def test_r9_3_conflicts_through_a_portal(text: str, pocket: int, classic: int, why: str) -> None:
    """R9.3: in classic a Portal network makes a Goblin and an Elf, Dwarf or Human fight
    (−2); never two Goblins; in pocket neither (R4.3)."""
    k = Kingdom.parse(text)
    assert score(k).conflicts == pocket, why
    assert score(k, ruleset=CLASSIC).conflicts == classic, why


def test_r9_3_goblin_gets_no_swamp_through_a_portal_in_classic() -> None:
    """R9.3: the Goblin's own Swamps stay adjacent-only in classic: SOG? gives Goblins 0, and
    SGO? (Swamp adjacent) gives 3 in both rulesets."""
    assert score(Kingdom.parse("SOG?/????/????/????"), ruleset=CLASSIC).goblins == 0
    assert score(Kingdom.parse("SGO?/????/????/????"), ruleset=CLASSIC).goblins == 3


@given(goblins_away_from_portals, legend_sets)
def test_classic_agrees_with_the_rules_before_r9_3_where_no_goblin_touches_a_portal(
    kingdom: Kingdom, claimed: tuple[Legend, ...]
) -> None:
    """R9.3: where no Goblin touches a Portal, classic scores exactly as before R9.3 (the
    reference with R4.3 everywhere), category by category."""
    before = ref.score(kingdom, claimed, "classic", r9_3=False)
    assert (
        score(kingdom, claimed, CLASSIC).as_dict()
        == before
        == ref.score(kingdom, claimed, "classic")
    )


@given(any_kingdoms)
def test_pocket_never_links_a_goblin_through_a_portal(kingdom: Kingdom) -> None:
    """R4.3: pocket scores as the reference with R4.3 everywhere, whatever the Goblins touch."""
    assert score(kingdom).as_dict() == ref.score(kingdom, (), "pocket", r9_3=False)


@given(any_kingdoms, st.sampled_from(sorted(RULESETS)))
def test_rule_ids_of_the_lines_are_the_scoring_rules(kingdom: Kingdom, name: str) -> None:
    """R5.1–R5.4, R9.2: each line's rule id is category_rule of its category: R5.1 for the
    Tribes, R5.2 Conflicts, R5.3 Dragons in pocket and R9.2 in classic."""
    ruleset = RULESETS[name]
    expected = {
        Category.ELVES: "R5.1", Category.DWARVES: "R5.1", Category.HUMANS: "R5.1",
        Category.GOBLINS: "R5.1", Category.CONFLICTS: "R5.2", Category.LEGENDS: "R5.4",
        Category.DRAGONS: "R5.3" if name == "pocket" else "R9.2",
    }  # fmt: skip
    for line in score(kingdom, tuple(Legend)[:2], ruleset).lines:
        assert line.rule == expected[line.category] == category_rule(line.category, ruleset)


@given(any_kingdoms, st.sampled_from(sorted(RULESETS)))
def test_domesticated_is_what_the_reference_says(kingdom: Kingdom, name: str) -> None:
    """R5.3: domesticated() names the Dragons connected to 2 Elves, 2 Dwarves or 2 Humans,
    as the reference decides it, and the Dragon lines say which Tribe."""
    pairs = list(ref.links(kingdom.cells, name))
    expected = {
        Position.from_index(i)
        for i in range(16)
        if kingdom.cells[i] is Card.DRAGON and ref.domesticated(kingdom.cells, pairs, i)
    }
    assert domesticated(kingdom, RULESETS[name]) == expected
    for line in score(kingdom, ruleset=RULESETS[name]).lines_of(Category.DRAGONS):
        assert line.card is not None
        assert ("domesticated by the" in line.text) == (line.card in expected)
        if line.card in expected:
            tribe = line.text.split("domesticated by the ")[1].split()[0]
            kind = {"Elves": Card.ELF, "Dwarves": Card.DWARF, "Humans": Card.HUMAN}[tribe]
            count = sum(kingdom.cells[j] is kind for j in ref.connected_to(pairs, line.card.index))
            assert count >= 2


@given(any_kingdoms, legend_sets, rulesets)
def test_a_sheet_score_builds_is_the_sheet_built_field_by_field(
    kingdom: Kingdom, claimed: tuple[Legend, ...], name: str
) -> None:
    """score's sheet (its categories decoded on first read) equals, hashes, prints, copies,
    pickles and converts as the sheet built from its fields by ScoreSheet's constructor."""
    import copy
    import pickle

    fast = score(kingdom, claimed, RULESETS[name])
    fields = {a.name: getattr(score(kingdom, claimed, RULESETS[name]), a.name)
              for a in attrs.fields(ScoreSheet)}  # fmt: skip
    built = ScoreSheet(**fields)
    assert fast == built and hash(fast) == hash(built) and repr(fast) == repr(built)
    assert attrs.asdict(fast, recurse=False) == attrs.asdict(built, recurse=False) == fields
    for other in (copy.copy(fast), pickle.loads(pickle.dumps(score(kingdom, claimed, name)))):
        assert other == built and other.lines == built.lines
    assert attrs.evolve(fast, total=fast.total + 1).total == built.total + 1
    with pytest.raises(AttributeError, match="no attribute 'elfs'"):
        fast.elfs  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        fast.elves = 0  # type: ignore[misc]


def test_the_sheet_s_type_hints_resolve_in_its_module() -> None:
    """``typing.get_type_hints(ScoreSheet)`` resolves every annotation, its cached ``lines``
    too (attrs adds it): cattrs reads them to write a sheet as JSON."""
    import typing

    hints = typing.get_type_hints(ScoreSheet)
    assert hints["lines"] == tuple[ScoreLine, ...] and hints["total"] is int
