"""The games of a run, each refereed: numbered, seeded and seated, then played by the
engine's one game loop (`play_game`) with every move
of every player watched.

Game ``i`` of a run seeded ``S`` has seed ``S + i`` (R2.8,
`game_seed`) and its players sit rotated by one seat per
game (`seating`); each is made afresh by its factory with a
seed of its own (`player_seed`).
`play_refereed` turns whatever a player or its
factory does wrong into a `GameFailure` of that game
alone, naming the player and why: it raised (any exception, ``SystemExit`` too, even one
that cannot be printed), returned something that is not a move or an illegal move, took
longer than the time limit of a move, or left the game unfinished after the most moves.
"""

from __future__ import annotations

import random
import signal
import threading
import time
from typing import Final

import attrs

from drako_rules.errors import ArenaError, GameError, IllegalMoveError, quote
from drako_rules.game import Move, Player, PlayerView, final_ranking, final_scores
from drako_rules.game.players import play_game
from drako_rules.game.setup import check_seed
from drako_rules.parallel import Interrupted, describe_exception, escaped_prefix
from drako_rules.players.registry import PlayerSpec

__all__ = [
    "MAX_GAMES",
    "MAX_MOVES",
    "MAX_MOVE_TIME_LIMIT",
    "GameFailure",
    "GameResult",
    "GameTask",
    "check_games",
    "check_seeds",
    "game_seed",
    "play_batch",
    "play_refereed",
    "player_seed",
    "seating",
]

#: The most games one run may play: a bound on time and memory.
MAX_GAMES: Final = 10_000_000
#: The guard on the length of an arena game: the rules set no limit (R7.4).
MAX_MOVES: Final = 2000
#: The longest move time limit, in seconds (a day).
MAX_MOVE_TIME_LIMIT: Final = 86_400.0


def _text(value: object) -> str:
    """A short escaped ``str`` of a move, whatever its ``str`` does."""
    try:
        text = str(value)
    except Interrupted:
        raise
    except BaseException:
        return f"an object of type {type(value).__name__[:60]}"
    return escaped_prefix(text)


def _shown(value: object) -> str:
    """A short escaped ``repr`` of what a player or factory returned, whatever its
    ``repr`` does."""
    try:
        text = repr(value)
        if not isinstance(text, str):  # pragma: no cover - repr() returns text or raises
            raise TypeError
    except Interrupted:
        raise
    except BaseException:
        return f"an object of type {type(value).__name__[:60]}"
    return escaped_prefix(text)


@attrs.frozen
class GameResult:
    """A finished arena game.

    Attributes:
        index: the game's number, from 0; it decides the seed and the seats.
        seed: the game's seed (R2.8).
        seating: for each seat, the index of the player (in the arena's list) sitting there.
        totals: the final totals by seat (R7.3).
        places: the places by seat (R5.6; tied players share a place).
        moves: how many moves the game took.
    """

    index: int
    seed: int
    seating: tuple[int, ...]
    totals: tuple[int, ...]
    places: tuple[int, ...]
    moves: int


@attrs.frozen
class GameFailure:
    """An arena game that could not finish, because of one of its players (or, with a
    run's ``timeout``, because its batch did not come back in time).

    Attributes:
        index: the game's number.
        seed: the game's seed.
        player: the index of the player at fault (in the arena's list); -1 for a game of
            a batch that did not come back, whose player at fault is not known.
        name: the player's spec (``"?"`` when not known).
        seat: the seat it played (-1 when not known).
        reason: what went wrong: the exception, the illegal move, the time limit of a
            move, or the run's timeout.
    """

    index: int
    seed: int
    player: int
    name: str
    seat: int
    reason: str

    def __str__(self) -> str:
        if self.player < 0:
            return f"game {self.index} (seed {self.seed}): {self.reason}"
        return (
            f"game {self.index} (seed {self.seed}): player {self.player} "
            f"{escaped_prefix(self.name)} in seat {self.seat}: {self.reason}"
        )


class _MoveTimeout(BaseException):
    """Raised in the player's call by the alarm of the move time limit (not an Exception,
    so that a player's own ``except Exception`` cannot swallow it)."""


class _Alarm:
    """A time limit on one call, by ``SIGALRM`` where it can be used (POSIX, main thread)."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.armed = (
            seconds is not None
            and hasattr(signal, "setitimer")
            and threading.current_thread() is threading.main_thread()
        )

    def __enter__(self) -> _Alarm:
        if self.armed and self.seconds is not None:
            self.previous = signal.signal(signal.SIGALRM, _raise_timeout)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)


def _raise_timeout(signum: int, frame: object) -> None:
    raise _MoveTimeout


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``: ``seed + index`` (R2.8)."""
    return seed + index


def player_seed(seed: int, index: int, player: int) -> int:
    """The seed given to the factory of ``player`` in game ``index``: derived from the
    three numbers alone (a SHA-512 of their text), so it does not depend on who runs it."""
    return random.Random(f"drako-rules/arena/{seed}/{index}/{player}").getrandbits(63)


def seating(index: int, players: int) -> tuple[int, ...]:
    """Which player sits in each seat of game ``index``: rotated by one seat per game.

    Examples:
        >>> seating(0, 3), seating(1, 3)
        ((0, 1, 2), (2, 0, 1))
    """
    return tuple((seat - index) % players for seat in range(players))


@attrs.frozen
class GameTask:
    """What every game of an arena shares: a plain value that pickles, sent to each worker.

    Attributes:
        specs: the players, in the arena's order.
        seed: the seed of the run (game ``i`` has seed ``seed + i``).
        ruleset: the ruleset's name (R9).
        move_time_limit: seconds a player may take for one move (None: no limit).
        max_moves: a game not over after this many moves fails (R7.4).
    """

    specs: tuple[PlayerSpec, ...]
    seed: int
    ruleset: str
    move_time_limit: float | None
    max_moves: int


class _Fault(Exception):
    """A player's fault, raised out of the engine's game loop to end the game."""

    def __init__(self, seat: int, reason: str) -> None:
        super().__init__(reason)
        self.seat = seat
        self.reason = reason


class _Referee:
    """The players of one game, each move watched: the time limit, the most moves, and a
    player that raises or returns something that is not a move."""

    def __init__(self, players: list[Player], limit: float | None, max_moves: int) -> None:
        self.players = players
        self.limit = limit
        self.max_moves = max_moves
        self.moves = 0
        self.seat = -1
        self.move: Move | None = None

    def seated(self) -> list[Player]:
        """The players as the game loop calls them, one per seat."""
        return [_Seat(self, seat) for seat in range(len(self.players))]

    def play(self, seat: int, view: PlayerView) -> Move:
        """The move of the player in ``seat``, or a fault naming what it did wrong."""
        self.seat = seat
        if self.moves >= self.max_moves:
            raise _Fault(seat, f"the game is not over after {self.moves} moves (R7.4)")
        limit = self.limit
        start = time.perf_counter()
        try:
            with _Alarm(limit):
                move = self.players[seat](view)
        except _MoveTimeout:
            raise _Fault(seat, f"no move within {limit} s") from None
        except Interrupted:  # the user's Ctrl-C stops the run
            raise
        except BaseException as exc:  # anything else the player raised loses its game
            raise _Fault(seat, f"it raised {describe_exception(exc)}") from None
        if limit is not None and time.perf_counter() - start > limit:
            raise _Fault(seat, f"no move within {limit} s")
        if not isinstance(move, Move):
            raise _Fault(seat, f"returned {_shown(move)}, not a Move")
        self.move = move
        self.moves += 1
        return move


class _Seat:
    """One seat's player, as the engine's game loop calls it."""

    def __init__(self, referee: _Referee, seat: int) -> None:
        self.referee = referee
        self.seat = seat

    def __call__(self, view: PlayerView) -> Move:
        return self.referee.play(self.seat, view)


def play_refereed(task: GameTask, index: int) -> GameResult | GameFailure:
    """Play game ``index`` of an arena; a player's fault gives a failure naming it."""
    n = len(task.specs)
    seed = game_seed(task.seed, index)
    seats = seating(index, n)
    players: list[Player] = []
    for seat, who in enumerate(seats):
        spec = task.specs[who]
        try:
            player = spec.factory()(player_seed(task.seed, index, who))
        except Interrupted:
            raise
        except BaseException as exc:  # whatever the factory raised loses this game
            reason = f"its factory raised {describe_exception(exc)}"
            return GameFailure(index, seed, who, spec.name, seat, reason)
        if not callable(player):
            reason = f"its factory returned {_shown(player)}, not a player"
            return GameFailure(index, seed, who, spec.name, seat, reason)
        players.append(player)
    referee = _Referee(players, task.move_time_limit, task.max_moves)
    try:
        played = play_game(referee.seated(), seed, ruleset=task.ruleset)
    except _Fault as fault:
        who = seats[fault.seat]
        return GameFailure(index, seed, who, task.specs[who].name, fault.seat, fault.reason)
    except IllegalMoveError as exc:  # the move its player returned, refused by the rules
        cause = exc.__cause__ if isinstance(exc.__cause__, IllegalMoveError) else exc
        return _blame(task, index, seats, referee, f"illegal move {_text(referee.move)}: {cause}")
    except Exception as exc:  # a Move of the player's own making that the engine cannot play
        return _blame(
            task,
            index,
            seats,
            referee,
            f"its move {_text(referee.move)} could not be played: {describe_exception(exc)}",
        )
    totals = tuple(sheet.total for sheet in final_scores(played.state))
    places = final_ranking(played.state).places
    return GameResult(index, seed, seats, totals, places, len(played.record.moves))


def _blame(
    task: GameTask, index: int, seats: tuple[int, ...], referee: _Referee, reason: str
) -> GameFailure:
    """The failure of game ``index``, blamed on the player whose move was refused last."""
    seed = game_seed(task.seed, index)
    if referee.seat < 0:  # pragma: no cover - the engine refused no player's move
        return GameFailure(index, seed, -1, "?", -1, reason)
    who = seats[referee.seat]
    return GameFailure(index, seed, who, task.specs[who].name, referee.seat, reason)


def play_batch(task: GameTask, indices: range) -> list[GameResult | GameFailure]:
    """The games ``indices`` of an arena, in order (what one worker does per call)."""
    return [play_refereed(task, i) for i in indices]


def check_games(games: object) -> int:
    """``games`` when it is a count of games a run may play: 1 to
    `MAX_GAMES`.

    Raises:
        ArenaError: it is not.
    """
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ArenaError(f"the number of games is from 1 to {MAX_GAMES:,}, not {quote(games)}")
    return games


def check_seeds(seed: object, games: int) -> int:
    """``seed`` when it and the seed of the last game are seeds of a game (R2.8).

    Raises:
        ArenaError: one of them is not.
    """
    try:
        first = check_seed(seed)
        check_seed(game_seed(first, games - 1))
    except GameError as exc:
        raise ArenaError(f"bad seed for {games:,} games: {exc}") from None
    return first
