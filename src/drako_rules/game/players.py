"""Players that choose moves, and whole games played from a seed.

A *player* is any callable that receives its `PlayerView` (R8) and
returns one of ``view.legal_moves``. `RandomPlayer` picks uniformly at random;
`play_game` runs players against each other, and `play_random_game` plays a
random game quickly (for tests, benchmarks and the docs).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeAlias

import attrs

from drako_rules.errors import DrakoTypeError, GameError, IllegalMoveError, quote
from drako_rules.game.moves import Move
from drako_rules.game.records import GameRecord
from drako_rules.game.setup import new_game
from drako_rules.game.state import GameState
from drako_rules.game.transitions import apply_move, legal_moves
from drako_rules.game.views import PlayerView, player_view
from drako_rules.rulesets import POCKET, Ruleset, get_ruleset

__all__ = ["PlayedGame", "Player", "RandomPlayer", "play_game", "play_random_game", "random_move"]

#: A player: given what it may see (R8), it returns one of ``view.legal_moves``.
Player: TypeAlias = Callable[[PlayerView], Move]


class RandomPlayer:
    """A player that picks one of its legal moves uniformly at random.

    Its choices come from its own ``random.Random(seed)``, so a game between random
    players is reproducible from the two seeds.

    Examples:
        >>> from drako_rules import new_game, player_view
        >>> bot = RandomPlayer(seed=1)
        >>> move = bot(player_view(new_game(2, seed=1), 0))
        >>> str(move).startswith("arrange")
        True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __call__(self, view: PlayerView) -> Move:
        if not view.legal_moves:
            raise GameError(f"player {view.viewer} has no move to make now")
        return self.rng.choice(view.legal_moves)


def random_move(state: GameState, rng: random.Random) -> Move:
    """One of the legal moves of ``state``, chosen uniformly with ``rng``.

    Raises:
        GameError: nothing is legal (the game is over).
        DrakoTypeError: ``state`` is not a GameState or ``rng`` not a ``random.Random``.
    """
    if not callable(getattr(rng, "random", None)):
        raise DrakoTypeError(
            f"expected a random number generator such as random.Random(seed), not {quote(rng)}"
        )
    moves = legal_moves(state)
    if not moves:
        raise GameError("the game is over: there is no move to make (R7.1)")
    return moves[int(rng.random() * len(moves))]


@attrs.frozen
class PlayedGame:
    """A game played to its end: its record and its final state.

    Attributes:
        record: every move from the seed (`replay` gives ``state``).
        state: the final state; `final_scores` and
            `final_ranking` score it.
    """

    record: GameRecord
    state: GameState

    def __repr__(self) -> str:
        """What identifies the game, within 300 characters: players, seed, first player,
        ruleset, moves and whether it is over (the record replays it, R2.8)."""
        record = self.record
        return (
            f"PlayedGame(players={record.players}, seed={record.seed}, "
            f"first_player={record.first_player}, ruleset={record.ruleset!r}, "
            f"moves={len(record.moves)}, over={self.state.is_over})"
        )[:300]


def play_random_game(
    players: int,
    seed: int,
    *,
    first_player: int = 0,
    ruleset: Ruleset | str = POCKET,
    move_seed: int | None = None,
) -> PlayedGame:
    """Play a whole game with every player choosing uniformly among its legal moves.

    Args:
        players: 2, 3 or 4 (R1.3).
        seed: the seed of the game's shuffles (R2.8).
        first_player: the seat that starts (R2.7).
        ruleset: the scoring rules (R9).
        move_seed: the seed of the players' choices; ``seed`` when None, so one number
            decides the whole game.

    Examples:
        >>> from drako_rules import final_scores
        >>> game = play_random_game(2, seed=42)
        >>> game.state.is_over, len(final_scores(game.state))
        (True, 2)
        >>> game == play_random_game(2, seed=42)
        True
    """
    rules = get_ruleset(ruleset)
    state = new_game(players, seed, first_player, rules)
    rng = random.Random(seed if move_seed is None else move_seed)
    pick = rng.random
    moves: list[Move] = []
    add = moves.append
    while True:
        legal = legal_moves(state)
        if not legal:
            break
        move = legal[int(pick() * len(legal))]
        add(move)
        state = apply_move(state, move)
    record = GameRecord(seed, players, first_player, rules.name, moves=moves)
    return PlayedGame(record, state)


def play_game(
    players: Sequence[Player],
    seed: int,
    *,
    first_player: int = 0,
    ruleset: Ruleset | str = POCKET,
    max_moves: int | None = None,
) -> PlayedGame:
    """Play a whole game between ``players`` (one per seat), each seeing only its view (R8).

    The rules set no limit on the length of a game (R7.4): players who only ever take the
    discard onto revealed cards never end it (R7.1 needs the last Unexplored Land to go).
    ``max_moves`` guards against such players: a game cut by it is not finished, so it is
    an error, never a result.

    Raises:
        IllegalMoveError: a player returned a move that is not legal.
        PlayerCountError: not 2 to 4 players.
        GameError: the game was not over after ``max_moves`` moves.

    Examples:
        >>> players = [RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)]
        >>> game = play_game(players, seed=9)
        >>> game.state.is_over, game.record.players
        (True, 3)
    """
    rules = get_ruleset(ruleset)
    state = new_game(len(players), seed, first_player, rules)
    moves: list[Move] = []
    while not state.is_over:
        if max_moves is not None and len(moves) >= max_moves:
            raise GameError(f"the game is not over after {max_moves} moves")
        seat = state.current_player
        move = players[seat](player_view(state, seat))
        try:
            state = apply_move(state, move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"player {seat} chose {move}: {exc}", rule=exc.rule) from exc
        moves.append(move)
    record = GameRecord(seed, len(players), first_player, rules.name, moves=moves)
    return PlayedGame(record, state)
