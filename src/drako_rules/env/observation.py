"""The observation of a learning agent: one fixed-size vector computed from a [`PlayerView`][drako_rules.game.views.PlayerView] only (R8).

[`observe`][drako_rules.env.observation.observe] encodes what one player may see: never the kind of
an Unexplored Land, the order of a pile or the seed (R8.2), and the card just drawn only
for the player who drew it (R8.3). Two states with equal views for a seat give that seat
equal observations, so an agent cannot tell apart what its player cannot.

The vector has [`OBSERVATION_SIZE`][drako_rules.env.observation.OBSERVATION_SIZE] = 887 float32 entries, every one
in ``[0, 1]``, the same length for 2, 3 and 4 players. Seats are seen *from the viewer*:
the first player block is the viewer's own, the next one the player after it in turn
order, and so on; the blocks of seats a smaller game lacks are all zero (their
``present`` entry is 0). [`LAYOUT`][drako_rules.env.observation.LAYOUT] lists the slices:

| slice | what | range |
|---|---|---|
| 0–4 | the phase, one-hot: arrange, before-card, drawn, after-card, over | 0/1 |
| 5 | the viewer is the player to move | 0/1 |
| 6 | the player to move has claimed a Legend this turn (R6.1) | 0/1 |
| 7 | the turn number, divided by 100, capped at 1 | 0–1 |
| 8 | cards in the draw pile, divided by 80 (its order is hidden, R8.2) | 0–1 |
| 9 | cards in the discard pile, divided by 80 | 0–1 |
| 10 | Legends in the legend deck, divided by 7 (R2.2) | 0–1 |
| 11–20 | cards of each kind in the discard pile, divided by 8 (kinds in [`Card`][drako_rules.cards.Card] order) | 0–1 |
| 21–30 | the top card of the discard pile, one-hot by kind (all 0 while it is empty) | 0/1 |
| 31–40 | the card the viewer has drawn, one-hot by kind (all 0 when none, R8.3) | 0/1 |
| 41–55 | the legend row: one entry per Legend, in [`Legend`][drako_rules.cards.Legend] order | 0/1 |
| 56–65 | cards of each kind the viewer has not seen (deck count, R1.3, minus revealed, discarded, in hands and drawn), divided by 8 | 0–1 |
| 66–67 | the ruleset, one-hot: pocket, classic (R9; both 0 for another ruleset) | 0/1 |
| 68–70 | the number of players, one-hot: 2, 3, 4 | 0/1 |
| 71–274 | seat block 0: the viewer (204 entries, below) | |
| 275–478 | seat block 1: the next player in turn order | |
| 479–682 | seat block 2 | |
| 683–886 | seat block 3 | |

Each seat block of 204 entries, from its start ``b``:

| offset | what | range |
|---|---|---|
| b+0 | the seat is in the game | 0/1 |
| b+1 | it is the player to move | 0/1 |
| b+2 | it is the first player (R2.7) | 0/1 |
| b+3 … b+178 | the Kingdom: for cell ``4·row + col`` (R4.1), 11 entries at ``b+3+11·cell``: the card's kind one-hot in [`Card`][drako_rules.cards.Card] order, or entry 10 for an Unexplored Land or an empty centre cell (R8.2) | 0/1 |
| b+179 … b+193 | the Legends the player claimed (R6.3), in [`Legend`][drako_rules.cards.Legend] order | 0/1 |
| b+194 … b+203 | the starting hand not yet arranged (R2.9), one entry per kind | 0/1 |

The discard pile's order below its top is not encoded: it never matters to play (only the
top can be taken, R3.1, and the rest is only ever shuffled, R3.5).

Examples:
    >>> from drako_rules import new_game, player_view
    >>> obs = observe(player_view(new_game(2, seed=3), 0))
    >>> obs.shape, obs.dtype.name, float(obs.min()), float(obs.max())
    ((887,), 'float32', 0.0, 1.0)
    >>> obs[LAYOUT["phase"]].tolist()  # the starting arrangements (R2.5)
    [1.0, 0.0, 0.0, 0.0, 0.0]
"""

from __future__ import annotations

import struct
from operator import is_not
from typing import Final

import numpy as np
import numpy.typing as npt

from drako_rules.cards import Card, Legend, cards_per_kind
from drako_rules.errors import GameError
from drako_rules.game import GameState, Phase, PlayerState, PlayerView

__all__ = [
    "LAYOUT",
    "MAX_PLAYERS",
    "OBSERVATION_SIZE",
    "SEAT_BLOCK_SIZE",
    "SEAT_LAYOUT",
    "ObservationEncoder",
    "observe",
    "observe_state",
]

#: The most players a game has (R1.3): the observation has one seat block for each.
MAX_PLAYERS: Final = 4

_CARDS: Final = tuple(Card)
_LEGENDS: Final = tuple(Legend)
_PHASES: Final = tuple(Phase)
_RULESET_NAMES: Final = ("pocket", "classic")
_KINDS: Final = len(_CARDS)  # 10
_CELL_CHANNELS: Final = _KINDS + 1  # 10 kinds, then "face down or empty"
#: Turn numbers, discard and draw pile sizes and Legend deck sizes are divided by these.
_TURN_SCALE: Final = 100.0
_PILE_SCALE: Final = 80.0  # the 4-player deck (R1.3)
_LEGEND_DECK_SCALE: Final = 7.0  # 15 Legends minus the row of 8 (R2.2)
_KIND_SCALE: Final = 8.0  # cards of one kind in the 4-player deck (R1.2)


def _layout(sizes: tuple[tuple[str, int], ...], start: int = 0) -> dict[str, slice]:
    out: dict[str, slice] = {}
    for name, size in sizes:
        out[name] = slice(start, start + size)
        start += size
    return out


_GLOBAL_SIZES: Final = (
    ("phase", len(_PHASES)),
    ("to_move", 1),
    ("claimed_this_turn", 1),
    ("turn", 1),
    ("draw_pile_size", 1),
    ("discard_pile_size", 1),
    ("legend_deck_size", 1),
    ("discard_counts", _KINDS),
    ("discard_top", _KINDS),
    ("drawn", _KINDS),
    ("legend_row", len(_LEGENDS)),
    ("unseen", _KINDS),
    ("ruleset", len(_RULESET_NAMES)),
    ("players", MAX_PLAYERS - 1),
)
_SEAT_SIZES: Final = (
    ("present", 1),
    ("current", 1),
    ("first", 1),
    ("kingdom", 16 * _CELL_CHANNELS),
    ("legends", len(_LEGENDS)),
    ("hand", _KINDS),
)
#: The slices of one seat block, from the block's start (see the module documentation).
SEAT_LAYOUT: Final[dict[str, slice]] = _layout(_SEAT_SIZES)
#: The entries of one seat block (204).
SEAT_BLOCK_SIZE: Final = sum(size for _, size in _SEAT_SIZES)
_GLOBAL_SIZE: Final = sum(size for _, size in _GLOBAL_SIZES)
#: The slices of the observation by name: the global ones (``"phase"``, ``"legend_row"``…)
#: and one per seat block (``"seat_0"`` is the viewer's, ``"seat_1"`` the next player's…).
LAYOUT: Final[dict[str, slice]] = {
    **_layout(_GLOBAL_SIZES),
    **{
        f"seat_{k}": slice(
            _GLOBAL_SIZE + k * SEAT_BLOCK_SIZE, _GLOBAL_SIZE + (k + 1) * SEAT_BLOCK_SIZE
        )
        for k in range(MAX_PLAYERS)
    },
}
#: The length of the observation vector (887).
OBSERVATION_SIZE: Final = _GLOBAL_SIZE + MAX_PLAYERS * SEAT_BLOCK_SIZE

# Look-ups by object identity: a Card member or None hashes slowly (Enum.__hash__ is Python
# code), an int from id() at C speed. Members and None live as long as the process.
_CARD_CODE: Final[dict[int, int]] = {id(card): i for i, card in enumerate(_CARDS)}
_LEGEND_CODE: Final[dict[int, int]] = {id(legend): i for i, legend in enumerate(_LEGENDS)}
_RULESET_CODE: Final[dict[str, int]] = {name: i for i, name in enumerate(_RULESET_NAMES)}
_OVER: Final = Phase.OVER

# The observation is assembled from float32 bytes, then viewed as an array: a few NumPy
# calls on small arrays cost more than the whole encoding (each takes about a
# microsecond), so every slice comes from a table of prebuilt bytes, and an
# ObservationEncoder remembers what it encoded last of each seat, of the discard pile and
# of the legend row (the engine hands out the same objects again while they do not
# change, and a player's next Kingdom is most often one card action away).


def _f32(values: list[float]) -> bytes:
    return struct.pack(f"{len(values)}f", *values)


def _one_hot(size: int) -> tuple[bytes, ...]:
    """The bytes of a one-hot slice of ``size`` entries, by hot entry; the last item all 0."""
    return (*(_f32([float(i == k) for i in range(size)]) for k in range(size)), _f32([0.0] * size))


def _scaled(scale: float, top: int) -> tuple[bytes, ...]:
    """The bytes of one entry ``min(k / scale, 1)``, by ``k`` from 0 to ``top``."""
    return tuple(_f32([min(k / scale, 1.0)]) for k in range(top + 1))


_PHASE_BYTES: Final = {
    id(phase): b for phase, b in zip(_PHASES, _one_hot(len(_PHASES)), strict=False)
}
#: to_move and claimed_this_turn, by ``2·to_move + claimed``.
_TURN_FLAGS: Final = tuple(_f32([float(i >> 1), float(i & 1)]) for i in range(4))
_TURN_TOP: Final = int(_TURN_SCALE)
_DECK_TOP: Final = int(_LEGEND_DECK_SCALE)
_MAX_COUNT: Final = 80  # no pile holds more cards than the 4-player deck (R1.3)
_TURN_BYTES: Final = _scaled(_TURN_SCALE, _TURN_TOP)
_PILE_BYTES: Final = _scaled(_PILE_SCALE, _MAX_COUNT)
_DECK_BYTES: Final = _scaled(_LEGEND_DECK_SCALE, _DECK_TOP)
_KIND_BYTES: Final = _one_hot(_KINDS)  # index _KINDS: no card
_NO_KIND: Final = _KIND_BYTES[_KINDS]
#: The one-hot slice of a card's kind, by the card's id.
_KIND_OF: Final[dict[int, bytes]] = {id(card): _KIND_BYTES[i] for i, card in enumerate(_CARDS)}
_RULESET_BYTES: Final = _one_hot(len(_RULESET_NAMES))  # another ruleset: all 0 (R9)
_PLAYERS_BYTES: Final = _one_hot(MAX_PLAYERS - 1)
#: The three flags of a seat in the game, by ``2·current + first``.
_SEAT_FLAGS: Final = tuple(_f32([1.0, float(i >> 1), float(i & 1)]) for i in range(4))
#: The zero blocks of the seats a game of ``n`` players lacks, by ``n``.
_ABSENTS: Final = tuple(bytes(4 * SEAT_BLOCK_SIZE * max(MAX_PLAYERS - n, 0)) for n in range(5))
#: The seats of a game of ``n`` players in the order of the blocks, by ``n`` then viewer.
_ORDERS: Final = tuple(
    tuple(tuple((viewer + k) % n for k in range(n)) for viewer in range(n)) for n in range(5)
)

# Counts by kind travel packed in one integer, 16 bits a kind (kind k at bit 16·k), so that
# adding up what every player shows is one addition per player. No count of a valid game
# comes near 2**15 (80 cards in all, R1.3); _GUARDS marks bit 15 of every field so that a
# subtraction that would go below zero stays in its field (and is read as 0).
_FIELD: Final = 16
_UNIT: Final = tuple(1 << (_FIELD * k) for k in range(_KINDS))
_GUARDS: Final = sum(0x8000 << (_FIELD * k) for k in range(_KINDS))
_ONES: Final = sum(_UNIT)
_HALF_SHIFT: Final = _FIELD * (_KINDS // 2)  # the fields of kinds 0–4 below, 5–9 above
_LOW_HALF: Final = (1 << _HALF_SHIFT) - 1
#: By the id of a card: its packed unit. By the id of a cell (a card, or None for a face-down
#: or empty cell, R8.2): its unit (0 for None: a face-down cell shows nothing) and its 11
#: entries (kind in Card order, 10 for face down).
_CARD_UNIT: Final[dict[int, int]] = {id(card): _UNIT[i] for i, card in enumerate(_CARDS)}
_CELL_UNIT: Final[dict[int, int]] = {**_CARD_UNIT, id(None): 0}
_CELL_BYTES: Final[dict[int, bytes]] = {
    **{id(card): _KIND_BYTES[i] + _f32([0.0]) for i, card in enumerate(_CARDS)},
    id(None): _f32([0.0] * _KINDS + [1.0]),
}
#: What the viewer can have seen at most of each kind, by player count: every card of the
#: deck (R1.3), packed and guarded; ``unseen = base − seen``.
_UNSEEN_BASE: Final = {n: _GUARDS + cards_per_kind(n) * _ONES for n in (2, 3, 4)}

# The slices of 5 counts by kind, by their packed fields (a guarded half negated, see
# _half_counts): bounded, cleared when full.
_CACHE_LIMIT: Final = 4096
_counts_cache: dict[int, bytes] = {}


def _half_counts(key: int) -> bytes:
    """The bytes of 5 counts by kind (each divided by 8, at most 1), packed in ``key``.

    A negative ``key`` is ``-packed - 1`` for a guarded ``packed``: every field carries bit
    15 (see ``_GUARDS``), and a field without it went below zero and counts 0. A slice is
    cached by its fields: each half of a slice of 10 kinds takes far fewer values than the
    whole.
    """
    found = _counts_cache.get(key)
    if found is not None:
        return found
    guarded = key < 0
    packed = -key - 1 if guarded else key
    counts = []
    for k in range(_KINDS // 2):
        field = (packed >> (_FIELD * k)) & 0xFFFF
        if guarded:
            field = field - 0x8000 if field >= 0x8000 else 0
        counts.append(min(field / _KIND_SCALE, 1.0))
    found = _f32(counts)
    if len(_counts_cache) >= _CACHE_LIMIT:
        _counts_cache.clear()
    _counts_cache[key] = found
    return found


def _legend_bytes(legends: tuple[Legend, ...]) -> bytes:
    """The bytes of 15 entries, 1 for each Legend of ``legends`` (in Legend order)."""
    values = [0.0] * len(_LEGENDS)
    for legend in legends:
        values[_LEGEND_CODE[id(legend)]] = 1.0
    return _f32(values)


def _hand_bytes(hand: tuple[Card, ...]) -> bytes:
    """The bytes of 10 entries, 1 for each kind in the starting hand (R2.9)."""
    in_hand = [0.0] * _KINDS
    for card in hand:
        in_hand[_CARD_CODE[id(card)]] = 1.0
    return _f32(in_hand)


# What an encoder remembers of a seat: the player, its Kingdom's cells, its Legends, its
# hand, the slices of its block after the three flags (16 cells, then the Legends and the
# hand as one), and the cards of each kind it shows (revealed or in hand), packed.
_Seat = tuple[
    PlayerState,
    tuple[Card | None, ...],
    tuple[Legend, ...],
    tuple[Card, ...],
    list[bytes],
    int,
]
# Of a discard pile: the pile, its cards of each kind (packed), and its slices: the counts
# (two halves) and the top card.
_Discard = tuple[tuple[Card, ...], int, list[bytes]]


def _seat(player: PlayerState, last: _Seat | None) -> _Seat:
    """What to remember of ``player``, encoded from ``last`` (the player last encoded at its
    seat) when the two have the same Legends and hand and their Kingdoms differ in one
    cell (one card action); else cell by cell. The cells are compared, so any player is
    encoded right."""
    cells = player.kingdom.cells
    legends, hand = player.legends, player.hand
    if last is not None and last[2] is legends and last[3] is hand:
        changed = bytes(map(is_not, cells, last[1]))
        count = changed.count(1)
        if count == 1:
            i = changed.find(1)
            parts = last[4].copy()
            parts[i] = _CELL_BYTES[id(cells[i])]
            shown = last[5] - _CELL_UNIT[id(last[1][i])] + _CELL_UNIT[id(cells[i])]
            return (player, cells, legends, hand, parts, shown)
        if count == 0:
            return (player, cells, legends, hand, last[4], last[5])
    ids = tuple(map(id, cells))
    shown = sum(map(_CELL_UNIT.__getitem__, ids))
    if hand:
        shown += sum(map(_CARD_UNIT.__getitem__, map(id, hand)))
    parts = list(map(_CELL_BYTES.__getitem__, ids))
    parts.append(_legend_bytes(legends) + _hand_bytes(hand))
    return (player, cells, legends, hand, parts, shown)


def _discard(cards: tuple[Card, ...]) -> _Discard:
    """What to remember of a discard pile."""
    counted = cards if len(cards) <= _MAX_COUNT else cards[-_MAX_COUNT:]  # not a pile of any
    packed = sum(map(_CARD_UNIT.__getitem__, map(id, counted)))  # game (R1.3): what fits
    low, high = packed & _LOW_HALF, packed >> _HALF_SHIFT
    return (
        cards,
        packed,
        [
            _counts_cache.get(low) or _half_counts(low),
            _counts_cache.get(high) or _half_counts(high),
            _KIND_OF[id(cards[-1])] if cards else _NO_KIND,
        ],
    )


def _scalar(table: tuple[bytes, ...], k: int) -> bytes:
    """``table[k]``, ``k`` clamped to the table (a view built by hand can hold anything)."""
    return table[0 if k < 0 else len(table) - 1]


class ObservationEncoder:
    """Computes observations as [`observe`][drako_rules.env.observation.observe] does,
    remembering what it encoded last to encode the next one faster.

    It keeps the last player of each seat, the last discard pile and the last legend row
    it encoded (at most one of each: bounded), and encodes a player one card action away
    from the last one of its seat by changing one cell. The vectors are those of
    ``observe``, whatever it remembers: it is only quicker when the views come one after
    the other from one game, as in an environment, which holds its own encoder. What it
    remembers is replaced, never changed in place, so threads may share one.

    Examples:
        >>> from drako_rules import new_game, player_view
        >>> state = new_game(2, seed=1)
        >>> encoder = ObservationEncoder()
        >>> (encoder.observe(player_view(state, 0)) == observe(player_view(state, 0))).all()
        np.True_
    """

    __slots__ = ("_discard", "_row", "_seats")

    def __init__(self) -> None:
        self._seats: list[_Seat | None] = [None] * MAX_PLAYERS
        self._discard: _Discard = _discard(())
        self._row: tuple[tuple[Legend, ...], bytes] = ((), _legend_bytes(()))

    def observe(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """[`observe`][drako_rules.env.observation.observe]``(view)``."""
        return self._encode(
            view,
            view.viewer,
            view.ruleset,
            view.draw_pile_size,
            view.legend_deck_size,
            view.drawn,
        )

    def observe_state(self, state: GameState, seat: int) -> npt.NDArray[np.float32]:
        """[`observe_state`][drako_rules.env.observation.observe_state]``(state, seat)``.

        Raises:
            GameError: ``seat`` is not a seat of the game.
        """
        n = len(state.players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise GameError(
                f"the player is a seat from 0 to {n - 1} in a {n}-player game, not {seat!r:.40}"
            )
        return self._encode(
            state,
            seat,
            state.ruleset.name,
            len(state.draw_pile),
            len(state.legend_deck),
            state.drawn if seat == state.current_player else None,
        )

    def _encode(
        self,
        source: PlayerView | GameState,
        viewer: int,
        ruleset: str,
        draw_size: int,
        deck_size: int,
        drawn: Card | None,
    ) -> npt.NDArray[np.float32]:
        """The observation of the view of ``viewer`` with these fields and the others of
        ``source``, the view or the state: ``players``, ``current_player``,
        ``first_player``, ``phase``, ``turn``, ``discard_pile``, ``legend_row`` and
        ``claimed_this_turn``, which ``player_view`` copies from the state."""
        players = source.players
        n = len(players)
        unseen = _UNSEEN_BASE.get(n)
        if unseen is None:
            cards_per_kind(n)  # raises PlayerCountError: not 2 to 4 players (R1.3)
            raise AssertionError(n)  # pragma: no cover - cards_per_kind raised
        pile = source.discard_pile
        discard = self._discard
        if discard[0] is not pile:
            discard = self._discard = _discard(pile)
        seen = discard[1]
        legend_row = source.legend_row
        row = self._row
        if row[0] is not legend_row:
            row = self._row = (legend_row, _legend_bytes(legend_row))
        current = source.current_player
        first = source.first_player
        phase = source.phase
        to_move = viewer == current
        if phase is _OVER:
            current = -1
            to_move = False
        seats = self._seats
        blocks: list[bytes] = []
        for seat in _ORDERS[n][viewer % n]:
            player = players[seat]
            entry = seats[seat]
            if entry is None or entry[0] is not player:
                entry = seats[seat] = _seat(player, entry)
            blocks.append(_SEAT_FLAGS[2 * (seat == current) + (seat == first)])
            blocks += entry[4]
            seen += entry[5]
        # What the viewer has seen of each kind: the discard pile, every revealed card,
        # every hand, the drawn card. The rest of the deck (R1.3) is unseen.
        if drawn is None:
            drawn_bytes = _NO_KIND
        else:
            seen += _CARD_UNIT[id(drawn)]
            drawn_bytes = _KIND_OF[id(drawn)]
        unseen -= seen
        low, high = -(unseen & _LOW_HALF) - 1, -(unseen >> _HALF_SHIFT) - 1  # guarded
        turn = source.turn
        discard_size = len(pile)
        return np.frombuffer(
            bytearray().join(
                [
                    _PHASE_BYTES[id(phase)],
                    _TURN_FLAGS[2 * to_move + source.claimed_this_turn],
                    _TURN_BYTES[turn] if 0 <= turn <= _TURN_TOP else _scalar(_TURN_BYTES, turn),
                    _PILE_BYTES[draw_size]
                    if 0 <= draw_size <= _MAX_COUNT
                    else _scalar(_PILE_BYTES, draw_size),
                    _PILE_BYTES[discard_size if discard_size <= _MAX_COUNT else _MAX_COUNT],
                    _DECK_BYTES[deck_size]
                    if 0 <= deck_size <= _DECK_TOP
                    else _scalar(_DECK_BYTES, deck_size),
                    *discard[2],
                    drawn_bytes,
                    row[1],
                    _counts_cache.get(low) or _half_counts(low),
                    _counts_cache.get(high) or _half_counts(high),
                    _RULESET_BYTES[_RULESET_CODE.get(ruleset, len(_RULESET_NAMES))],
                    _PLAYERS_BYTES[n - 2],
                    *blocks,
                    _ABSENTS[n],
                ]
            ),
            np.float32,
        )


# The encoder of the functions below, for views that come one after the other from one game.
_ENCODER: Final = ObservationEncoder()


def observe(view: PlayerView) -> npt.NDArray[np.float32]:
    """The observation vector of ``view``'s player: 887 float32 values in ``[0, 1]`` (R8).

    Computed from the view alone (see the module documentation for the table of slices),
    so it holds nothing the player may not see (R8.2, R8.3); equal views give equal
    vectors. A new, writable array is returned on every call.

    Examples:
        >>> from drako_rules import new_game, player_view
        >>> state = new_game(3, seed=1)
        >>> obs = observe(player_view(state, 2))
        >>> obs[LAYOUT["players"]].tolist()  # a 3-player game
        [0.0, 1.0, 0.0]
        >>> own = obs[LAYOUT["seat_0"]]  # the viewer's block comes first
        >>> own[SEAT_LAYOUT["present"]].tolist(), own[SEAT_LAYOUT["first"]].tolist()
        ([1.0], [0.0])
        >>> int(own[SEAT_LAYOUT["hand"]].sum()), int(own[SEAT_LAYOUT["kingdom"]].sum())
        (4, 16)
    """
    return _ENCODER.observe(view)


def observe_state(state: GameState, seat: int) -> npt.NDArray[np.float32]:
    """``observe(player_view(state, seat))``, without building the view.

    For whoever holds the whole state (the environments, a server): the same vector, from
    the same fields [`player_view`][drako_rules.game.views.player_view] gives the seat and
    nothing else (R8): the sizes of the draw pile and of the legend deck, never their
    order, the hidden cards or the seed (R8.2), and the drawn card only for the player to
    move, who drew it (R8.3).

    Raises:
        GameError: ``seat`` is not a seat of the game.

    Examples:
        >>> from drako_rules import apply_move, legal_moves, new_game, player_view
        >>> state = new_game(2, seed=4)
        >>> for _ in range(3):
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> all((observe_state(state, s) == observe(player_view(state, s))).all() for s in (0, 1))
        True
    """
    return _ENCODER.observe_state(state, seat)
