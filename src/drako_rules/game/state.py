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
import functools
import operator
from collections.abc import Callable
from typing import Final

import attrs

from drako_rules._kernel import play
from drako_rules._kernel.board import CARD_OF_CODE, CARDS, CODE_OF, LEGENDS
from drako_rules._kernel.play import Core
from drako_rules._kernel.turns import OVER, sees_drawn
from drako_rules.cards import Card, Legend
from drako_rules.errors import GameError, quote
from drako_rules.game.packing import (
    card_codes,
    checked_pack,
    hidden_codes,
    legend_ids,
    player_of,
    players_core,
    row_of,
)
from drako_rules.game.parts import (
    NO_HIDDEN,
    PHASE_CODES,
    PHASE_OF_CODE,
    Phase,
    PlayerState,
    player_state,
)
from drako_rules.rulesets import Ruleset

__all__ = [
    "KEEP",
    "NO_HIDDEN",
    "GameState",
    "Keep",
    "Phase",
    "PlayerState",
    "drawn_card_seen",
    "kernel_state",
    "player_state",
    "state_of_kernel",
    "successor",
    "successor_function",
]


_CARD: Final = CARD_OF_CODE.__getitem__
#: ``_REAL_CARD(code)``: the card of a code below ``UNEXPLORED`` (piles and hands hold no
#: Unexplored Land).
_REAL_CARD: Final = CARDS.__getitem__
_LEGEND: Final = LEGENDS.__getitem__


@attrs.frozen(init=False, repr=False)
class GameState:
    """The whole state of a game, hidden cards included (R2–R3, R6–R7). Immutable.

    Never show a ``GameState`` to a player: it holds the kinds of the Unexplored Lands
    and the order of the piles. Send `player_view` instead (R8).
    The seed is part of the state so that reshuffles (R3.5) are decided by the state
    alone (R2.8).

    Piles are tuples whose **last** item is the top.

    A state holds the kernel's state of the game, plain integers and tuples (as a chess
    library's board keeps bitboards), and derives each field below from it when read;
    `players` and `hidden` are derived once. A new state is made by the engine
    (`apply_move`), by this constructor, or with `successor`, which changes named fields.

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
        row_mask: the Legends of the legend row, as a mask of `LEGEND_BIT` (in the kernel).
        met_masks: for each seat, the Legends its revealed Kingdom meets in the game's
            ruleset (R6.1, R6.4, R9.3), as a mask of `LEGEND_BIT` (in the kernel).

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

    _core: Core
    """The kernel's state (``_kernel.play``): the one field, compared and hashed; every
    public field is derived from it."""

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
        core: Core | None = None,
    ) -> None:
        """Check what a hand-built state could contradict, and pack it for the kernel.

        ``core`` is for the engine only (`state_of_kernel`): the kernel's state of a state
        it built from a checked one; the other arguments are then not read.

        Raises:
            GameError: the legend row or deck is not Legends, a player is not a
                PlayerState (or holds other than Legends and Cards), the ruleset is not a
                Ruleset, the phase not a Phase, a pile or hidden cell not Cards, or the phase
                and the drawn card contradict each other (a drawn card exists exactly in
                phase ``DRAWN``, R3.3).
        """
        if core is None:
            core = checked_pack(
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
        # Set once, as attrs' own generated __init__ sets a frozen slotted field (the way
        # attrs documents for a custom __init__; Kingdom does the same). Calling the
        # generated ``__attrs_init__`` instead costs a frame per state: 2.5 % of a game.
        object.__setattr__(self, "_core", core)

    # -- the fields, derived from the kernel's state --------------------------------------

    @property
    def ruleset(self) -> Ruleset:
        """The scoring rules of the game (R9)."""
        ruleset = self._core[play.GAME][play.RULESET]
        assert type(ruleset) is Ruleset
        return ruleset

    @property
    def seed(self) -> int:
        """The seed every shuffle comes from (R2.8)."""
        return self._core[play.GAME][play.SEED]

    @property
    def first_player(self) -> int:
        """The seat of the first player (R2.7)."""
        return self._core[play.GAME][play.FIRST]

    @functools.cached_property
    def players(self) -> tuple[PlayerState, ...]:
        """Each player's public state, by seat (derived once)."""
        c = self._core
        return tuple(map(player_of, c[play.CELL_CODES], c[play.CLAIMS], c[play.HANDS]))

    @property
    def current_player(self) -> int:
        """The seat of the player to move (in ``OVER``: whose card action ended it)."""
        return self._core[play.SEAT]

    @property
    def phase(self) -> Phase:
        """What kind of decision is awaited (`Phase`)."""
        return PHASE_OF_CODE[self._core[play.PHASE]]

    @property
    def turn(self) -> int:
        """The number of the current turn (0 during the starting arrangements)."""
        return self._core[play.TURN]

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """The face-down draw pile, top last (R2.1, R3.3)."""
        return tuple(map(_REAL_CARD, self._core[play.DRAW]))

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The face-up discard pile, top last (R2.6, R3.4a)."""
        return tuple(map(_REAL_CARD, self._core[play.DISCARD]))

    @property
    def legend_row(self) -> tuple[Legend, ...]:
        """The face-up Legends that can be claimed (R2.2, R6.2)."""
        return row_of(self._core[play.ROW])

    @property
    def legend_deck(self) -> tuple[Legend, ...]:
        """The face-down Legends, top last (R2.2, R6.2)."""
        return tuple(map(_LEGEND, self._core[play.DECK]))

    @functools.cached_property
    def hidden(self) -> tuple[tuple[Card | None, ...], ...]:
        """For each player, the kind of the card under each cell (R2.4, R8.2; derived once)."""
        return tuple(
            NO_HIDDEN if under == play.NO_CODES else tuple(map(_CARD, under))
            for under in self._core[play.HIDDEN]
        )

    @property
    def drawn(self) -> Card | None:
        """The card drawn and not yet placed or discarded (phase ``DRAWN``, R3.3)."""
        return CARD_OF_CODE[self._core[play.DRAWN_CARD]]

    @property
    def claimed_this_turn(self) -> bool:
        """Whether the player to move has claimed a Legend this turn (R6.1)."""
        return self._core[play.CLAIMED] == 1

    @property
    def reshuffles(self) -> int:
        """How many times the discard pile was reshuffled into the draw pile (R3.5)."""
        return self._core[play.RESHUFFLES]

    @property
    def row_mask(self) -> int:
        """The Legends of the legend row, as a mask of ``LEGEND_BIT`` (in the kernel)."""
        return self._core[play.ROW_MASK]

    @property
    def met_masks(self) -> tuple[int, ...]:
        """For each seat, the Legends its revealed Kingdom meets (R6.1, R6.4, R9.3), as a
        mask of ``LEGEND_BIT`` (in the kernel); derived with the Kingdoms, never stale."""
        return self._core[play.MET]

    @property
    def is_over(self) -> bool:
        """True once the game has ended (R7.1); then no one moves again."""
        return self._core[play.PHASE] == OVER

    @property
    def player_count(self) -> int:
        """The number of players (R1.3)."""
        return len(self._core[play.MET])

    @property
    def current(self) -> PlayerState:
        """The state of the player to move."""
        return self.players[self._core[play.SEAT]]

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile (R3.1), or None while it is empty."""
        pile = self._core[play.DISCARD]
        return CARD_OF_CODE[pile[-1]] if pile else None

    def __repr__(self) -> str:
        c = self._core
        drawn = self.drawn
        shown = f", drawn {drawn.english}" if drawn is not None else ""
        top = self.discard_top
        return (
            f"<GameState {len(c[play.MET])} players, {self.ruleset.name}, seed {self.seed}, "
            f"turn {self.turn}, player {self.current_player} {self.phase.value}"
            f"{shown}, draw pile {len(c[play.DRAW])}, discard pile {len(c[play.DISCARD])}"
            f"{f' (top {top.english})' if top is not None else ''}, "
            f"legend row {len(c[play.ROW])}, legend deck {len(c[play.DECK])}>"
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


#: ``kernel_state(state)``: the kernel's state a `GameState` holds (``_kernel.play``), for
#: the engine, which reads and plays on it (the moves of R2.5-R7.2, what a seat sees, R8).
kernel_state: Final[Callable[[GameState], Core]] = operator.attrgetter("_core")

#: The arguments a state built from the kernel's state does not read.
_UNREAD: Final = (None,) * 12


def state_of_kernel(core: Core) -> GameState:
    """The `GameState` of the kernel's state ``core``, for the engine: a state the kernel
    dealt (R2.1-R2.4) or made by a move (R2.5-R7.2) from a checked one, so nothing is
    checked again."""
    return GameState(*_UNREAD, core=core)  # type: ignore[arg-type]


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
    """The state with the named fields changed and every other kept: what
    ``GameState(...)`` builds from the old state's fields and these, without its checks.

    The values are the caller's to check (the constructor checks them). The derived
    masks are the caller's to keep true: ``row_mask`` changes with ``legend_row``, and
    ``met_masks`` with the Kingdoms of ``players`` (``legends_mask`` in the game's
    ruleset); a mask left out is kept as it was.
    """
    c = state._core
    (seat, phase_code, turn_now, draw, discard, row, deck, codes, masks, under, claims, hands,
     card, claimed, shuffles, row_bits, met, game) = c  # fmt: skip
    if players is not KEEP:
        codes, masks, claims, hands, _ = players_core(players, game[play.THROUGH])
    if legend_row is not KEEP:
        row = legend_ids(legend_row)
    return state_of_kernel(
        (
            seat if current_player is KEEP else current_player,
            phase_code if phase is KEEP else PHASE_CODES[phase],
            turn_now if turn is KEEP else turn,
            draw if draw_pile is KEEP else card_codes(draw_pile),
            discard if discard_pile is KEEP else card_codes(discard_pile),
            row,
            deck if legend_deck is KEEP else legend_ids(legend_deck),
            codes,
            masks,
            under if hidden is KEEP else hidden_codes(hidden),
            claims,
            hands,
            card if drawn is KEEP else CODE_OF[drawn],
            claimed if claimed_this_turn is KEEP else (1 if claimed_this_turn else 0),
            shuffles if reshuffles is KEEP else reshuffles,
            row_bits if row_mask is KEEP else row_mask,
            met if met_masks is KEEP else met_masks,
            game,
        )
    )


#: The names of the fields of a state a transition may change, with the two masks.
_CHANGING: Final = frozenset(
    {
        "players",
        "current_player",
        "phase",
        "turn",
        "draw_pile",
        "discard_pile",
        "legend_row",
        "legend_deck",
        "hidden",
        "drawn",
        "claimed_this_turn",
        "reshuffles",
        "row_mask",
        "met_masks",
    }
)


def successor_function(*changed: str) -> Callable[..., GameState]:
    """The function ``f(state, *, name=value, ...)`` that returns
    `successor(state, name=value, ...)` for exactly
    the fields ``changed``, each of them required: one transition shape.

    The same contract holds: the values are the caller's to check, and the derived masks
    theirs to keep true.

    Raises:
        GameError: a name is not a field a transition changes (``ruleset``, ``seed`` and
            ``first_player`` never change), or is given twice.
    """
    if any(n not in _CHANGING for n in changed) or len(set(changed)) != len(changed):
        raise GameError(f"successor_function takes distinct changing fields, not {quote(changed)}")
    names = frozenset(changed)

    def evolved(state: GameState, **values: object) -> GameState:
        if values.keys() != names:
            raise GameError(f"this successor takes exactly the fields {sorted(names)}")
        return successor(state, **values)  # type: ignore[arg-type]

    return evolved


def drawn_card_seen(state: GameState, seat: int) -> Card | None:
    """The card just drawn as seat ``seat`` sees it (R8.3): the drawn card for the player
    who drew it (the current player), None for everyone else: the kernel's
    ``_kernel.turns.sees_drawn`` decides it, read by
    ``player_view`` and the environment's observation."""
    return sees_drawn(seat, state.current_player, state.drawn)
