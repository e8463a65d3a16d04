"""Legend requirements (R1.4, R6.4): each of the 15 met and not met, properties, the reference."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
from drako_rules import CLASSIC, Kingdom, Legend, legends_met
from strategies import any_kingdoms, clustered_kingdoms, goblins_away_from_portals

L = Legend

# (Legend, Kingdom, exactly the Legends the Kingdom meets, why). Cells not needed are
# Unexplored Lands, so that each case shows one requirement alone.
MET = [
    (L.TWO_ELVES, "EE??/????/????/????", {L.TWO_ELVES}, "Elves (0,0)–(0,1) adjacent"),
    (L.TWO_ELVES, "EOE?/????/????/????", {L.TWO_ELVES}, "Elves through the Portal (0,1)"),
    (L.TWO_DWARVES, "W???/W???/????/????", {L.TWO_DWARVES}, "Dwarves (0,0)–(1,0) adjacent"),
    (L.TWO_DWARVES, "W???/OOOO/???W/????", {L.TWO_DWARVES}, "through a network of 4 Portals"),
    (L.TWO_HUMANS, "????/????/????/??HH", {L.TWO_HUMANS}, "Humans (3,2)–(3,3) adjacent"),
    (L.TWO_HUMANS, "????/?H??/?O??/?H??", {L.TWO_HUMANS}, "Humans through the Portal (2,1)"),
    (L.TWO_GOBLINS, "????/?G??/?G??/????", {L.TWO_GOBLINS}, "Goblins (1,1)–(2,1) adjacent"),
    (L.THREE_FORESTS, "FFF?/????/????/????", {L.THREE_FORESTS}, "three in a row"),
    (L.THREE_FORESTS, "?F??/FF??/????/????", {L.THREE_FORESTS}, "an L: (1,1) beside two"),
    (L.THREE_FORESTS, "FOF?/?F??/????/????", {L.THREE_FORESTS}, "three around one Portal"),
    (L.THREE_FORESTS, "F?F?/O?O?/OOOF/????", {L.THREE_FORESTS}, "three via a 5-Portal network"),
    (
        L.THREE_FORESTS,
        "FF??/?O??/?F??/????",
        {L.THREE_FORESTS},
        "(0,1) beside one, via Portal to one",
    ),
    (L.THREE_MOUNTAINS, "????/M???/M???/M???", {L.THREE_MOUNTAINS}, "three in a column"),
    (
        L.THREE_MOUNTAINS,
        "MOM?/M???/????/????",
        {L.THREE_MOUNTAINS},
        "(0,0) beside one, via Portal to one",
    ),
    (L.THREE_PLAINS, "????/????/?PPP/????", {L.THREE_PLAINS}, "three in a row"),
    (L.THREE_PLAINS, "P???/OP??/P???/????", {L.THREE_PLAINS}, "three around the Portal (1,0)"),
    (L.THREE_SWAMPS, "???S/??SS/????/????", {L.THREE_SWAMPS}, "an L in the corner"),
    (
        L.THREE_SWAMPS,
        "GOGS/OHOW/GOEO/SSSG",
        {L.THREE_SWAMPS, L.ALLIANCE_HUMAN_ELF, L.ALLIANCE_HUMAN_DWARF, L.FOUR_TRIBES},
        "worked example 3",
    ),
    (L.ALLIANCE_HUMAN_ELF, "HE??/????/????/????", {L.ALLIANCE_HUMAN_ELF}, "adjacent"),
    (
        L.ALLIANCE_HUMAN_ELF,
        "H???/O???/E???/????",
        {L.ALLIANCE_HUMAN_ELF},
        "through the Portal (1,0)",
    ),
    (L.ALLIANCE_HUMAN_DWARF, "????/??WH/????/????", {L.ALLIANCE_HUMAN_DWARF}, "adjacent"),
    (
        L.ALLIANCE_HUMAN_DWARF,
        "WOOH/????/????/????",
        {L.ALLIANCE_HUMAN_DWARF},
        "through two Portals",
    ),
    (L.BATTLE_GOBLIN_HUMAN, "GHG?/????/????/????", {L.BATTLE_GOBLIN_HUMAN}, "2 Goblins, one Human"),
    (L.BATTLE_GOBLIN_HUMAN, "?H??/HG??/????/????", {L.BATTLE_GOBLIN_HUMAN}, "2 Humans, one Goblin"),
    (L.BATTLE_GOBLIN_ELF, "E???/G???/E???/????", {L.BATTLE_GOBLIN_ELF}, "2 Elves, one Goblin"),
    (L.BATTLE_GOBLIN_ELF, "????/?G??/GE??/????", {L.BATTLE_GOBLIN_ELF}, "2 Goblins, one Elf"),
    (L.BATTLE_GOBLIN_DWARF, "????/????/????/GWG?", {L.BATTLE_GOBLIN_DWARF}, "2 Goblins, one Dwarf"),
    (
        L.BATTLE_GOBLIN_DWARF,
        "?W??/WG??/????/????",
        {L.BATTLE_GOBLIN_DWARF},
        "2 Dwarves, one Goblin",
    ),
    (L.BATTLE_ELF_DWARF, "EWE?/????/????/????", {L.BATTLE_ELF_DWARF}, "2 Elves, one Dwarf"),
    (L.BATTLE_ELF_DWARF, "WEW?/????/????/????", {L.BATTLE_ELF_DWARF}, "2 Dwarves, one Elf"),
    (
        L.BATTLE_ELF_DWARF,
        "EOE?/?W??/????/????",
        {L.BATTLE_ELF_DWARF, L.TWO_ELVES},
        "Dwarf (1,1) and 2 Elves around the Portal (0,1)",
    ),
    (
        L.BATTLE_ELF_DWARF,
        "EWO?/??E?/????/????",
        {L.BATTLE_ELF_DWARF},
        "one Elf adjacent, one via Portal",
    ),
    (L.FOUR_TRIBES, "E??W/????/????/H??G", {L.FOUR_TRIBES}, "four Tribes, none connected"),
    (
        L.FOUR_TRIBES,
        "EWHG/????/????/????",
        {L.FOUR_TRIBES, L.ALLIANCE_HUMAN_DWARF},
        "four Tribes in a row",
    ),
]

NOT_MET = [
    (L.TWO_ELVES, "E?E?/????/????/????", set(), "an Unexplored Land between (R4.6)"),
    (L.TWO_ELVES, "E???/?E??/????/????", set(), "diagonal (R4.1)"),
    (L.TWO_ELVES, "EO??/O???/????/????", set(), "one Elf touching two networks (R4.4)"),
    (L.TWO_DWARVES, "WOFW/????/????/????", set(), "the Portal does not reach (0,3)"),
    (L.TWO_DWARVES, "???W/W???/????/????", set(), "(0,3) and (1,0) do not wrap around"),
    (L.TWO_HUMANS, "H???/?H??/????/????", set(), "diagonal"),
    (L.TWO_HUMANS, "HOOO/????/????/???H", set(), "the network does not touch (3,3)"),
    (L.TWO_GOBLINS, "GOG?/????/????/????", set(), "Goblins cannot use Portals (R4.3)"),
    (L.TWO_GOBLINS, "G???/?G??/????/????", set(), "diagonal"),
    (L.THREE_FORESTS, "FF?F/????/????/????", set(), "a pair and a lone Forest"),
    (L.THREE_FORESTS, "FF??/????/??FF/????", set(), "two separate pairs"),
    (L.THREE_FORESTS, "F?F?/O?O?/O?OF/????", set(), "two networks: a pair and a lone Forest"),
    (L.THREE_MOUNTAINS, "MM??/????/????/???M", set(), "a pair and a lone Mountain"),
    (L.THREE_PLAINS, "P?P?/?P?P/????/????", set(), "a zigzag of diagonals"),
    (L.THREE_SWAMPS, "SS??/??SS/????/????", set(), "two pairs touching at a corner"),
    (L.ALLIANCE_HUMAN_ELF, "H?E?/????/????/????", set(), "an Unexplored Land between"),
    (L.ALLIANCE_HUMAN_ELF, "H???/?E??/????/????", set(), "diagonal"),
    (L.ALLIANCE_HUMAN_DWARF, "HFW?/????/????/????", set(), "a Forest between"),
    (L.BATTLE_GOBLIN_HUMAN, "GHOG/????/????/????", set(), "the 2nd Goblin is only via Portal"),
    (L.BATTLE_GOBLIN_HUMAN, "HGOH/????/????/????", set(), "the 2nd Human is only via Portal"),
    (L.BATTLE_GOBLIN_HUMAN, "GHG?/????/????/????".replace("H", "F"), set(), "no Human"),
    (L.BATTLE_GOBLIN_ELF, "GEOG/????/????/????", set(), "the 2nd Goblin is only via Portal"),
    (L.BATTLE_GOBLIN_ELF, "EGO?/??E?/????/????", set(), "the 2nd Elf is only via Portal"),
    (L.BATTLE_GOBLIN_DWARF, "GW?G/????/????/????", set(), "one Goblin per Dwarf"),
    (L.BATTLE_GOBLIN_DWARF, "WGOW/????/????/????", set(), "the 2nd Dwarf is only via Portal"),
    (L.BATTLE_ELF_DWARF, "EW?E/????/????/????", set(), "one Elf per Dwarf"),
    (L.BATTLE_ELF_DWARF, "EW??/??WE/????/????", set(), "two separate Elf–Dwarf pairs"),
    (
        L.BATTLE_ELF_DWARF,
        "EW??/O???/E???/????",
        {L.TWO_ELVES},
        "the Portal does not touch the Dwarf",
    ),
    (L.FOUR_TRIBES, "EWHD/????/????/????", {L.ALLIANCE_HUMAN_DWARF}, "no Goblin"),
    (L.FOUR_TRIBES, "E??W/????/????/H???", set(), "the Goblin is still unexplored"),
]


def _case_id(case: tuple[Legend, str, set[Legend], str]) -> str:
    return f"{case[0].value}: {case[3]}"


@pytest.mark.parametrize("case", MET, ids=[_case_id(c) for c in MET])
def test_legend_met(case: tuple[Legend, str, set[Legend], str]) -> None:
    """R1.4, R6.4: each Legend met, by the cards named in the case (and no other Legend)."""
    legend, text, expected, _ = case
    met = legends_met(Kingdom.parse(text))
    assert legend in met
    assert met == expected


@pytest.mark.parametrize("case", NOT_MET, ids=[_case_id(c) for c in NOT_MET])
def test_legend_not_met(case: tuple[Legend, str, set[Legend], str]) -> None:
    """R1.4, R4, R6.4: each Legend not met, for the reason named in the case."""
    legend, text, expected, _ = case
    met = legends_met(Kingdom.parse(text))
    assert legend not in met
    assert met == expected


def test_every_legend_is_shown_met_and_not_met() -> None:
    """R1.4: the cases above cover all 15 Legends both ways."""
    assert {case[0] for case in MET} == set(Legend)
    assert {case[0] for case in NOT_MET} == set(Legend)


def test_portals_and_unexplored_lands_meet_nothing() -> None:
    """R4.5, R4.6: a Kingdom of Portals, or of Unexplored Lands, meets no Legend."""
    assert legends_met(Kingdom.parse("OOOO/OOOO/OOOO/OOOO")) == frozenset()
    assert legends_met(Kingdom.unexplored()) == frozenset()


def test_legends_of_the_worked_examples() -> None:
    """Worked examples 1–3 (RULES.md): the Legends met written there."""
    assert legends_met(Kingdom.parse("FEOM/HPWM/SGDO/PPHS")) == {L.FOUR_TRIBES}
    assert legends_met(Kingdom.parse("HHOE/DHGE/OWDW/SSMF")) == {
        L.TWO_HUMANS,
        L.TWO_ELVES,
        L.ALLIANCE_HUMAN_ELF,
        L.ALLIANCE_HUMAN_DWARF,
        L.FOUR_TRIBES,
    }


# --- properties ----------------------------------------------------------------------------


@given(st.one_of(any_kingdoms, clustered_kingdoms(), clustered_kingdoms(unexplored=False)))
def test_legends_match_the_reference(kingdom: Kingdom) -> None:
    """R1.4, R6.4: legends_met equals the reference that reads each requirement off the connections."""
    assert legends_met(kingdom) == ref.legends_met(kingdom)


@given(any_kingdoms, st.sampled_from(sorted(ref.SQUARE_SYMMETRIES)))
def test_legends_invariant_under_symmetries(kingdom: Kingdom, symmetry: str) -> None:
    """R6.4: turning or mirroring the Kingdom meets the same Legends."""
    image = ref.transform(kingdom, ref.SQUARE_SYMMETRIES[symmetry])
    assert legends_met(image) == legends_met(kingdom)


@given(any_kingdoms)
def test_legends_met_never_changes_the_kingdom(kingdom: Kingdom) -> None:
    """Immutability: legends_met leaves the Kingdom equal to a fresh copy and returns a frozenset."""
    before = Kingdom(kingdom.cells)
    met = legends_met(kingdom)
    assert isinstance(met, frozenset)
    assert kingdom == before and kingdom.cells == before.cells


# --- R9.3: Legends counted from a Tribe may reach a Goblin through a Portal in classic ------


@pytest.mark.parametrize(
    ("text", "pocket", "classic", "why"),
    [
        (
            "GHOG/????/????/????",
            False,
            True,
            "Human (0,1): Goblin (0,0) adjacent, (0,3) via Portal",
        ),
        ("GEOG/????/????/????", False, True, "Elf (0,1): the same"),
        ("GWOG/????/????/????", False, True, "Dwarf (0,1): the same"),
        ("HOHF/FGFF/FFFF/FFFF", False, False, "2 Humans reach the Goblin (1,1) only via Portal"),
        ("GOG?/?H??/????/????", False, True, "Human (1,1) reaches both Goblins via Portal (0,1)"),
    ],
)
def test_r9_3_two_goblins_connected_to_one_tribe(
    text: str, pocket: bool, classic: bool, why: str
) -> None:
    """R9.3: "2 Goblins connected to one Human, Elf or Dwarf" may count Goblins through a
    Portal in classic, never "2 Humans, Elves or Dwarves connected to one Goblin"."""
    k = Kingdom.parse(text)
    battles = {L.BATTLE_GOBLIN_HUMAN, L.BATTLE_GOBLIN_ELF, L.BATTLE_GOBLIN_DWARF}
    assert bool(legends_met(k) & battles) == pocket, why
    assert bool(legends_met(k, CLASSIC) & battles) == classic, why
    assert legends_met(k, "classic") == ref.legends_met(k, "classic")


def test_r9_3_two_goblins_stay_adjacent_only_in_classic() -> None:
    """R9.3: two Goblins around one Portal never meet two-goblins, in either ruleset."""
    k = Kingdom.parse("GOG?/????/????/????")
    assert L.TWO_GOBLINS not in legends_met(k) | legends_met(k, CLASSIC)


@given(any_kingdoms)
def test_classic_legends_match_the_reference(kingdom: Kingdom) -> None:
    """R6.4, R9.3: classic's Legends are the reference's, read with R9.3."""
    assert legends_met(kingdom, CLASSIC) == ref.legends_met(kingdom, "classic")


@given(goblins_away_from_portals)
def test_classic_legends_agree_with_pocket_where_no_goblin_touches_a_portal(
    kingdom: Kingdom,
) -> None:
    """R9.3: where no Goblin touches a Portal, classic meets the Legends it met before R9.3."""
    assert legends_met(kingdom, CLASSIC) == ref.legends_met(kingdom, "classic", r9_3=False)
    assert legends_met(kingdom, CLASSIC) == legends_met(kingdom)
