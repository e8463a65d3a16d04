"""Every Legend's examples (R1.4, R6.4) at every place on the grid: 8 symmetries × every translation.

A requirement is tested only when a broken version fails wherever the cards lie: the
bitboard code of ``legends_met`` handles the top and bottom halves of the grid with
different tables, so an example tried only in rows 0–1 leaves the bottom half untested.
Each example below is a small pattern of cards (``?`` an Unexplored Land, which meets
nothing, R4.6); it is turned and mirrored 8 ways and moved to every position where it
fits in the 4×4 grid, the other cells Unexplored, and every such Kingdom must meet
exactly the Legends given. Near-misses are moved the same way and must not meet theirs.
"""

from __future__ import annotations

import pytest

from drako_rules import Kingdom, Legend, legends_met

L = Legend

Pattern = tuple[str, ...]


def _pattern(text: str) -> Pattern:
    """A pattern from its rows, separated by ``/`` as in the Kingdom notation."""
    rows = tuple(text.split("/"))
    assert len({len(r) for r in rows}) == 1, f"ragged pattern {text!r}"
    return rows


def _turn(p: Pattern) -> Pattern:
    """The pattern turned a quarter clockwise."""
    return tuple("".join(p[len(p) - 1 - r][c] for r in range(len(p))) for c in range(len(p[0])))


def _mirror(p: Pattern) -> Pattern:
    """The pattern mirrored left to right."""
    return tuple(row[::-1] for row in p)


def symmetries(p: Pattern) -> set[Pattern]:
    """The distinct images of a pattern under the 8 symmetries of the square."""
    out = set()
    for q in (p, _mirror(p)):
        for _ in range(4):
            out.add(q)
            q = _turn(q)
    return out


def placements(text: str) -> list[str]:
    """Every 4×4 Kingdom holding the pattern, turned or mirrored, at any place it fits."""
    kingdoms = set()
    for p in symmetries(_pattern(text)):
        height, width = len(p), len(p[0])
        for top in range(4 - height + 1):
            for left in range(4 - width + 1):
                grid = [["?"] * 4 for _ in range(4)]
                for r, row in enumerate(p):
                    for c, letter in enumerate(row):
                        grid[top + r][left + c] = letter
                kingdoms.add("/".join("".join(row) for row in grid))
    return sorted(kingdoms)


# (Legend, pattern, exactly the Legends every placement meets, why). Patterns come from the
# requirements of R1.4 read with R4 (adjacency, Portal networks, Goblins only adjacent).
MET: list[tuple[Legend, str, set[Legend], str]] = [
    (L.TWO_ELVES, "EE", {L.TWO_ELVES}, "adjacent"),
    (L.TWO_ELVES, "EOE", {L.TWO_ELVES}, "through one Portal"),
    (L.TWO_ELVES, "E?/OE", {L.TWO_ELVES}, "around a Portal, at a corner"),
    (L.TWO_DWARVES, "WW", {L.TWO_DWARVES}, "adjacent"),
    (L.TWO_DWARVES, "WOOW", {L.TWO_DWARVES}, "through a network of two Portals"),
    (L.TWO_HUMANS, "HH", {L.TWO_HUMANS}, "adjacent"),
    (L.TWO_HUMANS, "H/O/H", {L.TWO_HUMANS}, "through one Portal"),
    (L.TWO_GOBLINS, "GG", {L.TWO_GOBLINS}, "adjacent"),
    (L.THREE_FORESTS, "FFF", {L.THREE_FORESTS}, "in a line"),
    (L.THREE_FORESTS, "?F/FF", {L.THREE_FORESTS}, "an L: the corner beside two"),
    (L.THREE_FORESTS, "FOF/?F?", {L.THREE_FORESTS}, "three around one Portal"),
    (L.THREE_FORESTS, "FF/?O/?F", {L.THREE_FORESTS}, "one beside one, via Portal to one"),
    (L.THREE_FORESTS, "?F?/FOF/?F?", {L.THREE_FORESTS}, "four around one Portal: each counts 3"),
    (L.THREE_MOUNTAINS, "MMM", {L.THREE_MOUNTAINS}, "in a line"),
    (L.THREE_MOUNTAINS, "MOM/M??", {L.THREE_MOUNTAINS}, "one beside one, via Portal to one"),
    (L.THREE_PLAINS, "PP/P?", {L.THREE_PLAINS}, "an L"),
    (L.THREE_PLAINS, "P?/OP/P?", {L.THREE_PLAINS}, "three around one Portal"),
    (L.THREE_SWAMPS, "SSS", {L.THREE_SWAMPS}, "in a line"),
    (L.THREE_SWAMPS, "?S/SS", {L.THREE_SWAMPS}, "an L"),
    (L.ALLIANCE_HUMAN_ELF, "HE", {L.ALLIANCE_HUMAN_ELF}, "adjacent"),
    (L.ALLIANCE_HUMAN_ELF, "HOE", {L.ALLIANCE_HUMAN_ELF}, "through one Portal"),
    (L.ALLIANCE_HUMAN_DWARF, "HW", {L.ALLIANCE_HUMAN_DWARF}, "adjacent"),
    (L.ALLIANCE_HUMAN_DWARF, "WOOH", {L.ALLIANCE_HUMAN_DWARF}, "through two Portals"),
    (L.BATTLE_GOBLIN_HUMAN, "GHG", {L.BATTLE_GOBLIN_HUMAN}, "2 Goblins, one Human"),
    (L.BATTLE_GOBLIN_HUMAN, "?H/HG", {L.BATTLE_GOBLIN_HUMAN}, "2 Humans, one Goblin"),
    (L.BATTLE_GOBLIN_HUMAN, "HGH", {L.BATTLE_GOBLIN_HUMAN}, "2 Humans, one Goblin, in a line"),
    (L.BATTLE_GOBLIN_ELF, "GEG", {L.BATTLE_GOBLIN_ELF}, "2 Goblins, one Elf"),
    (L.BATTLE_GOBLIN_ELF, "?G/GE", {L.BATTLE_GOBLIN_ELF}, "2 Goblins, one Elf, an L"),
    (L.BATTLE_GOBLIN_ELF, "?E/EG", {L.BATTLE_GOBLIN_ELF}, "2 Elves, one Goblin"),
    (L.BATTLE_GOBLIN_DWARF, "GWG", {L.BATTLE_GOBLIN_DWARF}, "2 Goblins, one Dwarf"),
    (L.BATTLE_GOBLIN_DWARF, "?W/WG", {L.BATTLE_GOBLIN_DWARF}, "2 Dwarves, one Goblin"),
    (L.BATTLE_GOBLIN_DWARF, "WGW", {L.BATTLE_GOBLIN_DWARF}, "2 Dwarves, one Goblin, in a line"),
    (L.BATTLE_ELF_DWARF, "EWE", {L.BATTLE_ELF_DWARF}, "2 Elves, one Dwarf"),
    (L.BATTLE_ELF_DWARF, "WEW", {L.BATTLE_ELF_DWARF}, "2 Dwarves, one Elf"),
    (L.BATTLE_ELF_DWARF, "?W/WE", {L.BATTLE_ELF_DWARF}, "2 Dwarves, one Elf, an L"),
    (L.BATTLE_ELF_DWARF, "?E/EW", {L.BATTLE_ELF_DWARF}, "2 Elves, one Dwarf, an L"),
    (L.BATTLE_ELF_DWARF, "EWOE", {L.BATTLE_ELF_DWARF}, "one Elf adjacent, one via Portal"),
    (L.BATTLE_ELF_DWARF, "WEOW", {L.BATTLE_ELF_DWARF}, "one Dwarf adjacent, one via Portal"),
    (
        L.BATTLE_ELF_DWARF,
        "EOE/?W?",
        {L.BATTLE_ELF_DWARF, L.TWO_ELVES},
        "a Dwarf and 2 Elves around one Portal",
    ),
    (L.FOUR_TRIBES, "E?W/???/H?G", {L.FOUR_TRIBES}, "four Tribes, none connected"),
]

# Three or four cards around one: the middle card has neighbours on both sides of the line
# between rows 1 and 2 wherever the T or the cross straddles it, which the tables for the
# two halves of the grid must add up, not cancel (a '^' for a '|' there goes unseen by
# patterns of two neighbours).
_AROUND = [
    (L.BATTLE_GOBLIN_HUMAN, "H", "G"),
    (L.BATTLE_GOBLIN_HUMAN, "G", "H"),
    (L.BATTLE_GOBLIN_ELF, "E", "G"),
    (L.BATTLE_GOBLIN_ELF, "G", "E"),
    (L.BATTLE_GOBLIN_DWARF, "W", "G"),
    (L.BATTLE_GOBLIN_DWARF, "G", "W"),
    (L.BATTLE_ELF_DWARF, "W", "E"),
    (L.BATTLE_ELF_DWARF, "E", "W"),
]
MET += [
    (legend, f"?{x}?/{x}{y}{x}", {legend}, f"3 {x} around one {y}, a T") for legend, x, y in _AROUND
]
MET += [
    (legend, f"?{x}?/{x}{y}{x}/?{x}?", {legend}, f"4 {x} around one {y}, a cross")
    for legend, x, y in _AROUND
]
MET += [
    (L.THREE_FORESTS, "?F?/FFF", {L.THREE_FORESTS}, "a T of four"),
    (L.THREE_MOUNTAINS, "?M?/MMM/?M?", {L.THREE_MOUNTAINS}, "a cross of five"),
    (L.THREE_PLAINS, "?P?/PPP", {L.THREE_PLAINS}, "a T of four"),
    (L.THREE_SWAMPS, "?S?/SSS/?S?", {L.THREE_SWAMPS}, "a cross of five"),
    (
        L.FOUR_TRIBES,
        "EWHG",
        {L.FOUR_TRIBES, L.ALLIANCE_HUMAN_DWARF},
        "four Tribes in a line: only Dwarf–Human is a Legend pair",
    ),
]

# The smallest changes of the examples that break the requirement: a card moved to a
# diagonal, an Unexplored Land in between, a Portal a Goblin cannot use (R4.3), one card short.
NOT_MET: list[tuple[Legend, str, set[Legend], str]] = [
    (L.TWO_ELVES, "E?/?E", set(), "diagonal (R4.1)"),
    (L.TWO_ELVES, "E?E", set(), "an Unexplored Land between (R4.6)"),
    (L.TWO_ELVES, "EO?E", set(), "the Portal does not reach the second Elf"),
    (L.TWO_DWARVES, "W?/?W", set(), "diagonal"),
    (L.TWO_DWARVES, "W?W", set(), "an Unexplored Land between"),
    (L.TWO_HUMANS, "H?/?H", set(), "diagonal"),
    (L.TWO_HUMANS, "HFH", set(), "a Forest between"),
    (L.TWO_GOBLINS, "GOG", set(), "Goblins cannot use Portals (R4.3)"),
    (L.TWO_GOBLINS, "G?/?G", set(), "diagonal"),
    (L.THREE_FORESTS, "FF?F", set(), "a pair and a lone Forest"),
    (L.THREE_FORESTS, "FF/??/FF", set(), "two separate pairs"),
    (L.THREE_FORESTS, "FF?/??F", set(), "the third only diagonal"),
    (L.THREE_MOUNTAINS, "MM", set(), "only two"),
    (L.THREE_MOUNTAINS, "M?M/?M?", set(), "three on diagonals"),
    (L.THREE_PLAINS, "PP?/??P", set(), "the third only diagonal"),
    (L.THREE_SWAMPS, "SS?/??S/??S", set(), "a pair and a pair touching at a corner"),
    (L.ALLIANCE_HUMAN_ELF, "H?/?E", set(), "diagonal"),
    (L.ALLIANCE_HUMAN_ELF, "HGE", set(), "a Goblin between does not link"),
    (L.ALLIANCE_HUMAN_DWARF, "H?W", set(), "an Unexplored Land between"),
    (L.ALLIANCE_HUMAN_DWARF, "HO?W", set(), "the Portal does not reach the Dwarf"),
    (L.ALLIANCE_HUMAN_ELF, "HO?E", set(), "the Portal does not reach the Elf"),
    (L.ALLIANCE_HUMAN_DWARF, "H?/?W", set(), "diagonal"),
    (L.BATTLE_GOBLIN_HUMAN, "HG", set(), "one Human, one Goblin"),
    (L.BATTLE_GOBLIN_HUMAN, "H?/HG", {L.TWO_HUMANS}, "the 2nd Human only diagonal to the Goblin"),
    (L.BATTLE_GOBLIN_HUMAN, "HGOH", set(), "the 2nd Human only via Portal (R4.3)"),
    (L.BATTLE_GOBLIN_HUMAN, "GHOG", set(), "the 2nd Goblin only via Portal (R4.3)"),
    (L.BATTLE_GOBLIN_HUMAN, "G??/?HG", set(), "the 2nd Goblin only diagonal to the Human"),
    (L.BATTLE_GOBLIN_ELF, "EG", set(), "one Elf, one Goblin"),
    (L.BATTLE_GOBLIN_ELF, "E?/EG", {L.TWO_ELVES}, "the 2nd Elf only diagonal to the Goblin"),
    (L.BATTLE_GOBLIN_ELF, "EGOE", set(), "the 2nd Elf only via Portal"),
    (L.BATTLE_GOBLIN_ELF, "GEOG", set(), "the 2nd Goblin only via Portal"),
    (L.BATTLE_GOBLIN_DWARF, "WG", set(), "one Dwarf, one Goblin"),
    (L.BATTLE_GOBLIN_DWARF, "W?/WG", {L.TWO_DWARVES}, "the 2nd Dwarf only diagonal to the Goblin"),
    (L.BATTLE_GOBLIN_DWARF, "WGOW", set(), "the 2nd Dwarf only via Portal"),
    (L.BATTLE_GOBLIN_DWARF, "GW?G", set(), "one Goblin per Dwarf"),
    (L.BATTLE_ELF_DWARF, "EW", set(), "one Elf, one Dwarf"),
    (L.BATTLE_ELF_DWARF, "EW?E", set(), "the 2nd Elf beyond an Unexplored Land"),
    (L.BATTLE_ELF_DWARF, "W?/WE", {L.TWO_DWARVES}, "the 2nd Dwarf only diagonal to the Elf"),
    (L.BATTLE_ELF_DWARF, "E?/EW", {L.TWO_ELVES}, "the 2nd Elf only diagonal to the Dwarf"),
    (L.BATTLE_ELF_DWARF, "EW?/O??/E??", {L.TWO_ELVES}, "the Portal does not touch the Dwarf"),
    (L.FOUR_TRIBES, "E?W/???/H??", set(), "no Goblin"),
    (L.FOUR_TRIBES, "EWHD", {L.ALLIANCE_HUMAN_DWARF}, "a Dragon instead of the Goblin"),
]


# Two cards of one kind around an Unexplored Land, the other kind diagonal to both: the
# empty cell has two neighbours of the first kind, yet no card of the second kind does.
NOT_MET += [
    (legend, f"{x}?{x}/?{y}?", set(), f"2 {x} around an Unexplored Land, the {y} diagonal")
    for legend, x, y in _AROUND
]


def _case_id(case: tuple[Legend, str, set[Legend], str]) -> str:
    return f"{case[0].value}: {case[1]} ({case[3]})"


@pytest.mark.parametrize("case", MET, ids=[_case_id(c) for c in MET])
def test_legend_met_everywhere(case: tuple[Legend, str, set[Legend], str]) -> None:
    """R1.4, R6.4: the example meets exactly its Legends at every place and in every orientation."""
    legend, text, expected, _ = case
    assert legend in expected
    wrong = [k for k in placements(text) if legends_met(Kingdom.parse(k)) != expected]
    assert not wrong, f"{len(wrong)} placements differ, e.g. {wrong[0]}"


@pytest.mark.parametrize("case", NOT_MET, ids=[_case_id(c) for c in NOT_MET])
def test_legend_not_met_anywhere(case: tuple[Legend, str, set[Legend], str]) -> None:
    """R1.4, R4, R6.4: the near-miss meets none of its Legend, and exactly the others listed, anywhere."""
    legend, text, expected, _ = case
    assert legend not in expected
    wrong = [k for k in placements(text) if legends_met(Kingdom.parse(k)) != expected]
    assert not wrong, f"{len(wrong)} placements differ, e.g. {wrong[0]}"


def test_every_legend_has_examples_both_ways() -> None:
    """R1.4: all 15 Legends have an example met and a near-miss."""
    assert {case[0] for case in MET} == set(Legend)
    assert {case[0] for case in NOT_MET} == set(Legend)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        # A domino: 3 places in each of 4 rows, lying or standing: 2 × 4 × 3.
        ("EE", 24),
        # An L of three (corner and two arms of one kind): 4 turns (mirrors repeat them),
        # 3 × 3 places each.
        ("?W/WG", 36),
        # A line of three: lying or standing, 2 places in each of 4 lines, and the two ends
        # differ in "GWH", so mirrors count: 2 × 2 × 4 × 2.
        ("GWH", 32),
        # Three rows of three, all four corners different: 8 images, 2 × 2 places each.
        ("E?W/???/H?G", 32),
    ],
)
def test_placements_cover_the_grid(text: str, count: int) -> None:
    """The helper above really moves a pattern everywhere (counts worked out by hand)."""
    found = placements(text)
    assert len(found) == count
    assert len(set(found)) == count


def test_placements_reach_the_kingdoms_of_the_lower_half() -> None:
    """The Kingdoms that once exposed the lower-half tables are among the placements."""
    assert "????/????/?W??/WG??" in placements("?W/WG")
    assert "????/????/WEW?/????" in placements("WEW")
    assert "????/????/?H??/HG??" in placements("?H/HG")


def _with_a_lone_portal(kingdom: str) -> list[str]:
    """The Kingdom with a Portal on one Unexplored cell whose neighbours are all Unexplored,
    for each such cell: a network that touches no card, so no connection changes (R4.2)."""
    grid = [list(row) for row in kingdom.split("/")]
    out = []
    for r in range(4):
        for c in range(4):
            around = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
            if grid[r][c] == "?" and all(
                grid[y][x] == "?" for y, x in around if 0 <= y < 4 and 0 <= x < 4
            ):
                grid[r][c] = "O"
                out.append("/".join("".join(row) for row in grid))
                grid[r][c] = "?"
    return out


@pytest.mark.parametrize("ruleset", ["pocket", "classic"])
def test_a_portal_touching_no_card_changes_no_legend(ruleset: str) -> None:
    """R4.2, R6.4, R9.3: the examples without a Portal, at every place, with a Portal added
    where it touches no card: the same Legends, so the Portal code path counts adjacency as
    the Portal-free one does (in *pocket* exactly the Legends listed)."""
    checked = 0
    for _, text, expected, _ in MET + NOT_MET:
        if "O" in text:
            continue
        for kingdom in placements(text):
            without = legends_met(Kingdom.parse(kingdom), ruleset)
            if ruleset == "pocket":
                assert without == expected, kingdom
            for k in _with_a_lone_portal(kingdom):
                assert legends_met(Kingdom.parse(k), ruleset) == without, k
                checked += 1
    # Every Legend's pattern has room for such a Portal somewhere: thousands of Kingdoms.
    assert checked > 1000
