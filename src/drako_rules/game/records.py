"""Game records and JSON (R2.8): `GameRecord`, `replay`, save and load.

A record holds what makes a game: the seed, the player count, the first player, the
ruleset, the version of the rules, and the moves in order. Since every shuffle comes
from the seed (R2.8), `replay` rebuilds the exact game from it.

JSON goes through the one converter of `drako_rules.serialization`. A record as
JSON::

    {"seed": 7, "players": 2, "first_player": 0, "ruleset": "pocket",
     "rules_version": "2026.11",
     "moves": [{"type": "arrange", "order": [0, 1, 2, 3]}, {"type": "draw"},
               {"type": "place", "position": [0, 3]}, ...]}

Reading is bounded: a file is read by the one bounded reader (1 MiB by default), and a
malformed record is refused at its first bad field, so 100,000 bad moves cost no more than
one. Reading a malformed or tampered document never crashes: it raises
`RecordError` with the path of the bad field (``$.moves[12]``), for a
wrong type, a missing or unknown field, an unknown move type, an unknown ruleset, a
different rules version, a bad player count, or a move the rules forbid at that point.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping, Set
from typing import Final, NoReturn

import attrs

from drako_rules._kernel.board import CENTRE_CELLS
from drako_rules.cards import CARDS_PER_KIND, Card, Legend, check_player_count
from drako_rules.errors import (
    DrakoError,
    DrakoTypeError,
    IllegalMoveError,
    RecordError,
    expect,
    quote,
)
from drako_rules.game.moves import MOVE_TYPES, AnyMove, Move
from drako_rules.game.setup import LEGEND_ROW_SIZE, check_seat, check_seed, new_game
from drako_rules.game.state import NO_HIDDEN, GameState, Phase
from drako_rules.game.transitions import apply_move
from drako_rules.game.views import PlayerView
from drako_rules.inputs import DEFAULT_LIMIT, read_text
from drako_rules.rulesets import POCKET, RULES_VERSION, get_ruleset

__all__ = [
    "GameRecord",
    "check_state",
    "load_record",
    "move_from_json",
    "move_to_json",
    "record_from_json",
    "record_to_json",
    "replay",
    "save_record",
    "state_from_json",
    "state_to_json",
    "view_from_json",
    "view_to_json",
]


def _moves(value: Iterable[Move]) -> tuple[AnyMove, ...]:
    """The moves of a record as a tuple, in order, each one of the seven kinds of move, or
    the library's error (R2.8: the moves replay the game in their order)."""
    if (
        isinstance(value, Set | Mapping)
        or not isinstance(value, Iterable)
        or isinstance(value, str)
    ):
        raise DrakoTypeError(
            f"the moves of a record are a sequence of Moves in order, not {quote(value)} "
            "(Move.parse reads a move's text)"
        )
    moves: list[AnyMove] = []
    for i, move in enumerate(value):  # refused at the first item that is not a move
        if not isinstance(move, MOVE_TYPES):
            raise DrakoTypeError(
                f"move {i} of a record is a Move, not {quote(move)} (Move.parse reads a move's text)"
            )
        moves.append(move)  # type: ignore[arg-type]
    return tuple(moves)


@attrs.frozen
class GameRecord:
    """Everything needed to replay a game (R2.8).

    Attributes:
        seed: the seed of every shuffle (R2.8).
        players: the player count, 2–4 (R1.3).
        first_player: the seat of the first player (R2.7).
        ruleset: the name of the ruleset (R9).
        rules_version: the version of [the rules](../rules.md) the game was played under.
        moves: every move, in order, from the first arrangement.

    Examples:
        >>> from drako_rules import Move
        >>> record = GameRecord(seed=7, players=2, moves=[Move.parse("arrange 0123")])
        >>> replay(record).current_player
        1
        >>> record_from_json(record_to_json(record)) == record
        True
    """

    seed: int
    players: int
    first_player: int = 0
    ruleset: str = POCKET.name
    rules_version: str = RULES_VERSION
    moves: tuple[AnyMove, ...] = attrs.field(default=(), converter=_moves)

    def start(self) -> GameState:
        """The state at the start of the game (R2), before any move.

        Raises:
            RecordError: the record's header cannot start a game (``path`` names the field).
        """
        _check_header(self)
        return new_game(self.players, self.seed, self.first_player, self.ruleset)

    def with_move(self, move: Move) -> GameRecord:
        """This record with ``move`` appended."""
        return GameRecord(
            self.seed,
            self.players,
            self.first_player,
            self.ruleset,
            self.rules_version,
            (*self.moves, move),
        )


def _check_header(record: GameRecord) -> None:
    """Raise a RecordError naming the first header field that cannot start a game."""
    if record.rules_version != RULES_VERSION:
        raise RecordError(
            f"the record follows rules version {quote(record.rules_version)}, but this library "
            f"implements {RULES_VERSION!r} at $.rules_version",
            path="$.rules_version",
        )
    checks: tuple[tuple[str, Callable[[], object]], ...] = (
        ("seed", lambda: check_seed(record.seed)),
        ("players", lambda: check_player_count(record.players)),
        ("first_player", lambda: check_seat(record.first_player, record.players, "first player")),
        ("ruleset", lambda: get_ruleset(record.ruleset)),
    )
    for name, check in checks:
        try:
            check()
        except DrakoError as exc:
            raise RecordError(f"{exc} at $.{name}", path=f"$.{name}") from exc


def replay(record: GameRecord) -> GameState:
    """The state after every move of ``record``, from its seed (R2.8).

    Raises:
        RecordError: the header cannot start a game, or a move is not allowed where it
            stands; ``path`` is ``$.moves[i]`` for the ``i``-th move (0-based) and the
            message names the rule it breaks.
    """
    expect(record, GameRecord, "a GameRecord", "see record_from_json")
    state = record.start()
    for i, move in enumerate(record.moves):
        try:
            state = apply_move(state, move)
        except IllegalMoveError as exc:
            raise RecordError(
                f"move {i} ({move}) cannot be played: {exc} at $.moves[{i}]", path=f"$.moves[{i}]"
            ) from exc
        except DrakoError as exc:
            raise RecordError(f"move {i}: {exc} at $.moves[{i}]", path=f"$.moves[{i}]") from exc
    return state


# --- state consistency ----------------------------------------------------------------------


def _fail(message: str, path: str) -> NoReturn:
    raise RecordError(f"{message} at {path}", path=path)


def check_state(state: GameState) -> GameState:
    """Return ``state`` if it holds together as a state of a real game, else raise.

    Checks what a tampered or hand-made state could get wrong: seats in range, a legend
    row of 8 Legends while the deck has any, never more (R2.2, R6.2), the hidden
    cards exactly under the Unexplored Lands, every card of the deck in exactly one place
    with the counts of R1.2–R1.3, the 15 Legends each in one place (R1.4), the drawn card
    present exactly in phase ``DRAWN`` (R3.3), and a Kingdom without Unexplored Land only
    once the game is over (R7.1).

    Raises:
        RecordError: the first problem found, with the path of the field.
    """
    expect(state, GameState, "a GameState", "see new_game or state_from_json")
    n = len(state.players)
    if n not in CARDS_PER_KIND:
        _fail(f"a game has 2, 3 or 4 players, not {n} (R1.3)", "$.players")
    for name in ("first_player", "current_player"):
        seat = getattr(state, name)
        if not 0 <= seat < n:
            _fail(f"{name} {seat} is not a seat of a {n}-player game", f"$.{name}")
    if state.turn < 0 or state.reshuffles < 0:
        _fail("turn and reshuffles are counts, never negative", "$.turn")
    if len(state.hidden) != n:
        _fail(f"hidden must hold the cells of {n} Kingdoms", "$.hidden")
    arranging = state.phase is Phase.ARRANGE
    if arranging != (state.turn == 0):
        _fail("turn 0 is the starting arrangements, and only they (R2.5)", "$.turn")
    if arranging != (not state.discard_pile):
        _fail(
            "the discard pile starts after the arrangements and never empties (R2.6, R3.4a)",
            "$.discard_pile",
        )
    if arranging:
        # R2.5: seats from the first player up to the current one have arranged; the
        # current player and the seats after them still hold their 4 cards.
        done = (state.current_player - state.first_player) % n
        for k in range(n):
            seat = (state.first_player + k) % n
            if bool(state.players[seat].hand) != (k >= done):
                _fail(
                    "players arrange in seat order from the first player (R2.5)",
                    f"$.players[{seat}].hand",
                )
    if state.phase is Phase.AFTER_CARD and state.claimed_this_turn:
        _fail(
            "after the card action, a player who claimed a Legend this turn has nothing left "
            "to decide (R6.1)",
            "$.claimed_this_turn",
        )
    for seat, (player, cells) in enumerate(zip(state.players, state.hidden, strict=True)):
        path = f"$.hidden[{seat}]"
        if len(cells) != 16:
            _fail("a Kingdom has 16 cells (R4.1)", path)
        if player.hand and (not arranging or len(set(player.hand)) != 4 or len(player.hand) != 4):
            _fail(
                "a hand of 4 cards of different kinds exists only before the arrangement (R2.3)",
                f"$.players[{seat}].hand",
            )
        kingdom_cells = player.kingdom.cells
        for i, (shown, under) in enumerate(zip(kingdom_cells, cells, strict=True)):
            if under is not None and shown is not None:
                _fail(f"a hidden card lies under the revealed {shown} of cell {i}", f"{path}[{i}]")
            if under is None and shown is None and not (player.hand and i in CENTRE_CELLS):
                _fail(f"the Unexplored Land of cell {i} has no hidden card", f"{path}[{i}]")
        if player.kingdom.is_complete and state.phase is not Phase.OVER:
            _fail(
                "a Kingdom without Unexplored Land ends the game (R7.1)",
                f"$.players[{seat}].kingdom",
            )
    if state.phase is Phase.OVER and any(cells != NO_HIDDEN for cells in state.hidden):
        _fail("every Unexplored Land is revealed at the end of the game (R7.2)", "$.hidden")
    if (state.drawn is not None) != (state.phase is Phase.DRAWN):
        _fail("a drawn card exists exactly in phase 'drawn' (R3.3)", "$.drawn")
    counts = dict.fromkeys(Card, 0)
    places: list[Iterable[Card | None]] = [state.draw_pile, state.discard_pile, [state.drawn]]
    for player, cells in zip(state.players, state.hidden, strict=True):
        places += [player.kingdom.cells, cells, player.hand]
    for place in places:
        for card in place:
            if card is not None:
                counts[card] += 1
    expected = CARDS_PER_KIND[n]
    wrong = {card.english: count for card, count in counts.items() if count != expected}
    if wrong:
        _fail(
            f"a {n}-player game has {expected} cards of each kind (R1.3), but this state has "
            + ", ".join(f"{count} {name}" for name, count in wrong.items()),
            "$",
        )
    if len(state.legend_row) > LEGEND_ROW_SIZE or (
        state.legend_deck and len(state.legend_row) != LEGEND_ROW_SIZE
    ):
        _fail(
            f"the legend row holds {LEGEND_ROW_SIZE} Legends while the legend deck has any "
            f"(R2.2, R6.2), not {len(state.legend_row)} with {len(state.legend_deck)} in the deck",
            "$.legend_row",
        )
    legends = [*state.legend_row, *state.legend_deck]
    for player in state.players:
        legends += player.legends
    if sorted(x.value for x in legends) != sorted(x.value for x in Legend):
        _fail("each of the 15 Legends must be in exactly one place (R1.4)", "$.legend_row")
    return state


# --- JSON -------------------------------------------------------------------------------------


def _loads(text: str | bytes) -> object:
    if not isinstance(text, str | bytes | bytearray):
        raise RecordError(f"JSON is read from text, not {type(text).__name__}", path="$")
    try:
        return json.loads(text)
    except RecursionError:
        raise RecordError("not valid JSON: nested too deeply at $", path="$") from None
    except ValueError as exc:  # bad syntax, bad UTF-8, an integer of more than 4,300 digits
        raise RecordError(f"not valid JSON: {quote(str(exc), 120)[1:-1]} at $", path="$") from None


def _dumps(data: object, indent: int | None) -> str:
    return json.dumps(data, indent=indent, ensure_ascii=False)


def _indent(indent: object) -> int | None:
    if indent is not None and (
        isinstance(indent, bool) or not isinstance(indent, int) or not 0 <= indent <= 16
    ):
        raise RecordError(f"indent is None or a number of spaces from 0 to 16, not {quote(indent)}")
    return indent


def record_to_json(record: GameRecord, *, indent: int | None = None) -> str:
    """The record as JSON text (see the module documentation for the shape).

    Raises:
        RecordError: ``record`` is not a GameRecord that can start a game (its header is
            checked, so that what is written can be read back).
    """
    from drako_rules.serialization import unstructure  # cattrs, only when JSON is asked for

    expect(record, GameRecord, "a GameRecord", "see GameRecord(seed=..., players=...)")
    _check_header(record)
    return _dumps(unstructure(record), _indent(indent))


def record_from_json(text: str | bytes) -> GameRecord:
    """Read a record from JSON text and check its header (rules version, seats, ruleset).

    The moves are checked by `replay`.

    Raises:
        RecordError: malformed or tampered JSON, with the path of the bad field.
    """
    from drako_rules.serialization import structure

    record = structure(_loads(text), GameRecord)
    _check_header(record)
    return record


def save_record(path: str | os.PathLike[str], record: GameRecord) -> None:
    """Write ``record`` as JSON to the file ``path`` (UTF-8).

    Raises:
        RecordError: ``record`` is not a valid GameRecord, or ``path`` is not a path.
        OSError: the file cannot be written.
    """
    if not isinstance(path, str | os.PathLike):
        raise RecordError(f"save_record writes to a path, not {quote(path)}")
    text = record_to_json(record, indent=1)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
        f.write("\n")


def load_record(path: str | os.PathLike[str], *, limit: int = DEFAULT_LIMIT) -> GameRecord:
    """Read a record from the JSON file ``path`` (see `record_from_json`).

    The file is read by the one bounded reader (`drako_rules.inputs`),
    at most ``limit`` bytes (default 1 MiB, some 75,000 moves).

    Raises:
        RecordError: the file cannot be read, is over the limit, is not UTF-8, or holds
            no valid record.
    """
    if not isinstance(path, str | os.PathLike):
        raise RecordError(f"load_record reads a path, not {quote(path)}")
    return record_from_json(read_text(path, limit=limit, error=RecordError))


def state_to_json(state: GameState, *, indent: int | None = None) -> str:
    """The whole state as JSON text, hidden cards included, with the rules version.

    For a server's own storage: send players `view_to_json` instead (R8).
    """
    from drako_rules.serialization import unstructure

    expect(state, GameState, "a GameState", "see new_game")
    data = unstructure(state)
    data["rules_version"] = RULES_VERSION
    return _dumps(data, _indent(indent))


def state_from_json(text: str | bytes) -> GameState:
    """Read a state from JSON text and check that it holds together (`check_state`).

    Raises:
        RecordError: malformed, tampered or inconsistent, with the path of the bad field.
    """
    data = _loads(text)
    if isinstance(data, dict):
        version = data.pop("rules_version", None)
        if version != RULES_VERSION:
            raise RecordError(
                f"the state follows rules version {quote(version)}, but this library implements "
                f"{RULES_VERSION!r} at $.rules_version",
                path="$.rules_version",
            )
    from drako_rules.serialization import structure

    return check_state(structure(data, GameState))


#: The longest JSON move object read, in characters: the longest move as
#: `move_to_json` writes it has 51; a client may
#: add spaces.
MAX_MOVE_JSON: Final = 1_000


def move_to_json(move: Move) -> str:
    """A move as a JSON move object, the shape records and views use for moves.

    ``{"type": "take", "position": [1, 2]}``: the ``"type"`` is the move's verb
    (``arrange``, ``draw``, ``place``, ``take``, ``reveal``, ``claim``, ``end``), then its
    fields. The inverse of `move_from_json`.
    """
    from drako_rules.serialization import unstructure

    return _dumps(unstructure(move), None)


def move_from_json(text: str | bytes) -> Move:
    """Read a client's JSON move object, such as ``{"type": "take", "position": [1, 2]}``.

    The move is read, not judged: whether it is legal now is for
    `apply_move` to say. Reading is strict, as
    for records: a missing, unknown or mistyped field or an unknown ``"type"`` fails. The
    result is the same instance as in `MOVES`.

    Raises:
        RecordError: the text is longer than ``MAX_MOVE_JSON`` characters, is not JSON,
            or is not a move object; ``path`` says which field.
    """
    if isinstance(text, str | bytes | bytearray) and len(text) > MAX_MOVE_JSON:
        raise RecordError(
            f"a JSON move object is at most {MAX_MOVE_JSON} characters, not {len(text)}",
            path="$",
        )
    from drako_rules.serialization import structure

    return structure(_loads(text), Move)


def view_to_json(view: PlayerView, *, indent: int | None = None) -> str:
    """A player's view as JSON text: what may be sent to that player (R8)."""
    from drako_rules.serialization import unstructure

    expect(view, PlayerView, "a PlayerView", "see player_view")
    return _dumps(unstructure(view), _indent(indent))


def view_from_json(text: str | bytes) -> PlayerView:
    """Read a player's view from JSON text.

    Raises:
        RecordError: malformed JSON or fields, with the path of the bad field.
    """
    from drako_rules.serialization import structure

    return structure(_loads(text), PlayerView)
