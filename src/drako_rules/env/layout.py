"""Where each entry of the observation vector lies: `LAYOUT`, `SEAT_LAYOUT` and the sizes.

The table of what each slice means is in `drako_rules.env.observation`;
this module holds the slices, and the scales that counts are divided by.
"""

from __future__ import annotations

from typing import Final

from drako_rules._kernel.board import CARDS, LEGENDS
from drako_rules.game import Phase

__all__ = [
    "KINDS",
    "KIND_SCALE",
    "LAYOUT",
    "LEGEND_DECK_SCALE",
    "MAX_PLAYERS",
    "OBSERVATION_SIZE",
    "PHASES",
    "PILE_SCALE",
    "RULESET_NAMES",
    "SEAT_BLOCK_SIZE",
    "SEAT_LAYOUT",
    "TURN_SCALE",
]

#: The most players a game has (R1.3): the observation has one seat block for each.
MAX_PLAYERS: Final = 4

#: The phases in the order of the ``phase`` one-hot.
PHASES: Final = tuple(Phase)
#: The rulesets of the ``ruleset`` one-hot (another ruleset: both 0, R9).
RULESET_NAMES: Final = ("pocket", "classic")
#: The kinds of card (10), in Card order.
KINDS: Final = len(CARDS)
_CELL_CHANNELS: Final = KINDS + 1  # 10 kinds, then "face down or empty"
#: Turn numbers, discard and draw pile sizes and Legend deck sizes are divided by these.
TURN_SCALE: Final = 100.0
PILE_SCALE: Final = 80.0  # the 4-player deck (R1.3)
LEGEND_DECK_SCALE: Final = 7.0  # 15 Legends minus the row of 8 (R2.2)
KIND_SCALE: Final = 8.0  # cards of one kind in the 4-player deck (R1.2)


def _layout(sizes: tuple[tuple[str, int], ...], start: int = 0) -> dict[str, slice]:
    out: dict[str, slice] = {}
    for name, size in sizes:
        out[name] = slice(start, start + size)
        start += size
    return out


_GLOBAL_SIZES: Final = (
    ("phase", len(PHASES)),
    ("to_move", 1),
    ("claimed_this_turn", 1),
    ("turn", 1),
    ("draw_pile_size", 1),
    ("discard_pile_size", 1),
    ("legend_deck_size", 1),
    ("discard_counts", KINDS),
    ("discard_top", KINDS),
    ("drawn", KINDS),
    ("legend_row", len(LEGENDS)),
    ("unseen", KINDS),
    ("ruleset", len(RULESET_NAMES)),
    ("players", MAX_PLAYERS - 1),
)
_SEAT_SIZES: Final = (
    ("present", 1),
    ("current", 1),
    ("first", 1),
    ("kingdom", 16 * _CELL_CHANNELS),
    ("legends", len(LEGENDS)),
    ("hand", KINDS),
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
