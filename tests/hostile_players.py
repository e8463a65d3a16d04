"""Players (and factories) for the hostile arena tests: each misbehaves in one way, in the
games of one seed class only, and plays randomly otherwise."""

from __future__ import annotations

import os

from drako_rules import Move, PlayerView, RandomPlayer


class Unprintable(Exception):
    """An exception whose ``str`` and ``repr`` raise."""

    def __str__(self) -> str:
        raise RuntimeError("no str")

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class Sneaky(BaseException):
    """A BaseException that is neither an Exception nor a KeyboardInterrupt."""


class _Faulty:
    """Plays randomly, and misbehaves on its second move of a game whose player seed is odd."""

    def __init__(self, seed: int) -> None:
        self.bad = seed % 2 == 1
        self.inner = RandomPlayer(seed)
        self.moves = 0

    def __call__(self, view: PlayerView) -> Move:
        self.moves += 1
        if self.bad and self.moves == 2:
            return self.misbehave(view)
        return self.inner(view)

    def misbehave(self, view: PlayerView) -> Move:
        raise NotImplementedError


class Exiting(_Faulty):
    """Calls ``sys.exit(3)``."""

    def misbehave(self, view: PlayerView) -> Move:
        raise SystemExit(3)


class Interrupting(_Faulty):
    """Raises ``KeyboardInterrupt`` itself (no Ctrl-C was pressed)."""

    def misbehave(self, view: PlayerView) -> Move:
        raise KeyboardInterrupt


class RaisingBase(_Faulty):
    """Raises a BaseException of its own."""

    def misbehave(self, view: PlayerView) -> Move:
        raise Sneaky("\x1b[2Jsneaky\nline")


class RaisingUnprintable(_Faulty):
    """Raises an exception that cannot be printed."""

    def misbehave(self, view: PlayerView) -> Move:
        raise Unprintable


class NotAMove(_Faulty):
    """Returns a text instead of a move."""

    def misbehave(self, view: PlayerView) -> Move:
        return "end\x1b[2J"  # type: ignore[return-value]


class UnprintableMove(_Faulty):
    """Returns an object that is not a move and whose ``repr`` raises."""

    def misbehave(self, view: PlayerView) -> Move:
        return Unprintable()  # type: ignore[return-value]


class IllegalLater(_Faulty):
    """Returns a legal move of the first seat it saw, later (a move that is not legal)."""

    def misbehave(self, view: PlayerView) -> Move:
        return Move.parse("arrange 0123")


class Killing(_Faulty):
    """Ends its worker process at once, ``os._exit(7)``: only in a game with seed 5, so that
    one batch of a run is lost; a worker only (never the test's own process)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.bad = os.environ.get("DRAKO_TEST_KILL") == "1" and seed % 4 == 1

    def misbehave(self, view: PlayerView) -> Move:
        os._exit(7)


def factory_exiting(seed: int) -> object:
    """A factory that calls ``sys.exit`` for odd seeds."""
    if seed % 2 == 1:
        raise SystemExit("factory gives up")
    return RandomPlayer(seed)


def factory_not_a_player(seed: int) -> object:
    """A factory that returns something that is not a player for odd seeds."""
    return 42 if seed % 2 == 1 else RandomPlayer(seed)


class _OwnMove(Move):
    """A move of the player's own making: a Move the engine does not know."""

    def __str__(self) -> str:
        raise RuntimeError("no text")


class OwnMove(_Faulty):
    """Returns a Move of its own making, whose text cannot even be shown."""

    def misbehave(self, view: PlayerView) -> Move:
        return _OwnMove()
