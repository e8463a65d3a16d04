"""Rulesets (R5, R9): the pocket and classic tables as data, looked up by name."""

from __future__ import annotations

import itertools

import attrs
import pytest

import reference as ref
from drako_rules import CLASSIC, POCKET, RULES_VERSION, Card, RulesetError, get_ruleset
from drako_rules.rulesets import RULESETS

BOTH = [("pocket", POCKET), ("classic", CLASSIC)]


def test_presets() -> None:
    """R9.1, R9.2: pocket (the default) and classic, each named and carrying the rules version."""
    assert (POCKET.name, CLASSIC.name) == ("pocket", "classic")
    assert POCKET.rules_version == CLASSIC.rules_version == RULES_VERSION
    assert RULESETS == {"pocket": POCKET, "classic": CLASSIC}


@pytest.mark.parametrize("name", ["pocket", "POCKET", " Pocket ", "classic", "Classic"])
def test_get_ruleset_by_name(name: str) -> None:
    """R9: get_ruleset finds a ruleset by name in any case, and passes a Ruleset through."""
    ruleset = get_ruleset(name)
    assert ruleset.name == name.strip().lower()
    assert get_ruleset(ruleset) is ruleset


@pytest.mark.parametrize("name", ["poker", "", "aetherya", None, 3])
def test_get_ruleset_unknown(name: object) -> None:
    """R9: an unknown ruleset raises RulesetError (a ValueError) naming the choices."""
    with pytest.raises(RulesetError) as info:
        get_ruleset(name)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    if isinstance(name, str):
        assert repr(name) in str(info.value) and "pocket" in str(info.value)


@pytest.mark.parametrize(("name", "ruleset"), BOTH)
def test_r5_1_land_points_table(name: str, ruleset: object) -> None:
    """R5.1 (same in both rulesets): land_points gives the table's value for every Tribe and Land."""
    assert ruleset in (POCKET, CLASSIC)
    for tribe, land in itertools.product(ref.TRIBES, ref.LANDS):
        assert get_ruleset(name).land_points(tribe, land) == ref.LAND_POINTS.get((tribe, land), 0)


@pytest.mark.parametrize(("name", "ruleset"), BOTH)
def test_r5_2_hate_relation(name: str, ruleset: object) -> None:
    """R5.2, R9.2: hate() agrees with the relation written in the test, both ways round."""
    r = get_ruleset(name)
    for a, b in itertools.product(ref.TRIBES, repeat=2):
        assert r.hate(a, b) == r.hate(b, a) == ref.hates(a, b, name)
    assert r.conflict_points == -2


def test_r9_2_goblins_spare_goblins_only_in_classic() -> None:
    """R9.2: Goblin–Goblin is a conflict in pocket, not in classic; Goblin–Elf is in both."""
    assert POCKET.hate(Card.GOBLIN, Card.GOBLIN) and not CLASSIC.hate(Card.GOBLIN, Card.GOBLIN)
    assert POCKET.hate(Card.GOBLIN, Card.ELF) and CLASSIC.hate(Card.GOBLIN, Card.ELF)


@pytest.mark.parametrize(("name", "ruleset"), BOTH)
def test_r5_3_dragon_points_for_every_count(name: str, ruleset: object) -> None:
    """R5.3, R9.2: dragon_points(n, d) equals the Dragon-by-Dragon reference for n = 0–8, d = 0–n."""
    r = get_ruleset(name)
    for n in range(9):
        for d in range(n + 1):
            assert r.dragon_points(n, d) == ref.dragon_points([True] * d + [False] * (n - d), name)


def test_r5_3_dragon_values() -> None:
    """R5.3, R9.2: Dragon value 3/4/5 in pocket, 3/5/6 in classic, for 1/2/3+ Dragons."""
    assert POCKET.dragon_values == (3, 4, 5)
    assert CLASSIC.dragon_values == (3, 5, 6)
    assert [POCKET.dragon_points(n, 0) for n in range(1, 4)] == [-3, -8, -15]
    assert [CLASSIC.dragon_points(n, n) for n in range(1, 4)] == [3, 10, 18]


def test_ruleset_is_frozen() -> None:
    """Rulesets are immutable data: a field cannot be set, evolve gives a new one."""
    with pytest.raises(AttributeError):
        POCKET.conflict_points = -3  # type: ignore[misc]
    harsher = attrs.evolve(POCKET, name="harsh", conflict_points=-3)
    assert POCKET.conflict_points == -2 and harsher.conflict_points == -3
