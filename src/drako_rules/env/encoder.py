"""The fast encoder of observations: `ObservationEncoder`.

It gives the vectors of `observe` (R8), joined
from the pieces of `drako_rules.env.pieces`, and remembers what
it encoded last of each seat, of the discard pile and of the legend row: the engine hands
out the same objects again while they do not change, and a player's next Kingdom is most
often one card action away.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from drako_rules._kernel.board import CARD_OF_CODE, CARDS, CODES, LEGENDS
from drako_rules._kernel.play import FIRST
from drako_rules._kernel.turns import sees_drawn
from drako_rules.cards import Card, Legend, cards_per_kind
from drako_rules.env.layout import MAX_PLAYERS, OBSERVATION_SIZE
from drako_rules.env.pieces import (
    ABSENTS,
    CARD_UNIT,
    DECK_BYTES,
    DECK_TOP,
    FLAG_SETS,
    GAME_BYTES,
    GETTERS,
    KIND_OF,
    MAX_COUNT,
    NO_KIND,
    OTHER_RULESET,
    P_DECK,
    P_DISCARD,
    P_DISCARD_SIZE,
    P_DRAW,
    P_DRAWN,
    P_GAME,
    P_PHASE,
    P_ROW,
    P_SEATS,
    P_TURN,
    P_UNSEEN,
    PAIR,
    PAIR_BYTES,
    PAIR_UNIT,
    PHASE_FLAGS,
    PILE_BYTES,
    SEAT_FLAGS,
    SEAT_PIECES,
    TURN_BYTES,
    TURN_TOP,
    UNSEEN_BASE,
    discard_packed,
    legend_bytes,
    pile_cache,
    pile_counts,
    rest_bytes,
    row_bytes,
    scalar,
    unseen_bytes,
    unseen_cache,
)
from drako_rules.errors import GameError, quote
from drako_rules.game import GameState, Phase, PlayerState, PlayerView
from drako_rules.game.parts import PHASE_OF_CODE
from drako_rules.game.state import kernel_state

__all__ = ["ObservationEncoder"]

_OVER: Final = Phase.OVER
_CARD: Final = CARDS.__getitem__
_LEGEND: Final = LEGENDS.__getitem__
#: A new bytearray of the pieces joined (a bytearray: the array viewing it is writable).
_JOIN: Final = bytearray().join
_FLOAT32: Final = np.dtype(np.float32)
_NDARRAY: Final = np.ndarray


class ObservationEncoder:
    """Computes observations as `observation.observe` does,
    remembering what it encoded last to encode the next one faster.

    It keeps the pieces the last vector was joined from (the global entries, and each
    seat's flags, Kingdom rows, Legends and hand), and computes again only what differs in
    the next view: the flags when the turn passes, the pieces of a player whose state is
    not the same object as before (the engine hands out the same objects again while they
    do not change; of a changed player, only the Kingdom, or the Legends and hand, that
    is another object), the discard pile's and the legend row's entries when they are
    other objects (a discard pile one card away from the last is counted from it). A
    viewer's vector takes the seats in its own order. The vectors are those of
    ``observe``, whatever it remembers, and each call returns a new writable array. It is
    only quicker when the views come one after the other from one game, as in an
    environment, which holds its own encoder.

    An encoder is for one thread at a time (``observe`` keeps one per thread); a pickled
    or copied encoder starts afresh.

    Examples:
        >>> from drako_rules import new_game, player_view
        >>> from drako_rules.env import observe
        >>> state = new_game(2, seed=1)
        >>> encoder = ObservationEncoder()
        >>> (encoder.observe(player_view(state, 0)) == observe(player_view(state, 0))).all()
        np.True_
    """

    __slots__ = (
        "_base",
        "_current",
        "_deck",
        "_draw",
        "_first",
        "_hand_shown",
        "_hands",
        "_kingdom_shown",
        "_kingdoms",
        "_legends",
        "_n",
        "_pieces",
        "_pile",
        "_pile_codes",
        "_pile_packed",
        "_players",
        "_row",
        "_row_ids",
        "_ruleset",
        "_seen",
        "_shown",
        "_turn",
    )

    def __init__(self) -> None:
        self._start(0)

    def __reduce__(self) -> tuple[type[ObservationEncoder], tuple[()]]:
        """Pickled and copied as a new encoder: what it remembers is only a cache."""
        return (ObservationEncoder, ())

    def _start(self, n: int) -> None:
        """Forget everything and get ready for views of ``n``-player games (0: none yet)."""
        self._n = n
        pieces = [b""] * (P_SEATS + SEAT_PIECES * n + 1)
        pieces[P_DISCARD_SIZE] = PILE_BYTES[0]
        pieces[P_DISCARD] = pile_counts(0) + NO_KIND
        pieces[P_ROW] = legend_bytes(())
        pieces[-1] = ABSENTS[n]
        self._pieces = pieces
        self._players: tuple[PlayerState, ...] = ()
        # by seat: the objects last encoded there (None: nothing yet), the cards shown
        # (a Kingdom, or a state's cell codes; Legends or their indices; cards or codes)
        self._seen: list[PlayerState | None] = [None] * n
        self._kingdoms: list[object] = [None] * n
        self._legends: list[object] = [None] * n
        self._hands: list[object] = [None] * n
        self._kingdom_shown = [0] * n
        self._hand_shown = [0] * n
        self._shown = 0  # by all seats together
        self._base = UNSEEN_BASE.get(n, 0)
        self._current = self._first = -2
        # the turn, draw pile and legend deck sizes written (None: not yet)
        self._turn: int | None = None
        self._draw: int | None = None
        self._deck: int | None = None
        self._pile: tuple[Card, ...] = ()
        self._pile_packed = 0
        self._row: tuple[Legend, ...] = ()
        # the kernel's discard pile and legend row last encoded (None: a view's)
        self._pile_codes: tuple[int, ...] | None = None
        self._row_ids: tuple[int, ...] | None = None
        self._ruleset = ""

    def observe(self, view: object) -> npt.NDArray[np.float32]:
        """`observation.observe(view)`.

        Raises:
            GameError: ``view`` is not a PlayerView.
        """
        if type(view) is not PlayerView:
            raise GameError(f"observe takes a PlayerView (see player_view), not {quote(view)}")
        players = view.players
        n = self._ready(len(players))
        if players is not self._players:
            seen = self._seen
            for seat, player in enumerate(players):
                if player is not seen[seat]:
                    self._player(seat, player)
            self._players = players
        pile = view.discard_pile
        if pile is not self._pile:
            self._pile_codes = None
            self._discard(pile)
        legend_row = view.legend_row
        if legend_row is not self._row:
            self._row_ids = None
            self._legend_row(legend_row)
        phase = view.phase
        return self._encode(
            n,
            view.viewer % n,  # a view built by hand may hold any viewer
            phase,
            -1 if phase is _OVER else view.current_player,
            view.first_player,
            view.ruleset,
            view.draw_pile_size,
            view.legend_deck_size,
            view.drawn,
            view.claimed_this_turn,
            view.turn,
        )

    def observe_state(self, state: object, seat: object) -> npt.NDArray[np.float32]:
        """`observation.observe_state(state, seat)`, read from the kernel's state the
        ``GameState`` holds: its parts that did not change are the same objects from one
        state to the next, and only what changed is decoded.

        Raises:
            GameError: ``state`` is not a GameState, or ``seat`` not a seat of the game.
        """
        if type(state) is not GameState:
            raise GameError(f"observe_state takes a GameState, not {quote(state)}")
        (current, phase_code, turn, draw, discard, row, deck, codes, _masks, _hidden, claims,
         hands, drawn, claimed, _reshuffles, _row_mask, met, game) = kernel_state(state)  # fmt: skip
        n = len(met)
        # bool first: compiled, a value narrowed to int is read as a plain int (True is 1)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise GameError(
                f"the player is a seat from 0 to {n - 1} in a {n}-player game, not {quote(seat)}"
            )
        self._ready(n)
        kingdoms, legends, held = self._kingdoms, self._legends, self._hands
        for i in range(n):
            k = codes[i]
            if k is not kingdoms[i]:
                kingdoms[i] = k
                self._rows(
                    i,
                    k[0] * CODES + k[1],
                    k[2] * CODES + k[3],
                    k[4] * CODES + k[5],
                    k[6] * CODES + k[7],
                    k[8] * CODES + k[9],
                    k[10] * CODES + k[11],
                    k[12] * CODES + k[13],
                    k[14] * CODES + k[15],
                )
            ids, hand = claims[i], hands[i]
            if ids is not legends[i] or hand is not held[i]:
                legends[i], held[i] = ids, hand
                self._rest(i, tuple(map(_LEGEND, ids)), tuple(map(_CARD, hand)))
        if self._players:  # a view's players were encoded last: none of them is seen now
            self._players = ()
            self._seen = [None] * n
        if discard is not self._pile_codes:
            self._pile_codes = discard
            self._discard(tuple(map(_CARD, discard)))
        if row is not self._row_ids:
            self._row_ids = row
            self._legend_row(tuple(map(_LEGEND, row)))
        phase = PHASE_OF_CODE[phase_code]
        return self._encode(
            n,
            seat,
            phase,
            -1 if phase is _OVER else current,
            game[FIRST],
            state.ruleset.name,
            len(draw),
            len(deck),
            sees_drawn(seat, current, CARD_OF_CODE[drawn]),  # R8.3
            claimed,
            turn,
        )

    def _ready(self, n: int) -> int:
        """Get ready for a view of an ``n``-player game; return ``n``."""
        if n != self._n:
            if not 2 <= n <= MAX_PLAYERS:
                cards_per_kind(n)  # raises PlayerCountError: not 2 to 4 players (R1.3)
                raise AssertionError(n)  # pragma: no cover - cards_per_kind raised
            self._start(n)
        return n

    def _flags(self, current: int, first: int) -> None:
        """Write the three flags of every seat: in the game, to move, first (R2.7)."""
        n = self._n
        flags = FLAG_SETS.get((n, current, first))
        if flags is None:  # a seat out of the game's range (a view built by hand): none
            flags = tuple(SEAT_FLAGS[2 * (seat == current) + (seat == first)] for seat in range(n))
        self._pieces[P_SEATS : P_SEATS + SEAT_PIECES * n : SEAT_PIECES] = flags
        self._current, self._first = current, first

    def _player(self, seat: int, player: PlayerState) -> None:
        """Encode again the block of ``player`` at ``seat``, of its parts that are other
        objects than those last encoded there: the Kingdom (R4.1, R8.2), the Legends and
        the starting hand (R2.9)."""
        self._seen[seat] = player
        kingdom = player.kingdom
        if kingdom is not self._kingdoms[seat]:
            self._kingdoms[seat] = kingdom
            # The one read of a Kingdom's rows: its 4 row codes, top first, each two pairs
            # of cells (R4.1; a face-down cell shows no kind, R8.2).
            rows = kingdom.line_codes
            a0, b0 = divmod(rows[0], PAIR)
            a1, b1 = divmod(rows[1], PAIR)
            a2, b2 = divmod(rows[2], PAIR)
            a3, b3 = divmod(rows[3], PAIR)
            self._rows(seat, a0, b0, a1, b1, a2, b2, a3, b3)
        legends, hand = player.legends, player.hand
        if legends is not self._legends[seat] or hand is not self._hands[seat]:
            self._legends[seat], self._hands[seat] = legends, hand
            self._rest(seat, legends, hand)

    def _rows(
        self, seat: int, a0: int, b0: int, a1: int, b1: int, a2: int, b2: int, a3: int, b3: int
    ) -> None:
        """Write the Kingdom of ``seat`` from its 8 pairs of cells, two by row, top first
        (``PAIR_BYTES``: a face-down cell shows no kind, R8.2)."""
        pb = PAIR_BYTES
        self._pieces[P_SEATS + SEAT_PIECES * seat + 1] = b"".join(
            (pb[a0], pb[b0], pb[a1], pb[b1], pb[a2], pb[b2], pb[a3], pb[b3])
        )
        pu = PAIR_UNIT
        shown = pu[a0] + pu[b0] + pu[a1] + pu[b1] + pu[a2] + pu[b2] + pu[a3] + pu[b3]
        self._shown += shown - self._kingdom_shown[seat]
        self._kingdom_shown[seat] = shown

    def _rest(self, seat: int, legends: tuple[Legend, ...], hand: tuple[Card, ...]) -> None:
        """Write the Legends (R6.3) and the starting hand (R2.9) of ``seat``."""
        self._pieces[P_SEATS + SEAT_PIECES * seat + 2], shown = rest_bytes(legends, hand)
        self._shown += shown - self._hand_shown[seat]
        self._hand_shown[seat] = shown

    def _discard(self, pile: tuple[Card, ...]) -> None:
        """Write the discard pile (R2.6, R3.4a), counted from the last one."""
        pieces = self._pieces
        packed = self._pile_packed = discard_packed(pile, self._pile, self._pile_packed)
        self._pile = pile
        size = len(pile)
        pieces[P_DISCARD_SIZE] = PILE_BYTES[size if size <= MAX_COUNT else MAX_COUNT]
        pieces[P_DISCARD] = (pile_cache.get(packed) or pile_counts(packed)) + (
            KIND_OF[pile[-1]] if pile else NO_KIND
        )

    def _legend_row(self, legend_row: tuple[Legend, ...]) -> None:
        """Write the legend row (R2.2)."""
        self._row = legend_row
        self._pieces[P_ROW] = row_bytes(legend_row)

    def _encode(
        self,
        n: int,
        viewer: int,
        phase: Phase,
        current: int,
        first: int,
        ruleset: str,
        draw_size: int,
        deck_size: int,
        drawn: Card | None,
        claimed: int,
        turn: int,
    ) -> npt.NDArray[np.float32]:
        """The observation of ``viewer``, its players, discard pile and legend row written
        already, with these other fields of its view (``current`` is -1 once the game is
        over)."""
        pieces = self._pieces
        if current != self._current or first != self._first:
            self._flags(current, first)
        if ruleset is not self._ruleset:
            game = GAME_BYTES.get(ruleset)
            pieces[P_GAME] = OTHER_RULESET[n] if game is None else game[n]
            self._ruleset = ruleset
        # What the viewer has seen of each kind: the discard pile, every revealed card,
        # every hand, the drawn card. The rest of the deck (R1.3) is unseen.
        if drawn is None:
            unseen = self._base - self._shown - self._pile_packed
            pieces[P_DRAWN] = NO_KIND
        else:
            unseen = self._base - self._shown - self._pile_packed - CARD_UNIT[drawn]
            pieces[P_DRAWN] = KIND_OF[drawn]
        pieces[P_UNSEEN] = unseen_cache.get(unseen) or unseen_bytes(unseen)
        pieces[P_PHASE] = PHASE_FLAGS[phase][2 * (viewer == current) + claimed]
        if turn != self._turn:
            pieces[P_TURN] = TURN_BYTES[turn] if 0 <= turn <= TURN_TOP else scalar(TURN_BYTES, turn)
            self._turn = turn
        if draw_size != self._draw:
            pieces[P_DRAW] = (
                PILE_BYTES[draw_size]
                if 0 <= draw_size <= MAX_COUNT
                else scalar(PILE_BYTES, draw_size)
            )
            self._draw = draw_size
        if deck_size != self._deck:
            pieces[P_DECK] = (
                DECK_BYTES[deck_size]
                if 0 <= deck_size <= DECK_TOP
                else scalar(DECK_BYTES, deck_size)
            )
            self._deck = deck_size
        return _NDARRAY(OBSERVATION_SIZE, _FLOAT32, _JOIN(GETTERS[n][viewer](pieces)))
