"""The score sheet (R5): seven categories, their total, and ranking.

`score` is the hot path of every bot and simulation, so it
reads precomputed tables: the value of every row and column of four cards (adjacent pairs,
R4.1) and of every pair linked by a Portal network (R4.2–R4.3), for the
`Ruleset` in force, with the six computed categories
packed into one integer (the kernel's ``score.sheet``). The itemized
`ScoreSheet.lines` are computed separately, card by
card from `connections.connections`, only when asked for
(``drako_rules.score_lines``, whose names this module exports); the property tests check
that the two always agree.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Final

import attrs

from drako_rules._kernel import score as kernel
from drako_rules._kernel.board import CARD_OF_CODE, CODES
from drako_rules.cards import Card, Legend
from drako_rules.connections import counts_through_portals
from drako_rules.errors import DrakoTypeError, ScoringError, expect_iterable, quote
from drako_rules.kingdom import Kingdom, Position
from drako_rules.rulesets import POCKET, Ruleset, get_ruleset, per_ruleset
from drako_rules.score_lines import (
    CATEGORIES as CATEGORIES,
)
from drako_rules.score_lines import (
    TRIBE_CATEGORY,
    Category,
    ScoreLine,
    category_rule,
    itemize,
    tamed_positions,
)

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


# --- the tables ----------------------------------------------------------------------------

#: The categories of the kernel's packed fields, in their order (a pair of cards scores
#: no Dragons: that field is filled from the Dragons' table).
_PACKED: Final = (
    Category.ELVES,
    Category.DWARVES,
    Category.HUMANS,
    Category.GOBLINS,
    Category.DRAGONS,
    Category.CONFLICTS,
)


#: The field of each category among `_PACKED`.
_FIELD: Final = {category: k for k, category in enumerate(_PACKED)}


def _pair_values(ruleset: Ruleset, a: int, b: int, through_portal: bool) -> list[int]:
    """The points of a pair of cards of codes ``a`` and ``b``, adjacent or linked only
    through a Portal network, by category in the order of `_PACKED` (R5.1, R5.2): each
    side scores the other when it counts it as connected (`counts_through_portals`, R4.3,
    R9.3), and the pair is one conflict when either side counts the other."""
    x, y = CARD_OF_CODE[a], CARD_OF_CODE[b]
    values = [0] * len(_PACKED)
    if x is None or y is None or x is Card.PORTAL or y is Card.PORTAL:
        return values  # an Unexplored Land is blank (R4.6), a Portal only links (R4.5)

    def counts(card: Card, other: Card) -> bool:
        return not through_portal or counts_through_portals(card, other, ruleset)

    for tribe, land in ((x, y), (y, x)):
        if tribe.is_tribe and land.is_land and counts(tribe, land):
            values[_FIELD[TRIBE_CATEGORY[tribe]]] += ruleset.land_points(tribe, land)
    if x.is_tribe and y.is_tribe and ruleset.hate(x, y) and (counts(x, y) or counts(y, x)):
        values[_FIELD[Category.CONFLICTS]] += ruleset.conflict_points
    return values


def _build_tables(ruleset: Ruleset) -> kernel.Tables:
    """The kernel's tables of ``ruleset``, from the points of every pair of card codes."""
    pairs = [(a, b) for a in range(CODES) for b in range(CODES)]
    return kernel.tables(
        [_pair_values(ruleset, a, b, False) for a, b in pairs],
        [_pair_values(ruleset, a, b, True) for a, b in pairs],
        (
            ruleset.dragon_values,
            ruleset.dragons_counted,
            ruleset.max_domesticated,
            ruleset.extra_dragon_points,
        ),
        ruleset.domestication,
    )


#: The tables of ``ruleset``, built on first use and kept.
_tables: Final = per_ruleset(_build_tables)


_POCKET_TABLES: Final = _tables(POCKET)


# --- the score sheet ------------------------------------------------------------------------


@attrs.frozen
class ScoreSheet:
    """A player's score: the seven categories of R5.5 and their total.

    The itemized `lines` behind the numbers are
    computed on first access only. ``str(sheet)`` is a one-line summary.

    Examples:
        >>> sheet = score(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"))
        >>> sheet.total, sheet.dwarves, sheet.dragons, sheet.conflicts
        (7, 4, -3, -2)
        >>> sheet.values
        (2, 4, 3, 3, -3, 0, -2)
        >>> print(sheet)
        total 7: Elves 2, Dwarves 4, Humans 3, Goblins 3, Dragons -3, Legends 0, Conflicts -2
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
    claimed: tuple[Legend, ...] = attrs.field(repr=False, default=())
    ruleset: Ruleset = attrs.field(repr=False, default=POCKET)

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

    def __str__(self) -> str:
        """``total 7: Elves 2, Dwarves 4, ...``: the total, then the categories in sheet
        order (R5.5)."""
        parts = ", ".join(f"{c.label} {v}" for c, v in zip(CATEGORIES, self.values, strict=True))
        return f"total {self.total}: {parts}"

    def as_dict(self) -> dict[str, int]:
        """The seven categories and the total by name (``{"elves": 2, ..., "total": 7}``): the
        one JSON form of a score sheet, used by the checker's reports and the command line."""
        out = {c.value: v for c, v in zip(CATEGORIES, self.values, strict=True)}
        out["total"] = self.total
        return out

    @cached_property
    def lines(self) -> tuple[ScoreLine, ...]:
        """Every line behind the categories, in sheet order then card order (R5.1–R5.4)."""
        return itemize(self.kingdom, self.claimed, self.ruleset)

    def lines_of(self, category: Category) -> tuple[ScoreLine, ...]:
        """The lines of one category."""
        return tuple(line for line in self.lines if line.category is category)


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
            f"domesticated takes a Kingdom (Kingdom.parse reads the notation), not {quote(kingdom)}"
        )
    return tamed_positions(kingdom, get_ruleset(ruleset))


def score(
    kingdom: Kingdom, legends: Iterable[Legend] = (), ruleset: Ruleset | str = POCKET
) -> ScoreSheet:
    """Score a Kingdom and the Legends its player claimed (R5).

    Args:
        kingdom: the Kingdom; Unexplored Lands count as blank (R4.6), so at the end of a
            game every card should be revealed (R7.2).
        legends: the Legends the player claimed (R5.4); each at most once.
        ruleset: `POCKET` (default) or
            `CLASSIC` (R9), or a ruleset's name.

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
            f"score takes a Kingdom (Kingdom.parse reads the notation), not {quote(kingdom)}"
        )
    claimed = _check_legends(legends) if legends else ()
    if ruleset is POCKET:
        t = _POCKET_TABLES
    else:
        ruleset = get_ruleset(ruleset)
        t = _tables(ruleset)
    e, d, h, g, dragons, c = kernel.sheet(t, kingdom.line_codes, kingdom.codes, kingdom.masks)
    legends_points = sum([x.points for x in claimed]) if claimed else 0  # R5.4
    total = e + d + h + g + dragons + legends_points + c  # R5.5
    return ScoreSheet(e, d, h, g, dragons, legends_points, c, total, kingdom, claimed, ruleset)


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
