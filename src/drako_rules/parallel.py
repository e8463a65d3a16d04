"""Run a function over many items in batches, in parallel, and contain what goes wrong.

`run_batches` splits the items ``0 … total − 1`` into
batches and runs ``work(argument, batch)`` for each: in this process, on a process pool
made for the run, or on any ``concurrent.futures.Executor`` (a Dask cluster's
``distributed.Client(...).get_executor()``). The arena
(`arena.run_arena`) and
`simulate.simulate` play their games through it.

What it contains, so that one bad batch never costs the others:

- a worker process that ends while it plays a batch (``os._exit``, a crash, killed): the
  pool made for the run breaks, so every batch it held is run again alone, each in a
  process of its own; the one whose process ends again is given up;
- an executor that refuses a batch or whose future fails: that batch is given up;
- the run's ``timeout``: the batches not back by then are given up, and the processes of a
  pool made for the run that still play them are ended (a hanging player holds up neither
  the run nor the program's exit).

Every batch given up is returned as missing, and ``on_lost`` hears why; every batch that
came back is kept. Ctrl-C stops the run: the pool's workers ignore it and are stopped by
this process, and in this process it is raised as
`Interrupted`, which the code being run can tell from
a ``KeyboardInterrupt`` of its own.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from typing import Final, Generic, TypeVar

from drako_rules.errors import ArenaError, quote

__all__ = [
    "MAX_WORKERS",
    "Interrupted",
    "check_runner",
    "default_batch_size",
    "describe_exception",
    "escaped_prefix",
    "run_batches",
]

T = TypeVar("T")
R = TypeVar("R")

#: The most worker processes of a pool made for a run.
MAX_WORKERS: Final = 1024
#: Seconds between two looks of run_batches at a deferred Ctrl-C and at its deadline.
_POLL: Final = 0.1
#: Why a batch whose worker process ended is given up.
WORKER_ENDED: Final = (
    "its worker process ended before the batch was done (a player may have ended the "
    "process, such as by os._exit, or crashed it)"
)


class Interrupted(KeyboardInterrupt):
    """The user's Ctrl-C during `run_batches`.

    A ``KeyboardInterrupt`` raised by the code a run calls (a player) is not this one, so
    the arena counts it as that player's fault, while this one stops the run.
    """


def _what(value: object) -> str:
    """A short, safe description of a bad argument: its text for numbers and strings,
    else its type."""
    if isinstance(value, int | float | str) and not isinstance(value, bool):
        return quote(value)
    return f"a {type(value).__name__}"


def check_runner(executor: object, workers: object, batch_size: object) -> None:
    """Refuse, before anything runs, an ``executor`` that is not one, a count of
    ``workers`` that is not a whole number from 1 to
    `MAX_WORKERS`, or a ``batch_size`` that is not a
    whole number from 1 (None is the default of each).

    Raises:
        ArenaError: naming what was expected.

    Examples:
        >>> check_runner(None, 2.5, None)
        Traceback (most recent call last):
        ...
        drako_rules.errors.ArenaError: workers is a whole number from 1 to 1024 (None: every core), not 2.5
    """
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise ArenaError(
            "the executor is a concurrent.futures.Executor (such as "
            f"distributed.Client(...).get_executor()) or None, not {_what(executor)}"
        )
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS
    ):
        raise ArenaError(
            f"workers is a whole number from 1 to {MAX_WORKERS} (None: every core), "
            f"not {_what(workers)}"
        )
    if batch_size is not None and (
        isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1
    ):
        raise ArenaError(
            f"the batch size is a whole number from 1 (None: chosen for the run), "
            f"not {_what(batch_size)}"
        )


def escaped_prefix(text: str, limit: int = 60) -> str:
    """The first ``limit`` characters of ``text``, quoted and ASCII-escaped (then ``…``
    when it was longer): how the arena's messages show what a player, a spec or an
    exception said, so that no line of theirs can drive a terminal.

    Examples:
        >>> escaped_prefix("no\\nway"), escaped_prefix("x" * 9, 3)
        ("'no\\\\nway'", "'xxx'…")
    """
    return ascii(text[:limit]) + ("…" if len(text) > limit else "")


def describe_exception(exc: BaseException, limit: int = 200) -> str:
    """``Name: 'message'`` of an exception, the message cut to ``limit`` characters and
    escaped, whatever its ``str`` does (one that raises is described without it).

    Examples:
        >>> describe_exception(ValueError("no\\nway"))
        "ValueError: 'no\\\\nway'"
    """
    try:
        name = str(type(exc).__name__)
    except Exception:
        name = "an exception"
    try:
        text = str(exc)
        if not isinstance(text, str):  # pragma: no cover - str() returns text or raises
            raise TypeError
    except Interrupted:
        raise
    except BaseException:
        return f"{name[:60]} (whose message cannot be shown)"
    return f"{name[:60]}: {escaped_prefix(text, limit)}"


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


@contextlib.contextmanager
def _interrupts(*, deferred: bool) -> Iterator[threading.Event]:
    """While a run goes on, Ctrl-C sets the event and, unless ``deferred``, raises
    `Interrupted` at once.

    Deferred while a pool runs: ``run_batches`` raises it between two waits. Raised inside
    ``concurrent.futures``' own locking (``as_completed`` takes every future's lock in
    turn), it could leave a future's lock taken; the pool's shutdown then waited for it
    forever while the workers played on (seen under load: an arena of 1,000,000 games
    still running minutes after Ctrl-C). Outside the main thread, where no signal handler
    can be set, or where Ctrl-C is ignored, nothing changes."""
    interrupted = threading.Event()
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    ):
        yield interrupted
        return

    def noted(signum: int, frame: object) -> None:
        interrupted.set()
        if not deferred:
            raise Interrupted

    previous = signal.signal(signal.SIGINT, noted)
    try:
        yield interrupted
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)


def _batches(total: int, size: int) -> list[range]:
    return [range(start, min(total, start + size)) for start in range(0, total, size)]


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
    on_lost: Callable[[range, str], None] | None = None,
    isolate: bool = False,
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
            ``workers`` is 1, or, unless ``isolate``, when there is one core or one
            batch). On Ctrl-C the pool's workers are stopped and
            `Interrupted` (a ``KeyboardInterrupt``)
            goes on.
        workers: the number of processes when no executor is given (default: every core).
        batch_size: items per batch (default:
            `default_batch_size`).
        progress: called with (items done or given up, total) after each batch.
        timeout: seconds to wait for the whole run; the batches not back by then are
            given up and returned as missing. The processes of a pool made for the run
            are then ended; the workers of an ``executor`` cannot be stopped from here.
        on_batch: called with each batch's results as they come back (in the order they
            finish), to save or show them before the run ends.
        on_lost: called with each batch given up and why (a short, escaped sentence): its
            worker process ended, the executor failed it, ``work`` raised, or the run's
            timeout passed.
        isolate: run ``work`` in worker processes even for one core or one batch (only
            ``workers=1`` then runs it here), so that code that ends its process (a
            user's player) cannot end this one.

    Returns:
        The results of the batches that came back, in item order, and the batches given
        up (their ranges, in order), so that nothing finished is lost.

    Raises:
        ArenaError: a bad count of items or workers, batch size or executor.
    """
    check_runner(executor, workers, batch_size)
    if isinstance(total, bool) or not isinstance(total, int) or total < 0:
        raise ArenaError(f"the number of items is a whole number from 0, not {_what(total)}")
    count = workers if workers is not None else (os.cpu_count() or 1)
    size = batch_size if batch_size is not None else default_batch_size(total, count)
    batches = _batches(total, size)
    here = executor is None and (
        workers == 1 or (not isolate and (count == 1 or len(batches) <= 1))
    )
    run: _Run[T, R] = _Run(work, argument, batches, total, progress, on_batch, on_lost)
    if here:
        run.here()
    else:
        run.pooled(executor, count, timeout)
    return run.outcome()


class _Run(Generic[T, R]):
    """One call of `run_batches`: its batches, what came
    back and what was given up."""

    def __init__(
        self,
        work: Callable[[T, range], list[R]],
        argument: T,
        batches: list[range],
        total: int,
        progress: Callable[[int, int], None] | None,
        on_batch: Callable[[list[R]], None] | None,
        on_lost: Callable[[range, str], None] | None,
    ) -> None:
        self.work = work
        self.argument = argument
        self.batches = batches
        self.total = total
        self.progress = progress
        self.on_batch = on_batch
        self.on_lost = on_lost
        self.done: dict[int, list[R]] = {}
        self.lost: dict[int, str] = {}
        self.finished = 0
        self.own = False

    def keep(self, number: int, results: list[R]) -> None:
        self.done[number] = results
        if self.on_batch is not None:
            self.on_batch(results)
        self._advance(number)

    def lose(self, number: int, reason: str) -> None:
        self.lost[number] = reason
        if self.on_lost is not None:
            self.on_lost(self.batches[number], reason)
        self._advance(number)

    def _advance(self, number: int) -> None:
        self.finished += len(self.batches[number])
        if self.progress is not None:
            self.progress(self.finished, self.total)

    def settled(self, number: int) -> bool:
        return number in self.done or number in self.lost

    def outcome(self) -> tuple[list[R], list[range]]:
        results = [r for n in range(len(self.batches)) if n in self.done for r in self.done[n]]
        return results, [self.batches[n] for n in sorted(self.lost)]

    def here(self) -> None:
        """Every batch in this process, one after the other."""
        with _interrupts(deferred=False):
            for number, batch in enumerate(self.batches):
                try:
                    results = self.work(self.argument, batch)
                except Exception as exc:
                    self.lose(number, f"the batch raised {describe_exception(exc)}")
                else:
                    self.keep(number, results)

    def pooled(
        self, executor: concurrent.futures.Executor | None, count: int, timeout: float | None
    ) -> None:
        """Every batch on ``executor``, or on a process pool made for the run (whose
        broken batches are run again, each alone in a pool of one process)."""
        own = self.own = executor is None
        before = set(multiprocessing.active_children()) if own else set()
        shared: concurrent.futures.Executor = (
            concurrent.futures.ProcessPoolExecutor(
                min(count, len(self.batches)), initializer=_ignore_interrupts
            )
            if executor is None
            else executor
        )
        futures: dict[concurrent.futures.Future[list[R]], int] = {}
        alone: dict[concurrent.futures.Future[list[R]], concurrent.futures.Executor] = {}
        suspects: list[int] = []
        arrived: queue.SimpleQueue[concurrent.futures.Future[list[R]]] = queue.SimpleQueue()
        stopped = given_up = False

        def submit(pool: concurrent.futures.Executor, number: int) -> bool:
            try:
                future = pool.submit(self.work, self.argument, self.batches[number])
            except BrokenProcessPool:
                if own and pool is shared:
                    suspects.append(number)
                else:
                    self.lose(number, WORKER_ENDED)
                return False
            except Exception as exc:
                self.lose(number, f"the executor refused it: {describe_exception(exc)}")
                return False
            futures[future] = number
            if pool is not shared:
                alone[future] = pool
            future.add_done_callback(arrived.put)
            return True

        try:
            with _interrupts(deferred=True) as interrupted:
                for number in range(len(self.batches)):
                    submit(shared, number)
                deadline = None if timeout is None else time.monotonic() + timeout
                while len(self.done) + len(self.lost) < len(self.batches):
                    if interrupted.is_set():
                        raise Interrupted
                    while suspects and len(alone) < count:
                        pool = concurrent.futures.ProcessPoolExecutor(
                            1, initializer=_ignore_interrupts
                        )
                        if not submit(pool, suspects.pop(0)):
                            pool.shutdown(wait=False)
                    left = _POLL if deadline is None else min(_POLL, deadline - time.monotonic())
                    if left <= 0:  # the run's time is up: give up the batches not back
                        given_up = True
                        late = f"its batch was not back within the run's timeout of {timeout} s"
                        for future in futures:
                            future.cancel()
                        for number in range(len(self.batches)):
                            if not self.settled(number):
                                self.lose(number, late)
                        break
                    try:
                        future = arrived.get(timeout=left)
                    except queue.Empty:
                        continue
                    self._arrived(future, futures.pop(future), alone.pop(future, None), suspects)
        except BaseException:  # Ctrl-C, or a callback that raised: stop the pool's workers now
            stopped = True
            raise
        finally:
            if own:
                shared.shutdown(wait=not (given_up or stopped), cancel_futures=True)
                for rest in alone.values():
                    rest.shutdown(wait=False, cancel_futures=True)
                if stopped or given_up:  # its processes are ours: none plays on
                    for child in set(multiprocessing.active_children()) - before:
                        child.terminate()

    def _arrived(
        self,
        future: concurrent.futures.Future[list[R]],
        number: int,
        alone: concurrent.futures.Executor | None,
        suspects: list[int],
    ) -> None:
        """Keep the batch ``number`` that ``future`` ran, or give it up, or (its shared pool
        broke) run it again alone."""
        if alone is not None:
            alone.shutdown(wait=False)
        if self.settled(number):  # pragma: no cover - a future settles once
            return
        if future.cancelled():
            self.lose(number, "the executor cancelled it")
            return
        error = future.exception()
        if error is None:
            self.keep(number, future.result())
        elif isinstance(error, BrokenProcessPool) and alone is None and self.own:
            suspects.append(number)  # which batch broke the pool is not known yet
        elif isinstance(error, BrokenProcessPool):
            self.lose(number, WORKER_ENDED)
        else:
            self.lose(number, f"the batch failed: {describe_exception(error)}")
