"""The shortcuts of ``legends_mask`` (R4.2, R4.3, R6.4, R9.3) at the masks where they bite.

``legends_mask`` skips a check when a cheap test of bits shows it cannot succeed: "at least
two cards of the kind" is ``x & (x - 1)`` (nonzero when ``x`` has two bits or more), the
kinds of ``changed`` decide which requirements are checked again. Each example below is a
Kingdom (or a call) where a stricter or wrong shortcut gives another answer: two Goblins in
cells 0 and 1 (``x = 0b11``, where ``x & (x + 1)`` is 0), Goblins away from cell 0 (where
``x & 1`` is 0), ``changed`` holding exactly the four Lands or the four Tribes. Cells are
numbered ``4·row + col``; bit ``c`` of ``changed`` is the card code ``c`` (Forest 0 …
Swamp 3, Elf 4 … Goblin 7, Unexplored 10).
"""

from __future__ import annotations

import attrs
import pytest

import reference as ref
from drako_rules import CLASSIC, POCKET, Card, Kingdom, Legend, legends_met
from drako_rules._kernel.board import CODE_OF, LEGEND_BIT
from drako_rules.connections import counts_through_portals
from drako_rules.legends import EVERY_KIND, legends_mask
from drako_rules.rulesets import Ruleset

L = Legend

#: Both readings of R4.3 (R9.3's flag off and on) in rulesets unlike the real ones.
OTHER_RULESETS = (
    attrs.evolve(POCKET, name="pocket-with-r9.3", portals_link_goblins_to_tribes=True),
    attrs.evolve(CLASSIC, name="classic-without-r9.3", portals_link_goblins_to_tribes=False),
    attrs.evolve(POCKET, name="odd", domestication=1, dragons_counted=2, conflict_points=-5),
)
EVERY_RULESET = (POCKET, CLASSIC, *OTHER_RULESETS)


def _mask(*legends: Legend) -> int:
    """The mask of some Legends (``LEGEND_BIT``)."""
    return sum(LEGEND_BIT[x] for x in legends)


def _kinds(*cards: Card | None) -> int:
    """The mask of the card codes of some cell values (bit ``c`` for code ``c``)."""
    return sum(1 << CODE_OF[c] for c in set(cards))


@pytest.mark.parametrize("ruleset", EVERY_RULESET, ids=lambda r: r.name)
def test_r4_3_a_goblin_counts_no_card_through_a_network_in_any_ruleset(ruleset: Ruleset) -> None:
    """R4.3, R9.3: ``counts_through_portals(GOBLIN, x, r)`` is False for every kind ``x``,
    with R9.3's flag off or on: ``legends_mask`` checks the requirements counted from a
    Goblin on adjacency only, and relies on this."""
    kinds = [c for c in Card if c is not Card.PORTAL]
    assert [counts_through_portals(Card.GOBLIN, x, ruleset) for x in kinds] == [False] * 9


@pytest.mark.parametrize("ruleset", EVERY_RULESET, ids=lambda r: r.name)
@pytest.mark.parametrize(
    ("text", "legend"),
    [
        ("EOE?/?G??/????/????", L.BATTLE_GOBLIN_ELF),
        ("WOW?/?G??/????/????", L.BATTLE_GOBLIN_DWARF),
        ("HOH?/?G??/????/????", L.BATTLE_GOBLIN_HUMAN),
        ("????/GOG?/?O??/????", L.TWO_GOBLINS),
    ],
)
def test_r4_3_a_goblin_next_to_a_network_counts_nothing_through_it(
    text: str, legend: Legend, ruleset: Ruleset
) -> None:
    """R4.3: the Goblin (1,1) below the Portal (0,1) is linked to the two Tribe cards
    beside it but counts neither, and the one Goblin is counted once: "2 X connected to one
    Goblin" is not met in any ruleset; nor are two Goblins around a network two-goblins."""
    assert legend not in legends_met(Kingdom.parse(text), ruleset)


@pytest.mark.parametrize(
    ("text", "ruleset", "legend", "why"),
    [
        # x = 0b11 (cells 0, 1): x & (x - 1) = 0b01, nonzero; x & (x + 1) = 0b11 & 0b100 = 0.
        ("GG??/HO??/????/????", CLASSIC, L.BATTLE_GOBLIN_HUMAN, "g = 0b11"),
        ("GG??/EO??/????/????", CLASSIC, L.BATTLE_GOBLIN_ELF, "g = 0b11"),
        ("GG??/WO??/????/????", CLASSIC, L.BATTLE_GOBLIN_DWARF, "g = 0b11"),
        ("EE??/WO??/????/????", POCKET, L.BATTLE_ELF_DWARF, "e = 0b11"),
        ("EE??/WO??/????/????", CLASSIC, L.BATTLE_ELF_DWARF, "e = 0b11"),
        ("WW??/EO??/????/????", POCKET, L.BATTLE_ELF_DWARF, "w = 0b11"),
        ("WW??/EO??/????/????", CLASSIC, L.BATTLE_ELF_DWARF, "w = 0b11"),
        # One row down, x = 0b110000 (cells 4, 5): x & 1 = 0 though two cards are there.
        ("????/GG??/HO??/????", CLASSIC, L.BATTLE_GOBLIN_HUMAN, "g = 0b110000"),
        ("????/GG??/EO??/????", CLASSIC, L.BATTLE_GOBLIN_ELF, "g = 0b110000"),
        ("????/GG??/WO??/????", CLASSIC, L.BATTLE_GOBLIN_DWARF, "g = 0b110000"),
        ("????/EE??/WO??/????", POCKET, L.BATTLE_ELF_DWARF, "e = 0b110000"),
        ("????/WW??/EO??/????", POCKET, L.BATTLE_ELF_DWARF, "w = 0b110000"),
    ],
)
def test_r6_4_one_card_connected_to_two_side_by_side_one_through_a_portal(
    text: str, ruleset: Ruleset, legend: Legend, why: str
) -> None:
    """R4.2, R6.4, R9.3: in ``XX??/YO??``, Y (1,0) is next to X (0,0) and, through the
    Portal (1,1), connected to X (0,1): one Y connected to two X, met only through the
    network (no Y is next to two X, no X next to two Y); when X is the Goblin, only in
    classic (R9.3). The two X side by side are the mask ``why``, on which a shortcut
    testing "two cards or more" must not fail."""
    k = Kingdom.parse(text)
    assert legend in legends_met(k, ruleset), why
    assert legends_met(k, ruleset) == ref.legends_met(k, ruleset.name), why
    if Card.GOBLIN in k.cells:
        assert legend not in legends_met(k, POCKET), why


def test_every_kind_is_the_mask_of_every_card_code() -> None:
    """R6.4: ``EVERY_KIND`` has bit ``c`` for each of the 11 card codes (10 kinds and the
    Unexplored Land) and no other bit: 2¹¹ - 1 = 2047."""
    assert EVERY_KIND == _kinds(*Card, None) == 2047


def test_r6_4_met_defaults_to_nothing_met_before() -> None:
    """R6.4: ``met`` left out means that the Kingdom before met nothing: ``FF??`` → ``FFF?``
    (changed: Forest 1 | Unexplored 1024) meets three-forests (16) and nothing kept."""
    after = Kingdom.parse("FFF?/????/????/????")
    changed = _kinds(Card.FOREST, None)
    assert changed == 1025
    assert legends_mask(after, POCKET, changed) == _mask(L.THREE_FORESTS) == 16


def test_r6_4_changed_lands_exactly_the_four_lands() -> None:
    """R6.4: a checkerboard of Lands (no two alike side by side, nothing met) rearranged
    into four rows of one Land meets the four three-X; ``changed`` is exactly the four
    Lands (1 + 2 + 4 + 8 = 15) and every one of them is checked again: 16 + 32 + 64 + 128
    = 240."""
    before = Kingdom.parse("FMFM/MFMF/PSPS/SPSP")
    after = Kingdom.parse("FFFF/MMMM/PPPP/SSSS")
    changed = _kinds(Card.FOREST, Card.MOUNTAIN, Card.PLAIN, Card.SWAMP)
    assert changed == 15 and legends_mask(before) == 0
    threes = (L.THREE_FORESTS, L.THREE_MOUNTAINS, L.THREE_PLAINS, L.THREE_SWAMPS)
    assert legends_mask(after, POCKET, changed, 0) == legends_mask(after) == _mask(*threes) == 240


def test_r6_4_changed_tribes_exactly_the_four_tribes() -> None:
    """R6.4: ``EWHG`` → ``EEWW`` changes an Elf, Dwarf, Human and Goblin cell, so
    ``changed`` is exactly the four Tribes (16 + 32 + 64 + 128 = 240): the alliance and
    four-tribes met before are checked again (gone), two-elves (1) and two-dwarves (2) are
    found: 3."""
    before = Kingdom.parse("EWHG/????/????/????")
    after = Kingdom.parse("EEWW/????/????/????")
    changed = _kinds(Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN)
    assert changed == 240
    met = legends_mask(before)
    assert met == _mask(L.ALLIANCE_HUMAN_DWARF, L.FOUR_TRIBES)
    assert legends_mask(after, POCKET, changed, met) == legends_mask(after) == 3


@pytest.mark.parametrize("ruleset", [POCKET, CLASSIC], ids=["pocket", "classic"])
@pytest.mark.parametrize(
    ("text", "legend"),
    [
        ("EO??/????/????/??OE", L.TWO_ELVES),
        ("WO??/????/????/??OW", L.TWO_DWARVES),
        ("HO??/????/????/??OH", L.TWO_HUMANS),
    ],
)
def test_r4_2_two_of_a_kind_next_to_two_networks_are_not_connected(
    text: str, legend: Legend, ruleset: Ruleset
) -> None:
    """R4.2, R6.4: the two cards (0,0) and (3,3) are each next to a Portal, (0,1) and
    (3,2), of two networks that do not touch: they are not connected, and "2 X connected"
    is not met. Each network holds one of them, the masks 0b1 (cell 0) and 0b1 << 15: a
    test of "two cards on one network" must be false for both (``y & (y - 1)`` is 0 for
    each), not merely for the sum of the two."""
    k = Kingdom.parse(text)
    assert legend not in legends_met(k, ruleset)
    assert legends_met(k, ruleset) == ref.legends_met(k, ruleset.name) == frozenset()
