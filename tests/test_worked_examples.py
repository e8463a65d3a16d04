"""The three worked examples of RULES.md give exactly the totals, categories and Legends written there."""

from __future__ import annotations

import pytest

from drako_rules import Kingdom, Legend, legends_met, score

L = Legend

# (notation, (elves, dwarves, humans, goblins, dragons, legends, conflicts), total, Legends met)
WORKED = [
    (
        "FEOM/HPWM/SGDO/PPHS",
        (2, 4, 3, 3, -3, 0, -2),
        7,
        {L.FOUR_TRIBES},
    ),
    (
        "HHOE/DHGE/OWDW/SSMF",
        (0, 0, 0, 0, 8, 0, -6),
        2,
        {L.TWO_HUMANS, L.TWO_ELVES, L.ALLIANCE_HUMAN_ELF, L.ALLIANCE_HUMAN_DWARF, L.FOUR_TRIBES},
    ),
    (
        "GOGS/OHOW/GOEO/SSSG",
        (-2, 0, -1, 9, 0, 0, -2),
        4,
        {L.THREE_SWAMPS, L.ALLIANCE_HUMAN_ELF, L.ALLIANCE_HUMAN_DWARF, L.FOUR_TRIBES},
    ),
]


@pytest.mark.parametrize(("text", "categories", "total", "met"), WORKED)
def test_worked_example(
    text: str, categories: tuple[int, ...], total: int, met: set[Legend]
) -> None:
    """Worked examples 1–3 (RULES.md): categories, total and Legends met."""
    kingdom = Kingdom.parse(text)
    sheet = score(kingdom)
    assert sheet.values == categories
    assert sheet.total == total
    assert legends_met(kingdom) == met
    assert sum(line.points for line in sheet.lines) == total
