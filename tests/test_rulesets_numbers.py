"""Every number of the two rulesets (R5.3, R9.2), as the documented attributes read them.

Some of them cannot be seen through ``dragon_points`` alone: in pocket a fourth Dragon
costs −5 whether it is counted "beyond the third" (−5, R5.3) or as a wild Dragon worth
v = 5, and in classic no Dragon is beyond the counted ones. The scoring of each Dragon
line (and its words) reads them, so they are checked here as the rules state them.
"""

from __future__ import annotations

import attrs
import pytest

from drako_rules import CLASSIC, POCKET, Card, Ruleset


def test_r5_3_pocket_dragon_numbers() -> None:
    """R5.3: pocket counts 3 Dragons at ±v, each further one −5; at most 3 domesticated score;
    2 connected Tribe cards of one type domesticate."""
    assert (POCKET.dragons_counted, POCKET.extra_dragon_points) == (3, -5)
    assert (POCKET.max_domesticated, POCKET.domestication) == (3, 2)


def test_r9_2_classic_dragon_numbers() -> None:
    """R9.2: classic counts every Dragon at ±v (nothing beyond), at most 3 domesticated score;
    domestication as in pocket."""
    assert (CLASSIC.dragons_counted, CLASSIC.extra_dragon_points) == (None, 0)
    assert (CLASSIC.max_domesticated, CLASSIC.domestication) == (3, 2)


def test_a_ruleset_built_without_domestication_uses_two() -> None:
    """R5.3: ``domestication`` defaults to 2 for a ruleset of one's own."""
    fields = attrs.asdict(POCKET, recurse=False)
    del fields["domestication"]
    assert Ruleset(**fields).domestication == 2


@pytest.mark.parametrize(
    ("ruleset", "dragons", "domesticated", "points"),
    [
        # Pocket, 5 Dragons, 4 domesticated: v = 5; the 3 best score +5 each, the 4th and
        # 5th are beyond the third: 3·5 − 5·0 − 5·2 = 5.
        (POCKET, 5, 4, 5),
        # Pocket, 4 Dragons, 1 domesticated: 5·1 − 5·2 − 5·1 = −10.
        (POCKET, 4, 1, -10),
        # Classic, 5 Dragons, 4 domesticated: v = 6; at most 3 score +6, the other 2 −6:
        # 6·3 − 6·2 = 6.
        (CLASSIC, 5, 4, 6),
        # Classic, 2 Dragons, none domesticated: v = 5, −5·2 = −10.
        (CLASSIC, 2, 0, -10),
    ],
)
def test_dragon_points_worked_by_hand(
    ruleset: Ruleset, dragons: int, domesticated: int, points: int
) -> None:
    """R5.3, R9.2: dragon points of a few Dragon counts, with the arithmetic above."""
    assert ruleset.dragon_points(dragons, domesticated) == points


def test_land_points_look_up_the_tribe_and_the_land() -> None:
    """R5.1: the table is read by Tribe and Land; a Land a Tribe ignores, or a non-Tribe, is 0."""
    assert POCKET.land_points(Card.HUMAN, Card.PLAIN) == 2
    assert POCKET.land_points(Card.PLAIN, Card.HUMAN) == 0
    assert POCKET.land_points(Card.DWARF, Card.FOREST) == 0
    assert POCKET.land_points(Card.DRAGON, Card.SWAMP) == 0


def test_the_land_table_is_kept_in_one_order() -> None:
    """R5.1's table is normalised: written in any order, as a dict or as triples, it gives the
    same ruleset (sorted by Tribe, then Land)."""
    triples = POCKET.tribe_land
    assert [(t.index, land.index) for t, land, _ in triples] == sorted(
        (t.index, land.index) for t, land, _ in triples
    )
    backwards = attrs.evolve(POCKET, tribe_land=tuple(reversed(triples)))
    as_dict = attrs.evolve(POCKET, tribe_land={(t, land): p for t, land, p in reversed(triples)})
    assert backwards == as_dict == POCKET
    assert backwards.tribe_land == triples
