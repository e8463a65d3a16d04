"""The score sheet's categories and the lines behind them (R5.1–R5.5).

`Category` names the seven categories in sheet order, and
`category_rule` the rule that gives each its points.
`ScoreSheet.lines` are computed here, card by card
from `connections`, separately from the packed
tables of `score`; the property tests check that the two
always agree. The names are those of `drako_rules.scoring`, which
exports them.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from drako_rules._kernel import score as kernel
from drako_rules._kernel.board import bits
from drako_rules._kernel.connect import layout as kernel_layout
from drako_rules.cards import Card, Legend
from drako_rules.connections import Connections, Link, connections
from drako_rules.kingdom import POSITIONS, Kingdom, Position
from drako_rules.rulesets import POCKET, Ruleset

__all__ = [
    "CATEGORIES",
    "TRIBE_CATEGORY",
    "Category",
    "ScoreLine",
    "category_rule",
    "itemize",
    "tamed_positions",
]


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


@attrs.frozen
class ScoreLine:
    """One line behind a category: which card scored what, with whom, by which rule.

    Attributes:
        category: the category the points go to (R5.5).
        points: the points of this line (negative for penalties).
        rule: the rule id that gives them (``"R5.1"``).
        text: the line in words, e.g. ``"Elf (0,1) + Forest (0,0), adjacent: +2"``.
        card: the scoring card's position (None for a Legend line).
        partner: the partner card's position (None for Dragons and Legends).
        link: how ``card`` and ``partner`` are connected (R4), when there is a partner.
        legend: the Legend of a Legend line.
    """

    category: Category
    points: int
    rule: str
    text: str
    card: Position | None = None
    partner: Position | None = None
    link: Link | None = None
    legend: Legend | None = None


def tamed_positions(kingdom: Kingdom, ruleset: Ruleset) -> frozenset[Position]:
    """The positions of the domesticated Dragons of ``kingdom`` in ``ruleset`` (R5.3), as
    the kernel's ``tamed`` decides them; the arguments are not checked (see
    `scoring.domesticated`)."""
    kinds = kingdom.masks
    tame = kernel.tamed(kinds[_DRAGON], kinds, kernel_layout(kinds[_PORTAL]), ruleset.domestication)
    return frozenset(POSITIONS[i] for i in bits(tame))


_PORTAL: Final = Card.PORTAL.index
_DRAGON: Final = Card.DRAGON.index


def _signed(points: int) -> str:
    return f"{points:+d}"


def itemize(
    kingdom: Kingdom, claimed: tuple[Legend, ...], ruleset: Ruleset
) -> tuple[ScoreLine, ...]:
    """The lines of a sheet, computed card by card from the connections (R4, R5)."""
    conn = connections(kingdom, ruleset)
    cells = kingdom.cells
    by_category: dict[Category, list[ScoreLine]] = {c: [] for c in CATEGORIES}
    # R5.1: each Tribe card scores for every Land card connected to it.
    for pos, tribe in zip(POSITIONS, cells, strict=True):
        if tribe is None or not tribe.is_tribe:
            continue
        for j in bits(conn.mask(pos)):  # in cell order, which is Position order
            partner, land = POSITIONS[j], cells[j]
            if land is None or not land.is_land:
                continue
            points = ruleset.land_points(tribe, land)
            if points:
                link = conn.link(pos, partner)
                assert link is not None
                by_category[TRIBE_CATEGORY[tribe]].append(
                    ScoreLine(
                        TRIBE_CATEGORY[tribe],
                        points,
                        category_rule(TRIBE_CATEGORY[tribe], ruleset),
                        f"{tribe.english} {pos} + {land.english} {partner}, "
                        f"{link.describe()}: {_signed(points)}",
                        card=pos,
                        partner=partner,
                        link=link,
                    )
                )
    # R5.2: every connection between two Tribes that hate each other.
    for link in conn.links():
        a, b = cells[link.a.index], cells[link.b.index]
        if a is not None and b is not None and a.is_tribe and b.is_tribe and ruleset.hate(a, b):
            by_category[Category.CONFLICTS].append(
                ScoreLine(
                    Category.CONFLICTS,
                    ruleset.conflict_points,
                    category_rule(Category.CONFLICTS, ruleset),
                    f"{a.english} {link.a} against {b.english} {link.b}, {link.describe()}: "
                    f"{_signed(ruleset.conflict_points)}",
                    card=link.a,
                    partner=link.b,
                    link=link,
                )
            )
    # R5.3: Dragons, domesticated ones first among the Dragons that score ±v.
    by_category[Category.DRAGONS] = list(_dragon_lines(kingdom, conn, ruleset))
    # R5.4: Legends claimed.
    for legend in claimed:
        by_category[Category.LEGENDS].append(
            ScoreLine(
                Category.LEGENDS,
                legend.points,
                category_rule(Category.LEGENDS, ruleset),
                f"Legend {legend.value} ({legend.requirement}): {_signed(legend.points)}",
                legend=legend,
            )
        )
    return tuple(line for c in CATEGORIES for line in by_category[c])


def _dragon_lines(kingdom: Kingdom, conn: Connections, ruleset: Ruleset) -> list[ScoreLine]:
    cells = kingdom.cells
    dragons = kingdom.positions_of(Card.DRAGON)
    n = len(dragons)
    if n == 0:
        return []
    rule = category_rule(Category.DRAGONS, ruleset)
    need = ruleset.domestication
    tamed: dict[Position, str] = {}
    for pos in sorted(tamed_positions(kingdom, ruleset)):
        # Which Tribe domesticates it, for the line's words (the first in card order).
        for tribe in (Card.ELF, Card.DWARF, Card.HUMAN):
            friends = sorted(p for p in conn.of(pos) if cells[p.index] is tribe)
            if len(friends) >= need:
                tamed[pos] = f"domesticated by the {tribe.plural} " + ", ".join(map(str, friends))
                break
    order = [p for p in dragons if p in tamed] + [p for p in dragons if p not in tamed]
    v, good, counted = kernel.dragon_split(
        ruleset.dragon_values, ruleset.dragons_counted, ruleset.max_domesticated, n, len(tamed)
    )
    wild = f"wild: no {need} connected Elves, Dwarves or Humans"
    lines = []
    for rank_, pos in enumerate(order):
        state = tamed.get(pos, wild)
        if rank_ < good:
            points, why = v, f"{state}: +{v} ({n} Dragon{'s' if n > 1 else ''} worth {v} each)"
        elif rank_ < counted:
            if pos in tamed:
                why = f"{state}, but at most {ruleset.max_domesticated} domesticated Dragons score"
            else:
                why = state
            points, why = -v, f"{why}: -{v}"
        else:
            points = ruleset.extra_dragon_points
            why = f"{state}; a Dragon beyond the third: {_signed(points)}"
        lines.append(ScoreLine(Category.DRAGONS, points, rule, f"Dragon {pos}, {why}", card=pos))
    return lines
