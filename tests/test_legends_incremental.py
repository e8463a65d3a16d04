"""R6.4 after one card action: ``legends_mask`` given the Legends met before and the kinds
that left and entered a cell checks again only what can have changed, and gives the full
check's answer. Deterministic: every cell of each Kingdom below, changed to every card, in
both rulesets (the engine calls it so after each card action). And three Lands connected
through a Portal, where the count of Lands is only a first filter."""

from __future__ import annotations

import pytest

from drako_rules import CLASSIC, POCKET, Card, Kingdom
from drako_rules._kernel.board import CODE_OF
from drako_rules.kingdom import POSITIONS
from drako_rules.legends import legends_mask
from drako_rules.rulesets import Ruleset

#: Kingdoms that meet each Legend, some near-misses, and the worked examples: each cell
#: changed makes or breaks some requirement, next to Portals or away from them.
KINGDOMS = (
    "FEOM/HPWM/SGDO/PPHS",
    "HHOE/DHGE/OWDW/SSMF",
    "EEWW/FFOG/MHDS/WGSM",
    "GOGS/OHOW/GOEO/SSSG",
    "MMM?/FFF?/PPP?/SSS?",
    "EE??/WW??/HH??/GG??",
    "HE??/HW??/GH??/GE??",
    "GW??/EW??/????/EWHG",
    "M?M?/F?F?/P?P?/S?S?",
    "EOE?/WOW?/HOH?/GOG?",
    "?OO?/EOOW/?OO?/HOOG",
    "FOF?/MOM?/POP?/SOS?",
)


@pytest.mark.parametrize("ruleset", [POCKET, CLASSIC], ids=["pocket", "classic"])
@pytest.mark.parametrize("text", KINGDOMS)
def test_legends_after_one_changed_cell_are_the_full_checks(text: str, ruleset: Ruleset) -> None:
    """R6.4: for each cell and each card put there, the Legends found from those met
    before and the two kinds changed (the one that left, the one that entered) are those
    the full check finds."""
    before = Kingdom.parse(text)
    met = legends_mask(before, ruleset)
    for pos in POSITIONS:
        old = CODE_OF[before.cells[pos.index]]
        for card in Card:
            after = before.replace(pos, card)
            changed = 1 << old | 1 << CODE_OF[card]
            assert legends_mask(after, ruleset, changed, met) == legends_mask(after, ruleset), (
                f"{text} with {card.english} at {pos}"
            )


LANDS = {"F": "three-forests", "M": "three-mountains", "P": "three-plains", "S": "three-swamps"}


@pytest.mark.parametrize("ruleset", [POCKET, CLASSIC], ids=["pocket", "classic"])
@pytest.mark.parametrize("land", list(LANDS))
def test_r6_4_three_lands_through_a_portal_need_three_of_the_kind(
    land: str, ruleset: Ruleset
) -> None:
    """R4.2, R6.4: two Lands (0,0), (0,2) on either side of a Portal (0,1) are connected;
    a third of the kind at (1,1), below the Portal, is connected to both: three-X is met.
    Any other card at (1,1) is connected to both Lands too, but is not of the kind: not
    met. A fourth Land of the kind far away (3,3) changes nothing."""
    from drako_rules import Legend, legends_met

    legend = Legend(LANDS[land])
    for far in ("?", land):
        three = Kingdom.parse(f"{land}O{land}?/?{land}??/????/???{far}")
        assert legend in legends_met(three, ruleset)
        for other in "FMPSEWHGD":
            if other != land:
                near = Kingdom.parse(f"{land}O{land}?/?{other}??/????/???{far}")
                assert legend not in legends_met(near, ruleset), (other, far)
