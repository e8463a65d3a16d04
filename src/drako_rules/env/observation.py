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

import operator
import struct
import threading
from collections.abc import Callable
from typing import Final, TypeVar

import numpy as np
import numpy.typing as npt

from drako_rules._kernel.board import CARD_OF_CODE, CARDS, CODE_OF, CODES, LEGEND_INDEX, LEGENDS
from drako_rules.cards import Card, Legend, cards_per_kind
from drako_rules.errors import GameError
from drako_rules.game import GameState, Phase, PlayerState, PlayerView
from drako_rules.game.state import drawn_card_seen
from drako_rules.kingdom import Kingdom

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

_CARDS: Final = CARDS
_LEGENDS: Final = LEGENDS
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

# Look-ups keyed by the members themselves: Card, Legend and Phase members hash by identity,
# at C speed (their classes say so), and so does None.
_CARD_CODE: Final = CODE_OF
_LEGEND_CODE: Final = LEGEND_INDEX
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


_PHASE_BYTES: Final = {phase: b for phase, b in zip(_PHASES, _one_hot(len(_PHASES)), strict=False)}
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
#: The one-hot slice of a card's kind, by card.
_KIND_OF: Final[dict[Card, bytes]] = {card: _KIND_BYTES[i] for i, card in enumerate(_CARDS)}
_RULESET_BYTES: Final = _one_hot(len(_RULESET_NAMES))  # another ruleset: all 0 (R9)
_PLAYERS_BYTES: Final = _one_hot(MAX_PLAYERS - 1)
#: The three flags of a seat in the game, by ``2·current + first``.
_SEAT_FLAGS: Final = tuple(_f32([1.0, float(i >> 1), float(i & 1)]) for i in range(4))
#: The flags of every seat of a game of ``n`` players, by ``(n, current, first)``
#: (``current`` −1 once the game is over).
_FLAG_SETS: Final = {
    (n, current, first): tuple(
        _SEAT_FLAGS[2 * (seat == current) + (seat == first)] for seat in range(n)
    )
    for n in range(2, MAX_PLAYERS + 1)
    for current in range(-1, n)
    for first in range(n)
}
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
#: By card: its packed unit. By cell (a card, or None for a face-down
#: or empty cell, R8.2): its unit (0 for None: a face-down cell shows nothing) and its 11
#: entries (kind in Card order, 10 for face down).
_CARD_UNIT: Final[dict[Card, int]] = {card: _UNIT[i] for i, card in enumerate(_CARDS)}
_CELL_UNIT: Final[dict[Card | None, int]] = {
    **{card: _UNIT[i] for i, card in enumerate(_CARDS)},
    None: 0,
}
_CELL_BYTES: Final[dict[Card | None, bytes]] = {
    **{card: _KIND_BYTES[i] + _f32([0.0]) for i, card in enumerate(_CARDS)},
    None: _f32([0.0] * _KINDS + [1.0]),
}
#: What the viewer can have seen at most of each kind, by player count: every card of the
#: deck (R1.3), packed and guarded; ``unseen = base − seen``.
_UNSEEN_BASE: Final = {n: _GUARDS + cards_per_kind(n) * _ONES for n in (2, 3, 4)}

# The slices of 5 counts by kind, by their packed fields (a guarded half negated, see
# _half_counts): bounded, cleared when full.
_CACHE_LIMIT: Final = 2**14
_counts_cache: dict[int, bytes] = {}

K = TypeVar("K")
V = TypeVar("V")


def _kept(cache: dict[K, V], key: K, value: V) -> V:
    """``value``, kept in ``cache`` under ``key``: every cache of this module holds at most
    ``_CACHE_LIMIT`` entries and is emptied when full. Called on a miss only: a hit is the
    caller's own look-up."""
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


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
    return _kept(_counts_cache, key, _f32(counts))


def _legend_bytes(legends: tuple[Legend, ...]) -> bytes:
    """The bytes of 15 entries, 1 for each Legend of ``legends`` (in Legend order)."""
    values = [0.0] * len(_LEGENDS)
    for legend in legends:
        values[_LEGEND_CODE[legend]] = 1.0
    return _f32(values)


def _hand_bytes(hand: tuple[Card, ...]) -> bytes:
    """The bytes of 10 entries, 1 for each kind in the starting hand (R2.9)."""
    in_hand = [0.0] * _KINDS
    for card in hand:
        in_hand[_CARD_CODE[card]] = 1.0
    return _f32(in_hand)


# Sets of Legends and of kinds as bits (Legend i at bit i; kind k at bit 15 + k in a
# player's rest), so that the entries of a set are one look-up by an int: a sum of bits
# is the set when no member comes twice (its bit count is then the number of members);
# a tuple with a member twice (a view built by hand), whose sum may be another set's
# bits, is encoded without the cache, never looked up in it.
_LEGEND_BIT: Final[dict[Legend, int]] = {legend: 1 << i for i, legend in enumerate(_LEGENDS)}
_HAND_BIT: Final[dict[Card, int]] = {
    card: 1 << (len(_LEGENDS) + i) for i, card in enumerate(_CARDS)
}
_row_cache: dict[int, bytes] = {}  # the legend row's 15 entries, by its bits
_rest_cache: dict[int, tuple[bytes, int]] = {}  # a player's 25 entries and hand, by bits


def _row_bytes(legend_row: tuple[Legend, ...]) -> bytes:
    """The 15 entries of the legend row (R2.2), cached by its bits (bounded)."""
    bits = sum(map(_LEGEND_BIT.__getitem__, legend_row))
    if bits.bit_count() != len(legend_row):  # a Legend twice: the bits are not the set
        return _legend_bytes(legend_row)
    found = _row_cache.get(bits)
    return _kept(_row_cache, bits, _legend_bytes(legend_row)) if found is None else found


def _rest_bytes(legends: tuple[Legend, ...], hand: tuple[Card, ...]) -> tuple[bytes, int]:
    """The 25 entries of a player's Legends (R6.3) and starting hand (R2.9), and the cards
    of the hand packed (what it shows of each kind), cached by their bits (bounded)."""
    bits = sum(map(_LEGEND_BIT.__getitem__, legends)) + sum(map(_HAND_BIT.__getitem__, hand))
    found = _rest_cache.get(bits) if bits.bit_count() == len(legends) + len(hand) else None
    if found is None:  # new, or a member twice (the bits are not the sets: never cached)
        shown = sum(map(_CARD_UNIT.__getitem__, hand))
        found = (_legend_bytes(legends) + _hand_bytes(hand), shown)
        if bits.bit_count() == len(legends) + len(hand):
            _kept(_rest_cache, bits, found)
    return found


def _packed(cards: tuple[Card, ...]) -> int:
    """The cards of each kind of ``cards``, packed (the last 80 of a longer pile: no pile
    of a game holds more, R1.3)."""
    counted = cards if len(cards) <= _MAX_COUNT else cards[-_MAX_COUNT:]
    return sum(map(_CARD_UNIT.__getitem__, counted))


def _discard_packed(cards: tuple[Card, ...], old: tuple[Card, ...], packed: int) -> int:
    """The cards of each kind of the discard pile ``cards``, packed, counted from ``old``
    (the pile encoded before, whose count is ``packed``) when the two differ by one card
    put on the pile, taken from it, or both (R3), else counted afresh."""
    if len(cards) <= _MAX_COUNT and len(old) <= _MAX_COUNT:
        grown = len(cards) - len(old)
        if grown == 1:
            if cards[:-1] == old:
                return packed + _CARD_UNIT[cards[-1]]
        elif grown == -1:
            if old[:-1] == cards:
                return packed - _CARD_UNIT[old[-1]]
        elif grown == 0 and cards and cards[:-1] == old[:-1]:
            return packed - _CARD_UNIT[old[-1]] + _CARD_UNIT[cards[-1]]
    return _packed(cards)


def _halves(low: int, high: int) -> bytes:
    """The bytes of 10 counts by kind: those of the two halves ``low`` and ``high`` (keys
    of ``_half_counts``)."""
    return (_counts_cache.get(low) or _half_counts(low)) + (
        _counts_cache.get(high) or _half_counts(high)
    )


def _pile_counts(packed: int) -> bytes:
    """The bytes of the counts by kind packed in ``packed`` (a pile's), cached by
    ``packed`` (bounded, cleared when full)."""
    return _kept(_pile_cache, packed, _halves(packed & _LOW_HALF, packed >> _HALF_SHIFT))


_pile_cache: dict[int, bytes] = {}


def _scalar(table: tuple[bytes, ...], k: int) -> bytes:
    """``table[k]``, ``k`` clamped to the table (a view built by hand can hold anything)."""
    return table[0 if k < 0 else len(table) - 1 if k >= len(table) else k]


# The bytes of an observation are joined from pieces (4 bytes an entry), kept in a list
# by each encoder, in this order: the global pieces (the slots below), then three pieces
# a seat, by seat (its three flags; its Kingdom; its Legends and hand: two pieces rather
# than one concatenated at each change, measured cheaper), then the zero blocks of the
# seats the game lacks. A viewer's observation takes the seats' pieces in its own order
# (its seat first): _GETTERS.
_P_PHASE: Final = 0  # the phase one-hot, to_move and claimed_this_turn (7 entries)
_P_TURN: Final = 1
_P_DRAW: Final = 2
_P_DISCARD_SIZE: Final = 3
_P_DECK: Final = 4
_P_DISCARD: Final = 5  # the counts by kind and the top card (20 entries)
_P_DRAWN: Final = 6
_P_ROW: Final = 7
_P_UNSEEN: Final = 8
_P_GAME: Final = 9  # the ruleset and the number of players (5 entries)
_P_SEATS: Final = 10  # seat s: its flags at _P_SEATS + 3·s, the rest of its block after
_SEAT_PIECES: Final = 3


def _pieces_getter(n: int, order: tuple[int, ...]) -> Callable[[list[bytes]], tuple[bytes, ...]]:
    """What takes from the pieces of an ``n``-player game those of one observation, its
    seats in ``order``: the global pieces, each seat's three, the zero blocks."""
    indices = [
        *range(1, _P_SEATS),
        *(_P_SEATS + _SEAT_PIECES * seat + k for seat in order for k in range(_SEAT_PIECES)),
        _P_SEATS + _SEAT_PIECES * n,
    ]
    getter: Callable[[list[bytes]], tuple[bytes, ...]] = operator.itemgetter(0, *indices)
    return getter


#: By player count, then viewer: the pieces of that viewer's observation, in order.
_GETTERS: Final = tuple(
    tuple(_pieces_getter(n, order) for order in orders) for n, orders in enumerate(_ORDERS)
)
#: By the id of a phase: its 7 entries with to_move and claimed, by ``2·to_move + claimed``.
_PHASE_FLAGS: Final = {
    key: tuple(phase + flags for flags in _TURN_FLAGS) for key, phase in _PHASE_BYTES.items()
}
#: A new bytearray of the pieces joined (a bytearray: the array viewing it is writable).
_JOIN: Final = bytearray().join
_FLOAT32: Final = np.dtype(np.float32)
_NDARRAY: Final = np.ndarray
#: By the code of two cells side by side in a row (``11·first + second``, cell codes of
#: ``bitboard.CODE_OF``): their 22 entries, and the cards they show, packed (an Unexplored
#: Land or an empty centre cell shows no kind, R8.2). A row of ``Kingdom.line_codes``
#: (four cell codes in base ``bitboard.CODES``) is two pairs: ``divmod(row, 11**2)``.
#: A Kingdom is joined from its 8 pairs: 121 pieces of 88 bytes stay in the processor's
#: caches, where a table by whole row (up to 11**4 pieces of 176 bytes, 2.5 MB once full)
#: did not, and cost more by the clock and in instructions (measured).
_PAIR: Final = CODES**2
_PAIR_BYTES: Final = tuple(
    _CELL_BYTES[CARD_OF_CODE[pair // CODES]] + _CELL_BYTES[CARD_OF_CODE[pair % CODES]]
    for pair in range(_PAIR)
)
_PAIR_UNIT: Final = tuple(
    _CELL_UNIT[CARD_OF_CODE[pair // CODES]] + _CELL_UNIT[CARD_OF_CODE[pair % CODES]]
    for pair in range(_PAIR)
)
#: The 5 entries of the ruleset and the number of players, by ruleset name then count.
_GAME_BYTES: Final = {
    name: {n: _RULESET_BYTES[code] + _PLAYERS_BYTES[n - 2] for n in (2, 3, 4)}
    for name, code in _RULESET_CODE.items()
}
_OTHER_RULESET: Final = {n: _RULESET_BYTES[-1] + _PLAYERS_BYTES[n - 2] for n in (2, 3, 4)}


def _unseen_bytes(unseen: int) -> bytes:
    """The bytes of the unseen counts packed and guarded in ``unseen`` (see ``_GUARDS``),
    cached by ``unseen`` (bounded, cleared when full)."""
    low, high = -(unseen & _LOW_HALF) - 1, -(unseen >> _HALF_SHIFT) - 1  # guarded halves
    return _kept(_unseen_cache, unseen, _halves(low, high))


_unseen_cache: dict[int, bytes] = {}


class ObservationEncoder:
    """Computes observations as [`observe`][drako_rules.env.observation.observe] does,
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
        "_pile_packed",
        "_players",
        "_row",
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
        pieces = [b""] * (_P_SEATS + _SEAT_PIECES * n + 1)
        pieces[_P_DISCARD_SIZE] = _PILE_BYTES[0]
        pieces[_P_DISCARD] = _pile_counts(0) + _NO_KIND
        pieces[_P_ROW] = _legend_bytes(())
        pieces[-1] = _ABSENTS[n]
        self._pieces = pieces
        self._players: tuple[PlayerState, ...] = ()
        # by seat: the objects last encoded there (None: nothing yet), the cards shown
        self._seen: list[PlayerState | None] = [None] * n
        self._kingdoms: list[Kingdom | None] = [None] * n
        self._legends: list[tuple[Legend, ...] | None] = [None] * n
        self._hands: list[tuple[Card, ...] | None] = [None] * n
        self._kingdom_shown = [0] * n
        self._hand_shown = [0] * n
        self._shown = 0  # by all seats together
        self._base = _UNSEEN_BASE.get(n, 0)
        self._current = self._first = -2
        # the turn, draw pile and legend deck sizes written (None: not yet)
        self._turn: int | None = None
        self._draw: int | None = None
        self._deck: int | None = None
        self._pile: tuple[Card, ...] = ()
        self._pile_packed = 0
        self._row: tuple[Legend, ...] = ()
        self._ruleset = ""

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
        if (type(seat) is not int or seat < 0 or seat >= n) and not (  # the common case first
            isinstance(seat, int) and type(seat) is not bool and 0 <= seat < n
        ):
            raise GameError(
                f"the player is a seat from 0 to {n - 1} in a {n}-player game, not {seat!r:.40}"
            )
        return self._encode(
            state,
            seat,
            state.ruleset.name,
            len(state.draw_pile),
            len(state.legend_deck),
            drawn_card_seen(state, seat),
        )

    def _flags(self, current: int, first: int) -> None:
        """Write the three flags of every seat: in the game, to move, first (R2.7)."""
        n = self._n
        flags = _FLAG_SETS.get((n, current, first))
        if flags is None:  # a seat out of the game's range (a view built by hand): none
            flags = tuple(_SEAT_FLAGS[2 * (seat == current) + (seat == first)] for seat in range(n))
        self._pieces[_P_SEATS : _P_SEATS + _SEAT_PIECES * n : _SEAT_PIECES] = flags
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
            a0, b0 = divmod(rows[0], _PAIR)
            a1, b1 = divmod(rows[1], _PAIR)
            a2, b2 = divmod(rows[2], _PAIR)
            a3, b3 = divmod(rows[3], _PAIR)
            pb = _PAIR_BYTES
            self._pieces[_P_SEATS + _SEAT_PIECES * seat + 1] = b"".join(
                (pb[a0], pb[b0], pb[a1], pb[b1], pb[a2], pb[b2], pb[a3], pb[b3])
            )
            pu = _PAIR_UNIT
            shown = pu[a0] + pu[b0] + pu[a1] + pu[b1] + pu[a2] + pu[b2] + pu[a3] + pu[b3]
            self._shown += shown - self._kingdom_shown[seat]
            self._kingdom_shown[seat] = shown
        legends, hand = player.legends, player.hand
        if legends is not self._legends[seat] or hand is not self._hands[seat]:
            self._legends[seat], self._hands[seat] = legends, hand
            self._pieces[_P_SEATS + _SEAT_PIECES * seat + 2], shown = _rest_bytes(legends, hand)
            self._shown += shown - self._hand_shown[seat]
            self._hand_shown[seat] = shown

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
        if n != self._n:
            if not 2 <= n <= MAX_PLAYERS:
                cards_per_kind(n)  # raises PlayerCountError: not 2 to 4 players (R1.3)
                raise AssertionError(n)  # pragma: no cover - cards_per_kind raised
            self._start(n)
        viewer %= n  # a view built by hand may hold any viewer; the engine's are seats
        pieces = self._pieces
        phase = source.phase
        current = -1 if phase is _OVER else source.current_player
        first = source.first_player
        if current != self._current or first != self._first:
            self._flags(current, first)
        if players is not self._players:
            seen = self._seen
            for seat, player in enumerate(players):
                if player is not seen[seat]:
                    self._player(seat, player)
            self._players = players
        pile = source.discard_pile
        if pile is not self._pile:
            packed = self._pile_packed = _discard_packed(pile, self._pile, self._pile_packed)
            self._pile = pile
            size = len(pile)
            pieces[_P_DISCARD_SIZE] = _PILE_BYTES[size if size <= _MAX_COUNT else _MAX_COUNT]
            pieces[_P_DISCARD] = (_pile_cache.get(packed) or _pile_counts(packed)) + (
                _KIND_OF[pile[-1]] if pile else _NO_KIND
            )
        legend_row = source.legend_row
        if legend_row is not self._row:
            self._row = legend_row
            pieces[_P_ROW] = _row_bytes(legend_row)
        if ruleset is not self._ruleset:
            game = _GAME_BYTES.get(ruleset)
            pieces[_P_GAME] = _OTHER_RULESET[n] if game is None else game[n]
            self._ruleset = ruleset
        # What the viewer has seen of each kind: the discard pile, every revealed card,
        # every hand, the drawn card. The rest of the deck (R1.3) is unseen.
        if drawn is None:
            unseen = self._base - self._shown - self._pile_packed
            pieces[_P_DRAWN] = _NO_KIND
        else:
            unseen = self._base - self._shown - self._pile_packed - _CARD_UNIT[drawn]
            pieces[_P_DRAWN] = _KIND_OF[drawn]
        pieces[_P_UNSEEN] = _unseen_cache.get(unseen) or _unseen_bytes(unseen)
        pieces[_P_PHASE] = _PHASE_FLAGS[phase][2 * (viewer == current) + source.claimed_this_turn]
        turn = source.turn
        if turn != self._turn:
            pieces[_P_TURN] = (
                _TURN_BYTES[turn] if 0 <= turn <= _TURN_TOP else _scalar(_TURN_BYTES, turn)
            )
            self._turn = turn
        if draw_size != self._draw:
            pieces[_P_DRAW] = (
                _PILE_BYTES[draw_size]
                if 0 <= draw_size <= _MAX_COUNT
                else _scalar(_PILE_BYTES, draw_size)
            )
            self._draw = draw_size
        if deck_size != self._deck:
            pieces[_P_DECK] = (
                _DECK_BYTES[deck_size]
                if 0 <= deck_size <= _DECK_TOP
                else _scalar(_DECK_BYTES, deck_size)
            )
            self._deck = deck_size
        return _NDARRAY(OBSERVATION_SIZE, _FLOAT32, _JOIN(_GETTERS[n][viewer](pieces)))


# The encoders of the functions below, one per thread, for views that come one after the
# other from one game.
_LOCAL: Final = threading.local()


def _encoder() -> ObservationEncoder:
    """This thread's encoder for ``observe`` and ``observe_state``."""
    try:
        encoder: ObservationEncoder = _LOCAL.encoder
    except AttributeError:
        encoder = _LOCAL.encoder = ObservationEncoder()
    return encoder


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
    return _encoder().observe(view)


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
    return _encoder().observe_state(state, seat)
