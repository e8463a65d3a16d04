"""Which cards count each other through a Portal network (R4.2, R4.3, R9.3): the one
owner of the Goblin rule, which `connections`, `scoring` and `legends` read.

The names are those of `drako_rules.connections`, which exports them.
"""

from __future__ import annotations

from typing import Final

from drako_rules.cards import Card
from drako_rules.rulesets import POCKET, Ruleset

__all__ = ["counts_through_portals", "uses_portals"]

#: The Tribes that R9.3 links to a Goblin through a Portal network.
_GOBLINS_FOES: Final = frozenset({Card.ELF, Card.DWARF, Card.HUMAN})


def uses_portals(card: Card) -> bool:
    """Whether ``card`` is connected to the cards its Portal networks link (R4.2, R4.3).

    Every card but a Goblin: Goblins cannot use Portals, and a Goblin's own connections
    are its adjacent cards only, in every ruleset (R4.3, R9.3).
    """
    return card is not Card.GOBLIN


def counts_through_portals(card: Card, other: Card, ruleset: Ruleset = POCKET) -> bool:
    """Whether ``card`` counts ``other`` as connected when only a Portal network links them.

    This is where the Goblin rule is decided, for every other module (R4.3, R9.3):

    - a Goblin counts no card through a network (R4.3, in every ruleset);
    - no card counts a Goblin through a network (R4.3, *pocket*), except that when
      ``ruleset.portals_link_goblins_to_tribes`` (*classic*, R9.3) an Elf, Dwarf or Human
      counts the Goblins its networks link to it: for its conflicts (R5.2) and for the
      Legends counted from it (2 Goblins connected to one Human, Elf or Dwarf);
    - any other two cards are connected through the network (R4.2).

    ``card`` and ``other`` are revealed non-Portal cards (R4.5, R4.6).

    Examples:
        >>> from drako_rules.rulesets import CLASSIC
        >>> counts_through_portals(Card.HUMAN, Card.GOBLIN), counts_through_portals(Card.HUMAN, Card.GOBLIN, CLASSIC)
        (False, True)
        >>> counts_through_portals(Card.GOBLIN, Card.HUMAN, CLASSIC), counts_through_portals(Card.SWAMP, Card.GOBLIN, CLASSIC)
        (False, False)
    """
    if not uses_portals(card):
        return False
    if uses_portals(other):
        return True
    return ruleset.portals_link_goblins_to_tribes and card in _GOBLINS_FOES
