"""The itemized score (R5): the rule id of every line, and the Tribe a domestication names.

``ScoreSheet.lines`` is what ``drako-rules explain`` and the checker print; a player
reads the rule id to find why a line is there. Each example below is worked by hand,
line by line, with its arithmetic.
"""

from __future__ import annotations

import pytest
from hypothesis import given

from drako_rules import CLASSIC, POCKET, Category, Kingdom, Legend, Position, Ruleset, score
from strategies import any_kingdoms

P = Position.parse
C = Category

# The rule that gives each category's points, in pocket (R5.1–R5.4); classic scores its
# Dragons by R9.2.
RULE_OF_CATEGORY = {
    C.ELVES: "R5.1",
    C.DWARVES: "R5.1",
    C.HUMANS: "R5.1",
    C.GOBLINS: "R5.1",
    C.DRAGONS: "R5.3",
    C.LEGENDS: "R5.4",
    C.CONFLICTS: "R5.2",
}


def test_lines_of_worked_example_1_with_their_rules() -> None:
    """Worked example 1, ``FEOM/HPWM/SGDO/PPHS`` with four-tribes claimed: every line, its rule.

    Elves 2 = Forest (0,0) +2; Dwarves 4 = Mountain (0,3) via the Portal (0,2) +2, Mountain
    (1,3) +2; Humans 3 = (1,0): Forest +1, Plain +2, Swamp −1; (3,2): Plain +2, Swamp −1;
    Goblins 3 = Swamp (2,0) +3; Dragons −3 (one wild Dragon, v = 3); Legends 4; Conflicts
    −2 (Elf–Dwarf via the Portal). Total 2 + 4 + 3 + 3 − 3 + 4 − 2 = 11.
    """
    sheet = score(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"), [Legend.FOUR_TRIBES])
    got = [(x.category, x.points, x.rule, x.card, x.partner) for x in sheet.lines]
    assert got == [
        (C.ELVES, 2, "R5.1", P("0,1"), P("0,0")),
        (C.DWARVES, 2, "R5.1", P("1,2"), P("0,3")),
        (C.DWARVES, 2, "R5.1", P("1,2"), P("1,3")),
        (C.HUMANS, 1, "R5.1", P("1,0"), P("0,0")),
        (C.HUMANS, 2, "R5.1", P("1,0"), P("1,1")),
        (C.HUMANS, -1, "R5.1", P("1,0"), P("2,0")),
        (C.HUMANS, 2, "R5.1", P("3,2"), P("3,1")),
        (C.HUMANS, -1, "R5.1", P("3,2"), P("3,3")),
        (C.GOBLINS, 3, "R5.1", P("2,1"), P("2,0")),
        (C.DRAGONS, -3, "R5.3", P("2,2"), None),
        (C.LEGENDS, 4, "R5.4", None, None),
        (C.CONFLICTS, -2, "R5.2", P("0,1"), P("1,2")),
    ]
    assert sheet.total == 11
    assert [x.legend for x in sheet.lines_of(C.LEGENDS)] == [Legend.FOUR_TRIBES]
    assert "wild" in sheet.lines_of(C.DRAGONS)[0].text


@pytest.mark.parametrize(
    ("ruleset", "rule", "value"),
    # Two Dragons: worth 4 each in pocket (R5.3), 5 each in classic (R9.2).
    [(POCKET, "R5.3", 4), (CLASSIC, "R9.2", 5)],
)
def test_dragon_lines_of_worked_example_2_name_rule_and_tribe(
    ruleset: Ruleset, rule: str, value: int
) -> None:
    """Worked example 2, ``HHOE/DHGE/OWDW/SSMF``: the Dragon (1,0) is domesticated by the
    Humans (0,0), (1,1), the Dragon (2,2) by the Dwarves (2,1), (2,3); each line says which
    Tribe and scores +v. Conflicts in pocket: three lines of −2 by R5.2 (Human–Goblin,
    Goblin–Elf, Elf–Dwarf) = −6; in classic two more (R9.3: the Portal (0,2) links the Goblin
    (1,2) to the Human (0,1) and the Elf (0,3)) = 5 × −2 = −10."""
    sheet = score(Kingdom.parse("HHOE/DHGE/OWDW/SSMF"), ruleset=ruleset)
    dragons = sheet.lines_of(C.DRAGONS)
    assert [(x.card, x.points, x.rule) for x in dragons] == [
        (P("1,0"), value, rule),
        (P("2,2"), value, rule),
    ]
    assert "domesticated by the Humans (0,0), (1,1)" in dragons[0].text
    assert "domesticated by the Dwarves (2,1), (2,3)" in dragons[1].text
    conflicts = sheet.lines_of(C.CONFLICTS)
    through_portal = [(P("0,1"), P("1,2"), -2, "R5.2"), (P("0,3"), P("1,2"), -2, "R5.2")]
    assert [(x.card, x.partner, x.points, x.rule) for x in conflicts] == [
        *(through_portal if ruleset is CLASSIC else []),
        (P("1,1"), P("1,2"), -2, "R5.2"),
        (P("1,2"), P("1,3"), -2, "R5.2"),
        (P("1,3"), P("2,3"), -2, "R5.2"),
    ]
    assert sheet.dragons == 2 * value
    assert sheet.conflicts == (-10 if ruleset is CLASSIC else -6)


@pytest.mark.parametrize(
    ("kingdom", "tribe", "friends"),
    [
        ("EDE?/????/????/????", "Elves", "(0,0), (0,2)"),
        ("????/????/?W??/?DW?", "Dwarves", "(2,1), (3,2)"),
        ("????/??H?/??DH/????", "Humans", "(1,2), (2,3)"),
        # Through a Portal: the Elf (0,0) and the Elf (1,1) both touch the Portal (0,1),
        # which touches the Dragon (0,2).
        ("EOD?/?E??/????/????", "Elves", "(0,0), (1,1)"),
    ],
)
def test_a_domesticated_dragon_names_its_tribe(kingdom: str, tribe: str, friends: str) -> None:
    """R5.3: a lone Dragon connected to 2 Tribe cards of one type is domesticated, +3 (one
    Dragon, v = 3), and its line names that Tribe and the two cards."""
    (line,) = score(Kingdom.parse(kingdom)).lines
    assert (line.category, line.points, line.rule) == (C.DRAGONS, 3, "R5.3")
    assert f"domesticated by the {tribe} {friends}" in line.text


@pytest.mark.parametrize(
    "kingdom",
    [
        "GDG?/????/????/????",  # Goblins never domesticate (R5.3)
        "EDW?/????/????/????",  # two Tribe cards, but not of one type
        "EDH?/????/????/????",
        "E?D?/????/????/????",  # one Elf, not connected
    ],
)
def test_a_wild_dragon_names_no_tribe(kingdom: str) -> None:
    """R5.3: a Dragon without 2 connected Elves, Dwarves or Humans of one type is wild: −3."""
    lines = score(Kingdom.parse(kingdom)).lines_of(C.DRAGONS)
    assert [(x.points, x.rule) for x in lines] == [(-3, "R5.3")]
    assert "wild" in lines[0].text and "domesticated" not in lines[0].text


@pytest.mark.parametrize(
    ("ruleset", "rule", "points"),
    # Four wild Dragons, pocket: v = 5, 5·0 − 5·(3 − 0) − 5·(4 − 3) = −20, one −5 line each.
    # Classic: v = 6, 6·0 − 6·(4 − 0) = −24, one −6 line each.
    [(POCKET, "R5.3", -5), (CLASSIC, "R9.2", -6)],
)
def test_four_wild_dragons_lines(ruleset: Ruleset, rule: str, points: int) -> None:
    """R5.3 / R9.2: four wild Dragons, one line each, with the rule of the ruleset."""
    sheet = score(Kingdom.parse("DDDD/????/????/????"), ruleset=ruleset)
    assert [(x.points, x.rule) for x in sheet.lines] == [(points, rule)] * 4
    assert sheet.dragons == 4 * points
    if ruleset is POCKET:
        assert "beyond the third" in sheet.lines[3].text


def test_goblin_pair_conflict_line_by_ruleset() -> None:
    """R5.2 / R9.2: two adjacent Goblins fight in pocket (one −2 line by R5.2), not in classic."""
    kingdom = Kingdom.parse("GG??/????/????/????")
    assert [(x.points, x.rule, x.card, x.partner) for x in score(kingdom).lines] == [
        (-2, "R5.2", P("0,0"), P("0,1"))
    ]
    assert score(kingdom, ruleset=CLASSIC).lines == ()


@given(any_kingdoms)
def test_every_line_cites_the_rule_of_its_category(kingdom: Kingdom) -> None:
    """R5.1–R5.4, R9.2: every line's rule is its category's, and the lines add up to it."""
    for ruleset in (POCKET, CLASSIC):
        sheet = score(kingdom, [Legend.TWO_ELVES], ruleset=ruleset)
        for line in sheet.lines:
            expected = RULE_OF_CATEGORY[line.category]
            if line.category is C.DRAGONS and ruleset is CLASSIC:
                expected = "R9.2"
            assert line.rule == expected, line
        for category in Category:
            assert sum(x.points for x in sheet.lines_of(category)) == sheet[category]
