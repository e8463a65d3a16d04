"""The state of a game (R2, R3, R6, R7): `GameState`, `PlayerState`, `Phase`.

A `GameState` is the whole truth of a game, hidden cards included: the engine's
value, for servers and simulations. What a player may see is a
`PlayerView` (R8), made by `player_view`.

The phase machine:
    A game goes through these phases (`Phase`); `legal_moves`
    lists what the player to move may decide in each.

    1. ``ARRANGE`` (R2.5): each player in turn, in seat order from the first player,
       chooses where the 4 starting cards go in the 2×2 centre (`Arrange`). After
       the last one, the top card of the draw pile starts the discard pile (R2.6) and the
       first player's first turn begins.
    2. ``BEFORE_CARD``: the start of a turn. The player may claim one Legend (R6.1) and
       must take one card (R3.1): the discard pile's top onto a legal position
       (`Take`, R3.2) or the top of the draw pile (`Draw`, R3.3, R3.5).
    3. ``DRAWN`` (R3.3): the player, who alone sees the drawn card (R8.3), places it
       (`Place`, R3.4) or discards it and reveals an Unexplored Land
       (`Reveal`).
    4. ``AFTER_CARD``: the card action is done and the player, who has not claimed a
       Legend this turn, meets a Legend of the row: claim it (`Claim`) or
       `End` the turn (R6.1).
    5. ``OVER`` (R7): a card action left a Kingdom without Unexplored Land; every hidden
       card has been revealed (R7.2) and no one moves again.

    The turn passes by itself as soon as the player has nothing left to decide: after the
    card action when no Legend can be claimed (one already claimed this turn, or none
    met), and after a Legend claimed after the card action.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable
from typing import Final

import attrs

from drako_rules._kernel.board import legend_mask
from drako_rules._kernel.turns import sees_drawn
from drako_rules.cards import Card, Legend
from drako_rules.errors import GameError
from drako_rules.kingdom import Kingdom
from drako_rules.legends import legends_mask
from drako_rules.rulesets import Ruleset

__all__ = [
    "KEEP",
    "NO_HIDDEN",
    "GameState",
    "Keep",
    "Phase",
    "PlayerState",
    "drawn_card_seen",
    "player_state",
    "successor",
    "successor_function",
]


class Phase(enum.Enum):
    """Where a game stands: what kind of decision is awaited (see the module documentation)."""

    ARRANGE = "arrange"
    """Waiting for the current player's starting arrangement (R2.5)."""
    BEFORE_CARD = "before-card"
    """Start of a turn: claim a Legend (R6.1), then take or draw a card (R3.1)."""
    DRAWN = "drawn"
    """A card was drawn: place it, or discard it and reveal an Unexplored Land (R3.3)."""
    AFTER_CARD = "after-card"
    """After the card action: claim a met Legend or end the turn (R6.1)."""
    OVER = "over"
    """The game has ended (R7); every card is revealed."""

    # Members are singletons compared by identity: hashing by identity agrees with
    # equality, at C speed (Enum's own __hash__ is Python code), for the tables keyed by
    # phase (the observation encoder's).
    __hash__ = object.__hash__


def _check_kingdom(instance: object, attribute: attrs.Attribute[Kingdom], value: Kingdom) -> None:
    if type(value) is not Kingdom:
        raise GameError(f"a player's kingdom is a Kingdom, not {value!r:.60}")


@attrs.frozen
class PlayerState:
    """What everyone knows of one player (R8.1).

    Attributes:
        kingdom: the 4×4 Kingdom as it lies on the table: revealed cards, and ``None`` for
            each Unexplored Land (its kind is kept by the engine, in
            `GameState.hidden`). Before the player's starting arrangement the
            centre is empty and shows as ``None`` too.
        legends: the Legends the player claimed, in claim order (R6.3).
        hand: the 4 starting cards of different kinds, sorted in card order, until they
            are arranged (R2.3, R2.5); empty afterwards. Ruling: the starting cards are
            drawn face up (duplicates must be seen to be set aside), so everyone sees them.
    """

    kingdom: Kingdom = attrs.field(validator=_check_kingdom)
    legends: tuple[Legend, ...] = ()
    hand: tuple[Card, ...] = ()


def player_state(
    kingdom: Kingdom, legends: tuple[Legend, ...], hand: tuple[Card, ...]
) -> PlayerState:
    """``PlayerState(kingdom, legends, hand)``: the engine's name for building one."""
    return PlayerState(kingdom, legends, hand)


@attrs.frozen(init=False, repr=False)
class GameState:
    """The whole state of a game, hidden cards included (R2–R3, R6–R7). Immutable.

    Never show a ``GameState`` to a player: it holds the kinds of the Unexplored Lands
    and the order of the piles. Send `player_view` instead (R8).
    The seed is part of the state so that reshuffles (R3.5) are decided by the state
    alone (R2.8).

    Piles are tuples whose **last** item is the top.

    Attributes:
        ruleset: the scoring rules of the game (R9).
        seed: the seed every shuffle comes from (R2.8).
        first_player: the seat of the first player (R2.7).
        players: each player's public state, by seat.
        current_player: the seat of the player to move (in ``OVER``: the player whose card
            action ended the game, R7.1).
        phase: what kind of decision is awaited (`Phase`).
        turn: the number of the current turn, from 1 for the first player's first turn;
            0 during the starting arrangements.
        draw_pile: the face-down draw pile, top last (R2.1, R3.3).
        discard_pile: the face-up discard pile, top last (R2.6, R3.4a); empty until the
            starting arrangements are done.
        legend_row: the face-up Legends that can be claimed (R2.2, R6.2); a claimed
            Legend's replacement takes its slot.
        legend_deck: the face-down Legends, top last (R2.2, R6.2).
        hidden: for each player, the 16 cells of the Kingdom: the kind of the card under
            each Unexplored Land, ``None`` elsewhere (R2.4, R8.2).
        drawn: the card drawn and not yet placed or discarded (phase ``DRAWN``, R3.3).
        claimed_this_turn: whether the player to move has claimed a Legend this turn (R6.1).
        reshuffles: how many times the discard pile was shuffled into a new draw pile
            (R3.5); with the seed it decides the next shuffle.

    Examples:
        >>> from drako_rules import new_game, apply_move, Move
        >>> state = new_game(2, seed=7)
        >>> state.phase, state.current_player, state.players[0].kingdom
        (<Phase.ARRANGE: 'arrange'>, 0, Kingdom.parse('????/????/????/????'))
        >>> state = apply_move(state, Move.parse("arrange 0123"))
        >>> state = apply_move(state, Move.parse("arrange 3210"))
        >>> state.phase, state.current_player, state.turn, len(state.discard_pile)
        (<Phase.BEFORE_CARD: 'before-card'>, 0, 1, 1)
        >>> print(state)  # doctest: +ELLIPSIS
        GameState 2 players, pocket, seed 7, turn 1, player 0 before-card, draw pile 7, ...
        legend row: ...
        *player 0: ????/?...?/?...?/????  no Legend
         player 1: ????/?...?/?...?/????  no Legend
    """

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
    drawn: Card | None = None
    claimed_this_turn: bool = False
    reshuffles: int = 0
    row_mask: int = attrs.field(init=False, eq=False, repr=False)
    """Read-only: the Legends of the legend row, as a mask of
    `LEGEND_BIT` (in the kernel); derived from the row."""
    met_masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Read-only: for each seat, the Legends its revealed Kingdom meets in the game's ruleset
    (R6.1, R6.4, R9.3), as a mask of `LEGEND_BIT` (in the kernel);
    derived from the Kingdoms, so never stale."""

    def __init__(
        self,
        ruleset: Ruleset,
        seed: int,
        first_player: int,
        players: tuple[PlayerState, ...],
        current_player: int,
        phase: Phase,
        turn: int,
        draw_pile: tuple[Card, ...],
        discard_pile: tuple[Card, ...],
        legend_row: tuple[Legend, ...],
        legend_deck: tuple[Legend, ...],
        hidden: tuple[tuple[Card | None, ...], ...],
        drawn: Card | None = None,
        claimed_this_turn: bool = False,
        reshuffles: int = 0,
        *,
        derived: tuple[int, tuple[int, ...]] | None = None,
    ) -> None:
        """Check what a hand-built state could contradict, and derive the masks.

        ``derived`` is for the engine only: ``(row_mask, met_masks)`` of a state it built
        from a checked one (see `successor`), kept
        true by it. Left out, the masks are derived here from the legend row and the
        Kingdoms, and the state is checked.

        Raises:
            GameError: the legend row is not Legends, a player is not a PlayerState, the
                ruleset is not a Ruleset, or the phase and the drawn card contradict each
                other (a drawn card exists exactly in phase ``DRAWN``, R3.3).
        """
        self.__attrs_init__(
            ruleset,
            seed,
            first_player,
            players,
            current_player,
            phase,
            turn,
            draw_pile,
            discard_pile,
            legend_row,
            legend_deck,
            hidden,
            drawn,
            claimed_this_turn,
            reshuffles,
        )
        if derived is None:
            derived = _checked_masks(self)
        # The derived fields, set once here as attrs sets a frozen class's fields.
        object.__setattr__(self, "row_mask", derived[0])
        object.__setattr__(self, "met_masks", derived[1])

    @property
    def is_over(self) -> bool:
        """True once the game has ended (R7.1); then no one moves again."""
        return self.phase is Phase.OVER

    @property
    def player_count(self) -> int:
        """The number of players (R1.3)."""
        return len(self.players)

    @property
    def current(self) -> PlayerState:
        """The state of the player to move."""
        return self.players[self.current_player]

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile (R3.1), or None while it is empty."""
        return self.discard_pile[-1] if self.discard_pile else None

    def __repr__(self) -> str:
        drawn = f", drawn {self.drawn.english}" if self.drawn is not None else ""
        top = self.discard_top
        return (
            f"<GameState {len(self.players)} players, {self.ruleset.name}, seed {self.seed}, "
            f"turn {self.turn}, player {self.current_player} {self.phase.value}"
            f"{drawn}, draw pile {len(self.draw_pile)}, discard pile {len(self.discard_pile)}"
            f"{f' (top {top.english})' if top is not None else ''}, "
            f"legend row {len(self.legend_row)}, legend deck {len(self.legend_deck)}>"
        )

    def __str__(self) -> str:
        """A readable summary: phase, piles, legend row and every player's public state."""
        lines = [repr(self)[1:-1]]
        if self.drawn is not None:
            lines.append(f"drawn card (seen by player {self.current_player} only): {self.drawn}")
        lines.append("legend row: " + (", ".join(x.value for x in self.legend_row) or "empty"))
        for seat, player in enumerate(self.players):
            mark = "*" if seat == self.current_player and not self.is_over else " "
            legends = ", ".join(x.value for x in player.legends) or "no Legend"
            hand = f"; hand {' '.join(c.letter for c in player.hand)}" if player.hand else ""
            lines.append(f"{mark}player {seat}: {player.kingdom}  {legends}{hand}")
        return "\n".join(lines)


def _checked_masks(state: GameState) -> tuple[int, tuple[int, ...]]:
    """The derived masks of a state built by hand, once its fields are checked."""
    try:
        row = legend_mask(state.legend_row)
    except (KeyError, TypeError):  # not Legends (TypeError: not iterable or unhashable)
        raise GameError(
            f"the legend row is a tuple of Legends, not {state.legend_row!r:.80}"
        ) from None
    ruleset = state.ruleset
    if type(ruleset) is not Ruleset:
        raise GameError(f"the ruleset of a game is a Ruleset, not {ruleset!r:.60}")
    players = state.players
    if type(players) is not tuple or not all(type(p) is PlayerState for p in players):
        raise GameError(f"players is a tuple of PlayerState, not {players!r:.80}")
    drawn = state.drawn
    if (drawn is not None) != (state.phase is Phase.DRAWN):
        _mismatched_drawn(state)
    if drawn is not None and type(drawn) is not Card:
        raise GameError(f"the drawn card is a Card, not {drawn!r:.60}")
    return row, tuple(legends_mask(p.kingdom, ruleset) for p in players)


def _mismatched_drawn(state: GameState) -> None:
    """Raise the error for a drawn card outside phase ``DRAWN``, or none in it (R3.3)."""
    raise GameError(
        f"phase {getattr(state.phase, 'value', state.phase)!r:.30} with "
        f"{'a drawn card' if state.drawn is not None else 'no drawn card'}: a drawn "
        "card exists exactly in phase 'drawn' (R3.3)"
    )


#: The cells of a Kingdom that hold no hidden card: sixteen ``None`` (R2.4).
NO_HIDDEN: Final[tuple[Card | None, ...]] = (None,) * 16


class Keep(enum.Enum):
    """The default of each field of `successor`: keep it."""

    KEEP = "keep"

    def __repr__(self) -> str:
        """``KEEP``: the name the signature of ``successor`` shows."""
        return "KEEP"


#: The one value of `Keep`: a field of
#: `successor` left as it is.
KEEP: Final = Keep.KEEP


def successor(
    state: GameState,
    *,
    players: tuple[PlayerState, ...] | Keep = KEEP,
    current_player: int | Keep = KEEP,
    phase: Phase | Keep = KEEP,
    turn: int | Keep = KEEP,
    draw_pile: tuple[Card, ...] | Keep = KEEP,
    discard_pile: tuple[Card, ...] | Keep = KEEP,
    legend_row: tuple[Legend, ...] | Keep = KEEP,
    legend_deck: tuple[Legend, ...] | Keep = KEEP,
    hidden: tuple[tuple[Card | None, ...], ...] | Keep = KEEP,
    drawn: Card | Keep | None = KEEP,
    claimed_this_turn: bool | Keep = KEEP,
    reshuffles: int | Keep = KEEP,
    row_mask: int | Keep = KEEP,
    met_masks: tuple[int, ...] | Keep = KEEP,
) -> GameState:
    """``attrs.evolve(state, field=value, ...)`` for the engine: the state with the named
    fields changed and every other shared, built by ``GameState`` with the masks handed over.

    The engine has checked every value, so nothing is checked again; the derived masks
    are the caller's to keep true: ``row_mask`` changes with ``legend_row``, and
    ``met_masks`` with the Kingdoms of ``players`` (``legends_mask`` in the game's ruleset).
    """
    return GameState(
        state.ruleset,
        state.seed,
        state.first_player,
        state.players if players is KEEP else players,
        state.current_player if current_player is KEEP else current_player,
        state.phase if phase is KEEP else phase,
        state.turn if turn is KEEP else turn,
        state.draw_pile if draw_pile is KEEP else draw_pile,
        state.discard_pile if discard_pile is KEEP else discard_pile,
        state.legend_row if legend_row is KEEP else legend_row,
        state.legend_deck if legend_deck is KEEP else legend_deck,
        state.hidden if hidden is KEEP else hidden,
        state.drawn if drawn is KEEP else drawn,
        state.claimed_this_turn if claimed_this_turn is KEEP else claimed_this_turn,
        state.reshuffles if reshuffles is KEEP else reshuffles,
        derived=(
            state.row_mask if row_mask is KEEP else row_mask,
            state.met_masks if met_masks is KEEP else met_masks,
        ),
    )


#: The names of the fields of a state, in order: the public ones, then the two masks.
_FIELDS: Final = tuple(a.name for a in attrs.fields(GameState))
#: The number of fields ``GameState`` takes by position.
_TAKEN: Final = _FIELDS.index("row_mask")
#: ``_VALUES(state)``: the values of every field of a state, in order.
_VALUES: Final = operator.attrgetter(*_FIELDS)


def successor_function(*changed: str) -> Callable[..., GameState]:
    """The function ``f(state, *, name=value, ...)`` that returns
    `successor(state, name=value, ...)` for exactly
    the fields ``changed``, each of them required: one transition shape of the engine.

    A call reads the old state's fields and puts the changed ones over them, and pays none
    of the ``KEEP`` tests of `successor`. The same
    contract holds: the values are the caller's to check, and the derived masks theirs to
    keep true.

    Raises:
        GameError: a name is not a field a transition changes (``ruleset``, ``seed`` and
            ``first_player`` never change), or is given twice.
    """
    unknown = [n for n in changed if n not in _FIELDS or n in _FIXED]
    if unknown or len(set(changed)) != len(changed):
        raise GameError(f"successor_function takes distinct changing fields, not {changed!r:.80}")
    names = frozenset(changed)
    at = tuple(_FIELDS.index(name) for name in changed)

    def evolved(state: GameState, **values: object) -> GameState:
        if values.keys() != names:
            raise GameError(f"this successor takes exactly the fields {sorted(names)}")
        fields = [*_VALUES(state)]
        for i, name in zip(at, changed, strict=True):
            fields[i] = values[name]
        return GameState(*fields[:_TAKEN], derived=(fields[_TAKEN], fields[_TAKEN + 1]))

    return evolved


#: The fields no transition changes.
_FIXED: Final = frozenset({"ruleset", "seed", "first_player"})


def drawn_card_seen(state: GameState, seat: int) -> Card | None:
    """The card just drawn as seat ``seat`` sees it (R8.3): the drawn card for the player
    who drew it (the current player), None for everyone else: the kernel's
    ``_kernel.turns.sees_drawn`` decides it, read by
    ``player_view`` and the environment's observation."""
    return sees_drawn(seat, state.current_player, state.drawn)
