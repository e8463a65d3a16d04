"""The arena: many seeded games between players, on every core or on a cluster (R2.8, R5.6, R8).

[`run_arena`][drako_rules.arena.run_arena] plays N games between named players
([`parse_player`][drako_rules.arena.parse_player]: ``random``, ``greedy``, ``search`` or
``module:Name``, a factory of the user's own players), seats rotated so that every player
sits in every seat equally often, and sums them up per player
([`ArenaResult`][drako_rules.arena.ArenaResult]): wins with their Wilson 95 % interval,
mean total and margin, per-seat win shares and Bradley–Terry ratings on the Elo scale with
95 % intervals. [`simulate`][drako_rules.arena.simulate] plays random games and answers
balance questions (the share of wins of each seat, with an interval).

Every game is seeded by its index alone, so the results are the same whatever runs them:
one process (``workers=1``), a process pool (``workers=N``, the default: every core), or
any ``concurrent.futures.Executor``, such as a Dask cluster's
(``distributed.Client(...).get_executor()``). Games travel in batches
([`run_batches`][drako_rules.arena.run_batches]) so that scheduling costs little even for
games of a millisecond.

A player that raises, returns an illegal move or takes longer than the time limit of a
move fails its game only: the failure names the player and the game
([`GameFailure`][drako_rules.arena.GameFailure]), and every finished game is kept.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import importlib
import math
import multiprocessing
import os
import queue
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Final, TypeAlias, TypeVar

import attrs

from drako_rules.errors import NAME_WIDTH, DrakoError, GameError, IllegalMoveError, short
from drako_rules.game import (
    GameState,
    Move,
    Player,
    RandomPlayer,
    apply_move,
    final_ranking,
    final_scores,
    new_game,
    play_random_game,
    player_view,
)
from drako_rules.game.setup import check_seed
from drako_rules.players import GreedyPlayer, SearchPlayer
from drako_rules.rulesets import POCKET, Ruleset, get_ruleset

__all__ = [
    "BUILTIN_PLAYERS",
    "MAX_FAILURES_SHOWN",
    "MAX_GAMES",
    "MAX_MOVE_TIME_LIMIT",
    "ArenaError",
    "ArenaResult",
    "GameFailure",
    "GameResult",
    "PlayerFactory",
    "PlayerSpec",
    "PlayerSummary",
    "Rating",
    "SeatShare",
    "SimulationResult",
    "bradley_terry",
    "chi_square_p_value",
    "default_batch_size",
    "game_seed",
    "parse_player",
    "player_seed",
    "run_arena",
    "run_batches",
    "simulate",
    "summarize",
    "wilson_interval",
]

#: A factory of players: called with a seed (an integer), it returns a fresh player.
PlayerFactory: TypeAlias = Callable[[int], Player]
#: The most games one run may play: a bound on time and memory.
MAX_GAMES: Final = 10_000_000
#: The guard on the length of an arena game: the rules set no limit (R7.4).
MAX_MOVES: Final = 2000
#: The most failed games listed by [`ArenaResult.table`][drako_rules.arena.ArenaResult.table]
#: (every one is in ``failures`` and the JSON).
MAX_FAILURES_SHOWN: Final = 10
#: The longest move time limit, in seconds (a day).
MAX_MOVE_TIME_LIMIT: Final = 86_400.0
#: The z of a two-sided 95 % interval.
Z95: Final = 1.959963984540054

T = TypeVar("T")
R = TypeVar("R")


class ArenaError(DrakoError):
    """An arena or simulation that cannot run as asked: a bad player spec or argument."""


# --- players by name ---------------------------------------------------------------------------


def _random(seed: int) -> Player:
    return RandomPlayer(seed)


def _greedy(seed: int) -> Player:
    return GreedyPlayer()


def _search(seed: int) -> Player:
    return SearchPlayer(seed)


#: The players the arena knows by name, each a factory from a seed.
BUILTIN_PLAYERS: Final[dict[str, PlayerFactory]] = {
    "random": _random,
    "greedy": _greedy,
    "search": _search,
}


def _short(text: str, limit: int = 60) -> str:
    """A short escaped prefix of user text, for messages."""
    quoted = ascii(text[:limit])
    return quoted + ("…" if len(text) > limit else "")


@attrs.frozen
class PlayerSpec:
    """A player named on the command line or in the API: built-in or ``module:Name``.

    A spec is a plain value (it pickles), resolved into a factory where the games are
    played, so a cluster's workers import the user's module themselves.

    Attributes:
        spec: ``random``, ``greedy``, ``search``, or ``module:Name`` where ``Name`` is a
            callable of ``module`` that takes a seed and returns a player (a class such as
            ``drako_rules:RandomPlayer`` is one).
    """

    spec: str

    @property
    def name(self) -> str:
        """The name shown in tables: the spec itself."""
        return self.spec

    def factory(self) -> PlayerFactory:
        """The factory the spec names.

        Raises:
            ArenaError: the module cannot be imported, has no such name, or the name is
                not callable.
        """
        builtin = BUILTIN_PLAYERS.get(self.spec)
        if builtin is not None:
            return builtin
        module_name, _, attribute = self.spec.partition(":")
        try:
            module = importlib.import_module(module_name)
        except Exception as exc:  # any import failure of the user's module
            raise ArenaError(
                f"player {_short(self.spec)}: cannot import module {_short(module_name)}: "
                f"{type(exc).__name__}: {_short(str(exc))}"
            ) from None
        factory = getattr(module, attribute, None)
        if not callable(factory):
            raise ArenaError(
                f"player {_short(self.spec)}: module {_short(module_name)} has no callable "
                f"{_short(attribute)}"
            )
        checked: PlayerFactory = factory
        return checked


def parse_player(spec: str) -> PlayerSpec:
    """Read a player spec: ``random``, ``greedy``, ``search`` or ``module:Name``.

    The spec is checked now (the module imported and the name found), so that a typo
    fails before any game is played.

    Raises:
        ArenaError: an unknown name, a malformed ``module:Name`` or one that does not
            resolve.

    Examples:
        >>> parse_player("greedy").name
        'greedy'
        >>> parse_player("drako_rules:RandomPlayer").factory()(7)  # doctest: +ELLIPSIS
        <drako_rules.game.players.RandomPlayer object at ...>
    """
    if not isinstance(spec, str):
        raise ArenaError(f"a player spec is a text, not {type(spec).__name__}")
    if len(spec) > 300:
        raise ArenaError(f"player spec too long ({len(spec)} characters): {_short(spec)}")
    if spec not in BUILTIN_PLAYERS:
        module, colon, name = spec.partition(":")
        if not colon or not module or not name.isidentifier():
            known = ", ".join(BUILTIN_PLAYERS)
            raise ArenaError(
                f"unknown player {_short(spec)}: use one of {known}, or module:Name "
                "for a factory of your own"
            )
    parsed = PlayerSpec(spec)
    parsed.factory()
    return parsed


# --- one game ----------------------------------------------------------------------------------


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
            f"{_short(self.name)} in seat {self.seat}: {self.reason}"
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


@attrs.frozen
class _GameTask:
    specs: tuple[PlayerSpec, ...]
    seed: int
    ruleset: str
    move_time_limit: float | None
    max_moves: int


def _seating(index: int, players: int) -> tuple[int, ...]:
    """Which player sits in each seat of game ``index``: rotated by one seat per game."""
    return tuple((seat - index) % players for seat in range(players))


def _play_one(task: _GameTask, index: int) -> GameResult | GameFailure:
    """Play game ``index`` of an arena; a player's fault gives a failure naming it."""
    n = len(task.specs)
    seed = game_seed(task.seed, index)
    seating = _seating(index, n)
    players: list[Player] = []
    for seat, who in enumerate(seating):
        spec = task.specs[who]
        try:
            players.append(spec.factory()(player_seed(task.seed, index, who)))
        except Exception as exc:
            return GameFailure(index, seed, who, spec.name, seat, _describe(exc, "its factory"))
    state: GameState = new_game(n, seed, 0, task.ruleset)
    moves = 0
    limit = task.move_time_limit
    while not state.is_over:
        seat = state.current_player
        who = seating[seat]
        name = task.specs[who].name
        if moves >= task.max_moves:
            return GameFailure(
                index, seed, who, name, seat, f"the game is not over after {moves} moves (R7.4)"
            )
        view = player_view(state, seat)
        start = time.perf_counter()
        try:
            with _Alarm(limit):
                move = players[seat](view)
        except _MoveTimeout:
            return GameFailure(index, seed, who, name, seat, f"no move within {limit} s")
        except Exception as exc:
            return GameFailure(index, seed, who, name, seat, _describe(exc, "it"))
        if limit is not None and time.perf_counter() - start > limit:
            return GameFailure(index, seed, who, name, seat, f"no move within {limit} s")
        if not isinstance(move, Move):
            return GameFailure(
                index, seed, who, name, seat, f"returned {_short(repr(move))}, not a Move"
            )
        try:
            state = apply_move(state, move)
        except IllegalMoveError as exc:
            return GameFailure(
                index, seed, who, name, seat, f"illegal move {_short(str(move))}: {exc}"
            )
        moves += 1
    totals = tuple(sheet.total for sheet in final_scores(state))
    return GameResult(index, seed, seating, totals, final_ranking(state).places, moves)


def _describe(exc: BaseException, who: str) -> str:
    return f"{who} raised {type(exc).__name__}: {_short(str(exc), 200)}"


def _play_batch(task: _GameTask, indices: range) -> list[GameResult | GameFailure]:
    """The games ``indices`` of an arena, in order (what one worker does per call)."""
    return [_play_one(task, i) for i in indices]


# --- the parallel runner -----------------------------------------------------------------------


def default_batch_size(games: int, workers: int) -> int:
    """Games per batch: about 8 batches per worker (for balance and progress), at most 1,000.

    Examples:
        >>> default_batch_size(2000, 2), default_batch_size(10, 2), default_batch_size(10**6, 2)
        (125, 1, 1000)
    """
    return max(1, min(1000, games // (8 * max(1, workers))))


def _ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the process that runs the pool, which stops
    the workers itself (so that no worker prints a traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


#: Seconds between two looks of run_batches at a deferred Ctrl-C and at its deadline.
_POLL: Final = 0.1


@contextlib.contextmanager
def _interrupts_deferred() -> Iterator[threading.Event]:
    """While a pool runs: Ctrl-C sets the event instead of raising ``KeyboardInterrupt`` at
    whatever line the main thread is on, and ``run_batches`` raises it between two waits.
    Raised inside ``concurrent.futures``' own locking (``as_completed`` takes every future's
    lock in turn), it could leave a future's lock taken; the pool's shutdown then waited
    for it forever while the workers played on (seen under load: an arena of 1,000,000
    games still running minutes after Ctrl-C). Outside the main thread, where no signal
    handler can be set, nothing is deferred."""
    interrupted = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield interrupted
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: interrupted.set())
    try:
        yield interrupted
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)


def _batches(total: int, size: int) -> Iterator[range]:
    for start in range(0, total, size):
        yield range(start, min(total, start + size))


def run_batches(
    work: Callable[[T, range], list[R]],
    argument: T,
    total: int,
    *,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    batch_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    timeout: float | None = None,
    on_batch: Callable[[list[R]], None] | None = None,
) -> tuple[list[R], list[range]]:
    """Run ``work(argument, batch)`` over the items ``0 … total − 1`` in batches, in parallel.

    ``work`` must be a module-level function and ``argument`` picklable when a process pool
    or a cluster runs them. The results come back in item order, whoever ran them.

    Args:
        work: plays the items of one batch (a ``range``) and returns a list of results
            (one per item, or the batch's sums).
        argument: passed to every call of ``work``.
        total: how many items.
        executor: runs the batches; None: ``workers`` processes of a
            ``ProcessPoolExecutor`` made for the run (or this process alone when
            ``workers`` is 1 or there is one batch). On Ctrl-C (``KeyboardInterrupt``)
            the pool's workers are stopped and the interrupt goes on.
        workers: the number of processes when no executor is given (default: every core).
        batch_size: items per batch (default:
            [`default_batch_size`][drako_rules.arena.default_batch_size]).
        progress: called with (items done, total) after each batch.
        timeout: seconds to wait for the whole run; the batches not back by then are
            given up (their workers cannot be stopped from here) and returned as missing.
        on_batch: called with each batch's results as they come back (in the order they
            finish), to save or show them before the run ends.

    Returns:
        The results of the batches that came back, in item order, and the batches that did
        not (their ranges), so that nothing finished is lost.

    Raises:
        ArenaError: a bad count of workers or batch size.
    """
    if workers is not None and (isinstance(workers, bool) or not 1 <= workers <= 1024):
        raise ArenaError(f"workers is a number from 1 to 1024, not {workers!r}")
    count = workers if workers is not None else (os.cpu_count() or 1)
    size = batch_size if batch_size is not None else default_batch_size(total, count)
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ArenaError(f"the batch size is a whole number from 1, not {size!r}")
    batches = list(_batches(total, size))
    done: dict[int, list[R]] = {}
    finished = 0
    if executor is None and (count == 1 or len(batches) <= 1):
        for number, batch in enumerate(batches):
            done[number] = work(argument, batch)
            if on_batch is not None:
                on_batch(done[number])
            finished += len(batch)
            if progress is not None:
                progress(finished, total)
        return [r for number in range(len(batches)) for r in done[number]], []
    own = executor is None
    before = set(multiprocessing.active_children()) if own else set()
    pool = (
        concurrent.futures.ProcessPoolExecutor(
            min(count, len(batches)), initializer=_ignore_interrupts
        )
        if executor is None
        else executor
    )
    missing: list[range] = []
    stopped = False
    arrived: queue.SimpleQueue[concurrent.futures.Future[list[R]]] = queue.SimpleQueue()
    try:
        with _interrupts_deferred() as interrupted:
            futures: dict[concurrent.futures.Future[list[R]], int] = {}
            for number, batch in enumerate(batches):
                future = pool.submit(work, argument, batch)
                futures[future] = number
                future.add_done_callback(arrived.put)
            deadline = None if timeout is None else time.monotonic() + timeout
            while len(done) < len(batches):
                if interrupted.is_set():
                    raise KeyboardInterrupt
                left = _POLL if deadline is None else min(_POLL, deadline - time.monotonic())
                if left <= 0:  # the run's time is up: give up the batches not back
                    for future, number in futures.items():
                        if number not in done:
                            future.cancel()
                            missing.append(batches[number])
                    break
                try:
                    future = arrived.get(timeout=left)
                except queue.Empty:
                    continue
                number = futures[future]
                done[number] = future.result()
                if on_batch is not None:
                    on_batch(done[number])
                finished += len(batches[number])
                if progress is not None:
                    progress(finished, total)
    except BaseException:  # Ctrl-C, or a batch that raised: stop the pool's workers now
        stopped = True
        raise
    finally:
        if own:
            pool.shutdown(wait=not (missing or stopped), cancel_futures=True)
            if stopped:
                for child in set(multiprocessing.active_children()) - before:
                    child.terminate()
    results = [r for number in range(len(batches)) if number in done for r in done[number]]
    return results, missing


# --- statistics --------------------------------------------------------------------------------


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (95 % by default).

    ``successes`` may be fractional: a place shared by two counts as half a win.

    Examples:
        >>> low, high = wilson_interval(50, 100)  # 0.5 ± 0.0962
        >>> round(low, 4), round(high, 4)
        (0.4038, 0.5962)
        >>> wilson_interval(0, 0)
        (0.0, 1.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(max(0.0, p * (1 - p)) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class Rating:
    """A Bradley–Terry rating on the Elo scale, with its 95 % interval.

    Attributes:
        elo: ``400 · log10(strength)``, the mean over the players being 0.
        low: the lower end of the 95 % interval.
        high: the upper end.
    """

    elo: float
    low: float
    high: float


_ELO: Final = 400 / math.log(10)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix · x = vector`` by Gauss–Jordan elimination (a few players only)."""
    n = len(vector)
    a = [[*row, b] for row, b in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        if abs(p) < 1e-12:
            raise ZeroDivisionError("singular")
        for r in range(n):
            if r != col:
                f = a[r][col] / p
                for c in range(col, n + 1):
                    a[r][c] -= f * a[col][c]
    return [a[r][n] / a[r][r] for r in range(n)]


def bradley_terry(
    wins: Sequence[Sequence[float]], prior: float = 0.5, iterations: int = 10_000
) -> tuple[Rating, ...]:
    """Bradley–Terry ratings from pairwise results, on the Elo scale, with 95 % intervals.

    ``wins[i][j]`` is how often player ``i`` finished above player ``j`` (a shared place
    counts half to each). Each pair that met is given ``prior`` extra wins each way, so that
    a player who won every game still has a finite rating. The strengths are the maximum
    likelihood fit (the MM algorithm of Hunter, 2004), normalised so that the log-strengths
    average 0; the intervals are ±1.96 standard errors from the observed information.

    Examples:
        Two players, 7 wins to 3 and the prior half win each way: the ratio of strengths
        is 7.5 / 3.5, so the gap is 400 · log10(7.5 / 3.5) = 132.4 Elo, ±66.2 each:

        >>> a, b = bradley_terry([[0, 7], [3, 0]])
        >>> round(a.elo, 1), round(b.elo, 1)
        (66.2, -66.2)
    """
    n = len(wins)
    if any(len(row) != n for row in wins):
        raise ArenaError("the table of wins is square: one row and one column per player")
    w = [[float(wins[i][j]) + (prior if i != j and wins[i][j] + wins[j][i] > 0 else 0.0)
          for j in range(n)] for i in range(n)]  # fmt: skip
    games = [[w[i][j] + w[j][i] for j in range(n)] for i in range(n)]
    strength = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            total = sum(w[i])
            denominator = sum(games[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i)
            new.append(total / denominator if denominator > 0 and total > 0 else strength[i])
        mean_log = sum(math.log(s) for s in new) / n
        new = [s / math.exp(mean_log) for s in new]
        change = max(abs(a - b) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-12:
            break
    theta = [math.log(s) for s in strength]
    # The observed information of the log-strengths: a Laplacian (each row sums to 0),
    # inverted on the plane of zero mean: pinv(H) = (H + J/n)^-1 - J/n.
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j and games[i][j] > 0:
                p = strength[i] / (strength[i] + strength[j])
                v = games[i][j] * p * (1 - p)
                info[i][j] -= v
                info[i][i] += v
    shifted = [[info[i][j] + 1.0 / n for j in range(n)] for i in range(n)]
    ratings = []
    for i in range(n):
        unit = [1.0 if k == i else 0.0 for k in range(n)]
        if not any(games[i]):
            half = math.inf  # a player who met no one: nothing is known of it
        else:
            try:
                column = _solve(shifted, unit)
            except ZeroDivisionError:
                half = math.inf
            else:
                half = Z95 * math.sqrt(max(0.0, column[i] - 1.0 / n)) * _ELO
        elo = theta[i] * _ELO
        ratings.append(Rating(elo, elo - half, elo + half))
    return tuple(ratings)


# --- the arena ---------------------------------------------------------------------------------


@attrs.frozen
class SeatShare:
    """A player's (or a seat's) share of wins in one seat.

    Attributes:
        seat: the seat (0 is the first player, R2.7).
        games: games played in that seat.
        wins: wins there, a shared first place counted as a share (R5.6).
        share: ``wins / games``.
        low: the lower end of its 95 % Wilson interval.
        high: the upper end.
    """

    seat: int
    games: int
    wins: float
    share: float
    low: float
    high: float


def _share(seat: int, wins: float, games: int) -> SeatShare:
    low, high = wilson_interval(wins, games)
    return SeatShare(seat, games, wins, wins / games if games else 0.0, low, high)


@attrs.frozen
class PlayerSummary:
    """One player's results over the finished games of an arena.

    Attributes:
        index: its position in the arena's list of players.
        name: its spec.
        games: finished games it played.
        wins: its wins; a first place shared by ``k`` players counts ``1/k`` (R5.6).
        win_rate: ``wins / games``.
        win_low: the lower end of the 95 % Wilson interval of the win rate.
        win_high: the upper end.
        mean_total: its mean final total (R7.3).
        mean_margin: its mean total minus the best other total of the game.
        seats: its share of wins in each seat.
        rating: its Bradley–Terry rating (Elo scale) with a 95 % interval.
    """

    index: int
    name: str
    games: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_total: float
    mean_margin: float
    seats: tuple[SeatShare, ...]
    rating: Rating


@attrs.frozen
class ArenaResult:
    """The outcome of an arena: every game, and a summary per player.

    Attributes:
        players: the players' specs, in the order given.
        games: the games asked for.
        seed: the seed of the run (game ``i`` has seed ``seed + i``).
        ruleset: the ruleset's name (R9).
        results: the finished games, in index order.
        failures: the games a player made fail, in index order, naming the player.
        summaries: one summary per player, over the finished games.
    """

    players: tuple[str, ...]
    games: int
    seed: int
    ruleset: str
    results: tuple[GameResult, ...]
    failures: tuple[GameFailure, ...]
    summaries: tuple[PlayerSummary, ...]

    @property
    def ok(self) -> bool:
        """True when every game finished."""
        return not self.failures

    def to_json(self) -> dict[str, object]:
        """The result as a JSON-able dict: settings, per-player summaries, failures."""
        return {
            "games": self.games,
            "finished": len(self.results),
            "seed": self.seed,
            "ruleset": self.ruleset,
            "players": [
                {
                    "name": s.name,
                    "games": s.games,
                    "wins": round(s.wins, 4),
                    "win_rate": round(s.win_rate, 4),
                    "win_interval": [round(s.win_low, 4), round(s.win_high, 4)],
                    "mean_total": round(s.mean_total, 3),
                    "mean_margin": round(s.mean_margin, 3),
                    "seats": [
                        {
                            "seat": x.seat,
                            "games": x.games,
                            "win_share": round(x.share, 4),
                            "interval": [round(x.low, 4), round(x.high, 4)],
                        }
                        for x in s.seats
                    ],
                    "elo": round(s.rating.elo, 1),
                    "elo_interval": [_finite(s.rating.low), _finite(s.rating.high)],
                }
                for s in self.summaries
            ],
            "failures": [
                {
                    "game": f.index,
                    "seed": f.seed,
                    "player": f.player,
                    "name": f.name,
                    "seat": f.seat,
                    "reason": f.reason,
                }
                for f in self.failures
            ],
        }

    def table(self) -> str:
        """The summary as text within 80 columns: a table of results per player, a table
        of each player's share of wins in each seat, then the failed games (the first
        [`MAX_FAILURES_SHOWN`][drako_rules.arena.MAX_FAILURES_SHOWN]).

        Names are cut to [`NAME_WIDTH`][drako_rules.errors.NAME_WIDTH] characters and
        escaped; percentages are of the games played (in that seat, for the seat table);
        a first place shared by ``k`` players counts ``1/k`` of a win (R5.6).
        """
        lines = [
            f"{self.games} games ({len(self.results)} finished), seed {self.seed}, "
            f"ruleset {self.ruleset}, seats rotated"
        ]
        rows: list[tuple[str, ...]] = [
            ("Player", "Wins", "Win %", "95% CI", "Total", "Margin", "Elo", "95% CI")
        ]
        for s in self.summaries:
            rows.append(
                (
                    short(s.name, NAME_WIDTH),
                    _wins(s.wins),
                    f"{100 * s.win_rate:.1f}",
                    f"{100 * s.win_low:.1f}-{100 * s.win_high:.1f}",
                    f"{s.mean_total:.1f}",
                    f"{s.mean_margin:+.1f}",
                    f"{s.rating.elo:+.0f}",
                    _elo_interval(s.rating),
                )
            )
        lines.extend(_columns(rows))
        lines.append("")
        lines.append("Win % in each seat (95% CI); seat 0 plays first (R2.7)")
        seats = len(self.players)
        rows = [("Player", *(f"Seat {k}" for k in range(seats)))]
        for s in self.summaries:
            rows.append(
                (
                    short(s.name, NAME_WIDTH),
                    *(
                        f"{100 * x.share:.1f} ({100 * x.low:.0f}-{100 * x.high:.0f})"
                        for x in s.seats
                    ),
                )
            )
        lines.extend(_columns(rows))
        shown = self.failures[:MAX_FAILURES_SHOWN]
        lines.extend(f"failed: {f}" for f in shown)
        if len(self.failures) > len(shown):
            lines.append(f"… and {len(self.failures) - len(shown):,} more failed games")
        return "\n".join(lines)


def _wins(wins: float) -> str:
    """A count of wins: whole, or to one decimal when shared places (R5.6) make a fraction."""
    return f"{wins:.0f}" if wins == int(wins) else f"{wins:.1f}"


def _elo_interval(rating: Rating) -> str:
    if not (math.isfinite(rating.low) and math.isfinite(rating.high)):
        return "unknown"
    return f"{rating.low:+.0f}..{rating.high:+.0f}"


def _columns(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows as columns two spaces apart: the first left-aligned, the others right-aligned."""
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    return [
        "  ".join(
            [row[0].ljust(widths[0])]
            + [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        ).rstrip()
        for row in rows
    ]


def _finite(x: float) -> float | None:
    """``x`` rounded for JSON, or None when it is infinite (nothing known)."""
    return round(x, 1) if math.isfinite(x) else None


def summarize(players: Sequence[str], results: Sequence[GameResult]) -> tuple[PlayerSummary, ...]:
    """The per-player summary of finished arena games (see
    [`PlayerSummary`][drako_rules.arena.PlayerSummary])."""
    n = len(players)
    wins = [0.0] * n
    games = [0] * n
    totals = [0] * n
    margins = [0] * n
    seat_wins = [[0.0] * n for _ in range(n)]
    seat_games = [[0] * n for _ in range(n)]
    pairwise = [[0.0] * n for _ in range(n)]
    for game in results:
        winners = sum(1 for place in game.places if place == 1)
        for seat, who in enumerate(game.seating):
            games[who] += 1
            totals[who] += game.totals[seat]
            best_other = max(t for s, t in enumerate(game.totals) if s != seat)
            margins[who] += game.totals[seat] - best_other
            seat_games[who][seat] += 1
            if game.places[seat] == 1:
                wins[who] += 1 / winners
                seat_wins[who][seat] += 1 / winners
            for other_seat, other in enumerate(game.seating):
                if other_seat != seat:
                    a, b = game.places[seat], game.places[other_seat]
                    pairwise[who][other] += 1.0 if a < b else 0.5 if a == b else 0.0
    ratings = bradley_terry(pairwise)
    summaries = []
    for i, name in enumerate(players):
        low, high = wilson_interval(wins[i], games[i])
        g = games[i] or 1
        summaries.append(
            PlayerSummary(
                i,
                name,
                games[i],
                wins[i],
                wins[i] / g,
                low,
                high,
                totals[i] / g,
                margins[i] / g,
                tuple(_share(s, seat_wins[i][s], seat_games[i][s]) for s in range(n)),
                ratings[i],
            )
        )
    return tuple(summaries)


def _check_games(games: object) -> int:
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ArenaError(f"the number of games is from 1 to {MAX_GAMES:,}, not {games!r}")
    return games


def _check_seeds(seed: object, games: int) -> int:
    """``seed`` when it and the seed of the last game are seeds of a game (R2.8)."""
    try:
        first = check_seed(seed)
        check_seed(game_seed(first, games - 1))
    except GameError as exc:
        raise ArenaError(f"bad seed for {games:,} games: {exc}") from None
    return first


def _each(
    call: Callable[[GameResult | GameFailure], None],
) -> Callable[[list[GameResult | GameFailure]], None]:
    """A batch callback that calls ``call`` on each game of the batch."""

    def every(batch: list[GameResult | GameFailure]) -> None:
        for game in batch:
            call(game)

    return every


def run_arena(
    players: Sequence[str | PlayerSpec],
    games: int,
    *,
    seed: int = 0,
    ruleset: Ruleset | str = POCKET,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    batch_size: int | None = None,
    move_time_limit: float | None = 60.0,
    max_moves: int = MAX_MOVES,
    progress: Callable[[int, int], None] | None = None,
    on_game: Callable[[GameResult | GameFailure], None] | None = None,
    timeout: float | None = None,
) -> ArenaResult:
    """Play ``games`` seeded games between ``players`` (one per seat, 2 to 4) and sum them up.

    Game ``i`` has seed ``seed + i`` (R2.8) and the first player in seat 0 (R2.7); the
    players sit rotated by one seat per game, so ``games`` must be a multiple of the number
    of players: then each sits in each seat equally often. Every player is made afresh for
    each game by its factory, with a seed derived from ``seed``, the game and the player
    ([`player_seed`][drako_rules.arena.player_seed]). The results depend on nothing else:
    they are the same for any ``workers``, ``executor`` or ``batch_size``.

    Args:
        players: specs or names (see [`parse_player`][drako_rules.arena.parse_player]).
        games: how many games.
        seed: the seed of the first game.
        ruleset: the scoring rules (R9).
        executor: where to run the batches (any ``concurrent.futures.Executor``, such as
            ``distributed.Client(...).get_executor()``); None: a process pool.
        workers: processes of the pool when no executor is given (default: every core;
            1: this process alone).
        batch_size: games per batch.
        move_time_limit: seconds a player may take for one move; a slower one fails its
            game. In this process's main thread and in the processes of the default pool
            an alarm (``SIGALRM``) interrupts the move; in any other thread, such as a
            ``ThreadPoolExecutor``'s or a Dask worker's, a thread cannot be interrupted,
            so the limit is checked when the move returns: a move that ends too late
            still fails its game, but a player that never returns holds its thread and
            its batch for good (use ``timeout``). None: no limit.
        max_moves: a game not over after this many moves fails, naming the player to move
            (R7.4).
        progress: called with (games done, games) as batches come back.
        on_game: called with each game's result or failure as its batch comes back (in
            the order batches finish), so that a long run can save what it has.
        timeout: seconds to wait for the whole run (None: no end). The games of the
            batches not back by then are given up and reported as failures that say so
            (player ``-1``, name ``"?"``: the arena cannot tell which player held them
            up); the results of every batch that came back are kept. A batch is the
            unit that comes back, so the finished games of a batch that a hanging player
            holds up are lost with it: pass a small ``batch_size`` when a player may
            hang on threads. The threads or processes still playing given-up batches
            are not stopped: a pool made for the run is shut down without waiting for
            them, and a thread of the caller's executor stays busy until its player
            returns (on Dask, until the worker is restarted, ``client.restart()``).

    Raises:
        ArenaError: a bad player spec, count of players or games, or limit.
    """
    specs = tuple(p if isinstance(p, PlayerSpec) else parse_player(p) for p in players)
    if not 2 <= len(specs) <= 4:
        raise ArenaError(f"an arena game has 2 to 4 players (R1.3), not {len(specs)}")
    _check_games(games)
    if games % len(specs):
        raise ArenaError(
            f"{games} games cannot rotate {len(specs)} players through every seat equally: "
            f"use a multiple of {len(specs)}"
        )
    _check_seeds(seed, games)
    if timeout is not None and (
        isinstance(timeout, bool) or not isinstance(timeout, int | float) or not timeout > 0
    ):
        raise ArenaError(f"the timeout is a number of seconds above 0, not {short(repr(timeout))}")
    if move_time_limit is not None and (
        isinstance(move_time_limit, bool)
        or not isinstance(move_time_limit, int | float)
        or not 0 < move_time_limit <= MAX_MOVE_TIME_LIMIT
    ):
        raise ArenaError(
            f"the move time limit is above 0 and at most {MAX_MOVE_TIME_LIMIT:,.0f} seconds, "
            f"not {short(repr(move_time_limit))}"
        )
    rules = get_ruleset(ruleset)
    task = _GameTask(specs, seed, rules.name, move_time_limit, max_moves)
    outcomes, missing = run_batches(
        _play_batch,
        task,
        games,
        executor=executor,
        workers=workers,
        batch_size=batch_size,
        progress=progress,
        timeout=timeout,
        on_batch=None if on_game is None else _each(on_game),
    )
    results = tuple(o for o in outcomes if isinstance(o, GameResult))
    failures = [o for o in outcomes if isinstance(o, GameFailure)]
    late = f"its batch was not back within the run's timeout of {timeout} s"
    for batch in missing:
        failures.extend(GameFailure(i, game_seed(seed, i), -1, "?", -1, late) for i in batch)
    failures.sort(key=lambda f: f.index)
    names = tuple(s.name for s in specs)
    return ArenaResult(
        names, games, seed, rules.name, results, tuple(failures), summarize(names, results)
    )


# --- simulated random games ----------------------------------------------------------------------

#: Shared wins are counted in twelfths, so that sums stay exact integers (1/1 … 1/4 of 12).
_TWELFTHS: Final = 12


@attrs.frozen
class _SimTask:
    players: int
    seed: int
    ruleset: str


@attrs.frozen
class _SimTotals:
    """The additive statistics of a batch of random games (integers only: exact sums)."""

    games: int
    moves: int
    moves_min: int
    moves_max: int
    total_sum: int
    total_squares: int
    total_min: int
    total_max: int
    seat_totals: tuple[int, ...]
    seat_wins: tuple[int, ...]  # in twelfths
    categories: tuple[int, ...]
    legends: int


def _simulate_batch(task: _SimTask, indices: range) -> list[_SimTotals]:
    """The summed statistics of the random games ``indices`` (one item for the batch)."""
    n = task.players
    moves_list: list[int] = []
    every: list[int] = []
    seat_totals = [0] * n
    seat_wins = [0] * n
    categories = [0] * 7
    legends = 0
    for i in indices:
        played = play_random_game(n, task.seed + i, ruleset=task.ruleset)
        sheets = final_scores(played.state)
        places = final_ranking(played.state).places
        winners = sum(1 for p in places if p == 1)
        for seat, sheet in enumerate(sheets):
            every.append(sheet.total)
            seat_totals[seat] += sheet.total
            for k, value in enumerate(sheet.values):
                categories[k] += value
            legends += len(sheet.claimed)
            if places[seat] == 1:
                seat_wins[seat] += _TWELFTHS // winners
        moves_list.append(len(played.record.moves))
    item = _SimTotals(
        len(indices),
        sum(moves_list),
        min(moves_list),
        max(moves_list),
        sum(every),
        sum(t * t for t in every),
        min(every),
        max(every),
        tuple(seat_totals),
        tuple(seat_wins),
        tuple(categories),
        legends,
    )
    return [item]


@attrs.frozen
class SimulationResult:
    """Statistics of simulated random games (every player uniform among its legal moves).

    Attributes:
        players: players per game.
        games: games played.
        seed: the seed of the first game (game ``k`` has seed ``seed + k``, first player 0).
        ruleset: the ruleset's name.
        moves_mean: mean moves per game.
        moves_min: fewest moves of a game.
        moves_max: most moves of a game.
        total_mean: mean final total of a player.
        total_stdev: its population standard deviation.
        total_min: lowest total.
        total_max: highest total.
        seat_mean_totals: mean total by seat.
        seats: each seat's share of wins with its 95 % Wilson interval (R5.6: a shared
            first place is shared).
        category_means: mean points per player of each category (R5.5 order).
        legends_per_player: mean Legends claimed per player.
        seat_chi_square: Pearson's chi-square of the wins by seat against equal shares
            (``players − 1`` degrees of freedom).
        seat_p_value: its p-value: small means the seats' shares really differ.
    """

    players: int
    games: int
    seed: int
    ruleset: str
    moves_mean: float
    moves_min: int
    moves_max: int
    total_mean: float
    total_stdev: float
    total_min: int
    total_max: int
    seat_mean_totals: tuple[float, ...]
    seats: tuple[SeatShare, ...]
    category_means: tuple[float, ...]
    legends_per_player: float
    seat_chi_square: float
    seat_p_value: float

    def to_json(self) -> dict[str, object]:
        """The result as a JSON-able dict: what ``drako-rules simulate --json`` prints
        (the seats' intervals and the chi-square test included)."""
        from drako_rules.scoring import Category
        from drako_rules.version import library_version

        return {
            "games": self.games,
            "players": self.players,
            "first_seed": self.seed,
            "ruleset": self.ruleset,
            "rules_version": get_ruleset(self.ruleset).rules_version,
            "library_version": library_version(),
            "moves_per_game": {
                "mean": round(self.moves_mean, 2),
                "min": self.moves_min,
                "max": self.moves_max,
            },
            "total": {
                "mean": round(self.total_mean, 2),
                "stdev": round(self.total_stdev, 2),
                "min": self.total_min,
                "max": self.total_max,
            },
            "category_means": {
                c.value: round(m, 2) for c, m in zip(Category, self.category_means, strict=True)
            },
            "legends_per_player": round(self.legends_per_player, 2),
            "seats": [
                {
                    "seat": x.seat,
                    "mean_total": round(t, 2),
                    "win_share": round(x.share, 4),
                    "interval": [round(x.low, 4), round(x.high, 4)],
                }
                for x, t in zip(self.seats, self.seat_mean_totals, strict=True)
            ],
            "seat_chi_square": round(self.seat_chi_square, 3),
            "seat_p_value": float(f"{self.seat_p_value:.4g}"),
        }

    def table(self) -> str:
        """The statistics in words, within 80 columns: what ``drako-rules simulate``
        prints."""
        from drako_rules.scoring import Category

        rules = get_ruleset(self.ruleset)
        categories = [
            f"{c.label} {m:.2f}" for c, m in zip(Category, self.category_means, strict=True)
        ]
        lines = [
            f"{self.games} random {self.players}-player games (seeds {self.seed}-"
            f"{self.seed + self.games - 1}), ruleset {self.ruleset} (rules "
            f"{rules.rules_version})",
            f"moves per game: mean {self.moves_mean:.1f}, min {self.moves_min}, "
            f"max {self.moves_max}",
            f"total per player: mean {self.total_mean:.2f}, stdev {self.total_stdev:.2f}, "
            f"min {self.total_min}, max {self.total_max}",
            "mean per category: " + ", ".join(categories[:4]) + ",",
            "  " + ", ".join(categories[4:]),
            f"Legends claimed per player: {self.legends_per_player:.2f}",
        ]
        lines.extend(
            f"seat {x.seat}: mean total {t:.2f}, wins {x.share:.2%} "
            f"(95% CI {x.low:.2%} to {x.high:.2%})"
            for x, t in zip(self.seats, self.seat_mean_totals, strict=True)
        )
        lines.append("(a shared first place counts as a share of a win, R5.6)")
        lines.append(
            f"equal shares of wins? chi-square {self.seat_chi_square:.2f} on "
            f"{self.players - 1} degrees of freedom, p = {self.seat_p_value:.3g}"
        )
        return "\n".join(lines)


def chi_square_p_value(statistic: float, degrees: int) -> float:
    """The upper tail probability of the chi-square distribution (1 to 3 degrees of freedom
    exactly; higher ones by the Wilson–Hilferty approximation).

    Examples:
        >>> round(chi_square_p_value(3.841, 1), 3), round(chi_square_p_value(5.991, 2), 3)
        (0.05, 0.05)
    """
    x = max(0.0, statistic)
    if degrees == 1:
        return math.erfc(math.sqrt(x / 2))
    if degrees == 2:
        return math.exp(-x / 2)
    if degrees == 3:
        return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    k = degrees
    z = ((x / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))


def simulate(
    players: int,
    games: int,
    *,
    seed: int = 0,
    ruleset: Ruleset | str = POCKET,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    batch_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` random games of ``players`` players and sum them up, in parallel.

    Game ``k`` is ``play_random_game(players, seed + k)`` (the same games as the
    ``simulate`` command), so the result is the same for any ``workers`` or ``executor``:
    batches sum integers only. The seats' shares of wins come with Wilson intervals and a
    chi-square test of equal shares: the answer to "does the first player (R2.7) win more
    often?".

    Raises:
        ArenaError: a bad count of games, workers or batch size.
        PlayerCountError: ``players`` is not 2 to 4.

    Examples:
        >>> result = simulate(2, 20, seed=0, workers=1)
        >>> result.games, sum(seat.wins for seat in result.seats)
        (20, 20.0)
    """
    from drako_rules.cards import check_player_count

    n = check_player_count(players)
    _check_games(games)
    _check_seeds(seed, games)
    rules = get_ruleset(ruleset)
    count = workers if workers is not None else (os.cpu_count() or 1)
    size = batch_size if batch_size is not None else default_batch_size(games, count)
    parts, missing = run_batches(
        _simulate_batch,
        _SimTask(n, seed, rules.name),
        games,
        executor=executor,
        workers=workers,
        batch_size=size,
        progress=None
        if progress is None
        else (lambda done, total: progress(min(done, total), total)),
    )
    if missing:  # pragma: no cover - only with a timeout, which simulate does not set
        raise ArenaError(f"{len(missing)} batches of games never came back")
    played = sum(p.games for p in parts)
    seat_wins = [sum(p.seat_wins[s] for p in parts) / _TWELFTHS for s in range(n)]
    count_totals = played * n
    total_sum = sum(p.total_sum for p in parts)
    squares = sum(p.total_squares for p in parts)
    mean = total_sum / count_totals
    # the population variance from exact integer sums: (n·Σx² − (Σx)²) / n²
    variance = (count_totals * squares - total_sum * total_sum) / (count_totals * count_totals)
    expected = played / n
    chi = sum((w - expected) ** 2 / expected for w in seat_wins)
    return SimulationResult(
        n,
        played,
        seed,
        rules.name,
        sum(p.moves for p in parts) / played,
        min(p.moves_min for p in parts),
        max(p.moves_max for p in parts),
        mean,
        math.sqrt(variance),
        min(p.total_min for p in parts),
        max(p.total_max for p in parts),
        tuple(sum(p.seat_totals[s] for p in parts) / played for s in range(n)),
        tuple(_share(s, seat_wins[s], played) for s in range(n)),
        tuple(sum(p.categories[k] for p in parts) / count_totals for k in range(7)),
        sum(p.legends for p in parts) / count_totals,
        chi,
        chi_square_p_value(chi, n - 1),
    )
