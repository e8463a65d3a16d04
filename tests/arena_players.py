"""Players for the arena's tests: ones that misbehave in the ways the arena must survive."""

from __future__ import annotations

import time

from drako_rules import End, Move, PlayerView, RandomPlayer


class Raising:
    """Raises on its third move of every game with an odd seed; plays randomly otherwise."""

    def __init__(self, seed: int) -> None:
        self.odd = seed % 2 == 1
        self.inner = RandomPlayer(seed)
        self.moves = 0

    def __call__(self, view: PlayerView) -> Move:
        self.moves += 1
        if self.odd and self.moves == 3:
            raise ValueError("this player gives up")
        return self.inner(view)


class Illegal:
    """Always ends the turn, which is illegal at the start of a game (R2.5)."""

    def __init__(self, seed: int) -> None:
        pass

    def __call__(self, view: PlayerView) -> Move:
        return End()


class Hanging:
    """Sleeps an hour on its first move in a game with a seed divisible by 3."""

    def __init__(self, seed: int) -> None:
        self.hang = seed % 3 == 0
        self.inner = RandomPlayer(seed)

    def __call__(self, view: PlayerView) -> Move:
        if self.hang:
            time.sleep(3600)
        return self.inner(view)


class Slow:
    """Sleeps 2 seconds on its first move in a game with a seed divisible by 3 (a hang that
    ends, so that a thread pool can be shut down after the test)."""

    def __init__(self, seed: int) -> None:
        self.slow = seed % 3 == 0
        self.inner = RandomPlayer(seed)

    def __call__(self, view: PlayerView) -> Move:
        if self.slow:
            self.slow = False
            time.sleep(2)
        return self.inner(view)


NOT_CALLABLE = 3
