"""The environments' actions: action ids and their moves, and masks of legal moves.

An action is the fixed id of a move, ``0 <= id < 89``
(`action_id`, R2.5, R3, R6.1): the same ids in every
game. A mask has one entry per id, 1 (or True) for each legal move. It is computed from
the legal moves alone, each giving its own id: nothing of the observation is encoded
for it, and nothing is kept between calls.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Final

import numpy as np
import numpy.typing as npt

from drako_rules.errors import InvalidMoveError, quote
from drako_rules.game import ACTION_SPACE_SIZE, MOVES, Move, PlayerView

__all__ = [
    "MOVE_OF",
    "action_mask",
    "action_to_move",
    "actions_mask",
    "legal_mask",
    "moves_mask",
]

#: The move of each action id, by the id as a Python integer.
MOVE_OF: Final[dict[int, Move]] = dict(enumerate(MOVES))
_INT8: Final = np.dtype(np.int8)
_BOOL: Final = np.dtype(np.bool_)
#: The bytes of a mask of action ids: one bit per id.
_MASK_BYTES: Final = (ACTION_SPACE_SIZE + 7) // 8
#: One more than the mask of every action id.
_ALL_ACTIONS: Final = 1 << ACTION_SPACE_SIZE


def _entries(moves: Iterable[Move]) -> bytearray:
    """89 bytes, 1 at the action id of each move of ``moves``, 0 elsewhere.

    Raises:
        InvalidMoveError: ``moves`` is not an iterable of Moves.
    """
    try:
        each = iter(moves)
    except TypeError:
        raise InvalidMoveError(f"a mask is made of Moves, not of {quote(moves)}") from None
    entries = bytearray(ACTION_SPACE_SIZE)
    for move in each:
        if not isinstance(move, Move):
            raise InvalidMoveError(f"a mask is made of Moves, not of {quote(move)}")
        entries[move.action_id] = 1  # a Move's id is in range (an invalid Move raises)
    return entries


def moves_mask(moves: Iterable[Move]) -> npt.NDArray[np.int8]:
    """89 int8, 1 for the action id of each move of ``moves`` (R2.5, R3, R6.1): a new
    writable array.

    Raises:
        InvalidMoveError: ``moves`` is not an iterable of Moves.

    Examples:
        >>> from drako_rules import new_game, legal_moves
        >>> int(moves_mask(legal_moves(new_game(2, seed=1))).sum()), int(moves_mask(()).sum())
        (24, 0)
    """
    # an array over a new bytearray: writable, the caller's own, one NumPy call
    return np.frombuffer(_entries(moves), _INT8)


def actions_mask(actions: int) -> npt.NDArray[np.int8]:
    """89 int8, 1 at each action id whose bit is set in ``actions`` (bit ``a`` for the move
    of id ``a``, as the kernel's legal actions come, R2.5, R3, R6.1, R8): what `moves_mask`
    gives for the moves of those ids, without making them: a new writable array.

    Raises:
        InvalidMoveError: ``actions`` is not an integer of 89 bits (a bool is refused too).

    Examples:
        >>> from drako_rules import new_game
        >>> from drako_rules.game.legal import seat_action_bits
        >>> int(actions_mask(seat_action_bits(new_game(2, seed=1), 0)).sum())
        24
    """
    if type(actions) is not int or not 0 <= actions < _ALL_ACTIONS:
        raise InvalidMoveError(
            "a mask of actions is an integer of 89 bits (bit a for the action a),"
            f" not {quote(actions)}"
        )
    # the integer's bytes, least significant first, unpacked a bit per entry: a new array
    packed = np.frombuffer(actions.to_bytes(_MASK_BYTES, "little"), np.uint8)
    return np.unpackbits(packed, count=ACTION_SPACE_SIZE, bitorder="little").view(np.int8)


def legal_mask(moves: Iterable[Move]) -> npt.NDArray[np.bool_]:
    """`moves_mask` as 89 booleans, the form of the
    ``action_masks()`` hook of sb3-contrib's ``MaskablePPO``: a new writable array.

    Raises:
        InvalidMoveError: ``moves`` is not an iterable of Moves.

    Examples:
        >>> from drako_rules import new_game, legal_moves
        >>> mask = legal_mask(legal_moves(new_game(2, seed=1)))
        >>> mask.dtype.name, int(mask.sum())
        ('bool', 24)
    """
    return np.frombuffer(_entries(moves), _BOOL)


def action_mask(view: PlayerView) -> npt.NDArray[np.int8]:
    """89 int8, 1 for each action id legal for ``view``'s player now (all 0 out of turn)."""
    return moves_mask(view.legal_moves)


def action_to_move(action: object) -> Move:
    """The move of an action id (a Python or NumPy integer).

    Raises:
        InvalidMoveError: ``action`` is not an integer in ``range(89)``.

    Examples:
        >>> action_to_move(55), action_to_move(88)
        (Draw(), End())
    """
    if type(action) is int:  # the common case, one look-up
        move = MOVE_OF.get(action)
        if move is not None:
            return move
    try:
        n = operator.index(action)  # type: ignore[arg-type]  # anything else is refused here
    except TypeError:
        raise InvalidMoveError(
            f"an action is an integer from 0 to 88, not {quote(action)}"
        ) from None
    if not 0 <= n < ACTION_SPACE_SIZE:
        raise InvalidMoveError(f"an action is an integer from 0 to 88, not {quote(n)}")
    return MOVES[n]
