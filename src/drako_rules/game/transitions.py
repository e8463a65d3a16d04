"""The rules of play as pure functions (R3, R6, R7): [`legal_moves`][drako_rules.game.transitions.legal_moves], [`apply_move`][drako_rules.game.transitions.apply_move].

Both take a [`GameState`][drako_rules.game.state.GameState] and never change it; [`apply_move`][drako_rules.game.transitions.apply_move]
returns a new state that shares every unchanged part with the old one.

Rulings on the corners of R3, R6 and R7 (each is also tested):

- **Drawing is always possible at the start of a turn.** Every Kingdom holds 16 cards
  once arranged, so the draw pile and the discard pile hold together
  ``deck − 16·players`` cards (8, 12 or 16, R1.3) at the start of every turn: either
  the draw pile has a card, or the discard pile has more than one and is reshuffled
  (R3.5). The case "neither draw nor take" of R3.5 cannot arise; should a state built
  by hand reach it, [`Draw`][drako_rules.game.moves.Draw] is simply not legal.
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
  [`End`][drako_rules.game.moves.End] declines it. Otherwise the next player's turn starts at once.
- **End of the game (R7).** When a card action (take, place, or reveal) leaves the
  player's Kingdom with no Unexplored Land, the game ends at once: no Legend for that
  player after the action, every other Unexplored Land of every player is revealed
  (R7.2), and [`legal_moves`][drako_rules.game.transitions.legal_moves] is empty from then on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NoReturn, TypeVar

from drako_rules._kernel.board import (
    CARD_OF_CODE,
    CENTRE_CELLS,
    CODE_OF_LETTER,
    LEGEND_BIT_OF_ID,
    UNEXPLORED,
    legend_mask,
)
from drako_rules._kernel.turns import can_draw, open_cells, reshuffle_split
from drako_rules.cards import Card
from drako_rules.errors import GameError, IllegalMoveError, InvalidMoveError, expect
from drako_rules.game.moves import (
    ARRANGE_MOVES,
    CLAIM_MOVES,
    DRAW,
    END,
    PLACE_MOVES,
    REVEAL_MOVES,
    TAKE_MOVES,
    Arrange,
    Claim,
    Draw,
    End,
    Move,
    Place,
    Reveal,
    Take,
)
from drako_rules.game.setup import reshuffle_rng, shuffle
from drako_rules.game.state import (
    NO_HIDDEN,
    GameState,
    Phase,
    PlayerState,
    player_state,
    successor_function,
)
from drako_rules.kingdom import Kingdom, Position
from drako_rules.legends import legends_mask
from drako_rules.scoring import Ranking, ScoreSheet, ranking, score

__all__ = [
    "apply_move",
    "final_ranking",
    "final_scores",
    "legal_moves",
]

_DRAGON: Final = Card.DRAGON.index
_PORTAL: Final = Card.PORTAL.index

_BEFORE: Final = Phase.BEFORE_CARD
_DRAWN: Final = Phase.DRAWN
_AFTER: Final = Phase.AFTER_CARD
_OVER: Final = Phase.OVER
_ARRANGE: Final = Phase.ARRANGE
_END_ONLY: Final[tuple[Move, ...]] = (END,)

T = TypeVar("T")


# --- small tables, filled on demand ------------------------------------------------------


class _MovesOfMask(dict[int, tuple[Move, ...]]):
    """``table[mask]``: the moves of ``moves`` (one per cell, or per Legend) whose bit is in
    ``mask``, in order, followed by ``then``; each entry built on first use (at most
    2**16 of them). A dictionary filled by ``__missing__``: a hit is one look-up, no
    Python call."""

    def __init__(self, moves: tuple[Move, ...], then: tuple[Move, ...] = ()) -> None:
        super().__init__()
        self.moves = moves
        self.then = then

    def __missing__(self, mask: int) -> tuple[Move, ...]:
        moves = self.moves
        found = self[mask] = (*(m for i, m in enumerate(moves) if mask >> i & 1), *self.then)
        return found


_TAKES: Final = _MovesOfMask(TAKE_MOVES)
_TAKES_AND_DRAW: Final = _MovesOfMask(TAKE_MOVES, then=(DRAW,))
_PLACES: Final = _MovesOfMask(PLACE_MOVES)
_REVEALS: Final = _MovesOfMask(REVEAL_MOVES)
#: ``_CLAIMS[mask]``: the Claim moves of the Legends of a mask (bit i for the i-th Legend,
#: as in the action space), in id order (R6.1); at most 2**15 entries.
_CLAIMS: Final = _MovesOfMask(CLAIM_MOVES)


def _open_cells(kingdom: Kingdom, card: Card) -> int:
    """The cells where ``card`` may replace what lies there, as a mask (R3.4b–d).

    Not a revealed Dragon or Portal (R3.4b), nor a revealed card of the same kind
    (R3.4c); any Unexplored Land (R3.4d).
    """
    return open_cells(kingdom.masks, CODE_OF_LETTER[card._value_])


# --- legal moves -----------------------------------------------------------------------------


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal decision of the player to move, in increasing action-id order.

    By phase (see [`Phase`][drako_rules.game.state.Phase]):

    - ``ARRANGE``: the 24 arrangements of the starting cards (R2.5);
    - ``BEFORE_CARD``: each Legend of the row the Kingdom meets, unless one was claimed
      this turn (R6.1); taking the discard pile's top onto each legal position (R3.2,
      R3.4); drawing, unless the draw pile is empty and the discard pile holds one card
      (R3.5);
    - ``DRAWN``: placing the drawn card on each legal position (R3.4), discarding it and
      revealing each Unexplored Land (R3.3);
    - ``AFTER_CARD``: each Legend of the row the Kingdom meets, and ending the turn (R6.1);
    - ``OVER``: nothing (R7.1).

    The moves are the prebuilt instances of [`MOVES`][drako_rules.game.moves.MOVES].

    Examples:
        >>> from drako_rules import new_game
        >>> len(legal_moves(new_game(2, seed=1)))
        24
    """
    isinstance(state, GameState) or expect(state, GameState, "a GameState", "see new_game")
    phase = state.phase
    if phase is _BEFORE:
        seat = state.current_player
        discard = state.discard_pile
        cells = _open_cells(state.players[seat].kingdom, discard[-1])
        if can_draw(len(state.draw_pile), len(discard)):  # R3.5
            moves = _TAKES_AND_DRAW[cells]
        else:
            moves = _TAKES[cells]
        if not state.claimed_this_turn:
            claimable = state.met_masks[seat] & state.row_mask
            if claimable:
                return _CLAIMS[claimable] + moves
        return moves
    if phase is _DRAWN:
        kingdom = state.players[state.current_player].kingdom
        assert state.drawn is not None
        return _PLACES[_open_cells(kingdom, state.drawn)] + _REVEALS[kingdom.masks[UNEXPLORED]]
    if phase is _AFTER:
        return _CLAIMS[state.met_masks[state.current_player] & state.row_mask] + _END_ONLY
    if phase is _ARRANGE:
        return ARRANGE_MOVES
    return ()


# --- errors ----------------------------------------------------------------------------------


def _out_of_turn(state: GameState, move: Move) -> NoReturn:
    """Raise the error for a move of a kind the current phase does not allow."""
    who = f"player {state.current_player}"
    phase = state.phase
    if phase is _OVER:
        raise IllegalMoveError(f"{move} is not allowed: the game is over (R7.1)", rule="R7.1")
    if phase is _ARRANGE:
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
    if phase is _DRAWN:
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
    if phase is _BEFORE:
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


def _refuse_replace(kingdom: Kingdom, position: Position, card: Card, how: str) -> NoReturn:
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


# --- transitions -----------------------------------------------------------------------------
# Each builds its state with one of the engine's transition shapes below: ``successor``
# for the fields that change, by name, made straight-line by ``successor_function``. The
# derived masks change with what they derive from (``row_mask`` with the legend row,
# ``met_masks`` with a Kingdom).
_with_card_action: Final = successor_function(
    "players", "phase", "discard_pile", "hidden", "drawn", "met_masks"
)
_with_card_action_next_turn: Final = successor_function(
    "players",
    "current_player",
    "phase",
    "turn",
    "discard_pile",
    "hidden",
    "drawn",
    "claimed_this_turn",
    "met_masks",
)
_with_arrangement: Final = successor_function("players", "current_player", "met_masks")
_with_first_turn: Final = successor_function(
    "players", "current_player", "phase", "turn", "draw_pile", "discard_pile", "met_masks"
)
_with_claim_next_turn: Final = successor_function(
    "players",
    "current_player",
    "phase",
    "turn",
    "legend_row",
    "legend_deck",
    "claimed_this_turn",
    "row_mask",
)
_with_claim: Final = successor_function(
    "players", "legend_row", "legend_deck", "claimed_this_turn", "row_mask"
)
_with_draw: Final = successor_function("phase", "draw_pile", "discard_pile", "drawn", "reshuffles")
_with_next_turn: Final = successor_function("current_player", "phase", "turn", "claimed_this_turn")


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


def _end_game(
    s: GameState,
    players: tuple[PlayerState, ...],
    discard_pile: tuple[Card, ...],
    hidden: tuple[tuple[Card | None, ...], ...],
) -> GameState:
    """The game over (R7.1): every remaining Unexplored Land revealed (R7.2)."""
    revealed = []
    for player, cells in zip(players, hidden, strict=True):
        if cells is NO_HIDDEN or cells == NO_HIDDEN:
            revealed.append(player)
            continue
        kingdom = Kingdom(
            tuple(
                [
                    c if c is not None else h
                    for c, h in zip(player.kingdom.cells, cells, strict=True)
                ]
            )
        )
        revealed.append(PlayerState(kingdom, player.legends, player.hand))
    ruleset = s.ruleset
    return _with_card_action(
        s,
        players=tuple(revealed),
        phase=_OVER,
        discard_pile=discard_pile,
        hidden=(NO_HIDDEN,) * len(players),
        drawn=None,
        met_masks=tuple(legends_mask(p.kingdom, ruleset) for p in revealed),
    )


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
    # The seat's entries of the players and of the met Legends change: each a list copy
    # changed at the seat, as a tuple (what _with_seat does, written out: one of the
    # engine's most frequent steps, and two calls fewer).
    players_at = [*s.players]
    player = players_at[seat]
    players_at[seat] = player_state(kingdom, player.legends, player.hand)
    players = tuple(players_at)
    if not kingdom.masks[UNEXPLORED]:  # R7.1: no Unexplored Land left, the game ends at once.
        return _end_game(s, players, discard_pile, hidden)
    # R6.4: only the Legends of the kinds that left and entered cell i are checked again.
    changed = 1 << before.codes[i] | 1 << kingdom.codes[i]
    met_at = [*s.met_masks]
    met = met_at[seat] = legends_mask(kingdom, s.ruleset, changed, met_at[seat])
    met_masks = tuple(met_at)
    if not s.claimed_this_turn and met & s.row_mask:  # R6.1: a Legend may be claimed.
        return _with_card_action(
            s,
            players=players,
            phase=_AFTER,
            discard_pile=discard_pile,
            hidden=hidden,
            drawn=None,
            met_masks=met_masks,
        )
    return _with_card_action_next_turn(  # the next player's turn, in seat order (R2.7)
        s,
        players=players,
        current_player=(seat + 1) % len(players),
        phase=_BEFORE,
        turn=s.turn + 1,
        discard_pile=discard_pile,
        hidden=hidden,
        drawn=None,
        claimed_this_turn=False,
        met_masks=met_masks,
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
    if not _open_cells(kingdom, card) >> i & 1:
        _refuse_replace(kingdom, position, card, how)
    # The Kingdom's codes, not its cells: the code of cell i is what the Legends' update
    # below needs too, and the card it stands for is one table look-up (CARD_OF_CODE).
    code = kingdom.codes[i]
    hidden = s.hidden
    if code == UNEXPLORED:  # R3.4d: the Unexplored Land goes to the discard pile revealed.
        old = hidden[seat][i]
        hidden = _revealed_cell(hidden, seat, i)
    else:
        old = CARD_OF_CODE[code]
    assert old is not None
    if taken:
        pile = [*s.discard_pile]
        pile[-1] = old
        discard = tuple(pile)
    else:
        discard = (*s.discard_pile, old)
    return _after_card_action(s, kingdom, i, kingdom.replace(position, card), hidden, discard)


def _arrange(s: GameState, move: Move) -> GameState:
    """R2.5: the player's 4 starting cards go face up in the centre, as chosen."""
    if s.phase is not _ARRANGE:
        _out_of_turn(s, move)
    assert isinstance(move, Arrange)
    seat = s.current_player
    player = s.players[seat]
    cells: list[Card | None] = [None] * 16
    for cell, index in zip(CENTRE_CELLS, move.order, strict=True):
        cells[cell] = player.hand[index]
    kingdom = Kingdom(tuple(cells))
    players = _with_seat(s.players, seat, PlayerState(kingdom, player.legends))
    met_masks = _with_seat(s.met_masks, seat, legends_mask(kingdom, s.ruleset))
    following = (seat + 1) % len(players)
    if following != s.first_player:
        return _with_arrangement(s, players=players, current_player=following, met_masks=met_masks)
    # R2.6: with every Kingdom arranged, one card from the draw pile starts the discard pile.
    return _with_first_turn(
        s,
        players=players,
        current_player=following,
        phase=_BEFORE,
        turn=1,
        draw_pile=s.draw_pile[:-1],
        discard_pile=(s.draw_pile[-1],),
        met_masks=met_masks,
    )


def _claim(s: GameState, move: Move) -> GameState:
    """R6.1–R6.3: claim a Legend of the row whose requirement the revealed Kingdom meets."""
    phase = s.phase
    if phase is not _BEFORE and phase is not _AFTER:
        _out_of_turn(s, move)
    assert isinstance(move, Claim)
    seat = s.current_player
    legend = move.legend
    if s.claimed_this_turn:
        raise IllegalMoveError(
            f"{move} is not allowed: player {seat} already claimed a Legend this turn, and a "
            "player claims at most one per turn (R6.1)",
            rule="R6.1",
        )
    row = s.legend_row
    if legend not in row:
        owner = next((i for i, p in enumerate(s.players) if legend in p.legends), None)
        if owner is not None:
            raise IllegalMoveError(
                f"{move} is not allowed: {legend} was claimed by player {owner} and stays "
                "with that player (R6.3)",
                rule="R6.3",
            )
        raise IllegalMoveError(
            f"{move} is not allowed: {legend} is not in the legend row (R6.1)", rule="R6.1"
        )
    player = s.players[seat]
    if not s.met_masks[seat] & LEGEND_BIT_OF_ID[legend._value_]:
        raise IllegalMoveError(
            f"{move} is not allowed: the revealed Kingdom {player.kingdom} of player {seat} "
            f"does not meet {legend} ({legend.requirement}) (R6.1)",
            rule="R6.1",
        )
    slot = row.index(legend)
    deck = s.legend_deck
    if deck:  # R6.2, R6.5: the top of the legend deck takes the claimed Legend's slot.
        row = (*row[:slot], deck[-1], *row[slot + 1 :])
        deck = deck[:-1]
    else:
        row = (*row[:slot], *row[slot + 1 :])
    mine = player_state(player.kingdom, (*player.legends, legend), player.hand)
    players = _with_seat(s.players, seat, mine)
    if phase is _AFTER:  # nothing left to decide: the turn passes.
        return _with_claim_next_turn(
            s,
            players=players,
            current_player=(seat + 1) % len(players),
            phase=_BEFORE,
            turn=s.turn + 1,
            legend_row=row,
            legend_deck=deck,
            claimed_this_turn=False,
            row_mask=legend_mask(row),
        )
    return _with_claim(
        s,
        players=players,
        legend_row=row,
        legend_deck=deck,
        claimed_this_turn=True,
        row_mask=legend_mask(row),
    )


def _take(s: GameState, move: Move) -> GameState:
    """R3.2: take the top of the discard pile onto a legal position (R3.4)."""
    if s.phase is not _BEFORE:
        _out_of_turn(s, move)
    assert isinstance(move, Take)
    return _replace(s, move.position, s.discard_pile[-1], True, "taking the discarded")


def _draw(s: GameState, move: Move) -> GameState:
    """R3.3, R3.5: draw the top of the draw pile, reshuffling the discard pile if it is empty."""
    if s.phase is not _BEFORE:
        _out_of_turn(s, move)
    draw, discard, reshuffles = s.draw_pile, s.discard_pile, s.reshuffles
    if not draw:
        if not can_draw(0, len(discard)):
            raise IllegalMoveError(
                "draw is not allowed: the draw pile is empty and the discard pile has "
                f"{len(discard)} card, too few to reshuffle (R3.5)",
                rule="R3.5",
            )
        # R3.5: the discard pile except its top card becomes the new draw pile, shuffled.
        under, discard = reshuffle_split(discard)
        pile = list(under)
        shuffle(reshuffle_rng(s.seed, reshuffles), pile)
        draw, reshuffles = tuple(pile), reshuffles + 1
    return _with_draw(
        s,
        phase=_DRAWN,
        draw_pile=draw[:-1],
        discard_pile=discard,
        drawn=draw[-1],
        reshuffles=reshuffles,
    )


def _place(s: GameState, move: Move) -> GameState:
    """R3.3, R3.4: place the drawn card on a legal position."""
    card = s.drawn
    if s.phase is not _DRAWN or card is None:
        _out_of_turn(s, move)
    assert isinstance(move, Place)
    return _replace(s, move.position, card, False, "placing the drawn")


def _reveal(s: GameState, move: Move) -> GameState:
    """R3.3: discard the drawn card face up and reveal one of the player's Unexplored Lands."""
    card = s.drawn
    if s.phase is not _DRAWN or card is None:
        _out_of_turn(s, move)
    assert isinstance(move, Reveal)
    seat = s.current_player
    position = move.position
    i = position.index
    kingdom = s.players[seat].kingdom
    if kingdom.codes[i] != UNEXPLORED:
        raise IllegalMoveError(
            f"{move} is not allowed: {position} holds a revealed {kingdom.cells[i]}, and only an "
            "Unexplored Land can be revealed (R3.3)",
            rule="R3.3",
        )
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
    """R6.1: end the turn after the card action without claiming a Legend."""
    if s.phase is not _AFTER:
        _out_of_turn(s, move)
    return _with_next_turn(
        s,
        current_player=(s.current_player + 1) % len(s.players),
        phase=_BEFORE,
        turn=s.turn + 1,
        claimed_this_turn=False,
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
            [`parse`][drako_rules.game.moves.Move.parse]).

    Examples:
        >>> from drako_rules import new_game, Move
        >>> state = new_game(2, seed=3)
        >>> for text in ("arrange 0123", "arrange 3210", "draw"):
        ...     state = apply_move(state, Move.parse(text))
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


# --- end of the game ---------------------------------------------------------------------------


def final_scores(state: GameState) -> tuple[ScoreSheet, ...]:
    """Every player's score sheet at the end of the game, by seat (R7.3, R5).

    Raises:
        GameError: the game is not over.
    """
    expect(state, GameState, "a GameState", "see new_game or replay")
    if not state.is_over:
        raise GameError("the game is not over: final scores come after R7.1 ends it (R7.3)")
    ruleset = state.ruleset
    return tuple(score(p.kingdom, p.legends, ruleset) for p in state.players)


def final_ranking(state: GameState) -> Ranking:
    """The places of the players at the end of the game, with the tie-breaks (R7.3, R5.6).

    Raises:
        GameError: the game is not over.
    """
    return ranking(final_scores(state))
