"""The decisions of a game (R2.5, R3, R6.1): the `Move` union, its text form, action ids.

A move is one decision of the player to move. There are seven kinds, each a tiny frozen
class; the text form of each is one short line that `Move.parse` reads back:

| class | text | decision | rule |
|---|---|---|---|
| `Arrange` | ``arrange 2031`` | place the 4 starting cards in the 2×2 centre | R2.5 |
| `Claim` | ``claim two-elves`` | claim a Legend of the legend row | R6.1 |
| `Take` | ``take 1,2`` | take the top of the discard pile onto a position | R3.2, R3.4 |
| `Draw` | ``draw`` | draw the top card of the draw pile | R3.3, R3.5 |
| `Place` | ``place 1,2`` | place the drawn card on a position | R3.3, R3.4 |
| `Reveal` | ``reveal 1,2`` | discard the drawn card and reveal an Unexplored Land | R3.3 |
| `End` | ``end`` | end the turn without claiming a Legend | R6.1 |

Positions are ``row,col`` (0–3, R4.1). An arrangement names, for each centre cell
(1,1), (1,2), (2,1), (2,2) in that order, the index (0–3) of the card in the player's
hand (`PlayerState.hand`, which is sorted in card order): with the hand
``(Forest, Elf, Human, Dragon)``, ``arrange 2031`` puts the Human on (1,1), the Forest on
(1,2), the Dragon on (2,1) and the Elf on (2,2). `Arrange.from_cards` builds one
from the cards instead.

Action space:
    Every possible move has a fixed integer id, the same in every game, so that learning
    agents can use the engine directly (`action_id`, `move_from_action_id`,
    `ACTION_SPACE_SIZE`):

    | ids | moves |
    |---|---|
    | 0–23 | ``Arrange``, the 24 orders of ``0123`` in lexicographic order |
    | 24–38 | ``Claim``, in the order of `Legend` (R1.4) |
    | 39–54 | ``Take``, by cell number ``4·row + col`` |
    | 55 | ``Draw`` |
    | 56–71 | ``Place``, by cell number |
    | 72–87 | ``Reveal``, by cell number |
    | 88 | ``End`` |

    `legal_moves` lists the legal moves in increasing id order. Every
    possible move exists once, prebuilt (`MOVES`); the engine hands out and accepts
    those instances, and equal moves built by hand work just as well.

Examples:
    >>> Move.parse("take 1,2")
    Take(position=Position(1, 2))
    >>> str(Move.parse("CLAIM Two_Elves"))
    'claim two-elves'
    >>> [action_id(Move.parse(t)) for t in ("arrange 0123", "draw", "end")]
    [0, 55, 88]
    >>> move_from_action_id(42)
    Take(position=Position(0, 3))
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from typing import ClassVar, Final, TypeAlias, cast

import attrs

from drako_rules._kernel.board import CENTRE_CELLS, LEGEND_INDEX, LEGENDS
from drako_rules._kernel.turns import (
    ACTIONS,
    CLAIM_BASE,
    DRAW_ACTION,
    END_ACTION,
    PLACE_BASE,
    REVEAL_BASE,
    TAKE_BASE,
)
from drako_rules.cards import Card, Legend
from drako_rules.errors import DrakoTypeError, InvalidMoveError, NotationError, quote
from drako_rules.kingdom import POSITIONS, Position

__all__ = [
    "ACTION_SPACE_SIZE",
    "ARRANGEMENTS",
    "CENTRE",
    "MOVES",
    "AnyMove",
    "Arrange",
    "Claim",
    "Draw",
    "End",
    "Move",
    "Place",
    "Reveal",
    "Take",
    "action_id",
    "move_from_action_id",
]

#: The 2×2 centre of a Kingdom where the starting cards go, in the order an
#: `Arrange` names them (R2.4–R2.5).
CENTRE: Final[tuple[Position, ...]] = tuple(POSITIONS[i] for i in CENTRE_CELLS)

#: The 24 orders of the hand indices ``0–3``, lexicographic (R2.5).
ARRANGEMENTS: Final[tuple[tuple[int, int, int, int], ...]] = tuple(
    (a, b, c, d) for a, b, c, d in itertools.permutations(range(4))
)
_ARRANGEMENT_INDEX: Final[dict[tuple[int, ...], int]] = {
    order: i for i, order in enumerate(ARRANGEMENTS)
}

# The action space is the kernel's (``_kernel.turns``): one table of ids.
_ARRANGE_BASE: Final = 0
_CLAIM_BASE: Final = CLAIM_BASE  # 24
_TAKE_BASE: Final = TAKE_BASE  # 39
_DRAW_ID: Final = DRAW_ACTION  # 55
_PLACE_BASE: Final = PLACE_BASE  # 56
_REVEAL_BASE: Final = REVEAL_BASE  # 72
_END_ID: Final = END_ACTION  # 88
#: The number of action ids; every move's id is in ``range(ACTION_SPACE_SIZE)``.
ACTION_SPACE_SIZE: Final = ACTIONS


def _check_position(instance: object, attribute: attrs.Attribute[Position], value: object) -> None:
    if not isinstance(value, Position):
        raise InvalidMoveError(
            f"{type(instance).__name__}.{attribute.name} must be a Position, not {quote(value)}"
        )


def _check_legend(instance: object, attribute: attrs.Attribute[Legend], value: object) -> None:
    if not isinstance(value, Legend):
        raise InvalidMoveError(f"Claim.legend must be a Legend, not {quote(value)}")


def _check_order(
    instance: object, attribute: attrs.Attribute[tuple[int, int, int, int]], value: object
) -> None:
    if (
        not isinstance(value, tuple)
        or not all(type(i) is int for i in value)
        or value not in _ARRANGEMENT_INDEX
    ):
        raise InvalidMoveError(
            f"an arrangement is an order of the hand indices 0, 1, 2, 3 (R2.5), not {quote(value)}"
        )


def _to_order(value: Sequence[int] | str) -> tuple[int, int, int, int]:
    """A tuple of the indices (from digits, for ``Arrange("2031")``); checked by the validator."""
    if isinstance(value, str):
        value = [int(ch) if ch.isdigit() else -1 for ch in value]
    if isinstance(value, Sequence):
        return cast(tuple[int, int, int, int], tuple(value))
    return value  # not a sequence: the validator reports it


@attrs.frozen
class Move:
    """One decision of the player to move: the base class of the seven kinds of move.

    Moves are immutable values; ``str(move)`` is the text form and `parse` reads it
    back. See the module documentation for the table of kinds, texts and action ids.
    """

    #: The first word of the text form, also the ``type`` tag in JSON.
    verb: ClassVar[str] = ""

    @staticmethod
    def parse(text: str) -> Move:
        """Read a move from its text form (``"take 1,2"``, ``"claim two-elves"``, ``"draw"``).

        Words are case-insensitive and spaces are free; the move returned is the
        prebuilt instance (`MOVES`).

        Raises:
            InvalidMoveError: the text is not a move of any game.

        Examples:
            >>> Move.parse("  Reveal (3, 0) ")
            Reveal(position=Position(3, 0))
            >>> Move.parse("arrange 3210")
            Arrange(order=(3, 2, 1, 0))
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is read from text, not {type(text).__name__}")
        m = _MOVE_TEXT.fullmatch(text)
        if m is None:
            raise InvalidMoveError(f"cannot read a move from {quote(text)}: {_EXPECTED}")
        verb, arg = m.group(1).lower(), m.group(2)
        if verb not in ("draw", "end", "arrange", "claim") and verb not in _POSITION_VERBS:
            raise InvalidMoveError(f"unknown move {quote(verb)}: {_EXPECTED}")
        try:
            if verb in ("draw", "end"):
                if arg:
                    raise InvalidMoveError(
                        f"{quote(verb)} takes nothing after it, got {quote(text)}"
                    )
                return DRAW if verb == "draw" else END
            if not arg:
                raise InvalidMoveError(
                    f"{quote(verb)} needs an argument, got {quote(text)}: {_EXPECTED}"
                )
            if verb == "arrange":
                order = tuple(int(ch) for ch in arg.replace(" ", "").replace(",", ""))
                index = _ARRANGEMENT_INDEX.get(order)
                if index is None:
                    raise InvalidMoveError(
                        f"cannot read {quote(text)}: an arrangement is an order of the hand indices "
                        "0123, such as 'arrange 2031' (R2.5)"
                    )
                return _MOVES[_ARRANGE_BASE + index]
            if verb == "claim":
                return _MOVES[_CLAIM_BASE + LEGEND_INDEX[Legend.parse(arg)]]
            base = _POSITION_VERBS.get(verb)
            if base is None:
                raise InvalidMoveError(
                    f"unknown move {quote(m.group(1))} in {quote(text)}: {_EXPECTED}"
                )
            return _MOVES[base + Position.parse(arg).index]
        except (NotationError, ValueError) as exc:
            if isinstance(exc, InvalidMoveError):
                raise
            raise InvalidMoveError(f"cannot read a move from {quote(text)}: {exc}") from None

    @property
    def action_id(self) -> int:
        """The move's fixed id in the action space, ``0 <= id < ACTION_SPACE_SIZE``."""
        raise InvalidMoveError(f"{quote(self)} is not one of the seven kinds of move")

    def __str__(self) -> str:
        return self.verb


@attrs.frozen
class Arrange(Move):
    """Place the 4 starting cards in the 2×2 centre (R2.5): ``arrange 2031``, the order of
    the hand read row by row into the centre, the same 24 moves in every game (R2.9).

    Attributes:
        order: for each centre cell (1,1), (1,2), (2,1), (2,2), the index 0–3 of the card
            of the player's sorted hand that goes there.
    """

    verb: ClassVar[str] = "arrange"
    order: tuple[int, int, int, int] = attrs.field(converter=_to_order, validator=_check_order)

    @staticmethod
    def from_cards(hand: Iterable[Card], centre: Iterable[Card] | str) -> Arrange:
        """The arrangement putting ``centre`` (cards, or letters like ``"EWHG"``) on the centre.

        Args:
            hand: the player's 4 starting cards, in the order the arrangement indexes them
                (`PlayerState.hand`).
            centre: the cards for (1,1), (1,2), (2,1), (2,2), in that order.

        Raises:
            InvalidMoveError: ``centre`` is not the 4 cards of ``hand`` in some order, or
                the hand is not 4 different cards (R2.3).
            DrakoTypeError: ``hand`` or ``centre`` is not a sequence of Cards.

        Examples:
            >>> hand = (Card.FOREST, Card.ELF, Card.HUMAN, Card.DRAGON)
            >>> Arrange.from_cards(hand, "HFDE")
            Arrange(order=(2, 0, 3, 1))
        """
        held = _four_cards(hand, "the 4 hand cards, a sequence of Cards")
        if isinstance(centre, str):
            letters = centre.strip()
            try:
                cards = tuple(Card.parse(c) for c in letters) if len(letters) == 4 else ()
            except NotationError:
                cards = ()
        else:
            cards = _four_cards(centre, "the 4 centre cards, Cards or letters such as 'EWHG'")
        order = tuple(held.index(card) if card in held else -1 for card in cards)
        index = _ARRANGEMENT_INDEX.get(order)
        if len(set(held)) != 4 or index is None:
            raise InvalidMoveError(
                f"{quote(centre)} is not an order of the 4 different hand cards "
                f"{quote(''.join(c.value for c in held))} (R2.3, R2.5)"
            )
        move = _MOVES[_ARRANGE_BASE + index]
        assert isinstance(move, Arrange)
        return move

    def cards(self, hand: Sequence[Card]) -> tuple[Card, ...]:
        """The cards this arrangement puts on (1,1), (1,2), (2,1), (2,2), given the hand."""
        return tuple(hand[i] for i in self.order)

    @property
    def action_id(self) -> int:
        """The move's fixed id in the action space (0–23)."""
        return _ARRANGE_BASE + _ARRANGEMENT_INDEX[self.order]

    def __str__(self) -> str:
        return "arrange " + "".join(map(str, self.order))


def _four_cards(value: object, what: str) -> tuple[Card, ...]:
    """The first cards (at most 5: enough to tell 4 from more) of ``value``, or the
    library's error saying ``what`` was expected."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise DrakoTypeError(f"expected {what}, not {quote(value)}")
    cards = tuple(itertools.islice(value, 5))
    if not all(isinstance(card, Card) for card in cards):
        raise DrakoTypeError(f"expected {what}, not {quote(cards)} (Card.parse reads a letter)")
    return cards


@attrs.frozen
class Claim(Move):
    """Claim a Legend of the legend row whose requirement the Kingdom meets (R6.1): ``claim two-elves``."""

    verb: ClassVar[str] = "claim"
    legend: Legend = attrs.field(validator=_check_legend)

    @property
    def action_id(self) -> int:
        """The move's fixed id in the action space (24–38)."""
        return _CLAIM_BASE + LEGEND_INDEX[self.legend]

    def __str__(self) -> str:
        return f"claim {self.legend.value}"


@attrs.frozen
class Take(Move):
    """Take the top card of the discard pile and place it on ``position`` (R3.1, R3.2, R3.4): ``take 1,2``."""

    verb: ClassVar[str] = "take"
    position: Position = attrs.field(validator=_check_position)

    @property
    def action_id(self) -> int:
        """The move's fixed id in the action space (39–54)."""
        return _TAKE_BASE + self.position.index

    def __str__(self) -> str:
        p = self.position
        return f"take {p.row},{p.col}"


@attrs.frozen
class Draw(Move):
    """Draw the top card of the draw pile (R3.1, R3.3), reshuffling the discard pile if needed (R3.5): ``draw``."""

    verb: ClassVar[str] = "draw"

    @property
    def action_id(self) -> int:
        """The move's fixed id in the action space (55)."""
        return _DRAW_ID


@attrs.frozen
class Place(Move):
    """Place the drawn card on ``position`` (R3.3, R3.4): ``place 1,2``."""

    verb: ClassVar[str] = "place"
    position: Position = attrs.field(validator=_check_position)

    @property
    def action_id(self) -> int:
        """The move's fixed id in the action space (56–71)."""
        return _PLACE_BASE + self.position.index

    def __str__(self) -> str:
        p = self.position
        return f"place {p.row},{p.col}"


@attrs.frozen
class Reveal(Move):
    """Discard the drawn card face up and reveal the Unexplored Land at ``position`` (R3.3): ``reveal 1,2``."""

    verb: ClassVar[str] = "reveal"
    position: Position = attrs.field(validator=_check_position)

    @property
    def action_id(self) -> int:
        """The move's fixed id in the action space (72–87)."""
        return _REVEAL_BASE + self.position.index

    def __str__(self) -> str:
        p = self.position
        return f"reveal {p.row},{p.col}"


@attrs.frozen
class End(Move):
    """End the turn after the card action without claiming a Legend (R6.1): ``end``."""

    verb: ClassVar[str] = "end"

    @property
    def action_id(self) -> int:
        """The move's fixed id in the action space (88)."""
        return _END_ID


#: Any concrete move: the tagged union of the seven kinds (for type hints and JSON).
AnyMove: TypeAlias = Arrange | Claim | Take | Draw | Place | Reveal | End

#: The seven kinds of move, in action-id order.
MOVE_TYPES: Final[tuple[type[Move], ...]] = (Arrange, Claim, Take, Draw, Place, Reveal, End)

_MOVES: Final[tuple[Move, ...]] = (
    *(Arrange(order) for order in ARRANGEMENTS),
    *(Claim(legend) for legend in LEGENDS),
    *(Take(p) for p in POSITIONS),
    Draw(),
    *(Place(p) for p in POSITIONS),
    *(Reveal(p) for p in POSITIONS),
    End(),
)
#: Every possible move, prebuilt once, indexed by action id.
MOVES: Final = _MOVES
DRAW: Final = _MOVES[_DRAW_ID]
END: Final = _MOVES[_END_ID]
#: The prebuilt moves of each kind, by arrangement index, Legend order or cell number.
ARRANGE_MOVES: Final = _MOVES[_ARRANGE_BASE:_CLAIM_BASE]
CLAIM_MOVES: Final = _MOVES[_CLAIM_BASE:_TAKE_BASE]
TAKE_MOVES: Final = _MOVES[_TAKE_BASE:_DRAW_ID]
PLACE_MOVES: Final = _MOVES[_PLACE_BASE:_REVEAL_BASE]
REVEAL_MOVES: Final = _MOVES[_REVEAL_BASE:_END_ID]

_POSITION_VERBS: Final = {"take": _TAKE_BASE, "place": _PLACE_BASE, "reveal": _REVEAL_BASE}
_MOVE_TEXT: Final = re.compile(r"\s*([A-Za-z]+)\s*(.*?)\s*", re.DOTALL)
_EXPECTED: Final = (
    "expected 'arrange 0123', 'claim <legend>', 'take r,c', 'draw', 'place r,c', "
    "'reveal r,c' or 'end'"
)


def action_id(move: Move) -> int:
    """The fixed id of ``move`` in the action space (see the module documentation).

    Raises:
        InvalidMoveError: ``move`` is not a move.
    """
    if not isinstance(move, Move):
        raise InvalidMoveError(f"action_id takes a Move, not {quote(move)}")
    return move.action_id


def move_from_action_id(n: int) -> Move:
    """The move whose action id is ``n`` (the prebuilt instance).

    Raises:
        InvalidMoveError: ``n`` is not an integer in ``range(ACTION_SPACE_SIZE)``.
    """
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n < ACTION_SPACE_SIZE:
        raise InvalidMoveError(
            f"an action id is an integer from 0 to {ACTION_SPACE_SIZE - 1}, not {quote(n)}"
        )
    return _MOVES[n]
