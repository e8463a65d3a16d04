"""The kernel's packed score (`_kernel/score.py`, R5.1, R5.3) at the edges of its format.

The kernel adds a Kingdom's categories as fields of 10 bits, or 16 when a ruleset's points
could leave ±2**9 (its module documentation). The rulesets of the rules never come near
either edge, so these rulesets do: their points are read back exactly only if the width
is chosen from the largest value a Kingdom can reach. Found by mutation testing, where a
narrower width or a wrong bound survived every test on POCKET and CLASSIC.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from drako_rules import CLASSIC, POCKET, Card, Kingdom, score
from drako_rules._kernel.score import dragon_points

#: Sixteen Dragons: no Tribe, so none is domesticated (R5.3).
ALL_DRAGONS = Kingdom.parse("DDDD/DDDD/DDDD/DDDD")
#: Elves and Forests in a checkerboard: each of the grid's 24 adjacent pairs (R4.1) is one
#: Elf next to one Forest, and no other pair scores.
CHECKERBOARD = Kingdom.parse("EFEF/FEFE/EFEF/FEFE")


@pytest.mark.parametrize("value", [31, 32, 40, 1_100])
def test_many_dragons_score_exactly_at_the_edges_of_the_format(value: int) -> None:
    """R5.3: every one of 16 wild Dragons scores -v. 16 × 31 = 496 fits 10-bit fields; 16 ×
    32 = 512 and 16 × 40 = 640 need 16 bits; 16 × 1,100 = 17,600 needs more than 15."""
    ruleset = attrs.evolve(
        CLASSIC, name="many-dragons", dragon_values=(value, value, value), dragons_counted=None
    )
    sheet = score(ALL_DRAGONS, ruleset=ruleset)
    assert sheet.dragons == ruleset.dragon_points(16, 0) == -16 * value
    assert sheet.total == -16 * value


@pytest.mark.parametrize("points", [5, 21, 22, 100])
def test_a_large_pair_value_is_summed_exactly(points: int) -> None:
    """R5.1: each connected Tribe–Land pair scores its points once (R4.4); with 22 points
    an Elf–Forest pair, the 24 pairs of the checkerboard make 528, past ±2**9."""
    tribe_land = tuple(
        (tribe, land, points if (tribe, land) == (Card.ELF, Card.FOREST) else 0)
        for tribe, land, _ in POCKET.tribe_land
    )
    ruleset = attrs.evolve(POCKET, name="rich-forests", tribe_land=tribe_land)
    sheet = score(CHECKERBOARD, ruleset=ruleset)
    assert (sheet.elves, sheet.dwarves, sheet.humans, sheet.goblins) == (24 * points, 0, 0, 0)


@given(
    st.tuples(*[st.integers(-50, 50)] * 3),
    st.none() | st.integers(0, 16),
    st.integers(0, 16),
    st.integers(-50, 50),
)
def test_no_dragon_scores_nothing(
    values: tuple[int, int, int], counted: int | None, most: int, extra: int
) -> None:
    """R5.3: the Dragons' points of a Kingdom without Dragons are 0, whatever the values."""
    assert dragon_points(values, counted, most, extra, 0, 0) == 0
