"""The one cattrs converter of drako-rules: values to JSON-ready data and back.

Every saved value (game records, game states, player views) goes through
`converter`, a ``cattrs.preconf.json`` converter with hooks for the domain types:

| type | JSON |
|---|---|
| `Card` | its letter, ``"E"`` |
| `Legend` | its id, ``"two-elves"`` |
| `Position` | ``[row, col]`` |
| `Kingdom` | its notation, ``"FEOM/HPWM/SGDO/PPHS"`` |
| `Ruleset` | its name, ``"pocket"`` |
| `Move` | an object tagged by ``"type"``: ``{"type": "take", "position": [1, 2]}`` |

Reading is strict: a number where text is expected, ``true`` where a number is
expected, a missing or unknown field, an unknown move type all fail, and
`structure` reports the first problem as a `RecordError` whose
``path`` says where it is (``$.moves[12].position``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn
from cattrs.preconf.json import JsonConverter, make_converter
from cattrs.strategies import configure_tagged_union

from drako_rules.cards import Card, Legend
from drako_rules.errors import DrakoError, RecordError, quote
from drako_rules.game.moves import MOVE_TYPES, MOVES, AnyMove, Move
from drako_rules.game.state import GameState, Phase, PlayerState
from drako_rules.kingdom import Kingdom, Position
from drako_rules.rulesets import Ruleset, get_ruleset

__all__ = ["converter", "structure", "unstructure"]

T = TypeVar("T")

#: The converter every JSON format of drako-rules goes through.
converter: Final[JsonConverter] = make_converter(forbid_extra_keys=True)

_TAGS: Final = {cls.verb: cls for cls in MOVE_TYPES}
_VERBS: Final[dict[type, str]] = {cls: cls.verb for cls in MOVE_TYPES}


def _strict(kind: type, name: str) -> Any:
    def hook(value: object, _: object) -> object:
        if type(value) is not kind:
            raise RecordError(f"expected {name}, not {quote(value)}")
        return value

    return hook


def _card(value: object, _: object) -> Card:
    if not isinstance(value, str):
        raise RecordError(f"a card is its letter (F M P S E W H G D O), not {quote(value)}")
    return Card.parse(value)


def _legend(value: object, _: object) -> Legend:
    if not isinstance(value, str):
        raise RecordError(f"a Legend is its id, such as 'two-elves', not {quote(value)}")
    return Legend.parse(value)


def _position(value: object, _: object) -> Position:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(type(x) is int and 0 <= x < 4 for x in value)
    ):
        raise RecordError(f"a position is [row, col] with 0 <= row, col <= 3, not {quote(value)}")
    return Position(value[0], value[1])


def _kingdom(value: object, _: object) -> Kingdom:
    if not isinstance(value, str):
        raise RecordError(
            f"a Kingdom is its notation, such as 'FEOM/HPWM/SGDO/PPHS', not {quote(value)}"
        )
    return Kingdom.parse(value)


def _ruleset(value: object, _: object) -> Ruleset:
    if not isinstance(value, str):
        raise RecordError(f"a ruleset is named, such as 'pocket', not {quote(value)}")
    return get_ruleset(value)


def _order(value: object, _: object) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or not all(type(x) is int for x in value):
        raise RecordError(f"an arrangement is a list of the hand indices 0-3, not {quote(value)}")
    return tuple(value)


def _is_tuple_of(t: object) -> bool:
    args = get_args(t)
    return get_origin(t) is tuple and len(args) == 2 and args[1] is Ellipsis


def _tuple_of(t: Any) -> Callable[[object, object], tuple[object, ...]]:
    """``tuple[X, ...]`` from a JSON list only (not a string, not an object), item by item,
    refused at the first bad item (so that a list of 100,000 bad moves costs one)."""
    item_type = get_args(t)[0]

    def hook(value: object, _: object) -> tuple[object, ...]:
        if not isinstance(value, list):
            raise RecordError(f"expected a list, not {quote(value)}")
        item_hook = converter.get_structure_hook(item_type)
        items: list[object] = []
        for i, item in enumerate(value):
            try:
                items.append(item_hook(item, item_type))
            except Exception as exc:  # the first problem, reported with its index
                exc.add_note(IterableValidationNote(f"Structuring {t} @ index {i}", i, item_type))
                raise IterableValidationError(f"While structuring {t}", [exc], t) from None
        return tuple(items)

    return hook


def _attrs_class(cls: Any) -> Callable[[object, object], object]:
    """An attrs class from a JSON object holding every field: defaults are for code, not for
    documents, so a truncated record (no ``rules_version``, no ``moves``) is an error."""
    structure_fields = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)
    required = [(a.name, a.type) for a in attrs.fields(cls) if a.init]

    def hook(value: object, _: object) -> object:
        if not isinstance(value, dict):
            raise RecordError(f"expected a JSON object for a {cls.__name__}, not {quote(value)}")
        missing = []
        for name, type_ in required:
            if name not in value:
                exc = KeyError(name)
                exc.add_note(
                    AttributeValidationNote(
                        f"Structuring class {cls.__qualname__} @ attribute {name}", name, type_
                    )
                )
                missing.append(exc)
        if missing:
            raise ClassValidationError(f"While structuring {cls.__name__}", missing, cls)
        return structure_fields(value, cls)

    return hook


converter.register_structure_hook_factory(_is_tuple_of, _tuple_of)
converter.register_structure_hook_factory(attrs.has, _attrs_class)
converter.register_structure_hook(int, _strict(int, "an integer"))
converter.register_structure_hook(str, _strict(str, "text"))
converter.register_structure_hook(bool, _strict(bool, "true or false"))
converter.register_structure_hook(Card, _card)
converter.register_unstructure_hook(Card, lambda card: card.value)
converter.register_structure_hook(Legend, _legend)
converter.register_unstructure_hook(Legend, lambda legend: legend.value)
converter.register_structure_hook(Position, _position)
converter.register_unstructure_hook(Position, lambda p: [p.row, p.col])
# a cell of a player, (seat, Position): a JSON list, as every other tuple of a document
converter.register_unstructure_hook_func(
    lambda t: t == tuple[int, Position], lambda cell: [cell[0], [cell[1].row, cell[1].col]]
)
converter.register_structure_hook(Kingdom, _kingdom)
converter.register_unstructure_hook(Kingdom, str)
converter.register_structure_hook(Ruleset, _ruleset)
converter.register_unstructure_hook(Ruleset, lambda ruleset: ruleset.name)
converter.register_structure_hook_func(lambda t: t == tuple[int, int, int, int], _order)

configure_tagged_union(AnyMove, converter, tag_generator=_VERBS.__getitem__, tag_name="type")
_tagged: Final = converter.get_structure_hook(AnyMove)


def _move(value: object, _: object) -> Move:
    if not isinstance(value, dict):
        raise RecordError(f"a move is an object with a 'type', not {quote(value)}")
    tag = value.get("type")
    if tag not in _TAGS:
        raise RecordError(
            f"unknown move type {quote(tag)}: expected one of " + ", ".join(repr(t) for t in _TAGS)
        )
    move: Move = _tagged(value, AnyMove)
    return MOVES[move.action_id]  # the prebuilt instance


converter.register_structure_hook(AnyMove, _move)
converter.register_structure_hook(Move, _move)
converter.register_unstructure_hook(Move, lambda move: converter.unstructure(move, AnyMove))


@attrs.frozen
class _StateFields:
    """The fields of a `GameState` as its JSON object holds them, in order: the state
    itself holds the kernel's packed form, and derives these."""

    ruleset: Ruleset
    seed: int
    first_player: int
    players: tuple[PlayerState, ...]
    current_player: int
    phase: Phase
    turn: int
    draw_pile: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    legend_row: tuple[Legend, ...]
    legend_deck: tuple[Legend, ...]
    hidden: tuple[tuple[Card | None, ...], ...]
    drawn: Card | None
    claimed_this_turn: bool
    reshuffles: int


#: The names of the fields of a state, in the order of its JSON object and its constructor.
_STATE_FIELDS: Final = tuple(a.name for a in attrs.fields(_StateFields))
_state_fields: Final = converter.get_structure_hook(_StateFields)


def _state(value: object, _: object) -> GameState:
    fields = _state_fields(value, _StateFields)
    return GameState(*(getattr(fields, name) for name in _STATE_FIELDS))


def _state_data(state: GameState) -> object:
    return converter.unstructure(
        _StateFields(*(getattr(state, name) for name in _STATE_FIELDS)), _StateFields
    )


converter.register_structure_hook(GameState, _state)
converter.register_unstructure_hook(GameState, _state_data)


def _format(exc: BaseException, type_: type | None) -> str:
    if isinstance(exc, DrakoError):
        return str(exc)
    return cattrs.v.format_exception(exc, type_)


def unstructure(value: object) -> Any:
    """``value`` as JSON-ready data (dicts, lists, strings, numbers, None)."""
    return converter.unstructure(value)


def structure(data: object, cls: type[T]) -> T:
    """Read a ``cls`` from JSON-ready ``data``, strictly.

    Raises:
        RecordError: the data is not a valid ``cls``; ``path`` says where
            (``$.moves[12]``) and the message what is wrong.
    """
    if not isinstance(data, dict):
        raise RecordError(
            f"expected a JSON object for a {cls.__name__}, not {type(data).__name__}", path="$"
        )
    try:
        return converter.structure(data, cls)
    except (cattrs.BaseValidationError, DrakoError, ValueError, TypeError, KeyError) as exc:
        messages = cattrs.transform_error(exc, path="$", format_exception=_format)
        message, _, path = messages[0].rpartition(" @ ")
        if not message:
            message, path = messages[0], "$"
        raise RecordError(f"{message} at {path}", path=path) from exc
