"""A misbehaving player loses one game, never the match (issue 24, §3.3).

Whatever a player or its factory does — raise any exception (``SystemExit``, a
``KeyboardInterrupt`` of its own, a BaseException of its own, one that cannot be printed),
return something that is not a move or a move that is not legal, end its worker process,
or run on an executor that fails — that game (or, for a lost worker, that batch) becomes a
recorded failure with a short, escaped reason, and every other game is kept. Bad
arguments are the library's errors. The command keeps its exit statuses (1: some games
failed because of a player) with one line on stderr and no traceback.

Every run is small (a few games of random players) and bounded in time and memory.
"""

from __future__ import annotations

import concurrent.futures
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import drako_rules
from drako_rules import play_random_game
from drako_rules.arena import ArenaResult, GameFailure, player_seed, run_arena, simulate
from drako_rules.checker import Game, PlayerEntry, check_game
from drako_rules.errors import ArenaError, DrakoError
from drako_rules.parallel import run_batches
from signals import sigint_as_from_a_terminal

SRC = str(Path(drako_rules.__file__).resolve().parent.parent)  # where the tested package is
TESTS = str(Path(__file__).resolve().parent)
#: The wall time a command may take before the test fails.
TIME_LIMIT = 60
#: The address space a command may use.
MEMORY_LIMIT = 512 * 1024 * 1024
#: Characters that must never reach a terminal raw: C0 (but the line break), C1, bidi.
RAW_CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
GAMES = 8


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _bad_games(games: int, modulus: int = 2, residue: int = 1) -> set[int]:
    """The games in which the faulty player (player 1) misbehaves: its seed is odd."""
    return {i for i in range(games) if player_seed(0, i, 1) % modulus == residue}


def _assert_contained(
    result: ArenaResult, expected_failed: set[int], fragment: str, *, player: int = 1
) -> None:
    """Exactly the expected games failed, each with a short, escaped reason holding
    ``fragment``; every other game is the game two random players play."""
    reference = run_arena(["random", "random"], result.games, seed=result.seed, workers=1)
    failed = {f.index for f in result.failures}
    assert failed == expected_failed and expected_failed, (failed, expected_failed)
    for failure in result.failures:
        assert failure.player == player, failure
        assert fragment in failure.reason, failure.reason
        assert len(failure.reason) <= 300 and not RAW_CONTROLS.search(str(failure))
    kept = {r.index: r for r in reference.results if r.index not in expected_failed}
    assert {r.index: r for r in result.results} == kept


FAULTS = [
    ("Exiting", "it raised SystemExit: '3'"),
    ("Interrupting", "it raised KeyboardInterrupt"),
    ("RaisingBase", "it raised Sneaky: '\\x1b[2Jsneaky\\nline'"),
    ("RaisingUnprintable", "it raised Unprintable (whose message cannot be shown)"),
    ("NotAMove", "not a Move"),
    ("UnprintableMove", "returned an object of type Unprintable, not a Move"),
    ("IllegalLater", "illegal move 'arrange 0123'"),
    ("OwnMove", "its move an object of type _OwnMove could not be played: InvalidMoveError"),
    ("factory_exiting", "its factory raised SystemExit: 'factory gives up'"),
    ("factory_not_a_player", "its factory returned '42', not a player"),
]


@pytest.mark.parametrize(("name", "fragment"), FAULTS, ids=[f[0] for f in FAULTS])
def test_a_faulty_player_loses_its_games_only(name: str, fragment: str) -> None:
    """In this process (``workers=1``): each fault is a failure of that game, naming the
    player and what it did, escaped; the run goes on and keeps every other game."""
    result = run_arena(["random", f"hostile_players:{name}"], GAMES, seed=0, workers=1)
    _assert_contained(result, _bad_games(GAMES), fragment)


@pytest.mark.parametrize("name", ["Exiting", "Interrupting", "RaisingUnprintable"])
def test_a_faulty_player_in_a_pool_gives_the_same_result(name: str) -> None:
    """In a 2-process pool, the same failures and the same kept games as in one process."""
    players = ["random", f"hostile_players:{name}"]
    alone = run_arena(players, GAMES, seed=0, workers=1)
    assert run_arena(players, GAMES, seed=0, workers=2, batch_size=2) == alone


@pytest.mark.parametrize("batch_size", [1, 3])
def test_a_player_that_ends_its_worker_loses_its_batch_only(
    monkeypatch: pytest.MonkeyPatch, batch_size: int
) -> None:
    """A player that calls ``os._exit`` in a worker breaks the pool: the batches it held
    are played again each alone, so that only the batch of the killing game is lost
    (player -1: the arena cannot tell who), and every other game is kept."""
    monkeypatch.setenv("DRAKO_TEST_KILL", "1")  # Killing never kills without it
    games = 12
    killing = _bad_games(games, modulus=4, residue=1)
    lost = {i for i in range(games) if any(k // batch_size == i // batch_size for k in killing)}
    start = time.monotonic()
    result = run_arena(
        ["random", "hostile_players:Killing"], games, seed=0, workers=2, batch_size=batch_size
    )
    assert time.monotonic() - start < TIME_LIMIT
    _assert_contained(result, lost, "its worker process ended", player=-1)
    assert all(f.name == "?" and f.seat == -1 for f in result.failures)


def test_the_timeout_ends_the_processes_of_its_own_pool() -> None:
    """A player that hangs in a worker of the pool made for the run: when the run's timeout
    expires, its batch fails, the others are kept, and the pool's processes are ended, so
    that none plays on or holds up the program's exit."""
    import multiprocessing

    before = set(multiprocessing.active_children())
    players = ["random", "arena_players:Hanging"]
    start = time.monotonic()
    result = run_arena(players, 6, seed=0, workers=2, batch_size=1, move_time_limit=3000, timeout=2)
    assert time.monotonic() - start < 20
    assert result.failures and all("run's timeout of 2 s" in f.reason for f in result.failures)
    assert len(result.results) + len(result.failures) == 6
    deadline = time.monotonic() + 10
    while set(multiprocessing.active_children()) - before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not set(multiprocessing.active_children()) - before


class _RefusingExecutor(concurrent.futures.ThreadPoolExecutor):
    """A thread pool that refuses its second batch."""

    def __init__(self) -> None:
        super().__init__(2)
        self.calls = 0

    def submit(self, fn: Callable[..., object], /, *args: object, **kwargs: object) -> concurrent.futures.Future[object]:  # type: ignore[override]  # fmt: skip
        self.calls += 1
        if self.calls == 2:
            raise RuntimeError("no room\x1b[2J for this batch")
        return super().submit(fn, *args, **kwargs)


class _FailingExecutor(concurrent.futures.Executor):
    """An executor whose futures fail for the batch that starts at game 4, and run the
    others at once."""

    def submit(self, fn: Callable[..., object], /, *args: object, **kwargs: object) -> concurrent.futures.Future[object]:  # type: ignore[override]  # fmt: skip
        future: concurrent.futures.Future[object] = concurrent.futures.Future()
        batch = args[1]
        assert isinstance(batch, range)
        if batch.start == 4:
            future.set_exception(ConnectionError("the cluster went away"))
        else:
            future.set_result(fn(*args, **kwargs))
        return future


def test_an_executor_that_fails_loses_those_batches_only() -> None:
    """An executor that refuses a batch, or whose future fails: those games fail, saying
    so, escaped; the other batches are kept."""
    with _RefusingExecutor() as refusing:
        result = run_arena(["random", "random"], 6, seed=0, executor=refusing, batch_size=2)
    _assert_contained(result, {2, 3}, "the executor refused it: RuntimeError", player=-1)
    assert "\\x1b[2J" in result.failures[0].reason
    result = run_arena(["random", "random"], 6, seed=0, executor=_FailingExecutor(), batch_size=2)
    _assert_contained(result, {4, 5}, "ConnectionError: 'the cluster went away'", player=-1)
    shut = concurrent.futures.ThreadPoolExecutor(1)
    shut.shutdown()
    result = run_arena(["random", "random"], 4, seed=0, executor=shut, batch_size=2)
    assert not result.results and len(result.failures) == 4
    assert all("cannot schedule new futures" in f.reason for f in result.failures)


def test_simulate_with_a_failing_executor_is_a_library_error() -> None:
    """``simulate`` sums every game or none: an executor that fails a batch is an
    ``ArenaError`` naming why, never the executor's own exception."""
    with pytest.raises(ArenaError, match=r"2 of 6 games did not come back.*ConnectionError"):
        simulate(2, 6, seed=2, executor=_FailingExecutor(), batch_size=2)


def test_run_batches_keeps_what_came_back_and_says_why_the_rest_did_not() -> None:
    """The general runner: a batch that raises in this process is given up with its
    reason, and the others are kept in order."""
    lost: list[tuple[range, str]] = []
    results, missing = run_batches(
        _square_unless_three, None, 6, workers=1, batch_size=2, on_lost=lambda b, r: lost.append((b, r))
    )  # fmt: skip
    assert results == [0, 1, 16, 25] and missing == [range(2, 4)]
    assert lost == [(range(2, 4), "the batch raised ValueError: 'three'")]


def _square_unless_three(_: None, batch: range) -> list[int]:
    if 3 in batch:
        raise ValueError("three")
    return [i * i for i in batch]


BAD_ARGUMENTS: list[tuple[dict[str, object], str]] = [
    ({"workers": 0}, "workers is a whole number from 1 to 1024"),
    ({"workers": 2.5}, "workers is a whole number from 1 to 1024"),
    ({"workers": "2"}, "workers is a whole number"),
    ({"workers": True}, "workers is a whole number"),
    ({"executor": "local"}, "the executor is a concurrent.futures.Executor"),
    ({"executor": object()}, "not a object"),
    ({"batch_size": 0}, "the batch size is a whole number from 1"),
    ({"batch_size": 1.5}, "the batch size is a whole number from 1"),
]
ARENA_ONLY: list[tuple[dict[str, object], str]] = [
    ({"timeout": 0}, "the timeout is a number of seconds above 0"),
    ({"timeout": float("nan")}, "the timeout is a number of seconds above 0"),
    ({"timeout": "9"}, "the timeout is a number of seconds above 0"),
    ({"max_moves": -1}, "max_moves is a whole number of moves from 1"),
    ({"max_moves": 2.5}, "max_moves is a whole number of moves from 1"),
    ({"max_moves": 0}, "max_moves is a whole number of moves from 1"),
    ({"max_moves": True}, "max_moves is a whole number of moves from 1"),
    ({"move_time_limit": -1}, "the move time limit is above 0"),
]


@pytest.mark.parametrize(("kwargs", "message"), BAD_ARGUMENTS + ARENA_ONLY, ids=repr)
def test_run_arena_refuses_bad_arguments_before_any_game(
    kwargs: dict[str, object], message: str
) -> None:
    """Each bad argument is an ArenaError (a DrakoError) naming what was expected, and no
    game is played."""
    seen: list[object] = []
    with pytest.raises(ArenaError, match=message) as caught:
        run_arena(["random", "random"], 2, on_game=seen.append, **kwargs)  # type: ignore[arg-type]
    assert isinstance(caught.value, DrakoError) and not seen


@pytest.mark.parametrize(("kwargs", "message"), BAD_ARGUMENTS, ids=repr)
def test_simulate_refuses_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    """``simulate`` refuses the same bad arguments with the same errors."""
    with pytest.raises(ArenaError, match=message):
        simulate(2, 2, **kwargs)  # type: ignore[arg-type]


def _cli(args: list[str], cwd: Path, **env: str) -> tuple[int, str, str]:
    """Run ``drako-rules ARGS`` as a process, bounded in time and memory."""
    result = subprocess.run(
        [sys.executable, "-m", "drako_rules", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": SRC + os.pathsep + TESTS, **env},
        cwd=cwd,
        timeout=TIME_LIMIT,
        preexec_fn=_limit_memory,
        check=False,
    )
    out, err = result.stdout.decode("utf-8", "replace"), result.stderr.decode("utf-8", "replace")
    return result.returncode, out, err


@pytest.mark.parametrize(
    ("name", "workers", "env"),
    [
        ("Exiting", "1", {}),
        ("RaisingBase", "1", {}),
        ("RaisingUnprintable", "2", {}),
        ("NotAMove", "1", {}),
        ("factory_exiting", "2", {}),
        ("Killing", "2", {"DRAKO_TEST_KILL": "1"}),
    ],
    ids=lambda x: x if isinstance(x, str) else "",
)
def test_cli_arena_with_a_faulty_player_exits_1_with_one_line(
    tmp_path: Path, name: str, workers: str, env: dict[str, str]
) -> None:
    """The command with a faulty player: exit status 1, the results of the finished games
    on stdout, exactly one escaped line on stderr, no traceback, no "internal error"."""
    args = ["arena", "random", f"hostile_players:{name}", "--games", "8", "--workers", workers]
    status, out, err = _cli(args, tmp_path, **env)
    assert status == 1, (status, err[-300:])
    assert err.count("\n") == 1 and err.startswith("drako-rules: error: "), err
    assert "games failed because of a player" in err and "internal error" not in err
    assert "Traceback" not in out + err and not RAW_CONTROLS.search(err + out)
    assert out.startswith("8 games (") and "failed: game" in out
    assert list(tmp_path.iterdir()) == []


def test_cli_ctrl_c_in_this_process_is_still_the_users(tmp_path: Path) -> None:
    """With ``--workers 1`` the players run in the command's process, each call watched;
    the user's Ctrl-C is still not taken for a player's fault: exit 130, one line."""
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + TESTS, "PYTHONDONTWRITEBYTECODE": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "drako_rules", "arena", "random", "hostile_players:Exiting",
         "--games", "1000000", "--workers", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=env,
        cwd=tmp_path,
        start_new_session=True,
        preexec_fn=sigint_as_from_a_terminal,
    )  # fmt: skip
    time.sleep(2)
    os.killpg(process.pid, signal.SIGINT)
    try:
        out, err = process.communicate(timeout=TIME_LIMIT)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 130, err[-300:]
    assert err == b"drako-rules: error: interrupted\n" and out == b""


def test_failure_strings_are_one_line() -> None:
    """A failure's text, as the table and the error line show it, is one escaped line."""
    failure = GameFailure(3, 3, 1, "x\n\x1b[2J", 0, "it raised Sneaky: '\\n'")
    assert "\n" not in str(failure) and not RAW_CONTROLS.search(str(failure))


def test_reprs_are_short_and_say_what_the_value_is() -> None:
    """``PlayedGame``, ``GameReport`` and ``PlayerReport`` reprs stay within 300
    characters, whatever the game, and name what identifies them (issue 26 too)."""
    played = play_random_game(4, seed=11)
    assert repr(played).startswith("PlayedGame(players=4, seed=11, first_player=0")
    assert len(repr(played)) <= 300
    report = check_game(Game([PlayerEntry("A" * 10_000, "FEOM/HPWM/SGDO/PPHS", score=6),
                              PlayerEntry("Bob", "EEWW/FFOG/MHDS/WGSM")]))  # fmt: skip
    assert len(repr(report)) <= 300 and "verdict='disagrees'" in repr(report)
    assert "'Bob'" in repr(report)
    for player in report.players:
        assert len(repr(player)) <= 300 and repr(player).startswith("PlayerReport(index=")
