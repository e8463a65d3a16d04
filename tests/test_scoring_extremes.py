"""Scores at the far ends of the sheet: where a category's points are most negative or a
line's wording turns on a count of one (R5.1, R5.3)."""

from __future__ import annotations

import attrs
import pytest

from drako_rules import POCKET, Kingdom, score
from drako_rules.scoring import Category


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
