"""The seven categories of the score sheet and the rule behind each (R5.1–R5.5).

The names are those of `drako_rules.scoring`, which exports them; the lines behind the
categories are computed by ``drako_rules.score_lines``, on first use.
"""

from __future__ import annotations

import enum
from typing import Final

from drako_rules.cards import Card
from drako_rules.rulesets import POCKET, Ruleset

__all__ = ["CATEGORIES", "TRIBE_CATEGORY", "Category", "category_rule"]


class Category(enum.Enum):
    """The seven categories of the score sheet, in sheet order (R5.5)."""

    ELVES = "elves"
    DWARVES = "dwarves"
    HUMANS = "humans"
    GOBLINS = "goblins"
    DRAGONS = "dragons"
    LEGENDS = "legends"
    CONFLICTS = "conflicts"

    @property
    def label(self) -> str:
        """The heading on the score sheet (``"Elves"``)."""
        return self.value.capitalize()


#: The categories in sheet order (R5.5).
CATEGORIES: Final = tuple(Category)

#: The category each Tribe's points go to (R5.1).
TRIBE_CATEGORY: Final = {
    Card.ELF: Category.ELVES,
    Card.DWARF: Category.DWARVES,
    Card.HUMAN: Category.HUMANS,
    Card.GOBLIN: Category.GOBLINS,
}


def category_rule(category: Category, ruleset: Ruleset = POCKET) -> str:
    """The rule id that gives the points of ``category`` (R5.5): ``"R5.1"`` for the four
    Tribes, ``"R5.2"`` Conflicts, ``"R5.4"`` Legends, and for Dragons ``"R5.3"``, or
    ``"R9.2"`` in a ruleset that scores every Dragon (``dragons_counted`` is None)."""
    if category is Category.DRAGONS and ruleset.dragons_counted is None:
        return "R9.2"
    return _CATEGORY_RULE[category]


_CATEGORY_RULE: Final = {
    Category.ELVES: "R5.1",
    Category.DWARVES: "R5.1",
    Category.HUMANS: "R5.1",
    Category.GOBLINS: "R5.1",
    Category.DRAGONS: "R5.3",
    Category.LEGENDS: "R5.4",
    Category.CONFLICTS: "R5.2",
}
