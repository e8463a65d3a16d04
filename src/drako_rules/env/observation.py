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
from typing import Final

import numpy as np
import numpy.typing as npt

from drako_rules.cards import Card, Legend, cards_per_kind
from drako_rules.game import Phase, PlayerState, PlayerView

__all__ = [
    "LAYOUT",
    "MAX_PLAYERS",
    "OBSERVATION_SIZE",
    "SEAT_BLOCK_SIZE",
    "SEAT_LAYOUT",
    "observe",
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
_CELL_CODE: Final[dict[int, int]] = {**_CARD_CODE, id(None): _KINDS}
_LEGEND_CODE: Final[dict[int, int]] = {id(legend): i for i, legend in enumerate(_LEGENDS)}
_PHASE_CODE: Final[dict[int, int]] = {id(phase): i for i, phase in enumerate(_PHASES)}
_RULESET_CODE: Final[dict[str, int]] = {name: i for i, name in enumerate(_RULESET_NAMES)}

_PHASE: Final = LAYOUT["phase"].start
_TO_MOVE: Final = LAYOUT["to_move"].start
_CLAIMED: Final = LAYOUT["claimed_this_turn"].start
_TURN: Final = LAYOUT["turn"].start
_DRAW_SIZE: Final = LAYOUT["draw_pile_size"].start
_DISCARD_SIZE: Final = LAYOUT["discard_pile_size"].start
_DECK_SIZE: Final = LAYOUT["legend_deck_size"].start
_DISCARD_COUNTS: Final = LAYOUT["discard_counts"].start
_DISCARD_TOP: Final = LAYOUT["discard_top"].start
_DRAWN: Final = LAYOUT["drawn"].start
_ROW: Final = LAYOUT["legend_row"].start
_UNSEEN: Final = LAYOUT["unseen"].start
_RULESET: Final = LAYOUT["ruleset"].start
_PLAYERS: Final = LAYOUT["players"].start
_KINGDOM: Final = SEAT_LAYOUT["kingdom"].start
_SEAT_LEGENDS: Final = SEAT_LAYOUT["legends"].start
_HAND: Final = SEAT_LAYOUT["hand"].start
_CELL_BASES: Final = tuple(_KINGDOM + _CELL_CHANNELS * i for i in range(16))

# The observation is assembled from float32 bytes, then viewed as an array: a few NumPy
# calls on small arrays cost more than the whole encoding (each takes about a
# microsecond), so every slice comes from a table of prebuilt bytes or from a bounded cache
# of the objects the engine hands out again (a player who did not move keeps its
# PlayerState, a pile its tuple). The caches are keyed by id and hold the objects they
# key, so an id is never mistaken for another object's; each is cleared when full.
_CACHE_LIMIT: Final = 4096


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
_TURN_BYTES: Final = _scaled(_TURN_SCALE, int(_TURN_SCALE))
_PILE_BYTES: Final = _scaled(_PILE_SCALE, int(_PILE_SCALE))
_DECK_BYTES: Final = _scaled(_LEGEND_DECK_SCALE, int(_LEGEND_DECK_SCALE))
_KIND_BYTES: Final = _one_hot(_KINDS)  # index _KINDS: no card
_RULESET_BYTES: Final = _one_hot(len(_RULESET_NAMES))
_PLAYERS_BYTES: Final = _one_hot(MAX_PLAYERS - 1)
#: The three flags of a seat in the game, by ``2·current + first``.
_SEAT_FLAGS: Final = tuple(_f32([1.0, float(i >> 1), float(i & 1)]) for i in range(4))
#: The 11 entries of one Kingdom cell, by code (kind in Card order, 10 for face down).
_CELL_BYTES: Final = _one_hot(_CELL_CHANNELS)[:_CELL_CHANNELS]
#: The zero blocks of the seats a game of ``n`` players lacks, by ``n``.
_ABSENTS: Final = tuple(bytes(4 * SEAT_BLOCK_SIZE * max(MAX_PLAYERS - n, 0)) for n in range(5))
_TURN_TOP: Final = int(_TURN_SCALE)
_DECK_TOP: Final = int(_LEGEND_DECK_SCALE)
_MAX_COUNT: Final = 80  # no pile holds more cards than the 4-player deck (R1.3)

# Counts by kind travel packed in one integer, 16 bits a kind (kind k at bit 16·k), so that
# adding up what every player shows is one addition per player. No count of a valid game
# comes near 2**15 (80 cards in all, R1.3); _GUARDS marks bit 15 of every field so that a
# subtraction that would go below zero stays in its field (and is read as 0).
_FIELD: Final = 16
_UNIT: Final = tuple(1 << (_FIELD * k) for k in range(_KINDS))
_CELL_UNIT: Final = (*_UNIT, 0)  # by cell code: a face-down cell shows nothing
_GUARDS: Final = sum(0x8000 << (_FIELD * k) for k in range(_KINDS))
_ONES: Final = sum(_UNIT)

_player_cache: dict[int, tuple[PlayerState, bytes, int]] = {}
_extras_cache: dict[tuple[int, int], tuple[tuple[Legend, ...], tuple[Card, ...], bytes]] = {}
_row_cache: dict[int, tuple[tuple[Legend, ...], bytes]] = {}
_discard_cache: dict[int, tuple[tuple[Card, ...], int, bytes]] = {}
_counts_cache: dict[int, bytes] = {}


def _counts_bytes(packed: int, guarded: bool = False) -> bytes:
    """The bytes of a slice of counts by kind (packed), each divided by 8, at most 1.

    With ``guarded``, every field carries bit 15 (see ``_GUARDS``); a field without it
    went below zero and counts 0.
    """
    key = packed if not guarded else -packed - 1
    found = _counts_cache.get(key)
    if found is None:
        counts = []
        for k in range(_KINDS):
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


def _row(row: tuple[Legend, ...]) -> bytes:
    """The legend row's slice."""
    hit = _row_cache.get(id(row))
    if hit is not None and hit[0] is row:
        return hit[1]
    found = _legend_bytes(row)
    if len(_row_cache) >= _CACHE_LIMIT:
        _row_cache.clear()
    _row_cache[id(row)] = (row, found)
    return found


def _extras(legends: tuple[Legend, ...], hand: tuple[Card, ...]) -> bytes:
    """The Legends and hand entries of a seat block."""
    key = (id(legends), id(hand))
    hit = _extras_cache.get(key)
    if hit is not None and hit[0] is legends and hit[1] is hand:
        return hit[2]
    in_hand = [0.0] * _KINDS
    for card in hand:
        in_hand[_CARD_CODE[id(card)]] = 1.0
    found = _legend_bytes(legends) + _f32(in_hand)
    if len(_extras_cache) >= _CACHE_LIMIT:
        _extras_cache.clear()
    _extras_cache[key] = (legends, hand, found)
    return found


def _player_block(player: PlayerState) -> tuple[bytes, int]:
    """``player``'s seat block after its three flags, and the cards of each kind it shows
    (revealed or in hand), packed."""
    hit = _player_cache.get(id(player))
    if hit is not None and hit[0] is player:
        return hit[1], hit[2]
    codes = list(map(_CELL_CODE.__getitem__, map(id, player.kingdom.cells)))
    hand = player.hand
    shown = sum(map(_CELL_UNIT.__getitem__, codes))
    if hand:
        shown += sum(map(_UNIT.__getitem__, map(_CARD_CODE.__getitem__, map(id, hand))))
    body = b"".join(map(_CELL_BYTES.__getitem__, codes)) + _extras(player.legends, hand)
    if len(_player_cache) >= _CACHE_LIMIT:
        _player_cache.clear()
    _player_cache[id(player)] = (player, body, shown)
    return body, shown


def _discard(cards: tuple[Card, ...]) -> tuple[int, bytes]:
    """The cards of each kind in a discard pile (packed), and their slice of the observation."""
    hit = _discard_cache.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1], hit[2]
    if len(cards) > _MAX_COUNT:  # not a pile of any game (R1.3): count only what fits
        cards = cards[-_MAX_COUNT:]
    packed = sum(map(_UNIT.__getitem__, map(_CARD_CODE.__getitem__, map(id, cards))))
    found = (packed, _counts_bytes(packed))
    if len(_discard_cache) >= _CACHE_LIMIT:
        _discard_cache.clear()
    _discard_cache[id(cards)] = (cards, *found)
    return found


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
    n = len(view.players)
    discard = view.discard_pile
    drawn = view.drawn
    seen, discard_bytes = _discard(discard)
    viewer, current, first = view.viewer, view.current_player, view.first_player
    if view.is_over:
        current = -1
    players = view.players
    blocks: list[bytes] = []
    for k in range(n):
        seat = (viewer + k) % n
        block, shown = _player_block(players[seat])
        blocks.append(_SEAT_FLAGS[2 * (seat == current) + (seat == first)])
        blocks.append(block)
        seen += shown
    # What the viewer has seen of each kind: the discard pile, every revealed card, every
    # hand, the drawn card. The rest of the deck (R1.3) is unseen.
    drawn_code = _KINDS if drawn is None else _CARD_CODE[id(drawn)]
    if drawn is not None:
        seen += _UNIT[drawn_code]
    unseen = _GUARDS + cards_per_kind(n) * _ONES - seen
    ruleset = _RULESET_CODE.get(view.ruleset, len(_RULESET_NAMES))
    data = bytearray().join(
        (
            _PHASE_BYTES[id(view.phase)],
            _TURN_FLAGS[
                2 * (view.viewer == view.current_player and current >= 0) + view.claimed_this_turn
            ],
            _TURN_BYTES[min(max(view.turn, 0), _TURN_TOP)],
            _PILE_BYTES[min(max(view.draw_pile_size, 0), _MAX_COUNT)],
            _PILE_BYTES[min(len(discard), _MAX_COUNT)],
            _DECK_BYTES[min(max(view.legend_deck_size, 0), _DECK_TOP)],
            discard_bytes,
            _KIND_BYTES[_CARD_CODE[id(discard[-1])] if discard else _KINDS],
            _KIND_BYTES[drawn_code],
            _row(view.legend_row),
            _counts_bytes(unseen, guarded=True),
            _RULESET_BYTES[ruleset],
            _PLAYERS_BYTES[n - 2],
            *blocks,
            _ABSENTS[n],
        )
    )
    return np.frombuffer(data, np.float32)
