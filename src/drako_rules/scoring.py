"""The score sheet (R5): seven categories, their total, the lines behind them, and ranking.

[`score`][drako_rules.scoring.score] is the hot path of every bot and simulation, so it
reads precomputed tables: the value of every row and column of four cards (adjacent pairs,
R4.1) and of every pair linked by a Portal network (R4.2–R4.3), for the
[`Ruleset`][drako_rules.rulesets.Ruleset] in force, with the five pair-scored categories
packed into one integer. The itemized
[`ScoreSheet.lines`][drako_rules.scoring.ScoreSheet.lines] are computed separately, card by
card from [`connections`][drako_rules.connections.connections], only when asked for; the
property tests check that the two always agree.
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Any, Final

import attrs

from drako_rules._kernel.board import CARD_OF_CODE, CODES, NEIGHBOURHOOD, bits
from drako_rules.cards import Card, Legend
from drako_rules.connections import (
    Connections,
    Layout,
    Link,
    connections,
    counts_through_portals,
    known_layout,
    layout,
)
from drako_rules.errors import DrakoTypeError, ScoringError, expect_iterable, quote
from drako_rules.kingdom import POSITIONS, Kingdom, Position
from drako_rules.rulesets import POCKET, Ruleset, get_ruleset

__all__ = [
    "Category",
    "Ranking",
    "ScoreLine",
    "ScoreSheet",
    "TieBreak",
    "category_rule",
    "domesticated",
    "rank",
    "ranking",
    "score",
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

_TRIBE_CATEGORY: Final = {
    Card.ELF: Category.ELVES,
    Card.DWARF: Category.DWARVES,
    Card.HUMAN: Category.HUMANS,
    Card.GOBLIN: Category.GOBLINS,
}

# --- the fast tables -----------------------------------------------------------------------

# Two kinds of table, both built from the points of each pair of cards (_pair_points):
# *totals* (small integers: the points of the pair-scored categories together), all that
# score needs for a sheet's total; and *categories*, for a sheet's categories when one is
# read: the five pair-scored categories share one integer, 16 bits each, Elves from bit 0,
# Dwarves 16, Humans 32, Goblins 48, Conflicts 64. Values may be negative, so a sum of
# category entries is taken with _BIAS (2**15 in every field) and each field read back
# as ((packed >> shift) & 0xFFFF) - 2**15: exact while each category stays within ±2**15.
_SHIFT: Final = {
    Category.ELVES: 0,
    Category.DWARVES: 16,
    Category.HUMANS: 32,
    Category.GOBLINS: 48,
    Category.CONFLICTS: 64,
}
_HALF: Final = 1 << 15
_FIELD: Final = (1 << 16) - 1
_BIAS: Final = sum(_HALF << shift for shift in _SHIFT.values())
#: The most Dragons a Kingdom can hold (one per cell).
_MAX_DRAGONS: Final = 16


@attrs.frozen
class _Tables:
    """The tables of the total in one ruleset (see [`_tables`][drako_rules.scoring._tables])."""

    line: tuple[int, ...]  # points of the 3 adjacent pairs of a line of 4 codes
    portal_pair: tuple[tuple[int, ...], ...]  # [a][b]: points of a pair linked by Portals
    dragons: tuple[tuple[int, ...], ...]  # [n][d]: points of n Dragons, d domesticated (R5.3)
    domestication: int  # connected Tribe cards of one type that domesticate a Dragon


@attrs.frozen
class _CategoryTables:
    """The same tables, the five pair-scored categories packed in one integer per entry."""

    line: tuple[int, ...]
    portal_pair: tuple[tuple[int, ...], ...]


def _pair_points(ruleset: Ruleset, a: int, b: int, through_portal: bool) -> dict[Category, int]:
    """The points by category of a pair of cards of codes ``a`` and ``b``, adjacent or linked
    only through a Portal network (R5.1, R5.2): each side scores the other when it counts
    it as connected ([`counts_through_portals`][drako_rules.connections.counts_through_portals],
    R4.3, R9.3), and the pair is one conflict when either side counts the other."""
    x, y = CARD_OF_CODE[a], CARD_OF_CODE[b]
    points = dict.fromkeys(_SHIFT, 0)
    if x is None or y is None or x is Card.PORTAL or y is Card.PORTAL:
        return points  # an Unexplored Land is blank (R4.6), a Portal only links (R4.5)

    def counts(card: Card, other: Card) -> bool:
        return not through_portal or counts_through_portals(card, other, ruleset)

    for tribe, land in ((x, y), (y, x)):
        if tribe.is_tribe and land.is_land and counts(tribe, land):
            points[_TRIBE_CATEGORY[tribe]] += ruleset.land_points(tribe, land)
    if x.is_tribe and y.is_tribe and ruleset.hate(x, y) and (counts(x, y) or counts(y, x)):
        points[Category.CONFLICTS] += ruleset.conflict_points
    return points


def _line_table(adjacent: list[int]) -> tuple[int, ...]:
    """The value of every line of four codes (base ``CODES``, first cell most significant):
    the sum of its three adjacent pairs, from ``adjacent[a * CODES + b]``."""
    line: list[int] = []
    for a in range(CODES):
        for b in range(CODES):
            ab = adjacent[a * CODES + b]
            for c in range(CODES):
                abc = ab + adjacent[b * CODES + c]
                row = c * CODES
                line.extend(abc + adjacent[row + d] for d in range(CODES))
    return tuple(line)


def _build_tables(ruleset: Ruleset) -> _Tables:
    def total(a: int, b: int, through_portal: bool) -> int:
        return sum(_pair_points(ruleset, a, b, through_portal).values())

    adj = [total(a, b, False) for a in range(CODES) for b in range(CODES)]
    portal = tuple(tuple(total(a, b, True) for b in range(CODES)) for a in range(CODES))
    dragons = tuple(
        tuple(ruleset.dragon_points(n, d) for d in range(n + 1)) for n in range(_MAX_DRAGONS + 1)
    )
    return _Tables(_line_table(adj), portal, dragons, ruleset.domestication)


def _build_category_tables(ruleset: Ruleset) -> _CategoryTables:
    def packed(a: int, b: int, through_portal: bool) -> int:
        points = _pair_points(ruleset, a, b, through_portal)
        return sum(value << _SHIFT[category] for category, value in points.items())

    adj = [packed(a, b, False) for a in range(CODES) for b in range(CODES)]
    portal = tuple(tuple(packed(a, b, True) for b in range(CODES)) for a in range(CODES))
    return _CategoryTables(_line_table(adj), portal)


_TABLES: dict[int, tuple[Ruleset, _Tables]] = {}
_CATEGORY_TABLES: dict[int, tuple[Ruleset, _CategoryTables]] = {}


def _tables(ruleset: Ruleset) -> _Tables:
    """The tables of ``ruleset``, built on first use (keyed by identity: rulesets are frozen)."""
    entry = _TABLES.get(id(ruleset))
    if entry is None or entry[0] is not ruleset:
        entry = (ruleset, _build_tables(ruleset))
        _TABLES[id(ruleset)] = entry
    return entry[1]


def _category_tables(ruleset: Ruleset) -> _CategoryTables:
    """The category tables of ``ruleset``, built when a sheet's categories are first read."""
    entry = _CATEGORY_TABLES.get(id(ruleset))
    if entry is None or entry[0] is not ruleset:
        entry = (ruleset, _build_category_tables(ruleset))
        _CATEGORY_TABLES[id(ruleset)] = entry
    return entry[1]


def _pairs_sum(
    line: tuple[int, ...], pair: tuple[tuple[int, ...], ...], kingdom: Kingdom, lay: Layout
) -> int:
    """The sum over the connected pairs of ``kingdom`` (R4.4) of a table's values: its
    rows and columns of four cards (``line``, the adjacent pairs, R4.1), then the pairs
    that only a Portal network of ``lay`` links (``pair``, R4.2, R4.3, R9.3)."""
    r0, r1, r2, r3, c0, c1, c2, c3 = kingdom.line_codes
    value = (
        line[r0] + line[r1] + line[r2] + line[r3]
        + line[c0] + line[c1] + line[c2] + line[c3]
    )  # fmt: skip
    if lay.linked_pairs:
        codes = kingdom.codes
        for i, j in lay.linked_pairs:
            value += pair[codes[i]][codes[j]]
    return value


_PORTAL: Final = Card.PORTAL.index
_DRAGON: Final = Card.DRAGON.index
_ELF: Final = Card.ELF.index
_DWARF: Final = Card.DWARF.index
_HUMAN: Final = Card.HUMAN.index
layout(0)  # the layout of most Kingdoms during play, known from the start
_POCKET_TABLES: Final = _tables(POCKET)


# --- the score sheet ------------------------------------------------------------------------


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


#: The key, in the ``__dict__`` of a sheet built by ``score``, of what its other fields
#: are decoded from: ``(dragons, claimed, kingdom, ruleset)``.
_SUMS: Final = "_sums"


def _decoded(sums: tuple[int, tuple[Legend, ...], Kingdom, Ruleset]) -> dict[str, object]:
    """The fields of a sheet, other than ``total``, from what ``score`` kept: the Dragons'
    points, the claimed Legends, the Kingdom and the ruleset; the five pair-scored
    categories are summed again from the category tables."""
    dragons, claimed, kingdom, ruleset = sums
    tables = _category_tables(ruleset)
    portals = kingdom.masks[_PORTAL]
    lay = known_layout(portals) or layout(portals)
    packed = _BIAS + _pairs_sum(tables.line, tables.portal_pair, kingdom, lay)
    return {
        "elves": (packed & _FIELD) - _HALF,
        "dwarves": (packed >> _SHIFT[Category.DWARVES] & _FIELD) - _HALF,
        "humans": (packed >> _SHIFT[Category.HUMANS] & _FIELD) - _HALF,
        "goblins": (packed >> _SHIFT[Category.GOBLINS] & _FIELD) - _HALF,
        "dragons": dragons,
        "legends": sum([x.points for x in claimed]) if claimed else 0,
        "conflicts": (packed >> _SHIFT[Category.CONFLICTS] & _FIELD) - _HALF,
        "kingdom": kingdom,
        "claimed": claimed,
        "ruleset": ruleset,
    }


def _unshown(default: object) -> Any:
    """``attrs.field(repr=False, default=default)``: a field with a default, left out of the
    repr. Typed ``Any`` for mypyc (the compiled build): from a typed ``attrs.field`` call
    it would take the field's declared type for the call's value, and reject the attrs
    field object that the call returns."""
    return attrs.field(repr=False, default=default)


# Not slotted: a dict-based instance lets score fill a sheet with its total and sums only
# (two dictionary entries), the categories decoded on first read by __getattr__.
@attrs.frozen(slots=False)
class ScoreSheet:
    """A player's score: the seven categories of R5.5 and their total.

    The itemized [`lines`][drako_rules.scoring.ScoreSheet.lines] behind the numbers are
    computed on first access only.

    Examples:
        >>> sheet = score(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"))
        >>> sheet.total, sheet.dwarves, sheet.dragons, sheet.conflicts
        (7, 4, -3, -2)
        >>> sheet.values
        (2, 4, 3, 3, -3, 0, -2)
    """

    elves: int
    dwarves: int
    humans: int
    goblins: int
    dragons: int
    legends: int
    conflicts: int
    total: int
    kingdom: Kingdom = attrs.field(repr=False)
    claimed: tuple[Legend, ...] = _unshown(default=())
    ruleset: Ruleset = _unshown(default=POCKET)  # noqa: RUF009 (a field: _unshown)

    def _decode_on_read(self, name: str) -> object:
        """A field of a sheet built by [`score`][drako_rules.scoring.score], decoded from its
        sums on first read and kept; any other name is an AttributeError. It is the sheet's
        ``__getattr__`` (installed below the class), which Python calls only for a name the
        instance does not hold yet."""
        entries = self.__dict__
        sums = entries.get(_SUMS)
        if sums is None or name not in _DECODED_FIELDS:
            raise AttributeError(f"'ScoreSheet' object has no attribute {name!r}")
        entries.update(_decoded(sums))
        return entries[name]

    @property
    def values(self) -> tuple[int, int, int, int, int, int, int]:
        """The seven category values in sheet order (R5.5)."""
        return (
            self.elves,
            self.dwarves,
            self.humans,
            self.goblins,
            self.dragons,
            self.legends,
            self.conflicts,
        )

    def __getitem__(self, category: Category) -> int:
        """The value of one category: ``sheet[Category.ELVES]``."""
        return int(getattr(self, category.value))

    def as_dict(self) -> dict[str, int]:
        """The seven categories and the total by name (``{"elves": 2, ..., "total": 7}``): the
        one JSON form of a score sheet, used by the checker's reports and the command line."""
        out = {c.value: v for c, v in zip(CATEGORIES, self.values, strict=True)}
        out["total"] = self.total
        return out

    @cached_property
    def lines(self) -> tuple[ScoreLine, ...]:
        """Every line behind the categories, in sheet order then card order (R5.1–R5.4)."""
        return _itemize(self.kingdom, self.claimed, self.ruleset)

    def lines_of(self, category: Category) -> tuple[ScoreLine, ...]:
        """The lines of one category."""
        return tuple(line for line in self.lines if line.category is category)


# Installed after the class, not written in it: mypy then does not see a __getattr__, and
# still rejects a name a ScoreSheet does not have (an "if not TYPE_CHECKING" in the class
# would hide it too, but mypyc, for the compiled build, compiles no "if" in a class body).
setattr(ScoreSheet, "__getattr__", ScoreSheet._decode_on_read)  # noqa: B010 (hidden from mypy)

#: The fields that ``ScoreSheet.__getattr__`` decodes.
_DECODED_FIELDS: Final = frozenset(a.name for a in attrs.fields(ScoreSheet)) - {"total"}


def _check_legends(legends: object) -> tuple[Legend, ...]:
    """The claimed Legends, or a ScoringError (R1.4: each at most once; DrakoTypeError: not
    an iterable). Typed by what it may be given, so that the compiled build checks them
    here too."""
    claimed = []
    for legend in expect_iterable(legends, "an iterable of Legends", "Legend.parse reads ids"):
        if not isinstance(legend, Legend):
            raise ScoringError(
                f"Legends are given as Legend members (Legend.parse reads ids), not {quote(legend)}"
            )
        claimed.append(legend)
    if len(set(claimed)) != len(claimed):
        twice = sorted(x.value for x, n in Counter(claimed).items() if n > 1)
        raise ScoringError(
            f"a Legend is unique and cannot be claimed twice: {', '.join(twice)} (R1.4)"
        )
    return tuple(claimed)


def _tamed(dragons: int, kinds: tuple[int, ...], lay: Layout, need: int) -> int:
    """The domesticated Dragons among the cells of ``dragons``, as a mask (R5.3).

    A Dragon is domesticated when connected to at least ``need`` (2) Elves, or Dwarves, or
    Humans; Goblins never count. ``kinds`` is the Kingdom's ``masks``, ``lay`` its Portal
    layout, whose ``connected`` table gives a Dragon's connections to Elves, Dwarves and
    Humans in every ruleset (no Goblin on either side, R4.3). A Dragon away from the
    Portals is connected to its neighbours only, so for ``need`` 2 those are the cells
    next to two cards of one Tribe (``bitboard.NEIGHBOURHOOD``, one look-up per Tribe);
    the Dragons next to a network have their connections counted.
    """
    elf, dwarf, human = kinds[_ELF], kinds[_DWARF], kinds[_HUMAN]
    if need == 2:
        touching = lay.touching
        near_two = (NEIGHBOURHOOD[elf] | NEIGHBOURHOOD[dwarf] | NEIGHBOURHOOD[human]) >> 16
        tame = dragons & ~touching & near_two
        rest = dragons & touching
    else:
        tame, rest = 0, dragons
    connected = lay.connected
    while rest:
        low = rest & -rest
        c = connected[low.bit_length() - 1]
        if (
            (c & elf).bit_count() >= need
            or (c & dwarf).bit_count() >= need
            or (c & human).bit_count() >= need
        ):
            tame |= low
        rest ^= low
    return tame


def domesticated(kingdom: Kingdom, ruleset: Ruleset | str = POCKET) -> frozenset[Position]:
    """The positions of the domesticated Dragons of ``kingdom`` (R5.3); the others are wild.

    A Dragon is domesticated when connected to at least ``ruleset.domestication`` (2)
    Tribe cards of one type among Elf, Dwarf and Human; Goblins never count.

    Examples:
        >>> sorted(map(str, domesticated(Kingdom.parse("HHOE/DHGE/OWDW/SSMF"))))
        ['(1,0)', '(2,2)']
    """
    if type(kingdom) is not Kingdom:
        raise DrakoTypeError(
            f"domesticated takes a Kingdom (Kingdom.parse reads the notation), not {kingdom!r:.60}"
        )
    rules = get_ruleset(ruleset)
    kinds = kingdom.masks
    tame = _tamed(kinds[_DRAGON], kinds, layout(kinds[_PORTAL]), rules.domestication)
    return frozenset(POSITIONS[i] for i in bits(tame))


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


def score(
    kingdom: Kingdom, legends: Iterable[Legend] = (), ruleset: Ruleset | str = POCKET
) -> ScoreSheet:
    """Score a Kingdom and the Legends its player claimed (R5).

    Args:
        kingdom: the Kingdom; Unexplored Lands count as blank (R4.6), so at the end of a
            game every card should be revealed (R7.2).
        legends: the Legends the player claimed (R5.4); each at most once.
        ruleset: [`POCKET`][drako_rules.rulesets.POCKET] (default) or
            [`CLASSIC`][drako_rules.rulesets.CLASSIC] (R9), or a ruleset's name.

    Returns:
        ScoreSheet: the categories Elves, Dwarves, Humans, Goblins (R5.1), Dragons
            (R5.3), Legends (R5.4), Conflicts (R5.2) and the total (R5.5).

    Raises:
        DrakoTypeError: ``kingdom`` is not a Kingdom.
        ScoringError: a claimed Legend is not a Legend, or is claimed twice.
        RulesetError: an unknown ruleset name.

    Examples:
        >>> score(Kingdom.parse("HHOE/DHGE/OWDW/SSMF")).total
        2
        >>> score(Kingdom.parse("GOGS/OHOW/GOEO/SSSG"), [Legend.THREE_SWAMPS]).total
        8
    """
    if type(kingdom) is not Kingdom:
        raise DrakoTypeError(
            f"score takes a Kingdom (Kingdom.parse reads the notation), not {kingdom!r:.60}"
        )
    claimed = _check_legends(legends) if legends else ()
    if ruleset is POCKET:
        t = _POCKET_TABLES
    else:  # the tables of a Ruleset already met, by identity, or get_ruleset's answer
        entry = _TABLES.get(id(ruleset))
        if entry is not None and entry[0] is ruleset:
            t = entry[1]
        else:
            ruleset = get_ruleset(ruleset)
            t = _tables(ruleset)
    masks = kingdom.masks
    portals = masks[_PORTAL]
    lay = known_layout(portals) or layout(portals)
    # R5.1, R5.2 on every connected pair: _pairs_sum(t.line, t.portal_pair, kingdom, lay),
    # written out here (the call would cost a twelfth of score); the property tests check
    # that the total is the sum of the categories, which _pairs_sum gives.
    line = t.line
    r0, r1, r2, r3, c0, c1, c2, c3 = kingdom.line_codes
    total = (
        line[r0] + line[r1] + line[r2] + line[r3]
        + line[c0] + line[c1] + line[c2] + line[c3]
    )  # fmt: skip
    if lay.linked_pairs:
        codes = kingdom.codes
        pair = t.portal_pair
        for i, j in lay.linked_pairs:
            total += pair[codes[i]][codes[j]]
    dragon_cells = masks[_DRAGON]
    if dragon_cells:  # R5.3
        tame = _tamed(dragon_cells, masks, lay, t.domestication)
        dragons = t.dragons[dragon_cells.bit_count()][tame.bit_count()]
        total += dragons
    else:
        dragons = 0
    if claimed:  # R5.4
        total += sum([x.points for x in claimed])
    # The sheet holds its total and what its other fields come from, which are decoded on
    # first read (ScoreSheet.__getattr__): two dictionary entries cost a third of attrs'
    # __init__ of 11 fields, and most callers read only the total.
    sheet = _new(ScoreSheet)
    entries = sheet.__dict__
    entries["total"] = total
    entries[_SUMS] = (dragons, claimed, kingdom, ruleset)
    return sheet


_new: Final = object.__new__


def _signed(points: int) -> str:
    return f"{points:+d}"


def _itemize(
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
                by_category[_TRIBE_CATEGORY[tribe]].append(
                    ScoreLine(
                        _TRIBE_CATEGORY[tribe],
                        points,
                        category_rule(_TRIBE_CATEGORY[tribe], ruleset),
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
    v = ruleset.dragon_values[min(n, 3) - 1]
    tamed: dict[Position, str] = {}
    for pos in sorted(domesticated(kingdom, ruleset)):
        # Which Tribe domesticates it, for the line's words (the first in card order).
        for tribe in (Card.ELF, Card.DWARF, Card.HUMAN):
            friends = sorted(p for p in conn.of(pos) if cells[p.index] is tribe)
            if len(friends) >= ruleset.domestication:
                tamed[pos] = f"domesticated by the {tribe.plural} " + ", ".join(map(str, friends))
                break
    order = [p for p in dragons if p in tamed] + [p for p in dragons if p not in tamed]
    counted = n if ruleset.dragons_counted is None else min(n, ruleset.dragons_counted)
    good = min(len(tamed), ruleset.max_domesticated, counted)
    lines = []
    for rank_, pos in enumerate(order):
        state = tamed.get(pos, "wild: no 2 connected Elves, Dwarves or Humans")
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


# --- ranking --------------------------------------------------------------------------------


@attrs.frozen
class TieBreak:
    """How two players with the same total were ordered (R5.6).

    Attributes:
        higher: index (in input order) of the player placed first.
        lower: index of the player placed after.
        total: their common total.
        step: 0-based index in the sorted category values where they first differ
            (0: the highest category), or None when the sequences are equal (shared place).
        higher_value: the deciding value of ``higher`` (None when shared).
        lower_value: the deciding value of ``lower`` (None when shared).
        higher_category: the category that holds ``higher_value`` for ``higher``.
        lower_category: the category that holds ``lower_value`` for ``lower``.
    """

    higher: int
    lower: int
    total: int
    step: int | None
    higher_value: int | None = None
    lower_value: int | None = None
    higher_category: Category | None = None
    lower_category: Category | None = None

    @property
    def shared(self) -> bool:
        """True when the two players share the place."""
        return self.step is None

    def describe(self, names: Sequence[str] | None = None) -> str:
        """The tie-break in words, naming players by ``names`` (default ``player N``)."""

        if names is not None and len(names) <= max(self.higher, self.lower):
            raise ScoringError(
                f"{len(names)} names given, but the tie-break is between players "
                f"{self.higher} and {self.lower} (0-based, in input order)"
            )

        higher = _player_name(names, self.higher)
        lower = _player_name(names, self.lower)
        if self.step is None:
            return (
                f"{higher} and {lower} tie on {self.total} with equal "
                "category values, and share the place (R5.6)"
            )
        nth = _ordinal(self.step + 1)
        assert self.higher_category is not None and self.lower_category is not None
        return (
            f"{higher} and {lower} tie on {self.total}; "
            f"{higher} wins on the {nth} highest category: "
            f"{self.higher_value} ({self.higher_category.label}) against "
            f"{self.lower_value} ({self.lower_category.label}) (R5.6)"
        )


def _player_name(names: Sequence[str] | None, i: int) -> str:
    """Player ``i`` (0-based) by ``names``, or ``player N`` (1-based) without names."""
    return names[i] if names is not None else f"player {i + 1}"


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


@attrs.frozen
class Ranking:
    """Places of the players (R5.6) and how each tie on total was broken.

    Attributes:
        places: 1-based place of each player, in input order; players whose sorted
            category values are equal share a place.
        order: player indices from first to last (ties in input order).
        tie_breaks: for each two consecutive players in ``order`` with the same total,
            how they were told apart (or that they share the place).
    """

    places: tuple[int, ...]
    order: tuple[int, ...]
    tie_breaks: tuple[TieBreak, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """Indices of the players in first place."""
        return tuple(i for i in self.order if self.places[i] == 1)


def _sorted_categories(sheet: ScoreSheet) -> list[tuple[int, Category]]:
    pairs = list(zip(sheet.values, CATEGORIES, strict=True))
    pairs.sort(key=lambda vc: -vc[0])  # stable: equal values keep sheet order
    return pairs


def _key(sheet: ScoreSheet) -> tuple[int, tuple[int, ...]]:
    return (sheet.total, tuple(sorted(sheet.values, reverse=True)))


def _check_sheets(sheets: object) -> tuple[ScoreSheet, ...]:
    """The sheets given to rank, or a ScoringError (DrakoTypeError: not an iterable).
    Typed by what it may be given, so that the compiled build checks them here too."""
    checked = []
    for s in expect_iterable(sheets, "an iterable of ScoreSheets", "see score"):
        if not isinstance(s, ScoreSheet):
            raise ScoringError(f"rank takes ScoreSheets, not {quote(s)}")
        checked.append(s)
    return tuple(checked)


def ranking(sheets: Iterable[ScoreSheet]) -> Ranking:
    """Rank players by total, ties broken by sorted category values (R5.6).

    Examples:
        >>> a = score(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"))   # total 7
        >>> b = score(Kingdom.parse("HHOE/DHGE/OWDW/SSMF"))   # total 2
        >>> ranking([b, a, b]).places
        (2, 1, 2)
    """
    sheets = _check_sheets(sheets)
    keys = [_key(s) for s in sheets]
    # A player's place is 1 + the number of keys above theirs: the index of the key's
    # first place in the keys sorted from the highest (n log n, for any number of sheets).
    above: dict[tuple[int, tuple[int, ...]], int] = {}
    for i, k in enumerate(sorted(keys, reverse=True)):
        above.setdefault(k, i)
    places = tuple(1 + above[k] for k in keys)
    order = tuple(sorted(range(len(sheets)), key=lambda i: (places[i], i)))
    breaks = []
    for hi, lo in itertools.pairwise(order):
        if sheets[hi].total != sheets[lo].total:
            continue
        a, b = _sorted_categories(sheets[hi]), _sorted_categories(sheets[lo])
        step = next((k for k in range(len(a)) if a[k][0] != b[k][0]), None)
        if step is None:
            breaks.append(TieBreak(hi, lo, sheets[hi].total, None))
        else:
            breaks.append(
                TieBreak(
                    hi, lo, sheets[hi].total, step, a[step][0], b[step][0], a[step][1], b[step][1]
                )
            )
    return Ranking(places, order, tuple(breaks))


def rank(sheets: Iterable[ScoreSheet]) -> tuple[int, ...]:
    """The 1-based place of each player, in input order (R5.6); equal sheets share a place.

    Examples:
        >>> kingdoms = ("HHOE/DHGE/OWDW/SSMF", "FEOM/HPWM/SGDO/PPHS")
        >>> sheets = [score(Kingdom.parse(k)) for k in kingdoms]
        >>> rank(sheets)
        (2, 1)
    """
    return ranking(sheets).places
