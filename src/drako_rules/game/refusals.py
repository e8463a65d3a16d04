"""Why a move is refused (R2.5, R3, R6, R7): the engine's messages, each naming the rule
the move breaks. `apply_move` raises them;
a refused move changes nothing."""

from __future__ import annotations

from typing import NoReturn

from drako_rules._kernel import play
from drako_rules.cards import Card, Legend
from drako_rules.errors import IllegalMoveError
from drako_rules.game.moves import Arrange, Claim, End, Move, Place, Reveal, Take
from drako_rules.game.state import GameState, Phase
from drako_rules.kingdom import Kingdom, Position

__all__ = [
    "refuse",
    "refuse_claim_again",
    "refuse_claim_outside_row",
    "refuse_claim_unmet",
    "refuse_draw",
    "refuse_out_of_turn",
    "refuse_replace",
    "refuse_reveal",
]


def refuse_out_of_turn(state: GameState, move: Move) -> NoReturn:
    """Raise the error for a move of a kind the current phase does not allow."""
    who = f"player {state.current_player}"
    phase = state.phase
    if phase is Phase.OVER:
        raise IllegalMoveError(f"{move} is not allowed: the game is over (R7.1)", rule="R7.1")
    if phase is Phase.ARRANGE:
        raise IllegalMoveError(
            f"{move} is not allowed: {who} must first arrange the starting cards, such as "
            "'arrange 0123' (R2.5)",
            rule="R2.5",
        )
    if isinstance(move, Arrange):
        raise IllegalMoveError(
            f"{move} is not allowed: the starting cards are already arranged (R2.5)",
            rule="R2.5",
        )
    if phase is Phase.DRAWN:
        assert state.drawn is not None
        if isinstance(move, Claim):
            raise IllegalMoveError(
                f"{move} is not allowed now: a Legend is claimed before taking a card or after "
                f"the card action, and {who} still holds the drawn card (R6.1)",
                rule="R6.1",
            )
        raise IllegalMoveError(
            f"{move} is not allowed: {who} drew a {state.drawn} and must place it or discard "
            "it and reveal an Unexplored Land (R3.3)",
            rule="R3.3",
        )
    if phase is Phase.BEFORE_CARD:
        if isinstance(move, End):
            raise IllegalMoveError(
                f"{move} is not allowed: {who} must first take a card, from the discard pile "
                "or the draw pile (R3.1)",
                rule="R3.1",
            )
        raise IllegalMoveError(
            f"{move} is not allowed: {who} has drawn no card; draw first (R3.3)", rule="R3.3"
        )
    raise IllegalMoveError(
        f"{move} is not allowed: {who} already took a card this turn; claim a Legend or end "
        "the turn (R3.1)",
        rule="R3.1",
    )


def refuse_replace(kingdom: Kingdom, position: Position, card: Card, how: str) -> NoReturn:
    """Raise the error for ``card`` on ``position``, which it may not replace (R3.4b, R3.4c)."""
    old = kingdom.cells[position.index]
    if old is Card.DRAGON or old is Card.PORTAL:
        raise IllegalMoveError(
            f"{how} {card} on {position} is not allowed: the revealed {old} there can never "
            "be replaced (R3.4b)",
            rule="R3.4b",
        )
    raise IllegalMoveError(
        f"{how} {card} on {position} is not allowed: a revealed card cannot be replaced "
        f"by a card of the same kind, and {position} holds a {old} (R3.4c)",
        rule="R3.4c",
    )


def refuse_claim_again(move: Move, seat: int) -> NoReturn:
    """Raise the error for a second claim in one turn (R6.1)."""
    raise IllegalMoveError(
        f"{move} is not allowed: player {seat} already claimed a Legend this turn, and a "
        "player claims at most one per turn (R6.1)",
        rule="R6.1",
    )


def refuse_claim_outside_row(state: GameState, move: Move, legend: Legend) -> NoReturn:
    """Raise the error for a claim of a Legend that is not in the row: another player's
    (R6.3), or one not dealt yet (R6.1)."""
    owner = next((i for i, p in enumerate(state.players) if legend in p.legends), None)
    if owner is not None:
        raise IllegalMoveError(
            f"{move} is not allowed: {legend} was claimed by player {owner} and stays "
            "with that player (R6.3)",
            rule="R6.3",
        )
    raise IllegalMoveError(
        f"{move} is not allowed: {legend} is not in the legend row (R6.1)", rule="R6.1"
    )


def refuse_claim_unmet(move: Move, kingdom: Kingdom, seat: int, legend: Legend) -> NoReturn:
    """Raise the error for a claim of a Legend the revealed Kingdom does not meet (R6.1)."""
    raise IllegalMoveError(
        f"{move} is not allowed: the revealed Kingdom {kingdom} of player {seat} "
        f"does not meet {legend} ({legend.requirement}) (R6.1)",
        rule="R6.1",
    )


def refuse_draw(discard_pile: int) -> NoReturn:
    """Raise the error for a draw with too few cards to draw or reshuffle (R3.5)."""
    raise IllegalMoveError(
        "draw is not allowed: the draw pile is empty and the discard pile has "
        f"{discard_pile} card, too few to reshuffle (R3.5)",
        rule="R3.5",
    )


def refuse_reveal(move: Move, kingdom: Kingdom, position: Position) -> NoReturn:
    """Raise the error for a reveal of a cell that holds a revealed card (R3.3)."""
    raise IllegalMoveError(
        f"{move} is not allowed: {position} holds a revealed {kingdom.cells[position.index]}, "
        "and only an Unexplored Land can be revealed (R3.3)",
        rule="R3.3",
    )


def refuse(state: GameState, move: Move, why: int) -> NoReturn:
    """Raise the error for ``move``, which the kernel refused in ``state`` for the reason
    ``why`` (a refusal code of ``_kernel.play``): the message names the rule it breaks."""
    seat = state.current_player
    if why == play.NO_PLACE:  # R3.4b, R3.4c
        assert isinstance(move, Take | Place)
        if isinstance(move, Take):
            card, how = state.discard_pile[-1], "taking the discarded"
        else:
            assert state.drawn is not None
            card, how = state.drawn, "placing the drawn"
        refuse_replace(state.players[seat].kingdom, move.position, card, how)
    if why == play.NO_DRAW:
        refuse_draw(len(state.discard_pile))
    if why == play.NO_REVEAL:
        assert isinstance(move, Reveal)
        refuse_reveal(move, state.players[seat].kingdom, move.position)
    if why == play.CLAIMED_AGAIN:
        refuse_claim_again(move, seat)
    if why == play.NOT_IN_ROW:
        assert isinstance(move, Claim)
        refuse_claim_outside_row(state, move, move.legend)
    if why == play.UNMET:
        assert isinstance(move, Claim)
        refuse_claim_unmet(move, state.players[seat].kingdom, seat, move.legend)
    refuse_out_of_turn(state, move)
