"""Scores at the far ends of the sheet: where a category's points are most negative or a
line's wording turns on a count of one (R5.1, R5.3)."""

from __future__ import annotations

import attrs
import pytest

from drako_rules import POCKET, Card, Kingdom, Position, score
from drako_rules.scoring import Category, domesticated


def test_r5_1_elves_beside_swamps_everywhere() -> None:
    """R5.1: Elves and Swamps in a checkerboard: each of the 24 pairs of neighbours is an
    Elf beside a Swamp, −1 each in *pocket*: Elves −24, and nothing else scores."""
    s = score(Kingdom.parse("ESES/SESE/ESES/SESE"))
    assert (s.elves, s.dwarves, s.humans, s.goblins, s.conflicts) == (-24, 0, 0, 0, 0)
    assert (s.dragons, s.legends, s.total) == (0, 0, -24)


def test_r5_3_one_dragon_is_worth_its_value_in_the_singular() -> None:
    """R5.3: one Dragon, domesticated by the two Elves beside it, is worth +3 (the value of
    one Dragon in *pocket*), and its line says "1 Dragon", not "1 Dragons"."""
    s = score(Kingdom.parse("EDE?/????/????/????"))
    (line,) = s.lines_of(Category.DRAGONS)
    assert (line.points, line.rule, s.dragons) == (3, "R5.3", 3)
    assert (
        line.text
        == "Dragon (0,1), domesticated by the Elves (0,0), (0,2): +3 (1 Dragon worth 3 each)"
    )


def test_a_score_sheet_prints_its_categories_only() -> None:
    """A ScoreSheet prints the seven categories and the total, not the Kingdom, the
    Legends claimed or the ruleset it was scored with."""
    s = score(Kingdom.parse("EDE?/????/????/????"))
    assert repr(s) == (
        "ScoreSheet(elves=0, dwarves=0, humans=0, goblins=0, dragons=3, legends=0, "
        "conflicts=0, total=3)"
    )


def test_r5_3_a_dragon_is_domesticated_by_the_first_tribe_in_card_order() -> None:
    """R5.3: a Dragon (1,1) between two Elves (0,1), (1,0) and two Dwarves (1,2), (2,1) is
    domesticated once; its line names the Elves, the first Tribe in card order."""
    s = score(Kingdom.parse("?E??/EDW?/?W??/????"))
    (line,) = s.lines_of(Category.DRAGONS)
    assert line.text.startswith("Dragon (1,1), domesticated by the Elves (0,1), (1,0): +3")


def test_r5_1_a_ruleset_of_negated_tribe_points_negates_the_tribes() -> None:
    """R5.1 with a ruleset of one's own: every Tribe–Land value of *pocket* negated scores
    worked example 1's Elves, Dwarves, Humans and Goblins negated (2, 4, 3, 3 become −2,
    −4, −3, −3); Dragons −3 and Conflicts −2 stay: total −17 (−2 −4 −3 −3 −3 +0 −2)."""
    negated = attrs.evolve(
        POCKET, name="negated", tribe_land=tuple((t, land, -p) for t, land, p in POCKET.tribe_land)
    )
    kingdom = Kingdom.parse("FEOM/HPWM/SGDO/PPHS")
    s, n = score(kingdom), score(kingdom, ruleset=negated)
    assert (s.elves, s.dwarves, s.humans, s.goblins) == (2, 4, 3, 3)
    assert (n.elves, n.dwarves, n.humans, n.goblins) == (-2, -4, -3, -3)
    assert (n.dragons, n.legends, n.conflicts, n.total) == (-3, 0, -2, -17)


@pytest.mark.parametrize("tribe", ["E", "W", "H"])
def test_r5_3_three_of_a_tribe_around_a_dragon_domesticate_it(tribe: str) -> None:
    """R5.3: two connected cards of one Tribe domesticate a Dragon; three do too (at least
    two): the Dragon (1,1) with three Elves, Dwarves or Humans around it scores +3."""
    s = score(Kingdom.parse(f"?{tribe}??/{tribe}D{tribe}?/????/????"))
    assert s.dragons == 3
    (line,) = s.lines_of(Category.DRAGONS)
    assert "domesticated" in line.text and line.points == 3


def test_r5_3_five_wild_dragons_two_beyond_the_third() -> None:
    """R5.3: five wild Dragons in *pocket*: each −5, the first three as wild Dragons of a
    Kingdom of 3 or more (−5), the fourth and the fifth as Dragons beyond the third (−5):
    −25 in all, and both of the last two lines say so."""
    s = score(Kingdom.parse("DDDD/D???/????/????"))
    lines = s.lines_of(Category.DRAGONS)
    wild = "wild: no 2 connected Elves, Dwarves or Humans"
    assert [line.text for line in lines] == [
        f"Dragon (0,0), {wild}: -5",
        f"Dragon (0,1), {wild}: -5",
        f"Dragon (0,2), {wild}: -5",
        f"Dragon (0,3), {wild}; a Dragon beyond the third: -5",
        f"Dragon (1,0), {wild}; a Dragon beyond the third: -5",
    ]
    assert [line.points for line in lines] == [-5] * 5 and s.dragons == -25


def test_r1_4_a_legend_claimed_twice_is_named_alone() -> None:
    """R1.4: claiming Two Elves twice and Three Forests once is refused, and the message
    names the Legend claimed twice only."""
    from drako_rules import Legend, ScoringError

    claims = [Legend.TWO_ELVES, Legend.THREE_FORESTS, Legend.TWO_ELVES]
    with pytest.raises(ScoringError) as caught:
        score(Kingdom.parse("EE??/????/????/????"), legends=claims)
    assert str(caught.value) == "a Legend is unique and cannot be claimed twice: two-elves (R1.4)"


@pytest.mark.parametrize(
    ("step", "nth"), [(0, "1st"), (1, "2nd"), (2, "3rd"), (3, "4th"), (6, "7th")]
)
def test_r5_6_a_tie_break_names_its_step_as_an_ordinal(step: int, nth: str) -> None:
    """R5.6: a tie broken at the n-th highest category says so in English ordinals."""
    from drako_rules import TieBreak

    tie = TieBreak(
        higher=0,
        lower=1,
        total=7,
        step=step,
        higher_value=3,
        lower_value=2,
        higher_category=Category.ELVES,
        lower_category=Category.DWARVES,
    )
    assert tie.describe() == (
        f"player 1 and player 2 tie on 7; player 1 wins on the {nth} highest category: "
        "3 (Elves) against 2 (Dwarves) (R5.6)"
    )


def test_r5_3_two_dragons_are_worth_their_value_in_the_plural() -> None:
    """R5.3: two Dragons, each domesticated (by two Elves, by two Humans), are worth +4 each
    (the value of 2 Dragons in *pocket*): +8, and each line says "2 Dragons"."""
    s = score(Kingdom.parse("EDE?/????/HDH?/????"))
    assert [line.text for line in s.lines_of(Category.DRAGONS)] == [
        "Dragon (0,1), domesticated by the Elves (0,0), (0,2): +4 (2 Dragons worth 4 each)",
        "Dragon (2,1), domesticated by the Humans (2,0), (2,2): +4 (2 Dragons worth 4 each)",
    ]
    assert s.dragons == 8


# --- R5.3's threshold in a ruleset of one's own --------------------------------------------


@pytest.mark.parametrize("need", [1, 2, 3])
@pytest.mark.parametrize("elves", [1, 2, 3])
def test_r5_3_a_ruleset_threshold_decides_away_from_the_portals(need: int, elves: int) -> None:
    """R5.3 with ``domestication`` 1, 2 or 3: the Dragon (1,1), with no Portal in the
    Kingdom, beside ``elves`` Elves among (0,1), (1,0), (1,2) is domesticated exactly when
    ``elves >= need``: +3 if so, else −3 (one Dragon, value 3); no other cell is named."""
    cells = ["?", "?", "?"]
    for k in range(elves):
        cells[k] = "E"
    kingdom = Kingdom.parse(f"?{cells[0]}??/{cells[1]}D{cells[2]}?/????/????")
    rules = attrs.evolve(POCKET, name=f"need-{need}", domestication=need)
    tame = elves >= need
    assert score(kingdom, ruleset=rules).dragons == (3 if tame else -3)
    expected = {Position(1, 1)} if tame else set()
    assert domesticated(kingdom, rules) == expected


@pytest.mark.parametrize("need", [1, 3])
def test_r5_3_a_ruleset_threshold_counts_every_dragon_of_the_kingdom(need: int) -> None:
    """R5.3 with ``domestication`` 1 or 3 and two Dragons (value 4 each): (0,3) beside one
    Elf (0,2), (3,0) beside two, (2,0) and (3,1). With 1 both are domesticated (+4 +4 = 8),
    with 3 neither (−4 −4 = −8); the Forest (0,0) is never named as a Dragon."""
    kingdom = Kingdom.parse("F?ED/????/E???/DE??")
    rules = attrs.evolve(POCKET, name=f"need-{need}", domestication=need)
    tame = domesticated(kingdom, rules)
    if need == 1:
        assert tame == {Position(0, 3), Position(3, 0)}
        assert score(kingdom, ruleset=rules).dragons == 8
    else:
        assert tame == frozenset()
        assert score(kingdom, ruleset=rules).dragons == -8


def test_r5_3_three_elves_through_a_portal_are_at_least_two() -> None:
    """R5.3 next to a Portal network: the Dragon (0,0) is connected to the Elf (1,0) beside
    it and, through the Portal (0,1), to the Elves (0,2) and (1,1): three Elves, at least
    the two needed, so it is domesticated (+3), with the Portal's own counting path."""
    kingdom = Kingdom.parse("DOE?/EE??/????/????")
    assert domesticated(kingdom) == {Position(0, 0)}
    assert score(kingdom).dragons == 3


def test_r5_1_a_tribe_pair_in_a_ruleset_table_scores_nowhere() -> None:
    """R5.1 scores Lands only: a ruleset whose table also lists an Elf–Dwarf pair (+5)
    scores the Elf (0,0) beside the Dwarf (0,1) nothing, in the sheet and in the lines
    alike (the lines of each category add up to it); the Elf–Forest pair still gives +2."""
    rules = attrs.evolve(
        POCKET, name="tribe-pair", tribe_land=(*POCKET.tribe_land, (Card.ELF, Card.DWARF, 5))
    )
    s = score(Kingdom.parse("EW??/F???/????/????"), ruleset=rules)
    assert (s.elves, s.dwarves) == (2, 0)
    for category in (Category.ELVES, Category.DWARVES):
        assert sum(line.points for line in s.lines_of(category)) == s[category]
    assert [line.partner for line in s.lines_of(Category.ELVES)] == [Position(1, 0)]
