"""A slow reference for the rules of play (R2.5, R2.6, R3.1–R3.5, R6.1–R6.5, R7.1, R7.2),
read plainly from RULES.md on public values (cells, cards, Legends), written without the
library's kernel: what the engine's kernel transitions (``_kernel.play``) must agree with.

`after` gives the public fields of the state after a move, or raises `Refused` with the
rule the move breaks. The Legends met are the slow reference's (``reference.legends_met``);
a reshuffle uses ``random.Random.shuffle`` itself, which the library's seeded shuffle
promises to equal (R2.8, R3.5).
"""

from __future__ import annotations

from typing import Any

import reference
from drako_rules import Card, GameState, Legend, Phase, PlayerState
from drako_rules.game.moves import Arrange, Claim, Draw, End, Move, Place, Reveal, Take
from drako_rules.game.setup import reshuffle_rng
from drako_rules.kingdom import Kingdom

#: The centre cells, in the order an arrangement fills them (R2.5).
CENTRE = (5, 6, 9, 10)


class Refused(Exception):
    """The move breaks ``rule``."""

    def __init__(self, rule: str) -> None:
        super().__init__(rule)
        self.rule = rule


def _out_of_turn(state: GameState, move: Move) -> str | None:
    """The rule a move of the wrong kind for the phase breaks, or None if the phase allows it."""
    phase = state.phase
    if phase is Phase.OVER:
        return "R7.1"
    if phase is Phase.ARRANGE:
        return None if isinstance(move, Arrange) else "R2.5"
    if isinstance(move, Arrange):
        return "R2.5"
    if phase is Phase.BEFORE_CARD:
        if isinstance(move, Claim | Take | Draw):
            return None
        return "R3.1" if isinstance(move, End) else "R3.3"
    if phase is Phase.DRAWN:
        if isinstance(move, Place | Reveal):
            return None
        return "R6.1" if isinstance(move, Claim) else "R3.3"
    return None if isinstance(move, Claim | End) else "R3.1"  # AFTER_CARD


def after(state: GameState, move: Move) -> dict[str, Any]:
    """The public fields of the state after ``move``.

    Raises:
        Refused: the move is not legal now, with the rule it breaks.
    """
    rule = _out_of_turn(state, move)
    if rule is not None:
        raise Refused(rule)
    seat = state.current_player
    n = len(state.players)
    fields: dict[str, Any] = {
        "players": list(state.players),
        "current_player": seat,
        "phase": state.phase,
        "turn": state.turn,
        "draw_pile": list(state.draw_pile),
        "discard_pile": list(state.discard_pile),
        "legend_row": list(state.legend_row),
        "legend_deck": list(state.legend_deck),
        "hidden": [list(h) for h in state.hidden],
        "drawn": state.drawn,
        "claimed_this_turn": state.claimed_this_turn,
        "reshuffles": state.reshuffles,
    }
    me = state.players[seat]
    if isinstance(move, Arrange):  # R2.5, R2.6
        cells: list[Card | None] = [None] * 16
        for cell, index in zip(CENTRE, move.order, strict=True):
            cells[cell] = me.hand[index]
        fields["players"][seat] = PlayerState(Kingdom(cells), me.legends, ())
        following = (seat + 1) % n
        fields["current_player"] = following
        if following == state.first_player:
            fields["discard_pile"] = [fields["draw_pile"].pop()]
            fields["phase"], fields["turn"] = Phase.BEFORE_CARD, 1
        return _frozen(fields)
    if isinstance(move, Claim):  # R6.1-R6.3, R6.5
        legend = move.legend
        if state.claimed_this_turn:
            raise Refused("R6.1")
        if legend not in state.legend_row:
            owned = any(legend in p.legends for p in state.players)
            raise Refused("R6.3" if owned else "R6.1")
        if legend not in reference.legends_met(me.kingdom, state.ruleset.name):
            raise Refused("R6.1")
        row: list[Legend] = fields["legend_row"]
        slot = row.index(legend)
        if fields["legend_deck"]:
            row[slot] = fields["legend_deck"].pop()
        else:
            del row[slot]
        fields["players"][seat] = PlayerState(me.kingdom, (*me.legends, legend), me.hand)
        if state.phase is Phase.AFTER_CARD:
            fields["current_player"] = (seat + 1) % n
            fields["phase"], fields["turn"] = Phase.BEFORE_CARD, state.turn + 1
            fields["claimed_this_turn"] = False
        else:
            fields["claimed_this_turn"] = True
        return _frozen(fields)
    if isinstance(move, End):  # R6.5
        fields["current_player"] = (seat + 1) % n
        fields["phase"], fields["turn"] = Phase.BEFORE_CARD, state.turn + 1
        fields["claimed_this_turn"] = False
        return _frozen(fields)
    if isinstance(move, Draw):  # R3.3, R3.5
        pile: list[Card] = fields["draw_pile"]
        discard: list[Card] = fields["discard_pile"]
        if not pile:
            if len(discard) < 2:
                raise Refused("R3.5")
            pile = discard[:-1]
            reshuffle_rng(state.seed, state.reshuffles).shuffle(pile)
            fields["discard_pile"] = discard[-1:]
            fields["reshuffles"] = state.reshuffles + 1
        fields["drawn"] = pile.pop()
        fields["draw_pile"] = pile
        fields["phase"] = Phase.DRAWN
        return _frozen(fields)
    assert isinstance(move, Take | Place | Reveal)
    i = move.position.index
    cells = list(me.kingdom.cells)
    hidden: list[Card | None] = fields["hidden"][seat]
    if isinstance(move, Reveal):  # R3.3
        if cells[i] is not None:
            raise Refused("R3.3")
        assert state.drawn is not None
        fields["discard_pile"].append(state.drawn)
        cells[i], hidden[i] = hidden[i], None
    else:  # R3.2, R3.3, R3.4
        card = state.discard_pile[-1] if isinstance(move, Take) else state.drawn
        assert card is not None
        old = cells[i]
        if old in (Card.DRAGON, Card.PORTAL):
            raise Refused("R3.4b")
        if old is card:
            raise Refused("R3.4c")
        if old is None:  # R3.4d
            old, hidden[i] = hidden[i], None
        if isinstance(move, Take):
            fields["discard_pile"][-1] = old
        else:
            fields["discard_pile"].append(old)
        cells[i] = card
    kingdom = Kingdom(cells)
    fields["players"][seat] = PlayerState(kingdom, me.legends, me.hand)
    fields["drawn"] = None
    if None not in cells:  # R7.1, R7.2
        fields["phase"] = Phase.OVER
        for s, (player, under) in enumerate(zip(fields["players"], fields["hidden"], strict=True)):
            shown = [c if c is not None else u for c, u in zip(player.kingdom, under, strict=True)]
            fields["players"][s] = PlayerState(Kingdom(shown), player.legends, player.hand)
            fields["hidden"][s] = [None] * 16
        return _frozen(fields)
    met = reference.legends_met(kingdom, state.ruleset.name)
    if not state.claimed_this_turn and met & set(state.legend_row):  # R6.1, R6.5
        fields["phase"] = Phase.AFTER_CARD
    else:
        fields["current_player"] = (seat + 1) % n
        fields["phase"], fields["turn"] = Phase.BEFORE_CARD, state.turn + 1
    fields["claimed_this_turn"] = False
    return _frozen(fields)


def _frozen(fields: dict[str, Any]) -> dict[str, Any]:
    """The fields as a state holds them: tuples."""
    frozen = dict(fields)
    for name in ("players", "draw_pile", "discard_pile", "legend_row", "legend_deck"):
        frozen[name] = tuple(fields[name])
    frozen["hidden"] = tuple(tuple(h) for h in fields["hidden"])
    return frozen
