"""The fast encoder of observations: `ObservationEncoder`.

It gives the vectors of `observe` (R8), joined from the pieces of
`drako_rules.env.pieces`, read from the kernel's codes (a ``GameState``'s own, or a view's
cards turned into codes), and remembers what it encoded last of each seat and of the
discard pile: the kernel's states share every part a move does not change, and a
player's next Kingdom is most often one card action away. What a seat sees of the drawn
card is the kernel's ``turns.sees_drawn`` (R8.3).
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from drako_rules._kernel.board import CODE_OF, CODES, LEGEND_INDEX, UNEXPLORED, legend_mask
from drako_rules._kernel.play import FIRST, RULESET
from drako_rules._kernel.turns import sees_drawn
from drako_rules.cards import Card, cards_per_kind
from drako_rules.env.layout import MAX_PLAYERS, OBSERVATION_SIZE, PHASES
from drako_rules.env.pieces import (
    ABSENTS,
    DECK_BYTES,
    DECK_TOP,
    FLAG_SETS,
    GAME_BYTES,
    HAND_CAP,
    KIND_BYTES,
    MAX_COUNT,
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
    PAIR_BYTES,
    PAIR_HI,
    PAIR_LO,
    PHASE_FLAGS,
    PILE_BYTES,
    SEAT_PIECES,
    SLOTS,
    TURN_BYTES,
    TURN_TOP,
    UNIT_HI,
    UNIT_LO,
    UNSEEN_BASE,
    counts_bytes,
    pile_halves,
    rest_bytes,
    row_bytes,
    scalar,
    seat_flags,
    unseen_bytes,
)
from drako_rules.errors import GameError, quote
from drako_rules.game import GameState, Phase, PlayerState, PlayerView
from drako_rules.game.packing import card_codes
from drako_rules.game.parts import PHASE_CODES, PHASE_OF_CODE
from drako_rules.game.state import kernel_state
from drako_rules.rulesets import Ruleset

__all__ = ["ObservationEncoder"]

#: By kernel phase code: the phase's entries with to_move and claimed (``PHASE_FLAGS``).
_PHASE_FLAGS: Final = tuple(PHASE_FLAGS[PHASES.index(phase)] for phase in PHASE_OF_CODE)
_OVER: Final = PHASE_CODES[Phase.OVER]
_LEGEND_CODE: Final = LEGEND_INDEX.__getitem__
_NO_CODES: Final[tuple[int, ...]] = ()
#: A new bytearray of the pieces joined (a bytearray: the array viewing it is writable).
_JOIN: Final = bytearray().join
_FLOAT32: Final = np.dtype(np.float32)
_NDARRAY: Final = np.ndarray


class ObservationEncoder:
    """Computes observations as `observation.observe` does,
    remembering what it encoded last to encode the next one faster.

    It reads the kernel's codes (those a ``GameState`` holds, or a view's cards turned into
    them) and keeps the pieces the last vector was joined from: the global entries, and
    each seat's flags, Kingdom and Legends-and-hand. It computes again only what is
    another object than before: the flags when the turn passes, a seat's Kingdom or its
    Legends and hand, the discard pile, the legend row (the kernel's states, and the
    engine's views, share the parts that do not change from one state to the next). A
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
        "_base_hi",
        "_base_lo",
        "_current",
        "_deck",
        "_draw",
        "_first",
        "_hands",
        "_kingdoms",
        "_legends",
        "_lists",
        "_n",
        "_pile",
        "_pile_hi",
        "_pile_lo",
        "_players",
        "_row",
        "_ruleset",
        "_seen_hi",
        "_seen_lo",
        "_shown_hi",
        "_shown_lo",
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
        pieces[P_DISCARD] = counts_bytes(0, 0) + KIND_BYTES[UNEXPLORED]
        pieces[P_ROW] = row_bytes(0)
        pieces[P_TURN] = TURN_BYTES[0]
        pieces[P_DRAW] = PILE_BYTES[0]
        pieces[P_DECK] = DECK_BYTES[0]
        pieces[P_GAME] = OTHER_RULESET.get(n, b"")
        pieces[-1] = ABSENTS[n]
        # by viewer: the pieces of its vector (the global ones shared, the seats in its order)
        self._lists = [pieces[:] for _ in range(n)]
        # by seat: the objects last encoded there (None: nothing yet); the players of the
        # view encoded last (a view's, () for a state's)
        self._kingdoms: list[object] = [None] * n
        self._legends: list[object] = [None] * n
        self._hands: list[object] = [None] * n
        self._players: tuple[PlayerState, ...] = ()
        # by seat: the cards its Kingdom (2·seat) and its hand (2·seat + 1) show, packed in
        # two halves (``pieces``), and all of them together; the discard pile's counts
        self._shown_lo = [0] * (2 * n)
        self._shown_hi = [0] * (2 * n)
        self._seen_lo = self._seen_hi = 0
        self._pile_lo = self._pile_hi = 0
        self._base_lo, self._base_hi = UNSEEN_BASE.get(n, (0, 0))
        # what the pieces hold: the flags' player to move and first player, the turn, the
        # draw pile and legend deck sizes, the legend row's mask, the ruleset (None: none
        # of the known ones), the discard pile (its codes, or a view's cards)
        self._current, self._first = -1, 0
        if n:
            self._flags(-1, 0)
        self._turn = self._draw = self._deck = self._row = 0
        self._ruleset: object = None
        self._pile: object = _NO_CODES

    def observe(self, view: object) -> npt.NDArray[np.float32]:
        """`observation.observe(view)`.

        Raises:
            GameError: ``view`` is not a PlayerView, or one built by hand that holds what no
                game's view holds (a pile of other than Cards, a phase that is not a Phase,
                a turn that is not a number...); the encoder then forgets what it
                remembered, so that nothing half-read of that view is used again.
            PlayerCountError: the view has not 2 to 4 players (R1.3).
        """
        if type(view) is not PlayerView:
            raise GameError(f"observe takes a PlayerView (see player_view), not {quote(view)}")
        try:
            return self._observe(view)
        except (AttributeError, IndexError, KeyError, TypeError, ValueError):
            self._start(0)
            raise GameError(
                f"observe takes the PlayerView of a game: this one holds what no game's view"
                f" holds: {quote(view)}"
            ) from None

    def _observe(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """`observe` of a PlayerView, which may hold anything (a view built by hand)."""
        players = view.players
        n = self._ready(len(players))
        if players is not self._players:
            kingdoms, legends, held = self._kingdoms, self._legends, self._hands
            for seat, player in enumerate(players):
                kingdom = player.kingdom
                if kingdom is not kingdoms[seat]:
                    kingdoms[seat] = kingdom
                    self._kingdom(seat, kingdom.codes)
                ids, hand = player.legends, player.hand
                if ids is not legends[seat] or hand is not held[seat]:
                    legends[seat], held[seat] = ids, hand
                    self._rest(
                        seat,
                        tuple(map(_LEGEND_CODE, ids)),
                        _hand_codes(hand),
                    )
            self._players = players
        pile = view.discard_pile
        if pile is not self._pile:
            self._pile = pile
            self._discard(card_codes(pile))  # KeyError for other than Cards, None included
        phase = PHASE_CODES[view.phase]
        return self._encode(
            n,
            view.viewer % n,  # a view built by hand may hold any viewer
            phase,
            -1 if phase == _OVER else view.current_player,
            view.first_player,
            view.ruleset,
            view.draw_pile_size,
            view.legend_deck_size,
            legend_mask(view.legend_row),
            CODE_OF[view.drawn],  # UNEXPLORED for None: no card drawn
            view.claimed_this_turn,
            view.turn,
        )

    def observe_state(self, state: object, seat: object) -> npt.NDArray[np.float32]:
        """`observation.observe_state(state, seat)`, read from the kernel's state the
        ``GameState`` holds: its parts that did not change are the same objects from one
        state to the next, and only what changed is encoded again.

        Raises:
            GameError: ``state`` is not a GameState, or ``seat`` not a seat of the game.
        """
        if type(state) is not GameState:
            raise GameError(f"observe_state takes a GameState, not {quote(state)}")
        (current, phase, turn, draw, discard, _row, deck, codes, _masks, _hidden, claims,
         hands, drawn, claimed, _reshuffles, row_mask, met, game) = kernel_state(state)  # fmt: skip
        n = len(met)
        # bool first: compiled, a value narrowed to int is read as a plain int (True is 1)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise GameError(
                f"the player is a seat from 0 to {n - 1} in a {n}-player game, not {quote(seat)}"
            )
        self._ready(n)
        if self._players:  # a view's players were encoded last: none of them is seen now
            self._players = ()
            self._kingdoms = [None] * n
            self._legends = [None] * n
            self._hands = [None] * n
        kingdoms, legends, held = self._kingdoms, self._legends, self._hands
        for i in range(n):
            k = codes[i]
            if k is not kingdoms[i]:
                kingdoms[i] = k
                self._kingdom(i, k)
            ids, hand = claims[i], hands[i]
            if ids is not legends[i] or hand is not held[i]:
                legends[i], held[i] = ids, hand
                self._rest(i, ids, hand)
        if discard is not self._pile:
            self._pile = discard
            self._discard(discard)
        ruleset = game[RULESET]
        assert type(ruleset) is Ruleset
        seen = sees_drawn(seat, current, drawn)  # R8.3
        return self._encode(
            n,
            seat,
            phase,
            -1 if phase == _OVER else current,
            game[FIRST],
            ruleset.name,
            len(draw),
            len(deck),
            row_mask,
            UNEXPLORED if seen is None else seen,
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
        if flags is None:  # a seat out of the game's range (a view built by hand)
            flags = seat_flags(n, current, first)
        for viewer, pieces in enumerate(self._lists):
            pieces[P_SEATS : P_SEATS + SEAT_PIECES * n : SEAT_PIECES] = flags[viewer]
        self._current, self._first = current, first

    def _share(self, index: int, piece: bytes) -> None:
        """Write the global piece ``index`` of every viewer's vector."""
        for pieces in self._lists:
            pieces[index] = piece

    def _seat(self, seat: int, part: int, piece: bytes) -> None:
        """Write the piece ``part`` (1: the Kingdom, 2: the Legends and hand) of ``seat``
        in every viewer's vector."""
        slots = SLOTS[self._n]
        for viewer, pieces in enumerate(self._lists):
            pieces[slots[viewer][seat] + part] = piece

    def _kingdom(self, seat: int, k: tuple[int, ...]) -> None:
        """Write the Kingdom of ``seat`` from its 16 cell codes, row by row, as 8 pairs of
        cells (``PAIR_BYTES``: a face-down cell shows no kind, R8.2), and what it shows."""
        c = CODES
        p0, p1, p2, p3 = k[0] * c + k[1], k[2] * c + k[3], k[4] * c + k[5], k[6] * c + k[7]
        p4, p5, p6, p7 = k[8] * c + k[9], k[10] * c + k[11], k[12] * c + k[13], k[14] * c + k[15]
        pb = PAIR_BYTES
        self._seat(
            seat, 1, b"".join((pb[p0], pb[p1], pb[p2], pb[p3], pb[p4], pb[p5], pb[p6], pb[p7]))
        )
        lo, hi = PAIR_LO, PAIR_HI
        self._shown(
            2 * seat,
            lo[p0] + lo[p1] + lo[p2] + lo[p3] + lo[p4] + lo[p5] + lo[p6] + lo[p7],
            hi[p0] + hi[p1] + hi[p2] + hi[p3] + hi[p4] + hi[p5] + hi[p6] + hi[p7],
        )

    def _shown(self, slot: int, lo: int, hi: int) -> None:
        """Keep what the Kingdom or hand ``slot`` shows now (packed, ``lo`` and ``hi``)."""
        self._seen_lo += lo - self._shown_lo[slot]
        self._seen_hi += hi - self._shown_hi[slot]
        self._shown_lo[slot], self._shown_hi[slot] = lo, hi

    def _rest(self, seat: int, legends: tuple[int, ...], hand: tuple[int, ...]) -> None:
        """Write the Legends (R6.3) and the starting hand (R2.9) of ``seat``, from their
        Legend indices and card codes, and what the hand shows."""
        bits = lo = hi = 0
        for legend in legends:
            bits |= 1 << legend
        for code in hand:
            bits |= 1 << (15 + code)
            lo += UNIT_LO[code]
            hi += UNIT_HI[code]
        self._seat(seat, 2, rest_bytes(bits))
        self._shown(2 * seat + 1, lo, hi)

    def _discard(self, pile: tuple[int, ...]) -> None:
        """Write the discard pile (R2.6, R3.4a) of card codes ``pile``, top last."""
        lo, hi = self._pile_lo, self._pile_hi = pile_halves(pile)
        size = len(pile)
        self._share(P_DISCARD_SIZE, PILE_BYTES[size if size <= MAX_COUNT else MAX_COUNT])
        self._share(P_DISCARD, counts_bytes(lo, hi) + KIND_BYTES[pile[-1] if pile else UNEXPLORED])

    def _encode(
        self,
        n: int,
        viewer: int,
        phase: int,
        current: int,
        first: int,
        ruleset: str,
        draw_size: int,
        deck_size: int,
        row: int,
        drawn: int,
        claimed: int,
        turn: int,
    ) -> npt.NDArray[np.float32]:
        """The observation of ``viewer``, its players and discard pile written already,
        with these other fields of its view: ``phase`` and ``drawn`` as kernel codes
        (``UNEXPLORED``: no card drawn), ``current`` −1 once the game is over, ``row`` the
        mask of the legend row."""
        if current != self._current or first != self._first:
            self._flags(current, first)
        if ruleset is not self._ruleset:
            game = GAME_BYTES.get(ruleset)
            self._share(P_GAME, OTHER_RULESET[n] if game is None else game[n])
            self._ruleset = ruleset
        if row != self._row:
            self._share(P_ROW, row_bytes(row))
            self._row = row
        if turn != self._turn:
            self._share(
                P_TURN, TURN_BYTES[turn] if 0 <= turn <= TURN_TOP else scalar(TURN_BYTES, turn)
            )
            self._turn = turn
        if draw_size != self._draw:
            self._share(
                P_DRAW,
                PILE_BYTES[draw_size]
                if 0 <= draw_size <= MAX_COUNT
                else scalar(PILE_BYTES, draw_size),
            )
            self._draw = draw_size
        if deck_size != self._deck:
            self._share(
                P_DECK,
                DECK_BYTES[deck_size]
                if 0 <= deck_size <= DECK_TOP
                else scalar(DECK_BYTES, deck_size),
            )
            self._deck = deck_size
        # The viewer's own pieces, written at each call: what it has seen of each kind (the
        # discard pile, every revealed card, every hand, the drawn card; the rest of the
        # deck, R1.3, is unseen), the card drawn, the phase and whether it is to move.
        pieces = self._lists[viewer]
        pieces[P_UNSEEN] = unseen_bytes(
            self._base_lo - self._seen_lo - self._pile_lo - UNIT_LO[drawn],
            self._base_hi - self._seen_hi - self._pile_hi - UNIT_HI[drawn],
        )
        pieces[P_DRAWN] = KIND_BYTES[drawn]
        pieces[P_PHASE] = _PHASE_FLAGS[phase][2 * (viewer == current) + claimed]
        return _NDARRAY(OBSERVATION_SIZE, _FLOAT32, _JOIN(pieces))


def _hand_codes(hand: tuple[Card, ...]) -> tuple[int, ...]:
    """The card codes of a view's hand, each kind at most ``HAND_CAP`` times (a game's hand
    holds one of a kind, R2.9; a hand-built view may hold any number)."""
    codes = card_codes(hand)
    if len(codes) <= HAND_CAP:
        return codes
    capped: list[int] = []
    for code in range(UNEXPLORED):
        capped.extend([code] * min(codes.count(code), HAND_CAP))
    return tuple(capped)
