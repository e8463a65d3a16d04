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
# microsecond), so every slice comes from a table of prebuilt bytes or from a bounded cache
# of the objects the engine hands out again (a player who did not move keeps its
# PlayerState and its Kingdom, a pile its tuple). The caches are keyed by id and hold the
# objects they key, so an id is never mistaken for another object's; each is cleared when
# full.
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
_TURN_TOP: Final = int(_TURN_SCALE)
_DECK_TOP: Final = int(_LEGEND_DECK_SCALE)
_MAX_COUNT: Final = 80  # no pile holds more cards than the 4-player deck (R1.3)
_TURN_BYTES: Final = _scaled(_TURN_SCALE, _TURN_TOP)
_PILE_BYTES: Final = _scaled(_PILE_SCALE, _MAX_COUNT)
_DECK_BYTES: Final = _scaled(_LEGEND_DECK_SCALE, _DECK_TOP)
_KIND_BYTES: Final = _one_hot(_KINDS)  # index _KINDS: no card
_NO_KIND: Final = _KIND_BYTES[_KINDS]
#: The ruleset's and the player count's one-hot slices, which follow each other, by
#: ruleset name and player count (another ruleset: the ruleset's entries all 0, R9).
_RULESET_BYTES: Final = _one_hot(len(_RULESET_NAMES))
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
_CELL_SIZE: Final = 4 * _CELL_CHANNELS  # bytes
#: What the viewer can have seen at most of each kind, by player count: every card of the
#: deck (R1.3), packed and guarded; ``unseen = base − seen``.
_UNSEEN_BASE: Final = {n: _GUARDS + cards_per_kind(n) * _ONES for n in (2, 3, 4)}

_player_cache: dict[int, tuple[PlayerState, bytes, int]] = {}
_extras_cache: dict[tuple[int, int], tuple[tuple[Legend, ...], tuple[Card, ...], bytes]] = {}
_row_cache: dict[int, tuple[tuple[Legend, ...], bytes]] = {}
_discard_cache: dict[int, tuple[tuple[Card, ...], int, bytes]] = {}
_counts_cache: dict[int, bytes] = {}
# The player last encoded at each seat: its Kingdom's cells, Legends, hand, block and counts.
# The next player of that seat most often differs from it in one cell (one card action),
# and is encoded from it. One entry per seat: at most MAX_PLAYERS (``_encode`` checks the
# player count first).
_last_player: dict[
    int, tuple[tuple[Card | None, ...], tuple[Legend, ...], tuple[Card, ...], bytes, int]
] = {}


def _counts_bytes(packed: int, guarded: bool = False) -> bytes:
    """The bytes of a slice of counts by kind (packed), each divided by 8, at most 1.

    With ``guarded``, every field carries bit 15 (see ``_GUARDS``); a field without it
    went below zero and counts 0. Each half of the slice (5 kinds) is cached by its
    fields: far fewer values than the whole.
    """
    low, high = packed & _LOW_HALF, packed >> _HALF_SHIFT
    if guarded:
        low, high = -low - 1, -high - 1
    a = _counts_cache.get(low)
    if a is None:
        a = _half_counts(low)
    b = _counts_cache.get(high)
    if b is None:
        b = _half_counts(high)
    return a + b


def _half_counts(key: int) -> bytes:
    """The bytes of 5 counts by kind, packed in ``key`` (guarded and negated if < 0)."""
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


def _player_block(player: PlayerState, seat: int) -> tuple[PlayerState, bytes, int]:
    """``player``'s cache entry: itself, its seat block after the three flags, and the
    cards of each kind it shows (revealed or in hand), packed.

    A player new to the cache is encoded from the one last encoded at ``seat`` when the
    two have the same Legends and hand and their Kingdoms differ in one cell (one card
    action): the cells are compared, so any player is encoded right; else cell by cell.
    """
    cells = player.kingdom.cells
    legends, hand = player.legends, player.hand
    last = _last_player.get(seat)
    body: bytes | None = None
    if last is not None and last[1] is legends and last[2] is hand:
        changed = bytes(map(is_not, cells, last[0]))
        count = changed.count(1)
        if count == 1:
            i = changed.find(1)
            at = _CELL_SIZE * i
            block = last[3]
            body = block[:at] + _CELL_BYTES[id(cells[i])] + block[at + _CELL_SIZE :]
            shown = last[4] - _CELL_UNIT[id(last[0][i])] + _CELL_UNIT[id(cells[i])]
        elif count == 0:
            body, shown = last[3], last[4]
    if body is None:
        ids = tuple(map(id, cells))
        shown = sum(map(_CELL_UNIT.__getitem__, ids))
        if hand:
            shown += sum(map(_CARD_UNIT.__getitem__, map(id, hand)))
        body = b"".join(map(_CELL_BYTES.__getitem__, ids)) + _extras(legends, hand)
    _last_player[seat] = (cells, legends, hand, body, shown)
    if len(_player_cache) >= _CACHE_LIMIT:
        _player_cache.clear()
    hit = _player_cache[id(player)] = (player, body, shown)
    return hit


def _discard(cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], int, bytes]:
    """A discard pile's cache entry: itself, the cards of each kind in it (packed), and the
    slices of its counts and its top card."""
    hit = _discard_cache.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit
    counted = cards if len(cards) <= _MAX_COUNT else cards[-_MAX_COUNT:]  # not a pile of any
    packed = sum(map(_CARD_UNIT.__getitem__, map(id, counted)))  # game (R1.3): what fits
    found = _counts_bytes(packed) + (_KIND_BYTES[_CARD_CODE[id(cards[-1])]] if cards else _NO_KIND)
    if len(_discard_cache) >= _CACHE_LIMIT:
        _discard_cache.clear()
    hit = _discard_cache[id(cards)] = (cards, packed, found)
    return hit


def _scalar(table: tuple[bytes, ...], k: int) -> bytes:
    """``table[k]``, ``k`` clamped to the table (a view built by hand can hold anything)."""
    return table[0 if k < 0 else len(table) - 1]


def _encode(
    source: PlayerView | GameState,
    viewer: int,
    ruleset: str,
    draw_size: int,
    deck_size: int,
    drawn: Card | None,
) -> npt.NDArray[np.float32]:
    """The observation of the view of ``viewer`` with these fields and the others of
    ``source``, the view or the state: ``players``, ``current_player``, ``first_player``,
    ``phase``, ``turn``, ``discard_pile``, ``legend_row``, ``claimed_this_turn``, which
    ``player_view`` copies from the state (see ``observe``)."""
    players = source.players
    n = len(players)
    unseen = _UNSEEN_BASE.get(n)
    if unseen is None:
        cards_per_kind(n)  # raises PlayerCountError: not 2 to 4 players (R1.3)
        raise AssertionError(n)  # pragma: no cover - cards_per_kind raised
    # The slices from the caches (their hits inline: a call costs more than the look-up).
    discard = source.discard_pile
    hit = _discard_cache.get(id(discard))
    if hit is None or hit[0] is not discard:
        hit = _discard(discard)
    seen, discard_bytes = hit[1], hit[2]
    row = source.legend_row
    row_hit = _row_cache.get(id(row))
    row_bytes = row_hit[1] if row_hit is not None and row_hit[0] is row else _row(row)
    current = source.current_player
    first = source.first_player
    phase = source.phase
    to_move = viewer == current
    if phase is _OVER:
        current = -1
        to_move = False
    blocks: list[bytes] = []
    get_player = _player_cache.get
    for seat in _ORDERS[n][viewer % n]:
        player = players[seat]
        entry = get_player(id(player))
        if entry is None or entry[0] is not player:
            entry = _player_block(player, seat)
        blocks.append(_SEAT_FLAGS[2 * (seat == current) + (seat == first)])
        blocks.append(entry[1])
        seen += entry[2]
    # What the viewer has seen of each kind: the discard pile, every revealed card, every
    # hand, the drawn card. The rest of the deck (R1.3) is unseen.
    if drawn is None:
        drawn_bytes = _NO_KIND
    else:
        code = _CARD_CODE[id(drawn)]
        seen += _UNIT[code]
        drawn_bytes = _KIND_BYTES[code]
    unseen -= seen
    low, high = -(unseen & _LOW_HALF) - 1, -(unseen >> _HALF_SHIFT) - 1  # see _counts_bytes
    turn = source.turn
    discard_size = len(discard)
    data = bytearray().join(
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
            discard_bytes,
            drawn_bytes,
            row_bytes,
            _counts_cache.get(low) or _half_counts(low),
            _counts_cache.get(high) or _half_counts(high),
            _RULESET_BYTES[_RULESET_CODE.get(ruleset, len(_RULESET_NAMES))],
            _PLAYERS_BYTES[n - 2],
            *blocks,
            _ABSENTS[n],
        ]
    )
    return np.frombuffer(data, np.float32)


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
    return _encode(
        view,
        view.viewer,
        view.ruleset,
        view.draw_pile_size,
        view.legend_deck_size,
        view.drawn,
    )


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
    players = state.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
        raise GameError(
            f"the player is a seat from 0 to {len(players) - 1} in a {len(players)}-player "
            f"game, not {seat!r:.40}"
        )
    return _encode(
        state,
        seat,
        state.ruleset.name,
        len(state.draw_pile),
        len(state.legend_deck),
        state.drawn if seat == state.current_player else None,
    )
