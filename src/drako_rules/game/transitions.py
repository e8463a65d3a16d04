"""The rules of play as pure functions (R3, R6, R7): `legal_moves`, `apply_move`.

Both take a `GameState` and never change it; `apply_move`
returns a new state that shares every unchanged part with the old one. The kernel decides
(``_kernel.play``, one transition per kind of move, on the state's packed form); this
module checks the arguments, hands the move to the kernel and says why a move is refused
(``game.refusals``).

Rulings on the corners of R3, R6 and R7 (each is also tested):

- **Drawing is always possible at the start of a turn.** Every Kingdom holds 16 cards
  once arranged, so the draw pile and the discard pile hold together
  ``deck − 16·players`` cards (8, 12 or 16, R1.3) at the start of every turn: either
  the draw pile has a card, or the discard pile has more than one and is reshuffled
  (R3.5). The case "neither draw nor take" of R3.5 cannot arise; should a state built
  by hand reach it, `Draw` is simply not legal.
- **A card always has a legal place.** Until the game ends the player's Kingdom has an
  Unexplored Land, and any card may replace one (R3.4d); so the discard pile's top can
  always be taken (R3.2) and a drawn card always placed (R3.3), and a drawn card can
  always be discarded with a reveal. A Kingdom without Unexplored Land ends the game at
  once (R7.1), so "discard with nothing to reveal" cannot happen either.
- **Order of the discard pile.** Taking removes the top card first, then the replaced
  card goes on top (R3.4a). Discarding a drawn card puts it on top, then the revealed
  Land stays in the Kingdom (R3.3). A replaced Unexplored Land goes to the discard pile
  revealed (R3.4d).
- **Legends (R6.1).** At most one per turn: before taking a card, or after the card
  action. Claiming before the card action leaves the player to take a card; claiming
  after it ends the turn. The claimed Legend's slot in the row is filled from the top of
  the legend deck, or the row shrinks (R6.2).
- **The turn passes by itself (R6.5).** After the card action the player is asked only if a
  Legend can still be claimed (none claimed this turn and one of the row is met); then
  `End` declines it. Otherwise the next player's turn starts at once.
- **End of the game (R7).** When a card action (take, place, or reveal) leaves the
  player's Kingdom with no Unexplored Land, the game ends at once: no Legend for that
  player after the action, every other Unexplored Land of every player is revealed
  (R7.2), and `legal_moves` is empty from then on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from drako_rules._kernel import deal, play
from drako_rules._kernel.board import LEGEND_INDEX
from drako_rules._kernel.play import Core
from drako_rules.errors import GameError, InvalidMoveError, quote
from drako_rules.game.ending import final_ranking, final_scores
from drako_rules.game.legal import legal_moves
from drako_rules.game.moves import Arrange, Claim, Draw, End, Move, Place, Reveal, Take
from drako_rules.game.refusals import refuse
from drako_rules.game.setup import reshuffle_rng
from drako_rules.game.state import GameState, kernel_state, state_of_kernel

__all__ = [
    "apply_move",
    "final_ranking",
    "final_scores",
    "legal_moves",
]


# --- each kind of move, handed to the kernel's transition -------------------------------------


def _arrange(c: Core, move: Move) -> Core | int:
    """R2.5, R2.6 (``_kernel.play.arrange``)."""
    assert isinstance(move, Arrange)
    return play.arrange(c, move.order)


def _claim(c: Core, move: Move) -> Core | int:
    """R6.1–R6.3, R6.5 (``_kernel.play.claim``)."""
    assert isinstance(move, Claim)
    return play.claim(c, LEGEND_INDEX[move.legend])


def _take(c: Core, move: Move) -> Core | int:
    """R3.2, R3.4 (``_kernel.play.take``)."""
    assert isinstance(move, Take)
    return play.take(c, move.position.index)


def _draw(c: Core, move: Move) -> Core | int:
    """R3.3, R3.5 (``_kernel.play.draw``): the cards a reshuffle needs are shuffled here,
    with the game's seeded shuffle (R2.8)."""
    under = play.needs_reshuffle(c)
    if under:
        pile = [*under]
        game = c[play.GAME]
        deal.shuffle(reshuffle_rng(game[play.SEED], c[play.RESHUFFLES]).getrandbits, pile)
        under = tuple(pile)
    return play.draw(c, under)


def _place(c: Core, move: Move) -> Core | int:
    """R3.3, R3.4 (``_kernel.play.place``)."""
    assert isinstance(move, Place)
    return play.place(c, move.position.index)


def _reveal(c: Core, move: Move) -> Core | int:
    """R3.3 (``_kernel.play.reveal``)."""
    assert isinstance(move, Reveal)
    return play.reveal(c, move.position.index)


def _end(c: Core, move: Move) -> Core | int:
    """R6.1, R6.5 (``_kernel.play.end``)."""
    return play.end(c)


_HANDLERS: Final[dict[type, Callable[[Core, Move], Core | int]]] = {
    Arrange: _arrange,
    Claim: _claim,
    Take: _take,
    Draw: _draw,
    Place: _place,
    Reveal: _reveal,
    End: _end,
}


def apply_move(state: GameState, move: Move) -> GameState:
    """The state after the player to move makes ``move``; ``state`` itself never changes.

    Raises:
        IllegalMoveError: the rules forbid the move now; ``rule`` names the rule it breaks
            (``"R3.4b"``, ``"R3.4c"``, ``"R6.1"``, ``"R7.1"``, ...) and the message the
            position and cards concerned.
        InvalidMoveError: ``move`` is not a move at all (parse text with
            `Move.parse`).

    Examples:
        >>> from drako_rules import new_game, Move
        >>> state = new_game(2, seed=3)
        >>> for text in ("arrange 0123", "arrange 3210", "draw"):
        ...     state = apply_move(state, Move.parse(text))
        ...
        >>> state.phase.value, state.drawn is not None
        ('drawn', True)
        >>> apply_move(state, Move.parse("end"))
        Traceback (most recent call last):
        ...
        drako_rules.errors.IllegalMoveError: end is not allowed: player 0 drew a ... (R3.3)
    """
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise InvalidMoveError(
            f"apply_move takes a Move (Move.parse reads the text form), not {quote(move)}"
        )
    if type(state) is not GameState:
        raise GameError(f"apply_move takes a GameState, not {type(state).__name__}")
    after = handler(kernel_state(state), move)
    if isinstance(after, int):
        refuse(state, move, after)
    return state_of_kernel(after)
