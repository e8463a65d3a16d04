"""The float32 pieces an observation is joined from, read from the kernel's codes.

The observation is assembled from float32 bytes, then viewed as an array: a few NumPy
calls on small arrays cost more than the whole encoding (each takes about a
microsecond), so every slice comes from a table of prebuilt bytes, looked up by small
integers: a card's code (``drako_rules._kernel.board.CODE_OF``, 10 for a face-down or
empty cell), a pair of cells, a set of Legends or kinds as bits, counts by kind packed.
The `ObservationEncoder` keeps the pieces of its last vector and asks these tables only
for what changed. Every cache here is bounded and emptied when full.

Counts by kind travel packed in two integers, each of which stays a machine word: the
kinds 0–4 in the low half, 5–9 in the high half, 12 bits a kind (kind ``k`` of a half at
bit ``12·k``). Adding up what every player shows is then two additions of small integers.
"""

from __future__ import annotations

import struct
from typing import Final, TypeVar

from drako_rules._kernel.board import CARD_OF_CODE, CODES, LEGENDS, UNEXPLORED
from drako_rules.cards import cards_per_kind
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
    "DECK_BYTES",
    "DECK_TOP",
    "FLAG_SETS",
    "GAME_BYTES",
    "HAND_CAP",
    "KIND_BYTES",
    "MAX_COUNT",
    "OTHER_RULESET",
    "PAIR_BYTES",
    "PAIR_HI",
    "PAIR_LO",
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
    "SEAT_PIECES",
    "SLOTS",
    "TURN_BYTES",
    "TURN_TOP",
    "UNIT_HI",
    "UNIT_LO",
    "UNSEEN_BASE",
    "counts_bytes",
    "pile_halves",
    "rest_bytes",
    "row_bytes",
    "scalar",
    "seat_flags",
    "unseen_bytes",
]


def _f32(values: list[float]) -> bytes:
    return struct.pack(f"{len(values)}f", *values)


def _one_hot(size: int) -> tuple[bytes, ...]:
    """The bytes of a one-hot slice of ``size`` entries, by hot entry; the last item all 0."""
    return (*(_f32([float(i == k) for i in range(size)]) for k in range(size)), _f32([0.0] * size))


def _scaled(scale: float, top: int) -> tuple[bytes, ...]:
    """The bytes of one entry ``min(k / scale, 1)``, by ``k`` from 0 to ``top``."""
    return tuple(_f32([min(k / scale, 1.0)]) for k in range(top + 1))


#: to_move and claimed_this_turn, by ``2·to_move + claimed``.
_TURN_FLAGS: Final = tuple(_f32([float(i >> 1), float(i & 1)]) for i in range(4))
#: By phase, in ``PHASES`` order: its 7 entries with to_move and claimed, by
#: ``2·to_move + claimed``.
PHASE_FLAGS: Final = tuple(
    tuple(phase + flags for flags in _TURN_FLAGS) for phase in _one_hot(len(PHASES))[:-1]
)
TURN_TOP: Final = int(TURN_SCALE)
DECK_TOP: Final = int(LEGEND_DECK_SCALE)
MAX_COUNT: Final = 80  # no pile holds more cards than the 4-player deck (R1.3)
TURN_BYTES: Final = _scaled(TURN_SCALE, TURN_TOP)
PILE_BYTES: Final = _scaled(PILE_SCALE, MAX_COUNT)
DECK_BYTES: Final = _scaled(LEGEND_DECK_SCALE, DECK_TOP)
#: The one-hot slice of a card's kind, by card code; ``KIND_BYTES[UNEXPLORED]``: no card.
KIND_BYTES: Final = _one_hot(KINDS)
_RULESET_BYTES: Final = _one_hot(len(RULESET_NAMES))  # another ruleset: all 0 (R9)
_PLAYERS_BYTES: Final = _one_hot(MAX_PLAYERS - 1)
#: The zero blocks of the seats a game of ``n`` players lacks, by ``n``.
ABSENTS: Final = tuple(bytes(4 * SEAT_BLOCK_SIZE * max(MAX_PLAYERS - n, 0)) for n in range(5))

# Counts by kind, packed in two halves (module documentation). No count a game shows comes
# near 2**11 (80 cards in all, R1.3, and a hand-built view's hand is capped, HAND_CAP); the
# unseen counts are guarded: every field of ``UNSEEN_BASE`` carries bit 11, so that a
# subtraction that would go below zero stays in its field (and is read as 0).
_FIELD: Final = 12
_HALF: Final = KINDS // 2
_MASK: Final = (1 << _FIELD) - 1
_GUARD: Final = 1 << (_FIELD - 1)
_ONES: Final = sum(1 << (_FIELD * k) for k in range(_HALF))
#: By card code: its unit in the low half (kinds 0–4) and in the high half (kinds 5–9);
#: 0 for ``UNEXPLORED`` (a face-down or empty cell shows nothing, R8.2).
UNIT_LO: Final = tuple(1 << (_FIELD * c) if c < _HALF else 0 for c in range(CODES))
UNIT_HI: Final = tuple(
    1 << (_FIELD * (c - _HALF)) if _HALF <= c < KINDS else 0 for c in range(CODES)
)
#: The most cards of one kind counted in a hand (a hand-built view may hold any number;
#: a game's hand holds one of a kind, R2.9): more than the deck holds, so that the kind's
#: unseen count is 0 all the same, and few enough that no field overflows.
HAND_CAP: Final = 127
#: What the viewer can have seen at most of each kind, by player count: every card of the
#: deck (R1.3), the two halves guarded; ``unseen = base − seen``.
UNSEEN_BASE: Final = {n: (_ONES * (_GUARD + cards_per_kind(n)),) * 2 for n in (2, 3, 4)}
#: The entry of one count ``c`` of a kind, ``min(c / 8, 1)``, by ``c`` up to 8.
_COUNT_BYTES: Final = _scaled(KIND_SCALE, int(KIND_SCALE))
_COUNT_TOP: Final = int(KIND_SCALE)

# The slices of 5 counts, by their half (plain, or guarded): bounded, emptied when full.
_CACHE_LIMIT: Final = 2**14
_plain_halves: dict[int, bytes] = {}
_guarded_halves: dict[int, bytes] = {}

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


def _plain_half(half: int) -> bytes:
    """The 5 entries of the counts packed in ``half``, each ``min(count / 8, 1)``."""
    counts = []
    for k in range(_HALF):
        count = (half >> (_FIELD * k)) & _MASK
        counts.append(_COUNT_BYTES[count if count < _COUNT_TOP else _COUNT_TOP])
    return _kept(_plain_halves, half, b"".join(counts))


def _guarded_half(half: int) -> bytes:
    """The 5 entries of the guarded counts packed in ``half``: a field without its guard
    bit went below zero and counts 0."""
    counts = []
    for k in range(_HALF):
        field = (half >> (_FIELD * k)) & _MASK
        count = field - _GUARD if field >= _GUARD else 0
        counts.append(_COUNT_BYTES[count if count < _COUNT_TOP else _COUNT_TOP])
    return _kept(_guarded_halves, half, b"".join(counts))


def counts_bytes(lo: int, hi: int) -> bytes:
    """The 10 entries of the counts by kind packed in ``lo`` and ``hi`` (a pile's)."""
    return (_plain_halves.get(lo) or _plain_half(lo)) + (_plain_halves.get(hi) or _plain_half(hi))


def unseen_bytes(lo: int, hi: int) -> bytes:
    """The 10 entries of the guarded unseen counts packed in ``lo`` and ``hi``."""
    return (_guarded_halves.get(lo) or _guarded_half(lo)) + (
        _guarded_halves.get(hi) or _guarded_half(hi)
    )


def pile_halves(codes: tuple[int, ...]) -> tuple[int, int]:
    """The cards of each kind of the pile of card codes ``codes``, packed in two halves (the
    last 80 of a longer pile: no pile of a game holds more, R1.3)."""
    lo = hi = 0
    for code in codes if len(codes) <= MAX_COUNT else codes[-MAX_COUNT:]:
        lo += UNIT_LO[code]
        hi += UNIT_HI[code]
    return lo, hi


def _set_bytes(bits: int, size: int) -> bytes:
    """The bytes of ``size`` entries, 1 for each bit of ``bits``."""
    return _f32([float(bits >> i & 1) for i in range(size)])


_LEGEND_COUNT: Final = len(LEGENDS)
_row_cache: dict[int, bytes] = {}  # the legend row's 15 entries, by its bits
_rest_cache: dict[int, bytes] = {}  # a player's Legends' and hand's 25 entries, by bits


def row_bytes(row_mask: int) -> bytes:
    """The 15 entries of the legend row (R2.2) of the Legends of ``row_mask`` (Legend ``i``
    at bit ``i``), cached (bounded)."""
    found = _row_cache.get(row_mask)
    if found is None:
        found = _kept(_row_cache, row_mask, _set_bytes(row_mask, _LEGEND_COUNT))
    return found


def rest_bytes(bits: int) -> bytes:
    """The 25 entries of a player's Legends (R6.3) and starting hand (R2.9) as bits: Legend
    ``i`` at bit ``i``, the kind of card code ``c`` at bit ``15 + c``; cached (bounded)."""
    found = _rest_cache.get(bits)
    if found is None:
        found = _kept(_rest_cache, bits, _set_bytes(bits, _LEGEND_COUNT + KINDS))
    return found


def scalar(table: tuple[bytes, ...], k: int) -> bytes:
    """``table[k]``, ``k`` clamped to the table (a view built by hand can hold anything)."""
    return table[0 if k < 0 else len(table) - 1 if k >= len(table) else k]


# The bytes of an observation are joined from pieces (4 bytes an entry). An encoder keeps
# one list of pieces for each viewer, in the order of its vector: the global pieces (the
# slots below), then three pieces a seat, the seats in the viewer's order (its own first:
# ``SLOTS``): its three flags; its Kingdom; its Legends and hand (two pieces rather than
# one concatenated at each change, measured cheaper), then the zero blocks of the seats the
# game lacks.
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
P_SEATS: Final = 10  # the first seat's flags; the rest of its block after, then the next
SEAT_PIECES: Final = 3
#: By player count, viewer and seat: where the seat's pieces start in the viewer's list.
SLOTS: Final = tuple(
    tuple(
        tuple(P_SEATS + SEAT_PIECES * ((seat - viewer) % n) for seat in range(n))
        for viewer in range(n)
    )
    for n in range(MAX_PLAYERS + 1)
)
#: The three flags of a seat in the game, by ``2·current + first``.
SEAT_FLAGS: Final = tuple(_f32([1.0, float(i >> 1), float(i & 1)]) for i in range(4))


def seat_flags(n: int, current: int, first: int) -> tuple[tuple[bytes, ...], ...]:
    """The flags of every seat of a game of ``n`` players (``current`` −1 once the game is
    over, or any seat of a view built by hand), by viewer, in that viewer's order."""
    flags = [SEAT_FLAGS[2 * (seat == current) + (seat == first)] for seat in range(n)]
    return tuple(tuple(flags[(v + k) % n] for k in range(n)) for v in range(n))


#: ``seat_flags`` of every game's seats, by ``(n, current, first)``.
FLAG_SETS: Final = {
    (n, current, first): seat_flags(n, current, first)
    for n in range(2, MAX_PLAYERS + 1)
    for current in range(-1, n)
    for first in range(n)
}
_CELL_BYTES: Final = tuple(
    KIND_BYTES[code] + _f32([float(code == UNEXPLORED)]) for code in range(CODES)
)
#: By the code of two cells side by side in a row (``11·first + second``, card codes): their
#: 22 entries (a face-down or empty cell shows no kind, R8.2), and the cards they show by
#: kind, packed (``PAIR_LO``, ``PAIR_HI``). A Kingdom is joined from its 8 pairs: 121
#: pieces of 88 bytes stay in the processor's caches, where a table by whole row (up to
#: 11**4 pieces of 176 bytes, 2.5 MB once full) did not, and cost more by the clock and in
#: instructions (measured).
PAIR: Final = CODES**2
PAIR_BYTES: Final = tuple(
    _CELL_BYTES[pair // CODES] + _CELL_BYTES[pair % CODES] for pair in range(PAIR)
)
PAIR_LO: Final = tuple(UNIT_LO[pair // CODES] + UNIT_LO[pair % CODES] for pair in range(PAIR))
PAIR_HI: Final = tuple(UNIT_HI[pair // CODES] + UNIT_HI[pair % CODES] for pair in range(PAIR))
#: The 5 entries of the ruleset and the number of players, by ruleset name then count.
GAME_BYTES: Final = {
    name: {n: _RULESET_BYTES[code] + _PLAYERS_BYTES[n - 2] for n in (2, 3, 4)}
    for code, name in enumerate(RULESET_NAMES)
}
OTHER_RULESET: Final = {n: _RULESET_BYTES[-1] + _PLAYERS_BYTES[n - 2] for n in (2, 3, 4)}
assert CARD_OF_CODE[UNEXPLORED] is None and len(KIND_BYTES) == CODES
