"""The rules of play as pure functions (R3, R6, R7): `legal_moves`, `apply_move`.

Both take a `GameState` and never change it; `apply_move`
returns a new state that shares every unchanged part with the old one.

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
from typing import Final, TypeVar

from drako_rules._kernel.board import (
    CARD_OF_CODE,
    CENTRE_CELLS,
    CODE_OF_LETTER,
    LEGEND_BIT_OF_ID,
    UNEXPLORED,
    legend_mask,
)
from drako_rules._kernel.turns import (
    AFTER_CARD,
    OVER,
    after_card_action,
    can_draw,
    discard_replaced,
    next_seat,
    open_cells,
    refill_row,
    reshuffle_split,
)
from drako_rules.cards import Card
from drako_rules.errors import GameError, InvalidMoveError
from drako_rules.game.ending import ended, final_ranking, final_scores
from drako_rules.game.legal import legal_moves
from drako_rules.game.moves import Arrange, Claim, Draw, End, Move, Place, Reveal, Take
from drako_rules.game.refusals import (
    refuse_claim_again,
    refuse_claim_outside_row,
    refuse_claim_unmet,
    refuse_draw,
    refuse_out_of_turn,
    refuse_replace,
    refuse_reveal,
)
from drako_rules.game.setup import reshuffle_rng, shuffle
from drako_rules.game.state import GameState, Phase, PlayerState
from drako_rules.kingdom import Kingdom, Position
from drako_rules.legends import legends_mask

__all__ = [
    "apply_move",
    "final_ranking",
    "final_scores",
    "legal_moves",
]

_BEFORE: Final = Phase.BEFORE_CARD
_DRAWN: Final = Phase.DRAWN
_AFTER: Final = Phase.AFTER_CARD
_ARRANGE: Final = Phase.ARRANGE

T = TypeVar("T")


def _with_seat(items: tuple[T, ...], seat: int, item: T) -> tuple[T, ...]:
    """``items`` with ``item`` at ``seat``: a list copy changed in one place, as a tuple
    (cheaper than joining two slices around it)."""
    changed = [*items]
    changed[seat] = item
    return tuple(changed)


def _revealed_cell(
    hidden: tuple[tuple[Card | None, ...], ...], seat: int, i: int
) -> tuple[tuple[Card | None, ...], ...]:
    """``hidden`` with cell ``i`` of the Kingdom at ``seat`` no longer hiding a card (R2.4)."""
    cells = [*hidden[seat]]
    cells[i] = None
    kingdoms = [*hidden]
    kingdoms[seat] = tuple(cells)
    return tuple(kingdoms)


# --- transitions -----------------------------------------------------------------------------
# Each builds the next state with ``GameState``, its fields in order (ruleset, seed,
# first_player, players, current_player, phase, turn, draw_pile, discard_pile, legend_row,
# legend_deck, hidden, drawn, claimed_this_turn, reshuffles), and hands over the derived
# masks ``(row_mask, met_masks)``, kept true here: ``row_mask`` changes with the legend row,
# ``met_masks`` with a Kingdom.


def _after_card_action(
    s: GameState,
    before: Kingdom,
    i: int,
    kingdom: Kingdom,
    hidden: tuple[tuple[Card | None, ...], ...],
    discard_pile: tuple[Card, ...],
) -> GameState:
    """The state after the card action of the player to move changed cell ``i`` of their
    Kingdom ``before`` and left ``kingdom`` (R3, R6.1, R7.1); a card action leaves the draw
    pile as it is (a drawn card left it before, R3.3)."""
    seat = s.current_player
    player = s.players[seat]
    players = _with_seat(s.players, seat, PlayerState(kingdom, player.legends, player.hand))
    # R6.4: only the Legends of the kinds that left and entered cell i are checked again.
    changed = 1 << before.codes[i] | 1 << kingdom.codes[i]
    met_at = [*s.met_masks]
    met = met_at[seat] = legends_mask(kingdom, s.ruleset, changed, met_at[seat])
    row_mask = s.row_mask
    code, to_move = after_card_action(
        kingdom.masks, s.claimed_this_turn, met & row_mask, seat, len(players)
    )
    if code == OVER:  # R7.1: the game ends at once.
        return ended(s, players, discard_pile, hidden)
    phase, turn = (_AFTER, s.turn) if code == AFTER_CARD else (_BEFORE, s.turn + 1)
    met_masks = tuple(met_at)
    return GameState(
        s.ruleset,
        s.seed,
        s.first_player,
        players,
        to_move,
        phase,
        turn,
        s.draw_pile,
        discard_pile,
        s.legend_row,
        s.legend_deck,
        hidden,
        None,
        False,  # R6.1: no Legend claimed yet when the player still decides
        s.reshuffles,
        derived=(row_mask, met_masks),
    )


def _replace(s: GameState, position: Position, card: Card, taken: bool, how: str) -> GameState:
    """Put ``card`` on ``position`` if it may go there (R3.4b–d, the cells ``legal_moves``
    offers); the replaced card goes on top of the discard pile (R3.4a, d).

    ``taken``: ``card`` is the top of the discard pile, taken from it (R3.2); the replaced
    card takes its place on top (one copy of the pile, where taking the top and putting a
    card back made two).
    """
    seat = s.current_player
    kingdom = s.players[seat].kingdom
    i = position.index
    if not open_cells(kingdom.masks, CODE_OF_LETTER[card._value_]) >> i & 1:
        refuse_replace(kingdom, position, card, how)
    # The Kingdom's codes, not its cells: the code of cell i is what the Legends' update
    # needs too, and the card it stands for is one table look-up (CARD_OF_CODE).
    code = kingdom.codes[i]
    hidden = s.hidden
    if code == UNEXPLORED:  # R3.4d: the Unexplored Land goes to the discard pile revealed.
        old = hidden[seat][i]
        hidden = _revealed_cell(hidden, seat, i)
    else:
        old = CARD_OF_CODE[code]
    assert old is not None
    discard = discard_replaced(s.discard_pile, old, taken)  # R3.4a
    return _after_card_action(s, kingdom, i, kingdom.replace(position, card), hidden, discard)


def _arrange(s: GameState, move: Move) -> GameState:
    """R2.5: the player's 4 starting cards go face up in the centre, as chosen."""
    if s.phase is not _ARRANGE:
        refuse_out_of_turn(s, move)
    assert isinstance(move, Arrange)
    seat = s.current_player
    player = s.players[seat]
    cells: list[Card | None] = [None] * 16
    for cell, index in zip(CENTRE_CELLS, move.order, strict=True):
        cells[cell] = player.hand[index]
    kingdom = Kingdom(tuple(cells))
    players = _with_seat(s.players, seat, PlayerState(kingdom, player.legends))
    masks = (s.row_mask, _with_seat(s.met_masks, seat, legends_mask(kingdom, s.ruleset)))
    following = next_seat(seat, len(players))
    draw, discard, turn = s.draw_pile, s.discard_pile, s.turn
    phase: Phase = s.phase
    if following == s.first_player:
        # R2.6: with every Kingdom arranged, one card from the draw pile starts the
        # discard pile, and the first turn begins.
        draw, discard, phase, turn = draw[:-1], (draw[-1],), _BEFORE, 1
    return GameState(
        s.ruleset,
        s.seed,
        s.first_player,
        players,
        following,
        phase,
        turn,
        draw,
        discard,
        s.legend_row,
        s.legend_deck,
        s.hidden,
        s.drawn,
        s.claimed_this_turn,
        s.reshuffles,
        derived=masks,
    )


def _claim(s: GameState, move: Move) -> GameState:
    """R6.1–R6.3: claim a Legend of the row whose requirement the revealed Kingdom meets."""
    phase = s.phase
    if phase is not _BEFORE and phase is not _AFTER:
        refuse_out_of_turn(s, move)
    assert isinstance(move, Claim)
    seat = s.current_player
    legend = move.legend
    if s.claimed_this_turn:
        refuse_claim_again(move, seat)
    row = s.legend_row
    if legend not in row:
        refuse_claim_outside_row(s, move, legend)
    player = s.players[seat]
    if not s.met_masks[seat] & LEGEND_BIT_OF_ID[legend._value_]:
        refuse_claim_unmet(move, player.kingdom, seat, legend)
    row, deck = refill_row(row, s.legend_deck, row.index(legend))  # R6.2
    mine = PlayerState(player.kingdom, (*player.legends, legend), player.hand)
    players = _with_seat(s.players, seat, mine)
    if phase is _AFTER:  # nothing left to decide: the turn passes (R6.5).
        to_move, phase, turn, claimed = next_seat(seat, len(players)), _BEFORE, s.turn + 1, False
    else:
        to_move, turn, claimed = seat, s.turn, True
    return GameState(
        s.ruleset,
        s.seed,
        s.first_player,
        players,
        to_move,
        phase,
        turn,
        s.draw_pile,
        s.discard_pile,
        row,
        deck,
        s.hidden,
        s.drawn,
        claimed,
        s.reshuffles,
        derived=(legend_mask(row), s.met_masks),
    )


def _take(s: GameState, move: Move) -> GameState:
    """R3.2: take the top of the discard pile onto a legal position (R3.4)."""
    if s.phase is not _BEFORE:
        refuse_out_of_turn(s, move)
    assert isinstance(move, Take)
    return _replace(s, move.position, s.discard_pile[-1], True, "taking the discarded")


def _draw(s: GameState, move: Move) -> GameState:
    """R3.3, R3.5: draw the top of the draw pile, reshuffling the discard pile if it is empty."""
    if s.phase is not _BEFORE:
        refuse_out_of_turn(s, move)
    draw, discard, reshuffles = s.draw_pile, s.discard_pile, s.reshuffles
    if not draw:
        if not can_draw(0, len(discard)):
            refuse_draw(len(discard))
        # R3.5: the discard pile except its top card becomes the new draw pile, shuffled.
        under, discard = reshuffle_split(discard)
        pile = list(under)
        shuffle(reshuffle_rng(s.seed, reshuffles), pile)
        draw, reshuffles = tuple(pile), reshuffles + 1
    return GameState(
        s.ruleset,
        s.seed,
        s.first_player,
        s.players,
        s.current_player,
        _DRAWN,
        s.turn,
        draw[:-1],
        discard,
        s.legend_row,
        s.legend_deck,
        s.hidden,
        draw[-1],
        s.claimed_this_turn,
        reshuffles,
        derived=(s.row_mask, s.met_masks),
    )


def _place(s: GameState, move: Move) -> GameState:
    """R3.3, R3.4: place the drawn card on a legal position."""
    card = s.drawn
    if s.phase is not _DRAWN or card is None:
        refuse_out_of_turn(s, move)
    assert isinstance(move, Place)
    return _replace(s, move.position, card, False, "placing the drawn")


def _reveal(s: GameState, move: Move) -> GameState:
    """R3.3: discard the drawn card face up and reveal one of the player's Unexplored Lands."""
    card = s.drawn
    if s.phase is not _DRAWN or card is None:
        refuse_out_of_turn(s, move)
    assert isinstance(move, Reveal)
    seat = s.current_player
    position = move.position
    i = position.index
    kingdom = s.players[seat].kingdom
    if kingdom.codes[i] != UNEXPLORED:
        refuse_reveal(move, kingdom, position)
    hidden = s.hidden
    found = hidden[seat][i]
    hidden = _revealed_cell(hidden, seat, i)
    return _after_card_action(
        s,
        kingdom,
        i,
        kingdom.replace(position, found),
        hidden,
        (*s.discard_pile, card),
    )


def _end(s: GameState, move: Move) -> GameState:
    """R6.1, R6.5: end the turn after the card action without claiming a Legend."""
    if s.phase is not _AFTER:
        refuse_out_of_turn(s, move)
    return GameState(
        s.ruleset,
        s.seed,
        s.first_player,
        s.players,
        next_seat(s.current_player, len(s.players)),
        _BEFORE,
        s.turn + 1,
        s.draw_pile,
        s.discard_pile,
        s.legend_row,
        s.legend_deck,
        s.hidden,
        s.drawn,
        False,
        s.reshuffles,
        derived=(s.row_mask, s.met_masks),
    )


_HANDLERS: Final[dict[type, Callable[[GameState, Move], GameState]]] = {
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
            f"apply_move takes a Move (Move.parse reads the text form), not {move!r}"
        )
    if type(state) is not GameState:
        raise GameError(f"apply_move takes a GameState, not {type(state).__name__}")
    return handler(state, move)
