"""Scoring rules as data (R5, R9): the *pocket* ruleset (default) and *classic*.

A `Ruleset` holds every number of the score sheet, so a
second ruleset costs no code: the scoring functions read these tables and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

import attrs

from drako_rules._kernel.score import dragon_points
from drako_rules.cards import Card
from drako_rules.errors import RulesetError, quote

__all__ = ["CLASSIC", "POCKET", "RULESETS", "Ruleset", "get_ruleset", "per_ruleset"]

#: The version of [the rules](../rules.md) implemented; carried in records and verdicts.
RULES_VERSION: Final = "2026.11"


def _tribe_land(
    value: dict[tuple[Card, Card], int] | tuple[tuple[Card, Card, int], ...],
) -> tuple[tuple[Card, Card, int], ...]:
    """Normalise R5.1's table to ``(tribe, land, points)`` triples in a fixed order."""
    if isinstance(value, dict):
        entries = tuple((tribe, land, points) for (tribe, land), points in value.items())
    else:
        entries = tuple(value)
    return tuple(sorted(entries, key=lambda e: (e[0].index, e[1].index)))


def _expr(value: object) -> str:
    """``value`` as a Python expression, for a Ruleset's repr: cards as ``Card.ELF``, sets sorted."""
    if isinstance(value, Card):
        return f"Card.{value.name}"
    if isinstance(value, tuple):
        items = [_expr(v) for v in value]
        return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    if isinstance(value, frozenset):
        return (
            f"frozenset({{{', '.join(sorted(_expr(v) for v in value))}}})"
            if value
            else "frozenset()"
        )
    return repr(value)


@attrs.frozen(repr=False)
class Ruleset:
    """The scoring tables of one ruleset (R5, R9).

    Its repr is an expression that gives it back: ``POCKET`` or ``CLASSIC`` for the two
    rulesets of the rules, and ``attrs.evolve(POCKET, ...)`` with the fields that differ
    for any other (names from ``drako_rules`` and ``attrs``).

    Attributes:
        name: ``"pocket"`` or ``"classic"`` (or your own).
        rules_version: the version of the rule book the values come from.
        tribe_land: ``(tribe, land, points)`` for every connected Tribe–Land pair that
            scores (R5.1); pairs not listed score 0.
        hates: the pairs of Tribes whose connections are conflicts (R5.2), each as a
            ``frozenset`` of one Card (a Tribe that hates its own kind) or two.
        conflict_points: points of one conflict (−2, R5.2).
        dragon_values: the value ``v`` of each Dragon with 1, 2, and 3 or more Dragons in
            the Kingdom (R5.3, R9.2).
        dragons_counted: how many Dragons score ±v; each Dragon beyond them scores
            ``extra_dragon_points``. ``None``: every Dragon scores ±v (R9.2).
        max_domesticated: at most this many domesticated Dragons score +v; any other
            domesticated Dragon scores as a wild one (R5.3, R9.2).
        extra_dragon_points: points of each Dragon beyond ``dragons_counted`` (−5, R5.3).
        domestication: how many connected Tribe cards of one type make a Dragon
            domesticated (2, R5.3); Goblins never count.
        portals_link_goblins_to_tribes: how "Goblins cannot use Portals" is read. False
            (*pocket*, R4.3): a Goblin's connections are its adjacent cards only, in every
            rule. True (*classic*, R9.3): a Portal network also links a Goblin to the
            Elves, Dwarves and Humans around it, as those Tribes count their connections
            (their conflicts and the Legends counted from them); the Goblin's own
            connections stay adjacent only. Decided in
            `connections.counts_through_portals`.
    """

    name: str
    rules_version: str
    tribe_land: tuple[tuple[Card, Card, int], ...] = attrs.field(converter=_tribe_land)
    hates: frozenset[frozenset[Card]]
    conflict_points: int
    dragon_values: tuple[int, int, int]
    dragons_counted: int | None
    max_domesticated: int
    extra_dragon_points: int
    domestication: int = 2
    portals_link_goblins_to_tribes: bool = False

    def dragon_points(self, dragons: int, domesticated: int) -> int:
        """Points of ``dragons`` Dragons of which ``domesticated`` are domesticated (R5.3, R9.2).

        Examples:
            >>> [POCKET.dragon_points(n, n) for n in range(7)]
            [0, 3, 8, 15, 10, 5, 0]
            >>> [CLASSIC.dragon_points(n, 0) for n in range(5)]
            [0, -3, -10, -18, -24]
        """
        return dragon_points(
            self.dragon_values,
            self.dragons_counted,
            self.max_domesticated,
            self.extra_dragon_points,
            dragons,
            domesticated,
        )

    def hate(self, a: Card, b: Card) -> bool:
        """Whether a connection between Tribes ``a`` and ``b`` is a conflict (R5.2, R9.2)."""
        return frozenset((a, b)) in self.hates

    def __repr__(self) -> str:
        """``POCKET``, ``CLASSIC``, or ``attrs.evolve(POCKET, ...)`` naming the fields that
        differ from the nearer of the two.

        Examples:
            >>> POCKET, CLASSIC
            (POCKET, CLASSIC)
            >>> attrs.evolve(POCKET, name="harsh", conflict_points=-3)
            attrs.evolve(POCKET, name='harsh', conflict_points=-3)
        """
        best: tuple[int, str, list[str]] | None = None
        for base_name, base in (("POCKET", _BASES[0]), ("CLASSIC", _BASES[1])):
            changes = [
                f"{field.name}={_expr(getattr(self, field.name))}"
                for field in attrs.fields(Ruleset)
                if getattr(self, field.name) != getattr(base, field.name)
            ]
            if best is None or len(changes) < best[0]:
                best = (len(changes), base_name, changes)
        assert best is not None
        _, base_name, changes = best
        return f"attrs.evolve({base_name}, {', '.join(changes)})" if changes else base_name

    def land_points(self, tribe: Card, land: Card) -> int:
        """Points a ``tribe`` card scores for one connected ``land`` card (R5.1)."""
        for t, land_card, points in self.tribe_land:
            if t is tribe and land_card is land:
                return points
        return 0


_E, _W, _H, _G = Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN
_F, _M, _P, _S = Card.FOREST, Card.MOUNTAIN, Card.PLAIN, Card.SWAMP

_TRIBE_LAND: Final = {
    (_E, _F): 2,
    (_E, _S): -1,
    (_W, _M): 2,
    (_H, _F): 1,
    (_H, _M): 1,
    (_H, _P): 2,
    (_H, _S): -1,
    (_G, _S): 3,
}

#: The default ruleset ([R9.1](../rules.md#R9.1)): the rules as written.
POCKET: Final = Ruleset(
    name="pocket",
    rules_version=RULES_VERSION,
    tribe_land=_TRIBE_LAND,
    hates=frozenset(
        {
            frozenset({_G}),
            frozenset({_G, _E}),
            frozenset({_G, _W}),
            frozenset({_G, _H}),
            frozenset({_E, _W}),
        }
    ),
    conflict_points=-2,
    dragon_values=(3, 4, 5),
    dragons_counted=3,
    max_domesticated=3,
    extra_dragon_points=-5,
)

#: The online adaptation of the full game *Aetherya* (R9.2): Dragons 3 / 5 / 6, at most
#: three domesticated Dragons score, every other Dragon is −v, and Goblins do not fight
#: each other; Portal networks link Goblins to the other Tribes around them, from those
#: Tribes' side (R9.3).
CLASSIC: Final = attrs.evolve(
    POCKET,
    name="classic",
    hates=POCKET.hates - {frozenset({_G})},
    dragon_values=(3, 5, 6),
    dragons_counted=None,
    extra_dragon_points=0,
    portals_link_goblins_to_tribes=True,
)

#: The two rulesets of the rules, which a Ruleset's repr names.
_BASES: Final = (POCKET, CLASSIC)

#: The rulesets by name.
RULESETS: Final = {POCKET.name: POCKET, CLASSIC.name: CLASSIC}


def get_ruleset(name: str | Ruleset) -> Ruleset:
    """The ruleset called ``name`` (``"pocket"``, ``"classic"``, any case) (R9).

    Raises:
        RulesetError: no ruleset has that name.
    """
    if isinstance(name, Ruleset):
        return name
    if not isinstance(name, str):
        raise RulesetError(f"a ruleset is named by text, not {type(name).__name__}")
    try:
        return RULESETS[name.strip().lower()]
    except KeyError:
        raise RulesetError(
            f"unknown ruleset {quote(name)}: choose one of {', '.join(RULESETS)} (R9)"
        ) from None


_T = TypeVar("_T")


def per_ruleset(build: Callable[[Ruleset], _T]) -> Callable[[Ruleset], _T]:
    """``build`` called once per ruleset and its answer kept: the tables that the rules
    modules derive from a ruleset's data (R5, R9). Kept by the ruleset's name, with the
    ruleset it was built for: a ruleset equal to that one (rulesets are frozen values) has
    the same answer; another of the same name replaces it."""
    kept: dict[str, tuple[Ruleset, _T]] = {}

    def built(ruleset: Ruleset) -> _T:
        entry = kept.get(ruleset.name)
        if entry is None or (entry[0] is not ruleset and entry[0] != ruleset):
            entry = kept[ruleset.name] = (ruleset, build(ruleset))
        return entry[1]

    return built
