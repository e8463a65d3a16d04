"""A state's public fields in the kernel's form (issue 23): what `GameState` holds, and
back.

The kernel's game state (``_kernel.play``) holds plain integers and tuples: cards as their
codes (``board.CODE_OF``), Legends as their indices in ``board.LEGENDS``, each Kingdom as
its cell codes and its masks by code, with the derived masks of the legend row and of
the Legends each Kingdom meets (R6.4). Each public value has one packed form, so that two
states are equal exactly when their public fields are.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from drako_rules._kernel import play
from drako_rules._kernel.board import (
    CARDS,
    CODE_OF,
    LEGEND_INDEX,
    LEGENDS,
    legend_mask,
)
from drako_rules._kernel.legends import legends_mask
from drako_rules._kernel.play import Core
from drako_rules.cards import Card, Legend
from drako_rules.errors import GameError, quote
from drako_rules.game.parts import PHASE_CODES, Phase, PlayerState
from drako_rules.kingdom import Kingdom
from drako_rules.legends import through_flags
from drako_rules.rulesets import Ruleset

__all__ = [
    "card_codes",
    "cards_of",
    "cell_codes",
    "checked_pack",
    "hidden_codes",
    "kingdom_of",
    "legend_ids",
    "legends_of",
    "pack",
    "player_of",
    "players_core",
    "row_of",
]

_CELL_CODE: Final = CODE_OF.__getitem__
#: ``_CARD_CODE(card)``: the code of a card; no code for an Unexplored Land (None).
_CARD_CODE: Final = {card: CODE_OF[card] for card in CARDS}.__getitem__
_LEGEND_ID: Final = LEGEND_INDEX.__getitem__

Ints = tuple[int, ...]

#: The most values each table of decoded values keeps; it starts again when full.
DECODED: Final = 4096
_kingdoms: Final[dict[Ints, Kingdom]] = {}
_players: Final[dict[tuple[Ints, Ints, Ints], PlayerState]] = {}
_rows: Final[dict[Ints, tuple[Legend, ...]]] = {}


def kingdom_of(codes: Ints) -> Kingdom:
    """The Kingdom of cell codes ``codes``. Equal codes give the very same Kingdom (kept
    in a table of at most `DECODED`), so that what the states of a game share is one
    object, as the readers that re-encode only what changed expect (the environment's
    observation encoder); a Kingdom is a value, so sharing it is safe."""
    found = _kingdoms.get(codes)
    if found is None:
        if len(_kingdoms) >= DECODED:
            _kingdoms.clear()
        found = _kingdoms[codes] = Kingdom.from_codes(codes)
    return found


def legends_of(ids: Ints) -> tuple[Legend, ...]:
    """The Legends of indices ``ids``."""
    return tuple(map(LEGENDS.__getitem__, ids))


def cards_of(codes: Ints) -> tuple[Card, ...]:
    """The cards of codes ``codes`` (no Unexplored Land among them)."""
    return tuple(map(CARDS.__getitem__, codes))


def player_of(codes: Ints, claims: Ints, hand: Ints) -> PlayerState:
    """The public state of a player of cell codes ``codes``, claimed Legends ``claims``
    (indices) and starting hand ``hand`` (codes): one object for equal values, as
    `kingdom_of`."""
    key = (codes, claims, hand)
    found = _players.get(key)
    if found is None:
        if len(_players) >= DECODED:
            _players.clear()
        found = _players[key] = PlayerState(kingdom_of(codes), legends_of(claims), cards_of(hand))
    return found


def row_of(row: Ints) -> tuple[Legend, ...]:
    """The legend row of Legend indices ``row``: one tuple for equal rows, as `player_of`."""
    found = _rows.get(row)
    if found is None:
        if len(_rows) >= DECODED:
            _rows.clear()
        found = _rows[row] = legends_of(row)
    return found


def legend_ids(legends: Iterable[Legend]) -> Ints:
    """The indices of ``legends`` in ``board.LEGENDS`` (KeyError for other than Legends)."""
    return tuple(map(_LEGEND_ID, legends))


def card_codes(cards: Iterable[Card]) -> Ints:
    """The codes of ``cards`` (KeyError for other than Cards)."""
    return tuple(map(_CARD_CODE, cards))


def cell_codes(cells: Iterable[Card | None]) -> Ints:
    """The codes of cells, ``UNEXPLORED`` for None (KeyError for other than Cards and None)."""
    return tuple(map(_CELL_CODE, cells))


def hidden_codes(hidden: Iterable[Iterable[Card | None]]) -> tuple[Ints, ...]:
    """The codes of the cards under each Kingdom's cells (``UNEXPLORED``: none); a Kingdom
    with nothing hidden is ``_kernel.play.NO_CODES`` itself."""
    packed = []
    for under in hidden:
        codes = cell_codes(under)
        packed.append(play.NO_CODES if codes == play.NO_CODES else codes)
    return tuple(packed)


def players_core(
    players: tuple[PlayerState, ...], through: tuple[bool, ...]
) -> tuple[tuple[Ints, ...], tuple[Ints, ...], tuple[Ints, ...], tuple[Ints, ...], Ints]:
    """The kernel's fields of ``players``: cell codes, masks by code, claimed Legends,
    hands, and the Legends each revealed Kingdom meets in the ruleset of the flags
    ``through`` (R6.4, R9.3)."""
    kingdoms = [p.kingdom for p in players]
    masks = tuple(k.masks for k in kingdoms)
    return (
        tuple(k.codes for k in kingdoms),
        masks,
        tuple(legend_ids(p.legends) for p in players),
        tuple(card_codes(p.hand) for p in players),
        tuple(legends_mask(m, through) for m in masks),
    )


def _bad(what: str, value: object) -> GameError:
    return GameError(f"{what}, not {quote(value)}")


def pack(
    ruleset: Ruleset,
    seed: int,
    first_player: int,
    players: tuple[PlayerState, ...],
    current_player: int,
    phase: int,
    turn: int,
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    legend_row: tuple[Legend, ...],
    legend_deck: tuple[Legend, ...],
    hidden: tuple[tuple[Card | None, ...], ...],
    drawn: Card | None,
    claimed_this_turn: bool,
    reshuffles: int,
) -> Core:
    """The kernel's state of a state's fields, ``phase`` given as its kernel code, the
    derived masks included.

    Raises:
        GameError: a value has no packed form: the legend row, the legend deck or a
            player's Legends not Legends, a pile or a hand not Cards, a hidden cell neither
            a Card nor None.
    """
    through = through_flags(ruleset)
    try:
        row = legend_ids(legend_row)
    except (KeyError, TypeError):  # TypeError: not iterable, or unhashable
        raise _bad("the legend row is a tuple of Legends", legend_row) from None
    try:
        deck = legend_ids(legend_deck)
    except (KeyError, TypeError):
        raise _bad("the legend deck is a tuple of Legends", legend_deck) from None
    try:
        piles = card_codes(draw_pile), card_codes(discard_pile)
    except (KeyError, TypeError):
        raise _bad("the piles are tuples of Cards", (draw_pile, discard_pile)) from None
    try:
        codes, masks, claims, hands, met = players_core(players, through)
    except (KeyError, TypeError):
        raise _bad("a player's Legends and hand are tuples of Legends and Cards", players) from None
    try:
        under = hidden_codes(hidden)
    except (KeyError, TypeError):
        raise _bad("hidden is a tuple of the cells of each Kingdom", hidden) from None
    return (
        current_player,
        phase,
        turn,
        piles[0],
        piles[1],
        row,
        deck,
        codes,
        masks,
        under,
        claims,
        hands,
        CODE_OF[drawn],
        1 if claimed_this_turn else 0,
        reshuffles,
        play.row_mask_of(row),
        met,
        (ruleset, seed, first_player, through),
    )


def checked_pack(
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
    drawn: Card | None,
    claimed_this_turn: bool,
    reshuffles: int,
) -> Core:
    """The kernel's state of a state built by hand (`pack`), once what it could contradict
    is checked: what ``GameState(...)`` checks.

    Raises:
        GameError: the legend row is not Legends, a player is not a PlayerState, the
            ruleset is not a Ruleset, the phase not a Phase, the phase and the drawn card
            contradict each other (a drawn card exists exactly in phase ``DRAWN``, R3.3),
            or a value has no packed form (see `pack`).
    """
    try:
        legend_mask(legend_row)
    except (KeyError, TypeError):  # not Legends (TypeError: not iterable or unhashable)
        raise GameError(f"the legend row is a tuple of Legends, not {quote(legend_row)}") from None
    if type(ruleset) is not Ruleset:
        raise GameError(f"the ruleset of a game is a Ruleset, not {quote(ruleset)}")
    if type(players) is not tuple or not all(type(p) is PlayerState for p in players):
        raise GameError(f"players is a tuple of PlayerState, not {quote(players)}")
    if (drawn is not None) != (phase is Phase.DRAWN):
        raise GameError(
            f"phase {quote(getattr(phase, 'value', phase))} with "
            f"{'a drawn card' if drawn is not None else 'no drawn card'}: a drawn "
            "card exists exactly in phase 'drawn' (R3.3)"
        )
    if drawn is not None and type(drawn) is not Card:
        raise GameError(f"the drawn card is a Card, not {quote(drawn)}")
    code = PHASE_CODES.get(phase)
    if code is None:
        raise GameError(f"the phase is a Phase, not {quote(phase)}")
    return pack(
        ruleset,
        seed,
        first_player,
        players,
        current_player,
        code,
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
