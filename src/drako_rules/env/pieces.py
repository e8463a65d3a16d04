"""The float32 pieces an observation is joined from, and the tables and caches that give them.

The observation is assembled from float32 bytes, then viewed as an array: a few NumPy
calls on small arrays cost more than the whole encoding (each takes about a
microsecond), so every slice comes from a table of prebuilt bytes, looked up by small
integers (counts packed by kind, sets as bits, row codes of a Kingdom). The
`ObservationEncoder` keeps the pieces of
its last vector and asks these tables only for what changed. Every cache here is
bounded and emptied when full.
"""

from __future__ import annotations

import operator
import struct
from collections.abc import Callable
from typing import Final, TypeVar

from drako_rules._kernel.board import CARD_OF_CODE, CARDS, CODE_OF, CODES, LEGEND_INDEX, LEGENDS
from drako_rules.cards import Card, Legend, cards_per_kind
from drako_rules.env.layout import (
    KIND_SCALE,
    KINDS,
    LEGEND_DECK_SCALE,
    MAX_PLAYERS,
    PHASES,
    PILE_SCALE,
    RULESET_NAMES,
    SEAT_BLOCK_SIZE,
    TURN_SCALE,
)

__all__ = [
    "ABSENTS",
    "CARD_UNIT",
    "DECK_BYTES",
    "DECK_TOP",
    "FLAG_SETS",
    "GAME_BYTES",
    "GETTERS",
    "KIND_OF",
    "MAX_COUNT",
    "NO_KIND",
    "OTHER_RULESET",
    "PAIR",
    "PAIR_BYTES",
    "PAIR_UNIT",
    "PHASE_FLAGS",
    "PILE_BYTES",
    "P_DECK",
    "P_DISCARD",
    "P_DISCARD_SIZE",
    "P_DRAW",
    "P_DRAWN",
    "P_GAME",
    "P_PHASE",
    "P_ROW",
    "P_SEATS",
    "P_TURN",
    "P_UNSEEN",
    "SEAT_FLAGS",
    "SEAT_PIECES",
    "TURN_BYTES",
    "TURN_TOP",
    "UNSEEN_BASE",
    "discard_packed",
    "legend_bytes",
    "pile_cache",
    "pile_counts",
    "rest_bytes",
    "row_bytes",
    "scalar",
    "unseen_bytes",
    "unseen_cache",
]

# Look-ups keyed by the members themselves: Card, Legend and Phase members hash by identity,
# at C speed (their classes say so), and so does None.
_CARD_CODE: Final = CODE_OF
_LEGEND_CODE: Final = LEGEND_INDEX
_RULESET_CODE: Final[dict[str, int]] = {name: i for i, name in enumerate(RULESET_NAMES)}


def _f32(values: list[float]) -> bytes:
    return struct.pack(f"{len(values)}f", *values)


def _one_hot(size: int) -> tuple[bytes, ...]:
    """The bytes of a one-hot slice of ``size`` entries, by hot entry; the last item all 0."""
    return (*(_f32([float(i == k) for i in range(size)]) for k in range(size)), _f32([0.0] * size))


def _scaled(scale: float, top: int) -> tuple[bytes, ...]:
    """The bytes of one entry ``min(k / scale, 1)``, by ``k`` from 0 to ``top``."""
    return tuple(_f32([min(k / scale, 1.0)]) for k in range(top + 1))


_PHASE_BYTES: Final = {phase: b for phase, b in zip(PHASES, _one_hot(len(PHASES)), strict=False)}
#: to_move and claimed_this_turn, by ``2·to_move + claimed``.
_TURN_FLAGS: Final = tuple(_f32([float(i >> 1), float(i & 1)]) for i in range(4))
TURN_TOP: Final = int(TURN_SCALE)
DECK_TOP: Final = int(LEGEND_DECK_SCALE)
MAX_COUNT: Final = 80  # no pile holds more cards than the 4-player deck (R1.3)
TURN_BYTES: Final = _scaled(TURN_SCALE, TURN_TOP)
PILE_BYTES: Final = _scaled(PILE_SCALE, MAX_COUNT)
DECK_BYTES: Final = _scaled(LEGEND_DECK_SCALE, DECK_TOP)
_KIND_BYTES: Final = _one_hot(KINDS)  # index KINDS: no card
NO_KIND: Final = _KIND_BYTES[KINDS]
#: The one-hot slice of a card's kind, by card.
KIND_OF: Final[dict[Card, bytes]] = {card: _KIND_BYTES[i] for i, card in enumerate(CARDS)}
_RULESET_BYTES: Final = _one_hot(len(RULESET_NAMES))  # another ruleset: all 0 (R9)
_PLAYERS_BYTES: Final = _one_hot(MAX_PLAYERS - 1)
#: The three flags of a seat in the game, by ``2·current + first``.
SEAT_FLAGS: Final = tuple(_f32([1.0, float(i >> 1), float(i & 1)]) for i in range(4))
#: The flags of every seat of a game of ``n`` players, by ``(n, current, first)``
#: (``current`` −1 once the game is over).
FLAG_SETS: Final = {
    (n, current, first): tuple(
        SEAT_FLAGS[2 * (seat == current) + (seat == first)] for seat in range(n)
    )
    for n in range(2, MAX_PLAYERS + 1)
    for current in range(-1, n)
    for first in range(n)
}
#: The zero blocks of the seats a game of ``n`` players lacks, by ``n``.
ABSENTS: Final = tuple(bytes(4 * SEAT_BLOCK_SIZE * max(MAX_PLAYERS - n, 0)) for n in range(5))
#: The seats of a game of ``n`` players in the order of the blocks, by ``n`` then viewer.
_ORDERS: Final = tuple(
    tuple(tuple((viewer + k) % n for k in range(n)) for viewer in range(n)) for n in range(5)
)

# Counts by kind travel packed in one integer, 16 bits a kind (kind k at bit 16·k), so that
# adding up what every player shows is one addition per player. No count of a valid game
# comes near 2**15 (80 cards in all, R1.3); _GUARDS marks bit 15 of every field so that a
# subtraction that would go below zero stays in its field (and is read as 0).
_FIELD: Final = 16
_UNIT: Final = tuple(1 << (_FIELD * k) for k in range(KINDS))
_GUARDS: Final = sum(0x8000 << (_FIELD * k) for k in range(KINDS))
_ONES: Final = sum(_UNIT)
_HALF_SHIFT: Final = _FIELD * (KINDS // 2)  # the fields of kinds 0–4 below, 5–9 above
_LOW_HALF: Final = (1 << _HALF_SHIFT) - 1
#: By card: its packed unit. By cell (a card, or None for a face-down
#: or empty cell, R8.2): its unit (0 for None: a face-down cell shows nothing) and its 11
#: entries (kind in Card order, 10 for face down).
CARD_UNIT: Final[dict[Card, int]] = {card: _UNIT[i] for i, card in enumerate(CARDS)}
_CELL_UNIT: Final[dict[Card | None, int]] = {
    **{card: _UNIT[i] for i, card in enumerate(CARDS)},
    None: 0,
}
_CELL_BYTES: Final[dict[Card | None, bytes]] = {
    **{card: _KIND_BYTES[i] + _f32([0.0]) for i, card in enumerate(CARDS)},
    None: _f32([0.0] * KINDS + [1.0]),
}
#: What the viewer can have seen at most of each kind, by player count: every card of the
#: deck (R1.3), packed and guarded; ``unseen = base − seen``.
UNSEEN_BASE: Final = {n: _GUARDS + cards_per_kind(n) * _ONES for n in (2, 3, 4)}

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
    for k in range(KINDS // 2):
        field = (packed >> (_FIELD * k)) & 0xFFFF
        if guarded:
            field = field - 0x8000 if field >= 0x8000 else 0
        counts.append(min(field / KIND_SCALE, 1.0))
    return _kept(_counts_cache, key, _f32(counts))


def legend_bytes(legends: tuple[Legend, ...]) -> bytes:
    """The bytes of 15 entries, 1 for each Legend of ``legends`` (in Legend order)."""
    values = [0.0] * len(LEGENDS)
    for legend in legends:
        values[_LEGEND_CODE[legend]] = 1.0
    return _f32(values)


def _hand_bytes(hand: tuple[Card, ...]) -> bytes:
    """The bytes of 10 entries, 1 for each kind in the starting hand (R2.9)."""
    in_hand = [0.0] * KINDS
    for card in hand:
        in_hand[_CARD_CODE[card]] = 1.0
    return _f32(in_hand)


# Sets of Legends and of kinds as bits (Legend i at bit i; kind k at bit 15 + k in a
# player's rest), so that the entries of a set are one look-up by an int: a sum of bits
# is the set when no member comes twice (its bit count is then the number of members);
# a tuple with a member twice (a view built by hand), whose sum may be another set's
# bits, is encoded without the cache, never looked up in it.
_LEGEND_BIT: Final[dict[Legend, int]] = {legend: 1 << i for i, legend in enumerate(LEGENDS)}
_HAND_BIT: Final[dict[Card, int]] = {card: 1 << (len(LEGENDS) + i) for i, card in enumerate(CARDS)}
_row_cache: dict[int, bytes] = {}  # the legend row's 15 entries, by its bits
_rest_cache: dict[int, tuple[bytes, int]] = {}  # a player's 25 entries and hand, by bits


def row_bytes(legend_row: tuple[Legend, ...]) -> bytes:
    """The 15 entries of the legend row (R2.2), cached by its bits (bounded)."""
    bits = sum(map(_LEGEND_BIT.__getitem__, legend_row))
    if bits.bit_count() != len(legend_row):  # a Legend twice: the bits are not the set
        return legend_bytes(legend_row)
    found = _row_cache.get(bits)
    return _kept(_row_cache, bits, legend_bytes(legend_row)) if found is None else found


def rest_bytes(legends: tuple[Legend, ...], hand: tuple[Card, ...]) -> tuple[bytes, int]:
    """The 25 entries of a player's Legends (R6.3) and starting hand (R2.9), and the cards
    of the hand packed (what it shows of each kind), cached by their bits (bounded)."""
    bits = sum(map(_LEGEND_BIT.__getitem__, legends)) + sum(map(_HAND_BIT.__getitem__, hand))
    found = _rest_cache.get(bits) if bits.bit_count() == len(legends) + len(hand) else None
    if found is None:  # new, or a member twice (the bits are not the sets: never cached)
        shown = sum(map(CARD_UNIT.__getitem__, hand))
        found = (legend_bytes(legends) + _hand_bytes(hand), shown)
        if bits.bit_count() == len(legends) + len(hand):
            _kept(_rest_cache, bits, found)
    return found


def _packed(cards: tuple[Card, ...]) -> int:
    """The cards of each kind of ``cards``, packed (the last 80 of a longer pile: no pile
    of a game holds more, R1.3)."""
    counted = cards if len(cards) <= MAX_COUNT else cards[-MAX_COUNT:]
    return sum(map(CARD_UNIT.__getitem__, counted))


def discard_packed(cards: tuple[Card, ...], old: tuple[Card, ...], packed: int) -> int:
    """The cards of each kind of the discard pile ``cards``, packed, counted from ``old``
    (the pile encoded before, whose count is ``packed``) when the two differ by one card
    put on the pile, taken from it, or both (R3), else counted afresh."""
    if len(cards) <= MAX_COUNT and len(old) <= MAX_COUNT:
        grown = len(cards) - len(old)
        if grown == 1:
            if cards[:-1] == old:
                return packed + CARD_UNIT[cards[-1]]
        elif grown == -1:
            if old[:-1] == cards:
                return packed - CARD_UNIT[old[-1]]
        elif grown == 0 and cards and cards[:-1] == old[:-1]:
            return packed - CARD_UNIT[old[-1]] + CARD_UNIT[cards[-1]]
    return _packed(cards)


def _halves(low: int, high: int) -> bytes:
    """The bytes of 10 counts by kind: those of the two halves ``low`` and ``high`` (keys
    of ``_half_counts``)."""
    return (_counts_cache.get(low) or _half_counts(low)) + (
        _counts_cache.get(high) or _half_counts(high)
    )


def pile_counts(packed: int) -> bytes:
    """The bytes of the counts by kind packed in ``packed`` (a pile's), cached by
    ``packed`` (bounded, cleared when full)."""
    return _kept(pile_cache, packed, _halves(packed & _LOW_HALF, packed >> _HALF_SHIFT))


pile_cache: dict[int, bytes] = {}


def scalar(table: tuple[bytes, ...], k: int) -> bytes:
    """``table[k]``, ``k`` clamped to the table (a view built by hand can hold anything)."""
    return table[0 if k < 0 else len(table) - 1 if k >= len(table) else k]


# The bytes of an observation are joined from pieces (4 bytes an entry), kept in a list
# by each encoder, in this order: the global pieces (the slots below), then three pieces
# a seat, by seat (its three flags; its Kingdom; its Legends and hand: two pieces rather
# than one concatenated at each change, measured cheaper), then the zero blocks of the
# seats the game lacks. A viewer's observation takes the seats' pieces in its own order
# (its seat first): GETTERS.
P_PHASE: Final = 0  # the phase one-hot, to_move and claimed_this_turn (7 entries)
P_TURN: Final = 1
P_DRAW: Final = 2
P_DISCARD_SIZE: Final = 3
P_DECK: Final = 4
P_DISCARD: Final = 5  # the counts by kind and the top card (20 entries)
P_DRAWN: Final = 6
P_ROW: Final = 7
P_UNSEEN: Final = 8
P_GAME: Final = 9  # the ruleset and the number of players (5 entries)
P_SEATS: Final = 10  # seat s: its flags at P_SEATS + 3·s, the rest of its block after
SEAT_PIECES: Final = 3


def _pieces_getter(n: int, order: tuple[int, ...]) -> Callable[[list[bytes]], tuple[bytes, ...]]:
    """What takes from the pieces of an ``n``-player game those of one observation, its
    seats in ``order``: the global pieces, each seat's three, the zero blocks."""
    indices = [
        *range(1, P_SEATS),
        *(P_SEATS + SEAT_PIECES * seat + k for seat in order for k in range(SEAT_PIECES)),
        P_SEATS + SEAT_PIECES * n,
    ]
    getter: Callable[[list[bytes]], tuple[bytes, ...]] = operator.itemgetter(0, *indices)
    return getter


#: By player count, then viewer: the pieces of that viewer's observation, in order.
GETTERS: Final = tuple(
    tuple(_pieces_getter(n, order) for order in orders) for n, orders in enumerate(_ORDERS)
)
#: By the id of a phase: its 7 entries with to_move and claimed, by ``2·to_move + claimed``.
PHASE_FLAGS: Final = {
    key: tuple(phase + flags for flags in _TURN_FLAGS) for key, phase in _PHASE_BYTES.items()
}
#: By the code of two cells side by side in a row (``11·first + second``, cell codes of
#: ``bitboard.CODE_OF``): their 22 entries, and the cards they show, packed (an Unexplored
#: Land or an empty centre cell shows no kind, R8.2). A row of ``Kingdom.line_codes``
#: (four cell codes in base ``bitboard.CODES``) is two pairs: ``divmod(row, 11**2)``.
#: A Kingdom is joined from its 8 pairs: 121 pieces of 88 bytes stay in the processor's
#: caches, where a table by whole row (up to 11**4 pieces of 176 bytes, 2.5 MB once full)
#: did not, and cost more by the clock and in instructions (measured).
PAIR: Final = CODES**2
PAIR_BYTES: Final = tuple(
    _CELL_BYTES[CARD_OF_CODE[pair // CODES]] + _CELL_BYTES[CARD_OF_CODE[pair % CODES]]
    for pair in range(PAIR)
)
PAIR_UNIT: Final = tuple(
    _CELL_UNIT[CARD_OF_CODE[pair // CODES]] + _CELL_UNIT[CARD_OF_CODE[pair % CODES]]
    for pair in range(PAIR)
)
#: The 5 entries of the ruleset and the number of players, by ruleset name then count.
GAME_BYTES: Final = {
    name: {n: _RULESET_BYTES[code] + _PLAYERS_BYTES[n - 2] for n in (2, 3, 4)}
    for name, code in _RULESET_CODE.items()
}
OTHER_RULESET: Final = {n: _RULESET_BYTES[-1] + _PLAYERS_BYTES[n - 2] for n in (2, 3, 4)}


def unseen_bytes(unseen: int) -> bytes:
    """The bytes of the unseen counts packed and guarded in ``unseen`` (see ``_GUARDS``),
    cached by ``unseen`` (bounded, cleared when full)."""
    low, high = -(unseen & _LOW_HALF) - 1, -(unseen >> _HALF_SHIFT) - 1  # guarded halves
    return _kept(unseen_cache, unseen, _halves(low, high))


unseen_cache: dict[int, bytes] = {}
